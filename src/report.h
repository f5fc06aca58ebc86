/*
 * report.h -- what a checker reports per game, apart from the checking itself: the
 * diagnostics of one game collected and put in file order (pk_diag_buffer), the game's
 * name for messages ("Smith - Jones, round 7"), and the JSON game object with its
 * verdict. pdncheck uses them; so will -j workers (each game's record is built apart
 * and written whole) and the HTML report.
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

/* The JSON game object of g (one line, fields documented in pdncheck(1)); res is the
 * replay's result, or NULL when the game was not replayed. strict: a warning makes the
 * game invalid too. Returns 0, or -1 on a write error. */
int pk_report_game_json(FILE *out, const char *file, const pk_game *g, pk_replay_result *res, bool strict);

#endif
