// The single-dummy panel: which hands the player to move cannot see, constraints on them,
// the run and its card table converging as samples complete (web/site/single-table.js), a
// few of the sampled deals, and the strategy-fusion example worked live. The state and the
// solver job are in state.js; app.js wires the controls to the functions here.

import { SEATS, SEAT_NAME, SUITS, SUIT_SYMBOL, STRAIN_SYMBOL, cardText, checkedDeal, listText, parsePbnDeal, handSize, sideOf } from '../board/bridge.js';
import { DealDiagram } from '../ui/diagram.js';
import { el } from '../ui/dom.js';
import { bestCards, renderSingleTable, SINGLE_TABLE_CSS } from '../ui/single-table.js';
import { legalCards } from '../board/play.js';
import { site, singleAvailable, hiddenSeats, singleRequest, stopSingle } from './state.js';

const $ = (sel) => document.querySelector(sel);
const LIMITS = [['hcp', 'HCP', 37], ...SUITS.map((s) => [s, SUIT_SYMBOL[s], 13])];

let dealDiagram = null;
let shownDeal = 0;
let constraintSeats = '';
// The constraint fields whose text is not a limit: input id to message. Their limits are not
// sent; Run says what to fix instead.
const fieldErrors = new Map();

/** Builds the panel's controls; `onChange()` is called when a setting changes. */
export function buildSingle(onChange) {
  let style = document.createElement('style');
  style.textContent = SINGLE_TABLE_CSS;
  document.head.append(style);
  let box = $('#single-hidden');
  for (let s of SEATS) {
    let input = el('input', { type: 'checkbox', id: `single-hide-${s}`, value: s });
    input.addEventListener('change', () => {
      let hidden = new Set(hiddenSeats());
      if (input.checked) hidden.add(s);
      else hidden.delete(s);
      site.single.hidden = SEATS.filter((x) => hidden.has(x));
      onChange();
    });
    box.append(el('label', { class: 'check', for: `single-hide-${s}` }, input, el('span', { text: SEAT_NAME[s] })));
  }
  $('#single-samples').addEventListener('change', (e) => {
    site.single.samples = Math.max(1, Math.min(5000, Math.round(Number(e.target.value) || 200)));
    e.target.value = site.single.samples;
  });
  $('#single-seed').addEventListener('change', (e) => {
    site.single.seed = Math.max(0, Math.round(Number(e.target.value) || 0));
    e.target.value = site.single.seed;
  });
  $('#single-run').addEventListener('click', () => runSettled());
  $('#single-stop').addEventListener('click', () => stopSingle());
  dealDiagram = new DealDiagram($('#single-deal-diagram'));
  $('#single-table').after(el('p', { id: 'single-lesson', class: 'single-lesson', hidden: true }));
  // The constraints' table scrolls sideways on a phone: say so while it overflows.
  new ResizeObserver(() => markOverflow()).observe($('#single-constraints'));
}

/** Runs the analysis of the position on screen, stopping once the best card is settled (the
 * page answers in seconds; a script asking the engine gets every sample unless it asks). */
function runSettled() {
  if (!site.solver || !singleAvailable()) return;
  if (fieldErrors.size) {
    let [id, message] = fieldErrors.entries().next().value;
    let status = $('#single-status');
    status.textContent = `Not run: ${message}`;
    status.classList.add('important');
    document.getElementById(id)?.focus();
    return;
  }
  let request = { ...singleRequest(), stopWhenSettled: true };
  site.runSingle(request, `${site.positionKey()}|${JSON.stringify(request)}`);
}

function markOverflow() {
  let box = document.querySelector('#single-constraints .sd-constraints-box');
  if (box) box.classList.toggle('overflows', box.scrollWidth > box.clientWidth + 1);
}

/** What is wrong with a constraint's pair of fields, or ''. */
export function rangeError(loText, hiText, label, max) {
  let unit = label === 'HCP' ? 'HCP' : `${label} cards`;
  for (let text of [loText, hiText]) {
    if (text !== '' && !/^\d+$/.test(text)) return `‘${text}’ is not a number of ${unit}`;
  }
  let [lo, hi] = [loText === '' ? 0 : Number(loText), hiText === '' ? max : Number(hiText)];
  for (let n of [lo, hi]) if (n > max) return `${n} is too many ${unit}: at most ${max}`;
  if (lo > hi) return `The ${label} range ${lo}–${hi} is reversed: the lower bound comes first`;
  return '';
}

/** Reads a constraint row's inputs into site.single.constraints (the valid ones) and
 * fieldErrors (the others, shown at the field). */
function readConstraints(seat) {
  let c = {};
  for (let [key, label, max] of LIMITS) {
    let inputs = ['lo', 'hi'].map((end) => $(`#sd-${seat}-${key}-${end}`));
    let [lo, hi] = inputs.map((input) => input.value.trim());
    let error = rangeError(lo, hi, label, max);
    let id = inputs[0].id;
    let shown = document.getElementById(`${id}-error`);
    for (let input of inputs) {
      if (error) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      if (error) input.setAttribute('aria-describedby', `${id}-error`);
      else input.removeAttribute('aria-describedby');
    }
    if (error) {
      fieldErrors.set(id, `${SEAT_NAME[seat]}: ${error}.`);
      if (!shown) {
        shown = el('span', { id: `${id}-error`, class: 'sd-field-error', role: 'alert' });
        inputs[1].closest('td').append(shown);
      }
      shown.textContent = error;
    } else {
      fieldErrors.delete(id);
      shown?.remove();
    }
    if (error || (lo === '' && hi === '')) continue;
    c[key] = [lo === '' ? 0 : Number(lo), hi === '' ? max : Number(hi)];
  }
  site.single.constraints[seat] = c;
}

function constraintRows(hidden) {
  let table = el('table', { class: 'sd-constraints' });
  let wrap = el('div', { class: 'sd-constraints-box' }, table);
  let outer = el('div', { class: 'sd-constraints-scroll' }, wrap, el('p', { class: 'sd-scroll-hint', 'aria-hidden': 'true', text: 'scroll →' }));
  wrap.addEventListener('scroll', () => wrap.classList.toggle('scrolled-end', wrap.scrollLeft + wrap.clientWidth >= wrap.scrollWidth - 2));
  table.append(el('caption', { class: 'hint', text: 'Constraints on the hidden hands’ original 13 cards (empty: any)' }));
  table.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Hand' }),
    ...LIMITS.map(([key, label]) => el('th', { scope: 'col', class: /[HD]/.test(key) && key.length === 1 ? 'suit-H' : undefined, text: label })))));
  let body = el('tbody');
  for (let seat of hidden) {
    let row = el('tr', {}, el('th', { scope: 'row', text: SEAT_NAME[seat] }));
    let given = site.single.constraints[seat] || {};
    for (let [key, label, max] of LIMITS) {
      let pair = el('span', { class: 'sd-range' });
      for (let [end, i] of [['lo', 0], ['hi', 1]]) {
        let input = el('input', {
          type: 'text', id: `sd-${seat}-${key}-${end}`, inputmode: 'numeric', maxlength: 2,
          'aria-label': `${SEAT_NAME[seat]} ${key === 'hcp' ? 'HCP' : label} ${end === 'lo' ? 'at least' : 'at most'}`,
          placeholder: end === 'lo' ? '0' : String(max),
        });
        if (given[key]) input.value = String(given[key][i]);
        input.addEventListener('change', () => {
          readConstraints(seat);
          constraintSeats = hidden.join('') + JSON.stringify(site.single.constraints);
        });
        pair.append(input);
        if (end === 'lo') pair.append('–');
      }
      row.append(el('td', {}, pair));
    }
    body.append(row);
  }
  table.append(body);
  fieldErrors.clear();
  requestAnimationFrame(markOverflow);
  return outer;
}

/** Draws the panel for the position on screen. */
export function renderSingle() {
  let pos = site.pos;
  let available = singleAvailable();
  document.body.dataset.single = site.singleRun ? (site.singleRun.done ? 'done' : site.singleRun.error ? 'failed' : site.singleRun.stopped ? 'stopped' : 'running') : 'idle';
  $('#single-run').disabled = !available || site.solver?.state === 'failed';
  if (!pos) return;
  if (!available) {
    $('#single-intro').textContent = handSize(site.hands) < 13
      ? 'Single-dummy analysis samples the hidden hands’ original 13 cards: it needs a full deal, not an ending.'
      : 'The play is over.';
  } else {
    let hidden = hiddenSeats();
    $('#single-intro').textContent = `${SEAT_NAME[pos.tomove]} to play, seeing ${listText(SEATS.filter((s) => !hidden.includes(s)).map((s) => SEAT_NAME[s]))}. ` +
      `The ${hidden.length === 1 ? 'hidden hand is' : 'hidden hands are'} dealt at random, every layout consistent with the cards played and the constraints equally likely; ` +
      'each sample is solved double-dummy for every card.';
    for (let s of SEATS) {
      let box = $(`#single-hide-${s}`);
      box.checked = hidden.includes(s);
      box.disabled = s === pos.tomove;
    }
    let key = hidden.join('') + JSON.stringify(site.single.constraints);
    if (key !== constraintSeats) {
      constraintSeats = key;
      $('#single-constraints').replaceChildren(hidden.length ? constraintRows(hidden) : '');
    }
  }
  $('#single-samples').value = site.single.samples;
  $('#single-seed').value = site.single.seed;
  renderSingleRun();
}

/** Draws the run: progress, the card table, the sampled deals. Cheap enough per event. */
export function renderSingleRun() {
  let run = site.singleRun;
  let status = $('#single-status');
  status.classList.remove('important');
  $('#single-stop').hidden = !run || run.done || run.error || run.stopped;
  let table = $('#single-table');
  if (!run) {
    status.textContent = '';
    table.replaceChildren();
    $('#single-deals').hidden = true;
    return;
  }
  let pos = site.pos;
  if (run.error) {
    status.textContent = run.error.code === 'no-layout'
      ? `No deal fits these constraints (no-layout): ${run.error.message}`
      : `The analysis failed: ${run.error.message}${run.error.code ? ` (${run.error.code})` : ''}`;
    status.classList.add('important');
  } else if (run.done) {
    let r = run.result;
    status.textContent = r.exact
      ? `Exact: all ${r.samples} consistent layouts solved.`
      : r.settled
        ? `${settledSentence(r)} Whiskers span ±1.96 standard errors, a 95% interval.`
        : `Done: ${r.samples} samples (seed ${run.request.seed}). Whiskers span ±1.96 standard errors, a 95% interval.`;
  } else {
    status.textContent = `${run.stopped ? 'Stopped after' : 'Solving:'} ${run.samples} of ${run.total} samples…`;
  }
  let cards = legalCards(pos.hands[pos.tomove], pos.current.cards);
  let c = site.contract;
  renderSingleTable(table, {
    cards,
    estimates: run.estimates,
    tomove: pos.tomove,
    declarer: c ? site.declarer : undefined,
    caption: `${SEAT_NAME[pos.tomove]}’s cards: mean tricks for ${SEAT_NAME[pos.tomove]}’s side from here` +
      (c ? ` and how often ${c.level}${STRAIN_SYMBOL[c.strain]} ${sideOf(pos.tomove) === sideOf(site.declarer) ? 'makes' : 'goes down'}` : ''),
  });
  renderLesson(run);
  renderDeals(run);
}

const cardList = (cards) => cards.map(cardText).join('/');

/** "Settled after 64 of 200 samples: ♦4 is best by 0.60 tricks (±0.10)." */
export function settledSentence(result) {
  let { of, best, by, stderr } = result.settled;
  let equal = best.length > 1 ? ' (equal on every sample)' : '';
  let margin = by > 0 ? `by ${by.toFixed(2)} tricks (±${stderr.toFixed(2)})` : 'and the other cards tie with it';
  return `Settled after ${result.samples} of ${of} samples: ${cardList(best)}${equal} is best ${margin}.`;
}

/** When the card single dummy prefers is not the one double dummy (every hand seen) would
 * play, says so: the panel's point. */
function renderLesson(run) {
  let lesson = $('#single-lesson');
  let text = run.done && !run.error ? lessonSentence(run.result, site.analysis(), site.pos) : '';
  lesson.hidden = !text;
  lesson.textContent = text;
}

export function lessonSentence(result, analysis, pos) {
  if (!analysis?.done || !result?.cards) return '';
  let dd = bestCards(Object.fromEntries(Object.entries(analysis.tricks).map(([c, t]) => [c, { tricks: t }])));
  let sd = bestCards(result.cards);
  if (!dd.length || !sd.length || sd.some((c) => dd.includes(c))) return '';
  let ddCard = dd.reduce((a, b) => (result.cards[b]?.tricks > result.cards[a]?.tricks ? b : a));
  let gain = result.cards[sd[0]].tricks - result.cards[ddCard].tricks;
  let verb = pos.current.cards.length ? 'play' : 'lead';
  let over = result.exact ? `over all ${result.samples} layouts` : `over ${result.samples} deals`;
  return `Double dummy would ${verb} the ${cardList(dd)} (it sees the hands); not seeing them, the ${cardList(sd)} ` +
    `takes ${gain.toFixed(2)} tricks more on average ${over}. That is the lesson: the best double-dummy card is not ` +
    'the best card at the table.';
}

function renderDeals(run) {
  let deals = run.result?.deals || [];
  $('#single-deals').hidden = !deals.length;
  if (!deals.length) return;
  if (shownDeal >= deals.length) shownDeal = 0;
  let list = $('#single-deal-list');
  list.replaceChildren(...deals.map((_, i) => el('button', {
    type: 'button', class: 'small', 'aria-pressed': String(i === shownDeal), 'data-index': i, text: `Deal ${i + 1}`,
    onclick: () => {
      shownDeal = i;
      renderDeals(run);
    },
  })));
  let hidden = SEATS.filter((s) => !(s in run.request.known));
  let hands = checkedDeal(parsePbnDeal(deals[shownDeal]));
  dealDiagram.render({
    hands,
    names: Object.fromEntries(SEATS.map((s) => [s, hidden.includes(s) ? `${SEAT_NAME[s]} · sampled` : SEAT_NAME[s]])),
    showHcp: true,
    centre: [`Sample ${shownDeal + 1}`, 'original hands'],
    label: `Sampled deal ${shownDeal + 1}`,
  });
}
