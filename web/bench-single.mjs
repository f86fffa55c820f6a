#!/usr/bin/env node
// Single-dummy speed (issue 19, "Speed"; not part of the tests). Run after web/build.sh and
// `cargo build --release`, on a quiet machine:
//
//   node web/bench-single.mjs                # 200 samples of each scenario
//   node web/bench-single.mjs --samples 50 --only lead
//
// Scenarios: `lead`, issue 19's opening lead (three hidden hands, whole deals); `mid`, West
// on lead to the third trick of 4S by North, seeing dummy (two hidden hands, 11 tricks).
// Times the same request natively (`glasshand single --json`, --threads 1 and 2) and in the
// browser (threaded build, pool of 2; single build), each with the transposition table kept
// across samples and emptied before each one (`--fresh` / `options.fresh`); checks that every
// run gives the same numbers. Prints ms and samples per second; writes
// tests/artifacts/bench-single.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactPath, launchBrowser, openPage, REPO, startServer } from '../tests/browser/lib/harness.mjs';

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const samples = Number(arg('--samples') ?? 200);
const SCENARIOS = {
  lead: {
    title: "issue 19's opening lead (West, 4S by South)",
    request: {
      known: { W: 'KQ53.T97.A864.J2' },
      contract: '4S',
      declarer: 'S',
      played: [],
      constraints: { N: { hcp: [10, 15] }, S: { hcp: [15, 17], S: [5, 7] } },
      samples,
      seed: 1,
    },
  },
  mid: {
    title: 'West to lead to trick 3 of 4S by North, dummy (South) seen',
    request: {
      known: { W: 'K7.AKJ5.K86.A962', S: '95.T.AJ7432.QJ84' },
      contract: '4S',
      declarer: 'N',
      played: ['H2', 'HT', 'HA', 'H3', 'HK', 'H4', 'H6', 'D2'],
      constraints: { N: { hcp: [8, 14], S: [6, 8] } },
      samples,
      seed: 1,
    },
  },
};
const only = arg('--only');

/** Wall and CPU (user + system, from bash's `times`) milliseconds of one native run. */
function native(REQUEST, threads, fresh) {
  const bin = join(REPO, 'target/release/glasshand');
  const flags = `--threads ${threads}${fresh ? ' --fresh' : ''}`;
  const script = `s=$(date +%s%N); "${bin}" single --json ${flags} 2>/dev/null; e=$(date +%s%N); echo "wall $(( (e - s) / 1000000 ))"; times`;
  const out = execFileSync('bash', ['-c', script], { input: JSON.stringify(REQUEST) }).toString().split('\n');
  const secs = (t) => {
    const m = t.match(/(\d+)m([\d.]+)s/);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const children = out[out.length - 2].trim().split(/\s+/).map(secs);
  const wallMs = Number(out[1].split(' ')[1]);
  return { where: `native, ${threads} thread${threads > 1 ? 's' : ''}`, fresh, ms: wallMs, cpuMs: 1000 * (children[0] + children[1]), result: JSON.parse(out[0]) };
}

async function browserRuns(browser, server, REQUEST, mode, fresh) {
  const page = await openPage(browser, server);
  try {
    await page.waitForFunction(() => window.glasshandLoaded === true);
    return await page.evaluate(async ({ request, mode, fresh }) => {
      const solver = await window.glasshand.Glasshand.create({ mode, threads: 2 });
      const t0 = performance.now();
      const { deals, ...result } = await solver.single(request, { fresh });
      const ms = performance.now() - t0;
      const where = `browser, ${solver.mode}${solver.mode === 'threaded' ? ` (pool of ${solver.threads})` : ''}`;
      solver.destroy();
      return { where, fresh, ms, result };
    }, { request: REQUEST, mode, fresh });
  } finally {
    await page.closeAll();
  }
}

const report = {};
let failed = false;
const [browser, server] = await Promise.all([launchBrowser(), startServer({ isolation: true })]);
try {
  for (const [name, { title, request }] of Object.entries(SCENARIOS)) {
    if (only && only !== name) continue;
    const runs = [];
    for (const fresh of [false, true]) for (const threads of [1, 2]) runs.push(native(request, threads, fresh));
    for (const fresh of [false, true]) runs.push(await browserRuns(browser, server, request, 'threaded', fresh));
    if (!args.includes('--no-single')) runs.push(await browserRuns(browser, server, request, 'single', false));
    const reference = JSON.stringify(runs[0].result);
    console.log(`\n${name}: ${samples} samples of ${title}`);
    console.log('where                          table          ms   samples/s   cpu ms  same numbers');
    for (const r of runs) {
      const same = JSON.stringify(r.result) === reference;
      failed ||= !same;
      const cpu = r.cpuMs === undefined ? '' : r.cpuMs.toFixed(0);
      console.log(
        `${r.where.padEnd(30)} ${(r.fresh ? 'fresh/sample' : 'kept').padEnd(12)} ${r.ms.toFixed(0).padStart(8)} ${(samples / (r.ms / 1000)).toFixed(1).padStart(11)} ${cpu.padStart(8)}  ${same ? 'yes' : 'NO'}`,
      );
    }
    report[name] = { title, request, runs };
  }
} finally {
  await browser.close();
  await server.close();
}
writeFileSync(artifactPath('bench-single.json'), JSON.stringify({ samples, scenarios: report }, null, 2));
if (failed) process.exit(1);
