#!/usr/bin/env python3
"""The arbiter's page (build/web/pdnkit.html) against issue 34's findings, in headless
Chromium over the DevTools pipe (cdp.py), each part a test that failed on the page before
its fix:
  1. every link of the report, clicked inside the page, stays in the report (a srcdoc
     frame resolved #g3 against the page's address and loaded the page into the frame);
     the same link clicked in the saved report goes to its game;
 13. the report's frame is sandboxed without scripts and the report's script is not in the
     policy; its filter and sorting still work (the page wires them);
  7. empty and garbage input say "no games found in FILE";
  3. #fen= links take the tools' names, aliases and GameType numbers, refuse others with
     the list, say which variant is used when none is given, and forget the last link's;
  4. #pdn= links carry a length and a checksum: a link cut short or changed is refused, a
     link made before opens with a note that it cannot be verified, and its last game
     without a result at the end is flagged;
  2. hostile inputs end with a message within 30 s while the tab answers: 3 million
     one-line games (the games' bound), a file expanding beyond 64 MB (refused), a short
     link expanding to 50 MB (asked first);
  2. memory bounded: 5,000 games with findings, the first 2,000 listed, the rest counted,
     the report streamed from the library; the browser's growth under a stated bound;
  6. a report of more than 100 games is shown a page at a time, its games' sections added
     a few per frame: the tab answers within a bound while it is checked and laid out (its
     longest task, printed with a heartbeat's longest gap), the pager moves, the filter
     and the sorting work on the whole list, a link on a later page stays in the report;
  8. at 390 px wide nothing is wider than the screen and the report's frame does not
     scroll inside the page;
  9. a visible "Choose files" button, a sample file to try, no "base64url" on the face;
 10. a link to the position after a legal move, a link to one game of a file; the 48 KB
     limit explained;
 11. any game stepped through: a button on its row, the move list, previous/next, the
     position before each move with the move drawn (the last FEN checked by pdnmoves);
 12. an illegal written move is drawn in the position tool; a link's error is gone once
     another, valid, link is loaded (a #fen= error beside a #pdn= link's report, a damaged
     link's beside a position), at 1280 and 390 px; the copies of one game are
     listed ("Game 3 is a copy of game 1", the key of pdngrep -u), grouped.
Then issue 36: the language menu words the report in the chosen language (the library's
catalogues, as pdncheck --lang), its machine parts unchanged; the choice is remembered
(localStorage), taken from the address (#lang=ru) and, first time, from the browser's
languages (navigator.languages).
Screenshots at 1280x900 and 390x844 are left in OUTDIR (arbiter-*.png).
Usage: web_arbiter.py BUILD_BIN PAGE OUTDIR CORPORA
"""
import base64
import calendar
import gzip
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

BIN, PAGE, OUT, CORPORA = [os.path.abspath(a) for a in sys.argv[1:5]]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INTL = os.path.join(ROOT, "pdn", "international.pdn")
STATE = "/^(done|failed|asking)$/.test(document.body.dataset.state || '') && document.body.dataset.state"
POSITION = "/^(shown|error)$/.test(document.body.dataset.position || '')"
FRAME = "document.getElementById('report').contentDocument"
fails = 0


def check(ok, what):
    global fails
    print(("ok   " if ok else "FAIL ") + what)
    fails += 0 if ok else 1


def checked_epoch(page):
    """The date a report says its files were checked ("Checked on 2026-12-07 16:45 UTC"),
    in seconds since 1970, for pdncheck's SOURCE_DATE_EPOCH (0 when it says none, or one
    more than ten minutes from now: the two reports then differ)."""
    m = re.search(rb"Checked on (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d) UTC", page or b"")
    t = calendar.timegm(tuple(int(x) for x in m.groups()) + (0, 0, 0, 0)) if m else 0
    return t if abs(t - time.time()) < 600 else 0


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def new_link(data):
    return "#n=%d&crc=%08x&pdn=%s" % (len(data), zlib.crc32(data), b64url(data))


def open_page(b, sid, fragment="", fresh=True):
    if fresh:  # a new document: nothing of the last link's state kept
        blank(b, sid)
    else:
        b.evaluate(sid, "delete document.body.dataset.state, delete document.body.dataset.position")
    b.send("Page.navigate", {"url": "file://" + PAGE + fragment}, session=sid)
    b.wait_for(sid, "document.body && document.getElementById('variant').options.length > 1")


def blank(b, sid):
    """The tab on about:blank, its last document gone (waited for, not slept)."""
    b.send("Page.navigate", {"url": "about:blank"}, session=sid)
    b.wait_for(sid, "location.href === 'about:blank' && document.readyState === 'complete'", timeout=60,
               what="about:blank")


def answers(b, sid):
    """The tab's answer time to a trivial script, in ms."""
    t0 = time.time()
    b.evaluate(sid, "1", timeout=30)
    return (time.time() - t0) * 1000


def click(b, sid, frame_expr, elem_expr):
    """A real mouse click at the middle of an element (of the page or of the report's frame)."""
    r = b.evaluate(sid, "(function(){var e=%s;e.scrollIntoView({block:'center'});var r=e.getBoundingClientRect();"
                        "var o=%s;return [r.left+r.width/2+o[0], r.top+r.height/2+o[1]]})()" % (
                            elem_expr, frame_expr or "[0,0]"))
    for t in ("mousePressed", "mouseReleased"):
        b.send("Input.dispatchMouseEvent", {"type": t, "x": r[0], "y": r[1], "button": "left", "clickCount": 1},
               session=sid)


def check_links(b, sid, tmp):
    """Item 1: a link of each kind in the report, clicked in the page, then in the saved report."""
    data = open(os.path.join(ROOT, "tests", "browser", "report-input.pdn"), "rb").read()
    open_page(b, sid, new_link(data))
    state, _ = b.wait_for(sid, STATE)
    kinds = b.evaluate(sid, "(function(){var k={};%s.querySelectorAll('a[href]').forEach(function(a){"
                            "var h=a.getAttribute('href').replace(/[0-9]+$/,'');if(!(h in k))k[h]=a.getAttribute('href')});"
                            "return k})()" % FRAME)
    check(state == "done" and kinds, "the report has links: %s" % kinds)
    off = "(function(){var r=document.getElementById('report').getBoundingClientRect();return [r.left,r.top]})()"
    for kind, href in sorted((kinds or {}).items()):
        target = href[1:]
        click(b, sid, off, "%s.querySelector('a[href=\"%s\"]')" % (FRAME, href))
        # the frame's document gone to another address is out of the page's reach: null
        ok = lambda g: g["games"] and not g["page"] and g["top"] is not None and -5 <= g["top"] < g["h"]
        got = b.until(sid, "(function(){var f=document.getElementById('report'),d=f.contentDocument;"
                           "var t=d&&d.getElementById(%r);"
                           "return {games:!!(d&&d.getElementById('games')),page:!d||!!d.getElementById('drop'),"
                           "top:t?f.getBoundingClientRect().top+t.getBoundingClientRect().top:null,h:innerHeight}})()"
                      % target, ok, "the link %s's target in view, in the report" % href)
        check(ok(got), "in the page, the link %s goes to its target in the report, which stays: %s" % (href, got))
    # the saved report: the same links work there, by the browser alone
    path = b.download(sid, "document.getElementById('save').click()", os.path.join(tmp, "saved"),
                      "pdnkit-report.html")
    check(path is not None, "the report saved: %s" % path)
    if path is None:
        return
    sid2 = sid
    blank(b, sid2)
    b.send("Page.navigate", {"url": "file://" + path}, session=sid2)
    try:
        # the whole file parsed, not only as far as the table: the report's script is at its
        # end, and a look taken before it is parsed finds no script (CI once saw ['', 0])
        b.wait_for(sid2, "document.readyState === 'complete' && !!document.getElementById('games')", timeout=60,
                   what="the saved report, parsed whole")
    except TimeoutError:
        check(False, "the saved report opens: %s" % b.evaluate(sid2, "[location.href, document.title, document.documentElement.outerHTML.length, document.body.innerHTML.slice(0,300)]"))
        return
    # its own script runs there, allowed by its own policy's hash of it: it says how many
    # games the filter shows (the frame in the page, which runs no script, has the page say it)
    got = b.evaluate(sid2, "[document.getElementById('shown').textContent, document.querySelectorAll('script').length,"
                           "document.querySelector('meta[http-equiv=Content-Security-Policy]').content]")
    check(re.match(r"\d+ shown$", got[0] or "") and got[1] == 1 and "'sha256-" in got[2],
          "the saved report runs its script under its own policy (its hash): %s" % got[:2])
    for kind, href in sorted((kinds or {}).items()):
        click(b, sid2, None, "document.querySelector('a[href=\"%s\"]')" % href)
        ok = lambda g: g["hash"] == href and g["games"] and g["top"] is not None and -5 <= g["top"] < g["h"]
        got = b.until(sid2, "(function(){var t=document.getElementById(%r);return {hash:location.hash,"
                            "games:!!document.getElementById('games'),top:t&&t.getBoundingClientRect().top,"
                            "h:innerHeight}})()" % href[1:], ok, "the saved report at %s, its target in view" % href)
        check(ok(got), "in the saved report, the link %s goes to its target: %s" % (href, got))


def check_sandbox(b, sid):
    """Item 13: the frame runs no script; the page does the report's filter and sorting."""
    open_page(b, sid, new_link(open(os.path.join(ROOT, "tests", "browser", "report-input.pdn"), "rb").read()))
    b.wait_for(sid, STATE)
    got = b.evaluate(sid, "(function(){var f=document.getElementById('report'),d=f.contentDocument;"
                          "var csp=document.querySelector('meta[http-equiv]').content;"
                          "return {sandbox:f.getAttribute('sandbox'),scripts:d.querySelectorAll('script').length,"
                          "hashes:(/script-src([^;]*)/.exec(csp)[1].match(/sha256-/g)||[]).length}})()")
    check(got["sandbox"] is not None and "allow-scripts" not in got["sandbox"] and got["scripts"] == 0
          and got["hashes"] == 1, "the report's frame is sandboxed without scripts, the policy allows the page's "
          "script alone: %s" % got)
    got = b.evaluate(sid, "(function(){var d=%s,s=d.getElementById('verdict-filter');s.value='errors';"
                          "s.dispatchEvent(new Event('change'));var shown=0;d.querySelectorAll('#games tbody tr')"
                          ".forEach(function(r){if(!r.hidden)shown++});var all=d.querySelectorAll('#games tbody tr')"
                          ".length;s.value='all';s.dispatchEvent(new Event('change'));"
                          "var b=d.querySelectorAll('#games th button')[7];b.click();b.click();"
                          "var n=Array.prototype.map.call(d.querySelectorAll('#games tbody tr'),function(r){"
                          "return +r.cells[7].dataset.n});return {shown:shown,all:all,plies:n}})()" % FRAME)
    desc = got["plies"] == sorted(got["plies"], reverse=True)
    check(0 < got["shown"] < got["all"] and desc, "the filter and the sorting work in the frame: %s" % got)
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    check("frame-ancestors" in readme, "README.md says a hosted copy needs frame-ancestors from its server")


def paste(b, sid, text):
    b.evaluate(sid, "delete document.body.dataset.state;document.getElementById('paste-box').open=true;"
                    "document.getElementById('paste').value=%s;document.getElementById('check-paste').click();1"
               % repr(text))
    return b.wait_for(sid, STATE)[0]


def check_no_games(b, sid):
    """Item 7: empty and garbage input are no clean file."""
    open_page(b, sid)
    for text in ("", "hello, this is no game at all\n\x01\x02 <<>>\n"):
        state = paste(b, sid, text)
        got = b.evaluate(sid, "[document.getElementById('errors').textContent,"
                              "document.getElementById('status').textContent]")
        check(state == "done" and "no games found in pasted.pdn" in got[0] and "No games found" in got[1],
              "%r: %s" % (text[:12], got))


def pdnmoves(args):
    return subprocess.run([os.path.join(BIN, "pdnmoves")] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)


def position(b, sid):
    return b.evaluate(sid, "({variant:document.getElementById('pos-variant').value,"
                           "verdict:document.getElementById('verdict').textContent,"
                           "error:document.getElementById('pos-error').hidden?'':document.getElementById('pos-error')"
                           ".textContent,note:document.getElementById('pos-note').hidden?'':"
                           "document.getElementById('pos-note').textContent})")


def check_fen_variants(b, sid):
    """Item 3: the variant of a #fen= link."""
    fen, move = "B:W21-32:B1-12", "9-14"
    want = pdnmoves(["-v", "english", "--check", move, fen]).stdout.strip()
    for name in ("English", "21", "checkers", "english"):
        open_page(b, sid, "#fen=%s&variant=%s&move=%s" % (fen, name, move))
        b.wait_for(sid, POSITION)
        got = position(b, sid)
        check(got["variant"] == "english" and want in got["verdict"] and not got["error"],
              "variant=%s: judged as English checkers (%s)" % (name, got["verdict"]))
    open_page(b, sid, "#fen=%s&variant=nonesuch&move=%s" % (fen, move))
    b.wait_for(sid, POSITION)
    got = position(b, sid)
    check("unknown variant 'nonesuch'" in got["error"] and "russian" in got["error"] and "GameType" in got["error"],
          "an unknown variant is refused with the list: %s" % got["error"][:90])
    open_page(b, sid, "#fen=W:Wc3,Kg1:Bd4,d6,Kh8,b6&variant=russian")
    b.wait_for(sid, POSITION)
    open_page(b, sid, "#fen=W:W31-50:B1-20", fresh=False)  # only the fragment changes
    b.wait_for(sid, POSITION)
    got = position(b, sid)
    check(got["variant"] == "international" and not got["error"] and "International" in got["note"]
          and "no variant" in got["note"], "a link without a variant after a Russian one: %s" % got)


def check_link_checksum(b, sid, tmp):
    """Item 4: the link's length and checksum."""
    data = open(INTL, "rb").read()
    open_page(b, sid)
    p = os.path.join(tmp, "international.pdn")
    with open(p, "wb") as f:
        f.write(data)
    set_files(b, sid, [p])
    b.wait_for(sid, STATE)
    b.evaluate(sid, "document.getElementById('link-text').click()")
    frag = b.evaluate(sid, "location.hash")
    check(frag == new_link(data), "Link to this text carries the length and the CRC-32: %s" % frag[:40])
    cut = frag[:int(len(frag) * 0.6)]
    open_page(b, sid, cut)
    state, _ = b.wait_for(sid, STATE)
    err = b.evaluate(sid, "document.getElementById('errors').textContent")
    check(state == "failed" and "damaged" in err, "the link cut at 60%% is refused: %s" % err[:80])
    i = frag.index("&pdn=") + 20
    changed = frag[:i] + ("A" if frag[i] != "A" else "B") + frag[i + 1:]
    open_page(b, sid, changed)
    state, _ = b.wait_for(sid, STATE)
    check(state == "failed", "a link with one character changed is refused")
    open_page(b, sid, "#pdn=" + b64url(data[:int(len(data) * 0.6)]))
    state, _ = b.wait_for(sid, STATE)
    note = b.evaluate(sid, "document.getElementById('link-check').textContent")
    check(state == "done" and "cannot be verified" in note, "an old link opens, with its note: %s" % note[:70])
    err = b.evaluate(sid, "document.getElementById('cut-note').textContent")
    check("game 2" in err and "without a result at the end of the input" in err and "cut short" in err,
          "its last game, without a result at the end, is flagged: %s" % err.strip()[:120])
    open_page(b, sid, frag)
    state, _ = b.wait_for(sid, STATE)
    note = b.evaluate(sid, "document.getElementById('link-check').textContent")
    check(state == "done" and "arrived whole" in note, "the whole link opens: %s" % note)


def set_files(b, sid, paths):
    doc = b.send("DOM.getDocument", {}, session=sid)
    node = b.send("DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": "#files"}, session=sid)["nodeId"]
    b.evaluate(sid, "delete document.body.dataset.state")
    b.send("DOM.setFileInputFiles", {"nodeId": node, "files": paths}, session=sid)


def wait_answering(b, sid, limit=180):
    """Waits for the check's end, asking the tab meanwhile: (state, seconds, slowest answer in ms).
    The wait is longer than what a part asserts (30 s for a hostile input): its figure is then said."""
    t0, slowest = time.time(), 0
    # the page's own longest task meanwhile (the DevTools round trip left out), printed, and
    # the longest gap of a 10 ms heartbeat (what a click would wait), window.__gap
    b.evaluate(sid, "window.__longest=0;window.__lto&&window.__lto.disconnect();window.__lto=new PerformanceObserver("
                    "function(l){l.getEntries().forEach(function(e){__longest=Math.max(__longest,e.duration)})});"
                    "__lto.observe({entryTypes:['longtask']});window.__gap=0;clearInterval(window.__beat);"
                    "window.__last=performance.now();window.__beat=setInterval(function(){var t=performance.now();"
                    "__gap=Math.max(__gap,t-__last);__last=t},10);1")
    while time.time() - t0 < limit:
        slowest = max(slowest, answers(b, sid))
        state = b.evaluate(sid, STATE)
        if state:
            return state, time.time() - t0, slowest
        time.sleep(0.1)
    return None, time.time() - t0, slowest


def browser_pids(b):
    """The browser's process and all its descendants (from /proc)."""
    kids = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                with open("/proc/%s/stat" % p) as f:
                    kids.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(p))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [b.proc.pid]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += kids.get(pid, [])
    return out


def browser_rss(b):
    """The browser's processes' resident memory, summed, in MB."""
    kb = 0
    for pid in browser_pids(b):
        try:
            with open("/proc/%d/status" % pid) as f:
                kb += sum(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except (OSError, ValueError, IndexError):
            pass
    return kb // 1024


def renderers_sched(b):
    """{pid: (cpu ns, ns waited for a core)} of the main thread of every renderer process
    of the browser (Linux's /proc/PID/task/PID/schedstat; a process's main thread has its
    pid), {} where /proc says nothing."""
    out = {}
    for pid in browser_pids(b):
        try:
            with open("/proc/%d/cmdline" % pid, "rb") as f:
                if b"--type=renderer" not in f.read():
                    continue
            with open("/proc/%d/task/%d/schedstat" % (pid, pid)) as f:
                cpu, wait = f.read().split()[:2]
            out[pid] = (int(cpu), int(wait))
        except (OSError, ValueError):
            pass
    return out


def stretch(before, after):
    """How much longer than its own work the tabs' main threads took meanwhile, waiting for
    a core (1 on an idle machine): (cpu + wait) / cpu over the renderers' main threads."""
    cpu = sum(after[p][0] - before.get(p, (0, 0))[0] for p in after)
    wait = sum(after[p][1] - before.get(p, (0, 0))[1] for p in after)
    return (cpu + wait) / cpu if cpu > 0 else 1.0


def check_bounds(b, sid, tmp):
    """Item 2: hostile inputs end with a message within 30 s while the tab answers."""
    open_page(b, sid)
    many = os.path.join(tmp, "many.pdn.gz")
    with open(many, "wb") as f:
        f.write(gzip.compress(b"1. 32-28 19-23 *\n" * 3000000, 9))
    set_files(b, sid, [many])
    state, took, slowest = wait_answering(b, sid)
    err = b.evaluate(sid, "document.getElementById('errors').textContent")
    check(state == "done" and "only the first 50000 games" in err and "pdncheck" in err and took < 30,
          "3 million one-line games (%d KB of gzip): stopped at the bound in %.1f s, the tab answering within "
          "%.0f ms: %s" % (os.path.getsize(many) // 1024, took, slowest, err.strip()[:100]))
    big = os.path.join(tmp, "big.pdn.zst")
    subprocess.run(["zstd", "-q", "-19", "-f", "-o", big], input=b"[Event \"x\"]\n" * 7000000, check=True)
    set_files(b, sid, [big])
    state, took, slowest = wait_answering(b, sid)
    err = b.evaluate(sid, "document.getElementById('errors').textContent")
    check(state == "failed" and "more than 64.0 MB" in err and "pdncheck" in err and took < 30,
          "a file expanding to 85 MB (%d KB of zstd) is refused in %.1f s: %s" % (os.path.getsize(big) // 1024,
                                                                                 took, err.strip()[:100]))
    zst = subprocess.run(["zstd", "-q", "-19", "-c"], input=b"1. 32-28 19-23 *\n" * 3000000, check=True,
                         stdout=subprocess.PIPE).stdout
    open_page(b, sid, new_link(zst))
    state, took, slowest = wait_answering(b, sid)
    text = b.evaluate(sid, "document.getElementById('ask-text').textContent")
    check(state == "asking" and "48.6 MB" in text and took < 30,
          "a link of %d characters expanding to 48.6 MB asks first (%.1f s): %s" % (len(new_link(zst)), took, text))
    b.evaluate(sid, "document.getElementById('ask-no').click()")
    check(b.evaluate(sid, "document.body.dataset.state") == "idle", "answered no: nothing checked")


def check_memory(b, sid, tmp):
    """Item 2: memory bounded. 5,000 games, each with an illegal move (381 KB of text,
    about 50 MB of report with every finding's diagrams): the findings of the first 2,000
    games are listed, the rest counted, and the report comes from the library in parts (no
    file of its whole size in the worker's file system, no string of its whole size): the
    browser's processes grew 506 MB at their peak when it was read whole, 286 MB streamed;
    the bound asserted is 400 MB."""
    game = b'[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n1. 32-27 19-23 2. 99-98 *\n\n'
    p = os.path.join(tmp, "bad5k.pdn")
    with open(p, "wb") as f:
        f.write(game * 5000)
    open_page(b, sid)  # a new document: a new worker, its memory not grown by an earlier check
    base = browser_rss(b)
    peak, done = [base], []

    def sample():
        while not done:
            peak[0] = max(peak[0], browser_rss(b))
            time.sleep(0.05)
    th = threading.Thread(target=sample, daemon=True)
    th.start()
    try:
        set_files(b, sid, [p])
        state, took = b.wait_for(sid, STATE, timeout=300, what="the check of 5,000 games with findings")
        b.wait_for(sid, LAID_OUT, timeout=60, what="its first page laid out")
    finally:
        done.append(1)
        th.join()
    got = b.evaluate(sid, "[document.getElementById('errors').textContent, %s.querySelectorAll('article.finding')"
                          ".length, document.body.dataset.reportRows]" % FRAME)
    check(state == "done" and "5000 games have findings: those of the first 2000 are listed in full" in got[0]
          and "run pdncheck" in got[0] and got[1] >= 100 and got[2] == "5000",
          "5,000 games with findings: the first 2,000 listed, the rest counted (%s findings on page 1, %s rows): %s"
          % (got[1], got[2], got[0].strip()[:90]))
    # the games sorted by number, descending (two clicks on the column's button, each a new
    # page laid out): games 5000 to 4901 on the first page, without stepping through 49
    for _ in range(2):
        b.evaluate(sid, "document.body.dataset.layout='partial';%s.querySelectorAll('#games th button')[0].click();1"
                   % FRAME)
        b.wait_for(sid, LAID_OUT, timeout=120, what="the sorted page laid out")
    got = b.evaluate(sid, "[%s.querySelectorAll('article.finding').length, %s.querySelectorAll('#games tbody tr')"
                          ".length, document.getElementById('pager-text').textContent, [0, 99].map(function(i){return parseInt("
                          "%s.querySelectorAll('#games tbody tr')[i].cells[0].textContent)})]" % (FRAME, FRAME, FRAME))
    check(got[0] == 0 and got[1] == 100 and got[3] == [5000, 4901],
          "its games after the 2,000th keep their row, their findings not listed: %s" % got)
    grew = peak[0] - base
    check(grew < 400, "the browser's memory grew %d MB at its peak (bound 400 MB; %d MB before) while the "
          "report of 5,000 games with findings was made and shown (%.1f s)" % (grew, base, took))


LAID_OUT = "document.body.dataset.layout === 'done'"


def pager(b, sid, way):
    """A pager button clicked, and the new page laid out."""
    b.evaluate(sid, "document.body.dataset.layout='partial';document.getElementById('pager-%s').click();1" % way)
    b.wait_for(sid, LAID_OUT)


def check_pages(b, sid, tmp):
    """Item 6: the report in pages."""
    game = open(INTL, "rb").read()
    games = re.split(rb"(?=\[Event )", game)
    bad = games[1].replace(b"32-28", b"32-27", 1) if b"32-28" in games[1] else games[1] + b"\n1. 99-98 *\n"
    data = (games[1] + games[2] + games[3]) * 400 + bad  # 1,201 games, the last with an error
    p = os.path.join(tmp, "many.pdn")
    with open(p, "wb") as f:
        f.write(data)
    open_page(b, sid)
    set_files(b, sid, [p])
    state, took, slowest = wait_answering(b, sid, 120)
    rows = "%s.querySelectorAll('#games tbody tr').length" % FRAME
    got = b.evaluate(sid, "[%s, document.getElementById('pager').hidden, document.getElementById('pager-text')"
                          ".textContent]" % rows)
    check(state == "done" and got[0] == 100 and not got[1] and "of 1,201" in got[2],
          "1,201 games: a page of 100 rows in the frame, the pager shown (%s; the tab's slowest answer %.0f ms)"
          % (got, slowest))
    # the report's header (what was checked, when) and its warnings by kind are the whole
    # run's: on every page, the warnings' link followed (they came after the last game's
    # section, once shown only with it)
    whole = ("[!!%s.querySelector('header .checked'), %s.querySelectorAll('#warnings').length, "
             "%s.querySelectorAll('section.game').length]" % (FRAME, FRAME, FRAME))
    got = b.evaluate(sid, whole)
    check(got == [True, 1, 0], "page 1 (no game with findings): the header's identity and the warnings: %s" % got)
    b.evaluate(sid, "delete %s.body.dataset.followed" % FRAME)
    click(b, sid, "(function(){var r=document.getElementById('report').getBoundingClientRect();return [r.left,r.top]})()",
          "%s.querySelector('a[href=\"#warnings\"]')" % FRAME)
    got = b.until(sid, "%s.body.dataset.followed || ''" % FRAME, lambda g: g == "warnings",
                  "the warnings' link followed in the report")
    check(got == "warnings", "page 1: its link to the warnings followed: %s" % got)
    pager(b, sid, "next")
    got = b.evaluate(sid, "[%s, parseInt(%s.querySelector('#games tbody tr td').textContent)]" % (rows, FRAME))
    check(got == [100, 101], "the next page: games 101-200: %s" % got)
    for _ in range(11):
        pager(b, sid, "next")
    got = b.evaluate(sid, whole)
    check(got == [True, 1, 1], "the last page (game 1201's findings): the header and the warnings once: %s" % got)
    screenshot(b, sid, "arbiter-pages.png", 1280)
    pager(b, sid, "prev")
    b.evaluate(sid, "(function(){var s=%s.getElementById('verdict-filter');s.value='errors';"
                    "s.dispatchEvent(new Event('change'))})()" % FRAME)
    b.wait_for(sid, LAID_OUT)
    got = b.evaluate(sid, "[%s, document.getElementById('pager-text').textContent]" % rows)
    check(got[0] >= 1 and "of %d shown by the filter" % got[0] in got[1],
          "the filter on the whole list: %s" % got)
    off = "(function(){var r=document.getElementById('report').getBoundingClientRect();return [r.left,r.top]})()"
    b.evaluate(sid, "delete %s.body.dataset.followed" % FRAME)
    click(b, sid, off, "%s.querySelector('a[href^=\"#g\"]')" % FRAME)
    ok = lambda g: g[0] == "g1201" and g[1]
    got = b.until(sid, "[%s.body.dataset.followed || '', !!%s.getElementById('games')]" % (FRAME, FRAME), ok,
                  "game 1201's link followed in the report")
    check(ok(got), "its link goes to game 1201's findings in the report: %s" % got)
    # saved, the report is whole: pdncheck --html's, byte for byte
    saved = b.download(sid, "document.getElementById('save').click()", os.path.join(tmp, "saved-pages"),
                       "pdnkit-report.html")
    got = open(saved, "rb").read() if saved else None
    subprocess.run([os.path.join(BIN, "pdncheck"), "-j", "1", "--html", "native.html", "many.pdn"], cwd=tmp,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, SOURCE_DATE_EPOCH=str(checked_epoch(got))))  # dated as the page's
    same = got is not None and got == open(os.path.join(tmp, "native.html"), "rb").read()
    check(same, "the saved report of 1,201 games is pdncheck --html's, byte for byte")
    # OCA (22,621 games, read compressed as stored): the tab answers while it is checked and
    # shown (the issue asks 100 ms; the bound here leaves room for a loaded machine's
    # DevTools round trip, and the figure is printed)
    oca = os.path.join(ROOT, "tests", "corpora", "english", "oca", "OCA_2.0.pdn.zst")
    sched = renderers_sched(b)
    set_files(b, sid, [oca])
    state, took, slowest = wait_answering(b, sid, 120)
    n = b.evaluate(sid, "document.body.dataset.reportRows")
    # the long tasks the observer has not handed over yet taken now (takeRecords), rather
    # than after a sleep
    b.wait_for(sid, LAID_OUT, timeout=60, what="OCA's first page laid out")
    b.settle(sid)
    longest, gap = b.evaluate(sid, "__lto.takeRecords().forEach(function(e){__longest=Math.max(__longest,e.duration)});"
                                   "[Math.round(window.__longest), Math.round(window.__gap)]")
    slower = stretch(sched, renderers_sched(b))
    # the 100 ms is what an idle machine shows; a loaded one (a load of 11 to 25 on 2
    # cores) stretches every task. The page's own longest task is what the layout decides:
    # 330 to 600 ms (load 11) with a frame of 500 rows and their sections in one task, 80 to 87 ms
    # now at a load of 15 to 16, 139 to 478 under make check's own load (14 to 30); the bound
    # asserted, 250 ms up to a load of 10 and stretched in proportion above it (it fails the
    # old way at a load of 11: 330 and 600 against 275), is loose for a loaded machine. The heartbeat's longest gap also counts the time the tab's
    # process waits for a core (80 to 170 ms at a load of 16, 470 ms under make check):
    # printed, not asserted.
    # A task's duration is wall time: a tab whose process waits for a core (make check's
    # load, or 4 busy loops at nice 0 beside a test at nice 10: 923 ms at a load of 13, the
    # old bound 333) is stretched by that wait, not by its layout. The bound is also
    # stretched by the factor Linux measured for the tab's main thread meanwhile, its time
    # run plus its time waiting for a core over its time run (1.0 to 1.1 idle): a task
    # doing 2.4 times the work of the bound still fails at any load
    load = os.getloadavg()[0]
    bound = 250 * max(1.0, load / 10, slower)
    check(state == "done" and n == "22621" and longest < bound,
          "OCA: checked and shown in %.1f s; the page's longest task meanwhile %s ms (bound %.0f), the heartbeat's "
          "longest gap %d ms, the slowest DevTools answer %.0f ms (%s games; load %.1f; the tab's main thread "
          "stretched %.2f times by waiting for a core)" % (took, longest, bound, gap, slowest, n, load, slower))


def check_phone(b, sid):
    """Item 8: 390 px wide."""
    b.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1,
                                                  "mobile": True}, session=sid)
    open_page(b, sid, new_link(open(INTL, "rb").read()) + "&fen=W:W36,K46:B18,31,37&variant=international"
              "&move=46x12")
    b.wait_for(sid, STATE)
    b.wait_for(sid, POSITION)
    # the frame is fitted to the report by a ResizeObserver: waited for (a phone's layout
    # under load takes a while), then asserted
    ok = lambda g: g["width"] <= 390 and g["inner"] <= g["frame"] + 1 and not g["boxes"]
    got = b.until(sid, "(function(){var f=document.getElementById('report'),d=f.contentDocument;"
                       "return {width:document.documentElement.scrollWidth,frame:f.clientHeight,"
                       "inner:d.documentElement.scrollHeight,boxes:Array.prototype.filter.call(d.querySelectorAll"
                       "('*'),function(e){return e.scrollWidth>e.clientWidth+1&&getComputedStyle(e).overflowX!="
                       "'visible'}).map(function(e){return e.className||e.tagName})}})()", ok,
                  "the page within 390 px and the report's frame fitted to the report")
    b.settle(sid)
    check(ok(got), "at 390 px the page is no wider than the screen and the report's frame does not scroll: %s" % got)
    screenshot(b, sid, "arbiter-phone.png", 390)
    b.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                  "mobile": False}, session=sid)
    open_page(b, sid, new_link(open(INTL, "rb").read()) + "&fen=W:W36,K46:B18,31,37&variant=international"
              "&move=46x12")
    b.wait_for(sid, STATE)
    b.wait_for(sid, POSITION)
    screenshot(b, sid, "arbiter-desktop.png", 1280)


def screenshot(b, sid, name, width):
    # what is shown drawn first: the report's frame fitted to the report (its observer
    # answers after a layout), its sections in, the fonts loaded, two frames painted
    b.wait_for(sid, "document.body.dataset.layout !== 'partial' && (function(f){return !f || f.hidden || "
                    "!f.contentDocument || !f.contentDocument.documentElement || f.style.height === "
                    "Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height) + 'px'})"
                    "(document.getElementById('report'))", timeout=60, what="the report laid out and its frame fitted")
    b.settle(sid)
    tall = b.evaluate(sid, "window.scrollTo(0,0); document.documentElement.scrollHeight")
    png = base64.b64decode(b.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
        "x": 0, "y": 0, "width": width, "height": min(tall, 6000), "scale": 1}}, session=sid)["data"])
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(png)
    check(len(png) > 10000, "screenshot %s (%d bytes)" % (name, len(png)))


def check_first_contact(b, sid):
    """Item 9: a visible Choose files button, a sample, no base64url."""
    open_page(b, sid)
    got = b.evaluate(sid, "(function(){var c=document.getElementById('choose');return {choose:c&&c.getClientRects()"
                          ".length>0&&c.textContent,face:/base64url/i.test(document.body.innerText),"
                          "results:document.getElementById('results').options[0].textContent}})()")
    check(got["choose"] == "Choose files" and not got["face"] and "Black in English checkers" in got["results"],
          "a visible Choose files button, no base64url, the first mover said: %s" % got)
    b.evaluate(sid, "delete document.body.dataset.state;document.getElementById('sample').click()")
    state, _ = b.wait_for(sid, STATE)
    n = b.evaluate(sid, "%s.querySelectorAll('#games tbody tr').length" % FRAME)
    check(state == "done" and n == 3, "the sample file is checked: %s games" % n)


def check_sharing(b, sid, tmp):
    """Item 10: a link to the position after the move; the 48 KB limit explained."""
    open_page(b, sid, "#fen=W:W31-50:B1-20&variant=international&move=32-28")
    b.wait_for(sid, POSITION)
    after = pdnmoves(["--check", "32-28", "W:W31-50:B1-20"]).stdout.split("\t")[1].strip()
    b.evaluate(sid, "document.getElementById('link-after').click()")
    frag = b.evaluate(sid, "decodeURIComponent(location.hash)")
    check(frag == "#fen=%s&variant=international" % after, "the link to the position after 32-28: %s" % frag)
    big = os.path.join(tmp, "big.pdn")
    with open(big, "wb") as f:
        f.write(open(INTL, "rb").read() * 25)
    set_files(b, sid, [big])
    b.wait_for(sid, STATE)
    got = b.evaluate(sid, "[document.getElementById('link-text').disabled,document.getElementById('link-note')"
                          ".textContent]")
    check(got[0] and "48 KB" in got[1], "a text over 48 KB: the link's limit explained: %s" % got[1])


def check_illegal_drawn(b, sid):
    """Item 12: the move as written, illegal, is drawn."""
    open_page(b, sid, "#fen=W:W31-50:B1-20&variant=international&move=33-24")
    b.wait_for(sid, POSITION)
    got = b.evaluate(sid, "[document.querySelectorAll('#board svg polyline').length,"
                          "document.getElementById('verdict').textContent]")
    want = pdnmoves(["--check", "33-24", "W:W31-50:B1-20"]).stdout.strip()
    check(got[0] == 1 and want in got[1] and "drawn" in got[1], "the illegal 33-24 is drawn as written: %s" % got)


def check_stale_errors(b, sid):
    """Item 12: the last link's error is not left beside the next link's result."""
    visible = ("[!document.getElementById('pos-error').hidden, !document.getElementById('errors').hidden, "
               "document.body.dataset.state, document.body.dataset.position]")
    for name, (w, h) in (("desktop", (1280, 900)), ("phone", (390, 844))):
        b.send("Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1,
                                                      "mobile": w < 500}, session=sid)
        open_page(b, sid, "#fen=W:W31-50:B1-20&variant=nonsense")
        b.wait_for(sid, POSITION)
        before = b.evaluate(sid, visible)
        b.evaluate(sid, "delete document.body.dataset.state;location.hash=%r;1" % new_link(open(INTL, "rb").read()))
        b.wait_for(sid, STATE)
        after = b.evaluate(sid, visible)
        screenshot(b, sid, "arbiter-stale-%s-pdn.png" % name, w)
        check(before[0] and after == [False, False, "done", "error"],
              "%s: a #fen= error, then a valid #pdn= link: the error is gone (%s, then %s)" % (name, before, after))
        b.evaluate(sid, "delete document.body.dataset.state;location.hash='#n=3&crc=00000000&pdn=AAAA';1")
        b.wait_for(sid, STATE)
        before = b.evaluate(sid, visible)
        b.evaluate(sid, "delete document.body.dataset.position;location.hash='#fen=W:W21-32:B1-12&variant=russian';1")
        b.wait_for(sid, POSITION)
        after = b.evaluate(sid, visible)
        screenshot(b, sid, "arbiter-stale-%s-fen.png" % name, w)
        check(before[1] and before[2] == "failed" and after[:2] == [False, False] and after[3] == "shown",
              "%s: a damaged link, then a valid #fen= link: the damaged link's error is gone (%s, then %s)" %
              (name, before, after))
        b.evaluate(sid, "delete document.body.dataset.position;location.hash='#fen=W:W31-50:B1-20';1")
        b.wait_for(sid, POSITION)
        got = b.evaluate(sid, visible)
        check(got[:2] == [False, False] and got[3] == "shown", "%s: then another: no error (%s)" % (name, got))
    b.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                  "mobile": False}, session=sid)


def check_copies(b, sid):
    """Item 12: the copies of one game in a file, as pdngrep -D finds them."""
    open_page(b, sid)
    text = ('[GameType "20"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n\n'       # 1
            '[GameType "20"]\n1. 11-15 23-18 *\n\n'                      # 2: not a copy
            '[Event "x"]\n[GameType "20"]\n1. 11-15 {!} 23-19 2. 8-11 (2. 9-13) 22-17 0-1\n\n'  # 3: of 1
            '[GameType "20"]\n1. 11-15 23-18 *\n\n'                      # 4: of 2
            '[GameType "20"]\n1. 11-15 23-19 2. 8-11 22-17 *\n')          # 5: of 1
    state = paste(b, sid, text)
    got = b.evaluate(sid, "Array.prototype.map.call(%s.querySelectorAll('#copies li'),function(l){"
                          "return l.textContent})" % FRAME)
    with tempfile.NamedTemporaryFile("w", suffix=".pdn") as f:
        f.write(text)
        f.flush()
        dup = subprocess.run([os.path.join(BIN, "pdngrep"), "-D", "-c", f.name], stdout=subprocess.PIPE, text=True)
    check(state == "done" and got == ["Game 3 and game 5 are copies of game 1.", "Game 4 is a copy of game 2."]
          and dup.stdout.strip() == "3", "the copies of one game, grouped: %s (pdngrep -D -c: %s)" %
          (got, dup.stdout.strip()))


def check_stepper(b, sid):
    """Item 11: step through a game."""
    data = open(INTL, "rb").read()
    open_page(b, sid, new_link(data))
    b.wait_for(sid, STATE)
    b.evaluate(sid, "delete document.body.dataset.game;%s.querySelectorAll('#games tbody tr')[1]"
                    ".querySelector('button.step').click()" % FRAME)
    b.wait_for(sid, "/^(shown|error)$/.test(document.body.dataset.game||'')")
    b.wait_for(sid, POSITION)
    n = b.evaluate(sid, "document.querySelectorAll('#step-moves button').length")
    check(n == 106, "game 2 of international.pdn (105 plies): %s steps in the list" % n)
    b.evaluate(sid, "delete document.body.dataset.position;document.getElementById('step-next').click()")
    b.wait_for(sid, POSITION)
    got = position(b, sid)
    first = b.evaluate(sid, "[document.getElementById('fen').value, document.getElementById('move').value]")
    want = pdnmoves(["--check", first[1], first[0]]).stdout.strip()
    check(got["verdict"] == "Legal: " + want and got["variant"] == "international",
          "step 1: the position before %s, the move judged legal and drawn: %s" % (first[1], got["verdict"][:60]))
    b.evaluate(sid, "document.querySelectorAll('#step-moves button')[104].click()")
    before = b.evaluate(sid, "[document.getElementById('fen').value, document.getElementById('move').value]")
    b.evaluate(sid, "delete document.body.dataset.position;document.getElementById('step-next').click()")
    b.wait_for(sid, POSITION)
    end = b.evaluate(sid, "[document.getElementById('fen').value, document.getElementById('step-where').textContent,"
                          "document.getElementById('step-next').disabled]")
    want = pdnmoves(["--check", before[1], before[0]]).stdout.strip().split("\t")[-1]
    check(end[0] == want and "last of 105" in end[1] and end[2],
          "the last step: the position after the 105th move, pdnmoves' FEN: %s" % end)
    # item 10: a link to this game alone, which opens as one game of 105 plies
    b.evaluate(sid, "document.getElementById('link-game').click()")
    frag = b.evaluate(sid, "location.hash")
    text = base64.urlsafe_b64decode(frag.split("&pdn=")[1] + "==").decode()
    check(text.startswith("[Event") and 'Round "2"' in text and text.count("[Event") == 1,
          "Link to this game: game 2's own text (%d bytes)" % len(text))
    open_page(b, sid, frag)
    b.wait_for(sid, STATE)
    got = b.evaluate(sid, "Array.prototype.map.call(%s.querySelectorAll('#games tbody tr'),function(r){"
                          "return r.cells[7].textContent})" % FRAME)
    check(got == ["105"], "the link opens that one game: %s plies" % got)


def report_state(b, sid):
    return b.evaluate(sid, "(function(){var d=%s;return {lang:d.documentElement.lang,"
                           "menu:document.getElementById('lang').value,"
                           "h3:Array.prototype.map.call(d.querySelectorAll('article.finding h3'),function(h){"
                           "return h.textContent}),shown:(d.getElementById('shown')||{}).textContent,"
                           "verdicts:Array.prototype.map.call(d.querySelectorAll('[data-verdict]'),function(e){"
                           "return e.dataset.verdict}),codes:Array.prototype.map.call(d.querySelectorAll("
                           "'article.finding code'),function(e){return e.textContent})}})()" % FRAME)


def check_language(b, sid):
    """Issue 36: the menu, its memory, the address and the browser's languages."""
    link = new_link(open(os.path.join(ROOT, "tests", "browser", "report-input.pdn"), "rb").read())
    open_page(b, sid)
    b.evaluate(sid, "localStorage.removeItem('pdnkit-lang');1")
    b.send("Network.setUserAgentOverride", {"userAgent": "Mozilla/5.0 (pdnkit test)", "acceptLanguage": "nl-BE,nl,en"},
           session=sid)
    open_page(b, sid, link)
    b.wait_for(sid, STATE)
    nl = report_state(b, sid)
    check(nl["menu"] == "nl" and nl["lang"] == "nl" and "Een andere slag was verplicht" in nl["h3"],
          "first time, the browser's language (nl-BE): the menu and the report in Dutch: %s" % nl)
    b.send("Network.setUserAgentOverride", {"userAgent": "Mozilla/5.0 (pdnkit test)", "acceptLanguage": "en-US,en"},
           session=sid)
    b.evaluate(sid, "delete document.body.dataset.state;var s=document.getElementById('lang');s.value='en';"
                    "s.dispatchEvent(new Event('change'));1")
    b.wait_for(sid, STATE)
    en = report_state(b, sid)
    check(en["lang"] == "en" and "Another capture was compulsory" in en["h3"] and en["shown"].endswith(" shown"),
          "the menu set to English: the report in English: %s" % en["h3"][:2])
    b.evaluate(sid, "delete document.body.dataset.state;var s=document.getElementById('lang');s.value='fr';"
                    "s.dispatchEvent(new Event('change'));1")
    b.wait_for(sid, STATE)
    fr = report_state(b, sid)
    check(fr["lang"] == "fr" and "Une autre prise était obligatoire" in fr["h3"] and "Coup illégal" in fr["h3"] and
          fr["shown"].endswith(" affichées"),
          "the menu set to French: the report in French (its filter's count too): %s, %s" % (fr["h3"][:2], fr["shown"]))
    check(fr["verdicts"] == en["verdicts"] and fr["codes"] == en["codes"] and en["verdicts"],
          "the verdicts and codes the same in both languages")
    screenshot(b, sid, "arbiter-lang-fr-desktop.png", 1280)
    open_page(b, sid, link)  # a new visit: the choice remembered
    b.wait_for(sid, STATE)
    again = report_state(b, sid)
    check(again["menu"] == "fr" and again["lang"] == "fr", "the choice remembered on the next visit: %s" % again["menu"])
    b.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1,
                                                  "mobile": True}, session=sid)
    open_page(b, sid, link + "&lang=ru")
    b.wait_for(sid, STATE)
    ru = report_state(b, sid)
    width = b.evaluate(sid, "document.documentElement.scrollWidth")
    check(ru["menu"] == "ru" and ru["lang"] == "ru" and "Недопустимый ход" in ru["h3"] and width <= 390,
          "#lang=ru in the address: the report in Russian, the page %s px wide in 390: %s" % (width, ru["h3"][:2]))
    screenshot(b, sid, "arbiter-lang-ru-phone.png", 390)
    b.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                  "mobile": False}, session=sid)
    b.evaluate(sid, "localStorage.setItem('pdnkit-lang','en');1")  # the other parts read English


def main():
    os.makedirs(OUT, exist_ok=True)
    b = Browser(os.path.join(OUT, "profile-arbiter"))
    try:
        sid = b.new_page()
        only = os.environ.get("ARBITER_ONLY", "")
        with tempfile.TemporaryDirectory() as tmp:
            for name, fn in (("links", lambda: check_links(b, sid, tmp)), ("sandbox", lambda: check_sandbox(b, sid)),
                             ("nogames", lambda: check_no_games(b, sid)),
                             ("fen", lambda: check_fen_variants(b, sid)),
                             ("checksum", lambda: check_link_checksum(b, sid, tmp)),
                             ("bounds", lambda: check_bounds(b, sid, tmp)),
                             ("pages", lambda: check_pages(b, sid, tmp)),
                             ("memory", lambda: check_memory(b, sid, tmp)), ("phone", lambda: check_phone(b, sid)),
                             ("first", lambda: check_first_contact(b, sid)),
                             ("sharing", lambda: check_sharing(b, sid, tmp)),
                             ("illegal", lambda: check_illegal_drawn(b, sid)),
                             ("copies", lambda: check_copies(b, sid)),
                             ("stale", lambda: check_stale_errors(b, sid)),
                             ("stepper", lambda: check_stepper(b, sid)),
                             ("lang", lambda: check_language(b, sid))):
                if only and name not in only.split(","):
                    continue
                try:
                    fn()
                except Exception as e:  # one part's failure is reported, the others still run
                    check(False, "%s: %s: %s" % (name, type(e).__name__, e))
    finally:
        b.close()
    print("web_arbiter: %d failed" % fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
