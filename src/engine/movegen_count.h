/*
 * movegen_count.h -- the men's captures counted without a move list (perft's leaves and
 * the counts of pk_count_legal): the single jumps by shifts (count_simple_men_captures),
 * the multiple ones by a search in registers (count_men_captures). Included by
 * movegen_impl.h before gen_side, which calls them. Private (not installed).
 *
 * Why the second: in the profile of international perft 8 the full search (short_jumps_t through
 * cap_ctx, one recursive call per jump) was a third of the instructions, run at the
 * leaves for the men that count_simple_men_captures could not count by shifts (a man
 * whose jump may continue). A leaf needs only how many captures there are, so here the
 * search is a loop over a stack of three jumps, its state (square, prey, the directions
 * left) in registers, nothing written to a list or a context.
 */

/* Counting shortcut for men's captures (diagonal lines only). A man none of whose
 * jumps can continue has one complete capture per jump, counted with shifts. The
 * position before the move decides whether a landing square continues: the only single
 * jump that could land on the vacated origin crosses the piece just taken, and that
 * piece can only be jumped from where it was jumped. A man crowned on landing goes on
 * as a king in Russian (RULES 1.6 continue), and that needs the search; under `stop` the
 * move ends there. Men that can continue go to *search. Returns the captures counted;
 * simple[d], when given, the men with such a jump in direction d (perft lists them). */
TEMPLATE int count_simple_men_captures(const pk_rules *R, const pk_geom *g, const mg_pos *p, int me, word *search,
                                       word *simple)
{
    word men = p->pieces[me] & ~p->kings, empty = W(g->board) & ~mg_occupied(p);
    word prey = p->pieces[PK_OTHER(me)] & (R->men_take_kings ? ~(word)0 : ~p->kings);
    word can[4], any = 0, cont_from = 0;
    UNROLL(4)
    for (int d = 0; d < 4; d++) { /* squares from which a man's jump in d exists */
        bool forward = (d >= PK_SE) == (me == PK_BLACK);
        can[d] = (forward || R->men_back) ? step_back(R, g, step_back(R, g, empty, d) & prey, d) : 0;
        any |= can[d];
    }
    if (!(any & men)) { /* the usual case: no man has a jump */
        *search = 0;
        if (simple)
            simple[0] = simple[1] = simple[2] = simple[3] = 0;
        return 0;
    }
    UNROLL(4)
    for (int d = 0; d < 4; d++) {
        word land = step(R, g, step(R, g, can[d] & men, d), d), cont;
        if (R->promo == PK_PROMO_STOP)
            cont = land & ~W(g->promo[me]) & any;
        else if (R->promo == PK_PROMO_CONTINUE)
            cont = (land & any) | (land & W(g->promo[me]));
        else
            cont = land & any;
        cont_from |= step_back(R, g, step_back(R, g, cont, d), d);
    }
    *search = cont_from;
    int n = 0;
    UNROLL(4)
    for (int d = 0; d < 4; d++) {
        if (simple)
            simple[d] = can[d] & men & ~cont_from;
        n += w_popcount(can[d] & men & ~cont_from);
    }
    return n;
}

/* The directions (bit d for direction d) in which the man on `at` (one bit) jumps a
 * piece of `prey` onto an empty square; `allowed` holds the directions it may take. */
TEMPLATE unsigned men_jump_dirs(const pk_rules *R, const pk_geom *g, word at, word prey, word empty, unsigned allowed)
{
    unsigned dirs = 0;
    UNROLL(4)
    for (int d = 0; d < 4; d++)
        if ((allowed >> d) & 1)
            dirs |= (unsigned)((step(R, g, step(R, g, at, d) & prey, d) & empty) != 0) << d;
    return dirs;
}

/* The complete captures of the men of `me` in `men`, counted as gen_captures counts them
 * for a leaf (count_only): every one under free choice, those of the most pieces under
 * the majority rule (RULES 1.7). The pieces taken stay on the board as blockers and are
 * jumped once (RULES 1.5 rule 3), the origin is empty (rule 4); a man that reaches the
 * far row ends there where promotion stops the move (RULES 1.6), and goes on as a man
 * where it passes. Returns -1 as soon as a capture would take a fourth piece: captures of
 * four or more can be duplicates (RULES 1.8; see emit), which only the full search, with
 * its list, removes; the caller then runs it. Only for diagonal boards whose captured
 * pieces leave at the end and whose men are not crowned mid-capture (gen_side's test). */
TEMPLATE int count_men_captures(const pk_rules *R, const pk_geom *g, const mg_pos *p, int me, word men)
{
    word occ = mg_occupied(p);
    word prey0 = p->pieces[PK_OTHER(me)] & (R->men_take_kings ? ~(word)0 : ~p->kings);
    /* men_back, or the two forward diagonals (NE, NW for White; SE, SW for Black) */
    unsigned allowed = R->men_back ? 15u : me == PK_WHITE ? 1u << PK_NE | 1u << PK_NW : 1u << PK_SE | 1u << PK_SW;
    int best = 0, count = 0;
    for (word b = men; b; b &= b - 1) {
        word at = b & -b, prey = prey0, empty = W(g->board) & ~(occ & ~at);
        word st_at[3], st_q[3];
        unsigned st_dirs[3];
        unsigned dirs = men_jump_dirs(R, g, at, prey, empty, allowed);
        int n = 0; /* pieces taken on the current path */
        for (;;) {
            if (dirs) {
                int d = __builtin_ctz(dirs);
                dirs &= dirs - 1;
                if (n == 3) /* a fourth piece: the full search's business */
                    return -1;
                word q = step(R, g, at, d);
                st_at[n] = at, st_q[n] = q, st_dirs[n] = dirs;
                n++;
                prey &= ~q; /* the piece just taken is not met again, so no turning back */
                at = step(R, g, q, d);
                dirs = R->promo == PK_PROMO_STOP && (at & W(g->promo[me])) ? 0
                                                                            : men_jump_dirs(R, g, at, prey, empty, allowed);
                if (!dirs) { /* complete: n pieces */
                    if (R->choice == PK_CHOICE_MAJ && n != best) {
                        if (n < best)
                            continue;
                        best = n, count = 0;
                    }
                    count++;
                }
                continue;
            }
            if (!n)
                break;
            n--;
            at = st_at[n], dirs = st_dirs[n];
            prey |= st_q[n];
        }
    }
    return count;
}
