/*
 * pdncheck.c -- checks PDN game files. This is the thin driver: options, the loop over
 * files and games, output of diagnostics (GNU lines or JSON Lines) and the summary.
 *
 * Modes: --syntax-only reads every game with the PDN reader (src/pdn_read.c). The replay
 * of each game with the rules engine (the adjudicator) plugs into check_game() below;
 * until it exists, running without --syntax-only behaves as --syntax-only and says so
 * once on standard error.
 *
 * Exit status: 0 no game has an error, 1 some game has an error, 2 a file could not be
 * read or the usage is wrong (the other files are still checked).
 */
#include "diag.h"
#include "pdn.h"
#include "pk_common.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct run {
    int json, strict, syntax_only, stats;
    unsigned long long bytes;
    FILE *out;
    /* totals */
    long files, games, games_with_errors, warnings, errors;
    int unreadable;
    /* per file: the last game index counted as having an error (indices never decrease) */
    const char *file;
    int last_err_game;
} run;

static void on_diag(void *ctx, const pk_diag *d)
{
    run *R = ctx;
    if (d->severity == PK_SEV_ERROR) {
        R->errors++;
        if (d->game > 0 && d->game != R->last_err_game) {
            R->last_err_game = d->game;
            R->games_with_errors++;
        }
    } else if (d->severity == PK_SEV_WARNING) {
        R->warnings++;
    }
    if (R->json)
        pk_diag_write_json(R->out, d);
    else
        pk_diag_write_gnu(R->out, d);
}

/* JSON summary of one game. Fields the replay will fill (final_fen) are null for now. */
static void game_json(run *R, const pk_game *g)
{
    FILE *o = R->out;
    fputs("{\"type\":\"game\",\"file\":", o);
    pk_json_write_string(o, R->file);
    fprintf(o, ",\"game\":%d,\"line\":%d,\"variant\":", g->index, g->line);
    pk_json_write_string(o, pk_game_tag(g, "GameType"));
    fputs(",\"event\":", o);
    pk_json_write_string(o, pk_game_tag(g, "Event"));
    fputs(",\"white\":", o);
    pk_json_write_string(o, pk_game_tag(g, "White"));
    fputs(",\"black\":", o);
    pk_json_write_string(o, pk_game_tag(g, "Black"));
    fputs(",\"start_fen\":", o);
    pk_json_write_string(o, g->fen);
    fprintf(o, ",\"plies\":%d,\"final_fen\":null,\"result\":", g->plies);
    pk_json_write_string(o, g->result.text);
    fputs(",\"result_kind\":", o);
    pk_json_write_string(o, pk_result_kind_name(g->result.kind));
    fprintf(o, ",\"errors\":%d,\"warnings\":%d,\"verdict\":\"%s\"}\n", g->nerrors, g->nwarnings,
            g->nerrors ? "invalid" : "valid");
}

/* The per-game step after reading. The adjudicator (replay with the rules engine) goes
 * here: `if (!R->syntax_only) replay(R, g, sink);` reporting through the same sink. */
static void check_game(run *R, pk_game *g, pk_diag_sink *sink)
{
    (void)sink;
    if (R->json)
        game_json(R, g);
}

static void file_error(run *R, const char *name, const char *what)
{
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = PK_SEV_ERROR;
    d.code = "io";
    d.file = name;
    d.message = what;
    R->unreadable = 1;
    R->errors++;
    if (R->json)
        pk_diag_write_json(R->out, &d);
    else
        pk_diag_write_gnu(R->out, &d);
}

static void check_stream(run *R, FILE *f, const char *name)
{
    pk_error err;
    pk_error_clear(&err);
    pk_pdn_reader *rd = pk_pdn_open(f, name, R->strict ? PK_PDN_STRICT : 0, &err);
    if (!rd) {
        file_error(R, name, err.msg);
        return;
    }
    R->files++;
    R->file = name;
    R->last_err_game = 0;
    pk_diag_sink sink = {on_diag, R};
    pk_game g;
    pk_game_init(&g);
    int st;
    while ((st = pk_pdn_next(rd, &g, &sink)) > 0) {
        R->games++;
        check_game(R, &g, &sink);
    }
    if (st < 0)
        R->unreadable = 1;
    R->bytes += pk_pdn_bytes(rd);
    pk_game_free(&g);
    pk_pdn_close(rd);
}

static void check_path(run *R, const char *path)
{
    if (!strcmp(path, "-")) {
        check_stream(R, stdin, "<stdin>");
        return;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        char msg[300];
        snprintf(msg, sizeof msg, "cannot open: %s", strerror(errno));
        file_error(R, path, msg);
        return;
    }
    check_stream(R, f, path);
    fclose(f);
}

static void summary(run *R)
{
    if (R->json)
        fprintf(R->out,
                "{\"type\":\"summary\",\"files\":%ld,\"games\":%ld,\"with_errors\":%ld,"
                "\"errors\":%ld,\"warnings\":%ld}\n",
                R->files, R->games, R->games_with_errors, R->errors, R->warnings);
    else
        fprintf(R->out, "%ld files, %ld games, %ld with errors, %ld warnings\n", R->files, R->games,
                R->games_with_errors, R->warnings);
}

/* --stats: throughput and peak memory on standard error (used by tests/bench-pdn.sh). */
static void stats(const run *R, double secs)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (secs <= 0)
        secs = 1e-9;
    fprintf(stderr, "pdncheck: %llu bytes, %ld games in %.3f s: %.1f MB/s, %.0f games/s, peak RSS %ld KiB\n",
            R->bytes, R->games, secs, (double)R->bytes / secs / 1e6, (double)R->games / secs,
            (long)ru.ru_maxrss);
}

static void usage(FILE *o)
{
    fputs("usage: pdncheck [--syntax-only] [--strict] [--json] [FILE...]\n"
          "Checks PDN draughts game files (standard input when no FILE or FILE is -).\n"
          "  --syntax-only  read and check the PDN syntax only (no replay)\n"
          "  --strict       every tolerated deviation from PDN 3.0 is an error\n"
          "  --json         JSON Lines output (one object per diagnostic, game, summary)\n"
          "  --stats        throughput and peak memory on standard error\n"
          "  --help, --version\n"
          "Exit status: 0 no game with an error, 1 some game with an error, 2 unreadable\n"
          "file or usage error. See pdncheck(1) and pdn(5).\n",
          o);
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"syntax-only", no_argument, NULL, 's'}, {"strict", no_argument, NULL, 'S'},
        {"json", no_argument, NULL, 'j'},        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},     {"stats", no_argument, NULL, 'T'},
        {NULL, 0, NULL, 0}};
    run R;
    memset(&R, 0, sizeof R);
    R.out = stdout;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 's': R.syntax_only = 1; break;
        case 'S': R.strict = 1; break;
        case 'j': R.json = 1; break;
        case 'h': usage(stdout); return 0;
        case 'T': R.stats = 1; break;
        case 'V': printf("pdncheck %s\n", PK_VERSION); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (!R.syntax_only) {
        fputs("pdncheck: note: the replay is not implemented yet; checking syntax only\n", stderr);
        R.syntax_only = 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (optind == argc)
        check_path(&R, "-");
    for (int i = optind; i < argc; i++)
        check_path(&R, argv[i]);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    summary(&R);
    if (R.stats)
        stats(&R, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    if (fflush(stdout) != 0)
        return 2;
    return R.unreadable ? 2 : R.games_with_errors ? 1 : 0;
}
