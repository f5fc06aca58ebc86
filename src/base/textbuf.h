/*
 * textbuf.h -- library-internal: a writer to a FILE * run into a caller's buffer, for the
 * public *_buf variants (pk_pdn_write_game_buf, pk_diag_write_text_buf, ...): one
 * implementation of the snprintf-like contract of libpdnkit(3) ERRORS instead of a second
 * copy of each writer. Not installed.
 */
#ifndef PK_TEXTBUF_H
#define PK_TEXTBUF_H

#include <stdio.h>

#include "pk_common.h"

/* Runs write(out, ctx) on a memory stream and copies what it wrote into buf: at most
 * size - 1 bytes and a NUL (nothing when size is 0; buf may then be NULL, to measure).
 * *len (may be NULL) gets the length of the whole text (0 on failure). Returns write's
 * status, or PK_ERR_NOMEM (err filled) when the memory stream cannot be made or grown. */
int pk_write_to_buffer(int (*write)(FILE *out, void *ctx), void *ctx, char *buf, size_t size, size_t *len,
                       pk_error *err);

#endif
