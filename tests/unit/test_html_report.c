/*
 * test_html_report.c -- the HTML report (html_report.h) built from a real replay of
 * pdn/errors/demo-errors.pdn: one table row per game with its verdict, one section per
 * game with findings, one diagram per finding that names a position (two when the rules
 * required another capture), the faulty move marked, text escaped.
 */
#include <string.h>

#include "replay.h"
#include "html_report.h"
#include "unit/pktest.h"

typedef struct collected {
    int n;
    pk_diag d[32];
    char text[32][3][400];
} collected;

static const char *keep(collected *c, int k, const char *s)
{
    if (!s)
        return NULL;
    snprintf(c->text[c->n][k], sizeof c->text[0][0], "%s", s);
    return c->text[c->n][k];
}

static void collect(void *ctx, const pk_diag *d)
{
    collected *c = ctx;
    if (c->n >= 32)
        return;
    c->d[c->n] = *d;
    c->d[c->n].message = keep(c, 0, d->message);
    c->d[c->n].fen = keep(c, 1, d->fen);
    c->d[c->n].hint = keep(c, 2, d->hint);
    c->n++;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static char *report_of(const char *text)
{
    FILE *in = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *rd = pk_pdn_open(in, "demo.pdn", 0, NULL);
    pk_replay *rp = pk_replay_new();
    char *html = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&html, &len);
    pk_html_opts ro = {"Demo <report>", "1-0 = the first mover won", 0, false};
    pk_html *r = pk_html_new(out, &ro, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    pk_game g;
    pk_game_init(&g);
    static collected c;
    pk_diag_sink sink = {collect, &c};
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    for (c.n = 0; pk_pdn_next(rd, &g, &sink) > 0; c.n = 0) {
        pk_replay_result res;
        pk_replay_game(rp, &g, "demo.pdn", &o, &sink, &res);
        pk_html_game rg = {"demo.pdn", &g, res.variant, &res, c.d, c.n};
        CU_ASSERT_EQUAL(pk_html_add(r, &rg, NULL), PK_OK);
    }
    CU_ASSERT_EQUAL(pk_html_finish(r, NULL), PK_OK);
    fclose(out);
    pk_game_free(&g);
    pk_replay_free(rp);
    pk_pdn_close(rd);
    fclose(in);
    return html;
}

static void test_demo(void)
{
    char path[600], *text = NULL;
    snprintf(path, sizeof path, "pdn/errors/demo-errors.pdn");
    FILE *f = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    text = calloc(1, 1 << 16);
    fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    char *html = report_of(text);
    /* 4 games: a missed majority capture, a quiet move under a mandatory capture then an
     * illegal move (the replay stops there), an ambiguous capture, a wrong result */
    CU_ASSERT_EQUAL(count(html, "<tr data-verdict="), 4);
    CU_ASSERT_EQUAL(count(html, "<tr data-verdict=\"errors\""), 3);
    CU_ASSERT_EQUAL(count(html, "<tr data-verdict=\"result\""), 1);
    CU_ASSERT_EQUAL(count(html, "<section class=\"game\""), 4);
    int findings = count(html, "<article class=\"finding");
    CU_ASSERT(findings >= 4);
    /* every finding with a position has its diagram; the missed and the required
     * captures have a second one with what the rules required */
    CU_ASSERT(count(html, "<svg") >= findings);
    CU_ASSERT(count(html, "what the rules required") >= 2);
    CU_ASSERT_EQUAL(count(html, "<svg"), count(html, "<figure class=\"diagram "));
    CU_ASSERT_EQUAL(count(html, "<figure class=\"diagram position\">"), findings);
    CU_ASSERT_PTR_NULL(strstr(html, "<?xml"));
    CU_ASSERT(count(html, "<mark>") >= 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<title>Demo &lt;report&gt;</title>"));
    CU_ASSERT_PTR_NULL(strstr(html, "Demo <report>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "Legal moves here:"));
    free(html);
    free(text);
}

static const pk_test tests[] = {{"report of the demo errors", test_demo}, {NULL, NULL}};
PK_TEST_MAIN("report", tests)
