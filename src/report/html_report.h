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
 * A checking loop hands a game's diagnostics over before the game itself (check.h): it
 * may pass each one to pk_html_diag as it comes, and the game with diags NULL.
 *
 * The page needs nothing from the network: styles, the diagrams (SVG) and a few lines of
 * script are inline. Games stream through: what the page lists after its header is kept
 * in a temporary file, not in memory. Not thread-safe: one pk_html per writer.
 */
#ifndef PK_HTML_REPORT_H
#define PK_HTML_REPORT_H

#include <stdio.h>

#include "diag.h"
#include "pdn.h"
#include "replay.h"
#include "report.h"

typedef struct pk_html pk_html;

typedef struct pk_html_opts {
    const char *title;       /* the page's title; NULL: "pdnkit report" */
    const char *conventions; /* one line: results convention, house rules in force */
    unsigned gen_flags;      /* PK_GEN_CAPTURE_OPTIONAL when the house rule was on */
    bool strict;             /* warnings counted as errors (--strict) */
} pk_html_opts;

/* One game as checked. Everything is borrowed for the call only. */
typedef struct pk_html_game {
    const char *file;
    const pk_game *game;
    const pk_variant *variant;    /* the rules it was replayed under, NULL: not replayed */
    const pk_replay_result *res;  /* NULL when not replayed */
    const pk_diag *diags;         /* its diagnostics, in file order */
    int ndiags;
} pk_html_game;

/* The options of pdncheck's report: its title and the conventions line said from the
 * replay's options, for every program that writes that page (pdncheck --html, the
 * browser page of web/), so that the same games give the same page. conv (at least 300
 * bytes) holds the conventions line o points to. */
void pk_html_opts_check(pk_html_opts *o, const pk_replay_opts *ro, bool strict, char *conv, size_t size);

/* NULL with err set when the temporary file cannot be made. */
pk_html *pk_html_new(FILE *out, const pk_html_opts *o, pk_error *err);
/* The game's row and, unless its label is ok, its section. v: its verdict
 * (pk_report_verdict of rg->game and rg->res), the one the caller's summary counts. */
int pk_html_add(pk_html *r, const pk_html_game *rg, const pk_verdict *v, pk_error *err);
/* Keeps a copy of d (a diagnostic of the game that pk_html_add gets next, borrowed for
 * the call only) for a pk_html_add whose game has diags NULL, which takes, and then
 * forgets, every diagnostic kept since the last one. Out of memory: d is left out of the
 * page. */
void pk_html_diag(pk_html *r, const pk_diag *d);
/* Writes the page to out and frees r (also on error). The header's figures are totals
 * (the caller's summary, files and diagnostics of no game included), or when NULL those
 * of the games added. PK_OK or PK_ERR_IO. */
int pk_html_finish(pk_html *r, const pk_totals *totals, pk_error *err);

#endif
