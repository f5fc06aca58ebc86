/*
 * port_win.h -- on Windows (mingw-w64: make windows, mk/windows.mk), the functions of
 * pk_port.h's list that its C library lacks, under the POSIX names, so that the library's
 * logic reads the same on every system. Included by pk_port.h on _WIN32 only; each one is
 * implemented in port_win.c, which compiles to nothing elsewhere.
 *
 *   iconv_open iconv iconv_close  the seven encodings encoding.c asks for (UTF-16/UTF-32 LE/BE,
 *                                 cp1252, cp1251, cp866), decoded to UTF-8 as glibc does:
 *                                 EILSEQ, EINVAL and E2BIG where it gives them
 *   open_memstream                a stream over a temporary file; fflush, fclose and fseeko
 *                                 on it bring the caller's buffer and size up to date (the
 *                                 three are redirected here for every stream; others pass)
 *   fmemopen tmpfile              read-only bytes, an empty stream (a temporary file in
 *                                 %TEMP%, deleted on close: msvcrt's tmpfile writes to C:\\)
 *   strerror_r                    strerror_s
 *   sysconf                       _SC_NPROCESSORS_ONLN only (GetSystemInfo)
 *   stat fstat lstat, S_ISLNK     a struct stat whose st_dev and st_ino are the volume's
 *                                 serial number and the 64-bit file index (msvcrt gives no
 *                                 inode: an output onto an input is found by its file id);
 *                                 a pipe or a console is told apart by its handle; a
 *                                 file whose volume wine cannot tell, by its index alone
 *                                 (pk_same_id); no symbolic link is reported as one
 *   getline                       the tools' (pdnmoves, pdndiagram), through cli.h
 *   fcntl                         F_GETFL (open or not), F_SETFL (nothing to set); no
 *                                 O_NONBLOCK (no FIFO blocks an open on Windows)
 */
#ifndef PK_PORT_WIN_H
#define PK_PORT_WIN_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct pk_win_iconv *iconv_t;
iconv_t pk_win_iconv_open(const char *to, const char *from);
size_t pk_win_iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft);
int pk_win_iconv_close(iconv_t cd);
#define iconv_open pk_win_iconv_open
#define iconv pk_win_iconv
#define iconv_close pk_win_iconv_close

FILE *pk_win_open_memstream(char **buf, size_t *size);
int pk_win_fflush(FILE *f);
int pk_win_fclose(FILE *f);
int pk_win_fseeko(FILE *f, off_t off, int whence);
FILE *pk_win_fmemopen(void *buf, size_t len, const char *mode);
FILE *pk_win_tmpfile(void);
#define open_memstream pk_win_open_memstream
#define fflush pk_win_fflush
#define fclose pk_win_fclose
#undef fseeko /* _FILE_OFFSET_BITS=64 made it fseeko64 */
#define fseeko pk_win_fseeko
#define fmemopen pk_win_fmemopen
#define tmpfile pk_win_tmpfile

int pk_win_strerror_r(int e, char *buf, size_t n);
#define strerror_r pk_win_strerror_r

#define _SC_NPROCESSORS_ONLN 84
long pk_win_sysconf(int name);
#define sysconf pk_win_sysconf

/* (macros, not functions: "struct stat" becomes struct pk_win_stat too) */
typedef unsigned long long pk_win_id;
#define dev_t pk_win_id
#define ino_t pk_win_id
struct pk_win_stat {
    pk_win_id st_dev, st_ino;
    unsigned short st_mode;
    long long st_size;
};
/* A disk file whose volume the system cannot tell (wine 8: a standard stream the Unix shell
 * opened; GetFileInformationByHandle fails, FileIdInfo gives the index with volume 0): its
 * st_dev, which the file index alone then compares with any volume's (pk_same_id; never a
 * pipe's or a console's, whose st_dev is 0). Windows itself always tells the volume. */
#define PK_WIN_DEV_UNKNOWN (~(pk_win_id)0)
#define pk_same_id(dev1, ino1, dev2, ino2)                                                          \
    ((ino1) == (ino2) && ((dev1) == (dev2) || ((dev1) == PK_WIN_DEV_UNKNOWN && (dev2) != 0) ||      \
                          ((dev2) == PK_WIN_DEV_UNKNOWN && (dev1) != 0)))
int pk_win_stat(const char *path, struct pk_win_stat *st);
int pk_win_fstat(int fd, struct pk_win_stat *st);
#undef stat
#undef fstat
#define stat pk_win_stat
#define fstat pk_win_fstat
#define lstat pk_win_stat
#ifndef S_ISLNK
#define S_ISLNK(m) 0
#endif
#ifndef S_ISSOCK
#define S_ISSOCK(m) 0
#endif

ssize_t pk_win_getline(char **line, size_t *cap, FILE *f);
#define getline pk_win_getline

#define F_GETFL 3
#define F_SETFL 4
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif
#ifndef O_ACCMODE
#define O_ACCMODE (O_RDONLY | O_WRONLY | O_RDWR)
#endif
int pk_win_fcntl(int fd, int cmd, ...);
#define fcntl pk_win_fcntl

#endif
