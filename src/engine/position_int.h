/*
 * position_int.h -- library-internal: the invariants of a pk_pos that pdnkit built itself
 * (a FEN parse, a replay's position after each move), for assert() (pk_assert.h says the
 * policy). A caller's own pk_pos is never asserted on: its fields are public, so the
 * caller may break them, and pk_pos_validate is the check for that. Not installed.
 */
#ifndef PK_POSITION_INT_H
#define PK_POSITION_INT_H

#include "pk_assert.h"
#include "pk_bits.h"
#include "position.h"

/* position.h's struct: the two colours' sets disjoint, the kings a subset of the pieces,
 * every piece on a playable square of g, the side to move a colour. */
static inline bool pk_pos_sound(const pk_geom *g, const pk_pos *p)
{
    pk_bb all = p->pieces[PK_WHITE] | p->pieces[PK_BLACK];
    return (p->pieces[PK_WHITE] & p->pieces[PK_BLACK]) == 0 && (p->kings & ~all) == 0 && (all & ~g->board) == 0 &&
           (p->turn == PK_WHITE || p->turn == PK_BLACK);
}

/* pk_pos_sound, and the incremental hash equal to the one computed from scratch (pk_make
 * and pk_pos_put keep it: position.h). */
static inline bool pk_pos_sound_hashed(const pk_geom *g, const pk_pos *p)
{
    return pk_pos_sound(g, p) && p->hash == pk_pos_hash(p);
}

/* One move as the generator writes it (position.h's struct pk_move), whatever the position
 * it came from: squares are bits of a pk_bb, at most PK_MAX_PATH jumps, kings among the
 * captured pieces at most all of them, a capture's path ends on its destination and its
 * capset holds one square per piece taken. */
static inline bool pk_move_sound(const pk_move *m)
{
    if (m->from >= PK_MAX_BITS || m->to >= PK_MAX_BITS || m->ncap > PK_MAX_PATH || m->nkcap > m->ncap)
        return false;
    if (!(m->flags & PK_MV_CAPTURE))
        return m->ncap == 0 && m->capset == 0;
    if (m->ncap == 0 || m->path[m->ncap - 1] != m->to || pk_popcount(m->capset) != m->ncap)
        return false;
    for (int i = 0; i < m->ncap; i++)
        if (m->path[i] >= PK_MAX_BITS || m->caps[i] >= PK_MAX_BITS || !pk_bb_test(m->capset, m->caps[i]))
            return false;
    return true;
}

#endif
