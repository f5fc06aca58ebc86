/*
 * cli.c -- the manners every tool shares (see cli.h): errors worded alike (usage, FEN, move),
 * --version and --list-variants, -o and the end of the output (a failed write is exit
 * status 2 with one line), --color's decision, standard error beside standard output.
 * Reading the command line itself (the options, their values, getopt_long's mistakes) is
 * cli_opts.c.
 */
#include "pk_nls.h"
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "diag.h"
#include "draw.h"
#include "fen.h"
#include "movegen.h"
#include "pool.h"
#include "replay.h"
#include "rule_options.h"

/* "PROG: [WHERE: ]error: " then the formatted message, escaped, and a line break. */
static void verror(FILE *out, const char *prog, const char *where, const char *fmt, va_list ap)
{
    char msg[2048], esc[4 * sizeof msg];
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    if (n < 0)
        n = 0;
    pk_text_escape(esc, sizeof esc, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    if (where)
        fprintf(out, "%s: %s: error: %s\n", prog, where, esc);
    else
        fprintf(out, "%s: error: %s\n", prog, esc);
}

void pk_cli_error(FILE *out, const char *prog, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(out, prog, where, fmt, ap);
    va_end(ap);
}

int pk_cli_usage_error(FILE *out, const char *prog, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(out, prog, NULL, fmt, ap);
    va_end(ap);
    fprintf(out, PK_T("Try '%s --help'.\n"), prog);
    return PK_EXIT_USAGE;
}

void pk_cli_fen_error(FILE *out, const char *prog, const char *where, const pk_variant *v, const char *fen,
                      size_t len, const pk_error *e)
{
    char msg[1200]; /* the FEN echoed, escaped, is already safe: pk_cli_error keeps it so */
    pk_fen_error_text(fen, len, NULL, e, msg, sizeof msg);
    pk_cli_error(out, prog, where, "%s", msg);
    fprintf(out, PK_T("    the start position of %s, as a FEN: %s\n"), v->name, v->start_fen);
}

void pk_cli_move_error(FILE *out, const char *prog, const char *move, const pk_error *e)
{
    pk_cli_error(out, prog, NULL, PK_T("bad move '%s': %s (column %lld)"), move, e->msg, e->col);
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
    return pk_error_set(err, PK_ERR_IO, 0, PK_T("cannot open '%s' for writing: %s"), path, strerror(errno));
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
    if (name && !strcmp(name, "-")) /* -o -: standard output, worded as without -o */
        name = NULL;
    pk_cli_error(err, prog, NULL, PK_T("write error%s%s: %s"), name ? ": " : "", name ? name : "",
                 why ? strerror(why) : PK_T("the system gave no reason"));
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

int pk_cli_close_output(FILE *out, const char *name, FILE *err, const char *prog, int status)
{
    return end_output(out, name, ferror(out) ? errno : 0, err, prog, status, true);
}

bool pk_cli_log_shared(FILE *out)
{
    struct stat a, b;
    setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
    if (fstat(fileno(out), &a) != 0 || fstat(STDERR_FILENO, &b) != 0 ||
        !pk_same_id(a.st_dev, a.st_ino, b.st_dev, b.st_ino))
        return false;
    return !S_ISCHR(a.st_mode) || isatty(STDERR_FILENO); /* a terminal, not /dev/null: no order to keep */
}

FILE *pk_cli_err(FILE *out, bool shared)
{
    if (shared)
        fflush(out);
    return stderr;
}
