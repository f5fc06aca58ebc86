/*
 * pdnmoves -- the disputed position: the legal moves of a FEN (short PDN form with the
 * disambiguation of RULES 4.3, full path, captured squares in capture order, FEN after),
 * with --explain the captures the choice rule forbids and the captures cut short, and
 * with --check whether one written move is legal there, in the words pdncheck uses
 * (match.c's pk_match_describe). A thin main over the library; see man/pdnmoves.1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pk_nls.h"
#include "cli.h"
#include "cli_inputs.h"
#include "cli_opts.h"
#include "json.h"
#include "pdnkit.h"
#include "replay.h" /* PK_FEN_MAX */

static const char *prog = "pdnmoves";

/* The shared options it takes (cli_opts.h): one table, one help text in every tool. */
#define SHARED                                                                                                 \
    (PK_CLI_OPT_FEN_VARIANT | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_OUTPUT | PK_CLI_OPT_LIST_VARIANTS | \
     PK_CLI_OPT_HELP | PK_CLI_OPT_VERSION)

static void usage(FILE *f)
{
    fputs(PK_T("Usage: pdnmoves [OPTION]... [FEN | -]\n"
          "List the legal moves of a position, or check one move (--check). With '-' or no\n"
          "FEN, one FEN is read per input line.\n"
          "\n"
          "  -c, --check=MOVE           is MOVE legal here? any notation pdncheck reads:\n"
          "                             from-to, full or partial path, numeric or\n"
          "                             algebraic, '-', 'x', ':'\n"
          "  -e, --explain              also the complete captures the choice rule forbids,\n"
          "                             with the rule and the numbers, and the captures cut\n"
          "                             short\n"
          "      --json                 JSON Lines: one object per move (or per check)\n"
          "  -b, --board                draw the position (text) before its moves\n"
          "      --numeric              write squares as numbers\n"
          "      --algebraic            write squares as a1..h8 (default: the variant's\n"
          "                             notation)\n"
          "\n"
          "Common options:\n"),
          f);
    pk_cli_help(f, SHARED);
    fputs(PK_T("\n"
          "Output, one line per legal move, tab-separated: MOVE FULL CAPTURED FEN-AFTER\n"
          "(CAPTURED comma-separated in capture order, '-' when none); read from standard\n"
          "input, each line starts with the number of the input line it answers. A side\n"
          "without a legal move: a line '# white has no legal move: it has lost'. --explain\n"
          "adds lines starting with '#'. --check prints FULL FEN-AFTER when legal, else\n"
          "'CODE: MESSAGE' as pdncheck words it.\n"
          "Exit status: 0 success (--check: legal), 1 --check: not legal, 2 bad FEN, move\n"
          "text, variant or option.\n"),
          f);
}

/* Everything one run needs: allocated once, nothing per position. */
typedef struct run {
    const pk_variant *v;
    unsigned gen_flags, not_flags; /* pk_gen_flags; PK_NOT_ALGEBRAIC or PK_NOT_NUMERIC */
    bool algebraic, explain, json, board;
    long long line;                /* reading standard input: the input line, the first
                                      column of every text line; 0 for a FEN argument */
    const char *check;             /* --check MOVE, or NULL */
    char shown[4 * 160 + 8];       /* MOVE escaped, as a text message quotes it (a tab would
                                      break the columns); escaped once, not per answer */
    pk_written w;                  /* MOVE parsed */
    pk_match_scratch *ms;
    pk_movelist *legal, *forbidden;
    FILE *out;
} run;

/* ---- output helpers ---------------------------------------------------------------- */

/* The captured squares of m, in capture order, as a JSON array (numbers in numeric
 * notation, strings in algebraic). */
static void json_captured(const run *r, pk_json *j, const pk_move *m)
{
    char sq[4];
    pk_json_array(j);
    for (int i = 0; i < m->ncap; i++) {
        pk_square_name(r->v->geom, m->caps[i], r->algebraic, sq);
        if (r->algebraic)
            pk_json_str(j, sq);
        else
            pk_json_int(j, strtol(sq, NULL, 10));
    }
    pk_json_end_array(j);
}

/* The captured squares of m, in capture order: "17,26" or "-". */
static void put_captured(const run *r, const pk_move *m)
{
    char sq[4];
    if (!m->ncap)
        putc('-', r->out);
    for (int i = 0; i < m->ncap; i++) {
        if (i)
            putc(',', r->out);
        fputs(pk_square_name(r->v->geom, m->caps[i], r->algebraic, sq), r->out);
    }
}

static void fen_after(const run *r, const pk_pos *p, const pk_move *m, char *buf, size_t size)
{
    pk_pos q = *p;
    pk_make(r->v, &q, m);
    pk_fen_write(r->v, &q, r->algebraic, buf, size);
}

/* Reading standard input, a text line starts with the number of the input line it
 * answers (JSON objects carry their "fen" instead). */
static void put_prefix(const run *r)
{
    if (r->line && !r->json) {
        char num[24], *e = num + sizeof num, *q = e;
        *--q = '\t';
        for (unsigned long long n = (unsigned long long)r->line; q == e - 1 || n; n /= 10)
            *--q = (char)('0' + n % 10);
        fwrite(q, 1, (size_t)(e - q), r->out);
    }
}

/* The start of a JSON object: {"fen":"..." */
static void json_open(const run *r, pk_json *j, const char *fen)
{
    pk_json_init(j, r->out);
    pk_json_object(j);
    pk_json_kstr(j, "fen", fen);
}

/* The members every move object has after its "fen" (and, checking a move, its "legal",
 * "code" and "message"): "full", "captured", "fen_after". */
static void json_move_tail(const run *r, pk_json *j, const char *full, const pk_move *m, const char *after)
{
    pk_json_kstr(j, "full", full);
    pk_json_key(j, "captured");
    json_captured(r, j, m);
    pk_json_kstr(j, "fen_after", after);
}

/* One move: text line MOVE FULL CAPTURED FEN-AFTER, or a JSON object (with "allowed" and
 * "reason" under --explain). */
static void put_move(const run *r, const char *fen, const pk_pos *p, const pk_move *m, const char *shortform,
                     const char *reason)
{
    char full[160], after[PK_FEN_MAX];
    pk_move_write(r->v, m, PK_NOT_FULL | r->not_flags, full, sizeof full);
    fen_after(r, p, m, after, sizeof after);
    if (r->json) {
        pk_json j;
        json_open(r, &j, fen);
        pk_json_kstr(&j, "move", shortform);
        json_move_tail(r, &j, full, m, after);
        if (r->explain) {
            pk_json_kbool(&j, "allowed", !reason);
            pk_json_kstr(&j, "reason", reason);
        }
        pk_json_end_object(&j);
        pk_json_newline(&j);
        return;
    }
    put_prefix(r);
    if (reason) {
        /* --explain's lines are for a person (its reason is the library's, in the reader's
         * language): translated, the '#' first kept */
        fprintf(r->out, PK_T("# forbidden %s (takes "), full);
        put_captured(r, m);
        fprintf(r->out, PK_T("): %s\n"), reason);
        return;
    }
    fputs(shortform, r->out);
    putc('\t', r->out);
    fputs(full, r->out);
    putc('\t', r->out);
    put_captured(r, m);
    putc('\t', r->out);
    fputs(after, r->out);
    putc('\n', r->out);
}

/* ---- --explain -------------------------------------------------------------------- */

/* Captures cut short: each proper prefix of a legal capture, written as a full path, is
 * what pdncheck calls an incomplete capture; its words are pk_match_describe's. A prefix
 * shared by several captures is said once. */
static void cut_short(const run *r, const char *fen, const pk_pos *p)
{
    for (int i = 0; i < pk_movelist_count(r->legal); i++) {
        const pk_move *m = pk_movelist_at(r->legal, i);
        for (int t = 0; t + 1 < m->ncap; t++) {
            bool seen = false;
            for (int k = 0; k < i && !seen; k++) {
                const pk_move *o = pk_movelist_at(r->legal, k);
                seen = o->from == m->from && o->ncap > t + 1;
                for (int u = 0; seen && u <= t; u++)
                    seen = o->path[u] == m->path[u];
            }
            if (seen)
                continue;
            pk_written w;
            memset(&w, 0, sizeof w);
            w.sq[w.nsq++] = m->from;
            for (int u = 0; u <= t; u++)
                w.sq[w.nsq++] = m->path[u];
            w.capture_sep = w.sep_written = true;
            w.algebraic = r->algebraic;
            pk_match got;
            if (pk_match_move(r->v, p, &w, r->gen_flags, r->ms, &got) != PK_MATCH_INCOMPLETE)
                continue;
            char text[160], msg[900];
            pk_move_write(r->v, &got.move, PK_NOT_FULL | r->not_flags, text, sizeof text);
            pk_match_describe(r->v, p, text, &got, r->gen_flags, r->algebraic, r->ms, msg, sizeof msg);
            if (r->json) {
                char after[PK_FEN_MAX];
                fen_after(r, p, &got.move, after, sizeof after);
                pk_json j;
                json_open(r, &j, fen);
                pk_json_kstr(&j, "move", text);
                json_move_tail(r, &j, text, &got.move, after);
                pk_json_kbool(&j, "allowed", false);
                pk_json_kbool(&j, "cut_short", true);
                pk_json_kstr(&j, "reason", msg);
                pk_json_end_object(&j);
                pk_json_newline(&j);
            } else {
                put_prefix(r);
                fprintf(r->out, PK_T("# cut short %s\n"), msg);
            }
        }
    }
}

static void explain(const run *r, const char *fen, const pk_pos *p)
{
    pk_match_forbidden(r->v, p, r->gen_flags, r->ms, r->forbidden);
    const pk_move *best = NULL;
    for (int i = 0; i < pk_movelist_count(r->legal) && !best; i++)
        if (pk_movelist_at(r->legal, i)->flags & PK_MV_CAPTURE)
            best = pk_movelist_at(r->legal, i);
    for (int i = 0; best && i < pk_movelist_count(r->forbidden); i++) {
        char reason[400], full[160];
        const pk_move *m = pk_movelist_at(r->forbidden, i);
        pk_match_forbidden_reason(r->v, p, m, best, r->gen_flags, r->algebraic, r->ms, reason, sizeof reason);
        pk_move_write(r->v, m, PK_NOT_FULL | r->not_flags, full, sizeof full);
        put_move(r, fen, p, m, full, reason);
    }
    cut_short(r, fen, p);
}

/* ---- one position ----------------------------------------------------------------- */

static int list(const run *r, const char *fen, const pk_pos *p)
{
    if (r->board && !r->json) { /* board.c's text diagram, in the notation of the listing */
        pk_board_opts bo;
        pk_error err;
        memset(&bo, 0, sizeof bo);
        bo.flags = r->algebraic ? PK_BOARD_ALGEBRAIC : PK_BOARD_NUMERIC;
        pk_board_text(r->v, p, &bo, r->out, &err);
    }
    int n = pk_gen_legal(r->v, p, r->legal, r->gen_flags);
    if (n == 0) { /* RULES 1.9; Antidraughts: the blocked side has won */
        const char *side = p->turn == PK_WHITE ? "white" : "black";
        bool won = r->v->goal == PK_GOAL_BLOCKED_WINS;
        if (r->json) {
            pk_json j;
            json_open(r, &j, fen);
            pk_json_kbool(&j, won ? "won" : "lost", true);
            pk_json_kstr(&j, "side", side);
            pk_json_end_object(&j);
            pk_json_newline(&j);
        } else {
            put_prefix(r); /* a '#' line: the columns of a move line are not there */
            fprintf(r->out, "# %s has no legal move: it has %s\n", side, won ? "won" : "lost");
        }
        return PK_EXIT_OK;
    }
    for (int i = 0; i < n; i++) {
        char shortform[160];
        const pk_move *m = pk_movelist_at(r->legal, i);
        pk_move_write_pdn(r->v, r->legal, m, r->not_flags, shortform, sizeof shortform);
        put_move(r, fen, p, m, shortform, NULL);
    }
    if (r->explain)
        explain(r, fen, p);
    return PK_EXIT_OK;
}

static int check(const run *r, const char *fen, const pk_pos *p)
{
    pk_match m;
    char msg[900];
    if (pk_match_judge(r->v, p, &r->w, r->json ? r->check : r->shown, r->gen_flags, r->ms, &m, msg, sizeof msg) ==
        PK_MATCH_LEGAL) {
        char full[160], after[PK_FEN_MAX];
        pk_move_write(r->v, &m.move, PK_NOT_FULL | r->not_flags, full, sizeof full);
        fen_after(r, p, &m.move, after, sizeof after);
        if (r->json) {
            pk_json j;
            json_open(r, &j, fen);
            pk_json_kstr(&j, "move", r->check);
            pk_json_kbool(&j, "legal", true);
            pk_json_kstr(&j, "code", "legal");
            pk_json_knull(&j, "message");
            json_move_tail(r, &j, full, &m.move, after);
            pk_json_end_object(&j);
            pk_json_newline(&j);
        } else {
            put_prefix(r);
            fprintf(r->out, "%s\t%s\n", full, after);
        }
        return PK_EXIT_OK;
    }
    if (r->json) {
        pk_json j;
        json_open(r, &j, fen);
        pk_json_kstr(&j, "move", r->check);
        pk_json_kbool(&j, "legal", false);
        pk_json_kstr(&j, "code", pk_match_code(m.kind));
        pk_json_kstr(&j, "message", msg);
        pk_json_end_object(&j);
        pk_json_newline(&j);
    } else {
        put_prefix(r);
        fprintf(r->out, "%s: %s\n", pk_match_code(m.kind), msg);
    }
    return PK_EXIT_FINDINGS;
}

/* Reads one FEN of len bytes into *p (a line read may hold a NUL: it is part of the FEN,
 * and the FEN is refused, never cut there); line > 0 names the input line in an error. */
static int parse(const run *r, const char *fen, size_t len, long long line, pk_pos *p)
{
    pk_error err;
    pk_error_clear(&err);
    if (pk_fen_parse(r->v, fen, len, p, NULL, &err) == PK_OK)
        return PK_EXIT_OK;
    char where[32];
    fflush(r->out);
    snprintf(where, sizeof where, "<stdin>:%lld", line);
    pk_cli_fen_error(stderr, prog, line > 0 ? where : NULL, r->v, fen, len, &err);
    return PK_EXIT_USAGE;
}

static int answer(const run *r, const char *fen, const pk_pos *p)
{
    return r->check ? check(r, fen, p) : list(r, fen, p);
}

/* Answers one FEN read from standard input. */
static int position(const run *r, const char *fen, size_t len, long long line)
{
    pk_pos p;
    int st = parse(r, fen, len, line, &p);
    return st ? st : answer(r, fen, &p);
}

/* One FEN per line: blank lines and '#' comments are skipped, a pair of quotes around the
 * FEN (jq without -r) is taken off. The worst status wins: 2, then 1, then 0. */
static int lines(run *r, FILE *in)
{
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    int status = PK_EXIT_OK;
    while ((len = getline(&buf, &cap, in)) >= 0) {
        r->line++;
        char *s = buf;
        while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            s[--len] = 0;
        while (*s == ' ' || *s == '\t')
            s++, len--;
        if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
            s[--len] = 0;
            s++, len--;
        }
        if (!len || *s == '#')
            continue;
        int st = position(r, s, (size_t)len, r->line);
        if (st > status)
            status = st;
    }
    int why = errno; /* getline's, when it failed */
    free(buf);
    if (ferror(in)) { /* worded as the game-file tools word it */
        fputs("<stdin>: error: ", stderr); /* the severity word stays English */
        fprintf(stderr, PK_T("read error: %s\n"), strerror(why));
        status = PK_EXIT_USAGE;
    }
    return status;
}

int main(int argc, char **argv)
{
    enum { O_NUMERIC = 256, O_ALGEBRAIC, O_JSON };
    static const struct option own[] = {
        {"check", required_argument, 0, 'c'},
        {"explain", no_argument, 0, 'e'},
        {"json", no_argument, 0, O_JSON}, /* -j was --json up to pdnkit 0.1.0: now --jobs everywhere */
        {"board", no_argument, 0, 'b'},
        {"numeric", no_argument, 0, O_NUMERIC},
        {"algebraic", no_argument, 0, O_ALGEBRAIC},
        {0, 0, 0, 0}};
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return PK_EXIT_USAGE;
    run r;
    memset(&r, 0, sizeof r);
    r.out = stdout;
    int notation = 0, c;
    pk_error err;
    pk_error_clear(&err);
    while ((c = pk_cli_next(argc, argv, prog, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: return sh.exit_status; /* --help, --version, ..., or a bad value */
        case 'c': r.check = optarg; break;
        case 'e': r.explain = true; break;
        case O_JSON: r.json = true; pk_localize_messages(0, NULL); break; /* what scripts read: English */
        case 'b': r.board = true; break;
        case O_NUMERIC: notation = PK_NOT_NUMERIC; break;
        case O_ALGEBRAIC: notation = PK_NOT_ALGEBRAIC; break;
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    r.v = sh.variant; /* international unless -v */
    r.gen_flags = sh.gen_flags;
    const char *output = sh.output;
    if (argc - optind > 1)
        return pk_cli_usage_error(stderr, prog, PK_T("one FEN at most (or '-' to read one per line)"));
    if (pk_cli_applies(r.v, r.gen_flags, 0, &err) != PK_OK)
        return pk_cli_usage_error(stderr, prog, "%s", err.msg);
    if (r.explain && r.check)
        return pk_cli_usage_error(stderr, prog, PK_T("--explain lists the moves; --check answers for one move"));
    r.algebraic = notation ? notation == PK_NOT_ALGEBRAIC : r.v->algebraic;
    r.not_flags = r.algebraic ? PK_NOT_ALGEBRAIC : PK_NOT_NUMERIC;
    if (r.check)
        pk_text_escape(r.shown, sizeof r.shown, r.check, strlen(r.check));
    if (r.check && pk_written_parse(r.v, r.check, strlen(r.check), &r.w, &err) != PK_OK) {
        pk_cli_move_error(stderr, prog, r.check, &err);
        return PK_EXIT_USAGE;
    }
    bool from_stdin = optind == argc || strcmp(argv[optind], "-") == 0;
    pk_pos arg; /* the FEN argument, read before the output is opened (and emptied) */
    if (!from_stdin && parse(&r, argv[optind], (size_t)-1, 0, &arg))
        return PK_EXIT_USAGE;
    if ((from_stdin && pk_cli_stdin_check(output, &err)) || /* an output that is the input: refused */
        (output && pk_cli_open_output(output, &r.out, &err) != PK_OK)) {
        pk_cli_error(stderr, prog, NULL, "%s", err.msg);
        return PK_EXIT_USAGE;
    }
    r.ms = pk_match_scratch_new();
    r.legal = pk_movelist_new();
    r.forbidden = pk_movelist_new();
    if (!r.ms || !r.legal || !r.forbidden) {
        pk_cli_error(stderr, prog, NULL, "%s", PK_T("out of memory"));
        return PK_EXIT_USAGE;
    }
    static char obuf[1 << 16];
    setvbuf(r.out, obuf, _IOFBF, sizeof obuf);
    int status;
    if (from_stdin)
        status = lines(&r, stdin);
    else
        status = answer(&r, argv[optind], &arg);
    pk_match_scratch_free(r.ms);
    pk_movelist_free(r.legal);
    pk_movelist_free(r.forbidden);
    return pk_cli_close_output(r.out, output, stderr, prog, status);
}
