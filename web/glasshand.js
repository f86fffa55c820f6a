// Glasshand's JS API: a double-dummy solver in a Web Worker, threaded where the page allows.
//
//   import { Glasshand } from './web/glasshand.js';
//   const solver = await Glasshand.create();
//   const t = await solver.table('N:AKQ2.… … … …', { onEntry: (e) => … });
//   t.tricks.N.NT  // tricks for North declaring notrump
//
// No bundler needed: a plain <script type="module"> can import this file. Types are in
// glasshand.d.ts; the worker protocol underneath is documented in PROTOCOL.md.

const ENGINE_KEYS = ['tt', 'ttMegabytes', 'quickTricks', 'moveOrdering', 'fresh'];
const EVENT_CALLBACKS = {
  entry: 'onEntry',
  table: 'onTable',
  card: 'onCard',
  trace: 'onTrace',
  progress: 'onProgress',
  deal: 'onDeal',
  estimate: 'onEstimate',
  lead: 'onLead',
};

/** An error from the solver: `code` is machine-readable (`duplicate-card`, `stopped`, …). */
export class GlasshandError extends Error {
  constructor(message, code = 'error') {
    super(message);
    this.name = 'GlasshandError';
    this.code = code;
  }
}

/**
 * Whether this page can run the threaded build: cross-origin isolated, with
 * SharedArrayBuffer and shared WebAssembly memory. (Nested workers are checked by the
 * worker itself when it starts its pool.)
 */
export function threadSupport() {
  if (!globalThis.crossOriginIsolated) {
    return { ok: false, reason: 'the page is not cross-origin isolated (no COOP/COEP headers)' };
  }
  if (typeof SharedArrayBuffer !== 'function') return { ok: false, reason: 'SharedArrayBuffer is not available' };
  try {
    // eslint-disable-next-line no-new
    new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
  } catch {
    return { ok: false, reason: 'shared WebAssembly memory is not available' };
  }
  if (typeof Worker !== 'function') return { ok: false, reason: 'Web Workers are not available' };
  return { ok: true, reason: '' };
}

// Compiled modules, shared by every solver of the page and reused when a worker restarts.
const compiled = new Map();

function compileModule(url) {
  const key = String(url);
  if (!compiled.has(key)) {
    const p = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`fetching ${url}: HTTP ${response.status}`);
      if (WebAssembly.compileStreaming && response.headers.get('content-type')?.startsWith('application/wasm')) {
        return WebAssembly.compileStreaming(response);
      }
      return WebAssembly.compile(await response.arrayBuffer());
    })();
    p.catch(() => compiled.delete(key));
    compiled.set(key, p);
  }
  return compiled.get(key);
}

/**
 * Starts the engine's module worker. A page may only start workers of its own origin: for an
 * engine served from another (a CDN), a tiny module of the page's origin (a blob URL, `shim`,
 * revoked once the worker answers) imports the worker from there, which the CDN allows
 * (CORS). The pool's nested workers start the same way (wasm-bindgen-rayon loads its helper
 * as a blob), so an isolated page gets threads from a CDN too.
 */
function startWorker(url, mode) {
  const options = { type: 'module', name: `glasshand-${mode}` };
  const here = globalThis.location?.origin;
  if (!here || here === 'null' || url.origin === here) return { worker: new Worker(url, options), shim: null };
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
  try {
    return { worker: new Worker(shim, options), shim };
  } catch (e) {
    URL.revokeObjectURL(shim);
    throw e;
  }
}

function report(error) {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}

export class Glasshand extends EventTarget {
  /**
   * Starts a solver and resolves once its worker is ready.
   * @param {import('./glasshand.js').GlasshandOptions} [options]
   */
  static async create(options = {}) {
    const solver = new Glasshand(options);
    await solver.ready;
    return solver;
  }

  constructor(options = {}) {
    super();
    const forced = options.forceSingle ? 'single' : options.mode || 'auto';
    if (!['auto', 'threaded', 'single'].includes(forced)) {
      throw new GlasshandError(`unknown mode '${forced}' (use auto, threaded or single)`, 'bad-option');
    }
    const support = threadSupport();
    this._auto = forced === 'auto';
    this._wanted = forced === 'auto' ? (support.ok ? 'threaded' : 'single') : forced;
    /** Why the threaded build is not used, if it is not. */
    this.fallbackReason = this._wanted === 'single' ? (forced === 'single' ? 'single mode was asked for' : support.reason) : '';
    const cores = (globalThis.navigator && navigator.hardwareConcurrency) || 4;
    // The worker caps it at the budget's maxThreads (wasm-pack.toml).
    this._threadsWanted = Math.max(1, Math.floor(options.threads || cores));
    this._base = new URL(options.baseUrl || './', import.meta.url);
    this._workerUrl = new URL('worker.js', this._base);
    this._pkgBase = new URL('pkg/', this._base);
    this._stopTimeout = options.stopTimeoutMs;
    this._initTimeout = options.initTimeoutMs || 30000;
    this._maxRestarts = options.maxRestarts ?? 5;
    this._onStateChange = options.onStateChange;
    this._debug = Boolean(options.debug);

    this._state = 'loading';
    this._message = '';
    this._mode = null;
    this._threads = 0;
    this._version = '';
    this._worker = null;
    this._jobs = new Map(); // id -> job, in submission order
    this._nextId = 1;
    this._running = null;
    this._watchdogs = new Map();
    this._restarts = [];
    this._destroyed = false;
    /** Milliseconds since the solver was created: ready, first result. */
    this.timings = { ready: null, firstResult: null };
    this._t0 = performance.now();
    this.ready = this._boot(this._wanted).then(() => this);
    // Callers see failures through `create` or `state`; never as an unhandled rejection.
    this.ready.catch(() => {});
  }

  /** 'loading' | 'idle' | 'computing' | 'failed' */
  get state() {
    return this._state;
  }

  /** With state 'failed': why. */
  get message() {
    return this._message;
  }

  /** 'threaded' | 'single' (null while loading the first time). */
  get mode() {
    return this._mode;
  }

  /** Threads of the pool (1 in single mode). */
  get threads() {
    return this._threads;
  }

  get version() {
    return this._version;
  }

  // --- jobs -----------------------------------------------------------------------------

  /** The DD table of a deal (PBN `N:… … … …`). Streams `onEntry`, `onProgress`. */
  table(deal, opts = {}) {
    return this._submit('table', { deal, options: engineOptions(opts) }, opts);
  }

  /** DD tables of many deals (parallel over deals in threaded mode). Streams `onTable`. */
  tables(deals, opts = {}) {
    return this._submit('tables', { deals: [...deals], options: engineOptions(opts) }, opts);
  }

  /** Tricks for the side to move: position `{deal, trump, leader, trick?}`. */
  solve(position, opts = {}) {
    return this._submit('solve', positionRequest(position, opts), opts);
  }

  /** Every legal card with its tricks. Streams `onCard` as each card is solved. */
  analyse(position, opts = {}) {
    return this._submit('analyse', positionRequest(position, opts), opts);
  }

  /** The value, the active cards of its proof and per-trick search statistics; takes the
   * ablation options `tt`, `quickTricks`, `moveOrdering`, and `fresh` (solve from an empty
   * transposition table). Stopped, it rejects with `nodes`: the nodes searched so far. */
  inspect(position, opts = {}) {
    return this._submit('inspect', positionRequest(position, opts), opts);
  }

  /** Same as {@link Glasshand#inspect}. */
  active(position, opts = {}) {
    return this.inspect(position, opts);
  }

  /** The search's tree on a position of at most 4 tricks, from an empty table:
   * `{deal, trump, leader, trick?, target?}`. With `target` (tricks the side to move must
   * take) one null-window search, `{holds, nodes, root}`; without, the whole MTD(f) run,
   * `{tricks, nodes, probes}`. Takes the ablation options. */
  trace(request, opts = {}) {
    const body = positionRequest(request, opts);
    if (request && request.target !== undefined && request.target !== null) body.target = request.target;
    return this._submit('trace', body, opts);
  }

  /** Par (DDS `Par` and `DealerPar`) with the DD table; `deal` or `{deal, dealer, vulnerability}`. */
  par(deal, opts = {}) {
    const board = typeof deal === 'string' ? { deal } : { ...deal };
    const request = {
      deal: board.deal,
      dealer: board.dealer ?? opts.dealer,
      vulnerability: board.vulnerability ?? board.vul ?? opts.vulnerability ?? opts.vul,
      options: engineOptions(opts),
    };
    return this._submit('par', request, opts);
  }

  /** Declarer's DD tricks before and after each card of `{deal, trump, leader, play}`.
   * Streams `onTrace`. */
  play(record, opts = {}) {
    const request = {
      deal: record.deal,
      trump: record.trump ?? record.strain,
      leader: record.leader,
      play: record.play ?? [],
      options: engineOptions({ ...opts, ...(record.options || {}) }),
    };
    return this._submit('play', request, opts);
  }

  /**
   * Single-dummy analysis: `{known, contract, declarer (or trump, leader), played?,
   * constraints?, samples, seed, stopWhenSettled?}`; resolves to `{tomove, samples, exact,
   * cards: {SK: {tricks, stderr, make?}, …}, settled?, deals}`. With `stopWhenSettled` the
   * run ends once the best card is settled, and `settled` = `{of, best: ['D5', …], by,
   * stderr}` says so (docs/engine.md). As samples complete, calls `onCard(card, {tricks,
   * stderr, make?, samples})` for every legal card, `onProgress(done, total)` in samples,
   * and `onEstimate(event)` with the whole estimate (the last one `settled` too). Option
   * `fresh: true/false` empties or keeps the table across samples (default: the engine's
   * choice by the point of the play).
   */
  single(request, opts = {}) {
    const { onCard, onProgress, onEstimate } = opts ?? {};
    const streams = {
      ...opts,
      onCard: undefined,
      onProgress: undefined,
      onEstimate: (e) => {
        call(onEstimate, e);
        call(onProgress, e.samples, e.total);
        if (typeof onCard !== 'function') return;
        for (const [card, estimate] of Object.entries(e.cards)) {
          try {
            onCard(card, { ...estimate, samples: e.samples });
          } catch (err) {
            report(err);
          }
        }
      },
    };
    const r = request && typeof request === 'object' ? request : {};
    return this._submit('single', { ...r, options: engineOptions({ ...opts, ...(r.options || {}) }) }, streams);
  }

  /**
   * Exact suit play: `{north, south, westVacant?, eastVacant?}` with the holdings as text
   * (`'AK987x'`, `'Jx'`; `x` is the lowest spot not named). Resolves to `{north, south,
   * missing, layouts, targets: [{tricks, probability, line}], average: {tricks, line},
   * doubleDummy, splits: [{west, east, probability, tricks, doubleDummy}]}`. Streams
   * `onLead` (`{type: 'lead', lead: 'S2'}`) as each opening lead is solved, and `onProgress`.
   */
  suit(request, opts = {}) {
    const r = request && typeof request === 'object' ? request : {};
    const { north, south, westVacant, eastVacant } = r;
    const options = engineOptions({ ...opts, ...(r.options || {}) });
    return this._submit('suit', { north, south, westVacant, eastVacant, options }, opts);
  }

  /** Runs a task on every pool thread at once: `{mode, threads, running, memoryBytes}`. */
  probeThreads(opts = {}) {
    return this._submit('probe', {}, { queue: true, ...opts });
  }

  /** The bench signature of `glasshand bench`: `{mode, nodes, deals}`, the node total (and
   * the count per deal) of the engine's bench deals solved on one thread with a fresh solver
   * of the default configuration; equal to the native `Nodes searched`. Streams `onDeal`
   * (`{index, nodes}`). Takes seconds; a stop lands between deals (single) or within one
   * (threaded). */
  bench(opts = {}) {
    return this._submit('bench', {}, { queue: true, ...opts });
  }

  /**
   * Stops one job (its promise or its id) or, with no argument, every job. The job's
   * promise rejects with code `stopped`. Anything else (a promise derived from a job's,
   * without its id) stops nothing.
   */
  stop(which) {
    const id = which && typeof which === 'object' ? which.id : which;
    for (const job of [...this._jobs.values()]) {
      if (which === undefined || job.id === id) this._cancel(job, 'stopped');
    }
  }

  /** Ends the worker; pending jobs reject with code `destroyed`. */
  destroy() {
    if (this._destroyed) return;
    this._destroyed = true;
    this._terminate();
    for (const job of [...this._jobs.values()]) this._settle(job, new GlasshandError('the solver was destroyed', 'destroyed'));
    this._setState('failed', 'destroyed');
  }

  /** For tests, on a solver created with `debug: true`: makes the engine panic (on a pool
   * thread with `pool`). The worker reports it and is restarted; the promise rejects with
   * code `panic`. */
  _debugPanic(pool = false) {
    return this._submit('panic', { pool }, { queue: true });
  }

  // --- internals ------------------------------------------------------------------------

  _submit(kind, request, opts) {
    opts = opts && typeof opts === 'object' ? opts : {};
    if (this._destroyed) return Promise.reject(new GlasshandError('the solver was destroyed', 'destroyed'));
    const id = this._nextId++;
    const queue = Boolean(opts.queue);
    const group = opts.group == null ? '' : String(opts.group);
    const priority = Number(opts.priority) || 0;
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const job = { id, kind, request, queue, group, priority, opts, resolve, reject, cancel: null };
    if (!queue) {
      for (const other of [...this._jobs.values()]) {
        if (!other.queue && other.group === group) this._cancel(other, 'replaced');
      }
    }
    this._jobs.set(id, job);
    this._updateState();
    this._pump();
    if (opts.signal && typeof opts.signal.addEventListener === 'function') {
      if (opts.signal.aborted) this.stop(id);
      else opts.signal.addEventListener('abort', () => this.stop(id), { once: true });
    }
    promise.id = id;
    return promise;
  }

  // The scheduler: with the worker free, sends the waiting job of highest priority (the
  // oldest among equals). The worker runs one job at a time.
  _pump() {
    if (!this._worker || this._running) return;
    let next = null;
    for (const job of this._jobs.values()) {
      if (!job.cancel && (!next || job.priority > next.priority)) next = job;
    }
    if (!next) return;
    this._running = next;
    try {
      this._worker.postMessage({ type: 'job', id: next.id, kind: next.kind, request: next.request });
    } catch (e) {
      // A request the worker cannot receive (a function in it, …): only this job fails.
      this._running = null;
      this._settle(next, new GlasshandError(`the request cannot be sent to the worker: ${e.message}`, 'bad-request'));
      this._pump();
    }
  }

  // Cancels a job (code `stopped` or `replaced`). A waiting job rejects now; the running one
  // when the worker confirms, or when the watchdog gives up on it and restarts the worker.
  _cancel(job, code) {
    if (job.cancel) return;
    job.cancel = code;
    if (job === this._running) {
      this._worker.postMessage({ type: 'stop', id: job.id });
      this._watch(job.id);
    } else {
      this._settle(job, cancelled(code));
    }
  }

  _stopTimeoutMs() {
    if (this._stopTimeout) return this._stopTimeout;
    // Threaded: the search polls a shared flag, so a stop lands within milliseconds. Single:
    // a step (one strain) can take seconds on a hard deal; restarting is faster.
    return this._mode === 'threaded' ? 2000 : 400;
  }

  _watch(id) {
    if (this._watchdogs.has(id)) return;
    const timer = setTimeout(() => {
      this._watchdogs.delete(id);
      if (this._running?.id === id && this._worker) {
        this._restart(`job ${id} did not stop within ${this._stopTimeoutMs()} ms`, null, '', false);
      }
    }, this._stopTimeoutMs());
    this._watchdogs.set(id, timer);
  }

  _unwatch(id) {
    const t = this._watchdogs.get(id);
    if (t !== undefined) clearTimeout(t);
    this._watchdogs.delete(id);
  }

  _settle(job, error, result) {
    if (!this._jobs.has(job.id)) return;
    this._jobs.delete(job.id);
    if (error) job.reject(error);
    else job.resolve(result);
    this._updateState();
  }

  _updateState() {
    if (this._destroyed || this._state === 'failed' || this._state === 'loading') return;
    this._setState(this._jobs.size > 0 ? 'computing' : 'idle');
  }

  _setState(state, message = '') {
    if (state === this._state && message === this._message) return;
    this._state = state;
    this._message = message;
    const detail = { state, message };
    try {
      this._onStateChange?.(detail);
    } catch (e) {
      report(e);
    }
    this.dispatchEvent(new CustomEvent('statechange', { detail }));
  }

  async _boot(mode) {
    this._setState('loading');
    for (;;) {
      try {
        await this._spawn(mode);
        return;
      } catch (e) {
        if (this._destroyed) throw new GlasshandError('the solver was destroyed', 'destroyed');
        if (mode === 'threaded' && this._auto) {
          this.fallbackReason = `the threaded build did not start: ${e.message}`;
          mode = 'single';
          continue;
        }
        const message = `the engine did not start: ${e.message}`;
        this._setState('failed', message);
        for (const job of [...this._jobs.values()]) this._settle(job, new GlasshandError(message, 'failed'));
        throw new GlasshandError(message, 'failed');
      }
    }
  }

  async _spawn(mode) {
    const module = await compileModule(new URL(`${mode}/glasshand_bg.wasm`, this._pkgBase));
    if (this._destroyed) throw new Error('destroyed');
    const { worker, shim } = startWorker(this._workerUrl, mode);
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`no answer within ${this._initTimeout} ms`)), this._initTimeout);
      const fail = (err) => {
        clearTimeout(timer);
        worker.terminate();
        reject(err);
      };
      worker.onmessage = (e) => {
        const msg = e.data;
        if (msg.type === 'ready') {
          clearTimeout(timer);
          if (this._destroyed) {
            fail(new Error('destroyed'));
            return;
          }
          this._worker = worker;
          this._mode = msg.mode;
          this._threads = msg.threads;
          this._version = msg.version;
          worker.onmessage = (ev) => this._onMessage(worker, ev.data);
          worker.onerror = (ev) => {
            ev.preventDefault();
            this._onMessage(worker, { type: 'panic', id: this._running?.id, message: ev.message || 'uncaught error in the worker' });
          };
          resolve();
        } else if (msg.type === 'init-error') {
          fail(new Error(msg.message));
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        fail(new Error(e.message || 'the worker failed to load'));
      };
      worker.postMessage({
        type: 'init',
        mode,
        module,
        threads: this._threadsWanted,
        pkgBase: this._pkgBase.href,
        debug: this._debug,
      });
    }).finally(() => shim && URL.revokeObjectURL(shim));
    if (this.timings.ready === null) this.timings.ready = performance.now() - this._t0;
    this._setState(this._jobs.size ? 'computing' : 'idle');
    this._pump();
  }

  _terminate() {
    for (const t of this._watchdogs.values()) clearTimeout(t);
    this._watchdogs.clear();
    if (this._worker) {
      this._worker.onmessage = null;
      this._worker.onerror = null;
      this._worker.terminate();
    }
    this._worker = null;
    this._running = null;
  }

  // Ends the worker and starts a new one. The job that crashed it (panic) and cancelled jobs
  // are rejected; the others wait for the new worker. Crashes (not the watchdog's deliberate
  // restarts) count towards `maxRestarts` a minute, past which the state is 'failed'.
  _restart(reason, crashedId, panicMessage, crash = true) {
    if (this._destroyed) return;
    const mode = this._mode;
    this._terminate();
    for (const job of [...this._jobs.values()]) {
      if (job.id === crashedId) {
        this._settle(job, new GlasshandError(`the engine panicked: ${panicMessage}`, 'panic'));
      } else if (job.cancel) {
        this._settle(job, cancelled(job.cancel));
      }
    }
    const now = performance.now();
    this._restarts = this._restarts.filter((t) => now - t < 60000);
    if (crash) this._restarts.push(now);
    this.dispatchEvent(new CustomEvent('restart', { detail: { reason } }));
    if (this._restarts.length > this._maxRestarts) {
      const message = `the engine kept failing (${reason})`;
      this._setState('failed', message);
      for (const job of [...this._jobs.values()]) this._settle(job, new GlasshandError(message, 'failed'));
      return;
    }
    this._boot(mode).catch(() => {});
  }

  // A cancelled job rejects with the reason it was cancelled for, even if it got to finish.
  _finish(job, msg) {
    if (job.cancel) {
      const error = cancelled(job.cancel);
      if (msg.error?.nodes !== undefined) error.nodes = msg.error.nodes;
      this._settle(job, error);
    } else if (msg.type === 'result') {
      if (this.timings.firstResult === null) this.timings.firstResult = performance.now() - this._t0;
      // Timed in the worker: the page's clock would add the wait for a busy main thread.
      if (typeof msg.ms === 'number') call(job.opts.onTime, msg.ms);
      this._settle(job, null, msg.result);
    } else {
      const error = new GlasshandError(msg.error.message, msg.error.code);
      if (msg.error.nodes !== undefined) error.nodes = msg.error.nodes;
      this._settle(job, error);
    }
  }

  _onMessage(worker, msg) {
    if (worker !== this._worker) return;
    const job = msg.id != null ? this._jobs.get(msg.id) : undefined;
    switch (msg.type) {
      case 'start':
        if (job) {
          job.total = msg.total;
          if (!job.cancel) call(job.opts.onStart);
        }
        break;
      case 'event':
        if (job && !job.cancel) dispatch(job, msg.event);
        break;
      case 'result':
      case 'error':
        this._unwatch(msg.id);
        if (this._running?.id === msg.id) this._running = null;
        if (job) this._finish(job, msg);
        this._pump();
        break;
      case 'panic':
        this.dispatchEvent(new CustomEvent('panic', { detail: { message: msg.message } }));
        this._restart(`the engine panicked: ${msg.message}`, msg.id ?? this._running?.id, msg.message);
        break;
      default:
        break;
    }
  }
}

// A job method never throws: whatever it is given, its promise settles (a request it cannot
// even read rejects with `bad-request`), and the solver goes on.
for (const name of ['table', 'tables', 'solve', 'analyse', 'inspect', 'par', 'play', 'single', 'probeThreads', 'bench']) {
  const method = Glasshand.prototype[name];
  Glasshand.prototype[name] = function guarded(...args) {
    try {
      return method.apply(this, args);
    } catch (e) {
      const failed = Promise.reject(new GlasshandError(`bad request: ${e && e.message}`, 'bad-request'));
      failed.id = 0;
      return failed;
    }
  };
}

const cancelled = (code) => new GlasshandError(code === 'replaced' ? 'replaced by a newer job' : 'stopped', code);

function dispatch(job, event) {
  const name = EVENT_CALLBACKS[event.type];
  for (const cb of [name && job.opts[name], job.opts.onEvent]) call(cb, event);
}

// A caller's callback: its errors are reported, never thrown into the solver's own code.
function call(cb, ...args) {
  if (typeof cb !== 'function') return;
  try {
    cb(...args);
  } catch (e) {
    report(e);
  }
}

function engineOptions(opts) {
  opts = opts && typeof opts === 'object' ? opts : {};
  const out = { ...(opts.options && typeof opts.options === 'object' ? opts.options : {}) };
  for (const k of ENGINE_KEYS) if (opts[k] !== undefined) out[k] = opts[k];
  return out;
}

function positionRequest(position, opts) {
  if (!position || typeof position !== 'object') {
    return { deal: String(position ?? ''), trump: '', leader: '' };
  }
  return {
    deal: position.deal,
    trump: position.trump ?? position.strain,
    leader: position.leader,
    trick: position.trick ?? [],
    options: engineOptions({ ...opts, ...(position.options || {}) }),
  };
}

export default Glasshand;
