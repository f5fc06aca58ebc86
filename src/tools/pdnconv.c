/*
 * pdnconv.c -- rewrites PDN game files as clean PDN 3.0, with the moves converted
 * (numeric or algebraic squares, short or full captures, the capture separator), or as
 * JSON or Hub move lists. A thin main: each game is replayed by the library's checking
 * loop (check.h), whose observer is the library's converter (conv.h: every move as played,
 * in the notation asked for), and the converter writes the game again (through the
 * library's writer, pk_pdn_write_game, for PDN). With -j N the games are replayed on N
 * threads: each game is converted into its own state (struct game) on a worker and written
 * into a buffer there, and the buffers are copied out in file order.
 *
 * A game that cannot be replayed to its end keeps its moves as written from the error
 * on (a diagnostic on standard error, exit status 1); a game the reader could not read to
 * its end (a syntax error) is converted up to the error and keeps the rest as it stands
 * (the writer puts the reader's PK_NOTE_UNPARSED text back); no game, comment or
 * variation is ever dropped.
 *
 * Exit status: 0 every game converted, 1 some game could not be (fully) converted,
 * 2 usage error or unreadable input.
 */
#include "pk_nls.h"
#include "check.h"
#include "cli.h"
#include "cli_inputs.h"
#include "cli_opts.h"
#include "conv.h"
#include "diag.h"
#include "notation.h"
#include "pdn.h"
#include "replay.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define PROG "pdnconv"


typedef struct run {
    pk_conv_opts conv; /* what to write, and how (conv.h) */
    pk_replay_opts opts;
    pk_check_opts copts;
    pk_checker *checker;
    FILE *out;
    bool shared;     /* out and stderr are one file: out flushed before each stderr line */
    int why, status; /* why: the errno of out's first failed write (pk_cli_write_failed) */
    const char *file;
    long games_out;
    int stats;
    unsigned long long bytes;
    long games;
    pk_pdn_counts n; /* --stats: what was read (the round-trip test compares it before and after) */
} run;

/* One game in flight: what the replay said of its moves (conv.h), filled on a worker
 * thread, read when the game is written, in file order. */
typedef struct game {
    const run *R;  /* the options, read only */
    pk_conv *conv;
} game;

static void findings(run *R)
{
    if (R->status < PK_EXIT_FINDINGS)
        R->status = PK_EXIT_FINDINGS;
}


static void on_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)written; /* never: no pk_check_format */
    run *R = ctx;
    /* the converted games are the output; warnings are pdncheck's business, but for the
     * replay's placeholder and a Result tag that disagrees with the terminator (what
     * stays as written in the output, and why), and the file's word on how it was read */
    bool placeholder = !strcmp(d->code, "placeholder") && d->move;
    bool result_tag = !strcmp(d->code, "result-tag-mismatch");
    if (d->severity != PK_SEV_ERROR && !placeholder && !result_tag && !pk_checker_file_notice(d))
        return;
    pk_diag plain = *d;
    plain.game_name = NULL; /* the players, which check.c adds for pdncheck, are not said here */
    pk_diag_write_gnu(pk_cli_err(R->out, R->shared), &plain);
    if (d->severity == PK_SEV_ERROR || placeholder)
        findings(R);
}

static void *game_new(void *ctx)
{
    game *G = calloc(1, sizeof *G);
    if (!G)
        return NULL;
    G->R = ctx;
    if (!(G->conv = pk_conv_new(&G->R->conv))) {
        free(G);
        return NULL;
    }
    return G;
}

static void game_free(void *state)
{
    game *G = state;
    pk_conv_free(G->conv);
    free(G);
}

static void game_begin(void *state, const pk_game *g)
{
    (void)g;
    game *G = state;
    pk_conv_begin(G->conv);
}

static void on_event(void *ctx, const pk_replay_event *e) { pk_conv_event(((game *)ctx)->conv, e); }

/* What on_game needs of a game: with -j N noted on the thread that checked it (check.h
 * pk_check_format: the game itself is not kept), at -j 1 taken from it. */
typedef struct conv_note {
    int index;
    bool replayed, supported;
    bool failed; /* out of memory: the moves written as read */
    char unsupported[64];
    pk_pdn_counts n; /* --stats */
} conv_note;

static void note_game(const run *R, const pk_checked *ck, conv_note *n)
{
    memset(n, 0, sizeof *n);
    n->index = ck->game->index;
    n->replayed = ck->replayed;
    n->supported = pk_replay_result_variant(ck->res) != NULL;
    const char *unsupported = pk_replay_result_unsupported(ck->res);
    snprintf(n->unsupported, sizeof n->unsupported, "%s", unsupported ? unsupported : PK_T("its variant"));
    if (R->stats) {
        pk_game_count(ck->game, &n->n);
        for (int i = 0; i < ck->game->ntags; i++) /* written as escape lines (pk_pdn_write_game) */
            n->n.lines += !pk_pdn_tag_name_ok(ck->game->tags[i].name);
    }
}

/* The game written into out: the loop's stream of the game on the worker that replayed it
 * (-j N, conv_game), or the output at -j 1 (on_game). */
static void write_checked(const run *R, const pk_checked *ck, FILE *out, conv_note *n)
{
    const pk_game *g = ck->game;
    game *G = ck->state;
    if (!ck->replayed) /* the reader's errors were reported; the game is written as read */
        game_begin(G, g);
    pk_conv_write(G->conv, out, R->file, g, pk_replay_result_variant(ck->res));
    n->failed = pk_conv_failed(G->conv);
}

/* -j N: on the thread that checked the game (check.h). */
static void conv_game(void *ctx, const pk_checked *ck, FILE *out, void *note)
{
    note_game(ctx, ck, note);
    write_checked(ctx, ck, out, note);
}

/* Each game, in file order after its diagnostics: what could not be done said, then the
 * game written. false stops the run: a write failed. */
static bool on_game(void *ctx, const pk_checked *ck)
{
    run *R = ctx;
    conv_note local;
    const conv_note *n = ck->note;
    if (!n) /* -j 1: the game is at hand, written below straight out */
        note_game(R, ck, &local), n = &local;
    R->games++;
    if (n->replayed && !n->supported) {
        FILE *e = pk_cli_err(R->out, R->shared);
        fprintf(e, "%s: warning: ", R->file); /* the severity word stays English */
        fprintf(e, PK_T("game %d: %s is not supported: written as read\n"), n->index, n->unsupported);
        findings(R);
    }
    if (R->conv.to == PK_CONV_PDN && R->games_out++)
        fputc('\n', R->out);
    if (n == &local)
        write_checked(R, ck, R->out, &local);
    else if (ck->text_len)
        fwrite(ck->text, 1, ck->text_len, R->out);
    if (n->failed) {
        fprintf(pk_cli_err(R->out, R->shared), "%s: error: %s\n", PROG, PK_T("out of memory"));
        R->status = PK_EXIT_USAGE;
    }
    if (R->stats) {
        pk_pdn_counts_add(&R->n, &n->n);
    }
    return !pk_cli_write_failed(R->out, &R->why);
}

static void do_file(run *R, FILE *f, const char *name)
{
    unsigned long long bytes;
    R->file = name;
    if (pk_checker_run(R->checker, f, name, on_game, on_diag, R, &bytes) < 0)
        R->status = PK_EXIT_USAGE; /* unreadable: said by on_diag */
    R->bytes += bytes;
}

/* --stats: what was read and how fast, on standard error (tests/bench/pdnconv.sh reads the
 * speed, tests/scripts/pdnconv-roundtrip.sh the counts). */
static void stats(const run *R, double secs)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (secs <= 0)
        secs = 1e-9;
    fprintf(pk_cli_err(R->out, R->shared),
            "pdnconv: %ld games, %ld comments, %ld lines, %ld NAGs, %ld variations, %ld setups, %ld unparsed\n"
            "pdnconv: %llu bytes, %ld games in %.3f s: %.1f MB/s, %.0f games/s, peak RSS %ld KiB\n",
            R->games, R->n.comments, R->n.lines, R->n.nags, R->n.variations, R->n.setups, R->n.unparsed, R->bytes,
            R->games, secs, (double)R->bytes / secs / 1e6, (double)R->games / secs, (long)ru.ru_maxrss);
}

static void each_file(void *ctx, FILE *f, const char *name) { do_file(ctx, f, name); }
/* Before each input, and at the end: out flushed (a file's output before the next one's
 * messages), and not failed. */
static bool out_ok(void *ctx) { return fflush(((run *)ctx)->out), !pk_cli_write_failed(((run *)ctx)->out, &((run *)ctx)->why); }

/* The options every reader tool shares (cli_opts.h): one table, one help text. */
#define SHARED                                                                                                  \
    (PK_CLI_OPT_VARIANT | PK_CLI_OPT_RESULTS | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_JOBS | PK_CLI_OPT_OUTPUT | \
     PK_CLI_OPT_LIST_VARIANTS | PK_CLI_OPT_HELP | PK_CLI_OPT_VERSION)

static void usage(FILE *o)
{
    /* xgettext:no-c-format (fputs: its "% and ;" is text) */
    fputs(PK_T("Usage: pdnconv [OPTION]... [FILE]...\n"
          "Write the games of PDN files again as clean PDN 3.0, with their moves converted;\n"
          "each game is replayed under its variant as pdncheck replays it. Standard input\n"
          "when no FILE or FILE is -; standard output unless -o.\n"
          "\n"
          "Moves:\n"
          "      --numeric              numeric squares (8x8 variants written algebraically)\n"
          "      --algebraic            algebraic squares\n"
          "      --short                captures from-to, with the squares PDN 3.0 requires\n"
          "                             when two captures share them (default)\n"
          "      --full                 captures with every landing square\n"
          "      --sep=x|:              the capture separator (default: the variant's)\n"
          "Games:\n"
          "      --gametype=short|full  the GameType tag as a number or in the six-field form\n"
          "                             (default: the form the game used)\n"
          "Output:\n"
          "      --to=pdn|json|hub      PDN (default), one JSON object per game, or one line\n"
          "                             of Hub moves per game (from-to, fromxto then captures)\n"
          "      --stats                on standard error: the games, comments, % and ; lines,\n"
          "                             NAGs, variations, setups and unparsed texts read, and\n"
          "                             the throughput\n"
          "\n"
          "Common options:\n"),
          o);
    pk_cli_help(o, SHARED);
    fputs(PK_T("\n"
          "Results are written in the PDN convention (1-0: the first mover won) whatever\n"
          "--results says they were read as.\n"
          "A game that cannot be replayed to its end (an illegal move, an unknown move '-')\n"
          "is written with its moves as written from there on, the error (a placeholder: its\n"
          "warning) on standard error as pdncheck writes it; after a syntax error the rest of\n"
          "the game is written exactly as it stands.\n"
          "Exit status: 0 every game converted, 1 some game not (fully) converted, 2 unreadable\n"
          "file or usage error. See pdnconv(1).\n"),
          o);
}

int main(int argc, char **argv)
{
    enum { O_NUMERIC = 256, O_ALGEBRAIC, O_SHORT, O_FULL, O_SEP, O_GAMETYPE, O_TO, O_STATS };
    static const struct option own[] = {
        {"numeric", no_argument, NULL, O_NUMERIC},     {"algebraic", no_argument, NULL, O_ALGEBRAIC},
        {"short", no_argument, NULL, O_SHORT},         {"full", no_argument, NULL, O_FULL},
        {"sep", required_argument, NULL, O_SEP},       {"gametype", required_argument, NULL, O_GAMETYPE},
        {"to", required_argument, NULL, O_TO},         {"stats", no_argument, NULL, O_STATS},
        {NULL, 0, NULL, 0}};
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return PK_EXIT_USAGE;
    static run R; /* large (a move list): not on the stack */
    R.out = stdout;
    pk_error err;
    int c;
    while ((c = pk_cli_next(argc, argv, PROG, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: return sh.exit_status; /* --help, --version, ..., or a bad value */
        case O_NUMERIC: R.conv.notation = PK_NOT_NUMERIC; break;
        case O_ALGEBRAIC: R.conv.notation = PK_NOT_ALGEBRAIC; break;
        case O_SHORT: R.conv.full = false; break;
        case O_FULL: R.conv.full = true; break;
        case O_SEP:
            if (strcmp(optarg, "x") && strcmp(optarg, ":"))
                return pk_cli_usage_error(stderr, PROG, PK_T("--sep takes 'x' or ':', not '%s'"), optarg);
            R.conv.sep = optarg[0];
            break;
        case O_GAMETYPE:
            if (!strcmp(optarg, "short"))
                R.conv.gametype = 1;
            else if (!strcmp(optarg, "full"))
                R.conv.gametype = 2;
            else
                return pk_cli_usage_error(stderr, PROG, PK_T("--gametype takes 'short' or 'full', not '%s'"), optarg);
            break;
        case O_TO:
            if (!strcmp(optarg, "pdn"))
                R.conv.to = PK_CONV_PDN;
            else if (!strcmp(optarg, "json"))
                R.conv.to = PK_CONV_JSON;
            else if (!strcmp(optarg, "hub"))
                R.conv.to = PK_CONV_HUB;
            else
                return pk_cli_usage_error(stderr, PROG, PK_T("--to takes 'pdn', 'json' or 'hub', not '%s'"), optarg);
            break;
        case O_STATS: R.stats = 1; break;
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    R.opts.variant = sh.variant;
    R.opts.results = sh.results;
    R.opts.gen_flags = sh.gen_flags;
    int jobs = sh.jobs;
    const char *output = sh.output;
    if (R.opts.variant && pk_cli_applies(R.opts.variant, R.opts.gen_flags, 0, &err) != PK_OK)
        return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
    R.copts.jobs = jobs;
    R.copts.window = pk_cli_jobs_window();
    R.copts.piece = pk_cli_piece_bytes();
    R.copts.variant_given = R.opts.variant != NULL;
    R.copts.replay = R.opts;
    R.conv.results = R.opts.results;
    R.conv.gen_flags = R.opts.gen_flags;
    R.conv.variant_given = R.copts.variant_given;
    R.copts.observer = (pk_check_observer){game_new, game_free, game_begin, on_event, &R, NULL, NULL};
    /* the workers write the games into the loop's stream of each, read in pieces; at -j 1
     * on_game writes them out (no copy) */
    if (jobs > 1)
        R.copts.format = (pk_check_format){NULL, conv_game, &R, sizeof(conv_note)};
    pk_cli_inputs in = {0}; /* listed before the output is opened: refused if it is an input */
    if (!(R.checker = pk_checker_new(&R.copts, &err)) ||
        pk_cli_inputs_open(&in, argc, argv, optind, 0, output, &R.out, &R.shared, &err)) {
        pk_cli_error(stderr, PROG, NULL, "%s", err.msg);
        pk_checker_free(R.checker); /* its threads stopped */
        return PK_EXIT_USAGE;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (pk_cli_inputs_run(&in, stderr, each_file, NULL, out_ok, &R))
        R.status = PK_EXIT_USAGE;
    pk_cli_inputs_free(&in);
    out_ok(&R); /* flushed: the time includes writing */
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (R.stats)
        stats(&R, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    pk_checker_free(R.checker);
    return pk_cli_end_output(R.out, output, R.why, stderr, PROG, R.status);
}
