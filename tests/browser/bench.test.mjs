// The bench signature in the browser: both wasm builds must count the same nodes as the
// native `glasshand bench` (the same deals, a fresh solver, the default configuration, one
// thread). Any difference means the wasm engine searches differently from the native one.
// Run by tests/browser.sh (after web/build.sh and with target/release/glasshand, which this
// builds if it is missing): node --test tests/browser/
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, nativeSignature, openPage, startServer } from './lib/harness.mjs';

let browser;
let isolated;
let plain;
let native;

before(async () => {
  // The native run (seconds) goes on while the browser and the servers start.
  [native, browser, isolated, plain] = await Promise.all([
    nativeSignature(),
    launchBrowser(),
    startServer({ isolation: true }),
    startServer({ isolation: false }),
  ]);
  console.log(`native signature: ${native.nodes} (${native.deals.join(' + ')}) in ${native.ms.toFixed(0)} ms`);
});

after(async () => {
  await browser?.close();
  await isolated?.close();
  await plain?.close();
});

async function wasmSignature(server, options) {
  const page = await openPage(browser, server);
  try {
    await page.waitForFunction(() => window.glasshandLoaded === true);
    const out = await page.evaluate(async (opts) => {
      const solver = await window.glasshand.Glasshand.create(opts);
      const heard = [];
      const t0 = performance.now();
      try {
        const result = await solver.bench({ onDeal: (e) => heard.push(e) });
        return { ...result, heard, ms: performance.now() - t0 };
      } finally {
        solver.destroy();
      }
    }, options);
    assert.deepEqual(page.problems, []);
    return out;
  } finally {
    await page.closeAll();
  }
}

function check(wasm, mode) {
  console.log(`wasm ${mode} signature: ${wasm.nodes} (${wasm.deals.join(' + ')}) in ${wasm.ms.toFixed(0)} ms`);
  assert.equal(wasm.mode, mode);
  assert.ok(native.nodes > 0 && native.deals.length > 0, 'the native bench printed its counts');
  assert.deepEqual(wasm.deals, native.deals, 'nodes per deal');
  assert.equal(wasm.nodes, native.nodes, 'the signature');
  assert.deepEqual(wasm.heard.map((e) => [e.index, e.nodes]), wasm.deals.map((n, i) => [i, n]), 'onDeal per deal');
}

test('single build: the bench signature equals the native one', async () => {
  check(await wasmSignature(plain, { mode: 'single' }), 'single');
});

test('threaded build: the bench signature equals the native one', async () => {
  check(await wasmSignature(isolated, { threads: 1 }), 'threaded');
});
