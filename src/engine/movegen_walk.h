/*
 * movegen_walk.h -- perft's walk over the generator of movegen_impl.h (included just
 * before this, and before movegen_spec.h, which instantiates these templates per engine
 * row): the last two plies counted in place, and the quiet moves of an inner node played
 * straight from the bit sets, without a move list. Private (not installed).
 *
 * Why no list for quiet moves: in the profile of international perft, writing each quiet
 * move into the list (push_quiet) and reading it back to make it (mg_child) was about a
 * sixth of the instructions, for positions that are mostly quiet. A quiet move is one
 * from-to pair: the child is two bit flips, made where the move is found. Captures still
 * go through the list: they are ranked and de-duplicated as a set first (RULES 1.7, 1.8).
 */

/* perft's last two plies for the side `me` (a constant): every move of l played, the
 * moves of each child counted. */
TEMPLATE uint64_t children_side(const pk_rules *R, const pk_geom *g, const mg_pos *p, const pk_movelist *l,
                                unsigned flags, pk_movelist *scratch, int *overflow, short_fn *sj, king_fn *kj,
                                int me)
{
    uint64_t sum = 0;
    for (int i = 0; i < l->n; i++) {
        mg_pos q = mg_child(p, &l->m[i], me);
        sum += (uint64_t)gen_side(R, g, &q, scratch, flags, PK_MG_COUNT, sj, kj, PK_OTHER(me));
        *overflow |= scratch->overflow;
    }
    return sum;
}

typedef uint64_t walk_fn(const pk_geom *g, const mg_pos *p, int depth, unsigned flags, pk_movelist *lists,
                         int *overflow);

/* The count below one child of a quiet move: its legal moves when depth is 2 (bulk
 * counting), else the walk on. */
TEMPLATE uint64_t quiet_child(const pk_rules *R, const pk_geom *g, const mg_pos *q, int depth, unsigned flags,
                              pk_movelist *lists, int *overflow, short_fn *sj, king_fn *kj, walk_fn *walk, int me)
{
    if (depth > 2)
        return walk(g, q, depth - 1, flags, lists, overflow);
    uint64_t n = (uint64_t)gen_side(R, g, q, &lists[1], flags, PK_MG_COUNT, sj, kj, PK_OTHER(me));
    *overflow |= lists[1].overflow;
    return n;
}

/* The leaves `depth` plies below p through each quiet move of `me` (RULES 1.4: the same
 * moves as gen_quiet, in another order), the side having no capture. A man's step that
 * reaches the promotion row crowns it. */
TEMPLATE uint64_t quiet_walk(const pk_rules *R, const pk_geom *g, const mg_pos *p, int depth, unsigned flags,
                             pk_movelist *lists, int *overflow, short_fn *sj, king_fn *kj, walk_fn *walk, int me)
{
    int opp = PK_OTHER(me);
    word occ = mg_occupied(p), empty = W(g->board) & ~occ;
    word men = p->pieces[me] & ~p->kings, kings = p->pieces[me] & p->kings;
    uint64_t sum = 0;
    mg_pos q;
    q.pieces[opp] = p->pieces[opp];
    q.turn = opp;
    UNROLL(8)
    for (int d = 0; d < PK_NDIRS; d++) { /* men: gen_quiet's directions */
        if (R->full ? !man_dir(R, me, d) : d >= 4 || (d >= PK_SE) != (me == PK_BLACK))
            continue;
        for (word to = step(R, g, men, d) & empty; to; to &= to - 1) {
            word t = to & -to, f = step_back(R, g, t, d);
            q.pieces[me] = p->pieces[me] ^ (f | t);
            q.kings = p->kings | (t & W(g->promo[me]));
            sum += quiet_child(R, g, &q, depth, flags, lists, overflow, sj, kj, walk, me);
        }
    }
    if (!kings)
        return sum;
    if (!R->flying) {
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++)
            for (word to = step(R, g, kings, d) & empty; to; to &= to - 1) {
                word t = to & -to, f = step_back(R, g, t, d);
                q.pieces[me] = p->pieces[me] ^ (f | t);
                q.kings = p->kings ^ (f | t);
                sum += quiet_child(R, g, &q, depth, flags, lists, overflow, sj, kj, walk, me);
            }
        return sum;
    }
    for (word k = kings; k; k &= k - 1) {
        word f = k & -k;
        int sq = w_lsb(k);
        UNROLL(8)
        for (int d = dir_lo(R); d < dir_lo(R) + 4; d++)
            for (word to = free_ray(R, g, sq, d, occ); to; to &= to - 1) {
                word t = to & -to;
                q.pieces[me] = p->pieces[me] ^ (f | t);
                q.kings = p->kings ^ (f | t);
                sum += quiet_child(R, g, &q, depth, flags, lists, overflow, sj, kj, walk, me);
            }
    }
    return sum;
}

/* The captures of an inner node into l, as gen_side lists them but for path[] and
 * caps[] past the first jump (the walk reads from, to, capset and flags). Where
 * count_simple_men_captures applies (diagonal lines, free choice or the majority rule),
 * a man's jump that cannot continue is listed from the shifts (one capture, no
 * duplicate possible) and only the pieces that can go on are searched: the profile of
 * international perft had about half of its capture searches at inner nodes, most of
 * them for such single jumps. Under the majority rule (RULES 1.7) a man that can go on
 * outranks every single jump; with only kings to search, the kings' captures are ranked
 * with the men's single jumps by the full search. */
TEMPLATE void walk_captures(const pk_rules *R, const pk_geom *g, const mg_pos *p, pk_movelist *l, unsigned flags,
                            short_fn *sj, king_fn *kj, int me, word jumpers, word fly)
{
    l->n = l->overflow = 0;
    if (R->ortho || R->full || (R->choice != PK_CHOICE_FREE && R->choice != PK_CHOICE_MAJ)) {
        gen_captures(R, g, p, l, flags, jumpers | fly, false, false, sj, kj);
        return;
    }
    word search, simple[4], kings = p->pieces[me] & p->kings;
    count_simple_men_captures(R, g, p, me, &search, simple);
    search |= R->flying ? fly : jumpers & kings;
    if (R->choice == PK_CHOICE_MAJ && search) { /* two or more pieces, or kings to rank */
        gen_captures(R, g, p, l, flags, search & ~kings ? search : jumpers | fly, false, false, sj, kj);
        return;
    }
    word okings = p->pieces[PK_OTHER(me)] & p->kings;
    UNROLL(4)
    for (int d = 0; d < 4; d++)
        for (word f = simple[d]; f; f &= f - 1) {
            int sq = w_lsb(f), q = sq + dir_shift(R, d), to = q + dir_shift(R, d);
            if (l->n >= PK_MAX_MOVES) {
                l->overflow = 1;
                return;
            }
            pk_move *m = &l->m[l->n++];
            m->from = (uint8_t)sq;
            m->to = (uint8_t)to;
            m->ncap = 1;
            m->nkcap = (uint8_t)((okings >> q) & 1);
            m->flags = (uint8_t)(PK_MV_CAPTURE | ((W(g->promo[me]) >> to) & 1 ? PK_MV_PROMOTE : 0));
            m->capset = WBIT(q);
            m->path[0] = (uint8_t)to;
            m->caps[0] = (uint8_t)q;
        }
    if (search) /* free choice: the searched captures add to the single jumps */
        gen_captures(R, g, p, l, flags, search, false, false, sj, kj);
}

/* One inner node of the walk (depth >= 2) for the side `me`: the captures listed
 * (ranked and de-duplicated) and played, or, when there is none, the quiet moves played
 * from the bit sets. The house rule "capture not mandatory" (quiet moves and captures
 * together) keeps the list for both. */
TEMPLATE uint64_t walk_side(const pk_rules *R, const pk_geom *g, const mg_pos *p, int depth, unsigned flags,
                            pk_movelist *lists, int *overflow, short_fn *sj, king_fn *kj, walk_fn *walk, int me)
{
    pk_movelist *l = &lists[depth];
    if (flags & (PK_GEN_CAPTURE_OPTIONAL | PK_GEN_QUIET_ONLY))
        gen_side(R, g, p, l, flags, PK_MG_LIST, sj, kj, me);
    else {
        word jumpers = short_jumpers(R, g, p, me);
        word fly = R->flying ? flying_jumpers(R, g, p, me, p->pieces[me] & p->kings) : 0;
        if (!(jumpers | fly))
            return quiet_walk(R, g, p, depth, flags, lists, overflow, sj, kj, walk, me);
        walk_captures(R, g, p, l, flags, sj, kj, me, jumpers, fly);
    }
    *overflow |= l->overflow;
    if (depth == 2)
        return children_side(R, g, p, l, flags, &lists[1], overflow, sj, kj, me);
    uint64_t sum = 0;
    for (int i = 0; i < l->n; i++) {
        mg_pos q = mg_child(p, &l->m[i], me);
        sum += walk(g, &q, depth - 1, flags, lists, overflow);
    }
    return sum;
}
