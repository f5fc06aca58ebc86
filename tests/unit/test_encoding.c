/* test_encoding.c -- the decoding layer (encoding.h): BOMs and the shape of UTF-16,
 * UTF-16/32 decoding, valid UTF-8 kept next to bytes that are not UTF-8, the code-page
 * heuristic, blocks of every size; and the reader's one warning about it. */
#include "encoding.h"
#include "pdn.h"
#include "pktest.h"

#include <iconv.h>
#include <string.h>

/* Decodes buf[0..n) through pk_src, cap bytes a call; returns the malloc'd UTF-8 (NUL
 * ended, length in *len) and the encoding and switch offset seen at the end. */
static char *decode(const void *buf, size_t n, size_t cap, size_t *len, int *enc, unsigned long long *sw)
{
    FILE *f = fmemopen((void *)buf, n, "rb");
    pk_src *s = pk_src_open(f, NULL);
    size_t size = 4 * n + cap + 64, o = 0;
    char *out = malloc(size);
    long r;
    int split = 0;
    while ((r = pk_src_read(s, out + o, cap)) > 0) {
        if (((unsigned char)out[o] & 0xC0) == 0x80)
            split++; /* a call began inside a UTF-8 sequence */
        o += (size_t)r;
        CU_ASSERT_FATAL(o + cap <= size);
    }
    CU_ASSERT_EQUAL(r, 0);
    CU_ASSERT_EQUAL(split, 0);
    out[o] = 0;
    *len = o;
    if (enc)
        *enc = pk_src_encoding(s);
    if (sw)
        *sw = pk_src_switch_offset(s);
    pk_src_close(s);
    fclose(f);
    return out;
}

/* text (UTF-8) in encoding to, by iconv; *n its length. */
static char *convert(const char *text, const char *to, size_t *n)
{
    iconv_t cd = iconv_open(to, "UTF-8");
    CU_ASSERT_FATAL(cd != (iconv_t)-1);
    size_t il = strlen(text), ol = 4 * il + 8;
    char *out = malloc(ol), *ip = (char *)text, *op = out;
    CU_ASSERT_FATAL(iconv(cd, &ip, &il, &op, &ol) != (size_t)-1);
    iconv_close(cd);
    *n = (size_t)(op - out);
    return out;
}

static const char *uni = "[Event \"Caf\xC3\xA9\"]\n[White \"\xD0\x90\xD0\xB1\xD0\xB0\xD1\x86\xD0\xB8\xD0\xB5\xD0\xB2\"]\n"
                         "1. 32-28 {\xE2\x80\x9C\xF0\x9F\x98\x80\xE2\x80\x9D} 19-23 *\n";

static void test_sniff(void)
{
    size_t bom;
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\xFF\xFE[\0", 4, &bom), PK_ENC_UTF16LE);
    CU_ASSERT_EQUAL(bom, 2);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\xFE\xFF\0[", 4, &bom), PK_ENC_UTF16BE);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\xFF\xFE\0\0[\0\0\0", 8, &bom), PK_ENC_UTF32LE);
    CU_ASSERT_EQUAL(bom, 4);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\0\0\xFE\xFF\0\0\0[", 8, &bom), PK_ENC_UTF32BE);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"[\0E\0v\0e\0", 8, &bom), PK_ENC_UTF16LE);
    CU_ASSERT_EQUAL(bom, 0);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\0[\0E\0v\0e", 8, &bom), PK_ENC_UTF16BE);
    /* UTF-32 without a BOM: three NULs in a unit (issue 21 item 16: it was read as UTF-8) */
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"[\0\0\0E\0\0\0v\0\0\0", 12, &bom), PK_ENC_UTF32LE);
    CU_ASSERT_EQUAL(bom, 0);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\0\0\0[\0\0\0E\0\0\0v", 12, &bom), PK_ENC_UTF32BE);
    /* a Cyrillic name among them: the units are not all ASCII */
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"[\0\0\0\x10\x04\0\0a\0\0\0b\0\0\0", 16, &bom),
                    PK_ENC_UTF32LE);
    /* NUL bytes here and there are not UTF-16; nor is a file of NULs */
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"[Event \"a\0b\"]\n1. \0 *", 21, &bom), PK_ENC_UTF8);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\0\0\0\0\0\0\0\0", 8, &bom), PK_ENC_UTF8);
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"1\0", 2, &bom), PK_ENC_UTF8); /* too short */
    CU_ASSERT_EQUAL(pk_encoding_sniff((const unsigned char *)"\xEF\xBB\xBF[", 4, &bom), PK_ENC_UTF8);
}

static void test_guess(void)
{
    CU_ASSERT_EQUAL(pk_encoding_guess((const unsigned char *)"Nicol\xF2 ", 7), PK_ENC_CP1252);
    CU_ASSERT_EQUAL(pk_encoding_guess((const unsigned char *)"\xC0\xE1\xE0\xF6\xE8\xE5\xE2 ", 8), PK_ENC_CP1251);
    CU_ASSERT_EQUAL(pk_encoding_guess((const unsigned char *)"\x80\xA1\xA0\xE6\xA8\xA5\xA2 ", 8), PK_ENC_CP866);
    /* runs that are valid UTF-8 are left out: Cyrillic UTF-8 around one Latin-1 byte
     * (it counted as a run of Cyrillic code-page letters before) */
    const char *t = "\xD0\x90\xD0\xB1\xD0\xB0\xD1\x86 \xD0\xB8\xD0\xB5\xD0\xB2 Caf\xE9 \xD0\x90\xD0\xB1";
    CU_ASSERT_EQUAL(pk_encoding_guess((const unsigned char *)t, strlen(t)), PK_ENC_CP1252);
}

/* Issue 9 item 21: one Latin-1 byte; the valid UTF-8 after (and before) it stays. */
static void test_latin1_in_utf8(void)
{
    const char *t = "[Event \"Caf\xC3\xA9\"]\n[Site \"Caf\xE9\"]\n[White \"Caf\xC3\xA9 \xD0\x90\xD0\xB1 Nicol\xF2\"]\n";
    static const size_t caps[] = {16, 17, 64, 1 << 16};
    for (size_t i = 0; i < 4; i++) {
        size_t n;
        int enc;
        unsigned long long sw;
        char *d = decode(t, strlen(t), caps[i], &n, &enc, &sw);
        CU_ASSERT_STRING_EQUAL(d, "[Event \"Caf\xC3\xA9\"]\n[Site \"Caf\xC3\xA9\"]\n[White \"Caf\xC3\xA9 \xD0\x90\xD0\xB1 Nicol\xC3\xB2\"]\n");
        CU_ASSERT_EQUAL(enc, PK_ENC_CP1252);
        CU_ASSERT_EQUAL(sw, strlen("[Event \"Caf\xC3\xA9\"]\n[Site \"Caf"));
        free(d);
    }
    /* a word holding both (a UTF-8 letter glued to a Latin-1 one) is read as one piece */
    size_t n;
    const char *u = "Nicol\xF2 D\xE9j\xE0 caf\xE9 \xC3\xA9\xE9 x";
    char *d = decode(u, strlen(u), 16, &n, NULL, NULL);
    CU_ASSERT_STRING_EQUAL(d, "Nicol\xC3\xB2 D\xC3\xA9j\xC3\xA0 caf\xC3\xA9 \xC3\x83\xC2\xA9\xC3\xA9 x");
    free(d);
}

/* A cp866 file: every word by the code page, also "сам" (E1 A0 AC), valid UTF-8
 * (U+182C) on its own, among words that are not UTF-8 ("телефон": its "тел", E2 A5 AB,
 * is valid UTF-8 too, the rest of the word is not). */
static void test_cp866_file(void)
{
    char t[4096];
    size_t o = 0;
    for (int i = 0; i < 20; i++) /* "сам телефон" and nine times "да" in cp866 */
        o += (size_t)snprintf(t + o, sizeof t - o, "\xE1\xA0\xAC \xE2\xA5\xAB\xA5\xE4\xAE\xAD%s ",
                              " \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0 \xA4\xA0");
    size_t n;
    int enc;
    char *d = decode(t, o, 16, &n, &enc, NULL);
    CU_ASSERT_EQUAL(enc, PK_ENC_CP866);
    CU_ASSERT_NSTRING_EQUAL(d, "\xD1\x81\xD0\xB0\xD0\xBC \xD1\x82\xD0\xB5\xD0\xBB\xD0\xB5\xD1\x84\xD0\xBE\xD0\xBD \xD0\xB4\xD0\xB0 ", 27);
    CU_ASSERT_PTR_NULL(strstr(d, "\xE1\xA0\xAC")); /* U+182C nowhere */
    free(d);
}

/* UTF-16 and UTF-32, with and without a BOM, read in blocks of every size. */
static void test_wide(void)
{
    static const char *forms[] = {"UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"};
    static const int encs[] = {PK_ENC_UTF16LE, PK_ENC_UTF16BE, PK_ENC_UTF32LE, PK_ENC_UTF32BE};
    static const char *boms[] = {"\xFF\xFE", "\xFE\xFF", "\xFF\xFE\0\0", "\0\0\xFE\xFF"};
    static const size_t bom_len[] = {2, 2, 4, 4};
    for (int k = 0; k < 4; k++) {
        size_t wn, n;
        char *w = convert(uni, forms[k], &wn);
        char *b = malloc(wn + 4);
        memcpy(b, boms[k], bom_len[k]);
        memcpy(b + bom_len[k], w, wn);
        for (size_t cap = 16; cap < 40; cap += 7) {
            int enc;
            char *d = decode(b, wn + bom_len[k], cap, &n, &enc, NULL);
            CU_ASSERT_STRING_EQUAL(d, uni);
            CU_ASSERT_EQUAL(enc, encs[k]);
            free(d);
            if (k < 2) { /* UTF-16 without a BOM: told by its NUL bytes */
                d = decode(w, wn, cap, &n, &enc, NULL);
                CU_ASSERT_STRING_EQUAL(d, uni);
                CU_ASSERT_EQUAL(enc, encs[k]);
                free(d);
            }
        }
        free(b);
        free(w);
    }
    /* a lone surrogate and a last byte cut off: U+FFFD each, nothing else lost */
    size_t n;
    char *d = decode("\xFF\xFE" "a\0\0\xD8" "b\0c", 9, 16, &n, NULL, NULL);
    CU_ASSERT_STRING_EQUAL(d, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD");
    free(d);
}

/* Runs of non-ASCII bytes longer than a block (64 KiB). */
static void test_long_runs(void)
{
    size_t len = 150000, n;
    char *t = malloc(len + 1);
    for (size_t i = 0; i < len; i += 2)
        memcpy(t + i, "\xC3\xA9", 2); /* 75,000 e-acute, no ASCII between */
    int enc;
    char *d = decode(t, len, 1 << 16, &n, &enc, NULL);
    CU_ASSERT_TRUE(n == len && !memcmp(d, t, len));
    CU_ASSERT_EQUAL(enc, PK_ENC_UTF8);
    free(d);
    memset(t, 0xE9, len); /* not UTF-8: each byte by the code page */
    d = decode(t, len, 1 << 16, &n, &enc, NULL);
    CU_ASSERT_EQUAL(n, 2 * len);
    CU_ASSERT_NOT_EQUAL(enc, PK_ENC_UTF8);
    free(d);
    free(t);
}

typedef struct seen {
    const char *code; /* the diagnostics looked for ("encoding" when NULL) */
    int n, line, col;
    char msg[200];
} seen;

/* The first diagnostic with s->code: where, and what it says; n counts them all. */
static void on_first(void *ctx, const pk_diag *d)
{
    seen *s = ctx;
    if (!strcmp(d->code, s->code ? s->code : "encoding") && s->n++ == 0) {
        s->line = d->line;
        s->col = d->col;
        snprintf(s->msg, sizeof s->msg, "%s", d->message);
    }
}

static int read_games(const void *buf, size_t n, seen *s, char *white, size_t wl)
{
    FILE *f = fmemopen((void *)buf, n, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    pk_diag_sink sink = {on_first, s};
    pk_game g;
    int games = 0;
    memset(s, 0, sizeof *s);
    pk_game_init(&g);
    while (pk_pdn_next(r, &g, &sink, NULL) == PK_OK) {
        if (games++ == 0)
            for (int i = 0; i < g.ntags; i++)
                if (!strcmp(g.tags[i].name, "White"))
                    snprintf(white, wl, "%s", g.tags[i].value);
    }
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    return games;
}

/* The reader: one warning, at the first character not read as UTF-8; at 1:1 for UTF-16. */
static void test_reader_warning(void)
{
    seen s;
    char white[100];
    const char *t = "[White \"Caf\xC3\xA9 \xD0\x90\xD0\xB1\"]\n1. 32-28 {Nicol\xF2} 19-23 *\n\n[White \"D\xE9j\xE0\"]\n1. 32-28 *\n";
    CU_ASSERT_EQUAL(read_games(t, strlen(t), &s, white, sizeof white), 2);
    CU_ASSERT_STRING_EQUAL(white, "Caf\xC3\xA9 \xD0\x90\xD0\xB1");
    CU_ASSERT_EQUAL(s.n, 1);
    CU_ASSERT_EQUAL(s.line, 2);
    CU_ASSERT_EQUAL(s.col, 16);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.msg, "cp1252"));
    size_t wn;
    char *w = convert("1. 32-28 * 1. 32-28 *", "UTF-16LE", &wn);
    CU_ASSERT_EQUAL(read_games(w, wn, &s, white, sizeof white), 2);
    CU_ASSERT_EQUAL(s.n, 1);
    CU_ASSERT_EQUAL(s.line, 1);
    CU_ASSERT_EQUAL(s.col, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.msg, "UTF-16LE"));
    free(w);
}

/* Issue 21 item 9: a NUL byte goes on as U+FFFD (the reader's strings end at a NUL: a tag
 * value "a\0b" was "a"), in UTF-8 and UTF-16 input, in blocks of every size; the source
 * keeps the offset of the first for the reader's warning. */
static unsigned long long nul_offset(const void *buf, size_t n, size_t cap, char **out)
{
    FILE *f = fmemopen((void *)buf, n, "rb");
    pk_src *s = pk_src_open(f, NULL);
    size_t o = 0;
    long r;
    char *d = malloc(4 * n + cap + 64);
    while ((r = pk_src_read(s, d + o, cap)) > 0)
        o += (size_t)r;
    d[o] = 0;
    unsigned long long at = pk_src_nul_offset(s);
    pk_src_close(s);
    fclose(f);
    *out = d;
    return at;
}

static void test_nul_bytes(void)
{
    static const char t[] = "[Event \"a\0b\"]\n1. 32-28 {x\0\0y} *\n";
    for (size_t cap = 16; cap < 48; cap += 5) {
        char *d;
        CU_ASSERT_EQUAL(nul_offset(t, sizeof t - 1, cap, &d), 9);
        CU_ASSERT_STRING_EQUAL(d, "[Event \"a\xEF\xBF\xBD" "b\"]\n1. 32-28 {x\xEF\xBF\xBD\xEF\xBF\xBDy} *\n");
        free(d);
    }
    char *d;
    CU_ASSERT_EQUAL(nul_offset("1. 32-28 *\n", 11, 16, &d), PK_SRC_NONE);
    free(d);
    /* UTF-16: a U+0000 code unit */
    static const char w[] = "\xFF\xFE" "a\0\0\0b\0\xE9\0\0\0";
    for (size_t cap = 16; cap < 48; cap += 5) {
        CU_ASSERT_EQUAL(nul_offset(w, sizeof w - 1, cap, &d), 1);
        CU_ASSERT_STRING_EQUAL(d, "a\xEF\xBF\xBD" "b\xC3\xA9\xEF\xBF\xBD");
        free(d);
    }
}

/* The reader says it once, where the first NUL stood, and keeps what follows it. */
static void test_nul_reader(void)
{
    static const char t[] = "[White \"a\0b\"]\n1. 32-28 {x\0y} *\n\n[White \"c\0\"]\n1. 32-28 *\n";
    FILE *f = fmemopen((void *)t, sizeof t - 1, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    seen s;
    memset(&s, 0, sizeof s);
    s.code = "nul-byte";
    pk_diag_sink sink = {on_first, &s};
    pk_game g;
    pk_game_init(&g);
    int games = 0;
    while (pk_pdn_next(r, &g, &sink, NULL) == PK_OK)
        if (games++ == 0) {
            CU_ASSERT_STRING_EQUAL(g.tags[0].value, "a\xEF\xBF\xBD" "b");
            CU_ASSERT_STRING_EQUAL(g.main.moves[0].after->text, "x\xEF\xBF\xBDy");
        }
    CU_ASSERT_EQUAL(games, 2);
    CU_ASSERT_EQUAL(s.n, 1);
    CU_ASSERT_EQUAL(s.line, 1);
    CU_ASSERT_EQUAL(s.col, 10);
    CU_ASSERT_PTR_NOT_NULL(strstr(s.msg, "U+FFFD"));
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
}

/* Text handed back while text handed back before is still unread goes first, and the
 * rest follows: the checking loop's prefix hands a file's start back, its pieces hand
 * back what they did not use while the prefix may be half read (the race that lost the
 * end of a file at -j 2 when a miscounted piece was found early). */
static void test_unread_twice(void)
{
    static const char t[] = "ABCDEFGHIJ" "tail";
    FILE *f = fmemopen((void *)t, sizeof t - 1, "rb");
    pk_src *s = pk_src_open(f, NULL);
    char buf[64];
    CU_ASSERT_EQUAL(pk_src_read(s, buf, 10), 10); /* the prefix: ABCDEFGHIJ */
    CU_ASSERT_EQUAL(pk_src_unread(s, buf, 10, NULL), PK_OK);
    CU_ASSERT_EQUAL(pk_src_read(s, buf, 4), 4); /* ABCD read, EFGHIJ still pending */
    CU_ASSERT_EQUAL(pk_src_unread(s, "CD", 2, NULL), PK_OK);
    size_t n = 0;
    long r;
    while ((r = pk_src_read(s, buf + n, 3)) > 0)
        n += (size_t)r;
    CU_ASSERT_EQUAL(r, 0);
    CU_ASSERT_EQUAL(n, 12);
    CU_ASSERT_NSTRING_EQUAL(buf, "CDEFGHIJtail", 12);
    pk_src_close(s);
    fclose(f);
}

static const pk_test tests[] = {
    {"BOMs and the NUL bytes of UTF-16", test_sniff},
    {"code-page guess leaves valid UTF-8 out", test_guess},
    {"one Latin-1 byte in UTF-8", test_latin1_in_utf8},
    {"a cp866 file", test_cp866_file},
    {"UTF-16 and UTF-32", test_wide},
    {"runs longer than a block", test_long_runs},
    {"the reader's warning", test_reader_warning},
    {"NUL bytes as U+FFFD", test_nul_bytes},
    {"NUL bytes: the reader's warning, the text kept", test_nul_reader},
    {"text handed back twice, the first half read", test_unread_twice},
    {NULL, NULL}};

PK_TEST_MAIN("encoding", tests)
