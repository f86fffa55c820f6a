// The npm package `glasshand` (web/pack.sh), installed into a scratch project as a blogger's
// build would install it, then driven in headless Chromium: the widget from node_modules on
// the page's own origin, and from a second origin that answers as a CDN does (jsDelivr:
// `Access-Control-Allow-Origin: *`), as a blog on any host loads it. Tables are checked
// against the ground truth (tests/data). Screenshots: tests/artifacts/cdn-blog-*.png.
//
//   node --test tests/browser/package.test.mjs   (after bash web/build.sh)
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { artifactPath, ARTIFACTS, DATA, launchBrowser, readJsonl, REPO } from './lib/harness.mjs';
import { parSentence } from '../../web/board/words.js';

const TABLES = new Map(readJsonl(join(DATA, 'tables.jsonl')).map((r) => [r.deal, r.tricks]));
const PARS = new Map(readJsonl(join(DATA, 'par.jsonl')).map((r) => [r.deal, r]));
// Deals DDS solves in a few milliseconds (dds_table_ms.jsonl).
const FAST = [329, 425, 345].map((i) => [...TABLES.keys()][i]);
const SCRATCH = join(ARTIFACTS, 'package-scratch');

let browser;
let tarball;
let version;
const servers = [];

/** web/serve.mjs with `env` (SERVE_ROOT, CDN, ISOLATION) on a free port: its base URL. */
function serve(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'web/serve.mjs'), '--quiet'], {
      env: { ...process.env, PORT: '0', ISOLATION: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    servers.push(child);
    child.stdout.on('data', (d) => {
      const m = /Serving at (\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

/** A blog post: a paragraph, then widgets of the FAST deals, loading `widgetUrl`; `head`
 * goes into its <head>. */
function blogPost(widgetUrl, head = '') {
  const widgets = FAST.map((deal, i) => {
    const par = PARS.get(deal);
    const show = ['cards,table,play', 'table', 'cards,table'][i];
    return `<p>Board ${i + 1}: what does double dummy say?</p>\n<glasshand-deal id="w${i}" deal="${deal}" dealer="${par.dealer}" vulnerable="${par.vulnerable}" show="${show}"></glasshand-deal>`;
  }).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>A bridge blog</title>${head}
<style>body { font: 17px/1.6 Georgia, serif; max-width: 44em; margin: 2em auto; padding: 0 1em; color: #222; }</style>
<script type="module" src="${widgetUrl}"></script></head>
<body><h1>Three boards from Tuesday's duplicate</h1>\n${widgets}\n</body></html>\n`;
}

before(async () => {
  tarball = execFileSync('bash', [join(REPO, 'web/pack.sh'), '--no-build'], { cwd: REPO }).toString().trim().split('\n').pop();
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(join(SCRATCH, 'package.json'), JSON.stringify({ name: 'scratch-blog', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: SCRATCH });
  version = JSON.parse(readFileSync(join(SCRATCH, 'node_modules/glasshand/package.json'), 'utf8')).version;
  // The CDN's layout: /npm/glasshand@<version>/… (jsDelivr's).
  mkdirSync(join(SCRATCH, 'cdn/npm'), { recursive: true });
  symlinkSync(join(SCRATCH, 'node_modules/glasshand'), join(SCRATCH, `cdn/npm/glasshand@${version}`));
  mkdirSync(join(SCRATCH, 'blog'), { recursive: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.kill();
});

/** Opens `url` in a fresh context, recording console errors and the workers started. */
async function open(url, { viewport = { width: 1366, height: 800 } } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const problems = [];
  const workers = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console.error: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('worker', (w) => {
    workers.push(w.url());
    w.on('console', (m) => m.type() === 'error' && problems.push(`worker console.error: ${m.text()}`));
  });
  await page.goto(url);
  return { page, problems, workers, context };
}

/** Waits for widget `sel` to finish and returns the DD table it shows. */
async function shownTable(page, sel) {
  await page.locator(sel).scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => {
    const w = document.querySelector(sel);
    return w && w.state === 'done' && w.shadowRoot.querySelector('table.gw-dd')?.dataset.done === 'true';
  }, sel, { timeout: 60000 });
  return page.evaluate((sel) => {
    const out = {};
    for (const td of document.querySelector(sel).shadowRoot.querySelectorAll('td[data-declarer]')) {
      (out[td.dataset.declarer] ||= {})[td.dataset.strain] = Number(td.textContent);
    }
    return out;
  }, sel);
}

describe('the npm package', () => {
  test('pack.sh gives a tarball with both builds, the types and the two entry points', () => {
    assert.match(tarball, /glasshand-\d+\.\d+\.\d+\.tgz$/);
    const crate = /^version = "([^"]+)"/m.exec(readFileSync(join(REPO, 'crate/Cargo.toml'), 'utf8'))[1];
    assert.equal(version, crate, 'the package has the crate’s version');
    const root = join(SCRATCH, 'node_modules/glasshand');
    for (const f of ['pkg/threaded/glasshand_bg.wasm', 'pkg/single/glasshand_bg.wasm', 'pkg/threaded/glasshand.js',
      'pkg/single/glasshand.js', 'glasshand.d.ts', 'widget.d.ts', 'worker.js', 'widget.js', 'README.md']) {
      assert.ok(existsSync(join(root, f)), `${f} is in the package`);
    }
    const resolved = (spec) => execFileSync(process.execPath, ['--input-type=module', '-e', `console.log(import.meta.resolve(${JSON.stringify(spec)}))`], { cwd: SCRATCH }).toString().trim();
    assert.match(resolved('glasshand'), /node_modules\/glasshand\/glasshand\.js$/);
    assert.match(resolved('glasshand/widget'), /node_modules\/glasshand\/widget\.js$/);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.equal(pkg.exports['.'].types, './glasshand.d.ts');
    assert.equal(pkg.exports['./widget'].types, './widget.d.ts');
  });

  test('the widget from node_modules, same origin: the ground-truth table', async () => {
    writeFileSync(join(SCRATCH, 'index.html'), blogPost('node_modules/glasshand/widget.js'));
    const base = await serve({ SERVE_ROOT: SCRATCH });
    const { page, problems, context } = await open(base);
    try {
      assert.deepEqual(await shownTable(page, '#w0'), TABLES.get(FAST[0]));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

describe('from a CDN: the page on one origin, the package on another', () => {
  let cdn;
  let blog;
  before(async () => {
    cdn = await serve({ SERVE_ROOT: join(SCRATCH, 'cdn'), CDN: '1' });
    const widgetUrl = `${cdn}npm/glasshand@${version}/widget.js`;
    writeFileSync(join(SCRATCH, 'blog/index.html'), blogPost(widgetUrl));
    // A host whose Content-Security-Policy allows no worker at all.
    writeFileSync(join(SCRATCH, 'blog/strict.html'), blogPost(widgetUrl, `<meta http-equiv="Content-Security-Policy" content="worker-src 'none'">`));
    blog = await serve({ SERVE_ROOT: join(SCRATCH, 'blog') });
    assert.notEqual(new URL(cdn).origin, new URL(blog).origin);
  });

  test('every widget shows the ground-truth table and par, one thread, no console error; screenshots', async () => {
    const { page, problems, workers, context } = await open(blog);
    try {
      assert.equal(await page.evaluate(() => crossOriginIsolated), false);
      for (const [i, deal] of FAST.entries()) {
        assert.deepEqual(await shownTable(page, `#w${i}`), TABLES.get(deal), `widget ${i}`);
        const text = await page.$eval(`#w${i}`, (w) => w.shadowRoot.querySelector('.gw-par').textContent);
        const par = PARS.get(deal);
        const said = parSentence({ dealerParScoreNs: par.dealer_par_score_ns, dealerParContracts: par.dealer_par_contracts });
        assert.ok(text.startsWith(`Par: ${said} (`), `widget ${i}: ${text} (${said})`);
      }
      const solver = await page.evaluate(async (url) => {
        const s = await (await import(url)).sharedSolver();
        return { mode: s.mode, threads: s.threads };
      }, `${cdn}npm/glasshand@${version}/widget.js`);
      assert.deepEqual(solver, { mode: 'single', threads: 1 });
      // The worker is the page's own (a blob module importing the CDN's worker).
      assert.equal(workers.length, 1, workers.join());
      assert.match(workers[0], /^blob:/);
      assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);
      // Play a card: the badges come back from the same worker.
      await page.locator('#w0').scrollIntoViewIfNeeded();
      const card = await page.$eval('#w0', (w) => w.shadowRoot.querySelector('button.gh-card').dataset.card);
      await page.$eval('#w0', (w, c) => w.shadowRoot.querySelector(`button.gh-card[data-card="${c}"]`).click(), card);
      await page.waitForFunction(() => {
        const r = document.querySelector('#w0').shadowRoot;
        const legal = [...r.querySelectorAll('.gh-legal .gh-res')];
        return legal.length && legal.every((b) => /^(=|[+\u2212]\d+)$/.test(b.textContent));
      }, null, { timeout: 60000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: artifactPath('cdn-blog-laptop.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: artifactPath('cdn-blog-phone.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a cross-origin isolated page (COOP/COEP) gets threads from the CDN, with the same tables', async () => {
    const isolated = await serve({ SERVE_ROOT: join(SCRATCH, 'blog'), ISOLATION: '1' });
    const { page, problems, context } = await open(isolated);
    try {
      assert.equal(await page.evaluate(() => crossOriginIsolated), true);
      assert.deepEqual(await shownTable(page, '#w1'), TABLES.get(FAST[1]));
      const solver = await page.evaluate(async (url) => {
        const s = await (await import(url)).sharedSolver();
        return { mode: s.mode, threads: s.threads, why: s.fallbackReason };
      }, `${cdn}npm/glasshand@${version}/widget.js`);
      assert.equal(solver.mode, 'threaded', solver.why);
      assert.ok(solver.threads >= 2, `${solver.threads} threads`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a page whose CSP forbids the worker: the widget says why, never a blank', async () => {
    const { page, context } = await open(`${blog}strict.html`);
    try {
      await page.waitForFunction(() => document.querySelector('#w0')?.state === 'failed', null, { timeout: 60000 });
      const shown = await page.$eval('#w0', (w) => {
        const status = w.shadowRoot.querySelector('.gw-status');
        return { text: status.textContent, visible: status.getBoundingClientRect().height > 0, cards: w.shadowRoot.querySelectorAll('.gh-card').length };
      });
      assert.match(shown.text, /The solver could not start here/);
      assert.ok(shown.visible, 'the message is visible');
      assert.equal(shown.cards, 52, 'the deal is still drawn');
    } finally {
      await context.close();
    }
  });
});
