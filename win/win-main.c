/*
 * win/win-main.c -- the tools' main on Windows (mk/windows.mk compiles each tool's main as
 * pk_tool_main): what a POSIX shell does for a program and cmd.exe does not, before the
 * tool's own main runs.
 *   - the arguments as UTF-8, from the wide command line (the manifest, win/utf8.manifest,
 *     makes the C library's narrow calls take UTF-8 too);
 *   - wildcards (* and ?) in an argument's last component expanded, in name order, with the
 *     folder part kept as the user wrote it; a pattern that matches nothing stays as it is
 *     (so the tool says the file is missing, as after a POSIX shell). An option's value
 *     (`pdngrep --result *`) is not a file: an argument right after an option is expanded
 *     only when it has a '.' or a folder part (`-r *.pdn`), and never after "--" is it an
 *     option;
 *   - the standard streams in binary mode (LF written as LF, as on Linux; a CRLF input reaches
 *     the reader as its bytes, which reads it as it does on Linux); files the tools open
 *     are binary too (binmode.o, linked by mk/windows.mk);
 *   - the console's virtual terminal mode, so that --color writes colours; where the
 *     console has none, NO_COLOR (auto colours off).
 */
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <windows.h>

int pk_tool_main(int argc, char **argv);

static char *utf8(const wchar_t *w)
{
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, NULL, 0, NULL, NULL);
    char *s = n > 0 ? malloc((size_t)n) : NULL;
    if (s)
        WideCharToMultiByte(CP_UTF8, 0, w, -1, s, n, NULL, NULL);
    return s;
}

typedef struct {
    char **v;
    int n, cap;
} args;

static int push(args *a, char *s)
{
    if (!s)
        return -1;
    if (a->n + 2 > a->cap) {
        int cap = a->cap ? a->cap * 2 : 16;
        char **v = realloc(a->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
    return 0;
}

static int by_name(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The files a pattern names, appended to *a; 0 when none (the caller keeps the pattern). */
static int expand(args *a, const wchar_t *pat)
{
    const wchar_t *last = pat;
    for (const wchar_t *p = pat; *p; p++)
        if (*p == L'\\' || *p == L'/' || (*p == L':' && p == pat + 1))
            last = p + 1;
    if (!wcspbrk(last, L"*?"))
        return 0;
    WIN32_FIND_DATAW fd;
    HANDLE h = FindFirstFileW(pat, &fd);
    if (h == INVALID_HANDLE_VALUE)
        return 0;
    int first = a->n, found = 0;
    size_t dirlen = (size_t)(last - pat);
    do {
        if (fd.cFileName[0] == L'.' && (fd.cFileName[1] == 0 || (fd.cFileName[1] == L'.' && fd.cFileName[2] == 0)))
            continue;
        if (fd.cFileName[0] == L'.' && last[0] != L'.')
            continue; /* as a POSIX shell: a leading dot is matched only by a dot */
        size_t k = wcslen(fd.cFileName);
        wchar_t *w = malloc((dirlen + k + 1) * sizeof *w);
        if (!w)
            break;
        memcpy(w, pat, dirlen * sizeof *w);
        memcpy(w + dirlen, fd.cFileName, (k + 1) * sizeof *w);
        if (push(a, utf8(w)) == 0)
            found++;
        free(w);
    } while (FindNextFileW(h, &fd));
    FindClose(h);
    qsort(a->v + first, (size_t)found, sizeof *a->v, by_name);
    return found;
}

static void console_colours(void)
{
    int vt = 0;
    DWORD ids[2] = {STD_OUTPUT_HANDLE, STD_ERROR_HANDLE};
    for (int i = 0; i < 2; i++) {
        HANDLE h = GetStdHandle(ids[i]);
        DWORD mode;
        if (h != INVALID_HANDLE_VALUE && GetConsoleMode(h, &mode)) /* a console, not a file */
            vt |= SetConsoleMode(h, mode | 0x0004 /* ENABLE_VIRTUAL_TERMINAL_PROCESSING */) ? 1 : 2;
    }
    if (vt & 2 && !getenv("NO_COLOR"))
        _putenv("NO_COLOR=1");
}

/* wmain (linked with -municode): the C runtime splits the wide command line by its own rules,
 * as for any Windows C program. Not CommandLineToArgvW: it lives in shell32, whose loading
 * pulls in user32 and a desktop; under wine, with many tools starting at once on a loaded
 * machine, that start failed about once in a thousand runs (exit 1, nothing written: CI's
 * check-windows, stop 39), and each tool paid for it on every start. */
int wmain(int wargc, wchar_t **wargv)
{
    args a = {0};
    console_colours();
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    int options = 1; /* after "--" every argument is a file, and still expanded */
    _fmode = _O_BINARY; /* the files the tools open: bytes in, bytes out (not CRLF, not ^Z) */
    for (int i = 0; i < wargc; i++) {
        const wchar_t *w = wargv[i], *prev = i > 1 ? wargv[i - 1] : L"";
        int after_option = options && prev[0] == L'-' && prev[1] && !wcschr(prev, L'=');
        int filelike = wcspbrk(w, L".\\/:") != NULL;
        if (i > 0 && (!options || w[0] != L'-') && (!after_option || filelike) && expand(&a, w))
            continue;
        if (wcscmp(wargv[i], L"--") == 0)
            options = 0;
        if (push(&a, utf8(wargv[i])))
            return 2;
    }
    return pk_tool_main(a.n, a.v);
}
