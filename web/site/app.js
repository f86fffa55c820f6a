// The teaching site: enter a deal, step through the play with every card's double-dummy
// result, and look inside the solver (active and inert cards, per-trick statistics, the
// classroom comparison). Vanilla ES modules. This module wires the page: the controls and
// keys change the state (state.js), the views (views.js, inside.js) draw it; the solver
// runs in a worker behind web/glasshand.js.

import { SEATS, STRAINS, SEAT_NAME, STRAIN_NAME, STRAIN_SYMBOL, SUIT_SYMBOL, cardText, checkedDeal, handSize, parseCard, parsePbnDeal, randomDeal } from '../board/bridge.js';
import { DealDiagram, adoptDiagramStyles } from '../ui/diagram.js';
import { DealEntry } from './entry.js';
import { EXAMPLES, DEFAULT_EXAMPLE } from './examples.js';
import { encodeState, decodeState, embedSnippets } from './share.js';
import { toPbn } from './formats.js';
import { LAYOUT } from './layout.js';
import { Glasshand } from '../glasshand.js';
import {
  site, onChange, loadGame as loadState, setContract as setState, prevTrick, nextTrick, forgetStaleSingle,
} from './state.js';
import { buildSingle, renderSingle, renderSingleRun } from './single.js';
import { buildFusion } from './fusion.js';
import { buildSuitPanel } from './suit.js';
import { renderBoard, renderTable, renderRecord, updateBadges } from './views.js';
import { renderInside, inspectFailed, runAblation, stopAblation } from './inside.js';
import { buildSearchTree } from './tree.js';

const $ = (sel) => document.querySelector(sel);

let diagram;
let entry;
let currentHash = '';

export function start(root = document.getElementById('glasshand-app')) {
  root.innerHTML = LAYOUT;
  adoptDiagramStyles(document);
  diagram = new DealDiagram($('#diagram'), { onCardClick: (card) => userPlay(card) });
  entry = new DealEntry($('#entry-body'), { onDeal: (game) => loadGame(game, { keepEntryOpen: true }) });
  buildControls();
  buildSingle(() => renderSingle());
  buildFusion();
  buildSuitPanel();
  bindKeys();
  onChange(stateChanged);
  site.solver = new Glasshand({ onStateChange: ({ state, message }) => showSolverState(state, message) });
  showSolverState(site.solver.state);
  buildSearchTree();

  let restored = location.hash.length > 1 ? restoreFromHash(location.hash) : false;
  if (restored !== true) loadExample(DEFAULT_EXAMPLE);
  if (typeof restored === 'string') setStatus(restored, true);
  window.addEventListener('hashchange', () => {
    if (location.hash === currentHash) return;
    let restored = restoreFromHash(location.hash);
    if (typeof restored === 'string') setStatus(restored, true);
  });
  if (!globalThis.crossOriginIsolated) {
    $('#thread-note').textContent = 'This page is not cross-origin isolated, so the solver runs on one thread.';
  }
}

/** Loads the deal of a link: true, false (no deal in it), or why it could not be read. */
function restoreFromHash(hash) {
  try {
    let s = decodeState(hash);
    if (!s) return false;
    loadGame(s);
    return true;
  } catch (e) {
    return `The link could not be read: ${e.message}`;
  }
}

// ---- the state changes ---------------------------------------------------------------------

function stateChanged(what, detail) {
  if (what === 'badges') updateBadges(diagram);
  else if (what === 'board') {
    renderBoard(diagram);
    renderRecord(jump);
  } else if (what === 'table') renderTable(pickContract);
  else if (what === 'record') renderRecord(jump);
  else if (what === 'inside') {
    renderBoard(diagram);
    renderInside();
  } else if (what === 'inside-failed') inspectFailed(detail);
  else if (what === 'status') setStatus(detail, true);
  else if (what === 'single') renderSingle();
  else if (what === 'single-progress') renderSingleSoon();
}

let singleFrame = null;
/** Redraws the single-dummy run at most once a frame (estimates stream per card). */
function renderSingleSoon() {
  if (singleFrame) return;
  singleFrame = requestAnimationFrame(() => {
    singleFrame = null;
    renderSingleRun();
  });
}

/** Draws everything and asks the solver for what the new state needs. */
function update() {
  site.replay();
  syncControls();
  renderBoard(diagram);
  renderTable(pickContract);
  renderRecord(jump);
  renderInside();
  forgetStaleSingle();
  renderSingle();
  updateHash();
  stopAblation(site.trickStartKey());
  site.requestWork();
}

function updateHash() {
  currentHash = encodeState({
    hands: site.hands, trump: site.trump, leader: site.leader, contract: site.contract, declarer: site.declarer,
    dealer: site.dealer, vulnerable: site.vulnerable, board: site.boardNumber, play: site.history.cards, cursor: site.history.cursor,
    perspective: site.perspective, showInert: site.showInert,
  });
  if (location.hash !== currentHash) history.replaceState(null, '', currentHash);
}

// ---- loading deals ---------------------------------------------------------------------

function loadExample(id) {
  let ex = EXAMPLES.find((e) => e.id === id) || EXAMPLES[0];
  loadGame({
    hands: checkedDeal(parsePbnDeal(ex.deal)),
    trump: ex.trump,
    leader: ex.leader,
    declarer: ex.declarer,
    contract: ex.contract,
    dealer: ex.dealer,
    vulnerable: ex.vulnerable,
    perspective: ex.perspective,
    example: ex,
  });
}

function loadGame(game, { keepEntryOpen = false } = {}) {
  stopAutoplay();
  // What the status said was about the deal shown before; a solver that failed stays said.
  if (site.solver?.state !== 'failed') setStatus('');
  let problem = loadState(game);
  entry.show(site.hands);
  if (!keepEntryOpen) showEntry(false);
  $('#example-text').textContent = site.example ? site.example.text : '';
  $('#example-select').value = site.example ? site.example.id : '';
  update();
  if (problem) setStatus(`The play record stops early: ${problem}`, true);
}

function setContract(change) {
  stopAutoplay();
  setState(change);
  update();
}

/** A number of the DD table: play that contract (at its level, on a full deal). */
function pickContract(declarer, strain, tricks) {
  let level = tricks - 6;
  if (handSize(site.hands) === 13 && level >= 1) setContract({ trump: strain, declarer, level: String(level) });
  else setContract({ trump: strain, declarer });
}

// ---- controls ----------------------------------------------------------------------------

function option(value, text) {
  let o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

function buildControls() {
  let ex = $('#example-select');
  ex.append(option('', 'Example deals…'));
  for (let e of EXAMPLES) ex.append(option(e.id, e.title));
  ex.addEventListener('change', () => ex.value && loadExample(ex.value));
  $('#random-deal').addEventListener('click', () => {
    // A fresh board: South declares notrump, and the rest are the board's defaults.
    loadGame({ hands: randomDeal(), declarer: 'S', trump: 'NT' });
  });
  $('#toggle-entry').addEventListener('click', () => showEntry($('#entry').hidden));
  $('#share-link').addEventListener('click', shareLink);
  $('#export-pbn').addEventListener('click', exportPbn);
  $('#share-embed').addEventListener('click', showEmbed);
  $('#embed-close').addEventListener('click', () => ($('#embed-export').hidden = true));
  $('#pbn-close').addEventListener('click', () => ($('#pbn-export').hidden = true));

  let strains = $('#strain-buttons');
  strains.setAttribute('role', 'radiogroup');
  strains.setAttribute('aria-label', 'Trumps');
  for (let s of STRAINS) {
    let id = `strain-${s}`;
    let input = document.createElement('input');
    Object.assign(input, { type: 'radio', name: 'strain', id, value: s });
    input.addEventListener('change', () => input.checked && setContract({ trump: s }));
    let label = document.createElement('label');
    label.htmlFor = id;
    label.className = `strain-${s}`;
    label.title = STRAIN_NAME[s][0].toUpperCase() + STRAIN_NAME[s].slice(1);
    label.textContent = STRAIN_SYMBOL[s];
    strains.append(input, label);
  }
  for (let id of ['#declarer-select', '#leader-select', '#dealer-select']) {
    for (let s of SEATS) $(id).append(option(s, SEAT_NAME[s]));
  }
  $('#level-select').append(option('', '—'));
  for (let l = 1; l <= 7; l++) $('#level-select').append(option(String(l), String(l)));
  $('#declarer-select').addEventListener('change', (e) => setContract({ declarer: e.target.value }));
  $('#leader-select').addEventListener('change', (e) => setContract({ leader: e.target.value }));
  $('#level-select').addEventListener('change', (e) => setContract({ level: e.target.value }));
  for (let [id, key] of [['#perspective-select', 'perspective'], ['#display-select', 'display'], ['#dealer-select', 'dealer'], ['#vul-select', 'vulnerable']]) {
    $(id).addEventListener('change', (e) => {
      site[key] = e.target.value;
      update();
    });
  }

  $('#btn-start').addEventListener('click', () => nav(() => site.history.jump(0)));
  $('#btn-end').addEventListener('click', () => nav(() => site.history.jump(site.history.cards.length)));
  $('#btn-undo').addEventListener('click', () => nav(() => site.history.undo()));
  $('#btn-redo').addEventListener('click', () => nav(() => site.history.redo()));
  $('#btn-prev-trick').addEventListener('click', () => nav(prevTrick));
  $('#btn-next-trick').addEventListener('click', () => nav(nextTrick));
  $('#btn-best').addEventListener('click', () => playBest());
  $('#btn-rest').addEventListener('click', () => (site.autoplay ? stopAutoplay() : playRest()));
  $('#show-inert').addEventListener('change', (e) => {
    site.showInert = e.target.checked;
    renderBoard(diagram);
    renderInside();
    updateHash();
  });
  for (let r of document.querySelectorAll('input[name="chart-scale"]')) r.addEventListener('change', () => renderInside());
  $('#run-ablation').addEventListener('click', () => runAblation());
  $('#ablation-slow').addEventListener('click', () => runAblation({ force: true }));
  $('#stop-ablation').addEventListener('click', () => stopAblation());
}

function syncControls() {
  for (let s of STRAINS) $(`#strain-${s}`).checked = site.trump === s;
  $('#declarer-select').value = site.declarer;
  $('#leader-select').value = site.leader;
  $('#level-select').value = site.contract ? String(site.contract.level) : '';
  $('#perspective-select').value = site.perspective;
  $('#display-select').value = site.display;
  $('#dealer-select').value = site.dealer;
  $('#vul-select').value = site.vulnerable;
  $('#show-inert').checked = site.showInert;
  $('#display-select option[value="contract"]').disabled = !site.contract;
  // An ending has a side on lead, not a declarer and a contract.
  let ending = site.hands && handSize(site.hands) < 13;
  $('#field-declarer').hidden = ending;
  $('#field-level').hidden = ending;
}

function showEntry(show) {
  $('#entry').hidden = !show;
  $('#toggle-entry').setAttribute('aria-expanded', String(show));
  $('#toggle-entry').textContent = show ? 'Hide deal entry' : 'Enter a deal…';
}

// ---- playing ----------------------------------------------------------------------------

function nav(f) {
  stopAutoplay();
  f();
  update();
}

const jump = (cursor) => nav(() => site.history.jump(cursor));

function userPlay(card) {
  stopAutoplay();
  playCard(card);
}

function playCard(card) {
  if (!site.play(card)) return false;
  update();
  return true;
}

async function playBest() {
  stopAutoplay();
  let c = await site.bestCard();
  if (c) playCard(c);
}

async function playRest() {
  let token = {};
  site.autoplay = token;
  $('#btn-rest').textContent = 'Stop';
  try {
    while (site.autoplay === token && site.pos && !site.pos.over) {
      let c = await site.bestCard();
      if (site.autoplay !== token || !c) break;
      playCard(c);
      await new Promise((r) => setTimeout(r, 350));
    }
  } finally {
    if (site.autoplay === token) stopAutoplay();
  }
}

function stopAutoplay() {
  site.autoplay = null;
  let b = document.getElementById('btn-rest');
  if (b) b.textContent = 'Play the rest double-dummy';
}

// ---- keyboard ----------------------------------------------------------------------------

function bindKeys() {
  let pendingSuit = null;
  let timer = null;
  document.addEventListener('keydown', (ev) => {
    let t = ev.target;
    if (ev.defaultPrevented || ev.altKey || ev.metaKey) return;
    if (t.closest && t.closest('input, textarea, select, [contenteditable], .entry, [role="tablist"]')) return;
    let k = ev.key;
    if (ev.ctrlKey) {
      if (k === 'z') nav(() => site.history.undo());
      else if (k === 'y') nav(() => site.history.redo());
      else return;
      ev.preventDefault();
      return;
    }
    let handled = true;
    if (k === 'ArrowLeft') nav(() => site.history.undo());
    else if (k === 'ArrowRight') nav(() => site.history.redo());
    else if (k === 'PageUp') nav(prevTrick);
    else if (k === 'PageDown') nav(nextTrick);
    else if (k === 'Home') nav(() => site.history.jump(0));
    else if (k === 'End') nav(() => site.history.jump(site.history.cards.length));
    else if ((k === 'b' || k === 'B') && !pendingSuit) playBest();
    else if ('shdcSHDC♠♥♦♣'.includes(k) && k.length === 1) {
      pendingSuit = k.toUpperCase();
      clearTimeout(timer);
      timer = setTimeout(() => (pendingSuit = null), 2000);
      setStatus(`${SUIT_SYMBOL[parseCard(pendingSuit + 'A')[0]]} … type the rank`);
    } else if (pendingSuit && /^[akqjt2-9x1]$/i.test(k)) {
      let rank = k === '1' ? 'T' : k.toUpperCase();
      let card = parseCard(pendingSuit + rank);
      pendingSuit = null;
      clearTimeout(timer);
      if (card && !playCard(card)) setStatus(`${cardText(card)} cannot be played now`);
      else setStatus('');
    } else handled = false;
    if (handled) ev.preventDefault();
  });
}

// ---- share and export -------------------------------------------------------------------------

async function shareLink() {
  let url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    setStatus('Link copied: it opens this deal at this point of the play.');
  } catch {
    setStatus(`Link: ${url}`);
  }
}

/** The deal's two embed snippets: the widget from the CDN, and this site's frame page. */
function showEmbed() {
  let version = site.solver?.version;
  let { script, iframe } = embedSnippets(site, {
    widgetUrl: `https://cdn.jsdelivr.net/npm/glasshand${version ? `@${version}` : ''}/widget.js`,
    frameUrl: new URL('web/frame.html', document.baseURI).href,
  });
  $('#embed-script').value = script;
  $('#embed-iframe').value = iframe;
  $('#embed-export').hidden = false;
  $('#embed-script').focus();
  $('#embed-script').select();
}

function exportPbn() {
  let t = site.table();
  let score = t?.par?.dealerParScoreNs;
  let parInfo = score === undefined ? undefined : { score: score >= 0 ? `NS ${score}` : `EW ${-score}`, contract: t.par.dealerParContracts };
  let text = toPbn({
    hands: site.hands,
    board: site.boardNumber || '1',
    dealer: site.dealer,
    vulnerable: site.vulnerable,
    contract: site.contract,
    declarer: site.declarer,
    leader: site.leader,
    trump: site.trump,
    play: site.history.played,
    table: t && t.done ? t.tricks : undefined,
    par: parInfo,
  });
  $('#pbn-text').value = text;
  let a = $('#pbn-download');
  if (a.href.startsWith('blob:')) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  $('#pbn-export').hidden = false;
  if (!(t && t.done)) setStatus('The table is not ready yet: the export has no OptimumResultTable. Try again in a moment.');
  $('#pbn-text').focus();
}

// ---- status -------------------------------------------------------------------------------------

let statusTimer = null;
function setStatus(text, important = false) {
  let el = $('#status');
  el.textContent = text;
  el.classList.toggle('important', important);
  clearTimeout(statusTimer);
  if (text && !important) statusTimer = setTimeout(() => (el.textContent = ''), 6000);
}

const SOLVER_TEXT = { loading: 'Loading the solver…', idle: 'Solver ready', computing: 'Solving…', failed: 'Solver unavailable' };
function showSolverState(state, message) {
  // A restart (the worker cut short by a stop that could not wait) is solving, not loading.
  if (state === 'loading' && site.solver?.mode) state = 'computing';
  document.body.dataset.engine = state;
  let box = $('#engine-state');
  box.dataset.state = state;
  let text = SOLVER_TEXT[state] || state;
  if (state === 'idle') {
    let n = site.solver?.threads ?? 1;
    text += n > 1 ? ` · ${n} threads` : ' · 1 thread';
  }
  box.querySelector('.text').textContent = text;
  if (state === 'failed') {
    setStatus(`The solver could not start: ${message}`, true);
    renderBoard(diagram);
  }
}
