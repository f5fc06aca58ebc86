/*
 * geom.c -- board geometries (see geom.h for the bit layout and the square frame). Every
 * geometry is built once per process, from the board size, the colour of a1, the
 * numbering family and the frame of algebraic names; everything else (rays, masks, maps)
 * is derived here so that a new board size is data.
 */
#include "geom.h"
#include "pk_ascii.h"
#include "pk_assert.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "pk_port.h"

/* `full`: every square playable (Turkish), one bit per square, bit = W*r + f. */
static int bit_index(int w, bool light, bool full, int f, int r)
{
    return full ? w * r + f : ((w + 1) * r + f + (light ? 1 : 0)) / 2;
}

static bool playable(int w, int h, bool light, bool full, int f, int r)
{
    if (f < 0 || f >= w || r < 0 || r >= h)
        return false;
    return full || ((f + r) & 1) == (light ? 1 : 0);
}

/* Numbering families, RULES 1.2.1: square n -> (f, r). Both number W/2 squares per row,
 * or W on a full board, where PK_NUM_TL numbers every square: 1 = a8 ... 64 = h1. */
static void square_coords(const pk_geom *g, int n, int *f, int *r)
{
    int per = g->full ? g->width : g->width / 2, i = (n - 1) / per, j = (n - 1) % per;
    if (g->full) {
        *r = g->numbering == PK_NUM_TL ? g->height - 1 - i : i;
        *f = g->numbering == PK_NUM_TL ? j : g->width - 1 - j;
    } else if (g->numbering == PK_NUM_TL) {
        *r = g->height - 1 - i;
        int d = g->a1_light ? 1 - (*r & 1) : (*r & 1);
        *f = 2 * j + d;
    } else { /* PK_NUM_BR: right to left from White's near row, upwards */
        *r = i;
        int d = g->a1_light ? (*r & 1) : 1 - (*r & 1);
        *f = (g->width - 1) - 2 * j - d;
    }
}

/* One step in each direction. On a diagonal board the orthogonal neighbour of the same
 * colour is two files or ranks away (Frisian); on a full board it is the next square. */
static const int DF[PK_NDIRS] = {+1, -1, +1, -1, +2, -2, 0, 0};
static const int DR[PK_NDIRS] = {+1, +1, -1, -1, 0, 0, +2, -2};
static int dfile(bool full, int d) { return full && d >= PK_E ? DF[d] / 2 : DF[d]; }
static int drank(bool full, int d) { return full && d >= PK_E ? DR[d] / 2 : DR[d]; }

static void build(pk_geom *g, int w, int h, bool light, bool full, int numbering, int frame)
{
    g->width = w;
    g->height = h;
    g->a1_light = light;
    g->full = full;
    g->numbering = numbering;
    g->frame = frame;
    g->nsq = full ? w * h : w * h / 2;
    memset(g->next, -1, sizeof g->next);
    for (int n = 1; n <= g->nsq; n++) {
        int f, r;
        square_coords(g, n, &f, &r);
        int b = bit_index(w, light, full, f, r);
        g->bit_of[n] = (int8_t)b;
        g->num_of[b] = (int8_t)n;
        g->file_of[b] = (int8_t)f;
        g->rank_of[b] = (int8_t)r;
        /* RULES 1.2.5: names in Black's frame are White's turned by 180 degrees */
        g->alg_file[b] = (int8_t)(frame == PK_FRAME_BLACK ? w - 1 - f : f);
        g->alg_rank[b] = (int8_t)(frame == PK_FRAME_BLACK ? h - 1 - r : r);
        g->board |= PK_BIT(b);
        if (b > 63)
            g->wide = true;
        if (r == h - 1)
            g->promo[PK_WHITE] |= PK_BIT(b);
        if (r == 0)
            g->promo[PK_BLACK] |= PK_BIT(b);
    }
    for (int d = 0; d < PK_NDIRS; d++) {
        int df = dfile(full, d), dr = drank(full, d);
        g->shift[d] = full ? dr * w + df : (dr * (w + 1) + df) / 2;
        for (int n = 1; n <= g->nsq; n++) {
            int b = g->bit_of[n], f = g->file_of[b], r = g->rank_of[b];
            if (playable(w, h, light, full, f + df, r + dr)) {
                g->next[d][b] = (int8_t)bit_index(w, light, full, f + df, r + dr);
                g->src[d] |= PK_BIT(b);
            }
        }
    }
    for (int d = 0; d < PK_NDIRS; d++)
        for (int n = 1; n <= g->nsq; n++) {
            int b = g->bit_of[n];
            for (int s = g->next[d][b]; s >= 0; s = g->next[d][s])
                g->ray[d][b] |= PK_BIT(s);
            if (b < 64)
                g->ray64[d][b] = (uint64_t)g->ray[d][b];
        }
    /* The main diagonal runs through both single corners: the one with W squares. */
    int corner = light ? bit_index(w, light, full, w - 1, 0) : bit_index(w, light, full, 0, 0);
    int dir = light ? PK_NW : PK_NE;
    g->main_diag = PK_BIT(corner) | g->ray[dir][corner];
}

typedef struct {
    int w, h;
    bool light, full;
    int numbering, frame;
    atomic_bool ready; /* g is built (set with release order once it is) */
    pk_geom g;
} geom_slot;

static geom_slot slots[] = {
    {10, 10, false, false, PK_NUM_TL, PK_FRAME_WHITE, false, {0}},
    {8, 8, false, false, PK_NUM_TL, PK_FRAME_WHITE, false, {0}},
    {8, 8, false, false, PK_NUM_TL, PK_FRAME_BLACK, false, {0}},
    {8, 8, true, false, PK_NUM_TL, PK_FRAME_WHITE, false, {0}},
    {8, 8, true, false, PK_NUM_BR, PK_FRAME_WHITE, false, {0}},
    {10, 8, false, false, PK_NUM_TL, PK_FRAME_WHITE, false, {0}},
    {8, 8, false, true, PK_NUM_TL, PK_FRAME_WHITE, false, {0}},   /* Turkish: all 64 squares */
    {8, 8, false, false, PK_NUM_BR, PK_FRAME_BLACK, false, {0}},  /* Thai: GameType 31,B,8,8,N2,0 */
    {12, 12, false, false, PK_NUM_TL, PK_FRAME_WHITE, false, {0}}, /* Canadian, Malaysian */
    {12, 12, true, false, PK_NUM_TL, PK_FRAME_WHITE, false, {0}},  /* Sri Lankan: mirrored */
};
#define NSLOTS (sizeof slots / sizeof slots[0])

static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
static void name_of(const pk_geom *g, int bit, bool algebraic, char *buf);

/* Each geometry is built the first time it is asked for (a tool that reads English games
 * builds one board, not all ten); a lock orders the builders, the flag spares the
 * readers it. The slots are static, so zero before the build. */
static const pk_geom *ready(geom_slot *s)
{
    if (atomic_load_explicit(&s->ready, memory_order_acquire))
        return &s->g;
    if (pthread_mutex_lock(&build_lock) != 0)
        return NULL;
    if (!atomic_load_explicit(&s->ready, memory_order_relaxed)) {
        pk_geom *g = &s->g;
        build(g, s->w, s->h, s->light, s->full, s->numbering, s->frame);
        for (int alg = 0; alg < 2; alg++)
            for (int b = 0; b < PK_MAX_BITS; b++)
                name_of(g, b, alg, g->name[alg][b]);
        atomic_store_explicit(&s->ready, true, memory_order_release);
    }
    pthread_mutex_unlock(&build_lock);
    return &s->g;
}

const pk_geom *pk_geom_get(int width, int height, bool a1_light, bool full, int numbering, int frame)
{
    for (size_t i = 0; i < NSLOTS; i++) {
        geom_slot *s = &slots[i];
        if (s->w == width && s->h == height && s->light == a1_light && s->full == full &&
            s->numbering == numbering && s->frame == frame)
            return ready(s);
    }
    return NULL;
}

int pk_geom_bit(const pk_geom *g, int file, int rank)
{
    if (!playable(g->width, g->height, g->a1_light, g->full, file, rank))
        return -1;
    return bit_index(g->width, g->a1_light, g->full, file, rank);
}

int pk_geom_alg_bit(const pk_geom *g, int file, int rank)
{
    if (g->frame == PK_FRAME_BLACK) {
        file = g->width - 1 - file;
        rank = g->height - 1 - rank;
    }
    return pk_geom_bit(g, file, rank);
}

/* Written by hand: at most 3 characters ("72", "l12") and a NUL. */
static char *put_int(char *p, int n)
{
    assert(n >= 0 && n < 100); /* a number or rank of a board of at most 12x12 */
    if (n >= 10)
        *p++ = (char)('0' + n / 10);
    *p++ = (char)('0' + n % 10);
    return p;
}

static void name_of(const pk_geom *g, int bit, bool algebraic, char *buf)
{
    char *p = buf;
    if (bit < 0 || bit >= PK_MAX_BITS || !(g->board & PK_BIT(bit)))
        *p++ = '?';
    else if (algebraic) {
        *p++ = (char)('a' + g->alg_file[bit]);
        p = put_int(p, g->alg_rank[bit] + 1);
    } else
        p = put_int(p, g->num_of[bit]);
    assert(p - buf <= 3); /* the name and its NUL fit the table's 4 bytes */
    *p = 0;
}

/* The names are a table (the FEN writer names every piece of every position). */
const char *pk_square_name(const pk_geom *g, int bit, bool algebraic, char *buf)
{
    if (bit < 0 || bit >= PK_MAX_BITS) {
        memcpy(buf, "?", 2);
        return buf;
    }
    memcpy(buf, g->name[algebraic ? 1 : 0][bit], 4);
    return buf;
}

/* pk_square_parse's work: the bit, or minus the status (err filled). */
static int parse_square(const pk_geom *g, const char *s, size_t len, pk_error *err)
{
    if (len == 0)
        return -pk_error_set(err, PK_ERR_SYNTAX, 1, "empty square");
    if (pk_ascii_isdigit((unsigned char)s[0])) {
        long n = 0;
        for (size_t i = 0; i < len; i++) {
            if (!pk_ascii_isdigit((unsigned char)s[i]))
                return -pk_error_set(err, PK_ERR_SYNTAX, (int)i + 1, "unexpected '%c' in square number", s[i]);
            if (n < 1000)
                n = n * 10 + (s[i] - '0');
        }
        if (n < 1 || n > g->nsq)
            return -pk_error_set(err, PK_ERR_RANGE, 1, "square %ld is outside 1-%d", n, g->nsq);
        return g->bit_of[n];
    }
    char c = (char)pk_ascii_tolower((unsigned char)s[0]);
    if (c < 'a' || c > 'z' || len < 2 || len > 3)
        return -pk_error_set(err, PK_ERR_SYNTAX, 1, "'%.*s' is not a square", (int)(len > 8 ? 8 : len), s);
    int rank = 0;
    for (size_t i = 1; i < len; i++) {
        if (!pk_ascii_isdigit((unsigned char)s[i]))
            return -pk_error_set(err, PK_ERR_SYNTAX, (int)i + 1, "'%.*s' is not a square", (int)len, s);
        rank = rank * 10 + (s[i] - '0');
    }
    int f = c - 'a', r = rank - 1;
    if (f >= g->width || r < 0 || r >= g->height)
        return -pk_error_set(err, PK_ERR_RANGE, 1, "square %.*s is off the %dx%d board", (int)len, s, g->width,
                             g->height);
    int b = pk_geom_alg_bit(g, f, r);
    if (b < 0)
        return -pk_error_set(err, PK_ERR_RANGE, 1, "square %.*s is not a playing square", (int)len, s);
    return b;
}

int pk_square_parse(const pk_geom *g, const char *s, size_t len, int *bit, pk_error *err)
{
    int b = parse_square(g, s, len, err);
    if (bit)
        *bit = b < 0 ? -1 : b;
    return b < 0 ? -b : PK_OK;
}
