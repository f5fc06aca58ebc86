/*
 * fuzz_match.c -- libFuzzer target: a written move matched against the generator
 * (src/judge/match.c, movegen.c, notation.c). Input: byte 0 picks the variant and the generator
 * flags, then an optional FEN up to the first newline (the start position when it does
 * not parse), then moves. A move is one head byte (written squares: 2 + its low 5 bits,
 * 2 to 32, as the replay passes them; bit 0x20 a capture separator, bit 0x40 a separator
 * written) and one byte per square number. A move that matches is made and the next one
 * is matched in the new position, so the fuzzer can walk into deep positions. Every
 * candidate the matcher returns is written in PDN notation. Built and run by `make fuzz`.
 */
#include "fen.h"
#include "match.h"
#include "notation.h"
#include "position.h"
#include "variant.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static pk_match_scratch *scratch;
static pk_movelist *legal;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (!scratch) {
        scratch = pk_match_scratch_new();
        legal = pk_movelist_new();
        if (!scratch || !legal)
            abort();
    }
    const pk_variant *v = pk_variant_at(data[0] % pk_variant_count());
    unsigned gen_flags = (data[0] / pk_variant_count()) & 1 ? PK_GEN_CAPTURE_OPTIONAL : 0;
    size_t i = 1;
    const uint8_t *nl = memchr(data + 1, '\n', size - 1);
    pk_pos p;
    pk_error err;
    pk_error_clear(&err);
    if (!nl || pk_fen_parse(v, (const char *)data + 1, (size_t)(nl - data - 1), &p, NULL, &err) != PK_OK) {
        pk_error_clear(&err);
        if (pk_fen_parse(v, v->start_fen, (size_t)-1, &p, NULL, &err) != PK_OK)
            abort(); /* the start position must parse */
    }
    if (nl)
        i = (size_t)(nl - data) + 1;
    const pk_geom *g = v->geom;
    for (int moves = 0; i < size && moves < 200; moves++) {
        pk_written w;
        memset(&w, 0, sizeof w);
        unsigned head = data[i++];
        int nsq = 2 + (int)((head & 31) % (PK_MAX_WRITTEN - 1)); /* 2..32 squares, as replay gives */
        w.capture_sep = head & 0x20;
        w.sep_written = head & 0x40;
        for (int k = 0; k < nsq && i < size; k++)
            w.sq[w.nsq++] = (uint8_t)g->bit_of[1 + data[i++] % g->nsq];
        if (w.nsq < 2)
            break;
        pk_match m;
        int kind = pk_match_move(v, &p, &w, gen_flags, scratch, &m);
        if (kind != m.kind || kind < PK_MATCH_LEGAL || kind > PK_MATCH_ILLEGAL)
            abort();
        if (m.ncand < 0 || m.ncand > PK_MATCH_LIST || m.ncand > m.ncand_total)
            abort();
        if (kind == PK_MATCH_ILLEGAL && !pk_illegal_why_text(m.why))
            abort();
        if (kind == PK_MATCH_CHOICE && !pk_choice_why_text(m.why))
            abort();
        char buf[256];
        pk_gen_legal(v, &p, legal, gen_flags);
        for (int c = 0; c < m.ncand; c++) {
            pk_move_write(v, &m.cand[c], PK_NOT_FULL, buf, sizeof buf);
            pk_move_write_pdn(v, legal, &m.cand[c], 0, buf, sizeof buf);
        }
        if (kind == PK_MATCH_AMBIGUOUS || kind == PK_MATCH_ILLEGAL)
            continue;
        /* a move the matcher tells the replay to play must be one of the legal moves
         * (or a quiet move while captures were optional or required: the replay plays it
         * to go on, as RULES 4.5 says) */
        pk_move_write_pdn(v, legal, &m.move, 0, buf, sizeof buf);
        pk_make(v, &p, &m.move);
        if ((p.pieces[0] & p.pieces[1]) || (p.kings & ~(p.pieces[0] | p.pieces[1])) ||
            ((p.pieces[0] | p.pieces[1]) & ~g->board))
            abort(); /* two colours on one square, a king of no colour, a piece off board */
    }
    return 0;
}
