// The inside-the-solver view: which cards are active at the start of the trick, the search
// statistics per trick, and the classroom comparison (the same position solved again with
// parts of the solver switched off).

import { SEATS, SUITS, SUIT_SYMBOL, handSize, listText, rankText } from '../board/bridge.js';
import { renderStatsChart, statsTable } from './chart.js';
import { durationText, inspectSentences } from '../board/words.js';
import { site, PRIORITY } from './state.js';

const $ = (sel) => document.querySelector(sel);

export function renderInside() {
  let pos = site.pos;
  if (!pos) return;
  let r = site.inspection();
  let text = $('#active-text');
  let trickNo = site.trickNumber;
  document.body.dataset.inspect = r || pos.over ? 'done' : 'pending';
  if (pos.over) {
    text.textContent = 'The play is over. Go back to a trick to see which cards mattered there.';
    return;
  }
  if (r?.error) {
    inspectFailed(r.error);
    return;
  }
  if (!r) {
    text.textContent = `Solving the position at the start of trick ${trickNo}…`;
    $('#stats-chart').replaceChildren();
    return;
  }
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
  let said = inspectSentences(site, r);
  let p1 = document.createElement('span');
  p1.textContent = `${said.value} The proof needs the ranks of ${listText(activeBySuit)}. `;
  let p2 = document.createElement('b');
  p2.id = 'deals-sharing';
  p2.dataset.count = String(r.active.dealsSharing);
  p2.textContent = said.inert;
  text.replaceChildren(p1, p2);
  if (!site.showInert) text.append(document.createTextNode(' Tick “Show inert cards as x” under the diagram to see them.'));
  else if (pos.current.cards.length) text.append(document.createTextNode(' (The x marks show at the start of the trick.)'));
  let scale = document.querySelector('input[name="chart-scale"]:checked')?.value || 'log';
  renderStatsChart($('#stats-chart'), r.perTrick, { scale, highlight: trickNo });
  $('#stats-numbers').replaceChildren(statsTable(r.perTrick));
  let total = r.total;
  $('#stats-text').textContent =
    `Solving this position from an empty table took ${total.nodes.toLocaleString('en')} nodes` +
    (r.ms !== undefined ? ` and ${durationText(r.ms)} (clearing the table included)` : '') +
    `; the table was probed ${total.ttProbes.toLocaleString('en')} times and matched ${total.ttHits.toLocaleString('en')} times. ` +
    `In the chart, bar group N is the work the search did at trick N of the deal: it starts at trick ${trickNo} ` +
    '(highlighted), the trick on screen, and looks ahead to trick 13.';
}

export function inspectFailed(message) {
  $('#active-text').textContent = `The solver could not inspect this position: ${message}`;
}

// ---- the classroom comparison -------------------------------------------------------------

const ABLATIONS = [
  { id: 'partition', label: 'Partition search (everything on)', options: {} },
  { id: 'relative', label: 'TT with relative ranks', options: { tt: 'relative' } },
  // Past these sizes a solve takes minutes (exact: ~1 min at 13 cards; off: ~10 s at 10).
  { id: 'exact', label: 'TT with exact cards', options: { tt: 'exact' }, maxCards: 11 },
  { id: 'no-quick', label: 'No quick tricks', options: { quickTricks: false } },
  { id: 'no-order', label: 'No move ordering', options: { moveOrdering: false } },
  { id: 'off', label: 'No transposition table', options: { tt: 'off' }, maxCards: 10 },
];

let comparison = null; // {key, jobs} while one runs

/** Stops the comparison (all of it, or only if it is of another trick start than `key`). */
export function stopAblation(key) {
  if (!comparison || comparison.key === key) return;
  for (let job of comparison.jobs) site.solver.stop(job);
}

export function runAblation({ force = false } = {}) {
  let pos = site.pos;
  if (!pos || pos.over || !site.solver) return;
  stopAblation();
  let key = site.trickStartKey();
  let req = site.trickStartRequest();
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
  for (let a of skipped) {
    rows[a.id].querySelector('.v').textContent = '—';
    rows[a.id].querySelector('.n').textContent = 'skipped';
    rows[a.id].dataset.skipped = 'true';
    rows[a.id].title = `With ${n} cards a hand this takes minutes; from a later trick it takes seconds.`;
  }
  document.body.dataset.ablation = 'pending';
  let results = {};
  // Queued jobs: the runs never replace each other, and only run after everything else.
  // Everything on is the search the view above already made (from an empty table too): its
  // figures, not a second run's, so that one search shows one time.
  let done = site.inspection();
  let runs = ABLATIONS.filter((a) => !skipped.includes(a)).map((a) => [a,
    a.id === 'partition' && done?.total && done.ms !== undefined
      ? Promise.resolve(done)
      : site.inspectFresh(req, { queue: true, priority: PRIORITY.ablation, ...a.options })]);
  let shown = runs.map(([a, job]) => job
    .then((r) => {
      results[a.id] = r;
      showResults(rows, results);
    })
    .catch((e) => {
      let stopped = e.code === 'stopped';
      rows[a.id].querySelector('.v').textContent = stopped ? 'stopped' : 'failed';
      if (!stopped) rows[a.id].title = e.message;
      // A stopped search says how far it got (threaded mode; single mode cannot tell).
      if (e.nodes) {
        let cell = rows[a.id].querySelector('.n');
        cell.textContent = `> ${e.nodes.toLocaleString('en')}`;
        cell.title = `More than ${e.nodes.toLocaleString('en')} nodes: stopped before it finished`;
        rows[a.id].dataset.nodesAtLeast = e.nodes;
      }
    }));
  let run = { key, jobs: runs.map(([, job]) => job).filter((job) => job.id !== undefined) };
  comparison = run;
  Promise.all(shown).then(() => {
    if (comparison === run) comparison = null;
    $('#stop-ablation').hidden = true;
    $('#run-ablation').disabled = false;
    if (skipped.length) {
      $('#ablation-slow').hidden = false;
      $('#ablation-note').textContent +=
        ` Skipped: ${listText(skipped.map((a) => a.label.replace(/^TT with /, 'the TT with ').replace(/^No /, 'no ')))}, which take minutes with ${n} cards a hand.`;
    }
    document.body.dataset.ablation = 'done';
  });
}

function showResults(rows, results) {
  let max = Math.max(...Object.values(results).map((x) => x.total.nodes), 1);
  let base = results.partition?.total.nodes;
  for (let [id, r] of Object.entries(results)) {
    let tr = rows[id];
    let nodes = r.total.nodes;
    tr.querySelector('.v').textContent = String(r.tricks);
    tr.querySelector('.n').textContent = nodes.toLocaleString('en');
    tr.querySelector('.h').textContent = r.total.ttHits.toLocaleString('en');
    tr.querySelector('.t').textContent = durationText(r.ms);
    tr.dataset.nodes = nodes;
    tr.dataset.value = r.tricks;
    let bar = tr.querySelector('.bar');
    bar.style.width = `${Math.max(0.5, (nodes / max) * 100)}%`;
    bar.title = `${nodes.toLocaleString('en')} nodes`;
    tr.querySelector('.x').textContent = id === 'partition' ? '1×' : base ? `${(nodes / base).toFixed(nodes / base >= 10 ? 0 : 1)}×` : '';
  }
  let values = new Set(Object.values(results).map((x) => x.tricks));
  let [value] = values;
  $('#ablation-note').textContent = values.size === 1
    ? `Every solver finds the same value: ${value} trick${value === 1 ? '' : 's'} for the side on lead.`
    : 'The values differ: that is a bug in the solver.';
}
