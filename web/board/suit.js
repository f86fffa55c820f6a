// Exact suit play, without the DOM: reading two holdings as the engine does, North–South's
// cards of a suit from a deal, and reading the solver's answer (`solver.suit`, PROTOCOL.md):
// walking a line card by card with the layouts still possible, each layout's tricks under a
// line, and what strategy fusion costs. The site's panel and the widget draw from this.
//
// A line is a tree: `{play: 'NA', then}` is declarer's card, `{seat: 'E', shows: {'987654 Q
// -': next, …}}` a defender's turn. A key lists the cards after which declarer goes on alike:
// each token is a gap (missing cards between the same two North–South cards, alike to
// declarer) or `-` for a show-out.

import { EntryError, RANKS, rankText } from './bridge.js';

export const SHOW_OUT = '-';

/** A bad holding: `code` as the engine's (`duplicate-card`, `unknown-rank`, `too-many-cards`,
 * `no-cards`, `bad-vacant-places`), `field` the input it is about. */
export class SuitInputError extends EntryError {
  constructor(message, code, field) {
    super(message, field);
    this.code = code;
  }
}

const FIELD_NAME = { north: 'North', south: 'South' };

/** One hand's text: its named ranks (highest first) and how many `x`. */
function readHand(text, field) {
  let t = String(text ?? '').trim().toUpperCase().replace(/[\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667]/g, '');
  t = t.replace(/[\s,]+/g, '');
  if (t === '-' || t === '\u2014' || t === '\u2013' || t === 'VOID') t = '';
  const named = [];
  let spots = 0;
  for (let i = 0; i < t.length; i++) {
    let ch = t[i];
    if (ch === 'X') {
      spots++;
      continue;
    }
    if (ch === '1' && t[i + 1] === '0') {
      ch = 'T';
      i++;
    }
    if (!RANKS.includes(ch)) {
      throw new SuitInputError(`${FIELD_NAME[field]}: “${ch}” is not a rank (use A K Q J 10 or T, 9 … 2, or x for a small card)`, 'unknown-rank', field);
    }
    if (named.includes(ch)) throw new SuitInputError(`${FIELD_NAME[field]}: the ${rankText(ch)} is written twice`, 'duplicate-card', field);
    named.push(ch);
  }
  if (named.length + spots > 13) {
    throw new SuitInputError(`${FIELD_NAME[field]} has ${named.length + spots} cards of the suit; a suit has 13`, 'too-many-cards', field);
  }
  return { named, spots };
}

const byRank = (a, b) => RANKS.indexOf(a) - RANKS.indexOf(b);
const ranksText = (ranks) => [...ranks].sort(byRank).join('') || SHOW_OUT;

/**
 * Reads North's and South's holdings as the engine does: ranks AKQJT98765432 (`10` for the
 * ten, either case, suit symbols and spaces ignored), each `x` the lowest rank named in
 * neither hand (North's first), `-` or nothing a void. Returns `{north, south, missing}`
 * as rank strings (`'AJ2'`, `'-'` when void), or throws a SuitInputError.
 */
export function parseSuitHoldings(northText, southText) {
  const north = readHand(northText, 'north');
  const south = readHand(southText, 'south');
  const twice = north.named.find((r) => south.named.includes(r));
  if (twice) throw new SuitInputError(`The ${rankText(twice)} is in both hands`, 'duplicate-card', 'south');
  const named = [...north.named, ...south.named];
  const total = named.length + north.spots + south.spots;
  if (total > 13) throw new SuitInputError(`The two hands have ${total} cards of the suit; a suit has 13`, 'too-many-cards', 'south');
  if (!total) throw new SuitInputError('North and South hold no card of the suit: give at least one', 'no-cards', 'north');
  const free = [...RANKS].reverse().filter((r) => !named.includes(r));
  const n = [...north.named, ...free.splice(0, north.spots)];
  const s = [...south.named, ...free.splice(0, south.spots)];
  const missing = [...RANKS].filter((r) => !n.includes(r) && !s.includes(r));
  return { north: ranksText(n), south: ranksText(s), missing: ranksText(missing) };
}

/** The vacant places of one defender: 13 when blank, else a whole number 0..13. */
export function parseVacant(text, seatName) {
  const t = String(text ?? '').trim();
  if (!t) return 13;
  const n = Number(t);
  if (!Number.isInteger(n) || n < 0 || n > 13) {
    throw new SuitInputError(`${seatName}’s vacant places must be a whole number from 0 to 13`, 'bad-vacant-places', seatName === 'West' ? 'westVacant' : 'eastVacant');
  }
  return n;
}

/** The solver's request for the texts, checked: `{north, south, westVacant, eastVacant}`. */
export function suitRequest({ north, south, westVacant, eastVacant }) {
  const h = parseSuitHoldings(north, south);
  const w = parseVacant(westVacant, 'West');
  const e = parseVacant(eastVacant, 'East');
  const m = h.missing === SHOW_OUT ? 0 : h.missing.length;
  if (w + e < m) {
    throw new SuitInputError(`West’s ${w} and East’s ${e} vacant places cannot hold the ${m} missing cards`, 'bad-vacant-places', 'westVacant');
  }
  return { north: h.north, south: h.south, westVacant: w, eastVacant: e };
}

/** North–South's cards of `suit` in a deal (`{N: ['SA', …], S: […]}`): `{north, south}`. */
export function suitOfDeal(hands, suit) {
  const ranks = (seat) => ranksText((hands[seat] || []).filter((c) => c[0] === suit).map((c) => c[1]));
  return { north: ranks('N'), south: ranks('S') };
}

// ---- the answer ----------------------------------------------------------------------------

/** The gaps of the missing cards: runs of missing ranks between two North–South cards,
 * highest first; each `{text, top}` (`top` the rank index of its highest card, 0 the ace). */
export function suitGaps(north, south) {
  const ns = new Set(`${north}${south}`.replace(/-/g, ''));
  const gaps = [];
  let open = null;
  for (const [i, r] of [...RANKS].entries()) {
    if (ns.has(r)) open = null;
    else if (open) open.text += r;
    else gaps.push((open = { text: r, top: i }));
  }
  return gaps;
}

/**
 * An answer of `solver.suit`, read: its gaps, each split's holdings counted per gap, and
 * the lines of each goal. `goal` is a target's number of tricks or 'average'.
 */
export class SuitAnswer {
  constructor(result) {
    this.result = result;
    this.gaps = suitGaps(result.north, result.south);
    this.gapIndex = new Map(this.gaps.map((g, i) => [g.text, i]));
    this.splits = result.splits.map((s, i) => ({ ...s, index: i, counts: { W: this.#counts(s.west), E: this.#counts(s.east) } }));
  }

  #counts(holding) {
    const counts = this.gaps.map(() => 0);
    for (const r of holding === SHOW_OUT ? '' : holding) {
      const g = this.gaps.findIndex((gap) => gap.text.includes(r));
      if (g < 0) throw new Error(`the split's ${r} is not a missing card`);
      counts[g]++;
    }
    return counts;
  }

  /** The goals: each target `{goal: t, tricks: t, probability, line}`, then the average. */
  get goals() {
    return [
      ...this.result.targets.map((t) => ({ goal: t.tricks, ...t })),
      { goal: 'average', tricks: this.result.average.tricks, line: this.result.average.line },
    ];
  }

  /** The most tricks the best line ever makes: the highest target with a chance above zero (1
   *  when none has one). Asking for more than the longer hand can ever take makes a poor
   *  problem: AJ9753 / - "for 6 tricks" is answered 0%. */
  get mostInReach() {
    const reached = this.result.targets.filter((t) => t.probability > 0).map((t) => t.tricks);
    return Math.max(1, ...reached);
  }

  /** The line of a goal (a target's tricks or 'average'). */
  line(goal) {
    if (goal === 'average') return this.result.average.line;
    const t = this.result.targets.find((x) => x.tricks === Number(goal));
    if (!t) throw new Error(`no target of ${goal} tricks`);
    return t.line;
  }

  /** The goal a reader most likely asks about: the most tricks with a real chance. */
  get defaultGoal() {
    const targets = this.result.targets;
    const best = [...targets].reverse().find((t) => t.probability >= 0.25) || targets[0];
    return best ? best.tricks : 'average';
  }

  /** North–South's tricks on each split (by index) when declarer follows `goal`'s line and
   * the defenders, who see every card, play to beat him: the engine's figures. */
  tricksByLine(goal) {
    if (goal === 'average') return this.splits.map((s) => s.tricks);
    const t = this.result.targets.findIndex((x) => x.tricks === Number(goal));
    if (t < 0) throw new Error(`no target of ${goal} tricks`);
    return this.splits.map((s) => s.byTarget[t]);
  }

  /** What double dummy gets that no real line does: the averages and, per target, the
   * chance of at least that many tricks. */
  fusion() {
    const r = this.result;
    const chance = (t) => this.splits.reduce((p, s) => p + (s.doubleDummy >= t ? s.probability : 0), 0);
    return {
      doubleDummy: r.doubleDummy,
      best: r.average.tricks,
      cost: r.doubleDummy - r.average.tricks,
      targets: r.targets.map((t) => ({ tricks: t.tricks, doubleDummy: chance(t.tricks), best: t.probability, cost: chance(t.tricks) - t.probability })),
    };
  }

  /** A walk through `goal`'s line. */
  walk(goal) {
    return new SuitWalk(this, this.line(goal));
  }
}

/** The sentence on strategy fusion, with its numbers. */
export function fusionSentence(answer) {
  const f = answer.fusion();
  const dd = `Double dummy says ${f.doubleDummy.toFixed(2)} tricks on average, because it always knows where East–West’s cards lie`;
  if (f.cost < 5e-5) return `${dd}; here the best real line takes as many (${f.best.toFixed(2)}): no strategy fusion.`;
  const target = f.targets.filter((t) => t.cost >= 5e-5).sort((a, b) => b.cost - a.cost)[0];
  const per = target
    ? ` For ${target.tricks} trick${target.tricks === 1 ? '' : 's'}, double dummy claims ${pct(target.doubleDummy)} against ${pct(target.best)} for the best line.`
    : '';
  return `${dd}; the best real line takes ${f.best.toFixed(2)}: strategy fusion costs ${f.cost.toFixed(2)} tricks.${per}`;
}

export const pct = (p) => `${(100 * p).toFixed(2)}%`;

// ---- a line, played ------------------------------------------------------------------------

const isPlay = (node) => node && typeof node.play === 'string';
const isShow = (node) => node && typeof node.seat === 'string' && node.shows;

/** The branches of a defender's node: `[{tokens: ['987654', 'Q'], next}]`. */
export const branchesOf = (node) => Object.entries(node.shows).map(([key, next]) => ({ key, tokens: key.split(' '), next }));

/** The branch of `node` that `token` (a gap's text or `-`) follows, or undefined. */
export const branchOf = (node, token) => branchesOf(node).find((b) => b.tokens.includes(token));

/**
 * A walk through a line: the reader picks each defender's card (a gap or a show-out);
 * declarer's cards follow from the line. Each step narrows the layouts still possible.
 */
export class SuitWalk {
  constructor(answer, line) {
    this.answer = answer;
    this.line = line;
    this.picks = [];
  }

  /** The cards played so far, `[{seat, card, declarer}]` (`card` a rank, a gap or `-`),
   * and where the walk stands: `node` (a defender's turn, or null at the end). */
  get position() {
    const played = [];
    let node = this.line;
    let p = 0;
    for (;;) {
      while (isPlay(node)) {
        played.push({ seat: node.play[0], card: node.play[1], declarer: true });
        node = node.then;
      }
      if (!isShow(node) || p === this.picks.length) break;
      const token = this.picks[p++];
      played.push({ seat: node.seat, card: token, declarer: false });
      node = branchOf(node, token).next;
    }
    return { played, node: isShow(node) ? node : null };
  }

  /** The defender's choices now: `[{token, key, possible}]`, `possible` the chance (given
   * what was seen) that he holds such a card, or a void for `-`. */
  get replies() {
    const { node } = this.position;
    if (!node) return [];
    const here = this.possible();
    const total = here.reduce((s, x) => s + x.probability, 0);
    return branchesOf(node).flatMap((b) => b.tokens.map((token) => {
      const next = this.#consistent([...this.picks, token]);
      const p = here.filter((s) => next(s)).reduce((sum, s) => sum + s.probability, 0);
      return { token, key: b.key, seat: node.seat, probability: total > 0 ? p / total : 0 };
    }));
  }

  /** Follows the defender's card `token` (a gap's text or `-`). */
  choose(token) {
    const { node } = this.position;
    if (!node || !branchOf(node, token)) throw new Error(`no reply ${token} here`);
    this.picks.push(token);
  }

  back() {
    this.picks.pop();
  }

  reset() {
    this.picks = [];
  }

  /** The splits consistent with the defenders' cards so far. */
  possible() {
    const keep = this.#consistent(this.picks);
    return this.answer.splits.filter(keep);
  }

  /** The chance of what was seen: the total probability of the layouts still possible. */
  get probability() {
    return this.possible().reduce((s, x) => s + x.probability, 0);
  }

  // A split fits the picks when each defender holds at least as many cards of each gap as he
  // showed, and exactly as many cards as he had played when he showed out.
  #consistent(picks) {
    const seen = { W: this.answer.gaps.map(() => 0), E: this.answer.gaps.map(() => 0) };
    const out = { W: null, E: null };
    let node = this.line;
    for (const token of picks) {
      while (isPlay(node)) node = node.then;
      const seat = node.seat;
      if (token === SHOW_OUT) out[seat] ??= seen[seat].reduce((a, b) => a + b, 0);
      else seen[seat][this.answer.gapIndex.get(token)]++;
      node = branchOf(node, token).next;
    }
    return (split) => ['W', 'E'].every((seat) => {
      const held = split.counts[seat];
      if (seen[seat].some((n, g) => n > held[g])) return false;
      return out[seat] === null || held.reduce((a, b) => a + b, 0) === out[seat];
    });
  }
}
