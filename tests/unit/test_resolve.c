/*
 * test_resolve.c -- the pieces of variant resolution (resolve.h) that pdncheck's loop calls
 * one by one: a trial replay (pk_replay_trial: stops at the first error, the main line only
 * when quick), the diagnostic of a choice (pk_resolve_report), the error for a guessed game
 * that fits other variants (pk_resolve_misfit), and the note that a GameType tag is likely
 * wrong (pk_resolve_suggest). The verdicts (which variant a game fits) are the rules' own:
 * an English opening (Black moves first from 1-12, RULES 1.3) is illegal under International
 * (White first) and legal under Pool (same board, numbering and start, RULES 2.5); 32-28 is
 * White's move from 31-50 in International and Frisian (RULES 1.3), none in English.
 */
#include <string.h>

#include "pktest.h"
#include "replay.h"
#include "resolve_int.h" /* white box: a choice with a message set by hand */
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

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
    pk_test_reading rd;
    pk_game *g = PK_READ_GAME(&rd, english_game);
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
    PK_READ_DONE(&rd);
}

static void test_report(void)
{
    pk_test_reading rd;
    pk_game *g = PK_READ_GAME(&rd, "\n[GameType \"99\"]\n1. 32-28 *\n");
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

    PK_READ_DONE(&rd);

    /* a real choice: a Variant tag against the GameType (resolve.h order 2: the tag wins) */
    g = PK_READ_GAME(&rd, "[GameType \"21\"]\n[Variant \"Russian\"]\n\n1. c3-d4 *\n");
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    pk_resolve_variant(r, g, &o, &ch);
    CU_ASSERT_EQUAL(ch.source, PK_VSRC_VARIANT_TAG);
    CU_ASSERT_PTR_EQUAL(ch.variant, var("russian"));
    s.n = 0;
    pk_resolve_report(&ch, g, "f.pdn", &sink);
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.d[0].code, "gametype");
    CU_ASSERT_EQUAL(s.d[0].severity, PK_SEV_WARNING);
    CU_ASSERT_STRING_EQUAL(s.msg[0], "the Variant tag \"Russian\" names russian but GameType 21 (line 1) names "
                                     "english; the russian rules are used");
    pk_replay_free(r);
    PK_READ_DONE(&rd);
}

/* A guessed game that has errors under the guess: the other candidates it fits, said. */
static void test_misfit(void)
{
    pk_test_reading rd;
    sink_rec s = {0};
    pk_diag_sink sink = {record, &s};
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    pk_variant_choice *ch = pk_variant_choice_new(); /* as a caller outside the library */
    CU_ASSERT_PTR_NOT_NULL_FATAL(ch);
    /* no tag, numbers up to 32, alone: guessed english (the usual variant of such squares,
     * pdncheck(1) GUESSING THE VARIANT), where 32-28 moves a White man with Black to move */
    pk_game *g = PK_READ_GAME(&rd, "1. 32-28 19-23 *\n");
    pk_resolve_variant(r, g, &o, ch);
    CU_ASSERT_EQUAL(pk_variant_choice_source(ch), PK_VSRC_GUESS);
    CU_ASSERT_PTR_EQUAL_FATAL(pk_variant_choice_variant(ch), var("english"));
    CU_ASSERT_TRUE(pk_resolve_misfit(r, g, "m.pdn", &o, ch, &sink));
    CU_ASSERT_EQUAL_FATAL(pk_variant_choice_nfit(ch), 2);
    CU_ASSERT_PTR_EQUAL(pk_variant_choice_fit(ch, 0), var("international"));
    CU_ASSERT_PTR_EQUAL(pk_variant_choice_fit(ch, 1), var("frisian"));
    CU_ASSERT_PTR_NULL(pk_variant_choice_fit(ch, 2)); /* past the end */
    CU_ASSERT_PTR_NULL(pk_variant_choice_fit(ch, -1));
    CU_ASSERT_EQUAL_FATAL(s.n, 1);
    CU_ASSERT_STRING_EQUAL(s.d[0].code, "variant-guess");
    CU_ASSERT_EQUAL(s.d[0].severity, PK_SEV_ERROR);
    CU_ASSERT_STRING_EQUAL(s.file[0], "m.pdn");
    CU_ASSERT_STRING_EQUAL(s.msg[0], "the game has errors as english, the variant guessed for it, but replays "
                                     "without error as international or frisian");
    CU_ASSERT_STRING_EQUAL(s.hint[0], "if it is an international game, add [GameType \"20\"]; or check it with "
                                      "--variant NAME");
    PK_READ_DONE(&rd);
    /* a guess that fits: nothing said */
    g = PK_READ_GAME(&rd, "1. 11-15 24-20 *\n");
    pk_resolve_variant(r, g, &o, ch);
    CU_ASSERT_PTR_EQUAL(pk_variant_choice_variant(ch), var("english"));
    s.n = 0;
    CU_ASSERT_FALSE(pk_resolve_misfit(r, g, "m.pdn", &o, ch, &sink));
    CU_ASSERT_EQUAL(pk_variant_choice_nfit(ch), 0);
    CU_ASSERT_EQUAL(s.n, 0);
    PK_READ_DONE(&rd);
    /* not a guess (a GameType): never */
    g = PK_READ_GAME(&rd, "[GameType \"21\"]\n1. 32-28 *\n");
    pk_resolve_variant(r, g, &o, ch);
    CU_ASSERT_EQUAL(pk_variant_choice_source(ch), PK_VSRC_GAMETYPE);
    CU_ASSERT_FALSE(pk_resolve_misfit(r, g, "m.pdn", &o, ch, &sink));
    CU_ASSERT_EQUAL(s.n, 0);
    PK_READ_DONE(&rd);
    pk_replay_free(r);
    pk_variant_choice_free(ch);
    pk_variant_choice_free(NULL); /* allowed */
}

static void test_suggest(void)
{
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    sink_rec s = {0};
    pk_diag_sink sink = {record, &s};
    pk_test_reading rd;
    pk_game *g = PK_READ_GAME(&rd, english_game);
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
    PK_READ_DONE(&rd);
    /* moves no variant plays (a man twice from 11): nothing to suggest */
    g = PK_READ_GAME(&rd, "1. 11-15 24-20 2. 11-15 *\n");
    s.n = 0;
    pk_resolve_suggest(r, g, "s.pdn", &o, var("international"), &sink);
    CU_ASSERT_EQUAL(s.n, 0);
    PK_READ_DONE(&rd);
    pk_replay_free(r);
}

/* The choice and the file's count as handles (resolve.h): a new choice is empty; one
 * resolved says what the game names through the accessors, as pk_replay_game reads it. */
static void test_handles(void)
{
    pk_variant_choice *ch = pk_variant_choice_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ch);
    CU_ASSERT_PTR_NULL(pk_variant_choice_variant(ch));
    CU_ASSERT_PTR_NULL(pk_variant_choice_unsupported(ch));
    CU_ASSERT_FALSE(pk_variant_choice_by_file(ch));
    CU_ASSERT_EQUAL(pk_variant_choice_nfit(ch), 0);
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(ch), "");
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_hint(ch), "");
    pk_test_reading rd;
    pk_replay *r = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    /* PDN 3.0 GameType 41 is Spantsiretti, a variant pdnkit does not implement (resolve.h order 3) */
    pk_game *g = PK_READ_GAME(&rd, "[GameType \"41\"]\n1. a3-b4 *\n");
    pk_resolve_variant(r, g, &o, ch);
    CU_ASSERT_PTR_NULL(pk_variant_choice_variant(ch));
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_unsupported(ch), "Spantsiretti draughts");
    CU_ASSERT_EQUAL(pk_variant_choice_severity(ch), PK_SEV_WARNING);
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_hint(ch),
                           "use --variant NAME to check the moves under the rules of a variant pdnkit has");
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(ch),
                           "Spantsiretti draughts (GameType 41) is not supported: moves not checked");
    PK_READ_DONE(&rd);
    /* the option wins and says nothing */
    o.variant = var("pool");
    g = PK_READ_GAME(&rd, "[GameType \"41\"]\n1. a3-b4 *\n");
    pk_resolve_variant(r, g, &o, ch);
    CU_ASSERT_PTR_EQUAL(pk_variant_choice_variant(ch), var("pool"));
    CU_ASSERT_EQUAL(pk_variant_choice_source(ch), PK_VSRC_OPTION);
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(ch), "");
    PK_READ_DONE(&rd);
    pk_variant_choice_free(ch);

    pk_file_guess *f = pk_file_guess_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(pk_file_guess_games(f), 0);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, var("italian")), 0);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, NULL), 0);
    o.variant = NULL;
    g = PK_READ_GAME(&rd, "[GameType \"22\"]\n1. 22-18 *\n"); /* tagged italian: one vote */
    CU_ASSERT(pk_file_guess_add(f, r, g, &o));
    CU_ASSERT_EQUAL(pk_file_guess_games(f), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, var("italian")), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, var("english")), 0);
    PK_READ_DONE(&rd);
    /* issue 31 item 6: a game without a tag and without moves fits every variant: no vote */
    g = PK_READ_GAME(&rd, "[White \"B\"]\n*\n");
    CU_ASSERT(pk_file_guess_add(f, r, g, &o));
    CU_ASSERT_EQUAL(pk_file_guess_games(f), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, var("international")), 0);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, var("italian")), 1);
    /* and it is guessed as the file's games are read: italian (the tag), not PDN's default */
    ch = pk_variant_choice_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ch);
    o.file_guess = f;
    pk_resolve_variant(r, g, &o, ch);
    CU_ASSERT_PTR_EQUAL(pk_variant_choice_variant(ch), var("italian"));
    CU_ASSERT(pk_variant_choice_by_file(ch));
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(ch),
                           "no GameType tag: guessed italian, the variant of this file's games");
    o.file_guess = NULL;
    pk_variant_choice_free(ch);
    PK_READ_DONE(&rd);
    /* saved as numbers and loaded into another count: the same votes (a pickled Game);
     * a list of another length or with a count out of range is refused, f unchanged */
    size_t n = pk_file_guess_size();
    CU_ASSERT_EQUAL(n, (size_t)pk_variant_count() + 1 + 8);
    int saved[64], bad[64];
    CU_ASSERT_FATAL(n <= 64);
    pk_file_guess_save(f, saved);
    CU_ASSERT_EQUAL(saved[0], 1);
    CU_ASSERT_EQUAL(saved[1 + var("italian")->index], 1);
    pk_file_guess *f2 = pk_file_guess_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(f2);
    pk_error e = {0};
    CU_ASSERT_EQUAL(pk_file_guess_load(f2, saved, n, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_file_guess_games(f2), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f2, var("italian")), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f2, var("english")), 0);
    CU_ASSERT_EQUAL(pk_file_guess_load(f2, saved, n - 1, &e), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "another version of pdnkit"));
    memcpy(bad, saved, sizeof bad);
    bad[1 + var("english")->index] = 2; /* two votes in one game */
    CU_ASSERT_EQUAL(pk_file_guess_load(f2, bad, n, &e), PK_ERR_USAGE);
    bad[1 + var("english")->index] = 0;
    bad[0] = PK_FILE_GUESS_GAMES + 1;
    CU_ASSERT_EQUAL(pk_file_guess_load(f2, bad, n, &e), PK_ERR_USAGE);
    bad[0] = 1;
    bad[n - 1] = -1;
    CU_ASSERT_EQUAL(pk_file_guess_load(f2, bad, n, &e), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f2, var("italian")), 1); /* unchanged */
    pk_file_guess_free(f2);
    pk_file_guess_init(f);
    CU_ASSERT_EQUAL(pk_file_guess_games(f), 0);
    pk_file_guess_free(f);
    pk_file_guess_free(NULL);
    pk_replay_free(r);
}

static const pk_test tests[] = {
    {"choice and file count handles", test_handles},
    {"trial replay", test_trial},
    {"report a choice", test_report},
    {"misfit of a guess", test_misfit},
    {"suggest another variant", test_suggest},
    {NULL, NULL},
};
PK_TEST_MAIN("resolve", tests)
