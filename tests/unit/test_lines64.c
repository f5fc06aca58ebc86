/*
 * test_lines64.c -- line numbers past 2^31: the reader, its diagnostics (GNU text and
 * JSON) and the game model count lines in 64 bits, so a file of more than 2^31 lines
 * is reported at its real line. No 2 GB file: the reader is restarted (pdn_resume.h, the
 * checking loop's own hook) at a line past 2^31 and reads a small text there.
 */
#include <stdio.h>
#include <string.h>

#include "pdn.h"
#include "pdn_resume.h"
#include "unit/pktest.h"

#define FAR_LINE 3000000000LL /* past INT_MAX and UINT32_MAX / 2 */

typedef struct seen {
    int n;
    long long line, col;
    char gnu[512], json[1024];
} seen;

static void keep(void *ctx, const pk_diag *d)
{
    seen *s = ctx;
    if (s->n++)
        return;
    s->line = d->line;
    s->col = d->col;
    FILE *f = fmemopen(s->gnu, sizeof s->gnu - 1, "w");
    pk_diag_write_gnu(f, d);
    fclose(f);
    f = fmemopen(s->json, sizeof s->json - 1, "w");
    pk_diag_write_json(f, d);
    fclose(f);
}

static void test_far_line(void)
{
    /* line FAR_LINE: the tag; FAR_LINE + 1: the moves, with an unclosed comment at col 10 */
    const char *text = "[Event \"far\"]\n1. 32-28 {never closed\n";
    pk_pdn_reader *r = pk_pdn_open_memory(text, strlen(text), "far.pdn", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    pk_pdn_resume at = {.file = "far.pdn", .base = 0, .line = FAR_LINE};
    pk_pdn_restart(r, &at);
    pk_game g;
    pk_game_init(&g);
    seen s = {0};
    pk_diag_sink sink = {keep, &s};
    CU_ASSERT_EQUAL_FATAL(pk_pdn_next(r, &g, &sink, NULL), PK_OK);
    CU_ASSERT_EQUAL(g.line, FAR_LINE);
    CU_ASSERT_EQUAL(g.tags[0].line, FAR_LINE);
    CU_ASSERT_EQUAL_FATAL(g.main.nmoves, 1);
    CU_ASSERT_EQUAL(g.main.moves[0].line, FAR_LINE + 1);
    CU_ASSERT_EQUAL(g.main.moves[0].col, 4);
    CU_ASSERT_FATAL(s.n > 0);
    CU_ASSERT_EQUAL(s.line, FAR_LINE + 1);
    CU_ASSERT_EQUAL(s.col, 10);
    if (!strstr(s.gnu, "far.pdn:3000000001:10: error: "))
        printf("\n  GNU text: %s", s.gnu);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.gnu, "far.pdn:3000000001:10: error: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(s.json, "\"line\":3000000001,\"col\":10"));
    pk_game_free(&g);
    pk_pdn_close(r);
}

/* pk_error keeps a line and a column of 64 bits too. */
static void test_error_at(void)
{
    pk_error e;
    CU_ASSERT_EQUAL(pk_error_set_at(&e, PK_ERR_SYNTAX, FAR_LINE, FAR_LINE + 7, "x %d", 1), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(e.line, FAR_LINE);
    CU_ASSERT_EQUAL(e.col, FAR_LINE + 7);
    CU_ASSERT_STRING_EQUAL(e.msg, "x 1");
    pk_error_set(&e, PK_ERR_RANGE, 3, "y");
    CU_ASSERT_EQUAL(e.line, 0); /* no line left over from before */
    CU_ASSERT_EQUAL(e.col, 3);
}

static const pk_test tests[] = {{"a line past 2^31", test_far_line}, {"pk_error_set_at", test_error_at}, {NULL, NULL}};
PK_TEST_MAIN("lines64", tests)
