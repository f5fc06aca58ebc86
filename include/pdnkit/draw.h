/*
 * draw.h -- the draw-rule engine of RULES section 3: repetition REP(k), the kings-only
 * no-progress limits K(N) and the endgame classes (F16, F5, S13, R724, R726, R727,
 * R728, P13, FR7, FR1), evaluated ply by ply while a game is replayed.
 *
 * Use (the replayer drives it, RULES 3.8):
 *
 *     pk_draw_state *ds = pk_draw_new();              (NULL: out of memory)
 *     pk_draw_event ev[PK_DRAW_MAX_EVENTS];
 *     int n, st = pk_draw_init(ds, v, &p0, fen_halfmove, 0, ev, PK_DRAW_MAX_EVENTS, &n);  ply 0
 *     for each ply i >= 1:
 *         before = p; pk_make(v, &p, &m);
 *         st = pk_draw_ply(ds, &before, &m, &p, ev, PK_DRAW_MAX_EVENTS, &n);          ply i
 *     ... more games with pk_draw_init on the same state (its memory is reused) ...
 *     pk_draw_free(ds);
 *
 * A status of PK_ERR_NOMEM: the repetition table could not grow. The state then holds
 * no verdict for the rest of the game; start it again with pk_draw_init.
 *
 * Each call returns the events that fire at that ply (0 most of the time). An event of
 * kind PK_DRAW_AUTOMATIC means the game *is* drawn at that ply (later plies were played
 * after the end of the game); PK_DRAW_CLAIM means "draw claimable from ply i", the replay
 * goes on and the recorded result decides; PK_DRAW_INFO is a note (Italian third
 * occurrence). Kinds follow RULES 2.1 and 3.3-3.7 per variant (v->draw_profile).
 *
 * Firing. Each rule fires once per run: K(N) once per streak, a class rule once per
 * uninterrupted run of its class (it fires again only after the run ended and a new one
 * reached the limit), REP(k) once per position (the position whose count reaches k; a
 * different position reaching k later is a new event).
 *
 * Lost positions (RULES 1.9, 3.1 step 1). When the side to move after the ply has no
 * legal move, the game is lost there and no draw is evaluated: pk_draw_ply() and
 * pk_draw_init() check this themselves (cheaply, pk_draw_can_move()) and then report no
 * event; saying "lost" is the replayer's job. The counters are still updated.
 *
 * Memory. The repetition table holds every position since the last man move or capture
 * (RULES 3.2: only those can recur, and all of them count, however old: the table is
 * cleared at every such ply and nothing else is forgotten). It lives on the heap, grows
 * by doubling when a game needs more (a Pool king walk with no move limit, an English
 * record past its claimable K80), so its size is bounded by the longest king walk seen,
 * and is kept across games: no allocation per ply once it is large enough. A hash index
 * over it makes each ply's lookup O(1) however long the walk.
 *
 * The library never prints: messages are in the events.
 *
 * Threads: every function writes only the state and the events array it is given: one
 * pk_draw_state per game being replayed, per thread. pk_draw_can_move reads only.
 */
#ifndef PK_DRAW_H
#define PK_DRAW_H

#include "position.h"

#define PK_DRAW_MAX_EVENTS 12 /* an events array of this size never drops an event */
#define PK_DRAW_MSG 160

#ifdef __cplusplus
extern "C" {
#endif

enum pk_draw_kind {
    PK_DRAW_AUTOMATIC = 0, /* the game is drawn at this ply */
    PK_DRAW_CLAIM = 1,     /* a draw could be claimed at this ply; play goes on */
    PK_DRAW_INFO = 2       /* a note only (REP3-INFO) */
};

/* Options for pk_draw_init (bit flags). */
enum pk_draw_options {
    /* Brazilian: profile `brazilian-fmjd64` = the Russian set (RULES 2.3, D-BR-1). */
    PK_DRAW_OPT_BRAZILIAN_FMJD64 = 1,
    /* Spanish/Portuguese site profiles replacing K40 (RULES 3.4, D-ES-1): no capture and
     * no promotion (men may move) for 40 moves each = 80 plies ("K80-SITE") ... */
    PK_DRAW_OPT_SPANISH_SITE40EACH = 2,
    /* ... or for 40 moves, 20 each = 40 plies ("K40-SITE"). */
    PK_DRAW_OPT_SPANISH_SITE20EACH = 4
};

typedef struct pk_draw_event {
    const char *rule; /* "REP3", "REP3-INFO", "REP4", "K50", "K40", "K30", "K80", "F16", "F5",
                         "S13", "R724", "R726", "R727", "R728", "P13", "FR7", "FR1",
                         "K80-SITE", "K40-SITE" (static strings) */
    const char *code; /* "draw-repetition" (REP*), "draw-move-limit" (K*),
                         "draw-endgame" (material classes) */
    int kind;         /* enum pk_draw_kind */
    int ply;          /* the ply at which the rule fires (0 = the start position) */
    int since;        /* REP: first ply of the position; K: first ply of the streak
                         (0 when seeded); class: start ply of the run */
    char msg[PK_DRAW_MSG]; /* one line, English, no trailing newline */
} pk_draw_event;

/* The state of one game's draw rules: an opaque handle (draw_int.h holds its fields, so
 * that a new draw class or counter does not change the ABI). */
typedef struct pk_draw_state pk_draw_state;

/* A new state, ready for pk_draw_init; NULL when out of memory. */
PK_API pk_draw_state *pk_draw_new(void);

/* Frees s and its repetition table. NULL is allowed. */
PK_API void pk_draw_free(pk_draw_state *s);

/*
 * Starts a game at p0 (ply 0) and evaluates ply 0 (a material class that holds in p0
 * starts at ply 0; a K counter seeded at or past its limit fires at ply 0).
 * halfmove_seed: the FEN :H value (RULES 4.2) seeding the K(N) streak, -1 if none.
 * options: enum pk_draw_options. Writes at most max_events events (events may be NULL
 * when max_events is 0) and *nevents (may be NULL) gets how many it wrote. Returns PK_OK,
 * or PK_ERR_NOMEM (*nevents 0).
 * s comes from pk_draw_new; it may be reused for any number of games.
 */
PK_API int pk_draw_init(pk_draw_state *s, const pk_variant *v, const pk_pos *p0, int halfmove_seed,
                        unsigned options, pk_draw_event *events, int max_events, int *nevents);

/*
 * A setup command (PDN 3.0 /FEN "..."/ in the movetext) put the board in position p after
 * ply `ply`: the counters, the repetition table and the class runs start again there, as
 * at the start of a game (RULES 3.1), with the variant and options of pk_draw_init. The
 * next pk_draw_ply is ply + 1. Writes the events of ply `ply` in the new position (their
 * number in *nevents), as pk_draw_init. Returns PK_OK or PK_ERR_NOMEM.
 */
PK_API int pk_draw_restart(pk_draw_state *s, const pk_pos *p, int ply, int halfmove_seed,
                           pk_draw_event *events, int max_events, int *nevents);

/*
 * Feeds ply i = previous + 1: m was played in `before` (side to move = mover; the man or
 * king on m->from tells man_move), giving `after`. *nevents gets the number of events
 * written (at most max_events; PK_DRAW_MAX_EVENTS is always enough). Returns PK_OK or
 * PK_ERR_NOMEM, as pk_draw_init.
 */
PK_API int pk_draw_ply(pk_draw_state *s, const pk_pos *before, const pk_move *m, const pk_pos *after,
                       pk_draw_event *events, int max_events, int *nevents);

/* True when the side to move in p has a legal move (RULES 1.9): a capture, or a man or
 * king with an empty diagonal neighbour in a direction it may move. */
PK_API bool pk_draw_can_move(const pk_variant *v, const pk_pos *p);

/* Human name of an event kind: "automatic", "claimable", "info" (static text). */
PK_API const char *pk_draw_kind_name(int kind);

#ifdef __cplusplus
}
#endif

#endif
