/*
 * html_int.h -- the fields of the HTML report's handle (html_report.h), shared by its two
 * files, lowest first: html_copies.c (the copies of one game: the keys seen, the copies
 * found), html_report.c (a game's part of the page, written on any thread,
 * and added in order; the warnings and the inputs noted) and html_page.c (the page
 * written at the end: head, policy, header, table, findings, warnings, script).
 */
#ifndef PK_HTML_INT_H
#define PK_HTML_INT_H

#include <stdio.h>

#include "html_report.h"
#include "pk_nls.h"
#include "variant_int.h" /* PK_V_COUNT: the variants seen, in the order seen */

/* The warnings of one kind (their code): how many, and the first one as an example. */
typedef struct pk_html_warn {
    char code[40];
    long count;
    char *example; /* "FILE:LINE:COL, game N: message", escaped when written */
} pk_html_warn;

/* A copy of a game seen before: where each is (an index into pk_html.files, and the game's
 * number in its file). */
typedef struct pk_html_copy {
    int file, index;
    int first_file, first_index;
} pk_html_copy;

/* The copies listed in full (the rest counted), and the games keyed: the set of keys
 * seen is the one part of the report that grows with the games (about 50 bytes a game),
 * so past this many games the others are not looked for among them (the page says so). */
#define PK_HTML_COPIES_MAX 1000
#define PK_HTML_KEYS_MAX 500000

/* One input as pk_html_input described it. */
typedef struct pk_html_input_id {
    char *name;
    unsigned long long bytes;
    char sha256[65]; /* "" when not known */
} pk_html_input_id;

struct pk_html {
    FILE *out, *rows, *details;
    pk_html_opts o;
    char title[200], conventions[1024], date[64];
    pk_totals own; /* the games added, for a caller without totals of its own */
    long invalid[PK_LABEL_COUNT]; /* games not valid (with errors), by their label */
    long findings, diagrams;
    char last_file[512];
    const pk_variant *seen[PK_V_COUNT]; /* the games' variants, in the order first seen */
    int nseen;
    FILE *part; /* pk_html_add: the game's part, written over from the start each time */
    char *pbuf;
    size_t psize;
    /* pk_html_diag: the next game's diagnostics, copied (each with its strings in one block,
     * and what its structured fields point to: they are pointed there in pk_html_add, once
     * the arrays have stopped moving) */
    pk_diag *kept;
    struct kept_data {
        char *text;
        pk_diag_kept data;
    } *kept_data;
    int nkept, capkept;
    pk_html_warn *warns; /* by kind, in the order first seen */
    int nwarns, capwarns;
    long warn_lost;      /* warnings of a kind that could not be noted (out of memory) */
    pk_html_input_id *inputs;
    int ninputs, capinputs;
    /* html_copies.c: the files the games came from (in order), the keys seen, the copies */
    char **files;
    int nfiles, capfiles;
    pk_key_set *keys;
    long keyed, unkeyed;  /* games keyed; games past PK_HTML_KEYS_MAX or out of memory */
    pk_html_copy *copies; /* at most PK_HTML_COPIES_MAX, in the order found */
    long ncopies;         /* all copies found (more than kept: counted) */
    int capcopies;
};

/* The game of part p (of file) keyed: noted as a copy if its key was seen (html_copies.c). */
void pk_html_copy_note(pk_html *r, const char *file, const pk_html_part *p);
/* The copies kept, sorted by the game first seen (then in order): the page's groups. */
void pk_html_copies_sort(pk_html *r);
/* What html_copies.c holds, freed. */
void pk_html_copies_free(pk_html *r);
/* The page's words (issue 36): in the catalogue the options name, else in the language of
 * the library's messages. PK_HT and PK_HTN are xgettext's keywords (mk/nls.mk). */
__attribute__((format_arg(2))) static inline const char *pk_html_words(const pk_html_opts *o, const char *s)
{
    return o->words ? pk_nls_catalog_text(o->words, s) : PK_T(s);
}
__attribute__((format_arg(2), format_arg(3))) static inline const char *
pk_html_nwords(const pk_html_opts *o, const char *one, const char *many, unsigned long long n)
{
    /* a count past a million as one with the same last digits (the forms look at n % 100
     * and n > 1): unsigned long is 32 bits in the page's WebAssembly */
    unsigned long k = n < 1000000 ? (unsigned long)n : (unsigned long)(n % 1000000 + 1000000);
    return o->words ? pk_nls_catalog_ntext(o->words, one, many, k) : PK_TN(one, many, k);
}
#define PK_HT(o, s) pk_html_words((o), (s))
#define PK_HTN(o, s, p, n) pk_html_nwords((o), (s), (p), (n))

/* Text as HTML (html_report.c). */
void pk_html_esc(FILE *f, const char *s);
/* What r holds, freed (html_report.c); r itself too. */
void pk_html_free(pk_html *r);

#endif
