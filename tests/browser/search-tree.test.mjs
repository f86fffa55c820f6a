// The search-tree panel of the teaching site (web/site/tree.js, web/ui/search-tree.js) in
// headless Chromium, both wasm builds: the tree drawn is the one `solver.trace` gives (one
// SVG node per traced node, the cards on the edges, the colours of the outcomes), skipped
// cards and table hits are shown, stepping grows and shrinks it, the ablation switches and
// the MTD(f) run redraw it, the SVG export parses, and a phone has no page overflow.
//
//   node --test tests/browser/search-tree.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { browserAndBothServers, openPage } from './lib/harness.mjs';
import { TRACE_EXAMPLES } from '../../web/site/trace-examples.js';

const env = browserAndBothServers();
const FINESSE = TRACE_EXAMPLES.findIndex((e) => e.name === 'A finesse, king onside');
const ONE_ENTRY = TRACE_EXAMPLES.findIndex((e) => e.name === 'One entry, many layouts');
const RUN = TRACE_EXAMPLES.findIndex((e) => e.target === undefined);
const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
const cardText = (c) => SUIT[c[0]] + (c[1] === 'T' ? '10' : c[1]);

/** The page's own solver (the app's, through its state module) traces `request`. */
function traceInPage(page, request, options = {}) {
  return page.evaluate(async ({ request, options }) => {
    const { site } = await import('./web/site/state.js');
    const { deal, trump, leader, trick, target } = request;
    return site.solver.trace({ deal, trump, leader, trick, target }, { queue: true, ...options });
  }, { request, options });
}

/** Every node of a traced search, parents first. */
function walk(node, out = []) {
  out.push(node);
  for (const c of node.children || []) walk(c, out);
  return out;
}

const settled = (page) => page.waitForFunction(() => ['done', 'failed'].includes(document.body.dataset.tree));
const drawnNodes = (page) => page.locator('#tree-box .gh-tree-node').count();

async function chooseExample(page, index) {
  await page.selectOption('#tree-source', String(index));
  await settled(page);
}

function siteTests(title, server, flavour) {
  describe(`the search-tree panel on a ${title}: the ${flavour} build`, () => {
    let page;
    before(async () => {
      page = await openPage(env.browser, server(), 'index.html', { contextOptions: { viewport: { width: 1366, height: 900 }, acceptDownloads: true } });
      await settled(page);
    });
    after(async () => {
      assert.deepEqual(page.problems, []);
      await page.closeAll();
    });

    test('the finesse: one SVG node per traced node, the cards on the edges, the colours of the outcomes', async () => {
      await chooseExample(page, FINESSE);
      const ex = TRACE_EXAMPLES[FINESSE];
      const trace = await traceInPage(page, ex);
      const nodes = walk(trace.root);
      assert.equal(await drawnNodes(page), nodes.length);
      const labels = await page.$$eval('#tree-box .gh-tree-edge-label', (ls) => ls.map((l) => ({ to: Number(l.dataset.to), card: l.dataset.card, text: l.textContent })));
      const withCards = nodes.filter((n) => n.card);
      assert.equal(labels.length, withCards.length);
      for (const n of withCards) {
        const label = labels.find((l) => l.to === n.id);
        assert.ok(label, `an edge label for node ${n.id}`);
        assert.equal(label.card, n.card);
        assert.equal(label.text, cardText(n.card));
      }
      const moverNs = 'NS'.includes(trace.root.toMove);
      const drawn = await page.$$eval('#tree-box .gh-tree-node', (gs) => gs.map((g) => ({
        id: Number(g.dataset.id), holds: g.dataset.holds, fill: g.querySelector('.gh-tree-shape').getAttribute('fill'),
      })));
      const fills = new Set();
      for (const n of nodes) {
        const d = drawn.find((x) => x.id === n.id);
        assert.equal(d.holds, String(n.reached === moverNs), `node ${n.id}'s colour follows its outcome`);
        fills.add(`${d.holds}:${d.fill}`);
      }
      assert.equal(drawn.find((d) => d.id === trace.root.id).holds, String(trace.holds));
      assert.equal(new Set([...fills].map((f) => f.split(':')[0])).size, fills.size, 'one fill per outcome');
    });

    test('a skipped card is drawn greyed, and says why it was not searched', async () => {
      const trace = await traceInPage(page, TRACE_EXAMPLES[FINESSE]);
      const parent = walk(trace.root).find((n) => n.skipped?.length);
      const skipped = parent.skipped[0];
      const leaf = page.locator(`#tree-box .gh-tree-skipped[data-key="${parent.id}:${skipped.card}"]`);
      assert.equal(await leaf.count(), 1);
      const why = `not searched: ${cardText(skipped.card)}; ${cardText(skipped.coveredBy)} already failed`;
      assert.ok((await leaf.locator('title').textContent()).startsWith(why));
      await leaf.locator('circle').click();
      assert.ok((await page.textContent('#tree-details')).includes(why));
    });

    test('Next grows the tree event by event, Back shrinks it', async () => {
      const total = await drawnNodes(page);
      await page.click('#tree-next');
      const counts = [await drawnNodes(page)];
      for (let i = 0; i < 6; i++) {
        await page.click('#tree-next');
        counts.push(await drawnNodes(page));
      }
      assert.equal(counts[0], 1, 'the first event shows the root alone');
      assert.ok(counts.every((c, i) => i === 0 || c >= counts[i - 1]), `never fewer: ${counts}`);
      assert.ok(counts.at(-1) > counts[0] && counts.at(-1) <= total);
      const back = [counts.at(-1)];
      for (let i = 0; i < 6; i++) {
        await page.click('#tree-back');
        back.push(await drawnNodes(page));
      }
      assert.ok(back.every((c, i) => i === 0 || c <= back[i - 1]), `never more: ${back}`);
      assert.ok(back.at(-1) < back[0]);
      await page.click('#tree-all');
      assert.equal(await drawnNodes(page), total);
    });

    test('Play animates the events and Pause stops; a node’s toggle folds its subtree', async () => {
      const step = () => page.$eval('#tree-box svg', (s) => Number(s.dataset.step));
      await page.click('#tree-play');
      assert.equal(await page.textContent('#tree-play'), 'Pause');
      await page.waitForFunction(() => Number(document.querySelector('#tree-box svg').dataset.step) >= 3);
      await page.click('#tree-play');
      assert.equal(await page.textContent('#tree-play'), 'Play');
      const paused = await step();
      await page.waitForTimeout(1000);
      assert.equal(await step(), paused, 'paused');
      await page.click('#tree-all');
      const trace = await traceInPage(page, TRACE_EXAMPLES[FINESSE]);
      const inner = walk(trace.root).find((n) => n.id !== trace.root.id && n.children?.length);
      const below = walk(inner).length - 1;
      const before = await drawnNodes(page);
      await page.locator(`#tree-box .gh-tree-toggle[data-id="${inner.id}"] circle`).click();
      assert.equal(await drawnNodes(page), before - below);
      await page.locator(`#tree-box .gh-tree-toggle[data-id="${inner.id}"] circle`).click();
      assert.equal(await drawnNodes(page), before);
    });

    test('projector: 20 px type or more in the controls and in the tree', async () => {
      await page.click('#tree-projector');
      const sizes = await page.evaluate(() => {
        const px = (e) => parseFloat(getComputedStyle(e).fontSize);
        const controls = [...document.querySelectorAll('#search-tree button, #search-tree select, #search-tree p, #search-tree label')].filter((e) => e.offsetParent);
        const svg = document.querySelector('#tree-box svg');
        const scale = Number(svg.dataset.scale);
        const texts = [...svg.querySelectorAll('.gh-tree-node text, .gh-tree-edge-label')].map((t) => Number(t.getAttribute('font-size')) * scale);
        return { controls: Math.min(...controls.map(px)), tree: Math.min(...texts) };
      });
      await page.click('#tree-projector');
      assert.ok(sizes.controls >= 20, `controls: ${sizes.controls}px`);
      assert.ok(sizes.tree >= 20, `tree: ${sizes.tree}px`);
    });

    test('a table hit links to the node that stored its entry', async () => {
      await chooseExample(page, ONE_ENTRY);
      const trace = await traceInPage(page, TRACE_EXAMPLES[ONE_ENTRY]);
      const nodes = walk(trace.root);
      const hits = nodes.filter((n) => n.probe?.result === 'cut' && n.probe.storedBy);
      assert.ok(hits.length > 0);
      const links = await page.$$eval('#tree-box .gh-tree-link', (ls) => ls.map((l) => ({ from: Number(l.dataset.from), to: Number(l.dataset.to) })));
      assert.equal(links.length, hits.length);
      for (const hit of hits) {
        const link = links.find((l) => l.from === hit.id);
        assert.equal(link.to, hit.probe.storedBy);
        assert.equal(await page.locator(`#tree-box .gh-tree-node[data-id="${link.to}"]`).count(), 1, 'the storing node is drawn');
        assert.ok(nodes.find((n) => n.id === link.to).store, 'and it stored');
      }
      await page.locator(`#tree-box .gh-tree-node[data-id="${hits[0].id}"]`).click();
      const details = await page.textContent('#tree-details');
      assert.ok(details.includes(`stored by node #${hits[0].probe.storedBy}`), details);
      assert.ok(details.includes(`answers ${hits[0].probe.pattern.positions.toLocaleString('en')} positions`), details);
    });

    test('table off redraws the tree: at least as many nodes as partition search', async () => {
      const ex = TRACE_EXAMPLES[ONE_ENTRY];
      const partition = await traceInPage(page, ex);
      const off = await traceInPage(page, ex, { tt: 'off' });
      await page.click('label[for="tree-tt-off"]');
      await settled(page);
      const count = await page.$eval('#tree-count', (e) => ({ nodes: Number(e.dataset.nodes), baseline: Number(e.dataset.baseline) }));
      assert.deepEqual(count, { nodes: off.nodes, baseline: partition.nodes });
      assert.ok(off.nodes >= partition.nodes);
      assert.equal(await drawnNodes(page), walk(off.root).length);
      assert.equal(await page.locator('#tree-box .gh-tree-link').count(), 0, 'no table, no hits');
      await page.click('label[for="tree-tt-partition"]');
      await settled(page);
      assert.equal(await drawnNodes(page), walk(partition.root).length);
    });

    test('the MTD(f) run: one entry per search, each search’s tree selectable', async () => {
      await chooseExample(page, RUN);
      const trace = await traceInPage(page, TRACE_EXAMPLES[RUN]);
      const items = page.locator('#tree-probes li[data-index]');
      assert.equal(await items.count(), trace.probes.length);
      for (let i = 0; i < trace.probes.length; i++) {
        const p = trace.probes[i];
        assert.equal(await items.nth(i).getAttribute('data-holds'), String(p.holds));
        assert.ok((await items.nth(i).textContent()).includes(`take ${p.target} trick`));
        await items.nth(i).locator('button').click();
        assert.equal(await drawnNodes(page), walk(p.root).length, `search ${i + 1}'s tree`);
      }
      assert.ok((await page.textContent('#tree-probes')).includes(`takes ${trace.tricks} trick`));
    });

    test('this position: refused with a reason on a full deal, traced on an ending of the board', async () => {
      await page.selectOption('#example-select', 'full-lead');
      await page.selectOption('#tree-source', 'here');
      assert.match(await page.textContent('#tree-lesson'), /has 13 tricks left; a tree is drawn for 4 or fewer/);
      assert.equal(await drawnNodes(page), 0);
      await page.selectOption('#example-select', 'finesse');
      await page.selectOption('#tree-source', 'here');
      await settled(page);
      const request = await page.evaluate(async () => {
        const { site } = await import('./web/site/state.js');
        return site.positionRequest();
      });
      const mode = await page.$eval('input[name="tree-mode"]:checked', (i) => i.value);
      const target = Number(await page.inputValue('#tree-target'));
      const trace = await traceInPage(page, mode === 'run' ? request : { ...request, target });
      const probes = trace.probes ?? [trace];
      assert.equal(await drawnNodes(page), walk((probes.find((p) => p.nodes > 0) ?? probes[0]).root).length);
      assert.match(await page.textContent('#tree-lesson'), /4 tricks left/);
    });

    test('Export SVG gives a standalone SVG with the nodes; Export PNG a PNG', async () => {
      const shown = await drawnNodes(page);
      const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#tree-export-svg')]);
      const text = readFileSync(await svgDownload.path(), 'utf8');
      const parsed = await page.evaluate((t) => {
        const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
        return { error: Boolean(doc.querySelector('parsererror')), root: doc.documentElement.localName, nodes: doc.querySelectorAll('.gh-tree-node').length };
      }, text);
      assert.deepEqual(parsed, { error: false, root: 'svg', nodes: shown });
      const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('#tree-export-png')]);
      const png = readFileSync(await pngDownload.path());
      assert.deepEqual([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
    });
  });
}

siteTests('cross-origin isolated page', () => env.isolated, 'threaded');
siteTests('page without COOP/COEP', () => env.plain, 'single');

describe('the search-tree panel on a phone', () => {
  test('no horizontal page overflow; the tree pans and zooms in its box', async () => {
    const page = await openPage(env.browser, env.isolated, 'index.html', {
      contextOptions: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    });
    await settled(page);
    await page.selectOption('#tree-source', String(ONE_ENTRY));
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    await page.locator('#tree-box').scrollIntoViewIfNeeded();
    const box = await page.locator('#tree-box').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390);
    const scale = () => page.$eval('#tree-box svg', (s) => Number(s.dataset.scale));
    const before = await scale();
    await page.click('#tree-box .gh-tree-zoom-in');
    assert.ok((await scale()) > before);
    const transform = () => page.$eval('#tree-box .gh-tree-viewport', (g) => g.getAttribute('transform'));
    const t0 = await transform();
    await page.mouse.move(box.x + 20, box.y + box.height - 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height - 60, { steps: 5 });
    await page.mouse.up();
    assert.notEqual(await transform(), t0, 'a drag pans the tree');
    assert.deepEqual(page.problems, []);
    await page.closeAll();
  });
});
