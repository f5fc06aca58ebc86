#!/bin/sh
# The arbiter's HTML report (pdncheck --html) driven in headless Chromium
# (tests/browser/report.py, run by tests/browser/render.sh).
exec sh tests/browser/render.sh report.py
