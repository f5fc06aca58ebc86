/* test_pdn_read.c -- the PDN reader: the data model, each tolerance (a warning by default,
 * an error under PK_PDN_STRICT), each recovery case, positions, encodings and streaming. */
#include "encoding.h"
#include "pdn.h"
#include "pktest.h"

#include <string.h>

/* Diagnostics collected from one read. */
typedef struct seen {
    int n;
    char code[64][24];
    int sev[64], line[64], col[64], game[64];
} seen;

static void collect(void *ctx, const pk_diag *d)
{
    seen *s = ctx;
    if (s->n < 64) {
        snprintf(s->code[s->n], sizeof s->code[0], "%s", d->code);
        s->sev[s->n] = d->severity;
        s->line[s->n] = d->line;
        s->col[s->n] = d->col;
        s->game[s->n] = d->game;
        s->n++;
    }
}

/* Index of the first diagnostic with that code, or -1. */
static int find(const seen *s, const char *code)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->code[i], code))
            return i;
    return -1;
}

/* Reads every game of text (len bytes) with flags; returns the number of games and keeps
 * the first game in *first (when non-NULL; the caller frees it). */
static int read_all(const char *text, size_t len, unsigned flags, seen *s, pk_game *first)
{
    FILE *f = fmemopen((void *)text, len, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", flags, NULL);
    pk_diag_sink sink = {collect, s};
    pk_game g;
    int n = 0;
    memset(s, 0, sizeof *s);
    pk_game_init(&g);
    if (first)
        pk_game_init(first);
    while (pk_pdn_next(r, n == 0 && first ? first : &g, &sink) > 0)
        n++;
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    return n;
}

static int rd(const char *text, unsigned flags, seen *s, pk_game *first)
{
    return read_all(text, strlen(text), flags, s, first);
}

/* A tolerance: default mode gives one warning with that code at line:col, strict mode
 * an error with the same code; both read the same number of games. */
static void tolerance(const char *text, const char *code, int line, int col, int games)
{
    seen s;
    CU_ASSERT_EQUAL(rd(text, 0, &s, NULL), games);
    int i = find(&s, code);
    if (i < 0)
        fprintf(stderr, "  no '%s' for: %s\n", code, text);
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.sev[i], PK_SEV_WARNING);
    CU_ASSERT_EQUAL(s.line[i], line);
    CU_ASSERT_EQUAL(s.col[i], col);
    CU_ASSERT_EQUAL(rd(text, PK_PDN_STRICT, &s, NULL), games);
    i = find(&s, code);
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.sev[i], PK_SEV_ERROR);
}

static void clean(const char *text, int games)
{
    seen s;
    CU_ASSERT_EQUAL(rd(text, PK_PDN_STRICT, &s, NULL), games);
    if (s.n)
        fprintf(stderr, "  unexpected %s at %d:%d\n", s.code[0], s.line[0], s.col[0]);
    CU_ASSERT_EQUAL(s.n, 0);
}

/* ---- data model ---- */

static void test_model(void)
{
    seen s;
    pk_game g;
    const char *t = "[Event \"E \\\"q\\\"\"]\n[GameType \"20,W,10,10,N2,0\"]\n[FEN \"W:W31-50:B1-20\"]\n"
                    "[Event \"dup\"]\n\n"
                    "1. 32-28! {c1} 19-23 $3 (18-23 (17-22) 2. 37-32) 2. 28x19 14x23 1-0\n";
    CU_ASSERT_EQUAL(rd(t, PK_PDN_STRICT, &s, &g), 1);
    CU_ASSERT_EQUAL(s.n, 0);
    CU_ASSERT_EQUAL(g.index, 1);
    CU_ASSERT_EQUAL(g.ntags, 4);
    CU_ASSERT_STRING_EQUAL(g.tags[0].value, "E \"q\"");
    CU_ASSERT_STRING_EQUAL(g.tags[3].value, "dup"); /* duplicates kept, in order */
    CU_ASSERT_EQUAL(g.tags[1].line, 2);
    CU_ASSERT_STRING_EQUAL(g.fen, "W:W31-50:B1-20");
    CU_ASSERT_EQUAL(g.fen_line, 3);
    CU_ASSERT_TRUE(g.has_gametype);
    CU_ASSERT_EQUAL(g.gametype.type, 20);
    CU_ASSERT_EQUAL(g.gametype.width, 10);
    CU_ASSERT_EQUAL(g.gametype.notation, 'N');
    CU_ASSERT_EQUAL(g.gametype.corner, 2);
    CU_ASSERT_EQUAL(g.main.nmoves, 4);
    CU_ASSERT_EQUAL(g.plies, 4);
    const pk_pdn_move *m = &g.main.moves[0];
    CU_ASSERT_STRING_EQUAL(m->text, "32-28");
    CU_ASSERT_STRING_EQUAL(m->strength, "!");
    CU_ASSERT_EQUAL(m->number, 1);
    CU_ASSERT_EQUAL(m->number_kind, PK_NUM_FIRST);
    CU_ASSERT_EQUAL(m->line, 6);
    CU_ASSERT_EQUAL(m->col, 4);
    CU_ASSERT_EQUAL(m->nsquares, 2);
    CU_ASSERT_EQUAL(m->squares[0].num, 32);
    CU_ASSERT_STRING_EQUAL(m->squares[1].text, "28");
    CU_ASSERT_STRING_EQUAL(m->seps, "-");
    CU_ASSERT_PTR_NOT_NULL_FATAL(m->after);
    CU_ASSERT_EQUAL(m->after->kind, PK_NOTE_COMMENT);
    CU_ASSERT_STRING_EQUAL(m->after->text, "c1");
    m = &g.main.moves[1];
    CU_ASSERT_EQUAL(m->number_kind, PK_NUM_NONE);
    CU_ASSERT_EQUAL_FATAL(m->after->kind, PK_NOTE_NAG);
    CU_ASSERT_EQUAL(m->after->nag, 3);
    const pk_pdn_note *v = m->after->next;
    CU_ASSERT_EQUAL_FATAL(v->kind, PK_NOTE_VARIATION);
    CU_ASSERT_EQUAL(v->line->nmoves, 2);
    CU_ASSERT_STRING_EQUAL(v->line->moves[0].text, "18-23");
    CU_ASSERT_EQUAL(v->line->moves[0].after->kind, PK_NOTE_VARIATION); /* nested */
    CU_ASSERT_STRING_EQUAL(v->line->moves[0].after->line->moves[0].text, "17-22");
    CU_ASSERT_EQUAL(g.main.moves[2].flags & PK_PDN_MOVE_CAPTURE, PK_PDN_MOVE_CAPTURE);
    CU_ASSERT_STRING_EQUAL(g.result.text, "1-0");
    CU_ASSERT_EQUAL(g.result.kind, PK_RESULT_FIRST_WIN);
    CU_ASSERT_EQUAL(g.result.line, 6);
    pk_game_free(&g);
}

static void test_squares(void)
{
    seen s;
    pk_game g;
    CU_ASSERT_EQUAL(rd("1. c3-d4 d6:b4 2. a3b4 a5xc3xe5 *", PK_PDN_STRICT, &s, &g), 1);
    CU_ASSERT_EQUAL(s.n, 0);
    const pk_pdn_move *m = g.main.moves;
    CU_ASSERT_EQUAL(m[0].squares[0].kind, PK_SQ_ALGEBRAIC);
    CU_ASSERT_EQUAL(m[0].squares[0].file, 2);
    CU_ASSERT_EQUAL(m[0].squares[0].rank, 3);
    CU_ASSERT_STRING_EQUAL(m[1].seps, ":");
    CU_ASSERT_STRING_EQUAL(m[2].seps, " "); /* no separator written */
    CU_ASSERT_EQUAL(m[3].nsquares, 3);
    CU_ASSERT_STRING_EQUAL(m[3].seps, "xx");
    pk_game_free(&g);
}

static void test_hop_by_hop(void)
{
    seen s;
    pk_game g;
    CU_ASSERT_EQUAL(rd("1. 11-15 23-19 2. 15x24 28x19 3. 9-14 22-18 4. 14x23 27x18x11 *", 0, &s, &g), 1);
    CU_ASSERT_EQUAL(g.main.moves[7].flags & PK_PDN_MOVE_HOP, 0); /* 27 is not where 23 ended */
    pk_game_free(&g);
    CU_ASSERT_EQUAL(rd("1. 11x18 18x25 *", 0, &s, &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 2); /* kept as written: the replayer joins them */
    CU_ASSERT_EQUAL(g.main.moves[1].flags & PK_PDN_MOVE_HOP, PK_PDN_MOVE_HOP);
    CU_ASSERT_EQUAL(s.n, 0);
    pk_game_free(&g);
}

static void test_numbers_and_ellipsis(void)
{
    seen s;
    pk_game g;
    CU_ASSERT_EQUAL(rd("1... 21-14 2. 5-9 (2... 6-10) 1. ... 7-12 *", PK_PDN_STRICT, &s, &g), 1);
    CU_ASSERT_EQUAL(s.n, 0);
    CU_ASSERT_EQUAL(g.main.moves[0].number_kind, PK_NUM_SECOND);
    CU_ASSERT_EQUAL(g.main.moves[2].number, 1);
    CU_ASSERT_EQUAL(g.main.moves[2].number_kind, PK_NUM_SECOND); /* "1. ..." */
    pk_game_free(&g);
}

static void test_results(void)
{
    static const struct { const char *t; int kind; } r[] = {
        {"1. 32-28 1-0", PK_RESULT_FIRST_WIN}, {"1. 32-28 0-1", PK_RESULT_SECOND_WIN},
        {"1. 32-28 2-0", PK_RESULT_FIRST_WIN}, {"1. 32-28 0-2", PK_RESULT_SECOND_WIN},
        {"1. 32-28 1-1", PK_RESULT_DRAW},      {"1. 32-28 1/2-1/2", PK_RESULT_DRAW},
        {"1. 32-28 0-0", PK_RESULT_DOUBLE_FORFEIT}, {"1. 32-28 *", PK_RESULT_UNKNOWN},
        {"1. 32-28", PK_RESULT_NONE}};
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        seen s;
        pk_game g;
        CU_ASSERT_EQUAL(rd(r[i].t, PK_PDN_STRICT, &s, &g), 1);
        CU_ASSERT_EQUAL(s.n, 0);
        CU_ASSERT_EQUAL(g.result.kind, r[i].kind);
        pk_game_free(&g);
    }
}

static void test_standard_forms(void)
{
    clean("[White \"This is a string with an escaped character \\\"\"] 32-28", 1);
    clean("32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23", 1);
    clean("% comment line\r\n[Date \"2012.02.01\"]\r\n1. 32-28 19-23\r\n", 1);
    clean("1.32-28!? 19-23(!?!!!) 2.28x19 *", 1);
    clean("[FEN \"W:W31-50:B1-20\"]\n*\n\n[FEN \"B:W1:B2\"]\n*\n", 2);
    clean("1. 32-28 /FEN \"W:W31-50:B1-20\"/ 19-23 *", 1);
    clean("12. 46-41  1- 7 13. 41-36 *", 1); /* space-padded square (DUTCH96H.pdn) */
    clean("77. ... {[%drgnode 152 152]} *", 1);
    clean("", 0);
}

/* ---- tolerances ---- */

static void test_tolerances(void)
{
    tolerance("\xEF\xBB\xBF[Event \"x\"]\n1. 32-28 *", "bom", 1, 1, 1);
    tolerance("[Event \"x\"]\r1. 32-28 *", "line-ending", 1, 12, 1);
    tolerance("[Event \xE2\x80\x9Cx\xE2\x80\x9D]\n1. 32-28 *", "smart-quotes", 1, 1, 1);
    tolerance("[Round 17]\n1. 32-28 *", "tag-syntax", 1, 1, 1);
    tolerance("[Empty]\n1. 32-28 *", "tag-syntax", 1, 1, 1);
    tolerance("1. - - 2. - - 1/2-1/2", "placeholder", 1, 4, 1);
    tolerance("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-29 *", "missing-result", 3, 1, 2);
    tolerance("[Event \"a\"]\n[Site \"s\"]\n\n[Event \"b\"]\n1. 33-29 *", "missing-result", 4, 1, 2);
    tolerance("[Result \"0-2\"]\n1. 0-2", "empty-move-number", 2, 1, 1);
    tolerance("1. 32-28 \xC2\xBD-\xC2\xBD", "nonstandard-result", 1, 10, 1);
    tolerance("1. 32-28 0.5-0.5", "nonstandard-result", 1, 10, 1);
    tolerance("1. ed4 dc5 1/2:1/2", "nonstandard-result", 1, 12, 1);
    tolerance("1. ed4 dc5 *", "short-notation", 1, 4, 1);
    tolerance("1.E3-D4 F6-G5 *", "upper-case-square", 1, 3, 1);
    tolerance("1. 32-28 -\n[Event \"b\"]\n1. 33-29 *", "nonstandard-result", 1, 10, 2);
    tolerance("{file comment}\n[Event \"a\"]\n1. 32-28 *", "comment-position", 1, 1, 1);
    tolerance("1. {why} 32-28 *", "comment-position", 1, 4, 1);
    tolerance("1. 8-11Redoversteppedthetimecontrol. 1-0", "stray-text", 1, 8, 1);
    tolerance("[Event \"a\"]\\r\n1. 32-28 *", "stray-text", 1, 12, 1);
    tolerance("3. 8-3 . 1-0", "stray-text", 1, 8, 1);
}

static void test_spacing_warns(void)
{
    seen s;
    pk_game g;
    CU_ASSERT_EQUAL(rd("1. 28 x17 1 - 5 *", 0, &s, &g), 1);
    int i = find(&s, "move-spacing");
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.sev[i], PK_SEV_WARNING);
    CU_ASSERT_STRING_EQUAL(g.main.moves[0].text, "28 x17");
    CU_ASSERT_EQUAL(g.main.moves[0].squares[1].num, 17);
    CU_ASSERT_EQUAL(g.main.moves[1].flags & PK_PDN_MOVE_SPACED, PK_PDN_MOVE_SPACED);
    pk_game_free(&g);
}

static void test_encodings(void)
{
    seen s;
    pk_game g;
    /* cp1252: isolated accented letters */
    const char *w = "[Event \"Campionato\"]\n[White \"Nicol\xF2 D\xE9j\xE0\"]\n1. 22-18 *";
    CU_ASSERT_EQUAL(rd(w, 0, &s, &g), 1);
    CU_ASSERT_STRING_EQUAL(g.tags[1].value, "Nicol\xC3\xB2 D\xC3\xA9j\xC3\xA0");
    CU_ASSERT_EQUAL(find(&s, "encoding"), 0);
    CU_ASSERT_EQUAL(s.line[0], 2);
    CU_ASSERT_EQUAL(s.col[0], 14);
    pk_game_free(&g);
    /* cp1251: runs of Cyrillic letters ("Абациев") */
    const char *c = "[White \"\xC0\xE1\xE0\xF6\xE8\xE5\xE2\"]\n1. c3-d4 *";
    CU_ASSERT_EQUAL(rd(c, 0, &s, &g), 1);
    CU_ASSERT_STRING_EQUAL(g.tags[0].value, "\xD0\x90\xD0\xB1\xD0\xB0\xD1\x86\xD0\xB8\xD0\xB5\xD0\xB2");
    pk_game_free(&g);
    /* cp866: the same name */
    const char *d = "[White \"\x80\xA1\xA0\xE6\xA8\xA5\xA2\"]\n1. c3-d4 *";
    CU_ASSERT_EQUAL(rd(d, 0, &s, &g), 1);
    CU_ASSERT_STRING_EQUAL(g.tags[0].value, "\xD0\x90\xD0\xB1\xD0\xB0\xD1\x86\xD0\xB8\xD0\xB5\xD0\xB2");
    pk_game_free(&g);
    CU_ASSERT_EQUAL(pk_encoding_guess((const unsigned char *)"Nicol\xF2", 6), PK_ENC_CP1252);
    /* UTF-8 input: columns count characters, not bytes */
    CU_ASSERT_EQUAL(rd("[White \"\xD0\x90\xD0\xB1\"] 1. 32-28 {\xE2\x80\x9C} x *", 0, &s, NULL), 1);
    CU_ASSERT_EQUAL(find(&s, "stray-text"), 0);
    CU_ASSERT_EQUAL(s.col[0], 27);
}

static void test_legacy_files(void)
{
    /* the cp1251 original of abatsiev.pdn decodes to the UTF-8 copy's first tag values */
    char path[512], path2[512];
    snprintf(path, sizeof path, "%s/corpora/parser-tests/legacy-encodings/abatsiev-cp1251.pdn", SHARED_DIR());
    snprintf(path2, sizeof path2, "%s/corpora/russian/wiegerw-pdn/abatsiev.pdn", SHARED_DIR());
    FILE *a = fopen(path, "rb"), *b = fopen(path2, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    pk_pdn_reader *ra = pk_pdn_open(a, path, 0, NULL), *rb = pk_pdn_open(b, path2, 0, NULL);
    pk_game ga, gb;
    pk_game_init(&ga);
    pk_game_init(&gb);
    int same = 0, n = 0;
    while (pk_pdn_next(ra, &ga, NULL) > 0 && pk_pdn_next(rb, &gb, NULL) > 0) {
        n++;
        same += ga.ntags == gb.ntags && !strcmp(ga.tags[0].value, gb.tags[0].value) &&
                ga.plies == gb.plies;
    }
    CU_ASSERT_EQUAL(n, 56);
    CU_ASSERT_EQUAL(same, 56);
    pk_game_free(&ga);
    pk_game_free(&gb);
    pk_pdn_close(ra);
    pk_pdn_close(rb);
    fclose(a);
    fclose(b);
}

/* ---- recovery ---- */

static void test_recovery(void)
{
    seen s;
    /* an unmatched ')' is a syntax error; the reader resynchronises at the next game */
    const char *t = "[Event \"a\"]\n1. 32-28 ) 19-23 2. 33-29 *\n[Event \"b\"]\n1. 32-28 *\n";
    CU_ASSERT_EQUAL(rd(t, 0, &s, NULL), 2);
    CU_ASSERT_EQUAL(find(&s, "syntax"), 0);
    CU_ASSERT_EQUAL(s.sev[0], PK_SEV_ERROR);
    CU_ASSERT_EQUAL(s.line[0], 2);
    CU_ASSERT_EQUAL(s.col[0], 10);
    CU_ASSERT_EQUAL(s.game[0], 1);
    CU_ASSERT_EQUAL(s.n, 1);
    /* the same without the result: skipping stops at the next tag line */
    t = "[Event \"a\"]\n1. 32-28 ) 19-23\n[Event \"b\"]\n1. 32-28 *\n";
    CU_ASSERT_EQUAL(rd(t, 0, &s, NULL), 2);
    /* an unterminated comment ends at the next tag line */
    t = "[Event \"a\"]\n1. 32-28 {oops\n19-23\n[Event \"b\"]\n1. 32-28 *\n";
    CU_ASSERT_EQUAL(rd(t, 0, &s, NULL), 2);
    CU_ASSERT_EQUAL(find(&s, "syntax"), 0);
    CU_ASSERT_EQUAL(s.line[0], 2);
    CU_ASSERT_EQUAL(s.col[0], 10);
    /* unclosed variation at the end of the game */
    CU_ASSERT_EQUAL(rd("1. 32-28 (19-23 2. 33-29\n[Event \"b\"]\n1. 31-27 *", 0, &s, NULL), 2);
    int i = find(&s, "syntax");
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.col[i], 10);
    /* a result inside a variation is prose, not the end of the game */
    CU_ASSERT_EQUAL(rd("1. 32-28 (Score 1-0 to Nemesis) 19-23 *", 0, &s, NULL), 1);
    /* every game is reported and keeps its index, valid or not */
    t = "1. 32-28 ) *\n1. 32-28 *\n1. 32-28 ) *\n";
    CU_ASSERT_EQUAL(rd(t, 0, &s, NULL), 3);
    CU_ASSERT_EQUAL(s.n, 2);
    CU_ASSERT_EQUAL(s.game[0], 1);
    CU_ASSERT_EQUAL(s.game[1], 3);
}

static void test_streaming(void)
{
    /* 20,000 games (~1 MB) through a pipe-like stream: constant memory, every game seen,
     * positions right at the end. */
    size_t n = 20000, len = 0;
    const char *game = "[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n\n";
    char *big = malloc(n * strlen(game) + 1);
    for (size_t i = 0; i < n; i++) {
        memcpy(big + len, game, strlen(game));
        len += strlen(game);
    }
    seen s;
    pk_game g;
    FILE *f = fmemopen(big, len, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "big", 0, NULL);
    pk_game_init(&g);
    size_t count = 0;
    int last_line = 0;
    memset(&s, 0, sizeof s);
    while (pk_pdn_next(r, &g, NULL) > 0) {
        count++;
        last_line = g.main.moves[3].line;
    }
    CU_ASSERT_EQUAL(count, n);
    CU_ASSERT_EQUAL(last_line, (int)(3 * n - 1));
    CU_ASSERT_EQUAL(pk_pdn_bytes(r), len);
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    free(big);
}

static void test_gametype(void)
{
    pk_gametype gt;
    CU_ASSERT_EQUAL(pk_gametype_parse("20", &gt, NULL), PK_OK);
    CU_ASSERT_EQUAL(gt.type, 20);
    CU_ASSERT_EQUAL(gt.extended, 0);
    CU_ASSERT_EQUAL(pk_gametype_parse("21,B,8,8,N1,0", &gt, NULL), PK_OK);
    CU_ASSERT_EQUAL(gt.start, 'B');
    CU_ASSERT_EQUAL(gt.corner, 1);
    CU_ASSERT_EQUAL(pk_gametype_parse("20,W,0,0,N,0", &gt, NULL), PK_OK);
    CU_ASSERT_EQUAL(pk_gametype_parse("25,W,8,8,A0,0", &gt, NULL), PK_OK);
    CU_ASSERT_EQUAL(gt.notation, 'A');
    pk_error e;
    CU_ASSERT_EQUAL(pk_gametype_parse("International", &gt, &e), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(pk_gametype_parse("20,X,10,10,N2,0", &gt, &e), PK_ERR_SYNTAX);
}

static const pk_test tests[] = {
    {"model", test_model},
    {"squares", test_squares},
    {"hop by hop captures", test_hop_by_hop},
    {"numbers and ellipsis", test_numbers_and_ellipsis},
    {"results", test_results},
    {"standard forms: no diagnostic", test_standard_forms},
    {"tolerances", test_tolerances},
    {"spaces inside a move", test_spacing_warns},
    {"encodings", test_encodings},
    {"legacy file decodes like its UTF-8 copy", test_legacy_files},
    {"recovery", test_recovery},
    {"streaming", test_streaming},
    {"gametype", test_gametype},
    {NULL, NULL}};

PK_TEST_MAIN("pdn_read", tests)
