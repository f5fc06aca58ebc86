/*
 * check_text.c -- pdncheck's JSON report of one input and the final FENs of its games as
 * library calls (check_text.h), over the checking loop of check.c. The JSON lines are
 * written exactly as pdncheck writes them (src/tools/pdncheck.c, its --json path): the
 * diagnostics (report.h buffers them in file order), the game object of report.c, the
 * summary; the tests compare the two outputs on the corpora. Also a file's guess of the
 * variant counted alone (pk_file_guess_read), for games judged apart from their file.
 */
#include "check_text.h"
#include "check.h"
#include "check_int.h"
#include "fen.h"
#include "json.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

typedef struct json_run {
    const pk_check_json_opts *o;
    FILE *out;
    pk_totals totals;
    long games;
    int write_failed;
    pk_error io; /* the read error, if any (its line and column for *err) */
} json_run;

static void put_diag(json_run *R, const pk_diag *dd, bool written)
{
    pk_diag d = *dd;
    pk_checker_keep_io(&R->io, dd);
    if (R->o->strict && d.severity == PK_SEV_WARNING) /* --strict: every warning is an error */
        d.severity = PK_SEV_ERROR;
    pk_totals_diag(&R->totals, &d, false);
    bool io = !strcmp(d.code, "io") && d.game <= 0; /* a read error: always in the report */
    if (written || (!io && R->o->quiet && d.severity != PK_SEV_ERROR))
        return;
    if (pk_diag_write_json(R->out, &d))
        R->write_failed = 1;
}

static void on_diag(void *ctx, const pk_diag *d, bool written) { put_diag(ctx, d, written); }

/* ---- the FENs of the main line (pk_check_json_opts.fens): an observer state per game
 * in flight, a JSON array built as the replay goes */
typedef struct fens {
    char *buf;
    size_t len, cap;
    int n;
} fens;

static void *fens_new(void *ctx)
{
    (void)ctx;
    return calloc(1, sizeof(fens));
}

static void fens_free(void *state)
{
    fens *f = state;
    if (f)
        free(f->buf);
    free(f);
}

static void fens_begin(void *state, const pk_game *g)
{
    (void)g;
    fens *f = state;
    f->len = 0;
    f->n = 0;
}

static void fens_event(void *state, const pk_replay_event *ev)
{
    fens *f = state;
    if (ev->depth || (ev->kind != PK_EV_START && ev->kind != PK_EV_PLY) || !ev->after)
        return;
    if (f->cap - f->len < PK_FEN_MAX + 1) {
        size_t cap = f->cap ? 2 * f->cap : 4096;
        char *p = realloc(f->buf, cap);
        if (!p)
            return; /* out of memory: the list is short (the game object still has final_fen) */
        f->buf = p;
        f->cap = cap;
    }
    char *q = f->buf + f->len;
    int n = pk_fen_write(ev->variant, ev->after, ev->variant->algebraic, q, PK_FEN_MAX);
    q += n > 0 && n < PK_FEN_MAX ? n : 0;
    *q++ = 0; /* the FENs one after the other, each ended by a NUL */
    f->n++;
    f->len = (size_t)(q - f->buf);
}

static bool on_game(void *ctx, const pk_checked *ck)
{
    json_run *R = ctx;
    pk_verdict v;
    pk_replay_result *res = ck->replayed ? ck->res : NULL;
    pk_report_verdict(ck->game, res, R->o->strict, &v);
    pk_totals_game(&R->totals, &v);
    R->games++;
    if (R->o->fens) {
        const fens *f = ck->state;
        pk_json j;
        pk_json_init(&j, R->out);
        pk_json_object(&j);
        pk_json_kstr(&j, "type", "fens");
        pk_json_kint(&j, "game", ck->game->index);
        pk_json_key(&j, "fens");
        pk_json_array(&j);
        for (size_t at = 0; f && ck->replayed && at < f->len; at += strlen(f->buf + at) + 1)
            pk_json_str(&j, f->buf + at);
        pk_json_end_array(&j);
        pk_json_end_object(&j);
        pk_json_newline(&j);
    }
    if (pk_report_game_json(R->out, ck->file, ck->game, res, &v) || ferror(R->out))
        R->write_failed = 1;
    return !R->write_failed;
}

/* pk_checker_run's status (1, 0 or a negated status), or *failed set (the checker could
 * not be made: err says why). */
static int run_checker(pk_check_opts *co, FILE *in, const char *name, bool (*game)(void *, const pk_checked *),
                       void (*diag)(void *, const pk_diag *, bool), void *ctx, pk_error *err, int *failed)
{
    pk_checker *c = pk_checker_new(co, err);
    if (!c) {
        *failed = err && err->code ? err->code : PK_ERR_NOMEM;
        return -*failed;
    }
    int st = pk_checker_run(c, in, name, game, diag, ctx, NULL);
    pk_checker_free(c);
    return st;
}

int pk_check_json(FILE *in, const char *name, const pk_check_json_opts *o, FILE *out, pk_error *err)
{
    return pk_check_json_guessed(in, name, o, NULL, false, out, err);
}

int pk_check_json_guessed(FILE *in, const char *name, const pk_check_json_opts *o, const struct pk_file_guess *guess,
                          bool pick_first, FILE *out, pk_error *err)
{
    static const pk_check_json_opts defaults;
    if (!o)
        o = &defaults;
    if (o->shards < 0 || (o->shards && (o->shard < 0 || o->shard >= o->shards))) {
        return pk_error_set(err, PK_ERR_USAGE, 0, "shard %d/%d: K must be in 0..N-1", o->shard, o->shards);
    }
    name = name ? name : "<stdin>";
    json_run R = {.o = o, .out = out};
    pk_check_opts co = {.jobs = o->jobs, .shard = o->shard, .shards = o->shards, .syntax_only = o->syntax_only,
                        .variant_given = o->variant != NULL, .reader_flags = o->strict ? PK_PDN_STRICT : 0};
    co.replay.variant = o->variant;
    co.replay.results = o->results;
    co.replay.pick_first = pick_first;
    co.file_guess = o->variant ? NULL : guess;
    if (o->fens)
        co.observer = (pk_check_observer){fens_new, fens_free, fens_begin, fens_event, NULL, NULL, NULL};
    int failed = 0;
    int st = run_checker(&co, in, name, on_game, on_diag, &R, err, &failed);
    if (failed)
        return failed;
    if (st < 0 && st != -PK_ERR_IO)
        return pk_checker_status(st, false, &R.io, err);
    if (!R.write_failed) {
        if (st > 0) {
            R.totals.files++;
            if (!R.games) {
                pk_diag d = {.severity = PK_SEV_WARNING, .code = "no-game", .file = name, .message = "no game found"};
                put_diag(&R, &d, false);
            }
        }
        if (!o->no_summary) {
            pk_report_summary_json(out, &R.totals, o->syntax_only ? NULL
                                                   : o->results == PK_RESULTS_WHITE ? "white" : "first");
        }
    }
    return pk_checker_status(st, R.write_failed || ferror(out), &R.io, err);
}

static void ignore_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)ctx, (void)d, (void)written;
}

/* The count of a checker's (check_prefix.c), made on a checker of its own (jobs 1). */
int pk_file_guess_read(FILE *in, const char *name, bool strict, struct pk_file_guess *guess, pk_error *err)
{
    pk_check_opts co = {.jobs = 1, .reader_flags = strict ? PK_PDN_STRICT : 0};
    pk_checker *c = pk_checker_new(&co, err);
    if (!c)
        return err && err->code ? err->code : PK_ERR_NOMEM;
    pk_src *src = pk_src_open(in, err);
    int st = src ? PK_OK : PK_ERR_NOMEM;
    if (src) {
        c->on_diag = ignore_diag;
        c->ctx = NULL;
        st = pk_ck_prefix_count(c, src, name ? name : "<stdin>");
        pk_src_close(src);
    }
    if (st == PK_OK)
        *guess = c->guess;
    else
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    pk_checker_free(c);
    return st;
}

/* ---- final FENs */
typedef struct fen_run {
    FILE *out;
    long games;
    int write_failed;
    pk_error io; /* the read error, if any */
} fen_run;

static bool fen_game(void *ctx, const pk_checked *ck)
{
    fen_run *R = ctx;
    R->games++;
    pk_replay_result *res = ck->res;
    if (ck->replayed && res && pk_replay_result_variant(res) && pk_replay_result_have_final(res))
        fputs(pk_replay_final_fen(res), R->out);
    if (putc('\n', R->out) == EOF)
        R->write_failed = 1;
    return !R->write_failed;
}

static void fen_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)written;
    pk_checker_keep_io(&((fen_run *)ctx)->io, d);
}

int pk_final_fens(FILE *in, const char *name, const pk_variant *variant, int jobs, FILE *out, long *games,
                  pk_error *err)
{
    fen_run R = {.out = out};
    pk_check_opts co = {.jobs = jobs, .variant_given = variant != NULL};
    co.replay.variant = variant;
    int failed = 0;
    int st = run_checker(&co, in, name ? name : "<stdin>", fen_game, fen_diag, &R, err, &failed);
    if (games)
        *games = R.games;
    if (failed)
        return failed;
    return pk_checker_status(st, R.write_failed || ferror(out), &R.io, err);
}
