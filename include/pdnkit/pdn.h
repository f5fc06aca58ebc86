/*
 * pdn.h -- the PDN 3.0 reader: streams games one at a time from a FILE *, with a line and
 * column on every tag, move, comment, result and diagnostic. See man/pdn.5 for the
 * accepted format (what is standard, what is tolerated with a warning).
 *
 *     pk_error err;
 *     pk_pdn_reader *r = pk_pdn_open(stdin, "<stdin>", 0, &err);
 *     pk_game g;
 *     pk_game_init(&g);
 *     while ((st = pk_pdn_next(r, &g, &sink, &err)) == PK_OK)
 *         ... g.tags, g.main, g.result, g.nerrors ...
 *     if (st != PK_END) ... err.msg: a read error, after the games before it ...
 *     pk_game_free(&g);
 *     pk_pdn_close(r);
 *
 * Input: UTF-8, UTF-16/32 or a legacy code page, plain or compressed with gzip, bzip2, xz
 * or zstd, told by its first bytes (encoding.h, input.h; man/pdn.5 ENCODINGS, COMPRESSION).
 * A read or decompression error comes as PK_ERR_IO (with an "io" diagnostic) after the
 * games read before it.
 *
 * Memory: the reader keeps one input window (about 1 MiB) and the game being built;
 * every string and node of a pk_game lives in the game's arena and stays valid until the
 * next pk_pdn_next on the same pk_game (or pk_game_free). No allocation per token once
 * the arena has grown to the size of the largest game seen.
 *
 * Hop-by-hop captures ("11x18 18x25") are kept as separate moves as written; the second
 * one carries PK_PDN_MOVE_HOP (it starts where the previous capture ended). The replayer
 * joins them.
 */
#ifndef PK_PDN_H
#define PK_PDN_H

#include "diag.h"
#include "pk_common.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PK_PDN_MAX_GAME_BYTES (16u << 20) /* a larger game is an error (too-large) */
#define PK_PDN_MAX_DEPTH 64                /* variation nesting */
#define PK_PDN_MAX_SQUARES 32              /* squares in one move token */

enum pk_pdn_flags {
    PK_PDN_STRICT = 1,      /* every tolerated deviation from the PDN 3.0 reading grammar is an error */
    PK_PDN_NO_FAST_PATH = 2, /* for tests: tokens read by the PCRE2 pattern alone, without the hand-written
                              * fast paths of the lexer and the reader (same games and diagnostics, slower) */
    PK_PDN_KEEP_TEXT = 4     /* keep each game's text as it stands in the input (pk_game.text) */
};

/* ---- tags ---- */
typedef struct pk_pdn_tag {
    const char *name, *value; /* value with the \" and \\ escapes resolved */
    long long line, col;
} pk_pdn_tag;

/* GameType "t" or "t,S,W,H,Xk,I" (RULES 1.2.5). Absent fields are 0. */
typedef struct pk_gametype {
    int type;        /* 20 International, 21 English, ... */
    int extended;    /* 1 when the six-field form was given */
    char start;      /* 'W' or 'B' */
    int width, height;
    char notation;   /* 'N' numeric, 'A' algebraic, 'S' salta */
    int corner;      /* 0..3 */
    int invert;      /* 0 or 1 */
} pk_gametype;

/* Parses a GameType value into *gt. Thread-safe; writes only *gt and *err. */
PK_API int pk_gametype_parse(const char *s, pk_gametype *gt, pk_error *err);

/* ---- squares and moves ---- */
enum pk_pdn_square_kind {
    PK_SQ_NUMERIC = 0,   /* "32", "06" */
    PK_SQ_ALGEBRAIC = 1, /* "e3" (upper case is folded to lower case, with a warning) */
    PK_SQ_FILE = 2       /* column-only short notation "e" in "ed4" (tolerated) */
};

typedef struct pk_pdn_square {
    const char *text; /* as written */
    int kind;         /* enum pk_pdn_square_kind */
    int num;          /* numeric: the number; algebraic/file: 0 */
    int file;         /* algebraic/file: 0 = 'a'; numeric: -1 */
    int rank;         /* algebraic: 1-based rank; otherwise 0 */
} pk_pdn_square;

/* The reader's move parser, for one move outside a file (pk_written_parse): splits the
 * move text s[0..n) (no move number, no strength mark) into at most maxsq squares.
 * sqtext receives the square texts, NUL-separated (2n bytes); seps the nsq-1 separators
 * ('-', 'x', ':' or ' ' when none was written) and a NUL (n+1 bytes). Every character
 * that is not a digit, a blank or a separator starts a letter square: the caller checks
 * the alphabet (the lexer does for the reader). Returns the number of squares; *traits
 * gets enum pk_pdn_split_traits. */
enum pk_pdn_split_traits {
    PK_PDN_SPLIT_PADDED = 1,   /* blanks that only pad a one-digit square ("46-41  1- 7") */
    PK_PDN_SPLIT_SPACED = 2,   /* other blanks inside the move ("28 x17") */
    PK_PDN_SPLIT_UPPER = 4,    /* an upper-case file letter (folded) */
    PK_PDN_SPLIT_FILE_ONLY = 8 /* a column-only square ("hg7") */
};
PK_API int pk_pdn_split_move(const char *s, size_t n, pk_pdn_square *sq, int maxsq, char *sqtext, char *seps,
                             unsigned *traits);

/* The largest NAG read as a number ($n; PGN, which PDN follows here, uses 0-255). */
#define PK_PDN_NAG_DIGITS 6
#define PK_PDN_NAG_MAX 999999

enum pk_pdn_note_kind {
    PK_NOTE_COMMENT = 0, /* {text}: text without the braces */
    PK_NOTE_LINE,        /* % or ; comment: text after the mark (the mark is in nag) */
    PK_NOTE_NAG,         /* $n */
    PK_NOTE_SETUP,       /* /FEN "..."/ : text is the FEN */
    PK_NOTE_VARIATION,   /* ( ... ): see line */
    PK_NOTE_UNPARSED     /* text the reader could not read, kept as it stands (man/pdn.5
                          * ERRORS): the rest of the game from a syntax error on (the game's
                          * last note), or a variation nested deeper than PK_PDN_MAX_DEPTH;
                          * empty after variations never closed (the game's last note: they
                          * stay open); nag: enum pk_pdn_unparsed_flags */
};

/* How a PK_NOTE_UNPARSED text ends, for a writer that puts it back (pk_pdn_write_game). */
enum pk_pdn_unparsed_flags {
    PK_UNPARSED_REST = 1,         /* the rest of the game, from the error to the game's end: the
                                     variations open where it starts are closed in the text, or
                                     were never closed */
    PK_UNPARSED_LINE_COMMENT = 2, /* it ends inside a % or ; comment: a line break must follow */
    PK_UNPARSED_OPEN = 4          /* it leaves open what a terminator written after it would not
                                     end: a { comment never closed (read into it), variations
                                     never closed (read as prose in them). The game had none:
                                     nothing may follow it in the game */
};

struct pk_pdn_line;

/* Something standing between moves, in file order. */
typedef struct pk_pdn_note {
    int kind;
    const char *text;
    int nag;                  /* PK_NOTE_NAG: n of $n, or -1 when n has more than
                                 PK_PDN_NAG_DIGITS digits (a nag-range warning: text holds
                                 it as written); PK_NOTE_LINE: the mark */
    struct pk_pdn_line *line; /* PK_NOTE_VARIATION */
    long long line_no, col;
    struct pk_pdn_note *next;
} pk_pdn_note;

enum pk_pdn_number_kind { PK_NUM_NONE = 0, PK_NUM_FIRST = 1 /* "12." */, PK_NUM_SECOND = 2 /* "12..." */ };

enum pk_pdn_move_flags {
    PK_PDN_MOVE_PLACEHOLDER = 1, /* "-" or "..." standing for an unknown move */
    PK_PDN_MOVE_HOP = 2,         /* continues the previous capture ("11x18 18x25"; no setup between) */
    PK_PDN_MOVE_SPACED = 4,      /* spaces inside the token ("1 - 5", "28 x17") */
    PK_PDN_MOVE_CAPTURE = 8      /* written with x or : (the separator is not trusted) */
};

typedef struct pk_pdn_move {
    const char *text;      /* the move token exactly as written (without number/strength) */
    long long line, col;
    int number;            /* the move number written before it, 0 when none */
    int number_kind;       /* enum pk_pdn_number_kind */
    unsigned flags;        /* enum pk_pdn_move_flags */
    int nsquares;
    pk_pdn_square *squares;
    const char *seps;      /* nsquares-1 separators: '-', 'x', ':' or ' ' (none: "a3b4") */
    const char *strength;  /* "!", "?!", "(!?)", ... or NULL */
    pk_pdn_note *before;   /* comments/setups written before the move (after its number) */
    pk_pdn_note *after;    /* NAGs, comments, variations after it, in order */
    pk_pdn_note *after_tail;
} pk_pdn_move;

/* A line of play: the main line or a variation. */
typedef struct pk_pdn_line {
    pk_pdn_move *moves;
    int nmoves;
    pk_pdn_note *pre;      /* notes before the first move */
    pk_pdn_note *pre_tail;
    long long line, col;         /* where it starts ("(" for a variation) */
} pk_pdn_line;

/* ---- results ---- */
enum pk_result_kind {
    PK_RESULT_NONE = 0,      /* no terminator */
    PK_RESULT_UNKNOWN,       /* "*" (or "-" in some files) */
    PK_RESULT_FIRST_WIN,     /* 1-0, 2-0 (first-named player) */
    PK_RESULT_SECOND_WIN,    /* 0-1, 0-2 */
    PK_RESULT_DRAW,          /* 1/2-1/2, 1-1, ... */
    PK_RESULT_DOUBLE_FORFEIT /* 0-0 */
};

typedef struct pk_pdn_result {
    const char *text; /* as written, NULL when none */
    int kind;         /* enum pk_result_kind */
    long long line, col;
} pk_pdn_result;

PK_API const char *pk_result_kind_name(int kind); /* "first-win", "second-win", "draw", ...: static */
/* Classifies a result token (also the tolerated forms); -1 when it is not one. *standard
 * (when non-NULL) says whether it is a PDN 3.0 form. Thread-safe. */
PK_API int pk_result_classify(const char *text, size_t len, int *standard);
/* The PDN 3.0 token of a result kind: "1-0", "0-1", "1/2-1/2", "0-0", or "*" (unknown,
 * none); the 10x10 forms "2-0", "0-2", "1-1" when like (a token as written, may be NULL)
 * is one of them. A static string. */
PK_API const char *pk_result_token(int kind, const char *like);

/* ---- the result a record states ----
 * A record says its result twice: the game terminator and the Result tag. The result it
 * states is the terminator's when that names one (a win, a draw, a double forfeit), else
 * the Result tag's when that names one, else "*" (or the tag as written). Both naming
 * different results is a conflict: pdncheck warns (result-tag-mismatch), pdnconv keeps
 * each as written and warns too; the terminator is the one checked against the board. */
enum pk_result_source {
    PK_RESULT_FROM_NONE = 0,   /* neither a terminator nor a Result tag */
    PK_RESULT_FROM_TERMINATOR,
    PK_RESULT_FROM_TAG
};

typedef struct pk_stated_result {
    const char *text;    /* the token stated, as written (borrowed from the game); NULL: none */
    int kind;            /* enum pk_result_kind of text (PK_RESULT_UNKNOWN for a tag value that
                            is no result token, "?" say) */
    int source;          /* enum pk_result_source */
    long long line, col;       /* where text is written (the terminator, or the Result tag pair) */
    const char *tag;     /* the (first) Result tag's value, NULL: none */
    int tag_kind;        /* its kind, -1 when it is no result token */
    long long tag_line, tag_col;
    bool conflict;       /* tag and terminator name two different results */
} pk_stated_result;


/* ---- game ---- */
typedef struct pk_game {
    int index;              /* 1-based, in file order */
    long long line, col;          /* where the game starts */
    pk_pdn_tag *tags;       /* in file order, duplicates kept */
    int ntags;
    const char *fen;        /* value of the FEN tag, or NULL */
    long long fen_line, fen_col;
    int has_gametype;
    pk_gametype gametype;   /* parsed GameType tag when has_gametype */
    pk_pdn_line main;
    pk_pdn_result result;
    int nerrors, nwarnings; /* diagnostics the reader gave for this game */
    int plies;              /* moves of the main line (placeholders included) */
    int cut;                /* the reader could not read the main line to its end: a syntax
                               error (the rest is the last note, PK_NOTE_UNPARSED), a game too
                               large (the rest is not kept), a variation never closed (the rest
                               was read into it); an error was reported. The replay stops at
                               the end of what was read and judges no result (replay.h). */
    /* With PK_PDN_KEEP_TEXT: the game's text as it stands in the decoded input (UTF-8, line
     * ends as read), from the first byte after the game before it to its last token (its
     * terminator), blanks at both ends left out: its tags, comments, variations and any
     * stray text the reader skipped. NULL without the flag, or when the text is longer
     * than PK_PDN_MAX_GAME_BYTES (text_len still says how long). In the game's arena. */
    const char *text;
    size_t text_len;
    struct pk_game_mem *mem_; /* private: the game's memory, kept from game to game (its
                                 fields are the library's: they may change without
                                 changing this struct); NULL before the first read */
} pk_game;

/* A pk_game is the caller's (often on the stack): pk_game_init before the first
 * pk_pdn_next, pk_game_free after the last; its memory is reused from game to game.
 * One pk_game per thread. mem_ is not part of the API. */
PK_API void pk_game_init(pk_game *g);
PK_API void pk_game_free(pk_game *g);
/* First value of tag `name` (case-sensitive), or NULL; borrowed from g (valid until the
 * next pk_pdn_next on g). Thread-safe. */
PK_API const char *pk_game_tag(const pk_game *g, const char *name);
/* What a game holds besides its moves and tags, over every line (variations included). */
typedef struct pk_pdn_counts {
    long comments, lines, nags, variations, setups;
    long unparsed; /* texts the reader could not read (not the empty one after variations
                      never closed) */
} pk_pdn_counts;
/* Adds the notes of g to *c; adds b to *a. Thread-safe. */
PK_API void pk_game_count(const pk_game *g, pk_pdn_counts *c);
PK_API void pk_pdn_counts_add(pk_pdn_counts *a, const pk_pdn_counts *b);
/* Whether name is a PDN tag name (letters, digits, '_'): pk_pdn_write_game writes the other
 * tags the reader kept ("[[Event", "[ \"x\"]") as escape lines. Thread-safe. */
PK_API bool pk_pdn_tag_name_ok(const char *name);
/* The text of g that the reader could not read, from its syntax error to the game's end
 * (the game's last note, PK_NOTE_UNPARSED with PK_UNPARSED_REST; its line_no and col say
 * where it starts), or NULL. Borrowed from g. Thread-safe. */
PK_API const pk_pdn_note *pk_game_unparsed(const pk_game *g);
/* The result g's record states (pk_stated_result above). Thread-safe; reads g only. */
PK_API void pk_game_stated_result(const pk_game *g, pk_stated_result *out);

/* ---- reader ---- */
typedef struct pk_pdn_reader pk_pdn_reader;

/* A reader streams one input; it is used by one thread at a time (readers of different
 * inputs run on different threads at once). f stays owned by the caller (it may be stdin;
 * pk_pdn_close does not close it); filename (may be NULL: "<stdin>") is kept by pointer
 * for diagnostics and must outlive the reader. flags: enum pk_pdn_flags. NULL (and *err
 * filled) when out of memory. */
PK_API pk_pdn_reader *pk_pdn_open(FILE *f, const char *filename, unsigned flags, pk_error *err);
/* Frees the reader and its window (not f). NULL is allowed. */
PK_API void pk_pdn_close(pk_pdn_reader *r);

/* Reads the next game into g. Returns PK_OK for a game (valid or not: see g->nerrors),
 * PK_END at the end of input, PK_ERR_IO on a read error (after reporting it to sink as an
 * "io" diagnostic; err gets its words, and the line and column where the input stopped),
 * PK_ERR_NOMEM when memory ran out (reported; every later call returns it too). Diagnostics
 * of the game are sent to sink (may be NULL) before the call returns; err may be NULL. */
PK_API int pk_pdn_next(pk_pdn_reader *r, pk_game *g, pk_diag_sink *sink, pk_error *err);

PK_API unsigned long long pk_pdn_bytes(const pk_pdn_reader *r); /* decoded bytes consumed */
PK_API int pk_pdn_jit(const pk_pdn_reader *r);                  /* 1 when PCRE2 JIT is in use */

/* ---- writer ---- */

/* How pk_pdn_write_game writes a game. Zero-initialised, it writes the game as read
 * (moves as written), renumbered from its start position. */
typedef struct pk_pdn_write_opts {
    int width;             /* longest line in bytes; 0: 80 */
    int first_mover;       /* 'W' or 'B': the side whose moves get "N." (the variant's first
                              mover, RULES 1.2.5); 0: 'W' */
    int first_number;      /* number of the first move; 0: the start FEN's :F, else 1 */
    const char *gametype;  /* GameType tag value to write (replacing the game's), NULL: as read */
    const char *fen;       /* FEN tag value to write, "" to write none (nor a SetUp tag),
                              NULL: as read */
    const char *result;    /* result token and Result tag value, NULL: the result the record
                              states (pk_game_stated_result; "*" if none), the tag as read */
    const char *result_tag;/* Result tag value when it is not to be result (a tag that names
                              another result than the terminator), NULL: result */
    /* The text of move i of line l (depth 0: the main line), written into buf of size
     * bytes or returned as another string; NULL for a hop-by-hop continuation that the
     * capture before it now includes. NULL callback: every move as written. */
    const char *(*move_text)(void *ctx, const pk_pdn_line *l, int i, int depth, char *buf, size_t size);
    /* The FEN of a setup command /FEN "..."/ (the note's text given), NULL callback: as read. */
    const char *(*setup_text)(void *ctx, const char *fen, char *buf, size_t size);
    void *ctx;
} pk_pdn_write_opts;

/* Writes g as PDN 3.0 to out: the seven-tag roster (those present) first in its order,
 * then the other tags in their order, values escaped (a tag whose name is not a PDN
 * identifier, "[[Event", as an escape line "%[name \"value\"]" first in the movetext); a
 * blank line; the movetext with comments, % lines, NAGs, strength marks, setups and
 * variations where they stood (notes before a move go before its number), the text the
 * reader could not read as it stood (PK_NOTE_UNPARSED), lines of at most opts->width
 * columns; the result. One game, ending with a newline (callers put a blank line between
 * games). opts may be NULL. Writing the output of a game read back from this output
 * gives the same bytes, and reading it gives no diagnostic the writer caused. Returns
 * PK_OK or PK_ERR_IO (write error).
 * Thread-safe: reads g and opts, writes only out and err (move_text runs on this thread). */
PK_API int pk_pdn_write_game(FILE *out, const pk_game *g, const pk_pdn_write_opts *opts, pk_error *err);

/* pk_pdn_write_game into a caller's buffer: at most size - 1 bytes and a NUL (nothing when
 * size is 0: buf may be NULL, to measure), the length of the whole game's text in *len
 * (may be NULL), like snprintf. PK_OK, or PK_ERR_NOMEM with err filled. Thread-safe. */
PK_API int pk_pdn_write_game_buf(char *buf, size_t size, size_t *len, const pk_game *g,
                                 const pk_pdn_write_opts *opts, pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
