// The board model under the site and the widget: a deal with its contract, declarer,
// dealer and vulnerability, the play so far, and what the solver has answered about it,
// cached by position. No DOM: views draw it (web/ui/, web/site/, web/widget/) and hear of
// its changes through `onChange(what, detail)`. Jobs go to a solver of the JS API
// (web/glasshand.js); its scheduler runs them, each kind of work in a group of its own
// (a newer job of a group replaces the older; `jobOptions` sets group and priority).

import { dealToPbn, handSize, nextSeat, sideOf } from './bridge.js';
import { PlayHistory, legalCards, replay, seatOfCard } from './play.js';

/**
 * The seat and contract defaults, written here only. `given` may hold contract ({level,
 * strain, doubled}), trump, declarer, leader, dealer, vulnerable; `previous` (the board
 * shown before) lends its trump, leader and dealer when `given` names none.
 */
export function settle(given = {}, previous = {}) {
  const contract = given.contract || undefined;
  const trump = contract ? contract.strain : given.trump || previous.trump || 'NT';
  const leader = given.leader || (given.declarer ? nextSeat(given.declarer) : previous.leader || 'W');
  const declarer = given.declarer || nextSeat(leader, 3);
  return {
    contract,
    trump,
    leader,
    declarer,
    dealer: given.dealer || previous.dealer || 'N',
    vulnerable: given.vulnerable || 'None',
  };
}

// The lowest card first, spades before hearts among equals.
const rankOrder = (c) => '23456789TJQKA'.indexOf(c[1]) * 4 + 'SHDC'.indexOf(c[0]);

// Job errors that only mean "no longer wanted": the work is asked for again when it matters.
const quiet = (e) => e && (e.code === 'stopped' || e.code === 'replaced' || e.code === 'destroyed');

export class Board {
  /**
   * solver: a Glasshand (may be set later); jobOptions(group): {group, priority} or {queue}
   * for a kind of work ('table', 'analyse', 'trace', 'inspect', or a host's own);
   * onChange(what, detail): 'badges', 'board', 'table', 'record', 'inside', 'inside-failed',
   * 'single', 'single-progress', 'status', 'jobs' (a job ended unanswered: stopped, replaced).
   */
  constructor({ solver = null, jobOptions = (group) => ({ group }), onChange = () => {} } = {}) {
    this.solver = solver;
    this.jobOptions = jobOptions;
    this.onChange = onChange;
    this.hands = null;
    Object.assign(this, settle());
    this.history = new PlayHistory();
    this.pos = null; // replay() of the cards on the table
    this.cache = {
      analyse: new Map(), // positionKey -> {tricks: {card: n}, best, done, failed?}
      inspect: new Map(), // trickStartKey -> inspect result (+ ms) or {error}
      table: new Map(), // deal PBN -> {tricks, done, par?, parKey?, error?}
      cost: new Map(), // costKey -> tricks the card cost its side (0 = none)
    };
    this.running = new Map(); // group -> {key, job}: what this board last asked of each group
    this.traceFailed = null;
    this.autoplay = null; // a token while the host plays the best cards itself
    this.singleRun = null;
  }

  /** Loads a deal: `game` as `settle` reads it, with hands, play and cursor. Returns why the
   * play record stops early, if it does (only its legal part is kept). */
  load(game, previous) {
    this.hands = game.hands;
    Object.assign(this, settle(game, previous));
    let play = game.play || [];
    let cursor = game.cursor ?? play.length;
    let problem = null;
    try {
      replay(this.hands, this.trump, this.leader, play);
    } catch (e) {
      problem = e.message;
      play = play.slice(0, e.index ?? 0);
      cursor = Math.min(cursor, play.length);
    }
    this.history = new PlayHistory(play, cursor);
    this.replay();
    return problem;
  }

  /** Replays the history into `pos`. */
  replay() {
    try {
      this.pos = replay(this.hands, this.trump, this.leader, this.history.played);
    } catch {
      // Should not happen: the history only holds legal cards.
      this.history = new PlayHistory();
      this.pos = replay(this.hands, this.trump, this.leader, []);
    }
    return this.pos;
  }

  get fullDeal() {
    return handSize(this.hands) === 13;
  }

  /** The number of the trick being played, counting those an ending left out. */
  get trickNumber() {
    return this.pos.tricks.length + 1 + (13 - handSize(this.hands));
  }

  legalCards() {
    const pos = this.pos;
    return pos.over ? [] : legalCards(pos.hands[pos.tomove], pos.current.cards);
  }

  /** Plays a legal card of the side to move; false if it cannot be played. */
  play(card) {
    if (!this.pos || !this.legalCards().includes(card)) return false;
    // What the card cost, from the analysis of the position it is played from.
    const a = this.cache.analyse.get(this.positionKey());
    if (a && a.done) this.cache.cost.set(this.costKey([...this.history.played, card]), a.best - a.tricks[card]);
    this.history.play(card);
    this.replay();
    return true;
  }

  /** Moves the cursor of the play; `f(history)` does the move. */
  move(f) {
    f(this.history);
    return this.replay();
  }

  // ---- keys ----------------------------------------------------------------------------

  dealPbn() {
    return dealToPbn(this.hands);
  }

  dealKey() {
    return `${this.dealPbn()}|${this.trump}|${this.leader}`;
  }

  positionKey(p = this.pos) {
    return `${dealToPbn(p.trickStart)}|${this.trump}|${p.current.leader}|${p.current.cards.join(',')}`;
  }

  trickStartKey(p = this.pos) {
    return `${dealToPbn(p.trickStart)}|${this.trump}|${p.current.leader}|`;
  }

  /** The position on screen as the API takes it. */
  positionRequest(p = this.pos) {
    return { deal: dealToPbn(p.trickStart), trump: this.trump, leader: p.current.leader, trick: [...p.current.cards] };
  }

  trickStartRequest() {
    return { ...this.positionRequest(), trick: [] };
  }

  /** The cost of the last of `cards`, played from the start of this deal. */
  costKey(cards) {
    return `${this.dealKey()}|${cards.join(',')}`;
  }

  // ---- what the solver said --------------------------------------------------------------

  analysis() {
    return this.pos && this.cache.analyse.get(this.positionKey());
  }

  analysisState() {
    if (!this.pos || this.pos.over) return 'done';
    const a = this.analysis();
    return a && a.failed ? 'failed' : a && a.done ? 'done' : 'pending';
  }

  table() {
    return this.hands && this.cache.table.get(this.dealPbn());
  }

  inspection() {
    return this.pos && this.cache.inspect.get(this.trickStartKey());
  }

  /** The best card of the position on screen (the lowest of the best), once analysed. */
  async bestCard() {
    const key = this.positionKey();
    const a = await this.analyse();
    if (!a || key !== this.positionKey()) return null;
    const best = this.legalCards().filter((c) => a.tricks[c] === a.best);
    best.sort((x, y) => rankOrder(x) - rankOrder(y));
    return best[0] ?? null;
  }

  // ---- the solver's work -----------------------------------------------------------------

  /**
   * Starts `start(options)` unless this board's job of `group` already computes `key`; its
   * result goes to `done`, a failure to `failed` (not a job stopped or replaced). Returns
   * the job.
   */
  submit(group, key, start, done, failed) {
    const now = this.running.get(group);
    if (now && now.key === key) return now.job;
    const job = start(this.jobOptions(group));
    const entry = { key, job };
    this.running.set(group, entry);
    // The job leaves `running` before its answer is told, so that views see it ended.
    const ended = () => this.running.get(group) === entry && this.running.delete(group);
    job.then((r) => {
      ended();
      done(r);
    }, (e) => {
      ended();
      if (quiet(e)) this.onChange('jobs');
      else failed(e);
    }).catch((e) => console.error(e));
    return job;
  }

  /** Stops this board's job of `group` unless it computes `key`: it no longer matters. */
  keepOnly(group, key) {
    const now = this.running.get(group);
    if (now && now.key !== key) this.solver.stop(now.job);
  }

  /** Stops every job of this board (it is gone, or its deal changed). */
  stopAll() {
    for (const { job } of this.running.values()) this.solver?.stop(job);
    this.running.clear();
  }

  /** Asks for what the position on screen needs: `want` picks the kinds (default all). */
  requestWork(want = { table: true, analyse: true, trace: true, inspect: true }) {
    if (!this.solver || !this.pos) return;
    if (want.table) this.requestTable();
    if (want.analyse) this.analyse();
    if (want.trace) this.requestTrace();
    if (want.inspect) this.requestInspect();
  }

  /** The analysis of the position on screen (every legal card); resolves null if unavailable.
   * While `autoplay` is set, a running analysis of another position is left alone. */
  analyse() {
    const pos = this.pos;
    const keep = Boolean(this.autoplay);
    if (!this.solver || !pos || pos.over) {
      if (!keep && this.solver) this.keepOnly('analyse', null);
      return Promise.resolve(null);
    }
    const key = this.positionKey();
    let a = this.cache.analyse.get(key);
    if (a && (a.done || a.failed)) {
      if (!keep) this.keepOnly('analyse', key);
      return Promise.resolve(a.done ? a : null);
    }
    // An entry a stopped job left keeps the cards it solved (each is exact) while a new job runs.
    if (!a) {
      a = { tricks: {}, best: undefined, done: false };
      this.cache.analyse.set(key, a);
    }
    const entry = a;
    const job = this.submit('analyse', key, (opts) => this.solver.analyse(this.positionRequest(), {
      ...opts,
      onCard: ({ card, tricks }) => {
        entry.tricks[card] = tricks;
        if (key === this.positionKey()) this.onChange('badges');
      },
    }), (r) => {
      Object.assign(entry, { tricks: { ...r.tricks }, best: r.best, done: true });
      this.onChange(key === this.positionKey() ? 'board' : 'record');
    }, (e) => {
      // Kept, so that the page does not ask again and again.
      entry.failed = e.message;
      // A solver that could not start says so itself.
      if (e.code !== 'failed') this.onChange('status', `The solver could not analyse this position: ${e.message}`);
      if (key === this.positionKey()) this.onChange('board');
    });
    return job.then(() => entry, () => (entry.done ? entry : null));
  }

  /** The DD table, with par for a full deal. */
  requestTable() {
    const pbn = this.dealPbn();
    const full = this.fullDeal;
    const parKey = `${this.dealer}|${this.vulnerable}`;
    const key = `${pbn}|${parKey}`;
    let t = this.cache.table.get(pbn);
    if (t && (t.done || t.error) && (!full || t.parKey === parKey)) {
      this.keepOnly('table', key);
      return;
    }
    if (!t) {
      t = { tricks: { N: {}, E: {}, S: {}, W: {} }, done: false };
      this.cache.table.set(pbn, t);
    }
    const onEntry = ({ declarer, strain, tricks }) => {
      t.tricks[declarer][strain] = tricks;
      if (pbn === this.dealPbn()) this.onChange('table');
    };
    const { dealer, vulnerable } = this;
    this.submit('table', key, (opts) => (full
      ? this.solver.par({ deal: pbn, dealer, vulnerability: vulnerable }, { ...opts, onEntry })
      : this.solver.table(pbn, { ...opts, onEntry })), (r) => {
      Object.assign(t, { tricks: r.tricks, done: true, error: undefined }, full ? { par: r, parKey } : {});
      if (pbn === this.dealPbn()) this.onChange('table');
    }, (e) => {
      t.error = e.message;
      this.onChange('table');
    });
  }

  /** What each card of the play record cost its side (a trace of the whole play). */
  requestTrace() {
    const played = this.history.played;
    this.traceFailed = null;
    const keys = played.map((_, i) => this.costKey(played.slice(0, i + 1)));
    if (keys.every((k) => this.cache.cost.has(k))) {
      this.keepOnly('trace', null);
      return;
    }
    const dk = this.dealKey();
    const { leader, trump } = this;
    const seats = this.playedSeats(played);
    this.submit('trace', `${dk}|${played.join('')}`, (opts) => this.solver.play({ deal: this.dealPbn(), trump, leader, play: played }, opts), (r) => {
      // Declarer's tricks before any card and after each card.
      const declarerSide = sideOf(nextSeat(leader, 3));
      played.forEach((_, i) => {
        const [before, after] = [r.declarerTricks[i], r.declarerTricks[i + 1]];
        const cost = sideOf(seats[i]) === declarerSide ? before - after : after - before;
        this.cache.cost.set(keys[i], Math.max(0, cost));
      });
      if (this.dealKey() === dk) this.onChange('record');
    }, (e) => {
      this.traceFailed = e.message;
      this.onChange('record');
    });
  }

  /** The seat that played each card of `played`. */
  playedSeats(played) {
    const seats = [];
    for (let i = 0; i < played.length; i += 4) {
      const leader = replay(this.hands, this.trump, this.leader, played.slice(0, i)).current.leader;
      played.slice(i, i + 4).forEach((_, k) => seats.push(seatOfCard(leader, k)));
    }
    return seats;
  }

  /** The active and inert cards at the start of the trick on screen. */
  requestInspect() {
    const pos = this.pos;
    if (!pos || pos.over) {
      this.keepOnly('inspect', null);
      return;
    }
    const key = this.trickStartKey();
    if (this.cache.inspect.has(key)) {
      this.keepOnly('inspect', key);
      return;
    }
    this.submit('inspect', key, (opts) => this.inspectFresh(this.trickStartRequest(), opts), (r) => {
      this.cache.inspect.set(key, r);
      if (this.trickStartKey() === key) this.onChange('inside');
    }, (e) => {
      this.cache.inspect.set(key, { error: e.message });
      this.onChange('inside-failed', e.message);
    });
  }

  /**
   * Runs a single-dummy analysis (`solver.single`) into `singleRun` = {key, request,
   * estimates, samples, total, done, error, result, stopped?}, unless it already runs `key`.
   * Changes: 'single', and 'single-progress' as the estimates stream in.
   */
  runSingle(request, key = JSON.stringify(request)) {
    const now = this.singleRun;
    if (now && now.key === key && !now.done && !now.error && !now.stopped) return now;
    const run = { key, request, estimates: {}, samples: 0, total: request.samples, done: false, error: null, result: null };
    this.singleRun = run;
    this.onChange('single');
    const live = () => this.singleRun === run;
    this.submit('single', key, (opts) => this.solver.single(request, {
      ...opts,
      onCard: (card, e) => {
        if (!live()) return;
        run.estimates[card] = e;
        run.samples = Math.max(run.samples, e.samples ?? 0);
        this.onChange('single-progress');
      },
      onProgress: (done, total) => {
        if (!live()) return;
        Object.assign(run, { samples: done, total });
        this.onChange('single-progress');
      },
    }), (r) => {
      if (!live()) return;
      Object.assign(run, { result: r, estimates: { ...r.cards }, samples: r.samples, done: true });
      this.onChange('single');
    }, (e) => {
      if (!live()) return;
      run.error = e;
      this.onChange('single');
    });
    return run;
  }

  /**
   * Inspects from an empty transposition table (the statistics then describe a solve from
   * scratch, not one helped by the jobs before it); the result gets `ms`, its time as the
   * worker measured it, from its start to its result (clearing the table included, the
   * wait behind other jobs not).
   */
  inspectFresh(position, opts) {
    let ms;
    const onTime = (t) => {
      ms = t;
      opts?.onTime?.(t);
    };
    const job = this.solver.inspect(position, { fresh: true, ...opts, onTime });
    const timed = job.then((r) => ({ ...r, ms }));
    timed.id = job.id; // still the job, for `stop`
    return timed;
  }
}
