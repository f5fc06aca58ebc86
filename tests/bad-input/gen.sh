#!/bin/sh
# Writes the generated bad inputs of the bad-input suite into DIR (the large ones are
# never committed): sh tests/bad-input/gen.sh DIR
# Every file is deterministic (no randomness, no clock). The table of cases that use
# them, with their independent game counts, is tests/bad-input/cases.
d=${1:?usage: gen.sh DIR}
mkdir -p "$d" || exit 1
LC_ALL=C; export LC_ALL
ok='[Event "ok"]
[GameType "20"]
1. 32-28 19-23 2. 28x19 14x23 1-0'

# --- empty, binary, NUL bytes, invalid UTF-8 --------------------------------------------
: >"$d/empty.pdn"
printf '\n\n   \n\t\n' >"$d/blank.pdn"
# 64 KiB of bytes in a fixed scrambled order (a linear congruential sequence): binary.pdn
# has no printable ASCII (bytes >= 0x80, blanks and control characters: no tag, move or
# result can appear, so no game); binary-mixed.pdn has every byte value
awk 'BEGIN { x = 1; for (i = 0; i < 65536; i++) { x = (x * 1103515245 + 12345) % 2147483648; c = int(x / 65536) % 256
  if (c >= 33 && c < 128) c += 128; printf "%c", c } }' >"$d/binary.pdn"
awk 'BEGIN { x = 7; for (i = 0; i < 65536; i++) { x = (x * 1103515245 + 12345) % 2147483648; printf "%c", int(x / 65536) % 256 } }' >"$d/binary-mixed.pdn"
# an ELF-like header then text: binary data with a game after it
{ printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000'; printf '\n%s\n' "$ok"; } >"$d/binary-then-game.pdn"
# NUL bytes in a tag value, in a comment, between moves
printf '[Event "a\000b"]\n[GameType "20"]\n1. 32-28 {x\000y} 19-23 \000 2. 28x19 14x23 1-0\n\n%s\n' "$ok" >"$d/nul-bytes.pdn"
# issue 21 item 9: a NUL inside a FEN tag (read as U+FFFD: a bad FEN, never the shorter
# "W:W31", another position) and an ESC (escaped in the message)
printf '[GameType "20"]\n[FEN "W:W31\000:B1"]\n1. 31-27 *\n\n[GameType "20"]\n[FEN "W:W31\033[2J:B1"]\n1. 31-27 *\n\n%s\n' "$ok" >"$d/nul-esc-fen.pdn"
# issue 21 items 11 and 15: a doubled K, a square listed twice in two notations, :H and
# :F past 999999999 (refused, were cut), a NAG past $999999 (kept as written, was cut)
printf '[GameType "20"]\n[FEN "W:WKK31:B1"]\n1. 31-27 *\n\n[GameType "20"]\n[FEN "W:Wa1,A1:B1"]\n1. 46-41 *\n\n[GameType "20"]\n[FEN "W:W31:B1:H99999999999"]\n1. 31-27 *\n\n[GameType "20"]\n[FEN "W:W31:B1:F1000000000"]\n1. 31-27 *\n\n[GameType "20"]\n1. 32-28 $99999999999999999999 19-23 *\n\n%s\n' "$ok" >"$d/fen-words-numbers.pdn"
# invalid UTF-8 in a tag value and a comment (lone continuation byte, truncated
# sequence, overlong encoding, 0xFF), in a file that is otherwise UTF-8 (has an e-acute)
printf '[Event "caf\303\251 \200 \303 \300\257 \377"]\n[GameType "20"]\n1. 32-28 {\355\240\200} 19-23 2. 28x19 14x23 1-0\n\n%s\n' "$ok" >"$d/invalid-utf8.pdn"

# --- a 10 MB line ---------------------------------------------------------------------
# a 10 MB comment on one line inside a game, then a second game
awk -v ok="$ok" 'BEGIN { s = "abcdefghij"; for (i = 0; i < 10; i++) s = s s; # 10 KiB
  printf "[Event \"long comment\"]\n[GameType \"20\"]\n1. 32-28 {"
  for (i = 0; i < 1024; i++) printf "%s", s
  printf "} 19-23 2. 28x19 14x23 1-0\n\n%s\n", ok }' >"$d/line-10mb-comment.pdn"
# a 10 MB line with no blank (one giant token), then a game
awk -v ok="$ok" 'BEGIN { s = "abcdefghij"; for (i = 0; i < 10; i++) s = s s
  for (i = 0; i < 1024; i++) printf "%s", s
  printf "\n\n%s\n", ok }' >"$d/line-10mb-token.pdn"
# a 10 MB tag value on one line, then a game
awk -v ok="$ok" 'BEGIN { s = "abcdefghij"; for (i = 0; i < 10; i++) s = s s
  printf "[Event \""; for (i = 0; i < 1024; i++) printf "%s", s
  printf "\"]\n[GameType \"20\"]\n1. 32-28 19-23 1-0\n\n%s\n", ok }' >"$d/line-10mb-tag.pdn"

# 10 MB lines that once hung the reader or blew up its memory (each then a good game):
# a move chain with no blank, the same with spaced separators, '[' with no ']', NAGs, dashes
for spec in 'move-chain:1-2-' 'spaced-chain:1 - ' 'algebraic-chain:a1-b2' 'brackets:[[[[' 'open-tags:[a[a' \
            'nags:$1$1' 'dashes:----'; do
  awk -v ok="$ok" -v p="${spec#*:}" 'BEGIN { s = p; while (length(s) < 10485760) s = s s
    printf "%s\n\n%s\n", s, ok }' >"$d/line-10mb-${spec%%:*}.pdn"
done

# --- files cut short --------------------------------------------------------------------
printf '%s\n\n[Event "cut"]\n[Whi' "$ok" >"$d/cut-mid-tag.pdn"
printf '%s\n\n[Event "cut"]\n[White "Abc' "$ok" >"$d/cut-mid-tag-string.pdn"
printf '%s\n\n[Event "cut"]\n[GameType "20"]\n1. 32-28 {a comment that never' "$ok" >"$d/cut-mid-comment.pdn"
printf '%s\n\n[Event "cut"]\n[GameType "20"]\n1. 32-28 (1. 33-29 19-23 2. 29' "$ok" >"$d/cut-mid-variation.pdn"
printf '%s\n\n[Event "cut"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x' "$ok" >"$d/cut-mid-move.pdn"
printf '%s\n\n[Event "cut"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 1-' "$ok" >"$d/cut-mid-result.pdn"

# --- an unterminated tag string, followed by two good games ------------------------------
printf '[Event "never closed]\n[GameType "20"]\n1. 32-28 19-23 1-0\n\n%s\n\n%s\n' "$ok" "$ok" >"$d/tag-string-unterminated.pdn"

# --- 100,000 nested variations ---------------------------------------------------------
awk -v ok="$ok" 'BEGIN { printf "[Event \"deep\"]\n[GameType \"20\"]\n1. 32-28 "
  for (i = 0; i < 100000; i++) printf "(1. 33-29 "
  for (i = 0; i < 100000; i++) printf ")"
  printf " 19-23 1-0\n\n%s\n", ok }' >"$d/nested-100k.pdn"
# the same, never closed, with no result: the file ends inside them
awk -v ok="$ok" 'BEGIN { printf "%s\n\n[Event \"deep\"]\n[GameType \"20\"]\n1. 32-28 ", ok
  for (i = 0; i < 100000; i++) printf "("
  printf "\n" }' >"$d/nested-100k-unclosed.pdn"

# --- a 100,000-ply game -----------------------------------------------------------------
# One king a side shuffles on International draughts: legal all along; the threefold
# repetition draws the game at ply 8 and the rest is played after the draw.
awk -v ok="$ok" 'BEGIN { printf "[Event \"long\"]\n[GameType \"20\"]\n[FEN \"W:WK50:BK1\"]\n"
  split("50-44 1-7 44-50 7-1", m, " ")
  for (i = 0; i < 100000; i++) {
    if (i % 2 == 0) printf "%d. ", i / 2 + 1
    printf "%s%s", m[i % 4 + 1], (i % 20 == 19) ? "\n" : " "
  }
  printf "1/2-1/2\n\n%s\n", ok }' >"$d/plies-100k.pdn"

# --- FEN and squares out of range --------------------------------------------------------
awk -v ok="$ok" 'BEGIN { printf "[Event \"fen 200\"]\n[GameType \"20\"]\n[FEN \"W:W"
  for (i = 1; i <= 100; i++) printf "%s%d", (i > 1 ? "," : ""), i
  printf ":B"; for (i = 101; i <= 200; i++) printf "%s%d", (i > 101 ? "," : ""), i
  printf "\"]\n1. 32-28 *\n\n%s\n", ok }' >"$d/fen-200-squares.pdn"
awk -v ok="$ok" 'BEGIN { printf "[Event \"fen 200 repeated\"]\n[GameType \"20\"]\n[FEN \"W:W"
  for (i = 0; i < 200; i++) printf "%s%d", (i > 0 ? "," : ""), 31 + i % 20
  printf ":B1-20\"]\n1. 32-28 *\n\n%s\n", ok }' >"$d/fen-200-repeated.pdn"
printf '[Event "square 0"]\n[GameType "20"]\n1. 0-5 19-23 *\n\n[Event "square 51"]\n[GameType "20"]\n1. 32-28 51-46 *\n\n[Event "fen 0"]\n[GameType "20"]\n[FEN "W:W0,31:B1"]\n1. 31-26 *\n\n[Event "fen 51"]\n[GameType "20"]\n[FEN "W:W31:B51"]\n1. 31-26 *\n\n%s\n' "$ok" >"$d/squares-0-51.pdn"

# --- nonsense GameType --------------------------------------------------------------------
for gt in 'banana' '99' '-5' '2147483648' '20,X,99,0,Q9,7' '20,W,10,10,N2,0,extra' ''; do
  printf '[Event "gametype %s"]\n[GameType "%s"]\n1. 32-28 19-23 *\n\n' "$gt" "$gt"
done >"$d/gametype-nonsense.pdn"

# --- an unreadable file among readable ones ---------------------------------------------
printf '%s\n' "$ok" >"$d/readable-1.pdn"
printf '%s\n\n%s\n' "$ok" "$ok" >"$d/readable-2.pdn"
mkdir -p "$d/a-directory.pdn"

# --- compressed input: told by the magic bytes, not the name --------------------------------
# (gzip, bzip2, xz, zstd: the tools `make deps` installs; -n keeps gzip's output free of
# names and dates). Cut and damaged copies lose only their compressed trailer or check, so
# every game is decoded before the error whatever the compressor's version: no game lost.
printf '%s\n\n%s\n\n%s\n' "$ok" "$ok" "$ok" >"$d/three-games.txt"
gzip -n -c "$d/three-games.txt" >"$d/compressed-gzip.pdn" &&
bzip2 -c "$d/three-games.txt" >"$d/compressed-bzip2.pdn" &&
xz -c "$d/three-games.txt" >"$d/compressed-xz.pdn" &&
zstd -q -c "$d/three-games.txt" >"$d/compressed-zstd.pdn" || exit 1
cat "$d/compressed-gzip.pdn" "$d/compressed-gzip.pdn" >"$d/compressed-gzip-concat.pdn"
cat "$d/compressed-xz.pdn" "$d/compressed-xz.pdn" >"$d/compressed-xz-concat.pdn"
cat "$d/compressed-zstd.pdn" "$d/compressed-zstd.pdn" >"$d/compressed-zstd-concat.pdn"
cat "$d/compressed-bzip2.pdn" "$d/compressed-bzip2.pdn" >"$d/compressed-bzip2-concat.pdn"
cut_tail() { # file bytes: the file without its last bytes
  head -c $(( $(wc -c <"$1") - $2 )) "$1"
}
cut_tail "$d/compressed-gzip.pdn" 8 >"$d/compressed-gzip-cut.pdn"   # CRC-32 and size
cut_tail "$d/compressed-bzip2.pdn" 10 >"$d/compressed-bzip2-cut.pdn" # end-of-stream mark and CRC
cut_tail "$d/compressed-xz.pdn" 12 >"$d/compressed-xz-cut.pdn"      # stream footer
cut_tail "$d/compressed-zstd.pdn" 4 >"$d/compressed-zstd-cut.pdn"   # content checksum
{ cut_tail "$d/compressed-gzip.pdn" 8; printf '\0\0\0\0'; tail -c 4 "$d/compressed-gzip.pdn"; } >"$d/compressed-gzip-bad-crc.pdn"
{ cat "$d/compressed-gzip.pdn"; printf 'trailing junk\n'; } >"$d/compressed-gzip-trailing.pdn"
# a gzip header and nothing more
head -c 10 "$d/compressed-gzip.pdn" >"$d/compressed-gzip-header-only.pdn"

# --- UTF-16 and UTF-32 ----------------------------------------------------------------------
# two games with non-ASCII names, in each form, with and without a byte-order mark
uni="$d/unicode.txt"
printf '[Event "Caf\303\251"]\n[White "\320\220\320\261\320\260\321\206\320\270\320\265\320\262"]\n%s\n\n%s\n' "$ok" "$ok" >"$uni"
for e in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
  iconv -f UTF-8 -t $e "$uni" >"$d/.body" || exit 1
  case $e in
  UTF-16LE) bom='\377\376' ;; UTF-16BE) bom='\376\377' ;;
  UTF-32LE) bom='\377\376\000\000' ;; UTF-32BE) bom='\000\000\376\377' ;;
  esac
  { printf "$bom"; cat "$d/.body"; } >"$d/bom-$e.pdn"
  cp "$d/.body" "$d/nobom-$e.pdn" # UTF-32 too: issue 21 item 16 (read as UTF-8 before)
done
# UTF-16LE cut in the middle of a code unit, and with a lone surrogate (D800) in a comment
{ printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$uni"; printf 'x'; } >"$d/utf16-odd-length.pdn"
{ printf '\377\376'; printf '1. 32-28 {a' | iconv -f UTF-8 -t UTF-16LE; printf '\000\330'
  printf '} 19-23 *\n' | iconv -f UTF-8 -t UTF-16LE; } >"$d/utf16-lone-surrogate.pdn"
rm -f "$d/.body"

# --- one Latin-1 byte in a UTF-8 file: only it is read as cp1252 --------------------------------
printf '[Event "Caf\351"]\n[White "Caf\303\251 \320\220\320\261"]\n%s\n\n[Event "Caf\303\251"]\n[GameType "20"]\n1. 32-28 {\320\220\320\261 Caf\303\251} *\n' "$ok" >"$d/latin1-in-utf8.pdn"

# --- pdncheck -r (issue 21 item 8): compressed game files are read; every game file that
# cannot be read is named, exit status 2: a link to nothing, a loop of links, a FIFO (which
# hung the run); a link back up is not walked twice; a folder without game files is a warning
mkdir -p "$d/walk/sub" "$d/empty-folder/deeper" || exit 1
printf '%s\n' "$ok" >"$d/walk/ok.pdn"
printf '%s\n\n%s\n\n%s\n' "$ok" "$ok" "$ok" | gzip -n -c >"$d/walk/sub/three.PDN.gz" &&
ln -s nowhere.pdn "$d/walk/dangling.pdn" && ln -s loop-b.pdn "$d/walk/loop-a.pdn" &&
ln -s loop-a.pdn "$d/walk/loop-b.pdn" && mkfifo "$d/walk/fifo.pdn" && ln -s .. "$d/walk/sub/up" || exit 1
