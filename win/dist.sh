#!/bin/sh
# win/dist.sh VERSION WIN DEPS OUT -- make dist-windows: the Windows zip an arbiter unpacks.
# WIN is the Windows build (make windows), DEPS the unpacked Debian sources (their licences),
# OUT the zip (build/pdnkit-VERSION-win64.zip). Inside, in one folder pdnkit-VERSION-win64/:
#   bin/        the seven tools (.exe, static: they need no DLL) and libpdnkit-1.dll
#   include/    pdnkit/*.h, the public headers
#   lib/        libpdnkit.a, libpdnkit.dll.a (the import library), pkgconfig/pdnkit.pc, and
#               the bundled libraries' static archives that libpdnkit.a needs
#   doc/        the manuals as HTML (groff -mandoc -Thtml from man/)
#   licenses/   the bundled libraries' copyright files (Debian's) and mingw-w64's runtime's
#   README.txt  what is here and the three commands to type first (CRLF: Notepad)
set -eu
version=$1 win=$2 deps=$3 out=$4
name=pdnkit-$version-win64
stage=$win/dist/$name
rm -rf "$win/dist"; mkdir -p "$stage/bin" "$stage/include/pdnkit" "$stage/lib/pkgconfig" "$stage/doc" "$stage/licenses"
cp "$win"/bin/*.exe "$win/libpdnkit-1.dll" "$stage/bin/"
${WIN_STRIP:-x86_64-w64-mingw32-strip} "$stage"/bin/*.exe "$stage/bin/libpdnkit-1.dll" # no debug info: a tenth of the size
cp include/pdnkit/*.h "$stage/include/pdnkit/"
cp "$win/libpdnkit.a" "$win/libpdnkit.dll.a" "$stage/lib/"
for l in pcre2 z bz2 lzma zstd; do cp "$win/3p/lib$l.a" "$stage/lib/"; done
# pdnkit.pc relative to itself (pkg-config --define-prefix, or PKG_CONFIG_PATH=...\lib\pkgconfig)
sed -e 's|@PREFIX@|${pcfiledir}/../..|; s|@LIBDIR@|${prefix}/lib|; s|@INCLUDEDIR@|${prefix}/include|' \
  -e "s|@VERSION@|$version|; s|@REQUIRES@||; s|@LIBS@|-lpcre2 -lz -lbz2 -llzma -lzstd -lpthread -lm|" \
  -e '/^Requires.private: *$/d' pdnkit.pc.in >"$stage/lib/pkgconfig/pdnkit.pc"
top=$(pwd)
for m in man/*.[0-9]; do # (in doc/: grohtml writes the images of tables beside the page)
  (cd "$stage/doc" && groff -mandoc -Thtml -P -l -P -r "$top/$m" 2>/dev/null >"$(basename "$m").html")
done
for p in pcre2 zlib bzip2 xz-utils libzstd; do cp "$deps/$p/debian/copyright" "$stage/licenses/$p.txt"; done
for f in /usr/share/doc/mingw-w64-common/copyright:mingw-w64-runtime-winpthreads.txt \
         /usr/share/doc/gcc-mingw-w64-base/copyright:gcc-runtime-libgcc.txt; do
  [ -f "${f%%:*}" ] && cp "${f%%:*}" "$stage/licenses/${f#*:}"
done
sed "s/@VERSION@/$version/g" win/README.txt | sed 's/$/\r/' >"$stage/README.txt"
rm -f "$out"
(cd "$win/dist" && TZ=UTC zip -qrX9 - "$name") >"$out"
echo "dist-windows: wrote $out ($(wc -c <"$out") bytes)"
