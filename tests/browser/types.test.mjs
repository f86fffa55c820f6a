// The types are checked against the engine: the API's real outputs and events (single build,
// in headless Chromium) are written out as TypeScript values of the types of
// web/glasshand.d.ts, and `tsc --noEmit` (strict, exact optional properties) compiles them
// with tests/types/usage.ts, a page's use of the API and the widget. A key the engine gives
// that the types lack, or one they promise that it does not give, fails the compile.
//
//   node --test tests/browser/types.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, browserAndServer, DATA, openPage, readJsonl, REPO } from './lib/harness.mjs';

const TABLES = readJsonl(join(DATA, 'tables.jsonl'));
const POSITIONS = readJsonl(join(DATA, 'positions.jsonl'));

const env = browserAndServer({ isolation: false });

test('the real outputs and events of every job kind have the declared types (tsc --noEmit)', async () => {
  const page = await openPage(env.browser, env.server);
  let outputs;
  try {
    outputs = await page.evaluate(async ({ deal, position }) => {
      const { Glasshand } = await import('/web/glasshand.js');
      const solver = await Glasshand.create({ mode: 'single' });
      const events = [];
      const onEvent = (e) => events.push(e);
      const out = {
        table: await solver.table(deal, { onEvent }),
        tables: await solver.tables([deal], { onEvent }),
        solve: await solver.solve(position, { onEvent }),
        analyse: await solver.analyse(position, { onEvent }),
        inspect: await solver.inspect(position, { onEvent }),
        par: await solver.par({ deal, dealer: 'E', vulnerability: 'NS' }, { onEvent }),
        play: await solver.play({ deal, trump: 'S', leader: 'W', play: [] }, { onEvent }),
        single: await solver.single({ known: { W: 'KQ53.T97.A864.J2' }, contract: '4S', declarer: 'S', samples: 4, seed: 1 }, { onEstimate: onEvent }),
        probe: await solver.probeThreads(),
      };
      const error = await solver.table('N:AK').catch((e) => ({ message: e.message, code: e.code }));
      solver.destroy();
      // One event of each type is enough for the compile.
      const byType = new Map(events.map((e) => [e.type, e]));
      return { ...out, events: [...byType.values()], error };
    }, { deal: TABLES[329].deal, position: { deal: POSITIONS[4].deal, trump: POSITIONS[4].trump, leader: POSITIONS[4].leader, trick: POSITIONS[4].trick } });
    assert.deepEqual(page.problems, []);
  } finally {
    await page.closeAll();
  }
  const dir = join(ARTIFACTS, 'types');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'glasshand'), { recursive: true });
  // The package's layout (web/pack.sh): both declaration files side by side.
  copyFileSync(join(REPO, 'web/glasshand.d.ts'), join(dir, 'glasshand/glasshand.d.ts'));
  copyFileSync(join(REPO, 'web/widget/widget.d.ts'), join(dir, 'glasshand/widget.d.ts'));
  const TYPES = {
    table: 'TableResult', tables: 'TableResult[]', solve: 'SolveResult', analyse: 'AnalyseResult', inspect: 'InspectResult',
    par: 'ParResult', play: 'PlayResult', single: 'SingleResult', probe: 'ProbeResult', events: 'JobEvent[]',
  };
  assert.ok(outputs.events.length >= 6, `events of ${outputs.events.map((e) => e.type)}`);
  assert.equal(outputs.error.code, 'syntax', outputs.error.message);
  const names = [...new Set(Object.values(TYPES).map((t) => t.replace('[]', '')))];
  const lines = [
    '// Written by tests/browser/types.test.mjs: what the engine answered, typed as web/glasshand.d.ts says.',
    `import type { ${names.join(', ')} } from './glasshand/glasshand.js';`,
    ...Object.entries(TYPES).map(([k, t]) => `export const ${k}: ${t} = ${JSON.stringify(outputs[k], null, 1)};`),
  ];
  writeFileSync(join(dir, 'outputs.ts'), `${lines.join('\n')}\n`);
  const tsc = join(REPO, 'web/node_modules/.bin/tsc');
  try {
    execFileSync(tsc, ['-p', join(REPO, 'tests/types/tsconfig.json')], { cwd: REPO, stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc --noEmit failed:\n${e.stdout}${e.stderr}`);
  }
});
