/*
 * test_pdn_nomem.c -- the reader never aborts: when memory runs out while a game is
 * built, pk_pdn_next reports it ("io" error) and returns PK_ERR_NOMEM (err: where, line 1), and later calls
 * say the same. Run in a child process whose address space is capped (RLIMIT_AS); not
 * under the sanitizers, which reserve terabytes of address space up front.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pdn.h"
#include "unit/pktest.h"

static int codes_io;
static void count(void *ctx, const pk_diag *d)
{
    (void)ctx;
    codes_io += !strcmp(d->code, "io") && strstr(d->message, "out of memory") != NULL;
}

/* The child: a game of 12 MB of "$1 " NAGs needs far more than 6 MB of nodes. */
static int child(void)
{
    size_t n = 12u << 20;
    char *text = malloc(n + 64);
    if (!text)
        return 3;
    strcpy(text, "1. 32-28 ");
    for (size_t i = 9; i + 3 < n; i += 3)
        memcpy(text + i, "$1 ", 3);
    strcpy(text + n - 3, " *");
    FILE *f = fmemopen(text, strlen(text), "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "big.pdn", 0, NULL);
    if (!r)
        return 4;
    struct rlimit lim;
    getrlimit(RLIMIT_AS, &lim);
    FILE *st = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!st || fscanf(st, "%lu", &pages) != 1)
        return 5;
    fclose(st);
    lim.rlim_cur = pages * (unsigned long)sysconf(_SC_PAGESIZE) + (6u << 20);
    if (setrlimit(RLIMIT_AS, &lim))
        return 6;
    pk_diag_sink sink = {count, NULL};
    pk_game g;
    pk_game_init(&g);
    pk_error err = {0};
    int st1 = pk_pdn_next(r, &g, &sink, &err);
    int st2 = pk_pdn_next(r, &g, &sink, NULL);
    if (st1 == PK_OK)
        return 7; /* the cap was not low enough to test anything */
    return st1 == PK_ERR_NOMEM && st2 == PK_ERR_NOMEM && codes_io == 1 && err.code == PK_ERR_NOMEM && err.line == 1
               ? 0
               : 8;
}

static void test_nomem(void)
{
    if (getenv("PK_SANITIZED")) {
        printf("(skipped under the sanitizers) ");
        return;
    }
    fflush(stdout);
    pid_t pid = fork();
    CU_ASSERT_FATAL(pid >= 0);
    if (pid == 0)
        _exit(child());
    int status = 0;
    waitpid(pid, &status, 0);
    CU_ASSERT_TRUE(WIFEXITED(status));
    if (WEXITSTATUS(status))
        printf("(child exit %d) ", WEXITSTATUS(status));
    CU_ASSERT_EQUAL(WEXITSTATUS(status), 0);
}

static const pk_test tests[] = {{"out of memory is an error, not an abort", test_nomem}, {NULL, NULL}};
PK_TEST_MAIN("pdn reader out of memory", tests)
