/*
 * fuzz_pdn.c -- libFuzzer target: the streaming PDN reader (src/pdn/pdn_read.c, pdn_lex.c,
 * pdn_game.c, encoding.c) on arbitrary bytes, both in default and strict mode, with every
 * diagnostic written out in both formats (GNU and JSON) to /dev/null. Checks that the
 * game tree it returns is well formed (every move's squares and notes can be walked).
 * Built and run by `make fuzz` (see README, "Hardening").
 */
#include "diag.h"
#include "pdn.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *devnull;

static void on_diag(void *ctx, const pk_diag *d)
{
    (void)ctx;
    pk_diag_write_gnu(devnull, d);
    pk_diag_write_json(devnull, d);
}

static unsigned walk_line(const pk_pdn_line *l, int depth);

static unsigned walk_notes(const pk_pdn_note *n, int depth)
{
    unsigned h = 0;
    for (; n; n = n->next) {
        if (n->text)
            h += (unsigned)strlen(n->text);
        if (n->kind == PK_NOTE_VARIATION && n->line) {
            if (depth > PK_PDN_MAX_DEPTH + 1)
                abort(); /* deeper than the reader promises */
            h += walk_line(n->line, depth + 1);
        }
    }
    return h;
}

static unsigned walk_line(const pk_pdn_line *l, int depth)
{
    unsigned h = walk_notes(l->pre, depth);
    for (int i = 0; i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        h += (unsigned)strlen(m->text);
        if (m->nsquares < 0 || m->nsquares > PK_PDN_MAX_SQUARES)
            abort();
        for (int j = 0; j < m->nsquares; j++)
            h += (unsigned)strlen(m->squares[j].text) + (unsigned)m->squares[j].num;
        if (m->seps)
            h += (unsigned)strlen(m->seps);
        if (m->strength)
            h += (unsigned)strlen(m->strength);
        h += walk_notes(m->before, depth) + walk_notes(m->after, depth);
    }
    return h;
}

static void read_all(const uint8_t *data, size_t size, unsigned flags)
{
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f)
        return;
    pk_error err;
    pk_error_clear(&err);
    pk_pdn_reader *r = pk_pdn_open(f, "fuzz.pdn", flags, &err);
    if (!r) {
        fclose(f);
        return;
    }
    pk_diag_sink sink = {on_diag, NULL};
    pk_game g;
    pk_game_init(&g);
    volatile unsigned h = 0;
    int st, last = 0;
    while ((st = pk_pdn_next(r, &g, &sink, NULL)) == PK_OK) {
        if (g.index != last + 1) /* games are numbered 1, 2, 3, ... : none lost */
            abort();
        last = g.index;
        for (int i = 0; i < g.ntags; i++)
            h += (unsigned)strlen(g.tags[i].name) + (unsigned)strlen(g.tags[i].value);
        if (g.fen)
            h += (unsigned)strlen(g.fen);
        if (g.result.text)
            h += (unsigned)strlen(g.result.text);
        h += walk_line(&g.main, 0);
        pk_json_write_string(devnull, pk_game_tag(&g, "Event"));
    }
    (void)h;
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    if (size == 0) { /* fmemopen(size 0) fails with EINVAL: an empty stream another way */
        static const uint8_t empty[1] = {0};
        FILE *f = fmemopen((void *)empty, 1, "rb");
        if (f) {
            fgetc(f); /* at EOF now */
            pk_error err;
            pk_pdn_reader *r = pk_pdn_open(f, "empty.pdn", 0, &err);
            if (r) {
                pk_game g;
                pk_game_init(&g);
                while (pk_pdn_next(r, &g, NULL, NULL) == PK_OK)
                    ;
                pk_game_free(&g);
                pk_pdn_close(r);
            }
            fclose(f);
        }
        return 0;
    }
    read_all(data, size, 0);
    read_all(data, size, PK_PDN_STRICT);
    return 0;
}
