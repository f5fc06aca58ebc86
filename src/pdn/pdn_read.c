/*
 * pdn_read.c -- the streaming PDN reader (see pdn.h): the game state machine (where a
 * game starts and ends, what each token does), comments, tag pairs. Below it, sharing the
 * reader's state through pdn_reader.h (which lists them in order): the diagnostics and
 * memory (pdn_report.c), the text kept (pdn_text.c), the input window and the cursor
 * (pdn_window.c), tag pairs' values (pdn_tag.c), the move tree being built (pdn_tree.c),
 * the text the reader does not read as PDN (pdn_unparsed.c), the move parser
 * (pdn_move.c), results (pdn_result.c).
 *
 * A game ends at a result token, at a tag pair that follows movetext (missing result), at
 * a tag pair after a blank line that repeats a tag of a header-only record, in a game
 * without tag pairs at a move number 1 after a blank line (missing result), or at the end
 * of input (missing result, when it has movetext). After a syntax error the rest of the game is skipped up to its result or to a
 * tag pair at the start of a line, so one bad game never swallows the next; the text
 * skipped is kept (pdn_unparsed.c).
 */
#include "pdn_game_int.h"
#include "pdn_reader.h"
#include "pdn_tree.h"
#include "pdn_resume.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ tokens */

/* Skips blanks. The common ones (space, tab, LF, CRLF) are counted on the way, without
 * a lexer call; the first other one (a lone CR, which may need a warning, an LF after a
 * CR that ended the last token, \f, \v) stops the count: pk_rd_advance() counts the rest when
 * the next token is read, so r->cpos may stay behind r->pos. */
static void skip_blanks(pk_pdn_reader *r)
{
    const char *b = r->buf;
    size_t i = r->pos, len = r->len;
    if (r->cpos == i) {
        long long line = r->line, col = r->col;
        int nl = r->nl, prev_cr = r->prev_cr;
        for (; i < len; i++) {
            char c = b[i];
            if (c == ' ' || c == '\t') {
                col++;
            } else if (c == '\n' && !prev_cr) {
                line++, nl++, col = 1;
            } else if (c == '\r' && i + 1 < len && b[i + 1] == '\n') {
                line++, nl++, col = 1;
                i++;
            } else {
                break;
            }
            prev_cr = 0;
        }
        r->line = line, r->col = col, r->nl = nl, r->prev_cr = prev_cr;
        r->cpos = i;
    }
    while (i < len && is_blank((unsigned char)b[i]))
        i++;
    r->pos = i;
}

/* Next token that is not a blank, with its position and the line breaks before it. Plain
 * move numbers and numeric moves are read into the game on the way (plain_tokens()), not
 * returned. */
static void fetch(pk_pdn_reader *r, pk_token *t, long long *line, long long *col, int *nl)
{
    if (r->have_peek) {
        r->have_peek = 0;
        *t = r->peek;
        *line = r->peek_line, *col = r->peek_col, *nl = r->peek_nl;
        return;
    }
    for (;;) {
        if (r->len - r->pos < LOOKAHEAD && !r->eof)
            pk_rd_fill(r);
        if (!r->bom_done) {
            r->bom_done = 1;
            pk_rd_say_format(r);
            if (pk_src_had_bom(r->src))
                pk_rd_tolerate(r, "bom", 1, 1, "UTF-8 byte-order mark at the start of the file");
            if (pk_src_encoding(r->src) != PK_ENC_UTF8 && pk_encoding_is_unicode(pk_src_encoding(r->src))) {
                r->enc_check = 0; /* UTF-16/32: said once, at the start */
                r->enc_done = 1;
                pk_rd_note_encoding(r);
            }
        }
        skip_blanks(r);
        if (r->pos == r->len && !r->eof)
            continue;
        if (r->pos >= r->len) {
            pk_rd_advance(r, r->len);
            t->kind = PK_TOK_NONE; /* end of input */
            t->start = r->pos, t->len = 0;
            *line = r->line, *col = r->col, *nl = r->nl;
            return;
        }
        if (pk_rd_plain_tokens(r))
            continue;
        int k;
        if (r->buf[r->pos] == '[' && r->base + r->pos < r->open_until) {
            /* known: no ']' before the line break (see below), so no tag pair here */
            k = t->kind = PK_TOK_TAG_OPEN;
            t->start = r->pos;
            t->len = 1;
        } else {
            k = pk_lex_next(r->lx, r->buf, r->len, r->pos, r->eof, t);
        }
        if (k == PK_TOK_NONE) {
            /* Refill and retry while the window can still grow; a window that is full
             * (or within a few bytes of full: pk_rd_fill() stops 16 bytes short) holds a token
             * longer than the window: take what it has. */
            size_t have = r->len - r->pos;
            pk_rd_advance(r, r->pos);
            pk_rd_fill(r);
            if (r->len - r->pos > have || r->eof)
                continue;
            k = pk_lex_next(r->lx, r->buf, r->len, r->pos, 1, t); /* token longer than the window */
        }
        if (k == PK_TOK_TAG_OPEN && r->base + t->start >= r->open_until) {
            /* The lexer scanned the line for a ']' in vain: remember where that scan
             * ended, so that every other '[' of the line ("[[[[...") is not scanned again
             * (quadratic on a long line). */
            size_t q = t->start + 1;
            while (q < r->len && r->buf[q] != '\n' && r->buf[q] != '\r')
                q++;
            r->open_until = r->base + q;
        }
        pk_rd_advance(r, t->start);
        r->pos = t->start + t->len;
        if (k == PK_TOK_WS)
            continue;
        *line = r->line, *col = r->col, *nl = r->nl;
        if (k == PK_TOK_MOVE || k == PK_TOK_NUMBER) { /* ASCII, one line: no need to scan */
            r->col += (int)t->len;
            r->cpos = r->pos;
            r->prev_cr = 0;
        } else {
            pk_rd_advance(r, r->pos);
        }
        r->nl = 0;
        return;
    }
}

static void unfetch(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    r->have_peek = 1;
    r->peek = *t;
    r->peek_line = line, r->peek_col = col, r->peek_nl = nl;
}

/* ------------------------------------------------------------------ comments and tags */

/* Scans a {comment} whose '{' was just read; the text may run past the window. Returns
 * the text, or NULL when it is unterminated (ended by a tag line or the end of input). */
static const char *scan_comment(pk_pdn_reader *r, size_t *out_len)
{
    size_t kept = 0;
    int at_line_start = 0;
    for (;;) {
        const char *b = r->buf;
        size_t i = r->pos;
        while (i < r->len) {
            char c = b[i];
            if (c == '}')
                break;
            if (at_line_start && c == '[' && i + 1 < r->len &&
                ((b[i + 1] | 32) >= 'a' && (b[i + 1] | 32) <= 'z'))
                break; /* a tag line: the comment was never closed */
            at_line_start = c == '\n' || c == '\r';
            i++;
        }
        size_t n = i - r->pos;
        if (kept + n <= PK_PDN_MAX_GAME_BYTES) {
            memcpy(pk_rd_scratch(r, kept + n + 1) + kept, b + r->pos, n);
            kept += n;
        }
        pk_rd_advance(r, i);
        r->pos = i;
        if (i < r->len && b[i] == '}') {
            r->pos++;
            pk_rd_advance(r, r->pos);
            *out_len = kept;
            return r->sbuf ? r->sbuf : "";
        }
        if (i < r->len || r->eof) {
            *out_len = kept;
            return NULL;
        }
        pk_rd_fill(r);
    }
}

static void comment_token(pk_pdn_reader *r, long long line, long long col)
{
    size_t n;
    const char *text = scan_comment(r, &n);
    if (!text) {
        if (r->state == ST_START && !r->skip) {
            /* Nothing of a game yet: the comment makes none. It ran to the end of the
             * input (no game follows: reported in none, like stray text after the last
             * game) or to a tag line (reported in the game that starts there). */
            int follows = !(r->pos >= r->len && r->eof), index = r->g->index;
            pk_rd_release_stray(r, follows);
            if (!follows)
                r->g->index = 0;
            pk_rd_tolerate(r, "unterminated-comment", line, col, "unterminated comment: '{' has no closing '}'%s",
                     follows ? "" : PK_T(" (no game follows it)"));
            r->g->index = index;
            return;
        }
        int first = !r->skip;
        pk_rd_syntax(r, line, col, "unterminated comment: '{' has no closing '}'");
        if (first && r->keeping) { /* the window has moved on: the text is the comment's */
            r->nkept = 0;
            pk_rd_keep_text(r, "{", 1);
            pk_rd_keep_text(r, r->sbuf ? r->sbuf : "", n);
            r->keep_from = r->base + r->pos;
        }
        r->kept_end = PK_UNPARSED_OPEN; /* what follows it would be read into it */
        return;
    }
    if (r->skip) {
        r->kept_end = 0;
        return;
    }
    pk_pdn_note *note = pk_rd_new_note(r, PK_NOTE_COMMENT, line, col);
    note->text = pk_rd_dup(r, text, n);
    level *L = &r->lv[r->depth];
    if (r->state == ST_START || L->have_num || L->pend) {
        if (L->have_num && !L->ellipsis)
            pk_rd_tolerate(r, "comment-position", line, col, "comment between a move number and its move");
        pk_rd_add_pending(r, note);
    } else {
        pk_rd_add_after(r, note);
    }
}

static void add_tag(pk_pdn_reader *r, const char *name, size_t nl, const char *val, size_t vl,
                    long long line, long long col)
{
    if (r->ntags == r->tcap) {
        int cap = r->tcap ? r->tcap * 2 : 32;
        pk_pdn_tag *t = realloc(r->tags, (size_t)cap * sizeof *t);
        if (!t)
            pk_rd_nomem(r);
        r->tags = t;
        r->tcap = cap;
    }
    pk_pdn_tag *t = &r->tags[r->ntags++];
    t->name = pk_rd_dup(r, name, nl);
    t->value = pk_rd_dup(r, val, vl);
    t->line = line;
    t->col = col;
}

static int has_tag(pk_pdn_reader *r, const char *name, size_t nl)
{
    for (int i = 0; i < r->ntags; i++)
        if (strlen(r->tags[i].name) == nl && !memcmp(r->tags[i].name, name, nl))
            return 1;
    return 0;
}

/* ------------------------------------------------------------------ game boundaries */

static void begin_game(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink)
{
    struct pk_game_mem *mem = g->mem_; /* kept: its moves are the last game's, and the
                                          reader may reuse its arena and main line */
    if (!mem && !(mem = g->mem_ = calloc(1, sizeof *mem)))
        pk_rd_nomem(r);
    if (!mem->arena && !(mem->arena = pk_arena_new()))
        pk_rd_nomem(r);
    pk_arena_reset(mem->arena);
    memset(g, 0, sizeof *g);
    g->mem_ = mem;
    g->index = r->ngames + 1;
    r->g = g;
    r->sink = sink;
    r->a = mem->arena;
    r->state = ST_START;
    r->depth = 0;
    r->skip = r->too_large = 0;
    r->keeping = r->deep = 0;
    r->nodes = 0;
    r->warned = 0;
    r->nstray = r->unclosed = r->nempty = 0;
    r->stray_held = 0;
    r->dash_pending = 0;
    r->by_result = r->trailing = 0;
    r->ntags = 0;
    pk_rd_reset_level(&r->lv[0], 0, 0);
}

/* The game has content: remember where it starts. */
static void start_content(pk_pdn_reader *r, int state, long long line, long long col)
{
    if (r->state == ST_START) {
        pk_rd_release_stray(r, 1);
        r->g->line = line;
        r->g->col = col;
        r->game_start = r->base + r->pos;
        r->lv[0].line = line;
        r->lv[0].col = col;
    }
    if (state > r->state)
        r->state = state;
}

/* An unclosed '(' at the end of a game: reported once, at the outermost one. */
static void report_unclosed(pk_pdn_reader *r)
{
    if (r->depth > 0 && !r->skip && !r->unclosed) {
        r->unclosed = 1;
        r->g->cut = 1; /* the rest of the main line, if any, was read into the variation */
        pk_rd_report(r, PK_SEV_ERROR, "syntax", r->lv[1].line, r->lv[1].col, "unclosed variation: '(' has no ')'");
    }
}

/* The game ends before buf[end]. */
static void finish_game(pk_pdn_reader *r, size_t end)
{
    pk_game *g = r->g;
    pk_rd_unparsed_end(r, end, PK_UNPARSED_REST); /* the text after a syntax error, if any */
    if (!r->skip) {
        pk_rd_resolve_dash(r);
        pk_rd_check_number(r, &r->lv[r->depth]);
    }
    report_unclosed(r);
    if (r->unclosed)
        pk_rd_unclosed_rest(r);
    while (r->depth > 0) { /* close unclosed variations so the tree stays well formed */
        pk_pdn_line *l = pk_rd_alloc(r, sizeof *l);
        pk_rd_close_level(r, r->depth, l);
        r->lv[r->depth].var->line = l;
        r->depth--;
    }
    pk_rd_close_main(r, g);
    if (r->nstray > 1)
        pk_rd_tolerate(r, "stray-text", g->line, g->col, "%d more piece(s) of unexpected text skipped in this game",
                 r->nstray - 1);
    if (r->nempty > 1)
        pk_rd_tolerate(r, "empty-move-number", g->line, g->col, "%d more move number(s) with no move in this game",
                 r->nempty - 1);
    g->ntags = r->ntags;
    g->tags = r->ntags ? pk_rd_alloc(r, (size_t)r->ntags * sizeof *g->tags) : NULL;
    if (r->ntags)
        memcpy(g->tags, r->tags, (size_t)r->ntags * sizeof *g->tags);
    for (int i = 0; i < g->ntags; i++) {
        const pk_pdn_tag *t = &g->tags[i];
        if (!g->fen && !strcmp(t->name, "FEN")) {
            g->fen = t->value;
            g->fen_line = t->line;
            g->fen_col = t->col;
        } else if (!g->has_gametype && !strcmp(t->name, "GameType")) {
            pk_error e;
            if (pk_gametype_parse(t->value, &g->gametype, &e) == PK_OK)
                g->has_gametype = 1;
            else
                pk_rd_report(r, PK_SEV_WARNING, "bad-gametype", t->line, t->col, "GameType \"%s\": %s",
                       t->value, e.msg);
        }
    }
    r->ngames++;
}

/* A game with movetext ends without a result token (pk_rd_no_result, pdn_result.c). */
static void no_result(pk_pdn_reader *r, long long line, long long col, const char *what)
{
    report_unclosed(r);
    pk_rd_no_result(r, line, col, what);
}

static int end_at_tag(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    no_result(r, line, col, PK_T("before the next tag pair"));
    unfetch(r, t, line, col, nl);
    return GAME_DONE;
}

static int end_at_number(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    no_result(r, line, col, PK_T("before move 1 of the next game (after a blank line, no tag pairs)"));
    unfetch(r, t, line, col, nl);
    return GAME_DONE;
}

/* A tag pair read: its game starts (or goes on) here. A value longer than TAG_VALUE_MAX
 * is cut, with a warning, at a character boundary. */
static int accept_tag(pk_pdn_reader *r, const char *name, size_t nlen, const char *val, size_t vlen,
                      size_t total, long long line, long long col)
{
    pk_rd_release_stray(r, 1);
    if (r->state == ST_START) /* a {comment} (not a % line) before the tags is a game body */
        for (const pk_pdn_note *n = r->lv[0].pend; n; n = n->next)
            if (n->kind == PK_NOTE_COMMENT) {
                pk_rd_tolerate(r, "comment-position", n->line_no, n->col, "comment before the tag pairs of a game");
                break;
            }
    start_content(r, ST_HEADER, line, col);
    if (vlen > TAG_VALUE_MAX) {
        vlen = TAG_VALUE_MAX;
        while (vlen > 0 && ((unsigned char)val[vlen] & 0xC0) == 0x80)
            vlen--;
    }
    add_tag(r, name, nlen, val, vlen, line, col);
    if (total > vlen)
        pk_rd_tolerate(r, "tag-too-long", line, col, "tag '%.*s': value of %zu bytes cut to its first %zu", (int)nlen,
                 name, total, vlen);
    return CONTINUE;
}

static int tag_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    const char *name, *val;
    size_t nlen, vlen;
    if (r->state == ST_BODY || r->skip)
        return end_at_tag(r, t, line, col, nl);
    if (t->kind == PK_TOK_TAG)
        pk_rd_split_tag(r, t, &name, &nlen, &val, &vlen);
    else
        pk_rd_odd_tag(r, t, line, col, &name, &nlen, &val, &vlen);
    if (r->state == ST_HEADER && nl >= 2 && has_tag(r, name, nlen)) {
        /* a record of tags only, then the next record's tags: no separator between them */
        pk_rd_tolerate(r, "missing-result", line, col, "tag pairs with no movetext and no result before the next game");
        unfetch(r, t, line, col, nl);
        return GAME_DONE;
    }
    return accept_tag(r, name, nlen, val, vlen, vlen, line, col);
}

/* ------------------------------------------------------------------ tags past one line */

/* A tag pair the lexer could not take whole: wrapped over lines, or on a line longer than
 * the input window. Returns -1 when it is neither (the '[' is stray text). */
static int open_tag(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    const char *wname;
    size_t nlen, v;
    if (!pk_rd_tag_start(r, t, col, &wname, &nlen, &v))
        return -1;
    if (r->state == ST_BODY || r->skip) {
        if (r->skip && col != 1)
            return CONTINUE;
        return end_at_tag(r, t, line, col, nl);
    }
    char name[65];
    memcpy(name, wname, nlen);
    name[nlen] = 0;
    if (r->state == ST_HEADER && nl >= 2 && has_tag(r, name, nlen)) {
        pk_rd_tolerate(r, "missing-result", line, col, "tag pairs with no movetext and no result before the next game");
        unfetch(r, t, line, col, nl);
        return GAME_DONE;
    }
    size_t eol = v;
    while (eol < r->len && r->buf[eol] != '\n' && r->buf[eol] != '\r')
        eol++;
    if (eol == r->len && !r->eof) { /* the line goes on past the window */
        size_t total;
        int closed;
        size_t n = pk_rd_long_value(r, v, &total, &closed);
        if (!closed)
            pk_rd_tolerate(r, "tag-syntax", line, col, "tag '%s': no '\"]' closes its value on its line (%zu bytes)", name,
                     total);
        return accept_tag(r, name, nlen, r->sbuf, n, total, line, col);
    }
    int breaks, why;
    size_t e = pk_rd_wrapped_end(r, v, &breaks, &why);
    if (!e || breaks == 0)
        return -1;
    size_t q = e - 1; /* back from the ']' to the closing quote */
    while (r->buf[q] != '"')
        q--;
    char *out = pk_rd_scratch(r, q - v + 1);
    size_t n = pk_rd_join_value(r, v, q, out);
    pk_rd_advance(r, e);
    r->pos = e;
    pk_rd_tolerate(r, "wrapped-tag", line, col, "value of tag '%s' goes on over %d lines", name, breaks + 1);
    return accept_tag(r, name, nlen, out, n, n, line, col);
}

/* ------------------------------------------------------------------ skipping, and the body */

/* Tokens while skipping after a syntax error (kept as text, pdn_unparsed.c): only the end
 * of the game matters, or, in a variation nested too deep, the ')' that closes it. The
 * text kept ends after the last of them: with a line break when that is a % or ;
 * comment, with nothing after it when that is an unterminated comment (comment_token). */
static int skip_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    switch (t->kind) {
    case PK_TOK_NONE: return GAME_DONE;
    case PK_TOK_RESULT:
        if (!r->deep) /* in a variation, prose: "(... 1-0 to Nemesis)" */
            return pk_rd_result_token(r, t, line, col);
        break;
    case PK_TOK_TAG:
    case PK_TOK_TAG_ODD:
        if (col == 1)
            return end_at_tag(r, t, line, col, nl);
        break;
    case PK_TOK_COMMENT: comment_token(r, line, col); return CONTINUE;
    case PK_TOK_NUMBER:
        if (!r->deep && pk_rd_restarts(r, t, nl))
            return end_at_number(r, t, line, col, nl);
        break;
    case PK_TOK_MOVE:
        if (pk_rd_result_like_move(r, t, line, col))
            return GAME_DONE;
        break;
    case PK_TOK_TAG_OPEN:
        if (open_tag(r, t, line, col, nl) == GAME_DONE)
            return GAME_DONE;
        break;
    case PK_TOK_OPEN:
    case PK_TOK_CLOSE:
        if (r->deep)
            pk_rd_deep_token(r, t);
        break;
    default: break;
    }
    r->kept_end = t->kind == PK_TOK_LINE ? PK_UNPARSED_LINE_COMMENT : 0;
    return CONTINUE;
}

static int body_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    switch (t->kind) {
    case PK_TOK_MOVE: pk_rd_move_token(r, t, line, col); break;
    case PK_TOK_NUMBER: pk_rd_number_token(r, t, line, col); break;
    case PK_TOK_ELLIPSIS: pk_rd_ellipsis_token(r); break;
    case PK_TOK_DASH:
        pk_rd_resolve_dash(r);
        r->dash_pending = 1;
        r->dash_line = line;
        r->dash_col = col;
        break;
    case PK_TOK_NAG: pk_rd_simple_note(r, t, PK_NOTE_NAG, line, col); break;
    case PK_TOK_SETUP: pk_rd_simple_note(r, t, PK_NOTE_SETUP, line, col); break;
    case PK_TOK_OPEN:
        if (!pk_rd_open_variation(r, line, col))
            pk_rd_too_deep(r, line, col); /* kept as text up to its ')' */
        break;
    case PK_TOK_CLOSE:
        if (r->depth == 0)
            pk_rd_syntax(r, line, col, "')' without a matching '('");
        else
            pk_rd_close_variation(r);
        break;
    case PK_TOK_STRENGTH: pk_rd_strength_token(r, t, line, col); break;
    default: pk_rd_stray(r, t, line, col); break;
    }
    return CONTINUE;
}

static int handle(pk_pdn_reader *r, const pk_token *t, long long line, long long col, int nl)
{
    pk_token as_move;
    if (t->kind == PK_TOK_RESULT && pk_rd_result_is_move(r, t, &as_move))
        t = &as_move; /* "1-2" on the Turkish board */
    r->tok_at = r->base + t->start; /* where a syntax error's text starts */
    r->glued = r->glue_line == line; /* the first token after a result, on its line */
    r->glue_line = 0;
    if (r->state != ST_START && !r->too_large &&
        r->base + t->start - r->game_start > PK_PDN_MAX_GAME_BYTES) {
        r->too_large = 1;
        pk_rd_report(r, PK_SEV_ERROR, "too-large", line, col, "game larger than %u bytes; rest skipped",
               PK_PDN_MAX_GAME_BYTES);
        r->skip = 1;
        pk_rd_unparsed_drop(r);
    }
    if (r->nodes > MAX_NODES && !r->too_large) {
        r->too_large = 1;
        pk_rd_report(r, PK_SEV_ERROR, "too-large", line, col,
               "game has more than %d moves, comments and other notes; rest skipped", MAX_NODES);
        r->skip = 1;
        pk_rd_unparsed_drop(r);
    }
    if (r->skip)
        return skip_token(r, t, line, col, nl);
    if (t->kind == PK_TOK_TAG_OPEN) {
        int st = open_tag(r, t, line, col, nl);
        if (st >= 0)
            return st;
    }
    switch (t->kind) {
    case PK_TOK_NONE:
        /* pdn_resume.h; said where the game starts: the end of the input may be far from it */
        if (r->state == ST_BODY && !r->trailing && (r->flags & PK_PDN_END_RESULT))
            no_result(r, r->g->line, r->g->col, PK_T("at the end of the input"));
        else if (r->state == ST_HEADER && !r->skip && (r->flags & PK_PDN_END_RESULT))
            pk_rd_tolerate(r, "missing-result", r->g->line, r->g->col,
                           "tag pairs with no movetext and no result at the end of the input");
        if (r->state != ST_START)
            return GAME_DONE;
        pk_rd_release_stray(r, 0);
        return NO_GAME;
    case PK_TOK_TAG:
    case PK_TOK_TAG_ODD:
        return tag_token(r, t, line, col, nl);
    case PK_TOK_RESULT:
        if (r->depth > 0) { /* prose in parentheses: "(... Score 1-0 to Nemesis)" */
            pk_rd_tolerate(r, "stray-text", line, col, "result '%.*s' inside a variation skipped",
                     (int)t->len, tok_text(r, t));
            return CONTINUE;
        }
        start_content(r, ST_BODY, line, col);
        return pk_rd_result_token(r, t, line, col);
    case PK_TOK_COMMENT:
        if (r->state == ST_HEADER)
            r->state = ST_BODY;
        comment_token(r, line, col);
        return CONTINUE;
    case PK_TOK_LINE:
        if (r->state == ST_HEADER)
            r->state = ST_BODY;
        pk_rd_simple_note(r, t, PK_NOTE_LINE, line, col);
        return CONTINUE;
    case PK_TOK_JUNK:
    case PK_TOK_TAG_OPEN: /* "[" alone on a line, "[[Event": junk, whatever the state */
        /* junk does not start a game nor end its header, unless it is a move (one of
           squares no board has: pk_rd_stray says so) */
        if ((r->state != ST_BODY && !(t->kind == PK_TOK_JUNK && pk_rd_move_like(tok_text(r, t), t->len, &(size_t){0}))) ||
            t->kind == PK_TOK_TAG_OPEN) {
            pk_rd_stray(r, t, line, col);
            return CONTINUE;
        }
        break;
    default:
        break;
    }
    if (t->kind == PK_TOK_NUMBER && pk_rd_restarts(r, t, nl))
        return end_at_number(r, t, line, col, nl);
    start_content(r, ST_BODY, line, col);
    if (t->kind == PK_TOK_MOVE && pk_rd_result_like_move(r, t, line, col))
        return GAME_DONE;
    return body_token(r, t, line, col);
}

/* ------------------------------------------------------------------ public */

pk_pdn_reader *pk_pdn_open(FILE *f, const char *filename, unsigned flags, pk_error *err)
{
    pk_src *src = pk_src_open(f, err);
    pk_pdn_reader *r = src ? pk_pdn_open_src(src, filename, flags, err) : NULL;
    if (!r) {
        pk_src_close(src);
        return NULL;
    }
    r->src_borrowed = 0; /* the reader's own: closed with it */
    return r;
}

pk_pdn_reader *pk_pdn_open_src(pk_src *src, const char *filename, unsigned flags, pk_error *err)
{
    pk_pdn_reader *r = calloc(1, sizeof *r);
    if (!r) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    r->file = filename ? filename : "<stdin>";
    r->flags = flags;
    r->line = r->col = 1;
    r->src = src;
    r->src_borrowed = 1;
    r->buf = malloc(WIN_CAP + 1);
    r->plain = !(flags & PK_PDN_NO_FAST_PATH);
    r->lx = pk_lex_new(r->plain, err);
    if (!r->buf || !r->lx) {
        if (!r->buf)
            pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        pk_pdn_close(r);
        return NULL;
    }
    return r;
}

void pk_pdn_restart(pk_pdn_reader *r, const pk_pdn_resume *at)
{
    r->file = at->file ? at->file : "<stdin>";
    r->keeping = 0; /* (a read cut short by an out-of-memory error may have left it on) */
    r->glue_line = 0;
    r->pos = r->len = r->cpos = 0;
    r->eof = r->ioerr = 0;
    r->base = at->base;
    r->line = at->line;
    r->col = 1;
    r->prev_cr = r->nl = 0;
    r->lone_cr_done = at->lone_cr_seen;
    r->bom_done = at->started;
    int enc = pk_src_encoding(r->src);
    /* said before: a whole-file encoding at the start, a code page at its first byte */
    r->enc_done = at->started && enc != PK_ENC_UTF8 &&
                  (pk_encoding_is_unicode(enc) || pk_src_switch_offset(r->src) < at->base);
    r->enc_check = 0;
    r->nul_done = at->started && pk_src_nul_offset(r->src) < at->base; /* said by the piece before */
    r->nul_check = 0;
    r->open_until = 0;
    r->ngames = at->games;
    r->tag_follows = at->tag_follows;
    r->have_peek = 0;
    r->broken = 0;
    r->by_result = r->last_by_result = r->clean = 0;
}

bool pk_pdn_clean_end(const pk_pdn_reader *r) { return r->clean; }

void pk_pdn_close(pk_pdn_reader *r)
{
    if (!r)
        return;
    for (int i = 0; i <= PK_PDN_MAX_DEPTH; i++)
        free(r->lv[i].v);
    free(r->tags);
    free(r->sbuf);
    free(r->kept);
    free(r->text);
    free(r->buf);
    pk_lex_free(r->lx);
    if (!r->src_borrowed)
        pk_src_close(r->src);
    if (r->owned)
        fclose(r->owned);
    free(r);
}

/* pk_pdn_next's reading, apart from its setjmp: where setjmp is emulated (Emscripten,
 * make web), each call from a function that calls setjmp goes through a slow trampoline. */
static __attribute__((noinline)) int next_game(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink)
{
    begin_game(r, g, sink);
    pk_rd_text_begin(r);
    r->clean = 0;
    int ntok = 0;
    unsigned long said = r->said;
    for (;;) {
        pk_token t;
        long long line, col;
        int nl;
        fetch(r, &t, &line, &col, &nl);
        ntok += t.kind != PK_TOK_NONE;
        int st = handle(r, &t, line, col, nl);
        if (st == NO_GAME && r->ioerr) {
            /* Reported once the games read before the error are out (the one it cut
             * short included), as a file error, not a game's: no game index (pdncheck
             * would count a game with an error that it never read). */
            int index = g->index;
            g->index = 0;
            if (r->ioerr == 1)
                pk_rd_report(r, PK_SEV_ERROR, "io", 0, 0, "%s", pk_src_error(r->src));
            r->ioerr = 2;
            g->index = index;
            return -PK_ERR_IO;
        }
        if (st == NO_GAME) {
            /* nothing but blanks after a result, and nothing to say about them (a lone CR
             * there is said in the next game, which the next piece does not know) */
            r->clean = !ntok && r->said == said && r->last_by_result && !r->ioerr;
            return 0;
        }
        if (st == GAME_DONE) {
            r->last_by_result = r->by_result;
            finish_game(r, t.start);
            pk_rd_text_end(r, g);
            return 1;
        }
    }
}

int pk_pdn_step(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink)
{
    if (r->broken)
        return -PK_ERR_NOMEM;
    if (setjmp(r->nomem)) { /* the library never aborts: the caller hears of it */
        r->broken = 1;
        r->g = g;
        r->sink = sink;
        int index = g->index;
        g->index = 0;
        pk_rd_report(r, PK_SEV_ERROR, "io", 0, 0, "out of memory reading a game");
        g->index = index;
        return -PK_ERR_NOMEM;
    }
    return next_game(r, g, sink);
}

int pk_pdn_next(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink, pk_error *err)
{
    int st = pk_pdn_step(r, g, sink);
    if (st > 0)
        return PK_OK;
    if (st == 0)
        return PK_END;
    /* where the input stopped: the io diagnostic has no line (it is the file's, not a game's) */
    if (st == -PK_ERR_NOMEM)
        return pk_error_set_at(err, PK_ERR_NOMEM, r->line, r->col, "out of memory reading a game");
    return pk_error_set_at(err, -st, r->line, r->col, "%s", pk_src_error(r->src));
}

unsigned long long pk_pdn_bytes(const pk_pdn_reader *r) { return r->base + r->pos; }
int pk_pdn_jit(const pk_pdn_reader *r) { return pk_lex_jit(r->lx); }
