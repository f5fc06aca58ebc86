#!/usr/bin/env python3
"""The arbiter's HTML report (pdncheck --html) in headless Chromium.

pdncheck writes the report of a file with known findings; Chromium loads it, runs its
script and gives back the DOM (--dump-dom), once as it opens and once with the verdict
filter set through the page's own control (the address #filter=VERDICT sets the select
and fires its change handler, as a click would). Checked on the DOM the browser built:
  - one position diagram per finding, and the findings are the errors and draw events
    pdncheck --json reports for the same file;
  - in each position diagram with a move drawn, the moved-from square holds a piece (a
    circle centred on the polyline's first point);
  - the filter hides every game of another verdict and shows those of the chosen one;
  - Cyrillic and accented names come through intact.
Screenshots (desktop and print width) are left in OUTDIR for a person to look at.
Usage: report.py BUILD_BIN OUTDIR
"""
import json
import os
import re
import subprocess
import sys

BIN, OUT = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
INPUT = os.path.join(HERE, "report-input.pdn")
fails = 0


def check(ok, what):
    global fails
    print(("ok   " if ok else "FAIL ") + what)
    fails += 0 if ok else 1


def chromium(args, timeout=120):
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--virtual-time-budget=2000"] + args
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)


def main():
    os.makedirs(OUT, exist_ok=True)
    html = os.path.join(OUT, "report.html")
    r = subprocess.run([os.path.join(BIN, "pdncheck"), "--html", html, INPUT],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    check(r.returncode == 1 and os.path.exists(html), "pdncheck --html exits 1 (errors) and writes the page")
    j = subprocess.run([os.path.join(BIN, "pdncheck"), "--json", INPUT], stdout=subprocess.PIPE, text=True)
    diags = [json.loads(l) for l in j.stdout.splitlines() if l.startswith('{"type":"diagnostic"')]
    findings = [d for d in diags if d["severity"] == "error" or d["code"].startswith("draw-")]
    verdicts = [json.loads(l) for l in j.stdout.splitlines() if l.startswith('{"type":"game"')]

    url = "file://" + html
    dom = chromium(["--dump-dom", url]).stdout.decode("utf-8", "replace")
    check("</html>" in dom and 'id="games"' in dom, "Chromium opened the page and ran it")
    figures = re.findall(r'<figure class="diagram position">(.*?)</figure>', dom, re.S)
    check(len(figures) == len(findings),
          "%d position diagrams for %d errors and draw events" % (len(figures), len(findings)))
    moved = 0
    for fig in figures:
        m = re.search(r'<polyline points="(\d+),(\d+)', fig)
        if not m:
            continue
        x, y = m.group(1), m.group(2)
        circles = re.findall(r'<circle cx="(\d+)" cy="(\d+)" r="(\d+)" fill="(#[0-9a-f]+)" stroke', fig)
        has = any(cx == x and cy == y for cx, cy, _, _ in circles)
        moved += 1
        check(has, "the moved-from square (%s,%s) of a drawn move holds a piece" % (x, y))
    check(moved >= 3, "%d diagrams with a move drawn" % moved)
    check("Лебедев" in dom and "Müller" in dom, "UTF-8 names shown (Cyrillic, accents)")

    rows = re.findall(r'<tr data-verdict="(\w+)"( hidden(?:="")?)?', dom)
    check(len(rows) == len(verdicts), "%d table rows for %d games" % (len(rows), len(verdicts)))
    check(not any(h for _, h in rows), "nothing hidden as the page opens")
    for verdict in ("ok", "errors"):
        dom2 = chromium(["--dump-dom", url + "#filter=" + verdict]).stdout.decode("utf-8", "replace")
        rows2 = re.findall(r'<tr data-verdict="(\w+)"( hidden(?:="")?)?', dom2)
        shown = [v for v, h in rows2 if not h]
        hidden = [v for v, h in rows2 if h]
        check(rows2 and all(v == verdict for v in shown) and all(v != verdict for v in hidden) and shown,
              "filter %s: %d shown, %d hidden, all of the right verdict" % (verdict, len(shown), len(hidden)))
        sections = re.findall(r'<section class="game" id="g\d+" data-verdict="(\w+)"( hidden(?:="")?)?', dom2)
        check(all((v == verdict) != bool(h) for v, h in sections), "filter %s: game sections follow" % verdict)

    for name, size in (("desktop", "1280,2000"), ("print", "800,3000")):
        png = os.path.join(OUT, "report-%s.png" % name)
        chromium(["--screenshot=" + png, "--window-size=" + size, url])
        check(os.path.exists(png), "screenshot %s" % png)
    print("report: %d failed" % fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
