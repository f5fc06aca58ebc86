/* test_nls.c -- the library's words in the reader's language (issue 36, pk_nls.h): off by
 * default, so that a program linking the library reads English whatever its locale; on
 * (pk_localize_messages) the text writer's "game 1, move 1 (white)" and "position:" are the
 * catalogue's, while "file:line:col: error:" stays as it is; off again, English again.
 * Under French (fr_FR.UTF-8, from the system or made with localedef into a temporary
 * LOCPATH as test_locale.c makes tr_TR) with the build tree's catalogues
 * ($BUILD/locale, made by make from po/fr.po); without the locale, exit 77 (skipped).
 */
#include <locale.h>
#include <unistd.h>

#include "diag.h"
#include "pk_nls.h"
#include "pktest.h"

static char dir[64], localedir[512];

static bool french(void)
{
    if (setlocale(LC_MESSAGES, "fr_FR.UTF-8"))
        return true;
    snprintf(dir, sizeof dir, "%s/pk-nls.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir))
        return false;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "localedef -i fr_FR -f UTF-8 %s/fr_FR.UTF-8 >/dev/null 2>&1", dir);
    if (system(cmd) == -1)
        return false;
    setenv("LOCPATH", dir, 1);
    return setlocale(LC_MESSAGES, "fr_FR.UTF-8") != NULL;
}

static void text_of(char *buf, size_t size)
{
    pk_diag d = {.severity = PK_SEV_ERROR, .code = "illegal-move", .file = "f.pdn", .line = 6, .col = 4, .game = 1,
                 .ply = 1, .move_number = 1, .side = 'W', .move = "36x27", .fen = "W:W36:B18", .message = "m"};
    CU_ASSERT_EQUAL(pk_diag_write_text_buf(buf, size, NULL, &d, 0), PK_OK);
}

static const char english[] = "f.pdn:6:4: error: game 1, move 1 (white): m\n    position: W:W36:B18\n";

static void test_off_by_default(void)
{
    char buf[256];
    text_of(buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, english);
}

static void test_on_off(void)
{
    char buf[256];
    CU_ASSERT_EQUAL(pk_localize_messages(1, localedir), PK_OK);
    text_of(buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "f.pdn:6:4: error: partie 1, coup 1 (blancs): m\n    position : W:W36:B18\n");
    CU_ASSERT_EQUAL(pk_localize_messages(0, NULL), PK_OK);
    text_of(buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, english);
}

/* pk_nls_once: a word looked up once, then kept, but looked up again when the program
 * turns translation off or on or changes its language (pk_localize_messages again) */
static void test_once(void)
{
    static pk_nls_slot slot = PK_NLS_SLOT_INIT;
    CU_ASSERT_STRING_EQUAL(pk_nls_once(&slot, "round "), "round "); /* off */
    CU_ASSERT_EQUAL(pk_localize_messages(1, localedir), PK_OK);
    CU_ASSERT_STRING_EQUAL(pk_nls_once(&slot, "round "), "ronde ");
    CU_ASSERT_STRING_EQUAL(pk_nls_once(&slot, "round "), "ronde "); /* kept */
    CU_ASSERT_EQUAL(pk_localize_messages(0, NULL), PK_OK);
    CU_ASSERT_STRING_EQUAL(pk_nls_once(&slot, "round "), "round ");
    setlocale(LC_MESSAGES, "C"); /* another language, told to the library */
    CU_ASSERT_EQUAL(pk_localize_messages(1, localedir), PK_OK);
    CU_ASSERT_STRING_EQUAL(pk_nls_once(&slot, "round "), "round ");
    setlocale(LC_MESSAGES, "fr_FR.UTF-8");
    CU_ASSERT_EQUAL(pk_localize_messages(1, localedir), PK_OK);
    CU_ASSERT_STRING_EQUAL(pk_nls_once(&slot, "round "), "ronde ");
    CU_ASSERT_EQUAL(pk_localize_messages(0, NULL), PK_OK);
}

static const pk_test tests[] = {
    {"off by default: English under a French locale", test_off_by_default},
    {"on: the catalogue's words, the GNU prefix kept; off: English", test_on_off},
    {"pk_nls_once: looked up once per language, again when it changes", test_once},
    {NULL, NULL},
};

int main(void)
{
    const char *b = getenv("BUILD");
    snprintf(localedir, sizeof localedir, "%s/locale", b && *b ? b : "build");
    int skip = !french();
    if (skip || access(localedir, R_OK) != 0) {
        if (dir[0]) {
            char cmd[128];
            snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
            (void)system(cmd);
        }
        printf(skip ? "SKIP: no fr_FR.UTF-8 locale, and localedef could not make one\n"
                    : "FAIL: %s holds no catalogues (make builds them from po/)\n",
               localedir);
        return skip ? 77 : 1;
    }
    int fails = pk_test_run("nls", tests);
    if (dir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        (void)system(cmd);
    }
    return fails;
}
