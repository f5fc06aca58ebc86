/*
 * test_cli_words.c -- how the tools word what they echo and what they refuse (cli.h,
 * diag.h): control characters and NUL bytes escaped in every message (issue 21 item 9),
 * one wording of a refused FEN (item 11), one parser of short options with one meaning
 * per letter, the old meanings refused with a hint, strict numbers (item 12).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diag.h"
#include "fen.h"
#include "unit/pktest.h"

/* What a writer put on a stream: the text, malloc'd. */
typedef struct capture {
    char *text;
    size_t len;
    FILE *f;
} capture;

static FILE *cap_open(capture *c)
{
    c->text = NULL;
    c->len = 0;
    c->f = open_memstream(&c->text, &c->len);
    return c->f;
}

static char *cap_close(capture *c)
{
    fclose(c->f);
    return c->text;
}

static void test_text_escape(void)
{
    char buf[64];
    CU_ASSERT_EQUAL(pk_text_escape(buf, sizeof buf, "a\x1b[2Jb", 6), 9);
    CU_ASSERT_STRING_EQUAL(buf, "a\\x1b[2Jb");
    CU_ASSERT_EQUAL(pk_text_escape(buf, sizeof buf, "a\0b", 3), 6);
    CU_ASSERT_STRING_EQUAL(buf, "a\\x00b");
    pk_text_escape(buf, sizeof buf, "\t\n\x7f", 3);
    CU_ASSERT_STRING_EQUAL(buf, "\\x09\\x0a\\x7f");
    /* a C1 control as UTF-8; other UTF-8 kept */
    pk_text_escape(buf, sizeof buf, "\xc2\x9b" "31\xc3\xa9", 6);
    CU_ASSERT_STRING_EQUAL(buf, "\\u009b31\xc3\xa9");
    /* cut to the buffer, the length needed returned */
    CU_ASSERT_EQUAL(pk_text_escape(buf, 4, "\x1b\x1b", 2), 8);
    CU_ASSERT_EQUAL(strlen(buf), 3);
    /* the stream writer says the same */
    capture c;
    pk_text_write_escaped(cap_open(&c), "x\x1b[2J\xc2\x85y");
    char *t = cap_close(&c);
    CU_ASSERT_STRING_EQUAL(t, "x\\x1b[2J\\u0085y");
    free(t);
}

static void test_error_escaped(void)
{
    capture c;
    pk_cli_error(cap_open(&c), "pdnx", NULL, "unknown variant '%s'", "foo\x1b]0;owned\x07");
    char *t = cap_close(&c);
    CU_ASSERT_STRING_EQUAL(t, "pdnx: error: unknown variant 'foo\\x1b]0;owned\\x07'\n");
    free(t);
    pk_cli_error(cap_open(&c), "pdnx", "<stdin>:3", "%s", "x");
    t = cap_close(&c);
    CU_ASSERT_STRING_EQUAL(t, "pdnx: <stdin>:3: error: x\n");
    free(t);
    CU_ASSERT_EQUAL(pk_cli_usage_error(cap_open(&c), "pdnx", "bad '%s'", "\x1b"), PK_EXIT_USAGE);
    t = cap_close(&c);
    CU_ASSERT_STRING_EQUAL(t, "pdnx: error: bad '\\x1b'\nTry 'pdnx --help'.\n");
    free(t);
}

/* The one wording of a refused FEN, whichever tool: the same words as pdncheck's. */
static void test_fen_error(void)
{
    const pk_variant *v = pk_variant_find("international");
    static const char fen[] = "W:W31\0:B1";
    pk_pos p;
    pk_error e;
    CU_ASSERT_NOT_EQUAL(pk_fen_parse(v, fen, sizeof fen - 1, &p, NULL, &e), PK_OK);
    capture c;
    pk_cli_fen_error(cap_open(&c), "pdnx", "<stdin>:1", v, fen, sizeof fen - 1, &e);
    char *t = cap_close(&c);
    CU_ASSERT_STRING_EQUAL(t, "pdnx: <stdin>:1: error: bad FEN \"W:W31\\x00:B1\": ':' expected, found '\\x00' "
                              "(column 6 of the FEN)\n"
                              "    the start position of international, as a FEN: W:W31-50:B1-20\n");
    free(t);
}

/* Runs pk_cli_getopt over argv (NULL-ended); returns the values it gave, as text
 * ("v=x,j=2,?"), and what it said in *said (malloc'd). */
static void parse(const char *prog, const struct option *opts, char **argv, char *got, size_t size, char **said)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    capture c;
    FILE *err = cap_open(&c);
    optind = 0; /* glibc: start again */
    got[0] = 0;
    int o;
    /* optarg is only meaningful after an option that takes one: glibc clears it on every
     * call, musl keeps the last one (and pk_cli_getopt may refuse a table before calling
     * getopt_long at all) */
    while ((optarg = NULL, o = pk_cli_getopt(argc, argv, opts, prog, err)) != -1) {
        size_t n = strlen(got);
        if (o < 256)
            snprintf(got + n, size - n, "%s%c%s%s", n ? "," : "", o, optarg ? "=" : "", optarg ? optarg : "");
        else
            snprintf(got + n, size - n, "%s#%d", n ? "," : "", o - 256);
        if (o == '?')
            break;
    }
    *said = cap_close(&c);
}

static void test_getopt(void)
{
    static const struct option moves[] = {{"variant", required_argument, 0, 'v'}, {"json", no_argument, 0, 256},
                                          {"jobs", required_argument, 0, 'j'},     {"explain", no_argument, 0, 'e'},
                                          {"check", required_argument, 0, 'c'},     {0, 0, 0, 0}};
    char got[256], *said;
    parse("pdnmoves", moves, (char *[]){"p", "-v", "russian", "-ej2", "--json", "--check=32-28", "x", NULL}, got,
          sizeof got, &said);
    if (strcmp(got, "v=russian,e,j=2,#0,c=32-28"))
        printf("\n  got %s said %s", got, said);
    CU_ASSERT_STRING_EQUAL(got, "v=russian,e,j=2,#0,c=32-28");
    CU_ASSERT_STRING_EQUAL(said, "");
    free(said);
    /* a letter pdnmoves gave --json before: refused with a hint, never --jobs silently */
    static const struct option old[] = {{"json", no_argument, 0, 256}, {0, 0, 0, 0}};
    parse("pdnmoves", old, (char *[]){"p", "-j", NULL}, got, sizeof got, &said);
    CU_ASSERT_STRING_EQUAL(got, "?");
    CU_ASSERT_STRING_EQUAL(said, "pdnmoves: error: -j no longer stands for --json (in pdnkit -j is --jobs); write "
                                 "--json\nTry 'pdnmoves --help'.\n");
    free(said);
    /* every other mistake, worded and escaped */
    struct {
        char *arg, *said;
    } cases[] = {
        {"-x", "pdnx: error: unknown option '-x'\n"},
        {"-\x1b", "pdnx: error: unknown option '-\\x1b'\n"},
        {"--bogus\x1b=1", "pdnx: error: unknown option '--bogus\\x1b'\n"},
        {"--j", "pdnx: error: option '--j' is ambiguous: it can be --json, --jobs\n"},
        {"--json=1", "pdnx: error: option '--json' takes no value\n"},
        {"-v", "pdnx: error: option '-v' needs a value\n"},
        {"--variant", "pdnx: error: option '--variant' needs a value\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parse("pdnx", moves, (char *[]){"p", cases[i].arg, NULL}, got, sizeof got, &said);
        CU_ASSERT_STRING_EQUAL(got, "?");
        char want[300];
        snprintf(want, sizeof want, "%sTry 'pdnx --help'.\n", cases[i].said);
        if (strcmp(said, want))
            printf("\n  %s: said '%s'", cases[i].arg, said);
        CU_ASSERT_STRING_EQUAL(said, want);
        free(said);
    }
    /* a tool that binds a letter to another long option fails at once (the test of its
     * own table): -t is --time in pdnkit */
    static const struct option wrong[] = {{"text", no_argument, 0, 't'}, {0, 0, 0, 0}};
    parse("pdnx", wrong, (char *[]){"p", NULL}, got, sizeof got, &said);
    CU_ASSERT_STRING_EQUAL(got, "?");
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "-t stands for --time in pdnkit, not --text"));
    free(said);
    /* the letters a tool keeps from the classic it follows (issue 24: pdngrep is grep's
     * -v and -c, -t its tag), for that tool alone */
    static const struct option grep[] = {{"invert-match", no_argument, 0, 'v'}, {"count", no_argument, 0, 'c'},
                                         {"tag", required_argument, 0, 't'},    {"jobs", required_argument, 0, 'j'},
                                         {0, 0, 0, 0}};
    parse("pdngrep", grep, (char *[]){"p", "-vc", "-t", "White=x", "-j1", NULL}, got, sizeof got, &said);
    CU_ASSERT_STRING_EQUAL(got, "v,c,t=White=x,j=1");
    CU_ASSERT_STRING_EQUAL(said, "");
    free(said);
    parse("pdnfen", grep, (char *[]){"p", "-v", NULL}, got, sizeof got, &said);
    CU_ASSERT_STRING_EQUAL(got, "?");
    CU_ASSERT_PTR_NOT_NULL(strstr(said, "-v stands for --variant in pdnkit, not --invert-match"));
    free(said);
}

static void test_number_and_shard(void)
{
    long n;
    CU_ASSERT_EQUAL(pk_cli_number("400", 100, 4000, &n), PK_OK);
    CU_ASSERT_EQUAL(n, 400);
    const char *bad[] = {"", " 4", "+4", "-4", "4x", "99", "4001", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CU_ASSERT_EQUAL(pk_cli_number(bad[i], 100, 4000, &n), PK_ERR_USAGE);
    int k = -1, m = -1;
    pk_error e;
    CU_ASSERT_EQUAL(pk_cli_shard("1/3", &k, &m, &e), PK_OK);
    CU_ASSERT_EQUAL(k, 1);
    CU_ASSERT_EQUAL(m, 3);
    const char *badshard[] = {"/2", "1/", "2/2", "-1/2", "1/0", " 1/2", "1/2x", "12", "0/1000001"};
    for (size_t i = 0; i < sizeof badshard / sizeof badshard[0]; i++) {
        CU_ASSERT_EQUAL(pk_cli_shard(badshard[i], &k, &m, &e), PK_ERR_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "--shard takes K/N"));
    }
}

static const pk_test tests[] = {{"text escaped: control characters, NUL, C1", test_text_escape},
                                {"errors escaped", test_error_escaped},
                                {"a refused FEN, one wording", test_fen_error},
                                {"short options: one meaning, every mistake worded", test_getopt},
                                {"strict numbers, --shard", test_number_and_shard},
                                {NULL, NULL}};

PK_TEST_MAIN("cli words", tests)
