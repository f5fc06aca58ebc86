/*
 * test_cli.c -- the options every tool shares (cli.h): variant names and GameType
 * numbers, --results, draw profiles and the variants they belong to, the 8x8-only
 * house rule, and the write check that turns a failed write into exit status 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "draw.h"
#include "movegen.h"
#include "replay.h"
#include "unit/pktest.h"

static void test_variant(void)
{
    const pk_variant *v;
    pk_error e;
    CU_ASSERT_EQUAL(pk_cli_variant("russian", &v, &e), PK_OK);
    CU_ASSERT_STRING_EQUAL(v->name, "russian");
    CU_ASSERT_EQUAL(pk_cli_variant("21", &v, &e), PK_OK);
    CU_ASSERT_STRING_EQUAL(v->name, "english");
    CU_ASSERT_EQUAL(pk_cli_variant("shashki", &v, &e), PK_OK);
    CU_ASSERT_STRING_EQUAL(v->name, "russian");
    CU_ASSERT_EQUAL(pk_cli_variant("27", &v, &e), PK_OK); /* Canadian */
    CU_ASSERT_STRING_EQUAL(v->name, "canadian");
    CU_ASSERT_EQUAL(pk_cli_variant("41", &v, &e), PK_ERR_USAGE); /* Spantsiretti: no row */
    CU_ASSERT_PTR_NULL(v);
    CU_ASSERT_EQUAL(pk_cli_variant("chess", &v, &e), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "unknown variant 'chess'"));
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "international"));
}

static void test_results(void)
{
    int r = -1;
    pk_error e;
    CU_ASSERT_EQUAL(pk_cli_results("white", &r, &e), PK_OK);
    CU_ASSERT_EQUAL(r, PK_RESULTS_WHITE);
    CU_ASSERT_EQUAL(pk_cli_results("first", &r, &e), PK_OK);
    CU_ASSERT_EQUAL(r, PK_RESULTS_FIRST_MOVER);
    CU_ASSERT_EQUAL(pk_cli_results("black", &r, &e), PK_ERR_USAGE);
}

static void test_jobs(void)
{
    int j = -1;
    pk_error e;
    CU_ASSERT_EQUAL(pk_cli_jobs("1", &j, &e), PK_OK);
    CU_ASSERT_EQUAL(j, 1);
    CU_ASSERT_EQUAL(pk_cli_jobs("256", &j, &e), PK_OK);
    CU_ASSERT_EQUAL(j, 256);
    const char *bad[] = {"0", "257", "", "2x", "-1", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        j = 7;
        CU_ASSERT_EQUAL(pk_cli_jobs(bad[i], &j, &e), PK_ERR_USAGE);
        CU_ASSERT_EQUAL(j, 7); /* left alone */
        CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "-j takes a number of threads from 1 to 256"));
    }
    CU_ASSERT(pk_cli_jobs_default() >= 1);
    unsetenv("PK_JOBS_WINDOW");
    CU_ASSERT_EQUAL(pk_cli_jobs_window(), 0);
    setenv("PK_JOBS_WINDOW", "4", 1);
    CU_ASSERT_EQUAL(pk_cli_jobs_window(), 4);
    unsetenv("PK_JOBS_WINDOW");
}

static void test_applies(void)
{
    unsigned d = 0;
    pk_error e;
    const pk_variant *intl = pk_variant_find("international"), *es = pk_variant_find("spanish"),
                     *pt = pk_variant_find("portuguese"), *br = pk_variant_find("brazilian"),
                     *ru = pk_variant_find("russian");
    CU_ASSERT_EQUAL(pk_cli_applies(es, PK_GEN_CAPTURE_OPTIONAL, 0, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_applies(intl, PK_GEN_CAPTURE_OPTIONAL, 0, &e), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "8x8"));
    CU_ASSERT_EQUAL(pk_cli_draw_profile("brazilian-fmjd64", &d, &e), PK_OK);
    CU_ASSERT_EQUAL(d, PK_DRAW_OPT_BRAZILIAN_FMJD64);
    CU_ASSERT_EQUAL(pk_cli_applies(br, 0, d, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_applies(ru, 0, d, &e), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "brazilian-fmjd64"));
    d = 0;
    CU_ASSERT_EQUAL(pk_cli_draw_profile("spanish-site20each", &d, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_applies(es, 0, d, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_applies(pt, 0, d, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_applies(br, 0, d, &e), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_cli_draw_profile("fmjd", &d, &e), PK_ERR_USAGE);
}

static void test_finish(void)
{
    FILE *full = fopen("/dev/full", "w");
    FILE *err = tmpfile();
    CU_ASSERT_FATAL(full && err);
    fputs("a line that cannot be written\n", full);
    CU_ASSERT_EQUAL(pk_cli_finish(full, err, "prog", 0), PK_EXIT_USAGE);
    char buf[200] = "";
    rewind(err);
    CU_ASSERT_PTR_NOT_NULL(fgets(buf, sizeof buf, err));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "prog: error: write error: "));
    fclose(full);
    FILE *ok = tmpfile();
    fputs("fine\n", ok);
    CU_ASSERT_EQUAL(pk_cli_finish(ok, err, "prog", 1), 1);
    fclose(ok);
    fclose(err);
}

static void test_list(void)
{
    FILE *f = tmpfile();
    pk_cli_list_variants(f);
    rewind(f);
    char line[256];
    CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, f));
    CU_ASSERT_EQUAL(strncmp(line, "name", 4), 0);
    int rows = 0, shashki = 0;
    while (fgets(line, sizeof line, f))
        rows++, shashki += strstr(line, "shashki") != NULL;
    CU_ASSERT(rows >= 10);
    CU_ASSERT_EQUAL(shashki, 1);
    fclose(f);
}

static void count_input(void *ctx, FILE *f, const char *name)
{
    (void)f;
    int *n = ctx;
    *n += strcmp(name, "<stdin>") ? 1 : 100;
}

static void test_each_input(void)
{
    char dir[] = "/tmp/pk-cli-XXXXXX", file[64];
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    snprintf(file, sizeof file, "%s/a.pdn", dir);
    FILE *f = fopen(file, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fclose(f);
    char missing[80];
    snprintf(missing, sizeof missing, "%s/missing.pdn", dir);
    char *argv[] = {"tool", dir, missing, file, "-"};
    FILE *err = tmpfile();
    int n = 0;
    /* the directory and the missing file are said and counted; the file and stdin are read */
    CU_ASSERT_EQUAL(pk_cli_each_input(5, argv, 1, err, count_input, NULL, &n), 2);
    CU_ASSERT_EQUAL(n, 101);
    char text[400] = "";
    rewind(err);
    size_t got = fread(text, 1, sizeof text - 1, err);
    text[got] = 0;
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "is a directory"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "cannot open: No such file"));
    n = 0;
    CU_ASSERT_EQUAL(pk_cli_each_input(1, argv, 1, err, count_input, NULL, &n), 0);
    CU_ASSERT_EQUAL(n, 100); /* no argument: standard input */
    fclose(err);
    remove(file);
    rmdir(dir);
}

static const pk_test tests[] = {{"inputs: files, directories, standard input", test_each_input},{"variant option", test_variant},
                                {"results option", test_results},
                                {"-j option, its default and the test window", test_jobs},
                                {"options that apply to a variant", test_applies},
                                {"write errors are exit 2", test_finish},
                                {"variant table with header and aliases", test_list},
                                {NULL, NULL}};
PK_TEST_MAIN("cli", tests)
