#!/usr/bin/env python3
"""The arbiter's page in each of its languages (issue 36): its own words (page.html's
headings, buttons, labels, aria-labels, titles and placeholders; page.js's progress, status
and position-tool messages) are all translated. The page is driven through the same steps in
English and then in fr, nl, ru, pt, es and it (a check of the sample file, a #fen= link with
a move and no variant, a game of the report stepped through): every visible text node of the
page (not the report's frame, the library's, which nls_html.sh and web_arbiter.py test), the
selected option of each menu, every title, aria-label and placeholder, and the document's
title are collected; a string the English page shows that the other language shows too
fails, unless it is a code, a number, a move or a FEN (no word of three Latin letters), or
one of the names below that are the same in every language. The variants' titles (the
library's, in the menus and the position tool's lines) and the diagram's SVG title are
among them: the page words them from the catalogues too. Screenshots of fr and ru at
1280 and 390 px are left in OUTDIR (lang-*.png), and nothing may be wider than 390 px there.
Usage: web_lang.py PAGE OUTDIR
"""
import base64
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

PAGE, OUT = [os.path.abspath(a) for a in sys.argv[1:3]]
# the same in every language: names, the menu's own names of its languages, the tools'
# names, file names the test gives, the PDN words the page quotes
SAME = {"pdnkit", "pdncheck", "pdnmoves", "PDN", "FEN", "English", "Español", "Français", "Italiano",
        "Nederlands", "Português", "Русский", "sample-international.pdn", "#fen=FEN&variant=NAME&move=MOVE"}
# the same word in one language as in English
SAME_IN = {"nl": {"Variant"}}
# the same word, before a move and a FEN: "Legal: 32-28 W:..." (pt, es)
SAME_RE = {"pt": "Legal: ", "es": "Legal: "}
LANGS = ["fr", "nl", "ru", "pt", "es", "it"]
fails = 0


def check(ok, what):
    global fails
    print("%s: %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        fails += 1


COLLECT = r"""(function () {
  var out = [], seen = {};
  function add(s) { s = String(s || '').replace(/\s+/g, ' ').trim(); if (s && !seen[s]) { seen[s] = 1; out.push(s); } }
  function visible(el) { return el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'; }
  var w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), n;
  while ((n = w.nextNode())) {
    var p = n.parentElement;
    if (!p || p.closest('script,select,style') || !visible(p)) continue;
    add(n.nodeValue);
  }
  document.querySelectorAll('select').forEach(function (s) { if (visible(s) && s.selectedOptions[0]) add(s.selectedOptions[0].textContent); });
  document.querySelectorAll('[title],[aria-label],[placeholder]').forEach(function (el) {
    if (el.tagName !== 'IFRAME' && el.tagName !== 'NAV' && el.tagName !== 'FIGURE' && !visible(el)) return;
    ['title', 'aria-label', 'placeholder'].forEach(function (a) { if (el.hasAttribute(a)) add(el.getAttribute(a)); });
  });
  /* the diagram's title (the library's SVG, its words translated by the page) */
  document.querySelectorAll('#board svg title').forEach(function (t) { add(t.textContent); });
  add(document.title);
  return out;
})()"""


def drive(b, sid, lang):
    """The page through the same steps in one language; its strings."""
    b.send("Page.navigate", {"url": "about:blank"}, session=sid)
    time.sleep(0.2)
    b.send("Page.navigate", {"url": "file://%s#lang=%s&fen=W:W31-50:B1-20&move=32-28" % (PAGE, lang)}, session=sid)
    b.wait_for(sid, "document.body && document.getElementById('variant').options.length > 1 && "
                    "document.body.dataset.position === 'shown'")
    b.evaluate(sid, "document.getElementById('paste-box').open = true;"
                    "document.getElementById('sample').click(); 1")
    b.wait_for(sid, "document.body.dataset.state === 'done'")
    b.evaluate(sid, "document.getElementById('report').contentDocument.querySelector('button.step').click(); 1")
    b.wait_for(sid, "document.body.dataset.game === 'shown' && document.body.dataset.position === 'shown'")
    b.evaluate(sid, "document.getElementById('step-next').click(); 1")
    b.wait_for(sid, "document.body.dataset.position === 'shown'")
    return b.evaluate(sid, COLLECT), b.evaluate(sid, "document.documentElement.lang")


def machine(s):
    """A code, a number, a move, a FEN: no word of three Latin letters."""
    return not re.search(r"[A-Za-z]{3}", s)


def shot(b, sid, name, width):
    b.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False},
           session=sid)
    time.sleep(0.5)
    wide = b.evaluate(sid, "document.documentElement.scrollWidth")
    tall = b.evaluate(sid, "window.scrollTo(0,0); document.documentElement.scrollHeight")
    png = base64.b64decode(b.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
        "x": 0, "y": 0, "width": width, "height": min(tall, 4000), "scale": 1}}, session=sid)["data"])
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(png)
    check(wide <= width, "%s: the page %d px wide in %d" % (name, wide, width))


def main():
    os.makedirs(OUT, exist_ok=True)
    b = Browser(os.path.join(OUT, "profile-lang"))
    try:
        sid = b.new_page()
        english, lang = drive(b, sid, "en")
        check(lang == "en" and "Choose files" in english and "Check game files" in english,
              "the English page: %d strings" % len(english))
        allowed = SAME | {s for s in english if machine(s)}
        shot(b, sid, "lang-en-desktop.png", 1280)
        b.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                      "mobile": False}, session=sid)
        for l in LANGS:
            got, lang = drive(b, sid, l)
            left = [s for s in got if s in english and s not in allowed and s not in SAME_IN.get(l, set()) and
                    not (l in SAME_RE and s.startswith(SAME_RE[l]) and machine(s[len(SAME_RE[l]):]))]
            check(lang == l and not left, "%s: %d strings, none of the page's English left%s" %
                  (l, len(got), "" if not left else ": " + "; ".join(left)))
            if l in ("fr", "ru"):
                shot(b, sid, "lang-%s-desktop.png" % l, 1280)
                shot(b, sid, "lang-%s-phone.png" % l, 390)
                b.send("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1,
                                                              "mobile": False}, session=sid)
        b.send("Page.navigate", {"url": "about:blank"}, session=sid)
    finally:
        b.close()
    print("web_lang: %d failed" % fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
