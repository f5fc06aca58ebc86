/* test_pdn_lex.c -- the PDN tokenizer: one test per token class, with and without the
 * hand-written fast path (both must give the same tokens). */
#include "pdn_lex.h"
#include "pktest.h"

#include <string.h>

/* Kind and length of the first token of s, lexed with the given path. */
static int lex1(const char *s, int fast, size_t *len)
{
    pk_lexer *lx = pk_lex_new(fast, NULL);
    pk_token t;
    int k = pk_lex_next(lx, s, strlen(s), 0, 1, &t);
    *len = t.len;
    pk_lex_free(lx);
    return k;
}

/* Checks that s starts with a token of kind `kind` spanning `want` bytes, on both paths. */
static void expect(const char *s, int kind, size_t want)
{
    for (int fast = 0; fast <= 1; fast++) {
        size_t len = 0;
        int k = lex1(s, fast, &len);
        if (k != kind || len != want)
            fprintf(stderr, "  '%s' (fast=%d): got %s/%zu, want %s/%zu\n", s, fast, pk_tok_name(k), len,
                    pk_tok_name(kind), want);
        CU_ASSERT_EQUAL(k, kind);
        CU_ASSERT_EQUAL(len, want);
    }
}

static void test_jit(void)
{
    pk_lexer *lx = pk_lex_new(1, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(lx);
    printf("(jit %s) ", pk_lex_jit(lx) ? "on" : "off");
    pk_lex_free(lx);
}

static void test_blank(void)
{
    expect("  \t\r\n 1.", PK_TOK_WS, 6);
    expect("\r\r\nx", PK_TOK_WS, 3);
}

static void test_tag(void)
{
    expect("[Event \"Manchester 1841\"]\n", PK_TOK_TAG, 25);
    expect("[White \"a \\\"b\\\" c\"] 32-28", PK_TOK_TAG, 19);
    expect("[Event       \"x\"]", PK_TOK_TAG, 17);   /* space-padded name */
    expect("[\nEvent \"x\"]", PK_TOK_TAG, 12);       /* split over lines */
    expect("[Empty]", PK_TOK_TAG_ODD, 7);
    expect("[Round 17]", PK_TOK_TAG_ODD, 10);
    expect("[Event \xE2\x80\x9Cx\xE2\x80\x9D]", PK_TOK_TAG_ODD, 15); /* smart quotes */
    expect("[\n[Event \"x\"]", PK_TOK_TAG_OPEN, 1);
}

static void test_comment(void)
{
    expect("{a comment}", PK_TOK_COMMENT, 1); /* the reader scans to '}' */
    expect("% line comment\n1.", PK_TOK_LINE, 14);
    expect("; also\n", PK_TOK_LINE, 6);
}

static void test_numbers(void)
{
    expect("12. 32-28", PK_TOK_NUMBER, 3);
    expect("12... 19-23", PK_TOK_NUMBER, 5);
    expect("01.", PK_TOK_NUMBER, 3);
    expect("1.32-28", PK_TOK_NUMBER, 2);
    expect("... 7-12", PK_TOK_ELLIPSIS, 3);
}

static void test_moves(void)
{
    expect("32-28 19-23", PK_TOK_MOVE, 5);
    expect("26x17x10x1 0-1", PK_TOK_MOVE, 10);
    expect("06-11 ", PK_TOK_MOVE, 5);
    expect("d4:b6 ", PK_TOK_MOVE, 5);
    expect("c3-d4", PK_TOK_MOVE, 5);
    expect("a3b4", PK_TOK_MOVE, 4);
    expect("E3-D4 ", PK_TOK_MOVE, 5);
    expect("ed4 dc5", PK_TOK_MOVE, 3);
    expect("1 - 5 ", PK_TOK_MOVE, 5);
    expect("28 x17 ", PK_TOK_MOVE, 6);
    expect("1- 7 ", PK_TOK_MOVE, 4);
    expect("11x18 18x25", PK_TOK_MOVE, 5);
    expect("8-11Redoverstepped", PK_TOK_MOVE, 4);
    /* 12x12 boards (RULES 2.13): files to l, ranks to 12 (issue 31); the board is the
       replay's to check, a square past it is named there, not junk here */
    expect("a1-l12 *", PK_TOK_MOVE, 6);
    expect("k11xi9 ", PK_TOK_MOVE, 6);
    expect("L12-K11 ", PK_TOK_MOVE, 7);
    expect("b12:d10:f12 ", PK_TOK_MOVE, 11);
    expect("a10b11 ", PK_TOK_MOVE, 6);
    expect("a13-b12 ", PK_TOK_JUNK, 7); /* no rank 13 */
    expect("m1-l2 ", PK_TOK_JUNK, 5);   /* no file m */
}

static void test_strength(void)
{
    expect("32-28!? 19-23", PK_TOK_MOVE, 7);
    expect("19-23(!?!!!) 2.", PK_TOK_MOVE, 12);
    expect("19-23?? ", PK_TOK_MOVE, 7);
    expect("37-32? 23-29!", PK_TOK_MOVE, 6);
    expect("19-23* ", PK_TOK_MOVE, 6);
    expect("(?) 1.", PK_TOK_STRENGTH, 3);
}

static void test_results(void)
{
    expect("1-0\n", PK_TOK_RESULT, 3);
    expect("0-1", PK_TOK_RESULT, 3);
    expect("1/2-1/2 ", PK_TOK_RESULT, 7);
    expect("2-0", PK_TOK_RESULT, 3);
    expect("0-2", PK_TOK_RESULT, 3);
    expect("1-1", PK_TOK_RESULT, 3);
    expect("0-0", PK_TOK_RESULT, 3);
    expect("*", PK_TOK_RESULT, 1);
    expect("\xC2\xBD-\xC2\xBD", PK_TOK_RESULT, 5);
    expect("0.5-0.5", PK_TOK_RESULT, 7);
    expect("1/2:1/2", PK_TOK_RESULT, 7);
    expect("0:1", PK_TOK_RESULT, 3);
    expect("0-1[Event \"x\"]", PK_TOK_RESULT, 3);
    expect("1-10 ", PK_TOK_MOVE, 4); /* a move, not 1-1 */
    expect("4-6 ", PK_TOK_MOVE, 3);  /* match points lex as a move (delfts.pdn) */
}

static void test_misc(void)
{
    expect("$12 ", PK_TOK_NAG, 3);
    expect("/FEN \"W:W31-50:B1-20\"/ 1.", PK_TOK_SETUP, 22);
    expect("(18-23 38-32)", PK_TOK_OPEN, 1);
    expect(") 28x19", PK_TOK_CLOSE, 1);
    expect("- - 2.", PK_TOK_DASH, 1);
    expect("9n 32x41", PK_TOK_JUNK, 2);
    expect(". 1-0", PK_TOK_JUNK, 1);
    expect("\\r\n[", PK_TOK_JUNK, 2);
    expect("}", PK_TOK_JUNK, 1);
}

static void test_need_more(void)
{
    pk_lexer *lx = pk_lex_new(1, NULL);
    pk_token t;
    /* "32-2" at the end of a window that is not the end of input: it may be "32-28" */
    CU_ASSERT_EQUAL(pk_lex_next(lx, "32-2", 4, 0, 0, &t), PK_TOK_NONE);
    CU_ASSERT_EQUAL(pk_lex_next(lx, "32-2", 4, 0, 1, &t), PK_TOK_MOVE);
    CU_ASSERT_EQUAL(pk_lex_next(lx, "[Event \"x", 9, 0, 0, &t), PK_TOK_NONE);
    pk_lex_free(lx);
}

static const pk_test tests[] = {
    {"jit", test_jit},         {"blank", test_blank},       {"tag", test_tag},
    {"comment", test_comment}, {"numbers", test_numbers},   {"moves", test_moves},
    {"strength", test_strength}, {"results", test_results}, {"misc", test_misc},
    {"need more input", test_need_more}, {NULL, NULL}};

PK_TEST_MAIN("pdn_lex", tests)
