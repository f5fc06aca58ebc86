/*
 * test_cli_opts.c -- the shared options' table (cli_opts.h): a tool's getopt table is its
 * own options then the shared ones it lists, in the table's order, and no others; the
 * values read into pk_cli_shared as cli.h reads them (a bad one refused with status 2);
 * an option the tool did not list (pdngrep's -v) left to the tool; the three --variant
 * entries (a FEN's with its default, pdngrep's without a letter); a long name listed twice
 * refused; the help lines in the tools' column, continuation lines indented under the text.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "cli_opts.h"
#include "movegen.h"
#include "replay.h"
#include "unit/pktest.h"

static void test_longopts(void)
{
    static const struct option own[] = {{"json", no_argument, NULL, 300}, {NULL, 0, NULL, 0}};
    struct option all[8];
    CU_ASSERT_TRUE(pk_cli_longopts(all, 8, own, PK_CLI_OPT_VERSION | PK_CLI_OPT_VARIANT | PK_CLI_OPT_JOBS));
    CU_ASSERT_STRING_EQUAL(all[0].name, "json");
    CU_ASSERT_STRING_EQUAL(all[1].name, "variant");
    CU_ASSERT_EQUAL(all[1].val, 'v');
    CU_ASSERT_EQUAL(all[1].has_arg, required_argument);
    CU_ASSERT_STRING_EQUAL(all[2].name, "jobs");
    CU_ASSERT_STRING_EQUAL(all[3].name, "version");
    CU_ASSERT_PTR_NULL(all[4].name);
    CU_ASSERT_FALSE(pk_cli_longopts(all, 3, own, PK_CLI_OPT_VERSION | PK_CLI_OPT_VARIANT | PK_CLI_OPT_JOBS));
}

static void test_values(void)
{
    pk_cli_shared sh;
    CU_ASSERT_TRUE(pk_cli_shared_init(&sh, PK_CLI_OPT_VARIANT | PK_CLI_OPT_RESULTS | PK_CLI_OPT_CAPTURE_OPTIONAL |
                                               PK_CLI_OPT_JOBS | PK_CLI_OPT_OUTPUT, NULL, NULL));
    CU_ASSERT_EQUAL(sh.results, PK_RESULTS_FIRST_MOVER);
    CU_ASSERT(sh.jobs >= 1);
    CU_ASSERT_PTR_NULL(sh.variant);
    struct option all[16];
    CU_ASSERT_TRUE(pk_cli_longopts(all, 16, NULL, sh.listed));
    int results = 0, capopt = 0;
    for (int i = 0; all[i].name; i++) {
        if (!strcmp(all[i].name, "results"))
            results = all[i].val;
        if (!strcmp(all[i].name, "capture-optional"))
            capopt = all[i].val;
    }
    CU_ASSERT_EQUAL(pk_cli_shared_option('v', "english", "t", &sh), PK_CLI_TAKEN);
    CU_ASSERT_PTR_EQUAL(sh.variant, pk_variant_find("english"));
    CU_ASSERT_EQUAL(pk_cli_shared_option('j', "3", "t", &sh), PK_CLI_TAKEN);
    CU_ASSERT_EQUAL(sh.jobs, 3);
    CU_ASSERT_EQUAL(pk_cli_shared_option('o', "out.pdn", "t", &sh), PK_CLI_TAKEN);
    CU_ASSERT_STRING_EQUAL(sh.output, "out.pdn");
    CU_ASSERT_EQUAL(pk_cli_shared_option(results, "white", "t", &sh), PK_CLI_TAKEN);
    CU_ASSERT_EQUAL(sh.results, PK_RESULTS_WHITE);
    CU_ASSERT_EQUAL(pk_cli_shared_option(capopt, NULL, "t", &sh), PK_CLI_TAKEN);
    CU_ASSERT_EQUAL(sh.gen_flags, PK_GEN_CAPTURE_OPTIONAL);
    /* a bad value: said on standard error, exit status 2 */
    CU_ASSERT_EQUAL(pk_cli_shared_option('j', "0", "t", &sh), PK_CLI_EXIT);
    CU_ASSERT_EQUAL(sh.exit_status, 2);
    CU_ASSERT_EQUAL(sh.jobs, 3);
    /* not listed: the tool's own (pdngrep's -v, -V here), and a tool's own value */
    CU_ASSERT_EQUAL(pk_cli_shared_option('V', NULL, "t", &sh), PK_CLI_NOT_SHARED);
    CU_ASSERT_EQUAL(pk_cli_shared_option(300, NULL, "t", &sh), PK_CLI_NOT_SHARED);
    CU_ASSERT_TRUE(pk_cli_shared_init(&sh, PK_CLI_OPT_JOBS, NULL, NULL));
    CU_ASSERT_EQUAL(pk_cli_shared_option('v', "english", "t", &sh), PK_CLI_NOT_SHARED);
    CU_ASSERT_PTR_NULL(sh.variant);
}

/* A command line read by pk_cli_next: the tool sees its own options only. */
static void test_next(void)
{
    static const struct option own[] = {{"json", no_argument, NULL, 300}, {NULL, 0, NULL, 0}};
    char *argv[] = {"t", "-j", "2", "--json", "--variant=russian", "--capture-optional", "f.pdn", NULL};
    pk_cli_shared sh;
    CU_ASSERT_TRUE_FATAL(pk_cli_shared_init(&sh, PK_CLI_OPT_VARIANT | PK_CLI_OPT_JOBS | PK_CLI_OPT_CAPTURE_OPTIONAL,
                                            own, NULL));
    optind = 1;
    CU_ASSERT_EQUAL(pk_cli_next(7, argv, "t", &sh), 300);
    CU_ASSERT_EQUAL(pk_cli_next(7, argv, "t", &sh), -1);
    CU_ASSERT_EQUAL(optind, 6);
    CU_ASSERT_EQUAL(sh.jobs, 2);
    CU_ASSERT_PTR_EQUAL(sh.variant, pk_variant_find("russian"));
    CU_ASSERT_EQUAL(sh.gen_flags, PK_GEN_CAPTURE_OPTIONAL);
    char *bad[] = {"t", "--jobs=x", NULL};
    optind = 1;
    CU_ASSERT_EQUAL(pk_cli_next(2, bad, "t", &sh), PK_CLI_STOP);
    CU_ASSERT_EQUAL(sh.exit_status, 2);
    optind = 1;
}

/* The --variant of a FEN (pdnmoves, pdnperft, pdndiagram): international unless given. */
static void test_fen_variant(void)
{
    pk_cli_shared sh;
    CU_ASSERT_TRUE_FATAL(pk_cli_shared_init(&sh, PK_CLI_OPT_FEN_VARIANT | PK_CLI_OPT_OUTPUT, NULL, NULL));
    CU_ASSERT_PTR_EQUAL(sh.variant, pk_variant_find("international"));
    CU_ASSERT_EQUAL(pk_cli_shared_option('v', "russian", "t", &sh), PK_CLI_TAKEN);
    CU_ASSERT_PTR_EQUAL(sh.variant, pk_variant_find("russian"));
    CU_ASSERT_EQUAL(pk_cli_shared_option('v', "nosuch", "t", &sh), PK_CLI_EXIT);
    CU_ASSERT_EQUAL(sh.exit_status, 2);
}

/* pdngrep: --variant shared (read and refused alike), -v its own --invert-match. */
static void test_select_variant(void)
{
    static const struct option own[] = {{"invert-match", no_argument, NULL, 'v'}, {NULL, 0, NULL, 0}};
    char *argv[] = {"pdngrep", "-v", "--variant", "frisian", NULL};
    pk_cli_shared sh;
    CU_ASSERT_TRUE_FATAL(pk_cli_shared_init(&sh, PK_CLI_OPT_SELECT_VARIANT, own, NULL));
    CU_ASSERT_PTR_NULL(sh.variant);
    optind = 1;
    CU_ASSERT_EQUAL(pk_cli_next(4, argv, "pdngrep", &sh), 'v');
    CU_ASSERT_EQUAL(pk_cli_next(4, argv, "pdngrep", &sh), -1);
    CU_ASSERT_PTR_EQUAL(sh.variant, pk_variant_find("frisian"));
    optind = 1;
    char buf[256] = {0};
    FILE *f = fmemopen(buf, sizeof buf, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    pk_cli_help(f, PK_CLI_OPT_SELECT_VARIANT);
    fclose(f);
    CU_ASSERT_EQUAL(strncmp(buf, "      --variant=NAME         only the games", 42), 0);
}

/* Two --variant entries, or a tool's own option that is a shared one: a bug, refused. */
static void test_twice(void)
{
    static const struct option own[] = {{"output", required_argument, NULL, 'o'}, {NULL, 0, NULL, 0}};
    pk_cli_shared sh;
    /* the message is for the tool's author: kept off the test's log */
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    CU_ASSERT_FATAL(saved >= 0 && null >= 0);
    dup2(null, 2);
    CU_ASSERT_FALSE(pk_cli_shared_init(&sh, PK_CLI_OPT_VARIANT | PK_CLI_OPT_FEN_VARIANT, NULL, NULL));
    CU_ASSERT_FALSE(pk_cli_shared_init(&sh, PK_CLI_OPT_OUTPUT, own, NULL));
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(null);
    CU_ASSERT_TRUE(pk_cli_shared_init(&sh, PK_CLI_OPT_JOBS, own, NULL));
}

static void test_help(void)
{
    char buf[1024] = {0};
    FILE *f = fmemopen(buf, sizeof buf, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(pk_cli_help(f, PK_CLI_OPT_HELP | PK_CLI_OPT_JOBS | PK_CLI_OPT_RESULTS), 0);
    fclose(f);
    CU_ASSERT_STRING_EQUAL(buf, "      --results=first|white  read 1-0 as a win of the first mover (PDN, default)\n"
                                "                             or of White\n"
                                "  -j, --jobs=N               replay on N threads (default: every online core);\n"
                                "                             the output is the same whatever N\n"
                                "  -h, --help                 print this help and exit\n");
}

static const pk_test tests[] = {
    {"getopt table: own, then the shared ones listed", test_longopts},
    {"values read, bad ones refused, others left alone", test_values},
    {"a command line: the tool's own options", test_next},
    {"--variant of a FEN: international by default", test_fen_variant},
    {"pdngrep's --variant: shared without -v", test_select_variant},
    {"a long name listed twice refused", test_twice},
    {"one help text", test_help},
    {NULL, NULL},
};
PK_TEST_MAIN("shared options", tests)
