/* page.js -- the arbiter's page: files in, the library's report out; a position's board,
 * legal moves and a move's verdict. Everything the library does runs in Web Workers
 * (worker.js, with the WebAssembly module): one for positions, one for checks, kept from
 * one check to the next (the browser has optimised its code by then); a new check while
 * one runs ends that worker and starts another. Nothing is sent anywhere: files are read with the File API, links
 * carry their data in the fragment (#pdn=, #fen=), which the browser never sends.
 * The report is shown in a frame sandboxed without scripts (issue 34 item 13): the page
 * wires its links, filter and sorting from outside, so that no text of a game file can
 * ever run there, and a link of the report (#g3) stays inside the report (item 1: a srcdoc
 * frame resolves it against the page's own address and would load the page into itself).
 * The page's state for a test or a script: body[data-state] is idle, checking, asking,
 * done or failed; body[data-check-ms] the time the last check took in its worker;
 * body[data-position] pending, shown or error. */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var workerUrl = URL.createObjectURL(new Blob([$('pdnkit-worker').textContent], {type: 'text/javascript'}));
  var checker = null, checkerBusy = false, lastFiles = [], lastInput = null, lastHtml = null;
  var lastParts = null; /* a report of more than PAGE_ROWS games, cut by the worker (worker.js) */
  var LINK_MAX = 48 * 1024; /* bytes of text a #pdn= link carries (URLs of about 64 KB open everywhere) */

  function setState(s) { document.body.dataset.state = s; }
  function status(text) { $('status').textContent = text; }
  function show(el, on) { el.hidden = !on; }

  /* ---- base64url, for #pdn= links ---- */
  function toB64url(bytes) {
    var s = '';
    for (var i = 0; i < bytes.length; i += 0x8000)
      s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function fromB64url(text) {
    var s = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, ''));
    var b = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
    return b;
  }

  /* CRC-32 (IEEE, as gzip's), for the links' checksum (issue 34 item 4) */
  var CRC = (function () {
    var t = new Uint32Array(256);
    for (var n = 0; n < 256; n++) {
      var c = n;
      for (var k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      t[n] = c >>> 0;
    }
    return t;
  })();
  function crc32(bytes) {
    var c = 0xFFFFFFFF;
    for (var i = 0; i < bytes.length; i++) c = CRC[(c ^ bytes[i]) & 0xFF] ^ (c >>> 8);
    return ((c ^ 0xFFFFFFFF) >>> 0).toString(16).padStart(8, '0');
  }
  /* a #pdn= link's fragment: its length and checksum first, so that a link cut short (the
   * usual damage: a mail or chat program breaking or truncating it) loses text, never the
   * checksum, and is refused rather than judged short */
  function pdnFragment(bytes) {
    return '#n=' + bytes.length + '&crc=' + crc32(bytes) + '&pdn=' + toB64url(bytes);
  }

  /* ---- the page's own words (issue 36): T('English %s', x) and TN(one, many, n, ...)
   * look the English up in the chosen language's catalogue, po/LL.po compiled, the very
   * .mo the worker reads (assemble.py puts them at the head of its text), under the
   * context "page" (mk/nls.mk extracts these calls and page.html's data-t words, web/words.sh);
   * %s takes the arguments in turn. The plural forms are those of the catalogues' headers
   * (Plural-Forms: fr and pt n > 1, ru three forms, the others n != 1). ---- */
  var WORDS = {}, LIB = {}, LANG = 'en', PAGE_WORDS = null;
  function fill(text, args, from) {
    var k = from;
    return text.replace(/%s/g, function () { return String(args[k++]); });
  }
  function T(s) { var w = WORDS[s]; return fill(w && w[0] ? w[0] : s, arguments, 1); }
  /* the library's words the worker hands over in English (a variant's title, a diagram's
   * title): the catalogue's entries without a context */
  function TL(s) { var w = LIB[s]; return fill(w && w[0] ? w[0] : s, arguments, 1); }
  function pluralIndex(n) {
    if (LANG === 'fr' || LANG === 'pt') return n > 1 ? 1 : 0;
    if (LANG === 'ru') return n % 10 === 1 && n % 100 !== 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
    return n !== 1 ? 1 : 0;
  }
  function TN(one, many, n) {
    var w = WORDS[one], i = pluralIndex(n), f = w && w[i] ? w[i] : n !== 1 ? many : one;
    return fill(f, arguments, 3);
  }
  /* the entries of one .mo (GNU's format: a header, then the tables of the originals' and
   * the translations' lengths and offsets): the "page" ones, and into lib the others */
  function readMo(b64, lib) {
    var bin = atob(b64), u = new Uint8Array(bin.length), map = {};
    for (var i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
    var dv = new DataView(u.buffer), le = dv.getUint32(0, true) === 0x950412de, dec = new TextDecoder();
    var n = dv.getUint32(8, le), oo = dv.getUint32(12, le), to = dv.getUint32(16, le);
    for (var j = 0; j < n; j++) {
      var k = dec.decode(u.subarray(dv.getUint32(oo + 8 * j + 4, le), dv.getUint32(oo + 8 * j + 4, le) + dv.getUint32(oo + 8 * j, le)));
      var tp = dv.getUint32(to + 8 * j + 4, le), forms = dec.decode(u.subarray(tp, tp + dv.getUint32(to + 8 * j, le)));
      if (k.indexOf('page\u0004') === 0) map[k.slice(5).split('\u0000')[0]] = forms.split('\u0000');
      else if (k && k.indexOf('\u0004') < 0) lib[k.split('\u0000')[0]] = forms.split('\u0000');
    }
    return map;
  }
  function loadWords(l) {
    var head = $('pdnkit-worker').textContent, nl = head.indexOf('\n');
    var m = new RegExp('[{ ]' + l + ": '([A-Za-z0-9+/=]*)'").exec(head.slice(0, nl < 0 ? head.length : nl));
    LIB = {};
    WORDS = l !== 'en' && m ? readMo(m[1], LIB) : {};
    LANG = l;
  }
  function norm(t) { return t.replace(/\s+/g, ' ').trim(); }
  /* page.html's marked words: data-t, the element's content; data-t="aria-label title", those attributes */
  function wordPage() {
    if (!PAGE_WORDS) {
      PAGE_WORDS = [];
      Array.prototype.forEach.call(document.querySelectorAll('[data-t]'), function (el) {
        var a = el.getAttribute('data-t');
        if (!a) PAGE_WORDS.push([el, null, norm(el.innerHTML)]);
        else a.split(' ').forEach(function (n) { PAGE_WORDS.push([el, n, el.getAttribute(n)]); });
      });
    }
    PAGE_WORDS.forEach(function (w) {
      var t = T(w[2]);
      if (w[1]) w[0].setAttribute(w[1], t);
      else if (t.indexOf('<') >= 0 || t.indexOf('&') >= 0) w[0].innerHTML = t; /* (our own catalogue's HTML) */
      else w[0].textContent = t;
    });
    /* the variant menus' titles (the worker's, in English) */
    Array.prototype.forEach.call(document.querySelectorAll('option[data-title]'), function (o) {
      o.textContent = o.value + ' \u2014 ' + TL(o.dataset.title);
    });
    document.documentElement.lang = LANG;
  }

  /* ---- the report's language (issue 36): the menu, first set from the address
   * (#lang=fr), else the choice remembered in this browser, else the browser's languages
   * (navigator.languages: "fr-CA" is fr), else English; the report is worded by the
   * library from po/'s catalogues (the worker's), as pdncheck --lang LL words it ---- */
  var LANGS = ['en', 'es', 'fr', 'it', 'nl', 'pt', 'ru'];
  function known(l) { l = String(l || '').toLowerCase().split('-')[0]; return LANGS.indexOf(l) >= 0 ? l : null; }
  function firstLang() {
    var m = /(?:^#|&)lang=([A-Za-z-]+)/.exec(location.hash), l = m && known(m[1]);
    if (l) return l;
    try { l = known(localStorage.getItem('pdnkit-lang')); } catch (e) { /* storage refused */ }
    if (l) return l;
    var prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < prefs.length; i++) if ((l = known(prefs[i]))) return l;
    return 'en';
  }
  function setLang(l) {
    $('lang').value = l;
    document.body.dataset.lang = l;
    loadWords(l);
    wordPage();
    try { localStorage.setItem('pdnkit-lang', l); } catch (e) { /* storage refused: the menu still works */ }
  }
  setLang(firstLang());

  /* ---- checking files ---- */
  function flags() { return ($('strict').checked ? 1 : 0) | Number($('results').value); }

  var ASK_OVER = 4 * 1024 * 1024; /* a link's text expanding beyond this is checked only when asked */

  function runCheck(files, opts) {
    opts = opts || {};
    if (!files.length) return;
    show($('ask'), false);
    if (checker && checkerBusy) { checker.terminate(); checker = null; }
    if (!checker) checker = new Worker(workerUrl);
    var w = checker, total = 0;
    checkerBusy = true;
    files.forEach(function (f) { total += f.bytes.byteLength; });
    lastFiles = files;
    lastInput = files.length === 1 ? files[0] : null;
    $('link-text').disabled = !lastInput || lastInput.bytes.byteLength > LINK_MAX;
    if (lastInput && lastInput.bytes.byteLength > LINK_MAX)
      $('link-note').textContent = T('This text is %s KB: a link carries at most 48 KB (longer addresses do not ' +
        'open everywhere); share the file itself.', Math.ceil(lastInput.bytes.byteLength / 1024));
    setState('checking');
    show($('errors'), false);
    $('save').disabled = $('print').disabled = true;
    $('progress').value = 0;
    show($('progress'), true);
    status(T('Checking %s\u2026', files.map(function (f) { return f.name; }).join(', ')));
    var t0 = performance.now(), got = {head: '', rows: [], mid: '', sections: [], tail: ''};
    w.onmessage = function (ev) {
      var m = ev.data;
      if (w !== checker) return;
      if (m.type === 'parts') { /* the report as it is written (worker.js, Cutter), gathered */
        got.head += m.head;
        got.mid += m.mid;
        got.tail += m.tail;
        for (var i = 0; i < m.rows.length; i++) got.rows.push(m.rows[i]);
        for (i = 0; i < m.sections.length; i++) got.sections.push(m.sections[i]);
      } else if (m.type === 'progress') {
        $('progress').value = total ? Math.min(1, m.done / total) : 1;
      } else if (m.type === 'report') {
        show($('progress'), false);
        checkerBusy = false;
        document.body.dataset.checkMs = String(Math.round(m.ms));
        if (m.errors.indexOf('usage: ') === 0) return failed(m.errors.slice(7));
        if (m.errors.indexOf('ask: ') === 0) return ask(files, Number(m.errors.slice(5)));
        /* the notes of a text that may be cut short ("cut: " to the end) apart from the errors */
        var cut = m.errors.indexOf('cut: '), errs = cut < 0 ? m.errors : m.errors.slice(0, cut);
        $('errors').textContent = errs;
        show($('errors'), errs !== '');
        $('cut-note').textContent = cut < 0 ? '' : m.errors.slice(cut).replace(/^cut: /mg, '');
        show($('cut-note'), cut >= 0);
        /* a report of more than PAGE_ROWS games in parts, shown a page at a time; a smaller
         * one (or one not cut at its table) joined and shown whole */
        var paging = m.cut && got.rows.length > PAGE_ROWS;
        lastParts = paging ? got : null;
        lastHtml = paging ? null : [got.head].concat(got.rows, [got.mid], got.sections, [got.tail]).join('');
        got = null;
        /* a report of thousands of games takes the browser longer to lay out than to check */
        status(T('Checked in %s s; showing the report\u2026', (m.ms / 1000).toFixed(2)));
        var frame = $('report'), first = true;
        frame.onload = function () {
          wireReport(frame.contentDocument);
          fitFrame(frame);
          layOut(frame.contentDocument, function () { /* (a page's sections, in slices) */
            if (!first) return; /* another page of the report */
            first = false;
            var none = /^no games found in .*$/m.exec(m.errors);
            status(none ? T('No games found in %s.', none[0].slice(18).replace(/:.*/, '')) :
                   TN('Report ready: %s file checked in %s s.', 'Report ready: %s files checked in %s s.', files.length,
                      files.length, ((performance.now() - t0) / 1000).toFixed(2)));
            $('save').disabled = $('print').disabled = false;
            setState('done');
          });
        };
        if (lastParts) showParts(lastParts); else showReport(withoutScript(lastHtml));
        show(frame, true);
      } else if (m.type === 'failed') {
        failed(m.message);
      }
    };
    w.onerror = function (e) { failed(e.message || T('the worker stopped')); };
    w.postMessage({type: 'check', files: files, variant: $('variant').value, flags: flags(),
                   askOver: opts.askOver || 0, lang: $('lang').value},
                  files.map(function (f) { return f.bytes; }).filter(function (b, i, all) { return all.indexOf(b) === i; }));
  }

  function failed(text) {
    if (checker) checker.terminate(); /* its memory may be what failed: a fresh one next time */
    checker = null;
    checkerBusy = false;
    show($('progress'), false);
    $('errors').textContent = text;
    show($('errors'), true);
    status(T('Not checked.'));
    setState('failed');
  }

  /* A link whose text expands beyond ASK_OVER (issue 34 item 2: 5 KB of zstd can hold
   * 50 MB): the person says whether to check it. */
  function ask(files, bytes) {
    show($('progress'), false);
    checkerBusy = false;
    $('ask-text').textContent = T('This link\u2019s text expands to %s MB of games: checking it may take a while ' +
      'and much of this tab\u2019s memory. Check it?', (bytes / 1048576).toFixed(1));
    show($('ask'), true);
    status(T('Waiting for your answer.'));
    setState('asking');
    $('ask-yes').onclick = function () {
      runCheck(files.map(function (f) { return {name: f.name, bytes: f.keep.slice(0), keep: f.keep}; }));
    };
    $('ask-no').onclick = function () { show($('ask'), false); status(T('Not checked.')); setState('idle'); };
    $('ask-yes').focus();
  }

  /* The report without its script, which its sandboxed frame would refuse (noisily): the
   * page does that script's work (wireReport). The script is the report's last element. */
  function withoutScript(html) {
    var end = '</scr' + 'ipt>'; /* written so, or it would end the page's own script */
    var i = html.lastIndexOf('<script>'), j = html.lastIndexOf(end);
    return i >= 0 && j > i ? html.slice(0, i) + html.slice(j + end.length) : html;
  }

  /* ---- the report in pages (issue 34 item 6) ----
   * Chromium lays a frame's document out on the page's own thread: OCA's 22,621 rows froze
   * the tab for seconds. A report of more than PAGE_ROWS games is cut, as text, into its
   * head, its rows, the games' sections and its end; the frame holds one page of rows at a
   * time (with those games' sections), the pager moves through them, and the filter and
   * the sorting work on the whole list. A smaller report is shown whole, as written. The
   * saved report is always the whole one. */
  var PAGE_ROWS = 100, paged = null;
  /* Issue 34 item 6: the tab answers within 100 ms throughout. The frame's parsing and
   * layout are one task of the page's thread each time it opens: 500 rows with their games'
   * sections held it 330 ms at a time on OCA (a load of 11 on 2 cores), 100 rows without
   * the sections 50 to 130 ms at a load of 17. So a page is 100 rows, and the frame opens
   * with its rows and no section: layOut adds the sections (their diagrams are most of the
   * layout) below the table a few per frame, as many as keep the time from one slice to
   * the next (its own work, then the browser's layout of it) under FRAME_MS: halved above
   * it, grown by half below half of it. body[data-layout] is "partial" until the frame has
   * opened and its sections are in, then "done". */
  var FRAME_MS = 40, layout = null;

  function showReport(html) {
    paged = null;
    if (layout) layout.stop = true;
    document.body.dataset.layout = 'done';
    document.body.dataset.reportRows = String((html.match(/<tr data-verdict=/g) || []).length);
    show($('pager'), false);
    $('report').srcdoc = html;
  }

  function showParts(parts) {
    var secs = {};
    parts.sections.forEach(function (x) {
      var id = /^<section class="game" id="g(\d+)"/.exec(x);
      if (id) secs[id[1]] = x;
    });
    document.body.dataset.reportRows = String(parts.rows.length);
    paged = {head: parts.head, mid: parts.mid, tail: withoutScript(parts.tail), sections: secs, all: parts.rows,
             filter: 'all', sort: null};
    paged.rows = paged.all;
    showPage(0);
  }

  function rowId(r) { return /data-n="(\d+)"/.exec(r)[1]; }

  /* The page's sections (paged.rest) added to doc a slice at a time; then done(). */
  function layOut(doc, done) {
    var P = paged, more = doc && doc.getElementById('pk-more');
    if (!P || !P.rest || !P.rest.length || !more) {
      if (P) P.rest = null;
      document.body.dataset.layout = 'done';
      return done();
    }
    var job = layout = {stop: false}, k = 2, last = 0;
    var next = function () { (document.hidden ? setTimeout : requestAnimationFrame)(slice); };
    function slice() {
      if (job.stop || doc !== $('report').contentDocument) return;
      var t0 = performance.now(), dt = last ? t0 - last : 0;
      k = dt > FRAME_MS ? Math.max(1, k >> 1) : dt && dt < FRAME_MS / 2 ? Math.min(64, k + (k >> 1) + 1) : k;
      more.insertAdjacentHTML('beforebegin', P.rest.splice(0, k).join(''));
      last = performance.now();
      if (P.rest.length) return next();
      P.rest = null;
      layout = null;
      document.body.dataset.layout = 'done';
      done();
    }
    next();
  }

  function showPage(k) {
    var P = paged, n = P.rows.length, last = Math.max(0, Math.ceil(n / PAGE_ROWS) - 1);
    P.page = Math.min(Math.max(0, k), last);
    var part = P.rows.slice(P.page * PAGE_ROWS, (P.page + 1) * PAGE_ROWS);
    if (layout) layout.stop = true;
    P.rest = part.map(function (r) { return P.sections[rowId(r)]; }).filter(Boolean);
    document.body.dataset.layout = 'partial'; /* (until the frame has loaded and the sections are in) */
    /* (pk-more: where the sections go, before the report's end) */
    $('report').srcdoc = P.head + part.join('') + P.mid + '<div id="pk-more" hidden></div>' + P.tail;
    var from = (P.page * PAGE_ROWS + 1).toLocaleString(LANG), to = (P.page * PAGE_ROWS + part.length).toLocaleString(LANG);
    $('pager-text').textContent = !n ? T('No game shown by the filter') : P.filter !== 'all' ?
      T('Games %s\u2013%s of %s shown by the filter (%s a page)', from, to, n.toLocaleString(LANG), PAGE_ROWS) :
      T('Games %s\u2013%s of %s (%s a page)', from, to, n.toLocaleString(LANG), PAGE_ROWS);
    $('pager-prev').disabled = P.page === 0;
    $('pager-next').disabled = P.page >= last;
    show($('pager'), true);
  }
  $('pager-prev').addEventListener('click', function () { if (paged) showPage(paged.page - 1); });
  $('pager-next').addEventListener('click', function () { if (paged) showPage(paged.page + 1); });

  /* the whole list filtered (by verdict) and sorted (by a column), as the report's script
   * does to its table, on the rows' text */
  function cellOf(r, i) {
    var c = r.split('</td>')[i] || '', n = /<td[^>]*data-n="(-?\d+)"/.exec(c);
    return n ? Number(n[1]) : c.replace(/<[^>]*>/g, '');
  }
  function pagedFilter(v) {
    paged.filter = v;
    paged.rows = v === 'all' ? paged.all : paged.all.filter(function (r) { return r.indexOf('<tr data-verdict="' + v + '"') === 0; });
    if (paged.sort) pagedSort(paged.sort[0], paged.sort[1], true);
    showPage(0);
  }
  function pagedSort(i, up, quiet) {
    paged.sort = [i, up];
    var keyed = paged.rows.map(function (r) { return [cellOf(r, i), r]; });
    keyed.sort(function (x, y) {
      var a = x[0], b = y[0], r = typeof a === 'number' ? a - b : String(a).localeCompare(String(b));
      return up ? r : -r;
    });
    paged.rows = keyed.map(function (x) { return x[1]; });
    if (!quiet) showPage(0);
  }

  /* What the report's own script does in a saved report, done from the page: its links
   * (every a href="#..."; a link elsewhere is never followed from inside the page), its
   * filter by verdict and its sorting by a column. The listeners are the page's, so they
   * run although the frame runs no script. */
  function wireReport(doc) {
    if (!doc || !doc.body) return;
    var sel = doc.getElementById('verdict-filter'), tb = doc.querySelector('#games tbody');
    if (paged && sel) sel.value = paged.filter;
    if (paged && paged.sort) {
      var sb = doc.querySelectorAll('#games th button')[paged.sort[0]];
      if (sb) {
        sb.dataset.dir = paged.sort[1] ? 'up' : 'down';
        sb.parentNode.setAttribute('aria-sort', paged.sort[1] ? 'ascending' : 'descending');
      }
    }
    function apply() {
      if (!sel || !tb) return;
      var v = sel.value, n = 0;
      Array.prototype.forEach.call(tb.rows, function (r) {
        var h = v !== 'all' && r.dataset.verdict !== v;
        r.hidden = h;
        if (!h) n++;
      });
      doc.querySelectorAll('section.game').forEach(function (s) { s.hidden = v !== 'all' && s.dataset.verdict !== v; });
      var shown = doc.getElementById('shown');
      /* in the report's words ("%d shown" translated, in the element's data-shown) */
      if (shown) shown.textContent = (shown.dataset.shown || '%d shown').replace('%d', n);
    }
    if (sel) sel.addEventListener('change', function () { if (paged) pagedFilter(sel.value); else apply(); });
    doc.querySelectorAll('#games th button').forEach(function (b, i) {
      b.addEventListener('click', function () {
        if (paged) return pagedSort(i, b.dataset.dir !== 'up');
        var rows = Array.prototype.slice.call(tb.rows), up = b.dataset.dir !== 'up';
        doc.querySelectorAll('#games th').forEach(function (t) { t.removeAttribute('aria-sort'); });
        b.dataset.dir = up ? 'up' : 'down';
        b.parentNode.setAttribute('aria-sort', up ? 'ascending' : 'descending');
        rows.sort(function (x, y) {
          var a = x.cells[i], c = y.cells[i], p = a.dataset.n, q = c.dataset.n;
          var r = p !== undefined ? p - q : a.textContent.localeCompare(c.textContent);
          return up ? r : -r;
        });
        rows.forEach(function (r) { tb.appendChild(r); });
      });
    });
    /* a phone's width (issue 34 item 8): the games' table as lines that wrap rather than a
     * box scrolling sideways; a rule added through the CSSOM, which the policy allows (a
     * style element would need its hash) */
    try {
      var sheet = doc.styleSheets[0];
      sheet.insertRule('@media (max-width:600px){.tablewrap{overflow:visible}#games thead tr{display:flex;' +
        'flex-wrap:wrap;gap:.2rem .6rem}#games th{border:0;padding:0}#games tbody tr{display:block;' +
        'border-bottom:1px solid #ddd;padding:.3rem 0}#games td{display:inline;border:0;padding:0 .5rem 0 0}}',
        sheet.cssRules.length);
      /* the page's step buttons are no part of the printed report */
      sheet.insertRule('@media print{button.step{display:none}}', sheet.cssRules.length);
    } catch (e) { /* a report without its style: shown as it is */ }
    /* issue 34 item 11: every game stepped through, not only its findings */
    if (tb) Array.prototype.forEach.call(tb.rows, function (r) {
      var b = doc.createElement('button'), idx = Number(r.cells[0].textContent), file = r.cells[1].textContent;
      b.type = 'button';
      b.className = 'step';
      b.textContent = '\u25b6';
      b.title = b.ariaLabel = T('step through game %s of %s', idx, file);
      b.addEventListener('click', function () { askGame(file, idx); });
      r.cells[0].appendChild(doc.createTextNode(' '));
      r.cells[0].appendChild(b);
    });
    doc.addEventListener('click', function (e) {
      var a = e.target && e.target.closest ? e.target.closest('a[href]') : null;
      if (!a) return;
      e.preventDefault();
      var href = a.getAttribute('href');
      if (href.charAt(0) !== '#') return;
      var id;
      try { id = decodeURIComponent(href.slice(1)); } catch (err) { return; }
      var t = doc.getElementById(id);
      if (!t) return;
      if (t.hidden && sel && !paged) { sel.value = 'all'; apply(); } /* a filtered-out game shown again */
      if (!t.hasAttribute('tabindex')) t.setAttribute('tabindex', '-1');
      t.scrollIntoView();
      t.focus({preventScroll: true});
      doc.body.dataset.followed = id; /* for a test: the link was followed inside the report */
    });
    apply();
  }

  /* The frame as tall as the report, kept so while the report changes (a filter, a
   * window's width): the page scrolls, the frame never does. */
  var fitObserver = null;
  function fitFrame(frame) {
    var doc = frame.contentDocument;
    if (!doc || !doc.documentElement) return;
    /* the root's own box, which follows the content (scrollHeight never goes below the
     * frame's height: a filter that hides rows would leave it tall) */
    var fit = function () { frame.style.height = Math.ceil(doc.documentElement.getBoundingClientRect().height) + 'px'; };
    if (fitObserver) fitObserver.disconnect();
    fitObserver = new ResizeObserver(fit);
    fitObserver.observe(doc.documentElement);
    fit();
  }

  function readFiles(list) {
    return Promise.all(Array.prototype.map.call(list, function (f) {
      return f.arrayBuffer().then(function (b) { return {name: f.name, bytes: b}; });
    })).then(function (files) {
      /* the first file kept for a link: a copy, as the worker receives the bytes themselves */
      runCheck(files.map(function (f) { return {name: f.name, bytes: f.bytes, keep: f.bytes.slice(0)}; }));
    });
  }

  var drop = $('drop');
  $('choose').addEventListener('click', function () { $('files').click(); });
  /* the sample (pdn/international.pdn, in the page): a first try without a file at hand */
  $('sample').addEventListener('click', function () {
    var b = new TextEncoder().encode($('pdnkit-sample').textContent.replace(/^\n/, ''));
    runCheck([{name: 'sample-international.pdn', bytes: b.buffer, keep: b.slice(0).buffer}]);
  });
  drop.addEventListener('dragover', function (e) { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', function () { drop.classList.remove('over'); });
  drop.addEventListener('drop', function (e) {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer && e.dataTransfer.files.length) readFiles(e.dataTransfer.files);
  });
  $('files').addEventListener('change', function () {
    if (this.files.length) readFiles(this.files);
    this.value = '';
  });
  $('check-paste').addEventListener('click', function () {
    var b = new TextEncoder().encode($('paste').value);
    runCheck([{name: 'pasted.pdn', bytes: b.buffer, keep: b.slice(0).buffer}]);
  });
  ['variant', 'results', 'strict', 'lang'].forEach(function (id) {
    $(id).addEventListener('change', function () {
      if (lastFiles.length)
        runCheck(lastFiles.map(function (f) { return {name: f.name, bytes: f.keep.slice(0), keep: f.keep}; }));
    });
  });
  $('save').addEventListener('click', function () {
    var a = document.createElement('a');
    /* the whole report, from its parts when it was cut: no string of its whole size made */
    var whole = lastParts ? [lastParts.head].concat(lastParts.rows, [lastParts.mid], lastParts.sections, [lastParts.tail])
                          : [lastHtml];
    a.href = URL.createObjectURL(new Blob(whole, {type: 'text/html;charset=utf-8'}));
    a.download = 'pdnkit-report.html';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
  });
  $('print').addEventListener('click', function () { $('report').contentWindow.print(); });
  /* the page printed as a whole (the browser's own Print): the report's frame as tall as the
   * report, so that every game is on paper, not the frame's window of it (fitFrame keeps it
   * so already; this is for a print before the observer's first answer) */
  window.addEventListener('beforeprint', function () {
    var frame = $('report'), doc = frame.contentDocument;
    if (!frame.hidden && doc && doc.documentElement)
      frame.style.height = Math.ceil(doc.documentElement.getBoundingClientRect().height) + 'px';
  });
  $('link-text').addEventListener('click', function () {
    if (!lastInput) return;
    var b = new Uint8Array(lastInput.keep);
    history.replaceState(null, '', pdnFragment(b));
    $('link-note').textContent = T('The address bar now holds the text: copy it to share.');
  });

  /* ---- a position ---- */
  var poser = new Worker(workerUrl);
  poser.onmessage = function (ev) {
    var m = ev.data;
    if (m.type === 'ready') {
      $('version').textContent = m.version;
      m.variants.forEach(function (v) {
        [$('variant'), $('pos-variant')].forEach(function (sel) {
          var o = document.createElement('option');
          o.value = v[0];
          o.dataset.title = v[1];
          o.textContent = v[0] + ' \u2014 ' + TL(v[1]);
          sel.appendChild(o);
        });
      });
      route();
    } else if (m.type === 'position') {
      showPosition(m.result);
    } else if (m.type === 'game') {
      showGame(m);
    } else if (m.type === 'failed') {
      $('pos-error').textContent = m.message;
      show($('pos-error'), true);
    }
  };

  var posNoVariant = false;
  function askPosition(variant, none) {
    document.body.dataset.position = 'pending';
    posNoVariant = !!none;
    poser.postMessage({type: 'position', fen: $('fen').value.trim(),
                       variant: variant !== undefined ? variant : $('pos-variant').value, move: $('move').value.trim()});
  }

  function cell(row, text) {
    var td = document.createElement('td');
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function showPosition(r) {
    show($('pos-error'), !!r.error);
    show($('pos-out'), !r.error);
    document.body.dataset.position = r.error ? 'error' : 'shown';
    show($('link-after'), false);
    if (r.error) { $('pos-error').textContent = r.error; show($('pos-note'), false); return; }
    $('pos-variant').value = r.variant; /* the variant used, whatever the link called it */
    $('pos-note').textContent = posNoVariant ? T('The link names no variant: the position is judged as %s, the ' +
      'tools\u2019 default. Add &variant=NAME to the link (english, russian, ... or a PDN GameType number) ' +
      'for another.', TL(r.title)) : '';
    show($('pos-note'), posNoVariant);
    /* board.c's SVG, parsed as SVG (not as HTML) and adopted */
    var svg = new DOMParser().parseFromString(r.svg, 'image/svg+xml').documentElement;
    var board = $('board');
    /* its title (board.c's "NAME: White to move, FEN") in the page's language */
    var st = svg.querySelector('title'), sm = st && /^(\S+): (White|Black) to move, (.*)$/.exec(st.textContent);
    if (sm) st.textContent = TL(sm[2] === 'White' ? '%s: White to move, %s' : '%s: Black to move, %s', sm[1], sm[3]);
    board.replaceChildren(document.importNode(svg, true));
    $('side').textContent = r.side === 'white' ? T('%s; White to move.', TL(r.title)) : T('%s; Black to move.', TL(r.title));
    var v = $('verdict');
    v.className = 'verdict';
    if (r.check) {
      v.classList.add(r.check.legal ? 'legal' : 'illegal');
      v.textContent = (r.check.legal ? T('Legal: %s', r.check.line) : r.check.line) +
        (r.check.advice ? ' \u2014 ' + r.check.advice : '') +
        (r.drawn_written ? ' ' + T('(the move as written is drawn on the board)') : '');
      /* issue 34 item 10: a link to the position the legal move leads to */
      var after = r.check.legal ? r.check.line.split('\t')[1] : null;
      if (after) {
        $('link-after').onclick = function () {
          history.replaceState(null, '', '#fen=' + encodeURIComponent(after) + '&variant=' + encodeURIComponent(r.variant));
          $('pos-note').textContent = T('The address bar now holds a link to the position after %s.',
                                        $('move').value.trim());
          show($('pos-note'), true);
        };
        show($('link-after'), true);
      }
    } else {
      v.textContent = r.none ? '' : T('Give a move to check it, or pick one below.');
    }
    var tb = $('moves').tBodies[0];
    tb.replaceChildren();
    if (r.none) {
      var tr = document.createElement('tr');
      cell(tr, r.none).colSpan = 4;
      tb.appendChild(tr);
    }
    r.moves.forEach(function (m) {
      var tr = document.createElement('tr'), td = document.createElement('td'), b = document.createElement('button');
      b.type = 'button';
      b.textContent = m[0];
      b.setAttribute('aria-label', T('show %s', m[0]));
      b.addEventListener('click', function () { $('move').value = m[0]; askPosition(); });
      td.appendChild(b);
      tr.appendChild(td);
      cell(tr, m[1]);
      cell(tr, m[2]);
      cell(tr, m[3]).className = 'fen';
      tb.appendChild(tr);
    });
  }

  $('pos-form').addEventListener('submit', function (e) { e.preventDefault(); askPosition(); });
  $('link-pos').addEventListener('click', function () {
    var h = '#fen=' + encodeURIComponent($('fen').value.trim()) + '&variant=' + encodeURIComponent($('pos-variant').value);
    if ($('move').value.trim()) h += '&move=' + encodeURIComponent($('move').value.trim());
    history.replaceState(null, '', h);
    $('pos-note').textContent = T('The address bar now holds a link to this position.');
    show($('pos-note'), true);
  });

  /* ---- a game, step by step (issue 34 item 11): the position tool shows the position
   * before each move, the move drawn and judged; the list and previous/next move on ---- */
  var game = null;
  function askGame(name, index) {
    var f = lastFiles.filter(function (x) { return x.name === name; })[0];
    if (!f) return;
    document.body.dataset.game = 'pending';
    poser.postMessage({type: 'game', name: name, bytes: f.keep.slice(0), index: index, variant: $('variant').value,
                       flags: flags()});
  }
  function showGame(m) {
    var r = m.result;
    if (r.error) {
      $('pos-error').textContent = T('Game %s of %s: %s', m.index, m.name, r.error);
      show($('pos-error'), true);
      document.body.dataset.game = 'error';
      return;
    }
    game = {r: r, step: 0, name: m.name, index: m.index};
    $('step-title').textContent = T('Game %s of %s, %s:', m.index, m.name, TL(r.title));
    var ol = $('step-moves');
    ol.replaceChildren();
    var add = function (k, text) {
      var li = document.createElement('li'), b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.addEventListener('click', function () { step(k); });
      li.appendChild(b);
      ol.appendChild(li);
    };
    add(0, T('start'));
    r.plies.forEach(function (p, i) { add(i + 1, (p[1] === 'white' || i === 0 ? p[0] + '. ' : '') + p[2]); });
    /* issue 34 item 10: a link to this game alone, its own text (48 KB at most) */
    var text = r.text ? new TextEncoder().encode(r.text + '\n') : null;
    $('link-game').disabled = !text || text.length > LINK_MAX;
    $('link-game-note').textContent = !text ? '' : text.length > LINK_MAX ?
      T('This game is %s KB: a link carries at most 48 KB.', Math.ceil(text.length / 1024)) : '';
    $('link-game').onclick = function () {
      history.replaceState(null, '', pdnFragment(text));
      $('link-game-note').textContent = T('The address bar now holds a link to game %s alone.', m.index);
    };
    show($('stepper'), true);
    document.body.dataset.game = 'shown';
    step(0);
    $('position').scrollIntoView();
  }
  function step(k) {
    var r = game.r, n = r.plies.length;
    k = Math.max(0, Math.min(n, k));
    game.step = k;
    /* the position before move k, with move k drawn; the last step shows the end */
    var before = k === 0 ? r.start : r.plies[k - 1][3], next = k < n ? r.plies[k][2] : '';
    $('fen').value = before;
    $('move').value = next;
    Array.prototype.forEach.call($('step-moves').querySelectorAll('button'), function (b, i) {
      if (i === k) b.setAttribute('aria-current', 'step'); else b.removeAttribute('aria-current');
    });
    $('step-where').textContent = k < n && k === 0 ? T('the position after the start, before ply 1 of %s (%s, drawn)', n, next)
                                : k < n ? T('the position after %s, before ply %s of %s (%s, drawn)', r.plies[k - 1][2], k + 1, n, next)
                                        : TN('the end: after the last of %s ply', 'the end: after the last of %s plies', n, n);
    $('step-prev').disabled = k === 0;
    $('step-next').disabled = k >= n;
    askPosition(r.variant);
  }
  $('step-prev').addEventListener('click', function () { if (game) step(game.step - 1); });
  $('step-next').addEventListener('click', function () { if (game) step(game.step + 1); });
  $('step-close').addEventListener('click', function () { game = null; show($('stepper'), false); });

  /* ---- links: #n=LEN&crc=CRC32&pdn=BASE64URL (before issue 34: #pdn= alone), and
   * #fen=FEN&variant=NAME&move=MOVE ---- */
  var linkFailed = false; /* the errors shown are a damaged #pdn= link's */
  function linkDamaged(text) { failed(text); linkFailed = true; }
  function route() {
    var args = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) {
        try { args[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); } catch (e) { args[kv.slice(0, i)] = ''; }
      }
    });
    show($('link-check'), false);
    /* a new link: the last link's errors are not this one's (a #fen= error stayed beside a
     * valid #pdn= link's report, a damaged link's beside a valid position) */
    if (args.pdn !== undefined || args.fen !== undefined) {
      show($('pos-error'), false);
      show($('pos-note'), false);
      if (linkFailed && document.body.dataset.state === 'failed') {
        show($('errors'), false);
        status('');
        setState('idle');
      }
      linkFailed = false;
    }
    if (args.pdn !== undefined) {
      var b;
      try { b = fromB64url(args.pdn); } catch (e) {
        return linkDamaged(T('This link is damaged: the games it carries cannot be read from it (a character was ' +
                             'changed or lost on the way). Ask for the link again, or for the file.'));
      }
      if (args.n !== undefined || args.crc !== undefined) {
        if (String(b.length) !== args.n || crc32(b) !== args.crc)
          return linkDamaged(T('This link is damaged: it should carry %s bytes of games with checksum %s, and ' +
                               'carries %s bytes with checksum %s (cut short or changed on the way). Nothing was ' +
                               'checked: ask for the link again, or for the file.', args.n, args.crc, b.length, crc32(b)));
        $('link-check').textContent = T('The link arrived whole: %s bytes, checksum %s.', b.length, args.crc);
      } else {
        $('link-check').textContent = T('This link was made before links carried a length and a checksum: whether ' +
          'it arrived whole cannot be verified. A link cut short loses its last games or the end of a game; ' +
          'compare the games with the file\u2019s.');
      }
      show($('link-check'), true);
      runCheck([{name: 'link.pdn', bytes: b.buffer, keep: b.slice(0).buffer}], {askOver: ASK_OVER});
      $('check').scrollIntoView();
    }
    if (args.fen !== undefined) {
      $('fen').value = args.fen;
      $('move').value = args.move || '';
      /* the link's variant as the tools take it (a name, an alias, a GameType number), and
       * none left from the previous link: without one, the page says which it uses */
      askPosition(args.variant !== undefined ? args.variant : '', args.variant === undefined);
      $('position').scrollIntoView();
    }
  }
  $('lang').addEventListener('change', function () { setLang($('lang').value); });
  window.addEventListener('hashchange', function () {
    var m = /(?:^#|&)lang=([A-Za-z-]+)/.exec(location.hash), l = m && known(m[1]);
    if (l && l !== $('lang').value) {
      setLang(l);
      if (lastFiles.length)
        runCheck(lastFiles.map(function (f) { return {name: f.name, bytes: f.keep.slice(0), keep: f.keep}; }));
    }
  });
  window.addEventListener('hashchange', route);
  setState('idle');
})();
