// A tiny exhaustive double-dummy search for small endings (a test oracle only, not part of
// the site): tricks for the side of `tomove` from a position, trying every legal card.
import { SEATS, nextSeat, sideOf } from '../../../web/board/bridge.js';
import { legalCards, trickWinner } from '../../../web/board/play.js';

export function ddValue(hands, trump, leader, trick = []) {
  let h = Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]]));
  for (let [i, c] of trick.entries()) {
    let s = nextSeat(leader, i);
    h[s] = h[s].filter((x) => x !== c);
  }
  return search(h, trump, leader, [...trick]);
}

// Tricks won from here by the side of the seat to move.
function search(h, trump, leader, trick) {
  let seat = nextSeat(leader, trick.length);
  if (h[seat].length === 0 && trick.length === 0) return 0;
  let best = -1;
  for (let c of legalCards(h[seat], trick)) {
    let v;
    h[seat] = h[seat].filter((x) => x !== c);
    let t = [...trick, c];
    if (t.length === 4) {
      let w = trickWinner(leader, t, trump);
      let won = sideOf(w) === sideOf(seat) ? 1 : 0;
      let rest = search(h, trump, w, []);
      v = won + (sideOf(w) === sideOf(seat) ? rest : h[seat].length - rest);
    } else {
      let next = nextSeat(seat);
      let r = search(h, trump, leader, t);
      let left = h[seat].length + 1; // tricks remaining including this one
      v = sideOf(next) === sideOf(seat) ? r : left - r;
    }
    h[seat] = [...h[seat], c];
    if (v > best) best = v;
  }
  return best;
}

/** Per legal card of the seat to move: tricks for its side from here. */
export function ddPerCard(hands, trump, leader, trick = []) {
  let seat = nextSeat(leader, trick.length);
  let h = Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]]));
  for (let [i, c] of trick.entries()) h[nextSeat(leader, i)] = h[nextSeat(leader, i)].filter((x) => x !== c);
  let out = {};
  for (let c of legalCards(h[seat], trick)) {
    let t = [...trick, c];
    let left = h[seat].length;
    let h2 = { ...h, [seat]: h[seat].filter((x) => x !== c) };
    if (t.length === 4) {
      let w = trickWinner(leader, t, trump);
      let rest = search(h2, trump, w, []);
      out[c] = sideOf(w) === sideOf(seat) ? 1 + rest : left - 1 - rest;
    } else {
      let next = nextSeat(seat);
      let r = search(h2, trump, leader, t);
      out[c] = sideOf(next) === sideOf(seat) ? r : left - r;
    }
  }
  return out;
}
