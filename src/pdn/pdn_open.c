/*
 * pdn_open.c -- readers on a path or a memory buffer (pdn_open.h): the stream is opened
 * here (fopen, fmemopen) and handed to the reader, which closes it with itself.
 */
#include "pdn_open.h"
#include "pdn_reader.h"
#include "pk_port.h" /* fmemopen, tmpfile */

#include <errno.h>
#include <stdio.h>
#include <string.h>

static pk_pdn_reader *own(FILE *f, const char *name, unsigned flags, pk_error *err)
{
    pk_pdn_reader *r = pk_pdn_open(f, name, flags, err);
    if (!r) {
        fclose(f);
        return NULL;
    }
    r->owned = f;
    return r;
}

pk_pdn_reader *pk_pdn_open_path(const char *path, unsigned flags, pk_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        pk_error_set(err, PK_ERR_IO, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    return own(f, path, flags, err);
}

pk_pdn_reader *pk_pdn_open_memory(const void *buf, size_t len, const char *name, unsigned flags, pk_error *err)
{
    /* fmemopen refuses a size of 0 (POSIX leaves it open): an empty input is an empty file */
    FILE *f = len ? fmemopen((void *)buf, len, "rb") : tmpfile();
    if (!f) {
        pk_error_set(err, errno == ENOMEM ? PK_ERR_NOMEM : PK_ERR_IO, 0, "cannot read the buffer: %s",
                     strerror(errno));
        return NULL;
    }
    return own(f, name ? name : "<memory>", flags, err);
}
