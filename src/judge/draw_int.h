/*
 * draw_int.h -- library-internal: the fields of a pk_draw_state (draw.h), for draw.c and
 * for the replay, which keeps one inside its pk_replay (no allocation per game). Not
 * installed: a new draw class (PK_DRAW_NCLASS) or counter changes nothing a caller of
 * the library compiled against.
 */
#ifndef PK_DRAW_INT_H
#define PK_DRAW_INT_H

#include "draw.h"

typedef struct pk_draw_rep_entry {
    pk_pos pos;       /* full position, to rule out hash collisions */
    int count;        /* occurrences so far */
    int first;        /* ply of the first occurrence */
    unsigned fired;   /* bit 0: info reported, bit 1: draw reported */
    unsigned slot;    /* its place in the hash index (validates the index entry) */
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

#define PK_DRAW_NCLASS 11

struct pk_draw_state {
    const pk_variant *v;
    unsigned options;
    int ply;          /* ply of the last position seen */
    int origin;       /* ply of the start position, or of the last setup (pk_draw_restart) */
    /* repetition, RULES 3.2 REP(k) */
    int rep_k;        /* 0: no repetition rule (Frisian) */
    int rep_kind;
    int rep_info_at;  /* Italian: 3 (REP3-INFO), else 0 */
    int rep_n;        /* positions since the last man move or capture */
    int rep_cap;      /* entries allocated; kept across games (pk_draw_free) */
    int rep_max;      /* 0, or a cap on rep_cap that fails as NOMEM (tests of that path) */
    pk_draw_rep_entry *rep;
    unsigned *rep_index; /* 2 * rep_cap slots: entry numbers, by hash (open addressing) */
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

/* Releases the repetition table of a state that is not the library's to free (one inside
 * a larger struct): the state is zeroed and may be used again. */
void pk_draw_release(pk_draw_state *s);

#endif
