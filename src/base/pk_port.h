/*
 * pk_port.h -- every function the library needs beyond ISO C11, in one place.
 *
 * libpdnkit is ISO C11 plus the POSIX.1-2008 functions listed below, and nothing that only
 * glibc has. A port to another system (macOS, the BSDs, Windows with a POSIX layer) starts
 * and, we hope, ends here: each row names the functions, what the library does with them and
 * the file that does it. A library source that needs one of them includes this header
 * instead of the POSIX header itself.
 *
 * Nothing that follows the caller's locale reads input bytes: character classes and case
 * folding are pk_ascii.h's (ASCII only), never <ctype.h> or strcasecmp.
 *
 * Kept honest by two tests: tests/install/port.sh fails when libpdnkit.a calls a function
 * that is neither ISO C nor in the list between BEGIN and END below, and `make check-musl`
 * builds the library and the tools against musl and runs the test suite on them.
 *
 * BEGIN functions (POSIX.1-2008)
 *   pthread_once                                   tables built on first use (geom.c, position.c,
 *                                                  variant.c, resolve.c, pdn_lex.c)
 *   pthread_create pthread_join                    the thread pool (pool.c); the mutexes also
 *   pthread_mutex_init pthread_mutex_destroy       guard the scratch an opening search lends
 *   pthread_mutex_lock pthread_mutex_unlock        its threads (search.c)
 *   pthread_cond_init pthread_cond_destroy
 *   pthread_cond_wait pthread_cond_signal
 *   pthread_cond_broadcast
 *   sysconf                                        _SC_NPROCESSORS_ONLN: the default thread
 *                                                  count (pool.c; not POSIX-mandated, but on
 *                                                  Linux, the BSDs and macOS)
 *   iconv_open iconv iconv_close                   UTF-16/UTF-32 and legacy encodings (encoding.c)
 *   strerror_r                                     the XSI form (returns int): a read error's
 *                                                  reason without a shared buffer (input.c)
 *   open_memstream fseeko ftello                   a game's output written on its worker
 *                                                  (check.c, check_store.c)
 *   fmemopen                                       a reader on bytes in memory (pdn_open.c)
 *   fileno isatty                                  --color=auto (cli.c)
 *   stat lstat fstat                               the inputs: a folder, a link to nothing, a
 *                                                  regular file; an output that is an input
 *                                                  (device and inode); one log for stdout and
 *                                                  stderr (cli.c, cli_inputs.c)
 *   opendir readdir closedir                       the folders of -r, walked (cli_inputs.c)
 *   open fcntl fdopen close                        a walked file opened without blocking, so
 *                                                  that a FIFO cannot hang the run; what a
 *                                                  descriptor tells of a failed write
 *                                                  (cli_inputs.c, cli.c)
 *   strdup                                         the paths listed (cli_inputs.c)
 *   pread                                          pdncheck --html: a file hashed on a thread
 *                                                  of its own while it is checked, its
 *                                                  offset left to the reader (cli_hash.c;
 *                                                  not on Windows: a copy is hashed there)
 *   getopt_long opterr optind optopt optarg        the tools' options, one parser for all
 *                                                  (cli.c pk_cli_getopt, cli_opts.c
 *                                                  pk_cli_next); getopt_long is not
 *                                                  POSIX, but glibc, musl, the BSDs and macOS
 *                                                  have it (<getopt.h>)
 *   dcgettext dcngettext bindtextdomain            messages in the reader's language, when
 *   bind_textdomain_codeset                        built with ENABLE_NLS (nls.c; GNU libintl,
 *                                                  in glibc and musl; none on mingw)
 * END functions
 */
#ifndef PK_PORT_H
#define PK_PORT_H

/* The feature-test macro must precede every system header: the Makefile passes it. */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#error "build with -D_POSIX_C_SOURCE=200809L (see pk_port.h)"
#endif

#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _WIN32
/* Windows (mingw-w64, make windows): what its C library lacks, by the same names */
#include "port_win.h"
#else
#include <iconv.h>
/* Two files are one when their device and inode are (port_win.h: a volume wine cannot tell) */
#define pk_same_id(dev1, ino1, dev2, ino2) ((dev1) == (dev2) && (ino1) == (ino2))
#endif

#endif
