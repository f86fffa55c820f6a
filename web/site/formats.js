// Reading deals people paste (PBN files, LIN strings, BBO handviewer URLs) and writing PBN.
// Pure, no DOM. Every importer returns a "game":
//   {hands, dealer?, vulnerable?, contract?, declarer?, play?: [cards in play order],
//    board?, names?: {N, E, S, W}, source}
// where contract is {level, strain, doubled} (null for a passed-out board).

import {
  ALL_CARDS, EntryError, SEATS, SEAT_NAME, STRAINS, SUITS, RANKS, checkedDeal, contractText, dealToPbn,
  fillMissingHand, nextSeat, parseCard, parseContract, parsePbnDeal, parseVulnerable, partner, sideOf,
  sortCards, cardText,
} from '../board/bridge.js';
import { trickWinner } from '../board/play.js';

// ---- auctions ---------------------------------------------------------------------------

/**
 * Normalises one call: "1S", "1NT", "1N", "p", "pass", "d", "x", "dbl", "r", "xx", "rdbl".
 * Returns "P", "X", "XX" or a bid like "4S"/"3NT". Alerts ("!") and notes are dropped.
 */
export function normaliseCall(text) {
  let t = String(text).trim().toUpperCase().replace(/[!?]+$/, '').replace(/=\d+=$/, '');
  if (['P', 'PASS', 'AP'].includes(t)) return 'P';
  if (['D', 'X', 'DBL', 'DOUBLE'].includes(t)) return 'X';
  if (['R', 'XX', 'RDBL', 'REDOUBLE'].includes(t)) return 'XX';
  let m = /^([1-7])(NT|N|S|H|D|C)$/.exec(t);
  if (m) return m[1] + (m[2] === 'N' ? 'NT' : m[2]);
  return null;
}

/**
 * Final contract and declarer of an auction.
 * calls: normalised calls starting with `dealer`. Returns {contract, declarer} (contract null
 * when passed out, undefined when the auction has no bid yet).
 */
export function auctionResult(dealer, calls) {
  let last = null;
  let lastIndex = -1;
  let doubled = 0;
  calls.forEach((c, i) => {
    if (c === 'P') return;
    if (c === 'X') doubled = 1;
    else if (c === 'XX') doubled = 2;
    else {
      last = c;
      lastIndex = i;
      doubled = 0;
    }
  });
  if (!last) return { contract: calls.length >= 4 ? null : undefined, declarer: undefined };
  let strain = last.slice(1);
  let bidder = nextSeat(dealer, lastIndex);
  let side = sideOf(bidder);
  let declarer = bidder;
  for (let i = 0; i < calls.length; i++) {
    let seat = nextSeat(dealer, i);
    if (sideOf(seat) === side && calls[i].length >= 2 && calls[i] !== 'XX' && calls[i].slice(1) === strain) {
      declarer = seat;
      break;
    }
  }
  return { contract: { level: Number(last[0]), strain, doubled }, declarer };
}

// ---- PBN files ------------------------------------------------------------------------

/**
 * Parses a PBN file: one or more games. Returns the list of games that have a Deal tag.
 * Handles "#" (copy the previous game's value), comments, the Auction and Play sections.
 */
export function parsePbnFile(text) {
  let raw = String(text).replace(/\r\n?/g, '\n');
  // Drop {...} comments (they may span lines) and %-lines.
  raw = raw.replace(/\{[^}]*\}/g, ' ').replace(/^%.*$/gm, '');
  let games = [];
  let tags = null;
  let sections = null;
  let section = null;
  let flush = () => {
    if (tags && Object.keys(tags).length) games.push({ tags, sections });
    tags = null;
    section = null;
  };
  for (let line of raw.split('\n')) {
    let trimmed = line.trim();
    if (trimmed === '') {
      flush();
      continue;
    }
    let rest = trimmed;
    while (rest.startsWith('[')) {
      let m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*/.exec(rest);
      if (!m) break;
      if (!tags) {
        tags = {};
        sections = {};
      }
      tags[m[1]] = m[2];
      section = m[1];
      sections[section] = [];
      rest = rest.slice(m[0].length);
    }
    if (rest && tags && section) sections[section].push(rest);
  }
  flush();
  // "#" inherits from the previous game.
  let prev = {};
  for (let g of games) {
    for (let [k, v] of Object.entries(g.tags)) if (v === '#' && k in prev) g.tags[k] = prev[k];
    prev = { ...prev, ...g.tags };
  }
  let out = [];
  let firstError = null;
  for (let g of games) {
    if (!g.tags.Deal) continue;
    try {
      out.push(gameFromPbnTags(g.tags, g.sections));
    } catch (e) {
      firstError ??= e;
    }
  }
  if (!out.length) {
    if (firstError) throw firstError;
    throw new EntryError('No [Deal "…"] tag found in this PBN text', 'paste');
  }
  return out;
}

function gameFromPbnTags(tags, sections) {
  let hands = checkedDeal(parsePbnDeal(tags.Deal));
  let game = { hands, source: 'PBN' };
  if (tags.Board) game.board = tags.Board;
  if (tags.Dealer && SEATS.includes(tags.Dealer.trim().toUpperCase())) game.dealer = tags.Dealer.trim().toUpperCase();
  if (tags.Vulnerable !== undefined) {
    try {
      game.vulnerable = parseVulnerable(tags.Vulnerable);
    } catch {
      /* ignore an odd value */
    }
  }
  let names = {};
  for (let s of SEATS) {
    let v = tags[SEAT_NAME[s]];
    if (v && v !== '?' && v.trim()) names[s] = v.trim();
  }
  if (Object.keys(names).length) game.names = names;
  if (tags.Contract !== undefined && tags.Contract.trim() !== '') {
    try {
      game.contract = parseContract(tags.Contract);
    } catch {
      /* keep the deal; the contract is optional */
    }
  }
  if (tags.Declarer && SEATS.includes(tags.Declarer.trim().replace(/^\^/, '').toUpperCase())) {
    game.declarer = tags.Declarer.trim().replace(/^\^/, '').toUpperCase();
  }
  if (sections.Play && tags.Play && SEATS.includes(tags.Play.trim().toUpperCase()) && game.contract) {
    game.play = pbnPlayOrder(sections.Play, tags.Play.trim().toUpperCase(), game.contract.strain);
  }
  return game;
}

/**
 * Turns a PBN Play section (one line per trick, columns in seat order from the opening
 * leader) into play order, following trick winners. Stops at "-", "*" or the end.
 */
export function pbnPlayOrder(lines, firstSeat, trump) {
  let tokens = lines.join(' ').split(/\s+/).filter(Boolean).filter((t) => !/^(\$\d+|=\d+=)$/.test(t));
  let play = [];
  let leader = firstSeat;
  for (let i = 0; i + 4 <= tokens.length || i < tokens.length; i += 4) {
    let row = tokens.slice(i, i + 4);
    if (row.includes('*')) row = row.slice(0, row.indexOf('*'));
    let cards = row.map((t) => parseCard(t.replace(/[!?]+$/, '')));
    // Column j belongs to seat firstSeat + j; play order starts with the trick's leader.
    let ordered = [];
    for (let k = 0; k < 4; k++) {
      let seat = nextSeat(leader, k);
      let col = (SEATS.indexOf(seat) - SEATS.indexOf(firstSeat) + 4) % 4;
      if (!cards[col]) break;
      ordered.push(cards[col]);
    }
    play.push(...ordered);
    if (ordered.length < 4) break;
    leader = trickWinner(leader, ordered, trump);
  }
  return play;
}

// ---- LIN and BBO handviewer ----------------------------------------------------------------

/** A LIN or handviewer hand: "SAKQHJT9D876C5432" (any case, "10" allowed). */
export function parseSuitLetterHand(text, who) {
  let t = String(text).toUpperCase().replace(/10/g, 'T');
  let cards = [];
  let suit = null;
  for (let ch of t) {
    if (SUITS.includes(ch)) {
      suit = ch;
      continue;
    }
    if (ch === ' ' || ch === '.' || ch === '-') continue;
    if (!suit) throw new EntryError(`${who}: “${text}” must start with a suit letter (S, H, D or C)`);
    if (!RANKS.includes(ch)) throw new EntryError(`${who}: “${ch}” is not a rank`);
    cards.push(suit + ch);
  }
  return sortCards(cards);
}

/** Fills hands with fewer than one missing: a LIN deal may leave the last hand empty. */
function completeLinHands(hands) {
  let empty = SEATS.filter((s) => hands[s].length === 0);
  if (empty.length === 1) fillMissingHand(hands, empty);
  return hands;
}

const LIN_SEAT = { 1: 'S', 2: 'W', 3: 'N', 4: 'E' };

/** Parses a LIN string ("pn|…|md|3SAK…,…,…,|sv|o|mb|1S|…|pc|SA|…"). */
export function parseLin(text) {
  let t = String(text).trim().replace(/\s*\n\s*/g, '');
  let parts = t.split('|');
  let pairs = [];
  for (let i = 0; i + 1 < parts.length; i += 2) pairs.push([parts[i].trim().toLowerCase(), parts[i + 1]]);
  let md = pairs.find(([k]) => k === 'md');
  if (!md) throw new EntryError('This LIN has no deal (the “md|…|” field is missing)', 'paste');
  let v = md[1].trim();
  let dealer;
  if (/^[1-4]/.test(v)) {
    dealer = LIN_SEAT[v[0]];
    v = v.slice(1);
  }
  let handTexts = v.split(',');
  let order = ['S', 'W', 'N', 'E'];
  let hands = { N: [], E: [], S: [], W: [] };
  order.forEach((seat, i) => {
    if (handTexts[i] !== undefined && handTexts[i].trim() !== '') {
      hands[seat] = parseSuitLetterHand(handTexts[i].trim(), SEAT_NAME[seat]);
    }
  });
  completeLinHands(hands);
  let game = { hands: checkedDeal(hands), source: 'LIN' };
  if (dealer) game.dealer = dealer;
  let calls = [];
  let play = [];
  for (let [k, val] of pairs) {
    if (k === 'sv') {
      let m = { o: 'None', 0: 'None', '-': 'None', n: 'NS', e: 'EW', b: 'All' }[val.trim().toLowerCase()];
      if (m) game.vulnerable = m;
    } else if (k === 'mb') {
      let c = normaliseCall(val);
      if (c) calls.push(c);
    } else if (k === 'pc') {
      let c = parseCard(val);
      if (c) play.push(c);
    } else if (k === 'ah') {
      let m = /(\d+)/.exec(val);
      if (m) game.board = m[1];
    } else if (k === 'pn') {
      let names = val.split(',');
      if (names.length >= 4) {
        game.names = {};
        ['S', 'W', 'N', 'E'].forEach((s, i) => names[i] && (game.names[s] = names[i].trim()));
      }
    }
  }
  if (calls.length && dealer) {
    let r = auctionResult(dealer, calls);
    if (r.contract !== undefined) game.contract = r.contract;
    if (r.declarer) game.declarer = r.declarer;
  }
  if (play.length) game.play = play;
  return game;
}

/** Parses a BBO handviewer URL: "?lin=…" or "?n=…&e=…&s=…&w=…&d=n&v=b&a=1sppp&p=s2s3…". */
export function parseHandviewerUrl(text) {
  let url;
  try {
    url = new URL(String(text).trim());
  } catch {
    throw new EntryError('This does not look like a URL', 'paste');
  }
  let params = new URLSearchParams(url.search);
  // Some links carry the parameters after "#".
  if (![...params.keys()].length && url.hash) params = new URLSearchParams(url.hash.slice(1).replace(/^\?/, ''));
  if (params.get('lin')) return { ...parseLin(params.get('lin')), source: 'BBO URL' };
  let hands = { N: [], E: [], S: [], W: [] };
  let any = false;
  for (let s of SEATS) {
    let v = params.get(s.toLowerCase());
    if (v) {
      hands[s] = parseSuitLetterHand(v, SEAT_NAME[s]);
      any = true;
    }
  }
  if (!any) throw new EntryError('This URL has no deal: expected lin=… or n=…&e=…&s=…&w=… parameters', 'paste');
  completeLinHands(hands);
  let game = { hands: checkedDeal(hands), source: 'BBO URL' };
  let d = (params.get('d') || '').toUpperCase();
  if (SEATS.includes(d)) game.dealer = d;
  let v = (params.get('v') || '').toLowerCase();
  let vul = { '-': 'None', o: 'None', n: 'NS', e: 'EW', b: 'All' }[v];
  if (vul) game.vulnerable = vul;
  if (params.get('b')) game.board = params.get('b');
  let a = params.get('a');
  if (a && game.dealer) {
    let calls = [];
    let s = a.toUpperCase().replace(/\(.*?\)/g, '');
    for (let i = 0; i < s.length; i++) {
      let ch = s[i];
      if (/[1-7]/.test(ch)) {
        let strain = s[i + 1] === 'N' ? 'NT' : s[i + 1];
        calls.push(ch + strain);
        i += s[i + 1] === 'N' && s[i + 2] === 'T' ? 2 : 1;
      } else if (ch === 'P') calls.push('P');
      else if (ch === 'D' || ch === 'X') calls.push('X');
      else if (ch === 'R') calls.push('XX');
    }
    let r = auctionResult(game.dealer, calls);
    if (r.contract !== undefined) game.contract = r.contract;
    if (r.declarer) game.declarer = r.declarer;
  }
  let p = params.get('p');
  if (p) {
    let cards = [];
    let s = p.toUpperCase().replace(/10/g, 'T');
    for (let i = 0; i + 1 < s.length; i += 2) {
      let c = parseCard(s.slice(i, i + 2));
      if (c) cards.push(c);
    }
    if (cards.length) game.play = cards;
  }
  return game;
}

/**
 * Recognises whatever was pasted: a BBO URL, a LIN string, a PBN file or a PBN deal string.
 * Returns a list of games (a PBN file can hold several).
 */
export function parseAnything(text) {
  let t = String(text || '').trim();
  if (!t) throw new EntryError('Nothing to read: paste a PBN deal, a PBN file, a LIN string or a BBO URL', 'paste');
  if (/^https?:\/\//i.test(t) || /handviewer/i.test(t)) return [parseHandviewerUrl(t)];
  if (/(^|\|)md\|/i.test(t)) return [parseLin(t)];
  if (/\[\s*[A-Za-z]+\s+"/.test(t)) return parsePbnFile(t);
  if (/^"?[NESWnesw]\s*:/.test(t) || /^[^\s]*\.[^\s]*\.[^\s]*\.[^\s]*(\s+\S+){3}$/.test(t)) {
    return [{ hands: checkedDeal(parsePbnDeal(t)), source: 'PBN deal' }];
  }
  throw new EntryError(
    'Not recognised: paste a PBN deal (N:AKQ.… … … …), a PBN file, a LIN string (md|…) or a BBO handviewer URL',
    'paste',
  );
}

// ---- PBN export -----------------------------------------------------------------------

const pbnDate = (d) =>
  `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;

/**
 * Writes one game as PBN 2.1, with the DD table as OptimumResultTable when given.
 * table: {N: {NT, S, H, D, C}, E: …} (tricks for declarer's side); par: optional
 * {score, contracts} text. play: cards in play order from `leader`.
 */
export function toPbn({
  hands, board = '1', dealer = 'N', vulnerable = 'None', contract, declarer, leader, trump,
  play = [], table, par, event = 'Glasshand', date = new Date(),
}) {
  let lines = [];
  // Quotes are escaped; backslashes stay as they are (OptimumResultTable's "\2R").
  let tag = (k, v) => lines.push(`[${k} "${String(v ?? '').replace(/"/g, '\\"')}"]`);
  tag('Event', event);
  tag('Site', '');
  tag('Date', pbnDate(date));
  tag('Board', board);
  tag('West', '');
  tag('North', '');
  tag('East', '');
  tag('South', '');
  tag('Dealer', dealer);
  tag('Vulnerable', vulnerable);
  tag('Deal', dealToPbn(hands, dealer));
  tag('Scoring', '');
  tag('Declarer', contract ? declarer : '');
  tag('Contract', contract ? contractText(contract) : '');
  tag('Result', '');
  if (play.length && leader) {
    tag('Play', leader);
    lines.push(...pbnPlayLines(play, leader, contract ? contract.strain : trump || 'NT'));
  }
  if (par) {
    if (par.score !== undefined) tag('OptimumScore', par.score);
    if (par.contract) tag('ParContract', par.contract);
  }
  if (table) {
    tag('OptimumResultTable', 'Declarer;Denomination\\2R;Result\\2R');
    for (let seat of ['N', 'S', 'E', 'W']) {
      for (let strain of STRAINS) {
        let v = table[seat]?.[strain];
        if (v !== undefined) lines.push(`${seat} ${strain.padStart(2)} ${String(v).padStart(2)}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

/** Play section lines: one per trick, columns in seat order from the opening leader. */
export function pbnPlayLines(play, leader, trump) {
  let lines = [];
  let trickLeader = leader;
  for (let i = 0; i < play.length; i += 4) {
    let trick = play.slice(i, i + 4);
    let cols = ['-', '-', '-', '-'];
    trick.forEach((c, k) => {
      let seat = nextSeat(trickLeader, k);
      cols[(SEATS.indexOf(seat) - SEATS.indexOf(leader) + 4) % 4] = c;
    });
    lines.push(cols.join(' '));
    if (trick.length === 4) trickLeader = trickWinner(trickLeader, trick, trump);
  }
  if (play.length % 4 === 0 && play.length < 52) lines.push('*');
  else if (play.length % 4 !== 0) lines[lines.length - 1] += ' *';
  return lines;
}

export { cardText, ALL_CARDS };
