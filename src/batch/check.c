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
 * The files, lowest first (each calls only files before it): check_store.c (the store,
 * handed back), check_games.c (one game's checking, the one-game-at-a-time loop),
 * check_prefix.c (the file's first games counted for the guess), check_pieces.c (the
 * pieces), and this file: the checker, its workers and slots, and pk_checker_run; and the
 * observer that keys each game (pk_check_key_observer).
 */
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "check_int.h"
#include "game_key.h"

/* ------------------------------------------------------------------ the checker */

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
    if (!o->syntax_only) /* a last game without a result: said by the check (pdn_resume.h) */
        c->o.reader_flags |= PK_PDN_END_RESULT;
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
            ok = (w->mem = pk_src_mem_new(err)) &&
                 (w->rd = pk_pdn_open_src(w->mem, NULL, c->o.reader_flags, err)) && pk_ck_slot_init(c, &w->hot);
    }
    if (ok && !o->replay.variant && !o->syntax_only && !o->file_guess) /* games without a tag are guessed */
        ok = pk_ck_prefix_new(c, err);
    for (int i = 0; ok && i < c->nslots; i++) {
        ok = pk_ck_slot_init(c, &c->slots[i]);
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
            pk_ck_slot_fini(c, &w->hot);
        if (w->fmt)
            fclose(w->fmt);
        free(w->fbuf);
        free(w->dv);
    }
    for (int i = 0; c->slots && i < c->nslots; i++)
        if (c->slots[i].c)
            pk_ck_slot_fini(c, &c->slots[i]);
    for (int i = 0; c->chunks && i < c->nchunks; i++) {
        pk_ck_store_free(&c->chunks[i].st);
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
    c->o.replay.file_guess = c->o.file_guess; /* a guess given: the file's own is not counted */
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

bool pk_checker_file_notice(const pk_diag *d) { return d->game <= 0 && !strcmp(d->code, "compression"); }

void pk_checker_keep_io(pk_error *io, const pk_diag *d)
{
    if (io && !io->code && d->game <= 0 && !strcmp(d->code, "io"))
        pk_error_set_at(io, PK_ERR_IO, d->line, d->col, "%s", d->message);
}

int pk_checker_status(int st, bool write_failed, const pk_error *io, pk_error *err)
{
    if (write_failed || st == 0)
        return pk_error_set(err, PK_ERR_IO, 0, "write error");
    if (st > 0)
        return PK_OK;
    if (io && io->code && err) {
        *err = *io;
        err->code = -st;
    }
    if (io && io->code)
        return -st;
    return pk_error_set(err, -st, 0, "%s", -st == PK_ERR_NOMEM ? "out of memory" : "read error");
}

/* ------------------------------------------------------------------ the key observer */

static void *key_new(void *ctx)
{
    (void)ctx;
    return calloc(1, sizeof(pk_key_builder));
}

static void key_begin(void *state, const pk_game *g)
{
    (void)g;
    pk_key_begin(state);
}

static void key_event(void *state, const pk_replay_event *e) { pk_key_event(state, e); }

pk_check_observer pk_check_key_observer(void)
{
    return (pk_check_observer){key_new, free, key_begin, key_event, NULL, NULL, NULL};
}
