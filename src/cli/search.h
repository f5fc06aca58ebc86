/*
 * search.h -- what a game reached, asked of its replay (pdngrep --fen, --material,
 * --opening): a position (the pieces and the side to move, before or after some ply of
 * the main line; with reversed colours too, the board turned as CheckerBoard's "CR"
 * search turns it), a material balance (men and kings of each side), an opening (the main
 * line starts with these moves, in any notation the reader takes: numeric or algebraic
 * squares, short or full captures, 'x' or ':'). A pk_search holds the criteria, compiled
 * once for every variant (a FEN's squares and an opening's moves mean something else on
 * each board); a pk_search_game watches one game's replay, as an observer, and says
 * whether every criterion held and from which ply.
 *
 *     pk_search *s = pk_search_new(gen_flags);
 *     pk_search_add_fen(s, "W:W18:B12", false, NULL, &err);     // and/or material, opening
 *     pk_search_game *sg = pk_search_game_new(s);                // one per game in flight
 *     pk_search_begin(sg);                                       // per game, then replay
 *     ... replay with the observer calling pk_search_event(sg, ev) ...
 *     if (pk_search_end(sg, &ply)) ... matched, all criteria held by ply ...
 *
 * Only the main line counts (variations are analysis); the positions are the start, the
 * one after each ply and the one a setup command puts (its ply is the plies played before
 * it). Cost per ply: a comparison per position and a few popcounts; an opening compares
 * the moves played with the opening's own line from the variant's start position
 * (computed once), and matches written moves against the position only for a game that
 * starts elsewhere (a FEN) or sets the board up within the opening.
 *
 * Threads: a pk_search is read-only once built (shared by every thread; the scratch that
 * an opening from a FEN needs is lent under a lock); a pk_search_game belongs to the
 * thread replaying its game. Library-internal (pdngrep).
 */
#ifndef PK_SEARCH_H
#define PK_SEARCH_H

#include <stdbool.h>

#include "replay.h"

#define PK_SEARCH_MAX 16        /* positions, and material balances, per search */
#define PK_SEARCH_MAX_OPENING 64 /* moves in an opening */

typedef struct pk_search pk_search;
typedef struct pk_search_game pk_search_game;

/* gen_flags: the house rule the games are replayed under (PK_GEN_CAPTURE_OPTIONAL), for
 * matching an opening's moves as the replay matches the game's. NULL: out of memory. */
pk_search *pk_search_new(unsigned gen_flags);
void pk_search_free(pk_search *s);

/* A position that must occur (all of those added must). The FEN is read under every
 * variant (under v alone when v is given: the rules forced, or the one variant asked
 * for); it needs its side to move. reversed: the position with the colours reversed (the
 * board turned, White's pieces Black's and the side to move the other) matches too.
 * PK_ERR_USAGE with the reason when no variant (or not v) takes it. */
int pk_search_add_fen(pk_search *s, const char *fen, bool reversed, const pk_variant *v, pk_error *err);

/* A material balance that must occur: "W:K3:B:K1" (White three kings and no man, Black
 * one king), per side a letter W or B, then M and K each with a count ("W:M2K1:B:K2";
 * "WK3:BK1" too); a letter left out counts none. PK_ERR_USAGE with the reason. */
int pk_search_add_material(pk_search *s, const char *spec, pk_error *err);

/* The opening the main line must start with: moves as PDN writes them, move numbers
 * allowed ("1. 11-15 23-19 2. 8-11"). Read under every variant (v alone when given).
 * PK_ERR_USAGE when no variant (or not v) can read the moves. *warning (size bytes) gets
 * a message when the line is legal from no variant's start position (only games from a
 * FEN can then match), else "". */
int pk_search_set_opening(pk_search *s, const char *moves, const pk_variant *v, char *warning, size_t size,
                          pk_error *err);

bool pk_search_empty(const pk_search *s);

pk_search_game *pk_search_game_new(pk_search *s); /* NULL when out of memory */
void pk_search_game_free(pk_search_game *g);
void pk_search_begin(pk_search_game *g);
/* The observer: ctx is the pk_search_game. */
void pk_search_event(void *ctx, const pk_replay_event *e);
/* After the replay: true when every criterion held; *ply (may be NULL) gets the first
 * ply by which all of them had (the latest of their first matches). Returns what it can
 * lend back to the search. A game not replayed matches nothing. */
bool pk_search_end(pk_search_game *g, int *ply);

#endif
