// Single-dummy analysis through the JS API (`solver.single`) in headless Chromium: both builds
// give the native `glasshand single --json` numbers for the same seed, estimates stream as
// samples complete, stop and replace work, and bad requests get codes.
// Run by tests/browser.sh (after web/build.sh and the native build).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { browserAndBothServers, describeBothBuilds, REPO } from './lib/harness.mjs';

// Issue 19's opening lead, with few samples: every one a whole deal to solve.
const LEAD = {
  known: { W: 'KQ53.T97.A864.J2' },
  contract: '4S',
  declarer: 'S',
  played: [],
  constraints: { N: { hcp: [10, 15] }, S: { hcp: [15, 17], S: [5, 7] } },
  samples: 12,
  seed: 1,
};
// Seven tricks of notrump, West to follow to South's D4 with North known too: 462 layouts,
// all of them listed when the samples asked for are more.
const ENDING = {
  known: { W: 'AKQJ.T98.765.432', N: '852.J52.QT2.9876' },
  trump: 'NT',
  leader: 'W',
  played: ['SA', 'S2', 'S3', 'S4', 'SK', 'S5', 'S6', 'S7', 'SQ', 'S8', 'S9', 'ST', 'SJ', 'H2', 'H3', 'H4',
    'HT', 'H5', 'H6', 'H7', 'H9', 'HJ', 'HQ', 'HK', 'HA', 'H8', 'D2', 'D3', 'D4'],
  samples: 1000,
  seed: 2,
};

/** The native command's answers, one per request. */
function native(requests) {
  const input = requests.map((r) => JSON.stringify(r)).join('\n');
  const out = execFileSync(join(REPO, 'target/release/glasshand'), ['single', '--json', '--threads', '2'], { input });
  return out.toString().trim().split('\n').map((l) => JSON.parse(l));
}

const env = browserAndBothServers();
let expected;

before(() => {
  expected = native([LEAD, ENDING]);
});


/** Runs a request, recording every callback. */
function analyse(page, request) {
  return page.evaluate(async (req) => {
    const progress = [];
    const cards = [];
    const t0 = performance.now();
    const result = await window.solver.single(req, {
      onProgress: (done, total) => progress.push([done, total]),
      onCard: (card, estimate) => cards.push([card, estimate]),
    });
    return { result, progress, cards, ms: performance.now() - t0 };
  }, request);
}

function checkAgainstNative(run, want) {
  const { deals, ...numbers } = run.result;
  const { deals: nativeDeals, ...wanted } = want;
  assert.deepEqual(numbers, wanted, 'the native numbers for the same seed');
  assert.equal(deals.length, Math.min(8, want.samples));
  // The native command shows the same first deals (it has since the CLI runs the engine's tasks).
  if (nativeDeals) assert.deepEqual(deals, nativeDeals, 'the native deals for the same seed');
  return deals;
}

function checkStreaming(run) {
  const n = run.result.samples;
  assert.deepEqual(run.progress, Array.from({ length: n }, (_, i) => [i + 1, n]), 'an estimate per sample, in order');
  const names = Object.keys(run.result.cards);
  assert.equal(run.cards.length, n * names.length, 'every card at every estimate');
  const last = run.cards.slice(-names.length);
  assert.deepEqual(last.map(([card]) => card), names);
  for (const [card, estimate] of last) assert.deepEqual(estimate, { ...run.result.cards[card], samples: n });
}

async function stopAndReplace(page) {
  return page.evaluate(async (req) => {
    const long = { ...req, samples: 5000 };
    const code = (p) => p.then(() => 'ok', (e) => e.code);
    // Replaced by a newer job of its group once its first estimate is in.
    let first;
    const started = new Promise((resolve) => {
      first = window.solver.single(long, { group: 'lead', onProgress: resolve });
    });
    const firstCode = code(first);
    await started;
    const second = window.solver.single({ ...req, samples: 3 }, { group: 'lead' });
    // Stopped through an AbortSignal.
    const controller = new AbortController();
    let third;
    const running = new Promise((resolve) => {
      third = window.solver.single(long, { queue: true, signal: controller.signal, onProgress: resolve });
    });
    const thirdCode = code(third);
    await running;
    const t0 = performance.now();
    controller.abort();
    const stopped = await thirdCode;
    const stopMs = performance.now() - t0;
    return { first: await firstCode, second: (await second).samples, stopped, stopMs };
  }, LEAD);
}

async function badRequests(page) {
  return page.evaluate(async ([lead, ending]) => {
    const code = (req) => window.solver.single(req).then(() => 'ok', (e) => `${e.code}: ${e.message}`);
    const cases = {
      noLayout: { ...lead, constraints: { E: { S: [10, 13] } } },
      zeroSamples: { ...lead, samples: 0 },
      unknownSeat: { ...lead, known: { X: lead.known.W } },
      heldElsewhere: { ...lead, played: ['SK', 'SQ'] },
      noContract: { known: lead.known, samples: 3 },
      notAnObject: null,
    };
    const out = {};
    for (const [name, req] of Object.entries(cases)) out[name] = await code(req);
    out.after = (await window.solver.single(ending)).exact;
    return out;
  }, [LEAD, ENDING]);
}

function checkBadRequests(r) {
  const codes = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v.split(':')[0] : v]));
  assert.deepEqual(codes, {
    noLayout: 'no-layout',
    zeroSamples: 'bad-request',
    unknownSeat: 'unknown-seat',
    heldElsewhere: 'held-elsewhere',
    noContract: 'bad-request',
    notAnObject: 'bad-request',
    after: true,
  }, JSON.stringify(r));
  assert.match(r.noLayout, /layout/);
}

describeBothBuilds(env, 'solver.single', (ctx) => {
  test('an opening lead gives the native numbers for the same seed, streaming an estimate per sample', async (t) => {
    const run = await analyse(ctx.page, LEAD);
    t.diagnostic(`${LEAD.samples} samples in ${run.ms.toFixed(0)} ms`);
    const deals = checkAgainstNative(run, expected[0]);
    for (const deal of deals) assert.match(deal, /^N:\S+ \S+ \S+ \S+$/);
    assert.ok(deals.every((d) => d.split(' ')[3] === LEAD.known.W), 'West as known in every deal');
    checkStreaming(run);
  });

  test('a small ending is enumerated: exact, and the native numbers', async () => {
    const run = await analyse(ctx.page, ENDING);
    assert.equal(run.result.exact, true);
    assert.equal(run.result.samples, 462);
    checkAgainstNative(run, expected[1]);
    checkStreaming(run);
  });

  test('a newer job of the group replaces a running one; an AbortSignal stops one', async (t) => {
    const r = await stopAndReplace(ctx.page);
    t.diagnostic(`stopped in ${r.stopMs.toFixed(0)} ms`);
    assert.deepEqual([r.first, r.second, r.stopped], ['replaced', 3, 'stopped'], JSON.stringify(r));
  });

  test('bad requests get errors with codes and the solver goes on', async () => {
    checkBadRequests(await badRequests(ctx.page));
    assert.deepEqual(ctx.page.problems, []);
  });
});
