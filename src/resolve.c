/*
 * resolve.c -- variant resolution (see resolve.h): the option, the Variant and GameType
 * tags, the variants named but not implemented, the guess by trial replays with their
 * diagnostics held back, and the suggestion that a GameType tag is wrong.
 */
#include "resolve.h"

#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <strings.h>

/* ---- names of variants
 * ------------------------------------------------------------------ */

/* lidraughts and playstrategy Variant tags (their Variant.scala `name`s) and older
 * spellings, mapped to the NAME of a row of the variant table. The row is looked up when
 * a game is resolved, so a row added to the table later makes its tag supported; until
 * then the game is "not supported" under `title`. A tag not listed here is tried as a
 * variant name or alias (pk_variant_find); a tag neither knows is ignored. */
static const struct {
    const char *tag, *variant, *title;
} variant_tags[] = {
    {"Standard", "international", "International draughts"},
    {"From Position", "international", "International draughts"}, /* lidraughts: standard rules from the FEN */
    {"FromPosition", "international", "International draughts"},
    {"Frisian", "frisian", "Frisian draughts"},
    {"Frysk!", "frysk", "Frysk!"},
    {"Frysk", "frysk", "Frysk!"},
    {"Antidraughts", "antidraughts", "Antidraughts"},
    {"Breakthrough", "breakthrough", "Breakthrough draughts"},
    {"Russian", "russian", "Russian draughts"},
    {"Brazilian", "brazilian", "Brazilian draughts"},
    {"Pool", "pool", "Pool checkers"},
    {"Portuguese", "portuguese", "Portuguese draughts"},
    {"English", "english", "English draughts"},
    {"American/English", "english", "English draughts"},
    {"Killer", "killer", "Killer draughts"},
    {"Canadian", "canadian", "Canadian draughts"},
    {"Turkish", "turkish", "Turkish draughts"},
    {"Thai", "thai", "Thai draughts"},
    {"Sri Lankan", "sri-lankan", "Sri Lankan draughts"},
    {"Malaysian", "malaysian", "Malaysian draughts"},
    {"Singaporean", "malaysian", "Malaysian draughts"},
};

/* GameType numbers of the PDN 3.0 table (wiegerw/pdn doc/gametype.rst) and of lidraughts
 * (Variant.scala gameType) for games pdnkit has no row for (a row with the number is
 * looked up first; then the row of that NAME). */
static const struct {
    int gametype;
    const char *variant, *title, *by;
} gametypes[] = {
    {0, "chess", "Chess", "GameType"},
    {1, "chinese-chess", "Chinese chess", "GameType"},
    {41, "spantsiretti", "Spantsiretti draughts", "GameType"},
    {50, "othello", "Othello", "GameType"},
    {96, "breakthrough", "Breakthrough draughts", "lidraughts GameType"},
    {97, "frysk", "Frysk!", "lidraughts GameType"},
    {98, "antidraughts", "Antidraughts", "lidraughts GameType"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the guess
 * ------------------------------------------------------------------------- */

/* Candidates by notation, in the order resolve.h documents (RULES 4.1: the notation
 * narrows the candidates; the most common variant of the notation first). Squares above
 * 50 are a 12x12 board's; above 32, a 10x10 board's first, then a 12x12 one's (the first
 * moves of a Canadian game may not go past square 50). */
enum { BY_ALGEBRAIC, BY_12X12, BY_10X10, BY_NUMERIC, BY_NOTHING, NLISTS };
static const char *const lists[NLISTS][12] = {
    [BY_ALGEBRAIC] = {"russian", "czech", "brazilian", "english", "pool", "italian", "spanish", "portuguese",
                      "turkish"}, /* the one board where every square plays: last */
    [BY_12X12] = {"canadian", "sri-lankan", "malaysian"},
    [BY_10X10] = {"international", "frisian", "canadian", "sri-lankan", "malaysian"},
    [BY_NUMERIC] = {"english", "italian", "spanish", "russian", "brazilian", "czech", "pool", "portuguese",
                    "international", "frisian"},
    [BY_NOTHING] = {"international"},
};

/* The lists' rows, looked up once (NULL-terminated). */
static struct {
    pthread_once_t once;
    const pk_variant *v[NLISTS][13];
} rows = {PTHREAD_ONCE_INIT, {{0}}};

static void find_rows(void)
{
    for (int i = 0; i < NLISTS; i++)
        for (int j = 0, k = 0; j < 12 && lists[i][j]; j++)
            if ((rows.v[i][k] = pk_variant_find(lists[i][j])))
                k++;
}

static const pk_variant *const *candidates(const pk_game *g, const char **why)
{
    const pk_variant *const *empty = rows.v[BY_NOTHING] + 12;
    if (pthread_once(&rows.once, find_rows) != 0)
        return empty;
    int maxnum = 0;
    bool algebraic = false;
    for (int i = 0; i < g->main.nmoves; i++) {
        const pk_pdn_move *m = &g->main.moves[i];
        for (int j = 0; j < m->nsquares; j++) {
            if (m->squares[j].kind != PK_SQ_NUMERIC)
                algebraic = true;
            else if (m->squares[j].num > maxnum)
                maxnum = m->squares[j].num;
        }
    }
    if (g->fen)
        for (const char *s = g->fen; *s; s++)
            if (*s >= '0' && *s <= '9') {
                int n = 0; /* saturates: only "above 32" and "above 50" matter here */
                for (; *s >= '0' && *s <= '9'; s++)
                    n = n < 1000 ? n * 10 + (*s - '0') : n;
                maxnum = n > maxnum ? n : maxnum;
                s--;
            }
    if (algebraic) {
        *why = "its algebraic squares";
        return rows.v[BY_ALGEBRAIC];
    }
    if (maxnum > 50) {
        *why = "its squares above 50 (a 12x12 board)";
        return rows.v[BY_12X12];
    }
    if (maxnum > 32) {
        *why = "its squares above 32 (a 10x10 board)";
        return rows.v[BY_10X10];
    }
    if (maxnum > 0) {
        *why = "its numeric squares";
        return rows.v[BY_NUMERIC];
    }
    *why = "nothing (PDN's default GameType is 20)";
    return rows.v[BY_NOTHING];
}

static const char *hold_str(pk_trial *h, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    if (h->used + n > sizeof h->pool) {
        h->overflow = true;
        return "";
    }
    char *p = memcpy(h->pool + h->used, s, n);
    h->used += n;
    return p;
}

static void hold(void *ctx, const pk_diag *d)
{
    pk_trial *h = ctx;
    if (h->n >= PK_HELD_MAX) {
        h->overflow = true;
        return;
    }
    pk_diag *c = &h->d[h->n++];
    *c = *d; /* code and move outlive the replay; the rest is copied */
    c->message = hold_str(h, d->message);
    c->fen = hold_str(h, d->fen);
    c->hint = hold_str(h, d->hint);
}

void pk_trial_release(pk_trial *t, const char *file, pk_diag_sink *sink)
{
    for (int i = 0; i < t->n; i++) {
        t->d[i].file = file;
        pk_diag_emit(sink, &t->d[i]);
    }
}

/* Does g replay without error under v? With keep, the trial is a full one (variations
 * too) whose diagnostics are held in keep, so that it can stand as the replay. *plies
 * (may be NULL): how far it went. */
static bool fits(pk_replay *r, const pk_game *g, const pk_replay_opts *o, const pk_variant *v, pk_trial *keep,
                 int *plies)
{
    pk_replay_result res, *out = &res;
    pk_diag_sink sink = {hold, keep};
    if (keep) {
        keep->n = 0;
        keep->used = 0;
        keep->overflow = false;
        out = &keep->res;
    }
    bool ok = pk_replay_trial(r, g, o, v, !keep, keep ? &sink : NULL, out);
    if (plies)
        *plies = out->plies;
    return ok;
}

/* "english", "english or pool", "english, pool or frisian" */
static void name_list(const pk_variant *first, const pk_variant *const *v, int n, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%s", first->name);
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i + 1 == n ? " or " : ", ", v[i]->name);
}

static void guess(pk_replay *r, const pk_game *g, const pk_replay_opts *o, pk_variant_choice *ch, pk_trial *keep,
                  const char *lead)
{
    const char *why;
    const pk_variant *const *list = candidates(g, &why);
    const pk_variant *chosen = NULL, *furthest = list[0];
    int at = 0, best = -1;
    for (; list[at] && !chosen; at++) {
        const pk_variant *v = list[at];
        int plies;
        if (!list[1]) /* a single candidate: nothing to try */
            chosen = v;
        else if (fits(r, g, o, v, keep, &plies)) {
            chosen = v;
            if (keep)
                keep->kept = !keep->overflow;
        } else if (plies > best)
            best = plies, furthest = v;
    }
    /* Which others fit is told, so the user can choose (a trial that fails stops at its
     * first error: a few plies). */
    if (chosen && !o->guess_first_fit) {
        for (; list[at]; at++)
            if (fits(r, g, o, list[at], NULL, NULL))
                ch->also[ch->nalso++] = list[at];
    }
    ch->variant = chosen ? chosen : furthest;
    ch->source = PK_VSRC_GUESS;
    if (chosen && chosen->rules.width == 12 && list == rows.v[BY_10X10])
        why = "its squares above 32 (a 12x12 board: no 10x10 variant replays it)";
    ch->severity = PK_SEV_WARNING;
    if (!ch->variant) /* no candidate has a row: cannot happen with the built-in table */
        return;
    int len = snprintf(ch->message, sizeof ch->message, "%sguessed %s from %s", lead, ch->variant->name, why);
    char names[200];
    if (!chosen && len > 0 && (size_t)len < sizeof ch->message)
        snprintf(ch->message + len, sizeof ch->message - (size_t)len,
                 " (no candidate replays it without error; %s goes furthest)", ch->variant->name);
    if (ch->nalso) {
        name_list(ch->also[0], ch->also + 1, ch->nalso - 1, names, sizeof names);
        if (len > 0 && (size_t)len < sizeof ch->message)
            snprintf(ch->message + len, sizeof ch->message - (size_t)len,
                     "; the moves also replay without error as %s", names);
        name_list(chosen, ch->also, ch->nalso, names, sizeof names);
        snprintf(ch->hint, sizeof ch->hint, "add a GameType tag, or choose with --variant NAME (%s)", names);
    } else
        snprintf(ch->hint, sizeof ch->hint, "add a GameType tag, or use --variant NAME");
}

/* ---- resolution
 * ------------------------------------------------------------------------ */

/* The row a name of the tables above stands for, or NULL (then *title names it). */
static const pk_variant *by_variant_tag(const char *tag, const char **title, bool *known)
{
    *known = false;
    for (size_t i = 0; i < COUNT(variant_tags); i++)
        if (strcasecmp(tag, variant_tags[i].tag) == 0) {
            *known = true;
            *title = variant_tags[i].title;
            return pk_variant_find(variant_tags[i].variant);
        }
    const pk_variant *v = pk_variant_find(tag);
    *known = v != NULL;
    return v;
}

static void unsupported(pk_variant_choice *ch, const char *title, const char *what)
{
    ch->variant = NULL;
    ch->unsupported = title;
    ch->severity = PK_SEV_WARNING;
    snprintf(ch->message, sizeof ch->message, "%s (%s) is not supported: moves not checked", title, what);
    snprintf(ch->hint, sizeof ch->hint, "use --variant NAME to check the moves under the rules of a variant pdnkit has");
}

int pk_resolve_variant(pk_replay *r, const pk_game *g, const pk_replay_opts *o, pk_variant_choice *ch,
                       pk_trial *keep)
{
    memset(ch, 0, sizeof *ch);
    if (keep)
        keep->kept = false;
    ch->severity = PK_SEV_NOTE;
    if (o->variant) {
        ch->variant = o->variant;
        ch->source = PK_VSRC_OPTION;
        return PK_OK;
    }
    const pk_pdn_tag *gt_tag = NULL;
    for (int i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, "GameType") == 0)
            gt_tag = &g->tags[i];
    const int gt_line = gt_tag ? gt_tag->line : 0;
    const pk_variant *by_type = g->has_gametype ? pk_variant_by_gametype(g->gametype.type) : NULL;

    const char *vtag = pk_game_tag(g, "Variant"), *title = NULL;
    bool known;
    const pk_variant *v = vtag ? by_variant_tag(vtag, &title, &known) : NULL;
    if (vtag && known) {
        char what[120];
        snprintf(what, sizeof what, "Variant tag \"%.80s\"", vtag);
        if (!v) {
            unsupported(ch, title, what);
            return PK_OK;
        }
        ch->variant = v;
        ch->source = PK_VSRC_VARIANT_TAG;
        if (by_type && by_type != v) {
            ch->severity = PK_SEV_WARNING;
            snprintf(ch->message, sizeof ch->message,
                     "the %s names %s but GameType %d (line %d) names %s; the %s rules are used", what, v->name,
                     g->gametype.type, gt_line, by_type->name, v->name);
            snprintf(ch->hint, sizeof ch->hint, "use --variant NAME to choose the rules");
        } else if (!g->has_gametype) {
            snprintf(ch->message, sizeof ch->message, "no GameType tag: the %s names %s", what, v->name);
            snprintf(ch->hint, sizeof ch->hint, "add [GameType \"%d\"] for other PDN readers", v->gametype);
        }
        return PK_OK;
    }
    if (g->has_gametype) {
        const pk_gametype *t = &g->gametype;
        if ((v = by_type)) {
            ch->variant = v;
            ch->source = PK_VSRC_GAMETYPE;
            if (t->extended &&
                ((t->width && t->width != v->rules.width) || (t->height && t->height != v->rules.height) ||
                 (t->start && t->start != (v->first == PK_WHITE ? 'W' : 'B')))) {
                ch->severity = PK_SEV_WARNING;
                snprintf(ch->message, sizeof ch->message,
                         "GameType \"%s\" (line %d) contradicts GameType %d (%s: %s); the %s rules are used",
                         gt_tag ? gt_tag->value : "?", gt_line, v->gametype, v->name, v->gametype_full, v->name);
                snprintf(ch->hint, sizeof ch->hint, "use --variant NAME to choose the rules");
            }
            return PK_OK;
        }
        for (size_t i = 0; i < COUNT(gametypes); i++)
            if (gametypes[i].gametype == t->type) {
                char what[40];
                snprintf(what, sizeof what, "%s %d", gametypes[i].by, t->type);
                if ((v = pk_variant_find(gametypes[i].variant))) { /* a row of that name, another number */
                    ch->variant = v;
                    ch->source = PK_VSRC_GAMETYPE;
                    return PK_OK;
                }
                unsupported(ch, gametypes[i].title, what);
                return PK_OK;
            }
        char lead[120];
        snprintf(lead, sizeof lead, "GameType %d (line %d) is not a variant pdnkit knows; ", t->type, gt_line);
        guess(r, g, o, ch, keep, lead);
        return PK_OK;
    }
    guess(r, g, o, ch, keep, "no GameType tag: ");
    return PK_OK;
}

void pk_resolve_report(const pk_variant_choice *ch, const pk_game *g, const char *file, pk_diag_sink *sink)
{
    if (!ch->message[0])
        return;
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = ch->severity;
    d.code = "gametype";
    d.file = file;
    d.game = g->index;
    d.line = g->line;
    d.col = g->col;
    d.message = ch->message;
    d.hint = ch->hint[0] ? ch->hint : NULL;
    pk_diag_emit(sink, &d);
}

/* ---- suggestion
 * ------------------------------------------------------------------------ */

void pk_resolve_suggest(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                        const pk_variant *tagged, pk_diag_sink *sink)
{
    const char *why;
    const pk_variant *const *list = candidates(g, &why);
    for (int i = 0; list[i]; i++) {
        const pk_variant *v = list[i];
        if (v == tagged || !fits(r, g, o, v, NULL, NULL))
            continue;
        char msg[300], hint[64];
        pk_diag d;
        memset(&d, 0, sizeof d);
        snprintf(msg, sizeof msg, "the moves replay without error as %s (GameType %d): is the GameType tag wrong?",
                 v->name, v->gametype);
        snprintf(hint, sizeof hint, "to check it so: --variant %s", v->name);
        d.severity = PK_SEV_NOTE;
        d.code = "gametype";
        d.file = file;
        d.game = g->index;
        d.line = g->line;
        d.col = g->col;
        d.message = msg;
        d.hint = hint;
        pk_diag_emit(sink, &d);
        return;
    }
}
