/*
 * position.c -- positions: placing pieces, the Zobrist hash, making moves, and the
 * sanity checks a FEN must pass (RULES 4.2).
 */
#include "position.h"

#include <string.h>
#include "pk_port.h"
#include "pk_bits.h"

/* Zobrist keys of (square, kind), kind = colour*2 + king, and of Black to move (the last
 * entry): key i is the i-th output of a splitmix64 stream, written as a constant
 * expression so that the table is read-only data, ready before any thread asks (no
 * initialisation, no check at every move made). */
#define ZKEYS (PK_MAX_BITS * 4 + 1)
#define ZMIX1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ull)
#define ZMIX2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBull)
#define ZMIX3(z) ((z) ^ ((z) >> 31))
#define ZK(i) ZMIX3(ZMIX2(ZMIX1(0x5851F42D4C957F2Dull + ((uint64_t)(i) + 1) * 0x9E3779B97F4A7C15ull))),
#define Z2(i) ZK(i) ZK((i) + 1)
#define Z8(i) Z2(i) Z2((i) + 2) Z2((i) + 4) Z2((i) + 6)
#define Z32(i) Z8(i) Z8((i) + 8) Z8((i) + 16) Z8((i) + 24)
#define Z128(i) Z32(i) Z32((i) + 32) Z32((i) + 64) Z32((i) + 96)
static const uint64_t ztab[ZKEYS] = {Z128(0) Z128(128) Z128(256) Z128(384) ZK(512)};
_Static_assert(ZKEYS == 513, "the key table's initialiser lists 513 keys");
#define ZPIECE(bit, color, king) ztab[(bit) * 4 + (color) * 2 + (king)]
#define ZTURN ztab[PK_MAX_BITS * 4]

void pk_pos_clear(pk_pos *p, int turn)
{
    memset(p, 0, sizeof *p);
    p->turn = turn;
    p->hash = turn == PK_BLACK ? ZTURN : 0;
}

void pk_pos_put(pk_pos *p, int bit, int color, bool is_king)
{
    p->pieces[color] |= PK_BIT(bit);
    if (is_king)
        p->kings |= PK_BIT(bit);
    p->hash ^= ZPIECE(bit, color, is_king ? 1 : 0);
}

uint64_t pk_pos_hash(const pk_pos *p)
{
    uint64_t h = p->turn == PK_BLACK ? ZTURN : 0;
    for (int c = 0; c < 2; c++)
        for (pk_bb b = p->pieces[c]; b; b &= b - 1) {
            int s = pk_lsb(b);
            h ^= ZPIECE(s, c, pk_bb_test(p->kings, s));
        }
    return h;
}

/* Writes the low 64 bits of *b, leaving the high ones: one store, where an assignment
 * of the whole set is two (and a read-modify-write of it, four). */
static inline void set_low(pk_bb *b, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    memcpy((char *)b + 8, &w, 8);
#else
    memcpy(b, &w, 8);
#endif
}

/* The hash after m, from the keys of the squares it changes. */
static inline uint64_t make_hash(uint64_t h, int me, int king, int after, const pk_move *m, pk_bb kings)
{
    h ^= ZPIECE(m->from, me, king) ^ ZPIECE(m->to, me, after) ^ ZTURN;
    for (pk_bb c = m->capset; c; c &= c - 1) {
        int s = pk_lsb(c);
        h ^= ZPIECE(s, PK_OTHER(me), pk_bb_test(kings, s));
    }
    return h;
}

/* A board with bits above 63 (12x12): every set in 128 bits. */
static __attribute__((noinline)) void make_wide(pk_pos *p, const pk_move *m)
{
    int me = p->turn, opp = PK_OTHER(me);
    pk_bb from = PK_BIT(m->from), to = PK_BIT(m->to), kings = p->kings;
    int king = (kings & from) != 0, after = king | ((m->flags & PK_MV_PROMOTE) ? 1 : 0);
    p->hash = make_hash(p->hash, me, king, after, m, kings);
    p->pieces[opp] &= ~m->capset;
    kings &= ~(m->capset | from);
    p->kings = after ? kings | to : kings;
    p->pieces[me] = (p->pieces[me] & ~from) | to; /* from == to when a capture ends at home */
    p->turn = opp;
}

void pk_make(const pk_variant *v, pk_pos *p, const pk_move *m)
{
    if (v->geom->wide) {
        make_wide(p, m);
        return;
    }
    /* Every other board: the low words alone, in place (the high words stay zero), so
     * that the 8x8 and 10x10 replays pay nothing for the 12x12 boards. */
    int me = p->turn, opp = PK_OTHER(me);
    uint64_t from = (uint64_t)1 << m->from, to = (uint64_t)1 << m->to, kings = (uint64_t)p->kings;
    uint64_t cap = (uint64_t)m->capset;
    int king = (kings & from) != 0, after = king | ((m->flags & PK_MV_PROMOTE) ? 1 : 0);
    uint64_t h = p->hash ^ ZPIECE(m->from, me, king) ^ ZPIECE(m->to, me, after) ^ ZTURN;
    for (uint64_t c = cap; c; c &= c - 1) {
        int s = __builtin_ctzll(c);
        h ^= ZPIECE(s, opp, (kings >> s) & 1);
    }
    p->hash = h;
    p->turn = opp;
    set_low(&p->pieces[opp], (uint64_t)p->pieces[opp] & ~cap);
    set_low(&p->kings, (kings & ~(cap | from)) | (after ? to : 0));
    /* from == to when a capture ends at home */
    set_low(&p->pieces[me], ((uint64_t)p->pieces[me] & ~from) | to);
}

int pk_pos_validate(const pk_variant *v, const pk_pos *p, pk_error *err)
{
    const pk_geom *g = v->geom;
    static const char *names[2] = {"white", "black"};
    if (p->pieces[0] & p->pieces[1])
        return pk_error_set(err, PK_ERR_RULES, 0, "a square holds a white and a black piece");
    for (int c = 0; c < 2; c++) {
        pk_bb bad = p->pieces[c] & ~p->kings & g->promo[c];
        if (bad) {
            char buf[4];
            return pk_error_set(err, PK_ERR_RULES, 0, "%s man on %s, its own promotion row", names[c],
                                pk_square_name(g, pk_lsb(bad), v->algebraic, buf));
        }
        int n = pk_popcount(p->pieces[c]);
        if (n > v->max_men)
            return pk_error_set(err, PK_ERR_RULES, 0, "%d %s pieces, more than the %d a side starts with",
                                n, names[c], v->max_men);
    }
    return PK_OK;
}
