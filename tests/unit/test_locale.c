/* test_locale.c -- the library reads bytes the same under any locale the calling program
 * sets (pk_ascii.h): under Turkish locales, where libc's case folding turns 'I' into the
 * dotless i (tr_TR.ISO-8859-9) or leaves it alone (tr_TR.UTF-8), "ITALIAN" still names
 * Italian draughts, a Variant tag "FRISIAN" still resolves, a tag name "SITE" still finds
 * the Site tag, and "I1" is still a square off an 8x8 board rather than no square at all.
 * Each test first shows that libc's own strcasecmp falls into the trap under the locale,
 * so the test is about something (with glibc; musl folds ASCII alone in every locale). The locales come from the system when it has them,
 * else they are made with localedef from its tr_TR source into a temporary folder
 * (LOCPATH); with neither, the program exits 77 (skipped: make check counts it apart).
 */
#include <ctype.h>
#include <locale.h>
#include <strings.h>
#include <unistd.h>

#include "filter.h"
#include "geom.h"
#include "pdn.h"
#include "pktest.h"
#include "resolve.h"
#include "variant.h"

static const char *const locales[] = {"tr_TR.ISO-8859-9", "tr_TR.UTF-8"};
#define NLOC 2
static bool have[NLOC];
static char dir[64];

/* The Turkish locales, from the system or made here. true: at least one. */
static bool find_locales(void)
{
    int n = 0;
    for (int i = 0; i < NLOC; i++)
        n += have[i] = setlocale(LC_ALL, locales[i]) != NULL;
    setlocale(LC_ALL, "C");
    if (n == NLOC)
        return true;
    snprintf(dir, sizeof dir, "%s/pk-locale.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir))
        return n > 0;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "localedef -i tr_TR -f ISO-8859-9 %s/tr_TR.ISO-8859-9 >/dev/null 2>&1; "
             "localedef -i tr_TR -f UTF-8 %s/tr_TR.UTF-8 >/dev/null 2>&1",
             dir, dir);
    if (system(cmd) == -1)
        return n > 0;
    setenv("LOCPATH", dir, 1);
    n = 0;
    for (int i = 0; i < NLOC; i++)
        n += have[i] = setlocale(LC_ALL, locales[i]) != NULL;
    setlocale(LC_ALL, "C");
    return n > 0;
}

static void remove_dir(void)
{
    if (!dir[0])
        return;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) == -1)
        fprintf(stderr, "test_locale: %s left behind\n", dir);
}

/* Runs check() under each Turkish locale there is, after showing the trap is there. */
static void under_turkish(void (*check)(void))
{
    int ran = 0;
    for (int i = 0; i < NLOC; i++) {
        if (!have[i] || !setlocale(LC_ALL, locales[i]))
            continue;
#ifdef __GLIBC__
        /* glibc folds by the locale: 'I' does not become 'i' (the dotless i, or 'I' left
         * alone), so strcasecmp("ITALIAN", "italian") is not 0: the trap is there. (tolower
         * rather than strcasecmp, which ASan's runtime replaces with an ASCII one.) Other
         * C libraries (musl) fold ASCII alone in every locale: no trap to show, and the
         * checks below must hold all the same. */
        CU_ASSERT_NOT_EQUAL(tolower('I'), 'i');
#endif
        check();
        ran++;
        setlocale(LC_ALL, "C");
    }
    CU_ASSERT(ran > 0);
}

static void variant_names(void)
{
    const pk_variant *it = pk_variant_find("italian");
    CU_ASSERT_PTR_NOT_NULL_FATAL(it);
    CU_ASSERT_PTR_EQUAL(pk_variant_find("ITALIAN"), it);
    CU_ASSERT_PTR_EQUAL(pk_variant_find("Italian"), it);
    CU_ASSERT_PTR_EQUAL(pk_variant_find("FRISIAN"), pk_variant_find("frisian"));
    CU_ASSERT_PTR_EQUAL(pk_variant_find("BRAZILIAN"), pk_variant_find("brazilian"));
    CU_ASSERT_PTR_NOT_NULL(pk_variant_find("BRAZILIAN"));
}
static void test_variant_names(void) { under_turkish(variant_names); }

/* A game of its own text, read. */
static void read_game(const char *text, pk_game *g)
{
    FILE *f = fmemopen((void *)text, strlen(text), "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    pk_game_init(g);
    CU_ASSERT_EQUAL(pk_pdn_next(r, g, NULL, NULL), PK_OK);
    pk_pdn_close(r);
    fclose(f);
}

static void variant_tag(void)
{
    pk_game g;
    read_game("[Variant \"FRISIAN\"]\n*\n", &g);
    pk_replay *rp = pk_replay_new();
    pk_replay_opts o;
    memset(&o, 0, sizeof o);
    pk_variant_choice *ch = pk_variant_choice_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(ch);
    pk_resolve_variant(rp, &g, &o, ch);
    CU_ASSERT_PTR_EQUAL(pk_variant_choice_variant(ch), pk_variant_find("frisian"));
    CU_ASSERT_EQUAL(pk_variant_choice_source(ch), PK_VSRC_VARIANT_TAG);
    pk_variant_choice_free(ch);
    pk_replay_free(rp);
    pk_game_free(&g);
}
static void test_variant_tag(void) { under_turkish(variant_tag); }

static void tag_name(void)
{
    pk_game g;
    read_game("[Site \"Izmir\"]\n*\n", &g);
    pk_filter *f = pk_filter_new();
    pk_error err;
    CU_ASSERT_EQUAL_FATAL(pk_filter_add_tag(f, "SITE=zmir", false, &err), PK_OK);
    CU_ASSERT_EQUAL(pk_filter_record(f, &g, NULL), 1);
    pk_filter_free(f);
    pk_game_free(&g);
}
static void test_tag_name(void) { under_turkish(tag_name); }

static void squares(void)
{
    const pk_variant *ru = pk_variant_find("russian"); /* algebraic, 8x8 */
    pk_error err;
    CU_ASSERT_EQUAL(PK_SQUARE(ru->geom, "I1", 2, &err), -1);
    CU_ASSERT_EQUAL(err.code, PK_ERR_RANGE); /* a square off the board, not "not a square" */
    CU_ASSERT_EQUAL(PK_SQUARE(ru->geom, "A1", 2, &err), PK_SQUARE(ru->geom, "a1", 2, &err));
    CU_ASSERT(PK_SQUARE(ru->geom, "A1", 2, &err) >= 0);
}
static void test_squares(void) { under_turkish(squares); }

static const pk_test tests[] = {
    {"variant names under Turkish locales", test_variant_names},
    {"a Variant tag under Turkish locales", test_variant_tag},
    {"a tag name under Turkish locales", test_tag_name},
    {"squares under Turkish locales", test_squares},
    {NULL, NULL},
};

int main(void)
{
    if (!find_locales()) {
        remove_dir();
        printf("SKIP: no Turkish locale, and localedef could not make one from tr_TR\n");
        return 77;
    }
    int fails = pk_test_run("locale", tests);
    remove_dir();
    return fails;
}
