/*
 * variant.c -- lookups over the variant table of variant_rows.h. A row's geometry pointer
 * is filled when the row is first handed out, the list of names on first use.
 */
#include "variant_int.h"
#include "pk_ascii.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pk_port.h"

/* The rows, at their ids; not const: a row's geom is set when it is first handed out. */
static pk_variant_def rows[] = {
#include "variant_rows.h"
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))
_Static_assert(NROWS == PK_V_COUNT, "variant_int.h's PK_V_COUNT counts the rows of variant_rows.h");

static pthread_once_t rows_once = PTHREAD_ONCE_INIT;
static char names_buf[512]; /* every name, ", "-separated */
static pthread_mutex_t geom_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool geom_ready[NROWS]; /* rows[i].geom is set (release order) */

static void ready_names(void)
{
    for (int i = 0; i < NROWS; i++) {
        size_t len = strlen(names_buf);
        snprintf(names_buf + len, sizeof names_buf - len, "%s%s", i ? ", " : "", rows[i].v.name);
    }
}

/* A row's geometry is looked up when the row is first handed out, so that only the
 * boards a run uses are built (geom.c). */
static bool ready_geom(int i)
{
    if (atomic_load_explicit(&geom_ready[i], memory_order_acquire))
        return true;
    if (pthread_mutex_lock(&geom_lock) != 0)
        return false;
    pk_variant *v = &rows[i].v;
    /* RULES 1.2.5: algebraic names in the frame of the side that moves first */
    if (!v->geom)
        v->geom = pk_geom_get(v->rules.width, v->rules.height, v->rules.a1_light, v->rules.full, v->numbering,
                              v->first == PK_BLACK ? PK_FRAME_BLACK : PK_FRAME_WHITE);
    if (v->geom)
        atomic_store_explicit(&geom_ready[i], true, memory_order_release);
    pthread_mutex_unlock(&geom_lock);
    return v->geom != NULL;
}

int pk_variant_count(void) { return NROWS; }

const pk_variant *pk_variant_at(int i)
{
    if (i < 0 || i >= NROWS || !ready_geom(i))
        return NULL;
    return &rows[i].v;
}

/* Is `name` one of the space-separated words of `list`? */
static bool in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, " ");
        if (k == n && pk_ascii_ncasecmp(p, name, n) == 0)
            return true;
        p += k;
        while (*p == ' ')
            p++;
    }
    return false;
}

const pk_variant *pk_variant_find(const char *name)
{
    if (!name)
        return NULL;
    for (int i = 0; i < NROWS; i++)
        if (pk_ascii_casecmp(rows[i].v.name, name) == 0 || in_list(rows[i].v.aliases, name))
            return pk_variant_at(i);
    return NULL;
}

const pk_variant *pk_variant_lookup(const char *text)
{
    char *end;
    long gt = strtol(text, &end, 10);
    if (*text && !*end)
        return pk_variant_by_gametype((int)gt);
    return pk_variant_find(text);
}

const pk_variant *pk_variant_by_gametype(int gametype)
{
    for (int i = 0; i < NROWS; i++)
        if (rows[i].v.gametype == gametype)
            return pk_variant_at(i);
    return NULL;
}

const char *pk_variant_names(void)
{
    if (pthread_once(&rows_once, ready_names) != 0)
        return "";
    return names_buf;
}
