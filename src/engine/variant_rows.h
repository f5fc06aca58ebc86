/*
 * variant_rows.h -- THE variant table: one row per variant, each field named and cited
 * (RULES 2.1, 1.3, 4.1). A row is the whole variant: its names and aliases, title, PDN
 * GameType, the Variant tag spellings of other programs, its notation, start position and
 * draw profile, the guess's candidate ranks, where its rules are written, and the move
 * generator's rule columns (pk_rules, variant.h). Everything else reads it: the lookups
 * (variant.c), the generator (movegen_impl.h folds each engine row's columns into its own
 * copy), the variant's resolution (resolve.c: Variant tags, the guess), --list-variants,
 * the Python module and the web page's menus (through pk_variant_at), the completion and
 * the man pages' tables (checked against --list-variants by tests/install/variant-rows.sh).
 *
 * Not a header of declarations: the body of an initializer of pk_variant_def[] (variant_int.h),
 * included inside the braces by variant.c, movegen_impl.h and variant_int.h (the count).
 * Each row sits at its id ([PK_V_X] = ..., enum pk_variant_id: ids never change); a new
 * variant is a new row with the next number, [18] = {... .index = 18 ...}. A row whose
 * move rules are another's names that row as .engine (the lidraughts rows); a row with
 * move rules of its own is an engine row, listed in movegen_int.h for its word size.
 * Adding a variant: doc/CONTRIBUTING.md. A title is marked N_() for the catalogues (po/, issue
 * 36): the HTML report and the page show it in the reader's language; pk_variant's stays English.
 *
 * Turkish, Thai, Canadian, Sri Lankan and Malaysian are also described in pdnkit-rules(7)
 * (TURKISH DRAUGHTS, THAI DRAUGHTS, THE 12x12 GAMES, with their disagreements D-TH-n,
 * D-CA-n, D-LK-n, D-MY-n); the three 12x12 boards use the generator's 128-bit copy
 * (movegen_128.c). GameType 94 and 95 are pdnkit's numbers for Sri Lankan and Malaysian
 * draughts, which PDN 3.0 does not number (D-LK-2, D-MY-5), in the range it leaves for
 * future expansion. The last three rows are lidraughts variants with the move rules of an
 * earlier row (their engine); GameType 97, 98, 96 are lidraughts' numbers (its PDN export
 * writes them), not PDN-assigned. Variant tag spellings: lidraughts' and playstrategy's
 * Variant.scala names and older spellings (a tag is also tried as a name or alias).
 * Guess ranks (RULES 4.1: the notation narrows the candidates, the most common variant of
 * the notation first): algebraic squares, Russian first, Turkish (the one board where
 * every square plays) last; numeric squares, English first; above 32, a 10x10 board's
 * first, then a 12x12 one's (the first moves of a Canadian game may not pass square 50).
 */
[PK_V_INTERNATIONAL] = {
    .v = {
        .name = "international", .aliases = "polish fmjd standard 100", /* pdncheck(1) VARIANTS */
        .title = N_("International draughts (FMJD), 10x10"),
        .gametype = 20, .gametype_full = "20,W,10,10,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W31-50:B1-20", .max_men = 20, /* RULES 1.3 */
        .draw_profile = PK_DRAW_FMJD, /* RULES 3.3 */
        .notes = "",
        .index = PK_V_INTERNATIONAL, .engine = PK_V_INTERNATIONAL, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.2 */
            .width = 10, .height = 10, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Standard|From Position|FromPosition",
    .guess = {.above32 = 1, .numeric = 9, .nothing = 1}, /* RULES 4.1 */
    .rules_doc = "RULES 2.2",
},
[PK_V_ENGLISH] = {
    .v = {
        .name = "english", .aliases = "american checkers straight", /* pdncheck(1) VARIANTS */
        .title = N_("English draughts / American checkers, 8x8"),
        .gametype = 21, .gametype_full = "21,B,8,8,N1,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_BLACK, .start_fen = "B:W21-32:B1-12", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_ENGLISH, /* RULES 3.6 */
        .notes = "",
        .index = PK_V_ENGLISH, .engine = PK_V_ENGLISH, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.6 */
            .width = 8, .height = 8, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = false, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_FREE, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "English|American/English",
    .guess = {.algebraic = 4, .numeric = 1}, /* RULES 4.1 */
    .rules_doc = "RULES 2.6",
},
[PK_V_SPANISH] = {
    .v = {
        .name = "spanish", .aliases = "damas", /* pdncheck(1) VARIANTS */
        .title = N_("Spanish draughts, 8x8 mirrored"),
        .gametype = 24, .gametype_full = "24,W,8,8,N1,1", /* RULES 4.1 */
        .numbering = PK_NUM_BR, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W1-12:B21-32", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_SPANISH, /* RULES 3.4 */
        .notes = "draw rules from one source (D-ES-1, D-ES-2)",
        .index = PK_V_SPANISH, .engine = PK_V_SPANISH, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.8, D-ES-3 */
            .width = 8, .height = 8, .a1_light = true, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ_KINGS, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "",
    .guess = {.algebraic = 7, .numeric = 3}, /* RULES 4.1 */
    .rules_doc = "RULES 2.8",
},
[PK_V_PORTUGUESE] = {
    .v = {
        .name = "portuguese", .aliases = "damas-classicas", /* pdncheck(1) VARIANTS */
        .title = N_("Portuguese draughts (damas clássicas), 8x8 mirrored"),
        .gametype = 28, .gametype_full = "28,W,8,8,N1,1", /* RULES 4.1 */
        .numbering = PK_NUM_BR, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W1-12:B21-32", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_PORTUGUESE, /* RULES 3.4 */
        .notes = "draw rules unverified (RULES 2.9)",
        .index = PK_V_PORTUGUESE, .engine = PK_V_PORTUGUESE, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.9 */
            .width = 8, .height = 8, .a1_light = true, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ_KINGS, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "Portuguese",
    .guess = {.algebraic = 8, .numeric = 8}, /* RULES 4.1 */
    .rules_doc = "RULES 2.9",
},
[PK_V_RUSSIAN] = {
    .v = {
        .name = "russian", .aliases = "shashki", /* pdncheck(1) VARIANTS */
        .title = N_("Russian draughts (shashki), 8x8"),
        .gametype = 25, .gametype_full = "25,W,8,8,A0,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = true, .capture_sep = ':', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W21-32:B1-12", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_RUSSIAN, /* RULES 3.5 */
        .notes = "",
        .index = PK_V_RUSSIAN, .engine = PK_V_RUSSIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.4 */
            .width = 8, .height = 8, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_FREE, /* RULES 1.7 */
            .promo = PK_PROMO_CONTINUE, /* RULES 1.6 */
        },
    },
    .variant_tags = "Russian",
    .guess = {.algebraic = 1, .numeric = 4}, /* RULES 4.1 */
    .rules_doc = "RULES 2.4",
},
[PK_V_BRAZILIAN] = {
    .v = {
        .name = "brazilian", .aliases = "", /* pdncheck(1) VARIANTS */
        .title = N_("Brazilian draughts, 8x8"),
        .gametype = 26, .gametype_full = "26,W,8,8,A0,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = true, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W21-32:B1-12", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_BRAZILIAN, /* RULES 3.7, D-BR-1 */
        .notes = "draw rules: CBD summary (D-BR-1)",
        .index = PK_V_BRAZILIAN, .engine = PK_V_BRAZILIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.3 */
            .width = 8, .height = 8, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Brazilian",
    .guess = {.algebraic = 3, .numeric = 5}, /* RULES 4.1 */
    .rules_doc = "RULES 2.3",
},
[PK_V_ITALIAN] = {
    .v = {
        .name = "italian", .aliases = "dama", /* pdncheck(1) VARIANTS */
        .title = N_("Italian draughts (dama italiana), 8x8 mirrored"),
        .gametype = 22, .gametype_full = "22,W,8,8,N2,1", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W21-32:B1-12", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_ITALIAN, /* RULES 3.7, D-IT-1 */
        .notes = "draw rules low confidence (D-IT-1)",
        .index = PK_V_ITALIAN, .engine = PK_V_ITALIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.10 */
            .width = 8, .height = 8, .a1_light = true, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = false, /* RULES 1.5 */
            .flying = false, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_ITALIAN, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "",
    .guess = {.algebraic = 6, .numeric = 2}, /* RULES 4.1 */
    .rules_doc = "RULES 2.10",
},
[PK_V_CZECH] = {
    .v = {
        .name = "czech", .aliases = "ceska", /* pdncheck(1) VARIANTS */
        .title = N_("Czech draughts (česká dáma), 8x8"),
        .gametype = 29, .gametype_full = "29,W,8,8,A0,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = true, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W21-32:B1-12", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_CZECH, /* RULES 3.7 */
        .notes = "",
        .index = PK_V_CZECH, .engine = PK_V_CZECH, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.7 */
            .width = 8, .height = 8, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_CZECH, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "",
    .guess = {.algebraic = 2, .numeric = 6}, /* RULES 4.1 */
    .rules_doc = "RULES 2.7",
},
[PK_V_POOL] = {
    .v = {
        .name = "pool", .aliases = "american-pool", /* pdncheck(1) VARIANTS */
        .title = N_("American pool checkers, 8x8"),
        .gametype = 23, .gametype_full = "23,B,8,8,N1,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_BLACK, .start_fen = "B:W21-32:B1-12", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_POOL, /* RULES 3.7, D-POOL-1 */
        .notes = "draw rules medium confidence (D-POOL-1)",
        .index = PK_V_POOL, .engine = PK_V_POOL, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.5 */
            .width = 8, .height = 8, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_FREE, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Pool",
    .guess = {.algebraic = 5, .numeric = 7}, /* RULES 4.1 */
    .rules_doc = "RULES 2.5",
},
[PK_V_FRISIAN] = {
    .v = {
        .name = "frisian", .aliases = "", /* pdncheck(1) VARIANTS */
        .title = N_("Frisian draughts, 10x10"),
        .gametype = 40, .gametype_full = "40,W,10,10,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W31-50:B1-20", .max_men = 20, /* RULES 1.3 */
        .draw_profile = PK_DRAW_FRISIAN, /* RULES 3.7 */
        .notes = "",
        .index = PK_V_FRISIAN, .engine = PK_V_FRISIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.11 */
            .width = 10, .height = 10, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 3, /* RULES 1.4, 1.5 */
            .ortho = true, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_FRISIAN, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Frisian",
    .guess = {.above32 = 2, .numeric = 10}, /* RULES 4.1 */
    .rules_doc = "RULES 2.11",
},
[PK_V_TURKISH] = {
    .v = {
        .name = "turkish", .aliases = "turk", /* pdncheck(1) VARIANTS */
        .title = N_("Turkish draughts (dama), 8x8, all 64 squares"),
        .gametype = 30, .gametype_full = "30,W,8,8,A0,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = true, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7", .max_men = 16, /* RULES 1.3 */
        .draw_profile = PK_DRAW_TURKISH, /* pdnkit-rules(7) TURKISH DRAUGHTS */
        .notes = "rules from secondary sources (pdnkit-rules(7))",
        .index = PK_V_TURKISH, .engine = PK_V_TURKISH, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* pdnkit-rules(7) TURKISH DRAUGHTS */
            .width = 8, .height = 8, .a1_light = false, .full = true, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_EACH, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Turkish",
    .guess = {.algebraic = 9}, /* RULES 4.1 */
    .rules_doc = "pdnkit-rules(7) TURKISH DRAUGHTS",
},
[PK_V_THAI] = {
    .v = {
        .name = "thai", .aliases = "mak-hos makhos", /* pdncheck(1) VARIANTS */
        .title = N_("Thai draughts (mak-hos), 8x8"),
        .gametype = 31, .gametype_full = "31,B,8,8,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_BR, .algebraic = false, .capture_sep = '-', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_BLACK, .start_fen = "B:W1-8:B25-32", .max_men = 12, /* RULES 1.3 */
        .draw_profile = PK_DRAW_NONE, /* RULES 2.12, D-TH-1..6 */
        .notes = "rules from secondary sources; no draw rule sourced (pdnkit-rules(7))",
        .index = PK_V_THAI, .engine = PK_V_THAI, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.12, D-TH-1..6 */
            .width = 8, .height = 8, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_NEXT, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_EACH, .turn_back = true, /* RULES 1.5 */
            .choice = PK_CHOICE_FREE, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "Thai",
    .guess = {.nothing = 0}, /* RULES 4.1: not a candidate of the guess by notation */
    .rules_doc = "RULES 2.12",
},
[PK_V_CANADIAN] = {
    .v = {
        .name = "canadian", .aliases = "canada quebec", /* pdncheck(1) VARIANTS */
        .title = N_("Canadian draughts (grand jeu), 12x12"),
        .gametype = 27, .gametype_full = "27,W,12,12,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W43-72:B1-30", .max_men = 30, /* RULES 1.3 */
        .draw_profile = PK_DRAW_FMJD, /* D-CA-1 */
        .notes = "draw rules: FMJD's (D-CA-1)",
        .index = PK_V_CANADIAN, .engine = PK_V_CANADIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.13 */
            .width = 12, .height = 12, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Canadian",
    .guess = {.above50 = 1, .above32 = 3}, /* RULES 4.1 */
    .rules_doc = "RULES 2.13",
},
[PK_V_SRI_LANKAN] = {
    .v = {
        .name = "sri-lankan", .aliases = "srilankan", /* pdncheck(1) VARIANTS */
        .title = N_("Sri Lankan draughts, 12x12 mirrored"),
        .gametype = 94, .gametype_full = "94,W,12,12,N2,1", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W43-72:B1-30", .max_men = 30, /* RULES 1.3 */
        .draw_profile = PK_DRAW_FMJD, /* D-LK-1 */
        .notes = "rules from secondary sources; GameType 94 is pdnkit's (D-LK-1, D-LK-2)",
        .index = PK_V_SRI_LANKAN, .engine = PK_V_SRI_LANKAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.13, D-LK-1 */
            .width = 12, .height = 12, .a1_light = true, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Sri Lankan",
    .guess = {.above50 = 2, .above32 = 4}, /* RULES 4.1 */
    .rules_doc = "RULES 2.13",
},
[PK_V_MALAYSIAN] = {
    .v = {
        .name = "malaysian", .aliases = "singaporean dam", /* pdncheck(1) VARIANTS */
        .title = N_("Malaysian/Singaporean draughts (dam), 12x12"),
        .gametype = 95, .gametype_full = "95,W,12,12,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W43-72:B1-30", .max_men = 30, /* RULES 1.3 */
        .draw_profile = PK_DRAW_NONE, /* D-MY-4 */
        .notes = "rules from secondary sources; no draw rule sourced; GameType 95 is pdnkit's (D-MY-1..5)",
        .index = PK_V_MALAYSIAN, .engine = PK_V_MALAYSIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.13, D-MY-3 */
            .width = 12, .height = 12, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = false, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ_KING, /* RULES 1.7 */
            .promo = PK_PROMO_STOP, /* RULES 1.6 */
        },
    },
    .variant_tags = "Malaysian|Singaporean",
    .guess = {.above50 = 3, .above32 = 5}, /* RULES 4.1 */
    .rules_doc = "RULES 2.13",
},
[PK_V_FRYSK] = {
    .v = {
        .name = "frysk", .aliases = "frysk!", /* pdncheck(1) VARIANTS */
        .title = N_("Frysk! (Frisian draughts, 5 men each), 10x10"),
        .gametype = 97, .gametype_full = "97,W,10,10,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W46-50:B1-5", .max_men = 5, /* RULES 1.3 */
        .draw_profile = PK_DRAW_FRISIAN, /* RULES 3.7 */
        .notes = "start position from lidraughts",
        .index = PK_V_FRYSK, .engine = PK_V_FRISIAN, .goal = PK_GOAL_BLOCKED_LOSES, /* RULES 1.9 */
        .rules = { /* RULES 2.11; lidraughts Frysk! */
            .width = 10, .height = 10, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 3, /* RULES 1.4, 1.5 */
            .ortho = true, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_FRISIAN, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Frysk!|Frysk",
    .guess = {.nothing = 0}, /* RULES 4.1: not a candidate of the guess by notation */
    .rules_doc = "pdnkit-rules(7) LIDRAUGHTS VARIANTS",
},
[PK_V_ANTIDRAUGHTS] = {
    .v = {
        .name = "antidraughts", .aliases = "", /* pdncheck(1) VARIANTS */
        .title = N_("Antidraughts (giveaway international draughts), 10x10"),
        .gametype = 98, .gametype_full = "98,W,10,10,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W31-50:B1-20", .max_men = 20, /* RULES 1.3 */
        .draw_profile = PK_DRAW_ANTI, /* pdnkit-rules(7) LIDRAUGHTS VARIANTS */
        .notes = "rules from lidraughts only (pdnkit-rules(7))",
        .index = PK_V_ANTIDRAUGHTS, .engine = PK_V_INTERNATIONAL, .goal = PK_GOAL_BLOCKED_WINS, /* RULES 1.9 */
        .rules = { /* RULES 2.2; lidraughts rules */
            .width = 10, .height = 10, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Antidraughts",
    .guess = {.nothing = 0}, /* RULES 4.1: not a candidate of the guess by notation */
    .rules_doc = "pdnkit-rules(7) LIDRAUGHTS VARIANTS",
},
[PK_V_BREAKTHROUGH] = {
    .v = {
        .name = "breakthrough", .aliases = "", /* pdncheck(1) VARIANTS */
        .title = N_("Breakthrough (international draughts, the first king wins), 10x10"),
        .gametype = 96, .gametype_full = "96,W,10,10,N2,0", /* RULES 4.1 */
        .numbering = PK_NUM_TL, .algebraic = false, .capture_sep = 'x', /* RULES 1.2.1, 4.1, 4.3 */
        .first = PK_WHITE, .start_fen = "W:W31-50:B1-20", .max_men = 20, /* RULES 1.3 */
        .draw_profile = PK_DRAW_NONE, /* pdnkit-rules(7) LIDRAUGHTS VARIANTS */
        .notes = "rules from lidraughts only (pdnkit-rules(7))",
        .index = PK_V_BREAKTHROUGH, .engine = PK_V_INTERNATIONAL, .goal = PK_GOAL_FIRST_KING, /* RULES 1.9 */
        .rules = { /* RULES 2.2; lidraughts rules */
            .width = 10, .height = 10, .a1_light = false, .full = false, /* RULES 1.1 */
            .men_back = true, .men_take_kings = true, /* RULES 1.5 */
            .flying = true, .king_land = PK_LAND_ANY, .king_quiet_max = 0, /* RULES 1.4, 1.5 */
            .ortho = false, .removal = PK_REMOVE_AT_END, .turn_back = false, /* RULES 1.5 */
            .choice = PK_CHOICE_MAJ, /* RULES 1.7 */
            .promo = PK_PROMO_PASS, /* RULES 1.6 */
        },
    },
    .variant_tags = "Breakthrough",
    .guess = {.nothing = 0}, /* RULES 4.1: not a candidate of the guess by notation */
    .rules_doc = "pdnkit-rules(7) LIDRAUGHTS VARIANTS",
},
