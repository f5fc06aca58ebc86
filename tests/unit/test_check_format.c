/*
 * test_check_format.c -- what check.h promises a tool whose output per game is text
 * (pk_check_format, pdncheck): the text each game's worker wrote comes back in file
 * order, its diagnostics' text before its own; on_game gets no game, no result and no
 * observer state, but the variant and the note game() filled; every diagnostic reaches on_diag, with written set exactly when its text
 * is in the game's text (not those after the last game, nor a first batch sent on early
 * by a game of thousands). The same bytes at -j 1, with workers reading pieces (64 games,
 * one game), with the caller's thread reading (pieces off), and with a piece whose games
 * the cutter counted wrong (the rest read again by one thread); with an observer and
 * select too (read in pieces as well: the observer's state is the reading thread's).
 * With pk_check_opts.game_diags, game() gets the game's diagnostics on the worker
 * (pdncheck --html writes its report there): exactly those on_diag gets with a game
 * number before that game, a game of thousands included, at every -j.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "unit/pktest.h"

#define NGAMES 300
#define NVARS 5000 /* more diagnostics than a pk_diag_buffer holds (4096) */

typedef struct out {
    FILE *f; /* everything handed back, in order */
    char *buf;
    size_t len;
    int games, written, unwritten;
    int bad; /* a game or result handed back with pk_check_format.game set */
} out;

static void fmt_diag(void *ctx, const pk_diag *d, FILE *f)
{
    (void)ctx;
    fprintf(f, "D%d %s %lld:%lld\n", d->game, d->code, d->line, d->col);
}

/* The note each game leaves for on_game. */
typedef struct note {
    int index;
    bool replayed;
} note;

/* An observer (with select: -j N then reads in pieces too): the plies it saw. */
typedef struct plies {
    int n;
} plies;

static void *plies_new(void *ctx) { return (void)ctx, calloc(1, sizeof(plies)); }
static void plies_free(void *state) { free(state); }
static void plies_begin(void *state, const pk_game *g) { (void)g, ((plies *)state)->n = 0; }
static void plies_event(void *state, const pk_replay_event *e)
{
    if (e->kind == PK_EV_PLY && !e->depth)
        ((plies *)state)->n++;
}

static bool every_third_out(void *ctx, const pk_game *g) { return (void)ctx, g->index % 3 != 0; }

static bool with_diags; /* the run asks for pk_check_opts.game_diags */

static void fmt_game(void *ctx, const pk_checked *ck, FILE *f, void *nt)
{
    (void)ctx;
    if (!ck->game || !ck->res) { /* the worker sees the whole game */
        fputs("no game\n", f);
        return;
    }
    fprintf(f, "G%d %d %s", ck->game->index, ck->replayed, ck->variant ? ck->variant->name : "-");
    if (ck->state && ck->replayed)
        fprintf(f, " %d plies", ((plies *)ck->state)->n);
    fputc('\n', f);
    if (!with_diags && (ck->diags || ck->ndiags))
        fputs("diagnostics not asked for\n", f);
    for (size_t i = 0; with_diags && i < ck->ndiags; i++) /* as on_diag's line, '=' first */
        fprintf(f, "=%d %s %lld:%lld\n", ck->diags[i].game, ck->diags[i].code, ck->diags[i].line, ck->diags[i].col);
    *(note *)nt = (note){ck->game->index, ck->replayed};
}

static void on_diag(void *ctx, const pk_diag *d, bool written)
{
    out *o = ctx;
    if (written) {
        o->written++;
        return;
    }
    o->unwritten++;
    fprintf(o->f, "d%d %s %lld:%lld\n", d->game, d->code, d->line, d->col);
}

static bool on_game(void *ctx, const pk_checked *ck)
{
    out *o = ctx;
    o->games++;
    const note *n = ck->note;
    if (ck->game || ck->res || ck->state || !ck->text || !n || n->index != o->games ||
        n->replayed != ck->replayed)
        o->bad++;
    fwrite(ck->text, 1, ck->text_len, o->f);
    return true;
}

/* Games of 1-4 moves; game 10 with a reader's error, game 20 with an illegal move, game
 * 30 with NVARS illegal variations, game 40 with text after a tag pair on its line (the
 * cutter counts a game too many there), and words after the last game. */
static void write_games(FILE *f, bool miscount)
{
    static const char *moves[] = {"11-15", "23-19", "8-11", "22-17"};
    for (int i = 1; i <= NGAMES; i++) {
        fprintf(f, "[Event \"g%d\"]%s\n[GameType \"21\"]\n", i, miscount && i == 40 ? " note" : "");
        int n = 1 + i % 4;
        PK_WRITE_MOVES(f, moves, n);
        if (i == 10)
            fputs(") ", f);
        if (i == 20)
            fputs("11-16 ", f); /* not a move of this position */
        if (i == 30)
            for (int v = 0; v < NVARS; v++)
                fputs("(1. 11-14) ", f);
        fputs("1-0\n\n", f);
    }
    fputs("trailing words\n", f);
}

/* The run's whole output; *o gets the counts. */
static char *run(int jobs, long piece, bool miscount, bool watch, out *o, unsigned long *reread)
{
    FILE *in = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    write_games(in, miscount);
    rewind(in);
    memset(o, 0, sizeof *o);
    o->f = open_memstream(&o->buf, &o->len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o->f);
    pk_check_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.jobs = jobs;
    opts.piece = piece;
    opts.format = (pk_check_format){fmt_diag, fmt_game, NULL, sizeof(note)};
    opts.game_diags = with_diags;
    if (watch) {
        opts.observer = (pk_check_observer){plies_new, plies_free, plies_begin, plies_event, NULL, NULL, NULL};
        opts.select = every_third_out;
    }
    pk_error err;
    pk_checker *c = pk_checker_new(&opts, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(pk_checker_run(c, in, "games.pdn", on_game, on_diag, o, NULL), 1);
    unsigned long pieces;
    pk_checker_pieces(c, &pieces, reread);
    pk_checker_free(c);
    fclose(in);
    fclose(o->f);
    return o->buf;
}

static int count_lines_starting(const char *s, const char *prefix)
{
    int n = 0;
    size_t k = strlen(prefix);
    for (const char *p = s; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        n += !strncmp(p, prefix, k);
    return n;
}

static void test_order(void)
{
    out o;
    unsigned long reread;
    char *s = run(1, 0, false, false, &o, &reread);
    CU_ASSERT_EQUAL(o.games, NGAMES);
    CU_ASSERT_EQUAL(o.bad, 0);
    CU_ASSERT_EQUAL(count_lines_starting(s, "G"), NGAMES);
    CU_ASSERT_EQUAL(count_lines_starting(s, "no game"), 0);
    /* each game's diagnostics just before it, the words after the last game at the end */
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "G9 1 english\nD10 "));
    /* a reader's error: its syntax error, then the game replayed up to it (no result judged) */
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "G9 1 english\nD10 syntax 39:24\nG10 1 english\nG11 1 english\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "G19 1 english\nD20 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "\nG300 1 english\nd0 "));
    /* game 30: a first batch sent on early (unwritten), the rest written by the worker */
    CU_ASSERT_EQUAL(count_lines_starting(s, "d30 "), 4096);
    CU_ASSERT(count_lines_starting(s, "D30 ") >= NVARS - 4096);
    CU_ASSERT_EQUAL(o.written, count_lines_starting(s, "D"));
    CU_ASSERT_EQUAL(o.unwritten, count_lines_starting(s, "d"));
    free(s);
}

static void same_as_one(bool miscount, bool watch)
{
    out o1, o;
    unsigned long reread;
    char *one = run(1, 0, miscount, watch, &o1, &reread);
    if (watch) { /* the observer's count in the text, games left out not replayed */
        CU_ASSERT_PTR_NOT_NULL(strstr(one, "\nG2 1 english 3 plies\n"));
        CU_ASSERT_PTR_NOT_NULL(strstr(one, "\nG3 0 -\n"));
        CU_ASSERT_PTR_NOT_NULL(strstr(one, "\nG4 1 english 1 plies\n"));
        CU_ASSERT_PTR_NOT_NULL(strstr(one, "\nD10 syntax 39:24\nG10 1 english 3 plies\n")); /* before the error */
    }
    static const struct {
        int jobs;
        long piece;
    } runs[] = {{2, 0}, {2, 1}, {3, 1}, {2, -1}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        char *s = run(runs[i].jobs, runs[i].piece, miscount, watch, &o, &reread);
        CU_ASSERT_STRING_EQUAL(s, one);
        CU_ASSERT_EQUAL(o.written, o1.written);
        CU_ASSERT_EQUAL(o.bad, 0);
        /* game 40's piece counted one game too many (not with one game a piece) */
        if (runs[i].piece == 0)
            CU_ASSERT_EQUAL(reread, miscount ? 1u : 0u);
        free(s);
    }
    free(one);
}

/* Each game's '=' lines (the diagnostics game() got) are the lines of on_diag's
 * diagnostics of a game number since the game before ('D' written, 'd' not), in order.
 * Returns how many there were, -1 when they differ. */
static long check_game_diags(const char *s)
{
    static const char *pending[NVARS + 100];
    int np = 0;
    long n = 0;
    for (const char *p = s; *p; p = strchr(p, '\n') + 1) {
        if ((*p == 'D' || *p == 'd') && atoi(p + 1) > 0 && np < NVARS + 100) {
            pending[np++] = p;
        } else if (*p == 'G') {
            const char *q = strchr(p, '\n') + 1;
            int i = 0;
            for (; *q == '='; q = strchr(q, '\n') + 1, i++, n++) {
                size_t k = (size_t)(strchr(q, '\n') - q);
                if (i >= np || strncmp(pending[i] + 1, q + 1, k - 1) || pending[i][k] != '\n') {
                    printf("\n  game() got %.*s, on_diag %.*s", (int)k, q, (int)k, i < np ? pending[i] : "none");
                    return -1;
                }
            }
            if (i != np) {
                printf("\n  not given to game(): %.30s", pending[i]);
                return -1;
            }
            np = 0;
            p = q - 1; /* (the next line: q) */
        }
        if (!strchr(p, '\n'))
            break;
    }
    return n;
}

static void test_game_diags(void)
{
    with_diags = true;
    out o;
    unsigned long reread;
    char *one = run(1, 0, false, false, &o, &reread);
    /* game 10's syntax error, game 20's illegal move, game 30's NVARS illegal variations
     * (a first batch sent on early, unwritten, the rest written) */
    CU_ASSERT_PTR_NOT_NULL(strstr(one, "D10 syntax 39:24\nG10 1 english\n=10 syntax 39:24\nG11 "));
    CU_ASSERT(check_game_diags(one) >= NVARS + 2);
    static const struct {
        int jobs;
        long piece;
    } runs[] = {{2, 0}, {2, 1}, {3, 1}, {2, -1}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        char *s = run(runs[i].jobs, runs[i].piece, false, false, &o, &reread);
        CU_ASSERT_STRING_EQUAL(s, one);
        free(s);
    }
    free(one);
    with_diags = false;
}

static void test_workers(void) { same_as_one(false, false); }
static void test_miscount(void) { same_as_one(true, false); }
static void test_observer(void) { same_as_one(false, true); }

static const pk_test tests[] = {
    {"-j 1: each game's text in order, its diagnostics first, no game handed back", test_order},
    {"-j 2/3, pieces of 64 and of 1 game, pieces off: the same bytes", test_workers},
    {"a piece counted wrong: the rest read again, the same bytes", test_miscount},
    {"an observer and select, read in pieces too: the same bytes", test_observer},
    {"game_diags: game() gets the game's diagnostics, the same at every -j", test_game_diags},
    {NULL, NULL}};
PK_TEST_MAIN("check format", tests)
