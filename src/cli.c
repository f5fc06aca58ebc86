/*
 * cli.c -- the options and manners every tool shares (see cli.h). The tools' mains
 * keep their own getopt_long tables; the values and the words come from here.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "draw.h"
#include "movegen.h"
#include "pool.h"
#include "replay.h"

int pk_cli_variant(const char *arg, const pk_variant **out, pk_error *err)
{
    *out = arg ? pk_variant_lookup(arg) : NULL;
    if (*out)
        return PK_OK;
    return pk_error_set(err, PK_ERR_USAGE, 0, "unknown variant '%s' (known: %s, or a PDN GameType number)",
                        arg ? arg : "", pk_variant_names());
}

int pk_cli_results(const char *arg, int *out, pk_error *err)
{
    if (!strcmp(arg, "first"))
        *out = PK_RESULTS_FIRST_MOVER;
    else if (!strcmp(arg, "white"))
        *out = PK_RESULTS_WHITE;
    else
        return pk_error_set(err, PK_ERR_USAGE, 0, "--results takes 'first' or 'white', not '%s'", arg);
    return PK_OK;
}

const char *pk_cli_result_token(int results, const pk_variant *v, int kind, const char *like)
{
    /* --results white: 1-0 = White won, the second mover in English and pool */
    if (results == PK_RESULTS_WHITE && v && v->first == PK_BLACK &&
        (kind == PK_RESULT_FIRST_WIN || kind == PK_RESULT_SECOND_WIN))
        kind = kind == PK_RESULT_FIRST_WIN ? PK_RESULT_SECOND_WIN : PK_RESULT_FIRST_WIN;
    return pk_result_token(kind, like);
}

int pk_cli_jobs(const char *arg, int *out, pk_error *err)
{
    char *end;
    errno = 0;
    long n = strtol(arg, &end, 10);
    if (!*arg || *end || errno || n < 1 || n > PK_CLI_MAX_JOBS)
        return pk_error_set(err, PK_ERR_USAGE, 0, "-j takes a number of threads from 1 to %d, not '%s'",
                            PK_CLI_MAX_JOBS, arg);
    *out = (int)n;
    return PK_OK;
}

int pk_cli_jobs_default(void) { return pk_pool_cpus(); }

int pk_cli_jobs_window(void)
{
    const char *w = getenv("PK_JOBS_WINDOW");
    return w ? atoi(w) : 0;
}

long pk_cli_piece_bytes(void)
{
    const char *p = getenv("PK_PIECE_BYTES");
    return p ? atol(p) : 0;
}

/* Each draw profile and the variants (by draw profile) it belongs to. */
static const struct {
    const char *name;
    unsigned flag;
    int profile, profile2; /* enum pk_draw_profile; -1 none */
} profiles[] = {
    {"brazilian-fmjd64", PK_DRAW_OPT_BRAZILIAN_FMJD64, PK_DRAW_BRAZILIAN, -1}, /* RULES 3.7, D-BR-1 */
    {"spanish-site40each", PK_DRAW_OPT_SPANISH_SITE40EACH, PK_DRAW_SPANISH, PK_DRAW_PORTUGUESE}, /* D-ES-1 */
    {"spanish-site20each", PK_DRAW_OPT_SPANISH_SITE20EACH, PK_DRAW_SPANISH, PK_DRAW_PORTUGUESE},
};
#define NPROFILES (sizeof profiles / sizeof profiles[0])

const char *pk_cli_draw_profile_names(void) { return "brazilian-fmjd64, spanish-site40each, spanish-site20each"; }

int pk_cli_draw_profile(const char *arg, unsigned *flags, pk_error *err)
{
    for (size_t i = 0; i < NPROFILES; i++)
        if (!strcmp(arg, profiles[i].name)) {
            *flags |= profiles[i].flag;
            return PK_OK;
        }
    return pk_error_set(err, PK_ERR_USAGE, 0, "unknown draw profile '%s' (known: %s)", arg,
                        pk_cli_draw_profile_names());
}

int pk_cli_applies(const pk_variant *v, unsigned gen_flags, unsigned draw_options, pk_error *err)
{
    /* RULES 0.1: the seed pages' house rule is about 8x8 games (Spanish, Brazilian). */
    if ((gen_flags & PK_GEN_CAPTURE_OPTIONAL) && v->rules.width != 8)
        return pk_error_set(err, PK_ERR_USAGE, 0, "--capture-optional is a house rule of 8x8 variants, not of %s",
                            v->name);
    for (size_t i = 0; i < NPROFILES; i++)
        if ((draw_options & profiles[i].flag) && v->draw_profile != profiles[i].profile &&
            v->draw_profile != profiles[i].profile2)
            return pk_error_set(err, PK_ERR_USAGE, 0, "--draw-profile=%s does not apply to %s", profiles[i].name,
                                v->name);
    return PK_OK;
}

int pk_cli_usage_error(FILE *out, const char *prog, const char *fmt, ...)
{
    va_list ap;
    fprintf(out, "%s: error: ", prog);
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fprintf(out, "\nTry '%s --help'.\n", prog);
    return PK_EXIT_USAGE;
}

void pk_cli_version(FILE *out, const char *prog) { fprintf(out, "%s (pdnkit) %s\n", prog, PK_VERSION); }

void pk_cli_list_variants(FILE *out)
{
    int wa = (int)strlen("aliases");
    for (int i = 0; pk_variant_at(i); i++) /* the widest alias list sets the column */
        if ((int)strlen(pk_variant_at(i)->aliases) > wa)
            wa = (int)strlen(pk_variant_at(i)->aliases);
    fprintf(out, "%-14s %-*s %-8s %-17s %-7s %s\n", "name", wa, "aliases", "GameType", "extended", "board",
            "first");
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        char board[16];
        snprintf(board, sizeof board, "%dx%d", v->rules.width, v->rules.height);
        fprintf(out, "%-14s %-*s %-8d %-17s %-7s %s\n", v->name, wa, *v->aliases ? v->aliases : "-", v->gametype,
                v->gametype_full, board, v->first == PK_WHITE ? "white" : "black");
    }
}

int pk_cli_open_output(const char *path, FILE **out, pk_error *err)
{
    if (!strcmp(path, "-")) {
        *out = stdout;
        return PK_OK;
    }
    *out = fopen(path, "w");
    if (*out)
        return PK_OK;
    return pk_error_set(err, PK_ERR_IO, 0, "cannot open '%s' for writing: %s", path, strerror(errno));
}

int pk_cli_color(const char *arg, int *when, pk_error *err)
{
    static const struct {
        const char *name;
        int when;
    } names[] = {{"auto", PK_COLOR_AUTO},     {"tty", PK_COLOR_AUTO},    {"if-tty", PK_COLOR_AUTO},
                 {"always", PK_COLOR_ALWAYS}, {"yes", PK_COLOR_ALWAYS},  {"force", PK_COLOR_ALWAYS},
                 {"never", PK_COLOR_NEVER},   {"no", PK_COLOR_NEVER},    {"none", PK_COLOR_NEVER}};
    if (!arg) {
        *when = PK_COLOR_ALWAYS;
        return PK_OK;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(arg, names[i].name)) {
            *when = names[i].when;
            return PK_OK;
        }
    return pk_error_set(err, PK_ERR_USAGE, 0, "--color takes 'auto', 'always' or 'never', not '%s'", arg);
}

bool pk_cli_use_color(int when, FILE *out)
{
    if (when != PK_COLOR_AUTO)
        return when == PK_COLOR_ALWAYS;
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    return (!no || !*no) && !(term && !strcmp(term, "dumb")) && isatty(fileno(out));
}

bool pk_cli_write_failed(FILE *out, int *why)
{
    if (!ferror(out))
        return false;
    if (!*why)
        *why = errno ? errno : EIO;
    return true;
}

/* What the descriptor says when no write gave a reason: closed, or open for reading only
 * (`>&-`, `>&0`). 0 when it tells nothing. */
static int fd_reason(FILE *out)
{
    int fl = fcntl(fileno(out), F_GETFL);
    if (fl == -1)
        return errno;
    return (fl & O_ACCMODE) == O_RDONLY ? EBADF : 0;
}

static int end_output(FILE *out, const char *name, int why, FILE *err, const char *prog, int status,
                      bool close_it)
{
    bool failed = ferror(out);
    errno = 0;
    if (fflush(out) != 0) {
        failed = true;
        if (!why)
            why = errno;
    }
    if (failed && !why)
        why = fd_reason(out);
    /* stdout itself is left open: closing it here would hide nothing more (the fflush
     * above reported the last write), and atexit handlers may still use it. */
    if (close_it && out != stdout && out != stderr) {
        errno = 0;
        if (fclose(out) != 0 && !failed) { /* a last block may only fail here (NFS, quotas) */
            failed = true;
            why = errno;
        }
    }
    if (!failed)
        return status;
    fprintf(err, "%s: error: write error%s%s: %s\n", prog, name ? ": " : "", name ? name : "",
            why ? strerror(why) : "the system gave no reason");
    return PK_EXIT_USAGE;
}

int pk_cli_end_output(FILE *out, const char *name, int why, FILE *err, const char *prog, int status)
{
    return end_output(out, name, why, err, prog, status, true);
}

int pk_cli_finish(FILE *out, FILE *err, const char *prog, int status)
{
    return end_output(out, NULL, ferror(out) ? errno : 0, err, prog, status, false);
}

int pk_cli_close_output(FILE *out, FILE *err, const char *prog, int status)
{
    return end_output(out, NULL, ferror(out) ? errno : 0, err, prog, status, true);
}

bool pk_cli_log_shared(FILE *out)
{
    struct stat a, b;
    setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
    if (fstat(fileno(out), &a) != 0 || fstat(STDERR_FILENO, &b) != 0 || a.st_dev != b.st_dev ||
        a.st_ino != b.st_ino)
        return false;
    return !S_ISCHR(a.st_mode) || isatty(STDERR_FILENO); /* a terminal, not /dev/null: no order to keep */
}

FILE *pk_cli_err(FILE *out, bool shared)
{
    if (shared)
        fflush(out);
    return stderr;
}
