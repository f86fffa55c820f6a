// The views of exact suit play, shared by the site's panel and the widget: the targets'
// chances as bars, a walk through the chosen line (declarer's cards, the defenders' replies
// as branches to click, the layouts still possible at each step) and the splits table. They
// draw a SuitAnswer (web/board/suit.js); SUIT_VIEW_CSS styles them in a page or a shadow root.

import { SEAT_NAME, SUIT_SYMBOL, rankText } from '../board/bridge.js';
import { SHOW_OUT, pct } from '../board/suit.js';
import { el } from './dom.js';

const RED = new Set(['H', 'D']);

/** A card of the suit as text: `♠Q`, a gap of alike cards `♠9–4`, or `shows out`. */
export function cardLabel(card, suit = 'S') {
  if (card === SHOW_OUT) return 'shows out';
  const ranks = [...card].map(rankText);
  return SUIT_SYMBOL[suit] + (ranks.length > 1 ? `${ranks[0]}–${ranks.at(-1)}` : ranks[0]);
}

const cardSpan = (card, suit) => el('span', { class: `gs-card${RED.has(suit) && card !== SHOW_OUT ? ' gs-red' : ''}`, title: card.length > 1 && card !== SHOW_OUT ? `any of ${[...card].map(rankText).join(' ')}` : null, text: cardLabel(card, suit) });

/** The two holdings drawn one above the other: North, then South. */
export function holdingsView(answer, suit = 'S') {
  const row = (seat, ranks) => el('div', { class: 'gs-holding' }, el('span', { class: 'gs-seat', text: SEAT_NAME[seat] }),
    el('span', { class: `gs-ranks${RED.has(suit) ? ' gs-red' : ''}`, text: ranks === SHOW_OUT ? '—' : `${SUIT_SYMBOL[suit]} ${[...ranks].map(rankText).join(' ')}` }));
  return el('div', { class: 'gs-holdings', role: 'img', 'aria-label': `North ${answer.north}, South ${answer.south}` },
    row('N', answer.north), row('S', answer.south));
}

/**
 * The bars: each target's best chance, and the best average. `goal` is the one selected;
 * `onPick(goal)` makes the rows buttons (the widget leaves it out).
 */
export function renderTargetBars(box, answer, { goal, onPick } = {}) {
  const rows = answer.result.targets.map((t) => {
    const label = `${t.tricks} trick${t.tricks === 1 ? '' : 's'}`;
    const bar = el('span', { class: 'gs-bar' }, el('span', { class: 'gs-fill', style: `width: ${(100 * t.probability).toFixed(2)}%` }));
    const inner = [el('span', { class: 'gs-bar-label', text: label }), bar, el('span', { class: 'gs-bar-value', text: pct(t.probability) })];
    const attrs = { class: 'gs-bar-row', 'data-tricks': String(t.tricks), 'data-probability': String(t.probability), 'aria-pressed': onPick ? String(goal === t.tricks) : null };
    return onPick ? el('button', { type: 'button', ...attrs, onclick: () => onPick(t.tricks) }, ...inner) : el('div', attrs, ...inner);
  });
  const avg = answer.result.average.tricks;
  const avgInner = [el('span', { class: 'gs-bar-label', text: 'Average' }), el('span', { class: 'gs-bar-avg', text: `${avg.toFixed(2)} tricks (double dummy ${answer.result.doubleDummy.toFixed(2)})` })];
  const avgAttrs = { class: 'gs-bar-row gs-bar-average', 'data-average': String(avg), 'aria-pressed': onPick ? String(goal === 'average') : null };
  rows.push(onPick ? el('button', { type: 'button', ...avgAttrs, onclick: () => onPick('average') }, ...avgInner) : el('div', avgAttrs, ...avgInner));
  box.replaceChildren(el('div', { class: 'gs-bars', role: onPick ? 'group' : null, 'aria-label': 'The best chance of each number of tricks' }, ...rows));
}

const layoutsText = (list) => {
  const p = list.reduce((s, x) => s + x.probability, 0);
  return `${list.length} layout${list.length === 1 ? '' : 's'} possible (${pct(p)})`;
};

/**
 * The walk through a line, step by step: declarer's cards, then the defender's replies as
 * buttons (the chosen one pressed); an earlier reply can be changed. `onChange()` after a
 * click: the caller redraws (the splits table follows the walk).
 */
export function renderWalk(box, walk, { suit = 'S', onChange = () => {} } = {}) {
  const steps = [];
  // Replay the picks one by one to draw each step as it stood.
  const picks = [...walk.picks];
  walk.reset();
  let shown = 0;
  for (let i = 0; i <= picks.length; i++) {
    const { played, node } = walk.position;
    const cards = played.slice(shown).filter((p) => p.declarer);
    shown = played.length;
    const here = walk.possible();
    const says = cards.map((p) => el('span', { class: 'gs-play' }, `${SEAT_NAME[p.seat]} plays `, cardSpan(p.card, suit)));
    const step = el('li', { class: 'gs-step', 'data-step': String(i) }, el('div', { class: 'gs-step-head' }, ...joinWith(says, ', then '),
      el('span', { class: 'gs-left', 'data-layouts': String(here.length), text: layoutsText(here) })));
    if (node) {
      const chosen = picks[i];
      const replies = walk.replies.filter((r) => r.probability > 0);
      step.append(el('div', { class: 'gs-replies', role: 'group', 'aria-label': `${SEAT_NAME[node.seat]}’s card` },
        el('span', { class: 'gs-who', text: `${SEAT_NAME[node.seat]}:` }),
        ...replies.map((r) => el('button', {
          type: 'button', class: 'gs-reply', 'data-token': r.token, 'aria-pressed': String(r.token === chosen),
          title: `${pct(r.probability)} of the layouts left allow it`,
          onclick: () => {
            walk.picks = [...picks.slice(0, i), r.token];
            onChange();
          },
        }, cardSpan(r.token, suit)))));
    } else {
      step.append(el('p', { class: 'gs-end', text: 'Declarer has no card left.' }));
    }
    steps.push(step);
    if (i < picks.length) walk.choose(picks[i]);
  }
  const tools = el('div', { class: 'gs-walk-tools' },
    el('button', { type: 'button', class: 'gs-back', disabled: !picks.length, onclick: () => (walk.back(), onChange()) }, 'Back'),
    el('button', { type: 'button', class: 'gs-restart', disabled: !picks.length, onclick: () => (walk.reset(), onChange()) }, 'Start again'));
  box.replaceChildren(el('ol', { class: 'gs-walk' }, ...steps), tools);
}

function joinWith(items, sep) {
  return items.flatMap((x, i) => (i ? [sep, x] : [x]));
}

/**
 * The splits into `box`: East's and West's cards, the chance, the tricks of `goal`'s line and double
 * dummy's; rows where they differ are marked, rows the walk has ruled out are dimmed.
 */
export function renderSplits(box, answer, { goal, walk, suit = 'S' } = {}) {
  const tricks = answer.tricksByLine(goal);
  const possible = walk ? new Set(walk.possible().map((s) => s.index)) : null;
  const holding = (h) => (h === SHOW_OUT ? '—' : [...h].map(rankText).join(''));
  const rows = answer.splits.map((s, i) => el('tr', {
    class: [tricks[i] < s.doubleDummy ? 'gs-fused' : '', possible && !possible.has(i) ? 'gs-out' : ''].join(' ').trim() || null,
    'data-west': s.west, 'data-east': s.east,
  },
  el('td', { text: holding(s.east) }), el('td', { text: holding(s.west) }), el('td', { class: 'gs-num', text: pct(s.probability) }),
  el('td', { class: 'gs-num', text: String(tricks[i]) }), el('td', { class: 'gs-num', text: String(s.doubleDummy) })));
  const lineName = goal === 'average' ? 'the best-average line' : `the line for ${goal} trick${goal === 1 ? '' : 's'}`;
  const head = ['East', 'West', 'Chance', 'Line'].map((t) => el('th', { scope: 'col', text: t }));
  head.push(el('th', { scope: 'col' }, el('abbr', { title: 'Double dummy', text: 'DD' })));
  box.replaceChildren(
    el('p', { class: 'gs-splits-note' }, `Every layout of the missing ${SUIT_SYMBOL[suit]}${holding(answer.result.missing)}, with the tricks of ${lineName} and double dummy’s (DD). `,
      el('span', { class: 'gs-fused-key', text: 'Marked' }), ': double dummy does better.', possible ? ' Greyed: ruled out by the cards seen.' : ''),
    el('div', { class: 'gs-splits-scroll' }, el('table', { class: 'gs-splits' },
      el('thead', {}, el('tr', {}, ...head)),
      el('tbody', {}, ...rows))));
}

export const SUIT_VIEW_CSS = `
.gs-card { font-weight: 600; white-space: nowrap; }
.gs-red { color: #c8102e; }
.gs-holdings { display: inline-grid; gap: 2px; background: #fff; border: 1px solid #d3d9df; border-radius: 8px; padding: 6px 12px; font-size: 1.1em; }
.gs-holding { display: flex; gap: .75em; align-items: baseline; }
.gs-seat { width: 3.5em; color: #5b6570; font-size: .85em; }
.gs-ranks { font-weight: 600; letter-spacing: .05em; }
.gs-bars { display: grid; gap: 4px; max-width: 36em; }
.gs-bar-row { display: grid; grid-template-columns: 5.5em minmax(3em, 1fr) 4.5em; gap: 8px; align-items: center; font: inherit; color: inherit; text-align: left; background: none; border: 1px solid transparent; border-radius: 6px; padding: 2px 6px; }
button.gs-bar-row { cursor: pointer; }
button.gs-bar-row:hover { border-color: #c4ccd4; }
.gs-bar-row[aria-pressed="true"] { border-color: #1f6feb; background: #eef4ff; }
.gs-bar { height: .9em; background: #e6e9ec; border-radius: 4px; overflow: hidden; }
.gs-fill { display: block; height: 100%; background: #2e7d4f; }
.gs-bar-value { text-align: right; font-variant-numeric: tabular-nums; }
.gs-bar-average .gs-bar-avg { grid-column: 2 / 4; }
.gs-walk { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.gs-step { border-left: 3px solid #c4ccd4; padding: 2px 0 2px 10px; }
.gs-step:last-child { border-left-color: #1f6feb; }
.gs-step-head { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
.gs-left { color: #5b6570; font-size: .9em; }
.gs-replies { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin-top: 3px; }
.gs-who { color: #5b6570; font-size: .9em; }
.gs-reply { font: inherit; padding: 1px 8px; border: 1px solid #c4ccd4; border-radius: 12px; background: #fff; cursor: pointer; }
.gs-reply[aria-pressed="true"], .gs-reply[aria-pressed="true"]:hover { background: #1f6feb; border-color: #1f6feb; }
.gs-reply[aria-pressed="true"] .gs-card { color: #fff; }
.gs-end { margin: 2px 0; color: #5b6570; }
.gs-walk-tools { display: flex; gap: 6px; margin-top: 6px; }
.gs-walk-tools button { font: inherit; padding: 2px 10px; }
.gs-splits { border-collapse: collapse; font-size: .92em; font-variant-numeric: tabular-nums; }
.gs-splits-note { color: #5b6570; font-size: .9em; margin: 0 0 4px; }
.gs-splits-scroll { max-height: 22em; overflow: auto; border: 1px solid #d3d9df; border-radius: 6px; background: #fff; }
.gs-splits { width: 100%; }
.gs-splits th, .gs-splits td { padding: 2px 8px; border-bottom: 1px solid #e6e9ec; text-align: left; }
.gs-splits th { position: sticky; top: 0; background: #f6f7f4; }
.gs-splits abbr { text-decoration: none; }
.gs-splits .gs-num { text-align: right; }
.gs-splits tr.gs-fused td, .gs-fused-key { background: #fff3cd; }
.gs-splits tr.gs-out td { opacity: .35; }
`;
