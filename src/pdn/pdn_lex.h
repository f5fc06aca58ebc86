/*
 * pdn_lex.h -- the PDN tokenizer (library-internal, used by pdn_read.c and the unit
 * tests). One PCRE2 pattern, an alternation of every token class tagged with (*MARK),
 * matched anchored at the current offset with a reused match block (JIT when available);
 * a hand-written fast path in front of it takes the hottest classes (blanks, move numbers,
 * plain numeric moves) without a PCRE2 call. Both paths give the same tokens.
 */
#ifndef PK_PDN_LEX_H
#define PK_PDN_LEX_H

#include "pk_common.h"

#include <stddef.h>

enum pk_tok {
    PK_TOK_NONE = 0,   /* need more input (the match ran into the end of the window) */
    PK_TOK_WS,         /* blanks and line breaks */
    PK_TOK_RESULT,     /* 1-0 0-1 1/2-1/2 2-0 0-2 1-1 0-0 * and tolerated forms */
    PK_TOK_MOVE,       /* numeric, algebraic or column-only move, strength mark included */
    PK_TOK_NUMBER,     /* 12. or 12... */
    PK_TOK_ELLIPSIS,   /* ... placeholder */
    PK_TOK_TAG,        /* [Name "value"] */
    PK_TOK_TAG_ODD,    /* [...] on one line that is not a standard tag pair */
    PK_TOK_TAG_OPEN,   /* [ with no ] on its line */
    PK_TOK_COMMENT,    /* { : the reader scans to the closing brace */
    PK_TOK_LINE,       /* % or ; comment to the end of the line */
    PK_TOK_SETUP,      /* /FEN "..."/ */
    PK_TOK_NAG,        /* $n */
    PK_TOK_STRENGTH,   /* (?) (!) standing alone */
    PK_TOK_OPEN,       /* ( */
    PK_TOK_CLOSE,      /* ) */
    PK_TOK_DASH,       /* - standing alone: placeholder or unknown result */
    PK_TOK_JUNK        /* anything else, up to a blank or a bracket */
};

typedef struct pk_token {
    int kind;
    size_t start, len; /* byte span in the window */
} pk_token;

typedef struct pk_lexer pk_lexer;

pk_lexer *pk_lex_new(int use_fast_path, pk_error *err);
void pk_lex_free(pk_lexer *lx);
int pk_lex_jit(const pk_lexer *lx);

/* Lexes the token at buf[pos] (pos < len). at_eof says no bytes follow buf[len-1]; when
 * it is 0, a token that might continue past len gives PK_TOK_NONE (refill and retry). */
int pk_lex_next(pk_lexer *lx, const char *buf, size_t len, size_t pos, int at_eof, pk_token *t);

const char *pk_tok_name(int kind);

#endif
