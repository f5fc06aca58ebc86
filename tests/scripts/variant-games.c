/*
 * variant-games.c -- a test helper for tests/scripts/variant-*.sh (issue 31, "the class, not
 * just the cases"): games and positions of every variant row, made with the library's own
 * move generator (pk_gen_legal, pk_make, pk_fen_write; the draw engine to stop a game where
 * the rules end it), so that the tools can be run over every variant and every square and
 * their answers compared with what the generator played.
 *
 *     variant-games list                       the variant rows, one name a line, in
 *                                              pk_variant_at order (pk_variant_count rows)
 *     variant-games squares V                  every square of V: number <TAB> algebraic name
 *                                              <TAB> 1 when far (the last two files or ranks,
 *                                              or the last row of numbers), else 0
 *     variant-games games V N SEED PDN EXPECT  N random legal games of V from its start
 *                                              position (fixed-seed PRNG), then two pairs of
 *                                              set-up games (below), into PDN; EXPECT gets
 *                                              one line per position: game <TAB> ply <TAB>
 *                                              numeric FEN <TAB> FEN in V's own notation <TAB>
 *                                              algebraic FEN
 *     variant-games square-games V PDN EXPECT MOVES
 *                                              one short game per square s of V that writes
 *                                              s in its moves (a king, or a man where a king
 *                                              ends the game, leaves s and comes back); EXPECT
 *                                              as above, plus a last column: s; MOVES: every
 *                                              legal move of each game's start position,
 *                                              s <TAB> numeric FEN after <TAB> algebraic FEN,
 *                                              and "first" <TAB> s <TAB> the game's first
 *                                              move, numeric <TAB> algebraic
 *     variant-games chunks V PDN EXPECT        games of no move whose FEN tags together put a
 *                                              king on every square (max_men a side); EXPECT:
 *                                              game <TAB> numeric FEN <TAB> algebraic FEN
 *
 * The random games are steered towards the squares their moves have not written yet (a
 * move naming an unwritten square is preferred, 7 times in 8), so that the squares far
 * from 1 (k, l, 11, 12 on 12x12; the last numbers) are written too; a game ends when the
 * side to move has no move, at an automatic draw (pk_draw_ply), at the first king in a
 * first-king variant (Breakthrough), or after a ply limit. Frisian's art. 17 (RULES 2.11:
 * one king, at most king_quiet_max quiet moves in a row while the side has men), which the
 * generator leaves to the replay, is kept here. `games` fails (exit 1, saying what) when its
 * games together do not write every square of the board, make no king, move no king, or
 * make no capture of two pieces or more: a generator change that starves a variant of
 * kings or of the far squares is then seen.
 *
 * The set-up pairs (issue 31: the duplicate key must see the kings and all 128 bits of a
 * 12x12 board): from a position P of a random game, P with one piece turned into a king
 * (or a king into a man), and P with its highest-bit piece moved to another empty high
 * square, each game one ply, the same move in both: different games, however alike.
 */
#include "pdnkit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXPLY 400
/* larger than the library's PK_FEN_MAX (365, replay.h: the longest FEN of a 12x12 board is
 * 310 characters): room to spare for a test */
#define FENBUF 1024

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* splitmix64: a fixed seed gives the same games on every machine */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int bit_set(pk_bb b, int i) { return (int)((b >> i) & 1); }

static const pk_variant *variant_or_die(const char *name)
{
    const pk_variant *v = pk_variant_find(name);
    if (!v) {
        fprintf(stderr, "variant-games: unknown variant '%s'\n", name);
        exit(2);
    }
    return v;
}

static FILE *open_or_die(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    return f;
}

static void fen_pair(const pk_variant *v, const pk_pos *p, char *num, char *own)
{
    pk_fen_write(v, p, false, num, FENBUF);
    pk_fen_write(v, p, v->algebraic, own, FENBUF);
}

static const char *fen_alg(const pk_variant *v, const pk_pos *p, char *alg)
{
    pk_fen_write(v, p, true, alg, FENBUF);
    return alg;
}

/* One game being written: its movetext, its positions. */
typedef struct game {
    const pk_variant *v;
    pk_pos start, pos;
    int nply;
    pk_move moves[MAXPLY];
    pk_pos after[MAXPLY];
    const char *result;
} game;

/* Frisian art. 17 (RULES 2.11), as the replay counts it (replay.c king_run_exceeded). */
typedef struct king_run {
    int run[2], sq[2];
} king_run;

static bool king_run_breaks(const pk_variant *v, const king_run *k, const pk_pos *p, const pk_move *m, king_run *out)
{
    int me = p->turn, max = v->rules.king_quiet_max;
    *out = *k;
    if (!max)
        return false;
    bool quiet_king = (m->flags & PK_MV_KING) && !(m->flags & PK_MV_CAPTURE);
    if (!quiet_king || !pk_men(p, me)) {
        out->run[me] = 0;
        return false;
    }
    out->run[me] = k->run[me] && k->sq[me] == m->from ? k->run[me] + 1 : 1;
    out->sq[me] = m->to;
    return out->run[me] > max;
}

static const char *result_for(const pk_variant *v, int winner)
{
    if (winner < 0)
        return "1/2-1/2";
    return winner == v->first ? "1-0" : "0-1";
}

/* The squares m writes in its full form: origin, every landing square. */
static int squares_of(const pk_move *m, int *sq)
{
    int n = 0;
    sq[n++] = m->from;
    if (m->ncap)
        for (int i = 0; i < m->ncap; i++)
            sq[n++] = m->path[i];
    else
        sq[n++] = m->to;
    return n;
}

typedef struct stats {
    pk_bb written;
    long promotions, king_moves, multi_captures, captures;
} stats;

/* Plays one random game of v from g->start into g. */
static void play_random(game *g, pk_movelist *ml, pk_draw_state *ds, stats *st, int maxply)
{
    const pk_variant *v = g->v;
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int nev;
    king_run kr = {{0, 0}, {-1, -1}};
    g->pos = g->start;
    g->nply = 0;
    g->result = "*";
    pk_draw_init(ds, v, &g->start, -1, 0, ev, PK_DRAW_MAX_EVENTS, &nev);
    while (g->nply < maxply) {
        int n = pk_gen_legal(v, &g->pos, ml, 0);
        int ok[1024], nok = 0, best = 0, nbest = 0, bestv[1024];
        king_run after_run[1024];
        for (int i = 0; i < n && i < 1024; i++) {
            const pk_move *m = pk_movelist_at(ml, i);
            if (king_run_breaks(v, &kr, &g->pos, m, &after_run[i]))
                continue;
            ok[nok++] = i;
            int sq[PK_MAX_PATH + 1], k = squares_of(m, sq), fresh = 0;
            for (int j = 0; j < k; j++)
                fresh += !bit_set(st->written, sq[j]);
            if (fresh > best) {
                best = fresh;
                nbest = 0;
            }
            if (fresh == best && fresh > 0)
                bestv[nbest++] = i;
        }
        if (nok == 0) { /* no legal move: the side to move has lost (won in Antidraughts) */
            int mover = g->pos.turn;
            int winner = v->goal == PK_GOAL_BLOCKED_WINS ? mover : PK_OTHER(mover);
            g->result = result_for(v, winner);
            break;
        }
        int pick = nbest && rng() % 8 ? bestv[rng() % (uint64_t)nbest] : ok[rng() % (uint64_t)nok];
        const pk_move *m = pk_movelist_at(ml, pick);
        pk_pos before = g->pos;
        kr = after_run[pick];
        pk_make(v, &g->pos, m);
        g->moves[g->nply] = *m;
        g->after[g->nply] = g->pos;
        g->nply++;
        int sq[PK_MAX_PATH + 1], k = squares_of(m, sq);
        for (int j = 0; j < k; j++)
            st->written |= PK_BIT(sq[j]);
        st->promotions += (m->flags & PK_MV_PROMOTE) != 0;
        st->king_moves += (m->flags & PK_MV_KING) != 0;
        st->captures += m->ncap > 0;
        st->multi_captures += m->ncap > 1;
        if (v->goal == PK_GOAL_FIRST_KING && g->pos.kings) {
            g->result = result_for(v, before.turn);
            break;
        }
        pk_draw_ply(ds, &before, m, &g->pos, ev, PK_DRAW_MAX_EVENTS, &nev);
        bool drawn = false;
        for (int i = 0; i < nev; i++)
            drawn |= ev[i].kind == PK_DRAW_AUTOMATIC;
        if (drawn) {
            g->result = result_for(v, -1);
            break;
        }
    }
}

static void write_game(FILE *pdn, FILE *exp, const game *g, int index, const char *event, pk_movelist *ml)
{
    const pk_variant *v = g->v;
    char num[FENBUF], own[FENBUF];
    bool setup = !(pk_pos_equal(&g->start, &g->pos) && g->nply == 0);
    pk_pos s0;
    pk_error err;
    pk_fen_parse(v, v->start_fen, (size_t)-1, &s0, NULL, &err);
    setup = !pk_pos_equal(&g->start, &s0);
    fprintf(pdn, "[Event \"%s\"]\n[Round \"%d\"]\n[White \"white %d\"]\n[Black \"black %d\"]\n[Result \"%s\"]\n",
            event, index, index, index, g->result);
    fprintf(pdn, "[GameType \"%d\"]\n", v->gametype);
    fen_pair(v, &g->start, num, own);
    if (setup)
        fprintf(pdn, "[SetUp \"1\"]\n[FEN \"%s\"]\n", num);
    char alg[FENBUF];
    fprintf(exp, "%d\t0\t%s\t%s\t%s\n", index, num, own, fen_alg(v, &g->start, alg));
    pk_pos p = g->start;
    int col = 0, number = 1;
    for (int i = 0; i < g->nply; i++) {
        char mv[512];
        pk_gen_legal(v, &p, ml, 0);
        pk_move_write_pdn(v, ml, &g->moves[i], PK_NOT_FULL, mv, sizeof mv); /* the variant's own notation */
        char tok[600];
        if (p.turn == v->first)
            snprintf(tok, sizeof tok, "%d. %s", number, mv);
        else if (i == 0)
            snprintf(tok, sizeof tok, "%d... %s", number, mv);
        else
            snprintf(tok, sizeof tok, "%s", mv);
        if (p.turn != v->first)
            number++;
        int len = (int)strlen(tok);
        if (col && col + 1 + len > 79) {
            fputc('\n', pdn);
            col = 0;
        }
        fprintf(pdn, "%s%s", col ? " " : "", tok);
        col += (col ? 1 : 0) + len;
        p = g->after[i];
        fen_pair(v, &p, num, own);
        fprintf(exp, "%d\t%d\t%s\t%s\t%s\n", index, i + 1, num, own, fen_alg(v, &p, alg));
    }
    fprintf(pdn, "%s%s\n\n", col ? " " : "", g->result);
}

static int cmd_games(const char *name, int n, uint64_t seed, const char *pdn_path, const char *exp_path)
{
    const pk_variant *v = variant_or_die(name);
    FILE *pdn = open_or_die(pdn_path), *exp = open_or_die(exp_path);
    pk_movelist *ml = pk_movelist_new();
    pk_draw_state *ds = pk_draw_new();
    static game g, base;
    stats st = {0, 0, 0, 0, 0};
    pk_error err;
    rng_state = seed;
    int index = 0;
    for (int i = 0; i < n; i++) {
        g.v = v;
        pk_fen_parse(v, v->start_fen, (size_t)-1, &g.start, NULL, &err);
        play_random(&g, ml, ds, &st, MAXPLY);
        write_game(pdn, exp, &g, ++index, "random", ml);
        if (i == 0)
            base = g;
    }
    /* the set-up pairs, from the position of the first game where its first mover is to
     * move again, about a third of the way in */
    int at = base.nply / 3 & ~1;
    pk_pos p = at ? base.after[at - 1] : base.start;
    pk_gen_legal(v, &p, ml, 0);
    if (pk_movelist_count(ml) == 0) {
        fprintf(stderr, "variant-games: %s: no move at ply %d of game 1\n", name, at);
        return 1;
    }
    pk_move m = *pk_movelist_at(ml, 0);
    pk_bb mine = PK_BIT(m.from) | PK_BIT(m.to) | m.capset;
    int pairs = 0;
    /* pair 1: P, and P with a piece not in the move turned man <-> king; pair 2: P with its
     * highest-bit piece (not in the move) moved to one empty square, and to another: four
     * different starts, one move */
    for (int kind = 0; kind < 2; kind++) {
        if (kind == 0 && v->goal == PK_GOAL_FIRST_KING)
            continue; /* a king on the board ends a Breakthrough game: no king pair */
        pk_pos q[2];
        int found = kind == 0 ? 1 : 0;
        q[0] = p;
        for (int b = PK_MAX_BITS - 1; b >= 0 && found < 2; b--) {
            int c = bit_set(p.pieces[PK_WHITE], b) ? PK_WHITE : bit_set(p.pieces[PK_BLACK], b) ? PK_BLACK : -1;
            if (c < 0 || bit_set(mine, b))
                continue;
            for (int t = PK_MAX_BITS - 1; t >= 0 && found < 2; t--) {
                if (kind == 0 && t != b)
                    continue;
                if (kind == 1 && (t == b || !bit_set(v->geom->board, t) || bit_set(pk_occupied(&p), t) ||
                                  bit_set(mine, t)))
                    continue;
                pk_pos r = p;
                pk_bb from = PK_BIT(b);
                bool king = bit_set(p.kings, b);
                r.pieces[c] &= ~from;
                r.kings &= ~from;
                pk_pos_put(&r, t, c, kind == 0 ? !king : king);
                r.hash = pk_pos_hash(&r);
                if (pk_pos_validate(v, &r, NULL) != PK_OK)
                    continue;
                /* the same move, legal there too */
                int k = pk_gen_legal(v, &r, ml, 0);
                bool same = false;
                for (int i = 0; i < k && !same; i++)
                    same = pk_move_same(pk_movelist_at(ml, i), &m);
                if (same)
                    q[found++] = r;
            }
            if (kind == 1 && found < 2)
                found = 0; /* both from the same piece */
        }
        if (found < 2) {
            fprintf(stderr, "variant-games: %s: no set-up pair of kind %d\n", name, kind);
            return 1;
        }
        for (int j = 0; j < 2; j++) {
            g.v = v;
            g.start = q[j];
            g.nply = 1;
            g.moves[0] = m;
            g.after[0] = g.start;
            pk_make(v, &g.after[0], &m);
            g.pos = g.after[0];
            g.result = "*";
            write_game(pdn, exp, &g, ++index, kind ? "setup-square" : "setup-king", ml);
        }
        pairs++;
    }
    int nsq = v->geom->nsq, missing = 0;
    char miss[1024] = "";
    for (int s = 1; s <= nsq; s++)
        if (!bit_set(st.written, v->geom->bit_of[s])) {
            missing++;
            char nm[8];
            size_t l = strlen(miss);
            snprintf(miss + l, sizeof miss - l, " %s", pk_square_name(v->geom, v->geom->bit_of[s], false, nm));
        }
    fprintf(stderr,
            "variant-games: %s: %d games, %d set-up pairs, %d of %d squares written, %ld promotions, %ld king "
            "moves, %ld captures (%ld of several pieces)\n",
            name, n, pairs, nsq - missing, nsq, st.promotions, st.king_moves, st.captures, st.multi_captures);
    int bad = 0;
    if (missing) {
        fprintf(stderr, "variant-games: %s: squares no move writes:%s\n", name, miss);
        bad = 1;
    }
    if (!st.promotions || (!st.king_moves && v->goal != PK_GOAL_FIRST_KING) || !st.multi_captures) {
        fprintf(stderr, "variant-games: %s: the games lack a promotion, a king move or a capture of several pieces\n",
                name);
        bad = 1;
    }
    pk_movelist_free(ml);
    pk_draw_free(ds);
    if (fclose(pdn) || fclose(exp))
        return 2;
    return bad;
}

/* Whether a draw rule ends the game at one of its plies (Turkish T11: one piece each is a
 * draw at once). */
static bool drawn_early(const pk_variant *v, const game *g)
{
    static pk_draw_state *ds;
    if (!ds)
        ds = pk_draw_new();
    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int n;
    bool drawn = false;
    pk_draw_init(ds, v, &g->start, -1, 0, ev, PK_DRAW_MAX_EVENTS, &n);
    for (int i = 0; i < n; i++)
        drawn |= ev[i].kind == PK_DRAW_AUTOMATIC;
    pk_pos before = g->start;
    for (int k = 0; k < g->nply; k++) {
        pk_draw_ply(ds, &before, &g->moves[k], &g->after[k], ev, PK_DRAW_MAX_EVENTS, &n);
        for (int i = 0; i < n; i++)
            drawn |= ev[i].kind == PK_DRAW_AUTOMATIC;
        before = g->after[k];
    }
    return drawn;
}

/* square_game with the other side's second piece on square u (0: none). */
static bool square_game_with(const pk_variant *v, int s, int u, game *g, pk_movelist *l1, pk_movelist *l2,
                             pk_movelist *l3)
{
    const pk_geom *G = v->geom;
    bool king = v->goal != PK_GOAL_FIRST_KING; /* a king ends a Breakthrough game */
    int sb = G->bit_of[s], ub = u ? G->bit_of[u] : -1;
    for (int c = 0; c < 2; c++) {
        int me = c ? PK_OTHER(v->first) : v->first;
        for (int t = G->nsq; t >= 1; t--) {
            int tb = G->bit_of[t];
            if (tb == sb || ub == sb || ub == tb)
                continue;
            pk_pos p;
            pk_pos_clear(&p, me);
            pk_pos_put(&p, sb, me, king);
            pk_pos_put(&p, tb, PK_OTHER(me), king);
            if (ub >= 0)
                pk_pos_put(&p, ub, PK_OTHER(me), king);
            if (pk_pos_validate(v, &p, NULL) != PK_OK || pk_has_capture(v, &p))
                continue;
            int n = pk_gen_legal(v, &p, l1, 0);
            for (int i = 0; i < n; i++) {
                const pk_move *m1 = pk_movelist_at(l1, i);
                pk_pos q = p;
                pk_make(v, &q, m1);
                if ((m1->flags & PK_MV_PROMOTE) || pk_has_capture(v, &q) || pk_gen_legal(v, &q, l2, 0) == 0)
                    continue;
                g->v = v;
                g->start = p;
                g->moves[0] = *m1;
                g->after[0] = q;
                g->nply = 1;
                g->result = "*";
                if (!king) {
                    if (!drawn_early(v, g))
                        return true;
                    continue;
                }
                int k = pk_movelist_count(l2);
                for (int j = 0; j < k; j++) {
                    const pk_move *m2 = pk_movelist_at(l2, j);
                    pk_pos r = q;
                    pk_make(v, &r, m2);
                    if (pk_has_capture(v, &r))
                        continue;
                    int kb = pk_gen_legal(v, &r, l3, 0);
                    for (int b = 0; b < kb; b++) {
                        const pk_move *m3 = pk_movelist_at(l3, b);
                        if (m3->from != m1->to || m3->to != sb || m3->ncap)
                            continue;
                        g->moves[1] = *m2;
                        g->after[1] = r;
                        g->moves[2] = *m3;
                        g->after[2] = r;
                        pk_make(v, &g->after[2], m3);
                        g->nply = 3;
                        if (!drawn_early(v, g))
                            return true;
                    }
                }
            }
        }
    }
    return false;
}

/* A game that writes square s: a piece of the side to move on s leaves it and, where it
 * can, comes back (a king), the other side's piece making one move between (and, where one
 * piece each is a draw, a second piece of the other side standing by). */
static bool square_game(const pk_variant *v, int s, game *g, pk_movelist *l1, pk_movelist *l2, pk_movelist *l3)
{
    for (int u = 0; u <= v->geom->nsq; u++)
        if (u != s && square_game_with(v, s, u, g, l1, l2, l3))
            return true;
    return false;
}

static int cmd_square_games(const char *name, const char *pdn_path, const char *exp_path, const char *moves_path)
{
    const pk_variant *v = variant_or_die(name);
    FILE *pdn = open_or_die(pdn_path), *exp = open_or_die(exp_path), *mov = open_or_die(moves_path);
    pk_movelist *ml = pk_movelist_new(), *l2 = pk_movelist_new(), *l3 = pk_movelist_new();
    static game g;
    int bad = 0;
    for (int s = 1; s <= v->geom->nsq; s++) {
        if (!square_game(v, s, &g, ml, l2, l3)) {
            fprintf(stderr, "variant-games: %s: no game found for square %d\n", name, s);
            bad = 1;
            continue;
        }
        g.pos = g.after[g.nply - 1];
        /* every legal move of the start position: s, the position after it (numeric, algebraic) */
        int n = pk_gen_legal(v, &g.start, ml, 0);
        for (int i = 0; i < n; i++) {
            pk_pos q = g.start;
            char num[FENBUF], alg[FENBUF];
            pk_make(v, &q, pk_movelist_at(ml, i));
            pk_fen_write(v, &q, false, num, sizeof num);
            fprintf(mov, "%d\t%s\t%s\n", s, num, fen_alg(v, &q, alg));
        }
        /* the game's first move, numeric and algebraic, as a line "first <TAB> s <TAB> ..." */
        char mn[512], ma[512];
        pk_move_write_pdn(v, ml, &g.moves[0], PK_NOT_NUMERIC, mn, sizeof mn);
        pk_move_write_pdn(v, ml, &g.moves[0], PK_NOT_ALGEBRAIC, ma, sizeof ma);
        fprintf(mov, "first\t%d\t%s\t%s\n", s, mn, ma);
        char ev[32];
        snprintf(ev, sizeof ev, "square %d", s);
        /* the expectation file's last column: the square */
        FILE *tmp = tmpfile();
        write_game(pdn, tmp, &g, s, ev, ml);
        rewind(tmp);
        char line[2 * FENBUF + 64];
        while (fgets(line, sizeof line, tmp)) {
            line[strcspn(line, "\n")] = 0;
            fprintf(exp, "%s\t%d\n", line, s);
        }
        fclose(tmp);
    }
    pk_movelist_free(ml);
    pk_movelist_free(l2);
    pk_movelist_free(l3);
    if (fclose(pdn) || fclose(exp) || fclose(mov))
        return 2;
    return bad;
}

/* Positions that together hold a king on every square of v, at most max_men a side: one
 * game of no move each (a FEN tag), chunk <TAB> numeric FEN <TAB> algebraic FEN into EXPECT. */
static int cmd_chunks(const char *name, const char *pdn_path, const char *exp_path)
{
    const pk_variant *v = variant_or_die(name);
    FILE *pdn = open_or_die(pdn_path), *exp = open_or_die(exp_path);
    int nsq = v->geom->nsq, per = v->max_men, chunk = 0;
    for (int s = 1; s <= nsq; chunk++) {
        pk_pos p;
        pk_pos_clear(&p, v->first);
        for (int c = 0; c < 2 && s <= nsq; c++)
            for (int k = 0; k < per && s <= nsq; k++, s++)
                pk_pos_put(&p, v->geom->bit_of[s], c ? PK_BLACK : PK_WHITE, true);
        char num[FENBUF], alg[FENBUF];
        pk_fen_write(v, &p, false, num, sizeof num);
        fprintf(pdn, "[Event \"chunk %d\"]\n[GameType \"%d\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n*\n\n", chunk + 1,
                v->gametype, num);
        fprintf(exp, "%d\t%s\t%s\n", chunk + 1, num, fen_alg(v, &p, alg));
    }
    if (fclose(pdn) || fclose(exp))
        return 2;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) {
        for (int i = 0; i < pk_variant_count(); i++)
            printf("%s\n", pk_variant_at(i)->name);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "squares")) {
        const pk_variant *v = variant_or_die(argv[2]);
        /* far: on the last two files or ranks of the algebraic frame, or the last row of
         * numbers (issue 31: k, l, 11, 12 on 12x12) */
        const pk_geom *G = v->geom;
        int per_row = G->full ? G->width : G->width / 2;
        for (int s = 1; s <= G->nsq; s++) {
            char a[8];
            int b = G->bit_of[s];
            bool far = G->alg_file[b] >= G->width - 2 || G->alg_rank[b] >= G->height - 2 || s > G->nsq - per_row;
            printf("%d\t%s\t%d\n", s, pk_square_name(G, b, true, a), far);
        }
        return 0;
    }
    if (argc == 7 && !strcmp(argv[1], "games"))
        return cmd_games(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 10), argv[5], argv[6]);
    if (argc == 6 && !strcmp(argv[1], "square-games"))
        return cmd_square_games(argv[2], argv[3], argv[4], argv[5]);
    if (argc == 5 && !strcmp(argv[1], "chunks"))
        return cmd_chunks(argv[2], argv[3], argv[4]);
    fputs("usage: variant-games list | squares V | games V N SEED PDN EXPECT | square-games V PDN EXPECT MOVES | "
          "chunks V PDN EXPECT\n",
          stderr);
    return 2;
}
