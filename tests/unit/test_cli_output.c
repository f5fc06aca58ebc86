/*
 * test_cli_output.c -- where a tool's report goes (cli.h): -o FILE, its close checked,
 * and --color: always, never, and auto (a terminal only, NO_COLOR and TERM=dumb
 * respected), tried on a pseudo-terminal.
 */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "unit/pktest.h"

static void test_color_words(void)
{
    int when = -1;
    pk_error e;
    CU_ASSERT_EQUAL(pk_cli_color(NULL, &when, &e), PK_OK);
    CU_ASSERT_EQUAL(when, PK_COLOR_ALWAYS); /* --color alone */
    CU_ASSERT_EQUAL(pk_cli_color("never", &when, &e), PK_OK);
    CU_ASSERT_EQUAL(when, PK_COLOR_NEVER);
    CU_ASSERT_EQUAL(pk_cli_color("auto", &when, &e), PK_OK);
    CU_ASSERT_EQUAL(when, PK_COLOR_AUTO);
    CU_ASSERT_EQUAL(pk_cli_color("sometimes", &when, &e), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "'sometimes'"));
}

static void test_color_auto(void)
{
    FILE *file = tmpfile();
    unsetenv("NO_COLOR");
    setenv("TERM", "xterm", 1);
    CU_ASSERT_FALSE(pk_cli_use_color(PK_COLOR_AUTO, file)); /* not a terminal */
    CU_ASSERT_TRUE(pk_cli_use_color(PK_COLOR_ALWAYS, file));
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) || unlockpt(master)) {
        fprintf(stderr, "no pseudo-terminal here: auto on a terminal not tried\n");
        fclose(file);
        return;
    }
    FILE *tty = fopen(ptsname(master), "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(tty);
    CU_ASSERT_TRUE(pk_cli_use_color(PK_COLOR_AUTO, tty));
    CU_ASSERT_FALSE(pk_cli_use_color(PK_COLOR_NEVER, tty));
    setenv("NO_COLOR", "1", 1);
    CU_ASSERT_FALSE(pk_cli_use_color(PK_COLOR_AUTO, tty));
    CU_ASSERT_TRUE(pk_cli_use_color(PK_COLOR_ALWAYS, tty)); /* an explicit choice wins */
    setenv("NO_COLOR", "", 1);                              /* empty: as if unset */
    CU_ASSERT_TRUE(pk_cli_use_color(PK_COLOR_AUTO, tty));
    setenv("TERM", "dumb", 1);
    CU_ASSERT_FALSE(pk_cli_use_color(PK_COLOR_AUTO, tty));
    fclose(tty);
    close(master);
    fclose(file);
}

static void test_output_file(void)
{
    FILE *out = NULL;
    pk_error e;
    CU_ASSERT_EQUAL(pk_cli_open_output("-", &out, &e), PK_OK);
    CU_ASSERT_PTR_EQUAL(out, stdout);
    CU_ASSERT_EQUAL(pk_cli_open_output("/nonexistent-dir/x", &out, &e), PK_ERR_IO);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "cannot open '/nonexistent-dir/x' for writing: "));
    char path[] = "/tmp/pk-cli-out.XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    CU_ASSERT_EQUAL(pk_cli_open_output(path, &out, &e), PK_OK);
    fputs("report\n", out);
    FILE *err = tmpfile();
    CU_ASSERT_EQUAL(pk_cli_close_output(out, path, err, "prog", 1), 1); /* closed, status kept */
    FILE *back = fopen(path, "r");
    char line[128] = "";
    CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, back));
    CU_ASSERT_STRING_EQUAL(line, "report\n");
    fclose(back);
    unlink(path);
    CU_ASSERT_EQUAL(pk_cli_open_output("/dev/full", &out, &e), PK_OK);
    fputs("cannot be written\n", out);
    CU_ASSERT_EQUAL(pk_cli_close_output(out, "/dev/full", err, "prog", 0), PK_EXIT_USAGE);
    rewind(err);
    CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, err));
    /* the file of -o named, as every tool names it (issue 31: pdnmoves -o did not) */
    CU_ASSERT_PTR_NOT_NULL(strstr(line, "prog: error: write error: /dev/full: "));
    CU_ASSERT_PTR_NULL(fgets(line, sizeof line, err)); /* said once */
    fclose(err);
    /* -o -: standard output, worded as without -o (no "-: ") */
    err = tmpfile();
    CU_ASSERT_EQUAL(pk_cli_open_output("/dev/full", &out, &e), PK_OK);
    fputs("cannot be written\n", out);
    CU_ASSERT_EQUAL(pk_cli_end_output(out, "-", 0, err, "prog", 0), PK_EXIT_USAGE);
    rewind(err);
    CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, err));
    CU_ASSERT_PTR_NOT_NULL(strstr(line, "prog: error: write error: No space left on device"));
    fclose(err);
}

static const pk_test tests[] = {{"--color words", test_color_words},
                                {"--color=auto: a terminal, NO_COLOR, TERM=dumb", test_color_auto},
                                {"-o FILE opened, written, closed and checked", test_output_file},
                                {NULL, NULL}};
PK_TEST_MAIN("cli output", tests)
