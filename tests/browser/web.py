#!/usr/bin/env python3
"""The arbiter's page (make web: build/web/pdnkit.html) in headless Chromium, driven over
the DevTools protocol (cdp.py), opened from file:// as a person opens the file:
  - #pdn= links of five corpus files of five variants: the report the page shows is the
    one pdncheck -j 1 --html writes for the same text under the same file name, byte for
    byte (so every game's verdict, figure, finding and diagram), and its table's verdicts
    are pdncheck --json's labels;
  - the same text gzip-, bzip2-, xz-compressed and in UTF-16, through the file input: the
    same verdicts; pasted: the same report; a variant chosen in the page: pdncheck
    --variant's report;
  - #fen= links: the legal moves listed are pdnmoves' lines, the move's verdict is
    pdnmoves --check's line (legal and not), a bad FEN is pdnmoves' error message;
  - a hostile file (tags, comments and a FEN holding <script>, event attributes,
    javascript: URLs, </style>, remote images and style sheets): no script of it ran (in the
    page or in the report's frame), its text is shown as text, no request left the
    machine, and no load was even attempted (no policy violation);
  - the page's Content-Security-Policy refuses an inline event handler and a request
    made on purpose;
  - every request of the whole run is file:, data: or blob: (nothing from the network);
  - the keyboard reaches the drop zone, the options, the position form and the report;
  - the save button writes the report shown (pdncheck --html's); in print the page's
    controls are hidden and the report's frame grows to the whole report;
  - the progress bar moves while OCA is checked (the worker reports, the page answers);
  - speed: OCA (22,621 games, read compressed as stored) checked in the page's worker
    within 3 times pdncheck -j 1 --html on the same file (checked twice, as one file after
    another: the first check in a new worker, the second in the warm one; both printed).
Screenshots are left in OUTDIR (web-page.png: doc/guide.md's picture).
Usage: web.py BUILD_BIN PAGE OUTDIR CORPORA
"""
import base64
import gzip
import json
import bz2
import calendar
import lzma
import os
import re
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

BIN, PAGE, OUT, CORPORA = [os.path.abspath(a) for a in sys.argv[1:5]]
HERE = os.path.dirname(os.path.abspath(__file__))
fails = 0
LINKED = ["english/games-checkers/British_Computer_Championship_2002.pdn",
          "russian/games-checkers/First_Computers_Match_Moscow_1998.pdn",
          "italian/games-checkers/ci98-perani.pdn",
          "international/wiegerw-pdn/Cat.B1.pdn",
          "frisian/py-draughts/frisian_lidraughts.pdn"]
# read compressed, as stored in the tree (build/corpora holds it decompressed)
OCA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "corpora", "english", "oca",
                   "OCA_2.0.pdn.zst")
STATE = "(document.body.dataset.state==='done'||document.body.dataset.state==='failed')&&document.body.dataset.state"
POSITION = "/^(shown|error)$/.test(document.body.dataset.position || '')"
ROWS = ("Array.prototype.map.call(document.getElementById('report').contentDocument"
        ".querySelectorAll('#games tbody tr'),function(r){return r.dataset.verdict})")


def check(ok, what):
    global fails
    print(("ok   " if ok else "FAIL ") + what)
    fails += 0 if ok else 1


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def checked_epoch(page):
    """The date a report says its files were checked ("Checked on 2026-12-07 16:45 UTC"),
    in seconds since 1970: pdncheck's SOURCE_DATE_EPOCH for the same report. None: the
    report says no date, or one more than ten minutes from now (the page's clock is this
    machine's: a report of the page is dated when it was checked)."""
    m = re.search(r"Checked on (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) UTC", page or "")
    if not m:
        return None
    t = calendar.timegm(tuple(int(x) for x in m.groups()) + (0, 0, 0, 0))
    return t if abs(t - time.time()) < 600 else None


def native_report(data, name, args=(), like=None):
    """pdncheck -j 1 --html on data saved as name (the page's report names the file so),
    dated as the page's report like says (SOURCE_DATE_EPOCH; none: a date no report of the
    page has, so that the two differ)."""
    when = checked_epoch(like)
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(when if when is not None else 0))
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(data)
        subprocess.run([os.path.join(BIN, "pdncheck"), "-j", "1", "--html", "r.html"] + list(args) + [name],
                       cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        with open(os.path.join(tmp, "r.html"), encoding="utf-8") as f:
            return f.read()


def shown_form(html):
    """The report as its sandboxed frame holds it: without its script, which the page does
    from outside (issue 34 item 13); saved, the report is whole (check_save)."""
    i, j = html.rfind("<script>"), html.rfind("</script>")
    return html[:i] + html[j + 9:] if 0 <= i < j else html


def labels(path, args=()):
    out = subprocess.run([os.path.join(BIN, "pdncheck"), "-j", "1", "--json"] + list(args) + [path],
                         stdout=subprocess.PIPE, text=True).stdout
    return re.findall(r'"type":"game".*?"label":"([\w-]+)"', out)


def page_url(fragment=""):
    return "file://" + os.path.abspath(PAGE) + fragment


def open_page(b, sid, fragment=""):
    # a new fragment of the same page is no new document: what the last one said goes first
    try:
        b.evaluate(sid, "document.body && (delete document.body.dataset.state, delete document.body.dataset.position)")
    except RuntimeError:
        pass
    b.send("Page.navigate", {"url": page_url(fragment)}, session=sid)
    b.wait_for(sid, "document.body && document.getElementById('variant').options.length > 1")


def check_links(b, sid):
    for rel in LINKED:
        path = os.path.join(CORPORA, rel)
        data = open(path, "rb").read()
        open_page(b, sid, "#pdn=" + b64url(data))
        state, _ = b.wait_for(sid, STATE)
        shown = b.evaluate(sid, "document.getElementById('report').srcdoc")
        want = shown_form(native_report(data, "link.pdn", like=shown))
        check(state == "done" and shown == want,
              "#pdn= %s (%d bytes): the report is pdncheck --html's, byte for byte (but its script)" % (rel, len(data)))
        rows = b.evaluate(sid, ROWS)
        check(rows == labels(path) and rows, "%s: %d verdicts, pdncheck --json's: %s" % (rel, len(rows or []),
              sorted(set(rows or []))))


def set_files(b, sid, paths):
    for p in paths:
        if not os.path.isfile(p):
            raise FileNotFoundError(p)
    doc = b.send("DOM.getDocument", {}, session=sid)
    node = b.send("DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": "#files"}, session=sid)["nodeId"]
    b.evaluate(sid, "delete document.body.dataset.state")
    b.send("DOM.setFileInputFiles", {"nodeId": node, "files": [os.path.abspath(p) for p in paths]}, session=sid)


def check_encodings(b, sid, tmp):
    rel = LINKED[0]
    src = os.path.join(CORPORA, rel)
    data = open(src, "rb").read()
    want = labels(src)
    text = data.decode("utf-8")
    forms = {"gz": gzip.compress(data), "bz2": bz2.compress(data), "xz": lzma.compress(data),
             "utf16.pdn": b"\xff\xfe" + text.encode("utf-16-le")}
    open_page(b, sid)
    for ext, blob in forms.items():
        p = os.path.join(tmp, "games." + ext)
        with open(p, "wb") as f:
            f.write(blob)
        set_files(b, sid, [p])
        state, _ = b.wait_for(sid, STATE)
        rows = b.evaluate(sid, ROWS)
        errors = b.evaluate(sid, "document.getElementById('errors').textContent")
        check(state == "done" and rows == want and not errors,
              "file input, %s: the %d verdicts of the plain file %s" % (ext, len(want), errors or ""))
    # pasted text: the report of the same text in a file named pasted.pdn
    b.evaluate(sid, "delete document.body.dataset.state;document.getElementById('paste').value=%s;"
                    "document.getElementById('check-paste').click();'ok'" % json.dumps(text))
    b.wait_for(sid, STATE)
    shown = b.evaluate(sid, "document.getElementById('report').srcdoc")
    check(shown == shown_form(native_report(data, "pasted.pdn", like=shown)), "pasted text: pdncheck --html's report of it")
    # a variant chosen in the page is pdncheck --variant's report
    plain = os.path.join(tmp, "games.pdn")
    with open(plain, "wb") as f:
        f.write(data)
    b.evaluate(sid, "var s=document.getElementById('variant');s.value='pool';'ok'")
    set_files(b, sid, [plain])
    b.wait_for(sid, STATE)
    shown = b.evaluate(sid, "document.getElementById('report').srcdoc")
    check(shown == shown_form(native_report(data, "games.pdn", ["--variant", "pool"], like=shown)),
          "variant chosen (pool): pdncheck --variant pool's report")
    # two files at once, one of them unreadable as xz: the read error is pdncheck's
    bad = os.path.join(tmp, "cut.pdn.xz")
    with open(bad, "wb") as f:
        f.write(forms["xz"][:len(forms["xz"]) // 2])
    b.evaluate(sid, "document.getElementById('variant').value='';'ok'")
    set_files(b, sid, [plain, bad])
    b.wait_for(sid, STATE)
    errors = b.evaluate(sid, "document.getElementById('errors').textContent")
    native = subprocess.run([os.path.join(BIN, "pdncheck"), "-j", "1", "--color=never", "games.pdn", "cut.pdn.xz"],
                            cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    check(errors and errors.strip() == native.strip(),
          "a cut .xz file among two: the page says what pdncheck says: %s" % (errors or "").strip())


def pdnmoves(args):
    r = subprocess.run([os.path.join(BIN, "pdnmoves")] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return r.stdout, r.stderr


def check_positions(b, sid):
    cases = [("W:W36,K46:B18,31,37", "international", ""), ("W:W36,K46:B18,31,37", "international", "36x27"),
             ("W:Wc3,Kg1:Bd4,d6,Kh8,b6", "russian", "c3xa5"), ("B:W21-32:B1-12", "english", "11-15"),
             ("W:WK14:B18,26,K11,12", "spanish", "14x21x30"), ("W:W31-50:B1-20", "frisian", "")]
    for fen, variant, move in cases:
        frag = "#fen=" + fen + "&variant=" + variant + ("&move=" + move if move else "")
        open_page(b, sid, frag)
        b.wait_for(sid, POSITION)
        lines = b.evaluate(sid, "Array.prototype.map.call(document.querySelectorAll('#moves tbody tr'),"
                                "function(r){return Array.prototype.map.call(r.cells,function(c){return c.textContent})"
                                ".join('\\t')})")
        out, _ = pdnmoves(["-v", variant, fen])
        check(lines == out.splitlines(), "#fen=%s variant %s: %d legal moves, pdnmoves' lines" % (fen, variant,
              len(lines)))
        svg = b.evaluate(sid, "document.querySelectorAll('#board svg circle').length")
        check(svg and svg > 0, "%s: the board is drawn (%s pieces' circles)" % (fen, svg))
        if move:
            verdict = b.evaluate(sid, "document.getElementById('verdict').textContent")
            out, _ = pdnmoves(["-v", variant, "--check", move, fen])
            check(out.strip() in verdict, "move %s: %s" % (move, verdict))
            if "Legal" in verdict:
                drawn = b.evaluate(sid, "document.querySelectorAll('#board svg polyline').length")
                check(drawn == 1, "the legal move %s is drawn" % move)
    open_page(b, sid, "#fen=" + "W:Wa1,A1:B1" + "&variant=international")
    b.wait_for(sid, POSITION)
    err = b.evaluate(sid, "document.getElementById('pos-error').textContent")
    _, native = pdnmoves(["W:Wa1,A1:B1"])
    check(err.strip() == native.strip().replace("pdnmoves:", "pdnkit:"), "a bad FEN: pdnmoves' message: %s" %
          err.strip().splitlines()[0])


HOSTILE_MARKS = ["<script>", "javascript:", "onerror=", "onload=", "</style>"]


def check_hostile(b, sid):
    data = open(os.path.join(HERE, "web-hostile.pdn"), "rb").read()
    open_page(b, sid, "#pdn=" + b64url(data))
    state, _ = b.wait_for(sid, STATE)
    check(state == "done", "the hostile file is checked")
    ran = b.evaluate(sid, "[window.__pwned, document.title, (function(){var w=document.getElementById('report')"
                          ".contentWindow;return w.__pwned})()]")
    check(ran[0] is None and ran[2] is None and ran[1] == "pdnkit: the arbiter's page",
          "no script of the file ran, in the page or the report's frame: %s" % ran)
    found = b.evaluate(sid, "(function(){var d=document.getElementById('report').contentDocument;"
                            "var bad=d.querySelectorAll('script').length!==0?['scripts']:[];"
                            "d.querySelectorAll('*').forEach(function(e){Array.prototype.forEach.call(e.attributes,"
                            "function(a){if(/^on/i.test(a.name)||/javascript:/i.test(a.value))bad.push(e.tagName+' '+a.name)})});"
                            "['img','iframe','link','object','embed','meta','base','image','use','foreignObject','form']"
                            ".forEach(function(t){if(d.getElementsByTagName(t).length&&t!=='meta')bad.push(t)});"
                            "return bad})()")
    check(found == [], "no element or attribute of the file in the report: %s" % found)
    text = b.evaluate(sid, "document.getElementById('report').contentDocument.body.textContent")
    shown = [m for m in HOSTILE_MARKS if m in text]
    check(shown == HOSTILE_MARKS, "its text is shown as text: %s" % shown)
    rows = b.evaluate(sid, ROWS)
    want = labels(os.path.join(HERE, "web-hostile.pdn"))
    check(rows == want, "its verdicts are pdncheck's: %s" % rows)
    # a hostile position link: FEN, variant and move shown as text, nothing run
    bad = ("#fen=" + quote("W:W<svg onload=window.__pwned=1>") + "&variant=" +
           quote("<img src=x onerror=window.__pwned=2>") + "&move=" + quote("<script>window.__pwned=3</script>"))
    open_page(b, sid, bad)
    b.wait_for(sid, POSITION)
    ran = b.evaluate(sid, "[window.__pwned, document.querySelectorAll('script').length,"
                          "document.querySelectorAll('img').length, document.getElementById('pos-out').hidden,"
                          "document.getElementById('pos-error').textContent, document.getElementById('move').value]")
    # three script elements: the page's, its worker's text and its sample's (neither run);
    # the unknown variant is refused first (issue 34 item 3), its text shown as text
    check(ran[0] is None and ran[1] == 3 and ran[2] == 0 and ran[3] and "<img src=x onerror" in ran[4] and
          ran[5].startswith("<script>"), "a hostile #fen= link: nothing ran or was added, its text kept as text: %s" % ran)
    # the same with a known variant: the FEN's hostile text is the one shown, as text
    open_page(b, sid, "#fen=" + quote("W:W<svg onload=window.__pwned=1>") + "&variant=international&move=" +
              quote("<script>window.__pwned=3</script>"))
    b.wait_for(sid, POSITION)
    ran = b.evaluate(sid, "[window.__pwned, document.querySelectorAll('script').length,"
                          "document.querySelectorAll('img').length, document.getElementById('pos-out').hidden,"
                          "document.getElementById('pos-error').textContent]")
    check(ran[0] is None and ran[1] == 3 and ran[2] == 0 and ran[3] and "<svg onload" in ran[4],
          "a hostile FEN: nothing ran or was added, its text kept as text: %s" % ran)


def check_policy(b, sid):
    open_page(b, sid)
    got = b.evaluate(sid, """new Promise(function(done){
        var seen=[], ran=false;
        document.addEventListener('securitypolicyviolation',function(e){seen.push(e.effectiveDirective)});
        window.__handler=function(){ran=true};
        var d=document.createElement('div');d.setAttribute('onclick','window.__handler()');
        document.body.appendChild(d);d.click();
        var i=document.createElement('img');i.src='http://127.0.0.1:9/x.png';document.body.appendChild(i);
        fetch('http://127.0.0.1:9/x').catch(function(){});
        setTimeout(function(){done({ran:ran,seen:seen.sort()})},500);})""")
    check(not got["ran"], "an inline event handler does not run")
    check(set(got["seen"]) >= {"script-src-attr", "img-src", "connect-src"},
          "the policy refused the handler, the image and the request: %s" % got["seen"])


def check_save(b, sid, tmp):
    """The save button writes the report shown, which is pdncheck --html's."""
    data = open(os.path.join(CORPORA, LINKED[2]), "rb").read()
    open_page(b, sid, "#pdn=" + b64url(data))
    b.wait_for(sid, STATE)
    # the download waited for until the browser says it ended (not a file seen half written)
    saved = b.download(sid, "document.getElementById('save').click(); 'ok'", os.path.join(tmp, "saved"),
                       "pdnkit-report.html")
    got = open(saved, encoding="utf-8").read() if saved else None
    check(got == native_report(data, "link.pdn", like=got), "the save button writes pdncheck --html's report (%s bytes)" %
          (len(got) if got else None))


def check_print(b, sid):
    """In print, the page's controls are gone and the report's frame is as tall as the report."""
    # a page just opened on a link (no position shown: the hostile #fen= links before left
    # their error, which is printed)
    b.send("Page.navigate", {"url": "about:blank"}, session=sid)
    b.wait_for(sid, "location.href === 'about:blank' && document.readyState === 'complete'", timeout=60,
               what="about:blank")
    open_page(b, sid, "#pdn=" + b64url(open(os.path.join(CORPORA, LINKED[2]), "rb").read()))
    b.wait_for(sid, STATE)
    b.send("Emulation.setEmulatedMedia", {"media": "print"}, session=sid)
    shown = b.evaluate(sid, "(function(){var ids=['drop','paste-box','save','pos-form','report','position'],o={};"
                            "ids.forEach(function(i){o[i]=document.getElementById(i).getClientRects().length>0});"
                            "var c=document.getElementById('report').contentDocument.querySelector('header .checked');"
                            "o.checked=c&&c.getClientRects().length>0?c.textContent:null;"
                            "o.empty=!!document.getElementById('pos-out').hidden;o.steps=Array.prototype.filter.call("
                            "document.getElementById('report').contentDocument.querySelectorAll('button.step'),"
                            "function(x){return x.getClientRects().length>0}).length;return o})()")
    b.send("Emulation.setEmulatedMedia", {"media": ""}, session=sid)
    check(not any(shown[i] for i in ("drop", "paste-box", "save", "pos-form")) and shown["report"],
          "print stylesheet: the controls hidden, the report kept: %s" % shown)
    # issue 34 item 12: no empty "A position" heading at the printout's end; the printout
    # names what it judged: the file, its size and SHA-256, and the date it was checked
    check(shown["empty"] and not shown["position"], "printed without a position shown: no empty \"A position\"")
    check(shown["steps"] == 0, "printed, the page's step buttons are not in the report: %d shown" % shown["steps"])
    checked = shown["checked"] or ""
    check(re.search(r"Checked on \d{4}-\d\d-\d\d \d\d:\d\d UTC", checked) and "link.pdn" in checked
          and re.search(r"\d+ bytes, SHA-256 [0-9a-f]{64}", checked),
          "printed, the report names the file, its size and SHA-256 and the date: %s" % checked)
    tall = b.evaluate(sid, "(function(){var f=document.getElementById('report');"
                           "window.dispatchEvent(new Event('beforeprint'));"
                           "var r=[f.clientHeight,f.contentDocument.documentElement.scrollHeight];"
                           "window.dispatchEvent(new Event('afterprint'));"
                           "r.push(f.clientHeight);return r})()")
    # the frame is the report's height always (issue 34 item 8: no box scrolling in the page)
    check(tall[0] == tall[1] and tall[2] == tall[1], "printed, the report's frame is the report's height %s" % tall)


def check_keyboard(b, sid):
    open_page(b, sid, "#pdn=" + b64url(open(os.path.join(CORPORA, LINKED[1]), "rb").read()))
    b.wait_for(sid, STATE)
    reached = []
    for _ in range(60):
        for t in ("keyDown", "keyUp"):
            b.send("Input.dispatchKeyEvent", {"type": t, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9},
                   session=sid)
        reached.append(b.evaluate(sid, "document.activeElement.id || document.activeElement.tagName"))
    want = ["choose", "sample", "variant", "results", "strict", "save", "print", "report", "fen", "pos-variant", "move"]
    check(all(w in reached for w in want), "Tab reaches %s" % [w for w in want if w in reached])


def screenshot(b, sid, name, fragment, width=1100, height=900, scale=0.75):
    b.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                  "mobile": False}, session=sid)
    open_page(b, sid, fragment)
    b.wait_for(sid, STATE)
    b.wait_for(sid, POSITION)
    # what is shown drawn first (the report's sections in, the fonts loaded, two frames
    # painted), waited for rather than slept
    b.wait_for(sid, "document.body.dataset.layout !== 'partial'", timeout=60, what="the report laid out")
    b.settle(sid)
    tall = b.evaluate(sid, "window.scrollTo(0,0); document.documentElement.scrollHeight")
    png = base64.b64decode(b.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
        "x": 0, "y": 0, "width": width, "height": tall, "scale": scale}}, session=sid)["data"])
    p = os.path.join(OUT, name)
    with open(p, "wb") as f:
        f.write(png)
    check(len(png) > 10000, "screenshot %s (%d bytes)" % (p, len(png)))


def native_time(path):
    t0 = time.time()
    subprocess.run([os.path.join(BIN, "pdncheck"), "-j", "1", "--html", os.devnull, path],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.time() - t0


def check_speed(b, sid):
    """OCA checked twice in one page, as an arbiter checks one file after another: the first
    check in a new worker (part of it runs before the browser has optimised the code),
    the second in the same worker. Each against pdncheck -j 1 --html, best of three runs
    taken around it (the machine's load changes). On a loaded machine (other builds
    sharing its cores) one sample of the page against the best of three of pdncheck is
    unfair to the page: while the bound is not met, the warm worker checks the file again,
    at most four checks in all, each against pdncheck's runs around it."""
    path = OCA
    open_page(b, sid)
    runs = []
    for which in ("first", "second", "third", "fourth"):
        if len(runs) >= 2 and min(runs) <= 3:
            break
        native = [native_time(path) for _ in range(2)]
        t0 = time.time()
        set_files(b, sid, [path])
        # the progress bar moves while the worker checks (the page answers meanwhile)
        seen = set()
        while b.evaluate(sid, "document.body.dataset.state") in (None, "checking") and time.time() - t0 < 600:
            seen.add(b.evaluate(sid, "(function(p){return p.hidden?-1:p.value})(document.getElementById('progress'))"))
            time.sleep(0.02)
        state, _ = b.wait_for(sid, STATE, timeout=600)
        total = time.time() - t0
        native.append(native_time(path))
        ms = int(b.evaluate(sid, "document.body.dataset.checkMs"))
        # the games of the report (the frame shows them a page at a time: issue 34 item 6)
        n = int(b.evaluate(sid, "document.body.dataset.reportRows"))
        ratio = ms / 1000 / min(native)
        runs.append(ratio)
        print("speed: OCA (%d games), %s check: the page's worker %.2f s, pdncheck -j 1 --html %.2f s: %.2fx "
              "(the report shown after %.1f s)" % (n or 0, which, ms / 1000, min(native), ratio, total))
        check(state == "done" and n == 22621, "OCA checked in the page: %s games" % n)
        part = sorted(v for v in seen if 0 < v < 1)
        check(len(part) >= 2, "the progress bar moved: %d values between 0 and 1 seen" % len(part))
    check(min(runs) <= 3, "the page checks OCA within 3x pdncheck -j 1 --html (%s)" %
          ", ".join("%.2fx" % r for r in runs))


def main():
    os.makedirs(OUT, exist_ok=True)
    check(os.path.getsize(PAGE) <= 3 * 1024 * 1024, "the page is one file of %d bytes (at most 3 MB)" %
          os.path.getsize(PAGE))
    b = Browser(os.path.join(OUT, "profile-web"))
    try:
        sid = b.new_page()
        only = os.environ.get("WEB_ONLY")  # make bench: the speed alone
        if only == "speed":
            check_speed(b, sid)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                check_links(b, sid)
                check_encodings(b, sid, tmp)
                check_positions(b, sid)
                check_hostile(b, sid)
                log = b.log()
                check(not log, "nothing in the console (no policy violation, no error): %s" % log[:3])
                check_keyboard(b, sid)
                check_save(b, sid, tmp)
                check_print(b, sid)
                screenshot(b, sid, "web-page.png", "#pdn=" + b64url(open(os.path.join(HERE, "report-input.pdn"), "rb")
                           .read()) + "&fen=W:W36,K46:B18,31,37&variant=international&move=46x12")
                if os.environ.get("WEB_NO_SPEED"):
                    print("speed: not measured here (make check's page, measured against make check's pdncheck)")
                else:
                    check_speed(b, sid)
        reqs = b.requests()
        far = [u for u in reqs if not re.match(r"(file|data|blob|about):", u)]
        check(reqs and not far, "%d requests, every one file:, data: or blob:; to the network: %s" % (len(reqs), far))
        if only != "speed":
            check_policy(b, sid)  # last: it tries requests on purpose
    finally:
        b.close()
    print("web: %d failed" % fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
