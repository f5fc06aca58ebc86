#!/bin/sh
# The library calls nothing beyond ISO C11 and the POSIX functions src/base/pk_port.h lists
# (between its BEGIN and END lines): every undefined symbol of libpdnkit.a and of the tools'
# helper archive libpdnkit-cli.a is either a
# function of the libraries it is built on (PCRE2, zlib, libbz2, liblzma, libzstd), an ISO C
# name (the list below, glibc's internal aliases mapped back to the standard names), or in
# pk_port.h. A new POSIX or GNU call fails here until pk_port.h names it, so that the
# header stays the one place a port has to look at. A call that follows the caller's
# locale (<ctype.h>, strcasecmp) fails too.
set -eu
top=$(pwd)
BUILD=${BUILD:-build}
lib=$top/$BUILD/libpdnkit.a
# the tools' helper archive (src/cli/, not installed) is held to the same list: a port builds it too
cli=$top/$BUILD/libpdnkit-cli.a
for a in "$lib" "$cli"; do [ -f "$a" ] || { echo "FAIL: $a not built"; exit 1; }; done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pk-port.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ISO C11 functions and objects the library may use (<stdio.h>, <stdlib.h>, <string.h>,
# <ctype.h>, <setjmp.h>, <errno.h>, <math.h>, <time.h>, <stdatomic.h> helpers)
cat >"$tmp/iso" <<'EOF'
abort abs atoi atol bsearch calloc clearerr exit fclose feof ferror fflush fgetc fgets fopen
fprintf fputc fputs fread free freopen fscanf fseek ftell fwrite getc getenv isalnum isalpha
isdigit islower isprint isspace isupper isxdigit ldexp longjmp malloc memchr memcmp memcpy
memmove memset printf putc putchar puts qsort realloc remove rename rewind setjmp setvbuf
snprintf sprintf sscanf stderr stdin stdout strchr strcmp strcpy strcspn strerror strlen
strncat strncmp strncpy strpbrk strrchr strspn strstr strtod strtol strtoll strtoul strtoull
time clock tmpfile tolower toupper ungetc vfprintf vsnprintf vsprintf errno
EOF
# the functions pk_port.h names
sed -n '/BEGIN functions/,/END functions/p' "$top/src/base/pk_port.h" | sed '1d;$d' |
  sed -e 's/^ \*   //' -e 's/   .*//' | tr ' ' '\n' | grep -E '^[a-z_][a-z_0-9]*$' | LC_ALL=C sort -u >"$tmp/posix"
[ -s "$tmp/posix" ] || { echo "FAIL: no function list between BEGIN and END in src/base/pk_port.h"; exit 1; }
tr ' ' '\n' <"$tmp/iso" | grep . | cat - "$tmp/posix" | LC_ALL=C sort -u >"$tmp/allowed"

# the library's undefined symbols, glibc's and the compilers' aliases mapped back
nm -u "$lib" "$cli" | awk 'NF == 2 { print $2 } NF == 1 && $1 !~ /:$/ { print $1 }' | LC_ALL=C sort -u |
  grep -Ev '^(pk_|pcre2_|BZ2_|lzma_|ZSTD_|ZSTD|inflate|deflate|crc32|adler32|zError|_GLOBAL_OFFSET_TABLE_)' |
  grep -Ev '^(__stack_chk_fail|__popcount[sdt]i2|__ctz[sdt]i2|__clz[sdt]i2|__assert_fail|__tsan_|__asan_|__ubsan_|__sanitizer_|__gcov_|__llvm_)' |
  sed -e 's/^__ctype_b_loc$/isalpha/' -e 's/^__ctype_tolower_loc$/tolower/' -e 's/^__ctype_toupper_loc$/toupper/' \
      -e 's/^__errno_location$/errno/' -e 's/^__xpg_strerror_r$/strerror_r/' -e 's/^_setjmp$/setjmp/' \
      -e 's/^__isoc99_//' -e 's/^__isoc23_//' -e 's/^__\(.*\)_chk$/\1/' |
  LC_ALL=C sort -u >"$tmp/used"
[ -s "$tmp/used" ] || { echo "FAIL: nm found no undefined symbol in $lib"; exit 1; }
LC_ALL=C comm -23 "$tmp/used" "$tmp/allowed" >"$tmp/extra"
if [ -s "$tmp/extra" ]; then
  echo "FAIL: libpdnkit.a or libpdnkit-cli.a calls functions that are neither ISO C nor listed in src/base/pk_port.h:"
  sed 's/^/  /' "$tmp/extra"
  echo "  (name each in pk_port.h with what it is for, or use an ISO C function)"
  exit 1
fi
# Locale-proof: the bytes the library reads are classified and case-folded by pk_ascii.h,
# never by the functions that follow the caller's setlocale (a Turkish 'I' is not an 'i'
# there; tests/unit/test_locale.c).
grep -Ex 'is(alnum|alpha|blank|cntrl|digit|graph|lower|print|punct|space|upper|xdigit)|to(lower|upper)|str(n?casecmp|coll|xfrm)|setlocale|localeconv|(new|use)locale' \
  "$tmp/used" >"$tmp/locale" || true
if [ -s "$tmp/locale" ]; then
  echo "FAIL: libpdnkit.a or libpdnkit-cli.a calls functions that depend on the caller's locale (use pk_ascii.h):"
  sed 's/^/  /' "$tmp/locale"
  exit 1
fi
# and the list names nothing the library no longer uses (a stale list misleads a port)
LC_ALL=C comm -13 "$tmp/used" "$tmp/posix" | LC_ALL=C sort -u >"$tmp/stale"
if [ -s "$tmp/stale" ]; then
  echo "FAIL: src/base/pk_port.h lists functions neither libpdnkit.a nor libpdnkit-cli.a calls:"
  sed 's/^/  /' "$tmp/stale"
  exit 1
fi
echo "port: $(wc -l <"$tmp/used") functions called, $(wc -l <"$tmp/posix") of them from pk_port.h's POSIX list"
echo "port: PASS"
