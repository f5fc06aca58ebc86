/* rule_options.c -- which rule options apply to which variant, the draw profiles' names,
 * the results convention (see rule_options.h). */
#include "rule_options.h"

#include <string.h>

#include "draw.h"
#include "movegen.h"
#include "pdn.h"
#include "replay.h"

/* Each draw profile and the variants (by draw profile) it belongs to. */
static const struct {
    const char *name;
    unsigned flag;
    int profile, profile2; /* enum pk_draw_profile; -1 none */
} profiles[] = {
    {"brazilian-fmjd64", PK_DRAW_OPT_BRAZILIAN_FMJD64, PK_DRAW_BRAZILIAN, -1}, /* RULES 3.7, D-BR-1 */
    {"spanish-site40each", PK_DRAW_OPT_SPANISH_SITE40EACH, PK_DRAW_SPANISH, PK_DRAW_PORTUGUESE}, /* D-ES-1 */
    {"spanish-site20each", PK_DRAW_OPT_SPANISH_SITE20EACH, PK_DRAW_SPANISH, PK_DRAW_PORTUGUESE},
};
#define NPROFILES (sizeof profiles / sizeof profiles[0])

const char *pk_draw_profile_names(void) { return "brazilian-fmjd64, spanish-site40each, spanish-site20each"; }

unsigned pk_draw_profile_flag(const char *name)
{
    for (size_t i = 0; i < NPROFILES; i++)
        if (!strcmp(name, profiles[i].name))
            return profiles[i].flag;
    return 0;
}

int pk_rule_options_apply(const pk_variant *v, unsigned gen_flags, unsigned draw_options, pk_error *err)
{
    /* RULES 0.1: the seed pages' house rule is about 8x8 games (Spanish, Brazilian). */
    if ((gen_flags & PK_GEN_CAPTURE_OPTIONAL) && v->rules.width != 8)
        return pk_error_set(err, PK_ERR_USAGE, 0, "--capture-optional is a house rule of 8x8 variants, not of %s",
                            v->name);
    for (size_t i = 0; i < NPROFILES; i++)
        if ((draw_options & profiles[i].flag) && v->draw_profile != profiles[i].profile &&
            v->draw_profile != profiles[i].profile2)
            return pk_error_set(err, PK_ERR_USAGE, 0, "--draw-profile=%s does not apply to %s", profiles[i].name,
                                v->name);
    return PK_OK;
}

const char *pk_result_token_as(int results, const pk_variant *v, int kind, const char *like)
{
    /* --results white: 1-0 = White won, the second mover in English and pool */
    if (results == PK_RESULTS_WHITE && v && v->first == PK_BLACK &&
        (kind == PK_RESULT_FIRST_WIN || kind == PK_RESULT_SECOND_WIN))
        kind = kind == PK_RESULT_FIRST_WIN ? PK_RESULT_SECOND_WIN : PK_RESULT_FIRST_WIN;
    return pk_result_token(kind, like);
}
