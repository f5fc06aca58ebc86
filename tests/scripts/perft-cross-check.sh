#!/bin/sh
# The 12x12 perft against an independent script at cheap depths (make perft-deep: depth 8).
exec sh tests/perft/cross-check.sh 5
