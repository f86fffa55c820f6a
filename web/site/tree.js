// The search-tree panel: an example ending (or the position on the board, at most 4 tricks
// left) traced by the solver, one null-window search or the whole MTD(f) run, drawn as a
// tree that a class can step through event by event, with the ablation switches, export
// to SVG and PNG, and a projector mode. The model is web/board/search-tree.js, the drawing
// web/ui/search-tree.js.

import { SEAT_NAME, handSize, nextSeat } from '../board/bridge.js';
import { SearchTree, probeSentence, runBounds, traceProbes } from '../board/search-tree.js';
import { SearchTreeView, TREE_COLOURS, renderNodeDetails } from '../ui/search-tree.js';
import { el } from '../ui/dom.js';
import { TRACE_EXAMPLES } from './trace-examples.js';
import { site, PRIORITY } from './state.js';

const MAX_TRICKS = 4;
// Beyond this many nodes the tree starts folded below the first trick: still drawable.
const FOLD_ABOVE = 600;
const PLAY_MS = 700;

const panel = {
  source: '0', // an example's index, or 'here'
  mode: 'target', // 'target' (one null-window search) or 'run'
  target: 1,
  tt: 'partition',
  quickTricks: true,
  moveOrdering: true,
  large: false,
  trace: null,
  probes: [],
  probeIndex: 0,
  tree: null,
  baseline: null, // the node count with every switch on
  timer: null,
  abort: null,
  request: null,
};

let ui;
let view;

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Builds the panel into #search-tree-body and draws the first example. */
export function buildSearchTree() {
  const body = document.getElementById('search-tree-body');
  if (!body) return;
  const option = (value, text) => el('option', { value, text });
  const radio = (name, value, text, checked) => [
    el('input', { type: 'radio', name, value, id: `${name}-${value}`, checked }),
    el('label', { for: `${name}-${value}`, text }),
  ];
  ui = {
    source: el('select', { id: 'tree-source' }, TRACE_EXAMPLES.map((e, i) => option(String(i), e.name)), option('here', 'This position on the board')),
    lesson: el('p', { id: 'tree-lesson', class: 'tree-lesson' }),
    target: el('select', { id: 'tree-target', 'aria-label': 'Target' }),
    ttOff: null,
    quick: el('input', { type: 'checkbox', id: 'tree-quick-off' }),
    ordering: el('input', { type: 'checkbox', id: 'tree-ordering-off' }),
    count: el('span', { id: 'tree-count', class: 'tree-count', role: 'status', 'aria-live': 'polite' }),
    status: el('p', { id: 'tree-status', class: 'hint', role: 'status', 'aria-live': 'polite' }),
    stop: el('button', { type: 'button', id: 'tree-stop', hidden: true, text: 'Stop', onclick: () => stopTrace() }),
    probes: el('ol', { id: 'tree-probes', class: 'tree-probes' }),
    back: el('button', { type: 'button', id: 'tree-back', text: '◀ Back', onclick: () => stepBy(-1) }),
    next: el('button', { type: 'button', id: 'tree-next', text: 'Next ▶', onclick: () => stepBy(1) }),
    play: el('button', { type: 'button', id: 'tree-play', class: 'primary', text: 'Play', onclick: () => togglePlay() }),
    all: el('button', { type: 'button', id: 'tree-all', text: 'Show all', onclick: () => showAll() }),
    event: el('p', { id: 'tree-event', class: 'tree-event', 'aria-live': 'polite' }),
    box: el('div', { id: 'tree-box', class: 'tree-box' }),
    details: el('div', { id: 'tree-details', class: 'tree-details' }),
    projector: el('button', { type: 'button', id: 'tree-projector', 'aria-pressed': 'false', text: 'Projector', onclick: () => setProjector(!panel.large) }),
  };
  const tt = el('span', { class: 'seg small-seg', role: 'radiogroup', 'aria-label': 'Transposition table' },
    radio('tree-tt', 'partition', 'partition', true), radio('tree-tt', 'exact', 'exact', false), radio('tree-tt', 'off', 'off', false));
  const mode = el('span', { class: 'seg small-seg', role: 'radiogroup', 'aria-label': 'Search' },
    radio('tree-mode', 'target', 'one target:', true), radio('tree-mode', 'run', 'the whole MTD(f) run', false));
  body.replaceChildren(
    el('div', { class: 'row' }, el('label', { for: 'tree-source', text: 'Ending' }), ui.source, ui.projector),
    ui.lesson,
    el('div', { class: 'row' }, el('span', { text: 'Search' }), mode, ui.target),
    el('div', { class: 'row tree-switches' },
      el('span', { text: 'Table' }), tt,
      el('label', { class: 'check' }, ui.quick, ' quick tricks off'),
      el('label', { class: 'check' }, ui.ordering, ' move ordering off'),
      ui.count, ui.stop),
    ui.status,
    ui.probes,
    el('div', { class: 'row tree-steps', role: 'toolbar', 'aria-label': 'Step through the search' },
      ui.back, ui.next, ui.play, ui.all,
      el('button', { type: 'button', id: 'tree-export-svg', text: 'Export SVG', onclick: () => exportSvg() }),
      el('button', { type: 'button', id: 'tree-export-png', text: 'Export PNG', onclick: () => exportPng() })),
    ui.event,
    el('div', { class: 'tree-main' }, ui.box, ui.details),
    legend());
  view = new SearchTreeView(ui.box, { onSelect: (id) => renderNodeDetails(ui.details, panel.tree, id) });
  renderNodeDetails(ui.details, null, null);

  ui.source.addEventListener('change', () => chooseSource(ui.source.value));
  // "This position" depends on the board: say how many tricks are left when the list opens.
  ui.source.addEventListener('focus', () => labelHere());
  ui.source.addEventListener('pointerdown', () => labelHere());
  for (const r of mode.querySelectorAll('input')) r.addEventListener('change', () => {
    panel.mode = r.value;
    ui.target.disabled = panel.mode === 'run';
    trace();
  });
  ui.target.addEventListener('change', () => {
    panel.target = Number(ui.target.value);
    trace();
  });
  for (const r of tt.querySelectorAll('input')) r.addEventListener('change', () => {
    panel.tt = r.value;
    trace();
  });
  ui.quick.addEventListener('change', () => {
    panel.quickTricks = !ui.quick.checked;
    trace();
  });
  ui.ordering.addEventListener('change', () => {
    panel.moveOrdering = !ui.ordering.checked;
    trace();
  });
  chooseSource('0');
}

function legend() {
  const swatch = (c, square) => el('span', { class: `tree-swatch${square ? ' square' : ''}`, style: `background:${c.fill};border-color:${c.stroke}` });
  return el('p', { class: 'hint tree-legend' },
    swatch(TREE_COLOURS.holds), ' holds: the side to move at the root gets its target there · ',
    swatch(TREE_COLOURS.fails), ' fails · ',
    swatch(TREE_COLOURS.open), ' still being searched · ',
    'circle: North–South to move, ', swatch(TREE_COLOURS.open, true), ' square: East–West · ',
    el('span', { class: 'tree-store-mark' }), ' stored in the table · dashed blue arrow: a table hit, to the node that stored the entry · ',
    'grey dashed leaf: a card not searched · thick edge: the card that decided its node. ',
    'Drag to pan; ctrl+wheel, pinch or +/− to zoom; click a node for its hands and facts, its − to fold it.');
}

// ---- the position and the request -----------------------------------------------------------

/** The board's position for a trace, or why it cannot be traced. */
function herePosition() {
  const pos = site.pos;
  if (!pos || !site.hands) return { why: 'There is no deal on the board yet.' };
  if (pos.over) return { why: 'The play on the board is over: go back a trick or two, or pick an example.' };
  const left = handSize(pos.trickStart);
  if (left > MAX_TRICKS) {
    return { why: `The board has ${plural(left, 'trick')} left; a tree is drawn for ${MAX_TRICKS} or fewer (a bigger one is no lesson). Play on to trick ${14 - MAX_TRICKS}, or pick an example.` };
  }
  return { position: site.positionRequest(), left, tomove: pos.tomove };
}

function labelHere() {
  const here = herePosition();
  const opt = ui.source.querySelector('option[value="here"]');
  opt.textContent = here.position ? `This position on the board (${plural(here.left, 'trick')} left)` : 'This position on the board (too many tricks)';
}

function chooseSource(value) {
  panel.source = value;
  ui.source.value = value;
  if (value === 'here') {
    labelHere();
    const here = herePosition();
    if (!here.position) {
      panel.request = null;
      ui.lesson.textContent = here.why;
      clearTree();
      return;
    }
    panel.request = { ...here.position, left: here.left, tomove: here.tomove };
    ui.lesson.textContent = `The position on the board: ${SEAT_NAME[here.tomove]} to play, ${plural(here.left, 'trick')} left.`;
    panel.target = Math.min(panel.target, here.left) || 1;
  } else {
    const ex = TRACE_EXAMPLES[Number(value)];
    const left = Math.max(...ex.deal.slice(2).split(' ').map((h) => h.replace(/\./g, '').length));
    const tomove = nextSeat(ex.leader, (ex.trick || []).length);
    panel.request = { deal: ex.deal, trump: ex.trump, leader: ex.leader, trick: ex.trick || [], left, tomove };
    ui.lesson.textContent = ex.text;
    panel.mode = ex.target === undefined ? 'run' : 'target';
    if (ex.target !== undefined) panel.target = ex.target;
  }
  fillTargets();
  trace();
}

function fillTargets() {
  const r = panel.request;
  ui.target.replaceChildren(...Array.from({ length: r.left }, (_, i) => el('option', { value: String(i + 1), text: `${SEAT_NAME[r.tomove]} takes ${plural(i + 1, 'trick')}?` })));
  panel.target = Math.min(Math.max(1, panel.target), r.left);
  ui.target.value = String(panel.target);
  for (const input of document.querySelectorAll('input[name="tree-mode"]')) input.checked = input.value === panel.mode;
  ui.target.disabled = panel.mode === 'run';
}

const optionsKey = (o) => `${o.tt}|${o.quickTricks}|${o.moveOrdering}`;

/** Traces the chosen search (and, when a switch is off, the same with every switch on). */
async function trace() {
  stopPlay();
  const r = panel.request;
  if (!r || !site.solver) {
    if (!site.solver) ui.status.textContent = 'The solver is not ready.';
    return;
  }
  panel.abort?.abort();
  const abort = new AbortController();
  panel.abort = abort;
  const position = { deal: r.deal, trump: r.trump, leader: r.leader, trick: r.trick };
  if (panel.mode === 'target') position.target = panel.target;
  const options = { tt: panel.tt, quickTricks: panel.quickTricks, moveOrdering: panel.moveOrdering };
  const job = { queue: true, priority: PRIORITY.single, signal: abort.signal };
  document.body.dataset.tree = 'tracing';
  ui.status.textContent = 'Tracing the search…';
  ui.stop.hidden = false;
  try {
    const traced = await site.solver.trace(position, { ...job, ...options });
    const plain = optionsKey(options) === optionsKey({ tt: 'partition', quickTricks: true, moveOrdering: true });
    const baseline = plain ? traced : await site.solver.trace(position, job);
    if (abort.signal.aborted) return;
    panel.trace = traced;
    panel.baseline = baseline.nodes;
    panel.probes = traceProbes(traced);
    ui.status.textContent = '';
    showCount(traced, plain);
    renderProbes();
    showProbe(panel.mode === 'run' ? panel.probes.findIndex((p) => p.nodes > 0) : 0);
    document.body.dataset.tree = 'done';
  } catch (e) {
    if (abort.signal.aborted || e.code === 'replaced') return;
    ui.status.textContent = e.code === 'too-large-to-trace' ? 'This position has too many tricks left to trace.' : `The search could not be traced: ${e.message}`;
    clearTree();
    document.body.dataset.tree = 'failed';
  } finally {
    if (panel.abort === abort) ui.stop.hidden = true;
  }
}

function stopTrace() {
  panel.abort?.abort();
  ui.stop.hidden = true;
  ui.status.textContent = 'Stopped.';
  document.body.dataset.tree = 'stopped';
}

function showCount(traced, plain) {
  const nodes = traced.nodes;
  ui.count.dataset.nodes = String(nodes);
  ui.count.dataset.baseline = String(panel.baseline);
  ui.count.textContent = plain
    ? `${nodes.toLocaleString('en')} nodes searched`
    : `${nodes.toLocaleString('en')} nodes searched (${panel.baseline.toLocaleString('en')} with every switch on)`;
}

function clearTree() {
  panel.trace = null;
  panel.tree = null;
  panel.probes = [];
  ui.probes.replaceChildren();
  ui.count.textContent = '';
  ui.event.textContent = '';
  ui.box.querySelector('.gh-tree-viewport')?.replaceChildren();
  renderNodeDetails(ui.details, null, null);
}

/** The run's searches as a list; each one's tree can be chosen. */
function renderProbes() {
  if (panel.probes.length === 1 && panel.probes[0].step === 'asked') {
    const p = panel.probes[0];
    ui.probes.replaceChildren(el('li', { class: 'tree-probe', 'data-index': '0', 'data-holds': String(p.holds) }, `${probeSentence(p, panel.request.tomove)} · ${plural(p.nodes, 'node')}`));
    return;
  }
  const bounds = runBounds(panel.probes, panel.request.left);
  const items = panel.probes.map((p, i) => el('li', { class: 'tree-probe', 'data-index': String(i), 'data-holds': String(p.holds) },
    el('button', { type: 'button', 'aria-pressed': 'false', onclick: () => showProbe(i) },
      `${i + 1}. ${probeSentence(p, panel.request.tomove)}`),
    el('span', { class: 'hint', text: ` ${plural(p.nodes, 'node')}; so far ${bounds[i].lower === bounds[i].upper ? `exactly ${bounds[i].lower}` : `${bounds[i].lower} to ${bounds[i].upper}`}` })));
  ui.probes.replaceChildren(...items);
  if (panel.trace.tricks !== undefined && panel.trace.tricks !== null) {
    ui.probes.append(el('li', { class: 'tree-probe-value', text: `The value: ${SEAT_NAME[panel.request.tomove]} takes ${plural(panel.trace.tricks, 'trick')}.` }));
  }
}

function showProbe(i) {
  panel.probeIndex = Math.max(0, i);
  const probe = panel.probes[panel.probeIndex];
  for (const b of ui.probes.querySelectorAll('li[data-index] button')) b.setAttribute('aria-pressed', String(b.parentElement.dataset.index === String(panel.probeIndex)));
  panel.tree = new SearchTree(probe);
  if (panel.tree.size > FOLD_ABOVE) {
    for (const n of panel.tree.nodes.values()) if (n.depth === 4 && n.childIds.length) panel.tree.collapsed.add(n.id);
  }
  view.setLarge(panel.large);
  view.show(panel.tree);
  renderNodeDetails(ui.details, panel.tree, null);
  showEvent();
}

// ---- stepping -----------------------------------------------------------------------------

function showEvent() {
  const tree = panel.tree;
  if (!tree) return;
  const step = view.step;
  const total = tree.events.length;
  const e = step > 0 ? tree.events[step - 1] : null;
  ui.event.dataset.step = String(step);
  ui.event.textContent = step === total
    ? `All ${total} events shown: ${plural(tree.size, 'position')} drawn (the solver counts a node per card tried and per last trick). Back and Next step through them; Play animates.`
    : `Event ${step} of ${total}${e ? `: ${e.text}` : ': the search has not started.'}`;
  ui.back.disabled = step === 0;
  ui.next.title = step === total ? 'Start again from the root' : '';
}

function stepBy(k) {
  if (!panel.tree) return;
  stopPlay();
  // Next from the full tree starts it again from the root.
  if (k > 0 && view.step === panel.tree.events.length) view.setStep(0);
  view.setStep(view.step + k);
  showEvent();
}

function showAll() {
  stopPlay();
  if (!panel.tree) return;
  view.setStep(panel.tree.events.length);
  showEvent();
}

function togglePlay() {
  if (panel.timer) return stopPlay();
  if (!panel.tree) return;
  if (view.step === panel.tree.events.length) view.setStep(0);
  ui.play.textContent = 'Pause';
  panel.timer = setInterval(() => {
    if (!panel.tree || view.step >= panel.tree.events.length) return stopPlay();
    view.setStep(view.step + 1);
    showEvent();
  }, PLAY_MS);
}

function stopPlay() {
  clearInterval(panel.timer);
  panel.timer = null;
  if (ui) ui.play.textContent = 'Play';
}

function setProjector(on) {
  panel.large = on;
  ui.projector.setAttribute('aria-pressed', String(on));
  document.getElementById('search-tree').classList.toggle('projector', on);
  view.setLarge(on);
}

// ---- export -------------------------------------------------------------------------------

function download(blob, name) {
  const a = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function exportName(ext) {
  const probe = panel.probes[panel.probeIndex];
  return `search-tree-${probe ? `${probe.step}-${probe.target}` : 'empty'}.${ext}`;
}

function exportSvg() {
  if (!panel.tree) return;
  download(new Blob([view.svgText()], { type: 'image/svg+xml' }), exportName('svg'));
}

/** The SVG drawn on a canvas at twice its size. */
async function exportPng() {
  if (!panel.tree) return;
  const text = view.svgText();
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    await new Promise((ok, fail) => {
      img.onload = ok;
      img.onerror = () => fail(new Error('the SVG could not be drawn'));
      img.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(img.width * scale);
    canvas.height = Math.ceil(img.height * scale);
    const ctx = canvas.getContext('2d');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0);
    const blob = await new Promise((ok) => canvas.toBlob(ok, 'image/png'));
    if (!blob) throw new Error('the tree is too large for a PNG; export the SVG');
    download(blob, exportName('png'));
  } catch (e) {
    ui.status.textContent = `PNG export failed: ${e.message}`;
  } finally {
    URL.revokeObjectURL(url);
  }
}
