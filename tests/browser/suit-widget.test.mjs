// <glasshand-deal show="suit"> (web/widget/suit-problem.js) in headless Chromium, on both
// builds: the problem and the holdings first, the answer hidden until the reader asks, then
// the solver's probability for the target asked (the solver's own answer, computed in a
// separate page of that build), the line and every split; bad attributes say what is wrong;
// the iframe embed takes the attributes from its hash.
//
//   node --test tests/browser/suit-widget.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { browserAndBothServers, describeBothBuilds, openPage } from './lib/harness.mjs';

const env = browserAndBothServers();
const HOST = 'tests/browser/lib/widget-host.html';

describeBothBuilds(env, 'the suit widget', (ctx) => {
  let page;
  const origin = () => ({ url: new URL('/', ctx.page.url()).href });

  test('the answer stays hidden until asked, then gives the solver’s chance', async () => {
    const expected = await ctx.page.evaluate(() => window.solver.suit({ north: 'AJ2', south: 'K103' }));
    page = await openPage(env.browser, origin(), HOST, { contextOptions: { viewport: { width: 800, height: 900 } } });
    const mode = await page.evaluate(async () => {
      const m = await import('/web/widget/glasshand-widget.js');
      document.body.innerHTML = `
        <glasshand-deal id="lesson" show="suit" north="AJ2" south="K103"></glasshand-deal>
        <glasshand-deal id="two" show="suit" north="AQ" south="xx" tricks="2" west-vacant="10" suit="H"></glasshand-deal>
        <glasshand-deal id="bad" show="suit" north="AKK" south="x"></glasshand-deal>
        <glasshand-deal id="far" show="suit" north="AJ2" south="K103" tricks="4"></glasshand-deal>
        <glasshand-deal id="most" show="suit" north="KQ2" south="543"></glasshand-deal>`;
      return (await m.sharedSolver()).mode;
    });
    assert.equal(mode, ctx.flavour);
    const lesson = page.locator('#lesson');
    await page.waitForFunction(() => document.querySelector('#lesson').state === 'done', null, { timeout: 60000 });
    assert.equal(await lesson.locator('.gs-question').textContent(), 'How do you play this suit for 3 tricks?');
    assert.match(await lesson.locator('.gs-holdings').textContent(), /North♠ A J 2South♠ K 10 3/);
    assert.equal(await lesson.locator('.gs-verdict').count(), 0);
    assert.equal(await lesson.locator('.gs-bars').count(), 0);
    await lesson.locator('.gs-reveal').click();
    const verdict = lesson.locator('.gs-verdict');
    const p = expected.targets.find((t) => t.tricks === 3).probability;
    assert.equal(Number(await verdict.getAttribute('data-probability')), p);
    assert.match(await verdict.textContent(), new RegExp(`${(100 * p).toFixed(2)}%`));
    assert.ok(Math.abs(100 * p - 50) <= 1);
    assert.equal(await lesson.locator('.gs-bar-row[data-tricks]').count(), expected.targets.length);
    assert.equal(await lesson.locator('.gs-splits tbody tr').count(), expected.splits.length);
    // The walk: a defender's card narrows the layouts.
    await lesson.locator('.gs-step:last-child .gs-reply[data-token="Q"]').click();
    const layouts = await lesson.locator('.gs-left').evaluateAll((xs) => xs.map((x) => Number(x.dataset.layouts)));
    assert.equal(layouts.length, 2);
    assert.ok(layouts[1] < layouts[0]);
    assert.equal(await page.$eval('#lesson', (w) => w.suitResult.targets.length), expected.targets.length);
  });

  test('the target and vacant places asked; bad attributes say what is wrong', async () => {
    const expected = await ctx.page.evaluate(() => window.solver.suit({ north: 'AQ', south: 'xx', westVacant: 10 }));
    await page.waitForFunction(() => document.querySelector('#two').state === 'done', null, { timeout: 60000 });
    const two = page.locator('#two');
    assert.equal(await two.locator('.gs-question').textContent(), 'How do you play this suit for 2 tricks?');
    assert.match(await two.locator('.gw-hint').first().textContent(), /West 10, East 13/);
    await two.locator('.gs-reveal').click();
    assert.equal(Number(await two.locator('.gs-verdict').getAttribute('data-probability')), expected.targets[1].probability);
    const bad = await page.$eval('#bad', (w) => ({ state: w.state, text: w.shadowRoot.querySelector('.gh-error')?.textContent }));
    assert.equal(bad.state, 'error');
    assert.match(bad.text, /K is written twice/);
    // No target named: the most the best line ever makes (2 of KQ2 / 543's 3), not 3 at 0%.
    const most = await ctx.page.evaluate(() => window.solver.suit({ north: 'KQ2', south: '543' }));
    const reached = most.targets.filter((t) => t.probability > 0).map((t) => t.tricks);
    assert.deepEqual([reached.at(-1), most.targets.at(-1).probability], [2, 0]);
    await page.waitForFunction(() => document.querySelector('#most').state === 'done', null, { timeout: 60000 });
    assert.equal(await page.locator('#most .gs-question').textContent(), 'How do you play this suit for 2 tricks?');
    await page.locator('#most .gs-reveal').click();
    assert.equal(Number(await page.locator('#most .gs-verdict').getAttribute('data-probability')), most.targets[1].probability);
    const far = await page.$eval('#far', (w) => ({ state: w.state, text: w.shadowRoot.querySelector('.gh-error')?.textContent }));
    assert.equal(far.state, 'error');
    assert.match(far.text, /tricks="4" must be a whole number from 1 to 3/);
    // Fixed: the widget solves again.
    await page.$eval('#bad', (w) => w.setAttribute('north', 'AK'));
    await page.waitForFunction(() => document.querySelector('#bad').state === 'done', null, { timeout: 60000 });
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });

  test('a long holding has a Stop button, and the widget says it stopped', async () => {
    const long = await openPage(env.browser, origin(), HOST);
    await long.evaluate(async () => {
      await import('/web/widget/glasshand-widget.js');
      document.body.innerHTML = '<glasshand-deal id="long" show="suit" north="QT864" south="2"></glasshand-deal>';
      // The holding answers in about 0.2 s, quicker than a click from outside the page: the
      // reader's clicks go in as soon as the widget starts solving.
      const deal = document.querySelector('#long');
      const started = Date.now();
      while (deal.state !== 'solving' && Date.now() - started < 60000) await new Promise((r) => setTimeout(r, 1));
      deal.shadowRoot.querySelector('.gs-reveal').click();
      deal.shadowRoot.querySelector('.gs-stop').click();
    });
    const w = long.locator('#long');
    await long.waitForFunction(() => document.querySelector('#long').state === 'done');
    assert.match(await w.locator('.gw-status').textContent(), /Stopped/);
    assert.equal(await w.locator('.gs-verdict').count(), 0);
    assert.deepEqual(long.problems, []);
    await long.closeAll();
  });

  test('the iframe embed takes the suit problem from its hash', async () => {
    const frame = await openPage(env.browser, origin(), 'web/frame.html#show=suit&north=KQ10&south=xxx&tricks=2');
    await frame.waitForFunction(() => document.querySelector('#deal').state === 'done', null, { timeout: 60000 });
    assert.equal(await frame.locator('#deal .gs-question').textContent(), 'How do you play this suit for 2 tricks?');
    await frame.locator('#deal .gs-reveal').click();
    const p = Number(await frame.locator('#deal .gs-verdict').getAttribute('data-probability'));
    const expected = await ctx.page.evaluate(() => window.solver.suit({ north: 'KQT', south: 'xxx' }));
    assert.equal(p, expected.targets[1].probability);
    assert.deepEqual(frame.problems, []);
    await frame.closeAll();
  });
});
