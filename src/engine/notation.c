/*
 * notation.c -- moves as PDN text: short (from-to, fromxto) or full capture paths,
 * numeric or algebraic squares, the variant's capture separator (RULES 4.1, 4.3).
 */
#include "notation.h"
#include "movelist_int.h"

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

/* s at buf[len] when it fits with its NUL (else nothing written); the new length. */
static size_t append(char *buf, size_t size, size_t len, const char *s)
{
    size_t n = strlen(s);
    if (len + n < size)
        memcpy(buf + len, s, n + 1);
    return len + n;
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
    /* captures too without snprintf (pdnconv writes every move): pieces appended while
     * they fit, the length needed returned as snprintf would */
    const char sep[2] = {v->capture_sep, 0};
    size_t len = append(buf, size, 0, g->name[alg][m->from]);
    if (flags & PK_NOT_FULL) {
        for (int i = 0; i < m->ncap; i++) {
            len = append(buf, size, len, sep);
            len = append(buf, size, len, g->name[alg][m->path[i]]);
        }
    } else {
        len = append(buf, size, len, sep);
        len = append(buf, size, len, g->name[alg][m->to]);
    }
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
