/*
 * html_copies.c -- the copies of one game in the HTML report (html_report.h): each game's
 * key (game_key.h: the variant, the start and the main line as played, whatever the
 * notation, comments or tags; the key pdngrep -u compares) looked up among those of the
 * games before it, in its file or in the files before; a game seen before is noted as a
 * copy of the first one, for the page's list grouped by that first game (html_page.c).
 * Memory: the set of keys (bounded: PK_HTML_KEYS_MAX games) and the copies kept in full
 * (PK_HTML_COPIES_MAX; the others counted). Out of memory: the game is counted as not
 * looked for, never reported as a copy or not one wrongly.
 */
#include <stdlib.h>
#include <string.h>

#include "html_int.h"

/* The index of file in r->files: the last one, or a new one (the games come file after
 * file). -1: out of memory. */
static int file_index(pk_html *r, const char *file)
{
    if (r->nfiles && !strcmp(r->files[r->nfiles - 1], file))
        return r->nfiles - 1;
    if (r->nfiles == r->capfiles) {
        int cap = r->capfiles ? 2 * r->capfiles : 8;
        char **p = realloc(r->files, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        r->files = p;
        r->capfiles = cap;
    }
    if (!(r->files[r->nfiles] = strdup(file)))
        return -1;
    return r->nfiles++;
}

void pk_html_copy_note(pk_html *r, const char *file, const pk_html_part *p)
{
    if (!p->keyed)
        return;
    int fi;
    if (r->keyed >= PK_HTML_KEYS_MAX || (!r->keys && !(r->keys = pk_key_set_new())) ||
        (fi = file_index(r, file)) < 0) {
        r->unkeyed++;
        return;
    }
    pk_key_origin first;
    int st = pk_key_set_add(r->keys, &p->key, (pk_key_origin){fi, p->index}, &first);
    if (st < 0) {
        r->unkeyed++;
        return;
    }
    r->keyed++;
    if (st > 0)
        return;
    r->ncopies++;
    if (r->ncopies > PK_HTML_COPIES_MAX)
        return; /* counted, not listed */
    if (r->ncopies > r->capcopies) {
        int cap = r->capcopies ? 2 * r->capcopies : 16;
        pk_html_copy *c = realloc(r->copies, (size_t)cap * sizeof *c);
        if (!c) {
            r->ncopies--; /* (neither listed nor counted: the game is said not looked for) */
            r->keyed--;
            r->unkeyed++;
            return;
        }
        r->copies = c;
        r->capcopies = cap;
    }
    r->copies[r->ncopies - 1] = (pk_html_copy){fi, p->index, first.file, first.game};
}

static int by_first(const void *a, const void *b)
{
    const pk_html_copy *x = a, *y = b;
    if (x->first_file != y->first_file)
        return x->first_file < y->first_file ? -1 : 1;
    if (x->first_index != y->first_index)
        return x->first_index < y->first_index ? -1 : 1;
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

void pk_html_copies_sort(pk_html *r)
{
    long n = r->ncopies < PK_HTML_COPIES_MAX ? r->ncopies : PK_HTML_COPIES_MAX;
    if (n > 1)
        qsort(r->copies, (size_t)n, sizeof *r->copies, by_first);
}

void pk_html_copies_free(pk_html *r)
{
    for (int i = 0; i < r->nfiles; i++)
        free(r->files[i]);
    free(r->files);
    pk_key_set_free(r->keys);
    free(r->copies);
}
