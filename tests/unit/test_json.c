/*
 * test_json.c -- the JSON writer of json.h: the commas of objects and arrays nested in
 * each other (and deeper than any fixed stack), numbers, null, true/false, keys escaped
 * as strings are, strings of a given length (a NUL inside, a UTF-8 sequence cut by the
 * length), the escapes (quotes, backslash, C0 controls and DEL, non-ASCII UTF-8 kept,
 * invalid UTF-8 as U+FFFD), and the write error reported. The expected texts are written
 * out by hand from RFC 8259 (sections 2, 6, 7).
 */
#include <limits.h>
#include <string.h>

#include "json.h"
#include "pktest.h"

/* The writer over a memory buffer: J is the pk_json, the text is in buf after DONE. */
#define BEGIN(buf)                                                                                  \
    FILE *out_ = fmemopen(buf, sizeof buf, "w");                                                   \
    CU_ASSERT_PTR_NOT_NULL_FATAL(out_);                                                            \
    pk_json J;                                                                                     \
    pk_json_init(&J, out_)
#define DONE() fclose(out_)

static void same(const char *got, const char *want)
{
    if (strcmp(got, want))
        printf("\n  wrote \"%s\", expected \"%s\"", got, want);
    CU_ASSERT_STRING_EQUAL(got, want);
}

static void test_commas(void)
{
    char buf[512] = {0};
    BEGIN(buf);
    pk_json_object(&J);
    pk_json_kstr(&J, "a", "x");
    pk_json_key(&J, "list");
    pk_json_array(&J);
    pk_json_int(&J, 1);
    pk_json_object(&J); /* an object as an array's element: a comma before it */
    pk_json_kint(&J, "n", 2);
    pk_json_end_object(&J);
    pk_json_array(&J); /* an empty array */
    pk_json_end_array(&J);
    pk_json_str(&J, NULL);
    pk_json_end_array(&J);
    pk_json_key(&J, "empty");
    pk_json_object(&J);
    pk_json_end_object(&J);
    pk_json_kbool(&J, "t", true);
    pk_json_kbool(&J, "f", false);
    pk_json_knull(&J, "z");
    pk_json_end_object(&J);
    CU_ASSERT_EQUAL(pk_json_newline(&J), 0);
    pk_json_array(&J); /* a second record: no comma at the top level */
    pk_json_end_array(&J);
    DONE();
    same(buf, "{\"a\":\"x\",\"list\":[1,{\"n\":2},[],null],\"empty\":{},\"t\":true,\"f\":false,\"z\":null}\n[]");
}

static void test_numbers(void)
{
    char buf[256] = {0};
    BEGIN(buf);
    pk_json_array(&J);
    pk_json_int(&J, 0);
    pk_json_int(&J, -17);
    pk_json_int(&J, LLONG_MAX); /* a 64-bit line counter */
    pk_json_int(&J, LLONG_MIN);
    pk_json_end_array(&J);
    pk_json_object(&J);
    pk_json_kint_pos(&J, "line", 12);
    pk_json_kint_pos(&J, "col", 0); /* not known: null */
    pk_json_kint_pos(&J, "ply", -1);
    pk_json_end_object(&J);
    DONE();
    same(buf, "[0,-17,9223372036854775807,-9223372036854775808]{\"line\":12,\"col\":null,\"ply\":null}");
}

/* Nesting deeper than a small fixed stack could follow: the commas stay right. */
static void test_deep(void)
{
    enum { D = 300 };
    static char buf[8 * D + 64], want[8 * D + 64];
    memset(buf, 0, sizeof buf);
    BEGIN(buf);
    size_t w = 0;
    for (int i = 0; i < D; i++) { /* [0,[1,[2, ... */
        pk_json_array(&J);
        pk_json_int(&J, i % 10);
        w += (size_t)snprintf(want + w, sizeof want - w, "[%d%s", i % 10, i + 1 < D ? "," : "");
    }
    for (int i = 0; i < D; i++) { /* ... ],7],7] : after a closed array, a comma */
        pk_json_end_array(&J);
        if (i + 1 < D)
            pk_json_int(&J, 7);
        w += (size_t)snprintf(want + w, sizeof want - w, "]%s", i + 1 < D ? ",7" : "");
    }
    DONE();
    same(buf, want);
}

static void test_escapes(void)
{
    char buf[512] = {0};
    BEGIN(buf);
    pk_json_array(&J);
    pk_json_str(&J, "say \"hi\" \\ bye");
    pk_json_str(&J, "a\nb\rc\td");
    pk_json_str(&J, "\x01\x08\x0c\x1f\x7f");
    pk_json_str(&J, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"); /* UTF-8 kept as it is */
    pk_json_str(&J, "caf\xe9");                                  /* Latin-1: not UTF-8 */
    pk_json_str(&J, "\x80x\xc3");                                /* stray continuation, cut sequence */
    pk_json_strn(&J, "a\0b", 3);                                 /* a NUL inside a length */
    pk_json_strn(&J, "\xc3\xa9", 1);                             /* a sequence cut by the length */
    pk_json_strn(&J, "17 26", 2);
    pk_json_end_array(&J);
    pk_json_object(&J);
    pk_json_kstr(&J, "Tag \"x\"", "v"); /* a key is a string too */
    pk_json_end_object(&J);
    DONE();
    same(buf, "[\"say \\\"hi\\\" \\\\ bye\",\"a\\nb\\rc\\td\",\"\\u0001\\u0008\\u000c\\u001f\\u007f\","
              "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\"caf\\ufffd\",\"\\ufffdx\\ufffd\","
              "\"a\\u0000b\",\"\\ufffd\",\"17\"]{\"Tag \\\"x\\\"\":\"v\"}");
}

/* pk_json_write_string (diag.h) is the writer's string: the same escapes, null for NULL. */
static void test_write_string(void)
{
    char buf[64] = {0};
    FILE *out = fmemopen(buf, sizeof buf, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_EQUAL(pk_json_write_string(out, "\"\xff"), 0);
    CU_ASSERT_EQUAL(pk_json_write_string(out, NULL), 0);
    CU_ASSERT_EQUAL(pk_json_write_escaped(out, "a\tb", 3), 0);
    fclose(out);
    same(buf, "\"\\\"\\ufffd\"nulla\\tb");
}

/* A stream that fails: the status says so. */
static void test_write_error(void)
{
    FILE *out = fopen("/dev/null", "r"); /* writes fail */
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    pk_json j;
    pk_json_init(&j, out);
    pk_json_object(&j);
    pk_json_kstr(&j, "a", "b");
    pk_json_end_object(&j);
    fflush(out);
    CU_ASSERT_EQUAL(pk_json_newline(&j), PK_ERR_IO);
    CU_ASSERT_EQUAL(pk_json_status(&j), PK_ERR_IO);
    fclose(out);
}

static const pk_test tests[] = {
    {"commas and nesting", test_commas},
    {"numbers and null", test_numbers},
    {"deep nesting", test_deep},
    {"string escapes", test_escapes},
    {"pk_json_write_string", test_write_string},
    {"write error", test_write_error},
    {NULL, NULL},
};
PK_TEST_MAIN("JSON writer", tests)
