/*
 * json.h -- the one JSON writer of the library and the tools: strings escaped one way
 * (pk_json_write_string, diag.h), numbers, null, true/false, objects and arrays nested
 * with their commas placed by the writer. Every JSON the tools print goes through it:
 * the diagnostic and game objects (diag.c, report.c), pk_check_json, pdncheck's summary,
 * pdnconv/pdngrep --to json (conv.c), pdnfen --json, pdnmoves --json, and the arbiter's
 * page's positions and variant list (web/pdnkit_web.c).
 *
 * Use: a pk_json on the stack over a FILE, then calls in document order:
 *     pk_json j;
 *     pk_json_init(&j, out);
 *     pk_json_object(&j);
 *     pk_json_kstr(&j, "file", name);    // "file":"..." (NULL: null)
 *     pk_json_kint(&j, "game", 3);
 *     pk_json_key(&j, "draws");
 *     pk_json_array(&j);  ...  pk_json_end_array(&j);
 *     pk_json_end_object(&j);
 *     pk_json_newline(&j);               // one JSON Lines record
 * A comma goes before each member or element but the first of its container; a value
 * right after its key takes none. The caller says which container it closes, so the
 * writer keeps no stack: any depth (pdnconv's variations nest 64 deep) in a few bytes.
 * It holds no memory and is one caller's (no locking: a FILE per thread, as the tools
 * use it).
 *
 * Strings: valid UTF-8 is kept as it is (non-ASCII too); '"' and '\\' are escaped, line
 * feed, carriage return and tab as \n \r \t, other C0 controls and DEL as \u00XX, and a
 * byte that does not start valid UTF-8 as \ufffd (the output is always valid UTF-8).
 * Keys are escaped the same way (a PDN tag name is a key of pdnconv's "tags").
 *
 * Errors: the writer goes on after a write error; pk_json_newline and pk_json_status
 * return PK_ERR_IO once the stream has failed (ferror), PK_OK otherwise.
 */
#ifndef PK_JSON_H
#define PK_JSON_H

#include <stdbool.h>
#include <stdio.h>

#include "pk_common.h"

typedef struct pk_json {
    FILE *out;
    long depth;     /* containers open */
    bool filled;    /* the innermost container has a member already */
    bool after_key; /* the next value follows its key: no comma */
} pk_json;

void pk_json_init(pk_json *j, FILE *out);

/* Containers: '{' or '[' (a value in its own right: a comma before it when due), and the
 * innermost one closed by the call of its kind. */
void pk_json_object(pk_json *j);
void pk_json_array(pk_json *j);
void pk_json_end_object(pk_json *j);
void pk_json_end_array(pk_json *j);

/* A member's key ("key":), its value follows. */
void pk_json_key(pk_json *j, const char *key);

/* Values. pk_json_str: NULL is null; pk_json_strn: n bytes of s (no NUL needed). */
void pk_json_str(pk_json *j, const char *s);
void pk_json_strn(pk_json *j, const char *s, size_t n);
void pk_json_int(pk_json *j, long long v);
void pk_json_bool(pk_json *j, bool b);
void pk_json_null(pk_json *j);

/* Members: key and value in one call. pk_json_kint_pos: v when above 0, else null (a
 * line, a game number, a ply that is not known). */
void pk_json_kstr(pk_json *j, const char *key, const char *s);
void pk_json_kint(pk_json *j, const char *key, long long v);
void pk_json_kint_pos(pk_json *j, const char *key, long long v);
void pk_json_kbool(pk_json *j, const char *key, bool b);
void pk_json_knull(pk_json *j, const char *key);

/* Ends a JSON Lines record: a line feed. Returns pk_json_status. */
int pk_json_newline(pk_json *j);
/* PK_ERR_IO when the stream has failed (ferror), else PK_OK. */
int pk_json_status(const pk_json *j);

/* The escaped form of n bytes of s, without quotes, written to out (pk_json_write_string
 * is this between quotes, or null). Returns PK_OK, or PK_ERR_IO on a write error. */
int pk_json_write_escaped(FILE *out, const char *s, size_t n);

#endif
