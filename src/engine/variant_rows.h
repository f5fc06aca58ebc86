/*
 * variant_rows.h -- THE variant table (RULES 2.1, 1.3, 4.1): one row per variant.
 * Included by variant.c (the lookup table) and by movegen.c (which specialises the one
 * generic generator for each row, so the compiler folds each row's flags into its
 * inner loops; a row whose move rules are another row's shares that row's copy, its
 * "engine"). Edit rows here only. Row order must follow enum pk_variant_id, whose values
 * never change: a new variant is a new last row (variant.h).
 */
#ifndef PK_VARIANT_ROWS_H
#define PK_VARIANT_ROWS_H

#include "variant.h"

/* name, aliases, title, GameType, GameType full form, numbering, algebraic, capture separator,
 * first mover, start FEN, draw profile, men per side, .rules (designated: the generator's
 * row is pk_variant's last member, variant.h), .notes, row id, engine row, goal.
 * rules: width, height, a1_light, men_back, flying, men_take_kings, ortho, choice, promo,
 * king_quiet_max, full, removal, king_land, turn_back.
 * Thai, Canadian, Sri Lankan and Malaysian are described in pdnkit-rules(7) (sections THAI
 * DRAUGHTS and THE 12x12 GAMES, with their disagreements D-TH-n, D-CA-n, D-LK-n, D-MY-n);
 * the three 12x12 boards use the generator's 128-bit copy (movegen_128.c).
 * GameType 94 and 95 are pdnkit's numbers for Sri Lankan and Malaysian draughts, which
 * PDN 3.0 does not number (D-LK-2, D-MY-5), in the range it leaves for future expansion.
 * The last three rows are lidraughts variants with the move rules of an earlier row (their
 * engine: the same generator); GameType 97, 98, 96 are lidraughts' numbers (its PDN export
 * writes them), in the range PDN 3.0 leaves for future expansion, not PDN-assigned. */
#define PK_VARIANT_ROWS {                                                                               \
    {"international", "polish fmjd standard 100", "International draughts (FMJD), 10x10", 20,           \
     "20,W,10,10,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W31-50:B1-20", PK_DRAW_FMJD, 20,            \
     .rules = {10, 10, 0, 1, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.2 */                          \
     .notes = "", PK_V_INTERNATIONAL, PK_V_INTERNATIONAL, PK_GOAL_BLOCKED_LOSES, 0},                             \
    {"english", "american checkers straight", "English draughts / American checkers, 8x8", 21,          \
     "21,B,8,8,N1,0", PK_NUM_TL, false, 'x', PK_BLACK, "B:W21-32:B1-12", PK_DRAW_ENGLISH, 12,           \
     .rules = {8, 8, 0, 0, 0, 1, 0, PK_CHOICE_FREE, PK_PROMO_STOP, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.6 */                           \
     .notes = "", PK_V_ENGLISH, PK_V_ENGLISH, PK_GOAL_BLOCKED_LOSES, 0},                                         \
    {"spanish", "damas", "Spanish draughts, 8x8 mirrored", 24,                                          \
     "24,W,8,8,N1,1", PK_NUM_BR, false, 'x', PK_WHITE, "W:W1-12:B21-32", PK_DRAW_SPANISH, 12,           \
     .rules = {8, 8, 1, 0, 1, 1, 0, PK_CHOICE_MAJ_KINGS, PK_PROMO_STOP, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.8, D-ES-3 */              \
     .notes = "draw rules from one source (D-ES-1, D-ES-2)", PK_V_SPANISH, PK_V_SPANISH, PK_GOAL_BLOCKED_LOSES, 0}, \
    {"portuguese", "damas-classicas", "Portuguese draughts (damas clássicas), 8x8 mirrored", 28,        \
     "28,W,8,8,N1,1", PK_NUM_BR, false, 'x', PK_WHITE, "W:W1-12:B21-32", PK_DRAW_PORTUGUESE, 12,        \
     .rules = {8, 8, 1, 0, 1, 1, 0, PK_CHOICE_MAJ_KINGS, PK_PROMO_STOP, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.9 */                      \
     .notes = "draw rules unverified (RULES 2.9)", PK_V_PORTUGUESE, PK_V_PORTUGUESE, PK_GOAL_BLOCKED_LOSES, 0},  \
    {"russian", "shashki", "Russian draughts (shashki), 8x8", 25,                                       \
     "25,W,8,8,A0,0", PK_NUM_TL, true, ':', PK_WHITE, "W:W21-32:B1-12", PK_DRAW_RUSSIAN, 12,            \
     .rules = {8, 8, 0, 1, 1, 1, 0, PK_CHOICE_FREE, PK_PROMO_CONTINUE, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.4 */                       \
     .notes = "", PK_V_RUSSIAN, PK_V_RUSSIAN, PK_GOAL_BLOCKED_LOSES, 0},                                         \
    {"brazilian", "", "Brazilian draughts, 8x8", 26,                                                    \
     "26,W,8,8,A0,0", PK_NUM_TL, true, 'x', PK_WHITE, "W:W21-32:B1-12", PK_DRAW_BRAZILIAN, 12,          \
     .rules = {8, 8, 0, 1, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.3 */                            \
     .notes = "draw rules: CBD summary (D-BR-1)", PK_V_BRAZILIAN, PK_V_BRAZILIAN, PK_GOAL_BLOCKED_LOSES, 0},     \
    {"italian", "dama", "Italian draughts (dama italiana), 8x8 mirrored", 22,                           \
     "22,W,8,8,N2,1", PK_NUM_TL, false, 'x', PK_WHITE, "W:W21-32:B1-12", PK_DRAW_ITALIAN, 12,           \
     .rules = {8, 8, 1, 0, 0, 0, 0, PK_CHOICE_ITALIAN, PK_PROMO_STOP, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.10 */                       \
     .notes = "draw rules low confidence (D-IT-1)", PK_V_ITALIAN, PK_V_ITALIAN, PK_GOAL_BLOCKED_LOSES, 0},       \
    {"czech", "ceska", "Czech draughts (česká dáma), 8x8", 29,                                          \
     "29,W,8,8,A0,0", PK_NUM_TL, true, 'x', PK_WHITE, "W:W21-32:B1-12", PK_DRAW_CZECH, 12,              \
     .rules = {8, 8, 0, 0, 1, 1, 0, PK_CHOICE_CZECH, PK_PROMO_STOP, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.7 */                          \
     .notes = "", PK_V_CZECH, PK_V_CZECH, PK_GOAL_BLOCKED_LOSES, 0},                                             \
    {"pool", "american-pool", "American pool checkers, 8x8", 23,                                        \
     "23,B,8,8,N1,0", PK_NUM_TL, false, 'x', PK_BLACK, "B:W21-32:B1-12", PK_DRAW_POOL, 12,              \
     .rules = {8, 8, 0, 1, 1, 1, 0, PK_CHOICE_FREE, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.5 */                           \
     .notes = "draw rules medium confidence (D-POOL-1)", PK_V_POOL, PK_V_POOL, PK_GOAL_BLOCKED_LOSES, 0},        \
    {"frisian", "", "Frisian draughts, 10x10", 40,                                                      \
     "40,W,10,10,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W31-50:B1-20", PK_DRAW_FRISIAN, 20,         \
     .rules = {10, 10, 0, 1, 1, 1, 1, PK_CHOICE_FRISIAN, PK_PROMO_PASS, 3, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.11, art. 17 */            \
     .notes = "", PK_V_FRISIAN, PK_V_FRISIAN, PK_GOAL_BLOCKED_LOSES, 0},                                         \
    {"turkish", "turk", "Turkish draughts (dama), 8x8, all 64 squares", 30,                     \
     "30,W,8,8,A0,0", PK_NUM_TL, true, 'x', PK_WHITE,                                                   \
     "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",        \
     PK_DRAW_TURKISH, 16,                                                                               \
     .rules = {8, 8, 0, 0, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 1, PK_REMOVE_EACH, PK_LAND_ANY, 0}, /* pdnkit-rules(7) */      \
     .notes = "rules from secondary sources (pdnkit-rules(7))", PK_V_TURKISH, PK_V_TURKISH,                      \
     PK_GOAL_BLOCKED_LOSES, 0},                                                                         \
    {"thai", "mak-hos makhos", "Thai draughts (mak-hos), 8x8", 31,                                      \
     "31,B,8,8,N2,0", PK_NUM_BR, false, '-', PK_BLACK, "B:W1-8:B25-32", PK_DRAW_NONE, 12,               \
     .rules = {8, 8, 0, 0, 1, 1, 0, PK_CHOICE_FREE, PK_PROMO_STOP, 0, 0, PK_REMOVE_EACH, PK_LAND_NEXT, 1},        \
     .notes = "rules from secondary sources; no draw rule sourced (pdnkit-rules(7))", PK_V_THAI, PK_V_THAI,      \
     PK_GOAL_BLOCKED_LOSES, 0}, /* D-TH-1..6 */                                                         \
    {"canadian", "canada quebec", "Canadian draughts (grand jeu), 12x12", 27,                           \
     "27,W,12,12,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W43-72:B1-30", PK_DRAW_FMJD, 30,            \
     .rules = {12, 12, 0, 1, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0},     \
     .notes = "draw rules: FMJD's (D-CA-1)", PK_V_CANADIAN, PK_V_CANADIAN, PK_GOAL_BLOCKED_LOSES, 0},            \
    {"sri-lankan", "srilankan", "Sri Lankan draughts, 12x12 mirrored", 94,                              \
     "94,W,12,12,N2,1", PK_NUM_TL, false, 'x', PK_WHITE, "W:W43-72:B1-30", PK_DRAW_FMJD, 30,            \
     .rules = {12, 12, 1, 1, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0},     \
     .notes = "rules from secondary sources; GameType 94 is pdnkit's (D-LK-1, D-LK-2)", PK_V_SRI_LANKAN,         \
     PK_V_SRI_LANKAN, PK_GOAL_BLOCKED_LOSES, 0},                                                        \
    {"malaysian", "singaporean dam", "Malaysian/Singaporean draughts (dam), 12x12", 95,                 \
     "95,W,12,12,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W43-72:B1-30", PK_DRAW_NONE, 30,            \
     .rules = {12, 12, 0, 0, 1, 1, 0, PK_CHOICE_MAJ_KING, PK_PROMO_STOP, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0},\
     .notes = "rules from secondary sources; no draw rule sourced; GameType 95 is pdnkit's (D-MY-1..5)",         \
     PK_V_MALAYSIAN, PK_V_MALAYSIAN, PK_GOAL_BLOCKED_LOSES, 0},                                         \
    {"frysk", "frysk!", "Frysk! (Frisian draughts, 5 men each), 10x10", 97,                             \
     "97,W,10,10,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W46-50:B1-5", PK_DRAW_FRISIAN, 5,           \
     .rules = {10, 10, 0, 1, 1, 1, 1, PK_CHOICE_FRISIAN, PK_PROMO_PASS, 3, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.11; lidraughts Frysk! */  \
     .notes = "start position from lidraughts", PK_V_FRYSK, PK_V_FRISIAN, PK_GOAL_BLOCKED_LOSES, 0},             \
    {"antidraughts", "", "Antidraughts (giveaway international draughts), 10x10", 98,                  \
     "98,W,10,10,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W31-50:B1-20", PK_DRAW_ANTI, 20,            \
     .rules = {10, 10, 0, 1, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.2; lidraughts rules */        \
     .notes = "rules from lidraughts only (pdnkit-rules(7))", PK_V_ANTIDRAUGHTS, PK_V_INTERNATIONAL,             \
     PK_GOAL_BLOCKED_WINS, 0},                                                                          \
    {"breakthrough", "", "Breakthrough (international draughts, the first king wins), 10x10", 96,       \
     "96,W,10,10,N2,0", PK_NUM_TL, false, 'x', PK_WHITE, "W:W31-50:B1-20", PK_DRAW_NONE, 20,            \
     .rules = {10, 10, 0, 1, 1, 1, 0, PK_CHOICE_MAJ, PK_PROMO_PASS, 0, 0, PK_REMOVE_AT_END, PK_LAND_ANY, 0}, /* RULES 2.2; lidraughts rules */        \
     .notes = "rules from lidraughts only (pdnkit-rules(7))", PK_V_BREAKTHROUGH, PK_V_INTERNATIONAL,             \
     PK_GOAL_FIRST_KING, 0},                                                                            \
}

#endif
