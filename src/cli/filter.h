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
 * pattern asks for the tag alone. A game without the tag never matches. The pattern is
 * UTF-8 with Unicode properties (PCRE2_UTF | PCRE2_UCP: \w takes the é of "Jérôme").
 * PK_ERR_USAGE with PCRE2's message and column when the pattern does not compile. */
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
 * whose date says less (1998.??.?? against 1998.05) or nothing does not match, nor does
 * one whose date cannot be read (pk_filter_why.date_unread says so). */
int pk_filter_set_date(pk_filter *f, const char *arg, pk_error *err);

/* A Date tag's value (NULL: no tag) read as the span [*lo, *hi] of days YYYYMMDD: 1 read;
 * 0 it says no day ("", "?", "????.??.??"); -1 it is no date this reads. The forms: PDN's
 * YYYY.MM.DD with '-' or '/' as well, one- or two-digit parts and '??' parts
 * (1998.5.1, 1998.05.??, 1998); the year last, the day first (25.11.2000, 18-03-1998,
 * 1.10.1973); a separator at the end (1998.); a range of two of these (1998.05.01 -
 * 1998.05.09, 2007/2008, its end not before its start); an English month name
 * (17 april 2009, 1-2 June 2002, June 2002); blanks before and after. Not read: two-digit
 * years (03.07.20 is 2003 or 2020) and D/M/YYYY (the United States write the month first). */
int pk_filter_read_date(const char *value, long *lo, long *hi);

/* What the criteria need: a replay at all (the variant, the verdict), and a replay as
 * pdncheck's (the verdict: variations replayed too, its counts of errors). */
bool pk_filter_needs_replay(const pk_filter *f);
bool pk_filter_needs_verdict(const pk_filter *f);

/* What pk_filter_record saw besides its answer. */
typedef struct pk_filter_why {
    bool date_unread;   /* --date was given and the Date tag is no date pk_filter_read_date reads */
    /* pk_filter_record returned -1: a -t pattern's match gave up on a tag's value */
    const char *tag;    /* the -t option as given, NAME=REGEX (borrowed from the filter) */
    long long line, col; /* where that tag pair stands */
    char reason[128];   /* PCRE2's words: "match limit exceeded", a UTF-8 error */
} pk_filter_why;

/* The criteria read from the record alone: 1 they hold, 0 they do not, -1 a -t pattern's
 * match did not finish (PCRE2's match, depth or heap limit; a value not valid UTF-8): the
 * game neither matches nor fails to, said in *why (may be NULL). */
int pk_filter_record(const pk_filter *f, const pk_game *g, pk_filter_why *why);
/* The criteria that need the replay; res NULL when g was not replayed. */
bool pk_filter_replayed(const pk_filter *f, const pk_game *g, const pk_replay_result *res);

#endif
