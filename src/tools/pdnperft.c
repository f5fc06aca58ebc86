/*
 * pdnperft -- count move paths from a position (perft), per depth, optionally per root
 * move. A thin main over perft.c; see man/pdnperft.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pk_nls.h"
#include "cli.h"
#include "cli_opts.h"
#include "pdnkit.h"

static const char *prog = "pdnperft";

/* The shared options it takes (cli_opts.h): one table, one help text in every tool. */
#define SHARED                                                                                      \
    (PK_CLI_OPT_FEN_VARIANT | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_OUTPUT | PK_CLI_OPT_LIST_VARIANTS | \
     PK_CLI_OPT_HELP | PK_CLI_OPT_VERSION)

static void usage(FILE *f)
{
    fputs(PK_T("Usage: pdnperft [OPTION]... DEPTH\n"
          "Count the move paths DEPTH plies below a position (perft), one line per depth.\n"
          "\n"
          "  -f, --fen=FEN              start from this PDN FEN (default: the variant's start)\n"
          "  -d, --divide               also print the count below each root move at DEPTH\n"
          "  -k, --keep-duplicates      count every capture path, not every distinct capture\n"
          "  -t, --time                 add seconds and nodes/s to each line\n"
          "\n"
          "Common options:\n"),
          f);
    pk_cli_help(f, SHARED);
    fputs(PK_T("\n"
          "Output: 'DEPTH COUNT' per depth 1..DEPTH; with --divide, then 'MOVE COUNT' per root move.\n"
          "Exit status: 0 success, 2 bad variant, FEN, depth or option, or a failed write.\n"),
          f);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    static const struct option own[] = {{"fen", required_argument, 0, 'f'},
                                        {"divide", no_argument, 0, 'd'},
                                        {"keep-duplicates", no_argument, 0, 'k'},
                                        {"time", no_argument, 0, 't'},
                                        {0, 0, 0, 0}};
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return PK_EXIT_USAGE;
    const char *fen = NULL;
    bool divide = false, timed = false;
    unsigned flags = 0;
    pk_error err;
    pk_error_clear(&err);
    int c;
    while ((c = pk_cli_next(argc, argv, prog, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: return sh.exit_status; /* --help, --version, ..., or a bad value */
        case 'f': fen = optarg; break;
        case 'd': divide = true; break;
        case 'k': flags |= PK_GEN_KEEP_DUPLICATES; break;
        case 't': timed = true; break;
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    const pk_variant *v = sh.variant; /* international unless -v */
    const char *output = sh.output;
    flags |= sh.gen_flags;
    if (optind != argc - 1)
        return pk_cli_usage_error(stderr, prog, "%s", optind < argc ? PK_T("too many arguments") : PK_T("DEPTH is missing"));
    long depth;
    if (pk_cli_number(argv[optind], 1, 64, &depth))
        return pk_cli_usage_error(stderr, prog, PK_T("DEPTH must be a whole number from 1 to 64, not '%s'"), argv[optind]);
    if (pk_cli_applies(v, flags, 0, &err)) /* RULES 0.1: --capture-optional is for 8x8 games */
        return pk_cli_usage_error(stderr, prog, "%s", err.msg);
    pk_pos pos;
    if (pk_fen_parse(v, fen ? fen : v->start_fen, (size_t)-1, &pos, NULL, &err)) {
        pk_cli_fen_error(stderr, prog, NULL, v, fen, (size_t)-1, &err);
        return PK_EXIT_USAGE;
    }
    FILE *out = stdout;
    if (output && pk_cli_open_output(output, &out, &err)) {
        pk_cli_error(stderr, prog, NULL, "%s", err.msg);
        return PK_EXIT_USAGE;
    }
    for (int d = 1; d <= depth; d++) {
        uint64_t n;
        pk_error err;
        double t0 = now();
        int pst = pk_perft(v, &pos, d, flags, &n, &err);
        double dt = now() - t0;
        if (pst != PK_OK) {
            pk_cli_error(stderr, prog, NULL, PK_T("%s at depth %d"), err.msg, d);
            return pk_cli_close_output(out, output, stderr, prog, PK_EXIT_FINDINGS);
        }
        if (timed)
            fprintf(out, "%d %llu %.3fs %.0f nodes/s\n", d, (unsigned long long)n, dt, dt > 0 ? n / dt : 0.0);
        else
            fprintf(out, "%d %llu\n", d, (unsigned long long)n);
        /* each depth is shown as soon as it is counted; a failed write (a full disk, a
         * closed pipe with SIGPIPE ignored) stops the run before the next, longer one */
        fflush(out);
        if (ferror(out)) /* said once, the file of -o named, and closed */
            return pk_cli_close_output(out, output, stderr, prog, PK_EXIT_OK);
    }
    if (divide) {
        pk_movelist *root = pk_movelist_new();
        if (!root) {
            pk_cli_error(stderr, prog, NULL, PK_T("out of memory"));
            if (out != stdout)
                fclose(out);
            return PK_EXIT_USAGE;
        }
        pk_gen_legal(v, &pos, root, flags);
        for (int i = 0; i < pk_movelist_count(root) && !ferror(out); i++) {
            pk_pos q = pos;
            pk_make(v, &q, pk_movelist_at(root, i));
            char text[128];
            pk_move_write_pdn(v, root, pk_movelist_at(root, i), 0, text, sizeof text);
            if ((flags & PK_GEN_KEEP_DUPLICATES))
                pk_move_write(v, pk_movelist_at(root, i), PK_NOT_FULL, text, sizeof text);
            uint64_t n = 0;
            pk_perft(v, &q, (int)depth - 1, flags, &n, NULL); /* 0 on failure (never for real positions) */
            fprintf(out, "%s %llu\n", text, (unsigned long long)n);
        }
        pk_movelist_free(root);
    }
    return pk_cli_close_output(out, output, stderr, prog, PK_EXIT_OK);
}
