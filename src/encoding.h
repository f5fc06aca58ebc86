/*
 * encoding.h -- the byte source under the PDN reader: reads a FILE * in large blocks and
 * hands out UTF-8 only. A UTF-8 byte-order mark is dropped (and reported); input that is
 * not valid UTF-8 is decoded with iconv(3) from the legacy code page a heuristic picks
 * (cp1252, cp1251 or cp866), from the first invalid byte on.
 */
#ifndef PK_ENCODING_H
#define PK_ENCODING_H

#include "pk_common.h"

#include <stdio.h>

enum pk_encoding { PK_ENC_UTF8 = 0, PK_ENC_CP1252, PK_ENC_CP1251, PK_ENC_CP866 };

typedef struct pk_src pk_src;

/* f stays owned by the caller. Returns NULL (and fills err) when out of memory. */
pk_src *pk_src_open(FILE *f, pk_error *err);
void pk_src_close(pk_src *s);

/* Fills dst with up to cap bytes of UTF-8 (cap >= 16). Returns the count, 0 at end of
 * input, -1 on a read error. Never splits a UTF-8 sequence across two calls. */
long pk_src_read(pk_src *s, char *dst, size_t cap);

int pk_src_had_bom(const pk_src *s);   /* 1 when the input started with a UTF-8 BOM */
int pk_src_encoding(const pk_src *s);  /* PK_ENC_UTF8 until a legacy code page is detected */
/* Offset in the decoded output where legacy decoding started (valid when the encoding is
 * not UTF-8): the reader turns it into a line and column for its warning. */
unsigned long long pk_src_switch_offset(const pk_src *s);

const char *pk_encoding_name(int enc); /* "UTF-8", "cp1252", "cp1251", "cp866" */

/* The heuristic alone: which legacy code page the non-UTF-8 bytes of buf look like.
 * Cyrillic text comes in runs of high bytes (cp1251: mostly 0xC0-0xFF; cp866: mostly
 * 0x80-0xAF); West-European text has isolated accented letters (cp1252). */
int pk_encoding_guess(const unsigned char *buf, size_t n);

#endif
