/*
 * pdn_report.c -- what every part of the PDN reader reports with and allocates with (see
 * pdn_reader.h): the diagnostics of the game being read (a report at a severity; a
 * deviation the reader tolerates, a warning or under PK_PDN_STRICT an error; stray text
 * held before a game started, said once it is known whether a game follows), the
 * reader's own buffers grown, and the way out when memory runs out (pk_rd_nomem jumps
 * back to pk_pdn_next). The lowest of the reader's files: it calls none of the others.
 */
#include "pdn_reader.h"
#include "input.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ diagnostics */

void pk_rd_vreport(pk_pdn_reader *r, int sev, const char *code, long long line, long long col,
                    const char *move, const char *fmt, va_list ap)
{
    if (r->stray_held && r->g->index > 0) /* something else is reported: a game it is */
        pk_rd_release_stray(r, 1);
    pk_diag d;
    memset(&d, 0, sizeof d);
    /* in the reader's language when the program asked (pk_nls.h): every caller's fmt is a
     * literal, marked by xgettext's keywords pk_rd_report and pk_rd_tolerate (mk/nls.mk) */
    vsnprintf(r->msg, sizeof r->msg, PK_T(fmt), ap);
    d.severity = sev;
    d.code = code;
    d.file = r->file;
    d.line = line;
    d.col = col;
    d.game = r->g->index;
    d.move = move;
    d.message = r->msg;
    r->said++;
    if (sev == PK_SEV_ERROR)
        r->g->nerrors++;
    else if (sev == PK_SEV_WARNING)
        r->g->nwarnings++;
    pk_diag_emit(r->sink, &d);
}

void pk_rd_report(pk_pdn_reader *r, int sev, const char *code, long long line, long long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pk_rd_vreport(r, sev, code, line, col, NULL, fmt, ap);
    va_end(ap);
}

/* A deviation the reader tolerates: a warning, or an error under PK_PDN_STRICT. */
void pk_rd_tolerate(pk_pdn_reader *r, const char *code, long long line, long long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pk_rd_vreport(r, (r->flags & PK_PDN_STRICT) ? PK_SEV_ERROR : PK_SEV_WARNING, code, line, col, NULL,
            fmt, ap);
    va_end(ap);
}

/* Notes read before a game started, when none follows (comments after the last game's
 * terminator that it could not take: pk_rd_result_token): said, not dropped silently. */
static void notes_left(pk_pdn_reader *r)
{
    const level *L = &r->lv[0];
    const pk_pdn_note *n = L->pend ? L->pend : L->pre;
    if (!n || r->tag_follows || r->skip || r->ngames == 0) /* no game at all: "no game found" says it */
        return;
    int index = r->g->index;
    r->g->index = 0;
    pk_rd_tolerate(r, "stray-text", n->line_no, n->col, "%s skipped (no game follows it)",
                   n->kind == PK_NOTE_COMMENT ? PK_T("comment") : PK_T("line comment"));
    r->g->index = index;
}

/* Reports the stray text held before a game started: in that game, or, when none
 * follows, in no game (index 0), so that no game is named that the summary does not
 * count. */
void pk_rd_release_stray(pk_pdn_reader *r, int game_follows)
{
    if (!game_follows)
        notes_left(r);
    if (!r->stray_held)
        return;
    r->stray_held = 0;
    if (game_follows) {
        pk_rd_tolerate(r, "stray-text", r->stray_line, r->stray_col, "%s", r->stray_msg);
        return;
    }
    int index = r->g->index;
    r->g->index = 0;
    pk_rd_tolerate(r, "stray-text", r->stray_line, r->stray_col, "%s (no game follows it)", r->stray_msg);
    r->g->index = index;
}

/* The input is read as its first bytes say (input.h), whatever its name; a name that
 * promises a compression the bytes do not have is said once, before anything else: a
 * warning (an error under PK_PDN_STRICT) of the file, in no game and at no line, counted
 * in no game's nwarnings (the games read are what they are). Issue 31 item 9: 3,000 random
 * bytes in r.pdn.xz were read as three games of text without a word. */
void pk_rd_say_format(pk_pdn_reader *r)
{
    int named = pk_in_format_named(r->file), fmt = pk_src_format(r->src);
    if (named == PK_IN_PLAIN || named == fmt)
        return;
    if (fmt == PK_IN_PLAIN)
        snprintf(r->msg, sizeof r->msg, "not %s data; read as text", pk_in_format_name(named));
    else
        snprintf(r->msg, sizeof r->msg, "not %s data; read as %s data", pk_in_format_name(named),
                 pk_in_format_name(fmt));
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = (r->flags & PK_PDN_STRICT) ? PK_SEV_ERROR : PK_SEV_WARNING;
    d.code = "compression";
    d.file = r->file;
    d.message = r->msg;
    r->said++;
    pk_diag_emit(r->sink, &d);
}

/* ------------------------------------------------------------------ memory */

_Noreturn void pk_rd_nomem(pk_pdn_reader *r) { longjmp(r->nomem, 1); }

char *pk_rd_grow(pk_pdn_reader *r, char **buf, size_t *cap, size_t need)
{
    if (need > *cap) {
        size_t c = *cap ? *cap : 4096;
        while (c < need)
            c *= 2;
        char *p = realloc(*buf, c);
        if (!p)
            pk_rd_nomem(r);
        *buf = p;
        *cap = c;
    }
    return *buf;
}

char *pk_rd_scratch(pk_pdn_reader *r, size_t need) { return pk_rd_grow(r, &r->sbuf, &r->scap, need); }
