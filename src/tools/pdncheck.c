/*
 * pdncheck.c -- checks PDN game files. This is the thin driver: options, the loop over
 * the inputs (listed by cli_inputs.h, the folders of -r walked) and games, where each line
 * of output goes, and the summary.
 *
 * Modes: --syntax-only reads every game with the PDN reader (src/pdn_read.c); by default
 * each game is then replayed under its variant by the adjudicator (src/replay.c). A
 * game's diagnostics, the reader's and the replay's, are collected in a pk_diag_buffer
 * (src/report.c) and written in file order once the game is done.
 *
 * Output: diagnostics, game objects and the summary on standard output (or -o FILE);
 * files that cannot be opened or read, usage and write errors on standard error (GNU
 * manners). Every write is checked: the first that fails stops the run (exit 2).
 *
 * Exit status: 0 no game has an error, 1 some game has an error, 2 a file could not be
 * read, a write failed or the usage is wrong (the other files are still checked).
 */
#include "pk_nls.h"
#include "check.h"
#include "cli.h"
#include "cli_hash.h"
#include "cli_inputs.h"
#include "cli_opts.h"
#include "html_report.h"
#include "diag.h"
#include "pdn.h"
#include "pk_common.h"
#include "replay.h"
#include "report.h"
#include "variant_int.h" /* PK_V_COUNT: the tool counts per variant */

#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "pdncheck";

/* What a worker notes of a game for on_game (pk_check_format.note). */
typedef struct game_note {
    pk_verdict v;
    pk_html_part part; /* --html: its part, at the end of the game's text */
} game_note;

typedef struct run {
    int json, strict, syntax_only, stats, quiet, recursive;
    unsigned color, color_err; /* PK_DIAG_COLOR or 0, for out and for stderr */
    pk_replay_opts opts;
    bool variant_given;        /* --variant: options were checked against it up front */
    pk_checker *checker;       /* reads, replays (on jobs threads), hands games back in order */
    pk_check_opts copts;
    long file_games;           /* games of the file being checked */
    pk_html *html;             /* --html: the report */
    bool want_html;            /* --html given (set before the workers start) */
    pk_html_opts hopts;        /* the report's options, read by the workers */
    char hconv[1024];          /* its conventions line */
    char hdate[64];            /* when the files were checked, as the report says it */
    unsigned long long bytes;
    FILE *out;
    bool shared; /* out and stderr are one file: out flushed before each stderr line */
    int why;     /* the errno of out's first failed write (pk_cli_write_failed) */
    /* totals: each game by its verdict (report.h), each diagnostic by its severity */
    pk_totals totals;
    int unreadable, write_failed;
    const char *file;
    /* GNU output: the warning that a game's variant was guessed (code variant-guess) is said
     * once per file and guess (the variant and why: the diagnostic's fields, never its
     * words), then counted (a file may give a few: "english" for its numeric games,
     * "international" for the others) */
#define GUESSES 8
    int nguess;
    struct guess {
        const pk_variant *variant;
        int why, game; /* pk_diag.guess; the game, for a guess that names its own tag */
    } guess[GUESSES];
    char guess_said[GUESSES][512]; /* the first one's message, repeated in the count */
    long guess_repeats[GUESSES];
    /* per file and variant: games an option given for other variants was not applied to */
    long not_applied[PK_V_COUNT];
} run;

/* out failed: noted with its reason, the run stops */
static void out_failed(run *R)
{
    pk_cli_write_failed(R->out, &R->why);
    R->write_failed = 1;
}

static void write_diag(run *R, FILE *o, const pk_diag *d, unsigned color)
{
    if (o == stderr)
        pk_cli_err(R->out, R->shared);
    if ((R->json && o == R->out ? pk_diag_write_json(o, d) : pk_diag_write_text(o, d, color)) && o == R->out)
        out_failed(R);
}

/* Says how many games repeated each guess that was printed (GNU output only). */
static void flush_guesses(run *R)
{
    for (int i = 0; i < R->nguess; i++)
        if (R->guess_repeats[i]) {
            char msg[700];
            snprintf(msg, sizeof msg,
                     PK_TN("%ld more game with the same warning: %s (not repeated; --json lists each)",
                           "%ld more games with the same warning: %s (not repeated; --json lists each)",
                           R->guess_repeats[i]),
                     R->guess_repeats[i], R->guess_said[i]);
            pk_diag d = {.severity = PK_SEV_NOTE, .code = "variant-guess", .file = R->file, .message = msg};
            write_diag(R, R->out, &d, R->color);
        }
    R->nguess = 0;
}

/* --strict: every warning is an error */
static pk_diag strict_copy(const run *R, const pk_diag *d)
{
    pk_diag copy = *d;
    if (R->strict && copy.severity == PK_SEV_WARNING)
        copy.severity = PK_SEV_ERROR;
    return copy;
}

/* A read error: the file's, not a game's. */
static bool is_io(const pk_diag *d) { return !strcmp(d->code, "io") && d->game <= 0; }

/* written: the JSON line is already in the game's text (json_diag, on a worker). */
static void on_diag(void *ctx, const pk_diag *dd, bool written)
{
    run *R = ctx;
    pk_diag copy = strict_copy(R, dd);
    const pk_diag *d = &copy;
    pk_totals_diag(&R->totals, d, false); /* every one written (the games: on_game) */
    if (R->html)
        pk_html_note(R->html, dd); /* the report's warnings, by kind */
    if (is_io(d)) {
        R->unreadable = 1;
        if (R->json && !written)
            write_diag(R, R->out, d, 0); /* the report stays complete */
        write_diag(R, stderr, d, R->color_err);
        return;
    }
    if (written || (R->quiet && d->severity != PK_SEV_ERROR))
        return;
    if (R->json) {
        write_diag(R, R->out, d, 0);
        return;
    }
    if (dd->severity == PK_SEV_WARNING && !strcmp(d->code, "variant-guess")) { /* (--strict: an error) */
        /* a game's GameType tag that names no variant is its own (the warning names the
         * tag's line): that guess is never the same as another game's */
        struct guess k = {d->variant, d->guess, d->guess & PK_GUESS_UNKNOWN_GAMETYPE ? d->game : 0};
        for (int i = 0; i < R->nguess; i++)
            if (R->guess[i].variant == k.variant && R->guess[i].why == k.why && R->guess[i].game == k.game) {
                R->guess_repeats[i]++;
                return;
            }
        if (R->nguess == GUESSES)
            flush_guesses(R);
        R->guess[R->nguess] = k;
        R->guess_repeats[R->nguess] = 0;
        snprintf(R->guess_said[R->nguess++], sizeof R->guess_said[0], "%s", d->message);
    }
    write_diag(R, R->out, d, R->color);
}

/* A diagnostic of the file, not of a game (no position). */
static void file_diag(run *R, int severity, const char *code, const char *file, const char *msg)
{
    pk_diag d = {.severity = severity, .code = code, .file = file, .message = msg};
    on_diag(R, &d, false);
}

/* A file that cannot be opened or read: said on standard error (and in the JSON report),
 * not counted among the files checked. */
static void file_error(run *R, const char *name, const char *what)
{
    pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = what};
    on_diag(R, &d, false);
}

/* Each game, handed back in file order after its diagnostics (check.h): counted, its
 * JSON object, its part of the HTML report. false stops the run (a write failed). */
static bool on_game(void *ctx, const pk_checked *ck)
{
    run *R = ctx;
    const game_note *n = ck->note; /* noted on the worker with the game's text (game_text) */
    pk_totals_game(&R->totals, &n->v);
    R->file_games++;
    if (ck->option_not_applied)
        R->not_applied[ck->variant->index]++;
    /* the text: the diagnostics' and the game's JSON lines, then the game's part of the
     * HTML report */
    size_t part = R->html ? n->part.row + n->part.section : 0, out = ck->text_len - part;
    if (part > ck->text_len) /* (a part not kept whole: pk_html_add_part says so) */
        out = 0, part = ck->text_len;
    if (out && fwrite(ck->text, 1, out, R->out) != out)
        out_failed(R);
    if (R->html) {
        pk_html_part p = n->part;
        pk_error err;
        if (part != p.row + p.section)
            p.failed = true;
        if (pk_html_add_part(R->html, R->file, &n->v, &p, ck->text + out, &err)) {
            fprintf(pk_cli_err(R->out, R->shared), "%s: error: --html: %s\n", prog, err.msg);
            R->write_failed = 1;
        }
    }
    if (pk_cli_write_failed(R->out, &R->why)) /* a closed pipe, a full disk: stop now, not at the end */
        R->write_failed = 1;
    return !R->write_failed;
}

/* --json: each game's lines are written on the worker that checked it (check.h
 * pk_check_format), as on_diag and on_game would write them. */
static void json_diag(void *ctx, const pk_diag *dd, FILE *out)
{
    const run *R = ctx;
    pk_diag d = strict_copy(R, dd);
    if (is_io(&d) || !R->quiet || d.severity == PK_SEV_ERROR)
        pk_diag_write_json(out, &d);
}

/* On the worker: the game's verdict, noted for on_game (which counts it and no longer
 * has the game), with --json its object, and with --html its part of the report (its row
 * and section, html_report.h), after the JSON: on_game adds it to the report in order.
 * The GNU output writes nothing per game. */
static void game_text(void *ctx, const pk_checked *ck, FILE *out, void *note)
{
    const run *R = ctx;
    game_note *n = note;
    pk_replay_result *res = ck->replayed ? ck->res : NULL;
    pk_report_verdict(ck->game, res, R->strict, &n->v);
    if (R->json)
        pk_report_game_json(out, ck->file, ck->game, res, &n->v);
    if (R->want_html) {
        pk_game_key key; /* (the observer's: pk_check_key_observer) */
        if (ck->state)
            pk_key_end(ck->state, ck->game, res, &key);
        pk_html_game hg = {ck->file, ck->game, res ? pk_replay_result_variant(res) : NULL, res, ck->diags,
                           (int)ck->ndiags, ck->state ? &key : NULL};
        pk_html_part_write(out, &R->hopts, &hg, &n->v, &n->part); /* (failed: said by on_game) */
    }
}

/* How the checker hands the games back: as text written on the workers (the HTML
 * report's parts too, which need the game's diagnostics). */
static pk_check_format output_format(run *R)
{
    /* (the note is zeroed per game: without --html, its verdict alone) */
    size_t note = R->want_html ? sizeof(game_note) : offsetof(game_note, part);
    return (pk_check_format){R->json ? json_diag : NULL, game_text, R, note};
}

static void options_not_applied(run *R)
{
    for (int i = 0; i < PK_V_COUNT; i++) {
        if (!R->not_applied[i])
            continue;
        const pk_variant *v = pk_variant_at(i);
        pk_error err;
        pk_cli_applies(v, R->opts.gen_flags, R->opts.draw_options, &err);
        char msg[400];
        snprintf(msg, sizeof msg,
                 PK_TN("%s: not applied to its %ld %s game", "%s: not applied to its %ld %s games", R->not_applied[i]),
                 err.msg, R->not_applied[i], v->name);
        file_diag(R, PK_SEV_WARNING, "option", R->file, msg);
        R->not_applied[i] = 0;
    }
}

static void check_stream(run *R, FILE *f, const char *name)
{
    R->file = name;
    R->nguess = 0;
    R->file_games = 0;
    unsigned long long bytes = 0;
    int st = pk_checker_run(R->checker, f, name, on_game, on_diag, R, &bytes);
    if (!R->write_failed) {
        if (st > 0) {
            R->totals.files++; /* read to its end: checked */
            if (!R->file_games && st > 0)
                file_diag(R, PK_SEV_WARNING, "no-game", name, "no game found");
        }
        options_not_applied(R);
        flush_guesses(R);
    }
    R->bytes += bytes;
}

/* --html: the input named in the report with its size and SHA-256 (cli_hash.h: hashed
 * while it is checked), without a hash when it could not be read again (its games were
 * checked all the same). */
static void check_hashed(run *R, FILE *f, const char *name)
{
    pk_cli_hash h;
    char why[320], hex[65];
    FILE *in = pk_cli_hash_start(&h, f, why, sizeof why);
    if (!in) {
        file_error(R, name, why);
        return;
    }
    check_stream(R, in, name);
    unsigned long long bytes;
    bool whole = pk_cli_hash_end(&h, &bytes, hex);
    pk_error err;
    if (pk_html_input(R->html, name, bytes, whole ? hex : NULL, &err)) {
        fprintf(pk_cli_err(R->out, R->shared), "%s: error: --html: %s\n", prog, err.msg);
        R->write_failed = 1;
    }
}

/* The date the report says the files were checked: SOURCE_DATE_EPOCH's when set (a
 * reproducible report, reproducible-builds.org's variable), else now; in UTC. false: the
 * variable is not a number of seconds. */
static bool check_date(char *buf, size_t size)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    time_t t = time(NULL);
    if (e && *e) {
        char *end;
        errno = 0;
        long long v = strtoll(e, &end, 10);
        if (*end || errno || v < 0 || e[0] == '-' || e[0] == '+' || e[0] == ' ')
            return false;
        t = (time_t)v;
    }
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm))
        snprintf(buf, size, "?");
    return true;
}

/* The inputs (cli_inputs.h): each file read, each one that cannot be (an io error, on
 * standard error and in the JSON report) and each folder of -r without game files (a
 * warning) where it stands in the run. */
static void each_input(void *ctx, FILE *f, const char *name)
{
    run *R = ctx;
    if (R->html)
        check_hashed(R, f, name);
    else
        check_stream(R, f, name);
}

static void input_failed(void *ctx, const char *name, const char *why, bool error)
{
    if (error)
        file_error(ctx, name, why);
    else
        file_diag(ctx, PK_SEV_WARNING, "no-game", name, why);
}

static bool go_on(void *ctx) { return !((run *)ctx)->write_failed; }

/* The last line. In replay mode a line before it says how results were read (RULES 4.4). */
static void summary(run *R)
{
    bool white = R->opts.results == PK_RESULTS_WHITE;
    if (R->json) {
        pk_report_summary_json(R->out, &R->totals, R->syntax_only ? NULL : white ? "white" : "first");
        return;
    }
    if (!R->syntax_only)
        fprintf(R->out, PK_T("results read as: %s\n"),
                white ? PK_T("1-0 = White won (--results white)") : PK_T("1-0 = the first mover won (PDN convention)"));
    /* TRANSLATORS: the English keeps "1 files" (what the tests and scripts have always
       read); translate each count with your language's plural forms */
    fprintf(R->out, PK_TN("%ld files", "%ld files", R->totals.files), R->totals.files);
    fprintf(R->out, PK_TN(", %ld games", ", %ld games", R->totals.games), R->totals.games);
    fprintf(R->out, PK_TN(", %ld with errors", ", %ld with errors", R->totals.with_errors), R->totals.with_errors);
    fprintf(R->out, PK_TN(", %ld warnings\n", ", %ld warnings\n", R->totals.warnings), R->totals.warnings);
}

/* --stats: throughput and peak memory on standard error (used by tests/bench/pdn.sh). */
static void stats(const run *R, double secs)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (secs <= 0)
        secs = 1e-9;
    fprintf(pk_cli_err(R->out, R->shared),
            "pdncheck: %llu bytes, %ld games in %.3f s: %.1f MB/s, %.0f games/s, peak RSS %ld KiB\n",
            R->bytes, R->totals.games, secs, (double)R->bytes / secs / 1e6, (double)R->totals.games / secs,
            (long)ru.ru_maxrss);
    unsigned long pieces, reread;
    pk_checker_pieces(R->checker, &pieces, &reread);
    if (pieces) /* -j: whether the workers could read the inputs (check.c) */
        fprintf(stderr, "pdncheck: read by the workers in %lu pieces; %lu input(s) read on by one thread "
                        "from a piece that did not end at a result or held other games than counted\n", pieces, reread);
}

/* The options pdncheck shares with the other tools (cli_opts.h): one table, one help text. */
#define SHARED                                                                                               \
    (PK_CLI_OPT_VARIANT | PK_CLI_OPT_RESULTS | PK_CLI_OPT_CAPTURE_OPTIONAL | PK_CLI_OPT_DRAW_PROFILE |           \
     PK_CLI_OPT_JOBS | PK_CLI_OPT_OUTPUT | PK_CLI_OPT_COLOR | PK_CLI_OPT_LIST_VARIANTS | PK_CLI_OPT_HELP |        \
     PK_CLI_OPT_VERSION)

static void usage(FILE *o)
{
    fputs(PK_T("Usage: pdncheck [OPTION]... [FILE|DIR]...\n"
          "Check PDN draughts game files: read every game, replay it under its variant and\n"
          "report illegal moves, missed captures, ambiguous moves, draws and results that\n"
          "contradict the board. Standard input when no FILE or FILE is -.\n"
          "\n"
          "      --stop-at-first        stop each game at its first error\n"
          "      --pick-first           play an ambiguous move's first candidate, go on\n"
          "      --no-variations        check only the moves of the game itself; by default\n"
          "                             the alternatives written in ( ... ) are checked\n"
          "                             too, and what is wrong there is a warning\n"
          "      --syntax-only          check the PDN syntax only (no replay)\n"
          "      --strict               tolerated deviations and warnings are errors\n"
          "  -r, --recursive            check the game files in each DIR and below it:\n"
          "                             *.pdn, also compressed (.gz, .bz2, .xz, .zst)\n"
          "      --json                 JSON Lines: an object per diagnostic, game, summary\n"
          "  -q, --quiet                write only errors and the summary\n"
          "      --shard=K/N            check only the games whose index in their file\n"
          "                             modulo N is K (split one file over N machines)\n"
          "      --html=FILE            also write the arbiter's report, one HTML page\n"
          "      --stats                throughput and peak memory on standard error\n"
          "\n"
          "Common options:\n"),
          o);
    pk_cli_help(o, SHARED);
    fputs(PK_T("\n"
               "Language:\n"
               "      --lang=LL              the report's words and the messages in LL, one of\n"
               "                             en, es, fr, it, nl, pt, ru, whatever LANG says\n"
               "                             (--json stays English)\n"),
          o);
    fputs(PK_T("\n"
          "Diagnostics go to standard output; files that cannot be read, usage and write\n"
          "errors to standard error. An output file that is also an input is refused.\n"
          "Exit status: 0 no game with an error, 1 some game with an error, 2 unreadable\n"
          "file, write error or usage error. See pdncheck(1) and pdn(5).\n"),
          o);
}

int main(int argc, char **argv)
{
    enum { O_STOP = 256, O_PICK, O_NOVAR, O_JSON, O_SHARD, O_HTML, O_SYNTAX, O_STRICT, O_STATS, O_LANG };
    static const struct option own[] = {
        {"syntax-only", no_argument, NULL, O_SYNTAX},      {"strict", no_argument, NULL, O_STRICT},
        {"json", no_argument, NULL, O_JSON},               {"stats", no_argument, NULL, O_STATS},
        {"stop-at-first", no_argument, NULL, O_STOP},      {"pick-first", no_argument, NULL, O_PICK},
        {"no-variations", no_argument, NULL, O_NOVAR},     {"recursive", no_argument, NULL, 'r'},
        {"quiet", no_argument, NULL, 'q'},                 {"shard", required_argument, NULL, O_SHARD},
        {"html", required_argument, NULL, O_HTML},         {"lang", required_argument, NULL, O_LANG},
        {NULL, 0, NULL, 0}};
    pk_cli_shared sh;
    PK_NLS_SETLOCALE(); /* the words in the reader's language (issue 36) */
    if (!pk_cli_shared_init(&sh, SHARED, own, usage))
        return PK_EXIT_USAGE;
    run R;
    memset(&R, 0, sizeof R);
    R.out = stdout;
    const char *html = NULL, *lang = NULL;
    int c;
    pk_error err;
    pk_error_clear(&err);
    while ((c = pk_cli_next(argc, argv, prog, &sh)) != -1) {
        switch (c) {
        case PK_CLI_STOP: return sh.exit_status; /* --help, --version, ..., or a bad value */
        case O_SYNTAX: R.syntax_only = 1; break;
        case O_STRICT: R.strict = 1; break;
        case O_JSON: R.json = 1; pk_localize_messages(0, NULL); break; /* what scripts read: English */
        case O_SHARD:
            if (pk_cli_shard(optarg, &R.copts.shard, &R.copts.shards, &err))
                return pk_cli_usage_error(stderr, prog, "%s", err.msg);
            break;
        case O_HTML: html = optarg; break;
        case O_LANG: lang = optarg; break;
        case O_STATS: R.stats = 1; break;
        case 'r': R.recursive = 1; break;
        case 'q': R.quiet = 1; break;
        case O_STOP: R.opts.stop_at_first = true; break;
        case O_PICK: R.opts.pick_first = true; break;
        case O_NOVAR: R.opts.no_variations = true; break;
        default: return PK_EXIT_USAGE; /* said by pk_cli_getopt */
        }
    }
    /* --lang: the report's words and the messages in that language whatever the locale
     * (issue 36), its catalogue read by the library (not through setlocale), forced before
     * the workers start; --json's stay English */
    const pk_nls_catalog *words = NULL;
    if (lang && !pk_nls_language_known(lang))
        return pk_cli_usage_error(stderr, prog, PK_T("--lang takes one of %s, not '%s'"), pk_nls_language_list(),
                                  lang);
    if (lang && pk_nls_catalog_get(lang, NULL, &words, &err)) {
        pk_cli_error(stderr, prog, NULL, "--lang %s: %s", lang, err.msg);
        return PK_EXIT_USAGE;
    }
    if (words && !R.json)
        pk_nls_force(words);
    R.opts.variant = sh.variant;
    R.variant_given = sh.variant != NULL;
    R.opts.results = sh.results;
    R.opts.gen_flags = sh.gen_flags;
    R.opts.draw_options = sh.draw_options;
    const char *output = sh.output;
    int color = sh.color, jobs = sh.jobs;
    /* With --variant an option that does not belong to it is a usage error (as in
     * pdnperft); otherwise each game's variant is known only when it is read. */
    if (R.opts.variant && pk_cli_applies(R.opts.variant, R.opts.gen_flags, R.opts.draw_options, &err))
        return pk_cli_usage_error(stderr, prog, "%s", err.msg);
    /* The inputs are listed (the folders of -r walked) before an output is opened: an
     * output that is also an input is refused before it is emptied. */
    pk_cli_inputs in = {0};
    unsigned walk = PK_CLI_CAN_RECURSE | (R.recursive ? PK_CLI_RECURSE : 0);
    bool to_file = output && strcmp(output, "-");
    if (html && to_file && pk_cli_same_path(html, output)) { /* refused before -o empties it */
        pk_cli_error(stderr, prog, NULL, "--html file '%s' is also the report's output", html);
        return PK_EXIT_USAGE;
    }
    if (pk_cli_inputs_list(&in, argc, argv, optind, walk, &err) ||
        pk_cli_output_check(&in, output, "output file", &err) ||
        (html && pk_cli_output_check(&in, html, "--html file", &err)) ||
        (html && pk_cli_page_check(html, "--html file", &err)) ||
        (output && pk_cli_open_output(output, &R.out, &err))) {
        pk_cli_error(stderr, prog, NULL, "%s", err.msg);
        pk_cli_inputs_free(&in);
        return PK_EXIT_USAGE;
    }
    if (html && pk_cli_same_file(html, R.out)) {
        pk_cli_error(stderr, prog, NULL, "--html file '%s' is also the report's output", html);
        pk_cli_inputs_free(&in);
        return pk_cli_close_output(R.out, output, stderr, prog, PK_EXIT_USAGE);
    }
    R.shared = pk_cli_log_shared(R.out);
    R.color = !R.json && pk_cli_use_color(color, R.out) ? PK_DIAG_COLOR : 0;
    R.color_err = pk_cli_use_color(color, stderr) ? PK_DIAG_COLOR : 0;
    R.copts.jobs = jobs;
    R.copts.window = pk_cli_jobs_window();
    R.copts.piece = pk_cli_piece_bytes();
    R.copts.syntax_only = R.syntax_only;
    R.copts.variant_given = R.variant_given;
    R.copts.reader_flags = R.strict ? PK_PDN_STRICT : 0;
    R.copts.replay = R.opts;
    if (html) { /* the report's options, before the workers start */
        R.want_html = true;
        pk_html_opts_check(&R.hopts, &R.opts, R.strict, words, R.hconv, sizeof R.hconv);
        if (!check_date(R.hdate, sizeof R.hdate)) {
            pk_cli_error(stderr, prog, NULL, "SOURCE_DATE_EPOCH '%s' is not a number of seconds since 1970 (--html)",
                         getenv("SOURCE_DATE_EPOCH"));
            pk_cli_inputs_free(&in);
            return pk_cli_close_output(R.out, output, stderr, prog, PK_EXIT_USAGE);
        }
        R.hopts.date = R.hdate;
    }
    R.copts.format = output_format(&R);
    R.copts.game_diags = R.want_html;
    if (R.want_html) /* each game keyed, for the report's copies of one game */
        R.copts.observer = pk_check_key_observer();
    if (!(R.checker = pk_checker_new(&R.copts, &err))) {
        pk_cli_error(stderr, prog, NULL, "%s", err.msg);
        pk_cli_inputs_free(&in);
        return PK_EXIT_USAGE;
    }
    FILE *html_out = NULL;
    if (html) {
        if (pk_cli_open_output(html, &html_out, &err) || !(R.html = pk_html_new(html_out, &R.hopts, &err))) {
            pk_cli_error(stderr, prog, NULL, "--html: %s", err.msg);
            pk_cli_inputs_free(&in);
            return PK_EXIT_USAGE;
        }
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pk_cli_inputs_run(&in, stderr, each_input, input_failed, go_on, &R);
    pk_cli_inputs_free(&in);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!R.write_failed) {
        summary(&R);
        if (pk_cli_write_failed(R.out, &R.why))
            R.write_failed = 1;
    }
    if (R.stats)
        stats(&R, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    pk_checker_free(R.checker);
    if (R.html) {
        int why = 0;
        if (pk_html_finish(R.html, &R.totals, &err)) {
            if (!pk_cli_write_failed(html_out, &why)) /* a write error is said below, with its reason */
                fprintf(pk_cli_err(R.out, R.shared), "%s: error: --html %s: %s\n", prog, html, err.msg);
            R.write_failed = 1;
        }
        if (pk_cli_end_output(html_out, html, why, pk_cli_err(R.out, R.shared), prog, 0))
            R.write_failed = 1;
    }
    int status = R.unreadable || R.write_failed ? PK_EXIT_USAGE
                 : R.totals.with_errors || R.totals.errors ? PK_EXIT_FINDINGS
                                                           : PK_EXIT_OK;
    return pk_cli_end_output(R.out, output, R.why, stderr, prog, status);
}
