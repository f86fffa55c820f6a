// The teaching site's state: the deal, the contract and the play, what the solver has said
// about them, and the solver jobs that fill it in. No DOM: the views (views.js, inside.js)
// draw it, app.js wires them up. The solver is the JS API (web/glasshand.js), whose
// scheduler runs the jobs: each kind of work here is one group (a newer job replaces the
// older), with a priority (the cards on screen first, then the table, the play record,
// the partition-search view, the classroom comparison).

import { SEATS, dealToPbn, handSize, handToPbn, nextSeat, partner, sideOf } from './bridge.js';
import { PlayHistory, replay, legalCards, seatOfCard } from './play.js';

// A single-dummy run is asked for with a click: it goes first.
export const PRIORITY = { single: 5, analyse: 4, table: 3, trace: 2, inspect: 1, ablation: 0 };

/** The game on screen, the solver, and what it has answered (keyed by position). */
export const site = {
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
  pos: null, // replay() of the cards on the table
  solver: null, // a Glasshand (web/glasshand.js)
  autoplay: null, // a token while "play the rest" runs
  traceFailed: null,
  // The single-dummy panel: the seats hidden from the player to move (null: the default,
  // see defaultHidden), constraints per hidden seat ({hcp: [lo, hi], S: [lo, hi], …}),
  // and the run on screen ({key, request, estimates, samples, total, done, error, result}).
  single: { hidden: null, constraints: {}, samples: 200, seed: 1, run: null },
  cache: {
    analyse: new Map(), // positionKey -> {tricks: {card: n}, best, done, failed?}
    inspect: new Map(), // trickStartKey -> inspect result (+ ms)
    table: new Map(), // deal PBN -> {tricks, done, par?, parKey?, error?}
    cost: new Map(), // costKey -> tricks the card cost its side (0 = none)
  },
};

// What changed, for the views: 'all', 'badges', 'table', 'record', 'inside', or a message
// ('status', text).
let listener = () => {};
export const onChange = (f) => (listener = f);
const changed = (what, detail) => listener(what, detail);

const quiet = (e) => e.code === 'stopped' || e.code === 'replaced';

// ---- keys ------------------------------------------------------------------------------

export const dealPbn = () => dealToPbn(site.hands);
export const dealKey = () => `${dealPbn()}|${site.trump}|${site.leader}`;
export const positionKey = (p = site.pos) => `${dealToPbn(p.trickStart)}|${site.trump}|${p.current.leader}|${p.current.cards.join(',')}`;
export const trickStartKey = (p = site.pos) => `${dealToPbn(p.trickStart)}|${site.trump}|${p.current.leader}|`;
/** The position on screen as the API takes it. */
export const positionRequest = (p = site.pos) => ({
  deal: dealToPbn(p.trickStart),
  trump: site.trump,
  leader: p.current.leader,
  trick: [...p.current.cards],
});
export const trickStartRequest = () => ({ ...positionRequest(), trick: [] });
/** The cost of the last of `cards`, played from the start of this deal. */
export const costKey = (cards) => `${dealKey()}|${cards.join(',')}`;

// ---- changing the game -----------------------------------------------------------------

/**
 * Loads a deal and its settings. game: {hands, trump?, leader?, declarer?, contract?, dealer?,
 * vulnerable?, perspective?, play?, cursor?, board?, names?, example?, fromHash?}.
 * Returns why the play record stops early, if it does.
 */
export function loadGame(game) {
  site.autoplay = null;
  site.hands = game.hands;
  site.example = game.example;
  site.board = game.board;
  site.names = game.names;
  site.dealer = game.dealer || site.dealer || 'N';
  site.vulnerable = game.vulnerable || 'None';
  site.contract = game.contract || undefined;
  if (site.contract) site.trump = site.contract.strain;
  else if (game.trump) site.trump = game.trump;
  if (game.declarer) site.declarer = game.declarer;
  if (game.leader) site.leader = game.leader;
  else if (game.declarer) site.leader = nextSeat(game.declarer);
  else if (!game.fromHash) site.leader = site.leader || 'W';
  if (!game.declarer) site.declarer = nextSeat(site.leader, 3);
  site.perspective = game.perspective || sideOf(site.declarer);
  let play = game.play || [];
  let cursor = game.cursor ?? play.length;
  // Keep the legal part of an imported play record.
  let problem = null;
  try {
    replay(site.hands, site.trump, site.leader, play);
  } catch (e) {
    problem = e.message;
    play = play.slice(0, e.index ?? 0);
    cursor = Math.min(cursor, play.length);
  }
  site.history = new PlayHistory(play, cursor);
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
    site.leader = nextSeat(declarer);
    site.perspective = sideOf(declarer);
  }
  if (leader) {
    site.leader = leader;
    site.declarer = nextSeat(leader, 3);
    site.perspective = sideOf(site.declarer);
  }
  if (level !== undefined) site.contract = level ? { level: Number(level), strain: site.trump, doubled: 0 } : undefined;
  if (site.contract) site.contract = { ...site.contract, strain: site.trump };
  if (!site.contract && site.display === 'contract') site.display = 'delta';
  site.history = new PlayHistory();
  site.example = site.example && site.example.trump === site.trump ? site.example : undefined;
}

/** Replays the history into `site.pos`. */
export function replayPosition() {
  try {
    site.pos = replay(site.hands, site.trump, site.leader, site.history.played);
  } catch {
    // Should not happen: the history only holds legal cards.
    site.history = new PlayHistory();
    site.pos = replay(site.hands, site.trump, site.leader, []);
  }
}

export function prevTrick() {
  let c = site.history.cursor;
  let start = Math.floor(c / 4) * 4;
  site.history.jump(c > start ? start : Math.max(0, start - 4));
}

export function nextTrick() {
  let c = site.history.cursor;
  site.history.jump(Math.min(site.history.cards.length, Math.floor(c / 4) * 4 + 4));
}

/** Plays a legal card of the side to move; false if it cannot be played. */
export function playCard(card) {
  let pos = site.pos;
  if (!pos || pos.over) return false;
  if (!legalCards(pos.hands[pos.tomove], pos.current.cards).includes(card)) return false;
  // What the card cost, from the analysis of the position it is played from.
  let a = site.cache.analyse.get(positionKey());
  if (a && a.done) {
    site.cache.cost.set(costKey([...site.history.played, card]), a.best - a.tricks[card]);
  }
  site.history.play(card);
  return true;
}

/** The best card of the current position (the lowest of the best), once analysed. */
export async function bestCard() {
  let key = positionKey();
  let a = await analyse();
  if (!a || key !== positionKey()) return null;
  let best = Object.entries(a.tricks).filter(([, t]) => t === a.best).map(([c]) => c);
  best.sort((x, y) => rankOrder(x) - rankOrder(y));
  return best[0];
}
const rankOrder = (c) => '23456789TJQKA'.indexOf(c[1]) * 4 + 'SHDC'.indexOf(c[0]);

export function analysisState() {
  if (!site.pos || site.pos.over) return 'done';
  let a = site.cache.analyse.get(positionKey());
  return a && a.failed ? 'failed' : a && a.done ? 'done' : 'pending';
}

// ---- the solver's work -------------------------------------------------------------------

// The job of each group that this page last asked for, with the key of what it computes.
const running = new Map(); // group -> {key, job}

/**
 * Starts `start({group, priority})` unless the job of `group` already computes `key`; its
 * result goes to `done`, a failure to `failed` (not a job stopped or replaced: its work is
 * asked for again when it matters again). Returns the job.
 */
function submit(group, key, start, done, failed) {
  let now = running.get(group);
  if (now && now.key === key) return now.job;
  let job = start({ group, priority: PRIORITY[group] });
  let entry = { key, job };
  running.set(group, entry);
  job.then(done, (e) => quiet(e) || failed(e)).finally(() => {
    if (running.get(group) === entry) running.delete(group);
  });
  return job;
}

/** Stops the job of `group` unless it computes `key`: it no longer matters. */
function keepOnly(group, key) {
  let now = running.get(group);
  if (now && now.key !== key) site.solver.stop(now.job);
}

/** Asks for everything the position on screen needs; stops work that no longer matters. */
export function requestWork() {
  if (!site.solver) return;
  requestTable();
  analyse();
  requestTrace();
  requestInspect();
}

/** The analysis of the position on screen (every legal card); resolves null if unavailable. */
export function analyse() {
  let pos = site.pos;
  if (!pos || pos.over) {
    if (!site.autoplay) keepOnly('analyse', null);
    return Promise.resolve(null);
  }
  let key = positionKey();
  let a = site.cache.analyse.get(key);
  if (a && (a.done || a.failed)) {
    if (!site.autoplay) keepOnly('analyse', key);
    return Promise.resolve(a.done ? a : null);
  }
  // An entry a stopped job left keeps the cards it solved (each is exact) while a new job runs.
  if (!a) {
    a = { tricks: {}, best: undefined, done: false };
    site.cache.analyse.set(key, a);
  }
  let entry = a;
  let job = submit('analyse', key, (opts) => site.solver.analyse(positionRequest(), {
    ...opts,
    onCard: ({ card, tricks }) => {
      entry.tricks[card] = tricks;
      if (key === positionKey()) changed('badges');
    },
  }), (r) => {
    Object.assign(entry, { tricks: { ...r.tricks }, best: r.best, done: true });
    changed(key === positionKey() ? 'board' : 'record');
  }, (e) => {
    // Keep the failure, so that the page does not ask again and again.
    entry.failed = e.message;
    // A solver that could not start says so itself (app.js).
    if (e.code !== 'failed') changed('status', `The solver could not analyse this position: ${e.message}`);
    if (key === positionKey()) changed('board');
  });
  return job.then(() => entry, () => (entry.done ? entry : null));
}

function requestTable() {
  let pbn = dealPbn();
  let full = handSize(site.hands) === 13;
  let parKey = `${site.dealer}|${site.vulnerable}`;
  let key = `${pbn}|${parKey}`;
  let t = site.cache.table.get(pbn);
  if (t && (t.done || t.error) && (!full || t.parKey === parKey)) {
    keepOnly('table', key);
    return;
  }
  if (!t) {
    t = { tricks: { N: {}, E: {}, S: {}, W: {} }, done: false };
    site.cache.table.set(pbn, t);
  }
  let onEntry = ({ declarer, strain, tricks }) => {
    t.tricks[declarer][strain] = tricks;
    if (pbn === dealPbn()) changed('table');
  };
  submit('table', key, (opts) => (full
    ? site.solver.par({ deal: pbn, dealer: site.dealer, vulnerability: site.vulnerable }, { ...opts, onEntry })
    : site.solver.table(pbn, { ...opts, onEntry })), (r) => {
    Object.assign(t, { tricks: r.tricks, done: true, error: undefined }, full ? { par: r, parKey } : {});
    if (pbn === dealPbn()) changed('table');
  }, (e) => {
    t.error = e.message;
    changed('table');
  });
}

function requestTrace() {
  let played = site.history.played;
  site.traceFailed = null;
  let keys = played.map((_, i) => costKey(played.slice(0, i + 1)));
  if (keys.every((k) => site.cache.cost.has(k))) {
    keepOnly('trace', null);
    return;
  }
  let dk = dealKey();
  let leader = site.leader;
  let seats = playedSeats(played);
  submit('trace', `${dk}|${played.join('')}`, (opts) => site.solver.play({ deal: dealPbn(), trump: site.trump, leader, play: played }, opts), (r) => {
    // Declarer's tricks before any card and after each card.
    let declarerSide = sideOf(nextSeat(leader, 3));
    played.forEach((_, i) => {
      let [before, after] = [r.declarerTricks[i], r.declarerTricks[i + 1]];
      let cost = sideOf(seats[i]) === declarerSide ? before - after : after - before;
      site.cache.cost.set(keys[i], Math.max(0, cost));
    });
    if (dealKey() === dk) changed('record');
  }, (e) => {
    site.traceFailed = e.message;
    changed('record');
  });
}

/** The seat that played each card of `played`. */
function playedSeats(played) {
  let seats = [];
  for (let i = 0; i < played.length; i += 4) {
    let leader = replay(site.hands, site.trump, site.leader, played.slice(0, i)).current.leader;
    played.slice(i, i + 4).forEach((_, k) => seats.push(seatOfCard(leader, k)));
  }
  return seats;
}

function requestInspect() {
  let pos = site.pos;
  if (!pos || pos.over) {
    keepOnly('inspect', null);
    return;
  }
  let key = trickStartKey();
  if (site.cache.inspect.has(key)) {
    keepOnly('inspect', key);
    return;
  }
  submit('inspect', key, (opts) => inspectFresh(trickStartRequest(), opts), (r) => {
    site.cache.inspect.set(key, r);
    if (trickStartKey() === key) changed('inside');
  }, (e) => changed('inside-failed', e.message));
}

/**
 * Inspects from an empty transposition table (the statistics then describe a solve from
 * scratch, not one helped by the jobs before it); the result gets `ms`, its wall time from
 * the moment the worker starts it (not counting the wait behind the deal's table).
 */
export function inspectFresh(position, opts) {
  let t0 = performance.now();
  let onStart = () => {
    t0 = performance.now();
    opts?.onStart?.();
  };
  let job = site.solver.inspect(position, { fresh: true, ...opts, onStart });
  let timed = job.then((r) => ({ ...r, ms: performance.now() - t0 }));
  timed.id = job.id; // still the job, for `stop`
  return timed;
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
  let key = `${positionKey()}|${JSON.stringify(request)}`;
  let now = site.single.run;
  if (now && now.key === key && !now.done && !now.error && !now.stopped) return;
  let run = { key, request, estimates: {}, samples: 0, total: request.samples, done: false, error: null, result: null };
  site.single.run = run;
  changed('single');
  submit('single', key, (opts) => site.solver.single(request, {
    ...opts,
    onCard: (card, e) => {
      if (site.single.run !== run) return;
      run.estimates[card] = e;
      run.samples = Math.max(run.samples, e.samples ?? 0);
      changed('single-progress');
    },
    onProgress: (done, total) => {
      if (site.single.run !== run) return;
      run.samples = done;
      run.total = total;
      changed('single-progress');
    },
  }), (r) => {
    if (site.single.run !== run) return;
    Object.assign(run, { result: r, estimates: { ...r.cards }, samples: r.samples, done: true });
    changed('single');
  }, (e) => {
    if (site.single.run !== run) return;
    run.error = e;
    changed('single');
  });
}

/** Stops the run (a stopped run keeps what it had). */
export function stopSingle() {
  let run = site.single.run;
  if (!run || run.done) return;
  keepOnly('single', null);
  run.stopped = true;
  changed('single');
}

/** A run of another position than the one on screen no longer matters. */
export function forgetStaleSingle() {
  let run = site.single.run;
  if (run && !run.key.startsWith(`${positionKey()}|`)) {
    keepOnly('single', null);
    site.single.run = null;
  }
}
