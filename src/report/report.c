/*
 * report.c -- per-game records: the diagnostics buffer that puts a game's diagnostics
 * in file order, the game's name for messages, the verdict on a game and the totals of a
 * run, the JSON game object and summary line (see report.h; the JSON is json.c's), and
 * the copy of a diagnostic's structured fields that every keeper of diagnostics makes.
 */
#include "report.h"
#include "pk_nls.h"

#include "json.h"
#include "pk_assert.h"
#include "pk_nls.h"
#include "replay_result_int.h"

#include <stdlib.h>
#include <string.h>

enum { S_CODE, S_FILE, S_MOVE, S_FEN, S_MESSAGE, S_HINT, S_NAME, S_COUNT };

typedef struct entry {
    int severity, game, ply, move_number, side;
    long long line, col;
    size_t seq, pool_start;
    size_t str[S_COUNT]; /* offset + 1 into the pool; 0 = NULL */
} entry;

struct pk_diag_buffer {
    pk_diag_sink out;
    entry *e;
    size_t n, cap;
    pk_diag_kept *kept; /* entry i's structured fields at kept[e->seq]: they stay out of
                           the entries qsort moves */
    size_t flushed; /* diagnostics sent on so far (for marks) */
    char *pool;
    size_t used, pool_cap;
};

pk_diag_buffer *pk_diag_buffer_new(pk_diag_sink out)
{
    pk_diag_buffer *b = calloc(1, sizeof *b);
    if (b)
        b->out = out;
    return b;
}

void pk_diag_buffer_free(pk_diag_buffer *b)
{
    if (!b)
        return;
    free(b->e);
    free(b->kept);
    free(b->pool);
    free(b);
}

static void add_sink(void *ctx, const pk_diag *d) { pk_diag_buffer_add(ctx, d); }

pk_diag_sink pk_diag_buffer_sink(pk_diag_buffer *b)
{
    pk_diag_sink s = {add_sink, b};
    return s;
}

static void strings_of(const pk_diag *d, const char *s[S_COUNT])
{
    s[S_CODE] = d->code;
    s[S_FILE] = d->file;
    s[S_MOVE] = d->move;
    s[S_FEN] = d->fen;
    s[S_MESSAGE] = d->message;
    s[S_HINT] = d->hint;
    s[S_NAME] = d->game_name;
}

static bool reserve(pk_diag_buffer *b, size_t bytes)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 16;
        entry *e = realloc(b->e, cap * sizeof *e);
        if (!e)
            return false;
        b->e = e;
        pk_diag_kept *k = realloc(b->kept, cap * sizeof *k);
        if (!k)
            return false;
        b->kept = k;
        b->cap = cap;
    }
    if (b->used + bytes > b->pool_cap) {
        size_t cap = b->pool_cap ? b->pool_cap : 4096;
        while (cap < b->used + bytes)
            cap *= 2;
        char *p = realloc(b->pool, cap);
        if (!p)
            return false;
        b->pool = p;
        b->pool_cap = cap;
    }
    return true;
}

void pk_diag_buffer_add(pk_diag_buffer *b, const pk_diag *d)
{
    const char *s[S_COUNT];
    size_t len[S_COUNT], bytes = 0;
    strings_of(d, s);
    for (int i = 0; i < S_COUNT; i++) {
        len[i] = s[i] ? strlen(s[i]) + 1 : 0;
        bytes += len[i];
    }
    if (b->n >= PK_DIAG_BUFFER_MAX || b->used + bytes > PK_DIAG_BUFFER_BYTES)
        pk_diag_buffer_flush(b, NULL); /* a batch in file order; nothing dropped */
    if (bytes > PK_DIAG_BUFFER_BYTES || !reserve(b, bytes)) {
        pk_diag_buffer_flush(b, NULL);
        pk_diag_emit(&b->out, d); /* out of order rather than lost */
        b->flushed++;
        return;
    }
    /* report.h's memory bound, and room reserved for the entry and its strings */
    assert(b->n < PK_DIAG_BUFFER_MAX && b->n < b->cap && b->used + bytes <= b->pool_cap &&
           b->used + bytes <= PK_DIAG_BUFFER_BYTES);
    entry *e = &b->e[b->n];
    e->severity = d->severity;
    e->line = d->line;
    e->col = d->col;
    e->game = d->game;
    e->ply = d->ply;
    e->move_number = d->move_number;
    e->side = d->side;
    e->seq = b->n;
    pk_diag_keep(&b->kept[b->n], d);
    e->pool_start = b->used;
    for (int i = 0; i < S_COUNT; i++) {
        e->str[i] = 0;
        if (!s[i])
            continue;
        memcpy(b->pool + b->used, s[i], len[i]);
        e->str[i] = b->used + 1;
        b->used += len[i];
    }
    b->n++;
}

static int by_position(const void *pa, const void *pb)
{
    const entry *a = pa, *b = pb;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq; /* stable */
}

void pk_diag_buffer_flush(pk_diag_buffer *b, const char *game_name)
{
    if (b->n > 1)
        qsort(b->e, b->n, sizeof *b->e, by_position);
    for (size_t i = 0; i < b->n; i++) {
        const entry *e = &b->e[i];
        const char *s[S_COUNT];
        for (int k = 0; k < S_COUNT; k++)
            s[k] = e->str[k] ? b->pool + e->str[k] - 1 : NULL;
        pk_diag d; /* every field set (no initializer clearing the struct first: a copy
                      of each diagnostic passes here) */
        d.severity = e->severity;
        d.code = s[S_CODE];
        d.file = s[S_FILE];
        d.line = e->line;
        d.col = e->col;
        d.game = e->game;
        d.ply = e->ply;
        d.move_number = e->move_number;
        d.side = e->side;
        d.move = s[S_MOVE];
        d.fen = s[S_FEN];
        d.message = s[S_MESSAGE];
        d.hint = s[S_HINT];
        d.game_name = e->game > 0 && game_name ? game_name : s[S_NAME];
        pk_diag_restore(&d, &b->kept[e->seq]);
        pk_diag_emit(&b->out, &d);
    }
    b->flushed += b->n;
    b->n = 0;
    b->used = 0;
}

size_t pk_diag_buffer_pending(const pk_diag_buffer *b) { return b->n; }

size_t pk_diag_buffer_mark(const pk_diag_buffer *b) { return b->flushed + b->n; }

bool pk_diag_buffer_truncate(pk_diag_buffer *b, size_t mark)
{
    if (mark < b->flushed)
        return false;
    size_t n = mark - b->flushed;
    if (n < b->n) {
        b->used = b->e[n].pool_start;
        b->n = n;
    }
    return true;
}

/* A tag value fit for a name: NULL when absent or a placeholder. */
static const char *known(const char *v)
{
    return v && *v && strcmp(v, "?") && strcmp(v, "-") ? v : NULL;
}

/* Appends s to buf at *at, cut to max bytes on a UTF-8 character boundary. */
static void put(char *buf, size_t size, size_t *at, const char *s, size_t max)
{
    size_t n = strlen(s);
    bool cut = n > max;
    if (cut) {
        n = max;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    if (*at + n + 4 >= size)
        return;
    memcpy(buf + *at, s, n);
    *at += n;
    if (cut) {
        memcpy(buf + *at, "...", 3);
        *at += 3;
    }
    buf[*at] = 0;
}

/* the Round tag's words, looked up once per process (pk_nls_once) */
static pk_nls_slot round_after = PK_NLS_SLOT_INIT, round_alone = PK_NLS_SLOT_INIT;

const char *pk_report_game_name(const pk_game *g, char *buf, size_t size)
{
    /* one pass over the tags, the first of each name (as pk_game_tag): this runs for
     * every game that has a diagnostic, often only a guessed variant's warning */
    const char *w = NULL, *bl = NULL, *round = NULL;
    bool seen_w = false, seen_b = false, seen_r = false;
    for (int i = 0; i < g->ntags; i++) {
        const char *n = g->tags[i].name;
        if (!seen_w && n[0] == 'W' && !strcmp(n, "White"))
            seen_w = true, w = known(g->tags[i].value);
        else if (!seen_b && n[0] == 'B' && !strcmp(n, "Black"))
            seen_b = true, bl = known(g->tags[i].value);
        else if (!seen_r && n[0] == 'R' && !strcmp(n, "Round"))
            seen_r = true, round = known(g->tags[i].value);
    }
    size_t at = 0;
    if (size < PK_GAME_NAME_MAX || (!w && !bl && !round))
        return NULL;
    buf[0] = 0;
    if (w || bl) {
        put(buf, size, &at, w ? w : "?", 60);
        put(buf, size, &at, " - ", 3);
        put(buf, size, &at, bl ? bl : "?", 60);
    }
    if (round) {
        /* TRANSLATORS: before a Round tag's value in a game's name, "Smith - Jones, round 7"
           (a tournament's round; keep the comma and the spaces). Looked up once per
           process (pk_nls_once), not per game: this runs for most games of a file. */
        put(buf, size, &at, at ? pk_nls_once(&round_after, N_(", round ")) : pk_nls_once(&round_alone, N_("round ")),
            40);
        put(buf, size, &at, round, 16);
    }
    return buf;
}

void pk_report_verdict(const pk_game *g, const pk_replay_result *res, bool strict, pk_verdict *v)
{
    unsigned rc = res ? res->result_check : 0;
    v->errors = g->nerrors + (res ? res->errors : 0);
    v->warnings = g->nwarnings + (res ? res->warnings : 0);
    v->valid = !v->errors && !(strict && v->warnings);
    /* what the result labels explain: the board's error, the tag's and the draw's warnings */
    int result_errors = (rc & PK_RESULT_CONTRADICTS_BOARD) != 0;
    int result_warnings = ((rc & PK_RESULT_TAG_DISAGREES) != 0) + ((rc & PK_RESULT_CONTRADICTS_DRAW) != 0);
    bool drawn = false, claimable = false;
    for (int i = 0; res && i < res->ndraws; i++) {
        drawn |= res->draws[i].kind == PK_DRAW_AUTOMATIC;
        claimable |= res->draws[i].kind == PK_DRAW_CLAIM; /* PK_DRAW_INFO: a note only */
    }
    if (v->errors > result_errors || (strict && v->warnings > result_warnings))
        v->label = PK_LABEL_ERRORS;
    else if (rc & (PK_RESULT_CONTRADICTS_BOARD | PK_RESULT_CONTRADICTS_DRAW))
        v->label = PK_LABEL_RESULT_BOARD;
    else if (rc & PK_RESULT_TAG_DISAGREES)
        v->label = PK_LABEL_RESULT_TAG;
    else if (drawn)
        v->label = PK_LABEL_DRAWN;
    else if (claimable)
        v->label = PK_LABEL_DRAW_CLAIMABLE;
    else
        v->label = PK_LABEL_OK;
}

static const char *const label_keys[PK_LABEL_COUNT] = {"ok", "errors", "result-board", "result-tag", "drawn",
                                                       "draw-claimable"};
static const char *const label_texts[PK_LABEL_COUNT] = {
    N_("ok"), N_("errors"), N_("result contradicts the board"), N_("Result tag and terminator disagree"),
    N_("drawn by a rule"), N_("draw claimable")}; /* (translated by the HTML report) */

const char *pk_label_key(int label) { return label >= 0 && label < PK_LABEL_COUNT ? label_keys[label] : "ok"; }

const char *pk_label_text(int label) { return label >= 0 && label < PK_LABEL_COUNT ? label_texts[label] : "ok"; }

void pk_totals_game(pk_totals *t, const pk_verdict *v)
{
    t->games++;
    t->with_errors += !v->valid;
    if (v->label >= 0 && v->label < PK_LABEL_COUNT)
        t->labels[v->label]++;
}

void pk_totals_diag(pk_totals *t, const pk_diag *d, bool strict)
{
    int sev = strict && d->severity == PK_SEV_WARNING ? PK_SEV_ERROR : d->severity;
    t->errors += sev == PK_SEV_ERROR;
    t->warnings += sev == PK_SEV_WARNING;
}

int pk_report_game_json(FILE *o, const char *file, const pk_game *g, pk_replay_result *res, const pk_verdict *v)
{
    const char *unsupported = res ? res->unsupported : NULL;
    bool replayed = res != NULL && res->variant; /* not a variant pdnkit does not implement */
    pk_json j;
    pk_json_init(&j, o);
    pk_json_object(&j);
    pk_json_kstr(&j, "type", "game");
    pk_json_kstr(&j, "file", file);
    pk_json_kint(&j, "game", g->index);
    pk_json_kint(&j, "line", g->line);
    pk_json_kstr(&j, "variant", replayed ? res->variant->name : NULL);
    if (unsupported)
        pk_json_kstr(&j, "unsupported", unsupported);
    pk_json_kbool(&j, "variant_guessed", replayed && res->variant_guessed);
    pk_json_kstr(&j, "gametype", pk_game_tag(g, "GameType"));
    pk_json_kstr(&j, "event", pk_game_tag(g, "Event"));
    pk_json_kstr(&j, "site", pk_game_tag(g, "Site"));
    pk_json_kstr(&j, "date", pk_game_tag(g, "Date"));
    pk_json_kstr(&j, "round", pk_game_tag(g, "Round"));
    pk_json_kstr(&j, "white", pk_game_tag(g, "White"));
    pk_json_kstr(&j, "black", pk_game_tag(g, "Black"));
    pk_json_kstr(&j, "start_fen", g->fen);
    pk_json_kint(&j, "moves_recorded", g->plies);
    if (replayed) {
        pk_json_kint(&j, "plies", res->plies);
        pk_json_kbool(&j, "replay_stopped", res->stopped);
    } else {
        pk_json_knull(&j, "plies");
        pk_json_knull(&j, "replay_stopped");
    }
    pk_json_kstr(&j, "final_fen", replayed && res->have_final ? pk_replay_final_fen(res) : NULL);
    pk_stated_result sr;
    pk_game_stated_result(g, &sr);
    pk_json_kstr(&j, "result", sr.text);
    pk_json_kstr(&j, "result_kind", pk_result_kind_name(sr.kind));
    pk_json_kstr(&j, "result_tag", sr.tag);
    pk_json_kstr(&j, "loser", replayed && res->loser >= 0 ? (res->loser == PK_WHITE ? "white" : "black") : NULL);
    pk_json_key(&j, "draws");
    pk_json_array(&j);
    for (int i = 0; replayed && i < res->ndraws; i++) {
        pk_json_object(&j);
        pk_json_kstr(&j, "rule", res->draws[i].rule);
        pk_json_kstr(&j, "kind", pk_draw_kind_name(res->draws[i].kind));
        pk_json_kint(&j, "ply", res->draws[i].ply);
        pk_json_end_object(&j);
    }
    pk_json_end_array(&j);
    pk_json_kint(&j, "errors", v->errors);
    pk_json_kint(&j, "warnings", v->warnings);
    pk_json_kstr(&j, "verdict", v->valid ? "valid" : "invalid");
    pk_json_kstr(&j, "label", pk_label_key(v->label));
    pk_json_end_object(&j);
    return pk_json_newline(&j);
}

int pk_report_summary_json(FILE *o, const pk_totals *t, const char *results)
{
    pk_json j;
    pk_json_init(&j, o);
    pk_json_object(&j);
    pk_json_kstr(&j, "type", "summary");
    pk_json_kint(&j, "files", t->files);
    pk_json_kint(&j, "games", t->games);
    pk_json_kint(&j, "with_errors", t->with_errors);
    pk_json_kint(&j, "errors", t->errors);
    pk_json_kint(&j, "warnings", t->warnings);
    pk_json_kstr(&j, "results", results);
    pk_json_end_object(&j);
    return pk_json_newline(&j);
}
