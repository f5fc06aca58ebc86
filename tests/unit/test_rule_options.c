/*
 * test_rule_options.c -- rule_options.h: which rule options apply to which variant
 * (RULES 0.1: --capture-optional is a house rule of the 8x8 games; RULES 3.4 D-ES-1 and
 * 3.7 D-BR-1: each draw profile belongs to its rule set), the draw profiles by name, and
 * a result read under --results white written as PDN's token (D-PDN-1: PDN's 1-0 is the
 * first mover's win, and in English Black moves first, RULES 1.1).
 */
#include <string.h>

#include "draw.h"
#include "movegen.h"
#include "pdn.h"
#include "pktest.h"
#include "replay.h"
#include "rule_options.h"

static void test_apply(void)
{
    pk_error e;
    const pk_variant *intl = pk_variant_find("international"), *es = pk_variant_find("spanish"),
                     *pt = pk_variant_find("portuguese"), *br = pk_variant_find("brazilian"),
                     *ru = pk_variant_find("russian");
    CU_ASSERT_FATAL(intl && es && pt && br && ru);
    CU_ASSERT_EQUAL(pk_rule_options_apply(es, PK_GEN_CAPTURE_OPTIONAL, 0, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_rule_options_apply(br, PK_GEN_CAPTURE_OPTIONAL, 0, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_rule_options_apply(intl, PK_GEN_CAPTURE_OPTIONAL, 0, &e), PK_ERR_USAGE);
    CU_ASSERT_STRING_EQUAL(e.msg, "--capture-optional is a house rule of 8x8 variants, not of international");
    CU_ASSERT_EQUAL(pk_rule_options_apply(intl, PK_GEN_CAPTURE_OPTIONAL, 0, NULL), PK_ERR_USAGE);
    unsigned fmjd = pk_draw_profile_flag("brazilian-fmjd64");
    CU_ASSERT_EQUAL(fmjd, PK_DRAW_OPT_BRAZILIAN_FMJD64);
    CU_ASSERT_EQUAL(pk_rule_options_apply(br, 0, fmjd, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_rule_options_apply(ru, 0, fmjd, &e), PK_ERR_USAGE);
    CU_ASSERT_STRING_EQUAL(e.msg, "--draw-profile=brazilian-fmjd64 does not apply to russian");
    unsigned site = pk_draw_profile_flag("spanish-site20each");
    CU_ASSERT_EQUAL(site, PK_DRAW_OPT_SPANISH_SITE20EACH);
    CU_ASSERT_EQUAL(pk_draw_profile_flag("spanish-site40each"), PK_DRAW_OPT_SPANISH_SITE40EACH);
    CU_ASSERT_EQUAL(pk_rule_options_apply(es, 0, site, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_rule_options_apply(pt, 0, site, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_rule_options_apply(br, 0, site, &e), PK_ERR_USAGE);
    CU_ASSERT_EQUAL(pk_rule_options_apply(ru, 0, 0, &e), PK_OK);
    CU_ASSERT_EQUAL(pk_draw_profile_flag("fmjd"), 0);
    CU_ASSERT_EQUAL(pk_draw_profile_flag(""), 0);
    CU_ASSERT_STRING_EQUAL(pk_draw_profile_names(), "brazilian-fmjd64, spanish-site40each, spanish-site20each");
}

static void test_result_token(void)
{
    const pk_variant *en = pk_variant_find("english"), *intl = pk_variant_find("international");
    CU_ASSERT_FATAL(en && intl);
    /* --results white in English: White (the second mover) won is PDN's 0-1 */
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_WHITE, en, PK_RESULT_FIRST_WIN, NULL), "0-1");
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_WHITE, en, PK_RESULT_SECOND_WIN, NULL), "1-0");
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_WHITE, en, PK_RESULT_FIRST_WIN, "2-0"), "0-2");
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_WHITE, en, PK_RESULT_DRAW, NULL), "1/2-1/2");
    /* White moves first in international: nothing to turn */
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_WHITE, intl, PK_RESULT_FIRST_WIN, NULL), "1-0");
    /* the PDN convention, and no variant: as read */
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_FIRST_MOVER, en, PK_RESULT_FIRST_WIN, NULL), "1-0");
    CU_ASSERT_STRING_EQUAL(pk_result_token_as(PK_RESULTS_WHITE, NULL, PK_RESULT_FIRST_WIN, NULL), "1-0");
}

static const pk_test tests[] = {
    {"options that apply", test_apply},
    {"result tokens by convention", test_result_token},
    {NULL, NULL},
};
PK_TEST_MAIN("rule options", tests)
