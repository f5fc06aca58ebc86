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
#include "html_int.h"
#define esc pk_html_esc
#include "movelist_int.h" /* the library's own: the list is read in place */
#include "notation.h"
#include "replay_result_int.h" /* the game's draws: a draw finding's rule and kind */


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
void pk_html_esc(FILE *f, const char *s)
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
    snprintf(r->title, sizeof r->title, "%s", PK_HT(&r->o, r->o.title ? r->o.title : N_("pdnkit report")));
    snprintf(r->conventions, sizeof r->conventions, "%s", r->o.conventions ? r->o.conventions : "");
    snprintf(r->date, sizeof r->date, "%s", r->o.date ? r->o.date : "");
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

void pk_html_opts_check(pk_html_opts *o, const pk_replay_opts *ro, bool strict, const struct pk_nls_catalog *words,
                        char *conv, size_t size)
{
    *o = (pk_html_opts){N_("pdncheck report"), conv, ro->gen_flags, strict, ro->results, NULL, words};
    snprintf(conv, size, PK_HT(o, "results read as %s%s%s%s"),
             ro->results == PK_RESULTS_WHITE ? PK_HT(o, "1-0 = White won (--results white)")
                                             : PK_HT(o, "1-0 = the first mover won (PDN convention)"),
             ro->gen_flags ? PK_HT(o, "; house rule: captures not mandatory (--capture-optional)") : "",
             ro->draw_options ? PK_HT(o, "; a non-default draw profile (--draw-profile)") : "",
             strict ? PK_HT(o, "; --strict: warnings count as errors") : "");
}

/* "FILE:LINE:COL, game N (NAME): MESSAGE": a warning's example, as pdncheck's line says it */
static char *example(const pk_html_opts *o, const pk_diag *d)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fputs(d->file ? d->file : "", f);
    if (d->line > 0)
        fprintf(f, ":%lld:%lld", d->line, d->col > 0 ? d->col : 1);
    if (d->game > 0)
        fprintf(f, PK_HT(o, ", game %d"), d->game);
    if (d->game > 0 && d->game_name)
        fprintf(f, " (%s)", d->game_name);
    fprintf(f, ": %s", d->message ? d->message : "");
    if (fclose(f)) {
        free(text);
        return NULL;
    }
    return text;
}

void pk_html_note(pk_html *r, const pk_diag *d)
{
    if (d->severity != PK_SEV_WARNING || r->o.strict) /* (under --strict: an error, a finding) */
        return;
    for (int i = 0; i < r->nwarns; i++)
        if (!strcmp(r->warns[i].code, d->code)) {
            r->warns[i].count++;
            return;
        }
    if (r->nwarns == r->capwarns) {
        int cap = r->capwarns ? 2 * r->capwarns : 16;
        pk_html_warn *w = realloc(r->warns, (size_t)cap * sizeof *w);
        if (!w) {
            r->warn_lost++;
            return;
        }
        r->warns = w;
        r->capwarns = cap;
    }
    pk_html_warn *w = &r->warns[r->nwarns++];
    snprintf(w->code, sizeof w->code, "%s", d->code);
    w->count = 1;
    w->example = example(&r->o, d);
}

void pk_html_diag(pk_html *r, const pk_diag *d)
{
    pk_html_note(r, d);
    if (d->game <= 0) /* a file's: counted above, kept for no game */
        return;
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

/* A tag's value, the first of names that is given (not empty, "?" or "-"). */
static const char *tag_of(const pk_game *g, const char *const *names)
{
    for (; *names; names++) {
        const char *v = pk_game_tag(g, *names);
        if (v && *v && strcmp(v, "?") && strcmp(v, "-"))
            return v;
    }
    return NULL;
}

/* The players' tags the corpora use (tests/corpora): PDN's White and Black, the Italian
 * federation's Bianco and Nero (with Dati, its event, and Anno, its year), PlayStrategy's
 * P1 and P2. Only the report reads them: pdncheck's lines name the game as before. */
static const char *const white_tags[] = {"White", "Bianco", "P1", NULL};
static const char *const black_tags[] = {"Black", "Nero", "P2", NULL};
static const char *const event_tags[] = {"Event", "Dati", NULL};
static const char *const date_tags[] = {"Date", "Anno", NULL};

/* "Smith – Jones" */
static void players(FILE *f, const pk_game *g)
{
    const char *w = tag_of(g, white_tags), *b = tag_of(g, black_tags);
    esc(f, w && *w ? w : "?");
    fputs(" \u2013 ", f);
    esc(f, b && *b ? b : "?");
}

static void event_line(FILE *f, const pk_html_opts *o, const pk_game *g)
{
    const char *parts[] = {tag_of(g, event_tags), pk_game_tag(g, "Round"), tag_of(g, date_tags)};
    const char *pre[] = {"", PK_HT(o, "round "), ""};
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
    /* its title (board.c's "NAME: White to move, FEN") in the report's words (issue 36):
     * the variant's name and the FEN as they are, the rest of the diagram unchanged */
    char head[96];
    snprintf(head, sizeof head, "<title>%s: %s to move, ", v->name, p->turn == PK_WHITE ? "White" : "Black");
    const char *t0 = strstr(body, head), *t1 = t0 ? strstr(t0, "</title>") : NULL;
    if (t1 && t1 - t0 - strlen(head) < 512) {
        char fen[512], title[700];
        snprintf(fen, sizeof fen, "%.*s", (int)(t1 - t0 - strlen(head)), t0 + strlen(head));
        snprintf(title, sizeof title,
                 p->turn == PK_WHITE ? PK_HT(w->o, "%s: White to move, %s") : PK_HT(w->o, "%s: Black to move, %s"),
                 v->name, fen);
        fwrite(body, 1, (size_t)(t0 - body) + 7, w->f);
        esc(w->f, title);
        body = t1;
    }
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
    fprintf(w->f, "<p class=\"legal\"><span class=\"label\">%s</span> ", PK_HT(w->o, "Legal moves here:"));
    if (!w->legal->n)
        fputs(PK_HT(w->o, "none (the side to move has lost)"), w->f);
    for (int i = 0; i < w->legal->n; i++) {
        char buf[128];
        move_text(v, w->legal, &w->legal->m[i], buf, sizeof buf);
        fputs(i ? ", " : "", w->f);
        esc(w->f, buf);
    }
    fputs("</p>\n", w->f);
}

/* Every legal move takes: a capture was compulsory (RULES 1.5; --capture-optional lists
 * the quiet moves too, and then it was not). */
static bool compulsory(const pk_movelist *l)
{
    for (int i = 0; i < l->n; i++)
        if (!l->m[i].ncap)
            return false;
    return l->n > 0;
}

/* The moves of the line up to the faulty one, marked. */
static void moves_upto(part_out *w, const pk_pdn_line *l, int index)
{
    fprintf(w->f, "<p class=\"moves\"><span class=\"label\">%s</span> ", PK_HT(w->o, "Moves:"));
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
        diagram(w, "position", v, pos, NULL, PK_HT(w->o, "the position when the rule fired"));
        if (mv)
            moves_upto(w, l, index);
        return;
    }
    if (!mv || !d->played) {
        diagram(w, "position", v, pos, NULL, PK_HT(w->o, "the position"));
        if (mv)
            moves_upto(w, l, index);
        return;
    }
    char caption[300];
    snprintf(caption, sizeof caption, PK_HT(w->o, "before the move: %s as written"), mv->text);
    diagram(w, "position", v, pos, d->played, caption);
    if (!w->legal && !(w->legal = pk_movelist_new())) { /* (a finding's, not a move's) */
        w->p->failed = true;
        return;
    }
    pk_gen_legal(v, pos, w->legal, w->o->gen_flags); /* once: the required move's words and the list */
    if (d->required) {
        char buf[128];
        move_text(v, w->legal, d->required, buf, sizeof buf);
        snprintf(caption, sizeof caption, PK_HT(w->o, "what the rules required: %s"), buf);
        diagram(w, "required", v, pos, d->required, caption);
    } else if (compulsory(w->legal)) { /* an illegal move where a capture was compulsory */
        char buf[128];
        move_text(v, w->legal, &w->legal->m[0], buf, sizeof buf);
        if (w->legal->n == 1)
            snprintf(caption, sizeof caption, PK_HT(w->o, "what the rules required: %s, the only capture"), buf);
        else
            snprintf(caption, sizeof caption,
                     PK_HTN(w->o, "what the rules required: a capture (%d legal one); drawn: %s",
                            "what the rules required: a capture (%d legal ones); drawn: %s", (unsigned)w->legal->n),
                     w->legal->n, buf);
        diagram(w, "required", v, pos, &w->legal->m[0], caption);
    }
    legal_list(w, v);
    moves_upto(w, l, index);
}

/* The draw of the game's result that d reports (its rule and kind), or NULL. */
static const pk_draw_event *draw_of(const pk_html_game *rg, const pk_diag *d)
{
    const pk_replay_result *res = rg->res;
    for (int i = 0; res && d->message && i < res->ndraws; i++)
        if (!strcmp(res->draws[i].code, d->code) && strstr(d->message, res->draws[i].msg))
            return &res->draws[i];
    return NULL;
}

/* The finding's heading in an arbiter's words; its code, rule and place follow as detail. */
static const char *heading(const pk_diag *d, const pk_draw_event *draw, const pk_html_opts *o)
{
    static const struct {
        const char *code, *words;
    } words[] = {{"illegal-move", N_("Illegal move")},
                 {"capture-required", N_("A capture was compulsory")},
                 {"missed-capture", N_("Another capture was compulsory")},
                 {"incomplete-capture", N_("The capture was not completed")},
                 {"ambiguous-move", N_("The move is ambiguous")},
                 {"result-mismatch", N_("The result contradicts the board")},
                 {"result-tag-mismatch", N_("The Result tag and the result disagree")}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(d->code, words[i].code))
            return PK_HT(o, words[i].words);
    if (is_draw(d))
        return !draw                             ? PK_HT(o, "A draw rule")
               : draw->kind == PK_DRAW_CLAIM     ? PK_HT(o, "A draw could have been claimed")
               : draw->kind == PK_DRAW_AUTOMATIC ? PK_HT(o, "The game was drawn by a rule")
                                                 : PK_HT(o, "A draw rule's note");
    if (d->severity == PK_SEV_WARNING && o->strict)
        return PK_HT(o, "A tolerated fault, an error under --strict");
    return d->severity == PK_SEV_ERROR ? PK_HT(o, "An error in the record") : PK_HT(o, "A remark");
}

/* " (REP3, RULES 2.6)": the draw rule that fired and where the variant's rules are written,
 * for a finding about the moves or the result (doc/RULES.md) */
static void rules(FILE *f, const pk_diag *d, const pk_draw_event *draw)
{
    const char *doc = NULL;
    if (d->variant && (draw || d->played || d->required || !strcmp(d->code, "result-mismatch")))
        doc = pk_variant_def_of(d->variant)->rules_doc;
    if (!draw && !(doc && *doc))
        return;
    fputs(" <span class=\"rules\">(", f);
    if (draw)
        esc(f, draw->rule);
    if (doc && *doc) {
        fputs(draw ? ", " : "", f);
        esc(f, doc);
    }
    fputs(")</span>", f);
}

static void finding(part_out *w, const pk_html_game *rg, const pk_diag *d)
{
    FILE *f = w->f;
    w->p->findings++;
    const pk_draw_event *draw = is_draw(d) ? draw_of(rg, d) : NULL;
    fprintf(f, "<article class=\"finding sev-%s\">\n<h3>%s</h3>\n<p class=\"detail\"><span class=\"sev\">%s</span> <code>",
            pk_severity_name(d->severity), heading(d, draw, w->o), pk_severity_name(d->severity));
    esc(f, d->code);
    fputs("</code> ", f);
    esc(f, rg->file);
    if (d->line > 0)
        fprintf(f, ":%lld:%lld", d->line, d->col > 0 ? d->col : 1);
    if (d->move_number > 0)
        fprintf(f,
                d->side == 'W'   ? PK_HT(w->o, ", move %d (white)")
                : d->side == 'B' ? PK_HT(w->o, ", move %d (black)")
                                 : PK_HT(w->o, ", move %d (?)"),
                d->move_number);
    if (d->ply > 0)
        fprintf(f, PK_HT(w->o, ", ply %d"), d->ply);
    rules(f, d, draw);
    fputs("</p>\n<p class=\"message\">", f);
    esc(f, d->message);
    fputs("</p>\n", f);
    if (d->hint) {
        fputs("<p class=\"hint\">", f);
        esc(f, d->hint);
        fputs("</p>\n", f);
    }
    if (d->fen) {
        fprintf(f, "<p class=\"fen\"><span class=\"label\">%s</span> <code>", PK_HT(w->o, "Position:"));
        esc(f, d->fen);
        fputs("</code></p>\n", f);
    }
    fputs("<div class=\"boards\">\n", f);
    finding_board(w, rg, d);
    fputs("</div>\n</article>\n", f);
}

/* A file's path as HTML, a break allowed after each '/' (<wbr>): on a phone the column
 * breaks a long path between its folders, and a short name stays whole (issue 34). */
static void esc_path(FILE *f, const char *s)
{
    char seg[256];
    while (*s) {
        size_t n = strcspn(s, "/");
        bool slash = s[n] == '/';
        n += slash;
        for (size_t i = 0; i < n; i += sizeof seg - 1) { /* (bytes: a UTF-8 sequence cut is whole again) */
            size_t k = n - i < sizeof seg - 1 ? n - i : sizeof seg - 1;
            memcpy(seg, s + i, k);
            seg[k] = 0;
            esc(f, seg);
        }
        if (slash && s[n])
            fputs("<wbr>", f);
        s += n;
    }
}

/* The game's row of the table (its number marked where it goes). */
static void row(part_out *w, const pk_html_game *rg, int label, const pk_stated_result *sr)
{
    FILE *f = w->f;
    const pk_game *g = rg->game;
    fprintf(f, "<tr data-verdict=\"%s\"><td data-n=\"", pk_label_key(label));
    number_here(w);
    fprintf(f, "\">%d</td><td>", g->index);
    esc_path(f, rg->file);
    fputs("</td><td>", f);
    players(f, g);
    fputs("</td><td>", f);
    event_line(f, w->o, g);
    fputs("</td><td>", f);
    esc(f, sr->text ? sr->text : "");
    if (sr->conflict) { /* both, as written: neither is lost from sight */
        fputs(PK_HT(w->o, " (tag: "), f);
        esc(f, sr->tag);
        fputs(")", f);
    }
    fputs("</td><td>", f);
    esc(f, rg->variant ? rg->variant->name : PK_HT(w->o, "not replayed"));
    fprintf(f, "</td><td class=\"verdict v-%s\">", pk_label_key(label));
    if (label != PK_LABEL_OK) {
        fputs("<a href=\"#g", f);
        number_here(w);
        fprintf(f, "\">%s</a>", PK_HT(w->o, pk_label_text(label)));
    } else {
        fputs(PK_HT(w->o, pk_label_text(label)), f);
    }
    int plies = rg->res ? pk_replay_result_plies(rg->res) : 0;
    fprintf(f, "</td><td data-n=\"%d\">%d</td></tr>\n", plies, plies);
}

/* What a win written 1-0 or 0-1 means under the run's convention and the game's variant
 * (RULES 4.4: PDN's 1-0 is the first mover's win; in English checkers Black moves first). */
static void result_meaning(FILE *f, const pk_html_opts *o, const pk_variant *v, const pk_stated_result *sr)
{
    if (!v || (sr->kind != PK_RESULT_FIRST_WIN && sr->kind != PK_RESULT_SECOND_WIN))
        return;
    bool first = sr->kind == PK_RESULT_FIRST_WIN, white_first = v->first == PK_WHITE;
    if (o->results == PK_RESULTS_WHITE) {
        fputs(first ? PK_HT(o, " (White won: --results white)") : PK_HT(o, " (Black won: --results white)"), f);
        return;
    }
    char buf[300];
    snprintf(buf, sizeof buf,
             white_first ? (first ? PK_HT(o, " (White won: White moves first in %s)")
                                  : PK_HT(o, " (Black won: White moves first in %s)"))
                         : (first ? PK_HT(o, " (Black won: Black moves first in %s)")
                                  : PK_HT(o, " (White won: Black moves first in %s)")),
             PK_HT(o, v->title));
    esc(f, buf);
}

/* The section of a game whose label is not ok: its findings. */
static void section(part_out *w, const pk_html_game *rg, int label, const pk_stated_result *sr)
{
    FILE *d = w->f;
    const pk_game *g = rg->game;
    const char *result = sr->text;
    fputs("<section class=\"game\" id=\"g", d);
    number_here(w);
    fprintf(d, "\" data-verdict=\"%s\">\n<h2>", pk_label_key(label));
    fprintf(d, PK_HT(w->o, "Game %d of "), g->index);
    esc(d, rg->file);
    fputs(": ", d);
    players(d, g);
    fputs("</h2>\n<p class=\"meta\">", d);
    event_line(d, w->o, g);
    fputs(result ? PK_HT(w->o, " \u2014 result as written: ") : "", d);
    esc(d, result);
    result_meaning(d, w->o, rg->variant, sr);
    if (sr->conflict) {
        fputs(PK_HT(w->o, " (Result tag: "), d);
        esc(d, sr->tag);
        fputs(")", d);
    }
    if (rg->variant) {
        fputs(" \u2014 ", d);
        esc(d, PK_HT(w->o, rg->variant->title));
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
    p->index = rg->game->index;
    if ((p->keyed = rg->key != NULL))
        p->key = *rg->key;
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

static void add_variant(pk_html *r, const pk_variant *v)
{
    for (int i = 0; i < r->nseen; i++)
        if (r->seen[i] == v)
            return;
    if (r->nseen < PK_V_COUNT)
        r->seen[r->nseen++] = v;
}

int pk_html_input(pk_html *r, const char *name, unsigned long long bytes, const char *sha256, pk_error *err)
{
    if (r->ninputs == r->capinputs) {
        int cap = r->capinputs ? 2 * r->capinputs : 8;
        pk_html_input_id *p = realloc(r->inputs, (size_t)cap * sizeof *p);
        if (!p)
            return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        r->inputs = p;
        r->capinputs = cap;
    }
    pk_html_input_id *in = &r->inputs[r->ninputs];
    if (!(in->name = strdup(name)))
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    in->bytes = bytes;
    snprintf(in->sha256, sizeof in->sha256, "%s", sha256 ? sha256 : "");
    r->ninputs++;
    return PK_OK;
}

void pk_html_free(pk_html *r)
{
    fclose(r->rows);
    fclose(r->details);
    if (r->part)
        fclose(r->part);
    free(r->pbuf);
    forget_kept(r);
    free(r->kept);
    free(r->kept_data);
    for (int i = 0; i < r->nwarns; i++)
        free(r->warns[i].example);
    free(r->warns);
    for (int i = 0; i < r->ninputs; i++)
        free(r->inputs[i].name);
    free(r->inputs);
    pk_html_copies_free(r);
    free(r);
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
    if (!v->valid && v->label >= 0 && v->label < PK_LABEL_COUNT)
        r->invalid[v->label]++;
    if (p->variant)
        add_variant(r, p->variant);
    pk_html_copy_note(r, file, p);
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

