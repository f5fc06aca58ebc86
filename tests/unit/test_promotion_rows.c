/*
 * test_promotion_rows.c -- a man that reaches its promotion row during a capture, on every
 * row of the variant table (issue 31: "a Frisian man that passes the crowning row during a
 * capture ... is guarded only by copies of the variant table: test the movement").
 *
 * Each variant row must have a case here (the test fails on a row without one, so a new
 * variant cannot leave its promotion untested); each case gives a position in White's
 * frame of coordinates (a1 = White's near left, whatever the variant's numbering or frame
 * of names: RULES 1.1), the legal moves RULES says it has, written in that frame
 * ("f6xd8xb6 {e7,c7}": origin, every landing square, the pieces taken, " =K" when the man
 * ends the move a king), and checks the generated moves and the position after each one:
 * the moving piece on the last square, a king exactly when the rule crowns it, the pieces
 * taken gone. The expectations come from the rules text, not from the table's promo
 * column:
 *   pass      RULES 1.6: goes on capturing as a man, crowned only if the capture ends on
 *             the row: International 2.2 (FMJD 4.15, E4 of 5.1), Brazilian 2.3, Pool 2.5,
 *             Frisian 2.11 (FRIS 8), the 12x12 Canadian and Sri Lankan 2.13; Frysk!,
 *             Antidraughts and Breakthrough play those rules (pdnkit-rules(7));
 *   continue  RULES 1.6: crowned on the row, goes on as a flying king: Russian 2.4 (5.2);
 *   stop      RULES 1.6: crowned, the move ends there: English 2.6, Czech 2.7, Spanish 2.8
 *             (D-ES-3), Portuguese 2.9, Italian 2.10 (5.2), Thai 2.12 (D-TH-5), Malaysian
 *             2.13;
 *   Turkish   pdnkit-rules(7) TURKISH, D-TR-1: goes on capturing as a man (sideways only on
 *             the far rank: not a flying king's landing range), crowned when the move ends.
 */
#include <stdio.h>
#include <string.h>

#include "pdnkit.h"
#include "unit/pktest.h"

typedef struct promo_case {
    const char *variant;
    const char *rule;          /* the rules text it follows */
    const char *white, *black; /* men, White's frame: "f6", "e7 c7 b4" */
    const char *want[4];       /* every legal move, White's frame, NULL-terminated */
} promo_case;

/* a1-dark 8x8 (RULES 5.2): White f6; Black e7, c7, b4. Mirrored 8x8: c6; d7, f7, g4.
 * 10x10 (RULES 5.1 E4, the W:W13:B8,7): f8; e9, c9. 12x12 a1-dark: f10; e11, c11,
 * b8; mirrored 12x12: e10; d11, b11. Turkish (all squares): d6; d7, c8. */
static const promo_case cases[] = {
    {"international", "RULES 1.6 pass, 2.2, 5.1 E4", "f8", "e9 c9", {"f8xd10xb8 {e9,c9}"}},
    {"english", "RULES 1.6 stop, 2.6, 5.2", "f6", "e7 c7 b4", {"f6xd8 {e7} =K"}},
    {"spanish", "RULES 1.6 stop, 2.8, 5.2, D-ES-3", "c6", "d7 f7 g4", {"c6xe8 {d7} =K"}},
    {"portuguese", "RULES 1.6 stop, 2.9", "c6", "d7 f7 g4", {"c6xe8 {d7} =K"}},
    {"russian", "RULES 1.6 continue, 2.4, 5.2", "f6", "e7 c7 b4",
     {"f6xd8xa5xc3 {e7,c7,b4} =K", "f6xd8xa5xd2 {e7,c7,b4} =K", "f6xd8xa5xe1 {e7,c7,b4} =K"}},
    {"brazilian", "RULES 1.6 pass, 2.3, 5.2", "f6", "e7 c7 b4", {"f6xd8xb6 {e7,c7}"}},
    {"italian", "RULES 1.6 stop, 2.10, 5.2", "c6", "d7 f7 g4", {"c6xe8 {d7} =K"}},
    {"czech", "RULES 1.6 stop, 2.7, 5.2", "f6", "e7 c7 b4", {"f6xd8 {e7} =K"}},
    {"pool", "RULES 1.6 pass, 2.5, 5.2", "f6", "e7 c7 b4", {"f6xd8xb6 {e7,c7}"}},
    {"frisian", "RULES 1.6 pass, 2.11 (FRIS 8)", "f8", "e9 c9", {"f8xd10xb8 {e9,c9}"}},
    {"turkish", "pdnkit-rules(7) TURKISH, D-TR-1", "d6", "d7 c8", {"d6xd8xb8 {d7,c8} =K"}},
    {"thai", "RULES 1.6 stop, 2.12 (D-TH-5)", "f6", "e7 c7 b4", {"f6xd8 {e7} =K"}},
    {"canadian", "RULES 1.6 pass, 2.13", "f10", "e11 c11 b8", {"f10xd12xb10 {e11,c11}"}},
    {"sri-lankan", "RULES 1.6 pass, 2.13 (D-LK-1)", "e10", "d11 b11", {"e10xc12xa10 {d11,b11}"}},
    {"malaysian", "RULES 1.6 stop, 2.13", "f10", "e11 c11 b8", {"f10xd12 {e11} =K"}},
    {"frysk", "RULES 2.11 (Frisian rules), pdnkit-rules(7)", "f8", "e9 c9", {"f8xd10xb8 {e9,c9}"}},
    {"antidraughts", "RULES 2.2 (International rules), pdnkit-rules(7)", "f8", "e9 c9", {"f8xd10xb8 {e9,c9}"}},
    {"breakthrough", "RULES 2.2 (International rules), pdnkit-rules(7): no king, the game goes on", "f8",
     "e9 c9", {"f8xd10xb8 {e9,c9}"}},
};

/* A square's name in White's frame (RULES 1.1: file from White's left, rank from White's side). */
static void wname(const pk_geom *g, int bit, char *buf)
{
    snprintf(buf, 8, "%c%d", 'a' + g->file_of[bit], 1 + g->rank_of[bit]);
}

static void wdescribe(const pk_geom *g, const pk_move *m, char *buf, size_t size)
{
    char a[8];
    size_t n = 0;
    wname(g, m->from, a);
    n += (size_t)snprintf(buf + n, size - n, "%s", a);
    for (int i = 0; i < m->ncap && n < size; i++) {
        wname(g, m->path[i], a);
        n += (size_t)snprintf(buf + n, size - n, "x%s", a);
    }
    for (int i = 0; i < m->ncap && n < size; i++) {
        wname(g, m->caps[i], a);
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : " {", a);
    }
    if (m->ncap && n < size)
        n += (size_t)snprintf(buf + n, size - n, "}");
    if ((m->flags & PK_MV_PROMOTE) && n < size)
        snprintf(buf + n, size - n, " =K");
}

/* Puts the men named in `names` (White's frame) for colour c; false when one is no square. */
static bool put_men(const pk_variant *v, pk_pos *p, const char *names, int c)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        int bit = pk_geom_bit(v->geom, t[0] - 'a', atoi(t + 1) - 1);
        if (bit < 0) {
            printf("\n  %s: %s is not a playing square", v->name, t);
            return false;
        }
        pk_pos_put(p, bit, c, false);
    }
    return true;
}

static void run_case(const promo_case *k)
{
    const pk_variant *v = pk_variant_find(k->variant);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    pk_pos p;
    pk_pos_clear(&p, PK_WHITE);
    bool ok = put_men(v, &p, k->white, PK_WHITE) && put_men(v, &p, k->black, PK_BLACK);
    CU_ASSERT_TRUE_FATAL(ok);
    CU_ASSERT_EQUAL(pk_pos_validate(v, &p, NULL), PK_OK);
    pk_movelist *ml = pk_movelist_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ml);
    int n = pk_gen_legal(v, &p, ml, 0), nwant = 0;
    while (nwant < 4 && k->want[nwant])
        nwant++;
    bool seen[4] = {false, false, false, false};
    for (int i = 0; i < n; i++) {
        const pk_move *m = pk_movelist_at(ml, i);
        char d[128];
        wdescribe(v->geom, m, d, sizeof d);
        int j = 0;
        while (j < nwant && strcmp(k->want[j], d))
            j++;
        if (j == nwant) {
            printf("\n  %s (%s): unexpected move %s", v->name, k->rule, d);
            CU_FAIL("a move the rules do not give");
            continue;
        }
        seen[j] = true;
        /* the movement: the piece on the last square, a king exactly when crowned, the pieces
         * taken gone, nothing else changed */
        pk_pos q = p;
        pk_make(v, &q, m);
        bool king = strstr(d, "=K") != NULL;
        CU_ASSERT_EQUAL(q.pieces[PK_WHITE], PK_BIT(m->to));
        CU_ASSERT_EQUAL(q.kings, king ? PK_BIT(m->to) : 0);
        CU_ASSERT_EQUAL(q.pieces[PK_BLACK], p.pieces[PK_BLACK] & ~m->capset);
        CU_ASSERT_EQUAL(q.turn, PK_BLACK);
        CU_ASSERT_EQUAL(pk_pos_validate(v, &q, NULL), PK_OK);
    }
    for (int j = 0; j < nwant; j++)
        if (!seen[j]) {
            printf("\n  %s (%s): missing move %s", v->name, k->rule, k->want[j]);
            CU_FAIL("a move the rules give is missing");
        }
    pk_movelist_free(ml);
}

static void test_every_row_has_a_case(void)
{
    int ncases = (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < pk_variant_count(); i++) {
        const pk_variant *v = pk_variant_at(i);
        int found = 0;
        for (int k = 0; k < ncases; k++)
            found += strcmp(cases[k].variant, v->name) == 0;
        if (found != 1)
            printf("\n  variant row %d (%s): %d promotion cases here, want 1", i, v->name, found);
        CU_ASSERT_EQUAL(found, 1);
    }
    CU_ASSERT_EQUAL(ncases, pk_variant_count());
}

static void test_promotion_in_capture(void)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        run_case(&cases[k]);
}

static const pk_test tests[] = {{"every variant row has a case", test_every_row_has_a_case},
                                {"a man reaching its row during a capture, every row", test_promotion_in_capture},
                                {NULL, NULL}};

PK_TEST_MAIN("promotion_rows", tests)
