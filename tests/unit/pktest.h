/*
 * pktest.h -- the CUnit boilerplate every unit test program shares.
 *
 * A test program lists its tests in a table and ends with PK_TEST_MAIN:
 *
 *     static void test_x(void) { CU_ASSERT_EQUAL(1, 1); }
 *     static const pk_test tests[] = { {"x", test_x}, {NULL, NULL} };
 *     PK_TEST_MAIN("suite name", tests)
 *
 * The program runs every test in CUnit's basic mode (which prints the run summary)
 * and exits 1 when any assertion failed, so `make check` can count it.
 * CORPORA_DIR() gives the path of the unpacked test corpora (env CORPORA, else build/corpora:
 * tests/corpora with its .zst files decompressed by make). PK_READ_GAME/PK_READ_DONE read
 * the first game of a text with the library's memory reader.
 */
#ifndef PKTEST_H
#define PKTEST_H

#include <CUnit/Basic.h>
#include <CUnit/CUnit.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "geom.h"
#include "pdn_open.h"

typedef struct pk_test {
    const char *name;
    void (*fn)(void);
} pk_test;

/* Writes the first n of moves as a numbered main line ("1. a b 2. c ..."), a blank after
 * each token: the games the checking-loop tests build. */
static inline void PK_WRITE_MOVES(FILE *f, const char *const *moves, int n)
{
    for (int k = 0; k < n; k++)
        if (k % 2)
            fprintf(f, "%s ", moves[k]);
        else
            fprintf(f, "%d. %s ", k / 2 + 1, moves[k]);
}

/* The first game of a text (it must hold one), read by pk_pdn_open_memory into r->g; the
 * reader stays open (the game is valid) until PK_READ_DONE. */
typedef struct pk_test_reading {
    pk_pdn_reader *rd;
    pk_game g;
} pk_test_reading;

static inline pk_game *PK_READ_GAME(pk_test_reading *r, const char *text)
{
    r->rd = pk_pdn_open_memory(text, strlen(text), "t.pdn", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->rd);
    pk_game_init(&r->g);
    CU_ASSERT_EQUAL_FATAL(pk_pdn_next(r->rd, &r->g, NULL, NULL), PK_OK);
    return &r->g;
}

static inline void PK_READ_DONE(pk_test_reading *r)
{
    pk_game_free(&r->g);
    pk_pdn_close(r->rd);
}

/* The bit of a square, or -1 (pk_square_parse's status other than PK_OK): the form the
 * tests compare bits in. */
static inline int PK_SQUARE(const pk_geom *g, const char *s, size_t len, pk_error *err)
{
    int bit = 0;
    int st = pk_square_parse(g, s, len, &bit, err);
    CU_ASSERT(st == PK_OK ? bit >= 0 : bit == -1);
    return st == PK_OK ? bit : -1;
}

static inline const char *CORPORA_DIR(void)
{
    const char *s = getenv("CORPORA");
    return s && *s ? s : "build/corpora";
}

/* Runs table as one CUnit suite: 0 when every test passed, 1 when one failed, 2 when CUnit
 * could not start. A main with set-up of its own (a locale, a folder) calls it itself. */
static inline int pk_test_run(const char *suite_name, const pk_test *table)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite(suite_name, NULL, NULL);
    for (const pk_test *t = table; t->name; t++)
        CU_add_test(s, t->name, t->fn);
    CU_basic_set_mode(CU_BRM_NORMAL);
    CU_basic_run_tests();
    unsigned fails = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return fails ? 1 : 0;
}

#define PK_TEST_MAIN(suite_name, table)                                                            \
    int main(void) { return pk_test_run((suite_name), (table)); }

/* Calls fn(path, text, len, ctx) for every *.pdn file below dir (text NUL-terminated,
 * freed after the call); skip_fail leaves out paths with "/fail" in them (the parser
 * suites' files that must fail). */
static inline void PK_EACH_PDN(const char *dir, bool skip_fail,
                               void (*fn)(const char *path, const char *text, size_t len, void *ctx), void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[1024];
        struct stat st;
        if (e->d_name[0] == '.' || snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
            stat(path, &st))
            continue;
        size_t l = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) {
            PK_EACH_PDN(path, skip_fail, fn, ctx);
        } else if (l > 4 && !strcmp(e->d_name + l - 4, ".pdn") && !(skip_fail && strstr(path, "/fail"))) {
            FILE *f = fopen(path, "rb");
            char *buf = malloc((size_t)st.st_size + 1);
            size_t got = f && buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
            if (f)
                fclose(f);
            if (buf) {
                buf[got] = 0;
                fn(path, buf, got, ctx);
            }
            free(buf);
        }
    }
    closedir(d);
}

#endif
