/*
 * conv_text.c -- pdnconv's output for one input as a library call (pk_convert in
 * check_text.h): the checking loop of check.c with a pk_conv (conv.c) as the replay's
 * observer, each game written as pdnconv writes it (src/tools/pdnconv.c at -j 1: a blank
 * line between PDN games; a game not replayed is written as read).
 */
#include "check.h"
#include "check_text.h"
#include "conv.h"
#include "notation.h"

#include <stdlib.h>

typedef struct conv_run {
    const char *name;
    FILE *out;
    pk_conv_opts opts;
    long games;
    int write_failed;
    pk_error io; /* the read error, if any */
} conv_run;

static void *conv_new(void *ctx) { return pk_conv_new(&((conv_run *)ctx)->opts); }
static void conv_free(void *state) { pk_conv_free(state); }
static void conv_begin(void *state, const pk_game *g)
{
    (void)g;
    pk_conv_begin(state);
}

static bool conv_game(void *ctx, const pk_checked *ck)
{
    conv_run *R = ctx;
    pk_conv *c = ck->state;
    if (!ck->replayed) /* the reader's errors were reported: written as read */
        pk_conv_begin(c);
    if (R->opts.to == PK_CONV_PDN && R->games++)
        putc('\n', R->out);
    pk_conv_write(c, R->out, R->name, ck->game, pk_replay_result_variant(ck->res));
    if (ferror(R->out) || pk_conv_failed(c))
        R->write_failed = 1;
    return !R->write_failed;
}

static void conv_diag(void *ctx, const pk_diag *d, bool written)
{
    (void)written;
    pk_checker_keep_io(&((conv_run *)ctx)->io, d);
}

int pk_convert(FILE *in, const char *name, const pk_convert_opts *o, FILE *out, pk_error *err)
{
    static const pk_convert_opts defaults;
    if (!o)
        o = &defaults;
    if (o->to < PK_CONVERT_PDN || o->to > PK_CONVERT_HUB ||
        (o->notation && o->notation != PK_NOT_NUMERIC && o->notation != PK_NOT_ALGEBRAIC)) {
        return pk_error_set(err, PK_ERR_USAGE, 0, "bad conversion options");
    }
    conv_run R = {.name = name ? name : "<stdin>", .out = out};
    R.opts.to = o->to == PK_CONVERT_JSON ? PK_CONV_JSON : o->to == PK_CONVERT_HUB ? PK_CONV_HUB : PK_CONV_PDN;
    R.opts.full = o->full;
    R.opts.notation = o->notation;
    R.opts.variant_given = o->variant != NULL;
    pk_check_opts co = {.jobs = o->jobs, .variant_given = o->variant != NULL};
    co.replay.variant = o->variant;
    co.observer = (pk_check_observer){conv_new, conv_free, conv_begin, pk_conv_event, &R, NULL, NULL};
    pk_checker *c = pk_checker_new(&co, err);
    if (!c)
        return err && err->code ? err->code : PK_ERR_NOMEM;
    int st = pk_checker_run(c, in, R.name, conv_game, conv_diag, &R, NULL);
    pk_checker_free(c);
    return pk_checker_status(st, R.write_failed || ferror(out), &R.io, err);
}
