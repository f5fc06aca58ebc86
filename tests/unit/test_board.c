/*
 * test_board.c -- the board renderers (board.c): the buffer and FILE* outputs agree,
 * measuring and cutting work like snprintf, every variant's start position shows its
 * squares and pieces, a1-light boards start with a light square, --flip turns the
 * board by 180 degrees, bad sizes and write errors are reported.
 */
#include <string.h>

#include "board.h"
#include "pk_bits.h" /* the library's inline bit helpers (private) */
#include "fen.h"
#include "movegen.h"
#include "pktest.h"
#include "movelist_int.h" /* white box: a move list by value, its fields (private) */

static int count(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static void start(const pk_variant *v, pk_pos *p)
{
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, v->start_fen, (size_t)-1, p, NULL, &err), PK_OK);
}

/* The buffer renderers as a length (-1: failed), the way the tests below compare them. */
static int board_buf(bool svg, const pk_variant *v, const pk_pos *p, const pk_board_opts *o, char *buf,
                     size_t size, pk_error *err)
{
    size_t n = 7;
    int st = svg ? pk_board_svg_buf(v, p, o, buf, size, &n, err) : pk_board_text_buf(v, p, o, buf, size, &n, err);
    CU_ASSERT(st == PK_OK || n == 0);
    return st == PK_OK ? (int)n : -1;
}
#define text_buf(...) board_buf(false, __VA_ARGS__)
#define svg_buf(...) board_buf(true, __VA_ARGS__)

static void test_buffer_matches_file(void)
{
    static char buf[65536], fbuf[65536];
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        pk_pos p;
        start(v, &p);
        for (int svg = 0; svg < 2; svg++) {
            pk_board_opts o = {svg ? 0u : (unsigned)PK_BOARD_ASCII, 0, NULL};
            pk_error err;
            int n = svg ? svg_buf(v, &p, &o, buf, sizeof buf, &err)
                        : text_buf(v, &p, &o, buf, sizeof buf, &err);
            CU_ASSERT_TRUE_FATAL(n > 0 && (size_t)n < sizeof buf);
            CU_ASSERT_EQUAL(strlen(buf), (size_t)n);
            /* measuring alone gives the same length */
            int m = svg ? svg_buf(v, &p, &o, NULL, 0, &err) : text_buf(v, &p, &o, NULL, 0, &err);
            CU_ASSERT_EQUAL(m, n);
            FILE *f = tmpfile();
            CU_ASSERT_PTR_NOT_NULL_FATAL(f);
            CU_ASSERT_EQUAL(svg ? pk_board_svg(v, &p, &o, f, &err) : pk_board_text(v, &p, &o, f, &err), PK_OK);
            rewind(f);
            size_t got = fread(fbuf, 1, sizeof fbuf - 1, f);
            fbuf[got] = 0;
            fclose(f);
            CU_ASSERT_EQUAL(got, (size_t)n);
            CU_ASSERT_STRING_EQUAL(fbuf, buf);
        }
    }
}

static void test_cut_buffer(void)
{
    const pk_variant *v = pk_variant_find("english");
    pk_pos p;
    start(v, &p);
    char full[4096], small[20];
    pk_error err;
    int n = text_buf(v, &p, NULL, full, sizeof full, &err);
    memset(small, 'X', sizeof small);
    CU_ASSERT_EQUAL(text_buf(v, &p, NULL, small, sizeof small, &err), n);
    CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
    CU_ASSERT_EQUAL(strncmp(small, full, sizeof small - 1), 0);
}

/* Every variant's start: one dark square per playable square, one disc per piece, and the
 * ASCII board holds the men of the start FEN. */
static void test_start_positions(void)
{
    static char buf[65536];
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        pk_pos p;
        start(v, &p);
        pk_error err;
        CU_ASSERT_TRUE_FATAL(svg_buf(v, &p, NULL, buf, sizeof buf, &err) > 0);
        /* a full board (Turkish) is chequered: half its squares drawn light */
        int dark = v->geom->full ? v->geom->nsq / 2 : v->geom->nsq;
        CU_ASSERT_EQUAL(count(buf, "fill=\"#8b5e3c\""), dark);
        /* the light background under the board, and the light squares of a full board */
        CU_ASSERT_EQUAL(count(buf, "fill=\"#f0d9b5\""), 1 + (v->geom->full ? v->geom->nsq / 2 : 0));
        CU_ASSERT_EQUAL(count(buf, "r=\"35\""), pk_popcount(pk_occupied(&p)));
        CU_ASSERT_EQUAL(count(buf, "<polygon"), 0); /* no king in a start position */
        CU_ASSERT_TRUE(strstr(buf, "font-family=\"sans-serif\"") != NULL);
        CU_ASSERT_TRUE(strstr(buf, "url(") == NULL && strstr(buf, "href") == NULL); /* nothing to load */
        pk_board_opts o = {PK_BOARD_ASCII | PK_BOARD_NUMERIC, 0, NULL}; /* no file letters */
        CU_ASSERT_TRUE_FATAL(text_buf(v, &p, &o, buf, sizeof buf, &err) > 0);
        int men = strcmp(v->name, "thai") ? v->max_men : 8; /* Thai: 8 men, FENs up to 12 */
        CU_ASSERT_EQUAL(count(buf, "w"), men);
        CU_ASSERT_EQUAL(count(buf, "b"), men);
        CU_ASSERT_TRUE(strstr(buf, v->first == PK_WHITE ? "White to move\n" : "Black to move\n") != NULL);
    }
}

/* The bottom-left square of White's view is a1: light on the mirrored boards (RULES 1.2.1). */
static void test_a1_colour(void)
{
    static char buf[8192];
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        pk_pos p;
        pk_pos_clear(&p, PK_WHITE);
        pk_board_opts o = {PK_BOARD_ASCII | PK_BOARD_NUMERIC, 0, NULL};
        pk_error err;
        CU_ASSERT_TRUE_FATAL(text_buf(v, &p, &o, buf, sizeof buf, &err) > 0);
        /* the last board row is the line before "White to move"; its first cell is column 4 */
        char *end = strstr(buf, "White to move");
        CU_ASSERT_PTR_NOT_NULL_FATAL(end);
        char *row = end - 1;
        while (row > buf && row[-1] != '\n')
            row--;
        CU_ASSERT_EQUAL(row[4], v->rules.a1_light ? ' ' : '.');
    }
}

/* Flipping reverses the rows and each row's cells. */
static void test_flip(void)
{
    const pk_variant *v = pk_variant_find("international");
    pk_pos p;
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_fen_parse(v, "W:W31,K46,50:B1,K5,19", (size_t)-1, &p, NULL, &err), PK_OK);
    char a[4096], b[4096];
    pk_board_opts o = {PK_BOARD_ASCII, 0, NULL}, of = {PK_BOARD_ASCII | PK_BOARD_FLIP, 0, NULL};
    CU_ASSERT_TRUE_FATAL(text_buf(v, &p, &o, a, sizeof a, &err) > 0);
    CU_ASSERT_TRUE_FATAL(text_buf(v, &p, &of, b, sizeof b, &err) > 0);
    char rows[2][10][24];
    for (int k = 0; k < 2; k++) {
        const char *s = k ? b : a;
        for (int r = 0; r < 10; r++) {
            const char *nl = strchr(s, '\n');
            CU_ASSERT_PTR_NOT_NULL_FATAL(nl);
            char cells[24] = "";
            for (int c = 0; c < 10 && 4 + 2 * c < nl - s; c++)
                cells[c] = s[4 + 2 * c];
            for (int c = (int)strlen(cells); c < 10; c++)
                cells[c] = ' ';
            cells[10] = 0;
            strcpy(rows[k][r], cells);
            s = nl + 1;
        }
    }
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 10; c++)
            CU_ASSERT_EQUAL(rows[0][r][c], rows[1][9 - r][9 - c]);
    CU_ASSERT_TRUE(strncmp(b, "50", 2) == 0); /* square 50 is now at the top left */
}

static void test_errors(void)
{
    const pk_variant *v = pk_variant_find("english");
    pk_pos p;
    start(v, &p);
    pk_error err;
    char buf[64];
    pk_board_opts o = {0, 5, NULL};
    CU_ASSERT_EQUAL(pk_board_svg_buf(v, &p, &o, buf, sizeof buf, NULL, &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(err.code, PK_ERR_USAGE);
    pk_move m;
    memset(&m, 0, sizeof m);
    m.from = 40; /* past the 8x8 board's bits */
    pk_board_opts om = {0, 0, &m};
    CU_ASSERT_EQUAL(pk_board_svg_buf(v, &p, &om, buf, sizeof buf, NULL, &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(err.code, PK_ERR_USAGE);
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        CU_ASSERT_EQUAL(pk_board_svg(v, &p, NULL, full, &err), PK_ERR_IO);
        fclose(full);
    }
}

/* Random games of every variant: each legal move drawn shows one cross per captured piece,
 * a path through from and every landing square, and highlights exactly those squares. */
static void test_moves_drawn(void)
{
    static char buf[65536];
    static pk_movelist ml;
    unsigned seed = 12345;
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        pk_pos p;
        start(v, &p);
        for (int ply = 0; ply < 60; ply++) {
            if (pk_gen_legal(v, &p, &ml, 0) == 0)
                break;
            for (int k = 0; k < ml.n; k++) {
                const pk_move *m = &ml.m[k];
                pk_board_opts o = {(unsigned)k & PK_BOARD_FLIP, 0, m};
                pk_error err;
                CU_ASSERT_TRUE_FATAL(svg_buf(v, &p, &o, buf, sizeof buf, &err) > 0);
                CU_ASSERT_EQUAL(count(buf, "stroke=\"#e01b24\""), m->ncap);
                int landings = m->ncap ? m->ncap : 1;
                const char *pl = strstr(buf, "<polyline points=\"");
                CU_ASSERT_PTR_NOT_NULL_FATAL(pl);
                int points = 1;
                for (const char *c = pl + 18; *c != '"'; c++)
                    points += *c == ' ';
                CU_ASSERT_EQUAL(points, landings + 1);
                CU_ASSERT_EQUAL(count(buf, "fill=\"#1f6fd0\""), landings);
                pk_bb lit = PK_BIT(m->from) | PK_BIT(m->to);
                for (int h = 0; h < m->ncap; h++)
                    lit |= PK_BIT(m->path[h]);
                CU_ASSERT_EQUAL(count(buf, "fill=\"#c9a227\""), pk_popcount(lit));
            }
            seed = seed * 1103515245u + 12345u;
            pk_make(v, &p, &ml.m[(seed >> 16) % (unsigned)ml.n]);
        }
    }
}

static const pk_test tests[] = {{"moves drawn", test_moves_drawn},
                                {"buffer and FILE* agree", test_buffer_matches_file},
                                {"cut buffer", test_cut_buffer},
                                {"start positions", test_start_positions},
                                {"a1 colour", test_a1_colour},
                                {"flip", test_flip},
                                {"errors", test_errors},
                                {NULL, NULL}};

PK_TEST_MAIN("board", tests)
