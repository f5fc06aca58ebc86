/*
 * replay_int.h -- library-internal: what the replay's files share (see replay.h), lowest
 * first (each calls only files before it):
 *   replay_report.c  what a replay says: its diagnostics, the observer's events
 *   replay_setup.c   the start position, and the setup commands that set the board again
 *   replay.c         the replay: each move matched, played, its variations, the draw
 *                    rules, the result against the board; trials (pk_replay_trial)
 *   resolve.c        the variant resolved, by trials (resolve.h)
 *   replay_game.c    pk_replay_game: the variant resolved, then the game replayed
 * Not installed; nothing outside those files uses it.
 */
#ifndef PK_REPLAY_INT_H
#define PK_REPLAY_INT_H

#include "pk_nls.h"
#include "replay_result_int.h"

#include <stdarg.h>

#include "draw_int.h"
#include "fen.h"
#include "variant_int.h"
#include "match_int.h"

struct pk_replay {
    pk_match_scratch ms;
    pk_draw_state ds;
    pk_movelist legal;
    /* the variants' start positions, parsed once (most games start there) */
    bool have_start[PK_V_COUNT];
    pk_pos start[PK_V_COUNT];
    pk_fen_extra start_extra[PK_V_COUNT];
};

/* Frisian art. 17, per side: the square of the king moving quietly and its
 * moves in a row. */
typedef struct king_runs {
    int sq[2], run[2];
} king_runs;

/* Everything one game's reporting needs. */
typedef struct ctx {
    pk_replay *r;
    const pk_game *g;
    const pk_variant *v;
    const pk_replay_opts *o;
    const char *file;
    pk_diag_sink *sink;
    pk_replay_result *res;
    pk_pos pos;
    int first_number;    /* number of the first full move (FEN :F, else 1) */
    int start_turn;      /* side to move at ply anchor_ply */
    int anchor_ply;      /* 0, or the ply after which a setup command set the board */
    bool after_move;     /* reporting on the position after the ply (draws): the mover
                            is the other side */
    long long at_line, at_col; /* where a report without a move points, when not the
                            game's start */
    king_runs kings;     /* Frisian art. 17 */
    int var_depth;       /* 0 on the main line, n inside n nested variations */
    pk_move last_play;   /* the move play_with_variations played */
    bool trial;          /* a trial of variant resolution: stop at the first error */
    bool observe;        /* o->on_event is called (the replay of the game, not a trial) */
    bool aborted;        /* a trial found an error */
    char fen[PK_FEN_MAX];
    char end_why[128];   /* how the board decided the game, for check_result */
} ctx;

static inline const char *side_name(int c) { return c == PK_WHITE ? PK_T("white") : PK_T("black"); }

static inline const char *stop_hint(const ctx *c)
{
    return c->var_depth ? N_("the rest of this variation is not checked") : N_("the replay of this game stops here");
}

/* Move number of ply i (1-based): the number goes up after the second player's
 * move; the first player is the variant's first mover (Black in English and
 * Pool). Counted from the start position, or from the last setup command. */
static inline int move_number(const ctx *c, int ply)
{
    int offset = c->start_turn == c->v->first ? 0 : 1;
    return c->first_number + (ply - c->anchor_ply - 1 + offset) / 2;
}

/* The first setup command among the notes n, or NULL. */
static inline const pk_pdn_note *find_setup(const pk_pdn_note *n)
{
    for (; n; n = n->next)
        if (n->kind == PK_NOTE_SETUP)
            return n;
    return NULL;
}

static inline bool has_setup(const pk_pdn_note *n) { return find_setup(n) != NULL; }

/* What a replay says (replay_report.c): an event for the observer (its game, variant and
 * depth filled in); a position event (START, SETUP); a PLY event, move i of line played
 * from before (c->pos or *after the result); a diagnostic about move mv at ply (NULL, 0:
 * about the game, at c->at_line or the game's start), counted in c->res, a warning in a
 * variation (RULES 4.3), nothing emitted in a quick trial. */
void pk_rp_observe(ctx *c, pk_replay_event *ev);
void pk_rp_observe_position(ctx *c, int kind, int ply, const char *fen);
void pk_rp_observe_ply(ctx *c, const pk_pdn_line *line, int i, int ply, const pk_move *m,
                       const pk_pos *before, const pk_pos *after);
void pk_rp_report(ctx *c, int severity, const char *code, const pk_pdn_move *mv, int ply, const char *hint,
                  const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* pk_rp_report about a move's legality: played, the move as the replay read it, and
 * required, the capture the rules required instead (may be NULL), go into the diagnostic
 * as data (pk_diag.played, .required), borrowed for the call. */
void pk_rp_report_move(ctx *c, const pk_move *played, const pk_move *required, int severity, const char *code,
                       const pk_pdn_move *mv, int ply, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));
void pk_rp_vreport(ctx *c, const pk_move *played, const pk_move *required, int severity, const char *code,
                   const pk_pdn_move *mv, int ply, const char *hint, const char *fmt, va_list ap);

/* The start position and setup commands (replay_setup.c): the board set to fen (reports
 * point at line:col; -1 after a bad FEN, reported); the first setup command before any
 * move (it replaces the start), or NULL; the setup commands among the notes n after ply
 * plies applied (the number applied, or -1 after a bad FEN: reported). */
int pk_rp_set_start(ctx *c, const char *fen, long long line, long long col, int *halfmove);
const pk_pdn_note *pk_rp_first_setup(const pk_game *g);
int pk_rp_apply_setups(ctx *c, const pk_pdn_note *n, const pk_pdn_note *skip, int ply, int *halfmove);

/* The final replay of g under variant v (replay.c): what pk_replay_game does once the
 * variant is known, the observer called. */
int pk_rp_final(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                const pk_variant *v, pk_diag_sink *sink, pk_replay_result *res);

#endif
