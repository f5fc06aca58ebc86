/* worker.js -- the page's Web Worker: the library (compiled to WebAssembly, the module
 * that follows this text in the same worker) runs here, so that the page never freezes.
 * Messages in:  {type:"check", files:[{name, bytes}], variant, flags, askOver, lang}
 *               {type:"position", fen, variant, move}
 *               {type:"game", name, bytes, index, variant, flags}   (one game, step by step)
 * Messages out: {type:"ready", variants, version}
 *               {type:"progress", done, total}      (bytes of the inputs read)
 *               {type:"parts", head, rows, mid, sections, tail}  (the report as it is
 *                                                     written, cut: Cutter; each text to be
 *                                                     appended to the last, each list extended)
 *               {type:"report", cut, errors, ms}     (the report's end; cut: at its games table;
 *                                                     errors: the read errors and the bounds
 *                                                     reached, a text; "ask: BYTES" and no
 *                                                     report: the files expand beyond askOver)
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

/* The report as the library writes it (pkw_check's chunks, Module.onChunk), cut as it
 * comes (issue 34 item 2: no string of the report's whole size, here or in the page) into
 * {head, rows, mid, sections, tail}: joined in that order they are the report, byte for
 * byte. Its parts go to the page a megabyte at a time ({type:"parts"}), the page gathers
 * them and shows a report of more than its PAGE_ROWS games a page of rows at a time (item 6),
 * a smaller one whole. ok false: the report is not cut at a games table (no table: a
 * refusal, or no game), and the page shows it whole. */
var SEC = '<section class="game"';
function Cutter() {
  this.buf = '';
  this.phase = 0; /* 0 head, 1 rows, 2 between the table and the sections, 3 sections, 4 the end */
  this.ok = true;
  this.size = 0;
  this.out = {head: '', rows: [], mid: '', sections: [], tail: ''};
  this.dec = new TextDecoder('utf-8');
}
Cutter.prototype.feed = function (text) {
  var b = this.buf + text, at = 0, o = this.out, i, j, tb = -2, mn = -2;
  /* where the table's end and main's end are in b, searched once per chunk, not once per
   * row or section (that made OCA's check twice as long: 780 ms against 400) */
  function tbody() { if (tb === -2 || (tb >= 0 && tb < at)) tb = b.indexOf('</tbody>', at); return tb; }
  function main() { if (mn === -2 || (mn >= 0 && mn < at)) mn = b.indexOf('</main>', at); return mn; }
  for (;;) {
    if (this.phase === 0) { /* up to the games table's body */
      j = b.indexOf('id="games"');
      i = j < 0 ? -1 : b.indexOf('<tbody>\n', j);
      if (i < 0) break;
      o.head += b.slice(0, i + 8);
      at = i + 8;
      this.phase = 1;
    } else if (this.phase === 1) { /* its rows, each ending "</tr>\n" */
      i = b.indexOf('</tr>\n', at);
      j = tbody();
      if (j >= 0 && (i < 0 || j < i)) {
        if (j !== at) this.ok = false; /* text that is no row: kept, in its place */
        o.mid += b.slice(at, j);
        at = j;
        this.phase = 2;
      } else if (i >= 0) {
        o.rows.push(b.slice(at, i + 6));
        this.size += i + 6 - at;
        at = i + 6;
      } else break;
    } else if (this.phase === 2) { /* up to the first game's section, or the end of main */
      i = b.indexOf(SEC, at);
      j = main();
      if (i >= 0 && (j < 0 || i < j)) {
        o.mid += b.slice(at, i);
        at = i;
        this.phase = 3;
      } else if (j >= 0) {
        o.mid += b.slice(at, j);
        at = j;
        this.phase = 4;
      } else { /* a marker's first letters may end this chunk: kept for the next */
        var keep = Math.max(at, b.length - SEC.length);
        o.mid += b.slice(at, keep);
        at = keep;
        break;
      }
    } else if (this.phase === 3) { /* the games' sections; what follows the last one (the
                                     * warnings by kind, the whole run's) goes with the end */
      i = b.indexOf(SEC, at + 1);
      j = main();
      if (i >= 0 && (j < 0 || i < j)) {
        o.sections.push(b.slice(at, i));
        this.size += i - at;
        at = i;
      } else if (j >= 0) {
        var last = b.slice(at, j), e = last.indexOf('</section>\n');
        o.sections.push(e >= 0 ? last.slice(0, e + 11) : last);
        if (e >= 0) o.tail += last.slice(e + 11);
        at = j;
        this.phase = 4;
      } else break;
    } else {
      o.tail += b.slice(at);
      at = b.length;
      break;
    }
  }
  this.buf = b.slice(at);
  if (this.size > (1 << 20)) this.flush();
};
Cutter.prototype.chunk = function (bytes) { this.feed(this.dec.decode(bytes, {stream: true})); };
/* the end of the report: what is left put where the join keeps it in its place */
Cutter.prototype.end = function () {
  this.feed(this.dec.decode());
  var o = this.out, rest = this.buf;
  this.buf = '';
  if (this.phase < 4) this.ok = false;
  if (this.phase === 0) o.head += rest;
  else if (this.phase === 3) o.sections.push(rest);
  else if (this.phase < 4) o.mid += rest;
  this.flush();
};
Cutter.prototype.flush = function () {
  var o = this.out;
  postMessage({type: 'parts', head: o.head, rows: o.rows, mid: o.mid, sections: o.sections, tail: o.tail});
  this.out = {head: '', rows: [], mid: '', sections: [], tail: ''};
  this.size = 0;
};

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
  var cut = new Cutter();
  pk.onChunk = function (bytes) { cut.chunk(bytes); };
  // the date the report says the files were checked, as pdncheck --html says it (UTC)
  var d = new Date().toISOString();
  var date = d.slice(0, 10) + ' ' + d.slice(11, 16) + ' UTC';
  var errors = call('pkw_check', ['string', 'string', 'string', 'number', 'string', 'string', 'number', 'string'],
                    [paths.join('\n'), names.join('\n'), m.variant, m.flags, date, '', m.askOver || 0,
                     m.lang || 'en']);
  pk.onChunk = null;
  cut.end();
  paths.forEach(function (p) { pk.FS.unlink(p); });
  postMessage({type: 'report', cut: cut.ok, errors: errors, ms: performance.now() - t0});
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
