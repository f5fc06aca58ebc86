/*
 * test_written.c -- one square frame (RULES 1.2.5): every square of every variant, named
 * numerically and algebraically, goes through the FEN reader, the FEN writer, the move
 * reader (pk_written_parse, the replay's mapping) and the move writer and comes back the
 * same; and pk_written_parse on the forms pdncheck accepts.
 */
#include <stdio.h>
#include <string.h>

#include "pdnkit.h"
#include "unit/pktest.h"
#include "movelist_int.h" /* white box: a move list by value, its fields (private) */

static pk_movelist ml;

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* A neighbour of bit b one diagonal step away (a king can move there on an empty board);
 * on a full board (Turkish kings move along ranks and files) one orthogonal step away. */
static int neighbour(const pk_geom *g, int b)
{
    for (int d = g->full ? PK_E : 0; d < (g->full ? PK_NDIRS : 4); d++)
        if (g->next[d][b] >= 0)
            return g->next[d][b];
    return -1;
}

static void test_round_trip_every_square(void)
{
    int bad = 0;
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        const pk_geom *g = v->geom;
        for (int n = 1; n <= g->nsq; n++)
            for (int alg = 0; alg < 2; alg++) {
                int b = g->bit_of[n], b2 = neighbour(g, b);
                char name[4], name2[4], fen[64], out[64], text[16], written[64];
                pk_square_name(g, b, alg, name);
                pk_square_name(g, b2, alg, name2);
                /* FEN reader and writer */
                snprintf(fen, sizeof fen, "W:WK%s:B", name);
                pk_pos p;
                pk_error err;
                bool ok = pk_fen_parse(v, fen, (size_t)-1, &p, NULL, &err) == PK_OK;
                ok = ok && p.pieces[PK_WHITE] == PK_BIT(b) && p.kings == PK_BIT(b);
                ok = ok && pk_fen_write(v, &p, alg, out, sizeof out) > 0 && strcmp(out, fen) == 0;
                /* move reader */
                pk_written w;
                snprintf(text, sizeof text, "%s-%s", name, name2);
                ok = ok && pk_written_parse(v, text, strlen(text), &w, &err) == PK_OK;
                ok = ok && w.nsq == 2 && w.sq[0] == b && w.sq[1] == b2 && w.algebraic == (alg != 0);
                /* move writer, on the move the generator makes */
                pk_gen_legal(v, &p, &ml, 0);
                const pk_move *m = NULL;
                for (int k = 0; k < ml.n; k++)
                    if (ml.m[k].from == b && ml.m[k].to == b2)
                        m = &ml.m[k];
                ok = ok && m && pk_move_write(v, m, alg ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC, written,
                                              sizeof written) > 0;
                ok = ok && strcmp(written, text) == 0;
                if (!ok) {
                    printf("\n  %s: square %d (%s): fen %s -> %s, move %s -> %s", v->name, n, name, fen, out,
                           text, m ? written : "(none)");
                    bad++;
                }
            }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* RULES 1.2.5 in English: c3 is square 11 everywhere, a1 is White's h8 (square 4). */
static void test_english_black_frame(void)
{
    const pk_variant *en = var("english");
    pk_pos p;
    pk_error err;
    char out[64];
    CU_ASSERT_EQUAL(pk_fen_parse(en, "B:WKa1:Bc3", (size_t)-1, &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(p.pieces[PK_WHITE], PK_BIT(en->geom->bit_of[4]));
    CU_ASSERT_EQUAL(p.pieces[PK_BLACK], PK_BIT(en->geom->bit_of[11]));
    pk_fen_write(en, &p, false, out, sizeof out);
    CU_ASSERT_STRING_EQUAL(out, "B:WK4:B11");
    pk_written w;
    CU_ASSERT_EQUAL(pk_written_parse(en, "c3-d4", 5, &w, &err), PK_OK);
    CU_ASSERT_EQUAL(w.sq[0], en->geom->bit_of[11]);
    CU_ASSERT_EQUAL(w.sq[1], en->geom->bit_of[15]);
    pk_gen_legal(en, &p, &ml, 0);
    bool found = false;
    for (int k = 0; k < ml.n; k++)
        if (ml.m[k].from == w.sq[0] && ml.m[k].to == w.sq[1]) {
            pk_move_write(en, &ml.m[k], PK_NOT_ALGEBRAIC, out, sizeof out);
            CU_ASSERT_STRING_EQUAL(out, "c3-d4");
            found = true;
        }
    CU_ASSERT_TRUE(found);
    /* Russian starts with White: a1 is White's a1, square 29 */
    const pk_variant *ru = var("russian");
    CU_ASSERT_EQUAL(pk_written_parse(ru, "a1-b2", 5, &w, &err), PK_OK);
    CU_ASSERT_EQUAL(w.sq[0], ru->geom->bit_of[29]);
    CU_ASSERT_EQUAL(w.sq[1], ru->geom->bit_of[25]);
}

static void expect_parse(const char *variant, const char *text, int nsq, const int *nums, bool capture)
{
    const pk_variant *v = var(variant);
    pk_written w;
    pk_error err;
    int rc = pk_written_parse(v, text, strlen(text), &w, &err);
    if (rc != PK_OK)
        printf("\n  %s: '%s': %s", variant, text, err.msg);
    CU_ASSERT_EQUAL_FATAL(rc, PK_OK);
    CU_ASSERT_EQUAL(w.nsq, nsq);
    for (int i = 0; i < nsq && i < w.nsq; i++)
        CU_ASSERT_EQUAL(w.sq[i], v->geom->bit_of[nums[i]]);
    CU_ASSERT_EQUAL(w.capture_sep, capture);
}

static void test_parse_forms(void)
{
    expect_parse("international", "32x23x14", 3, (int[]){32, 23, 14}, true);
    expect_parse("international", "27 x 18", 2, (int[]){27, 18}, true);
    expect_parse("international", "32-28", 2, (int[]){32, 28}, false);
    expect_parse("international", "32-28!", 2, (int[]){32, 28}, false);
    expect_parse("russian", "c3:e5", 2, (int[]){22, 15}, true);
    expect_parse("russian", "C3:E5", 2, (int[]){22, 15}, true);
    expect_parse("russian", "c3e5", 2, (int[]){22, 15}, false);
    expect_parse("international", "11x18 18x25", 3, (int[]){11, 18, 25}, true); /* hop by hop */
    /* column-only origin: the file is kept for pk_match_move */
    const pk_variant *ru = var("russian");
    pk_written w;
    pk_error err;
    CU_ASSERT_EQUAL(pk_written_parse(ru, "hg7", 3, &w, &err), PK_OK);
    CU_ASSERT_EQUAL(w.file_origin, 'h' - 'a' + 1);
    CU_ASSERT_EQUAL(w.nsq, 2);
    CU_ASSERT_EQUAL(w.sq[1], ru->geom->bit_of[8]);
    CU_ASSERT_TRUE(w.algebraic);
}

static void test_parse_errors(void)
{
    const pk_variant *en = var("english"), *in = var("international");
    pk_written w;
    pk_error err;
    CU_ASSERT_EQUAL(pk_written_parse(en, "", 0, &w, &err), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(pk_written_parse(en, "11#15", 5, &w, &err), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(err.col, 3);
    CU_ASSERT_EQUAL(pk_written_parse(en, "11-33", 5, &w, &err), PK_ERR_RANGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'33'"));
    CU_ASSERT_EQUAL(pk_written_parse(en, "a2-b3", 5, &w, &err), PK_ERR_RANGE); /* not playable */
    CU_ASSERT_EQUAL(pk_written_parse(en, "11", 2, &w, &err), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(pk_written_parse(in, "k1-j2", 5, &w, &err), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(pk_written_parse(en, "i1-h2", 5, &w, &err), PK_ERR_RANGE);
}

/* Issue 21 item 10: "31-31" is a move from 31 to 31 (pdncheck: illegal, the same square),
 * not a move without a destination; only hops split by a blank join ("18 18"). The
 * square a message names is pointed at. */
static void test_parse_same_square(void)
{
    expect_parse("international", "31-31", 2, (int[]){31, 31}, false);
    expect_parse("international", "31x31", 2, (int[]){31, 31}, true);
    expect_parse("international", "11x18 18x25", 3, (int[]){11, 18, 25}, true);
    const pk_variant *in = var("international");
    pk_written w;
    pk_error err;
    CU_ASSERT_EQUAL(pk_written_parse(in, "32-60", 5, &w, &err), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(err.col, 4);
    CU_ASSERT_EQUAL(pk_written_parse(in, " 32 - 60", 8, &w, &err), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(err.col, 7);
    CU_ASSERT_EQUAL(pk_written_parse(in, "32-z9", 5, &w, &err), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(err.col, 4);
}

/* pk_written_line_move: a written move and its hop-by-hop continuations as one, and the
 * square named when one is off the board (in a continuation too: the replay's message
 * named the first token's square of that index before). */
static void test_line_move(void)
{
    const pk_variant *v = var("international");
    const pk_geom *g = v->geom;
    pk_test_reading r;
    const pk_game *gm = PK_READ_GAME(&r, "1. 32-28 19-23 2. 28x19 19x10 *\n");
    pk_written w;
    const pk_pdn_square *bad = (const pk_pdn_square *)&w;
    CU_ASSERT_EQUAL_FATAL(gm->main.nmoves, 4);
    CU_ASSERT(gm->main.moves[3].flags & PK_PDN_MOVE_HOP);
    CU_ASSERT_EQUAL(pk_written_line_move(v, &gm->main, 0, &w, &bad), PK_OK);
    CU_ASSERT_PTR_NULL(bad);
    CU_ASSERT_EQUAL(w.nsq, 2);
    CU_ASSERT(!w.capture_sep && w.sep_written && !w.algebraic);
    CU_ASSERT_EQUAL(pk_written_line_move(v, &gm->main, 2, &w, NULL), PK_OK); /* 28x19 19x10 */
    CU_ASSERT_EQUAL(w.nsq, 3);
    CU_ASSERT(w.sq[0] == g->bit_of[28] && w.sq[1] == g->bit_of[19] && w.sq[2] == g->bit_of[10]);
    CU_ASSERT(w.capture_sep);
    PK_READ_DONE(&r);
    gm = PK_READ_GAME(&r, "1. 32-28 19-23 2. 28x19 19x55 *\n");
    CU_ASSERT_EQUAL(pk_written_line_move(v, &gm->main, 2, &w, &bad), PK_ERR_RANGE);
    CU_ASSERT_PTR_NOT_NULL_FATAL(bad);
    CU_ASSERT_STRING_EQUAL(bad->text, "55");
    PK_READ_DONE(&r);
}

static const pk_test tests[] = {{"every square through FEN and moves, both ways", test_round_trip_every_square},
                                {"English: Black's frame", test_english_black_frame},
                                {"written forms", test_parse_forms},
                                {"errors", test_parse_errors},
                                {"a move to its own square; where a bad square stands", test_parse_same_square},
                                {"a written move of the record, hops joined", test_line_move},
                                {NULL, NULL}};

PK_TEST_MAIN("written", tests)
