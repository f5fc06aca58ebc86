/*
 * test_pdn_counts.c -- what a game holds besides its moves (pdn.h): the counts of comments,
 * % lines, NAGs, variations, setups and unread texts over every line (pk_game_count, what
 * pdnconv --stats sums with pk_pdn_counts_add), and the text a syntax error left unread
 * (pk_game_unparsed). The expected counts are read off the game texts by hand.
 */
#include <string.h>

#include "pdn.h"
#include "pktest.h"

/* comments {a} {b} {c}, one % line, NAGs $1 $2, two variations (one inside the other), one
 * setup: every line counted, the variations' own notes too */
static const char notes_game[] = "[GameType \"20\"]\n"
                                 "{a} 1. 32-28 {b} $1 (1. 33-29 {c} 19-23 (1... 18-23 $2)) 19-23\n"
                                 "% a line comment\n"
                                 "2. 28x19 /FEN \"W:W31:B20\"/ 14x23 *\n";

static void test_count(void)
{
    pk_test_reading rd;
    pk_game *g = PK_READ_GAME(&rd, notes_game);
    pk_pdn_counts c;
    memset(&c, 0, sizeof c);
    pk_game_count(g, &c);
    CU_ASSERT_EQUAL(c.comments, 3);
    CU_ASSERT_EQUAL(c.lines, 1);
    CU_ASSERT_EQUAL(c.nags, 2);
    CU_ASSERT_EQUAL(c.variations, 2);
    CU_ASSERT_EQUAL(c.setups, 1);
    CU_ASSERT_EQUAL(c.unparsed, 0);
    /* it adds: a second call doubles every count */
    pk_game_count(g, &c);
    CU_ASSERT_EQUAL(c.comments, 6);
    CU_ASSERT_EQUAL(c.variations, 4);
    PK_READ_DONE(&rd);

    /* a game with none of them */
    g = PK_READ_GAME(&rd, "[GameType \"20\"]\n1. 32-28 19-23 *\n");
    memset(&c, 0, sizeof c);
    pk_game_count(g, &c);
    CU_ASSERT_EQUAL(c.comments + c.lines + c.nags + c.variations + c.setups + c.unparsed, 0);
    PK_READ_DONE(&rd);
}

static void test_counts_add(void)
{
    pk_pdn_counts a = {1, 2, 3, 4, 5, 6}, b = {10, 20, 30, 40, 50, 60};
    pk_pdn_counts_add(&a, &b);
    CU_ASSERT_EQUAL(a.comments, 11);
    CU_ASSERT_EQUAL(a.lines, 22);
    CU_ASSERT_EQUAL(a.nags, 33);
    CU_ASSERT_EQUAL(a.variations, 44);
    CU_ASSERT_EQUAL(a.setups, 55);
    CU_ASSERT_EQUAL(a.unparsed, 66);
    CU_ASSERT_EQUAL(b.comments, 10); /* b is only read */
    CU_ASSERT_EQUAL(b.unparsed, 60);
}

static void test_unparsed(void)
{
    pk_test_reading rd;
    /* a clean game: nothing left unread */
    pk_game *g = PK_READ_GAME(&rd, notes_game);
    CU_ASSERT_PTR_NULL(pk_game_unparsed(g));
    PK_READ_DONE(&rd);

    /* a ')' without '(' at column 10 of line 2: the rest of the game, from there, is kept
     * as read (man pdn.5), and counted */
    g = PK_READ_GAME(&rd, "[GameType \"20\"]\n1. 32-28 ) 19-23 2. 33-29 *\n");
    const pk_pdn_note *u = pk_game_unparsed(g);
    CU_ASSERT_PTR_NOT_NULL_FATAL(u);
    CU_ASSERT_EQUAL(u->kind, PK_NOTE_UNPARSED);
    CU_ASSERT_EQUAL(u->line_no, 2);
    CU_ASSERT_EQUAL(u->col, 10);
    CU_ASSERT_PTR_NOT_NULL(strstr(u->text, "19-23 2. 33-29"));
    CU_ASSERT_EQUAL(u->text[0], ')');
    CU_ASSERT_EQUAL(g->main.nmoves, 1); /* 32-28 was read */
    pk_pdn_counts c;
    memset(&c, 0, sizeof c);
    pk_game_count(g, &c);
    CU_ASSERT_EQUAL(c.unparsed, 1);
    PK_READ_DONE(&rd);
}

static const pk_test tests[] = {
    {"count notes", test_count},
    {"add counts", test_counts_add},
    {"unparsed rest", test_unparsed},
    {NULL, NULL},
};
PK_TEST_MAIN("pdn counts", tests)
