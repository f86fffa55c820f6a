// <glasshand-deal>: a bridge deal diagram with live double-dummy answers, for any page.
//
//   <script type="module" src="/glasshand/web/widget/glasshand-widget.js"></script>
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
//                         from a single-dummy analysis (web/widget/lead-problem.js), with
//                         hand="W:KQ53.T97.A864.J2" samples seed constraints-n|e|s|w
//   trump       NT S H D C (default NT, or the contract's strain)
//   leader      the opening leader N E S W (default: left of declarer, else West)
//   declarer    N E S W (optional; the leader is then declarer's left-hand opponent)
//   contract    e.g. "4S", "3NT", "5DX" (optional: shown on the table, sets trump)
//   dealer      N E S W, for par and the dealer mark (default N for par)
//   vulnerable  None NS EW All, for par and the red seat labels (default None)
//
// Every widget of a page shares one solver (one worker, one wasm instance; web/glasshand.js),
// started by the first widget that scrolls into view. Widgets queue their jobs, so they never
// cancel each other; a widget's own newer play analysis replaces its older one. Pages that are
// not cross-origin isolated (almost every blog) get the single-threaded build; isolated pages
// get threads. The engine files are found relative to this module (see web/widget/README.md).
//
// The diagram, the card badges, par and the DD table are the site's own (web/site/diagram.js,
// results.js, dd-table.js; web/widget/FILES lists every file this module loads), drawn in
// this element's shadow root, so host page CSS neither reaches it nor is affected by it.

import { DealDiagram, diagramStyleSheet, el } from '../site/diagram.js';
import {
  SEATS, SEAT_NAME, STRAIN_SYMBOL, EntryError,
  checkedDeal, dealToPbn, handSize, nextSeat, parseContract, parsePbnDeal, parseVulnerable, sideOf, SIDE_NAME,
} from '../site/bridge.js';
import { legalCards, replay } from '../site/play.js';
import { cardBadges, renderPar, sideTotal } from '../site/results.js';
import { renderDdTable } from '../site/dd-table.js';
import { SINGLE_TABLE_CSS } from '../site/single-table.js';
import { LEAD_ATTRIBUTES, LEAD_CSS, readLeadProblem, renderLead } from './lead-problem.js';

export { parContractsText } from '../site/results.js';

const ENGINE_URL = new URL('../glasshand.js', import.meta.url);

// ---- the one solver of the page ------------------------------------------------------------

let shared = null;

/**
 * The page's solver (a `Glasshand` from web/glasshand.js), started on first use. Host pages
 * may use it too: `import { sharedSolver } from '…/glasshand-widget.js'` (queue your jobs).
 */
export function sharedSolver() {
  if (!shared) {
    shared = import(ENGINE_URL.href).then((m) => m.Glasshand.create());
    // A failed start is reported by each widget; let a later widget try again.
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

// One observer for every widget: a widget starts solving once it is (nearly) in view.
let observer = null;
function observe(widget) {
  if (typeof IntersectionObserver !== 'function') {
    queueMicrotask(() => widget._becameVisible());
    return;
  }
  if (!observer) {
    observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          observer.unobserve(e.target);
          e.target._becameVisible();
        }
      }
    }, { rootMargin: '0px 0px 100px 0px' });
  }
  observer.observe(widget);
}
const unobserve = (widget) => observer?.unobserve(widget);

// ---- attribute parsing -----------------------------------------------------------------------

const SHOW_TOKENS = ['cards', 'table', 'play', 'inside', 'lead'];
const SEAT_WORDS = { N: 'N', NORTH: 'N', E: 'E', EAST: 'E', S: 'S', SOUTH: 'S', W: 'W', WEST: 'W' };
const STRAIN_WORDS = {
  NT: 'NT', N: 'NT', NOTRUMP: 'NT', NOTRUMPS: 'NT', SA: 'NT',
  S: 'S', SPADES: 'S', '\u2660': 'S', H: 'H', HEARTS: 'H', '\u2665': 'H',
  D: 'D', DIAMONDS: 'D', '\u2666': 'D', C: 'C', CLUBS: 'C', '\u2663': 'C',
};

function parseSeat(text, what) {
  const s = SEAT_WORDS[String(text).trim().toUpperCase()];
  if (!s) throw new EntryError(`${what}="${text}" is not a seat: use N, E, S or W`, what);
  return s;
}

function parseStrain(text) {
  const s = STRAIN_WORDS[String(text).trim().toUpperCase()];
  if (!s) throw new EntryError(`trump="${text}" is not a strain: use NT, S, H, D or C`, 'trump');
  return s;
}

/** Reads the attributes into a board, or throws an EntryError with a readable message. */
function readBoard(el) {
  const show = new Set(
    String(el.getAttribute('show') ?? 'cards,table').toLowerCase().split(/[\s,]+/).filter((t) => SHOW_TOKENS.includes(t)),
  );
  if (show.has('lead')) return readLeadBoard(el);
  if (show.has('play') || show.has('inside')) show.add('cards');
  if (!show.size) show.add('cards');
  const text = el.getAttribute('deal');
  if (text === null || !text.trim()) throw new EntryError('This widget has no deal: give it a deal="N:…" attribute', 'deal');
  const hands = readDeal(text);
  const contractText = el.getAttribute('contract');
  let contract;
  if (contractText && contractText.trim()) {
    try {
      contract = parseContract(contractText);
    } catch (e) {
      throw new EntryError(`contract="${contractText}" is not a contract: write it like 4S, 3NT or 2HX`, 'contract');
    }
  }
  const trumpText = el.getAttribute('trump');
  const trump = trumpText && trumpText.trim() ? parseStrain(trumpText) : contract ? contract.strain : 'NT';
  const declarerText = el.getAttribute('declarer');
  const leaderText = el.getAttribute('leader');
  let declarer = declarerText && declarerText.trim() ? parseSeat(declarerText, 'declarer') : null;
  const leader = leaderText && leaderText.trim() ? parseSeat(leaderText, 'leader') : declarer ? nextSeat(declarer) : 'W';
  if (!declarer) declarer = nextSeat(leader, 3);
  const dealerText = el.getAttribute('dealer');
  const dealer = dealerText && dealerText.trim() ? parseSeat(dealerText, 'dealer') : null;
  const vulText = el.getAttribute('vulnerable');
  let vulnerable = null;
  if (vulText !== null) {
    try {
      vulnerable = parseVulnerable(vulText);
    } catch (e) {
      throw new EntryError(`vulnerable="${vulText}" is not a vulnerability: use None, NS, EW or All`, 'vulnerable');
    }
  }
  const trumpGiven = Boolean((trumpText && trumpText.trim()) || contract);
  return { hands, pbn: dealToPbn(hands), show, trump, trumpGiven, leader, declarer, contract, dealer, vulnerable };
}

function readDeal(text) {
  try {
    return checkedDeal(parsePbnDeal(text));
  } catch (e) {
    if (e instanceof EntryError) throw new EntryError(`The deal could not be read. ${e.message}.`, 'deal');
    throw e;
  }
}

/** A lead problem (show="lead"): one hand, the contract, constraints; see lead-problem.js. */
function readLeadBoard(el) {
  const text = el.getAttribute('deal');
  const dealHands = text && text.trim() ? readDeal(text) : null;
  const lead = readLeadProblem(el, { parseSeat, parseStrain, dealHands });
  return { show: new Set(['lead']), lead, pbn: lead.key };
}

// ---- styles ----------------------------------------------------------------------------------

const WIDGET_CSS = `
:host { display: block; margin: 1.25em 0; }
:host([hidden]) { display: none; }
.gw {
  all: initial;
  display: block;
  box-sizing: border-box;
  container-type: inline-size;
  --gh-font-size: var(--glasshand-font-size, 15px);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  font-size: var(--glasshand-font-size, 15px);
  line-height: 1.4;
  color: #1b1f24;
  background: var(--glasshand-background, #f6f7f4);
  border: 1px solid #d3d9df;
  border-radius: 10px;
  padding: 14px 16px 10px;
  text-align: left;
}
.gw *, .gw *::before, .gw *::after { box-sizing: border-box; }
.gw [hidden] { display: none !important; }
.gw-main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px 20px; align-items: start; }
.gw-side { display: flex; flex-wrap: wrap; gap: 10px 22px; align-items: flex-start; min-width: 0; }
.gw-side:empty, .gw-side > [hidden] { display: none; }
.gw-texts { flex: 1 1 16em; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.gw p { margin: 0; }
.gw-bar { display: flex; flex-wrap: wrap; gap: 6px 8px; align-items: center; }
.gw-btn {
  all: unset; box-sizing: border-box; cursor: pointer;
  font: inherit; font-size: .88em; font-weight: 600; line-height: 1.2;
  padding: .35em .8em; border: 1px solid #9aa3ad; border-radius: .45em; background: #fff; color: #1b1f24;
}
.gw-btn:hover:not(:disabled) { background: #eef3ef; border-color: #1f6b45; }
.gw-btn:focus-visible { outline: 3px solid #f5b301; outline-offset: 2px; }
.gw-btn:disabled { opacity: .45; cursor: default; }
.gw-say { font-size: .93em; }
.gw-say strong { font-weight: 700; }
.gw-hint { font-size: .84em; color: #545d68; }
.gw-dd { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .95em; flex: none; background: #fff; border: 1px solid #d3d9df; border-radius: 8px; overflow: hidden; }
.gw-dd caption { text-align: left; font-size: .8em; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: #545d68; padding: 0 0 4px 2px; }
.gw-dd th, .gw-dd td { padding: .22em .55em; text-align: center; border-bottom: 1px solid #e5e9ed; min-width: 2.1em; }
.gw-dd tr:last-child th, .gw-dd tr:last-child td { border-bottom: 0; }
.gw-dd thead th { font-size: 1.15em; font-weight: 600; background: #f0f2f4; }
.gw-dd thead th.strain-NT { font-size: .85em; font-weight: 700; }
.gw-dd tbody th { text-align: left; font-weight: 600; font-size: .9em; color: #3a424c; }
.gw-dd .strain-H, .gw-dd .strain-D { color: #c8102e; }
.gw-dd .strain-S, .gw-dd .strain-C { color: #16181d; }
.gw-dd td { font-weight: 700; }
.gw-dd td.low { color: #6b7480; font-weight: 500; }
.gw-dd td.game { background: #e3f1e8; }
.gw-dd td.slam { background: #cfe8d8; color: #0d4a28; }
.gw-dd td.pending { color: #aab3bd; font-weight: 500; }
.gw-dd td.current { outline: 2px solid #1f6b45; outline-offset: -2px; }
.gw-par { font-size: .9em; }
.gw-status { font-size: .84em; color: #545d68; }
.gw-status:empty { display: none; }
.gw-status.gw-problem { color: #8a0f1f; background: #fde3e3; border: 1px solid #c8102e; padding: .4em .65em; border-radius: .4em; }
.gw-foot { margin-top: 8px; font-size: .72em; color: #7a838d; text-align: right; }
.gw-foot a { color: inherit; }
.gw[data-state="error"] .gw-side, .gw[data-state="error"] .gw-foot { display: none; }
@keyframes gw-pulse { 50% { opacity: .35; } }
.gw[data-state="loading"] .gw-dd td.pending, .gw[data-state="solving"] .gw-dd td.pending { animation: gw-pulse 1.2s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) { .gw-dd td.pending { animation: none !important; } }
/* The diagram's medium layout (web/site/diagram.js) stacks North's and South's suits; a blog
   column is about that wide, so keep them on one line there, and without per-card results
   (no play) drop the room the result badges would take. */
@container (min-width: 561px) and (max-width: 700px) {
  .gh-hand[data-seat="N"] .gh-suits, .gh-hand[data-seat="S"] .gh-suits { flex-direction: row; flex-wrap: wrap; justify-content: center; column-gap: .8em; }
}
@container (max-width: 700px) {
  .gw-static .gh-suit { min-height: var(--gh-card-h); }
}
/* Phones: give the diagram the room. */
@media (max-width: 480px) {
  .gw { padding: 10px 6px 8px; border-radius: 8px; }
}
/* Wide: the table beside the diagram. */
@container (min-width: 1000px) {
  .gw-main { grid-template-columns: minmax(0, 1fr) 17em; }
  .gw-side { flex-direction: column; }
  .gw-texts { flex: none; }
}
`;

let widgetSheet = null;
function widgetStyleSheet() {
  if (!widgetSheet) {
    widgetSheet = new CSSStyleSheet();
    widgetSheet.replaceSync(WIDGET_CSS + SINGLE_TABLE_CSS + LEAD_CSS);
  }
  return widgetSheet;
}

// Job errors that only mean "no longer wanted".
const quiet = (e) => e && (e.code === 'stopped' || e.code === 'replaced' || e.code === 'destroyed');

let counter = 0;

// ---- the element -----------------------------------------------------------------------------

export class GlasshandDeal extends HTMLElement {
  static observedAttributes = ['deal', 'show', 'trump', 'leader', 'declarer', 'contract', 'dealer', 'vulnerable', ...LEAD_ATTRIBUTES];

  #id = ++counter;
  #ui = null;
  #diagram = null;
  #board = null;
  #error = null;
  #visible = false;
  #gen = 0; // bumps whenever the board changes: answers for an older board are dropped
  #jobs = new Set();
  #solver = null;
  #solverProblem = null;
  #table = null; // {tricks: {N: {...}}, done, par?, error?}
  #played = [];
  #analyses = new Map(); // played cards -> {tricks: {card: n}, best, done, error?}
  #inspects = new Map(); // played cards at a trick start -> inspect result or {error}
  #lead = null; // show="lead": {estimates, samples, total, done, result?, error?}
  #scheduled = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [diagramStyleSheet(), widgetStyleSheet()];
  }

  connectedCallback() {
    if (!this.#ui) this.#build();
    this.#update();
    if (!this.#visible) observe(this);
  }

  disconnectedCallback() {
    unobserve(this);
    this.#stopJobs();
    // Seen again later (moved in the page): solve again when it is back in view.
    this.#visible = false;
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || !this.#ui) return;
    // Several attributes set one after another redraw once.
    if (this.#scheduled) return;
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

  /** 'waiting' (not yet in view) | 'loading' | 'solving' | 'done' | 'error' */
  get state() {
    return this.#ui?.root.dataset.state ?? 'waiting';
  }

  /** show="lead": the single-dummy result once complete (as `solver.single` gives it). */
  get leadResult() {
    return this.#lead?.done ? this.#lead.result : null;
  }

  /** The DD table once known: {N: {NT, S, H, D, C}, E, S, W}. */
  get tricks() {
    return this.#table?.done ? this.#table.tricks : null;
  }

  // -- structure --

  #build() {
    const root = el('div', { class: 'gw', 'data-state': 'waiting' });
    const diagramBox = el('div', { class: 'gw-diagram', part: 'diagram' });
    const undo = el('button', { class: 'gw-btn', type: 'button', text: '\u21b6 Undo' });
    const restart = el('button', { class: 'gw-btn', type: 'button', text: '\u21ba Restart' });
    const best = el('button', { class: 'gw-btn', type: 'button', text: 'Play best card' });
    undo.addEventListener('click', () => this.#undo());
    restart.addEventListener('click', () => this.#restart());
    best.addEventListener('click', () => this.#playBest());
    const bar = el('div', { class: 'gw-bar', part: 'controls' }, undo, restart, best);
    const say = el('p', { class: 'gw-say', 'aria-live': 'polite' });
    const hint = el('p', { class: 'gw-hint' });
    const inside = el('p', { class: 'gw-inside gw-say' });
    const dd = el('table', { class: 'gw-dd', part: 'table' });
    const par = el('p', { class: 'gw-par' });
    const status = el('p', { class: 'gw-status', role: 'status' });
    const texts = el('div', { class: 'gw-texts' }, bar, say, hint, inside, par, status);
    const side = el('div', { class: 'gw-side' }, dd, texts);
    const foot = el('div', { class: 'gw-foot' }, 'Double-dummy analysis by Glasshand, computed in your browser');
    const lead = el('div', { class: 'gw-lead', part: 'lead' });
    const leadTable = el('table', { class: 'gh-sd-table', part: 'table' });
    root.append(el('div', { class: 'gw-main' }, diagramBox, lead, side), foot);
    this.shadowRoot.replaceChildren(root);
    this.#ui = { root, diagramBox, lead, leadTable, bar, undo, restart, best, say, hint, inside, dd, par, status, foot };
    this.#diagram = new DealDiagram(diagramBox, { onCardClick: (card) => this.#play(card) });
  }

  // -- board changes --

  #update() {
    let board = null;
    let error = null;
    try {
      board = readBoard(this);
    } catch (e) {
      error = e instanceof EntryError ? e.message : `This deal could not be shown: ${e && e.message}`;
    }
    const same = board && this.#board && !error && !this.#error &&
      Boolean(board.lead) === Boolean(this.#board.lead) &&
      board.pbn === this.#board.pbn && board.trump === this.#board.trump && board.leader === this.#board.leader &&
      (board.dealer ?? 'N') === (this.#board.dealer ?? 'N') && (board.vulnerable ?? 'None') === (this.#board.vulnerable ?? 'None');
    this.#board = board;
    this.#error = error;
    if (!same) {
      this.#gen++;
      this.#stopJobs();
      this.#table = null;
      this.#played = [];
      this.#analyses.clear();
      this.#inspects.clear();
      this.#lead = null;
    }
    this.#render();
    if (this.#visible) this.#solve();
  }

  #stopJobs() {
    for (const job of this.#jobs) {
      try {
        this.#solver?.stop(job);
      } catch {
        /* already over */
      }
    }
    this.#jobs.clear();
  }

  // -- solving --

  #position() {
    const b = this.#board;
    return replay(b.hands, b.trump, b.leader, this.#played);
  }

  async #solve() {
    if (this.#error || !this.#board || !this.#visible) {
      this.#render();
      return;
    }
    const b = this.#board;
    const gen = this.#gen;
    const wantLead = Boolean(b.lead) && !this.#lead;
    const wantTable = b.show.has('table') && !this.#table;
    const wantPlay = b.show.has('play') || b.show.has('inside');
    if (!wantTable && !wantPlay && !wantLead) {
      this.#render();
      return;
    }
    if (!this.#solver) {
      this.#setState('loading');
      this.#render();
      try {
        this.#solver = await sharedSolver();
        this.#solverProblem = null;
      } catch (e) {
        this.#solverProblem = `The solver could not start: ${e && e.message ? e.message : e}`;
        this.#setState('error');
        this.#render();
        return;
      }
      if (gen !== this.#gen || !this.#visible) return;
    }
    if (wantLead) this.#solveLead(gen);
    if (wantTable) this.#solveTable(gen);
    if (wantPlay) this.#solvePosition();
    this.#render();
  }

  #track(job, gen, onResult, onError) {
    this.#jobs.add(job);
    job.then(
      (r) => {
        this.#jobs.delete(job);
        if (gen === this.#gen) onResult(r);
      },
      (e) => {
        this.#jobs.delete(job);
        if (gen !== this.#gen || quiet(e)) {
          onError?.(null);
          return;
        }
        onError?.(e);
      },
    ).finally(() => {
      if (gen === this.#gen) this.#render();
    }).catch(() => {});
  }

  #solveTable(gen) {
    const b = this.#board;
    const full = handSize(b.hands) === 13;
    const table = { tricks: {}, done: false };
    this.#table = table;
    const onEntry = (e) => {
      if (gen !== this.#gen || !e) return;
      (table.tricks[e.declarer] ||= {})[e.strain] = e.tricks;
      this.#renderTable();
    };
    const job = full
      ? this.#solver.par({ deal: b.pbn, dealer: b.dealer || 'N', vulnerability: b.vulnerable || 'None' }, { queue: true, onEntry })
      : this.#solver.table(b.pbn, { queue: true, onEntry });
    this.#track(job, gen, (r) => {
      table.tricks = r.tricks;
      table.done = true;
      if (full) table.par = r;
    }, (e) => {
      if (e) table.error = e.message;
      else if (this.#table === table) this.#table = null; // stopped: ask again next time
    });
  }

  #solveLead(gen) {
    const problem = this.#board.lead;
    const lead = { estimates: {}, samples: 0, total: problem.request.samples, done: false };
    this.#lead = lead;
    const job = this.#solver.single(problem.request, {
      queue: true,
      onCard: (card, e) => {
        if (gen !== this.#gen || this.#lead !== lead) return;
        lead.estimates[card] = e;
        this.#renderLeadSoon();
      },
      onProgress: (done, total) => {
        if (gen !== this.#gen || this.#lead !== lead) return;
        Object.assign(lead, { samples: done, total });
        this.#renderLeadSoon();
      },
    });
    this.#track(job, gen, (r) => {
      Object.assign(lead, { result: r, estimates: { ...r.cards }, samples: r.samples, done: true });
    }, (e) => {
      if (e) lead.error = e;
      else if (this.#lead === lead) this.#lead = null; // stopped: ask again next time
    });
  }

  #leadFrame = null;
  /** Redraws the lead table at most once a frame while the estimates stream in. */
  #renderLeadSoon() {
    if (this.#leadFrame) return;
    this.#leadFrame = requestAnimationFrame(() => {
      this.#leadFrame = null;
      this.#render();
    });
  }

  #key(played = this.#played) {
    return played.join(',');
  }

  #solvePosition() {
    const b = this.#board;
    const gen = this.#gen;
    let pos;
    try {
      pos = this.#position();
    } catch {
      return;
    }
    if (pos.over) return;
    const key = this.#key();
    const position = { deal: dealToPbn(pos.trickStart), trump: b.trump, leader: pos.current.leader, trick: pos.current.cards };
    if (b.show.has('play') && !this.#analyses.has(key)) {
      const a = { tricks: {}, done: false };
      this.#analyses.set(key, a);
      const job = this.#solver.analyse(position, {
        group: `glasshand-deal-${this.#id}:analyse`,
        onCard: (e) => {
          if (gen !== this.#gen || !e) return;
          a.tricks[e.card] = e.tricks;
          if (this.#key() === key) this.#diagram.setResults(this.#cardResults());
        },
      });
      this.#track(job, gen, (r) => {
        a.tricks = r.tricks;
        a.best = r.best;
        a.done = true;
      }, (e) => {
        if (e) a.error = e.message;
        else if (this.#analyses.get(key) === a) this.#analyses.delete(key);
      });
    }
    if (b.show.has('inside') && !pos.current.cards.length && !this.#inspects.has(key)) {
      const slot = { pending: true };
      this.#inspects.set(key, slot);
      const job = this.#solver.inspect({ ...position, trick: [] }, { group: `glasshand-deal-${this.#id}:inspect` });
      this.#track(job, gen, (r) => {
        this.#inspects.set(key, r);
      }, (e) => {
        if (e) this.#inspects.set(key, { error: e.message });
        else if (this.#inspects.get(key) === slot) this.#inspects.delete(key);
      });
    }
  }

  // -- play --

  #play(card) {
    if (!this.#board || !this.#board.show.has('play')) return;
    let pos;
    try {
      pos = this.#position();
    } catch {
      return;
    }
    if (pos.over || !legalCards(pos.hands[pos.tomove], pos.current.cards).includes(card)) return;
    this.#played = [...this.#played, card];
    this.#afterMove();
  }

  #undo() {
    if (!this.#played.length) return;
    this.#played = this.#played.slice(0, -1);
    this.#afterMove();
  }

  #restart() {
    if (!this.#played.length) return;
    this.#played = [];
    this.#afterMove();
  }

  #playBest() {
    const a = this.#analyses.get(this.#key());
    if (!a || !a.done) return;
    const pos = this.#position();
    const legal = legalCards(pos.hands[pos.tomove], pos.current.cards);
    const card = legal.find((c) => a.tricks[c] === a.best);
    if (card) this.#play(card);
  }

  #afterMove() {
    if (this.#visible && this.#solver) this.#solvePosition();
    this.#render();
  }

  /** Per-card badges for the position on screen, seen from declarer's side. */
  #cardResults() {
    const b = this.#board;
    if (!b.show.has('play') || !this.#visible) return {};
    const a = this.#analyses.get(this.#key());
    if (a?.error || (!a && this.#solverProblem)) return {};
    return cardBadges(this.#position(), a ?? null, { side: sideOf(b.declarer) });
  }

  // -- drawing --

  #setState(state) {
    if (this.#ui) this.#ui.root.dataset.state = state;
  }

  #computeState() {
    if (this.#error) return 'error';
    if (!this.#visible) return 'waiting';
    if (this.#solverProblem) return 'error';
    if (!this.#solver) return 'loading';
    return this.#jobs.size ? 'solving' : 'done';
  }

  #render() {
    const ui = this.#ui;
    if (!ui) return;
    this.#setState(this.#computeState());
    if (this.#error) {
      this.#diagram.render({ error: this.#error, label: 'Deal diagram' });
      ui.diagramBox.hidden = false;
      ui.lead.hidden = true;
      ui.status.textContent = '';
      return;
    }
    const b = this.#board;
    ui.lead.hidden = !b.lead;
    if (b.lead) {
      this.#renderLeadProblem();
      return;
    }
    const interactive = b.show.has('play');
    const inside = b.show.has('inside');
    let pos;
    try {
      pos = this.#position();
    } catch (e) {
      pos = replay(b.hands, b.trump, b.leader, []);
      this.#played = [];
    }
    ui.diagramBox.hidden = !b.show.has('cards');
    ui.diagramBox.classList.toggle('gw-static', !interactive);
    if (b.show.has('cards')) this.#renderDiagram(pos);

    // Play controls and the sentence under them.
    ui.bar.hidden = !interactive;
    ui.hint.hidden = !interactive;
    ui.say.hidden = !interactive;
    if (interactive) {
      ui.undo.disabled = !this.#played.length;
      ui.restart.disabled = !this.#played.length;
      const a = this.#analyses.get(this.#key());
      ui.best.disabled = pos.over || !a || !a.done;
      this.#renderSay(pos, a);
      ui.hint.textContent = `Click a card to play it. The badges count ${SIDE_NAME[sideOf(b.declarer)]}'s tricks against best play: ` +
        '= keeps the result, \u22121 gives a trick away, +1 is a gift from the defence.';
    }
    ui.inside.hidden = !inside;
    if (inside) this.#renderInside(pos);

    ui.dd.hidden = !b.show.has('table');
    ui.par.hidden = !b.show.has('table');
    if (b.show.has('table')) this.#renderTable();

    // Status: loading, failures.
    ui.status.classList.remove('gw-problem');
    let status = '';
    const needsSolver = b.show.has('table') || interactive || inside;
    if (!needsSolver) status = '';
    else if (this.#solverProblem) {
      status = this.#solverProblem;
      ui.status.classList.add('gw-problem');
    } else if (!this.#visible) status = '';
    else if (!this.#solver) status = 'Loading the solver\u2026';
    else {
      const problems = [];
      if (this.#table?.error) problems.push(`The table could not be computed: ${this.#table.error}`);
      const a = this.#analyses.get(this.#key());
      if (a?.error) problems.push(`The cards could not be solved: ${a.error}`);
      if (problems.length) {
        status = problems.join(' ');
        ui.status.classList.add('gw-problem');
      }
    }
    ui.status.textContent = status;
    ui.foot.hidden = !needsSolver;
  }

  #renderLeadProblem() {
    const ui = this.#ui;
    ui.diagramBox.hidden = true;
    for (const part of [ui.bar, ui.say, ui.hint, ui.inside, ui.dd, ui.par]) part.hidden = true;
    renderLead(ui.lead, ui.leadTable, this.#board.lead, this.#lead);
    ui.status.classList.remove('gw-problem');
    let status = '';
    const e = this.#lead?.error;
    if (this.#solverProblem) status = this.#solverProblem;
    else if (e) {
      status = e.code === 'no-layout'
        ? `No deal fits these constraints (no-layout): ${e.message}`
        : `The leads could not be analysed: ${e.message}`;
    } else if (this.#visible && !this.#solver) status = 'Loading the solver\u2026';
    if (this.#solverProblem || e) ui.status.classList.add('gw-problem');
    ui.status.textContent = status;
    ui.foot.hidden = false;
  }

  #renderDiagram(pos) {
    const b = this.#board;
    const interactive = b.show.has('play');
    const inside = b.show.has('inside');
    const lastTrick = pos.tricks[pos.tricks.length - 1];
    const showLast = !pos.current.cards.length && lastTrick;
    const trick = pos.current.cards.length ? pos.current : showLast ? lastTrick : null;
    const centre = [];
    if (b.contract) centre.push(`${b.contract.level}${STRAIN_SYMBOL[b.contract.strain]}${['', '×', '××'][b.contract.doubled || 0]} by ${SEAT_NAME[b.declarer]}`);
    else if (interactive || inside || b.trumpGiven) centre.push(b.trump === 'NT' ? 'Notrump' : `${STRAIN_SYMBOL[b.trump]} trumps`);
    if (interactive && this.#played.length) centre.push(`NS ${pos.won.NS} \u00b7 EW ${pos.won.EW}`);
    else if (interactive || inside || b.contract) centre.push(`${SEAT_NAME[b.leader]} leads`);
    if (pos.over) centre.push('Play over');
    let inert = new Set();
    if (inside && !pos.current.cards.length) {
      const r = this.#inspects.get(this.#key());
      if (r && r.active) inert = new Set(r.active.inert);
    }
    this.#diagram.render({
      hands: pos.hands,
      dealer: handSize(b.hands) === 13 ? b.dealer || undefined : undefined,
      vulnerable: b.vulnerable || undefined,
      // Without play nothing is clickable: don't grey out the hand on lead.
      tomove: interactive ? pos.tomove : undefined,
      legal: interactive && !pos.over ? new Set(legalCards(pos.hands[pos.tomove], pos.current.cards)) : new Set(),
      results: this.#cardResults(),
      inert,
      trick: trick ? { leader: trick.leader, cards: trick.cards, winner: trick === lastTrick ? lastTrick.winner : undefined } : null,
      centre,
      showHcp: handSize(pos.hands) === 13,
      label: `Bridge deal${b.contract || interactive || inside ? `, ${b.trump === 'NT' ? 'notrump' : STRAIN_SYMBOL[b.trump] + ' trumps'}` : ''}`,
    });
  }

  #renderSay(pos, a) {
    const b = this.#board;
    const ui = this.#ui;
    const P = sideOf(b.declarer);
    ui.say.replaceChildren();
    if (pos.over) {
      ui.say.append(`Play over: ${SIDE_NAME[P]} took `, el('strong', { text: String(pos.won[P]) }), ` trick${pos.won[P] === 1 ? '' : 's'}.`);
      return;
    }
    const trickNo = pos.tricks.length + 1 + (13 - handSize(b.hands));
    const sofar = this.#played.length ? ` (tricks so far: N–S ${pos.won.NS}, E–W ${pos.won.EW})` : '';
    ui.say.append(`Trick ${trickNo}, ${SEAT_NAME[pos.tomove]} to play${sofar}. `);
    if (a && a.done) {
      const pt = sideTotal(pos, P, a.best);
      ui.say.append(`With best play ${SIDE_NAME[P]} take `, el('strong', { text: String(pt) }), ` trick${pt === 1 ? '' : 's'}`);
      if (b.contract) {
        const d = pt - (b.contract.level + 6);
        ui.say.append(d >= 0 ? `: ${b.contract.level}${STRAIN_SYMBOL[b.contract.strain]} makes${d ? ` with ${d} overtrick${d === 1 ? '' : 's'}` : ''}.` : `: ${b.contract.level}${STRAIN_SYMBOL[b.contract.strain]} goes ${-d} down.`);
      } else ui.say.append('.');
    } else if (this.#visible && !this.#solverProblem) ui.say.append('Solving\u2026');
  }

  #renderInside(pos) {
    const ui = this.#ui;
    ui.inside.replaceChildren();
    if (pos.over) return;
    if (pos.current.cards.length) {
      ui.inside.textContent = 'The inert cards are shown at the start of each trick.';
      return;
    }
    if (!this.#visible) {
      ui.inside.textContent = '';
      return;
    }
    const r = this.#inspects.get(this.#key());
    if (!r || r.pending) {
      ui.inside.textContent = this.#solverProblem ? '' : 'Finding the cards that decide the result\u2026';
      return;
    }
    if (r.error) {
      ui.inside.textContent = `The active cards could not be found: ${r.error}`;
      return;
    }
    const total = SEATS.reduce((s, seat) => s + pos.hands[seat].length, 0);
    const inert = r.active.inert.length;
    const active = total - inert;
    const side = sideOf(r.tomove || pos.tomove);
    const sharing = Number(r.active.dealsSharing ?? 1);
    ui.inside.append(
      'Only ', el('strong', { text: String(active) }), ` of the ${total} cards decide that ${SIDE_NAME[side]} take `,
      el('strong', { text: String(r.tricks) }), ` trick${r.tricks === 1 ? '' : 's'} on ${SEAT_NAME[pos.current.leader]}'s lead. `,
      inert
        ? `The ${inert} cards marked x are inert: the result holds for ${sharing.toLocaleString('en')} deals that differ only in them.`
        : 'No card is inert here.',
    );
  }

  #renderTable() {
    const ui = this.#ui;
    const b = this.#board;
    const t = this.#table;
    const fullDeal = handSize(b.hands) === 13;
    ui.dd.dataset.done = t && t.done ? 'true' : 'false';
    renderDdTable(ui.dd, {
      tricks: t?.tricks,
      fullDeal,
      current: b.contract || b.show.has('play') ? { declarer: b.declarer, strain: b.trump } : null,
      caption: { text: 'Double-dummy tricks' },
    });
    // Par, for full deals.
    renderPar(ui.par, t?.par);
    if (fullDeal && !t?.par && this.#visible && !this.#solverProblem && !t?.error) ui.par.textContent = 'Par: computing\u2026';
  }
}

if (!customElements.get('glasshand-deal')) customElements.define('glasshand-deal', GlasshandDeal);

export default GlasshandDeal;
