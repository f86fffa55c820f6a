#!/usr/bin/env node
// Single-dummy speed (issue 19, "Speed"; not part of the tests). Run after web/build.sh and
// `cargo build --release`, on a quiet machine:
//
//   node web/bench-single.mjs                # 200 samples of each scenario
//   node web/bench-single.mjs --samples 50 --only lead
//   node web/bench-single.mjs --only site --browser-only --settled
//
// Scenarios: `lead`, issue 19's opening lead (three hidden hands, whole deals); `mid`, West
// on lead to the third trick of 4S by North, seeing dummy (two hidden hands, 11 tricks);
// `site`, the site's default deal (3NT by North, East on lead, no constraints).
// Times the same request natively (`glasshand single --json`, --threads 1 and 2; the binary
// of $CARGO_TARGET_DIR or target/) and in the browser (threaded build, pool of 2; single
// build), each with the table policy by default (emptied before each sample at the opening
// lead, kept later), kept across samples (`--keep` / `options.fresh: false`) and emptied
// before each one (`--fresh` / `options.fresh: true`); checks that every run gives the same
// numbers. `--settled` adds runs that stop once the ranking is settled (`stopWhenSettled`,
// as the site asks), which report their samples instead. `--browser-only` skips the native
// runs, `--no-single` the single build. Prints ms and samples per second; writes
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
  site: {
    title: "the site's default deal (3NT by North, East on lead)",
    request: { known: { E: 'QT9.T4.T86532.K3' }, contract: '3NT', declarer: 'N', played: [], samples, seed: 1 },
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
const POLICIES = [undefined, false, true];
const policyName = (fresh) => (fresh === undefined ? 'by default' : fresh ? 'fresh/sample' : 'kept');

function native(REQUEST, threads, fresh, settled = false) {
  const bin = join(process.env.CARGO_TARGET_DIR || join(REPO, 'target'), 'release/glasshand');
  const flags = `--threads ${threads}${fresh === undefined ? '' : fresh ? ' --fresh' : ' --keep'}${settled ? ' --until-settled' : ''}`;
  const script = `s=$(date +%s%N); "${bin}" single --json ${flags} 2>/dev/null; e=$(date +%s%N); echo "wall $(( (e - s) / 1000000 ))"; times`;
  const out = execFileSync('bash', ['-c', script], { input: JSON.stringify(REQUEST) }).toString().split('\n');
  const secs = (t) => {
    const m = t.match(/(\d+)m([\d.]+)s/);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const children = out[out.length - 2].trim().split(/\s+/).map(secs);
  const wallMs = Number(out[1].split(' ')[1]);
  return { where: `native, ${threads} thread${threads > 1 ? 's' : ''}`, fresh, settled, ms: wallMs, cpuMs: 1000 * (children[0] + children[1]), result: JSON.parse(out[0]) };
}

async function browserRuns(browser, server, REQUEST, mode, fresh, settled = false) {
  const page = await openPage(browser, server);
  try {
    await page.waitForFunction(() => window.glasshandLoaded === true);
    return await page.evaluate(async ({ request, mode, fresh, settled }) => {
      const solver = await window.glasshand.Glasshand.create({ mode, threads: 2 });
      const t0 = performance.now();
      const { deals, ...result } = await solver.single({ ...request, stopWhenSettled: settled }, fresh === undefined ? {} : { fresh });
      const ms = performance.now() - t0;
      const where = `browser, ${solver.mode}${solver.mode === 'threaded' ? ` (pool of ${solver.threads})` : ''}`;
      solver.destroy();
      return { where, fresh, settled, ms, result };
    }, { request: REQUEST, mode, fresh, settled });
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
    const settledToo = args.includes('--settled');
    if (!args.includes('--browser-only')) {
      for (const fresh of POLICIES) for (const threads of [1, 2]) runs.push(native(request, threads, fresh));
      if (settledToo) runs.push(native(request, 2, undefined, true));
    }
    for (const fresh of POLICIES) runs.push(await browserRuns(browser, server, request, 'threaded', fresh));
    if (settledToo) runs.push(await browserRuns(browser, server, request, 'threaded', undefined, true));
    if (!args.includes('--no-single')) runs.push(await browserRuns(browser, server, request, 'single', undefined));
    const reference = JSON.stringify(runs.find((r) => !r.settled).result);
    const settledReference = runs.find((r) => r.settled)?.result;
    console.log(`\n${name}: ${samples} samples of ${title}`);
    console.log('where                          table           ms   samples/s   cpu ms  same numbers');
    for (const r of runs) {
      // A settled run's numbers are those of its first samples: the same in every settled run.
      const same = r.settled ? JSON.stringify(r.result) === JSON.stringify(settledReference) : JSON.stringify(r.result) === reference;
      failed ||= !same;
      const cpu = r.cpuMs === undefined ? '' : r.cpuMs.toFixed(0);
      const table = policyName(r.fresh) + (r.settled ? `, settled at ${r.result.samples}` : '');
      console.log(
        `${r.where.padEnd(30)} ${table.padEnd(13)} ${r.ms.toFixed(0).padStart(8)} ${(r.result.samples / (r.ms / 1000)).toFixed(1).padStart(11)} ${cpu.padStart(8)}  ${same ? 'yes' : 'NO'}`,
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
