// The site's single-dummy panel on the default deal (3NT by North, East on lead): the run
// stops once the best card is settled and says so, the panel says when single dummy and
// double dummy pick different cards, and the constraint fields name what is wrong with them.
// The engine's side of these (the rule, the policy) is tested in crate/tests/single_dummy.rs.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './lib/harness.mjs';

const STATE = '/web/site/state.js';
const SHOTS = process.env.SHOTS_DIR;

describe('single dummy on the site: settled runs, the lesson, constraint errors', () => {
  let server;
  let browser;
  let errors = [];
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    assert.deepEqual(errors, [], 'no page errors');
  });

  async function open(contextOptions = { viewport: { width: 1366, height: 768 } }) {
    let context = await browser.newContext(contextOptions);
    let page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}index.html`);
    await page.waitForFunction(() => document.body.dataset.engine && document.body.dataset.engine !== 'loading', null, { timeout: 60000 });
    return page;
  }

  test('the default deal’s opening lead stops early, says so, and says where double dummy differs', async () => {
    let page = await open();
    await page.click('#single-run');
    await page.waitForFunction(() => document.body.dataset.single === 'done', null, { timeout: 300000 });
    let { result, request, analysis } = await page.evaluate(async (url) => {
      let { site } = await import(url);
      await site.analyse();
      let run = site.singleRun;
      return { result: run.result, request: run.request, analysis: { tricks: site.analysis().tricks } };
    }, STATE);
    assert.equal(request.stopWhenSettled, true);
    assert.equal(request.samples, 200);
    assert.ok(result.settled, 'the default deal settles');
    assert.ok(result.samples >= 32 && result.samples < 200, `${result.samples} samples`);
    assert.equal(result.settled.of, 200);
    // The settled card is the panel's best row, and beats every other card by `by` or more.
    let best = await page.$$eval('#single-table tr.gh-sd-best', (rs) => rs.map((r) => r.dataset.card));
    assert.deepEqual(best.sort(), [...result.settled.best].sort());
    let top = result.cards[result.settled.best[0]].tricks;
    for (let [card, e] of Object.entries(result.cards)) {
      if (!result.settled.best.includes(card)) assert.ok(top - e.tricks >= result.settled.by - 1e-9, card);
    }
    let status = await page.textContent('#single-status');
    let m = status.match(/^Settled after (\d+) of 200 samples: (\S+)(?: \(equal on every sample\))? is best by ([\d.]+) tricks \(±([\d.]+)\)\./);
    assert.ok(m, status);
    assert.equal(Number(m[1]), result.samples);
    assert.equal(Number(m[3]), Number(result.settled.by.toFixed(2)));
    assert.equal(Number(m[4]), Number(result.settled.stderr.toFixed(2)));
    // Double dummy leads another card: the sentence names it and the difference.
    let ddTop = Math.max(...Object.values(analysis.tricks));
    let ddBest = Object.keys(analysis.tricks).filter((c) => analysis.tricks[c] === ddTop);
    assert.ok(!ddBest.some((c) => result.settled.best.includes(c)), `DD ${ddBest}, SD ${result.settled.best}`);
    let lesson = await page.textContent('#single-lesson');
    assert.ok(await page.isVisible('#single-lesson'));
    let l = lesson.match(/^Double dummy would lead the (\S+) \(it sees the hands\); not seeing them, the (\S+) takes ([\d.]+) tricks more on average over (\d+) deals\. That is the lesson/);
    assert.ok(l, lesson);
    let symbol = { S: '♠', H: '♥', D: '♦', C: '♣' };
    let text = (c) => symbol[c[0]] + (c[1] === 'T' ? '10' : c[1]);
    assert.equal(l[1], ddBest.map(text).join('/'));
    assert.equal(l[2], result.settled.best.map(text).join('/'));
    let gain = top - result.cards[ddBest[0]].tricks;
    assert.equal(l[3], gain.toFixed(2));
    assert.equal(Number(l[4]), result.samples);
    if (SHOTS) await page.locator('#single').screenshot({ path: join(SHOTS, 'single-settled-laptop.png') });
    await page.context().close();
  });

  test('the streamed estimates say the run settled, as the answer does', async () => {
    let page = await open();
    let { events, answer } = await page.evaluate(async (url) => {
      let { site } = await import(url);
      // North, declaring 3NT, to lead to the second trick, seeing dummy: cheap samples.
      let request = {
        known: { N: '7654.AK5.QJ4.A64', S: 'A83.Q9763.K9.T98' }, contract: '3NT', declarer: 'N',
        played: ['CK', 'C8', 'C2', 'CA'], samples: 400, seed: 5, stopWhenSettled: true,
      };
      let events = [];
      let answer = await site.solver.single(request, { queue: true, onEstimate: (e) => events.push(e) });
      return { events: events.map((e) => ({ samples: e.samples, settled: e.settled ?? null })), answer };
    }, STATE);
    assert.ok(answer.settled && answer.samples < 400, JSON.stringify(answer.settled));
    let last = events.at(-1);
    assert.deepEqual(last, { samples: answer.samples, settled: answer.settled });
    assert.ok(events.slice(0, -1).every((e) => e.settled === null), 'only the last estimate is settled');
    await page.context().close();
  });

  test('constraint fields name a reversed range and a non-number; the engine names a reversed range', async () => {
    let page = await open();
    let fill = async (id, value) => {
      await page.fill(id, value);
      await page.dispatchEvent(id, 'change');
    };
    await fill('#sd-N-hcp-lo', '20');
    await fill('#sd-N-hcp-hi', '10');
    assert.equal(await page.textContent('#sd-N-hcp-lo-error'), 'The HCP range 20–10 is reversed: the lower bound comes first');
    assert.equal(await page.getAttribute('#sd-N-hcp-hi', 'aria-invalid'), 'true');
    await page.click('#single-run');
    assert.match(await page.textContent('#single-status'), /^Not run: North: The HCP range 20–10 is reversed/);
    assert.equal(await page.evaluate(() => document.body.dataset.single), 'idle');
    await fill('#sd-N-hcp-hi', 'ab'); // the fields take two characters
    assert.equal(await page.textContent('#sd-N-hcp-lo-error'), '‘ab’ is not a number of HCP');
    await fill('#sd-N-S-lo', '14');
    assert.equal(await page.textContent('#sd-N-S-lo-error'), '14 is too many ♠ cards: at most 13');
    await fill('#sd-N-hcp-hi', '22');
    await fill('#sd-N-S-lo', '');
    assert.equal(await page.locator('.sd-field-error').count(), 0);
    assert.equal(await page.getAttribute('#sd-N-hcp-hi', 'aria-invalid'), null);
    let constraints = await page.evaluate(async (url) => (await import(url)).singleRequest().constraints, STATE);
    assert.deepEqual(constraints, { N: { hcp: [20, 22] } });
    // A request that reaches the engine reversed gets the same words.
    let error = await page.evaluate(async (url) => {
      let { site } = await import(url);
      let request = { known: { E: 'QT9.T4.T86532.K3' }, contract: '3NT', declarer: 'N', constraints: { N: { hcp: [20, 10] } }, samples: 10 };
      return site.solver.single(request, { queue: true }).then(() => null, (e) => ({ code: e.code, message: e.message }));
    }, STATE);
    assert.equal(error?.code, 'bad-request');
    assert.match(error.message, /hcp range \[20, 10\] is reversed: the lower bound comes first/);
    await page.context().close();
  });

  test('on a phone the constraints table shows that it scrolls', async () => {
    let page = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await page.locator('#single-constraints').scrollIntoViewIfNeeded();
    let box = page.locator('#single-constraints .sd-constraints-box');
    // Three hidden hands' six ranges do not fit 390 px: the table scrolls, and says so.
    assert.ok(await box.evaluate((b) => b.scrollWidth > b.clientWidth + 1), 'the table is wider than the phone');
    assert.ok(await box.evaluate((b) => b.classList.contains('overflows')));
    assert.ok(await page.isVisible('.sd-scroll-hint'));
    assert.equal(await page.textContent('.sd-scroll-hint'), 'scroll →');
    // Scrolled to its end, the fading edge goes.
    await box.evaluate((b) => b.scrollTo({ left: b.scrollWidth }));
    await page.waitForFunction(() => document.querySelector('#single-constraints .sd-constraints-box').classList.contains('scrolled-end'));
    await box.evaluate((b) => b.scrollTo({ left: 0 }));
    if (SHOTS) await page.locator('#single').screenshot({ path: join(SHOTS, 'single-phone.png') });
    // Wide enough, no hint.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForFunction(() => !document.querySelector('#single-constraints .sd-constraints-box').classList.contains('overflows'));
    assert.equal(await page.isVisible('.sd-scroll-hint'), false);
    await page.context().close();
  });
});

if (SHOTS) mkdirSync(SHOTS, { recursive: true });
