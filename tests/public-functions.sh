#!/bin/sh
# Prints the public functions of the library, one per line, sorted: every function that
# the installed headers (include/pdnkit/*.h) declare or define (static inline
# ones too), read with the comments stripped (a name in a comment is no declaration).
# With --code FILE...: prints the C files given with their comments stripped.
# Used by tests/install/api-tested.sh and tests/coverage.sh. No compiler needed.
set -eu
# C without its /* */ and // comments (strings are not parsed: a "//" in a string ends
# its line's code early, which can only make a name look absent, never present)
code() {
  awk '{
    out = ""; s = $0
    while (s != "") {
      if (inc) { i = index(s, "*/"); if (!i) break; s = substr(s, i + 2); inc = 0; continue }
      i = index(s, "/*"); j = index(s, "//")
      if (j && (!i || j < i)) { out = out substr(s, 1, j - 1); break }
      if (i) { out = out substr(s, 1, i - 1) " "; s = substr(s, i + 2); inc = 1; continue }
      out = out s; s = ""
    }
    print out
  }' "$@"
}
if [ "${1:-}" = --code ]; then
  shift
  code "$@"
  exit
fi
files=$(ls include/pdnkit/*.h 2>/dev/null) # the installed headers, nothing else
[ -n "$files" ] || { echo "public-functions.sh: no headers in include/pdnkit/" >&2; exit 2; }
# shellcheck disable=SC2086
code $files | grep -o 'pk_[a-z0-9_]*[[:space:]]*(' | sed 's/[[:space:]]*($//' | LC_ALL=C sort -u
