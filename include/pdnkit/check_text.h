/*
 * check_text.h -- one input checked, its findings written as text: what pdncheck --json
 * writes for a file (a line per diagnostic and per game, then the summary), and the
 * final position of every game, one FEN a line. For bindings and services that want
 * pdncheck's answer without running the program (the Python module, a Dask task), and
 * for bulk replays where a call per game would cost more than the replay; and what pdnconv
 * writes for an input (pk_convert, conv_text.c).
 *
 * Both read in (a FILE * the caller owns: pk_pdn_open_path/_memory's streams, a pipe,
 * stdin) with the same checking loop as pdncheck (guesses from the file's first games,
 * -j threads with the same output as one), and write to out on the calling thread.
 */
#ifndef PK_CHECK_TEXT_H
#define PK_CHECK_TEXT_H

#include "replay.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pk_check_json_opts {
    const pk_variant *variant; /* --variant, or NULL: each game's tags, else the guess */
    int jobs;                  /* threads, the caller's included (<= 1: the caller's alone) */
    int results;               /* enum pk_results_convention (--results) */
    int shard, shards;         /* --shard K/N: games whose index % N == K; shards 0: all */
    bool strict;               /* --strict: warnings are errors */
    bool syntax_only;          /* --syntax-only: read, do not replay */
    bool quiet;                /* -q: errors only (and read errors) */
    bool no_summary;           /* leave out the summary line (a caller merging several inputs) */
    bool fens;                 /* before each game object, a line {"type":"fens","game":N,"fens":[...]}:
                                  the FEN before the first move and after each ply of the main
                                  line as replayed, written as pdnfen writes them */
} pk_check_json_opts;

/* Writes to out what `pdncheck --json [options] name` writes for the input in, byte for
 * byte (pdncheck(1) JSON OUTPUT): diagnostics, game objects and, unless o->no_summary, the
 * summary line (with files 1 when the input was read to its end). A read error is a
 * diagnostic (code io) in out, as in pdncheck's report. o may be NULL (defaults). Returns
 * PK_OK when the input was read to its end and written; else, with err filled:
 * PK_ERR_IO (a read error: the reader's words, as in the io diagnostic; or "write error"
 * when writing to out failed: the run stops at the first failed write), PK_ERR_NOMEM, or
 * PK_ERR_USAGE (bad options). */
PK_API int pk_check_json(FILE *in, const char *name, const pk_check_json_opts *o, FILE *out, pk_error *err);

/* pk_check_json for games cut out of a larger file, each judged as pdncheck judges it in
 * that file (the Python module's Game.replay, issue 33): guess (NULL: in's own first games
 * are counted, as pk_check_json does) is the guess of the file (pk_file_guess_read), used
 * for the games without a tag (resolve.h, RULES 4.1); pick_first: an ambiguous move goes on
 * with its first candidate (pdncheck --pick-first). Returns as pk_check_json. */
PK_API int pk_check_json_guessed(FILE *in, const char *name, const pk_check_json_opts *o,
                                 const struct pk_file_guess *guess, bool pick_first, FILE *out, pk_error *err);

/* Counts the first games of in into guess (from pk_file_guess_new) as pdncheck counts the
 * games of a file for its guess of the variant of the games without a tag (resolve.h: at
 * most PK_FILE_GUESS_GAMES games, those that end in its first 64 KiB of text). Reads at
 * most that much of in (and, when in is compressed, what holds it). strict: as
 * pk_check_json_opts.strict. Returns PK_OK, or PK_ERR_NOMEM with err filled; a read
 * error is no error here (the games read before it are counted). */
PK_API int pk_file_guess_read(FILE *in, const char *name, bool strict, struct pk_file_guess *guess,
                              pk_error *err);

/* Replays every game of in (variant: as pk_check_json_opts.variant) and writes one line
 * per game, in file order: its final FEN (as the game object's final_fen), or an empty
 * line for a game that was not replayed (a variant pdnkit does not implement, a start FEN
 * that cannot be used). *games (may be NULL) gets the number of games. Returns as
 * pk_check_json (PK_OK, PK_ERR_IO, PK_ERR_NOMEM). */
PK_API int pk_final_fens(FILE *in, const char *name, const pk_variant *variant, int jobs, FILE *out,
                         long *games, pk_error *err);

/* What pdnconv writes to standard output for the input in (pdnconv(1)): every game
 * replayed and written again with its moves converted. to: PK_CONVERT_PDN (--to pdn,
 * games separated by a blank line), PK_CONVERT_JSON, PK_CONVERT_HUB; notation: 0 (the
 * variant's), PK_NOT_NUMERIC (--numeric) or PK_NOT_ALGEBRAIC (--algebraic), notation.h;
 * full: --full (every landing square of a capture), else --short. The diagnostics pdnconv
 * writes to standard error are not written. o may be NULL (defaults). Returns as
 * pk_check_json (PK_ERR_USAGE for options out of range). */
enum pk_convert_to { PK_CONVERT_PDN = 0, PK_CONVERT_JSON = 1, PK_CONVERT_HUB = 2 };

typedef struct pk_convert_opts {
    const pk_variant *variant; /* --variant, or NULL: the tags, else the guess */
    int to;                    /* enum pk_convert_to */
    int notation;              /* 0, PK_NOT_NUMERIC or PK_NOT_ALGEBRAIC */
    bool full;                 /* captures with every landing square */
    int jobs;                  /* threads (<= 1: the caller's) */
} pk_convert_opts;

PK_API int pk_convert(FILE *in, const char *name, const pk_convert_opts *o, FILE *out, pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
