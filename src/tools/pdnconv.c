/*
 * pdnconv.c -- rewrites PDN game files as clean PDN 3.0, with the moves converted
 * (numeric or algebraic squares, short or full captures, the capture separator), or as
 * JSON or Hub move lists. A thin main: each game is replayed by the library's checking
 * loop (check.h) and its observer gives every move as played; the library's writer
 * (pk_pdn_write_game) writes the game again, asking this file for each move's new text.
 * With -j N the games are replayed on N threads: the observer converts each move into the
 * game's own state (struct game) on a worker, and the games are written in file order.
 *
 * A game that cannot be replayed to its end keeps its moves as written from the error
 * on (a diagnostic on standard error, exit status 1); no game, comment or variation is
 * ever dropped.
 *
 * Exit status: 0 every game converted, 1 some game could not be (fully) converted,
 * 2 usage error or unreadable input.
 */
#include "check.h"
#include "cli.h"
#include "diag.h"
#include "fen.h"
#include "notation.h"
#include "pdn.h"
#include "replay.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define PROG "pdnconv"

enum to { TO_PDN, TO_JSON, TO_HUB };
enum caps { CAPS_SHORT, CAPS_FULL };

/* What the replay said about one written move (or setup): its texts, in the pool. */
typedef struct rec {
    const void *key;    /* the pk_pdn_move as written (its first token), or a setup's text */
    int joined;         /* a hop-by-hop token that the move before it now includes */
    int ply, number, side;
    size_t shortm, full, hub, fen, caps, from, to; /* offsets into the pool */
} rec;

/* --stats: what was read (the round-trip test compares these before and after) */
typedef struct counts {
    long comments, lines, nags, variations, setups;
} counts;

typedef struct run {
    int to, caps, notation, sep, gametype; /* gametype: 0 as the file, 1 short, 2 full */
    pk_replay_opts opts;
    pk_check_opts copts;
    pk_checker *checker;
    FILE *out;
    int status;
    const char *file;
    long games_out;
    int stats;
    unsigned long long bytes;
    long games;
    counts n;
} run;

/* One game in flight: what the replay said of its moves, filled on a worker thread
 * (on_event), read when the game is written, in file order. */
typedef struct game {
    const run *R; /* the options, read only */
    const pk_variant *v;
    rec *recs;
    size_t nrecs, caprecs;
    bool unsorted; /* a rec's key below the one before it (variations): sort before lookups */
    size_t hint;   /* the rec after the last one looked up: the writer asks in file order */
    char *pool;
    size_t used, cap;
    bool failed;        /* out of memory */
    pk_movelist *legal; /* made when a capture is first written short */
    FILE *out;          /* with workers: the game as written (open_memstream, by game_end),
                           copied out in file order; NULL at -j 1 (written in on_game) */
    char *text;
    size_t len;
} game;

static void findings(run *R)
{
    if (R->status < PK_EXIT_FINDINGS)
        R->status = PK_EXIT_FINDINGS;
}

static bool algebraic(const game *G)
{
    return G->R->notation ? G->R->notation == PK_NOT_ALGEBRAIC : G->v->algebraic;
}

static size_t keep(game *G, const char *s)
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

static const char *at(const game *G, size_t off) { return G->pool + off; }

static rec *new_rec(game *G, const void *key)
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
static unsigned gen_flags(const game *G)
{
    pk_error err;
    unsigned flags = G->R->opts.gen_flags;
    return G->R->copts.variant_given || pk_cli_applies(G->v, flags, 0, &err) == PK_OK ? flags : 0;
}

/* The move in the chosen notation; the capture separator replaced when asked
 * (square names hold no 'x' or ':'). */
static void write_move(game *G, const pk_replay_event *e, bool full, char *buf, size_t size)
{
    const run *R = G->R;
    const pk_move *m = e->move;
    unsigned f = R->notation ? (unsigned)R->notation : algebraic(G) ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC;
    if (full || !m->ncap) {
        pk_move_write(G->v, m, f | (full ? PK_NOT_FULL : 0), buf, size);
    } else { /* the PDN 3.0 rule: from-to unless another legal capture shares them (RULES 4.3) */
        if (!G->legal && !(G->legal = malloc(sizeof *G->legal))) {
            G->failed = true;
            buf[0] = 0;
            return;
        }
        pk_gen_legal(G->v, e->before, G->legal, R->opts.gen_flags ? gen_flags(G) : 0);
        pk_move_write_pdn(G->v, G->legal, m, f, buf, size);
    }
    if (R->sep)
        for (char *p = buf; *p; p++)
            if (*p == 'x' || *p == ':')
                *p = (char)G->R->sep;
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
static void convert_fen(const game *G, const pk_pos *p, const char *orig, char *buf, size_t size)
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
static void on_event(void *ctx, const pk_replay_event *e)
{
    game *G = ctx;
    const run *R = G->R;
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
    if (R->to == TO_HUB) {
        write_hub(G->v, m, buf, sizeof buf);
        r->hub = keep(G, buf);
    } else {
        write_move(G, e, R->caps == CAPS_FULL, buf, sizeof buf);
        r->shortm = keep(G, buf);
    }
    if (R->to == TO_JSON) {
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

static const rec *lookup(game *G, const void *key)
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
    game *G = ctx;
    const rec *r = lookup(G, &l->moves[i]);
    if (!r)
        return l->moves[i].text; /* not replayed (after an error): as written */
    return r->joined ? NULL : at(G, r->shortm);
}

static const char *setup_text(void *ctx, const char *fen, char *buf, size_t size)
{
    (void)buf, (void)size;
    game *G = ctx;
    const rec *r = lookup(G, fen);
    return r ? at(G, r->fen) : fen;
}

/* The terminator and the Result tag to write: the result the record states (the
 * terminator's, else the tag's) as a PDN token, the tag apart where it says something
 * else: another result (both kept; on_diag warns), or none ("?") where the terminator
 * names none. */
static void results(const run *R, const game *G, const pk_game *g, pk_pdn_write_opts *o)
{
    pk_stated_result sr;
    pk_game_stated_result(g, &sr);
    o->result = pk_cli_result_token(R->opts.results, G->v, sr.kind, sr.text);
    if (sr.tag && sr.conflict)
        o->result_tag = pk_cli_result_token(R->opts.results, G->v, sr.tag_kind, sr.tag);
    else if (sr.tag && sr.tag_kind < 0 && sr.kind < PK_RESULT_FIRST_WIN)
        o->result_tag = sr.tag;
}

/* The FEN tag to write: none when the game starts from the variant's start position,
 * else the FEN in the chosen notation. */
static const char *fen_tag(const game *G, const pk_game *g, char *buf, size_t size)
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

static void write_pdn(const run *R, game *G, const pk_game *g, FILE *out)
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

static void json_str(FILE *o, const char *s) { pk_json_write_string(o, s); }

static void json_line(game *G, const pk_pdn_line *l, FILE *o)
{
    fputc('[', o);
    bool first = true;
    for (int i = 0; i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        const rec *r = lookup(G, m);
        if (r && r->joined)
            continue;
        fputs(first ? "{" : ",{", o);
        first = false;
        fputs("\"move\":", o);
        json_str(o, m->text);
        if (r) {
            fprintf(o, ",\"ply\":%d,\"move_number\":%d,\"side\":\"%s\",\"short\":", r->ply, r->number,
                    r->side == PK_WHITE ? "white" : "black");
            json_str(o, at(G, r->shortm));
            fputs(",\"full\":", o);
            json_str(o, at(G, r->full));
            fputs(",\"from\":", o);
            json_str(o, at(G, r->from));
            fputs(",\"to\":", o);
            json_str(o, at(G, r->to));
            fputs(",\"captured\":[", o);
            const char *c = at(G, r->caps);
            for (bool f1 = true; *c; f1 = false) {
                size_t n = strcspn(c, " ");
                fprintf(o, "%s\"%.*s\"", f1 ? "" : ",", (int)n, c);
                c += n + (c[n] == ' ');
            }
            fputs("],\"fen\":", o);
            json_str(o, at(G, r->fen));
        } else {
            fputs(",\"ply\":null", o); /* not replayed: after an error */
        }
        bool var = false;
        for (const pk_pdn_note *n = m->after; n; n = n->next)
            if (n->kind == PK_NOTE_VARIATION) {
                fputs(var ? "," : ",\"variations\":[", o);
                var = true;
                json_line(G, n->line, o);
            }
        if (var)
            fputc(']', o);
        fputc('}', o);
    }
    fputc(']', o);
}

static void write_json(const run *R, game *G, const pk_game *g, FILE *o)
{
    fputs("{\"file\":", o);
    json_str(o, R->file);
    fprintf(o, ",\"game\":%d,\"variant\":", g->index);
    json_str(o, G->v ? G->v->name : NULL);
    fputs(",\"tags\":{", o);
    int n = 0;
    for (int i = 0; i < g->ntags; i++) {
        bool dup = false;
        for (int j = 0; j < i && !dup; j++)
            dup = !strcmp(g->tags[j].name, g->tags[i].name);
        if (dup)
            continue;
        if (n++)
            fputc(',', o);
        json_str(o, g->tags[i].name);
        fputc(':', o);
        json_str(o, g->tags[i].value);
    }
    fputs("},\"result\":", o);
    pk_stated_result sr; /* as pdncheck --json says it, in the PDN form */
    pk_game_stated_result(g, &sr);
    json_str(o, G->v ? pk_cli_result_token(R->opts.results, G->v, sr.kind, sr.text) : sr.text);
    fputs(",\"moves\":", o);
    json_line(G, &g->main, o);
    fputs("}\n", o);
}

/* ---- Hub: the main line's moves on one line */

static void write_hub_line(game *G, const pk_game *g, FILE *o)
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

/* The game in the form asked for, into out: on a worker (game_end), or on the caller's
 * thread for a game that was not replayed. */
static void write_game(const run *R, game *G, const pk_game *g, FILE *out)
{
    if (G->failed) /* out of memory (said in on_game): the moves as read */
        G->nrecs = 0;
    if (G->unsorted) /* the main line alone comes in address order: no sort */
        qsort(G->recs, G->nrecs, sizeof *G->recs, by_key);
    G->unsorted = false;
    G->hint = 0;
    switch (R->to) {
    case TO_JSON: write_json(R, G, g, out); break;
    case TO_HUB: write_hub_line(G, g, out); break;
    default: write_pdn(R, G, g, out);
    }
}

static void on_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)written; /* never: no pk_check_format */
    run *R = ctx;
    /* the converted games are the output; warnings are pdncheck's business, but for the
     * replay's placeholder and a Result tag that disagrees with the terminator (what
     * stays as written in the output, and why) */
    bool placeholder = !strcmp(d->code, "placeholder") && d->move;
    bool result_tag = !strcmp(d->code, "result-tag-mismatch");
    if (d->severity != PK_SEV_ERROR && !placeholder && !result_tag)
        return;
    pk_diag plain = *d;
    plain.game_name = NULL; /* the players, which check.c adds for pdncheck, are not said here */
    pk_diag_write_gnu(stderr, &plain);
    if (d->severity == PK_SEV_ERROR || placeholder)
        findings(R);
}

/* --stats: the game's comments, % and ; lines, NAGs, variations and setups, variations
 * included (the reader bounds their depth: PK_PDN_MAX_DEPTH). */
static void count_notes(counts *c, const pk_pdn_note *n);

static void count_line(counts *c, const pk_pdn_line *l)
{
    count_notes(c, l->pre);
    for (int i = 0; i < l->nmoves; i++) {
        count_notes(c, l->moves[i].before);
        count_notes(c, l->moves[i].after);
    }
}

static void count_notes(counts *c, const pk_pdn_note *n)
{
    for (; n; n = n->next)
        switch (n->kind) {
        case PK_NOTE_COMMENT: c->comments++; break;
        case PK_NOTE_LINE: c->lines++; break;
        case PK_NOTE_NAG: c->nags++; break;
        case PK_NOTE_SETUP: c->setups++; break;
        case PK_NOTE_VARIATION: c->variations++, count_line(c, n->line); break;
        }
}

static void *game_new(void *ctx)
{
    game *G = calloc(1, sizeof *G);
    if (!G)
        return NULL;
    G->R = ctx;
    if (G->R->copts.jobs > 1 && !(G->out = open_memstream(&G->text, &G->len))) {
        free(G);
        return NULL;
    }
    return G;
}

static void game_free(void *state)
{
    game *G = state;
    if (G->out)
        fclose(G->out);
    free(G->text);
    free(G->recs);
    free(G->pool);
    free(G->legal);
    free(G);
}

static void game_begin(void *state, const pk_game *g)
{
    (void)g;
    game *G = state;
    G->nrecs = 0;
    G->used = 0;
    G->v = NULL;
    G->unsorted = false;
    G->failed = false;
}

/* After the replay, on the worker: the game written into its buffer. */
static void game_end(void *state, const pk_game *g, const pk_replay_result *res)
{
    game *G = state;
    G->v = res->variant;
    rewind(G->out); /* the buffer is kept: the game's text is what lies before the position */
    write_game(G->R, G, g, G->out);
}

/* What on_game needs of a game: with -j N noted on the thread that checked it (check.h
 * pk_check_format: the game itself is not kept), at -j 1 taken from it. */
typedef struct conv_note {
    int index;
    bool replayed, supported;
    bool failed; /* out of memory: the moves written as read */
    char unsupported[64];
    counts n;    /* --stats */
} conv_note;

static void note_game(const run *R, const pk_checked *ck, conv_note *n)
{
    memset(n, 0, sizeof *n);
    n->index = ck->game->index;
    n->replayed = ck->replayed;
    n->supported = ck->res->variant != NULL;
    snprintf(n->unsupported, sizeof n->unsupported, "%s", ck->res->unsupported ? ck->res->unsupported : "its variant");
    if (R->stats)
        count_line(&n->n, &ck->game->main);
}

/* The game written into out: as the worker that replayed it wrote it (game_end), or here
 * (a game not replayed, a buffer that could not grow, or -j 1). */
static void write_checked(const run *R, const pk_checked *ck, FILE *out, conv_note *n)
{
    const pk_game *g = ck->game;
    game *G = ck->state;
    if (!ck->replayed) /* the reader's errors were reported; the game is written as read */
        game_begin(G, g);
    bool here = !ck->replayed || !G->out;
    if (!here && (fflush(G->out) || ferror(G->out))) {
        here = true;
        G->failed = true;
        clearerr(G->out);
    }
    n->failed = G->failed;
    if (here) {
        G->v = ck->res->variant;
        write_game(R, G, g, out);
    } else {
        /* the game's text ends at the stream's position: the size variable is not reset by
         * rewind on every libc (musl updates it only when something is written) */
        off_t len = ftello(G->out);
        if (len > 0)
            fwrite(G->text, 1, (size_t)len, out);
    }
}

/* -j N: on the thread that checked the game (check.h). */
static void conv_game(void *ctx, const pk_checked *ck, FILE *out, void *note)
{
    note_game(ctx, ck, note);
    write_checked(ctx, ck, out, note);
}

/* Each game, in file order after its diagnostics: what could not be done said, then the
 * game written. false stops the run: a write failed. */
static bool on_game(void *ctx, const pk_checked *ck)
{
    run *R = ctx;
    conv_note local;
    const conv_note *n = ck->note;
    if (!n) /* -j 1: the game is at hand, written below straight out */
        note_game(R, ck, &local), n = &local;
    R->games++;
    if (n->replayed && !n->supported) {
        fprintf(stderr, "%s: warning: game %d: %s is not supported: written as read\n", R->file, n->index,
                n->unsupported);
        findings(R);
    }
    if (R->to == TO_PDN && R->games_out++)
        fputc('\n', R->out);
    if (n == &local)
        write_checked(R, ck, R->out, &local);
    else if (ck->text_len)
        fwrite(ck->text, 1, ck->text_len, R->out);
    if (n->failed) {
        fprintf(stderr, "%s: error: out of memory\n", PROG);
        R->status = PK_EXIT_USAGE;
    }
    if (R->stats) {
        R->n.comments += n->n.comments;
        R->n.lines += n->n.lines;
        R->n.nags += n->n.nags;
        R->n.variations += n->n.variations;
        R->n.setups += n->n.setups;
    }
    return !ferror(R->out);
}

static void do_file(run *R, FILE *f, const char *name)
{
    unsigned long long bytes;
    R->file = name;
    if (pk_checker_run(R->checker, f, name, on_game, on_diag, R, &bytes) < 0)
        R->status = PK_EXIT_USAGE; /* unreadable: said by on_diag */
    R->bytes += bytes;
}

/* --stats: what was read and how fast, on standard error (tests/bench-pdnconv.sh reads the
 * speed, tests/corpus/pdnconv-roundtrip.sh the counts). */
static void stats(const run *R, double secs)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (secs <= 0)
        secs = 1e-9;
    fprintf(stderr,
            "pdnconv: %ld games, %ld comments, %ld lines, %ld NAGs, %ld variations, %ld setups\n"
            "pdnconv: %llu bytes, %ld games in %.3f s: %.1f MB/s, %.0f games/s, peak RSS %ld KiB\n",
            R->games, R->n.comments, R->n.lines, R->n.nags, R->n.variations, R->n.setups, R->bytes, R->games, secs,
            (double)R->bytes / secs / 1e6, (double)R->games / secs, (long)ru.ru_maxrss);
}

static void each_file(void *ctx, FILE *f, const char *name) { do_file(ctx, f, name); }
static bool out_ok(void *ctx) { return !ferror(((run *)ctx)->out); }

static void usage(FILE *o)
{
    fputs("Usage: pdnconv [OPTION]... [FILE]...\n"
          "Write the games of PDN files again as clean PDN 3.0, with their moves converted;\n"
          "each game is replayed under its variant as pdncheck replays it. Standard input\n"
          "when no FILE or FILE is -; standard output unless -o.\n"
          "\n"
          "Moves:\n"
          "      --numeric              numeric squares (8x8 variants written algebraically)\n"
          "      --algebraic            algebraic squares\n"
          "      --short                captures from-to, with the squares PDN 3.0 requires\n"
          "                             when two captures share them (default)\n"
          "      --full                 captures with every landing square\n"
          "      --sep=x|:              the capture separator (default: the variant's)\n"
          "Games:\n"
          "  -v, --variant=NAME         rules to read the games with (name or GameType number),\n"
          "                             overriding the tags; default: the tags, else a guess\n"
          "      --results=first|white  how 1-0 is read: first mover (PDN, default) or White;\n"
          "                             results are written in the PDN convention\n"
          "      --gametype=short|full  the GameType tag as a number or in the six-field form\n"
          "                             (default: the form the game used)\n"
          "      --capture-optional     house rule: captures are not mandatory (8x8 only)\n"
          "      --list-variants        print the variant table and exit\n"
          "Output:\n"
          "      --to=pdn|json|hub      PDN (default), one JSON object per game, or one line\n"
          "                             of Hub moves per game (from-to, fromxto then captures)\n"
          "  -o, --output=FILE          write to FILE\n"
          "  -j, --jobs=N               replay on N threads (default: every online core);\n"
          "                             the output is the same whatever N\n"
          "      --stats                on standard error: the games, comments, % and ; lines,\n"
          "                             NAGs, variations and setups read, and the throughput\n"
          "  -h, --help                 print this help and exit\n"
          "  -V, --version              print the version and exit\n"
          "\n"
          "A game that cannot be replayed to its end (an illegal move, an unknown move '-')\n"
          "is written with its moves as written from there on, the error (a placeholder: its\n"
          "warning) on standard error as pdncheck writes it.\n"
          "Exit status: 0 every game converted, 1 some game not (fully) converted, 2 unreadable\n"
          "file or usage error. See pdnconv(1).\n",
          o);
}

int main(int argc, char **argv)
{
    enum { O_NUMERIC = 256, O_ALGEBRAIC, O_SHORT, O_FULL, O_SEP, O_RESULTS, O_GAMETYPE, O_CAPOPT, O_TO, O_STATS,
           O_LIST };
    static const struct option longopts[] = {
        {"numeric", no_argument, NULL, O_NUMERIC},     {"algebraic", no_argument, NULL, O_ALGEBRAIC},
        {"short", no_argument, NULL, O_SHORT},         {"full", no_argument, NULL, O_FULL},
        {"sep", required_argument, NULL, O_SEP},       {"variant", required_argument, NULL, 'v'},
        {"results", required_argument, NULL, O_RESULTS}, {"gametype", required_argument, NULL, O_GAMETYPE},
        {"capture-optional", no_argument, NULL, O_CAPOPT}, {"to", required_argument, NULL, O_TO},
        {"output", required_argument, NULL, 'o'},      {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},           {"stats", no_argument, NULL, O_STATS},
        {"jobs", required_argument, NULL, 'j'},        {"list-variants", no_argument, NULL, O_LIST},
        {NULL, 0, NULL, 0}};
    static run R; /* large (a move list): not on the stack */
    R.out = stdout;
    const char *output = NULL;
    pk_error err;
    int c, jobs = pk_cli_jobs_default();
    while ((c = pk_cli_getopt(argc, argv, longopts, PROG, stderr)) != -1) {
        switch (c) {
        case O_NUMERIC: R.notation = PK_NOT_NUMERIC; break;
        case O_ALGEBRAIC: R.notation = PK_NOT_ALGEBRAIC; break;
        case O_SHORT: R.caps = CAPS_SHORT; break;
        case O_FULL: R.caps = CAPS_FULL; break;
        case O_SEP:
            if (strcmp(optarg, "x") && strcmp(optarg, ":"))
                return pk_cli_usage_error(stderr, PROG, "--sep takes 'x' or ':', not '%s'", optarg);
            R.sep = optarg[0];
            break;
        case 'v':
            if (pk_cli_variant(optarg, &R.opts.variant, &err) != PK_OK)
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_RESULTS:
            if (pk_cli_results(optarg, &R.opts.results, &err) != PK_OK)
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_GAMETYPE:
            if (!strcmp(optarg, "short"))
                R.gametype = 1;
            else if (!strcmp(optarg, "full"))
                R.gametype = 2;
            else
                return pk_cli_usage_error(stderr, PROG, "--gametype takes 'short' or 'full', not '%s'", optarg);
            break;
        case O_CAPOPT: R.opts.gen_flags |= PK_GEN_CAPTURE_OPTIONAL; break;
        case O_TO:
            if (!strcmp(optarg, "pdn"))
                R.to = TO_PDN;
            else if (!strcmp(optarg, "json"))
                R.to = TO_JSON;
            else if (!strcmp(optarg, "hub"))
                R.to = TO_HUB;
            else
                return pk_cli_usage_error(stderr, PROG, "--to takes 'pdn', 'json' or 'hub', not '%s'", optarg);
            break;
        case 'o': output = optarg; break;
        case O_STATS: R.stats = 1; break;
        case 'j':
            if (pk_cli_jobs(optarg, &jobs, &err) != PK_OK)
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case 'h': usage(stdout); return pk_cli_finish(stdout, stderr, PROG, PK_EXIT_OK);
        case 'V': pk_cli_version(stdout, PROG); return pk_cli_finish(stdout, stderr, PROG, PK_EXIT_OK);
        case O_LIST: pk_cli_list_variants(stdout); return pk_cli_finish(stdout, stderr, PROG, PK_EXIT_OK);
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    if (R.opts.variant && pk_cli_applies(R.opts.variant, R.opts.gen_flags, 0, &err) != PK_OK)
        return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
    if (output && !(R.out = fopen(output, "w"))) {
        fprintf(stderr, "%s: error: %s: %s\n", PROG, output, strerror(errno));
        return PK_EXIT_USAGE;
    }
    R.opts.guess_first_fit = true; /* the warnings are pdncheck's: only the variant matters here */
    R.copts.jobs = jobs;
    R.copts.window = pk_cli_jobs_window();
    R.copts.piece = pk_cli_piece_bytes();
    R.copts.variant_given = R.opts.variant != NULL;
    R.copts.replay = R.opts;
    R.copts.observer = (pk_check_observer){game_new, game_free, game_begin, on_event, &R, NULL};
    if (jobs > 1) { /* the workers write the games, read in pieces; at -j 1 on_game does (no copy) */
        R.copts.observer.end = game_end;
        R.copts.format = (pk_check_format){NULL, conv_game, &R, sizeof(conv_note)};
    }
    if (!(R.checker = pk_checker_new(&R.copts, &err))) {
        fprintf(stderr, "%s: error: %s\n", PROG, err.msg);
        return PK_EXIT_USAGE;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (pk_cli_each_input(argc, argv, optind, stderr, each_file, out_ok, &R))
        R.status = PK_EXIT_USAGE;
    fflush(R.out); /* the time includes writing */
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (R.stats)
        stats(&R, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    pk_checker_free(R.checker);
    int st = pk_cli_finish(R.out, stderr, PROG, R.status);
    if (output && fclose(R.out) != 0 && st != PK_EXIT_USAGE) {
        fprintf(stderr, "%s: error: write error: %s: %s\n", PROG, output, strerror(errno));
        st = PK_EXIT_USAGE;
    }
    return st;
}
