// The iframe embed (web/frame.html) for blogs that allow no scripts, in headless Chromium:
// its parent (web/frame-example.html) sizes it from the height the frame posts; the deal's
// table equals the ground truth (tests/data); the site's "Embed…" panel gives both snippets,
// and its iframe snippet shows the deal on screen. Screenshots: tests/artifacts/frame-*.png.
//
//   node --test tests/browser/frame.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { artifactPath, browserAndServer, DATA, openPage, readJsonl } from './lib/harness.mjs';

const TABLES = new Map(readJsonl(join(DATA, 'tables.jsonl')).map((r) => [r.deal, r.tricks]));

const env = browserAndServer({ isolation: false });

/** The widget of the frame: its deal once its table is done, and the table shown. */
async function frameTable(frame) {
  await frame.waitForFunction(() => {
    const w = document.querySelector('glasshand-deal');
    return w && w.state === 'done' && w.shadowRoot.querySelector('table.gw-dd')?.dataset.done === 'true';
  }, null, { timeout: 60000 });
  return frame.evaluate(() => {
    const w = document.querySelector('glasshand-deal');
    const tricks = {};
    for (const td of w.shadowRoot.querySelectorAll('td[data-declarer]')) (tricks[td.dataset.declarer] ||= {})[td.dataset.strain] = Number(td.textContent);
    return { deal: w.getAttribute('deal'), tricks };
  });
}

test('the example page sizes the frame from its posted height; the table is the ground truth; screenshots', async () => {
  const page = await openPage(env.browser, env.server, 'web/frame-example.html', { contextOptions: { viewport: { width: 1366, height: 800 } } });
  try {
    const frame = page.frameLocator('iframe.glasshand');
    await frame.locator('glasshand-deal').waitFor();
    const inner = page.frames().find((f) => f.url().includes('frame.html'));
    const { deal, tricks } = await frameTable(inner);
    assert.ok(TABLES.has(deal), deal);
    assert.deepEqual(tricks, TABLES.get(deal));
    for (const [name, viewport] of [['laptop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      await page.setViewportSize(viewport);
      // The frame's content height, and the iframe's, once the parent has applied the message.
      const sized = await page.waitForFunction(async () => {
        const f = document.querySelector('iframe.glasshand');
        const content = f.contentDocument.documentElement.getBoundingClientRect().height;
        const box = f.getBoundingClientRect().height;
        return Math.abs(content - box) <= 1 && box > 300 && { content, box };
      }, null, { timeout: 10000 }).then((h) => h.jsonValue());
      assert.ok(sized.box !== 640, `the parent set the height from the message (${sized.box})`);
      await page.screenshot({ path: artifactPath(`frame-${name}.png`), fullPage: true });
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.closeAll();
  }
});

test('the site’s Embed… panel gives the CDN script and the iframe; the iframe shows the deal', async () => {
  const deal = [...TABLES.keys()][425];
  const hash = `#deal=${deal.replace(/ /g, '+')}&trump=S&leader=W`;
  const page = await openPage(env.browser, env.server, `index.html${hash}`, { contextOptions: { serviceWorkers: 'block' } });
  try {
    await page.click('#share-embed');
    const script = await page.inputValue('#embed-script');
    const iframe = await page.inputValue('#embed-iframe');
    assert.match(script, /^<script type="module" src="https:\/\/cdn\.jsdelivr\.net\/npm\/glasshand(@[\d.]+)?\/widget\.js"><\/script>\n<glasshand-deal /);
    assert.ok(script.includes(`deal="${deal}"`), script);
    const src = /src="([^"]+)"/.exec(iframe)[1].replace(/&amp;/g, '&');
    assert.match(src, /\/web\/frame\.html#deal=/);
    // The snippet's frame on a page of its own.
    const host = await openPage(env.browser, env.server, 'tests/browser/lib/blank.html');
    await host.setContent(`<iframe src="${src}" style="width:100%;border:0" height="640"></iframe>`);
    const inner = await (await host.$('iframe')).contentFrame();
    const shown = await frameTable(inner);
    assert.equal(shown.deal.replace(/\+/g, ' '), deal);
    assert.deepEqual(shown.tricks, TABLES.get(deal));
    assert.deepEqual(host.problems, []);
    await host.closeAll();
  } finally {
    await page.closeAll();
  }
});

test('a lead problem from the hash: the frame’s lead table is the engine’s for the same request', async () => {
  const hash = '#show=lead&hand=W:KQ53.T97.A864.J2&contract=4S&declarer=S&constraints-s=hcp+15-17,+spades+5%2B&samples=30&seed=2';
  const page = await openPage(env.browser, env.server, `web/frame.html${hash}`);
  try {
    await page.waitForFunction(() => document.querySelector('glasshand-deal')?.leadResult, null, { timeout: 120000 });
    const { shown, engine } = await page.evaluate(async () => {
      const w = document.querySelector('glasshand-deal');
      const shown = Object.fromEntries([...w.shadowRoot.querySelectorAll('tbody tr[data-tricks]')].map((tr) => [tr.dataset.card, Number(tr.dataset.tricks)]));
      const { sharedSolver } = await import('/web/widget/glasshand-widget.js');
      const r = await (await sharedSolver()).single({
        known: { W: 'KQ53.T97.A864.J2' }, contract: '4S', declarer: 'S', played: [], constraints: { S: { hcp: [15, 17], S: [5, 13] } }, samples: 30, seed: 2,
      }, { queue: true });
      return { shown, engine: Object.fromEntries(Object.entries(r.cards).map(([c, e]) => [c, e.tricks])) };
    });
    assert.equal(Object.keys(shown).length, 13);
    assert.deepEqual(shown, engine);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.closeAll();
  }
});
