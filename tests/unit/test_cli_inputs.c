/*
 * test_cli_inputs.c -- the inputs of a tool (cli_inputs.h): files named and standard
 * input, the walk of -r (byte order, compressed game files, hidden entries, links to
 * nothing and in a loop, a FIFO, folders reached twice, a folder without games), a file
 * removed between the listing and its turn, and an output that is one of the inputs.
 * Everything happens in a temporary folder.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_inputs.h"
#include "unit/pktest.h"

static char top[64];

static void path_of(char *buf, size_t size, const char *rel) { snprintf(buf, size, "%s/%s", top, rel); }

static void make_file(const char *rel)
{
    char p[256];
    path_of(p, sizeof p, rel);
    FILE *f = fopen(p, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("[GameType \"21\"]\n\n1. 11-15 *\n", f);
    fclose(f);
}

static void make_dir(const char *rel)
{
    char p[256];
    path_of(p, sizeof p, rel);
    CU_ASSERT_EQUAL_FATAL(mkdir(p, 0755), 0);
}

static void make_link(const char *target, const char *rel)
{
    char p[256];
    path_of(p, sizeof p, rel);
    CU_ASSERT_EQUAL_FATAL(symlink(target, p), 0);
}

/* The entries as "KIND path[: why]" lines, paths relative to top. */
static void describe(const pk_cli_inputs *in, char *out, size_t size)
{
    static const char *const kinds[] = {"stdin", "file", "walked", "skipped", "empty"};
    size_t n = 0, tl = strlen(top);
    out[0] = 0;
    for (size_t i = 0; i < in->n && n < size; i++) {
        const pk_cli_input *e = &in->v[i];
        const char *p = strncmp(e->path, top, tl) ? e->path : e->path + tl + 1;
        n += (size_t)snprintf(out + n, size - n, "%s %s%s%s\n", kinds[e->kind], p, e->why ? ": " : "",
                              e->why ? e->why : "");
    }
}

static void test_game_names(void)
{
    CU_ASSERT_TRUE(pk_cli_is_game_file("a.pdn"));
    CU_ASSERT_TRUE(pk_cli_is_game_file("A.PDN"));
    CU_ASSERT_TRUE(pk_cli_is_game_file("a.pdn.gz"));
    CU_ASSERT_TRUE(pk_cli_is_game_file("a.Pdn.Bz2"));
    CU_ASSERT_TRUE(pk_cli_is_game_file("a.pdn.xz"));
    CU_ASSERT_TRUE(pk_cli_is_game_file("a.pdn.zst"));
    CU_ASSERT_FALSE(pk_cli_is_game_file(".pdn"));
    CU_ASSERT_FALSE(pk_cli_is_game_file("a.gz"));
    CU_ASSERT_FALSE(pk_cli_is_game_file("a.pdn.txt"));
    CU_ASSERT_FALSE(pk_cli_is_game_file("a.pgn"));
}

static void remove_top(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", top);
}

static void test_walk(void)
{
    snprintf(top, sizeof top, "%s/pk-inputs-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(top));
    atexit(remove_top);
    make_dir("g");
    make_dir("g/sub");
    make_dir("g/z");
    make_dir("empty");
    make_dir("empty/deeper");
    make_file("g/b.pdn");
    make_file("g/a.pdn.gz"); /* by its name: the reader tells the format by its bytes */
    make_file("g/.hidden.pdn");
    make_file("g/notes.txt");
    make_file("g/sub/c.PDN");
    make_file("g/z/d.pdn.zst");
    make_link("nowhere.pdn", "g/dangling.pdn");
    make_link("loop2.pdn", "g/loop1.pdn");
    make_link("loop1.pdn", "g/loop2.pdn");
    make_link("nowhere", "g/dangling-dir"); /* not a game file's name: nothing to say */
    make_link("..", "g/sub/up");            /* a loop: g is being walked */
    make_link("../z", "g/sub/zz");          /* g/z reached twice: walked once, as g/sub/zz */
    char fifo[256];
    path_of(fifo, sizeof fifo, "g/fifo.pdn");
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0644), 0);

    char g[256], empty[256], b[256];
    path_of(g, sizeof g, "g");
    path_of(empty, sizeof empty, "empty");
    path_of(b, sizeof b, "g/b.pdn");
    char *argv[] = {"tool", g, empty, b, "-"};
    pk_cli_inputs in = {0};
    pk_error err;
    char text[2048];
    CU_ASSERT_EQUAL_FATAL(pk_cli_inputs_list(&in, 5, argv, 1, PK_CLI_RECURSE | PK_CLI_CAN_RECURSE, &err),
                          PK_OK);
    describe(&in, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text,
                           "walked g/a.pdn.gz\n"
                           "walked g/b.pdn\n"
                           "skipped g/dangling.pdn: cannot open: No such file or directory (a symbolic "
                           "link to nothing)\n"
                           "skipped g/fifo.pdn: not a regular file (a FIFO): not read\n"
                           "skipped g/loop1.pdn: cannot open: a loop of symbolic links\n"
                           "skipped g/loop2.pdn: cannot open: a loop of symbolic links\n"
                           "walked g/sub/c.PDN\n"
                           "walked g/sub/zz/d.pdn.zst\n"
                           "empty empty: no game file (*.pdn, *.pdn.gz, *.pdn.bz2, *.pdn.xz, *.pdn.zst) "
                           "in this folder or below\n"
                           "file g/b.pdn\n"
                           "stdin -\n");
    pk_cli_inputs_free(&in);

    /* without -r: a folder is an input that cannot be read */
    CU_ASSERT_EQUAL_FATAL(pk_cli_inputs_list(&in, 3, argv, 1, PK_CLI_CAN_RECURSE, &err), PK_OK);
    describe(&in, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "skipped g: is a directory (-r reads the game files in it)\n"
                                 "skipped empty: is a directory (-r reads the game files in it)\n");
    pk_cli_inputs_free(&in);
    CU_ASSERT_EQUAL_FATAL(pk_cli_inputs_list(&in, 2, argv, 1, 0, &err), PK_OK);
    CU_ASSERT_STRING_EQUAL(in.v[0].why, "is a directory");
    pk_cli_inputs_free(&in);
    /* no argument: standard input */
    CU_ASSERT_EQUAL_FATAL(pk_cli_inputs_list(&in, 1, argv, 1, 0, &err), PK_OK);
    CU_ASSERT_EQUAL(in.n, 1);
    CU_ASSERT_EQUAL(in.v[0].kind, PK_INPUT_STDIN);
    CU_ASSERT_STRING_EQUAL(pk_cli_input_name(&in.v[0]), "<stdin>");
    pk_cli_inputs_free(&in);
}

typedef struct seen {
    char text[2048];
    size_t n;
} seen;

static void on_each(void *ctx, FILE *f, const char *name)
{
    seen *s = ctx;
    char line[64] = "";
    if (!fgets(line, sizeof line, f))
        strcpy(line, "(nothing)\n");
    s->n +=
        (size_t)snprintf(s->text + s->n, sizeof s->text - s->n, "read %s: %s", name + strlen(top) + 1, line);
}

static void on_fail(void *ctx, const char *name, const char *why, bool error)
{
    seen *s = ctx;
    s->n += (size_t)snprintf(s->text + s->n, sizeof s->text - s->n, "%s %s: %s\n",
                             error ? "error" : "warning", name + strlen(top) + 1, why);
}

/* The run: in the listing's order; a file removed since is an error in its turn; a FIFO
 * put where a walked file was is not opened for reading (it would wait for a writer). */
static void test_run(void)
{
    char h[256], p[256], g[256];
    path_of(g, sizeof g, "h");
    make_dir("h");
    make_file("h/1.pdn");
    make_file("h/2.pdn");
    make_file("h/3.pdn");
    char *argv[] = {"tool", g};
    pk_cli_inputs in = {0};
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_cli_inputs_list(&in, 2, argv, 1, PK_CLI_RECURSE, &err), PK_OK);
    CU_ASSERT_EQUAL_FATAL(in.n, 3);
    path_of(p, sizeof p, "h/2.pdn");
    CU_ASSERT_EQUAL(unlink(p), 0); /* removed during the run */
    path_of(h, sizeof h, "h/3.pdn");
    CU_ASSERT_EQUAL(unlink(h), 0);
    CU_ASSERT_EQUAL(mkfifo(h, 0644), 0); /* and a FIFO in a game file's place */
    seen s = {"", 0};
    CU_ASSERT_EQUAL(pk_cli_inputs_run(&in, stderr, on_each, on_fail, NULL, &s), 2);
    CU_ASSERT_STRING_EQUAL(s.text, "read h/1.pdn: [GameType \"21\"]\n"
                                   "error h/2.pdn: cannot open: No such file or directory\n"
                                   "error h/3.pdn: not a regular file (a FIFO): not read\n");
    pk_cli_inputs_free(&in);
    unlink(h);
}

/* An output that is an input, by device and inode, whatever the name. */
static void test_output_check(void)
{
    char a[256], lnk[256], hard[256], dot[256], fresh[256], dir[256];
    path_of(a, sizeof a, "o.pdn");
    path_of(lnk, sizeof lnk, "o-link.pdn");
    path_of(hard, sizeof hard, "o-hard.pdn");
    snprintf(dot, sizeof dot, "%s/./o.pdn", top);
    path_of(fresh, sizeof fresh, "not-yet.pdn");
    path_of(dir, sizeof dir, "h");
    make_file("o.pdn");
    make_link("o.pdn", "o-link.pdn");
    CU_ASSERT_EQUAL_FATAL(link(a, hard), 0);
    char *argv[] = {"tool", a, dir};
    pk_cli_inputs in = {0};
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_cli_inputs_list(&in, 3, argv, 1, PK_CLI_RECURSE, &err), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, a, "output file", &err), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "output file '"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "o.pdn' is also an input"));
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, lnk, "--html file", &err), PK_ERR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "--html file '"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "o-link.pdn' is also an input ('"));
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, hard, "output file", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, dot, "output file", &err), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, fresh, "output file", &err), PK_OK);
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, "/dev/null", "output file", &err), PK_OK);
    /* a file in a folder walked by -r */
    char h1[256];
    path_of(h1, sizeof h1, "h/1.pdn");
    CU_ASSERT_EQUAL(pk_cli_output_check(&in, h1, "output file", &err), PK_ERR_USAGE);
    /* pk_cli_same_file: the two outputs of one run */
    FILE *f = fopen(a, "a");
    CU_ASSERT_TRUE(pk_cli_same_file(dot, f));
    CU_ASSERT_TRUE(pk_cli_same_file(lnk, f));
    CU_ASSERT_FALSE(pk_cli_same_file(fresh, f));
    fclose(f);
    /* pk_cli_same_path: the same before either is opened (issue 31 item 10) */
    CU_ASSERT_TRUE(pk_cli_same_path(a, a));
    CU_ASSERT_TRUE(pk_cli_same_path(dot, a));
    CU_ASSERT_TRUE(pk_cli_same_path(lnk, hard));
    CU_ASSERT_TRUE(pk_cli_same_path(fresh, fresh)); /* one name: one file, once made */
    CU_ASSERT_FALSE(pk_cli_same_path(fresh, a));
    CU_ASSERT_FALSE(pk_cli_same_path(a, h1));
    pk_cli_inputs_free(&in);
    unlink(a);
    unlink(lnk);
    unlink(hard);
}

static const pk_test tests[] = {{"game file names (compressed ones too)", test_game_names},
                                {"-r walk: order, skips with their reasons, loops, empty folder", test_walk},
                                {"the run: removed or replaced since the listing", test_run},
                                {"an output that is an input", test_output_check},
                                {NULL, NULL}};
PK_TEST_MAIN("cli inputs", tests)
