/*
 * input.h -- the byte stream under the PDN reader's decoding layer (encoding.h): reads a
 * FILE * and, when its first bytes are the magic number of gzip, bzip2, xz or zstd data,
 * decompresses it on the way through the library made for that format (zlib, libbz2,
 * liblzma, libzstd). The format is told by the magic bytes, never by a file name, so a
 * pipe and stdin work too. Memory is constant: one compressed block buffer and the
 * decoder's own state (bounded: see DECODER_MEM in input.c), whatever the file's size.
 *
 * Concatenated streams (gzip members, bzip2 streams, xz streams, zstd frames: what `cat
 * a.gz b.gz` gives) are read one after the other, as the command-line tools do. Data
 * that is cut short, corrupt or followed by something else makes pk_in_read return -1
 * after every byte decoded before the fault was handed out; pk_in_error says what
 * happened in one line ("gzip data is truncated: ...").
 */
#ifndef PK_INPUT_H
#define PK_INPUT_H

#include "pk_common.h"

#include <stdio.h>

enum pk_in_format { PK_IN_PLAIN = 0, PK_IN_GZIP, PK_IN_BZIP2, PK_IN_XZ, PK_IN_ZSTD };

typedef struct pk_in pk_in;

/* f stays owned by the caller. Reads nothing yet. NULL (err filled) when out of memory. */
pk_in *pk_in_open(FILE *f, pk_error *err);
void pk_in_close(pk_in *in);

/* Up to cap bytes of (decompressed) data into dst. Returns the count, 0 at the end of the
 * input, -1 on a read or decompression error (then again -1 on every later call). */
long pk_in_read(pk_in *in, void *dst, size_t cap);

/* The format found by the first read (PK_IN_PLAIN before it). */
int pk_in_format(const pk_in *in);
const char *pk_in_format_name(int fmt); /* "plain", "gzip", "bzip2", "xz", "zstd" */

/* The format a file name announces by its ending (".gz", ".bz2", ".xz", ".zst", any case:
 * the names pk_cli_is_game_file takes), PK_IN_PLAIN for any other name or NULL. The format
 * is still told by the bytes; the reader says when the two disagree (code compression). */
int pk_in_format_named(const char *name);

/* The format the first n bytes of buf announce (PK_IN_PLAIN when none); n >= 10 is
 * enough to tell them all apart. */
int pk_in_sniff(const unsigned char *buf, size_t n);

/* What went wrong, once pk_in_read returned -1 ("read error" when the FILE * failed). */
const char *pk_in_error(const pk_in *in);

#endif
