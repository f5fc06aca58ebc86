/*
 * check_pieces.c -- the workers read too (check.c's header comment says why): the caller's
 * thread cuts the decoded text of an input into pieces at a line starting with '[' right
 * after a result token, counts the games of each by its lines, and hands the pieces to
 * the pool; each worker reads a piece with a reader restarted there (pdn_resume.h) into
 * its own warm slot and keeps each game's record (check_store.c's store). Pieces come back in
 * order; one that did not end where the whole file's reader would be between games, or
 * that held other games than counted, makes the rest of the input be handed back to the
 * source and read by check_games.c's one-game-at-a-time loop, so the output stays -j 1's.
 */
#include <stdlib.h>
#include <string.h>

#include "check_int.h"
#include "pk_assert.h"

/* A worker reads a piece into its warm slot, game after game, and checks each one. */
void pk_ck_work_piece(worker *w, chunk *k)
{
    pk_checker *c = k->c;
    slot *s = &w->hot;
    pk_ck_store_reset(&k->st);
    s->st = &k->st;
    pk_src_mem_set(w->mem, k->text, k->len, k->enc, k->switch_off, k->nul_off, k->bom);
    pk_src_mem_set_format(w->mem, k->format);
    pk_pdn_restart(w->rd, &k->at);
    k->ngames = 0;
    k->clean = k->ok = false;
    for (;;) {
        if (k->ngames == PIECE_RECORDS) /* too many games: read again the old way */
            return;
        s->mark = pk_diag_buffer_mark(s->buf);
        if ((k->rst = pk_pdn_step(w->rd, &s->g, &s->sink)) <= 0)
            break;
        s->replay = !c->o.syntax_only &&
                    (!c->o.select || c->o.select(c->o.select_ctx, &s->g));
        memset(&s->res, 0, sizeof s->res);
        pk_ck_finish_game(w, s);
        k->ngames++;
    }
    pk_diag_buffer_flush(s->buf, NULL); /* what the last read said outside a game */
    k->ok = !k->st.nomem;
    k->clean = k->rst == 0 && pk_pdn_clean_end(w->rd);
}

typedef struct cutter {
    pk_checker *c;
    pk_src *src;
    const char *name;
    pk_pdn_resume at;      /* where the next piece starts */
    unsigned long long emitted; /* where the next piece emitted starts (the pieces' order) */
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

/* What the text before t[q] ends with: a result token after a blank (AFTER_RESULT: the
 * line at q may start a piece; a guess the piece's reader checks, pk_pdn_clean_end), a
 * lone '-' (AFTER_DASH: a result the reader takes with a warning; it ends a game, but it
 * is no place to cut, where the reader must have nothing to say), or neither. */
enum { AFTER_NONE, AFTER_DASH, AFTER_RESULT };

static int after_result(const char *t, size_t q)
{
    static const struct {
        const char *s;
        size_t n;
    } results[] = {{"1-0", 3}, {"0-1", 3}, {"1/2-1/2", 7}, {"2-0", 3}, {"0-2", 3}, {"1-1", 3}, {"*", 1}, {"-", 1}};
    size_t e = q;
    while (e > 0 && is_space(t[e - 1]))
        e--;
    if (e == 0)
        return AFTER_NONE;
    switch (t[e - 1]) { /* every result ends so; a tag pair's line (']') does not */
    case '0': case '1': case '2': case '*': case '-': break;
    default: return AFTER_NONE;
    }
    size_t b = e;
    while (b > 0 && e - b <= 7 && !is_space(t[b - 1]))
        b--;
    if (b == 0 || e - b > 7)
        return AFTER_NONE;
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (results[i].n == e - b && !memcmp(t + b, results[i].s, e - b))
            return results[i].s[0] == '-' ? AFTER_DASH : AFTER_RESULT;
    return AFTER_NONE;
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
    int after;      /* after_result() of the line, when it starts with '[' */
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
            sc->after = t[q] == '[' ? after_result(t, q) : AFTER_NONE;
            if (sc->after == AFTER_RESULT && (sc->games + 1 >= PIECE_GAMES || q >= target)) {
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
            sc->games += line_starts_game(u, t, sc->line, eol, sc->after != AFTER_NONE);
        sc->counted = false;
        sc->after = AFTER_NONE;
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
static long long count_lines(const char *t, size_t n, bool *lone_cr)
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
    return (long long)lf;
}

/* Fills k with the next piece of text. False when it cannot be cut (no cut within
 * CHUNK_MAX bytes, or out of memory): k then holds all the text read. */
static bool cut(cutter *u, chunk *k)
{
    k->len = 0;
    if (!pk_ck_reserve((void **)&k->text, &k->cap, u->ncarry + CHUNK_READ + 1, 1))
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
        if (k->len >= CHUNK_MAX || !pk_ck_reserve((void **)&k->text, &k->cap, k->len + CHUNK_READ + 1, 1))
            return false;
        long n = pk_src_read(u->src, k->text + k->len, CHUNK_READ);
        if (n <= 0) {
            u->eof = true;
            u->ioerr = n < 0;
        } else {
            k->len += (size_t)n;
        }
    }
    if (!pk_ck_reserve((void **)&u->carry, &u->ccap, k->len - at, 1))
        return false;
    u->ncarry = k->len - at;
    if (u->ncarry)
        memcpy(u->carry, k->text + at, u->ncarry);
    k->len = at;
    k->at = u->at;
    k->enc = pk_src_encoding(u->src);
    k->switch_off = pk_src_switch_offset(u->src);
    k->nul_off = pk_src_nul_offset(u->src);
    k->bom = pk_src_had_bom(u->src);
    k->format = pk_src_format(u->src);
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
    /* pieces are emitted in the order they were cut, each one starting where the one
     * before it ended: the output stays -j 1's */
    assert(k->at.base == u->emitted);
    u->emitted = k->at.base + k->len;
    u->go_on = pk_ck_emit(c, &k->st, NULL, k->last);
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
        /* every piece is in one place at a time: in flight, in later[] or on the free list */
        assert(*nlater + c->ncfree + *inflight < c->nchunks);
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

int pk_ck_run_pieces(pk_checker *c, pk_src *src, const char *name, pk_pdn_resume *resume)
{
    cutter u = {.c = c, .src = src, .name = name, .go_on = true};
    u.at = *resume;
    u.emitted = resume->base;
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
        assert(nlater + c->ncfree < c->nchunks); /* (uncut: in none of the three) */
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
            st = pk_ck_run_games(c, rd);
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
