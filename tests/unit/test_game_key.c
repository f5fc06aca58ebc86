/* test_game_key.c -- the normalised main line (game_key.h): the same game written in
 * another notation (numeric or algebraic squares, short or full captures, 'x' or ':', a
 * capture hop by hop, other move numbers, comments, variations, tags) has the same key;
 * another move, another start, another variant gives another key; a record the replay
 * cannot finish keys on its unplayed rest as written. The set finds what it was given,
 * with where it was first seen, through many growths. */
#include "game_key.h"
#include "pktest.h"
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

static void on_event(void *ctx, const pk_replay_event *e) { pk_key_event(ctx, e); }

/* The keys of every game of text (at most 8), replayed with opts' variant (NULL: tags). */
static int keys(const char *text, const pk_variant *v, pk_game_key *out)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    pk_replay *rp = pk_replay_new();
    pk_key_builder b;
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    o.variant = v;
    o.on_event = on_event;
    o.event_ctx = &b;
    pk_game g;
    pk_game_init(&g);
    int n = 0;
    while (n < 8 && pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
        pk_replay_result res;
        pk_key_begin(&b);
        bool replay = g.nerrors == 0;
        if (replay)
            pk_replay_game(rp, &g, "t.pdn", &o, NULL, &res);
        pk_key_end(&b, &g, replay ? &res : NULL, &out[n++]);
    }
    pk_game_free(&g);
    pk_replay_free(rp);
    pk_pdn_close(r);
    fclose(f);
    return n;
}

static bool same(const pk_game_key *a, const pk_game_key *b) { return a->h[0] == b->h[0] && a->h[1] == b->h[1]; }

static void test_notations(void)
{
    /* English: 1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 (a capture each):
       numbers; algebraic squares in Black's frame (RULES 1.2.5: 11 = c3 ... ); ':' for
       'x'; other move numbers, comments, a NAG, a variation, other tags */
    const char *in = "[GameType \"21\"]\n1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 *\n"
                     "[GameType \"21\"][Event \"copy\"][White \"x\"]\n"
                     "{a comment} 7. 11-15 {!} 24-20 $1 8. 8-11 (8. 9-14) 28-24 9. 9-13 22-18 10. 15:22 25:18 1-0\n";
    pk_game_key k[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, NULL, k), 2);
    CU_ASSERT(same(&k[0], &k[1]));
    /* the same game in algebraic squares, full captures (pdnconv --algebraic --full wrote
       it: in Black's frame 11 is c3, 15 d4, 24 b6, 20 a5); one move other */
    const char *alg = "[GameType \"21\"]\n1. c3-d4 b6-a5 2. b2-c3 a7-b6 3. g3-h4 f6-e5 4. d4xf6 g7xe5 *\n"
                      "[GameType \"21\"]\n1. c3-d4 b6-a5 2. b2-c3 a7-b6 3. g3-h4 f6-g5 *\n";
    pk_game_key a[8];
    CU_ASSERT_EQUAL_FATAL(keys(alg, NULL, a), 2);
    CU_ASSERT(same(&a[0], &k[0]));
    CU_ASSERT(!same(&a[1], &k[0]));
}

static void test_captures(void)
{
    /* International: the king on 46 takes 37 and 18 to 12 (RULES 4.3: 46x12 short,
       46x23x12 full); the same capture written both ways, and hop by hop */
    const char *in = "[FEN \"W:W36,K46:B18,31,37\"]\n1. 46x12 *\n"
                     "[FEN \"W:W36,K46:B18,31,37\"]\n1. 46x23x12 *\n"
                     "[FEN \"W:W36,K46:B18,31,37\"]\n1. 46x23 23x12 *\n"
                     "[FEN \"W:W36,K46:B18,31,37\"]\n1. 46x7 *\n"
                     "[FEN \"B:W36,K46:B18,31,37\"]\n1. 31-36 *\n";
    pk_game_key k[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, pk_variant_find("international"), k), 5);
    CU_ASSERT(same(&k[0], &k[1]));
    CU_ASSERT(same(&k[0], &k[2]));
    CU_ASSERT(!same(&k[0], &k[3])); /* another destination */
    CU_ASSERT(!same(&k[0], &k[4]));
}

static void test_variant_and_start(void)
{
    /* the same text under two variants; the same moves from another start */
    const char *in = "1. 11-15 24-20 *\n";
    pk_game_key e[8], i[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, pk_variant_find("english"), e), 1);
    CU_ASSERT_EQUAL_FATAL(keys(in, pk_variant_find("italian"), i), 1);
    CU_ASSERT(!same(&e[0], &i[0]));
    const char *fen = "[FEN \"B:W21-32:B1-12\"]\n1. 11-15 24-20 *\n[FEN \"B:W21-31:B1-12\"]\n1. 11-15 24-20 *\n";
    pk_game_key f[8];
    CU_ASSERT_EQUAL_FATAL(keys(fen, pk_variant_find("english"), f), 2);
    CU_ASSERT(same(&f[0], &e[0])); /* the start position written out is the start position */
    CU_ASSERT(!same(&f[1], &e[0]));
}

static void test_broken(void)
{
    /* 3. 32-27 is illegal (no piece there after 1. 32-28): the rest keys as written */
    const char *in = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 32-27 18-22 *\n"
                     "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 32-27 18-22 1-0\n"
                     "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 32-27 17-22 *\n"
                     "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14:23 3. 32-27 18-22 *\n"
                     "[GameType \"27\"]\n1. 32-28 *\n"
                     "[GameType \"27\"]\n1. 32-28 *\n"
                     "[GameType \"20\"]\n1. 32-28 *\n";
    pk_game_key k[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, NULL, k), 7);
    CU_ASSERT(same(&k[0], &k[1]));  /* the result is not the game */
    CU_ASSERT(!same(&k[0], &k[2])); /* another unplayed rest */
    CU_ASSERT(same(&k[0], &k[3]));  /* the played part normalised */
    CU_ASSERT(same(&k[4], &k[5]));  /* Canadian (not implemented): as written */
    CU_ASSERT(!same(&k[4], &k[6])); /* the same text as another variant */
}

/* The key of the first game of text under the variant its tags name. */
static pk_game_key key1(const char *text)
{
    pk_game_key k[8];
    CU_ASSERT_EQUAL(keys(text, NULL, k), 1);
    return k[0];
}

static void test_wide_board(void)
{
    /* Canadian 12x12 (RULES 2.13): pk_bb has 128 bits, the squares past bit 63 count
       (issue 31: a key of 64 bits made these one game). The same move from starts that
       differ in one black man, 2 or 3 */
    const char *in = "[GameType \"27\"]\n[FEN \"W:W60:B2,30\"]\n1. 60-54 *\n"
                     "[GameType \"27\"]\n[FEN \"W:W60:B3,30\"]\n1. 60-54 *\n";
    pk_game_key k[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, NULL, k), 2);
    CU_ASSERT(!same(&k[0], &k[1]));
    /* a white king on each square of the board but 54 and 60, the same move 60-54 after:
       70 other games */
    pk_game_key all[72];
    int n = 0;
    for (int sq = 1; sq <= 72; sq++) {
        if (sq == 1 || sq == 54 || sq == 60)
            continue;
        char text[160];
        snprintf(text, sizeof text, "[GameType \"27\"]\n[FEN \"W:WK%d,60:B1\"]\n1. 60-54 *\n", sq);
        all[n++] = key1(text);
    }
    int dup = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            dup += same(&all[i], &all[j]);
    CU_ASSERT_EQUAL(n, 69);
    CU_ASSERT_EQUAL(dup, 0);
    /* a capture in numbers and in algebraic squares (pdnmoves -v canadian --algebraic
       'W:W60:B53,2': 60x47 is k3xi5): one key */
    pk_game_key c1 = key1("[GameType \"27\"]\n[FEN \"W:W60:B53,2\"]\n1. 60x47 *\n");
    pk_game_key c2 = key1("[GameType \"27\"]\n[FEN \"W:W60:B53,2\"]\n1. k3xi5 *\n");
    CU_ASSERT(same(&c1, &c2));
}

static void test_kings(void)
{
    /* International: a king or a man on 46, the same move 31-27 (RULES 1.1: a king is
       another piece; a key without the kings made these one game, issue 31) */
    const char *in = "[FEN \"W:W31,K46:B18,37\"]\n1. 31-27 *\n"
                     "[FEN \"W:W31,46:B18,37\"]\n1. 31-27 *\n"
                     "[FEN \"W:W31,46:B18,K37\"]\n1. 31-27 *\n";
    pk_game_key k[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, pk_variant_find("international"), k), 3);
    CU_ASSERT(!same(&k[0], &k[1]));
    CU_ASSERT(!same(&k[1], &k[2]));
    CU_ASSERT(!same(&k[0], &k[2]));
}

static void test_no_moves(void)
{
    /* Without moves a record is its start, its tag pairs (in any order) and its result
       (issue 31: every forfeit was a copy of the first) */
    const char *in = "[White \"A\"]\n[Result \"0-0\"]\n0-0\n\n"
                     "[White \"C\"]\n[Result \"2-0\"]\n2-0\n\n"
                     "[Result \"0-0\"]\n[White \"A\"]\n0-0\n\n"
                     "[White \"A\"]\n[Result \"0-0\"]\n1-0\n\n"
                     "[White \"A\"]\n[Result \"0-0\"]\n[Black \"B\"]\n0-0\n\n"
                     "[White \"A\"]\n[Result \"0-0\"]\n{a comment} 0-0\n"
                     "[White \"A\"]\n[Result \"0-0\"]\n"; /* no terminator: the tag's */
    pk_game_key k[8];
    CU_ASSERT_EQUAL_FATAL(keys(in, pk_variant_find("international"), k), 7);
    CU_ASSERT(!same(&k[0], &k[1])); /* other tags */
    CU_ASSERT(same(&k[0], &k[2]));  /* the same tags in another order */
    CU_ASSERT(!same(&k[0], &k[3])); /* another result (the terminator's, pdn.h) */
    CU_ASSERT(!same(&k[0], &k[4])); /* one tag more */
    CU_ASSERT(same(&k[0], &k[5]));  /* a comment is not the game */
    CU_ASSERT(same(&k[0], &k[6]));  /* the result the record states, as pdnconv writes it */
    /* with moves the tags do not count */
    const char *mv = "[White \"A\"]\n1. 32-28 *\n\n[White \"C\"]\n1. 32-28 *\n";
    CU_ASSERT_EQUAL_FATAL(keys(mv, pk_variant_find("international"), k), 2);
    CU_ASSERT(same(&k[0], &k[1]));
}

static void test_set(void)
{
    pk_key_set *s = pk_key_set_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    pk_key_origin first;
    for (int i = 1; i <= 100000; i++) {
        pk_game_key k = {{(uint64_t)i * 0x9E3779B97F4A7C15u, (uint64_t)i}};
        CU_ASSERT_EQUAL(pk_key_set_add(s, &k, (pk_key_origin){i % 7, i + 1}, NULL), 1);
    }
    CU_ASSERT_EQUAL(pk_key_set_count(s), 100000);
    int bad = 0;
    for (int i = 1; i <= 100000; i++) {
        pk_game_key k = {{(uint64_t)i * 0x9E3779B97F4A7C15u, (uint64_t)i}};
        if (pk_key_set_add(s, &k, (pk_key_origin){99, 99}, &first) != 0 || first.file != i % 7 || first.game != i + 1)
            bad++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    pk_game_key other = {{0, 1}}; /* a key whose first half is 0 */
    CU_ASSERT_EQUAL(pk_key_set_add(s, &other, (pk_key_origin){1, 1}, NULL), 1);
    CU_ASSERT_EQUAL(pk_key_set_add(s, &other, (pk_key_origin){1, 2}, &first), 0);
    CU_ASSERT_EQUAL(first.game, 1);
    CU_ASSERT_EQUAL(pk_key_set_count(s), 100001);
    pk_key_set_free(s);
}

static const pk_test tests[] = {{"notations, comments, tags", test_notations},
                                {"captures short, full, hop by hop", test_captures},
                                {"variant and start position", test_variant_and_start},
                                {"records the replay cannot finish", test_broken},
                                {"12x12: every bit of the board", test_wide_board},
                                {"kings are not men", test_kings},
                                {"records without moves", test_no_moves},
                                {"the set", test_set},
                                {NULL, NULL}};
PK_TEST_MAIN("game key", tests)
