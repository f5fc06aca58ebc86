/*
 * cli.c -- the options and manners every tool shares (see cli.h). The tools' mains
 * keep their own getopt_long tables; the short letters (one meaning each, the table
 * below), the values, and the words of every error, escaped, come from here.
 */
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
    return pk_result_token_as(results, v, kind, like);
}

int pk_cli_jobs(const char *arg, int *out, pk_error *err)
{
    long n;
    if (pk_cli_number(arg, 1, PK_CLI_MAX_JOBS, &n))
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

const char *pk_cli_draw_profile_names(void) { return pk_draw_profile_names(); }

int pk_cli_draw_profile(const char *arg, unsigned *flags, pk_error *err)
{
    unsigned f = pk_draw_profile_flag(arg);
    if (f) {
        *flags |= f;
        return PK_OK;
    }
    return pk_error_set(err, PK_ERR_USAGE, 0, "unknown draw profile '%s' (known: %s)", arg,
                        pk_draw_profile_names());
}

/* rules knowledge: rule_options.c */
int pk_cli_applies(const pk_variant *v, unsigned gen_flags, unsigned draw_options, pk_error *err)
{
    return pk_rule_options_apply(v, gen_flags, draw_options, err);
}

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
    fprintf(out, "Try '%s --help'.\n", prog);
    return PK_EXIT_USAGE;
}

void pk_cli_fen_error(FILE *out, const char *prog, const char *where, const pk_variant *v, const char *fen,
                      size_t len, const pk_error *e)
{
    char msg[1200]; /* the FEN echoed, escaped, is already safe: pk_cli_error keeps it so */
    pk_fen_error_text(fen, len, NULL, e, msg, sizeof msg);
    pk_cli_error(out, prog, where, "%s", msg);
    fprintf(out, "    the start position of %s, as a FEN: %s\n", v->name, v->start_fen);
}

void pk_cli_move_error(FILE *out, const char *prog, const char *move, const pk_error *e)
{
    pk_cli_error(out, prog, NULL, "bad move '%s': %s (column %lld)", move, e->msg, e->col);
}

/* ---- short options ---------------------------------------------------------------- */

/* The one meaning of each short option in pdnkit (cli.h). A tool need not have them
 * all; one that has the letter has it for this long option. */
static const struct {
    char c;
    const char *name;
} shorts[] = {
    {'a', "ascii"},   {'b', "board"},   {'c', "check"},           {'d', "divide"},  {'e', "explain"},
    {'f', "fen"},     {'g', "game"},    {'h', "help"},            {'j', "jobs"},    {'k', "keep-duplicates"},
    {'m', "move"},    {'o', "output"},  {'q', "quiet"},           {'r', "recursive"}, {'s', "svg"},
    {'t', "time"},    {'v', "variant"}, {'V', "version"},
    {'i', "ignore-case"}, {'l', "list"}, {'u', "unique"}, {'D', "duplicates"},
};

/* A tool modelled on a classic keeps the classic's letters where the toolkit's would
 * mislead its users: pdngrep is grep's (-v inverts, -c counts) and takes -t for a tag
 * (issue 24; pdngrep(1) says so). Only these: every other letter is the toolkit's. */
static const struct {
    const char *prog;
    char c;
    const char *name;
} own[] = {
    {"pdngrep", 'v', "invert-match"},
    {"pdngrep", 'c', "count"},
    {"pdngrep", 't', "tag"},
};

/* Letters a tool gave another meaning before they had one toolkit-wide (up to pdnkit 0.1.0):
 * their old use fails with a hint instead of meaning something else now. */
static const struct {
    const char *prog;
    char c;
    const char *was;
} retired[] = {
    {"pdnmoves", 'j', "json"},
    {"pdndiagram", 't', "text"},
    {"pdndiagram", 'f', "flip"},
};

static const char *short_name(int c)
{
    for (size_t i = 0; i < sizeof shorts / sizeof shorts[0]; i++)
        if (shorts[i].c == c)
            return shorts[i].name;
    return NULL;
}

/* argv[i] up to its '=' (an option as written, for a message). */
static void option_text(const char *arg, char *buf, size_t size)
{
    size_t n = strcspn(arg, "=");
    pk_text_escape(buf, size, arg, n);
}

/* An unknown or ambiguous "--name[=value]". */
static void long_mistake(FILE *err, const char *prog, const struct option *longopts, const char *arg)
{
    char opt[256];
    option_text(arg, opt, sizeof opt);
    const char *name = arg + 2;
    size_t n = strcspn(name, "=");
    int matches = 0;
    char list[512] = "";
    size_t used = 0;
    for (const struct option *o = longopts; o->name; o++)
        if (!strncmp(o->name, name, n)) {
            matches++;
            used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0, "%s--%s",
                                     matches > 1 ? ", " : "", o->name);
        }
    if (matches > 1)
        fprintf(err, "%s: error: option '%s' is ambiguous: it can be %s\n", prog, opt, list);
    else
        fprintf(err, "%s: error: unknown option '%s'\n", prog, opt);
}

/* The short option string of longopts (a leading ':': a missing value is told apart),
 * the letters of the tool's past after them. NULL, said on err, when the table binds a
 * letter to another long option than the toolkit's. */
static const char *optstring_of(const struct option *longopts, const char *prog, FILE *err, char *buf, size_t size)
{
    size_t k = 0;
    buf[k++] = ':';
    for (const struct option *o = longopts; o->name && k + 4 < size; o++) {
        if (o->flag || !((o->val >= 'a' && o->val <= 'z') || (o->val >= 'A' && o->val <= 'Z')))
            continue; /* a long option only */
        const char *meant = short_name(o->val);
        for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
            if (own[i].c == o->val && !strcmp(own[i].prog, prog))
                meant = own[i].name;
        if (!meant || strcmp(meant, o->name)) {
            fprintf(err, "%s: error: internal: -%c stands for --%s in pdnkit, not --%s\n", prog, o->val,
                    meant ? meant : "(nothing)", o->name);
            return NULL;
        }
        buf[k++] = (char)o->val;
        if (o->has_arg != no_argument)
            buf[k++] = ':';
        if (o->has_arg == optional_argument)
            buf[k++] = ':';
    }
    buf[k] = 0;
    for (size_t i = 0; i < sizeof retired / sizeof retired[0] && k + 1 < size; i++)
        if (!strcmp(retired[i].prog, prog) && !strchr(buf + 1, retired[i].c)) {
            buf[k++] = retired[i].c;
            buf[k] = 0;
        }
    return buf;
}

/* What getopt_long refused (c is '?' or ':'), in one line. */
static void say_mistake(int c, int argc, char **argv, const struct option *longopts, const char *prog, FILE *err)
{
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    char opt[256];
    bool is_long = !strncmp(arg, "--", 2);
    if (c == ':') { /* the last argument, so argv[optind - 1] is the option itself */
        if (is_long)
            option_text(arg, opt, sizeof opt);
        else
            snprintf(opt, sizeof opt, "-%c", optopt);
        fprintf(err, "%s: error: option '%s' needs a value\n", prog, opt);
    } else if (is_long && optopt == 0) {
        long_mistake(err, prog, longopts, arg);
    } else if (is_long && strchr(arg, '=')) { /* optopt: the option given a value */
        option_text(arg, opt, sizeof opt);
        fprintf(err, "%s: error: option '%s' takes no value\n", prog, opt);
    } else { /* a short option (argv[optind - 1] may be another argument: inside "-xb") */
        pk_text_escape(opt, sizeof opt, (const char[]){(char)optopt}, 1);
        fprintf(err, "%s: error: unknown option '-%s'\n", prog, opt);
    }
}

int pk_cli_getopt(int argc, char **argv, const struct option *longopts, const char *prog, FILE *err)
{
    char buf[3 + 3 * 64 + 8];
    const char *optstring = optstring_of(longopts, prog, err, buf, sizeof buf);
    if (!optstring)
        return '?';
    opterr = 0; /* the messages below, escaped and worded as pdnkit words them */
    int c = getopt_long(argc, argv, optstring, longopts, NULL);
    bool own = false; /* c is one of the tool's options (a letter of its past may be one again) */
    for (const struct option *o = longopts; o->name; o++)
        own |= o->val == c && !o->flag;
    for (size_t i = 0; i < sizeof retired / sizeof retired[0] && !own; i++)
        if (c == retired[i].c && !strcmp(retired[i].prog, prog)) {
            fprintf(err, "%s: error: -%c no longer stands for --%s (in pdnkit -%c is --%s); write --%s\n", prog,
                    c, retired[i].was, c, short_name(c), retired[i].was);
            fprintf(err, "Try '%s --help'.\n", prog);
            return '?';
        }
    if (c != '?' && c != ':')
        return c;
    say_mistake(c, argc, argv, longopts, prog, err);
    fprintf(err, "Try '%s --help'.\n", prog);
    return '?';
}

int pk_cli_number(const char *arg, long min, long max, long *out)
{
    long n = 0;
    if (!*arg)
        return PK_ERR_USAGE;
    for (const char *p = arg; *p; p++) {
        if (*p < '0' || *p > '9')
            return PK_ERR_USAGE;
        if (n <= max)
            n = n * 10 + (*p - '0');
    }
    if (n < min || n > max)
        return PK_ERR_USAGE;
    *out = n;
    return PK_OK;
}

int pk_cli_shard(const char *arg, int *k, int *n, pk_error *err)
{
    const char *slash = strchr(arg, '/');
    char kbuf[16];
    long kk, nn;
    size_t kl = slash ? (size_t)(slash - arg) : 0;
    if (slash && kl < sizeof kbuf) {
        memcpy(kbuf, arg, kl);
        kbuf[kl] = 0;
    }
    if (!slash || kl >= sizeof kbuf || pk_cli_number(kbuf, 0, 999999, &kk) ||
        pk_cli_number(slash + 1, 1, 1000000, &nn) || kk >= nn)
        return pk_error_set(err, PK_ERR_USAGE, 0, "--shard takes K/N with 0 <= K < N <= 1000000, not '%s'", arg);
    *k = (int)kk;
    *n = (int)nn;
    return PK_OK;
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
    pk_cli_error(err, prog, NULL, "write error%s%s: %s", name ? ": " : "", name ? name : "",
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
