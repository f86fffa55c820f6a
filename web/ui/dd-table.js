// The double-dummy table view, for the site and the widget: rows North, South, East, West;
// columns NT ♠ ♥ ♦ ♣. Each cell is a <td data-declarer data-strain data-tricks> with the
// class of the contract it reaches (slam, game, part, low; see results.js), `pending`
// while unknown and `current` for the contract being played; each host styles these
// classes its own way. With `onPick` the numbers are buttons.

import { SEAT_NAME, STRAINS, STRAIN_NAME, STRAIN_SYMBOL } from '../board/bridge.js';
import { el } from './dom.js';
import { contractReach } from '../board/results.js';

/**
 * Draws `table` (a <table>) afresh.
 * tricks: {N: {NT, S, H, D, C}, …}, possibly partial; fullDeal: 13 cards a hand;
 * current: {declarer, strain} to outline, or null; caption: {text, class?};
 * onPick(declarer, strain, tricks): makes the numbers buttons.
 */
export function renderDdTable(table, { tricks, fullDeal, current = null, caption, onPick }) {
  const head = el('tr', {}, el('th', { 'aria-label': 'Declarer' }));
  for (const s of STRAINS) {
    head.append(el('th', { scope: 'col', class: `strain-${s}`, 'aria-label': STRAIN_NAME[s], text: STRAIN_SYMBOL[s] }));
  }
  const body = el('tbody');
  for (const seat of ['N', 'S', 'E', 'W']) {
    const row = el('tr', {}, el('th', { scope: 'row', text: SEAT_NAME[seat] }));
    for (const s of STRAINS) {
      const v = tricks?.[seat]?.[s];
      const td = el('td', { 'data-declarer': seat, 'data-strain': s });
      if (v === undefined) {
        td.className = 'pending';
        td.textContent = '\u00b7';
      } else {
        const label = `${SEAT_NAME[seat]} declares ${STRAIN_NAME[s]}: ${v} trick${v === 1 ? '' : 's'}`;
        td.className = contractReach(v, s, fullDeal);
        td.dataset.tricks = v;
        td.title = label;
        if (onPick) {
          td.append(el('button', { type: 'button', 'aria-label': label, text: String(v), onclick: () => onPick(seat, s, v) }));
        } else {
          td.textContent = String(v);
        }
      }
      if (current && current.declarer === seat && current.strain === s) td.classList.add('current');
      row.append(td);
    }
    body.append(row);
  }
  table.replaceChildren(el('caption', { class: caption?.class, text: caption?.text }), el('thead', {}, head), body);
}
