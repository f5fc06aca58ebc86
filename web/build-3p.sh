#!/bin/sh
# web/build-3p.sh DEPS OUT -- the C libraries the library links natively, compiled to
# WebAssembly from the Debian source packages web/deps.sh unpacked into DEPS: PCRE2 (the
# PDN lexer; interpreted, as PCRE2's JIT has no wasm back end), zlib, bzip2, liblzma (the
# .xz decoder) and libzstd (its decoder). Writes OUT/lib*.a and OUT/include. Only what
# input.c and pdn_lex.c call is built: decoders, no encoders, no threads, no assembly.
# Environment: EMCC (the compiler command), EMAR (its archiver), WEB_OPT (optimisation
# flags), JOBS, PCRE2_JIT=1 (PCRE2 with its JIT). The Windows build (mk/windows.mk) runs the
# same script with mingw-w64's gcc and ar, and the JIT, into build/win/3p.
set -eu
deps=$1 out=$2
EMCC=${EMCC:-emcc}
EMAR=${EMAR:-emar}
WEB_OPT=${WEB_OPT:--O3}
JOBS=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
here=$(cd "$(dirname "$0")" && pwd)
for p in pcre2 zlib bzip2 xz-utils libzstd; do
  [ -f "$deps/$p/.unpacked" ] || { echo "web: the source of $p is missing in $deps: run make deps-web"; exit 1; }
done
rm -rf "$out"; mkdir -p "$out/include" "$out/obj"

# lib NAME FLAGS -- SOURCES...: compiles the sources ($JOBS at a time) into OUT/libNAME.a
lib() {
  name=$1 flags=$2; shift 3
  mkdir -p "$out/obj/$name"
  for s in "$@"; do echo "$s"; done |
    xargs -P "$JOBS" -I{} sh -c 'f={}; o="$0/$(basename "${f%.c}").o"; $1 -c $2 $3 -w "$f" -o "$o" || exit 255' \
      "$out/obj/$name" "$EMCC" "$WEB_OPT" "$flags"
  rm -f "$out/lib$name.a"
  $EMAR rcs "$out/lib$name.a" "$out/obj/$name"/*.o
}

# PCRE2, 8-bit with Unicode; no JIT for wasm (PCRE2's JIT has no wasm back end)
p=$deps/pcre2/src
mkdir -p "$out/obj/pcre2-gen"
cp "$p/config.h.generic" "$out/obj/pcre2-gen/config.h"
cp "$p/pcre2.h.generic" "$out/include/pcre2.h"
cp "$p/pcre2_chartables.c.dist" "$out/obj/pcre2-gen/pcre2_chartables.c"
set --
for f in auto_possess compile config context convert dfa_match error extuni find_bracket jit_compile \
         maketables match match_data newline ord2utf pattern_info script_run serialize string_utils study \
         substitute substring tables ucd valid_utf xclass; do set -- "$@" "$p/pcre2_$f.c"; done
lib pcre2 "$([ "${PCRE2_JIT:-}" = 1 ] && echo -DSUPPORT_JIT) -DHAVE_CONFIG_H -DPCRE2_CODE_UNIT_WIDTH=8 -DSUPPORT_UNICODE -DPCRE2_STATIC -I$out/obj/pcre2-gen -I$out/include -I$p" -- \
  "$@" "$out/obj/pcre2-gen/pcre2_chartables.c"

# zlib: inflate only
z=$deps/zlib
cp "$z/zlib.h" "$z/zconf.h" "$out/include/"
lib z "-DHAVE_UNISTD_H" -- "$z/inflate.c" "$z/inftrees.c" "$z/inffast.c" "$z/adler32.c" "$z/crc32.c" "$z/zutil.c"

# bzip2 (bzlib.c refers to the compressor too)
b=$deps/bzip2
cp "$b/bzlib.h" "$out/include/"
lib bz2 "" -- "$b/bzlib.c" "$b/decompress.c" "$b/huffman.c" "$b/crctable.c" "$b/randtable.c" "$b/compress.c" \
  "$b/blocksort.c"

# liblzma: the .xz stream decoder (config: web/xz-config.h)
x=$deps/xz-utils/src
cp -r "$x/liblzma/api/lzma.h" "$x/liblzma/api/lzma" "$out/include/"
mkdir -p "$out/obj/xz-gen"; cp "$here/xz-config.h" "$out/obj/xz-gen/config.h"
inc="-DHAVE_CONFIG_H -I$out/obj/xz-gen -I$x/common -I$x/liblzma/api"
for d in common check lz lzma rangecoder delta simple; do inc="$inc -I$x/liblzma/$d"; done
set --
for f in common/common common/block_util common/block_decoder common/block_header_decoder common/filter_common \
         common/filter_decoder common/filter_flags_decoder common/index common/index_hash common/stream_decoder \
         common/stream_flags_common common/stream_flags_decoder common/vli_decoder common/vli_size \
         common/easy_preset common/hardware_physmem \
         check/check check/crc32_fast check/crc32_table check/crc64_fast check/crc64_table check/sha256 \
         lz/lz_decoder lzma/lzma_decoder lzma/lzma2_decoder delta/delta_common delta/delta_decoder \
         simple/simple_coder simple/simple_decoder simple/x86 simple/powerpc simple/ia64 simple/arm \
         simple/armthumb simple/arm64 simple/sparc; do set -- "$@" "$x/liblzma/$f.c"; done
lib lzma "$inc" -- "$@" "$x/common/tuklib_physmem.c"

# libzstd: the decoder, without the legacy formats
s=$deps/libzstd/lib
cp "$s/zstd.h" "$s/zstd_errors.h" "$out/include/"
lib zstd "-DZSTD_DISABLE_ASM -DZSTD_LEGACY_SUPPORT=0 -DZSTD_MULTITHREAD=0 -I$s -I$s/common" -- \
  "$s/common/entropy_common.c" "$s/common/error_private.c" "$s/common/fse_decompress.c" "$s/common/xxhash.c" \
  "$s/common/zstd_common.c" "$s/decompress/huf_decompress.c" "$s/decompress/zstd_ddict.c" \
  "$s/decompress/zstd_decompress.c" "$s/decompress/zstd_decompress_block.c"
for n in pcre2 z bz2 lzma zstd; do printf '%s ' "lib$n.a $(wc -c <"$out/lib$n.a")"; done; echo
