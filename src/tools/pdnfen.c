/*
 * pdnfen.c -- the position after any ply of any game: a thin main over the replay's
 * observer (replay.h on_event). The variant is resolved as pdncheck resolves it (the same
 * library call); the FENs are the library's (pk_fen_write), in the variant's notation.
 *
 * Exit status: 0 every position asked for was printed, 1 some game could not give one
 * (an error in the game, a ply past its end, no such game, a variant not implemented),
 * 2 usage error or unreadable input.
 */
#include "cli.h"
#include "diag.h"
#include "fen.h"
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
    int notation;          /* 0 the variant's, else PK_NOT_NUMERIC or PK_NOT_ALGEBRAIC */
    pk_replay_opts opts;
    pk_replay *replay;
    int status;            /* exit status so far */
    /* the game being replayed */
    const char *file;
    int game, game_line, game_col;
    bool found;            /* the position asked for was seen */
    pk_replay_event want;  /* --ply/--move: the event whose position is printed */
    pk_pos want_pos;
    pk_move want_move;
    char want_written[256];
} run;

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

/* One position: a plain tab-separated line, the FEN alone, or a JSON object. */
static void print_position(run *R, const pk_replay_event *e, const pk_pos *pos, const pk_move *m,
                           const char *written)
{
    const pk_variant *v = e->variant;
    bool alg = algebraic(R, v);
    char fen[PK_FEN_MAX], full[256] = "";
    pk_fen_write(v, pos, alg, fen, sizeof fen);
    bool ply = e->kind == PK_EV_PLY;
    if (R->fen_only) {
        printf("%s\n", fen);
        return;
    }
    if (ply)
        pk_move_write(v, m, PK_NOT_FULL | (alg ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC), full, sizeof full);
    const char *side = ply ? (e->side == PK_WHITE ? "white" : "black") : NULL;
    if (!R->json) {
        char num[16] = "-";
        if (ply)
            snprintf(num, sizeof num, "%d", e->move_number);
        printf("%d\t%d\t%s\t%s\t%s\t%s\n", R->game, e->ply, num, side ? side : "-",
               ply ? written : e->kind == PK_EV_SETUP ? "setup" : "-", fen);
        return;
    }
    fputs("{\"file\":", stdout);
    pk_json_write_string(stdout, R->file);
    printf(",\"game\":%d,\"variant\":", R->game);
    pk_json_write_string(stdout, v->name);
    printf(",\"ply\":%d,\"move_number\":", e->ply);
    if (ply)
        printf("%d", e->move_number);
    else
        fputs("null", stdout);
    fputs(",\"side\":", stdout);
    pk_json_write_string(stdout, side);
    fputs(",\"move\":", stdout);
    pk_json_write_string(stdout, ply ? written : NULL);
    fputs(",\"full\":", stdout);
    pk_json_write_string(stdout, ply ? full : NULL);
    fputs(",\"captured\":[", stdout);
    for (int i = 0; ply && i < m->ncap; i++) {
        char sq[8];
        pk_square_name(v->geom, m->caps[i], alg, sq);
        printf("%s\"%s\"", i ? "," : "", sq);
    }
    fputs("],\"fen\":", stdout);
    pk_json_write_string(stdout, fen);
    fputs("}\n", stdout);
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
    pk_diag_write_gnu(stderr, &d);
    findings(R);
}

/* --ply/--move: does this event give the position asked for? (A setup after the ply
 * belongs to it: the record's board after that ply.) */
static bool wanted(const run *R, const pk_replay_event *e)
{
    if (e->depth)
        return false;
    if (R->what == W_PLY)
        return e->ply == R->ply && e->kind != PK_EV_STOP;
    if (R->found && e->kind == PK_EV_SETUP && e->ply == R->want.ply)
        return true; /* a setup right after the move asked for */
    if (e->kind != PK_EV_PLY || e->move_number != R->move)
        return false;
    return R->move_side < 0 || e->side == R->move_side;
}

static void on_event(void *ctx, const pk_replay_event *e)
{
    run *R = ctx;
    if (e->depth)
        return; /* variations are not the game */
    char written[256];
    written_text(e, written, sizeof written);
    if (R->what == W_ALL) {
        if (e->kind != PK_EV_STOP)
            print_position(R, e, e->after, e->move, written);
        return;
    }
    if (R->what == W_FINAL) {
        if (e->kind == PK_EV_STOP && e->after && R->found) /* the last ply's line, with the final
                                                               board (a setup after it included) */
            print_position(R, &R->want, e->after, &R->want_move, R->want_written);
        else if (e->kind == PK_EV_PLY || e->kind == PK_EV_START) {
            R->found = true;
            R->want = *e;
            if (e->move)
                R->want_move = *e->move;
            snprintf(R->want_written, sizeof R->want_written, "%s", written);
        }
        return;
    }
    if (e->kind == PK_EV_STOP) {
        if (R->found)
            print_position(R, &R->want, &R->want_pos, &R->want_move, R->want_written);
        return;
    }
    if (!wanted(R, e))
        return;
    if (e->kind == PK_EV_SETUP && R->found) { /* keep the move, take the new board */
        R->want_pos = *e->after;
        return;
    }
    if (R->what == W_MOVE && R->move_side >= 0 && R->found)
        return; /* the first such move (a setup may number moves again) */
    R->found = true;
    R->want = *e;
    R->want_pos = *e->after;
    if (e->move)
        R->want_move = *e->move;
    snprintf(R->want_written, sizeof R->want_written, "%s", written);
}

static void on_diag(void *ctx, const pk_diag *d)
{
    run *R = ctx;
    if (d->severity != PK_SEV_ERROR)
        return; /* the positions are the output; warnings are pdncheck's business */
    pk_diag_write_gnu(stderr, d);
    findings(R);
}

static void do_game(run *R, pk_game *g, pk_diag_sink *sink)
{
    pk_replay_result res;
    R->game = g->index;
    R->game_line = g->line;
    R->game_col = g->col;
    R->found = false;
    memset(&R->want, 0, sizeof R->want);
    R->want_written[0] = 0;
    if (g->nerrors) /* reported by the reader (to the sink) */
        return;
    pk_replay_game(R->replay, g, R->file, &R->opts, sink, &res);
    char msg[300];
    if (!res.variant) {
        snprintf(msg, sizeof msg, "%s is not supported: no position to give (use --variant NAME)",
                 res.unsupported ? res.unsupported : "the variant");
        game_error(R, msg);
        return;
    }
    if (!res.have_final || R->found || R->what == W_ALL || R->what == W_FINAL)
        return;
    char what[40];
    if (R->what == W_PLY)
        snprintf(what, sizeof what, "ply %d", R->ply);
    else
        snprintf(what, sizeof what, "move %d%s", R->move,
                 R->move_side == PK_WHITE ? "w" : R->move_side == PK_BLACK ? "b" : "");
    if (res.stopped)
        snprintf(msg, sizeof msg, "no %s: the replay stopped after ply %d", what, res.plies);
    else
        snprintf(msg, sizeof msg, "no %s: the game has %d plies", what, res.plies);
    game_error(R, msg);
}

static void do_file(run *R, FILE *f, const char *name)
{
    pk_error err;
    pk_error_clear(&err);
    pk_pdn_reader *rd = pk_pdn_open(f, name, 0, &err);
    if (!rd) {
        fprintf(stderr, "%s: error: %s\n", name, err.msg);
        R->status = PK_EXIT_USAGE;
        return;
    }
    R->file = name;
    pk_diag_sink sink = {on_diag, R};
    pk_game g;
    pk_game_init(&g);
    int st, n = 0;
    while ((st = pk_pdn_next(rd, &g, &sink)) > 0) {
        n = g.index;
        if (selected(R, g.index))
            do_game(R, &g, &sink);
    }
    if (st < 0)
        R->status = PK_EXIT_USAGE;
    for (int i = 0; i < R->nranges; i++)
        if (R->hi[i] > n) {
            char msg[120];
            R->game = 0;
            snprintf(msg, sizeof msg, "no game %d: the file has %d game%s", R->lo[i] > n ? R->lo[i] : n + 1, n,
                     n == 1 ? "" : "s");
            game_error(R, msg);
        }
    pk_game_free(&g);
    pk_pdn_close(rd);
}

static void each_file(void *ctx, FILE *f, const char *name) { do_file(ctx, f, name); }

static void usage(FILE *o)
{
    fputs("Usage: pdnfen [OPTION]... [FILE]...\n"
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
          "      --json                 one JSON object per position\n"
          "      --numeric              numeric squares, whatever the variant's notation\n"
          "      --algebraic            algebraic squares, whatever the variant's notation\n"
          "  -v, --variant=NAME         rules to apply (name or GameType number), overriding\n"
          "                             the tags; default: the tags, else a guess (pdncheck(1))\n"
          "      --results=first|white  how 1-0 is read when results are checked\n"
          "      --capture-optional     house rule: captures are not mandatory (8x8 only)\n"
          "  -h, --help                 print this help and exit\n"
          "  -V, --version              print the version and exit\n"
          "\n"
          "Plain output: one line per position, tab-separated: game, ply, move number, side\n"
          "that just moved, the move as written, FEN ('-' where there is none: the start).\n"
          "Errors (an illegal move, a ply past the end) go to standard error as pdncheck\n"
          "writes them; the positions before an illegal move are printed.\n"
          "\n"
          "Exit status: 0 every position asked for printed, 1 some game could not give one,\n"
          "2 unreadable file or usage error. See pdnfen(1).\n",
          o);
}

static int parse_int(const char *s, char **end)
{
    long n = strtol(s, end, 10);
    return *end == s || n < 0 || n > 1000000000 ? -1 : (int)n;
}

int main(int argc, char **argv)
{
    enum { O_FINAL = 256, O_PLY, O_MOVE, O_ALL, O_FENONLY, O_JSON, O_NUMERIC, O_ALGEBRAIC, O_RESULTS, O_CAPOPT };
    static const struct option longopts[] = {
        {"final", no_argument, NULL, O_FINAL},         {"ply", required_argument, NULL, O_PLY},
        {"move", required_argument, NULL, O_MOVE},     {"all", no_argument, NULL, O_ALL},
        {"game", required_argument, NULL, 'g'},        {"fen-only", no_argument, NULL, O_FENONLY},
        {"json", no_argument, NULL, O_JSON},           {"numeric", no_argument, NULL, O_NUMERIC},
        {"algebraic", no_argument, NULL, O_ALGEBRAIC}, {"variant", required_argument, NULL, 'v'},
        {"results", required_argument, NULL, O_RESULTS}, {"capture-optional", no_argument, NULL, O_CAPOPT},
        {"help", no_argument, NULL, 'h'},              {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    static run R; /* main's: large, not on the stack */
    R.move_side = -1;
    pk_error err;
    int c, modes = 0;
    char *end;
    while ((c = getopt_long(argc, argv, "v:g:hV", longopts, NULL)) != -1) {
        switch (c) {
        case O_FINAL: R.what = W_FINAL, modes++; break;
        case O_ALL: R.what = W_ALL, modes++; break;
        case O_PLY:
            R.what = W_PLY, modes++;
            if ((R.ply = parse_int(optarg, &end)) < 0 || *end)
                return pk_cli_usage_error(stderr, PROG, "--ply takes a number of plies (0 = the start), not '%s'",
                                          optarg);
            break;
        case O_MOVE:
            R.what = W_MOVE, modes++;
            R.move = parse_int(optarg, &end);
            R.move_side = *end == 'w' ? PK_WHITE : *end == 'b' ? PK_BLACK : -1;
            if (R.move < 1 || (*end && (R.move_side < 0 || end[1])))
                return pk_cli_usage_error(stderr, PROG, "--move takes N, Nw or Nb (N >= 1), not '%s'", optarg);
            break;
        case 'g': {
            if (R.nranges == MAX_RANGES)
                return pk_cli_usage_error(stderr, PROG, "at most %d --game options", MAX_RANGES);
            int lo = parse_int(optarg, &end), hi = lo;
            if (*end == '-')
                hi = parse_int(end + 1, &end);
            if (lo < 1 || hi < lo || *end)
                return pk_cli_usage_error(stderr, PROG, "--game takes N or N-M (games count from 1), not '%s'",
                                          optarg);
            R.lo[R.nranges] = lo;
            R.hi[R.nranges++] = hi;
            break;
        }
        case O_FENONLY: R.fen_only = 1; break;
        case O_JSON: R.json = 1; break;
        case O_NUMERIC: R.notation = PK_NOT_NUMERIC; break;
        case O_ALGEBRAIC: R.notation = PK_NOT_ALGEBRAIC; break;
        case 'v':
            if (pk_cli_variant(optarg, &R.opts.variant, &err) != PK_OK)
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_RESULTS:
            if (pk_cli_results(optarg, &R.opts.results, &err) != PK_OK)
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_CAPOPT: R.opts.gen_flags |= PK_GEN_CAPTURE_OPTIONAL; break;
        case 'h': usage(stdout); return pk_cli_finish(stdout, stderr, PROG, PK_EXIT_OK);
        case 'V': pk_cli_version(stdout, PROG); return pk_cli_finish(stdout, stderr, PROG, PK_EXIT_OK);
        default: fputs("Try 'pdnfen --help'.\n", stderr); return PK_EXIT_USAGE;
        }
    }
    if (modes > 1)
        return pk_cli_usage_error(stderr, PROG, "choose one of --final, --ply, --move and --all");
    if (R.json && R.fen_only)
        return pk_cli_usage_error(stderr, PROG, "--json and --fen-only exclude each other");
    if (R.opts.variant && pk_cli_applies(R.opts.variant, R.opts.gen_flags, 0, &err) != PK_OK)
        return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
    R.opts.no_variations = true; /* the positions of the game; its variations are not asked for */
    R.opts.guess_first_fit = true; /* the warnings are pdncheck's: only the variant matters here */
    R.opts.on_event = on_event;
    R.opts.event_ctx = &R;
    if (!(R.replay = pk_replay_new())) {
        fprintf(stderr, "%s: error: out of memory\n", PROG);
        return PK_EXIT_USAGE;
    }
    if (pk_cli_each_input(argc, argv, optind, stderr, each_file, NULL, &R))
        R.status = PK_EXIT_USAGE;
    pk_replay_free(R.replay);
    return pk_cli_finish(stdout, stderr, PROG, R.status);
}
