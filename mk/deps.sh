#!/bin/sh
# mk/deps.sh MODE PART... -- what each part of pdnkit needs from the system, in one place.
#   MODE check    says what is missing and how to get it; installs nothing (make, make all,
#                 make install and every build target use this)
#   MODE install  installs what is missing with apt-get when run as root on Debian/Ubuntu
#                 (the make deps-* targets, make run and make check); elsewhere as check
# PART, and what it needs (Debian/Ubuntu package names):
#   core       the build: pkg-config, PCRE2, CUnit, zlib, liblzma, libzstd, libbz2 and the
#              decompressors bzip2, xz, zstd, gzip, iconv, gettext (required: exit 1)
#   check      what make check needs beyond the build: chromium and python3 (browser tests),
#              GNU parallel (tests/scripts/shard-parallel.sh), valgrind (speed-ratios.sh),
#              locales (the sources localedef makes fr_FR, tr_TR, ... from: nls.sh, test_locale)
#                                                  (optional: those tests SKIP, exit 77)
#   python     python3 headers, cffi, pytest, dask.distributed for $PYTHON; the wheel's
#              setuptools, wheel, pip, venv and mypy (make wheel, tests/install/wheel.sh).
#              PYTHON=pypy3: pypy3 and pypy3-dev (not python3-dev), pytest and what it
#              needs before Python 3.11; no dask (its psutil is CPython's) (optional)
#   web        emscripten, dpkg-dev and five Debian source packages (web/deps.sh fetches
#              them into $WEB_DEPS: the list of sources is there)  (required for make web)
#   abi        abi-dumper, abi-compliance-checker, elfutils        (required: check-abi)
#   hardening  clang with libFuzzer, valgrind                      (required: fuzz, asan)
#   musl       musl-gcc (musl-tools)                               (required: check-musl)
#   coverage   lcov                                                (required: coverage)
#   windows    mingw-w64 (gcc-mingw-w64-x86-64), wine64, zip, groff (the manuals as HTML),
#              dpkg-dev and the web part's five source packages       (required: make windows,
#              check-windows, dist-windows)
# An optional part that is missing something is a warning (the tests that need it SKIP,
# which CI's PK_NO_SKIP=1 refuses); a required one stops with exit 1. Several parts are
# handled one after the other (apt-get runs one at a time: parallel runs fight over its lock).
# Environment: CC, PYTHON, FUZZ_CC, MUSL_CC, WEB_DEPS (the Makefile passes its own).
# Tests never install anything: only this script does, and only in install mode.
set -u
mode=${1:-}; [ $# -gt 0 ] && shift
case $mode in check | install) ;; *) echo "usage: mk/deps.sh check|install PART..." >&2; exit 2 ;; esac
CC=${CC:-cc}
PYTHON=${PYTHON:-python3}
FUZZ_CC=${FUZZ_CC:-clang}
MUSL_CC=${MUSL_CC:-musl-gcc}
WEB_DEPS=${WEB_DEPS:-build/web/deps}

# tool NAME:PACKAGE...: adds PACKAGE to $missing for each command NAME not found
tool() { for t; do command -v "${t%%:*}" >/dev/null 2>&1 || missing="$missing ${t#*:}"; done; }
# pc NAME:PACKAGE...: the same for pkg-config modules
pc() { for t; do pkg-config --exists "${t%%:*}" 2>/dev/null || missing="$missing ${t#*:}"; done; }

# missing_PART: sets $missing to the Debian packages PART lacks
missing_core() {
  tool pkg-config:pkg-config
  pc libpcre2-8:libpcre2-dev cunit:libcunit1-dev zlib:zlib1g-dev liblzma:liblzma-dev libzstd:libzstd-dev
  # libbz2 often has no .pc file (Debian): its header will do
  { pkg-config --exists bzip2 2>/dev/null ||
    printf '#include <bzlib.h>\n' | $CC -E -x c - >/dev/null 2>&1; } || missing="$missing libbz2-dev"
  tool bzip2:bzip2 xz:xz-utils zstd:zstd gzip:gzip iconv:libc-bin
  # the message catalogues (mk/nls.mk): po/pdnkit.pot made by xgettext, po/*.po compiled by msgfmt
  tool xgettext:gettext msgfmt:gettext
}
missing_check() {
  tool chromium:chromium python3:python3 parallel:parallel valgrind:valgrind msgcmp:gettext
  # the locales test_locale.c and tests/scripts/nls.sh make with localedef
  [ -f /usr/share/i18n/locales/fr_FR ] || missing="$missing locales"
}
missing_python() {
  dev=python3-dev
  mods="cffi:python3-cffi pytest:python3-pytest distributed:python3-distributed setuptools:python3-setuptools
        wheel:python3-wheel pip:python3-pip venv:python3-venv mypy:python3-mypy"
  case $PYTHON in
  *pypy*) # PyPy reads Debian's pure-Python python3-* packages; its cffi is its own
    dev=pypy3-dev
    command -v "$PYTHON" >/dev/null 2>&1 || missing="$missing pypy3"
    mods="pytest:python3-pytest exceptiongroup:python3-exceptiongroup tomli:python3-tomli
          setuptools:python3-setuptools wheel:python3-wheel pip:python3-pip" ;;
  esac
  $PYTHON -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
    2>/dev/null || missing="$missing $dev"
  for m in $mods; do
    $PYTHON -c "import ${m%%:*}" 2>/dev/null || missing="$missing ${m#*:}"
  done
}
missing_abi() { tool abi-dumper:abi-dumper abi-compliance-checker:abi-compliance-checker eu-readelf:elfutils; }
missing_hardening() {
  command -v "$FUZZ_CC" >/dev/null 2>&1 || missing="$missing clang"
  { command -v "$FUZZ_CC" >/dev/null 2>&1 &&
    [ -f "$($FUZZ_CC -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; } || missing="$missing libclang-rt-dev"
  tool valgrind:valgrind
}
missing_musl() { command -v "$MUSL_CC" >/dev/null 2>&1 || missing="$missing musl-tools"; }
missing_windows() {
  tool x86_64-w64-mingw32-gcc-posix:gcc-mingw-w64-x86-64 x86_64-w64-mingw32-windres:binutils-mingw-w64-x86-64 \
    wine:wine zip:zip unzip:unzip dpkg-source:dpkg-dev
  printf '.TH X 1\n' | groff -mandoc -Thtml >/dev/null 2>&1 || missing="$missing groff"
  [ -x /usr/lib/wine/wine64 ] || missing="$missing wine64"
  for p in pcre2 zlib bzip2 xz-utils libzstd; do
    [ -f "$WEB_DEPS/$p/.unpacked" ] || missing="$missing source:$p"
  done
}
missing_coverage() { { command -v lcov >/dev/null 2>&1 && command -v genhtml >/dev/null 2>&1; } || missing="$missing lcov"; }
missing_web() {
  tool emcc:emscripten dpkg-source:dpkg-dev
  for p in pcre2 zlib bzip2 xz-utils libzstd; do
    [ -f "$WEB_DEPS/$p/.unpacked" ] || missing="$missing source:$p"
  done
}
# apt-get flags per part (core and hardening want the recommended packages too)
flags() { case $1 in core | hardening) echo "" ;; *) echo "--no-install-recommends" ;; esac; }
optional() { case $1 in check | python) return 0 ;; *) return 1 ;; esac; }

st=0
for part in "$@"; do
  missing=""
  case $part in
  core | check | python | web | abi | hardening | musl | coverage | windows) "missing_$part" ;;
  *) echo "mk/deps.sh: unknown part '$part' (core check python web abi hardening musl coverage windows)" >&2; exit 2 ;;
  esac
  [ -z "$missing" ] && continue
  target=deps-$part; [ "$part" = core ] && target=deps
  if [ "$mode" = install ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    if [ "$part" = web ]; then
      # the source packages are fetched with apt-get source into WEB_DEPS: web/deps.sh
      sh web/deps.sh "$WEB_DEPS" || exit 1
      continue
    fi
    pkgs=$(echo "$missing" | sed 's/ source:[^ ]*//g')
    if [ "$part" = windows ] && [ -z "$pkgs" ]; then
      # only the source packages: web/deps.sh fetches them (without emscripten)
      PK_SOURCES_ONLY=1 sh web/deps.sh "$WEB_DEPS" || exit 1
      continue
    fi
    [ "$part" = windows ] && missing=$pkgs
    echo "$target: installing$missing"
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(flags "$part") $missing >/dev/null || exit 1
    [ "$part" = windows ] && { PK_SOURCES_ONLY=1 sh web/deps.sh "$WEB_DEPS" || exit 1; }
    continue
  fi
  pkgs=$(echo "$missing" | sed 's/ source:[^ ]*//g')
  srcs=$(echo "$missing" | sed -n 's/.*\(source:.*\)/\1/p' | sed 's/source://g')
  [ -n "$pkgs" ] && echo "$target: missing$pkgs (Debian/Ubuntu: apt-get install$pkgs)"
  [ -n "$srcs" ] && echo "$target: missing the Debian source packages $srcs in $WEB_DEPS"
  [ "$part" = core ] && echo "$target: Fedora: pcre2-devel CUnit-devel pkgconf zlib-devel xz-devel libzstd-devel bzip2-devel bzip2 xz zstd"
  if optional "$part"; then
    echo "$target: the tests that need them will SKIP (as root on Debian/Ubuntu, make $target installs them)"
  else
    echo "$target: as root on Debian/Ubuntu, make $target installs them (or: sh mk/deps.sh install $part)"
    st=1
  fi
done
exit $st
