/*
 * test_movegen.c -- pins the move generator to the worked examples of RULES.md 5.1-5.8.
 *
 * A move is compared as a descriptor string that fixes its whole path, the pieces it
 * takes (in the order taken) and whether the moving man ends as a king:
 *     "46x23x12 {37,18}"          capture: origin, every path square, captured squares
 *     "f6xd8xa5xc3 {e7,c7,b4} =K" the same in algebraic squares, promotion
 *     "23-19"                     quiet move
 * Square names are numeric, or algebraic where RULES writes the example algebraically
 * (Russian, Czech), so the geometry's conversion is exercised too. Legal sets are
 * compared exactly (as sets); "rejected" captures must be complete captures (present
 * under PK_GEN_ALL_CAPTURES), absent from the legal moves, and ranked below the legal
 * ones by pk_capture_rank.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdnkit.h"
#include "unit/engine_helpers.h"
#include "movegen_int.h" /* the engine rows' lists (private) */
#include "unit/movegen_helpers.h"
#include "unit/pktest.h"

static pk_movelist ml2;

/* Finds the path `desc` among every complete capture (PK_GEN_ALL_CAPTURES) into *out. */
static bool find_capture(const pk_variant *v, const pk_pos *p, bool alg, const char *desc, pk_move *out)
{
    pk_gen_legal(v, p, &ml2, PK_GEN_ALL_CAPTURES);
    for (int i = 0; i < ml2.n; i++) {
        char d[DLEN];
        describe(v, &ml2.m[i], alg, d, sizeof d);
        if (strcmp(d, desc) == 0) {
            *out = ml2.m[i];
            return true;
        }
    }
    printf("\n  %s: complete capture %s not generated under PK_GEN_ALL_CAPTURES", v->name, desc);
    return false;
}

/* `rejected` is a complete capture, not legal, and ranks strictly below `legal`
 * (a legal capture of the same position). */
static void expect_rejected(const char *variant, const char *fen, bool alg, const char *legal, const char *rejected)
{
    static char got[MAXD][DLEN];
    const pk_variant *v = var(variant);
    pk_pos p = pos_of(v, fen);
    int n = gen_set(v, &p, 0, alg, got);
    CU_ASSERT_TRUE(in_set(got, n, legal));
    if (in_set(got, n, rejected))
        printf("\n  %s %s: rejected capture %s is among the legal moves", variant, fen, rejected);
    CU_ASSERT_FALSE(in_set(got, n, rejected));
    pk_move ml_, mr_;
    bool fl = find_capture(v, &p, alg, legal, &ml_);
    bool fr = find_capture(v, &p, alg, rejected, &mr_);
    CU_ASSERT_TRUE(fl);
    CU_ASSERT_TRUE(fr);
    if (fl && fr) {
        uint64_t rl = pk_capture_rank(v, &p, &ml_), rr = pk_capture_rank(v, &p, &mr_);
        if (!(rl > rr))
            printf("\n  %s %s: rank(%s)=%llu not above rank(%s)=%llu", variant, fen, legal,
                   (unsigned long long)rl, rejected, (unsigned long long)rr);
        CU_ASSERT_TRUE(rl > rr);
    }
}

/* Every complete capture (ALL_CAPTURES) is exactly `want`: pins the completion rule. */
static void expect_all_captures(const char *variant, const char *fen, bool alg, const char *const *want)
{
    expect_moves(variant, fen, PK_GEN_ALL_CAPTURES, alg, want);
}

/* The legal captures are exactly the maximal-rank complete captures, de-duplicated. */
static void check_rank_consistency(const char *variant, const char *fen)
{
    const pk_variant *v = var(variant);
    pk_pos p = pos_of(v, fen);
    pk_gen_legal(v, &p, &ml2, PK_GEN_ALL_CAPTURES);
    uint64_t best = 0;
    for (int i = 0; i < ml2.n; i++) {
        uint64_t r = pk_capture_rank(v, &p, &ml2.m[i]);
        if (r > best)
            best = r;
    }
    int n = pk_gen_legal(v, &p, &ml, 0);
    for (int i = 0; i < n; i++)
        CU_ASSERT_EQUAL(pk_capture_rank(v, &p, &ml.m[i]), best);
    int distinct = 0;
    for (int i = 0; i < ml2.n; i++) {
        if (pk_capture_rank(v, &p, &ml2.m[i]) != best)
            continue;
        bool dup = false;
        for (int k = 0; k < i; k++)
            dup |= pk_capture_rank(v, &p, &ml2.m[k]) == best && pk_move_same(&ml2.m[k], &ml2.m[i]);
        if (!dup) {
            distinct++;
            bool found = false;
            for (int k = 0; k < n; k++)
                found |= pk_move_same(&ml.m[k], &ml2.m[i]);
            CU_ASSERT_TRUE(found);
        }
    }
    CU_ASSERT_EQUAL(distinct, n);
}

/* ---------------------------------------------------------------------------------- */
/* 5.1 International                                                                   */

/* E1: flying king, majority, forced landing square, several final squares. */
static void test_e1(void)
{
    const char *fen = "W:WK46,36:B37,18,31";
    expect_moves("international", fen, 0, false,
                 S("46x23x12 {37,18}", "46x23x7 {37,18}", "46x23x1 {37,18}"));
    /* every complete capture: the three above and the man's 36x27 (no stop at 28, 32,
     * 19 or 5: those would be incomplete) */
    expect_all_captures("international", fen, false,
                        S("46x23x12 {37,18}", "46x23x7 {37,18}", "46x23x1 {37,18}", "36x27 {31}"));
    expect_rejected("international", fen, false, "46x23x12 {37,18}", "36x27 {31}");
    check_rank_consistency("international", fen);
}

/* E2: same origin and destination, different pieces. */
static void test_e2(void)
{
    const char *fen = "W:WK31:B19,20,22,23";
    expect_moves("international", fen, 0, false,
                 S("31x18x29x15 {22,23,20}", "31x13x24x15 {22,19,20}"));
    expect_rejected("international", fen, false, "31x18x29x15 {22,23,20}", "31x9x25 {22,20}");
    check_rank_consistency("international", fen);
}

/* E3: a capture ending on its own starting square; two paths for one move. */
static void test_e3(void)
{
    const char *fen = "W:WK31:B27,28,37,38";
    const char *cw = "31x22x33x42x31 {27,28,38,37}", *acw = "31x42x33x22x31 {37,38,28,27}";
    expect_moves("international", fen, PK_GEN_KEEP_DUPLICATES, false,
                 S("31x22x33x42x26 {27,28,38,37}", "31x42x33x22x36 {37,38,28,27}", cw, acw));
    /* drop: three moves; the 31x31 move is kept once, by either of its paths */
    static char got[MAXD][DLEN];
    const pk_variant *v = var("international");
    pk_pos p = pos_of(v, fen);
    int n = gen_set(v, &p, 0, false, got);
    CU_ASSERT_EQUAL(n, 3);
    CU_ASSERT_TRUE(in_set(got, n, "31x22x33x42x26 {27,28,38,37}"));
    CU_ASSERT_TRUE(in_set(got, n, "31x42x33x22x36 {37,38,28,27}"));
    CU_ASSERT_TRUE(in_set(got, n, cw) != in_set(got, n, acw));
    CU_ASSERT_EQUAL(pk_count_legal(v, &p, 0, &ml2), 3);
    CU_ASSERT_EQUAL(pk_count_legal(v, &p, PK_GEN_KEEP_DUPLICATES, &ml2), 4);
    CU_ASSERT_EQUAL(perft_n(v, &p, 1, 0), 3);
    CU_ASSERT_EQUAL(perft_n(v, &p, 1, PK_GEN_KEEP_DUPLICATES), 4);
    /* after 31x31 the king is home and every black man is gone */
    for (int i = 0; i < ml.n; i++) /* ml still holds the drop list of gen_set */
        if (ml.m[i].from == ml.m[i].to) {
            pk_pos q = p;
            pk_make(v, &q, &ml.m[i]);
            CU_ASSERT_EQUAL(q.pieces[PK_BLACK], 0);
            CU_ASSERT_EQUAL(q.pieces[PK_WHITE], PK_BIT(v->geom->bit_of[31]));
            CU_ASSERT_EQUAL(q.kings, PK_BIT(v->geom->bit_of[31]));
            CU_ASSERT_EQUAL(q.hash, pk_pos_hash(&q));
        }
}

/* E4: a man passing the promotion row stays a man (FMJD 4.15). */
static void test_e4(void)
{
    expect_moves("international", "W:W13:B8,7", 0, false, S("13x2x11 {8,7}"));
    expect_moves("international", "W:W13,11:B8,7", 0, false, S("13x2 {8} =K", "11x2 {7} =K"));
    /* playing 13x2x11 leaves a man on 11 */
    const pk_variant *v = var("international");
    pk_pos p = pos_of(v, "W:W13:B8,7");
    CU_ASSERT_EQUAL_FATAL(pk_gen_legal(v, &p, &ml, 0), 1);
    pk_make(v, &p, &ml.m[0]);
    CU_ASSERT_EQUAL(p.pieces[PK_WHITE], PK_BIT(v->geom->bit_of[11]));
    CU_ASSERT_EQUAL(p.kings, 0);
    CU_ASSERT_EQUAL(p.pieces[PK_BLACK], 0);
}

/* ---------------------------------------------------------------------------------- */
/* 5.2 Promotion during a capture, one position across seven variants                  */

static void test_promo_brazilian(void)
{
    expect_moves("brazilian", "W:W11:B7,6,17", 0, true, S("f6xd8xb6 {e7,c7}"));
    expect_moves("brazilian", "W:W11:B7,6,17", 0, false, S("11x2x9 {7,6}"));
}

static void test_promo_pool(void) { expect_moves("pool", "W:W11:B7,6,17", 0, false, S("11x2x9 {7,6}")); }

static void test_promo_russian(void)
{
    const pk_variant *v = var("russian");
    const char *fen = "W:W11:B7,6,17";
    expect_moves("russian", fen, 0, true,
                 S("f6xd8xa5xc3 {e7,c7,b4} =K", "f6xd8xa5xd2 {e7,c7,b4} =K", "f6xd8xa5xe1 {e7,c7,b4} =K"));
    /* f6:d8 and f6:d8:b6 are incomplete, not complete captures */
    expect_all_captures("russian", fen, true,
                        S("f6xd8xa5xc3 {e7,c7,b4} =K", "f6xd8xa5xd2 {e7,c7,b4} =K", "f6xd8xa5xe1 {e7,c7,b4} =K"));
    /* the piece ends the move as a king wherever it stops */
    pk_pos p = pos_of(v, fen);
    int n = pk_gen_legal(v, &p, &ml, 0);
    for (int i = 0; i < n; i++) {
        pk_pos q = p;
        pk_make(v, &q, &ml.m[i]);
        CU_ASSERT_EQUAL(q.pieces[PK_WHITE], PK_BIT(ml.m[i].to));
        CU_ASSERT_EQUAL(q.kings, PK_BIT(ml.m[i].to));
        CU_ASSERT_EQUAL(q.pieces[PK_BLACK], 0);
        CU_ASSERT_EQUAL(pk_pos_validate(v, &q, NULL), PK_OK);
    }
}

static void test_promo_english(void) { expect_moves("english", "W:W11:B7,6,17", 0, false, S("11x2 {7} =K")); }

static void test_promo_czech(void) { expect_moves("czech", "W:W11:B7,6,17", 0, true, S("f6xd8 {e7} =K")); }

static void test_promo_spanish(void)
{
    expect_moves("spanish", "W:W23:B27,26,13", 0, false, S("23x30 {27} =K"));
    expect_moves("spanish", "W:W23:B27,26,13", 0, true, S("c6xe8 {d7} =K"));
}

static void test_promo_italian(void)
{
    expect_moves("italian", "W:W10:B6,7,20", 0, false, S("10x3 {6} =K"));
    expect_moves("italian", "W:W10:B6,7,20", 0, true, S("c6xe8 {d7} =K"));
}

/* Portuguese shares Spanish's rules (RULES 2.9). */
static void test_promo_portuguese(void)
{
    expect_moves("portuguese", "W:W23:B27,26,13", 0, false, S("23x30 {27} =K"));
}

/* ---------------------------------------------------------------------------------- */
/* 5.3 Spanish quality and quantity                                                    */

static void test_e5(void)
{
    const char *fen = "W:WK14:B18,26,K11,12";
    expect_moves("spanish", fen, 0, false, S("14x7x16 {11,12}"));
    expect_all_captures("spanish", fen, false, S("14x7x16 {11,12}", "14x21x30 {18,26}"));
    expect_rejected("spanish", fen, false, "14x7x16 {11,12}", "14x21x30 {18,26}");
    /* under majority alone both would be legal: equal counts, the king decides */
    const pk_variant *v = var("spanish");
    pk_pos p = pos_of(v, fen);
    pk_move a, b;
    if (find_capture(v, &p, false, "14x7x16 {11,12}", &a) && find_capture(v, &p, false, "14x21x30 {18,26}", &b)) {
        CU_ASSERT_EQUAL(a.ncap, b.ncap);
        CU_ASSERT_EQUAL(a.nkcap, 1);
        CU_ASSERT_EQUAL(b.nkcap, 0);
    }
    check_rank_consistency("spanish", fen);
}

static void test_e6(void)
{
    const char *fen = "W:WK31:B10,12,27,K28";
    expect_moves("spanish", fen, 0, false, S("31x13x3x16 {27,10,12}"));
    expect_all_captures("spanish", fen, false, S("31x13x3x16 {27,10,12}", "31x24 {28}", "31x22x8 {27,12}"));
    expect_rejected("spanish", fen, false, "31x13x3x16 {27,10,12}", "31x24 {28}");
    expect_rejected("spanish", fen, false, "31x13x3x16 {27,10,12}", "31x22x8 {27,12}");
    /* quantity before quality: two men rank above one king */
    const pk_variant *v = var("spanish");
    pk_pos p = pos_of(v, fen);
    pk_move k1, m2;
    if (find_capture(v, &p, false, "31x24 {28}", &k1) && find_capture(v, &p, false, "31x22x8 {27,12}", &m2))
        CU_ASSERT_TRUE(pk_capture_rank(v, &p, &m2) > pk_capture_rank(v, &p, &k1));
    check_rank_consistency("spanish", fen);
}

/* ---------------------------------------------------------------------------------- */
/* 5.4 Italian precedence                                                              */

static void test_e7a(void)
{
    const char *fen = "W:W23,K29:B20,26,1";
    expect_moves("italian", fen, 0, false, S("29x22 {26}"));
    expect_all_captures("italian", fen, false, S("29x22 {26}", "23x16 {20}"));
    expect_rejected("italian", fen, false, "29x22 {26}", "23x16 {20}");
}

static void test_e7b(void)
{
    const char *fen = "W:WK22:B19,12,K18,10";
    expect_moves("italian", fen, 0, false, S("22x13x6 {18,10}"));
    expect_all_captures("italian", fen, false, S("22x13x6 {18,10}", "22x15x8 {19,12}"));
    expect_rejected("italian", fen, false, "22x13x6 {18,10}", "22x15x8 {19,12}");
}

static void test_e7c(void)
{
    const char *fen = "W:WK22:B19,K12,K18,10";
    expect_moves("italian", fen, 0, false, S("22x13x6 {18,10}"));
    expect_all_captures("italian", fen, false, S("22x13x6 {18,10}", "22x15x8 {19,12}"));
    expect_rejected("italian", fen, false, "22x13x6 {18,10}", "22x15x8 {19,12}");
}

/* E7d: a man cannot take a king; no capture exists at all. */
static void test_e7d(void)
{
    const char *fen = "W:W23,29:BK20,1";
    expect_moves("italian", fen, 0, false, S("23-19", "29-25", "29-26"));
    const pk_variant *v = var("italian");
    pk_pos p = pos_of(v, fen);
    CU_ASSERT_FALSE(pk_has_capture(v, &p));
    int n = pk_gen_legal(v, &p, &ml, PK_GEN_ALL_CAPTURES);
    for (int i = 0; i < n; i++)
        CU_ASSERT_FALSE(ml.m[i].flags & PK_MV_CAPTURE);
    /* the same men do take a king in every other 8x8 mirrored variant (Spanish) */
    const pk_variant *es = var("spanish");
    pk_pos q = pos_of(es, "W:W23:BK27");
    CU_ASSERT_TRUE(pk_has_capture(es, &q));
}

static void test_e7e(void)
{
    const char *fen = "W:W21,K28:B18,11,23";
    expect_moves("italian", fen, 0, false, S("21x14x7 {18,11}"));
    expect_all_captures("italian", fen, false, S("21x14x7 {18,11}", "28x19 {23}"));
    expect_rejected("italian", fen, false, "21x14x7 {18,11}", "28x19 {23}");
}

/* Italian men never jump kings, also in the middle of a capture: the man takes the
 * man on 18 (c4) but may not go on over the king on 11 (e6). */
static void test_italian_men_never_take_kings(void)
{
    expect_moves("italian", "W:W21:B18,K11", 0, false, S("21x14 {18}"));
    /* the same with a man on e6 goes on */
    expect_moves("italian", "W:W21:B18,11", 0, false, S("21x14x7 {18,11}"));
    /* a king does take kings */
    expect_moves("italian", "W:WK21:BK18", 0, false, S("21x14 {18}"));
}

/* ---------------------------------------------------------------------------------- */
/* 5.5 Turkish strike                                                                  */

static void test_e8_russian(void)
{
    const char *fen = "W:WK23:B9,18,27";
    expect_moves("russian", fen, 0, true, S("e3xc5xa7 {d4,b6}", "e3xg1 {f2}"));
    expect_all_captures("russian", fen, true, S("e3xc5xa7 {d4,b6}", "e3xg1 {f2}"));
    /* e3:c5:a7:g1 (three pieces) does not exist in any form */
    const pk_variant *v = var("russian");
    pk_pos p = pos_of(v, fen);
    int n = pk_gen_legal(v, &p, &ml, PK_GEN_ALL_CAPTURES | PK_GEN_KEEP_DUPLICATES);
    for (int i = 0; i < n; i++)
        CU_ASSERT(ml.m[i].ncap <= 2);
}

static void test_e8_brazilian(void)
{
    const char *fen = "W:WK23:B9,18,27";
    expect_moves("brazilian", fen, 0, false, S("23x14x5 {18,9}"));
    expect_rejected("brazilian", fen, false, "23x14x5 {18,9}", "23x32 {27}");
}

/* A captured piece blocks a flying king's scan until the move ends (RULES 1.5 rule 3).
 * E3 plus a black man on g9 (9): the clockwise loop b4-d6-f4-d2-b4 ends on b4, where the
 * scan NE meets the captured c5 and may not reach g9 (with immediate removal a fifth
 * piece would be taken). The anticlockwise loop can take g9 from d6 instead of c5. */
static void test_ghost_blocks_scan(void)
{
    const char *fen = "W:WK31:B27,28,37,38,9";
    expect_moves("international", fen, PK_GEN_KEEP_DUPLICATES, false,
                 S("31x22x33x42x26 {27,28,38,37}", "31x22x33x42x31 {27,28,38,37}",
                   "31x42x33x22x36 {37,38,28,27}", "31x42x33x22x31 {37,38,28,27}",
                   "31x42x33x22x4 {37,38,28,9}"));
    const pk_variant *v = var("international");
    pk_pos p = pos_of(v, fen);
    CU_ASSERT_EQUAL(pk_gen_legal(v, &p, &ml, 0), 4);
    int n = pk_gen_legal(v, &p, &ml, PK_GEN_ALL_CAPTURES);
    for (int i = 0; i < n; i++)
        CU_ASSERT(ml.m[i].ncap <= 4);
    expect_rejected("international", fen, false, "31x42x33x22x4 {37,38,28,9}", "31x22x4 {27,9}");
}

/* ---------------------------------------------------------------------------------- */
/* 5.6 Czech king priority                                                             */

static const char *E9_ALG = "W:We1,Ka1:Bf6,b4,d2";
static const char *E9_NUM = "W:W31,K29:B11,17,26";

static void test_e9_czech(void)
{
    expect_moves("czech", E9_ALG, 0, true, S("a1xg7 {f6}", "a1xh8 {f6}"));
    expect_moves("czech", E9_NUM, 0, true, S("a1xg7 {f6}", "a1xh8 {f6}"));
    expect_moves("czech", E9_NUM, 0, false, S("29x8 {11}", "29x4 {11}"));
    expect_rejected("czech", E9_ALG, true, "a1xg7 {f6}", "e1xc3xa5 {d2,b4}");
    check_rank_consistency("czech", E9_NUM);
}

static void test_e9_russian(void)
{
    expect_moves("russian", E9_ALG, 0, true, S("a1xg7 {f6}", "a1xh8 {f6}", "e1xc3xa5 {d2,b4}"));
}

static void test_e9_brazilian(void)
{
    expect_moves("brazilian", E9_NUM, 0, false, S("31x22x13 {26,17}"));
    expect_rejected("brazilian", E9_NUM, false, "31x22x13 {26,17}", "29x8 {11}");
    expect_rejected("brazilian", E9_NUM, false, "31x22x13 {26,17}", "29x4 {11}");
}

/* ---------------------------------------------------------------------------------- */
/* 5.7 English free choice                                                             */

static void test_e10(void)
{
    const char *fen = "B:W14,22,15:B10";
    expect_moves("english", fen, 0, false, S("10x17x26 {14,22}", "10x19 {15}"));
    expect_moves("pool", fen, 0, false, S("10x17x26 {14,22}", "10x19 {15}"));
    check_rank_consistency("english", fen);
}

/* ---------------------------------------------------------------------------------- */
/* 5.8 Frisian value comparisons (pk_capture_rank on synthetic captures)               */

static uint64_t frisian_rank(int men, int kings, bool by_king)
{
    const pk_variant *v = var("frisian");
    pk_pos p;
    pk_pos_clear(&p, PK_WHITE);
    pk_move m;
    memset(&m, 0, sizeof m);
    m.ncap = (uint8_t)(men + kings);
    m.nkcap = (uint8_t)kings;
    m.flags = PK_MV_CAPTURE | (by_king ? PK_MV_KING : 0);
    return pk_capture_rank(v, &p, &m);
}

static void test_frisian_values(void)
{
    CU_ASSERT_TRUE(frisian_rank(2, 0, false) > frisian_rank(0, 1, false)); /* 200 > 199 */
    CU_ASSERT_TRUE(frisian_rank(3, 0, false) > frisian_rank(1, 1, false)); /* 300 > 299 */
    CU_ASSERT_TRUE(frisian_rank(0, 2, false) > frisian_rank(3, 0, false)); /* 398 > 300 */
    CU_ASSERT_TRUE(frisian_rank(0, 3, false) > frisian_rank(5, 0, false)); /* 597 > 500 */
    CU_ASSERT_TRUE(frisian_rank(0, 3, false) < frisian_rank(6, 0, false)); /* 597 < 600 */
    CU_ASSERT_TRUE(frisian_rank(1, 0, true) > frisian_rank(1, 0, false));  /* king first */
    CU_ASSERT_TRUE(frisian_rank(2, 0, false) > frisian_rank(0, 1, true));  /* value first */
    CU_ASSERT_EQUAL(frisian_rank(2, 1, true), frisian_rank(2, 1, true));
}

/* ---------------------------------------------------------------------------------- */
/* House rule, flags, sanity                                                           */

static void test_capture_optional(void)
{
    /* E10 plus a black man on h8 (4) that can move quietly */
    const char *fen = "B:W14,22,15:B10,4";
    expect_moves("english", fen, 0, false, S("10x17x26 {14,22}", "10x19 {15}"));
    expect_moves("english", fen, PK_GEN_CAPTURE_OPTIONAL, false, S("10x17x26 {14,22}", "10x19 {15}", "4-8"));
    const pk_variant *v = var("english");
    pk_pos p = pos_of(v, fen);
    CU_ASSERT_EQUAL(pk_count_legal(v, &p, PK_GEN_CAPTURE_OPTIONAL, &ml2), 3);
    CU_ASSERT_EQUAL(perft_n(v, &p, 1, PK_GEN_CAPTURE_OPTIONAL), 3);
    /* E1 (international) with the flag: the majority rule still picks among captures */
    expect_moves("international", "W:WK46,36:B37,18,31", PK_GEN_CAPTURE_OPTIONAL, false,
                 S("46x23x12 {37,18}", "46x23x7 {37,18}", "46x23x1 {37,18}", "46-41"));
}

static void test_quiet_only(void)
{
    const pk_variant *v = var("international");
    pk_pos p = pos_of(v, "W:WK46,36:B37,18,31");
    ml.n = 5; /* a reused list: pk_gen_legal must start afresh */
    int n = pk_gen_legal(v, &p, &ml, PK_GEN_QUIET_ONLY);
    CU_ASSERT_EQUAL(ml.n, 1);
    CU_ASSERT_EQUAL(n, 1);
    if (ml.n >= 1) {
        CU_ASSERT_EQUAL(ml.m[0].from, v->geom->bit_of[46]);
        CU_ASSERT_EQUAL(ml.m[0].to, v->geom->bit_of[41]);
        CU_ASSERT_FALSE(ml.m[0].flags & PK_MV_CAPTURE);
    }
    CU_ASSERT_EQUAL(pk_count_legal(v, &p, PK_GEN_QUIET_ONLY, &ml2), 1);
}

static void test_has_capture(void)
{
    const pk_variant *v = var("international");
    pk_pos s = pos_of(v, v->start_fen);
    CU_ASSERT_FALSE(pk_has_capture(v, &s));
    pk_pos e1 = pos_of(v, "W:WK46,36:B37,18,31");
    CU_ASSERT_TRUE(pk_has_capture(v, &e1));
    pk_pos e3 = pos_of(v, "W:WK31:B27,28,37,38");
    CU_ASSERT_TRUE(pk_has_capture(v, &e3));
    /* English man: no backward capture */
    const pk_variant *en = var("english");
    pk_pos b = pos_of(en, "W:W18:B22");
    CU_ASSERT_FALSE(pk_has_capture(en, &b));
    pk_pos f = pos_of(en, "W:W22:B18");
    CU_ASSERT_TRUE(pk_has_capture(en, &f));
    /* Pool man captures backwards */
    const pk_variant *po = var("pool");
    pk_pos b2 = pos_of(po, "W:W18:B22");
    CU_ASSERT_TRUE(pk_has_capture(po, &b2));
}

static void test_start_positions(void)
{
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        pk_pos p = pos_of(v, v->start_fen);
        /* Turkish: a3-a4 ... h3-h4; 12x12: 11 */
        int want = v->rules.full ? 8 : v->rules.width == 12 ? 11 : v->rules.width == 10 ? 9 : 7;
        int n = pk_gen_legal(v, &p, &ml, 0);
        if (n != want)
            printf("\n  %s start: %d moves, expected %d", v->name, n, want);
        CU_ASSERT_EQUAL(n, want);
        CU_ASSERT_EQUAL(p.turn, v->first);
        for (int k = 0; k < n; k++) {
            CU_ASSERT_FALSE(ml.m[k].flags & PK_MV_CAPTURE);
            check_move_fields(v, &p, &ml.m[k]);
        }
        CU_ASSERT_EQUAL(pk_count_legal(v, &p, 0, &ml2), want);
        CU_ASSERT_EQUAL(perft_n(v, &p, 2, 0), (uint64_t)want * (uint64_t)want);
    }
}

/* A row that borrows another row's generator (pk_variant.engine) has that row's move
 * rules and geometry; an engine row serves itself, and is exactly a row of movegen_int.h's
 * lists (movegen.c's dispatch tables have an entry there only). */
#define ENGINE_ID(ID) ID,
static const int engine_ids[] = {PK_MG_ROWS_64(ENGINE_ID) PK_MG_ROWS_128(ENGINE_ID)};
static void test_engine_rows(void)
{
    int shared = 0, n = (int)(sizeof engine_ids / sizeof engine_ids[0]);
    CU_ASSERT_EQUAL(pk_variant_count(), PK_V_COUNT);
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i), *e = pk_variant_at(v->engine);
        CU_ASSERT_EQUAL(v->index, i); /* variant_rows.h: [ID] = {... .index = ID ...} */
        CU_ASSERT_PTR_NOT_NULL_FATAL(v->name);
        CU_ASSERT(*v->name != '\0'); /* no hole in the table: every id has its row */
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        CU_ASSERT_EQUAL(e->engine, e->index);
        CU_ASSERT_EQUAL(memcmp(&v->rules, &e->rules, sizeof v->rules), 0);
        CU_ASSERT_PTR_EQUAL(v->geom, e->geom);
        bool listed = false;
        for (int k = 0; k < n; k++)
            listed |= engine_ids[k] == v->engine;
        CU_ASSERT(listed);
        shared += v->engine != v->index;
    }
    CU_ASSERT_EQUAL(shared, PK_V_COUNT - n);
    CU_ASSERT_EQUAL(var("frysk")->engine, PK_V_FRISIAN);
    CU_ASSERT_EQUAL(var("antidraughts")->engine, PK_V_INTERNATIONAL);
    CU_ASSERT_EQUAL(var("breakthrough")->engine, PK_V_INTERNATIONAL);
}

/* pk_gen_captures_from: under free choice (English, Russian, pool, Thai: RULES 1.7) the captures
 * of one piece are exactly the legal moves from its square whenever the side has a
 * capture, in pk_gen_legal's order; for a variant with a choice rule it says -1. Checked
 * at every position of random games (a fixed seed), kings and long captures included. */
static void test_captures_from(void)
{
    static pk_movelist one;
    static const char *const free_rows[] = {"english", "russian", "pool", "thai"};
    unsigned seed = 12345;
    long compared = 0;
    for (size_t k = 0; k < sizeof free_rows / sizeof free_rows[0]; k++) {
        const pk_variant *v = var(free_rows[k]);
        for (int game = 0; game < 60; game++) {
            pk_pos p = pos_of(v, v->start_fen);
            for (int ply = 0; ply < 200; ply++) {
                int n = pk_gen_legal(v, &p, &ml, PK_GEN_KEEP_DUPLICATES);
                if (n == 0)
                    break;
                bool captures = ml.m[0].flags & PK_MV_CAPTURE;
                for (int sq = 0; sq < 64; sq++) {
                    int got = pk_gen_captures_from(v, &p, sq, &one, PK_GEN_KEEP_DUPLICATES);
                    int want = 0;
                    for (int i = 0; captures && i < n; i++)
                        if (ml.m[i].from == sq) {
                            CU_ASSERT_FATAL(want < got);
                            CU_ASSERT(pk_move_same(&one.m[want], &ml.m[i]));
                            CU_ASSERT_EQUAL(memcmp(one.m[want].path, ml.m[i].path, ml.m[i].ncap), 0);
                            want++;
                        }
                    CU_ASSERT_EQUAL(got, captures ? want : 0);
                    compared += want;
                }
                seed = seed * 1103515245u + 12345u;
                pk_make(v, &p, &ml.m[(seed >> 16) % (unsigned)n]);
            }
        }
    }
    CU_ASSERT(compared > 1000);
    for (int i = 0; pk_variant_at(i); i++) { /* -1 exactly for the rows with a choice rule */
        const pk_variant *r = pk_variant_at(i);
        pk_pos s = pos_of(r, r->start_fen);
        CU_ASSERT_EQUAL(pk_gen_captures_from(r, &s, 0, &one, 0) == -1, r->rules.choice != PK_CHOICE_FREE);
    }
    const pk_variant *it = var("international");
    pk_pos e1 = pos_of(it, "W:WK46,36:B37,18,31");
    CU_ASSERT_EQUAL(pk_gen_captures_from(it, &e1, it->geom->bit_of[46], &one, 0), -1);
}

/* PERFT.md drop rows at cheap depths (d3, d4). */
static void test_perft_small(void)
{
    static const struct {
        const char *variant;
        int depth;
        uint64_t count;
    } rows[] = {
        {"international", 4, 4265}, {"frisian", 4, 3874},  {"english", 5, 7361},
        {"russian", 5, 7482},       {"pool", 5, 7482},     {"brazilian", 5, 7473},
        {"czech", 5, 7361},         {"spanish", 5, 7361},  {"italian", 5, 7361},
        {"frysk", 5, 41829},        {"antidraughts", 4, 4265}, {"breakthrough", 4, 4265},
        {"turkish", 5, 85090},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const pk_variant *v = var(rows[i].variant);
        pk_pos p = pos_of(v, v->start_fen);
        uint64_t n = perft_n(v, &p, rows[i].depth, 0);
        if (n != rows[i].count)
            printf("\n  perft %s d%d = %llu, expected %llu", rows[i].variant, rows[i].depth,
                   (unsigned long long)n, (unsigned long long)rows[i].count);
        CU_ASSERT_EQUAL(n, rows[i].count);
    }
    /* Frisian keep differs at d4 (3880) */
    const pk_variant *fr = var("frisian");
    pk_pos p = pos_of(fr, fr->start_fen);
    CU_ASSERT_EQUAL(perft_n(fr, &p, 4, PK_GEN_KEEP_DUPLICATES), 3880);
}

static void test_no_pieces(void)
{
    expect_moves("english", "W:W:BK4", 0, false, (const char *const[]){NULL});
    expect_moves("international", "B:W31-50:B", 0, false, (const char *const[]){NULL});
    /* blocked: White man a1 (29) behind black b2 (25) and c3 (22), no jump (c3 occupied) */
    expect_moves("english", "W:W29:B25,22", 0, false, (const char *const[]){NULL});
    const pk_variant *v = var("english");
    pk_pos p = pos_of(v, "W:W:BK4");
    CU_ASSERT_EQUAL(pk_count_legal(v, &p, 0, &ml2), 0);
    CU_ASSERT_EQUAL(perft_n(v, &p, 3, 0), 0);
}

/* ---------------------------------------------------------------------------------- */
/* Random games: pk_make keeps the hash, removes captured pieces, alternates sides     */

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* pk_quiet_move for every (from, to) pair of board squares of p against the legal moves
 * `legal` of p: -1 exactly when a capture exists, else 1 exactly for the legal quiet
 * moves, with the same move as pk_gen_legal gives. */
static void check_quiet_move(const pk_variant *v, const pk_pos *p, const pk_movelist *legal)
{
    bool cap = pk_has_capture(v, p);
    const pk_move *want[64][64];
    memset(want, 0, sizeof want);
    for (int i = 0; i < legal->n; i++)
        if (!(legal->m[i].flags & PK_MV_CAPTURE))
            want[legal->m[i].from][legal->m[i].to] = &legal->m[i];
    for (int from = 0; from < 64; from++) {
        if (!(v->geom->board & PK_BIT(from)))
            continue;
        for (int to = 0; to < 64; to++) {
            if (!(v->geom->board & PK_BIT(to)))
                continue;
            pk_move m;
            int r = pk_quiet_move(v, p, from, to, &m);
            if (cap) {
                CU_ASSERT_EQUAL(r, -1);
                if (r != -1)
                    return;
                continue;
            }
            const pk_move *w = want[from][to];
            CU_ASSERT_EQUAL(r, w ? 1 : 0);
            if (w && r == 1) {
                CU_ASSERT_TRUE(pk_move_same(&m, w));
                CU_ASSERT_EQUAL(m.flags, w->flags);
                CU_ASSERT_EQUAL(m.ncap, 0);
            }
        }
        if (cap)
            return; /* -1 does not depend on the squares */
    }
}

static bool play_random(const pk_variant *v, int games, int plies, long *total_caps, long *total_promos)
{
    for (int gme = 0; gme < games; gme++) {
        pk_pos p = pos_of(v, v->start_fen);
        for (int ply = 0; ply < plies; ply++) {
            int n = pk_gen_legal(v, &p, &ml, 0);
            CU_ASSERT_FALSE(ml.overflow);
            if (n == 0)
                break;
            check_quiet_move(v, &p, &ml);
            const pk_move *m = &ml.m[rng() % (uint64_t)n];
            check_move_fields(v, &p, m);
            pk_pos q = p;
            pk_make(v, &q, m);
            int me = p.turn, opp = PK_OTHER(me);
            bool ok = q.hash == pk_pos_hash(&q);
            ok &= q.turn == opp;
            ok &= q.pieces[opp] == (p.pieces[opp] & ~m->capset);
            ok &= pk_popcount(q.pieces[opp]) == pk_popcount(p.pieces[opp]) - m->ncap;
            ok &= (q.kings & ~q.pieces[me] & ~q.pieces[opp]) == 0;
            ok &= (q.pieces[me] & PK_BIT(m->to)) != 0;
            ok &= m->from == m->to || !(q.pieces[me] & PK_BIT(m->from));
            ok &= pk_popcount(q.pieces[me]) == pk_popcount(p.pieces[me]);
            ok &= (q.pieces[me] & ~PK_BIT(m->to)) == (p.pieces[me] & ~PK_BIT(m->from) & ~PK_BIT(m->to));
            bool was_king = (p.kings >> m->from) & 1, is_king = (q.kings >> m->to) & 1;
            ok &= is_king == (was_king || (m->flags & PK_MV_PROMOTE));
            /* no man left on its own promotion row, whatever the promotion mode */
            ok &= pk_pos_validate(v, &q, NULL) == PK_OK;
            /* Russian: a man whose capture touched the promotion row ends as a king */
            if (v->rules.promo == PK_PROMO_CONTINUE && !was_king && (m->flags & PK_MV_CAPTURE))
                for (int i = 0; i < m->ncap; i++)
                    if (v->geom->promo[me] & PK_BIT(m->path[i]))
                        ok &= is_king;
            if (!ok) {
                char d[DLEN], f0[256];
                describe(v, m, v->algebraic, d, sizeof d);
                pk_fen_write(v, &p, false, f0, sizeof f0);
                printf("\n  %s random game %d ply %d: %s then %s breaks an invariant", v->name, gme, ply, f0, d);
                CU_FAIL("pk_make invariant");
                return false;
            }
            *total_caps += m->ncap;
            *total_promos += (m->flags & PK_MV_PROMOTE) != 0;
            p = q;
        }
    }
    return true;
}

static void test_random_games(void)
{
    static const char *names[] = {"international", "english", "spanish", "russian", "brazilian",
                                  "italian",       "czech",   "pool",    "frisian", "portuguese"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        long caps = 0, promos = 0;
        if (!play_random(var(names[i]), 20, 200, &caps, &promos))
            continue;
        CU_ASSERT(caps > 0);   /* the games did exercise captures */
        CU_ASSERT(promos > 0); /* and promotions */
    }
}

static const pk_test tests[] = {
    {"E1 flying king, majority, forced landing", test_e1},
    {"E2 same from/to, different pieces", test_e2},
    {"E3 capture ending at home, duplicates", test_e3},
    {"E4 man passing the promotion row", test_e4},
    {"5.2 Brazilian pass", test_promo_brazilian},
    {"5.2 Pool pass", test_promo_pool},
    {"5.2 Russian continue as king", test_promo_russian},
    {"5.2 English stop", test_promo_english},
    {"5.2 Czech stop", test_promo_czech},
    {"5.2 Spanish stop", test_promo_spanish},
    {"5.2 Italian stop", test_promo_italian},
    {"5.2 Portuguese stop", test_promo_portuguese},
    {"E5 Spanish quality", test_e5},
    {"E6 Spanish quantity before quality", test_e6},
    {"E7a Italian king must capture", test_e7a},
    {"E7b Italian most kings", test_e7b},
    {"E7c Italian king first", test_e7c},
    {"E7d Italian man cannot take a king", test_e7d},
    {"E7e Italian count before king", test_e7e},
    {"Italian men never jump kings", test_italian_men_never_take_kings},
    {"E8 Russian Turkish strike", test_e8_russian},
    {"E8 Brazilian majority", test_e8_brazilian},
    {"captured piece blocks a later scan", test_ghost_blocks_scan},
    {"E9 Czech king priority", test_e9_czech},
    {"E9 Russian free choice", test_e9_russian},
    {"E9 Brazilian majority", test_e9_brazilian},
    {"E10 English and Pool free choice", test_e10},
    {"5.8 Frisian values", test_frisian_values},
    {"capture-optional house rule", test_capture_optional},
    {"PK_GEN_QUIET_ONLY", test_quiet_only},
    {"pk_has_capture", test_has_capture},
    {"start positions", test_start_positions},
    {"perft small depths", test_perft_small},
    {"rows sharing an engine row", test_engine_rows},
    {"captures of one piece under free choice", test_captures_from},
    {"no pieces, blocked", test_no_pieces},
    {"random games keep hash and invariants (and pk_quiet_move)", test_random_games},
    {NULL, NULL}};

PK_TEST_MAIN("movegen", tests)
