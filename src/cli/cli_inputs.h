/*
 * cli_inputs.h -- the inputs of a tool that reads game files, listed before anything is
 * read or written: the files named on the command line, standard input ("-", or no file
 * at all), and with -r the game files found in each folder and below it. Listing first
 * lets a tool refuse an output that is one of its inputs before it opens (and empties)
 * that file, and gives every tool the same walk, the same skips and the same words.
 *
 * Nothing here prints: an input that cannot be read is an entry with its reason, which
 * the tool reports where the entry stands in the run (file order), on its own stream.
 * Not thread-safe per list (one list per tool run); no state besides the list.
 */
#ifndef PK_CLI_INPUTS_H
#define PK_CLI_INPUTS_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "pk_common.h"

enum pk_cli_input_kind {
    PK_INPUT_STDIN,   /* "-", or no file named: read as it is */
    PK_INPUT_FILE,    /* named on the command line: opened as it is (a FIFO, /dev/stdin) */
    PK_INPUT_WALKED,  /* a game file found by -r: read only while it is a regular file */
    PK_INPUT_SKIPPED, /* cannot be read (why): an error, exit status 2 */
    PK_INPUT_EMPTY    /* a folder given with -r that holds no game file (why): a warning */
};

typedef struct pk_cli_input {
    int kind;    /* enum pk_cli_input_kind */
    char *path;  /* as named, or as walked ("games/2024/a.pdn"); "-" for standard input */
    char *why;   /* PK_INPUT_SKIPPED and PK_INPUT_EMPTY: what to say, else NULL */
    bool has_id; /* dev, ino: what the path was when listed (for pk_cli_output_check) */
    dev_t dev;
    ino_t ino;
} pk_cli_input;

typedef struct pk_cli_inputs {
    pk_cli_input *v;
    size_t n, cap;
} pk_cli_inputs;

/* Flags of pk_cli_inputs_list. */
#define PK_CLI_RECURSE 1u     /* -r given: a folder stands for the game files in it and below */
#define PK_CLI_CAN_RECURSE 2u /* the tool has -r: "is a directory" says so */

/* The game files a walk takes: *.pdn, and *.pdn.gz, *.pdn.bz2, *.pdn.xz, *.pdn.zst (any
 * case), which the reader decompresses (input.h). For messages and manuals. */
#define PK_CLI_GAME_FILES "*.pdn, *.pdn.gz, *.pdn.bz2, *.pdn.xz, *.pdn.zst"
bool pk_cli_is_game_file(const char *name);

/* Lists argv[first..argc) into *in (zeroed by the caller), or standard input when there
 * is none. A folder, with PK_CLI_RECURSE, becomes the game files in it and below it, in
 * byte order of their names (the same run on every machine): hidden entries (".name")
 * are left out; symbolic links are followed, and each folder is walked once (device and
 * inode), so a link back to a folder already walked, a loop, ends there. Entries skipped,
 * each named with its reason: a game file name that is a dangling or looping link, or
 * not a regular file (a FIFO would hang the run), a folder that cannot be opened or
 * read, a folder named without PK_CLI_RECURSE; a folder named with it that holds no game
 * file is a PK_INPUT_EMPTY entry. PK_ERR_NOMEM (err filled) is the only failure. */
int pk_cli_inputs_list(pk_cli_inputs *in, int argc, char **argv, int first, unsigned flags, pk_error *err);
void pk_cli_inputs_free(pk_cli_inputs *in);

/* The name an input goes by in messages: its path, "<stdin>" for standard input. */
const char *pk_cli_input_name(const pk_cli_input *e);

/* Opens an input for reading: stdin for PK_INPUT_STDIN, fopen "rb" for a file named, and
 * for a walked one a check that it is still a regular file (opened without blocking, so
 * a FIFO put in its place since the walk cannot hang the run). NULL, with the reason in
 * why (size bytes: "cannot open: REASON", "not a regular file", or the entry's own), when
 * it cannot be read. pk_cli_input_close closes what this opened (never stdin). */
FILE *pk_cli_input_open(const pk_cli_input *e, char *why, size_t size);
void pk_cli_input_close(const pk_cli_input *e, FILE *f);

/* Reads every input in order: each(ctx, f, name) for one that opens, fail(ctx, name, why,
 * error) for one that cannot be read (error true: count it for exit status 2) or a
 * folder without games (error false: a warning). fail NULL: "NAME: error: WHY" is written
 * on err, every output stream flushed first (fflush(NULL): the line lands where it
 * stands in a log that holds the output too). go_on (may be NULL) is asked before each
 * input (false: stop, a write failed). Returns the number of inputs that could not be
 * read. */
int pk_cli_inputs_run(const pk_cli_inputs *in, FILE *err, void (*each)(void *ctx, FILE *f, const char *name),
                      void (*fail)(void *ctx, const char *name, const char *why, bool error),
                      bool (*go_on)(void *ctx), void *ctx);

/* What pk_cli_inputs_run says of an input it cannot read when fail is NULL, for a fail
 * callback that counts first: every output stream flushed, then "NAME: error: WHY" (or
 * warning), the name escaped. */
void pk_cli_input_say(FILE *err, const char *name, const char *why, bool error);

/* Is the output at path (NULL or "-": standard output) one of the inputs, the same file
 * by device and inode (a link, a hard link, "./x" for "x", a file a folder of -r holds)?
 * PK_OK when it is not, does not exist yet or is not a regular file (/dev/null, a
 * terminal, a pipe); else PK_ERR_USAGE with "WHAT 'PATH' is also an input ('INPUT')"
 * ("standard output is also an input ('INPUT')"). what: "output file", "--html file".
 * Call it before opening the output, which would empty the input. */
int pk_cli_output_check(const pk_cli_inputs *in, const char *path, const char *what, pk_error *err);

/* For an output that must be an HTML page (pdncheck --html=FILE): an existing, non-empty
 * regular file that is not one (a game file: `pdncheck --html games.pdn` takes games.pdn as
 * the report's file) is refused, PK_ERR_USAGE "WHAT 'PATH' exists and is not an HTML
 * page: not overwritten (...)"; a previous report is replaced. Call it before opening. */
int pk_cli_page_check(const char *path, const char *what, pk_error *err);

/* The start of a tool that reads game files and writes one output: lists the inputs
 * (pk_cli_inputs_list), refuses an output that is one of them (pk_cli_output_check; path
 * NULL or "-": standard output), opens it (pk_cli_open_output: *out is stdout for NULL or
 * "-") and readies standard error for it (*shared = pk_cli_log_shared(*out)). On failure
 * *in is freed and err says why (PK_ERR_USAGE, PK_ERR_IO, PK_ERR_NOMEM): the tool writes
 * "PROG: error: MESSAGE" and exits 2. */
int pk_cli_inputs_open(pk_cli_inputs *in, int argc, char **argv, int first, unsigned flags, const char *path,
                       FILE **out, bool *shared, pk_error *err);

/* For a tool whose input is standard input alone (pdnmoves -, pdndiagram): is the output
 * at path (NULL or "-": standard output) standard input's file? As pk_cli_output_check. */
int pk_cli_stdin_check(const char *path, pk_error *err);

/* Whether path names the file f writes (a regular file, by device and inode). */
bool pk_cli_same_file(const char *path, FILE *f);

/* Whether two output paths name one file before either is opened: the same name, or two
 * names of one existing file (by device and inode: a link, "./x" for "x"). Lets a tool
 * refuse two outputs that are one file before it empties that file. */
bool pk_cli_same_path(const char *a, const char *b);

#endif
