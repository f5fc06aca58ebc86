/*
 * pdn_game.c -- the pk_game data model: tag lookup, what a game holds (its notes
 * counted, its unparsed rest), the GameType tag parser and result classification (see
 * pdn.h). Every string and node of a game lives in its arena (pdn_arena.c).
 */
#include "pdn.h"
#include "pk_ascii.h"
#include "pdn_game_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- game ---- */
void pk_game_init(pk_game *g)
{
    memset(g, 0, sizeof *g);
}

void pk_game_free(pk_game *g)
{
    if (g->mem_) {
        pk_arena_free(g->mem_->arena);
        free(g->mem_->main_buf);
        free(g->mem_);
    }
    memset(g, 0, sizeof *g);
}

const char *pk_game_tag(const pk_game *g, const char *name)
{
    for (int i = 0; i < g->ntags; i++)
        if (!strcmp(g->tags[i].name, name))
            return g->tags[i].value;
    return NULL;
}

/* ---- what a game holds ---- */

/* (the recursion is as deep as the reader nests variations: PK_PDN_MAX_DEPTH) */
static void count_line(pk_pdn_counts *c, const pk_pdn_line *l);

static void count_notes(pk_pdn_counts *c, const pk_pdn_note *n)
{
    for (; n; n = n->next)
        switch (n->kind) {
        case PK_NOTE_COMMENT: c->comments++; break;
        case PK_NOTE_LINE: c->lines++; break;
        case PK_NOTE_NAG: c->nags++; break;
        case PK_NOTE_SETUP: c->setups++; break;
        case PK_NOTE_VARIATION: c->variations++, count_line(c, n->line); break;
        case PK_NOTE_UNPARSED: c->unparsed += *n->text != 0; break;
        }
}

static void count_line(pk_pdn_counts *c, const pk_pdn_line *l)
{
    count_notes(c, l->pre);
    for (int i = 0; i < l->nmoves; i++) {
        count_notes(c, l->moves[i].before);
        count_notes(c, l->moves[i].after);
    }
}

void pk_game_count(const pk_game *g, pk_pdn_counts *c) { count_line(c, &g->main); }

void pk_pdn_counts_add(pk_pdn_counts *a, const pk_pdn_counts *b)
{
    a->comments += b->comments;
    a->lines += b->lines;
    a->nags += b->nags;
    a->variations += b->variations;
    a->setups += b->setups;
    a->unparsed += b->unparsed;
}

bool pk_pdn_tag_name_ok(const char *s)
{
    for (const char *p = s; *p; p++)
        if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return *s != 0;
}

const pk_pdn_note *pk_game_unparsed(const pk_game *g)
{
    if (!g->cut)
        return NULL;
    const pk_pdn_line *l = &g->main;
    for (;;) { /* the last note of the last line: down the variations that end each line */
        const pk_pdn_note *n = l->nmoves ? l->moves[l->nmoves - 1].after : l->pre;
        while (n && n->next)
            n = n->next;
        if (!n || n->kind != PK_NOTE_VARIATION || !n->line)
            return n && n->kind == PK_NOTE_UNPARSED && (n->nag & PK_UNPARSED_REST) && *n->text ? n : NULL;
        l = n->line;
    }
}

/* ---- GameType ---- */
/* Reads all the digits at *s: 1, or 0 when there is none, or -1 when they are more than
 * 99999 (the digits are still read, so that the message names the number, not what follows
 * its first digits). */
static int parse_int(const char **s, int *v)
{
    if (!pk_ascii_isdigit((unsigned char)**s))
        return 0;
    *v = 0;
    int big = 0;
    for (; pk_ascii_isdigit((unsigned char)**s); (*s)++) {
        if (*v >= 10000)
            big = 1;
        else
            *v = *v * 10 + (**s - '0');
    }
    return big ? -1 : 1;
}

int pk_gametype_parse(const char *s, pk_gametype *gt, pk_error *err)
{
    const char *p = s;
    memset(gt, 0, sizeof *gt);
    while (*p == ' ')
        p++;
    const char *num = p;
    int ok = parse_int(&p, &gt->type);
    if (ok == 0)
        return pk_error_set(err, PK_ERR_SYNTAX, (int)(p - s) + 1, "GameType must start with a number");
    if (ok < 0)
        return pk_error_set(err, PK_ERR_RANGE, (int)(num - s) + 1, "game type number %.*s%s is out of range",
                            (int)(p - num > 24 ? 24 : p - num), num, p - num > 24 ? "..." : "");
    while (*p == ' ')
        p++;
    if (!*p)
        return PK_OK;
    /* extended: t,S,W,H,Xk,I */
    if (*p++ != ',' || (*p != 'W' && *p != 'B'))
        return pk_error_set(err, PK_ERR_SYNTAX, (int)(p - s) + 1, "expected ',W' or ',B' after the game type");
    gt->start = *p++;
    if (*p++ != ',' || parse_int(&p, &gt->width) <= 0 || *p++ != ',' || parse_int(&p, &gt->height) <= 0 ||
        *p++ != ',')
        return pk_error_set(err, PK_ERR_SYNTAX, (int)(p - s), "expected board width and height");
    if (*p != 'N' && *p != 'A' && *p != 'S')
        return pk_error_set(err, PK_ERR_SYNTAX, (int)(p - s) + 1, "notation must be N, A or S");
    gt->notation = *p++;
    if (pk_ascii_isdigit((unsigned char)*p))
        gt->corner = *p++ - '0';
    if (*p++ != ',' || parse_int(&p, &gt->invert) <= 0)
        return pk_error_set(err, PK_ERR_SYNTAX, (int)(p - s), "expected the invert flag");
    while (*p == ' ')
        p++;
    if (*p)
        return pk_error_set(err, PK_ERR_SYNTAX, (int)(p - s) + 1, "unexpected text after GameType");
    gt->extended = 1;
    return PK_OK;
}

/* ---- results ---- */
const char *pk_result_kind_name(int kind)
{
    static const char *const n[] = {"none", "unknown", "first-win", "second-win", "draw",
                                    "double-forfeit"};
    return kind >= 0 && kind <= PK_RESULT_DOUBLE_FORFEIT ? n[kind] : "none";
}

int pk_result_classify(const char *t, size_t n, int *standard)
{
#define R(text, kind, std) {text, sizeof text - 1, kind, std}
    static const struct { const char *text; size_t len; int kind, std; } tab[] = {
        R("1-0", PK_RESULT_FIRST_WIN, 1),      R("0-1", PK_RESULT_SECOND_WIN, 1),
        R("2-0", PK_RESULT_FIRST_WIN, 1),      R("0-2", PK_RESULT_SECOND_WIN, 1),
        R("1/2-1/2", PK_RESULT_DRAW, 1),       R("1-1", PK_RESULT_DRAW, 1),
        R("0-0", PK_RESULT_DOUBLE_FORFEIT, 1), R("*", PK_RESULT_UNKNOWN, 1),
        R("1/2:1/2", PK_RESULT_DRAW, 0),       R("\xC2\xBD-\xC2\xBD", PK_RESULT_DRAW, 0),
        R("0.5-0.5", PK_RESULT_DRAW, 0),       R("1:0", PK_RESULT_FIRST_WIN, 0),
        R("0:1", PK_RESULT_SECOND_WIN, 0),     R("2:0", PK_RESULT_FIRST_WIN, 0),
        R("0:2", PK_RESULT_SECOND_WIN, 0),     R("1:1", PK_RESULT_DRAW, 0),
        R("0:0", PK_RESULT_DOUBLE_FORFEIT, 0), R("-", PK_RESULT_UNKNOWN, 0),
    };
#undef R
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (tab[i].len == n && !memcmp(tab[i].text, t, n)) {
            if (standard)
                *standard = tab[i].std;
            return tab[i].kind;
        }
    return -1;
}

const char *pk_result_token(int kind, const char *like)
{
    bool ten = like && (!strcmp(like, "2-0") || !strcmp(like, "0-2") || !strcmp(like, "1-1"));
    switch (kind) {
    case PK_RESULT_FIRST_WIN: return ten ? "2-0" : "1-0";
    case PK_RESULT_SECOND_WIN: return ten ? "0-2" : "0-1";
    case PK_RESULT_DRAW: return ten ? "1-1" : "1/2-1/2";
    case PK_RESULT_DOUBLE_FORFEIT: return "0-0";
    default: return "*";
    }
}

/* RULES 4.4: the terminator and the Result tag are two copies of one fact; "*" (or a
 * missing terminator) says nothing, so a tag that names a result is the record's word. */
void pk_game_stated_result(const pk_game *g, pk_stated_result *out)
{
    memset(out, 0, sizeof *out);
    out->tag_kind = -1;
    for (int i = 0; i < g->ntags; i++)
        if (g->tags[i].name[0] == 'R' && !strcmp(g->tags[i].name, "Result")) {
            out->tag = g->tags[i].value;
            out->tag_line = g->tags[i].line;
            out->tag_col = g->tags[i].col;
            out->tag_kind = out->tag ? pk_result_classify(out->tag, strlen(out->tag), NULL) : -1;
            break;
        }
    const pk_pdn_result *t = &g->result;
    bool term_known = t->text && t->kind >= PK_RESULT_FIRST_WIN;
    bool tag_known = out->tag_kind >= PK_RESULT_FIRST_WIN;
    if (term_known || (t->text && !tag_known)) {
        out->text = t->text;
        out->kind = t->kind;
        out->source = PK_RESULT_FROM_TERMINATOR;
        out->line = t->line;
        out->col = t->col;
        out->conflict = term_known && tag_known && out->tag_kind != t->kind;
    } else if (out->tag) {
        out->text = out->tag;
        out->kind = out->tag_kind >= 0 ? out->tag_kind : PK_RESULT_UNKNOWN;
        out->source = PK_RESULT_FROM_TAG;
        out->line = out->tag_line;
        out->col = out->tag_col;
    }
}
