// Cross-origin isolation through the site's service worker (coi-sw.js) on a server that sends
// no COOP/COEP, as GitHub Pages: index.html registers it and reloads once, and is then
// isolated and solves on threads. The widget's example post registers no service worker.
//
//   node --test tests/browser/isolation.test.mjs
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, openPage, readJsonl, DATA, startServer } from './lib/harness.mjs';

const EASY = readJsonl(join(DATA, 'tables.jsonl'))[0];

let browser;
let plain;
let isolated;

before(async () => {
  [browser, plain, isolated] = await Promise.all([
    launchBrowser(), startServer({ isolation: false }), startServer({ isolation: true }),
  ]);
});

after(async () => {
  await browser?.close();
  await plain?.close();
  await isolated?.close();
});

/**
 * Opens `path` in a fresh context (its own service workers), recording the page's document
 * loads (so that a reload shows) and the paths of all its requests.
 */
async function open(server, path, contextOptions = {}) {
  const loads = [];
  const paths = [];
  const page = await openPage(browser, server, path, {
    contextOptions,
    beforeLoad: (page) => page.on('request', (r) => {
      paths.push(new URL(r.url()).pathname);
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads.push(r.url());
    }),
  });
  return { context: page.context(), page, problems: page.problems, loads, paths };
}

/** `crossOriginIsolated` once the page has settled, asked again across reloads. */
async function isolationAfter(page, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const answer = await page.evaluate(() => globalThis.crossOriginIsolated).catch(() => null);
    if (answer === true || (answer === false && Date.now() > end)) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pool size of the site's solver once it is ready, read from the site's state module
 * (the site puts nothing on `window`). */
async function siteThreads(page, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const threads = await page.evaluate(async () => {
      const { site } = await import('/web/site/state.js');
      return site.solver?.mode ? site.solver.threads : 0;
    }).catch(() => 0);
    if (threads) return threads;
    if (Date.now() > end) throw new Error('the site’s solver did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the site without COOP/COEP from the server', () => {
  test('index.html registers coi-sw.js, reloads once, and is then isolated and threaded', async () => {
    const { context, page, problems, loads } = await open(plain, 'index.html');
    try {
      assert.equal(await isolationAfter(page, 15000), true, 'cross-origin isolated after the reload');
      assert.equal(loads.length, 2, `one reload: ${loads.join(', ')}`);
      assert.deepEqual(context.serviceWorkers().map((w) => new URL(w.url()).pathname), ['/coi-sw.js']);
      // The site's own solver starts its pool, and the API picks the threaded build.
      const threads = await siteThreads(page);
      assert.ok(threads > 1, `the site runs threaded: ${threads}`);
      const solved = await page.evaluate(async (deal) => {
        const { Glasshand } = await import('/web/glasshand.js');
        const solver = await Glasshand.create({ threads: 2 });
        try {
          const table = await solver.table(deal);
          const probe = await solver.probeThreads();
          return { mode: solver.mode, reason: solver.fallbackReason, running: probe.running, tricks: table.tricks };
        } finally {
          solver.destroy();
        }
      }, EASY.deal);
      assert.equal(solved.mode, 'threaded', solved.reason);
      assert.equal(solved.running, 2, 'two pool threads ran a task at once');
      assert.deepEqual(solved.tricks, EASY.tricks);

      // Loading it again neither reloads nor loses the isolation.
      loads.length = 0;
      await page.reload();
      assert.equal(await isolationAfter(page, 3000), true);
      assert.equal(loads.length, 1, `no second reload: ${loads.join(', ')}`);

      // Loads that bypass the service worker (as a hard reload does) get one reload at most,
      // never a loop. (Chromium keeps the sessionStorage of the isolated page apart from the
      // plain one's, where the flag of the first reload is still set: it reloads none.)
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setBypassServiceWorker', { bypass: true });
      loads.length = 0;
      await page.reload();
      assert.equal(await isolationAfter(page, 3000), false);
      assert.ok(loads.length <= 2, `one reload at most: ${loads.join(', ')}`);
      await cdp.send('Network.setBypassServiceWorker', { bypass: false });
      await page.reload();
      assert.equal(await isolationAfter(page, 3000), true, 'isolated again once the worker is used');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('where service workers are blocked it stays on one thread and reloads nothing', async () => {
    const { context, page, problems, loads } = await open(plain, 'index.html', { serviceWorkers: 'block' });
    try {
      assert.equal(await siteThreads(page), 1);
      assert.equal(await isolationAfter(page, 2000), false);
      assert.equal(loads.length, 1);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

test('a server that sends COOP/COEP itself: index.html registers nothing', async () => {
  const { context, page, loads } = await open(isolated, 'index.html');
  try {
    const threads = await siteThreads(page);
    assert.ok(threads > 1, `the site runs threaded: ${threads}`);
    assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
    assert.deepEqual(context.serviceWorkers(), []);
    assert.equal(loads.length, 1);
  } finally {
    await context.close();
  }
});

test('the widget page (web/embed.html) registers no service worker', async () => {
  const { context, page, problems, loads, paths } = await open(plain, 'web/embed.html');
  try {
    // The first widget has solved: the engine is up, and whatever the page would register, it has.
    await page.waitForFunction(() => document.querySelector('glasshand-deal')?.state === 'done', null, { timeout: 30000 });
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
    assert.deepEqual(context.serviceWorkers(), []);
    assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), false);
    assert.ok(paths.some((p) => p.endsWith('.wasm')), 'the widget loaded the engine');
    assert.ok(!paths.includes('/coi-sw.js'), 'coi-sw.js is never fetched');
    assert.equal(loads.length, 1);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
