// A second, independent reading of a suit-play line, for the tests: it plays the line card by
// card on one layout, the defenders choosing at each turn the card that leaves declarer
// fewest tricks. The engine's per-split figures must be what the line itself achieves.

import { RANKS } from '../../../web/board/bridge.js';
import { SHOW_OUT, branchOf } from '../../../web/board/suit.js';

const isPlay = (node) => node && typeof node.play === 'string';
const isShow = (node) => node && typeof node.seat === 'string' && node.shows;
const NEXT = { N: 'E', E: 'S', S: 'W', W: 'N' };

const nodeIds = new WeakMap();
let nodeCount = 0;
const nodeId = (node) => {
  if (!nodeIds.has(node)) nodeIds.set(node, ++nodeCount);
  return nodeIds.get(node);
};

/**
 * North–South's tricks under `line` on one layout (`counts`: {W, E} the cards per gap),
 * the defenders choosing, at each turn, the card that leaves declarer fewest tricks.
 * `memo` (a Map, one per line) shares the answers of positions that layouts reach alike.
 */
export function lineTricks(answer, line, counts, memo = new Map()) {
  const { gaps } = answer;
  const ns = { N: answer.result.north.replace(SHOW_OUT, '').length, S: answer.result.south.replace(SHOW_OUT, '').length };
  const state = { left: { W: [...counts.W], E: [...counts.E] }, ns, trick: [], turn: null };
  // A card's strength: lower is higher (a rank index, a gap by its highest card).
  const strength = (play) => (play.side === 'NS' ? RANKS.indexOf(play.rank) : gaps[play.gap].top);

  const closeTrick = (s) => {
    // The seats still to play this trick that cannot: a void North or South hand.
    while (s.trick.length && s.trick.length < 4 && (s.turn === 'N' || s.turn === 'S') && s.ns[s.turn] === 0) {
      s.trick.push({ seat: s.turn, side: 'NS', void: true });
      s.turn = NEXT[s.turn];
    }
    if (s.trick.length < 4) return 0;
    const played = s.trick.filter((p) => !p.void);
    const top = played.reduce((a, b) => (strength(b) < strength(a) ? b : a));
    s.trick = [];
    s.turn = null;
    return top.side === 'NS' ? 1 : 0;
  };
  const copy = (s) => ({ left: { W: [...s.left.W], E: [...s.left.E] }, ns: { ...s.ns }, trick: [...s.trick], turn: s.turn });

  // The defender's choices at his turn: a gap he still holds a card of, or a show-out.
  const choices = (s, seat) => {
    const held = s.left[seat].flatMap((n, g) => (n > 0 ? [g] : []));
    return held.length ? held : [null];
  };
  const defend = (s, seat) => (g) => {
    const t = copy(s);
    if (g === null) t.trick.push({ seat, side: 'EW', void: true });
    else {
      t.left[seat][g]--;
      t.trick.push({ seat, side: 'EW', gap: g });
    }
    t.turn = NEXT[seat];
    return t;
  };

  const go = (node, s) => {
    if (!node) return finish(s);
    // Only trick starts: they repeat across layouts, a trick's middle seldom does.
    if (s.trick.length) return play(node, s);
    const key = `${nodeId(node)}|${s.left.W}|${s.left.E}`;
    let value = memo.get(key);
    if (value === undefined) {
      value = play(node, s);
      memo.set(key, value);
    }
    return value;
  };

  const play = (node, s) => {
    if (isPlay(node)) {
      const seat = node.play[0];
      const t = copy(s);
      if (!t.trick.length) t.turn = seat;
      if (t.turn !== seat) throw new Error(`the line plays from ${seat} out of turn`);
      t.trick.push({ seat, side: 'NS', rank: node.play[1] });
      t.ns[seat]--;
      t.turn = NEXT[seat];
      const won = closeTrick(t);
      return won + (node.then ? go(node.then, t) : finish(t));
    }
    if (isShow(node)) {
      const seat = node.seat;
      if (s.turn !== seat) throw new Error(`the line has ${seat} play out of turn`);
      let least = Infinity;
      for (const g of choices(s, seat)) {
        const token = g === null ? SHOW_OUT : gaps[g].text;
        const branch = branchOf(node, token);
        if (!branch) throw new Error(`the line has no branch for ${seat} showing ${token}`);
        const t = defend(s, seat)(g);
        const won = closeTrick(t);
        least = Math.min(least, won + go(branch.next, t));
        if (least === 0) break;
      }
      return least;
    }
    return finish(s);
  };

  // Declarer has no card left: the defenders finish the trick as they like best.
  const finish = (s) => {
    if (!s.trick.length) return 0;
    const seat = s.turn;
    if (seat === 'N' || seat === 'S') throw new Error('the line ends with a North–South card to play');
    let least = 1;
    for (const g of choices(s, seat)) {
      const t = defend(s, seat)(g);
      least = Math.min(least, closeTrick(t) + finish(t));
    }
    return least;
  };

  return go(line, state);
}
