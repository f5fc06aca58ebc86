/*
 * rule_options.h -- which of the options that change the rules apply to which variant,
 * and the results convention: rules knowledge, kept here with the variants and draw rules
 * it follows, so that the checking loop (batch/check_games.c), the converter (batch/conv.c),
 * the search (cli/search.c) and the tools' command lines (cli/cli.c) all ask one place.
 *
 *   --capture-optional   a house rule of the 8x8 games (RULES 0.1: the seed pages' "no
 *                        forced capture", an explicit opt-in): PK_GEN_CAPTURE_OPTIONAL
 *   --draw-profile NAME  each profile belongs to the variants of its rule set (RULES 3.4
 *                        D-ES-1, 3.7 D-BR-1): enum pk_draw_options (draw.h)
 *   --results white      1-0 = White won, the second mover in English and pool (D-PDN-1:
 *                        PDN's 1-0 is the first mover's win)
 *
 * Thread-safe: tables and arguments only.
 */
#ifndef PK_RULE_OPTIONS_H
#define PK_RULE_OPTIONS_H

#include "pk_common.h"
#include "variant.h"

/* Do the rule options gen_flags (PK_GEN_CAPTURE_OPTIONAL) and draw_options (enum
 * pk_draw_options) apply to v? PK_OK, or PK_ERR_USAGE with the reason in err (may be
 * NULL): "--capture-optional is a house rule of 8x8 variants, not of russian",
 * "--draw-profile=brazilian-fmjd64 does not apply to russian". */
int pk_rule_options_apply(const pk_variant *v, unsigned gen_flags, unsigned draw_options, pk_error *err);

/* The draw profile called name: its pk_draw_options flag, or 0 when there is none. */
unsigned pk_draw_profile_flag(const char *name);
/* The draw profile names, for help texts and messages: "brazilian-fmjd64, ...". */
const char *pk_draw_profile_names(void);

/* A result read under the results convention results (enum pk_results_convention,
 * replay.h), of kind kind as written like, as v's PDN token (pk_result_token; under
 * --results white a win of the side that moves second in v is PDN's 1-0 turned round);
 * v NULL: read as PDN. */
const char *pk_result_token_as(int results, const pk_variant *v, int kind, const char *like);

#endif
