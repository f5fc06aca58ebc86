/*
 * check_store.c -- what the checking loop keeps of a game until it is handed back (see
 * check.c's header comment): the store's flat arrays (the diagnostics and their strings,
 * the text pk_check_format wrote, one record per game), the text a worker's stream
 * wrote appended to a store, and a store handed back to the caller in file order. The
 * lowest of the checking loop's files: it calls none of the others (check_games.c,
 * check_pieces.c and check.c call it).
 */
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "check_int.h"

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

void pk_ck_store_free(store *st)
{
    free(st->notes);
    free(st->d);
    free(st->str);
    free(st->text);
    free(st->r);
}

bool pk_ck_store_diag(store *st, const pk_diag *d, bool written)
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
    pk_diag_keep(&k->data, d);
    for (int i = 0; i < NSTR; i++) {
        k->str[i] = s[i] ? st->nstr + 1 : 0;
        if (s[i])
            memcpy(st->str + st->nstr, s[i], len[i]);
        st->nstr += len[i];
    }
    return true;
}

/* The i-th diagnostic kept, its strings and structured fields pointing into the store. */
static pk_diag store_get(const store *st, size_t i)
{
    const kept *k = &st->d[i];
    const char **f[NSTR];
    pk_diag d = k->d;
    f[0] = &d.code, f[1] = &d.file, f[2] = &d.move, f[3] = &d.fen;
    f[4] = &d.message, f[5] = &d.hint, f[6] = &d.game_name;
    for (int j = 0; j < NSTR; j++)
        *f[j] = k->str[j] ? st->str + k->str[j] - 1 : NULL;
    pk_diag_restore(&d, &k->data);
    return d;
}

/* The worker's stream: what it wrote between pk_ck_fmt_start() and pk_ck_fmt_end()
 * (stream positions) is appended to the store. It is taken back to its start only now
 * and then. Positions, not the size variable: after a seek, glibc sets that to the
 * position at the next fflush but musl only when something is written (POSIX leaves it
 * open). -1: the stream failed. */
off_t pk_ck_fmt_start(worker *w)
{
    off_t pos = ftello(w->fmt);
    if (pos > 64 * 1024 && fseeko(w->fmt, 0, SEEK_SET) == 0)
        pos = 0;
    return pos;
}

void pk_ck_fmt_end(worker *w, store *st, off_t from)
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
