// The site's suit-play panel (#suit-play, web/site/suit.js) in headless Chromium, on both
// servers: the lesson AJ2 / K103 gives the solver's own answer (computed in a separate page
// of that build) and the published 50%, the fusion sentence has the solver's numbers, the
// splits table has a row per split, walking the line narrows the layouts, a bad holding
// says so until the input changes, a long holding stops on request, and "take this deal's ♠" fills in the deal's cards.
//
//   node --test tests/browser/suit-site.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePbnDeal } from '../../web/board/bridge.js';
import { suitOfDeal } from '../../web/board/suit.js';
import { browserAndBothServers, describeBothBuilds, openPage } from './lib/harness.mjs';

const env = browserAndBothServers();
const LESSON = { north: 'AJ2', south: 'K103' };

describeBothBuilds(env, 'the suit-play panel', (ctx) => {
  let site;
  let expected;

  test('the lesson: the solver’s answer, the published 50%, the sentence, every split', async () => {
    expected = await ctx.page.evaluate((req) => window.solver.suit(req), LESSON);
    site = await openPage(env.browser, { url: new URL('/', ctx.page.url()).href }, 'index.html', { contextOptions: { viewport: { width: 1366, height: 768 } } });
    await site.waitForSelector('#suit-play[data-state="done"]', { timeout: 60000 });
    const shown = await site.evaluate(() => ({
      bars: [...document.querySelectorAll('#suit-bars [data-tricks]')].map((b) => [Number(b.dataset.tricks), Number(b.dataset.probability), b.textContent]),
      fusion: document.querySelector('#suit-fusion').textContent,
      rows: document.querySelectorAll('#suit-splits tbody tr').length,
      goal: document.querySelector('#suit-goal').value,
    }));
    assert.deepEqual(shown.bars.map(([t, p]) => [t, p]), expected.targets.map((t) => [t.tricks, t.probability]));
    const three = expected.targets.find((t) => t.tricks === 3).probability;
    assert.ok(Math.abs(100 * three - 50) <= 1, `3 tricks: ${100 * three}%`);
    assert.match(shown.bars[2][2], new RegExp(`${(100 * three).toFixed(2)}%`));
    assert.equal(shown.goal, '3');
    const { doubleDummy, average } = expected;
    assert.ok(shown.fusion.includes(`says ${doubleDummy.toFixed(2)} tricks`), shown.fusion);
    assert.ok(shown.fusion.includes(`takes ${average.tricks.toFixed(2)}`), shown.fusion);
    assert.ok(shown.fusion.includes(`costs ${(doubleDummy - average.tricks).toFixed(2)} tricks`), shown.fusion);
    assert.equal(shown.rows, expected.splits.length);
  });

  test('walking the line narrows the layouts', async () => {
    const left = () => site.evaluate(() => ({
      layouts: [...document.querySelectorAll('#suit-walk .gs-left')].map((e) => Number(e.dataset.layouts)),
      out: document.querySelectorAll('#suit-splits tbody tr.gs-out').length,
    }));
    const start = await left();
    assert.deepEqual(start, { layouts: [expected.splits.length], out: 0 });
    await site.click('#suit-walk .gs-step:last-child .gs-reply[data-token="Q"]');
    const after = await left();
    assert.equal(after.layouts.length, 2);
    assert.ok(after.layouts[1] < after.layouts[0], JSON.stringify(after));
    // The queen with one defender: half the layouts minus nothing else.
    const seat = await site.evaluate(() => document.querySelector('#suit-walk .gs-step:first-child .gs-who').textContent[0]);
    const withQueen = expected.splits.filter((s) => (seat === 'E' ? s.east : s.west).includes('Q')).length;
    assert.equal(after.layouts[1], withQueen);
    assert.equal(after.out, expected.splits.length - withQueen);
    await site.click('#suit-walk .gs-back');
    assert.deepEqual(await left(), start);
  });

  test('a bad holding says so, and the message goes when the input changes', async () => {
    await site.fill('#suit-north', 'AKK');
    await site.click('#suit-solve');
    const error = await site.evaluate(() => ({ hidden: document.querySelector('#suit-error').hidden, text: document.querySelector('#suit-error').textContent, invalid: document.querySelector('#suit-north').getAttribute('aria-invalid') }));
    assert.equal(error.hidden, false);
    assert.match(error.text, /K is written twice/);
    assert.equal(error.invalid, 'true');
    await site.fill('#suit-north', 'AK');
    assert.equal(await site.evaluate(() => document.querySelector('#suit-error').hidden), true);
    await site.fill('#suit-south', 'Z');
    await site.click('#suit-solve');
    assert.match(await site.textContent('#suit-error'), /“Z” is not a rank/);
  });

  test('a long holding shows its progress and stops on request', async () => {
    await site.fill('#suit-north', 'QT864');
    await site.fill('#suit-south', '2');
    // The holding answers in about 0.2 s, quicker than clicks from outside the page: the
    // status is read and Stop clicked in the page as soon as the button shows.
    const seen = await site.evaluate(async () => {
      document.querySelector('#suit-solve').click();
      // The lesson's answer is still there, greyed and inert, while the new one is solved.
      const result = document.querySelector('#suit-result');
      const stale = !result.hidden && result.inert && result.classList.contains('stale');
      const stop = document.querySelector('#suit-stop');
      const started = Date.now();
      while (stop.hidden && Date.now() - started < 60000) await new Promise((r) => setTimeout(r, 1));
      const status = document.querySelector('#suit-status').textContent;
      stop.click();
      return { stale, status };
    });
    assert.match(seen.status, /Solving QT864 \/ 2 exactly/);
    assert.equal(seen.stale, true);
    await site.waitForSelector('#suit-play[data-state="stopped"]');
    assert.match(await site.textContent('#suit-status'), /^Stopped/);
    assert.equal(await site.isHidden('#suit-result'), true, 'no other holding’s answer beside the stopped one');
    assert.equal(await site.isHidden('#suit-stop'), true);
    assert.equal(await site.isEnabled('#suit-solve'), true);
  });

  test('a holding too hard to solve exactly says so, with no other holding’s answer beside it', async () => {
    await site.fill('#suit-north', 'AJ2');
    await site.fill('#suit-south', 'K103');
    await site.click('#suit-solve');
    await site.waitForSelector('#suit-play[data-state="done"]');
    assert.equal(await site.isVisible('#suit-result'), true);
    await site.fill('#suit-north', 'KJ9753');
    await site.fill('#suit-south', '-');
    await site.click('#suit-solve');
    await site.waitForSelector('#suit-play[data-state="failed"]', { timeout: 120000 });
    assert.match(await site.textContent('#suit-error'), /\(too-hard\): .*too hard for the exact suit solver/);
    assert.equal(await site.isHidden('#suit-result'), true);
    assert.match(await site.textContent('#suit-problem'), /K\s*J\s*9\s*7\s*5\s*3/);
  });

  test('“take this deal’s ♠” fills in North–South’s spades of the deal', async () => {
    await site.click('#export-pbn');
    const pbn = await site.inputValue('#pbn-text');
    const deal = /\[Deal "([^"]+)"\]/.exec(pbn)[1];
    const spades = suitOfDeal(parsePbnDeal(deal), 'S');
    await site.click('#suit-take button[data-suit="S"]');
    assert.deepEqual({ north: await site.inputValue('#suit-north'), south: await site.inputValue('#suit-south') }, spades);
    await site.waitForSelector('#suit-play[data-state="done"], #suit-play[data-state="failed"]', { timeout: 60000 });
    await site.waitForFunction((n) => document.querySelector('#suit-problem').textContent.includes(n[0]), spades.north);
    const rows = await site.evaluate(() => document.querySelectorAll('#suit-splits tbody tr').length);
    const reference = await ctx.page.evaluate((req) => window.solver.suit(req), spades);
    assert.equal(rows, reference.splits.length);
    assert.deepEqual(site.problems, []);
    await site.closeAll();
  });
});
