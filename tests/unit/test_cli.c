/*
 * test_cli.c -- the options every tool shares (cli.h): variant names and GameType
 * numbers, --results, draw profiles and the variants they belong to, the 8x8-only
 * house rule, and the write check that turns a failed write into exit status 2.
 */
#include <errno.h>
#include <fcntl.h>
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

/* A write that fails in the middle of a run: stdio drops the buffer and keeps only
 * ferror(), so the final flush has nothing left to fail with. The reason noted when the
 * failure was seen is the one said (it was "output stream failed"). */
static void test_failed_earlier(void)
{
    FILE *full = fopen("/dev/full", "w");
    FILE *err = tmpfile();
    CU_ASSERT_FATAL(full && err);
    static char small[64];
    setvbuf(full, small, _IOFBF, sizeof small);
    int why = 0;
    CU_ASSERT_FALSE(pk_cli_write_failed(full, &why));
    for (int i = 0; i < 20; i++)
        fputs("a game that does not fit the buffer\n", full);
    CU_ASSERT_TRUE(pk_cli_write_failed(full, &why));
    CU_ASSERT_EQUAL(why, ENOSPC);
    errno = ENOTTY; /* what the run may leave there since: not the reason */
    CU_ASSERT_TRUE(pk_cli_write_failed(full, &why));
    CU_ASSERT_EQUAL(why, ENOSPC);     /* the first one is kept */
    fflush(full);                     /* what is left fails too (glibc), or was dropped (musl) */
    CU_ASSERT_EQUAL(fflush(full), 0); /* nothing pending: the end has nothing to fail with */
    errno = ENOTTY;
    CU_ASSERT_EQUAL(pk_cli_end_output(full, "report.txt", why, err, "prog", 1),
                    PK_EXIT_USAGE); /* closes it */
    char buf[200] = "";
    rewind(err);
    CU_ASSERT_PTR_NOT_NULL(fgets(buf, sizeof buf, err));
    CU_ASSERT_STRING_EQUAL(buf, "prog: error: write error: report.txt: No space left on device\n");
    CU_ASSERT_PTR_NULL(fgets(buf, sizeof buf, err)); /* said once */
    /* a descriptor open for reading only: the reason is told by the descriptor */
    FILE *w = fopen("/dev/null", "w");
    int ro = open("/dev/null", O_RDONLY);
    CU_ASSERT_FATAL(w && ro >= 0);
    dup2(ro, fileno(w)); /* as `>&0`: the stream's descriptor reads only */
    fputs("x\n", w);
    CU_ASSERT_NOT_EQUAL(fflush(w), 0); /* failed, buffer dropped */
    errno = 0;
    rewind(err);
    CU_ASSERT_EQUAL(pk_cli_end_output(w, NULL, 0, err, "prog", 0), PK_EXIT_USAGE);
    rewind(err);
    CU_ASSERT_PTR_NOT_NULL(fgets(buf, sizeof buf, err));
    CU_ASSERT_STRING_EQUAL(buf, "prog: error: write error: Bad file descriptor\n");
    close(ro);
    fclose(err);
}

/* pk_cli_log_shared: one file for both (`> log 2>&1`) or not. */
static void test_log_shared(void)
{
    char path[] = "/tmp/pk-cli-log.XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    int saved = dup(STDERR_FILENO);
    FILE *out = fdopen(fd, "w");
    FILE *other = tmpfile();
    dup2(fd, STDERR_FILENO); /* 2>&1 */
    bool shared = pk_cli_log_shared(out), apart = pk_cli_log_shared(other);
    fputs("a line of output", out); /* in out's buffer, not yet written */
    fputs(" ends here\n", out);
    fputs("a diagnostic\n", pk_cli_err(out, shared));
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    CU_ASSERT_TRUE(shared);
    CU_ASSERT_FALSE(apart);
    fclose(out);
    fclose(other);
    FILE *back = fopen(path, "r");
    char text[200] = "";
    size_t n = fread(text, 1, sizeof text - 1, back);
    text[n] = 0;
    CU_ASSERT_STRING_EQUAL(text, "a line of output ends here\na diagnostic\n");
    fclose(back);
    unlink(path);
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

static const pk_test tests[] = {{"variant option", test_variant},
                                {"results option", test_results},
                                {"-j option, its default and the test window", test_jobs},
                                {"options that apply to a variant", test_applies},
                                {"write errors are exit 2", test_finish},
                                {"a write that failed earlier keeps its reason", test_failed_earlier},
                                {"standard output and error in one log", test_log_shared},
                                {"variant table with header and aliases", test_list},
                                {NULL, NULL}};
PK_TEST_MAIN("cli", tests)
