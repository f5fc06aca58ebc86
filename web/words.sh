#!/bin/sh
# web/words.sh -- the words of web/page.html as JavaScript calls T("..."), for xgettext
# (mk/nls.mk puts them with page.js's in po/pdnkit.pot, in the context "page"; issue 36).
# xgettext reads no HTML: an element marked data-t gives its content (its HTML, the
# white space collapsed as page.js collapses it before looking it up), one marked
# data-t="aria-label title" those attributes. A marked element holds no element of its
# own tag name (its content ends at the first closing tag of that name).
# Usage: sh web/words.sh web/page.html >words.js
set -eu
awk '
{ s = s $0 "\n" }
function norm(t) { gsub(/[ \t\n]+/, " ", t); sub(/^ /, "", t); sub(/ $/, "", t); return t }
function out(t) { gsub(/\\/, "\\\\", t); gsub(/"/, "\\\"", t); print "T(\"" t "\");" }
END {
  while (match(s, /<[a-z0-9]+ [^>]*data-t(="[^"]*")?[ >]/)) {
    tagstart = RSTART; rest = substr(s, RSTART)
    open_end = index(rest, ">")
    tag = substr(rest, 1, open_end)
    name = tag; sub(/^</, "", name); sub(/[ >].*/, "", name)
    if (match(tag, /data-t="[^"]*"/)) {
      n = split(substr(tag, RSTART + 8, RLENGTH - 9), attrs, " ")
      for (i = 1; i <= n; i++)
        if (match(tag, " " attrs[i] "=\"[^\"]*\"")) out(substr(tag, RSTART + length(attrs[i]) + 3, RLENGTH - length(attrs[i]) - 4))
      s = substr(rest, open_end + 1)
    } else {
      body = substr(rest, open_end + 1)
      cl = index(body, "</" name ">")
      if (!cl) { print "words.sh: <" name "> not closed" > "/dev/stderr"; exit 1 }
      out(norm(substr(body, 1, cl - 1)))
      s = substr(body, cl)
    }
  }
}' "$1"
