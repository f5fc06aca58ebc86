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

#include "cli.h"
#include "match.h"
#include "pdnkit.h"

static const char *prog = "pdndiagram";

enum { EXIT_ILLEGAL = PK_EXIT_FINDINGS, EXIT_USAGE = PK_EXIT_USAGE };

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: %s [OPTION]... [FEN | -]\n"
            "Draw the position of a PDN FEN (with '-' or no FEN: one FEN per line of standard input).\n"
            "\n"
            "  -t, --text             a text board in Unicode (the default)\n"
            "  -a, --ascii            a text board in plain ASCII (w W b B, '.' empty dark square)\n"
            "  -s, --svg              a standalone SVG image (one position)\n"
            "  -f, --flip             Black's view: the board turned by 180 degrees\n"
            "  -m, --move=MOVE        draw this legal move: its path and the pieces it captures\n"
            "                         (from-to or the full path, numeric or algebraic)\n"
            "      --size=PX          width of the SVG in pixels (default %d)\n"
            "      --numeric          square numbers even for an algebraic variant\n"
            "      --algebraic        coordinates even for a numeric variant\n"
            "  -v, --variant=NAME     variant name or PDN GameType number (default international)\n"
            "      --list-variants    print the variant table and exit\n"
            "  -h, --help             print this help and exit\n"
            "  -V, --version          print the version and exit\n"
            "\n"
            "Exit status: 0 drawn, 1 the move is not legal in the position, 2 bad option, variant,\n"
            "FEN or move text.\n",
            prog, PK_BOARD_DEFAULT_SIZE);
}

/* The move text as squares: numbers or algebraic names separated by '-', 'x' or ':'. */
static int parse_move(const pk_variant *v, const char *text, pk_written *w, pk_error *err)
{
    memset(w, 0, sizeof *w);
    const char *s = text;
    for (;;) {
        size_t n = strcspn(s, "-x:");
        if (n == 0)
            return pk_error_set(err, PK_ERR_SYNTAX, (int)(s - text) + 1, "a square is missing");
        if (w->nsq == PK_MAX_WRITTEN)
            return pk_error_set(err, PK_ERR_SYNTAX, (int)(s - text) + 1, "too many squares");
        int bit = pk_square_parse(v->geom, s, n, err);
        if (bit < 0) {
            err->col += (int)(s - text);
            return PK_ERR_SYNTAX;
        }
        w->sq[w->nsq++] = (uint8_t)bit;
        if (!s[n])
            break;
        w->sep_written = true;
        if (s[n] != '-')
            w->capture_sep = true;
        s += n + 1;
    }
    if (w->nsq < 2)
        return pk_error_set(err, PK_ERR_SYNTAX, 1, "a move needs two squares at least (from-to)");
    return PK_OK;
}

static void move_text(const pk_variant *v, const pk_move *m, char *buf, size_t size)
{
    pk_move_write(v, m, PK_NOT_FULL, buf, size);
}

/* Why the move cannot be drawn, in one line. */
static void not_legal(const pk_variant *v, const char *text, const pk_match *mt)
{
    char a[256];
    fprintf(stderr, "%s: error: move '%s' is ", prog, text);
    switch (mt->kind) {
    case PK_MATCH_AMBIGUOUS:
        fprintf(stderr, "ambiguous: it can be");
        for (int i = 0; i < mt->ncand; i++) {
            move_text(v, &mt->cand[i], a, sizeof a);
            fprintf(stderr, "%s%s", i ? " or " : " ", a);
        }
        fprintf(stderr, "; write the full path\n");
        return;
    case PK_MATCH_CAPTURE_REQUIRED:
        fprintf(stderr, "not legal: a capture is required");
        break;
    case PK_MATCH_CHOICE:
        fprintf(stderr, "not legal: %s", pk_choice_why_text(mt->why));
        break;
    case PK_MATCH_INCOMPLETE:
        fprintf(stderr, "not legal: the capture is not complete");
        break;
    default:
        fprintf(stderr, "not legal: %s", pk_illegal_why_text(mt->why));
        fputc('\n', stderr);
        return;
    }
    for (int i = 0; i < mt->ncand; i++) {
        move_text(v, &mt->cand[i], a, sizeof a);
        fprintf(stderr, "%s%s", i ? ", " : " (legal: ", a);
    }
    fprintf(stderr, "%s\n", mt->ncand ? ")" : "");
}

typedef struct job {
    const pk_variant *v;
    pk_board_opts o;
    bool svg;
    const char *move;
    pk_match_scratch *scratch;
} job;

/* Draws one FEN; `where` names it in messages ("FEN" or "<stdin>:3"); `sep`: a blank
 * line first (text boards after the first one drawn). */
static int draw(const job *j, const char *fen, const char *where, bool sep)
{
    pk_pos pos;
    pk_error err;
    pk_error_clear(&err);
    if (pk_fen_parse(j->v, fen, (size_t)-1, &pos, NULL, &err)) {
        fprintf(stderr, "%s:%d: error: %s\n", where, err.col, err.msg);
        fprintf(stderr, "  the %s FEN looks like %s\n", j->v->name, j->v->start_fen);
        return EXIT_USAGE;
    }
    pk_board_opts o = j->o;
    pk_match mt;
    if (j->move) {
        pk_written w;
        if (parse_move(j->v, j->move, &w, &err)) {
            fprintf(stderr, "%s: error: --move '%s': column %d: %s\n", prog, j->move, err.col, err.msg);
            return EXIT_USAGE;
        }
        if (pk_match_move(j->v, &pos, &w, 0, j->scratch, &mt) != PK_MATCH_LEGAL) {
            not_legal(j->v, j->move, &mt);
            return EXIT_ILLEGAL;
        }
        o.move = &mt.move;
    }
    if (sep)
        putchar('\n');
    int st = j->svg ? pk_board_svg(j->v, &pos, &o, stdout, &err) : pk_board_text(j->v, &pos, &o, stdout, &err);
    if (st && st != PK_ERR_IO) /* a write error is pk_cli_finish's to report */
        fprintf(stderr, "%s: error: %s\n", prog, err.msg);
    return st ? EXIT_USAGE : 0;
}

/* Reads the next line holding a FEN (blank lines skipped), trimmed; NULL at the end. */
static char *next_fen(char **line, size_t *cap, int *lineno)
{
    ssize_t n;
    while ((n = getline(line, cap, stdin)) != -1) {
        ++*lineno;
        char *s = *line;
        while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            s[--n] = 0;
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s)
            return s;
    }
    return NULL;
}

static int from_stdin(const job *j)
{
    char *line = NULL, *fen, *more = NULL;
    size_t cap = 0, cap2 = 0;
    int lineno = 0, drawn = 0, worst = 0;
    while ((fen = next_fen(&line, &cap, &lineno))) {
        char where[32];
        snprintf(where, sizeof where, "<stdin>:%d", lineno);
        if (j->svg) { /* one SVG document: refuse a second FEN before writing anything */
            int at = lineno;
            if (next_fen(&more, &cap2, &lineno)) {
                fprintf(stderr, "<stdin>:%d: error: --svg draws one position; line %d holds a second FEN\n",
                        lineno, lineno);
                fprintf(stderr, "  the first one is on line %d\n", at);
                worst = EXIT_USAGE;
                break;
            }
        }
        int st = draw(j, fen, where, drawn > 0);
        drawn += st == 0;
        if (st > worst)
            worst = st;
    }
    int why = errno; /* getline's, when it failed */
    free(line);
    free(more);
    if (ferror(stdin)) { /* worded as the game-file tools word it */
        fprintf(stderr, "<stdin>: error: read error: %s\n", strerror(why));
        return EXIT_USAGE;
    }
    if (!drawn && !worst) {
        fprintf(stderr, "%s: error: no FEN on standard input\n", prog);
        return EXIT_USAGE;
    }
    return worst;
}

int main(int argc, char **argv)
{
    enum { OPT_SIZE = 256, OPT_NUMERIC, OPT_ALGEBRAIC };
    static const struct option opts[] = {
        {"text", no_argument, 0, 't'},      {"ascii", no_argument, 0, 'a'},
        {"svg", no_argument, 0, 's'},       {"flip", no_argument, 0, 'f'},
        {"move", required_argument, 0, 'm'},{"size", required_argument, 0, OPT_SIZE},
        {"numeric", no_argument, 0, OPT_NUMERIC}, {"algebraic", no_argument, 0, OPT_ALGEBRAIC},
        {"variant", required_argument, 0, 'v'}, {"help", no_argument, 0, 'h'},
        {"version", no_argument, 0, 'V'},   {"list-variants", no_argument, 0, 'L'}, {0, 0, 0, 0}};
    const char *vname = "international";
    job j = {0};
    int c;
    while ((c = getopt_long(argc, argv, "tasfm:v:hV", opts, NULL)) != -1) {
        switch (c) {
        case 't': j.svg = false; j.o.flags &= ~(unsigned)PK_BOARD_ASCII; break;
        case 'a': j.svg = false; j.o.flags |= PK_BOARD_ASCII; break;
        case 's': j.svg = true; break;
        case 'f': j.o.flags |= PK_BOARD_FLIP; break;
        case 'm': j.move = optarg; break;
        case OPT_SIZE: {
            char *end;
            errno = 0;
            long px = strtol(optarg, &end, 10);
            if (!*optarg || *end || errno || px < PK_BOARD_MIN_SIZE || px > PK_BOARD_MAX_SIZE)
                return pk_cli_usage_error(stderr, prog, "--size must be a whole number of pixels from %d to %d, not '%s'",
                                          PK_BOARD_MIN_SIZE, PK_BOARD_MAX_SIZE, optarg);
            j.o.size = (int)px;
            break;
        }
        case OPT_NUMERIC: j.o.flags = (j.o.flags & ~(unsigned)PK_BOARD_ALGEBRAIC) | PK_BOARD_NUMERIC; break;
        case OPT_ALGEBRAIC: j.o.flags = (j.o.flags & ~(unsigned)PK_BOARD_NUMERIC) | PK_BOARD_ALGEBRAIC; break;
        case 'v': vname = optarg; break;
        case 'h': usage(stdout); return pk_cli_finish(stdout, stderr, prog, 0);
        case 'L': pk_cli_list_variants(stdout); return pk_cli_finish(stdout, stderr, prog, 0);
        case 'V': pk_cli_version(stdout, prog); return pk_cli_finish(stdout, stderr, prog, 0);
        default: fprintf(stderr, "Try '%s --help'.\n", prog); return EXIT_USAGE;
        }
    }
    if (argc - optind > 1)
        return pk_cli_usage_error(stderr, prog, "too many arguments: one FEN (quote it) or '-'");
    pk_error err;
    if (pk_cli_variant(vname, &j.v, &err))
        return pk_cli_usage_error(stderr, prog, "%s", err.msg);
    if (j.move && !(j.scratch = malloc(sizeof *j.scratch))) {
        fprintf(stderr, "%s: error: out of memory\n", prog);
        return EXIT_USAGE;
    }
    int st;
    if (optind == argc || !strcmp(argv[optind], "-"))
        st = from_stdin(&j);
    else
        st = draw(&j, argv[optind], "FEN", false);
    free(j.scratch);
    return pk_cli_finish(stdout, stderr, prog, st);
}
