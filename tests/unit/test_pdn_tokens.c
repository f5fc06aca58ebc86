/*
 * test_pdn_tokens.c -- the reader's small public pieces (pdn.h): result tokens classified
 * and written (RULES 4.4: the PDN 3.0 families "1-0 0-1 1/2-1/2 0-0 *" and the 10x10
 * "2-0 0-2 1-1"; the tolerated LID forms "½-½", "0.5-0.5"), the move parser that splits a
 * move text into squares and separators (RULES 4.3: "32x23x14", "c3:e5", "a3b4", "hg7",
 * "01-07", spaced forms), and whether the lexer's pattern runs under PCRE2's JIT.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "pdn.h"
#include "pktest.h"

static void classify(const char *text, int kind, int standard)
{
    int std = -7;
    int k = pk_result_classify(text, strlen(text), &std);
    if (k != kind)
        printf("\n  \"%s\": kind %d, expected %d", text, k, kind);
    CU_ASSERT_EQUAL(k, kind);
    CU_ASSERT_EQUAL(std, kind >= 0 ? standard : -7); /* not a result: *standard untouched */
}

static void test_classify(void)
{
    classify("1-0", PK_RESULT_FIRST_WIN, 1);
    classify("0-1", PK_RESULT_SECOND_WIN, 1);
    classify("2-0", PK_RESULT_FIRST_WIN, 1);
    classify("0-2", PK_RESULT_SECOND_WIN, 1);
    classify("1/2-1/2", PK_RESULT_DRAW, 1);
    classify("1-1", PK_RESULT_DRAW, 1);
    classify("0-0", PK_RESULT_DOUBLE_FORFEIT, 1);
    classify("*", PK_RESULT_UNKNOWN, 1);
    classify("\xc2\xbd-\xc2\xbd", PK_RESULT_DRAW, 0);
    classify("0.5-0.5", PK_RESULT_DRAW, 0);
    classify("1/2:1/2", PK_RESULT_DRAW, 0);
    classify("2:0", PK_RESULT_FIRST_WIN, 0);
    classify("-", PK_RESULT_UNKNOWN, 0);
    classify("3-0", -1, 0);
    classify("1-0 ", -1, 0);
    classify("1-", -1, 0);
    classify("", -1, 0);
    classify("32-28", -1, 0);
    /* the length counts, not a NUL: "1-0" inside a longer text */
    CU_ASSERT_EQUAL(pk_result_classify("1-0 0-1", 3, NULL), PK_RESULT_FIRST_WIN);
}

static void test_token(void)
{
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_FIRST_WIN, NULL), "1-0");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_SECOND_WIN, NULL), "0-1");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_DRAW, NULL), "1/2-1/2");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_DOUBLE_FORFEIT, NULL), "0-0");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_UNKNOWN, NULL), "*");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_NONE, NULL), "*");
    /* the 10x10 family when the token as written was one of it */
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_FIRST_WIN, "2-0"), "2-0");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_SECOND_WIN, "1-1"), "0-2");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_DRAW, "0-2"), "1-1");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_DRAW, "1/2-1/2"), "1/2-1/2");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_DRAW, "0.5-0.5"), "1/2-1/2");
    CU_ASSERT_STRING_EQUAL(pk_result_token(PK_RESULT_DOUBLE_FORFEIT, "2-0"), "0-0");
    /* every token written reads back as its kind, as a standard form */
    for (int k = PK_RESULT_UNKNOWN; k <= PK_RESULT_DOUBLE_FORFEIT; k++)
        for (int ten = 0; ten < 2; ten++) {
            const char *t = pk_result_token(k, ten ? "1-1" : NULL);
            int std = 0;
            CU_ASSERT_EQUAL(pk_result_classify(t, strlen(t), &std), k);
            CU_ASSERT_EQUAL(std, 1);
        }
}

/* split text; want: the square texts joined by the separators ("32x23x14"), kinds as
 * letters (n numeric, a algebraic, f file only) */
static void split(const char *text, int nsq, const char *want_seps, const char *kinds, unsigned traits)
{
    pk_pdn_square sq[8];
    char sqtext[64], seps[32];
    unsigned tr = 99;
    int n = pk_pdn_split_move(text, strlen(text), sq, 8, sqtext, seps, &tr);
    if (n != nsq || strcmp(seps, want_seps) || tr != traits)
        printf("\n  \"%s\": %d squares, seps \"%s\", traits %u", text, n, seps, tr);
    CU_ASSERT_EQUAL_FATAL(n, nsq);
    CU_ASSERT_STRING_EQUAL(seps, want_seps);
    CU_ASSERT_EQUAL(tr, traits);
    for (int i = 0; i < n; i++) {
        char k = sq[i].kind == PK_SQ_NUMERIC ? 'n' : sq[i].kind == PK_SQ_ALGEBRAIC ? 'a' : 'f';
        CU_ASSERT_EQUAL(k, kinds[i]);
    }
}

static void test_split(void)
{
    pk_pdn_square sq[8];
    char sqtext[64], seps[32];
    unsigned tr;
    CU_ASSERT_EQUAL(pk_pdn_split_move("32x23x14", 8, sq, 8, sqtext, seps, &tr), 3);
    CU_ASSERT_EQUAL(sq[0].num, 32);
    CU_ASSERT_EQUAL(sq[1].num, 23);
    CU_ASSERT_EQUAL(sq[2].num, 14);
    CU_ASSERT_STRING_EQUAL(sq[0].text, "32");
    CU_ASSERT_STRING_EQUAL(sq[2].text, "14");
    CU_ASSERT_EQUAL(sq[0].file, -1);
    CU_ASSERT_STRING_EQUAL(seps, "xx");
    CU_ASSERT_EQUAL(tr, 0u);

    CU_ASSERT_EQUAL(pk_pdn_split_move("c3:e5", 5, sq, 8, sqtext, seps, &tr), 2);
    CU_ASSERT_EQUAL(sq[0].kind, PK_SQ_ALGEBRAIC);
    CU_ASSERT_EQUAL(sq[0].file, 2);
    CU_ASSERT_EQUAL(sq[0].rank, 3);
    CU_ASSERT_EQUAL(sq[1].file, 4);
    CU_ASSERT_EQUAL(sq[1].rank, 5);
    CU_ASSERT_EQUAL(sq[1].num, 0);
    CU_ASSERT_STRING_EQUAL(sq[1].text, "e5");

    split("a3b4", 2, " ", "aa", 0);                   /* no separator written */
    split("01-07", 2, "-", "nn", 0);                  /* leading zeros */
    split("11x18x25", 3, "xx", "nnn", 0);
    split("hg7", 2, " ", "fa", PK_PDN_SPLIT_FILE_ONLY); /* column-only origin */
    split("C3-D4", 2, "-", "aa", PK_PDN_SPLIT_UPPER);
    split("28 x17", 2, "x", "nn", PK_PDN_SPLIT_SPACED);
    split("1- 7", 2, "-", "nn", PK_PDN_SPLIT_PADDED);  /* a blank padding a one-digit square */
    CU_ASSERT_EQUAL(pk_pdn_split_move("01-07", 5, sq, 8, sqtext, seps, &tr), 2);
    CU_ASSERT_EQUAL(sq[0].num, 1);
    CU_ASSERT_EQUAL(sq[1].num, 7);
    CU_ASSERT_STRING_EQUAL(sq[0].text, "01");
    CU_ASSERT_EQUAL(pk_pdn_split_move("C3-D4", 5, sq, 8, sqtext, seps, &tr), 2);
    CU_ASSERT_STRING_EQUAL(sq[0].text, "c3"); /* folded */
    /* at most maxsq squares */
    CU_ASSERT_EQUAL(pk_pdn_split_move("1x2x3x4x5", 9, sq, 3, sqtext, seps, &tr), 3);
}

/* The lexer uses the JIT exactly when PCRE2 can JIT-compile a pattern here. */
static void test_jit(void)
{
    int err;
    PCRE2_SIZE off;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR) "[0-9]+x?", PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(re);
    int can = pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) == 0;
    pcre2_code_free(re);
    const char text[] = "[GameType \"20\"]\n1. 32-28 *\n";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(pk_pdn_jit(r), can);
    pk_game g;
    pk_game_init(&g);
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, NULL, NULL), PK_OK); /* and it reads, either way */
    CU_ASSERT_EQUAL(g.main.nmoves, 1);
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
}

static const pk_test tests[] = {
    {"result classify", test_classify},
    {"result token", test_token},
    {"split a move", test_split},
    {"jit", test_jit},
    {NULL, NULL},
};
PK_TEST_MAIN("pdn tokens", tests)
