/*
 * test_geom.c -- board geometry against RULES 1.2 (numbering maps, main diagonals),
 * Appendix A (promotion rows) and the variant table lookups.
 */
#include <stdio.h>
#include <string.h>

#include "pdnkit.h"
#include "pk_bits.h" /* the library's inline bit helpers (private) */
#include "unit/pktest.h"
#include "variant_int.h" /* PK_V_COUNT (private) */

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* Square n of variant `name` is algebraic alg[n-1] in White's frame (file_of, rank_of),
 * and in the variant's frame of names both ways via the public API: the same name where
 * White starts, turned by 180 degrees where Black does (RULES 1.2.5). */
static void check_map(const char *name, const char *const alg[], int nsq)
{
    const pk_variant *v = var(name);
    const pk_geom *g = v->geom;
    CU_ASSERT_EQUAL_FATAL(g->nsq, nsq);
    CU_ASSERT_EQUAL(g->frame, v->first == PK_BLACK ? PK_FRAME_BLACK : PK_FRAME_WHITE);
    int bad = 0;
    for (int n = 1; n <= nsq; n++) {
        char num[12], buf[8], named[16]; /* (room for any int: gcc -O1 checks the bounds) */
        if (g->frame == PK_FRAME_BLACK)
            snprintf(named, sizeof named, "%c%d", 'a' + g->width - 1 - (alg[n - 1][0] - 'a'),
                     g->height + 1 - atoi(alg[n - 1] + 1));
        else
            snprintf(named, sizeof named, "%s", alg[n - 1]);
        snprintf(num, sizeof num, "%d", n);
        pk_error err;
        pk_error_clear(&err);
        int bn = PK_SQUARE(g, num, strlen(num), &err);
        int ba = PK_SQUARE(g, named, strlen(named), &err);
        bool ok = bn >= 0 && ba == bn;
        ok &= bn >= 0 && strcmp(pk_square_name(g, bn, true, buf), named) == 0;
        ok &= bn >= 0 && strcmp(pk_square_name(g, bn, false, buf), num) == 0;
        ok &= bn == g->bit_of[n] && g->num_of[bn] == n;
        /* the file and rank agree with the algebraic name */
        ok &= bn >= 0 && g->file_of[bn] == alg[n - 1][0] - 'a' && g->rank_of[bn] + 1 == atoi(alg[n - 1] + 1);
        ok &= bn >= 0 && pk_geom_bit(g, g->file_of[bn], g->rank_of[bn]) == bn;
        if (!ok) {
            printf("\n  %s: square %d should be %s (bit %d, parsed %s as %d)", name, n, named, bn, named, ba);
            bad++;
        }
        /* leading zero allowed */
        if (n < 10) {
            char z[4] = {'0', (char)('0' + n), 0};
            CU_ASSERT_EQUAL(PK_SQUARE(g, z, 2, NULL), bn);
        }
        /* upper-case algebraic accepted too */
        char up[4];
        strcpy(up, named);
        up[0] = (char)(up[0] - 'a' + 'A');
        CU_ASSERT_EQUAL(PK_SQUARE(g, up, strlen(up), NULL), bn);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static const char *const TL_DARK[32] = {
    "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6", "a5", "c5", "e5", "g5",
    "b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2", "a1", "c1", "e1", "g1"};
static const char *const TL_LIGHT[32] = {
    "a8", "c8", "e8", "g8", "b7", "d7", "f7", "h7", "a6", "c6", "e6", "g6", "b5", "d5", "f5", "h5",
    "a4", "c4", "e4", "g4", "b3", "d3", "f3", "h3", "a2", "c2", "e2", "g2", "b1", "d1", "f1", "h1"};
static const char *const BR_LIGHT[32] = {
    "h1", "f1", "d1", "b1", "g2", "e2", "c2", "a2", "h3", "f3", "d3", "b3", "g4", "e4", "c4", "a4",
    "h5", "f5", "d5", "b5", "g6", "e6", "c6", "a6", "h7", "f7", "d7", "b7", "g8", "e8", "c8", "a8"};

static void test_map_tl_dark(void)
{
    static const char *names[] = {"english", "pool", "russian", "brazilian", "czech"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        check_map(names[i], TL_DARK, 32);
}

static void test_map_tl_light(void) { check_map("italian", TL_LIGHT, 32); }

static void test_map_br_light(void)
{
    check_map("spanish", BR_LIGHT, 32);
    check_map("portuguese", BR_LIGHT, 32);
}

/* Spanish n at (f, r) = Italian n at (7-f, 7-r) (RULES 1.2.2 note). */
static void test_spanish_is_italian_rotated(void)
{
    const pk_geom *es = var("spanish")->geom, *it = var("italian")->geom;
    for (int n = 1; n <= 32; n++) {
        int a = es->bit_of[n], b = it->bit_of[n];
        CU_ASSERT_EQUAL(es->file_of[a], 7 - it->file_of[b]);
        CU_ASSERT_EQUAL(es->rank_of[a], 7 - it->rank_of[b]);
    }
}

static void test_map_10x10(void)
{
    const pk_variant *v = var("international");
    const pk_geom *g = v->geom;
    CU_ASSERT_EQUAL(g->nsq, 50);
    CU_ASSERT_EQUAL(g->width, 10);
    CU_ASSERT_EQUAL(g->height, 10);
    static const struct {
        int n;
        const char *alg;
    } pts[] = {{1, "b10"}, {5, "j10"}, {6, "a9"}, {46, "a1"}, {50, "i1"}, {31, "b4"}, {23, "f6"},
               {28, "e5"}, {45, "j2"}, {15, "j8"}, {36, "a3"}};
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        char buf[8], num[8];
        int b = g->bit_of[pts[i].n];
        CU_ASSERT_STRING_EQUAL(pk_square_name(g, b, true, buf), pts[i].alg);
        snprintf(num, sizeof num, "%d", pts[i].n);
        CU_ASSERT_STRING_EQUAL(pk_square_name(g, b, false, buf), num);
        CU_ASSERT_EQUAL(PK_SQUARE(g, pts[i].alg, strlen(pts[i].alg), NULL), b);
        CU_ASSERT_EQUAL(PK_SQUARE(g, num, strlen(num), NULL), b);
    }
    /* every square round-trips, and a1 is playable (a1-dark) */
    for (int n = 1; n <= 50; n++) {
        char buf[8];
        int b = g->bit_of[n];
        const char *s = pk_square_name(g, b, true, buf);
        CU_ASSERT_EQUAL(PK_SQUARE(g, s, strlen(s), NULL), b);
        CU_ASSERT_EQUAL((g->file_of[b] + g->rank_of[b]) % 2, 0);
    }
    CU_ASSERT_EQUAL(var("frisian")->geom, g); /* same board, shared geometry */
}

static pk_bb squares(const pk_geom *g, const int *list)
{
    pk_bb b = 0;
    for (; *list; list++)
        b |= PK_BIT(g->bit_of[*list]);
    return b;
}

static void test_main_diagonals(void)
{
    static const int intl[] = {46, 41, 37, 32, 28, 23, 19, 14, 10, 5, 0};
    static const int dark8[] = {29, 25, 22, 18, 15, 11, 8, 4, 0};
    static const int mirrored[] = {1, 5, 10, 14, 19, 23, 28, 32, 0};
    CU_ASSERT_EQUAL(var("international")->geom->main_diag, squares(var("international")->geom, intl));
    static const char *dark[] = {"english", "pool", "russian", "brazilian", "czech"};
    for (size_t i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(var(dark[i])->geom->main_diag, squares(var(dark[i])->geom, dark8));
    CU_ASSERT_EQUAL(var("spanish")->geom->main_diag, squares(var("spanish")->geom, mirrored));
    CU_ASSERT_EQUAL(var("portuguese")->geom->main_diag, squares(var("portuguese")->geom, mirrored));
    CU_ASSERT_EQUAL(var("italian")->geom->main_diag, squares(var("italian")->geom, mirrored));
    /* end points by name: a1-j10, a1-h8, h1-a8, a8-h1 */
    const pk_geom *es = var("spanish")->geom;
    CU_ASSERT((es->main_diag & PK_BIT(PK_SQUARE(es, "h1", 2, NULL))) != 0);
    CU_ASSERT((es->main_diag & PK_BIT(PK_SQUARE(es, "a8", 2, NULL))) != 0);
    CU_ASSERT_EQUAL(pk_popcount(es->main_diag), 8);
}

/* Appendix A. */
static void test_promotion_rows(void)
{
    static const int w10[] = {1, 2, 3, 4, 5, 0}, b10[] = {46, 47, 48, 49, 50, 0};
    static const int top[] = {1, 2, 3, 4, 0}, bottom[] = {29, 30, 31, 32, 0};
    static const struct {
        const char *name;
        const int *white, *black;
        const char *wa[5], *ba[5];
    } rows[] = {
        {"international", w10, b10, {"b10", "d10", "f10", "h10", "j10"}, {"a1", "c1", "e1", "g1", "i1"}},
        {"frisian", w10, b10, {"b10", "d10", "f10", "h10", "j10"}, {"a1", "c1", "e1", "g1", "i1"}},
        /* Black's frame (RULES 1.2.5): White promotes on Black's near row */
        {"english", top, bottom, {"a1", "c1", "e1", "g1"}, {"b8", "d8", "f8", "h8"}},
        {"pool", top, bottom, {"a1", "c1", "e1", "g1"}, {"b8", "d8", "f8", "h8"}},
        {"russian", top, bottom, {"b8", "d8", "f8", "h8"}, {"a1", "c1", "e1", "g1"}},
        {"brazilian", top, bottom, {"b8", "d8", "f8", "h8"}, {"a1", "c1", "e1", "g1"}},
        {"czech", top, bottom, {"b8", "d8", "f8", "h8"}, {"a1", "c1", "e1", "g1"}},
        {"italian", top, bottom, {"a8", "c8", "e8", "g8"}, {"b1", "d1", "f1", "h1"}},
        {"spanish", bottom, top, {"g8", "e8", "c8", "a8"}, {"h1", "f1", "d1", "b1"}},
        {"portuguese", bottom, top, {"g8", "e8", "c8", "a8"}, {"h1", "f1", "d1", "b1"}},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const pk_geom *g = var(rows[i].name)->geom;
        CU_ASSERT_EQUAL(g->promo[PK_WHITE], squares(g, rows[i].white));
        CU_ASSERT_EQUAL(g->promo[PK_BLACK], squares(g, rows[i].black));
        pk_bb wa = 0, ba = 0;
        for (int k = 0; k < 5 && rows[i].wa[k]; k++) {
            wa |= PK_BIT(PK_SQUARE(g, rows[i].wa[k], strlen(rows[i].wa[k]), NULL));
            ba |= PK_BIT(PK_SQUARE(g, rows[i].ba[k], strlen(rows[i].ba[k]), NULL));
        }
        CU_ASSERT_EQUAL(g->promo[PK_WHITE], wa);
        CU_ASSERT_EQUAL(g->promo[PK_BLACK], ba);
    }
}

static void test_square_errors(void)
{
    const pk_geom *g8 = var("english")->geom, *g10 = var("international")->geom;
    pk_error err;
    pk_error_clear(&err);
    /* the status is the error's code; the bit -1 (libpdnkit(3) ERRORS) */
    int bit = 7;
    CU_ASSERT_EQUAL(pk_square_parse(g8, "3x", 2, &bit, &err), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(bit, -1);
    CU_ASSERT_EQUAL(err.col, 2);
    CU_ASSERT_EQUAL(pk_square_parse(g8, "32", 2, &bit, NULL), PK_OK);
    CU_ASSERT_EQUAL(bit, g8->bit_of[32]);
    CU_ASSERT_EQUAL(pk_square_parse(g8, "33", 2, NULL, NULL), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "0", 1, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "33", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g10, "51", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g10, "50", 2, &err), g10->bit_of[50]);
    /* a non-playable square, an off-board square, malformed text */
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "a2", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "i1", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "a9", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g10, "j10", 3, &err), g10->bit_of[5]);
    CU_ASSERT_EQUAL(PK_SQUARE(g10, "k1", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "3x", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(err.col, 2);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "", 0, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "a", 1, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_SYNTAX);
    /* `len` bounds the read: "12" read as one character is 1 */
    CU_ASSERT_EQUAL(PK_SQUARE(g8, "12", 1, &err), g8->bit_of[1]);
    /* a2 IS playable on the mirrored boards */
    const pk_geom *it = var("italian")->geom;
    CU_ASSERT_EQUAL(PK_SQUARE(it, "a2", 2, &err), it->bit_of[25]);
    CU_ASSERT_EQUAL(PK_SQUARE(it, "a1", 2, &err), -1);
    CU_ASSERT_EQUAL(pk_geom_bit(g8, 0, 1), -1);
    CU_ASSERT_EQUAL(pk_geom_bit(g8, 8, 0), -1);
    CU_ASSERT_EQUAL(pk_geom_bit(g8, 0, 0), g8->bit_of[29]);
    char buf[8];
    CU_ASSERT_STRING_EQUAL(pk_square_name(g8, 63, false, buf), "?");
}

/* Neighbours follow the diagonals: the one-step tables agree with (file, rank). */
static void test_steps(void)
{
    const char *names[] = {"international", "english", "italian", "spanish"};
    static const int df[4] = {+1, -1, +1, -1}, dr[4] = {+1, +1, -1, -1}; /* NE NW SE SW */
    for (size_t i = 0; i < 4; i++) {
        const pk_geom *g = var(names[i])->geom;
        for (int n = 1; n <= g->nsq; n++) {
            int b = g->bit_of[n];
            for (int d = 0; d < 4; d++) {
                int want = pk_geom_bit(g, g->file_of[b] + df[d], g->rank_of[b] + dr[d]);
                CU_ASSERT_EQUAL(g->next[d][b], want);
            }
        }
        CU_ASSERT_EQUAL(pk_popcount(g->board), g->nsq);
    }
    CU_ASSERT_EQUAL(pk_dir_reverse(PK_NE), PK_SW);
    CU_ASSERT_EQUAL(pk_dir_reverse(PK_NW), PK_SE);
    CU_ASSERT_EQUAL(pk_dir_reverse(PK_E), PK_W);
    CU_ASSERT_EQUAL(pk_dir_reverse(PK_N), PK_S);
}

static void test_variant_lookup(void)
{
    static const struct {
        const char *query, *name;
    } q[] = {
        {"international", "international"}, {"INTERNATIONAL", "international"}, {"polish", "international"},
        {"fmjd", "international"},          {"english", "english"},             {"checkers", "english"},
        {"American", "english"},            {"straight", "english"},            {"spanish", "spanish"},
        {"damas", "spanish"},               {"portuguese", "portuguese"},       {"damas-classicas", "portuguese"},
        {"russian", "russian"},             {"shashki", "russian"},             {"brazilian", "brazilian"},
        {"italian", "italian"},             {"dama", "italian"},                {"czech", "czech"},
        {"ceska", "czech"},                 {"pool", "pool"},                   {"american-pool", "pool"},
        {"frisian", "frisian"},
        /* lidraughts variants (issue 14); "Frysk!" is how lidraughts names it */
        {"frysk", "frysk"},                 {"frysk!", "frysk"},                {"Frysk!", "frysk"},
        {"antidraughts", "antidraughts"},   {"Antidraughts", "antidraughts"},   {"breakthrough", "breakthrough"},
        {"Breakthrough", "breakthrough"},
        /* issue 14: Turkish draughts; not "dama", which is Italian's alias */
        {"turkish", "turkish"},             {"Turkish", "turkish"},             {"turk", "turkish"},
    };
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        const pk_variant *v = pk_variant_find(q[i].query);
        CU_ASSERT_PTR_NOT_NULL(v);
        if (v)
            CU_ASSERT_STRING_EQUAL(v->name, q[i].name);
    }
    CU_ASSERT_PTR_NULL(pk_variant_find("killer"));
    CU_ASSERT_PTR_NULL(pk_variant_find(""));
    CU_ASSERT_PTR_NULL(pk_variant_find("inter"));
    CU_ASSERT_PTR_NULL(pk_variant_find(NULL));
}

static void test_gametype_lookup(void)
{
    static const struct {
        int gt;
        const char *name, *full;
        int first;
        const char *start;
    } q[] = {
        {20, "international", "20,W,10,10,N2,0", PK_WHITE, "W:W31-50:B1-20"},
        {21, "english", "21,B,8,8,N1,0", PK_BLACK, "B:W21-32:B1-12"},
        {22, "italian", "22,W,8,8,N2,1", PK_WHITE, "W:W21-32:B1-12"},
        {23, "pool", "23,B,8,8,N1,0", PK_BLACK, "B:W21-32:B1-12"},
        {24, "spanish", "24,W,8,8,N1,1", PK_WHITE, "W:W1-12:B21-32"},
        {25, "russian", "25,W,8,8,A0,0", PK_WHITE, "W:W21-32:B1-12"},
        {26, "brazilian", "26,W,8,8,A0,0", PK_WHITE, "W:W21-32:B1-12"},
        {28, "portuguese", "28,W,8,8,N1,1", PK_WHITE, "W:W1-12:B21-32"},
        {29, "czech", "29,W,8,8,A0,0", PK_WHITE, "W:W21-32:B1-12"},
        {30, "turkish", "30,W,8,8,A0,0", PK_WHITE,
         "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"},
        {40, "frisian", "40,W,10,10,N2,0", PK_WHITE, "W:W31-50:B1-20"},
        /* lidraughts' numbers (its PDN export), not PDN-assigned */
        {96, "breakthrough", "96,W,10,10,N2,0", PK_WHITE, "W:W31-50:B1-20"},
        {97, "frysk", "97,W,10,10,N2,0", PK_WHITE, "W:W46-50:B1-5"},
        {98, "antidraughts", "98,W,10,10,N2,0", PK_WHITE, "W:W31-50:B1-20"},
    };
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        const pk_variant *v = pk_variant_by_gametype(q[i].gt);
        CU_ASSERT_PTR_NOT_NULL_FATAL(v);
        CU_ASSERT_STRING_EQUAL(v->name, q[i].name);
        CU_ASSERT_STRING_EQUAL(v->gametype_full, q[i].full);
        CU_ASSERT_EQUAL(v->first, q[i].first);
        CU_ASSERT_STRING_EQUAL(v->start_fen, q[i].start);
        CU_ASSERT_PTR_EQUAL(pk_variant_find(q[i].name), v);
        CU_ASSERT_PTR_NOT_NULL(v->geom);
    }
    CU_ASSERT_PTR_NULL(pk_variant_by_gametype(41)); /* Spantsiretti */
    CU_ASSERT_PTR_NULL(pk_variant_by_gametype(0));
    /* the table lists every variant once, in enum order */
    int n = 0;
    for (; pk_variant_at(n); n++)
        CU_ASSERT_EQUAL(pk_variant_at(n)->index, n);
    CU_ASSERT_EQUAL(n, PK_V_COUNT);
    CU_ASSERT_PTR_NULL(pk_variant_at(-1));
    CU_ASSERT_PTR_NOT_NULL(strstr(pk_variant_names(), "international"));
    CU_ASSERT_PTR_NOT_NULL(strstr(pk_variant_names(), "frisian"));
}

/* RULES 2.1 parameter table, the columns movegen reads. */
static void test_rules_rows(void)
{
    static const struct {
        const char *name;
        int men_back, flying, men_take_kings, choice, promo;
        char sep;
        bool alg;
    } r[] = {
        {"international", 1, 1, 1, PK_CHOICE_MAJ, PK_PROMO_PASS, 'x', false},
        {"brazilian", 1, 1, 1, PK_CHOICE_MAJ, PK_PROMO_PASS, 'x', true},
        {"russian", 1, 1, 1, PK_CHOICE_FREE, PK_PROMO_CONTINUE, ':', true},
        {"pool", 1, 1, 1, PK_CHOICE_FREE, PK_PROMO_PASS, 'x', false},
        {"english", 0, 0, 1, PK_CHOICE_FREE, PK_PROMO_STOP, 'x', false},
        {"czech", 0, 1, 1, PK_CHOICE_CZECH, PK_PROMO_STOP, 'x', true},
        {"spanish", 0, 1, 1, PK_CHOICE_MAJ_KINGS, PK_PROMO_STOP, 'x', false},
        {"portuguese", 0, 1, 1, PK_CHOICE_MAJ_KINGS, PK_PROMO_STOP, 'x', false},
        {"italian", 0, 0, 0, PK_CHOICE_ITALIAN, PK_PROMO_STOP, 'x', false},
        {"frisian", 1, 1, 1, PK_CHOICE_FRISIAN, PK_PROMO_PASS, 'x', false},
    };
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        const pk_variant *v = var(r[i].name);
        CU_ASSERT_EQUAL(v->rules.men_back, r[i].men_back);
        CU_ASSERT_EQUAL(v->rules.flying, r[i].flying);
        CU_ASSERT_EQUAL(v->rules.men_take_kings, r[i].men_take_kings);
        CU_ASSERT_EQUAL(v->rules.choice, r[i].choice);
        CU_ASSERT_EQUAL(v->rules.promo, r[i].promo);
        CU_ASSERT_EQUAL(v->capture_sep, r[i].sep);
        CU_ASSERT_EQUAL(v->algebraic, r[i].alg);
        CU_ASSERT_EQUAL(v->max_men, v->rules.width == 10 ? 20 : 12);
    }
    CU_ASSERT_TRUE(var("italian")->geom->a1_light);
    CU_ASSERT_TRUE(var("spanish")->geom->a1_light);
    CU_ASSERT_FALSE(var("english")->geom->a1_light);
    CU_ASSERT_EQUAL(var("spanish")->geom->numbering, PK_NUM_BR);
    CU_ASSERT_EQUAL(var("italian")->geom->numbering, PK_NUM_TL);
    CU_ASSERT_EQUAL(var("frisian")->rules.ortho, 1);
}

/* Turkish: every square playable, numbered 1 = a8 ... 64 = h1 (PK_NUM_TL over all 64
 * squares), bit = 8*rank + file; the orthogonal steps are one square and never wrap
 * around an edge (E from the h-file, N from rank 8); square 63 (h8) is a square. */
static void test_full_board(void)
{
    static char names[64][4];
    static const char *alg[64];
    for (int n = 1; n <= 64; n++) {
        names[n - 1][0] = (char)('a' + (n - 1) % 8);
        names[n - 1][1] = (char)('0' + 8 - (n - 1) / 8);
        names[n - 1][2] = 0;
        alg[n - 1] = names[n - 1];
    }
    check_map("turkish", alg, 64);
    const pk_geom *g = var("turkish")->geom;
    CU_ASSERT_TRUE(g->full);
    CU_ASSERT_EQUAL(g->board, (pk_bb)~(uint64_t)0); /* bits 0..63, nothing above */
    static const int df[PK_NDIRS] = {+1, -1, +1, -1, +1, -1, 0, 0}, dr[PK_NDIRS] = {+1, +1, -1, -1, 0, 0, +1, -1};
    int bad = 0;
    for (int b = 0; b < 64; b++) {
        CU_ASSERT_EQUAL(g->file_of[b], b % 8);
        CU_ASSERT_EQUAL(g->rank_of[b], b / 8);
        for (int d = 0; d < PK_NDIRS; d++) {
            int f = b % 8 + df[d], r = b / 8 + dr[d];
            int want = f >= 0 && f < 8 && r >= 0 && r < 8 ? 8 * r + f : -1;
            bad += g->next[d][b] != want;
            bad += ((g->src[d] >> b) & 1) != (want >= 0);
            if (want >= 0)
                bad += g->shift[d] != want - b;
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(g->ray[PK_E][0], 0xFEull);             /* b1..h1 */
    CU_ASSERT_EQUAL(g->ray[PK_N][7], 0x8080808080808000ull); /* h2..h8 */
    CU_ASSERT_EQUAL(g->promo[PK_WHITE], 0xFF00000000000000ull);
    CU_ASSERT_EQUAL(g->promo[PK_BLACK], 0xFFull);
    char buf[8];
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, 63, true, buf), "h8");
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, 63, false, buf), "8");
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, 64, true, buf), "?");
    CU_ASSERT_STRING_EQUAL(pk_square_name(g, -1, true, buf), "?");
    CU_ASSERT_EQUAL(PK_SQUARE(g, "65", 2, NULL), -1);
    CU_ASSERT_EQUAL(PK_SQUARE(g, "i1", 2, NULL), -1);
    CU_ASSERT_EQUAL(PK_SQUARE(g, "a9", 2, NULL), -1);
}

static const pk_test tests[] = {
    {"8x8 full board (Turkish): every square, orthogonal steps", test_full_board},
    {"8x8 TL a1-dark map (English, Pool, Russian, Brazilian, Czech)", test_map_tl_dark},
    {"8x8 TL a1-light map (Italian)", test_map_tl_light},
    {"8x8 BR a1-light map (Spanish, Portuguese)", test_map_br_light},
    {"Spanish map = Italian rotated", test_spanish_is_italian_rotated},
    {"10x10 map", test_map_10x10},
    {"main diagonals", test_main_diagonals},
    {"promotion rows (Appendix A)", test_promotion_rows},
    {"square parse errors", test_square_errors},
    {"one-step tables", test_steps},
    {"variant lookup by name and alias", test_variant_lookup},
    {"variant lookup by GameType", test_gametype_lookup},
    {"variant rules rows (RULES 2.1)", test_rules_rows},
    {NULL, NULL}};

PK_TEST_MAIN("geom", tests)
