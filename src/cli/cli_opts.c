/*
 * cli_opts.c -- the command line of every tool, read in one place (see cli_opts.h and
 * cli.h): the shared options' table (names, letters, help texts) and pk_cli_next, the
 * short letters' one meaning each and getopt_long's mistakes worded, and the values of
 * the options parsed (-v, --results, -j, --draw-profile, --shard, --color, numbers).
 * The tools' mains keep their own getopt_long tables; the words of every error, escaped,
 * come from here and from cli.c.
 */
#include "cli_opts.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"
#include "pk_nls.h"

#include "cli.h"
#include "diag.h"
#include "draw.h"
#include "movegen.h"
#include "pool.h"
#include "replay.h"
#include "rule_options.h"

/* Values of the shared options that have no letter (above any tool's own: 256 + a few). */
enum { V_RESULTS = 0x1000, V_CAPOPT, V_LIST, V_DRAW, V_COLOR, V_SELECT };

static const struct {
    unsigned bit;
    struct option opt;
    const char *synopsis; /* as --help shows it; NULL: another spelling, not shown */
    const char *help;     /* its lines, each after the column */
} table[] = {
    {PK_CLI_OPT_VARIANT, {"variant", required_argument, NULL, 'v'}, "-v, --variant=NAME",
     N_("rules to apply (name, alias or GameType number),\n"
     "overriding the tags; default: the tags, else a guess\n"
     "(see --list-variants)")},
    /* the tools that read a FEN, not games: no tags to override, so a default */
    {PK_CLI_OPT_FEN_VARIANT, {"variant", required_argument, NULL, 'v'}, "-v, --variant=NAME",
     N_("rules to apply (name, alias or GameType number);\n"
     "default: international (see --list-variants)")},
    /* pdngrep: a criterion, and -v is grep's --invert-match there (classics[] below) */
    {PK_CLI_OPT_SELECT_VARIANT, {"variant", required_argument, NULL, V_SELECT}, "    --variant=NAME",
     N_("only the games of that variant (name, alias or\n"
     "GameType number), as pdncheck resolves it")},
    {PK_CLI_OPT_RESULTS, {"results", required_argument, NULL, V_RESULTS}, "    --results=first|white",
     N_("read 1-0 as a win of the first mover (PDN, default)\n"
     "or of White")},
    {PK_CLI_OPT_CAPTURE_OPTIONAL, {"capture-optional", no_argument, NULL, V_CAPOPT}, "    --capture-optional",
     N_("house rule of the 8x8 variants: captures are not\n"
     "mandatory")},
    {PK_CLI_OPT_DRAW_PROFILE, {"draw-profile", required_argument, NULL, V_DRAW}, "    --draw-profile=NAME",
     N_("brazilian-fmjd64, spanish-site40each or\n"
     "spanish-site20each")},
    {PK_CLI_OPT_JOBS, {"jobs", required_argument, NULL, 'j'}, "-j, --jobs=N",
     N_("replay on N threads (default: every online core);\n"
     "the output is the same whatever N")},
    {PK_CLI_OPT_OUTPUT, {"output", required_argument, NULL, 'o'}, "-o, --output=FILE",
     N_("write to FILE, not to standard output (refused when\n"
     "FILE is also an input)")},
    {PK_CLI_OPT_COLOR, {"color", optional_argument, NULL, V_COLOR}, "    --color[=WHEN]",
     N_("colour the output: auto (on a terminal, unless\n"
     "NO_COLOR is set; the default), always or never")},
    {PK_CLI_OPT_COLOR, {"colour", optional_argument, NULL, V_COLOR}, NULL, NULL},
    {PK_CLI_OPT_LIST_VARIANTS, {"list-variants", no_argument, NULL, V_LIST}, "    --list-variants",
     N_("print the variant table and exit")},
    {PK_CLI_OPT_HELP, {"help", no_argument, NULL, 'h'}, "-h, --help", N_("print this help and exit")},
    {PK_CLI_OPT_VERSION, {"version", no_argument, NULL, 'V'}, "-V, --version", N_("print the version and exit")},
};
#define NTABLE (sizeof table / sizeof table[0])
#define HELP_COLUMN 29 /* where the help text starts, as in every reader tool's --help */

/* The first long name that comes twice in opts, or NULL: getopt_long would take the first
 * and never see the second (two --variant bits listed, or a tool's own --output). */
static const char *twice(const struct option *opts)
{
    for (const struct option *a = opts; a->name; a++)
        for (const struct option *b = a + 1; b->name; b++)
            if (!strcmp(a->name, b->name))
                return a->name;
    return NULL;
}

bool pk_cli_shared_init(pk_cli_shared *sh, unsigned listed, const struct option *own, void (*usage)(FILE *out))
{
    memset(sh, 0, sizeof *sh);
    /* the words in the reader's language (issue 36; main set LC_MESSAGES): the install's
     * catalogues, or the build tree's when PDNKIT_LOCALEDIR names them (the tests) */
    pk_localize_messages(1, getenv("PDNKIT_LOCALEDIR"));
    sh->listed = listed;
    sh->results = PK_RESULTS_FIRST_MOVER;
    sh->jobs = pk_cli_jobs_default();
    sh->usage = usage;
    if (listed & PK_CLI_OPT_FEN_VARIANT) /* a FEN has no tags to take the rules from */
        sh->variant = pk_variant_lookup("international");
    if (!pk_cli_longopts(sh->longopts, PK_CLI_LONGOPTS_MAX, own, listed)) {
        fputs("pdnkit: error: internal: too many options for pk_cli_shared (PK_CLI_LONGOPTS_MAX)\n", stderr);
        return false;
    }
    const char *dup = twice(sh->longopts);
    if (dup)
        fprintf(stderr, "pdnkit: error: internal: --%s listed twice for pk_cli_shared\n", dup);
    return !dup;
}

int pk_cli_next(int argc, char **argv, const char *prog, pk_cli_shared *sh)
{
    for (;;) {
        int c = pk_cli_getopt(argc, argv, sh->longopts, prog, stderr);
        if (c == -1 || c == '?')
            return c;
        switch (pk_cli_shared_option(c, optarg, prog, sh)) {
        case PK_CLI_NOT_SHARED: return c;
        case PK_CLI_EXIT: return PK_CLI_STOP;
        }
    }
}

bool pk_cli_longopts(struct option *out, size_t cap, const struct option *own, unsigned listed)
{
    size_t n = 0;
    for (; own && own->name; own++) {
        if (n + 1 >= cap)
            return false;
        out[n++] = *own;
    }
    for (size_t i = 0; i < NTABLE; i++)
        if (listed & table[i].bit) {
            if (n + 1 >= cap)
                return false;
            out[n++] = table[i].opt;
        }
    memset(&out[n], 0, sizeof out[n]);
    return true;
}

/* Is c a shared option the tool takes? (Two entries give 'v': either may be listed.) */
static bool is_listed(unsigned shared, int c)
{
    for (size_t i = 0; i < NTABLE; i++)
        if (table[i].opt.val == c && (shared & table[i].bit))
            return true;
    return false;
}

/* A usage error: said, and the run ends with status 2. */
static int refuse(pk_cli_shared *sh, const char *prog, const pk_error *err)
{
    sh->exit_status = pk_cli_usage_error(stderr, prog, "%s", err->msg);
    return PK_CLI_EXIT;
}

/* Printed on standard output, then the run ends (0, or 2 on a write error). */
static int printed(pk_cli_shared *sh, const char *prog)
{
    sh->exit_status = pk_cli_finish(stdout, stderr, prog, PK_EXIT_OK);
    return PK_CLI_EXIT;
}

int pk_cli_shared_option(int c, const char *arg, const char *prog, pk_cli_shared *sh)
{
    pk_error err;
    if (!is_listed(sh->listed, c)) /* (pdngrep's -v is its own: --invert-match) */
        return PK_CLI_NOT_SHARED;
    switch (c) {
    case 'v':
    case V_SELECT:
        if (pk_cli_variant(arg, &sh->variant, &err) != PK_OK)
            return refuse(sh, prog, &err);
        return PK_CLI_TAKEN;
    case V_RESULTS:
        if (pk_cli_results(arg, &sh->results, &err) != PK_OK)
            return refuse(sh, prog, &err);
        return PK_CLI_TAKEN;
    case V_CAPOPT: sh->gen_flags |= PK_GEN_CAPTURE_OPTIONAL; return PK_CLI_TAKEN;
    case 'j':
        if (pk_cli_jobs(arg, &sh->jobs, &err) != PK_OK)
            return refuse(sh, prog, &err);
        return PK_CLI_TAKEN;
    case 'o': sh->output = arg; return PK_CLI_TAKEN;
    case V_DRAW:
        if (pk_cli_draw_profile(arg, &sh->draw_options, &err) != PK_OK)
            return refuse(sh, prog, &err);
        return PK_CLI_TAKEN;
    case V_COLOR:
        if (pk_cli_color(arg, &sh->color, &err) != PK_OK)
            return refuse(sh, prog, &err);
        return PK_CLI_TAKEN;
    case V_LIST: pk_cli_list_variants(stdout); return printed(sh, prog);
    case 'h':
        if (sh->usage)
            sh->usage(stdout);
        return printed(sh, prog);
    case 'V': pk_cli_version(stdout, prog); return printed(sh, prog);
    }
    return PK_CLI_NOT_SHARED;
}

int pk_cli_help(FILE *out, unsigned shared)
{
    for (size_t i = 0; i < NTABLE; i++) {
        if (!(shared & table[i].bit) || !table[i].synopsis) /* (--colour: --color's spelling) */
            continue;
        int n = fprintf(out, "  %s", table[i].synopsis);
        for (const char *p = PK_T(table[i].help); *p;) { /* in the reader's language */
            size_t len = strcspn(p, "\n");
            fprintf(out, "%*s%.*s\n", n < HELP_COLUMN ? HELP_COLUMN - n : 1, "", (int)len, p);
            n = 0;
            p += len + (p[len] == '\n');
        }
    }
    return ferror(out) ? -1 : 0;
}

/* ---- the values of the options ----------------------------------------------------- */

int pk_cli_variant(const char *arg, const pk_variant **out, pk_error *err)
{
    *out = arg ? pk_variant_lookup(arg) : NULL;
    if (*out)
        return PK_OK;
    return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("unknown variant '%s' (known: %s, or a PDN GameType number)"),
                        arg ? arg : "", pk_variant_names());
}

int pk_cli_results(const char *arg, int *out, pk_error *err)
{
    if (!strcmp(arg, "first"))
        *out = PK_RESULTS_FIRST_MOVER;
    else if (!strcmp(arg, "white"))
        *out = PK_RESULTS_WHITE;
    else
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--results takes 'first' or 'white', not '%s'"), arg);
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
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("-j takes a number of threads from 1 to %d, not '%s'"),
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
    return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("unknown draw profile '%s' (known: %s)"), arg,
                        pk_draw_profile_names());
}

/* rules knowledge: rule_options.c */
int pk_cli_applies(const pk_variant *v, unsigned gen_flags, unsigned draw_options, pk_error *err)
{
    return pk_rule_options_apply(v, gen_flags, draw_options, err);
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
    return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--color takes 'auto', 'always' or 'never', not '%s'"), arg);
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
} classics[] = {
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

/* "PROG: error: " and a message of getopt_long's refusal, in the reader's language (the
 * severity word stays English: scripts and editors match it) */
static void mistake(FILE *err, const char *prog, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void mistake(FILE *err, const char *prog, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(err, "%s: error: ", prog);
    vfprintf(err, fmt, ap);
    va_end(ap);
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
        mistake(err, prog, PK_T("option '%s' is ambiguous: it can be %s\n"), opt, list);
    else
        mistake(err, prog, PK_T("unknown option '%s'\n"), opt);
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
        for (size_t i = 0; i < sizeof classics / sizeof classics[0]; i++)
            if (classics[i].c == o->val && !strcmp(classics[i].prog, prog))
                meant = classics[i].name;
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
        mistake(err, prog, PK_T("option '%s' needs a value\n"), opt);
    } else if (is_long && optopt == 0) {
        long_mistake(err, prog, longopts, arg);
    } else if (is_long && strchr(arg, '=')) { /* optopt: the option given a value */
        option_text(arg, opt, sizeof opt);
        mistake(err, prog, PK_T("option '%s' takes no value\n"), opt);
    } else { /* a short option (argv[optind - 1] may be another argument: inside "-xb") */
        pk_text_escape(opt, sizeof opt, (const char[]){(char)optopt}, 1);
        mistake(err, prog, PK_T("unknown option '-%s'\n"), opt);
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
            mistake(err, prog, PK_T("-%c no longer stands for --%s (in pdnkit -%c is --%s); write --%s\n"), c, retired[i].was, c, short_name(c), retired[i].was);
            fprintf(err, PK_T("Try '%s --help'.\n"), prog);
            return '?';
        }
    if (c != '?' && c != ':')
        return c;
    say_mistake(c, argc, argv, longopts, prog, err);
    fprintf(err, PK_T("Try '%s --help'.\n"), prog);
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
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--shard takes K/N with 0 <= K < N <= 1000000, not '%s'"), arg);
    *k = (int)kk;
    *n = (int)nn;
    return PK_OK;
}
