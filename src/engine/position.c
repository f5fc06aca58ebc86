/*
 * position.c -- positions: placing pieces, the Zobrist hash, making moves, and the
 * sanity checks a FEN must pass (RULES 4.2).
 */
#include "position.h"

#include <string.h>
#include "pk_port.h"

/* Zobrist keys of (square, kind), kind = colour*2 + king, and of Black to move (index
 * 256), from a splitmix64 stream: filled once, on first use, by whichever thread comes
 * first (pthread_once: the library is thread-safe). */
static uint64_t ztab[257];
static pthread_once_t zonce = PTHREAD_ONCE_INIT;
static int zready; /* set once ztab is filled: the check every move makes, without a call */

static void zinit(void)
{
    uint64_t x = 0x5851F42D4C957F2Dull;
    for (int i = 0; i < 257; i++) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        ztab[i] = z ^ (z >> 31);
    }
    __atomic_store_n(&zready, 1, __ATOMIC_RELEASE);
}
#define ZPIECE(bit, color, king) ztab[(bit) * 4 + (color) * 2 + (king)]
#define ZTURN ztab[256]
#define ZREADY() ((void)(__atomic_load_n(&zready, __ATOMIC_ACQUIRE) || pthread_once(&zonce, zinit)))

void pk_pos_clear(pk_pos *p, int turn)
{
    ZREADY();
    memset(p, 0, sizeof *p);
    p->turn = turn;
    p->hash = turn == PK_BLACK ? ZTURN : 0;
}

void pk_pos_put(pk_pos *p, int bit, int color, bool is_king)
{
    ZREADY();
    p->pieces[color] |= PK_BIT(bit);
    if (is_king)
        p->kings |= PK_BIT(bit);
    p->hash ^= ZPIECE(bit, color, is_king ? 1 : 0);
}

uint64_t pk_pos_hash(const pk_pos *p)
{
    ZREADY();
    uint64_t h = p->turn == PK_BLACK ? ZTURN : 0;
    for (int c = 0; c < 2; c++)
        for (pk_bb b = p->pieces[c]; b; b &= b - 1) {
            int s = pk_lsb(b);
            h ^= ZPIECE(s, c, (p->kings >> s) & 1);
        }
    return h;
}

void pk_make(const pk_variant *v, pk_pos *p, const pk_move *m)
{
    (void)v;
    ZREADY();
    int me = p->turn, opp = PK_OTHER(me);
    int king = (p->kings >> m->from) & 1;
    int after = king | ((m->flags & PK_MV_PROMOTE) ? 1 : 0);
    pk_bb from = PK_BIT(m->from), to = PK_BIT(m->to);
    uint64_t h = p->hash ^ ZPIECE(m->from, me, king) ^ ZPIECE(m->to, me, after) ^ ZTURN;
    for (pk_bb c = m->capset; c; c &= c - 1) {
        int s = pk_lsb(c);
        h ^= ZPIECE(s, opp, (p->kings >> s) & 1);
    }
    p->pieces[opp] &= ~m->capset;
    p->kings &= ~(m->capset | from);
    p->pieces[me] = (p->pieces[me] & ~from) | to; /* from == to when a capture ends at home */
    if (after)
        p->kings |= to;
    p->turn = opp;
    p->hash = h;
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
