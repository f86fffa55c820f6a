// Helpers for the browser tests: the dev server, headless Chromium (Debian's, driven by
// playwright-core) and the ground truth of tests/data/.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { promisify } from 'node:util';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const DATA = join(REPO, 'tests/data');
export const ARTIFACTS = join(REPO, 'tests/artifacts');

const require = createRequire(join(REPO, 'web/package.json'));
const { chromium } = require('playwright-core');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Starts web/serve.mjs on a free port; resolves to { url, close }. */
export function startServer({ isolation = true } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'web/serve.mjs'), '--quiet'], {
      env: { ...process.env, PORT: '0', ISOLATION: isolation ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`server did not start: ${out}${err}`));
    }, 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/^Serving at (http:\/\/127\.0\.0\.1:\d+\/)$/m);
      if (m) {
        clearTimeout(timer);
        resolvePromise({
          url: m[1],
          close: () => new Promise((r) => {
            if (child.exitCode !== null) return r();
            child.once('exit', r);
            child.kill('SIGTERM');
          }),
        });
      }
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('Serving at')) reject(new Error(`server exited (${code}): ${err}`));
    });
  });
}

export async function launchBrowser() {
  // The one browser of every test: a missing one fails the run, it never skips.
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH} (set CHROMIUM_PATH, or run tests/setup.sh)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * For a test file: Chromium and a dev server (`isolation` as startServer's), started before
 * its tests and closed after them. Returns `{browser, server}`, filled in once started.
 */
export function browserAndServer({ isolation = true } = {}) {
  const env = { browser: null, server: null };
  before(async () => {
    [env.browser, env.server] = await Promise.all([launchBrowser(), startServer({ isolation })]);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * For a test file that runs both builds: Chromium, an isolated server (threaded build) and a
 * plain one (single build), started before its tests and closed after them.
 */
export function browserAndBothServers() {
  const env = { browser: null, isolated: null, plain: null };
  before(async () => {
    [env.browser, env.isolated, env.plain] = await Promise.all([
      launchBrowser(),
      startServer({ isolation: true }),
      startServer({ isolation: false }),
    ]);
  });
  after(async () => {
    await env.browser?.close();
    await env.isolated?.close();
    await env.plain?.close();
  });
  return env;
}

/** A page with `window.solver` created (two threads where the page allows): `{page, mode}`. */
export async function solverPage(browser, server) {
  const page = await openPage(browser, server);
  await page.waitForFunction(() => window.glasshandLoaded === true);
  const mode = await page.evaluate(async () => {
    window.solver = await window.glasshand.Glasshand.create({ threads: 2 });
    return window.solver.mode;
  });
  return { page, mode };
}

/**
 * One describe per wasm build (`env` from browserAndBothServers): `body(ctx)` declares its
 * tests, which find in `ctx.page` a solver page whose mode was checked to be that build's.
 */
export function describeBothBuilds(env, title, body) {
  const builds = [
    ['cross-origin isolated page', () => env.isolated, 'threaded'],
    ['page without COOP/COEP', () => env.plain, 'single'],
  ];
  for (const [name, server, flavour] of builds) {
    describe(`${title} on a ${name}: the ${flavour} build`, () => {
      const ctx = { page: null, flavour };
      before(async () => {
        const opened = await solverPage(env.browser, server());
        ctx.page = opened.page;
        assert.equal(opened.mode, flavour);
      });
      after(async () => ctx.page?.closeAll());
      body(ctx);
    });
  }
}

/**
 * Opens `path` on the server in a fresh page and records every console error, uncaught page
 * error and worker error into `page.problems`. `contextOptions` go to playwright's
 * `newContext`; `beforeLoad(page)` runs before the page is loaded (to hook its requests).
 */
export async function openPage(browser, server, path = 'tests/browser/lib/blank.html', { contextOptions, beforeLoad } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  beforeLoad?.(page);
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`worker console.error: ${msg.text()}`);
    });
  });
  page.on('crash', () => problems.push('page crashed'));
  await page.goto(new URL(path, server.url).href);
  page.problems = problems;
  page.closeAll = () => context.close();
  return page;
}

/** wasm-pack.toml, as web/wasm-settings.py reads it for the build: `budget`, flavours, … */
/**
 * Polls `fn(arg)` in the page until it gives a truthy value, and returns it. Unlike
 * `page.waitForFunction`, it awaits an async `fn`: waitForFunction takes the Promise itself
 * for the answer, and a Promise is truthy, so it would return at once.
 */
export async function waitUntil(page, fn, arg, { timeout = 30000, interval = 50 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > end) throw new Error(`waitUntil: still false after ${timeout} ms: ${fn}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

export function wasmSettings() {
  return JSON.parse(execFileSync('python3', [join(REPO, 'web/wasm-settings.py'), '--json']).toString());
}

export function readJsonl(path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** The deals of DDS's list files (`PBN d v t f "<deal>"` lines). */
export function readDdsDeals(path) {
  const out = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = line.match(/^PBN\s+(\d)\s+(\d)\s+(\d)\s+(\d)\s+"([^"]+)"/);
    if (m) {
      out.push({ dealer: +m[1], vul: +m[2], trump: +m[3], first: +m[4], deal: m[5] });
    }
  }
  return out;
}

/** The records of a DDS list file with a play: `{deal, trump, leader, play, trace}`. */
export function readDdsTraces(path) {
  const out = [];
  let pbn = null;
  let play = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = line.match(/^PBN\s+(\d)\s+(\d)\s+(\d)\s+(\d)\s+"([^"]+)"/);
    if (m) pbn = { deal: m[5], trump: ['S', 'H', 'D', 'C', 'NT'][+m[3]], leader: 'NESW'[+m[4]] };
    const p = line.match(/^PLAY\s+\d+\s+"([^"]*)"/);
    if (p) play = p[1];
    if (line.startsWith('TRACE') && pbn && play !== null) {
      out.push({ ...pbn, play, trace: line.trim().split(/\s+/).slice(2).map(Number) });
      pbn = null;
      play = null;
    }
  }
  return out;
}

export function artifactPath(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/**
 * The native bench signature: runs `target/release/glasshand bench` (building it with
 * `cargo build --release -p glasshand` first if it is missing) and resolves to
 * `{nodes, deals, ms}`: `Nodes searched` of its stdout and the per-deal counts of its stderr.
 */
export async function nativeSignature() {
  const run = promisify(execFile);
  const bin = join(REPO, 'target/release/glasshand');
  if (!existsSync(bin)) {
    const env = { ...process.env, PATH: `${process.env.HOME}/.cargo/bin:${process.env.PATH}` };
    await run('cargo', ['build', '--release', '-p', 'glasshand'], { cwd: REPO, env, maxBuffer: 1 << 24 });
  }
  const t0 = performance.now();
  const { stdout, stderr } = await run(bin, ['bench'], { cwd: REPO });
  const m = stdout.match(/^Nodes searched\s*:\s*(\d+)$/m);
  if (!m) throw new Error(`unexpected output of glasshand bench: ${stdout}${stderr}`);
  const deals = [...stderr.matchAll(/^deal\s+\d+:\s+(\d+) nodes$/gm)].map((d) => Number(d[1]));
  return { nodes: Number(m[1]), deals, ms: performance.now() - t0 };
}
