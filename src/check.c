/*
 * check.c -- the checking loop of check.h. A slot holds one game in flight: the game as
 * read, its diagnostics (a pk_diag_buffer: the reader's, then the replay's) and the
 * replay's result. The caller's thread reads into a free slot and hands it to the pool
 * (pool.h), whose workers replay it, each with its own pk_replay; slots come back in
 * file order and are emitted there: diagnostics, then the game.
 *
 * With several workers the reading is theirs too (the caller's thread would otherwise be
 * the limit: reading costs about as much as replaying): the caller's thread only cuts the
 * decoded text into pieces of about CHUNK_TARGET bytes, at a line that starts with '['
 * right after a result token, and the workers read and replay a whole piece each, with a
 * reader restarted there (pdn_resume.h), counting games from 0; the emitter adds the games
 * of the pieces before. A piece is only right if the whole file's reader would have been
 * between games at its start, that is if the piece before ended at a result followed by
 * blanks (pk_pdn_clean_end()). When one did not (a comment left open, a game without a
 * result), its text and everything after it is handed back to the source and read the
 * old way, one game at a time on the caller's thread (replays still in parallel), so the
 * output stays the one of -j 1 whatever the input.
 *
 * A game with more diagnostics than a pk_diag_buffer holds makes the buffer send a batch
 * on while the game is still being checked; in a worker that batch is kept aside (the
 * slot's spill list) and sent first when the slot is emitted, so the caller's sink is
 * only ever called on its own thread.
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
#define PIECE_SLOTS (4 * PIECE_GAMES) /* more games in a piece (most without a result): the
                                     rest of the file is read the old way (bounds memory) */

typedef struct spilled {
    struct spilled *next;
    pk_diag d;
    char text[]; /* the strings of d, one after another */
} spilled;

enum { ITEM_GAME, ITEM_CHUNK };

typedef struct slot {
    int kind; /* ITEM_GAME */
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
    int game_offset;   /* games of the pieces before (a piece counts its games from 0) */
    pk_replay_result res;
} slot;

/* A piece of the text, read and replayed by one worker. */
typedef struct chunk {
    int kind; /* ITEM_CHUNK */
    pk_checker *c;
    char *text;
    size_t len, cap;
    pk_pdn_resume at;
    int enc, bom;                /* the source's answers when the piece was cut */
    unsigned long long switch_off;
    bool last;                   /* the end of the input: its end is the file's */
    slot **games;                /* games[0..ngames): the games read */
    slot *tail;                  /* the slot of the last read: what it said outside a game
                                    (NULL: out of memory) */
    int ngames, nslots;
    int st;                      /* the last pk_pdn_next status */
    bool clean;
} chunk;

/* A worker's own: its replay scratch, and its reader of pieces. */
typedef struct worker {
    pk_replay *replay;
    pk_src *mem;
    pk_pdn_reader *rd;
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
    int games;  /* games emitted from pieces (the next piece's first is games + 1) */
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
        pk_diag x = *d;
        if (x.game > 0)
            x.game += s->game_offset;
        s->c->on_diag(s->c->ctx, &x);
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
        if (send) {
            if (x->d.game > 0)
                x->d.game += s->game_offset;
            s->c->on_diag(s->c->ctx, &x->d);
        }
        free(x);
    }
    s->spill = NULL;
    s->spill_tail = &s->spill;
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

/* Game slots: one per game in flight (a piece holds a few dozen). */
static bool slot_init(pk_checker *c, slot *s)
{
    s->kind = ITEM_GAME;
    s->c = c;
    pk_game_init(&s->g);
    s->spill_tail = &s->spill;
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
    if (s->spill_tail)
        spill_clear(s, false);
}

/* The i-th game slot of k, made on first use (NULL when out of memory). */
static slot *chunk_slot(chunk *k, int i)
{
    if (i < k->nslots)
        return k->games[i];
    slot **g = realloc(k->games, (size_t)(i + 1) * sizeof *g);
    if (!g)
        return NULL;
    k->games = g;
    slot *s = calloc(1, sizeof *s);
    if (!s || !slot_init(k->c, s)) {
        if (s)
            slot_fini(k->c, s);
        free(s);
        return NULL;
    }
    g[k->nslots++] = s;
    return s;
}

/* A worker reads a piece and replays its games. */
static void work_chunk(worker *w, chunk *k)
{
    pk_checker *c = k->c;
    pk_src_mem_set(w->mem, k->text, k->len, k->enc, k->switch_off, k->bom);
    pk_pdn_restart(w->rd, &k->at);
    k->ngames = 0;
    k->clean = false;
    k->tail = NULL;
    for (;;) {
        slot *s = k->ngames < PIECE_SLOTS ? chunk_slot(k, k->ngames) : NULL;
        if (!s) { /* too many games (or out of memory): read again the old way */
            k->st = -PK_ERR_NOMEM;
            return;
        }
        s->game_offset = 0;
        s->mark = pk_diag_buffer_mark(s->buf);
        if ((k->st = pk_pdn_next(w->rd, &s->g, &s->sink)) <= 0) {
            k->tail = s;
            break;
        }
        s->replay = !c->o.syntax_only && s->g.nerrors == 0;
        memset(&s->res, 0, sizeof s->res);
        replay_game(w->replay, s);
        k->ngames++;
    }
    k->clean = k->st == 0 && pk_pdn_clean_end(w->rd);
}

/* The worker's step (pool.h work function): a game, or a piece. */
static void work(void *wctx, void *item)
{
    worker *w = wctx;
    if (*(int *)item == ITEM_CHUNK)
        work_chunk(w, item);
    else
        replay_game(w->replay, item);
}

pk_checker *pk_checker_new(const pk_check_opts *o, pk_error *err)
{
    pk_checker *c = calloc(1, sizeof *c);
    if (!c)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    c->o = *o;
    int jobs = o->jobs > 1 ? o->jobs : 1;
    c->nslots = jobs > 1 ? (o->window > 0 ? o->window : 64 * jobs) : 1;
    /* pieces in flight: enough to keep every worker busy while the emitter catches up. A
     * piece's reader counts its games from 0 (the index in the file is known only when the
     * pieces before it are done): select and an observer, which see a game before it is
     * handed back, get the games read by the caller's thread. */
    bool pieces = o->shards == 0 && o->piece >= 0 && !o->select && !o->observer.on_event;
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
        if (ok && c->nchunks)
            ok = (w->mem = pk_src_mem_new(err)) && (w->rd = pk_pdn_open_src(w->mem, NULL, o->reader_flags, err));
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
        pk_replay_free(c->w[i].replay);
        pk_pdn_close(c->w[i].rd);
        pk_src_close(c->w[i].mem);
    }
    for (int i = 0; c->slots && i < c->nslots; i++)
        if (c->slots[i].c)
            slot_fini(c, &c->slots[i]);
    for (int i = 0; c->chunks && i < c->nchunks; i++) {
        chunk *k = &c->chunks[i];
        for (int j = 0; j < k->nslots; j++) {
            slot_fini(c, k->games[j]);
            free(k->games[j]);
        }
        free(k->games);
        free(k->text);
    }
    free(c->w);
    free(c->wctx);
    free(c->slots);
    free(c->free);
    free(c->chunks);
    free(c->cfree);
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
    return c->on_game(c->ctx, &ck);
}

/* ------------------------------------------------------------------ one game at a time */

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
        s->game_offset = 0;
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
        if (go_on)
            send_diags(s, false);
        else
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
} cutter;

static int is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

/* Whether the line starting at t[q] ('[') may start a piece: the text before it ends with
 * a result token after a blank. A guess; the piece's reader checks it (pk_pdn_clean_end). */
static bool after_result(const char *t, size_t q)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*"};
    size_t e = q;
    while (e > 0 && is_space(t[e - 1]))
        e--;
    size_t b = e;
    while (b > 0 && !is_space(t[b - 1]))
        b--;
    if (b == 0 || e - b > 7)
        return false;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strlen(results[i]) == e - b && !memcmp(t + b, results[i], e - b))
            return true;
    return false;
}

/* Looks for a cut in k's text from *scan on: a line starting with '[' after a result,
 * the first past target bytes or the PIECE_GAMES-th. Returns its offset, or 0 (none yet:
 * *scan and *seen tell where to go on and how many were passed). */
static size_t find_cut(const chunk *k, size_t *scan, int *seen, size_t target)
{
    const char *t = k->text, *end = t + k->len;
    for (const char *p = t + *scan; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            break;
        if (nl + 1 == end) { /* what follows is not read yet */
            *scan = (size_t)(nl - t);
            return 0;
        }
        size_t q = (size_t)(nl + 1 - t);
        if (nl[1] == '[' && after_result(t, q) && (++*seen >= PIECE_GAMES || q >= target))
            return q;
        p = nl + 1;
    }
    *scan = k->len;
    return 0;
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
    size_t at = 0, scan = 0;
    int seen = 0;
    for (;;) {
        if ((at = find_cut(k, &scan, &seen, u->c->target)))
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
    bool lone = u->at.lone_cr_seen;
    u->at.line += count_lines(k->text, k->len, &lone);
    u->at.lone_cr_seen = lone;
    u->at.base += k->len;
    u->at.started = true;
    return true;
}

/* Drops what a piece's games said (a piece read again, or output stopped). */
static void chunk_discard(chunk *k)
{
    for (int i = 0; i < k->ngames; i++)
        discard(k->games[i]);
    if (k->tail)
        discard(k->tail);
}

/* Emits a piece taken back from the pool, in order. A piece whose end is not the end of a
 * game as the whole file's reader sees it (not clean, and not the file's end) is not
 * emitted: u->fallback is set, and it and the pieces after it are read again. */
static void chunk_done(cutter *u, chunk *k)
{
    pk_checker *c = u->c;
    if (u->fallback || !u->go_on) {
        chunk_discard(k);
        return;
    }
    if (!k->clean && (!k->last || !k->tail)) {
        chunk_discard(k);
        u->fallback = k;
        return;
    }
    int before = c->games; /* the piece's reader counted its games from 0 */
    for (int i = 0; i < k->ngames && u->go_on; i++) {
        slot *s = k->games[i];
        s->g.index += before;
        s->game_offset = before;
        u->go_on = emit(c, s);
    }
    c->games += k->ngames;
    if (!u->go_on) {
        chunk_discard(k);
        return;
    }
    if (k->last) { /* its end is the file's: what came after the last game is said */
        k->tail->game_offset = before;
        send_diags(k->tail, false);
        u->last_st = k->st;
    }
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
        if (c->ncfree > 0 || u->fallback || !u->go_on)
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
    while (u.go_on && !u.fallback && !(u.eof && u.ncarry == 0)) {
        if (c->ncfree == 0)
            take_piece(&u, true, later, &nlater, &inflight);
        if (u.fallback || !u.go_on)
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
    } else if (u.fallback) {
        c->nreread++;
        pk_pdn_resume at = u.fallback->at;
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
            c->on_diag(c->ctx, &d);
            st = -PK_ERR_IO;
        }
    }
    if (st == -PK_ERR_NOMEM && err.code) {
        pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = err.msg};
        c->on_diag(c->ctx, &d);
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
        on_diag(ctx, &d);
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
