/*
 * check.h -- checking the games of one input: read, replay (on several threads with
 * jobs > 1) and hand back each game, in file order, with its diagnostics in file order.
 * The loop every checking tool needs (pdncheck, and -j in the others), in one place:
 *
 *     pk_checker *c = pk_checker_new(&opts, &err);
 *     pk_checker_run(c, f, "games.pdn", on_game, on_diag, ctx, &bytes);  // per input
 *     pk_checker_free(c);
 *
 * on_game is called on the caller's thread, in file order, once per game (of the shard),
 * after the game's diagnostics went to on_diag (also in file order). Diagnostics in no
 * game (text after the last game, a read error) go to on_diag too, where they stand.
 *
 * A tool whose output per game is text (pdncheck) says how to write it (pk_check_format):
 * the workers then write each game's text where they check it, the caller's thread only
 * writes bytes, and the game itself is not kept once written (a worker reads every game
 * into the same, warm memory).
 *
 * With jobs > 1 the caller's thread reads (or cuts the text into pieces the others read,
 * see pk_check_format) and feeds jobs - 1 workers, replaying games itself while it would
 * otherwise wait; at most window games (or 3 pieces per thread) are in flight, so memory
 * stays bounded whatever the input's size. The output is
 * the same as with jobs = 1, byte for byte: each game is judged on its own and on its
 * file's first games, counted before any game of the file is replayed (check_prefix.c,
 * for the guess of resolve.h), and everything is handed back in order.
 */
#ifndef PK_CHECK_H
#define PK_CHECK_H

#include <stdio.h>

#include "diag.h"
#include "pdn.h"
#include "replay.h"

/* A tool that watches the replay (pdnfen, pdnconv) keeps what it sees of a game in a state
 * of its own per game in flight: new() makes one per slot (ctx is the observer's), begin()
 * readies it for a game and on_event() fills it on the thread replaying the game (a worker,
 * or the caller's while it waits); end() (after the replay that counts, on that thread
 * too) may sum it up, so that the work is done in parallel; on_game() reads it
 * (pk_checked.state) on the caller's thread, in file order. begin() and end() are called
 * only for the games replayed (pk_checked.replayed). NULL on_event: no observer.
 *
 * The game's output is the loop's to keep (pk_check_format.game set): output(), before
 * each begin(), hands the observer the game's stream, and what the observer writes there
 * while the game is replayed starts the game's text (pk_checked.text, before the text of
 * its diagnostics and of format.game). A game replayed a second time (an option left out,
 * check_games.c) starts its text again. So a tool that prints as the replay goes (pdnfen)
 * keeps no buffer of its own; without format (output() not called) it writes straight to
 * its output, the replay running on the caller's thread in file order at -j 1. */
typedef struct pk_check_observer {
    void *(*state_new)(void *ctx);                 /* NULL when out of memory */
    void (*state_free)(void *state);
    void (*begin)(void *state, const pk_game *g); /* may be NULL */
    void (*on_event)(void *state, const pk_replay_event *ev);
    void *ctx;
    void (*end)(void *state, const pk_game *g, const pk_replay_result *res); /* may be NULL */
    void (*output)(void *state, FILE *out);                                 /* may be NULL */
} pk_check_observer;

/* An observer whose state is a pk_key_builder (game_key.h): each game's main line keyed as
 * it is replayed, for a caller that lists copies of one game (the HTML report). Read the key
 * with pk_key_end(state, ...) where the state is handed over (pk_checked.state, and in
 * pk_check_format.game). */
pk_check_observer pk_check_key_observer(void);

/* Text written on the thread that checked the game, into a memory stream of its own:
 * diag() for each of the game's diagnostics (those its on_diag reports with written set:
 * not the ones after the last game, nor, in a game of thousands, those sent on before the
 * game was read to its end), then game() once the game is checked. What they write is
 * handed to on_game as pk_checked.text, in file order. With game set, on_game gets no
 * game, no result and no observer state (pk_checked.game, .res and .state are NULL): the
 * caller keeps what it needs from them in the text, and in the note: note_size bytes
 * (zeroed) game() may fill, handed to on_game as pk_checked.note. diag may be NULL
 * (on_diag writes them all). With pk_check_opts.game_diags, game() gets the game's
 * diagnostics too (pk_checked.diags: those with a game number that on_diag gets before
 * this game's on_game), so that a page of findings is written on the worker (pdncheck
 * --html). */
typedef struct pk_checked pk_checked;

typedef struct pk_check_format {
    void (*diag)(void *ctx, const pk_diag *d, FILE *out);
    void (*game)(void *ctx, const pk_checked *ck, FILE *out, void *note);
    void *ctx;
    size_t note_size;
} pk_check_format;

typedef struct pk_check_opts {
    int jobs;              /* threads, the caller's included; <= 1: everything on the caller's */
    int window;            /* games in flight with jobs > 1; 0: 64 per worker (fewer wake-ups) */
    long piece;            /* jobs > 1 and format.game set: the workers read pieces of the
                              text of about this many bytes (0: 32 KiB; < 0: the caller's
                              thread reads, see check.c; so does it with a shard, select or
                              an observer, which must see each game as it is read, and
                              without format.game, where each game is kept until on_game) */
    int shard, shards;     /* --shard K/N: only the games whose index % N == K; N = 0: all */
    bool syntax_only;      /* read only, no replay */
    bool variant_given;    /* replay.variant came from the user, who was told up front if an
                              option did not apply to it (rule_options.h) */
    unsigned reader_flags; /* PK_PDN_STRICT */
    pk_replay_opts replay; /* read by every worker, never written (its on_event is not
                              used: see observer) */
    pk_check_observer observer;
    /* NULL (every game), or which games to replay (pdnfen --game): the others are read,
       their reader's diagnostics reported, and handed back not replayed. Called on the
       thread that read the game (a worker's, with pieces): it must be thread-safe. */
    bool (*select)(void *ctx, const pk_game *g);
    void *select_ctx;
    pk_check_format format; /* game NULL: on_game gets the game and its result */
    bool game_diags;        /* format.game gets the game's diagnostics (pk_checked.diags) */
    /* NULL, or the guess of the file the input's games were cut from (pk_file_guess_read):
       used for the games without a tag as it is, the input's own first games not counted
       (issue 33: a game replayed alone is guessed as in its file, RULES 4.1) */
    const struct pk_file_guess *file_guess;
} pk_check_opts;

/* One game as checked. Valid during the on_game call. */
struct pk_checked {
    const char *file;
    const pk_game *game;
    bool replayed;                /* false: --syntax-only, or the game was not selected
                                     (pk_check_opts.select). A game the reader found errors in
                                     is replayed as far as it was read (pk_game.cut) */
    pk_replay_result *res;        /* the replay's result (zeroed when not replayed) */
    bool option_not_applied;      /* an option meant for other variants was left out for this
                                     game's variant (res->variant): the caller says so */
    void *state;                  /* the observer's state of this game, or NULL */
    const pk_variant *variant;    /* the variant it was replayed under, or NULL */
    const char *text;             /* pk_check_format: what the workers wrote for this game */
    size_t text_len;              /* (its diagnostics' text, then its own), else NULL, 0 */
    const void *note;             /* pk_check_format: what game() noted, or NULL */
    const pk_diag *diags;         /* in format.game(), with pk_check_opts.game_diags: the */
    size_t ndiags;                /* game's diagnostics (pk_diag.game > 0), else NULL, 0 */
};

typedef struct pk_checker pk_checker;

pk_checker *pk_checker_new(const pk_check_opts *o, pk_error *err);
void pk_checker_free(pk_checker *c);

/* How the inputs were read so far, for --stats: pieces read by the workers, and inputs
 * where a piece did not end cleanly, so that their rest was read by the caller's thread. */
void pk_checker_pieces(const pk_checker *c, unsigned long *pieces, unsigned long *reread);

/* Checks every game of f (see above). Returns 1 when the input was read to its end, 0
 * when the caller's on_game asked to stop (it returns false: a write error), or a
 * negative status (-PK_ERR_IO, -PK_ERR_NOMEM) after reporting it to on_diag. *bytes (may
 * be NULL) gets the decoded bytes read. on_diag's written: the diagnostic's text is in its
 * game's pk_checked.text (pk_check_format.diag wrote it): count it, do not write it. */
int pk_checker_run(pk_checker *c, FILE *f, const char *name, bool (*on_game)(void *ctx, const pk_checked *g),
                   void (*on_diag)(void *ctx, const pk_diag *d, bool written), void *ctx,
                   unsigned long long *bytes);

/* A diagnostic that every tool reading files writes, whatever it leaves to pdncheck: the
 * file's own word on how it was read (code compression: a name that promises a compression
 * its bytes do not have, "r.pdn.xz: not xz data; read as text"). A read error ("io") is
 * each tool's business (its exit status). */
bool pk_checker_file_notice(const pk_diag *d);

/* For the public calls over pk_checker_run (check_text.h): keeps in *io the first read
 * error on_diag was given (an "io" diagnostic of no game: its message, line and column),
 * and turns a run's end into their status: PK_OK when the input was read to its end and
 * written, PK_ERR_IO "write error" when writing failed (write_failed, or stopped), else
 * the run's status with *err = *io (line and column of the read error). */
void pk_checker_keep_io(pk_error *io, const pk_diag *d);
int pk_checker_status(int st, bool write_failed, const pk_error *io, pk_error *err);

#endif
