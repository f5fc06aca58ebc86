/*
 * movegen.c -- the move generator's entry points (movegen.h): each call goes to the copy
 * of the generator specialised for the variant's engine row (pk_variant.engine), in the
 * instance its board fits (movegen_64.c, movegen_128.c; the generator itself is
 * movegen_impl.h). Rows that share move rules share a copy.
 */
#include "movegen_int.h"
#include "position_int.h"

#ifdef PK_MG_POPCNT_COPY
#include <cpuid.h> /* have_popcnt */
#endif

typedef int (*gen_fn)(const pk_geom *, const pk_pos *, pk_movelist *, unsigned, int);
typedef int (*quiet_fn)(const pk_geom *, const pk_pos *, int, int, pk_move *);
typedef uint64_t (*children_fn)(const pk_geom *, const pk_pos *, const pk_movelist *, unsigned, pk_movelist *,
                                int *);
typedef uint64_t (*perft_fn)(const pk_geom *, const pk_pos *, int, unsigned, pk_movelist *, int *);
typedef int (*capfrom_fn)(const pk_geom *, const pk_pos *, int, pk_movelist *, unsigned);

/* Indexed by variant id, filled at the engine rows (those with a generator of their own:
 * movegen_int.h's lists); a row that shares one is reached through its pk_variant.engine,
 * so a call costs one load whatever the row. test_movegen checks that every row's engine
 * has an entry. */
#define GEN(ID) [ID] = pk_mg_gen_##ID,
#define QUIET(ID) [ID] = pk_mg_quiet_##ID,
#define CHILDREN(ID) [ID] = pk_mg_children_##ID,
#define PERFT(ID) [ID] = pk_mg_perft_##ID,
#define CAPFROM(ID) [ID] = pk_mg_capfrom_##ID,
static const gen_fn gens[PK_V_COUNT] = {PK_MG_ROWS_64(GEN) PK_MG_ROWS_128(GEN)};
static const quiet_fn quiets[PK_V_COUNT] = {PK_MG_ROWS_64(QUIET) PK_MG_ROWS_128(QUIET)};
static const children_fn childrens[PK_V_COUNT] = {PK_MG_ROWS_64(CHILDREN) PK_MG_ROWS_128(CHILDREN)};
static const perft_fn perfts[PK_V_COUNT] = {PK_MG_ROWS_64(PERFT) PK_MG_ROWS_128(PERFT)};
static const capfrom_fn capfroms[PK_V_COUNT] = {PK_MG_ROWS_64(CAPFROM) PK_MG_ROWS_128(CAPFROM)};

/* What the generator wrote into a list (asserted; pk_assert.h): within the list's bounds
 * (movelist_int.h: a longer list is cut and flagged, never overrun), each move whole. */
#ifndef NDEBUG /* only the asserts call it (clang warns of an unused static inline) */
static inline bool list_sound(const pk_movelist *l)
{
    if (l->n < 0 || l->n > PK_MAX_MOVES)
        return false;
    for (int i = 0; i < l->n; i++)
        if (!pk_move_sound(&l->m[i]))
            return false;
    return true;
}
#endif

int pk_gen_legal(const pk_variant *v, const pk_pos *p, pk_movelist *out, unsigned flags)
{
    int n = gens[v->engine](v->geom, p, out, flags, PK_MG_LIST);
    assert(list_sound(out));
    return n;
}

int pk_quiet_move(const pk_variant *v, const pk_pos *p, int from, int to, pk_move *m)
{
    return quiets[v->engine](v->geom, p, from, to, m);
}

int pk_gen_captures_from(const pk_variant *v, const pk_pos *p, int from, pk_movelist *out, unsigned flags)
{
    out->n = out->overflow = 0;
    if (v->rules.choice != PK_CHOICE_FREE) /* RULES 1.7: a choice rule ranks the captures of every piece */
        return -1;
    if (from < 0 || from >= PK_MAX_BITS || !pk_bb_test(p->pieces[p->turn], from))
        return 0;
    int n = capfroms[v->engine](v->geom, p, from, out, flags);
    assert(list_sound(out));
    return n;
}

int pk_count_legal(const pk_variant *v, const pk_pos *p, unsigned flags, pk_movelist *scratch)
{
    scratch->overflow = 0; /* the count resets it only where a search may set it */
    return gens[v->engine](v->geom, p, scratch, flags, PK_MG_COUNT);
}

uint64_t pk_count_children(const pk_variant *v, const pk_pos *p, const pk_movelist *moves, unsigned flags,
                           pk_movelist *scratch, int *overflow)
{
    scratch->overflow = 0; /* as in pk_count_legal: each count ORs it into *overflow */
    return childrens[v->engine](v->geom, p, moves, flags, scratch, overflow);
}

#ifdef PK_MG_POPCNT_COPY
#define PERFT_POPCNT(ID) [ID] = pk_mg_perft_popcnt_##ID,
static const perft_fn perfts_popcnt[PK_V_COUNT] = {PK_MG_ROWS_64(PERFT_POPCNT)};

/* CPUID leaf 1, ECX bit 23: POPCNT (by the instruction itself, as sha256.c: GCC's
 * __builtin_cpu_supports would need libgcc's __cpu_model, beyond tests/install/port.sh's
 * list); asked once per perft call, not per node */
static bool have_popcnt(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 23));
}
#endif

uint64_t pk_mg_perft(const pk_variant *v, const pk_pos *p, int depth, unsigned flags, pk_movelist *lists,
                     int *overflow)
{
#ifdef PK_MG_POPCNT_COPY /* the copy for processors with POPCNT (movegen_64p.c), where it has the row */
    if (perfts_popcnt[v->engine] && have_popcnt())
        return perfts_popcnt[v->engine](v->geom, p, depth, flags, lists, overflow);
#endif
    return perfts[v->engine](v->geom, p, depth, flags, lists, overflow);
}

bool pk_has_capture(const pk_variant *v, const pk_pos *p)
{
    /* The search stops at the first jump found and never writes to the list. */
    return gens[v->engine](v->geom, p, NULL, 0, PK_MG_HAS_CAPTURE) != 0;
}

uint64_t pk_capture_rank(const pk_variant *v, const pk_pos *p, const pk_move *m)
{
    uint32_t kmask = 0;
    if (v->rules.choice == PK_CHOICE_ITALIAN)
        for (int i = 0; i < m->ncap; i++)
            if (p->kings & PK_BIT(m->caps[i]))
                kmask |= 1u << (31 - i);
    return pk_mg_rank(&v->rules, m->ncap, m->nkcap, (m->flags & PK_MV_KING) != 0, kmask);
}
