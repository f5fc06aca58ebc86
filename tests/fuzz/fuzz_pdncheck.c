/*
 * fuzz_pdncheck.c -- libFuzzer target: a whole pdncheck run (reader, replay under the
 * variant, match, draw rules, diagnostics and the JSON game summaries) on arbitrary
 * bytes. pdncheck.c itself is compiled in (its main renamed) and its check_stream() is
 * called on the input, so the code under test is the tool's own loop. Byte 0 picks the
 * options (variant override, --strict, --stop-at-first, --pick-first,
 * --capture-optional, --results white, --json, a draw profile); output goes to /dev/null
 * (so the option warnings of pk_cli_applies, the escaping and the per-game buffer are
 * exercised too).
 * Built and run by `make fuzz`.
 */
#define main pdncheck_main
#include "../../src/tools/pdncheck.c"
#undef main

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static pk_replay *replay;
static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    if (!replay) {
        replay = pk_replay_new();
        devnull = fopen("/dev/null", "w");
        if (!replay || !devnull)
            abort();
    }
    unsigned o = data[0];
    run R;
    memset(&R, 0, sizeof R);
    R.out = devnull;
    R.replay = replay;
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
    /* as main does: the game's diagnostics through the per-game buffer (report.c) */
    if (!(R.buf = pk_diag_buffer_new((pk_diag_sink){on_diag, &R})))
        abort();
    R.sink = pk_diag_buffer_sink(R.buf);
    FILE *f = fmemopen((void *)(data + 2), size - 2, "rb");
    if (f) {
        check_stream(&R, f, "fuzz.pdn");
        fclose(f);
        summary(&R);
    }
    pk_diag_buffer_free(R.buf);
    return 0;
}
