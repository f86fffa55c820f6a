// The trace of the search through the JS API (`solver.trace`) in headless Chromium, both
// builds: the site's examples give the native `glasshand trace --json` answers (in camelCase),
// a whole run counts the nodes of a fresh `inspect`, the ablation options reach the search,
// and a position of more than 4 tricks is refused with its code.
// Run by tests/browser.sh (after web/build.sh and the native build).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { browserAndBothServers, REPO, solverPage } from './lib/harness.mjs';
import { TRACE_EXAMPLES } from '../../web/site/trace-examples.js';

const BIG = 'N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962';

/** The native command's answers, one per request. */
function native(requests) {
  const input = requests.map((r) => JSON.stringify(r)).join('\n');
  const out = execFileSync(join(REPO, 'target/release/glasshand'), ['trace', '--json'], { input });
  return out.toString().trim().split('\n').map((l) => JSON.parse(l));
}

/** A native answer's keys as the JS API writes them. */
function camel(value) {
  if (Array.isArray(value)) return value.map(camel);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(v)]));
}

const env = browserAndBothServers();
let expected;

before(() => {
  expected = native(TRACE_EXAMPLES);
});


/** Every example traced in the page, then the checks that need the page. */
function traceInPage(page, examples) {
  return page.evaluate(async ({ list, big }) => {
    const s = window.solver;
    const traces = [];
    for (const e of list) traces.push(await s.trace(e, { queue: true }));
    const run = list.find((e) => e.target === undefined);
    const inspected = await s.inspect(run, { queue: true, fresh: true });
    const off = await s.trace(run, { queue: true, tt: 'off' });
    const tooLarge = await s.trace({ deal: big, trump: 'S', leader: 'W' }).then(() => 'ok', (e) => e.code);
    return { traces, inspectNodes: inspected.total.nodes, runNodes: traces[list.indexOf(run)].nodes, off, tooLarge };
  }, { list: examples, big: BIG });
}

function check(got) {
  assert.equal(got.traces.length, TRACE_EXAMPLES.length);
  got.traces.forEach((trace, i) => {
    assert.deepEqual(trace, camel(expected[i]), `${TRACE_EXAMPLES[i].name}: the native trace`);
    const root = trace.root ?? trace.probes[0].root;
    assert.equal(typeof root.toMove, 'string');
    assert.equal(typeof root.targetNs, 'number');
  });
  assert.equal(got.runNodes, got.inspectNodes, 'a run counts the nodes of a fresh inspect');
  assert.ok(!JSON.stringify(got.off).includes('"probe"'), 'no table, no probes');
  assert.equal(got.off.tricks, got.traces[TRACE_EXAMPLES.findIndex((e) => e.target === undefined)].tricks);
  assert.equal(got.tooLarge, 'too-large-to-trace');
}

describe('trace', () => {
  test('cross-origin isolated page: threaded build', async () => {
    const { page, mode } = await solverPage(env.browser, env.isolated);
    assert.equal(mode, 'threaded');
    check(await traceInPage(page, TRACE_EXAMPLES));
    await page.close();
  });

  test('page without COOP/COEP: single-threaded build', async () => {
    const { page, mode } = await solverPage(env.browser, env.plain);
    assert.equal(mode, 'single');
    check(await traceInPage(page, TRACE_EXAMPLES));
    await page.close();
  });
});
