/*
 * test_pdn_write.c -- the PDN writer (pk_pdn_write_game): the layout of one game with
 * every kind of note, renumbering (first mover, "N..." after interruptions, setups,
 * variations), 80 columns, escapes; and on every game of the test corpora (tests/corpora): the output
 * reads back as the same game (tags, moves, comments, NAGs, setups, variations, result)
 * and writing it again gives the same bytes.
 */
#include "pdn.h"
#include "pktest.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Writes game 1 of text with opts into a malloc'd string. */
static char *rewrite(const char *text, const pk_pdn_write_opts *o)
{
    FILE *in = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *r = pk_pdn_open(in, "t.pdn", 0, NULL);
    pk_game g;
    pk_game_init(&g);
    char *out = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&out, &n);
    if (pk_pdn_next(r, &g, NULL, NULL) == PK_OK)
        CU_ASSERT_EQUAL(pk_pdn_write_game(mem, &g, o, NULL), PK_OK);
    fclose(mem);
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(in);
    return out;
}

static void test_layout(void)
{
    const char *in = "[Black \"B\\\"q\"][Event \"E\"][Foo \"x\"]\n[White \"W\"][Result \"1-0\"]\n"
                     "{before} 1. 32-28 {a comment} 19-23 $1 2. 28x19 (2. 37-32 14-19) 14x23! 3. 31-27\n"
                     "%escape line\n 10-14 1-0\n";
    char *out = rewrite(in, NULL);
    CU_ASSERT_STRING_EQUAL(out, "[Event \"E\"]\n[White \"W\"]\n[Black \"B\\\"q\"]\n[Result \"1-0\"]\n[Foo \"x\"]\n\n"
                                "{before} 1. 32-28 {a comment} 1... 19-23 $1 2. 28x19 (2. 37-32 14-19)\n"
                                "2... 14x23! 3. 31-27\n%escape line\n3... 10-14 1-0\n");
    free(out);
}

static void test_numbering(void)
{
    /* English: Black moves first, so White's moves are the second of each pair. */
    pk_pdn_write_opts o = {0};
    o.first_mover = 'B';
    o.gametype = "21";
    char *out = rewrite("[FEN \"W:W21:B1\"] 22-17 1-5 17-14 *", &o);
    CU_ASSERT_STRING_EQUAL(out, "[FEN \"W:W21:B1\"]\n[GameType \"21\"]\n\n1... 22-17 2. 1-5 17-14 *\n");
    free(out);
    /* :F sets the number; a setup in the movetext restarts it from its own FEN */
    out = rewrite("[FEN \"B:W21:B1:F12\"] 1-5 21-17 /FEN \"W:W17:B5:F30\"/ 17-14 *", NULL);
    CU_ASSERT_STRING_EQUAL(out, "[FEN \"B:W21:B1:F12\"]\n\n12... 1-5 13. 21-17 /FEN \"W:W17:B5:F30\"/ 30. 17-14 *\n");
    free(out);
    /* a capture written hop by hop stays one ply */
    out = rewrite("1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 32x41 4. 46x37 *", NULL);
    CU_ASSERT_STRING_EQUAL(out, "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 32x41 4. 46x37 *\n");
    free(out);
    /* replacing tags and the result */
    o = (pk_pdn_write_opts){0};
    o.fen = "";
    o.result = "2-0";
    out = rewrite("[FEN \"W:W31:B1\"][Result \"*\"] 31-27 *", &o);
    CU_ASSERT_STRING_EQUAL(out, "[Result \"2-0\"]\n\n1. 31-27 2-0\n");
    free(out);
}

/* A move_text callback that joins every hop into the capture before it (as pdnconv does). */
static const char *join_hops(void *ctx, const pk_pdn_line *l, int i, int depth, char *buf, size_t size)
{
    (void)ctx, (void)depth, (void)buf, (void)size;
    return l->moves[i].flags & PK_PDN_MOVE_HOP ? NULL : l->moves[i].text;
}

static void test_joined_hops(void)
{
    pk_pdn_write_opts o = {0};
    o.move_text = join_hops;
    /* the hop written under a move number of its own (lidraughts and playstrategy exports):
     * the ply ends with its last hop, the numbering goes on from there */
    char *out = rewrite("1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 4. 32x41 46x37 5. 31-26 *", &o);
    CU_ASSERT_STRING_EQUAL(out, "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 4. 46x37 31-26 *\n");
    free(out);
    out = rewrite("1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 32x41 4. 46x37 *", &o);
    CU_ASSERT_STRING_EQUAL(out, "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 4. 46x37 *\n");
    free(out);
}

static void test_comment_rewrap(void)
{
    /* a one-line comment wrapped at 80 columns holds line breaks once read back: written
     * again, it starts on the line it started on before and gives the same bytes */
    const char *in[] = {/* the first word fits on the line of the move */
                        "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 4. 46x37 10-14 5. 31-26 5-10 6. 36-31 "
                        "{a comment long enough to be wrapped over two lines of the movetext, word by word,"
                        " by the writer} 6... 1-5 *",
                        /* it does not: the comment starts the next line */
                        "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 23x32 4. 46x37 10-14 5. 31-26 5-10 "
                        "{comments long enough to be wrapped over two lines of the movetext, word by word,"
                        " by the writer, and more words} 6. 36-31 *"};
    const char *where[] = {"6. 36-31 {a comment long enough to be wrapped over two lines of the movetext,\nword",
                           "5. 31-26 5-10\n{comments long"};
    for (int i = 0; i < 2; i++) {
        char *out1 = rewrite(in[i], NULL);
        char *out2 = rewrite(out1, NULL);
        CU_ASSERT_STRING_EQUAL(out1, out2);
        CU_ASSERT_PTR_NOT_NULL(strstr(out1, where[i]));
        free(out1);
        free(out2);
    }
}

static void test_width(void)
{
    char in[4096] = "";
    for (int i = 1; i <= 40; i++)
        snprintf(in + strlen(in), sizeof in - strlen(in), "%d. 32-28 19-23 ", i);
    strcat(in, "{a long comment that must be wrapped at its blanks like every other token of the movetext} *");
    char *out = rewrite(in, NULL);
    int col = 0, maxcol = 0, lines = 0;
    for (const char *p = out; *p; p++) {
        if (*p == '\n')
            lines++, col = 0;
        else if (++col > maxcol)
            maxcol = col;
    }
    CU_ASSERT(maxcol <= 80);
    CU_ASSERT(lines > 8);
    free(out);
    pk_pdn_write_opts o = {0};
    o.width = 40;
    out = rewrite(in, &o);
    for (const char *p = out, *nl; *p; p = nl + 1) {
        nl = strchr(p, '\n');
        CU_ASSERT((nl - p) <= 40);
    }
    free(out);
}

/* ---- the corpora: what is read back is what was read ---- */

static void squeeze(const char *s, char *out, size_t size) /* blanks folded: wrapping moves them */
{
    size_t n = 0;
    bool blank = false;
    for (; *s && n + 2 < size; s++) {
        if (isspace((unsigned char)*s)) {
            blank = n > 0;
            continue;
        }
        if (blank)
            out[n++] = ' ';
        blank = false;
        out[n++] = *s;
    }
    out[n] = 0;
}

/* A game's movetext as a flat signature, in text order: the notes before a move and those
 * after the move before it are the same place once written (the writer puts the first
 * before the move's number). Comments with blanks folded; a tag whose name is not a PDN
 * identifier first, as the escape line the writer makes of it. */
static void sig_line(FILE *f, const pk_pdn_line *l);

static void sig_notes(FILE *f, const pk_pdn_note *n)
{
    static char x[1 << 16];
    for (; n; n = n->next) {
        switch (n->kind) {
        case PK_NOTE_VARIATION: fputc('(', f), sig_line(f, n->line), fputs(")", f); break;
        case PK_NOTE_NAG: fprintf(f, "$%d ", n->nag); break;
        default:
            squeeze(n->text, x, sizeof x);
            fprintf(f, "%d{%s}%d ", n->kind, x, n->kind == PK_NOTE_UNPARSED ? n->nag : 0);
        }
    }
}

static void sig_line(FILE *f, const pk_pdn_line *l)
{
    sig_notes(f, l->pre);
    for (int i = 0; i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        sig_notes(f, m->before);
        fprintf(f, "%s|%u|%s ", m->text, m->flags, m->strength ? m->strength : "");
        sig_notes(f, m->after);
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const pk_pdn_tag *)a)->name, ((const pk_pdn_tag *)b)->name);
}

/* The signature of g: its tags (names that are identifiers, in name order: the writer puts
 * the roster first), its movetext. */
static char *signature(const pk_game *g, bool first)
{
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);
    pk_pdn_tag *tags = malloc(((size_t)g->ntags + 1) * sizeof *tags);
    int nt = 0;
    for (int t = 0; t < g->ntags; t++)
        if (pk_pdn_tag_name_ok(g->tags[t].name))
            tags[nt] = g->tags[t], tags[nt++].value = pk_game_tag(g, g->tags[t].name);
    qsort(tags, (size_t)nt, sizeof *tags, by_name);
    for (int t = 0; t < nt; t++)
        fprintf(f, "[%s=%s]", tags[t].name, tags[t].value);
    free(tags);
    if (first)
        for (int t = 0; t < g->ntags; t++)
            if (!pk_pdn_tag_name_ok(g->tags[t].name)) {
                char *line = NULL;
                size_t ln = 0;
                FILE *l = open_memstream(&line, &ln);
                fprintf(l, "[%s \"", g->tags[t].name);
                for (const char *p = g->tags[t].value; *p; p++)
                    fprintf(l, "%s%c", *p == '"' || *p == '\\' ? "\\" : "", *p);
                fputs("\"]", l);
                fclose(l);
                fprintf(f, "%d{%s}0 ", PK_NOTE_LINE, line);
                free(line);
            }
    sig_line(f, &g->main);
    fclose(f);
    return out;
}

/* Whether g ends in text that leaves something open (a comment, variations): the writer
 * puts no terminator after it. */
static bool ends_open(const pk_game *g)
{
    const pk_pdn_line *l = &g->main;
    for (;;) {
        const pk_pdn_note *n = l->nmoves ? l->moves[l->nmoves - 1].after : l->pre;
        while (n && n->next)
            n = n->next;
        if (!n || n->kind != PK_NOTE_VARIATION)
            return n && n->kind == PK_NOTE_UNPARSED && (n->nag & PK_UNPARSED_OPEN);
        l = n->line;
    }
}

static bool has_escaped_tags(const pk_game *g)
{
    for (int t = 0; t < g->ntags; t++)
        if (!pk_pdn_tag_name_ok(g->tags[t].name))
            return true;
    return false;
}

typedef struct counts {
    int files, games, differ, unstable;
} counts;

static char *write_all(const char *text, size_t len, int *games, pk_game *keep, int *nkeep)
{
    FILE *in = fmemopen((void *)text, len, "rb");
    pk_pdn_reader *r = pk_pdn_open(in, "t.pdn", 0, NULL);
    char *out = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&out, &n);
    pk_game g;
    pk_game_init(&g);
    *games = 0;
    while (r && pk_pdn_next(r, keep ? &keep[*games] : &g, NULL, NULL) == PK_OK) {
        pk_game *cur = keep ? &keep[*games] : &g;
        if (*games)
            fputc('\n', mem);
        pk_pdn_write_game(mem, cur, NULL, NULL);
        ++*games;
        if (keep) {
            if (*games >= *nkeep)
                break;
            pk_game_init(&keep[*games]);
        }
    }
    if (keep) {
        if (*games < *nkeep) /* the game the last pk_pdn_next was given (0: none left) */
            pk_game_free(&keep[*games]);
        *nkeep = *games;
    }
    pk_game_free(&g);
    if (r)
        pk_pdn_close(r);
    fclose(in);
    fclose(mem);
    return out;
}

static void round_trip(const char *path, const char *text, size_t len, counts *c)
{
    enum { MAXG = 30000 };
    static pk_game first[MAXG], second[MAXG];
    int n1 = MAXG, n2 = MAXG, g1, g2, g3;
    pk_game_init(&first[0]);
    pk_game_init(&second[0]);
    char *out1 = write_all(text, len, &g1, first, &n1);
    char *out2 = write_all(out1, strlen(out1), &g2, second, &n2);
    char *out3 = write_all(out2, strlen(out2), &g3, NULL, NULL);
    c->files++;
    c->games += g1;
    if (g1 != g2 && c->differ++ < 5)
        printf("\n  %s: %d games read, %d after writing", path, g1, g2);
    for (int i = 0; i < n1 && i < n2; i++) {
        const pk_game *a = &first[i], *b = &second[i];
        /* the result the record states is kept and the terminator says it (a Result tag's
         * where the terminator was "*" or missing: issue 21 item 2); a game with moves and no
         * result at all gets "*", unless it ends in text that leaves something open (issue
         * 21 item 3); a tag that disagrees with the terminator stays (RULES 4.4) */
        pk_stated_result sa, sb;
        pk_game_stated_result(a, &sa);
        pk_game_stated_result(b, &sb);
        bool terminated = !ends_open(a) && (a->result.text || a->main.nmoves || a->main.pre || has_escaped_tags(a));
        int kind = !terminated                        ? PK_RESULT_NONE
                   : sa.kind >= PK_RESULT_FIRST_WIN ? sa.kind
                   : a->result.text                 ? a->result.kind
                                                    : PK_RESULT_UNKNOWN;
        char *x = signature(a, true), *y = signature(b, false);
        int bad = kind != b->result.kind || sa.conflict != sb.conflict ||
                  sb.kind != (sa.kind == PK_RESULT_NONE && terminated ? PK_RESULT_UNKNOWN : sa.kind) || strcmp(x, y);
        if (bad && c->differ++ < 5)
            printf("\n  %s: game %d differs once written:\n    %d %.300s\n    %d %.300s", path, i + 1, kind, x,
                   b->result.kind, y);
        free(x);
        free(y);
    }
    /* idempotent from the first write on: a wrapped comment read back holds line breaks */
    if ((strcmp(out1, out2) || strcmp(out2, out3)) && c->unstable++ < 5)
        printf("\n  %s: writing the output again changes it", path);
    for (int i = 0; i < n1; i++)
        pk_game_free(&first[i]);
    for (int i = 0; i < n2; i++)
        pk_game_free(&second[i]);
    free(out1);
    free(out2);
    free(out3);
}

/* What the reader could not read is written as it stands (issue 21 item 3): converted
 * again, the same bytes; read back, the same error at the same text. */
static void test_unparsed(void)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"[GameType \"20\"]\n\n1. 32-28 ) 17-22 2. 28x17 11x22 *\n",
         "[GameType \"20\"]\n\n1. 32-28 ) 17-22 2. 28x17 11x22 *\n"},
        {") 1. 32-28\r\n17-22\n", ") 1. 32-28\n17-22 *\n"}, /* the first token; CRLF: LF */
        {"1. 32-28 ) 2. 28x17 % a note\n*", "1. 32-28 ) 2. 28x17 % a note\n*\n"},
        {"1. 32-28 {oops\n19-23 1-0\n", "1. 32-28 {oops\n19-23 1-0\n"}, /* no terminator */
        {"1. 32-28 (1. 33-29 {oops 19-23 *", "1. 32-28 (1. 33-29 {oops 19-23 *\n"},
        {"1. 32-28 (1. 33-29 ) ) 19-23 *", "1. 32-28 (1. 33-29) ) 19-23 *\n"},
        {"1. 32-28 (1. 33-29 19-23\n", "1. 32-28 (1. 33-29 19-23\n"}, /* never closed: left open */
        {"1. 32-28 (1. 33-29 19-23 1-0", "1. 32-28 (1. 33-29 19-23\n"}, /* (1-0 there: prose) */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out = rewrite(cases[i].in, NULL);
        CU_ASSERT_STRING_EQUAL(out, cases[i].out);
        char *again = rewrite(out, NULL);
        CU_ASSERT_STRING_EQUAL(again, out);
        free(out);
        free(again);
    }
    /* variations nested too deep: the deepest kept as text, the others closed as read */
    char in[2048], want[2048];
    size_t k = 0, w = 0;
    k += (size_t)snprintf(in + k, sizeof in - k, "1. 32-28 ");
    w += (size_t)snprintf(want + w, sizeof want - w, "1. 32-28");
    for (int d = 0; d < PK_PDN_MAX_DEPTH + 1; d++) {
        k += (size_t)snprintf(in + k, sizeof in - k, "(1. 33-29 ");
        w += (size_t)snprintf(want + w, sizeof want - w, d < PK_PDN_MAX_DEPTH ? " (1. 33-29" : " (1. 33-29 )");
    }
    for (int d = 0; d < PK_PDN_MAX_DEPTH + 1; d++)
        in[k++] = ')';
    snprintf(in + k, sizeof in - k, " 19-23 *");
    for (int d = 0; d < PK_PDN_MAX_DEPTH; d++)
        want[w++] = ')';
    snprintf(want + w, sizeof want - w, " 1... 19-23 *\n");
    char *out = rewrite(in, &(pk_pdn_write_opts){.width = 100000});
    CU_ASSERT_STRING_EQUAL(out, want);
    free(out);
}

static void walk_file(const char *path, const char *text, size_t len, void *ctx) { round_trip(path, text, len, ctx); }

static void test_corpora(void)
{
    char dir[512];
    counts c = {0};
    snprintf(dir, sizeof dir, "%s", CORPORA_DIR());
    PK_EACH_PDN(dir, true, walk_file, &c);
    printf("(%d files, %d games) ", c.files, c.games);
    CU_ASSERT(c.files > 100);
    CU_ASSERT(c.games > 20000);
    CU_ASSERT_EQUAL(c.differ, 0);
    CU_ASSERT_EQUAL(c.unstable, 0);
}

static void count_nag_range(void *ctx, const pk_diag *d)
{
    if (!strcmp(d->code, "nag-range"))
        ++*(int *)ctx;
}

/* Issue 21 item 15: a NAG too large to read as a number is kept as written, with a
 * warning (it was written back as $9999999); the others are numbers ("$0012" is $12). */
static void test_nag_range(void)
{
    const char *in = "1. 32-28 $99999999999999999999 $0012 $999999 $0001000000 19-23 *";
    char *out = rewrite(in, NULL);
    CU_ASSERT_STRING_EQUAL(out, "1. 32-28 $99999999999999999999 $12 $999999 $0001000000 19-23 *\n");
    free(out);
    FILE *f = fmemopen((void *)in, strlen(in), "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    int warned = 0;
    pk_diag_sink sink = {count_nag_range, &warned};
    pk_game g;
    pk_game_init(&g);
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink, NULL), PK_OK);
    CU_ASSERT_EQUAL(warned, 2);
    const pk_pdn_note *n = g.main.moves[0].after;
    CU_ASSERT_EQUAL(n->nag, -1);
    CU_ASSERT_EQUAL(n->next->nag, 12);
    CU_ASSERT_EQUAL(n->next->next->nag, 999999);
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
}

/* pk_pdn_write_game_buf: the bytes pk_pdn_write_game writes, cut safely (snprintf-like). */
static void test_write_buf(void)
{
    const char *text = "[Event \"e\"]\n1. 32-28 {c} 19-23 1-0\n";
    char *want = rewrite(text, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    pk_test_reading rd;
    pk_game *g = PK_READ_GAME(&rd, text);
    char buf[512], small[10];
    size_t len = 0;
    pk_error err;
    CU_ASSERT_EQUAL(pk_pdn_write_game_buf(buf, sizeof buf, &len, g, NULL, &err), PK_OK);
    CU_ASSERT_STRING_EQUAL(buf, want);
    CU_ASSERT_EQUAL(len, strlen(want));
    memset(small, 'X', sizeof small);
    len = 0;
    CU_ASSERT_EQUAL(pk_pdn_write_game_buf(small, sizeof small, &len, g, NULL, &err), PK_OK);
    CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
    CU_ASSERT_EQUAL(strncmp(small, want, sizeof small - 1), 0);
    CU_ASSERT_EQUAL(len, strlen(want));
    len = 0;
    CU_ASSERT_EQUAL(pk_pdn_write_game_buf(NULL, 0, &len, g, NULL, NULL), PK_OK);
    CU_ASSERT_EQUAL(len, strlen(want));
    PK_READ_DONE(&rd);
    free(want);
}

static const pk_test tests[] = {{"layout of one game", test_layout},
                                {"into a caller's buffer", test_write_buf},
                                {"move numbers", test_numbering},
                                {"line width", test_width},
                                {"NAGs too large to read: kept as written", test_nag_range},
                                {"hops joined by move_text", test_joined_hops},
                                {"a wrapped comment written again", test_comment_rewrap},
                                {"text the reader could not read, as it stands", test_unparsed},
                                {"corpora: read back the same, written again the same", test_corpora},
                                {NULL, NULL}};
PK_TEST_MAIN("pdn writer", tests)
