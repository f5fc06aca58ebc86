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

int pk_cli_finish(FILE *out, FILE *err, const char *prog, int status)
{
    int failed = ferror(out);
    errno = 0;
    if (fflush(out) != 0)
        failed = 1;
    int saved = errno;
    /* stdout itself is left open: closing it here would hide nothing more (the fflush
     * above reported the last write), and atexit handlers may still use it. */
    if (!failed)
        return status;
    fprintf(err, "%s: error: write error: %s\n", prog, saved ? strerror(saved) : "output stream failed");
    return PK_EXIT_USAGE;
}

int pk_cli_close_output(FILE *out, FILE *err, const char *prog, int status)
{
    status = pk_cli_finish(out, err, prog, status);
    if (out == stdout || out == stderr)
        return status;
    bool failed = status == PK_EXIT_USAGE && ferror(out); /* said already */
    errno = 0;
    if (fclose(out) != 0 && !failed) { /* a last block may only fail here (NFS, quotas) */
        fprintf(err, "%s: error: write error: %s\n", prog, errno ? strerror(errno) : "output stream failed");
        return PK_EXIT_USAGE;
    }
    return status;
}

int pk_cli_each_input(int argc, char **argv, int first, FILE *err, void (*each)(void *ctx, FILE *f, const char *name),
                      bool (*go_on)(void *ctx), void *ctx)
{
    int bad = 0;
    if (first >= argc && (!go_on || go_on(ctx)))
        each(ctx, stdin, "<stdin>");
    for (int i = first; i < argc && (!go_on || go_on(ctx)); i++) {
        if (!strcmp(argv[i], "-")) {
            each(ctx, stdin, "<stdin>");
            continue;
        }
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            fprintf(err, "%s: error: is a directory\n", argv[i]);
            bad++;
            continue;
        }
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(err, "%s: error: cannot open: %s\n", argv[i], strerror(errno));
            bad++;
            continue;
        }
        each(ctx, f, argv[i]);
        fclose(f);
    }
    return bad;
}
