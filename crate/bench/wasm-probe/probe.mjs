#!/usr/bin/env node
// Times the engine's wasm in node (V8, as Chromium), nothing around it: the probe library's
// plain exports (src/lib.rs), one solver reused over the deals as the site's worker does.
// Several modules given are run in turn, deal by deal interleaved (A B A B ...), so that the
// machine's drift falls on all; the best of --rounds per deal and module counts.
//
//   node probe.mjs [--indices 0,63] [--limit 30] [--rounds 3] [--tt-mb 16] a.wasm [b.wasm ...]
//   node probe.mjs --signature a.wasm           # the bench signature and allocation counts
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const flag = (name) => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const tables = readFileSync(new URL('../../../../shared/data/tables.jsonl', import.meta.url), 'utf8')
  .trim().split('\n').map((l) => JSON.parse(l));
let indices = [0, 63, 126, 133, 154, 175, 189, 210, 273, 301];
const limit = opt('--limit');
if (limit) indices = [...Array(Number(limit)).keys()];
const given = opt('--indices');
if (given) indices = given.split(',').map(Number);
const rounds = Number(opt('--rounds', '3'));
const ttMb = Number(opt('--tt-mb', '16'));
const signature = flag('--signature');
const files = args;

const SEATS = ['N', 'E', 'S', 'W'];
const STRAINS = ['S', 'H', 'D', 'C', 'NT'];

function load(file) {
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
  const enc = new TextEncoder();
  return {
    file,
    exports,
    table(deal) {
      const bytes = enc.encode(deal);
      const ptr = exports.probe_input(bytes.length);
      new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
      // CPU time of the process (the machine is shared: wall time measures the neighbours
      // too); after the warm-up only this thread works.
      const c0 = process.cpuUsage();
      const nodes = exports.probe_table();
      const c = process.cpuUsage(c0);
      const ms = (c.user + c.system) / 1000;
      const tricks = new Uint8Array(exports.memory.buffer, exports.probe_tricks(), 20);
      return { ms, nodes, tricks: Array.from(tricks) };
    },
  };
}

const mods = files.map(load);
if (signature) {
  for (const m of mods) {
    const a0 = m.exports.probe_allocations();
    const t0 = performance.now();
    const nodes = m.exports.probe_signature();
    console.log(`${m.file}: signature ${nodes} (${(performance.now() - t0).toFixed(0)} ms), ${m.exports.probe_allocations() - a0} allocations`);
  }
  process.exit(0);
}
for (const m of mods) m.exports.probe_solver(ttMb);
// Warm-up (compilation tiers), also the allocation count of one table after it.
for (const m of mods) {
  m.table(tables[indices[0]].deal);
  const a0 = m.exports.probe_allocations();
  const b0 = m.exports.probe_allocated_bytes();
  const r = m.table(tables[indices[0]].deal);
  m.allocs = `${m.exports.probe_allocations() - a0} allocations (${m.exports.probe_allocated_bytes() - b0} bytes) for ${r.nodes} nodes`;
}
const best = mods.map(() => indices.map(() => Infinity));
const nodes = mods.map(() => indices.map(() => 0));
let wrong = 0;
for (let round = 0; round < rounds; round++) {
  indices.forEach((idx, k) => {
    const row = tables[idx];
    // Rotate the order each deal so no module always runs first.
    for (let j = 0; j < mods.length; j++) {
      const mi = (j + k + round) % mods.length;
      const r = mods[mi].table(row.deal);
      best[mi][k] = Math.min(best[mi][k], r.ms);
      nodes[mi][k] = r.nodes;
      SEATS.forEach((seat, d) => STRAINS.forEach((strain, s) => {
        if (r.tricks[5 * d + s] !== row.tricks[seat][strain]) wrong++;
      }));
    }
  });
}
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const base = sum(best[0]);
console.log(`${indices.length} deals, CPU ms, best of ${rounds}, tt ${ttMb} MB, load ${readFileSync('/proc/loadavg', 'utf8').trim()}${wrong ? `, ${wrong} WRONG entries` : ', all tables exact'}`);
mods.forEach((m, i) => {
  const total = sum(best[i]);
  console.log(`${m.file}: ${total.toFixed(0)} ms (${(total / indices.length).toFixed(1)} per table), ${sum(nodes[i])} nodes, ${(total / base).toFixed(3)}x the first; ${m.allocs}`);
});
console.log(JSON.stringify({ indices, ms: best.map((b) => b.map((x) => +x.toFixed(2))) }));
