/*
 * filter.h -- which games of an archive to keep, by what their record and their replay
 * say (pdngrep's criteria other than positions, see search.h): a tag's value matching a
 * PCRE2 pattern, the result the record states, the number of plies of the main line, the
 * date (PDN dates with '??' parts read as the span of days they may stand for), the
 * variant the game is replayed under, and pdncheck's verdict on it. Every criterion added
 * must hold.
 *
 * Two steps, so that a tool can leave the replay out when nothing asks for it:
 * pk_filter_record() reads the record alone (tags, result, plies, date: no replay),
 * pk_filter_replayed() what needs the replay (the variant, resolved as pdncheck resolves
 * it; the verdict, pk_report_verdict over a replay with pdncheck's options, variations
 * included). The results and verdicts are pdncheck's own functions
 * (pk_game_stated_result, pk_report_verdict), so that a game matches exactly when pdncheck
 * says so.
 *
 * Threads: a pk_filter is read-only once built, and the two tests may run on any number
 * of threads at once (each match allocates its own PCRE2 match data). Library-internal.
 */
#ifndef PK_FILTER_H
#define PK_FILTER_H

#include <stdbool.h>

#include "pdn.h"
#include "replay.h"

typedef struct pk_filter pk_filter;

pk_filter *pk_filter_new(void); /* NULL when out of memory */
void pk_filter_free(pk_filter *f);

/* -t NAME=REGEX: some tag NAME (the name compared without case) has a value in which the
 * PCRE2 pattern matches (anywhere, as grep does; ^ and $ anchor); caseless: -i. An empty
 * pattern asks for the tag alone. A game without the tag never matches. PK_ERR_USAGE
 * with PCRE2's message and column when the pattern does not compile. */
int pk_filter_add_tag(pk_filter *f, const char *arg, bool caseless, pk_error *err);

/* --variant: the game is replayed under v (its tags, else the guess; or --variant's
 * rules when forced). A game not replayed (a reader's error, a variant pdnkit does not
 * implement) is of no variant. */
void pk_filter_set_variant(pk_filter *f, const pk_variant *v);

/* --result 1-0|0-1|draw|*: the result the record states (pk_game_stated_result: the
 * terminator's, else the Result tag's) is a win of the first-named side (1-0, 2-0 and
 * their tolerated forms), of the second, a draw, or none known ("*": unknown or not
 * given); "0-0" is a double forfeit. */
int pk_filter_set_result(pk_filter *f, const char *arg, pk_error *err);

/* --verdict: pdncheck's verdict (report.h): "valid" (no error), "errors" (an error), a
 * label key ("ok", "result-board", "result-tag", "drawn", "draw-claimable") or "draw"
 * (drawn or draw-claimable); several separated by commas: any of them. */
int pk_filter_set_verdict(pk_filter *f, const char *arg, pk_error *err);

/* --plies N (at least N), N-M, N-, -M: the plies of the main line as recorded (a capture
 * written hop by hop counts once, an unknown move '-' counts). */
int pk_filter_set_plies(pk_filter *f, const char *arg, pk_error *err);

/* --date FROM[-TO]: the Date tag stands for days that all lie in the range. A date is
 * YYYY[.MM[.DD]] ('.', '-' or '/' between its parts, '??' for a part not known); FROM
 * alone is its own span (1998: the whole year), FROM- and -TO leave one end open. A game
 * whose date says less (1998.??.?? against 1998.05) or nothing does not match. */
int pk_filter_set_date(pk_filter *f, const char *arg, pk_error *err);

/* What the criteria need: a replay at all (the variant, the verdict), and a replay as
 * pdncheck's (the verdict: variations replayed too, its counts of errors). */
bool pk_filter_needs_replay(const pk_filter *f);
bool pk_filter_needs_verdict(const pk_filter *f);

/* The criteria read from the record alone. */
bool pk_filter_record(const pk_filter *f, const pk_game *g);
/* The criteria that need the replay; res NULL when g was not replayed. */
bool pk_filter_replayed(const pk_filter *f, const pk_game *g, const pk_replay_result *res);

#endif
