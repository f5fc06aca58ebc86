/*
 * fen.c -- PDN 3.0 FEN: parse with a column for every error, write canonically.
 * Grammar read (PDN 3.0 fen.rst, RULES 4.2):
 *   fen     := turn ':' section ':' section { ':' ('H'|'F') digits } [ '.' ]
 *   turn    := 'W' | 'B' | '?'
 *   section := ('W'|'B') [ item { ',' item } ]
 *   item    := ['K'] square | number '-' number      (ranges: numeric, men only)
 * Spaces after separators are tolerated (extra->spaces says so).
 */
#include "fen.h"
#include "pk_ascii.h"

#include "diag.h"
#include "pk_bits.h"
#include "position_int.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *s;
    size_t i, n;
    int col_of[PK_MAX_BITS];    /* column of each square's item, for errors found after parsing */
    int8_t alg_of[PK_MAX_BITS]; /* 1 when that square was written algebraically: errors answer in kind */
} cursor;

static int col(const cursor *c) { return (int)c->i + 1; }
static int peek(const cursor *c) { return c->i < c->n ? (unsigned char)c->s[c->i] : -1; }

/* What stands at the cursor, for "found ..." in a message: the end, or the character
 * quoted (a whole UTF-8 sequence; a control character or NUL escaped, "'\x1b'"), so that
 * a message never carries a raw control byte nor is cut by a NUL. */
static const char *found(const cursor *c, char buf[24])
{
    if (c->i >= c->n)
        return "the end of the FEN";
    size_t k = 1;
    while (k < 4 && c->i + k < c->n && ((unsigned char)c->s[c->i + k] & 0xC0) == 0x80 &&
           (unsigned char)c->s[c->i] >= 0xC0)
        k++;
    buf[0] = '\'';
    size_t n = pk_text_escape(buf + 1, 20, c->s + c->i, k);
    buf[1 + n] = '\'';
    buf[2 + n] = 0;
    return buf;
}

static bool skip_spaces(cursor *c)
{
    bool any = false;
    while (peek(c) == ' ' || peek(c) == '\t') {
        c->i++;
        any = true;
    }
    return any;
}

/* Reads a number or an algebraic name into a bit; *num gets the number (0 if algebraic). */
static int read_square(const pk_variant *v, cursor *c, int *num, pk_error *err)
{
    size_t start = c->i;
    if (pk_ascii_isdigit(peek(c)))
        while (pk_ascii_isdigit(peek(c)))
            c->i++;
    else if (pk_ascii_isalpha(peek(c))) {
        c->i++;
        while (pk_ascii_isdigit(peek(c)))
            c->i++;
    }
    if (c->i == start) {
        char f[24];
        pk_error_set(err, PK_ERR_SYNTAX, col(c), "square expected, found %s", found(c, f));
        return -1;
    }
    size_t n = c->i - start;
    if (pk_ascii_isdigit((unsigned char)c->s[start]) && n > 3) /* pk_square_parse() would cut the number */
        return pk_error_set(err, PK_ERR_RANGE, (int)start + 1, "square %.*s%s is outside 1-%d",
                            (int)(n > 24 ? 24 : n), c->s + start, n > 24 ? "..." : "", v->geom->nsq),
               -1;
    pk_error sub;
    int b;
    if (pk_square_parse(v->geom, c->s + start, n, &b, &sub) != PK_OK) {
        pk_error_set(err, sub.code, (int)start + 1, "%s", sub.msg);
        return -1;
    }
    *num = pk_ascii_isdigit((unsigned char)c->s[start]) ? v->geom->num_of[b] : 0;
    return b;
}

/* Puts a piece on bit, written at column `at` in algebraic notation or not. A square
 * listed twice is named as this item wrote it ("a1", not the 46 it stands for), with the
 * column of its first mention. */
static int place(const pk_variant *v, cursor *c, pk_pos *p, int bit, int color, bool king, int at, bool alg,
                 pk_error *err)
{
    if (pk_occupied(p) & PK_BIT(bit)) {
        char buf[4];
        return pk_error_set(err, PK_ERR_RULES, at, "square %s is listed twice, first at column %d",
                            pk_square_name(v->geom, bit, alg, buf), c->col_of[bit]);
    }
    c->col_of[bit] = at;
    c->alg_of[bit] = alg;
    pk_pos_put(p, bit, color, king);
    return PK_OK;
}

static int read_section(const pk_variant *v, cursor *c, pk_pos *p, int *seen, pk_error *err)
{
    int ch = peek(c);
    char f[24];
    if (ch != 'W' && ch != 'B')
        return pk_error_set(err, PK_ERR_SYNTAX, col(c), "colour 'W' or 'B' expected, found %s", found(c, f));
    int color = ch == 'W' ? PK_WHITE : PK_BLACK;
    if (seen[color])
        return pk_error_set(err, PK_ERR_SYNTAX, col(c), "second section for %s",
                            color == PK_WHITE ? "white" : "black");
    seen[color] = 1;
    c->i++;
    skip_spaces(c);
    if (peek(c) == ':' || peek(c) == '.' || peek(c) < 0)
        return PK_OK; /* an empty section: that side has no piece (RULES 4.2) */
    for (;;) {
        skip_spaces(c);
        int at = col(c);
        bool king = false;
        /* 'K' marks a king (PDN 3.0); 'k' is taken too, except where it is a file: on
         * the 12x12 boards "k5" is a square */
        if (peek(c) == 'K' ||
            (peek(c) == 'k' && !(v->geom->width > 10 && c->i + 1 < c->n && pk_ascii_isdigit((unsigned char)c->s[c->i + 1])))) {
            king = true;
            c->i++;
            if (peek(c) == 'K') /* "KK31": not a square K31 off the board */
                return pk_error_set(err, PK_ERR_SYNTAX, col(c), "'K' written twice: a king is K and its square");
        }
        int num, bit = read_square(v, c, &num, err);
        if (bit < 0)
            return err->code;
        if (peek(c) == '-') { /* a range of men, numeric only (PDN 3.0 extension) */
            c->i++;
            int at2 = col(c), num2, bit2 = read_square(v, c, &num2, err);
            if (bit2 < 0)
                return err->code;
            if (!num || !num2)
                return pk_error_set(err, PK_ERR_SYNTAX, at, "a range needs numeric squares");
            if (king)
                return pk_error_set(err, PK_ERR_SYNTAX, at, "'K' cannot prefix a range");
            if (num2 < num)
                return pk_error_set(err, PK_ERR_RANGE, at2, "range %d-%d runs backwards", num, num2);
            for (int n = num; n <= num2; n++)
                if (place(v, c, p, v->geom->bit_of[n], color, false, at, false, err))
                    return err->code;
        } else if (place(v, c, p, bit, color, king, at, num == 0, err))
            return err->code;
        skip_spaces(c);
        if (peek(c) != ',')
            return PK_OK;
        c->i++;
    }
}

/* :H<n> or :F<n>. A number past PK_FEN_COUNTER_MAX is refused, not cut: a clock or a
 * move number read as another value would be a wrong position. */
static int read_number_field(cursor *c, int *out, pk_error *err)
{
    int at = col(c);
    char f = c->s[c->i];
    c->i++; /* the H or F */
    if (!pk_ascii_isdigit(peek(c)))
        return pk_error_set(err, PK_ERR_SYNTAX, at, "digits expected after '%c'", f);
    size_t start = c->i;
    long n = 0;
    while (pk_ascii_isdigit(peek(c))) {
        if (n <= PK_FEN_COUNTER_MAX)
            n = n * 10 + (peek(c) - '0');
        c->i++;
    }
    if (n > PK_FEN_COUNTER_MAX) {
        size_t len = c->i - start;
        return pk_error_set(err, PK_ERR_RANGE, at, "':%c' value %.*s%s is larger than %d", f,
                            (int)(len > 24 ? 24 : len), c->s + start, len > 24 ? "..." : "", PK_FEN_COUNTER_MAX);
    }
    *out = (int)n;
    return PK_OK;
}

/* RULES 4.2: what a FEN may not describe, reported at the offending item. */
static int validate(const pk_variant *v, const cursor *cur, const pk_pos *p, pk_error *err)
{
    int rc = pk_pos_validate(v, p, err);
    if (rc == PK_OK)
        return rc;
    err->col = 1;
    for (int c = 0; c < 2; c++) {
        pk_bb bad = p->pieces[c] & ~p->kings & v->geom->promo[c];
        if (bad) {
            int b = pk_lsb(bad);
            char name[4];
            /* the square in the notation the FEN wrote it in (pk_pos_validate uses the
             * variant's) */
            return pk_error_set(err, rc, cur->col_of[b], "%s man on %s, its own promotion row",
                                c == PK_WHITE ? "white" : "black",
                                pk_square_name(v->geom, b, cur->alg_of[b], name));
        }
    }
    return rc; /* too many pieces: the whole section is at fault */
}

int pk_fen_parse(const pk_variant *v, const char *s, size_t len, pk_pos *out, pk_fen_extra *extra,
                 pk_error *err)
{
    pk_fen_extra local;
    pk_error local_err; /* the status must not depend on whether the caller wants the message */
    if (!extra)
        extra = &local;
    if (!err)
        err = &local_err;
    memset(extra, 0, sizeof *extra);
    extra->halfmove = extra->fullmove = -1;
    cursor c; /* col_of and alg_of are read only for squares place() has set */
    c.s = s;
    c.i = 0;
    c.n = len == (size_t)-1 ? strlen(s) : len;
    if (skip_spaces(&c))
        extra->spaces = true;
    int t = peek(&c), turn;
    if (t == 'W' || t == 'w')
        turn = PK_WHITE;
    else if (t == 'B' || t == 'b')
        turn = PK_BLACK;
    else if (t == '?') {
        turn = v->first;
        extra->unknown_turn = true;
    } else if (t < 0)
        return pk_error_set(err, PK_ERR_SYNTAX, 1, "empty FEN");
    else {
        char f[24];
        return pk_error_set(err, PK_ERR_SYNTAX, col(&c), "side to move 'W', 'B' or '?' expected, found %s",
                            found(&c, f));
    }
    c.i++;
    pk_pos_clear(out, turn);
    int seen[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        if (skip_spaces(&c))
            extra->spaces = true;
        if (peek(&c) != ':') {
            if (k == 1 && (peek(&c) < 0 || peek(&c) == '.'))
                break; /* one section only: the other side has nothing */
            char f[24];
            return pk_error_set(err, PK_ERR_SYNTAX, col(&c), "':' expected, found %s", found(&c, f));
        }
        c.i++;
        if (skip_spaces(&c))
            extra->spaces = true;
        int rc = read_section(v, &c, out, seen, err);
        if (rc)
            return rc;
    }
    while (peek(&c) == ':') {
        c.i++;
        int f = peek(&c), rc;
        if (f == 'H')
            rc = read_number_field(&c, &extra->halfmove, err);
        else if (f == 'F')
            rc = read_number_field(&c, &extra->fullmove, err);
        else {
            char fb[24];
            return pk_error_set(err, PK_ERR_SYNTAX, col(&c), "unknown FEN field: ':H' or ':F' expected, found %s",
                                found(&c, fb));
        }
        if (rc)
            return rc;
    }
    if (peek(&c) == '.') {
        extra->trailing_dot = true;
        c.i++;
    }
    if (skip_spaces(&c))
        extra->spaces = true;
    if (c.i < c.n) {
        char f[24];
        return pk_error_set(err, PK_ERR_SYNTAX, col(&c), "unexpected %s after the position", found(&c, f));
    }
    int rc = validate(v, &c, out, err);
    /* a position the parse accepted: whole, on the board, its hash kept by pk_pos_put */
    assert(rc != PK_OK || pk_pos_sound_hashed(v->geom, out));
    return rc;
}

int pk_fen_error_text(const char *fen, size_t len, const char *where, const pk_error *err, char *buf,
                      size_t size)
{
    if (len == (size_t)-1)
        len = strlen(fen);
    size_t cut = len > PK_FEN_ECHO_MAX ? PK_FEN_ECHO_MAX : len;
    while (cut < len && cut > 0 && ((unsigned char)fen[cut] & 0xC0) == 0x80)
        cut--; /* not inside a UTF-8 sequence */
    char echo[4 * PK_FEN_ECHO_MAX + 1];
    pk_text_escape(echo, sizeof echo, fen, cut);
    return snprintf(buf, size, "bad FEN \"%s%s\"%s%s: %s (column %lld of the FEN)", echo, cut < len ? "..." : "",
                    where ? " " : "", where ? where : "", err->msg, err->col);
}

/* Appends to buf without snprintf: this runs for every game a report summarises. */
typedef struct {
    char *buf;
    size_t size, len;
} out_buf;

static inline void put(out_buf *o, const char *s)
{
    for (; *s; s++, o->len++)
        if (o->len + 1 < o->size)
            o->buf[o->len] = *s;
}

static void write_side(const pk_variant *v, const pk_pos *p, int color, bool alg, out_buf *o)
{
    const pk_geom *g = v->geom;
    const char(*names)[4] = g->name[alg ? 1 : 0];
    pk_bb mine = p->pieces[color];
    /* The usual case: room for the longest side (",K50" per square), so no bounds check
     * per character; else the checked put(). */
    if (o->len + 2 + 4 * (size_t)g->nsq + 1 < o->size) {
        char *q = o->buf + o->len;
        *q++ = ':';
        *q++ = color == PK_WHITE ? 'W' : 'B';
        char *start = q;
        for (int n = 1; n <= g->nsq && mine; n++) {
            int b = g->bit_of[n];
            if (!(mine & PK_BIT(b)))
                continue;
            mine &= ~PK_BIT(b);
            if (q != start)
                *q++ = ',';
            if (p->kings & PK_BIT(b))
                *q++ = 'K';
            for (const char *c = names[b]; *c; c++)
                *q++ = *c;
        }
        o->len = (size_t)(q - o->buf);
        return;
    }
    bool first = true;
    put(o, color == PK_WHITE ? ":W" : ":B");
    for (int n = 1; n <= g->nsq && mine; n++) {
        int b = g->bit_of[n];
        if (!(mine & PK_BIT(b)))
            continue;
        mine &= ~PK_BIT(b);
        if (!first)
            put(o, ",");
        if (p->kings & PK_BIT(b))
            put(o, "K");
        put(o, names[b]);
        first = false;
    }
}

int pk_fen_write(const pk_variant *v, const pk_pos *p, bool algebraic, char *buf, size_t size)
{
    out_buf o = {buf, size, 0};
    put(&o, p->turn == PK_WHITE ? "W" : "B");
    write_side(v, p, PK_WHITE, algebraic, &o);
    write_side(v, p, PK_BLACK, algebraic, &o);
    if (size)
        buf[o.len < size ? o.len : size - 1] = 0;
    return (int)o.len;
}
