#!/bin/sh
# tests/windows/wine-bin.sh EXEDIR OUT -- OUT/bin/TOOL for each EXEDIR/TOOL.exe: a wrapper that
# runs the .exe under wine, so that the test scripts, which run $BUILD/bin/TOOL, run the
# Windows tools with BUILD=OUT (make check-windows). WINEDEBUG=-all: wine's own notes on
# stderr would differ from the Linux tools' stderr.
set -eu
exe=$(cd "$1" && pwd) out=$2
WINE=${WINE:-wine}
mkdir -p "$out/bin"
for f in "$exe"/*.exe; do
  t=$(basename "$f" .exe)
  printf '#!/bin/sh\nWINEDEBUG=-all exec %s "%s" "$@"\n' "$WINE" "$f" >"$out/bin/$t"
  chmod +x "$out/bin/$t"
done
