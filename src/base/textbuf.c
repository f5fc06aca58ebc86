/* textbuf.c -- a FILE * writer run into a caller's buffer (textbuf.h). */
#include "textbuf.h"
#include "pk_port.h" /* open_memstream */

#include <stdlib.h>
#include <string.h>

int pk_write_to_buffer(int (*write)(FILE *out, void *ctx), void *ctx, char *buf, size_t size, size_t *len,
                       pk_error *err)
{
    char *mem = NULL;
    size_t n = 0;
    if (len)
        *len = 0;
    if (buf && size)
        buf[0] = 0;
    FILE *out = open_memstream(&mem, &n);
    if (!out)
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    int st = write(out, ctx);
    /* a memory stream fails only when it cannot grow */
    if (fclose(out) != 0 && st == PK_OK)
        st = pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    else if (st == PK_ERR_IO)
        st = pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory");
    if (st == PK_OK) {
        if (buf && size) {
            size_t k = n < size - 1 ? n : size - 1;
            memcpy(buf, mem, k);
            buf[k] = 0;
        }
        if (len)
            *len = n;
    }
    free(mem);
    return st;
}
