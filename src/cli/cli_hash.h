/*
 * cli_hash.h -- an input's size and SHA-256 while a tool reads it (pdncheck --html: the
 * report's header names what was checked, each file's bytes as they are, before any
 * decompression: what sha256sum says of the file).
 *
 *     pk_cli_hash h;
 *     FILE *in = pk_cli_hash_start(&h, f, why, sizeof why);  // NULL: why says why
 *     ... read the input from in ...
 *     ok = pk_cli_hash_end(&h, &bytes, hex);                 // false: not read again
 *
 * A regular file is hashed on a thread of its own while the caller reads it (pread: the
 * caller's offset is left alone), so that the hash costs no time at -j 1 (it is about a
 * third of the check's instructions on an uncompressed file). A pipe, and any input under
 * Windows (mingw has no pread, and a read at an offset on the caller's handle would move
 * its file pointer), is read once into a temporary file while hashed, and the caller
 * reads that copy.
 */
#ifndef PK_CLI_HASH_H
#define PK_CLI_HASH_H

#include <stdbool.h>
#include <stdio.h>

#include "pk_port.h" /* pthread_t, off_t */
#include "sha256.h"

typedef struct pk_cli_hash {
    FILE *f;     /* a pipe's bytes, read once (into spool) */
    int fd;      /* a regular file's, read with pread from at */
    off_t at;
    FILE *spool; /* the copy the caller reads, or NULL */
    pk_sha256 s;
    unsigned long long bytes;
    int err; /* errno of a failed read, or -1 for the spool */
    pthread_t thread;
    bool threaded;
} pk_cli_hash;

/* Starts hashing f from where it stands. Returns the stream to read the input from: f (a
 * regular file) or the temporary copy; NULL when neither can be had, with why (in the
 * messages' language) saying so: "cannot make a temporary file to read it twice
 * (--html)", "cannot read it: REASON". */
FILE *pk_cli_hash_start(pk_cli_hash *h, FILE *f, char *why, size_t size);

/* Waits for the hash and frees what pk_cli_hash_start took: the bytes hashed, and in hex
 * (65 bytes) their SHA-256; false when the input could not be read to its end (hex not
 * written: the input was read all the same). Call it once, after a non-NULL start. */
bool pk_cli_hash_end(pk_cli_hash *h, unsigned long long *bytes, char hex[65]);

#endif
