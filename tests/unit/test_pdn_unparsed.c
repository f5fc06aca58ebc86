/*
 * test_pdn_unparsed.c -- what the reader keeps of the text it cannot read (issue 21 item
 * 3, man/pdn.5 ERRORS): after a syntax error the rest of the game as it stands, as the
 * game's last note (PK_NOTE_UNPARSED, PK_UNPARSED_REST), wherever the error stands (the
 * main line, a variation, the first token), however long (across the input window), and
 * how it ends (a % comment, an unterminated comment); a variation nested too deep kept up
 * to its ')' while the main line goes on; an empty rest after variations never closed;
 * pk_game.cut; the same with and without the fast paths.
 */
#include "pdn.h"
#include "pktest.h"

#include <stdlib.h>
#include <string.h>

static int nerrors;

static void count(void *ctx, const pk_diag *d)
{
    (void)ctx;
    nerrors += d->severity == PK_SEV_ERROR;
}

/* Reads the first game of text (len bytes) into *g (the caller frees it). */
static int read_first(const char *text, size_t len, unsigned flags, pk_game *g)
{
    FILE *f = fmemopen((void *)text, len, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", flags, NULL);
    pk_diag_sink sink = {count, NULL};
    nerrors = 0;
    pk_game_init(g);
    int st = pk_pdn_next(r, g, &sink, NULL);
    pk_pdn_close(r);
    fclose(f);
    return st == PK_OK; /* 1: a game */
}

static int rd(const char *text, pk_game *g) { return read_first(text, strlen(text), 0, g); }

static const pk_pdn_note *last_note(const pk_pdn_note *n)
{
    while (n && n->next)
        n = n->next;
    return n;
}

/* The game's last note: the rest of the game read as text. */
static const pk_pdn_note *rest_of(const pk_game *g)
{
    const pk_pdn_line *l = &g->main;
    for (;;) {
        const pk_pdn_note *n = last_note(l->nmoves ? l->moves[l->nmoves - 1].after : l->pre);
        if (!n || n->kind != PK_NOTE_VARIATION)
            return n;
        l = n->line;
    }
}

static void test_rest_of_the_game(void)
{
    pk_game g;
    /* issue 21's reproducer: the moves after the ')' are kept as they stand */
    CU_ASSERT_EQUAL(rd("[GameType \"20\"]\n\n1. 32-28 ) 17-22 2. 28x17 11x22 *\n", &g), 1);
    CU_ASSERT_EQUAL(nerrors, 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 1);
    CU_ASSERT_EQUAL(g.cut, 1);
    const pk_pdn_note *n = rest_of(&g);
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    CU_ASSERT_EQUAL(n->kind, PK_NOTE_UNPARSED);
    CU_ASSERT_STRING_EQUAL(n->text, ") 17-22 2. 28x17 11x22");
    CU_ASSERT_EQUAL(n->nag, PK_UNPARSED_REST);
    CU_ASSERT_EQUAL(n->line_no, 3);
    CU_ASSERT_EQUAL(n->col, 10);
    CU_ASSERT_STRING_EQUAL(g.result.text, "*");
    pk_game_free(&g);
    /* a tag-less game whose first token is the error: all of it */
    CU_ASSERT_EQUAL(rd(") 1. 32-28 17-22\n", &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g.main.pre);
    CU_ASSERT_STRING_EQUAL(g.main.pre->text, ") 1. 32-28 17-22");
    CU_ASSERT_PTR_NULL(g.result.text);
    pk_game_free(&g);
    /* ended by the next game's tag pair; a '-' before the error is a placeholder move */
    CU_ASSERT_EQUAL(rd("1. 32-28 - ) 2. 28x17\n  \n[Event \"b\"]\n1. 32-28 *", &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 2);
    CU_ASSERT_STRING_EQUAL(rest_of(&g)->text, ") 2. 28x17");
    pk_game_free(&g);
    /* ending in a % comment: a line break must follow it */
    CU_ASSERT_EQUAL(rd("1. 32-28 ) 2. 28x17 % a note\n*\n", &g), 1);
    CU_ASSERT_STRING_EQUAL(rest_of(&g)->text, ") 2. 28x17 % a note");
    CU_ASSERT_EQUAL(rest_of(&g)->nag, PK_UNPARSED_REST | PK_UNPARSED_LINE_COMMENT);
    pk_game_free(&g);
    /* an unterminated comment: what follows it in its game is read into it; the game has
     * no terminator */
    CU_ASSERT_EQUAL(rd("1. 32-28 {oops\n19-23 1-0\n[Event \"b\"]\n1. 32-28 *", &g), 1);
    CU_ASSERT_STRING_EQUAL(rest_of(&g)->text, "{oops\n19-23 1-0");
    CU_ASSERT_EQUAL(rest_of(&g)->nag, PK_UNPARSED_REST | PK_UNPARSED_OPEN);
    CU_ASSERT_PTR_NULL(g.result.text);
    pk_game_free(&g);
    /* a move of too many squares */
    CU_ASSERT_EQUAL(rd("1. 1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-16-17-18-19-20-21-22-23-24-25-26-27-28-29-30-31-32-33 "
                       "2. 32-28 1-0",
                       &g),
                    1);
    CU_ASSERT_EQUAL(g.main.nmoves, 0);
    CU_ASSERT_EQUAL(strncmp(rest_of(&g)->text, "1. 1-2-3-", 9), 0); /* its move number kept with it */
    CU_ASSERT_STRING_EQUAL(g.result.text, "1-0");
    pk_game_free(&g);
}

/* An error inside a variation: the rest is the last note of that variation, after the
 * notes that stood before it in the text (a comment after an outer move number too). */
static void test_rest_in_a_variation(void)
{
    pk_game g;
    CU_ASSERT_EQUAL(rd("1. 32-28 17-22 2. {c} (2. 33-29 {v} {oops 28x17 *\n", &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 2);
    const pk_pdn_note *a = g.main.moves[1].after;
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(a->kind, PK_NOTE_COMMENT);
    CU_ASSERT_STRING_EQUAL(a->text, "c");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a->next);
    CU_ASSERT_EQUAL(a->next->kind, PK_NOTE_VARIATION);
    CU_ASSERT_PTR_NULL(a->next->next);
    const pk_pdn_line *v = a->next->line;
    CU_ASSERT_EQUAL(v->nmoves, 1);
    CU_ASSERT_STRING_EQUAL(v->moves[0].after->text, "v");
    CU_ASSERT_STRING_EQUAL(v->moves[0].after->next->text, "{oops 28x17 *");
    CU_ASSERT_PTR_EQUAL(rest_of(&g), v->moves[0].after->next);
    CU_ASSERT_EQUAL(g.cut, 1);
    pk_game_free(&g);
    /* variations never closed: an empty rest, so that a writer leaves them open */
    CU_ASSERT_EQUAL(rd("1. 32-28 (1. 33-29 (1. 31-27) 17-22 1-0\n", &g), 1);
    CU_ASSERT_EQUAL(nerrors, 1);
    CU_ASSERT_EQUAL(g.cut, 1);
    const pk_pdn_note *n = rest_of(&g);
    CU_ASSERT_EQUAL_FATAL(n->kind, PK_NOTE_UNPARSED);
    CU_ASSERT_STRING_EQUAL(n->text, "");
    CU_ASSERT_EQUAL(n->nag, PK_UNPARSED_REST | PK_UNPARSED_OPEN);
    CU_ASSERT_EQUAL(g.main.moves[0].after->line->nmoves, 2);
    pk_game_free(&g);
}

/* More text than the input window holds (1 MiB): kept whole, line breaks as they were. */
static void test_rest_past_the_window(void)
{
    const char *head = "[Event \"long\"]\n1. 32-28 ) ", *unit = "11-15 24-20 {a comment\r\nover two lines} ";
    size_t n = 100000, hl = strlen(head), ul = strlen(unit), len = hl + n * ul + 4;
    char *t = malloc(len + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    memcpy(t, head, hl);
    for (size_t i = 0; i < n; i++)
        memcpy(t + hl + i * ul, unit, ul);
    memcpy(t + hl + n * ul, "1-0\n", 5);
    pk_game g;
    CU_ASSERT_EQUAL(read_first(t, len, 0, &g), 1);
    const pk_pdn_note *r = rest_of(&g);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    size_t want = 2 + n * ul - 1; /* ") " and the units, less the last blank */
    CU_ASSERT_EQUAL(strlen(r->text), want);
    CU_ASSERT_EQUAL(memcmp(r->text, t + hl - 2, want), 0);
    CU_ASSERT_STRING_EQUAL(g.result.text, "1-0");
    pk_game_free(&g);
    free(t);
}

/* Variations nested deeper than PK_PDN_MAX_DEPTH: the deeper one is kept as text up to its
 * matching ')', and the main line goes on after it. */
static void test_too_deep(void)
{
    char t[4096];
    size_t k = 0;
    k += (size_t)snprintf(t + k, sizeof t - k, "1. 32-28 ");
    for (int i = 0; i < PK_PDN_MAX_DEPTH + 2; i++)
        k += (size_t)snprintf(t + k, sizeof t - k, "(1. 33-29 ");
    for (int i = 0; i < PK_PDN_MAX_DEPTH + 2; i++)
        t[k++] = ')';
    snprintf(t + k, sizeof t - k, " 17-22 2. 37-32 1-0\n");
    pk_game g;
    CU_ASSERT_EQUAL(rd(t, &g), 1);
    CU_ASSERT_EQUAL(nerrors, 1);
    CU_ASSERT_EQUAL(g.cut, 0);
    CU_ASSERT_EQUAL(g.main.nmoves, 3); /* the main line after the variations is read */
    CU_ASSERT_STRING_EQUAL(g.result.text, "1-0");
    const pk_pdn_line *l = &g.main;
    for (int d = 0; d < PK_PDN_MAX_DEPTH; d++) {
        const pk_pdn_note *v = l->moves[0].after;
        CU_ASSERT_EQUAL_FATAL(v->kind, PK_NOTE_VARIATION);
        l = v->line;
    }
    const pk_pdn_note *deep = l->moves[0].after;
    CU_ASSERT_EQUAL_FATAL(deep->kind, PK_NOTE_UNPARSED);
    CU_ASSERT_STRING_EQUAL(deep->text, "(1. 33-29 (1. 33-29 ))");
    CU_ASSERT_EQUAL(deep->nag, 0);
    pk_game_free(&g);
    /* never closed: the rest of the game */
    t[strlen("1. 32-28 ") + 10 * (PK_PDN_MAX_DEPTH + 2)] = 0;
    CU_ASSERT_EQUAL(rd(t, &g), 1);
    CU_ASSERT_EQUAL(g.cut, 1);
    CU_ASSERT_STRING_EQUAL(rest_of(&g)->text, "(1. 33-29 (1. 33-29");
    CU_ASSERT_EQUAL(rest_of(&g)->nag, PK_UNPARSED_REST | PK_UNPARSED_OPEN);
    pk_game_free(&g);
}

/* The same games and notes with and without the fast paths (the plain movetext path
 * does not run while the rest is kept). */
static void test_both_ways(void)
{
    static const char *const t[] = {
        "1. 11-15 ) 24-20 2. 8-11 *\n1. 11-15 *",
        "1. 11-15 {unterminated 24-20\n[Event \"b\"]\n1. 11-15 *",
        "1. 11-15 24-20 (2. 8-11 ) ) 3. 9-13 % x\n1-0 2. 28-24 *",
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        pk_game a, b;
        CU_ASSERT_EQUAL(read_first(t[i], strlen(t[i]), 0, &a), 1);
        CU_ASSERT_EQUAL(read_first(t[i], strlen(t[i]), PK_PDN_NO_FAST_PATH, &b), 1);
        CU_ASSERT_EQUAL(a.main.nmoves, b.main.nmoves);
        CU_ASSERT_STRING_EQUAL(rest_of(&a)->text, rest_of(&b)->text);
        CU_ASSERT_EQUAL(rest_of(&a)->nag, rest_of(&b)->nag);
        pk_game_free(&a);
        pk_game_free(&b);
    }
}

static const pk_test tests[] = {{"the rest of a game after a syntax error", test_rest_of_the_game},
                                {"the rest inside a variation; variations never closed", test_rest_in_a_variation},
                                {"the rest past the input window", test_rest_past_the_window},
                                {"variations nested too deep", test_too_deep},
                                {"with and without the fast paths", test_both_ways},
                                {NULL, NULL}};

PK_TEST_MAIN("pdn_unparsed", tests)
