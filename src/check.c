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
 *
 * This file: the store, one game's checking, the checker, the one-game-at-a-time loop;
 * check_pieces.c: the pieces.
 */
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "check_int.h"
#include "cli.h"

/* ------------------------------------------------------------------ the store */

bool pk_ck_reserve(void **p, size_t *cap, size_t need, size_t size)
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

void pk_ck_store_reset(store *st)
{
    st->nd = st->nstr = st->ntext = st->nr = 0;
    st->nomem = false;
}

static void store_free(store *st)
{
    free(st->notes);
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
    if (!pk_ck_reserve((void **)&st->d, &st->capd, st->nd + 1, sizeof *st->d) ||
        !pk_ck_reserve((void **)&st->str, &st->capstr, st->nstr + bytes, 1))
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

/* The worker's stream: what it wrote between fmt_start() and fmt_end() (stream positions)
 * is appended to the store. It is taken back to its start only now and then. Positions,
 * not the size variable: after a seek, glibc sets that to the position at the next fflush
 * but musl only when something is written (POSIX leaves it open). -1: the stream failed. */
static off_t fmt_start(worker *w)
{
    off_t pos = ftello(w->fmt);
    if (pos > 64 * 1024 && fseeko(w->fmt, 0, SEEK_SET) == 0)
        pos = 0;
    return pos;
}

static void fmt_end(worker *w, store *st, off_t from)
{
    off_t to = from < 0 || fflush(w->fmt) != 0 ? -1 : ftello(w->fmt);
    if (to < from || !pk_ck_reserve((void **)&st->text, &st->captext, st->ntext + (size_t)(to - from), 1)) {
        st->nomem = true;
        return;
    }
    size_t n = (size_t)(to - from);
    if (n) /* (nothing written: text may still be NULL) */
        memcpy(st->text + st->ntext, w->fbuf + from, n);
    st->ntext += n;
}

/* Hands back what st holds, in order: each record's diagnostics then its game (held by s
 * without pk_check_format), and with tail what was said after the last record. false:
 * on_game asked to stop. */
bool pk_ck_emit(pk_checker *c, const store *st, slot *s, bool tail)
{
    bool text = c->o.format.game != NULL;
    slot *held = text ? NULL : s; /* the game, its result and state, kept until here */
    size_t i = 0;
    for (size_t n = 0; n < st->nr; n++) {
        const record *r = &st->r[n];
        for (; i < r->d1; i++) {
            pk_diag d = store_get(st, i);
            c->on_diag(c->ctx, &d, st->d[i].written);
        }
        size_t ns = c->o.format.note_size;
        pk_checked ck = {c->file, held ? &held->g : NULL, r->replayed, held ? &held->res : NULL,
                         r->not_applied, held ? held->state : NULL, r->variant,
                         text ? (st->text ? st->text + r->t0 : "") : NULL, r->t1 - r->t0,
                         text && ns ? st->notes + n * ns : NULL};
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
    off_t from = s->naming && s->c->o.format.diag ? fmt_start(s->w) : -1;
    bool written = from >= 0;
    if (!store_diag(s->st, d, written)) {
        s->st->nomem = true; /* out of memory in a game of thousands of diagnostics */
        return;
    }
    if (written) {
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
    pk_ck_store_reset(&s->own);
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
void pk_ck_finish_game(worker *w, slot *s)
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
    size_t ns = c->o.format.note_size;
    if (!pk_ck_reserve((void **)&st->r, &st->capr, st->nr + 1, sizeof *st->r) ||
        (ns && !pk_ck_reserve((void **)&st->notes, &st->capnotes, (st->nr + 1) * ns, 1))) {
        st->nomem = true;
        return;
    }
    void *note = ns ? memset(st->notes + st->nr * ns, 0, ns) : NULL; /* zeroed whatever comes */
    off_t from = c->o.format.game ? fmt_start(w) : -1;
    if (from >= 0) {
        pk_checked ck = {c->file, &s->g, s->replay, &s->res, s->not_applied, s->state, s->res.variant, NULL, 0, NULL};
        c->o.format.game(c->o.format.ctx, &ck, w->fmt, note);
        fmt_end(w, st, from);
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

/* The worker's step (pool.h work function): a game, or a piece. */
static void work(void *wctx, void *item)
{
    worker *w = wctx;
    if (*(int *)item == ITEM_CHUNK)
        pk_ck_work_piece(w, item);
    else
        pk_ck_finish_game(w, item);
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
     * Not for a shard (the caller's thread reads every game and hands on those of its
     * shard), nor when each game is kept until on_game (no format). */
    bool pieces = o->shards == 0 && o->piece >= 0 && o->format.game;
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
    if (ok && !o->replay.variant && !o->syntax_only) /* games without a tag are guessed */
        ok = pk_ck_prefix_new(c, err);
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
    /* the caller's thread is one of the jobs: it works while it waits (pool.c) */
    if (ok && !(c->pool = pk_pool_new_with_caller(jobs, c->nslots + c->nchunks, work, c->wctx, err)))
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
    pk_ck_prefix_free(c);
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
    bool go_on = pk_ck_emit(c, &s->own, s, false);
    pk_ck_store_reset(&s->own);
    return go_on;
}

/* The reader on the caller's thread, the replays on the workers: -j 1, --shard, and the
 * rest of a file whose pieces could not be cut right. */
int pk_ck_run_games(pk_checker *c, pk_pdn_reader *rd)
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
        pk_ck_store_reset(&s->own);
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
        s->replay = !c->o.syntax_only &&
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
            go_on = pk_ck_emit(c, &s->own, s, true);
        }
        discard(s);
        c->free[c->nfree++] = s;
    }
    return !go_on ? 0 : st < 0 ? st : 1;
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
    c->o.replay.file_guess = NULL;
    if (src && c->pre) { /* before any game of the file is replayed, on any thread */
        if (pk_ck_prefix_count(c, src, name) != PK_OK) {
            pk_src_close(src);
            return -PK_ERR_NOMEM;
        }
        c->o.replay.file_guess = &c->guess;
    }
    if (src && c->nchunks > 0) {
        st = pk_ck_run_pieces(c, src, name, &at);
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
    st = pk_ck_run_games(c, rd);
    if (bytes)
        *bytes = pk_pdn_bytes(rd);
    pk_pdn_close(rd);
    pk_src_close(src);
    return st;
}
