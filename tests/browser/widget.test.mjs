// Browser tests of the embeddable widget <glasshand-deal> (web/widget/glasshand-widget.js) and
// its example blog post (web/embed.html), in headless Chromium, served WITHOUT COOP/COEP like
// an ordinary blog. Tables are checked against the ground truth (tests/data).
// Screenshot: tests/artifacts/embed.png.
//
//   node --test tests/browser/widget.test.mjs
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { artifactPath, ARTIFACTS, browserAndServer, DATA, readJsonl, REPO } from './lib/harness.mjs';
import { parSentence } from '../../web/board/words.js';
import { parseConstraints } from '../../web/widget/lead-problem.js';

const TABLES = new Map(readJsonl(join(DATA, 'tables.jsonl')).map((r) => [r.deal, r.tricks]));
const PARS = new Map(readJsonl(join(DATA, 'par.jsonl')).map((r) => [r.deal, r]));
const tables = [...TABLES.keys()];
// Deals DDS solves in a few milliseconds (dds_table_ms.jsonl), for the pages the tests build.
const FAST = [329, 425, 345, 152].map((i) => tables[i]);
const HOST = 'tests/browser/lib/widget-host.html';
const WIDGET = '/web/widget/glasshand-widget.js';
// Requests that start the engine: the API module, the worker, the wasm builds.
const ENGINE_REQUEST = /\/web\/(glasshand\.js|worker\.js|pkg\/)/;

const env = browserAndServer({ isolation: false });

/**
 * Opens `path` in a fresh context, recording console errors, uncaught errors, unhandled
 * rejections, workers and engine requests (all hooked before the page loads).
 */
async function open(path, { viewport = { width: 1000, height: 900 }, route } = {}) {
  const context = await env.browser.newContext({ viewport });
  await context.addInitScript(() => {
    window.addEventListener('unhandledrejection', (e) => console.error(`unhandledrejection: ${e.reason && e.reason.message}`));
  });
  const page = await context.newPage();
  const problems = [];
  const workers = [];
  const requests = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('crash', () => problems.push('page crashed'));
  page.on('worker', (w) => {
    workers.push(w.url());
    w.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`worker console.error: ${msg.text()}`);
    });
  });
  page.on('request', (r) => {
    if (ENGINE_REQUEST.test(r.url())) requests.push(r.url());
  });
  if (route) await page.route(route.pattern, route.handler);
  await page.goto(new URL(path, env.server.url).href);
  return { page, problems, workers, requests, close: () => context.close() };
}

/** Waits until widget `sel` has finished (state 'done' and a complete table). */
async function settled(page, sel, timeout = 30000) {
  await page.waitForFunction((sel) => {
    const w = document.querySelector(sel);
    return w && w.state === 'done' && w.shadowRoot.querySelector('table.gw-dd')?.dataset.done === 'true';
  }, sel, { timeout });
}

/** The DD table widget `sel` shows: {N: {NT, S, H, D, C}, …}, read from its shadow DOM. */
function shownTable(page, sel) {
  return page.evaluate((sel) => {
    const out = {};
    for (const td of document.querySelector(sel).shadowRoot.querySelectorAll('td[data-declarer]')) {
      (out[td.dataset.declarer] ||= {})[td.dataset.strain] = td.textContent === '\u00b7' ? null : Number(td.textContent);
    }
    return out;
  }, sel);
}

/** The lead table widget `sel` shows: {card: {tricks, stderr, make}}, from its rows. */
function leadTable(page, sel) {
  return page.evaluate((sel) => Object.fromEntries(
    [...document.querySelector(sel).shadowRoot.querySelectorAll('tbody tr[data-tricks]')].map((tr) => [tr.dataset.card, {
      tricks: Number(tr.dataset.tricks),
      stderr: Number(tr.dataset.stderr),
      ...(tr.dataset.make !== undefined ? { make: Number(tr.dataset.make) } : {}),
    }])), sel);
}

/** Puts host CSS and widgets into the test host page and loads the widget module. */
function fill(page, { css = '', html }) {
  return page.evaluate(async ({ css, html, widget }) => {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
    document.body.insertAdjacentHTML('beforeend', html);
    await import(widget);
  }, { css, html, widget: WIDGET });
}

describe('the example blog post (web/embed.html), served without COOP/COEP', () => {
  test('every widget shows the ground-truth table and par; one worker; play works; screenshot', async () => {
    const { page, problems, workers, requests, close } = await open('web/embed.html');
    try {
      assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), false);
      const ids = await page.$$eval('glasshand-deal:not([show="lead"])', (ws) => ws.map((w) => w.id));
      assert.ok(ids.length >= 2 && ids.length <= 3, `two or three deal widgets, found ${ids.length}`);
      const shows = new Set(await page.$$eval('glasshand-deal:not([show="lead"])', (ws) => ws.map((w) => w.getAttribute('show'))));
      assert.equal(shows.size, ids.length, 'each widget uses a different show mode');
      for (const id of ids) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        await settled(page, `#${id}`);
        const deal = await page.getAttribute(`#${id}`, 'deal');
        assert.ok(TABLES.has(deal), `${id}: the example page uses deals of tables.jsonl (${deal})`);
        assert.deepEqual(await shownTable(page, `#${id}`), TABLES.get(deal), `${id}: DD table`);
        // Par, when the ground truth's dealer and vulnerability are the widget's.
        const par = PARS.get(deal);
        const [dealer, vul] = await page.$eval(`#${id}`, (w) => [w.getAttribute('dealer'), w.getAttribute('vulnerable')]);
        if (par.dealer === dealer && par.vulnerable === vul) {
          const text = await page.$eval(`#${id}`, (w) => w.shadowRoot.querySelector('.gw-par').textContent);
          const said = parSentence({ dealerParScoreNs: par.dealer_par_score_ns, dealerParContracts: par.dealer_par_contracts });
          assert.ok(text.startsWith(`Par: ${said} (`), `${id}: par ${text} (${said})`);
        }
      }
      // The lead problem: a full table of leads.
      const leadId = await page.$eval('glasshand-deal[show="lead"]', (w) => w.id);
      await page.locator(`#${leadId}`).scrollIntoViewIfNeeded();
      await page.waitForFunction((id) => document.getElementById(id).leadResult, leadId, { timeout: 180000 });
      assert.equal(Object.keys(await leadTable(page, `#${leadId}`)).length, 13);
      assert.equal(workers.length, 1, `one worker for every widget: ${workers.join(', ')}`);
      assert.match(workers[0], /\/web\/worker\.js$/);
      assert.equal(requests.filter((u) => u.endsWith('.wasm')).length, 1, 'one wasm fetch');
      assert.ok(requests.some((u) => u.includes('/pkg/single/')), 'the single-threaded build');

      // Click-to-play on the widget that has it: every card of the lead is scored, a card
      // with "=" keeps the result, undo comes back.
      const playId = await page.$$eval('glasshand-deal', (ws) => ws.find((w) => /play/.test(w.getAttribute('show')))?.id);
      assert.ok(playId, 'a widget with play');
      const sel = `#${playId}`;
      const before = await page.$eval(sel, (w) => w.shadowRoot.querySelector('.gw-say').textContent);
      const badges = await page.$eval(sel, (w) =>
        [...w.shadowRoot.querySelectorAll('.gh-legal')].map((s) => [s.dataset.card, s.querySelector('.gh-res').textContent]));
      assert.ok(badges.length > 0 && badges.every(([, t]) => /^(=|[+\u2212]\d+)$/.test(t)), JSON.stringify(badges));
      const keep = badges.find(([, t]) => t === '=')[0];
      await page.locator(`${sel} button.gh-card[data-card="${keep}"]`).click();
      await page.waitForFunction((sel) => {
        const r = document.querySelector(sel).shadowRoot;
        const legal = [...r.querySelectorAll('.gh-legal .gh-res')];
        return legal.length && legal.every((b) => /^(=|[+\u2212]\d+)$/.test(b.textContent)) && r.querySelector('.gh-played');
      }, sel, { timeout: 20000 });
      const total = (t) => t.match(/take (\d+)/)[1];
      const afterText = await page.$eval(sel, (w) => w.shadowRoot.querySelector('.gw-say').textContent);
      assert.equal(total(afterText), total(before), `a card marked "=" keeps the result: ${before} / ${afterText}`);
      await page.locator(sel).getByRole('button', { name: /undo/i }).click();
      assert.equal(await page.$eval(sel, (w) => w.shadowRoot.querySelectorAll('.gh-played').length), 0);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: artifactPath('embed.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

describe('widgets in a host page', () => {
  test('two widgets share one worker without mixing answers; a bad deal errors alone; host CSS stays out; attributes re-render', async () => {
    // Tall enough that every widget is in view at once: their jobs are in the queue together.
    const { page, problems, workers, close } = await open(HOST, { viewport: { width: 1000, height: 2400 } });
    try {
      await fill(page, {
        css: `* { color: red !important; font-size: 30px !important; font-family: serif !important; line-height: 3 !important; }
              table, td, button { border: 5px solid lime !important; background: yellow !important; }`,
        html: `
          <p>Some host text.</p>
          <glasshand-deal id="a" deal="${FAST[0]}" show="cards,table"></glasshand-deal>
          <glasshand-deal id="bad" deal="N:AK.76.A85.AKQT95 AK632.T83.974.62 QT985.K4.KQJ3.84 4.AQJ952.T62.J73"></glasshand-deal>
          <glasshand-deal id="b" deal="${FAST[1]}" show="table" trump="S" leader="E"></glasshand-deal>`,
      });
      await Promise.all([settled(page, '#a'), settled(page, '#b')]);
      assert.deepEqual(await shownTable(page, '#a'), TABLES.get(FAST[0]));
      assert.deepEqual(await shownTable(page, '#b'), TABLES.get(FAST[1]));
      assert.equal(workers.length, 1, `one shared worker: ${workers.join(', ')}`);

      // The bad deal: a readable message inside that widget only.
      const bad = await page.$eval('#bad', (w) => ({ state: w.state, text: w.shadowRoot.querySelector('.gh-error')?.textContent }));
      assert.equal(bad.state, 'error');
      assert.match(bad.text, /♠A is in both North and East/);

      // Host CSS: applies to the host elements themselves, not inside the shadow roots.
      const styles = await page.$eval('#a', (w) => {
        const r = w.shadowRoot;
        const cs = (el) => getComputedStyle(el);
        const heart = r.querySelector('.gh-card.gh-h');
        const spade = r.querySelector('.gh-card.gh-s');
        return {
          host: cs(w).fontSize,
          box: cs(r.querySelector('.gw')).fontSize,
          boxFamily: cs(r.querySelector('.gw')).fontFamily,
          heart: cs(heart).color,
          spade: cs(spade).color,
          rank: cs(spade.querySelector('.gh-r')).fontSize,
          cell: cs(r.querySelector('td[data-declarer]')).fontSize,
          cellColour: cs(r.querySelector('td[data-declarer]')).color,
          cellBorder: cs(r.querySelector('td[data-declarer]')).borderTopColor,
          lineHeight: cs(r.querySelector('.gw-par')).lineHeight,
        };
      });
      assert.equal(styles.host, '30px', 'the host rule does apply to the page');
      assert.equal(styles.box, '15px');
      assert.doesNotMatch(styles.boxFamily, /^serif$/);
      assert.equal(styles.heart, 'rgb(200, 16, 46)');
      assert.equal(styles.spade, 'rgb(22, 24, 29)');
      assert.notEqual(styles.rank, '30px');
      assert.notEqual(styles.cell, '30px');
      assert.notEqual(styles.cellColour, 'rgb(255, 0, 0)');
      assert.notEqual(styles.cellBorder, 'rgb(0, 255, 0)');
      assert.notEqual(styles.lineHeight, '90px');

      // The host script changes attributes: the widget redraws and solves the new deal.
      await page.$eval('#a', (w, deal) => w.setAttribute('deal', deal), FAST[2]);
      await settled(page, '#a');
      assert.deepEqual(await shownTable(page, '#a'), TABLES.get(FAST[2]));
      const north = await page.$eval('#a', (w) => [...w.shadowRoot.querySelectorAll('.gh-hand[data-seat="N"] .gh-card')].map((c) => c.dataset.card).join(''));
      assert.equal(north, FAST[2].slice(2).split(' ')[0].split('.').map((r, i) => [...r].map((c) => 'SHDC'[i] + c).join('')).join(''));
      // A fixed deal heals the broken widget; a broken one breaks only its own widget.
      await page.$eval('#bad', (w, deal) => w.setAttribute('deal', deal), FAST[3]);
      await page.$eval('#b', (w) => w.setAttribute('deal', 'N:AKQZ.T98.765.432 - - -'));
      await settled(page, '#bad');
      assert.deepEqual(await shownTable(page, '#bad'), TABLES.get(FAST[3]));
      const broken = await page.$eval('#b', (w) => ({ state: w.state, text: w.shadowRoot.querySelector('.gh-error')?.textContent }));
      assert.equal(broken.state, 'error');
      assert.match(broken.text, /“Z” is not a rank/);
      assert.deepEqual(await shownTable(page, '#a'), TABLES.get(FAST[2]));
      assert.equal(workers.length, 1);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a copy of only the files web/widget/FILES lists (and pkg/) works: nothing else is imported', async () => {
    // The copy sits in tests/artifacts/, under the server's root, as the README's cp makes it.
    const copy = join(ARTIFACTS, 'widget-copy');
    rmSync(copy, { recursive: true, force: true });
    const files = readFileSync(join(REPO, 'web/widget/FILES'), 'utf8').split('\n').filter(Boolean);
    for (const f of files) {
      mkdirSync(dirname(join(copy, f)), { recursive: true });
      copyFileSync(join(REPO, 'web', f), join(copy, f));
    }
    cpSync(join(REPO, 'web/pkg/single'), join(copy, 'pkg/single'), { recursive: true });
    writeFileSync(join(copy, 'post.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
      <script type="module" src="widget/glasshand-widget.js"></script></head>
      <body><glasshand-deal id="c" deal="${FAST[0]}" show="cards,table,play"></glasshand-deal></body></html>`);
    const { page, problems, close } = await open('tests/artifacts/widget-copy/post.html');
    const outside = [];
    page.context().on('response', (r) => (r.status() >= 400 || !r.url().includes('/widget-copy/')) && outside.push(`${r.status()} ${r.url()}`));
    try {
      await settled(page, '#c');
      assert.deepEqual(await shownTable(page, '#c'), TABLES.get(FAST[0]));
      assert.deepEqual(outside, [], 'every file comes from the copy');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('lazy: nothing of the engine is fetched before the widget scrolls into view; a slow network shows a placeholder', async () => {
    let delayed = 0;
    const { page, problems, workers, requests, close } = await open(HOST, {
      viewport: { width: 800, height: 600 },
      // A slow network: the wasm arrives after 1.5 s.
      route: {
        pattern: /\.wasm$/,
        handler: async (route) => {
          delayed++;
          await new Promise((r) => setTimeout(r, 1500));
          await route.continue();
        },
      },
    });
    try {
      await fill(page, {
        html: `<h1>A long post</h1><div style="height: 2500px">…</div>
               <glasshand-deal id="late" deal="${FAST[1]}" show="cards,table,play" trump="H" leader="N"></glasshand-deal>`,
      });
      // The placeholder is drawn (the diagram, no numbers), and nothing else happens.
      await page.waitForFunction(() => document.querySelector('#late').shadowRoot.querySelectorAll('.gh-card').length === 52);
      await page.waitForTimeout(600);
      assert.equal(await page.$eval('#late', (w) => w.state), 'waiting');
      assert.deepEqual(requests, [], 'no engine request before the widget is in view');
      assert.equal(workers.length, 0);
      assert.equal(await page.$eval('#late', (w) => w.shadowRoot.querySelectorAll('td[data-tricks]').length), 0);

      await page.locator('#late').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector('#late').state === 'loading');
      assert.match(await page.$eval('#late', (w) => w.shadowRoot.querySelector('.gw-status').textContent), /Loading the solver/);
      await settled(page, '#late');
      assert.deepEqual(await shownTable(page, '#late'), TABLES.get(FAST[1]));
      assert.equal(delayed, 1);
      assert.equal(workers.length, 1);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

describe('lead problems (show="lead")', () => {
  test('constraint attributes: ranges, at least, at most, exactly; mistakes named', () => {
    assert.deepEqual(parseConstraints('hcp 10-15, spades 5+; H 4-, ♦ 0', 'constraints-n'), {
      hcp: [10, 15], S: [5, 13], H: [0, 4], D: [0, 0],
    });
    assert.deepEqual(parseConstraints('clubs 2-4', 'constraints-s'), { C: [2, 4] });
    assert.throws(() => parseConstraints('hcp lots', 'constraints-n'), /constraints-n="hcp lots": “hcp lots” is not a constraint/);
    assert.throws(() => parseConstraints('spades 6-3', 'constraints-e'), /spades 6-3 is not a range from 0 to 13/);
    assert.throws(() => parseConstraints('hcp 38+', 'constraints-e'), /is not a range from 0 to 37/);
  });

  test('the lead table equals solver.single for the same request; impossible constraints say no-layout; no service worker; screenshot', async () => {
    const { page, problems, workers, close } = await open(HOST, { viewport: { width: 760, height: 1600 } });
    const request = {
      known: { W: 'KQ53.T97.A864.J2' }, contract: '4S', declarer: 'S', played: [],
      constraints: { N: { hcp: [10, 15] }, S: { hcp: [12, 17], S: [5, 13] } }, samples: 40, seed: 2,
    };
    try {
      await fill(page, {
        html: `<p>Your lead?</p>
          <glasshand-deal id="lead" show="lead" hand="W:KQ53.T97.A864.J2" contract="4S" declarer="S"
            constraints-n="hcp 10-15" constraints-s="hcp 12-17, spades 5+" samples="40" seed="2"></glasshand-deal>
          <glasshand-deal id="none" show="lead" hand="W:KQ53.T97.A864.J2" contract="4S" declarer="S"
            constraints-n="hcp 25+" constraints-s="hcp 25+" samples="40"></glasshand-deal>
          <glasshand-deal id="typo" show="lead" hand="W:KQ53.T97.A864.J2" contract="4S" declarer="S" constraints-n="hcp ten"></glasshand-deal>`,
      });
      await page.waitForFunction(() => document.querySelector('#lead').leadResult, null, { timeout: 180000 });
      const shown = await leadTable(page, '#lead');
      const { api, own } = await page.evaluate(async ({ widget, request }) => {
        const solver = await (await import(widget)).sharedSolver();
        return { api: await solver.single(request, { queue: true }), own: document.querySelector('#lead').leadResult };
      }, { widget: WIDGET, request });
      const estimates = Object.fromEntries(Object.entries(api.cards).map(([c, e]) => [c, { tricks: e.tricks, stderr: e.stderr, make: e.make }]));
      assert.equal(Object.keys(shown).length, 13, 'every card of the hand');
      assert.deepEqual(shown, estimates, 'the widget shows the API’s numbers');
      assert.deepEqual(own, api);
      // "Sets" for the defence: 1 − make, as a percentage.
      const sets = await page.$eval('#lead', (w) => [...w.shadowRoot.querySelectorAll('tbody tr[data-tricks]')].map((tr) => [tr.dataset.card, tr.children[3].textContent]));
      for (const [card, text] of sets) assert.equal(text, `${Math.round((1 - api.cards[card].make) * 100)}%`);
      assert.match(await page.$eval('#lead', (w) => w.shadowRoot.querySelector('thead').textContent), /Sets/);
      assert.equal(await page.$eval('#lead', (w) => w.shadowRoot.querySelectorAll('svg.gh-sd-bar').length), 13);

      await page.waitForFunction(() => /no-layout/.test(document.querySelector('#none').shadowRoot.querySelector('.gw-status').textContent), null, { timeout: 60000 });
      assert.match(await page.$eval('#none', (w) => w.shadowRoot.querySelector('.gw-status').textContent), /No deal fits these constraints/);
      const typo = await page.$eval('#typo', (w) => ({ state: w.state, text: w.shadowRoot.querySelector('.gh-error')?.textContent }));
      assert.equal(typo.state, 'error');
      assert.match(typo.text, /“hcp ten” is not a constraint/);

      assert.equal(workers.length, 1);
      assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0, 'no service worker');
      await page.locator('#lead').screenshot({ path: artifactPath('widget-lead.png') });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
