/*
 * cli_inputs.c -- the inputs of a tool, listed before the run (see cli_inputs.h): the
 * files named, standard input, the walk of -r, what is skipped and why, and whether an
 * output is one of the inputs.
 */
#include "cli_inputs.h"
#include "pk_nls.h"
#include "pk_ascii.h"

#include "cli.h"
#include "diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pk_port.h"

bool pk_cli_is_game_file(const char *name)
{
    static const char *const ends[] = {".pdn", ".pdn.gz", ".pdn.bz2", ".pdn.xz", ".pdn.zst"};
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        size_t e = strlen(ends[i]);
        if (n > e && !pk_ascii_casecmp(name + n - e, ends[i]))
            return true;
    }
    return false;
}

/* Why a path cannot be opened. A loop of links in our words: the C libraries word ELOOP
 * differently ("Too many levels of symbolic links", "Symbolic link loop"). */
static const char *reason(int e) { return e == ELOOP ? PK_T("a loop of symbolic links") : strerror(e); }

/* Appends an entry; why is formatted (NULL: none). false when out of memory. */
static bool add(pk_cli_inputs *in, int kind, const char *path, const struct stat *st, const char *fmt, ...)
{
    if (in->n == in->cap) {
        size_t cap = in->cap ? 2 * in->cap : 16;
        pk_cli_input *v = realloc(in->v, cap * sizeof *v);
        if (!v)
            return false;
        in->v = v;
        in->cap = cap;
    }
    pk_cli_input *e = &in->v[in->n];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    if (!(e->path = strdup(path)))
        return false;
    if (fmt) {
        char buf[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        if (!(e->why = strdup(buf))) {
            free(e->path);
            return false;
        }
    }
    if (st) {
        e->has_id = true;
        e->dev = st->st_dev;
        e->ino = st->st_ino;
    }
    in->n++;
    return true;
}

/* The folders walked so far, by device and inode: an open-addressing hash set, so that a
 * folder reached again through a link (a loop among them) is walked once. */
typedef struct dir_id {
    dev_t dev;
    ino_t ino;
    bool used;
} dir_id;

typedef struct walk {
    pk_cli_inputs *in;
    dir_id *seen;
    size_t nseen, cap; /* cap: a power of two, at most half full */
    bool nomem;
} walk;

static size_t id_hash(dev_t dev, ino_t ino, size_t cap)
{
    uint64_t h = ((uint64_t)ino * 0x9E3779B97F4A7C15u) ^ ((uint64_t)dev * 0xC2B2AE3D27D4EB4Fu);
    return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

/* Marks a folder walked; false when it was already (or memory ran out). */
static bool first_visit(walk *W, const struct stat *st)
{
    if (2 * (W->nseen + 1) > W->cap) {
        size_t cap = W->cap ? 2 * W->cap : 64;
        dir_id *t = calloc(cap, sizeof *t);
        if (!t) {
            W->nomem = true;
            return false;
        }
        for (size_t i = 0; i < W->cap; i++)
            if (W->seen[i].used) {
                size_t j = id_hash(W->seen[i].dev, W->seen[i].ino, cap);
                while (t[j].used)
                    j = (j + 1) & (cap - 1);
                t[j] = W->seen[i];
            }
        free(W->seen);
        W->seen = t;
        W->cap = cap;
    }
    size_t j = id_hash(st->st_dev, st->st_ino, W->cap);
    for (; W->seen[j].used; j = (j + 1) & (W->cap - 1))
        if (W->seen[j].dev == st->st_dev && W->seen[j].ino == st->st_ino)
            return false;
    W->seen[j] = (dir_id){st->st_dev, st->st_ino, true};
    W->nseen++;
    return true;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static const char *file_type(mode_t m)
{
    return S_ISFIFO(m)                ? PK_T("a FIFO")
           : S_ISSOCK(m)              ? PK_T("a socket")
           : S_ISCHR(m) || S_ISBLK(m) ? PK_T("a device")
                                      : PK_T("not a file");
}

static void walk_dir(walk *W, const char *dir, size_t *found);

/* One entry of a folder. found counts the game files (read or skipped) below the folder
 * named on the command line. */
static void walk_entry(walk *W, const char *path, const char *name, size_t *found)
{
    struct stat st;
    bool game = pk_cli_is_game_file(name);
    if (stat(path, &st) != 0) { /* a dangling link, a loop of links, removed since readdir */
        if (!game)
            return; /* nothing says it would have been read */
        int e = errno;
        struct stat l;
        bool dangling = e == ENOENT && lstat(path, &l) == 0 && S_ISLNK(l.st_mode);
        (*found)++;
        W->nomem |= !add(W->in, PK_INPUT_SKIPPED, path, NULL, PK_T("cannot open: %s%s"), reason(e),
                         dangling ? PK_T(" (a symbolic link to nothing)") : "");
        return;
    }
    if (S_ISDIR(st.st_mode)) {
        if (first_visit(W, &st))
            walk_dir(W, path, found);
        return;
    }
    if (!game)
        return;
    (*found)++;
    if (S_ISREG(st.st_mode))
        W->nomem |= !add(W->in, PK_INPUT_WALKED, path, &st, NULL);
    else
        W->nomem |= !add(W->in, PK_INPUT_SKIPPED, path, NULL, PK_T("not a regular file (%s): not read"),
                         file_type(st.st_mode));
}

static void walk_dir(walk *W, const char *dir, size_t *found)
{
    DIR *dp = opendir(dir);
    if (!dp) {
        W->nomem |= !add(W->in, PK_INPUT_SKIPPED, dir, NULL, PK_T("cannot open: %s"), reason(errno));
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0, dl = strlen(dir);
    const char *slash = dl && dir[dl - 1] == '/' ? "" : "/";
    struct dirent *e;
    int read_errno;
    for (;;) {
        errno = 0;
        if (!(e = readdir(dp))) {
            read_errno = errno;
            break;
        }
        if (e->d_name[0] == '.') /* hidden entries, "." and ".." */
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **p = realloc(names, cap * sizeof *p);
            if (!p) {
                read_errno = ENOMEM;
                break;
            }
            names = p;
        }
        size_t len = dl + strlen(e->d_name) + 2;
        if (!(names[n] = malloc(len))) {
            read_errno = ENOMEM;
            break;
        }
        snprintf(names[n++], len, "%s%s%s", dir, slash, e->d_name);
    }
    closedir(dp);
    if (read_errno == ENOMEM)
        W->nomem = true;
    else if (read_errno) /* what was read is walked; the folder is named as not read whole */
        W->nomem |=
            !add(W->in, PK_INPUT_SKIPPED, dir, NULL, PK_T("cannot read the folder: %s"), strerror(read_errno));
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        if (!W->nomem)
            walk_entry(W, names[i], names[i] + dl + strlen(slash), found);
        free(names[i]);
    }
    free(names);
}

int pk_cli_inputs_list(pk_cli_inputs *in, int argc, char **argv, int first, unsigned flags, pk_error *err)
{
    walk W = {in, NULL, 0, 0, false};
    struct stat st;
    if (first >= argc)
        W.nomem = !add(in, PK_INPUT_STDIN, "-", fstat(STDIN_FILENO, &st) ? NULL : &st, NULL);
    for (int i = first; i < argc && !W.nomem; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-")) {
            W.nomem = !add(in, PK_INPUT_STDIN, a, fstat(STDIN_FILENO, &st) ? NULL : &st, NULL);
        } else if (stat(a, &st) != 0) { /* opened in its turn, which says why not */
            W.nomem = !add(in, PK_INPUT_FILE, a, NULL, NULL);
        } else if (!S_ISDIR(st.st_mode)) {
            W.nomem = !add(in, PK_INPUT_FILE, a, &st, NULL);
        } else if (!(flags & PK_CLI_RECURSE)) {
            W.nomem = !add(in, PK_INPUT_SKIPPED, a, NULL, PK_T("is a directory%s"),
                           flags & PK_CLI_CAN_RECURSE ? PK_T(" (-r reads the game files in it)") : "");
        } else {
            size_t found = 0;
            if (first_visit(&W, &st))
                walk_dir(&W, a, &found);
            if (!found && !W.nomem)
                W.nomem = !add(in, PK_INPUT_EMPTY, a, NULL, PK_T("no game file (%s) in this folder or below"),
                               PK_CLI_GAME_FILES);
        }
    }
    free(W.seen);
    if (W.nomem)
        return pk_error_set(err, PK_ERR_NOMEM, 0, PK_T("out of memory listing the inputs"));
    return PK_OK;
}

void pk_cli_inputs_free(pk_cli_inputs *in)
{
    for (size_t i = 0; i < in->n; i++) {
        free(in->v[i].path);
        free(in->v[i].why);
    }
    free(in->v);
    in->v = NULL;
    in->n = in->cap = 0;
}

const char *pk_cli_input_name(const pk_cli_input *e)
{
    return e->kind == PK_INPUT_STDIN ? "<stdin>" : e->path;
}

/* A walked file: still a regular file? Opened without blocking, so that a FIFO cannot
 * hang the run, then made blocking again for the reader. */
static FILE *open_walked(const char *path, char *why, size_t size)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    struct stat st;
    if (fd < 0) {
        snprintf(why, size, PK_T("cannot open: %s"), reason(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(why, size, PK_T("cannot open: %s"), reason(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) { /* replaced since the walk */
        snprintf(why, size, PK_T("not a regular file (%s): not read"), file_type(st.st_mode));
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    FILE *f = fl == -1 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == -1 ? NULL : fdopen(fd, "rb");
    if (!f) {
        snprintf(why, size, PK_T("cannot open: %s"), reason(errno));
        close(fd);
    }
    return f;
}

FILE *pk_cli_input_open(const pk_cli_input *e, char *why, size_t size)
{
    FILE *f = NULL;
    switch (e->kind) {
    case PK_INPUT_STDIN: return stdin;
    case PK_INPUT_WALKED: return open_walked(e->path, why, size);
    case PK_INPUT_FILE:
        if (!(f = fopen(e->path, "rb")))
            snprintf(why, size, PK_T("cannot open: %s"), reason(errno));
        return f;
    default: snprintf(why, size, "%s", e->why ? e->why : PK_T("not read")); return NULL;
    }
}

void pk_cli_input_close(const pk_cli_input *e, FILE *f)
{
    if (f && f != stdin && e->kind != PK_INPUT_STDIN)
        fclose(f);
}

/* An input that cannot be read: to the tool, or on err. */
void pk_cli_input_say(FILE *err, const char *name, const char *why, bool error)
{
    fflush(NULL);
    pk_text_write_escaped(err, name); /* a name is echoed as text */
    fprintf(err, ": %s: %s\n", error ? "error" : "warning", why);
}

static void say(FILE *err, void (*fail)(void *, const char *, const char *, bool), void *ctx,
                const char *name, const char *why, bool error)
{
    if (fail)
        fail(ctx, name, why, error);
    else
        pk_cli_input_say(err, name, why, error);
}

int pk_cli_inputs_run(const pk_cli_inputs *in, FILE *err, void (*each)(void *ctx, FILE *f, const char *name),
                      void (*fail)(void *ctx, const char *name, const char *why, bool error),
                      bool (*go_on)(void *ctx), void *ctx)
{
    int bad = 0;
    for (size_t i = 0; i < in->n && (!go_on || go_on(ctx)); i++) {
        const pk_cli_input *e = &in->v[i];
        const char *name = pk_cli_input_name(e);
        if (e->kind == PK_INPUT_EMPTY) {
            say(err, fail, ctx, name, e->why, false);
            continue;
        }
        char why[512];
        FILE *f = pk_cli_input_open(e, why, sizeof why);
        if (!f) {
            say(err, fail, ctx, name, why, true);
            bad++;
            continue;
        }
        each(ctx, f, name);
        pk_cli_input_close(e, f);
    }
    return bad;
}

int pk_cli_output_check(const pk_cli_inputs *in, const char *path, const char *what, pk_error *err)
{
    struct stat st;
    bool std = !path || !strcmp(path, "-");
    if ((std ? fstat(STDOUT_FILENO, &st) : stat(path, &st)) != 0 || !S_ISREG(st.st_mode))
        return PK_OK; /* not there yet, or nothing a write could lose (/dev/null, a pipe) */
    for (size_t i = 0; i < in->n; i++) {
        const pk_cli_input *e = &in->v[i];
        if (!e->has_id || !pk_same_id(e->dev, e->ino, st.st_dev, st.st_ino))
            continue;
        const char *name = pk_cli_input_name(e);
        if (std)
            return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("standard output is also an input ('%s')"), name);
        if (!strcmp(name, path))
            return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("%s '%s' is also an input"), what, path);
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("%s '%s' is also an input ('%s')"), what, path, name);
    }
    return PK_OK;
}

/* Does the file start as an HTML page (after a UTF-8 BOM and blanks: "<!doctype html" or
 * "<html", any case)? Our reports do; a page of another program may be replaced too. */
static bool html_head(FILE *f)
{
    char b[64];
    size_t n = fread(b, 1, sizeof b - 1, f), i = 0;
    b[n] = 0;
    if (n >= 3 && !memcmp(b, "\xef\xbb\xbf", 3))
        i = 3;
    while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
        i++;
    return !pk_ascii_ncasecmp(b + i, "<!doctype html", 14) || !pk_ascii_ncasecmp(b + i, "<html", 5);
}

int pk_cli_page_check(const char *path, const char *what, pk_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
        return PK_OK; /* a new file, an empty one, /dev/null, a pipe: nothing to lose */
    FILE *f = fopen(path, "rb");
    bool page = f && html_head(f);
    if (f)
        fclose(f);
    if (page)
        return PK_OK;
    return pk_error_set(err, PK_ERR_USAGE, 0,
                        PK_T("%s '%s' exists and is not an HTML page: not overwritten (the report's file "
                             "is written after '=': --html=report.html)"),
                        what, path);
}

int pk_cli_inputs_open(pk_cli_inputs *in, int argc, char **argv, int first, unsigned flags, const char *path,
                       FILE **out, bool *shared, pk_error *err)
{
    int st = pk_cli_inputs_list(in, argc, argv, first, flags, err);
    if (!st)
        st = pk_cli_output_check(in, path, PK_T("output file"), err);
    if (!st)
        st = pk_cli_open_output(path ? path : "-", out, err);
    if (st)
        pk_cli_inputs_free(in);
    else
        *shared = pk_cli_log_shared(*out);
    return st;
}

int pk_cli_stdin_check(const char *path, pk_error *err)
{
    pk_cli_inputs in = {0};
    int st = pk_cli_inputs_list(&in, 0, NULL, 0, 0, err); /* no file: standard input */
    if (!st)
        st = pk_cli_output_check(&in, path, PK_T("output file"), err);
    pk_cli_inputs_free(&in);
    return st;
}

bool pk_cli_same_file(const char *path, FILE *f)
{
    struct stat a, b;
    return stat(path, &a) == 0 && fstat(fileno(f), &b) == 0 && S_ISREG(a.st_mode) &&
           pk_same_id(a.st_dev, a.st_ino, b.st_dev, b.st_ino);
}

bool pk_cli_same_path(const char *a, const char *b)
{
    struct stat x, y;
    if (!strcmp(a, b))
        return true;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && pk_same_id(x.st_dev, x.st_ino, y.st_dev, y.st_ino);
}
