/*
 * check_prefix.c -- a file's first games, read ahead for the guess of the variant of its
 * games without a tag (resolve.h, pk_file_guess). Before any game of an input is
 * replayed, the caller's thread reads the first PREFIX_BYTES of its decoded text, reads
 * games from them with a reader of its own, counts up to PK_FILE_GUESS_GAMES of them and
 * hands the text back to the source, which gives it again to the checking loop. Every game
 * of the file, whichever thread replays it and whichever piece it is in, is then guessed
 * from the same count: -j N answers as -j 1, and a file's report depends on no other file.
 *
 * The count depends on the text alone: exactly the first PREFIX_BYTES bytes (or the whole
 * input, when shorter) are read, whatever the source's reads return, and a game is counted
 * only when the next one started within them (a game the cut may have shortened is not).
 */
#include <stdlib.h>
#include <string.h>

#include "check_int.h"

#define PREFIX_BYTES (64u * 1024)

struct prefix {
    char *text;        /* PREFIX_BYTES, and room for the last read */
    size_t cap;
    pk_src *mem;
    pk_pdn_reader *rd;
    pk_game g[2];      /* the game read, and the one before it (counted once the next starts) */
    pk_replay *replay; /* scratch of the trial replays */
};

bool pk_ck_prefix_new(pk_checker *c, pk_error *err)
{
    struct prefix *p = calloc(1, sizeof *p);
    if (!(c->pre = p))
        return pk_error_set(err, PK_ERR_NOMEM, 0, "out of memory"), false;
    pk_game_init(&p->g[0]);
    pk_game_init(&p->g[1]);
    p->cap = PREFIX_BYTES + CHUNK_READ;
    return (p->text = malloc(p->cap)) && (p->replay = pk_replay_new()) && (p->mem = pk_src_mem_new(err)) &&
           (p->rd = pk_pdn_open_src(p->mem, NULL, c->o.reader_flags, err));
}

void pk_ck_prefix_free(pk_checker *c)
{
    struct prefix *p = c->pre;
    if (!p)
        return;
    pk_pdn_close(p->rd);
    pk_src_close(p->mem);
    pk_replay_free(p->replay);
    pk_game_free(&p->g[0]);
    pk_game_free(&p->g[1]);
    free(p->text);
    free(p);
    c->pre = NULL;
}

static void count(pk_checker *c, const pk_game *g)
{
    if (g->nerrors == 0) /* the games the loop replays: the reader found nothing wrong */
        pk_file_guess_add(&c->guess, c->pre->replay, g, &c->o.replay);
}

int pk_ck_prefix_count(pk_checker *c, pk_src *src, const char *name)
{
    struct prefix *p = c->pre;
    size_t n = 0;
    bool whole = false;
    while (n < PREFIX_BYTES) {
        long k = pk_src_read(src, p->text + n, p->cap - n);
        if (k <= 0) { /* the end, or a read error (said when the loop reads it again) */
            whole = k == 0;
            break;
        }
        n += (size_t)k;
    }
    pk_file_guess_init(&c->guess);
    pk_src_mem_set(p->mem, p->text, n < PREFIX_BYTES ? n : PREFIX_BYTES, pk_src_encoding(src),
                   pk_src_switch_offset(src), pk_src_nul_offset(src), pk_src_had_bom(src));
    pk_pdn_resume at = {.file = name, .base = 0, .line = 1};
    pk_pdn_restart(p->rd, &at);
    int cur = 0;
    bool prev = false;
    while (c->guess.games < PK_FILE_GUESS_GAMES && pk_pdn_step(p->rd, &p->g[cur], NULL) == 1) {
        if (prev)
            count(c, &p->g[cur ^ 1]);
        prev = true;
        cur ^= 1;
    }
    if (prev && whole && c->guess.games < PK_FILE_GUESS_GAMES)
        count(c, &p->g[cur ^ 1]); /* the input's last game */
    pk_error err;
    pk_error_clear(&err);
    if (pk_src_unread(src, p->text, n, &err) != PK_OK) {
        pk_diag d = {.severity = PK_SEV_ERROR, .code = "io", .file = name, .message = err.msg};
        c->on_diag(c->ctx, &d, false);
        return PK_ERR_NOMEM;
    }
    return PK_OK;
}
