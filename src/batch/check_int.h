/*
 * check_int.h -- library-internal: what the checking loop's files share, lowest first
 * (each calls only files before it): check_store.c (the store handed back),
 * check_games.c (one game, the one-game-at-a-time loop), check_prefix.c (the first games
 * counted for the guess), check_pieces.c (the workers reading pieces of the text),
 * check.c (the checker). Not installed. See check.c's header comment for how they fit
 * together.
 */
#ifndef PK_CHECK_INT_H
#define PK_CHECK_INT_H

#include <stdint.h>
#include "pk_port.h"

#include "check.h"
#include "encoding.h"
#include "pdn_resume.h"
#include "pool.h"
#include "report.h"
#include "replay_result_int.h"
#include "resolve_int.h"

#define CHUNK_TARGET (32u * 1024) /* text a worker reads at once: about 60 games */
#define CHUNK_MAX (512u * 1024)   /* no cut within: the rest of the file is read the old way */
#define CHUNK_READ (16u * 1024)   /* bytes asked of the source at a time */
#define PIECE_GAMES 64            /* cut after this many games ending at a result */
#define PIECE_RECORDS (4 * PIECE_GAMES) /* more games in a piece (most without a result): the
                                     rest of the file is read the old way (bounds memory) */
#define NSTR 7                    /* the strings of a pk_diag */

/* A diagnostic kept until it is handed back: its strings are in the store's str[]. */
typedef struct kept {
    pk_diag d;
    size_t str[NSTR]; /* offset + 1 into store.str; 0 = NULL */
    bool written;     /* its text is in its game's text (pk_check_format.diag) */
    pk_diag_kept data; /* what d's structured fields point to */
} kept;

/* A game checked, as handed back: its diagnostics end at kept[d1] (they start where the
 * record before ended), its text is text[t0..t1). */
typedef struct record {
    size_t d1, t0, t1;
    bool replayed, not_applied;
    const pk_variant *variant;
} record;

/* What the games of a slot (one) or of a piece (a few dozen) leave for the caller's
 * thread: a few flat arrays, reused from item to item, so that handing back touches
 * little memory (the games themselves are not kept with pk_check_format). */
typedef struct store {
    kept *d;
    size_t nd, capd;
    char *str;
    size_t nstr, capstr;
    char *text;
    size_t ntext, captext;
    record *r;
    size_t nr, capr;
    char *notes; /* record i's note (pk_check_format.note_size bytes) at notes + i * size */
    size_t capnotes;
    bool nomem; /* something could not be kept: a piece is read again, a slot loses it */
} store;

enum { ITEM_GAME, ITEM_CHUNK };

typedef struct worker worker;

typedef struct slot {
    int kind; /* ITEM_GAME */
    pk_checker *c;
    pk_game g;
    pk_diag_buffer *buf;
    pk_diag_sink sink; /* into buf */
    store *st;         /* where buf's diagnostics go: own, or the piece's */
    store own;
    struct worker *w;  /* the worker writing the game's text (pk_check_format) */
    bool naming;       /* the game's own flush (its diagnostics are written, if asked) */
    bool discarding;   /* buf's diagnostics go nowhere (a game of another shard) */
    size_t mark;       /* the buffer's count before this game was read */
    bool replay;
    bool not_applied;
    void *state;       /* the observer's (pk_check_observer) */
    pk_replay_result res;
} slot;

/* A piece of the text, read and replayed by one worker. */
typedef struct chunk {
    int kind; /* ITEM_CHUNK */
    pk_checker *c;
    char *text;
    size_t len, cap;
    pk_pdn_resume at;            /* at.games: the games before it, as the cutter counted */
    int enc, bom, format;        /* the source's answers when the piece was cut */
    unsigned long long switch_off, nul_off;
    bool last;                   /* the end of the input: its end is the file's */
    int predicted;               /* games in it, as the cutter counted them */
    store st;                    /* its games, and what its last read said after them */
    int ngames;
    int rst;                     /* the last pk_pdn_step status */
    bool ok;                     /* read to its end, everything kept */
    bool clean;
} chunk;

/* A worker's own: its replay scratch, its reader of pieces and the slot it reads them
 * into (the same warm memory for every game), and the stream its games' text is written
 * to (pk_check_format). */
struct worker {
    pk_replay *replay;
    pk_src *mem;
    pk_pdn_reader *rd;
    slot hot;
    FILE *fmt;    /* open_memstream over fbuf: the worker's formatted output */
    char *fbuf;
    size_t fsize; /* open_memstream's size variable; check.c reads positions instead */
};

struct pk_checker {
    pk_check_opts o;
    pk_pool *pool;
    worker *w; /* one per worker */
    void **wctx;
    int nw;
    slot *slots;
    slot **free;
    int nslots, nfree;
    chunk *chunks;
    chunk **cfree;
    int nchunks, ncfree;
    size_t target; /* bytes of a piece */
    unsigned long npieces, nreread; /* pk_checker_pieces() */
    int games;  /* games emitted from pieces */
    /* the file's first games, counted for the guess before any of its games is replayed
       (check_prefix.c); NULL pre: nothing is guessed (--variant, --syntax-only) */
    struct prefix *pre;
    pk_file_guess guess;
    /* the input being checked */
    const char *file;
    bool (*on_game)(void *ctx, const pk_checked *g);
    void (*on_diag)(void *ctx, const pk_diag *d, bool written);
    void *ctx;
};

/* check_store.c */
bool pk_ck_reserve(void **p, size_t *cap, size_t need, size_t size); /* an array of cap */
void pk_ck_store_reset(store *st);
void pk_ck_store_free(store *st);
/* Keeps diagnostic d (its strings copied) in st; written: its text is in its game's
 * text. false: out of memory. */
bool pk_ck_store_diag(store *st, const pk_diag *d, bool written);
/* What w's stream gets between the two (stream positions) is appended to st's text;
 * start returns -1 when the stream failed, end then marks st nomem. */
off_t pk_ck_fmt_start(worker *w);
void pk_ck_fmt_end(worker *w, store *st, off_t from);
/* Hands back what st holds, in order: each record's diagnostics then its game (held by s
 * without pk_check_format), and with tail what was said after the last record. false:
 * on_game asked to stop. */
bool pk_ck_emit(pk_checker *c, const store *st, slot *s, bool tail);

/* check_games.c */
/* A slot for c's games (its buffer sends into its own store); false: out of memory (the
 * slot can still be pk_ck_slot_fini()ed). */
bool pk_ck_slot_init(pk_checker *c, slot *s);
void pk_ck_slot_fini(pk_checker *c, slot *s);
/* A game read into s, checked on w's thread (replayed, its store filled). */
void pk_ck_finish_game(worker *w, slot *s);
/* The reader on the caller's thread, one game at a time, the replays on the workers. */
int pk_ck_run_games(pk_checker *c, pk_pdn_reader *rd);

/* check_prefix.c */
bool pk_ck_prefix_new(pk_checker *c, pk_error *err);
void pk_ck_prefix_free(pk_checker *c);
/* Counts the first games of src (named name) into c->guess and hands their text back to
 * src. PK_OK, or PK_ERR_NOMEM (the text read could not be handed back: said to on_diag). */
int pk_ck_prefix_count(pk_checker *c, pk_src *src, const char *name);

/* check_pieces.c */
/* On a worker: reads piece k into w's slot and checks its games. */
void pk_ck_work_piece(worker *w, chunk *k);
/* Checks src in pieces read by the workers (pk_checker_run with pieces). resume: where
 * src starts; its base gets the decoded bytes read. */
int pk_ck_run_pieces(pk_checker *c, pk_src *src, const char *name, pk_pdn_resume *resume);

#endif
