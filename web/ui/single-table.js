// The single-dummy card table, for the site and the widget: one row per legal card with the
// mean tricks of the side to move, the make (or set) percentage with a contract, and a
// picture of the estimate: a bar to the mean and a whisker of ±1.96 standard errors (a 95%
// interval). The best card is marked. Each row is <tr data-card data-tricks data-stderr
// data-make?> with the numbers as the solver gave them, so that tests can read them back.

import { SEAT_NAME, cardText, cardName, sideOf } from '../board/bridge.js';
import { el } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const BAR_W = 160;
const BAR_H = 18;
const Z95 = 1.96;

function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The cards with the highest mean (equal to 1e-9): the best, for the side to move. */
export function bestCards(estimates) {
  const values = Object.values(estimates).map((e) => e.tricks);
  if (!values.length) return [];
  const top = Math.max(...values);
  return Object.keys(estimates).filter((c) => estimates[c].tricks >= top - 1e-9);
}

/** The axis of the bars: whole tricks around every whisker. */
function axis(estimates) {
  const list = Object.values(estimates);
  // One trick of room on the left: no bar is empty, not even at the lowest mean.
  let lo = Math.floor(Math.min(...list.map((e) => e.tricks - Z95 * e.stderr))) - 1;
  let hi = Math.ceil(Math.max(...list.map((e) => e.tricks + Z95 * e.stderr)));
  lo = Math.max(0, lo);
  if (hi <= lo) hi = lo + 1;
  return { lo, hi };
}

function bar(e, { lo, hi }, best) {
  const x = (v) => ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo)) * (BAR_W - 8) + 4;
  const s = svg('svg', { viewBox: `0 0 ${BAR_W} ${BAR_H}`, width: BAR_W, height: BAR_H, class: 'gh-sd-bar', 'aria-hidden': 'true' });
  for (let t = lo; t <= hi; t++) s.append(svg('line', { x1: x(t), x2: x(t), y1: 0, y2: BAR_H, class: 'gh-sd-grid' }));
  s.append(svg('rect', { x: x(lo), y: 4, width: Math.max(0.5, x(e.tricks) - x(lo)), height: BAR_H - 8, rx: 2, class: best ? 'gh-sd-fill gh-sd-top' : 'gh-sd-fill' }));
  if (e.stderr > 0) {
    const [a, b] = [x(e.tricks - Z95 * e.stderr), x(e.tricks + Z95 * e.stderr)];
    const mid = BAR_H / 2;
    s.append(
      svg('line', { x1: a, x2: b, y1: mid, y2: mid, class: 'gh-sd-whisker' }),
      svg('line', { x1: a, x2: a, y1: mid - 5, y2: mid + 5, class: 'gh-sd-whisker' }),
      svg('line', { x1: b, x2: b, y1: mid - 5, y2: mid + 5, class: 'gh-sd-whisker' }),
    );
  }
  s.append(svg('circle', { cx: x(e.tricks), cy: BAR_H / 2, r: 3, class: 'gh-sd-mean' }));
  return s;
}

function axisLabels({ lo, hi }) {
  const s = svg('svg', { viewBox: `0 0 ${BAR_W} 12`, width: BAR_W, height: 12, class: 'gh-sd-axis', 'aria-hidden': 'true' });
  const step = hi - lo > 8 ? 2 : 1;
  for (let t = lo; t <= hi; t += step) {
    const x = ((t - lo) / (hi - lo)) * (BAR_W - 8) + 4;
    const label = svg('text', { x, y: 10, 'text-anchor': t === lo ? 'start' : t === hi ? 'end' : 'middle' });
    label.textContent = String(t);
    s.append(label);
  }
  return s;
}

const percent = (f) => `${Math.round(f * 100)}%`;

/**
 * Draws `table` (a <table>) afresh.
 * cards: the legal cards, in the order of the rows; estimates: {card: {tricks, stderr,
 * make?}}, possibly for some cards only; tomove: the seat to move; declarer: with a
 * contract, declarer's seat (then the make column shows, as "sets" for the defence);
 * caption: the caption's text.
 */
export function renderSingleTable(table, { cards, estimates, tomove, declarer, caption }) {
  const known = Object.fromEntries(cards.filter((c) => estimates[c]).map((c) => [c, estimates[c]]));
  const withMake = declarer && Object.values(known).some((e) => e.make !== undefined && e.make !== null);
  const defends = declarer && sideOf(declarer) !== sideOf(tomove);
  const best = new Set(bestCards(known));
  const scale = Object.keys(known).length ? axis(known) : null;
  const head = el('tr', {},
    el('th', { scope: 'col', text: 'Card' }),
    el('th', { scope: 'col', class: 'gh-sd-num', text: 'Tricks', title: `Mean tricks for ${SEAT_NAME[tomove]}'s side from here, this trick included` }),
    el('th', { scope: 'col', class: 'gh-sd-num', text: '±', title: 'Standard error of the mean' }),
    withMake ? el('th', { scope: 'col', class: 'gh-sd-num', text: defends ? 'Sets' : 'Makes', title: defends ? 'Samples where the contract goes down' : 'Samples where the contract makes' }) : null,
    el('th', { scope: 'col', class: 'gh-sd-pic' }, el('span', { class: 'gh-sd-sr', text: 'Mean with a 95% interval' }), scale ? axisLabels(scale) : null),
  );
  const body = el('tbody');
  for (const card of cards) {
    const e = known[card];
    const tr = el('tr', { 'data-card': card, class: best.has(card) ? 'gh-sd-best' : undefined },
      el('th', { scope: 'row', class: `gh-sd-card gh-${card[0].toLowerCase()}`, title: cardName(card) },
        cardText(card), best.has(card) ? el('span', { class: 'gh-sd-star', title: 'best card', text: ' ★' }) : null));
    if (!e) {
      tr.append(el('td', { class: 'gh-sd-num gh-sd-pending', colspan: withMake ? 4 : 3, text: '…' }));
    } else {
      tr.dataset.tricks = String(e.tricks);
      tr.dataset.stderr = String(e.stderr);
      if (withMake) tr.dataset.make = String(e.make);
      tr.append(...[
        el('td', { class: 'gh-sd-num', text: e.tricks.toFixed(2) }),
        el('td', { class: 'gh-sd-num gh-sd-err', text: e.stderr.toFixed(2) }),
        withMake && el('td', { class: 'gh-sd-num', text: percent(defends ? 1 - e.make : e.make) }),
        el('td', { class: 'gh-sd-pic' }, bar(e, scale, best.has(card))),
      ].filter(Boolean));
    }
    body.append(tr);
  }
  table.replaceChildren(el('caption', { text: caption }), el('thead', {}, head), body);
}

/** Narrow screens and columns: smaller bars (the SVG scales with its viewBox). */
export const SINGLE_TABLE_NARROW_CSS = `
.gh-sd-bar, .gh-sd-axis { width: 96px; height: auto; }
.gh-sd-table th, .gh-sd-table td { padding: 2px 4px; }
`;

/** The table's styles, for a document or a shadow root (both use the same class names). */
export const SINGLE_TABLE_CSS = `
.gh-sd-table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
.gh-sd-table caption { text-align: left; font-size: .85em; color: #545d68; padding-bottom: 4px; }
.gh-sd-table th, .gh-sd-table td { padding: 2px 8px; border-bottom: 1px solid #e5e9ed; text-align: left; white-space: nowrap; }
.gh-sd-table thead th { font-size: .8em; font-weight: 700; color: #545d68; vertical-align: bottom; }
.gh-sd-table .gh-sd-num { text-align: right; }
.gh-sd-table .gh-sd-err { color: #6b7480; font-size: .9em; }
.gh-sd-table .gh-sd-pending { color: #aab3bd; text-align: center; }
.gh-sd-card { font-weight: 700; }
.gh-sd-card.gh-h, .gh-sd-card.gh-d { color: #c8102e; }
.gh-sd-card.gh-s, .gh-sd-card.gh-c { color: #16181d; }
.gh-sd-best { background: #eef7f1; }
.gh-sd-star { color: #b07d00; }
.gh-sd-pic { padding-top: 1px; padding-bottom: 1px; }
.gh-sd-bar, .gh-sd-axis { display: block; }
.gh-sd-grid { stroke: #e3e7eb; stroke-width: 1; }
.gh-sd-fill { fill: #b8c9dc; }
.gh-sd-fill.gh-sd-top { fill: #6fb38d; }
.gh-sd-whisker { stroke: #1b1f24; stroke-width: 1.5; }
.gh-sd-mean { fill: #1b1f24; }
.gh-sd-axis text { font: 10px system-ui, sans-serif; fill: #545d68; }
.gh-sd-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
@media (max-width: 480px) { ${SINGLE_TABLE_NARROW_CSS} }
`;
