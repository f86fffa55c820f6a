// The widget's lead problem (<glasshand-deal show="lead">): the leader's hand, the contract,
// constraints on the hidden hands, and the lead table from a single-dummy analysis
// (`solver.single`). This module reads the attributes and draws; the element solves.
//
// Attributes: hand="W:KQ53.T97.A864.J2" (the leader's 13 cards, seat first), contract="4S"
// declarer="S" (or trump="NT" leader="W"), samples="200", seed="1", and per hidden seat
// constraints-n|e|s|w="hcp 10-15, spades 5+" (see web/widget/README.md).

import { SEATS, SEAT_NAME, SUITS, SUIT_SYMBOL, EntryError, handToPbn, parsePbnHand, parseSeat, rankText } from '../board/bridge.js';
import { settle } from '../board/board.js';
import { contractTitle, strainTitle } from '../board/words.js';
import { contractAttr, integerAttr, seatAttr, strainAttr, text } from './attributes.js';
import { el } from '../ui/dom.js';
import { SINGLE_TABLE_NARROW_CSS, renderSingleTable } from '../ui/single-table.js';

export const LEAD_ATTRIBUTES = ['hand', 'samples', 'seed', ...SEATS.map((s) => `constraints-${s.toLowerCase()}`)];
const MAX_SAMPLES = 2000;

// What a constraint item names: HCP or a suit's length, and the largest value it can take.
const LIMIT_WORDS = {
  hcp: ['hcp', 37], points: ['hcp', 37],
  s: ['S', 13], spades: ['S', 13], '\u2660': ['S', 13],
  h: ['H', 13], hearts: ['H', 13], '\u2665': ['H', 13],
  d: ['D', 13], diamonds: ['D', 13], '\u2666': ['D', 13],
  c: ['C', 13], clubs: ['C', 13], '\u2663': ['C', 13],
};

/**
 * Reads one constraints attribute: items separated by commas or semicolons, each a name
 * (hcp, spades/S/♠, hearts, diamonds, clubs) and a range: "10-15", "5+" (at least), "4-"
 * (at most) or "0" (exactly). Returns {hcp: [lo, hi], S: [lo, hi], …}.
 */
export function parseConstraints(text, attribute) {
  const out = {};
  for (const item of String(text).split(/[,;]/).map((t) => t.trim()).filter(Boolean)) {
    const m = /^(\S+?)\s*[:=]?\s*(\d+)\s*(?:(-|–|\.\.)\s*(\d+)?|(\+))?$/.exec(item);
    const what = m && LIMIT_WORDS[m[1].toLowerCase()];
    if (!what) {
      throw new EntryError(`${attribute}="${text}": “${item}” is not a constraint; write e.g. "hcp 10-15, spades 5+"`, attribute);
    }
    const [key, max] = what;
    const n = Number(m[2]);
    // "5+": at least 5; "4-": at most 4; "10-15"; "0": exactly.
    const range = m[5] ? [n, max] : m[3] ? (m[4] === undefined ? [0, n] : [n, Number(m[4])]) : [n, n];
    if (range[0] > range[1] || range[1] > max) {
      throw new EntryError(`${attribute}="${text}": ${item} is not a range from 0 to ${max}`, attribute);
    }
    out[key] = range;
  }
  return out;
}

/**
 * The lead problem of the element's attributes, or throws an EntryError. `deal` may stand
 * for `hand` (the leader's hand is then taken from it). Returns {seat, cards, request,
 * contract, key}.
 */
export function readLeadProblem(el, dealHands) {
  const contract = contractAttr(el);
  const declarer = seatAttr(el, 'declarer');
  const leaderGiven = seatAttr(el, 'leader');
  if (contract && !declarer) throw new EntryError('A lead problem with a contract needs declarer="N|E|S|W"', 'declarer');
  // The leader as a board settles it (web/board/board.js), from declarer, leader or none.
  const { leader } = settle({ declarer, leader: leaderGiven });
  const handText = text(el, 'hand');
  let seat;
  let cards;
  if (handText) {
    const m = /^([^:]*):(.*)$/.exec(handText);
    seat = m && parseSeat(m[1]);
    if (!seat) throw new EntryError(`hand="${handText}" needs its seat first, like hand="W:KQ53.T97.A864.J2"`, 'hand');
    cards = parsePbnHand(m[2].trim(), `hand="${handText}"`);
  } else if (dealHands) {
    seat = leader;
    cards = dealHands[seat];
  } else {
    throw new EntryError('A lead problem needs the leader’s hand: hand="W:KQ53.T97.A864.J2"', 'hand');
  }
  if (cards.length !== 13) throw new EntryError(`The leader’s hand has ${cards.length} cards: give all 13`, 'hand');
  if ((declarer || leaderGiven) && leader !== seat) {
    throw new EntryError(`The hand is ${SEAT_NAME[seat]}’s, but ${SEAT_NAME[leader]} is on lead`, 'hand');
  }
  const constraints = {};
  for (const s of SEATS) {
    const name = `constraints-${s.toLowerCase()}`;
    const given = text(el, name);
    if (given === null) continue;
    if (s === seat) throw new EntryError(`${name}: ${SEAT_NAME[s]}’s hand is shown, not hidden`, name);
    constraints[s] = parseConstraints(given, name);
  }
  const samples = integerAttr(el, 'samples', 200, 1, MAX_SAMPLES);
  const seed = integerAttr(el, 'seed', 1, 0, 2 ** 32 - 1);
  const deal = contract
    ? { contract: `${contract.level}${contract.strain}`, declarer }
    : { trump: settle({ trump: strainAttr(el) }).trump, leader: seat };
  const request = { known: { [seat]: handToPbn(cards) }, ...deal, played: [], constraints, samples, seed };
  return { seat, cards, contract, declarer, request, key: JSON.stringify(request) };
}

const rangeText = ([lo, hi], max) => (lo === hi ? `${lo}` : hi === max ? `${lo}+` : lo === 0 ? `at most ${hi}` : `${lo}–${hi}`);

function constraintText(c) {
  const parts = [];
  if (c.hcp) parts.push(`${rangeText(c.hcp, 37)} HCP`);
  for (const s of SUITS) if (c[s]) parts.push(`${rangeText(c[s], 13)}${SUIT_SYMBOL[s]}`);
  return parts.join(', ');
}

/**
 * Draws the problem into `box`: what is known, the hand, the lead table (`table`, kept
 * between calls). lead: {estimates, samples, total, done, result} as the run streams in.
 */
export function renderLead(box, table, problem, lead) {
  const { seat, cards, contract, declarer, request } = problem;
  const title = `${contract ? contractTitle(contract, declarer) : strainTitle(request.trump)} · ${SEAT_NAME[seat]} to lead`;
  const hand = el('div', { class: 'gw-hand', role: 'img', 'aria-label': `${SEAT_NAME[seat]}’s hand` },
    ...SUITS.map((s) => el('div', { class: `gw-suit gw-${s.toLowerCase()}` },
      el('span', { class: 'gw-sym', text: SUIT_SYMBOL[s] }),
      el('span', { text: cards.filter((c) => c[0] === s).map((c) => rankText(c[1])).join(' ') || '—' }))));
  const known = Object.entries(request.constraints).map(([s, c]) => `${SEAT_NAME[s]}: ${constraintText(c)}`);
  const facts = el('p', { class: 'gw-hint' }, known.length ? `What the auction said: ${known.join('; ')}.` : 'Nothing is known about the other hands.');
  let note = '';
  if (lead?.done) {
    note = lead.result.exact
      ? `Exact: every one of the ${lead.result.samples} consistent layouts, solved double-dummy.`
      : `${lead.result.samples} random deals consistent with the auction (seed ${request.seed}), each solved double-dummy. Whiskers: ±1.96 standard errors.`;
  } else if (lead) note = `Dealing and solving: ${lead.samples} of ${lead.total} deals…`;
  if (lead) {
    renderSingleTable(table, {
      cards,
      estimates: lead.estimates,
      tomove: seat,
      declarer: contract ? declarer : undefined,
      caption: `Each lead: mean tricks for the defence${contract ? ', and how often it beats the contract' : ''}`,
    });
  }
  table.hidden = !lead;
  box.replaceChildren(el('p', { class: 'gw-lead-title', text: title }), el('div', { class: 'gw-lead-grid' },
    el('div', { class: 'gw-lead-hand' }, hand, facts), table), el('p', { class: 'gw-hint gw-lead-note', text: note }));
}

export const LEAD_CSS = `
.gw-lead-title { font-weight: 700; font-size: 1.05em; margin: 0 0 8px; }
.gw-lead-grid { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: flex-start; }
.gw-lead-hand { flex: 0 1 13em; min-width: 10em; display: flex; flex-direction: column; gap: 8px; }
.gw-hand { background: #fff; border: 1px solid #d3d9df; border-radius: 8px; padding: 6px 10px; font-size: 1.1em; font-weight: 600; }
.gw-suit { display: flex; gap: .5em; line-height: 1.5; }
.gw-sym { width: 1.1em; text-align: center; }
.gw-h .gw-sym, .gw-d .gw-sym { color: #c8102e; }
.gw-lead-grid .gh-sd-table { background: #fff; border: 1px solid #d3d9df; border-radius: 8px; font-size: .95em; max-width: 100%; }
.gw-lead-grid .gh-sd-table caption { padding: 0 0 4px 2px; }
.gw-lead-note { margin-top: 8px; }
@container (max-width: 480px) { ${SINGLE_TABLE_NARROW_CSS} }
`;
