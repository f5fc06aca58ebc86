/*
 * test_check_text.c -- readers on a path or memory (pdn_open.h) and pdncheck's JSON and
 * final FENs as library calls (check_text.h): the same games from every kind of input,
 * an error for a missing file, the JSON lines of a game with a known illegal move, and
 * the final FENs against the replay's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdnkit.h"
#include "unit/pktest.h"

static const char GAMES[] = "[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n\n"
                            "[GameType \"21\"]\n\n1. 11-15 23-19 2. 1-5 *\n";

static int count_games(pk_pdn_reader *r, int *plies)
{
    pk_game g;
    pk_game_init(&g);
    int n = 0;
    *plies = 0;
    while (pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
        n++;
        *plies += g.plies;
    }
    pk_game_free(&g);
    pk_pdn_close(r);
    return n;
}

static void test_open_memory_and_path(void)
{
    pk_error err;
    int plies = 0;
    pk_pdn_reader *r = pk_pdn_open_memory(GAMES, strlen(GAMES), "mem", 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(count_games(r, &plies), 2);
    CU_ASSERT_EQUAL(plies, 7);
    r = pk_pdn_open_memory("", 0, NULL, 0, &err); /* empty: no game, no error */
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(count_games(r, &plies), 0);

    char path[] = "/tmp/pk-test-open-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    fputs(GAMES, f);
    fclose(f);
    r = pk_pdn_open_path(path, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(count_games(r, &plies), 2);
    CU_ASSERT_EQUAL(plies, 7);
    remove(path);

    pk_error_clear(&err);
    CU_ASSERT_PTR_NULL(pk_pdn_open_path("/nonexistent/x.pdn", 0, &err));
    CU_ASSERT_EQUAL(err.code, PK_ERR_IO);
    CU_ASSERT_STRING_EQUAL(err.msg, "cannot open: No such file or directory");
}

/* what pk_check_json writes for GAMES, as text */
static char *check_json(const pk_check_json_opts *o, int *st)
{
    FILE *in = fmemopen((void *)GAMES, strlen(GAMES), "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    pk_error err;
    *st = pk_check_json(in, "g.pdn", o, out, &err);
    fclose(out);
    fclose(in);
    return buf;
}

static void test_check_json(void)
{
    int st;
    char *s = check_json(NULL, &st);
    CU_ASSERT_EQUAL(st, PK_OK);
    /* 1-5 in English: 5 holds black's own man in the start position (RULES 1.4: a man
     * moves to an empty square), at 7:19 */
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"code\":\"illegal-move\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"line\":7,\"col\":19"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "{\"type\":\"game\",\"file\":\"g.pdn\",\"game\":1,"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "\"verdict\":\"invalid\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "{\"type\":\"summary\",\"files\":1,\"games\":2,\"with_errors\":1,"
                                     "\"errors\":1,\"warnings\":0,\"results\":\"first\"}\n"));
    CU_ASSERT_PTR_NULL(strstr(s, "\"type\":\"fens\""));
    free(s);

    pk_check_json_opts o = {.fens = true, .no_summary = true, .shard = 1, .shards = 2};
    s = check_json(&o, &st);
    CU_ASSERT_EQUAL(st, PK_OK);
    /* shard 1/2 (the games after the first, one in two): game 2 only; its FENs: the start and after 11-15, 23-19 (then 1-5 stops it) */
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "{\"type\":\"fens\",\"game\":2,\"fens\":[\"B:W21,22,23,24,25,26,27,28,29,30,"
                                     "31,32:B1,2,3,4,5,6,7,8,9,10,11,12\",\"W:"));
    CU_ASSERT_PTR_NULL(strstr(s, "\"game\":1,"));
    CU_ASSERT_PTR_NULL(strstr(s, "summary"));
    free(s);

    o = (pk_check_json_opts){.shard = 2, .shards = 2};
    s = check_json(&o, &st);
    CU_ASSERT_EQUAL(st, PK_ERR_USAGE);
    free(s);
}

static void test_final_fens(void)
{
    FILE *in = fmemopen((void *)GAMES, strlen(GAMES), "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    long games = 0;
    pk_error err;
    CU_ASSERT_EQUAL(pk_final_fens(in, "g.pdn", pk_variant_find("english"), 1, out, &games, &err), PK_OK);
    fclose(out);
    fclose(in);
    CU_ASSERT_EQUAL(games, 2);
    /* game 1: 11-15 23-19 8-11 22-17 from the start (hand-played); game 2 stops before 1-5 */
    CU_ASSERT_STRING_EQUAL(buf, "B:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15\n"
                                "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15\n");
    free(buf);
}

/* pdnconv --algebraic --full on GAMES: game 1 converted (English squares in algebraic,
 * RULES 1.2.5 frame: 11-15 is c3-d4 from Black's side), game 2 converted up to its illegal
 * move and the rest written as read */
static void test_convert(void)
{
    FILE *in = fmemopen((void *)GAMES, strlen(GAMES), "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    pk_error err;
    pk_convert_opts o = {.notation = PK_NOT_ALGEBRAIC, .full = true};
    CU_ASSERT_EQUAL(pk_convert(in, "g.pdn", &o, out, &err), PK_OK);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(buf, "[GameType \"21\"]\n\n1. c3-d4 d6-c5 2. b2-c3 f6-g5 *\n\n"
                                "[GameType \"21\"]\n\n1. c3-d4 d6-c5 2. 1-5 *\n");
    free(buf);
    rewind(in);
    buf = NULL;
    out = open_memstream(&buf, &len);
    o = (pk_convert_opts){.to = PK_CONVERT_HUB};
    CU_ASSERT_EQUAL(pk_convert(in, "g.pdn", &o, out, &err), PK_OK);
    fclose(out);
    fclose(in);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "11-15"));
    free(buf);
    o = (pk_convert_opts){.to = 7};
    CU_ASSERT_EQUAL(pk_convert(stdin, NULL, &o, stdout, &err), PK_ERR_USAGE);
}

/* The statuses of the three calls (libpdnkit(3) ERRORS): a read error is PK_ERR_IO with
 * the reader's words in err (the report has them too: no line, the input stopped); a write
 * error is PK_ERR_IO "write error". */
static void test_statuses(void)
{
    /* two games gzipped (hand-made with Python's gzip, mtime 0), cut 12 bytes short */
    static const char cut[] = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x8b\x76\x2d\x4b\xcd\x2b\x51\x50\x4a"
                              "\x54\x8a\xe5\x32\xd4\x53\x30\x34\xd4\x35\x34\x55\x30\x32\xd6\x35\xb4\x54\xd0"
                              "\xe2\xe2\x8a\x86\xca\x26";
    FILE *in = fmemopen((void *)cut, sizeof cut - 1, "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    pk_error err = {0};
    CU_ASSERT_EQUAL(pk_check_json(in, "cut.pdn.gz", NULL, out, &err), PK_ERR_IO);
    fclose(out);
    fclose(in);
    CU_ASSERT_EQUAL(err.code, PK_ERR_IO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "gzip"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"code\":\"io\""));
    free(buf);

    FILE *full = fopen("/dev/full", "w");
    if (full) {
        in = fmemopen((void *)GAMES, strlen(GAMES), "rb");
        setvbuf(full, NULL, _IONBF, 0);
        CU_ASSERT_EQUAL(pk_final_fens(in, "g.pdn", NULL, 1, full, NULL, &err), PK_ERR_IO);
        CU_ASSERT_STRING_EQUAL(err.msg, "write error");
        rewind(in);
        CU_ASSERT_EQUAL(pk_convert(in, "g.pdn", NULL, full, &err), PK_ERR_IO);
        fclose(in);
        fclose(full);
    }
}

/* A game cut out of its file is guessed as in its file (issue 33; resolve.h: the file's
 * first games vote, a tagged game for its tag's variant, and the notation's most common
 * variant, Russian for algebraic squares, counts one game more). FILE: two Czech games
 * (GameType 29) and an untagged one, whose moves are legal in both Russian and Czech.
 * Alone, the untagged game is Russian (the notation's first); with its file's guess
 * (pk_file_guess_read) it is Czech, as pdncheck says of it in its file. */
static const char CZECH_FILE[] = "[GameType \"29\"]\n\n1. c3-d4 f6-e5 *\n\n"
                                 "[GameType \"29\"]\n\n1. c3-b4 f6-g5 *\n\n"
                                 "[Event \"untagged\"]\n\n1. e3-f4 d6-c5 *\n";
static const char UNTAGGED[] = "[Event \"untagged\"]\n\n1. e3-f4 d6-c5 *\n";

static char *guessed_json(const char *text, const pk_file_guess *guess, bool pick_first, int *st)
{
    FILE *in = fmemopen((void *)text, strlen(text), "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    pk_error err;
    *st = pk_check_json_guessed(in, "g.pdn", NULL, guess, pick_first, out, &err);
    fclose(out);
    fclose(in);
    return buf;
}

static void test_file_guess(void)
{
    pk_file_guess *g = pk_file_guess_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    FILE *in = fmemopen((void *)CZECH_FILE, strlen(CZECH_FILE), "rb");
    pk_error err;
    CU_ASSERT_EQUAL(pk_file_guess_read(in, "file.pdn", false, g, &err), PK_OK);
    fclose(in);
    CU_ASSERT_EQUAL(pk_file_guess_games(g), 3);
    CU_ASSERT_EQUAL(pk_file_guess_votes(g, pk_variant_find("czech")), 3);
    int st;
    char *alone = guessed_json(UNTAGGED, NULL, false, &st);
    CU_ASSERT_EQUAL(st, PK_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(alone, "\"variant\":\"russian\",\"variant_guessed\":true"));
    char *in_file = guessed_json(UNTAGGED, g, false, &st);
    CU_ASSERT_EQUAL(st, PK_OK);
    CU_ASSERT_PTR_NOT_NULL(strstr(in_file, "\"variant\":\"czech\",\"variant_guessed\":true"));
    /* what pdncheck says of the game in its file: the same game object but its number */
    int st2;
    FILE *whole = fmemopen((void *)CZECH_FILE, strlen(CZECH_FILE), "rb");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    pk_check_json_opts o = {.no_summary = true};
    st2 = pk_check_json(whole, "g.pdn", &o, out, &err);
    fclose(out);
    fclose(whole);
    CU_ASSERT_EQUAL(st2, PK_OK);
    const char *third = strstr(buf, "\"game\":3,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(third);
    CU_ASSERT_PTR_NOT_NULL(strstr(third, "\"variant\":\"czech\",\"variant_guessed\":true"));
    free(buf);
    free(alone);
    free(in_file);
    pk_file_guess_free(g);
}

/* pick_first: an ambiguous capture (RULES 5.1 E2, pdn/errors/demo-errors.pdn game 3) is
 * reported and the replay goes on with its first candidate, as pdncheck --pick-first */
static void test_pick_first(void)
{
    static const char amb[] = "[GameType \"20\"]\n[FEN \"W:WK31:B19,20,22,23\"]\n\n1. 31x15 *\n";
    int st;
    char *stop = guessed_json(amb, NULL, false, &st);
    char *go = guessed_json(amb, NULL, true, &st);
    CU_ASSERT_PTR_NOT_NULL(strstr(stop, "\"plies\":0,\"replay_stopped\":true"));
    CU_ASSERT_PTR_NOT_NULL(strstr(go, "\"plies\":1,\"replay_stopped\":false,\"final_fen\":\"B:WK15:B19\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(go, "the first candidate is played (--pick-first)"));
    free(stop);
    free(go);
}

static const pk_test tests[] = {{"open_memory_and_path", test_open_memory_and_path},
                                {"file_guess", test_file_guess},
                                {"pick_first", test_pick_first},
                                {"statuses", test_statuses},
                                {"check_json", test_check_json},
                                {"final_fens", test_final_fens},
                                {"convert", test_convert},
                                {NULL, NULL}};
PK_TEST_MAIN("check_text", tests)
