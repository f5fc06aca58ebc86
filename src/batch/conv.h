/*
 * conv.h -- a game written again as pdnconv writes it: clean PDN 3.0 (pk_pdn_write_game,
 * the moves converted: numeric or algebraic squares, short or full captures, the capture
 * separator, the GameType and FEN tags, the result the record states), one JSON object,
 * or one line of Hub moves. The moves are converted from what the replay played: a
 * pk_conv is a replay observer (pk_replay_opts.on_event, or check.h's pk_check_observer)
 * that keeps each move's texts while the game is replayed, then writes the game.
 *
 *     pk_conv *c = pk_conv_new(&opts);            // one per game in flight
 *     pk_conv_begin(c);                           // before each game's replay
 *     ... replay with on_event = pk_conv_event, event_ctx = c ...
 *     pk_conv_write(c, out, "games.pdn", &g, res.variant);
 *     pk_conv_free(c);
 *
 * A move the replay did not reach (after an illegal move) is written as read; a game that
 * was not replayed (variant NULL) is written as read, renumbered. Nothing is dropped.
 * Threads: a pk_conv is used by one thread at a time (the one replaying its game, then the
 * one writing it); the options are only read. Library-internal (pdnconv, pdngrep).
 */
#ifndef PK_CONV_H
#define PK_CONV_H

#include <stdbool.h>
#include <stdio.h>

#include "pdn.h"
#include "replay.h"

enum pk_conv_to { PK_CONV_PDN, PK_CONV_JSON, PK_CONV_HUB };

typedef struct pk_conv_opts {
    int to;             /* enum pk_conv_to */
    bool full;          /* captures with every landing square (else from-to, RULES 4.3) */
    int notation;       /* 0: the variant's; PK_NOT_NUMERIC or PK_NOT_ALGEBRAIC (notation.h) */
    int sep;            /* the capture separator 'x' or ':'; 0: the variant's */
    int gametype;       /* the GameType tag: 0 in the form the game used, 1 a number, 2 six fields */
    int results;        /* enum pk_results_convention (how 1-0 was read; written as PDN's) */
    unsigned gen_flags; /* the replay's house rule (PK_GEN_CAPTURE_OPTIONAL) */
    bool variant_given; /* the rules came from --variant (a house rule then applies to all) */
} pk_conv_opts;

typedef struct pk_conv pk_conv;

/* NULL when out of memory. o is kept by pointer: it must outlive the pk_conv. */
pk_conv *pk_conv_new(const pk_conv_opts *o);
void pk_conv_free(pk_conv *c);

/* Readies c for a game (before its replay). */
void pk_conv_begin(pk_conv *c);

/* The observer: ctx is the pk_conv. Keeps what each event of the game says. */
void pk_conv_event(void *ctx, const pk_replay_event *e);

/* Writes g in the form asked for to out (file names the input in JSON); v is the variant
 * it was replayed under (pk_replay_result.variant), NULL when it was not replayed. */
void pk_conv_write(pk_conv *c, FILE *out, const char *file, const pk_game *g, const pk_variant *v);

/* Memory ran out while the game was converted: its moves were written as read. */
bool pk_conv_failed(const pk_conv *c);

#endif
