/*
 * pdn_resume.h -- library-internal: a reader that starts in the middle of an input, for
 * the checking loop (check.c), which cuts the decoded text of a file into pieces at game
 * boundaries and has workers read them. A reader restarted at a piece's start is in the
 * state the reader of the whole file is in there when the game before ended at its result
 * token and only blanks followed (pk_pdn_clean_end() tells whether the piece before ended
 * so): the line, the games counted, and the once-per-file notes already said. Not
 * installed.
 */
#ifndef PK_PDN_RESUME_H
#define PK_PDN_RESUME_H

#include "encoding.h"
#include "pdn.h"

typedef struct pk_pdn_resume {
    const char *file;        /* names the input in diagnostics (NULL: "<stdin>") */
    unsigned long long base; /* decoded offset of the first byte (column 1 of its line) */
    long long line;          /* its line number */
    int games;               /* games before it (the first game read is games + 1) */
    bool lone_cr_seen;       /* a lone CR came before it (the warning is said once a file) */
    bool started;            /* it is not the start of the input (BOM, UTF-16: said) */
    bool tag_follows;        /* the input goes on past its end with a line starting with '['
                                (a piece of check.c that is not the last) */
} pk_pdn_resume;

/* A reader flag of the checking loop (beside pdn.h's PK_PDN_*): a game that ends at the end
 * of the input without a result gets the missing-result warning (an error under
 * PK_PDN_STRICT), as one cut off by the next game's tags (issue 31). Not a deviation from
 * the PDN 3.0 reading grammar, whose last game may end without one
 * (pdnFile: game (gameSeparator game)* gameSeparator? EOF): --syntax-only, which checks that
 * grammar alone, leaves it out; the check says it, since a file or a #pdn= link cut short
 * looks so. */
#define PK_PDN_END_RESULT (1u << 16)

/* A reader over src, which stays the caller's (pk_pdn_close does not close it). */
pk_pdn_reader *pk_pdn_open_src(pk_src *src, const char *filename, unsigned flags, pk_error *err);
/* Starts r again, as at (src's next byte is the one at at->base). */
void pk_pdn_restart(pk_pdn_reader *r, const pk_pdn_resume *at);
/* pk_pdn_next in the form the checking loop tests it: 1 for a game, 0 at the end of the
 * input, or a negated status (-PK_ERR_IO, -PK_ERR_NOMEM), reported to sink as
 * pk_pdn_next reports it. */
int pk_pdn_step(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink);
/* After pk_pdn_step returned 0 (pk_pdn_next PK_END): true when the input ended right after a game's result
 * token and blanks (nothing else, nothing said about them, no read error), as in the
 * whole file's reader before the next game. */
bool pk_pdn_clean_end(const pk_pdn_reader *r);

#endif
