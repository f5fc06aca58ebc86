/*
 * fuzz_written.c -- libFuzzer target: one written move given as text (pk_written_parse,
 * the reader's move parser behind pdnmoves --check) under every variant; a move that
 * parses is matched in the start position and described in pdncheck's words
 * (pk_match_describe). Built and run by `make fuzz`.
 */
#include "fen.h"
#include "written.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static pk_match_scratch *ms_; /* made once, kept for the program's life */
static pk_match_scratch *ms(void)
{
    if (!ms_)
        ms_ = pk_match_scratch_new();
    return ms_;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const pk_variant *v = pk_variant_at(data[0] % pk_variant_count());
    const char *s = (const char *)data + 1;
    size_t len = size - 1;
    pk_written w;
    pk_error err;
    pk_error_clear(&err);
    if (pk_written_parse(v, s, len, &w, &err) != PK_OK) {
        if (err.col < 1 || !err.msg[0])
            abort(); /* every refusal says where and why */
        return 0;
    }
    if (w.nsq < 2 || w.nsq > PK_MAX_WRITTEN)
        abort();
    for (int i = 0; i < w.nsq; i++)
        if (!(v->geom->board & PK_BIT(w.sq[i])) && !(i == 0 && w.file_origin))
            abort();
    pk_pos p;
    if (pk_fen_parse(v, v->start_fen, (size_t)-1, &p, NULL, NULL) != PK_OK)
        abort();
    pk_match m;
    pk_match_move(v, &p, &w, 0, ms(), &m);
    char text[64], msg[900];
    size_t n = len < sizeof text - 1 ? len : sizeof text - 1;
    memcpy(text, s, n);
    text[n] = 0;
    int k = pk_match_describe(v, &p, text, &m, 0, w.algebraic, ms(), msg, sizeof msg);
    if (k < 0 || (m.kind != PK_MATCH_LEGAL && !msg[0]))
        abort();
    return 0;
}
