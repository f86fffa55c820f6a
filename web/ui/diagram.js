// The deal diagram: four hands around a table, the trick in progress in the middle.
// One component for the site and the embeddable widget (issue 5): it renders into any
// element, in the page or in a shadow root, and brings its own styles
// (DIAGRAM_CSS, or adoptDiagramStyles(root) with a constructable stylesheet).
// All its classes start with "gh-"; its look is tuned with --gh-* custom properties.
//
//   import { DealDiagram, adoptDiagramStyles } from './diagram.js';
//   adoptDiagramStyles(shadowRoot);                 // or document
//   let d = new DealDiagram(container, { onCardClick: (card) => … });
//   d.render({ hands, tomove, legal, results, inert, trick, ... });
//   d.setResults({ SA: {text: '=', kind: 'best', tricks: 9} });   // cheap, while streaming
//
// model fields (all optional except hands):
//   hands        {N: [cards], E, S, W} — the cards to draw, sorted
//   names        {N: 'North', …} — seat labels (default compass names)
//   dealer       seat with the dealer mark; vulnerable 'None'|'NS'|'EW'|'All'
//   tomove       seat to play: highlighted
//   legal        Set of cards that can be clicked (buttons); others are inert images
//   results      {card: {text, kind: 'best'|'loss'|'gain'|'pending', tricks?, title?}}
//   inert        Set of cards drawn as a grey "x" (partition search's inert cards)
//   trick        {leader, cards, winner?} — the trick in the middle of the table
//   centre       lines of text for the middle of the table (e.g. ["4♠ by S", "NS 3 · EW 1"])
//   label        aria-label of the whole diagram

import { el } from './dom.js';
import { SEATS, SUITS, SEAT_NAME, SUIT_SYMBOL, SUIT_NAME, cardName, nextSeat, rankText, hcp, isVulnerable } from '../board/bridge.js';

export const DIAGRAM_CSS = `
.gh-dia {
  --gh-card-w: 2.6em;
  --gh-card-h: 3.85em;
  --gh-card-step: calc(var(--gh-card-w) + 0.16em);
  --gh-felt: #1f6b45;
  --gh-felt-edge: #154d31;
  --gh-red: #c8102e;
  --gh-black: #16181d;
  --gh-card-bg: #ffffff;
  --gh-card-border: #9aa3ad;
  --gh-ink: #1b1f24;
  --gh-muted: #5b6470;
  --gh-best: #137333;
  --gh-loss: #b3261e;
  --gh-gain: #1a56b8;
  --gh-focus: #f5b301;
  container-type: inline-size;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  font-size: var(--gh-font-size, 16px);
  color: var(--gh-ink);
  line-height: 1.2;
  box-sizing: border-box;
  /* Inherited properties a host page may set: reset them (the widget lives in any page). */
  font-style: normal; font-weight: 400; letter-spacing: normal; word-spacing: normal;
  text-transform: none; text-align: left; text-indent: 0; text-shadow: none; white-space: normal;
  visibility: visible; cursor: auto;
}
.gh-dia *, .gh-dia *::before, .gh-dia *::after { box-sizing: border-box; }
.gh-grid {
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  grid-template-areas: "n n n" "w t e" "s s s";
  align-items: center;
  justify-items: center;
  gap: 0.6em 1em;
}
.gh-hand { min-width: 0; max-width: 100%; }
.gh-hand[data-seat="N"] { grid-area: n; }
.gh-hand[data-seat="S"] { grid-area: s; }
.gh-hand[data-seat="W"] { grid-area: w; justify-self: end; }
.gh-hand[data-seat="E"] { grid-area: e; justify-self: start; }
.gh-seat {
  display: flex; align-items: center; gap: 0.45em;
  font-weight: 650; font-size: 0.95em; margin: 0 0 0.3em 0.1em; color: var(--gh-ink);
}
.gh-seat-name { padding: 0.1em 0.5em; border-radius: 0.35em; background: #e7ebef; border: 1px solid #c9d0d7; }
.gh-vul .gh-seat-name { background: #fde3e3; border-color: var(--gh-red); color: #8a0f1f; }
.gh-tomove .gh-seat-name { background: var(--gh-focus); border-color: #a77900; color: #1b1f24; box-shadow: 0 0 0 3px rgba(245,179,1,.35); }
.gh-dealer { font-size: 0.75em; font-weight: 700; border: 1.5px solid currentColor; border-radius: 50%; width: 1.5em; height: 1.5em; display: inline-grid; place-items: center; color: var(--gh-muted); }
.gh-hcp { font-size: 0.8em; font-weight: 500; color: var(--gh-muted); }
.gh-suits { display: flex; flex-direction: column; gap: 0.25em; }
.gh-hand[data-seat="N"] .gh-suits, .gh-hand[data-seat="S"] .gh-suits { flex-direction: row; flex-wrap: wrap; column-gap: 0.9em; justify-content: center; }
.gh-suit { display: flex; align-items: flex-start; min-height: var(--gh-card-h); }
.gh-sym { font-size: 1.45em; width: 1.05em; text-align: center; line-height: 1.6; flex: none; }
.gh-sym.gh-void { }
.gh-void-text { color: var(--gh-muted); font-size: 1.1em; line-height: 2.2; padding-left: 0.2em; }
.gh-red { color: var(--gh-red); }
.gh-black { color: var(--gh-black); }
.gh-cards { display: flex; flex-wrap: wrap; row-gap: 0.2em; }
.gh-slot { display: flex; flex-direction: column; align-items: center; width: var(--gh-card-step); flex: none; }
.gh-card {
  all: unset;
  box-sizing: border-box;
  position: relative;
  width: var(--gh-card-w); height: var(--gh-card-h);
  background: var(--gh-card-bg);
  border: 1px solid var(--gh-card-border);
  border-radius: 0.35em;
  box-shadow: 0 1px 2px rgba(0,0,0,.25);
  display: flex; flex-direction: column; align-items: flex-start;
  padding: 0.12em 0 0 0.22em;
  font-weight: 700;
  line-height: 1;
  user-select: none;
}
.gh-card .gh-r { font-size: 1.3em; letter-spacing: -0.06em; }
.gh-card .gh-r.gh-ten { letter-spacing: -0.1em; }
.gh-card .gh-p { font-size: 1.15em; margin-top: 0.05em; }
.gh-card .gh-big { position: absolute; right: 0.15em; bottom: 0.05em; font-size: 1.55em; opacity: .9; }
.gh-card.gh-s, .gh-card.gh-c { color: var(--gh-black); }
.gh-card.gh-h, .gh-card.gh-d { color: var(--gh-red); }
button.gh-card { cursor: pointer; }
button.gh-card:hover { transform: translateY(-0.25em); box-shadow: 0 4px 8px rgba(0,0,0,.25); }
button.gh-card:focus-visible { outline: 3px solid var(--gh-focus); outline-offset: 2px; }
.gh-legal .gh-card { border-color: #4b5563; }
.gh-hand.gh-tomove .gh-slot:not(.gh-legal) .gh-card { opacity: .55; }
.gh-inert .gh-card { background: #eceef1; color: #6b7280 !important; border-style: dashed; }
.gh-inert .gh-card .gh-p, .gh-inert .gh-card .gh-big { opacity: .45; }
.gh-slot { position: relative; }
.gh-res {
  position: absolute; left: 50%; transform: translateX(-50%); top: calc(var(--gh-card-h) - 1.3em);
  min-width: 2.1em; height: 1.15em;
  font-size: 0.92em; font-weight: 750; text-align: center; line-height: 1.15em;
  border-radius: 0.6em; padding: 0 0.25em;
  font-variant-numeric: tabular-nums;
}
.gh-res:empty { visibility: hidden; }
.gh-slot:has(.gh-res:not(:empty)) .gh-big { visibility: hidden; }
.gh-res.gh-best { background: #d9f2e1; color: var(--gh-best); }
.gh-res.gh-loss { background: #fbe0de; color: var(--gh-loss); }
.gh-res.gh-gain { background: #dde8fb; color: var(--gh-gain); }
.gh-res.gh-pending { color: var(--gh-muted); font-weight: 500; }
.gh-table {
  grid-area: t;
  position: relative;
  width: calc(var(--gh-card-w) * 3 + 4.6em);
  height: calc(var(--gh-card-h) * 2 + 5.2em);
  background: radial-gradient(ellipse at center, #2a8a5a 0%, var(--gh-felt) 60%, var(--gh-felt-edge) 100%);
  border: 0.35em solid #6b4a2b;
  border-radius: 0.9em;
  box-shadow: inset 0 0 1.2em rgba(0,0,0,.35), 0 2px 6px rgba(0,0,0,.25);
}
.gh-compass { position: absolute; color: rgba(255,255,255,.8); font-weight: 700; font-size: .8em; }
.gh-compass[data-seat="N"] { top: .25em; left: 50%; transform: translateX(-50%); }
.gh-compass[data-seat="S"] { bottom: .25em; left: 50%; transform: translateX(-50%); }
.gh-compass[data-seat="W"] { left: .35em; top: 50%; transform: translateY(-50%); }
.gh-compass[data-seat="E"] { right: .35em; top: 50%; transform: translateY(-50%); }
.gh-played { position: absolute; }
.gh-played .gh-card { box-shadow: 0 2px 5px rgba(0,0,0,.45); }
.gh-played[data-seat="N"] { top: 1.1em; left: 50%; transform: translateX(-50%); }
.gh-played[data-seat="S"] { bottom: 1.1em; left: 50%; transform: translateX(-50%); }
.gh-played[data-seat="W"] { left: 1.2em; top: 50%; transform: translateY(-50%); }
.gh-played[data-seat="E"] { right: 1.2em; top: 50%; transform: translateY(-50%); }
.gh-played.gh-winner .gh-card { outline: 3px solid var(--gh-focus); }
.gh-centre {
  position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center;
  color: #fff; text-align: center; font-size: .85em; font-weight: 600; pointer-events: none; text-shadow: 0 1px 2px rgba(0,0,0,.6);
}
.gh-has-trick .gh-centre { display: none; }
.gh-centre .gh-line + .gh-line { margin-top: .2em; font-weight: 500; }
.gh-error { color: #8a0f1f; background: #fde3e3; border: 1px solid var(--gh-red); padding: .5em .75em; border-radius: .4em; }

/* Medium widths: all hands in suit rows, slightly smaller cards. */
@container (max-width: 700px) {
  .gh-grid { --gh-card-w: 2.35em; --gh-card-h: 3.3em; --gh-card-step: 1.75em; }
  .gh-hand[data-seat="N"] .gh-suits, .gh-hand[data-seat="S"] .gh-suits { flex-direction: column; }
  .gh-card .gh-big { display: none; }
  .gh-slot:last-child { width: var(--gh-card-w); }
  /* A card is wider than its overlapping slot: centred, it would reach over the suit symbol. */
  .gh-slot { align-items: flex-start; }
  .gh-slot .gh-card { box-shadow: -1px 0 2px rgba(0,0,0,.18); }
  .gh-suit { min-height: calc(var(--gh-card-h) + 1.2em); }
  .gh-res { position: static; transform: none; margin-top: 0.1em; }
}
/* Phones: small overlapping cards. */
@container (max-width: 560px) {
  .gh-grid { font-size: 14px; --gh-card-w: 1.95em; --gh-card-h: 2.7em; --gh-card-step: 1.3em; gap: 0.4em 0.35em; }
  .gh-card { padding: 0.1em 0 0 0.14em; }
  .gh-card .gh-r { font-size: 1.15em; }
  .gh-card .gh-p { font-size: 1em; }
  /* The symbol's own width, not a fixed box its glyph overflows onto the first card. */
  .gh-sym { font-size: 1.2em; width: auto; min-width: .85em; margin-right: .1em; }
  .gh-res { font-size: .8em; min-width: 1.6em; }
  .gh-table { width: calc(var(--gh-card-w) * 2.4 + 0.5em); height: calc(var(--gh-card-h) * 3 + 0.6em); border-width: .25em; }
  .gh-played[data-seat="N"] { top: .2em; }
  .gh-played[data-seat="S"] { bottom: .2em; }
  .gh-played[data-seat="W"] { left: .2em; }
  .gh-played[data-seat="E"] { right: .2em; }
  .gh-compass { display: none; }
  .gh-hcp { display: none; }
  .gh-grid { --gh-card-step: 1.32em; }
  .gh-hand[data-seat="N"] .gh-suits, .gh-hand[data-seat="S"] .gh-suits { flex-direction: row; column-gap: .45em; }
  .gh-card .gh-r.gh-ten { font-size: 1em; letter-spacing: -0.12em; }
}
/* The narrowest (a phone's blog column): a little smaller and closer, so that North's and
   South's thirteen cards stay on one line. */
@container (max-width: 350px) {
  .gh-grid { font-size: 13px; --gh-card-step: 1.2em; }
}
`;

let sheet = null;
/** The diagram's styles as a constructable stylesheet (shared by every root). */
export function diagramStyleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(DIAGRAM_CSS);
  }
  return sheet;
}

/** Adds the diagram's styles to a Document or a ShadowRoot (once). */
export function adoptDiagramStyles(root = document) {
  let s = diagramStyleSheet();
  if (!root.adoptedStyleSheets.includes(s)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, s];
}

const isRed = (suit) => suit === 'H' || suit === 'D';

/** One card face: a button when clickable, otherwise a plain box. */
export function cardFace(card, { clickable = false, inert = false, label } = {}) {
  let suit = card[0];
  let rank = inert ? 'x' : rankText(card[1]);
  let attrs = {
    class: `gh-card gh-${suit.toLowerCase()}`,
    'data-card': card,
  };
  let name = label || (inert ? `low ${SUIT_NAME[suit].slice(0, -1)} (${cardName(card)})` : cardName(card));
  let face = el(clickable ? 'button' : 'span', attrs,
    el('span', { class: rank === '10' ? 'gh-r gh-ten' : 'gh-r', 'aria-hidden': 'true', text: rank }),
    el('span', { class: 'gh-p', 'aria-hidden': 'true', text: SUIT_SYMBOL[suit] }),
    el('span', { class: 'gh-big', 'aria-hidden': 'true', text: SUIT_SYMBOL[suit] }),
  );
  if (clickable) {
    face.type = 'button';
    face.setAttribute('aria-label', name);
  } else {
    face.setAttribute('role', 'img');
    face.setAttribute('aria-label', name);
  }
  return face;
}

export class DealDiagram {
  /**
   * root: the element to render into (its content is replaced).
   * options.onCardClick(card): called when a legal card is clicked or activated.
   */
  constructor(root, { onCardClick } = {}) {
    this.root = root;
    this.onCardClick = onCardClick;
    this.model = null;
    root.addEventListener('click', (ev) => {
      let b = ev.target.closest && ev.target.closest('button.gh-card');
      if (b && this.root.contains(b) && this.onCardClick) this.onCardClick(b.dataset.card);
    });
    root.addEventListener('keydown', (ev) => this.#arrowKeys(ev));
  }

  render(model) {
    this.model = model;
    let active = this.root.getRootNode().activeElement;
    let focusedCard = active && this.root.contains(active) ? active.dataset.card : null;
    let wrap = el('div', {
      class: 'gh-dia',
      role: 'group',
      'aria-label': model.label || 'Deal diagram',
    });
    if (model.error) {
      wrap.append(el('div', { class: 'gh-error', role: 'alert', text: model.error }));
      this.root.replaceChildren(wrap);
      return;
    }
    let grid = el('div', { class: 'gh-grid' });
    for (let seat of SEATS) grid.append(this.#hand(seat, model));
    grid.append(this.#table(model));
    wrap.append(grid);
    this.root.replaceChildren(wrap);
    if (focusedCard) {
      let again = this.root.querySelector(`button.gh-card[data-card="${focusedCard}"]`)
        || this.root.querySelector('.gh-tomove button.gh-card');
      again?.focus();
    }
  }

  /** Updates the result badges without redrawing the cards. */
  setResults(results = {}) {
    if (this.model) this.model.results = results;
    for (let slot of this.root.querySelectorAll('.gh-slot')) {
      let card = slot.dataset.card;
      this.#fillResult(slot, results[card]);
    }
  }

  #fillResult(slot, r) {
    let badge = slot.querySelector('.gh-res');
    badge.className = 'gh-res' + (r ? ` gh-${r.kind || 'best'}` : '');
    badge.textContent = r ? r.text : '';
    if (r && r.tricks !== undefined) slot.dataset.dd = r.tricks;
    else delete slot.dataset.dd;
    badge.title = r?.title || '';
    let button = slot.querySelector('button.gh-card');
    if (button) {
      let base = button.dataset.name || button.getAttribute('aria-label');
      button.dataset.name = base;
      button.setAttribute('aria-label', r && r.title ? `${base}: ${r.title}` : base);
    }
  }

  #hand(seat, m) {
    let cards = m.hands[seat] || [];
    let legal = m.legal || new Set();
    let inert = m.inert || new Set();
    let results = m.results || {};
    let name = (m.names && m.names[seat]) || SEAT_NAME[seat];
    let classes = ['gh-hand'];
    if (m.tomove === seat) classes.push('gh-tomove');
    if (m.vulnerable && isVulnerable(m.vulnerable, seat)) classes.push('gh-vul');
    let label = el('div', { class: 'gh-seat' },
      el('span', { class: 'gh-seat-name', text: name }),
      m.dealer === seat ? el('span', { class: 'gh-dealer', title: 'Dealer', 'aria-label': 'dealer', text: 'D' }) : null,
      m.showHcp !== false && cards.length === 13 ? el('span', { class: 'gh-hcp', text: `${hcp(cards)} hcp` }) : null,
    );
    let suits = el('div', { class: 'gh-suits' });
    for (let suit of SUITS) {
      let inSuit = cards.filter((c) => c[0] === suit);
      let row = el('div', { class: 'gh-suit', 'data-suit': suit },
        el('span', {
          class: `gh-sym ${isRed(suit) ? 'gh-red' : 'gh-black'}`,
          'aria-label': SUIT_NAME[suit],
          role: 'img',
          text: SUIT_SYMBOL[suit],
        }));
      let list = el('span', { class: 'gh-cards' });
      if (!inSuit.length) list.append(el('span', { class: 'gh-void-text', text: '\u2014', 'aria-label': 'void' }));
      for (let card of inSuit) {
        let isLegal = legal.has(card) && m.tomove === seat;
        let isInert = inert.has(card);
        let slot = el('span', {
          class: 'gh-slot' + (isLegal ? ' gh-legal' : '') + (isInert ? ' gh-inert' : ''),
          'data-card': card,
        }, cardFace(card, { clickable: isLegal, inert: isInert }), el('span', { class: 'gh-res', 'aria-hidden': 'true' }));
        this.#fillResult(slot, results[card]);
        list.append(slot);
      }
      row.append(list);
      suits.append(row);
    }
    return el('section', {
      class: classes.join(' '),
      'data-seat': seat,
      'aria-label': `${name}${m.tomove === seat ? ', to play' : ''}`,
    }, label, suits);
  }

  #table(m) {
    let t = el('div', { class: 'gh-table' + (m.trick && m.trick.cards.length ? ' gh-has-trick' : ''), 'aria-label': 'Table' });
    for (let seat of SEATS) t.append(el('span', { class: 'gh-compass', 'data-seat': seat, 'aria-hidden': 'true', text: seat }));
    if (m.trick) {
      m.trick.cards.forEach((card, i) => {
        let seat = nextSeat(m.trick.leader, i);
        t.append(el('div', {
          class: 'gh-played' + (m.trick.winner === seat ? ' gh-winner' : ''),
          'data-seat': seat,
        }, cardFace(card, { label: `${SEAT_NAME[seat]} played ${cardName(card)}` })));
      });
    }
    let centre = el('div', { class: 'gh-centre', 'aria-live': 'polite' });
    for (let line of m.centre || []) centre.append(el('div', { class: 'gh-line', text: line }));
    t.append(centre);
    return t;
  }

  // Left/right arrows move between the clickable cards of the hand to play.
  #arrowKeys(ev) {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(ev.key)) return;
    let b = ev.target.closest && ev.target.closest('button.gh-card');
    if (!b) return;
    let all = [...this.root.querySelectorAll('.gh-tomove button.gh-card')];
    let i = all.indexOf(b);
    if (i < 0) return;
    let j = ev.key === 'ArrowLeft' || ev.key === 'ArrowUp' ? i - 1 : i + 1;
    if (j >= 0 && j < all.length) {
      all[j].focus();
      ev.preventDefault();
      ev.stopPropagation();
    }
  }
}
