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
 * mingw), the marks are the English text itself.
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

#ifdef ENABLE_NLS
/* format_arg: the compiler checks a translated printf format as it checks the English */
const char *pk_nls_text(const char *msgid) __attribute__((format_arg(1)));
const char *pk_nls_ntext(const char *one, const char *many, unsigned long n) __attribute__((format_arg(1), format_arg(2)));
#define PK_T(s) pk_nls_text(s)
#define PK_TN(s, p, n) pk_nls_ntext((s), (p), (unsigned long)(n))

/* A word looked up once: dcgettext costs about 1,600 instructions a call, and the
 * variant's guess or a game's name asks for the same few words on most games of a file
 * (12 % of pdncheck -j 1 on OCA under LANG=fr_FR.UTF-8 before). The slot keeps the
 * catalogue's text (gettext never unloads a catalogue) with the generation it was looked
 * up under; pk_localize_messages and PK_NLS_SETLOCALE start a new generation, so a program
 * that changes its language tells the library so by calling pk_localize_messages again.
 * Thread-safe: two threads may both look a word up the first time and store the same. */
#include <stdatomic.h>
typedef struct pk_nls_slot {
    _Atomic(const char *) text;
    atomic_uint gen; /* 0: never looked up */
} pk_nls_slot;
#define PK_NLS_SLOT_INIT {NULL, 0}
const char *pk_nls_once(pk_nls_slot *slot, const char *msgid) __attribute__((format_arg(2)));
#else
typedef struct pk_nls_slot {
    char unused;
} pk_nls_slot;
#define PK_NLS_SLOT_INIT {0}
#define pk_nls_once(slot, s) ((void)(slot), (s))
#define PK_T(s) (s)
#define PK_TN(s, p, n) ((n) == 1 ? (s) : (p))
#endif

#endif
