/* diag.c -- diagnostic sink dispatch and the GNU / JSON Lines writers (see diag.h); the
 * JSON itself is json.c's. */
#include "diag.h"
#include "textbuf.h"
#include "pk_nls.h"

#include "json.h"

#include <stdbool.h>
#include <string.h>

const char *pk_severity_name(int severity)
{
    switch (severity) {
    case PK_SEV_ERROR: return "error";
    case PK_SEV_WARNING: return "warning";
    default: return "note";
    }
}

void pk_diag_emit(pk_diag_sink *sink, const pk_diag *d)
{
    if (sink && sink->emit)
        sink->emit(sink->ctx, d);
}

/* How many bytes at p (n left) make one control character to escape: 1 for C0 (tab and
 * line feed too: a message is one line) and DEL, 2 for a C1 control as UTF-8 (C2 80..C2
 * 9F), 0 for text a terminal only shows. */
static inline int control_len(const unsigned char *p, size_t n)
{
    if (*p < 0x20 || *p == 0x7F)
        return 1;
    return *p == 0xC2 && n >= 2 && p[1] >= 0x80 && p[1] <= 0x9F ? 2 : 0;
}

int pk_text_write_escaped(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *run = p;
    for (;;) {
        while (*p >= 0x20 && *p != 0x7F && *p != 0xC2) /* the text a terminal only shows */
            p++;
        int k = *p ? control_len(p, 2) : 1;
        if (!k) { /* 0xC2 starting no C1 control */
            p++;
            continue;
        }
        if (p > run && fwrite(run, 1, (size_t)(p - run), out) != (size_t)(p - run))
            return PK_ERR_IO;
        if (*p == 0)
            return PK_OK;
        if (k == 2 ? fprintf(out, "\\u%04x", p[1]) < 0 : fprintf(out, "\\x%02x", *p) < 0)
            return PK_ERR_IO;
        p += k;
        run = p;
    }
}

size_t pk_text_escape(char *buf, size_t size, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        int k = control_len(p + i, len - i);
        char esc[7];
        size_t m = 0;
        if (k == 0)
            esc[m++] = (char)p[i];
        else {
            unsigned c = k == 2 ? p[++i] : p[i];
            esc[m++] = '\\';
            if (k == 2) {
                esc[m++] = 'u', esc[m++] = '0', esc[m++] = '0';
            } else
                esc[m++] = 'x';
            esc[m++] = hex[c >> 4], esc[m++] = hex[c & 15];
        }
        for (size_t j = 0; j < m; j++, o++)
            if (o + 1 < size)
                buf[o] = esc[j];
    }
    if (size)
        buf[o < size ? o : size - 1] = 0;
    return o;
}

#define SGR(x) "\033[" x "m\033[K"

/* "game 3 (Smith - Jones, round 7), move 12 (black): " -- where in the file's games a
 * diagnostic belongs; in the reader's language when the program asked (pk_nls.h), the
 * "file:line:col: error:" before it never (editors and scripts match it). */
static void write_where(FILE *out, const pk_diag *d)
{
    if (d->game <= 0)
        return;
    fprintf(out, PK_T("game %d"), d->game);
    if (d->game_name) {
        fputs(" (", out);
        pk_text_write_escaped(out, d->game_name);
        putc(')', out);
    }
    if (d->ply > 0 && d->move_number > 0)
        fprintf(out, PK_T(", move %d (%s)"), d->move_number,
                d->side == 'W' ? PK_T("white") : d->side == 'B' ? PK_T("black") : "?");
    fputs(": ", out);
}

int pk_diag_write_text(FILE *out, const pk_diag *d, unsigned flags)
{
    bool color = flags & PK_DIAG_COLOR;
    const char *sev = pk_severity_name(d->severity);
    const char *sev_color = d->severity == PK_SEV_ERROR ? SGR("01;31") : d->severity == PK_SEV_WARNING ? SGR("01;35")
                                                                                                      : SGR("01;36");
    if (color)
        fputs(SGR("01"), out);
    pk_text_write_escaped(out, d->file ? d->file : "-");
    if (d->line > 0)
        fprintf(out, ":%lld:%lld", d->line, d->col > 0 ? d->col : 1);
    if (color)
        fprintf(out, ":" SGR("") " %s%s:" SGR("") " ", sev_color, sev);
    else
        fprintf(out, ": %s: ", sev);
    write_where(out, d);
    pk_text_write_escaped(out, d->message);
    int n = putc('\n', out);
    if (n != EOF && d->fen)
        n = fprintf(out, PK_T("    position: %s\n"), d->fen);
    if (n != EOF && n >= 0 && d->hint) {
        fputs("    ", out);
        pk_text_write_escaped(out, d->hint);
        n = putc('\n', out);
    }
    return n == EOF || n < 0 || ferror(out) ? PK_ERR_IO : PK_OK;
}

int pk_diag_write_gnu(FILE *out, const pk_diag *d) { return pk_diag_write_text(out, d, 0); }

int pk_diag_write_json(FILE *out, const pk_diag *d)
{
    const char *side = d->side == 'W' ? "white" : d->side == 'B' ? "black" : NULL;
    pk_json j;
    pk_json_init(&j, out);
    pk_json_object(&j);
    pk_json_kstr(&j, "type", "diagnostic");
    pk_json_kstr(&j, "file", d->file);
    pk_json_kint_pos(&j, "game", d->game);
    pk_json_kstr(&j, "severity", pk_severity_name(d->severity));
    pk_json_kstr(&j, "code", d->code);
    pk_json_kint_pos(&j, "line", d->line);
    pk_json_kint_pos(&j, "col", d->col);
    pk_json_kint_pos(&j, "ply", d->ply);
    pk_json_kint_pos(&j, "move_number", d->move_number);
    pk_json_kstr(&j, "side", side);
    pk_json_kstr(&j, "move", d->move);
    pk_json_kstr(&j, "fen", d->fen);
    pk_json_kstr(&j, "message", d->message);
    pk_json_kstr(&j, "hint", d->hint);
    pk_json_end_object(&j);
    return pk_json_newline(&j);
}

/* ---- the same into a caller's buffer (textbuf.h) */
typedef struct diag_job {
    const pk_diag *d;
    unsigned flags;
} diag_job;

static int text_job(FILE *out, void *ctx)
{
    const diag_job *j = ctx;
    return pk_diag_write_text(out, j->d, j->flags);
}

static int json_job(FILE *out, void *ctx) { return pk_diag_write_json(out, ((const diag_job *)ctx)->d); }

int pk_diag_write_text_buf(char *buf, size_t size, size_t *len, const pk_diag *d, unsigned flags)
{
    diag_job j = {d, flags};
    return pk_write_to_buffer(text_job, &j, buf, size, len, NULL);
}

int pk_diag_write_json_buf(char *buf, size_t size, size_t *len, const pk_diag *d)
{
    diag_job j = {d, 0};
    return pk_write_to_buffer(json_job, &j, buf, size, len, NULL);
}
