#!/bin/sh
# Perft against PERFT.md at cheap depths for every variant row (the deep run is make perft-deep).
exec sh tests/perft.sh quick
