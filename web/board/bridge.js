// Cards, hands and deals: the vocabulary the rest of the site uses.
// Pure functions, no DOM: imported by the page, the diagram component and the Node tests.
//
// A card is a string: suit letter then rank, e.g. "SA", "HT", "C2".
// A deal ("hands") is {N: [cards], E: [...], S: [...], W: [...]}, each hand sorted
// spades first, high cards first. Endings may have fewer than 13 cards per hand.

export const SUITS = ['S', 'H', 'D', 'C'];
export const RANKS = 'AKQJT98765432';
export const SEATS = ['N', 'E', 'S', 'W'];
export const STRAINS = ['NT', 'S', 'H', 'D', 'C'];

export const SUIT_SYMBOL = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };
export const SUIT_NAME = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
export const SEAT_NAME = { N: 'North', E: 'East', S: 'South', W: 'West' };
export const RANK_NAME = {
  A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight',
  7: 'seven', 6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two',
};
export const STRAIN_SYMBOL = { NT: 'NT', ...SUIT_SYMBOL };
export const STRAIN_NAME = { NT: 'notrump', ...SUIT_NAME };

/** Every card of the pack, spades first, high first. */
export const ALL_CARDS = SUITS.flatMap((s) => [...RANKS].map((r) => s + r));

export const suitOf = (card) => card[0];
export const rankOf = (card) => card[1];
/** 14 for the ace down to 2 for the deuce. */
export const rankValue = (card) => 14 - RANKS.indexOf(card[1]);
export const seatIndex = (seat) => SEATS.indexOf(seat);
export const nextSeat = (seat, k = 1) => SEATS[(seatIndex(seat) + k) % 4];
export const partner = (seat) => nextSeat(seat, 2);
export const sideOf = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
export const SIDE_NAME = { NS: 'North–South', EW: 'East–West' };
/** A difference with its sign, as the badges show it: "+1", "−2" (a true minus sign). */
export const signed = (n) => (n < 0 ? `\u2212${-n}` : `+${n}`);
/** The rank as people write it: "10" for the ten. */
export const rankText = (r) => (r === 'T' ? '10' : r);
/** "♠A", "♥10": for messages and labels. */
export const cardText = (card) => SUIT_SYMBOL[card[0]] + rankText(card[1]);
/** "ace of spades": for screen readers. */
export const cardName = (card) => `${RANK_NAME[card[1]]} of ${SUIT_NAME[card[0]]}`;

/** Sort key: spades first, then high cards first. */
export const cardOrder = (card) => SUITS.indexOf(card[0]) * 13 + RANKS.indexOf(card[1]);
export const sortCards = (cards) => [...cards].sort((a, b) => cardOrder(a) - cardOrder(b));

/** A user-facing problem, shown next to the field it names. */
export class EntryError extends Error {
  constructor(message, field = 'deal', extra = {}) {
    super(message);
    this.field = field;
    Object.assign(this, extra);
  }
}

const SUIT_ALIASES = {
  S: 'S', H: 'H', D: 'D', C: 'C',
  '\u2660': 'S', '\u2664': 'S', '\u2665': 'H', '\u2661': 'H',
  '\u2666': 'D', '\u2662': 'D', '\u2663': 'C', '\u2667': 'C',
};

/** Parses one card written by a person: "SA", "sa", "S10", "♠A", "AS", "10s". Null if not a card. */
export function parseCard(text) {
  let t = String(text).trim().toUpperCase().replace(/10/, 'T');
  if (t.length !== 2) return null;
  let [a, b] = t;
  if (SUIT_ALIASES[a] && RANKS.includes(b)) return SUIT_ALIASES[a] + b;
  if (SUIT_ALIASES[b] && RANKS.includes(a)) return SUIT_ALIASES[b] + a;
  return null;
}

/**
 * Parses the ranks of one suit as typed: "AKQ", "A K Q", "akq", "10 9 8", "T98",
 * "-" or "—" or "void" or "" for a void. `where` names the field in messages ("North ♠").
 * Returns the ranks as a string, high first. Duplicates are an error.
 */
export function parseSuitRanks(text, where = 'This suit') {
  let t = String(text ?? '').trim().toUpperCase();
  if (t === '' || t === '-' || t === '\u2014' || t === '\u2013' || t === 'VOID') return '';
  t = t.replace(/10/g, 'T').replace(/[\s,]+/g, '');
  let seen = new Set();
  for (let ch of t) {
    if (ch === 'X') {
      throw new EntryError(`${where}: “x” is not a card here; type the real rank (A K Q J 10 9 … 2)`);
    }
    if (!RANKS.includes(ch)) {
      throw new EntryError(`${where}: “${ch}” is not a rank (use A K Q J 10 or T, 9 … 2)`);
    }
    if (seen.has(ch)) throw new EntryError(`${where}: ${rankText(ch)} is written twice`);
    seen.add(ch);
  }
  return [...seen].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).join('');
}

/** Per-suit rank strings {S, H, D, C} -> sorted list of cards. */
export function cardsFromSuits(suits) {
  return SUITS.flatMap((s) => [...(suits[s] || '')].map((r) => s + r));
}

/** Sorted cards -> {S: 'AKQ', H: '', ...}. */
export function suitsOf(cards) {
  let out = { S: '', H: '', D: '', C: '' };
  for (let c of sortCards(cards)) out[c[0]] += c[1];
  return out;
}

/** One hand in PBN form: "AKQ.JT9.876.5432" (an empty field is a void). */
export function handToPbn(cards) {
  let s = suitsOf(cards);
  return SUITS.map((x) => s[x]).join('.');
}

/** Parses a PBN hand "AKQ.JT9.876.5432". `who` names the hand in messages. */
export function parsePbnHand(text, who = 'This hand') {
  let fields = text.split('.');
  if (fields.length !== 4) {
    throw new EntryError(
      `${who}: “${text}” needs four suits separated by dots (spades.hearts.diamonds.clubs), found ${fields.length}`,
    );
  }
  let suits = {};
  SUITS.forEach((s, i) => {
    suits[s] = parseSuitRanks(fields[i], `${who} ${SUIT_SYMBOL[s]}`);
  });
  return cardsFromSuits(suits);
}

/** Deal -> "N:hand hand hand hand" starting with `first`. */
export function dealToPbn(hands, first = 'N') {
  let seats = [0, 1, 2, 3].map((k) => nextSeat(first, k));
  return `${first}:` + seats.map((s) => handToPbn(hands[s] || [])).join(' ');
}

/**
 * Parses a PBN deal string ("N:… … … …", any first seat; the "N:" may be omitted).
 * One hand may be "-" when the other three hold 13 cards: it gets the rest of the pack.
 * Returns hands (not yet validated: call validateDeal).
 */
export function parsePbnDeal(text) {
  let t = String(text).trim();
  let m = /^\[\s*Deal\s+"([^"]*)"\s*\]$/i.exec(t);
  if (m) t = m[1].trim();
  t = t.replace(/^"|"$/g, '').trim();
  let first = 'N';
  let fm = /^([NESWnesw])\s*:\s*/.exec(t);
  if (fm) {
    first = fm[1].toUpperCase();
    t = t.slice(fm[0].length);
  } else if (/^[A-Za-z]\s*:/.test(t)) {
    throw new EntryError(`The deal must start with a seat N, E, S or W and a colon, not “${t.split(':')[0]}:”`);
  }
  let parts = t.split(/\s+/).filter(Boolean);
  if (parts.length !== 4) {
    throw new EntryError(
      `A PBN deal needs four hands separated by spaces, found ${parts.length}` +
        (parts.length ? '' : ' (the deal is empty)'),
    );
  }
  let hands = {};
  let unknown = [];
  parts.forEach((p, i) => {
    let seat = nextSeat(first, i);
    if (p === '-') {
      unknown.push(seat);
      hands[seat] = [];
    } else {
      hands[seat] = parsePbnHand(p, SEAT_NAME[seat]);
    }
  });
  if (unknown.length) fillMissingHand(hands, unknown);
  return hands;
}

/** Gives the one unknown hand the rest of the pack when the others hold 13 cards each. */
export function fillMissingHand(hands, unknown) {
  if (unknown.length !== 1) {
    throw new EntryError(`${unknown.map((s) => SEAT_NAME[s]).join(' and ')}: hands are missing; only one hand can be left out`);
  }
  let known = SEATS.filter((s) => s !== unknown[0]);
  if (!known.every((s) => hands[s].length === 13)) {
    throw new EntryError(
      `${SEAT_NAME[unknown[0]]}'s hand is missing; it can only be filled in when the other three hands hold 13 cards each`,
      'deal',
      { seat: unknown[0] },
    );
  }
  let used = new Set(known.flatMap((s) => hands[s]));
  hands[unknown[0]] = ALL_CARDS.filter((c) => !used.has(c));
  return hands;
}

/**
 * Checks a deal and returns a list of problems, each naming what is wrong and where:
 * {message, seat?, card?}. Empty list: the deal can be solved (equal hand sizes, 1..13).
 */
export function validateDeal(hands) {
  let errors = [];
  let owner = new Map();
  for (let seat of SEATS) {
    let cards = hands[seat] || [];
    let inHand = new Set();
    for (let card of cards) {
      if (!ALL_CARDS.includes(card)) {
        errors.push({ seat, card, message: `${SEAT_NAME[seat]}: “${card}” is not a card` });
        continue;
      }
      if (inHand.has(card)) {
        errors.push({ seat, card, message: `${SEAT_NAME[seat]} holds ${cardText(card)} twice` });
        continue;
      }
      inHand.add(card);
      if (owner.has(card)) {
        errors.push({
          seat, card, other: owner.get(card),
          message: `${cardText(card)} is in both ${SEAT_NAME[owner.get(card)]} and ${SEAT_NAME[seat]}`,
        });
      } else {
        owner.set(card, seat);
      }
    }
  }
  let counts = Object.fromEntries(SEATS.map((s) => [s, (hands[s] || []).length]));
  for (let seat of SEATS) {
    if (counts[seat] > 13) {
      errors.push({ seat, message: `${SEAT_NAME[seat]} has ${counts[seat]} cards; a hand holds at most 13` });
    }
  }
  let target = Math.min(13, Math.max(...SEATS.map((s) => counts[s])));
  if (target === 0) {
    errors.push({ message: 'The deal is empty: enter the four hands' });
  } else {
    for (let seat of SEATS) {
      let n = counts[seat];
      if (n < target) {
        let others = SEATS.filter((s) => s !== seat && counts[s] === target).map((s) => SEAT_NAME[s]);
        errors.push({
          seat,
          message:
            `${SEAT_NAME[seat]} is short: ${n} card${n === 1 ? '' : 's'}` +
            (others.length ? `, ${listText(others)} ${others.length === 1 ? 'has' : 'have'} ${target}` : `, expected ${target}`),
        });
      }
    }
  }
  return errors;
}

/** "North", "North and East", "North, East and South". */
export const listText = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** Throws the first problem of validateDeal as an EntryError, or returns the sorted hands. */
export function checkedDeal(hands) {
  let errors = validateDeal(hands);
  if (errors.length) throw new EntryError(errors[0].message, 'deal', { errors });
  return Object.fromEntries(SEATS.map((s) => [s, sortCards(hands[s])]));
}

export const handSize = (hands) => Math.max(...SEATS.map((s) => (hands[s] || []).length));

/** Seeded or unseeded random full deal. `random` returns floats in [0, 1). */
export function randomDeal(random = Math.random) {
  let pack = [...ALL_CARDS];
  for (let i = pack.length - 1; i > 0; i--) {
    let j = Math.floor(random() * (i + 1));
    [pack[i], pack[j]] = [pack[j], pack[i]];
  }
  return Object.fromEntries(SEATS.map((s, i) => [s, sortCards(pack.slice(13 * i, 13 * i + 13))]));
}

/** Small deterministic generator for reproducible "random" deals (mulberry32). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** High-card points of a hand (A=4 K=3 Q=2 J=1). */
export function hcp(cards) {
  const v = { A: 4, K: 3, Q: 2, J: 1 };
  return cards.reduce((sum, c) => sum + (v[c[1]] || 0), 0);
}

// ---- contracts, vulnerability -------------------------------------------------

/** "4SX", "3NT", "7N", "2HXX", "Pass" -> {level, strain, doubled: 0|1|2} or null for a pass-out. */
export function parseContract(text) {
  let t = String(text || '').trim().toUpperCase();
  if (t === '' ) return undefined;
  if (t === 'PASS' || t === 'P') return null;
  let m = /^([1-7])\s*(NT|N|S|H|D|C|♠|♥|♦|♣)\s*(XX|X|\*\*|\*)?$/.exec(t);
  if (!m) throw new EntryError(`“${text}” is not a contract (write it like 4S, 3NT or 2HX)`, 'contract');
  let strain = m[2] === 'N' ? 'NT' : SUIT_ALIASES[m[2]] || m[2];
  let doubled = m[3] ? (m[3].length === 2 ? 2 : 1) : 0;
  return { level: Number(m[1]), strain, doubled };
}

export function contractText(c) {
  if (!c) return 'Pass';
  return `${c.level}${c.strain}${['', 'X', 'XX'][c.doubled || 0]}`;
}

const SEAT_WORDS = { N: 'N', NORTH: 'N', E: 'E', EAST: 'E', S: 'S', SOUTH: 'S', W: 'W', WEST: 'W' };
const STRAIN_WORDS = {
  NT: 'NT', N: 'NT', NOTRUMP: 'NT', NOTRUMPS: 'NT', SA: 'NT',
  S: 'S', SPADES: 'S', H: 'H', HEARTS: 'H', D: 'D', DIAMONDS: 'D', C: 'C', CLUBS: 'C', ...SUIT_ALIASES,
};

/** "n", "North" -> 'N'; null if not a seat. */
export const parseSeat = (text) => SEAT_WORDS[String(text ?? '').trim().toUpperCase()] ?? null;

/** "nt", "N", "♠", "spades" -> 'NT' | 'S' | …; null if not a strain. */
export const parseStrain = (text) => STRAIN_WORDS[String(text ?? '').trim().toUpperCase()] ?? null;

/** PBN Vulnerable values and friends -> 'None' | 'NS' | 'EW' | 'All'. */
export function parseVulnerable(text) {
  let t = String(text || '').trim().toUpperCase();
  if (['NONE', 'LOVE', '-', 'O', '0', ''].includes(t)) return 'None';
  if (['NS', 'N-S', 'N'].includes(t)) return 'NS';
  if (['EW', 'E-W', 'E'].includes(t)) return 'EW';
  if (['ALL', 'BOTH', 'B'].includes(t)) return 'All';
  throw new EntryError(`“${text}” is not a vulnerability (None, NS, EW or All)`, 'vulnerable');
}

export const isVulnerable = (vul, seat) => vul === 'All' || vul === sideOf(seat);
