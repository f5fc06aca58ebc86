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
Then, over the DevTools pipe (cdp.py), at 1280x900 and 390x844 (issue 34):
  - the page's own Content-Security-Policy lets its script run (the filter's count is
    written) and nothing else: no request, no error in the log;
  - the warnings are listed by kind, each with its count and an example (item 5), as
    pdncheck --json counts them;
  - each finding's heading is in words ("Illegal move", "A capture was compulsory", "A
    draw could have been claimed"), its code after it (item 9); the header says what 1-0
    means in each variant (English: Black moves first);
  - the header names each file with its size and SHA-256 and the date (item 12); a game's
    long tags stay inside the table (no cell wider than the page); the Italian Bianco and
    Nero tags name the players; "games with errors" says how the filter splits it;
  - the copies of one game, in one file or another, written otherwise (tags, a comment,
    a variation), are listed grouped by the game first seen: "Game 3 (F) is a copy of
    game 1 (G)" (item 12, pdngrep -u's key), and pdngrep -D finds the same ones.
And in each language of the catalogues (issue 36: pdncheck --lang LL, the build tree's
catalogues), at 1280x900 and 390x844: <html lang> is LL, the page's script runs under its
policy and writes the filter's count in LL's words, the findings' headings are the
glossary's (doc/glossary.md), the machine parts (each row's data-verdict, the codes) are
the English page's, and no translation makes the page wider than a phone.
Screenshots (desktop and print width, and the two sizes above, and each language's) are
left in OUTDIR for a person to look at.
Usage: report.py BUILD_BIN OUTDIR
"""
import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

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
    articles = re.findall(r'<article class="finding[^"]*">\n<h3>[^<]+</h3>\n<p class="detail"><span class="sev">\w+</span> '
                          r'<code>([\w-]+)</code>', dom)
    check(sorted(articles) == sorted(d["code"] for d in findings),
          "the findings shown are %s" % sorted(articles))
    if m:
        stats = dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)", dom))
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
    devtools(objs)
    languages()
    print("report: %d failed" % fails)
    sys.exit(1 if fails else 0)


# The words each language's page must show (po/LL.po, with doc/glossary.md's terms):
# the filter's count of the 9 games and the heading of game 1's finding.
LANG_WORDS = {
    "fr": ("9 affichées", "Une autre prise était obligatoire"),
    "nl": ("9 getoond", "Een andere slag was verplicht"),
    "ru": ("показано: 9", "Обязательным было другое взятие"),
    "pt": ("9 exibidas", "Outra captura era obrigatória"),
    "es": ("9 mostradas", "Otra captura era obligatoria"),
    "it": ("9 mostrate", "Un'altra presa era obbligatoria"),
}


def languages():
    """pdncheck --html --lang LL in the browser (issue 36)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH="1765100000",
               PDNKIT_LOCALEDIR=os.path.join(os.path.dirname(os.path.abspath(BIN)), "locale"))
    empty = os.path.join(OUT, "no-games.pdn")
    pages = {}
    for lang in ["en"] + sorted(LANG_WORDS):
        pages[lang] = os.path.join(OUT, "report-%s.html" % lang)
        r = subprocess.run([os.path.join(BIN, "pdncheck"), "-q", "--lang", lang, "--html", pages[lang], INPUT, empty],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        check(r.returncode == 1, "pdncheck --lang %s --html: exit %d" % (lang, r.returncode))
    machine = "JSON.stringify([document.documentElement.lang, Array.prototype.map.call(" \
              "document.querySelectorAll('[data-verdict]'),function(e){return e.dataset.verdict}), " \
              "Array.prototype.map.call(document.querySelectorAll('code'),function(e){return e.textContent}), " \
              "document.getElementById('verdict-filter').value])"
    b = cdp.Browser(os.path.join(OUT, "profile-report-lang"))
    try:
        english = None
        for lang in ["en"] + sorted(LANG_WORDS):
            for name, (w, h) in (("desktop", (1280, 900)), ("phone", (390, 844))):
                before = len(b.log())
                sid = b.new_page(w, h)
                b.send("Page.navigate", {"url": "file://" + os.path.abspath(pages[lang])}, session=sid)
                b.wait_for(sid, "document.readyState === 'complete' && !!document.getElementById('shown')")
                got = json.loads(b.evaluate(sid, machine))
                check(got[0] == lang, "%s %s: <html lang=\"%s\">" % (lang, name, got[0]))
                if english is None:
                    english = got
                check(got[1:] == english[1:], "%s %s: the verdicts, codes and filter are the English page's" % (lang, name))
                shown = b.evaluate(sid, "document.getElementById('shown').textContent")
                heads = b.evaluate(sid, "Array.prototype.map.call(document.querySelectorAll('article.finding h3'),"
                                        "function(h){return h.textContent})")
                want = LANG_WORDS.get(lang, ("9 shown", "Another capture was compulsory"))
                check(shown == want[0], "%s %s: the script ran under the policy, in its words: '%s'" % (lang, name, shown))
                check(heads and heads[0] == want[1], "%s %s: game 1's finding headed '%s'" % (lang, name, heads[:1]))
                log = [l for l in b.log()[before:] if l]
                check(not log, "%s %s: nothing in the console: %s" % (lang, name, log[:3]))
                width = b.evaluate(sid, "[document.documentElement.scrollWidth, innerWidth]")
                check(width[0] <= width[1], "%s %s: the page %d px wide in %d" % (lang, name, width[0], width[1]))
                b.evaluate(sid, "window.scrollTo(0,0)")
                png = base64.b64decode(b.send("Page.captureScreenshot", {"format": "png"}, session=sid)["data"])
                with open(os.path.join(OUT, "report-lang-%s-%s.png" % (lang, name)), "wb") as f:
                    f.write(png)
                r = b.evaluate(sid, "var e=document.querySelector('article.finding'),r=e.getBoundingClientRect();"
                                    "[r.top+scrollY,r.height]")
                png = base64.b64decode(b.send("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": max(r[0] - 60, 0), "width": w, "height": min(r[1] + 100, 1600), "scale": 1}},
                    session=sid)["data"])
                with open(os.path.join(OUT, "report-lang-%s-%s-finding.png" % (lang, name)), "wb") as f:
                    f.write(png)
    finally:
        b.close()


EXTRA = """[Dati "69\u00b0 ASSOLUTO 1\u00b0 TURNO"]
[Anno "2005"]
[Bianco "BORGHETTI Michele"]
[Nero "MASCOLO Luca"]
[GameType "22"]

1. 21-17 12-15 2. 23-19 11-14 *

[Event "%s"]
[White "%s"]
[Black "Short"]
[GameType "20"]
[Result "*"]

1. 32-28 17-22 *
""" % ("A very long event name, " * 14, "Wolfeschlegelsteinhausenbergerdorff" * 3)

# Copies of the two games of EXTRA written otherwise (by hand: the same variant, start and
# moves as played; other tags, a comment, a variation, ':' for 'x' where none is taken),
# and one game that is not a copy (17-21 for 17-22).
COPIES = """[Event "Another event"]
[White "X"]
[Black "Y"]
[GameType "20"]
[Result "*"]

1. 32-28 {a note} 17-22 *

[GameType "20"]
[Result "*"]

1. 32-28 (1. 31-27) 17-22 *

[Bianco "ROSSI"]
[Nero "VERDI"]
[GameType "22"]

1. 21-17 12-15 {!} 2. 23-19 11-14 *

[GameType "20"]
[Result "*"]

1. 32-28 17-21 *
"""


# The words of the games table's file, players and event columns (a path's parts between
# its '/', a name's parts between its '-') of at most 16 characters that the layout broke over two lines.
WHOLE_WORDS = """(function(){var bad=[];
document.querySelectorAll('#games tbody tr').forEach(function(r){[1,2,3].forEach(function(i){
 var w=document.createTreeWalker(r.cells[i],NodeFilter.SHOW_TEXT),n;
 while((n=w.nextNode())){var re=/[^\\s\\/-]+/g,m;while((m=re.exec(n.data))){
  if(m[0].length>16)continue;var g=document.createRange();g.setStart(n,m.index);g.setEnd(n,m.index+m[0].length);
  var rs=g.getClientRects(),top={};for(var k=0;k<rs.length;k++)if(rs[k].width>0)top[Math.round(rs[k].top)]=1;
  if(Object.keys(top).length>1)bad.push(m[0]);}}});});return bad})()"""


def devtools(objs):
    """The report as a person sees it, at desktop and phone sizes, over the DevTools pipe."""
    # in a folder whose name has no break in it, so that a heading naming the file must wrap
    # on a phone wherever the tree lies (CI's clone path once made the page 7 px too wide)
    deep = os.path.join(OUT, "Resultaten_Nederlandse_Kampioenschappen_Dammen_" * 2)
    os.makedirs(deep, exist_ok=True)
    extra = os.path.join(deep, "tags.pdn")
    games = os.path.join(deep, "report-input.pdn")
    with open(INPUT, "rb") as src, open(games, "wb") as dst:
        dst.write(src.read())
    with open(extra, "w", encoding="utf-8") as f:
        f.write(EXTRA)
    copies = os.path.join(deep, "copies.pdn")
    with open(copies, "w", encoding="utf-8") as f:
        f.write(COPIES)
    html = os.path.join(OUT, "report-arbiter.html")
    env = dict(os.environ, SOURCE_DATE_EPOCH="1765100000")
    subprocess.run([os.path.join(BIN, "pdncheck"), "-q", "--html", html, games, extra, copies], env=env,
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # the copies as pdngrep -D lists them (its own key, game_key.h): the same games
    d = subprocess.run([os.path.join(BIN, "pdngrep"), "-D", "-c", games, extra, copies], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    # (EXTRA's second game is the moves of report-input.pdn's game 7 too: a copy, whose
    # result and tags differ)
    want_copies = ["Game 2 (%s), game 1 (%s) and game 2 (%s) are copies of game 7 (%s)." %
                   (extra, copies, copies, games),
                   "Game 3 (%s) is a copy of game 1 (%s)." % (copies, extra)]
    warns = {}
    for o in objs:
        if o["type"] == "diagnostic" and o["severity"] == "warning":
            warns[o["code"]] = warns.get(o["code"], 0) + 1
    j = subprocess.run([os.path.join(BIN, "pdncheck"), "--json", extra, copies], stdout=subprocess.PIPE, text=True)
    for line in j.stdout.splitlines():
        o = json.loads(line)
        if o["type"] == "diagnostic" and o["severity"] == "warning":
            warns[o["code"]] = warns.get(o["code"], 0) + 1
    b = cdp.Browser(os.path.join(OUT, "profile-report-cdp"))
    try:
        for name, (w, h) in (("desktop", (1280, 900)), ("phone", (390, 844))):
            before = len(b.log())  # (the log is the browser's: the other page's lines before)
            sid = b.new_page(w, h)
            b.send("Page.navigate", {"url": "file://" + os.path.abspath(html)}, session=sid)
            b.wait_for(sid, "document.readyState === 'complete' && !!document.getElementById('shown')")
            shown = b.evaluate(sid, "document.getElementById('shown').textContent")
            check(shown == "%d shown" % (len(EXPECTED) + 2 + 4),
                  "%s: under its own policy the page's script ran: '%s'" % (name, shown))
            csp = b.evaluate(sid, "(document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')"
                                  "||{}).content||''")
            text = b.evaluate(sid, "document.scripts[0].textContent")
            want = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            check("default-src 'none'" in csp and ("'sha256-%s'" % want) in csp,
                  "%s: the policy loads nothing and runs only the page's script (sha256-%s)" % (name, want))
            log = [l for l in b.log()[before:] if l]
            check(not log, "%s: nothing in the console: %s" % (name, log[:3]))
            injected = b.evaluate(sid, "var s=document.createElement('script');s.textContent='window.__ran=1';"
                                       "document.body.appendChild(s);!!window.__ran")
            check(injected is False, "%s: a script added to the page does not run" % name)
            reqs = [u for u in b.requests() if not u.startswith("file://")]
            check(not reqs, "%s: no request: %s" % (name, reqs))
            # item 5: the warnings, by kind
            rows = b.evaluate(sid, "Array.prototype.map.call(document.querySelectorAll('#warnings tbody tr'),"
                                   "function(r){return [r.cells[0].textContent,+r.cells[1].textContent,"
                                   "r.cells[2].textContent,r.getBoundingClientRect().height>0]})")
            check({k: n for k, n, _, _ in rows} == warns and all(e and v for _, _, e, v in rows),
                  "%s: the warnings shown by kind, each with an example: %s (pdncheck --json: %s)" %
                  (name, [(k, n) for k, n, _, _ in rows], warns))
            # item 9: headings in words, the code after them
            heads = b.evaluate(sid, "Array.prototype.map.call(document.querySelectorAll('article.finding h3'),"
                                    "function(h){return h.textContent})")
            for words in ("Illegal move", "A capture was compulsory", "A draw could have been claimed"):
                check(words in heads, "%s: a finding headed '%s'" % (name, words))
            check(not any(re.search(r"[a-z]+-[a-z]+", h) for h in heads), "%s: no code in a heading: %s" % (name, heads))
            conv = b.evaluate(sid, "document.querySelector('.conventions').textContent")
            check("English draughts / American checkers, 8x8: Black moves first, 1-0 = Black won" in conv and
                  "International draughts (FMJD), 10x10: White moves first, 1-0 = White won" in conv,
                  "%s: what 1-0 means, per variant" % name)
            # item 12: what was checked, the players' tags, long tags, the errors figure
            checked = b.evaluate(sid, "(document.querySelector('.checked')||{}).textContent||''")
            for path in (games, extra):
                with open(path, "rb") as f:
                    data = f.read()
                check(("%s, %d bytes, SHA-256 %s" % (path, len(data), hashlib.sha256(data).hexdigest())) in checked,
                      "%s: the header names %s, its size and SHA-256" % (name, os.path.basename(path)))
            check("Checked on 2025-12-07 09:33 UTC" in checked, "%s: and the date it was checked" % name)
            players = b.evaluate(sid, "Array.prototype.map.call(document.querySelectorAll('#games tbody tr'),"
                                      "function(r){return r.cells[2].textContent})")
            check("BORGHETTI Michele \u2013 MASCOLO Luca" in players, "%s: Bianco and Nero name the players" % name)
            # no text wider than its cell; the page never wider than the window; at desktop width
            # the table fits (on a phone its eight columns scroll inside their box)
            fits = b.evaluate(sid, "var t=document.querySelector('#warnings table');t?t.scrollWidth<=t.parentNode.clientWidth+1:false")
            check(fits, "%s: the warnings' table fits its box" % name)
            wide = b.evaluate(sid, "var t=document.getElementById('games'),w=t.parentNode,n=0;"
                                   "t.querySelectorAll('td').forEach(function(c){if(c.scrollWidth>c.clientWidth+1)n++;});"
                                   "[n, t.scrollWidth, w.clientWidth, document.documentElement.scrollWidth, innerWidth]")
            check(wide[0] == 0 and wide[3] <= wide[4] and (w < 1000 or wide[1] <= wide[2] + 1),
                  "%s: long tags stay inside their cells (%d overflow; table %d px in %d; page %d in %d)" %
                  (name, *wide))
            listed = b.evaluate(sid, "Array.prototype.map.call(document.querySelectorAll('#copies li'),"
                                     "function(l){return l.textContent})")
            check(listed == want_copies and d.stdout.strip() == "4",
                  "%s: the copies of one game, grouped: %s (pdngrep -D -c: %s)" % (name, listed, d.stdout.strip()))
            link = b.evaluate(sid, "(document.querySelector('a[href=\"#copies\"]')||{}).textContent||''")
            check(link == "Copies of one game (4)", "%s: the header links to them: '%s'" % (name, link))
            # a word or a file's name short enough for its column is never broken mid-word (the
            # table gave a column a letter's width on a phone: "BORGH/ETTI"); a path breaks
            # between its folders; the warnings' first occurrence gets the width on a phone
            broken = b.evaluate(sid, WHOLE_WORDS)
            check(not broken, "%s: no short name broken in the games table: %s" % (name, broken[:8]))
            occ = b.evaluate(sid, "var c=document.querySelector('#warnings tbody td:nth-child(3)'),"
                                  "t=document.querySelector('#warnings table');[c.clientWidth,t.clientWidth]")
            check(occ[0] >= 0.75 * occ[1], "%s: the warnings' first occurrence is %d px wide of the table's %d" %
                  (name, occ[0], occ[1]))
            why = b.evaluate(sid, "(document.querySelector('.why')||{}).textContent||''")
            check(why.startswith("in the filter: errors (3), result contradicts the board (1 of 1)"),
                  "%s: games with errors says how the filter splits it: %s" % (name, why))
            b.settle(sid)  # the fonts loaded and two frames painted: what the screenshot takes
            tall = b.evaluate(sid, "window.scrollTo(0,0); document.documentElement.scrollHeight")
            png = base64.b64decode(b.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                   "clip": {"x": 0, "y": 0, "width": w, "height": min(tall, 6000), "scale": 1}},
                                   session=sid)["data"])
            p = os.path.join(OUT, "report-arbiter-%s.png" % name)
            with open(p, "wb") as f:
                f.write(png)
            check(len(png) > 10000, "screenshot %s (%d bytes)" % (p, len(png)))
            top = base64.b64decode(b.send("Page.captureScreenshot", {"format": "png"}, session=sid)["data"])
            with open(os.path.join(OUT, "report-arbiter-%s-top.png" % name), "wb") as f:
                f.write(top)
            # the parts a person looks at: the long tags' rows, the warnings, a finding
            for part, sel in (("rows", "#games tbody tr:nth-last-child(6)"), ("warnings", "#warnings"),
                              ("copies", "#copies"),
                              ("finding", "article.finding")):
                r = b.evaluate(sid, "var e=document.querySelector('%s')||document.body,r=e.getBoundingClientRect();"
                                    "[r.left+scrollX,r.top+scrollY,r.width,r.height]" % sel)
                y = max(r[1] - 10, 0)
                png = base64.b64decode(b.send("Page.captureScreenshot", {
                    "format": "png", "captureBeyondViewport": True,
                    "clip": {"x": 0, "y": y, "width": w, "height": min(r[3] + 120, 1600), "scale": 1}},
                    session=sid)["data"])
                with open(os.path.join(OUT, "report-arbiter-%s-%s.png" % (name, part)), "wb") as f:
                    f.write(png)
    finally:
        b.close()


if __name__ == "__main__":
    main()
