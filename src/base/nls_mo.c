/*
 * nls_mo.c -- a catalogue of one language chosen by name, not by the locale (pk_nls.h,
 * issue 36): pdncheck --lang fr and the page's language menu. gettext picks its catalogue
 * from the locale (LC_MESSAGES, LANGUAGE), which is the process's (setlocale, getenv: not
 * the library's to change, and not thread-safe to change) or the thread's (uselocale:
 * only for a locale the system has installed, and fr_FR need not be). So the library reads
 * the compiled catalogue (LL/LC_MESSAGES/pdnkit.mo, the file msgfmt writes) itself: the
 * file is read once, checked, kept for the process and never changed, so any thread may
 * look up in it; it needs no libintl (the page's WebAssembly has none).
 * The .mo format (GNU gettext manual, "The Format of GNU MO Files"): a header of 32-bit
 * words (magic 0x950412de in the writer's byte order, revision, count, the offsets of the
 * two tables of (length, offset) pairs), the originals sorted by strcmp, so a lookup is a
 * binary search. A plural entry's original is "one\0many" and its translation the forms
 * one after the other.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pk_nls.h"

struct pk_nls_catalog {
    char lang[8];
    unsigned char *data; /* the file; NULL for English */
    size_t size;
    uint32_t n, orig, trans; /* the count and the tables' offsets */
    bool swap;               /* written in the other byte order */
};

#ifndef PK_LOCALEDIR
#define PK_LOCALEDIR "/usr/local/share/locale"
#endif

/* The folder of the catalogues: the first a program gives (pk_localize_messages; the
 * tools': PDNKIT_LOCALEDIR), set before its threads start, else the install's. */
static char localedir[4096];

const char *pk_nls_localedir(void) { return localedir[0] ? localedir : PK_LOCALEDIR; }

void pk_nls_set_localedir(const char *dir)
{
    if (dir && *dir && !localedir[0] && strlen(dir) < sizeof localedir)
        memcpy(localedir, dir, strlen(dir) + 1);
}

/* The catalogues' languages, English (the source's) first: po/LL.po's names. */
static const char *const languages[] = {"en", "es", "fr", "it", "nl", "pt", "ru"};
#define NLANG (sizeof languages / sizeof languages[0])

const char *pk_nls_language_list(void) { return "en, es, fr, it, nl, pt, ru"; }

static int lang_index(const char *lang)
{
    for (size_t i = 0; lang && i < NLANG; i++)
        if (!strcmp(lang, languages[i]))
            return (int)i;
    return -1;
}

bool pk_nls_language_known(const char *lang) { return lang_index(lang) >= 0; }

static uint32_t word(const pk_nls_catalog *c, size_t at)
{
    const unsigned char *p = c->data + at;
    return c->swap ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                   : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* Entry i of the table at tab: its string, or NULL when it lies outside the file or is
 * not NUL-terminated where its length says (a damaged file says nothing). */
static const char *entry(const pk_nls_catalog *c, uint32_t tab, uint32_t i, uint32_t *len)
{
    size_t at = (size_t)tab + 8 * (size_t)i;
    if (at + 8 > c->size)
        return NULL;
    uint32_t l = word(c, at), off = word(c, at + 4);
    if ((size_t)off + l >= c->size || c->data[off + l] != 0)
        return NULL;
    if (len)
        *len = l;
    return (const char *)c->data + off;
}

static bool parse(pk_nls_catalog *c)
{
    if (c->size < 28)
        return false;
    uint32_t magic = (uint32_t)c->data[0] | (uint32_t)c->data[1] << 8 | (uint32_t)c->data[2] << 16 |
                     (uint32_t)c->data[3] << 24;
    if (magic == 0xde120495u)
        c->swap = true;
    else if (magic != 0x950412deu)
        return false;
    if (word(c, 4) >> 16) /* a major revision this reader does not know */
        return false;
    c->n = word(c, 8);
    c->orig = word(c, 12);
    c->trans = word(c, 16);
    return (size_t)c->orig + 8 * (size_t)c->n <= c->size && (size_t)c->trans + 8 * (size_t)c->n <= c->size;
}

/* The translation of msgid (form k of a plural entry), or NULL. */
static const char *find(const pk_nls_catalog *c, const char *msgid, unsigned k)
{
    if (!c || !c->data)
        return NULL;
    uint32_t lo = 0, hi = c->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        const char *o = entry(c, c->orig, mid, NULL);
        if (!o)
            return NULL;
        int cmp = strcmp(msgid, o);
        if (cmp < 0) {
            hi = mid;
        } else if (cmp > 0) {
            lo = mid + 1;
        } else {
            uint32_t len;
            const char *t = entry(c, c->trans, mid, &len), *end = t ? t + len : NULL;
            for (; t && k; k--) /* the forms are NUL-separated */
                t = t + strlen(t) + 1 <= end ? t + strlen(t) + 1 : NULL;
            return t && *t ? t : NULL;
        }
    }
    return NULL;
}

/* The plural form of n in each language: the Plural-Forms line of po/LL.po, which
 * test_nls checks against the catalogue's header (evaluating the header's C expression
 * would need a parser for a few fixed formulas). */
static unsigned plural_form(const char *lang, unsigned long n)
{
    if (!strcmp(lang, "fr") || !strcmp(lang, "pt"))
        return n > 1;
    if (!strcmp(lang, "ru"))
        return n % 10 == 1 && n % 100 != 11                                  ? 0
               : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1
                                                                            : 2;
    return n != 1;
}

const char *pk_nls_catalog_text(const pk_nls_catalog *c, const char *msgid)
{
    const char *t = find(c, msgid, 0);
    return t ? t : msgid;
}

const char *pk_nls_catalog_ntext(const pk_nls_catalog *c, const char *one, const char *many, unsigned long n)
{
    const char *t = c && c->data ? find(c, one, plural_form(c->lang, n)) : NULL;
    return t ? t : n == 1 ? one : many;
}

const char *pk_nls_catalog_lang(const pk_nls_catalog *c) { return c ? c->lang : "en"; }

/* Each language's catalogue, read at its first use and kept: the pointers handed out
 * stay valid for the process, and what they point to never changes. */
static pk_nls_catalog *loaded[NLANG];
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

static int load(pk_nls_catalog *c, const char *dir, pk_error *err)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/pdnkit.mo", dir, c->lang);
    FILE *f = fopen(path, "rb");
    if (!f)
        return pk_error_set(err, PK_ERR_IO, 0, "cannot read the catalogue '%s'", path);
    size_t cap = 1 << 16, n = 0, got;
    unsigned char *data = malloc(cap);
    while (data && (got = fread(data + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap) {
            unsigned char *more = realloc(data, cap *= 2);
            if (!more)
                free(data);
            data = more;
        }
    int bad = ferror(f);
    fclose(f);
    if (!data)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    c->data = data;
    c->size = n;
    if (bad || !parse(c)) {
        free(data);
        c->data = NULL;
        return pk_error_set(err, PK_ERR_IO, 0, "'%s' is not a catalogue msgfmt wrote", path);
    }
    return PK_OK;
}

int pk_nls_catalog_get(const char *lang, const char *dir, const pk_nls_catalog **out, pk_error *err)
{
    int i = lang_index(lang);
    *out = NULL;
    if (i < 0)
        return pk_error_set(err, PK_ERR_USAGE, 0, "no catalogue for the language '%s'", lang ? lang : "");
    pthread_mutex_lock(&loading);
    int st = PK_OK;
    if (!loaded[i]) {
        pk_nls_catalog *c = calloc(1, sizeof *c);
        if (!c) {
            st = pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        } else {
            snprintf(c->lang, sizeof c->lang, "%s", languages[i]);
            if (i > 0 && (st = load(c, dir && *dir ? dir : pk_nls_localedir(), err)) != PK_OK)
                free(c);
            else
                loaded[i] = c;
        }
    }
    *out = loaded[i];
    pthread_mutex_unlock(&loading);
    return st;
}
