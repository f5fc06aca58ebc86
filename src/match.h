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

typedef struct pk_written {
    int nsq;                     /* from, intermediate squares..., to */
    uint8_t sq[PK_MAX_WRITTEN];  /* bits of the variant's geometry */
    bool capture_sep;            /* written with 'x' or ':' */
    bool sep_written;            /* a separator was written at all ("ac5" has none) */
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
    pk_move cand[PK_MATCH_LIST];
} pk_match;

/* Lists used by pk_match_move, allocated once by the caller (about 200 KB). */
typedef struct pk_match_scratch {
    pk_movelist legal, all, quiet;
} pk_match_scratch;

/* Classifies w in p. gen_flags: PK_GEN_CAPTURE_OPTIONAL (house rule). Returns out->kind.
 * A written move needs 2 to PK_MAX_WRITTEN squares; fewer or more is PK_MATCH_ILLEGAL.
 * Writes only *s and *out, allocates nothing: thread-safe with one scratch per thread. */
int pk_match_move(const pk_variant *v, const pk_pos *p, const pk_written *w, unsigned gen_flags,
                  pk_match_scratch *s, pk_match *out);

/* Human text for the reasons, e.g. "a man cannot move backwards": static, thread-safe. */
const char *pk_illegal_why_text(int why);
const char *pk_choice_why_text(int why);

#ifdef __cplusplus
}
#endif

#endif
