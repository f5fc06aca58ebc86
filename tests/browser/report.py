#!/usr/bin/env python3
"""The arbiter's HTML report (pdncheck --html) in headless Chromium.

pdncheck writes the report of a file with known findings (and of a file without games,
whose warning the terminal summary counts); Chromium loads it, runs its script and gives
back the DOM (--dump-dom), once as it opens and once per verdict label with the filter
set through the page's own control (the address #filter=LABEL sets the select and fires
its change handler, as a click would). Checked on the DOM the browser built:
  - each game's label is the one worked out by hand from the rules (EXPECTED below), and
    the one pdncheck --json gives the same game (one verdict function for both);
  - one position diagram per finding that names a position, and the findings are what
    the labels rest on: the errors, draw events, results contradicted and Result tags
    that disagree that pdncheck --json reports for the games not labelled ok;
  - in each position diagram with a move drawn, the moved-from square holds a piece (a
    circle centred on the polyline's first point);
  - the filter, for every label, hides every game of another label and shows those of
    the chosen one, and each game section it shows holds at least one finding;
  - the header's files, games, games with errors and warnings are the terminal
    summary's of the same run;
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

# The label of each game of report-input.pdn, by hand from the rules (report.h lists the
# labels), not from pdncheck's output:
EXPECTED = [
    "errors",          # 1: 36x27 takes one piece, 46x12 two: majority rule (RULES 5.1 E1)
    "errors",          # 2: a quiet move while a capture is mandatory, then a man backwards
    "errors",          # 3: 31x15 matches two captures (RULES 5.1 E2, 4.5)
    "result-board",    # 4: the black king on a1 is blocked and has lost, a draw recorded (RULES 1.9)
    "ok",              # 5: a Russian game, its result in a tolerated form (a warning only)
    "draw-claimable",  # 6: English REP3 is a claim (RULES 3.6)
    "result-tag",      # 7: Result tag 1-0, terminator 0-1 (RULES 4.4)
    "drawn",           # 8: International REP3 is automatic (RULES 3.3, D-INT-1)
    "ok",              # 9: Italian: the third occurrence is a note, REP4 draws (RULES 3.7, D-IT-1)
]
LABELS = ["ok", "errors", "result-board", "result-tag", "drawn", "draw-claimable"]
FINDING_CODES = ("result-mismatch", "result-tag-mismatch")


def check(ok, what):
    global fails
    print(("ok   " if ok else "FAIL ") + what)
    fails += 0 if ok else 1


def chromium(args, timeout=120):
    # a profile of its own (no lock shared with another run); root in CI needs --no-sandbox
    cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
           "--user-data-dir=" + os.path.abspath(os.path.join(OUT, "profile-report")),
           "--force-device-scale-factor=1", "--virtual-time-budget=2000"] + args
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)


def main():
    os.makedirs(OUT, exist_ok=True)
    html = os.path.join(OUT, "report.html")
    empty = os.path.join(OUT, "no-games.pdn")
    with open(empty, "w") as f:
        f.write("{a comment, no game}\n")
    r = subprocess.run([os.path.join(BIN, "pdncheck"), "--html", html, INPUT, empty],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    check(r.returncode == 1 and os.path.exists(html), "pdncheck --html exits 1 (errors) and writes the page")
    summary = r.stdout.splitlines()[-1] if r.stdout else ""
    m = re.match(r"(\d+) files, (\d+) games, (\d+) with errors, (\d+) warnings$", summary)
    check(m is not None, "the terminal summary: %s" % summary)
    j = subprocess.run([os.path.join(BIN, "pdncheck"), "--json", INPUT], stdout=subprocess.PIPE, text=True)
    objs = [json.loads(l) for l in j.stdout.splitlines()]
    verdicts = [o for o in objs if o["type"] == "game"]
    shown = {o["game"] for o in verdicts if o.get("label") != "ok"}
    findings = [o for o in objs if o["type"] == "diagnostic" and o["game"] in shown and
                (o["severity"] == "error" or o["code"].startswith("draw-") or o["code"] in FINDING_CODES)]
    check([o.get("label") for o in verdicts] == EXPECTED,
          "pdncheck --json labels %s are the hand-made ones" % [o.get("label") for o in verdicts])

    url = "file://" + os.path.abspath(html)
    dom = chromium(["--dump-dom", url]).stdout.decode("utf-8", "replace")
    check("</html>" in dom and 'id="games"' in dom, "Chromium opened the page and ran it")
    figures = re.findall(r'<figure class="diagram position">(.*?)</figure>', dom, re.S)
    with_fen = [d for d in findings if d["fen"]]
    check(len(figures) == len(with_fen),
          "%d position diagrams for %d findings with a position" % (len(figures), len(with_fen)))
    articles = re.findall(r'<article class="finding[^"]*">\n<h3><span class="sev">\w+</span> <code>([\w-]+)</code>', dom)
    check(sorted(articles) == sorted(d["code"] for d in findings),
          "the findings shown are %s" % sorted(articles))
    if m:
        stats = dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)</dd>", dom))
        for name, value in (("files", m.group(1)), ("games", m.group(2)), ("games with errors", m.group(3)),
                            ("warnings", m.group(4))):
            check(stats.get(name) == value, "header: %s %s, as the terminal summary says" % (name, stats.get(name)))
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

    rows = re.findall(r'<tr data-verdict="([\w-]+)"( hidden(?:="")?)?', dom)
    check([v for v, _ in rows] == EXPECTED, "table rows labelled %s" % [v for v, _ in rows])
    check(not any(h for _, h in rows), "nothing hidden as the page opens")
    for label in LABELS:
        dom2 = chromium(["--dump-dom", url + "#filter=" + label]).stdout.decode("utf-8", "replace")
        rows2 = re.findall(r'<tr data-verdict="([\w-]+)"( hidden(?:="")?)?', dom2)
        shown = [v for v, h in rows2 if not h]
        hidden = [v for v, h in rows2 if h]
        check(rows2 and all(v == label for v in shown) and all(v != label for v in hidden) and
              len(shown) == EXPECTED.count(label),
              "filter %s: %d shown, %d hidden, all of the right label" % (label, len(shown), len(hidden)))
        sections = re.findall(r'<section class="game" id="g\d+" data-verdict="([\w-]+)"( hidden(?:="")?)?(.*?)</section>',
                              dom2, re.S)
        check(all((v == label) != bool(h) for v, h, _ in sections), "filter %s: game sections follow" % label)
        empty_sections = [v for v, h, body in sections if not h and '<article class="finding' not in body]
        check(not empty_sections, "filter %s: every section shown holds a finding" % label)
        if label != "ok":
            check(sum(1 for v, h, _ in sections if not h) == EXPECTED.count(label),
                  "filter %s: %d sections shown" % (label, EXPECTED.count(label)))

    for name, size in (("desktop", "1280,2000"), ("print", "800,3000")):
        png = os.path.join(OUT, "report-%s.png" % name)
        chromium(["--screenshot=" + png, "--window-size=" + size, url])
        check(os.path.exists(png), "screenshot %s" % png)
    print("report: %d failed" % fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
