// The search tree drawn as SVG (the model is web/board/search-tree.js): edges labelled with
// the cards tried, nodes coloured by outcome and shaped by the side to move, skipped cards
// greyed with their reason, table hits linked by a dashed arrow to the node that stored the
// entry, foldable subtrees, and pan and zoom (drag, ctrl+wheel or pinch, the +/− buttons).
// Styles are attributes on the elements, so that an exported SVG stands alone.
//
//   let view = new SearchTreeView(box, { onSelect: (id) => … });
//   view.show(new SearchTree(probe));  view.setStep(12);  view.svgText();

import { SEAT_NAME, SUIT_SYMBOL, cardText, rankText, sideOf } from '../board/bridge.js';
import { METRICS, cutSentence, skipSentence } from '../board/search-tree.js';
import { DealDiagram } from './diagram.js';
import { el } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';

export const TREE_COLOURS = {
  holds: { fill: '#cdebd6', stroke: '#137333' },
  fails: { fill: '#f8d4d1', stroke: '#b3261e' },
  open: { fill: '#ffffff', stroke: '#6b7280' },
  skipped: '#9aa3ad',
  edge: '#5b6470',
  red: '#c8102e',
  black: '#16181d',
  link: '#1a56b8',
  select: '#f5b301',
};

/** The short mark under a node that was cut off. */
const CUT_MARK = {
  count: 'count', 'last-trick': 'last', 'quick-tricks-ns': 'quick', 'quick-tricks-ew': 'quick',
  'leader-loses': 'loses', 'suit-run': 'run', 'second-hand-wins': '2nd wins',
};

function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) e.append(c);
  return e;
}

const cardColour = (card) => (card[0] === 'H' || card[0] === 'D' ? TREE_COLOURS.red : TREE_COLOURS.black);

/** A card as SVG text: the suit symbol and the rank, red for hearts and diamonds. */
function cardLabel(card, x, y, font, extra = {}) {
  return svg('text', {
    x, y, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': font, 'font-weight': 700,
    fill: extra.fill || cardColour(card), stroke: '#ffffff', 'stroke-width': font / 4, 'paint-order': 'stroke',
    'stroke-linejoin': 'round', ...extra.attrs,
  }, `${SUIT_SYMBOL[card[0]]}${rankText(card[1])}`);
}

export class SearchTreeView {
  /** `box`: the element to draw into. `onSelect(id)`: a node was clicked (null: none). */
  constructor(box, { onSelect, large = false } = {}) {
    this.box = box;
    this.onSelect = onSelect;
    this.large = large;
    this.tree = null;
    this.step = 0;
    this.selected = null;
    this.view = { scale: 1, tx: 0, ty: 0 };
    this.svg = svg('svg', {
      class: 'gh-tree', role: 'group', 'aria-label': 'The search tree', 'font-family': FONT,
      width: '100%', height: '100%', style: 'display:block;touch-action:none;user-select:none',
    });
    this.viewport = svg('g', { class: 'gh-tree-viewport' });
    this.svg.append(this.#defs(), this.viewport);
    this.zoom = el('div', { class: 'gh-tree-zoom', role: 'toolbar', 'aria-label': 'Zoom' },
      el('button', { type: 'button', class: 'gh-tree-zoom-in', 'aria-label': 'Zoom in', text: '+', onclick: () => this.zoomBy(1.25) }),
      el('button', { type: 'button', class: 'gh-tree-zoom-out', 'aria-label': 'Zoom out', text: '−', onclick: () => this.zoomBy(0.8) }),
      el('button', { type: 'button', class: 'gh-tree-fit', text: 'Fit', onclick: () => this.fit({ whole: true }) }));
    box.replaceChildren(this.svg, this.zoom);
    this.#bindPointer();
  }

  get metrics() {
    return this.large ? METRICS.large : METRICS.normal;
  }

  /** Shows a tree (a SearchTree), every event played, nothing selected. */
  show(tree) {
    this.tree = tree;
    this.step = tree.events.length;
    this.selected = null;
    this.draw();
    this.fit();
  }

  setLarge(large) {
    if (large === this.large) return;
    this.large = large;
    if (this.tree) {
      this.draw();
      this.fit();
    }
  }

  /** Shows the tree after the first `step` events, panned to the latest event's node. */
  setStep(step) {
    if (!this.tree) return;
    this.step = Math.max(0, Math.min(this.tree.events.length, step));
    this.draw();
    const id = this.step > 0 ? this.tree.events[this.step - 1].node : this.tree.rootId;
    if (!this.tree.hiddenIds().has(id)) this.#follow(this.tree.layout(this.metrics).pos.get(id));
  }

  /** Pans the least that brings point `p` (layout units) inside the box, with a margin. */
  #follow(p) {
    const w = this.box.clientWidth || 600;
    const h = this.box.clientHeight || 400;
    const { scale, tx, ty } = this.view;
    const pad = this.metrics.level * scale;
    const x = p.x * scale + tx;
    const y = p.y * scale + ty;
    const dx = x < pad ? pad - x : x > w - pad ? w - pad - x : 0;
    const dy = y < pad ? pad - y : y > h - pad ? h - pad - y : 0;
    if (dx || dy) this.panBy(dx, dy);
  }

  select(id) {
    this.selected = id;
    this.draw();
    this.onSelect?.(id);
  }

  toggle(id) {
    if (this.tree?.toggle(id)) this.draw();
  }

  // ---- drawing ----------------------------------------------------------------------------

  #defs() {
    return svg('defs', {},
      svg('marker', { id: 'gh-tree-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
        svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: TREE_COLOURS.link })));
  }

  /** Redraws the tree at the current step, folding and selection. */
  draw() {
    const tree = this.tree;
    if (!tree) return;
    const m = this.metrics;
    const lay = tree.layout(m);
    this.layoutSize = { width: lay.width, height: lay.height };
    const shown = tree.visibleAt(this.step);
    const hidden = tree.hiddenIds();
    const visible = (id) => shown.entered.has(id) && !hidden.has(id);
    const edges = svg('g', { class: 'gh-tree-edges' });
    const labels = svg('g', { class: 'gh-tree-labels' });
    const nodes = svg('g', { class: 'gh-tree-nodes' });
    const links = svg('g', { class: 'gh-tree-links' });
    const r = m.radius;
    // The latest event's node, while stepping.
    const current = this.step < tree.events.length ? shown.current?.node : undefined;

    for (const id of tree.order) {
      if (!visible(id)) continue;
      const n = tree.node(id);
      const p = lay.pos.get(id);
      if (n.parentId !== null) {
        const q = lay.pos.get(n.parentId);
        const decisive = tree.node(n.parentId).decidedBy === n.card && shown.left.has(n.parentId);
        edges.append(svg('line', {
          class: 'gh-tree-edge', 'data-to': id, x1: q.x, y1: q.y + r, x2: p.x, y2: p.y - r,
          stroke: TREE_COLOURS.edge, 'stroke-width': decisive ? 3.5 : 1.5,
        }));
        labels.append(cardLabel(n.card, (p.x + q.x) / 2 + (p.x === q.x ? m.font * 0.9 : 0), (p.y + q.y) / 2, m.font, {
          attrs: { class: 'gh-tree-edge-label', 'data-card': n.card, 'data-to': id },
        }));
      }
      nodes.append(this.#node(n, p, shown, id === current));
    }

    // Skipped cards: greyed leaves under their node, with the reason as a tooltip.
    for (const s of tree.skipped) {
      if (!shown.skipped.has(s.key) || hidden.has(s.parentId) || tree.collapsed.has(s.parentId) || !visible(s.parentId)) continue;
      const p = lay.pos.get(s.key);
      const q = lay.pos.get(s.parentId);
      const reason = skipSentence(tree.node(s.parentId), s);
      const g = svg('g', { class: 'gh-tree-skipped', 'data-card': s.card, 'data-key': s.key, tabindex: 0, role: 'button', 'aria-label': reason, style: 'cursor:pointer' },
        svg('title', {}, reason),
        svg('line', { x1: q.x, y1: q.y + r, x2: p.x, y2: p.y - r * 0.6, stroke: TREE_COLOURS.skipped, 'stroke-width': 1.5, 'stroke-dasharray': '4 4' }),
        svg('circle', { cx: p.x, cy: p.y, r: r * 0.6, fill: '#f1f3f5', stroke: TREE_COLOURS.skipped, 'stroke-dasharray': '3 3' }),
        cardLabel(s.card, (p.x + q.x) / 2, (p.y + q.y) / 2, m.font, { fill: TREE_COLOURS.skipped }),
        svg('text', { x: p.x, y: p.y + r + m.font * 0.4, 'text-anchor': 'middle', 'dominant-baseline': 'hanging', 'font-size': m.font * 0.8, fill: '#6b7280' }, 'skipped'));
      if (this.selected === s.key) g.append(svg('circle', { cx: p.x, cy: p.y, r: r * 0.6 + 4, fill: 'none', stroke: TREE_COLOURS.select, 'stroke-width': 3 }));
      nodes.append(g);
    }

    // Table hits: a dashed arrow to the node that stored the entry, when it is on screen.
    for (const id of tree.order) {
      const n = tree.node(id);
      const to = n.probe?.result === 'cut' ? n.probe.storedBy : null;
      if (!to || !visible(id) || !shown.seen.has(`probe:${id}`) || !tree.nodes.has(to) || !visible(to)) continue;
      const a = lay.pos.get(id);
      const b = lay.pos.get(to);
      const bend = Math.max(m.level, Math.abs(a.x - b.x) / 3);
      const chosen = this.selected === id || this.selected === to;
      links.append(svg('path', {
        class: 'gh-tree-link', 'data-from': id, 'data-to': to,
        d: `M${a.x},${a.y - r} C${a.x},${a.y - r - bend} ${b.x},${b.y + r + bend} ${b.x + (b.x < a.x ? r : -r) * 0.7},${b.y + r * 0.7}`,
        fill: 'none', stroke: TREE_COLOURS.link, 'stroke-width': chosen ? 3 : 1.8, 'stroke-dasharray': '6 5',
        'marker-end': 'url(#gh-tree-arrow)', opacity: chosen || this.selected === null ? 1 : 0.55,
      }, svg('title', {}, tree.tableSentence(n))));
    }

    this.viewport.replaceChildren(edges, links, nodes, labels);
    this.svg.dataset.step = String(this.step);
    this.svg.dataset.nodes = String(nodes.querySelectorAll('.gh-tree-node').length);
  }

  #node(n, p, shown, isCurrent) {
    const m = this.metrics;
    const r = m.radius;
    const done = shown.left.has(n.id);
    const colour = done ? (n.holds ? TREE_COLOURS.holds : TREE_COLOURS.fails) : TREE_COLOURS.open;
    const ns = sideOf(n.toMove) === 'NS';
    const outcome = done ? (n.holds ? 'holds' : 'fails') : 'open';
    const label = `${n.parentId === null ? 'The root' : `${SEAT_NAME[n.playedBy]} played ${cardText(n.card)}`}; ${SEAT_NAME[n.toMove]} to move; ${done ? outcome : 'being searched'}`;
    const g = svg('g', {
      class: 'gh-tree-node', 'data-id': n.id, 'data-holds': done ? String(n.holds) : null, 'data-outcome': outcome,
      'data-to-move': n.toMove, transform: `translate(${p.x},${p.y})`, tabindex: 0, role: 'button', 'aria-label': label,
      style: 'cursor:pointer',
    });
    const attrs = { fill: colour.fill, stroke: colour.stroke, 'stroke-width': 2.2, class: 'gh-tree-shape' };
    // North-South to move: a circle; East-West: a square.
    g.append(ns ? svg('circle', { r, ...attrs }) : svg('rect', { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: 3, ...attrs }));
    g.append(svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': m.font, 'font-weight': 700, fill: TREE_COLOURS.black }, n.toMove));
    const marks = [];
    if (n.cut && shown.seen.has(`cut:${n.id}`)) marks.push(CUT_MARK[n.cut.rule] || n.cut.rule);
    if (n.probe?.result === 'cut' && shown.seen.has(`probe:${n.id}`)) marks.push('table');
    if (marks.length) {
      g.append(svg('text', { class: 'gh-tree-mark', y: r + m.font * 0.3, 'text-anchor': 'middle', 'dominant-baseline': 'hanging', 'font-size': m.font * 0.8, fill: '#374151', stroke: '#ffffff', 'stroke-width': m.font / 5, 'paint-order': 'stroke' }, marks.join(' · ')));
    }
    if (n.store && shown.seen.has(`store:${n.id}`)) {
      g.append(svg('rect', { class: 'gh-tree-store', x: r * 0.55, y: -r * 1.25, width: r * 0.7, height: r * 0.7, fill: TREE_COLOURS.link, stroke: '#ffffff', 'stroke-width': 1 }, svg('title', {}, 'stored in the table')));
    }
    if (n.childIds.length && done) {
      const folded = this.tree.collapsed.has(n.id);
      const t = svg('g', { class: 'gh-tree-toggle', 'data-id': n.id, transform: `translate(${-r * 1.35},${-r * 0.9})`, role: 'button', tabindex: 0, 'aria-label': folded ? 'Unfold' : 'Fold', style: 'cursor:pointer' },
        svg('title', {}, folded ? `Unfold (${this.tree.descendants(n.id)} nodes)` : 'Fold this subtree'),
        svg('circle', { r: r * 0.45, fill: '#ffffff', stroke: TREE_COLOURS.edge, 'stroke-width': 1.2 }),
        svg('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': m.font * 0.85, 'font-weight': 700, fill: TREE_COLOURS.edge }, folded ? '+' : '−'));
      g.append(t);
      if (folded) g.append(svg('text', { y: r + m.font * 1.3, 'text-anchor': 'middle', 'dominant-baseline': 'hanging', 'font-size': m.font * 0.8, fill: '#374151' }, `+${this.tree.descendants(n.id)}`));
    }
    const stored = this.selected !== null && this.tree.node(this.selected)?.probe?.storedBy === n.id;
    if (this.selected === n.id || stored || isCurrent) {
      g.append(svg('circle', {
        class: this.selected === n.id ? 'gh-tree-selected' : stored ? 'gh-tree-storer' : 'gh-tree-current',
        r: r + 5, fill: 'none', stroke: isCurrent && this.selected !== n.id ? TREE_COLOURS.edge : stored ? TREE_COLOURS.link : TREE_COLOURS.select,
        'stroke-width': 3, 'stroke-dasharray': isCurrent && this.selected !== n.id ? '3 3' : null,
      }));
    }
    g.append(svg('title', {}, [label, n.cut ? cutSentence(n) : '', n.probe ? this.tree.tableSentence(n) : ''].filter(Boolean).join('\n')));
    return g;
  }

  // ---- pan and zoom --------------------------------------------------------------------------

  #apply() {
    const { scale, tx, ty } = this.view;
    this.viewport.setAttribute('transform', `translate(${tx},${ty}) scale(${scale})`);
    this.svg.dataset.scale = scale.toFixed(3);
  }

  /** Fits the tree into the box: never larger than life, and on a projector never smaller
   * (the text stays readable; pan to see the rest). `whole`: show all of it whatever size. */
  fit({ whole = false } = {}) {
    if (!this.layoutSize) return;
    const w = this.box.clientWidth || 600;
    const h = this.box.clientHeight || 400;
    const { width, height } = this.layoutSize;
    // A small tree is drawn larger than life, up to a limit; a deep one fits the width and
    // pans down (stepping follows the search), so that its text stays readable.
    let scale = whole ? Math.min(1.6, w / width, h / height) : Math.max(Math.min(1.6, w / width, h / height, 1), Math.min(w / width, 1), this.large ? 1 : 0.6);
    if (!whole && width * scale <= w && height * scale <= h) scale = Math.min(1.6, w / width, h / height);
    const root = this.tree ? this.tree.layout(this.metrics).pos.get(this.tree.rootId) : { x: width / 2 };
    // Centre the whole tree if it fits, else the root.
    const tx = width * scale <= w ? (w - width * scale) / 2 : Math.min(0, Math.max(w - width * scale, w / 2 - root.x * scale));
    this.view = { scale, tx, ty: height * scale <= h ? (h - height * scale) / 2 : 0 };
    this.#apply();
  }

  zoomBy(f, cx = (this.box.clientWidth || 600) / 2, cy = (this.box.clientHeight || 400) / 2) {
    const v = this.view;
    const scale = Math.max(0.15, Math.min(4, v.scale * f));
    const k = scale / v.scale;
    this.view = { scale, tx: cx - (cx - v.tx) * k, ty: cy - (cy - v.ty) * k };
    this.#apply();
  }

  panBy(dx, dy) {
    this.view = { ...this.view, tx: this.view.tx + dx, ty: this.view.ty + dy };
    this.#apply();
  }

  #bindPointer() {
    const pointers = new Map();
    let moved = 0;
    let pinch = null;
    const at = (ev) => {
      const b = this.svg.getBoundingClientRect();
      return { x: ev.clientX - b.left, y: ev.clientY - b.top };
    };
    this.svg.addEventListener('pointerdown', (ev) => {
      pointers.set(ev.pointerId, at(ev));
      moved = 0;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a.x - b.x, a.y - b.y);
      }
    });
    this.svg.addEventListener('pointermove', (ev) => {
      if (!pointers.has(ev.pointerId)) return;
      const last = pointers.get(ev.pointerId);
      const now = at(ev);
      pointers.set(ev.pointerId, now);
      if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        this.zoomBy(d / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch = d;
        moved += 10;
        return;
      }
      moved += Math.abs(now.x - last.x) + Math.abs(now.y - last.y);
      if (moved > 4) {
        if (!this.svg.hasPointerCapture(ev.pointerId)) this.svg.setPointerCapture(ev.pointerId);
        this.panBy(now.x - last.x, now.y - last.y);
      }
    });
    const up = (ev) => {
      pointers.delete(ev.pointerId);
      if (pointers.size < 2) pinch = null;
    };
    this.svg.addEventListener('pointerup', up);
    this.svg.addEventListener('pointercancel', up);
    this.svg.addEventListener('click', (ev) => {
      if (moved > 4) return;
      this.#activate(ev.target);
    });
    this.svg.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' && ev.key !== ' ') return;
      if (this.#activate(ev.target)) ev.preventDefault();
    });
    // A plain wheel scrolls the page; ctrl+wheel (and a touchpad's pinch) zooms the tree.
    this.svg.addEventListener('wheel', (ev) => {
      if (!ev.ctrlKey && !ev.metaKey) return;
      ev.preventDefault();
      const p = at(ev);
      this.zoomBy(Math.exp(-ev.deltaY / 300), p.x, p.y);
    }, { passive: false });
  }

  #activate(target) {
    const toggle = target.closest?.('.gh-tree-toggle');
    if (toggle) {
      this.toggle(Number(toggle.dataset.id));
      return true;
    }
    const node = target.closest?.('.gh-tree-node');
    if (node) {
      this.select(Number(node.dataset.id));
      return true;
    }
    const skipped = target.closest?.('.gh-tree-skipped');
    if (skipped) {
      this.select(skipped.dataset.key);
      return true;
    }
    return false;
  }

  // ---- export -------------------------------------------------------------------------------

  /** The tree as drawn, as a standalone SVG document (the whole tree, not the zoomed view). */
  svgText() {
    const { width, height } = this.layoutSize || { width: 100, height: 100 };
    const copy = this.svg.cloneNode(true);
    copy.setAttribute('xmlns', NS);
    copy.setAttribute('width', width);
    copy.setAttribute('height', height);
    copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
    copy.removeAttribute('style');
    copy.querySelector('.gh-tree-viewport').removeAttribute('transform');
    copy.insertBefore(svg('rect', { width, height, fill: '#ffffff' }), copy.querySelector('.gh-tree-viewport'));
    for (const e of copy.querySelectorAll('[tabindex]')) e.removeAttribute('tabindex');
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
  }
}

/**
 * The details of a node (or of a skipped card, by its key) into `box`: the hands at that
 * node as a small deal diagram and its facts.
 */
export function renderNodeDetails(box, tree, id) {
  if (id === null || id === undefined || !tree) {
    box.replaceChildren(el('p', { class: 'hint', text: 'Click a node to see the hands there and what the search did.' }));
    return;
  }
  if (typeof id === 'string') {
    const s = tree.skipped.find((k) => k.key === id);
    box.replaceChildren(el('p', { class: 'gh-tree-reason', text: s ? `${skipSentence(tree.node(s.parentId), s)}.` : '' }));
    return;
  }
  const f = tree.facts(id);
  const diagram = el('div', { class: 'gh-tree-diagram' });
  // The cards tried stand out in the hand to move; the others are dimmed.
  const tried = new Set(tree.node(id).childIds.map((c) => tree.node(c).card));
  new DealDiagram(diagram).render({ hands: f.hands, tomove: f.toMove, legal: tried, trick: f.trick, showHcp: false, label: `The hands at node ${id}` });
  box.replaceChildren(el('h3', { text: f.title }), diagram, el('ul', { class: 'tree-facts gh-tree-facts' }, f.lines.map((l) => el('li', { text: l }))));
}
