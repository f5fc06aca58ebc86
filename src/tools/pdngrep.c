/*
 * pdngrep.c -- finds, selects and de-duplicates the games of PDN archives: a thin main
 * over the library. The criteria are filter.h's (tags, result, plies, date, variant,
 * verdict) and search.h's (positions, material, an opening); the copies are told by
 * game_key.h's normalised main line; the games are read and replayed by the checking
 * loop (check.h: -j, --shard, pieces of the text read by every thread), which replays
 * only the games a criterion or the output needs replayed; the output is each game's
 * text as read (pk_game.text, PK_PDN_KEEP_TEXT), or pdnconv's (conv.h).
 *
 * Per game, on the thread that read and replayed it (grep_game): the criteria, then the
 * game's output written into memory; in file order, on the caller's thread (on_game): the
 * copies dropped or kept (the set of keys is this thread's), the counts, where the text
 * goes (-o, --split files).
 *
 * Exit status, as grep's: 0 some game was selected, 1 none was, 2 an input could not be
 * read, a write failed, or the usage is wrong (with -q a selected game still gives 0).
 */
#include "pk_nls.h"
#include "check.h"
#include "cli.h"
#include "cli_inputs.h"
#include "cli_opts.h"
#include "conv.h"
#include "filter.h"
#include "game_key.h"
#include "notation.h"
#include "search.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define PROG "pdngrep"

enum out_mode { OUT_TEXT, OUT_CLEAN, OUT_JSON, OUT_COUNT, OUT_LIST, OUT_QUIET };

typedef struct run {
    pk_filter *filter;
    pk_search *search;     /* NULL: no position, material or opening */
    bool invert, unique, duplicates, reversed;
    bool replay_criteria;  /* a criterion needs the replay (variant, verdict, search) */
    bool replay_output;    /* a selected game needs the replay (-u, -D, --clean, --json) */
    int mode;              /* enum out_mode */
    pk_conv_opts conv;
    pk_replay_opts opts;
    pk_check_opts copts;
    pk_checker *checker;
    pk_key_set *keys;
    /* inputs */
    pk_cli_inputs in;      /* listed before anything is opened */
    int recursive;
    int next_input;        /* the index of the next input read */
    bool shared;           /* standard error goes where the output goes (pk_cli_log_shared) */
    const char *file;      /* the input being read */
    int file_no;
    /* output */
    const char *output;    /* -o, or --split's prefix */
    long split;            /* --split N: games per file; 0: one output */
    FILE *out;
    char out_name[4096];   /* the --split file being written, for its write error */
    int out_why;           /* the reason of a write that failed (pk_cli_write_failed) */
    long in_out, nout;     /* games in the current output, split files opened */
    unsigned color;        /* -l: grep's colours */
    unsigned color_err;
    long selected;
    int errors;            /* an input unreadable, a game too large, a write failed, a
                              -t match that gave up */
    bool date_said;        /* this file's Date that --date cannot read was said */
    bool stop;             /* -q found one, or a write failed */
} run;

/* What the replay's observer keeps of one game in flight (check.h pk_check_observer). */
typedef struct watch {
    const run *R;
    pk_search_game *sg;
    pk_key_builder kb;
    pk_conv *conv;
    bool matched; /* the search's criteria held */
    int ply;      /* from this ply */
    pk_game_key key;
} watch;

/* What on_game needs of a game, noted on the thread that checked it. */
typedef struct note {
    int index, ply;
    bool selected, too_long, crlf;
    pk_game_key key;
    /* what the filter saw: a -t match that gave up (an error), a Date --date cannot read
     * (a warning, once per file); where, and the message */
    bool fault, bad_date;
    long long line, col;
    char msg[400];
} note;

/* ------------------------------------------------------------------ the replay */

static void *watch_new(void *ctx)
{
    const run *R = ctx;
    watch *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->R = R;
    if ((R->search && !(w->sg = pk_search_game_new(R->search))) ||
        ((R->mode == OUT_CLEAN || R->mode == OUT_JSON) && !(w->conv = pk_conv_new(&R->conv)))) {
        pk_search_game_free(w->sg);
        free(w);
        return NULL;
    }
    return w;
}

static void watch_free(void *state)
{
    watch *w = state;
    pk_search_game_free(w->sg);
    pk_conv_free(w->conv);
    free(w);
}

static void watch_begin(void *state, const pk_game *g)
{
    (void)g;
    watch *w = state;
    if (w->sg)
        pk_search_begin(w->sg);
    if (w->conv)
        pk_conv_begin(w->conv);
    pk_key_begin(&w->kb);
}

static void watch_event(void *state, const pk_replay_event *e)
{
    watch *w = state;
    if (w->sg)
        pk_search_event(w->sg, e);
    if (w->conv)
        pk_conv_event(w->conv, e);
    if (w->R->unique || w->R->duplicates)
        pk_key_event(&w->kb, e);
}

static void watch_end(void *state, const pk_game *g, const pk_replay_result *res)
{
    watch *w = state;
    w->matched = !w->sg || pk_search_end(w->sg, &w->ply);
    if (!w->sg)
        w->ply = 0;
    if (w->R->unique || w->R->duplicates)
        pk_key_end(&w->kb, g, res, &w->key);
}

/* Which games to replay (on the thread that read the game): those a criterion needs
 * replayed, and those selected whose output or key needs the replay. */
static bool select_game(void *ctx, const pk_game *g)
{
    const run *R = ctx;
    int k = pk_filter_record(R->filter, g, NULL);
    if (k < 0)
        return false; /* a -t match gave up: neither selected nor left out (grep_game says it) */
    bool record = k > 0;
    if (record && R->replay_criteria)
        return true;
    return R->replay_output && record != R->invert;
}

/* ------------------------------------------------------------------ each game */

static bool has_crlf(const char *s, size_t n)
{
    const char *cr = memchr(s, '\r', n);
    return cr && cr + 1 < s + n && cr[1] == '\n';
}

/* A Date tag --date cannot read: the warning on_game gives once per file. */
static void note_date(const run *R, const pk_game *g, note *n)
{
    const char *d = "";
    n->line = g->line, n->col = g->col;
    for (int i = 0; i < g->ntags; i++)
        if (!strcmp(g->tags[i].name, "Date")) {
            d = g->tags[i].value;
            n->line = g->tags[i].line, n->col = g->tags[i].col;
            break;
        }
    n->bad_date = true;
    snprintf(n->msg, sizeof n->msg,
             PK_T("Date \"%.80s\" is no date pdngrep reads: the game is not within --date%s (the file's other such "
             "dates are not said)"),
             d, R->invert ? PK_T(", so -v selects it") : "");
}

/* On the thread that checked the game: the criteria, and the selected game's output. */
static void grep_game(void *ctx, const pk_checked *ck, FILE *out, void *nn)
{
    const run *R = ctx;
    note *n = nn;
    const pk_game *g = ck->game;
    watch *w = ck->replayed ? ck->state : NULL; /* the observer saw the game */
    const pk_replay_result *res = ck->replayed ? ck->res : NULL;
    n->index = g->index;
    pk_filter_why why;
    int k = pk_filter_record(R->filter, g, &why);
    if (why.date_unread)
        note_date(R, g, n);
    if (k < 0) { /* never taken for "no match": -v would select the game */
        n->fault = true;
        n->line = why.line, n->col = why.col;
        snprintf(n->msg, sizeof n->msg, PK_T("-t '%s': the match gave up (%s): the game is neither selected nor left out"),
                 why.tag, why.reason);
        n->selected = false;
        return;
    }
    bool matched = k > 0;
    if (matched && R->replay_criteria)
        matched = pk_filter_replayed(R->filter, g, res) && (!R->search || (w && w->matched));
    n->ply = matched && w ? w->ply : 0;
    n->selected = matched != R->invert;
    if (!n->selected)
        return;
    if (R->unique || R->duplicates) {
        if (w)
            n->key = w->key;
        else { /* not replayed (the reader's errors): the record as written */
            pk_key_builder kb;
            pk_key_begin(&kb);
            pk_key_end(&kb, g, NULL, &n->key);
        }
    }
    switch (R->mode) {
    case OUT_TEXT:
        if (!g->text) {
            n->too_long = true;
            return;
        }
        n->crlf = has_crlf(g->text, g->text_len);
        fwrite(g->text, 1, g->text_len, out);
        fputs(n->crlf ? "\r\n" : "\n", out);
        break;
    case OUT_CLEAN:
    case OUT_JSON: {
        pk_conv *c = w ? w->conv : ((watch *)ck->state)->conv;
        if (!w)
            pk_conv_begin(c); /* not replayed: written as read */
        pk_conv_write(c, out, ck->file, g, res ? pk_replay_result_variant(res) : NULL);
        break;
    }
    default: break;
    }
}

static void say(run *R, const pk_diag *d)
{
    if (R->out)
        fflush(R->out);
    pk_diag_write_text(pk_cli_err(R->out ? R->out : stdout, R->shared), d, R->color_err);
    if (d->severity == PK_SEV_ERROR)
        R->errors = 1;
}

static void error_line(run *R, const char *file, int line, int game, const char *msg)
{
    pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = file, .line = line, .game = game, .message = msg};
    say(R, &d);
}

/* What the filter saw in a game (noted by grep_game), in file order: a -t match that
 * gave up is an error (exit 2), a Date --date cannot read a warning, once per file. */
static void filter_said(run *R, const note *n)
{
    pk_diag d = {.file = R->file, .line = n->line, .col = n->col, .game = n->index, .message = n->msg};
    if (n->fault) {
        d.severity = PK_SEV_ERROR, d.code = "pattern";
        d.hint = PK_T("PCRE2 gives up on a pattern that backtracks without end, as a repeated group that repeats "
                 "itself ((\\w+\\s?)+): write it without the nesting");
        say(R, &d);
    } else if (n->bad_date && !R->date_said) {
        d.severity = PK_SEV_WARNING, d.code = "date";
        d.hint = PK_T("the dates pdngrep reads are listed under --date in pdngrep(1)");
        say(R, &d);
        R->date_said = true;
    }
}

/* Only what keeps a file from being read is said (a game's own faults are pdncheck's). */
static void on_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)written;
    run *R = ctx;
    if (!strcmp(d->code, "io") && d->game <= 0)
        error_line(R, d->file, 0, 0, d->message);
    else if (pk_checker_file_notice(d)) /* the file's word on how it was read */
        pk_diag_write_text(pk_cli_err(R->out, R->shared), d, R->color_err);
}

/* --split's files are numbered with a fixed width, so that their names sort in the
 * order of their games (PREFIX-000010 after PREFIX-000009): six digits, at most 999999
 * files -- a million files in one folder is past what a user lists or a file system
 * keeps at ease; a larger N makes fewer. Past it pdngrep stops with an error rather than
 * widen the numbers. */
#define SPLIT_DIGITS 6
#define SPLIT_MAX 999999

/* The output of the next game: -o FILE, standard output, or the next --split file. */
static FILE *output(run *R)
{
    if (!R->split || (R->out && R->in_out < R->split))
        return R->out;
    if (R->out && pk_cli_end_output(R->out, R->out_name, R->out_why, stderr, PROG, 0)) {
        R->errors = 1;
        R->out = NULL;
        return NULL;
    }
    R->out = NULL;
    if (R->nout == SPLIT_MAX) {
        pk_cli_error(stderr, PROG, NULL, PK_T("--split: more than %d files (their names would not sort): give a larger N"),
                     SPLIT_MAX);
        R->errors = 1;
        return NULL;
    }
    char *name = R->out_name;
    size_t pl = strlen(R->output);
    snprintf(name, sizeof R->out_name, "%s%s%0*ld.%s", R->output, pl && R->output[pl - 1] == '/' ? "" : "-",
             SPLIT_DIGITS, ++R->nout, R->mode == OUT_JSON ? "jsonl" : "pdn");
    pk_error err;
    if (pk_cli_output_check(&R->in, name, PK_T("--split file"), &err) || pk_cli_open_output(name, &R->out, &err)) {
        pk_cli_error(stderr, PROG, NULL, "%s", err.msg); /* the file name escaped */
        R->errors = 1;
        return R->out = NULL;
    }
    R->in_out = 0;
    return R->out;
}

/* One field of a -l line, in grep's colours when asked (file names magenta, numbers green). */
static void field(const run *R, FILE *o, const char *sgr, const char *text)
{
    fprintf(o, R->color ? "\033[%sm%s\033[m" : "%.0s%s", sgr, text);
}

/* A file name in a -l line: its control characters escaped as in every message
 * (pk_text_write_escaped, diag.h: a TAB as \x09, so each line keeps its fields). */
static void name_field(const run *R, FILE *o, const char *name)
{
    if (R->color)
        fputs("\033[35m", o);
    pk_text_write_escaped(o, name);
    if (R->color)
        fputs("\033[m", o);
}

static void list_line(run *R, FILE *o, const note *n, pk_key_origin first)
{
    char num[16];
    name_field(R, o, R->file);
    snprintf(num, sizeof num, "%d", n->index);
    fputc('\t', o);
    field(R, o, "32", num);
    fprintf(o, "\t%d", n->ply);
    if (R->duplicates) { /* and the game it copies */
        const char *path = pk_cli_input_name(&R->in.v[first.file]);
        snprintf(num, sizeof num, "%d", first.game);
        fputc('\t', o);
        name_field(R, o, path);
        fputc('\t', o);
        field(R, o, "32", num);
    }
    fputc('\n', o);
}

/* Each game in file order: the copies told apart, then the game counted, listed or
 * written. false stops the run (-q found one, a write failed). */
static bool on_game(void *ctx, const pk_checked *ck)
{
    run *R = ctx;
    const note *n = ck->note;
    if (n->fault || n->bad_date)
        filter_said(R, n);
    if (!n->selected)
        return true;
    pk_key_origin first = {0, 0};
    if (R->unique || R->duplicates) {
        int st = pk_key_set_add(R->keys, &n->key, (pk_key_origin){R->file_no, n->index}, &first);
        if (st < 0) {
            error_line(R, R->file, 0, n->index, PK_T("out of memory: the set of games seen cannot grow"));
            return !(R->stop = true);
        }
        if ((st == 0) != R->duplicates)
            return true; /* -u: a copy; -D: a first */
    }
    R->selected++;
    if (R->mode == OUT_QUIET)
        return !(R->stop = true);
    if (R->mode == OUT_COUNT)
        return true;
    FILE *o = output(R);
    if (!o)
        return !(R->stop = true);
    if (R->mode == OUT_LIST) {
        list_line(R, o, n, first);
    } else if (n->too_long) {
        char msg[160]; /* "game N: " is error_line's (it was said twice) */
        snprintf(msg, sizeof msg, PK_T("longer than %u bytes: not written"), PK_PDN_MAX_GAME_BYTES);
        error_line(R, R->file, 0, n->index, msg);
    } else {
        if (R->mode != OUT_JSON && R->in_out)
            fputs(n->crlf ? "\r\n" : "\n", o); /* a blank line between games */
        fwrite(ck->text, 1, ck->text_len, o);
        R->in_out++;
    }
    if (pk_cli_write_failed(o, &R->out_why))
        return !(R->stop = true); /* said when the output is closed, with its reason */
    return true;
}

/* ------------------------------------------------------------------ inputs */

/* Each input in order (pk_cli_inputs_run): its games read, or the reason it cannot be
 * read, worded as in every tool. next_input numbers both, for -D's "the game it copies". */
static void each_input(void *ctx, FILE *f, const char *name)
{
    run *R = ctx;
    R->file = name;
    R->file_no = R->next_input++;
    R->date_said = false;
    if (pk_checker_run(R->checker, f, R->file, on_game, on_diag, R, NULL) < 0)
        R->errors = 1; /* said by on_diag */
}

static void input_failed(void *ctx, const char *name, const char *why, bool error)
{
    run *R = ctx;
    R->next_input++;
    pk_cli_input_say(stderr, name, why, error);
}

static bool go_on(void *ctx) { return !((run *)ctx)->stop; }

/* ------------------------------------------------------------------ options */

/* The shared options it takes (cli_opts.h): one table, one help text in every tool. Its
 * --variant selects games (a criterion: its -v is grep's --invert-match); --rules is what
 * the other tools' --variant does. */
#define SHARED                                                                                    \
    (PK_CLI_OPT_SELECT_VARIANT | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_JOBS | PK_CLI_OPT_OUTPUT | \
     PK_CLI_OPT_COLOR | PK_CLI_OPT_LIST_VARIANTS | PK_CLI_OPT_HELP | PK_CLI_OPT_VERSION)

static void usage(FILE *o)
{
    fputs(PK_T("Usage: pdngrep [OPTION]... [FILE|DIR]...\n"
          "Find, select and de-duplicate the games of PDN files (standard input when no FILE\n"
          "or FILE is -): the games every criterion holds for, written as they stand.\n"
          "\n"
          "Selecting (all must hold):\n"
          "  -t, --tag=NAME=REGEX       a tag NAME whose value the PCRE2 pattern matches\n"
          "                             (may be repeated; a game without the tag never matches)\n"
          "  -i, --ignore-case          the patterns match without case\n"
          "  -v, --invert-match         select the games that do not match\n"),
          o);
    pk_cli_help(o, PK_CLI_OPT_SELECT_VARIANT); /* a criterion: listed with the others */
    fputs(PK_T("      --result=1-0|0-1|draw|0-0|*  the result the record states\n"
          "      --verdict=valid|errors|draw|ok|result-board|result-tag|drawn|draw-claimable\n"
          "                             pdncheck's verdict (several: separated by commas)\n"
          "      --plies=N[-M]          plies of the main line: at least N, or N to M\n"
          "      --date=FROM[-TO]       the Date tag within the range (YYYY[.MM[.DD]], '?\?'\n"
          "                             parts as spans: 1998 is the whole year; the tags'\n"
          "                             other forms, as 25.11.2000: see pdngrep(1))\n"
          "      --fen=FEN              the position occurs in the main line (may be repeated)\n"
          "      --reversed             --fen also with the colours reversed (board turned)\n"
          "      --material=SPEC        at some ply each side has exactly these men (M) and\n"
          "                             kings (K): W:K3:B:K1 (may be repeated)\n"
          "      --opening=MOVES        the main line starts with these moves, in any notation\n"
          "De-duplicating:\n"
          "  -u, --unique               leave out the copies of a game already selected (the\n"
          "                             same variant, start and main line, however written;\n"
          "                             without moves: the same tags and result too)\n"
          "  -D, --duplicates           only those copies\n"
          "Output:\n"
          "      --clean                the games as pdnconv writes them (not as they stand)\n"
          "      --json                 one JSON object per game, as pdnconv --to json\n"
          "  -c, --count                the number of games selected\n"
          "  -l, --list                 one line per game: file, game, ply (with -D: and the\n"
          "                             file and game it copies)\n"
          "  -q, --quiet                nothing; stop at the first game selected\n"
          "      --split=N              files of N games each: PREFIX-000001.pdn, ...\n"
          "                             (-o PREFIX)\n"
          "Reading:\n"
          "      --rules=NAME           replay every game under NAME's rules, whatever its\n"
          "                             tags (pdncheck --variant)\n"
          "  -r, --recursive            read the game files in each DIR and below it\n"
          "      --shard=K/N            only the games whose index in their file, from 0,\n"
          "                             modulo N is K\n"
          "\n"
          "Common options:\n"),
          o);
    pk_cli_help(o, SHARED & ~(unsigned)PK_CLI_OPT_SELECT_VARIANT);
    fputs(PK_T("\n"
          "With --split, -o names the files' prefix. --color colours -l's file names and game\n"
          "numbers, and the errors.\n"
          "Exit status: 0 some game selected, 1 none, 2 an input unreadable, a failed write\n"
          "or a usage error. See pdngrep(1).\n"),
          o);
}

enum {
    O_RESULT = 256, O_VERDICT, O_PLIES, O_DATE, O_FEN, O_REVERSED, O_MATERIAL, O_OPENING, O_CLEAN, O_JSON, O_SPLIT,
    O_RULES, O_SHARD
};

static const struct option own[] = {
    {"tag", required_argument, NULL, 't'},         {"ignore-case", no_argument, NULL, 'i'},
    {"invert-match", no_argument, NULL, 'v'},      {"result", required_argument, NULL, O_RESULT},
    {"verdict", required_argument, NULL, O_VERDICT}, {"plies", required_argument, NULL, O_PLIES},
    {"date", required_argument, NULL, O_DATE},     {"fen", required_argument, NULL, O_FEN},
    {"reversed", no_argument, NULL, O_REVERSED},   {"material", required_argument, NULL, O_MATERIAL},
    {"opening", required_argument, NULL, O_OPENING}, {"unique", no_argument, NULL, 'u'},
    {"duplicates", no_argument, NULL, 'D'},        {"clean", no_argument, NULL, O_CLEAN},
    {"json", no_argument, NULL, O_JSON},           {"count", no_argument, NULL, 'c'},
    {"list", no_argument, NULL, 'l'},              {"quiet", no_argument, NULL, 'q'},
    {"split", required_argument, NULL, O_SPLIT},   {"rules", required_argument, NULL, O_RULES},
    {"recursive", no_argument, NULL, 'r'},         {"shard", required_argument, NULL, O_SHARD},
    {NULL, 0, NULL, 0}};

/* What the command line asks, collected before anything is compiled (-i and --rules
 * apply to options given before them). */
typedef struct args {
    const char *tags[64], *fens[PK_SEARCH_MAX + 1], *materials[PK_SEARCH_MAX + 1], *opening;
    int ntags, nfens, nmaterials;
    bool caseless;
    const pk_variant *variant;
    int modes; /* output options given */
    int color;
    int jobs;
} args;

static int set_mode(run *R, args *A, int mode)
{
    A->modes++;
    R->mode = mode;
    return 0;
}

/* Compiles the criteria. 0, or the exit status of a usage error (said). */
static int compile(run *R, args *A)
{
    pk_error err;
    const pk_variant *only = R->opts.variant ? R->opts.variant : A->variant;
    for (int i = 0; i < A->ntags; i++)
        if (pk_filter_add_tag(R->filter, A->tags[i], A->caseless, &err))
            return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
    if (A->nfens || A->nmaterials || A->opening) {
        if (!(R->search = pk_search_new(R->opts.gen_flags)))
            return pk_cli_error(stderr, PROG, NULL, "%s", PK_T("out of memory")), PK_EXIT_USAGE;
        for (int i = 0; i < A->nfens; i++)
            if (pk_search_add_fen(R->search, A->fens[i], R->reversed, only, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
        for (int i = 0; i < A->nmaterials; i++)
            if (pk_search_add_material(R->search, A->materials[i], &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
        char warning[600];
        if (A->opening && pk_search_set_opening(R->search, A->opening, only, warning, sizeof warning, &err))
            return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
        if (A->opening && warning[0]) { /* it echoes --opening: escaped, as every echo */
            char shown[4 * sizeof warning];
            pk_text_escape(shown, sizeof shown, warning, strlen(warning));
            fprintf(stderr, "%s: warning: %s\n", PROG, shown);
        }
    }
    if (R->reversed && !A->nfens)
        return pk_cli_usage_error(stderr, PROG, PK_T("--reversed goes with --fen"));
    if (A->variant && R->opts.variant && A->variant != R->opts.variant)
        return pk_cli_usage_error(stderr, PROG, PK_T("--variant %s cannot match: --rules reads every game as %s"),
                                  A->variant->name, R->opts.variant->name);
    pk_filter_set_variant(R->filter, A->variant);
    return 0;
}

/* Output options that exclude each other. 0, or the exit status of a usage error. */
static int check_modes(run *R, const args *A)
{
    if (A->modes > 1)
        return pk_cli_usage_error(stderr, PROG, PK_T("choose one of --clean, --json, -c, -l and -q"));
    if (R->unique && R->duplicates)
        return pk_cli_usage_error(stderr, PROG, PK_T("-u and -D exclude each other"));
    if (R->split && (!R->output || !strcmp(R->output, "-")))
        return pk_cli_usage_error(stderr, PROG, PK_T("--split needs -o PREFIX (the files are PREFIX-000001.pdn, ...)"));
    if (R->split && (R->mode == OUT_COUNT || R->mode == OUT_LIST || R->mode == OUT_QUIET))
        return pk_cli_usage_error(stderr, PROG, PK_T("--split writes games: not with -c, -l or -q"));
    if (R->opts.variant && pk_cli_applies(R->opts.variant, R->opts.gen_flags, 0, NULL) != PK_OK) {
        pk_error err;
        pk_cli_applies(R->opts.variant, R->opts.gen_flags, 0, &err);
        return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
    }
    return 0;
}

static int parse(run *R, args *A, int argc, char **argv)
{
    pk_error err;
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return PK_EXIT_USAGE;
    int c;
    while ((c = pk_cli_next(argc, argv, PROG, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: exit(sh.exit_status); /* --help, --version, ..., or a bad value (said) */
        case 't':
            if (A->ntags == 64)
                return pk_cli_usage_error(stderr, PROG, PK_T("at most 64 -t options"));
            A->tags[A->ntags++] = optarg;
            break;
        case 'i': A->caseless = true; break;
        case 'v': R->invert = true; break;
        case O_RESULT:
            if (pk_filter_set_result(R->filter, optarg, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_VERDICT:
            if (pk_filter_set_verdict(R->filter, optarg, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_PLIES:
            if (pk_filter_set_plies(R->filter, optarg, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_DATE:
            if (pk_filter_set_date(R->filter, optarg, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case O_FEN:
            if (A->nfens == PK_SEARCH_MAX)
                return pk_cli_usage_error(stderr, PROG, PK_T("at most %d --fen options"), PK_SEARCH_MAX);
            A->fens[A->nfens++] = optarg;
            break;
        case O_REVERSED: R->reversed = true; break;
        case O_MATERIAL:
            if (A->nmaterials == PK_SEARCH_MAX)
                return pk_cli_usage_error(stderr, PROG, PK_T("at most %d --material options"), PK_SEARCH_MAX);
            A->materials[A->nmaterials++] = optarg;
            break;
        case O_OPENING:
            if (A->opening)
                return pk_cli_usage_error(stderr, PROG, PK_T("--opening given twice"));
            A->opening = optarg;
            break;
        case 'u': R->unique = true; break;
        case 'D': R->duplicates = true; break;
        case O_CLEAN: set_mode(R, A, OUT_CLEAN); break;
        case O_JSON: set_mode(R, A, OUT_JSON); break;
        case 'c': set_mode(R, A, OUT_COUNT); break;
        case 'l': set_mode(R, A, OUT_LIST); break;
        case 'q': set_mode(R, A, OUT_QUIET); break;
        case O_SPLIT:
            if (pk_cli_number(optarg, 1, 1000000000, &R->split))
                return pk_cli_usage_error(stderr, PROG, PK_T("--split takes a number of games per file, not '%s'"), optarg);
            break;
        case O_RULES:
            if (pk_cli_variant(optarg, &R->opts.variant, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        case 'r': R->recursive = 1; break;
        case O_SHARD:
            if (pk_cli_shard(optarg, &R->copts.shard, &R->copts.shards, &err))
                return pk_cli_usage_error(stderr, PROG, "%s", err.msg);
            break;
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    A->variant = sh.variant;
    A->jobs = sh.jobs;
    A->color = sh.color;
    R->output = sh.output;
    R->opts.gen_flags |= sh.gen_flags;
    int st = compile(R, A);
    return st ? st : check_modes(R, A);
}

/* The checking loop for what was asked: which games to replay, and how. */
static int setup(run *R, const args *A)
{
    pk_error err;
    R->replay_criteria = pk_filter_needs_replay(R->filter) || R->search;
    R->replay_output = R->unique || R->duplicates || R->mode == OUT_CLEAN || R->mode == OUT_JSON;
    /* variations: only pdncheck's verdict and the converted output need them */
    R->opts.no_variations = !pk_filter_needs_verdict(R->filter) && R->mode != OUT_CLEAN && R->mode != OUT_JSON;
    R->conv.to = R->mode == OUT_JSON ? PK_CONV_JSON : PK_CONV_PDN;
    R->conv.results = R->opts.results;
    R->conv.gen_flags = R->opts.gen_flags;
    R->conv.variant_given = R->opts.variant != NULL;
    R->copts.jobs = A->jobs;
    R->copts.window = pk_cli_jobs_window();
    R->copts.piece = pk_cli_piece_bytes();
    R->copts.variant_given = R->opts.variant != NULL;
    R->copts.replay = R->opts;
    R->copts.syntax_only = !R->replay_criteria && !R->replay_output;
    R->copts.reader_flags = R->mode == OUT_TEXT ? PK_PDN_KEEP_TEXT : 0;
    if (R->search || R->replay_output)
        R->copts.observer = (pk_check_observer){watch_new, watch_free, watch_begin, watch_event, R, watch_end, NULL};
    if (!R->copts.syntax_only) {
        R->copts.select = select_game;
        R->copts.select_ctx = R;
    }
    R->copts.format = (pk_check_format){NULL, grep_game, R, sizeof(note)};
    if ((R->unique || R->duplicates) && !(R->keys = pk_key_set_new()))
        return pk_cli_error(stderr, PROG, NULL, "%s", PK_T("out of memory")), PK_EXIT_USAGE;
    if (!(R->checker = pk_checker_new(&R->copts, &err)))
        return pk_cli_error(stderr, PROG, NULL, "%s", err.msg), PK_EXIT_USAGE;
    return 0;
}

int main(int argc, char **argv)
{
    static run R;
    static args A;
    R.out = stdout;
    if (!(R.filter = pk_filter_new()))
        return pk_cli_error(stderr, PROG, NULL, "%s", PK_T("out of memory")), PK_EXIT_USAGE;
    int st = parse(&R, &A, argc, argv);
    pk_error err;
    if (!st && pk_cli_inputs_open(&R.in, argc, argv, optind, PK_CLI_CAN_RECURSE | (R.recursive ? PK_CLI_RECURSE : 0),
                                  R.split ? NULL : R.output, &R.out, &R.shared, &err))
        st = (pk_cli_error(stderr, PROG, NULL, "%s", err.msg), PK_EXIT_USAGE);
    if (!st && R.split)
        R.out = NULL;
    if (!st)
        st = setup(&R, &A);
    if (!st) {
        R.color = R.mode == OUT_LIST && pk_cli_use_color(A.color, R.out ? R.out : stdout) ? 1 : 0;
        R.color_err = pk_cli_use_color(A.color, stderr) ? PK_DIAG_COLOR : 0;
        if (pk_cli_inputs_run(&R.in, stderr, each_input, input_failed, go_on, &R))
            R.errors = 1;
        if (R.mode == OUT_COUNT) { /* the reason now: a libc that writes the line at once
                                    * (musl) fails here, and errno is gone by the end */
            errno = 0;
            fprintf(R.out, "%ld\n", R.selected);
            pk_cli_write_failed(R.out, &R.out_why);
        }
        st = R.mode == OUT_QUIET && R.selected ? PK_EXIT_OK
             : R.errors                         ? PK_EXIT_USAGE
             : R.selected                       ? PK_EXIT_OK
                                                : PK_EXIT_FINDINGS;
    }
    pk_checker_free(R.checker);
    pk_key_set_free(R.keys);
    pk_search_free(R.search);
    pk_filter_free(R.filter);
    pk_cli_inputs_free(&R.in);
    if (R.out) /* named when it is a file (-o, --split) */
        st = pk_cli_end_output(R.out, R.split ? R.out_name : R.output && strcmp(R.output, "-") ? R.output : NULL,
                               R.out_why, stderr, PROG, st);
    return st;
}
