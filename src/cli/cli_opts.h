/*
 * cli_opts.h -- the options the tools share, in one table: each one's long name, letter,
 * value, its one help text and what it sets. A tool lists the shared options it takes
 * (PK_CLI_OPT_* bits) and its own getopt entries to pk_cli_shared_init, reads its
 * command line with pk_cli_next (which takes the shared options itself: the values
 * checked and worded as cli.h words them, --help, --version and --list-variants
 * answered) and prints their help lines with pk_cli_help where its --help wants them:
 *
 *     pk_cli_shared sh;
 *     if (!pk_cli_shared_init(&sh, PK_CLI_OPT_VARIANT | PK_CLI_OPT_JOBS | ..., own, usage))
 *         return PK_EXIT_USAGE;
 *     while ((c = pk_cli_next(argc, argv, PROG, &sh)) != -1)
 *         switch (c) {
 *         case PK_CLI_STOP: return sh.exit_status;
 *         ... the tool's own options ...
 *         }
 *     // sh.variant, sh.jobs, sh.output, ...
 *
 * So a new tool gets -v, -j, -o, --results, ... by listing them, and every tool says them
 * alike. --variant has three entries, one per meaning, each with its one help text: the
 * rules of the games read (overriding their tags), the rules of a FEN given (no tags:
 * international by default), and pdngrep's criterion (long only: its -v is grep's);
 * all three read the name alike and word an unknown one alike (pk_cli_variant).
 * A tool may print the help lines of its shared options in more than one place (pdngrep's
 * --variant among its criteria): pk_cli_help takes any subset.
 * Thread-safe: the table is constant; nothing here prints but to the stream given.
 */
#ifndef PK_CLI_OPTS_H
#define PK_CLI_OPTS_H

#include <stdbool.h>
#include <stdio.h>

#include "pk_port.h" /* struct option */
#include "variant.h"

#define PK_CLI_LONGOPTS_MAX 48

enum pk_cli_opt {
    PK_CLI_OPT_VARIANT = 1u << 0,          /* -v, --variant=NAME: the rules of the games read */
    PK_CLI_OPT_FEN_VARIANT = 1u << 10,     /* -v, --variant=NAME: the rules of a FEN given
                                              (default international: sh->variant set) */
    PK_CLI_OPT_SELECT_VARIANT = 1u << 11,  /* --variant=NAME, no letter: the games of that
                                              variant (pdngrep, whose -v is grep's) */
    PK_CLI_OPT_RESULTS = 1u << 1,          /* --results=first|white */
    PK_CLI_OPT_CAPTURE_OPTIONAL = 1u << 2, /* --capture-optional */
    PK_CLI_OPT_DRAW_PROFILE = 1u << 8,     /* --draw-profile=NAME */
    PK_CLI_OPT_COLOR = 1u << 9,            /* --color[=WHEN], --colour[=WHEN] */
    PK_CLI_OPT_JOBS = 1u << 3,             /* -j, --jobs=N */
    PK_CLI_OPT_OUTPUT = 1u << 4,           /* -o, --output=FILE (refused when it is an input) */
    PK_CLI_OPT_LIST_VARIANTS = 1u << 5,    /* --list-variants */
    PK_CLI_OPT_HELP = 1u << 6,             /* -h, --help */
    PK_CLI_OPT_VERSION = 1u << 7,          /* -V, --version */
};

/* What the shared options set; the caller fills the defaults (pk_cli_shared_init). */
typedef struct pk_cli_shared {
    const pk_variant *variant; /* --variant; NULL: each game's own (PK_CLI_OPT_VARIANT) or
                                  no selection (_SELECT_); _FEN_: international by default */
    int results;               /* enum pk_results_convention */
    unsigned gen_flags;        /* PK_GEN_CAPTURE_OPTIONAL */
    unsigned draw_options;     /* --draw-profile: enum pk_draw_options */
    int color;                 /* --color: enum pk_cli_color (PK_COLOR_AUTO when not given) */
    int jobs;                  /* -j; default pk_cli_jobs_default() */
    const char *output;        /* -o; NULL: standard output */
    void (*usage)(FILE *out);  /* the tool's --help text (it calls pk_cli_help) */
    int exit_status;           /* pk_cli_shared_option's PK_CLI_EXIT: the status to exit with */
    unsigned listed;           /* the PK_CLI_OPT_* bits the tool takes */
    struct option longopts[PK_CLI_LONGOPTS_MAX]; /* the tool's own, then the shared ones */
} pk_cli_shared;

/* sh readied for a tool that takes the shared options listed (PK_CLI_OPT_* bits) and its
 * own (own: getopt entries ended by a {NULL} one, may be NULL). false when they do not
 * fit PK_CLI_LONGOPTS_MAX or a long name comes twice (two --variant bits, or a tool's own
 * option that is a shared one): a tool's bug, said on standard error. */
bool pk_cli_shared_init(pk_cli_shared *sh, unsigned listed, const struct option *own, void (*usage)(FILE *out));

/* The next option of the command line (pk_cli_getopt over sh->longopts) that is the
 * tool's own; the shared ones are taken on the way. -1 at the end (optind: the first
 * operand), PK_CLI_STOP when the run ends here with sh->exit_status (--help, --version,
 * --list-variants answered, a bad value said), '?' on an option refused (said). */
#define PK_CLI_STOP (-2)
int pk_cli_next(int argc, char **argv, const char *prog, pk_cli_shared *sh);

/* out (cap entries): the tool's own options (own, ended by a {NULL} entry), then the
 * shared options listed, then the {NULL} end. false when cap is too small. */
bool pk_cli_longopts(struct option *out, size_t cap, const struct option *own, unsigned listed);

/* What pk_cli_getopt returned: PK_CLI_NOT_SHARED (the tool's own), PK_CLI_TAKEN (read
 * into sh), PK_CLI_EXIT (--help, --version, --list-variants printed, or a bad value said
 * on standard error: exit with sh->exit_status). */
enum { PK_CLI_NOT_SHARED, PK_CLI_TAKEN, PK_CLI_EXIT };
int pk_cli_shared_option(int c, const char *arg, const char *prog, pk_cli_shared *sh);

/* The help lines of the options of shared (in the table's order), in the column the
 * tools' --help use: "  -v, --variant=NAME         rules ...". Returns 0 or -1. */
int pk_cli_help(FILE *out, unsigned shared);

#endif
