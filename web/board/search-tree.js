// The search tree of a trace (`solver.trace`, at most 4 tricks) as a class can follow it:
// the nodes with stable ids, a tidy layout, collapsed subtrees, the ordered events of the
// search for stepping, and the sentences that explain each cut-off, skipped card, table
// probe and store. No DOM: web/ui/search-tree.js draws it, web/site/tree.js wires it.
//
// Targets and bounds in a trace are North-South's, counted from the start of the node's
// trick; a node *holds* when the side to move at the root gets its target in it.

import { SEATS, SEAT_NAME, SIDE_NAME, SUITS, SUIT_SYMBOL, cardText, listText, rankOf, rankText, sideOf } from './bridge.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const count = (n) => Number(n).toLocaleString('en');
const cardsText = (cards) => listText((cards || []).map(cardText));
const handsOf = (hands) => Object.fromEntries(SEATS.map((s, i) => [s, [...hands[i]]]));

/** Tricks left from the start of the node's trick: the seat to move still holds its card. */
export const tricksLeft = (node) => node.hands[SEATS.indexOf(node.toMove)].length;

/**
 * A trace's null-window searches, each `{step, target, holds, nodes, root}`: the probes of a
 * whole run, or the one search of a trace asked with a target (`step: 'asked'`).
 */
export function traceProbes(trace) {
  if (!trace || typeof trace !== 'object') throw new Error('not a trace');
  if (Array.isArray(trace.probes)) return trace.probes;
  if (!trace.root) throw new Error('a trace has either probes or a root');
  const root = trace.root;
  const left = tricksLeft(root);
  const target = sideOf(root.toMove) === 'NS' ? root.targetNs : left - root.targetNs + 1;
  return [{ step: 'asked', target, holds: trace.holds, nodes: trace.nodes, root }];
}

/** The nodes of a subtree, parents before children. */
export function walk(node, out = []) {
  out.push(node);
  for (const c of node.children || []) walk(c, out);
  return out;
}

/** "Can South take 2 tricks? yes → at least 2": one null-window search of a run. */
export function probeSentence(probe, mover) {
  const who = SEAT_NAME[mover];
  const q = `Can ${who} take ${plural(probe.target, 'trick')}?`;
  const a = probe.holds ? `yes → at least ${probe.target}` : `no → at most ${probe.target - 1}`;
  const why = probe.step === 'proof' ? ' (a proof search at the value: it gives the active cards)' : '';
  return `${q} ${a}${why}`;
}

/** What each step of a run established: `[{lower, upper}]` after each probe, for the mover. */
export function runBounds(probes, left) {
  let lower = 0;
  let upper = left;
  return probes.map((p) => {
    if (p.holds) lower = Math.max(lower, p.target);
    else upper = Math.min(upper, p.target - 1);
    return { lower, upper };
  });
}

// ---- sentences ---------------------------------------------------------------------------

/** "quick tricks: South cashes 2 top tricks, enough for the target" and the other rules. */
export function cutSentence(node) {
  const cut = node.cut;
  if (!cut) return '';
  const left = tricksLeft(node);
  const leader = SEAT_NAME[node.leader];
  const relying = cut.cards && cut.cards.length ? ` (relying on ${cardsText(cut.cards)})` : '';
  const nsNeed = node.targetNs;
  const ewNeed = left - node.targetNs + 1;
  switch (cut.rule) {
    case 'count':
      return nsNeed <= 0
        ? 'nothing to search: North–South already have their target'
        : `nothing to search: North–South need ${nsNeed} of the ${plural(left, 'trick')} left, more than there are`;
    case 'last-trick':
      return `last trick: one card each, the trick plays itself${relying}`;
    case 'quick-tricks-ns':
      return `quick tricks: ${sideOf(node.leader) === 'NS' ? `${leader} cashes` : 'North–South cash'} ${plural(nsNeed, 'top trick')}${relying}, enough for the target`;
    case 'quick-tricks-ew':
      return `quick tricks: ${sideOf(node.leader) === 'EW' ? `${leader} cashes` : 'East–West cash'} ${plural(ewNeed, 'top trick')}${relying}, enough to beat the target`;
    case 'leader-loses':
      return `the leader loses: ${leader} loses this trick whatever is led${relying}, and that settles the target`;
    case 'suit-run':
      return `a suit run: ${SIDE_NAME[sideOf(node.leader)]} run a suit in both hands after ${leader}'s own winners${relying}, enough for the target`;
    case 'second-hand-wins': {
      const side = sideOf(node.toMove);
      return `second hand wins: ${SIDE_NAME[side]} need one trick and ${SEAT_NAME[node.toMove]} is sure to win this one${relying}`;
    }
    default:
      return `cut off by the rule ${cut.rule}${relying}`;
  }
}

/** "not searched: ♠Q; ♠K already failed, and ♠Q differs from it only by inert cards". */
export function skipSentence(parent, skipped) {
  const card = cardText(skipped.card);
  const who = SEAT_NAME[parent.toMove];
  if (!skipped.coveredBy) return `not searched: ${card}; an earlier failure of ${who}'s covers it`;
  const by = cardText(skipped.coveredBy);
  return `not searched: ${card}; ${by} already failed for ${who}, and ${card} differs from it only by inert cards`;
}

/**
 * "this entry answers 1,260 positions: ♠A with East, ♥Q with North; the ♥ below the Q may
 * lie anywhere, each hand keeping its suit lengths". `hands` are the node's, where the
 * pattern was stored or matched.
 */
export function patternSentence(pattern, hands) {
  const n = pattern.positions;
  const owners = [];
  SUITS.forEach((suit, s) => {
    const cards = pattern.cards.filter((c) => c[0] === suit);
    cards.forEach((c, i) => owners.push(`${cardText(c)} with ${SEAT_NAME[pattern.owners[s][i]]}`));
  });
  const present = hands.flat();
  const loose = [];
  for (const suit of SUITS) {
    const inSuit = present.filter((c) => c[0] === suit);
    const fixed = pattern.cards.filter((c) => c[0] === suit);
    if (inSuit.length === fixed.length) continue;
    if (!fixed.length) loose.push(`the ${SUIT_SYMBOL[suit]}s`);
    else loose.push(`the ${SUIT_SYMBOL[suit]}s below the ${rankText(rankOf(fixed[fixed.length - 1]))}`);
  }
  const head = n === 1 ? 'this entry answers this position only' : `this entry answers ${count(n)} positions`;
  const fixedText = owners.length ? `: ${listText(owners)}` : ': no card’s rank is fixed';
  const looseText = loose.length ? `; ${listText(loose)} may lie anywhere, each hand keeping its suit lengths` : '';
  return `${head}${fixedText}${looseText}`;
}

/** North-South's bounds as words: "North–South take at most 2 of the 3 tricks left". */
function boundsText(lower, upper, left) {
  if (lower === upper) return `North–South take exactly ${lower} of the ${plural(left, 'trick')} left`;
  if (lower === 0) return `North–South take at most ${upper} of the ${plural(left, 'trick')} left`;
  if (upper === left) return `North–South take at least ${lower} of the ${plural(left, 'trick')} left`;
  return `North–South take ${lower} to ${upper} of the ${plural(left, 'trick')} left`;
}

/** The table probe of a node as a sentence (empty if it did not probe). `storedHere`: the
 * storing node is in the same search (else in an earlier one of the run). */
export function probeTableSentence(node, { storedHere = true } = {}) {
  const p = node.probe;
  if (!p) return '';
  if (p.result === 'miss') return 'table: no entry for this position, so it is searched';
  if (p.result === 'hit') {
    const from = p.matched && p.matched.length ? ` (stored by node ${p.matched.map((m) => `#${m}`).join(', ')})` : '';
    return `table: an entry matched${from}, but its bounds do not decide the target, so it is searched`;
  }
  const left = tricksLeft(node);
  const bounds = p.lower !== null && p.lower !== undefined
    ? boundsText(p.lower, p.upper, left)
    : `North–South take ${p.reached ? 'at least' : 'at most'} ${p.bound}`;
  const by = p.storedBy ? `stored by node #${p.storedBy}${storedHere ? '' : ' in an earlier search of the run'}` : 'stored before this trace';
  return `table hit (${by}): ${bounds}, which decides the target; ${patternSentence(p.pattern, node.hands)}`;
}

/** What the node stored, as a sentence (empty if nothing). */
export function storeSentence(node) {
  const s = node.store;
  if (!s) return '';
  return `stores: ${boundsText(s.lower, s.upper, tricksLeft(node))}; ${patternSentence(s.pattern, node.hands)}`;
}

// ---- the tree ----------------------------------------------------------------------------

/** Layout metrics in SVG user units; `large` for a projector. */
export const METRICS = {
  normal: { slot: 58, level: 70, radius: 14, font: 14, margin: 36 },
  large: { slot: 104, level: 112, radius: 24, font: 25, margin: 56 },
};

/**
 * One null-window search's tree: `nodes` (Map id → node), `order` (ids, parents first),
 * the skipped cards as leaves, the ordered events, collapse state and layout.
 * `probe`: `{step, target, holds, nodes, root}` of traceProbes.
 */
export class SearchTree {
  constructor(probe) {
    if (!probe || !probe.root) throw new Error('not a traced search');
    this.probe = probe;
    this.mover = probe.root.toMove;
    this.nodes = new Map();
    this.order = [];
    this.skipped = [];
    this.collapsed = new Set();
    const moverNs = sideOf(this.mover) === 'NS';
    const add = (raw, parent, depth) => {
      const node = {
        ...raw,
        parentId: parent ? parent.id : null,
        depth,
        playedBy: parent ? parent.toMove : null,
        holds: raw.reached === moverNs,
        childIds: (raw.children || []).map((c) => c.id),
        skipped: (raw.skipped || []).map((s) => ({ ...s, key: `${raw.id}:${s.card}`, parentId: raw.id })),
      };
      if (this.nodes.has(node.id)) throw new Error(`node id ${node.id} twice in a trace`);
      this.nodes.set(node.id, node);
      this.order.push(node.id);
      this.skipped.push(...node.skipped);
      for (const c of raw.children || []) add(c, node, depth + 1);
    };
    add(probe.root, null, 0);
    this.rootId = probe.root.id;
    this.events = this.#events();
  }

  get size() {
    return this.nodes.size;
  }

  node(id) {
    return this.nodes.get(id);
  }

  /** The search's events in order: enter (the root), try (a card: its node appears), probe,
   * cut, skip, store, leave. Each `{type, node, card?, skip?, text}`. */
  #events() {
    const out = [];
    const visit = (id) => {
      const n = this.nodes.get(id);
      if (n.parentId === null) {
        const left = tricksLeft(n);
        out.push({ type: 'enter', node: id, text: `The search starts: ${SEAT_NAME[n.toMove]} to move; North–South need ${n.targetNs} of the ${plural(left, 'trick')} left` });
      } else {
        out.push({ type: 'try', node: id, card: n.card, text: `${SEAT_NAME[n.playedBy]} tries ${cardText(n.card)}` });
      }
      if (n.probe) out.push({ type: 'probe', node: id, result: n.probe.result, text: this.tableSentence(n) });
      if (n.cut) out.push({ type: 'cut', node: id, text: cutSentence(n) });
      // A card is skipped once the card covering it has failed: right after that child.
      const pending = [...n.skipped];
      const skipsAfter = (card) => {
        for (let i = 0; i < pending.length;) {
          if (pending[i].coveredBy === card) {
            out.push({ type: 'skip', node: id, skip: pending[i].key, card: pending[i].card, text: skipSentence(n, pending[i]) });
            pending.splice(i, 1);
          } else i++;
        }
      };
      for (const c of n.childIds) {
        visit(c);
        skipsAfter(this.nodes.get(c).card);
      }
      for (const s of pending) out.push({ type: 'skip', node: id, skip: s.key, card: s.card, text: skipSentence(n, s) });
      if (n.store) out.push({ type: 'store', node: id, text: storeSentence(n) });
      out.push({ type: 'leave', node: id, holds: n.holds, text: `${n.parentId === null ? 'The root' : `${cardText(n.card)}`} ${this.valueSentence(n)}` });
    };
    visit(this.rootId);
    return out;
  }

  /** The node's table probe as a sentence, saying when its entry came from another search. */
  tableSentence(n) {
    const by = n.probe?.storedBy;
    return probeTableSentence(n, { storedHere: !by || this.nodes.has(by) });
  }

  /** "holds: North–South take at least 2 from this trick on". */
  valueSentence(n) {
    const left = tricksLeft(n);
    return `${n.holds ? 'holds' : 'fails'}: North–South take ${n.reached ? 'at least' : 'at most'} ${n.bound} of the ${plural(left, 'trick')} from this trick on`;
  }

  /**
   * What is on screen after the first `step` events (all of them by default): the nodes
   * entered, the nodes left (with a value), the skipped cards shown, and the latest event.
   */
  visibleAt(step = this.events.length) {
    const entered = new Set();
    const left = new Set();
    const skipped = new Set();
    const seen = new Set();
    for (const e of this.events.slice(0, step)) {
      if (e.type === 'enter' || e.type === 'try') entered.add(e.node);
      else if (e.type === 'leave') left.add(e.node);
      else if (e.type === 'skip') skipped.add(e.skip);
      seen.add(`${e.type}:${e.node}`);
    }
    return { entered, left, skipped, seen, current: step > 0 ? this.events[step - 1] : null };
  }

  /** The node ids hidden under collapsed nodes. */
  hiddenIds() {
    const hidden = new Set();
    const hide = (id) => {
      for (const c of this.nodes.get(id).childIds) {
        hidden.add(c);
        hide(c);
      }
    };
    for (const id of this.collapsed) if (!hidden.has(id)) hide(id);
    return hidden;
  }

  toggle(id) {
    const n = this.nodes.get(id);
    if (!n || !n.childIds.length) return false;
    if (this.collapsed.has(id)) this.collapsed.delete(id);
    else this.collapsed.add(id);
    return true;
  }

  /** The number of nodes below `id`. */
  descendants(id) {
    return this.nodes.get(id).childIds.reduce((s, c) => s + 1 + this.descendants(c), 0);
  }

  /**
   * A tidy layout of the whole tree (so that it grows in place while stepping): each leaf (a
   * node without visible children, or a skipped card) takes one slot, a parent sits above
   * the middle of its children. Returns `{pos: Map key → {x, y}, width, height, slots:
   * Map id → subtree width in slots}`; keys are node ids and skipped cards' keys.
   */
  layout(metrics = METRICS.normal) {
    const { slot, level, margin } = metrics;
    const pos = new Map();
    const slots = new Map();
    let next = 0;
    let maxDepth = 0;
    const place = (id) => {
      const n = this.nodes.get(id);
      maxDepth = Math.max(maxDepth, n.depth);
      const y = margin + n.depth * level;
      const xs = [];
      const start = next;
      if (!this.collapsed.has(id)) {
        for (const c of n.childIds) xs.push(place(c));
        for (const s of n.skipped) {
          const x = margin + next++ * slot;
          pos.set(s.key, { x, y: y + level });
          xs.push(x);
        }
      }
      const x = xs.length ? (xs[0] + xs[xs.length - 1]) / 2 : margin + next++ * slot;
      pos.set(id, { x, y });
      slots.set(id, next - start);
      return x;
    };
    place(this.rootId);
    const hasSkipsAtBottom = [...this.nodes.values()].some((n) => n.depth === maxDepth && n.skipped.length);
    return {
      pos,
      slots,
      width: 2 * margin + Math.max(0, next - 1) * slot,
      height: 2 * margin + (maxDepth + (hasSkipsAtBottom ? 1 : 0)) * level + metrics.font * 2,
    };
  }

  /** The facts of a node for its details box: `{title, lines}`. */
  facts(id) {
    const n = this.nodes.get(id);
    const left = tricksLeft(n);
    const lines = [];
    lines.push(`${SEAT_NAME[n.toMove]} to move${n.trick.length ? ` (trick so far: ${cardsText(n.trick)})` : ', at the start of a trick'}.`);
    if (n.trickWonBy) lines.push(`${cardText(n.card)} completed a trick won by ${SEAT_NAME[n.trickWonBy]}.`);
    lines.push(`North–South need ${n.targetNs} of the ${plural(left, 'trick')} from this trick on.`);
    if (n.probe) lines.push(`${this.tableSentence(n)}.`);
    if (n.cut) lines.push(`Cut off: ${cutSentence(n)}.`);
    if (n.childIds.length) lines.push(`Cards tried: ${listText(n.childIds.map((c) => cardText(this.nodes.get(c).card)))}.`);
    for (const s of n.skipped) lines.push(`${skipSentence(n, s)}.`);
    if (n.decidedBy) lines.push(`Decided by ${cardText(n.decidedBy)}: it gives ${SEAT_NAME[n.toMove]} what ${SIDE_NAME[sideOf(n.toMove)]} need, so no other card is tried.`);
    if (n.store) lines.push(`It ${storeSentence(n)}.`);
    lines.push(`Value: ${this.valueSentence(n)}.`);
    if (n.active && n.active.length) lines.push(`Active cards of its proof: ${cardsText(n.active)}.`);
    const title = n.parentId === null ? `Node #${n.id}: the root` : `Node #${n.id}: ${SEAT_NAME[n.playedBy]} plays ${cardText(n.card)}`;
    return { title, lines, hands: handsOf(n.hands), trick: { leader: n.leader, cards: [...n.trick] }, toMove: n.toMove };
  }
}

/** The size of a probe's tree: every traced node (the view draws one per node). */
export const treeSize = (probe) => walk(probe.root).length;
