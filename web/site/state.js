// The teaching site's state: a board (web/board/board.js: the deal, the contract, the play
// and what the solver said) plus the site's own panels. No DOM: the views (views.js,
// inside.js, single.js) draw it, app.js wires them up. Each kind of solver work is one group
// of the JS API's scheduler (a newer job replaces the older), with a priority: a
// single-dummy run, asked for with a click, first; then the cards on screen, the table, the
// play record, the partition-search view, the classroom comparison.

import { SEATS, handSize, handToPbn, partner, sideOf } from '../board/bridge.js';
import { Board } from '../board/board.js';

export const PRIORITY = { single: 5, analyse: 4, table: 3, trace: 2, inspect: 1, ablation: 0 };

/** The board on screen (with `solver`, a Glasshand, set by app.js) and the site's panels. */
export const site = Object.assign(new Board({ jobOptions: (group) => ({ group, priority: PRIORITY[group] }) }), {
  perspective: 'NS',
  display: 'delta',
  boardNumber: undefined,
  names: undefined,
  example: undefined,
  showInert: false, // draw the inert cards as x (a view setting: a new deal keeps it)
  autoplay: null, // a token while "play the rest" runs
  // The single-dummy panel: the seats hidden from the player to move (null: the default,
  // see defaultHidden), constraints per hidden seat ({hcp: [lo, hi], S: [lo, hi], …}),
  // (the run on screen is the board's singleRun).
  single: { hidden: null, constraints: {}, samples: 200, seed: 1 },
});

// What changed, for the views: 'board', 'badges', 'table', 'record', 'inside',
// 'inside-failed', 'single', 'single-progress', or a message ('status', text).
export const onChange = (f) => (site.onChange = f);
const changed = (what, detail) => site.onChange(what, detail);

// ---- changing the game -----------------------------------------------------------------

/**
 * Loads a deal and its settings. game: {hands, trump?, leader?, declarer?, contract?, dealer?,
 * vulnerable?, perspective?, play?, cursor?, board?, names?, example?, showInert?}.
 * Returns why the play record stops early, if it does.
 */
export function loadGame(game) {
  site.autoplay = null;
  site.example = game.example;
  site.boardNumber = game.board;
  site.names = game.names;
  // A new deal borrows nothing from the deal shown before: it brings its own contract and
  // lead, or takes the board's defaults.
  if (game.showInert !== undefined) site.showInert = game.showInert;
  const problem = site.load(game, {});
  site.perspective = game.perspective || sideOf(site.declarer);
  // Hidden hands and constraints describe one deal's auction.
  Object.assign(site.single, { hidden: null, constraints: {} });
  return problem;
}

/** Changes trumps, declarer, leader or level; the play starts again. */
export function setContract({ trump, declarer, leader, level }) {
  site.autoplay = null;
  if (trump) site.trump = trump;
  if (declarer) {
    site.declarer = declarer;
    site.leader = null;
  }
  if (leader) {
    site.leader = leader;
    site.declarer = null;
  }
  if (level !== undefined) site.contract = level ? { level: Number(level), strain: site.trump, doubled: 0 } : undefined;
  if (site.contract) site.contract = { ...site.contract, strain: site.trump };
  site.load({ hands: site.hands, contract: site.contract, trump: site.trump, declarer: site.declarer, leader: site.leader, dealer: site.dealer, vulnerable: site.vulnerable });
  site.perspective = sideOf(site.declarer);
  if (!site.contract && site.display === 'contract') site.display = 'delta';
  site.example = site.example && site.example.trump === site.trump ? site.example : undefined;
}

export function prevTrick() {
  site.move((h) => {
    const start = Math.floor(h.cursor / 4) * 4;
    h.jump(h.cursor > start ? start : Math.max(0, start - 4));
  });
}

export function nextTrick() {
  site.move((h) => h.jump(Math.min(h.cards.length, Math.floor(h.cursor / 4) * 4 + 4)));
}

// ---- single-dummy analysis ------------------------------------------------------------------

/** Single-dummy analysis needs the original 13-card hands and a card to choose. */
export const singleAvailable = () => Boolean(site.pos && !site.pos.over && handSize(site.hands) === 13);

/** The hands the player to move cannot see: all but its own, and dummy's once it is down
 * (declarer sees both when dummy is to play). */
export function defaultHidden(pos = site.pos) {
  let dummy = partner(site.declarer);
  let seen = new Set([pos.tomove === dummy ? site.declarer : pos.tomove]);
  if (site.history.played.length || pos.tomove === dummy) seen.add(dummy);
  return SEATS.filter((s) => !seen.has(s));
}

/** The hidden seats on screen (the player to move always sees its own hand). */
export function hiddenSeats() {
  let hidden = site.single.hidden ?? defaultHidden();
  return hidden.filter((s) => s !== site.pos.tomove);
}

/** The request of `solver.single` for the position on screen and the panel's settings. */
export function singleRequest() {
  let hidden = hiddenSeats();
  let known = Object.fromEntries(SEATS.filter((s) => !hidden.includes(s)).map((s) => [s, handToPbn(site.hands[s])]));
  let constraints = Object.fromEntries(hidden
    .map((s) => [s, site.single.constraints[s]])
    .filter(([, c]) => c && Object.keys(c).length));
  let deal = site.contract
    ? { contract: `${site.contract.level}${site.contract.strain}`, declarer: site.declarer }
    : { trump: site.trump, leader: site.leader };
  return { known, ...deal, played: [...site.history.played], constraints, samples: site.single.samples, seed: site.single.seed };
}

/** Runs the single-dummy analysis of the position on screen; changes stream as 'single'. */
export function runSingle() {
  if (!site.solver || !singleAvailable()) return;
  let request = singleRequest();
  site.runSingle(request, `${site.positionKey()}|${JSON.stringify(request)}`);
}

/** Stops the run (a stopped run keeps what it had). */
export function stopSingle() {
  let run = site.singleRun;
  if (!run || run.done) return;
  site.keepOnly('single', null);
  run.stopped = true;
  changed('single');
}

/** A run of another position than the one on screen no longer matters. */
export function forgetStaleSingle() {
  let run = site.singleRun;
  if (run && !run.key.startsWith(`${site.positionKey()}|`)) {
    site.keepOnly('single', null);
    site.singleRun = null;
  }
}

