/*
 * test_html_report.c -- the HTML report (html_report.h) built from a real replay of
 * pdn/errors/demo-errors.pdn: one table row per game with its verdict, one section per
 * game with findings, one diagram per finding that names a position (two when the rules
 * required another capture), the faulty move marked, text escaped; and of games that
 * take every label of the verdict (report.h), each with a section that is not empty, and
 * the header's figures those of the totals the caller gives (the terminal's summary).
 * The page built from parts written apart (pk_html_part_write, as pdncheck's workers
 * write them, each game's after other text in one stream) is pk_html_add's, byte for byte.
 */
#include <string.h>

#include "replay.h"
#include "html_report.h"
#include "report.h"
#include "unit/pktest.h"
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

typedef struct collected {
    int n;
    pk_diag d[32];
    char text[32][3][400];
    pk_diag_kept data[32]; /* what d's structured fields point to (borrowed, as the strings) */
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
    pk_diag_keep(&c->data[c->n], d);
    pk_diag_restore(&c->d[c->n], &c->data[c->n]);
    c->n++;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static bool by_parts; /* the games added as parts written apart (pk_html_add_part) */

/* A game added as pdncheck's workers and its thread add it: its part written in a stream
 * after other text (the JSON lines), then taken out and added. */
static int add_by_part(pk_html *r, const pk_html_opts *ro, const pk_html_game *rg, const pk_verdict *v)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *w = open_memstream(&buf, &len);
    fputs("{\"type\":\"game\"} and other text before the part\n", w);
    long before = ftell(w);
    pk_html_part p;
    CU_ASSERT_EQUAL(pk_html_part_write(w, ro, rg, v, &p), PK_OK);
    fputs("text after it", w);
    fclose(w);
    CU_ASSERT_EQUAL((size_t)before + p.row + p.section + strlen("text after it"), len);
    CU_ASSERT_EQUAL(p.nat, v->label == PK_LABEL_OK ? 1 : 3);
    int st = pk_html_add_part(r, rg->file, v, &p, buf + before, NULL);
    free(buf);
    return st;
}

static char *report_of_totals(const char *text, bool strict, pk_totals *t)
{
    FILE *in = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *rd = pk_pdn_open(in, "demo.pdn", 0, NULL);
    pk_replay *rp = pk_replay_new();
    char *html = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&html, &len);
    pk_html_opts ro = {"Demo <report>", "1-0 = the first mover won", 0, strict, PK_RESULTS_FIRST_MOVER, NULL, NULL};
    pk_html *r = pk_html_new(out, &ro, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    pk_game g;
    pk_game_init(&g);
    static collected c;
    pk_diag_sink sink = {collect, &c};
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    for (c.n = 0; pk_pdn_next(rd, &g, &sink, NULL) == PK_OK; c.n = 0) {
        pk_replay_result res;
        pk_replay_game(rp, &g, "demo.pdn", &o, &sink, &res);
        pk_html_game rg = {"demo.pdn", &g, res.variant, &res, c.d, c.n, NULL};
        pk_verdict v;
        pk_report_verdict(&g, &res, strict, &v);
        pk_totals_game(t, &v);
        for (int i = 0; i < c.n; i++) /* as pdncheck counts them: every diagnostic written */
            pk_totals_diag(t, &c.d[i], strict);
        CU_ASSERT_EQUAL(by_parts ? add_by_part(r, &ro, &rg, &v) : pk_html_add(r, &rg, &v, NULL), PK_OK);
    }
    t->files = 1;
    CU_ASSERT_EQUAL(pk_html_finish(r, t, NULL), PK_OK);
    fclose(out);
    pk_game_free(&g);
    pk_replay_free(rp);
    pk_pdn_close(rd);
    fclose(in);
    return html;
}

static char *report_of(const char *text)
{
    pk_totals t;
    memset(&t, 0, sizeof t);
    return report_of_totals(text, false, &t);
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
    CU_ASSERT_EQUAL(count(html, "<tr data-verdict=\"result-board\""), 1);
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

/* The text between the first `from` at or after p and the next `to`, copied. */
static char *between(const char *p, const char *from, const char *to)
{
    const char *a = strstr(p, from);
    if (!a)
        return strdup("");
    a += strlen(from);
    const char *b = strstr(a, to);
    return strndup(a, b ? (size_t)(b - a) : strlen(a));
}

/* One game per label (report.h), each label's expectation from the rules (see
 * test_report.c test_verdict_labels for the sources), and the cases the report got wrong
 * (issue 21 item 6): a Result tag that disagrees with the terminator was "result
 * contradicts the board" with an empty section; an automatic draw and an Italian REP3
 * note were "draw claimable". */
static const char every_label[] =
    "[Event \"ok\"]\n[GameType \"20\"]\n\n1. 32-28 17-22 *\n\n"
    "[Event \"errors\"]\n[GameType \"20\"]\n[FEN \"W:WK46,36:B37,18,31\"]\n\n1. 36x27 *\n\n"
    "[Event \"result-board\"]\n[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n\n1. 28x17 0-2\n\n"
    "[Event \"result-tag\"]\n[Result \"1-0\"]\n[GameType \"20\"]\n\n1. 32-28 17-22 0-1\n\n"
    "[Event \"drawn\"]\n[GameType \"20\"]\n[FEN \"W:WK45,36:BK6,15\"]\n\n"
    "1. 45-50 6-1 2. 50-45 1-6 3. 45-50 6-1 4. 50-45 1-6 1-1\n\n"
    "[Event \"draw-claimable\"]\n[GameType \"21\"]\n[FEN \"B:WK30,21:BK3,12\"]\n\n"
    "1. 3-7 30-26 2. 7-3 26-30 3. 3-7 30-26 4. 7-3 26-30 1/2-1/2\n\n"
    "[Event \"ok, an Italian note\"]\n[GameType \"22\"]\n[FEN \"W:WK30,21:BK3,12\"]\n\n"
    "1. 30-26 3-6 2. 26-30 6-3 3. 30-26 3-6 4. 26-30 6-3 5. 30-26 3-6 6. 26-30 *\n";

static void test_every_label(void)
{
    pk_totals t;
    memset(&t, 0, sizeof t);
    t.warnings = 2; /* as if the caller's run had seen warnings of no game: the header says its totals */
    char *html = report_of_totals(every_label, false, &t);
    static const struct {
        const char *event, *key, *text;
    } want[] = {
        {"ok", "ok", "ok"},
        {"errors", "errors", "errors"},
        {"result-board", "result-board", "result contradicts the board"},
        {"result-tag", "result-tag", "Result tag and terminator disagree"},
        {"drawn", "drawn", "drawn by a rule"},
        {"draw-claimable", "draw-claimable", "draw claimable"},
        {"ok, an Italian note", "ok", "ok"},
    };
    CU_ASSERT_EQUAL(count(html, "<tr data-verdict="), 7);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        /* the game's row: its label's key and words */
        char cell[200];
        snprintf(cell, sizeof cell, "<td>%s</td>", want[i].event);
        const char *row = strstr(html, cell);
        CU_ASSERT_PTR_NOT_NULL_FATAL(row);
        const char *start = row;
        while (start > html && strncmp(start, "<tr ", 4))
            start--;
        char *tr = strndup(start, (size_t)(strstr(row, "</tr>") - start));
        char key[100];
        snprintf(key, sizeof key, "<tr data-verdict=\"%s\">", want[i].key);
        if (strncmp(tr, key, strlen(key)))
            printf("\n  %s: %.60s", want[i].event, tr);
        CU_ASSERT_EQUAL(strncmp(tr, key, strlen(key)), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(tr, want[i].text));
        /* its section: none for ok, else one with at least one finding */
        char sec[200];
        snprintf(sec, sizeof sec, "<h2>Game %d of demo.pdn", (int)i + 1);
        const char *s = strstr(html, sec);
        if (!strcmp(want[i].key, "ok")) {
            CU_ASSERT_PTR_NULL(s);
        } else {
            CU_ASSERT_PTR_NOT_NULL_FATAL(s);
            char *body = between(s, "</h2>", "</section>");
            CU_ASSERT(count(body, "<article class=\"finding") >= 1);
            free(body);
        }
        free(tr);
    }
    /* the tag's finding says what the tag and the terminator say; the row shows both */
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<code>result-tag-mismatch</code>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<h3>The Result tag and the result disagree</h3>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "0-1 (tag: 1-0)"));
    /* the header's figures are the caller's totals (2 warnings of no game), by label */
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>games</dt><dd>7</dd>"));
    /* games with errors: 2, which the filter shows as errors (1) and result contradicts the
     * board (1): the header says so (issue 34 item 12) */
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>games with errors</dt><dd>2<span class=\"why\">in the filter: errors "
                                        "(1), result contradicts the board (1 of 1)</span></dd>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>warnings</dt><dd>3</dd>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>result contradicts the board</dt><dd>1</dd>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>Result tag and terminator disagree</dt><dd>1</dd>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>drawn by a rule</dt><dd>1</dd>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>draw claimable</dt><dd>1</dd>"));
    /* the filter offers every label, with its count */
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<option value=\"ok\">ok (2)</option>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<option value=\"result-tag\">Result tag and terminator disagree (1)</option>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<option value=\"draw-claimable\">draw claimable (1)</option>"));
    free(html);

    /* --strict: the tag's warning makes its game invalid, its label still says why */
    memset(&t, 0, sizeof t);
    html = report_of_totals(every_label, true, &t);
    CU_ASSERT_EQUAL(t.with_errors, 3);
    CU_ASSERT_EQUAL(t.warnings, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<dt>games with errors</dt><dd>3<span class=\"why\">in the filter: errors "
                                        "(1), result contradicts the board (1 of 1), Result tag and terminator "
                                        "disagree (1 of 1)</span></dd>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(html, "<tr data-verdict=\"result-tag\">"));
    free(html);
}

/* The page of games added as parts written apart is pk_html_add's, byte for byte. */
static void test_parts(void)
{
    char *text = calloc(1, 1 << 16);
    FILE *f = fopen("pdn/errors/demo-errors.pdn", "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    const char *inputs[] = {text, every_label};
    for (int i = 0; i < 2; i++)
        for (int strict = 0; strict < 2; strict++) {
            pk_totals t;
            memset(&t, 0, sizeof t);
            by_parts = false;
            char *whole = report_of_totals(inputs[i], strict, &t);
            memset(&t, 0, sizeof t);
            by_parts = true;
            char *parts = report_of_totals(inputs[i], strict, &t);
            by_parts = false;
            CU_ASSERT_STRING_EQUAL(parts, whole);
            CU_ASSERT(count(whole, "<section class=\"game\"") >= 4);
            free(whole);
            free(parts);
        }
    free(text);
}

static const pk_test tests[] = {{"report of the demo errors", test_demo},
                                {"every label, its section, the header's totals", test_every_label},
                                {"games added as parts written apart: the same page", test_parts},
                                {NULL, NULL}};
PK_TEST_MAIN("report", tests)
