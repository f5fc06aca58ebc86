/* cli_opts.c -- the shared options' table: names, letters, help texts, and reading them
 * (see cli_opts.h; the values are read by cli.c's parsers). */
#include "cli_opts.h"

#include <string.h>

#include "cli.h"
#include "movegen.h"
#include "replay.h"

/* Values of the shared options that have no letter (above any tool's own: 256 + a few). */
enum { V_RESULTS = 0x1000, V_CAPOPT, V_LIST, V_DRAW, V_COLOR, V_SELECT };

static const struct {
    unsigned bit;
    struct option opt;
    const char *synopsis; /* as --help shows it; NULL: another spelling, not shown */
    const char *help;     /* its lines, each after the column */
} table[] = {
    {PK_CLI_OPT_VARIANT, {"variant", required_argument, NULL, 'v'}, "-v, --variant=NAME",
     "rules to apply (name, alias or GameType number),\n"
     "overriding the tags; default: the tags, else a guess\n"
     "(see --list-variants)"},
    /* the tools that read a FEN, not games: no tags to override, so a default */
    {PK_CLI_OPT_FEN_VARIANT, {"variant", required_argument, NULL, 'v'}, "-v, --variant=NAME",
     "rules to apply (name, alias or GameType number);\n"
     "default: international (see --list-variants)"},
    /* pdngrep: a criterion, and -v is grep's --invert-match there (cli.c's own[]) */
    {PK_CLI_OPT_SELECT_VARIANT, {"variant", required_argument, NULL, V_SELECT}, "    --variant=NAME",
     "only the games of that variant (name, alias or\n"
     "GameType number), as pdncheck resolves it"},
    {PK_CLI_OPT_RESULTS, {"results", required_argument, NULL, V_RESULTS}, "    --results=first|white",
     "read 1-0 as a win of the first mover (PDN, default)\n"
     "or of White"},
    {PK_CLI_OPT_CAPTURE_OPTIONAL, {"capture-optional", no_argument, NULL, V_CAPOPT}, "    --capture-optional",
     "house rule of the 8x8 variants: captures are not\n"
     "mandatory"},
    {PK_CLI_OPT_DRAW_PROFILE, {"draw-profile", required_argument, NULL, V_DRAW}, "    --draw-profile=NAME",
     "brazilian-fmjd64, spanish-site40each or\n"
     "spanish-site20each"},
    {PK_CLI_OPT_JOBS, {"jobs", required_argument, NULL, 'j'}, "-j, --jobs=N",
     "replay on N threads (default: every online core);\n"
     "the output is the same whatever N"},
    {PK_CLI_OPT_OUTPUT, {"output", required_argument, NULL, 'o'}, "-o, --output=FILE",
     "write to FILE, not to standard output (refused when\n"
     "FILE is also an input)"},
    {PK_CLI_OPT_COLOR, {"color", optional_argument, NULL, V_COLOR}, "    --color[=WHEN]",
     "colour the output: auto (on a terminal, unless\n"
     "NO_COLOR is set; the default), always or never"},
    {PK_CLI_OPT_COLOR, {"colour", optional_argument, NULL, V_COLOR}, NULL, NULL},
    {PK_CLI_OPT_LIST_VARIANTS, {"list-variants", no_argument, NULL, V_LIST}, "    --list-variants",
     "print the variant table and exit"},
    {PK_CLI_OPT_HELP, {"help", no_argument, NULL, 'h'}, "-h, --help", "print this help and exit"},
    {PK_CLI_OPT_VERSION, {"version", no_argument, NULL, 'V'}, "-V, --version", "print the version and exit"},
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
        for (const char *p = table[i].help; *p;) {
            size_t len = strcspn(p, "\n");
            fprintf(out, "%*s%.*s\n", n < HELP_COLUMN ? HELP_COLUMN - n : 1, "", (int)len, p);
            n = 0;
            p += len + (p[len] == '\n');
        }
    }
    return ferror(out) ? -1 : 0;
}
