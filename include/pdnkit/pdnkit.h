/*
 * pdnkit.h -- the whole public library in one include: installed as <pdnkit/pdnkit.h>
 * (pkg-config --cflags pdnkit). The engine (geometry, variants, positions, move
 * generation, FEN, notation, perft), the PDN reader, diagnostics, move matching, the draw
 * rules, the replay and board diagrams. Conventions (status codes, ownership, threads): pk_common.h;
 * the API in one page: libpdnkit(3).
 */
#ifndef PDNKIT_H
#define PDNKIT_H
#include "pk_common.h"
#include "geom.h"
#include "variant.h"
#include "position.h"
#include "movegen.h"
#include "fen.h"
#include "notation.h"
#include "perft.h"
#include "diag.h"
#include "pdn.h"
#include "match.h"
#include "written.h"
#include "draw.h"
#include "replay.h"
#include "resolve.h"
#include "board.h"
#include "pdn_open.h"
#include "check_text.h"
#endif
