// Strategy fusion, worked live: ♠AJ2 (South) opposite ♠K103 (North), the queen missing, in a
// deal where nothing else matters (South's ten hearts and North's minor-suit winners are
// tricks on any layout). East-West's cards are dealt at random; on each deal the engine
// gives the double-dummy tricks (it always finds the queen) and the tricks of two
// fixed lines (`play`, which also gives the value before the first card): finesse West,
// finesse East.
// The single-dummy table of the same position (`single`) shows the fused average.

import { ALL_CARDS, SEATS, cardText, dealToPbn, nextSeat, parsePbnHand, seededRandom, sideOf, sortCards } from '../board/bridge.js';
import { el } from '../ui/dom.js';
import { renderSingleTable } from '../ui/single-table.js';
import { site, PRIORITY } from './state.js';

const $ = (sel) => document.querySelector(sel);

export const FUSION = {
  N: 'K103.432.AKQJ.AKQ',
  S: 'AJ2.AKQJT98765..',
  samples: 60,
  seed: 1,
};
// South leads in notrump; the North-South side is the one to count.
const TRUMP = 'NT';
const LEADER = 'S';

/** The fixed lines, trick by trick: who leads, North's and South's cards, and the card that
 * covers a queen played before it. */
export const LINES = [
  {
    id: 'west', text: 'Finesse West: ♠A, then ♠2 to the ♠10',
    tricks: [{ lead: 'S', S: 'SA', N: 'S3' }, { lead: 'S', S: 'S2', N: 'ST', cover: 'SK' }],
  },
  {
    id: 'east', text: 'Finesse East: ♠K, then ♠3 to the ♠J',
    tricks: [{ lead: 'S', S: 'S2', N: 'SK' }, { lead: 'N', N: 'S3', S: 'SJ', cover: 'SA' }],
  },
];

const lowest = (cards, suit) => {
  let own = sortCards(cards.filter((c) => c[0] === suit));
  let pool = own.length ? own : sortCards(cards);
  return pool[pool.length - 1];
};

/** A random deal of East-West's 26 cards (every split equally likely), from `random`. */
function dealEastWest(random) {
  let known = { N: parsePbnHand(FUSION.N), S: parsePbnHand(FUSION.S) };
  let rest = ALL_CARDS.filter((c) => !known.N.includes(c) && !known.S.includes(c));
  for (let i = rest.length - 1; i > 0; i--) {
    let j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  return { ...known, E: sortCards(rest.slice(0, 13)), W: sortCards(rest.slice(13)) };
}

/**
 * The cards of a fixed line on `hands`: its spade tricks, the defenders following low (a
 * queen that must fall, falls), up to the finesse itself or until the queen has gone; from
 * there the engine plays on double-dummy (no guess is left).
 */
export function lineCards(hands, line) {
  let h = Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]]));
  let out = [];
  for (let trick of line.tricks) {
    let seat = trick.lead;
    let queen = false;
    for (let k = 0; k < 4; k++, seat = nextSeat(seat)) {
      let card = trick[seat] ? (queen && trick.cover ? trick.cover : trick[seat]) : lowest(h[seat], 'S');
      if (card === 'SQ') queen = true;
      h[seat] = h[seat].filter((c) => c !== card);
      out.push(card);
      if (trick.cover && k === 2) return out;
    }
    if (queen) break;
  }
  return out;
}

let running = null;

export function buildFusion() {
  $('#fusion-run').addEventListener('click', () => runFusion());
}

/** Runs the example; resolves to {dd, lines: {west, east}, single} (North-South tricks). */
export async function runFusion() {
  if (!site.solver || running) return running;
  let button = $('#fusion-run');
  button.disabled = true;
  let status = $('#fusion-status');
  let out = $('#fusion-out');
  document.body.dataset.fusion = 'running';
  let random = seededRandom(FUSION.seed);
  let deals = Array.from({ length: FUSION.samples }, () => dealEastWest(random));
  let opts = { queue: true, group: 'fusion', priority: PRIORITY.ablation };
  let solves = FUSION.samples * LINES.length + 1;
  let done = 0;
  let count = () => (status.textContent = `Solving ${FUSION.samples} random layouts of East–West’s cards: ${++done} of ${solves} jobs…`);
  // `play` counts declarer's tricks (with South on lead, declarer is East) before each card
  // and after: before the first card it is the double-dummy value, after the line's last
  // card the value of the line.
  let northSouth = (r, i) => (sideOf(r.declarer) === 'NS' ? r.declarerTricks[i] : 13 - r.declarerTricks[i]);
  running = (async () => {
    let perDeal = deals.map((hands) => {
      let deal = dealToPbn(hands);
      return Promise.all(LINES.map((line) => site.solver.play({ deal, trump: TRUMP, leader: LEADER, play: lineCards(hands, line) }, opts)
        .then((r) => (count(), r))));
    });
    let single = site.solver.single({ known: { N: FUSION.N, S: FUSION.S }, trump: TRUMP, leader: LEADER, samples: FUSION.samples, seed: FUSION.seed }, opts)
      .then((r) => (count(), r));
    let runs = await Promise.all(perDeal);
    let mean = (f) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
    return {
      dd: mean((r) => northSouth(r[0], 0)),
      lines: Object.fromEntries(LINES.map((line, i) => [line.id, mean((r) => northSouth(r[i], r[i].declarerTricks.length - 1))])),
      single: await single,
    };
  })();
  try {
    let r = await running;
    status.textContent = `${FUSION.samples} random layouts (seed ${FUSION.seed}), every number solved by the engine just now.`;
    showFusion(out, r);
    document.body.dataset.fusion = 'done';
  } catch (e) {
    status.textContent = `The example could not be solved: ${e.message}`;
    document.body.dataset.fusion = 'failed';
  } finally {
    running = null;
    button.disabled = false;
  }
}

function showFusion(out, r) {
  let row = (id, text, tricks) => el('tr', { 'data-line': id, 'data-tricks': String(tricks) },
    el('th', { scope: 'row', text }), el('td', { text: tricks.toFixed(2) }), el('td', { text: (tricks - 10).toFixed(2) }));
  let intro = el('p', { class: 'hint', text: 'South (♠AJ2 ♥AKQJT98765) leads at notrump; North has ♠K103 ♥432 ♦AKQJ ♣AKQ. North–South’s tricks, the mean over the layouts:' });
  let table = el('table', { class: 'fusion-table' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Who plays' }), el('th', { scope: 'col', text: 'Tricks' }), el('th', { scope: 'col', text: 'Spade tricks' }))),
    el('tbody', {},
      row('dd', 'Double dummy: every solve finds the queen', r.dd),
      ...LINES.map((l) => row(l.id, l.text, r.lines[l.id]))));
  let single = r.single;
  let singleTable = el('table', { class: 'gh-sd-table' });
  let cards = Object.keys(single.cards).filter((c) => c[0] === 'S');
  renderSingleTable(singleTable, {
    cards,
    estimates: single.cards,
    tomove: 'S',
    caption: `The single-dummy table of South’s spade leads (${single.samples} samples): each is worth the double-dummy ${Math.max(...cards.map((c) => single.cards[c].tricks)).toFixed(2)}, the fused average.`,
  });
  let gap = r.dd - Math.max(r.lines.west, r.lines.east);
  out.replaceChildren(intro, table, el('p', {},
    `The double-dummy average overstates what a declarer can get by ${gap.toFixed(2)} of a trick: it fuses two strategies, finessing West on the layouts where West has the queen and East on the others, a choice only someone who sees the cards can make. `,
    `On its own, single-dummy analysis cannot tell that the ${cardText('SA')} lead still has a guess to come.`), singleTable);
}
