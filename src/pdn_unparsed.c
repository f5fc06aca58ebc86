/*
 * pdn_unparsed.c -- text the PDN reader does not read as PDN (see pdn_reader.h): stray
 * text the grammar has no place for (skipped, with a warning once per game and a count).
 */
#include "pdn_reader.h"

#include <stdio.h>
#include <string.h>

/* Text the grammar has no place for. Reported once per game (the first occurrence);
 * the count of the others is reported when the game ends. */
void pk_rd_stray(pk_pdn_reader *r, const pk_token *t, int line, int col)
{
    if (r->nstray++ != 0)
        return;
    const char *name;
    size_t nlen, v;
    int breaks, why = 0;
    if (t->kind == PK_TOK_TAG_OPEN && pk_rd_tag_start(r, t, col, &name, &nlen, &v)) /* open_tag() found no end */
        pk_rd_wrapped_end(r, v, &breaks, &why);
    if (why && why != OPEN_QUOTE)
        snprintf(r->stray_msg, sizeof r->stray_msg, "unexpected text '[' skipped: the value of tag '%.*s' is not closed %s",
                 (int)(nlen > 24 ? 24 : nlen), name,
                 why == OPEN_NEXT_TAG ? "before the next tag pair"
                 : why == OPEN_END    ? "before the end of the input"
                                      : "by '\"]' within " PK_STR(WRAP_LINES) " lines");
    else if (t->kind == PK_TOK_TAG_OPEN)
        snprintf(r->stray_msg, sizeof r->stray_msg,
                 "unexpected text '[' skipped: no ']' ends it on its line (unterminated tag pair?)");
    else
        snprintf(r->stray_msg, sizeof r->stray_msg, "unexpected text '%.*s' skipped",
                 (int)(t->len > 40 ? 40 : t->len), tok_text(r, t));
    if (r->state == ST_START) { /* no game yet: which one it belongs to is not known */
        r->stray_held = 1;
        r->stray_line = line, r->stray_col = col;
        return;
    }
    pk_rd_tolerate(r, "stray-text", line, col, "%s", r->stray_msg);
}

/* Reports the stray text held before a game started: in that game, or, when none
 * follows, in no game (index 0), so that no game is named that the summary does not
 * count. */
void pk_rd_release_stray(pk_pdn_reader *r, int game_follows)
{
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
