/*
 * test_engine_api.c -- what a caller outside the library sees of the engine's types that
 * grow (movegen.h, variant.h): a move list read through its accessors, never its layout,
 * and variant ids that never move with pk_variant_count() as the table's length. The
 * struct is read here too (white box) to check the accessors give what it holds.
 */
#include "pdnkit.h"
#include "unit/engine_helpers.h"
#include "unit/pktest.h"

/* The accessors outside callers read a list with (movegen.h): the same count, flag and
 * moves as the struct, NULL outside the list. International's start has 9 moves (PERFT.md,
 * depth 1); the Frisian king below has more complete capture paths than a list holds (every
 * path, PK_GEN_ALL_CAPTURES: the list is cut at its capacity and says so). */
static void test_movelist_accessors(void)
{
    pk_movelist *l = pk_movelist_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL(pk_movelist_count(l), 0); /* new: empty */
    CU_ASSERT_PTR_NULL(pk_movelist_at(l, 0));
    const pk_variant *v = var("international");
    pk_pos p = pos_of(v, v->start_fen);
    CU_ASSERT_EQUAL(pk_gen_legal(v, &p, l, 0), 9);
    CU_ASSERT_EQUAL(pk_movelist_count(l), 9);
    CU_ASSERT_FALSE(pk_movelist_overflowed(l));
    for (int i = 0; i < 9; i++)
        CU_ASSERT_PTR_EQUAL(pk_movelist_at(l, i), &l->m[i]);
    CU_ASSERT_PTR_NULL(pk_movelist_at(l, 9));
    CU_ASSERT_PTR_NULL(pk_movelist_at(l, -1));
    CU_ASSERT_EQUAL(pk_movelist_at(l, 0)->from, l->m[0].from);

    const pk_variant *fr = var("frisian");
    p = pos_of(fr, "W:WK33:B31,13,24,18,36,30,3,23,9,20,44,7,12,43,22,35,38");
    CU_ASSERT_EQUAL(pk_gen_legal(fr, &p, l, PK_GEN_ALL_CAPTURES), PK_MAX_MOVES);
    CU_ASSERT_TRUE(pk_movelist_overflowed(l));
    CU_ASSERT_EQUAL(pk_movelist_count(l), PK_MAX_MOVES);
    CU_ASSERT_PTR_NOT_NULL(pk_movelist_at(l, PK_MAX_MOVES - 1));
    CU_ASSERT_PTR_NULL(pk_movelist_at(l, PK_MAX_MOVES));
    /* filled again: the flag is the last call's */
    p = pos_of(v, v->start_fen);
    pk_gen_legal(v, &p, l, 0);
    CU_ASSERT_FALSE(pk_movelist_overflowed(l));
    pk_movelist_free(l);
    pk_movelist_free(NULL);
}

/* The public ids never move (variant.h): a program built against this release keeps
 * them. Each id names its row, and the table lists them all, in id order. */
static void test_variant_ids(void)
{
    static const struct { int id, value; const char *name; } ids[] = {
        {PK_V_INTERNATIONAL, 0, "international"}, {PK_V_ENGLISH, 1, "english"}, {PK_V_SPANISH, 2, "spanish"},
        {PK_V_PORTUGUESE, 3, "portuguese"}, {PK_V_RUSSIAN, 4, "russian"}, {PK_V_BRAZILIAN, 5, "brazilian"},
        {PK_V_ITALIAN, 6, "italian"}, {PK_V_CZECH, 7, "czech"}, {PK_V_POOL, 8, "pool"},
        {PK_V_FRISIAN, 9, "frisian"}, {PK_V_TURKISH, 10, "turkish"}, {PK_V_THAI, 11, "thai"},
        {PK_V_CANADIAN, 12, "canadian"}, {PK_V_SRI_LANKAN, 13, "sri-lankan"},
        {PK_V_MALAYSIAN, 14, "malaysian"}, {PK_V_FRYSK, 15, "frysk"},
        {PK_V_ANTIDRAUGHTS, 16, "antidraughts"}, {PK_V_BREAKTHROUGH, 17, "breakthrough"},
    };
    int n = (int)(sizeof ids / sizeof ids[0]);
    CU_ASSERT_EQUAL(pk_variant_count(), n);
    for (int i = 0; i < n; i++) {
        CU_ASSERT_EQUAL(ids[i].id, ids[i].value);
        const pk_variant *v = pk_variant_at(ids[i].id);
        CU_ASSERT_PTR_NOT_NULL_FATAL(v);
        CU_ASSERT_EQUAL(v->index, ids[i].id);
        CU_ASSERT_STRING_EQUAL(v->name, ids[i].name);
    }
    CU_ASSERT_PTR_NULL(pk_variant_at(pk_variant_count()));
    CU_ASSERT_PTR_NULL(pk_variant_at(-1));
}

static const pk_test tests[] = {
    {"move list accessors", test_movelist_accessors},
    {"variant ids and count", test_variant_ids},
    {NULL, NULL},
};
PK_TEST_MAIN("engine types outside the library", tests)
