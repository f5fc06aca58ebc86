/*
 * example.c -- a program that uses the installed library the way a user would: built by
 * tests/install/lib.sh outside the source tree with `pkg-config --cflags --libs pdnkit`
 * (static and shared), it reads a FEN, generates and writes the legal moves, matches a
 * written move, counts perft, then reads PDN games from a memory stream and replays them
 * with a diagnostics sink. Its output is compared with example.expected.
 */
#include <pdnkit/pdnkit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char games[] =
    "[Event \"install test\"]\n"
    "[GameType \"21\"]\n"
    "[Result \"*\"]\n"
    "1. 11-15 23-19 2. 8-11 22-17 *\n"
    "\n"
    "[GameType \"20\"]\n"
    "[Result \"2-0\"]\n"
    "1. 32-28 19-23 2. 28x19 14x23 3. 33-29 23x34 2-0\n";

/* The sink: one GNU-style line (and its indented hints) per diagnostic, on stdout. */
static void emit(void *ctx, const pk_diag *d)
{
    int *count = ctx;
    ++*count;
    pk_diag_write_gnu(stdout, d);
}

static int engine(void)
{
    const pk_variant *v = pk_variant_find("russian");
    pk_pos p;
    pk_error err;
    pk_movelist *list = pk_movelist_new(); /* on the heap, its size the library's */
    char buf[128];

    if (!v || !list)
        return 1;
    if (pk_fen_parse(v, "W:Wc3,e3,Kh2:Bd4,f6,b6", (size_t)-1, &p, NULL, &err) != PK_OK) {
        printf("fen: %s (column %lld)\n", err.msg, err.col);
        pk_movelist_free(list);
        return 1;
    }
    int n = pk_gen_legal(v, &p, list, 0);
    printf("%s: %d legal moves:", v->name, n);
    for (int i = 0; i < n; i++) {
        pk_move_write_pdn(v, list, pk_movelist_at(list, i), 0, buf, sizeof buf);
        printf(" %s", buf);
    }
    printf("\n");

    /* a written move, matched: c3 to e5 over d4 */
    pk_written w;
    memset(&w, 0, sizeof w);
    w.nsq = 2;
    int c3, e5;
    if (pk_square_parse(v->geom, "c3", 2, &c3, &err) != PK_OK || pk_square_parse(v->geom, "e5", 2, &e5, &err) != PK_OK)
        return 1;
    w.sq[0] = (uint8_t)c3;
    w.sq[1] = (uint8_t)e5;
    w.capture_sep = w.sep_written = true;
    pk_match_scratch *scratch = pk_match_scratch_new();
    pk_match m;
    if (!scratch) {
        pk_movelist_free(list);
        return 1;
    }
    int kind = pk_match_move(v, &p, &w, 0, scratch, &m);
    if (kind == PK_MATCH_INCOMPLETE)
        printf("c3:e5 is incomplete: %d legal captures\n", m.ncand);
    else
        printf("c3:e5: kind %d\n", kind);
    pk_match_scratch_free(scratch);

    pk_make(v, &p, pk_movelist_at(list, 0));
    pk_fen_write(v, &p, true, buf, sizeof buf);
    printf("after the first move: %s\n", buf);
    pk_movelist_free(list);

    const pk_variant *e = pk_variant_lookup("21");
    pk_pos start;
    pk_fen_parse(e, e->start_fen, (size_t)-1, &start, NULL, &err);
    printf("%s perft:", e->name);
    for (int d = 1; d <= 4; d++) {
        uint64_t nodes;
        if (pk_perft(e, &start, d, 0, &nodes, &err) != PK_OK)
            return 1;
        printf(" %llu", (unsigned long long)nodes);
    }
    printf("\n");
    return 0;
}

static int pdn(void)
{
    FILE *f = fmemopen((void *)games, sizeof games - 1, "r");
    pk_error err;
    pk_pdn_reader *r = f ? pk_pdn_open(f, "games.pdn", 0, &err) : NULL;
    pk_replay *rp = pk_replay_new();
    pk_replay_result *res = pk_replay_result_new(); /* opaque: read through its accessors */
    int ndiags = 0, st;
    pk_diag_sink sink = {emit, &ndiags};
    pk_replay_opts opts;
    pk_game g;

    if (!r || !rp || !res)
        return 1;
    memset(&opts, 0, sizeof opts);
    pk_game_init(&g);
    while ((st = pk_pdn_next(r, &g, &sink, NULL)) == PK_OK) {
        if (pk_replay_game(rp, &g, "games.pdn", &opts, &sink, res) != PK_OK)
            return 1;
        const pk_variant *v = pk_replay_result_variant(res);
        printf("game %d (%s): %d plies, %d errors, result %s, final %s\n", g.index, v ? v->name : "?",
               pk_replay_result_plies(res), pk_replay_result_errors(res), pk_result_kind_name(g.result.kind),
               pk_replay_final_fen(res));
    }
    printf("%d diagnostics, %llu bytes\n", ndiags, pk_pdn_bytes(r));
    pk_game_free(&g);
    pk_replay_result_free(res);
    pk_replay_free(rp);
    pk_pdn_close(r);
    fclose(f);
    return st != PK_END; /* PK_ERR_IO: a read error (an "io" diagnostic said it) */
}

int main(void)
{
    int number;
    const char *v = pk_version(&number);
    printf("pdnkit %s, library %s (%d)\n", PK_VERSION, v, number);
    return engine() || pdn();
}
