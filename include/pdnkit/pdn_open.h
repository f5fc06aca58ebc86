/*
 * pdn_open.h -- PDN readers that own their input: a file opened by its path, or bytes in
 * memory (what a binding or a server holds: a Python bytes object, an upload). The input
 * is read exactly as pk_pdn_open reads a FILE * (encodings, compression told by the first
 * bytes, a NUL byte), and the reader closes what it opened: pk_pdn_close is all it takes.
 */
#ifndef PK_PDN_OPEN_H
#define PK_PDN_OPEN_H

#include "pdn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A reader of the file at path (flags: enum pk_pdn_flags). NULL, with err filled
 * (PK_ERR_IO, "cannot open: No such file or directory"; PK_ERR_NOMEM), when the file
 * cannot be opened or memory runs out. path is kept for diagnostics: it must outlive the
 * reader. Thread-safe. */
PK_API pk_pdn_reader *pk_pdn_open_path(const char *path, unsigned flags, pk_error *err);

/* A reader of the len bytes at buf (NUL bytes included: they are part of the input and
 * reported as the reader reports them in a file). buf and name (for diagnostics; NULL:
 * "<memory>") stay the caller's and must outlive the reader; nothing is copied. NULL,
 * with err filled, when memory runs out. Thread-safe. */
PK_API pk_pdn_reader *pk_pdn_open_memory(const void *buf, size_t len, const char *name, unsigned flags,
                                         pk_error *err);

#ifdef __cplusplus
}
#endif

#endif
