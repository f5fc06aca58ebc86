/*
 * fuzz_pdncheck.c -- libFuzzer target: a whole pdncheck run (reader, replay under the
 * variant, match, draw rules, diagnostics and the JSON game summaries) on arbitrary
 * bytes. pdncheck.c itself is compiled in (its main renamed) and its check_stream() is
 * called on the input, so the code under test is the tool's own loop. Byte 0 picks the
 * options (variant override, --strict, --stop-at-first, --pick-first,
 * --capture-optional, --results white, --json, a draw profile); output goes to /dev/null
 * (so the option warnings of pk_cli_applies, the escaping and the per-game buffer are
 * exercised too). Byte 1 also picks two threads with a window of 4 (the ordered pool)
 * and the HTML report (written to /dev/null). With two threads the workers read the text
 * in pieces of one game each (the most cuts, check.c), and the report is compared with
 * the one of a single thread: a difference aborts (the output must not depend on -j).
 * Built and run by `make fuzz`.
 */
#define main pdncheck_main
#include "../../src/tools/pdncheck.c"
#undef main

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

/* One pdncheck run over the input (bytes 2...) with jobs threads, its report to out. */
static void run_once(const uint8_t *data, size_t size, int jobs, bool html, FILE *out)
{
    unsigned o = data[0];
    run R;
    memset(&R, 0, sizeof R);
    R.out = out;
    R.json = o & 1;
    R.strict = (o >> 1) & 1;
    R.opts.stop_at_first = (o >> 2) & 1;
    R.opts.pick_first = (o >> 3) & 1;
    if ((o >> 4) & 1)
        R.opts.gen_flags |= PK_GEN_CAPTURE_OPTIONAL;
    if ((o >> 5) & 1)
        R.opts.results = PK_RESULTS_WHITE;
    if ((o >> 6) & 1) { /* a variant override: byte 1 picks it */
        R.opts.variant = pk_variant_at(data[1] % pk_variant_count());
        R.variant_given = true;
    }
    if ((o >> 7) & 1) {
        static const unsigned profiles[] = {PK_DRAW_OPT_BRAZILIAN_FMJD64, PK_DRAW_OPT_SPANISH_SITE40EACH,
                                            PK_DRAW_OPT_SPANISH_SITE20EACH};
        R.opts.draw_options |= profiles[data[1] % 3];
    }
    /* as main does: the checking loop of check.c, its per-game buffers */
    R.copts.jobs = jobs;
    R.copts.window = 4;
    R.copts.piece = 1;
    R.copts.syntax_only = R.syntax_only;
    R.copts.variant_given = R.variant_given;
    R.copts.reader_flags = R.strict ? PK_PDN_STRICT : 0;
    R.copts.replay = R.opts;
    if (html) { /* as pdncheck's main: the report's options before the workers start, each
                 * game's part written on the worker that checked it */
        R.want_html = true;
        pk_html_opts_check(&R.hopts, &R.opts, R.strict, NULL, R.hconv, sizeof R.hconv);
    }
    R.copts.format = output_format(&R);
    R.copts.game_diags = R.want_html;
    if (R.want_html) /* as pdncheck: each game keyed, for the report's copies of one game */
        R.copts.observer = pk_check_key_observer();
    if (!(R.checker = pk_checker_new(&R.copts, NULL)))
        abort();
    if (html && !(R.html = pk_html_new(devnull, &R.hopts, NULL)))
        abort();
    FILE *f = fmemopen((void *)(data + 2), size - 2, "rb");
    if (f) {
        check_stream(&R, f, "fuzz.pdn");
        fclose(f);
        summary(&R);
    }
    pk_checker_free(R.checker);
    if (R.html)
        pk_html_finish(R.html, &R.totals, NULL); /* frees the report and the diagnostics it kept */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    if (!devnull && !(devnull = fopen("/dev/null", "w")))
        abort();
    if (!(data[1] & 0x80)) {
        run_once(data, size, 1, data[1] & 0x40, devnull);
        return 0;
    }
    char *one = NULL, *two = NULL;
    size_t n1 = 0, n2 = 0;
    FILE *o1 = open_memstream(&one, &n1), *o2 = open_memstream(&two, &n2);
    if (!o1 || !o2)
        abort();
    run_once(data, size, 1, false, o1);
    run_once(data, size, 2, data[1] & 0x40, o2);
    fclose(o1);
    fclose(o2);
    if (n1 != n2 || memcmp(one, two, n1))
        abort(); /* -j 2 reported otherwise than -j 1 */
    free(one);
    free(two);
    return 0;
}
