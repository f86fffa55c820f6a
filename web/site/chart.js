// Per-trick statistics of a solve as an SVG bar chart: for tricks 1..13, grouped bars of
// nodes, TT probes, TT hits and cut-offs (TT + quick tricks). No library. A trick is the
// deal's trick the search reached (its depth), not a trick played.
//
//   renderStatsChart(container, perTrick, {scale: 'log'|'linear', highlight: trickNumber})
// perTrick: 13 objects {nodes, ttProbes, ttHits, ttCutoffs, quickTrickCutoffs}.
// Each trick is a <g class="gh-bar-group" data-trick="N">; each bar a <rect data-series>.

export const SERIES = [
  { key: 'nodes', label: 'Nodes', color: '#1f4e79', value: (t) => t.nodes },
  { key: 'ttProbes', label: 'TT probes', color: '#7a9cc6', value: (t) => t.ttProbes },
  { key: 'ttHits', label: 'TT hits', color: '#2e8b57', value: (t) => t.ttHits },
  { key: 'cutoffs', label: 'Cut-offs (TT + quick tricks)', color: '#d08a00', value: (t) => t.ttCutoffs + t.quickTrickCutoffs },
];

const NS = 'http://www.w3.org/2000/svg';
function s(tag, attrs = {}, text) {
  let e = document.createElementNS(NS, tag);
  for (let [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export const formatCount = (n) =>
  n >= 1e6 ? (n / 1e6).toFixed(n >= 1e7 ? 0 : 1) + 'M' : n >= 1e4 ? Math.round(n / 1e3) + 'k' : n >= 1e3 ? (n / 1e3).toFixed(1) + 'k' : String(n);

export function renderStatsChart(container, perTrick, { scale = 'log', highlight } = {}) {
  // As wide as its box, so that the labels keep their size on a phone instead of shrinking
  // with a fixed viewBox.
  let W = Math.round(Math.min(760, Math.max(320, container.clientWidth || 760)));
  let H = W < 500 ? 260 : 300;
  let m = { l: 44, r: 8, t: 14, b: 40 };
  let iw = W - m.l - m.r;
  let ih = H - m.t - m.b;
  let max = Math.max(1, ...perTrick.flatMap((t) => SERIES.map((x) => x.value(t))));
  let y;
  let ticks;
  if (scale === 'log') {
    let top = Math.ceil(Math.log10(max));
    top = Math.max(top, 1);
    y = (v) => (v <= 0 ? 0 : (Math.log10(v + 1) / top) * ih);
    ticks = Array.from({ length: top + 1 }, (_, i) => 10 ** i);
  } else {
    let step = niceStep(max / 4);
    let top = Math.ceil(max / step) * step;
    y = (v) => (v / top) * ih;
    ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  }
  let total = SERIES.map((x) => perTrick.reduce((a, t) => a + x.value(t), 0));
  let svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'gh-chart',
    role: 'img',
    'aria-label':
      `Per-trick statistics, ${scale} scale. Totals: ` + SERIES.map((x, i) => `${x.label} ${total[i]}`).join(', '),
  });
  let g = s('g', { transform: `translate(${m.l},${m.t})` });
  svg.append(g);
  for (let tv of ticks) {
    let yy = ih - y(tv);
    g.append(s('line', { x1: 0, x2: iw, y1: yy, y2: yy, class: 'gh-grid-line', stroke: '#d5dbe1', 'stroke-width': 1 }));
    g.append(s('text', { x: -8, y: yy + 4, 'text-anchor': 'end', class: 'gh-axis', 'font-size': 12, fill: '#4b5563' }, formatCount(tv)));
  }
  let slot = iw / 13;
  let bw = (slot * 0.8) / SERIES.length;
  perTrick.slice(0, 13).forEach((t, i) => {
    let trick = i + 1;
    let grp = s('g', { class: 'gh-bar-group' + (highlight === trick ? ' gh-current' : ''), 'data-trick': trick });
    if (highlight === trick) {
      grp.append(s('rect', { x: i * slot, y: 0, width: slot, height: ih, fill: '#fff4cc' }));
    }
    SERIES.forEach((x, k) => {
      let v = x.value(t);
      let h = y(v);
      let r = s('rect', {
        x: i * slot + slot * 0.1 + k * bw,
        y: ih - h,
        width: Math.max(1, bw - 1),
        height: Math.max(0, h),
        fill: x.color,
        'data-series': x.key,
        'data-value': v,
      });
      r.append(s('title', {}, `Trick ${trick}: ${x.label} ${v.toLocaleString('en')}` +
        (x.key === 'cutoffs' ? ` (TT ${t.ttCutoffs}, quick tricks ${t.quickTrickCutoffs})` : '')));
      grp.append(r);
    });
    grp.append(s('text', { x: i * slot + slot / 2, y: ih + 18, 'text-anchor': 'middle', 'font-size': 13, fill: '#1b1f24' }, String(trick)));
    g.append(grp);
  });
  g.append(s('line', { x1: 0, x2: iw, y1: ih, y2: ih, stroke: '#4b5563' }));
  let axis = W < 500 ? 'Trick of the deal reached (search depth)' : 'Trick of the deal the search looked ahead to (search depth)';
  g.append(s('text', { x: iw / 2, y: ih + 36, 'text-anchor': 'middle', 'font-size': 13, fill: '#4b5563', class: 'gh-axis-title' }, axis));
  let legend = document.createElement('div');
  legend.className = 'gh-legend';
  for (let x of SERIES) {
    let item = document.createElement('span');
    item.className = 'gh-legend-item';
    let sw = document.createElement('span');
    sw.className = 'gh-swatch';
    sw.style.background = x.color;
    item.append(sw, x.label);
    legend.append(item);
  }
  container.replaceChildren(svg, legend);
  return svg;
}

function niceStep(x) {
  let p = 10 ** Math.floor(Math.log10(Math.max(x, 1)));
  for (let k of [1, 2, 5, 10]) if (k * p >= x) return k * p;
  return 10 * p;
}

/** The same numbers as an accessible table. */
export function statsTable(perTrick) {
  let t = document.createElement('table');
  t.className = 'gh-stats-table';
  let head = t.createTHead().insertRow();
  for (let h of ['Trick', 'Nodes', 'TT probes', 'TT hits', 'TT cut-offs', 'Quick-trick cut-offs']) {
    let th = document.createElement('th');
    th.textContent = h;
    th.scope = 'col';
    head.append(th);
  }
  let body = t.createTBody();
  perTrick.forEach((x, i) => {
    let r = body.insertRow();
    for (let v of [i + 1, x.nodes, x.ttProbes, x.ttHits, x.ttCutoffs, x.quickTrickCutoffs]) {
      r.insertCell().textContent = Number(v).toLocaleString('en');
    }
  });
  return t;
}
