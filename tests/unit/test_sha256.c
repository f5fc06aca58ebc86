/*
 * test_sha256.c -- SHA-256 of sha256.h against the examples of FIPS 180-4 (NIST's
 * "Cryptographic Standards and Guidelines: Examples with Intermediate Values", SHA256.pdf:
 * "abc", the 448-bit "abcdbcdecdef...nopq", and FIPS 180-2 appendix B.3's one million
 * 'a'), the empty message (NIST CAVP SHA256ShortMsg, Len = 0), and the same digests when
 * the message comes in pieces of every size (the buffered path) and at each padding edge
 * (55, 56, 63, 64 bytes: one block of padding or two, digests from Python's hashlib).
 * Each twice where the processor has the SHA instructions (sha256.c uses them): by them
 * and by the portable code.
 */
#include <string.h>

#include "sha256.h"
#include "pktest.h"

static bool portable; /* the instructions not used, where they are there */

static void digest_of(const void *p, size_t n, size_t piece, char hex[65])
{
    pk_sha256 s;
    unsigned char d[32];
    pk_sha256_init(&s);
    if (portable)
        s.ni = false;
    const unsigned char *b = p;
    for (size_t at = 0; at < n; at += piece)
        pk_sha256_update(&s, b + at, n - at < piece ? n - at : piece);
    pk_sha256_final(&s, d);
    pk_sha256_hex(d, hex);
}

static void same(const char *msg, size_t n, const char *want)
{
    char hex[65];
    for (size_t piece = 1; piece <= 130; piece += piece < 8 ? 1 : 61) {
        digest_of(msg, n, piece, hex);
        if (strcmp(hex, want))
            printf("\n  %zu bytes in pieces of %zu: %s, expected %s", n, piece, hex, want);
        CU_ASSERT_STRING_EQUAL(hex, want);
    }
    digest_of(msg, n, n ? n : 1, hex);
    CU_ASSERT_STRING_EQUAL(hex, want);
}

static void test_fips_examples(void)
{
    same("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    same("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    same("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

static void test_million_a(void)
{
    static char a[1000000];
    memset(a, 'a', sizeof a);
    char hex[65];
    digest_of(a, sizeof a, 4096, hex);
    CU_ASSERT_STRING_EQUAL(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_padding_edges(void)
{
    static const struct {
        size_t n;
        const char *want;
    } t[] = {{55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
             {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
             {63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"},
             {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"}};
    char a[64];
    memset(a, 'a', sizeof a);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        same(a, t[i].n, t[i].want);
}

static void test_portable(void)
{
    portable = true;
    test_fips_examples();
    test_million_a();
    test_padding_edges();
    portable = false;
}

static const pk_test tests[] = {{"FIPS 180-4 examples", test_fips_examples},
                                {"one million a", test_million_a},
                                {"padding edges", test_padding_edges},
                                {"the same by the portable code", test_portable},
                                {NULL, NULL}};

PK_TEST_MAIN("SHA-256", tests)
