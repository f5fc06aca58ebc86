/*
 * replay_result_int.h -- the fields of a pk_replay_result (replay.h), for the replay that
 * fills them and for the library's own files that keep one inside a larger struct (the
 * checking loop's worker slots, variant resolution's trials: nothing allocated per game)
 * or read many fields per game (report.c). Private: not installed; callers outside the
 * library use pk_replay_result_new and the accessors, so that the fixed arrays here
 * (final_fen, draws) may change size without an ABI change.
 */
#ifndef PK_REPLAY_RESULT_INT_H
#define PK_REPLAY_RESULT_INT_H

#include "replay.h"

#define PK_REPLAY_MAX_DRAWS 8

struct pk_replay_result {
    const pk_variant *variant; /* NULL: not replayed, the game names a variant pdnkit does not
                                  implement (unsupported says which) */
    const char *unsupported;   /* "Canadian draughts", or NULL */
    bool variant_guessed;
    int plies;                 /* plies replayed */
    bool stopped;              /* the replay stopped before the end of the main line */
    int errors, warnings;      /* diagnostics of the replay (the reader's are counted apart) */
    int move_errors;           /* errors about the moves themselves (not the result) */
    int loser;                 /* side the final board says has lost (RULES 1.9; the
                                  variant's goal: Antidraughts, Breakthrough), or -1 */
    bool have_final;           /* false when the replay could not start (bad FEN) */
    unsigned result_check;     /* enum pk_result_check bits; 0: nothing wrong found */
    int ndraws;
    /* the large fields last (a trial clears the fields above only) */
    pk_pos final_pos;          /* the position the replay reached */
    char final_fen[PK_FEN_MAX];/* its FEN, written by pk_replay_final_fen() */
    pk_draw_event draws[PK_REPLAY_MAX_DRAWS]; /* draw events found, in order */
};

#endif
