/*
 * pdnperft -- count move paths from a position (perft), per depth, optionally per root
 * move. A thin main over perft.c; see man/pdnperft.1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "pdnkit.h"

static const char *prog = "pdnperft";

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: %s [OPTION]... DEPTH\n"
            "Count the move paths DEPTH plies below a position (perft), one line per depth.\n"
            "\n"
            "  -v, --variant=NAME       variant name or PDN GameType number (default international)\n"
            "  -f, --fen=FEN            start from this PDN FEN (default: the variant's start)\n"
            "  -d, --divide             also print the count below each root move at DEPTH\n"
            "  -k, --keep-duplicates    count every capture path, not every distinct capture\n"
            "  -t, --time               add seconds and nodes/s to each line\n"
            "      --capture-optional   house rule: captures are not mandatory (8x8 only)\n"
            "      --list-variants      print the variant table and exit\n"
            "  -h, --help               print this help and exit\n"
            "  -V, --version            print the version and exit\n"
            "\n"
            "Output: 'DEPTH COUNT' per depth 1..DEPTH; with --divide, then 'MOVE COUNT' per root move.\n"
            "Exit status: 0 success, 2 bad variant, FEN, depth or option, or a failed write.\n",
            prog);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"variant", required_argument, 0, 'v'}, {"fen", required_argument, 0, 'f'},
        {"divide", no_argument, 0, 'd'},        {"keep-duplicates", no_argument, 0, 'k'},
        {"time", no_argument, 0, 't'},          {"capture-optional", no_argument, 0, 'C'},
        {"list-variants", no_argument, 0, 'L'}, {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'},       {0, 0, 0, 0}};
    const pk_variant *v = pk_variant_lookup("international");
    const char *fen = NULL;
    bool divide = false, timed = false;
    unsigned flags = 0;
    pk_error err;
    pk_error_clear(&err);
    int c;
    while ((c = getopt_long(argc, argv, "v:f:dktVh", opts, NULL)) != -1) {
        switch (c) {
        case 'v':
            if (pk_cli_variant(optarg, &v, &err))
                return pk_cli_usage_error(stderr, prog, "%s", err.msg);
            break;
        case 'f': fen = optarg; break;
        case 'd': divide = true; break;
        case 'k': flags |= PK_GEN_KEEP_DUPLICATES; break;
        case 't': timed = true; break;
        case 'C': flags |= PK_GEN_CAPTURE_OPTIONAL; break;
        case 'L': pk_cli_list_variants(stdout); return pk_cli_finish(stdout, stderr, prog, PK_EXIT_OK);
        case 'h': usage(stdout); return pk_cli_finish(stdout, stderr, prog, PK_EXIT_OK);
        case 'V': pk_cli_version(stdout, prog); return pk_cli_finish(stdout, stderr, prog, PK_EXIT_OK);
        default: fprintf(stderr, "Try '%s --help'.\n", prog); return PK_EXIT_USAGE;
        }
    }
    if (optind != argc - 1)
        return pk_cli_usage_error(stderr, prog, "%s", optind < argc ? "too many arguments" : "DEPTH is missing");
    char *end;
    errno = 0;
    long depth = strtol(argv[optind], &end, 10);
    if (!*argv[optind] || *end || errno || depth < 1 || depth > 64)
        return pk_cli_usage_error(stderr, prog, "DEPTH must be a whole number from 1 to 64, not '%s'", argv[optind]);
    if (pk_cli_applies(v, flags, 0, &err)) /* RULES 0.1: --capture-optional is for 8x8 games */
        return pk_cli_usage_error(stderr, prog, "%s", err.msg);
    pk_pos pos;
    if (pk_fen_parse(v, fen ? fen : v->start_fen, (size_t)-1, &pos, NULL, &err)) {
        fprintf(stderr, "%s: --fen:%d: error: %s\n", prog, err.col, err.msg);
        return PK_EXIT_USAGE;
    }
    for (int d = 1; d <= depth; d++) {
        int overflow = 0;
        double t0 = now();
        uint64_t n = pk_perft(v, &pos, d, flags, &overflow);
        double dt = now() - t0;
        if (overflow) {
            fprintf(stderr, "%s: error: a move list overflowed at depth %d\n", prog, d);
            return pk_cli_finish(stdout, stderr, prog, PK_EXIT_FINDINGS);
        }
        if (timed)
            printf("%d %llu %.3fs %.0f nodes/s\n", d, (unsigned long long)n, dt, dt > 0 ? n / dt : 0.0);
        else
            printf("%d %llu\n", d, (unsigned long long)n);
        /* each depth is shown as soon as it is counted; a failed write (a full disk, a
         * closed pipe with SIGPIPE ignored) stops the run before the next, longer one */
        int st = pk_cli_finish(stdout, stderr, prog, PK_EXIT_OK);
        if (st != PK_EXIT_OK)
            return st;
    }
    if (divide) {
        static pk_movelist root;
        pk_gen_legal(v, &pos, &root, flags);
        for (int i = 0; i < root.n && !ferror(stdout); i++) {
            pk_pos q = pos;
            pk_make(v, &q, &root.m[i]);
            char text[128];
            pk_move_write_pdn(v, &root, &root.m[i], 0, text, sizeof text);
            if ((flags & PK_GEN_KEEP_DUPLICATES))
                pk_move_write(v, &root.m[i], PK_NOT_FULL, text, sizeof text);
            printf("%s %llu\n", text, (unsigned long long)pk_perft(v, &q, (int)depth - 1, flags, NULL));
        }
    }
    return pk_cli_finish(stdout, stderr, prog, PK_EXIT_OK);
}
