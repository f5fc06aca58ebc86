/* worker.js -- the page's Web Worker: the library (compiled to WebAssembly, the module
 * that follows this text in the same worker) runs here, so that the page never freezes.
 * Messages in:  {type:"check", files:[{name, bytes}], variant, flags, askOver, pageRows, lang}
 *               {type:"position", fen, variant, move}
 *               {type:"game", name, bytes, index, variant, flags}   (one game, step by step)
 * Messages out: {type:"ready", variants, version}
 *               {type:"progress", done, total}      (bytes of the inputs read)
 *               {type:"report", html, parts, errors, ms}  (html, or parts: cutReport's;
 *                                                     errors: the read errors and the bounds
 *                                                     reached, a text; "ask: BYTES" and no
 *                                                     html: the files expand beyond askOver)
 *               {type:"position", result}            (pkw_position's JSON, parsed)
 *               {type:"game", result, name, index}   (pkw_game's JSON, parsed)
 *               {type:"failed", message}
 * A check is never interrupted: the page ends this worker and starts another instead. */
'use strict';
/* Nothing here needs the network: the WebAssembly is in this very text. Without fetch the
 * module decodes it from there rather than fetching its data: URL, which the page's
 * policy (connect-src none) refuses, noisily. */
self.fetch = undefined;
self.XMLHttpRequest = undefined;
var pk = null, queue = [];

function call(name, types, args) {
  var ptr = pk.ccall(name, 'number', types, args);
  if (!ptr) throw new Error(name + ': out of memory');
  var s = pk.UTF8ToString(ptr);
  pk._free(ptr);
  return s;
}

/* A report of more than pageRows games, cut here (off the page's thread: OCA's 6.5 MB took
 * the page's thread most of a second) into {head, rows, mid, sections, tail}: joined in
 * that order they are the report, byte for byte; the page shows it a page of rows at a
 * time (issue 34 item 6). null: a smaller report, shown whole. */
function cutReport(html, pageRows) {
  var t = html.indexOf('<tbody>\n', html.indexOf('id="games"')), te = t < 0 ? -1 : html.indexOf('</tbody>', t);
  var main = html.lastIndexOf('</main>');
  if (t < 0 || te < t || main < te) return null;
  var rows = html.slice(t + 8, te).split('</tr>\n');
  if (rows.pop() !== '' || rows.length <= pageRows) return null;
  var SEC = '<section class="game"', at = html.indexOf(SEC, te), rest = at < 0 || at > main ? main : at;
  var pieces = html.slice(rest, main).split(SEC);
  /* what follows the last game's section (the warnings by kind, a section of the whole run)
   * goes with the end: on every page, not only on the one with the last game */
  var last = pieces.length - 1, end = pieces.length > 1 ? pieces[last].indexOf('</section>\n') : -1, after = '';
  if (end >= 0) {
    after = pieces[last].slice(end + 11);
    pieces[last] = pieces[last].slice(0, end + 11);
  }
  return {head: html.slice(0, t + 8), rows: rows.map(function (r) { return r + '</tr>\n'; }),
          mid: html.slice(te, rest), sections: [pieces[0]].concat(pieces.slice(1).map(function (x) { return SEC + x; })),
          tail: after + html.slice(main)};
}

function check(m) {
  var t0 = performance.now(), total = 0, paths = [], names = [];
  try { pk.FS.mkdir('/in'); } catch (e) { /* there already */ }
  m.files.forEach(function (f, i) {
    var p = '/in/' + i;
    pk.FS.writeFile(p, new Uint8Array(f.bytes));
    paths.push(p);
    names.push(f.name.replace(/[\r\n]/g, ' '));
    total += f.bytes.byteLength;
  });
  pk.onProgress = function (done) { postMessage({type: 'progress', done: done, total: total}); };
  // the date the report says the files were checked, as pdncheck --html says it (UTC)
  var d = new Date().toISOString();
  var date = d.slice(0, 10) + ' ' + d.slice(11, 16) + ' UTC';
  var errors = call('pkw_check', ['string', 'string', 'string', 'number', 'string', 'string', 'number', 'string'],
                    [paths.join('\n'), names.join('\n'), m.variant, m.flags, date, '/report.html', m.askOver || 0,
                     m.lang || 'en']);
  var html = '';
  try {
    html = pk.FS.readFile('/report.html', {encoding: 'utf8'});
    pk.FS.unlink('/report.html');
  } catch (e) { /* not written: refused before the check, or asked first */ }
  paths.forEach(function (p) { pk.FS.unlink(p); });
  var parts = m.pageRows ? cutReport(html, m.pageRows) : null;
  postMessage({type: 'report', html: parts ? null : html, parts: parts, errors: errors, ms: performance.now() - t0});
}

function handle(m) {
  try {
    if (m.type === 'check') check(m);
    else if (m.type === 'game') {
      pk.FS.writeFile('/game.pdn', new Uint8Array(m.bytes));
      var r = JSON.parse(call('pkw_game', ['string', 'number', 'string', 'number'],
                              ['/game.pdn', m.index, m.variant, m.flags]));
      pk.FS.unlink('/game.pdn');
      postMessage({type: 'game', result: r, name: m.name, index: m.index});
    } else if (m.type === 'position')
      postMessage({type: 'position', result: JSON.parse(call('pkw_position', ['string', 'string', 'string'],
                                                               [m.fen, m.variant, m.move]))});
  } catch (e) {
    postMessage({type: 'failed', message: String(e && e.message || e)});
  }
}

onmessage = function (ev) {
  if (pk) handle(ev.data);
  else queue.push(ev.data);
};

/* createPdnkit is defined by the module below (Emscripten, -sMODULARIZE); it runs once
 * this whole script has been read. */
setTimeout(function () {
  createPdnkit({print: function () {}, printErr: function () {}}).then(function (mod) {
    pk = mod;
    /* the catalogues (po/LL.po compiled, assemble.py put them before this text) where the
     * library reads a language by name: /locale/LL/LC_MESSAGES/pdnkit.mo (issue 36) */
    Object.keys(self.PK_CATALOGUES || {}).forEach(function (l) {
      var b = atob(self.PK_CATALOGUES[l]), a = new Uint8Array(b.length);
      for (var i = 0; i < b.length; i++) a[i] = b.charCodeAt(i);
      ['/locale', '/locale/' + l, '/locale/' + l + '/LC_MESSAGES'].forEach(function (d) {
        try { pk.FS.mkdir(d); } catch (e) { /* there already */ }
      });
      pk.FS.writeFile('/locale/' + l + '/LC_MESSAGES/pdnkit.mo', a);
    });
    postMessage({type: 'ready', variants: JSON.parse(call('pkw_variants', [], [])),
                 version: pk.UTF8ToString(pk.ccall('pkw_version', 'number', [], []))});
    queue.splice(0).forEach(handle);
  }, function (e) {
    postMessage({type: 'failed', message: 'the WebAssembly module did not start: ' + e});
  });
}, 0);
