/*
 * search.c -- positions, material balances and an opening looked for in a game's replay
 * (see search.h). The criteria are compiled per variant row: a FEN parsed under each
 * variant's rules and notation (and turned, for the reversed colours), an opening read
 * into written moves under each variant and played once from the variant's start
 * position. While a game is replayed the observer compares each main-line position with
 * the targets of the game's variant and follows the opening's line.
 */
#include "search.h"

#include "pk_nls.h"
#include "rule_options.h"
#include "encoding.h"
#include "variant_int.h"
#include "fen.h"
#include "pdn_resume.h"
#include "pk_port.h"
#include "written.h"
#include "pk_bits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct target {
    bool ok[PK_V_COUNT];       /* the FEN is a position of that variant */
    pk_pos pos[PK_V_COUNT], rev[PK_V_COUNT];
    bool reversed;
} target;

typedef struct material {
    int men[2], kings[2];
} material;

/* The opening, read under one variant. */
typedef struct opening {
    bool ok;                  /* its moves are squares of this board */
    pk_written w[PK_SEARCH_MAX_OPENING];
    pk_move line[PK_SEARCH_MAX_OPENING]; /* played from the start position, as far as known */
    int nline;                /* moves of line[]: n when the whole line is legal from the start */
    bool ambiguous;           /* line[] stops at an ambiguous move: go on by matching */
} opening;

struct pk_search {
    unsigned gen_flags;
    target fen[PK_SEARCH_MAX];
    int nfen;
    material mat[PK_SEARCH_MAX];
    int nmat;
    opening *open; /* [PK_V_COUNT], NULL without --opening */
    int nopen;     /* its moves */
    pk_pos start[PK_V_COUNT];
    /* scratch for matching written moves (about 200 KB each), lent to the games that
     * need one (an opening from another start): at most one per replaying thread */
    pthread_mutex_t lock;
    pk_match_scratch **spare;
    int nspare, capspare;
};

enum { OPEN_PENDING, OPEN_MATCHED, OPEN_FAILED };

struct pk_search_game {
    pk_search *s;
    const pk_variant *v;
    int fen_ply[PK_SEARCH_MAX], mat_ply[PK_SEARCH_MAX];
    const pk_pos *want[2 * PK_SEARCH_MAX]; /* the targets of the game's variant not seen yet,
                                              each with its reversed one or NULL */
    int nwant;
    int want_fen[PK_SEARCH_MAX]; /* the --fen each pair of want[] stands for */
    int open_state, open_ply;
    bool open_fast; /* the game started at the variant's start and set nothing up yet */
    pk_match_scratch *scratch;
};

pk_search *pk_search_new(unsigned gen_flags)
{
    pk_search *s = calloc(1, sizeof *s);
    if (!s || pthread_mutex_init(&s->lock, NULL) != 0) {
        free(s);
        return NULL;
    }
    s->gen_flags = gen_flags;
    for (int i = 0; i < PK_V_COUNT; i++)
        pk_fen_parse(pk_variant_at(i), pk_variant_at(i)->start_fen, (size_t)-1, &s->start[i], NULL, NULL);
    return s;
}

void pk_search_free(pk_search *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nspare; i++)
        pk_match_scratch_free(s->spare[i]);
    free(s->spare);
    free(s->open);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

bool pk_search_empty(const pk_search *s) { return !s->nfen && !s->nmat && !s->open; }

/* The house rule under which v's games are replayed (check.c leaves it out for the
 * variants it does not belong to). */
static unsigned flags_for(const pk_search *s, const pk_variant *v)
{
    return s->gen_flags && pk_rule_options_apply(v, s->gen_flags, 0, NULL) == PK_OK ? s->gen_flags : 0;
}

/* ------------------------------------------------------------------ positions */

/* p with the colours reversed: the board turned half a round (the square of file f, rank
 * r goes to file W-1-f, rank H-1-r), every piece changing colour, the other side to move. */
static void reverse(const pk_variant *v, const pk_pos *p, pk_pos *out)
{
    const pk_geom *g = v->geom;
    pk_pos_clear(out, PK_OTHER(p->turn));
    for (int c = 0; c < 2; c++)
        for (pk_bb b = p->pieces[c]; b; b &= b - 1) {
            int bit = pk_lsb(b);
            int to = pk_geom_bit(g, g->width - 1 - g->file_of[bit], g->height - 1 - g->rank_of[bit]);
            if (to >= 0)
                pk_pos_put(out, to, PK_OTHER(c), (p->kings & PK_BIT(bit)) != 0);
        }
}

int pk_search_add_fen(pk_search *s, const char *fen, bool reversed, const pk_variant *only, pk_error *err)
{
    if (s->nfen == PK_SEARCH_MAX)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("at most %d --fen options"), PK_SEARCH_MAX);
    /* The side to move first: the FEN reader also takes '?' (a side not known), which a
     * position looked for cannot be; its error would list '?' among the choices. */
    const char *p = fen + strspn(fen, " \t");
    if (!*p)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--fen '%s': an empty FEN"), fen);
    if (*p != 'W' && *p != 'w' && *p != 'B' && *p != 'b') {
        char shown[24];
        pk_text_escape(shown, sizeof shown, p, strcspn(p, ":"));
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--fen '%s': the side to move is W or B, not '%s'"), fen, shown);
    }
    target *t = &s->fen[s->nfen];
    memset(t, 0, sizeof *t);
    t->reversed = reversed;
    int n = 0;
    pk_error first;
    pk_error_clear(&first);
    for (int i = 0; i < PK_V_COUNT; i++) {
        const pk_variant *v = pk_variant_at(i);
        if (only && v != only)
            continue;
        pk_fen_extra x;
        pk_error e;
        if (pk_fen_parse(v, fen, (size_t)-1, &t->pos[i], &x, &e) != PK_OK) {
            /* the reason of the first variant, or better of the first whose board holds
               every square ("l12" is off the 10x10 board, not off the 12x12) */
            if (!first.msg[0] || v == only || (first.code == PK_ERR_RANGE && e.code != PK_ERR_RANGE))
                first = e;
            continue;
        }
        t->ok[i] = true;
        reverse(v, &t->pos[i], &t->rev[i]);
        n++;
    }
    if (!n)
        return pk_error_set(err, PK_ERR_USAGE, 0, only ? PK_T("--fen '%s' is not a position of %s: %s")
                                 : PK_T("--fen '%s' is not a position of any variant%s: %s"),
                            fen, only ? only->name : "", first.msg);
    s->nfen++;
    return PK_OK;
}

/* ------------------------------------------------------------------ material */

int pk_search_add_material(pk_search *s, const char *spec, pk_error *err)
{
    if (s->nmat == PK_SEARCH_MAX)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("at most %d --material options"), PK_SEARCH_MAX);
    material m;
    memset(&m, 0, sizeof m);
    bool seen[2] = {false, false};
    int side = -1;
    for (const char *p = spec; *p;) {
        char c = *p;
        if (c == ':') {
            p++;
            continue;
        }
        if (c == 'W' || c == 'w' || c == 'B' || c == 'b') {
            side = c == 'W' || c == 'w' ? PK_WHITE : PK_BLACK;
            if (seen[side])
                return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--material '%s': %s given twice"), spec,
                                    side == PK_WHITE ? "W" : "B");
            seen[side] = true;
            p++;
            continue;
        }
        if ((c == 'M' || c == 'm' || c == 'K' || c == 'k') && side >= 0) {
            int *n = c == 'M' || c == 'm' ? &m.men[side] : &m.kings[side];
            char *end;
            long k = p[1] >= '0' && p[1] <= '9' ? strtol(p + 1, &end, 10) : (end = (char *)p + 1, 1);
            if (k > PK_MAX_SQUARES)
                return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--material '%s': %ld pieces"), spec, k);
            *n += (int)k;
            p = end;
            continue;
        }
        return pk_error_set(err, PK_ERR_USAGE, 0,
                            PK_T("--material '%s': '%c' unexpected (write each side as W or B followed by M and K with "
                            "their counts, as in W:K3:B:K1)"),
                            spec, c);
    }
    if (!seen[0] || !seen[1])
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--material '%s': name both sides, W and B (W:K3:B:K1)"), spec);
    s->mat[s->nmat++] = m;
    return PK_OK;
}

static bool has_material(const material *m, const pk_pos *p)
{
    return pk_popcount(pk_men(p, PK_WHITE)) == m->men[PK_WHITE] &&
           pk_popcount(pk_kings(p, PK_WHITE)) == m->kings[PK_WHITE] &&
           pk_popcount(pk_men(p, PK_BLACK)) == m->men[PK_BLACK] &&
           pk_popcount(pk_kings(p, PK_BLACK)) == m->kings[PK_BLACK];
}

/* ------------------------------------------------------------------ the opening */

static pk_match_scratch *lend(pk_search *s)
{
    pk_match_scratch *m = NULL;
    pthread_mutex_lock(&s->lock);
    if (s->nspare)
        m = s->spare[--s->nspare];
    pthread_mutex_unlock(&s->lock);
    return m ? m : pk_match_scratch_new();
}

static void give_back(pk_search *s, pk_match_scratch *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&s->lock);
    if (s->nspare == s->capspare) {
        int cap = s->capspare ? 2 * s->capspare : 8;
        pk_match_scratch **p = realloc(s->spare, (size_t)cap * sizeof *p);
        if (p)
            s->spare = p, s->capspare = cap;
    }
    if (s->nspare < s->capspare)
        s->spare[s->nspare++] = m, m = NULL;
    pthread_mutex_unlock(&s->lock);
    pk_match_scratch_free(m);
}

/* Is the written move w the move `played` in p? As the replay matches a written move: a
 * move played as recorded (a capture refused, or missed) is the move it names; an
 * ambiguous one names each of its candidates. */
static bool names(const pk_variant *v, const pk_pos *p, const pk_written *w, const pk_move *played, unsigned flags,
                  pk_match_scratch *sc)
{
    pk_match m;
    switch (pk_match_move(v, p, w, flags, sc, &m)) {
    case PK_MATCH_ILLEGAL: return false;
    case PK_MATCH_AMBIGUOUS:
        for (int i = 0; i < m.ncand; i++)
            if (pk_move_same(&m.cand[i], played))
                return true;
        return false;
    default: return pk_move_same(&m.move, played);
    }
}

/* The opening's text read as a main line (the reader's own movetext grammar: numbers,
 * any notation, hops) into g; PK_ERR_USAGE when it is not one. */
static int read_moves_as(const char *moves, const char *tag, pk_game *g, pk_error *err)
{
    size_t n = strlen(moves), t = strlen(tag);
    char *text = malloc(t + n + 4);
    if (!text)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    memcpy(text, tag, t);
    memcpy(text + t, moves, n);
    memcpy(text + t + n, " *\n", 4);
    n += t;
    pk_src *src = pk_src_mem_new(err); /* the reader over a string: no FILE needed */
    if (src)
        pk_src_mem_set(src, text, n + 3, PK_ENC_UTF8, PK_SRC_NONE, PK_SRC_NONE, 0);
    pk_pdn_reader *r = src ? pk_pdn_open_src(src, "--opening", 0, err) : NULL;
    int st = r ? pk_pdn_step(r, g, NULL) : -1;
    pk_game more;
    pk_game_init(&more);
    bool one = st > 0 && pk_pdn_step(r, &more, NULL) == 0; /* a result inside makes two games */
    pk_game_free(&more);
    pk_pdn_close(r);
    pk_src_close(src);
    free(text);
    if (st <= 0 || !one || g->nerrors || g->ntags != (*tag != 0) || !g->main.nmoves)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--opening '%s': not a line of moves (as '11-15 23-19 8-11')"),
                            moves);
    for (int i = 0; i < g->main.nmoves; i++) {
        if (g->main.moves[i].flags & PK_PDN_MOVE_PLACEHOLDER)
            return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--opening '%s': '%s' is not a move"), moves,
                                g->main.moves[i].text);
        for (const pk_pdn_note *n = g->main.moves[i].after; n; n = n->next)
            if (n->kind == PK_NOTE_VARIATION || n->kind == PK_NOTE_SETUP)
                return pk_error_set(err, PK_ERR_USAGE, 0, n->kind == PK_NOTE_SETUP
                                        ? PK_T("--opening '%s': one line of moves, without a setup")
                                        : PK_T("--opening '%s': one line of moves, without variations"),
                                    moves);
    }
    return PK_OK;
}

/* The opening under v: its written moves (hops joined), then its line from v's start. */
static void compile_opening(pk_search *s, const pk_game *g, const pk_variant *v, opening *o, pk_match_scratch *sc,
                            char *why, size_t size)
{
    int n = 0;
    o->ok = true;
    const pk_pdn_square *bad = NULL;
    for (int i = 0; i < g->main.nmoves && o->ok; i++)
        if (!(g->main.moves[i].flags & PK_PDN_MOVE_HOP) || !n) /* a hop joins the move before it */
            o->ok = pk_written_line_move(v, &g->main, i, &o->w[n++], &bad) == PK_OK;
    if (!o->ok) { /* the square named as the replay names it */
        const pk_geom *gm = v->geom;
        if (bad && bad->kind != PK_SQ_NUMERIC && (bad->file >= gm->width || bad->rank > gm->height))
            snprintf(why, size, PK_T("%s: '%s' is not a square of the %dx%d board"), v->name, bad->text, gm->width,
                     gm->height);
        else
            snprintf(why, size, PK_T("square '%s' is not a playing square of the %s board"), bad ? bad->text : "?",
                     v->name);
        return;
    }
    s->nopen = n;
    pk_pos p = s->start[v->index];
    unsigned flags = flags_for(s, v);
    for (o->nline = 0; o->nline < n; o->nline++) {
        pk_match m;
        int k = pk_match_move(v, &p, &o->w[o->nline], flags, sc, &m);
        if (k == PK_MATCH_AMBIGUOUS) {
            o->ambiguous = true;
            break;
        }
        if (k == PK_MATCH_ILLEGAL) {
            snprintf(why, size, PK_T("%s: move %d is illegal (%s)"), v->name, o->nline + 1, pk_illegal_why_text(m.why));
            break;
        }
        o->line[o->nline] = m.move;
        pk_make(v, &p, &m.move);
    }
}

/* As read_moves_as without a tag; when that is not one line of moves, read again as a
 * Turkish game's, where "1-2" and "2-1" are moves, not results (pdn(5) RESULTS). */
static int read_moves(const char *moves, pk_game *g, pk_error *err)
{
    int st = read_moves_as(moves, "", g, err);
    if (st == PK_ERR_USAGE && (strstr(moves, "1-2") || strstr(moves, "2-1"))) {
        pk_game_free(g);
        pk_game_init(g);
        pk_error again;
        if (read_moves_as(moves, "[Variant \"Turkish\"]\n", g, &again) == PK_OK)
            return PK_OK;
    }
    return st;
}

int pk_search_set_opening(pk_search *s, const char *moves, const pk_variant *only, char *warning, size_t size,
                          pk_error *err)
{
    if (s->open)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--opening given twice"));
    warning[0] = 0;
    pk_game g;
    pk_game_init(&g);
    pk_match_scratch *sc = pk_match_scratch_new();
    int st = sc ? read_moves(moves, &g, err) : pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    int countable = 0;
    for (int i = 0; i < g.main.nmoves; i++)
        countable += !(g.main.moves[i].flags & PK_PDN_MOVE_HOP);
    if (st == PK_OK && countable > PK_SEARCH_MAX_OPENING)
        st = pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--opening: at most %d moves"), PK_SEARCH_MAX_OPENING);
    if (st == PK_OK && !(s->open = calloc(PK_V_COUNT, sizeof *s->open)))
        st = pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    int readable = 0, legal = 0, furthest = -1;
    char why[200] = "", first[200] = "";
    for (int i = 0; st == PK_OK && i < PK_V_COUNT; i++) {
        const pk_variant *v = pk_variant_at(i);
        if (only && v != only)
            continue;
        why[0] = 0;
        compile_opening(s, &g, v, &s->open[i], sc, why, sizeof why);
        readable += s->open[i].ok;
        legal += s->open[i].ok && (s->open[i].nline == s->nopen || s->open[i].ambiguous);
        /* say why under the variant that reads it furthest (the first of those) */
        if (why[0] && s->open[i].nline > furthest) {
            furthest = s->open[i].nline;
            snprintf(first, sizeof first, "%s", why);
        }
    }
    if (st == PK_OK && !readable)
        st = pk_error_set(err, PK_ERR_USAGE, 0, "--opening '%s': %s", moves, first);
    else if (st == PK_OK && !legal)
        snprintf(warning, size,
                 PK_T("--opening '%s' is not a line from the start position of %s (%s): only games from a FEN can match"),
                 moves, only ? only->name : PK_T("any variant"), first);
    if (st != PK_OK) {
        free(s->open);
        s->open = NULL;
    }
    pk_match_scratch_free(sc);
    pk_game_free(&g);
    return st;
}

/* ------------------------------------------------------------------ a game */

pk_search_game *pk_search_game_new(pk_search *s)
{
    pk_search_game *g = calloc(1, sizeof *g);
    if (g)
        g->s = s;
    return g;
}

void pk_search_game_free(pk_search_game *g)
{
    if (!g)
        return;
    give_back(g->s, g->scratch);
    free(g);
}

void pk_search_begin(pk_search_game *g)
{
    g->v = NULL;
    for (int i = 0; i < g->s->nfen; i++)
        g->fen_ply[i] = -1;
    for (int i = 0; i < g->s->nmat; i++)
        g->mat_ply[i] = -1;
    g->open_state = g->s->open ? OPEN_PENDING : OPEN_MATCHED;
    g->open_ply = 0;
    g->open_fast = false;
}

/* The targets of the game's variant (a FEN another variant cannot read is none). */
static void targets(pk_search_game *g)
{
    const pk_search *s = g->s;
    int vi = g->v->index;
    g->nwant = 0;
    for (int i = 0; i < s->nfen; i++)
        if (s->fen[i].ok[vi]) {
            g->want_fen[g->nwant / 2] = i;
            g->want[g->nwant++] = &s->fen[i].pos[vi];
            g->want[g->nwant++] = s->fen[i].reversed ? &s->fen[i].rev[vi] : NULL;
        }
}

/* A position of the main line, reached at ply: the hot path, once per ply. */
static void position(pk_search_game *g, const pk_pos *p, int ply)
{
    for (int i = 0; i < g->nwant; i += 2)
        if (pk_pos_equal(p, g->want[i]) || (g->want[i + 1] && pk_pos_equal(p, g->want[i + 1]))) {
            g->fen_ply[g->want_fen[i / 2]] = ply; /* found: looked for no more */
            g->nwant -= 2;
            g->want[i] = g->want[g->nwant], g->want[i + 1] = g->want[g->nwant + 1];
            g->want_fen[i / 2] = g->want_fen[g->nwant / 2];
            i -= 2;
        }
    const pk_search *s = g->s;
    for (int i = 0; i < s->nmat; i++)
        if (g->mat_ply[i] < 0 && has_material(&s->mat[i], p))
            g->mat_ply[i] = ply;
}

/* Ply i of the main line against the opening's move i. */
static void opening_ply(pk_search_game *g, const pk_replay_event *e)
{
    pk_search *s = g->s;
    const opening *o = &s->open[g->v->index];
    int i = e->ply - 1;
    bool same;
    if (g->open_fast && i < o->nline)
        same = pk_move_same(e->move, &o->line[i]);
    else if (g->open_fast && !o->ambiguous) /* the line is illegal from here: no game plays it */
        same = false;
    else if (!g->scratch && !(g->scratch = lend(s)))
        same = false; /* out of memory: said as no match (the tool cannot tell better) */
    else
        same = names(g->v, e->before, &o->w[i], e->move, flags_for(s, g->v), g->scratch);
    if (!same)
        g->open_state = OPEN_FAILED;
    else if (e->ply == s->nopen)
        g->open_state = OPEN_MATCHED, g->open_ply = e->ply;
}

void pk_search_event(void *ctx, const pk_replay_event *e)
{
    pk_search_game *g = ctx;
    if (e->depth)
        return;
    switch (e->kind) {
    case PK_EV_START:
        g->v = e->variant;
        targets(g);
        if (g->open_state == OPEN_PENDING) {
            const opening *o = &g->s->open[g->v->index];
            if (!o->ok)
                g->open_state = OPEN_FAILED;
            g->open_fast = pk_pos_equal(e->after, &g->s->start[g->v->index]);
        }
        position(g, e->after, 0);
        break;
    case PK_EV_PLY:
        if (g->open_state == OPEN_PENDING)
            opening_ply(g, e);
        position(g, e->after, e->ply);
        break;
    case PK_EV_SETUP:
        g->open_fast = false; /* the opening goes on from the board set up, if at all */
        if (g->v)
            position(g, e->after, e->ply);
        break;
    default: break;
    }
}

bool pk_search_end(pk_search_game *g, int *ply)
{
    give_back(g->s, g->scratch);
    g->scratch = NULL;
    int at = g->open_ply;
    bool all = g->v && g->open_state == OPEN_MATCHED;
    for (int i = 0; i < g->s->nfen; i++)
        all &= g->fen_ply[i] >= 0, at = g->fen_ply[i] > at ? g->fen_ply[i] : at;
    for (int i = 0; i < g->s->nmat; i++)
        all &= g->mat_ply[i] >= 0, at = g->mat_ply[i] > at ? g->mat_ply[i] : at;
    if (ply)
        *ply = all ? at : 0;
    return all;
}
