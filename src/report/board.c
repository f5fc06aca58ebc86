/*
 * board.c -- the board renderers declared in board.h: a text board and a standalone SVG.
 *
 * Both walk the display grid (column c left to right, row y top down) and map it to the
 * geometry's (file, rank): White's view puts rank H-1 on top, --flip turns the board by
 * 180 degrees. Which squares are dark comes from the geometry alone (pk_geom_bit), so
 * a1-light boards (Italian, Spanish, Portuguese, RULES 1.2.1) come out mirrored without a
 * special case, and square names come from pk_square_name, the library's one naming
 * function. The SVG uses a viewBox of 100 units per square, so its text is the same for
 * every pixel size but the width and height attributes; pieces and crowns are shapes,
 * labels use the generic sans-serif family: nothing to load, it looks the same offline.
 */
#include "board.h"

#include <stdarg.h>
#include <string.h>

#include "fen.h"
#include "notation.h"
#include "pk_bits.h"

/* --- output: a FILE* or a buffer ---------------------------------------------------- */

typedef struct sink {
    FILE *f;
    char *buf;
    size_t size, len; /* len: what the whole output needs */
    bool failed;
} sink;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(sink *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (s->f) {
        if (vfprintf(s->f, fmt, ap) < 0)
            s->failed = true;
    } else {
        size_t room = s->len < s->size ? s->size - s->len : 0;
        int n = vsnprintf(room ? s->buf + s->len : NULL, room, fmt, ap);
        if (n < 0)
            s->failed = true;
        else
            s->len += (size_t)n;
    }
    va_end(ap);
}

/* --- what both renderers share ---------------------------------------------------- */

typedef struct frame {
    const pk_variant *v;
    const pk_geom *g;
    const pk_pos *p;
    const pk_move *m;
    bool flip, algebraic, ascii;
    int w, h;
} frame;

static bool on_board(const pk_geom *g, int bit) { return bit >= 0 && bit < PK_MAX_BITS && pk_bb_test(g->board, bit); }

static int setup(frame *fr, const pk_variant *v, const pk_pos *p, const pk_board_opts *o, pk_error *err)
{
    static const pk_board_opts none = {0, 0, NULL};
    if (!o)
        o = &none;
    fr->v = v;
    fr->g = v->geom;
    fr->p = p;
    fr->m = o->move;
    fr->flip = o->flags & PK_BOARD_FLIP;
    fr->ascii = o->flags & PK_BOARD_ASCII;
    fr->algebraic = (o->flags & PK_BOARD_ALGEBRAIC) || (v->algebraic && !(o->flags & PK_BOARD_NUMERIC));
    fr->w = fr->g->width;
    fr->h = fr->g->height;
    if (o->size && (o->size < PK_BOARD_MIN_SIZE || o->size > PK_BOARD_MAX_SIZE))
        return pk_error_set(err, PK_ERR_USAGE, 0, "the size must be %d to %d px, not %d", PK_BOARD_MIN_SIZE,
                            PK_BOARD_MAX_SIZE, o->size);
    const pk_move *m = fr->m;
    if (m) {
        bool ok = on_board(fr->g, m->from) && on_board(fr->g, m->to) && m->ncap <= PK_MAX_PATH;
        for (int i = 0; ok && i < m->ncap; i++)
            ok = on_board(fr->g, m->path[i]) && on_board(fr->g, m->caps[i]);
        if (!ok)
            return pk_error_set(err, PK_ERR_USAGE, 0, "the move to draw has a square off the board");
    }
    return PK_OK;
}

/* The square shown at display column c, row y (top row 0): its bit, or -1 when light. */
static int bit_at(const frame *fr, int c, int y)
{
    int f = fr->flip ? fr->w - 1 - c : c;
    int r = fr->flip ? y : fr->h - 1 - y;
    return pk_geom_bit(fr->g, f, r);
}

/* Coordinate labels come from the square names, so that they say what the FEN and the
 * moves say: the letters of a square in column c, the digits of one in row y. */
static const char *file_label(const frame *fr, int c, char *buf)
{
    for (int y = 0; y < fr->h; y++) {
        int b = bit_at(fr, c, y);
        if (b >= 0) {
            pk_square_name(fr->g, b, true, buf);
            size_t n = strspn(buf, "abcdefghijklmnopqrstuvwxyz");
            buf[n] = 0;
            return buf;
        }
    }
    return strcpy(buf, "?");
}

static const char *rank_label(const frame *fr, int y, char *buf)
{
    for (int c = 0; c < fr->w; c++) {
        int b = bit_at(fr, c, y);
        if (b >= 0) {
            pk_square_name(fr->g, b, true, buf);
            return buf + strspn(buf, "abcdefghijklmnopqrstuvwxyz");
        }
    }
    return strcpy(buf, "?");
}

static const char *side_name(int c) { return c == PK_WHITE ? "White" : "Black"; }

static int finish(sink *s, pk_error *err)
{
    if (s->failed)
        return pk_error_set(err, PK_ERR_IO, 0, "cannot write the diagram");
    if (s->f && fflush(s->f) != 0)
        return pk_error_set(err, PK_ERR_IO, 0, "cannot write the diagram");
    return PK_OK;
}

static int to_buf(int st, const sink *s, size_t *len)
{
    if (len)
        *len = st == PK_OK ? s->len : 0;
    return st;
}

/* --- text ------------------------------------------------------------------------- */

static const char *glyph(const frame *fr, int bit)
{
    static const char *const uni[5] = {"\xe2\x9b\x80", "\xe2\x9b\x81", "\xe2\x9b\x82", "\xe2\x9b\x83", "\xc2\xb7"};
    static const char *const asc[5] = {"w", "W", "b", "B", "."};
    const char *const *t = fr->ascii ? asc : uni;
    pk_bb b = PK_BIT(bit);
    bool king = fr->p->kings & b;
    if (fr->p->pieces[PK_WHITE] & b)
        return t[king ? 1 : 0];
    if (fr->p->pieces[PK_BLACK] & b)
        return t[king ? 3 : 2];
    return t[4];
}

/* Appends to a line buffer (large enough: 10 cells of at most 4 bytes plus margins). */
static void cat(char *line, size_t size, const char *s)
{
    size_t n = strlen(line);
    if (n + 1 < size)
        snprintf(line + n, size - n, "%s", s);
}

static void rtrim(char *line)
{
    size_t n = strlen(line);
    while (n && line[n - 1] == ' ')
        line[--n] = 0;
}

static void text_move(sink *s, const frame *fr)
{
    const pk_move *m = fr->m;
    char mv[256], sq[8];
    pk_move_write(fr->v, m, PK_NOT_FULL | (fr->algebraic ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC), mv, sizeof mv);
    put(s, "Move: %s", mv);
    for (int i = 0; i < m->ncap; i++)
        put(s, "%s%s", i ? ", " : ", captures ", pk_square_name(fr->g, m->caps[i], fr->algebraic, sq));
    put(s, "\n");
}

static int text(sink *s, const pk_variant *v, const pk_pos *p, const pk_board_opts *o, pk_error *err)
{
    frame fr;
    int st = setup(&fr, v, p, o, err);
    if (st)
        return st;
    char sq[8];
    for (int y = 0; y < fr.h; y++) {
        char line[128] = "";
        int first = -1, last = -1;
        for (int c = 0; c < fr.w; c++) {
            int b = bit_at(&fr, c, y);
            if (b >= 0) {
                if (first < 0)
                    first = b;
                last = b;
            }
        }
        if (fr.algebraic)
            snprintf(line, sizeof line, "%2s  ", rank_label(&fr, y, sq));
        else
            snprintf(line, sizeof line, "%2s  ", first >= 0 ? pk_square_name(fr.g, first, false, sq) : "");
        for (int c = 0; c < fr.w; c++) {
            int b = bit_at(&fr, c, y);
            if (c)
                cat(line, sizeof line, " ");
            cat(line, sizeof line, b >= 0 ? glyph(&fr, b) : " ");
        }
        if (!fr.algebraic && last >= 0) {
            cat(line, sizeof line, "  ");
            cat(line, sizeof line, pk_square_name(fr.g, last, false, sq));
        }
        rtrim(line);
        put(s, "%s\n", line);
    }
    if (fr.algebraic) {
        char line[128] = "  ";
        for (int c = 0; c < fr.w; c++) {
            cat(line, sizeof line, c ? " " : "  ");
            cat(line, sizeof line, file_label(&fr, c, sq));
        }
        put(s, "%s\n", line);
    }
    put(s, "%s to move\n", side_name(p->turn));
    if (fr.m)
        text_move(s, &fr);
    return PK_OK;
}

int pk_board_text(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, FILE *f, pk_error *err)
{
    sink s = {f, NULL, 0, 0, false};
    int st = text(&s, v, p, o, err);
    return st ? st : finish(&s, err);
}

int pk_board_text_buf(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf, size_t size,
                      size_t *len, pk_error *err)
{
    sink s = {NULL, buf, size, 0, false};
    if (buf && size)
        buf[0] = 0;
    int st = text(&s, v, p, o, err);
    return to_buf(st ? st : finish(&s, err), &s, len);
}

/* --- SVG -------------------------------------------------------------------------- */

enum { CELL = 100, PIECE_R = 35 };

/* Colours. The browser test (tests/browser/) reads some of them back from the PNG. */
#define COL_FRAME "#3b2616"
#define COL_LABEL "#f3e4c6"
#define COL_LIGHT "#f0d9b5"
#define COL_DARK "#8b5e3c"
#define COL_NUMBER "#f3e4c6"
#define COL_HIGHLIGHT "#c9a227"
#define COL_NUMBER_LIT "#3b2616" /* on a highlighted square: dark on gold */
#define COL_PATH "#1f6fd0"
#define COL_CAPTURE "#e01b24"

typedef struct svg_geo {
    int margin; /* around the squares: labels for coordinates, a thin frame otherwise */
} svg_geo;

static void centre(const frame *fr, const svg_geo *sg, int bit, int *x, int *y)
{
    int f = fr->g->file_of[bit], r = fr->g->rank_of[bit];
    int c = fr->flip ? fr->w - 1 - f : f;
    int row = fr->flip ? r : fr->h - 1 - r;
    *x = sg->margin + c * CELL + CELL / 2;
    *y = sg->margin + row * CELL + CELL / 2;
}

static void svg_piece(sink *s, int x, int y, int color, bool king)
{
    bool w = color == PK_WHITE;
    put(s, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" stroke-width=\"4\"/>", x, y, PIECE_R,
        w ? "#fafaf2" : "#262626", w ? "#1a1a1a" : "#000000");
    put(s, "<circle cx=\"%d\" cy=\"%d\" r=\"24\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\"/>", x, y,
        w ? "#b5ad9c" : "#5c5c5c");
    if (king) /* a crown: a shape, not a font glyph; it covers the centre of the disc */
        put(s,
            "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"%s\" stroke=\"%s\" "
            "stroke-width=\"3\" stroke-linejoin=\"round\"/>",
            x - 19, y + 13, x - 22, y - 10, x - 9, y + 1, x, y - 16, x + 9, y + 1, x + 22, y - 10, x + 19, y + 13,
            w ? "#c08a10" : "#f2c230", w ? "#1a1a1a" : "#000000");
    put(s, "\n");
}

static bool on_path(const pk_move *m, int bit)
{
    if (!m)
        return false;
    if (m->from == bit || m->to == bit)
        return true;
    for (int i = 0; i < m->ncap; i++)
        if (m->path[i] == bit)
            return true;
    return false;
}

static void svg_squares(sink *s, const frame *fr, const svg_geo *sg)
{
    char sq[8];
    for (int y = 0; y < fr->h; y++)
        for (int c = 0; c < fr->w; c++) {
            int b = bit_at(fr, c, y);
            if (b < 0)
                continue;
            int x0 = sg->margin + c * CELL, y0 = sg->margin + y * CELL;
            bool lit = on_path(fr->m, b);
            /* every square plays on a full board (Turkish): chequered as a chess board (a1
             * dark) only so that files and ranks are easy to follow */
            bool light = fr->g->full && ((fr->g->file_of[b] + fr->g->rank_of[b]) & 1);
            put(s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>", x0, y0, CELL, CELL,
                lit ? COL_HIGHLIGHT : light ? COL_LIGHT : COL_DARK);
            if (!fr->algebraic) /* the square's number in its top-left corner */
                put(s, "<text x=\"%d\" y=\"%d\" font-size=\"20\" fill=\"%s\">%s</text>", x0 + 4, y0 + 19,
                    lit || light ? COL_NUMBER_LIT : COL_NUMBER, pk_square_name(fr->g, b, false, sq));
            put(s, "\n");
        }
}

static void svg_labels(sink *s, const frame *fr, const svg_geo *sg)
{
    char l[8];
    int bottom = sg->margin + fr->h * CELL;
    put(s, "<g font-size=\"28\" fill=\"%s\" text-anchor=\"middle\">\n", COL_LABEL);
    for (int c = 0; c < fr->w; c++)
        put(s, "<text x=\"%d\" y=\"%d\">%s</text>\n", sg->margin + c * CELL + CELL / 2, bottom + 29,
            file_label(fr, c, l));
    for (int y = 0; y < fr->h; y++)
        put(s, "<text x=\"%d\" y=\"%d\">%s</text>\n", sg->margin / 2, sg->margin + y * CELL + CELL / 2 + 10,
            rank_label(fr, y, l));
    put(s, "</g>\n");
}

/* The path over the pieces, each captured piece crossed out over the path, then a dot on
 * every landing square (the last one larger): what was taken stays visible. */
static void svg_move(sink *s, const frame *fr, const svg_geo *sg)
{
    const pk_move *m = fr->m;
    int n = m->ncap ? m->ncap : 1, x, y;
    centre(fr, sg, m->from, &x, &y);
    put(s, "<polyline points=\"%d,%d", x, y);
    for (int i = 0; i < n; i++) {
        centre(fr, sg, m->ncap ? m->path[i] : m->to, &x, &y);
        put(s, " %d,%d", x, y);
    }
    put(s, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"12\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
        COL_PATH);
    for (int i = 0; i < m->ncap; i++) {
        centre(fr, sg, m->caps[i], &x, &y);
        put(s,
            "<path d=\"M%d %dL%d %dM%d %dL%d %d\" stroke=\"%s\" stroke-width=\"10\" stroke-linecap=\"round\"/>\n",
            x - 22, y - 22, x + 22, y + 22, x - 22, y + 22, x + 22, y - 22, COL_CAPTURE);
    }
    for (int i = 0; i < n; i++) {
        centre(fr, sg, m->ncap ? m->path[i] : m->to, &x, &y);
        put(s, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"/>\n", x, y, i == n - 1 ? 20 : 13, COL_PATH);
    }
}

static int svg(sink *s, const pk_variant *v, const pk_pos *p, const pk_board_opts *o, pk_error *err)
{
    frame fr;
    int st = setup(&fr, v, p, o, err);
    if (st)
        return st;
    svg_geo sg;
    sg.margin = fr.algebraic ? 44 : 16;
    int vw = fr.w * CELL + 2 * sg.margin, vh = fr.h * CELL + 2 * sg.margin;
    int px = o && o->size ? o->size : PK_BOARD_DEFAULT_SIZE;
    char fen[512];
    pk_fen_write(v, p, fr.algebraic, fen, sizeof fen);
    put(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put(s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        "font-family=\"sans-serif\">\n",
        px, (int)((long)px * vh / vw), vw, vh);
    put(s, "<title>%s: %s to move, %s</title>\n", v->name, side_name(p->turn), fen);
    put(s, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", vw, vh, COL_FRAME);
    put(s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", sg.margin, sg.margin, fr.w * CELL,
        fr.h * CELL, COL_LIGHT);
    svg_squares(s, &fr, &sg);
    if (fr.algebraic)
        svg_labels(s, &fr, &sg);
    for (int c = 0; c < 2; c++)
        for (pk_bb b = p->pieces[c]; b; b &= b - 1) {
            int bit = pk_lsb(b), x, y;
            centre(&fr, &sg, bit, &x, &y);
            svg_piece(s, x, y, c, p->kings & PK_BIT(bit));
        }
    if (fr.m)
        svg_move(s, &fr, &sg);
    put(s, "</svg>\n");
    return PK_OK;
}

int pk_board_svg(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, FILE *f, pk_error *err)
{
    sink s = {f, NULL, 0, 0, false};
    int st = svg(&s, v, p, o, err);
    return st ? st : finish(&s, err);
}

int pk_board_svg_buf(const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf, size_t size,
                     size_t *len, pk_error *err)
{
    sink s = {NULL, buf, size, 0, false};
    if (buf && size)
        buf[0] = 0;
    int st = svg(&s, v, p, o, err);
    return to_buf(st ? st : finish(&s, err), &s, len);
}
