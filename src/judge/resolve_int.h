/*
 * resolve_int.h -- library-internal: the fields of a pk_variant_choice and of a
 * pk_file_guess (resolve.h), for resolve.c and for the library's files that keep one
 * inside a larger struct or on the stack (replay_game.c, the checking loop). Not
 * installed: both hold a list as long as the variant table (PK_V_COUNT), which grows with
 * each variant added; callers outside the library use the handles and accessors.
 */
#ifndef PK_RESOLVE_INT_H
#define PK_RESOLVE_INT_H

#include "resolve.h"
#include "variant_int.h"

#define PK_RESOLVE_MSG 512

struct pk_variant_choice {
    const pk_variant *variant; /* the rules; NULL when the game names a variant pdnkit does
                                  not implement (then unsupported says which) */
    int source;                /* enum pk_variant_source */
    const char *unsupported;   /* "Canadian draughts", or NULL */
    bool by_file;              /* a guess taken from the file's games (pk_file_guess), not
                                  from the notation alone */
    int guess;                 /* a guess: what it was read from (enum pk_diag_guess, the
                                  diagnostic's field), else 0 */
    int nfit;                  /* pk_resolve_misfit: the other candidates under which a game
                                  with errors under the guess replays without error, in order */
    const pk_variant *fit[PK_V_COUNT];
    /* what to tell the user at the game's start ("" for none): a "gametype" diagnostic, or
       "variant-guess" for a guess */
    int severity;              /* enum pk_severity */
    char message[PK_RESOLVE_MSG];
    char hint[320];
};

#define PK_FILE_GUESS_NOTATIONS 8 /* at least resolve.c's lists of candidates */

struct pk_file_guess {
    int games;            /* games counted (at most PK_FILE_GUESS_GAMES): with a tag, or
                             with moves (a game without moves gives no vote) */
    int fit[PK_V_COUNT];  /* of those, by variant index: read as it (a tag), or replaying
                             without error under it (no tag) */
    int notation[PK_FILE_GUESS_NOTATIONS]; /* the games without a tag counted, by the
                             list of candidates their notation selects (resolve.c) */
};

#endif
