/*
 * encoding.c -- UTF-8 validation, BOM removal and legacy code-page decoding for the PDN
 * reader (see encoding.h). Works block by block, so memory stays constant: RAW_SIZE bytes
 * of undecoded input plus the caller's output buffer.
 */
#include "encoding.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#define RAW_SIZE 65536

struct pk_src {
    FILE *f;
    unsigned char raw[RAW_SIZE];
    size_t rpos, rlen;        /* undecoded bytes are raw[rpos..rlen) */
    int eof, error, started;
    int bom;
    int enc;
    iconv_t cd;
    unsigned long long out_total; /* bytes handed out so far */
    unsigned long long switch_off;
};

const char *pk_encoding_name(int enc)
{
    switch (enc) {
    case PK_ENC_CP1252: return "cp1252";
    case PK_ENC_CP1251: return "cp1251";
    case PK_ENC_CP866: return "cp866";
    default: return "UTF-8";
    }
}

pk_src *pk_src_open(FILE *f, pk_error *err)
{
    pk_src *s = calloc(1, sizeof *s);
    if (!s) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    s->f = f;
    s->cd = (iconv_t)-1;
    return s;
}

void pk_src_close(pk_src *s)
{
    if (!s)
        return;
    if (s->cd != (iconv_t)-1)
        iconv_close(s->cd);
    free(s);
}

int pk_src_had_bom(const pk_src *s) { return s->bom; }
int pk_src_encoding(const pk_src *s) { return s->enc; }
unsigned long long pk_src_switch_offset(const pk_src *s) { return s->switch_off; }

/* Moves the undecoded tail to the front and reads more. */
static void refill(pk_src *s)
{
    if (s->eof)
        return;
    if (s->rpos > 0) {
        memmove(s->raw, s->raw + s->rpos, s->rlen - s->rpos);
        s->rlen -= s->rpos;
        s->rpos = 0;
    }
    while (s->rlen < RAW_SIZE && !s->eof) {
        size_t n = fread(s->raw + s->rlen, 1, RAW_SIZE - s->rlen, s->f);
        s->rlen += n;
        if (n == 0) {
            if (ferror(s->f))
                s->error = 1;
            s->eof = 1;
        }
        if (n > 0)
            break; /* a pipe gives what it has; do not block for more */
    }
    if (!s->started && (s->rlen >= 3 || s->eof)) {
        s->started = 1;
        if (s->rlen >= 3 && !memcmp(s->raw, "\xEF\xBB\xBF", 3)) {
            s->bom = 1;
            s->rpos = 3;
        }
    }
}

int pk_encoding_guess(const unsigned char *buf, size_t n)
{
    size_t high = 0, runs = 0, low_half = 0, high_half = 0;
    for (size_t i = 0; i < n; i++) {
        if (buf[i] < 0x80)
            continue;
        high++;
        if ((i > 0 && buf[i - 1] >= 0x80) || (i + 1 < n && buf[i + 1] >= 0x80))
            runs++;
        if (buf[i] < 0xC0)
            low_half++;
        else
            high_half++;
    }
    if (high == 0 || runs * 2 < high)
        return PK_ENC_CP1252;
    return low_half > high_half ? PK_ENC_CP866 : PK_ENC_CP1251;
}

/* Length of the valid UTF-8 sequence at p (avail bytes there): n > 0 valid, 0 invalid,
 * -1 incomplete (more bytes needed). */
static int utf8_seq(const unsigned char *p, size_t avail)
{
    unsigned c = p[0];
    int n;
    unsigned lo = 0x80, hi = 0xBF; /* bounds of the second byte */
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;
    for (int i = 1; i < n; i++) {
        if ((size_t)i >= avail)
            return -1;
        unsigned b = p[i];
        if (i == 1 ? (b < lo || b > hi) : (b & 0xC0) != 0x80)
            return 0;
    }
    return n;
}

static int start_legacy(pk_src *s, unsigned long long at)
{
    s->enc = pk_encoding_guess(s->raw + s->rpos, s->rlen - s->rpos);
    s->switch_off = at;
    s->cd = iconv_open("UTF-8", pk_encoding_name(s->enc));
    if (s->cd == (iconv_t)-1) {
        s->error = 1;
        return -1;
    }
    return 0;
}

/* Copies valid UTF-8 from raw to dst; stops at an invalid byte (switching to legacy). */
static size_t copy_utf8(pk_src *s, char *dst, size_t cap)
{
    size_t o = 0;
    while (o < cap) {
        size_t avail = s->rlen - s->rpos;
        if (avail == 0)
            break;
        const unsigned char *p = s->raw + s->rpos;
        if (p[0] < 0x80) { /* ASCII run: the common case */
            size_t n = avail < cap - o ? avail : cap - o, i = 0;
            uint64_t w;
            while (i + 8 <= n && (memcpy(&w, p + i, 8), (w & 0x8080808080808080ull) == 0))
                i += 8;
            while (i < n && p[i] < 0x80)
                i++;
            memcpy(dst + o, p, i);
            o += i;
            s->rpos += i;
            continue;
        }
        int n = utf8_seq(p, avail);
        if (n < 0 && !s->eof)
            break; /* incomplete sequence at the block end: wait for more input */
        if (n <= 0) {
            start_legacy(s, s->out_total + o);
            break;
        }
        if ((size_t)n > cap - o)
            break;
        memcpy(dst + o, p, (size_t)n);
        o += (size_t)n;
        s->rpos += (size_t)n;
    }
    return o;
}

static size_t decode_legacy(pk_src *s, char *dst, size_t cap)
{
    char *in = (char *)s->raw + s->rpos, *out = dst;
    size_t inleft = s->rlen - s->rpos, outleft = cap;
    while (inleft > 0) {
        if (iconv(s->cd, &in, &inleft, &out, &outleft) != (size_t)-1)
            break;
        if (errno != EILSEQ || outleft < 3)
            break; /* E2BIG: the output is full */
        memcpy(out, "\xEF\xBF\xBD", 3); /* a byte the code page leaves undefined */
        out += 3;
        outleft -= 3;
        in++;
        inleft--;
    }
    s->rpos = (size_t)((unsigned char *)in - s->raw);
    return (size_t)(out - dst);
}

long pk_src_read(pk_src *s, char *dst, size_t cap)
{
    for (;;) {
        if (s->rlen - s->rpos < 4 && !s->eof)
            refill(s);
        if (s->error)
            return -1;
        if (s->rpos == s->rlen && s->eof)
            return 0;
        size_t got = s->enc == PK_ENC_UTF8 ? copy_utf8(s, dst, cap) : 0;
        if (s->error)
            return -1;
        if (got == 0 && s->enc != PK_ENC_UTF8)
            got = decode_legacy(s, dst, cap);
        if (got > 0) {
            s->out_total += got;
            return (long)got;
        }
        if (s->eof && s->rpos < s->rlen && s->enc == PK_ENC_UTF8)
            continue; /* an incomplete sequence at EOF: copy_utf8 switched encoding */
        if (!s->eof)
            refill(s);
        else if (s->rpos == s->rlen)
            return 0;
    }
}
