// The page state in the URL hash, so that a link reproduces it exactly:
//   #deal=N:AKQ.…+…+…+…&trump=S&leader=W&contract=4S&by=S&dealer=N&vul=None&play=HKH2H3H4&at=3
// `play` lists every card played (including ones that were undone and can be redone);
// `at` is how many of them are on the table (omitted when all are).

import { SEATS, STRAINS, checkedDeal, contractText, dealToPbn, parseContract, parsePbnDeal, parseCard, EntryError } from './bridge.js';

/** Whose tricks the numbers count when the link does not say: the declarer's side. */
export function defaultPerspective(st) {
  let declarer = st.contract && st.declarer ? st.declarer : SEATS[(SEATS.indexOf(st.leader) + 3) % 4];
  return declarer === 'N' || declarer === 'S' ? 'NS' : 'EW';
}

export function encodeState(st) {
  let p = new URLSearchParams();
  p.set('deal', dealToPbn(st.hands, 'N'));
  p.set('trump', st.trump);
  p.set('leader', st.leader);
  if (st.contract) {
    p.set('contract', contractText(st.contract));
    if (st.declarer) p.set('by', st.declarer);
  }
  if (st.dealer && st.dealer !== 'N') p.set('dealer', st.dealer);
  if (st.vulnerable && st.vulnerable !== 'None') p.set('vul', st.vulnerable);
  if (st.board) p.set('board', st.board);
  if (st.play && st.play.length) {
    p.set('play', st.play.join(''));
    if (st.cursor !== undefined && st.cursor < st.play.length) p.set('at', String(st.cursor));
  }
  if (st.perspective && st.perspective !== defaultPerspective(st)) p.set('for', st.perspective);
  // Keep ":" readable; URLSearchParams writes spaces as "+".
  return '#' + p.toString().replace(/%3A/gi, ':');
}

/** Reads a hash written by encodeState. Returns null for an empty hash; throws EntryError on a bad one. */
export function decodeState(hash) {
  let h = String(hash || '').replace(/^#/, '');
  if (!h) return null;
  let p = new URLSearchParams(h);
  if (!p.get('deal')) return null;
  let hands = checkedDeal(parsePbnDeal(p.get('deal')));
  let trump = (p.get('trump') || 'NT').toUpperCase();
  if (trump === 'N') trump = 'NT';
  if (!STRAINS.includes(trump)) throw new EntryError(`The link's trump “${trump}” is not NT, S, H, D or C`);
  let st = { hands, trump };
  let contract = p.get('contract');
  if (contract) {
    st.contract = parseContract(contract) || undefined;
    let by = (p.get('by') || '').toUpperCase();
    if (SEATS.includes(by)) st.declarer = by;
  }
  let leader = (p.get('leader') || '').toUpperCase();
  st.leader = SEATS.includes(leader) ? leader : 'W';
  let dealer = (p.get('dealer') || 'N').toUpperCase();
  st.dealer = SEATS.includes(dealer) ? dealer : 'N';
  st.vulnerable = ['None', 'NS', 'EW', 'All'].includes(p.get('vul')) ? p.get('vul') : 'None';
  if (p.get('board')) st.board = p.get('board');
  let play = [];
  let ps = (p.get('play') || '').toUpperCase();
  for (let i = 0; i + 1 < ps.length; i += 2) {
    let c = parseCard(ps.slice(i, i + 2));
    if (!c) throw new EntryError(`The link's play has “${ps.slice(i, i + 2)}”, which is not a card`);
    play.push(c);
  }
  st.play = play;
  let at = p.get('at');
  st.cursor = at === null ? play.length : Math.max(0, Math.min(play.length, Number(at) || 0));
  let side = (p.get('for') || '').toUpperCase();
  if (side === 'NS' || side === 'EW') st.perspective = side;
  return st;
}
