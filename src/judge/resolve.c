/*
 * resolve.c -- variant resolution (see resolve.h): the option, the Variant and GameType
 * tags, the variants named but not implemented, the guess from the notation and the
 * file's first games (pk_file_guess), the error for a game only another variant fits,
 * and the suggestion that a GameType tag is wrong.
 */
#include "replay_result_int.h"
#include "resolve_int.h"
#include "pk_ascii.h"
#include "pk_assert.h"
#include "pk_nls.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

/* ---- names of variants
 * ------------------------------------------------------------------ */

/* Variant tags naming a game pdnkit has no row for (lidraughts' and playstrategy's
 * Variant.scala names): the game is "not supported" under `title`, or, should a row of
 * that NAME be added, replayed under it. The tags of the variants pdnkit has are their
 * rows' (variant_rows.h: .variant_tags, then the name and aliases); a tag neither knows
 * is ignored. */
static const struct {
    const char *tag, *variant, *title;
} variant_tags[] = {
    {"Killer", "killer", "Killer draughts"},
};

/* GameType numbers of the PDN 3.0 table (wiegerw/pdn doc/gametype.rst) for games pdnkit
 * has no row for (the rows' own numbers, lidraughts' 96-98 among them, are the rows') (a row with the number is
 * looked up first; then the row of that NAME). */
static const struct {
    int gametype;
    const char *variant, *title, *by;
} gametypes[] = {
    {0, "chess", "Chess", "GameType"},
    {1, "chinese-chess", "Chinese chess", "GameType"},
    {41, "spantsiretti", "Spantsiretti draughts", "GameType"},
    {50, "othello", "Othello", "GameType"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the guess
 * ------------------------------------------------------------------------- */

/* Candidates by notation, in the order resolve.h documents (RULES 4.1: the notation
 * narrows the candidates; the most common variant of the notation first): each row's
 * place in each list is its .guess (variant_rows.h). A game without a square may be of
 * any variant: PDN's default first, then every row of the table. */
enum { BY_ALGEBRAIC, BY_12X12, BY_10X10, BY_NUMERIC, BY_NOTHING, NLISTS };

/* Row v's place in list i (1 first, 0 not a candidate). */
static int rank_in(const pk_variant *v, int i)
{
    const pk_guess_ranks *r = &pk_variant_def_of(v)->guess;
    switch (i) {
    case BY_ALGEBRAIC: return r->algebraic;
    case BY_12X12: return r->above50;
    case BY_10X10: return r->above32;
    case BY_NUMERIC: return r->numeric;
    default: return r->nothing;
    }
}

/* Why the notation's first candidate, for the warning. */
static const char *const why[NLISTS] = {
    [BY_ALGEBRAIC] = N_("its algebraic squares"),
    [BY_12X12] = N_("its squares above 50 (a 12x12 board)"),
    [BY_10X10] = N_("its squares above 32 (a 10x10 board)"),
    [BY_NUMERIC] = N_("its numeric squares"),
    [BY_NOTHING] = N_("nothing (PDN's default GameType is 20)"),
};

/* The same, as the diagnostic says it to a program (pk_diag.guess). */
static const int guess_of[NLISTS] = {
    [BY_ALGEBRAIC] = PK_GUESS_ALGEBRAIC, [BY_12X12] = PK_GUESS_12X12, [BY_10X10] = PK_GUESS_10X10,
    [BY_NUMERIC] = PK_GUESS_NUMERIC,     [BY_NOTHING] = PK_GUESS_NO_SQUARES,
};

/* The lists' rows, looked up once (NULL-terminated). */
static struct {
    pthread_once_t once;
    const pk_variant *v[NLISTS][PK_V_COUNT + 1];
} rows = {PTHREAD_ONCE_INIT, {{0}}};

static void find_rows(void)
{
    for (int i = 0; i < NLISTS; i++) {
        int k = 0;
        for (int rank = 1; rank <= 255 && k < PK_V_COUNT; rank++) /* by rank: ranks are few */
            for (int j = 0; j < PK_V_COUNT; j++) {
                const pk_variant *v = pk_variant_at(j);
                if (v && rank_in(v, i) == rank && k < PK_V_COUNT)
                    rows.v[i][k++] = v;
            }
        for (int j = 0; i == BY_NOTHING && j < PK_V_COUNT; j++) { /* then every other row */
            const pk_variant *v = pk_variant_at(j);
            if (v && !rank_in(v, i) && k < PK_V_COUNT)
                rows.v[i][k++] = v;
        }
    }
}

/* Which list g's squares (its moves' and its FEN's) select. */
static int notation(const pk_game *g)
{
    int maxnum = 0;
    /* indices, not pointer ends: a move without squares has squares NULL (NULL + 0 is
     * undefined behaviour in C, and UBSan says so) */
    for (int i = 0; i < g->main.nmoves; i++)
        for (int j = 0; j < g->main.moves[i].nsquares; j++) {
            const pk_pdn_square *q = &g->main.moves[i].squares[j];
            if (q->kind != PK_SQ_NUMERIC)
                return BY_ALGEBRAIC;
            if (q->num > maxnum)
                maxnum = q->num;
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
    return maxnum > 50 ? BY_12X12 : maxnum > 32 ? BY_10X10 : maxnum > 0 ? BY_NUMERIC : BY_NOTHING;
}

/* The words a, b, ... (up to a NULL) into buf, cut to its size: the guess's message is
 * made for every game, where snprintf would cost more than the rest of the guess. */
static void join(char *buf, size_t size, ...)
{
    va_list ap;
    size_t len = 0;
    va_start(ap, size);
    for (const char *w; (w = va_arg(ap, const char *));) {
        size_t n = strlen(w);
        if (n > size - 1 - len)
            n = size - 1 - len;
        memcpy(buf + len, w, n);
        len += n;
    }
    va_end(ap);
    buf[len] = 0;
}

static const pk_variant *const *candidates(int by)
{
    static const pk_variant *const none[1] = {NULL};
    if (pthread_once(&rows.once, find_rows) != 0)
        return none;
    return rows.v[by];
}

/* Does g replay without error under v? A quick trial: the main line, to its first error. */
static bool fits(pk_replay *r, const pk_game *g, const pk_replay_opts *o, const pk_variant *v)
{
    pk_replay_result res;
    return pk_replay_trial(r, g, o, v, true, NULL, &res);
}

/* "english", "english or pool", "english, pool or frisian" */
static void name_list(const pk_variant *const *v, int n, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%s", v[0]->name);
    for (int i = 1; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i + 1 == n ? " or " : ", ", v[i]->name);
}

/* A diagnostic of the whole game g (at its start) to sink; for a guess (ch not NULL), the
 * variant guessed and why, as data. */
static void game_diag(pk_diag_sink *sink, const pk_game *g, const char *file, int severity, const char *code,
                      const char *msg, const char *hint, const pk_variant_choice *ch)
{
    pk_diag d;
    memset(&d, 0, sizeof d);
    d.severity = severity;
    d.code = code;
    d.file = file;
    d.game = g->index;
    d.line = g->line;
    d.col = g->col;
    d.message = msg;
    d.hint = hint;
    if (ch) {
        d.variant = ch->variant;
        d.guess = ch->guess;
    }
    pk_diag_emit(sink, &d);
}

void pk_file_guess_init(pk_file_guess *f) { memset(f, 0, sizeof *f); }

/* The candidate of list the file's games are read as most; the first one counts one game
 * more (resolve.h). */
static const pk_variant *file_choice(const pk_file_guess *f, const pk_variant *const *list)
{
    const pk_variant *best = list[0];
    int score = best && f ? f->fit[best->index] + 1 : 0;
    for (int i = 1; f && list[0] && list[i]; i++)
        if (f->fit[list[i]->index] > score)
            best = list[i], score = f->fit[list[i]->index];
    return best;
}

_Static_assert(NLISTS <= PK_FILE_GUESS_NOTATIONS, "pk_file_guess counts the games of each list");

/* The variant of a game without a square (RULES 4.1): nothing of its own narrows the
 * candidates, so it takes what the file's games say. When games without a tag voted, the
 * candidate a game of their most common notation is guessed as (file_choice(), the same
 * words as that game's warning), unless a variant outside that list has more votes still
 * (a file whose other games are tagged); when none did, the variant most games are read
 * as (a tie to PDN's default first, then the table's order). A file without votes: PDN's
 * default. */
static const pk_variant *file_variant(const pk_file_guess *f)
{
    const pk_variant *const *all = candidates(BY_NOTHING);
    if (!f || !all[0])
        return all[0];
    int by = BY_NOTHING;
    for (int i = 0; i < NLISTS; i++)
        if (i != BY_NOTHING && f->notation[i] > (by == BY_NOTHING ? 0 : f->notation[by]))
            by = i;
    const pk_variant *const *list = candidates(by);
    const pk_variant *best = file_choice(f, list);
    int score = best ? f->fit[best->index] + (by != BY_NOTHING && best == list[0]) : 0;
    for (int i = 0; all[i]; i++)
        if (f->fit[all[i]->index] > score)
            best = all[i], score = f->fit[all[i]->index];
    return best;
}

static void guess(const pk_game *g, const pk_replay_opts *o, pk_variant_choice *ch, const char *lead)
{
    int by = notation(g);
    const pk_file_guess *f = o->file_guess;
    ch->variant = by == BY_NOTHING ? file_variant(f) : file_choice(f, candidates(by));
    ch->source = PK_VSRC_GUESS;
    ch->severity = PK_SEV_WARNING;
    assert(ch->variant); /* every guess list names rows of the built-in table */
    if (!ch->variant) /* no candidate has a row: cannot happen with the built-in table */
        return;
    /* the file's games: more than the game's own vote (a game without a square has none) */
    ch->by_file = f && f->fit[ch->variant->index] > 0 && (f->games > 1 || by == BY_NOTHING);
    /* the words below, as data: a program keys on these, never on the message */
    ch->guess = (ch->by_file ? PK_GUESS_FILE : guess_of[by]) | (g->has_gametype ? PK_GUESS_UNKNOWN_GAMETYPE : 0);
    /* TRANSLATORS: "no GameType tag: " + "guessed " + a variant's name (international) +
       ", the variant of this file's games", or + " from " + "its numeric squares" */
    /* looked up once per process (pk_nls_once): a file without GameType tags asks for
     * these words on every game */
    static pk_nls_slot guessed, by_file, from, hint, whys[NLISTS];
    if (ch->by_file)
        join(ch->message, sizeof ch->message, lead, pk_nls_once(&guessed, N_("guessed ")), ch->variant->name,
             pk_nls_once(&by_file, N_(", the variant of this file's games")), (char *)NULL);
    else
        join(ch->message, sizeof ch->message, lead, pk_nls_once(&guessed, N_("guessed ")), ch->variant->name,
             pk_nls_once(&from, N_(" from ")), pk_nls_once(&whys[by], why[by]), (char *)NULL);
    join(ch->hint, sizeof ch->hint, pk_nls_once(&hint, N_("add a GameType tag, or use --variant NAME")),
         (char *)NULL);
}

bool pk_resolve_misfit(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                       pk_variant_choice *ch, pk_diag_sink *sink)
{
    ch->nfit = 0;
    /* Errors a trial does not look for (the Result tag, a variation) would be the same
     * under any variant: only a game whose main line does not fit is tried further. */
    if (ch->source != PK_VSRC_GUESS || !ch->variant || fits(r, g, o, ch->variant))
        return false;
    for (const pk_variant *const *v = candidates(notation(g)); *v; v++)
        if (*v != ch->variant && fits(r, g, o, *v))
            ch->fit[ch->nfit++] = *v;
    if (!ch->nfit)
        return false;
    char names[300], msg[PK_RESOLVE_MSG], hint[200];
    name_list(ch->fit, ch->nfit, names, sizeof names);
    snprintf(msg, sizeof msg, PK_T("the game has errors as %s, the variant guessed for it, but replays without error as %s"),
             ch->variant->name, names);
    const char *name = ch->fit[0]->name;
    snprintf(hint, sizeof hint,
             strchr("aeiou", name[0]) ? PK_T("if it is an %s game, add [GameType \"%d\"]; or check it with --variant NAME")
                                      : PK_T("if it is a %s game, add [GameType \"%d\"]; or check it with --variant NAME"),
             name, ch->fit[0]->gametype);
    game_diag(sink, g, file, PK_SEV_ERROR, "variant-guess", msg, hint, ch);
    return true;
}

/* ---- resolution
 * ------------------------------------------------------------------------ */

/* Is `tag` one of the '|'-separated spellings of `list` (ASCII case-insensitive)? */
static bool in_tags(const char *list, const char *tag)
{
    size_t n = strlen(tag);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, "|");
        if (k == n && pk_ascii_ncasecmp(p, tag, n) == 0)
            return true;
        p += k;
        if (*p == '|')
            p++;
    }
    return false;
}

/* The row a name of the tables above stands for, or NULL (then *title names it). */
static const pk_variant *by_variant_tag(const char *tag, const char **title, bool *known)
{
    *known = false;
    for (int i = 0; i < PK_V_COUNT; i++) { /* the rows' own spellings */
        const pk_variant *v = pk_variant_at(i);
        if (v && in_tags(pk_variant_def_of(v)->variant_tags, tag)) {
            *known = true;
            *title = v->title;
            return v;
        }
    }
    for (size_t i = 0; i < COUNT(variant_tags); i++)
        if (pk_ascii_casecmp(tag, variant_tags[i].tag) == 0) {
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
    snprintf(ch->message, sizeof ch->message, PK_T("%s (%s) is not supported: moves not checked"), title, what);
    snprintf(ch->hint, sizeof ch->hint, "%s", PK_T("use --variant NAME to check the moves under the rules of a variant pdnkit has"));
}

/* Steps 2 and 3 of resolve.h: true when the tags decide (ch->variant, or a variant not
 * supported), false when g is guessed (lead: what the warning starts with). */
static bool by_tags(const pk_game *g, pk_variant_choice *ch, char *lead, size_t lead_size)
{
    const pk_pdn_tag *gt_tag = NULL;
    for (int i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, "GameType") == 0)
            gt_tag = &g->tags[i];
    const long long gt_line = gt_tag ? gt_tag->line : 0;
    const pk_variant *by_type = g->has_gametype ? pk_variant_by_gametype(g->gametype.type) : NULL;

    const char *vtag = pk_game_tag(g, "Variant"), *title = NULL;
    bool known;
    const pk_variant *v = vtag ? by_variant_tag(vtag, &title, &known) : NULL;
    if (vtag && known) {
        char what[120];
        snprintf(what, sizeof what, PK_T("Variant tag \"%.80s\""), vtag);
        if (!v) {
            unsupported(ch, title, what);
            return true;
        }
        ch->variant = v;
        ch->source = PK_VSRC_VARIANT_TAG;
        if (by_type && by_type != v) {
            ch->severity = PK_SEV_WARNING;
            snprintf(ch->message, sizeof ch->message,
                     PK_T("the %s names %s but GameType %d (line %lld) names %s; the %s rules are used"), what, v->name,
                     g->gametype.type, gt_line, by_type->name, v->name);
            snprintf(ch->hint, sizeof ch->hint, "%s", PK_T("use --variant NAME to choose the rules"));
        } else if (!g->has_gametype) {
            snprintf(ch->message, sizeof ch->message, PK_T("no GameType tag: the %s names %s"), what, v->name);
            snprintf(ch->hint, sizeof ch->hint, PK_T("add [GameType \"%d\"] for other PDN readers"), v->gametype);
        }
        return true;
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
                         PK_T("GameType \"%s\" (line %lld) contradicts GameType %d (%s: %s); the %s rules are used"),
                         gt_tag ? gt_tag->value : "?", gt_line, v->gametype, v->name, v->gametype_full, v->name);
                snprintf(ch->hint, sizeof ch->hint, "%s", PK_T("use --variant NAME to choose the rules"));
            }
            return true;
        }
        for (size_t i = 0; i < COUNT(gametypes); i++)
            if (gametypes[i].gametype == t->type) {
                char what[40];
                snprintf(what, sizeof what, "%s %d", gametypes[i].by, t->type);
                if ((v = pk_variant_find(gametypes[i].variant))) { /* a row of that name, another number */
                    ch->variant = v;
                    ch->source = PK_VSRC_GAMETYPE;
                    return true;
                }
                unsupported(ch, gametypes[i].title, what);
                return true;
            }
        snprintf(lead, lead_size, PK_T("GameType %d (line %lld) is not a variant pdnkit knows; "), t->type, gt_line);
        return false;
    }
    static pk_nls_slot no_tag; /* (every game of a file without GameType tags: pk_nls_once) */
    join(lead, lead_size, pk_nls_once(&no_tag, N_("no GameType tag: ")), (char *)NULL);
    return false;
}

/* An empty choice; the arrays are left alone (a kilobyte cleared per game would show). */
static void clear_choice(pk_variant_choice *ch)
{
    ch->variant = NULL;
    ch->source = PK_VSRC_OPTION;
    ch->unsupported = NULL;
    ch->by_file = false;
    ch->guess = 0;
    ch->nfit = 0;
    ch->severity = PK_SEV_NOTE;
    ch->message[0] = ch->hint[0] = 0;
}

void pk_resolve_variant(pk_replay *r, const pk_game *g, const pk_replay_opts *o, pk_variant_choice *ch)
{
    (void)r; /* no trial: the file's first games were counted (pk_file_guess_add) */
    clear_choice(ch);
    char lead[120];
    if (o->variant) {
        ch->variant = o->variant;
        ch->source = PK_VSRC_OPTION;
    } else if (!by_tags(g, ch, lead, sizeof lead))
        guess(g, o, ch, lead);
}

bool pk_file_guess_add(pk_file_guess *f, pk_replay *r, const pk_game *g, const pk_replay_opts *o)
{
    if (f->games >= PK_FILE_GUESS_GAMES)
        return false;
    f->games++;
    pk_variant_choice ch;
    char lead[120];
    clear_choice(&ch);
    if (by_tags(g, &ch, lead, sizeof lead)) { /* read as its tag says (or not at all) */
        if (ch.variant)
            f->fit[ch.variant->index]++;
        return true;
    }
    /* A game without moves (or without a square) fits every candidate: it would vote for
     * each, and a tie goes to the list's first, PDN's default (issue 31). It gives no vote. */
    int by = notation(g);
    if (g->main.nmoves == 0 || by == BY_NOTHING) {
        f->games--;
        return true;
    }
    f->notation[by]++;
    for (const pk_variant *const *v = candidates(by); *v; v++)
        if (fits(r, g, o, *v))
            f->fit[(*v)->index]++;
    return true;
}

void pk_resolve_report(const pk_variant_choice *ch, const pk_game *g, const char *file, pk_diag_sink *sink)
{
    if (ch->message[0])
        game_diag(sink, g, file, ch->severity, ch->source == PK_VSRC_GUESS ? "variant-guess" : "gametype",
                  ch->message, ch->hint[0] ? ch->hint : NULL, ch->source == PK_VSRC_GUESS ? ch : NULL);
}

/* ---- suggestion
 * ------------------------------------------------------------------------ */

void pk_resolve_suggest(pk_replay *r, const pk_game *g, const char *file, const pk_replay_opts *o,
                        const pk_variant *tagged, pk_diag_sink *sink)
{
    const pk_variant *const *list = candidates(notation(g));
    for (int i = 0; list[i]; i++) {
        const pk_variant *v = list[i];
        if (v == tagged || !fits(r, g, o, v))
            continue;
        char msg[300], hint[64];
        snprintf(msg, sizeof msg, PK_T("the moves replay without error as %s (GameType %d): is the GameType tag wrong?"),
                 v->name, v->gametype);
        snprintf(hint, sizeof hint, PK_T("to check it so: --variant %s"), v->name);
        game_diag(sink, g, file, PK_SEV_NOTE, "gametype", msg, hint, NULL);
        return;
    }
}

/* ---- the handles (resolve_int.h has their fields)
 * ------------------------------------------------------------------------ */

pk_variant_choice *pk_variant_choice_new(void)
{
    pk_variant_choice *ch = malloc(sizeof *ch);
    if (ch)
        clear_choice(ch);
    return ch;
}

void pk_variant_choice_free(pk_variant_choice *ch) { free(ch); }

const pk_variant *pk_variant_choice_variant(const pk_variant_choice *ch) { return ch->variant; }
const char *pk_variant_choice_unsupported(const pk_variant_choice *ch) { return ch->unsupported; }
int pk_variant_choice_source(const pk_variant_choice *ch) { return ch->source; }
bool pk_variant_choice_by_file(const pk_variant_choice *ch) { return ch->by_file; }
int pk_variant_choice_nfit(const pk_variant_choice *ch) { return ch->nfit; }
const pk_variant *pk_variant_choice_fit(const pk_variant_choice *ch, int i)
{
    return i >= 0 && i < ch->nfit ? ch->fit[i] : NULL;
}
const char *pk_variant_choice_message(const pk_variant_choice *ch) { return ch->message; }
const char *pk_variant_choice_hint(const pk_variant_choice *ch) { return ch->hint; }
int pk_variant_choice_severity(const pk_variant_choice *ch) { return ch->severity; }

pk_file_guess *pk_file_guess_new(void) { return calloc(1, sizeof(pk_file_guess)); }
void pk_file_guess_free(pk_file_guess *f) { free(f); }
int pk_file_guess_games(const pk_file_guess *f) { return f->games; }
int pk_file_guess_votes(const pk_file_guess *f, const pk_variant *v)
{
    return v && v->index >= 0 && v->index < PK_V_COUNT ? f->fit[v->index] : 0;
}

/* The saved form (resolve.h): games, fit[PK_V_COUNT], notation[]. */
size_t pk_file_guess_size(void) { return 1 + PK_V_COUNT + PK_FILE_GUESS_NOTATIONS; }

void pk_file_guess_save(const pk_file_guess *f, int *out)
{
    out[0] = f->games;
    memcpy(out + 1, f->fit, sizeof f->fit);
    memcpy(out + 1 + PK_V_COUNT, f->notation, sizeof f->notation);
}

int pk_file_guess_load(pk_file_guess *f, const int *in, size_t n, pk_error *err)
{
    if (n != pk_file_guess_size())
        return pk_error_set(err, PK_ERR_USAGE, 0, "a file's guess of %zu numbers, %zu expected (another version of pdnkit)",
                            n, pk_file_guess_size());
    if (in[0] < 0 || in[0] > PK_FILE_GUESS_GAMES)
        return pk_error_set(err, PK_ERR_USAGE, 0, "a file's guess of %d games, at most %d counted", in[0],
                            PK_FILE_GUESS_GAMES);
    for (size_t i = 1; i < n; i++) /* each vote and notation count: some of the games counted */
        if (in[i] < 0 || in[i] > in[0])
            return pk_error_set(err, PK_ERR_USAGE, 0, "a file's guess with a count of %d in %d games", in[i], in[0]);
    f->games = in[0];
    memcpy(f->fit, in + 1, sizeof f->fit);
    memcpy(f->notation, in + 1 + PK_V_COUNT, sizeof f->notation);
    return PK_OK;
}
