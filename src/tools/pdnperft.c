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
            "Exit status: 0 success, 2 bad variant, FEN, depth or option.\n",
            prog);
}

static int fail(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: error: ", prog);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void list_variants(void)
{
    for (int i = 0; pk_variant_at(i); i++) {
        const pk_variant *v = pk_variant_at(i);
        printf("%-14s %2d  %-17s %s\n", v->name, v->gametype, v->gametype_full, v->start_fen);
    }
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"variant", required_argument, 0, 'v'}, {"fen", required_argument, 0, 'f'},
        {"divide", no_argument, 0, 'd'},        {"keep-duplicates", no_argument, 0, 'k'},
        {"time", no_argument, 0, 't'},          {"capture-optional", no_argument, 0, 'C'},
        {"list-variants", no_argument, 0, 'L'}, {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'},       {0, 0, 0, 0}};
    const char *vname = "international", *fen = NULL;
    bool divide = false, timed = false;
    unsigned flags = 0;
    int c;
    while ((c = getopt_long(argc, argv, "v:f:dktVh", opts, NULL)) != -1) {
        switch (c) {
        case 'v': vname = optarg; break;
        case 'f': fen = optarg; break;
        case 'd': divide = true; break;
        case 'k': flags |= PK_GEN_KEEP_DUPLICATES; break;
        case 't': timed = true; break;
        case 'C': flags |= PK_GEN_CAPTURE_OPTIONAL; break;
        case 'L': list_variants(); return 0;
        case 'h': usage(stdout); return 0;
        case 'V': printf("%s (pdnkit) %s\n", prog, PK_VERSION); return 0;
        default: fprintf(stderr, "Try '%s --help'.\n", prog); return 2;
        }
    }
    if (optind != argc - 1) {
        fail("%s%s", optind < argc ? "too many arguments" : "DEPTH is missing", "");
        fprintf(stderr, "Try '%s --help'.\n", prog);
        return 2;
    }
    char *end;
    errno = 0;
    long depth = strtol(argv[optind], &end, 10);
    if (!*argv[optind] || *end || errno || depth < 1 || depth > 64)
        return fail("DEPTH must be a whole number from 1 to 64, not '%s'%s", argv[optind], "");
    const pk_variant *v = pk_variant_lookup(vname);
    if (!v) {
        fprintf(stderr, "%s: error: unknown variant '%s'\n", prog, vname);
        fprintf(stderr, "  known: %s (or a PDN GameType number)\n", pk_variant_names());
        return 2;
    }
    if ((flags & PK_GEN_CAPTURE_OPTIONAL) && v->rules.width != 8)
        return fail("--capture-optional is a house rule of 8x8 variants, not of %s%s", v->name, "");
    pk_pos pos;
    pk_error err;
    pk_error_clear(&err);
    if (pk_fen_parse(v, fen ? fen : v->start_fen, (size_t)-1, &pos, NULL, &err)) {
        fprintf(stderr, "%s: --fen:%d: error: %s\n", prog, err.col, err.msg);
        return 2;
    }
    for (int d = 1; d <= depth; d++) {
        int overflow = 0;
        double t0 = now();
        uint64_t n = pk_perft(v, &pos, d, flags, &overflow);
        double dt = now() - t0;
        if (overflow) {
            fprintf(stderr, "%s: error: a move list overflowed at depth %d\n", prog, d);
            return 1;
        }
        if (timed)
            printf("%d %llu %.3fs %.0f nodes/s\n", d, (unsigned long long)n, dt, dt > 0 ? n / dt : 0.0);
        else
            printf("%d %llu\n", d, (unsigned long long)n);
        fflush(stdout);
    }
    if (divide) {
        static pk_movelist root;
        pk_gen_legal(v, &pos, &root, flags);
        for (int i = 0; i < root.n; i++) {
            pk_pos q = pos;
            pk_make(v, &q, &root.m[i]);
            char text[128];
            pk_move_write_pdn(v, &root, &root.m[i], 0, text, sizeof text);
            if ((flags & PK_GEN_KEEP_DUPLICATES))
                pk_move_write(v, &root.m[i], PK_NOT_FULL, text, sizeof text);
            printf("%s %llu\n", text, (unsigned long long)pk_perft(v, &q, (int)depth - 1, flags, NULL));
        }
    }
    return 0;
}
