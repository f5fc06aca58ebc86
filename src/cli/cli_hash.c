/*
 * cli_hash.c -- an input's size and SHA-256 while a tool reads it (see cli_hash.h): a
 * thread with pread for a regular file, a temporary copy for a pipe.
 */
#include "cli_hash.h"
#include "pk_nls.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pk_port.h"

#define CHUNK (1 << 16)

/* The hash's loop: the pipe's bytes (copied into the spool) or the file's by pread. */
static void *hash_run(void *arg)
{
    pk_cli_hash *h = arg;
    unsigned char *buf = malloc(CHUNK);
    if (!buf) {
        h->err = ENOMEM;
        return NULL;
    }
    for (;;) {
        ssize_t n;
        if (h->f) {
            n = (ssize_t)fread(buf, 1, CHUNK, h->f);
            if (!n && ferror(h->f))
                n = -1, errno = EIO;
        } else {
#ifdef _WIN32
            n = -1, errno = ENOSYS; /* never: pk_cli_hash_start copies every input there */
#else
            n = pread(h->fd, buf, CHUNK, h->at + (off_t)h->bytes);
#endif
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            h->err = errno;
            break;
        }
        if (!n)
            break;
        pk_sha256_update(&h->s, buf, (size_t)n);
        h->bytes += (unsigned long long)n;
        if (h->spool && fwrite(buf, 1, (size_t)n, h->spool) != (size_t)n) {
            h->err = -1;
            break;
        }
    }
    free(buf);
    return NULL;
}

FILE *pk_cli_hash_start(pk_cli_hash *h, FILE *f, char *why, size_t size)
{
    memset(h, 0, sizeof *h);
    pk_sha256_init(&h->s);
    h->fd = fileno(f);
    h->at = ftello(f);
#ifdef _WIN32
    bool positional = false;
#else
    bool positional = true;
#endif
    struct stat st;
    if (positional && h->fd >= 0 && h->at >= 0 && !fstat(h->fd, &st) && S_ISREG(st.st_mode)) {
        h->threaded = !pthread_create(&h->thread, NULL, hash_run, h);
        if (!h->threaded) /* no thread to be had: hashed now, then read */
            hash_run(h);
        return f;
    }
    h->f = f;
    if (!(h->spool = tmpfile())) {
        snprintf(why, size, "%s", PK_T("cannot make a temporary file to read it twice (--html)"));
        return NULL;
    }
    hash_run(h);
    if (h->err || fflush(h->spool) || fseeko(h->spool, 0, SEEK_SET)) {
        snprintf(why, size, PK_T("cannot read it: %s"),
                 h->err > 0 ? strerror(h->err) : PK_T("the temporary file failed"));
        fclose(h->spool);
        h->spool = NULL;
        return NULL;
    }
    return h->spool;
}

bool pk_cli_hash_end(pk_cli_hash *h, unsigned long long *bytes, char hex[65])
{
    if (h->threaded)
        pthread_join(h->thread, NULL);
    if (h->spool)
        fclose(h->spool);
    h->spool = NULL;
    *bytes = h->bytes;
    if (h->err)
        return false;
    unsigned char d[32];
    pk_sha256_final(&h->s, d);
    pk_sha256_hex(d, hex);
    return true;
}
