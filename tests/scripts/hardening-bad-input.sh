#!/bin/sh
# The bad-input suite (tests/bad-input/): empty, binary, NUL bytes, invalid UTF-8, 10 MB
# lines, files cut short, 100,000 nested variations, a 100,000-ply game, bad FENs and
# squares, nonsense GameTypes, an unreadable file among readable ones, fuzz regressions.
exec sh tests/bad-input/run.sh
