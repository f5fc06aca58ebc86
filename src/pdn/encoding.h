/*
 * encoding.h -- the byte source under the PDN reader: reads a FILE * in large blocks
 * (decompressed on the way when it is gzip, bzip2, xz or zstd data: input.h) and hands
 * out UTF-8 only.
 *
 *   - A UTF-8 byte-order mark is dropped (and reported).
 *   - UTF-16 (LE or BE, with a BOM or told by its NUL bytes: PDN text is mostly ASCII,
 *     so every other byte is 0) and UTF-32 (with a BOM) are decoded with iconv(3).
 *   - Otherwise the input is UTF-8, and valid UTF-8 stays UTF-8. A run of non-ASCII bytes
 *     (a word's letters between ASCII characters) that is not valid UTF-8 is decoded from
 *     the legacy code page a heuristic picks (cp1252, cp1251 or cp866) at the first such
 *     run. The whole run, not its bad bytes alone: a cp866 word may hold bytes that are
 *     valid UTF-8 by chance ("тел" of "телефон" is E2 A5 AB). And where the text around
 *     (the 64 KiB block being decoded) is plainly legacy -- runs that are not UTF-8 and
 *     hardly any that are -- every run is read by the code page, so a cp866 "сам" (E1 A0
 *     AC, valid UTF-8) is not taken for U+182C.
 */
#ifndef PK_ENCODING_H
#define PK_ENCODING_H

#include "pk_common.h"

#include <stdio.h>

enum pk_encoding {
    PK_ENC_UTF8 = 0,
    PK_ENC_CP1252,
    PK_ENC_CP1251,
    PK_ENC_CP866,
    PK_ENC_UTF16LE,
    PK_ENC_UTF16BE,
    PK_ENC_UTF32LE,
    PK_ENC_UTF32BE
};

typedef struct pk_src pk_src;

/* f stays owned by the caller. Returns NULL (and fills err) when out of memory. */
pk_src *pk_src_open(FILE *f, pk_error *err);
void pk_src_close(pk_src *s);

/* Fills dst with up to cap bytes of UTF-8 (cap >= 16). Returns the count, 0 at end of
 * input, -1 on a read or decompression error, once every byte read before the error was
 * handed out. Never splits a UTF-8 sequence across two calls. */
long pk_src_read(pk_src *s, char *dst, size_t cap);

/* Why pk_src_read returned -1: one line ("read error", "gzip data is truncated (...)"). */
const char *pk_src_error(const pk_src *s);

int pk_src_had_bom(const pk_src *s);   /* 1 when the input started with a UTF-8 BOM */
/* The compression its first bytes showed (enum pk_in_format, input.h; PK_IN_PLAIN before the
 * first read); a memory source: what pk_src_mem_set_format said (plain unless told). */
int pk_src_format(const pk_src *s);
/* PK_ENC_UTF8 until a legacy code page is needed; the UTF-16/32 form from the start. */
int pk_src_encoding(const pk_src *s);
/* Offset in the decoded output of the first character not read as UTF-8 (valid when the
 * encoding is not UTF-8; 0 for UTF-16/32): the reader turns it into a line and column
 * for its warning. */
unsigned long long pk_src_switch_offset(const pk_src *s);

/* Offset in the decoded output of the first NUL byte of the input, handed out as U+FFFD
 * (EF BF BD: text holds no NUL, and the reader's strings end at one), or PK_SRC_NONE:
 * the reader warns there (code nul-byte). */
#define PK_SRC_NONE (~0ull)
unsigned long long pk_src_nul_offset(const pk_src *s);

/* The checking loop's pieces (check.c), which cut the decoded text into pieces that
 * workers read:
 * - a memory source hands out len bytes of text already decoded (borrowed: they must
 *   outlive the reads) and answers the four questions above as told (the answers of the
 *   source the text came from, and pk_src_format's after pk_src_mem_set_format);
 * - unread hands text back to a source, to be read again before the rest of the input
 *   (copied; before any text handed back earlier and not read yet). Offsets such as the switch
 *   offset stay those of the whole input. */
pk_src *pk_src_mem_new(pk_error *err);
void pk_src_mem_set(pk_src *s, const char *text, size_t len, int enc, unsigned long long switch_off,
                    unsigned long long nul_off, int bom);
int pk_src_unread(pk_src *s, const char *text, size_t len, pk_error *err);
/* A memory source's answer to pk_src_format (pk_src_mem_set makes it plain again). */
void pk_src_mem_set_format(pk_src *s, int fmt);

/* "UTF-8", "cp1252", "cp1251", "cp866", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE" */
const char *pk_encoding_name(int enc);
int pk_encoding_is_unicode(int enc); /* UTF-8, UTF-16 or UTF-32: a whole-file encoding */

/* The heuristic alone: which legacy code page the non-UTF-8 runs of buf look like (runs
 * that are valid UTF-8 are left out). Cyrillic text comes in runs of high bytes (cp1251:
 * mostly 0xC0-0xFF; cp866: mostly 0x80-0xAF); West-European text has isolated accented
 * letters (cp1252). */
int pk_encoding_guess(const unsigned char *buf, size_t n);

/* The UTF-16 or UTF-32 form the first n bytes of a file announce: by a byte-order mark
 * (*bom_len set to its length), or without one by their NUL bytes (*bom_len 0): three in
 * nearly every 4-byte unit for UTF-32, one in every other position for UTF-16. PK_ENC_UTF8
 * when neither (a UTF-8 BOM is not looked at here). */
int pk_encoding_sniff(const unsigned char *buf, size_t n, size_t *bom_len);

#endif
