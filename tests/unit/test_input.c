/* test_input.c -- compressed input (input.h): the magic bytes, a round trip through each
 * library, concatenated streams, every kind of cut and damage (the bytes before the fault
 * handed out, then one clear error), and the reader's games before such an error. The
 * compressed data is made here, by the same libraries' encoders. */
#include "input.h"
#include "pdn.h"
#include "pdn_open.h"
#include "pktest.h"

#include <bzlib.h>
#include <lzma.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

/* A PDN text of about 200 KB, not too repetitive (so bzip2 makes several blocks). */
static char *sample(size_t *n)
{
    size_t cap = 512 * 1024, o = 0;
    char *t = malloc(cap);
    unsigned x = 12345;
    for (int i = 0; o + 200 < cap && i < 3000; i++) {
        x = x * 1103515245u + 12345u;
        o += (size_t)snprintf(t + o, cap - o, "[Event \"game %d\"]\n[Round \"%u\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n",
                              i, (x >> 8) % 100000);
    }
    *n = o;
    return t;
}

/* The text compressed into a malloc'd buffer by fmt's library. */
static unsigned char *pack(int fmt, const char *src, size_t n, size_t *out)
{
    size_t cap = n + n / 2 + 4096;
    unsigned char *d = malloc(cap);
    *out = 0;
    if (fmt == PK_IN_GZIP) {
        z_stream z;
        memset(&z, 0, sizeof z);
        deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
        z.next_in = (unsigned char *)src;
        z.avail_in = (uInt)n;
        z.next_out = d;
        z.avail_out = (uInt)cap;
        CU_ASSERT_EQUAL(deflate(&z, Z_FINISH), Z_STREAM_END);
        *out = z.total_out;
        deflateEnd(&z);
    } else if (fmt == PK_IN_BZIP2) {
        unsigned len = (unsigned)cap;
        CU_ASSERT_EQUAL(BZ2_bzBuffToBuffCompress((char *)d, &len, (char *)src, (unsigned)n, 1, 0, 0), BZ_OK);
        *out = len;
    } else if (fmt == PK_IN_XZ) {
        size_t pos = 0;
        CU_ASSERT_EQUAL(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, (const uint8_t *)src, n, d, &pos, cap),
                        LZMA_OK);
        *out = pos;
    } else if (fmt == PK_IN_ZSTD) {
        size_t r = ZSTD_compress(d, cap, src, n, 3);
        CU_ASSERT_FALSE(ZSTD_isError(r));
        *out = r;
    }
    return d;
}

/* Reads all of buf[0..n) through pk_in, step bytes a call; returns the last status
 * (0: end of input, -1: error) and the bytes read in *got (malloc'd, *glen long). */
static long read_through(const unsigned char *buf, size_t n, size_t step, char **got, size_t *glen,
                         char *why, size_t whylen)
{
    FILE *f = fmemopen((void *)buf, n, "rb");
    pk_in *in = pk_in_open(f, NULL);
    size_t cap = 1 << 20, o = 0;
    char *out = malloc(cap);
    long r;
    while ((r = pk_in_read(in, out + o, step < cap - o ? step : cap - o)) > 0) {
        o += (size_t)r;
        if (cap - o < step) {
            cap *= 2;
            out = realloc(out, cap);
        }
    }
    if (r < 0) {
        CU_ASSERT_EQUAL(pk_in_read(in, out, step), -1); /* and again -1 */
        snprintf(why, whylen, "%s", pk_in_error(in));
    }
    pk_in_close(in);
    fclose(f);
    *got = out;
    *glen = o;
    return r;
}

static const int formats[] = {PK_IN_GZIP, PK_IN_BZIP2, PK_IN_XZ, PK_IN_ZSTD};

static void test_sniff(void)
{
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"\x1F\x8B\x08\0", 4), PK_IN_GZIP);
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"\x1F\x8B", 2), PK_IN_PLAIN); /* too short to tell */
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"BZh91AY&SY", 10), PK_IN_BZIP2);
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"BZh9 is no", 10), PK_IN_PLAIN);
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"\xFD" "7zXZ\0", 6), PK_IN_XZ);
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"\x28\xB5\x2F\xFD", 4), PK_IN_ZSTD);
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"\x50\x2A\x4D\x18", 4), PK_IN_ZSTD); /* skippable frame */
    CU_ASSERT_EQUAL(pk_in_sniff((const unsigned char *)"[Event \"x\"]", 11), PK_IN_PLAIN);
    CU_ASSERT_STRING_EQUAL(pk_in_format_name(PK_IN_XZ), "xz");
}

/* Plain input goes through unchanged, whatever the read size. */
static void test_plain(void)
{
    size_t n, glen;
    char *t = sample(&n), *got, why[256];
    static const size_t steps[] = {1, 3, 16, 17, 65536, 1 << 20};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        CU_ASSERT_EQUAL(read_through((unsigned char *)t, n, steps[i], &got, &glen, why, sizeof why), 0);
        CU_ASSERT_TRUE(glen == n && !memcmp(got, t, n));
        free(got);
    }
    CU_ASSERT_EQUAL(read_through((unsigned char *)"x", 0, 100, &got, &glen, why, sizeof why), 0); /* empty */
    CU_ASSERT_EQUAL(glen, 0);
    free(got);
    free(t);
}

static void test_round_trip(void)
{
    size_t n, zn, glen;
    char *t = sample(&n), *got, why[256];
    for (int k = 0; k < 4; k++) {
        unsigned char *z = pack(formats[k], t, n, &zn);
        CU_ASSERT_TRUE(zn > 0 && zn < n / 2);
        static const size_t steps[] = {1, 7, 4096, 1 << 20};
        for (size_t i = 0; i < 4; i++) {
            if (steps[i] == 1 && formats[k] == PK_IN_BZIP2)
                continue; /* slow, and nothing the other steps do not show */
            CU_ASSERT_EQUAL(read_through(z, zn, steps[i], &got, &glen, why, sizeof why), 0);
            CU_ASSERT_TRUE(glen == n && !memcmp(got, t, n));
            free(got);
        }
        /* two streams one after the other: both read */
        unsigned char *zz = malloc(2 * zn);
        memcpy(zz, z, zn);
        memcpy(zz + zn, z, zn);
        CU_ASSERT_EQUAL(read_through(zz, 2 * zn, 65536, &got, &glen, why, sizeof why), 0);
        CU_ASSERT_TRUE(glen == 2 * n && !memcmp(got, t, n) && !memcmp(got + n, t, n));
        free(got);
        free(zz);
        free(z);
    }
    free(t);
}

/* Cut anywhere: what comes out is the start of the text, then one error that says the
 * data is truncated; nothing is lost that the decoder could have given (a cut in the
 * trailer alone gives the whole text). */
static void test_cut(void)
{
    size_t n, zn, glen;
    char *t = sample(&n), *got, why[256];
    for (int k = 0; k < 4; k++) {
        unsigned char *z = pack(formats[k], t, n, &zn);
        int bad = 0;
        for (size_t cut = 0; cut < zn; cut += cut < 64 || zn - cut < 64 ? 1 : zn / 16) {
            long r = read_through(z, cut, 65536, &got, &glen, why, sizeof why);
            if (pk_in_sniff(z, cut) != formats[k]) { /* too short to be told: plain bytes */
                CU_ASSERT_TRUE(r == 0 && glen == cut);
                free(got);
                continue;
            }
            if (r != -1 || glen > n || memcmp(got, t, glen) || !strstr(why, "truncated")) {
                if (bad++ < 3)
                    printf("\n%s cut at %zu of %zu: status %ld, %zu bytes, '%s'", pk_in_format_name(formats[k]),
                           cut, zn, r, glen, r < 0 ? why : "");
            }
            free(got);
        }
        CU_ASSERT_EQUAL(bad, 0);
        /* the trailer cut off (gzip: CRC-32 and size; xz: the stream footer): the whole text */
        if (formats[k] == PK_IN_GZIP || formats[k] == PK_IN_XZ) {
            CU_ASSERT_EQUAL(read_through(z, zn - (formats[k] == PK_IN_GZIP ? 8 : 12), 65536, &got, &glen, why,
                                         sizeof why), -1);
            CU_ASSERT_EQUAL(glen, n);
            free(got);
        }
        free(z);
    }
    free(t);
}

/* Damaged data and data followed by something else: an error naming the format. */
static void test_damage(void)
{
    size_t n, zn, glen;
    char *t = sample(&n), *got, why[256];
    for (int k = 0; k < 4; k++) {
        const char *name = pk_in_format_name(formats[k]);
        unsigned char *z = pack(formats[k], t, n, &zn);
        unsigned char *d = malloc(zn + 32);
        memcpy(d, z, zn);
        for (size_t i = zn / 2; i < zn / 2 + 16; i++)
            d[i] ^= 0x55;
        CU_ASSERT_EQUAL(read_through(d, zn, 65536, &got, &glen, why, sizeof why), -1);
        CU_ASSERT_PTR_NOT_NULL(strstr(why, name));
        CU_ASSERT_PTR_NOT_NULL(strstr(why, "corrupt"));
        free(got);
        memcpy(d, z, zn);
        memcpy(d + zn, "trailing text\n", 14);
        CU_ASSERT_EQUAL(read_through(d, zn + 14, 65536, &got, &glen, why, sizeof why), -1);
        CU_ASSERT_EQUAL(glen, n);
        CU_ASSERT_PTR_NOT_NULL(strstr(why, name));
        free(got);
        free(d);
        free(z);
    }
    free(t);
}

static void count_io(void *ctx, const pk_diag *d)
{
    if (!strcmp(d->code, "io") && d->game == 0 && strstr(d->message, "truncated"))
        ++*(int *)ctx;
}

/* The reader: every game decoded before a compressed file's fault, then the error. */
static void test_reader_keeps_games(void)
{
    const char *text = "[Event \"1\"]\n1. 32-28 *\n\n[Event \"2\"]\n1. 32-28 *\n\n[Event \"3\"]\n1. 32-28";
    size_t zn;
    unsigned char *z = pack(PK_IN_XZ, text, strlen(text), &zn);
    FILE *f = fmemopen(z, zn - 12, "rb"); /* without the stream footer */
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn.xz", 0, NULL);
    int io = 0, games = 0, st;
    pk_diag_sink sink = {count_io, &io};
    pk_game g;
    pk_game_init(&g);
    pk_error err = {0};
    while ((st = pk_pdn_next(r, &g, &sink, &err)) == PK_OK)
        games++;
    CU_ASSERT_EQUAL(games, 3);
    CU_ASSERT_EQUAL(st, PK_ERR_IO);
    CU_ASSERT_EQUAL(err.code, PK_ERR_IO); /* the reader's words, where the input stopped */
    CU_ASSERT(err.msg[0] != 0 && err.line > 1);
    CU_ASSERT_EQUAL(io, 1);
    CU_ASSERT_EQUAL(pk_pdn_next(r, &g, &sink, NULL), PK_ERR_IO); /* said once */
    CU_ASSERT_EQUAL(io, 1);
    CU_ASSERT_EQUAL(pk_pdn_bytes(r), strlen(text));
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    free(z);
}

/* The format a name announces: the four endings in any case, nothing else. */
static void test_format_named(void)
{
    CU_ASSERT_EQUAL(pk_in_format_named("a.pdn.gz"), PK_IN_GZIP);
    CU_ASSERT_EQUAL(pk_in_format_named("A.PDN.GZ"), PK_IN_GZIP);
    CU_ASSERT_EQUAL(pk_in_format_named("dir/a.bz2"), PK_IN_BZIP2);
    CU_ASSERT_EQUAL(pk_in_format_named("r.pdn.Xz"), PK_IN_XZ);
    CU_ASSERT_EQUAL(pk_in_format_named("r.pdn.zst"), PK_IN_ZSTD);
    CU_ASSERT_EQUAL(pk_in_format_named("a.pdn"), PK_IN_PLAIN);
    CU_ASSERT_EQUAL(pk_in_format_named("a.tgz"), PK_IN_PLAIN);
    CU_ASSERT_EQUAL(pk_in_format_named("xz"), PK_IN_PLAIN);
    CU_ASSERT_EQUAL(pk_in_format_named(".xz"), PK_IN_PLAIN); /* a name, not an ending */
    CU_ASSERT_EQUAL(pk_in_format_named("a.pdn.zstd"), PK_IN_PLAIN);
    CU_ASSERT_EQUAL(pk_in_format_named("<stdin>"), PK_IN_PLAIN);
    CU_ASSERT_EQUAL(pk_in_format_named(NULL), PK_IN_PLAIN);
}

typedef struct said {
    int n, severity, game;
    long long line;
    char msg[128];
} said;

static void keep_compression(void *ctx, const pk_diag *d)
{
    said *s = ctx;
    if (strcmp(d->code, "compression"))
        return;
    s->n++;
    s->severity = d->severity;
    s->game = d->game;
    s->line = d->line;
    snprintf(s->msg, sizeof s->msg, "%s", d->message);
}

/* Reads buf named name with the reader: the games, and what it said of the compression. */
static int read_named(const void *buf, size_t n, const char *name, unsigned flags, said *s, int *game_warnings)
{
    memset(s, 0, sizeof *s);
    pk_pdn_reader *r = pk_pdn_open_memory(buf, n, name, flags, NULL);
    pk_diag_sink sink = {keep_compression, s};
    pk_game g;
    pk_game_init(&g);
    int games = 0;
    *game_warnings = 0;
    while (pk_pdn_next(r, &g, &sink, NULL) == PK_OK) {
        games++;
        *game_warnings += g.nwarnings + g.nerrors;
    }
    pk_game_free(&g);
    pk_pdn_close(r);
    return games;
}

/* Issue 31 item 9: a name that promises a compression the bytes do not have is said once,
 * as the file's (no game, no line, in no game's counts), a warning or under PK_PDN_STRICT
 * an error; data of the format its name says is read without a word. */
static void test_name_and_bytes(void)
{
    const char *text = "[GameType \"20\"]\n1. 32-28 *\n\n[GameType \"20\"]\n1. 33-29 *\n";
    said s;
    int w;
    CU_ASSERT_EQUAL(read_named(text, strlen(text), "r.pdn.xz", 0, &s, &w), 2);
    CU_ASSERT_EQUAL(s.n, 1);
    CU_ASSERT_EQUAL(s.severity, PK_SEV_WARNING);
    CU_ASSERT_EQUAL(s.game, 0);
    CU_ASSERT_EQUAL(s.line, 0);
    CU_ASSERT_STRING_EQUAL(s.msg, "not xz data; read as text");
    CU_ASSERT_EQUAL(w, 0);
    CU_ASSERT_EQUAL(read_named(text, strlen(text), "r.pdn.xz", PK_PDN_STRICT, &s, &w), 2);
    CU_ASSERT_EQUAL(s.n, 1);
    CU_ASSERT_EQUAL(s.severity, PK_SEV_ERROR);
    CU_ASSERT_EQUAL(w, 0);
    CU_ASSERT_EQUAL(read_named("", 0, "e.pdn.GZ", 0, &s, &w), 0); /* empty: not gzip data either */
    CU_ASSERT_STRING_EQUAL(s.msg, "not gzip data; read as text");
    CU_ASSERT_EQUAL(read_named(text, strlen(text), "r.pdn", 0, &s, &w), 2);
    CU_ASSERT_EQUAL(s.n, 0);
    static const char *const ends[] = {".gz", ".bz2", ".xz", ".zst"};
    for (int k = 0; k < 4; k++) {
        size_t zn;
        unsigned char *z = pack(formats[k], text, strlen(text), &zn);
        char own[32], other[32];
        snprintf(own, sizeof own, "g.pdn%s", ends[k]);
        snprintf(other, sizeof other, "g.pdn%s", ends[(k + 1) % 4]);
        CU_ASSERT_EQUAL(read_named(z, zn, own, 0, &s, &w), 2);
        CU_ASSERT_EQUAL(s.n, 0);
        CU_ASSERT_EQUAL(read_named(z, zn, other, 0, &s, &w), 2);
        CU_ASSERT_EQUAL(s.n, 1);
        char want[64];
        snprintf(want, sizeof want, "not %s data; read as %s data", pk_in_format_name(formats[(k + 1) % 4]),
                 pk_in_format_name(formats[k]));
        CU_ASSERT_STRING_EQUAL(s.msg, want);
        free(z);
    }
}

static const pk_test tests[] = {
    {"magic bytes", test_sniff},
    {"plain input unchanged", test_plain},
    {"gzip, bzip2, xz, zstd round trip and concatenated", test_round_trip},
    {"cut anywhere: the text so far, then 'truncated'", test_cut},
    {"damaged or followed by other data", test_damage},
    {"the reader keeps the games before an error", test_reader_keeps_games},
    {"the format a file name announces", test_format_named},
    {"a name that promises another format: said once, as the file's", test_name_and_bytes},
    {NULL, NULL}};

PK_TEST_MAIN("input", tests)
