/*
 * encoding.c -- byte-order marks, UTF-16/32 decoding, UTF-8 validation and legacy
 * code-page decoding for the PDN reader (see encoding.h). Works block by block, so
 * memory stays constant: RAW_SIZE bytes of undecoded input plus the caller's buffer.
 */
#include "encoding.h"
#include "input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#define RAW_SIZE 65536
#define SNIFF_SIZE 64 /* bytes looked at for a BOM and for the NUL bytes of UTF-16 */

struct pk_src {
    pk_in *in;
    unsigned char raw[RAW_SIZE];
    size_t rpos, rlen;        /* undecoded bytes are raw[rpos..rlen) */
    int eof, error, started;
    int bom;
    int fmt;                  /* a memory source: pk_src_format's answer */
    int enc;
    int wide;                 /* UTF-16/32: everything goes through cd */
    iconv_t cd;
    const char *fail;         /* a failure of this layer (iconv), not of the input */
    /* legacy code page: UTF-8 of bytes 0x80-0xFF, built at the first run that needs it */
    int have_map;
    int legacy_all; /* the bytes ahead look like a legacy file (looks_legacy) */
    unsigned char map[128][4]; /* [0] the length (1..3), then the bytes */
    /* the run of non-ASCII bytes being handed out: raw[rpos..rpos+run_left) */
    size_t run_left;
    int run_legacy;
    unsigned long long out_total; /* bytes handed out so far */
    unsigned long long switch_off;
    unsigned long long nul_off;   /* the first NUL handed out as U+FFFD, or PK_SRC_NONE */
    /* text handed out before the input (pk_src_unread), or instead of it (a memory
     * source: in is NULL) */
    const char *pend;
    size_t pend_len, pend_pos;
    char *pend_own;
};

const char *pk_encoding_name(int enc)
{
    switch (enc) {
    case PK_ENC_CP1252: return "cp1252";
    case PK_ENC_CP1251: return "cp1251";
    case PK_ENC_CP866: return "cp866";
    case PK_ENC_UTF16LE: return "UTF-16LE";
    case PK_ENC_UTF16BE: return "UTF-16BE";
    case PK_ENC_UTF32LE: return "UTF-32LE";
    case PK_ENC_UTF32BE: return "UTF-32BE";
    default: return "UTF-8";
    }
}

int pk_encoding_is_unicode(int enc) { return enc == PK_ENC_UTF8 || enc >= PK_ENC_UTF16LE; }

pk_src *pk_src_open(FILE *f, pk_error *err)
{
    pk_src *s = calloc(1, sizeof *s);
    if (!s) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    s->in = pk_in_open(f, err);
    if (!s->in) {
        free(s);
        return NULL;
    }
    s->cd = (iconv_t)-1;
    s->nul_off = PK_SRC_NONE;
    return s;
}

pk_src *pk_src_mem_new(pk_error *err)
{
    pk_src *s = calloc(1, sizeof *s);
    if (!s)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    s->cd = (iconv_t)-1;
    s->started = s->eof = 1;
    s->nul_off = PK_SRC_NONE;
    return s;
}

void pk_src_mem_set(pk_src *s, const char *text, size_t len, int enc, unsigned long long switch_off,
                    unsigned long long nul_off, int bom)
{
    s->nul_off = nul_off;
    s->pend = text;
    s->pend_len = len;
    s->pend_pos = 0;
    s->enc = enc;
    s->switch_off = switch_off;
    s->bom = bom;
    s->fmt = PK_IN_PLAIN;
}

void pk_src_mem_set_format(pk_src *s, int fmt) { s->fmt = fmt; }

/* The text handed back goes before what is still pending: the checking loop hands back
 * pieces while the text its prefix read handed back may not be all read yet (replacing
 * it lost the rest of the file, a race CI caught: jobs-pieces' miscount.pdn at -j 2). */
int pk_src_unread(pk_src *s, const char *text, size_t len, pk_error *err)
{
    size_t left = s->pend_len - s->pend_pos;
    char *own = malloc(len + left ? len + left : 1);
    if (!own)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    if (len)
        memcpy(own, text, len);
    if (left)
        memcpy(own + len, s->pend + s->pend_pos, left);
    free(s->pend_own);
    s->pend = s->pend_own = own;
    s->pend_len = len + left;
    s->pend_pos = 0;
    return PK_OK;
}

/* Text handed back: as much as fits, never a part of a UTF-8 sequence. */
static long read_pending(pk_src *s, char *dst, size_t cap)
{
    size_t n = s->pend_len - s->pend_pos;
    if (n > cap) {
        n = cap;
        while (n > 0 && ((unsigned char)s->pend[s->pend_pos + n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, s->pend + s->pend_pos, n);
    s->pend_pos += n;
    return (long)n;
}

void pk_src_close(pk_src *s)
{
    if (!s)
        return;
    free(s->pend_own);
    if (s->cd != (iconv_t)-1)
        iconv_close(s->cd);
    pk_in_close(s->in);
    free(s);
}

int pk_src_had_bom(const pk_src *s) { return s->bom; }
int pk_src_format(const pk_src *s) { return s->in ? pk_in_format(s->in) : s->fmt; }
int pk_src_encoding(const pk_src *s) { return s->enc; }
unsigned long long pk_src_switch_offset(const pk_src *s) { return s->switch_off; }
unsigned long long pk_src_nul_offset(const pk_src *s) { return s->nul_off; }
const char *pk_src_error(const pk_src *s) { return s->fail ? s->fail : pk_in_error(s->in); }

int pk_encoding_sniff(const unsigned char *b, size_t n, size_t *bom_len)
{
    *bom_len = 0;
    if (n >= 4 && !memcmp(b, "\xFF\xFE\0\0", 4))
        return *bom_len = 4, PK_ENC_UTF32LE;
    if (n >= 4 && !memcmp(b, "\0\0\xFE\xFF", 4))
        return *bom_len = 4, PK_ENC_UTF32BE;
    if (n >= 2 && b[0] == 0xFF && b[1] == 0xFE)
        return *bom_len = 2, PK_ENC_UTF16LE;
    if (n >= 2 && b[0] == 0xFE && b[1] == 0xFF)
        return *bom_len = 2, PK_ENC_UTF16BE;
    /* No BOM: UTF-32 shows three NULs in nearly every 4-byte unit of ASCII text (it would
     * pass for UTF-16 with NULs between its characters, or for UTF-8 full of NULs). */
    size_t quads = n / 4, le32 = 0, be32 = 0;
    for (size_t i = 0; i < quads; i++) {
        const unsigned char *q = b + 4 * i;
        le32 += q[0] != 0 && q[1] == 0 && q[2] == 0 && q[3] == 0;
        be32 += q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] != 0;
    }
    if (quads >= 2 && le32 * 4 >= quads * 3)
        return PK_ENC_UTF32LE;
    if (quads >= 2 && be32 * 4 >= quads * 3)
        return PK_ENC_UTF32BE;
    /* No BOM: PDN is mostly ASCII, so UTF-16 shows a NUL in the high byte of nearly every
     * code unit, and hardly ever in the low one (a file with stray NULs does not). */
    size_t pairs = n / 2, lo_nul = 0, hi_nul = 0;
    for (size_t i = 0; i < pairs; i++) {
        unsigned char a = b[2 * i], c = b[2 * i + 1];
        lo_nul += a != 0 && c == 0;
        hi_nul += a == 0 && c != 0;
    }
    if (pairs >= 2 && lo_nul * 4 >= pairs * 3 && hi_nul * 8 < pairs)
        return PK_ENC_UTF16LE;
    if (pairs >= 2 && hi_nul * 4 >= pairs * 3 && lo_nul * 8 < pairs)
        return PK_ENC_UTF16BE;
    return PK_ENC_UTF8;
}

static int looks_legacy(const unsigned char *buf, size_t n);

/* Looks at the first bytes: a BOM, or the shape of UTF-16. */
static void start(pk_src *s)
{
    s->started = 1;
    if (s->rlen >= 3 && !memcmp(s->raw, "\xEF\xBB\xBF", 3)) {
        s->bom = 1;
        s->rpos = 3;
        return;
    }
    size_t skip;
    int enc = pk_encoding_sniff(s->raw, s->rlen < 1024 ? s->rlen : 1024, &skip);
    if (enc == PK_ENC_UTF8) {
        /* a legacy file from its first word on (start_legacy() at its first run) */
        s->legacy_all = looks_legacy(s->raw, s->rlen);
        return;
    }
    s->enc = enc;
    s->wide = 1;
    s->rpos = skip;
    s->switch_off = 0;
    s->cd = iconv_open("UTF-8", pk_encoding_name(enc));
    if (s->cd == (iconv_t)-1)
        s->fail = "cannot decode the input: iconv has no converter from UTF-16/UTF-32";
}

/* Moves the undecoded tail to the front and reads more. A read error is kept for later:
 * what was read before it is decoded first. */
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
        long n = pk_in_read(s->in, s->raw + s->rlen, RAW_SIZE - s->rlen);
        if (n < 0) {
            s->error = 1;
            s->eof = 1;
        } else if (n == 0) {
            s->eof = 1;
        } else {
            s->rlen += (size_t)n;
            if (s->started || s->rlen >= SNIFF_SIZE)
                break; /* a pipe gives what it has; do not block for more */
        }
    }
    if (!s->started)
        start(s);
    else if (s->have_map) /* judged block by block: `cat legacy.pdn utf8.pdn` */
        s->legacy_all = looks_legacy(s->raw + s->rpos, s->rlen - s->rpos);
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

/* A run of n non-ASCII bytes: 1 when it is valid UTF-8, -1 when it is up to an
 * incomplete last sequence, 0 when it holds an invalid byte. *valid: the length of its
 * complete valid sequences before the first problem. */
static int utf8_run(const unsigned char *p, size_t n, size_t *valid)
{
    size_t i = 0;
    while (i < n) {
        int k = utf8_seq(p + i, n - i);
        if (k <= 0) {
            *valid = i;
            return k;
        }
        i += (size_t)k;
    }
    *valid = n;
    return 1;
}

/* What the runs of non-ASCII bytes of buf look like: the bytes of the runs that are not
 * UTF-8 (how many, how many in runs of two or more, how many below 0xC0), and how many
 * runs are valid multi-byte UTF-8 and how many are not. A run cut by the end of buf is
 * left out when it is valid so far. */
typedef struct runs {
    size_t high, in_runs, low_half, high_half;
    size_t valid_runs, bad_runs;
} runs;

static void scan_runs(const unsigned char *buf, size_t n, runs *r)
{
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < n;) {
        uint64_t w;
        if (i + 8 <= n && (memcpy(&w, buf + i, 8), (w & 0x8080808080808080ull) == 0)) {
            i += 8;
            continue;
        }
        if (buf[i] < 0x80) {
            i++;
            continue;
        }
        size_t j = i + 1, valid;
        while (j < n && buf[j] >= 0x80)
            j++;
        int v = utf8_run(buf + i, j - i, &valid);
        if (v == 0 || (v < 0 && j < n)) {
            r->bad_runs++;
            r->high += j - i;
            if (j - i > 1)
                r->in_runs += j - i;
            for (size_t k = i; k < j; k++) {
                if (buf[k] < 0xC0)
                    r->low_half++;
                else
                    r->high_half++;
            }
        } else if (v == 1) {
            r->valid_runs++;
        }
        i = j;
    }
}

int pk_encoding_guess(const unsigned char *buf, size_t n)
{
    runs r;
    scan_runs(buf, n, &r);
    if (r.high == 0 || r.in_runs * 2 < r.high)
        return PK_ENC_CP1252;
    return r.low_half > r.high_half ? PK_ENC_CP866 : PK_ENC_CP1251;
}

/* A stretch of a legacy file, not UTF-8 with a few stray bytes: many runs that are not
 * UTF-8 and hardly any that are. There every non-ASCII run is read by the code page,
 * also the few that are valid UTF-8 by chance. */
static int looks_legacy(const unsigned char *buf, size_t n)
{
    runs r;
    scan_runs(buf, n, &r);
    return r.bad_runs >= 4 && r.valid_runs * 8 < r.bad_runs;
}

/* Picks the code page (from what is ahead) and builds its table of bytes 0x80-0xFF;
 * a byte the code page leaves undefined becomes U+FFFD. */
static int start_legacy(pk_src *s, unsigned long long at)
{
    s->enc = pk_encoding_guess(s->raw + s->rpos, s->rlen - s->rpos);
    s->switch_off = at;
    iconv_t cd = iconv_open("UTF-8", pk_encoding_name(s->enc));
    if (cd == (iconv_t)-1) {
        s->fail = "cannot decode the input: iconv has no converter from the legacy code page";
        return -1;
    }
    for (int c = 0; c < 128; c++) {
        char in = (char)(c + 0x80), out[4], *ip = &in, *op = out;
        size_t il = 1, ol = sizeof out;
        if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || op == out) {
            memcpy(out, "\xEF\xBF\xBD", 3);
            op = out + 3;
            iconv(cd, NULL, NULL, NULL, NULL);
        }
        s->map[c][0] = (unsigned char)(op - out);
        memcpy(s->map[c] + 1, out, (size_t)(op - out));
    }
    iconv_close(cd);
    s->have_map = 1;
    s->legacy_all = looks_legacy(s->raw + s->rpos, s->rlen - s->rpos);
    return 0;
}

/* Decides how the run of non-ASCII bytes at rpos is read: sets run_left and run_legacy.
 * Returns 0 when the run may go on past the bytes read so far (read more first). */
static int begin_run(pk_src *s)
{
    const unsigned char *p = s->raw + s->rpos;
    size_t avail = s->rlen - s->rpos, j = 1, valid = 0;
    while (j < avail && p[j] >= 0x80)
        j++;
    int whole = j < avail || s->eof; /* an ASCII byte or the end of input ends it */
    if (!whole && !(s->rpos == 0 && s->rlen == RAW_SIZE))
        return 0;
    int v = s->legacy_all ? 0 : utf8_run(p, j, &valid);
    if (v != 1 && !s->have_map && s->rpos > RAW_SIZE / 2 && !s->eof)
        return 0; /* the first run not UTF-8: have a full block ahead to judge it by */
    if (v == 1 || (v < 0 && !whole && valid > 0)) {
        /* valid; a run longer than the buffer: its valid part now, the rest later */
        s->run_left = valid;
        s->run_legacy = 0;
    } else {
        s->run_left = j;
        s->run_legacy = 1;
    }
    return 1;
}

/* A NUL byte: no text holds one, and past this layer text is NUL-terminated C strings
 * (a tag value "a\0b" would end at "a"). It goes on as U+FFFD, the first one's offset
 * kept for the reader's warning (pk_src_nul_offset). */
static const char replacement[3] = {'\xEF', '\xBF', '\xBD'};

static void note_nul(pk_src *s, unsigned long long at)
{
    if (s->nul_off == PK_SRC_NONE)
        s->nul_off = at;
}

/* 1 when the eight bytes of w are all 0x01 to 0x7F: no high bit set, and no byte that
 * borrows when 1 is taken from it (only a 0 does, so there is no borrow to spread). */
static inline int ascii8(uint64_t w)
{
    return ((w | (w - 0x0101010101010101ull)) & 0x8080808080808080ull) == 0;
}

/* Copies UTF-8 text to dst, decoding the runs that are not UTF-8 by the code page.
 * *more: stopped because a run needs more input. */
static size_t copy_text(pk_src *s, char *dst, size_t cap, int *more)
{
    size_t o = 0;
    while (o < cap) {
        size_t avail = s->rlen - s->rpos;
        if (avail == 0)
            break;
        const unsigned char *p = s->raw + s->rpos;
        if (s->run_left == 0 && p[0] == 0) {
            if (cap - o < sizeof replacement)
                break;
            note_nul(s, s->out_total + o);
            memcpy(dst + o, replacement, sizeof replacement);
            o += sizeof replacement;
            s->rpos++;
            continue;
        }
        if (s->run_left == 0 && p[0] < 0x80) { /* ASCII run: the common case */
            size_t n = avail < cap - o ? avail : cap - o, i = 0;
            uint64_t w;
            while (i + 8 <= n && (memcpy(&w, p + i, 8), ascii8(w)))
                i += 8;
            while (i < n && p[i] < 0x80 && p[i])
                i++;
            memcpy(dst + o, p, i);
            o += i;
            s->rpos += i;
            continue;
        }
        if (s->run_left == 0 && !begin_run(s)) {
            *more = 1;
            break;
        }
        if (!s->run_legacy) {
            while (s->run_left > 0) {
                unsigned c = s->raw[s->rpos];
                size_t k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; /* checked valid by begin_run */
                if (k > cap - o)
                    return o;
                memcpy(dst + o, s->raw + s->rpos, k);
                o += k;
                s->rpos += k;
                s->run_left -= k;
            }
            continue;
        }
        if (!s->have_map && start_legacy(s, s->out_total + o) < 0)
            return o;
        while (s->run_left > 0) {
            const unsigned char *m = s->map[s->raw[s->rpos] - 0x80];
            if (m[0] > cap - o)
                return o;
            memcpy(dst + o, m + 1, m[0]);
            o += m[0];
            s->rpos++;
            s->run_left--;
        }
    }
    return o;
}

/* UTF-16/32 to UTF-8. A code unit that is no character (a lone surrogate) and a code
 * unit cut by the end of the input become U+FFFD. *more: an incomplete unit waits for
 * more input. */
static size_t decode_wide(pk_src *s, char *dst, size_t cap, int *more)
{
    /* a third of cap: room for each NUL iconv writes (U+0000) to become U+FFFD */
    char *in = (char *)s->raw + s->rpos, *out = dst;
    size_t inleft = s->rlen - s->rpos, outleft = cap / 3;
    size_t unit = s->enc == PK_ENC_UTF32LE || s->enc == PK_ENC_UTF32BE ? 4 : 2;
    while (inleft > 0) {
        if (iconv(s->cd, &in, &inleft, &out, &outleft) != (size_t)-1)
            break;
        if (errno == E2BIG || outleft < 3)
            break;
        if (errno == EINVAL && !s->eof) {
            *more = 1;
            break;
        }
        memcpy(out, "\xEF\xBF\xBD", 3);
        out += 3;
        outleft -= 3;
        size_t k = errno == EINVAL || inleft < unit ? inleft : unit;
        in += k;
        inleft -= k;
    }
    s->rpos = (size_t)((unsigned char *)in - s->raw);
    size_t len = (size_t)(out - dst), nuls = 0;
    for (size_t i = 0; i < len; i++)
        nuls += dst[i] == 0;
    if (nuls) { /* widen each NUL into U+FFFD, from the end */
        note_nul(s, s->out_total + (size_t)((char *)memchr(dst, 0, len) - dst));
        size_t w = len + 2 * nuls;
        for (size_t i = len; i-- > 0;) {
            if (dst[i]) {
                dst[--w] = dst[i];
                continue;
            }
            w -= 3;
            memcpy(dst + w, replacement, sizeof replacement);
        }
        len += 2 * nuls;
    }
    return len;
}

long pk_src_read(pk_src *s, char *dst, size_t cap)
{
    if (s->pend_pos < s->pend_len)
        return read_pending(s, dst, cap);
    if (!s->in)
        return 0; /* a memory source */
    int more = 0;
    for (;;) {
        if (!s->started || more || (s->rlen - s->rpos < 4 && !s->eof))
            refill(s);
        if (s->fail)
            return -1;
        more = 0;
        size_t got = s->wide ? decode_wide(s, dst, cap, &more) : copy_text(s, dst, cap, &more);
        if (s->fail)
            return -1;
        if (got > 0) {
            s->out_total += got;
            return (long)got;
        }
        if (s->eof && (s->rpos == s->rlen || !more))
            return s->error ? -1 : 0; /* (!more: nothing decodable is left, cannot happen) */
        more = 1;
    }
}
