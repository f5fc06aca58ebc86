/*
 * pdnfen.c -- the position after any ply of any game: a thin main over the library's
 * checking loop (check.h) and its replay observer. The variant is resolved as pdncheck
 * resolves it (the same library call); the FENs are the library's (pk_fen_write), in the
 * variant's notation. With -j N the games are replayed on N threads: each game's lines are
 * written into its own buffer (struct game) on a worker and copied out in file order.
 *
 * Exit status: 0 every position asked for was printed, 1 some game could not give one
 * (an error in the game, a ply past its end, no such game, a variant not implemented),
 * 2 usage error or unreadable input.
 */
#include "pk_nls.h"
#include "check.h"
#include "cli.h"
#include "cli_inputs.h"
#include "cli_opts.h"
#include "diag.h"
#include "fen.h"
#include "json.h"
#include "notation.h"
#include "pdn.h"
#include "replay.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "pdnfen"

enum what { W_FINAL, W_PLY, W_MOVE, W_ALL };

#define MAX_RANGES 64

typedef struct run {
    int what;              /* enum what */
    int ply;               /* --ply N */
    int move, move_side;   /* --move N[w|b]: side PK_WHITE, PK_BLACK or -1 (the whole move) */
    int nranges;           /* --game: 0 = every game */
    int lo[MAX_RANGES], hi[MAX_RANGES];
    int json, fen_only;
    int with_file;         /* the file first on each plain line: 1 --with-filename, 0
                              --no-filename, -1 (default) when more than one file is read */
    bool shared;           /* out and stderr are one file: out flushed before each stderr
                              line, and each game's lines kept until its diagnostics are
                              out (the order of -j N) */
    int why;               /* the errno of out's first failed write (pk_cli_write_failed) */
    int notation;          /* 0 the variant's, else PK_NOT_NUMERIC or PK_NOT_ALGEBRAIC */
    pk_replay_opts opts;
    pk_check_opts copts;
    pk_checker *checker;
    FILE *out;             /* standard output, or the file of -o */
    int status;            /* exit status so far */
    /* the input being read (file is read by the workers too: set before the run) */
    const char *file;
    int last;              /* the index of its last game so far */
    int game;
    long long game_line, game_col; /* the game an error is about */
} run;

/* One game in flight: what the observer saw of it (on a worker), read in file order. */
typedef struct game {
    const run *R;          /* the options, read only */
    int index;
    FILE *out;             /* the game's lines: the checking loop's stream of the game
                              (game_output), copied to stdout in order; at -j 1 stdout
                              itself (the replay runs on the caller's thread, in order: no
                              copy), unless a game may be replayed twice (a house rule left
                              out: check_games.c) or stdout is stderr too (see main) */
    bool found;            /* the position asked for was seen */
    pk_replay_event want;  /* --ply/--move: the event whose position is printed */
    pk_pos want_pos;
    pk_move want_move;
    char want_written[256];
} game;

static void findings(run *R)
{
    if (R->status < PK_EXIT_FINDINGS)
        R->status = PK_EXIT_FINDINGS;
}

static bool selected(const run *R, int game)
{
    if (!R->nranges)
        return true;
    for (int i = 0; i < R->nranges; i++)
        if (game >= R->lo[i] && game <= R->hi[i])
            return true;
    return false;
}

static bool algebraic(const run *R, const pk_variant *v)
{
    return R->notation ? R->notation == PK_NOT_ALGEBRAIC : v->algebraic;
}

/* The move as written: its token, and the hop-by-hop tokens that continue it. */
static void written_text(const pk_replay_event *e, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; e->written && i <= e->nhops && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", e->written[i].text);
}

/* One position: a plain tab-separated line, the FEN alone, or a JSON object, into the
 * game's buffer. */
static void print_position(game *G, const pk_replay_event *e, const pk_pos *pos, const pk_move *m,
                           const char *written)
{
    const run *R = G->R;
    FILE *out = G->out;
    const pk_variant *v = e->variant;
    bool alg = algebraic(R, v);
    char fen[PK_FEN_MAX], full[256] = "";
    pk_fen_write(v, pos, alg, fen, sizeof fen);
    bool ply = e->kind == PK_EV_PLY;
    if (R->with_file > 0 && !R->json) { /* as grep does: which file each line is about */
        pk_text_write_escaped(out, R->file);
        fputc('\t', out);
    }
    if (R->fen_only) {
        fprintf(out, "%s\n", fen);
        return;
    }
    if (ply)
        pk_move_write(v, m, PK_NOT_FULL | (alg ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC), full, sizeof full);
    const char *side = ply ? (e->side == PK_WHITE ? "white" : "black") : NULL;
    if (!R->json) {
        char num[16] = "-";
        if (ply)
            snprintf(num, sizeof num, "%d", e->move_number);
        fprintf(out, "%d\t%d\t%s\t%s\t%s\t%s\n", G->index, e->ply, num, side ? side : "-",
                ply ? written : e->kind == PK_EV_SETUP ? "setup" : "-", fen);
        return;
    }
    pk_json j;
    pk_json_init(&j, out);
    pk_json_object(&j);
    pk_json_kstr(&j, "file", R->file);
    pk_json_kint(&j, "game", G->index);
    pk_json_kstr(&j, "variant", v->name);
    pk_json_kint(&j, "ply", e->ply);
    if (ply)
        pk_json_kint(&j, "move_number", e->move_number);
    else
        pk_json_knull(&j, "move_number");
    pk_json_kstr(&j, "side", side);
    pk_json_kstr(&j, "move", ply ? written : NULL);
    pk_json_kstr(&j, "full", ply ? full : NULL);
    pk_json_key(&j, "captured");
    pk_json_array(&j);
    for (int i = 0; ply && i < m->ncap; i++) {
        char sq[8];
        pk_json_str(&j, pk_square_name(v->geom, m->caps[i], alg, sq));
    }
    pk_json_end_array(&j);
    pk_json_kstr(&j, "fen", fen);
    pk_json_end_object(&j);
    pk_json_newline(&j);
}

/* A one-line error about a game, in pdncheck's form (file: error: game N: ...). */
static void game_error(run *R, const char *msg)
{
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = PK_SEV_ERROR;
    d.code = "position";
    d.file = R->file;
    d.game = R->game;
    d.line = R->game ? R->game_line : 0;
    d.col = R->game ? R->game_col : 0;
    d.message = msg;
    pk_diag_write_gnu(pk_cli_err(R->out, R->shared), &d);
    findings(R);
}

/* --ply/--move: does this event give the position asked for? (A setup after the ply
 * belongs to it: the record's board after that ply.) */
static bool wanted(const game *G, const pk_replay_event *e)
{
    const run *R = G->R;
    if (e->depth)
        return false;
    if (R->what == W_PLY)
        return e->ply == R->ply && e->kind != PK_EV_STOP;
    if (G->found && e->kind == PK_EV_SETUP && e->ply == G->want.ply)
        return true; /* a setup right after the move asked for */
    if (e->kind != PK_EV_PLY || e->move_number != R->move)
        return false;
    return R->move_side < 0 || e->side == R->move_side;
}

/* The observer (check.h): on a worker thread, into the game's own state. */
static void on_event(void *ctx, const pk_replay_event *e)
{
    game *G = ctx;
    const run *R = G->R;
    if (e->depth)
        return; /* variations are not the game */
    char written[256];
    written_text(e, written, sizeof written);
    if (R->what == W_ALL) {
        if (e->kind != PK_EV_STOP)
            print_position(G, e, e->after, e->move, written);
        return;
    }
    if (R->what == W_FINAL) {
        if (e->kind == PK_EV_STOP && e->after && G->found) /* the last ply's line, with the final
                                                               board (a setup after it included) */
            print_position(G, &G->want, e->after, &G->want_move, G->want_written);
        else if (e->kind == PK_EV_PLY || e->kind == PK_EV_START) {
            G->found = true;
            G->want = *e;
            if (e->move)
                G->want_move = *e->move;
            snprintf(G->want_written, sizeof G->want_written, "%s", written);
        }
        return;
    }
    if (e->kind == PK_EV_STOP) {
        if (G->found)
            print_position(G, &G->want, &G->want_pos, &G->want_move, G->want_written);
        return;
    }
    if (!wanted(G, e))
        return;
    if (e->kind == PK_EV_SETUP && G->found) { /* keep the move, take the new board */
        G->want_pos = *e->after;
        return;
    }
    if (R->what == W_MOVE && R->move_side >= 0 && G->found)
        return; /* the first such move (a setup may number moves again) */
    G->found = true;
    G->want = *e;
    G->want_pos = *e->after;
    if (e->move)
        G->want_move = *e->move;
    snprintf(G->want_written, sizeof G->want_written, "%s", written);
}

static void *game_new(void *ctx)
{
    game *G = calloc(1, sizeof *G);
    if (!G)
        return NULL;
    G->R = ctx;
    G->out = G->R->out; /* -j 1 without pk_check_format: straight out */
    return G;
}

static void game_free(void *state) { free(state); }

/* With pk_check_format: the game's lines go to the loop's stream of the game. */
static void game_output(void *state, FILE *out) { ((game *)state)->out = out; }

static void game_begin(void *state, const pk_game *g)
{
    game *G = state;
    G->index = g->index;
    G->found = false;
    memset(&G->want, 0, sizeof G->want);
    G->want_written[0] = 0;
}

static void on_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)written; /* never: no pk_check_format */
    run *R = ctx;
    if (d->severity != PK_SEV_ERROR && !pk_checker_file_notice(d))
        return; /* the positions are the output; warnings are pdncheck's business */
    pk_diag plain = *d;
    plain.game_name = NULL; /* the players, which check.c adds for pdncheck, are not said here */
    pk_diag_write_gnu(pk_cli_err(R->out, R->shared), &plain);
    if (d->severity == PK_SEV_ERROR)
        findings(R);
}

static bool select_game(void *ctx, const pk_game *g) { return selected(ctx, g->index); }

/* What on_game needs of a game: with -j N noted on the thread that checked it (check.h
 * pk_check_format: the game itself is not kept), at -j 1 taken from it. */
typedef struct fen_note {
    int index;
    long long line, col;
    bool replayed, supported, have_final, found, stopped;
    int plies;
    char unsupported[64];
} fen_note;

static void note_game(fen_note *n, const pk_checked *ck)
{
    const pk_game *g = ck->game;
    const pk_replay_result *res = ck->res;
    const game *G = ck->state;
    memset(n, 0, sizeof *n);
    n->index = g->index;
    n->line = g->line;
    n->col = g->col;
    n->replayed = ck->replayed;
    if (!ck->replayed)
        return;
    const char *unsupported = pk_replay_result_unsupported(res);
    n->supported = pk_replay_result_variant(res) != NULL;
    snprintf(n->unsupported, sizeof n->unsupported, "%s", unsupported ? unsupported : PK_T("the variant"));
    n->have_final = pk_replay_result_have_final(res);
    n->found = G->found;
    n->stopped = pk_replay_result_stopped(res);
    n->plies = pk_replay_result_plies(res);
}

/* With pk_check_format, on the thread that checked the game: its note (check.h); its
 * lines are already in the game's text (game_output). */
static void fen_game(void *ctx, const pk_checked *ck, FILE *out, void *note)
{
    (void)ctx, (void)out;
    note_game(note, ck);
}

/* Each game, in file order after its diagnostics: its lines, then what it could not give. */
static bool on_game(void *ctx, const pk_checked *ck)
{
    run *R = ctx;
    fen_note n;
    if (ck->note) {
        n = *(const fen_note *)ck->note;
        if (ck->text_len)
            fwrite(ck->text, 1, ck->text_len, R->out);
    } else { /* -j 1, the lines written as the game was replayed */
        note_game(&n, ck);
    }
    R->last = n.index;
    if (pk_cli_write_failed(R->out, &R->why)) /* a closed pipe, a full disk: stop now */
        return false;
    if (!n.replayed) /* not selected, or errors reported by the reader */
        return true;
    R->game = n.index;
    R->game_line = n.line;
    R->game_col = n.col;
    char msg[300];
    if (!n.supported) {
        snprintf(msg, sizeof msg, PK_T("%s is not supported: no position to give (use --variant NAME)"), n.unsupported);
        game_error(R, msg);
        return true;
    }
    if (!n.have_final || n.found || R->what == W_ALL || R->what == W_FINAL)
        return true;
    char what[40];
    if (R->what == W_PLY)
        snprintf(what, sizeof what, PK_T("ply %d"), R->ply);
    else
        snprintf(what, sizeof what, PK_T("move %d%s"), R->move,
                 R->move_side == PK_WHITE ? "w" : R->move_side == PK_BLACK ? "b" : "");
    if (n.stopped)
        snprintf(msg, sizeof msg, PK_T("no %s: the replay stopped after ply %d"), what, n.plies);
    else
        snprintf(msg, sizeof msg, PK_TN("no %s: the game has %d ply", "no %s: the game has %d plies", n.plies), what, n.plies);
    game_error(R, msg);
    return true;
}

static void do_file(run *R, FILE *f, const char *name)
{
    R->file = name;
    R->last = 0;
    int st = pk_checker_run(R->checker, f, name, on_game, on_diag, R, NULL);
    if (st < 0)
        R->status = PK_EXIT_USAGE; /* unreadable: said by on_diag */
    if (st == 0)
        return; /* stopped: a write failed */
    int n = R->last;
    for (int i = 0; i < R->nranges; i++)
        if (R->hi[i] > n) {
            char msg[120];
            R->game = 0;
            snprintf(msg, sizeof msg, PK_TN("no game %d: the file has %d game", "no game %d: the file has %d games", n),
                     R->lo[i] > n ? R->lo[i] : n + 1, n);
            game_error(R, msg);
        }
}

static void each_file(void *ctx, FILE *f, const char *name) { do_file(ctx, f, name); }

static bool go_on(void *ctx) { return !pk_cli_write_failed(((run *)ctx)->out, &((run *)ctx)->why); }

/* The options every reader tool shares (cli_opts.h): one table, one help text. */
#define SHARED                                                                                                  \
    (PK_CLI_OPT_VARIANT | PK_CLI_OPT_RESULTS | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_JOBS | PK_CLI_OPT_OUTPUT | \
     PK_CLI_OPT_LIST_VARIANTS | PK_CLI_OPT_HELP | PK_CLI_OPT_VERSION)

static void usage(FILE *o)
{
    fputs(PK_T("Usage: pdnfen [OPTION]... [FILE]...\n"
          "Print the position (FEN) after any ply of the games of PDN files, replayed under\n"
          "their variant as pdncheck replays them. Standard input when no FILE or FILE is -.\n"
          "\n"
          "What to print, per game:\n"
          "      --final                the position at the end (default)\n"
          "      --ply=N                after ply N (0: the start position)\n"
          "      --move=N[w|b]          after White's (w) or Black's (b) N-th move, as the game\n"
          "                             numbers its moves; N alone: after the whole move N\n"
          "      --all                  the start position and the position after every ply\n"
          "  -g, --game=N[-M]           only game N (or games N to M); may be repeated\n"
          "\n"
          "How:\n"
          "      --fen-only             the FEN alone on each line\n"
          "      --with-filename        the file first on each line (the default when more\n"
          "                             than one file is read, as grep does)\n"
          "      --no-filename          never the file\n"
          "      --json                 one JSON object per position\n"
          "      --numeric              numeric squares, whatever the variant's notation\n"
          "      --algebraic            algebraic squares, whatever the variant's notation\n"
          "\n"
          "Common options:\n"),
          o);
    pk_cli_help(o, SHARED);
    fputs(PK_T("\n"
          "Plain output: one line per position, tab-separated: game, ply, move number, side\n"
          "that just moved, the move as written, FEN ('-' where there is none: the start);\n"
          "with more than one file, the file's name first.\n"
          "Errors (an illegal move, a ply past the end) go to standard error as pdncheck\n"
          "writes them; the positions before an illegal move are printed.\n"
          "\n"
          "Exit status: 0 every position asked for printed, 1 some game could not give one,\n"
          "2 unreadable file or usage error. See pdnfen(1).\n"),
          o);
}

static int parse_int(const char *s, char **end)
{
    long n = strtol(s, end, 10);
    return *end == s || n < 0 || n > 1000000000 ? -1 : (int)n;
}

int main(int argc, char **argv)
{
    enum { O_FINAL = 256, O_PLY, O_MOVE, O_ALL, O_FENONLY, O_JSON, O_NUMERIC, O_ALGEBRAIC, O_WITHFILE, O_NOFILE };
    static const struct option own[] = {
        {"final", no_argument, NULL, O_FINAL},         {"ply", required_argument, NULL, O_PLY},
        {"move", required_argument, NULL, O_MOVE},     {"all", no_argument, NULL, O_ALL},
        {"game", required_argument, NULL, 'g'},        {"fen-only", no_argument, NULL, O_FENONLY},
        {"json", no_argument, NULL, O_JSON},           {"numeric", no_argument, NULL, O_NUMERIC},
        {"algebraic", no_argument, NULL, O_ALGEBRAIC}, {"with-filename", no_argument, NULL, O_WITHFILE},
        {"no-filename", no_argument, NULL, O_NOFILE},  {NULL, 0, NULL, 0}};
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return PK_EXIT_USAGE;
    static run R; /* main's: large, not on the stack */
    R.move_side = -1;
    R.with_file = -1;
    R.out = stdout;
    pk_error err;
    int c, modes = 0;
    char *end;
    while ((c = pk_cli_next(argc, argv, PROG, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: return sh.exit_status; /* --help, --version, ..., or a bad value */
        case O_FINAL: R.what = W_FINAL, modes++; break;
        case O_ALL: R.what = W_ALL, modes++; break;
        case O_PLY:
            R.what = W_PLY, modes++;
            if ((R.ply = parse_int(optarg, &end)) < 0 || *end)
                return pk_cli_usage_error(stderr, PROG, PK_T("--ply takes a number of plies (0 = the start), not '%s'"),
                                          optarg);
            break;
        case O_MOVE:
            R.what = W_MOVE, modes++;
            R.move = parse_int(optarg, &end);
            R.move_side = *end == 'w' ? PK_WHITE : *end == 'b' ? PK_BLACK : -1;
            if (R.move < 1 || (*end && (R.move_side < 0 || end[1])))
                return pk_cli_usage_error(stderr, PROG, PK_T("--move takes N, Nw or Nb (N >= 1), not '%s'"), optarg);
            break;
        case 'g': {
            if (R.nranges == MAX_RANGES)
                return pk_cli_usage_error(stderr, PROG, PK_T("at most %d --game options"), MAX_RANGES);
            int lo = parse_int(optarg, &end), hi = lo;
            if (*end == '-')
                hi = parse_int(end + 1, &end);
            if (lo < 1 || hi < lo || *end)
                return pk_cli_usage_error(stderr, PROG, PK_T("--game takes N or N-M (games count from 1), not '%s'"),
                                          optarg);
            R.lo[R.nranges] = lo;
            R.hi[R.nranges++] = hi;
            break;
        }
        case O_FENONLY: R.fen_only = 1; break;
        case O_JSON: R.json = 1; break;
        case O_WITHFILE: R.with_file = 1; break;
        case O_NOFILE: R.with_file = 0; break;
        case O_NUMERIC: R.notation = PK_NOT_NUMERIC; break;
        case O_ALGEBRAIC: R.notation = PK_NOT_ALGEBRAIC; break;
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    R.opts.variant = sh.variant;
    R.opts.results = sh.results;
    R.opts.gen_flags = sh.gen_flags;
    int jobs = sh.jobs;
    const char *output = sh.output;
    if (modes > 1)
        return pk_cli_usage_error(stderr, PROG, PK_T("choose one of --final, --ply, --move and --all"));
    if (R.json && R.fen_only)
        return pk_cli_usage_error(stderr, PROG, PK_T("--json and --fen-only exclude each other"));
    if (R.opts.variant && pk_cli_applies(R.opts.variant, R.opts.gen_flags, 0, &err) != PK_OK)
        return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
    R.opts.no_variations = true; /* the positions of the game; its variations are not asked for */
    R.copts.jobs = jobs;
    R.copts.window = pk_cli_jobs_window();
    R.copts.piece = pk_cli_piece_bytes();
    R.copts.variant_given = R.opts.variant != NULL;
    R.copts.replay = R.opts;
    R.copts.observer = (pk_check_observer){game_new, game_free, game_begin, on_event, &R, NULL, game_output};
    if (R.nranges) {
        R.copts.select = select_game;
        R.copts.select_ctx = &R;
    }
    /* the inputs listed before the output is opened (refused if it is an input), and
     * R.out and R.shared set before the checker makes the games' states (game_new) */
    pk_cli_inputs in = {0};
    if (pk_cli_inputs_open(&in, argc, argv, optind, 0, output, &R.out, &R.shared, &err)) {
        pk_cli_error(stderr, PROG, NULL, "%s", err.msg);
        return PK_EXIT_USAGE;
    }
    /* Each game's lines kept by the checking loop (game_output) and written in file order
     * after its diagnostics: -j N (written where the game is checked, the games read in
     * pieces), a game that may be replayed twice (a house rule left out for its variant),
     * standard output that is standard error too (the order of -j N). Else straight out. */
    if (jobs > 1 || (R.opts.gen_flags && !R.copts.variant_given) || R.shared)
        R.copts.format = (pk_check_format){NULL, fen_game, &R, sizeof(fen_note)};
    if (!(R.checker = pk_checker_new(&R.copts, &err))) {
        pk_cli_error(stderr, PROG, NULL, "%s", err.msg);
        pk_cli_inputs_free(&in);
        return PK_EXIT_USAGE;
    }
    if (R.with_file < 0)
        R.with_file = in.n > 1;
    if (pk_cli_inputs_run(&in, stderr, each_file, NULL, go_on, &R))
        R.status = PK_EXIT_USAGE;
    pk_cli_inputs_free(&in);
    pk_checker_free(R.checker);
    return pk_cli_end_output(R.out, output, R.why, stderr, PROG, R.status);
}
