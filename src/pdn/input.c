/*
 * input.c -- compressed input for the PDN reader (see input.h): sniffs the first bytes of
 * a FILE * and streams gzip (zlib), bzip2 (libbz2), xz (liblzma) or zstd (libzstd) data
 * through its decoder, or hands plain bytes on untouched (fread straight into the
 * caller's buffer: the plain path costs one call per block).
 */
#include "input.h"

#include <bzlib.h>
#include <lzma.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>
#include "pk_ascii.h"
#include "pk_port.h"

#define ZBUF_SIZE 65536
#define HEAD_SIZE 16
/* DECODER_MEM: a file may ask its decoder for a huge window (xz up to 4 GiB, zstd up to
 * 2 GiB); past 128 MiB it is refused, so memory stays bounded whatever the input says.
 * `xz -9` needs 65 MiB, `zstd --ultra -22` 128 MiB: every file the tools write by
 * default (and far beyond) fits. */
#define XZ_MEMLIMIT ((uint64_t)128 << 20)
#define ZSTD_WINDOW_LOG_MAX 27 /* 2^27: 128 MiB */

struct pk_in {
    FILE *f;
    int fmt, started, eof, failed;
    int in_stream; /* a compressed stream is open: its end has not been seen yet */
    int dec_ready; /* the decoder below is initialised */
    unsigned char head[HEAD_SIZE];
    size_t hpos, hlen; /* plain input: sniffed bytes not yet handed out */
    unsigned char *zbuf;
    size_t zpos, zlen; /* compressed bytes not yet given to the decoder: zbuf[zpos..zlen) */
    z_stream gz;
    bz_stream bz;
    lzma_stream xz;
    ZSTD_DStream *zs;
    char err[200];
};

enum { STEP_OK, STEP_END, STEP_FAIL };

const char *pk_in_format_name(int fmt)
{
    switch (fmt) {
    case PK_IN_GZIP: return "gzip";
    case PK_IN_BZIP2: return "bzip2";
    case PK_IN_XZ: return "xz";
    case PK_IN_ZSTD: return "zstd";
    default: return "plain";
    }
}

int pk_in_sniff(const unsigned char *b, size_t n)
{
    if (n >= 3 && b[0] == 0x1F && b[1] == 0x8B && b[2] == 8) /* deflate, the only gzip method */
        return PK_IN_GZIP;
    /* "BZh1".."BZh9", then the magic of a block (pi) or of the stream's end (sqrt pi): a
     * text that happens to start with "BZh9" is not taken for bzip2 */
    if (n >= 10 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9' &&
        (!memcmp(b + 4, "\x31\x41\x59\x26\x53\x59", 6) || !memcmp(b + 4, "\x17\x72\x45\x38\x50\x90", 6)))
        return PK_IN_BZIP2;
    if (n >= 6 && !memcmp(b, "\xFD" "7zXZ\0", 6))
        return PK_IN_XZ;
    if (n >= 4 && ((b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD) ||
                   ((b[0] & 0xF0) == 0x50 && b[1] == 0x2A && b[2] == 0x4D && b[3] == 0x18))) /* a frame, a skippable frame */
        return PK_IN_ZSTD;
    return PK_IN_PLAIN;
}

int pk_in_format_named(const char *name)
{
    static const struct { const char *end; int fmt; } ends[] = {
        {".gz", PK_IN_GZIP}, {".bz2", PK_IN_BZIP2}, {".xz", PK_IN_XZ}, {".zst", PK_IN_ZSTD}};
    size_t n = name ? strlen(name) : 0;
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        size_t e = strlen(ends[i].end);
        if (n > e && !pk_ascii_casecmp(name + n - e, ends[i].end)) /* the locale's folding is not ours */
            return ends[i].fmt;
    }
    return PK_IN_PLAIN;
}

pk_in *pk_in_open(FILE *f, pk_error *err)
{
    pk_in *in = calloc(1, sizeof *in);
    if (!in) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    in->f = f;
    return in;
}

static void end_decoder(pk_in *in)
{
    if (!in->dec_ready)
        return;
    in->dec_ready = 0;
    switch (in->fmt) {
    case PK_IN_GZIP: inflateEnd(&in->gz); break;
    case PK_IN_BZIP2: BZ2_bzDecompressEnd(&in->bz); break;
    case PK_IN_XZ: lzma_end(&in->xz); break;
    default: break; /* zstd: the context lives until close and serves every frame */
    }
}

void pk_in_close(pk_in *in)
{
    if (!in)
        return;
    end_decoder(in);
    ZSTD_freeDStream(in->zs);
    free(in->zbuf);
    free(in);
}

int pk_in_format(const pk_in *in) { return in->fmt; }
const char *pk_in_error(const pk_in *in) { return in->err[0] ? in->err : "read error"; }

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static long fail(pk_in *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->err, sizeof in->err, fmt, ap);
    va_end(ap);
    in->failed = 1;
    end_decoder(in);
    return -1;
}

/* A failed fread, with the reason errno gives (strerror_r: no shared buffer). */
static long read_fail(pk_in *in)
{
    char why[128];
    int e = errno ? errno : EIO;
    if (strerror_r(e, why, sizeof why))
        snprintf(why, sizeof why, "error %d", e);
    return fail(in, "read error: %s", why);
}

static long corrupt(pk_in *in, const char *why)
{
    return fail(in, "%s data is corrupt (%s)", pk_in_format_name(in->fmt), why ? why : "invalid data");
}

/* Makes at least k compressed bytes available (fewer only at the end of the file).
 * Returns -1 on a read error. */
static int need(pk_in *in, size_t k)
{
    if (in->zlen - in->zpos >= k || in->eof)
        return 0;
    if (in->zpos > 0) {
        memmove(in->zbuf, in->zbuf + in->zpos, in->zlen - in->zpos);
        in->zlen -= in->zpos;
        in->zpos = 0;
    }
    while (in->zlen - in->zpos < k && !in->eof) {
        size_t n = fread(in->zbuf + in->zlen, 1, ZBUF_SIZE - in->zlen, in->f);
        in->zlen += n;
        if (n == 0) {
            if (ferror(in->f))
                return -1;
            in->eof = 1;
        }
    }
    return 0;
}

/* Starts (or restarts, for the next concatenated stream) the decoder of in->fmt. */
static long init_decoder(pk_in *in)
{
    int rc = 0;
    const char *name = pk_in_format_name(in->fmt);
    switch (in->fmt) {
    case PK_IN_GZIP:
        memset(&in->gz, 0, sizeof in->gz);
        rc = inflateInit2(&in->gz, 15 + 16) != Z_OK; /* 16: a gzip header and trailer, not zlib's */
        break;
    case PK_IN_BZIP2:
        memset(&in->bz, 0, sizeof in->bz);
        rc = BZ2_bzDecompressInit(&in->bz, 0, 0) != BZ_OK;
        break;
    case PK_IN_XZ: {
        lzma_stream z = LZMA_STREAM_INIT;
        in->xz = z;
        /* LZMA_CONCATENATED: liblzma reads the streams of `cat a.xz b.xz` and their padding */
        rc = lzma_stream_decoder(&in->xz, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK;
        break;
    }
    case PK_IN_ZSTD:
        if (!in->zs) {
            in->zs = ZSTD_createDStream();
            rc = !in->zs || ZSTD_isError(ZSTD_DCtx_setParameter(in->zs, ZSTD_d_windowLogMax, ZSTD_WINDOW_LOG_MAX));
        }
        break;
    default:
        break;
    }
    if (rc)
        return fail(in, "out of memory starting the %s decoder", name);
    in->dec_ready = 1;
    in->in_stream = 1;
    return 0;
}

/* One call of the decoder on what zbuf holds, into dst. *produced counts the bytes
 * decoded, also when the call failed (they came before the fault: they are handed out). */
static int step(pk_in *in, unsigned char *dst, size_t cap, size_t *produced)
{
    unsigned char *src = in->zbuf + in->zpos;
    size_t avail = in->zlen - in->zpos, left_in = avail, left_out = cap;
    int st = STEP_OK;
    const char *bad = NULL, *nomem = NULL; /* a corrupt stream (why), out of memory */
    int too_big = 0;                       /* past DECODER_MEM */
    switch (in->fmt) {
    case PK_IN_GZIP: {
        z_stream *z = &in->gz;
        z->next_in = src;
        z->avail_in = (uInt)(avail < (1u << 30) ? avail : (1u << 30));
        z->next_out = dst;
        z->avail_out = (uInt)(cap < (1u << 30) ? cap : (1u << 30));
        size_t given_in = z->avail_in, given_out = z->avail_out;
        int rc = inflate(z, Z_NO_FLUSH);
        left_in = avail - (given_in - z->avail_in);
        left_out = cap - (given_out - z->avail_out);
        if (rc == Z_STREAM_END)
            st = STEP_END;
        else if (rc == Z_MEM_ERROR)
            nomem = "gzip";
        else if (rc != Z_OK && rc != Z_BUF_ERROR)
            bad = z->msg ? z->msg : "invalid data";
        break;
    }
    case PK_IN_BZIP2: {
        bz_stream *z = &in->bz;
        z->next_in = (char *)src;
        z->avail_in = (unsigned)(avail < (1u << 30) ? avail : (1u << 30));
        z->next_out = (char *)dst;
        z->avail_out = (unsigned)(cap < (1u << 30) ? cap : (1u << 30));
        size_t given_in = z->avail_in, given_out = z->avail_out;
        int rc = BZ2_bzDecompress(z);
        left_in = avail - (given_in - z->avail_in);
        left_out = cap - (given_out - z->avail_out);
        if (rc == BZ_STREAM_END)
            st = STEP_END;
        else if (rc == BZ_MEM_ERROR)
            nomem = "bzip2";
        else if (rc != BZ_OK)
            bad = rc == BZ_DATA_ERROR_MAGIC ? "bad magic number" : "data integrity error";
        break;
    }
    case PK_IN_XZ: {
        lzma_stream *z = &in->xz;
        z->next_in = src;
        z->avail_in = avail;
        z->next_out = dst;
        z->avail_out = cap;
        lzma_ret rc = lzma_code(z, in->eof ? LZMA_FINISH : LZMA_RUN);
        left_in = z->avail_in;
        left_out = z->avail_out;
        if (rc == LZMA_STREAM_END)
            st = STEP_END;
        else if (rc == LZMA_MEMLIMIT_ERROR)
            too_big = 1;
        else if (rc == LZMA_MEM_ERROR)
            nomem = "xz";
        else if (rc == LZMA_FORMAT_ERROR)
            bad = "not in the xz format";
        else if (rc == LZMA_OPTIONS_ERROR)
            bad = "unsupported options";
        else if (rc == LZMA_DATA_ERROR)
            bad = "invalid compressed data";
        else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR)
            bad = "invalid data";
        break;
    }
    case PK_IN_ZSTD: {
        ZSTD_inBuffer zi = {src, avail, 0};
        ZSTD_outBuffer zo = {dst, cap, 0};
        size_t rc = ZSTD_decompressStream(in->zs, &zo, &zi);
        left_in = avail - zi.pos;
        left_out = cap - zo.pos;
        if (ZSTD_isError(rc) && ZSTD_getErrorCode(rc) == ZSTD_error_frameParameter_windowTooLarge)
            too_big = 1;
        else if (ZSTD_isError(rc))
            bad = ZSTD_getErrorName(rc);
        else if (rc == 0) /* the frame is decoded and flushed */
            st = STEP_END;
        break;
    }
    default:
        break;
    }
    in->zpos += avail - left_in;
    *produced = cap - left_out;
    if (nomem)
        return fail(in, "out of memory decompressing %s data", nomem), STEP_FAIL;
    if (too_big)
        return fail(in, "%s data needs more than %u MiB of memory to decompress (pdnkit's limit)",
                    pk_in_format_name(in->fmt), (unsigned)(XZ_MEMLIMIT >> 20)), STEP_FAIL;
    if (bad)
        return corrupt(in, bad), STEP_FAIL;
    if (st == STEP_OK && *produced == 0 && left_in == avail && (avail > 0 || in->eof)) {
        /* no progress: all the file was given, or the decoder is stuck on what it has */
        if (in->eof && left_in == 0)
            return fail(in, "%s data is truncated (the file ends inside compressed data)",
                        pk_in_format_name(in->fmt)), STEP_FAIL;
        return corrupt(in, "the decoder makes no progress"), STEP_FAIL;
    }
    return st;
}

static long read_compressed(pk_in *in, unsigned char *dst, size_t cap)
{
    for (;;) {
        if (!in->in_stream) {
            /* between streams: the end of the file, or another stream of the same format */
            if (need(in, HEAD_SIZE) < 0)
                return read_fail(in);
            if (in->zpos == in->zlen)
                return 0;
            if (pk_in_sniff(in->zbuf + in->zpos, in->zlen - in->zpos) != in->fmt)
                return fail(in, "%s data is followed by bytes that are not %s data",
                            pk_in_format_name(in->fmt), pk_in_format_name(in->fmt));
            if (in->fmt == PK_IN_ZSTD)
                in->in_stream = 1; /* the context starts the next frame by itself */
            else if (end_decoder(in), init_decoder(in) < 0)
                return -1;
        }
        if (in->zpos == in->zlen && need(in, 1) < 0)
            return read_fail(in);
        size_t got = 0;
        int st = step(in, dst, cap, &got);
        if (st == STEP_FAIL) /* the next call returns -1 */
            return got > 0 ? (long)got : -1;
        if (st == STEP_END)
            in->in_stream = 0;
        if (got > 0)
            return (long)got;
    }
}

static long start(pk_in *in)
{
    in->started = 1;
    in->hlen = fread(in->head, 1, HEAD_SIZE, in->f);
    if (in->hlen < HEAD_SIZE) {
        if (ferror(in->f))
            return read_fail(in);
        in->eof = 1;
    }
    in->fmt = pk_in_sniff(in->head, in->hlen);
    if (in->fmt == PK_IN_PLAIN)
        return 0;
    in->zbuf = malloc(ZBUF_SIZE);
    if (!in->zbuf)
        return fail(in, "out of memory");
    memcpy(in->zbuf, in->head, in->hlen);
    in->zlen = in->hlen;
    in->hlen = 0;
    return init_decoder(in);
}

long pk_in_read(pk_in *in, void *dst, size_t cap)
{
    if (in->failed)
        return -1;
    if (!in->started && start(in) < 0)
        return -1;
    if (cap == 0)
        return 0;
    if (in->fmt != PK_IN_PLAIN)
        return read_compressed(in, dst, cap);
    size_t k = 0;
    if (in->hpos < in->hlen) {
        k = in->hlen - in->hpos < cap ? in->hlen - in->hpos : cap;
        memcpy(dst, in->head + in->hpos, k);
        in->hpos += k;
    }
    if (k < cap && !in->eof) {
        size_t n = fread((unsigned char *)dst + k, 1, cap - k, in->f);
        k += n;
        if (n == 0) {
            if (ferror(in->f))
                return k > 0 ? (long)k : read_fail(in);
            in->eof = 1;
        }
    }
    return (long)k;
}
