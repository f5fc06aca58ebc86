/* test_pdn_text.c -- each game's text as it stands in the input (PK_PDN_KEEP_TEXT,
 * pdn_text.c): where a game's text starts and ends in every way a game ends (a result, a
 * glued result, a tag pair after movetext, the end of the input, a syntax error), games
 * longer than the reader's window, decoded input, and the whole of the corpora: the texts
 * of a file's games, in order, are the file but for the blanks between games. */
#include "pdn.h"
#include "pktest.h"

#include <ctype.h>
#include <dirent.h>
#include <string.h>
#include <strings.h>

#define MAXG 16

/* The texts of the games of text[0..len) (each strdup'ed into out, at most MAXG). */
static int texts(const char *text, size_t len, unsigned flags, char **out, size_t *lens)
{
    FILE *f = fmemopen((void *)text, len, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, "t.pdn", flags, NULL);
    pk_game g;
    int n = 0;
    pk_game_init(&g);
    while (pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
        if (n < MAXG) {
            lens[n] = g.text_len;
            out[n] = g.text ? strndup(g.text, g.text_len) : NULL;
        }
        n++;
    }
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    return n;
}

static void freeall(char **t, int n)
{
    for (int i = 0; i < n && i < MAXG; i++)
        free(t[i]);
}

static void test_without_flag(void)
{
    const char *in = "[Event \"a\"]\n1. 32-28 *\n";
    char *t[MAXG];
    size_t l[MAXG];
    CU_ASSERT_EQUAL(texts(in, strlen(in), 0, t, l), 1);
    CU_ASSERT_PTR_NULL(t[0]);
}

static void test_boundaries(void)
{
    /* game 1 ends at its result; game 2 has a comment before its first tag and ends at a
     * tag pair after its movetext (missing result); game 3 is glued to game 4's move
     * number; game 4 ends at the end of the input without a result */
    const char *in = "\n  [Event \"one\"]\r\n[Result \"1-0\"]\r\n\r\n1. 32-28 {c} 19-23 1-0\n\n"
                     "{before} [Event \"two\"]\n1. 32-28 19-23 (1... 18-23) 2. 28x19\n"
                     "[Event \"three\"]\n1. 32-28 1-01. 33-29 17-22   \n\n";
    char *t[MAXG];
    size_t l[MAXG];
    int n = texts(in, strlen(in), PK_PDN_KEEP_TEXT, t, l);
    CU_ASSERT_EQUAL_FATAL(n, 4);
    CU_ASSERT_STRING_EQUAL(t[0], "[Event \"one\"]\r\n[Result \"1-0\"]\r\n\r\n1. 32-28 {c} 19-23 1-0");
    CU_ASSERT_STRING_EQUAL(t[1], "{before} [Event \"two\"]\n1. 32-28 19-23 (1... 18-23) 2. 28x19");
    CU_ASSERT_STRING_EQUAL(t[2], "[Event \"three\"]\n1. 32-28 1-0");
    CU_ASSERT_STRING_EQUAL(t[3], "1. 33-29 17-22");
    CU_ASSERT_EQUAL(l[0], strlen(t[0]));
    freeall(t, n);
}

static void test_syntax_error_and_stray(void)
{
    /* stray text before a game is the game's; after a syntax error the rest of the game
     * up to its result is still its text */
    const char *in = "junk line\n[Event \"a\"]\n1. 32-28 ) 19-23 *\n[Event \"b\"]\n1. 31-27 *\ntrailing";
    char *t[MAXG];
    size_t l[MAXG];
    int n = texts(in, strlen(in), PK_PDN_KEEP_TEXT, t, l);
    CU_ASSERT_EQUAL_FATAL(n, 2);
    CU_ASSERT_STRING_EQUAL(t[0], "junk line\n[Event \"a\"]\n1. 32-28 ) 19-23 *");
    CU_ASSERT_STRING_EQUAL(t[1], "[Event \"b\"]\n1. 31-27 *");
    freeall(t, n);
}

/* A game of about 3 MB (three windows): its text slides out of the window while it is
 * read, and comes back whole. */
static void test_longer_than_window(void)
{
    size_t cap = 4u << 20, len = 0;
    char *in = malloc(cap);
    len += (size_t)sprintf(in + len, "[Event \"first\"]\n1. 32-28 *\n[Event \"long\"]\n");
    size_t start = len - strlen("[Event \"long\"]\n");
    while (len < 3u << 20)
        len += (size_t)sprintf(in + len, "{a comment that goes on and on} 1. 32-28 18-23 (1... 19-24) ");
    len += (size_t)sprintf(in + len, "*\n[Event \"last\"]\n1. 31-27 1-0\n");
    size_t end = strstr(in + start, "*\n[Event \"last\"]") - in + 1;
    char *t[MAXG];
    size_t l[MAXG];
    int n = texts(in, len, PK_PDN_KEEP_TEXT, t, l);
    CU_ASSERT_EQUAL_FATAL(n, 3);
    CU_ASSERT_EQUAL(l[1], end - start);
    CU_ASSERT(t[1] && !memcmp(t[1], in + start, end - start));
    CU_ASSERT_STRING_EQUAL(t[2], "[Event \"last\"]\n1. 31-27 1-0");
    freeall(t, n);
    free(in);
}

/* Latin-1 input: the text is the decoded one (UTF-8). */
static void test_decoded(void)
{
    const char in[] = "[White \"Ren\xe9\"]\n1. 32-28 *\n";
    char *t[MAXG];
    size_t l[MAXG];
    int n = texts(in, sizeof in - 1, PK_PDN_KEEP_TEXT, t, l);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_STRING_EQUAL(t[0], "[White \"Ren\xc3\xa9\"]\n1. 32-28 *");
    freeall(t, n);
}

/* Blanks of a text taken out (what lies between games). */
static size_t squeeze(const char *s, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)s[i]))
            out[k++] = s[i];
    return k;
}

static int corpus_files, corpus_games;

/* Every game file of the corpora (UTF-8 ones: there the decoded text is the file's): the
 * games' texts, in order and without blanks, are the file without blanks up to the end of
 * the last game, and nothing but text the reader puts in no game follows. */
static void check_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *all = malloc((size_t)size + 1), *sq = malloc((size_t)size + 1), *got = malloc((size_t)size + 1);
    size_t n = fread(all, 1, (size_t)size, f);
    fclose(f);
    size_t nsq = squeeze(all, n, sq), ngot = 0;
    bool utf8 = true; /* ASCII or UTF-8 without a BOM: compared byte for byte */
    for (size_t i = 0; i < n && utf8; i++)
        utf8 = (unsigned char)all[i] < 0x80 && all[i] != 0;
    f = fmemopen(all, n, "rb");
    pk_pdn_reader *r = pk_pdn_open(f, path, PK_PDN_KEEP_TEXT, NULL);
    pk_game g;
    pk_game_init(&g);
    while (pk_pdn_next(r, &g, NULL, NULL) == PK_OK) {
        corpus_games++;
        CU_ASSERT_PTR_NOT_NULL(g.text);
        if (g.text)
            ngot += squeeze(g.text, g.text_len, got + ngot);
    }
    pk_game_free(&g);
    pk_pdn_close(r);
    fclose(f);
    if (utf8) {
        corpus_files++;
        CU_ASSERT(ngot <= nsq && !memcmp(got, sq, ngot));
        if (!(ngot <= nsq && !memcmp(got, sq, ngot)))
            fprintf(stderr, "%s: the games' texts are not the file's\n", path);
    }
    free(all);
    free(sq);
    free(got);
}

static void walk(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char p[4096];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(p, &st) != 0)
            continue;
        size_t len = strlen(p);
        if (S_ISDIR(st.st_mode))
            walk(p);
        else if (len > 4 && !strcasecmp(p + len - 4, ".pdn"))
            check_file(p);
    }
    closedir(d);
}

static void test_corpora(void)
{
    walk(CORPORA_DIR());
    printf("\n  %d ASCII files compared, %d games\n", corpus_files, corpus_games);
    CU_ASSERT(corpus_files > 20);
    CU_ASSERT(corpus_games > 20000);
}

static const pk_test tests[] = {{"without the flag", test_without_flag},
                                {"where games start and end", test_boundaries},
                                {"syntax error, stray text", test_syntax_error_and_stray},
                                {"longer than the window", test_longer_than_window},
                                {"decoded input", test_decoded},
                                {"the corpora", test_corpora},
                                {NULL, NULL}};
PK_TEST_MAIN("game text", tests)
