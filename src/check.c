/*
 * check.c -- the checking loop of check.h. A slot holds one game in flight: the game as
 * read, its diagnostics (a pk_diag_buffer: the reader's, then the replay's) and the
 * replay's result. The caller's thread reads into a free slot and hands it to the pool
 * (pool.h), whose workers replay it, each with its own pk_replay; slots come back in
 * file order and are emitted there: diagnostics, then the game.
 *
 * A game with more diagnostics than a pk_diag_buffer holds makes the buffer send a batch
 * on while the game is still being checked; in a worker that batch is kept aside (the
 * slot's spill list) and sent first when the slot is emitted, so the caller's sink is
 * only ever called on its own thread.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pool.h"
#include "report.h"

typedef struct spilled {
    struct spilled *next;
    pk_diag d;
    char text[]; /* the strings of d, one after another */
} spilled;

typedef struct slot {
    pk_checker *c;
    pk_game g;
    pk_diag_buffer *buf;
    pk_diag_sink sink; /* into buf */
    bool emitting;     /* buf's batches go to the caller (else: to the spill list) */
    bool discarding;   /* buf's batches go nowhere (a game of another shard) */
    spilled *spill, **spill_tail;
    size_t mark;       /* the buffer's count before this game was read */
    bool replay;
    bool not_applied;
    void *state;       /* the observer's (pk_check_observer) */
    pk_replay_result res;
} slot;

struct pk_checker {
    pk_check_opts o;
    pk_pool *pool;
    pk_replay **replay; /* one per worker */
    int nreplay;
    slot *slots;
    slot **free;
    int nslots, nfree;
    /* the input being checked */
    const char *file;
    bool (*on_game)(void *ctx, const pk_checked *g);
    void (*on_diag)(void *ctx, const pk_diag *d);
    void *ctx;
};

static const char *copy_str(char **p, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = memcpy(*p, s, n);
    *p += n;
    return d;
}

/* A batch of the slot's buffer: to the caller when the slot is emitted, else kept. */
static void slot_out(void *ctx, const pk_diag *d)
{
    slot *s = ctx;
    if (s->discarding)
        return;
    if (s->emitting) {
        s->c->on_diag(s->c->ctx, d);
        return;
    }
    const char *str[] = {d->code, d->file, d->move, d->fen, d->message, d->hint, d->game_name};
    size_t bytes = 0;
    for (size_t i = 0; i < sizeof str / sizeof str[0]; i++)
        bytes += str[i] ? strlen(str[i]) + 1 : 0;
    spilled *x = malloc(sizeof *x + bytes);
    if (!x)
        return; /* out of memory in a game of thousands of diagnostics: that one is lost */
    x->next = NULL;
    x->d = *d;
    char *p = x->text;
    x->d.code = copy_str(&p, d->code);
    x->d.file = copy_str(&p, d->file);
    x->d.move = copy_str(&p, d->move);
    x->d.fen = copy_str(&p, d->fen);
    x->d.message = copy_str(&p, d->message);
    x->d.hint = copy_str(&p, d->hint);
    x->d.game_name = copy_str(&p, d->game_name);
    *s->spill_tail = x;
    s->spill_tail = &x->next;
}

static void spill_clear(slot *s, bool send);

/* Drops what the slot's game reported (a game of another shard, or output stopped). */
static void discard(slot *s)
{
    if (!pk_diag_buffer_truncate(s->buf, s->mark)) { /* part of it went to the spill list */
        s->discarding = true;
        pk_diag_buffer_flush(s->buf, NULL);
        s->discarding = false;
    }
    spill_clear(s, false);
}

static void spill_clear(slot *s, bool send)
{
    for (spilled *x = s->spill, *next; x; x = next) {
        next = x->next;
        if (send)
            s->c->on_diag(s->c->ctx, &x->d);
        free(x);
    }
    s->spill = NULL;
    s->spill_tail = &s->spill;
}

/* The worker's step: the replay of one game (pool.h work function). */
static void work(void *wctx, void *item)
{
    slot *s = item;
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
    pk_replay_game(wctx, &s->g, s->c->file, o, &s->sink, &s->res);
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
            pk_replay_game(wctx, &s->g, s->c->file, &without, &s->sink, &s->res);
        }
    }
    if (ob->end && s->state)
        ob->end(s->state, &s->g, &s->res);
}

pk_checker *pk_checker_new(const pk_check_opts *o, pk_error *err)
{
    pk_checker *c = calloc(1, sizeof *c);
    if (!c)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    c->o = *o;
    int jobs = o->jobs > 1 ? o->jobs : 1;
    c->nslots = jobs > 1 ? (o->window > 0 ? o->window : 64 * jobs) : 1;
    c->nreplay = jobs;
    c->replay = calloc((size_t)jobs, sizeof *c->replay);
    c->slots = calloc((size_t)c->nslots, sizeof *c->slots);
    c->free = calloc((size_t)c->nslots, sizeof *c->free);
    bool ok = c->replay && c->slots && c->free;
    for (int i = 0; ok && i < jobs; i++)
        ok = (c->replay[i] = pk_replay_new()) != NULL;
    for (int i = 0; ok && i < c->nslots; i++) {
        slot *s = &c->slots[i];
        s->c = c;
        pk_game_init(&s->g);
        s->spill_tail = &s->spill;
        ok = (s->buf = pk_diag_buffer_new((pk_diag_sink){slot_out, s})) != NULL;
        if (ok && o->observer.on_event)
            ok = (s->state = o->observer.state_new(o->observer.ctx)) != NULL;
        s->sink = pk_diag_buffer_sink(s->buf);
        c->free[c->nfree++] = s;
    }
    if (ok && !(c->pool = pk_pool_new(jobs, c->nslots, work, (void **)c->replay, err)))
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
    for (int i = 0; c->replay && i < c->nreplay; i++)
        pk_replay_free(c->replay[i]);
    for (int i = 0; c->slots && i < c->nslots; i++) {
        pk_game_free(&c->slots[i].g);
        pk_diag_buffer_free(c->slots[i].buf);
        if (c->slots[i].state)
            c->o.observer.state_free(c->slots[i].state);
        if (c->slots[i].spill_tail)
            spill_clear(&c->slots[i], false);
    }
    free(c->replay);
    free(c->slots);
    free(c->free);
    free(c);
}

/* Sends the slot's diagnostics on, in file order (what a full buffer sent early first). */
static void send_diags(slot *s, bool named)
{
    char name[PK_GAME_NAME_MAX];
    s->emitting = true;
    spill_clear(s, true);
    /* the players and round name the game in messages (only games with something to say) */
    pk_diag_buffer_flush(s->buf, named && pk_diag_buffer_pending(s->buf)
                                     ? pk_report_game_name(&s->g, name, sizeof name)
                                     : NULL);
    s->emitting = false;
}

static bool emit(pk_checker *c, slot *s)
{
    send_diags(s, true);
    pk_checked ck = {c->file, &s->g, s->replay, &s->res, s->not_applied, s->state};
    bool go_on = c->on_game(c->ctx, &ck);
    c->free[c->nfree++] = s;
    return go_on;
}

int pk_checker_run(pk_checker *c, FILE *f, const char *name, bool (*on_game)(void *ctx, const pk_checked *g),
                   void (*on_diag)(void *ctx, const pk_diag *d), void *ctx, unsigned long long *bytes)
{
    c->file = name;
    c->on_game = on_game;
    c->on_diag = on_diag;
    c->ctx = ctx;
    if (bytes)
        *bytes = 0;
    pk_error err;
    pk_error_clear(&err);
    pk_pdn_reader *rd = pk_pdn_open(f, name, c->o.reader_flags, &err);
    if (!rd) {
        pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = err.msg};
        on_diag(ctx, &d);
        return -PK_ERR_IO;
    }
    int st = 1;
    bool go_on = true;
    slot *s = NULL;
    while (go_on) {
        slot *done;
        while (go_on && pk_pool_full(c->pool) && (done = pk_pool_take(c->pool, true)))
            go_on = emit(c, done);
        if (!go_on)
            break;
        s = c->free[--c->nfree];
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
        while (go_on && (done = pk_pool_take(c->pool, false)))
            go_on = emit(c, done);
    }
    slot *done;
    while ((done = pk_pool_take(c->pool, true))) /* in order, whatever is left */
        if (go_on)
            go_on = emit(c, done);
        else {
            discard(done);
            c->free[c->nfree++] = done;
        }
    if (s) { /* the slot the last read went into: diagnostics in no game (text after the
                last game, a read error) */
        if (go_on)
            send_diags(s, false);
        else
            discard(s);
        c->free[c->nfree++] = s;
    }
    if (bytes)
        *bytes = pk_pdn_bytes(rd);
    pk_pdn_close(rd);
    return !go_on ? 0 : st < 0 ? st : 1;
}
