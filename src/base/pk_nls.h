/*
 * pk_nls.h -- the words of the library and of the tools in the reader's language (issue 36),
 * private to pdnkit. Every human message is written in English in the source and marked:
 *   PK_T("text")              translated where the text is produced (dgettext, domain "pdnkit")
 *   PK_TN("one", "many", n)   the same with a plural (dngettext)
 *   N_("text")                only marked for xgettext (a table's English), translated later
 *                             by PK_T at the point the message is written
 *   pk_nls_once(&slot, N_("text"))  PK_T looked up once per process and language, for the
 *                             words a loop asks for on every game (a static pk_nls_slot each)
 * Nothing is translated unless the program asked for it (pk_localize_messages, diag.h): the
 * library's words stay English, whatever the locale, for every other caller, and the tools
 * turn it off for what a script parses (--json). Built without ENABLE_NLS (no libintl:
 * mingw, the page's WebAssembly), only a catalogue chosen by name translates (pk_nls_force).
 */
#ifndef PK_NLS_H
#define PK_NLS_H

#include <locale.h>

#define N_(s) (s)

/* A tool's main, first thing: LC_MESSAGES from the environment (LC_ALL, LC_MESSAGES, LANG),
 * nothing else (numbers, character classes stay C's). Not in the library nor src/cli/:
 * they never follow the caller's locale (tests/install/port.sh). */
#if defined ENABLE_NLS && defined LC_MESSAGES
/* the locale chosen, told to nls.c: under C or POSIX no lookup is made (it would find nothing) */
void pk_nls_chosen(const char *name);
#define PK_NLS_SETLOCALE() pk_nls_chosen(setlocale(LC_MESSAGES, ""))
#else
#define PK_NLS_SETLOCALE() ((void)0)
#endif

#include <stdbool.h>

#include "pk_common.h"

/* A catalogue of one language chosen by its name (nls_mo.c): pdncheck --lang, the page's
 * menu. Read once per process and never changed: any thread may look up in it. */
typedef struct pk_nls_catalog pk_nls_catalog;
/* "en, es, fr, it, nl, pt, ru": the languages a catalogue may be asked for (po/LL.po) */
const char *pk_nls_language_list(void);
bool pk_nls_language_known(const char *lang);
/* lang's catalogue, read from DIR/LANG/LC_MESSAGES/pdnkit.mo (dir NULL: the folder
 * pk_localize_messages was given, else the install's) at its first use; "en" is the
 * source's words (no file). PK_ERR_USAGE for a language not listed, PK_ERR_IO for a file
 * that cannot be read or is not a catalogue. */
int pk_nls_catalog_get(const char *lang, const char *dir, const pk_nls_catalog **out, pk_error *err);
/* msgid's translation in c (c NULL or English, or no translation: msgid itself) */
const char *pk_nls_catalog_text(const pk_nls_catalog *c, const char *msgid) __attribute__((format_arg(2)));
const char *pk_nls_catalog_ntext(const pk_nls_catalog *c, const char *one, const char *many, unsigned long n)
    __attribute__((format_arg(2), format_arg(3)));
/* its language's code ("fr"; c NULL: "en") */
const char *pk_nls_catalog_lang(const pk_nls_catalog *c);
/* The folder of the catalogues: the first pk_nls_set_localedir gave (pk_localize_messages's
 * dir), else the install's. */
const char *pk_nls_localedir(void);
void pk_nls_set_localedir(const char *dir);
/* Every message of the library in c's language, whatever the locale (pdncheck --lang, the
 * page): set by the program's main before its threads start; NULL: the locale's again.
 * Only while messages are localized (pk_localize_messages; without NLS, on by this call). */
void pk_nls_force(const pk_nls_catalog *c);

/* format_arg: the compiler checks a translated printf format as it checks the English */
const char *pk_nls_text(const char *msgid) __attribute__((format_arg(1)));
const char *pk_nls_ntext(const char *one, const char *many, unsigned long n) __attribute__((format_arg(1), format_arg(2)));
#define PK_T(s) pk_nls_text(s)
#define PK_TN(s, p, n) pk_nls_ntext((s), (p), (unsigned long)(n))

/* A word looked up once: a lookup (dcgettext) costs about 1,600 instructions, and the
 * variant's guess or a game's name asks for the same few words on most games of a file
 * (4 % of pdncheck -j 1 on OCA under LANG=fr_FR.UTF-8 before). The slot keeps the
 * catalogue's text (neither gettext nor nls_mo.c ever unloads a catalogue) with the
 * generation it was looked up under; pk_localize_messages, PK_NLS_SETLOCALE and
 * pk_nls_force start a new generation, so a program that changes its language is answered
 * in the new one. Thread-safe: two threads may both look a word up the first time and
 * store the same. */
#include <stdatomic.h>
typedef struct pk_nls_slot {
    _Atomic(const char *) text;
    atomic_uint gen; /* 0: never looked up */
} pk_nls_slot;
#define PK_NLS_SLOT_INIT {NULL, 0}
const char *pk_nls_once(pk_nls_slot *slot, const char *msgid) __attribute__((format_arg(2)));

#endif
