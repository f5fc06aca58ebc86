#!/bin/sh
# Builds the seed corpora of the fuzz targets in $BUILD/seeds-<target> (rebuilt each run):
#   fuzz_pdn       whole small files and single games (at most 8 per file, each at most
#                  6 KB) split from pdn/ and the corpora (tests/corpora, unpacked into $BUILD/corpora), plus tests/fuzz/seeds/*
#                  and the committed bad inputs tests/bad-input/*.pdn
#   fuzz_pdncheck  the same games, each behind two option bytes (see fuzz_pdncheck.c)
#   fuzz_fen       every distinct FEN tag of the corpora behind a variant byte, plus the
#                  start positions
#   fuzz_match     the numeric games of the corpora turned into square bytes
#                  (see fuzz_match.c) behind their variant byte
# Usage: sh tests/fuzz/seeds.sh   (environment: BUILD, default build/fuzz; CORPORA)
BUILD=${BUILD:-build/fuzz}
CORPORA=${CORPORA:-build/corpora}
LC_ALL=C; export LC_ALL
C="$CORPORA"
for t in pdn pdncheck fen match; do rm -rf "$BUILD/seeds-fuzz_$t"; mkdir -p "$BUILD/seeds-fuzz_$t"; done
P="$BUILD/seeds-fuzz_pdn"; K="$BUILD/seeds-fuzz_pdncheck"; F="$BUILD/seeds-fuzz_fen"; M="$BUILD/seeds-fuzz_match"

list=$BUILD/seed-files.txt
{ find pdn tests/fuzz/seeds tests/bad-input -maxdepth 1 -type f -name '*.pdn' 2>/dev/null
  [ -d "$C" ] && find "$C" -type f -name '*.pdn'; } | sort >"$list"

n=0
while IFS= read -r f; do
  n=$((n + 1))
  size=$(wc -c <"$f")
  [ "$size" -le 16384 ] && cp "$f" "$P/file$n.pdn"
  # Split into games: a game starts at a tag line that follows a non-tag line.
  # Keep games 1, 1+s, 1+2s, ... (s chosen so that at most 8 are kept), at most 6 KB each.
  awk -v out="$P/g$n." -v kout="$K/g$n." -v fout="$F/fen$n." -v mout="$M/m$n." -v path="$f" '
    function flush() {
      if (buf != "" && (games - 1) % step == 0 && kept < 8 && length(buf) <= 6144) {
        kept++
        printf "%s", buf > (out kept); close(out kept)
        printf "%c%c%s", (kept * 37) % 256, kept, buf > (kout kept); close(kout kept)
        if (vbyte >= 0 && nmv > 0) { printf "%c\n%s", vbyte, mv > (mout kept); close(mout kept) }
      }
      buf = ""; mv = ""; nmv = 0
    }
    BEGIN {
      step = 1; vbyte = -1
      # variant bytes (enum pk_variant_id) of the numeric families, by corpus folder
      if (path ~ /\/international\//) vbyte = 0
      else if (path ~ /\/english\//) vbyte = 1
      else if (path ~ /\/italian\//) vbyte = 6
      else if (path ~ /\/pool\//) vbyte = 8
      else if (path ~ /\/frisian\//) vbyte = 9
    }
    FNR == 1 { while ((getline l < path) > 0) if (l ~ /^\[/ && prevtag == 0) { total++; prevtag = 1 } else if (l !~ /^[ \t\r]*$/) prevtag = (l ~ /^\[/); close(path); step = int(total / 8) + 1; prevtag = 0 }
    {
      if ($0 ~ /^\[/ && !intag) { flush(); games++ }
      intag = ($0 ~ /^\[/) ? 1 : ($0 ~ /^[ \t\r]*$/ ? intag : 0)
      buf = buf $0 "\n"
      if ($0 ~ /^\[FEN "/) {
        fen = $0; sub(/^\[FEN "/, "", fen); sub(/".*$/, "", fen)
        if (!(fen in seen) && nfen < 40) { seen[fen] = 1; nfen++; printf "%c%s", (vbyte < 0 ? 4 : vbyte), fen > (fout nfen); close(fout nfen) }
      }
      if ($0 !~ /^\[/ && vbyte >= 0) {
        line = $0; gsub(/\{[^}]*\}/, "", line); gsub(/\([^)]*\)/, "", line)
        k = split(line, w, /[ \t\r]+/)
        for (i = 1; i <= k; i++) {
          t = w[i]; sub(/^[0-9]+\.+/, "", t)
          if (t !~ /^[0-9]+([-x][0-9]+)+$/ || t ~ /^[012]-[012]$/) continue
          q = split(t, s, /[-x]/)
          mv = mv sprintf("%c", (q - 2) + (t ~ /x/ ? 32 : 0) + 64)
          for (j = 1; j <= q; j++) mv = mv sprintf("%c", (s[j] + 255) % 256)
          nmv++
        }
      }
    }
    END { flush() }' "$f"
done <"$list"

# start positions of every variant (fuzz_fen: variant byte + FEN text)
i=0
for fen in 'W:W31-50:B1-20' 'B:W21-32:B1-12' 'W:W1-12:B21-32' 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8' \
           'W:WK46,K47:BK5' 'B:W18,K26:BK4.' '?:W:BK4' 'W:W31-50:B1-20:H0:F1'; do
  j=0
  while [ $j -lt 10 ]; do
    printf "\\$(printf %03o $j)%s" "$fen" >"$F/start$i.$j"; j=$((j + 1))
  done
  i=$((i + 1))
done
# fuzz_match: every variant from its start position, no move yet
j=0
while [ $j -lt 20 ]; do printf "\\$(printf %03o $j)\n" >"$M/start$j"; j=$((j + 1)); done
# fuzz_written: move texts in every notation pdnmoves --check reads, behind a variant byte
W="$BUILD/seeds-fuzz_written"; rm -rf "$W"; mkdir -p "$W"
i=0
for mv in '32-28' '32x23x14' '27 x 18' '11x18 18x25' 'c3:e5' 'C3:E5' 'hg7' 'c3e5' '46x23x12!' 'a1-j10' '9-13'; do
  j=0
  while [ $j -lt 10 ]; do
    printf "\\$(printf %03o $j)%s" "$mv" >"$W/mv$i.$j"; j=$((j + 1))
  done
  i=$((i + 1))
done
for t in pdn pdncheck fen match written; do
  echo "seeds: fuzz_$t: $(ls "$BUILD/seeds-fuzz_$t" | wc -l) files, $(du -sk "$BUILD/seeds-fuzz_$t" | cut -f1) KiB"
done
