/*
 * sha256.h -- SHA-256 (FIPS 180-4, section 6.2), for the HTML report's identity of the
 * file it judged (its hash, printed) and its Content-Security-Policy (the hash of its one
 * script). None of pdnkit's dependencies (PCRE2, zlib, liblzma, libzstd, libbz2) offers
 * SHA-256 in its public API, and a hash this size does not justify a new one. Tested
 * against the FIPS 180-4 example vectors (tests/unit/test_sha256.c).
 *
 *     pk_sha256 h; pk_sha256_init(&h);
 *     pk_sha256_update(&h, bytes, n); ...       // any number of times
 *     unsigned char d[32]; pk_sha256_final(&h, d);
 *
 * Thread-safe: a state per caller, no static data but the round constants.
 */
#ifndef PK_SHA256_H
#define PK_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct pk_sha256 {
    uint32_t h[8];
    uint64_t bytes;        /* the message's length so far */
    unsigned char buf[64]; /* a block not yet full */
    size_t nbuf;
    bool ni; /* the processor's SHA instructions are used (sha256.c) */
} pk_sha256;

void pk_sha256_init(pk_sha256 *s);
void pk_sha256_update(pk_sha256 *s, const void *data, size_t n);
/* The digest, 32 bytes; s is spent (init again to reuse it). */
void pk_sha256_final(pk_sha256 *s, unsigned char digest[32]);
/* The digest as 64 lowercase hex digits and a NUL. */
void pk_sha256_hex(const unsigned char digest[32], char hex[65]);

#endif
