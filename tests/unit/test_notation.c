/*
 * test_notation.c -- moves written as PDN text (RULES 4.1, 4.3): short and full capture
 * forms, the variant's separator, numeric versus algebraic squares, and the ambiguity
 * rule (E2: 31x15 is ambiguous, so pk_move_write_pdn writes the full path).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pdnkit.h"
#include "unit/engine_helpers.h"
#include "unit/pktest.h"

static pk_movelist ml;

static int bit(const pk_variant *v, const char *s)
{
    int b = PK_SQUARE(v->geom, s, strlen(s), NULL);
    CU_ASSERT_FATAL(b >= 0);
    return b;
}

/* The move of `l` starting on `from` whose path squares (the landing squares after each
 * jump; for a quiet move just the destination) are the NULL-terminated names given.
 * Found through the move fields, not through the writer under test. */
static const pk_move *find(const pk_variant *v, const pk_movelist *l, const char *from, ...)
{
    int sqs[PK_MAX_PATH], n = 0;
    va_list ap;
    va_start(ap, from);
    for (const char *s; (s = va_arg(ap, const char *)) != NULL && n < PK_MAX_PATH;)
        sqs[n++] = bit(v, s);
    va_end(ap);
    int f = bit(v, from);
    for (int i = 0; i < l->n; i++) {
        const pk_move *m = &l->m[i];
        if (m->from != f || m->to != sqs[n - 1])
            continue;
        if (!(m->flags & PK_MV_CAPTURE)) {
            if (n == 1)
                return m;
            continue;
        }
        if (m->ncap != n)
            continue;
        bool same = true;
        for (int k = 0; k < n; k++)
            same &= m->path[k] == sqs[k];
        if (same)
            return m;
    }
    printf("\n  %s: no move from %s with that path", v->name, from);
    CU_FAIL("move not found");
    return NULL;
}

static void expect_text(const pk_variant *v, const pk_move *m, unsigned flags, const char *want)
{
    if (!m)
        return;
    char buf[128];
    int len = pk_move_write(v, m, flags, buf, sizeof buf);
    if (strcmp(buf, want) != 0)
        printf("\n  %s flags %u: wrote '%s', expected '%s'", v->name, flags, buf, want);
    CU_ASSERT_STRING_EQUAL(buf, want);
    CU_ASSERT_EQUAL(len, (int)strlen(want));
}

static void expect_pdn(const pk_variant *v, const pk_move *m, unsigned flags, const char *want)
{
    if (!m)
        return;
    char buf[128];
    int len = pk_move_write_pdn(v, &ml, m, flags, buf, sizeof buf);
    if (strcmp(buf, want) != 0)
        printf("\n  %s pdn flags %u: wrote '%s', expected '%s'", v->name, flags, buf, want);
    CU_ASSERT_STRING_EQUAL(buf, want);
    CU_ASSERT_EQUAL(len, (int)strlen(want));
}

static void test_quiet(void)
{
    const pk_variant *in = var("international");
    pk_pos p = pos_of(in, in->start_fen);
    pk_gen_legal(in, &p, &ml, 0);
    const pk_move *m = find(in, &ml, "32", "28", NULL);
    expect_text(in, m, 0, "32-28");
    expect_text(in, m, PK_NOT_FULL, "32-28");
    expect_text(in, m, PK_NOT_ALGEBRAIC, "d4-e5");
    expect_pdn(in, m, 0, "32-28");

    const pk_variant *ru = var("russian");
    p = pos_of(ru, ru->start_fen);
    pk_gen_legal(ru, &p, &ml, 0);
    m = find(ru, &ml, "c3", "d4", NULL);
    expect_text(ru, m, 0, "c3-d4"); /* Russian is written algebraically by default */
    expect_text(ru, m, PK_NOT_NUMERIC, "22-18");
    expect_pdn(ru, m, 0, "c3-d4");

    const pk_variant *en = var("english");
    p = pos_of(en, en->start_fen);
    pk_gen_legal(en, &p, &ml, 0);
    m = find(en, &ml, "9", "13", NULL);
    expect_text(en, m, 0, "9-13");
    /* RULES 1.2.5: English names squares in Black's frame (9 = White's b6 = Black's g3) */
    expect_text(en, m, PK_NOT_ALGEBRAIC, "g3-h4");

    const pk_variant *es = var("spanish");
    p = pos_of(es, es->start_fen);
    pk_gen_legal(es, &p, &ml, 0);
    m = find(es, &ml, "9", "13", NULL); /* h3-g4 */
    expect_text(es, m, 0, "9-13");
    expect_text(es, m, PK_NOT_ALGEBRAIC, "h3-g4");
}

static void test_capture_short_full(void)
{
    const pk_variant *in = var("international");
    pk_pos p = pos_of(in, "W:WK46,36:B37,18,31");
    pk_gen_legal(in, &p, &ml, 0);
    const pk_move *m = find(in, &ml, "46", "23", "12", NULL);
    expect_text(in, m, 0, "46x12");
    expect_text(in, m, PK_NOT_FULL, "46x23x12");
    expect_text(in, m, PK_NOT_FULL | PK_NOT_ALGEBRAIC, "a1xf6xd8");
    expect_text(in, m, PK_NOT_ALGEBRAIC, "a1xd8");
    expect_pdn(in, m, 0, "46x12");
    expect_pdn(in, m, PK_NOT_FULL, "46x12"); /* the PDN form decides on its own */

    const pk_variant *en = var("english");
    p = pos_of(en, "B:W14,22,15:B10");
    pk_gen_legal(en, &p, &ml, 0);
    m = find(en, &ml, "10", "17", "26", NULL);
    expect_text(en, m, 0, "10x26");
    expect_text(en, m, PK_NOT_FULL, "10x17x26");
    expect_pdn(en, m, 0, "10x26");
    m = find(en, &ml, "10", "19", NULL);
    expect_text(en, m, 0, "10x19");
    expect_text(en, m, PK_NOT_FULL, "10x19");
}

/* RULES 4.1: ':' for Russian, 'x' elsewhere (Czech: write 'x', D-CZ-1). */
static void test_separator(void)
{
    const pk_variant *ru = var("russian");
    pk_pos p = pos_of(ru, "W:WK23:B9,18,27");
    pk_gen_legal(ru, &p, &ml, 0);
    const pk_move *m = find(ru, &ml, "e3", "c5", "a7", NULL);
    expect_text(ru, m, 0, "e3:a7");
    expect_text(ru, m, PK_NOT_FULL, "e3:c5:a7");
    expect_text(ru, m, PK_NOT_FULL | PK_NOT_NUMERIC, "23:14:5");
    expect_pdn(ru, m, 0, "e3:a7");
    m = find(ru, &ml, "e3", "g1", NULL);
    expect_text(ru, m, 0, "e3:g1");
    expect_pdn(ru, m, PK_NOT_NUMERIC, "23:32");

    /* Russian promotion that continues: f6:d8:a5:c3 */
    p = pos_of(ru, "W:W11:B7,6,17");
    pk_gen_legal(ru, &p, &ml, 0);
    m = find(ru, &ml, "f6", "d8", "a5", "c3", NULL);
    expect_text(ru, m, PK_NOT_FULL, "f6:d8:a5:c3");
    expect_text(ru, m, 0, "f6:c3");

    const pk_variant *br = var("brazilian");
    p = pos_of(br, "W:WK23:B9,18,27");
    pk_gen_legal(br, &p, &ml, 0);
    m = find(br, &ml, "e3", "c5", "a7", NULL);
    expect_text(br, m, 0, "e3xa7");
    expect_text(br, m, PK_NOT_FULL, "e3xc5xa7");
    expect_text(br, m, PK_NOT_NUMERIC, "23x5");

    const pk_variant *cz = var("czech");
    p = pos_of(cz, "W:W31,K29:B11,17,26");
    pk_gen_legal(cz, &p, &ml, 0);
    m = find(cz, &ml, "a1", "g7", NULL);
    expect_text(cz, m, 0, "a1xg7");
    expect_text(cz, m, PK_NOT_NUMERIC, "29x8");

    const pk_variant *es = var("spanish");
    p = pos_of(es, "W:WK31:B10,12,27,K28");
    pk_gen_legal(es, &p, &ml, 0);
    m = find(es, &ml, "31", "13", "3", "16", NULL);
    expect_text(es, m, 0, "31x16");
    expect_text(es, m, PK_NOT_FULL, "31x13x3x16");
    expect_text(es, m, PK_NOT_FULL | PK_NOT_ALGEBRAIC, "c8xg4xd1xa4");
}

/* E2: 31x15 is ambiguous; the PDN writer gives the full paths. */
static void test_ambiguity_e2(void)
{
    const pk_variant *in = var("international");
    pk_pos p = pos_of(in, "W:WK31:B19,20,22,23");
    CU_ASSERT_EQUAL_FATAL(pk_gen_legal(in, &p, &ml, 0), 2);
    const pk_move *a = find(in, &ml, "31", "18", "29", "15", NULL);
    const pk_move *b = find(in, &ml, "31", "13", "24", "15", NULL);
    expect_text(in, a, 0, "31x15");
    expect_text(in, b, 0, "31x15");
    expect_pdn(in, a, 0, "31x18x29x15");
    expect_pdn(in, b, 0, "31x13x24x15");
    expect_pdn(in, a, PK_NOT_ALGEBRAIC, "b4xe7xg5xj8");
    expect_pdn(in, b, PK_NOT_ALGEBRAIC, "b4xf8xh6xj8");
}

/* Same from, to and captured set (E3's 31x31 by two paths) is one move: not ambiguous. */
static void test_no_ambiguity_same_move(void)
{
    const pk_variant *in = var("international");
    pk_pos p = pos_of(in, "W:WK31:B27,28,37,38");
    pk_gen_legal(in, &p, &ml, PK_GEN_KEEP_DUPLICATES);
    CU_ASSERT_EQUAL(ml.n, 4);
    const pk_move *cw = find(in, &ml, "31", "22", "33", "42", "31", NULL);
    const pk_move *acw = find(in, &ml, "31", "42", "33", "22", "31", NULL);
    expect_pdn(in, cw, 0, "31x31");
    expect_pdn(in, acw, 0, "31x31");
    expect_text(in, cw, PK_NOT_FULL, "31x22x33x42x31");
    expect_text(in, acw, PK_NOT_FULL, "31x42x33x22x31");
    const pk_move *a5 = find(in, &ml, "31", "22", "33", "42", "26", NULL);
    expect_pdn(in, a5, 0, "31x26");
    /* E1: three destinations, all short */
    p = pos_of(in, "W:WK46,36:B37,18,31");
    pk_gen_legal(in, &p, &ml, 0);
    for (int i = 0; i < ml.n; i++) {
        char buf[32];
        pk_move_write_pdn(in, &ml, &ml.m[i], 0, buf, sizeof buf);
        CU_ASSERT_PTR_NULL(strchr(strchr(buf, 'x') + 1, 'x'));
    }
}

static void test_buffer(void)
{
    const pk_variant *in = var("international");
    pk_pos p = pos_of(in, "W:WK31:B19,20,22,23");
    pk_gen_legal(in, &p, &ml, 0);
    const pk_move *a = find(in, &ml, "31", "18", "29", "15", NULL);
    if (!a)
        return;
    char small[6];
    int need = pk_move_write(in, a, PK_NOT_FULL, small, sizeof small);
    CU_ASSERT_EQUAL(need, (int)strlen("31x18x29x15"));
    CU_ASSERT_STRING_EQUAL(small, "31x18");
    need = pk_move_write_pdn(in, &ml, a, 0, small, sizeof small);
    CU_ASSERT_EQUAL(need, (int)strlen("31x18x29x15"));
    CU_ASSERT_STRING_EQUAL(small, "31x18");
    CU_ASSERT_EQUAL(pk_move_write(in, a, 0, NULL, 0), (int)strlen("31x15"));
}

static const pk_test tests[] = {
    {"quiet moves", test_quiet},
    {"short and full capture forms", test_capture_short_full},
    {"capture separator", test_separator},
    {"ambiguity rule (E2)", test_ambiguity_e2},
    {"one move by two paths is not ambiguous (E3)", test_no_ambiguity_same_move},
    {"buffer sizes", test_buffer},
    {NULL, NULL}};

PK_TEST_MAIN("notation", tests)
