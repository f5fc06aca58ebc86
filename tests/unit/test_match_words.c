/*
 * test_match_words.c -- the words of a classification (match.h): the diagnostic codes, the
 * reasons, the names of the choice rules, the messages pdncheck and pdnmoves print, the
 * advice for an ambiguous move, and the complete captures a choice rule forbids (pdnmoves
 * --explain), on the worked positions of RULES section 5, whose verdicts come from RULES
 * (not from this code): E1 (majority), E2 (ambiguity), E5 (Spanish quality), E7 (Italian
 * rules 1-4), E9 (Czech king priority), and RULES 5.8 (Frisian value).
 */
#include <string.h>

#include "fen.h"
#include "match.h"
#include "notation.h"
#include "written.h"
#include "pktest.h"
#include "movelist_int.h" /* white box: a move list by value, its fields (private) */

static pk_match_scratch *scratch_; /* made once, kept for the program's life */
static pk_match_scratch *scratch(void)
{
    if (!scratch_)
        scratch_ = pk_match_scratch_new();
    return scratch_;
}
static pk_movelist forbidden;

/* s begins with prefix */
static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

static pk_pos pos(const pk_variant *v, const char *fen)
{
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, fen, (size_t)-1, &p, NULL, &err), PK_OK);
    return p;
}

/* the written move `text` ("46x12", "a1:g7") matched in p */
static int classify(const pk_variant *v, const pk_pos *p, const char *text, pk_match *m)
{
    pk_written w;
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_written_parse(v, text, strlen(text), &w, &err), PK_OK);
    return pk_match_move(v, p, &w, 0, scratch(), m);
}

/* The legal move of p written `text` (PDN short form, as pk_move_write_pdn writes it). */
static pk_move legal_move(const pk_variant *v, const pk_pos *p, const char *text)
{
    pk_match m;
    CU_ASSERT_EQUAL_FATAL(classify(v, p, text, &m), PK_MATCH_LEGAL);
    return m.move;
}

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

/* The forbidden complete captures of p, written in PDN short form and sorted into buf:
 * "36x27" or "e1:a5" (one per move, RULES 1.8). */
static int forbidden_list(const pk_variant *v, const pk_pos *p, bool algebraic, char *buf, size_t size)
{
    int n = pk_match_forbidden(v, p, 0, scratch(), &forbidden);
    char names[16][32];
    CU_ASSERT_FATAL(n <= 16);
    for (int i = 0; i < n; i++)
        pk_move_write(v, &forbidden.m[i], algebraic ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC, names[i], sizeof names[i]);
    qsort(names, (size_t)n, sizeof names[0], by_text);
    buf[0] = 0;
    for (int i = 0; i < n; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? " " : "", names[i]);
    return n;
}

/* The reason pk_match_forbidden_reason gives for the forbidden capture `text` of p against
 * the legal capture `best`. */
static void reason(const pk_variant *v, const pk_pos *p, const char *text, const char *best, bool algebraic,
                   const char *want)
{
    pk_match m;
    char buf[200];
    CU_ASSERT_EQUAL_FATAL(classify(v, p, text, &m), PK_MATCH_CHOICE);
    pk_move b = legal_move(v, p, best);
    int n = pk_match_forbidden_reason(v, p, &m.move, &b, 0, algebraic, scratch(), buf, sizeof buf);
    if (strcmp(buf, want))
        printf("\n  %s %s: \"%s\", expected \"%s\"", v->name, text, buf, want);
    CU_ASSERT_STRING_EQUAL(buf, want);
    CU_ASSERT_EQUAL(n, (int)strlen(want));
    /* snprintf-like: a short buffer gets a cut, terminated text and the full length */
    char small[8];
    CU_ASSERT_EQUAL(pk_match_forbidden_reason(v, p, &m.move, &b, 0, algebraic, scratch(), small, sizeof small), n);
    CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
    CU_ASSERT_EQUAL(strncmp(small, want, sizeof small - 1), 0);
}

/* the codes of man/pdncheck.1, one per kind of RULES 4.5 */
static void test_codes(void)
{
    CU_ASSERT_STRING_EQUAL(pk_match_code(PK_MATCH_LEGAL), "legal");
    CU_ASSERT_STRING_EQUAL(pk_match_code(PK_MATCH_AMBIGUOUS), "ambiguous-move");
    CU_ASSERT_STRING_EQUAL(pk_match_code(PK_MATCH_CAPTURE_REQUIRED), "capture-required");
    CU_ASSERT_STRING_EQUAL(pk_match_code(PK_MATCH_CHOICE), "missed-capture");
    CU_ASSERT_STRING_EQUAL(pk_match_code(PK_MATCH_INCOMPLETE), "incomplete-capture");
    CU_ASSERT_STRING_EQUAL(pk_match_code(PK_MATCH_ILLEGAL), "illegal-move");
}

/* Every reason has words of its own (a reason sharing another's text would hide a wrong
 * classification), and the ones pdncheck's messages quote say what RULES says. */
static void test_reason_texts(void)
{
    const char *seen[PK_ILL_OTHER + 1];
    for (int w = 0; w <= PK_ILL_OTHER; w++) {
        seen[w] = pk_illegal_why_text(w);
        CU_ASSERT_PTR_NOT_NULL_FATAL(seen[w]);
        CU_ASSERT(strlen(seen[w]) > 10);
        for (int u = 0; u < w; u++)
            CU_ASSERT(strcmp(seen[u], seen[w]) != 0);
    }
    CU_ASSERT_STRING_EQUAL(pk_illegal_why_text(PK_ILL_BACKWARDS), "a man cannot move backwards");
    CU_ASSERT_STRING_EQUAL(pk_illegal_why_text(PK_ILL_OCCUPIED), "the destination square is occupied");
    CU_ASSERT_STRING_EQUAL(pk_illegal_why_text(PK_ILL_KING_BY_MAN), "a man cannot capture a king in this variant");
    CU_ASSERT_STRING_EQUAL(pk_illegal_why_text(-1), pk_illegal_why_text(PK_ILL_OTHER));

    const char *c[PK_WHY_VALUE + 1];
    for (int w = 0; w <= PK_WHY_VALUE; w++) {
        c[w] = pk_choice_why_text(w);
        for (int u = 0; u < w; u++)
            CU_ASSERT(strcmp(c[u], c[w]) != 0);
    }
    CU_ASSERT_STRING_EQUAL(c[PK_WHY_QUANTITY], "the capture taking the most pieces is mandatory");
    CU_ASSERT_STRING_EQUAL(c[PK_WHY_QUALITY], "among captures of as many pieces, the one taking the most kings is mandatory");
    CU_ASSERT_STRING_EQUAL(c[PK_WHY_BY_KING], "a capture with the king is mandatory");
}

/* RULES 1.7's table: the name of each variant's precedence step */
static void test_rule_names(void)
{
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("international"), PK_WHY_QUANTITY), "majority rule");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("spanish"), PK_WHY_QUALITY), "quality rule (most kings)");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("italian"), PK_WHY_QUALITY), "Italian rule 3 (most kings)");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("italian"), PK_WHY_BY_KING),
                           "Italian rule 2 (capture with the king)");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("italian"), PK_WHY_KING_ORDER), "Italian rule 4 (kings met first)");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("czech"), PK_WHY_BY_KING), "Czech king priority");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("frisian"), PK_WHY_BY_KING), "king priority");
    CU_ASSERT_STRING_EQUAL(pk_choice_rule_name(var("frisian"), PK_WHY_VALUE), "Frisian value rule");
}

/* pk_choice_why on the worked examples: the first precedence step (RULES 1.7) on which the
 * forbidden capture loses to the legal one. */
static void test_choice_why(void)
{
    pk_match m;
    struct {
        const char *variant, *fen, *bad, *good;
        int why;
    } t[] = {
        {"international", "W:WK46,36:B37,18,31", "36x27", "46x12", PK_WHY_QUANTITY}, /* E1 */
        {"brazilian", "W:W31,K29:B11,17,26", "e1:c3:a5", "e1:c3:a5", -1},           /* E9: legal */
        {"spanish", "W:WK14:B18,26,K11,12", "14x21x30", "14x7x16", PK_WHY_QUALITY}, /* E5 */
        {"spanish", "W:WK31:B10,12,27,K28", "31x24", "31x13x3x16", PK_WHY_QUANTITY}, /* E6 */
        {"italian", "W:W21,K28:B18,11,23", "28x19", "21x14x7", PK_WHY_QUANTITY},    /* E7e: rule 1 */
        {"italian", "W:W23,K29:B20,26,1", "23x16", "29x22", PK_WHY_BY_KING},        /* E7a: rule 2 */
        {"italian", "W:WK22:B19,12,K18,10", "22x15x8", "22x13x6", PK_WHY_QUALITY},  /* E7b: rule 3 */
        {"italian", "W:WK22:B19,K12,K18,10", "22x15x8", "22x13x6", PK_WHY_KING_ORDER}, /* E7c: rule 4 */
        {"czech", "W:We1,Ka1:Bf6,b4,d2", "e1:c3:a5", "a1:g7", PK_WHY_BY_KING},      /* E9 */
        {"frisian", "W:W33:B28,K29", "33x22", "33x24", PK_WHY_VALUE},               /* 5.8: 100 < 199 */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        const pk_variant *v = var(t[i].variant);
        pk_pos p = pos(v, t[i].fen);
        if (t[i].why < 0) {
            CU_ASSERT_EQUAL(classify(v, &p, t[i].bad, &m), PK_MATCH_LEGAL);
            continue;
        }
        CU_ASSERT_EQUAL_FATAL(classify(v, &p, t[i].bad, &m), PK_MATCH_CHOICE);
        pk_move good = legal_move(v, &p, t[i].good);
        int why = pk_choice_why(v, &m.move, &good);
        if (why != t[i].why)
            printf("\n  %s %s against %s: why %d, expected %d", t[i].variant, t[i].bad, t[i].good, why, t[i].why);
        CU_ASSERT_EQUAL(why, t[i].why);
        CU_ASSERT_EQUAL(m.why, t[i].why); /* the matcher says the same */
    }
    /* Frisian art. 12: equal value, the king's capture wins (two captures built by hand) */
    pk_move man, king;
    memset(&man, 0, sizeof man);
    man.ncap = 1;
    man.flags = PK_MV_CAPTURE;
    king = man;
    king.flags |= PK_MV_KING;
    CU_ASSERT_EQUAL(pk_choice_why(var("frisian"), &man, &king), PK_WHY_BY_KING);
    king.ncap = 2; /* more value: the value rule decides first */
    CU_ASSERT_EQUAL(pk_choice_why(var("frisian"), &man, &king), PK_WHY_VALUE);
}

/* pk_match_forbidden: exactly the complete captures C \ L of RULES 4.5 */
static void test_forbidden(void)
{
    char buf[200];
    const pk_variant *v = var("international");
    pk_pos p = pos(v, "W:WK46,36:B37,18,31"); /* E1: 36x27 takes 1, the king 2 */
    CU_ASSERT_EQUAL(forbidden_list(v, &p, false, buf, sizeof buf), 1);
    CU_ASSERT_STRING_EQUAL(buf, "36x27");
    CU_ASSERT_EQUAL(forbidden.m[0].ncap, 1);

    v = var("czech");
    p = pos(v, "W:We1,Ka1:Bf6,b4,d2"); /* E9: the man's double capture */
    CU_ASSERT_EQUAL(forbidden_list(v, &p, true, buf, sizeof buf), 1);
    CU_ASSERT_STRING_EQUAL(buf, "e1xa5");
    v = var("russian"); /* E9 under Russian: free choice, nothing forbidden */
    p = pos(v, "W:We1,Ka1:Bf6,b4,d2");
    CU_ASSERT_EQUAL(forbidden_list(v, &p, true, buf, sizeof buf), 0);

    v = var("spanish");
    p = pos(v, "W:WK31:B10,12,27,K28"); /* E6: the king b7 alone, and d7 + b3 */
    CU_ASSERT_EQUAL(forbidden_list(v, &p, false, buf, sizeof buf), 2);
    CU_ASSERT_STRING_EQUAL(buf, "31x24 31x8");

    v = var("english");
    p = pos(v, "B:W14,22,15:B10"); /* E10: free choice */
    CU_ASSERT_EQUAL(forbidden_list(v, &p, false, buf, sizeof buf), 0);
    p = pos(v, "B:W21-32:B1-12"); /* no capture at all */
    CU_ASSERT_EQUAL(forbidden_list(v, &p, false, buf, sizeof buf), 0);
}

/* pdnmoves --explain's words for each precedence step */
static void test_forbidden_reasons(void)
{
    const pk_variant *v = var("international");
    pk_pos p = pos(v, "W:WK46,36:B37,18,31");
    reason(v, &p, "36x27", "46x12", false, "majority rule: takes 1, 2 required by 46x12");
    v = var("spanish");
    p = pos(v, "W:WK14:B18,26,K11,12");
    reason(v, &p, "14x21x30", "14x7x16", false, "quality rule (most kings): takes 0 kings, 1 required by 14x16");
    v = var("czech");
    p = pos(v, "W:We1,Ka1:Bf6,b4,d2");
    reason(v, &p, "e1:c3:a5", "a1:g7", true, "Czech king priority: a capture by a king has priority (a1xg7)");
    v = var("italian");
    p = pos(v, "W:WK22:B19,K12,K18,10");
    reason(v, &p, "22x15x8", "22x13x6", false, "Italian rule 4 (kings met first): 22x6 meets the kings earlier");
    v = var("frisian");
    p = pos(v, "W:W33:B28,K29");
    reason(v, &p, "33x22", "33x24", false, "Frisian value rule: value 100, 199 required by 33x24");
}

/* pk_match_describe: the message of each kind (pdncheck prints it after the location) */
static void test_describe(void)
{
    char buf[300];
    pk_match m;
    const pk_variant *v = var("international");
    pk_pos p = pos(v, "W:WK46,36:B37,18,31"); /* E1 */
    CU_ASSERT_EQUAL(classify(v, &p, "36x27", &m), PK_MATCH_CHOICE);
    int n = pk_match_describe(v, &p, "36x27", &m, 0, false, scratch(), buf, sizeof buf);
    CU_ASSERT_EQUAL(n, (int)strlen(buf));
    CU_ASSERT_TRUE(starts(buf, "36x27 takes 1 piece; majority rule (the capture taking the most pieces is "
                               "mandatory) requires "));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "46x12 (2 pieces)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "46x7 (2 pieces)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "46x1 (2 pieces)"));

    CU_ASSERT_EQUAL(classify(v, &p, "46-41", &m), PK_MATCH_CAPTURE_REQUIRED);
    pk_match_describe(v, &p, "46-41", &m, 0, false, scratch(), buf, sizeof buf);
    CU_ASSERT_TRUE(starts(buf, "46-41: a capture is mandatory (3 available: "));

    CU_ASSERT_EQUAL(classify(v, &p, "46x28", &m), PK_MATCH_INCOMPLETE);
    pk_match_describe(v, &p, "46x28", &m, 0, false, scratch(), buf, sizeof buf);
    CU_ASSERT_TRUE(starts(buf, "46x28 stops after taking 1 piece while the capture must go on: "));

    CU_ASSERT_EQUAL(classify(v, &p, "36-31", &m), PK_MATCH_ILLEGAL);
    pk_match_describe(v, &p, "36-31", &m, 0, false, scratch(), buf, sizeof buf);
    CU_ASSERT_TRUE(starts(buf, "illegal move 36-31: the destination square is occupied"));

    CU_ASSERT_EQUAL(classify(v, &p, "46x12", &m), PK_MATCH_LEGAL);
    CU_ASSERT_EQUAL(pk_match_describe(v, &p, "46x12", &m, 0, false, scratch(), buf, sizeof buf), 0);
    CU_ASSERT_STRING_EQUAL(buf, "");

    /* E2: 31x15 matches two legal moves: both full paths listed */
    p = pos(v, "W:WK31:B19,20,22,23");
    CU_ASSERT_EQUAL(classify(v, &p, "31x15", &m), PK_MATCH_AMBIGUOUS);
    pk_match_describe(v, &p, "31x15", &m, 0, false, scratch(), buf, sizeof buf);
    CU_ASSERT_TRUE(starts(buf, "31x15 is ambiguous: it matches 2 legal moves: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "31x18x29x15"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "31x13x24x15"));

    /* RULES 1.9: no legal move, the game was over */
    p = pos(v, "W:W46:B41,37");
    CU_ASSERT_EQUAL(classify(v, &p, "46-41", &m), PK_MATCH_ILLEGAL);
    CU_ASSERT_EQUAL(m.nlegal, 0);
    pk_match_describe(v, &p, "46-41", &m, 0, false, scratch(), buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "46-41 was played after the end of the game: white has no legal move and has lost");
}

/* What to write instead of an ambiguous move */
static void test_advice(void)
{
    pk_match m;
    const pk_variant *v = var("international");
    pk_pos p = pos(v, "W:WK31:B19,20,22,23"); /* E2: one origin, two paths */
    CU_ASSERT_EQUAL(classify(v, &p, "31x15", &m), PK_MATCH_AMBIGUOUS);
    CU_ASSERT_STRING_EQUAL(pk_match_advice(&m), "write the full capture path");
    CU_ASSERT_EQUAL(classify(v, &p, "31x18x29x15", &m), PK_MATCH_LEGAL);
    CU_ASSERT_PTR_NULL(pk_match_advice(&m));
    /* RULES 4.3: a column-only origin ("hg7") naming two pieces that can both go there,
     * the man h6 and the king h8: two origins */
    v = var("russian");
    p = pos(v, "W:Wh6,Kh8:Ba7");
    CU_ASSERT_EQUAL(classify(v, &p, "hg7", &m), PK_MATCH_AMBIGUOUS);
    CU_ASSERT_EQUAL(m.ncand, 2);
    CU_ASSERT_STRING_EQUAL(pk_match_advice(&m), "write the origin square");
    CU_ASSERT_EQUAL(classify(v, &p, "h6-g7", &m), PK_MATCH_LEGAL);
    CU_ASSERT_PTR_NULL(pk_match_advice(&m));
}

static const pk_test tests[] = {
    {"codes", test_codes},
    {"reason texts", test_reason_texts},
    {"rule names", test_rule_names},
    {"choice why", test_choice_why},
    {"forbidden captures", test_forbidden},
    {"forbidden reasons", test_forbidden_reasons},
    {"describe", test_describe},
    {"advice", test_advice},
    {NULL, NULL},
};
PK_TEST_MAIN("match words", tests)
