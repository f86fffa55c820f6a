// The search-tree model (web/board/search-tree.js) in Node, no browser: on the native
// `glasshand trace --json` answers for the site's trace examples, the tree holds every
// traced node once, the events replay the search (each node entered once, left once, its
// children in between), the layout does not overlap, collapsing hides exactly a subtree,
// and the sentences name the cards and counts that the trace gives.
//
//   node --test tests/browser/search-tree-model.test.mjs   (GLASSHAND_BIN: another binary)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { REPO } from './lib/harness.mjs';
import { TRACE_EXAMPLES } from '../../web/site/trace-examples.js';
import { cardText } from '../../web/board/bridge.js';
import {
  SearchTree, METRICS, cutSentence, patternSentence, probeSentence, runBounds, skipSentence, traceProbes, treeSize, walk,
} from '../../web/board/search-tree.js';

const BIN = process.env.GLASSHAND_BIN || join(REPO, 'target/release/glasshand');

/** The JS API's camelCase keys for a native answer. */
function camel(value) {
  if (Array.isArray(value)) return value.map(camel);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), camel(v)]));
}

function nativeTraces(requests) {
  const input = requests.map((r) => JSON.stringify(r)).join('\n');
  const out = execFileSync(BIN, ['trace', '--json'], { input });
  return out.toString().trim().split('\n').map((l) => camel(JSON.parse(l)));
}

let traces;
// Each example both ways: its own request, and the whole run.
const REQUESTS = TRACE_EXAMPLES.flatMap((e) => {
  const { target, ...run } = e;
  return target === undefined ? [e] : [e, run];
});

before(() => {
  traces = nativeTraces(REQUESTS.map(({ deal, trump, leader, trick, target }) => ({ deal, trump, leader, trick, target })));
});

const allTrees = () => traces.flatMap((t) => traceProbes(t).map((p) => new SearchTree(p)));

describe('the search-tree model', () => {
  test('a trace gives its searches: one for a target, the run probes otherwise', () => {
    traces.forEach((t, i) => {
      const probes = traceProbes(t);
      if (REQUESTS[i].target !== undefined) {
        assert.equal(probes.length, 1);
        assert.equal(probes[0].target, REQUESTS[i].target, 'the side to move’s target, back from North-South’s');
        assert.equal(probes[0].holds, t.holds);
      } else {
        assert.equal(probes.length, t.probes.length);
        // The run's bounds close on the value it found.
        const left = t.probes[0].root.hands.map((h) => h.length).reduce((a, b) => Math.max(a, b));
        const last = runBounds(probes, left).at(-1);
        assert.equal(last.lower, t.tricks);
        assert.ok(last.upper >= t.tricks);
      }
    });
    assert.throws(() => traceProbes({}), /probes or a root/);
    assert.throws(() => new SearchTree(null), /not a traced search/);
  });

  test('every traced node once, with its parent, depth and outcome', () => {
    for (const tree of allTrees()) {
      const raw = walk(tree.probe.root);
      assert.equal(tree.size, raw.length);
      assert.equal(tree.size, treeSize(tree.probe));
      assert.deepEqual(tree.order, raw.map((n) => n.id));
      for (const n of tree.nodes.values()) {
        if (n.parentId !== null) {
          const parent = tree.node(n.parentId);
          assert.equal(n.depth, parent.depth + 1);
          assert.ok(parent.childIds.includes(n.id));
          assert.equal(n.playedBy, parent.toMove);
        }
      }
      assert.equal(tree.node(tree.rootId).holds, tree.probe.holds, 'the root holds when the search does');
    }
  });

  test('the events replay the search: each node entered and left once, children inside', () => {
    for (const tree of allTrees()) {
      const enter = new Map();
      const leave = new Map();
      tree.events.forEach((e, i) => {
        if (e.type === 'enter' || e.type === 'try') {
          assert.ok(!enter.has(e.node));
          enter.set(e.node, i);
        }
        if (e.type === 'leave') {
          assert.ok(!leave.has(e.node));
          leave.set(e.node, i);
        }
        assert.ok(e.text.length > 0, `${e.type} has a sentence`);
      });
      assert.equal(enter.size, tree.size);
      assert.equal(leave.size, tree.size);
      for (const n of tree.nodes.values()) {
        assert.ok(enter.get(n.id) < leave.get(n.id));
        if (n.parentId !== null) {
          assert.ok(enter.get(n.parentId) < enter.get(n.id) && leave.get(n.id) < leave.get(n.parentId));
        }
        const kinds = tree.events.filter((e) => e.node === n.id).map((e) => e.type);
        assert.equal(kinds.includes('cut'), Boolean(n.cut));
        assert.equal(kinds.includes('probe'), Boolean(n.probe));
        assert.equal(kinds.includes('store'), Boolean(n.store));
        assert.equal(kinds.filter((k) => k === 'skip').length, n.skipped.length);
      }
      // Stepping shows more nodes, never fewer.
      let before = 0;
      for (let step = 0; step <= tree.events.length; step++) {
        const shown = tree.visibleAt(step).entered.size;
        assert.ok(shown >= before);
        before = shown;
      }
      assert.equal(before, tree.size);
      assert.equal(tree.visibleAt(0).entered.size, 0);
    }
  });

  test('the layout: no two leaves share a place, parents above the middle of their children', () => {
    for (const metrics of [METRICS.normal, METRICS.large]) {
      for (const tree of allTrees()) {
        const { pos, width, height, slots } = tree.layout(metrics);
        assert.equal(pos.size, tree.size + tree.skipped.length);
        const places = new Set([...pos.values()].map((p) => `${p.x},${p.y}`));
        assert.equal(places.size, pos.size, 'every node and skipped card has its own place');
        for (const p of pos.values()) assert.ok(p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height);
        for (const n of tree.nodes.values()) {
          const kids = [...n.childIds, ...n.skipped.map((s) => s.key)].map((k) => pos.get(k));
          if (!kids.length) continue;
          assert.ok(kids.every((k) => k.y === pos.get(n.id).y + metrics.level));
          assert.equal(pos.get(n.id).x, (kids[0].x + kids.at(-1).x) / 2);
        }
        assert.equal(slots.get(tree.rootId), tree.size - [...tree.nodes.values()].filter((n) => n.childIds.length || n.skipped.length).length + tree.skipped.length);
      }
    }
  });

  test('collapsing a node hides its subtree and shrinks the layout; expanding restores it', () => {
    const tree = allTrees().reduce((a, b) => (b.size > a.size ? b : a));
    const full = tree.layout();
    const inner = [...tree.nodes.values()].find((n) => n.parentId !== null && tree.descendants(n.id) > 1);
    assert.ok(inner, 'a node with a subtree');
    assert.ok(tree.toggle(inner.id));
    assert.equal(tree.hiddenIds().size, tree.descendants(inner.id));
    const folded = tree.layout();
    assert.ok(folded.width < full.width);
    assert.ok(!folded.pos.has(inner.childIds[0]));
    tree.toggle(inner.id);
    assert.equal(tree.hiddenIds().size, 0);
    assert.deepEqual(tree.layout().pos, full.pos);
    const leaf = [...tree.nodes.values()].find((n) => !n.childIds.length);
    assert.equal(tree.toggle(leaf.id), false, 'a leaf has nothing to fold');
  });

  test('the sentences name what the trace gives', () => {
    let cuts = 0;
    let skips = 0;
    let hits = 0;
    let stores = 0;
    for (const tree of allTrees()) {
      for (const n of tree.nodes.values()) {
        if (n.cut) {
          cuts++;
          const s = cutSentence(n);
          for (const c of n.cut.cards) assert.ok(s.includes(cardText(c)), `${s} names ${c}`);
          if (n.cut.rule === 'quick-tricks-ns') assert.match(s, new RegExp(`^quick tricks: .* ${n.targetNs} top tricks?`));
        }
        for (const sk of n.skipped) {
          skips++;
          const s = skipSentence(n, sk);
          assert.ok(s.startsWith(`not searched: ${cardText(sk.card)}`));
          if (sk.coveredBy) assert.ok(s.includes(`${cardText(sk.coveredBy)} already failed`));
        }
        const hit = n.probe && n.probe.result === 'cut' ? n.probe : null;
        if (hit) {
          hits++;
          const s = patternSentence(hit.pattern, n.hands);
          assert.ok(s.includes(hit.pattern.positions === 1 ? 'this position only' : `answers ${hit.pattern.positions.toLocaleString('en')} positions`), s);
          for (const c of hit.pattern.cards) assert.ok(s.includes(cardText(c)), `${s} names ${c}`);
        }
        if (n.store) {
          stores++;
          assert.ok(tree.facts(n.id).lines.some((l) => l.startsWith('It stores: ')));
        }
      }
    }
    assert.ok(cuts && skips && hits && stores, 'the examples show every kind');
  });

  test('a table hit names a store of the same pattern, and the probes read as questions', () => {
    const byId = new Map();
    for (const t of traces) for (const p of traceProbes(t)) for (const n of walk(p.root)) byId.set(`${traces.indexOf(t)}:${n.id}`, n);
    let linked = 0;
    let crossSearch = 0;
    traces.forEach((t, i) => {
      for (const p of traceProbes(t)) {
        for (const n of walk(p.root)) {
          if (n.probe?.result !== 'cut' || !n.probe.storedBy) continue;
          const stored = byId.get(`${i}:${n.probe.storedBy}`);
          assert.ok(stored && stored.store, 'the storing node exists and stored');
          assert.deepEqual(stored.store.pattern.owners, n.probe.pattern.owners);
          const tree = new SearchTree(p);
          const elsewhere = !tree.nodes.has(n.probe.storedBy);
          assert.equal(tree.tableSentence(tree.node(n.id)).includes('in an earlier search of the run'), elsewhere);
          crossSearch += elsewhere;
          linked++;
        }
      }
      const mover = traceProbes(t)[0].root.toMove;
      for (const p of traceProbes(t)) {
        const s = probeSentence(p, mover);
        assert.ok(s.includes(`take ${p.target} trick`));
        assert.ok(s.includes(p.holds ? `yes → at least ${p.target}` : `no → at most ${p.target - 1}`));
      }
    });
    assert.ok(linked > 0);
    assert.ok(crossSearch > 0, 'a run answers a search from an earlier one');
  });
});
