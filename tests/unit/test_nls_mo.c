/* test_nls_mo.c -- a catalogue chosen by its language's name (nls_mo.c, pk_nls.h; issue 36:
 * pdncheck --lang, the page's menu), read from the build tree's compiled po/LL.po
 * ($BUILD/locale): the languages known, a translation and its absence, the plural forms
 * (nls_mo.c's table against each catalogue's Plural-Forms header, and the Russian three
 * forms counted by hand: 1, 21 one; 2-4, 22 few; 5, 11, 12 many), <html lang>'s code, a
 * damaged file refused, and lookups from several threads at once.
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "pk_nls.h"
#include "pktest.h"

static char localedir[512];
static const char *const langs[] = {"fr", "nl", "ru", "pt", "es", "it"};

static const pk_nls_catalog *get(const char *lang)
{
    const pk_nls_catalog *c = NULL;
    pk_error err;
    pk_error_clear(&err);
    CU_ASSERT_EQUAL(pk_nls_catalog_get(lang, localedir, &c, &err), PK_OK);
    CU_ASSERT_PTR_NOT_NULL(c);
    return c;
}

static void test_known(void)
{
    CU_ASSERT_STRING_EQUAL(pk_nls_language_list(), "en, es, fr, it, nl, pt, ru");
    CU_ASSERT(pk_nls_language_known("en") && pk_nls_language_known("ru"));
    CU_ASSERT(!pk_nls_language_known("xx") && !pk_nls_language_known("") && !pk_nls_language_known(NULL) &&
              !pk_nls_language_known("fr_FR") && !pk_nls_language_known("FR"));
    const pk_nls_catalog *c = NULL;
    CU_ASSERT_EQUAL(pk_nls_catalog_get("de", localedir, &c, NULL), PK_ERR_USAGE);
    CU_ASSERT_PTR_NULL(c);
}

/* A file that is not a catalogue is refused, and not kept: the good one is read after. */
static void test_damaged(void)
{
    char dir[128], path[512];
    snprintf(dir, sizeof dir, "%s/pk-mo.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    snprintf(path, sizeof path, "mkdir -p %s/it/LC_MESSAGES && printf 'not a catalogue, longer than its header' "
                                ">%s/it/LC_MESSAGES/pdnkit.mo", dir, dir);
    CU_ASSERT_EQUAL(system(path), 0);
    const pk_nls_catalog *c = NULL;
    pk_error err;
    pk_error_clear(&err);
    CU_ASSERT_EQUAL(pk_nls_catalog_get("it", dir, &c, &err), PK_ERR_IO);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "is not a catalogue"));
    CU_ASSERT_EQUAL(pk_nls_catalog_get("nl", dir, &c, &err), PK_ERR_IO); /* no file at all */
    CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "cannot read the catalogue"));
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    CU_ASSERT_EQUAL(system(path), 0);
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_text(get("it"), "Illegal move"), "Mossa irregolare");
}

static void test_words(void)
{
    const pk_nls_catalog *en = get("en");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_lang(en), "en");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_text(en, "Illegal move"), "Illegal move");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_text(NULL, "Illegal move"), "Illegal move");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_lang(NULL), "en");
    /* the glossary's "illegal move" in each language (doc/glossary.md) */
    const char *const illegal[] = {"Coup illégal", "Onreglementaire zet", "Недопустимый ход", "Lance ilegal",
                                   "Jugada ilegal", "Mossa irregolare"};
    for (int i = 0; i < 6; i++) {
        const pk_nls_catalog *c = get(langs[i]);
        CU_ASSERT_STRING_EQUAL(pk_nls_catalog_lang(c), langs[i]);
        CU_ASSERT_STRING_EQUAL(pk_nls_catalog_text(c, "Illegal move"), illegal[i]);
        /* the catalogue says its own code: the report's <html lang> */
        CU_ASSERT_STRING_EQUAL(pk_nls_catalog_text(c, "en"), langs[i]);
        CU_ASSERT_STRING_EQUAL(pk_nls_catalog_text(c, "no such message"), "no such message");
        CU_ASSERT(get(langs[i]) == c); /* read once */
    }
}

static void test_plurals(void)
{
    const char *const forms[] = {"plural=(n > 1);", "plural=(n != 1);",
                                 "plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                                 "plural=(n > 1);", "plural=(n != 1);", "plural=(n != 1);"};
    for (int i = 0; i < 6; i++) { /* nls_mo.c's table is the catalogue's own rule */
        const char *header = pk_nls_catalog_text(get(langs[i]), "");
        CU_ASSERT_PTR_NOT_NULL(strstr(header, forms[i]));
    }
    const pk_nls_catalog *fr = get("fr"), *nl = get("nl"), *ru = get("ru");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(fr, ", %llu byte", ", %llu bytes", 0), ", %llu octet");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(fr, ", %llu byte", ", %llu bytes", 1), ", %llu octet");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(fr, ", %llu byte", ", %llu bytes", 2), ", %llu octets");
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(nl, "what the rules required: a capture (%d legal one); drawn: %s",
                                                "what the rules required: a capture (%d legal ones); drawn: %s", 0),
                           "wat de regels eisten: een slag (%d reglementaire); getekend: %s");
    const unsigned long n[] = {1, 21, 101, 2, 4, 22, 5, 11, 12, 111, 0};
    const char *const want[] = {", %llu байт", ", %llu байт", ", %llu байт", ", %llu байта", ", %llu байта",
                                ", %llu байта", ", %llu байт", ", %llu байт", ", %llu байт", ", %llu байт", ", %llu байт"};
    for (int i = 0; i < 11; i++)
        CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(ru, ", %llu byte", ", %llu bytes", n[i]), want[i]);
    /* the Russian "one" and "many" forms are spelled alike here: tell them apart by a
     * message whose forms differ */
    const char *one = "what the rules required: a capture (%d legal one); drawn: %s",
               *many = "what the rules required: a capture (%d legal ones); drawn: %s";
    CU_ASSERT_PTR_NOT_NULL(strstr(pk_nls_catalog_ntext(ru, one, many, 21), "допустимое"));
    CU_ASSERT_PTR_NOT_NULL(strstr(pk_nls_catalog_ntext(ru, one, many, 11), "допустимых"));
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(NULL, one, many, 1), one);
    CU_ASSERT_STRING_EQUAL(pk_nls_catalog_ntext(NULL, one, many, 2), many);
}

/* Several threads read catalogues at their first use and look up at once. */
static void *reader(void *arg)
{
    const char *lang = arg;
    for (int i = 0; i < 2000; i++) {
        const pk_nls_catalog *c = NULL;
        if (pk_nls_catalog_get(lang, localedir, &c, NULL) || strcmp(pk_nls_catalog_text(c, "en"), lang))
            return (void *)1;
    }
    return NULL;
}

static void test_threads(void)
{
    pthread_t t[6];
    for (int i = 0; i < 6; i++)
        CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, reader, (void *)langs[(i * 5) % 6]), 0);
    for (int i = 0; i < 6; i++) {
        void *r = (void *)1;
        pthread_join(t[i], &r);
        CU_ASSERT_PTR_NULL(r);
    }
}

static const pk_test tests[] = {
    {"the languages known; another refused", test_known},
    {"a damaged or missing catalogue refused, not kept", test_damaged}, /* first: before nl and it are read */
    {"threads read and look up at once", test_threads},
    {"the glossary's words, <html lang>'s code, English as it is", test_words},
    {"plural forms as each catalogue's header says", test_plurals},
    {NULL, NULL},
};

int main(void)
{
    const char *b = getenv("BUILD");
    snprintf(localedir, sizeof localedir, "%s/locale", b && *b ? b : "build");
    if (access(localedir, R_OK) != 0) {
        printf("FAIL: %s holds no catalogues (make builds them from po/)\n", localedir);
        return 1;
    }
    int fails = pk_test_run("nls_mo", tests);
    return fails;
}
