/*
 * replay_report.c -- what a replay says (see replay_int.h): the events the observer of the
 * final replay gets (replay.h), and the diagnostics, with the position they are about.
 * A variation is analysis: an error in it is reported as a warning. The lowest of the
 * replay's files: it calls none of the others.
 */
#include "replay_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the observer (replay.h)
 * ---------------------------------------------------------------- */

void pk_rp_observe(ctx *c, pk_replay_event *ev)
{
    ev->game = c->g;
    ev->variant = c->v;
    ev->depth = c->var_depth;
    c->o->on_event(c->o->event_ctx, ev);
}

void pk_rp_observe_position(ctx *c, int kind, int ply, const char *fen)
{
    pk_replay_event ev = {.kind = kind, .ply = ply, .side = -1, .after = &c->pos, .fen = fen};
    pk_rp_observe(c, &ev);
}
/* A PLY event: move i of line was played from before; c->pos or *after is the result. */
void pk_rp_observe_ply(ctx *c, const pk_pdn_line *line, int i, int ply, const pk_move *m,
                       const pk_pos *before, const pk_pos *after)
{
    pk_replay_event ev = {.kind = PK_EV_PLY, .ply = ply, .move_number = move_number(c, ply), .side = before->turn,
                          .written = &line->moves[i], .move = m, .before = before, .after = after};
    for (int j = i + 1; j < line->nmoves && (line->moves[j].flags & PK_PDN_MOVE_HOP); j++)
        ev.nhops++;
    pk_rp_observe(c, &ev);
}

void pk_rp_vreport(ctx *c, const pk_move *played, const pk_move *required, int severity, const char *code,
                   const pk_pdn_move *mv, int ply, const char *hint, const char *fmt, va_list ap)
{
    /* A variation is analysis, not the game: what is wrong in it is a warning (an error
     * under --strict), and the game stays valid. */
    if (c->var_depth && severity == PK_SEV_ERROR)
        severity = PK_SEV_WARNING;
    if (severity == PK_SEV_ERROR) {
        c->res->errors++;
        if (strcmp(code, "result-mismatch") != 0)
            c->res->move_errors++;
        c->aborted = c->trial;
    } else if (severity == PK_SEV_WARNING)
        c->res->warnings++;
    if (!c->sink || !c->sink->emit)
        return; /* a quick trial: only the counts matter */
    char msg[1024];
    /* the words in the reader's language when the program asked (pk_nls.h): every caller's
     * fmt and hint are literals, marked (xgettext's keywords pk_rp_report, mk/nls.mk) */
    int pre = c->var_depth ? snprintf(msg, sizeof msg, "%s", PK_T("in a variation: ")) : 0;
    vsnprintf(msg + pre, sizeof msg - (size_t)pre, PK_T(fmt), ap);
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = severity;
    d.code = code;
    d.file = c->file;
    d.game = c->g->index;
    d.message = msg;
    d.hint = hint ? PK_T(hint) : NULL;
    if (mv) {
        d.line = mv->line;
        d.col = mv->col;
        d.move = mv->text;
    } else {
        d.line = c->at_line ? c->at_line : c->g->line;
        d.col = c->at_line ? c->at_col : c->g->col;
    }
    if (ply > 0) {
        d.ply = ply;
        d.move_number = move_number(c, ply);
        int mover = c->after_move ? PK_OTHER(c->pos.turn) : c->pos.turn;
        d.side = mover == PK_WHITE ? 'W' : 'B';
        pk_fen_write(c->v, &c->pos, c->v->algebraic, c->fen, sizeof c->fen);
        d.fen = c->fen;
        d.variant = c->v; /* the same position as data: nobody parses the FEN back */
        d.pos = &c->pos;
        d.played = played;
        d.required = required;
    }
    pk_diag_emit(c->sink, &d);
}

void pk_rp_report(ctx *c, int severity, const char *code, const pk_pdn_move *mv, int ply, const char *hint,
                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pk_rp_vreport(c, NULL, NULL, severity, code, mv, ply, hint, fmt, ap);
    va_end(ap);
}

void pk_rp_report_move(ctx *c, const pk_move *played, const pk_move *required, int severity, const char *code,
                       const pk_pdn_move *mv, int ply, const char *hint, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pk_rp_vreport(c, played, required, severity, code, mv, ply, hint, fmt, ap);
    va_end(ap);
}
