// What the site and the widget say about a board, written once: the contract's title, the
// lines in the middle of the table, the sentence under the diagram, the active and inert
// cards, and the diagram's model. Pure functions of the board model (board.js).

import { SEATS, SEAT_NAME, SIDE_NAME, STRAIN_SYMBOL, sideOf } from './bridge.js';
import { parContracts, sideTotal } from './results.js';

export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "4♠××", "3NT": a contract as shown. */
export const contractName = (c) => `${c.level}${STRAIN_SYMBOL[c.strain]}${['', '×', '××'][c.doubled || 0]}`;

/** "4♠× by South". */
export const contractTitle = (c, declarer) => `${contractName(c)} by ${SEAT_NAME[declarer]}`;

/** "Notrump" or "♠ trumps". */
export const strainTitle = (trump) => (trump === 'NT' ? 'Notrump' : `${STRAIN_SYMBOL[trump]} trumps`);

/** A job's time for people. A page that is not cross-origin isolated reads the clock in
 * steps of 0.1 ms, so that is the finest figure worth showing. The unit goes by the figure
 * as rounded: 9.96 ms is "10 ms", not "10.0 ms". */
export function durationText(ms) {
  if (ms < 0.1) return 'under 0.1 ms';
  if (Math.round(ms * 10) < 100) return `${(Math.round(ms * 10) / 10).toFixed(1)} ms`;
  return Math.round(ms) < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** How a contract fares with `tricks` for declarer: "3NT makes with 1 overtrick", "4♠ goes 2 down". */
export function contractResult(contract, tricks) {
  const d = tricks - (contract.level + 6);
  const name = contractName(contract);
  if (d < 0) return `${name} goes ${-d} down`;
  return d ? `${name} makes with ${plural(d, 'overtrick')}` : `${name} makes exactly`;
}

/**
 * Par as a player says it, contract then score: "3♥ by N–S, +140", "4♠ or 4♥ by N–S, +620",
 * "5♦× by E–W, 2 down, N–S +300", "Passed out, 0". `par`: {dealerParScoreNs,
 * dealerParContracts}, as the solver's par job answers; '' without a score.
 */
export function parSentence(par) {
  const score = par?.dealerParScoreNs;
  if (score === undefined || score === null) return '';
  if (score === 0) return 'Passed out, 0';
  const winner = score > 0 ? 'NS' : 'EW';
  const contracts = parContracts(par.dealerParContracts);
  if (!contracts.length) return `${SIDE_SHORT[winner]} +${Math.abs(score)}`;
  // Contracts by the same declarer with the same result share "by …": "4♠ or 4♥ by N–S".
  const groups = [];
  for (const c of contracts) {
    const last = groups[groups.length - 1];
    if (last && c.by && last.by === c.by && last.down === c.down) last.names.push(c.name);
    else groups.push({ ...c, names: [c.name] });
  }
  const downs = new Set(contracts.map((c) => c.down || 0));
  const sameDown = downs.size === 1 ? [...downs][0] : null;
  const text = groups
    .map((g) => (g.by ? `${g.names.join(' or ')} by ${g.by}${g.down && sameDown === null ? ` ${g.down} down` : ''}` : g.name))
    .join(' or ');
  const makes = contracts.every((c) => c.side === winner && !c.down);
  if (makes) return `${text}, +${Math.abs(score)}`;
  return `${text}${sameDown ? `, ${sameDown} down` : ''}, ${SIDE_SHORT[winner]} +${Math.abs(score)}`;
}

const SIDE_SHORT = { NS: 'N–S', EW: 'E–W' };

/** The lines in the middle of the table. `strain`: name the strain without a contract. */
export function centreLines(board, { strain = true, lead = true } = {}) {
  const pos = board.pos;
  const lines = [];
  if (board.contract) lines.push(contractTitle(board.contract, board.declarer));
  else if (strain) lines.push(strainTitle(board.trump));
  if (board.history.cursor) lines.push(`NS ${pos.won.NS} \u00b7 EW ${pos.won.EW}`);
  else if (lead && !pos.over) lines.push(`${SEAT_NAME[pos.tomove]} leads`);
  if (pos.over) lines.push('Play over');
  return lines;
}

/**
 * The sentence under the diagram, counted for `side`: the trick and who plays, and what best
 * play gives from here (`analysis` once done; `solving`: say that it is coming).
 */
export function positionSentence(board, side, analysis, { solving = true } = {}) {
  const pos = board.pos;
  const declares = board.contract && sideOf(board.declarer) === side;
  if (pos.over) {
    const t = pos.won[side];
    return `Play over: ${SIDE_NAME[side]} took ${plural(t, 'trick')}${declares ? `: ${contractResult(board.contract, t)}` : ''}.`;
  }
  let s = `Trick ${board.trickNumber}, ${SEAT_NAME[pos.tomove]} to play.`;
  if (analysis && analysis.done) {
    const t = sideTotal(pos, side, analysis.best);
    s += ` With best play from here ${SIDE_NAME[side]} take ${plural(t, 'trick')} in all${declares ? `: ${contractResult(board.contract, t)}` : ''}.`;
  } else if (solving) s += ' Solving\u2026';
  return s;
}

/**
 * What an inspection of the trick start says: `value` (who takes how many of the tricks
 * left) and `inert` (how many cards do not matter, and for how many deals the result holds).
 */
export function inspectSentences(board, r) {
  const pos = board.pos;
  const leader = pos.current.leader;
  const left = pos.trickStart[leader].length;
  const inert = r.active.inert.length;
  const sharing = Number(r.active.dealsSharing ?? 1);
  return {
    value: `At the start of trick ${board.trickNumber}, ${SEAT_NAME[leader]} on lead, ${SIDE_NAME[sideOf(leader)]} can take ${r.tricks} of the ${plural(left, 'trick')} left.`,
    inert: inert
      ? `The other ${inert} cards are inert (x): this result holds for ${sharing.toLocaleString('en')} deals that differ only in the x cards.`
      : 'Every card is active here: no other layout shares this result.',
  };
}

/**
 * The model of web/ui/diagram.js for the board on screen. interactive: the cards of the
 * player to move can be clicked; results: the card badges; inert: cards drawn as x;
 * dealer: show the dealer mark; names: {N: 'North · Ann', …}; centre: as centreLines.
 */
export function diagramModel(board, { interactive = true, results = {}, inert = new Set(), dealer = true, names, centre = {} } = {}) {
  const pos = board.pos;
  const last = pos.tricks[pos.tricks.length - 1];
  const trick = pos.current.cards.length ? pos.current : board.history.cursor && last ? last : null;
  return {
    hands: pos.hands,
    names,
    dealer: board.fullDeal && dealer ? board.dealer : undefined,
    vulnerable: board.vulnerable,
    // Without play nothing is clickable: don't mark the hand on lead.
    tomove: interactive ? pos.tomove : undefined,
    legal: new Set(interactive ? board.legalCards() : []),
    results,
    inert,
    trick: trick ? { leader: trick.leader, cards: trick.cards, winner: trick === last ? last.winner : undefined } : null,
    centre: centreLines(board, centre),
    showHcp: board.fullDeal,
    label: `Deal: ${board.trump === 'NT' ? 'notrump' : `${STRAIN_SYMBOL[board.trump]} trumps`}, ${pos.over ? 'play over' : `${SEAT_NAME[pos.tomove]} to play`}`,
  };
}

/** Seat labels with the players' names: {N: 'North · Ann', …}. */
export const seatNames = (names) => names && Object.fromEntries(SEATS.map((s) => [s, names[s] ? `${SEAT_NAME[s]} · ${names[s]}` : SEAT_NAME[s]]));
