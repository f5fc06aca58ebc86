/*
 * game-fens.c -- benchmark input for `pdnmoves -`: prints the FEN before every ply of the
 * main line of every game in the PDN files named, replayed under one variant (argv[1]),
 * one FEN per line. A game stops at its first move that is not legal. Built and run by
 * tests/bench/pdnmoves.sh; not part of the library or the tools.
 */
#include <stdio.h>
#include <string.h>

#include "fen.h"
#include "pdn.h"
#include "replay.h"
#include "written.h"

static pk_match_scratch *ms_; /* made once, kept for the program's life */
static pk_match_scratch *ms(void)
{
    if (!ms_)
        ms_ = pk_match_scratch_new();
    return ms_;
}

int main(int argc, char **argv)
{
    const pk_variant *v = argc > 1 ? pk_variant_lookup(argv[1]) : NULL;
    if (!v) {
        fprintf(stderr, "usage: game-fens VARIANT FILE...\n");
        return 2;
    }
    pk_game g;
    pk_game_init(&g);
    for (int a = 2; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        pk_error err;
        pk_pdn_reader *r = f ? pk_pdn_open(f, argv[a], 0, &err) : NULL;
        if (!r) {
            if (f)
                fclose(f);
            continue;
        }
        while (pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
            pk_pos p;
            if (pk_fen_parse(v, g.fen ? g.fen : v->start_fen, (size_t)-1, &p, NULL, NULL) != PK_OK)
                continue;
            const pk_pdn_line *line = &g.main;
            for (int i = 0; i < line->nmoves; i++) {
                if (line->moves[i].flags & (PK_PDN_MOVE_HOP | PK_PDN_MOVE_PLACEHOLDER))
                    continue;
                pk_written w;
                memset(&w, 0, sizeof w);
                int bad, rc = pk_written_add(v, &line->moves[i], &w, &bad);
                for (int j = i + 1; rc == PK_OK && j < line->nmoves && (line->moves[j].flags & PK_PDN_MOVE_HOP); j++)
                    rc = pk_written_add(v, &line->moves[j], &w, &bad);
                pk_match m;
                if (rc != PK_OK || pk_match_move(v, &p, &w, 0, ms(), &m) != PK_MATCH_LEGAL)
                    break;
                char fen[PK_FEN_MAX];
                pk_fen_write(v, &p, false, fen, sizeof fen);
                puts(fen);
                pk_make(v, &p, &m.move);
            }
        }
        pk_pdn_close(r);
        fclose(f);
    }
    pk_game_free(&g);
    return 0;
}
