/*
 * nls.c -- messages in the reader's language (pk_nls.h, issue 36): the catalogue of domain
 * "pdnkit" bound once (pthread_once) to the install's localedir, or to the folder the
 * program gives (the build tree's, for the tests), and the switch that turns translation on.
 * Off by default: a program that links the library gets English words whatever its
 * locale, and the JSON a tool writes is English (its keys, values and messages are read by
 * scripts). dcgettext is thread-safe (called as dcgettext, not dgettext: glibc's header
 * turns the one into the other only when optimising, and pk_port.h lists one name); the switch is an atomic flag, set by the program's
 * main before its threads start.
 */
#include "diag.h"
#include "pk_nls.h"

#ifdef ENABLE_NLS
#include <libintl.h>
#include <locale.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#ifndef PK_LOCALEDIR
#define PK_LOCALEDIR "/usr/local/share/locale"
#endif

static atomic_int nls_on;
/* the language's generation (pk_nls_once): a new one whenever translation is turned on or
 * off or the locale chosen; 0 is no slot's, so it starts at 1 */
static atomic_uint nls_gen = 1;
static pthread_once_t bound = PTHREAD_ONCE_INIT;
static char localedir[4096];

static void bind_domain(void)
{
    bindtextdomain("pdnkit", localedir[0] ? localedir : PK_LOCALEDIR);
    bind_textdomain_codeset("pdnkit", "UTF-8"); /* the tools write UTF-8 whatever LC_CTYPE */
}

int pk_localize_messages(int on, const char *dir)
{
    if (on) {
        /* the folder is taken on the first call only: the binding is made once */
        if (dir && !localedir[0] && strlen(dir) < sizeof localedir)
            memcpy(localedir, dir, strlen(dir) + 1);
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
    return lookup_wanted() ? dcgettext("pdnkit", msgid, LC_MESSAGES) : msgid;
}

const char *pk_nls_once(pk_nls_slot *slot, const char *msgid)
{
    if (!lookup_wanted())
        return msgid;
    unsigned gen = atomic_load_explicit(&nls_gen, memory_order_acquire);
    if (atomic_load_explicit(&slot->gen, memory_order_acquire) == gen)
        return atomic_load_explicit(&slot->text, memory_order_relaxed);
    const char *text = dcgettext("pdnkit", msgid, LC_MESSAGES);
    atomic_store_explicit(&slot->text, text, memory_order_relaxed);
    atomic_store_explicit(&slot->gen, gen, memory_order_release); /* after the text: read in this order */
    return text;
}

const char *pk_nls_ntext(const char *one, const char *many, unsigned long n)
{
    if (lookup_wanted())
        return dcngettext("pdnkit", one, many, n, LC_MESSAGES);
    return n == 1 ? one : many;
}

#else

int pk_localize_messages(int on, const char *dir)
{
    (void)dir;
    return on ? PK_ERR_UNSUPPORTED : PK_OK;
}

#endif
