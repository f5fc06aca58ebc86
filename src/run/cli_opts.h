/*
 * cli_opts.h -- the options the tools share, in one table: each one's long name, letter,
 * value, its one help text and what it sets. A tool lists the shared options it takes
 * (PK_CLI_OPT_* bits): pk_cli_longopts adds their getopt entries to its own,
 * pk_cli_shared_option reads them (the value checked and worded as cli.h words it),
 * pk_cli_help prints their help lines where the tool's --help wants them, so a new tool
 * gets -v, -j, -o, --results, ... by listing them, and every tool says them alike.
 * Thread-safe: the table is constant; nothing here prints but to the stream given.
 */
#ifndef PK_CLI_OPTS_H
#define PK_CLI_OPTS_H

#include <stdbool.h>
#include <stdio.h>

#include "pk_port.h" /* struct option */
#include "variant.h"

enum pk_cli_opt {
    PK_CLI_OPT_VARIANT = 1u << 0,          /* -v, --variant=NAME: the rules of the games read */
    PK_CLI_OPT_RESULTS = 1u << 1,          /* --results=first|white */
    PK_CLI_OPT_CAPTURE_OPTIONAL = 1u << 2, /* --capture-optional */
    PK_CLI_OPT_JOBS = 1u << 3,             /* -j, --jobs=N */
    PK_CLI_OPT_OUTPUT = 1u << 4,           /* -o, --output=FILE (refused when it is an input) */
    PK_CLI_OPT_LIST_VARIANTS = 1u << 5,    /* --list-variants */
    PK_CLI_OPT_HELP = 1u << 6,             /* -h, --help */
    PK_CLI_OPT_VERSION = 1u << 7,          /* -V, --version */
};

/* What the shared options set; the caller fills the defaults (pk_cli_shared_init). */
typedef struct pk_cli_shared {
    const pk_variant *variant; /* -v; NULL: each game's own */
    int results;               /* enum pk_results_convention */
    unsigned gen_flags;        /* PK_GEN_CAPTURE_OPTIONAL */
    int jobs;                  /* -j; default pk_cli_jobs_default() */
    const char *output;        /* -o; NULL: standard output */
    void (*usage)(FILE *out);  /* the tool's --help text (it calls pk_cli_help) */
    int exit_status;           /* pk_cli_shared_option's PK_CLI_EXIT: the status to exit with */
    unsigned listed;           /* the PK_CLI_OPT_* bits the tool takes */
} pk_cli_shared;

/* sh readied for a tool that takes the shared options listed (PK_CLI_OPT_* bits). */
void pk_cli_shared_init(pk_cli_shared *sh, unsigned listed, void (*usage)(FILE *out));

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
