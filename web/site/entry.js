// The deal entry panel: type four hands (per suit, or one PBN deal string), paste a PBN file,
// a LIN string or a BBO handviewer URL, or click cards from a 52-card palette into the hands.
// Every problem is written next to the field it concerns.
//
//   let entry = new DealEntry(element, { onDeal(game) {…} });
//   entry.show(hands);   // reflect a deal loaded elsewhere

import {
  ALL_CARDS, SEATS, SUITS, SEAT_NAME, SUIT_SYMBOL, SUIT_NAME, EntryError, cardName, cardsFromSuits,
  checkedDeal, dealToPbn, fillMissingHand, parsePbnDeal, parseSuitRanks, rankText, sortCards, suitsOf, validateDeal,
} from '../board/bridge.js';
import { el as h } from '../ui/dom.js';
import { parseAnything } from './formats.js';

const emptyHands = () => ({ N: [], E: [], S: [], W: [] });
const sameHands = (a, b) => a && b && SEATS.every((s) => a[s].join() === b[s].join());

export class DealEntry {
  constructor(root, { onDeal }) {
    this.root = root;
    this.onDeal = onDeal;
    this.draft = emptyHands();
    this.fieldErrors = {}; // "N-S" -> message for a per-suit input
    this.target = 'N';
    this.applied = null;
    this.timer = null;
    this.#build();
  }

  // ---- building --------------------------------------------------------------------

  #build() {
    let tabs = [
      ['type', 'Type hands'],
      ['paste', 'Paste PBN / LIN / URL'],
      ['pick', 'Pick cards'],
    ];
    this.tabButtons = {};
    this.panels = {};
    let tablist = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Ways to enter a deal' });
    for (let [id, label] of tabs) {
      let b = h('button', {
        type: 'button', role: 'tab', id: `tab-${id}`, 'aria-controls': `panel-${id}`, 'aria-selected': 'false',
        tabindex: '-1', text: label, onclick: () => this.selectTab(id),
      });
      b.addEventListener('keydown', (ev) => {
        let ids = tabs.map((t) => t[0]);
        let i = ids.indexOf(id);
        if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft') {
          let j = (i + (ev.key === 'ArrowRight' ? 1 : ids.length - 1)) % ids.length;
          this.selectTab(ids[j]);
          this.tabButtons[ids[j]].focus();
          ev.preventDefault();
        }
      });
      this.tabButtons[id] = b;
      tablist.append(b);
    }
    this.panels.type = this.#typePanel();
    this.panels.paste = this.#pastePanel();
    this.panels.pick = this.#pickPanel();
    this.root.append(tablist, this.panels.type, this.panels.paste, this.panels.pick);
    this.selectTab('type');
  }

  selectTab(id) {
    for (let [k, b] of Object.entries(this.tabButtons)) {
      let on = k === id;
      b.setAttribute('aria-selected', String(on));
      b.tabIndex = on ? 0 : -1;
      this.panels[k].hidden = !on;
    }
    this.tab = id;
  }

  #typePanel() {
    this.inputs = {};
    this.handErrors = {};
    let grid = h('div', { class: 'type-grid' });
    for (let seat of SEATS) {
      let fs = h('fieldset', { class: `hand-fields seat-${seat}`, 'data-seat': seat },
        h('legend', { text: SEAT_NAME[seat] }));
      for (let suit of SUITS) {
        let id = `in-${seat}-${suit}`;
        let input = h('input', {
          id, type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
          inputmode: 'text', 'data-seat': seat, 'data-suit': suit, 'aria-describedby': `err-${seat}`,
          placeholder: suit === 'S' && seat === 'N' ? 'A K 10 5' : '',
        });
        input.addEventListener('input', () => this.#typed());
        fs.append(h('div', { class: 'suit-field' },
          h('label', { for: id, class: `suit-label suit-${suit}` },
            h('span', { 'aria-hidden': 'true', text: SUIT_SYMBOL[suit] }),
            h('span', { class: 'sr-only', text: `${SEAT_NAME[seat]} ${SUIT_NAME[suit]}` })),
          input));
        this.inputs[`${seat}-${suit}`] = input;
      }
      let err = h('p', { class: 'field-error', id: `err-${seat}`, 'aria-live': 'polite' });
      this.handErrors[seat] = err;
      fs.append(err);
      grid.append(fs);
    }
    this.fillButton = h('button', { type: 'button', class: 'small', hidden: true, onclick: () => this.#fillRest() });
    this.pbnInput = h('input', {
      id: 'pbn-deal', type: 'text', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'err-pbn',
      placeholder: 'N:AKQ.JT9.876.5432 … … …',
    });
    this.pbnInput.addEventListener('input', () => this.#pbnTyped());
    this.pbnError = h('p', { class: 'field-error', id: 'err-pbn', 'aria-live': 'polite' });
    this.dealError = h('p', { class: 'field-error', id: 'err-deal', 'aria-live': 'polite' });
    return h('div', { class: 'tab-panel', role: 'tabpanel', id: 'panel-type', 'aria-labelledby': 'tab-type' },
      h('p', { class: 'hint', text: 'Type the ranks of each suit (A K Q J 10 9 … 2, or T for ten; “-” or nothing for a void). Endings with fewer cards are fine: every hand must have the same number.' }),
      grid,
      this.fillButton,
      h('div', { class: 'pbn-row' },
        h('label', { for: 'pbn-deal', text: 'PBN deal' }),
        this.pbnInput),
      this.pbnError,
      this.dealError);
  }

  #pastePanel() {
    this.pasteArea = h('textarea', {
      id: 'paste-text', rows: '6', spellcheck: 'false', 'aria-describedby': 'err-paste',
      placeholder: '[Deal "N:…"] … a whole PBN file, a LIN string (md|…), or a BBO handviewer URL',
    });
    this.pasteError = h('p', { class: 'field-error', id: 'err-paste', 'aria-live': 'polite' });
    this.boardSelect = h('select', { id: 'paste-board', hidden: true, 'aria-label': 'Board from the file' });
    this.boardSelect.addEventListener('change', () => this.#useGame(this.games[Number(this.boardSelect.value)]));
    let read = h('button', { type: 'button', id: 'paste-read', class: 'primary', text: 'Read', onclick: () => this.#readPaste() });
    this.pasteArea.addEventListener('paste', () => setTimeout(() => this.#readPaste(), 0));
    return h('div', { class: 'tab-panel', role: 'tabpanel', id: 'panel-paste', 'aria-labelledby': 'tab-paste' },
      h('label', { for: 'paste-text', text: 'Paste a PBN file, a LIN string or a BBO handviewer URL' }),
      this.pasteArea,
      h('div', { class: 'row' }, read, this.boardSelect),
      this.pasteError);
  }

  #pickPanel() {
    this.seatRadios = {};
    let seats = h('div', { class: 'seat-picker', role: 'radiogroup', 'aria-label': 'Hand that receives the cards' });
    for (let seat of SEATS) {
      let id = `pick-${seat}`;
      let r = h('input', { type: 'radio', name: 'pick-seat', id, value: seat });
      r.addEventListener('change', () => {
        if (r.checked) this.target = seat;
      });
      let count = h('span', { class: 'count', 'data-seat': seat, text: '0' });
      this.seatRadios[seat] = { r, count };
      seats.append(h('label', { for: id, class: 'seat-choice' }, r, ` ${SEAT_NAME[seat]} `, count));
    }
    this.seatRadios.N.r.checked = true;
    this.palette = h('div', { class: 'palette', role: 'group', 'aria-label': 'The 52 cards' });
    this.paletteButtons = {};
    for (let suit of SUITS) {
      let row = h('div', { class: 'palette-row' },
        h('span', { class: `suit-label suit-${suit}`, 'aria-hidden': 'true', text: SUIT_SYMBOL[suit] }));
      for (let card of ALL_CARDS.filter((c) => c[0] === suit)) {
        let b = h('button', {
          type: 'button', class: `pal-card suit-${suit}`, 'data-card': card, 'aria-pressed': 'false',
          'aria-label': cardName(card), onclick: () => this.#pick(card),
        }, h('span', { class: 'pal-rank', text: rankText(card[1]) }), h('span', { class: 'pal-owner' }));
        this.paletteButtons[card] = b;
        row.append(b);
      }
      this.palette.append(row);
    }
    this.pickError = h('p', { class: 'field-error', id: 'err-pick', 'aria-live': 'polite' });
    return h('div', { class: 'tab-panel', role: 'tabpanel', id: 'panel-pick', 'aria-labelledby': 'tab-pick' },
      h('p', { class: 'hint', text: 'Choose a hand, then click its cards. Click a card again to take it back. The next hand is chosen when one reaches 13 cards.' }),
      seats,
      this.palette,
      h('div', { class: 'row' }, h('button', { type: 'button', class: 'small', text: 'Clear all cards', onclick: () => this.clear() })),
      this.pickError);
  }

  // ---- reacting to input -------------------------------------------------------------

  #typed() {
    this.fieldErrors = {};
    let hands = emptyHands();
    for (let seat of SEATS) {
      let suits = {};
      for (let suit of SUITS) {
        let input = this.inputs[`${seat}-${suit}`];
        try {
          suits[suit] = parseSuitRanks(input.value, `${SEAT_NAME[seat]} ${SUIT_SYMBOL[suit]}`);
          input.removeAttribute('aria-invalid');
        } catch (e) {
          this.fieldErrors[`${seat}-${suit}`] = e.message;
          input.setAttribute('aria-invalid', 'true');
          suits[suit] = '';
        }
      }
      hands[seat] = cardsFromSuits(suits);
    }
    this.draft = hands;
    this.#syncPbn();
    this.#syncPalette();
    this.#check();
  }

  #pbnTyped() {
    let text = this.pbnInput.value.trim();
    if (!text) {
      this.pbnError.textContent = '';
      return;
    }
    try {
      this.draft = parsePbnDeal(text);
      this.pbnError.textContent = '';
      this.pbnInput.removeAttribute('aria-invalid');
      this.fieldErrors = {};
      this.#syncInputs();
      this.#syncPalette();
      this.#check();
    } catch (e) {
      this.pbnError.textContent = e.message;
      this.pbnInput.setAttribute('aria-invalid', 'true');
    }
  }

  #readPaste() {
    this.pasteError.textContent = '';
    this.boardSelect.hidden = true;
    try {
      this.games = parseAnything(this.pasteArea.value);
    } catch (e) {
      this.pasteError.textContent = e.message;
      this.pasteArea.setAttribute('aria-invalid', 'true');
      return;
    }
    this.pasteArea.removeAttribute('aria-invalid');
    if (this.games.length > 1) {
      this.boardSelect.replaceChildren(...this.games.map((g, i) =>
        h('option', { value: String(i), text: `Board ${g.board ?? i + 1}` })));
      this.boardSelect.hidden = false;
    }
    this.#useGame(this.games[0]);
  }

  #useGame(game) {
    this.draft = game.hands;
    this.fieldErrors = {};
    this.#syncInputs();
    this.#syncPbn();
    this.#syncPalette();
    this.#showErrors([]);
    this.applied = game.hands;
    this.onDeal(game);
  }

  #pick(card) {
    let owner = SEATS.find((s) => this.draft[s].includes(card));
    let seat = this.target;
    for (let s of SEATS) this.draft[s] = this.draft[s].filter((c) => c !== card);
    if (owner !== seat) this.draft[seat] = sortCards([...this.draft[seat], card]);
    if (this.draft[seat].length >= 13) {
      let next = [1, 2, 3].map((k) => SEATS[(SEATS.indexOf(seat) + k) % 4]).find((s) => this.draft[s].length < 13);
      if (next) {
        this.target = next;
        this.seatRadios[next].r.checked = true;
      }
    }
    this.fieldErrors = {};
    this.#syncInputs();
    this.#syncPbn();
    this.#syncPalette();
    this.#check();
  }

  #fillRest() {
    let empty = SEATS.filter((s) => this.draft[s].length === 0);
    try {
      fillMissingHand(this.draft, empty);
    } catch {
      return;
    }
    this.#syncInputs();
    this.#syncPbn();
    this.#syncPalette();
    this.#check();
  }

  /** Validates the draft; shows problems next to their hands; applies a good deal. */
  #check() {
    clearTimeout(this.timer);
    let errors = validateDeal(this.draft);
    let parseProblems = Object.keys(this.fieldErrors).length > 0;
    // Offer to complete the last hand when three hands are full.
    let empty = SEATS.filter((s) => this.draft[s].length === 0);
    let full = SEATS.filter((s) => this.draft[s].length === 13);
    if (empty.length === 1 && full.length === 3) {
      this.fillButton.hidden = false;
      this.fillButton.textContent = `Give ${SEAT_NAME[empty[0]]} the remaining 13 cards`;
    } else {
      this.fillButton.hidden = true;
    }
    if (!errors.length && !parseProblems) {
      this.#showErrors([]);
      if (!sameHands(this.draft, this.applied)) {
        this.applied = checkedDeal(this.draft);
        this.onDeal({ hands: this.applied, source: 'typed' });
      }
      return;
    }
    // Name the problem at once for duplicates and bad characters; wait a moment for
    // counts, which are wrong all the time while someone is still typing.
    let urgent = parseProblems || errors.some((e) => e.card);
    if (urgent) this.#showErrors(errors);
    else this.timer = setTimeout(() => this.#showErrors(errors), 700);
  }

  #showErrors(errors) {
    let bySeat = { N: [], E: [], S: [], W: [] };
    let general = [];
    for (let [key, msg] of Object.entries(this.fieldErrors)) bySeat[key[0]].push(msg);
    for (let e of errors) {
      if (e.seat) bySeat[e.seat].push(e.message);
      else general.push(e.message);
      if (e.other && e.other !== e.seat) bySeat[e.other].push(e.message);
    }
    for (let seat of SEATS) {
      let msgs = [...new Set(bySeat[seat])];
      this.handErrors[seat].textContent = msgs.join(' · ');
      this.handErrors[seat].closest('fieldset').classList.toggle('invalid', msgs.length > 0);
    }
    let all = [...new Set([...general, ...Object.values(this.fieldErrors), ...errors.map((e) => e.message)])];
    this.dealError.textContent = all.length ? all[0] + (all.length > 1 ? ` (and ${all.length - 1} more)` : '') : '';
    this.pickError.textContent = this.tab === 'pick' ? all.join(' · ') : '';
  }

  // ---- keeping the three views in step -------------------------------------------------

  #syncInputs() {
    for (let seat of SEATS) {
      let suits = suitsOf(this.draft[seat]);
      for (let suit of SUITS) {
        let input = this.inputs[`${seat}-${suit}`];
        let text = [...suits[suit]].map(rankText).join(' ');
        if (parseSafe(input.value) !== suits[suit]) input.value = text;
        input.removeAttribute('aria-invalid');
      }
    }
  }

  #syncPbn() {
    if (document.activeElement === this.pbnInput) return;
    let any = SEATS.some((s) => this.draft[s].length);
    this.pbnInput.value = any ? dealToPbn(this.draft) : '';
    this.pbnError.textContent = '';
    this.pbnInput.removeAttribute('aria-invalid');
  }

  #syncPalette() {
    let owner = {};
    for (let s of SEATS) for (let c of this.draft[s]) owner[c] = owner[c] ? owner[c] + s : s;
    for (let card of ALL_CARDS) {
      let b = this.paletteButtons[card];
      let o = owner[card] || '';
      b.querySelector('.pal-owner').textContent = o;
      b.dataset.owner = o;
      b.setAttribute('aria-pressed', String(!!o));
      b.setAttribute('aria-label', o ? `${cardName(card)}, ${o.split('').map((x) => SEAT_NAME[x]).join(' and ')}` : cardName(card));
    }
    for (let s of SEATS) this.seatRadios[s].count.textContent = String(this.draft[s].length);
  }

  /** Shows a deal loaded elsewhere (example, random, link) in all three views. */
  show(hands) {
    this.draft = Object.fromEntries(SEATS.map((s) => [s, [...hands[s]]]));
    this.applied = this.draft;
    this.fieldErrors = {};
    this.#syncInputs();
    let active = document.activeElement;
    this.pbnInput.value = dealToPbn(this.draft);
    this.#syncPalette();
    this.#showErrors([]);
    this.fillButton.hidden = true;
    if (active === this.pbnInput) this.pbnInput.focus();
  }

  clear() {
    this.draft = emptyHands();
    this.applied = null;
    this.fieldErrors = {};
    this.#syncInputs();
    this.pbnInput.value = '';
    this.#syncPalette();
    this.#showErrors([]);
    this.target = 'N';
    this.seatRadios.N.r.checked = true;
  }
}

function parseSafe(v) {
  try {
    return parseSuitRanks(v);
  } catch {
    return null;
  }
}

export { EntryError };
