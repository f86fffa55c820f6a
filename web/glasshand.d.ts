// Types of web/glasshand.js, Glasshand's JS API. See web/PROTOCOL.md for the worker protocol.
// Every key of the results and events is camelCase (cards `SA`, seats `N`, strains `NT` as
// they are).

/** Seats and strains as letters: `N E S W`, `NT S H D C`. */
export type Seat = 'N' | 'E' | 'S' | 'W';
export type StrainName = 'NT' | 'S' | 'H' | 'D' | 'C';
/** A card as suit letter + rank: `SA`, `HT`, `C2`. */
export type CardName = string;
/** A PBN deal: `N:<north> <east> <south> <west>`, hands `spades.hearts.diamonds.clubs`. */
export type Pbn = string;

export type State = 'loading' | 'idle' | 'computing' | 'failed';
export type Mode = 'threaded' | 'single';

export interface GlasshandOptions {
  /** 'auto' (default): threaded when the page is cross-origin isolated and shared memory
   * and nested workers work, else single. */
  mode?: 'auto' | Mode;
  /** Same as `mode: 'single'`. */
  forceSingle?: boolean;
  /** Pool threads in threaded mode (default: hardwareConcurrency, at most `max-threads` of wasm-pack.toml's budget). */
  threads?: number;
  /** Where glasshand.js, worker.js and pkg/ live (default: beside glasshand.js). */
  baseUrl?: string | URL;
  /** How long a stopped or replaced job may run on before the worker is terminated and
   * restarted (default 2000 ms threaded, 400 ms single). */
  stopTimeoutMs?: number;
  /** How long the worker may take to start (default 30000 ms). */
  initTimeoutMs?: number;
  /** Restarts allowed within a minute before the state becomes 'failed' (default 5). */
  maxRestarts?: number;
  onStateChange?: (detail: { state: State; message: string }) => void;
  /** For the tests of recovery: allows `_debugPanic` (the worker refuses it otherwise). */
  debug?: boolean;
}

/** Search settings; the ablation switches of the teaching site. */
export interface EngineOptions {
  /** Transposition-table memory per thread, MB (1..64; default: `tt-megabytes` of wasm-pack.toml's [budget]). */
  ttMegabytes?: number;
  tt?: 'off' | 'exact' | 'relative' | 'partition';
  quickTricks?: boolean;
  moveOrdering?: boolean;
  /** `inspect`: solve from an empty transposition table, so that the statistics (and an
   * ablation comparison) describe a cold solve rather than one helped by earlier jobs.
   * `single`: empty it before each sample (by default it is kept across samples). */
  fresh?: boolean;
}

export type EntryEvent = { type: 'entry'; index: number; declarer: Seat; strain: StrainName; tricks: number };
export type TableEvent = { type: 'table'; index: number; table: TableResult };
export type CardEvent = { type: 'card'; card: CardName; tricks: number };
export type TraceEvent = { type: 'trace'; index: number; tricks: number };
export type ProgressEvent = { type: 'progress'; done: number; total: number };
/** `bench`: one deal of the bench list solved, with its node count. */
export type DealEvent = { type: 'deal'; index: number; nodes: number };
/** `single`: the estimate over the samples done so far (see SingleResult). */
export type EstimateEvent = { type: 'estimate'; total: number } & Omit<SingleResult, 'deals'>;
/** `suit`: an opening lead (`S2`: South's 2) whose game is solved. */
export type LeadEvent = { type: 'lead'; lead: string };
export type JobEvent =
  | EntryEvent
  | TableEvent
  | CardEvent
  | TraceEvent
  | ProgressEvent
  | DealEvent
  | EstimateEvent
  | LeadEvent;

/**
 * The API is the only scheduler: the worker runs one job at a time, and the API sends it
 * the waiting job of highest `priority`, the oldest among equals.
 */
export interface JobOptions extends EngineOptions {
  /** Wait behind the other jobs: never replace a job, never be replaced (only stopped). */
  queue?: boolean;
  /** Latest wins per group: a job without `queue` replaces (stops, or drops if waiting) the
   * earlier jobs without `queue` of the same group (default ''). */
  group?: string;
  /** Waiting jobs run highest priority first (default 0); a running job is never
   * interrupted for a more urgent one. */
  priority?: number;
  /** Aborting stops the job. */
  signal?: AbortSignal;
  /** Engine settings (also accepted at the top level of the options). */
  options?: EngineOptions;
  onEntry?: (e: EntryEvent) => void;
  onTable?: (e: TableEvent) => void;
  onCard?: (e: CardEvent) => void;
  onTrace?: (e: TraceEvent) => void;
  onProgress?: (e: ProgressEvent) => void;
  onDeal?: (e: DealEvent) => void;
  onLead?: (e: LeadEvent) => void;
  onEvent?: (e: JobEvent) => void;
  /** The worker has started the job (it may have waited behind others before). */
  onStart?: () => void;
  /** Just before the result: the job's time in the worker, in ms, from its start to its
   * result (not counting the wait behind other jobs). */
  onTime?: (ms: number) => void;
}

/** A promise of a job's result, with the job's id (for `stop`). */
export type Job<T> = Promise<T> & { id: number };

export type Row = { NT: number; S: number; H: number; D: number; C: number };
/** `tricks[declarer][strain]`: tricks for declarer's side, led by declarer's LHO. */
export type Tricks = { N: Row; E: Row; S: Row; W: Row };

export interface TableResult {
  deal: Pbn;
  tricks: Tricks;
}

export interface Position {
  deal: Pbn;
  /** Also accepted as `strain`. */
  trump: StrainName | 'N';
  strain?: StrainName;
  /** Who led the current trick. */
  leader: Seat;
  /** Cards already played to the current trick (the deal holds the hands before them). */
  trick?: CardName[] | string;
  options?: EngineOptions;
}

export interface PositionResult {
  deal: Pbn;
  trump: StrainName;
  leader: Seat;
  trick: CardName[];
  tomove: Seat;
}

export interface SolveResult extends PositionResult {
  /** Tricks for tomove's side, the current trick included. */
  tricks: number;
}

export interface AnalyseResult extends PositionResult {
  best: number;
  /** Every legal card: `{SA: 9, …}`. */
  tricks: Record<CardName, number>;
}

export interface TrickStats {
  nodes: number;
  ttProbes: number;
  ttHits: number;
  ttCutoffs: number;
  quickTrickCutoffs: number;
}

export interface InspectResult extends PositionResult {
  tricks: number;
  active: {
    tricks: number;
    /** Active top cards per suit, S H D C. */
    top: [number, number, number, number];
    cards: CardName[];
    inert: CardName[];
    dealsSharing: number;
  };
  perTrick: TrickStats[];
  total: TrickStats;
  config: { ttMegabytes: number; tt: string; quickTricks: boolean; moveOrdering: boolean };
}

/** `trace`'s request: a position of at most 4 tricks; `target`: the tricks the side to move
 * must take (the current trick included) for one search, absent for a whole MTD(f) run. */
export interface TraceRequest extends Position {
  target?: number;
}

/** The rule of a cut-off without search. */
export type CutRule =
  | 'count' | 'last-trick' | 'quick-tricks-ns' | 'quick-tricks-ew' | 'leader-loses' | 'suit-run'
  | 'second-hand-wins';

/** The class of positions a table entry holds for: per suit the top `top[s]` cards and their
 * owners; `positions` of them share the lengths and those owners. */
export interface TracePattern {
  top: [number, number, number, number];
  owners: [Seat[], Seat[], Seat[], Seat[]];
  cards: CardName[];
  positions: number;
}

export type TraceProbe =
  | { result: 'miss' }
  | { result: 'hit'; matched: number[] }
  | { result: 'cut'; reached: boolean; bound: number; lower: number | null; upper: number | null;
      pattern: TracePattern; storedBy: number | null };

/** A node of the search tree. Targets and bounds are North-South's, counted from the start
 * of the node's trick. */
export interface TraceNode {
  id: number;
  /** The card that led here (absent at the root). */
  card?: CardName;
  /** Who won the trick `card` completed. */
  trickWonBy?: Seat;
  /** N E S W: the cards still in the hands. */
  hands: [CardName[], CardName[], CardName[], CardName[]];
  leader: Seat;
  trick: CardName[];
  toMove: Seat;
  targetNs: number;
  cut?: { rule: CutRule; cards: CardName[] };
  probe?: TraceProbe;
  children?: TraceNode[];
  skipped?: { card: CardName; coveredBy: CardName | null }[];
  decidedBy?: CardName;
  store?: { lower: number; upper: number; pattern: TracePattern };
  reached: boolean;
  bound: number;
  active: CardName[];
}

export interface TraceResult extends PositionResult {
  nodes: number;
  /** One search. */
  holds?: boolean;
  root?: TraceNode;
  /** A whole run. */
  tricks?: number;
  probes?: { step: 'mtdf' | 'proof'; target: number; holds: boolean; nodes: number; root: TraceNode }[];
}

export interface ParResult {
  deal: Pbn;
  dealer: Seat;
  vulnerable: 'None' | 'NS' | 'EW' | 'All';
  tricks: Tricks;
  /** DDS's `DealerPar`: the score for North-South and the contracts, e.g. "4S-NS". */
  dealerParScoreNs: number;
  dealerParContracts: string;
  /** DDS's `Par`, per side. */
  parNs: string;
  parEw: string;
  contractsNs: string;
  contractsEw: string;
}

export interface PlayRecord {
  deal: Pbn;
  trump: StrainName | 'N';
  /** The opening leader. */
  leader: Seat;
  /** Cards in order from the opening lead: a list, or text like `"D2D6DK"`. */
  play: CardName[] | string;
  options?: EngineOptions;
}

export interface PlayResult {
  deal: Pbn;
  trump: StrainName;
  leader: Seat;
  declarer: Seat;
  play: CardName[];
  /** Declarer's tricks before any card and after each card (`play.length + 1`). */
  declarerTricks: number[];
}

export interface ProbeResult {
  mode: Mode;
  threads: number;
  /** Distinct pool threads that ran a task at once. */
  running: number;
  memoryBytes: number;
}

/** Limits on a hidden hand's original 13 cards: closed ranges of points and suit lengths. */
export interface HandConstraints {
  hcp?: [number, number];
  S?: [number, number];
  H?: [number, number];
  D?: [number, number];
  C?: [number, number];
}

/** What the player to move knows: give `contract` and `declarer`, or `trump` and `leader`. */
export interface SingleRequest {
  /** Seats' original 13 cards, PBN hand notation (`KQ53.T97.A864.J2`); the player to move
   * must be one of them (and dummy once it is down). */
  known: Partial<Record<Seat, string>>;
  /** `'4S'`, `'3NT'`: adds `make` to every card. */
  contract?: string;
  declarer?: Seat;
  trump?: StrainName;
  /** The opening leader. */
  leader?: Seat;
  /** The cards played so far, in order from the opening lead. */
  played?: CardName[];
  constraints?: Partial<Record<Seat, HandConstraints>>;
  /** 1..1000000; when the consistent layouts are no more, every one is solved (`exact`). */
  samples: number;
  /** Default 0. The same seed gives the same numbers in every build and on any thread count. */
  seed?: number;
  options?: EngineOptions;
}

export interface CardEstimate {
  /** Mean tricks for the side to move from the current trick on. */
  tricks: number;
  /** Standard error of the mean (0 when exact). */
  stderr: number;
  /** With a contract: the fraction of samples in which declarer's side makes it. */
  make?: number;
}

export interface SingleResult {
  tomove: Seat;
  /** Samples (or layouts, when exact) solved. */
  samples: number;
  /** Every consistent layout was solved: the means are exact. */
  exact: boolean;
  /** Every legal card, spades to clubs, high to low; equivalent cards share their numbers. */
  cards: Record<CardName, CardEstimate>;
  /** The first (up to 8) sampled deals, original hands: `N:…`. */
  deals: Pbn[];
}

export interface SingleOptions extends Omit<JobOptions, 'onCard' | 'onProgress'> {
  /** Every legal card, each time the estimate updates (as samples complete). */
  onCard?: (card: CardName, estimate: CardEstimate & { samples: number }) => void;
  /** Samples done of the total. */
  onProgress?: (done: number, total: number) => void;
  onEstimate?: (e: EstimateEvent) => void;
}

/** Exact suit play: North's and South's cards of one suit, and the vacant places. */
export interface SuitRequest {
  /** `'AK987x'`: `x` is the lowest spot not named; `10` or `T`; `'-'` or `''` for a void. */
  north: string;
  south: string;
  /** West's and East's vacant places for the suit (13 each by default). */
  westVacant?: number;
  eastVacant?: number;
}

/**
 * Declarer's plan: his card (`'SJ'`: South's jack), then what follows (no `then` after his
 * last card); a defender's turn maps the cards he may show (a gap's cards, `'-'` for a void;
 * alternatives after which the plan goes on alike share a key, `'654 T -'`) to the rest.
 */
export type SuitLine = { play: string; then?: SuitLine } | { seat: 'W' | 'E'; shows: Record<string, SuitLine> };

export interface SuitResult {
  north: string;
  south: string;
  missing: string;
  /** Card layouts of the missing cards (of nonzero probability). */
  layouts: number;
  /** One per target from 1 to the longer hand's length: the best chance of at least
   * `tricks` tricks (an unrounded fraction) and a line that reaches it. */
  targets: { tricks: number; probability: number; line: SuitLine }[];
  /** The best expected tricks and its line. */
  average: { tricks: number; line: SuitLine };
  /** The probability-weighted double-dummy tricks (minus `average.tricks`: strategy fusion). */
  doubleDummy: number;
  /** Every card layout: its probability, the tricks of the best-average line (`tricks`) and
   * of the line for each target t (`byTarget[t - 1]`), and the double-dummy tricks. */
  splits: { west: string; east: string; probability: number; tricks: number; byTarget: number[]; doubleDummy: number }[];
}

/** The bench signature: equals `Nodes searched` of the native `glasshand bench`. */
export interface BenchResult {
  mode: Mode;
  /** The node total over the bench deals. */
  nodes: number;
  /** The node count of each deal. */
  deals: number[];
}

/** Codes: syntax, duplicate-card, unequal-hands, too-many-cards, card-not-held, revoke,
 * trick-too-long, no-cards-left, unknown-suit, unknown-rank, unknown-seat, unknown-strain,
 * unknown-vulnerability, bad-request, held-elsewhere, no-layout, stopped, replaced, panic, destroyed, failed. */
export class GlasshandError extends Error {
  code: string;
  /** A stopped `inspect` (threaded mode): the nodes it searched before it stopped. */
  nodes?: number;
  constructor(message: string, code?: string);
}

export function threadSupport(): { ok: boolean; reason: string };

export class Glasshand extends EventTarget {
  static create(options?: GlasshandOptions): Promise<Glasshand>;
  constructor(options?: GlasshandOptions);
  /** Resolves when the worker is ready (`create` awaits it). */
  readonly ready: Promise<Glasshand>;
  readonly state: State;
  /** With state 'failed': why. */
  readonly message: string;
  readonly mode: Mode | null;
  readonly threads: number;
  readonly version: string;
  /** Why threads are not used, when they are not. */
  fallbackReason: string;
  /** Milliseconds from construction to ready and to the first result. */
  timings: { ready: number | null; firstResult: number | null };

  table(deal: Pbn, opts?: JobOptions): Job<TableResult>;
  tables(deals: Iterable<Pbn>, opts?: JobOptions): Job<TableResult[]>;
  solve(position: Position, opts?: JobOptions): Job<SolveResult>;
  analyse(position: Position, opts?: JobOptions): Job<AnalyseResult>;
  inspect(position: Position, opts?: JobOptions): Job<InspectResult>;
  active(position: Position, opts?: JobOptions): Job<InspectResult>;
  par(
    deal: Pbn | { deal: Pbn; dealer?: Seat; vulnerability?: string; vul?: string },
    opts?: JobOptions & { dealer?: Seat; vulnerability?: string },
  ): Job<ParResult>;
  play(record: PlayRecord, opts?: JobOptions): Job<PlayResult>;
  /** The search's tree on a position of at most 4 tricks (`too-large-to-trace` above). */
  trace(request: TraceRequest, opts?: JobOptions): Job<TraceResult>;
  /** Single-dummy analysis: samples the hidden hands, solves each for every legal card. */
  single(request: SingleRequest, opts?: SingleOptions): Job<SingleResult>;
  /** Exact suit play: each trick target's best chance and line, the best average. */
  suit(request: SuitRequest, opts?: JobOptions): Job<SuitResult>;
  probeThreads(opts?: JobOptions): Job<ProbeResult>;
  /** The bench signature (one thread, fresh solver, default configuration); takes seconds
   * and cannot be stopped short of restarting the worker. */
  bench(opts?: JobOptions): Job<BenchResult>;
  /** Stops one job (its promise or id), or every job. */
  stop(job?: number | { id: number }): void;
  destroy(): void;

  addEventListener(type: 'statechange', listener: (e: CustomEvent<{ state: State; message: string }>) => void): void;
  addEventListener(type: 'restart' | 'panic', listener: (e: CustomEvent<{ reason?: string; message?: string }>) => void): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
}

export default Glasshand;
