/*
 * resolve.h -- which rules a game is replayed under (RULES 4.1): the --variant option,
 * a lidraughts/playstrategy Variant tag, the PDN GameType tag, else a guess: the variant
 * of the game's file, among those its notation allows. Every tool that reads games resolves through this one call,
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
 *   4. the guess (no tag, or a type number nobody defines): the variant of the game's
 *      file. The notation narrows the candidates, the notation's most common variant first:
 *        algebraic squares        russian czech brazilian english pool italian spanish portuguese turkish
 *        squares above 50 (12x12) canadian sri-lankan malaysian
 *        squares above 32 (10x10) international frisian canadian sri-lankan malaysian
 *        numbers up to 32         english italian spanish russian brazilian czech pool portuguese
 *                                 international frisian
 *        no square at all         international (PDN's default GameType 20), then every other row
 *      and the game takes the candidate most of its file's games are read as: a
 *      pk_file_guess counts, over the file's first PK_FILE_GUESS_GAMES games, the games
 *      read as each variant (by a tag) or replaying without error under it (no tag). The
 *      notation's most common variant counts one game more, so that one game alone never
 *      outvotes it, and a tie goes to the earlier candidate. Without a pk_file_guess (a file
 *      of one game) the notation's most common variant is taken. A game without a tag and
 *      without moves (or without a square) fits every candidate and gives no vote; such a
 *      game takes what a game of the notation most of the file's voters use is guessed as
 *      (so the warnings about one file name one variant), or, when only tagged games
 *      voted, the variant most of them are read as.
 *
 *      A guess never rescues an illegal game: a game with errors under the variant guessed
 *      is judged under it, and when it replays without error under other candidates an
 *      error says which (pk_resolve_misfit), so that -q still shows that the guess decided
 *      the verdict. The guess depends on the game and on its file's first games: nothing
 *      is carried from one file to the next, and a file's first games are the same whatever
 *      the threads (check.c counts them before it replays any game of the file).
 *
 * Cost: resolving reads the tags and the squares only; the trial replays (they stop at
 * their first error) are for the first games of a file (pk_file_guess_add) and for the
 * games that have errors under the variant guessed (pk_resolve_misfit).
 *
 * Threads: the functions write only the pk_replay scratch and the choice they are given
 * (one of each per thread; pk_file_guess_add also the count) and call the sink on the
 * calling thread. A pk_file_guess is read by many threads once it is filled.
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

/* Which rules a game is replayed under, and what to tell the user about it: an opaque
 * handle (resolve_int.h holds its fields: a list as long as the variant table, so that a
 * new variant does not change the ABI). Made once, filled by pk_resolve_variant for each
 * game; one per thread. */
typedef struct pk_variant_choice pk_variant_choice;

/* A new, empty choice (no variant, no message); NULL when out of memory.
 * pk_variant_choice_free(NULL) is allowed. */
PK_API pk_variant_choice *pk_variant_choice_new(void);
PK_API void pk_variant_choice_free(pk_variant_choice *ch);

/* The rules; NULL when the game names a variant pdnkit does not implement (then
 * pk_variant_choice_unsupported says which: "Canadian draughts"; else NULL). */
PK_API const pk_variant *pk_variant_choice_variant(const pk_variant_choice *ch);
PK_API const char *pk_variant_choice_unsupported(const pk_variant_choice *ch);
/* enum pk_variant_source: where the rules came from. */
PK_API int pk_variant_choice_source(const pk_variant_choice *ch);
/* A guess taken from the file's games (pk_file_guess), not from the notation alone. */
PK_API bool pk_variant_choice_by_file(const pk_variant_choice *ch);
/* After pk_resolve_misfit: the other candidates under which a game with errors under the
 * guess replays without error, in order: how many, and the i-th (NULL past the end). */
PK_API int pk_variant_choice_nfit(const pk_variant_choice *ch);
PK_API const pk_variant *pk_variant_choice_fit(const pk_variant_choice *ch, int i);
/* What to tell the user at the game's start: a "gametype" diagnostic, or "variant-guess"
 * for a guess. The message is "" when there is nothing to say; the hint "" for none; both
 * live as long as ch is not resolved again. severity: enum pk_severity. */
PK_API const char *pk_variant_choice_message(const pk_variant_choice *ch);
PK_API const char *pk_variant_choice_hint(const pk_variant_choice *ch);
PK_API int pk_variant_choice_severity(const pk_variant_choice *ch);

/* What a file's first games say about the variant of its games without a tag (see the
 * order above): an opaque handle (a count per variant, in resolve_int.h). Emptied by
 * pk_file_guess_init, filled by pk_file_guess_add with the file's games in file order,
 * then read through pk_replay_opts.file_guess by every thread. */
#define PK_FILE_GUESS_GAMES 64
typedef struct pk_file_guess pk_file_guess;

/* A new, empty count; NULL when out of memory. pk_file_guess_free(NULL) is allowed. */
PK_API pk_file_guess *pk_file_guess_new(void);
PK_API void pk_file_guess_free(pk_file_guess *f);
/* Games counted (at most PK_FILE_GUESS_GAMES), and of those the games read as v (a tag)
 * or replaying without error under it (no tag). */
PK_API int pk_file_guess_games(const pk_file_guess *f);
PK_API int pk_file_guess_votes(const pk_file_guess *f, const pk_variant *v);

PK_API void pk_file_guess_init(pk_file_guess *f);

/* A count as plain numbers, to keep it or hand it to another process (a Python Game is
 * pickled with its file's count): pk_file_guess_size() ints, the games counted first, then
 * each variant's votes in the table's order (pk_variant_at), then counts the library keeps
 * for itself. pk_file_guess_load reads such a list back into f: PK_ERR_USAGE, f left as
 * it was, when n is not pk_file_guess_size() or a number is out of range (a list made by
 * another version of the library, whose table differs, or a damaged one). */
PK_API size_t pk_file_guess_size(void);
PK_API void pk_file_guess_save(const pk_file_guess *f, int *out);
PK_API int pk_file_guess_load(pk_file_guess *f, const int *in, size_t n, pk_error *err);

/* Counts g, the file's next game that the reader found no error in. r is scratch for the
 * trial replays; o gives the house rules they use (o->file_guess is not read). Returns
 * false, counting nothing, when PK_FILE_GUESS_GAMES games are counted already. */
PK_API bool pk_file_guess_add(pk_file_guess *f, pk_replay *r, const pk_game *g, const pk_replay_opts *o);

/* Decides the rules of g (see the order above) and fills ch (from
 * pk_variant_choice_new; what it held before is forgotten). Reads o->variant and
 * o->file_guess; replays nothing; cannot fail (a query). */
PK_API void pk_resolve_variant(pk_replay *r, const pk_game *g, const pk_replay_opts *o,
                               pk_variant_choice *ch);

/* Sends ch's message, if any, to sink as a diagnostic of g in file (code "variant-guess"
 * for a guess, else "gametype"). */
PK_API void pk_resolve_report(const pk_variant_choice *ch, const pk_game *g, const char *file,
                              pk_diag_sink *sink);

/* A guessed game whose replay under ch->variant found errors: when it replays without
 * error under other candidates of its notation (trial replays with r as scratch), they go
 * to ch->fit and a "variant-guess" error says so. Returns true when it said so. */
PK_API bool pk_resolve_misfit(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                              pk_variant_choice *ch, pk_diag_sink *sink);

/* A game tagged `tagged` whose replay found move errors: when it replays without error
 * under another variant its notation allows, a "gametype" note says so (the tag is
 * likely wrong). */
PK_API void pk_resolve_suggest(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                               const pk_variant *tagged, pk_diag_sink *sink);

#ifdef __cplusplus
}
#endif

#endif
