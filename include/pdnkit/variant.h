/*
 * variant.h -- the variant table: one row of data per variant (RULES 2.1). The move
 * generator reads the row; nothing in it is a per-variant copy of the generator.
 */
#ifndef PK_VARIANT_H
#define PK_VARIANT_H

#include "geom.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Choice among captures, RULES 1.7. */
enum pk_choice {
    PK_CHOICE_FREE,      /* every complete capture is legal */
    PK_CHOICE_MAJ,       /* most pieces */
    PK_CHOICE_MAJ_KINGS, /* most pieces, then most kings (Spanish quality) */
    PK_CHOICE_ITALIAN,   /* pieces, by a king, kings taken, kings met earliest */
    PK_CHOICE_CZECH,     /* a capture by a king beats a capture by a man */
    PK_CHOICE_FRISIAN,   /* value 100*(men+2*kings)-kings, then by a king */
    PK_CHOICE_MAJ_KING   /* most pieces, then a capture by a king (Malaysian, pdnkit-rules(7)) */
};

/* Promotion of a man that reaches its promotion row during a capture, RULES 1.6. */
enum pk_promo { PK_PROMO_STOP, PK_PROMO_PASS, PK_PROMO_CONTINUE };

/* Draw rule profiles, RULES section 3 (evaluated by the replay, not by movegen). */
enum pk_draw_profile {
    PK_DRAW_FMJD,      /* REP3, K50, F16, F5 */
    PK_DRAW_ENGLISH,   /* REP3 claim, K80 claim */
    PK_DRAW_SPANISH,   /* REP3, K40, S13 */
    PK_DRAW_PORTUGUESE,/* as Spanish, REP3 by claim, unverified */
    PK_DRAW_RUSSIAN,   /* REP3, K30, R724, R726, R727, R728 */
    PK_DRAW_BRAZILIAN, /* REP3, K40 (D-BR-1) */
    PK_DRAW_ITALIAN,   /* REP4 (+ note at 3), K80 */
    PK_DRAW_CZECH,     /* REP3 claim, K30 */
    PK_DRAW_POOL,      /* REP3, P13 */
    PK_DRAW_FRISIAN,   /* FR7, FR1 */
    PK_DRAW_ANTI,      /* REP3 only (lidraughts Antidraughts) */
    PK_DRAW_NONE,      /* no draw rule (lidraughts Breakthrough) */
    PK_DRAW_TURKISH    /* REP3, T11 (one piece each) */
};

/* How the board decides a game (the replay's result check; the generator ignores it). */
enum pk_goal {
    PK_GOAL_BLOCKED_LOSES, /* the side to move without a legal move has lost (RULES 1.9) */
    PK_GOAL_BLOCKED_WINS,  /* ... has won (Antidraughts: lose all your pieces to win) */
    PK_GOAL_FIRST_KING     /* the first side to make a king has won at once, else as
                              BLOCKED_LOSES (Breakthrough) */
};

/* What the move generator needs; constant per variant. */
typedef struct pk_rules {
    uint8_t width, height;
    uint8_t a1_light;       /* mirrored board */
    uint8_t men_back;       /* men capture backwards */
    uint8_t flying;         /* kings move and capture at a distance */
    uint8_t men_take_kings; /* 0 in Italian: a man's jump over a king does not exist */
    uint8_t ortho;          /* Frisian: captures along the orthogonal lines too */
    uint8_t choice;         /* enum pk_choice */
    uint8_t promo;          /* enum pk_promo */
    uint8_t king_quiet_max; /* Frisian art. 17: quiet moves in a row by one king while the
                               side has men (0: no limit). The replay enforces it; the
                               generator (and so perft, as PERFT.md counts) does not */
    uint8_t full;           /* Turkish: every square playable, orthogonal lines only (men
                               forward and sideways, kings along ranks and files) */
    uint8_t removal;        /* enum pk_removal: when captured pieces leave the board */
    uint8_t king_land;      /* enum pk_king_land: where a flying king lands after a jump */
    uint8_t turn_back;      /* a capture may go on in the reverse of its last direction
                               (Thai, with pieces removed as jumped: the line back is open) */
} pk_rules;

/* Where a flying king lands after jumping a piece (RULES 1.5; pdnkit-rules(7) THAI). */
enum pk_king_land {
    PK_LAND_ANY, /* any empty square of the range behind the piece (RULES 1.5 rule 2) */
    PK_LAND_NEXT /* only the square right behind it (Thai) */
};

/* When the pieces a capture takes leave the board (RULES 1.5 rule 3). */
enum pk_removal {
    PK_REMOVE_AT_END, /* at the end of the move: they block, and are jumped once only */
    PK_REMOVE_EACH    /* one by one as jumped (Turkish): their squares may be crossed again */
};

typedef struct pk_variant {
    const char *name;         /* "international" */
    const char *aliases;      /* space separated: "polish fmjd" */
    const char *title;        /* "International draughts (FMJD), 10x10" */
    int gametype;             /* PDN GameType number */
    const char *gametype_full;/* "20,W,10,10,N2,0" */
    int numbering;            /* enum pk_numbering */
    bool algebraic;           /* recorded algebraically by default (Russian, Brazilian, Czech) */
    char capture_sep;         /* 'x' or ':' when writing */
    int first;                /* side that moves first in the start position */
    const char *start_fen;
    int draw_profile;         /* enum pk_draw_profile */
    int max_men;              /* men per side in the start position */
    const char *notes;        /* confidence remarks for reports ("draw rules unverified") */
    int index;                /* row number: enum pk_variant_id */
    int engine;               /* the id of the row whose move generator serves this one:
                                 itself, or a row with the same move rules */
    int goal;                 /* enum pk_goal */
    const pk_geom *geom;      /* set by the lookups below */
    /* The generator's row, last: a rule column is added at the end of pk_rules, and
     * pk_rules at the end of pk_variant, so that no field above moves. A pk_variant is
     * only ever the library's (the lookups' const pointers): a caller never allocates,
     * copies or indexes one, so its size is not part of the ABI. */
    pk_rules rules;
} pk_variant;

/* Variant ids: the row numbers of the table (pk_variant.index, pk_variant_at's i). Each is
 * allocated once, in the order variants were added, and never changes: a new variant takes
 * the next number after the last, whatever its move generator, so that a program built
 * against an older library keeps its ids. How many rows this library has is
 * pk_variant_count() (a later release may have more: iterate with pk_variant_at). Which
 * rows have a move generator of their own is the library's business (movegen_int.h). */
enum pk_variant_id {
    PK_V_INTERNATIONAL = 0, PK_V_ENGLISH = 1, PK_V_SPANISH = 2, PK_V_PORTUGUESE = 3, PK_V_RUSSIAN = 4,
    PK_V_BRAZILIAN = 5, PK_V_ITALIAN = 6, PK_V_CZECH = 7, PK_V_POOL = 8, PK_V_FRISIAN = 9,
    PK_V_TURKISH = 10, PK_V_THAI = 11, PK_V_CANADIAN = 12, PK_V_SRI_LANKAN = 13, PK_V_MALAYSIAN = 14,
    PK_V_FRYSK = 15, PK_V_ANTIDRAUGHTS = 16, PK_V_BREAKTHROUGH = 17
    /* the next variant: 18 (its row in the library's table, doc/CONTRIBUTING.md) */
};

/* All lookups return a static read-only row (never freed, valid for the whole process)
 * with its geom set. Thread-safe: a row is completed once, when first handed out. */

/* Lookup by name or alias, case-insensitive; NULL if unknown. */
PK_API const pk_variant *pk_variant_find(const char *name);
/* What a user types: a name, an alias or a GameType number ("25"); NULL if unknown. */
PK_API const pk_variant *pk_variant_lookup(const char *text);
/* Lookup by PDN GameType number; NULL if unknown. */
PK_API const pk_variant *pk_variant_by_gametype(int gametype);
/* The number of rows of the table: the ids are 0 .. pk_variant_count() - 1. */
PK_API int pk_variant_count(void);
/* The row of id i (enum pk_variant_id), or NULL outside 0 .. pk_variant_count() - 1:
 * for (int i = 0; i < pk_variant_count(); i++) lists every variant. */
PK_API const pk_variant *pk_variant_at(int i);
/* Comma separated list of the variant names, for messages: static text, never free it. */
PK_API const char *pk_variant_names(void);

#ifdef __cplusplus
}
#endif

#endif
