/* pdnkit.h -- the whole public library in one include. */
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
#include "board.h"
#include "match.h"
#include "written.h"
#endif
