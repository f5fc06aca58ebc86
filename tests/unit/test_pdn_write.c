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
    if (pk_pdn_next(r, &g, NULL) > 0)
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

static int same_notes(const pk_pdn_note *a, const pk_pdn_note *b, const char *where);

static int same_line(const pk_pdn_line *a, const pk_pdn_line *b, const char *where)
{
    int bad = a->nmoves != b->nmoves;
    for (int i = 0; !bad && i < a->nmoves; i++)
        bad = strcmp(a->moves[i].text, b->moves[i].text) || a->moves[i].flags != b->moves[i].flags ||
              !a->moves[i].strength != !b->moves[i].strength ||
              (a->moves[i].strength && strcmp(a->moves[i].strength, b->moves[i].strength)) ||
              same_notes(a->moves[i].before, b->moves[i].before, where) ||
              same_notes(a->moves[i].after, b->moves[i].after, where);
    return bad || same_notes(a->pre, b->pre, where);
}

/* Notes in order; comments compared with blanks folded. A comment before a move's number
 * and one after it are the same place once written. */
static int same_notes(const pk_pdn_note *a, const pk_pdn_note *b, const char *where)
{
    static char x[1 << 16], y[1 << 16];
    for (; a && b; a = a->next, b = b->next) {
        if (a->kind != b->kind)
            return 1;
        if (a->kind == PK_NOTE_VARIATION) {
            if (same_line(a->line, b->line, where))
                return 1;
        } else if (a->kind == PK_NOTE_NAG) {
            if (a->nag != b->nag)
                return 1;
        } else {
            squeeze(a->text, x, sizeof x);
            squeeze(b->text, y, sizeof y);
            if (strcmp(x, y))
                return 1;
        }
    }
    return a || b;
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
    while (r && pk_pdn_next(r, keep ? &keep[*games] : &g, NULL) > 0) {
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
         * result at all gets "*"; a tag that disagrees with the terminator stays (RULES 4.4) */
        pk_stated_result sa, sb;
        pk_game_stated_result(a, &sa);
        pk_game_stated_result(b, &sb);
        bool terminated = a->result.text || a->main.nmoves || a->main.pre;
        int kind = !terminated                        ? PK_RESULT_NONE
                   : sa.kind >= PK_RESULT_FIRST_WIN ? sa.kind
                   : a->result.text                 ? a->result.kind
                                                    : PK_RESULT_UNKNOWN;
        int bad = a->ntags != b->ntags || kind != b->result.kind || sa.conflict != sb.conflict ||
                  sb.kind != (sa.kind == PK_RESULT_NONE && terminated ? PK_RESULT_UNKNOWN : sa.kind) ||
                  same_line(&a->main, &b->main, path);
        for (int t = 0; !bad && t < a->ntags; t++)
            bad = !pk_game_tag(b, a->tags[t].name) || strcmp(pk_game_tag(a, a->tags[t].name), pk_game_tag(b, a->tags[t].name));
        if (bad && c->differ++ < 5)
            printf("\n  %s: game %d differs once written", path, i + 1);
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
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink), 1);
    CU_ASSERT_EQUAL(warned, 2);
    const pk_pdn_note *n = g.main.moves[0].after;
    CU_ASSERT_EQUAL(n->nag, -1);
    CU_ASSERT_EQUAL(n->next->nag, 12);
    CU_ASSERT_EQUAL(n->next->next->nag, 999999);
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
}

static const pk_test tests[] = {{"layout of one game", test_layout},
                                {"move numbers", test_numbering},
                                {"line width", test_width},
                                {"NAGs too large to read: kept as written", test_nag_range},
                                {"hops joined by move_text", test_joined_hops},
                                {"a wrapped comment written again", test_comment_rewrap},
                                {"corpora: read back the same, written again the same", test_corpora},
                                {NULL, NULL}};
PK_TEST_MAIN("pdn writer", tests)
