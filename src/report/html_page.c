/*
 * html_page.c -- the HTML report's page, written by pk_html_finish (html_report.h) once
 * every game is in: the head with its own Content-Security-Policy (nothing loaded from
 * anywhere, no script but the page's own, pinned by its SHA-256), the header that says
 * what was checked (each file's name, size and SHA-256, and the date), the totals and
 * what they mean, the games table and the findings that html_report.c kept in temporary
 * files, the copies of one game (grouped by the game first seen: html_copies.c), the
 * warnings grouped by kind, and the script that sorts and filters the table.
 */
#include <stdlib.h>
#include <string.h>

#include "html_int.h"
#include "sha256.h"

#define esc pk_html_esc

static const char style[] =
    "body{font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;margin:0;color:#1d1d1f;"
    "background:#fafafa}\n"
    "header,main{max-width:72rem;margin:0 auto;padding:1rem 1.25rem;box-sizing:border-box}\n"
    "h1{font-size:1.6rem;margin:.2rem 0 .6rem}h2{font-size:1.2rem;margin:0 0 .3rem}h3{font-size:1rem;margin:.2rem 0}\n"
    "dl.stats{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0}dl.stats div{min-width:7rem}"
    "dl.stats dt{font-size:.8rem;color:#555}dl.stats dd{margin:0;font-size:1.25rem;font-weight:600}\n"
    ".conventions{color:#444;font-size:.9rem}\n"
    ".controls{margin:1rem 0;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}\n"
    "select,button{font:inherit}select{max-width:100%}\n" /* a long label (Russian) wraps on a phone */
    ".tablewrap{overflow-x:auto}table{border-collapse:collapse;width:100%;background:#fff}\n"
    "th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}\n"
    /* (anywhere: a long tag or path breaks inside its cell; the least width keeps a short
       name whole, where the table's layout would give the column a letter's width) */
    "#games td:nth-child(2),#games td:nth-child(3),#games td:nth-child(4){overflow-wrap:anywhere;max-width:22rem;"
    "min-width:8rem}#games td:nth-child(2){min-width:9rem}\n"
    ".detail{color:#444;font-size:.85rem;margin:0 0 .3rem}.detail code{font-size:.85rem}.rules{color:#555}\n"
    ".checked{font-size:.9rem;color:#333;margin:.4rem 0}.checked ul{margin:.2rem 0;padding-left:1.2rem}"
    ".checked code{overflow-wrap:anywhere}.why{display:block;font-size:.75rem;font-weight:400;color:#555}\n"
    "section.copies{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1.25rem 0;"
    "overflow-wrap:anywhere}\n"
    "section.warnings{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1.25rem 0}"
    ".warnings td:nth-child(2){text-align:right}.warnings td:nth-child(3){overflow-wrap:anywhere;width:100%}"
    ".warnings code{overflow-wrap:normal}\n"
    /* a phone: each kind on one line with its count, its first occurrence below, full width */
    "@media (max-width:40rem){.warnings thead{display:none}.warnings tr{display:block;border-bottom:1px solid #ddd;"
    "padding:.3rem 0}.warnings td{display:inline;border:0;padding:0 .4rem 0 0}.warnings td:nth-child(2)::before"
    "{content:'\\00d7 '}.warnings td:nth-child(3){display:block;width:auto;padding:.2rem 0 0}}\n"
    "th button{background:none;border:0;padding:0;font-weight:700;cursor:pointer;text-decoration:underline dotted}\n"
    "th button:focus-visible,a:focus-visible,select:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}\n"
    ".v-ok{color:#26703a}.v-errors{color:#b00020;font-weight:600}.v-drawn,.v-draw-claimable{color:#8a5a00;"
    "font-weight:600}.v-result-board{color:#7a1fa2;font-weight:600}.v-result-tag{color:#1a5fb4;font-weight:600}\n"
    "section.game{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1.25rem 0}\n"
    ".meta{color:#444;margin:.1rem 0 .6rem}section.game h2,.meta,.detail{overflow-wrap:anywhere}\n"
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
 * can be set from the address (#filter=errors) so a test can drive it. The script is the
 * same in every language (its hash is the policy's): the words it writes ("%d shown") are
 * in the page, in a data attribute. */
static const char script[] =
    "(function(){\n"
    "var sel=document.getElementById('verdict-filter'),tb=document.querySelector('#games tbody');\n"
    "function apply(){var v=sel.value,n=0;\n"
    " tb.querySelectorAll('tr').forEach(function(r){var h=v!=='all'&&r.dataset.verdict!==v;r.hidden=h;if(!h)n++;});\n"
    " document.querySelectorAll('section.game').forEach(function(s){s.hidden=v!=='all'&&s.dataset.verdict!==v;});\n"
    " var sh=document.getElementById('shown');sh.textContent=sh.dataset.shown.replace('%d',n);}\n"
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

/* The policy of the page (issue 34 item 13): a saved report opened from anywhere loads
 * nothing (default-src 'none': no image, font, frame or fetch), runs no script but its own
 * (script-src with the hash of the one below), sends no form and sets no base address. */
static void policy(FILE *f)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    pk_sha256 s;
    unsigned char d[33] = {0};
    pk_sha256_init(&s);
    pk_sha256_update(&s, "\n", 1); /* the element's text: a newline, then the script */
    pk_sha256_update(&s, script, sizeof script - 1);
    pk_sha256_final(&s, d);
    char hash[45];
    for (int i = 0, k = 0; i < 33; i += 3) { /* RFC 4648 base64: 32 bytes, 43 digits and '=' */
        unsigned v = (unsigned)d[i] << 16 | (unsigned)d[i + 1] << 8 | d[i + 2];
        for (int j = 0; j < 4; j++)
            hash[k++] = b64[(v >> (18 - 6 * j)) & 63];
    }
    hash[43] = '=';
    hash[44] = 0;
    fprintf(f, "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
               "script-src 'sha256-%s'; base-uri 'none'; form-action 'none'\">\n", hash);
}

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

static void figure(FILE *f, const pk_html *r, const char *name, long value)
{
    fprintf(f, "<div><dt>%s</dt><dd>%ld</dd></div>", PK_HT(&r->o, name), value);
}

/* "games with errors": every game not valid, which the filter splits by label (a game
 * whose result contradicts the board has an error but is labelled for it): said when the
 * two differ, so that the header and the filter's "errors (N)" agree. */
static void with_errors(FILE *f, const pk_html *r, long value)
{
    const pk_html_opts *o = &r->o;
    fprintf(f, "<div><dt>%s</dt><dd>%ld", PK_HT(o, "games with errors"), value);
    long other = 0;
    for (int i = 0; i < PK_LABEL_COUNT; i++)
        other += i != PK_LABEL_ERRORS ? r->invalid[i] : 0;
    if (other && value == r->invalid[PK_LABEL_ERRORS] + other) {
        fputs("<span class=\"why\">", f);
        fprintf(f, PK_HT(o, "in the filter: %s (%ld)"), PK_HT(o, pk_label_text(PK_LABEL_ERRORS)),
                r->invalid[PK_LABEL_ERRORS]);
        for (int i = 0; i < PK_LABEL_COUNT; i++)
            if (i != PK_LABEL_ERRORS && r->invalid[i])
                fprintf(f, PK_HT(o, ", %s (%ld of %ld)"), PK_HT(o, pk_label_text(i)), r->invalid[i], r->own.labels[i]);
        fputs("</span>", f);
    }
    fputs("</dd></div>", f);
}

/* What was checked: each input's name, size and SHA-256 (as sha256sum prints it), and
 * when; an arbiter's printed report identifies what it judged. */
static void checked(FILE *f, const pk_html *r)
{
    if (!r->ninputs && !r->date[0])
        return;
    const pk_html_opts *o = &r->o;
    fputs("<div class=\"checked\"><span class=\"label\">", f);
    if (r->date[0]) {
        char buf[200];
        snprintf(buf, sizeof buf, PK_HT(o, "Checked on %s:"), r->date);
        esc(f, buf);
    } else {
        fputs(PK_HT(o, "Checked:"), f);
    }
    fputs("</span>", f);
    if (r->ninputs) {
        fputs("<ul>", f);
        for (int i = 0; i < r->ninputs; i++) {
            const pk_html_input_id *in = &r->inputs[i];
            fputs("<li><code>", f);
            esc(f, in->name);
            fputs("</code>", f);
            fprintf(f, PK_HTN(o, ", %llu byte", ", %llu bytes", in->bytes), in->bytes);
            if (in->sha256[0])
                fprintf(f, ", SHA-256 <code>%s</code>", in->sha256);
            fputs("</li>", f);
        }
        fputs("</ul>", f);
    }
    fputs("</div>\n", f);
}

/* The variants met and what a result means in each (RULES 4.4). */
static void conventions(FILE *f, const pk_html *r)
{
    const pk_html_opts *o = &r->o;
    fprintf(f, "<p class=\"conventions\"><span class=\"label\">%s</span> ", PK_HT(o, "Variants:"));
    if (!r->nseen)
        fputs(PK_HT(o, "none replayed"), f);
    for (int i = 0; i < r->nseen; i++) {
        const pk_variant *v = r->seen[i];
        fputs(i ? "; " : "", f);
        esc(f, PK_HT(o, v->title));
        if (r->o.results == PK_RESULTS_WHITE)
            fputs(PK_HT(o, ": 1-0 = White won"), f);
        else
            fputs(v->first == PK_WHITE ? PK_HT(o, ": White moves first, 1-0 = White won")
                                       : PK_HT(o, ": Black moves first, 1-0 = Black won"),
                  f);
    }
    if (r->conventions[0]) {
        fprintf(f, ". <span class=\"label\">%s</span> ", PK_HT(o, "Conventions:"));
        esc(f, r->conventions);
    }
    fputs(".</p>\n", f);
}

/* Games k0..k1-1 of the copies kept, as the report's words put them: "Game 5", "game 9",
 * joined by ", " and " and ", each with its file in brackets when the page judged several;
 * the first copy's original instead when original. A string (malloc'd; NULL: out of
 * memory) so that the translated sentence can place it where its grammar wants. */
static char *copy_names(const pk_html *r, long k0, long k1, bool original)
{
    const pk_html_opts *o = &r->o;
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    if (!f)
        return NULL;
    for (long k = k0; k < k1; k++) {
        const pk_html_copy *c = &r->copies[k];
        int file = original ? c->first_file : c->file;
        fputs(k == k0 ? "" : k + 1 == k1 ? PK_HT(o, " and ") : ", ", f);
        fprintf(f, k == k0 && !original ? PK_HT(o, "Game %d") : PK_HT(o, "game %d"),
                original ? c->first_index : c->index);
        if (r->nfiles > 1) {
            fputs(" (<code>", f);
            esc(f, r->files[file]);
            fputs("</code>)", f);
        }
    }
    if (fclose(f) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

/* The copies of one game, grouped by the game first seen: "Game 5 is a copy of game 2",
 * "Game 5 and game 9 are copies of game 2"; those past PK_HTML_COPIES_MAX counted. */
static void copies(FILE *f, pk_html *r)
{
    const pk_html_opts *o = &r->o;
    if (!r->ncopies && !r->unkeyed)
        return;
    pk_html_copies_sort(r);
    long kept = r->ncopies < PK_HTML_COPIES_MAX ? r->ncopies : PK_HTML_COPIES_MAX;
    fprintf(f, "<section class=\"copies\" id=\"copies\">\n<h2>");
    fprintf(f, PK_HT(o, "Copies of one game (%ld)"), r->ncopies);
    fprintf(f, "</h2>\n<p>%s <code>pdngrep -u</code>).</p>\n<ul>\n",
            PK_HT(o, "The same game recorded more than once: the same variant, start position and moves as "
                     "played, whatever the notation, comments, variations or tags (the key compared by"));
    for (long i = 0; i < kept;) {
        long j = i;
        while (j < kept && r->copies[j].first_file == r->copies[i].first_file &&
               r->copies[j].first_index == r->copies[i].first_index)
            j++;
        char *copy = copy_names(r, i, j, false), *first = copy_names(r, i, i + 1, true);
        if (copy && first) {
            fputs("<li>", f);
            /* TRANSLATORS: the first %s names the copies ("Game 5 and game 9"), the second
             * the game they copy ("game 2"); %2$s and %1$s may swap them */
            fprintf(f, PK_HTN(o, "%s is a copy of %s.", "%s are copies of %s.", (unsigned long long)(j - i)), copy,
                    first);
            fputs("</li>\n", f);
        }
        free(copy);
        free(first);
        i = j;
    }
    if (r->ncopies > kept) {
        fputs("<li>", f);
        fprintf(f, PK_HTN(o, "%ld more copy, not listed.", "%ld more copies, not listed.",
                          (unsigned long long)(r->ncopies - kept)),
                r->ncopies - kept);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
    if (r->unkeyed) {
        fputs("<p>", f);
        fprintf(f,
                PK_HTN(o, "%ld game not compared with the others (past the first %d games, or out of memory).",
                       "%ld games not compared with the others (past the first %d games, or out of memory).",
                       (unsigned long long)r->unkeyed),
                r->unkeyed, PK_HTML_KEYS_MAX);
        fputs("</p>\n", f);
    }
    fputs("</section>\n", f);
}

/* The warnings by kind, most frequent first: how many, and the first as an example. */
static void warnings(FILE *f, const pk_html *r, long total)
{
    if (!r->nwarns && !r->warn_lost)
        return;
    int *order = malloc((size_t)(r->nwarns ? r->nwarns : 1) * sizeof *order);
    if (!order)
        return;
    for (int i = 0; i < r->nwarns; i++) { /* insertion sort: a few kinds, stable */
        int k = i;
        while (k > 0 && r->warns[order[k - 1]].count < r->warns[i].count) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    const pk_html_opts *o = &r->o;
    fputs("<section class=\"warnings\" id=\"warnings\">\n<h2>", f);
    fprintf(f, PK_HT(o, "Warnings (%ld)"), total);
    fprintf(f, "</h2>\n<p>%s</p>\n<div class=\"tablewrap\"><table>\n<thead><tr><th scope=\"col\">%s</th>"
               "<th scope=\"col\">%s</th><th scope=\"col\">%s</th></tr></thead>\n<tbody>\n",
            PK_HT(o, "Tolerated deviations: they do not make a game's verdict (--strict counts them as errors). "
                     "By kind, each with its first occurrence."),
            PK_HT(o, "kind"), PK_HT(o, "count"), PK_HT(o, "first occurrence"));
    for (int i = 0; i < r->nwarns; i++) {
        const pk_html_warn *w = &r->warns[order[i]];
        fputs("<tr><td><code>", f);
        esc(f, w->code);
        fprintf(f, "</code></td><td>%ld</td><td>", w->count);
        esc(f, w->example ? w->example : "");
        fputs("</td></tr>\n", f);
    }
    if (r->warn_lost)
        fprintf(f, "<tr><td>%s</td><td>%ld</td><td></td></tr>\n", PK_HT(o, "(not sorted: out of memory)"), r->warn_lost);
    fputs("</tbody></table></div>\n</section>\n", f);
    free(order);
}

int pk_html_finish(pk_html *r, const pk_totals *totals, pk_error *err)
{
    FILE *f = r->out;
    const pk_totals *t = totals ? totals : &r->own;
    const pk_html_opts *o = &r->o;
    /* TRANSLATORS: not words: the language's code (BCP 47: fr, nl, ru, pt, es, it), the
       report's <html lang>, which says what language the page's words are in */
    const char *lang = o->words ? pk_nls_catalog_lang(o->words) : PK_T("en");
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n", lang);
    policy(f);
    fputs("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", f);
    esc(f, r->title);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>", style);
    esc(f, r->title);
    fputs("</h1>\n", f);
    checked(f, r);
    fputs("<dl class=\"stats\">", f);
    /* the terminal summary's figures, then the games of each label but ok and errors */
    figure(f, r, N_("files"), t->files);
    figure(f, r, N_("games"), t->games);
    with_errors(f, r, t->with_errors);
    figure(f, r, N_("warnings"), t->warnings);
    for (int i = PK_LABEL_RESULT_BOARD; i < PK_LABEL_COUNT; i++)
        figure(f, r, pk_label_text(i), t->labels[i]);
    figure(f, r, N_("findings"), r->findings);
    fputs("</dl>\n", f);
    conventions(f, r);
    if (r->ncopies) {
        fputs("<p class=\"conventions\"><a href=\"#copies\">", f);
        fprintf(f, PK_HT(o, "Copies of one game (%ld)"), r->ncopies);
        fputs("</a></p>\n", f);
    }
    if (r->nwarns)
        fprintf(f, "<p class=\"conventions\"><a href=\"#warnings\">%s</a></p>\n", PK_HT(o, "The warnings, by kind"));
    fprintf(f, "</header>\n<main>\n<div class=\"controls\"><label for=\"verdict-filter\">%s</label> "
               "<select id=\"verdict-filter\"><option value=\"all\">",
            PK_HT(o, "Show games:"));
    fprintf(f, PK_HT(o, "all (%ld)"), r->own.games);
    fputs("</option>", f);
    for (int i = 0; i < PK_LABEL_COUNT; i++)
        fprintf(f, "<option value=\"%s\">%s (%ld)</option>", pk_label_key(i), PK_HT(o, pk_label_text(i)),
                r->own.labels[i]);
    /* TRANSLATORS: how many games of the table the filter shows; %d stays as it is */
    fprintf(f, "</select> <span id=\"shown\" aria-live=\"polite\" data-shown=\"%s\"></span></div>\n"
               "<div class=\"tablewrap\"><table id=\"games\">\n<thead><tr>",
            PK_HT(o, "%d shown"));
    static const char *const cols[] = {"#", N_("file"), N_("players"), N_("event, round, date"), N_("result"),
                                       N_("variant"), N_("verdict"), N_("plies")};
    for (int i = 0; i < 8; i++)
        fprintf(f, "<th scope=\"col\"><button type=\"button\">%s</button></th>", i ? PK_HT(o, cols[i]) : cols[i]);
    fputs("</tr></thead>\n<tbody>\n", f);
    int st = copy(r->rows, f);
    fputs("</tbody></table></div>\n", f);
    if (!st)
        st = copy(r->details, f);
    copies(f, r);
    warnings(f, r, t->warnings);
    fprintf(f, "</main>\n<script>\n%s</script>\n</body>\n</html>\n", script);
    pk_html_free(r);
    if (st || ferror(f))
        return pk_error_set(err, PK_ERR_IO, 0, "write error");
    return PK_OK;
}
