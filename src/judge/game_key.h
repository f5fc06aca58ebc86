/*
 * game_key.h -- what makes two records the same game, for de-duplicating archives
 * (pdngrep -u, -D; the HTML report's copies of one game, html_report.h): the variant, the start position and the moves of the main line as
 * played, whatever the notation (numeric or algebraic squares, short or full captures, a
 * capture written hop by hop, 'x' or ':'), the move numbers, comments, NAGs, variations,
 * setups' wording and tags. A move is its origin, destination and captured set (RULES 1.8:
 * two captures that differ in nothing else are one move); a position is every bit of its
 * men and kings (128 on 12x12). A game without moves is its start, its tag pairs in any
 * order and the result it states: nothing else tells two such records apart. The key is a 128-bit hash of
 * that normalised main line, built by a replay observer while the game is replayed; the
 * part of a game the replay could not play (after an illegal move, or a game that could
 * not be replayed at all) enters the key as written, token by token, so two copies of one
 * broken record are still the same game and no broken record equals a sound one.
 *
 * The set of keys seen (pk_key_set) is the only memory that grows with the input: about
 * 48 bytes a game (an open hash table kept at most half full).
 *
 *     pk_key_builder b;
 *     pk_key_begin(&b);                                // before the game's replay
 *     ... replay with the observer calling pk_key_event(&b, ev) ...
 *     pk_key_end(&b, &g, &res, &key);                  // res NULL: not replayed
 *     if (pk_key_set_add(set, &key, file, g.index, &first) == 0) ... a copy of first ...
 *
 * Threads: a builder belongs to one game on one thread; a set to one thread (pdngrep adds
 * the keys in file order on the caller's thread). Library-internal.
 */
#ifndef PK_GAME_KEY_H
#define PK_GAME_KEY_H

#include <stdbool.h>
#include <stdint.h>

#include "pdn.h"
#include "replay.h"

typedef struct pk_game_key {
    uint64_t h[2];
} pk_game_key;

typedef struct pk_key_builder {
    uint64_t h[2];
    int next;     /* the first token of the main line not played yet */
    bool started; /* the replay started (a start position) */
} pk_key_builder;

void pk_key_begin(pk_key_builder *b);
/* The observer: takes the main line's start, plies and setups (variations are not the game). */
void pk_key_event(pk_key_builder *b, const pk_replay_event *e);
/* The key of g: what the replay played, then what it did not, as written. res is the
 * replay's result, NULL when g was not replayed (the reader's errors; a variant pdnkit
 * does not implement has res->variant NULL): then the whole main line as written. */
void pk_key_end(pk_key_builder *b, const pk_game *g, const pk_replay_result *res, pk_game_key *out);

/* Where a key was first seen: the caller's number for the input, and the game's index. */
typedef struct pk_key_origin {
    int file, game;
} pk_key_origin;

typedef struct pk_key_set pk_key_set;

pk_key_set *pk_key_set_new(void); /* NULL when out of memory */
void pk_key_set_free(pk_key_set *s);
/* Adds k, first seen at `at`. 1: it is new; 0: it was seen before, *first says where
 * (may be NULL); -1: out of memory (not added). */
int pk_key_set_add(pk_key_set *s, const pk_game_key *k, pk_key_origin at, pk_key_origin *first);
size_t pk_key_set_count(const pk_key_set *s);

#endif
