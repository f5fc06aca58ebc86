/*
 * test_diag_fields.c -- pk_diag's structured fields (diag.h): the position, the move as
 * the replay read it and the capture the rules required, as the replay fills them, checked
 * against positions worked out by hand in RULES; that a keeper of diagnostics (the buffer
 * that puts them in file order) keeps what they point to; and why a variant was guessed
 * (pk_diag.guess), the key pdncheck folds its guess warnings on.
 */
#include "pktest.h"
#include "replay.h"
#include "report.h"

#include <string.h>

/* What one diagnostic said, its structured fields copied (they are borrowed for the call). */
typedef struct seen {
    char code[32];
    const pk_variant *variant;
    bool has_pos, has_played, has_required;
    pk_pos pos;
    pk_move played, required;
    int guess, game;
} seen;

typedef struct seen_list {
    int n;
    seen s[8];
} seen_list;

static void keep(void *ctx, const pk_diag *d)
{
    seen_list *l = ctx;
    if (l->n == 8)
        return;
    seen *s = &l->s[l->n++];
    memset(s, 0, sizeof *s);
    snprintf(s->code, sizeof s->code, "%s", d->code);
    s->variant = d->variant;
    s->guess = d->guess;
    s->game = d->game;
    if ((s->has_pos = d->pos != NULL))
        s->pos = *d->pos;
    if ((s->has_played = d->played != NULL))
        s->played = *d->played;
    if ((s->has_required = d->required != NULL))
        s->required = *d->required;
}

/* The diagnostics of the first game of text, replayed (the variant from its tags). */
static void replay(const char *text, seen_list *l)
{
    pk_test_reading rd;
    pk_game *g = PK_READ_GAME(&rd, text);
    pk_replay *rp = pk_replay_new();
    pk_replay_opts o = {0};
    pk_replay_result *res = pk_replay_result_new();
    pk_diag_sink sink = {keep, l};
    memset(l, 0, sizeof *l);
    CU_ASSERT_EQUAL(pk_replay_game(rp, g, "t.pdn", &o, &sink, res), PK_OK);
    pk_replay_result_free(res);
    pk_replay_free(rp);
    PK_READ_DONE(&rd);
}

static const seen *find(const seen_list *l, const char *code)
{
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->s[i].code, code))
            return &l->s[i];
    return NULL;
}

/* The number of square bit on v's board ("46"), for comparing with RULES' numbers. */
static int num(const pk_variant *v, int bit)
{
    char buf[8];
    return atoi(pk_square_name(v->geom, bit, false, buf));
}

static bool piece_on(const pk_variant *v, const pk_pos *p, int color, int n)
{
    for (int b = 0; b < 128; b++)
        if (pk_bb_bit(p->pieces[color], b) && num(v, b) == n)
            return true;
    return false;
}

/* The squares taken by m, by number, in ascending order, into out (n of them). */
static int taken(const pk_variant *v, const pk_move *m, int *out)
{
    int n = 0;
    for (int i = 0; i < m->ncap; i++)
        out[n++] = num(v, m->caps[i]);
    for (int i = 1; i < n; i++) /* (two or three: an insertion sort) */
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* RULES 5.1 E1, W:WK46,36:B37,18,31 (International): the legal moves are 46x23x12,
 * 46x23x7 and 46x23x1, all taking 37 and 18 (the king must stop on 23 after 37). 36x27
 * takes one piece where two can be taken (missed-capture); 46-41 takes none (capture-
 * required); 36-31 goes to an occupied square (illegal-move). The required capture is
 * one of the three, the played move what was written. */
static const char e1[] = "[GameType \"20\"]\n[FEN \"W:WK46,36:B37,18,31\"]\n\n1. %s *\n";

/* The diagnostic with code of the game of e1 with move played (its list in l), or NULL. */
static const seen *e1_finding(const char *move, const char *code, seen_list *l)
{
    char text[200];
    snprintf(text, sizeof text, e1, move);
    replay(text, l);
    const seen *s = find(l, code);
    CU_ASSERT_PTR_NOT_NULL(s);
    return s;
}

static void check_required(const pk_variant *v, const seen *s)
{
    CU_ASSERT_FATAL(s->has_required);
    const pk_move *r = &s->required;
    int caps[PK_MAX_PATH];
    CU_ASSERT_EQUAL(num(v, r->from), 46);
    CU_ASSERT(num(v, r->to) == 12 || num(v, r->to) == 7 || num(v, r->to) == 1);
    CU_ASSERT_EQUAL(r->ncap, 2);
    CU_ASSERT_EQUAL(num(v, r->path[0]), 23); /* the forced landing square */
    CU_ASSERT_EQUAL(taken(v, r, caps), 2);
    CU_ASSERT(caps[0] == 18 && caps[1] == 37);
    CU_ASSERT(r->flags & PK_MV_KING);
}

static void test_missed_majority(void)
{
    const pk_variant *v = pk_variant_find("international");
    seen_list l;
    const seen *s = e1_finding("36x27", "missed-capture", &l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_PTR_EQUAL(s->variant, v);
    CU_ASSERT_FATAL(s->has_pos && s->has_played);
    /* the position before the move, as the FEN tag sets it */
    CU_ASSERT_EQUAL(s->pos.turn, PK_WHITE);
    CU_ASSERT(piece_on(v, &s->pos, PK_WHITE, 46) && piece_on(v, &s->pos, PK_WHITE, 36));
    CU_ASSERT(piece_on(v, &s->pos, PK_BLACK, 37) && piece_on(v, &s->pos, PK_BLACK, 18) &&
              piece_on(v, &s->pos, PK_BLACK, 31));
    CU_ASSERT_EQUAL(pk_bb_popcount(s->pos.kings), 1);
    /* the move written: 36 takes 31, landing on 27 */
    int caps[PK_MAX_PATH];
    CU_ASSERT_EQUAL(num(v, s->played.from), 36);
    CU_ASSERT_EQUAL(num(v, s->played.to), 27);
    CU_ASSERT_EQUAL(taken(v, &s->played, caps), 1);
    CU_ASSERT_EQUAL(caps[0], 31);
    check_required(v, s);
}

static void test_quiet_while_capture(void)
{
    const pk_variant *v = pk_variant_find("international");
    seen_list l;
    const seen *s = e1_finding("46-41", "capture-required", &l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_FATAL(s->has_played);
    CU_ASSERT_EQUAL(num(v, s->played.from), 46);
    CU_ASSERT_EQUAL(num(v, s->played.to), 41);
    CU_ASSERT_EQUAL(s->played.ncap, 0);
    check_required(v, s);
}

/* 36-31: no move of the position (31 is occupied): the squares as written, nothing
 * taken, nothing required (the move is no capture the rules could have asked for). */
static void test_illegal_written(void)
{
    const pk_variant *v = pk_variant_find("international");
    seen_list l;
    const seen *s = e1_finding("36-31", "illegal-move", &l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_FATAL(s->has_pos && s->has_played);
    CU_ASSERT_EQUAL(num(v, s->played.from), 36);
    CU_ASSERT_EQUAL(num(v, s->played.to), 31);
    CU_ASSERT_EQUAL(s->played.path[0], s->played.to);
    CU_ASSERT_EQUAL(s->played.ncap, 0);
    CU_ASSERT(!s->has_required);
}

/* RULES 2.6, 1.2.2: in English draughts Black's man on 14 (c5) must take 18 (d4), landing
 * on 23 (e3); 1-6 is a quiet move while that capture is mandatory. A legal game's
 * draw note has a position and no move. */
static void test_english_required(void)
{
    const pk_variant *v = pk_variant_find("english");
    seen_list l;
    replay("[GameType \"21\"]\n[FEN \"B:W18:B1,14\"]\n\n1. 1-6 *\n", &l);
    const seen *s = find(&l, "capture-required");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_PTR_EQUAL(s->variant, v);
    CU_ASSERT_FATAL(s->has_played && s->has_required);
    CU_ASSERT_EQUAL(num(v, s->played.from), 1);
    CU_ASSERT_EQUAL(num(v, s->played.to), 6);
    CU_ASSERT_EQUAL(num(v, s->required.from), 14);
    CU_ASSERT_EQUAL(num(v, s->required.to), 23);
    CU_ASSERT_EQUAL(s->required.ncap, 1);
    CU_ASSERT_EQUAL(num(v, s->required.caps[0]), 18);
    CU_ASSERT_EQUAL(s->pos.turn, PK_BLACK);

    /* 0-1 (the second mover, White, won: RULES 4.4) contradicts the board (RULES 1.9): a
     * position (the final one), no move */
    replay("[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n\n1. 14x23 0-1\n", &l);
    s = find(&l, "result-mismatch");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT(s->has_pos && !s->has_played && !s->has_required);
    CU_ASSERT_EQUAL(pk_bb_popcount(s->pos.pieces[PK_WHITE]), 0); /* 18 was taken: White has lost */
    CU_ASSERT(piece_on(v, &s->pos, PK_BLACK, 23));
}

/* The buffer that puts a game's diagnostics in file order keeps what their fields point
 * to: the originals are overwritten before it sends them on. */
static seen_list flushed;
static void flushed_keep(void *ctx, const pk_diag *d)
{
    (void)ctx;
    keep(&flushed, d);
}

static void test_buffer_keeps(void)
{
    const pk_variant *v = pk_variant_find("english");
    pk_diag_buffer *b = pk_diag_buffer_new((pk_diag_sink){flushed_keep, NULL});
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    pk_pos p;
    pk_pos_clear(&p, PK_BLACK);
    pk_pos_put(&p, 5, PK_WHITE, true);
    pk_move m = {.from = 3, .to = 7, .ncap = 0};
    m.path[0] = 7;
    pk_diag d = {.severity = PK_SEV_ERROR, .code = "illegal-move", .message = "x", .line = 9, .col = 1,
                 .variant = v, .pos = &p, .played = &m, .required = NULL, .guess = 0};
    pk_diag_buffer_add(b, &d);
    d.line = 2; /* sorted before the first */
    d.code = "capture-required";
    d.pos = NULL;
    d.required = &m;
    pk_diag_buffer_add(b, &d);
    memset(&p, 0, sizeof p);
    memset(&m, 0, sizeof m);
    memset(&flushed, 0, sizeof flushed);
    pk_diag_buffer_flush(b, NULL);
    CU_ASSERT_EQUAL_FATAL(flushed.n, 2);
    const seen *a = &flushed.s[1], *c = &flushed.s[0];
    CU_ASSERT_STRING_EQUAL(a->code, "illegal-move");
    CU_ASSERT(a->has_pos && a->has_played && !a->has_required);
    CU_ASSERT_PTR_EQUAL(a->variant, v);
    CU_ASSERT(pk_bb_bit(a->pos.kings, 5) && a->pos.turn == PK_BLACK);
    CU_ASSERT(a->played.from == 3 && a->played.to == 7);
    CU_ASSERT_STRING_EQUAL(c->code, "capture-required");
    CU_ASSERT(!c->has_pos && c->has_played && c->has_required);
    CU_ASSERT(c->required.from == 3 && c->required.to == 7);
    pk_diag_buffer_free(b);
}

/* resolve.c: what a guess was read from (RULES 4.1: the notation narrows the candidates,
 * the most common variant first), and a GameType tag that names no variant pdnkit has. */
static void test_guess_fields(void)
{
    static const struct {
        const char *text, *variant;
        int guess;
    } cases[] = {
        {"1. 11-15 23-19 *\n", "english", PK_GUESS_NUMERIC},
        {"1. c3-d4 f6-e5 *\n", "russian", PK_GUESS_ALGEBRAIC},
        {"1. 33-28 18-23 *\n", "international", PK_GUESS_10X10},
        {"[GameType \"77\"]\n\n1. 11-15 23-19 *\n", "english", PK_GUESS_NUMERIC | PK_GUESS_UNKNOWN_GAMETYPE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seen_list l;
        replay(cases[i].text, &l);
        const seen *s = find(&l, "variant-guess");
        CU_ASSERT_PTR_NOT_NULL_FATAL(s);
        CU_ASSERT_PTR_EQUAL(s->variant, pk_variant_find(cases[i].variant));
        CU_ASSERT_EQUAL(s->guess, cases[i].guess);
        CU_ASSERT(!s->has_pos);
    }
    seen_list l; /* a game the tags decide: no guess */
    replay("[GameType \"21\"]\n\n1. 11-15 23-19 *\n", &l);
    CU_ASSERT_PTR_NULL(find(&l, "variant-guess"));
}

static const pk_test tests[] = {{"missed majority capture: played and required (RULES 5.1 E1)", test_missed_majority},
                                {"quiet move while a capture is mandatory (RULES 5.1 E1)", test_quiet_while_capture},
                                {"illegal move: the written squares (RULES 5.1 E1)", test_illegal_written},
                                {"English: the capture required (RULES 2.6); a result", test_english_required},
                                {"the diagnostics buffer keeps the fields' data", test_buffer_keeps},
                                {"why a variant was guessed (RULES 4.1)", test_guess_fields},
                                {NULL, NULL}};

PK_TEST_MAIN("pk_diag's structured fields", tests)
