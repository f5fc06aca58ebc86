/*
 * pdn_result.c -- the PDN reader's results (see pdn_reader.h): the terminator tokens, and
 * the results the lexer reads as a move token because they are written otherwise: glued
 * to the next game's first move number ("1-101.33-29"), or with blanks ("1 - 1"). Each
 * ends the game (GAME_DONE); where a game ends otherwise is pdn_read.c's state machine,
 * which says a result is missing in one place (pk_rd_no_result).
 */
#include "pdn_reader.h"
#include "pdn_tree.h"
#include "variant.h"

#include <string.h>

static int set_result(pk_pdn_reader *r, const char *s, size_t n, long long line, long long col)
{
    int std = 1, kind = pk_result_classify(s, n, &std);
    if (!r->skip) {
        pk_rd_resolve_dash(r);
        pk_rd_check_number(r, &r->lv[r->depth]);
        if (!std)
            pk_rd_tolerate(r, "nonstandard-result", line, col, "result written '%.*s'", (int)n, s);
    }
    r->by_result = 1;
    r->glue_line = line;
    r->g->result.text = pk_rd_dup(r, s, n);
    r->g->result.kind = kind < 0 ? PK_RESULT_UNKNOWN : kind;
    r->g->result.line = line;
    r->g->result.col = col;
    return GAME_DONE;
}

/* After the terminator of the input's last game: whether the rest of the input is notes
 * alone ({comments} without a '[' in them, % and ; lines, blanks), all in the window.
 * Not in a piece of check.c that the next game's tags follow: the whole file's reader
 * gives those notes to the next game. */
static int only_notes_follow(const pk_pdn_reader *r)
{
    if (!r->eof || r->tag_follows || r->have_peek || r->skip || r->depth > 0)
        return 0;
    const char *b = r->buf;
    size_t i = r->pos, n = r->len;
    int any = 0;
    for (;; any = 1) {
        while (i < n && is_blank((unsigned char)b[i]))
            i++;
        if (i >= n)
            return any;
        if (b[i] == '{') {
            size_t e = i + 1;
            while (e < n && b[e] != '}' && b[e] != '[')
                e++;
            if (e >= n || b[e] != '}')
                return 0; /* unterminated, or a tag line may end it: the usual reading */
            i = e + 1;
        } else if (b[i] == '%' || b[i] == ';') {
            while (i < n && b[i] != '\n' && b[i] != '\r')
                i++;
        } else {
            return 0;
        }
    }
}

/* A terminator. When only notes follow it to the end of the input, the game goes on to
 * take them (after its last move: pdnconv writes them back before the terminator), rather
 * than leave them to no game (issue 31); the end of the input then ends it (r->trailing). */
int pk_rd_result_token(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    int st = set_result(r, tok_text(r, t), t->len, line, col);
    if (only_notes_follow(r)) {
        r->trailing = 1;
        return CONTINUE;
    }
    return st;
}

static int is_result_digit(char c) { return c >= '0' && c <= '2'; }

/* Whether the game's tags read so far name a variant of the full board (Turkish,
 * pdnkit-rules(7) TURKISH DRAUGHTS: all 64 squares, orthogonal steps), where squares 1 and
 * 2 are neighbours: its Variant tag when that names a variant, else its GameType. */
static int full_board_game(const pk_pdn_reader *r)
{
    const char *gametype = NULL;
    for (int i = 0; i < r->ntags; i++) {
        const pk_pdn_tag *t = &r->tags[i];
        if (!strcmp(t->name, "Variant")) {
            const pk_variant *v = pk_variant_find(t->value);
            if (v)
                return v->rules.full;
        } else if (!gametype && !strcmp(t->name, "GameType"))
            gametype = t->value;
    }
    pk_gametype gt;
    if (!gametype || pk_gametype_parse(gametype, &gt, NULL) != PK_OK)
        return 0;
    const pk_variant *v = pk_variant_by_gametype(gt.type);
    return v && v->rules.full;
}

/* "1-2", "2-1" (or with ':'): a result token elsewhere (a result of unknown meaning), a
 * move in a game of the full board, where 1 and 2 are neighbours (pdn(5) RESULTS). */
static int neighbours_1_2(const char *s, size_t n)
{
    return n == 3 && (s[1] == '-' || s[1] == ':') &&
           ((s[0] == '1' && s[2] == '2') || (s[0] == '2' && s[2] == '1'));
}

int pk_rd_result_is_move(const pk_pdn_reader *r, const pk_token *t, pk_token *as_move)
{
    if (!neighbours_1_2(r->buf + t->start, t->len) || !full_board_game(r))
        return 0;
    *as_move = *t;
    as_move->kind = PK_TOK_MOVE;
    return 1;
}

static int digits_value(const char *s, size_t n)
{
    int v = 0;
    for (size_t i = 0; i < n && v < 100000; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* Results that the lexer reads as a move token (the general path only: the plain fast
 * path takes neither). The result-like forms "D-D" (D = 0, 1 or 2) are never a move: a
 * square 0, a move that stays on its square, or 1-2 / 2-1 (one row in every numbering of
 * the dark squares; on the full Turkish board they are moves: pk_rd_result_is_move).
 *
 * Glued to the next game's first move number, as engine logs write games one after
 * another ("1-101.33-29", "0-201.32-28"): the lexer reads the move "1-10" and the number
 * "1.". When the token starts with "D-D" and its digits run on into a move number, the
 * game has a move, and the move reading cannot be (a square 0, the same square twice, or
 * the number after it does not follow the game's last move number: neither the next one,
 * nor the same one written "N..."), the game ends at "D-D" and the number starts the
 * next one. The cursor is put back just after the result.
 *
 * Written with blanks ("1 - 1") and standing last in the movetext (before a '[' or at
 * the end of the input), it is the result.
 *
 * Returns GAME_DONE when the token was a result, 0 when it is a move. */
int pk_rd_result_like_move(pk_pdn_reader *r, const pk_token *t, long long line, long long col)
{
    const char *s = tok_text(r, t);
    size_t n = t->len;
    if (r->depth > 0 || n < 3 || !is_result_digit(s[0]))
        return 0;
    if ((s[1] == '-' || s[1] == ':') && is_result_digit(s[2])) {
        size_t j = 3; /* past the token's end: the window ends with a NUL */
        while (s[j] >= '0' && s[j] <= '9')
            j++;
        if (j == 3 || s[j] != '.' || n >= j)
            return 0;
        int from = s[0] - '0', to = digits_value(s + 2, n - 2), after = digits_value(s + n, j - n);
        int last = r->lv[0].num;
        if (r->lv[0].n == 0)
            return 0; /* no move yet: a result here would make an empty game of nothing */
        int second = s[j + 1] == '.' && s[j + 2] == '.'; /* "5... ": the same move's second half */
        if (from != 0 && to != 0 && from != to && last > 0 && (after == last + 1 || (second && after == last)))
            return 0; /* "5.1-106." : the move 1-10, then move 6 */
        pk_rd_tolerate(r, "glued-result", line, col, "result '%.3s' glued to the next game's move number '%.*s.'",
                 s, (int)(j - 3), s + 3);
        set_result(r, s, 3, line, col);
        /* the move number is read again, as the next game's first token */
        r->pos = r->cpos = t->start + 3;
        r->line = line, r->col = col + 3, r->nl = 0, r->prev_cr = 0;
        return GAME_DONE;
    }
    /* "1 - 1": D, blanks, '-' or ':', blanks, D, nothing else */
    size_t i = 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i >= n || (s[i] != '-' && s[i] != ':'))
        return 0;
    char sep = s[i++];
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i + 1 != n || !is_result_digit(s[i]))
        return 0;
    char d[3] = {s[0], '-', s[n - 1]};
    if (neighbours_1_2(d, 3) && full_board_game(r))
        return 0; /* "1 - 2" on the full board: a move */
    size_t k = t->start + n;
    while (k < r->len && is_blank((unsigned char)r->buf[k]))
        k++;
    if (k < r->len ? r->buf[k] != '[' : !r->eof)
        return 0;
    char text[3] = {s[0], sep, s[n - 1]};
    pk_rd_tolerate(r, "spaced-result", line, col, "result written with blanks '%.*s'", (int)n, s);
    return set_result(r, text, 3, line, col);
}

void pk_rd_no_result(pk_pdn_reader *r, long long line, long long col, const char *what)
{
    if (r->skip)
        return;
    if (r->dash_pending) {
        r->dash_pending = 0;
        r->g->result.text = "-";
        r->g->result.kind = PK_RESULT_UNKNOWN;
        r->g->result.line = r->dash_line;
        r->g->result.col = r->dash_col;
        pk_rd_tolerate(r, "nonstandard-result", r->dash_line, r->dash_col, "'-' used as the result");
    } else {
        pk_rd_check_number(r, &r->lv[r->depth]);
        pk_rd_tolerate(r, "missing-result", line, col, "game ends without a result %s", what);
    }
}
