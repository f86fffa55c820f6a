// <glasshand-deal>: a bridge deal diagram with live double-dummy answers, for any page.
//
//   <script type="module" src="https://cdn.jsdelivr.net/npm/glasshand@0.1.0/widget.js"></script>
//   <glasshand-deal deal="N:AK.76.A85.AKQT95 J7632.T83.974.62 QT985.K4.KQJ3.84 4.AQJ952.T62.J73"
//                   trump="NT" leader="W" show="cards,table,play"></glasshand-deal>
//
// Attributes (all may change later; the widget redraws and solves again):
//   deal        PBN deal "N:<north> <east> <south> <west>", hands spades.hearts.diamonds.clubs
//   show        what to show, comma or space separated (default "cards,table"):
//                 cards   the four-hand diagram
//                 table   the double-dummy table, and par for a full deal
//                 play    click cards to play them; every legal card shows its DD result
//                         for declarer: "=" keeps it, "−1" loses a trick, "+1" gains one
//                 inside  the active/inert view: which cards decide the DD result ("x": inert)
//                 lead    a "what would you lead?" problem: the leader's hand and a lead table
//                         from a single-dummy analysis (lead-problem.js), with
//                         hand="W:KQ53.T97.A864.J2" samples seed constraints-n|e|s|w
//                 suit    a suit-play problem, "how do you play this suit for N tricks?", with
//                         north="AJ2" south="K103" tricks suit west-vacant east-vacant; the
//                         answer shows when the reader asks (suit-problem.js)
//   trump       NT S H D C (default NT, or the contract's strain)
//   leader      the opening leader N E S W (default: left of declarer, else West)
//   declarer    N E S W (optional; the leader is then declarer's left-hand opponent)
//   contract    e.g. "4S", "3NT", "5DX" (optional: shown on the table, sets trump)
//   dealer      N E S W, for par and the dealer mark (default N for par)
//   vulnerable  None NS EW All, for par and the red seat labels (default None)
//
// The element reads its attributes into a board (web/board/board.js: the game, the play and
// the solver's answers) and draws it in its shadow root with the site's views (web/ui/), so
// host page CSS neither reaches it nor is affected by it. Every widget of a page shares one
// solver (solver.js), started by the first widget that scrolls into view; widgets queue their
// tables and lead problems, so they never cancel each other.

import { EntryError, SIDE_NAME, sideOf } from '../board/bridge.js';
import { Board } from '../board/board.js';
import { cardBadges } from '../board/results.js';
import { diagramModel, inspectSentences, positionSentence } from '../board/words.js';
import { DealDiagram } from '../ui/diagram.js';
import { renderDdTable } from '../ui/dd-table.js';
import { el } from '../ui/dom.js';
import { renderPar } from '../ui/par.js';
import { contractAttr, dealAttr, seatAttr, strainAttr, vulnerableAttr } from './attributes.js';
import { LEAD_ATTRIBUTES, readLeadProblem, renderLead } from './lead-problem.js';
import { SUIT_ATTRIBUTES, SuitProblem, readSuitProblem } from './suit-problem.js';
import { sharedSolver } from './solver.js';
import { widgetStyleSheets } from './style.js';

export { sharedSolver } from './solver.js';
export { parContractsText } from '../board/results.js';

// One observer for every widget: a widget starts solving once it is (nearly) in view.
let observer = null;
function observe(widget) {
  if (typeof IntersectionObserver !== 'function') {
    queueMicrotask(() => widget._becameVisible());
    return;
  }
  observer ||= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer.unobserve(e.target);
      e.target._becameVisible();
    }
  }, { rootMargin: '0px 0px 100px 0px' });
  observer.observe(widget);
}

const SHOW_TOKENS = ['cards', 'table', 'play', 'inside', 'lead', 'suit'];

/** The attributes: {show, game (for Board.load), dealerGiven, trumpGiven, lead?}, or throws
 * an EntryError with a readable message. */
function readSpec(el) {
  const words = String(el.getAttribute('show') ?? 'cards,table').toLowerCase().split(/[\s,]+/);
  const show = new Set(words.filter((t) => SHOW_TOKENS.includes(t)));
  if (show.has('suit')) return { show: new Set(['suit']), suit: readSuitProblem(el) };
  if (show.has('lead')) return { show: new Set(['lead']), lead: readLeadProblem(el, dealAttr(el, { required: false })) };
  if (show.has('play') || show.has('inside') || !show.size) show.add('cards');
  const game = {
    hands: dealAttr(el),
    contract: contractAttr(el),
    trump: strainAttr(el),
    declarer: seatAttr(el, 'declarer'),
    leader: seatAttr(el, 'leader'),
    dealer: seatAttr(el, 'dealer'),
    vulnerable: vulnerableAttr(el),
  };
  return { show, game, dealerGiven: Boolean(game.dealer), trumpGiven: Boolean(game.trump || game.contract) };
}

let counter = 0;

export class GlasshandDeal extends HTMLElement {
  static observedAttributes = ['deal', 'show', 'trump', 'leader', 'declarer', 'contract', 'dealer', 'vulnerable', ...LEAD_ATTRIBUTES, ...SUIT_ATTRIBUTES];

  #id = ++counter;
  #ui = null;
  #diagram = null;
  #spec = null;
  #board = null;
  #error = null;
  #visible = false;
  #solverProblem = null;
  #scheduled = false;
  #frame = null;
  #suit = new SuitProblem(() => this.#render());

  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = widgetStyleSheets();
  }

  connectedCallback() {
    if (!this.#ui) this.#build();
    this.#update();
    if (!this.#visible) observe(this);
  }

  disconnectedCallback() {
    observer?.unobserve(this);
    this.#board?.stopAll();
    this.#suit.stop();
    // Seen again later (moved in the page): solve again when it is back in view.
    this.#visible = false;
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || !this.#ui || this.#scheduled) return;
    // Several attributes set one after another redraw once.
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) this.#update();
    });
  }

  /** Called by the shared IntersectionObserver. */
  _becameVisible() {
    if (this.#visible || !this.isConnected) return;
    this.#visible = true;
    this.#solve();
  }

  /** 'waiting' (not yet in view) | 'loading' | 'solving' | 'done' | 'error' (the attributes
   * cannot be read) | 'failed' (the solver cannot start here: the widget says why) */
  get state() {
    return this.#ui?.root.dataset.state ?? 'waiting';
  }

  /** show="lead": the single-dummy result once complete (as `solver.single` gives it). */
  get leadResult() {
    const run = this.#board?.singleRun;
    return run?.done ? run.result : null;
  }

  /** show="suit": the suit-play answer once solved (as `solver.suit` gives it). */
  get suitResult() {
    return this.#suit.answer?.result ?? null;
  }

  /** The DD table once known: {N: {NT, S, H, D, C}, E, S, W}. */
  get tricks() {
    const t = this.#board?.hands && this.#board.table();
    return t?.done ? t.tricks : null;
  }

  #build() {
    const button = (text, onclick) => el('button', { class: 'gw-btn', type: 'button', text, onclick });
    const ui = {
      root: el('div', { class: 'gw', 'data-state': 'waiting' }),
      diagramBox: el('div', { class: 'gw-diagram', part: 'diagram' }),
      undo: button('\u21b6 Undo', () => this.#move((h) => h.undo())),
      restart: button('\u21ba Restart', () => this.#move((h) => h.jump(0))),
      best: button('Play best card', () => this.#playBest()),
      say: el('p', { class: 'gw-say', 'aria-live': 'polite' }),
      hint: el('p', { class: 'gw-hint' }),
      inside: el('p', { class: 'gw-inside gw-say' }),
      dd: el('table', { class: 'gw-dd', part: 'table' }),
      par: el('p', { class: 'gw-par' }),
      status: el('p', { class: 'gw-status', role: 'status' }),
      foot: el('div', { class: 'gw-foot' }, 'Double-dummy analysis by Glasshand, computed in your browser'),
      lead: el('div', { class: 'gw-lead', part: 'lead' }),
      leadTable: el('table', { class: 'gh-sd-table', part: 'table' }),
      suit: el('div', { class: 'gw-suit-problem', part: 'suit' }),
    };
    ui.bar = el('div', { class: 'gw-bar', part: 'controls' }, ui.undo, ui.restart, ui.best);
    const texts = el('div', { class: 'gw-texts' }, ui.bar, ui.say, ui.hint, ui.inside, ui.par, ui.status);
    ui.root.append(el('div', { class: 'gw-main' }, ui.diagramBox, ui.lead, ui.suit, el('div', { class: 'gw-side' }, ui.dd, texts)), ui.foot);
    this.shadowRoot.replaceChildren(ui.root);
    this.#ui = ui;
    this.#diagram = new DealDiagram(ui.diagramBox, { onCardClick: (card) => this.#play(card) });
  }

  // -- the board --

  #update() {
    let spec = null;
    try {
      spec = readSpec(this);
      this.#error = null;
    } catch (e) {
      this.#error = e instanceof EntryError ? e.message : `This deal could not be shown: ${e && e.message}`;
    }
    const key = spec && JSON.stringify({ ...spec, show: [...spec.show] });
    if (!spec || key !== this.#spec?.key) {
      this.#board?.stopAll();
      this.#board = spec ? this.#newBoard(spec) : null;
    }
    this.#spec = spec && { ...spec, key };
    if (!spec?.suit) this.#suit.stop();
    this.#render();
    if (this.#visible) this.#solve();
  }

  #newBoard(spec) {
    const board = new Board({
      solver: this.#board?.solver ?? null,
      // Tables and lead problems queue behind other widgets'; a widget's newer analysis
      // replaces its older one.
      jobOptions: (group) => (group === 'table' || group === 'single' ? { queue: true } : { group: `glasshand-deal-${this.#id}:${group}` }),
      onChange: (what) => (what === 'badges' || what === 'single-progress' ? this.#renderSoon() : this.#render()),
    });
    if (spec.game) board.load(spec.game);
    return board;
  }

  /** Whether what the widget shows needs the solver (a diagram alone does not). */
  #needsSolver() {
    const show = this.#spec?.show;
    return Boolean(show) && ['lead', 'suit', 'table', 'play', 'inside'].some((t) => show.has(t));
  }

  async #solve() {
    const board = this.#board;
    if (!board || !this.#visible || !this.#needsSolver()) return this.#render();
    if (!board.solver) {
      this.#render();
      try {
        board.solver = await sharedSolver();
        this.#solverProblem = null;
      } catch (e) {
        this.#solverProblem = `The solver could not start here: ${e && e.message ? e.message : e}`;
        return this.#render();
      }
      if (board !== this.#board || !this.#visible) return;
    }
    const show = this.#spec.show;
    if (this.#spec.suit) this.#suit.run(board.solver, this.#spec.suit);
    else if (this.#spec.lead) board.runSingle(this.#spec.lead.request, this.#spec.lead.key);
    else board.requestWork({ table: show.has('table'), analyse: show.has('play'), inspect: show.has('inside') });
    this.#render();
  }

  #play(card) {
    if (this.#spec?.show.has('play') && this.#board.play(card)) this.#afterMove();
  }

  #move(f) {
    if (!this.#board?.history.cursor) return;
    this.#board.move(f);
    this.#afterMove();
  }

  async #playBest() {
    const card = await this.#board.bestCard();
    if (card) this.#play(card);
  }

  #afterMove() {
    if (this.#visible) this.#solve();
    else this.#render();
  }

  // -- drawing --

  #state() {
    if (this.#error) return 'error';
    if (this.#solverProblem) return 'failed';
    if (!this.#visible) return 'waiting';
    if (!this.#needsSolver()) return 'done';
    if (!this.#board.solver) return 'loading';
    return this.#board.running.size || this.#suit.running ? 'solving' : 'done';
  }

  /** Redraws at most once a frame while answers stream in. */
  #renderSoon() {
    this.#frame ||= requestAnimationFrame(() => {
      this.#frame = null;
      this.#render();
    });
  }

  #render() {
    const ui = this.#ui;
    if (!ui) return;
    ui.root.dataset.state = this.#state();
    const spec = this.#spec;
    const show = (part, on) => (part.hidden = !on);
    show(ui.lead, spec?.lead);
    show(ui.suit, spec?.suit);
    show(ui.diagramBox, this.#error || spec.show.has('cards'));
    for (const part of [ui.bar, ui.say, ui.hint]) show(part, spec?.show.has('play'));
    show(ui.inside, spec?.show.has('inside'));
    show(ui.dd, spec?.show.has('table'));
    show(ui.par, spec?.show.has('table'));
    show(ui.foot, this.#needsSolver());
    ui.foot.textContent = `${spec?.suit ? 'Exact suit-play' : 'Double-dummy'} analysis by Glasshand, computed in your browser`;
    if (this.#error) {
      this.#diagram.render({ error: this.#error, label: 'Deal diagram' });
      return this.#status('');
    }
    if (spec.suit) {
      this.#suit.render(ui.suit, spec.suit);
      return this.#status(...this.#suit.status());
    }
    if (spec.lead) {
      renderLead(ui.lead, ui.leadTable, spec.lead, this.#board.singleRun);
      const e = this.#board.singleRun?.error;
      return this.#status(e
        ? e.code === 'no-layout' ? `No deal fits these constraints (no-layout): ${e.message}` : `The leads could not be analysed: ${e.message}`
        : '', Boolean(e));
    }
    const board = this.#board;
    const solving = this.#visible && !this.#solverProblem;
    if (spec.show.has('cards')) this.#renderDiagram(solving);
    if (spec.show.has('play')) {
      const side = sideOf(board.declarer);
      ui.undo.disabled = ui.restart.disabled = !board.history.cursor;
      ui.best.disabled = board.analysisState() !== 'done' || board.pos.over;
      ui.say.textContent = positionSentence(board, side, board.analysis(), { solving });
      ui.hint.textContent = `Click a card to play it. The badges count ${SIDE_NAME[side]}'s tricks against best play: ` +
        '= keeps the result, \u22121 gives a trick away, +1 is a gift from the defence.';
    }
    if (spec.show.has('inside')) ui.inside.textContent = this.#insideText(solving);
    if (spec.show.has('table')) this.#renderTable(solving);
    const problems = [];
    if (board.table()?.error) problems.push(`The table could not be computed: ${board.table().error}`);
    if (board.analysis()?.failed) problems.push(`The cards could not be solved: ${board.analysis().failed}`);
    this.#status(problems.join(' '), problems.length > 0);
  }

  /** The status line: the solver's problem first, then `text`. */
  #status(text, problem = false) {
    const { status } = this.#ui;
    const loading = this.#visible && !this.#board?.solver && this.#needsSolver();
    status.textContent = this.#solverProblem || text || (loading ? 'Loading the solver\u2026' : '');
    status.classList.toggle('gw-problem', Boolean(this.#solverProblem) || problem);
  }

  #renderDiagram(solving) {
    const board = this.#board;
    const { show, trumpGiven, dealerGiven } = this.#spec;
    const interactive = show.has('play');
    const inside = show.has('inside');
    const a = board.analysis();
    const results = interactive && solving && !a?.failed ? cardBadges(board.pos, a ?? null, { side: sideOf(board.declarer) }) : {};
    const r = board.inspection();
    const atTrickStart = !board.pos.current.cards.length;
    this.#diagram.render(diagramModel(board, {
      interactive,
      results,
      inert: new Set(inside && atTrickStart && r?.active ? r.active.inert : []),
      dealer: dealerGiven,
      centre: { strain: interactive || inside || trumpGiven, lead: interactive || inside || Boolean(board.contract) },
    }));
  }

  #insideText(solving) {
    const board = this.#board;
    if (board.pos.over || !solving) return '';
    if (board.pos.current.cards.length) return 'The inert cards are shown at the start of each trick.';
    const r = board.inspection();
    if (!r) return 'Finding the cards that decide the result\u2026';
    if (r.error) return `The active cards could not be found: ${r.error}`;
    const said = inspectSentences(board, r);
    return `${said.value} ${said.inert}`;
  }

  #renderTable(solving) {
    const { dd, par } = this.#ui;
    const board = this.#board;
    const t = board.table();
    dd.dataset.done = t?.done ? 'true' : 'false';
    const played = this.#spec.show.has('play') || board.contract;
    renderDdTable(dd, {
      tricks: t?.tricks,
      fullDeal: board.fullDeal,
      current: played ? { declarer: board.declarer, strain: board.trump } : null,
      caption: { text: 'Double-dummy tricks' },
    });
    renderPar(par, t?.par);
    if (board.fullDeal && !t?.par && solving && !t?.error) par.textContent = 'Par: computing\u2026';
  }
}

if (!customElements.get('glasshand-deal')) customElements.define('glasshand-deal', GlasshandDeal);

export default GlasshandDeal;
