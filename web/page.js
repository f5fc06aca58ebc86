/* page.js -- the arbiter's page: files in, the library's report out; a position's board,
 * legal moves and a move's verdict. Everything the library does runs in Web Workers
 * (worker.js, with the WebAssembly module): one for positions, one for checks, kept from
 * one check to the next (the browser has optimised its code by then); a new check while
 * one runs ends that worker and starts another. Nothing is sent anywhere: files are read with the File API, links
 * carry their data in the fragment (#pdn=, #fen=), which the browser never sends.
 * The page's state for a test or a script: body[data-state] is idle, checking, done or
 * failed; body[data-check-ms] the time the last check took in its worker;
 * body[data-position] pending, shown or error. */
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var workerUrl = URL.createObjectURL(new Blob([$('pdnkit-worker').textContent], {type: 'text/javascript'}));
  var checker = null, checkerBusy = false, lastFiles = [], lastInput = null, lastHtml = null;
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

  /* ---- checking files ---- */
  function flags() { return ($('strict').checked ? 1 : 0) | Number($('results').value); }

  function runCheck(files) {
    if (!files.length) return;
    if (checker && checkerBusy) { checker.terminate(); checker = null; }
    if (!checker) checker = new Worker(workerUrl);
    var w = checker, total = 0;
    checkerBusy = true;
    files.forEach(function (f) { total += f.bytes.byteLength; });
    lastFiles = files;
    lastInput = files.length === 1 ? files[0] : null;
    $('link-text').disabled = !lastInput || lastInput.bytes.byteLength > LINK_MAX;
    $('link-note').textContent = lastInput && lastInput.bytes.byteLength > LINK_MAX
      ? 'too large for a link: share the file itself' : '';
    setState('checking');
    show($('errors'), false);
    $('save').disabled = $('print').disabled = true;
    $('progress').value = 0;
    show($('progress'), true);
    status('Checking ' + files.map(function (f) { return f.name; }).join(', ') + '\u2026');
    var t0 = performance.now();
    w.onmessage = function (ev) {
      var m = ev.data;
      if (w !== checker) return;
      if (m.type === 'progress') {
        $('progress').value = total ? Math.min(1, m.done / total) : 1;
      } else if (m.type === 'report') {
        show($('progress'), false);
        checkerBusy = false;
        document.body.dataset.checkMs = String(Math.round(m.ms));
        if (m.errors.indexOf('usage: ') === 0) return failed(m.errors.slice(7));
        $('errors').textContent = m.errors;
        show($('errors'), m.errors !== '');
        lastHtml = m.html;
        /* a report of thousands of games takes the browser longer to lay out than to check */
        status('Checked in ' + (m.ms / 1000).toFixed(2) + ' s; showing the report\u2026');
        var frame = $('report');
        frame.onload = function () {
          status('Report ready: ' + files.length + (files.length === 1 ? ' file' : ' files') + ' checked in ' +
                 ((performance.now() - t0) / 1000).toFixed(2) + ' s.');
          $('save').disabled = $('print').disabled = false;
          setState('done');
        };
        frame.srcdoc = m.html;
        show(frame, true);
      } else if (m.type === 'failed') {
        failed(m.message);
      }
    };
    w.onerror = function (e) { failed(e.message || 'the worker stopped'); };
    w.postMessage({type: 'check', files: files, variant: $('variant').value, flags: flags()},
                  files.map(function (f) { return f.bytes; }).filter(function (b, i, all) { return all.indexOf(b) === i; }));
  }

  function failed(text) {
    if (checker) checker.terminate(); /* its memory may be what failed: a fresh one next time */
    checker = null;
    checkerBusy = false;
    show($('progress'), false);
    $('errors').textContent = text;
    show($('errors'), true);
    status('Not checked.');
    setState('failed');
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
  drop.addEventListener('click', function () { $('files').click(); });
  drop.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); $('files').click(); }
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
  ['variant', 'results', 'strict'].forEach(function (id) {
    $(id).addEventListener('change', function () {
      if (lastFiles.length)
        runCheck(lastFiles.map(function (f) { return {name: f.name, bytes: f.keep.slice(0), keep: f.keep}; }));
    });
  });
  $('save').addEventListener('click', function () {
    var a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([lastHtml], {type: 'text/html;charset=utf-8'}));
    a.download = 'pdnkit-report.html';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
  });
  $('print').addEventListener('click', function () { $('report').contentWindow.print(); });
  /* the page printed as a whole (the browser's own Print): the report's frame as tall as the
   * report, so that every game is on paper, not the frame's window of it */
  window.addEventListener('beforeprint', function () {
    var frame = $('report'), doc = frame.contentDocument;
    if (!frame.hidden && doc && doc.documentElement)
      frame.style.height = doc.documentElement.scrollHeight + 'px';
  });
  window.addEventListener('afterprint', function () { $('report').style.height = ''; });
  $('link-text').addEventListener('click', function () {
    if (!lastInput) return;
    var b = new Uint8Array(lastInput.keep);
    history.replaceState(null, '', '#pdn=' + toB64url(b));
    $('link-note').textContent = 'The address bar now holds the text: copy it to share.';
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
          o.textContent = v[0] + ' \u2014 ' + v[1];
          sel.appendChild(o);
        });
      });
      route();
    } else if (m.type === 'position') {
      showPosition(m.result);
    } else if (m.type === 'failed') {
      $('pos-error').textContent = m.message;
      show($('pos-error'), true);
    }
  };

  function askPosition() {
    document.body.dataset.position = 'pending';
    poser.postMessage({type: 'position', fen: $('fen').value.trim(), variant: $('pos-variant').value,
                       move: $('move').value.trim()});
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
    if (r.error) { $('pos-error').textContent = r.error; return; }
    /* board.c's SVG, parsed as SVG (not as HTML) and adopted */
    var svg = new DOMParser().parseFromString(r.svg, 'image/svg+xml').documentElement;
    var board = $('board');
    board.replaceChildren(document.importNode(svg, true));
    $('side').textContent = r.title + '; ' + r.side + ' to move.';
    var v = $('verdict');
    v.className = 'verdict';
    if (r.check) {
      v.classList.add(r.check.legal ? 'legal' : 'illegal');
      v.textContent = (r.check.legal ? 'Legal: ' : '') + r.check.line + (r.check.advice ? ' \u2014 ' + r.check.advice : '');
    } else {
      v.textContent = r.none ? '' : 'Give a move to check it, or pick one below.';
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
      b.setAttribute('aria-label', 'show ' + m[0]);
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
  });

  /* ---- links: #pdn=BASE64URL, #fen=FEN&variant=NAME&move=MOVE ---- */
  function route() {
    var args = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) {
        try { args[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); } catch (e) { args[kv.slice(0, i)] = ''; }
      }
    });
    if (args.pdn !== undefined) {
      var b;
      try { b = fromB64url(args.pdn); } catch (e) { return failed('The link\u2019s #pdn= is not base64url text.'); }
      runCheck([{name: 'link.pdn', bytes: b.buffer, keep: b.slice(0).buffer}]);
      $('check').scrollIntoView();
    }
    if (args.fen !== undefined) {
      $('fen').value = args.fen;
      if (args.variant !== undefined) $('pos-variant').value = args.variant;
      if (!$('pos-variant').value) $('pos-variant').value = 'international';
      $('move').value = args.move || '';
      askPosition();
      $('position').scrollIntoView();
    }
  }
  window.addEventListener('hashchange', route);
  setState('idle');
})();
