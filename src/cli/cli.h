/*
 * cli.h -- what every pdnkit tool's command line shares, so the tools parse, check and
 * word the common options the same way: the variant (-v/--variant), the results
 * convention (--results), the house rule --capture-optional, the draw profiles
 * (--draw-profile), the variant table (--list-variants), usage errors, --version, and
 * the final check that standard output was really written (GNU manners: a failed write
 * is exit status 2 with one line on standard error).
 *
 * The tools' helper archive (src/cli/, libpdnkit-cli.a: not the library, never installed).
 * Reading the command line (the options' values, getopt_long) is cli_opts.c; the words
 * of errors, --version, --list-variants and the end of the output are cli.c.
 * Nothing here prints on its own: the writers take the stream to write to. All
 * functions are thread-safe (no state).
 */
#ifndef PK_CLI_H
#define PK_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "pk_common.h"
#include "pk_port.h" /* getopt_long: pk_cli_getopt */
#include "variant.h"

/* Exit statuses shared by every tool. */
enum pk_exit { PK_EXIT_OK = 0, PK_EXIT_FINDINGS = 1, PK_EXIT_USAGE = 2 };

/* -v NAME: a variant name, an alias or a PDN GameType number. PK_ERR_USAGE with a
 * message naming the known variants when unknown. */
int pk_cli_variant(const char *arg, const pk_variant **out, pk_error *err);

/* --results first|white: enum pk_results_convention (replay.h). */
int pk_cli_results(const char *arg, int *out, pk_error *err);
/* A result read under that convention (its kind, as written like) as v's PDN token
 * (pk_result_token_as, rule_options.h; D-PDN-1: 1-0 = the first mover won); v NULL:
 * read as PDN. */
const char *pk_cli_result_token(int results, const pk_variant *v, int kind, const char *like);

/* -j N / --jobs=N: the worker threads of a tool that replays games (check.h), 1 to
 * PK_CLI_MAX_JOBS; PK_ERR_USAGE "-j takes a number of threads from 1 to 256, not 'ARG'".
 * Without the option: pk_cli_jobs_default(), every online core. */
#define PK_CLI_MAX_JOBS 256
int pk_cli_jobs(const char *arg, int *out, pk_error *err);
int pk_cli_jobs_default(void);

/* The window of games in flight (pk_check_opts.window): PK_JOBS_WINDOW when set (the
 * tests make it small, so that workers finish out of order), else 0 (check.h's default). */
int pk_cli_jobs_window(void);
/* The bytes of a piece (pk_check_opts.piece): PK_PIECE_BYTES when set (the tests: 1 cuts
 * at every game, -1 turns the pieces off), else 0 (check.h's default). */
long pk_cli_piece_bytes(void);

/* --draw-profile NAME: ORs the pk_draw_options flag (draw.h) into *flags (the profiles:
 * rule_options.h). */
int pk_cli_draw_profile(const char *arg, unsigned *flags, pk_error *err);

/* Does an option given on the command line apply to variant v? PK_OK, or PK_ERR_USAGE
 * with a message saying why not: pk_rule_options_apply (rule_options.h, where the rules
 * knowledge lives: --capture-optional is a house rule of the 8x8 games, RULES 0.1; each
 * draw profile belongs to the variants of its rule set, RULES 3.4 D-ES-1, 3.7 D-BR-1).
 * gen_flags and draw_options are what the options set (PK_GEN_CAPTURE_OPTIONAL,
 * pk_draw_options). */
int pk_cli_applies(const pk_variant *v, unsigned gen_flags, unsigned draw_options, pk_error *err);

/* The draw profile names, for --help and messages: "brazilian-fmjd64, ...". */
const char *pk_cli_draw_profile_names(void);

/* "PROG: [WHERE: ]error: MSG" on out, one line. The message is formatted, then written
 * with its control characters and NUL bytes escaped (pk_text_escape, diag.h): whatever it
 * echoes (a FEN, a move, a file or variant name, an option's value) reaches a terminal
 * as text. where may be NULL ("<stdin>:3" for a line of standard input). */
void pk_cli_error(FILE *out, const char *prog, const char *where, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A FEN pk_fen_parse refused, worded as everywhere (pk_fen_error_text, fen.h):
 *   PROG: [WHERE: ]error: bad FEN "W:WKK31": 'K' written twice: ... (column 5 of the FEN)
 *       the start position of international, as a FEN: W:W31-50:B1-20
 * fen is len bytes (NULs included: a line of standard input) or up to NUL when len is
 * (size_t)-1. */
void pk_cli_fen_error(FILE *out, const char *prog, const char *where, const pk_variant *v, const char *fen,
                      size_t len, const pk_error *e);

/* A move given on the command line (pdnmoves --check, pdndiagram --move) that
 * pk_written_parse refused: "PROG: error: bad move '32-28\x1b': MSG (column N)". */
void pk_cli_move_error(FILE *out, const char *prog, const char *move, const pk_error *e);

/* ---- short options: one meaning in every tool ----
 * A tool's getopt_long table gives its short options as the `val` of their long option
 * (a letter); pk_cli_getopt derives the short option string from it and checks each
 * letter against the toolkit's one table (cli_opts.c: -v --variant, -o --output, -j --jobs,
 * -f --fen, -t --time, ...): a letter bound to another long option is refused (an
 * error of the tool's own code, which the tests meet at once). It words every mistake
 * itself, escaped, with "Try 'PROG --help'." -- an unknown option, a missing or
 * unwanted value, an ambiguous abbreviation -- and a letter a tool used to give another
 * meaning (pdnmoves -j, once --json) fails with a hint, never silently meaning something
 * else. The messages go to err. Returns getopt_long's value, or '?' after such a message
 * (exit status 2). */
int pk_cli_getopt(int argc, char **argv, const struct option *longopts, const char *prog, FILE *err);

/* A whole number from min to max written with digits only (no sign, no blank): PK_OK, or
 * PK_ERR_USAGE (the caller words it). */
int pk_cli_number(const char *arg, long min, long max, long *out);

/* --shard=K/N: 0 <= K < N <= 1000000, both written. PK_ERR_USAGE with the message. */
int pk_cli_shard(const char *arg, int *k, int *n, pk_error *err);

/* "PROG: error: MSG" and "Try 'PROG --help'." on out (a usage error; MSG escaped as by
 * pk_cli_error). Returns PK_EXIT_USAGE so a main can
 * `return pk_cli_usage_error(stderr, prog, "...")`. */
int pk_cli_usage_error(FILE *out, const char *prog, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* "PROG (pdnkit) VERSION". */
void pk_cli_version(FILE *out, const char *prog);

/* The variant table with a header line: name, aliases, GameType, board, first mover. */
void pk_cli_list_variants(FILE *out);

/* -o FILE: opens FILE for writing ("-" is stdout). PK_ERR_IO with "cannot open 'FILE'
 * for writing: REASON" on failure. pk_cli_close_output closes it. */
int pk_cli_open_output(const char *path, FILE **out, pk_error *err);

/* --color[=WHEN]: auto, always or never (also the GNU spellings tty/if-tty, yes/force,
 * no/none); a NULL arg ("--color" alone) is always. Without the option: auto. */
enum pk_cli_color { PK_COLOR_AUTO = 0, PK_COLOR_ALWAYS, PK_COLOR_NEVER };
int pk_cli_color(const char *arg, int *when, pk_error *err);

/* Whether to colour what goes to out: always, never, or (auto) when out is a terminal,
 * NO_COLOR is unset or empty (no-color.org) and TERM is not "dumb". */
bool pk_cli_use_color(int when, FILE *out);

/* A tool's output, checked. stdio discards a buffer whose write failed and keeps only
 * ferror(), not why; errno holds the reason right after the failed write (stdio sets it,
 * and the writes after it on the same stream fail the same way). So a tool that writes
 * for long asks pk_cli_write_failed right after each unit it writes (a game, a line) and
 * stops at the first failure (a closed pipe with SIGPIPE ignored, a full disk); the
 * first time it sees one, *why takes errno. */
bool pk_cli_write_failed(FILE *out, int *why);

/* The end of an output: flushes it, closes it unless it is stdout or stderr, and checks
 * that everything written arrived. On failure writes one line to err, "PROG: error: write
 * error: NAME: REASON" (without "NAME: " when name is NULL or "-": standard output, as
 * pk_cli_open_output takes it; the same words in every tool, issue 31), and returns
 * PK_EXIT_USAGE (2); else returns status unchanged. why: the reason noted by
 * pk_cli_write_failed, or 0 (then the final flush's, or what the descriptor tells: a
 * closed or read-only one). `return pk_cli_end_output(out, path, why, stderr, prog, st);` */
int pk_cli_end_output(FILE *out, const char *name, int why, FILE *err, const char *prog, int status);

/* pk_cli_end_output(out, NULL, ...) for a tool that calls it right after its last write
 * (errno still holds the reason of a write that failed), without closing out: call it
 * last, with the exit status the tool would otherwise return:
 * `return pk_cli_finish(stdout, stderr, prog, st);` */
int pk_cli_finish(FILE *out, FILE *err, const char *prog, int status);

/* pk_cli_finish, then fclose(out) unless it is stdout or stderr (a file of -o), with
 * the same check; name is the file's (-o's value, NULL or "-" for standard output),
 * named in the message as pk_cli_end_output names it:
 * `return pk_cli_close_output(out, output, stderr, prog, st);` */
int pk_cli_close_output(FILE *out, const char *name, FILE *err, const char *prog, int status);

/* For a tool that writes its output to out and its messages to standard error: makes
 * standard error line-buffered (each line one write, whole even when other programs
 * write to the same log), and says whether out goes to the same file as standard error
 * (`> log 2>&1`, one terminal, one pipe; not /dev/null). Then the tool flushes out before
 * each line it writes to standard error (pk_cli_err), so that lines never cross and the
 * log is the same whatever -j. Call it before writing anything to standard error. */
bool pk_cli_log_shared(FILE *out);

/* Standard error, ready for a line: out flushed first when shared (pk_cli_log_shared). */
FILE *pk_cli_err(FILE *out, bool shared);

#endif
