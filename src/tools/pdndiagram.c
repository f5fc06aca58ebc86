/*
 * pdndiagram -- draw a position given as a PDN FEN: a text board (Unicode or ASCII) or a
 * standalone SVG, optionally with a legal move's path and captures. A thin main over
 * board.c (the renderers) and match.c (the move named by --move); see man/pdndiagram.1.
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
#include "match.h"
#include "pdnkit.h"

static const char *prog = "pdndiagram";

enum { EXIT_ILLEGAL = PK_EXIT_FINDINGS, EXIT_USAGE = PK_EXIT_USAGE };

/* The shared options it takes (cli_opts.h): one table, one help text in every tool. */
#define SHARED                                                                                                 \
    (PK_CLI_OPT_FEN_VARIANT | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_OUTPUT | PK_CLI_OPT_LIST_VARIANTS | \
     PK_CLI_OPT_HELP | PK_CLI_OPT_VERSION)

static void usage(FILE *f)
{
    fprintf(f,
            PK_T("Usage: %s [OPTION]... [FEN | -]\n"
            "Draw the position of a PDN FEN (with '-' or no FEN: one FEN per line of standard input).\n"
            "\n"
            "      --text                 a text board in Unicode (the default)\n"
            "  -a, --ascii                a text board in plain ASCII (w W b B, '.' empty dark\n"
            "                             square)\n"
            "  -s, --svg                  a standalone SVG image (one position)\n"
            "      --flip                 Black's view: the board turned by 180 degrees\n"
            "  -m, --move=MOVE            draw this legal move: its path and the pieces it\n"
            "                             captures; any notation pdncheck reads, judged as\n"
            "                             pdnmoves --check judges it\n"
            "      --size=PX              width of the SVG in pixels (default %d; with --svg)\n"
            "      --numeric              square numbers even for an algebraic variant\n"
            "      --algebraic            coordinates even for a numeric variant\n"
            "\n"
            "Common options:\n"),
            prog, PK_BOARD_DEFAULT_SIZE);
    pk_cli_help(f, SHARED);
    fputs(PK_T("\n"
          "Exit status: 0 drawn, 1 the move is not legal in the position, 2 bad option, variant,\n"
          "FEN or move text.\n"),
          f);
}

typedef struct job {
    const pk_variant *v;
    pk_board_opts o;
    bool svg;
    const char *move;   /* --move as given, parsed into w */
    pk_written w;
    unsigned gen_flags; /* --capture-optional */
    pk_match_scratch *scratch;
    FILE *out;
} job;

/* Reads one FEN of len bytes into *pos and judges --move there, the board options for
 * it in *o (a line read may hold a NUL: the FEN is refused, never cut there); `where`
 * names a line of standard input in messages, NULL for the argument. Nothing is written
 * to the output: the argument is read before the output is opened (and emptied). */
static int prepare(const job *j, const char *fen, size_t len, const char *where, pk_pos *pos, pk_match *mt,
                   pk_board_opts *o)
{
    pk_error err;
    pk_error_clear(&err);
    if (pk_fen_parse(j->v, fen, len, pos, NULL, &err)) {
        pk_cli_fen_error(stderr, prog, where, j->v, fen, len, &err);
        return EXIT_USAGE;
    }
    *o = j->o;
    if (j->move) { /* judged as pdnmoves --check judges it: the same function, the same words */
        char msg[900];
        if (pk_match_judge(j->v, pos, &j->w, j->move, j->gen_flags, j->scratch, mt, msg, sizeof msg) !=
            PK_MATCH_LEGAL) {
            pk_cli_error(stderr, prog, where, "%s: %s", pk_match_code(mt->kind), msg);
            if (pk_match_advice(mt)) /* pdncheck's hint */
                fprintf(stderr, "    %s\n", pk_match_advice(mt));
            return EXIT_ILLEGAL;
        }
        o->move = &mt->move;
    }
    return 0;
}

/* Draws a position prepare() read; `sep`: a blank line first (text boards after the first
 * one drawn). */
static int render(const job *j, const pk_pos *pos, const pk_board_opts *o, bool sep)
{
    pk_error err;
    pk_error_clear(&err);
    if (sep)
        putc('\n', j->out);
    int st = j->svg ? pk_board_svg(j->v, pos, o, j->out, &err) : pk_board_text(j->v, pos, o, j->out, &err);
    if (st && st != PK_ERR_IO) /* a write error is pk_cli_finish's to report */
        pk_cli_error(stderr, prog, NULL, "%s", err.msg);
    return st ? EXIT_USAGE : 0;
}

/* Draws one FEN of standard input. */
static int draw(const job *j, const char *fen, size_t len, const char *where, bool sep)
{
    pk_pos pos;
    pk_match mt;
    pk_board_opts o;
    int st = prepare(j, fen, len, where, &pos, &mt, &o);
    return st ? st : render(j, &pos, &o, sep);
}

/* Reads the next line holding a FEN (blank lines skipped), trimmed, its length in *len
 * (NUL bytes included); NULL at the end. */
static char *next_fen(char **line, size_t *cap, int *lineno, size_t *len)
{
    ssize_t n;
    while ((n = getline(line, cap, stdin)) != -1) {
        ++*lineno;
        char *s = *line;
        while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            s[--n] = 0;
        while (n && (*s == ' ' || *s == '\t'))
            s++, n--;
        if (n) {
            *len = (size_t)n;
            return s;
        }
    }
    return NULL;
}

static int from_stdin(const job *j)
{
    char *line = NULL, *fen, *more = NULL;
    size_t cap = 0, cap2 = 0;
    int lineno = 0, drawn = 0, worst = 0;
    size_t len, len2;
    while ((fen = next_fen(&line, &cap, &lineno, &len))) {
        char where[32];
        snprintf(where, sizeof where, "<stdin>:%d", lineno);
        if (j->svg) { /* one SVG document: refuse a second FEN before writing anything */
            int at = lineno;
            if (next_fen(&more, &cap2, &lineno, &len2)) {
                snprintf(where, sizeof where, "<stdin>:%d", lineno);
                pk_cli_error(stderr, prog, where, PK_T("--svg draws one position; line %d holds a second FEN"), lineno);
                fprintf(stderr, PK_T("    the first one is on line %d\n"), at);
                worst = EXIT_USAGE;
                break;
            }
        }
        int st = draw(j, fen, len, where, drawn > 0);
        drawn += st == 0;
        if (st > worst)
            worst = st;
    }
    int why = errno; /* getline's, when it failed */
    free(line);
    free(more);
    if (ferror(stdin)) { /* worded as the game-file tools word it */
        fputs("<stdin>: error: ", stderr); /* the severity word stays English */
        fprintf(stderr, PK_T("read error: %s\n"), strerror(why));
        return EXIT_USAGE;
    }
    if (!drawn && !worst) {
        pk_cli_error(stderr, prog, NULL, PK_T("no FEN on standard input"));
        return EXIT_USAGE;
    }
    return worst;
}

int main(int argc, char **argv)
{
    /* -t and -f were --text and --flip up to pdnkit 0.1.0: now --time and --fen everywhere */
    enum { OPT_SIZE = 256, OPT_NUMERIC, OPT_ALGEBRAIC, OPT_TEXT, OPT_FLIP };
    static const struct option own[] = {
        {"text", no_argument, 0, OPT_TEXT},       {"ascii", no_argument, 0, 'a'},
        {"svg", no_argument, 0, 's'},             {"flip", no_argument, 0, OPT_FLIP},
        {"move", required_argument, 0, 'm'},      {"size", required_argument, 0, OPT_SIZE},
        {"numeric", no_argument, 0, OPT_NUMERIC}, {"algebraic", no_argument, 0, OPT_ALGEBRAIC},
        {0, 0, 0, 0}};
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return EXIT_USAGE;
    job j = {0};
    j.out = stdout;
    int c;
    while ((c = pk_cli_next(argc, argv, prog, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: return sh.exit_status; /* --help, --version, ..., or a bad value */
        case OPT_TEXT: j.svg = false; j.o.flags &= ~(unsigned)PK_BOARD_ASCII; break;
        case 'a': j.svg = false; j.o.flags |= PK_BOARD_ASCII; break;
        case 's': j.svg = true; break;
        case OPT_FLIP: j.o.flags |= PK_BOARD_FLIP; break;
        case 'm': j.move = optarg; break;
        case OPT_SIZE: {
            long px;
            if (pk_cli_number(optarg, PK_BOARD_MIN_SIZE, PK_BOARD_MAX_SIZE, &px))
                return pk_cli_usage_error(stderr, prog, PK_T("--size must be a whole number of pixels from %d to %d, not '%s'"),
                                          PK_BOARD_MIN_SIZE, PK_BOARD_MAX_SIZE, optarg);
            j.o.size = (int)px;
            break;
        }
        case OPT_NUMERIC: j.o.flags = (j.o.flags & ~(unsigned)PK_BOARD_ALGEBRAIC) | PK_BOARD_NUMERIC; break;
        case OPT_ALGEBRAIC: j.o.flags = (j.o.flags & ~(unsigned)PK_BOARD_NUMERIC) | PK_BOARD_ALGEBRAIC; break;
        default: return EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    j.v = sh.variant; /* international unless -v */
    j.gen_flags = sh.gen_flags;
    const char *output = sh.output;
    if (argc - optind > 1)
        return pk_cli_usage_error(stderr, prog, PK_T("too many arguments: one FEN (quote it) or '-'"));
    if (j.o.size && !j.svg) /* a text board has no size: the option would be lost */
        return pk_cli_usage_error(stderr, prog, PK_T("--size sets the width of an SVG board: add --svg"));
    pk_error err;
    if (pk_cli_applies(j.v, j.gen_flags, 0, &err)) /* RULES 0.1: --capture-optional is for 8x8 games */
        return pk_cli_usage_error(stderr, prog, "%s", err.msg);
    if (j.move && pk_written_parse(j.v, j.move, strlen(j.move), &j.w, &err)) {
        pk_cli_move_error(stderr, prog, j.move, &err); /* pdnmoves --check's words */
        return EXIT_USAGE;
    }
    if (j.move && !(j.scratch = pk_match_scratch_new())) {
        pk_cli_error(stderr, prog, NULL, PK_T("out of memory"));
        return EXIT_USAGE;
    }
    bool in_stdin = optind == argc || !strcmp(argv[optind], "-");
    pk_pos pos; /* the FEN argument, read and its --move judged before the output is opened */
    pk_match mt;
    pk_board_opts o;
    int st = in_stdin ? 0 : prepare(&j, argv[optind], (size_t)-1, NULL, &pos, &mt, &o);
    if (st) {
        pk_match_scratch_free(j.scratch);
        return st;
    }
    if ((in_stdin && pk_cli_stdin_check(output, &err)) || /* an output that is the input: refused */
        (output && pk_cli_open_output(output, &j.out, &err))) {
        pk_cli_error(stderr, prog, NULL, "%s", err.msg);
        pk_match_scratch_free(j.scratch);
        return EXIT_USAGE;
    }
    if (in_stdin)
        st = from_stdin(&j);
    else
        st = render(&j, &pos, &o, false);
    pk_match_scratch_free(j.scratch);
    return pk_cli_close_output(j.out, output, stderr, prog, st);
}
