#!/bin/sh
# pdndiagram's SVGs rendered in headless Chromium (tests/browser/render.sh).
exec sh tests/browser/render.sh
