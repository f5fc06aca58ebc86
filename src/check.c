/*
 * check.c -- the checking loop of check.h. A slot holds one game in flight: the game as
 * read, its diagnostics (a pk_diag_buffer: the reader's, then the replay's) and the
 * replay's result. The caller's thread reads into a free slot and hands it to the pool
 * (pool.h), whose workers replay it, each with its own pk_replay, then put its
 * diagnostics in file order into the slot's store (flat arrays: the diagnostics, and the
 * text pk_check_format wrote); slots come back in file order and the store is handed
 * back there: diagnostics, then the game.
 *
 * With several workers and pk_check_format the reading is theirs too (the caller's thread
 * would otherwise be the limit: reading costs about as much as replaying): the caller's
 * thread only cuts the decoded text into pieces of about CHUNK_TARGET bytes, at a line
 * that starts with '[' right after a result token, and counts the games in each by its
 * lines; each worker reads a whole piece into one slot of its own (warm memory, game
 * after game: keeping every game of a piece until it is handed back cost a tenth of the
 * time in cache misses), with a reader restarted there (pdn_resume.h) that numbers the
 * games from the count of the pieces before, and keeps only each game's store. A piece
 * is only right if the whole file's reader would have been between games at its start,
 * that is if the piece before ended at a result followed by blanks (pk_pdn_clean_end()),
 * and if the pieces before held the games counted. When one did not (a comment left
 * open, a game without a result, a count gone wrong), the text after it is handed back to
 * the source and read the old way, one game at a time on the caller's thread (replays
 * still in parallel), so the output stays the one of -j 1 whatever the input.
 *
 * A game with more diagnostics than a pk_diag_buffer holds makes the buffer send a batch
 * on while the game is still being read or replayed: the batch is kept in the store too,
 * unwritten (the caller's on_diag writes it), so the caller is only ever called on its
 * own thread.
 */
#include "check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "encoding.h"
#include "pdn_resume.h"
#include "pool.h"
#include "report.h"

#define CHUNK_TARGET (32u * 1024) /* text a worker reads at once: about 60 games */
#define CHUNK_MAX (512u * 1024)   /* no cut within: the rest of the file is read the old way */
#define CHUNK_READ (16u * 1024)   /* bytes asked of the source at a time */
#define PIECE_GAMES 64            /* cut after this many games ending at a result */
#define PIECE_RECORDS (4 * PIECE_GAMES) /* more games in a piece (most without a result): the
                                     rest of the file is read the old way (bounds memory) */
#define NSTR 7                    /* the strings of a pk_diag */

/* A diagnostic kept until it is handed back: its strings are in the store's str[]. */
typedef struct kept {
    pk_diag d;
    size_t str[NSTR]; /* offset + 1 into store.str; 0 = NULL */
    bool written;     /* its text is in its game's text (pk_check_format.diag) */
} kept;

/* A game checked, as handed back: its diagnostics end at kept[d1] (they start where the
 * record before ended), its text is text[t0..t1). */
typedef struct record {
    size_t d1, t0, t1;
    bool replayed, not_applied;
    const pk_variant *variant;
} record;

/* What the games of a slot (one) or of a piece (a few dozen) leave for the caller's
 * thread: a few flat arrays, reused from item to item, so that handing back touches
 * little memory (the games themselves are not kept with pk_check_format). */
typedef struct store {
    kept *d;
    size_t nd, capd;
    char *str;
    size_t nstr, capstr;
    char *text;
    size_t ntext, captext;
    record *r;
    size_t nr, capr;
    bool nomem; /* something could not be kept: a piece is read again, a slot loses it */
} store;

enum { ITEM_GAME, ITEM_CHUNK };

struct worker;

typedef struct slot {
    int kind; /* ITEM_GAME */
    pk_checker *c;
    pk_game g;
    pk_diag_buffer *buf;
    pk_diag_sink sink; /* into buf */
    store *st;         /* where buf's diagnostics go: own, or the piece's */
    store own;
    struct worker *w;  /* the worker writing the game's text (pk_check_format) */
    bool naming;       /* the game's own flush (its diagnostics are written, if asked) */
    bool discarding;   /* buf's diagnostics go nowhere (a game of another shard) */
    size_t mark;       /* the buffer's count before this game was read */
    bool replay;
    bool not_applied;
    void *state;       /* the observer's (pk_check_observer) */
    pk_replay_result res;
} slot;

/* A piece of the text, read and replayed by one worker. */
typedef struct chunk {
    int kind; /* ITEM_CHUNK */
    pk_checker *c;
    char *text;
    size_t len, cap;
    pk_pdn_resume at;            /* at.games: the games before it, as the cutter counted */
    int enc, bom;                /* the source's answers when the piece was cut */
    unsigned long long switch_off;
    bool last;                   /* the end of the input: its end is the file's */
    int predicted;               /* games in it, as the cutter counted them */
    store st;                    /* its games, and what its last read said after them */
    int ngames;
    int rst;                     /* the last pk_pdn_next status */
    bool ok;                     /* read to its end, everything kept */
    bool clean;
} chunk;

/* A worker's own: its replay scratch, its reader of pieces and the slot it reads them
 * into (the same warm memory for every game), and the stream its games' text is written
 * to (pk_check_format). */
typedef struct worker {
    pk_replay *replay;
    pk_src *mem;
    pk_pdn_reader *rd;
    slot hot;
    FILE *fmt;
    char *fbuf;
    size_t fsize;
} worker;

struct pk_checker {
    pk_check_opts o;
    pk_pool *pool;
    worker *w; /* one per worker */
    void **wctx;
    int nw;
    slot *slots;
    slot **free;
    int nslots, nfree;
    chunk *chunks;
    chunk **cfree;
    int nchunks, ncfree;
    size_t target; /* bytes of a piece */
    unsigned long npieces, nreread; /* pk_checker_pieces() */
    int games;  /* games emitted from pieces */
    /* the input being checked */
    const char *file;
    bool (*on_game)(void *ctx, const pk_checked *g);
    void (*on_diag)(void *ctx, const pk_diag *d, bool written);
    void *ctx;
};

/* ------------------------------------------------------------------ the store */

static bool reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * size);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

static void store_reset(store *st)
{
    st->nd = st->nstr = st->ntext = st->nr = 0;
    st->nomem = false;
}

static void store_free(store *st)
{
    free(st->d);
    free(st->str);
    free(st->text);
    free(st->r);
}

static bool store_diag(store *st, const pk_diag *d, bool written)
{
    const char *s[NSTR] = {d->code, d->file, d->move, d->fen, d->message, d->hint, d->game_name};
    size_t len[NSTR], bytes = 0;
    for (int i = 0; i < NSTR; i++)
        bytes += len[i] = s[i] ? strlen(s[i]) + 1 : 0;
    if (!reserve((void **)&st->d, &st->capd, st->nd + 1, sizeof *st->d) ||
        !reserve((void **)&st->str, &st->capstr, st->nstr + bytes, 1))
        return false;
    kept *k = &st->d[st->nd++];
    k->d = *d;
    k->written = written;
    for (int i = 0; i < NSTR; i++) {
        k->str[i] = s[i] ? st->nstr + 1 : 0;
        if (s[i])
            memcpy(st->str + st->nstr, s[i], len[i]);
        st->nstr += len[i];
    }
    return true;
}

/* The i-th diagnostic kept, its strings pointing into the store. */
static pk_diag store_get(const store *st, size_t i)
{
    const kept *k = &st->d[i];
    const char **f[NSTR];
    pk_diag d = k->d;
    f[0] = &d.code, f[1] = &d.file, f[2] = &d.move, f[3] = &d.fen;
    f[4] = &d.message, f[5] = &d.hint, f[6] = &d.game_name;
    for (int j = 0; j < NSTR; j++)
        *f[j] = k->str[j] ? st->str + k->str[j] - 1 : NULL;
    return d;
}

/* The worker's stream: what it wrote since fmt_start() is appended to the store (fflush
 * sets fsize to the stream's position). It is taken back to its start only now and then. */
static bool fmt_start(struct worker *w)
{
    if (w->fsize > 64 * 1024 && (fseeko(w->fmt, 0, SEEK_SET) != 0 || fflush(w->fmt) != 0))
        return false;
    return true;
}

static void fmt_end(struct worker *w, store *st, size_t from)
{
    if (fflush(w->fmt) != 0 || w->fsize < from ||
        !reserve((void **)&st->text, &st->captext, st->ntext + (w->fsize - from), 1)) {
        st->nomem = true;
        return;
    }
    size_t n = w->fsize - from;
    if (n) /* (nothing written: text may still be NULL) */
        memcpy(st->text + st->ntext, w->fbuf + from, n);
    st->ntext += n;
}

/* Hands back what st holds, in order: each record's diagnostics then its game (held by s
 * without pk_check_format), and with tail what was said after the last record. false:
 * on_game asked to stop. */
static bool emit_store(pk_checker *c, const store *st, slot *s, bool tail)
{
    bool text = c->o.format.game != NULL;
    size_t i = 0;
    for (size_t n = 0; n < st->nr; n++) {
        const record *r = &st->r[n];
        for (; i < r->d1; i++) {
            pk_diag d = store_get(st, i);
            c->on_diag(c->ctx, &d, st->d[i].written);
        }
        pk_checked ck = {c->file, text || !s ? NULL : &s->g, r->replayed, text || !s ? NULL : &s->res,
                         r->not_applied, s ? s->state : NULL, r->variant,
                         text ? (st->text ? st->text + r->t0 : "") : NULL, r->t1 - r->t0};
        if (!c->on_game(c->ctx, &ck))
            return false;
    }
    for (; tail && i < st->nd; i++) {
        pk_diag d = store_get(st, i);
        c->on_diag(c->ctx, &d, st->d[i].written);
    }
    return true;
}

/* ------------------------------------------------------------------ one game */

/* Where a slot's diagnostics go when its buffer sends them on: kept in the store, and on
 * the game's own flush written too (pk_check_format.diag). A batch sent on early (a game
 * of thousands) is kept unwritten: the caller's on_diag writes it. */
static void slot_out(void *ctx, const pk_diag *d)
{
    slot *s = ctx;
    if (s->discarding)
        return;
    bool written = s->naming && s->c->o.format.diag;
    if (!store_diag(s->st, d, written)) {
        s->st->nomem = true; /* out of memory in a game of thousands of diagnostics */
        return;
    }
    if (written && fmt_start(s->w)) {
        size_t from = s->w->fsize;
        s->c->o.format.diag(s->c->o.format.ctx, d, s->w->fmt);
        fmt_end(s->w, s->st, from);
    }
}

/* Drops what the slot's game reported (a game of another shard, or output stopped). */
static void discard(slot *s)
{
    if (!pk_diag_buffer_truncate(s->buf, s->mark)) { /* part of it went to the store */
        s->discarding = true;
        pk_diag_buffer_flush(s->buf, NULL);
        s->discarding = false;
    }
    store_reset(&s->own);
}

/* The replay of one game, on a worker's thread. */
static void replay_game(pk_replay *rp, slot *s)
{
    const pk_check_observer *ob = &s->c->o.observer;
    pk_replay_opts with = s->c->o.replay;
    const pk_replay_opts *o = &with;
    with.on_event = ob->on_event;
    with.event_ctx = s->state;
    s->not_applied = false;
    if (!s->replay)
        return;
    if (ob->begin)
        ob->begin(s->state, &s->g);
    size_t mark = pk_diag_buffer_mark(s->buf);
    pk_replay_game(rp, &s->g, s->c->file, o, &s->sink, &s->res);
    pk_error err;
    /* An option meant for other variants (the variant came from the tag or a guess): not
     * applied to this game. The draw profiles only act in their own variants; a house rule
     * of the 8x8 games would, so the game is replayed without it (RULES 0.1). */
    if (!s->c->o.variant_given && s->res.variant && (o->gen_flags || o->draw_options) &&
        pk_cli_applies(s->res.variant, o->gen_flags, o->draw_options, &err)) {
        s->not_applied = true;
        if (o->gen_flags && pk_cli_applies(s->res.variant, o->gen_flags, 0, &err) &&
            pk_diag_buffer_truncate(s->buf, mark)) {
            pk_replay_opts without = *o;
            without.gen_flags = 0;
            memset(&s->res, 0, sizeof s->res);
            if (ob->begin) /* the observer sees the game once: the replay that counts */
                ob->begin(s->state, &s->g);
            pk_replay_game(rp, &s->g, s->c->file, &without, &s->sink, &s->res);
        }
    }
    if (ob->end && s->state)
        ob->end(s->state, &s->g, &s->res);
}

/* A game read into s, checked on w's thread: replayed, its diagnostics put in file order
 * and named after its players, its text written, its record kept. */
static void finish_game(struct worker *w, slot *s)
{
    pk_checker *c = s->c;
    store *st = s->st;
    replay_game(w->replay, s);
    size_t t0 = st->ntext;
    char name[PK_GAME_NAME_MAX];
    s->w = w;
    s->naming = true;
    pk_diag_buffer_flush(s->buf, pk_diag_buffer_pending(s->buf) ? pk_report_game_name(&s->g, name, sizeof name)
                                                                 : NULL);
    s->naming = false;
    if (c->o.format.game && fmt_start(w)) {
        size_t from = w->fsize;
        pk_checked ck = {c->file, &s->g, s->replay, &s->res, s->not_applied, s->state, s->res.variant, NULL, 0};
        c->o.format.game(c->o.format.ctx, &ck, w->fmt);
        fmt_end(w, st, from);
    }
    if (!reserve((void **)&st->r, &st->capr, st->nr + 1, sizeof *st->r)) {
        st->nomem = true;
        return;
    }
    st->r[st->nr++] = (record){st->nd, t0, st->ntext, s->replay, s->not_applied, s->res.variant};
}

static bool slot_init(pk_checker *c, slot *s)
{
    s->kind = ITEM_GAME;
    s->c = c;
    s->st = &s->own;
    pk_game_init(&s->g);
    if (!(s->buf = pk_diag_buffer_new((pk_diag_sink){slot_out, s})))
        return false;
    s->sink = pk_diag_buffer_sink(s->buf);
    if (c->o.observer.on_event && !(s->state = c->o.observer.state_new(c->o.observer.ctx)))
        return false;
    return true;
}

static void slot_fini(pk_checker *c, slot *s)
{
    pk_game_free(&s->g);
    pk_diag_buffer_free(s->buf);
    if (s->state)
        c->o.observer.state_free(s->state);
    store_free(&s->own);
}

/* A worker reads a piece into its warm slot, game after game, and checks each one. */
static void work_chunk(worker *w, chunk *k)
{
    pk_checker *c = k->c;
    slot *s = &w->hot;
    store_reset(&k->st);
    s->st = &k->st;
    pk_src_mem_set(w->mem, k->text, k->len, k->enc, k->switch_off, k->bom);
    pk_pdn_restart(w->rd, &k->at);
    k->ngames = 0;
    k->clean = k->ok = false;
    for (;;) {
        if (k->ngames == PIECE_RECORDS) /* too many games: read again the old way */
            return;
        s->mark = pk_diag_buffer_mark(s->buf);
        if ((k->rst = pk_pdn_next(w->rd, &s->g, &s->sink)) <= 0)
            break;
        s->replay = !c->o.syntax_only && s->g.nerrors == 0;
        memset(&s->res, 0, sizeof s->res);
        finish_game(w, s);
        k->ngames++;
    }
    pk_diag_buffer_flush(s->buf, NULL); /* what the last read said outside a game */
    k->ok = !k->st.nomem;
    k->clean = k->rst == 0 && pk_pdn_clean_end(w->rd);
}

/* The worker's step (pool.h work function): a game, or a piece. */
static void work(void *wctx, void *item)
{
    worker *w = wctx;
    if (*(int *)item == ITEM_CHUNK)
        work_chunk(w, item);
    else
        finish_game(w, item);
}

pk_checker *pk_checker_new(const pk_check_opts *o, pk_error *err)
{
    pk_checker *c = calloc(1, sizeof *c);
    if (!c)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    c->o = *o;
    int jobs = o->jobs > 1 ? o->jobs : 1;
    c->nslots = jobs > 1 ? (o->window > 0 ? o->window : 64 * jobs) : 1;
    /* pieces in flight: enough to keep every worker busy while the emitter catches up.
     * Not when the caller's thread must see each game as it is read (a shard, select, an
     * observer's state per slot), nor when each game is kept until on_game (no format). */
    bool pieces = o->shards == 0 && o->piece >= 0 && !o->select && !o->observer.on_event && o->format.game;
    c->nchunks = jobs > 1 && pieces ? 3 * jobs : 0;
    c->target = o->piece > 0 ? (size_t)o->piece : CHUNK_TARGET;
    if (c->target > CHUNK_MAX / 2)
        c->target = CHUNK_MAX / 2;
    c->nw = jobs;
    c->w = calloc((size_t)jobs, sizeof *c->w);
    c->wctx = calloc((size_t)jobs, sizeof *c->wctx);
    c->slots = calloc((size_t)c->nslots, sizeof *c->slots);
    c->free = calloc((size_t)c->nslots, sizeof *c->free);
    c->chunks = calloc((size_t)c->nchunks + 1, sizeof *c->chunks);
    c->cfree = calloc((size_t)c->nchunks + 1, sizeof *c->cfree);
    bool ok = c->w && c->wctx && c->slots && c->free && c->chunks && c->cfree;
    for (int i = 0; ok && i < jobs; i++) {
        worker *w = &c->w[i];
        c->wctx[i] = w;
        ok = (w->replay = pk_replay_new()) != NULL;
        if (ok && (o->format.game || o->format.diag))
            ok = (w->fmt = open_memstream(&w->fbuf, &w->fsize)) != NULL;
        if (ok && c->nchunks)
            ok = (w->mem = pk_src_mem_new(err)) && (w->rd = pk_pdn_open_src(w->mem, NULL, o->reader_flags, err)) &&
                 slot_init(c, &w->hot);
    }
    for (int i = 0; ok && i < c->nslots; i++) {
        ok = slot_init(c, &c->slots[i]);
        c->free[c->nfree++] = &c->slots[i];
    }
    for (int i = 0; ok && i < c->nchunks; i++) {
        chunk *k = &c->chunks[i];
        k->kind = ITEM_CHUNK;
        k->c = c;
        c->cfree[c->ncfree++] = k;
    }
    if (ok && !(c->pool = pk_pool_new(jobs, c->nslots + c->nchunks, work, c->wctx, err)))
        ok = false;
    if (!ok) {
        pk_checker_free(c);
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    }
    return c;
}

void pk_checker_free(pk_checker *c)
{
    if (!c)
        return;
    pk_pool_free(c->pool);
    for (int i = 0; c->w && i < c->nw; i++) {
        worker *w = &c->w[i];
        pk_replay_free(w->replay);
        pk_pdn_close(w->rd);
        pk_src_close(w->mem);
        if (w->hot.c)
            slot_fini(c, &w->hot);
        if (w->fmt)
            fclose(w->fmt);
        free(w->fbuf);
    }
    for (int i = 0; c->slots && i < c->nslots; i++)
        if (c->slots[i].c)
            slot_fini(c, &c->slots[i]);
    for (int i = 0; c->chunks && i < c->nchunks; i++) {
        store_free(&c->chunks[i].st);
        free(c->chunks[i].text);
    }
    free(c->w);
    free(c->wctx);
    free(c->slots);
    free(c->free);
    free(c->chunks);
    free(c->cfree);
    free(c);
}

/* ------------------------------------------------------------------ one game at a time */

static bool emit(pk_checker *c, slot *s)
{
    bool go_on = emit_store(c, &s->own, s, false);
    store_reset(&s->own);
    return go_on;
}

/* The reader on the caller's thread, the replays on the workers: -j 1, --shard, and the
 * rest of a file whose pieces could not be cut right. */
static int run_games(pk_checker *c, pk_pdn_reader *rd)
{
    int st = 1;
    bool go_on = true;
    slot *s = NULL;
    while (go_on) {
        slot *done;
        while (go_on && (c->nfree == 0 || pk_pool_full(c->pool)) && (done = pk_pool_take(c->pool, true))) {
            go_on = emit(c, done);
            c->free[c->nfree++] = done;
        }
        if (!go_on)
            break;
        s = c->free[--c->nfree];
        store_reset(&s->own);
        s->mark = pk_diag_buffer_mark(s->buf);
        if ((st = pk_pdn_next(rd, &s->g, &s->sink)) <= 0)
            break;
        if (c->o.shards > 0 && (s->g.index - 1) % c->o.shards != c->o.shard) {
            /* another machine's game: read (the indices count every game), not reported */
            discard(s);
            c->free[c->nfree++] = s;
            s = NULL;
            continue;
        }
        s->replay = !c->o.syntax_only && s->g.nerrors == 0 &&
                    (!c->o.select || c->o.select(c->o.select_ctx, &s->g));
        memset(&s->res, 0, sizeof s->res);
        pk_pool_put(c->pool, s);
        s = NULL;
        while (go_on && (done = pk_pool_take(c->pool, false))) {
            go_on = emit(c, done);
            c->free[c->nfree++] = done;
        }
    }
    slot *done;
    while ((done = pk_pool_take(c->pool, true))) { /* in order, whatever is left */
        if (go_on)
            go_on = emit(c, done);
        else
            discard(done);
        c->free[c->nfree++] = done;
    }
    if (s) { /* the slot the last read went into: diagnostics in no game (text after the
                last game, a read error) */
        if (go_on) {
            pk_diag_buffer_flush(s->buf, NULL);
            go_on = emit_store(c, &s->own, s, true);
        }
        discard(s);
        c->free[c->nfree++] = s;
    }
    return !go_on ? 0 : st < 0 ? st : 1;
}

/* ------------------------------------------------------------------ pieces */

typedef struct cutter {
    pk_checker *c;
    pk_src *src;
    const char *name;
    pk_pdn_resume at;      /* where the next piece starts */
    char *carry;           /* text read past the last cut: the next piece's start */
    size_t ncarry, ccap;
    bool eof, ioerr;
    bool go_on;
    int last_st;           /* the last piece's last read */
    chunk *fallback;       /* the first piece not cut right (its text is read again) */
    bool miscounted;       /* a piece had more or fewer games than the cutter counted: the
                              pieces after it have their game numbers wrong */
    bool prev_tag;         /* the last line read that was not blank was a tag pair's */
} cutter;

static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* Whether the line starting at t[q] ('[') may start a piece: the text before it ends with
 * a result token after a blank. A guess; the piece's reader checks it (pk_pdn_clean_end). */
static bool after_result(const char *t, size_t q, bool dash)
{
    /* (a lone '-' is a result the reader takes with a warning: it ends a game, but it is
     * no place to cut, where the reader must have nothing to say) */
    static const struct {
        const char *s;
        size_t n;
    } results[] = {{"1-0", 3}, {"0-1", 3}, {"1/2-1/2", 7}, {"2-0", 3}, {"0-2", 3}, {"1-1", 3}, {"*", 1}, {"-", 1}};
    size_t e = q;
    while (e > 0 && is_space(t[e - 1]))
        e--;
    if (e == 0)
        return false;
    switch (t[e - 1]) { /* every result ends so; a tag pair's line (']') does not */
    case '0': case '1': case '2': case '*': case '-': break;
    default: return false;
    }
    size_t b = e;
    while (b > 0 && e - b <= 7 && !is_space(t[b - 1]))
        b--;
    if (b == 0 || e - b > 7)
        return false;
    for (size_t i = 0; i < sizeof results / sizeof results[0] - !dash; i++)
        if (results[i].n == e - b && !memcmp(t + b, results[i].s, e - b))
            return true;
    return false;
}

/* The line t[q..eol) (read to its end) starts a game when it starts with a tag pair and
 * the last line that was not blank was not tag pairs only, or ended with a result (after:
 * the reader ends a game, with or without a result, at the tag pairs of the next). A
 * guess, like the cuts: the worker that reads the piece counts its games, and a piece
 * counted wrong makes the pieces after it be read again (their games numbered from the
 * wrong count). */
static int line_starts_game(cutter *u, const char *t, size_t q, size_t eol, bool after)
{
    while (q < eol && (t[q] == ' ' || t[q] == '\t'))
        q++;
    while (eol > q && is_space(t[eol - 1]))
        eol--;
    if (q == eol)
        return 0; /* blank */
    bool tag = t[q] == '[' && q + 1 < eol && !is_space(t[q + 1]);
    bool start = tag && (!u->prev_tag || after);
    u->prev_tag = tag && t[eol - 1] == ']';
    return start;
}

/* Where the search for a cut in a piece's text stands (it goes on as text is read). */
typedef struct scan {
    size_t at;      /* the next byte to look at for a line break */
    size_t line;    /* the start of the line being read */
    bool check_cut; /* the line may be a cut: not looked at yet (its first byte not read) */
    bool counted;   /* the line is counted already (a piece's first: the cut) */
    int games;      /* games starting in the lines passed */
} scan;

/* Looks for a cut in k's text: a line starting with '[' after a result, the first past
 * target bytes or the PIECE_GAMES-th game. Returns its offset, or 0 (none yet). */
static size_t find_cut(cutter *u, const chunk *k, scan *sc, size_t target)
{
    const char *t = k->text;
    for (;;) {
        if (sc->check_cut) {
            size_t q = sc->line;
            if (q >= k->len)
                return 0;
            sc->check_cut = false;
            if (t[q] == '[' && after_result(t, q, false) && (sc->games + 1 >= PIECE_GAMES || q >= target)) {
                u->prev_tag = true; /* the next piece's first game */
                return q;
            }
        }
        const char *nl = memchr(t + sc->at, '\n', k->len - sc->at);
        if (!nl) {
            sc->at = k->len;
            return 0;
        }
        size_t eol = (size_t)(nl - t);
        if (!sc->counted)
            sc->games += line_starts_game(u, t, sc->line, eol,
                                          t[sc->line] == '[' && after_result(t, sc->line, true));
        sc->counted = false;
        sc->line = sc->at = eol + 1;
        sc->check_cut = true;
    }
}

/* Bytes equal to ch in the 8 bytes of w: a byte of x = w ^ ch...ch is zero iff adding
 * 0x7F to its low 7 bits leaves its high bit clear and its own high bit is clear. */
static inline int count_byte8(uint64_t w, uint64_t ch8)
{
    const uint64_t lo7 = 0x7F7F7F7F7F7F7F7Full;
    uint64_t x = w ^ ch8;
    uint64_t t = ((x & lo7) + lo7) | x;
    return (int)((((~t & ~lo7) >> 7) * 0x0101010101010101ull) >> 56); /* the bytes' sum */
}

/* Line breaks in t[0..n) as the reader counts them (LF, CRLF, lone CR), and whether a lone
 * CR is among them. The caller's thread runs this on the whole input: 8 bytes a step. */
static int count_lines(const char *t, size_t n, bool *lone_cr)
{
    const uint64_t lf8 = 0x0A0A0A0A0A0A0A0Aull;
    size_t lf = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, t + i, 8);
        lf += (size_t)count_byte8(w, lf8);
    }
    for (; i < n; i++)
        lf += t[i] == '\n';
    for (const char *p = t, *end = t + n; (p = memchr(p, '\r', (size_t)(end - p))); p++)
        if (p + 1 == end || p[1] != '\n') {
            lf++;
            *lone_cr = true;
        }
    return (int)lf;
}

static bool grow(char **p, size_t *cap, size_t need)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 64 * 1024;
    while (n < need)
        n *= 2;
    char *q = realloc(*p, n);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

/* Fills k with the next piece of text. False when it cannot be cut (no cut within
 * CHUNK_MAX bytes, or out of memory): k then holds all the text read. */
static bool cut(cutter *u, chunk *k)
{
    k->len = 0;
    if (!grow(&k->text, &k->cap, u->ncarry + CHUNK_READ + 1))
        return false;
    if (u->ncarry)
        memcpy(k->text, u->carry, u->ncarry);
    k->len = u->ncarry;
    u->ncarry = 0;
    size_t at = 0;
    /* a piece but the first starts with a game, at its cut */
    scan sc = {.counted = u->at.started, .games = u->at.started};
    for (;;) {
        if ((at = find_cut(u, k, &sc, u->c->target)))
            break;
        if (u->eof) {
            at = k->len;
            break;
        }
        if (k->len >= CHUNK_MAX || !grow(&k->text, &k->cap, k->len + CHUNK_READ + 1))
            return false;
        long n = pk_src_read(u->src, k->text + k->len, CHUNK_READ);
        if (n <= 0) {
            u->eof = true;
            u->ioerr = n < 0;
        } else {
            k->len += (size_t)n;
        }
    }
    if (!grow(&u->carry, &u->ccap, k->len - at))
        return false;
    u->ncarry = k->len - at;
    if (u->ncarry)
        memcpy(u->carry, k->text + at, u->ncarry);
    k->len = at;
    k->at = u->at;
    k->enc = pk_src_encoding(u->src);
    k->switch_off = pk_src_switch_offset(u->src);
    k->bom = pk_src_had_bom(u->src);
    k->last = u->eof && u->ncarry == 0;
    k->at.tag_follows = !k->last;
    k->predicted = sc.games; /* the workers number its games from u->at.games */
    u->at.games += k->predicted;
    bool lone = u->at.lone_cr_seen;
    u->at.line += count_lines(k->text, k->len, &lone);
    u->at.lone_cr_seen = lone;
    u->at.base += k->len;
    u->at.started = true;
    return true;
}

/* Emits a piece taken back from the pool, in order. A piece whose end is not the end of a
 * game as the whole file's reader sees it (not clean, and not the file's end), or whose
 * games were numbered from a wrong count (a piece before it had more or fewer games than
 * the cutter counted), is not emitted: u->fallback is set, and it and the pieces after it
 * are read again. */
static void chunk_done(cutter *u, chunk *k)
{
    pk_checker *c = u->c;
    if (u->fallback || !u->go_on)
        return;
    if (u->miscounted || !k->ok || (!k->clean && !k->last)) {
        u->fallback = k;
        return;
    }
    u->go_on = emit_store(c, &k->st, NULL, k->last);
    c->games += k->ngames;
    if (!k->last && k->ngames != k->predicted)
        u->miscounted = true;
    if (k->last)
        u->last_st = k->rst;
}

/* The text of the pieces from the first one not cut right, and the text read after them,
 * handed back to the source, in order. */
static int hand_back(cutter *u, chunk **later, int nlater, pk_error *err)
{
    size_t n = u->ncarry;
    for (int i = 0; i < nlater; i++)
        n += later[i]->len;
    char *all = malloc(n ? n : 1);
    if (!all)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    size_t at = 0;
    for (int i = 0; i < nlater; i++) {
        if (later[i]->len)
            memcpy(all + at, later[i]->text, later[i]->len);
        at += later[i]->len;
    }
    if (u->ncarry)
        memcpy(all + at, u->carry, u->ncarry);
    int st = pk_src_unread(u->src, all, n, err);
    free(all);
    return st;
}

/* Takes the oldest piece back (waiting for it) and emits it; a piece to read again is
 * kept in later[], the others go back to the free list. */
static void take_piece(cutter *u, bool wait, chunk **later, int *nlater, int *inflight)
{
    pk_checker *c = u->c;
    chunk *k;
    while (*inflight > 0 && (k = pk_pool_take(c->pool, wait))) {
        --*inflight;
        bool before = u->fallback != NULL;
        chunk_done(u, k);
        if (u->fallback && (before || u->fallback == k))
            later[(*nlater)++] = k;
        else
            c->cfree[c->ncfree++] = k;
        if (!wait)
            continue;
        if (c->ncfree > 0 || u->fallback || u->miscounted || !u->go_on)
            return;
    }
}

static int run_chunks(pk_checker *c, pk_src *src, const char *name, pk_pdn_resume *resume)
{
    cutter u = {.c = c, .src = src, .name = name, .go_on = true};
    u.at = *resume;
    chunk **later = calloc((size_t)c->nchunks, sizeof *later); /* the pieces read again */
    int nlater = 0, inflight = 0;
    chunk *uncut = NULL; /* a piece that could not be cut: its text is the newest */
    c->games = 0;
    if (!later)
        u.go_on = false;
    while (u.go_on && !u.fallback && !u.miscounted && !(u.eof && u.ncarry == 0)) {
        if (c->ncfree == 0)
            take_piece(&u, true, later, &nlater, &inflight);
        if (u.fallback || u.miscounted || !u.go_on)
            break;
        chunk *k = c->cfree[--c->ncfree];
        pk_pdn_resume at = u.at;
        if (!cut(&u, k)) { /* no cut in sight: this text and the rest, the old way */
            k->at = at;
            uncut = k;
            break;
        }
        pk_pool_put(c->pool, k);
        c->npieces++;
        inflight++;
        take_piece(&u, false, later, &nlater, &inflight);
    }
    while (inflight > 0) /* the rest in flight, in order */
        take_piece(&u, true, later, &nlater, &inflight);
    if (uncut) {
        later[nlater++] = uncut;
        if (!u.fallback)
            u.fallback = uncut;
    }
    int st = 1;
    pk_error err;
    pk_error_clear(&err);
    if (!later) {
        st = -PK_ERR_NOMEM;
        pk_error_set(&err, PK_ERR_NOMEM, 0, "out of memory");
    } else if (!u.go_on) {
        st = 0;
    } else if (u.fallback || u.miscounted) { /* (miscounted, nothing cut after: the carry) */
        c->nreread++;
        pk_pdn_resume at = u.fallback ? u.fallback->at : u.at;
        at.games = c->games;
        at.tag_follows = false; /* the rest of the file, to its end */
        pk_pdn_reader *rd = NULL;
        if (hand_back(&u, later, nlater, &err) == PK_OK &&
            (rd = pk_pdn_open_src(src, name, c->o.reader_flags, &err))) {
            pk_pdn_restart(rd, &at);
            st = run_games(c, rd);
            resume->base = pk_pdn_bytes(rd);
            pk_pdn_close(rd);
        } else {
            st = -PK_ERR_NOMEM;
        }
    } else {
        resume->base = u.at.base;
        st = u.last_st < 0 ? u.last_st : 1;
        if (u.ioerr) {
            pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = pk_src_error(src)};
            c->on_diag(c->ctx, &d, false);
            st = -PK_ERR_IO;
        }
    }
    if (st == -PK_ERR_NOMEM && err.code) {
        pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = err.msg};
        c->on_diag(c->ctx, &d, false);
    }
    for (int i = 0; i < nlater; i++)
        c->cfree[c->ncfree++] = later[i];
    free(later);
    free(u.carry);
    return st;
}

void pk_checker_pieces(const pk_checker *c, unsigned long *pieces, unsigned long *reread)
{
    *pieces = c->npieces;
    *reread = c->nreread;
}

int pk_checker_run(pk_checker *c, FILE *f, const char *name, bool (*on_game)(void *ctx, const pk_checked *g),
                   void (*on_diag)(void *ctx, const pk_diag *d, bool written), void *ctx,
                   unsigned long long *bytes)
{
    c->file = name;
    c->on_game = on_game;
    c->on_diag = on_diag;
    c->ctx = ctx;
    if (bytes)
        *bytes = 0;
    pk_error err;
    pk_error_clear(&err);
    pk_src *src = pk_src_open(f, &err);
    pk_pdn_reader *rd = NULL;
    int st;
    pk_pdn_resume at = {.base = 0, .line = 1, .file = name};
    pk_error_clear(&err);
    if (src && c->nchunks > 0) {
        st = run_chunks(c, src, name, &at);
        if (bytes)
            *bytes = at.base;
        pk_src_close(src);
        return st;
    }
    if (src && (rd = pk_pdn_open_src(src, name, c->o.reader_flags, &err)))
        pk_pdn_restart(rd, &at);
    if (!rd) {
        pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = err.msg};
        on_diag(ctx, &d, false);
        pk_src_close(src);
        return -PK_ERR_IO;
    }
    st = run_games(c, rd);
    if (bytes)
        *bytes = pk_pdn_bytes(rd);
    pk_pdn_close(rd);
    pk_src_close(src);
    return st;
}
