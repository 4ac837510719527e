/* extract review page. Reads the records from the JSON block and draws only what is on screen:
   a page of abstracts at a time, more as the reader scrolls. Every text goes in through
   textContent or createTextNode, never as markup, so an abstract cannot run anything. */
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('extract-data').textContent);
  var docs = DATA.docs, fields = DATA.fields, colors = DATA.colors, mode = DATA.mode;
  var FIRST = 100, STEP = 50;
  var STATUS = { tp: 'found, right', fp: 'false alarm', fn: 'missed (gold)', opt: 'matches an optional gold item' };
  var state = { off: {}, rule: '', q: '', errors: false };
  var order = [], shown = 0, lowered = null;
  var fieldIndex = {};
  fields.forEach(function (f, i) { fieldIndex[f] = i; });

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function tint(hex, alpha) {
    var n = parseInt(hex.slice(1), 16);
    return 'rgba(' + (n >> 16 & 255) + ',' + (n >> 8 & 255) + ',' + (n & 255) + ',' + alpha + ')';
  }
  function paint(e, field) {
    var c = colors[field] || '#888';
    e.style.setProperty('--c', c);
    e.style.setProperty('--bg', tint(c, 0.22));
  }
  function flat(s) { return s.replace(/\s+/g, ' '); }
  function keyText(keys) {
    return Object.keys(keys).map(function (k) { return k + '=' + keys[k]; }).join('; ');
  }
  function markVisible(m) {
    return !state.off[m[2]] && (!state.rule || m[3] === state.rule);
  }
  function isError(d) {
    return d.marks.some(function (m) { return m[4] === 'fp' || m[4] === 'fn'; });
  }
  function filtering() {
    return !!state.rule || Object.keys(state.off).some(function (f) { return state.off[f]; });
  }

  /* ---- header: title, scores, legend, filters ---- */
  var top = el('header', 'top');
  top.appendChild(el('h1', '', DATA.title));
  if (DATA.summary) DATA.summary.forEach(function (line) { top.appendChild(el('div', 'status', line)); });
  if (DATA.scores) top.appendChild(scoreTable(DATA.scores));
  var counts = {}, missed = {}, rules = {};  // found mentions per field; gold items missed
  docs.forEach(function (d) {
    d.marks.forEach(function (m) {
      if (m[4] === 'fn') missed[m[2]] = (missed[m[2]] || 0) + 1;
      else counts[m[2]] = (counts[m[2]] || 0) + 1;
      if (m[3]) rules[m[3]] = (rules[m[3]] || 0) + 1;
    });
  });
  var legend = el('div', 'bar legend');
  fields.forEach(function (f) {
    if (!counts[f] && !missed[f]) return;
    var b = el('button');
    b.type = 'button';
    b.setAttribute('aria-pressed', 'true');
    b.dataset.field = f;
    b.title = 'show or hide ' + f + ' (shift-click: only this field)';
    paint(b, f);
    b.appendChild(el('span', 'sw'));
    b.appendChild(document.createTextNode(DATA.labels && DATA.labels[f] || f));
    b.appendChild(el('span', 'n', (counts[f] || 0) + (missed[f] ? ' + ' + missed[f] + ' missed' : '')));
    b.addEventListener('click', function (ev) {
      if (ev.shiftKey) fields.forEach(function (g) { state.off[g] = g !== f; });
      else state.off[f] = !state.off[f];
      legend.querySelectorAll('button[data-field]').forEach(function (x) {
        x.setAttribute('aria-pressed', state.off[x.dataset.field] ? 'false' : 'true');
      });
      refresh();
    });
    legend.appendChild(b);
  });
  var controls = el('div', 'controls');
  controls.appendChild(legend);
  if (mode === 'eval') {
    var key = el('div', 'bar keyed');
    [['tp', 'found and right'], ['fp', 'false alarm'], ['fn', 'missed'], ['opt', 'optional in gold']].forEach(function (s) {
      var sp = el('span');
      var mk = el('mark', 'm st-' + s[0], s[1]);
      paint(mk, fields[0]);
      sp.appendChild(mk);
      key.appendChild(sp);
    });
    controls.appendChild(key);
  }
  var bar = el('div', 'bar');
  var search = el('input');
  search.type = 'search';
  search.placeholder = 'search ids, titles and text';
  search.setAttribute('aria-label', 'search');
  bar.appendChild(search);
  var ruleSel = el('select');
  ruleSel.setAttribute('aria-label', 'rule');
  ruleSel.appendChild(option('', 'all rules (' + Object.keys(rules).length + ')'));
  Object.keys(rules).sort().forEach(function (r) { ruleSel.appendChild(option(r, r + ' (' + rules[r] + ')')); });
  bar.appendChild(ruleSel);
  var errBox = null;
  if (mode === 'eval') {
    var lab = el('label');
    errBox = el('input');
    errBox.type = 'checkbox';
    errBox.id = 'errors-only';
    lab.appendChild(errBox);
    lab.appendChild(document.createTextNode(' only abstracts with errors'));
    bar.appendChild(lab);
  }
  var status = el('span', 'status');
  status.id = 'status';
  bar.appendChild(status);
  controls.appendChild(bar);
  bar.appendChild(el('span', 'hint', 'Hover or tab to a mention for its keys and rule; shift-click a field to see it alone.'));
  document.body.appendChild(top);
  document.body.appendChild(controls);

  function option(value, label) {
    var o = el('option', '', label);
    o.value = value;
    return o;
  }
  function scoreTable(scores) {
    var t = el('table', 'scores');
    var head = el('tr');
    ['field', 'precision', 'recall', 'F1', 'tp', 'fp', 'fn'].forEach(function (h) { head.appendChild(el('th', '', h)); });
    t.appendChild(head);
    scores.forEach(function (s) {
      var tr = el('tr');
      tr.appendChild(el('td', '', s.view));
      ['precision', 'recall', 'f1'].forEach(function (k) {
        tr.appendChild(el('td', s[k] < 0.9 ? 'low' : '', s[k].toFixed(3)));
      });
      ['tp', 'fp', 'fn'].forEach(function (k) { tr.appendChild(el('td', '', s[k])); });
      t.appendChild(tr);
    });
    return t;
  }

  /* ---- concordance (rules hits) ---- */
  var main = el('main');
  if (DATA.kwic && DATA.kwic.length) {
    var kt = el('table', 'kwic');
    DATA.kwic.forEach(function (row) {
      var d = docs[row[0]], m = d.marks[row[1]], w = 60;
      var tr = el('tr');
      var idc = el('td', 'id', d.id);
      idc.title = 'show this abstract';
      idc.addEventListener('click', function () { search.value = d.id; state.q = d.id.toLowerCase(); refresh(); });
      var left = el('td', 'l');
      left.appendChild(el('div')).appendChild(el('span', '', flat(d.text.slice(Math.max(0, m[0] - w), m[0]))));
      tr.appendChild(idc);
      tr.appendChild(left);
      // the hit starts the right-hand cell, so that every hit starts in the same column
      var right = el('td', 'rt');
      right.appendChild(el('b', 'h', flat(d.text.slice(m[0], m[1]))));
      right.appendChild(document.createTextNode(flat(d.text.slice(m[1], m[1] + w))));
      tr.appendChild(right);
      kt.appendChild(tr);
    });
    main.appendChild(el('h2', '', 'Sample of ' + DATA.kwic.length + ' hits'));
    main.appendChild(kt);
    main.appendChild(el('h2', '', 'Abstracts'));
  }
  var list = el('div');
  list.id = 'docs';
  main.appendChild(list);
  var more = el('div');
  more.id = 'more';
  main.appendChild(more);
  document.body.appendChild(main);
  var tip = el('div');
  tip.id = 'tip';
  tip.setAttribute('role', 'tooltip');
  document.body.appendChild(tip);

  /* ---- one abstract ---- */
  function drawText(p, text, marks) {
    // Nested marks: longer first at the same start; a mark that crosses its parent's end is cut
    // there and goes on as a continuation piece (class `cont`) after the parent closes.
    var items = marks.map(function (x) { return { s: x.m[0], e: x.m[1], x: x, cont: false }; });
    items.sort(cmp);
    var stack = [{ node: p, e: Infinity }], pos = 0;
    function emit(upto) {
      if (upto > pos) { stack[stack.length - 1].node.appendChild(document.createTextNode(text.slice(pos, upto))); pos = upto; }
    }
    for (var i = 0; i < items.length; i++) {
      var it = items[i];
      while (stack.length > 1 && stack[stack.length - 1].e <= it.s) { emit(stack[stack.length - 1].e); stack.pop(); }
      emit(it.s);
      var parent = stack[stack.length - 1];
      var e = it.e;
      if (e > parent.e) {
        insert(items, { s: parent.e, e: it.e, x: it.x, cont: true }, i + 1);
        e = parent.e;
      }
      var mk = el('mark', 'm st-' + (it.x.m[4] || 'none') + (it.cont ? ' cont' : ''));
      mk.tabIndex = 0;
      mk.dataset.field = it.x.m[2];
      mk.dataset.i = it.x.i;
      if (it.x.m[3]) mk.dataset.rule = it.x.m[3];
      if (it.x.m[4]) mk.dataset.status = it.x.m[4];
      mk.style.setProperty('--d', Math.min(stack.length - 1, 3));
      paint(mk, it.x.m[2]);
      parent.node.appendChild(mk);
      stack.push({ node: mk, e: e });
    }
    while (stack.length > 1) { emit(stack[stack.length - 1].e); stack.pop(); }
    emit(text.length);
  }
  function cmp(a, b) { return a.s - b.s || b.e - a.e || a.x.i - b.x.i; }
  function insert(items, it, from) {
    var j = from;
    while (j < items.length && cmp(items[j], it) <= 0) j++;
    items.splice(j, 0, it);
  }

  function drawDoc(di) {
    var d = docs[di];
    var art = el('article', 'doc' + (mode === 'eval' && isError(d) ? ' err' : ''));
    art.dataset.doc = di;
    var h = el('h2');
    h.appendChild(el('span', 'id', d.id));
    h.appendChild(document.createTextNode(d.title));
    art.appendChild(h);
    var visible = [], unplaced = [], per = {};
    d.marks.forEach(function (m, i) {
      if (!markVisible(m)) return;
      per[m[2]] = (per[m[2]] || 0) + 1;
      if (m[0] >= 0 && m[1] > m[0]) visible.push({ m: m, i: i });
      else unplaced.push(m);
    });
    var chips = el('div', 'chips');
    fields.forEach(function (f) {
      if (!per[f]) return;
      var c = el('span', '', f + ' ' + per[f]);
      paint(c, f);
      chips.appendChild(c);
    });
    art.appendChild(chips);
    var p = el('p', 'text');
    drawText(p, d.text, visible);
    art.appendChild(p);
    if (unplaced.length) {
      art.appendChild(el('div', 'unplaced', 'not found in the text: ' + unplaced.map(function (m) {
        return m[2] + (m[4] ? ' (' + STATUS[m[4]] + ')' : '') + ': ' + keyText(m[5]);
      }).join(' | ')));
    }
    var det = el('details');
    det.appendChild(el('summary', '', 'records (' + d.marks.length + ')'));
    det.addEventListener('toggle', function () {
      if (det.open && !det.querySelector('table')) det.appendChild(recordTable(d));
    });
    art.appendChild(det);
    return art;
  }
  function recordTable(d) {
    var t = el('table', 'recs');
    var head = el('tr');
    var cols = ['field'].concat(mode === 'eval' ? ['status'] : [], ['text', 'keys', 'rule', 'start', 'end']);
    cols.forEach(function (c) { head.appendChild(el('th', '', c)); });
    t.appendChild(head);
    d.marks.forEach(function (m) {
      var tr = el('tr');
      var f = el('td', 'f', m[2]);
      paint(f, m[2]);
      tr.appendChild(f);
      if (mode === 'eval') tr.appendChild(el('td', '', STATUS[m[4]] || ''));
      tr.appendChild(el('td', '', m[0] >= 0 ? d.text.slice(m[0], m[1]) : (m[5].name || '')));
      tr.appendChild(el('td', '', keyText(m[5])));
      tr.appendChild(el('td', 'r', m[3]));
      tr.appendChild(el('td', '', m[0] >= 0 ? m[0] : ''));
      tr.appendChild(el('td', '', m[1] >= 0 ? m[1] : ''));
      t.appendChild(tr);
    });
    return t;
  }

  /* ---- filtering and drawing on scroll ---- */
  function matches(di) {
    var d = docs[di];
    if (state.errors && !isError(d)) return false;
    if (filtering() && !d.marks.some(markVisible)) return false;
    if (state.q) {
      if (!lowered) lowered = [];
      if (lowered[di] === undefined) lowered[di] = (d.id + '\n' + d.title + '\n' + d.text).toLowerCase();
      if (lowered[di].indexOf(state.q) < 0) return false;
    }
    return true;
  }
  function refresh() {
    order = [];
    for (var i = 0; i < docs.length; i++) if (matches(i)) order.push(i);
    list.textContent = '';
    shown = 0;
    drawMore(FIRST);
  }
  function drawMore(n) {
    var frag = document.createDocumentFragment();
    var end = Math.min(order.length, shown + n);
    for (; shown < end; shown++) frag.appendChild(drawDoc(order[shown]));
    list.appendChild(frag);
    status.textContent = order.length + ' of ' + docs.length + ' abstracts' +
      (shown < order.length ? ' (' + shown + ' drawn; scroll for more)' : '');
    status.dataset.matching = order.length;
    status.dataset.drawn = shown;
    more.textContent = shown < order.length ? 'more below\u2026' : (order.length ? 'end' : 'no abstract matches');
  }
  if ('IntersectionObserver' in window) {
    new IntersectionObserver(function (entries) {
      if (entries.some(function (e) { return e.isIntersecting; }) && shown < order.length) drawMore(STEP);
    }, { rootMargin: '1200px' }).observe(more);
  } else {
    window.addEventListener('scroll', function () {
      if (window.innerHeight + window.scrollY > document.body.offsetHeight - 1200 && shown < order.length) drawMore(STEP);
    });
  }
  var timer = null;
  search.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(function () { state.q = search.value.trim().toLowerCase(); refresh(); }, 150);
  });
  ruleSel.addEventListener('change', function () { state.rule = ruleSel.value; refresh(); });
  if (errBox) errBox.addEventListener('change', function () { state.errors = errBox.checked; refresh(); });

  /* ---- tooltip ---- */
  function showTip(mk) {
    var d = docs[+mk.closest('article').dataset.doc], m = d.marks[+mk.dataset.i];
    tip.textContent = '';
    var head = el('div');
    head.appendChild(el('b', '', m[2]));
    if (m[4]) head.appendChild(document.createTextNode(' \u2014 ' + STATUS[m[4]]));
    tip.appendChild(head);
    Object.keys(m[5]).forEach(function (k) {
      var row = el('div');
      row.appendChild(el('span', 'k', k + ': '));
      row.appendChild(document.createTextNode(String(m[5][k])));
      tip.appendChild(row);
    });
    var r = el('div');
    r.appendChild(el('span', 'k', 'rule: '));
    r.appendChild(document.createTextNode(m[3] || (m[4] === 'fn' ? '(gold item)' : '')));
    tip.appendChild(r);
    var box = mk.getBoundingClientRect();
    tip.style.display = 'block';
    var left = Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 8);
    tip.style.left = Math.max(4, left) + 'px';
    tip.style.top = (window.scrollY + box.bottom + 6) + 'px';
  }
  function hideTip() { tip.style.display = 'none'; }
  document.addEventListener('mouseover', function (ev) {
    var mk = ev.target.closest && ev.target.closest('mark.m[data-i]');
    if (mk) showTip(mk); else hideTip();
  });
  document.addEventListener('focusin', function (ev) {
    var mk = ev.target.closest && ev.target.closest('mark.m[data-i]');
    if (mk) showTip(mk); else hideTip();
  });
  document.addEventListener('focusout', hideTip);

  refresh();
  document.body.dataset.readyMs = Math.round(performance.now());  // since navigation start
  document.body.dataset.ready = '1';
})();
