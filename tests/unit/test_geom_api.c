/*
 * test_geom_api.c -- the geometry lookups (geom.h), the bit helpers of pk_common.h and
 * position.h, perft's bulk counting (pk_count_children, pk_make_unhashed) and the written
 * squares of written.h, against independent sources: the bit layout formula of geom.h,
 * the square maps of RULES 1.2.2 (International 46 = a1, 5 = j10; English in Black's frame
 * of names, RULES 1.2.5: a1 = White's h8 = 4, c3 = 11; Spanish 1 = h1), and the published
 * perft counts of PERFT.md (International 9, 81, 658; English 7, 49, 302).
 */
#include <string.h>

#include "pdnkit.h"
#include "pk_bits.h" /* the library's inline bit helpers (private) */
#include "pktest.h"
#include "movelist_int.h" /* white box: a move list by value, its fields (private) */

static pk_movelist l1, l2, scratch;

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

static void test_geom_get(void)
{
    const pk_variant *in = var("international"), *en = var("english"), *es = var("spanish"), *tr = var("turkish");
    /* the variants' geometries are the shared ones */
    CU_ASSERT_PTR_EQUAL(pk_geom_get(10, 10, false, false, PK_NUM_TL, PK_FRAME_WHITE), in->geom);
    CU_ASSERT_PTR_EQUAL(pk_geom_get(8, 8, false, false, PK_NUM_TL, PK_FRAME_BLACK), en->geom);
    CU_ASSERT_PTR_EQUAL(pk_geom_get(8, 8, true, false, PK_NUM_BR, PK_FRAME_WHITE), es->geom);
    CU_ASSERT_PTR_EQUAL(pk_geom_get(8, 8, false, true, PK_NUM_TL, PK_FRAME_WHITE), tr->geom);
    const pk_geom *g = pk_geom_get(10, 10, false, false, PK_NUM_TL, PK_FRAME_WHITE);
    CU_ASSERT_EQUAL(g->nsq, 50);
    CU_ASSERT_EQUAL(pk_popcount(g->board), 50);
    CU_ASSERT_EQUAL(pk_geom_get(8, 8, false, true, PK_NUM_TL, PK_FRAME_WHITE)->nsq, 64);
    /* the same call twice: the same geometry (built once) */
    CU_ASSERT_PTR_EQUAL(pk_geom_get(8, 8, false, false, PK_NUM_TL, PK_FRAME_WHITE),
                        pk_geom_get(8, 8, false, false, PK_NUM_TL, PK_FRAME_WHITE));
    /* unsupported sizes */
    CU_ASSERT_PTR_NULL(pk_geom_get(7, 7, false, false, PK_NUM_TL, PK_FRAME_WHITE));
    CU_ASSERT_PTR_NULL(pk_geom_get(9, 8, false, false, PK_NUM_TL, PK_FRAME_WHITE));
    CU_ASSERT_PTR_NULL(pk_geom_get(0, 0, false, false, PK_NUM_TL, PK_FRAME_WHITE));
}

static void test_alg_bit(void)
{
    const pk_geom *in = var("international")->geom, *en = var("english")->geom, *es = var("spanish")->geom;
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 0, 0), in->bit_of[46]); /* a1 */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 9, 9), in->bit_of[5]);  /* j10 */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 1, 9), in->bit_of[1]);  /* b10 */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 1, 0), -1);             /* b1: not playable */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 10, 0), -1);            /* off the board */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 0, -1), -1);
    /* White's frame: alg_bit is geom_bit */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(in, 4, 4), pk_geom_bit(in, 4, 4));
    /* Black's frame (English): a1 is White's h8 (4), c3 is 11, h8 is White's a1 (29) */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(en, 0, 0), en->bit_of[4]);
    CU_ASSERT_EQUAL(pk_geom_alg_bit(en, 2, 2), en->bit_of[11]);
    CU_ASSERT_EQUAL(pk_geom_alg_bit(en, 7, 7), en->bit_of[29]);
    CU_ASSERT_EQUAL(pk_geom_alg_bit(en, 0, 0), pk_geom_bit(en, 7, 7));
    /* the mirrored board: a1 not playable, h1 = 1, a8 = 32 */
    CU_ASSERT_EQUAL(pk_geom_alg_bit(es, 0, 0), -1);
    CU_ASSERT_EQUAL(pk_geom_alg_bit(es, 7, 0), es->bit_of[1]);
    CU_ASSERT_EQUAL(pk_geom_alg_bit(es, 0, 7), es->bit_of[32]);
}

static void test_bits(void)
{
    CU_ASSERT_EQUAL(pk_msb(1), 0);
    CU_ASSERT_EQUAL(pk_msb(PK_BIT(63)), 63);
    CU_ASSERT_EQUAL(pk_msb(PK_BIT(40) | PK_BIT(3)), 40);
    CU_ASSERT_EQUAL(pk_lsb(PK_BIT(40) | PK_BIT(3)), 3);
    /* geom.h's layout: (f, r) has bit ((W+1)*r + f + light) / 2; 10x10's highest playable
     * square is j10 (f = r = 9): bit (11*9 + 9) / 2 = 54, square 5 */
    const pk_geom *in = var("international")->geom;
    CU_ASSERT_EQUAL(pk_msb(in->board), 54);
    CU_ASSERT_EQUAL(in->bit_of[5], 54);
    CU_ASSERT_EQUAL(pk_lsb(in->board), 0);
    CU_ASSERT_EQUAL(in->bit_of[46], 0); /* a1 */
    /* 8x8 a1-dark: h8 (f = r = 7): bit (9*7 + 7) / 2 = 35, square 4 */
    const pk_geom *ru = var("russian")->geom;
    CU_ASSERT_EQUAL(pk_msb(ru->board), 35);
    CU_ASSERT_EQUAL(ru->bit_of[4], 35);
}

/* The exported bit functions (pk_common.h, what a program or a binding calls) agree with
 * the library's inline helpers (pk_bits.h) on both words of a 128-bit set, and say -1 for
 * the ends of an empty set and 0 for a bit index out of range. */
static void test_bits_exported(void)
{
    const pk_bb sets[] = {1, PK_BIT(63), PK_BIT(64), PK_BIT(77) | PK_BIT(2), PK_BIT(127),
                          ~(pk_bb)0, (pk_bb)0x8000000000000001ull << 32, PK_BIT(70) | PK_BIT(64)};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        pk_bb b = sets[k];
        CU_ASSERT_EQUAL(pk_bb_popcount(b), pk_popcount(b));
        CU_ASSERT_EQUAL(pk_bb_lsb(b), pk_lsb(b));
        CU_ASSERT_EQUAL(pk_bb_msb(b), pk_msb(b));
        for (int i = 0; i < PK_MAX_BITS; i++)
            CU_ASSERT_EQUAL(pk_bb_bit(b, i), pk_bb_test(b, i));
    }
    CU_ASSERT_EQUAL(pk_bb_popcount(~(pk_bb)0), 128);
    CU_ASSERT_EQUAL(pk_bb_popcount(PK_BIT(77) | PK_BIT(2)), 2);
    CU_ASSERT_EQUAL(pk_bb_lsb(PK_BIT(77) | PK_BIT(70)), 70);
    CU_ASSERT_EQUAL(pk_bb_msb(PK_BIT(77) | PK_BIT(2)), 77);
    CU_ASSERT_EQUAL(pk_bb_bit(PK_BIT(77), 77), 1);
    CU_ASSERT_EQUAL(pk_bb_bit(PK_BIT(77), 13), 0);
    CU_ASSERT_EQUAL(pk_bb_popcount(0), 0);
    CU_ASSERT_EQUAL(pk_bb_lsb(0), -1);
    CU_ASSERT_EQUAL(pk_bb_msb(0), -1);
    CU_ASSERT_EQUAL(pk_bb_bit(~(pk_bb)0, -1), 0);
    CU_ASSERT_EQUAL(pk_bb_bit(~(pk_bb)0, PK_MAX_BITS), 0);
}

/* make without the hash: the same placement and side to move as pk_make */
static void test_make_unhashed(void)
{
    const pk_variant *v = var("international");
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:WK46,36:B37,18,31", (size_t)-1, &p, NULL, &err), PK_OK);
    pk_gen_legal(v, &p, &l1, 0);
    CU_ASSERT_EQUAL_FATAL(l1.n, 3); /* RULES 5.1 E1 */
    for (int i = 0; i < l1.n; i++) {
        pk_pos a = p, b = p;
        pk_make(v, &a, &l1.m[i]);
        pk_make_unhashed(&b, &l1.m[i]);
        CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
        CU_ASSERT_EQUAL(b.turn, PK_BLACK);
        CU_ASSERT_EQUAL(pk_popcount(b.pieces[PK_BLACK]), 1); /* 37 and 18 taken, 31 left */
        CU_ASSERT_TRUE(pk_kings(&b, PK_WHITE) != 0);
    }
    /* a promotion: the man becomes a king (RULES 5.1 E4, second position: 13x2 ends on 2) */
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:W13,11:B8,7", (size_t)-1, &p, NULL, &err), PK_OK);
    pk_gen_legal(v, &p, &l1, 0);
    CU_ASSERT_EQUAL_FATAL(l1.n, 2);
    for (int i = 0; i < l1.n; i++) {
        pk_pos b = p;
        pk_make_unhashed(&b, &l1.m[i]);
        CU_ASSERT_EQUAL(pk_kings(&b, PK_WHITE), PK_BIT(v->geom->bit_of[2]));
        CU_ASSERT_EQUAL(pk_men(&b, PK_WHITE) | pk_kings(&b, PK_WHITE), b.pieces[PK_WHITE]);
        CU_ASSERT_EQUAL(pk_popcount(b.pieces[PK_BLACK]), 1);
    }
}

/* perft from the start by hand: depth 2 = pk_count_children over the legal moves, depth 3
 * = the same below each move (PERFT.md: International 81, 658; English 49, 302) */
static void perft23(const char *name, uint64_t d2, uint64_t d3)
{
    const pk_variant *v = var(name);
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, v->start_fen, (size_t)-1, &p, NULL, &err), PK_OK);
    int overflow = 0;
    pk_gen_legal(v, &p, &l1, 0);
    CU_ASSERT_EQUAL(pk_count_children(v, &p, &l1, 0, &scratch, &overflow), d2);
    uint64_t sum = 0;
    for (int i = 0; i < l1.n; i++) {
        pk_pos q = p;
        pk_make_unhashed(&q, &l1.m[i]);
        pk_gen_legal(v, &q, &l2, 0);
        sum += pk_count_children(v, &q, &l2, 0, &scratch, &overflow);
    }
    CU_ASSERT_EQUAL(sum, d3);
    CU_ASSERT_EQUAL(overflow, 0);
}

static void test_count_children(void)
{
    perft23("international", 81, 658);
    perft23("english", 49, 302);
    perft23("russian", 49, 302);
    /* a position with captures: E1's three king captures (37 and 18 taken) each leave
     * Black the man 31 (b4): a3 is White's (and cannot be jumped from b4: the board ends
     * behind it), c3 was emptied by the capture: one move each, 3 in all */
    const pk_variant *v = var("international");
    pk_pos p;
    pk_error err;
    int overflow = 0;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:WK46,36:B37,18,31", (size_t)-1, &p, NULL, &err), PK_OK);
    pk_gen_legal(v, &p, &l1, 0);
    CU_ASSERT_EQUAL(pk_count_children(v, &p, &l1, 0, &scratch, &overflow), 3);
}

/* written squares: numbers by the variant's numbering, names by its frame */
static pk_pdn_square num(int n)
{
    pk_pdn_square s = {"", PK_SQ_NUMERIC, n, -1, 0};
    return s;
}

static pk_pdn_square alg(int file, int rank)
{
    pk_pdn_square s = {"", PK_SQ_ALGEBRAIC, 0, file, rank};
    return s;
}

static void test_written_square(void)
{
    const pk_variant *in = var("international"), *en = var("english"), *es = var("spanish");
    pk_pdn_square s = num(46);
    CU_ASSERT_EQUAL(pk_written_square(in, &s), in->geom->bit_of[46]);
    s = alg(0, 1); /* a1 */
    CU_ASSERT_EQUAL(pk_written_square(in, &s), in->geom->bit_of[46]);
    s = alg(9, 10); /* j10 */
    CU_ASSERT_EQUAL(pk_written_square(in, &s), in->geom->bit_of[5]);
    s = num(51);
    CU_ASSERT_EQUAL(pk_written_square(in, &s), -1);
    s = num(0);
    CU_ASSERT_EQUAL(pk_written_square(in, &s), -1);
    s = num(33);
    CU_ASSERT_EQUAL(pk_written_square(en, &s), -1);
    s = alg(2, 3); /* c3 in Black's frame: 11 */
    CU_ASSERT_EQUAL(pk_written_square(en, &s), en->geom->bit_of[11]);
    s = alg(7, 1); /* h1 on the mirrored board: Spanish 1 */
    CU_ASSERT_EQUAL(pk_written_square(es, &s), es->geom->bit_of[1]);
    s = alg(0, 1); /* a1: not a playing square there */
    CU_ASSERT_EQUAL(pk_written_square(es, &s), -1);
    s = alg(8, 1); /* i1 on 8x8 */
    CU_ASSERT_EQUAL(pk_written_square(es, &s), -1);
    s = alg(0, 9);
    CU_ASSERT_EQUAL(pk_written_square(es, &s), -1);
    s.kind = PK_SQ_FILE; /* a column alone names no square */
    s.file = 2;
    CU_ASSERT_EQUAL(pk_written_square(in, &s), -1);
}

static pk_pdn_move token(pk_pdn_square *sq, int n, const char *seps, unsigned flags)
{
    pk_pdn_move m;
    memset(&m, 0, sizeof m);
    m.squares = sq;
    m.nsquares = n;
    m.seps = seps;
    m.flags = flags;
    return m;
}

static void test_written_add(void)
{
    const pk_variant *en = var("english");
    pk_written w;
    int bad = -1;
    memset(&w, 0, sizeof w);
    /* hop by hop (RULES 4.3 old checkers form): "11x18" then "18x25": 18 once */
    pk_pdn_square a[2] = {num(11), num(18)}, b[2] = {num(18), num(25)};
    pk_pdn_move m1 = token(a, 2, "x", PK_PDN_MOVE_CAPTURE), m2 = token(b, 2, "x", PK_PDN_MOVE_CAPTURE | PK_PDN_MOVE_HOP);
    CU_ASSERT_EQUAL(pk_written_add(en, &m1, &w, &bad), PK_OK);
    CU_ASSERT_EQUAL(pk_written_add(en, &m2, &w, &bad), PK_OK);
    CU_ASSERT_EQUAL_FATAL(w.nsq, 3);
    CU_ASSERT_EQUAL(w.sq[0], en->geom->bit_of[11]);
    CU_ASSERT_EQUAL(w.sq[1], en->geom->bit_of[18]);
    CU_ASSERT_EQUAL(w.sq[2], en->geom->bit_of[25]);
    CU_ASSERT_TRUE(w.capture_sep);
    CU_ASSERT_TRUE(w.sep_written);
    CU_ASSERT_FALSE(w.algebraic);
    /* a square off the board: its index */
    memset(&w, 0, sizeof w);
    pk_pdn_square c[3] = {num(11), num(15), num(33)};
    pk_pdn_move m3 = token(c, 3, "--", 0);
    CU_ASSERT_EQUAL(pk_written_add(en, &m3, &w, &bad), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(bad, 2);
    /* algebraic, no separator written ("a3b4"); a column-only origin ("hg7") */
    const pk_variant *ru = var("russian");
    memset(&w, 0, sizeof w);
    pk_pdn_square d[2] = {alg(0, 3), alg(1, 4)};
    pk_pdn_move m4 = token(d, 2, " ", 0);
    CU_ASSERT_EQUAL(pk_written_add(ru, &m4, &w, &bad), PK_OK);
    CU_ASSERT_TRUE(w.algebraic);
    CU_ASSERT_FALSE(w.sep_written);
    CU_ASSERT_FALSE(w.capture_sep);
    CU_ASSERT_EQUAL(w.sq[1], pk_geom_bit(ru->geom, 1, 3));
    memset(&w, 0, sizeof w);
    pk_pdn_square e[2] = {alg(7, 0), alg(6, 7)};
    e[0].kind = PK_SQ_FILE;
    pk_pdn_move m5 = token(e, 2, " ", 0);
    CU_ASSERT_EQUAL(pk_written_add(ru, &m5, &w, &bad), PK_OK);
    CU_ASSERT_EQUAL(w.file_origin, 8); /* 1 + the h file */
    CU_ASSERT_EQUAL(w.nsq, 2);
    CU_ASSERT_EQUAL(w.sq[1], pk_geom_bit(ru->geom, 6, 6));
}

static void test_written_name(void)
{
    const pk_variant *in = var("international"), *en = var("english");
    pk_written w;
    char buf[4];
    memset(&w, 0, sizeof w);
    CU_ASSERT_STRING_EQUAL(pk_written_name(in, &w, in->geom->bit_of[46], buf), "46");
    w.algebraic = true;
    CU_ASSERT_STRING_EQUAL(pk_written_name(in, &w, in->geom->bit_of[46], buf), "a1");
    CU_ASSERT_STRING_EQUAL(pk_written_name(in, &w, in->geom->bit_of[5], buf), "j10");
    CU_ASSERT_STRING_EQUAL(pk_written_name(en, &w, en->geom->bit_of[11], buf), "c3"); /* Black's frame */
    w.algebraic = false;
    CU_ASSERT_STRING_EQUAL(pk_written_name(en, &w, en->geom->bit_of[11], buf), "11");
    /* as parsed: the answer comes in the notation the move was written in */
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(en, "c3-d4", 5, &w, &err), PK_OK);
    CU_ASSERT_STRING_EQUAL(pk_written_name(en, &w, w.sq[1], buf), "d4");
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(en, "11-15", 5, &w, &err), PK_OK);
    CU_ASSERT_STRING_EQUAL(pk_written_name(en, &w, w.sq[1], buf), "15");
}

static const pk_test tests[] = {
    {"pk_geom_get", test_geom_get},
    {"pk_geom_alg_bit", test_alg_bit},
    {"bits", test_bits},
    {"bits, exported", test_bits_exported},
    {"make unhashed", test_make_unhashed},
    {"count children (perft 2, 3)", test_count_children},
    {"written square", test_written_square},
    {"written add", test_written_add},
    {"written name", test_written_name},
    {NULL, NULL},
};
PK_TEST_MAIN("geometry and written squares", tests)
