/*
 * replay_setup.c -- the replay's start position (see replay_int.h): the variant's start,
 * the game's FEN tag, or a setup command before the first move (PDN 3.0), parsed (the
 * variant's own start once per pk_replay); and the setup commands later in a line, each
 * setting the board again. Uses replay_report.c; replay.c uses it.
 */
#include "replay_int.h"

#include <string.h>

#include "position_int.h"

/* ---- start position
 * ----------------------------------------------------------------- */

/* pk_fen_parse, but the variant's own start FEN is parsed once per pk_replay. */
static int parse_fen(ctx *c, const char *fen, pk_pos *p, pk_fen_extra *extra, pk_error *err)
{
    int id = c->v->index;
    if (fen != c->v->start_fen)
        return pk_fen_parse(c->v, fen, (size_t)-1, p, extra, err);
    if (!c->r->have_start[id]) {
        int rc = pk_fen_parse(c->v, fen, (size_t)-1, &c->r->start[id], &c->r->start_extra[id], err);
        if (rc != PK_OK)
            return rc;
        c->r->have_start[id] = true;
    }
    *p = c->r->start[id];
    *extra = c->r->start_extra[id];
    return PK_OK;
}

int pk_rp_set_start(ctx *c, const char *fen, long long line, long long col, int *halfmove)
{
    pk_error err;
    pk_fen_extra extra;
    pk_pos p;
    c->at_line = line; /* the reports point at the FEN */
    c->at_col = col;
    if (parse_fen(c, fen, &p, &extra, &err) != PK_OK) {
        char msg[1200];
        pk_fen_error_text(fen, (size_t)-1, NULL, &err, msg, sizeof msg);
        pk_rp_report(c, PK_SEV_ERROR, "fen", NULL, 0, N_("the game cannot be replayed"), "%s", msg);
        c->at_line = 0;
        return -1;
    }
    if (extra.unknown_turn)
        pk_rp_report(c, PK_SEV_WARNING, "fen", NULL, 0, NULL,
                     "FEN \"%.200s\" does not say who is to move ('?'); %s (the first "
                     "mover) is assumed",
                     fen, side_name(c->v->first));
    c->at_line = 0;
    assert(pk_pos_sound_hashed(c->v->geom, &p)); /* pk_fen_parse's, or the variant's start */
    c->pos = p;
    c->start_turn = p.turn;
    if (extra.fullmove > 0)
        c->first_number = extra.fullmove;
    *halfmove = extra.halfmove;
    return 0;
}

/* The first /FEN "..."/ setup before any move replaces the start (PDN 3.0
 * commands). */
const pk_pdn_note *pk_rp_first_setup(const pk_game *g)
{
    const pk_pdn_note *n = find_setup(g->main.pre);
    return n || !g->main.nmoves ? n : find_setup(g->main.moves[0].before);
}

/* PDN 3.0 setup commands (/FEN "..."/) in the notes n, after `ply` plies: each puts the
 * board in its position and the game goes on from there (PDN 3.0 "Setup commands": a
 * record of an illegal move put right, a side step in analysis). A FEN without any piece
 * ("B::", the PDN 3.0 null move) changes only the side to move. Move numbers go on from
 * the FEN's :F, else from the number the next move would have had. `skip` is the setup
 * already taken as the start position. Returns the number of setups applied (*halfmove:
 * the last one's :H, or -1), or -1 after a bad FEN: reported, the line cannot go on. */
int pk_rp_apply_setups(ctx *c, const pk_pdn_note *n, const pk_pdn_note *skip, int ply, int *halfmove)
{
    int applied = 0;
    for (; n; n = n->next) {
        if (n->kind != PK_NOTE_SETUP || n == skip)
            continue;
        pk_error err;
        pk_fen_extra extra;
        pk_pos p;
        c->at_line = n->line_no;
        c->at_col = n->col;
        bool null_move = (n->text[0] == 'W' || n->text[0] == 'B') && strcmp(n->text + 1, "::") == 0;
        if (null_move) { /* pk_fen_parse wants a colour before each ':' */
            memset(&extra, 0, sizeof extra);
            extra.halfmove = -1;
            p.pieces[PK_WHITE] = p.pieces[PK_BLACK] = 0;
            p.turn = n->text[0] == 'W' ? PK_WHITE : PK_BLACK;
        } else if (parse_fen(c, n->text, &p, &extra, &err) != PK_OK) {
            char msg[1200];
            pk_fen_error_text(n->text, (size_t)-1, "in a setup command", &err, msg, sizeof msg);
            pk_rp_report(c, PK_SEV_ERROR, "fen", NULL, 0, stop_hint(c), "%s", msg);
            c->at_line = 0;
            return -1;
        }
        /* the number of the next move of the side the setup puts to move: the slot of the
         * other side, when it is skipped, counts */
        int next = move_number(c, p.turn == c->pos.turn ? ply + 1 : ply + 2);
        if (null_move) {
            int turn = p.turn;
            p = c->pos;
            p.turn = turn;
            p.hash = pk_pos_hash(&p);
            pk_rp_report(c, PK_SEV_NOTE, "setup", NULL, 0, NULL,
                         "setup command \"%.200s\" after ply %d: a null move, %s to move (PDN 3.0)", n->text,
                         ply, side_name(turn));
        } else
            pk_rp_report(
                c, PK_SEV_NOTE, "setup", NULL, 0, NULL,
                "setup command after ply %d: the board is set to \"%.200s\" and the game goes on from "
                "there (PDN 3.0)",
                ply, n->text);
        c->at_line = 0;
        assert(pk_pos_sound_hashed(c->v->geom, &p)); /* a setup's FEN, or the null move's turn */
        c->pos = p;
        c->start_turn = p.turn;
        c->anchor_ply = ply;
        c->first_number = extra.fullmove > 0 ? extra.fullmove : next;
        *halfmove = extra.halfmove;
        applied++;
        if (c->observe)
            pk_rp_observe_position(c, PK_EV_SETUP, ply, n->text);
    }
    return applied;
}
