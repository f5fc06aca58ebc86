/* test_search.c -- what a game reached (search.h) and which games a filter keeps
 * (filter.h), on games worked out by hand: a position before or after a ply (and with the
 * colours reversed), a material balance, an opening in other notations, from a FEN and
 * after a setup; dates as spans of days, plies, results, verdicts, tag patterns. */
#include "filter.h"
#include "search.h"
#include "pktest.h"
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

/* The games of text, each replayed (variant v, NULL: tags/guess) with a search game
 * watching: whether s matched each, and from which ply. */
static int run_search(pk_search *s, const char *text, const pk_variant *v, bool *matched, int *ply)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    pk_replay *rp = pk_replay_new();
    pk_search_game *sg = pk_search_game_new(s);
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    o.variant = v;
    o.no_variations = true;
    o.on_event = pk_search_event;
    o.event_ctx = sg;
    pk_game g;
    pk_game_init(&g);
    int n = 0;
    while (n < 16 && pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
        pk_replay_result res;
        pk_search_begin(sg);
        pk_replay_game(rp, &g, "t.pdn", &o, NULL, &res);
        matched[n] = pk_search_end(sg, &ply[n]);
        n++;
    }
    pk_game_free(&g);
    pk_search_game_free(sg);
    pk_replay_free(rp);
    pk_pdn_close(r);
    fclose(f);
    return n;
}

/* English from the start: 1. 11-15 24-20 2. 8-11 28-24 (Black moves first, RULES 2.1).
 * After ply 2 (24-20) the position is B:W20,21-23,25-32:B1-12 without 11 plus 15. */
#define ENGLISH "[GameType \"21\"]\n1. 11-15 24-20 2. 8-11 28-24 *\n"

static void test_position(void)
{
    pk_search *s = pk_search_new(0);
    pk_error err;
    /* after 1. 11-15 24-20: Black to move; men 1-10, 12, 15 and White 20-23, 25-32 */
    CU_ASSERT_EQUAL(pk_search_add_fen(s, "B:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
                                      false, NULL, &err), PK_OK);
    bool m[16];
    int ply[16];
    CU_ASSERT_EQUAL_FATAL(run_search(s, ENGLISH "[GameType \"21\"]\n1. 11-15 23-19 *\n", NULL, m, ply), 2);
    CU_ASSERT(m[0]);
    CU_ASSERT_EQUAL(ply[0], 2);
    CU_ASSERT(!m[1]);
    pk_search_free(s);

    /* the start position itself: ply 0; the wrong side to move: never */
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_add_fen(s, "B:W21-32:B1-12", false, pk_variant_find("english"), &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(run_search(s, ENGLISH, NULL, m, ply), 1);
    CU_ASSERT(m[0] && ply[0] == 0);
    pk_search_free(s);
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_add_fen(s, "W:W21-32:B1-12", false, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(run_search(s, ENGLISH, NULL, m, ply), 1);
    CU_ASSERT(!m[0]);
    pk_search_free(s);

    CU_ASSERT_PTR_NOT_NULL(s = pk_search_new(0));
    CU_ASSERT_EQUAL(pk_search_add_fen(s, "W:W99:B1", false, NULL, &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_search_add_fen(s, "?:W21:B1", false, NULL, &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_search_add_fen(s, "W:W40:B1", false, pk_variant_find("english"), &err), PK_ERR_USAGE);
    pk_search_free(s);
}

static void test_reversed(void)
{
    /* International: after 1. 32-28 the position is B:W28,31-50 without 32:B1-20. Turned
       half a round with the colours exchanged (square n goes to 51-n: RULES 1.2.1 numbers
       the board from White's side, left to right), it is W:W31-50:B1-18,19,20,23 without 19:
       White's men on 31-50, Black's on 1-20 but 19, and on 23 (51-28); White to move. */
    const char *game = "[GameType \"20\"]\n1. 32-28 *\n";
    const char *turned = "W:W31-50:B1-18,20,23";
    pk_search *s = pk_search_new(0);
    pk_error err;
    CU_ASSERT_EQUAL(pk_search_add_fen(s, turned, false, NULL, &err), PK_OK);
    bool m[16];
    int ply[16];
    CU_ASSERT_EQUAL_FATAL(run_search(s, game, NULL, m, ply), 1);
    CU_ASSERT(!m[0]);
    pk_search_free(s);
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_add_fen(s, turned, true, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(run_search(s, game, NULL, m, ply), 1);
    CU_ASSERT(m[0] && ply[0] == 1);
    pk_search_free(s);
}

static void test_material(void)
{
    /* from W:WK10,K20,K30:BK45 (three kings against one, International): 1. 30-35 45x?
       -- nothing to take; 1. 10-5 45-50 2. 5x... no: quiet moves only, the material stays
       3 kings against 1 from ply 0 */
    const char *games = "[GameType \"20\"][FEN \"W:WK10,K20,K30:BK45\"]\n1. 10-5 45-50 *\n"
                        "[GameType \"20\"][FEN \"W:WK10,K20,30:BK45\"]\n1. 30-24 45-50 *\n"
                        "[GameType \"20\"][FEN \"W:W6,K20,K30:BK45\"]\n1. 6-1 45-50 *\n";
    pk_search *s = pk_search_new(0);
    pk_error err;
    CU_ASSERT_EQUAL(pk_search_add_material(s, "W:K3:B:K1", &err), PK_OK);
    bool m[16];
    int ply[16];
    CU_ASSERT_EQUAL_FATAL(run_search(s, games, NULL, m, ply), 3);
    CU_ASSERT(m[0] && ply[0] == 0);
    CU_ASSERT(!m[1]); /* a man on 30 (24 after the move): two kings and a man */
    CU_ASSERT(m[2] && ply[2] == 1); /* 6-1 crowns: three kings from ply 1 */
    pk_search_free(s);
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_add_material(s, "WK2M1:BK1", &err), PK_OK);
    CU_ASSERT_EQUAL(pk_search_add_material(s, "W:K3", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_search_add_material(s, "W:K3:W:K1", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_search_add_material(s, "W:Q3:B:K1", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL_FATAL(run_search(s, games, NULL, m, ply), 3);
    CU_ASSERT(!m[0] && m[1] && ply[1] == 0 && m[2] && ply[2] == 0); /* 6, K20, K30: a man, two kings */
    pk_search_free(s);
}

static void test_opening(void)
{
    /* English (Black's frame, RULES 1.2.5): 11 = c3, 15 = d4, 24 = b6, 20 = a5 ...; the
       capture 15x22 = d4xf2 ... written short, full, with ':' */
    const char *games = "[GameType \"21\"]\n1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 *\n"
                        "[GameType \"21\"]\n1. c3-d4 b6-a5 2. b2-c3 a7-b6 3. g3-h4 f6-e5 4. d4xf6 g7xe5 *\n"
                        "[GameType \"21\"]\n1. 11-15 24-20 2. 8-11 28-24 3. 9-14 *\n"
                        "[GameType \"21\"]\n1. 11-15 24-20 *\n"
                        "[GameType \"21\"][FEN \"B:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15\"]\n"
                        "2. 8-11 28-24 3. 9-13 22-18 *\n";
    pk_search *s = pk_search_new(0);
    pk_error err;
    char warn[300];
    CU_ASSERT_EQUAL(pk_search_set_opening(s, "1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15:22", NULL, warn,
                                          sizeof warn, &err), PK_OK);
    CU_ASSERT_STRING_EQUAL(warn, "");
    bool m[16];
    int ply[16];
    CU_ASSERT_EQUAL_FATAL(run_search(s, games, NULL, m, ply), 5);
    CU_ASSERT(m[0] && ply[0] == 7);
    CU_ASSERT(m[1] && ply[1] == 7);
    CU_ASSERT(!m[2] && !m[3]);
    CU_ASSERT(!m[4]); /* from a FEN the line's first moves are not in the game */
    pk_search_free(s);
    /* from that FEN (the slow path: the written moves matched in each position) */
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_set_opening(s, "8-11 28-24", NULL, warn, sizeof warn, &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(run_search(s, games, NULL, m, ply), 5);
    CU_ASSERT(!m[0] && m[4] && ply[4] == 2);
    pk_search_free(s);
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_set_opening(s, "11-15 11-15", pk_variant_find("english"), warn, sizeof warn, &err),
                    PK_OK);
    CU_ASSERT(strstr(warn, "move 2 is illegal") != NULL);
    CU_ASSERT_EQUAL(pk_search_set_opening(s, "11-15", NULL, warn, sizeof warn, &err), PK_ERR_USAGE); /* twice */
    pk_search_free(s);
    s = pk_search_new(0);
    CU_ASSERT_EQUAL(pk_search_set_opening(s, "[Event \"x\"] 11-15", NULL, warn, sizeof warn, &err), PK_ERR_USAGE);
    pk_search_free(s);
}

/* ------------------------------------------------------------------ filter */

static bool keeps(pk_filter *f, const char *text)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *r = pk_pdn_open(fp, "t.pdn", 0, NULL);
    pk_game g;
    pk_game_init(&g);
    bool k = pk_pdn_next(r, &g, NULL, NULL) == PK_OK && pk_filter_record(f, &g, NULL) == 1;
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(fp);
    return k;
}

static void test_dates(void)
{
    pk_filter *f = pk_filter_new();
    pk_error err;
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1998", &err), PK_OK);
    CU_ASSERT(keeps(f, "[Date \"1998.05.01\"] *"));
    CU_ASSERT(keeps(f, "[Date \"1998.??.??\"] *"));
    CU_ASSERT(keeps(f, "[Date \"1998-5-1\"] *"));
    CU_ASSERT(!keeps(f, "[Date \"1999.01.01\"] *"));
    CU_ASSERT(!keeps(f, "[Date \"????.??.??\"] *"));
    CU_ASSERT(!keeps(f, "*"));
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1998.05", &err), PK_OK);
    CU_ASSERT(!keeps(f, "[Date \"1998.??.??\"] *")); /* may be any month of 1998 */
    CU_ASSERT(keeps(f, "[Date \"1998.05.31\"] *"));
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1998-05-01", &err), PK_OK); /* ISO: one day */
    CU_ASSERT(!keeps(f, "[Date \"1998.05.02\"] *"));
    CU_ASSERT(keeps(f, "[Date \"1998.05.01\"] *"));
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1990-1999", &err), PK_OK);
    CU_ASSERT(keeps(f, "[Date \"1999.12.31\"] *"));
    CU_ASSERT(!keeps(f, "[Date \"2000.01.01\"] *"));
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1998.02.29", &err), PK_ERR_USAGE); /* not a leap year */
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "2000.02.29-", &err), PK_OK);
    CU_ASSERT(keeps(f, "[Date \"2024.01.01\"] *"));
    CU_ASSERT(!keeps(f, "[Date \"2000.02.28\"] *"));
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "-1841.06", &err), PK_OK);
    CU_ASSERT(keeps(f, "[Date \"1841.06.30\"] *"));
    CU_ASSERT(!keeps(f, "[Date \"1841.??.??\"] *"));
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1999-1990", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "98", &err), PK_ERR_USAGE);
    pk_filter_free(f);
}

static void test_record(void)
{
    pk_filter *f = pk_filter_new();
    pk_error err;
    CU_ASSERT_EQUAL(pk_filter_set_plies(f, "3-4", &err), PK_OK);
    CU_ASSERT(keeps(f, "1. 32-28 18-23 2. 28x19 *"));
    CU_ASSERT(keeps(f, "1. 32-28 18-23 2. 28x19 14x23 *"));
    CU_ASSERT(!keeps(f, "1. 32-28 18-23 *"));
    CU_ASSERT(keeps(f, "1. 32-28 18-23 2. 28x19 19x10 *")); /* a hop counts with its capture: 3 */
    CU_ASSERT_EQUAL(pk_filter_set_plies(f, "-3", &err), PK_OK);
    CU_ASSERT(keeps(f, "1. 32-28 18-23 2. 28x19 19x10 *"));
    CU_ASSERT(!keeps(f, "1. 32-28 18-23 2. 28x19 14x23 *"));
    CU_ASSERT_EQUAL(pk_filter_set_plies(f, "4", &err), PK_OK); /* at least 4 */
    CU_ASSERT(keeps(f, "1. 32-28 18-23 2. 28x19 14x23 3. 37-32 *"));
    CU_ASSERT_EQUAL(pk_filter_set_plies(f, "5-4", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_filter_set_plies(f, "-", &err), PK_ERR_USAGE);
    pk_filter_free(f);

    f = pk_filter_new();
    CU_ASSERT_EQUAL(pk_filter_set_result(f, "1-0", &err), PK_OK);
    CU_ASSERT(keeps(f, "1. 32-28 1-0"));
    CU_ASSERT(keeps(f, "1. 32-28 2-0"));
    CU_ASSERT(keeps(f, "[Result \"1-0\"] 1. 32-28 *")); /* the tag where the terminator says nothing */
    CU_ASSERT(!keeps(f, "[Result \"1-0\"] 1. 32-28 0-1"));
    CU_ASSERT_EQUAL(pk_filter_set_result(f, "*", &err), PK_OK);
    CU_ASSERT(keeps(f, "1. 32-28 *"));
    CU_ASSERT(keeps(f, "[Event \"x\"] 1. 32-28"));
    CU_ASSERT_EQUAL(pk_filter_set_result(f, "draw", &err), PK_OK);
    CU_ASSERT(keeps(f, "1. 32-28 1-1"));
    CU_ASSERT_EQUAL(pk_filter_set_result(f, "win", &err), PK_ERR_USAGE);
    pk_filter_free(f);

    f = pk_filter_new();
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "white=^Smi", true, &err), PK_OK);
    CU_ASSERT(keeps(f, "[White \"smith\"] *"));
    CU_ASSERT(!keeps(f, "[White \"Jones\"][Black \"Smith\"] *"));
    CU_ASSERT(keeps(f, "[White \"Jones\"][White \"Smith\"] *")); /* any of a repeated tag */
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "Event=", false, &err), PK_OK);
    CU_ASSERT(!keeps(f, "[White \"Smith\"] *")); /* no Event tag */
    CU_ASSERT(keeps(f, "[White \"Smith\"][Event \"\"] *"));
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "Event=(", false, &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "Event", false, &err), PK_ERR_USAGE);
    pk_filter_free(f);
}

/* Issue 31 item 3: a match PCRE2 gives up on is an error (-1, said in why), never "no
 * match" (under -v that selected the game); \w takes letters beyond ASCII (PCRE2_UCP), in
 * a UTF-8 file and in a cp1252 one (the reader decodes it, encoding.h). */
static int record(pk_filter *f, const char *text, pk_filter_why *why)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *r = pk_pdn_open(fp, "t.pdn", 0, NULL);
    pk_game g;
    pk_game_init(&g);
    int k = pk_pdn_next(r, &g, NULL, NULL) == PK_OK ? pk_filter_record(f, &g, why) : -9;
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(fp);
    return k;
}

static void test_tag_errors(void)
{
    pk_filter *f = pk_filter_new();
    pk_error err;
    pk_filter_why why;
    /* nested repetition: exponential backtracking, past PCRE2's match limit */
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "Event=(?:(\\w+\\s?)+X|!)", false, &err), PK_OK);
    CU_ASSERT_EQUAL(record(f, "[White \"a\"]\n[Event \"World Championship Match Amsterdam Netherlands Final Round!\"]\n*",
                           &why), -1);
    CU_ASSERT_STRING_EQUAL(why.tag, "Event=(?:(\\w+\\s?)+X|!)");
    CU_ASSERT_EQUAL(why.line, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(why.reason, "limit"));
    CU_ASSERT_EQUAL(record(f, "[Event \"short!\"]\n*", &why), 1);
    CU_ASSERT_EQUAL(record(f, "[Event \"short\"]\n*", &why), 0);
    pk_filter_free(f);

    f = pk_filter_new();
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "White=^\\w+$", false, &err), PK_OK);
    CU_ASSERT_EQUAL(record(f, "[White \"J\xc3\xa9r\xc3\xb4me\"]\n*", &why), 1);  /* UTF-8 */
    CU_ASSERT_EQUAL(record(f, "[White \"J\xe9r\xf4me\"]\n*", &why), 1);          /* cp1252 */
    CU_ASSERT_EQUAL(record(f, "[White \"J. Smith\"]\n*", &why), 0);
    /* a value that is not UTF-8 all the same (a game built by a caller, not the reader) */
    pk_game g;
    pk_game_init(&g);
    pk_pdn_tag t = {"White", "J\xe9r\xf4me", 3, 1};
    g.tags = &t;
    g.ntags = 1;
    CU_ASSERT_EQUAL(pk_filter_record(f, &g, &why), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(why.reason, "UTF-8"));
    pk_filter_free(f);
    f = pk_filter_new(); /* caseless: Unicode's case folding */
    CU_ASSERT_EQUAL(pk_filter_add_tag(f, "White=JÉRÔME", true, &err), PK_OK);
    CU_ASSERT_EQUAL(record(f, "[White \"J\xc3\xa9r\xc3\xb4me\"]\n*", &why), 1);
    pk_filter_free(f);
}

/* Issue 31 item 4: the Date tags of the bundled corpora (a survey: pdngrep(1) lists the
 * forms), each read as the span of days it names; those it cannot read said (-1). */
static void test_tag_dates(void)
{
    static const struct {
        const char *value;
        int k;
        long lo, hi;
    } cases[] = {
        {"1998.05.01", 1, 19980501, 19980501},   {"1998-?\?-?\?", 1, 19980101, 19981231},
        {"1998", 1, 19980101, 19981231},         {"1998.", 1, 19980101, 19981231},
        {"1998.05.", 1, 19980501, 19980531},     {"1998.5.1", 1, 19980501, 19980501},
        {"18-03-1998", 1, 19980318, 19980318},   {"25.11.2000", 1, 20001125, 20001125},
        {"1.10.1973", 1, 19731001, 19731001},    {"??.??.1998", 1, 19980101, 19981231},
        {"1998.05.01 - 1998.05.09", 1, 19980501, 19980509},
        {"1998-05-01-1998-05-09", 1, 19980501, 19980509},
        {"2007/2008", 1, 20070101, 20081231},    {"1990-1999", 1, 19900101, 19991231},
        {"17 april 2009", 1, 20090417, 20090417}, {"1-2 June 2002", 1, 20020601, 20020602},
        {"June 2002", 1, 20020601, 20020630},    {"3 Sept. 1999", 1, 19990903, 19990903},
        {"1998.05.01 ", 1, 19980501, 19980501},  {" \t1998.05.01\t", 1, 19980501, 19980501},
        {"29.02.2000", 1, 20000229, 20000229},
        {"", 0, 0, 0},                            {"?", 0, 0, 0},
        {"????.??.??", 0, 0, 0},                  {NULL, 0, 0, 0},
        {"0000.00.00", 0, 0, 0},                  {"1998.00.00", 1, 19980101, 19981231},
        {"1998.05.00", 1, 19980501, 19980531},
        {"03.07.20", -1, 0, 0},                   /* 2003.07.20 or 3 July 2020 */
        {"05/03/1998", -1, 0, 0},                 /* the month first in the United States */
        {"29.02.1999", -1, 0, 0},                 {"1998.13.01", -1, 0, 0},
        {"1998.05.09 - 1998.05.01", -1, 0, 0},    {"c. 1998", -1, 0, 0},
        {"1998 or 1999", -1, 0, 0},               {"32 june 2002", -1, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        long lo = 0, hi = 0;
        int k = pk_filter_read_date(cases[i].value, &lo, &hi);
        if (k != cases[i].k || (k > 0 && (lo != cases[i].lo || hi != cases[i].hi)))
            printf("\n  date '%s': %d %ld-%ld\n", cases[i].value ? cases[i].value : "(none)", k, lo, hi);
        CU_ASSERT_EQUAL(k, cases[i].k);
        if (k > 0)
            CU_ASSERT(lo == cases[i].lo && hi == cases[i].hi);
    }
    /* through the filter: a date it cannot read does not match, and says so */
    pk_filter *f = pk_filter_new();
    pk_error err;
    pk_filter_why why;
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1998", &err), PK_OK);
    CU_ASSERT_EQUAL(record(f, "[Date \"18-03-1998\"]\n*", &why), 1);
    CU_ASSERT(!why.date_unread);
    CU_ASSERT_EQUAL(record(f, "[Date \"03.07.98\"]\n*", &why), 0);
    CU_ASSERT(why.date_unread);
    CU_ASSERT_EQUAL(record(f, "[Date \"????.??.??\"]\n*", &why), 0);
    CU_ASSERT(!why.date_unread); /* a date not known is no fault */
    CU_ASSERT_EQUAL(pk_filter_set_date(f, "1998.05", &err), PK_OK);
    CU_ASSERT_EQUAL(record(f, "[Date \"1998.05.01 - 1998.05.09\"]\n*", &why), 1);
    CU_ASSERT_EQUAL(record(f, "[Date \"1998.05.30 - 1998.06.02\"]\n*", &why), 0); /* into June */
    pk_filter_free(f);
}

static void test_verdict(void)
{
    pk_filter *f = pk_filter_new();
    pk_error err;
    CU_ASSERT_EQUAL(pk_filter_set_verdict(f, "errors", &err), PK_OK);
    CU_ASSERT(pk_filter_needs_replay(f) && pk_filter_needs_verdict(f));
    pk_game g;
    pk_game_init(&g);
    pk_replay_result res;
    memset(&res, 0, sizeof res);
    CU_ASSERT(!pk_filter_replayed(f, &g, &res)); /* no error */
    res.errors = 1;
    CU_ASSERT(pk_filter_replayed(f, &g, &res));
    CU_ASSERT_EQUAL(pk_filter_set_verdict(f, "draw", &err), PK_OK);
    res.errors = 0;
    res.ndraws = 1;
    res.draws[0].kind = PK_DRAW_CLAIM; /* a draw claimable: label draw-claimable */
    CU_ASSERT(pk_filter_replayed(f, &g, &res));
    CU_ASSERT_EQUAL(pk_filter_set_verdict(f, "ok,result-tag", &err), PK_OK);
    CU_ASSERT(!pk_filter_replayed(f, &g, &res));
    CU_ASSERT_EQUAL(pk_filter_set_verdict(f, "ok,bogus", &err), PK_ERR_USAGE);
    pk_filter_set_variant(f, pk_variant_find("english"));
    res.ndraws = 0;
    CU_ASSERT_EQUAL(pk_filter_set_verdict(f, "valid", &err), PK_OK);
    CU_ASSERT(!pk_filter_replayed(f, &g, NULL)); /* not replayed: of no variant */
    res.variant = pk_variant_find("english");
    CU_ASSERT(pk_filter_replayed(f, &g, &res));
    pk_game_free(&g);
    pk_filter_free(f);
}

static const pk_test tests[] = {{"positions", test_position},   {"reversed colours", test_reversed},
                                {"material", test_material},    {"openings", test_opening},
                                {"dates as spans", test_dates}, {"plies, results, tags", test_record},
                                {"verdict and variant", test_verdict}, {"tag match errors", test_tag_errors},
                                {"tag dates", test_tag_dates},          {NULL, NULL}};
PK_TEST_MAIN("search and filter", tests)
