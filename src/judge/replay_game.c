/*
 * replay_game.c -- pk_replay_game (see replay.h): the game's variant resolved (resolve.h:
 * its tags, else a guess by trials), the game replayed under it (replay.c), the Result tag
 * checked against the terminator, and a guess that does not fit or a GameType that a
 * stopped game suggests is wrong said. The top of the replay's files (replay_int.h): it
 * uses the others, none uses it.
 */
#include "pk_nls.h"
#include "replay_int.h"

#include <stdio.h>
#include <string.h>

#include "resolve_int.h"

/* RULES 4.4: the Result tag and the terminator are two copies of one fact, board or no
 * board (a game of a variant pdnkit does not replay included): when they name different
 * results, say so. The terminator is the one checked against the board. */
static void check_result_tag(const pk_game *g, const char *file, pk_diag_sink *sink, pk_replay_result *res)
{
    pk_stated_result sr;
    pk_game_stated_result(g, &sr);
    if (!sr.conflict)
        return;
    res->result_check |= PK_RESULT_TAG_DISAGREES;
    res->warnings++;
    char msg[512];
    snprintf(msg, sizeof msg, PK_T("the Result tag says \"%s\" but the game ends with %s (line %lld)"), sr.tag, sr.text,
             sr.line);
    pk_diag d = {.severity = PK_SEV_WARNING, .code = "result-tag-mismatch", .file = file, .game = g->index,
                 .line = sr.tag_line, .col = sr.tag_col, .message = msg,
                 .hint = PK_T("the terminator is the result checked; write the same result in both")};
    pk_diag_emit(sink, &d);
}

int pk_replay_game(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                   pk_diag_sink *sink, pk_replay_result *res)
{
    pk_variant_choice ch;
    pk_resolve_variant(r, g, o, &ch);
    pk_resolve_report(&ch, g, file, sink);
    int rc = PK_OK;
    if (!ch.variant) { /* a variant pdnkit does not implement: read, not replayed */
        memset(res, 0, sizeof *res);
        res->loser = -1;
        res->unsupported = ch.unsupported;
    } else
        rc = pk_rp_final(r, g, file, o, ch.variant, sink, res);
    if (rc == PK_OK)
        check_result_tag(g, file, sink, res);
    res->variant_guessed = ch.source == PK_VSRC_GUESS;
    if (ch.message[0] && ch.severity == PK_SEV_WARNING)
        res->warnings++;
    /* RULES 4.1: a guess names the rules, it does not pick them to make a game legal */
    if (ch.variant && res->errors && pk_resolve_misfit(r, g, file, o, &ch, sink))
        res->errors++;
    if (ch.variant && res->stopped && res->move_errors && ch.source == PK_VSRC_GAMETYPE)
        pk_resolve_suggest(r, g, file, o, ch.variant, sink);
    return rc;
}
