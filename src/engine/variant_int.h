/*
 * variant_int.h -- what the library's own files know of the variant table beyond
 * variant.h: the row each variant is defined by (pk_variant_def: the public pk_variant
 * and the library's own fields, the Variant tag spellings, the guess's candidate ranks,
 * where its rules are written), and the table's length as a constant, for arrays indexed
 * by variant id. Private: not installed, so that appending a variant (variant.h: ids are
 * never renumbered) changes no public constant; outside callers ask pk_variant_count().
 */
#ifndef PK_VARIANT_INT_H
#define PK_VARIANT_INT_H

#include "variant.h"
/* N_(): variant_rows.h marks each title for the catalogues (issue 36; the page and the HTML
 * report show it in the reader's language, pk_variant's title stays English) */
#include "pk_nls.h"

/* Where a row stands in each candidate list of the guess by notation (resolve.c, RULES
 * 4.1): 1 is first, 0 is not a candidate. */
typedef struct pk_guess_ranks {
    uint8_t algebraic; /* the game's squares are algebraic ("c3-d4") */
    uint8_t numeric;   /* numeric squares, none above 32 (an 8x8 board's) */
    uint8_t above32;   /* numeric squares above 32, none above 50 (a 10x10 board first) */
    uint8_t above50;   /* numeric squares above 50 (a 12x12 board) */
    uint8_t nothing;   /* no square at all (after these, every other row in id order) */
} pk_guess_ranks;

/* One variant, whole: variant_rows.h holds one per variant. */
typedef struct pk_variant_def {
    pk_variant v;             /* first: a lookup's const pk_variant * is the row's address */
    const char *variant_tags; /* Variant tag values naming it besides its name and aliases,
                                 '|' separated, case-insensitive ("Standard|From Position") */
    pk_guess_ranks guess;     /* its place in the guess's candidate lists */
    const char *rules_doc;    /* where its rules are written: "RULES 2.2" (a section of
                                 doc/RULES.md) or "pdnkit-rules(7) SECTION" (a .SH of
                                 man/pdnkit-rules.7); tests/install/variant-rows.sh checks it */
} pk_variant_def;

/* The library's row of a variant of the lookups (variant.h), never NULL for one of them. */
static inline const pk_variant_def *pk_variant_def_of(const pk_variant *v)
{
    return (const pk_variant_def *)(const void *)v; /* v is the row's first member */
}

/* The number of rows of variant_rows.h, counted from the table itself: the last id + 1
 * (variant_rows.h places each row at its id). */
enum {
    PK_V_COUNT = (int)(sizeof((const pk_variant_def[]){
#include "variant_rows.h"
                      }) / sizeof(pk_variant_def))
};

#endif
