/*
 * replay.c -- the adjudicator (see replay.h). For each move of the main line:
 * join hop-by-hop captures, map the written squares through the variant's
 * geometry, classify the move with pk_match_move (RULES 4.5), report, play it
 * (or stop), feed the draw rules (RULES 3). At the end, compare the result with
 * the board (RULES 1.9, 4.4). The game's variant is resolved before (replay_game.c);
 * the start position and setup commands are replay_setup.c's, the reports
 * replay_report.c's (replay_int.h lists the replay's files).
 */
#include "replay_int.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "written.h"
#include "pk_bits.h"
#include "position_int.h"

pk_replay *pk_replay_new(void) { return calloc(1, sizeof(pk_replay)); }
void pk_replay_free(pk_replay *r)
{
    if (r)
        pk_draw_release(&r->ds);
    free(r);
}

/* ---- written squares
 * ---------------------------------------------------------------- */

static inline int numeric_bit(const pk_geom *g, const pk_pdn_square *s)
{
    return s->num >= 1 && s->num <= g->nsq ? g->bit_of[s->num] : -1;
}

/* The separator test of pk_written_add(): seps holds '-', 'x', ':' or ' ' (none written,
 * "a3b4"), see pdn.h. */
static inline void note_separators(const pk_pdn_move *mv, pk_written *w)
{
    if (mv->flags & PK_PDN_MOVE_CAPTURE)
        w->capture_sep = true;
    for (const char *sep = mv->seps; sep && *sep && !w->sep_written; sep++)
        w->sep_written = *sep != ' ';
}

/* pk_written_add() for the usual move: two numeric squares on the board, no hop after it.
 * False when mv is anything else. Every field of *w is set (the caller need not clear it). */
static inline bool plain_squares(const ctx *c, const pk_pdn_line *line, int i, pk_written *w)
{
    const pk_pdn_move *mv = &line->moves[i];
    if (mv->nsquares != 2 || mv->squares[0].kind != PK_SQ_NUMERIC || mv->squares[1].kind != PK_SQ_NUMERIC ||
        (i + 1 < line->nmoves && (line->moves[i + 1].flags & PK_PDN_MOVE_HOP)))
        return false;
    int a = numeric_bit(c->v->geom, &mv->squares[0]), b = numeric_bit(c->v->geom, &mv->squares[1]);
    if (a < 0 || b < 0)
        return false;
    w->nsq = 2;
    w->sq[0] = (uint8_t)a;
    w->sq[1] = (uint8_t)b;
    w->capture_sep = w->sep_written = w->algebraic = false; /* note_separators() only sets */
    w->file_origin = 0;
    note_separators(mv, w);
    return true;
}

/* ---- messages
 * --------------------------------------------------------------------- */

/* RULES 2.11, Frisian art. 17: while a side has men, one king may make at most
 * king_quiet_max non-capturing moves in a row; any other move of the side (or a
 * capture by that king) lifts the ban. Updates the count and says whether m
 * breaks the rule. */
static bool king_run_exceeded(ctx *c, const pk_move *m)
{
    int me = c->pos.turn, max = c->v->rules.king_quiet_max;
    if (!max)
        return false;
    bool quiet_king = (m->flags & PK_MV_KING) && !(m->flags & PK_MV_CAPTURE);
    if (!quiet_king || !pk_men(&c->pos, me)) {
        c->kings.run[me] = 0;
        return false;
    }
    if (c->kings.run[me] && c->kings.sq[me] == m->from)
        c->kings.run[me]++;
    else
        c->kings.run[me] = 1;
    c->kings.sq[me] = m->to;
    return c->kings.run[me] > max;
}

/* ---- the replay
 * ------------------------------------------------------------------- */

/* Draw events become notes. After an automatic draw the game is over: events of
 * later plies are moot (the move after it gets its own warning), those of the same
 * ply are all noted. A claim is noted once per rule: a shuffle can make the same
 * claim available on many plies. */
static void note_draws(ctx *c, const pk_draw_event *ev, int n, const pk_pdn_move *mv, int ply, int *drawn_at)
{
    for (int i = 0; i < n; i++) {
        const pk_draw_event *e = &ev[i];
        if (*drawn_at >= 0 && e->ply > *drawn_at)
            return; /* every rule that fires at the draw ply is reported (RULES 3.8 `fired`) */
        bool again = false;
        for (int j = 0; j < c->res->ndraws; j++)
            if (e->kind != PK_DRAW_AUTOMATIC && strcmp(c->res->draws[j].rule, e->rule) == 0)
                again = true;
        if (again)
            continue;
        if (c->res->ndraws < PK_REPLAY_MAX_DRAWS)
            c->res->draws[c->res->ndraws++] = *e;
        if (e->kind == PK_DRAW_AUTOMATIC)
            *drawn_at = e->ply;
        const char *what = e->kind == PK_DRAW_AUTOMATIC ? PK_T("the game is drawn")
                           : e->kind == PK_DRAW_CLAIM   ? PK_T("a draw can be claimed")
                                                        : PK_T("note");
        c->after_move = true;
        pk_rp_report(c, PK_SEV_NOTE, e->code, mv, ply, NULL, "%s at ply %d (%s): %s", what, e->ply, e->rule,
                     e->msg);
        c->after_move = false;
    }
}

/* RULES 1.9, 4.4: the recorded result against the final position (res->loser, set
 * with c->end_why by decided()). */
static void check_result(ctx *c, const pk_pdn_move *last, int drawn_at)
{
    const pk_game *g = c->g;
    pk_stated_result sr; /* the terminator, or the Result tag when the terminator says nothing */
    pk_game_stated_result(g, &sr);
    const char *text = sr.text;
    int kind = sr.kind;
    long long line = sr.line, col = sr.col;
    if (!text || kind < PK_RESULT_FIRST_WIN || kind == PK_RESULT_DOUBLE_FORFEIT)
        return;
    int first = c->o->results == PK_RESULTS_WHITE ? PK_WHITE : c->v->first;
    int winner = kind == PK_RESULT_FIRST_WIN ? first : kind == PK_RESULT_SECOND_WIN ? PK_OTHER(first) : -1;
    pk_diag d;
    char msg[512];
    memset(&d, 0, sizeof d);
    d.file = c->file;
    d.game = g->index;
    d.line = line ? line : (last ? last->line : g->line);
    d.col = line ? col : (last ? last->col : g->col);
    d.message = msg;
    d.code = "result-mismatch";
    d.fen = c->fen;
    d.variant = c->v;
    d.pos = &c->pos;
    const char *conv = c->o->results == PK_RESULTS_WHITE ? PK_T("1-0 read as a White win (--results white)")
                                                         : PK_T("1-0 = the first mover won (PDN)");
    if (c->res->loser >= 0 && winner != PK_OTHER(c->res->loser)) {
        snprintf(msg, sizeof msg, PK_T("result %s contradicts the board: %s (%s)"), text, c->end_why, conv);
        pk_fen_write(c->v, &c->pos, c->v->algebraic, c->fen, sizeof c->fen);
        d.severity = PK_SEV_ERROR;
        c->res->errors++;
        c->res->result_check |= PK_RESULT_CONTRADICTS_BOARD;
        pk_diag_emit(c->sink, &d);
    } else if (drawn_at >= 0 && winner >= 0) {
        snprintf(msg, sizeof msg, PK_T("result %s contradicts the draw the rules imposed at ply %d"), text,
                 drawn_at);
        pk_fen_write(c->v, &c->pos, c->v->algebraic, c->fen, sizeof c->fen);
        d.severity = PK_SEV_WARNING;
        c->res->warnings++;
        c->res->result_check |= PK_RESULT_CONTRADICTS_DRAW;
        pk_diag_emit(c->sink, &d);
    }
}

/* What a report about a written move (its squares w, matched as m) shows as data
 * (pk_diag.played, .required): the move matched, or for one that is no move of the
 * position its written squares, first to last, in *written (none when its origin is a
 * column only: that is the matcher's to place); and for a quiet move while a capture was
 * mandatory, a capture the choice rule forbids or one stopped short, the first of the
 * captures allowed (RULES 4.5, 5.1; the matcher's candidates). */
static void shown_moves(const pk_match *m, const pk_written *w, pk_move *written, const pk_move **played,
                        const pk_move **required)
{
    *played = &m->move;
    if (m->kind == PK_MATCH_AMBIGUOUS || m->kind == PK_MATCH_ILLEGAL) {
        memset(written, 0, sizeof *written);
        written->from = w->sq[0];
        written->to = written->path[0] = w->sq[w->nsq - 1];
        *played = w->file_origin ? NULL : written;
    }
    bool captures = m->kind == PK_MATCH_CAPTURE_REQUIRED || m->kind == PK_MATCH_CHOICE ||
                    m->kind == PK_MATCH_INCOMPLETE;
    *required = captures && m->ncand > 0 ? &m->cand[0] : NULL;
}

/* A report about move i of line before the move is resolved (its number, a move after
 * the game's end) shows it all the same: matched here as resolve_move() will match it
 * (only for a report, not a quick trial). Out of line, the matcher's result on its own
 * stack: rare, and the replay's loop keeps its small frame. */
static __attribute__((noinline, format(printf, 8, 9))) void report_unplayed(ctx *c, const pk_pdn_line *line, int i,
                                                                           int ply, int severity, const char *code,
                                                                           const char *hint, const char *fmt, ...)
{
    pk_written w;
    pk_match m;
    pk_move written;
    const pk_move *played = NULL, *required = NULL;
    if (c->sink && c->sink->emit && pk_written_line_move(c->v, line, i, &w, NULL) == PK_OK && w.nsq >= 2) {
        pk_match_move(c->v, &c->pos, &w, c->o->gen_flags, &c->r->ms, &m);
        shown_moves(&m, &w, &written, &played, &required);
    }
    va_list ap;
    va_start(ap, fmt);
    pk_rp_vreport(c, played, required, severity, code, &line->moves[i], ply, hint, fmt, ap);
    va_end(ap);
}

/* One written move (with the hop-by-hop continuations that follow it at
 * line->moves[i]): matched, reported, and resolved into the move to play.
 * Returns false when its line stops here (an illegal or ambiguous move, a
 * placeholder, --stop-at-first). */
static bool resolve_move(ctx *c, const pk_pdn_line *line, int i, int ply, pk_move *play)
{
    const pk_pdn_move *mv = &line->moves[i];
    if (mv->flags & PK_PDN_MOVE_PLACEHOLDER) {
        pk_rp_report(c, PK_SEV_WARNING, "placeholder", mv, ply, NULL, "the move is unknown ('%s'): %s",
                     mv->text, stop_hint(c));
        return false;
    }
    pk_written w; /* plain_squares() sets every field */
    const pk_pdn_square *bad = NULL;
    if (!plain_squares(c, line, i, &w) && pk_written_line_move(c->v, line, i, &w, &bad)) {
        const pk_geom *g = c->v->geom;
        if (bad && bad->kind != PK_SQ_NUMERIC && (bad->file >= g->width || bad->rank > g->height))
            /* a letter or rank past the board ("k1" on 10x10; the reader reads the squares
               of every board, RULES 2.13): worded as pk_written_parse words it */
            pk_rp_report(c, PK_SEV_ERROR, "illegal-move", mv, ply, stop_hint(c),
                         "%s: '%s' is not a square of the %dx%d board", mv->text, bad->text, g->width, g->height);
        else
            pk_rp_report(c, PK_SEV_ERROR, "illegal-move", mv, ply, stop_hint(c),
                         "%s: square '%s' is not a playing square of the %s board", mv->text, bad ? bad->text : "?",
                         c->v->name);
        return false;
    }
    if (w.nsq < 2) {
        pk_rp_report(c, PK_SEV_ERROR, "illegal-move", mv, ply, stop_hint(c),
                     "%s: a move needs an origin and a destination", mv->text);
        return false;
    }
    pk_match m;
    pk_match_move(c->v, &c->pos, &w, c->o->gen_flags, &c->r->ms, &m);
    if (m.kind == PK_MATCH_LEGAL) {
        if (m.sep_mismatch)
            pk_rp_report_move(c, &m.move, NULL, PK_SEV_WARNING, "separator", mv, ply, NULL,
                              "%s is a %s written with '%c'", mv->text,
                              (m.move.flags & PK_MV_CAPTURE) ? PK_T("capture") : PK_T("move without capture"),
                              (m.move.flags & PK_MV_CAPTURE) ? '-' : 'x');
    } else {
        /* the words are match.c's (pk_match_describe), in the notation the move was written
         * in; the hint says what this replay does next, under the options in force */
        char msg[900] = "", hint[160];
        if (c->sink && c->sink->emit) /* a quick trial writes no message */
            pk_match_describe(c->v, &c->pos, mv->text, &m, c->o->gen_flags, w.algebraic, &c->r->ms, msg,
                              sizeof msg);
        bool go_on = m.kind == PK_MATCH_CAPTURE_REQUIRED || m.kind == PK_MATCH_CHOICE ||
                     m.kind == PK_MATCH_INCOMPLETE || (m.kind == PK_MATCH_AMBIGUOUS && c->o->pick_first);
        if (m.kind == PK_MATCH_AMBIGUOUS && c->o->pick_first)
            snprintf(hint, sizeof hint, "%s", N_("the first candidate is played (--pick-first)"));
        else if (m.kind == PK_MATCH_AMBIGUOUS)
            snprintf(hint, sizeof hint, "%s; %s", PK_T(pk_match_advice(&m)), PK_T(stop_hint(c)));
        else if (go_on && !c->o->stop_at_first)
            snprintf(hint, sizeof hint, "%s", N_("the move is played as recorded"));
        else
            snprintf(hint, sizeof hint, "%s", stop_hint(c));
        pk_move written;
        const pk_move *played, *required;
        shown_moves(&m, &w, &written, &played, &required);
        pk_rp_report_move(c, played, required, PK_SEV_ERROR, pk_match_code(m.kind), mv, ply, hint, "%s", msg);
        if (!go_on)
            return false;
        if (m.kind == PK_MATCH_AMBIGUOUS)
            m.move = m.cand[0];
    }
    if (c->o->stop_at_first && m.kind != PK_MATCH_LEGAL)
        return false;
    if (m.kind == PK_MATCH_LEGAL && king_run_exceeded(c, &m.move)) {
        pk_rp_report_move(c, &m.move, NULL, PK_SEV_ERROR, "illegal-move", mv, ply,
                          c->o->stop_at_first ? stop_hint(c) : N_("the move is played as recorded"),
                          "%s: a king may not make more than %d moves in a row without "
                          "capturing while its side "
                          "still has men (Frisian art. 17)",
                          mv->text, c->v->rules.king_quiet_max);
        if (c->o->stop_at_first) {
            return false;
        }
    }
    *play = m.move;
    return true;
}

/* The usual move without a detour through pk_match_move and the reports: two numeric
 * squares, no capture written, a legal quiet move (pk_quiet_move, the check the matcher
 * makes first), in a variant without the art. 17 count. Gives what resolve_move() would,
 * with nothing to report; false (nothing done) for anything else. */
static inline bool quiet_plain(const ctx *c, const pk_pdn_line *line, int i, pk_move *play)
{
    const pk_pdn_move *mv = &line->moves[i];
    if (mv->nsquares != 2 || (mv->flags & PK_PDN_MOVE_CAPTURE) || c->v->rules.king_quiet_max ||
        mv->squares[0].kind != PK_SQ_NUMERIC || mv->squares[1].kind != PK_SQ_NUMERIC)
        return false; /* (a placeholder has no squares; no hop follows: the caller saw) */
    int a = numeric_bit(c->v->geom, &mv->squares[0]), b = numeric_bit(c->v->geom, &mv->squares[1]);
    return a >= 0 && b >= 0 && pk_quiet_move(c->v, &c->pos, a, b, play) > 0;
}

/* A trial needs to know only whether a move fits, and most misfits are seen at once: a
 * plain numeric move whose origin holds no piece of the side to move (the other variants
 * of an English record fail so at its first ply). It is counted as the error it is,
 * without the matcher's search for the reason. True when the move is refuted so. */
static __attribute__((noinline)) bool trial_refutes_move(ctx *c, const pk_pdn_line *line, int i, int ply)
{
    pk_written w;
    w.capture_sep = w.sep_written = false; /* plain_squares() reads them (UBSan: uninitialised bool) */
    if (c->var_depth || !plain_squares(c, line, i, &w) ||
        pk_bb_test(c->pos.pieces[c->pos.turn], w.sq[0]))
        return false;
    pk_rp_report(c, PK_SEV_ERROR, "illegal-move", &line->moves[i], ply, stop_hint(c),
                 "illegal move %s: no piece of the side to move on its origin square", line->moves[i].text);
    return true;
}

static inline bool trial_refutes(ctx *c, const pk_pdn_line *line, int i, int ply)
{
    return c->trial && trial_refutes_move(c, line, i, ply);
}

/* RULES 4.3 / PDN 3.0: a variation written after move i is an alternative to
 * it, played from the position before it. Variations are checked like the main
 * line (errors count) but do not feed the draw rules or the result. */
static void replay_line(ctx *c, const pk_pdn_line *line, const pk_pos *start, int ply0, int depth);
static void replay_variations(ctx *c, const pk_pdn_line *line, int i, const pk_pos *before, const pk_pos *after,
                              int ply0, int depth);

/* play_with_variations() for a move with notes or hops after it, where variations may be
 * (alternatives from the same position, with the same art. 17 state). Out of line: the
 * usual move takes the short way. */
static __attribute__((noinline)) bool play_varied(ctx *c, const pk_pdn_line *line, int i, int ply, int depth)
{
    pk_pos before = c->pos, after = c->pos;
    pk_move play; /* the variations below play moves of their own */
    king_runs kings_before = c->kings;
    bool ok = resolve_move(c, line, i, ply, &play);
    king_runs kings_after = c->kings;
    if (ok)
        pk_make(c->v, &after, &play);
    if (ok && c->observe) /* the move first, then its alternatives */
        pk_rp_observe_ply(c, line, i, ply, &play, &before, &after);
    c->kings = kings_before;
    replay_variations(c, line, i, &before, ok ? &after : NULL, ply - 1, depth + 1);
    c->kings = kings_after;
    c->pos = ok ? after : before;
    c->last_play = play;
    return ok;
}

/* The move played, seen by the observer (its position before and after). */
static __attribute__((noinline)) void make_observed(ctx *c, const pk_pdn_line *line, int i, int ply)
{
    pk_pos before = c->pos;
    pk_make(c->v, &c->pos, &c->last_play);
    pk_rp_observe_ply(c, line, i, ply, &c->last_play, &before, &c->pos);
}

/* Resolves move i of a line, checks the variations written after it, then plays it.
 * Returns false when the line stops at this move (the variations are checked all the
 * same). The played move is left in c->last_play for the caller's draw rules. */
static inline bool play_with_variations(ctx *c, const pk_pdn_line *line, int i, int ply, int depth)
{
    if (line->moves[i].after || (i + 1 < line->nmoves && (line->moves[i + 1].flags & PK_PDN_MOVE_HOP)))
        return play_varied(c, line, i, ply, depth);
    /* no variation to check here (the usual case): resolve and play in place */
    bool ok = quiet_plain(c, line, i, &c->last_play) ||
              (!trial_refutes(c, line, i, ply) && resolve_move(c, line, i, ply, &c->last_play));
    if (ok && c->observe)
        make_observed(c, line, i, ply);
    else if (ok)
        pk_make(c->v, &c->pos, &c->last_play);
    return ok;
}

/* The side a written move number says is to move ("12." the first player, "12..." the
 * second), or -1 when the move has none. */
static int numbered_side(const ctx *c, const pk_pdn_move *m)
{
    if (m->number <= 0 || m->number_kind == PK_NUM_NONE)
        return -1;
    return m->number_kind == PK_NUM_FIRST ? c->v->first : PK_OTHER(c->v->first);
}

static void replay_variations(ctx *c, const pk_pdn_line *line, int i, const pk_pos *before, const pk_pos *after,
                              int ply0, int depth)
{
    if (c->o->no_variations)
        return;
    for (int j = i; j < line->nmoves && (j == i || (line->moves[j].flags & PK_PDN_MOVE_HOP)); j++)
        for (const pk_pdn_note *n = line->moves[j].after; n; n = n->next) {
            if (n->kind != PK_NOTE_VARIATION || !n->line || !n->line->nmoves)
                continue;
            /* Some exporters (lidraughts) put the alternative to the next move after this
             * one ("1. 34-30 (1... 5-10) 1... 20-25"): its move number says so. */
            int side = numbered_side(c, &n->line->moves[0]);
            if (after && side >= 0 && side != before->turn && side == after->turn)
                replay_line(c, n->line, after, ply0 + 1, depth);
            else
                replay_line(c, n->line, before, ply0, depth);
        }
}

static void replay_line(ctx *c, const pk_pdn_line *line, const pk_pos *start, int ply0, int depth)
{
    pk_pos saved = c->pos;
    int ply = ply0, first_number = c->first_number, start_turn = c->start_turn, anchor = c->anchor_ply;
    c->pos = *start;
    c->var_depth = depth;
    for (int i = 0; i < line->nmoves; i++) {
        if (line->moves[i].flags & PK_PDN_MOVE_HOP)
            continue;
        int halfmove;
        if (has_setup(line->moves[i].before) &&
            pk_rp_apply_setups(c, line->moves[i].before, NULL, ply, &halfmove) < 0)
            break;
        ply++;
        bool ok = play_with_variations(c, line, i, ply, depth);
        assert(!ok || pk_pos_sound_hashed(c->v->geom, &c->pos)); /* pk_make kept the position whole */
        c->var_depth = depth;
        if (!ok)
            break;
    }
    c->pos = saved;
    c->first_number = first_number, c->start_turn = start_turn, c->anchor_ply = anchor;
    c->var_depth = depth - 1;
}

/* How replay_as() runs: the replay of a game, a trial of variant resolution (it stops
 * at its first error), or a quick trial, which also skips what cannot give an error (the
 * draw rules, the Result tag) and writes no message. */
enum replay_mode { REPLAY_FINAL, REPLAY_TRIAL, REPLAY_QUICK };

/* pk_variant.goal PK_GOAL_FIRST_KING (Breakthrough): the first king on the board ends
 * the game, won by its side; a setup giving both sides one is White's, as lidraughts
 * decides. Notes the ply once. */
static void first_king(const ctx *c, int ply, int *won_at, int *winner)
{
    if (c->v->goal != PK_GOAL_FIRST_KING || *won_at >= 0 || !c->pos.kings)
        return;
    *won_at = ply;
    *winner = c->pos.kings & c->pos.pieces[PK_WHITE] ? PK_WHITE : PK_BLACK;
}

/* How the board decides the game at its end (RULES 1.9 and pk_variant.goal): sets
 * res->loser and the words check_result quotes, or leaves loser at -1. */
static void decided(ctx *c, int won_at, int winner)
{
    if (won_at >= 0) {
        c->res->loser = PK_OTHER(winner);
        snprintf(c->end_why, sizeof c->end_why, PK_T("%s made the first king at ply %d and has won (%s)"),
                 side_name(winner), won_at, c->v->name);
    } else if (pk_gen_legal(c->v, &c->pos, &c->r->legal, c->o->gen_flags) == 0) {
        bool wins = c->v->goal == PK_GOAL_BLOCKED_WINS; /* Antidraughts */
        c->res->loser = wins ? PK_OTHER(c->pos.turn) : c->pos.turn;
        if (wins)
            snprintf(c->end_why, sizeof c->end_why, PK_T("%s has no legal move and has won (%s)"),
                     side_name(c->pos.turn), c->v->name);
        else
            snprintf(c->end_why, sizeof c->end_why, PK_T("%s has no legal move and has lost"), side_name(c->pos.turn));
    }
}

/* The draw rules could not grow their repetition table (pk_draw_* returned
 * -PK_ERR_NOMEM): an error in the report, the game is not judged further, and the
 * caller gets the status. */
static int draw_nomem(ctx *c, const pk_pdn_move *mv, int ply)
{
    pk_rp_report(c, PK_SEV_ERROR, "out-of-memory", mv, ply, N_("the replay of this game stops here"),
                 "out of memory: the draw rules cannot record the position");
    c->res->stopped = true;
    c->res->plies = ply;
    return PK_ERR_NOMEM;
}

static int replay_as(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                     const pk_variant *v, int mode, pk_diag_sink *sink, pk_replay_result *res)
{
    ctx c;
    memset(&c, 0, sizeof c);
    memset(res, 0, offsetof(pk_replay_result, final_pos)); /* not the large tail: trials are many */
    res->final_fen[0] = 0;
    res->loser = -1;
    c.r = r;
    c.g = g;
    c.o = o;
    c.file = file;
    c.sink = sink;
    c.res = res;
    c.first_number = 1;
    c.v = v;
    c.trial = mode != REPLAY_FINAL;
    c.observe = mode == REPLAY_FINAL && o->on_event;
    const bool draws = mode != REPLAY_QUICK;
    res->variant = v;

    int halfmove = -1;
    const pk_pdn_note *setup = pk_rp_first_setup(g);
    const char *start_fen = setup ? setup->text : g->fen ? g->fen : c.v->start_fen;
    if (pk_rp_set_start(&c, start_fen,
                        setup    ? setup->line_no
                        : g->fen ? g->fen_line
                                 : g->line,
                        setup    ? setup->col
                        : g->fen ? g->fen_col
                                 : g->col,
                        &halfmove)) {
        if (c.observe) {
            pk_replay_event ev = {.kind = PK_EV_STOP, .side = -1, .stop = PK_STOP_FEN};
            pk_rp_observe(&c, &ev);
        }
        return PK_OK;
    }
    if (c.observe)
        pk_rp_observe_position(&c, PK_EV_START, 0, start_fen);
    int stop = PK_STOP_END;
    const pk_pdn_move *stopped_at = NULL;

    pk_draw_event ev[PK_DRAW_MAX_EVENTS];
    int drawn_at = -1, ply = 0, won_at = -1, king_side = -1;
    bool warned_number = false, warned_after_draw = false;
    int n = 0;
    if (draws && pk_draw_init(&r->ds, c.v, &c.pos, halfmove, o->draw_options, ev, PK_DRAW_MAX_EVENTS, &n) != PK_OK)
        return draw_nomem(&c, NULL, 0);
    note_draws(&c, ev, n, NULL, 0, &drawn_at);
    first_king(&c, 0, &won_at, &king_side);

    const pk_pdn_move *last = NULL;
    for (int i = 0; i < g->main.nmoves; i++) {
        const pk_pdn_move *mv = &g->main.moves[i];
        if (mv->flags & PK_PDN_MOVE_HOP)
            continue; /* joined to the capture it continues (resolve_move) */
        if (has_setup(mv->before)) {
            int hm = -1, k = pk_rp_apply_setups(&c, mv->before, setup, ply, &hm);
            if (k < 0) {
                res->stopped = true;
                stop = PK_STOP_FEN;
                break;
            }
            if (k > 0) { /* a new position: the draw rules and art. 17 start again (RULES 3.1) */
                memset(&c.kings, 0, sizeof c.kings);
                n = 0;
                if (draws && pk_draw_restart(&r->ds, &c.pos, ply, hm, ev, PK_DRAW_MAX_EVENTS, &n) != PK_OK)
                    return draw_nomem(&c, NULL, ply);
                if (n)
                    note_draws(&c, ev, n, NULL, ply, &drawn_at);
                first_king(&c, ply, &won_at, &king_side);
            }
        }
        last = mv;
        ply++;
        if (won_at >= 0 && !(mv->flags & PK_PDN_MOVE_PLACEHOLDER)) {
            report_unplayed(&c, &g->main, i, ply, PK_SEV_ERROR, "illegal-move", stop_hint(&c),
                            "%s was played after the end of the game: %s made the first king at ply %d "
                            "and has won (%s)",
                            mv->text, side_name(king_side), won_at, c.v->name);
            res->stopped = true;
            ply--;
            break;
        }
        if (drawn_at >= 0 && !warned_after_draw && !(mv->flags & PK_PDN_MOVE_PLACEHOLDER)) {
            warned_after_draw = true;
            report_unplayed(&c, &g->main, i, ply, PK_SEV_WARNING, "played-after-draw", NULL,
                            "this move was played after the game was drawn at ply %d", drawn_at);
        }
        /* move numbers are only cross-checked (RULES 4.3) */
        if (mv->number > 0 && mv->number != move_number(&c, ply) && !warned_number) {
            warned_number = true;
            report_unplayed(&c, &g->main, i, ply, PK_SEV_WARNING, "move-number", NULL,
                            "move number %d, but this is move %d of %s", mv->number, move_number(&c, ply),
                            side_name(c.pos.turn));
        }
        pk_pos before = c.pos;
        if (!play_with_variations(&c, &g->main, i, ply, 0)) {
            res->stopped = true;
            stop = PK_STOP_MOVE;
            stopped_at = mv;
            ply--;
            break;
        }
        assert(pk_pos_sound_hashed(c.v->geom, &c.pos)); /* pk_make kept the position whole */
        if (c.aborted) { /* a trial's first error: the variant does not fit; plies counts
                            the plies before it, as after a move that stops the line */
            res->stopped = true;
            ply--;
            break;
        }
        first_king(&c, ply, &won_at, &king_side);
        if (!draws)
            continue;
        if (pk_draw_ply(&r->ds, &before, &c.last_play, &c.pos, ev, PK_DRAW_MAX_EVENTS, &n) != PK_OK)
            return draw_nomem(&c, mv, ply);
        if (n)
            note_draws(&c, ev, n, mv, ply, &drawn_at);
    }
    /* setups after the last move (or, without moves, after the start) set the final board */
    const pk_pdn_note *tail = g->main.nmoves ? g->main.moves[g->main.nmoves - 1].after : g->main.pre;
    if (!res->stopped && has_setup(tail)) {
        int hm;
        if (pk_rp_apply_setups(&c, tail, setup, ply, &hm) < 0)
            res->stopped = true, stop = PK_STOP_FEN;
    }
    if (!res->stopped && g->cut) /* the reader's error: the game may go on past this */
        res->stopped = true, stop = PK_STOP_CUT;
    if (c.observe) {
        pk_replay_event ev = {.kind = PK_EV_STOP, .ply = ply, .side = -1, .written = stopped_at, .after = &c.pos,
                              .stop = stop};
        pk_rp_observe(&c, &ev);
    }
    res->plies = ply;
    res->final_pos = c.pos; /* its FEN is written on demand: pk_replay_final_fen() */
    res->have_final = true;
    if (!res->stopped) {
        decided(&c, won_at, king_side);
        check_result(&c, last, drawn_at);
    }
    return PK_OK;
}

int pk_rp_final(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                const pk_variant *v, pk_diag_sink *sink, pk_replay_result *res)
{
    return replay_as(r, g, file, o, v, REPLAY_FINAL, sink, res);
}

const char *pk_replay_final_fen(pk_replay_result *res)
{
    if (!res->final_fen[0] && res->have_final)
        pk_fen_write(res->variant, &res->final_pos, res->variant->algebraic, res->final_fen, sizeof res->final_fen);
    return res->final_fen;
}

bool pk_replay_trial(pk_replay *r, const pk_game *g, const pk_replay_opts *o, const pk_variant *v, bool quick,
                     pk_diag_sink *sink, pk_replay_result *res)
{
    pk_replay_opts t = *o;
    t.on_event = NULL; /* an observer sees the game's replay, never a trial */
    if (quick) /* what is wrong in a variation is a warning: it cannot make a trial fail */
        t.no_variations = true;
    replay_as(r, g, NULL, &t, v, quick ? REPLAY_QUICK : REPLAY_TRIAL, sink, res);
    return res->errors == 0;
}
