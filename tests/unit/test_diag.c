/*
 * test_diag.c -- the diagnostic writers of diag.h and the error record of pk_common.h:
 * severity names, control characters escaped in text output (diag.h: C0 and DEL as \xHH,
 * the C1 controls as \u00HH, so that a record cannot drive the terminal), JSON strings
 * (escapes, invalid UTF-8 as U+FFFD, null), a whole JSON Lines diagnostic, write errors,
 * and pk_error_set.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "pktest.h"

/* What f(out, arg) writes, into buf. */
#define CAPTURE(buf, call)                                                                          \
    do {                                                                                           \
        FILE *out = fmemopen(buf, sizeof buf, "w");                                                \
        CU_ASSERT_PTR_NOT_NULL_FATAL(out);                                                         \
        call;                                                                                      \
        fclose(out);                                                                               \
    } while (0)

static void test_severity(void)
{
    CU_ASSERT_STRING_EQUAL(pk_severity_name(PK_SEV_ERROR), "error");
    CU_ASSERT_STRING_EQUAL(pk_severity_name(PK_SEV_WARNING), "warning");
    CU_ASSERT_STRING_EQUAL(pk_severity_name(PK_SEV_NOTE), "note");
    CU_ASSERT_STRING_EQUAL(pk_severity_name(17), "note");
}

/* What write(out, in) writes is want, and it returns 0. */
static void writes(int (*write)(FILE *, const char *), const char *in, const char *want)
{
    char buf[256] = {0};
    int rc;
    CAPTURE(buf, rc = write(out, in));
    CU_ASSERT_EQUAL(rc, 0);
    if (strcmp(buf, want))
        printf("\n  wrote \"%s\", expected \"%s\"", buf, want);
    CU_ASSERT_STRING_EQUAL(buf, want);
}

static void escaped(const char *in, const char *want) { writes(pk_text_write_escaped, in, want); }
static void json(const char *in, const char *want) { writes(pk_json_write_string, in, want); }

/* A write error is PK_ERR_IO. */
static void write_fails(int (*write)(FILE *, const char *), const char *in)
{
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        setvbuf(full, NULL, _IONBF, 0);
        CU_ASSERT_EQUAL(write(full, in), PK_ERR_IO);
        fclose(full);
    }
}

static void test_escaped(void)
{
    escaped("plain text", "plain text");
    escaped("", "");
    /* an ANSI sequence that would turn the terminal red, a bell, a tab, a newline, DEL */
    escaped("a\033[31mred\a", "a\\x1b[31mred\\x07");
    escaped("tab\there\nnext\x7f", "tab\\x09here\\x0anext\\x7f");
    /* C1 controls as UTF-8 (C2 80..C2 9F): CSI U+009B */
    escaped("x\xc2\x9b" "2J", "x\\u009b2J");
    escaped("\xc2\x80|\xc2\x9f", "\\u0080|\\u009f");
    /* printable UTF-8 stays: é (C3 A9), a no-break space (C2 A0), ½ (C2 BD) */
    escaped("caf\xc3\xa9 \xc2\xa0\xc2\xbd", "caf\xc3\xa9 \xc2\xa0\xc2\xbd");
    write_fails(pk_text_write_escaped, "abc\033d");
}

static void test_json_string(void)
{
    json(NULL, "null");
    json("", "\"\"");
    json("say \"hi\" \\ bye", "\"say \\\"hi\\\" \\\\ bye\"");
    json("a\nb\rc\td", "\"a\\nb\\rc\\td\"");
    json("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"");
    json("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
    /* invalid UTF-8: Latin-1 é, a lone continuation byte, a cut sequence, an overlong form */
    json("caf\xe9", "\"caf\\ufffd\"");
    json("\x80x", "\"\\ufffdx\"");
    json("\xe2\x82", "\"\\ufffd\\ufffd\"");
    json("\xc0\xaf", "\"\\ufffd\\ufffd\"");
    write_fails(pk_json_write_string, "x");
}

static void test_json_diag(void)
{
    char buf[1024] = {0};
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = PK_SEV_ERROR;
    d.code = "illegal-move";
    d.file = "a.pdn";
    d.line = 3;
    d.col = 7;
    d.game = 2;
    d.ply = 5;
    d.move_number = 3;
    d.side = 'W';
    d.move = "32-28";
    d.fen = "W:W31-50:B1-20";
    d.message = "illegal move \"32-28\"";
    d.hint = NULL;
    int rc;
    CAPTURE(buf, rc = pk_diag_write_json(out, &d));
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_STRING_EQUAL(buf, "{\"type\":\"diagnostic\",\"file\":\"a.pdn\",\"game\":2,\"severity\":\"error\","
                                "\"code\":\"illegal-move\",\"line\":3,\"col\":7,\"ply\":5,\"move_number\":3,"
                                "\"side\":\"white\",\"move\":\"32-28\",\"fen\":\"W:W31-50:B1-20\","
                                "\"message\":\"illegal move \\\"32-28\\\"\",\"hint\":null}\n");
    /* what does not apply is null: no game, no line, no side */
    memset(&d, 0, sizeof d);
    d.severity = PK_SEV_NOTE;
    d.code = "no-game";
    d.file = "b";
    d.message = "m";
    d.hint = "h";
    d.side = 'B';
    memset(buf, 0, sizeof buf);
    CAPTURE(buf, rc = pk_diag_write_json(out, &d));
    CU_ASSERT_STRING_EQUAL(buf, "{\"type\":\"diagnostic\",\"file\":\"b\",\"game\":null,\"severity\":\"note\","
                                "\"code\":\"no-game\",\"line\":null,\"col\":null,\"ply\":null,\"move_number\":null,"
                                "\"side\":\"black\",\"move\":null,\"fen\":null,\"message\":\"m\",\"hint\":\"h\"}\n");
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        setvbuf(full, NULL, _IONBF, 0);
        CU_ASSERT_EQUAL(pk_diag_write_json(full, &d), PK_ERR_IO);
        fclose(full);
    }
}

/* the one-line text form escapes the message, the file name and the game's name */
static void test_text_escapes(void)
{
    char buf[512] = {0};
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = PK_SEV_WARNING;
    d.code = "syntax";
    d.file = "x\033.pdn";
    d.line = 1;
    d.col = 2;
    d.game = 1;
    d.game_name = "A\x07 - B";
    d.message = "bad \033]0;title\a";
    CAPTURE(buf, pk_diag_write_gnu(out, &d));
    CU_ASSERT_STRING_EQUAL(buf, "x\\x1b.pdn:1:2: warning: game 1 (A\\x07 - B): bad \\x1b]0;title\\x07\n");
}

static void test_error_set(void)
{
    pk_error e;
    memset(&e, 0x55, sizeof e);
    pk_error_clear(&e);
    CU_ASSERT_EQUAL(e.line, 0);
    e.line = 4; /* a line left from an earlier error is not kept: pk_error_set has none */
    CU_ASSERT_EQUAL(pk_error_set(&e, PK_ERR_RANGE, 7, "square %d of %s", 51, "10x10"), PK_ERR_RANGE);
    CU_ASSERT_EQUAL(e.code, PK_ERR_RANGE);
    CU_ASSERT_EQUAL(e.col, 7);
    CU_ASSERT_EQUAL(e.line, 0);
    CU_ASSERT_STRING_EQUAL(e.msg, "square 51 of 10x10");
    CU_ASSERT_EQUAL(pk_error_set_at(&e, PK_ERR_SYNTAX, 12, 3, "x"), PK_ERR_SYNTAX);
    CU_ASSERT_EQUAL(e.line, 12);
    CU_ASSERT_EQUAL(e.col, 3);
    /* NULL: only the code comes back */
    CU_ASSERT_EQUAL(pk_error_set(NULL, PK_ERR_SYNTAX, 1, "x"), PK_ERR_SYNTAX);
    /* a message longer than the record is cut, terminated */
    char longer[600];
    memset(longer, 'm', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    CU_ASSERT_EQUAL(pk_error_set(&e, PK_ERR_IO, 0, "%s", longer), PK_ERR_IO);
    CU_ASSERT_EQUAL(strlen(e.msg), sizeof e.msg - 1);
    CU_ASSERT_EQUAL(e.msg[0], 'm');
    /* ... keeping its start and its end, the middle (an echo) elided: the reason stays
     * (issue 31 item 10), in a message of any length, cut between UTF-8 characters */
    size_t sizes[] = {300, 1000, 5000};
    for (int k = 0; k < 3; k++) {
        char *pat = malloc(sizes[k] + 1);
        for (size_t i = 0; i < sizes[k]; i += 2)
            memcpy(pat + i, "\xC3\xA9", 2); /* e-acute, two bytes */
        pat[sizes[k]] = 0;
        pk_error_set(&e, PK_ERR_USAGE, 0, "-t Event: bad pattern '%s(': missing closing parenthesis (at offset %zu)",
                     pat, sizes[k] / 2 + 1);
        CU_ASSERT(strlen(e.msg) <= sizeof e.msg - 1);
        CU_ASSERT(!strncmp(e.msg, "-t Event: bad pattern '\xC3\xA9", 25));
        CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "..."));
        char tail[80];
        snprintf(tail, sizeof tail, "\xC3\xA9(': missing closing parenthesis (at offset %zu)", sizes[k] / 2 + 1);
        size_t n = strlen(e.msg), t = strlen(tail);
        CU_ASSERT(n > t && !strcmp(e.msg + n - t, tail));
        for (size_t i = strlen("-t Event: bad pattern '"); i < n; i++) { /* no character cut */
            unsigned char c = (unsigned char)e.msg[i];
            if (c == 0xC3)
                CU_ASSERT((unsigned char)e.msg[i + 1] == 0xA9);
            if (c == 0xA9)
                CU_ASSERT((unsigned char)e.msg[i - 1] == 0xC3);
        }
        free(pat);
    }
    pk_error_clear(&e);
    CU_ASSERT_EQUAL(e.code, PK_OK);
    CU_ASSERT_STRING_EQUAL(e.msg, "");
}

/* The writers into a caller's buffer: the FILE * writers' bytes, cut with a NUL when the
 * buffer is short, the whole length in *len either way (a NULL buffer of size 0 measures). */
static void test_write_buf(void)
{
    pk_diag d = {.severity = PK_SEV_WARNING, .code = "bom", .file = "x.pdn", .line = 4, .col = 2,
                 .message = "a byte-order mark", .hint = "save without one"};
    const char *text = "x.pdn:4:2: warning: a byte-order mark\n    save without one\n";
    char buf[256], small[8];
    size_t len = 0;
    CU_ASSERT_EQUAL(pk_diag_write_text_buf(buf, sizeof buf, &len, &d, 0), PK_OK);
    CU_ASSERT_STRING_EQUAL(buf, text);
    CU_ASSERT_EQUAL(len, strlen(text));
    memset(small, 'X', sizeof small);
    CU_ASSERT_EQUAL(pk_diag_write_text_buf(small, sizeof small, &len, &d, 0), PK_OK);
    CU_ASSERT_STRING_EQUAL(small, "x.pdn:4");
    CU_ASSERT_EQUAL(len, strlen(text));
    len = 0;
    CU_ASSERT_EQUAL(pk_diag_write_text_buf(NULL, 0, &len, &d, 0), PK_OK);
    CU_ASSERT_EQUAL(len, strlen(text));
    CU_ASSERT_EQUAL(pk_diag_write_json_buf(buf, sizeof buf, &len, &d), PK_OK);
    CU_ASSERT_EQUAL(len, strlen(buf));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"line\":4,\"col\":2,"));
    CU_ASSERT_EQUAL(buf[len - 1], '\n');
}

static const pk_test tests[] = {
    {"severity names", test_severity},
    {"writers into a buffer", test_write_buf},
    {"text escapes", test_escaped},
    {"JSON strings", test_json_string},
    {"JSON diagnostic", test_json_diag},
    {"text diagnostic escapes", test_text_escapes},
    {"error record", test_error_set},
    {NULL, NULL},
};
PK_TEST_MAIN("diagnostics", tests)
