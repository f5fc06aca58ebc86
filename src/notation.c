/*
 * notation.c -- moves as PDN text: short (from-to, fromxto) or full capture paths,
 * numeric or algebraic squares, the variant's capture separator (RULES 4.1, 4.3).
 */
#include "notation.h"

#include <stdio.h>
#include <string.h>

static bool use_algebraic(const pk_variant *v, unsigned flags)
{
    if (flags & PK_NOT_ALGEBRAIC)
        return true;
    if (flags & PK_NOT_NUMERIC)
        return false;
    return v->algebraic;
}

int pk_move_write(const pk_variant *v, const pk_move *m, unsigned flags, char *buf, size_t size)
{
    const pk_geom *g = v->geom;
    bool alg = use_algebraic(v, flags);
    char a[4], b[4];
    if (!(m->flags & PK_MV_CAPTURE)) { /* the common case, without snprintf */
        const char *x = g->name[alg][m->from], *y = g->name[alg][m->to];
        size_t lx = strlen(x), ly = strlen(y), n = lx + 1 + ly;
        if (n < size) {
            memcpy(buf, x, lx);
            buf[lx] = '-';
            memcpy(buf + lx + 1, y, ly + 1);
            return (int)n;
        }
        return snprintf(buf, size, "%s-%s", pk_square_name(g, m->from, alg, a), pk_square_name(g, m->to, alg, b));
    }
    char sep = v->capture_sep;
    size_t len = (size_t)snprintf(buf, size, "%s", pk_square_name(g, m->from, alg, a));
    if (flags & PK_NOT_FULL) {
        for (int i = 0; i < m->ncap; i++)
            len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%c%s", sep,
                                    pk_square_name(g, m->path[i], alg, a));
    } else
        len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%c%s", sep,
                                pk_square_name(g, m->to, alg, a));
    return (int)len;
}

/* RULES 4.3: the short form is ambiguous when another legal move has the same origin and
 * destination but takes other pieces. */
int pk_move_write_pdn(const pk_variant *v, const pk_movelist *legal, const pk_move *m, unsigned flags,
                      char *buf, size_t size)
{
    unsigned f = flags & ~(unsigned)PK_NOT_FULL;
    if (m->flags & PK_MV_CAPTURE)
        for (int i = 0; i < legal->n; i++) {
            const pk_move *o = &legal->m[i];
            if (o->from == m->from && o->to == m->to && o->capset != m->capset) {
                f |= PK_NOT_FULL;
                break;
            }
        }
    return pk_move_write(v, m, f, buf, size);
}
