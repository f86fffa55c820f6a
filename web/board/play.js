// The rules of the play: whose turn, which cards are legal, who wins a trick, and a
// history of played cards with undo, redo and jumps. Pure, no DOM.

import { SEATS, SEAT_NAME, cardText, nextSeat, sideOf, sortCards, suitOf, rankValue, EntryError } from './bridge.js';

/** The seat that wins a trick: cards are played in order starting with `leader`. */
export function trickWinner(leader, cards, trump) {
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    let c = cards[i];
    let b = cards[best];
    let beats =
      suitOf(c) === suitOf(b)
        ? rankValue(c) > rankValue(b)
        : trump !== 'NT' && suitOf(c) === trump;
    if (beats) best = i;
  }
  return nextSeat(leader, best);
}

/** Cards of `hand` that may be played to `trick` (the cards already played to it). */
export function legalCards(hand, trick) {
  if (!trick.length) return [...hand];
  let led = suitOf(trick[0]);
  let follow = hand.filter((c) => suitOf(c) === led);
  return follow.length ? follow : [...hand];
}

/**
 * Replays `played` (cards in play order) from a deal.
 * Returns the position after them:
 *   hands        remaining cards of each seat
 *   trickStart   the hands at the start of the current trick (what the solver calls "deal")
 *   tricks       completed tricks [{leader, cards, winner}]
 *   current      {leader, cards} of the trick in progress (cards may be empty)
 *   tomove       the seat to play next (null when the play is over)
 *   won          tricks won so far {NS, EW}
 *   over         true when every card is played
 * Throws EntryError naming the first illegal card.
 */
export function replay(deal, trump, leader, played = []) {
  let hands = Object.fromEntries(SEATS.map((s) => [s, [...deal[s]]]));
  let tricks = [];
  let current = { leader, cards: [] };
  let trickStart = cloneHands(hands);
  let won = { NS: 0, EW: 0 };
  let tomove = leader;
  played.forEach((card, i) => {
    let hand = hands[tomove];
    if (!hand.includes(card)) {
      throw new EntryError(
        `Card ${i + 1} (${cardText(card)}): ${SEAT_NAME[tomove]} is to play and does not hold it`,
        'play',
        { index: i },
      );
    }
    if (!legalCards(hand, current.cards).includes(card)) {
      throw new EntryError(
        `Card ${i + 1} (${cardText(card)}): ${SEAT_NAME[tomove]} must follow suit`,
        'play',
        { index: i },
      );
    }
    hands[tomove] = hand.filter((c) => c !== card);
    current.cards.push(card);
    if (current.cards.length === 4) {
      let winner = trickWinner(current.leader, current.cards, trump);
      tricks.push({ leader: current.leader, cards: current.cards, winner });
      won[sideOf(winner)]++;
      current = { leader: winner, cards: [] };
      trickStart = cloneHands(hands);
      tomove = winner;
    } else {
      tomove = nextSeat(tomove);
    }
  });
  let over = SEATS.every((s) => hands[s].length === 0);
  return { hands, trickStart, tricks, current, tomove: over ? null : tomove, won, over };
}

const cloneHands = (h) => Object.fromEntries(SEATS.map((s) => [s, [...h[s]]]));

/** The seat that played card i of a trick led by `leader`. */
export const seatOfCard = (leader, i) => nextSeat(leader, i);

/**
 * A sequence of played cards with a cursor: cards before the cursor are on the table,
 * cards after it can be redone.
 */
export class PlayHistory {
  constructor(cards = [], cursor = cards.length) {
    this.cards = [...cards];
    this.cursor = Math.max(0, Math.min(cursor, cards.length));
  }
  get played() {
    return this.cards.slice(0, this.cursor);
  }
  /** Plays a card at the cursor: keeps the redo list when it is the same card. */
  play(card) {
    if (this.cards[this.cursor] === card) {
      this.cursor++;
    } else {
      this.cards = [...this.cards.slice(0, this.cursor), card];
      this.cursor = this.cards.length;
    }
  }
  canUndo() {
    return this.cursor > 0;
  }
  canRedo() {
    return this.cursor < this.cards.length;
  }
  undo() {
    if (this.cursor > 0) this.cursor--;
  }
  redo() {
    if (this.cursor < this.cards.length) this.cursor++;
  }
  /** Moves the cursor to card index k (0 = before any card). */
  jump(k) {
    this.cursor = Math.max(0, Math.min(k, this.cards.length));
  }
  /** Moves to the start of trick t (1-based); t past the end goes to the last card. */
  jumpToTrick(t) {
    this.jump((t - 1) * 4);
  }
  clear() {
    this.cards = [];
    this.cursor = 0;
  }
}

/** The hands before any card was played, given the current hands and the played cards. */
export function unplay(hands, tricks, current) {
  let out = Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]]));
  for (let t of [...tricks, current]) {
    t.cards.forEach((c, i) => out[nextSeat(t.leader, i)].push(c));
  }
  return Object.fromEntries(SEATS.map((s) => [s, sortCards(out[s])]));
}
