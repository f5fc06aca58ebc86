/* test_match.c -- the adjudicator's classification of written moves (RULES 4.5),
 * pinned on the worked examples of RULES section 5. */
#include <string.h>

#include "match.h"
#include "written.h"
#include "fen.h"
#include "pktest.h"
#include "movelist_int.h" /* white box: a move list by value, its fields (private) */

static pk_match_scratch *scratch_; /* made once, kept for the program's life */
static pk_match_scratch *scratch(void)
{
    if (!scratch_)
        scratch_ = pk_match_scratch_new();
    return scratch_;
}

/* "46x23x12", "e3:c5:a7", "36-31": squares separated by - x or : */
static int classify(const char *variant, const char *fen, const char *text, pk_match *m)
{
    const pk_variant *v = pk_variant_find(variant);
    pk_pos p;
    pk_error err;
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, fen, (size_t)-1, &p, NULL, &err), PK_OK);
    pk_written w;
    memset(&w, 0, sizeof w);
    for (const char *s = text; *s;) {
        size_t n = strcspn(s, "-x:");
        int b = PK_SQUARE(v->geom, s, n, &err);
        CU_ASSERT_FATAL(b >= 0);
        w.sq[w.nsq++] = (uint8_t)b;
        s += n;
        if (*s) {
            w.sep_written = true;
            if (*s != '-')
                w.capture_sep = true;
            s++;
        }
    }
    return pk_match_move(v, &p, &w, 0, scratch(), m);
}

static void expect(const char *variant, const char *fen, const char *text, int kind, int why)
{
    pk_match m;
    int k = classify(variant, fen, text, &m);
    if (k != kind || (why >= 0 && m.why != why))
        printf("\n  %s %s %s: kind %d why %d, expected kind %d why %d", variant, fen, text, k, m.why, kind, why);
    CU_ASSERT_EQUAL(k, kind);
    if (why >= 0)
        CU_ASSERT_EQUAL(m.why, why);
}

/* RULES 5.1 E1, adjudicator line. */
static void test_e1(void)
{
    const char *f = "W:WK46,36:B37,18,31";
    expect("international", f, "46x12", PK_MATCH_LEGAL, -1);
    expect("international", f, "46x23x7", PK_MATCH_LEGAL, -1);
    expect("international", f, "46x23x1", PK_MATCH_LEGAL, -1);
    expect("international", f, "46x28x1", PK_MATCH_ILLEGAL, -1); /* the king turns at 23 only */
    expect("international", f, "36x27", PK_MATCH_CHOICE, PK_WHY_QUANTITY);
    expect("international", f, "46x28", PK_MATCH_INCOMPLETE, -1);
    expect("international", f, "46x32", PK_MATCH_INCOMPLETE, -1);
    expect("international", f, "46x19", PK_MATCH_INCOMPLETE, -1);
    expect("international", f, "46x5", PK_MATCH_INCOMPLETE, -1);
    expect("international", f, "46-41", PK_MATCH_CAPTURE_REQUIRED, -1);
    expect("international", f, "36-31", PK_MATCH_ILLEGAL, PK_ILL_OCCUPIED);
}

/* E2: same origin and destination, different pieces. */
static void test_e2_ambiguous(void)
{
    const char *f = "W:WK31:B19,20,22,23";
    pk_match m;
    CU_ASSERT_EQUAL(classify("international", f, "31x15", &m), PK_MATCH_AMBIGUOUS);
    CU_ASSERT_EQUAL(m.ncand, 2);
    expect("international", f, "31x18x29x15", PK_MATCH_LEGAL, -1);
    expect("international", f, "31x13x24x15", PK_MATCH_LEGAL, -1);
    expect("international", f, "31x9x25", PK_MATCH_CHOICE, PK_WHY_QUANTITY);
}

/* E3: the loop back home, written along either path. */
static void test_e3_either_path(void)
{
    const char *f = "W:WK31:B27,28,37,38";
    expect("international", f, "31x22x33x42x31", PK_MATCH_LEGAL, -1);
    expect("international", f, "31x42x33x22x31", PK_MATCH_LEGAL, -1);
    expect("international", f, "31x31", PK_MATCH_LEGAL, -1);
}

/* E4: the man passes the promotion row and goes on as a man. */
static void test_e4(void)
{
    pk_match m;
    CU_ASSERT_EQUAL(classify("international", "W:W13:B8,7", "13x11", &m), PK_MATCH_LEGAL);
    CU_ASSERT_FALSE(m.move.flags & PK_MV_PROMOTE);
    CU_ASSERT_EQUAL(classify("international", "W:W13:B8,7", "13x2", &m), PK_MATCH_INCOMPLETE);
}

/* 5.2 Russian: crowned on d8, must go on; stopping is incomplete. */
static void test_russian_promotion(void)
{
    const char *f = "W:W11:B7,6,17";
    pk_match m;
    CU_ASSERT_EQUAL(classify("russian", f, "f6:d8:a5:e1", &m), PK_MATCH_LEGAL);
    CU_ASSERT_TRUE(m.move.flags & PK_MV_PROMOTE);
    expect("russian", f, "f6:d8", PK_MATCH_INCOMPLETE, -1);
    expect("russian", f, "f6:d8:b6", PK_MATCH_INCOMPLETE, -1); /* b6: the range rule, RULES 5.2 */
    expect("brazilian", f, "f6:d8:b6", PK_MATCH_LEGAL, -1);
    expect("brazilian", f, "f6:d8", PK_MATCH_INCOMPLETE, -1);
}

/* E5/E6 Spanish quality and quantity. */
static void test_spanish(void)
{
    expect("spanish", "W:WK14:B18,26,K11,12", "14x21x30", PK_MATCH_CHOICE, PK_WHY_QUALITY);
    expect("spanish", "W:WK14:B18,26,K11,12", "14x16", PK_MATCH_LEGAL, -1);
    expect("spanish", "W:WK31:B10,12,27,K28", "31x24", PK_MATCH_CHOICE, PK_WHY_QUANTITY);
}

/* E7 Italian priorities. */
static void test_italian(void)
{
    expect("italian", "W:W23,K29:B20,26,1", "23x16", PK_MATCH_CHOICE, PK_WHY_BY_KING);
    expect("italian", "W:WK22:B19,12,K18,10", "22x15x8", PK_MATCH_CHOICE, PK_WHY_QUALITY);
    expect("italian", "W:WK22:B19,K12,K18,10", "22x15x8", PK_MATCH_CHOICE, PK_WHY_KING_ORDER);
    expect("italian", "W:W23,29:BK20,1", "23x16", PK_MATCH_ILLEGAL, PK_ILL_KING_BY_MAN);
    expect("italian", "W:W21,K28:B18,11,23", "28x19", PK_MATCH_CHOICE, PK_WHY_QUANTITY);
}

/* E8: captured pieces block a flying king. */
static void test_e8_turkish_strike(void)
{
    expect("russian", "W:WK23:B9,18,27", "e3:c5:a7:g1", PK_MATCH_ILLEGAL, PK_ILL_CAPTURED_TWICE);
    expect("russian", "W:WK23:B9,18,27", "e3:g1", PK_MATCH_LEGAL, -1);
    expect("brazilian", "W:WK23:B9,18,27", "23x32", PK_MATCH_CHOICE, PK_WHY_QUANTITY);
}

/* E9 Czech king priority. */
static void test_e9_czech(void)
{
    expect("czech", "W:We1,Ka1:Bf6,b4,d2", "e1:c3:a5", PK_MATCH_CHOICE, PK_WHY_BY_KING);
    expect("czech", "W:We1,Ka1:Bf6,b4,d2", "a1:h8", PK_MATCH_LEGAL, -1);
    expect("russian", "W:We1,Ka1:Bf6,b4,d2", "e1:c3:a5", PK_MATCH_LEGAL, -1);
}

/* Plain illegal moves and their reasons. */
static void test_illegal_reasons(void)
{
    const char *start = "B:W21-32:B1-12";
    expect("english", start, "13-17", PK_MATCH_ILLEGAL, PK_ILL_NO_PIECE);
    expect("english", start, "22-18", PK_MATCH_ILLEGAL, PK_ILL_WRONG_SIDE);
    expect("english", start, "11-7", PK_MATCH_ILLEGAL, PK_ILL_OCCUPIED);
    expect("english", "B:W21:B14", "14-10", PK_MATCH_ILLEGAL, PK_ILL_BACKWARDS);
    expect("english", "B:W21:B14", "14-22", PK_MATCH_ILLEGAL, PK_ILL_NOT_DIAGONAL);
    expect("english", "B:W21:B14", "14-23", PK_MATCH_ILLEGAL, PK_ILL_TOO_FAR);
    expect("english", "B:W30:BK14", "14-23", PK_MATCH_ILLEGAL, PK_ILL_KING_ONE_STEP);
    expect("english", "B:W30:B14,18", "14x23", PK_MATCH_ILLEGAL, PK_ILL_OWN_PIECE);
    expect("english", "B:W30:B14", "14x23", PK_MATCH_ILLEGAL, PK_ILL_NOTHING_TO_JUMP);
    expect("international", "W:WK46:B41,37", "46-28", PK_MATCH_ILLEGAL, -1);
    /* straight on after a jump: any square between the two pieces may be written */
    expect("international", "W:WK46:B41,28", "46x37x19", PK_MATCH_LEGAL, -1);
    expect("international", "W:WK46:B41,28", "46x32x19", PK_MATCH_LEGAL, -1);
    expect("international", "W:WK46:B41,28", "46x19", PK_MATCH_LEGAL, -1);
}

/* Separators: '-' written for a capture is accepted (with a warning). */
static void test_separator_mismatch(void)
{
    pk_match m;
    CU_ASSERT_EQUAL(classify("english", "B:W14,22,15:B10", "10-19", &m), PK_MATCH_LEGAL);
    CU_ASSERT_TRUE(m.sep_mismatch);
    CU_ASSERT_EQUAL(classify("english", "B:W14,22,15:B10", "10x17x26", &m), PK_MATCH_LEGAL);
    CU_ASSERT_FALSE(m.sep_mismatch);
    CU_ASSERT_EQUAL(classify("english", "B:W14,22,15:B10", "10x26", &m), PK_MATCH_LEGAL);
}

/* Two-square captures ("a x b") in every position of random games (a fixed seed): the
 * matcher's short ways (an English man's single jump, a free-choice origin's own captures)
 * answer what the legal moves say: one legal move from a to b is that move, with its path
 * and captured piece; two are ambiguous; none is no legal move. */
static void test_two_square_captures(void)
{
    static pk_movelist legal;
    static const char *const rows[] = {"english", "russian", "pool", "italian"};
    unsigned seed = 4242;
    long checked = 0;
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        const pk_variant *v = pk_variant_find(rows[k]);
        const pk_geom *g = v->geom;
        for (int game = 0; game < 50; game++) {
            pk_pos p;
            pk_error err;
            CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, v->start_fen, (size_t)-1, &p, NULL, &err), PK_OK);
            for (int ply = 0; ply < 150; ply++) {
                int n = pk_gen_legal(v, &p, &legal, PK_GEN_KEEP_DUPLICATES);
                if (n == 0)
                    break;
                for (int from = 0; from < 64; from++)
                    for (int d = 0; d < 4; d++) {
                        int mid = g->next[d][from], to = mid < 0 ? -1 : g->next[d][mid];
                        if (to < 0 || !((p.pieces[p.turn] >> from) & 1))
                            continue;
                        pk_written w;
                        memset(&w, 0, sizeof w);
                        w.nsq = 2, w.sq[0] = (uint8_t)from, w.sq[1] = (uint8_t)to;
                        w.capture_sep = w.sep_written = true;
                        int want = 0, at = -1;
                        for (int i = 0; i < n; i++)
                            if (legal.m[i].from == from && legal.m[i].to == to) {
                                bool same = at >= 0 && pk_move_same(&legal.m[at], &legal.m[i]);
                                want += !same;
                                at = at < 0 ? i : at;
                            }
                        pk_match m;
                        int kind = pk_match_move(v, &p, &w, 0, scratch(), &m);
                        CU_ASSERT_EQUAL(kind == PK_MATCH_LEGAL, want == 1);
                        CU_ASSERT_EQUAL(kind == PK_MATCH_AMBIGUOUS, want > 1);
                        if (kind == PK_MATCH_LEGAL && want == 1) {
                            const pk_move *a = &m.move, *b = &legal.m[at];
                            CU_ASSERT(pk_move_same(a, b) && a->ncap == b->ncap && a->nkcap == b->nkcap &&
                                      a->flags == b->flags && !memcmp(a->path, b->path, b->ncap) &&
                                      !memcmp(a->caps, b->caps, b->ncap));
                            checked++;
                        }
                    }
                seed = seed * 1103515245u + 12345u;
                pk_make(v, &p, &legal.m[(seed >> 16) % (unsigned)n]);
            }
        }
    }
    CU_ASSERT(checked > 1000);
}

/* pk_match_judge: the classification and pk_match_describe's words in one call, for a
 * move given as text (pdnmoves --check, pdndiagram --move); "" for a legal move. */
static void test_judge(void)
{
    const pk_variant *v = pk_variant_find("international");
    pk_pos p;
    pk_written w;
    pk_match m;
    pk_error err;
    char msg[900];
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:W31:B1", (size_t)-1, &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(v, "31-31", 5, &w, &err), PK_OK);
    CU_ASSERT_EQUAL(pk_match_judge(v, &p, &w, "31-31", 0, scratch(), &m, msg, sizeof msg), PK_MATCH_ILLEGAL);
    CU_ASSERT_STRING_EQUAL(msg, "illegal move 31-31: origin and destination are the same square (31)");
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(v, "31-26", 5, &w, &err), PK_OK);
    CU_ASSERT_EQUAL(pk_match_judge(v, &p, &w, "31-26", 0, scratch(), &m, msg, sizeof msg), PK_MATCH_LEGAL);
    CU_ASSERT_STRING_EQUAL(msg, "");
    const pk_variant *ru = pk_variant_find("russian");
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(ru, "W:WKh8,h6:Bf8,b6,d4,c3", (size_t)-1, &p, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(ru, "hg7", 3, &w, &err), PK_OK);
    CU_ASSERT_EQUAL(pk_match_judge(ru, &p, &w, "hg7", 0, scratch(), &m, msg, sizeof msg), PK_MATCH_AMBIGUOUS);
    CU_ASSERT_STRING_EQUAL(msg, "hg7 is ambiguous: it matches 2 legal moves: h6-g7, h8-g7");
}

/* The scratch is a handle (match.h): made, used for a move, freed; NULL may be freed. */
static void test_scratch_handle(void)
{
    pk_match_scratch *s = pk_match_scratch_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    const pk_variant *v = pk_variant_find("english");
    pk_pos p;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, v->start_fen, (size_t)-1, &p, NULL, NULL), PK_OK);
    pk_written w;
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(v, "11-15", 5, &w, NULL), PK_OK);
    pk_match m;
    CU_ASSERT_EQUAL(pk_match_move(v, &p, &w, 0, s, &m), PK_MATCH_LEGAL);
    pk_match_scratch_free(s);
    pk_match_scratch_free(NULL);
}

static const pk_test tests[] = {
    {"scratch handle", test_scratch_handle},
    {"judge: a move given as text", test_judge}, {"E1 classification", test_e1},         {"E2 ambiguous", test_e2_ambiguous},
    {"E3 either path", test_e3_either_path}, {"E4 passing promotion", test_e4},
    {"Russian promotion", test_russian_promotion}, {"Spanish quality", test_spanish},
    {"Italian priorities", test_italian},   {"E8 captured pieces block", test_e8_turkish_strike},
    {"E9 Czech", test_e9_czech},            {"illegal reasons", test_illegal_reasons},
    {"separator mismatch", test_separator_mismatch},
    {"two-square captures against the legal moves", test_two_square_captures}, {NULL, NULL}};

PK_TEST_MAIN("match", tests)
