/*
 * resolve.h -- which rules a game is replayed under (RULES 4.1): the --variant option,
 * a lidraughts/playstrategy Variant tag, the PDN GameType tag, else a guess from the
 * notation tried by replays. Every tool that reads games resolves through this one call,
 * so they agree with pdncheck.
 *
 * Order:
 *   1. the option (pk_replay_opts.variant);
 *   2. a Variant tag this file's table knows (lidraughts and playstrategy write one:
 *      "Russian", "Frysk!", "From Position", ...), resolved by variant NAME at run time:
 *      a tag naming a variant without a row in the table is "not supported";
 *   3. the GameType tag: a row's number, else a number PDN 3.0 (or lidraughts) gives to a
 *      variant pdnkit does not implement ("not supported": the game is not replayed),
 *      else (a number nobody defines) a guess;
 *   4. the guess. The notation narrows the candidates and fixes their order, the notation's
 *      most common variant first:
 *        algebraic squares        russian czech brazilian english pool italian spanish portuguese turkish
 *        squares above 50 (12x12) canadian sri-lankan malaysian
 *        squares above 32 (10x10) international frisian canadian sri-lankan malaysian
 *        numbers up to 32         english italian spanish russian brazilian czech pool portuguese
 *                                 international frisian
 *        no square at all         international (PDN's default GameType 20)
 *      The first candidate under which the game replays without error is taken (the first
 *      of the list when none does), and every later candidate under which it also replays
 *      without error is listed in choice.also. The guess depends on the game alone: nothing
 *      is remembered from one game (or file) to the next.
 *
 * Cost: a trial stops at its first error, so a candidate that does not fit costs a few
 * plies; a later candidate that fits costs one replay of the main line.
 *
 * Threads: the functions write only the pk_replay scratch, the choice and the trial they
 * are given (one of each per thread) and call the sink on the calling thread.
 */
#ifndef PK_RESOLVE_H
#define PK_RESOLVE_H

#include "replay.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pk_variant_source {
    PK_VSRC_OPTION,      /* --variant */
    PK_VSRC_VARIANT_TAG, /* a lidraughts/playstrategy Variant tag */
    PK_VSRC_GAMETYPE,    /* the GameType tag */
    PK_VSRC_GUESS        /* guessed from the notation */
};

#define PK_RESOLVE_MSG 512

typedef struct pk_variant_choice {
    const pk_variant *variant; /* the rules; NULL when the game names a variant pdnkit does
                                  not implement (then unsupported says which) */
    int source;                /* enum pk_variant_source */
    const char *unsupported;   /* "Canadian draughts", or NULL */
    int nalso;                 /* a guess: later candidates the game also fits */
    const pk_variant *also[PK_V_COUNT];
    /* what to tell the user: a "gametype" diagnostic at the game's start ("" for none) */
    int severity;              /* enum pk_severity */
    char message[PK_RESOLVE_MSG];
    char hint[320];
} pk_variant_choice;

/* Diagnostics of a trial replay held back, so that the trial of the chosen variant can
 * stand as the replay (pk_replay_game releases them) instead of being replayed again. */
#define PK_HELD_MAX 64
typedef struct pk_trial {
    bool kept;              /* out: the chosen variant's trial replayed cleanly and every
                               diagnostic it gave is held: it stands as the replay */
    bool overflow;          /* more diagnostics (or text) than the buffers hold */
    int n;
    size_t used;
    pk_diag d[PK_HELD_MAX]; /* file is NULL: the releaser sets it */
    char pool[32768];
    pk_replay_result res;   /* the kept trial's result */
} pk_trial;

/* Decides the rules of g (see the order above) and fills *ch. r is scratch for the trial
 * replays of a guess (their diagnostics go nowhere, no observer sees them). keep may be
 * NULL; when given, a guess keeps the trial of the chosen variant in it (keep->kept).
 * Returns PK_OK. */
int pk_resolve_variant(pk_replay *r, const pk_game *g, const pk_replay_opts *o, pk_variant_choice *ch,
                       pk_trial *keep);

/* Sends ch's message, if any, to sink as a "gametype" diagnostic of g in file. */
void pk_resolve_report(const pk_variant_choice *ch, const pk_game *g, const char *file, pk_diag_sink *sink);

/* Sends the diagnostics held in t to sink, as from file. */
void pk_trial_release(pk_trial *t, const char *file, pk_diag_sink *sink);

/* A game tagged `tagged` whose replay found move errors: when it replays without error
 * under another variant its notation allows, a "gametype" note says so (the tag is
 * likely wrong). */
void pk_resolve_suggest(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                        const pk_variant *tagged, pk_diag_sink *sink);

#ifdef __cplusplus
}
#endif

#endif
