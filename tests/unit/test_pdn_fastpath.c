/* test_pdn_fastpath.c -- the PDN reader's fast paths (the lexer's hand-written tokens, the
 * plain movetext path) against the PCRE2 path alone (PK_PDN_NO_FAST_PATH): the same
 * games, diagnostics and byte counts, on chosen texts, at the window's end, and on every
 * game of the test corpora. Split from test_pdn_read.c (files stay under 800 lines). */
#include "pdn_read_helpers.h"

#include <stdlib.h>
#include <string.h>

/* ---- the plain movetext path against the general path ---- */

/* Every diagnostic of a read, one line each. */
static void log_diag(void *ctx, const pk_diag *d)
{
    fprintf(ctx, "%d %s %lld:%lld game %d: %s\n", d->severity, d->code, d->line, d->col, d->game, d->message);
}

static int same_str(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static int same_line(const pk_pdn_line *a, const pk_pdn_line *b);

static int same_notes(const pk_pdn_note *a, const pk_pdn_note *b)
{
    for (; a && b; a = a->next, b = b->next)
        if (a->kind != b->kind || !same_str(a->text, b->text) || a->nag != b->nag || a->line_no != b->line_no ||
            a->col != b->col || !a->line != !b->line || (a->line && !same_line(a->line, b->line)))
            return 0;
    return !a && !b;
}

static int same_move(const pk_pdn_move *a, const pk_pdn_move *b)
{
    if (!same_str(a->text, b->text) || a->line != b->line || a->col != b->col || a->number != b->number ||
        a->number_kind != b->number_kind || a->flags != b->flags || a->nsquares != b->nsquares ||
        !same_str(a->seps, b->seps) || !same_str(a->strength, b->strength) || !same_notes(a->before, b->before) ||
        !same_notes(a->after, b->after))
        return 0;
    for (int i = 0; i < a->nsquares; i++) {
        const pk_pdn_square *p = &a->squares[i], *q = &b->squares[i];
        if (!same_str(p->text, q->text) || p->kind != q->kind || p->num != q->num || p->file != q->file ||
            p->rank != q->rank)
            return 0;
    }
    return 1;
}

static int same_line(const pk_pdn_line *a, const pk_pdn_line *b)
{
    if (a->nmoves != b->nmoves || a->line != b->line || a->col != b->col || !same_notes(a->pre, b->pre))
        return 0;
    for (int i = 0; i < a->nmoves; i++)
        if (!same_move(&a->moves[i], &b->moves[i]))
            return 0;
    return 1;
}

static int same_game(const pk_game *a, const pk_game *b)
{
    if (a->index != b->index || a->line != b->line || a->col != b->col || a->ntags != b->ntags ||
        !same_str(a->fen, b->fen) || a->fen_line != b->fen_line || a->fen_col != b->fen_col ||
        a->has_gametype != b->has_gametype || a->gametype.type != b->gametype.type ||
        !same_line(&a->main, &b->main) || !same_str(a->result.text, b->result.text) ||
        a->result.kind != b->result.kind || a->result.line != b->result.line || a->result.col != b->result.col ||
        a->nerrors != b->nerrors || a->nwarnings != b->nwarnings || a->plies != b->plies)
        return 0;
    for (int i = 0; i < a->ntags; i++)
        if (!same_str(a->tags[i].name, b->tags[i].name) || !same_str(a->tags[i].value, b->tags[i].value) ||
            a->tags[i].line != b->tags[i].line || a->tags[i].col != b->tags[i].col)
            return 0;
    return 1;
}

/* Reads text twice, with and without the fast paths (PK_PDN_NO_FAST_PATH: every token
 * through PCRE2), in lockstep: the same games, the same diagnostics, the same byte count.
 * Returns the number of games; name is printed on a difference. */
static int same_both_ways(const char *text, size_t len, unsigned flags, const char *name)
{
    FILE *fa = fmemopen((void *)text, len, "rb"), *fb = fmemopen((void *)text, len, "rb");
    char *la = NULL, *lb = NULL;
    size_t na = 0, nb = 0;
    FILE *da = open_memstream(&la, &na), *db = open_memstream(&lb, &nb);
    pk_pdn_reader *ra = pk_pdn_open(fa, "t.pdn", flags, NULL);
    pk_pdn_reader *rb = pk_pdn_open(fb, "t.pdn", flags | PK_PDN_NO_FAST_PATH, NULL);
    pk_diag_sink sa = {log_diag, da}, sb = {log_diag, db};
    pk_game ga, gb;
    pk_game_init(&ga);
    pk_game_init(&gb);
    int n = 0, sta, stb, same = 1;
    do {
        sta = pk_pdn_next(ra, &ga, &sa, NULL);
        stb = pk_pdn_next(rb, &gb, &sb, NULL);
        if (sta != stb || (sta == PK_OK && !same_game(&ga, &gb))) {
            fprintf(stderr, "  %s: game %d differs with and without the fast paths\n", name, n + 1);
            same = 0;
        }
        n += sta == PK_OK;
    } while (sta == PK_OK && same);
    CU_ASSERT_TRUE(same);
    CU_ASSERT_EQUAL(pk_pdn_bytes(ra), pk_pdn_bytes(rb));
    fclose(da);
    fclose(db);
    if (na != nb || memcmp(la, lb, na)) {
        fprintf(stderr, "  %s: diagnostics differ with and without the fast paths\n", name);
        CU_FAIL("diagnostics differ");
    }
    free(la);
    free(lb);
    pk_game_free(&ga);
    pk_game_free(&gb);
    pk_pdn_close(ra);
    pk_pdn_close(rb);
    fclose(fa);
    fclose(fb);
    return n;
}

static void both_ways(const char *text)
{
    same_both_ways(text, strlen(text), 0, text);
    same_both_ways(text, strlen(text), PK_PDN_STRICT, text);
}

static void test_fast_path_same_model(void)
{
    static const char *const t[] = {
        "[Event \"a\"]\n1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 5. 4-8 26-22 1-0\n",
        "1. 11-15 23-19 2. 15x24 28x19 3. 9-14 22-18 4. 14x23 27x18x11 *",
        "1. 11x18 18x25 0-1", /* hop by hop */
        "1... 21-14 2. 5-9 (2... 6-10) 1. ... 7-12 *",
        "1.11-15 24-20 2.8-11 *",                 /* no blank after the number */
        "1. 11-15{c}24-20(23-19)2. 8-11)[x]*",     /* brackets right after moves */
        "1. 11-15!? 24-20(!) 2. 8-11* 28-24? *",   /* strength marks */
        "1. 11-15(?) 24-20 $1 2. 8-11 *",
        "1. 11-15 - 2. - 24-20 *",                 /* placeholders */
        "1. 0-2 2. 1-0 1-1 *",                     /* results where moves stand */
        "[GameType \"30\"]\n1. 2-1 64-63 2. 1-2 *", /* moves on the Turkish board */
        "1. 32-28 19-23 2. ) 17-22 *\n{after}\n% x", /* a number kept, notes after the end */
        "1. 32-28 19-23 * {after the end}\n; x",
        "1. 32-28 2-0", "1. 32-28 0-0", "1. 32-28 1/2-1/2", "1. 32-28 0.5-0.5", "1. 32-28 10.5-0.5 *",
        "1. 1-10 4-6 2. 12-1 1-2 *",               /* moves that start like results */
        "1. 11-15 24-20 1. 2. 3. *",               /* numbers with no move */
        "123456789. 11-15 12345678. 111111111-2 1-222222222 *", /* more than 8 digits */
        "0. 11-15 01. 06-11 00-1 *",
        "1. 1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-16-17-18-19-20-21-22-23-24-25-26-27-28-29-30-31-32 *",
        "1. 1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-16-17-18-19-20-21-22-23-24-25-26-27-28-29-30-31-32-33 *",
        "1. 11--15 11-15- 11x 1x-2 11-15x24 11:15 *",
        "1. 11-15 24-20. 2.. 8-11 28-24... *",
        "1.\t11-15\t24-20\r\n2. 8-11 28-24\r\n\r\n3. 9-13\r22-18\f4. 4-8\v26-22 \r\n*",
        "1. 11-15\n\n[Event \"b\"]\n1. 11-15 *",     /* missing result */
        "1. 11-15 24-20 2. 8-11 28-24 3.", "1. 11-15 24-20 2. 8-11 28-24 3. 9-13", "9", "1-",
        "1. c3-d4 d6:b4 2. a3b4 a5xc3xe5 *",
        "1. 11-15 ) 24-20 2. 8-11 *\n1. 11-15 *",  /* skipping after a syntax error */
        "1. 11-15 {unterminated 24-20\n[Event \"b\"]\n1. 11-15 *",
        "[Event \"x\"]\n1. 11-15 Nicol\xF2 24-20 2. 8-11 *", /* an encoding switch in movetext */
        "[Event \"Nicol\xF2\"]\n1. 11-15 24-20 2. 8-11 *",
        "\xEF\xBB\xBF\x31. 11-15 24-20 *", /* a UTF-8 BOM, then "1." (\x31: one literal, for clang) */
        "63.11-07 64.26x08 23-18\n1-101.33-29 17-21 02.39-33\n0-201.32-28 18-23 2-001.1-6 *", /* glued */
        "5.1-106.33-29 1-11.32-28 *",
        "1. 32-28 1 - 1\n[Event \"b\"]\n1. 32-28 0 - 2", "1. 32-28 1 - 1 2. 28-24 *", /* spaced */
        "[FEN \"W:W32,38,42:\n   B16,11\"]\n01.32-27 11-17 0-0\n[Event \"b\"]\n1. 32-28 *", /* wrapped */
        "1. 32-28 18-23\n[FEN \"W:W31:\nB19\"]\n1. 31-27 *", "[Event \"a\n[Site \"b\"]\n1. 32-28 *",
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        both_ways(t[i]);
    /* issue 31 item 7: without tag pairs, move 1 after a blank line starts a game (pdn(5)
     * GAMES), after a syntax error too; not "1...", not in a variation, not after tags */
    static const struct {
        const char *text;
        int games;
    } split[] = {
        {"01. 31-26 17-21 02. 26x17 11x22\n\n01. 31-26 18-22\n\n1. 32-28 *", 3},
        {"1. 31-26 ) 17-21\n\n01. 31-26 18-22", 2},
        {"1. 32-28 {c}\n\n1... 19-23 *", 1},
        {"1. 32-28 (1. 33-28\n\n1. 34-29) 19-23 *", 1},
        {"[Event \"a\"]\n1. 32-28 19-23\n\n1. 33-28 *", 1},
        {"1. 32-28 19-23\n1. 33-28 *", 1}, /* no blank line */
    };
    for (size_t i = 0; i < sizeof split / sizeof split[0]; i++) {
        size_t n = strlen(split[i].text);
        CU_ASSERT_EQUAL(same_both_ways(split[i].text, n, 0, split[i].text), split[i].games);
        CU_ASSERT_EQUAL(same_both_ways(split[i].text, n, PK_PDN_STRICT, split[i].text), split[i].games);
    }
}

/* Columns and the text as written, after moves and numbers read by the fast path. */
static void test_fast_path_positions(void)
{
    seen s;
    pk_game g;
    CU_ASSERT_EQUAL(rd("1.\t11-15  24-20\r\n 2. 8-11 28-24 1-0", PK_PDN_STRICT, &s, &g), 1);
    CU_ASSERT_EQUAL(s.n, 0);
    const pk_pdn_move *m = g.main.moves;
    CU_ASSERT_EQUAL(g.main.nmoves, 4);
    CU_ASSERT_EQUAL(m[0].col, 4); /* a tab is one column */
    CU_ASSERT_EQUAL(m[1].col, 11);
    CU_ASSERT_EQUAL(m[2].line, 2);
    CU_ASSERT_EQUAL(m[2].col, 5);
    CU_ASSERT_EQUAL(m[2].number, 2);
    CU_ASSERT_EQUAL(m[3].col, 10);
    CU_ASSERT_STRING_EQUAL(m[3].text, "28-24");
    CU_ASSERT_STRING_EQUAL(m[3].squares[0].text, "28");
    CU_ASSERT_STRING_EQUAL(m[3].squares[1].text, "24");
    CU_ASSERT_STRING_EQUAL(m[3].seps, "-");
    CU_ASSERT_STRING_EQUAL(g.result.text, "1-0"); /* a result, not a move */
    CU_ASSERT_EQUAL(g.result.col, 16);
    pk_game_free(&g);
    CU_ASSERT_EQUAL(rd("1. 26x17x10x1{c} 2. 06-10(9-13)*", PK_PDN_STRICT, &s, &g), 1);
    m = g.main.moves;
    CU_ASSERT_EQUAL(m[0].nsquares, 4);
    CU_ASSERT_STRING_EQUAL(m[0].squares[2].text, "10");
    CU_ASSERT_EQUAL(m[0].squares[3].num, 1);
    CU_ASSERT_STRING_EQUAL(m[0].seps, "xxx");
    CU_ASSERT_EQUAL(m[0].flags, PK_PDN_MOVE_CAPTURE);
    CU_ASSERT_STRING_EQUAL(m[0].after->text, "c");
    CU_ASSERT_STRING_EQUAL(m[1].squares[0].text, "06");
    CU_ASSERT_EQUAL(m[1].squares[0].num, 6);
    CU_ASSERT_EQUAL(m[1].col, 21);
    CU_ASSERT_EQUAL(m[1].after->kind, PK_NOTE_VARIATION);
    CU_ASSERT_EQUAL(g.result.col, 32);
    pk_game_free(&g);
}

/* Tokens cut by the end of the input window. The reader refills its window in steps of
 * 64 KiB of input (pk_src reads), when less than 64 KiB is left ahead: a run of blanks
 * longer than that brings the window end to a multiple of 64 KiB, here 1 MiB, and the
 * token after the blanks starts j bytes before it. */
static void test_fast_path_window(void)
{
    static const char *const tok[] = {"12. 11-15", "12... 11-15", "11-15 24-20", "26x17x10 9-14", "1-0",
                                      "1-10 2-7 *", "123456789. 1-5", "1/2-1/2", "0.5-0.5", "11-15!? 1-5"};
    size_t end = 1u << 20;
    char *text = malloc(end + 64);
    for (size_t i = 0; i < sizeof tok / sizeof tok[0]; i++)
        for (size_t j = 1; j <= 12; j++) {
            memset(text, ' ', end);
            memcpy(text, "1. 9-13", 7);
            int n = snprintf(text + end - j, 64, "%s 22-18 *", tok[i]);
            same_both_ways(text, end - j + (size_t)n, 0, tok[i]);
        }
    free(text);
}

/* Every game of the test corpora (a few MB), read both ways. */
static void both_ways_file(const char *path, const char *text, size_t len, void *ctx)
{
    same_both_ways(text, len, 0, path);
    ++*(int *)ctx;
}

static void test_fast_path_corpora(void)
{
    char dir[512];
    int files = 0;
    snprintf(dir, sizeof dir, "%s", CORPORA_DIR());
    PK_EACH_PDN(dir, false, both_ways_file, &files);
    printf("(%d files) ", files);
    CU_ASSERT_TRUE(files > 100);
}

static const pk_test tests[] = {
    {"fast paths: the same games as the PCRE2 path", test_fast_path_same_model},
    {"fast paths: columns and texts", test_fast_path_positions},
    {"fast paths: moves cut by the window end", test_fast_path_window},
    {"fast paths: the test corpora read both ways", test_fast_path_corpora},
    {NULL, NULL}};

PK_TEST_MAIN("pdn_fastpath", tests)
