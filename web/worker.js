// Glasshand's engine worker (a module worker). It loads one of the two wasm builds and runs
// or stops one job at a time, streaming its events. The scheduling (queue, latest wins per
// group, priority) is the API's alone (web/glasshand.js): it sends the next job only after
// the previous one has ended. The message protocol is in web/PROTOCOL.md.
//
// Threaded build: a job runs on the rayon pool (nested workers, wasm-bindgen-rayon) and this
// worker stays free: it awaits the job's signal in the shared memory (Atomics.waitAsync; a
// timer where the browser lacks it), takes the job's events, and handles `stop` at once by
// setting the job's stop flag in the shared memory.
// Single build: a job runs here in small steps (one strain of a table, …); between steps the
// worker yields to its event loop so that `stop` gets in. A step that runs too long to stop
// promptly is cut short by the API, which terminates and restarts the worker.

// How often a threaded job is looked at without a signal: the timer where there is no
// Atomics.waitAsync, and the check for a panic on a pool thread, which sends none.
const POLL_MS = 4;
const PANIC_CHECK_MS = 20;

let pkg = null; // the wasm-bindgen module of the chosen build
let mode = null; // 'threaded' | 'single'
let ready = false;
let dead = false; // after a panic: the module is unusable, wait to be terminated
const early = []; // messages that arrived before the module was ready
let current = null; // the running job: { id, job }

const post = (msg) => self.postMessage(msg);
const postError = (id, message, code) => post({ type: 'error', id, error: { message, code } });

/** The engine's answers and events come as JSON text in the schema's snake_case: one
 * `JSON.parse` is far faster than building a big answer (a suit line can be megabytes) object
 * by object across the wasm boundary. Keys become camelCase in place (a suit line's branches
 * are shown in their order), and a `null` field is left out. */
const fromEngine = (text) => JSON.parse(text, (key, value) => {
  if (value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (!keys.some((k) => k.includes('_'))) return value;
  const out = {};
  for (const k of keys) out[k.replace(/_(.)/g, (_, c) => c.toUpperCase())] = value[k];
  return out;
});

/** A suit answer's lines come as their distinct sub-plans (`plans`, crate/wasm/src/wire.rs),
 * each after the sub-plans it names by index; the targets and the average name their line's.
 * Put back, a sub-plan is one object wherever it recurs, and crosses to the page once (a
 * structured clone keeps shared objects shared): KT8642 / - sends 3,400 objects, not 1.5
 * million. A branch whose plan is the end of the play has none, as in the schema. */
const withSuitLines = ({ plans, ...answer }) => {
  const built = [];
  for (const p of plans) {
    if (p.play !== undefined) {
      built.push(p.then === undefined ? { play: p.play } : { play: p.play, then: built[p.then] });
    } else {
      const shows = {};
      for (const [cards, i] of Object.entries(p.shows)) shows[cards] = built[i];
      built.push({ seat: p.seat, shows });
    }
  }
  const put = (place) => ({ ...place, line: built[place.line] });
  return { ...answer, targets: answer.targets.map(put), average: put(answer.average) };
};

let debug = false; // init's `debug`: the `panic` kind (for the tests of recovery) is allowed
let initialising = false;

self.addEventListener('message', (e) => {
  const msg = e.data;
  // Every message that is not a well-formed one gets an error reply, and changes nothing.
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
    postError(null, `a message must be an object with a type, not ${describe(msg)}`, 'bad-message');
  } else if (msg.type === 'init') {
    if (initialising || ready) postError(null, 'init was already sent', 'bad-message');
    else init(msg);
  } else if (!ready) {
    early.push(msg);
  } else {
    handle(msg);
  }
});

// An uncaught error here or in a pool worker (a panic aborts with a trap there): report it
// as a panic, so that the API restarts this worker.
self.addEventListener('error', (e) => {
  e.preventDefault();
  fatal(e.message || String(e.error || 'uncaught error'));
});
self.addEventListener('unhandledrejection', (e) => {
  e.preventDefault();
  fatal(String(e.reason && e.reason.message ? e.reason.message : e.reason));
});

function fatal(message) {
  if (dead) return;
  dead = true;
  let panic = null;
  try {
    panic = pkg && pkg.takePanic();
  } catch {
    // The module may be in no state to answer.
  }
  post({ type: 'panic', id: current ? current.id : null, message: panic || message });
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'number' ? String(v) : typeof v);
const validId = (id) => Number.isSafeInteger(id) && id > 0;

async function init(msg) {
  const t0 = performance.now();
  initialising = true;
  debug = msg.debug === true;
  try {
    mode = msg.mode === 'threaded' ? 'threaded' : 'single';
    if (mode === 'threaded' && typeof Worker !== 'function') {
      throw new Error('nested workers are not available in this browser');
    }
    const base = msg.pkgBase ? new URL(msg.pkgBase, self.location.href) : new URL('./pkg/', import.meta.url);
    pkg = await import(new URL(`${mode}/glasshand.js`, base).href);
    // A compiled WebAssembly.Module from the API (so restarts skip compiling), else a URL.
    await pkg.default({ module_or_path: msg.module || new URL(`${mode}/glasshand_bg.wasm`, base) });
    pkg.setup();
    let threads = 1;
    if (mode === 'threaded') {
      const n = Math.max(1, Math.min(pkg.maxThreads(), Math.floor(msg.threads || 1)));
      await withTimeout(pkg.initThreadPool(n), msg.poolTimeoutMs || 20000, 'starting the thread pool');
      threads = pkg.threadCount();
      const probed = pkg.probeThreads();
      if (probed !== threads) throw new Error(`only ${probed} of ${threads} pool threads answered`);
    }
    ready = true;
    post({ type: 'ready', mode, threads, version: pkg.version(), ms: performance.now() - t0 });
    for (const m of early.splice(0)) handle(m);
  } catch (e) {
    post({ type: 'init-error', message: e && e.message ? e.message : String(e) });
  } finally {
    initialising = false;
  }
}

function handle(msg) {
  if (dead) return;
  if (msg.type === 'job') {
    if (!validId(msg.id)) postError(null, `a job's id must be a positive integer, not ${describe(msg.id)}`, 'bad-message');
    else if (current) postError(msg.id, `job ${current.id} is still running: send one job at a time`, 'busy');
    else if (typeof msg.kind !== 'string') postError(msg.id, `a job's kind must be a string, not ${describe(msg.kind)}`, 'bad-request');
    else if (msg.kind === 'panic' && !debug) postError(msg.id, "unknown kind 'panic'", 'bad-request');
    else run(msg);
  } else if (msg.type === 'stop') {
    if (current && (msg.id == null || msg.id === current.id)) current.job?.stop();
  } else {
    postError(validId(msg.id) ? msg.id : null, `unknown message type ${typeof msg.type === 'string' ? `'${msg.type}'` : describe(msg.type)}`, 'bad-message');
  }
}

// Lets queued messages (stop) run before the next step.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const yieldNow = () => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(null);
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The threaded job's signal: an i32 in the shared memory that the job moves on at each event
// and at its end. `seen` is its value before the last look at the job; resolves once it moves
// on, or after `PANIC_CHECK_MS`.
function signalOf(job) {
  const index = job.signalAddress() >> 2;
  const view = () => new Int32Array(pkg.wasmMemory().buffer); // the buffer changes as memory grows
  return {
    load: () => Atomics.load(view(), index),
    async wait(seen) {
      if (typeof Atomics.waitAsync !== 'function') return sleep(POLL_MS);
      const waited = Atomics.waitAsync(view(), index, seen, PANIC_CHECK_MS);
      if (waited.async) await waited.value;
    },
  };
}

function errorOf(e) {
  const error = { message: e && e.message ? e.message : String(e), code: (e && e.code) || 'error' };
  // A stopped inspect tells how many nodes it searched.
  if (e && typeof e.nodes === 'number') error.nodes = e.nodes;
  return error;
}

// A trap (a Rust panic aborts with `unreachable`) leaves the module unusable.
const isTrap = (e) => e instanceof WebAssembly.RuntimeError;

function throwIfPanicked() {
  const p = pkg.takePanic();
  if (p) throw Object.assign(new Error(p), { panic: true });
}

async function run(msg) {
  current = { id: msg.id, job: null };
  const t0 = performance.now();
  const onEvent = (event) => post({ type: 'event', id: msg.id, event: event });
  try {
    let result;
    if (msg.kind === 'probe') {
      post({ type: 'start', id: msg.id, total: 1 });
      result = { mode, threads: pkg.threadCount(), running: pkg.probeThreads(), memoryBytes: pkg.memoryBytes() };
    } else if (msg.kind === 'panic') {
      // For the tests of recovery: panic on purpose (request.pool: on a pool thread).
      post({ type: 'start', id: msg.id, total: 1 });
      pkg.debugPanic(Boolean(msg.request && msg.request.pool));
      // On the pool, the panic shows up while we wait.
      for (;;) {
        await sleep(POLL_MS);
        throwIfPanicked();
      }
    } else {
      const job = new pkg.Job(msg.kind, msg.request ?? {});
      current.job = job;
      post({ type: 'start', id: msg.id, total: job.total });
      if (mode === 'threaded') {
        const signal = signalOf(job);
        job.start();
        for (;;) {
          const seen = signal.load();
          throwIfPanicked();
          const { events, done } = job.poll();
          for (const ev of fromEngine(events)) onEvent(ev);
          if (done) {
            result = fromEngine(job.result());
            break;
          }
          await signal.wait(seen);
        }
      } else {
        for (;;) {
          const out = job.step((text) => onEvent(fromEngine(text)));
          if (out !== undefined) {
            result = fromEngine(out);
            break;
          }
          await yieldNow();
        }
      }
    }
    // The bench signature says which build counted it (a Job on a fresh solver of its own).
    if (msg.kind === 'bench') result = { mode, ...result };
    if (msg.kind === 'suit') result = withSuitLines(result);
    post({ type: 'result', id: msg.id, result: result, ms: performance.now() - t0 });
  } catch (e) {
    if (e && (e.panic || isTrap(e))) {
      fatal(e.message);
      return;
    }
    post({ type: 'error', id: msg.id, error: errorOf(e) });
  } finally {
    if (!dead) {
      try {
        current.job?.free();
      } catch {
        // Already freed by a failed step.
      }
      current = null;
    }
  }
}
