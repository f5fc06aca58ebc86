/*
 * check_games.c -- one game of the checking loop (see check.c's header comment): the slot
 * it is read into (its diagnostic buffer, sent on into the slot's store), its replay on a
 * worker's thread (again without an option meant for other variants), its record kept in
 * the store; and the loop that reads one game at a time on the caller's thread and hands
 * the replays to the pool (-j 1, --shard, and the rest of a file whose pieces could not
 * be cut right). Uses check_store.c; check_pieces.c and check.c use it.
 */
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "check_int.h"
#include "rule_options.h"

/* ------------------------------------------------------------------ one game */

/* Where a slot's diagnostics go when its buffer sends them on: kept in the store, and on
 * the game's own flush written too (pk_check_format.diag). A batch sent on early (a game
 * of thousands) is kept unwritten: the caller's on_diag writes it. */
static void slot_out(void *ctx, const pk_diag *d)
{
    slot *s = ctx;
    if (s->discarding)
        return;
    off_t from = s->naming && s->c->o.format.diag ? pk_ck_fmt_start(s->w) : -1;
    bool written = from >= 0;
    if (!pk_ck_store_diag(s->st, d, written)) {
        s->st->nomem = true; /* out of memory in a game of thousands of diagnostics */
        return;
    }
    if (written) {
        s->c->o.format.diag(s->c->o.format.ctx, d, s->w->fmt);
        pk_ck_fmt_end(s->w, s->st, from);
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

/* The observer readied for a replay of the game: handed the game's stream (the worker's,
 * from the game's start: a second replay writes over the first), then begin(). */
static void observe(slot *s, worker *w, off_t from)
{
    const pk_check_observer *ob = &s->c->o.observer;
    if (from >= 0 && fseeko(w->fmt, from, SEEK_SET) == 0)
        ob->output(s->state, w->fmt);
    if (ob->begin)
        ob->begin(s->state, &s->g);
}

/* The replay of one game, on w's thread; what the observer writes goes to the store. */
static void replay_game(worker *w, slot *s)
{
    pk_replay *rp = w->replay;
    const pk_check_observer *ob = &s->c->o.observer;
    pk_replay_opts with = s->c->o.replay;
    const pk_replay_opts *o = &with;
    with.on_event = ob->on_event;
    with.event_ctx = s->state;
    s->not_applied = false;
    if (!s->replay)
        return;
    off_t from = ob->output && s->state && s->c->o.format.game ? pk_ck_fmt_start(w) : -1;
    observe(s, w, from);
    size_t mark = pk_diag_buffer_mark(s->buf);
    pk_replay_game(rp, &s->g, s->c->file, o, &s->sink, &s->res);
    pk_error err;
    /* An option meant for other variants (the variant came from the tag or a guess): not
     * applied to this game. The draw profiles only act in their own variants; a house rule
     * of the 8x8 games would, so the game is replayed without it (RULES 0.1). */
    if (!s->c->o.variant_given && s->res.variant && (o->gen_flags || o->draw_options) &&
        pk_rule_options_apply(s->res.variant, o->gen_flags, o->draw_options, &err)) {
        s->not_applied = true;
        if (o->gen_flags && pk_rule_options_apply(s->res.variant, o->gen_flags, 0, &err) &&
            pk_diag_buffer_truncate(s->buf, mark)) {
            pk_replay_opts without = *o;
            without.gen_flags = 0;
            memset(&s->res, 0, sizeof s->res);
            observe(s, w, from); /* the observer sees the game once: the replay that counts */
            pk_replay_game(rp, &s->g, s->c->file, &without, &s->sink, &s->res);
        }
    }
    if (ob->end && s->state)
        ob->end(s->state, &s->g, &s->res);
    if (from >= 0)
        pk_ck_fmt_end(w, s->st, from);
}

/* A game read into s, checked on w's thread: replayed, its diagnostics put in file order
 * and named after its players, its text written, its record kept. */
void pk_ck_finish_game(worker *w, slot *s)
{
    pk_checker *c = s->c;
    store *st = s->st;
    size_t t0 = st->ntext; /* the game's text: the observer's, its diagnostics', format.game's */
    replay_game(w, s);
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
    off_t from = c->o.format.game ? pk_ck_fmt_start(w) : -1;
    if (from >= 0) {
        pk_checked ck = {c->file, &s->g, s->replay, &s->res, s->not_applied, s->state, s->res.variant, NULL, 0, NULL};
        c->o.format.game(c->o.format.ctx, &ck, w->fmt, note);
        pk_ck_fmt_end(w, st, from);
    }
    st->r[st->nr++] = (record){st->nd, t0, st->ntext, s->replay, s->not_applied, s->res.variant};
}

bool pk_ck_slot_init(pk_checker *c, slot *s)
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

void pk_ck_slot_fini(pk_checker *c, slot *s)
{
    pk_game_free(&s->g);
    pk_diag_buffer_free(s->buf);
    if (s->state)
        c->o.observer.state_free(s->state);
    pk_ck_store_free(&s->own);
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
        if ((st = pk_pdn_step(rd, &s->g, &s->sink)) <= 0)
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
