/*
 * pdn_tree.h -- library-internal: the lines of moves of the game being read (pdn_tree.c),
 * the part the plain movetext path takes per move, inline. Apart from pdn_reader.h because
 * these inline functions call into pdn_tree.c, which includes pdn_reader.h: in that header
 * they made a loop (the header below pdn_tree.c, its code above it; tests/install/layers.sh
 * follows calls from the inline functions of headers). Used by pdn_tree.c, pdn_move.c,
 * pdn_unparsed.c, pdn_result.c and pdn_read.c.
 */
#ifndef PK_PDN_TREE_H
#define PK_PDN_TREE_H

#include "pdn_reader.h"

void pk_rd_number_unused(pk_pdn_reader *r, level *L);
void pk_rd_dash_placeholder(pk_pdn_reader *r);

/* A move number not taken by a move before the next number, a variation or the end: warned
 * (once per game, then counted), unless it was "12. ..." */
static inline void pk_rd_check_number(pk_pdn_reader *r, level *L)
{
    if (L->have_num)
        pk_rd_number_unused(r, L);
}

/* A '-' read before: it stood for a move, a placeholder (its warning once per game). */
static inline void pk_rd_resolve_dash(pk_pdn_reader *r)
{
    if (r->dash_pending)
        pk_rd_dash_placeholder(r);
}

/* A new move slot at the end of line L, to be filled, then pk_rd_attach_move()d. */
static inline pk_pdn_move *pk_rd_new_move(pk_pdn_reader *r, level *L)
{
    if (L->n == L->cap) {
        int cap = L->cap ? L->cap * 2 : 128;
        pk_pdn_move *v = realloc(L->v, (size_t)cap * sizeof *v);
        if (!v)
            pk_rd_nomem(r);
        L->v = v;
        L->cap = cap;
    }
    r->nodes++;
    return &L->v[L->n++];
}

/* Gives m (the last move of line L) the move number and the notes written before it. */
static inline void pk_rd_attach_move(pk_pdn_reader *r, level *L, pk_pdn_move *m)
{
    if (L->have_num) {
        m->number = L->num;
        m->number_kind = L->num_kind;
        L->have_num = 0;
        L->ellipsis = 0;
    }
    m->before = L->pend;
    L->pend = L->pend_tail = NULL;
    if (r->depth == 0)
        r->g->plies++;
}

/* Appends w (text, position, squares, flags) to the current line, with the move number
 * and the notes written before it. */
static inline pk_pdn_move *pk_rd_push_move(pk_pdn_reader *r, const pk_pdn_move *w)
{
    level *L = &r->lv[r->depth];
    pk_pdn_move *m = pk_rd_new_move(r, L);
    *m = *w;
    pk_rd_attach_move(r, L, m);
    return m;
}

#endif
