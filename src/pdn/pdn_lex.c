/*
 * pdn_lex.c -- the PDN tokenizer (see pdn_lex.h): the PCRE2 pattern of every token class
 * and the hand-written fast path for the hottest ones.
 *
 * PCRE2 takes the first alternative that matches, not the longest, so the order below
 * matters: results before moves (a result looks like a move), moves before move numbers
 * ("1-0" vs "1."), tag pairs before odd bracket lines, junk last. A square after a spaced
 * separator must not be a move number: "28x17 - 3." is a move, a placeholder, a number.
 * Repeated groups are possessive (++, *+): PCRE2 keeps no backtracking frame per
 * iteration, so a 10 MB move chain or tag value cannot exhaust the JIT stack (which made
 * the match fail: a one-byte junk token, then the same long scan again from the next
 * byte, quadratic). A match error (any other resource limit) gives a junk token up to
 * the next blank, so the lexer stays linear whatever the input.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "pdn_lex.h"

#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

/* Strength mark written right after a move: ! ? !! ?? !? ?! (?) (!?!!!) and the old
 * "forced move" star (RULES 4.3: a star glued to a move is a mark, not a terminator). */
#define STR "(?:[!?]+|\\([!?]+\\)|\\*)?"
/* An algebraic square of any board: files a-l, ranks 1-12 (12x12 boards, RULES 2.13). The
 * lexer does not know the board: a square beyond the game's board is a move token all the
 * same, and the replay names it ("'k1' is not a square of the 10x10 board"), which is
 * clearer than junk. A move of squares no board has stays junk; the reader makes it a
 * syntax error (pk_rd_move_like, pdn_unparsed.c). */
#define SQ "[a-lA-L](?:1[0-2]|[1-9])"

#define TAIL_SLACK 64 /* bytes: see pk_lex_next() */

static const char PATTERN[] =
    "(*MARK:W)[ \\t\\r\\n\\f\\v]+"
    "|(*MARK:R)(?:1/2-1/2|1/2:1/2|\xC2\xBD-\xC2\xBD|0\\.5-0\\.5|[012][-:][012])(?![0-9./:x-])"
    "|(*MARK:R)\\*"
    "|(*MARK:M)\\d+(?:[ \\t]*[-x:][ \\t]*\\d+(?!\\.))++" STR
    "|(*MARK:N)\\d+\\.(?:\\.\\.)?"
    "|(*MARK:M)" SQ "(?:(?:[ \\t]*[-x:][ \\t]*|)" SQ ")++(?![A-Za-z0-9])" STR
    "|(*MARK:M)[a-hA-H][a-hA-H][1-8](?![A-Za-z0-9])" STR
    "|(*MARK:E)\\.\\.\\."
    "|(*MARK:T)\\[\\s*[A-Za-z0-9_]+\\s*\"(?:[^\"\\\\\\r\\n]++|\\\\[^\\r\\n])*+\"\\s*\\]"
    "|(*MARK:O)\\[[^\\]\\r\\n]*\\]"
    "|(*MARK:U)\\["
    "|(*MARK:C)\\{"
    "|(*MARK:L)[%;][^\\r\\n]*"
    "|(*MARK:F)/[ \\t]*FEN[ \\t]*\"[^\"\\r\\n]*\"[ \\t]*/"
    "|(*MARK:G)\\$\\d+"
    "|(*MARK:Q)(?:\\([!?]+\\)|[!?]+)"
    "|(*MARK:P)\\("
    "|(*MARK:Z)\\)"
    "|(*MARK:D)-"
    "|(*MARK:J)(?:[^\\s{}()\\[\\]]+|.)";

struct pk_lexer {
    pcre2_code *re;
    pcre2_match_data *md;
    int jit;
    int fast;
};

const char *pk_tok_name(int kind)
{
    static const char *const names[] = {"none", "blank", "result", "move", "number", "ellipsis",
                                        "tag", "odd-tag", "open-tag", "comment", "line-comment",
                                        "setup", "nag", "strength", "open", "close", "dash",
                                        "junk"};
    return kind >= 0 && kind <= PK_TOK_JUNK ? names[kind] : "?";
}

/* The pattern is compiled and JIT-compiled once per process, not per reader: that costs
 * about 1.4 M instructions, more than reading a small file (an archive of many small
 * files, the fuzzer). PCRE2 code is read-only once compiled and may be shared by threads;
 * each lexer has its own match data. The code stays until exit. */
static struct {
    pthread_once_t once;
    pcre2_code *re;
    int jit, ec;
    PCRE2_SIZE eo;
} shared = {PTHREAD_ONCE_INIT, NULL, 0, 0, 0};

static void compile_pattern(void)
{
    shared.re = pcre2_compile((PCRE2_SPTR)PATTERN, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_ANCHORED, &shared.ec,
                              &shared.eo, NULL);
    /* Anchored at compile time, not at match time: PCRE2 runs JIT code only when the
     * match-time options are ones JIT supports, and PCRE2_ANCHORED is not (measured on
     * OCA: 7 MB/s interpreted, 62 MB/s JIT without the fast path). */
    if (shared.re)
        shared.jit = pcre2_jit_compile(shared.re, PCRE2_JIT_COMPLETE) == 0;
}

pk_lexer *pk_lex_new(int use_fast_path, pk_error *err)
{
    if (pthread_once(&shared.once, compile_pattern) != 0 || !shared.re) {
        PCRE2_UCHAR msg[160] = "cannot compile";
        if (!shared.re && shared.ec)
            pcre2_get_error_message(shared.ec, msg, sizeof msg);
        pk_error_set(err, PK_ERR_UNSUPPORTED, (int)shared.eo + 1, "PDN token pattern: %s", (char *)msg);
        return NULL;
    }
    pk_lexer *lx = calloc(1, sizeof *lx);
    if (!lx) {
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    lx->fast = use_fast_path;
    lx->re = shared.re;
    lx->jit = shared.jit;
    lx->md = pcre2_match_data_create(1, NULL);
    if (!lx->md) {
        pk_lex_free(lx);
        pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
        return NULL;
    }
    return lx;
}

void pk_lex_free(pk_lexer *lx)
{
    if (!lx)
        return;
    pcre2_match_data_free(lx->md);
    free(lx); /* lx->re is the shared pattern */
}

int pk_lex_jit(const pk_lexer *lx) { return lx->jit; }

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Characters that may follow a plain numeric move without changing the token (a blank,
 * a bracket or a brace); anything else goes to PCRE2. */
static int is_plain_end(unsigned char c)
{
    return is_blank(c) || c == '{' || c == ')' || c == '['; /* not '(': "19-23(?)" */
}

/* Whether a byte of w is c: the classic test for a zero byte, on w ^ c's bytes (exact:
 * nonzero if and only if one is zero). */
static inline uint64_t has_byte(uint64_t w, unsigned char c)
{
    uint64_t v = w ^ (0x0101010101010101u * c);
    return (v - 0x0101010101010101u) & ~v & 0x8080808080808080u;
}

/* A plain tag pair on one line: [Name "value"] with single blanks, no escapes. Anything
 * else (escapes, odd spacing, smart quotes) is left to PCRE2. */
static int fast_tag(const unsigned char *b, size_t len, size_t pos, size_t *end)
{
    size_t i = pos + 1;
    while (i < len && ((b[i] | 32) >= 'a' && (b[i] | 32) <= 'z'))
        i++;
    if (i == pos + 1 || i + 1 >= len || b[i] != ' ' || b[i + 1] != '"')
        return 0;
    /* the value eight bytes at a time while none of them is a quote, a backslash or a line
     * break (then byte by byte from that word on) */
    for (i += 2; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        if (has_byte(w, '"') | has_byte(w, '\\') | has_byte(w, '\n') | has_byte(w, '\r'))
            break;
    }
    for (; i < len && b[i] != '"'; i++)
        if (b[i] == '\\' || b[i] == '\n' || b[i] == '\r')
            return 0;
    if (i + 1 >= len || b[i + 1] != ']')
        return 0;
    *end = i + 2;
    return PK_TOK_TAG;
}

/* Fast path: blanks, "12." / "12...", "32-28" / "26x17x10". Returns the kind, or 0 to let
 * PCRE2 decide (anything unusual, and results, which look like moves). The reader's
 * scan_plain() (pdn_read.c) takes no token this does not take: change both together. */
static int fast_token(const unsigned char *b, size_t len, size_t pos, int at_eof, size_t *end)
{
    size_t i = pos;
    if (is_blank(b[i])) {
        while (i < len && is_blank(b[i]))
            i++;
        *end = i;
        return PK_TOK_WS;
    }
    if (b[i] == '[')
        return fast_tag(b, len, pos, end);
    if (!is_digit(b[i]))
        return 0;
    while (i < len && is_digit(b[i]))
        i++;
    if (i + 3 >= len && !at_eof)
        return 0;
    if (i < len && b[i] == '.') {
        if (b[pos] == '0' && i == pos + 1)
            return 0; /* 0.5-0.5 */
        i++;
        if (i + 1 < len && b[i] == '.' && b[i + 1] == '.')
            i += 2;
        *end = i;
        return PK_TOK_NUMBER;
    }
    int seps = 0;
    while (i < len && (b[i] == '-' || b[i] == 'x')) {
        if (i + 1 >= len || !is_digit(b[i + 1]))
            return 0;
        i++;
        while (i < len && is_digit(b[i]))
            i++;
        seps++;
    }
    if (seps == 0 || (i < len && !is_plain_end(b[i])) || (i == len && !at_eof))
        return 0;
    if (i - pos == 3 && b[pos] <= '2' && b[pos + 2] <= '2')
        return 0; /* 1-0, 0-2, 1-1 ...: results */
    *end = i;
    return PK_TOK_MOVE;
}

static int mark_kind(char m)
{
    switch (m) {
    case 'W': return PK_TOK_WS;
    case 'R': return PK_TOK_RESULT;
    case 'M': return PK_TOK_MOVE;
    case 'N': return PK_TOK_NUMBER;
    case 'E': return PK_TOK_ELLIPSIS;
    case 'T': return PK_TOK_TAG;
    case 'O': return PK_TOK_TAG_ODD;
    case 'U': return PK_TOK_TAG_OPEN;
    case 'C': return PK_TOK_COMMENT;
    case 'L': return PK_TOK_LINE;
    case 'F': return PK_TOK_SETUP;
    case 'G': return PK_TOK_NAG;
    case 'Q': return PK_TOK_STRENGTH;
    case 'P': return PK_TOK_OPEN;
    case 'Z': return PK_TOK_CLOSE;
    case 'D': return PK_TOK_DASH;
    default: return PK_TOK_JUNK;
    }
}

int pk_lex_next(pk_lexer *lx, const char *buf, size_t len, size_t pos, int at_eof, pk_token *t)
{
    size_t end;
    int kind = lx->fast ? fast_token((const unsigned char *)buf, len, pos, at_eof, &end) : 0;
    if (!kind) {
        int rc = pcre2_match(lx->re, (PCRE2_SPTR)buf, len, pos, PCRE2_NO_UTF_CHECK,
                             lx->md, NULL);
        if (rc < 0) {
            /* Cannot happen with the catch-all junk class, except on a lone continuation
             * byte or a resource limit: junk up to the next blank or bracket (at least
             * one byte), so a failing match is never retried on the same text. */
            size_t e = pos + 1;
            while (rc != PCRE2_ERROR_NOMATCH && e < len && !is_blank((unsigned char)buf[e]) &&
                   !strchr("{}()[]", buf[e]))
                e++;
            t->kind = PK_TOK_JUNK;
            t->start = pos;
            t->len = e - pos;
            return t->kind;
        }
        end = pcre2_get_ovector_pointer(lx->md)[1];
        PCRE2_SPTR m = pcre2_get_mark(lx->md);
        kind = mark_kind(m ? (char)m[0] : 'J');
        /* A token that ends at the window's end, or within a few bytes of it, might go on
         * past it ("1-2-...-1-2-" cut after a '-'): read more first, so that a token is the
         * same whatever the reads that filled the window (-j reads pieces, check.c). Only
         * tokens longer than the window's lookahead get here. */
        if (len - end < TAIL_SLACK && !at_eof && kind != PK_TOK_WS && kind != PK_TOK_COMMENT)
            return t->kind = PK_TOK_NONE;
        /* a lone '[' may be a tag pair whose line the window cut */
        if (kind == PK_TOK_TAG_OPEN && !at_eof && !memchr(buf + pos, '\n', len - pos))
            return t->kind = PK_TOK_NONE;
    }
    t->kind = kind;
    t->start = pos;
    t->len = end - pos;
    return kind;
}
