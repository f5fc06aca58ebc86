/*
 * pdn-records.c -- a test helper for tests/scripts/pdnconv-roundtrip.sh (issue 27): what a
 * PDN file records, one line per game, read by the library's reader alone (not by
 * pdnconv, whose output it judges), so that a converter that drops a move, rewrites a
 * result or loses a tag is seen:
 *
 *     game <TAB> result <TAB> moves <TAB> escaped <TAB> unparsed <TAB> tags
 *
 * result: the kind of the result the record states, worked out here (not by the library's
 * pk_game_stated_result, which pdnconv uses): the terminator's, or the Result tag's where
 * the terminator is '*' or missing (issue 21 item 2), else "unknown" (none and '*' alike:
 * a writer adds '*');
 * moves: the move tokens of every line, variations included, a capture written hop by
 * hop counted once (a converter joins the hops); escaped: the tags whose name is not a PDN
 * identifier plus the escape lines "%[" before the first move (the writer turns the first
 * into the second); unparsed: a checksum of the text the reader could not read (CRLF as
 * LF), or 0; tags: "name=value" of every other tag, in name order, but GameType, FEN and
 * SetUp (a converter writes the variant's and the start position's own: the round trip
 * compares positions instead), the Result tag as the kind of the result it names (one of
 * none, '*' or '?', as the stated result: a converter writes that there).
 *
 *     pdn-records FILE
 */
#include "pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long count_line(const pk_pdn_line *l, long *escaped, const char **unparsed, int top);

static long count_notes(const pk_pdn_note *n, long *escaped, const char **unparsed, int top)
{
    long k = 0;
    for (; n; n = n->next) {
        if (n->kind == PK_NOTE_VARIATION)
            k += count_line(n->line, escaped, unparsed, 0);
        else if (n->kind == PK_NOTE_UNPARSED && *n->text)
            *unparsed = n->text;
        else if (n->kind == PK_NOTE_LINE && top && n->nag == '%' && n->text[0] == '[')
            ++*escaped;
    }
    return k;
}

static long count_line(const pk_pdn_line *l, long *escaped, const char **unparsed, int top)
{
    long k = count_notes(l->pre, escaped, unparsed, top);
    for (int i = 0; i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        k += !(m->flags & PK_PDN_MOVE_HOP);
        k += count_notes(m->before, escaped, unparsed, 0);
        k += count_notes(m->after, escaped, unparsed, 0);
    }
    return k;
}

static int kind_of(const char *text)
{
    int k = pk_result_classify(text, strlen(text), NULL);
    return k == PK_RESULT_NONE || k < 0 ? PK_RESULT_UNKNOWN : k;
}

static int by_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static unsigned long checksum(const char *s)
{
    unsigned long h = 5381;
    for (; s && *s; s++)
        if (!(s[0] == '\r' && s[1] == '\n'))
            h = h * 33 + (unsigned char)(*s == '\r' ? '\n' : *s);
    return s ? h : 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: pdn-records FILE\n", stderr);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    pk_error err;
    pk_pdn_reader *r = f ? pk_pdn_open(f, argv[1], 0, &err) : NULL;
    if (!r) {
        fprintf(stderr, "pdn-records: %s: cannot read\n", argv[1]);
        return 2;
    }
    pk_game g;
    pk_game_init(&g);
    int st;
    while ((st = pk_pdn_next(r, &g, NULL, NULL)) == PK_OK) {
        long escaped = 0;
        const char *unparsed = NULL;
        long moves = count_line(&g.main, &escaped, &unparsed, 1);
        const char *tag = pk_game_tag(&g, "Result");
        int stated = g.result.text ? kind_of(g.result.text) : PK_RESULT_UNKNOWN;
        if (stated < PK_RESULT_FIRST_WIN && tag)
            stated = kind_of(tag);
        char **tags = malloc(((size_t)g.ntags + 1) * sizeof *tags);
        int n = 0;
        for (int i = 0; i < g.ntags; i++) {
            const pk_pdn_tag *t = &g.tags[i];
            if (!pk_pdn_tag_name_ok(t->name)) {
                escaped++;
                continue;
            }
            if (!strcmp(t->name, "GameType") || !strcmp(t->name, "FEN") || !strcmp(t->name, "SetUp"))
                continue;
            size_t len = strlen(t->name) + strlen(t->value) + 16;
            tags[n] = malloc(len);
            if (!strcmp(t->name, "Result")) /* a tag of no result ('*', '?') says the stated one */
                snprintf(tags[n], len, "Result=%d", kind_of(t->value) >= PK_RESULT_FIRST_WIN ? kind_of(t->value) : stated);
            else
                snprintf(tags[n], len, "%s=%s", t->name, t->value);
            n++;
        }
        qsort(tags, (size_t)n, sizeof *tags, by_text);
        printf("%d\t%d\t%ld\t%ld\t%lu\t", g.index, stated, moves, escaped, checksum(unparsed));
        for (int i = 0; i < n; i++) {
            printf("%s%s", i ? "\t" : "", tags[i]);
            free(tags[i]);
        }
        putchar('\n');
        free(tags);
    }
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    return st < 0 ? 1 : 0;
}
