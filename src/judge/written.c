/*
 * written.c -- moves as written, in the variant's squares (see written.h). The square
 * mapping lives here once, for the replay and for the tools: numbers by the variant's
 * numbering, algebraic names by its frame (RULES 1.2.4, 1.2.5).
 */
#include "written.h"

#include <string.h>

int pk_written_square(const pk_variant *v, const pk_pdn_square *s)
{
    const pk_geom *g = v->geom;
    if (s->kind == PK_SQ_NUMERIC)
        return s->num >= 1 && s->num <= g->nsq ? g->bit_of[s->num] : -1;
    if (s->kind == PK_SQ_ALGEBRAIC) /* in the variant's frame, RULES 1.2.5 */
        return s->file >= 0 && s->file < g->width && s->rank >= 1 && s->rank <= g->height
                   ? pk_geom_alg_bit(g, s->file, s->rank - 1)
                   : -1;
    return -1;
}

int pk_written_add(const pk_variant *v, const pk_pdn_move *mv, pk_written *w, int *bad)
{
    for (int j = 0; j < mv->nsquares; j++) {
        const pk_pdn_square *s = &mv->squares[j];
        int b;
        if (s->kind != PK_SQ_NUMERIC)
            w->algebraic = true;
        if (s->kind == PK_SQ_FILE && j == 0 && w->nsq == 0 && s->file >= 0 && s->file < v->geom->width) {
            w->file_origin = (uint8_t)(s->file + 1); /* resolved by pk_match_move */
            b = 0;
        } else
            b = pk_written_square(v, s);
        if (b < 0) {
            *bad = j;
            return PK_ERR_RANGE;
        }
        if (j == 0 && w->nsq > 0 && w->sq[w->nsq - 1] == b)
            continue;
        if (w->nsq >= PK_MAX_WRITTEN) {
            *bad = j;
            return PK_ERR_RANGE;
        }
        w->sq[w->nsq++] = (uint8_t)b;
    }
    if (mv->flags & PK_PDN_MOVE_CAPTURE)
        w->capture_sep = true;
    for (const char *sep = mv->seps; sep && *sep && !w->sep_written; sep++)
        w->sep_written = *sep != ' ';
    return PK_OK;
}

int pk_written_line_move(const pk_variant *v, const pk_pdn_line *line, int i, pk_written *w,
                         const pk_pdn_square **bad)
{
    memset(w, 0, sizeof *w);
    int rc = PK_OK, j = -1, k = i;
    for (; rc == PK_OK && k < line->nmoves && (k == i || (line->moves[k].flags & PK_PDN_MOVE_HOP)); k++)
        rc = pk_written_add(v, &line->moves[k], w, &j);
    if (bad) {
        const pk_pdn_move *m = rc ? &line->moves[k - 1] : NULL;
        *bad = m && j >= 0 && j < m->nsquares ? &m->squares[j] : NULL;
    }
    return rc;
}

#define TEXT_MAX 160 /* longer than any move: 32 squares of 3 characters and separators */

/* The 1-based column in s of its square number j, as pk_pdn_split_move counts squares (a
 * run of digits, or a letter and the digits after it), for a message about that square. */
static int square_col(const char *s, size_t n, int j)
{
    size_t i = 0;
    for (int k = 0; i < n; k++) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '-' || s[i] == 'x' || s[i] == ':'))
            i++;
        if (k == j || i == n)
            break;
        if (s[i] < '0' || s[i] > '9')
            i++; /* the letter of an algebraic square */
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
    }
    return (int)i + 1;
}

int pk_written_parse(const pk_variant *v, const char *text, size_t len, pk_written *w, pk_error *err)
{
    memset(w, 0, sizeof *w);
    while (len && (text[len - 1] == '!' || text[len - 1] == '?' || text[len - 1] == ' '))
        len--; /* a strength mark */
    size_t i0 = 0;
    while (i0 < len && text[i0] == ' ')
        i0++;
    if (i0 == len)
        return pk_error_set(err, PK_ERR_SYNTAX, 1, "empty move");
    if (len - i0 > TEXT_MAX)
        return pk_error_set(err, PK_ERR_SYNTAX, TEXT_MAX + 1, "move text longer than %d characters",
                            TEXT_MAX);
    const char *s = text + i0;
    size_t n = len - i0;
    /* the alphabet the lexer would have checked: digits, letters, blanks, separators */
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ' ' ||
              c == '\t' || c == '-' || c == ':'))
            return pk_error_set(err, PK_ERR_SYNTAX, (int)(i0 + i) + 1, "unexpected '%c' in the move", c);
    }
    pk_pdn_square sq[PK_PDN_MAX_SQUARES + 1];
    char sqtext[2 * TEXT_MAX + 2], seps[TEXT_MAX + 2];
    unsigned traits;
    int nsq = pk_pdn_split_move(s, n, sq, PK_PDN_MAX_SQUARES + 1, sqtext, seps, &traits);
    if (nsq > PK_PDN_MAX_SQUARES)
        return pk_error_set(err, PK_ERR_RANGE, 1, "more than %d squares", PK_PDN_MAX_SQUARES);
    /* 'x' is a separator only between squares: a letter square never starts with it on
     * a board of at most 12 files, and "x" alone is not a move. A letter or a rank past
     * the board is named as such (the replay words it the same way). */
    for (int j = 0; j < nsq; j++)
        if (sq[j].kind != PK_SQ_NUMERIC && (sq[j].file >= v->geom->width || sq[j].rank > v->geom->height))
            return pk_error_set(err, PK_ERR_RANGE, (int)i0 + square_col(s, n, j), "'%s' is not a square of the %dx%d board",
                                sq[j].text, v->geom->width, v->geom->height);
    pk_pdn_move mv;
    memset(&mv, 0, sizeof mv);
    mv.text = s;
    mv.nsquares = nsq;
    mv.squares = sq;
    mv.seps = seps;
    for (int j = 0; j + 1 < nsq; j++)
        if (seps[j] == 'x' || seps[j] == ':')
            mv.flags |= PK_PDN_MOVE_CAPTURE;
    int bad = -1;
    if (pk_written_add(v, &mv, w, &bad) != PK_OK)
        return pk_error_set(err, PK_ERR_RANGE, (int)i0 + square_col(s, n, bad),
                            "square '%s' is not a playing square of the %s board",
                            bad >= 0 && bad < nsq ? sq[bad].text : "?", v->name);
    /* hop by hop in one text ("11x18 18x25"): 18 once. Only across a blank: "31-31" is
     * a move from 31 to 31, illegal as pdncheck says (PK_ILL_SAME_SQUARE), not a move
     * without a destination. w->sq[j] is sq[j] (one mv, nothing joined by
     * pk_written_add), seps[j - 1] what stands between them. */
    int k = w->nsq ? 1 : 0;
    for (int j = 1; j < w->nsq; j++)
        if (w->sq[j] != w->sq[k - 1] || (j == 1 && w->file_origin) || seps[j - 1] != ' ')
            w->sq[k++] = w->sq[j];
    w->nsq = k;
    if (w->nsq < 2)
        return pk_error_set(err, PK_ERR_SYNTAX, 1, "a move needs an origin and a destination");
    return PK_OK;
}

const char *pk_written_name(const pk_variant *v, const pk_written *w, int bit, char *buf)
{
    return pk_square_name(v->geom, bit, w->algebraic, buf);
}
