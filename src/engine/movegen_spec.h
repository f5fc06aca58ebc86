/*
 * movegen_spec.h -- SPECIALISE(ID): one engine row's copy of the generator of
 * movegen_impl.h (included just before this) and the entry points movegen_int.h declares
 * for it: the legal moves, pk_quiet_move, one piece's captures, perft's last two plies
 * and the whole perft walk (movegen_walk.h's templates). Included by movegen_64.c and
 * movegen_128.c after movegen_impl.h and movegen_walk.h; private (not installed).
 */
/* The two recursive capture searches of one copy, with the row a constant. */
#define MG_SEARCH(ID)                                                                               \
    static bool kj_##ID(cap_ctx *c, int sq, int d);                                                 \
    static void sj_##ID(cap_ctx *c, int sq, int last, bool king);                                   \
    static bool kj_##ID(cap_ctx *c, int sq, int d)                                                  \
    {                                                                                               \
        return king_jump_t(&crows[ID].v.rules, c, sq, d, kj_##ID);                                    \
    }                                                                                               \
    static void sj_##ID(cap_ctx *c, int sq, int last, bool king)                                    \
    {                                                                                               \
        short_jumps_t(&crows[ID].v.rules, c, sq, last, king, sj_##ID, kj_##ID);                       \
    }

/* perft's walk of one copy, and its entry point under the name PERFT. */
#define MG_WALK(ID, PERFT)                                                                          \
    static uint64_t walk_##ID(const pk_geom *g, const mg_pos *p, int depth, unsigned flags,         \
                              pk_movelist *lists, int *overflow)                                    \
    {                                                                                               \
        if (p->turn == PK_WHITE)                                                                    \
            return walk_side(&crows[ID].v.rules, g, p, depth, flags, lists, overflow, sj_##ID, kj_##ID,   \
                             walk_##ID, PK_WHITE);                                                  \
        return walk_side(&crows[ID].v.rules, g, p, depth, flags, lists, overflow, sj_##ID, kj_##ID,       \
                         walk_##ID, PK_BLACK);                                                      \
    }                                                                                               \
    uint64_t PERFT(const pk_geom *g, const pk_pos *p, int depth, unsigned flags, pk_movelist *lists,   \
                   int *overflow)                                                                   \
    {                                                                                               \
        mg_pos q = mg_load(p);                                                                      \
        if (depth == 1) {                                                                           \
            int n = gen_impl(&crows[ID].v.rules, g, &q, &lists[1], flags, PK_MG_COUNT, sj_##ID, kj_##ID);\
            *overflow |= lists[1].overflow;                                                         \
            return (uint64_t)n;                                                                     \
        }                                                                                           \
        return walk_##ID(g, &q, depth, flags, lists, overflow);                                     \
    }

/*
 * One engine row's copy: the recursive search functions with the row a constant, and
 * the entry points movegen_int.h declares (the public position read into the word once).
 */
#define SPECIALISE(ID)                                                                              \
    MG_SEARCH(ID)                                                                                   \
    int pk_mg_gen_##ID(const pk_geom *g, const pk_pos *p, pk_movelist *out, unsigned flags, int mode) \
    {                                                                                               \
        mg_pos q = mg_load(p);                                                                      \
        return gen_impl(&crows[ID].v.rules, g, &q, out, flags, mode, sj_##ID, kj_##ID);               \
    }                                                                                               \
    /* gen_side()'s capture search from one square: the legal moves from it under free    \
     * choice (RULES 1.7), pk_gen_captures_from */                                             \
    int pk_mg_capfrom_##ID(const pk_geom *g, const pk_pos *p, int from, pk_movelist *out, unsigned flags) \
    {                                                                                               \
        mg_pos q = mg_load(p);                                                                      \
        gen_captures(&crows[ID].v.rules, g, &q, out, flags, WBIT(from), false, false, sj_##ID, kj_##ID); \
        return out->n;                                                                              \
    }                                                                                               \
    int pk_mg_quiet_##ID(const pk_geom *g, const pk_pos *p, int from, int to, pk_move *m)           \
    {                                                                                               \
        mg_pos q = mg_load(p);                                                                      \
        if (q.turn == PK_WHITE)                                                                     \
            return quiet_move_side(&crows[ID].v.rules, g, &q, from, to, m, PK_WHITE);                 \
        return quiet_move_side(&crows[ID].v.rules, g, &q, from, to, m, PK_BLACK);                     \
    }                                                                                               \
    /* perft's last two plies: each move played, its children counted in place; one copy \
     * per side, so that the sides are constants (mg_child) */                                  \
    static uint64_t children_##ID(const pk_geom *g, const mg_pos *p, const pk_movelist *l,          \
                                  unsigned flags, pk_movelist *scratch, int *overflow)              \
    {                                                                                               \
        return p->turn == PK_WHITE                                                                  \
                   ? children_side(&crows[ID].v.rules, g, p, l, flags, scratch, overflow, sj_##ID, kj_##ID, \
                                   PK_WHITE)                                                         \
                   : children_side(&crows[ID].v.rules, g, p, l, flags, scratch, overflow, sj_##ID, kj_##ID, \
                                   PK_BLACK);                                                        \
    }                                                                                               \
    uint64_t pk_mg_children_##ID(const pk_geom *g, const pk_pos *p, const pk_movelist *l, unsigned flags, \
                                 pk_movelist *scratch, int *overflow)                               \
    {                                                                                               \
        mg_pos q = mg_load(p);                                                                      \
        return children_##ID(g, &q, l, flags, scratch, overflow);                                   \
    }                                                                                               \
    MG_WALK(ID, pk_mg_perft_##ID)

/* movegen_64p.c's copy: perft's walk alone, under another name (the search functions
 * are static, one set per file). */
#define SPECIALISE_POPCNT(ID) MG_SEARCH(ID) MG_WALK(ID, pk_mg_perft_popcnt_##ID)
