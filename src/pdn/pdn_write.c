/*
 * pdn_write.c -- writes a game read by the PDN reader back as clean PDN 3.0 (see
 * pk_pdn_write_game in pdn.h): the seven-tag roster first, then the other tags in their
 * order, values escaped; movetext renumbered from the start position ("N." and "N..."
 * after an interruption), comments, % lines, NAGs, strength marks, setups and variations
 * kept where they stood; lines of at most `width` columns; the result last.
 *
 * What a move says is the caller's choice: by default the move as written, or whatever
 * the move_text callback returns (pdnconv converts notation through it). The writer never
 * changes a game's content, only its layout, so writing its own output again gives the
 * same bytes, and the output reads back without a diagnostic the writer caused: a tag
 * whose name is not a PDN identifier becomes an escape line, comments written between a
 * move number and its move go before the number, what the reader could not read
 * (PK_NOTE_UNPARSED) is put back as it stands, with its error.
 */
#include "pdn.h"
#include "textbuf.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct writer {
    FILE *out;
    const pk_pdn_write_opts *o;
    const pk_game *g;
    int width;
    int col;       /* columns used on the current line */
    bool glue;     /* the next token follows "(" without a blank */
    bool failed;
    int rest;      /* the rest of the game as read was written (PK_UNPARSED_*): nothing more
                      but the terminator */
    size_t used;
    char buf[8192]; /* output gathered here: one fwrite per 8 KB, not per token */
} writer;

/* Where the numbering of a line stands: move `number`, and whether the next ply is the
 * second of its pair (written "N..." when it follows an interruption). */
typedef struct numbering {
    int number;
    bool second;
    bool interrupted; /* a comment, variation or setup stood since the last move */
} numbering;

static void flush(writer *w)
{
    if (w->used && fwrite(w->buf, 1, w->used, w->out) != w->used)
        w->failed = true;
    w->used = 0;
}

static void put(writer *w, const char *s, size_t n)
{
    if (w->used + n > sizeof w->buf) {
        flush(w);
        if (n > sizeof w->buf) { /* a long comment */
            if (fwrite(s, 1, n, w->out) != n)
                w->failed = true;
            return;
        }
    }
    if (n <= 8) /* most tokens: a blank, a number, a move; no call */
        for (size_t i = 0; i < n; i++)
            w->buf[w->used + i] = s[i];
    else
        memcpy(w->buf + w->used, s, n);
    w->used += n;
}

/* A number without printf (move numbers and NAGs, on every move). */
static size_t itoa10(int n, char *out)
{
    char t[12];
    size_t k = 0, len = 0;
    unsigned u = n < 0 ? 0u : (unsigned)n;
    do
        t[k++] = (char)('0' + u % 10);
    while ((u /= 10));
    while (k)
        out[len++] = t[--k];
    return len;
}

static void newline(writer *w)
{
    put(w, "\n", 1);
    w->col = 0;
}

/* A token that is never broken: on this line after a blank when it fits, else on the
 * next one. After "(" (glue) no blank is written. */
static void room(writer *w, size_t n)
{
    if (w->col && w->col + (w->glue ? 0 : 1) + (int)n > w->width)
        newline(w);
    else if (w->col && !w->glue)
        put(w, " ", 1), w->col++;
    w->glue = false;
}

static void token(writer *w, const char *s, size_t n)
{
    room(w, n);
    put(w, s, n);
    w->col += (int)n; /* bytes, not characters: a line of accents breaks a little early */
}

static void tokenf(writer *w, const char *s) { token(w, s, strlen(s)); }

/* {text}: a one-line comment is wrapped at its blanks like the moves; one that holds
 * line breaks of its own is written as it stands (a diagram, a table). */
static void comment(writer *w, const char *text)
{
    const char *nl = strchr(text, '\n');
    if (nl) {
        /* its first line goes where a wrapped comment's first word went: on the next line
         * when it does not fit, so that a comment wrapped here and read back (now with
         * line breaks of its own) is written the same again */
        int first = (int)(nl - text) - (nl > text && nl[-1] == '\r'); /* written without its CR */
        if (w->col && w->col + (w->glue ? 0 : 1) + 1 + first > w->width)
            newline(w);
        else if (w->col && !w->glue)
            put(w, " ", 1);
        w->glue = false;
        put(w, "{", 1);
        /* CRLF line ends inside the comment become LF, as everywhere in the output */
        for (const char *p = text, *cr; *p; p = cr + 1) {
            cr = strstr(p, "\r\n");
            if (!cr) {
                put(w, p, strlen(p));
                break;
            }
            put(w, p, (size_t)(cr - p));
        }
        put(w, "}", 1);
        w->col = (int)strlen(strrchr(text, '\n') + 1) + 1;
        return;
    }
    const char *p = text;
    while (*p == ' ')
        p++;
    if (!*p) {
        tokenf(w, "{}");
        return;
    }
    for (bool first = true; *p; first = false) {
        size_t len = strcspn(p, " ");
        const char *next = p + len;
        while (*next == ' ')
            next++;
        char buf[256];
        if (len + 3 <= sizeof buf) {
            snprintf(buf, sizeof buf, "%s%.*s%s", first ? "{" : "", (int)len, p, *next ? "" : "}");
            tokenf(w, buf);
        } else { /* a word longer than any line: written whole */
            if (first)
                token(w, "{", 1), w->glue = true;
            token(w, p, len);
            if (!*next)
                put(w, "}", 1), w->col++;
        }
        p = next;
    }
}

/* Text the reader could not read (PK_NOTE_UNPARSED), as it stands: its first line where a
 * token goes, its own line breaks kept (as LF), a line break after it when it ends inside
 * a % or ; comment. Read back, it is the same text with the same error. After the rest
 * of a game (PK_UNPARSED_REST; empty after variations never closed) nothing is written but
 * the terminator: the variations open where it starts are closed in it, or never were. */
static void unparsed(writer *w, const pk_pdn_note *n)
{
    const char *t = n->text;
    if (n->nag & PK_UNPARSED_REST)
        w->rest = n->nag;
    if (!*t) /* after variations never closed: they stay open */
        return;
    room(w, strcspn(t, "\r\n"));
    const char *line = t;
    for (const char *p = t; *p;) {
        size_t k = strcspn(p, "\r");
        put(w, p, k);
        p += k;
        if (*p == '\r') { /* CRLF and a lone CR: LF, as everywhere in the output */
            put(w, "\n", 1);
            p += p[1] == '\n' ? 2 : 1;
        }
    }
    for (const char *p = t; *p; p++)
        if (*p == '\n' || *p == '\r')
            line = p + 1;
    w->col = (int)strlen(line) + (line == t ? w->col : 0);
    if (n->nag & PK_UNPARSED_LINE_COMMENT)
        newline(w);
}

static int escaped_tag(writer *w, const char *name, const char *value)
{
    put(w, "[", 1);
    put(w, name, strlen(name));
    put(w, " \"", 2);
    for (const char *s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            put(w, "\\", 1);
        put(w, s, 1);
    }
    put(w, "\"]\n", 3);
    return 1;
}

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
#define NROSTER 7

static bool in_roster(const char *name)
{
    for (int i = 0; i < NROSTER; i++)
        if (!strcmp(name, roster[i]))
            return true;
    return false;
}

/* The value to write for a tag the options may replace (GameType, FEN, Result), or NULL
 * for none: a FEN left out takes a SetUp tag with it (it would announce a FEN that is
 * not there). */
static const char *tag_value(const writer *w, const pk_pdn_tag *t)
{
    if (!strcmp(t->name, "SetUp") && w->o->fen && !*w->o->fen)
        return NULL;
    if (!strcmp(t->name, "GameType") && w->o->gametype)
        return w->o->gametype;
    if (!strcmp(t->name, "FEN") && w->o->fen)
        return *w->o->fen ? w->o->fen : NULL;
    if (!strcmp(t->name, "Result") && (w->o->result_tag || w->o->result))
        return w->o->result_tag ? w->o->result_tag : w->o->result;
    return t->value;
}

/* The header; returns the number of tags written. */
static int tags(writer *w)
{
    const pk_game *g = w->g;
    int n = 0;
    for (int r = 0; r < NROSTER; r++)
        for (int i = 0; i < g->ntags; i++)
            if (!strcmp(g->tags[i].name, roster[r]) && tag_value(w, &g->tags[i]))
                n += escaped_tag(w, g->tags[i].name, tag_value(w, &g->tags[i]));
    bool have_gt = false, have_fen = false;
    for (int i = 0; i < g->ntags; i++) {
        const pk_pdn_tag *t = &g->tags[i];
        have_gt |= !strcmp(t->name, "GameType");
        have_fen |= !strcmp(t->name, "FEN");
        if (!in_roster(t->name) && pk_pdn_tag_name_ok(t->name) && tag_value(w, t))
            n += escaped_tag(w, t->name, tag_value(w, t));
    }
    if (!have_gt && w->o->gametype)
        n += escaped_tag(w, "GameType", w->o->gametype);
    if (!have_fen && w->o->fen && *w->o->fen)
        n += escaped_tag(w, "FEN", w->o->fen);
    return n;
}

/* The tags whose name the grammar does not take ("[[Event", "[R&#x00e9;sultat", "[ ") as
 * escape lines at the start of the movetext, "%[name \"value\"]": a header of PDN 3.0, and
 * the text kept (a program ignores an escape line; a person reads it). Returns how many. */
static int escaped_tags(writer *w)
{
    int n = 0;
    for (int i = 0; i < w->g->ntags; i++) {
        const pk_pdn_tag *t = &w->g->tags[i];
        if (pk_pdn_tag_name_ok(t->name))
            continue;
        put(w, "%", 1);
        escaped_tag(w, t->name, t->value);
        n++;
    }
    return n;
}

/* Side to move ('W'/'B') and :F number of a FEN; 0 and -1 when it does not say. */
static void fen_turn(const char *fen, int *side, int *number)
{
    *side = 0;
    *number = -1;
    if (!fen)
        return;
    while (*fen == ' ' || *fen == '"')
        fen++;
    if (*fen == 'W' || *fen == 'B' || *fen == 'w' || *fen == 'b')
        *side = *fen & ~0x20;
    const char *f = strstr(fen, ":F");
    if (f && f[2] >= '0' && f[2] <= '9')
        *number = atoi(f + 2);
}

/* After a setup the numbering goes on from its FEN: its side to move, its :F. */
static void setup_numbering(const writer *w, const char *fen, numbering *nb)
{
    int side, number;
    fen_turn(fen, &side, &number);
    if (side)
        nb->second = side != w->o->first_mover;
    if (number > 0)
        nb->number = number;
}

static void line(writer *w, const pk_pdn_line *l, numbering nb, int depth);

static void notes(writer *w, const pk_pdn_note *n, numbering *nb, const numbering *at_move, int depth)
{
    for (; n && !w->rest; n = n->next) {
        switch (n->kind) {
        case PK_NOTE_UNPARSED: unparsed(w, n); nb->interrupted = true; break;
        case PK_NOTE_COMMENT: comment(w, n->text); nb->interrupted = true; break;
        case PK_NOTE_LINE:
            /* '%' lines (PDN escape) must start a line; ';' comments run to its end */
            if (w->col)
                newline(w);
            put(w, n->nag == ';' ? ";" : "%", 1);
            put(w, n->text, strlen(n->text));
            newline(w);
            nb->interrupted = true;
            break;
        case PK_NOTE_NAG: {
            char buf[16] = "$";
            if (n->nag < 0) /* too large to be read as a number: as written */
                token(w, n->text, strlen(n->text));
            else
                token(w, buf, 1 + itoa10(n->nag, buf + 1));
            break;
        }
        case PK_NOTE_SETUP: {
            char buf[256];
            const char *fen = w->o->setup_text ? w->o->setup_text(w->o->ctx, n->text, buf, sizeof buf) : n->text;
            size_t len = strlen(fen);
            room(w, len + 8); /* one token, as the reader takes it */
            put(w, "/FEN \"", 6);
            put(w, fen, len);
            put(w, "\"/", 2);
            w->col += (int)len + 8;
            setup_numbering(w, fen, nb);
            nb->interrupted = true;
            break;
        }
        case PK_NOTE_VARIATION:
            /* the reader nests at most PK_PDN_MAX_DEPTH deep: so does this recursion */
            /* "(" stays with what follows it: room for "(12... 32-28" or "({" */
            room(w, 1 + (n->line->nmoves || n->line->pre ? 12 : 1));
            put(w, "(", 1);
            w->col++;
            w->glue = true; /* "(12. 32-28 ...)": no blanks inside the parentheses */
            line(w, n->line, at_move ? *at_move : *nb, depth + 1);
            w->glue = false;
            if (w->rest)
                break;
            if (w->col + 1 > w->width)
                newline(w);
            put(w, ")", 1);
            w->col++;
            nb->interrupted = true;
            break;
        }
    }
}

/* "12." before the first ply of a pair, "12..." before a second ply that follows an
 * interruption or opens a line. */
static void number(writer *w, const numbering *nb, bool opens, size_t movelen)
{
    char buf[24];
    if (nb->second && !opens && !nb->interrupted)
        return;
    size_t n = itoa10(nb->number, buf);
    memcpy(buf + n, "...", 3);
    n += nb->second ? 3 : 1;
    /* the number stays on the line of its move */
    if (w->col && w->col + 1 + (int)(n + 1 + movelen) > w->width)
        newline(w);
    token(w, buf, n);
}

/* After the last move of a ply: the other side's turn. */
static void advance(numbering *nb)
{
    if (nb->second)
        nb->number++;
    nb->second = !nb->second;
}

static void line(writer *w, const pk_pdn_line *l, numbering nb, int depth)
{
    bool opens = true;
    nb.interrupted = false;
    notes(w, l->pre, &nb, NULL, depth);
    for (int i = 0; i < l->nmoves && !w->rest; i++) {
        const pk_pdn_move *m = &l->moves[i];
        char buf[512];
        const char *text = w->o->move_text ? w->o->move_text(w->o->ctx, l, i, depth, buf, sizeof buf) : m->text;
        bool hop = (m->flags & PK_PDN_MOVE_HOP) != 0;
        /* the ply ends with its last hop (a hop joined or written apart) */
        bool ends_ply = i + 1 >= l->nmoves || !(l->moves[i + 1].flags & PK_PDN_MOVE_HOP);
        if (hop && !text) { /* joined into the capture before it by the callback */
            notes(w, m->before, &nb, NULL, depth);
            if (ends_ply)
                advance(&nb);
            notes(w, m->after, &nb, NULL, depth);
            continue;
        }
        if (!text)
            text = m->text;
        numbering at = nb; /* a variation after this move replaces it */
        char tok[600];
        const char *t = text; /* the move and its strength mark, one token */
        size_t tl = strlen(text), sl = m->strength ? strlen(m->strength) : 0;
        if (sl) {
            if (tl + sl >= sizeof tok) /* a token the reader would not give */
                tl = sizeof tok - 1 - sl;
            memcpy(tok, text, tl);
            memcpy(tok + tl, m->strength, sl + 1);
            t = tok;
        }
        /* a hop written apart stays in its ply: no number, no advance. Notes written
         * before the move go before its number (a setup sets that number; a comment
         * between a number and its move is a deviation, pdn(5) comment-position), which
         * they interrupt: "{c} 3... 10-14". */
        notes(w, m->before, &nb, NULL, depth);
        if (!hop)
            number(w, &nb, opens, tl + sl);
        opens = false;
        token(w, t, tl + sl);
        nb.interrupted = false;
        if (ends_ply)
            advance(&nb);
        notes(w, m->after, &nb, &at, depth);
    }
}

int pk_pdn_write_game(FILE *out, const pk_game *g, const pk_pdn_write_opts *opts, pk_error *err)
{
    pk_pdn_write_opts defaults;
    memset(&defaults, 0, sizeof defaults);
    writer w;
    memset(&w, 0, offsetof(writer, buf)); /* not the 8 KB buffer: games are small */
    w.out = out;
    w.o = opts ? opts : &defaults;
    w.g = g;
    pk_pdn_write_opts o = *w.o;
    if (!o.first_mover)
        o.first_mover = 'W';
    w.o = &o;
    w.width = o.width > 20 ? o.width : 80;
    if (tags(&w)) /* the blank line that ends a header */
        put(&w, "\n", 1);
    int escaped = escaped_tags(&w);

    numbering nb = {1, false, false};
    const char *fen = o.fen ? (*o.fen ? o.fen : NULL) : g->fen;
    setup_numbering(&w, fen, &nb);
    if (o.first_number > 0)
        nb.number = o.first_number;
    line(&w, &g->main, nb, 0);

    /* a header with no movetext and no result stays that (pdn(5): header-only); the
     * terminator says the result the record states: a Result tag's when the terminator
     * is "*" or missing, never "*" in its place */
    const char *result = o.result;
    if (!result) {
        pk_stated_result sr;
        pk_game_stated_result(g, &sr);
        result = sr.kind >= PK_RESULT_FIRST_WIN ? sr.text : g->result.text ? g->result.text : "*";
    }
    if (w.rest & PK_UNPARSED_OPEN) { /* a terminator would be read into what it left open */
        if (w.col)
            newline(&w);
    } else if (o.result || g->result.text || g->main.nmoves || g->main.pre || escaped) {
        tokenf(&w, result);
        newline(&w);
    }
    flush(&w);
    if (w.failed)
        return pk_error_set(err, PK_ERR_IO, 0, "write error");
    return PK_OK;
}

/* ---- into a caller's buffer (textbuf.h) */
typedef struct game_job {
    const pk_game *g;
    const pk_pdn_write_opts *opts;
    pk_error *err;
} game_job;

static int game_job_write(FILE *out, void *ctx)
{
    const game_job *j = ctx;
    return pk_pdn_write_game(out, j->g, j->opts, j->err);
}

int pk_pdn_write_game_buf(char *buf, size_t size, size_t *len, const pk_game *g, const pk_pdn_write_opts *opts,
                          pk_error *err)
{
    game_job j = {g, opts, err};
    return pk_write_to_buffer(game_job_write, &j, buf, size, len, err);
}
