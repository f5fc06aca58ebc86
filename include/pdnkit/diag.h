/*
 * diag.h -- diagnostics shared by every mode of pdncheck: what one diagnostic holds,
 * the sink the library hands them to, and the two output formats (GNU one-line and JSON
 * Lines). The library builds pk_diag records and passes them to a caller-supplied sink;
 * the writers below write only to the stream the caller gives them.
 *
 * Codes are stable kebab-case strings (see man/pdncheck.1). The reader uses:
 *   syntax, io, too-large, encoding, bom, line-ending, smart-quotes, tag-syntax,
 *   stray-text, placeholder, missing-result, empty-move-number, nonstandard-result,
 *   move-spacing, short-notation, upper-case-square, comment-position, header-only,
 *   text-after-result, unterminated-comment, glued-result, spaced-result, wrapped-tag,
 *   tag-too-long, nul-byte, nag-range, compression (of the file: a name promising a
 *   compression its bytes do not have)
 * and the adjudicator (replay.c): illegal-move, capture-required, missed-capture,
 * incomplete-capture, ambiguous-move, result-mismatch, result-tag-mismatch, gametype,
 * variant-guess, fen, placeholder, separator, move-number, played-after-draw,
 * draw-repetition, draw-move-limit, draw-endgame; pdncheck itself: no-game, option (an option not applied to a variant).
 *
 * Text output never carries the input's control characters raw (a record could move a
 * terminal's cursor or retitle its window): C0 bytes and DEL are written as \xHH, the
 * C1 controls U+0080..U+009F as \u00HH. JSON escapes them as JSON does.
 */
#ifndef PK_DIAG_H
#define PK_DIAG_H

#include "pk_common.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum pk_severity { PK_SEV_NOTE = 0, PK_SEV_WARNING = 1, PK_SEV_ERROR = 2 };

/* One diagnostic. Strings are borrowed: valid only during the sink call.
 * Integer fields are 0 and pointers NULL when not applicable ("null" in JSON). */
struct pk_variant; /* engine/variant.h, position.h: pk_diag points to them */
struct pk_pos;
struct pk_move;

typedef struct pk_diag {
    int severity;          /* enum pk_severity */
    const char *code;      /* stable kebab-case code, never NULL */
    const char *file;      /* file name as given ("-" or "<stdin>" for standard input) */
    long long line, col;         /* 1-based; col counts characters */
    int game;              /* 1-based game index in its file, 0 = none */
    int ply;               /* 1-based ply in the main line, 0 = none */
    int move_number;       /* move number as the game counts it, 0 = none */
    int side;              /* 'W', 'B' or 0 (written "white"/"black" in JSON) */
    const char *move;      /* the move as written, or NULL */
    const char *fen;       /* position before the move, or NULL */
    const char *message;   /* one line, no trailing newline */
    const char *hint;      /* optional second line, or NULL */
    const char *game_name; /* "Smith - Jones, round 7" (pk_report_game_name), or NULL */
    /* What the text above says, as data (added in 1.0.0), for a program that draws a
     * finding or sorts the diagnostics without reading their words. Borrowed like the
     * strings; squares are bits of the variant's geometry (pk_square_name names them). */
    const struct pk_variant *variant; /* the rules pos and the moves are read under; for
                                         code variant-guess, the variant guessed; or NULL */
    const struct pk_pos *pos;       /* the position fen writes (before the move; after it
                                       for a draw rule, code draw-*), or NULL */
    const struct pk_move *played;   /* a diagnostic about a written move (the matcher's
                                       codes, separator, Frisian art. 17, move-number,
                                       played-after-draw, a move after the game's end): the
                                       move as the replay read it in pos; for one that is no
                                       move of pos (illegal, ambiguous) only its first and last
                                       written squares (from, to = path[0], nothing taken;
                                       NULL when its origin is a column only, "hg7"); NULL
                                       otherwise */
    const struct pk_move *required; /* capture-required, missed-capture, incomplete-capture:
                                       the first capture the rules allowed instead (RULES
                                       4.5, 5.1); NULL otherwise */
    int guess;                      /* code variant-guess: why that variant (enum
                                       pk_diag_guess); 0 otherwise */
} pk_diag;

/* pk_diag.guess: what a guessed variant was read from (resolve.h), one of the first six,
 * plus PK_GUESS_UNKNOWN_GAMETYPE when the game has a GameType tag pdnkit does not know
 * (the message then names the tag and its line); without it the game has no GameType. */
enum pk_diag_guess {
    PK_GUESS_NONE = 0,
    PK_GUESS_ALGEBRAIC = 1,   /* its algebraic squares */
    PK_GUESS_12X12 = 2,       /* its squares above 50 */
    PK_GUESS_10X10 = 3,       /* its squares above 32 */
    PK_GUESS_NUMERIC = 4,     /* its numeric squares */
    PK_GUESS_NO_SQUARES = 5,  /* nothing: PDN's default GameType 20 */
    PK_GUESS_FILE = 6,        /* the variant of the file's first games */
    PK_GUESS_UNKNOWN_GAMETYPE = 16
};

/* Where diagnostics go. emit may be NULL (diagnostics are then only counted). */
typedef struct pk_diag_sink {
    void (*emit)(void *ctx, const pk_diag *d);
    void *ctx;
} pk_diag_sink;

/* The functions below are thread-safe; the writers write only to the stream given
 * (one diagnostic per call: serialise the calls of several threads on one stream). */

PK_API const char *pk_severity_name(int severity); /* "error", "warning", "note": static text */

/* Sends d to the sink (no-op when sink or sink->emit is NULL). d is borrowed by the
 * sink for the call only. */
PK_API void pk_diag_emit(pk_diag_sink *sink, const pk_diag *d);

/* GNU style, one line: "file:line:col: error: game 3, move 12 (black): message\n" (the
 * game and move parts when known, the game's name after its number; line/col left out
 * when 0), then indented lines for the position before the move ("    position: FEN") and
 * the hint, when there are. Returns PK_OK, or PK_ERR_IO on a write error. */
PK_API int pk_diag_write_gnu(FILE *out, const pk_diag *d);

enum pk_diag_text_flags {
    PK_DIAG_COLOR = 1 /* SGR colours as GCC uses them: bold location, red error, magenta warning, cyan note */
};

/* pk_diag_write_gnu with flags (enum pk_diag_text_flags). */
PK_API int pk_diag_write_text(FILE *out, const pk_diag *d, unsigned flags);

/* Writes s with its control characters escaped (see above). Returns PK_OK or PK_ERR_IO. */
PK_API int pk_text_write_escaped(FILE *out, const char *s);

/* The len bytes of s (NUL bytes included: "\x00") with their control characters escaped
 * as above, into buf (NUL-terminated, cut to size - 1 bytes). Returns the length the whole
 * text needs, like snprintf. For echoing what a user or a file gave (a FEN, a move, an
 * option's value) inside a message. */
PK_API size_t pk_text_escape(char *buf, size_t size, const char *s, size_t len);

/* JSON Lines: one object {"type":"diagnostic", ...} per line. Returns PK_OK or PK_ERR_IO. */
PK_API int pk_diag_write_json(FILE *out, const pk_diag *d);

/* pk_diag_write_text and pk_diag_write_json into a caller's buffer: at most size - 1 bytes
 * and a NUL (nothing when size is 0: buf may be NULL, to measure), the length of the whole
 * text in *len (may be NULL), like snprintf. PK_OK, or PK_ERR_NOMEM. */
PK_API int pk_diag_write_text_buf(char *buf, size_t size, size_t *len, const pk_diag *d, unsigned flags);
PK_API int pk_diag_write_json_buf(char *buf, size_t size, size_t *len, const pk_diag *d);

/* Writes s as a JSON string literal (with quotes), or null when s is NULL. Invalid
 * UTF-8 bytes are written as U+FFFD so the output is always valid JSON. PK_OK or PK_ERR_IO.
 * (json.c: the one JSON writer, whose other calls are in the private json.h.) */
PK_API int pk_json_write_string(FILE *out, const char *s);

/* Messages in the reader's language (added in 1.1): on != 0 makes the words of the
 * diagnostics the library writes (pk_diag.message, .hint, and pk_diag_write_text's "game
 * 3, move 12 (black)" and "position:") those of the catalogue "pdnkit" for the program's
 * LC_MESSAGES locale (the program calls setlocale), found under dir (NULL: the install's
 * share/locale; the first call's dir is kept); 0 turns it off again. Off by default: the
 * library's words are English whatever the locale. Codes, severity words, the JSON's keys
 * and values never change; write JSON with it off, so that its messages stay English.
 * Process-wide: call it before starting threads. PK_OK, or PK_ERR_UNSUPPORTED in a build
 * without gettext (the words stay English). */
PK_API int pk_localize_messages(int on, const char *dir);

#ifdef __cplusplus
}
#endif

#endif
