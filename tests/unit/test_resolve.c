/*
 * test_resolve.c -- the pieces of variant resolution (resolve.h) that pdncheck's loop calls
 * one by one: a trial replay (pk_replay_trial: stops at the first error, the main line only
 * when quick), the "gametype" diagnostic of a choice (pk_resolve_report), the diagnostics a
 * kept trial holds (pk_trial_release), and the note that a GameType tag is likely wrong
 * (pk_resolve_suggest). The verdicts (which variant a game fits) are the rules' own: an
 * English opening (Black moves first from 1-12, RULES 1.3) is illegal under International
 * (White first) and legal under Pool (same board, numbering and start, RULES 2.5).
 */
#include <string.h>

#include "pktest.h"
#include "replay.h"
#include "resolve.h"

#define MAXD 16

typedef struct sink_rec {
    int n;
    pk_diag d[MAXD];
    char msg[MAXD][PK_RESOLVE_MSG], hint[MAXD][320], file[MAXD][32];
} sink_rec;

static void record(void *ctx, const pk_diag *d)
{
    sink_rec *r = ctx;
    if (r->n >= MAXD)
        return;
    int i = r->n++;
    r->d[i] = *d;
    snprintf(r->msg[i], sizeof r->msg[i], "%s", d->message ? d->message : "");
    snprintf(r->hint[i], sizeof r->hint[i], "%s", d->hint ? d->hint : "(none)");
    snprintf(r->file[i], sizeof r->file[i], "%s", d->file ? d->file : "(null)");
}

/* The games of a text, read one after the other. */
typedef struct reading {
    FILE *f;
    pk_pdn_reader *rd;
    pk_game g;
} reading;

static pk_game *read_game(reading *r, const char *text)
{
    r->f = fmemopen((void *)text, strlen(text), "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->f);
    r->rd = pk_pdn_open(r->f, "t.pdn", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->rd);
    pk_game_init(&r->g);
    CU_ASSERT_EQUAL_FATAL(pk_pdn_next(r->rd, &r->g, NULL), 1);
    return &r->g;
}

static void done(reading *r)
{
    pk_game_free(&r->g);
    pk_pdn_close(r->rd);
    fclose(r->f);
}

/* s begins with prefix */
static bool starts(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

static const pk_variant *var(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* English opening moves (Black first from 1-12), with an illegal move in a variation. */
static const char english_game[] = "[Event \"e\"]\n\n1. 11-15 24-20 (1... 23-18 2. 8-1) 2. 8-11 28-24 *\n";

static void test_trial(void)
{
    reading rd;
    pk_game *g = read_game(&rd, english_game);
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    pk_replay_result res;
    sink_rec s = {0};
    pk_diag_sink sink = {record, &s};

    /* quick: the main line only, four plies, no diagnostic */
    CU_ASSERT_TRUE(pk_replay_trial(r, g, &o, var("english"), true, &sink, &res));
    CU_ASSERT_EQUAL(res.plies, 4);
    CU_ASSERT_EQUAL(res.errors, 0);
    CU_ASSERT_PTR_EQUAL(res.variant, var("english"));
    CU_ASSERT_EQUAL(s.n, 0);
    /* pool: the same moves are legal */
    CU_ASSERT_TRUE(pk_replay_trial(r, g, &o, var("pool"), true, NULL, &res));
    /* a full trial checks the variation too: 8-1 is no move (a man steps one square). In a
     * variation that is a warning, not an error: the game still fits */
    CU_ASSERT_TRUE(pk_replay_trial(r, g, &o, var("english"), false, &sink, &res));
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_EQUAL(s.d[0].severity, PK_SEV_WARNING);
    CU_ASSERT_STRING_EQUAL(s.d[0].code, "illegal-move");
    /* international: White moves first, 11 is a black man's square: the trial stops at once */
    s.n = 0;
    CU_ASSERT_FALSE(pk_replay_trial(r, g, &o, var("international"), true, &sink, &res));
    CU_ASSERT_EQUAL(res.plies, 0);
    CU_ASSERT_TRUE(res.stopped);
    CU_ASSERT_EQUAL(s.n, 1); /* the first error only */
    CU_ASSERT_STRING_EQUAL(s.n ? s.d[0].code : "", "illegal-move");
    CU_ASSERT_EQUAL(s.n ? s.d[0].ply : 0, 1);
    pk_replay_free(r);
    done(&rd);
}

static void test_report(void)
{
    reading rd;
    pk_game *g = read_game(&rd, "\n[GameType \"99\"]\n1. 32-28 *\n");
    sink_rec s = {0};
    pk_diag_sink sink = {record, &s};
    pk_variant_choice ch;
    memset(&ch, 0, sizeof ch);
    pk_resolve_report(&ch, g, "f.pdn", &sink); /* no message: nothing said */
    CU_ASSERT_EQUAL(s.n, 0);
    ch.severity = PK_SEV_WARNING;
    snprintf(ch.message, sizeof ch.message, "the message");
    pk_resolve_report(&ch, g, "f.pdn", &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.d[0].code, "gametype");
    CU_ASSERT_EQUAL(s.d[0].severity, PK_SEV_WARNING);
    CU_ASSERT_STRING_EQUAL(s.file[0], "f.pdn");
    CU_ASSERT_EQUAL(s.d[0].game, 1);
    CU_ASSERT_EQUAL(s.d[0].line, 2); /* where the game starts */
    CU_ASSERT_EQUAL(s.d[0].col, 1);
    CU_ASSERT_STRING_EQUAL(s.msg[0], "the message");
    CU_ASSERT_STRING_EQUAL(s.hint[0], "(none)"); /* an empty hint is none */
    snprintf(ch.hint, sizeof ch.hint, "the hint");
    pk_resolve_report(&ch, g, "f.pdn", &sink);
    CU_ASSERT_STRING_EQUAL(s.hint[1], "the hint");
    pk_resolve_report(&ch, g, "f.pdn", NULL); /* no sink: allowed */

    /* a real choice: GameType 99 is no variant, so a guess among the variants of numbers up
     * to 32: 32-28 is no move of the 8x8 starts (32 is empty or 28 is White's own, RULES
     * 1.3), it is one of International's (d4-e5) */
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    CU_ASSERT_EQUAL(pk_resolve_variant(r, g, &o, &ch, NULL), PK_OK);
    CU_ASSERT_EQUAL(ch.source, PK_VSRC_GUESS);
    CU_ASSERT_PTR_EQUAL(ch.variant, var("international"));
    s.n = 0;
    pk_resolve_report(&ch, g, "f.pdn", &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_TRUE(starts(s.msg[0], "GameType 99 (line 2) is not a variant pdnkit knows; guessed international "
                                    "from its numeric squares"));
    pk_replay_free(r);
    done(&rd);
}

static void test_release(void)
{
    /* by hand: the held diagnostics go out in order, each with the file given */
    pk_trial *t = calloc(1, sizeof *t);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    sink_rec s = {0};
    pk_diag_sink sink = {record, &s};
    t->n = 2;
    t->d[0].code = "move-number";
    t->d[0].message = "first";
    t->d[1].code = "separator";
    t->d[1].message = "second";
    pk_trial_release(t, "held.pdn", &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 2);
    CU_ASSERT_STRING_EQUAL(s.msg[0], "first");
    CU_ASSERT_STRING_EQUAL(s.msg[1], "second");
    CU_ASSERT_STRING_EQUAL(s.file[0], "held.pdn");
    CU_ASSERT_STRING_EQUAL(s.file[1], "held.pdn");

    /* a guess keeps the chosen variant's trial: an untagged English game whose move numbers
     * are wrong (a warning, RULES 4.3: numbers are only cross-checked) replays cleanly, and
     * its warning is held in the trial, then released as the replay's */
    reading rd;
    pk_game *g = read_game(&rd, "1. 11-15 24-20 3. 8-11 28-24 *\n");
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    pk_variant_choice ch;
    CU_ASSERT_EQUAL(pk_resolve_variant(r, g, &o, &ch, t), PK_OK);
    CU_ASSERT_PTR_EQUAL(ch.variant, var("english"));
    CU_ASSERT_TRUE(t->kept);
    CU_ASSERT_EQUAL(t->res.plies, 4);
    CU_ASSERT_EQUAL_FATAL(t->n, 1);
    s.n = 0;
    pk_trial_release(t, "g.pdn", &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.d[0].code, "move-number");
    CU_ASSERT_STRING_EQUAL(s.file[0], "g.pdn");
    CU_ASSERT_EQUAL(s.d[0].line, 1);
    CU_ASSERT_EQUAL(s.d[0].col, 19); /* the move after "3." */
    pk_replay_free(r);
    done(&rd);
    free(t);
}

static void test_suggest(void)
{
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    sink_rec s = {0};
    pk_diag_sink sink = {record, &s};
    reading rd;
    pk_game *g = read_game(&rd, english_game);
    /* tagged international: English is the first candidate of numbers up to 32 that fits */
    pk_resolve_suggest(r, g, "s.pdn", &o, var("international"), &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.d[0].code, "gametype");
    CU_ASSERT_EQUAL(s.d[0].severity, PK_SEV_NOTE);
    CU_ASSERT_STRING_EQUAL(s.file[0], "s.pdn");
    CU_ASSERT_STRING_EQUAL(s.msg[0], "the moves replay without error as english (GameType 21): is the GameType tag wrong?");
    CU_ASSERT_STRING_EQUAL(s.hint[0], "to check it so: --variant english");
    /* tagged english: the tagged variant is never suggested; pool fits the same moves */
    pk_resolve_suggest(r, g, "s.pdn", &o, var("english"), &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 2);
    CU_ASSERT_STRING_EQUAL(s.msg[1], "the moves replay without error as pool (GameType 23): is the GameType tag wrong?");
    done(&rd);
    /* moves no variant plays (a man twice from 11): nothing to suggest */
    g = read_game(&rd, "1. 11-15 24-20 2. 11-15 *\n");
    s.n = 0;
    pk_resolve_suggest(r, g, "s.pdn", &o, var("international"), &sink);
    CU_ASSERT_EQUAL(s.n, 0);
    done(&rd);
    pk_replay_free(r);
}

static const pk_test tests[] = {
    {"trial replay", test_trial},
    {"report a choice", test_report},
    {"release a kept trial", test_release},
    {"suggest another variant", test_suggest},
    {NULL, NULL},
};
PK_TEST_MAIN("resolve", tests)
