/*
 * sha256.c -- SHA-256 as FIPS 180-4 specifies it (sha256.h): the constants of section
 * 4.2.2, the initial hash value of 5.3.3, the padding of 5.1.1 and the computation of
 * 6.2.2, word for word, one 64-byte block at a time; on an x86 processor with the SHA
 * extensions, the same computation by its SHA-256 instructions (issue 37: the hash of
 * the input was a third of pdncheck --html's instructions, 55 of 123 M on a MiB of OCA,
 * at 53 instructions a byte; the instructions take it to a few), chosen at run time by
 * CPUID, so one binary runs on every x86-64 (valgrind's CPUID does not offer them: the
 * portable code runs there).
 */
#include "sha256.h"

#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define PK_SHA_NI 1
#include <cpuid.h>
#include <immintrin.h>
#endif

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes */
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* FIPS 180-4 6.2.2, steps 1-4, on one block */
static void block(pk_sha256 *s, const unsigned char *p)
{
    uint32_t w[64];
    for (int t = 0; t < 16; t++)
        w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3], e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
    /* the round of 6.2.2 step 3, its eight working variables renamed rather than moved
     * (T1 added to d and to h; the next round reads them in the next order): eight
     * rounds per turn of the loop, half the instructions of moving them */
#define ROUND(a, b, c, d, e, f, g, h, t)                                                             \
    do {                                                                                             \
        uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]; \
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));    \
        d += t1;                                                                                     \
        h = t1 + t2;                                                                                 \
    } while (0)
    for (int t = 0; t < 64; t += 8) {
        ROUND(a, b, c, d, e, f, g, h, t);
        ROUND(h, a, b, c, d, e, f, g, t + 1);
        ROUND(g, h, a, b, c, d, e, f, t + 2);
        ROUND(f, g, h, a, b, c, d, e, t + 3);
        ROUND(e, f, g, h, a, b, c, d, t + 4);
        ROUND(d, e, f, g, h, a, b, c, t + 5);
        ROUND(c, d, e, f, g, h, a, b, t + 6);
        ROUND(b, c, d, e, f, g, h, a, t + 7);
    }
#undef ROUND
    s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
    s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

#ifdef PK_SHA_NI
/* CPUID: the SHA extensions (leaf 7 EBX bit 29), with SSSE3 and SSE4.1 (leaf 1 ECX bits
 * 9 and 19) that the code around them uses */
static bool have_sha_ni(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 9)) || !(c & (1u << 19)))
        return false;
    if (__get_cpuid_max(0, NULL) < 7)
        return false;
    __cpuid_count(7, 0, a, b, c, d);
    return (b >> 29) & 1;
}

/* FIPS 180-4 6.2.2 on n blocks by the SHA instructions: the schedule four words at a
 * time (sha256msg1, msg2: steps 1's sigma0 and sigma1 sums), two rounds per sha256rnds2
 * (step 3), the state kept as the instructions want it (ABEF, CDGH) */
__attribute__((target("sha,sse4.1,ssse3"))) static void blocks_ni(uint32_t h[8], const unsigned char *p,
                                                                 size_t n)
{
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL); /* big-endian words */
    __m128i t = _mm_loadu_si128((const __m128i *)&h[0]);
    __m128i s1 = _mm_loadu_si128((const __m128i *)&h[4]);
    t = _mm_shuffle_epi32(t, 0xB1);          /* CDAB */
    s1 = _mm_shuffle_epi32(s1, 0x1B);        /* EFGH */
    __m128i s0 = _mm_alignr_epi8(t, s1, 8);  /* ABEF */
    s1 = _mm_blend_epi16(s1, t, 0xF0);       /* CDGH */
    for (; n; n--, p += 64) {
        __m128i abef = s0, cdgh = s1, w[4];
        for (int g = 0; g < 16; g++) { /* words 4g..4g+3 */
            __m128i x;
            if (g < 4) {
                x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * g)), swap);
            } else {
                __m128i w4 = w[g & 3], w3 = w[(g + 1) & 3], w2 = w[(g + 2) & 3], w1 = w[(g + 3) & 3];
                x = _mm_add_epi32(_mm_sha256msg1_epu32(w4, w3), _mm_alignr_epi8(w1, w2, 4));
                x = _mm_sha256msg2_epu32(x, w1);
            }
            w[g & 3] = x;
            __m128i m = _mm_add_epi32(x, _mm_loadu_si128((const __m128i *)&K[4 * g]));
            s1 = _mm_sha256rnds2_epu32(s1, s0, m);
            s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(m, 0x0E));
        }
        s0 = _mm_add_epi32(s0, abef);
        s1 = _mm_add_epi32(s1, cdgh);
    }
    t = _mm_shuffle_epi32(s0, 0x1B);         /* FEBA */
    s1 = _mm_shuffle_epi32(s1, 0xB1);        /* DCHG */
    s0 = _mm_blend_epi16(t, s1, 0xF0);       /* DCBA */
    s1 = _mm_alignr_epi8(s1, t, 8);          /* HGFE */
    _mm_storeu_si128((__m128i *)&h[0], s0);
    _mm_storeu_si128((__m128i *)&h[4], s1);
}
#endif

/* n blocks at p, by the instructions when the processor has them */
static void blocks(pk_sha256 *s, const unsigned char *p, size_t n)
{
#ifdef PK_SHA_NI
    if (s->ni) {
        blocks_ni(s->h, p, n);
        return;
    }
#endif
    for (; n; n--, p += 64)
        block(s, p);
}

void pk_sha256_init(pk_sha256 *s)
{
    /* FIPS 180-4 5.3.3 */
    static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(s->h, h0, sizeof h0);
    s->bytes = 0;
    s->nbuf = 0;
#ifdef PK_SHA_NI
    s->ni = have_sha_ni();
#else
    s->ni = false;
#endif
}

void pk_sha256_update(pk_sha256 *s, const void *data, size_t n)
{
    const unsigned char *p = data;
    s->bytes += n;
    if (s->nbuf) {
        size_t k = 64 - s->nbuf < n ? 64 - s->nbuf : n;
        memcpy(s->buf + s->nbuf, p, k);
        s->nbuf += k, p += k, n -= k;
        if (s->nbuf < 64)
            return;
        blocks(s, s->buf, 1);
        s->nbuf = 0;
    }
    blocks(s, p, n / 64);
    p += n / 64 * 64, n %= 64;
    memcpy(s->buf, p, n);
    s->nbuf = n;
}

void pk_sha256_final(pk_sha256 *s, unsigned char digest[32])
{
    /* FIPS 180-4 5.1.1: a 1 bit, zeros, the length in bits as 64 bits big-endian */
    uint64_t bits = s->bytes * 8;
    unsigned char pad[72] = {0x80};
    size_t k = (s->nbuf < 56 ? 56 : 120) - s->nbuf;
    for (int i = 0; i < 8; i++)
        pad[k + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
    pk_sha256_update(s, pad, k + 8);
    for (int i = 0; i < 32; i++)
        digest[i] = (unsigned char)(s->h[i / 4] >> (24 - 8 * (i % 4)));
}

void pk_sha256_hex(const unsigned char digest[32], char hex[65])
{
    static const char x[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        hex[2 * i] = x[digest[i] >> 4];
        hex[2 * i + 1] = x[digest[i] & 15];
    }
    hex[64] = 0;
}
