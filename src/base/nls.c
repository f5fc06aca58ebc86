/*
 * nls.c -- messages in the reader's language (pk_nls.h, issue 36): the catalogue of domain
 * "pdnkit" bound once (pthread_once) to the install's localedir, or to the folder the
 * program gives (the build tree's, for the tests), and the switch that turns translation on.
 * Off by default: a program that links the library gets English words whatever its
 * locale, and the JSON a tool writes is English (its keys, values and messages are read by
 * scripts). dcgettext is thread-safe (called as dcgettext, not dgettext: glibc's header
 * turns the one into the other only when optimising, and pk_port.h lists one name); the switch is an atomic flag, set by the program's
 * main before its threads start. A catalogue chosen by name (pdncheck --lang, the page's
 * menu: nls_mo.c) is forced the same way, before the threads, and wins over the locale's.
 */
#include "diag.h"
#include "pk_nls.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#ifdef ENABLE_NLS
#include <libintl.h>
#include <locale.h>
#include <pthread.h>
#endif

static atomic_int nls_on;
/* the language's generation (pk_nls_once): a new one whenever translation is turned on or
 * off, the locale chosen or a catalogue forced; 0 is no slot's, so it starts at 1 */
static atomic_uint nls_gen = 1;
/* pk_nls_force's catalogue: every message in its language, whatever the locale */
static _Atomic(const pk_nls_catalog *) forced;

/* the folder is taken on the first call only (nls_mo.c keeps it): the binding is made once */
static void take_dir(const char *dir) { pk_nls_set_localedir(dir); }

void pk_nls_force(const pk_nls_catalog *c)
{
    atomic_store(&forced, c);
    atomic_fetch_add(&nls_gen, 1);
#ifndef ENABLE_NLS
    atomic_store(&nls_on, c != NULL); /* the only words there are to turn on */
#endif
}

/* the forced catalogue, while messages are localized */
static const pk_nls_catalog *forced_on(void)
{
    return atomic_load_explicit(&nls_on, memory_order_relaxed) ? atomic_load_explicit(&forced, memory_order_relaxed)
                                                               : NULL;
}

#ifdef ENABLE_NLS
static pthread_once_t bound = PTHREAD_ONCE_INIT;

static void bind_domain(void)
{
    bindtextdomain("pdnkit", pk_nls_localedir());
    bind_textdomain_codeset("pdnkit", "UTF-8"); /* the tools write UTF-8 whatever LC_CTYPE */
}

int pk_localize_messages(int on, const char *dir)
{
    if (on) {
        take_dir(dir);
        pthread_once(&bound, bind_domain);
    }
    atomic_store(&nls_on, on != 0);
    atomic_fetch_add(&nls_gen, 1);
    return PK_OK;
}

/* Set when the program's main chose a locale whose messages gettext never translates
 * (PK_NLS_SETLOCALE): C or POSIX (where LANGUAGE is ignored), or C.UTF-8 and the like with
 * no LANGUAGE (LANGUAGE=fr does translate under C.UTF-8): then no lookup is made.
 * dcgettext costs about 1,600 instructions a call (its lock, the locale's name, the
 * catalogue's hash) and the variant's guess asks for a few words on every game: 12 % of
 * pdncheck -j 1 on OCA under LANG=C before this. */
static atomic_int plain_locale;

void pk_nls_chosen(const char *name)
{
    const char *language = getenv("LANGUAGE");
    atomic_store(&plain_locale, !name || !strcmp(name, "C") || !strcmp(name, "POSIX") ||
                                    (!strncmp(name, "C.", 2) && (!language || !*language)));
    atomic_fetch_add(&nls_gen, 1);
}

static int lookup_wanted(void)
{
    return atomic_load_explicit(&nls_on, memory_order_relaxed) &&
           !atomic_load_explicit(&plain_locale, memory_order_relaxed);
}

const char *pk_nls_text(const char *msgid)
{
    const pk_nls_catalog *c = forced_on();
    if (c)
        return pk_nls_catalog_text(c, msgid);
    return lookup_wanted() ? dcgettext("pdnkit", msgid, LC_MESSAGES) : msgid;
}

const char *pk_nls_ntext(const char *one, const char *many, unsigned long n)
{
    const pk_nls_catalog *c = forced_on();
    if (c)
        return pk_nls_catalog_ntext(c, one, many, n);
    if (lookup_wanted())
        return dcngettext("pdnkit", one, many, n, LC_MESSAGES);
    return n == 1 ? one : many;
}

#else

/* Without gettext: only a catalogue chosen by name (pk_nls_force) translates. */
int pk_localize_messages(int on, const char *dir)
{
    take_dir(dir);
    if (!on)
        atomic_store(&nls_on, 0);
    atomic_fetch_add(&nls_gen, 1);
    return on ? PK_ERR_UNSUPPORTED : PK_OK;
}

const char *pk_nls_text(const char *msgid)
{
    const pk_nls_catalog *c = forced_on();
    return c ? pk_nls_catalog_text(c, msgid) : msgid;
}

const char *pk_nls_ntext(const char *one, const char *many, unsigned long n)
{
    const pk_nls_catalog *c = forced_on();
    return c ? pk_nls_catalog_ntext(c, one, many, n) : n == 1 ? one : many;
}

#endif

const char *pk_nls_once(pk_nls_slot *slot, const char *msgid)
{
    unsigned gen = atomic_load_explicit(&nls_gen, memory_order_acquire);
    if (atomic_load_explicit(&slot->gen, memory_order_acquire) == gen)
        return atomic_load_explicit(&slot->text, memory_order_relaxed);
    const char *text = pk_nls_text(msgid);
    atomic_store_explicit(&slot->text, text, memory_order_relaxed);
    atomic_store_explicit(&slot->gen, gen, memory_order_release); /* after the text: read in this order */
    return text;
}
