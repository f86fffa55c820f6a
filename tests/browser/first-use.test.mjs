// What a new user trips over on the teaching site (issue 41, item 5): every rank shown by
// default with the x view a switch by the diagram, no error left over from the deal before,
// one time per search, par as players say it, the phone layout, each new deal's own contract
// and lead, and no deprecation warning from the wasm glue.
//
//   node --test tests/browser/first-use.test.mjs

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { durationText, parSentence } from '../../web/board/words.js';
import { settle } from '../../web/board/board.js';
import { EXAMPLES } from '../../web/site/examples.js';
import { DATA, browserAndServer, browserAndBothServers, readJsonl, waitUntil } from './lib/harness.mjs';

const PARS = readJsonl(join(DATA, 'par.jsonl'));
const STATE = '/web/site/state.js';

// ---- par, as a player says it ---------------------------------------------------------------

/** Duplicate score of `tricks` taken in a contract, for the declaring side. */
function duplicateScore({ level, strain, doubled }, tricks, vulnerable) {
  const over = tricks - (level + 6);
  if (over < 0) {
    const down = -over;
    if (!doubled) return -(vulnerable ? 100 : 50) * down;
    const steps = vulnerable ? [200, 300, 300] : [100, 200, 200];
    let p = 0;
    for (let i = 0; i < down; i++) p += steps[Math.min(i, 2)] + (!vulnerable && i >= 3 ? 100 : 0);
    return -p * (doubled === 2 ? 2 : 1);
  }
  const per = strain === 'NT' || strain === 'S' || strain === 'H' ? 30 : 20;
  const points = (per * level + (strain === 'NT' ? 10 : 0)) * (doubled ? 2 * doubled : 1);
  let score = points + (points >= 100 ? (vulnerable ? 500 : 300) : 50);
  if (level === 6) score += vulnerable ? 750 : 500;
  if (level === 7) score += vulnerable ? 1500 : 1000;
  if (doubled) score += 50 * doubled + over * (vulnerable ? 200 : 100) * doubled;
  else score += over * per;
  return score;
}

const SYMBOL_STRAIN = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C', NT: 'NT' };
const SIDE_OF_BY = { 'N–S': 'NS', 'E–W': 'EW', North: 'NS', South: 'NS', East: 'EW', West: 'EW' };
const vulnerableSide = (vul, side) => vul === 'All' || vul === side;

describe('par as a player says it', () => {
  test('the engine’s par examples', () => {
    const say = (score, contracts) => parSentence({ dealerParScoreNs: score, dealerParContracts: contracts });
    assert.equal(say(140, '2H-NS+1'), '3♥ by N–S, +140');
    assert.equal(say(0, ''), 'Passed out, 0');
    assert.equal(say(-660, '4N-W+1'), '5NT by West, +660');
    assert.equal(say(620, '4S-NS,4H-NS'), '4♠ or 4♥ by N–S, +620');
    assert.equal(say(500, '5C*-EW-2,5D*-EW-2'), '5♣× or 5♦× by E–W, 2 down, N–S +500');
    assert.equal(say(-100, '3S*-NS-1'), '3♠× by N–S, 1 down, E–W +100');
    assert.equal(parSentence(undefined), '');
  });

  test('every par of the ground truth: contract then score, and the score is the contract’s', () => {
    let sacrifices = 0;
    for (const r of PARS) {
      const said = parSentence({ dealerParScoreNs: r.dealer_par_score_ns, dealerParContracts: r.dealer_par_contracts });
      const score = r.dealer_par_score_ns;
      if (score === 0) {
        assert.equal(said, 'Passed out, 0', r.deal);
        continue;
      }
      const winner = score > 0 ? 'NS' : 'EW';
      const m = /^(.*?)(?:, (\d) down)?, (?:(N–S|E–W) )?\+(\d+)$/.exec(said);
      assert.ok(m, `${r.dealer_par_contracts} → ${said}`);
      assert.equal(Number(m[4]), Math.abs(score), said);
      // No DDS leftovers such as "by N–S +1".
      assert.doesNotMatch(said, /by [^\s,]+ [+−-]\d/, said);
      // Each contract named scores the par for its side when it takes level + 6 tricks (made)
      // or goes the number of tricks down that the sentence says.
      for (const part of m[1].split(' or ')) {
        const c = /^([1-7])(NT|♠|♥|♦|♣)(×{0,2})(?: by (N–S|E–W|North|South|East|West))?(?: (\d) down)?$/.exec(part);
        assert.ok(c, `${part} in ${said}`);
      }
      const groups = m[1].split(/ by (N–S|E–W|North|South|East|West)(?: (\d) down)?(?: or |$)/);
      for (let i = 0; i + 1 < groups.length; i += 3) {
        const declaring = SIDE_OF_BY[groups[i + 1]];
        const down = Number(groups[i + 2] || m[2] || 0);
        for (const name of groups[i].split(' or ')) {
          const [, level, sym, dbl] = /^([1-7])(NT|♠|♥|♦|♣)(×{0,2})$/.exec(name);
          const contract = { level: Number(level), strain: SYMBOL_STRAIN[sym], doubled: dbl.length };
          const tricks = Number(level) + 6 - down;
          const forDeclarer = duplicateScore(contract, tricks, vulnerableSide(r.vulnerable, declaring));
          assert.equal(declaring === 'NS' ? forDeclarer : -forDeclarer, score, `${name} by ${groups[i + 1]} in ${said} (${r.dealer_par_contracts}, ${r.vulnerable})`);
          if (down) {
            assert.notEqual(declaring, winner, said);
            assert.equal(m[3], winner === 'NS' ? 'N–S' : 'E–W', said);
            sacrifices++;
          } else assert.equal(declaring, winner, said);
        }
      }
    }
    assert.ok(sacrifices > 0, 'the ground truth has sacrifices');
  });
});

// ---- the site ---------------------------------------------------------------------------------

const LAPTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

describe('times as a player reads them', () => {
  test('the unit goes by the figure as shown', () => {
    const cases = [[0.04, 'under 0.1 ms'], [0.1, '0.1 ms'], [3.14, '3.1 ms'], [9.94, '9.9 ms'], [9.96, '10 ms'],
      [10.4, '10 ms'], [999.4, '999 ms'], [999.6, '1.0 s'], [12345, '12.3 s']];
    for (const [ms, text] of cases) assert.equal(durationText(ms), text, `${ms} ms`);
  });
});

describe('the site on first use', () => {
  const env = browserAndServer();
  let context;
  let page;

  async function open(hash = '', options = LAPTOP) {
    await context?.close();
    context = await env.browser.newContext(options);
    page = await context.newPage();
    await page.goto(`${env.server.url}index.html${hash}`);
    await page.waitForFunction(() => document.body.dataset.engine === 'idle' || document.body.dataset.engine === 'computing', null, { timeout: 60000 });
    return page;
  }
  after(async () => context?.close());

  const settled = () => page.waitForFunction(
    () => document.body.dataset.inspect === 'done' && document.body.dataset.analysis === 'done', null, { timeout: 120000 });
  const inertShown = () => page.locator('#diagram .gh-slot.gh-inert').count();
  const xFaces = () => page.$$eval('#diagram .gh-card .gh-r', (rs) => rs.filter((r) => r.textContent === 'x').length);
  const site = () => page.evaluate(async (url) => {
    const { site } = await import(url);
    return { trump: site.trump, leader: site.leader, declarer: site.declarer, contract: site.contract ?? null, deal: site.dealPbn() };
  }, STATE);
  const shownControls = () => page.evaluate(() => ({
    trump: document.querySelector('input[name="strain"]:checked')?.value,
    leader: document.querySelector('#leader-select').value,
  }));

  test('every rank shows on first load and in every example; the switch by the diagram shows the x', async () => {
    await open();
    await settled();
    assert.equal(await page.isChecked('#show-inert'), false);
    assert.equal(await inertShown(), 0);
    assert.equal(await xFaces(), 0);
    // The opening text names the ♣3: it shows as a 3.
    assert.match(await page.textContent('#example-text'), /♣3/);
    assert.equal(await page.textContent('#diagram [data-card="C3"] .gh-r'), '3');
    // The switch sits in the board section, with what x means beside it.
    assert.equal(await page.locator('#board #show-inert').count(), 1);
    assert.match(await page.textContent('#board .inert-switch'), /inert.*only how many/);
    for (const ex of EXAMPLES) {
      await page.selectOption('#example-select', ex.id);
      await waitUntil(page, async ([url, id]) => (await import(url)).site.example?.id === id, [STATE, ex.id]);
      await settled();
      assert.equal(await inertShown(), 0, ex.id);
      assert.equal(await xFaces(), 0, ex.id);
    }
    // The squeeze names ♥K Q and ♦A: with the switch on, the proof's inert cards turn to x
    // (the engine's, as the inspection on screen says) and the link carries it.
    await page.selectOption('#example-select', 'squeeze');
    await settled();
    await page.check('#show-inert');
    const inert = await page.evaluate(async (url) => (await import(url)).site.inspection().active.inert, STATE);
    assert.ok(inert.length > 0);
    const marks = await page.$$eval('#diagram .gh-slot.gh-inert', (s) => s.map((x) => x.dataset.card).sort());
    assert.deepEqual(marks, [...inert].sort());
    assert.equal(await xFaces(), inert.length);
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /[#&]x=1(&|$)/);
    // The link opens with the x view on; without x=1, off.
    await open(hash);
    await settled();
    assert.equal(await page.isChecked('#show-inert'), true);
    assert.equal(await inertShown(), inert.length);
    await open(hash.replace(/&x=1/, ''));
    await settled();
    assert.equal(await page.isChecked('#show-inert'), false);
    assert.equal(await inertShown(), 0);
  });

  test('an error about one deal goes when another deal loads', async () => {
    const full = EXAMPLES.find((e) => e.id === 'full-lead');
    // A link whose play breaks off: the ♠A is not East's.
    const bad = '#' + new URLSearchParams({ deal: full.deal, trump: 'NT', leader: 'E', play: 'SAS2' }).toString();
    const ways = {
      'a random deal': () => page.click('#random-deal'),
      'an example': () => page.selectOption('#example-select', 'finesse'),
      'a typed deal': async () => {
        if (await page.isHidden('#entry')) await page.click('#toggle-entry');
        await page.fill('#pbn-deal', PARS[3].deal);
      },
    };
    await open();
    for (const [way, load] of Object.entries(ways)) {
      await page.evaluate((h) => (location.hash = h), bad);
      await page.waitForFunction(() => /stops early/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });
      const shown = (await site()).deal;
      await load();
      await waitUntil(page, async ([url, d]) => (await import(url)).site.dealPbn() !== d, [STATE, shown]);
      assert.equal(await page.textContent('#status'), '', `after ${way}`);
    }
  });

  test('a new deal takes its own contract and lead, or the first load’s defaults', async () => {
    const defaults = settle();
    await open();
    // Spades, East on lead: what a new deal must not keep.
    const change = async () => {
      await page.click('label[for="strain-S"]');
      await page.selectOption('#leader-select', 'E');
      assert.deepEqual(await shownControls(), { trump: 'S', leader: 'E' });
    };
    await change();
    await page.click('#random-deal');
    await waitUntil(page, async (url) => (await import(url)).site.trump !== 'S', STATE);
    let s = await site();
    assert.deepEqual([s.trump, s.leader, s.contract], [defaults.trump, defaults.leader, null], 'random deal');
    assert.deepEqual(await shownControls(), { trump: defaults.trump, leader: defaults.leader });

    await change();
    await page.click('#toggle-entry');
    await page.fill('#pbn-deal', PARS[5].deal);
    await waitUntil(page, async ([url, d]) => (await import(url)).site.dealPbn() === d, [STATE, PARS[5].deal]);
    s = await site();
    assert.deepEqual([s.trump, s.leader, s.contract], [defaults.trump, defaults.leader, null], 'typed deal');

    for (const ex of EXAMPLES) {
      await change();
      await page.selectOption('#example-select', ex.id);
      await waitUntil(page, async ([url, id]) => (await import(url)).site.example?.id === id, [STATE, ex.id]);
      s = await site();
      const own = settle(ex);
      assert.deepEqual([s.trump, s.leader, s.declarer], [own.trump, own.leader, own.declarer], ex.id);
      assert.deepEqual(s.contract, ex.contract ?? null, ex.id);
    }
  });

  test('one search, one time: the view and the comparison’s first row agree', async () => {
    await open();
    await settled();
    const said = await page.textContent('#stats-text');
    const r = await page.evaluate(async (url) => {
      const { site } = await import(url);
      const i = site.inspection();
      return { nodes: i.total.nodes, ms: i.ms };
    }, STATE);
    assert.equal(typeof r.ms, 'number');
    assert.ok(said.includes(`${r.nodes.toLocaleString('en')} nodes`), said);
    assert.doesNotMatch(said, /under 1 ms/);
    await page.click('#run-ablation');
    await page.waitForFunction(() => document.body.dataset.ablation === 'done', null, { timeout: 120000 });
    const row = await page.$eval('#ablation-table tr[data-config="partition"]', (tr) => ({
      nodes: Number(tr.dataset.nodes), time: tr.querySelector('.t').textContent,
    }));
    assert.equal(row.nodes, r.nodes);
    assert.ok(said.includes(` and ${row.time} `), `"${row.time}" in: ${said}`);
    // The other rows are searches of their own, each with its time.
    const others = await page.$$eval('#ablation-table tr[data-nodes]:not([data-config="partition"]) .t', (ts) => ts.map((t) => t.textContent));
    assert.ok(others.length >= 2 && others.every((t) => /ms|s$/.test(t)), others.join());
    assert.match(await page.textContent('#ablation-intro'), /first row is the search described above/);
  });

  test('par under the table reads contract then score', async () => {
    const r = PARS.find((p) => p.dealer_par_score_ns !== 0 && /\+/.test(p.dealer_par_contracts));
    const hash = '#' + new URLSearchParams({ deal: r.deal, dealer: r.dealer, vul: r.vulnerable }).toString();
    await open(hash);
    await page.waitForFunction(() => document.body.dataset.table === 'done', null, { timeout: 120000 });
    const text = await page.textContent('#par-text');
    const sentence = parSentence({ dealerParScoreNs: r.dealer_par_score_ns, dealerParContracts: r.dealer_par_contracts });
    assert.ok(text.startsWith(`Par: ${sentence} (dealer `), `${text} / ${sentence}`);
  });

  test('on a phone: symbols clear of the cards, one line per suit, no key hints, no sideways scroll, readable chart', async () => {
    await open('', PHONE);
    await settled();
    const layout = (root) => page.evaluate((rootSel) => {
      const host = document.querySelector(rootSel);
      const scope = host.shadowRoot ?? host;
      const box = (r) => ({ l: r.left, r: r.right, t: r.top, b: r.bottom });
      const meet = (a, b) => a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
      const out = { overlaps: [], wraps: [], hands: 0 };
      for (const hand of scope.querySelectorAll('.gh-hand')) {
        out.hands++;
        const rows = new Set();
        for (const suit of hand.querySelectorAll('.gh-suit')) {
          const sym = suit.querySelector('.gh-sym');
          // The glyph's own box: a glyph wider than its span would still cover the card.
          const range = document.createRange();
          range.selectNodeContents(sym);
          const glyph = box(range.getBoundingClientRect());
          const symBox = box(sym.getBoundingClientRect());
          const first = suit.querySelector('.gh-card');
          if (first) {
            const card = box(first.getBoundingClientRect());
            if (meet(glyph, card) || meet(symBox, card)) out.overlaps.push(`${hand.dataset.seat} ${suit.dataset.suit}`);
          }
          const tops = new Set([...suit.querySelectorAll('.gh-slot')].map((s) => Math.round(s.getBoundingClientRect().top)));
          if (tops.size > 1) out.wraps.push(`${hand.dataset.seat} ${suit.dataset.suit} on ${tops.size} lines`);
          rows.add(Math.round(suit.getBoundingClientRect().top));
        }
        // North and South lay their suits side by side: all on one line.
        if ((hand.dataset.seat === 'N' || hand.dataset.seat === 'S') && rows.size > 1) out.wraps.push(`${hand.dataset.seat}'s suits on ${rows.size} lines`);
      }
      return out;
    }, root);
    const site = await layout('#diagram');
    assert.equal(site.hands, 4);
    assert.deepEqual(site.overlaps, []);
    assert.deepEqual(site.wraps, []);
    assert.equal(await page.isVisible('.keys'), false);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no horizontal scroll');
    // The chart's labels keep a readable size.
    const sizes = await page.$$eval('#stats-chart svg text', (ts) => ts.map((t) => t.getBoundingClientRect().height));
    assert.ok(sizes.length && Math.min(...sizes) >= 10, `label heights ${sizes}`);
    const axis = await page.$eval('#stats-chart .gh-axis-title', (t) => {
      const r = t.getBoundingClientRect();
      const svg = t.ownerSVGElement.getBoundingClientRect();
      return { inside: r.left >= svg.left - 0.5 && r.right <= svg.right + 0.5, text: t.textContent };
    });
    assert.ok(axis.inside, 'the axis title fits the chart');
    assert.match(axis.text, /search depth/);

    // The widget draws the same diagram: the embed page at phone size.
    await page.goto(`${env.server.url}web/embed.html`);
    await page.waitForFunction(() => document.querySelector('glasshand-deal')?.shadowRoot?.querySelectorAll('.gh-hand').length === 4, null, { timeout: 60000 });
    const widget = await layout('glasshand-deal');
    assert.deepEqual(widget.overlaps, []);
    assert.deepEqual(widget.wraps, []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'embed page: no horizontal scroll');
  });
});

// ---- the wasm glue ------------------------------------------------------------------------------

describe('no deprecation warning from the wasm glue', () => {
  const env = browserAndBothServers();
  for (const [name, server, mode] of [['isolated', () => env.isolated, 'threaded'], ['not isolated', () => env.plain, 'single']]) {
    test(`index.html on a page ${name}: the ${mode} build`, async () => {
      // Blocking coi-sw.js keeps the plain page plain (it would make it isolated and reload).
      const context = await env.browser.newContext({ ...LAPTOP, serviceWorkers: mode === 'single' ? 'block' : 'allow' });
      try {
        const page = await context.newPage();
        const messages = [];
        const listen = (who) => who.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
        listen(page);
        page.on('worker', listen);
        await page.goto(`${server().url}index.html`);
        await page.waitForFunction(() => document.body.dataset.table === 'done' && document.body.dataset.inspect === 'done', null, { timeout: 120000 });
        const solver = await page.evaluate(async (url) => {
          const { site } = await import(url);
          return { mode: site.solver.mode, threads: site.solver.threads };
        }, STATE);
        assert.equal(solver.mode, mode);
        // The threaded pool has started its threads, where the warning came from.
        if (mode === 'threaded') assert.ok(solver.threads > 1, `threads: ${solver.threads}`);
        assert.deepEqual(messages.filter((m) => /deprecated parameters/.test(m)), []);
      } finally {
        await context.close();
      }
    });
  }
});
