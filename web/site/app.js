// The teaching site: enter a deal, step through the play with every card's double-dummy
// result, and look inside the solver (active and inert cards, per-trick statistics, the
// classroom comparison). Vanilla ES modules; the solver runs in a worker behind
// web/glasshand.js.

import {
  SEATS, STRAINS, SEAT_NAME, STRAIN_SYMBOL, SUIT_SYMBOL, SUITS, EntryError, cardText, checkedDeal, contractScore,
  contractText, dealToPbn, handSize, isVulnerable, nextSeat, parsePbnDeal, randomDeal, rankText, sideOf, suitOf,
  parseCard, listText, SIDE_NAME, signed,
} from './bridge.js';
import { PlayHistory, replay, legalCards, seatOfCard } from './play.js';
import { DealDiagram, adoptDiagramStyles } from './diagram.js';
import { DealEntry } from './entry.js';
import { EXAMPLES, DEFAULT_EXAMPLE } from './examples.js';
import { encodeState, decodeState } from './share.js';
import { toPbn } from './formats.js';
import { renderStatsChart, statsTable, formatCount } from './chart.js';
import { Engine } from './engine.js';
import { LAYOUT } from './layout.js';
import { loadSolver } from './solver.js';

const $ = (sel) => document.querySelector(sel);
const OTHER = { NS: 'EW', EW: 'NS' };

// ---- state ---------------------------------------------------------------------------

const st = {
  hands: null,
  trump: 'NT',
  leader: 'W',
  declarer: 'S',
  contract: undefined,
  dealer: 'N',
  vulnerable: 'None',
  perspective: 'NS',
  display: 'delta',
  board: undefined,
  names: undefined,
  example: undefined,
  history: new PlayHistory(),
};
let pos = null; // replay() of the current cards
const cache = {
  analyse: new Map(), // positionKey -> {tomove, tricks: {card: n}, best, done}
  inspect: new Map(), // positionKey -> inspect result
  table: new Map(), // deal pbn -> {tricks: {N: {...}}, entries, done, par?}
  cost: new Map(), // "c1,c2,…,ci" -> tricks card i cost its side (0 = none)
};
let autoplay = null;
let diagram;
let entry;
let engine;

const dealKey = () => `${dealToPbn(st.hands)}|${st.trump}|${st.leader}`;
const positionKey = (p = pos) => `${dealToPbn(p.trickStart)}|${st.trump}|${p.current.leader}|${p.current.cards.join(',')}`;
const trickStartKey = (p = pos) => `${dealToPbn(p.trickStart)}|${st.trump}|${p.current.leader}|`;
const positionRequest = (p = pos) => ({
  deal: dealToPbn(p.trickStart),
  trump: st.trump,
  leader: p.current.leader,
  trick: [...p.current.cards],
});

// ---- start ---------------------------------------------------------------------------

export async function start(root = document.getElementById('glasshand-app'), { loadApi = loadSolver } = {}) {
  root.innerHTML = LAYOUT;
  adoptDiagramStyles(document);
  diagram = new DealDiagram($('#diagram'), { onCardClick: (card) => userPlay(card) });
  entry = new DealEntry($('#entry-body'), { onDeal: (game) => loadGame(game, { keepEntryOpen: true }) });
  buildControls();
  bindKeys();
  engine = new Engine({ onState: showEngineState });
  window.glasshandSite = {
    st, cache, engine,
    get pos() { return pos; },
    get deal() { return st.hands && dealToPbn(st.hands); },
    positionRequest: () => positionRequest(),
    trickStartRequest: () => ({ ...positionRequest(), trick: [] }),
  };

  let restored = false;
  if (location.hash.length > 1) restored = restoreFromHash(location.hash);
  if (!restored) loadExample(DEFAULT_EXAMPLE);
  window.addEventListener('hashchange', () => {
    if (location.hash !== currentHash) restoreFromHash(location.hash);
  });
  let threadNote = $('#thread-note');
  if (!globalThis.crossOriginIsolated) {
    threadNote.textContent = 'This page is not cross-origin isolated, so the solver runs on one thread.';
  }
  engine.start(loadApi);
}

function restoreFromHash(hash) {
  try {
    let s = decodeState(hash);
    if (!s) return false;
    loadGame({ ...s, fromHash: true });
    return true;
  } catch (e) {
    setStatus(`The link could not be read: ${e.message}`, true);
    return false;
  }
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

/**
 * Loads a deal and its settings. game: {hands, trump?, leader?, declarer?, contract?, dealer?,
 * vulnerable?, perspective?, play?, cursor?, board?, names?, example?}.
 */
function loadGame(game, { keepEntryOpen = false } = {}) {
  stopAutoplay();
  st.hands = game.hands;
  st.example = game.example;
  st.board = game.board;
  st.names = game.names;
  st.dealer = game.dealer || st.dealer || 'N';
  st.vulnerable = game.vulnerable || 'None';
  st.contract = game.contract || undefined;
  if (st.contract) st.trump = st.contract.strain;
  else if (game.trump) st.trump = game.trump;
  if (game.declarer) st.declarer = game.declarer;
  if (game.leader) st.leader = game.leader;
  else if (game.declarer) st.leader = nextSeat(game.declarer);
  else if (!game.fromHash) st.leader = st.leader || 'W';
  if (!game.declarer) st.declarer = nextSeat(st.leader, 3);
  st.perspective = game.perspective || sideOf(st.declarer);
  let play = game.play || [];
  let cursor = game.cursor ?? play.length;
  // Keep the legal part of an imported play record.
  let problem = null;
  try {
    replay(st.hands, st.trump, st.leader, play);
  } catch (e) {
    problem = e.message;
    play = play.slice(0, e.index ?? 0);
    cursor = Math.min(cursor, play.length);
  }
  st.history = new PlayHistory(play, cursor);
  entry.show(st.hands);
  if (!keepEntryOpen) showEntry(false);
  $('#example-text').textContent = st.example ? st.example.text : '';
  $('#example-select').value = st.example ? st.example.id : '';
  syncControls();
  update();
  if (problem) setStatus(`The play record stops early: ${problem}`, true);
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
    loadGame({ hands: randomDeal(), declarer: 'S', dealer: 'N', vulnerable: 'None', trump: 'NT' });
  });
  $('#toggle-entry').addEventListener('click', () => showEntry($('#entry').hidden));
  $('#share-link').addEventListener('click', shareLink);
  $('#export-pbn').addEventListener('click', exportPbn);
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
    label.title = s === 'NT' ? 'Notrump' : { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' }[s];
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
      st[key] = e.target.value;
      update();
    });
  }

  $('#btn-start').addEventListener('click', () => nav(() => st.history.jump(0)));
  $('#btn-end').addEventListener('click', () => nav(() => st.history.jump(st.history.cards.length)));
  $('#btn-undo').addEventListener('click', () => nav(() => st.history.undo()));
  $('#btn-redo').addEventListener('click', () => nav(() => st.history.redo()));
  $('#btn-prev-trick').addEventListener('click', () => nav(prevTrick));
  $('#btn-next-trick').addEventListener('click', () => nav(nextTrick));
  $('#btn-best').addEventListener('click', () => playBest());
  $('#btn-rest').addEventListener('click', () => (autoplay ? stopAutoplay() : playRest()));
  $('#show-inert').addEventListener('change', () => renderBoard());
  for (let r of document.querySelectorAll('input[name="chart-scale"]')) r.addEventListener('change', () => renderInside());
  $('#run-ablation').addEventListener('click', runAblation);
  $('#ablation-slow').addEventListener('click', (ev) => runAblation(ev, { force: true }));
  $('#stop-ablation').addEventListener('click', () => engine.cancel((k) => k.startsWith('ablation|')));
}

function syncControls() {
  for (let s of STRAINS) $(`#strain-${s}`).checked = st.trump === s;
  $('#declarer-select').value = st.declarer;
  $('#leader-select').value = st.leader;
  $('#level-select').value = st.contract ? String(st.contract.level) : '';
  $('#perspective-select').value = st.perspective;
  $('#display-select').value = st.display;
  $('#dealer-select').value = st.dealer;
  $('#vul-select').value = st.vulnerable;
  $('#display-select option[value="contract"]').disabled = !st.contract;
  // An ending has a side on lead, not a declarer and a contract.
  let ending = st.hands && handSize(st.hands) < 13;
  $('#field-declarer').hidden = ending;
  $('#field-level').hidden = ending;
}

/** Changes trumps, declarer, leader or level; the play starts again. */
function setContract({ trump, declarer, leader, level }) {
  stopAutoplay();
  if (trump) st.trump = trump;
  if (declarer) {
    st.declarer = declarer;
    st.leader = nextSeat(declarer);
    st.perspective = sideOf(declarer);
  }
  if (leader) {
    st.leader = leader;
    st.declarer = nextSeat(leader, 3);
    st.perspective = sideOf(st.declarer);
  }
  if (level !== undefined) st.contract = level ? { level: Number(level), strain: st.trump, doubled: 0 } : undefined;
  if (st.contract) st.contract = { ...st.contract, strain: st.trump };
  if (!st.contract && st.display === 'contract') st.display = 'delta';
  if (st.contract && level) st.display = st.display === 'delta' ? 'delta' : st.display;
  st.history = new PlayHistory();
  st.example = st.example && st.example.trump === st.trump ? st.example : undefined;
  syncControls();
  update();
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

function prevTrick() {
  let c = st.history.cursor;
  let start = Math.floor(c / 4) * 4;
  st.history.jump(c > start ? start : Math.max(0, start - 4));
}

function nextTrick() {
  let c = st.history.cursor;
  st.history.jump(Math.min(st.history.cards.length, Math.floor(c / 4) * 4 + 4));
}

function userPlay(card) {
  stopAutoplay();
  playCard(card);
}

function playCard(card) {
  if (!pos || pos.over) return false;
  if (!legalCards(pos.hands[pos.tomove], pos.current.cards).includes(card)) return false;
  noteCost(card);
  st.history.play(card);
  update();
  return true;
}

/** Records what a card cost, from the analysis of the position it was played from. */
function noteCost(card) {
  let a = cache.analyse.get(positionKey());
  if (a && a.tricks[card] !== undefined && Object.keys(a.tricks).length === a.count) {
    cache.cost.set([...st.history.played, card].join(','), a.best - a.tricks[card]);
  }
}

/** The best card of the current position (the lowest of the best), once analysed. */
async function bestCard() {
  let key = positionKey();
  let a = await analyse();
  if (!a || key !== positionKey()) return null;
  let best = Object.entries(a.tricks).filter(([, t]) => t === a.best).map(([c]) => c);
  best.sort((x, y) => rankIndexValue(x) - rankIndexValue(y));
  return best[0];
}
const rankIndexValue = (c) => '23456789TJQKA'.indexOf(c[1]) * 4 + SUITS.indexOf(c[0]);

async function playBest() {
  stopAutoplay();
  let c = await bestCard();
  if (c) playCard(c);
}

async function playRest() {
  let token = {};
  autoplay = token;
  $('#btn-rest').textContent = 'Stop';
  try {
    while (autoplay === token && pos && !pos.over) {
      let c = await bestCard();
      if (autoplay !== token || !c) break;
      playCard(c);
      await new Promise((r) => setTimeout(r, 350));
    }
  } finally {
    if (autoplay === token) stopAutoplay();
  }
}

function stopAutoplay() {
  autoplay = null;
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
      if (k === 'z') nav(() => st.history.undo());
      else if (k === 'y') nav(() => st.history.redo());
      else return;
      ev.preventDefault();
      return;
    }
    let handled = true;
    if (k === 'ArrowLeft') nav(() => st.history.undo());
    else if (k === 'ArrowRight') nav(() => st.history.redo());
    else if (k === 'PageUp') nav(prevTrick);
    else if (k === 'PageDown') nav(nextTrick);
    else if (k === 'Home') nav(() => st.history.jump(0));
    else if (k === 'End') nav(() => st.history.jump(st.history.cards.length));
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

// ---- the solver's work -----------------------------------------------------------------------

function analyse() {
  if (!pos || pos.over) return Promise.resolve(null);
  let key = positionKey();
  let done = cache.analyse.get(key);
  if (done && (done.done || done.failed)) return Promise.resolve(done.done ? done : null);
  let req = positionRequest();
  let entryObj = done || { tricks: {}, best: undefined, done: false, count: legalCards(pos.hands[pos.tomove], pos.current.cards).length };
  cache.analyse.set(key, entryObj);
  return engine
    .submit({
      key: 'analyse|' + key,
      priority: 1,
      stale: () => !autoplay && pos && positionKey() !== key,
      run: async (api) => {
        let r = await api.analyse(req, {
          onCard: (card, tricks) => {
            entryObj.tricks[card] = tricks;
            if (key === positionKey()) scheduleBadges();
          },
        });
        entryObj.tricks = { ...r.tricks };
        entryObj.best = r.best ?? Math.max(...Object.values(r.tricks));
        entryObj.tomove = r.tomove;
        entryObj.done = true;
        return entryObj;
      },
    })
    .then((r) => {
      if (key === positionKey()) {
        renderBoard();
        renderRecord();
      } else renderRecord();
      return r;
    })
    .catch((e) => {
      if (e.code !== 'cancelled' && !entryObj.done) {
        // Keep the failure, so that the page does not ask again and again.
        entryObj.failed = e.message;
        setStatus(`The solver could not analyse this position: ${e.message}`, true);
        if (key === positionKey()) renderBoard();
      } else if (!entryObj.done) cache.analyse.delete(key);
      return null;
    });
}

let badgeTimer = null;
function scheduleBadges() {
  if (badgeTimer) return;
  badgeTimer = requestAnimationFrame(() => {
    badgeTimer = null;
    diagram.setResults(cardResults());
    document.body.dataset.analysis = analysisState();
  });
}

function requestTable() {
  let pbn = dealToPbn(st.hands);
  let n = handSize(st.hands);
  let parKey = `${st.dealer}|${st.vulnerable}`;
  let t = cache.table.get(pbn);
  if (t && t.done && (n !== 13 || t.parKey === parKey)) return;
  if (!t) {
    t = { tricks: { N: {}, E: {}, S: {}, W: {} }, done: false };
    cache.table.set(pbn, t);
  }
  let onEntry = (declarer, strain, tricks) => {
    t.tricks[declarer][strain] = tricks;
    if (pbn === dealToPbn(st.hands)) renderTable();
  };
  engine
    .submit({
      key: `table|${pbn}|${parKey}`,
      priority: 2,
      stale: () => pbn !== dealToPbn(st.hands),
      run: async (api) => {
        if (n === 13) {
          let r = await api.par(pbn, { dealer: st.dealer, vulnerable: st.vulnerable, onEntry });
          return { tricks: r.tricks, par: r, parKey };
        }
        let r = await api.table(pbn, { onEntry });
        return { tricks: r.tricks };
      },
    })
    .then((r) => {
      Object.assign(t, r, { done: true });
      if (pbn === dealToPbn(st.hands)) renderTable();
    })
    .catch((e) => {
      if (e.code !== 'cancelled') {
        t.error = e.message;
        renderTable();
      }
    });
}

let traceFailed = null;
function requestTrace() {
  let played = st.history.played;
  traceFailed = null;
  if (!played.length) return;
  let missing = played.some((_, i) => !cache.cost.has(played.slice(0, i + 1).join(',')));
  if (!missing) return;
  let deal = dealToPbn(st.hands);
  let trump = st.trump;
  let leader = st.leader;
  let dk = dealKey();
  engine
    .submit({
      key: `trace|${dk}|${played.join('')}`,
      priority: 3,
      stale: () => dealKey() !== dk || !startsWith(st.history.played, played),
      run: (api) => api.play({ deal, trump, leader, play: played }),
    })
    .then((r) => {
      // r.tricks: declarer's total before any card and after each card.
      let declarerSide = sideOf(nextSeat(leader, 3));
      let p = replayWithSeats(played);
      played.forEach((card, i) => {
        let seat = p[i];
        let before = r.tricks[i];
        let after = r.tricks[i + 1];
        let cost = sideOf(seat) === declarerSide ? before - after : after - before;
        cache.cost.set(played.slice(0, i + 1).join(','), Math.max(0, cost));
      });
      if (dealKey() === dk) renderRecord();
    })
    .catch((e) => {
      if (e.code !== 'cancelled') {
        traceFailed = e.message;
        renderRecord();
      }
    });
}

const startsWith = (a, prefix) => prefix.every((c, i) => a[i] === c);

/** The seat that played each card of `played`. */
function replayWithSeats(played) {
  let seats = [];
  let leader = st.leader;
  for (let i = 0; i < played.length; i += 4) {
    let trick = played.slice(i, i + 4);
    trick.forEach((_, k) => seats.push(nextSeat(leader, k)));
    if (trick.length === 4) {
      let p = replay(st.hands, st.trump, st.leader, played.slice(0, i + 4));
      leader = p.current.leader;
    }
  }
  return seats;
}

function requestInspect() {
  if (!pos || pos.over) return;
  let key = trickStartKey();
  if (cache.inspect.has(key)) return;
  let req = { ...positionRequest(), trick: [] };
  engine
    .submit({
      key: 'inspect|' + key,
      priority: 4,
      stale: () => trickStartKey() !== key,
      run: async (api) => {
        let t0 = performance.now();
        let r = await api.inspect(req);
        r.ms = performance.now() - t0;
        return r;
      },
    })
    .then((r) => {
      cache.inspect.set(key, r);
      if (trickStartKey() === key) {
        renderBoard();
        renderInside();
      }
    })
    .catch((e) => {
      if (e.code !== 'cancelled') $('#active-text').textContent = `The solver could not inspect this position: ${e.message}`;
    });
}

const ABLATIONS = [
  { id: 'partition', label: 'Partition search (everything on)', options: {} },
  { id: 'relative', label: 'TT with relative ranks', options: { tt: 'relative' } },
  // Past these sizes a solve takes minutes (exact: ~1 min at 13 cards; off: ~10 s at 10).
  { id: 'exact', label: 'TT with exact cards', options: { tt: 'exact' }, maxCards: 11 },
  { id: 'no-quick', label: 'No quick tricks', options: { quickTricks: false } },
  { id: 'no-order', label: 'No move ordering', options: { moveOrdering: false } },
  { id: 'off', label: 'No transposition table', options: { tt: 'off' }, maxCards: 10 },
];

function runAblation(ev, { force = false } = {}) {
  if (!pos || pos.over) return;
  let key = trickStartKey();
  let req = { ...positionRequest(), trick: [] };
  let tbody = $('#ablation-table tbody');
  let n = handSize(pos.trickStart);
  tbody.replaceChildren();
  let rows = {};
  for (let a of ABLATIONS) {
    let tr = document.createElement('tr');
    tr.dataset.config = a.id;
    tr.innerHTML = `<th scope="row"></th><td class="v">…</td><td class="n"></td><td class="x"></td><td class="h"></td><td class="t"></td><td class="bar-col"><span class="bar"></span></td>`;
    tr.querySelector('th').textContent = a.label;
    tbody.append(tr);
    rows[a.id] = tr;
  }
  let skipped = ABLATIONS.filter((a) => !force && a.maxCards && n > a.maxCards);
  $('#ablation-note').textContent = '';
  $('#ablation-slow').hidden = true;
  $('#stop-ablation').hidden = false;
  $('#run-ablation').disabled = true;
  let results = {};
  let pending = ABLATIONS.length - skipped.length;
  for (let a of skipped) {
    rows[a.id].querySelector('.v').textContent = '—';
    rows[a.id].querySelector('.n').textContent = 'skipped';
    rows[a.id].dataset.skipped = 'true';
    rows[a.id].title = `With ${n} cards a hand this takes minutes; from a later trick it takes seconds.`;
  }
  let finish = () => {
    if (--pending === 0) {
      $('#stop-ablation').hidden = true;
      $('#run-ablation').disabled = false;
      if (skipped.length) {
        $('#ablation-slow').hidden = false;
        $('#ablation-note').textContent +=
          ` Skipped: ${listText(skipped.map((a) => a.label.replace(/^TT with /, 'the TT with ').replace(/^No /, 'no ')))}, which take minutes with ${n} cards a hand.`;
      }
      document.body.dataset.ablation = 'done';
    }
  };
  document.body.dataset.ablation = 'pending';
  if (!pending) finishNow();
  function finishNow() {
    pending = 1;
    finish();
  }
  ABLATIONS.forEach((a, i) => {
    if (skipped.includes(a)) return;
    engine
      .submit({
        key: `ablation|${a.id}|${key}`,
        priority: 6 + i / 10,
        stale: () => trickStartKey() !== key,
        run: async (api) => {
          let t0 = performance.now();
          let r = await api.inspect({ ...req, options: a.options });
          r.ms = performance.now() - t0;
          return r;
        },
      })
      .then((r) => {
        results[a.id] = r;
        let tr = rows[a.id];
        tr.querySelector('.v').textContent = String(r.tricks);
        tr.querySelector('.n').textContent = r.stats.total.nodes.toLocaleString('en');
        tr.querySelector('.h').textContent = r.stats.total.tt_hits.toLocaleString('en');
        tr.querySelector('.t').textContent = r.ms < 1000 ? `${Math.round(r.ms)} ms` : `${(r.ms / 1000).toFixed(1)} s`;
        tr.dataset.nodes = r.stats.total.nodes;
        tr.dataset.value = r.tricks;
        let max = Math.max(...Object.values(results).map((x) => x.stats.total.nodes), 1);
        let base = results.partition?.stats.total.nodes;
        for (let [id, x] of Object.entries(results)) {
          let n = x.stats.total.nodes;
          let bar = rows[id].querySelector('.bar');
          bar.style.width = `${Math.max(0.5, (n / max) * 100)}%`;
          bar.title = `${n.toLocaleString('en')} nodes`;
          let ratio = rows[id].querySelector('.x');
          ratio.textContent = base && id !== 'partition' ? `${(n / base).toFixed(n / base >= 10 ? 0 : 1)}×` : id === 'partition' ? '1×' : '';
        }
        let values = new Set(Object.values(results).map((x) => x.tricks));
        $('#ablation-note').textContent = values.size === 1
          ? `Every solver finds the same value: ${[...values][0]} trick${[...values][0] === 1 ? '' : 's'} for the side on lead.`
          : 'The values differ: that is a bug in the solver.';
      })
      .catch((e) => {
        rows[a.id].querySelector('.v').textContent = e.code === 'cancelled' ? 'stopped' : 'failed';
        if (e.code !== 'cancelled') rows[a.id].title = e.message;
        // A stopped search says how far it got (threaded mode; single mode cannot tell).
        let nodes = e.cause?.nodes;
        if (nodes) {
          rows[a.id].querySelector('.n').textContent = `> ${nodes.toLocaleString('en')}`;
          rows[a.id].querySelector('.n').title = `More than ${nodes.toLocaleString('en')} nodes: stopped before it finished`;
          rows[a.id].dataset.nodesAtLeast = nodes;
        }
      })
      .finally(finish);
  });
}

// ---- rendering -------------------------------------------------------------------------------

let currentHash = '';

function update() {
  try {
    pos = replay(st.hands, st.trump, st.leader, st.history.played);
  } catch (e) {
    // Should not happen: the history only holds legal cards.
    st.history = new PlayHistory();
    pos = replay(st.hands, st.trump, st.leader, []);
  }
  syncControls();
  renderBoard();
  renderTable();
  renderRecord();
  renderInside();
  updateHash();
  if (engine) {
    requestTable();
    analyse();
    requestTrace();
    requestInspect();
  }
}

function updateHash() {
  currentHash = encodeState({
    hands: st.hands, trump: st.trump, leader: st.leader, contract: st.contract, declarer: st.declarer,
    dealer: st.dealer, vulnerable: st.vulnerable, board: st.board, play: st.history.cards, cursor: st.history.cursor,
    perspective: st.perspective,
  });
  if (location.hash !== currentHash) history.replaceState(null, '', currentHash);
}

function analysisState() {
  if (!pos || pos.over) return 'done';
  let a = cache.analyse.get(positionKey());
  return a && a.failed ? 'failed' : a && a.done ? 'done' : 'pending';
}

/** Per-card badges for the position on screen. */
function cardResults() {
  let out = {};
  if (!pos || pos.over) return out;
  let a = cache.analyse.get(positionKey());
  let legal = legalCards(pos.hands[pos.tomove], pos.current.cards);
  if (engine?.failed || a?.failed) return out;
  if (!a) {
    for (let c of legal) out[c] = { text: '…', kind: 'pending', title: 'being solved' };
    return out;
  }
  let n = pos.trickStart[pos.current.leader].length; // tricks left, the current one included
  let P = st.perspective;
  let mover = sideOf(pos.tomove);
  let known = Object.values(a.tricks);
  let best = a.done ? a.best : Math.max(...known);
  let total = (t) => pos.won[P] + (mover === P ? t : n - t);
  for (let c of legal) {
    let t = a.tricks[c];
    if (t === undefined) {
      out[c] = { text: '…', kind: 'pending', title: 'being solved' };
      continue;
    }
    let pt = total(t);
    let now = total(best);
    let text;
    if (st.display === 'tricks') text = String(pt);
    else if (st.display === 'contract' && st.contract && sideOf(st.declarer) === P) {
      let d = pt - (st.contract.level + 6);
      text = d === 0 ? '=' : signed(d);
    } else {
      let d = a.done ? pt - now : undefined;
      text = d === undefined ? String(pt) : d === 0 ? '=' : signed(d);
    }
    let cost = best - t;
    out[c] = {
      text,
      tricks: t,
      kind: !a.done ? 'pending' : cost > 0 ? 'loss' : 'best',
      title: `${SIDE_NAME[P]} take ${pt} trick${pt === 1 ? '' : 's'}` + (a.done && cost > 0 ? `; this card costs ${SEAT_NAME[pos.tomove]} ${cost}` : ''),
    };
  }
  return out;
}

function inertCards() {
  if (!pos || !$('#show-inert').checked || pos.over) return new Set();
  if (pos.current.cards.length) return new Set();
  let r = cache.inspect.get(trickStartKey());
  return r ? new Set(r.active.inert) : new Set();
}

function renderBoard() {
  if (!pos) return;
  let n = handSize(pos.hands);
  let lastTrick = pos.tricks[pos.tricks.length - 1];
  let showLast = !pos.current.cards.length && lastTrick && st.history.cursor > 0;
  let trick = pos.current.cards.length ? pos.current : showLast ? lastTrick : null;
  let centre = [];
  if (st.contract) centre.push(`${st.contract.level}${STRAIN_SYMBOL[st.contract.strain]} by ${SEAT_NAME[st.declarer]}`);
  else centre.push(st.trump === 'NT' ? 'Notrump' : `${STRAIN_SYMBOL[st.trump]} trumps`);
  centre.push(`NS ${pos.won.NS} · EW ${pos.won.EW}`);
  if (pos.over) centre.push('Play over');
  else if (!st.history.cursor) centre.push(`${SEAT_NAME[pos.tomove]} leads`);
  diagram.render({
    hands: pos.hands,
    names: st.names && Object.fromEntries(SEATS.map((s) => [s, st.names[s] ? `${SEAT_NAME[s]} · ${st.names[s]}` : SEAT_NAME[s]])),
    dealer: handSize(st.hands) === 13 ? st.dealer : undefined,
    vulnerable: st.vulnerable,
    tomove: pos.tomove,
    legal: pos.over ? new Set() : new Set(legalCards(pos.hands[pos.tomove], pos.current.cards)),
    results: cardResults(),
    inert: inertCards(),
    trick: trick ? { leader: trick.leader, cards: trick.cards, winner: trick === lastTrick ? lastTrick.winner : undefined } : null,
    centre,
    showHcp: n === 13,
    label: `Deal: ${st.trump === 'NT' ? 'notrump' : STRAIN_SYMBOL[st.trump] + ' trumps'}, ${pos.over ? 'play over' : SEAT_NAME[pos.tomove] + ' to play'}`,
  });
  document.body.dataset.analysis = analysisState();
  // Controls and the sentence under the diagram.
  $('#btn-undo').disabled = !st.history.canUndo();
  $('#btn-start').disabled = !st.history.canUndo();
  $('#btn-prev-trick').disabled = !st.history.canUndo();
  $('#btn-redo').disabled = !st.history.canRedo();
  $('#btn-end').disabled = !st.history.canRedo();
  $('#btn-next-trick').disabled = !st.history.canRedo();
  $('#btn-best').disabled = pos.over;
  $('#btn-rest').disabled = pos.over && !autoplay;
  $('#position-text').textContent = positionSentence();
}

function positionSentence() {
  let P = st.perspective;
  if (pos.over) {
    let t = pos.won[P];
    let s = `Play over: ${SIDE_NAME[P]} took ${t} trick${t === 1 ? '' : 's'}`;
    if (st.contract && sideOf(st.declarer) === P) {
      let d = t - (st.contract.level + 6);
      s += ` — ${contractText(st.contract)} ${d >= 0 ? (d === 0 ? 'made exactly' : `made with ${d} overtrick${d > 1 ? 's' : ''}`) : `down ${-d}`}`;
    }
    return s + '.';
  }
  let trickNo = pos.tricks.length + 1 + (13 - handSize(st.hands));
  let a = cache.analyse.get(positionKey());
  let s = `Trick ${trickNo}, ${SEAT_NAME[pos.tomove]} to play.`;
  if (a && a.done) {
    let n = pos.trickStart[pos.current.leader].length;
    let pt = pos.won[P] + (sideOf(pos.tomove) === P ? a.best : n - a.best);
    s += ` With best play from here ${SIDE_NAME[P]} take ${pt} trick${pt === 1 ? '' : 's'} in all.`;
  } else s += ' Solving…';
  return s;
}

function renderTable() {
  let table = $('#dd-table');
  let t = st.hands && cache.table.get(dealToPbn(st.hands));
  let caption = table.querySelector('caption');
  table.replaceChildren(caption);
  let head = table.createTHead().insertRow();
  let th = document.createElement('th');
  th.innerHTML = '<span class="sr-only">Declarer</span>';
  head.append(th);
  for (let s of STRAINS) {
    let h = document.createElement('th');
    h.scope = 'col';
    h.textContent = STRAIN_SYMBOL[s];
    h.className = `strain-${s}`;
    h.setAttribute('aria-label', s === 'NT' ? 'notrump' : { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[s]);
    head.append(h);
  }
  let body = table.createTBody();
  for (let seat of ['N', 'S', 'E', 'W']) {
    let row = body.insertRow();
    let h = document.createElement('th');
    h.scope = 'row';
    h.textContent = SEAT_NAME[seat];
    row.append(h);
    for (let s of STRAINS) {
      let td = row.insertCell();
      td.dataset.declarer = seat;
      td.dataset.strain = s;
      let v = t?.tricks?.[seat]?.[s];
      if (v === undefined) {
        td.textContent = '·';
        td.className = 'pending';
        continue;
      }
      let b = document.createElement('button');
      b.type = 'button';
      b.textContent = String(v);
      b.dataset.tricks = v;
      let n = handSize(st.hands);
      let level = v - 6;
      b.className = n === 13 && level >= 1 ? (level >= 6 ? 'slam' : gameLevel(s) <= level ? 'game' : 'part') : 'low';
      b.setAttribute('aria-label', `${SEAT_NAME[seat]} declares ${s === 'NT' ? 'notrump' : s}: ${v} tricks`);
      b.addEventListener('click', () => {
        if (n === 13 && level >= 1) setContract({ trump: s, declarer: seat, level: String(level) });
        else setContract({ trump: s, declarer: seat });
      });
      if (st.trump === s && st.declarer === seat) td.classList.add('current');
      td.append(b);
    }
  }
  document.body.dataset.table = t && t.done ? 'done' : 'pending';
  let par = $('#par-text');
  if (t?.error) par.textContent = `The table could not be computed: ${t.error}`;
  else if (t?.par) par.textContent = parSentence(t.par);
  else if (handSize(st.hands) !== 13) par.textContent = 'Par is for full deals only.';
  else par.textContent = t && t.done ? '' : 'Computing the table…';
}

const gameLevel = (s) => (s === 'NT' ? 3 : s === 'S' || s === 'H' ? 4 : 5);

function parSentence(r) {
  let dp = r.dealerPar;
  if (!dp) return '';
  let vul = { None: 'none', NS: 'N–S', EW: 'E–W', All: 'both sides' }[r.vulnerable || r.vulnerability || st.vulnerable] || st.vulnerable;
  let who = `dealer ${SEAT_NAME[r.dealer || st.dealer]}, vulnerable: ${vul}`;
  if (dp.score === 0) return `Par: 0, passed out (${who}).`;
  return `Par: ${dp.score > 0 ? 'NS +' + dp.score : 'EW +' + -dp.score}` + (dp.contracts ? ` in ${dp.contracts}` : '') + ` (${who}).`;
}

function renderRecord() {
  let ol = $('#play-record');
  ol.replaceChildren();
  let all = st.history.cards;
  let full;
  try {
    full = replay(st.hands, st.trump, st.leader, all);
  } catch {
    full = pos;
  }
  let tricks = [...full.tricks];
  if (full.current.cards.length) tricks.push({ ...full.current, winner: null });
  let offset = 13 - handSize(st.hands);
  let costs = 0;
  tricks.forEach((t, ti) => {
    let li = document.createElement('li');
    li.className = 'trick';
    let first = ti * 4;
    if (first >= st.history.cursor) li.classList.add('future');
    if (st.history.cursor > first && st.history.cursor <= first + 4) li.classList.add('current');
    let jump = document.createElement('button');
    jump.type = 'button';
    jump.className = 'trick-no';
    jump.textContent = String(ti + 1 + offset);
    jump.setAttribute('aria-label', `Go to trick ${ti + 1 + offset}`);
    jump.addEventListener('click', () => nav(() => st.history.jump(first)));
    li.append(jump);
    t.cards.forEach((c, k) => {
      let idx = first + k;
      let seat = seatOfCard(t.leader, k);
      let span = document.createElement('button');
      span.type = 'button';
      span.className = `rc suit-${c[0]}` + (seat === t.winner ? ' won' : '');
      span.dataset.card = c;
      span.dataset.index = String(idx);
      let cost = cache.cost.get(all.slice(0, idx + 1).join(','));
      span.innerHTML = `<small>${seat}</small>${SUIT_SYMBOL[c[0]]}${rankText(c[1])}`;
      let label = `${SEAT_NAME[seat]} ${cardText(c)}`;
      if (cost > 0) {
        span.classList.add('cost');
        span.dataset.cost = String(cost);
        span.append(Object.assign(document.createElement('span'), { className: 'cost-mark', textContent: `−${cost}` }));
        label += `, cost ${cost} trick${cost > 1 ? 's' : ''}`;
        if (idx < st.history.cursor) costs += cost;
      }
      span.setAttribute('aria-label', label);
      span.title = label;
      span.addEventListener('click', () => nav(() => st.history.jump(idx + 1)));
      li.append(span);
    });
    ol.append(li);
  });
  if (!tricks.length) {
    let li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'Click a card of the player to move, or use “Play the rest double-dummy”.';
    ol.append(li);
  }
  let note = $('#record-note');
  let played = st.history.played;
  let known = played.every((_, i) => cache.cost.has(played.slice(0, i + 1).join(',')));
  note.textContent = played.length
    ? known
      ? costs
        ? `Cards marked −1 gave away a trick (${costs} in all so far).`
        : 'No card so far gave away a trick.'
      : 'Checking each card…'
    : '';
  if (!known && traceFailed) note.textContent = `The play could not be checked: ${traceFailed}`;
  document.body.dataset.trace = known ? 'done' : traceFailed ? 'failed' : 'pending';
}

function renderInside() {
  if (!pos) return;
  let r = cache.inspect.get(trickStartKey());
  let text = $('#active-text');
  let trickNo = pos.tricks.length + 1 + (13 - handSize(st.hands));
  document.body.dataset.inspect = r || pos.over ? 'done' : 'pending';
  if (pos.over) {
    text.textContent = 'The play is over. Go back to a trick to see which cards mattered there.';
    return;
  }
  if (!r) {
    text.textContent = `Solving the position at the start of trick ${trickNo}…`;
    $('#stats-chart').replaceChildren();
    return;
  }
  let leader = pos.current.leader;
  let n = pos.trickStart[leader].length;
  // Per suit the active cards are the top ones: name the lowest that matters.
  let inPlay = SUITS.map((s) => SEATS.flatMap((x) => pos.trickStart[x]).filter((c) => c[0] === s));
  let activeBySuit = SUITS.map((s, i) => {
    let cards = r.active.cards.filter((c) => c[0] === s);
    if (!inPlay[i].length) return null;
    if (!cards.length) return `no ${SUIT_SYMBOL[s]}`;
    if (cards.length === inPlay[i].length) return `every ${SUIT_SYMBOL[s]}`;
    let low = cards.reduce((a, c) => ('AKQJT98765432'.indexOf(c[1]) > 'AKQJT98765432'.indexOf(a[1]) ? c : a));
    return `${SUIT_SYMBOL[s]} down to the ${rankText(low[1])}`;
  }).filter(Boolean);
  let sharing = r.active.deals_sharing ?? r.active.dealsSharing;
  let inertCount = r.active.inert.length;
  let side = sideOf(leader);
  text.innerHTML = '';
  let p1 = document.createElement('span');
  p1.textContent =
    `At the start of trick ${trickNo}, ${SEAT_NAME[leader]} on lead, ${SIDE_NAME[side]} can take ${r.tricks} of the ${n} tricks left. ` +
    `The proof needs the ranks of ${listText(activeBySuit)}. `;
  let p2 = document.createElement('b');
  p2.id = 'deals-sharing';
  p2.dataset.count = String(sharing);
  p2.textContent = inertCount
    ? `The other ${inertCount} cards are inert (x): this result holds for ${Number(sharing).toLocaleString('en')} deals that differ only in the x cards.`
    : 'Every card is active here: no other layout shares this result.';
  text.append(p1, p2);
  if (pos.current.cards.length) text.append(document.createTextNode(' (The x marks show at the start of the trick.)'));
  let scale = document.querySelector('input[name="chart-scale"]:checked')?.value || 'log';
  renderStatsChart($('#stats-chart'), r.stats.per_trick, { scale, highlight: trickNo });
  $('#stats-numbers').replaceChildren(statsTable(r.stats.per_trick));
  let tot = r.stats.total;
  $('#stats-text').textContent =
    `Solving this position took ${tot.nodes.toLocaleString('en')} nodes` +
    (r.ms !== undefined ? ` in ${Math.round(r.ms)} ms` : '') +
    `; the table was probed ${tot.tt_probes.toLocaleString('en')} times and matched ${tot.tt_hits.toLocaleString('en')} times. ` +
    `Each bar group is one trick of the search tree below trick ${trickNo}.`;
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

function exportPbn() {
  let t = cache.table.get(dealToPbn(st.hands));
  let parInfo;
  let dp = t?.par?.dealerPar;
  if (dp) parInfo = { score: dp.score >= 0 ? `NS ${dp.score}` : `EW ${-dp.score}`, contract: dp.contracts };
  let text = toPbn({
    hands: st.hands,
    board: st.board || '1',
    dealer: st.dealer,
    vulnerable: st.vulnerable,
    contract: st.contract,
    declarer: st.declarer,
    leader: st.leader,
    trump: st.trump,
    play: st.history.played,
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

const ENGINE_TEXT = { loading: 'Loading the solver…', idle: 'Solver ready', computing: 'Solving…', failed: 'Solver unavailable' };
function showEngineState(state, detail) {
  document.body.dataset.engine = state;
  let box = $('#engine-state');
  box.dataset.state = state;
  let text = ENGINE_TEXT[state] || state;
  if (state === 'idle' && engine?.api) {
    let n = engine.threads;
    text += n > 1 ? ` · ${n} threads` : ' · 1 thread';
  }
  box.querySelector('.text').textContent = text;
  if (state === 'failed') {
    setStatus(`The solver could not start: ${detail?.message || detail}`, true);
    renderBoard();
  }
}

export { st, cache };
