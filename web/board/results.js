// The solver's answers as the site and the widget both show them: the per-card badges, a
// side's tricks with best play, the contract level a table entry reaches, and par.
// Pure functions of the board model (web/board/), shared by the site and the widget.

import { SEAT_NAME, SIDE_NAME, STRAIN_SYMBOL, sideOf, signed } from './bridge.js';
import { legalCards } from './play.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The tricks `side` takes in all: those won so far, plus its share of the tricks left
 * (the current one included) when the side to move takes `moverTricks` of them. */
export function sideTotal(pos, side, moverTricks) {
  const left = pos.trickStart[pos.current.leader].length;
  return pos.won[side] + (sideOf(pos.tomove) === side ? moverTricks : left - moverTricks);
}

/**
 * Badges for the legal cards of a position, counted for `side`:
 * `{card: {text, kind: 'best'|'loss'|'gain'|'pending', tricks?, title}}`.
 * `analysis` is `{tricks: {card: n}, best, done}` as it streams in, or null before.
 * `display`: 'delta' (= / ±1 against best play), 'tricks' (the side's total) or 'contract'
 * (= / ±1 against the contract, when `side` declares it).
 */
export function cardBadges(pos, analysis, { side, display = 'delta', contract, declarer } = {}) {
  const out = {};
  if (pos.over) return out;
  const known = analysis ? Object.values(analysis.tricks) : [];
  const best = analysis?.done ? analysis.best : Math.max(...known);
  for (const card of legalCards(pos.hands[pos.tomove], pos.current.cards)) {
    const t = analysis?.tricks[card];
    if (t === undefined) {
      out[card] = { text: '\u2026', kind: 'pending', title: 'being solved' };
      continue;
    }
    const total = sideTotal(pos, side, t);
    const d = total - sideTotal(pos, side, best);
    const cost = best - t;
    let text;
    if (display === 'tricks') text = String(total);
    else if (display === 'contract' && contract && sideOf(declarer) === side) text = against(total - (contract.level + 6));
    else text = analysis.done ? against(d) : String(total);
    out[card] = {
      text,
      tricks: t,
      // A card that costs the side to move a trick: a loss for `side`, or its gain.
      kind: !analysis.done ? 'pending' : cost > 0 ? (d > 0 ? 'gain' : 'loss') : 'best',
      title: `${SIDE_NAME[side]} take ${plural(total, 'trick')}` +
        (analysis.done && cost > 0 ? `; this card costs ${SEAT_NAME[pos.tomove]} ${cost}` : ''),
    };
  }
  return out;
}

const against = (d) => (d === 0 ? '=' : signed(d));

const GAME_LEVEL = { NT: 3, S: 4, H: 4, D: 5, C: 5 };

/** What `tricks` in `strain` reach: 'slam', 'game', 'part' (a part score) or 'low' (no
 * contract, or an ending, where levels mean nothing). */
export function contractReach(tricks, strain, fullDeal) {
  const level = tricks - 6;
  if (!fullDeal || level < 1) return 'low';
  return level >= 6 ? 'slam' : level >= GAME_LEVEL[strain] ? 'game' : 'part';
}

const SIDE_SHORT = { NS: 'N–S', EW: 'E–W' };

/**
 * DDS's par contracts ("2H-NS+1", "3N-E", "5D*-EW-2,4N*-EW-2") as a player reads them:
 * `[{name: '3♥', by: 'N–S', side: 'NS', down: 0}]`. DDS writes the lowest level with its
 * overtricks; a player names the level of the tricks taken (tricks − 6). A sacrifice keeps
 * its level and says how many down. Anything unreadable comes back as `{name: text}`.
 */
export function parContracts(text) {
  if (!text) return [];
  return String(text).split(',').map((c) => {
    const m = /^([1-7])([NSHDC])(\*{0,2})-(NS|EW|N|E|S|W)([+-]\d+)?$/.exec(c.trim());
    if (!m) return { name: c.trim() };
    const diff = Number(m[5] || 0);
    const level = Number(m[1]) + Math.max(0, diff);
    const strain = m[2] === 'N' ? 'NT' : m[2];
    const dbl = m[3] === '**' ? '××' : m[3] === '*' ? '×' : '';
    return {
      name: `${level}${STRAIN_SYMBOL[strain]}${dbl}`,
      by: m[4].length === 2 ? SIDE_SHORT[m[4]] : SEAT_NAME[m[4]],
      side: m[4].length === 2 ? m[4] : sideOf(m[4]),
      down: Math.max(0, -diff),
    };
  });
}

/** The par contracts as a player reads them: "3♥ by N–S", "5♣× by E–W 2 down or …". */
export function parContractsText(text) {
  return parContracts(text)
    .map((c) => (c.by ? `${c.name} by ${c.by}${c.down ? ` ${c.down} down` : ''}` : c.name))
    .join(' or ');
}
