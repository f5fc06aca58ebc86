/*
 * replay.h -- the adjudicator: replays one game read by the PDN reader under its
 * variant and reports, through a diagnostics sink, every illegal move (with its reason),
 * missed or incomplete capture, ambiguous move, draw condition and result that
 * contradicts the board (RULES 3, 4.4, 4.5). pdncheck is a thin loop over it.
 */
#ifndef PK_REPLAY_H
#define PK_REPLAY_H

#include "draw.h"
#include "match.h"
#include "pdn.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pk_results_convention {
    PK_RESULTS_FIRST_MOVER = 0, /* PDN: 1-0 = the first mover of the GameType won (D-PDN-1) */
    PK_RESULTS_WHITE = 1        /* --results white: 1-0 = White won */
};

/* ---- the observer
 *
 * A caller that wants every position of a game (pdnfen, a converter, a report) sets
 * on_event: the replay calls it as it goes, in file order, with the positions it plays
 * anyway (no second replay). Only the replay of the game fires events, never the trial
 * replays that guess a variant. NULL costs nothing. Pointers in the event are valid during
 * the call only. */
enum pk_replay_event_kind {
    PK_EV_START, /* the start position (after: it; fen: the FEN it came from, ply 0) */
    PK_EV_PLY,   /* a move was played (before, after, move, written, captured in move) */
    PK_EV_SETUP, /* a setup command set the board (after: the new board; fen: its text) */
    PK_EV_STOP   /* the main line ended (after: the last position, or NULL; stop: why) */
};

enum pk_replay_stop {
    PK_STOP_END,     /* every move of the main line was played */
    PK_STOP_MOVE,    /* a move that stops the line: illegal, ambiguous, unknown ('...'),
                        or the first error under --stop-at-first (reported to the sink) */
    PK_STOP_FEN,     /* the start FEN or a setup's FEN cannot be used (reported) */
    PK_STOP_CUT      /* the reader could not read the game to its end (pk_game.cut: its
                        error was reported): the replay stops where the reading did */
};

typedef struct pk_replay_event {
    int kind;                  /* enum pk_replay_event_kind */
    const pk_game *game;
    const pk_variant *variant;
    int depth;                 /* 0 on the main line, n inside n nested variations */
    int ply;                   /* PLY: this ply (1-based, counted from the start of the
                                  game, variations included); START 0; SETUP and STOP:
                                  the plies played before */
    int move_number;           /* PLY: the move's number as the game counts it */
    int side;                  /* PLY: the side that moved (PK_WHITE, PK_BLACK); else -1 */
    const pk_pdn_move *written;/* PLY: the move as written (the stopping move for STOP, or
                                  NULL); a capture written hop by hop continues in the
                                  nhops tokens after it */
    int nhops;
    const pk_move *move;       /* PLY: the move played: path, captured squares (caps[],
                                  ncap: bits of v->geom, in capture order) */
    const pk_pos *before;      /* PLY: the position before the move */
    const pk_pos *after;       /* the position after the event */
    const char *fen;           /* START and SETUP: the FEN text */
    int stop;                  /* STOP: enum pk_replay_stop */
} pk_replay_event;

struct pk_file_guess; /* resolve.h */

typedef struct pk_replay_opts {
    const pk_variant *variant; /* --variant, or NULL: the tags, else a guess (resolve.h) */
    int results;               /* enum pk_results_convention */
    bool stop_at_first;        /* stop the game at its first error */
    bool pick_first;           /* an ambiguous move: go on with the first candidate */
    unsigned gen_flags;        /* PK_GEN_CAPTURE_OPTIONAL (house rule) */
    unsigned draw_options;     /* enum pk_draw_options */
    bool no_variations;        /* check the main line only (variations are checked by default) */
    const struct pk_file_guess *file_guess; /* what the game's file says about the variant of
                                  its games without a tag (resolve.h), or NULL: the game is
                                  guessed as a file of one game (the notation's usual variant) */
    void (*on_event)(void *ctx, const pk_replay_event *ev); /* the observer, or NULL */
    void *event_ctx;
} pk_replay_opts;

/* What the replay found about the recorded result (pk_replay_result_result_check), each
 * also reported as a diagnostic. */
enum pk_result_check {
    PK_RESULT_TAG_DISAGREES = 1,     /* the Result tag and the terminator name different
                                        results (warning result-tag-mismatch, RULES 4.4) */
    PK_RESULT_CONTRADICTS_BOARD = 2, /* the result names the side that has lost on the
                                        board as not losing (error result-mismatch, RULES 1.9) */
    PK_RESULT_CONTRADICTS_DRAW = 4   /* a win recorded where an automatic draw rule ended the
                                        game (warning result-mismatch, RULES 3.1) */
};

/* A FEN buffer that holds every FEN pk_fen_write writes, for every variant and both
 * notations (its length and the NUL). The longest is every square of the board holding a
 * king of one colour: "W" ":W" ":B" (5 characters), then for each square ",K" and its name
 * of at most 3 characters ("a10", "l12"), one comma fewer: 5 + 5 * PK_MAX_SQUARES - 1,
 * and the NUL, 5 + 5 * 72 = 365. Today's boards, algebraic and numeric: 12x12 310 and
 * 283, Turkish's 64 squares 260 and 251, 10x10 209 and 195, 8x8 132 and 123; test_fen.c
 * writes that worst case for every variant row, in each notation, and holds it under
 * this bound.
 * (256 until 1.0.0: an algebraic 12x12 FEN of 60 kings, 261 characters, was cut.) */
#define PK_FEN_MAX (5 + 5 * PK_MAX_SQUARES)

/* What the replay found about one game, for the game summary: opaque, made with
 * pk_replay_result_new (once, reused for every game: the replay allocates nothing) and read
 * with the accessors below, so that new findings and a longer list of draw events do not
 * change the ABI. Each call that replays into it (pk_replay_game, pk_replay_trial) first
 * clears it. */
typedef struct pk_replay_result pk_replay_result;

/* A new result, as if nothing were replayed (variant NULL, loser -1, no final position);
 * NULL when out of memory. pk_replay_result_free(NULL) is allowed. */
PK_API pk_replay_result *pk_replay_result_new(void);
PK_API void pk_replay_result_free(pk_replay_result *res);

/* The variant the game was replayed under; NULL when it was not replayed: the game names a
 * variant pdnkit does not implement (pk_replay_result_unsupported says which). */
PK_API const pk_variant *pk_replay_result_variant(const pk_replay_result *res);
/* That variant's title ("Canadian draughts"), or NULL. Static text. */
PK_API const char *pk_replay_result_unsupported(const pk_replay_result *res);
/* True when the game named no variant and it was guessed (resolve.h). */
PK_API bool pk_replay_result_variant_guessed(const pk_replay_result *res);
/* Plies replayed. */
PK_API int pk_replay_result_plies(const pk_replay_result *res);
/* True when the replay stopped before the end of the main line (enum pk_replay_stop). */
PK_API bool pk_replay_result_stopped(const pk_replay_result *res);
/* Diagnostics of the replay, by severity (the reader's are counted apart, in pk_game). */
PK_API int pk_replay_result_errors(const pk_replay_result *res);
PK_API int pk_replay_result_warnings(const pk_replay_result *res);
/* Of the errors, those about the moves themselves (not the result). */
PK_API int pk_replay_result_move_errors(const pk_replay_result *res);
/* The side the final board says has lost (RULES 1.9; the variant's goal: Antidraughts,
 * Breakthrough), PK_WHITE or PK_BLACK, or -1. */
PK_API int pk_replay_result_loser(const pk_replay_result *res);
/* False when the replay could not start (a bad FEN): there is no final position. */
PK_API bool pk_replay_result_have_final(const pk_replay_result *res);
/* enum pk_result_check bits; 0: nothing wrong found about the recorded result. */
PK_API unsigned pk_replay_result_result_check(const pk_replay_result *res);
/* The position the replay reached, or NULL when there is none (have_final false). Valid
 * as long as res, until it is replayed into again. */
PK_API const pk_pos *pk_replay_result_final_pos(const pk_replay_result *res);
/* The draw events found, in order: how many, and the i-th (0-based), or NULL outside
 * 0 .. count-1 (valid as long as res, until it is replayed into again). */
PK_API int pk_replay_result_draw_count(const pk_replay_result *res);
PK_API const pk_draw_event *pk_replay_result_draw_at(const pk_replay_result *res, int i);

typedef struct pk_replay pk_replay; /* scratch kept across games: nothing allocated per game */

/* NULL when out of memory. One pk_replay per thread: it is the scratch of the game being
 * replayed. pk_replay_free(NULL) is allowed. */
PK_API pk_replay *pk_replay_new(void);
PK_API void pk_replay_free(pk_replay *r);

/* Resolves the variant of g (resolve.h: the option, the tags, else a guess), replays g
 * under it and reports to sink; file names the input in diagnostics. Returns PK_OK (the
 * findings are in *res and the sink) or a status on internal failure. g, file and o are
 * only read (file is passed to the sink in each pk_diag); the sink is called on the
 * calling thread before the function returns. */
PK_API int pk_replay_game(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                          pk_diag_sink *sink, pk_replay_result *res);

/* For variant resolution (resolve.c): replays g under v as a trial, which stops at its
 * first error and is seen by no observer. quick: the main line only (all it takes to know
 * whether g fits v). Diagnostics go to sink (may be NULL). True when g replays without
 * error. Writes only r and res: one pk_replay per thread, as for pk_replay_game. */
PK_API bool pk_replay_trial(pk_replay *r, const pk_game *g, const pk_replay_opts *o, const pk_variant *v,
                            bool quick, pk_diag_sink *sink, pk_replay_result *res);

/* The FEN of the final position (written on the first call: most callers never need it),
 * or "" when there is none. It lives as long as res, until it is replayed into again. */
PK_API const char *pk_replay_final_fen(pk_replay_result *res);

#ifdef __cplusplus
}
#endif

#endif
