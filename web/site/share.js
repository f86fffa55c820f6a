// The page state in the URL hash, so that a link reproduces it exactly:
//   #deal=N:AKQ.…+…+…+…&trump=S&leader=W&contract=4S&by=S&dealer=N&vul=None&play=HKH2H3H4&at=3&x=1
// `play` lists every card played (including ones that were undone and can be redone);
// `at` is how many of them are on the table (omitted when all are); `x=1` draws the inert
// cards as x.

import { checkedDeal, contractText, dealToPbn, parseContract, parsePbnDeal, parseCard, parseSeat, parseStrain, sideOf, EntryError } from '../board/bridge.js';
import { settle } from '../board/board.js';

/** Whose tricks the numbers count when the link does not say: the declarer's side. */
export function defaultPerspective(st) {
  return sideOf(settle({ leader: st.leader, declarer: st.contract ? st.declarer : undefined }).declarer);
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
  // What the board's defaults (settle) give anyway stays out of the link.
  const defaults = settle();
  if (st.dealer && st.dealer !== defaults.dealer) p.set('dealer', st.dealer);
  if (st.vulnerable && st.vulnerable !== defaults.vulnerable) p.set('vul', st.vulnerable);
  if (st.board) p.set('board', st.board);
  if (st.play && st.play.length) {
    p.set('play', st.play.join(''));
    if (st.cursor !== undefined && st.cursor < st.play.length) p.set('at', String(st.cursor));
  }
  if (st.perspective && st.perspective !== defaultPerspective(st)) p.set('for', st.perspective);
  if (st.showInert) p.set('x', '1');
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
  let trump = p.get('trump') ? parseStrain(p.get('trump')) : settle().trump;
  if (!trump) throw new EntryError(`The link's trump “${p.get('trump')}” is not NT, S, H, D or C`);
  let st = { hands, trump };
  let contract = p.get('contract');
  if (contract) {
    st.contract = parseContract(contract) || undefined;
    st.declarer = parseSeat(p.get('by')) || undefined;
  }
  // What the link leaves out (or gets wrong) stays out: loading the game settles it
  // (settle, web/board/board.js).
  st.leader = parseSeat(p.get('leader')) || undefined;
  st.dealer = parseSeat(p.get('dealer')) || undefined;
  st.vulnerable = ['None', 'NS', 'EW', 'All'].includes(p.get('vul')) ? p.get('vul') : undefined;
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
  st.showInert = p.get('x') === '1';
  return st;
}

/**
 * The two ways to put the deal on screen in a blog post: `script`, the widget loaded from
 * `widgetUrl` (a CDN) with the deal's attributes, and `iframe`, the site's web/frame.html at
 * `frameUrl` with the deal in its hash (for hosts that allow no scripts).
 */
export function embedSnippets(st, { widgetUrl, frameUrl, show = 'cards,table,play' }) {
  const attrs = [['deal', dealToPbn(st.hands, 'N')]];
  if (st.contract) attrs.push(['contract', contractText(st.contract)], ['declarer', st.declarer]);
  else attrs.push(['trump', st.trump], ['leader', st.leader]);
  if (st.dealer) attrs.push(['dealer', st.dealer]);
  if (st.vulnerable) attrs.push(['vulnerable', st.vulnerable]);
  attrs.push(['show', show]);
  const html = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const script = `<script type="module" src="${html(widgetUrl)}"></script>\n` +
    `<glasshand-deal ${attrs.map(([k, v]) => `${k}="${html(v)}"`).join(' ')}></glasshand-deal>`;
  const hash = encodeState({ ...st, play: [], cursor: undefined, perspective: undefined, showInert: false });
  const iframe = `<iframe src="${html(`${frameUrl}${hash}&show=${show}`)}" title="Bridge deal" ` +
    'style="width:100%;border:0" height="640" loading="lazy"></iframe>';
  return { script, iframe };
}
