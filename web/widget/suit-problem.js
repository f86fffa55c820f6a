// The widget's suit problem (<glasshand-deal show="suit" north="AJ2" south="K103">): "How do
// you play this suit for N tricks?", the two holdings drawn, and the answer hidden until the
// reader asks: the best chance of each number of tricks, the line walked card by card, what
// strategy fusion costs and every layout (web/ui/suit-views.js). The element finds the
// solver; this module reads the attributes, runs `solver.suit` and draws.
//
// Attributes: north, south (the holdings, `x` for a small card), tricks (the target asked;
// default the most tricks the best line ever makes, known once solved), suit (S H D C, for
// the symbol; default S), west-vacant, east-vacant (0..13, default 13).

import { EntryError, SUIT_SYMBOL, parseStrain } from '../board/bridge.js';
import { SuitAnswer, fusionSentence, pct, suitRequest } from '../board/suit.js';
import { SUIT_VIEW_CSS, holdingsView, renderSplits, renderTargetBars, renderWalk } from '../ui/suit-views.js';
import { el } from '../ui/dom.js';
import { integerAttr, text } from './attributes.js';

export const SUIT_ATTRIBUTES = ['north', 'south', 'tricks', 'suit', 'west-vacant', 'east-vacant'];

/**
 * The problem of the element's attributes, or throws an EntryError: {request, tricks, suit,
 * key}; `tricks` is null when the page leaves the target to the answer.
 */
export function readSuitProblem(el) {
  const north = text(el, 'north');
  const south = text(el, 'south');
  if (north === null && south === null) throw new EntryError('A suit problem needs the holdings: north="AJ2" south="K103"', 'north');
  const request = suitRequest({ north: north ?? '-', south: south ?? '-', westVacant: text(el, 'west-vacant'), eastVacant: text(el, 'east-vacant') });
  const longest = Math.max(...[request.north, request.south].map((h) => h.replace('-', '').length));
  const tricks = integerAttr(el, 'tricks', null, 1, longest);
  const suitText = text(el, 'suit');
  const suit = suitText === null ? 'S' : parseStrain(suitText);
  if (!suit || suit === 'NT') throw new EntryError(`suit="${suitText}" is not a suit: use S, H, D or C`, 'suit');
  return { request, tricks, suit, key: JSON.stringify({ request, tricks, suit }) };
}

/** One widget's problem: its run of the solver, whether the answer is shown, the walk. */
export class SuitProblem {
  #onChange;
  #job = null;
  #solver = null;
  key = null;
  answer = null;
  error = null;
  revealed = false;
  walk = null;
  leads = 0;
  /** The target asked: the page's, or the answer's `mostInReach`. */
  tricks = null;

  constructor(onChange) {
    this.#onChange = onChange;
  }

  get running() {
    return Boolean(this.#job);
  }

  /** Solves `problem` on `solver` unless it is solved or being solved already. */
  async run(solver, problem) {
    if (this.key === problem.key && (this.answer || this.#job || this.error)) return;
    this.stop();
    this.#solver = solver;
    Object.assign(this, { key: problem.key, answer: null, error: null, revealed: false, walk: null, leads: 0, tricks: problem.tricks });
    // Queued: widgets of a page never cancel each other's jobs.
    const job = solver.suit(problem.request, { queue: true, onLead: () => (this.leads++, this.#onChange()) });
    this.#job = job;
    this.#onChange();
    try {
      const answer = new SuitAnswer(await job);
      if (this.#job !== job) return;
      const tricks = problem.tricks ?? answer.mostInReach;
      if (!answer.result.targets.some((t) => t.tricks === tricks)) throw new Error(`no target of ${tricks} tricks`);
      Object.assign(this, { answer, tricks, walk: answer.walk(tricks) });
    } catch (e) {
      if (this.#job !== job) return;
      this.error = e;
    } finally {
      if (this.#job === job) this.#job = null;
    }
    this.#onChange();
  }

  stop() {
    const job = this.#job;
    this.#job = null;
    job?.catch(() => {});
    if (job) this.#solver.stop(job);
  }

  /** The reader's stop: the job fails with code `stopped`, which the widget then says. */
  halt() {
    if (this.#job) this.#solver.stop(this.#job);
  }

  reveal() {
    this.revealed = true;
    this.#onChange();
  }

  /** The status line's text, and whether it is a problem. */
  status() {
    if (this.error?.code === 'stopped') return ['Stopped: this holding takes too long to solve exactly.', true];
    if (this.error) return [`This suit could not be solved (${this.error.code ?? 'error'}): ${this.error.message}`, true];
    if (this.#job) return [this.leads ? `Solving every layout: ${this.leads} opening lead${this.leads === 1 ? '' : 's'} done\u2026` : 'Solving every layout\u2026', false];
    return ['', false];
  }

  render(box, problem) {
    const { request, suit } = problem;
    const tricks = this.tricks;
    const question = el('p', { class: 'gs-question', text: tricks === null ? 'How do you play this suit?' : `How do you play this suit for ${tricks} trick${tricks === 1 ? '' : 's'}?` });
    const vacant = request.westVacant !== 13 || request.eastVacant !== 13
      ? el('p', { class: 'gw-hint', text: `Vacant places: West ${request.westVacant}, East ${request.eastVacant}.` }) : null;
    const parts = [question, holdingsView(request, suit), vacant];
    if (!this.revealed) {
      parts.push(el('p', { class: 'gw-hint', text: `Declarer sees only North–South’s ${SUIT_SYMBOL[suit]}; the defenders see everything.` }),
        el('button', { type: 'button', class: 'gw-btn gs-reveal', onclick: () => this.reveal() }, 'Show the answer'));
    } else if (!this.answer) {
      parts.push(el('p', { class: 'gw-hint', text: this.error ? '' : 'The answer is on its way\u2026' }),
        this.running ? el('button', { type: 'button', class: 'gw-btn gs-stop', onclick: () => this.halt() }, 'Stop') : null);
    } else {
      const target = this.answer.result.targets.find((t) => t.tricks === tricks);
      const bars = el('div', { class: 'gs-answer-bars' });
      renderTargetBars(bars, this.answer, {});
      bars.querySelector(`[data-tricks="${tricks}"]`)?.setAttribute('data-asked', 'true');
      const walkBox = el('div', { class: 'gs-walk-box' });
      const splits = el('div');
      const redraw = () => {
        renderWalk(walkBox, this.walk, { suit, onChange: redraw });
        renderSplits(splits, this.answer, { goal: tricks, walk: this.walk, suit });
      };
      redraw();
      parts.push(
        el('p', { class: 'gs-verdict', 'data-probability': String(target.probability) },
          `The best line makes ${tricks} trick${tricks === 1 ? '' : 's'} `, el('b', { text: pct(target.probability) }), ' of the time.'),
        bars,
        el('p', { class: 'gw-hint', text: fusionSentence(this.answer) }),
        el('p', { class: 'gs-sub', text: 'The line, card by card (click a defender’s card to follow it):' }),
        walkBox,
        el('details', { class: 'gs-splits-details' }, el('summary', { text: `Every layout (${this.answer.splits.length})` }), splits));
    }
    box.replaceChildren(...parts.filter(Boolean));
  }
}

export const SUIT_CSS = `${SUIT_VIEW_CSS}
.gw-suit-problem .gw-hint { margin: 6px 0; }
.gs-question { font-weight: 700; font-size: 1.05em; margin: 0 0 8px; }
.gs-reveal { margin-top: 4px; }
.gs-verdict { font-size: 1.05em; margin: 10px 0 6px; }
.gs-answer-bars [data-asked="true"] { border-color: #1f6feb; background: #eef4ff; }
.gs-sub { margin: 12px 0 4px; font-weight: 600; }
.gs-walk-box { max-height: 20em; overflow: auto; }
.gs-splits-details { margin-top: 8px; }
.gs-splits-details summary { cursor: pointer; margin-bottom: 4px; }
.gs-splits-scroll { max-height: 14em; }
`;
