// Glasshand's engine worker (a module worker). It loads one of the two wasm builds, runs
// jobs one at a time and streams their events. The message protocol is in web/PROTOCOL.md;
// web/glasshand.js is the JS API on top of it.
//
// Threaded build: a job runs on the rayon pool (nested workers, wasm-bindgen-rayon) and this
// worker stays free: it polls the job every few milliseconds and handles `stop` and new
// jobs at once by setting the job's stop flag in the shared memory.
// Single build: a job runs here in small steps (one strain of a table, …); between steps the
// worker yields to its event loop so that `stop` and new jobs get in. A step that runs too
// long to stop promptly is cut short by the API, which terminates and restarts the worker.

const POLL_MS = 4;

let pkg = null; // the wasm-bindgen module of the chosen build
let mode = null; // 'threaded' | 'single'
let ready = false;
let dead = false; // after a panic: the module is unusable, wait to be terminated
const early = []; // messages that arrived before the module was ready
const queue = []; // jobs waiting: the `job` messages themselves
let current = null; // { msg, job, stop: null | 'stopped' | 'replaced' }

const post = (msg) => self.postMessage(msg);

self.addEventListener('message', (e) => {
  const msg = e.data;
  if (!msg || typeof msg !== 'object') return;
  if (msg.type === 'init') {
    init(msg);
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
  post({ type: 'panic', id: current ? current.msg.id : null, message: panic || message });
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

async function init(msg) {
  const t0 = performance.now();
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
    let probed = 1;
    if (mode === 'threaded') {
      const n = Math.max(1, Math.floor(msg.threads || 1));
      await withTimeout(pkg.initThreadPool(n), msg.poolTimeoutMs || 20000, 'starting the thread pool');
      threads = pkg.threadCount();
      probed = pkg.probeThreads();
      if (probed !== threads) throw new Error(`only ${probed} of ${threads} pool threads answered`);
    }
    ready = true;
    post({
      type: 'ready',
      mode,
      threads,
      version: pkg.version(),
      ms: performance.now() - t0,
    });
    for (const m of early.splice(0)) handle(m);
  } catch (e) {
    post({ type: 'init-error', message: e && e.message ? e.message : String(e) });
  }
}

function handle(msg) {
  if (dead) return;
  switch (msg.type) {
    case 'job':
      onJob(msg);
      break;
    case 'stop':
      onStop(msg.id);
      break;
    default:
      post({ type: 'error', id: msg.id ?? null, error: { message: `unknown message type '${msg.type}'`, code: 'bad-message' } });
  }
}

const replaces = (incoming, other) => !incoming.queue && !other.queue && (other.group ?? '') === (incoming.group ?? '');

function onJob(msg) {
  // Latest wins: a job without `queue` replaces the earlier such jobs of its group,
  // waiting or running. Queued jobs are never replaced, only stopped.
  if (!msg.queue) {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (replaces(msg, queue[i])) {
        const [old] = queue.splice(i, 1);
        post({ type: 'error', id: old.id, error: { message: 'replaced by a newer job', code: 'replaced' } });
      }
    }
    if (current && !current.stop && replaces(msg, current.msg)) {
      current.stop = 'replaced';
      current.job?.stop();
    }
  }
  queue.push(msg);
  pump();
}

function onStop(id) {
  const all = id === undefined || id === null;
  for (let i = queue.length - 1; i >= 0; i--) {
    if (all || queue[i].id === id) {
      const [old] = queue.splice(i, 1);
      post({ type: 'error', id: old.id, error: { message: 'stopped', code: 'stopped' } });
    }
  }
  if (current && !current.stop && (all || current.msg.id === id)) {
    current.stop = 'stopped';
    current.job?.stop();
  }
}

// Lets queued messages (stop, new jobs) run before the next step.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const yieldNow = () => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(null);
});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function errorOf(e) {
  const error = { message: e && e.message ? e.message : String(e), code: (e && e.code) || 'error' };
  // A stopped inspect tells how many nodes it searched.
  if (e && typeof e.nodes === 'number') error.nodes = e.nodes;
  return error;
}

// A trap (a Rust panic aborts with `unreachable`) leaves the module unusable.
const isTrap = (e) => e instanceof WebAssembly.RuntimeError;

async function pump() {
  if (current || dead || queue.length === 0) return;
  const msg = queue.shift();
  current = { msg, job: null, stop: null };
  const t0 = performance.now();
  const onEvent = (event) => post({ type: 'event', id: msg.id, event });
  try {
    let result;
    if (msg.kind === 'probe') {
      post({ type: 'start', id: msg.id, total: 1 });
      result = { mode, threads: pkg.threadCount(), running: pkg.probeThreads(), memoryBytes: pkg.memoryBytes() };
    } else if (msg.kind === 'bench') {
      // The bench signature (`glasshand bench`): the bench deals' DD tables on this thread, a fresh
      // solver of the engine's default configuration. One blocking call of seconds: stop
      // cannot get in, so the API's watchdog restarts the worker instead.
      const deals = [];
      post({ type: 'start', id: msg.id, total: 1 });
      const nodes = pkg.benchSignature((index, count) => {
        deals.push(count);
        onEvent({ type: 'deal', index, nodes: count });
      });
      result = { mode, nodes, deals };
    } else if (msg.kind === 'panic') {
      // For the tests of recovery: panic on purpose (request.pool: on a pool thread).
      post({ type: 'start', id: msg.id, total: 1 });
      pkg.debugPanic(Boolean(msg.request && msg.request.pool));
      // On the pool, the panic shows up while we wait.
      for (;;) {
        await sleep(POLL_MS);
        const p = pkg.takePanic();
        if (p) throw Object.assign(new Error(p), { panic: true });
      }
    } else {
      const job = new pkg.Job(msg.kind, msg.request ?? {});
      current.job = job;
      post({ type: 'start', id: msg.id, total: job.total });
      if (mode === 'threaded') {
        job.start();
        for (;;) {
          await sleep(POLL_MS);
          const p = pkg.takePanic();
          if (p) throw Object.assign(new Error(p), { panic: true });
          const { events, done } = job.poll();
          for (const ev of events) onEvent(ev);
          if (done) {
            result = job.result();
            break;
          }
        }
      } else {
        for (;;) {
          result = job.step(onEvent);
          if (result !== undefined) break;
          await yieldNow();
        }
      }
    }
    post({ type: 'result', id: msg.id, result, ms: performance.now() - t0 });
  } catch (e) {
    if (e && (e.panic || isTrap(e))) {
      fatal(e.message);
      return;
    }
    const error = errorOf(e);
    if (error.code === 'stopped' && current.stop === 'replaced') {
      error.code = 'replaced';
      error.message = 'replaced by a newer job';
    }
    post({ type: 'error', id: msg.id, error });
  } finally {
    if (!dead) {
      try {
        current.job?.free();
      } catch {
        // Already freed by a failed step.
      }
      current = null;
      pump();
    }
  }
}
