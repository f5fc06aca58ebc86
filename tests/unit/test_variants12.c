/*
 * test_variants12.c -- the variants of issue 26: the 12x12 games (Canadian, Sri Lankan,
 * Malaysian) and Thai draughts (pdnkit-rules(7), THAI DRAUGHTS and THE 12x12 GAMES): their
 * squares, one position per rule that sets them apart (each expected set worked out by
 * hand from the rules text, and different if that rule were implemented otherwise), the
 * 128-bit sets past bit 63, the hash kept by pk_make on a wide board, and perft at cheap
 * depths (PERFT.md, tests/perft-table.txt for the deep ones).
 */
#include "pdnkit.h"
#include "unit/engine_helpers.h"
#include "unit/movegen_helpers.h"
#include "unit/pktest.h"

#define M(variant, fen, ...) expect_moves(variant, fen, 0, false, S(__VA_ARGS__))

static void check_squares(const char *variant, const char *const *names, int n)
{
    const pk_variant *v = var(variant);
    char buf[4];
    for (int i = 0; i < n; i++) {
        int b = v->geom->bit_of[i + 1];
        if (strcmp(pk_square_name(v->geom, b, true, buf), names[i]))
            printf("\n  %s square %d is %s, expected %s", variant, i + 1, buf, names[i]);
        CU_ASSERT_STRING_EQUAL(buf, names[i]);
    }
}

/* RULES 1.2.1 TL numbering on 12x12 (PDN 27,W,12,12,N2,0): 1 = b12 ... 72 = k1, six
 * squares a row; mirrored (Sri Lankan), 1 = a12 ... 72 = l1. Thai (31,B,8,8,N2,0, read by
 * RULES 1.2.5): square 1 at Black's top left, White's g1, names in Black's frame. */
static void test_squares(void)
{
    static const char *const ca[] = {"b12", "d12", "f12", "h12", "j12", "l12", "a11", "c11"};
    check_squares("canadian", ca, 8);
    const pk_geom *g = var("canadian")->geom;
    char buf[4];
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, g->bit_of[67], true, buf), "a1");
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, g->bit_of[72], true, buf), "k1");
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, g->bit_of[43], true, buf), "a5");
    CU_ASSERT_TRUE(g->wide);
    CU_ASSERT_EQUAL(g->nsq, 72);
    CU_ASSERT_EQUAL(pk_popcount(g->board), 72);
    CU_ASSERT(pk_msb(g->board) > 63); /* the 12x12 layout runs past one word */
    static const char *const lk[] = {"a12", "c12", "e12", "g12", "i12", "k12", "b11"};
    check_squares("sri-lankan", lk, 7);
    g = var("sri-lankan")->geom;
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, g->bit_of[72], true, buf), "l1");
    CU_ASSERT_TRUE(g->a1_light);
    /* Thai: White's g1, e1, c1, a1 are 1-4; White's h8 (Black's near-left a1) is 29 */
    const pk_variant *th = var("thai");
    CU_ASSERT_EQUAL(th->geom->frame, PK_FRAME_BLACK);
    CU_ASSERT_EQUAL(th->geom->file_of[th->geom->bit_of[1]], 6);
    CU_ASSERT_EQUAL(th->geom->rank_of[th->geom->bit_of[1]], 0);
    CU_ASSERT_EQUAL(th->geom->file_of[th->geom->bit_of[4]], 0);
    CU_ASSERT_EQUAL(th->geom->file_of[th->geom->bit_of[29]], 7);
    CU_ASSERT_EQUAL(th->geom->rank_of[th->geom->bit_of[29]], 7);
    CU_ASSERT_STRING_EQUAL(pk_square_name(th->geom, th->geom->bit_of[29], true, buf), "a1");
    CU_ASSERT_FALSE(th->geom->wide);
    /* the FEN reader: on a board with a k file, "k5" is a square, "K5" a king */
    pk_pos p = pos_of(var("canadian"), "W:Wk5,Kk3,Ka1:B1");
    CU_ASSERT_EQUAL(pk_popcount(p.pieces[PK_WHITE]), 3);
    CU_ASSERT_EQUAL(pk_popcount(p.kings), 2);
}

/* The rows' rule columns (pdnkit-rules(7)). */
static void test_rules(void)
{
    const pk_variant *ca = var("canadian"), *lk = var("sri-lankan"), *my = var("malaysian"), *th = var("thai");
    CU_ASSERT_EQUAL(ca->gametype, 27);
    CU_ASSERT_EQUAL(ca->first, PK_WHITE);
    CU_ASSERT_EQUAL(ca->max_men, 30);
    CU_ASSERT_EQUAL(ca->rules.choice, PK_CHOICE_MAJ);
    CU_ASSERT_EQUAL(ca->rules.promo, PK_PROMO_PASS);
    CU_ASSERT_EQUAL(ca->draw_profile, PK_DRAW_FMJD); /* D-CA-1 */
    CU_ASSERT_EQUAL(memcmp(&ca->rules.men_back, &lk->rules.men_back, sizeof ca->rules - 3), 0);
    CU_ASSERT_TRUE(lk->rules.a1_light);
    CU_ASSERT_FALSE(my->rules.men_back);
    CU_ASSERT_TRUE(my->rules.flying);
    CU_ASSERT_EQUAL(my->rules.choice, PK_CHOICE_MAJ_KING);
    CU_ASSERT_EQUAL(th->gametype, 31);
    CU_ASSERT_EQUAL(th->first, PK_BLACK);
    CU_ASSERT_EQUAL(th->capture_sep, '-');
    CU_ASSERT_EQUAL(th->rules.removal, PK_REMOVE_EACH);
    CU_ASSERT_EQUAL(th->rules.king_land, PK_LAND_NEXT);
    CU_ASSERT_TRUE(th->rules.turn_back);
    CU_ASSERT_EQUAL(th->rules.choice, PK_CHOICE_FREE);
    CU_ASSERT_PTR_EQUAL(pk_variant_by_gametype(94), lk);
    CU_ASSERT_PTR_EQUAL(pk_variant_by_gametype(95), my);
    CU_ASSERT_PTR_EQUAL(pk_variant_find("srilankan"), lk);
    CU_ASSERT_PTR_EQUAL(pk_variant_find("singaporean"), my);
    CU_ASSERT_PTR_EQUAL(pk_variant_find("mak-hos"), th);
}

/* Thai kings: a flying king lands on the square right behind the piece it takes (D-TH-2);
 * pieces leave the board as they are jumped, so it may go back over the square it came
 * from (D-TH-3, D-TH-4); men take forward only. White: 4 = a1, 8 = b2, 11 = c3, 15 = d4,
 * 18 = e5, 16 = b4 (Thai numbering). */
static void test_thai(void)
{
    /* a1 takes d4: lands on e5 only (an international king could stop on e5-h8) */
    M("thai", "W:WK4:B15", "4x18 {15}");
    /* c3 takes d4 (landing e5), turns back over the empty d4 and its own c3 and takes b2,
     * landing on a1; or the other way round. Without the turn back both would stop after
     * one piece (11x18, 11x4). */
    M("thai", "W:WK11:B15,8", "11x18x4 {15,8}", "11x4x18 {8,15}");
    /* a man does not take backwards: b2 behind c3 is safe */
    M("thai", "W:W11:B8", "11-15", "11-16");
    /* add f4 (14) and a man on e3 (10): from e5 the king goes on over f4 to g3 (9), or
     * back over b2; from a1 back over d4, then over f4. Free choice: three pieces, two,
     * or a man's one */
    M("thai", "W:WK11,10:B15,8,14", "11x18x9 {15,14}", "11x18x4 {15,8}", "11x4x18x9 {8,15,14}", "10x17 {14}",
      "10x19 {15}");
}

/* Canadian: international rules on 12x12 (men take backwards, the most pieces, a man
 * passing the crowning row stays a man). Malaysian: men move and take forward only; the
 * most pieces, then a capture by a king (D-MY-3). Squares: 38 = d6, 44 = c5, 49 = b4,
 * 43 = a5, 37 = b6, 32 = c7, 66 = l2, 60 = k3, 14 = d10, 9 = e11, 3 = f12, 10 = g11,
 * 16 = h10. */
static void test_12x12(void)
{
    M("canadian", "W:W38:B44", "38x49 {44}");
    M("malaysian", "W:W38:B44", "38-32", "38-33");
    /* equal counts: Canadian free, Malaysian a king's capture (its whole landing range) */
    M("canadian", "W:W43,K66:B37,60", "43x32 {37}", "66x53 {60}", "66x47 {60}", "66x40 {60}", "66x34 {60}",
      "66x27 {60}", "66x21 {60}", "66x14 {60}", "66x8 {60}", "66x1 {60}");
    M("malaysian", "W:W43,K66:B37,60", "66x53 {60}", "66x47 {60}", "66x40 {60}", "66x34 {60}", "66x27 {60}",
      "66x21 {60}", "66x14 {60}", "66x8 {60}", "66x1 {60}");
    /* more pieces beat a king's capture in both (i5 = 47 stops the king on j4 = 53) */
    M("canadian", "W:W43,47,K66:B37,26,60", "43x32x21 {37,26}");
    M("malaysian", "W:W43,47,K66:B37,26,60", "43x32x21 {37,26}");
    /* d10 takes e11 to f12 and must go on backwards over g11, a man still (Canadian);
     * Malaysian men cannot, so the capture ends on f12, crowned */
    M("canadian", "W:W14:B9,10", "14x3x16 {9,10}");
    M("malaysian", "W:W14:B9,10", "14x3 {9} =K");
    /* the mirrored board: b5 (43) goes to a6 or c6, l5 (48) to k6 only */
    M("sri-lankan", "W:W43,48:B1", "43-37", "43-38", "48-42");
}

/* Sets past bit 63: the helpers, and pk_make's hash on a wide board, kept equal to the
 * hash computed afresh over random games (every capture, promotion and king move). */
static void test_wide_sets(void)
{
    pk_bb b = PK_BIT(3) | PK_BIT(70) | PK_BIT(77);
    CU_ASSERT_EQUAL(pk_popcount(b), 3);
    CU_ASSERT_EQUAL(pk_lsb(b), 3);
    CU_ASSERT_EQUAL(pk_msb(b), 77);
    CU_ASSERT_EQUAL(pk_lsb(b & ~PK_BIT(3)), 70);
    CU_ASSERT_TRUE(pk_bb_test(b, 70));
    CU_ASSERT_FALSE(pk_bb_test(b, 6));
    CU_ASSERT_FALSE(pk_bb_test(b, 69));
    /* pk_popcount64 (the one-word count, with or without the POPCNT instruction) against
     * a bit-by-bit count of words with bits at both ends and in every byte */
    static const uint64_t words[] = {0, 1, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull,
                                     0x0123456789ABCDEFull, 0xF0F0F0F00F0F0F0Full};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        int want = 0;
        for (int i = 0; i < 64; i++)
            want += (int)((words[k] >> i) & 1);
        CU_ASSERT_EQUAL(pk_popcount64(words[k]), want);
    }
    CU_ASSERT_EQUAL(pk_popcount((pk_bb)0xFFFFFFFFFFFFFFFFull << 64 | 1), 65);
    unsigned seed = 2611;
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        if (v->rules.width != 12 && strcmp(v->name, "thai"))
            continue;
        for (int game = 0; game < 40; game++) {
            pk_pos p = pos_of(v, v->start_fen);
            for (int ply = 0; ply < 200; ply++) {
                int n = pk_gen_legal(v, &p, &ml, 0);
                if (n == 0)
                    break;
                for (int k = 0; k < n; k++)
                    check_move_fields(v, &p, &ml.m[k]);
                seed = seed * 1103515245u + 12345u;
                pk_make(v, &p, &ml.m[(seed >> 8) % (unsigned)n]);
                CU_ASSERT_EQUAL_FATAL(p.hash, pk_pos_hash(&p));
                CU_ASSERT_EQUAL(p.pieces[0] & p.pieces[1], 0);
                CU_ASSERT_EQUAL(p.kings & ~(p.pieces[0] | p.pieces[1]), 0);
                CU_ASSERT_EQUAL((p.pieces[0] | p.pieces[1]) & ~v->geom->board, 0);
            }
        }
    }
}

/* PERFT.md / tests/perft-table.txt at cheap depths. */
static void test_perft(void)
{
    static const struct {
        const char *variant, *fen;
        int depth;
        uint64_t count;
    } rows[] = {
        {"canadian", NULL, 5, 79049},   /* dctl */
        {"sri-lankan", NULL, 5, 79049}, /* dctl */
        {"malaysian", NULL, 5, 78629},  /* tests/perft/perft12.py */
        {"thai", NULL, 6, 218695},      /* dctl ThaiNative */
        {"thai", "B:W1-12:B21-32", 8, 845931}, /* dctl Thai, from the 12-man start */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const pk_variant *v = var(rows[i].variant);
        pk_pos p = pos_of(v, rows[i].fen ? rows[i].fen : v->start_fen);
        uint64_t n = perft_n(v, &p, rows[i].depth, 0);
        if (n != rows[i].count)
            printf("\n  perft %s d%d = %llu, expected %llu", rows[i].variant, rows[i].depth,
                   (unsigned long long)n, (unsigned long long)rows[i].count);
        CU_ASSERT_EQUAL(n, rows[i].count);
    }
}

static const pk_test tests[] = {
    {"square numbers and names", test_squares},
    {"rule columns", test_rules},
    {"Thai: land behind, turn back, men forward", test_thai},
    {"Canadian, Malaysian, Sri Lankan captures", test_12x12},
    {"sets past bit 63, the hash on wide boards", test_wide_sets},
    {"perft at cheap depths", test_perft},
    {NULL, NULL},
};

PK_TEST_MAIN("variants12", tests)
