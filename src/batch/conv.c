/*
 * conv.c -- a game converted as pdnconv converts it (see conv.h): the replay's observer
 * keeps, per written move and setup, its texts in the chosen notation (a record keyed by
 * the move as written, in a pool of strings), and the writer asks for them as it writes
 * the game again: as PDN through pk_pdn_write_game (pdn_write.c), as one JSON object, or
 * as one line of Hub moves. A move the replay did not reach (after an error) keeps its
 * text as written. Used by pdnconv and by pdngrep --clean / --json.
 */
#include "conv.h"

#include "fen.h"
#include "rule_options.h"
#include "json.h"
#include "notation.h"

#include <stdlib.h>
#include <string.h>

/* What the replay said about one written move (or setup): its texts, in the pool. */
typedef struct rec {
    const void *key;    /* the pk_pdn_move as written (its first token), or a setup's text */
    int joined;         /* a hop-by-hop token that the move before it now includes */
    int ply, number, side;
    size_t shortm, full, hub, fen, caps, from, to; /* offsets into the pool */
} rec;

/* One game in flight: what the replay said of its moves, filled on the thread replaying
 * it (pk_conv_event), read when the game is written. */
struct pk_conv {
    const pk_conv_opts *o; /* the options, read only */
    const pk_variant *v;
    rec *recs;
    size_t nrecs, caprecs;
    bool unsorted; /* a rec's key below the one before it (variations): sort before lookups */
    size_t hint;   /* the rec after the last one looked up: the writer asks in file order */
    char *pool;
    size_t used, cap;
    bool failed;        /* out of memory */
    pk_movelist *legal; /* made when a capture is first written short */
};

pk_conv *pk_conv_new(const pk_conv_opts *o)
{
    pk_conv *G = calloc(1, sizeof *G);
    if (G)
        G->o = o;
    return G;
}

void pk_conv_free(pk_conv *G)
{
    if (!G)
        return;
    free(G->recs);
    free(G->pool);
    pk_movelist_free(G->legal);
    free(G);
}

void pk_conv_begin(pk_conv *G)
{
    G->nrecs = 0;
    G->used = 0;
    G->v = NULL;
    G->unsorted = false;
    G->failed = false;
}

bool pk_conv_failed(const pk_conv *G) { return G->failed; }

static bool algebraic(const pk_conv *G)
{
    return G->o->notation ? G->o->notation == PK_NOT_ALGEBRAIC : G->v->algebraic;
}

static size_t keep(pk_conv *G, const char *s)
{
    size_t n = strlen(s) + 1;
    if (G->used + n > G->cap) {
        size_t cap = G->cap ? G->cap * 2 : 1 << 12;
        while (cap < G->used + n)
            cap *= 2;
        char *p = realloc(G->pool, cap);
        if (!p) {
            G->failed = true;
            return 0;
        }
        G->pool = p;
        G->cap = cap;
    }
    memcpy(G->pool + G->used, s, n);
    G->used += n;
    return G->used - n;
}

static const char *at(const pk_conv *G, size_t off) { return G->pool + off; }

static rec *new_rec(pk_conv *G, const void *key)
{
    if (G->nrecs == G->caprecs) {
        size_t cap = G->caprecs ? G->caprecs * 2 : 256;
        rec *p = realloc(G->recs, cap * sizeof *p);
        if (!p) {
            G->failed = true;
            return NULL;
        }
        G->recs = p;
        G->caprecs = cap;
    }
    if (G->nrecs && (const char *)key < (const char *)G->recs[G->nrecs - 1].key)
        G->unsorted = true;
    rec *r = &G->recs[G->nrecs++];
    memset(r, 0, sizeof *r);
    r->key = key;
    return r;
}

/* The replay's generator flags: check.c leaves out a house rule of other variants. */
static unsigned gen_flags(const pk_conv *G)
{
    pk_error err;
    unsigned flags = G->o->gen_flags;
    return G->o->variant_given || pk_rule_options_apply(G->v, flags, 0, &err) == PK_OK ? flags : 0;
}

/* The move in the chosen notation; the capture separator replaced when asked
 * (square names hold no 'x' or ':'). */
static void write_move(pk_conv *G, const pk_replay_event *e, bool full, char *buf, size_t size)
{
    const pk_conv_opts *R = G->o;
    const pk_move *m = e->move;
    unsigned f = R->notation ? (unsigned)R->notation : algebraic(G) ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC;
    if (full || !m->ncap) {
        pk_move_write(G->v, m, f | (full ? PK_NOT_FULL : 0), buf, size);
    } else { /* the PDN 3.0 rule: from-to unless another legal capture shares them (RULES 4.3) */
        if (!G->legal && !(G->legal = pk_movelist_new())) {
            G->failed = true;
            buf[0] = 0;
            return;
        }
        pk_gen_legal(G->v, e->before, G->legal, R->gen_flags ? gen_flags(G) : 0);
        pk_move_write_pdn(G->v, G->legal, m, f, buf, size);
    }
    if (R->sep)
        for (char *p = buf; *p; p++)
            if (*p == 'x' || *p == ':')
                *p = (char)R->sep;
}

/* Hub: numbers, "from-to", or "fromxto" then every captured square ("28x19x23"). */
static void write_hub(const pk_variant *v, const pk_move *m, char *buf, size_t size)
{
    char a[8], b[8];
    size_t n = (size_t)snprintf(buf, size, "%s%c%s", pk_square_name(v->geom, m->from, false, a),
                                m->ncap ? 'x' : '-', pk_square_name(v->geom, m->to, false, b));
    for (int i = 0; i < m->ncap && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "x%s", pk_square_name(v->geom, m->caps[i], false, a));
}

/* A FEN in the chosen notation, its :H and :F kept from the text it came from. */
static void convert_fen(const pk_conv *G, const pk_pos *p, const char *orig, char *buf, size_t size)
{
    pk_fen_extra x;
    pk_pos q;
    int n = pk_fen_write(G->v, p, algebraic(G), buf, size);
    if (n < 0 || (size_t)n >= size || !orig || pk_fen_parse(G->v, orig, (size_t)-1, &q, &x, NULL) != PK_OK)
        return;
    if (x.halfmove >= 0)
        n += snprintf(buf + n, size - (size_t)n, ":H%d", x.halfmove);
    if (x.fullmove >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ":F%d", x.fullmove);
}

/* The observer (check.h): on a worker thread, into the game's own state. */
void pk_conv_event(void *ctx, const pk_replay_event *e)
{
    pk_conv *G = ctx;
    const pk_conv_opts *R = G->o;
    char buf[512];
    G->v = e->variant;
    if (e->kind == PK_EV_SETUP && e->fen) {
        rec *r = new_rec(G, e->fen);
        if (r) {
            convert_fen(G, e->after, e->fen, buf, sizeof buf);
            r->fen = keep(G, buf);
        }
        return;
    }
    if (e->kind != PK_EV_PLY || !e->written)
        return;
    rec *r = new_rec(G, e->written);
    if (!r)
        return;
    const pk_move *m = e->move;
    r->ply = e->ply;
    r->number = e->move_number;
    r->side = e->side;
    /* only what the output shows: the replay's cost is the floor, the texts add to it */
    if (R->to == PK_CONV_HUB) {
        write_hub(G->v, m, buf, sizeof buf);
        r->hub = keep(G, buf);
    } else {
        write_move(G, e, R->full, buf, sizeof buf);
        r->shortm = keep(G, buf);
    }
    if (R->to == PK_CONV_JSON) {
        write_move(G, e, true, buf, sizeof buf);
        r->full = keep(G, buf);
        pk_fen_write(G->v, e->after, algebraic(G), buf, sizeof buf);
        r->fen = keep(G, buf);
        char sq[8];
        size_t n = 0;
        buf[0] = 0;
        for (int i = 0; i < m->ncap && n < sizeof buf; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? " " : "",
                                  pk_square_name(G->v->geom, m->caps[i], algebraic(G), sq));
        r->caps = keep(G, buf);
        r->from = keep(G, pk_square_name(G->v->geom, m->from, algebraic(G), sq));
        r->to = keep(G, pk_square_name(G->v->geom, m->to, algebraic(G), sq));
    }
    for (int i = 1; i <= e->nhops; i++) {
        rec *h = new_rec(G, e->written + i);
        if (h)
            h->joined = 1;
    }
}

static int by_key(const void *a, const void *b)
{
    const void *x = ((const rec *)a)->key, *y = ((const rec *)b)->key;
    return x < y ? -1 : x > y;
}

static const rec *lookup(pk_conv *G, const void *key)
{
    if (G->hint < G->nrecs && G->recs[G->hint].key == key)
        return &G->recs[G->hint++];
    if (!G->nrecs) /* nothing replayed (recs may still be NULL: bsearch wants an array) */
        return NULL;
    rec k;
    k.key = key;
    const rec *r = bsearch(&k, G->recs, G->nrecs, sizeof k, by_key);
    if (r)
        G->hint = (size_t)(r - G->recs) + 1;
    return r;
}

static const char *move_text(void *ctx, const pk_pdn_line *l, int i, int depth, char *buf, size_t size)
{
    (void)depth, (void)buf, (void)size;
    pk_conv *G = ctx;
    const rec *r = lookup(G, &l->moves[i]);
    if (!r)
        return l->moves[i].text; /* not replayed (after an error): as written */
    return r->joined ? NULL : at(G, r->shortm);
}

static const char *setup_text(void *ctx, const char *fen, char *buf, size_t size)
{
    (void)buf, (void)size;
    pk_conv *G = ctx;
    const rec *r = lookup(G, fen);
    return r ? at(G, r->fen) : fen;
}

/* The terminator and the Result tag to write: the result the record states (the
 * terminator's, else the tag's) as a PDN token, the tag apart where it says something
 * else: another result (both kept; on_diag warns), or none ("?") where the terminator
 * names none. */
static void results(const pk_conv_opts *R, const pk_conv *G, const pk_game *g, pk_pdn_write_opts *o)
{
    pk_stated_result sr;
    pk_game_stated_result(g, &sr);
    o->result = pk_result_token_as(R->results, G->v, sr.kind, sr.text);
    if (sr.tag && sr.conflict)
        o->result_tag = pk_result_token_as(R->results, G->v, sr.tag_kind, sr.tag);
    else if (sr.tag && sr.tag_kind < 0 && sr.kind < PK_RESULT_FIRST_WIN)
        o->result_tag = sr.tag;
}

/* The FEN tag to write: none when the game starts from the variant's start position,
 * else the FEN in the chosen notation. */
static const char *fen_tag(const pk_conv *G, const pk_game *g, char *buf, size_t size)
{
    pk_pos p, start;
    pk_fen_extra x;
    if (!g->fen || pk_fen_parse(G->v, g->fen, (size_t)-1, &p, &x, NULL) != PK_OK)
        return NULL; /* as read: a FEN the replay could not use stays for a person to see */
    pk_fen_parse(G->v, G->v->start_fen, (size_t)-1, &start, NULL, NULL);
    if (p.pieces[0] == start.pieces[0] && p.pieces[1] == start.pieces[1] && p.kings == start.kings &&
        p.turn == start.turn && x.fullmove < 0 && x.halfmove < 0)
        return "";
    convert_fen(G, &p, g->fen, buf, size);
    return buf;
}

static void write_pdn(const pk_conv_opts *R, pk_conv *G, const pk_game *g, FILE *out)
{
    pk_pdn_write_opts o;
    memset(&o, 0, sizeof o);
    char gt[32], fen[PK_FEN_MAX + 32];
    if (G->v) {
        bool full = R->gametype == 2 || (R->gametype == 0 && g->has_gametype && g->gametype.extended);
        snprintf(gt, sizeof gt, "%s", full ? G->v->gametype_full : "");
        if (!full)
            snprintf(gt, sizeof gt, "%d", G->v->gametype);
        o.gametype = gt;
        o.fen = fen_tag(G, g, fen, sizeof fen);
        o.first_mover = G->v->first == PK_WHITE ? 'W' : 'B';
        o.move_text = move_text;
        o.setup_text = setup_text;
        o.ctx = G;
        results(R, G, g, &o);
    }
    pk_pdn_write_game(out, g, &o, NULL);
}

/* ---- JSON: one object per game */

static void json_line(pk_conv *G, const pk_pdn_line *l, pk_json *j)
{
    pk_json_array(j);
    for (int i = 0; i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        const rec *r = lookup(G, m);
        if (r && r->joined)
            continue;
        pk_json_object(j);
        pk_json_kstr(j, "move", m->text);
        if (r) {
            pk_json_kint(j, "ply", r->ply);
            pk_json_kint(j, "move_number", r->number);
            pk_json_kstr(j, "side", r->side == PK_WHITE ? "white" : "black");
            pk_json_kstr(j, "short", at(G, r->shortm));
            pk_json_kstr(j, "full", at(G, r->full));
            pk_json_kstr(j, "from", at(G, r->from));
            pk_json_kstr(j, "to", at(G, r->to));
            pk_json_key(j, "captured");
            pk_json_array(j);
            for (const char *c = at(G, r->caps); *c;) { /* the squares, space-separated */
                size_t n = strcspn(c, " ");
                pk_json_strn(j, c, n);
                c += n + (c[n] == ' ');
            }
            pk_json_end_array(j);
            pk_json_kstr(j, "fen", at(G, r->fen));
        } else {
            pk_json_knull(j, "ply"); /* not replayed: after an error */
        }
        bool var = false;
        for (const pk_pdn_note *n = m->after; n; n = n->next)
            if (n->kind == PK_NOTE_VARIATION) {
                if (!var)
                    pk_json_key(j, "variations"), pk_json_array(j);
                var = true;
                json_line(G, n->line, j);
            }
        if (var)
            pk_json_end_array(j);
        pk_json_end_object(j);
    }
    pk_json_end_array(j);
}

static void write_json(const pk_conv_opts *R, pk_conv *G, const char *file, const pk_game *g, FILE *o)
{
    pk_json j;
    pk_json_init(&j, o);
    pk_json_object(&j);
    pk_json_kstr(&j, "file", file);
    pk_json_kint(&j, "game", g->index);
    pk_json_kstr(&j, "variant", G->v ? G->v->name : NULL);
    pk_json_key(&j, "tags");
    pk_json_object(&j);
    for (int i = 0; i < g->ntags; i++) {
        bool dup = false;
        for (int k = 0; k < i && !dup; k++)
            dup = !strcmp(g->tags[k].name, g->tags[i].name);
        if (!dup)
            pk_json_kstr(&j, g->tags[i].name, g->tags[i].value);
    }
    pk_json_end_object(&j);
    pk_stated_result sr; /* as pdncheck --json says it, in the PDN form */
    pk_game_stated_result(g, &sr);
    pk_json_kstr(&j, "result", G->v ? pk_result_token_as(R->results, G->v, sr.kind, sr.text) : sr.text);
    pk_json_key(&j, "moves");
    json_line(G, &g->main, &j);
    const pk_pdn_note *u = pk_game_unparsed(g); /* after a syntax error: the rest as read */
    if (u) {
        pk_json_key(&j, "unparsed");
        pk_json_object(&j);
        pk_json_kstr(&j, "text", u->text);
        pk_json_kint(&j, "line", u->line_no);
        pk_json_kint(&j, "col", u->col);
        pk_json_end_object(&j);
    }
    pk_json_end_object(&j);
    pk_json_newline(&j);
}

/* ---- Hub: the main line's moves on one line */

static void write_hub_line(pk_conv *G, const pk_game *g, FILE *o)
{
    int n = 0;
    for (int i = 0; i < g->main.nmoves; i++) {
        const rec *r = lookup(G, &g->main.moves[i]);
        if (!r)
            break; /* not replayed: the line stops where the replay did */
        if (!r->joined)
            fprintf(o, "%s%s", n++ ? " " : "", at(G, r->hub));
    }
    fputc('\n', o);
}

void pk_conv_write(pk_conv *G, FILE *out, const char *file, const pk_game *g, const pk_variant *v)
{
    const pk_conv_opts *R = G->o;
    G->v = v;
    if (G->failed) /* out of memory (said in on_game): the moves as read */
        G->nrecs = 0;
    if (G->unsorted) /* the main line alone comes in address order: no sort */
        qsort(G->recs, G->nrecs, sizeof *G->recs, by_key);
    G->unsorted = false;
    G->hint = 0;
    switch (R->to) {
    case PK_CONV_JSON: write_json(R, G, file, g, out); break;
    case PK_CONV_HUB: write_hub_line(G, g, out); break;
    default: write_pdn(R, G, g, out);
    }
}
