/*
 * test_turkish.c -- Turkish draughts (dama) move generation, one position per rule of
 * pdnkit-rules(7) TURKISH: men forward and sideways, never back or diagonally; kings
 * flying along ranks and files; captured pieces removed as they are jumped (a king may
 * cross a square twice); no 180-degree turn between two captures; the majority rule
 * with kings counted as one piece; promotion at the end of the capture only. Each
 * expected set would change if that rule were implemented otherwise.
 */
#include "pdnkit.h"
#include "unit/engine_helpers.h"
#include "unit/movegen_helpers.h"
#include "unit/pktest.h"

#define T(fen, ...) expect_moves("turkish", fen, 0, true, S(__VA_ARGS__))

/* Men: one square forward or sideways, never backward or diagonally, no wrap around
 * the board's edge (a4 has no west neighbour; h3 is not one). */
static void test_men_moves(void)
{
    T("W:Wd4:Bh8", "d4-d5", "d4-c4", "d4-e4");
    T("W:Wa4:Bh8", "a4-a5", "a4-b4");
    T("W:Wh4:Ba8", "h4-h5", "h4-g4");
    T("B:Wa1:Be5", "e5-e4", "e5-d5", "e5-f5"); /* Black's forward is down */
    /* a man on its last-but-one rank steps onto the last one and is crowned */
    T("W:Wb7:Bh2", "b7-b8 =K", "b7-a7", "b7-c7");
    /* blocked ahead and beside: no move */
    const pk_variant *v = var("turkish");
    pk_pos p = pos_of(v, "W:Wa1:Ba2,a3,Kb1,Kc1"); /* two deep: no jump */
    CU_ASSERT_EQUAL(pk_gen_legal(v, &p, &ml, 0), 0);
    CU_ASSERT_FALSE(pk_draw_can_move(v, &p));
    pk_pos q = pos_of(v, "W:Wa1:Ba2");
    CU_ASSERT_TRUE(pk_draw_can_move(v, &q));
}

/* Men capture forward and sideways over an adjacent piece, never backward or on a
 * diagonal; the capture is compulsory. */
static void test_men_captures(void)
{
    T("W:Wd4:Bd5", "d4xd6 {d5}");
    T("W:Wd4:Bc4,d3", "d4xb4 {c4}");     /* sideways; d3 behind is not taken */
    T("W:Wd4:Bd3", "d4-d5", "d4-c4", "d4-e4"); /* no backward capture: quiet moves */
    T("W:Wd4:Be5", "d4-d5", "d4-c4", "d4-e4"); /* no diagonal capture */
    T("B:Wd4:Bd5", "d5xd3 {d4}");
    T("W:Wg4:Bh4", "g4-g5", "g4-f4");     /* h4 on the edge: no square behind it */
    const pk_variant *v = var("turkish");
    pk_pos p = pos_of(v, "W:Wd4:Bd3");
    CU_ASSERT_FALSE(pk_has_capture(v, &p));
    pk_pos q = pos_of(v, "W:Wd4:Bc4");
    CU_ASSERT_TRUE(pk_has_capture(v, &q));
}

/* Kings move and capture along ranks and files at any distance and land on any empty
 * square beyond the piece; never on a diagonal. */
static void test_flying_king(void)
{
    T("W:WKd4:Bd6", "d4xd7 {d6}", "d4xd8 {d6}");
    T("W:WKa1:Ba6", "a1xa7 {a6}", "a1xa8 {a6}");
    T("W:WKh8:Bb8", "h8xa8 {b8}");
    const pk_variant *v = var("turkish");
    pk_pos p = pos_of(v, "W:WKd4:Bf6");
    CU_ASSERT_EQUAL(pk_gen_legal(v, &p, &ml, 0), 14); /* 7 along the rank, 7 along the file */
    for (int i = 0; i < ml.n; i++)
        CU_ASSERT(v->geom->file_of[ml.m[i].to] == 3 || v->geom->rank_of[ml.m[i].to] == 3);
    /* two in a row cannot be jumped: no capture; the file is blocked above d5 */
    pk_pos k = pos_of(v, "W:WKd4:Bd6,d7");
    CU_ASSERT_FALSE(pk_has_capture(v, &k));
    CU_ASSERT_EQUAL(pk_gen_legal(v, &k, &ml, 0), 11); /* d5, d1-d3, a4-c4, e4-h4 */
}

/* Captured pieces leave the board as they are jumped: the king crosses d4 twice, ends
 * on its own origin or on the square of the first piece taken (d3), which a blocker
 * that stayed until the end would forbid. */
static void test_removal_each_jump(void)
{
    T("W:WKd1:Bd3,f4,g6,e7,d5",
      "d1xd4xd7xg7xg4xa4 {d3,d5,e7,g6,f4}", "d1xd4xd7xg7xg4xb4 {d3,d5,e7,g6,f4}",
      "d1xd4xd7xg7xg4xc4 {d3,d5,e7,g6,f4}", "d1xd4xd7xg7xg4xd4 {d3,d5,e7,g6,f4}",
      "d1xd4xd7xg7xg4xe4 {d3,d5,e7,g6,f4}", "d1xd4xg4xg7xd7xd1 {d3,f4,g6,e7,d5}",
      "d1xd4xg4xg7xd7xd2 {d3,f4,g6,e7,d5}", "d1xd4xg4xg7xd7xd3 {d3,f4,g6,e7,d5}");
    /* the same loop for a man is impossible (no backward jump): it goes straight on */
    T("W:Wd4:Bd5,d7,e4", "d4xd6xd8 {d5,d7} =K");
}

/* No 180-degree turn between two captures: the king that took f4 eastwards may not
 * come back westwards over its own origin to take b4. */
static void test_no_reversal(void)
{
    T("W:WKd4:Bf4,b4", "d4xg4 {f4}", "d4xh4 {f4}", "d4xa4 {b4}");
    /* a right angle is fine */
    T("W:WKd4:Bf4,g6", "d4xg4xg7 {f4,g6}", "d4xg4xg8 {f4,g6}");
}

/* The most pieces must be taken; a king counts as one piece (no preference for kings). */
static void test_majority(void)
{
    T("W:Wd4:Bd5,Ke4", "d4xd6 {d5}", "d4xf4 {e4}");
    T("W:Wd4:Bd5,d7,Ke4", "d4xd6xd8 {d5,d7} =K");
    const pk_variant *v = var("turkish");
    pk_pos p = pos_of(v, "W:Wd4:Bd5,d7,Ke4");
    pk_gen_legal(v, &p, &ml, PK_GEN_ALL_CAPTURES);
    CU_ASSERT_EQUAL(ml.n, 2); /* the king alone is a complete capture, outranked */
}

/* A man that reaches the last rank during a capture goes on as a man (sideways only)
 * and is crowned when the move ends: it may not fly on to f8 as a king would. */
static void test_promotion_at_end(void)
{
    T("W:Wc6:Bc7,f8", "c6xc8 {c7} =K");
    T("W:Wc6:Bc7,d8", "c6xc8xe8 {c7,d8} =K");
    /* Black's man crowned on rank 1 the same way */
    T("B:Wf2,e1:Bf3", "f3xf1xd1 {f2,e1} =K");
}

static void test_perft(void)
{
    /* pdnkit's figures; depths 1-6 agree with kish (docs.rs/crate/kish examples/perft.rs) */
    static const uint64_t want[] = {8, 64, 708, 7538, 85090, 931312};
    const pk_variant *v = var("turkish");
    pk_pos p = pos_of(v, v->start_fen);
    for (int d = 1; d <= 6; d++) {
        CU_ASSERT_EQUAL(perft_n(v, &p, d, 0), want[d - 1]);
        CU_ASSERT_EQUAL(perft_n(v, &p, d, PK_GEN_KEEP_DUPLICATES), want[d - 1]);
    }
}

static const pk_test tests[] = {
    {"men: forward and sideways, no wrap", test_men_moves},
    {"men capture forward and sideways only", test_men_captures},
    {"kings fly along ranks and files", test_flying_king},
    {"pieces removed as jumped: a square crossed twice", test_removal_each_jump},
    {"no 180-degree turn", test_no_reversal},
    {"majority, a king counts one", test_majority},
    {"promotion at the end of the capture", test_promotion_at_end},
    {"perft from the start position", test_perft},
    {NULL, NULL},
};

PK_TEST_MAIN("turkish", tests)
