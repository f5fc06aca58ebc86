/*
 * draw_state.h -- library-internal: the layout of pk_draw_state (opaque in draw.h), for
 * draw.c, for the replayer (which holds one inside its scratch, without an allocation)
 * and for the unit tests that look at the counters. Not installed: the fields may change.
 */
#ifndef PK_DRAW_STATE_H
#define PK_DRAW_STATE_H

#include "draw.h"

#define PK_DRAW_REP_CAP 512 /* positions kept since the last irreversible ply */

typedef struct pk_draw_rep_entry {
    pk_pos pos;       /* full position, to rule out hash collisions */
    int count;        /* occurrences so far */
    int first;        /* ply of the first occurrence */
    unsigned fired;   /* bit 0: info reported, bit 1: draw reported */
} pk_draw_rep_entry;

typedef struct pk_draw_run {
    bool active;      /* the class holds in the current position */
    bool counting;    /* the count has started (S13: a king reached the main diagonal) */
    bool fired;
    int start;        /* start(i), RULES 3.2 */
    int strong;       /* strong side, fixed at the start of the run */
    int strong_moves; /* moves of the strong side since start */
    int limit;        /* plies (EACH) or strong-side moves (STRONG) */
} pk_draw_run;

#define PK_DRAW_NCLASS 10

struct pk_draw_state {
    const pk_variant *v;
    unsigned options;
    int ply;          /* ply of the last position seen */
    int origin;       /* ply of the start position, or of the last setup (pk_draw_restart) */
    /* repetition, RULES 3.2 REP(k) */
    int rep_k;        /* 0: no repetition rule (Frisian) */
    int rep_kind;
    int rep_info_at;  /* Italian: 3 (REP3-INFO), else 0 */
    int rep_n, rep_head;
    long rep_evicted; /* positions forgotten because the table was full */
    pk_draw_rep_entry rep[PK_DRAW_REP_CAP];
    /* kings-only no-progress, RULES 3.2 K(N) */
    int k_plies;      /* 0: none */
    int k_kind;
    const char *k_rule;
    int streak, streak_start;
    bool k_fired, k_seeded;
    /* site profiles (options): no capture and no promotion */
    int site_plies, site_count, site_start;
    bool site_fired;
    const char *site_rule;
    /* endgame classes, indexed by the private class ids of draw.c */
    unsigned classes; /* bit set of the classes of the profile */
    pk_draw_run run[PK_DRAW_NCLASS];
};

#endif
