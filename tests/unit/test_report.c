/*
 * test_report.c -- per-game records (report.h): the diagnostics buffer puts a game's
 * diagnostics in file order, stably, keeps every one of them (in batches past its
 * bound), can take back a replay's; the game's name; the JSON game object's tags; and
 * the text writer's escaping of control characters and colours (diag.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "pdn.h"
#include "report.h"
#include "unit/pktest.h"

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
    int st = pk_pdn_next(r, g, NULL);
    pk_pdn_close(r);
    fclose(f);
    CU_ASSERT_EQUAL(st, 1);
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
    CU_ASSERT_EQUAL(pk_report_game_json(f, "t.pdn", &g, NULL, false), 0);
    fclose(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"site\":\"Paris\",\"date\":\"2024.01.02\",\"round\":\"5\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"verdict\":\"valid\"}\n"));
    free(text);
    pk_game_free(&g);
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
                                {"control characters escaped, colours", test_escaped},
                                {NULL, NULL}};
PK_TEST_MAIN("report", tests)
