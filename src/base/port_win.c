/*
 * port_win.c -- the Windows side of pk_port.h (port_win.h says what and why): iconv for the
 * encodings the library decodes, memory streams over temporary files, and the small POSIX
 * calls msvcrt lacks. Compiles to nothing but a declaration elsewhere.
 */
#ifdef _WIN32
#include "pk_port.h"

#include <errno.h>
#include <io.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

/* this file calls the C library's own */
#undef stat
#undef fstat
#undef fflush
#undef fclose
#undef fseeko
#undef tmpfile

/* ---- iconv: to UTF-8 from the seven encodings of encoding.c (pk_encoding_name) ---- */

/* Bytes 0x80-0xFF of the three code pages as glibc's iconv maps them (0: no character,
 * EILSEQ), generated with `iconv -f CP -t UTF-32BE` byte by byte (glibc 2.36). */
static const unsigned short cp1252_hi[128] = {
    0x20AC, 0x0000, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x0000, 0x017D, 0x0000,
    0x0000, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x0000, 0x017E, 0x0178,
    0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7,
    0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,
    0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7,
    0x00B8, 0x00B9, 0x00BA, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0x00BF,
    0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D7,
    0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,
    0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7,
    0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,
    0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7,
    0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,
};
static const unsigned short cp1251_hi[128] = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
    0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
    0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x0000, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
    0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,
    0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
    0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,
    0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
    0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
    0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F,
    0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
    0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F,
    0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437,
    0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F,
    0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
    0x0448, 0x0449, 0x044A, 0x044B, 0x044C, 0x044D, 0x044E, 0x044F,
};
static const unsigned short cp866_hi[128] = {
    0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
    0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F,
    0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
    0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F,
    0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437,
    0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,
    0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,
    0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
    0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
    0x0448, 0x0449, 0x044A, 0x044B, 0x044C, 0x044D, 0x044E, 0x044F,
    0x0401, 0x0451, 0x0404, 0x0454, 0x0407, 0x0457, 0x040E, 0x045E,
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x2116, 0x00A4, 0x25A0, 0x00A0,
};

enum { K_CP1252, K_CP1251, K_CP866, K_U16LE, K_U16BE, K_U32LE, K_U32BE };
struct pk_win_iconv {
    int kind;
};
static struct pk_win_iconv kinds[] = {{K_CP1252}, {K_CP1251}, {K_CP866}, {K_U16LE},
                                      {K_U16BE},  {K_U32LE},  {K_U32BE}};
static const char *const kind_names[] = {"cp1252",   "cp1251",   "cp866",   "UTF-16LE",
                                         "UTF-16BE", "UTF-32LE", "UTF-32BE"};

iconv_t pk_win_iconv_open(const char *to, const char *from)
{
    if (_stricmp(to, "UTF-8") == 0)
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
            if (_stricmp(from, kind_names[i]) == 0)
                return &kinds[i]; /* no state: shared, never freed */
    errno = EINVAL;
    return (iconv_t)-1;
}

int pk_win_iconv_close(iconv_t cd)
{
    (void)cd;
    return 0;
}

static uint32_t unit_at(const unsigned char *p, int kind)
{
    switch (kind) {
    case K_U16LE: return (uint32_t)p[0] | (uint32_t)p[1] << 8;
    case K_U16BE: return (uint32_t)p[0] << 8 | p[1];
    case K_U32LE: return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    default: return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
}

/* One character decoded at p: its code point in *c and its bytes (0: incomplete, EINVAL;
 * -1: no character, EILSEQ). */
static int decode_one(const unsigned char *p, size_t left, int kind, uint32_t *c)
{
    if (kind <= K_CP866) {
        const unsigned short *hi = kind == K_CP1252 ? cp1252_hi : kind == K_CP1251 ? cp1251_hi : cp866_hi;
        *c = p[0] < 0x80 ? p[0] : hi[p[0] - 0x80];
        return p[0] < 0x80 || *c ? 1 : -1;
    }
    int unit = kind == K_U16LE || kind == K_U16BE ? 2 : 4;
    if (left < (size_t)unit)
        return 0;
    *c = unit_at(p, kind);
    if (unit == 4)
        return *c > 0x10FFFF || (*c >= 0xD800 && *c <= 0xDFFF) ? -1 : 4;
    if (*c >= 0xDC00 && *c <= 0xDFFF)
        return -1;
    if (*c < 0xD800 || *c > 0xDBFF)
        return 2;
    if (left < 4)
        return 0;
    uint32_t lo = unit_at(p + 2, kind);
    if (lo < 0xDC00 || lo > 0xDFFF)
        return -1;
    *c = 0x10000 + ((*c - 0xD800) << 10) + (lo - 0xDC00);
    return 4;
}

size_t pk_win_iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft)
{
    if (!in || !*in)
        return 0; /* a reset: no state to reset */
    while (*inleft) {
        uint32_t c;
        int k = decode_one((const unsigned char *)*in, *inleft, cd->kind, &c);
        if (k <= 0) {
            errno = k ? EILSEQ : EINVAL;
            return (size_t)-1;
        }
        unsigned char u[4];
        size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        if (n == 1)
            u[0] = (unsigned char)c;
        else {
            for (size_t i = n - 1; i > 0; i--, c >>= 6)
                u[i] = (unsigned char)(0x80 | (c & 0x3F));
            u[0] = (unsigned char)((n == 2 ? 0xC0 : n == 3 ? 0xE0 : 0xF0) | c);
        }
        if (n > *outleft) {
            errno = E2BIG;
            return (size_t)-1;
        }
        memcpy(*out, u, n);
        *out += n;
        *outleft -= n;
        *in += k;
        *inleft -= (size_t)k;
    }
    return 0;
}

/* ---- temporary files, memory streams ---- */

FILE *pk_win_tmpfile(void)
{
    wchar_t dir[MAX_PATH + 1], name[MAX_PATH + 1];
    DWORD n = GetTempPathW(MAX_PATH + 1, dir);
    if (n == 0 || n > MAX_PATH || !GetTempFileNameW(dir, L"pk", 0, name)) {
        errno = EACCES;
        return NULL;
    }
    HANDLE h = CreateFileW(name, GENERIC_READ | GENERIC_WRITE, 0, NULL, CREATE_ALWAYS,
                           FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, NULL);
    if (h == INVALID_HANDLE_VALUE) {
        DeleteFileW(name);
        errno = EACCES;
        return NULL;
    }
    int fd = _open_osfhandle((intptr_t)h, _O_RDWR | _O_BINARY);
    if (fd == -1) {
        CloseHandle(h);
        return NULL;
    }
    FILE *f = _fdopen(fd, "w+b");
    if (!f)
        _close(fd);
    return f;
}

FILE *pk_win_fmemopen(void *buf, size_t len, const char *mode)
{
    (void)mode; /* read only: pdn_open.c */
    FILE *f = pk_win_tmpfile();
    if (f && (fwrite(buf, 1, len, f) != len || fflush(f) || fseeko64(f, 0, SEEK_SET))) {
        fclose(f);
        f = NULL;
    }
    return f;
}

/* The open memory streams: the caller's buffer and size, and the lowest offset written
 * since the buffer was last brought up to date (a seek back lowers it). */
typedef struct memstream {
    FILE *f;
    char **buf;
    size_t *size;
    size_t cap;
    long long lo;
    struct memstream *next;
} memstream;
static memstream *streams;
static pthread_mutex_t streams_lock = PTHREAD_MUTEX_INITIALIZER;

static memstream *find(FILE *f, int unlink)
{
    pthread_mutex_lock(&streams_lock);
    memstream **p = &streams;
    while (*p && (*p)->f != f)
        p = &(*p)->next;
    memstream *m = *p;
    if (m && unlink)
        *p = m->next;
    pthread_mutex_unlock(&streams_lock);
    return m;
}

FILE *pk_win_open_memstream(char **buf, size_t *size)
{
    memstream *m = calloc(1, sizeof *m);
    char *b = malloc(64);
    FILE *f = m && b ? pk_win_tmpfile() : NULL;
    if (!f) {
        free(m);
        free(b);
        errno = ENOMEM;
        return NULL;
    }
    b[0] = 0;
    *buf = b;
    *size = 0;
    *m = (memstream){f, buf, size, 64, 0, NULL};
    pthread_mutex_lock(&streams_lock);
    m->next = streams;
    streams = m;
    pthread_mutex_unlock(&streams_lock);
    return f;
}

/* The bytes written since the last time read back into the caller's buffer, NUL after. */
static int sync_stream(memstream *m)
{
    if (fflush(m->f))
        return EOF;
    long long pos = ftello64(m->f);
    if (pos < 0)
        return EOF;
    if ((size_t)pos + 1 > m->cap) {
        size_t cap = m->cap;
        while (cap < (size_t)pos + 1)
            cap *= 2;
        char *b = realloc(*m->buf, cap);
        if (!b) {
            errno = ENOMEM;
            return EOF;
        }
        *m->buf = b;
        m->cap = cap;
    }
    if (pos > m->lo) {
        size_t n = (size_t)(pos - m->lo);
        if (fseeko64(m->f, m->lo, SEEK_SET) || fread(*m->buf + m->lo, 1, n, m->f) != n ||
            fseeko64(m->f, pos, SEEK_SET))
            return EOF;
    }
    (*m->buf)[pos] = 0;
    *m->size = (size_t)pos;
    m->lo = pos;
    return 0;
}

/* A write into a pipe its reader closed: msvcrt says EINVAL, Linux EPIPE (which the tools
 * take as the reader having had enough, as after SIGPIPE) */
static int pipe_errno(FILE *f, int st)
{
    if (st && errno == EINVAL && f && GetFileType((HANDLE)_get_osfhandle(_fileno(f))) == FILE_TYPE_PIPE)
        errno = EPIPE;
    return st;
}

int pk_win_fflush(FILE *f)
{
    memstream *m = f ? find(f, 0) : NULL;
    return m ? sync_stream(m) : pipe_errno(f, fflush(f));
}

int pk_win_fclose(FILE *f)
{
    memstream *m = find(f, 1);
    int st = m ? sync_stream(m) : 0;
    free(m);
    return fclose(f) || st ? EOF : 0;
}

int pk_win_fseeko(FILE *f, off_t off, int whence)
{
    memstream *m = find(f, 0);
    if (m && fflush(f))
        return -1;
    int st = fseeko64(f, off, whence);
    if (m && st == 0) {
        long long pos = ftello64(f);
        if (pos >= 0 && pos < m->lo)
            m->lo = pos;
    }
    return st;
}

/* ---- file ids ---- */

static void file_id(HANDLE h, struct pk_win_stat *st)
{
    BY_HANDLE_FILE_INFORMATION i;
    FILE_ID_INFO x;
    bool disk = GetFileType(h) == FILE_TYPE_DISK;
    if (disk && GetFileInformationByHandle(h, &i)) {
        st->st_dev = (pk_win_id)i.dwVolumeSerialNumber + 1;
        st->st_ino = (pk_win_id)i.nFileIndexHigh << 32 | i.nFileIndexLow;
    } else if (disk && GetFileInformationByHandleEx(h, FileIdInfo, &x, sizeof x)) {
        /* wine: a standard stream redirected by the Unix shell (< x.pdn, >> x.pdn) has no
         * volume information, but its file index (the inode) is there; the index's low 64
         * bits are nFileIndex (NTFS, wine) */
        uint64_t lo;
        memcpy(&lo, x.FileId.Identifier, sizeof lo);
        st->st_dev = x.VolumeSerialNumber ? (pk_win_id)(x.VolumeSerialNumber & 0xFFFFFFFFu) + 1 : PK_WIN_DEV_UNKNOWN;
        st->st_ino = lo;
    } else { /* a pipe, a console, NUL: the handle itself */
        st->st_dev = 0;
        st->st_ino = (pk_win_id)(uintptr_t)h;
    }
}

int pk_win_stat(const char *path, struct pk_win_stat *st)
{
    struct _stat64 s;
    /* msvcrt's stat refuses "games/" (a folder named with a separator after it): without */
    char buf[MAX_PATH * 3];
    size_t n = strlen(path);
    if (n > 1 && n < sizeof buf && (path[n - 1] == '/' || path[n - 1] == '\\') && path[n - 2] != ':') {
        memcpy(buf, path, n + 1);
        while (n > 1 && (buf[n - 1] == '/' || buf[n - 1] == '\\') && buf[n - 2] != ':')
            buf[--n] = 0;
        path = buf;
    }
    if (_stat64(path, &s) != 0)
        return -1;
    *st = (struct pk_win_stat){0, 0, s.st_mode, s.st_size};
    /* FILE_FLAG_BACKUP_SEMANTICS: a folder opens too (-r's walk tells folders by id) */
    HANDLE h = CreateFileA(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL, OPEN_EXISTING,
                           FILE_FLAG_BACKUP_SEMANTICS, NULL);
    if (h != INVALID_HANDLE_VALUE) {
        file_id(h, st);
        CloseHandle(h);
    }
    return 0;
}

int pk_win_fstat(int fd, struct pk_win_stat *st)
{
    struct _stat64 s;
    if (_fstat64(fd, &s) != 0)
        return -1;
    *st = (struct pk_win_stat){0, 0, s.st_mode, s.st_size};
    intptr_t h = _get_osfhandle(fd);
    if (h != -1)
        file_id((HANDLE)h, st);
    return 0;
}

/* ---- the rest ---- */

int pk_win_strerror_r(int e, char *buf, size_t n)
{
    return strerror_s(buf, n, e);
}

long pk_win_sysconf(int name)
{
    if (name != _SC_NPROCESSORS_ONLN) {
        errno = EINVAL;
        return -1;
    }
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    return (long)si.dwNumberOfProcessors;
}

ssize_t pk_win_getline(char **line, size_t *cap, FILE *f)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap || !*line) {
            size_t k = *cap < 64 ? 128 : *cap * 2;
            char *b = realloc(*line, k);
            if (!b) {
                errno = ENOMEM;
                return -1;
            }
            *line = b;
            *cap = k;
        }
        (*line)[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (n == 0)
        return -1;
    (*line)[n] = 0;
    return (ssize_t)n;
}

int pk_win_fcntl(int fd, int cmd, ...)
{
    if (_get_osfhandle(fd) == -1) {
        errno = EBADF;
        return -1;
    }
    return cmd == F_GETFL ? O_RDWR : 0;
}
#else
/* ISO C wants a translation unit to declare something */
typedef int pk_port_win_unused;
#endif
