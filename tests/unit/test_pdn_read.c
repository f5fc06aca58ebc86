/* test_pdn_read.c -- the PDN reader: the data model, each tolerance (a warning by default,
 * an error under PK_PDN_STRICT), each recovery case, positions, encodings and streaming.
 * The fast paths against the PCRE2 path are test_pdn_fastpath.c. */
#include "encoding.h"
#include "pdn_read_helpers.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

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

static void test_squares_12x12(void)
{
    /* the squares of the largest board (RULES 2.13: files a-l, ranks 1-12), whatever the
       game's board (the replay checks them): issue 31, "a1-l12" was skipped as text */
    seen s;
    pk_game g;
    CU_ASSERT_EQUAL(rd("[GameType \"27\"]\n1. a1-l12 k11xi9 2. l12-k11 *", PK_PDN_STRICT, &s, &g), 1);
    CU_ASSERT_EQUAL(s.n, 0);
    CU_ASSERT_EQUAL_FATAL(g.main.nmoves, 3);
    const pk_pdn_move *m = g.main.moves;
    CU_ASSERT_EQUAL(m[0].squares[1].kind, PK_SQ_ALGEBRAIC);
    CU_ASSERT_EQUAL(m[0].squares[1].file, 11);
    CU_ASSERT_EQUAL(m[0].squares[1].rank, 12);
    CU_ASSERT_EQUAL(m[1].squares[0].file, 10);
    CU_ASSERT_EQUAL(m[1].squares[0].rank, 11);
    CU_ASSERT_STRING_EQUAL(m[2].squares[0].text, "l12");
    pk_game_free(&g);
    /* a move of squares no board has is a syntax error, never text skipped with a
       warning: no move may pass unseen */
    const char *bad[] = {"1. m1-l2 *", "1. a13-b12 *", "1. 32-28 a0xb1 *", "[GameType \"27\"]\nz9-y8 *"};
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(rd(bad[i], 0, &s, NULL), 1);
        int k = find(&s, "syntax");
        if (k < 0)
            fprintf(stderr, "  no syntax error for: %s\n", bad[i]);
        CU_ASSERT(k >= 0 && s.sev[k] == PK_SEV_ERROR);
    }
    /* text that is no move stays text ("R1-0": a digit is no square's file) */
    CU_ASSERT_EQUAL(rd("1. 32-28 R1-0 *", 0, &s, NULL), 1);
    CU_ASSERT(find(&s, "syntax") < 0);
    CU_ASSERT(find(&s, "stray-text") >= 0);
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
    /* a setup command between them changed the board: two moves, not one capture */
    CU_ASSERT_EQUAL(rd("1. 11x18 /FEN \"B:W18:B11\"/ 18x25 *", 0, &s, &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 2);
    CU_ASSERT_EQUAL(g.main.moves[1].flags & PK_PDN_MOVE_HOP, 0);
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
    /* issue 15: results glued to the next game's move number, results with blanks */
    tolerance("63.11-07 01x12 64.26x08 23-18\n1-101.33-29 17-21 02.39-33 21-26\n", "glued-result", 2, 1, 2);
    tolerance("1.32-28 18-23\n0-201.32-28 *", "glued-result", 2, 1, 2);
    tolerance("1.32-28 18-23 2-001.32-28 *", "glued-result", 1, 15, 2);
    tolerance("1.32-28 18-23 1-11.32-28 *", "glued-result", 1, 15, 2);
    tolerance("[Event \"a\"]\n1. 32-28 18-23 1 - 1\n[Event \"b\"]\n1. 32-28 *", "spaced-result", 2, 16, 2);
    tolerance("1. 32-28 18-23 0 - 2\n", "spaced-result", 1, 16, 1);
    tolerance("1. 32-28 18-23 2 -0", "spaced-result", 1, 16, 1);
    tolerance("[FEN \"W:W31,32:\nB19,20\"]\n1. 32-28 *", "wrapped-tag", 1, 1, 1);
    tolerance("[Event \"a\"]\n  [FEN \"W:W31,32:  \r\n  B19,20\" ]\n1. 32-28 *", "wrapped-tag", 2, 3, 1);
}

/* Tag values over several lines (issue 15 item 1) and past the input window (issue 9
 * item 20). */
static void test_wrapped_tags(void)
{
    seen s;
    pk_game g;
    /* the value's lines are joined, the blanks around each break dropped */
    CU_ASSERT_EQUAL(rd("[FEN \"W:W32,38,42:\n   B16,11\"]\n01.32-27 11-17 0-0\n[Event \"b\"]\n1. 32-28 *", 0, &s, &g), 2);
    CU_ASSERT_STRING_EQUAL(g.fen, "W:W32,38,42:B16,11");
    CU_ASSERT_EQUAL(g.fen_line, 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 2);
    CU_ASSERT_EQUAL(g.main.moves[0].line, 3);
    CU_ASSERT_STRING_EQUAL(g.result.text, "0-0");
    pk_game_free(&g);
    /* after movetext: the game before ends there, the tag starts the next one */
    CU_ASSERT_EQUAL(rd("1. 32-28 18-23\n[FEN \"W:W31:\nB19\"]\n1. 31-27 *", 0, &s, NULL), 2);
    CU_ASSERT_STRING_EQUAL(s.code[0], "missing-result");
    CU_ASSERT_STRING_EQUAL(s.code[1], "wrapped-tag");
    CU_ASSERT_EQUAL(s.game[1], 2);
    CU_ASSERT_EQUAL(s.line[1], 2);
    /* an escaped quote does not close the value */
    CU_ASSERT_EQUAL(rd("[Event \"say \\\"hi\n\\\" there\"]\n1. 32-28 *", 0, &s, &g), 1);
    CU_ASSERT_STRING_EQUAL(pk_game_tag(&g, "Event"), "say \"hi\" there");
    pk_game_free(&g);
    /* never closed: the next tag line comes first, or 8 lines pass, or the input ends */
    static const char *const open[] = {"[Event \"a\n[Site \"b\"]\n1. 32-28 *",
                                       "[Event \"a\n1\n2\n3\n4\n5\n6\n7\n8\"]\n1. 32-28 *",
                                       "[Event \"a\n1. 32-28 *", "1. 32-28 [Event \"a\nb\"]\n *",
                                       "[Event \"a\" b\nc\"]\n1. 32-28 *"};
    for (size_t i = 0; i < sizeof open / sizeof open[0]; i++) {
        CU_ASSERT_EQUAL(rd(open[i], 0, &s, NULL), 1);
        CU_ASSERT_TRUE(find(&s, "stray-text") >= 0);
        CU_ASSERT_TRUE(find(&s, "wrapped-tag") < 0);
    }
    /* within the bounds: 8 lines */
    CU_ASSERT_EQUAL(rd("[Event \"a\n1\n2\n3\n4\n5\n6\n7\"]\n1. 32-28 *", 0, &s, &g), 1);
    CU_ASSERT_STRING_EQUAL(pk_game_tag(&g, "Event"), "a1234567");
    pk_game_free(&g);
    /* a tag line longer than the input window: kept, cut to 64 KiB, with a warning */
    size_t big = 3u << 20;
    char *t = malloc(big + 64);
    CU_ASSERT_FATAL(t != NULL);
    size_t n = (size_t)sprintf(t, "[Event \"");
    memset(t + n, 'x', big);
    n += big;
    n += (size_t)sprintf(t + n, "\"]\n[Site \"s\"]\n1. 32-28 *");
    CU_ASSERT_EQUAL(read_all(t, n, 0, &s, &g), 1);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.code[0], "tag-too-long");
    CU_ASSERT_EQUAL(strlen(pk_game_tag(&g, "Event")), 65536);
    CU_ASSERT_STRING_EQUAL(pk_game_tag(&g, "Site"), "s");
    CU_ASSERT_EQUAL(g.main.nmoves, 1);
    pk_game_free(&g);
    /* not closed on its line: kept up to the line break, reported */
    n = (size_t)sprintf(t, "[Event \"");
    memset(t + n, 'x', big);
    n += big;
    n += (size_t)sprintf(t + n, "\n1. 32-28 *");
    CU_ASSERT_EQUAL(read_all(t, n, 0, &s, &g), 1);
    CU_ASSERT_TRUE(find(&s, "tag-syntax") >= 0);
    CU_ASSERT_TRUE(find(&s, "tag-too-long") >= 0);
    CU_ASSERT_EQUAL(g.main.nmoves, 1);
    pk_game_free(&g);
    free(t);
}

/* The glued and spaced results of issue 15 are read only where they cannot be moves. */
static void test_result_like_moves(void)
{
    seen s;
    pk_game g;
    /* glued: the game ends at the result, the number starts the next game */
    CU_ASSERT_EQUAL(rd("63.11-07 64.26x08 23-18\n1-101.33-29 17-21 02.39-33\n0-201.32-28 18-23\n", 0, &s, &g), 3);
    CU_ASSERT_EQUAL(g.main.nmoves, 3);
    CU_ASSERT_STRING_EQUAL(g.result.text, "1-1");
    CU_ASSERT_EQUAL(g.result.kind, PK_RESULT_DRAW);
    pk_game_free(&g);
    /* the second game: "01.33-29 17-21 02.39-33", result 0-2 */
    static const char two[] = "1.32-28 18-23 1-101.33-29 17-21 02.39-33 0-201.32-28 *";
    FILE *f = fmemopen((void *)two, sizeof two - 1, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    pk_diag_sink sink = {collect, &s};
    memset(&s, 0, sizeof s);
    pk_game_init(&g);
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink, NULL), PK_OK);
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink, NULL), PK_OK);
    CU_ASSERT_EQUAL_FATAL(g.main.nmoves, 3);
    CU_ASSERT_EQUAL(g.main.moves[0].number, 1);
    CU_ASSERT_STRING_EQUAL(g.main.moves[0].text, "33-29");
    CU_ASSERT_EQUAL(g.main.moves[0].col, 21);
    CU_ASSERT_STRING_EQUAL(g.result.text, "0-2");
    CU_ASSERT_EQUAL(g.line, 1);
    CU_ASSERT_EQUAL(g.col, 18);
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink, NULL), PK_OK);
    CU_ASSERT_EQUAL(g.main.nmoves, 1);
    CU_ASSERT_STRING_EQUAL(g.result.text, "*");
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink, NULL), PK_END);
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    /* still moves: "10-14" after a move number, "1-6" (international), "1-10" followed
     * by the next move number, "1 - 1" with movetext after it */
    static const char *const moves[] = {"1. 10-14 *", "1. 1-6 *", "5.1-106.33-29 *", "1. 1-6 2. 10-14 1-0",
                                        "7. 1-10 8. 1-10 *"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        CU_ASSERT_EQUAL(rd(moves[i], PK_PDN_STRICT, &s, &g), 1);
        CU_ASSERT_EQUAL(s.n, 0);
        CU_ASSERT_TRUE(g.main.nmoves >= 1);
        CU_ASSERT_TRUE(strcmp(g.main.moves[0].text, "10-14") == 0 || strcmp(g.main.moves[0].text, "1-6") == 0 ||
                       strcmp(g.main.moves[0].text, "1-10") == 0);
        pk_game_free(&g);
    }
    CU_ASSERT_EQUAL(rd("1-101.33-29 *", 0, &s, &g), 1); /* no move before it: no empty game */
    CU_ASSERT_EQUAL(g.main.nmoves, 2);
    pk_game_free(&g);
    CU_ASSERT_EQUAL(rd("5.1-106.33-29 *", 0, &s, &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 2);
    CU_ASSERT_EQUAL(g.main.moves[1].number, 6);
    pk_game_free(&g);
    CU_ASSERT_EQUAL(rd("1. 32-28 1 - 1 2. 28-24 *", 0, &s, &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 3);
    CU_ASSERT_STRING_EQUAL(g.result.text, "*");
    CU_ASSERT_TRUE(find(&s, "spaced-result") < 0);
    pk_game_free(&g);
    /* a glued result while skipping after a syntax error still ends the game */
    CU_ASSERT_EQUAL(rd("1.32-28 ) 18-23 1-101.33-29 *", 0, &s, NULL), 2);
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
    snprintf(path, sizeof path, "%s/parser-tests/legacy-encodings/abatsiev-cp1251.pdn", CORPORA_DIR());
    snprintf(path2, sizeof path2, "%s/russian/wiegerw-pdn/abatsiev.pdn", CORPORA_DIR());
    FILE *a = fopen(path, "rb"), *b = fopen(path2, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    pk_pdn_reader *ra = pk_pdn_open(a, path, 0, NULL), *rb = pk_pdn_open(b, path2, 0, NULL);
    pk_game ga, gb;
    pk_game_init(&ga);
    pk_game_init(&gb);
    int same = 0, n = 0;
    while (pk_pdn_next(ra, &ga, NULL, NULL) == PK_OK && pk_pdn_next(rb, &gb, NULL, NULL) == PK_OK) {
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

/* ---- what the every-variant tests found (tests/scripts/variant-games.sh) ---- */

/* The last note of a line: after its last move, or before its first when it has none. */
static const pk_pdn_note *last_note(const pk_pdn_line *l)
{
    const pk_pdn_note *n = l->nmoves ? l->moves[l->nmoves - 1].after : l->pre;
    while (n && n->next)
        n = n->next;
    return n;
}

/* "1-2" and "2-1" are moves on the full Turkish board, where squares 1 (a8) and 2 (b8) are
 * neighbours (pdnconv --numeric writes them so), and results of unknown meaning
 * elsewhere, as before (pdn(5) RESULTS). */
static void test_turkish_1_2(void)
{
    seen s;
    pk_game g;
    static const char *const turkish[] = {
        "[GameType \"30\"]\n[FEN \"W:WK2:BK64\"]\n\n1. 2-1 64-63 2. 1-2 *\n",
        "[GameType \"30,W,8,8,A0,0\"]\n[FEN \"W:WK2:BK64\"]\n\n1. 2-1 64-63 2. 1-2 *\n",
        "[Variant \"Turkish\"]\n[FEN \"W:WK2:BK64\"]\n\n1. 2-1 64-63 2. 1-2 *\n",
        "[Variant \"turk\"]\n[FEN \"W:WK2:BK64\"]\n\n1. 2-1 64-63 2. 1:2 *\n",
    };
    for (size_t i = 0; i < sizeof turkish / sizeof turkish[0]; i++) {
        CU_ASSERT_EQUAL(rd(turkish[i], PK_PDN_STRICT, &s, &g), 1);
        CU_ASSERT_EQUAL(s.n, 0);
        CU_ASSERT_EQUAL_FATAL(g.main.nmoves, 3);
        CU_ASSERT_STRING_EQUAL(g.main.moves[0].text, "2-1");
        CU_ASSERT_EQUAL(g.main.moves[2].squares[0].num, 1);
        CU_ASSERT_EQUAL(g.main.moves[2].squares[1].num, 2);
        CU_ASSERT_STRING_EQUAL(g.result.text, "*");
        pk_game_free(&g);
    }
    /* last in the movetext, also with blanks: a move all the same */
    CU_ASSERT_EQUAL(rd("[GameType \"30\"]\n1. 2-1 64-63 2. 1 - 2", 0, &s, &g), 1);
    CU_ASSERT_EQUAL(g.main.nmoves, 3);
    CU_ASSERT_PTR_NULL(g.result.text);
    CU_ASSERT_TRUE(find(&s, "spaced-result") < 0);
    pk_game_free(&g);
    /* after a syntax error, the rest of the game is one: not cut at "1-2" */
    CU_ASSERT_EQUAL(rd("[GameType \"30\"]\n1. 2-1 ) 64-63 2. 1-2 63-64 *\n", 0, &s, &g), 1);
    CU_ASSERT_STRING_EQUAL(g.result.text, "*");
    pk_game_free(&g);
    /* elsewhere a result, as before: no tag, another GameType, a Variant tag naming
     * another variant over GameType 30 */
    static const char *const others[] = {
        "1. 32-28 1-2\n",
        "[GameType \"20\"]\n1. 32-28 2-1\n",
        "[GameType \"21\"]\n1. 11-15 1-2\n",
        "[Variant \"Russian\"]\n[GameType \"30\"]\n1. c3-d4 2-1\n",
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        CU_ASSERT_EQUAL(rd(others[i], 0, &s, &g), 1);
        CU_ASSERT_EQUAL(g.main.nmoves, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(g.result.text);
        CU_ASSERT_TRUE(!strcmp(g.result.text, "1-2") || !strcmp(g.result.text, "2-1"));
        CU_ASSERT_EQUAL(g.result.kind, PK_RESULT_UNKNOWN);
        pk_game_free(&g);
    }
}

/* Comments and % or ; lines after the last game's terminator are that game's last notes
 * (pdnconv writes them back), never dropped without a word (issue 31's reader items). */
static void test_notes_after_last_game(void)
{
    seen s;
    pk_game g;
    static const struct {
        const char *text, *note;
        int kind;
    } after[] = {
        {"[GameType \"20\"]\n1. 32-28 19-23 * {after the end}\n", "after the end", PK_NOTE_COMMENT},
        {"[GameType \"20\"]\n1. 32-28 19-23 *\n% x\n", " x", PK_NOTE_LINE},
        {"[GameType \"20\"]\n1. 32-28 19-23 1-0\n; x", " x", PK_NOTE_LINE},
        {"[GameType \"20\"]\n1. 32-28 19-23 *\r\n{one}\r\n% two\r\n{three}", "three", PK_NOTE_COMMENT},
        {"[GameType \"20\"]\n* {no moves}\n", "no moves", PK_NOTE_COMMENT},
    };
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
        CU_ASSERT_EQUAL(rd(after[i].text, PK_PDN_STRICT, &s, &g), 1);
        CU_ASSERT_EQUAL(s.n, 0);
        const pk_pdn_note *n = last_note(&g.main);
        CU_ASSERT_PTR_NOT_NULL_FATAL(n);
        CU_ASSERT_EQUAL(n->kind, after[i].kind);
        CU_ASSERT_STRING_EQUAL(n->text, after[i].note);
        CU_ASSERT_PTR_NOT_NULL(g.result.text);
        pk_game_free(&g);
    }
    /* between two games: the next game's, as before */
    CU_ASSERT_EQUAL(rd("[GameType \"20\"]\n1. 32-28 *\n% between\n[GameType \"20\"]\n1. 33-29 *\n", 0, &s, &g), 2);
    CU_ASSERT_PTR_NULL(last_note(&g.main));
    pk_game_free(&g);
    /* more after the comment: not the last game's */
    CU_ASSERT_EQUAL(rd("[GameType \"20\"]\n1. 32-28 * {c} 1. 33-29 *\n", 0, &s, &g), 2);
    CU_ASSERT_PTR_NULL(last_note(&g.main));
    pk_game_free(&g);
    /* a game that no notes can join (cut by a syntax error): said, in no game */
    CU_ASSERT_EQUAL(rd("[GameType \"20\"]\n1. 32-28 ) 19-23 *\n{lost}\n", 0, &s, NULL), 1);
    int i = find(&s, "stray-text");
    CU_ASSERT_FATAL(i >= 0);
    CU_ASSERT_EQUAL(s.game[i], 0);
    CU_ASSERT_EQUAL(s.line[i], 3);
}

/* A move number just before a syntax error is part of the text kept after it ("1. ) ...":
 * pdnconv writes it back as it stands), unless a comment stands between them. */
static void test_number_before_syntax_error(void)
{
    seen s;
    pk_game g;
    static const struct {
        const char *text, *rest;
        int line, col;
    } cases[] = {
        {"[GameType \"20\"]\n1. 32-28 19-23 2. ) 17-22 *\n", "2. ) 17-22", 2, 16},
        {"[GameType \"20\"]\n1. ) 17-22 *\n", "1. ) 17-22", 2, 1},
        {"[GameType \"20\"]\n1. 32-28 1... ) 17-22 *\n", "1... ) 17-22", 2, 10},
        {"[GameType \"20\"]\n1. 32-28 19-23 2.\n) 17-22 *\n", "2.\n) 17-22", 2, 16},
        {"[GameType \"20\"]\n1. 32-28 19-23 2. {c} ) 17-22 *\n", ") 17-22", 2, 23},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CU_ASSERT_EQUAL(rd(cases[i].text, 0, &s, &g), 1);
        const pk_pdn_note *n = last_note(&g.main);
        CU_ASSERT_PTR_NOT_NULL_FATAL(n);
        CU_ASSERT_EQUAL(n->kind, PK_NOTE_UNPARSED);
        CU_ASSERT_STRING_EQUAL(n->text, cases[i].rest);
        CU_ASSERT_EQUAL(n->line_no, cases[i].line);
        CU_ASSERT_EQUAL(n->col, cases[i].col);
        pk_game_free(&g);
    }
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

/* Stray text before a game belongs to that game; after the last game, to none (index 0:
 * no game is named that the count leaves out). */
static void test_stray_outside_games(void)
{
    seen s;
    CU_ASSERT_EQUAL(rd("[Event \"a\"]\n1. 32-28 *\n\n junk here\n", 0, &s, NULL), 1);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.code[0], "stray-text");
    CU_ASSERT_EQUAL(s.game[0], 0);
    CU_ASSERT_EQUAL(s.line[0], 4);
    CU_ASSERT_EQUAL(s.col[0], 2);
    CU_ASSERT_EQUAL(rd("hello world\n", PK_PDN_STRICT, &s, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_EQUAL(s.game[0], 0);
    CU_ASSERT_EQUAL(s.sev[0], PK_SEV_ERROR);
    /* before a game: that game's, reported before the game's own diagnostics */
    CU_ASSERT_EQUAL(rd("[Event \"a\"]\n1. 32-28 *\njunk\n[Event \"b\"]\n1. 32-28 ) *\n", 0, &s, NULL), 2);
    CU_ASSERT_EQUAL_FATAL(s.n, 2);
    CU_ASSERT_STRING_EQUAL(s.code[0], "stray-text");
    CU_ASSERT_EQUAL(s.game[0], 2);
    CU_ASSERT_STRING_EQUAL(s.code[1], "syntax");
    CU_ASSERT_EQUAL(s.game[1], 2);
    /* an unterminated comment before any game makes none (issue 9 item 18): both the
     * stray text and the comment are reported, in no game, at their line and column */
    CU_ASSERT_EQUAL(rd("junk {unterminated\n", 0, &s, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(s.n, 2);
    CU_ASSERT_STRING_EQUAL(s.code[0], "stray-text");
    CU_ASSERT_EQUAL(s.game[0], 0);
    CU_ASSERT_STRING_EQUAL(s.code[1], "unterminated-comment");
    CU_ASSERT_EQUAL(s.game[1], 0);
    CU_ASSERT_EQUAL(s.line[1], 1);
    CU_ASSERT_EQUAL(s.col[1], 6);
    CU_ASSERT_EQUAL(s.sev[1], PK_SEV_WARNING);
    CU_ASSERT_EQUAL(rd("{ hello", PK_PDN_STRICT, &s, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_EQUAL(s.sev[0], PK_SEV_ERROR);
    /* ended by a tag line: reported in the game that starts there, which is whole */
    CU_ASSERT_EQUAL(rd("{ hello\n[Event \"a\"]\n1. 32-28 *\n", 0, &s, NULL), 1);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.code[0], "unterminated-comment");
    CU_ASSERT_EQUAL(s.game[0], 1);
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
    while (pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
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
    {"squares of the 12x12 board, and none past it", test_squares_12x12},
    {"hop by hop captures", test_hop_by_hop},
    {"numbers and ellipsis", test_numbers_and_ellipsis},
    {"results", test_results},
    {"standard forms: no diagnostic", test_standard_forms},
    {"tolerances", test_tolerances},
    {"spaces inside a move", test_spacing_warns},
    {"results glued or spaced, and the moves they are not", test_result_like_moves},
    {"tag values over several lines or past the window", test_wrapped_tags},
    {"encodings", test_encodings},
    {"legacy file decodes like its UTF-8 copy", test_legacy_files},
    {"recovery", test_recovery},
    {"stray text outside any game", test_stray_outside_games},
    {"streaming", test_streaming},
    {"gametype", test_gametype},
    {"1-2 and 2-1: moves on the Turkish board, results elsewhere", test_turkish_1_2},
    {"notes after the last game's terminator", test_notes_after_last_game},
    {"a move number before a syntax error is kept with the rest", test_number_before_syntax_error},
    {NULL, NULL}};

PK_TEST_MAIN("pdn_read", tests)
