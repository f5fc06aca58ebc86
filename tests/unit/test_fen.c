/*
 * test_fen.c -- PDN FEN read/write (RULES 4.2): round trips for every variant, the
 * accepted extensions, and every error class with its status code and column.
 */
#include <stdio.h>
#include <string.h>

#include "pdnkit.h"
#include "pk_bits.h" /* the library's inline bit helpers (private) */
#include "unit/pktest.h"

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

static int parse(const pk_variant *v, const char *fen, pk_pos *p, pk_fen_extra *x, pk_error *err)
{
    pk_error_clear(err);
    return pk_fen_parse(v, fen, (size_t)-1, p, x, err);
}

static pk_bb sq(const pk_variant *v, int n) { return PK_BIT(v->geom->bit_of[n]); }

static pk_bb range(const pk_variant *v, int a, int b)
{
    pk_bb r = 0;
    for (int n = a; n <= b; n++)
        r |= sq(v, n);
    return r;
}

/* parse -> write -> parse gives the same position; writing twice gives the same text */
static void round_trip(const pk_variant *v, const char *fen)
{
    pk_pos a, b;
    pk_error err;
    char out[512], out2[512];
    int rc = parse(v, fen, &a, NULL, &err);
    if (rc)
        printf("\n  %s '%s': col %lld %s", v->name, fen, err.col, err.msg);
    CU_ASSERT_EQUAL_FATAL(rc, PK_OK);
    CU_ASSERT_EQUAL(a.hash, pk_pos_hash(&a));
    for (int alg = 0; alg < 2; alg++) {
        int len = pk_fen_write(v, &a, alg, out, sizeof out);
        CU_ASSERT_EQUAL(len, (int)strlen(out));
        rc = parse(v, out, &b, NULL, &err);
        if (rc)
            printf("\n  %s: written '%s' does not parse: col %lld %s", v->name, out, err.col, err.msg);
        CU_ASSERT_EQUAL(rc, PK_OK);
        CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
        CU_ASSERT_EQUAL(a.hash, b.hash);
        pk_fen_write(v, &b, alg, out2, sizeof out2);
        CU_ASSERT_STRING_EQUAL(out, out2);
    }
}

static void test_round_trip_starts(void)
{
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        round_trip(v, v->start_fen);
        pk_pos p;
        pk_error err;
        CU_ASSERT_EQUAL(parse(v, v->start_fen, &p, NULL, &err), PK_OK);
        /* Thai starts with 8 men a side; its FENs may hold the 12 of the 3-row start */
        int men = strcmp(v->name, "thai") ? v->max_men : 8;
        CU_ASSERT_EQUAL(pk_popcount(p.pieces[PK_WHITE]), men);
        CU_ASSERT_EQUAL(pk_popcount(p.pieces[PK_BLACK]), men);
        CU_ASSERT_EQUAL(p.kings, 0);
        CU_ASSERT_EQUAL(p.turn, v->first);
    }
}

static void test_round_trip_kings(void)
{
    round_trip(var("international"), "W:WK46,36:B37,18,31");
    round_trip(var("international"), "W:WK31:B27,28,37,38");
    round_trip(var("international"), "B:WK1,K5,K50,30:BK46,K2,20,45");
    round_trip(var("english"), "B:W18,K26:BK4");
    round_trip(var("english"), "W:WK1,K2,K3:BK32");
    round_trip(var("spanish"), "W:WK14:B18,26,K11,12");
    round_trip(var("italian"), "W:WK22:B19,K12,K18,10");
    round_trip(var("russian"), "W:WK23:B9,18,27");
    round_trip(var("czech"), "W:W31,K29:B11,17,26");
    round_trip(var("frisian"), "W:WK46,K47,K48:BK3");
}

static void test_write_exact(void)
{
    const pk_variant *v = var("english");
    pk_pos p;
    pk_error err;
    char out[256];
    CU_ASSERT_EQUAL(parse(v, "B:W21-32:B1-12", &p, NULL, &err), PK_OK);
    pk_fen_write(v, &p, false, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    CU_ASSERT_EQUAL(parse(v, "W:BK4,9:W18,K26.", &p, NULL, &err), PK_OK);
    pk_fen_write(v, &p, false, out, sizeof out);
    /* squares are written in numeric order, kings with K */
    CU_ASSERT_STRING_EQUAL(out, "W:W18,K26:BK4,9");
    pk_fen_write(v, &p, true, out, sizeof out);
    /* RULES 1.2.5: English algebraic squares are in Black's frame (18 = White's d4 = e5) */
    CU_ASSERT_STRING_EQUAL(out, "W:We5,Ke7:BKa1,g3");
    const pk_variant *ru = var("russian");
    CU_ASSERT_EQUAL(parse(ru, "W:W29,30,K15:B4", &p, NULL, &err), PK_OK);
    pk_fen_write(ru, &p, true, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "W:WKe5,a1,c1:Bh8");
    pk_fen_write(ru, &p, false, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "W:WK15,29,30:B4");
    /* snprintf-like: the needed length, truncated text */
    char small[8];
    int need = pk_fen_write(ru, &p, false, small, sizeof small);
    CU_ASSERT_EQUAL(need, (int)strlen("W:WK15,29,30:B4"));
    CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
    CU_ASSERT_EQUAL(strncmp(small, "W:WK15,", 7), 0);
    /* an empty side */
    CU_ASSERT_EQUAL(parse(v, "W:W:BK4", &p, NULL, &err), PK_OK);
    pk_fen_write(v, &p, false, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "W:W:BK4");
}

/* PK_FEN_MAX (replay.h) holds every FEN pk_fen_write writes. The longest is the whole
 * board of kings of one colour: a piece costs ",K" and its name, a man one character less,
 * a piece of the other colour no more (its side's ":B" is written in any case, its first
 * comma saved), an empty square nothing. So for each variant row and notation that worst
 * case is written, its length checked against the sum (4 + the names + 2 a square: "W:W",
 * ":B", one comma fewer than squares) and held under PK_FEN_MAX with room for the NUL.
 * Issue 31: an algebraic 12x12 FEN of 60 kings (261 characters) was cut at 255. */
static void test_write_longest(void)
{
    int longest = 0;
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        const pk_geom *g = v->geom;
        for (int alg = 0; alg < 2; alg++) {
            pk_pos p;
            memset(&p, 0, sizeof p);
            size_t want = 4;
            for (int n = 1; n <= g->nsq; n++) {
                p.pieces[PK_WHITE] |= PK_BIT(g->bit_of[n]);
                want += strlen(g->name[alg][g->bit_of[n]]) + 2;
            }
            p.kings = p.pieces[PK_WHITE];
            p.turn = PK_BLACK;
            char out[PK_FEN_MAX];
            int len = pk_fen_write(v, &p, alg, out, sizeof out);
            if ((size_t)len != want || len >= PK_FEN_MAX)
                printf("\n  %s %s: %d characters (want %zu, PK_FEN_MAX %d)", v->name, alg ? "algebraic" : "numeric",
                       len, want, PK_FEN_MAX);
            CU_ASSERT_EQUAL(len, (int)want);
            CU_ASSERT_TRUE(len < PK_FEN_MAX);
            CU_ASSERT_EQUAL(strlen(out), (size_t)len); /* not cut */
            if (len > longest)
                longest = len;
            /* the same squares split between the colours, or as men: never longer */
            pk_pos q = p;
            q.pieces[PK_BLACK] = q.pieces[PK_WHITE] & ~(q.pieces[PK_WHITE] - 1);
            q.pieces[PK_WHITE] &= ~q.pieces[PK_BLACK];
            CU_ASSERT_TRUE(pk_fen_write(v, &q, alg, out, sizeof out) < len);
            q = p;
            q.kings = 0;
            CU_ASSERT_TRUE(pk_fen_write(v, &q, alg, out, sizeof out) < len);
        }
    }
    /* the bound's own arithmetic (replay.h): 5 + 5 * PK_MAX_SQUARES; today's longest,
     * algebraic 12x12 */
    CU_ASSERT_EQUAL(PK_FEN_MAX, 5 + 5 * PK_MAX_SQUARES);
    CU_ASSERT_EQUAL(longest, 310);
    /* the reproducer (pdnfen --algebraic cut it after "...Kg3,K"): 60 kings on an
     * algebraic 12x12 board, written whole */
    const pk_variant *ca = var("canadian");
    char fen[1024] = "W:W", out[PK_FEN_MAX];
    for (int n = 1; n <= 60; n++)
        snprintf(fen + strlen(fen), sizeof fen - strlen(fen), "%sK%d", n == 1 ? "" : n == 31 ? ":B" : ",", n);
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(parse(ca, fen, &p, NULL, &err), PK_OK);
    int len = pk_fen_write(ca, &p, true, out, sizeof out);
    /* rows 12 to 8 and 7 to 3, 18 names of three characters: 1 + 2 + 137 + 2 + 119 */
    CU_ASSERT_EQUAL(len, 261);
    CU_ASSERT_EQUAL(strlen(out), 261);
    CU_ASSERT_STRING_EQUAL(out + len - 8, ",Ki3,Kk3");
}

static void test_ranges_and_kings(void)
{
    const pk_variant *v = var("international");
    pk_pos a, b;
    pk_error err;
    CU_ASSERT_EQUAL(parse(v, "W:W31-50:B1-20", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(a.pieces[PK_WHITE], range(v, 31, 50));
    CU_ASSERT_EQUAL(a.pieces[PK_BLACK], range(v, 1, 20));
    CU_ASSERT_EQUAL(parse(v,
                          "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,"
                          "13,14,15,16,17,18,19,20",
                          &b, NULL, &err),
                    PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
    /* mixed: ranges, single squares, kings; sections in either order */
    CU_ASSERT_EQUAL(parse(v, "B:B1-3,K10,12-13:WK46,40-42", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(a.turn, PK_BLACK);
    CU_ASSERT_EQUAL(a.pieces[PK_BLACK], range(v, 1, 3) | sq(v, 10) | range(v, 12, 13));
    CU_ASSERT_EQUAL(a.pieces[PK_WHITE], sq(v, 46) | range(v, 40, 42));
    CU_ASSERT_EQUAL(a.kings, sq(v, 10) | sq(v, 46));
    /* a one-square range */
    CU_ASSERT_EQUAL(parse(v, "W:W33-33:B1", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(a.pieces[PK_WHITE], sq(v, 33));
    /* lower-case k is accepted */
    CU_ASSERT_EQUAL(parse(v, "W:Wk33:B1", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(a.kings, sq(v, 33));
}

static void test_unknown_turn(void)
{
    pk_pos p;
    pk_fen_extra x;
    pk_error err;
    const pk_variant *en = var("english"), *in = var("international");
    CU_ASSERT_EQUAL(pk_fen_parse(en, "?:W21-32:B1-12", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_EQUAL(p.turn, PK_BLACK);
    CU_ASSERT_TRUE(x.unknown_turn);
    CU_ASSERT_EQUAL(pk_fen_parse(in, "?:W31-50:B1-20", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_EQUAL(p.turn, PK_WHITE);
    CU_ASSERT_TRUE(x.unknown_turn);
    CU_ASSERT_EQUAL(p.hash, pk_pos_hash(&p));
    CU_ASSERT_EQUAL(pk_fen_parse(in, "B:W31-50:B1-20", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_EQUAL(p.turn, PK_BLACK);
    CU_ASSERT_FALSE(x.unknown_turn);
    CU_ASSERT_EQUAL(p.hash, pk_pos_hash(&p));
}

static void test_empty_side(void)
{
    pk_pos p;
    pk_error err;
    const pk_variant *v = var("english");
    CU_ASSERT_EQUAL(parse(v, "W:W:BK4", &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(p.pieces[PK_WHITE], 0);
    CU_ASSERT_EQUAL(p.pieces[PK_BLACK], sq(v, 4));
    CU_ASSERT_EQUAL(p.kings, sq(v, 4));
    CU_ASSERT_EQUAL(parse(v, "B:W18:B", &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(p.pieces[PK_BLACK], 0);
    CU_ASSERT_EQUAL(p.pieces[PK_WHITE], sq(v, 18));
    CU_ASSERT_EQUAL(parse(v, "W:W:B", &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(pk_occupied(&p), 0);
}

static void test_algebraic(void)
{
    pk_pos a, b;
    pk_error err;
    const pk_variant *ru = var("russian");
    CU_ASSERT_EQUAL(parse(ru, "W:Wa1,c1,Ke5:Bh8", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(parse(ru, "W:W29,30,K15:B4", &b, NULL, &err), PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
    /* PERFT.md's algebraic Russian start equals the numeric one */
    CU_ASSERT_EQUAL(parse(ru, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", &a,
                          NULL, &err),
                    PK_OK);
    CU_ASSERT_EQUAL(parse(ru, ru->start_fen, &b, NULL, &err), PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
    /* mixed numeric and algebraic squares */
    CU_ASSERT_EQUAL(parse(ru, "W:Wa1,30,Ke5:B4", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(parse(ru, "W:W29,c1,K15:Bh8", &b, NULL, &err), PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
    /* mirrored board: Spanish c6 = 23 */
    const pk_variant *es = var("spanish");
    CU_ASSERT_EQUAL(parse(es, "W:Wc6:Bd7,f7,g4", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(parse(es, "W:W23:B27,26,13", &b, NULL, &err), PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
    /* 10x10: j10 and b10 */
    const pk_variant *in = var("international");
    CU_ASSERT_EQUAL(parse(in, "W:Wa1,i1:Bb10,j10", &a, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(parse(in, "W:W46,50:B1,5", &b, NULL, &err), PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&a, &b));
}

static void test_extensions(void)
{
    pk_pos p, q;
    pk_fen_extra x;
    pk_error err;
    const pk_variant *v = var("international");
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20.", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_TRUE(x.trailing_dot);
    CU_ASSERT_EQUAL(x.halfmove, -1);
    CU_ASSERT_EQUAL(x.fullmove, -1);
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20", (size_t)-1, &q, &x, &err), PK_OK);
    CU_ASSERT_FALSE(x.trailing_dot);
    CU_ASSERT_FALSE(x.spaces);
    CU_ASSERT_TRUE(pk_pos_equal(&p, &q));
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20:H7:F12", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_EQUAL(x.halfmove, 7);
    CU_ASSERT_EQUAL(x.fullmove, 12);
    CU_ASSERT_TRUE(pk_pos_equal(&p, &q));
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20:F3", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_EQUAL(x.halfmove, -1);
    CU_ASSERT_EQUAL(x.fullmove, 3);
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20:H0.", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_EQUAL(x.halfmove, 0);
    CU_ASSERT_TRUE(x.trailing_dot);
    /* spaces after separators are tolerated and reported */
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W: W31-50: B1-20", (size_t)-1, &p, &x, &err), PK_OK);
    CU_ASSERT_TRUE(x.spaces);
    CU_ASSERT_TRUE(pk_pos_equal(&p, &q));
    /* len bounds the text */
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20xyz", 14, &p, &x, &err), PK_OK);
    CU_ASSERT_TRUE(pk_pos_equal(&p, &q));
    /* extra may be NULL */
    CU_ASSERT_EQUAL(pk_fen_parse(v, "W:W31-50:B1-20:H7", (size_t)-1, &p, NULL, &err), PK_OK);
}

/* ---------------------------------------------------------------------------------- */
/* Errors: status and column                                                           */

static void expect_error(const char *variant, const char *fen, int code, int col)
{
    const pk_variant *v = var(variant);
    pk_pos p;
    pk_error err;
    int rc = parse(v, fen, &p, NULL, &err);
    if (rc != code || err.code != code || err.col != col)
        printf("\n  %s '%s': got status %d code %d col %lld (%s), expected code %d col %d", variant, fen, rc,
               err.code, err.col, err.msg, code, col);
    CU_ASSERT_EQUAL(rc, code);
    CU_ASSERT_EQUAL(err.code, code);
    CU_ASSERT_EQUAL(err.col, col);
    CU_ASSERT_NOT_EQUAL(err.msg[0], 0);
    CU_ASSERT_PTR_NULL(strchr(err.msg, '\n'));
    /* a NULL error record is allowed and the status is the same */
    CU_ASSERT_EQUAL(pk_fen_parse(v, fen, (size_t)-1, &p, NULL, NULL), code);
}

static void test_err_side(void)
{
    expect_error("international", "X:W31-50:B1-20", PK_ERR_SYNTAX, 1);
    expect_error("international", ":W31-50:B1-20", PK_ERR_SYNTAX, 1);
}

static void test_err_colon(void)
{
    expect_error("international", "WW31-50:B1-20", PK_ERR_SYNTAX, 2);
    expect_error("international", "W:W31-50B1-20", PK_ERR_SYNTAX, 9);
}

static void test_err_colour(void)
{
    expect_error("international", "W:X31-50:B1-20", PK_ERR_SYNTAX, 3);
    expect_error("international", "W:W31-50:Z1-20", PK_ERR_SYNTAX, 10);
    expect_error("international", "W:W31-50:W1-20", PK_ERR_SYNTAX, 10); /* white twice */
}

static void test_err_square_range(void)
{
    expect_error("international", "W:W0:B1", PK_ERR_RANGE, 4);
    expect_error("international", "W:W51:B1", PK_ERR_RANGE, 4);
    expect_error("international", "W:W31,51:B1", PK_ERR_RANGE, 7);
    expect_error("international", "W:W31:B1,K51", PK_ERR_RANGE, 11);
    expect_error("english", "B:W33:B1", PK_ERR_RANGE, 4);
    expect_error("english", "B:W21-33:B1", PK_ERR_RANGE, 7);
    expect_error("english", "B:W21:B0", PK_ERR_RANGE, 8);
}

static void test_err_twice(void)
{
    expect_error("international", "W:W31,31:B1", PK_ERR_RULES, 7);
    expect_error("international", "W:W31:B31", PK_ERR_RULES, 8);
    expect_error("international", "W:W31-35,33:B1", PK_ERR_RULES, 10);
    expect_error("english", "B:W21-32:B1-12,K21", PK_ERR_RULES, 16);
}

static void test_err_backwards_range(void)
{
    expect_error("international", "W:W50-31:B1", PK_ERR_RANGE, 7);
}

static void test_err_king_range(void)
{
    expect_error("international", "W:WK31-35:B1", PK_ERR_SYNTAX, 4);
}

static void test_err_algebraic_range(void)
{
    expect_error("russian", "W:Wa1-c1:Bh8", PK_ERR_SYNTAX, 4);
    expect_error("russian", "W:W29-c1:Bh8", PK_ERR_SYNTAX, 4);
}

static void test_err_trailing(void)
{
    expect_error("international", "W:W31-50:B1-20x", PK_ERR_SYNTAX, 15);
    expect_error("international", "W:W31-50:B1-20..", PK_ERR_SYNTAX, 16);
    expect_error("international", "W:W31-50:B1-20:Z5", PK_ERR_SYNTAX, 16);
    expect_error("international", "W:W31-50:B1-20:H", PK_ERR_SYNTAX, 16);
    expect_error("international", "W:W31-50:B1-20:W5", PK_ERR_SYNTAX, 16);
}

/* Position checks point at the offending square; a count error at column 1 (the whole FEN). */
static void test_err_promotion_row(void)
{
    expect_error("international", "W:W1:B20", PK_ERR_RULES, 4);
    expect_error("international", "W:W31:B46", PK_ERR_RULES, 8);
    expect_error("english", "B:W2:B12", PK_ERR_RULES, 4);
    expect_error("spanish", "W:W30:B1", PK_ERR_RULES, 4);  /* Spanish White promotes on 29-32 */
    expect_error("spanish", "W:W12:B4", PK_ERR_RULES, 8);  /* and Black on 1-4 */
    expect_error("russian", "W:Wc1:Bb8,e1", PK_ERR_RULES, 11); /* black man on e1 */
    /* kings there are fine, and men on the other side's row too */
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL(parse(var("international"), "W:WK1:BK46", &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(parse(var("international"), "W:WK1,47:B2", &p, NULL, &err), PK_OK);
}

static void test_err_too_many(void)
{
    expect_error("international", "W:W30-50:B1-20", PK_ERR_RULES, 1); /* 21 white */
    expect_error("international", "W:W31-50:B1-21", PK_ERR_RULES, 1); /* 21 black */
    expect_error("english", "B:W20-32:B1-12", PK_ERR_RULES, 1);       /* 13 white */
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL(parse(var("international"), "W:W31-50:B1-20", &p, NULL, &err), PK_OK);
}

static void test_err_empty(void)
{
    expect_error("international", "", PK_ERR_SYNTAX, 1);
    expect_error("international", "W", PK_ERR_SYNTAX, 2);
    expect_error("international", "W:", PK_ERR_SYNTAX, 3);
}

static void test_err_unplayable(void)
{
    expect_error("english", "B:Wa2:B1", PK_ERR_RANGE, 4);
    expect_error("english", "B:W21:Bb1", PK_ERR_RANGE, 8);
    expect_error("italian", "W:Wa1:B1", PK_ERR_RANGE, 4);
    expect_error("english", "B:Wi1:B1", PK_ERR_RANGE, 4);
}

static void test_err_bad_square_text(void)
{
    expect_error("international", "W:W31,:B1", PK_ERR_SYNTAX, 7);
    expect_error("international", "W:W,31:B1", PK_ERR_SYNTAX, 4);
    expect_error("international", "W:W31-:B1", PK_ERR_SYNTAX, 7);
}

/* The message, for the checks of wording below. */
static void expect_message(const char *variant, const char *fen, size_t len, const char *msg)
{
    pk_pos p;
    pk_error err;
    pk_error_clear(&err);
    CU_ASSERT_NOT_EQUAL(pk_fen_parse(var(variant), fen, len, &p, NULL, &err), PK_OK);
    if (strcmp(err.msg, msg))
        printf("\n  '%s': got '%s', expected '%s'", fen, err.msg, msg);
    CU_ASSERT_STRING_EQUAL(err.msg, msg);
}

/* Issue 21 item 11: "KK31" is a doubled K, not a square "K31" off the board; a square
 * listed twice is named as the item wrote it (a1, not 46), with its first column. */
static void test_err_words(void)
{
    expect_error("international", "W:WKK31:B1", PK_ERR_SYNTAX, 5);
    expect_message("international", "W:WKK31:B1", (size_t)-1, "'K' written twice: a king is K and its square");
    expect_error("international", "W:Wa1,A1:B1", PK_ERR_RULES, 7);
    expect_message("international", "W:Wa1,A1:B1", (size_t)-1, "square a1 is listed twice, first at column 4");
    expect_message("international", "W:W46,a1:B1", (size_t)-1, "square a1 is listed twice, first at column 4");
    expect_message("international", "W:Wa1,46:B1", (size_t)-1, "square 46 is listed twice, first at column 4");
    expect_message("international", "W:W31-35,33:B1", (size_t)-1, "square 33 is listed twice, first at column 4");
}

/* Issue 21 item 9: what a message quotes is never a raw control byte, and a NUL inside
 * the text (a line read from standard input) is part of it, refused where it stands,
 * not the end of a shorter FEN that means another position. */
static void test_err_control_and_nul(void)
{
    expect_message("international", "W:W31\x1b[2J:B1", (size_t)-1, "':' expected, found '\\x1b'");
    static const char nul[] = "W:W31\0:B1";
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL(pk_fen_parse(var("international"), nul, sizeof nul - 1, &p, NULL, &err), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(err.col, 6);
    expect_message("international", nul, sizeof nul - 1, "':' expected, found '\\x00'");
    expect_message("international", "W:W31:B1,\x7f", (size_t)-1, "square expected, found '\\x7f'");
    expect_message("international", "W:W31:B1\xc3\xa9", (size_t)-1, "unexpected '\xc3\xa9' after the position");
}

/* Issue 21 item 15: :H and :F past PK_FEN_COUNTER_MAX are refused, not cut to another
 * number (they became 999999999). */
static void test_err_counter_too_large(void)
{
    pk_pos p;
    pk_fen_extra x;
    pk_error err;
    CU_ASSERT_EQUAL(pk_fen_parse(var("international"), "W:W31:B1:H999999999:F999999999", (size_t)-1, &p, &x, &err),
                    PK_OK);
    CU_ASSERT_EQUAL(x.halfmove, 999999999);
    CU_ASSERT_EQUAL(x.fullmove, 999999999);
    expect_error("international", "W:W31:B1:H1000000000", PK_ERR_RANGE, 10);
    expect_error("international", "W:W31:B1:F99999999999999999999", PK_ERR_RANGE, 10);
    expect_message("international", "W:W31:B1:H1000000000", (size_t)-1,
                   "':H' value 1000000000 is larger than 999999999");
}

/* The one wording of a refused FEN (pdnmoves, pdnperft, pdndiagram, pdncheck). */
static void test_error_text(void)
{
    pk_pos p;
    pk_error err;
    char buf[1200];
    static const char nul[] = "W:W31\0:B1";
    pk_fen_parse(var("international"), nul, sizeof nul - 1, &p, NULL, &err);
    int n = pk_fen_error_text(nul, sizeof nul - 1, NULL, &err, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "bad FEN \"W:W31\\x00:B1\": ':' expected, found '\\x00' (column 6 of the FEN)");
    CU_ASSERT_EQUAL(n, (int)strlen(buf));
    pk_fen_parse(var("international"), "W:W51:B1", (size_t)-1, &p, NULL, &err);
    pk_fen_error_text("W:W51:B1", (size_t)-1, "in a setup command", &err, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "bad FEN \"W:W51:B1\" in a setup command: square 51 is outside 1-50 (column 4 of the FEN)");
    /* a long FEN is cut after PK_FEN_ECHO_MAX bytes, never inside a UTF-8 sequence */
    char longfen[400];
    memset(longfen, 'x', sizeof longfen);
    memcpy(longfen + PK_FEN_ECHO_MAX - 1, "\xc3\xa9", 2);
    longfen[sizeof longfen - 1] = 0;
    pk_fen_error_text(longfen, (size_t)-1, NULL, &err, buf, sizeof buf);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "xxx...\""));
    CU_ASSERT_PTR_NULL(strstr(buf, "\xc3..."));
}

static const pk_test tests[] = {
    {"round trip: every start position", test_round_trip_starts},
    {"round trip: positions with kings", test_round_trip_kings},
    {"write: exact text", test_write_exact},
    {"write: the longest FEN of every variant row fits PK_FEN_MAX", test_write_longest},
    {"ranges and K prefix", test_ranges_and_kings},
    {"'?' side to move", test_unknown_turn},
    {"empty side", test_empty_side},
    {"algebraic squares", test_algebraic},
    {"trailing dot, :H/:F, spaces", test_extensions},
    {"error: side letter", test_err_side},
    {"error: missing ':'", test_err_colon},
    {"error: colour letter", test_err_colour},
    {"error: square out of range", test_err_square_range},
    {"error: square listed twice", test_err_twice},
    {"error: backwards range", test_err_backwards_range},
    {"error: K on a range", test_err_king_range},
    {"error: algebraic range", test_err_algebraic_range},
    {"error: trailing text", test_err_trailing},
    {"error: man on its promotion row", test_err_promotion_row},
    {"error: too many pieces", test_err_too_many},
    {"error: empty FEN", test_err_empty},
    {"error: non-playable algebraic square", test_err_unplayable},
    {"error: malformed square list", test_err_bad_square_text},
    {"error: words of a doubled K and a square listed twice", test_err_words},
    {"error: control characters and NUL quoted, never raw", test_err_control_and_nul},
    {"error: :H/:F too large refused", test_err_counter_too_large},
    {"error: the one wording of a refused FEN", test_error_text},
    {NULL, NULL}};

PK_TEST_MAIN("fen", tests)
