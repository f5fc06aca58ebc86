/*
 * pdn_game_int.h -- library-internal: the memory a pk_game keeps from one game to the
 * next (pdn.h's pk_game.mem_), for the reader (pdn_read.c, pdn_tree.c) and pk_game_free.
 * Not installed: it may grow without changing the public pk_game.
 */
#ifndef PK_PDN_GAME_INT_H
#define PK_PDN_GAME_INT_H

#include "pdn.h"
#include "pdn_arena.h"

struct pk_game_mem {
    pk_arena *arena;        /* every string and node of the game */
    pk_pdn_move *main_buf;  /* the array of main.moves, owned by the game */
    int main_cap;
};

#endif
