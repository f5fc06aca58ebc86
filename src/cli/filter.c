/*
 * filter.c -- the criteria of filter.h: tag patterns (PCRE2, compiled once, JIT where it
 * can), the stated result, the plies of the main line, dates read as spans of days, the
 * variant and the verdict.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "filter.h"
#include "pk_ascii.h"
#include "pk_nls.h"

#include "pk_port.h"
#include "report.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TAGS 32

typedef struct tag_test {
    char *name;
    char *arg;      /* NAME=REGEX as given: what an error names */
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
        free(f->tag[i].arg);
        pcre2_code_free(f->tag[i].re);
    }
    free(f);
}

/* ------------------------------------------------------------------ tags */

int pk_filter_add_tag(pk_filter *f, const char *arg, bool caseless, pk_error *err)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("-t takes NAME=REGEX (as White=Smith), not '%s'"), arg);
    if (f->ntags == MAX_TAGS)
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("at most %d -t options"), MAX_TAGS);
    tag_test *t = &f->tag[f->ntags];
    const char *pat = eq + 1;
    if (*pat) {
        int ec;
        PCRE2_SIZE at;
        /* UTF and UCP: the reader hands out UTF-8 only (encoding.h: a cp1252 or cp1251 file
         * is decoded on the way), and \w, \b, \d, [[:alpha:]] and caseless matching take
         * every letter ("Jérôme"), not ASCII's alone. A value that is not valid UTF-8 all the
         * same is a match error (tag_holds), not a silent "no match". */
        uint32_t opts = PCRE2_UTF | PCRE2_UCP | (caseless ? PCRE2_CASELESS : 0);
        if (!(t->re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, opts, &ec, &at, NULL))) {
            char msg[160];
            pcre2_get_error_message(ec, (PCRE2_UCHAR *)msg, sizeof msg);
            return pk_error_set(err, PK_ERR_USAGE, (int)at + 1, PK_T("-t %.*s: bad pattern '%s': %s (at offset %zu)"),
                                (int)(eq - arg), arg, pat, msg, (size_t)at);
        }
        pcre2_jit_compile(t->re, PCRE2_JIT_COMPLETE); /* else the interpreter: the same matches */
    }
    size_t n = (size_t)(eq - arg);
    t->name = malloc(n + 1);
    t->arg = malloc(strlen(arg) + 1);
    if (!t->name || !t->arg) {
        free(t->name);
        free(t->arg);
        pcre2_code_free(t->re);
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    }
    memcpy(t->name, arg, n);
    t->name[n] = 0;
    strcpy(t->arg, arg);
    f->ntags++;
    return PK_OK;
}

/* The error of a match that did not finish (a limit, a value not UTF-8), for *why. */
static int match_failed(const tag_test *t, const pk_pdn_tag *tag, int rc, pk_filter_why *why)
{
    if (why) {
        why->tag = t->arg;
        why->line = tag->line;
        why->col = tag->col;
        if (pcre2_get_error_message(rc, (PCRE2_UCHAR *)why->reason, sizeof why->reason) < 0 && !why->reason[0])
            snprintf(why->reason, sizeof why->reason, "PCRE2 error %d", rc);
    }
    return -1;
}

/* 1: some tag t->name has a value the pattern matches; 0: none; -1: a match gave up
 * (PCRE2's match, depth or heap limit, a value not UTF-8), said in *why. Never "no match"
 * for a match that did not finish: under -v that would select the game. */
static int tag_holds(const tag_test *t, const pk_game *g, pk_filter_why *why)
{
    pcre2_match_data *md = NULL;
    int found = 0;
    for (int i = 0; i < g->ntags && !found; i++) {
        if (pk_ascii_casecmp(g->tags[i].name, t->name))
            continue;
        if (!t->re)
            return 1;
        if (!md && !(md = pcre2_match_data_create(1, NULL))) {
            found = match_failed(t, &g->tags[i], PCRE2_ERROR_NOMEMORY, why);
            break;
        }
        const char *v = g->tags[i].value;
        int rc = pcre2_match(t->re, (PCRE2_SPTR)v, strlen(v), 0, 0, md, NULL);
        /* JIT's stack (32 KiB) is small for some patterns: the interpreter's is the heap */
        if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
            rc = pcre2_match(t->re, (PCRE2_SPTR)v, strlen(v), 0, PCRE2_NO_JIT, md, NULL);
        if (rc >= 0)
            found = 1;
        else if (rc != PCRE2_ERROR_NOMATCH)
            found = match_failed(t, &g->tags[i], rc, why);
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
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--result takes 1-0, 0-1, draw, 0-0 or *, not '%s'"), arg);
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
                                PK_T("--verdict takes valid, errors, draw, ok, result-board, result-tag, drawn or "
                                "draw-claimable (several: separated by commas), not '%.*s'"),
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
        return pk_error_set(err, PK_ERR_USAGE, 0, PK_T("--plies takes N (at least N), N-M, N- or -M, not '%s'"), arg);
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
    if (!strict) /* 1998.00.00: the zeros of a program that had no month or day to write */
        m = m == 0 ? -1 : m, d = d == 0 ? -1 : d;
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
                            PK_T("--date takes FROM, FROM-TO, FROM- or -TO, each YYYY[.MM[.DD]] ('?\?' for a part not "
                            "known), not '%s'"),
                            arg);
    f->date = true;
    f->date_lo = lo;
    f->date_hi = hi;
    return PK_OK;
}

/* The Date tags of real archives (a survey of the bundled corpora, pdngrep(1) lists the
 * forms): besides PDN's YYYY.MM.DD, the year last (25.11.2000, 18-03-1998, 1.10.1973:
 * the day first, as in Europe, where these archives come from), a separator left at the
 * end (1998.), a range of days or years (1998.05.01 - 1998.05.09, 2007/2008), the
 * month by its English name (17 april 2009, 1-2 June 2002), blanks around it all. */

static const char *const month_names[12] = {"january", "february", "march",     "april",   "may",    "june",
                                            "july",    "august",   "september", "october", "november", "december"};

/* A month's English name or its first three letters (and "sept") at s: its number, *n
 * the letters read; 0 when there is none. */
static int month_name(const char *s, int *n)
{
    int k = 0;
    while (pk_ascii_isalpha((unsigned char)s[k]))
        k++;
    for (int m = 0; m < 12; m++) {
        const char *name = month_names[m];
        size_t len = strlen(name);
        if (((size_t)k == len || k == 3 || (m == 8 && k == 4)) && (size_t)k <= len &&
            !pk_ascii_ncasecmp(s, name, (size_t)k)) {
            *n = k;
            return m + 1;
        }
    }
    return 0;
}

/* The span of y (-1: not known), m (-1: not known) and d (-1: not known), all checked;
 * false when they are no day (a month 13, a 30 February) or say a day of no known year. */
static bool span_of(int y, int m, int d, long *lo, long *hi)
{
    if (y < 0)
        return false;
    if ((m >= 0 && (m < 1 || m > 12)) || (m < 0 && d >= 0) || (d >= 0 && (d < 1 || d > days_in(y, m))))
        return false;
    *lo = (long)y * 10000 + (m < 0 ? 101 : m * 100 + (d < 0 ? 1 : d));
    *hi = (long)y * 10000 + (m < 0 ? 1231 : m * 100 + (d < 0 ? days_in(y, m) : d));
    return true;
}

static bool is_sep(char c) { return c == '.' || c == '-' || c == '/'; }

/* One date, the whole of s: true and its span. */
static bool one_date(const char *s, long *lo, long *hi)
{
    int i, n;
    /* YYYY[.MM[.DD]], one separator allowed after it (1998.) */
    for (int parts = 3; parts >= 1; parts--)
        if ((i = read_date(s, parts, false, lo, hi)) && (!s[i] || (is_sep(s[i]) && !s[i + 1])))
            return *hi != 99999999; /* ????: no year known */
    /* DD.MM.YYYY, D-M-YYYY: the day first ('/' left out: the United States write the month
     * first there) */
    int d, m, y, e;
    if ((i = part(s, 1, 2, &d)) && (s[i] == '.' || s[i] == '-') && (n = part(s + i + 1, 1, 2, &m)) &&
        s[i + 1 + n] == s[i] && (e = part(s + i + n + 2, 4, 4, &y)) && !s[i + n + 2 + e])
        return span_of(y, m == 0 ? -1 : m, d == 0 ? -1 : d, lo, hi);
    /* [D[-D] ]MONTH[,] YYYY */
    int d2 = -1, v;
    i = 0;
    d = -1;
    if ((n = part(s, 1, 2, &v)) && v >= 0) {
        d = v;
        i = n;
        if (s[i] == '-' && (n = part(s + i + 1, 1, 2, &d2)) && d2 >= 0)
            i += 1 + n;
        if (s[i++] != ' ')
            return false;
    }
    if (!(m = month_name(s + i, &n)))
        return false;
    i += n;
    i += s[i] == '.' || s[i] == ',';
    if (s[i++] != ' ' || !(e = part(s + i, 4, 4, &y)) || s[i + e] || y < 0)
        return false;
    long l2, h2;
    if (!span_of(y, m, d, lo, hi) || (d2 >= 0 && (!span_of(y, m, d2, &l2, &h2) || (*hi = h2) < *lo)))
        return false;
    return true;
}

int pk_filter_read_date(const char *value, long *lo, long *hi)
{
    char s[80];
    size_t a = 0, b = value ? strlen(value) : 0;
    while (a < b && (value[a] == ' ' || value[a] == '\t'))
        a++;
    while (b > a && (value[b - 1] == ' ' || value[b - 1] == '\t'))
        b--;
    if (strspn(value ? value + a : "", "?0.-/ \t") >= b - a)
        return 0; /* none: no tag, "", "?", "????.??.??", "0000.00.00" */
    if (b - a >= sizeof s)
        return -1;
    memcpy(s, value + a, b - a);
    s[b - a] = 0;
    for (size_t k = 0; s[k]; k++) /* blanks: one space */
        if (s[k] == '\t')
            s[k] = ' ';
    if (one_date(s, lo, hi))
        return 1;
    /* a range: FROM - TO, FROM-TO, FROM/TO (2007/2008: a season) */
    for (size_t k = 1; s[k]; k++) {
        if (s[k] != '-' && s[k] != '/')
            continue;
        char from[80], *to = s + k + 1;
        size_t f = k;
        while (f && s[f - 1] == ' ')
            f--;
        memcpy(from, s, f);
        from[f] = 0;
        while (*to == ' ')
            to++;
        long l2, h2;
        if (one_date(from, lo, hi) && one_date(to, &l2, &h2) && *lo <= h2) {
            *hi = h2;
            return 1;
        }
    }
    return -1;
}

/* ------------------------------------------------------------------ the tests */

bool pk_filter_needs_replay(const pk_filter *f) { return f->variant || f->verdicts; }
bool pk_filter_needs_verdict(const pk_filter *f) { return f->verdicts != 0; }

int pk_filter_record(const pk_filter *f, const pk_game *g, pk_filter_why *why)
{
    if (why)
        memset(why, 0, sizeof *why);
    if (f->date) { /* first: an unreadable date is said whatever the other criteria say */
        long lo, hi;
        int k = pk_filter_read_date(pk_game_tag(g, "Date"), &lo, &hi);
        if (k < 0 && why)
            why->date_unread = true;
        if (k <= 0 || lo < f->date_lo || hi > f->date_hi)
            return 0;
    }
    if (f->result) {
        pk_stated_result sr;
        pk_game_stated_result(g, &sr);
        int kind = sr.kind == PK_RESULT_NONE ? PK_RESULT_UNKNOWN : sr.kind;
        if (kind + 1 != f->result)
            return 0;
    }
    if (f->plies) {
        int n = plies(g);
        if ((f->plies_min >= 0 && n < f->plies_min) || (f->plies_max >= 0 && n > f->plies_max))
            return 0;
    }
    for (int i = 0; i < f->ntags; i++) {
        int k = tag_holds(&f->tag[i], g, why);
        if (k <= 0)
            return k;
    }
    return 1;
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
