/*
 * test_report.c -- per-game records (report.h): the diagnostics buffer puts a game's
 * diagnostics in file order, stably, keeps every one of them (in batches past its
 * bound), can take back a replay's; the game's name; the JSON game object's tags; the
 * result a record states; the verdict on a game and the totals; and the text writer's
 * escaping of control characters and colours (diag.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "pdn.h"
#include "replay.h"
#include "report.h"
#include "unit/pktest.h"
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

typedef struct seen {
    int n, line[8192], col[8192];
    char msg[8][64];
    char name[8][64];
} seen;

static void record(void *ctx, const pk_diag *d)
{
    seen *s = ctx;
    if (s->n < 8) {
        snprintf(s->msg[s->n], sizeof s->msg[0], "%s", d->message);
        snprintf(s->name[s->n], sizeof s->name[0], "%s", d->game_name ? d->game_name : "-");
    }
    if (s->n < 8192) {
        s->line[s->n] = d->line;
        s->col[s->n] = d->col;
    }
    s->n++;
}

static void add(pk_diag_buffer *b, int line, int col, int game, const char *msg)
{
    char tmp[64]; /* borrowed strings: the buffer must copy them */
    snprintf(tmp, sizeof tmp, "%s", msg);
    pk_diag d = {.severity = PK_SEV_WARNING, .code = "x", .file = "f.pdn", .line = line, .col = col,
                 .game = game, .message = tmp};
    pk_diag_sink sink = pk_diag_buffer_sink(b);
    pk_diag_emit(&sink, &d);
    memset(tmp, 'Z', sizeof tmp - 1);
}

static void test_file_order(void)
{
    seen *s = calloc(1, sizeof *s);
    pk_diag_buffer *b = pk_diag_buffer_new((pk_diag_sink){record, s});
    CU_ASSERT_FATAL(b && s);
    add(b, 12, 28, 1, "reader, late");
    add(b, 12, 28, 1, "reader, late, second"); /* same place: kept in arrival order */
    add(b, 0, 0, 0, "no position");
    add(b, 1, 1, 1, "replay, early");
    add(b, 3, 5, 1, "replay, middle");
    CU_ASSERT_EQUAL(s->n, 0); /* nothing before the game is done */
    pk_diag_buffer_flush(b, "Smith - Jones, round 7");
    CU_ASSERT_EQUAL(s->n, 5);
    CU_ASSERT_STRING_EQUAL(s->msg[0], "no position");
    CU_ASSERT_STRING_EQUAL(s->name[0], "-"); /* no game: no name */
    CU_ASSERT_STRING_EQUAL(s->msg[1], "replay, early");
    CU_ASSERT_STRING_EQUAL(s->name[1], "Smith - Jones, round 7");
    CU_ASSERT_STRING_EQUAL(s->msg[2], "replay, middle");
    CU_ASSERT_STRING_EQUAL(s->msg[3], "reader, late");
    CU_ASSERT_STRING_EQUAL(s->msg[4], "reader, late, second");
    pk_diag_buffer_flush(b, NULL); /* empty now */
    CU_ASSERT_EQUAL(s->n, 5);
    pk_diag_buffer_free(b);
    free(s);
}

/* A game with more diagnostics than the bound: every one arrives, each batch sorted. */
static void test_bounded(void)
{
    seen *s = calloc(1, sizeof *s);
    pk_diag_buffer *b = pk_diag_buffer_new((pk_diag_sink){record, s});
    int total = PK_DIAG_BUFFER_MAX + 1000;
    for (int i = 0; i < total; i++)
        add(b, total - i, 1, 1, "m"); /* backwards */
    CU_ASSERT_EQUAL(s->n, PK_DIAG_BUFFER_MAX); /* one full batch went on */
    pk_diag_buffer_flush(b, NULL);
    CU_ASSERT_EQUAL(s->n, total);
    for (int i = 1; i < PK_DIAG_BUFFER_MAX; i++)
        CU_ASSERT_TRUE(s->line[i - 1] < s->line[i]);
    for (int i = PK_DIAG_BUFFER_MAX + 1; i < total; i++)
        CU_ASSERT_TRUE(s->line[i - 1] < s->line[i]);
    pk_diag_buffer_free(b);
    free(s);
}

static void test_truncate(void)
{
    seen *s = calloc(1, sizeof *s);
    pk_diag_buffer *b = pk_diag_buffer_new((pk_diag_sink){record, s});
    add(b, 2, 1, 1, "reader");
    size_t mark = pk_diag_buffer_mark(b);
    add(b, 3, 1, 1, "first replay");
    add(b, 4, 1, 1, "first replay too");
    CU_ASSERT_TRUE(pk_diag_buffer_truncate(b, mark));
    add(b, 1, 1, 1, "second replay");
    pk_diag_buffer_flush(b, NULL);
    CU_ASSERT_EQUAL(s->n, 2);
    CU_ASSERT_STRING_EQUAL(s->msg[0], "second replay");
    CU_ASSERT_STRING_EQUAL(s->msg[1], "reader");
    CU_ASSERT_FALSE(pk_diag_buffer_truncate(b, mark)); /* flushed: cannot be taken back */
    pk_diag_buffer_free(b);
    free(s);
}

static pk_game *read_game(const char *text, pk_game *g)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    pk_error err;
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, &err);
    pk_game_init(g);
    int st = pk_pdn_next(r, g, NULL, NULL);
    pk_pdn_close(r);
    fclose(f);
    CU_ASSERT_EQUAL(st, PK_OK);
    return g;
}

static void test_game_name(void)
{
    pk_game g;
    char buf[PK_GAME_NAME_MAX];
    read_game("[White \"Smith\"]\n[Black \"Jones\"]\n[Round \"7\"]\n1. 32-28 *\n", &g);
    CU_ASSERT_STRING_EQUAL(pk_report_game_name(&g, buf, sizeof buf), "Smith - Jones, round 7");
    pk_game_free(&g);
    read_game("[White \"Smith\"]\n[Black \"?\"]\n1. 32-28 *\n", &g);
    CU_ASSERT_STRING_EQUAL(pk_report_game_name(&g, buf, sizeof buf), "Smith - ?");
    pk_game_free(&g);
    read_game("[Round \"3\"]\n1. 32-28 *\n", &g);
    CU_ASSERT_STRING_EQUAL(pk_report_game_name(&g, buf, sizeof buf), "round 3");
    pk_game_free(&g);
    read_game("[White \"?\"]\n[Black \"\"]\n[Round \"-\"]\n1. 32-28 *\n", &g);
    CU_ASSERT_PTR_NULL(pk_report_game_name(&g, buf, sizeof buf));
    pk_game_free(&g);
    /* a long name is cut on a character boundary, the buffer never overflows */
    char text[600] = "[White \"";
    for (int i = 0; i < 100; i++)
        strcat(text, "\xc3\xa9"); /* é */
    strcat(text, "\"]\n[Black \"B\"]\n1. 32-28 *\n");
    read_game(text, &g);
    const char *n = pk_report_game_name(&g, buf, sizeof buf);
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    CU_ASSERT_TRUE(strlen(n) < PK_GAME_NAME_MAX);
    CU_ASSERT_PTR_NOT_NULL(strstr(n, "\xc3\xa9... - B"));
    pk_game_free(&g);
}

static void test_game_json(void)
{
    pk_game g;
    read_game("[Site \"Paris\"]\n[Date \"2024.01.02\"]\n[Round \"5\"]\n1. 32-28 *\n", &g);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pk_verdict v;
    pk_report_verdict(&g, NULL, false, &v);
    CU_ASSERT_EQUAL(pk_report_game_json(f, "t.pdn", &g, NULL, &v), 0);
    fclose(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"site\":\"Paris\",\"date\":\"2024.01.02\",\"round\":\"5\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"verdict\":\"valid\",\"label\":\"ok\"}\n"));
    free(text);
    pk_game_free(&g);
}

/* The result a record states (RULES 4.4: the terminator and the Result tag are two copies
 * of one fact; "*" and a missing terminator say nothing). Issue 21 item 2. */
static void test_stated_result(void)
{
    static const struct {
        const char *text;
        const char *stated; /* NULL: none */
        int kind, source;
        bool conflict;
    } cases[] = {
        {"[Result \"1-0\"]\n1. 32-28 17-22\n", "1-0", PK_RESULT_FIRST_WIN, PK_RESULT_FROM_TAG, false},
        {"[Result \"1-0\"]\n1. 32-28 17-22 *\n", "1-0", PK_RESULT_FIRST_WIN, PK_RESULT_FROM_TAG, false},
        {"[Result \"1-0\"]\n[GameType \"20\"]\n", "1-0", PK_RESULT_FIRST_WIN, PK_RESULT_FROM_TAG, false},
        {"[Result \"1-0\"]\n1. 32-28 17-22 0-1\n", "0-1", PK_RESULT_SECOND_WIN, PK_RESULT_FROM_TERMINATOR, true},
        {"[Result \"2-0\"]\n1. 32-28 17-22 1-0\n", "1-0", PK_RESULT_FIRST_WIN, PK_RESULT_FROM_TERMINATOR, false},
        {"[Result \"*\"]\n1. 32-28 17-22 1-1\n", "1-1", PK_RESULT_DRAW, PK_RESULT_FROM_TERMINATOR, false},
        {"[Result \"?\"]\n1. 32-28 17-22 *\n", "*", PK_RESULT_UNKNOWN, PK_RESULT_FROM_TERMINATOR, false},
        {"[Result \"?\"]\n1. 32-28 17-22\n", "?", PK_RESULT_UNKNOWN, PK_RESULT_FROM_TAG, false},
        {"[Event \"e\"]\n1. 32-28 17-22\n", NULL, PK_RESULT_NONE, PK_RESULT_FROM_NONE, false},
        {"[Result \"1/2-1/2\"]\n1. 32-28 17-22 0-0\n", "0-0", PK_RESULT_DOUBLE_FORFEIT, PK_RESULT_FROM_TERMINATOR,
         true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pk_game g;
        read_game(cases[i].text, &g);
        pk_stated_result sr;
        pk_game_stated_result(&g, &sr);
        if (cases[i].stated) {
            CU_ASSERT_STRING_EQUAL(sr.text ? sr.text : "(null)", cases[i].stated);
        } else {
            CU_ASSERT_PTR_NULL(sr.text);
        }
        CU_ASSERT_EQUAL(sr.kind, cases[i].kind);
        CU_ASSERT_EQUAL(sr.source, cases[i].source);
        CU_ASSERT_EQUAL(sr.conflict, cases[i].conflict);
        if (sr.source == PK_RESULT_FROM_TAG) {
            CU_ASSERT_EQUAL(sr.line, 1); /* where the tag stands */
        }
        pk_game_free(&g);
    }
}

/* The verdict's label per game (report.h), each expectation from the rules, not from the
 * code: RULES 1.9 (a side without a legal move has lost), 3.1 and 3.3 (REP3 automatic in
 * International), 3.6 (REP3 claimable in English), 3.7 (Italian: REP4 automatic, the third
 * occurrence a note), 4.4 (Result tag and terminator), 5.1 E1 (the majority rule). The
 * draw games are those of tests/golden/check-draw-*, checked by hand there. */
static void test_verdict_labels(void)
{
    static const struct {
        const char *text;
        bool strict;
        int label;
        bool valid;
        int errors, warnings;
    } cases[] = {
        {"[GameType \"20\"]\n1. 32-28 17-22 *\n", false, PK_LABEL_OK, true, 0, 0},
        /* 36x27 takes one piece where 46x23x12 takes two (RULES 5.1 E1) */
        {"[GameType \"20\"]\n[FEN \"W:WK46,36:B37,18,31\"]\n1. 36x27 *\n", false, PK_LABEL_ERRORS, false, 1, 0},
        /* Black has no piece left after 28x17: 0-2 names the loser as the winner (RULES 1.9) */
        {"[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 0-2\n", false, PK_LABEL_RESULT_BOARD, false, 1, 0},
        /* the tag says 1-0, the terminator 0-1 (RULES 4.4): a warning, the game stays valid */
        {"[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 17-22 0-1\n", false, PK_LABEL_RESULT_TAG, true, 0, 1},
        /* under --strict that warning makes the game invalid; the label still says why */
        {"[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 17-22 0-1\n", true, PK_LABEL_RESULT_TAG, false, 0, 1},
        /* the same tag against "*": the tag's 1-0 is the record's result, no disagreement */
        {"[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 17-22 *\n", false, PK_LABEL_OK, true, 0, 0},
        /* REP3 at ply 8, automatic in International (RULES 3.3, D-INT-1) */
        {"[GameType \"20\"]\n[FEN \"W:WK45,36:BK6,15\"]\n1. 45-50 6-1 2. 50-45 1-6 3. 45-50 6-1 4. 50-45 1-6 1-1\n", false,
         PK_LABEL_DRAWN, true, 0, 0},
        /* 2-0 recorded after that automatic draw: the rules contradict the result (RULES 3.1) */
        {"[GameType \"20\"]\n[FEN \"W:WK45,36:BK6,15\"]\n1. 45-50 6-1 2. 50-45 1-6 3. 45-50 6-1 4. 50-45 1-6 2-0\n", false,
         PK_LABEL_RESULT_BOARD, true, 0, 1},
        /* REP3 at ply 8, claimable in English (RULES 3.6) */
        {"[GameType \"21\"]\n[FEN \"B:WK30,21:BK3,12\"]\n1. 3-7 30-26 2. 7-3 26-30 3. 3-7 30-26 4. 7-3 26-30 1/2-1/2\n",
         false, PK_LABEL_DRAW_CLAIMABLE, true, 0, 0},
        /* Italian: the third occurrence is a note only, no draw (RULES 3.7, D-IT-1) */
        {"[GameType \"22\"]\n[FEN \"W:WK30,21:BK3,12\"]\n1. 30-26 3-6 2. 26-30 6-3 3. 30-26 3-6 4. 26-30 6-3 5. 30-26 3-6 "
         "6. 26-30 *\n",
         false, PK_LABEL_OK, true, 0, 0},
        /* ... and the fourth draws it (REP4 automatic) */
        {"[GameType \"22\"]\n[FEN \"W:WK30,21:BK3,12\"]\n1. 30-26 3-6 2. 26-30 6-3 3. 30-26 3-6 4. 26-30 6-3 5. 30-26 3-6 "
         "6. 26-30 6-3 1/2-1/2\n",
         false, PK_LABEL_DRAWN, true, 0, 0},
        /* an error beats every other label: the replay stops at an illegal move */
        {"[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 17-23 0-1\n", false, PK_LABEL_ERRORS, false, 1, 1},
    };
    pk_replay *rp = pk_replay_new();
    pk_totals t;
    memset(&t, 0, sizeof t);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pk_game g;
        read_game(cases[i].text, &g);
        pk_replay_opts o;
        memset(&o, 0, sizeof o);
        pk_replay_result res;
        CU_ASSERT_EQUAL(pk_replay_game(rp, &g, "t.pdn", &o, NULL, &res), PK_OK);
        pk_verdict v;
        pk_report_verdict(&g, &res, cases[i].strict, &v);
        if (v.label != cases[i].label || v.valid != cases[i].valid || v.errors != cases[i].errors ||
            v.warnings != cases[i].warnings)
            printf("\n  case %zu: label %s valid %d errors %d warnings %d", i, pk_label_key(v.label), v.valid, v.errors,
                   v.warnings);
        CU_ASSERT_EQUAL(v.label, cases[i].label);
        CU_ASSERT_EQUAL(v.valid, cases[i].valid);
        CU_ASSERT_EQUAL(v.errors, cases[i].errors);
        CU_ASSERT_EQUAL(v.warnings, cases[i].warnings);
        pk_totals_game(&t, &v);
        pk_game_free(&g);
    }
    pk_replay_free(rp);
    /* the totals the summary prints: the games by their verdict */
    CU_ASSERT_EQUAL(t.games, 12);
    CU_ASSERT_EQUAL(t.with_errors, 4);
    CU_ASSERT_EQUAL(t.labels[PK_LABEL_OK], 3);
    CU_ASSERT_EQUAL(t.labels[PK_LABEL_ERRORS], 2);
    CU_ASSERT_EQUAL(t.labels[PK_LABEL_RESULT_BOARD], 2);
    CU_ASSERT_EQUAL(t.labels[PK_LABEL_RESULT_TAG], 2);
    CU_ASSERT_EQUAL(t.labels[PK_LABEL_DRAWN], 2);
    CU_ASSERT_EQUAL(t.labels[PK_LABEL_DRAW_CLAIMABLE], 1);
    /* and every diagnostic by its severity, --strict making a warning an error */
    pk_diag d = {.severity = PK_SEV_WARNING, .code = "no-game", .file = "e.pdn", .message = "no game found"};
    pk_totals_diag(&t, &d, false);
    CU_ASSERT_EQUAL(t.warnings, 1);
    CU_ASSERT_EQUAL(t.errors, 0);
    pk_totals_diag(&t, &d, true);
    CU_ASSERT_EQUAL(t.warnings, 1);
    CU_ASSERT_EQUAL(t.errors, 1);
    CU_ASSERT_STRING_EQUAL(pk_label_key(PK_LABEL_RESULT_TAG), "result-tag");
    CU_ASSERT_STRING_EQUAL(pk_label_text(PK_LABEL_RESULT_BOARD), "result contradicts the board");
}

static char *text_of(const pk_diag *d, unsigned flags)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pk_diag_write_text(f, d, flags);
    fclose(f);
    return text;
}

static void test_escaped(void)
{
    pk_diag d = {.severity = PK_SEV_ERROR, .code = "x", .file = "a\x1b[2Jb.pdn", .line = 2, .col = 3, .game = 1,
                 .message = "tab\there, bell\a, del\x7f, csi \xc2\x9b, e\xcc\x81 and \xc3\xa9 stay",
                 .hint = "line\nbreak", .game_name = "Evil\x1b]0;x\x07"};
    char *t = text_of(&d, 0);
    CU_ASSERT_STRING_EQUAL(t, "a\\x1b[2Jb.pdn:2:3: error: game 1 (Evil\\x1b]0;x\\x07): tab\\x09here, bell\\x07, "
                              "del\\x7f, csi \\u009b, e\xcc\x81 and \xc3\xa9 stay\n    line\\x0abreak\n");
    free(t);
    t = text_of(&d, PK_DIAG_COLOR);
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "\033[01;31m\033[Kerror:\033[m\033[K"));
    free(t);
    d.severity = PK_SEV_WARNING;
    t = text_of(&d, PK_DIAG_COLOR);
    CU_ASSERT_PTR_NOT_NULL(strstr(t, "\033[01;35m\033[Kwarning:"));
    free(t);
}

static const pk_test tests[] = {{"a game's diagnostics come out in file order", test_file_order},
                                {"the buffer is bounded and loses nothing", test_bounded},
                                {"a replay's diagnostics can be taken back", test_truncate},
                                {"game names from White, Black and Round", test_game_name},
                                {"JSON game objects carry site, date and round", test_game_json},
                                {"the result a record states, tag or terminator", test_stated_result},
                                {"one verdict per game: labels, validity, totals", test_verdict_labels},
                                {"control characters escaped, colours", test_escaped},
                                {NULL, NULL}};
PK_TEST_MAIN("report", tests)
