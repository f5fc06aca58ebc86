/*
 * match.h -- a move as written, matched against the generator and classified as
 * RULES 4.5 says: legal, ambiguous, capture required, capture-choice violation,
 * incomplete capture, or illegal (with the reason). The adjudicator's core.
 */
#ifndef PK_MATCH_H
#define PK_MATCH_H

#include "movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PK_MAX_WRITTEN 32 /* squares in one written move (hops joined) */
#define PK_MATCH_LIST 8   /* candidates / required captures kept for messages */

/* A move as written, in the variant's squares (see written.h for making one). */
typedef struct pk_written {
    int nsq;                     /* from, intermediate squares..., to */
    uint8_t sq[PK_MAX_WRITTEN];  /* bits of the variant's geometry */
    bool capture_sep;            /* written with 'x' or ':' */
    bool sep_written;            /* a separator was written at all ("ac5" has none) */
    bool algebraic;              /* its squares were written as a1..h8 (messages answer in kind) */
    uint8_t file_origin;         /* column-only origin ("hg7"): 1 + the file, in the frame of
                                    names; sq[0] is then any piece of the side to move on it
                                    (pk_match_move tries each). 0: the origin is sq[0] */
} pk_written;

enum pk_match_kind {
    PK_MATCH_LEGAL,            /* one legal move (distinct resulting positions: one) */
    PK_MATCH_AMBIGUOUS,        /* several legal moves, different positions (RULES 4.3) */
    PK_MATCH_CAPTURE_REQUIRED, /* a quiet move while a capture was mandatory */
    PK_MATCH_CHOICE,           /* a complete capture the choice rule forbids (RULES 1.7) */
    PK_MATCH_INCOMPLETE,       /* a capture stopped while it could, or had to, go on */
    PK_MATCH_ILLEGAL           /* nothing of the above: see reason */
};

/* Why a complete capture was rejected (PK_MATCH_CHOICE), in the order of RULES 1.7. */
enum pk_choice_why {
    PK_WHY_QUANTITY,   /* fewer pieces than the maximum (International, Brazilian, Spanish, Italian) */
    PK_WHY_QUALITY,    /* as many pieces, fewer kings (Spanish/Portuguese quality, Italian rule 3) */
    PK_WHY_BY_KING,    /* a king had to capture (Italian rule 2, Czech priority, Frisian art. 12) */
    PK_WHY_KING_ORDER, /* kings taken later than possible (Italian rule 4) */
    PK_WHY_VALUE       /* lower capture value (Frisian art. 11) */
};

/* Why a move is illegal (PK_MATCH_ILLEGAL). */
enum pk_illegal_why {
    PK_ILL_NO_PIECE,        /* origin square empty */
    PK_ILL_WRONG_SIDE,      /* origin holds a piece of the side not to move */
    PK_ILL_OCCUPIED,        /* destination (or a landing square) occupied */
    PK_ILL_BACKWARDS,       /* a man moving (or, where men may not, capturing) backwards */
    PK_ILL_NOT_DIAGONAL,    /* squares not on one line */
    PK_ILL_TOO_FAR,         /* a man moving more than one square */
    PK_ILL_KING_ONE_STEP,   /* a short-range king (English, Italian) moving more than one square */
    PK_ILL_BLOCKED,         /* a flying king's way blocked */
    PK_ILL_OWN_PIECE,       /* jumping its own piece */
    PK_ILL_NOTHING_TO_JUMP, /* a jump over an empty square */
    PK_ILL_KING_BY_MAN,     /* Italian: a man cannot take a king */
    PK_ILL_CAPTURED_TWICE,  /* meets a piece already captured in this move (RULES 1.5 rule 3) */
    PK_ILL_SAME_SQUARE,     /* from == to for a quiet move */
    PK_ILL_FILE_ORIGIN,     /* column-only origin ("hg7"): no legal move starts on that file */
    PK_ILL_NOT_ORTHOGONAL,  /* Turkish: squares not on one rank or file */
    PK_ILL_TOO_FAR_ORTHO,   /* Turkish: a man moving more than one square */
    PK_ILL_REVERSAL,        /* Turkish: a capture turning back by 180 degrees */
    PK_ILL_LAND_BEHIND,     /* Thai: a king landing past the square right behind the piece */
    PK_ILL_OTHER            /* none of the above explains it */
};

typedef struct pk_match {
    int kind;                  /* enum pk_match_kind */
    int why;                   /* enum pk_choice_why or pk_illegal_why */
    int why_square;            /* a square the reason names, -1 when none */
    pk_move move;              /* what to play to go on (not for AMBIGUOUS or ILLEGAL) */
    bool sep_mismatch;         /* 'x' for a quiet move or '-' for a capture */
    int ncand;                 /* AMBIGUOUS: candidates; CAPTURE_REQUIRED, CHOICE,
                                  INCOMPLETE: the legal captures */
    int ncand_total;
    int nlegal;                /* legal moves in the position; -1 when not counted (a legal
                                  move found at once: a quiet move, or a capture under free
                                  choice). 0 with PK_MATCH_ILLEGAL: the game was over before
                                  this move */
    pk_move cand[PK_MATCH_LIST];
} pk_match;

/* The move lists pk_match_move works in (about 200 KB): an opaque handle, made once per
 * thread and reused for every move (nothing is allocated per move). */
typedef struct pk_match_scratch pk_match_scratch;

/* A new scratch; NULL when out of memory. pk_match_scratch_free(NULL) is allowed. */
PK_API pk_match_scratch *pk_match_scratch_new(void);
PK_API void pk_match_scratch_free(pk_match_scratch *s);

/* Classifies w in p. gen_flags: PK_GEN_CAPTURE_OPTIONAL (house rule). Returns out->kind.
 * A written move needs 2 to PK_MAX_WRITTEN squares; fewer or more is PK_MATCH_ILLEGAL.
 * Writes only *s and *out, allocates nothing: thread-safe with one scratch per thread. */
PK_API int pk_match_move(const pk_variant *v, const pk_pos *p, const pk_written *w, unsigned gen_flags,
                         pk_match_scratch *s, pk_match *out);

/* Human text for the reasons, e.g. "a man cannot move backwards": static, thread-safe. */
PK_API const char *pk_illegal_why_text(int why);
PK_API const char *pk_choice_why_text(int why);

/* ---- the words of a classification (pdncheck, pdnmoves, reports say the same) ----
 * Thread-safe: they read v, p and the match, and write only s (one per thread), buf and out. */

/* The diagnostic code of a kind: "illegal-move", "ambiguous-move", "capture-required",
 * "missed-capture", "incomplete-capture"; "legal" for PK_MATCH_LEGAL. */
PK_API const char *pk_match_code(int kind);

/* The name of the choice rule behind why in v: "majority rule", "Czech king priority",
 * "Italian rule 2 (capture with the king)", ... (RULES 1.7). */
PK_API const char *pk_choice_rule_name(const pk_variant *v, int why);

/* The message for m, the classification of the move written as `text` in p (m not
 * PK_MATCH_LEGAL): "36x27 takes 1 piece; majority rule (...) requires 46x12 (2 pieces)".
 * Squares and listed moves are named in the notation the move was written in
 * (algebraic: a1..h8, else numbers), listed moves in PDN short form with the
 * disambiguation of RULES 4.3 (full paths for an ambiguity). gen_flags are those of the
 * match: under PK_GEN_CAPTURE_OPTIONAL nothing says a capture is mandatory. Uses
 * s->legal. Returns the length, like snprintf. */
PK_API int pk_match_describe(const pk_variant *v, const pk_pos *p, const char *text, const pk_match *m,
                             unsigned gen_flags, bool algebraic, pk_match_scratch *s, char *buf, size_t size);

/* One move given as text (w: the text parsed by pk_written_parse) judged in p as pdncheck
 * judges a move of a game: pk_match_move, then, when it is not legal, pk_match_describe's
 * words into buf (its code is pk_match_code(out->kind)). The one judge of pdnmoves
 * --check and pdndiagram --move. Returns out->kind; buf is "" for a legal move. */
PK_API int pk_match_judge(const pk_variant *v, const pk_pos *p, const pk_written *w, const char *text,
                          unsigned gen_flags, pk_match_scratch *s, pk_match *out, char *buf, size_t size);

/* What the writer of an ambiguous move can do: "write the full capture path" when the
 * candidates share the origin, "write the origin square" (a column-only origin) when
 * they do not. NULL for other kinds. */
PK_API const char *pk_match_advice(const pk_match *m);

/* Why a complete capture c is forbidden in p, in a few words (pdnmoves --explain):
 * "majority rule: takes 1, 2 required by 46x12", "Spanish quality: takes 1 king, 2
 * required by 27x18", "Czech king priority: a capture by a king is required (17x26)".
 * best is a legal capture the rule prefers. */
PK_API int pk_match_forbidden_reason(const pk_variant *v, const pk_pos *p, const pk_move *c,
                                     const pk_move *best, unsigned gen_flags, bool algebraic,
                                     pk_match_scratch *s, char *buf, size_t size);

/* The complete captures of p that the choice rule forbids (pdnmoves --explain), one per
 * move (RULES 1.8: from, to and captured set), into out. Returns out->n. Uses s->all and
 * s->legal. */
PK_API int pk_match_forbidden(const pk_variant *v, const pk_pos *p, unsigned gen_flags, pk_match_scratch *s,
                              pk_movelist *out);

/* The reason (enum pk_choice_why) the choice rule of v prefers best over m, both complete
 * captures, in the order of RULES 1.7. */
PK_API int pk_choice_why(const pk_variant *v, const pk_move *m, const pk_move *best);

#ifdef __cplusplus
}
#endif

#endif
