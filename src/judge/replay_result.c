/*
 * replay_result.c -- a pk_replay_result for callers outside the library (replay.h): its
 * constructor, destructor and accessors, so that none of them depends on its layout. The
 * replay fills the struct directly (replay_result_int.h), as does every library file that
 * keeps one per worker.
 */
#include "replay_result_int.h"

#include <stdlib.h>

pk_replay_result *pk_replay_result_new(void)
{
    pk_replay_result *res = calloc(1, sizeof *res);
    if (res)
        res->loser = -1; /* nothing replayed: no side has lost */
    return res;
}

void pk_replay_result_free(pk_replay_result *res) { free(res); }

const pk_variant *pk_replay_result_variant(const pk_replay_result *res) { return res->variant; }
const char *pk_replay_result_unsupported(const pk_replay_result *res) { return res->unsupported; }
bool pk_replay_result_variant_guessed(const pk_replay_result *res) { return res->variant_guessed; }
int pk_replay_result_plies(const pk_replay_result *res) { return res->plies; }
bool pk_replay_result_stopped(const pk_replay_result *res) { return res->stopped; }
int pk_replay_result_errors(const pk_replay_result *res) { return res->errors; }
int pk_replay_result_warnings(const pk_replay_result *res) { return res->warnings; }
int pk_replay_result_move_errors(const pk_replay_result *res) { return res->move_errors; }
int pk_replay_result_loser(const pk_replay_result *res) { return res->loser; }
bool pk_replay_result_have_final(const pk_replay_result *res) { return res->have_final; }
unsigned pk_replay_result_result_check(const pk_replay_result *res) { return res->result_check; }

const pk_pos *pk_replay_result_final_pos(const pk_replay_result *res)
{
    return res->have_final ? &res->final_pos : NULL;
}

int pk_replay_result_draw_count(const pk_replay_result *res) { return res->ndraws; }

const pk_draw_event *pk_replay_result_draw_at(const pk_replay_result *res, int i)
{
    return i >= 0 && i < res->ndraws ? &res->draws[i] : NULL;
}
