// Exact suit play through the JS API (`solver.suit`) in headless Chromium: both builds give
// the native `glasshand suit --json` answer, stream a `lead` event per opening lead, stop a
// long holding on request, and give bad holdings their codes.
// Run by tests/browser.sh (after web/build.sh and the native build).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { browserAndBothServers, describeBothBuilds, REPO } from './lib/harness.mjs';

// The Encyclopedia's AK987x / Jx (88% for five tricks, as corrected with SuitPlay), and
// AQ / xx with fewer vacant places for West.
const HOLDINGS = [
  { north: 'AK987x', south: 'Jx' },
  { north: 'AQ', south: 'xx', westVacant: 10, eastVacant: 13 },
];
// A tenth of a second or more of work natively, in several leads: a stop sent when the
// worker starts it (a message's round trip later) finds it running.
const LONG = { north: 'QT864', south: '2' };

/** The native command's answer, its keys as the JS API writes them. */
function native({ north, south, westVacant = 13, eastVacant = 13 }) {
  const args = ['suit', '--json', north, south, '--west-vacant', `${westVacant}`, '--east-vacant', `${eastVacant}`];
  const out = JSON.parse(execFileSync(join(REPO, 'target/release/glasshand'), args).toString());
  out.doubleDummy = out.double_dummy;
  delete out.double_dummy;
  for (const split of out.splits) {
    split.doubleDummy = split.double_dummy;
    delete split.double_dummy;
    split.byTarget = split.by_target;
    delete split.by_target;
  }
  return out;
}

const env = browserAndBothServers();
let expected;

before(() => {
  expected = HOLDINGS.map(native);
});


function analyse(page, request) {
  return page.evaluate(async (req) => {
    const leads = [];
    const progress = [];
    const result = await window.solver.suit(req, {
      onLead: (e) => leads.push(e.lead),
      onProgress: (e) => progress.push([e.done, e.total]),
    });
    return { result, leads, progress };
  }, request);
}

describeBothBuilds(env, 'solver.suit', (ctx) => {
  test('the native answers, a lead event per opening lead', async () => {
    for (const [i, request] of HOLDINGS.entries()) {
      const run = await analyse(ctx.page, request);
      assert.deepEqual(run.result, expected[i], `${request.north} / ${request.south}`);
      assert.ok(run.leads.length > 0);
      assert.deepEqual(run.progress.at(-1), [run.leads.length, run.leads.length]);
    }
    const five = expected[0].targets[4].probability;
    assert.equal(Math.round(100 * five), 88);
  });

  test('a long holding stops on request and the solver goes on', async () => {
    const r = await ctx.page.evaluate(async ([long, short]) => {
      // Not after a fixed delay: the holding got faster than any delay chosen for it.
      let started;
      const running = new Promise((resolve) => { started = resolve; });
      const job = window.solver.suit(long, { onStart: () => started() });
      const code = job.then(() => 'finished', (e) => e.code);
      await running;
      window.solver.stop(job);
      const next = await window.solver.suit(short);
      return { code: await code, next: next.targets.length };
    }, [LONG, HOLDINGS[0]]);
    assert.deepEqual(r, { code: 'stopped', next: 6 });
  });

  test('bad holdings get codes', async () => {
    const codes = await ctx.page.evaluate(async () => {
      const code = (req) => window.solver.suit(req).then(() => 'ok', (e) => e.code);
      return {
        twice: await code({ north: 'AKK', south: 'x' }),
        rank: await code({ north: 'AZ', south: 'x' }),
        none: await code({ north: '-', south: '' }),
        vacant: await code({ north: 'AK', south: 'x', westVacant: 3, eastVacant: 3 }),
        hard: await code({ north: 'KJ9753', south: '-' }),
      };
    });
    assert.deepEqual(codes, { twice: 'duplicate-card', rank: 'unknown-rank', none: 'no-cards', vacant: 'bad-vacant-places', hard: 'too-hard' });
    assert.deepEqual(ctx.page.problems, []);
  });
});
