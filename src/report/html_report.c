/*
 * html_report.c -- the HTML report of html_report.h. A game's part of the page (its row of
 * the games table and, unless it is ok, its section of findings) is written by
 * pk_html_part_write, on any thread (pdncheck -j: the worker that checked the game), with
 * the places of the game's number marked (the number is its place in the run, known only
 * in order); pk_html_add_part puts the number in and appends the row and the section to
 * two temporary files. pk_html_add does both on the caller's thread. pk_html_finish
 * writes the page: head and styles, the header with the totals (known only at the end),
 * the table, the findings, the script. A finding's diagrams come from board.c, drawn from
 * what the replay put in the diagnostic as data (pk_diag's variant, pos, played,
 * required): the page neither parses the FEN text back nor matches the move a second
 * time.
 */
#include "html_report.h"

#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

#include "board.h"
#include "movelist_int.h" /* the library's own: the list is read in place */
#include "notation.h"

struct pk_html {
    FILE *out, *rows, *details;
    pk_html_opts o;
    char title[200], conventions[400];
    pk_totals own; /* the games added, for a caller without totals of its own */
    long findings, diagrams;
    char last_file[512];
    char variants[300];
    FILE *part; /* pk_html_add: the game's part, written over from the start each time */
    char *pbuf;
    size_t psize;
    /* pk_html_diag: the next game's diagnostics, copied (each with its strings in one block,
     * and what its structured fields point to: they are pointed there in pk_html_add, once
     * the arrays have stopped moving) */
    pk_diag *kept;
    struct kept_data {
        char *text;
        pk_diag_kept data;
    } *kept_data;
    int nkept, capkept;
};

static bool is_error(const pk_diag *d, bool strict)
{
    return d->severity == PK_SEV_ERROR || (strict && d->severity == PK_SEV_WARNING);
}

static bool is_draw(const pk_diag *d) { return !strncmp(d->code, "draw-", 5); }

/* A finding gets its own part of the game's section: an error, a draw rule that fired, a
 * result that contradicts the board or the Result tag: whatever a label other than ok
 * (report.h) rests on, so that no section is empty. */
static bool is_finding(const pk_diag *d, bool strict)
{
    return is_error(d, strict) || is_draw(d) || !strcmp(d->code, "result-mismatch") ||
           !strcmp(d->code, "result-tag-mismatch");
}

/* Text as HTML: the five special characters escaped, a control character but LF and TAB
 * shown as its Unicode picture (U+2400 + c); the reader gives valid UTF-8. Every tag value
 * of every game passes here: escaped into a buffer of the stack, written a buffer at a
 * time (a stream's call per character cost a tenth of the report). */
static void esc(FILE *f, const char *s)
{
    char buf[512];
    size_t n = 0;
    for (; s && *s; s++) {
        if (n > sizeof buf - 16) { /* room for the longest: "&#x241f;" and its NUL */
            fwrite(buf, 1, n, f);
            n = 0;
        }
        unsigned char ch = (unsigned char)*s;
        const char *e = NULL;
        if (ch > '>') { /* the common case: none of the special characters is above '>' */
            buf[n++] = (char)ch;
            continue;
        }
        switch (ch) {
        case '&': e = "&amp;"; break;
        case '<': e = "&lt;"; break;
        case '>': e = "&gt;"; break;
        case '"': e = "&quot;"; break;
        case '\'': e = "&#39;"; break;
        case '\n': case '\t': break;
        default:
            if (ch < 0x20) { /* "&#x24xx;" */
                n += (size_t)snprintf(buf + n, sizeof buf - n, "&#x%x;", ch + 0x2400);
                continue;
            }
        }
        if (e) {
            size_t k = strlen(e);
            memcpy(buf + n, e, k);
            n += k;
        } else {
            buf[n++] = (char)ch;
        }
    }
    if (n)
        fwrite(buf, 1, n, f);
}

pk_html *pk_html_new(FILE *out, const pk_html_opts *o, pk_error *err)
{
    pk_html *r = calloc(1, sizeof *r);
    if (!r)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), NULL;
    r->out = out;
    if (o)
        r->o = *o;
    snprintf(r->title, sizeof r->title, "%s", r->o.title ? r->o.title : "pdnkit report");
    snprintf(r->conventions, sizeof r->conventions, "%s", r->o.conventions ? r->o.conventions : "");
    r->rows = tmpfile();
    r->details = tmpfile();
    if (!r->rows || !r->details) {
        if (r->rows)
            fclose(r->rows);
        if (r->details)
            fclose(r->details);
        free(r);
        return pk_error_set(err, PK_ERR_IO, 0, "cannot make a temporary file for the report"), NULL;
    }
    return r;
}

void pk_html_opts_check(pk_html_opts *o, const pk_replay_opts *ro, bool strict, char *conv, size_t size)
{
    snprintf(conv, size, "results read as %s%s%s%s",
             ro->results == PK_RESULTS_WHITE ? "1-0 = White won (--results white)"
                                             : "1-0 = the first mover won (PDN convention)",
             ro->gen_flags ? "; house rule: captures not mandatory (--capture-optional)" : "",
             ro->draw_options ? "; a non-default draw profile (--draw-profile)" : "",
             strict ? "; --strict: warnings count as errors" : "");
    *o = (pk_html_opts){"pdncheck report", conv, ro->gen_flags, strict};
}

void pk_html_diag(pk_html *r, const pk_diag *d)
{
    if (r->nkept == r->capkept) {
        int cap = r->capkept ? 2 * r->capkept : 64;
        pk_diag *p = realloc(r->kept, (size_t)cap * sizeof *p);
        if (p)
            r->kept = p;
        struct kept_data *t = realloc(r->kept_data, (size_t)cap * sizeof *t);
        if (t)
            r->kept_data = t;
        if (!p || !t)
            return;
        r->capkept = cap;
    }
    const char *str[] = {d->message, d->fen, d->hint, d->move, d->code};
    size_t len[5], total = 0;
    for (int i = 0; i < 5; i++)
        total += len[i] = str[i] ? strlen(str[i]) + 1 : 0;
    char *text = malloc(total ? total : 1), *q = text;
    if (!text)
        return;
    pk_diag *c = &r->kept[r->nkept];
    struct kept_data *k = &r->kept_data[r->nkept];
    *c = *d;
    pk_diag_keep(&k->data, d);
    c->file = c->game_name = NULL; /* the page takes both from the game */
    const char **dst[] = {&c->message, &c->fen, &c->hint, &c->move, &c->code};
    for (int i = 0; i < 5; i++) {
        *dst[i] = str[i] ? memcpy(q, str[i], len[i]) : NULL;
        q += len[i];
    }
    k->text = text;
    r->nkept++;
}

/* The kept diagnostics' structured fields pointed to their copies. */
static void point_kept(pk_html *r)
{
    for (int i = 0; i < r->nkept; i++)
        pk_diag_restore(&r->kept[i], &r->kept_data[i].data);
}

static void forget_kept(pk_html *r)
{
    for (int i = 0; i < r->nkept; i++)
        free(r->kept_data[i].text);
    r->nkept = 0;
}

/* Where a game's part goes (pk_html_part_write): its stream, from start, and what the
 * part counts. Touches nothing else, so that any thread may write a part. */
typedef struct part_out {
    FILE *f;
    off_t start;
    const pk_html_opts *o;
    pk_html_part *p;
    pk_movelist *legal; /* made at the first finding that lists legal moves */
} part_out;

/* The game's number goes here (pk_html_add_part writes it). */
static void number_here(part_out *w)
{
    off_t at = ftello(w->f);
    if (at < w->start || w->p->nat == PK_HTML_NUMBERS) {
        w->p->failed = true;
        return;
    }
    w->p->at[w->p->nat++] = (size_t)(at - w->start);
}

/* "Smith – Jones" */
static void players(FILE *f, const pk_game *g)
{
    const char *w = pk_game_tag(g, "White"), *b = pk_game_tag(g, "Black");
    esc(f, w && *w ? w : "?");
    fputs(" \u2013 ", f);
    esc(f, b && *b ? b : "?");
}

static void event_line(FILE *f, const pk_game *g)
{
    const char *parts[] = {pk_game_tag(g, "Event"), pk_game_tag(g, "Round"), pk_game_tag(g, "Date")};
    const char *pre[] = {"", "round ", ""};
    bool any = false;
    for (int i = 0; i < 3; i++)
        if (parts[i] && *parts[i] && strcmp(parts[i], "?") && strcmp(parts[i], "-")) {
            fputs(any ? ", " : "", f);
            fputs(pre[i], f);
            esc(f, parts[i]);
            any = true;
        }
}

/* The move as written at line:col, searched in a line and its variations. */
static const pk_pdn_move *find_move(const pk_pdn_line *l, long long line, long long col, const pk_pdn_line **in, int *index)
{
    for (int i = 0; i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        if (m->line == line && m->col == col) {
            *in = l;
            *index = i;
            return m;
        }
        for (const pk_pdn_note *n = m->after; n; n = n->next)
            if (n->kind == PK_NOTE_VARIATION) {
                const pk_pdn_move *v = find_move(n->line, line, col, in, index);
                if (v)
                    return v;
            }
    }
    return NULL;
}

/* One diagram: kind "position" (the position before the move, the written move drawn)
 * or "required" (what the rules required). Inline SVG, without its XML declaration. */
static void diagram(part_out *w, const char *kind, const pk_variant *v, const pk_pos *p, const pk_move *m,
                    const char *caption)
{
    pk_board_opts bo;
    memset(&bo, 0, sizeof bo);
    bo.size = 320;
    bo.move = m;
    size_t n = 0, got = 0;
    char *svg = pk_board_svg_buf(v, p, &bo, NULL, 0, &n, NULL) == PK_OK ? malloc(n + 1) : NULL;
    if (!svg || pk_board_svg_buf(v, p, &bo, svg, n + 1, &got, NULL) != PK_OK || got != n) {
        free(svg);
        return;
    }
    const char *body = strncmp(svg, "<?xml", 5) ? svg : strchr(svg, '\n') + 1;
    fprintf(w->f, "<figure class=\"diagram %s\">", kind);
    fputs(body, w->f);
    w->p->diagrams++;
    fputs("<figcaption>", w->f);
    esc(w->f, caption);
    fputs("</figcaption></figure>\n", w->f);
    free(svg);
}

static void move_text(const pk_variant *v, const pk_movelist *l, const pk_move *m, char *buf, size_t size)
{
    if (pk_move_write_pdn(v, l, m, 0, buf, size) < 0)
        snprintf(buf, size, "?");
}

/* "Legal moves: 32-28, 33-29, ..." of the position w->legal was generated for. */
static void legal_list(part_out *w, const pk_variant *v)
{
    fputs("<p class=\"legal\"><span class=\"label\">Legal moves here:</span> ", w->f);
    if (!w->legal->n)
        fputs("none (the side to move has lost)", w->f);
    for (int i = 0; i < w->legal->n; i++) {
        char buf[128];
        move_text(v, w->legal, &w->legal->m[i], buf, sizeof buf);
        fputs(i ? ", " : "", w->f);
        esc(w->f, buf);
    }
    fputs("</p>\n", w->f);
}

/* The moves of the line up to the faulty one, marked. */
static void moves_upto(part_out *w, const pk_pdn_line *l, int index)
{
    fputs("<p class=\"moves\"><span class=\"label\">Moves:</span> ", w->f);
    int from = index > 60 ? index - 60 : 0;
    if (from)
        fputs("\u2026 ", w->f);
    for (int i = from; i <= index && i < l->nmoves; i++) {
        const pk_pdn_move *m = &l->moves[i];
        if (m->number)
            fprintf(w->f, "%d%s ", m->number, m->number_kind == PK_NUM_SECOND ? "..." : ".");
        if (i == index)
            fputs("<mark>", w->f);
        esc(w->f, m->text);
        fputs(i == index ? "</mark>" : " ", w->f);
    }
    fputs("</p>\n", w->f);
}

/* The diagrams and lists of one finding that names a position: the replay's position and
 * move (the move as written when it is none of the position's), and the capture the rules
 * required, all from the diagnostic. */
static void finding_board(part_out *w, const pk_html_game *rg, const pk_diag *d)
{
    const pk_variant *v = d->variant;
    const pk_pos *pos = d->pos;
    if (!v || !pos)
        return;
    const pk_pdn_line *l = NULL;
    int index = -1;
    const pk_pdn_move *mv = d->line > 0 && d->move ? find_move(&rg->game->main, d->line, d->col, &l, &index) : NULL;
    if (is_draw(d)) { /* a draw rule reports the position after the move that fired it */
        diagram(w, "position", v, pos, NULL, "the position when the rule fired");
        if (mv)
            moves_upto(w, l, index);
        return;
    }
    if (!mv || !d->played) {
        diagram(w, "position", v, pos, NULL, "the position");
        if (mv)
            moves_upto(w, l, index);
        return;
    }
    char caption[300];
    snprintf(caption, sizeof caption, "before the move: %s as written", mv->text);
    diagram(w, "position", v, pos, d->played, caption);
    if (!w->legal && !(w->legal = pk_movelist_new())) { /* (a finding's, not a move's) */
        w->p->failed = true;
        return;
    }
    pk_gen_legal(v, pos, w->legal, w->o->gen_flags); /* once: the required move's words and the list */
    if (d->required) {
        char buf[128];
        move_text(v, w->legal, d->required, buf, sizeof buf);
        snprintf(caption, sizeof caption, "what the rules required: %s", buf);
        diagram(w, "required", v, pos, d->required, caption);
    }
    legal_list(w, v);
    moves_upto(w, l, index);
}

static void finding(part_out *w, const pk_html_game *rg, const pk_diag *d)
{
    FILE *f = w->f;
    w->p->findings++;
    fprintf(f, "<article class=\"finding sev-%s\">\n<h3><span class=\"sev\">%s</span> <code>", pk_severity_name(d->severity),
            pk_severity_name(d->severity));
    esc(f, d->code);
    fputs("</code> ", f);
    esc(f, rg->file);
    if (d->line > 0)
        fprintf(f, ":%lld:%lld", d->line, d->col > 0 ? d->col : 1);
    if (d->move_number > 0)
        fprintf(f, ", move %d (%s)", d->move_number, d->side == 'W' ? "white" : d->side == 'B' ? "black" : "?");
    if (d->ply > 0)
        fprintf(f, ", ply %d", d->ply);
    fputs("</h3>\n<p class=\"message\">", f);
    esc(f, d->message);
    fputs("</p>\n", f);
    if (d->hint) {
        fputs("<p class=\"hint\">", f);
        esc(f, d->hint);
        fputs("</p>\n", f);
    }
    if (d->fen) {
        fputs("<p class=\"fen\"><span class=\"label\">Position:</span> <code>", f);
        esc(f, d->fen);
        fputs("</code></p>\n", f);
    }
    fputs("<div class=\"boards\">\n", f);
    finding_board(w, rg, d);
    fputs("</div>\n</article>\n", f);
}

/* The game's row of the table (its number marked where it goes). */
static void row(part_out *w, const pk_html_game *rg, int label, const pk_stated_result *sr)
{
    FILE *f = w->f;
    const pk_game *g = rg->game;
    fprintf(f, "<tr data-verdict=\"%s\"><td data-n=\"", pk_label_key(label));
    number_here(w);
    fprintf(f, "\">%d</td><td>", g->index);
    esc(f, rg->file);
    fputs("</td><td>", f);
    players(f, g);
    fputs("</td><td>", f);
    event_line(f, g);
    fputs("</td><td>", f);
    esc(f, sr->text ? sr->text : "");
    if (sr->conflict) { /* both, as written: neither is lost from sight */
        fputs(" (tag: ", f);
        esc(f, sr->tag);
        fputs(")", f);
    }
    fputs("</td><td>", f);
    esc(f, rg->variant ? rg->variant->name : "not replayed");
    fprintf(f, "</td><td class=\"verdict v-%s\">", pk_label_key(label));
    if (label != PK_LABEL_OK) {
        fputs("<a href=\"#g", f);
        number_here(w);
        fprintf(f, "\">%s</a>", pk_label_text(label));
    } else {
        fputs(pk_label_text(label), f);
    }
    int plies = rg->res ? pk_replay_result_plies(rg->res) : 0;
    fprintf(f, "</td><td data-n=\"%d\">%d</td></tr>\n", plies, plies);
}

/* The section of a game whose label is not ok: its findings. */
static void section(part_out *w, const pk_html_game *rg, int label, const pk_stated_result *sr)
{
    FILE *d = w->f;
    const pk_game *g = rg->game;
    const char *result = sr->text;
    fputs("<section class=\"game\" id=\"g", d);
    number_here(w);
    fprintf(d, "\" data-verdict=\"%s\">\n<h2>Game %d of ", pk_label_key(label), g->index);
    esc(d, rg->file);
    fputs(": ", d);
    players(d, g);
    fputs("</h2>\n<p class=\"meta\">", d);
    event_line(d, g);
    fputs(result ? " \u2014 result as written: " : "", d);
    esc(d, result);
    if (sr->conflict) {
        fputs(" (Result tag: ", d);
        esc(d, sr->tag);
        fputs(")", d);
    }
    if (rg->variant) {
        fputs(" \u2014 ", d);
        esc(d, rg->variant->title);
    }
    fputs("</p>\n", d);
    for (int i = 0; i < rg->ndiags; i++)
        if (is_finding(&rg->diags[i], w->o->strict))
            finding(w, rg, &rg->diags[i]);
    fputs("</section>\n", d);
}

int pk_html_part_write(FILE *out, const pk_html_opts *o, const pk_html_game *rg, const pk_verdict *v, pk_html_part *p)
{
    memset(p, 0, sizeof *p);
    part_out w = {out, ftello(out), o, p, NULL};
    p->variant = rg->variant;
    pk_totals t = {0};
    for (int i = 0; i < rg->ndiags; i++)
        pk_totals_diag(&t, &rg->diags[i], o->strict);
    p->errors = t.errors;
    p->warnings = t.warnings;
    pk_stated_result sr; /* the result column: what the record states, as the JSON says */
    pk_game_stated_result(rg->game, &sr);
    row(&w, rg, v->label, &sr);
    off_t mid = ftello(out);
    if (v->label != PK_LABEL_OK)
        section(&w, rg, v->label, &sr);
    off_t end = ftello(out);
    pk_movelist_free(w.legal);
    if (w.start < 0 || mid < w.start || end < mid || p->failed || ferror(out)) {
        p->failed = true;
        return PK_ERR_IO;
    }
    p->row = (size_t)(mid - w.start);
    p->section = (size_t)(end - mid);
    return PK_OK;
}

static void add_variant(pk_html *r, const char *name)
{
    size_t n = strlen(name), len = strlen(r->variants);
    for (const char *p = r->variants; (p = strstr(p, name)); p += n)
        if ((p == r->variants || p[-1] == ' ') && (p[n] == ',' || !p[n]))
            return;
    if (len + n + 3 < sizeof r->variants)
        snprintf(r->variants + len, sizeof r->variants - len, "%s%s", len ? ", " : "", name);
}

/* text[from..to) to f, the game's number put where the part marked it. */
static void put(FILE *f, const char *text, size_t from, size_t to, const pk_html_part *p, int *k, long id)
{
    for (; *k < p->nat && p->at[*k] <= to; ++*k) {
        fwrite(text + from, 1, p->at[*k] - from, f);
        fprintf(f, "%ld", id);
        from = p->at[*k];
    }
    fwrite(text + from, 1, to - from, f);
}

int pk_html_add_part(pk_html *r, const char *file, const pk_verdict *v, const pk_html_part *p, const char *text,
                     pk_error *err)
{
    if (p->failed)
        return pk_error_set(err, PK_ERR_IO, 0, "a game's part of the report could not be written");
    pk_totals_game(&r->own, v);
    r->own.errors += p->errors;
    r->own.warnings += p->warnings;
    r->findings += p->findings;
    r->diagrams += p->diagrams;
    if (strcmp(r->last_file, file)) {
        snprintf(r->last_file, sizeof r->last_file, "%s", file);
        r->own.files++;
    }
    if (p->variant)
        add_variant(r, p->variant->name);
    long id = r->own.games;
    int k = 0;
    put(r->rows, text, 0, p->row, p, &k, id);
    put(r->details, text, p->row, p->row + p->section, p, &k, id);
    if (ferror(r->rows) || ferror(r->details))
        return pk_error_set(err, PK_ERR_IO, 0, "cannot write the report's temporary file");
    return PK_OK;
}

int pk_html_add(pk_html *r, const pk_html_game *rg_in, const pk_verdict *v, pk_error *err)
{
    pk_html_game kept = *rg_in;
    if (!kept.diags) { /* those of pk_html_diag */
        point_kept(r);
        kept.diags = r->kept;
        kept.ndiags = r->nkept;
    }
    int st = PK_ERR_NOMEM;
    pk_html_part p;
    if (!r->part && !(r->part = open_memstream(&r->pbuf, &r->psize)))
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    else if (fseeko(r->part, 0, SEEK_SET) || pk_html_part_write(r->part, &r->o, &kept, v, &p) || fflush(r->part))
        st = pk_error_set(err, PK_ERR_IO, 0, "cannot write the report's part of a game");
    else
        st = pk_html_add_part(r, kept.file, v, &p, r->pbuf, err);
    if (!rg_in->diags)
        forget_kept(r);
    return st;
}

static const char style[] =
    "body{font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;margin:0;color:#1d1d1f;"
    "background:#fafafa}\n"
    "header,main{max-width:72rem;margin:0 auto;padding:1rem 1.25rem}\n"
    "h1{font-size:1.6rem;margin:.2rem 0 .6rem}h2{font-size:1.2rem;margin:0 0 .3rem}h3{font-size:1rem;margin:.2rem 0}\n"
    "dl.stats{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0}dl.stats div{min-width:7rem}"
    "dl.stats dt{font-size:.8rem;color:#555}dl.stats dd{margin:0;font-size:1.25rem;font-weight:600}\n"
    ".conventions{color:#444;font-size:.9rem}\n"
    ".controls{margin:1rem 0;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}\n"
    "select,button{font:inherit}\n"
    ".tablewrap{overflow-x:auto}table{border-collapse:collapse;width:100%;background:#fff}\n"
    "th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}\n"
    "th button{background:none;border:0;padding:0;font-weight:700;cursor:pointer;text-decoration:underline dotted}\n"
    "th button:focus-visible,a:focus-visible,select:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}\n"
    ".v-ok{color:#26703a}.v-errors{color:#b00020;font-weight:600}.v-drawn,.v-draw-claimable{color:#8a5a00;"
    "font-weight:600}.v-result-board{color:#7a1fa2;font-weight:600}.v-result-tag{color:#1a5fb4;font-weight:600}\n"
    "section.game{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1.25rem 0}\n"
    ".meta{color:#444;margin:.1rem 0 .6rem}\n"
    "article.finding{border-top:1px solid #eee;padding-top:.6rem;margin-top:.6rem}\n"
    ".sev{text-transform:uppercase;font-size:.75rem;padding:.05rem .35rem;border-radius:3px;color:#fff;"
    "background:#555}\n"
    ".sev-error .sev{background:#b00020}.sev-warning .sev{background:#8a5a00}.sev-note .sev{background:#1a5fb4}\n"
    ".hint{color:#444;font-style:italic}.label{font-weight:600}\n"
    ".boards{display:flex;flex-wrap:wrap;gap:1rem}figure.diagram{margin:.3rem 0;max-width:320px;width:100%}"
    "figure.diagram svg{width:100%;height:auto;display:block}figcaption{font-size:.9rem;color:#333}\n"
    "mark{background:#ffd54f;padding:0 .15rem}code{font-family:ui-monospace,Menlo,Consolas,monospace;"
    "font-size:.9em;overflow-wrap:anywhere}\n"
    "[hidden]{display:none!important}\n"
    "@media print{body{background:#fff;font-size:11pt}.controls{display:none}.tablewrap{overflow:visible}"
    "table{font-size:8.5pt}th,td{padding:2px 4px}td{overflow-wrap:anywhere}section.game{break-before:page;"
    "border:0;padding:0}article.finding{break-inside:avoid}a{color:inherit;text-decoration:none}"
    "tr{break-inside:avoid}}\n";

/* Sorting by a column (numbers where data-n says so), filtering by verdict; the filter
 * can be set from the address (#filter=errors) so a test can drive it. */
static const char script[] =
    "(function(){\n"
    "var sel=document.getElementById('verdict-filter'),tb=document.querySelector('#games tbody');\n"
    "function apply(){var v=sel.value,n=0;\n"
    " tb.querySelectorAll('tr').forEach(function(r){var h=v!=='all'&&r.dataset.verdict!==v;r.hidden=h;if(!h)n++;});\n"
    " document.querySelectorAll('section.game').forEach(function(s){s.hidden=v!=='all'&&s.dataset.verdict!==v;});\n"
    " document.getElementById('shown').textContent=n+' shown';}\n"
    "sel.addEventListener('change',apply);\n"
    "document.querySelectorAll('#games th button').forEach(function(b,i){b.addEventListener('click',function(){\n"
    " var rows=Array.prototype.slice.call(tb.rows),up=b.dataset.dir!=='up';\n"
    " document.querySelectorAll('#games th').forEach(function(t){t.removeAttribute('aria-sort');});\n"
    " b.dataset.dir=up?'up':'down';b.parentNode.setAttribute('aria-sort',up?'ascending':'descending');\n"
    " rows.sort(function(x,y){var a=x.cells[i],c=y.cells[i],p=a.dataset.n,q=c.dataset.n;\n"
    "  var r=p!==undefined?p-q:a.textContent.localeCompare(c.textContent);return up?r:-r;});\n"
    " rows.forEach(function(r){tb.appendChild(r);});});});\n"
    "var m=/filter=([a-z-]+)/.exec(location.hash);if(m){sel.value=m[1];}\n"
    "apply();})();\n";

static int copy(FILE *from, FILE *to)
{
    char buf[65536];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n)
            return -1;
    return ferror(from) ? -1 : 0;
}

static void figure(FILE *f, const char *name, long value)
{
    fprintf(f, "<div><dt>%s</dt><dd>%ld</dd></div>", name, value);
}

int pk_html_finish(pk_html *r, const pk_totals *totals, pk_error *err)
{
    FILE *f = r->out;
    const pk_totals *t = totals ? totals : &r->own;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          f);
    esc(f, r->title);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>", style);
    esc(f, r->title);
    fputs("</h1>\n<dl class=\"stats\">", f);
    /* the terminal summary's figures, then the games of each label but ok and errors */
    figure(f, "files", t->files);
    figure(f, "games", t->games);
    figure(f, "games with errors", t->with_errors);
    figure(f, "warnings", t->warnings);
    for (int i = PK_LABEL_RESULT_BOARD; i < PK_LABEL_COUNT; i++)
        figure(f, pk_label_text(i), t->labels[i]);
    figure(f, "findings", r->findings);
    fputs("</dl>\n<p class=\"conventions\"><span class=\"label\">Variants:</span> ", f);
    esc(f, r->variants[0] ? r->variants : "none replayed");
    if (r->conventions[0]) {
        fputs(". <span class=\"label\">Conventions:</span> ", f);
        esc(f, r->conventions);
    }
    fprintf(f, ".</p>\n</header>\n<main>\n<div class=\"controls\"><label for=\"verdict-filter\">Show games:</label> "
               "<select id=\"verdict-filter\"><option value=\"all\">all (%ld)</option>", r->own.games);
    for (int i = 0; i < PK_LABEL_COUNT; i++)
        fprintf(f, "<option value=\"%s\">%s (%ld)</option>", pk_label_key(i), pk_label_text(i), r->own.labels[i]);
    fputs("</select> <span id=\"shown\" aria-live=\"polite\"></span></div>\n<div class=\"tablewrap\"><table "
          "id=\"games\">\n<thead><tr>",
          f);
    static const char *const cols[] = {"#", "file", "players", "event, round, date", "result", "variant",
                                       "verdict", "plies"};
    for (int i = 0; i < 8; i++)
        fprintf(f, "<th scope=\"col\"><button type=\"button\">%s</button></th>", cols[i]);
    fputs("</tr></thead>\n<tbody>\n", f);
    int st = copy(r->rows, f);
    fputs("</tbody></table></div>\n", f);
    if (!st)
        st = copy(r->details, f);
    fprintf(f, "</main>\n<script>\n%s</script>\n</body>\n</html>\n", script);
    fclose(r->rows);
    fclose(r->details);
    if (r->part)
        fclose(r->part);
    free(r->pbuf);
    forget_kept(r);
    free(r->kept);
    free(r->kept_data);
    free(r);
    if (st || ferror(f))
        return pk_error_set(err, PK_ERR_IO, 0, "write error");
    return PK_OK;
}
