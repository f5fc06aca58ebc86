/*
 * html_report.h -- the arbiter's report: one self-contained HTML page for the games a tool
 * checked (pdncheck --html). A header with the figures and the conventions used, a table
 * of every game (sortable, filterable by its verdict's label, report.h), and for each game
 * whose label is not ok: each finding with its diagnostic, the diagram of the position
 * before the move with the written move drawn, the capture the rule required, the legal
 * moves, and the game's moves up to that point.
 *
 *     pk_html *r = pk_html_new(out, &opts, &err);
 *     for each game: pk_html_add(r, &game_record, &verdict, &err);
 *     pk_html_finish(r, &totals, &err);   // writes the page and frees r
 *
 * Every diagnostic of the run goes to pk_html_note (or pk_html_diag), for the page's list
 * of warnings, and each input to pk_html_input, for the header's identity of what was
 * checked (its size and SHA-256).
 *
 * A checking loop hands a game's diagnostics over before the game itself (check.h): it
 * may pass each one to pk_html_diag as it comes, and the game with diags NULL.
 *
 * With several threads (pdncheck -j), a game's part of the page is written where the game
 * is checked, and only added to the page in order:
 *
 *     on the worker:        pk_html_part_write(stream, &opts, &game_record, &verdict, &part);
 *     in order, on one:     pk_html_add_part(r, file, &verdict, &part, text_written, &err);
 *
 * pk_html_add is the two in one call; the page is the same byte for byte.
 *
 * Given each game's key (pk_html_game.key: game_key.h, the key pdngrep -u compares, built
 * by pk_check_key_observer), the page lists the copies of one game, in one file or in
 * several: "game 5 is a copy of game 2", grouped by the game first seen.
 *
 * The page needs nothing from the network: styles, the diagrams (SVG) and a few lines of
 * script are inline. Games stream through: what the page lists after its header is kept
 * in a temporary file, not in memory. Not thread-safe: one pk_html per writer.
 */
#ifndef PK_HTML_REPORT_H
#define PK_HTML_REPORT_H

#include <stdio.h>

#include "diag.h"
#include "game_key.h"
#include "pdn.h"
#include "replay.h"
#include "report.h"

typedef struct pk_html pk_html;
struct pk_nls_catalog;

typedef struct pk_html_opts {
    const char *title;       /* the page's title; NULL: "pdnkit report" */
    const char *conventions; /* one line: results convention, house rules in force */
    unsigned gen_flags;      /* PK_GEN_CAPTURE_OPTIONAL when the house rule was on */
    bool strict;             /* warnings counted as errors (--strict) */
    int results;             /* enum pk_results: what 1-0 means, said per variant */
    const char *date;        /* when the files were checked, as the page says it
                                ("2026-12-07 16:45 UTC"); NULL: not said */
    const struct pk_nls_catalog *words; /* the page's words in this catalogue's language
                                (pdncheck --lang, the page's menu: pk_nls.h); NULL: in the
                                language of the library's messages (PK_T) */
} pk_html_opts;

/* One game as checked. Everything is borrowed for the call only. */
typedef struct pk_html_game {
    const char *file;
    const pk_game *game;
    const pk_variant *variant;    /* the rules it was replayed under, NULL: not replayed */
    const pk_replay_result *res;  /* NULL when not replayed */
    const pk_diag *diags;         /* its diagnostics, in file order */
    int ndiags;
    const pk_game_key *key;       /* its main line's key (game_key.h), or NULL: not looked
                                     for among the copies of one game */
} pk_html_game;

/* The options of pdncheck's report: its title and the conventions line said from the
 * replay's options, for every program that writes that page (pdncheck --html, the
 * browser page of web/), so that the same games give the same page. conv (1024
 * bytes: the line in Russian is long) holds the conventions line o points to, in the words of words (o->words). */
void pk_html_opts_check(pk_html_opts *o, const pk_replay_opts *ro, bool strict, const struct pk_nls_catalog *words,
                        char *conv, size_t size);

/* NULL with err set when the temporary file cannot be made. */
pk_html *pk_html_new(FILE *out, const pk_html_opts *o, pk_error *err);
/* The game's row and, unless its label is ok, its section. v: its verdict
 * (pk_report_verdict of rg->game and rg->res), the one the caller's summary counts. */
int pk_html_add(pk_html *r, const pk_html_game *rg, const pk_verdict *v, pk_error *err);
/* A game's part of the page as pk_html_part_write wrote it: its row of the games table,
 * then (its label not ok) its section, the places of its number marked: the number is
 * its place among the games added, known only in order. */
#define PK_HTML_NUMBERS 3
typedef struct pk_html_part {
    size_t row, section;           /* bytes of each, one after the other */
    size_t at[PK_HTML_NUMBERS];    /* where the game's number goes: offsets from the row's start */
    int nat;
    const pk_variant *variant;     /* the game's (the header lists them), or NULL */
    long findings, diagrams;       /* the section's */
    long errors, warnings;         /* the game's diagnostics (a warning an error under strict) */
    bool failed;                   /* the part could not be written whole */
    bool keyed;                    /* key holds the game's key (pk_html_game.key) */
    int index;                     /* the game's number in its file */
    pk_game_key key;
} pk_html_part;

/* Writes rg's part of the page to out (from its position) and describes it in *p. Thread-
 * safe: touches only its arguments (o: the page's options, as given to pk_html_new). v:
 * the game's verdict. PK_OK, or PK_ERR_IO (p->failed: the part is not to be added). */
int pk_html_part_write(FILE *out, const pk_html_opts *o, const pk_html_game *rg, const pk_verdict *v, pk_html_part *p);
/* Adds a part (text: the p->row + p->section bytes pk_html_part_write wrote) of a game of
 * file to the page, as pk_html_add would add the game. PK_OK, or PK_ERR_IO. */
int pk_html_add_part(pk_html *r, const char *file, const pk_verdict *v, const pk_html_part *p, const char *text,
                     pk_error *err);
/* Keeps a copy of d (a diagnostic of the game that pk_html_add gets next, borrowed for
 * the call only) for a pk_html_add whose game has diags NULL, which takes, and then
 * forgets, every diagnostic kept since the last one. Out of memory: d is left out of the
 * page. A diagnostic of no game (d->game 0) is only noted (pk_html_note), as every one
 * passed here is. */
void pk_html_diag(pk_html *r, const pk_diag *d);
/* Notes d, any diagnostic of the run (a game's or a file's), for the page's warnings:
 * grouped by code, each kind with its count and its first one as an example (a warning
 * under strict is an error: not noted). In order, on r's thread. pk_html_diag does it too. */
void pk_html_note(pk_html *r, const pk_diag *d);
/* Names an input the page judged: its name as the games give it, its size in bytes and
 * its SHA-256 (64 hex digits, or NULL: not known), for the header that identifies what
 * was checked. PK_OK, or PK_ERR_NOMEM. */
int pk_html_input(pk_html *r, const char *name, unsigned long long bytes, const char *sha256, pk_error *err);
/* Writes the page to out and frees r (also on error). The header's figures are totals
 * (the caller's summary, files and diagnostics of no game included), or when NULL those
 * of the games added. PK_OK or PK_ERR_IO. */
int pk_html_finish(pk_html *r, const pk_totals *totals, pk_error *err);

#endif
