/*
 * filter.c -- the criteria of filter.h: tag patterns (PCRE2, compiled once, JIT where it
 * can), the stated result, the plies of the main line, dates read as spans of days, the
 * variant and the verdict.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "filter.h"
#include "pk_ascii.h"

#include "pk_port.h"
#include "report.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TAGS 32

typedef struct tag_test {
    char *name;
    pcre2_code *re; /* NULL: the tag's presence alone */
} tag_test;

struct pk_filter {
    tag_test tag[MAX_TAGS];
    int ntags;
    const pk_variant *variant;
    int result;         /* enum pk_result_kind + 1; 0: any */
    unsigned verdicts;  /* bits: 1 << label, VALID, INVALID; 0: any */
    long plies_min, plies_max; /* -1: open */
    bool plies;
    long date_lo, date_hi; /* days as YYYYMMDD */
    bool date;
};

#define V_VALID (1u << PK_LABEL_COUNT)
#define V_INVALID (1u << (PK_LABEL_COUNT + 1))

pk_filter *pk_filter_new(void) { return calloc(1, sizeof(pk_filter)); }

void pk_filter_free(pk_filter *f)
{
    if (!f)
        return;
    for (int i = 0; i < f->ntags; i++) {
        free(f->tag[i].name);
        pcre2_code_free(f->tag[i].re);
    }
    free(f);
}

/* ------------------------------------------------------------------ tags */

int pk_filter_add_tag(pk_filter *f, const char *arg, bool caseless, pk_error *err)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return pk_error_set(err, PK_ERR_USAGE, 0, "-t takes NAME=REGEX (as White=Smith), not '%s'", arg);
    if (f->ntags == MAX_TAGS)
        return pk_error_set(err, PK_ERR_USAGE, 0, "at most %d -t options", MAX_TAGS);
    tag_test *t = &f->tag[f->ntags];
    const char *pat = eq + 1;
    if (*pat) {
        int ec;
        PCRE2_SIZE at;
        uint32_t opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | (caseless ? PCRE2_CASELESS : 0);
        if (!(t->re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, opts, &ec, &at, NULL))) {
            char msg[160];
            pcre2_get_error_message(ec, (PCRE2_UCHAR *)msg, sizeof msg);
            return pk_error_set(err, PK_ERR_USAGE, (int)at + 1, "-t %.*s: bad pattern '%s': %s (at offset %zu)",
                                (int)(eq - arg), arg, pat, msg, (size_t)at);
        }
        pcre2_jit_compile(t->re, PCRE2_JIT_COMPLETE); /* else the interpreter: the same matches */
    }
    size_t n = (size_t)(eq - arg);
    if (!(t->name = malloc(n + 1))) {
        pcre2_code_free(t->re);
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    }
    memcpy(t->name, arg, n);
    t->name[n] = 0;
    f->ntags++;
    return PK_OK;
}

static bool tag_holds(const tag_test *t, const pk_game *g)
{
    pcre2_match_data *md = NULL;
    bool found = false;
    for (int i = 0; i < g->ntags && !found; i++) {
        if (pk_ascii_casecmp(g->tags[i].name, t->name))
            continue;
        if (!t->re)
            return true;
        if (!md && !(md = pcre2_match_data_create(1, NULL)))
            break; /* out of memory: no match (nothing better to say from here) */
        const char *v = g->tags[i].value;
        found = pcre2_match(t->re, (PCRE2_SPTR)v, strlen(v), 0, 0, md, NULL) >= 0;
    }
    pcre2_match_data_free(md);
    return found;
}

/* ------------------------------------------------------------------ variant, result, verdict */

void pk_filter_set_variant(pk_filter *f, const pk_variant *v) { f->variant = v; }

int pk_filter_set_result(pk_filter *f, const char *arg, pk_error *err)
{
    int kind = -1;
    if (!strcmp(arg, "draw"))
        kind = PK_RESULT_DRAW;
    else if (!strcmp(arg, "*"))
        kind = PK_RESULT_UNKNOWN;
    else if (strcmp(arg, "-")) /* a lone '-' reads as unknown: not a value to ask for */
        kind = pk_result_classify(arg, strlen(arg), NULL);
    if (kind < 0 || kind == PK_RESULT_NONE)
        return pk_error_set(err, PK_ERR_USAGE, 0, "--result takes 1-0, 0-1, draw, 0-0 or *, not '%s'", arg);
    f->result = kind + 1;
    return PK_OK;
}

int pk_filter_set_verdict(pk_filter *f, const char *arg, pk_error *err)
{
    unsigned bits = 0;
    for (const char *p = arg;;) {
        size_t n = strcspn(p, ",");
        unsigned b = 0;
        if (n == 5 && !strncmp(p, "valid", 5))
            b = V_VALID;
        else if (n == 6 && !strncmp(p, "errors", 6))
            b = V_INVALID;
        else if (n == 4 && !strncmp(p, "draw", 4))
            b = 1u << PK_LABEL_DRAWN | 1u << PK_LABEL_DRAW_CLAIMABLE;
        for (int l = 0; !b && l < PK_LABEL_COUNT; l++)
            if (l != PK_LABEL_ERRORS && strlen(pk_label_key(l)) == n && !strncmp(p, pk_label_key(l), n))
                b = 1u << l;
        if (!b)
            return pk_error_set(err, PK_ERR_USAGE, 0,
                                "--verdict takes valid, errors, draw, ok, result-board, result-tag, drawn or "
                                "draw-claimable (several: separated by commas), not '%.*s'",
                                (int)n, p);
        bits |= b;
        if (!p[n])
            break;
        p += n + 1;
    }
    f->verdicts = bits;
    return PK_OK;
}

/* ------------------------------------------------------------------ plies */

/* A count written with digits only; -1 when there is none or more follows. */
static long count(const char *s, const char **end)
{
    long n = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9' && n < 100000000; p++)
        n = n * 10 + (*p - '0');
    *end = p;
    return p == s || (*p >= '0' && *p <= '9') ? -1 : n;
}

int pk_filter_set_plies(pk_filter *f, const char *arg, pk_error *err)
{
    const char *e;
    long lo = -1, hi = -1;
    bool ok;
    if (arg[0] == '-') /* -M */
        ok = (hi = count(arg + 1, &e)) >= 0 && !*e;
    else if ((lo = count(arg, &e)) < 0 || (*e && *e != '-'))
        ok = false;
    else if (!*e || !e[1])
        ok = true; /* N (at least N), N- */
    else
        ok = (hi = count(e + 1, &e)) >= 0 && !*e && lo <= hi;
    if (!ok)
        return pk_error_set(err, PK_ERR_USAGE, 0, "--plies takes N (at least N), N-M, N- or -M, not '%s'", arg);
    f->plies = true;
    f->plies_min = lo;
    f->plies_max = hi;
    return PK_OK;
}

static int plies(const pk_game *g)
{
    int n = 0;
    for (int i = 0; i < g->main.nmoves; i++)
        n += !(g->main.moves[i].flags & PK_PDN_MOVE_HOP);
    return n;
}

/* ------------------------------------------------------------------ dates */

/* One part of a date: digits (at most width, at least min) or '?'s; *v the number, -1 for
 * '?'. Returns the characters read, 0 when none fit. */
static int part(const char *s, int min, int width, int *v)
{
    int n = 0;
    if (s[0] == '?') {
        while (n < width && s[n] == '?')
            n++;
        *v = -1;
        return n >= min ? n : 0;
    }
    *v = 0;
    while (n < width && s[n] >= '0' && s[n] <= '9')
        *v = *v * 10 + (s[n++] - '0');
    return n >= min ? n : 0;
}

static bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int days_in(int y, int m)
{
    static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : d[m - 1];
}

/* A date of `parts` parts (1 to 3) at s, read as the span [*lo, *hi] of YYYYMMDD days.
 * strict: two-digit months and days (the command line), else one digit is enough (the
 * tags of some archives: 1998.5.1). Returns the characters read, 0 when it is no date. */
static int read_date(const char *s, int parts, bool strict, long *lo, long *hi)
{
    int y, m = -1, d = -1, i = part(s, 4, 4, &y);
    if (!i)
        return 0;
    for (int k = 1; k < parts; k++) {
        if (s[i] != '.' && s[i] != '-' && s[i] != '/')
            return 0;
        int *v = k == 1 ? &m : &d, n = part(s + i + 1, strict ? 2 : 1, 2, v);
        if (!n)
            return 0;
        i += 1 + n;
    }
    if (y < 0 && (m >= 0 || d >= 0))
        return 0; /* ????.05.01: not a span of days */
    if ((m >= 0 && (m < 1 || m > 12)) || (m < 0 && d >= 0) || (d >= 0 && (d < 1 || d > days_in(y, m))))
        return 0;
    *lo = y < 0 ? 0 : (long)y * 10000 + (m < 0 ? 101 : m * 100 + (d < 0 ? 1 : d));
    *hi = y < 0 ? 99999999 : (long)y * 10000 + (m < 0 ? 1231 : m * 100 + (d < 0 ? days_in(y, m) : d));
    return i;
}

/* The longest date (3, 2, then 1 part) at s that the rest of the text allows: the end, or
 * a '-' then what `rest` accepts. */
static int longest(const char *s, bool strict, long *lo, long *hi, bool (*rest)(const char *))
{
    for (int parts = 3; parts >= 1; parts--) {
        int n = read_date(s, parts, strict, lo, hi);
        if (n && rest(s + n))
            return n;
    }
    return 0;
}

static bool at_end(const char *s) { return !*s; }

static bool to_date(const char *s)
{
    long lo, hi;
    if (*s != '-')
        return false;
    return !s[1] || longest(s + 1, true, &lo, &hi, at_end) > 0;
}

static bool end_or_range(const char *s) { return !*s || to_date(s); }

int pk_filter_set_date(pk_filter *f, const char *arg, pk_error *err)
{
    long lo = 0, hi = 99999999, to_lo;
    int n;
    bool ok = false;
    if (arg[0] == '-') /* -TO */
        ok = arg[1] && longest(arg + 1, true, &to_lo, &hi, at_end) > 0;
    else if ((n = longest(arg, true, &lo, &hi, end_or_range)) > 0) {
        if (!arg[n])
            ok = true; /* FROM: its own span */
        else if (!arg[n + 1])
            ok = true, hi = 99999999; /* FROM- */
        else
            ok = longest(arg + n + 1, true, &to_lo, &hi, at_end) > 0; /* FROM-TO: to the end of TO's span */
    }
    if (!ok || lo > hi)
        return pk_error_set(err, PK_ERR_USAGE, 0,
                            "--date takes FROM, FROM-TO, FROM- or -TO, each YYYY[.MM[.DD]] ('?\?' for a part not "
                            "known), not '%s'",
                            arg);
    f->date = true;
    f->date_lo = lo;
    f->date_hi = hi;
    return PK_OK;
}

static bool date_holds(const pk_filter *f, const pk_game *g)
{
    const char *d = pk_game_tag(g, "Date");
    long lo, hi;
    if (!d || !longest(d, false, &lo, &hi, at_end))
        return false;
    return lo >= f->date_lo && hi <= f->date_hi;
}

/* ------------------------------------------------------------------ the tests */

bool pk_filter_needs_replay(const pk_filter *f) { return f->variant || f->verdicts; }
bool pk_filter_needs_verdict(const pk_filter *f) { return f->verdicts != 0; }

bool pk_filter_record(const pk_filter *f, const pk_game *g)
{
    if (f->result) {
        pk_stated_result sr;
        pk_game_stated_result(g, &sr);
        int kind = sr.kind == PK_RESULT_NONE ? PK_RESULT_UNKNOWN : sr.kind;
        if (kind + 1 != f->result)
            return false;
    }
    if (f->plies) {
        int n = plies(g);
        if ((f->plies_min >= 0 && n < f->plies_min) || (f->plies_max >= 0 && n > f->plies_max))
            return false;
    }
    if (f->date && !date_holds(f, g))
        return false;
    for (int i = 0; i < f->ntags; i++)
        if (!tag_holds(&f->tag[i], g))
            return false;
    return true;
}

bool pk_filter_replayed(const pk_filter *f, const pk_game *g, const pk_replay_result *res)
{
    if (f->variant && (!res || pk_replay_result_variant(res) != f->variant))
        return false;
    if (f->verdicts) {
        pk_verdict v;
        pk_report_verdict(g, res, false, &v);
        unsigned bits = 1u << v.label | (v.valid ? V_VALID : V_INVALID);
        if (!(bits & f->verdicts))
            return false;
    }
    return true;
}
