/*
 * pdncheck.c -- checks PDN game files. This is the thin driver: options, the loop over
 * files and games, output of diagnostics (GNU lines or JSON Lines) and the summary.
 *
 * Modes: --syntax-only reads every game with the PDN reader (src/pdn_read.c); by default
 * each game is then replayed under its variant by the adjudicator (src/replay.c).
 *
 * Exit status: 0 no game has an error, 1 some game has an error, 2 a file could not be
 * read or the usage is wrong (the other files are still checked).
 */
#include "diag.h"
#include "pdn.h"
#include "pk_common.h"
#include "replay.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct run {
    int json, strict, syntax_only, stats;
    pk_replay_opts opts;
    pk_replay *replay;
    unsigned long long bytes;
    FILE *out;
    /* totals */
    long files, games, games_with_errors, warnings, errors;
    long outside_errors; /* errors in no game: text after the last game under --strict */
    int unreadable;
    /* per file: the last game index counted as having an error (indices never decrease) */
    const char *file;
    int last_err_game;
    /* GNU output: each guess of a variant is said once per file, then counted (a file may
     * give a few different guesses: "english", "english; ... also ... pool") */
#define GUESSES 8
    int nguess;
    char guess_said[GUESSES][512];
    long guess_repeats[GUESSES];
} run;

/* Says how many games repeated each guess that was printed (GNU output only). */
static void flush_guesses(run *R)
{
    for (int i = 0; i < R->nguess; i++)
        if (R->guess_repeats[i])
            fprintf(R->out, "%s: note: %ld more game%s without a GameType tag: %s (not repeated; --json lists each)\n",
                    R->file, R->guess_repeats[i], R->guess_repeats[i] == 1 ? "" : "s", R->guess_said[i] + 17);
    R->nguess = 0;
}

static void on_diag(void *ctx, const pk_diag *dd)
{
    run *R = ctx;
    pk_diag copy = *dd;
    const pk_diag *d = &copy;
    if (R->strict && copy.severity == PK_SEV_WARNING) /* --strict: every warning is an error */
        copy.severity = PK_SEV_ERROR;
    if (d->severity == PK_SEV_ERROR) {
        R->errors++;
        if (d->game > 0 && d->game != R->last_err_game) {
            R->last_err_game = d->game;
            R->games_with_errors++;
        } else if (d->game <= 0)
            R->outside_errors++;
    } else if (d->severity == PK_SEV_WARNING) {
        R->warnings++;
    }
    if (R->json) {
        pk_diag_write_json(R->out, d);
        return;
    }
    if (!strcmp(d->code, "gametype") && !strncmp(d->message, "no GameType tag: guessed ", 25)) {
        for (int i = 0; i < R->nguess; i++)
            if (!strcmp(R->guess_said[i], d->message)) {
                R->guess_repeats[i]++;
                return;
            }
        if (R->nguess == GUESSES)
            flush_guesses(R);
        R->guess_repeats[R->nguess] = 0;
        snprintf(R->guess_said[R->nguess++], sizeof R->guess_said[0], "%s", d->message);
    }
    pk_diag_write_gnu(R->out, d);
}

/* JSON summary of one game (fields documented in pdncheck(1)). */
static void game_json(run *R, const pk_game *g, pk_replay_result *res, bool replayed)
{
    FILE *o = R->out;
    const char *unsupported = replayed ? res->unsupported : NULL;
    replayed = replayed && res->variant; /* not when the game names a variant pdnkit does not implement */
    fputs("{\"type\":\"game\",\"file\":", o);
    pk_json_write_string(o, R->file);
    fprintf(o, ",\"game\":%d,\"line\":%d,\"variant\":", g->index, g->line);
    pk_json_write_string(o, replayed ? res->variant->name : NULL);
    if (unsupported) {
        fputs(",\"unsupported\":", o);
        pk_json_write_string(o, unsupported);
    }
    fprintf(o, ",\"variant_guessed\":%s,\"gametype\":", replayed && res->variant_guessed ? "true" : "false");
    pk_json_write_string(o, pk_game_tag(g, "GameType"));
    fputs(",\"event\":", o);
    pk_json_write_string(o, pk_game_tag(g, "Event"));
    fputs(",\"white\":", o);
    pk_json_write_string(o, pk_game_tag(g, "White"));
    fputs(",\"black\":", o);
    pk_json_write_string(o, pk_game_tag(g, "Black"));
    fputs(",\"start_fen\":", o);
    pk_json_write_string(o, g->fen);
    fprintf(o, ",\"moves_recorded\":%d,\"plies\":", g->plies);
    if (replayed)
        fprintf(o, "%d", res->plies);
    else
        fputs("null", o);
    fputs(",\"replay_stopped\":", o);
    fputs(replayed ? (res->stopped ? "true" : "false") : "null", o);
    fputs(",\"final_fen\":", o);
    pk_json_write_string(o, replayed && res->have_final ? pk_replay_final_fen(res) : NULL);
    fputs(",\"result\":", o);
    pk_json_write_string(o, g->result.text ? g->result.text : pk_game_tag(g, "Result"));
    fputs(",\"result_kind\":", o);
    pk_json_write_string(o, pk_result_kind_name(g->result.kind));
    fputs(",\"loser\":", o);
    pk_json_write_string(o, replayed && res->loser >= 0 ? (res->loser == PK_WHITE ? "white" : "black") : NULL);
    fputs(",\"draws\":[", o);
    for (int i = 0; replayed && i < res->ndraws; i++) {
        fprintf(o, "%s{\"rule\":", i ? "," : "");
        pk_json_write_string(o, res->draws[i].rule);
        fputs(",\"kind\":", o);
        pk_json_write_string(o, pk_draw_kind_name(res->draws[i].kind));
        fprintf(o, ",\"ply\":%d}", res->draws[i].ply);
    }
    int errors = g->nerrors + (replayed ? res->errors : 0);
    int warnings = g->nwarnings + (replayed || unsupported ? res->warnings : 0);
    bool invalid = errors || (R->strict && warnings);
    fprintf(o, "],\"errors\":%d,\"warnings\":%d,\"verdict\":\"%s\"}\n", errors, warnings,
            invalid ? "invalid" : "valid");
}

/* The per-game step after reading: the replay, unless --syntax-only or the reader found
 * errors (a partly read game would only give follow-on errors). */
static void check_game(run *R, pk_game *g, pk_diag_sink *sink)
{
    pk_replay_result res;
    bool replay = !R->syntax_only && g->nerrors == 0;
    memset(&res, 0, sizeof res);
    if (replay)
        pk_replay_game(R->replay, g, R->file, &R->opts, sink, &res);
    if (R->json)
        game_json(R, g, &res, replay);
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
    R->nguess = 0;
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
    flush_guesses(R);
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

/* The last line. In replay mode a line before it says how results were read (RULES 4.4). */
static void summary(run *R)
{
    bool white = R->opts.results == PK_RESULTS_WHITE;
    if (R->json) {
        fprintf(R->out,
                "{\"type\":\"summary\",\"files\":%ld,\"games\":%ld,\"with_errors\":%ld,"
                "\"errors\":%ld,\"warnings\":%ld,\"results\":",
                R->files, R->games, R->games_with_errors, R->errors, R->warnings);
        pk_json_write_string(R->out, R->syntax_only ? NULL : white ? "white" : "first");
        fputs("}\n", R->out);
        return;
    }
    if (!R->syntax_only)
        fprintf(R->out, "results read as: %s\n",
                white ? "1-0 = White won (--results white)" : "1-0 = the first mover won (PDN convention)");
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
    fputs("Usage: pdncheck [OPTION]... [FILE]...\n"
          "Check PDN draughts game files: read every game, replay it under its variant and\n"
          "report illegal moves, missed captures, ambiguous moves, draws and results that\n"
          "contradict the board. Standard input when no FILE or FILE is -.\n"
          "\n"
          "  -v, --variant=NAME         rules to apply (name or GameType number), overriding\n"
          "                             the GameType tag; default: the tag, else a guess\n"
          "      --results=first|white  read 1-0 as a win of the first mover (PDN, default)\n"
          "                             or of White\n"
          "      --stop-at-first        stop each game at its first error\n"
          "      --pick-first           play the first candidate of an ambiguous move, go on\n"
          "      --capture-optional     house rule: captures are not mandatory\n"
          "      --no-variations        check the main line only (variations: warnings)\n"
          "      --draw-profile=NAME    brazilian-fmjd64, spanish-site40each, spanish-site20each\n"
          "      --syntax-only          check the PDN syntax only (no replay)\n"
          "      --strict               every tolerated deviation and every warning is an error\n"
          "      --json                 JSON Lines: one object per diagnostic, game and summary\n"
          "      --stats                throughput and peak memory on standard error\n"
          "  -h, --help                 print this help and exit\n"
          "  -V, --version              print the version and exit\n"
          "\n"
          "Exit status: 0 no game with an error, 1 some game with an error, 2 unreadable\n"
          "file or usage error. See pdncheck(1) and pdn(5).\n",
          o);
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "pdncheck: error: %s '%s'\nTry 'pdncheck --help'.\n", what, arg);
    return 2;
}

int main(int argc, char **argv)
{
    enum { O_RESULTS = 256, O_STOP, O_PICK, O_CAPOPT, O_DRAW, O_NOVAR };
    static const struct option longopts[] = {
        {"syntax-only", no_argument, NULL, 's'},          {"strict", no_argument, NULL, 'S'},
        {"json", no_argument, NULL, 'j'},                 {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},              {"stats", no_argument, NULL, 'T'},
        {"variant", required_argument, NULL, 'v'},        {"results", required_argument, NULL, O_RESULTS},
        {"stop-at-first", no_argument, NULL, O_STOP},     {"pick-first", no_argument, NULL, O_PICK},
        {"capture-optional", no_argument, NULL, O_CAPOPT}, {"draw-profile", required_argument, NULL, O_DRAW},
        {"no-variations", no_argument, NULL, O_NOVAR},
        {NULL, 0, NULL, 0}};
    run R;
    memset(&R, 0, sizeof R);
    R.out = stdout;
    int c;
    while ((c = getopt_long(argc, argv, "v:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 's': R.syntax_only = 1; break;
        case 'S': R.strict = 1; break;
        case 'j': R.json = 1; break;
        case 'h': usage(stdout); return 0;
        case 'T': R.stats = 1; break;
        case 'V': printf("pdncheck (pdnkit) %s\n", PK_VERSION); return 0;
        case 'v':
            R.opts.variant = pk_variant_lookup(optarg);
            if (!R.opts.variant) {
                fprintf(stderr, "pdncheck: error: unknown variant '%s'\n  known: %s (or a PDN GameType number)\n",
                        optarg, pk_variant_names());
                return 2;
            }
            break;
        case O_RESULTS:
            if (!strcmp(optarg, "white"))
                R.opts.results = PK_RESULTS_WHITE;
            else if (!strcmp(optarg, "first"))
                R.opts.results = PK_RESULTS_FIRST_MOVER;
            else
                return usage_error("--results takes 'first' or 'white', not", optarg);
            break;
        case O_STOP: R.opts.stop_at_first = true; break;
        case O_PICK: R.opts.pick_first = true; break;
        case O_CAPOPT: R.opts.gen_flags |= PK_GEN_CAPTURE_OPTIONAL; break;
        case O_NOVAR: R.opts.no_variations = true; break;
        case O_DRAW:
            if (!strcmp(optarg, "brazilian-fmjd64"))
                R.opts.draw_options |= PK_DRAW_OPT_BRAZILIAN_FMJD64;
            else if (!strcmp(optarg, "spanish-site40each"))
                R.opts.draw_options |= PK_DRAW_OPT_SPANISH_SITE40EACH;
            else if (!strcmp(optarg, "spanish-site20each"))
                R.opts.draw_options |= PK_DRAW_OPT_SPANISH_SITE20EACH;
            else
                return usage_error("unknown draw profile", optarg);
            break;
        default: fputs("Try 'pdncheck --help'.\n", stderr); return 2;
        }
    }
    if (!R.syntax_only && !(R.replay = pk_replay_new())) {
        fputs("pdncheck: error: out of memory\n", stderr);
        return 2;
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
    pk_replay_free(R.replay);
    if (fflush(stdout) != 0)
        return 2;
    return R.unreadable ? 2 : R.games_with_errors || R.outside_errors ? 1 : 0;
}
