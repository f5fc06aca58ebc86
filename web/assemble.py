#!/usr/bin/env python3
"""web/assemble.py -- writes the arbiter's page, one self-contained HTML file (make web).

web/page.html is the template; into it go web/page.css, web/page.js, and the worker's
source (web/worker.js followed by the Emscripten module, the library compiled to
WebAssembly and embedded in it as base64) as a script block the browser does not run
(type text/plain), which the page starts as a Web Worker from a blob: URL.

The page's Content-Security-Policy allows no script, style, connection, image, font or
frame source from anywhere but: the page's own script and style, and the report's style
(the report pdncheck --html writes, shown in a frame that inherits this policy), by their
SHA-256 hashes; WebAssembly compilation; a worker from a blob: URL; images from data:.
The report's own script is not allowed at all: its frame is sandboxed without scripts
and the page wires its links, filter and sorting from outside. So nothing a game file or
a link holds can run script or load anything. The report's style is taken from a report
the native pdncheck writes (the same html_report.c as the WebAssembly build), so a change
there changes the hash.

The catalogues of po/ compiled by make (LOCALE/LL/LC_MESSAGES/pdnkit.mo) go before the
worker's source as base64 (PK_CATALOGUES): the worker writes them where the library reads
a language by name, so the page's language menu words the report as pdncheck --lang does
(issue 36).

Usage: assemble.py --pdncheck BIN --module pdnkit.js --version V --locale DIR --out pdnkit.html
"""
import argparse
import base64
import hashlib
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_BYTES = 3 * 1024 * 1024  # issue 25: at most 3 MB


def read(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return f.read()


def sha256(text):
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def report_parts(pdncheck):
    """The inline script and style of the report pdncheck --html writes."""
    with tempfile.TemporaryDirectory() as tmp:
        pdn, html = os.path.join(tmp, "empty.pdn"), os.path.join(tmp, "report.html")
        with open(pdn, "w") as f:
            f.write("")
        subprocess.run([pdncheck, "-j", "1", "--html", html, pdn], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        with open(html, encoding="utf-8") as f:
            page = f.read()
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    if len(scripts) != 1 or len(styles) != 1:
        sys.exit("assemble.py: the report of %s has %d scripts and %d styles, 1 of each expected"
                 % (pdncheck, len(scripts), len(styles)))
    if re.search(r"\son[a-z]+=|style=", page):
        sys.exit("assemble.py: the report has an inline event handler or style attribute: the policy forbids it")
    return scripts[0], styles[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pdncheck", required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("--version", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--locale", required=True)
    a = ap.parse_args()

    with open(a.module, encoding="utf-8") as f:
        module = f.read()
    cats = {}
    for lang in sorted(os.listdir(a.locale)):
        mo = os.path.join(a.locale, lang, "LC_MESSAGES", "pdnkit.mo")
        if os.path.exists(mo):
            with open(mo, "rb") as f:
                cats[lang] = base64.b64encode(f.read()).decode()
    if sorted(cats) != ["es", "fr", "it", "nl", "pt", "ru"]:
        sys.exit("assemble.py: %s holds the catalogues %s, not the six of po/" % (a.locale, sorted(cats)))
    worker = ("self.PK_CATALOGUES = {%s};\n" % ", ".join("%s: '%s'" % (l, c) for l, c in cats.items()) +
              read("worker.js") + "\n" + module)
    # the worker's text sits in a <script type="text/plain">: it must not close it
    if re.search(r"</script|<!--", worker, re.I):
        sys.exit("assemble.py: the worker's source holds </script or <!--")
    page_css, page_js = "\n" + read("page.css"), "\n" + read("page.js")
    # the sample file the page offers to try (issue 34 item 9): pdn/international.pdn
    with open(os.path.join(HERE, "..", "pdn", "international.pdn"), encoding="utf-8") as f:
        sample = f.read()
    if re.search(r"</script|<!--", sample, re.I):
        sys.exit("assemble.py: the sample holds </script or <!--")
    if re.search(r"</script|<!--", page_js, re.I):
        sys.exit("assemble.py: page.js holds </script or <!--, which would end its script element")
    _rep_js, rep_css = report_parts(a.pdncheck)
    csp = "; ".join([
        "default-src 'none'",
        # the report's own script is not allowed: its frame is sandboxed without scripts and
        # the page wires it from outside (issue 34 item 13)
        "script-src %s 'wasm-unsafe-eval'" % sha256(page_js),
        "style-src %s %s" % (sha256(page_css), sha256(rep_css)),
        "worker-src blob:",
        "img-src data:",
        "frame-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
    ])
    html = read("page.html")
    for key, value in (("CSP", csp), ("VERSION", a.version), ("STYLE", page_css), ("SCRIPT", page_js),
                       ("WORKER", worker), ("SAMPLE", sample)):
        marker = "{{%s}}" % key
        if html.count(marker) != 1:
            sys.exit("assemble.py: page.html must hold %s once" % marker)
        html = html.replace(marker, value)
    data = html.encode("utf-8")
    if len(data) > MAX_BYTES:
        sys.exit("assemble.py: the page is %d bytes, more than %d" % (len(data), MAX_BYTES))
    tmp = a.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, a.out)


if __name__ == "__main__":
    main()
