/*
 * report.h -- what a checker reports per game, apart from the checking itself: the
 * diagnostics of one game collected and put in file order (pk_diag_buffer), the game's
 * name for messages ("Smith - Jones, round 7"), the verdict on a game and the totals of a
 * run, and the JSON game object. pdncheck uses them (its -j workers build each game's
 * record apart and write it whole), and so does the HTML report.
 *
 * Why a buffer: the reader reports a game's diagnostics while reading it and the
 * replay reports its own afterwards, so they arrive out of file order (a replay error
 * at 1:1 after an encoding warning at 12:28). The buffer holds them until the game is
 * done and sends them on sorted stably by (line, col).
 *
 * Memory: at most PK_DIAG_BUFFER_MAX diagnostics and PK_DIAG_BUFFER_BYTES of their text
 * are held; a game that reports more is sent on in batches, each batch in file order
 * (nothing is dropped). One allocation grows to the largest batch, none per diagnostic
 * after that. Not shared between threads: one buffer per thread.
 */
#ifndef PK_REPORT_H
#define PK_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "pdn.h"
#include "replay.h"

/* A pk_diag's structured fields (variant, pos, played, required, guess), kept with a copy
 * of it beyond the sink call: its pointers are borrowed for that call, like its strings.
 * keep copies what they point to (nothing allocated); restore sets d's fields again, the
 * pointers to k's copies (valid while k is). */
typedef struct pk_diag_kept {
    pk_pos pos;
    pk_move played, required;
    const pk_variant *variant;
    int guess;
    unsigned char has; /* which of pos, played, required were set (1, 2, 4) */
} pk_diag_kept;

/* (inline: every diagnostic of a run passes here twice, the separator warnings of an
 * archive by the thousand) */
static inline void pk_diag_keep(pk_diag_kept *k, const pk_diag *d)
{
    k->variant = d->variant;
    k->guess = d->guess;
    k->has = (unsigned char)((d->pos ? 1 : 0) | (d->played ? 2 : 0) | (d->required ? 4 : 0));
    if (d->pos)
        k->pos = *d->pos;
    if (d->played)
        k->played = *d->played;
    if (d->required)
        k->required = *d->required;
}

static inline void pk_diag_restore(pk_diag *d, const pk_diag_kept *k)
{
    d->variant = k->variant;
    d->guess = k->guess;
    d->pos = k->has & 1 ? &k->pos : NULL;
    d->played = k->has & 2 ? &k->played : NULL;
    d->required = k->has & 4 ? &k->required : NULL;
}

#define PK_DIAG_BUFFER_MAX 4096
#define PK_DIAG_BUFFER_BYTES (4u << 20)

typedef struct pk_diag_buffer pk_diag_buffer;

/* out receives the diagnostics when flushed. NULL when out of memory. */
pk_diag_buffer *pk_diag_buffer_new(pk_diag_sink out);
void pk_diag_buffer_free(pk_diag_buffer *b);

/* A sink that adds to b (hand it to the reader and the replay). */
pk_diag_sink pk_diag_buffer_sink(pk_diag_buffer *b);

/* Copies d into b (all its strings). When b is full, what it holds is flushed first;
 * when memory runs out, d goes straight to the out sink. */
void pk_diag_buffer_add(pk_diag_buffer *b, const pk_diag *d);

/* Sends what b holds to the out sink, sorted stably by (line, col) (a diagnostic
 * without a line first), and empties b. game_name (may be NULL) is set on each
 * diagnostic that belongs to a game. */
void pk_diag_buffer_flush(pk_diag_buffer *b, const char *game_name);

/* How many diagnostics b holds (a caller names the game only when there are some). */
size_t pk_diag_buffer_pending(const pk_diag_buffer *b);

/* Taking back what was added since a mark (a game replayed again under other options):
 * pk_diag_buffer_mark gives the count of diagnostics added so far; truncate drops those
 * added after it. false (nothing dropped) when some of them were already flushed. */
size_t pk_diag_buffer_mark(const pk_diag_buffer *b);
bool pk_diag_buffer_truncate(pk_diag_buffer *b, size_t mark);

/* "White - Black, round R" from the game's tags (a name that is missing, empty, "?" or
 * "-" is "?"; ", round R" only with a round; NULL when the game has neither players nor
 * round). Long names are cut. buf of at least PK_GAME_NAME_MAX bytes. */
#define PK_GAME_NAME_MAX 160
const char *pk_report_game_name(const pk_game *g, char *buf, size_t size);

/* ---- the verdict on a game: one function for the terminal summary, the JSON game
 * object and the HTML report, so that they never disagree.
 *
 * Its label says why a person should look at the game, the first that applies:
 *   errors        an error in the record or its moves (under --strict, a warning too)
 *   result-board  the result contradicts the board: the side to move at the end has no
 *                 legal move and has lost, but the result says otherwise (RULES 1.9), or
 *                 a win is recorded after an automatic draw (RULES 3.1)
 *   result-tag    the Result tag and the terminator name different results (RULES 4.4)
 *   drawn         an automatic draw rule ended the game (RULES 3.1, 3.3-3.7)
 *   draw-claimable a draw could have been claimed (REP3 in English, Czech and Portuguese,
 *                 K80 in English: RULES 3.4-3.7); the recorded result stands
 *   ok            nothing of the above (notes such as Italian REP3-INFO do not count)
 * A result or draw label is given only when nothing else in the game is an error: an
 * illegal move stops the replay before the result could be checked anyway. */
enum pk_label {
    PK_LABEL_OK,
    PK_LABEL_ERRORS,
    PK_LABEL_RESULT_BOARD,
    PK_LABEL_RESULT_TAG,
    PK_LABEL_DRAWN,
    PK_LABEL_DRAW_CLAIMABLE,
    PK_LABEL_COUNT
};

typedef struct pk_verdict {
    int errors, warnings; /* the game's diagnostics, the reader's and the replay's (as found:
                             a warning stays a warning here under --strict) */
    bool valid;           /* no error (under --strict, no warning either) */
    int label;            /* enum pk_label */
} pk_verdict;

/* The verdict on g; res is the replay's result, or NULL when the game was not replayed
 * (--syntax-only, or the reader found errors). Thread-safe; reads g and res only. */
void pk_report_verdict(const pk_game *g, const pk_replay_result *res, bool strict, pk_verdict *v);

/* A label's key ("ok", "errors", "result-board", "result-tag", "drawn", "draw-claimable":
 * JSON, the report's filter) and its words for a person ("result contradicts the board"). */
const char *pk_label_key(int label);
const char *pk_label_text(int label);

/* The figures of a run: what the terminal summary, the JSON summary and the HTML report's
 * header print. Games are counted by their verdict (with errors: not valid); errors and
 * warnings are the diagnostics written, a game's and those of no game alike (a file
 * without games, an option not applied, text that makes no game). */
typedef struct pk_totals {
    long files, games, with_errors, errors, warnings;
    long labels[PK_LABEL_COUNT]; /* games per label */
} pk_totals;

void pk_totals_game(pk_totals *t, const pk_verdict *v);
/* strict: a warning counts as an error. */
void pk_totals_diag(pk_totals *t, const pk_diag *d, bool strict);

/* The JSON game object of g (one line, fields documented in pdncheck(1)); res is the
 * replay's result, or NULL when the game was not replayed; v its verdict
 * (pk_report_verdict). Returns PK_OK, or PK_ERR_IO on a write error. */
int pk_report_game_json(FILE *out, const char *file, const pk_game *g, pk_replay_result *res, const pk_verdict *v);

/* The JSON summary line of a run: {"type":"summary","files":..,"games":..,"with_errors":..,
 * "errors":..,"warnings":..,"results":RESULTS} (RESULTS "first", "white", or NULL: null,
 * for --syntax-only). pdncheck's and pk_check_json's last line. Returns PK_OK or PK_ERR_IO. */
int pk_report_summary_json(FILE *out, const pk_totals *t, const char *results);

#endif
