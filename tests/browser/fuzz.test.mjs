// A seeded fuzz of the worker protocol (web/worker.js) and of the JS API (web/glasshand.js)
// in headless Chromium, single build: random and malformed messages and requests (wrong
// types, missing fields, huge inputs), stops at random moments. Each bad one must get an
// error with a code, and the good request after it the ground-truth answer (tests/data).
// Bounded in time (FUZZ_SECONDS, default 15 per part); FUZZ_SEED picks the sequence.
//
//   node --test tests/browser/fuzz.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { browserAndServer, DATA, openPage, readJsonl } from './lib/harness.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 15);
const TABLES = readJsonl(join(DATA, 'tables.jsonl'));
// Deals DDS solves in a few milliseconds: the good requests between the bad ones.
const GOOD = [329, 425, 345, 152].map((i) => TABLES[i]);

const env = browserAndServer({ isolation: false });

// Runs in the page: the generator of bad values, seeded (a small xorshift).
const FUZZ_LIB = `
window.fuzzRandom = (seed) => {
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
  const int = (n) => Math.floor(next() * n);
  const pick = (xs) => xs[int(xs.length)];
  const deal = 'N:AK.76.A85.AKQT95 J7632.T83.974.62 QT985.K4.KQJ3.84 4.AQJ952.T62.J73';
  const junk = () => pick([
    undefined, null, 0, -1, 1.5, NaN, Infinity, 2 ** 53, '', 'x', '🂡', true, [], [1, 'a'], {}, { deal: 5 },
    'N:' + 'A'.repeat(100000), deal.slice(0, int(deal.length)), deal.replace('A', 'Z'), deal + ' ' + deal,
    { toString: 'nope' }, Array(10000).fill('SA'), 'N:AK.76.A85 J7632.T83.974.62',
  ]);
  const value = () => (next() < 0.5 ? junk() : pick([deal, 'NT', 'S', 'W', ['SA'], 'SA', 16, { hcp: [1, 40] }]));
  const object = () => {
    const o = {};
    for (const k of ['deal', 'deals', 'trump', 'strain', 'leader', 'trick', 'play', 'known', 'contract', 'declarer',
      'samples', 'seed', 'constraints', 'dealer', 'vulnerability', 'options']) if (next() < 0.4) o[k] = value();
    if (next() < 0.3) o.options = pick([{ ttMegabytes: pick([0, 65, -3, 'big', 1e9]) }, { tt: 'nope' }, { quickTricks: 'yes' }, 7]);
    return o;
  };
  return { next, int, pick, junk, value, object };
};`;

test('the worker protocol: every bad message gets an error with a code; the next good job is answered', async () => {
  const page = await openPage(env.browser, env.server);
  try {
    await page.addScriptTag({ content: FUZZ_LIB });
    const r = await page.evaluate(async ({ seed, ms, good }) => {
      const f = window.fuzzRandom(seed);
      const worker = new Worker('/web/worker.js', { type: 'module' });
      const messages = [];
      worker.onmessage = (e) => messages.push(e.data);
      const waitFor = (pred, timeout = 20000) => new Promise((resolve, reject) => {
        const end = performance.now() + timeout;
        const look = () => {
          const i = messages.findIndex(pred);
          if (i >= 0) resolve(messages.splice(i, 1)[0]);
          else if (performance.now() > end) reject(new Error(`no reply: ${pred}`));
          else setTimeout(look, 2);
        };
        look();
      });
      const ended = (id) => waitFor((m) => m.id === id && (m.type === 'result' || m.type === 'error'));
      worker.postMessage({ type: 'init', mode: 'single' });
      await waitFor((m) => m.type === 'ready');
      const kinds = ['table', 'tables', 'solve', 'analyse', 'inspect', 'par', 'play', 'single', 'probe', 'nope', 'panic', 'bench'];
      const bad = [];
      const wrong = [];
      let id = 0;
      let rounds = 0;
      const end = performance.now() + ms;
      while (performance.now() < end) {
        rounds++;
        const shape = f.int(6);
        if (shape === 0) {
          // Not a message at all, or one without a known type: an error reply without an id.
          worker.postMessage(f.pick([null, 5, 'job', [], { type: f.junk() }, { type: 'init', mode: 'single' }]));
          const m = await waitFor((m) => m.type === 'error' && m.id == null);
          if (!m.error.code) wrong.push(m);
          bad.push(m.error.code);
        } else if (shape === 1) {
          // A job with a bad id.
          worker.postMessage({ type: 'job', id: f.pick([0, -1, 1.5, 'a', null, undefined]), kind: 'table', request: {} });
          const m = await waitFor((m) => m.type === 'error' && m.error.code === 'bad-message');
          bad.push(m.error.code);
        } else {
          // A job of a random (or unknown) kind with a random request; perhaps stopped at once,
          // after a while, or never. Bench (seconds, unstoppable) keeps its request small.
          const kind = f.pick(kinds);
          const myId = ++id;
          const request = kind === 'bench' ? f.junk() : f.next() < 0.15 ? f.junk() : f.object();
          worker.postMessage({ type: 'job', id: myId, kind: kind === 'bench' ? 'bench-x' : kind, request });
          const when = f.int(3);
          let stopped = null;
          if (when === 0) worker.postMessage({ type: 'stop', id: myId });
          else if (when === 1) {
            // A stop a little later, of this job or of whichever runs (a junk id); it lands
            // before the next job is sent, since a stop without an id stops that one too.
            const stop = { type: 'stop', id: f.next() < 0.5 ? myId : f.junk() };
            stopped = new Promise((resolve) => setTimeout(() => resolve(worker.postMessage(stop)), f.int(20)));
          }
          const m = await ended(myId);
          await stopped;
          if (m.type === 'error') {
            if (typeof m.error.code !== 'string' || !m.error.code) wrong.push(m);
            bad.push(m.error.code);
          }
        }
        // Then a good job, which must be answered with the ground truth.
        if (rounds % 5 === 0) {
          const g = good[rounds % good.length];
          const myId = ++id;
          worker.postMessage({ type: 'job', id: myId, kind: 'table', request: { deal: g.deal } });
          const m = await ended(myId);
          if (m.type !== 'result' || JSON.stringify(m.result.tricks) !== JSON.stringify(g.tricks)) wrong.push({ good: g.deal, m });
        }
      }
      worker.terminate();
      return { rounds, codes: [...new Set(bad)].sort(), wrong, panics: messages.filter((m) => m.type === 'panic') };
    }, { seed: SEED, ms: SECONDS * 1000, good: GOOD });
    assert.deepEqual(r.wrong, [], 'every error has a code; every good job the ground truth');
    assert.deepEqual(r.panics, [], 'no message panics the engine');
    assert.ok(r.rounds >= 50, `${r.rounds} rounds`);
    for (const code of ['bad-message', 'bad-request']) assert.ok(r.codes.includes(code), `${code} among ${r.codes}`);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.closeAll();
  }
});

test('the JS API: bad calls reject with a code, never throw; random stops; the solver goes on', async () => {
  const page = await openPage(env.browser, env.server);
  try {
    await page.addScriptTag({ content: FUZZ_LIB });
    const r = await page.evaluate(async ({ seed, ms, good }) => {
      const f = window.fuzzRandom(seed + 1);
      const { Glasshand } = await import('/web/glasshand.js');
      const solver = await Glasshand.create({ mode: 'single' });
      const methods = ['table', 'tables', 'solve', 'analyse', 'inspect', 'par', 'play', 'single'];
      const wrong = [];
      const codes = new Set();
      let rounds = 0;
      const end = performance.now() + ms;
      while (performance.now() < end) {
        rounds++;
        const name = f.pick(methods);
        const opts = f.next() < 0.5 ? f.pick([null, 5, 'x', [], { queue: f.junk(), group: f.junk(), priority: f.junk() },
          { signal: f.junk(), onEntry: 5, onCard: 'x', onProgress: {} }, { ttMegabytes: f.junk(), tt: f.junk() }]) : undefined;
        const args = f.next() < 0.5 ? [f.junk(), opts] : [f.object(), opts];
        if (name === 'tables' && f.next() < 0.5) args[0] = [f.junk(), f.value()];
        let job;
        try {
          job = solver[name](...args);
        } catch (e) {
          wrong.push(`${name} threw ${e && e.message}`);
          continue;
        }
        if (f.next() < 0.3) setTimeout(() => solver.stop(job), f.int(10));
        try {
          await job;
        } catch (e) {
          if (typeof e.code !== 'string' || !e.code) wrong.push(`${name}: error without code: ${e && e.message}`);
          codes.add(e.code);
        }
        if (rounds % 5 === 0) {
          const g = good[rounds % good.length];
          const t = await solver.table(g.deal).catch((e) => ({ error: e.message }));
          if (JSON.stringify(t.tricks) !== JSON.stringify(g.tricks)) wrong.push({ good: g.deal, got: t });
        }
      }
      const state = solver.state;
      solver.destroy();
      return { rounds, wrong, codes: [...codes].sort(), state };
    }, { seed: SEED, ms: SECONDS * 1000, good: GOOD });
    assert.deepEqual(r.wrong, []);
    assert.ok(r.rounds >= 50, `${r.rounds} rounds`);
    assert.ok(r.codes.includes('bad-request'), `codes: ${r.codes}`);
    assert.notEqual(r.state, 'failed');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.closeAll();
  }
});
