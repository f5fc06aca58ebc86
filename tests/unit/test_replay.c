/*
 * test_replay.c -- the replay's observer (replay.h on_event) and variant resolution
 * (resolve.h): which events fire, in which order, with which positions; that the trial
 * replays of a guess fire none; how a guess follows the file's games (pk_file_guess) and
 * never rescues an illegal game.
 */
#include "fen.h"
#include "pktest.h"
#include "replay.h"
#include "resolve.h"
#include "replay_result_int.h" /* white box: a result by value, its fields (private) */

#include <string.h>

#define MAXEV 64

typedef struct rec {
    int n;
    pk_replay_event ev[MAXEV];
    pk_pos before[MAXEV], after[MAXEV];
    bool have_after[MAXEV];
    pk_move move[MAXEV];
    char written[MAXEV][32];
    char fen[MAXEV][64];
} rec;

static void on_event(void *ctx, const pk_replay_event *e)
{
    rec *r = ctx;
    if (r->n >= MAXEV)
        return;
    int i = r->n++;
    r->ev[i] = *e;
    if (e->before)
        r->before[i] = *e->before;
    if ((r->have_after[i] = e->after != NULL))
        r->after[i] = *e->after;
    if (e->move)
        r->move[i] = *e->move;
    snprintf(r->written[i], sizeof r->written[i], "%s", e->written ? e->written->text : "");
    snprintf(r->fen[i], sizeof r->fen[i], "%s", e->fen ? e->fen : "");
}

/* Replays the first game of text with the options o (on_event set to record into r, when
 * r is given); returns the result in *res. */
static void replay_text(const char *text, pk_replay_opts o, rec *r, pk_replay_result *res)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *rd = pk_pdn_open(f, "t.pdn", 0, NULL);
    pk_replay *rp = pk_replay_new();
    pk_game g;
    pk_game_init(&g);
    CU_ASSERT_FATAL(pk_pdn_next(rd, &g, NULL, NULL) == PK_OK);
    if (r) {
        memset(r, 0, sizeof *r);
        o.on_event = on_event;
        o.event_ctx = r;
    }
    CU_ASSERT_EQUAL(pk_replay_game(rp, &g, "t.pdn", &o, NULL, res), PK_OK);
    pk_game_free(&g);
    pk_replay_free(rp);
    pk_pdn_close(rd);
    fclose(f);
}

static int count(const rec *r, int kind)
{
    int n = 0;
    for (int i = 0; i < r->n; i++)
        n += r->ev[i].kind == kind;
    return n;
}

static void fen_of(const pk_variant *v, const pk_pos *p, char *buf)
{
    pk_fen_write(v, p, false, buf, 128);
}

/* An untagged English game is guessed by trial replays under several variants (it also
 * fits pool): only the replay of the game fires events, one START, every ply, one STOP;
 * each PLY's after is its before with the move made, and the next event's position. */
static void test_guessed_game_events(void)
{
    pk_replay_opts o = {0};
    rec r;
    pk_replay_result res;
    /* OCA 2.0 game 1 (Manchester 1841), its first 8 plies */
    replay_text("1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 *\n", o, &r, &res);
    CU_ASSERT_TRUE(res.variant_guessed);
    CU_ASSERT_STRING_EQUAL(res.variant->name, "english");
    CU_ASSERT_EQUAL(count(&r, PK_EV_START), 1);
    CU_ASSERT_EQUAL(count(&r, PK_EV_PLY), 8);
    CU_ASSERT_EQUAL(count(&r, PK_EV_STOP), 1);
    CU_ASSERT_EQUAL(r.n, 10);
    CU_ASSERT_EQUAL(r.ev[0].kind, PK_EV_START);
    CU_ASSERT_EQUAL(r.ev[0].ply, 0);
    CU_ASSERT_STRING_EQUAL(r.fen[0], "B:W21-32:B1-12");
    const pk_variant *v = res.variant;
    static const int numbers[] = {1, 1, 2, 2, 3, 3, 4, 4};
    static const char *const written[] = {"11-15", "24-20", "8-11", "28-24", "9-13", "22-18", "15x22", "25x18"};
    for (int i = 1; i <= 8; i++) {
        const pk_replay_event *e = &r.ev[i];
        CU_ASSERT_EQUAL(e->kind, PK_EV_PLY);
        CU_ASSERT_EQUAL(e->ply, i);
        CU_ASSERT_EQUAL(e->depth, 0);
        CU_ASSERT_EQUAL(e->move_number, numbers[i - 1]);
        CU_ASSERT_EQUAL(e->side, i % 2 ? PK_BLACK : PK_WHITE); /* English: Black first */
        CU_ASSERT_STRING_EQUAL(r.written[i], written[i - 1]);
        pk_pos p = r.before[i];
        pk_make(v, &p, &r.move[i]);
        char a[128], b[128];
        fen_of(v, &p, a);
        fen_of(v, &r.after[i], b);
        CU_ASSERT_STRING_EQUAL(a, b);
        fen_of(v, &r.after[i - 1], a); /* the previous event's position */
        fen_of(v, &r.before[i], b);
        CU_ASSERT_STRING_EQUAL(a, b);
    }
    /* 15x22 takes the white man on 18; 25x18 the black man on 22 */
    char sq[4];
    CU_ASSERT_EQUAL(r.move[7].ncap, 1);
    pk_square_name(v->geom, r.move[7].caps[0], false, sq);
    CU_ASSERT_STRING_EQUAL(sq, "18");
    pk_square_name(v->geom, r.move[8].caps[0], false, sq);
    CU_ASSERT_STRING_EQUAL(sq, "22");
    CU_ASSERT_EQUAL(r.ev[9].kind, PK_EV_STOP);
    CU_ASSERT_EQUAL(r.ev[9].stop, PK_STOP_END);
    CU_ASSERT_EQUAL(r.ev[9].ply, 8);
    char a[128], b[128];
    fen_of(v, &r.after[9], a);
    fen_of(v, &res.final_pos, b);
    CU_ASSERT_STRING_EQUAL(a, b);
}

/* Variations: the move, then its alternatives (depth 1, from the position before it),
 * then the main line goes on. */
static void test_variation_order(void)
{
    pk_replay_opts o = {0};
    o.variant = pk_variant_find("english");
    rec r;
    pk_replay_result res;
    replay_text("1. 11-15 (1. 9-13 22-18) 23-19 *\n", o, &r, &res);
    CU_ASSERT_EQUAL(r.n, 6);
    CU_ASSERT_STRING_EQUAL(r.written[1], "11-15");
    CU_ASSERT_EQUAL(r.ev[1].depth, 0);
    CU_ASSERT_STRING_EQUAL(r.written[2], "9-13");
    CU_ASSERT_EQUAL(r.ev[2].depth, 1);
    CU_ASSERT_EQUAL(r.ev[2].ply, 1);
    CU_ASSERT_STRING_EQUAL(r.written[3], "22-18");
    CU_ASSERT_EQUAL(r.ev[3].depth, 1);
    CU_ASSERT_EQUAL(r.ev[3].ply, 2);
    CU_ASSERT_STRING_EQUAL(r.written[4], "23-19");
    CU_ASSERT_EQUAL(r.ev[4].depth, 0);
    CU_ASSERT_EQUAL(r.ev[4].ply, 2);
    char a[128], b[128];
    fen_of(o.variant, &r.before[2], a); /* the alternative starts before 11-15 */
    fen_of(o.variant, &r.before[1], b);
    CU_ASSERT_STRING_EQUAL(a, b);
    fen_of(o.variant, &r.before[4], a); /* the main line goes on after 11-15 */
    fen_of(o.variant, &r.after[1], b);
    CU_ASSERT_STRING_EQUAL(a, b);
    CU_ASSERT_EQUAL(r.ev[5].kind, PK_EV_STOP);
}

/* A setup command fires SETUP with its FEN; an illegal move stops with PK_STOP_MOVE and
 * names the move; a bad FEN stops before any START. */
static void test_setup_and_stops(void)
{
    pk_replay_opts o = {0};
    rec r;
    pk_replay_result res;
    replay_text("[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 /FEN \"W:W18:B14\"/ 18x9 1-0\n", o, &r, &res);
    CU_ASSERT_EQUAL(count(&r, PK_EV_SETUP), 1);
    int i = 0;
    while (i < r.n && r.ev[i].kind != PK_EV_SETUP)
        i++;
    CU_ASSERT_STRING_EQUAL(r.fen[i], "W:W18:B14");
    CU_ASSERT_EQUAL(r.ev[i].ply, 3);
    CU_ASSERT_EQUAL(r.ev[i + 1].kind, PK_EV_PLY);
    CU_ASSERT_STRING_EQUAL(r.written[i + 1], "18x9");
    CU_ASSERT_EQUAL(r.ev[i + 1].ply, 4);
    CU_ASSERT_EQUAL(r.ev[r.n - 1].stop, PK_STOP_END);

    replay_text("[GameType \"21\"]\n1. 11-15 23-19 2. 15-11 *\n", o, &r, &res);
    CU_ASSERT_EQUAL(count(&r, PK_EV_PLY), 2);
    CU_ASSERT_EQUAL(r.ev[r.n - 1].kind, PK_EV_STOP);
    CU_ASSERT_EQUAL(r.ev[r.n - 1].stop, PK_STOP_MOVE);
    CU_ASSERT_EQUAL(r.ev[r.n - 1].ply, 2);
    CU_ASSERT_STRING_EQUAL(r.written[r.n - 1], "15-11");

    replay_text("[GameType \"21\"]\n[FEN \"W:W99:B1\"]\n1. 99-98 *\n", o, &r, &res);
    CU_ASSERT_EQUAL(r.n, 1);
    CU_ASSERT_EQUAL(r.ev[0].kind, PK_EV_STOP);
    CU_ASSERT_EQUAL(r.ev[0].stop, PK_STOP_FEN);
    CU_ASSERT_FALSE(r.have_after[0]);
}

/* Without an observer the replay gives the same result. */
static void test_no_observer_same_result(void)
{
    const char *text = "1. 11-15 24-20 2. 8-11 28-24 3. 9-13 22-18 4. 15x22 25x18 *\n";
    pk_replay_opts o = {0};
    rec r;
    pk_replay_result a, b;
    replay_text(text, o, &r, &a);
    replay_text(text, o, NULL, &b);
    CU_ASSERT_EQUAL(a.plies, b.plies);
    CU_ASSERT_EQUAL(a.variant, b.variant);
    CU_ASSERT_EQUAL(a.warnings, b.warnings);
    CU_ASSERT_EQUAL(a.errors, b.errors);
    CU_ASSERT_STRING_EQUAL(pk_replay_final_fen(&a), pk_replay_final_fen(&b));
}

/* Reads the first game of text into g (pk_game_free it). */
static void read_game(const char *text, pk_game *g)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    pk_pdn_reader *rd = pk_pdn_open(f, "t.pdn", 0, NULL);
    pk_game_init(g);
    CU_ASSERT_FATAL(pk_pdn_next(rd, g, NULL, NULL) == PK_OK);
    pk_pdn_close(rd);
    fclose(f);
}

/* pk_resolve_variant: without a file, a guess is the notation's usual variant (whatever
 * the moves fit); a Variant tag and an unsupported GameType decide; the answer does not
 * depend on what was resolved before. */
static void test_resolve(void)
{
    static const char *const texts[] = {
        "1. 11-15 23-19 *\n",                                     /* english */
        "[GameType \"41\"]\n1. a3-b4 *\n",                         /* Spantsiretti: not supported */
        "[Variant \"Frisian\"]\n1. 32-28 *\n",                     /* a Variant tag */
        "[Event \"x\"]\n1. 21-17 12-16 2. 17-13 *\n",              /* italian moves, numeric squares */
        "[GameType \"99\"]\n1. b6-a5 *\n",                         /* a number nobody defines */
    };
    enum { N = sizeof texts / sizeof texts[0] };
    pk_replay *rp = pk_replay_new();
    pk_variant_choice *first[N], *again = pk_variant_choice_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(again);
    for (int i = 0; i < N; i++)
        CU_ASSERT_PTR_NOT_NULL_FATAL(first[i] = pk_variant_choice_new());
    pk_replay_opts o = {0};
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < N; k++) {
            int i = pass ? N - 1 - k : k; /* the second pass in the other order */
            pk_game g;
            read_game(texts[i], &g);
            pk_variant_choice *ch = pass ? again : first[i];
            pk_resolve_variant(rp, &g, &o, ch);
            if (pass) {
                CU_ASSERT_EQUAL(pk_variant_choice_variant(again), pk_variant_choice_variant(first[i]));
                CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(again), pk_variant_choice_message(first[i]));
            }
            pk_game_free(&g);
        }
    CU_ASSERT_EQUAL(pk_variant_choice_variant(first[0]), pk_variant_find("english"));
    CU_ASSERT_EQUAL(pk_variant_choice_source(first[0]), PK_VSRC_GUESS);
    CU_ASSERT_FALSE(pk_variant_choice_by_file(first[0]));
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(first[0]), "no GameType tag: guessed english from its numeric squares");
    CU_ASSERT_PTR_NULL(pk_variant_choice_variant(first[1]));
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_unsupported(first[1]), "Spantsiretti draughts");
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(first[1]), "Spantsiretti draughts (GameType 41) is not supported: moves not checked");
    CU_ASSERT_EQUAL(pk_variant_choice_variant(first[2]), pk_variant_find("frisian"));
    CU_ASSERT_EQUAL(pk_variant_choice_source(first[2]), PK_VSRC_VARIANT_TAG);
    /* RULES 4.1: a game alone is not guessed by the moves it fits (italian here): english,
     * the usual variant of numeric squares, judges it */
    CU_ASSERT_EQUAL(pk_variant_choice_variant(first[3]), pk_variant_find("english"));
    CU_ASSERT_EQUAL(pk_variant_choice_variant(first[4]), pk_variant_find("russian"));
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(first[4]),
                           "GameType 99 (line 1) is not a variant pdnkit knows; guessed russian from its algebraic squares");
    for (int i = 0; i < N; i++)
        pk_variant_choice_free(first[i]);
    pk_variant_choice_free(again);
    pk_replay_free(rp);
}

/* pk_file_guess: the file's games vote; the notation's usual variant counts one game more,
 * so one game alone never outvotes it, two do; a tagged game votes for its tag. */
static void test_file_guess(void)
{
    const char *italian = "1. 21-17 12-16 2. 17-13 *\n", *english = "1. 11-15 23-19 *\n";
    const char *tagged = "[GameType \"22\"]\n1. 22-18 *\n";
    pk_replay *rp = pk_replay_new();
    pk_replay_opts o = {0};
    pk_file_guess *f = pk_file_guess_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    pk_game it, en, tg;
    read_game(italian, &it);
    read_game(english, &en);
    read_game(tagged, &tg);
    pk_variant_choice *ch = pk_variant_choice_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ch);
    const pk_variant *ital = pk_variant_find("italian"), *eng = pk_variant_find("english");

    pk_file_guess_init(f);
    CU_ASSERT(pk_file_guess_add(f, rp, &it, &o));
    o.file_guess = f;
    pk_resolve_variant(rp, &it, &o, ch); /* one italian game: 1 against english's 0 + 1 */
    CU_ASSERT_EQUAL(pk_variant_choice_variant(ch), eng);
    CU_ASSERT_EQUAL(pk_file_guess_games(f), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, ital), 1);
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, eng), 0);
    o.file_guess = NULL;
    CU_ASSERT(pk_file_guess_add(f, rp, &it, &o));
    o.file_guess = f;
    pk_resolve_variant(rp, &en, &o, ch); /* two: italian, for every game of the file */
    CU_ASSERT_EQUAL(pk_variant_choice_variant(ch), ital);
    CU_ASSERT(pk_variant_choice_by_file(ch));
    CU_ASSERT_STRING_EQUAL(pk_variant_choice_message(ch), "no GameType tag: guessed italian, the variant of this file's games");

    pk_file_guess_init(f); /* an english game and an italian one: a tie, english first */
    pk_file_guess_add(f, rp, &en, &o);
    pk_file_guess_add(f, rp, &it, &o);
    pk_resolve_variant(rp, &it, &o, ch);
    CU_ASSERT_EQUAL(pk_variant_choice_variant(ch), eng);
    pk_file_guess_add(f, rp, &tg, &o); /* a tagged italian game: 2 against 1 + 1 */
    CU_ASSERT_EQUAL(pk_file_guess_votes(f, ital), 2);
    pk_resolve_variant(rp, &en, &o, ch);
    CU_ASSERT_EQUAL(pk_variant_choice_variant(ch), eng);
    pk_file_guess_add(f, rp, &tg, &o); /* another tips it */
    pk_resolve_variant(rp, &en, &o, ch);
    CU_ASSERT_EQUAL(pk_variant_choice_variant(ch), ital);

    pk_file_guess_init(f); /* at most PK_FILE_GUESS_GAMES games are counted */
    for (int i = 0; i < PK_FILE_GUESS_GAMES; i++)
        CU_ASSERT(pk_file_guess_add(f, rp, &en, &o));
    CU_ASSERT_FALSE(pk_file_guess_add(f, rp, &en, &o));
    CU_ASSERT_EQUAL(pk_file_guess_games(f), PK_FILE_GUESS_GAMES);
    pk_game_free(&it);
    pk_game_free(&en);
    pk_game_free(&tg);
    pk_variant_choice_free(ch);
    pk_file_guess_free(f);
    pk_replay_free(rp);
}

typedef struct seen_diags {
    int n, errors;
    char code[8][24], msg[8][400];
    int severity[8];
} seen_diags;

static void keep_diag(void *ctx, const pk_diag *d)
{
    seen_diags *s = ctx;
    if (s->n < 8) {
        snprintf(s->code[s->n], sizeof s->code[0], "%s", d->code);
        snprintf(s->msg[s->n], sizeof s->msg[0], "%s", d->message);
        s->severity[s->n] = d->severity;
        s->n++;
    }
    s->errors += d->severity == PK_SEV_ERROR;
}

/* Issue 21 item 5: a man capturing backwards is illegal in English checkers (RULES 2.6);
 * only Russian, Brazilian and pool rules (men capture backwards there: RULES 2.3-2.5) make
 * this game legal. Guessed english, it is an error, and an error names the variants it
 * would fit (pk_resolve_misfit); a legal game gets no such error. */
static void test_guess_never_rescues(void)
{
    const char *bad = "[FEN \"B:W18,30:B22,3\"]\n\n1. 22x15 30-26 2. 3-7 *\n";
    pk_replay *rp = pk_replay_new();
    pk_replay_opts o = {0};
    pk_replay_result res;
    seen_diags s;
    memset(&s, 0, sizeof s);
    pk_diag_sink sink = {keep_diag, &s};
    pk_game g;
    read_game(bad, &g);
    CU_ASSERT_EQUAL(pk_replay_game(rp, &g, "g.pdn", &o, &sink, &res), PK_OK);
    CU_ASSERT_EQUAL(res.variant, pk_variant_find("english"));
    CU_ASSERT(res.variant_guessed);
    CU_ASSERT_EQUAL(res.errors, 2); /* the move, and the guess that decided the verdict */
    CU_ASSERT_EQUAL(s.errors, 2);
    CU_ASSERT_STRING_EQUAL(s.code[0], "variant-guess");
    CU_ASSERT_EQUAL(s.severity[0], PK_SEV_WARNING);
    int k = 0;
    while (k < s.n && s.severity[k] != PK_SEV_ERROR)
        k++;
    CU_ASSERT_STRING_EQUAL(s.code[k], "illegal-move");
    CU_ASSERT_STRING_EQUAL(s.code[k + 1], "variant-guess");
    CU_ASSERT_STRING_EQUAL(s.msg[k + 1], "the game has errors as english, the variant guessed for it, but replays "
                                         "without error as russian, brazilian or pool");
    pk_game_free(&g);

    memset(&s, 0, sizeof s); /* a legal English game: only the warning */
    read_game("1. 11-15 23-19 2. 8-11 22-17 *\n", &g);
    pk_replay_game(rp, &g, "g.pdn", &o, &sink, &res);
    CU_ASSERT_EQUAL(res.errors, 0);
    CU_ASSERT_EQUAL(s.n, 1);
    pk_game_free(&g);
    pk_replay_free(rp);
}

/* The accessors a caller outside the library reads a result with (replay.h), against the
 * verdicts test_report.c checks by their RULES sections: each case's fields as the rules
 * say, one result reused (each replay clears it). */
static void test_result_accessors(void)
{
    pk_replay_opts o = {0};
    pk_replay_result *res = pk_replay_result_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    /* nothing replayed yet */
    CU_ASSERT_PTR_NULL(pk_replay_result_variant(res));
    CU_ASSERT_PTR_NULL(pk_replay_result_unsupported(res));
    CU_ASSERT_EQUAL(pk_replay_result_loser(res), -1);
    CU_ASSERT_FALSE(pk_replay_result_have_final(res));
    CU_ASSERT_PTR_NULL(pk_replay_result_final_pos(res));
    CU_ASSERT_STRING_EQUAL(pk_replay_final_fen(res), "");
    CU_ASSERT_EQUAL(pk_replay_result_draw_count(res), 0);
    CU_ASSERT_PTR_NULL(pk_replay_result_draw_at(res, 0));

    /* REP3 at ply 8, automatic in International (RULES 3.3), then 2-0 recorded: the rules
     * contradict the result (RULES 3.1), a warning. The position repeated is the start. */
    const char *start = "W:WK45,36:BK6,15";
    replay_text("[GameType \"20\"]\n[FEN \"W:WK45,36:BK6,15\"]\n"
                "1. 45-50 6-1 2. 50-45 1-6 3. 45-50 6-1 4. 50-45 1-6 2-0\n",
                o, NULL, res);
    const pk_variant *in = pk_variant_find("international");
    CU_ASSERT_PTR_EQUAL(pk_replay_result_variant(res), in);
    CU_ASSERT_FALSE(pk_replay_result_variant_guessed(res));
    CU_ASSERT_EQUAL(pk_replay_result_plies(res), 8);
    CU_ASSERT_FALSE(pk_replay_result_stopped(res));
    CU_ASSERT_EQUAL(pk_replay_result_errors(res), 0);
    CU_ASSERT_EQUAL(pk_replay_result_warnings(res), 1);
    CU_ASSERT_EQUAL(pk_replay_result_move_errors(res), 0);
    CU_ASSERT_EQUAL(pk_replay_result_loser(res), -1);
    CU_ASSERT_EQUAL(pk_replay_result_result_check(res), PK_RESULT_CONTRADICTS_DRAW);
    CU_ASSERT_TRUE(pk_replay_result_have_final(res));
    CU_ASSERT_EQUAL(pk_replay_result_draw_count(res), 1);
    const pk_draw_event *d = pk_replay_result_draw_at(res, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(d->rule, "REP3");
    CU_ASSERT_EQUAL(d->kind, PK_DRAW_AUTOMATIC);
    CU_ASSERT_EQUAL(d->ply, 8);
    CU_ASSERT_PTR_NULL(pk_replay_result_draw_at(res, 1));
    CU_ASSERT_PTR_NULL(pk_replay_result_draw_at(res, -1));
    pk_pos p;
    char a[128], b[128];
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(in, start, (size_t)-1, &p, NULL, NULL), PK_OK);
    fen_of(in, &p, a);
    const pk_pos *fin = pk_replay_result_final_pos(res);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fin);
    fen_of(in, fin, b);
    CU_ASSERT_STRING_EQUAL(a, b);
    CU_ASSERT_STRING_EQUAL(pk_replay_final_fen(res), a);

    /* Black has no piece left after 28x17: 0-2 names the loser as the winner (RULES 1.9) */
    replay_text("[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 0-2\n", o, NULL, res);
    CU_ASSERT_EQUAL(pk_replay_result_loser(res), PK_BLACK);
    CU_ASSERT_EQUAL(pk_replay_result_result_check(res), PK_RESULT_CONTRADICTS_BOARD);
    CU_ASSERT_EQUAL(pk_replay_result_errors(res), 1);
    CU_ASSERT_EQUAL(pk_replay_result_move_errors(res), 0);
    CU_ASSERT_EQUAL(pk_replay_result_draw_count(res), 0); /* cleared */

    /* 17-23 is no move of Black's (RULES 1.4): the replay stops there, one move error */
    replay_text("[GameType \"20\"]\n1. 32-28 17-23 *\n", o, NULL, res);
    CU_ASSERT_TRUE(pk_replay_result_stopped(res));
    CU_ASSERT_EQUAL(pk_replay_result_plies(res), 1);
    CU_ASSERT_EQUAL(pk_replay_result_move_errors(res), 1);
    CU_ASSERT_EQUAL(pk_replay_result_result_check(res), 0);

    /* a FEN the replay cannot start from: no final position */
    replay_text("[GameType \"20\"]\n[FEN \"W:W99:B1\"]\n1. 32-28 *\n", o, NULL, res);
    CU_ASSERT_FALSE(pk_replay_result_have_final(res));
    CU_ASSERT_PTR_NULL(pk_replay_result_final_pos(res));
    CU_ASSERT_STRING_EQUAL(pk_replay_final_fen(res), "");

    /* GameType 41 names a variant pdnkit does not implement: not replayed */
    replay_text("[GameType \"41\"]\n1. 50-45 *\n", o, NULL, res);
    CU_ASSERT_PTR_NULL(pk_replay_result_variant(res));
    CU_ASSERT_STRING_EQUAL(pk_replay_result_unsupported(res), "Spantsiretti draughts");

    /* no GameType: guessed (English: "11-15" opens 8x8 numbering, Black first) */
    replay_text("1. 11-15 24-20 *\n", o, NULL, res);
    CU_ASSERT_TRUE(pk_replay_result_variant_guessed(res));
    CU_ASSERT_PTR_EQUAL(pk_replay_result_variant(res), pk_variant_find("english"));
    pk_replay_result_free(res);
    pk_replay_result_free(NULL);
}

static const pk_test tests[] = {{"guessed game: events of the replay only", test_guessed_game_events},
                                {"variations: order and depth", test_variation_order},
                                {"setup, stop on a move, stop on a FEN", test_setup_and_stops},
                                {"no observer: same result", test_no_observer_same_result},
                                {"resolution: a game alone, tags, unsupported, order-free", test_resolve},
                                {"resolution: the file's games vote", test_file_guess},
                                {"resolution: a guess never rescues an illegal game", test_guess_never_rescues},
                                {"result accessors", test_result_accessors},
                                {NULL, NULL}};

PK_TEST_MAIN("replay observer and variant resolution", tests)
