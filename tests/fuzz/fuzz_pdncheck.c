/*
 * fuzz_pdncheck.c -- libFuzzer target: a whole pdncheck run (reader, replay under the
 * variant, match, draw rules, diagnostics and the JSON game summaries) on arbitrary
 * bytes. pdncheck.c itself is compiled in (its main renamed) and its check_stream() is
 * called on the input, so the code under test is the tool's own loop. Byte 0 picks the
 * options (variant override, --strict, --stop-at-first, --pick-first,
 * --capture-optional, --results white, --json, a draw profile); output goes to /dev/null
 * (so the option warnings of pk_cli_applies, the escaping and the per-game buffer are
 * exercised too). Byte 1 also picks two threads with a window of 4 (the ordered pool)
 * and the HTML report (written to /dev/null).
 * Built and run by `make fuzz`.
 */
#define main pdncheck_main
#include "../../src/tools/pdncheck.c"
#undef main

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    if (!devnull && !(devnull = fopen("/dev/null", "w")))
        abort();
    unsigned o = data[0];
    run R;
    memset(&R, 0, sizeof R);
    R.out = devnull;
    R.json = o & 1;
    R.strict = (o >> 1) & 1;
    R.opts.stop_at_first = (o >> 2) & 1;
    R.opts.pick_first = (o >> 3) & 1;
    if ((o >> 4) & 1)
        R.opts.gen_flags |= PK_GEN_CAPTURE_OPTIONAL;
    if ((o >> 5) & 1)
        R.opts.results = PK_RESULTS_WHITE;
    if ((o >> 6) & 1) { /* a variant override: byte 1 picks it */
        R.opts.variant = pk_variant_at(data[1] % PK_V_COUNT);
        R.variant_given = true;
    }
    if ((o >> 7) & 1) {
        static const unsigned profiles[] = {PK_DRAW_OPT_BRAZILIAN_FMJD64, PK_DRAW_OPT_SPANISH_SITE40EACH,
                                            PK_DRAW_OPT_SPANISH_SITE20EACH};
        R.opts.draw_options |= profiles[data[1] % 3];
    }
    /* as main does: the checking loop of check.c, its per-game buffers */
    R.copts.jobs = (data[1] & 0x80) ? 2 : 1;
    R.copts.window = 4;
    R.copts.syntax_only = R.syntax_only;
    R.copts.variant_given = R.variant_given;
    R.copts.reader_flags = R.strict ? PK_PDN_STRICT : 0;
    R.copts.replay = R.opts;
    if (!(R.checker = pk_checker_new(&R.copts, NULL)))
        abort();
    if (data[1] & 0x40) {
        pk_html_opts ho = {"fuzz", "", R.opts.gen_flags, R.strict};
        if (!(R.html = pk_html_new(devnull, &ho, NULL)))
            abort();
    }
    FILE *f = fmemopen((void *)(data + 2), size - 2, "rb");
    if (f) {
        check_stream(&R, f, "fuzz.pdn");
        fclose(f);
        summary(&R);
    }
    pk_checker_free(R.checker);
    if (R.html)
        pk_html_finish(R.html, NULL);
    html_drop(&R);
    free(R.hd);
    free(R.hd_text);
    return 0;
}
