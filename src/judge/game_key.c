/*
 * game_key.c -- the normalised main line of a game as a 128-bit key, and the set of keys
 * seen (see game_key.h). The key is two 64-bit multiply-rotate accumulators over a stream
 * of 64-bit words (each item tagged, so that no two streams of different shape collide
 * by construction), finished by the splitmix64 mixer; the set is an open hash table with
 * linear probing, grown at half full. Every bit of a pk_bb goes in (128 on the 12x12 boards:
 * taking 64 merged different games, issue 31), the kings as well as the men.
 */
#include "game_key.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ the key */

enum { T_START = 1, T_PLY, T_SETUP, T_WRITTEN, T_REST, T_TAG, T_TAGS };

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline void put(pk_key_builder *b, uint64_t w)
{
    b->h[0] = rotl(b->h[0] ^ (w * 0x9E3779B97F4A7C15u), 31) * 0xBF58476D1CE4E5B9u;
    b->h[1] = rotl(b->h[1] + (w ^ 0x94D049BB133111EBu), 27) * 0xD6E8FEB86659FD93u + b->h[0];
}

/* A board set: all PK_MAX_BITS bits, in 64-bit words. */
static inline void put_bb(pk_key_builder *b, pk_bb x)
{
    for (int i = 0; i < PK_MAX_BITS; i += 64)
        put(b, (uint64_t)(x >> i));
}

static void put_pos(pk_key_builder *b, int tag, const pk_pos *p)
{
    put(b, (uint64_t)tag << 32 | (uint64_t)p->turn);
    put_bb(b, p->pieces[PK_WHITE]);
    put_bb(b, p->pieces[PK_BLACK]);
    put_bb(b, p->kings);
}

/* A text, length first (so that "ab","c" and "a","bc" differ), eight bytes at a time. */
static void put_text(pk_key_builder *b, int tag, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    put(b, (uint64_t)tag << 32 | (uint64_t)n);
    for (size_t i = 0; i < n; i += 8) {
        uint64_t w = 0;
        memcpy(&w, s + i, n - i < 8 ? n - i : 8);
        put(b, w);
    }
}

void pk_key_begin(pk_key_builder *b)
{
    memset(b, 0, sizeof *b);
    b->h[0] = 0x243F6A8885A308D3u; /* any constants: the digits of pi */
    b->h[1] = 0x13198A2E03707344u;
}

void pk_key_event(pk_key_builder *b, const pk_replay_event *e)
{
    if (e->depth)
        return; /* a variation is analysis, not the game */
    switch (e->kind) {
    case PK_EV_START:
        b->started = true;
        put(b, (uint64_t)T_START << 32 | (uint64_t)e->variant->index);
        put_pos(b, T_START, e->after);
        break;
    case PK_EV_PLY: {
        const pk_move *m = e->move;
        put(b, (uint64_t)T_PLY << 32 | (uint64_t)m->from << 8 | m->to);
        put_bb(b, m->capset);
        /* the first written token not yet played: after this move and its hops */
        b->next = (int)(e->written - e->game->main.moves) + 1 + e->nhops;
        break;
    }
    case PK_EV_SETUP: put_pos(b, T_SETUP, e->after); break;
    default: break;
    }
}

static uint64_t finish(uint64_t z);

/* The tag pairs of a game without moves, in any order (a multiset: the sum of each pair's
 * own key), and the meaning of the result it states (pdn.h: the terminator's, else the
 * Result tag's; none is "*", as pdnconv writes it). Without moves, the start, the tags
 * and the result are all a record says: two forfeits between other players are not one
 * game (issue 31). */
static void put_tags(pk_key_builder *b, const pk_game *g)
{
    uint64_t sum[2] = {0, 0};
    for (int i = 0; i < g->ntags; i++) {
        pk_key_builder t;
        pk_key_begin(&t);
        put_text(&t, T_TAG, g->tags[i].name);
        put_text(&t, T_TAG, g->tags[i].value);
        sum[0] += finish(t.h[0]);
        sum[1] += finish(t.h[1]);
    }
    put(b, (uint64_t)T_TAGS << 32 | (uint64_t)g->ntags);
    put(b, sum[0]);
    put(b, sum[1]);
    pk_stated_result r;
    pk_game_stated_result(g, &r);
    put(b, (uint64_t)(r.kind == PK_RESULT_NONE ? PK_RESULT_UNKNOWN : r.kind));
}

/* splitmix64's finaliser: every bit of the accumulators reaches every bit of the key. */
static uint64_t finish(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void pk_key_end(pk_key_builder *b, const pk_game *g, const pk_replay_result *res, pk_game_key *out)
{
    if (!res || !pk_replay_result_variant(res) || !b->started) {
        /* not replayed: the record as written (its variant as its tags name it, its start,
           its moves' tokens) */
        pk_key_begin(b);
        put_text(b, T_TAG, pk_game_tag(g, "GameType"));
        put_text(b, T_TAG, pk_game_tag(g, "Variant"));
        put_text(b, T_TAG, g->fen);
    }
    /* what the replay did not play (it stopped at an illegal move, an unknown move, a FEN
       it could not use), as written; nothing when it played the whole main line */
    put(b, (uint64_t)T_REST << 32 | (uint64_t)(g->main.nmoves - b->next));
    for (int i = b->next; i < g->main.nmoves; i++)
        put_text(b, T_WRITTEN, g->main.moves[i].text);
    if (!g->main.nmoves)
        put_tags(b, g);
    out->h[0] = finish(b->h[0]);
    out->h[1] = finish(b->h[1] ^ rotl(out->h[0], 17));
    if (!out->h[0] && !out->h[1])
        out->h[1] = 1; /* 0 marks an empty slot of the set */
}

/* ------------------------------------------------------------------ the set */

typedef struct entry {
    uint64_t h[2];
    pk_key_origin at;
} entry;

struct pk_key_set {
    entry *e;
    size_t cap, n; /* cap a power of two */
};

pk_key_set *pk_key_set_new(void)
{
    pk_key_set *s = calloc(1, sizeof *s);
    if (s && !(s->e = calloc(s->cap = 1024, sizeof *s->e))) {
        free(s);
        return NULL;
    }
    return s;
}

void pk_key_set_free(pk_key_set *s)
{
    if (s)
        free(s->e);
    free(s);
}

size_t pk_key_set_count(const pk_key_set *s) { return s->n; }

static entry *slot(entry *e, size_t cap, const uint64_t h[2])
{
    size_t i = (size_t)h[0] & (cap - 1);
    while ((e[i].h[0] || e[i].h[1]) && (e[i].h[0] != h[0] || e[i].h[1] != h[1]))
        i = (i + 1) & (cap - 1);
    return &e[i];
}

static bool grow(pk_key_set *s)
{
    size_t cap = s->cap * 2;
    entry *e = calloc(cap, sizeof *e);
    if (!e)
        return false;
    for (size_t i = 0; i < s->cap; i++)
        if (s->e[i].h[0] || s->e[i].h[1])
            *slot(e, cap, s->e[i].h) = s->e[i];
    free(s->e);
    s->e = e;
    s->cap = cap;
    return true;
}

int pk_key_set_add(pk_key_set *s, const pk_game_key *k, pk_key_origin at, pk_key_origin *first)
{
    entry *e = slot(s->e, s->cap, k->h);
    if (e->h[0] || e->h[1]) {
        if (first)
            *first = e->at;
        return 0;
    }
    if (2 * (s->n + 1) > s->cap) {
        if (!grow(s))
            return -1;
        e = slot(s->e, s->cap, k->h);
    }
    e->h[0] = k->h[0];
    e->h[1] = k->h[1];
    e->at = at;
    s->n++;
    return 1;
}
