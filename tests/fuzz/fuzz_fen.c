/*
 * fuzz_fen.c -- libFuzzer target: the FEN reader (src/engine/fen.c) on arbitrary text under
 * every variant; a FEN that parses is written back, parsed again and must give the same
 * position (round trip). Built and run by `make fuzz`.
 */
#include "fen.h"
#include "variant.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const pk_variant *v = pk_variant_at(data[0] % pk_variant_count());
    const char *s = (const char *)data + 1;
    size_t len = size - 1;
    pk_pos p, q;
    pk_fen_extra x;
    pk_error err;
    pk_error_clear(&err);
    /* with an explicit length (no NUL needed) ... */
    int st = pk_fen_parse(v, s, len, &p, &x, &err);
    if (st == PK_OK) {
        char buf[512];
        for (int alg = 0; alg < 2; alg++) {
            int n = pk_fen_write(v, &p, alg, buf, sizeof buf);
            if (n < 0 || (size_t)n >= sizeof buf)
                abort();
            pk_error_clear(&err);
            if (pk_fen_parse(v, buf, (size_t)-1, &q, NULL, &err) != PK_OK)
                abort(); /* what we write we must read */
            if (q.pieces[0] != p.pieces[0] || q.pieces[1] != p.pieces[1] || q.kings != p.kings ||
                q.turn != p.turn)
                abort();
        }
    } else if (err.col < 0) {
        abort();
    }
    /* ... and NUL-terminated (len == -1) */
    char *z = malloc(len + 1);
    if (!z)
        return 0;
    memcpy(z, s, len);
    z[len] = 0;
    pk_error_clear(&err);
    pk_fen_parse(v, z, (size_t)-1, &p, NULL, &err);
    free(z);
    return 0;
}
