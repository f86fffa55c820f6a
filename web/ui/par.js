// The par sentence under the DD table, for the site and the widget.

import { SEAT_NAME } from '../board/bridge.js';
import { parSentence } from '../board/words.js';
import { el } from './dom.js';

const VUL_TEXT = { None: 'none vulnerable', NS: 'N–S vulnerable', EW: 'E–W vulnerable', All: 'both vulnerable' };

/** Fills `p` with the par sentence of a `par` result ({dealer, vulnerable,
 * dealerParScoreNs, dealerParContracts}); empty without a score. */
export function renderPar(p, par) {
  p.replaceChildren();
  const score = par?.dealerParScoreNs;
  if (score === undefined) return;
  const who = `dealer ${SEAT_NAME[par.dealer]}, ${VUL_TEXT[par.vulnerable]}`;
  p.append('Par: ', el('strong', { text: parSentence(par) }), ` (${who}).`);
}
