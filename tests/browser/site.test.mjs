// Tests of the teaching site (index.html, web/site/): the pure modules in Node, then the page
// in headless Chromium (playwright-core) against the real solver and the ground truth
// (tests/data). Screenshots go to tests/artifacts/.
//
//   node --test tests/browser/site.test.mjs

import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  parsePbnDeal, parseSuitRanks, validateDeal, checkedDeal, dealToPbn, parseCard, parseContract, randomDeal,
  seededRandom, SEATS, STRAINS,
} from '../../web/board/bridge.js';
import { replay, legalCards, trickWinner, PlayHistory } from '../../web/board/play.js';
import { parsePbnFile, parseLin, parseHandviewerUrl, parseAnything, toPbn, auctionResult } from '../../web/site/formats.js';
import { encodeState, decodeState } from '../../web/site/share.js';
import { EXAMPLES } from '../../web/site/examples.js';
import { ddPerCard } from './lib/bruteforce.mjs';
import { ARTIFACTS, DATA, launchBrowser, startServer, waitUntil } from './lib/harness.mjs';

const readJsonl = (name) =>
  readFileSync(join(DATA, name), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const TABLES = readJsonl('tables.jsonl');
const POSITIONS = readJsonl('positions.jsonl');

const DEAL_A = 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765';

// ---- pure modules ------------------------------------------------------------------------

describe('deal entry parsing', () => {
  test('suits are read in the ways people type them', () => {
    assert.equal(parseSuitRanks('A K 10 5'), 'AKT5');
    assert.equal(parseSuitRanks('akt5'), 'AKT5');
    assert.equal(parseSuitRanks('5 10 K A'), 'AKT5');
    assert.equal(parseSuitRanks('-'), '');
    assert.equal(parseSuitRanks(''), '');
    assert.throws(() => parseSuitRanks('AKZ', 'North ♠'), /North ♠: “Z” is not a rank/);
    assert.throws(() => parseSuitRanks('AKA', 'North ♠'), /North ♠: A is written twice/);
    assert.throws(() => parseSuitRanks('Axx', 'North ♠'), /“x” is not a card here/);
  });

  test('cards', () => {
    assert.equal(parseCard('sa'), 'SA');
    assert.equal(parseCard('♥10'), 'HT');
    assert.equal(parseCard('10h'), 'HT');
    assert.equal(parseCard('zz'), null);
  });

  test('PBN deal strings, any first seat, and a missing last hand', () => {
    let h = parsePbnDeal(DEAL_A);
    assert.equal(dealToPbn(h), DEAL_A);
    let fromEast = parsePbnDeal('E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432');
    assert.deepEqual(fromEast, h);
    let missing = parsePbnDeal('N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -');
    assert.deepEqual(missing, h);
    assert.throws(() => parsePbnDeal('N:AKQJ.T98.765.432 T98.765.432.AKQJ'), /four hands.*found 2/);
    assert.throws(() => parsePbnDeal('N:AKQJ.T98.765 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765'), /North: .*four suits/);
  });

  test('validation names the duplicated card and the short hand', () => {
    let h = parsePbnDeal(DEAL_A);
    let dup = { ...h, E: [...h.E.slice(1), 'SA'] };
    let errors = validateDeal(dup);
    assert.ok(errors.some((e) => e.message === '♠A is in both North and East'), JSON.stringify(errors));
    let short = { ...h, W: h.W.slice(1) };
    assert.deepEqual(validateDeal(short).map((e) => e.message), ['West is short: 12 cards, North, East and South have 13']);
    assert.deepEqual(validateDeal({ N: [], E: [], S: [], W: [] }).map((e) => e.message), ['The deal is empty: enter the four hands']);
    // An ending: equal counts below 13 are fine.
    assert.deepEqual(validateDeal(parsePbnDeal(EXAMPLES[1].deal)), []);
  });

  test('random deals are complete and valid', () => {
    let d = randomDeal(seededRandom(7));
    assert.deepEqual(validateDeal(d), []);
    assert.ok(SEATS.every((s) => d[s].length === 13));
  });
});

describe('imports: PBN files, LIN, BBO URLs', () => {
  test('a PBN file with tags, a play section and a second board', () => {
    let text = `% a comment
[Event "Club"]
[Board "7"]
[Dealer "S"]
[Vulnerable "NS"]
[Deal "${DEAL_A}"]
[Declarer "S"]
[Contract "4HX"]
[Play "W"]
HA H2 H5 HT
S4 SA S5 S8
*

[Event "#"]
[Board "8"]
[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]
`;
    let games = parsePbnFile(text);
    assert.equal(games.length, 2);
    let g = games[0];
    assert.equal(g.board, '7');
    assert.equal(g.dealer, 'S');
    assert.equal(g.vulnerable, 'NS');
    assert.deepEqual(g.contract, { level: 4, strain: 'H', doubled: 1 });
    assert.equal(g.declarer, 'S');
    // Columns are W N E S; West won trick 1 with the ♥A and leads again; North's ♠A wins trick 2.
    assert.deepEqual(g.play, ['HA', 'H2', 'H5', 'HT', 'S4', 'SA', 'S5', 'S8']);
    assert.equal(dealToPbn(games[1].hands), DEAL_A);
  });

  test('a LIN string with auction and play', () => {
    // md: dealer 1 = South; hands S, W, N, E (East left out).
    let lin = 'pn|Sam,Wes,Nat,Eve|st||md|1S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|e|ah|Board 3|mb|1D|mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|S2|pc|SJ|';
    let g = parseLin(lin);
    assert.equal(dealToPbn(g.hands), DEAL_A);
    assert.equal(g.dealer, 'S');
    assert.equal(g.vulnerable, 'EW');
    assert.deepEqual(g.contract, { level: 3, strain: 'NT', doubled: 0 });
    assert.equal(g.declarer, 'N');
    assert.deepEqual(g.play, ['S2', 'SJ']);
    assert.equal(g.board, '3');
    assert.equal(g.names.N, 'Nat');
  });

  test('BBO handviewer URLs, with lin= or with hands', () => {
    let url = 'https://www.bridgebase.com/tools/handviewer.html?n=sakqjht98d765c432&e=st98h765d432cakqj&s=s765h432dakqjct98&w=s432hakqjdt98c765&d=e&v=b&a=p1sp4sppp&p=c2c3c4c5';
    let g = parseHandviewerUrl(url);
    assert.equal(dealToPbn(g.hands), DEAL_A);
    assert.equal(g.dealer, 'E');
    assert.equal(g.vulnerable, 'All');
    assert.deepEqual(g.contract, { level: 4, strain: 'S', doubled: 0 });
    assert.equal(g.declarer, 'S');
    assert.deepEqual(g.play, ['C2', 'C3', 'C4', 'C5']);
    let viaLin = parseAnything('https://www.bridgebase.com/tools/handviewer.html?lin=' +
      encodeURIComponent('md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,S432HAKQJDT98C765|'));
    assert.equal(dealToPbn(viaLin[0].hands), 'N:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ');
  });

  test('the paste box recognises each kind and names what it cannot read', () => {
    assert.equal(parseAnything(DEAL_A)[0].source, 'PBN deal');
    assert.equal(parseAnything(`[Deal "${DEAL_A}"]`)[0].source, 'PBN');
    assert.throws(() => parseAnything('hello world'), /Not recognised/);
    assert.throws(() => parseAnything('md|3SAKQ,SAKQ,,|'), /♠A is in both South and West/);
  });

  test('auction results: declarer is the first of the side to name the strain', () => {
    let r = auctionResult('N', ['1H', 'P', '2H', 'P', '4H', 'X', 'P', 'P', 'P']);
    assert.deepEqual(r, { contract: { level: 4, strain: 'H', doubled: 1 }, declarer: 'N' });
    assert.equal(auctionResult('N', ['P', 'P', 'P', 'P']).contract, null);
  });
});

describe('play rules, history and sharing', () => {
  test('trick winners, following suit, replay', () => {
    assert.equal(trickWinner('W', ['HA', 'H2', 'H5', 'HT'], 'NT'), 'W');
    assert.equal(trickWinner('W', ['HA', 'S2', 'H5', 'HT'], 'S'), 'N');
    assert.equal(trickWinner('W', ['HA', 'S2', 'S5', 'HT'], 'S'), 'E');
    assert.deepEqual(legalCards(['SA', 'HK', 'H2'], ['H5']), ['HK', 'H2']);
    assert.deepEqual(legalCards(['SA', 'DK'], ['H5']), ['SA', 'DK']);
    let h = parsePbnDeal(DEAL_A);
    let p = replay(h, 'NT', 'W', ['HA', 'H8', 'H7', 'H4', 'HK']);
    assert.equal(p.tricks.length, 1);
    assert.equal(p.tricks[0].winner, 'W');
    assert.equal(p.tomove, 'N');
    assert.deepEqual(p.won, { NS: 0, EW: 1 });
    assert.throws(() => replay(h, 'NT', 'W', ['HA', 'SA']), /Card 2 \(♠A\): North must follow suit/);
  });

  test('undo, redo and jumps', () => {
    let hist = new PlayHistory();
    for (let c of ['HA', 'H2', 'H5', 'HT', 'HK']) hist.play(c);
    hist.undo();
    hist.undo();
    assert.deepEqual(hist.played, ['HA', 'H2', 'H5']);
    hist.play('HT'); // the card that was undone: the redo list stays
    assert.deepEqual(hist.cards, ['HA', 'H2', 'H5', 'HT', 'HK']);
    assert.ok(hist.canRedo());
    hist.undo();
    hist.play('H9'); // another card drops it
    assert.deepEqual(hist.cards, ['HA', 'H2', 'H5', 'H9']);
    assert.ok(!hist.canRedo());
    hist.jumpToTrick(1);
    assert.equal(hist.cursor, 0);
    hist.jumpToTrick(2);
    assert.equal(hist.cursor, 4);
  });

  test('the URL hash round-trips the whole state', () => {
    let state = {
      hands: parsePbnDeal(DEAL_A), trump: 'H', leader: 'W', contract: parseContract('4HX'), declarer: 'S',
      dealer: 'E', vulnerable: 'EW', play: ['HA', 'H2', 'H5', 'HT', 'HK'], cursor: 3, perspective: 'EW',
    };
    let back = decodeState(encodeState(state));
    for (let k of Object.keys(state)) assert.deepEqual(back[k], state[k], k);
    assert.throws(() => decodeState('#deal=N:AK'), /four hands/);
  });

  test('PBN export carries the DD table as OptimumResultTable', () => {
    let t = TABLES[0];
    let text = toPbn({ hands: parsePbnDeal(t.deal), dealer: 'N', vulnerable: 'None', table: t.tricks, leader: 'W', trump: 'NT', play: ['HA', 'H2'] });
    assert.match(text, /\[Deal "N:[^"]+"\]/);
    assert.match(text, /\[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"\]/);
    let rows = text.split('\n').filter((l) => /^[NESW] +(NT|[SHDC]) +\d+$/.test(l));
    assert.equal(rows.length, 20);
    for (let r of rows) {
      let [d, s, v] = r.trim().split(/ +/);
      assert.equal(Number(v), t.tricks[d][s]);
    }
    // It reads back.
    let g = parsePbnFile(text)[0];
    assert.equal(dealToPbn(g.hands), t.deal);
  });

  test('the example endings teach what their text says (checked by brute force)', () => {
    // Tricks for the side on lead with the best card, and with the worst.
    let expect = { finesse: [4, 3], squeeze: [3, 1], endplay: [2, 1], ruff: [4, 3] };
    for (let ex of EXAMPLES.filter((e) => e.perspective)) {
      let per = Object.values(ddPerCard(parsePbnDeal(ex.deal), ex.trump, ex.leader));
      assert.deepEqual([Math.max(...per), Math.min(...per)], expect[ex.id], ex.id);
    }
  });
});

// ---- the page in Chromium --------------------------------------------------------------------

const PAGE = process.env.SITE_PAGE || 'index.html';

// No skip: a missing Chromium fails the run (launchBrowser says what to install).
describe('the site in Chromium', () => {
  let server;
  let browser;
  let errors = [];
  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(hash = '', viewport = { width: 1280, height: 800 }) {
    let page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + PAGE + hash);
    await page.waitForFunction(() => document.body.dataset.engine && document.body.dataset.engine !== 'loading', null, { timeout: 60000 });
    return page;
  }
  // The page's state (web/site/state.js): importing it in the page gives the page's own
  // instance, as a module loads once per URL.
  const STATE = '/web/site/state.js';
  const deal = (page) => page.evaluate(async (url) => (await import(url)).site.dealPbn(), STATE);
  const dealIs = (page, pbn) => waitUntil(page, async ([url, d]) => (await import(url)).site.dealPbn() === d, [STATE, pbn]);
  async function waitTable(page, pbn) {
    await dealIs(page, pbn);
    await page.waitForFunction(() => document.body.dataset.table === 'done', null, { timeout: 120000 });
  }
  async function readTable(page) {
    return page.evaluate(() => {
      let out = {};
      for (let td of document.querySelectorAll('#dd-table td[data-declarer]')) {
        (out[td.dataset.declarer] ??= {})[td.dataset.strain] = Number(td.dataset.tricks);
      }
      return out;
    });
  }
  async function waitAnalysis(page) {
    await page.waitForFunction(() => document.body.dataset.analysis !== 'pending', null, { timeout: 120000 });
    let state = await page.evaluate(() => document.body.dataset.analysis);
    assert.equal(state, 'done', `analysis: ${await page.textContent('#status')}`);
  }
  async function cardNumbers(page) {
    return page.evaluate(() => Object.fromEntries(
      [...document.querySelectorAll('#diagram .gh-hand .gh-slot.gh-legal[data-dd]')].map((s) => [s.dataset.card, Number(s.dataset.dd)])));
  }
  const played = (page) => page.evaluate(async (url) => (await import(url)).site.history.played, STATE);
  const hashFor = (pbn, trump, leader, extra = '') =>
    '#' + new URLSearchParams({ deal: pbn, trump, leader }).toString().replace(/%3A/gi, ':') + extra;

  test('loads with the example deal solved, and desktop and phone screenshots', async () => {
    let page = await open();
    await waitTable(page, await deal(page));
    await waitAnalysis(page);
    await page.waitForFunction(() => document.body.dataset.inspect === 'done', null, { timeout: 60000 });
    assert.equal(await page.locator('#diagram .gh-hand').count(), 4);
    assert.equal(await page.locator('#diagram .gh-hand .gh-slot').count(), 52);
    // Suit symbols in their colours.
    let colours = await page.evaluate(() => ({
      heart: getComputedStyle(document.querySelector('.gh-card.gh-h')).color,
      spade: getComputedStyle(document.querySelector('.gh-card.gh-s')).color,
    }));
    assert.notEqual(colours.heart, colours.spade);
    await page.screenshot({ path: join(ARTIFACTS, 'site-desktop.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'site-desktop-full.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ARTIFACTS, 'site-phone.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'site-phone-full.png'), fullPage: true });
    // Phone: nothing wider than the screen.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no horizontal scrolling on a phone');
    await page.close();
  });

  test('a deal typed per suit gives the ground-truth DD table', async () => {
    let t = TABLES[129];
    let hands = parsePbnDeal(t.deal);
    let page = await open();
    await page.click('#toggle-entry');
    await page.click('#tab-type');
    for (let seat of SEATS) {
      for (let [i, suit] of ['S', 'H', 'D', 'C'].entries()) {
        let ranks = hands[seat].filter((c) => c[0] === suit).map((c) => (c[1] === 'T' ? '10' : c[1])).join(' ');
        await page.fill(`#in-${seat}-${suit}`, ranks || '-');
      }
    }
    await waitTable(page, t.deal);
    assert.deepEqual(await readTable(page), t.tricks);
    await page.close();
  });

  test('a pasted PBN file gives the ground-truth DD table', async () => {
    let t = TABLES[329];
    let page = await open();
    await page.click('#toggle-entry');
    await page.click('#tab-paste');
    await page.fill('#paste-text', `[Event "Test"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${t.deal}"]\n`);
    await page.click('#paste-read');
    await waitTable(page, t.deal);
    assert.deepEqual(await readTable(page), t.tricks);
    // The par line is there for a full deal.
    assert.match(await page.textContent('#par-text'), /^Par: /);
    await page.close();
  });

  test('a deal clicked from the palette gives the ground-truth DD table', async () => {
    let t = TABLES[425];
    let hands = parsePbnDeal(t.deal);
    let page = await open();
    await page.click('#toggle-entry');
    await page.click('#tab-pick');
    await page.click('#panel-pick button:has-text("Clear all cards")');
    for (let seat of SEATS) {
      await page.check(`#pick-${seat}`);
      for (let c of hands[seat]) await page.click(`#panel-pick .pal-card[data-card="${c}"]`);
    }
    await waitTable(page, t.deal);
    assert.deepEqual(await readTable(page), t.tricks);
    await page.close();
  });

  test('per-card numbers after clicking the cards of a trick match the ground truth', async () => {
    // Full deals (first trick) with 0..3 cards played, and endings after several tricks.
    let picks = [0, 1, 2, 5].map((i) => POSITIONS[i]);
    picks.push(POSITIONS.find((p) => p.tricks_done >= 6 && p.trick.length === 2));
    let page = await open();
    await page.click('#toggle-entry');
    for (let p of picks) {
      await page.fill('#pbn-deal', p.deal);
      await page.click(`label[for="strain-${p.trump}"]`);
      await page.selectOption('#leader-select', p.leader);
      await dealIs(page, checkedDealPbn(p.deal));
      for (let c of p.trick) {
        await page.click(`#diagram .gh-hand button.gh-card[data-card="${c}"]`);
      }
      await waitAnalysis(page);
      assert.deepEqual(await cardNumbers(page), p.tricks, `position ${JSON.stringify(p)}`);
    }
    await page.close();
  });

  test('a whole deal played by clicking; numbers, active cards and the chart along the way', async () => {
    let t = TABLES[152];
    // x=1: the inert cards drawn as x (off by default).
    let page = await open(hashFor(t.deal, 'NT', 'W', '&x=1'));
    await waitTable(page, t.deal);
    for (let i = 0; i < 52; i++) {
      let checkpoint = [0, 1, 6, 17, 30, 45].includes(i);
      if (checkpoint) {
        await waitAnalysis(page);
        let shown = await cardNumbers(page);
        let api = await page.evaluate(async (url) => {
          let { site } = await import(url);
          let r = await site.solver.analyse(site.positionRequest(), { queue: true });
          return r.tricks;
        }, STATE);
        assert.deepEqual(shown, api, `card ${i}`);
      }
      if (i === 0 || i === 16) {
        // At the start of a trick: the inert cards drawn as x are the engine's.
        await page.waitForFunction(() => document.body.dataset.inspect === 'done', null, { timeout: 60000 });
        let marks = await page.evaluate(() => [...document.querySelectorAll('#diagram .gh-hand .gh-slot.gh-inert')].map((s) => s.dataset.card).sort());
        let engine = await page.evaluate(async (url) => {
          let { site } = await import(url);
          // As the page asks: a solve from an empty table.
          let r = await site.inspectFresh(site.trickStartRequest(), { queue: true });
          return { inert: r.active.inert, sharing: r.active.dealsSharing };
        }, STATE);
        assert.deepEqual(marks, [...engine.inert].sort(), `inert cards at card ${i}`);
        if (engine.inert.length) {
          assert.equal(Number(await page.getAttribute('#deals-sharing', 'data-count')), engine.sharing);
          assert.match(await page.textContent('#deals-sharing'), /deals that differ only in the x cards/);
        }
        if (i === 0) {
          // A full solve: 13 bar groups, nodes at every depth.
          assert.equal(await page.locator('#stats-chart .gh-bar-group').count(), 13);
          let nodes = await page.$$eval('#stats-chart rect[data-series="nodes"]', (rs) => rs.map((r) => Number(r.dataset.value)));
          assert.equal(nodes.length, 13);
          assert.ok(nodes.every((n) => n > 0), `nodes per trick: ${nodes}`);
        }
      }
      let first = page.locator('#diagram .gh-hand.gh-tomove button.gh-card').first();
      await first.click();
      if (i === 9) {
        await page.screenshot({ path: join(ARTIFACTS, 'site-mid-trick-desktop.png') });
      }
    }
    assert.match(await page.textContent('#position-text'), /Play over/);
    assert.equal(await page.locator('#play-record li.trick').count(), 13);
    await page.waitForFunction(() => document.body.dataset.trace === 'done', null, { timeout: 120000 });
    await page.screenshot({ path: join(ARTIFACTS, 'site-played-out.png'), fullPage: true });

    // Undo, jump, and share: a new page restores the same state.
    await page.click('#play-record li.trick:nth-child(5) .trick-no');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    let url = page.url();
    let before = await page.evaluate(async (url) => ({
      cards: (await import(url)).site.history.cards.join(),
      cursor: (await import(url)).site.history.cursor,
      hands: [...document.querySelectorAll('#diagram .gh-hand .gh-slot')].map((s) => s.dataset.card).join(),
      table: [...document.querySelectorAll('#diagram .gh-played')].map((s) => s.dataset.seat + s.textContent).join(),
    }), STATE);
    assert.equal(before.cursor, 18);
    let again = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await again.goto(url);
    await waitUntil(again, async (url) => Boolean((await import(url)).site.pos), STATE);
    let after2 = await again.evaluate(async (url) => ({
      cards: (await import(url)).site.history.cards.join(),
      cursor: (await import(url)).site.history.cursor,
      hands: [...document.querySelectorAll('#diagram .gh-hand .gh-slot')].map((s) => s.dataset.card).join(),
      table: [...document.querySelectorAll('#diagram .gh-played')].map((s) => s.dataset.seat + s.textContent).join(),
    }), STATE);
    assert.deepEqual(after2, before);
    assert.equal(await again.isEnabled('#btn-redo'), true);
    await again.close();
    await page.close();
  });

  test('play the rest double-dummy keeps the DD value and marks no card as costly', async () => {
    let p = POSITIONS.find((x) => x.tricks_done >= 8 && x.trick.length === 0);
    let page = await open(hashFor(p.deal, p.trump, p.leader));
    await waitAnalysis(page);
    await page.click('#btn-rest');
    await page.waitForFunction(() => /Play over/.test(document.querySelector('#position-text').textContent), null, { timeout: 120000 });
    await page.waitForFunction(() => document.body.dataset.trace === 'done', null, { timeout: 60000 });
    assert.equal(await page.locator('#play-record .rc.cost').count(), 0);
    let won = await page.evaluate(async (url) => (await import(url)).site.pos.won, STATE);
    let side = p.leader === 'N' || p.leader === 'S' ? 'NS' : 'EW';
    assert.equal(won[side], p.best);
    await page.close();
  });

  test('the classroom comparison: different node counts, the same value', async () => {
    // An ending of 6 or 7 cards a hand: big enough for the table to matter, small enough to
    // solve without one.
    let p = POSITIONS.find((x) => x.tricks_done === 6) || POSITIONS.find((x) => x.tricks_done >= 5);
    let page = await open(hashFor(p.deal, p.trump, p.leader));
    await waitAnalysis(page);
    await page.click('#run-ablation');
    await page.waitForFunction(() => document.body.dataset.ablation === 'done', null, { timeout: 180000 });
    let rows = await page.$$eval('#ablation-table tbody tr', (trs) => trs.map((tr) => ({
      id: tr.dataset.config, value: tr.dataset.value, nodes: Number(tr.dataset.nodes),
    })));
    assert.equal(rows.length, 6);
    assert.equal(new Set(rows.map((r) => r.value)).size, 1, JSON.stringify(rows));
    assert.ok(new Set(rows.map((r) => r.nodes)).size > 1, JSON.stringify(rows));
    let byId = Object.fromEntries(rows.map((r) => [r.id, r.nodes]));
    assert.ok(byId.off >= byId.partition, JSON.stringify(byId));
    // The search's own time, as the worker timed it: never "0 ms".
    let time = /^(under 0\.1 ms|\d\.\d ms|[1-9]\d* ms|\d+\.\d s)$/;
    let stats = await page.locator('#stats-text').textContent();
    let said = /^Solving this position from an empty table took [\d,]+ nodes and (.*?) \(clearing the table included\);/.exec(stats);
    assert.ok(said, stats);
    assert.match(said[1], time, stats);
    let times = await page.$$eval('#ablation-table tbody tr .t', (tds) => tds.map((td) => td.textContent));
    for (let t of times) assert.match(t, time, t);
    await page.locator('.inside').screenshot({ path: join(ARTIFACTS, 'site-inside.png') });
    await page.close();
  });

  test('stopping the classroom comparison stops its solves; the page solves on', async () => {
    let page = await open();
    await waitAnalysis(page);
    await page.click('#run-ablation');
    await page.click('#stop-ablation');
    await page.waitForFunction(() => document.body.dataset.ablation === 'done', null, { timeout: 60000 });
    let values = await page.$$eval('#ablation-table tbody tr:not([data-skipped]) .v', (cells) => cells.map((c) => c.textContent));
    assert.ok(values.includes('stopped'), JSON.stringify(values));
    assert.equal(await page.isHidden('#stop-ablation'), true);
    // The next position is solved as usual.
    await page.locator('#diagram .gh-hand.gh-tomove button.gh-card').first().click();
    await waitAnalysis(page);
    await page.close();
  });

  test('bad input shows the named error next to the field', async () => {
    let page = await open();
    await page.click('#toggle-entry');
    await page.click('#tab-type');
    await page.fill('#in-N-S', 'A K');
    await page.fill('#in-E-S', 'A 5');
    assert.match(await page.textContent('#err-E'), /♠A is in both North and East/);
    assert.match(await page.textContent('#err-N'), /♠A is in both North and East/);
    await page.fill('#in-E-S', 'Q 5');
    await page.fill('#in-W-H', 'K Z');
    assert.match(await page.textContent('#err-W'), /West ♥: “Z” is not a rank/);
    // A short hand.
    await page.fill('#pbn-deal', 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76');
    await page.waitForFunction(() => /West is short: 12 cards/.test(document.querySelector('#err-W').textContent));
    assert.match(await page.textContent('#err-W'), /West is short: 12 cards, North, East and South have 13/);
    await page.fill('#pbn-deal', 'N:AKQJ.T98.765.432 T98.765.432.AKQJ');
    assert.match(await page.textContent('#err-pbn'), /four hands separated by spaces, found 2/);
    await page.click('#tab-paste');
    await page.fill('#paste-text', 'this is not a deal');
    await page.click('#paste-read');
    assert.match(await page.textContent('#err-paste'), /Not recognised/);
    await page.screenshot({ path: join(ARTIFACTS, 'site-errors.png'), fullPage: false });
    // A bad link says so without breaking the page.
    let bad = await open('#deal=N:AKQ');
    assert.match(await bad.textContent('#status'), /The link could not be read/);
    await bad.close();
    await page.close();
  });

  test('PBN export carries the table; keyboard play works', async () => {
    let t = TABLES[129];
    let page = await open(hashFor(t.deal, 'NT', 'W'));
    await waitTable(page, t.deal);
    await page.click('#export-pbn');
    let text = await page.inputValue('#pbn-text');
    assert.match(text, /\[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"\]/);
    let rows = text.split('\n').filter((l) => /^[NESW] +(NT|[SHDC]) +\d+$/.test(l));
    assert.equal(rows.length, 20);
    for (let r of rows) {
      let [d, s, v] = r.trim().split(/ +/);
      assert.equal(Number(v), t.tricks[d][s]);
    }
    await page.click('#pbn-close');
    // Type a card of West's: suit letter, then rank.
    let west = parsePbnDeal(t.deal).W[0];
    await page.locator('#board').focus();
    await page.keyboard.press(west[0].toLowerCase());
    await page.keyboard.press(west[1] === 'T' ? '1' : west[1].toLowerCase());
    assert.deepEqual(await played(page), [west]);
    await page.keyboard.press('ArrowLeft');
    assert.deepEqual(await played(page), []);
    await page.close();
  });

  test('without cross-origin isolation it says once that it runs on one thread, and still solves', async () => {
    let plain = await startServer({ isolation: false });
    try {
      // Service workers blocked: else coi-sw.js isolates the page (tests/browser/isolation.test.mjs).
      let page = await browser.newPage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      await page.goto(plain.url + PAGE + hashFor(TABLES[129].deal, 'NT', 'W'));
      await waitTable(page, TABLES[129].deal);
      assert.match(await page.textContent('#thread-note'), /one thread/);
      assert.deepEqual(await readTable(page), TABLES[129].tricks);
      await page.close();
    } finally {
      await plain.close();
    }
  });

  test('a solver that cannot start says so once, and the page still shows the deal', async () => {
    let page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route(/\.wasm$/, (r) => r.fulfill({ status: 404, body: 'gone' }));
    await page.goto(server.url + PAGE);
    await page.waitForFunction(() => document.body.dataset.engine === 'failed', null, { timeout: 60000 });
    assert.match(await page.textContent('#engine-state'), /Solver unavailable/);
    await page.waitForTimeout(200); // the jobs' failures come after the solver's
    assert.match(await page.textContent('#status'), /^The solver could not start: .*HTTP 404/);
    assert.doesNotMatch(await page.textContent('#position-text'), /Solving/);
    assert.equal(await page.locator('#diagram .gh-hand .gh-slot').count(), 52);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 1280), 'the message does not widen the page');
    await page.close();
  });

  // The single-dummy panel's table, as drawn: {card: {tricks, stderr, make?}}.
  const singleTableShown = (page, sel = '#single-table') => page.evaluate((sel) => Object.fromEntries(
    [...document.querySelectorAll(`${sel} tbody tr[data-tricks]`)].map((tr) => [tr.dataset.card, {
      tricks: Number(tr.dataset.tricks),
      stderr: Number(tr.dataset.stderr),
      ...(tr.dataset.make !== undefined ? { make: Number(tr.dataset.make) } : {}),
    }])), sel);
  const estimatesOf = (cards) => Object.fromEntries(Object.entries(cards).map(([c, e]) => [c, {
    tricks: e.tricks, stderr: e.stderr, ...(e.make !== undefined && e.make !== null ? { make: e.make } : {}),
  }]));

  test('single-dummy panel: its numbers equal solver.single for the same request; bars, deals, screenshot', async () => {
    // 4♠ by South, West on lead: West sees only its own hand.
    let t = TABLES[329];
    let page = await open(hashFor(t.deal, 'S', 'W', '&contract=4S&by=S'), { width: 1280, height: 900 });
    await dealIs(page, checkedDealPbn(t.deal));
    assert.deepEqual(await page.$$eval('#single-hidden input:checked', (xs) => xs.map((x) => x.value)), ['N', 'E', 'S']);
    await page.fill('#sd-S-hcp-lo', '12');
    await page.fill('#sd-S-S-lo', '5');
    await page.dispatchEvent('#sd-S-S-lo', 'change');
    await page.dispatchEvent('#sd-S-hcp-lo', 'change');
    await page.fill('#single-samples', '60');
    await page.dispatchEvent('#single-samples', 'change');
    await page.fill('#single-seed', '3');
    await page.dispatchEvent('#single-seed', 'change');
    await page.click('#single-run');
    await page.waitForFunction(() => document.body.dataset.single === 'done', null, { timeout: 180000 });
    let shown = await singleTableShown(page);
    let { request, api } = await page.evaluate(async (url) => {
      let state = await import(url);
      // The panel's own request: the site's, stopping once the best card is settled.
      let request = state.site.singleRun.request;
      let api = await state.site.solver.single(request, { queue: true });
      return { request, api };
    }, STATE);
    assert.deepEqual(request.known, { W: checkedDealPbn(t.deal).slice(2).split(' ')[3] });
    assert.deepEqual(request.constraints, { S: { hcp: [12, 37], S: [5, 13] } });
    assert.equal(request.samples, 60);
    assert.equal(request.seed, 3);
    assert.equal(request.stopWhenSettled, true);
    assert.equal(api.samples === 60, !api.settled, `${api.samples} samples, settled ${JSON.stringify(api.settled)}`);
    assert.equal(Object.keys(shown).length, 13, 'every card of the lead');
    assert.deepEqual(shown, estimatesOf(api.cards), 'the panel shows the API’s numbers');
    // The picture: a bar per card, a whisker where there is an error, the best card marked.
    let pic = await page.evaluate(() => ({
      bars: document.querySelectorAll('#single-table tbody svg.gh-sd-bar').length,
      whiskers: document.querySelectorAll('#single-table tbody .gh-sd-whisker').length,
      best: [...document.querySelectorAll('#single-table tr.gh-sd-best')].map((tr) => tr.dataset.card),
    }));
    assert.equal(pic.bars, 13);
    assert.ok(pic.whiskers >= 3, `whiskers: ${pic.whiskers}`);
    let top = Math.max(...Object.values(api.cards).map((e) => e.tricks));
    assert.deepEqual(pic.best.sort(), Object.keys(api.cards).filter((c) => api.cards[c].tricks === top).sort());
    // A sampled deal: West's hand as dealt, South within the constraints.
    await page.click('#single-deal-list button[data-index="1"]');
    let south = await page.$$eval('#single-deal-diagram .gh-hand[data-seat="S"] .gh-card', (cs) => cs.map((c) => c.dataset.card));
    let west = await page.$$eval('#single-deal-diagram .gh-hand[data-seat="W"] .gh-card', (cs) => cs.map((c) => c.dataset.card));
    let dealt = checkedDeal(parsePbnDeal(api.deals[1]));
    assert.deepEqual([south, west], [dealt.S, dealt.W]);
    assert.ok(south.filter((c) => c[0] === 'S').length >= 5);
    // Strategy fusion, live: the double-dummy average beats either fixed finesse.
    await page.click('#fusion-run');
    await page.waitForFunction(() => document.body.dataset.fusion === 'done', null, { timeout: 180000 });
    let fusion = await page.$$eval('.fusion-table tr[data-line]', (rs) => Object.fromEntries(rs.map((r) => [r.dataset.line, Number(r.dataset.tricks)])));
    assert.equal(fusion.dd, 13, 'every double-dummy solve finds the queen');
    for (let line of ['west', 'east']) assert.ok(fusion[line] > 12 && fusion[line] < 13, `${line}: ${fusion[line]}`);
    await page.locator('#single').screenshot({ path: join(ARTIFACTS, 'single-panel.png') });
    await page.close();
  });

  test('single-dummy panel: constraints no deal meets give a clear no-layout error', async () => {
    let t = TABLES[329];
    let page = await open(hashFor(t.deal, 'S', 'W', '&contract=4S&by=S'));
    await dealIs(page, checkedDealPbn(t.deal));
    for (let seat of ['N', 'S']) {
      await page.fill(`#sd-${seat}-hcp-lo`, '25');
      await page.dispatchEvent(`#sd-${seat}-hcp-lo`, 'change');
    }
    await page.click('#single-run');
    await page.waitForFunction(() => document.body.dataset.single === 'failed', null, { timeout: 60000 });
    let text = await page.textContent('#single-status');
    assert.match(text, /No deal fits these constraints \(no-layout\)/);
    await page.close();
  });

  test('basic accessibility: every control has a name, images have labels, one h1', async () => {
    let page = await open();
    await page.click('#toggle-entry');
    let problems = await page.evaluate(() => {
      let out = [];
      let named = (el) => (el.labels && el.labels.length) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.textContent.trim() || el.title;
      for (let el of document.querySelectorAll('button, input, select, textarea, a[href]')) {
        if (el.type === 'hidden' || el.closest('[hidden]')) continue;
        if (!named(el)) out.push(el.outerHTML.slice(0, 80));
      }
      for (let el of document.querySelectorAll('[role="img"]')) if (!el.getAttribute('aria-label')) out.push(el.outerHTML.slice(0, 80));
      if (document.querySelectorAll('h1').length !== 1) out.push('h1 count');
      if (!document.documentElement.lang) out.push('lang');
      return out;
    });
    assert.deepEqual(problems, []);
    // The cards of the hand to play are reachable with Tab and named for screen readers.
    let label = await page.getAttribute('#diagram .gh-tomove button.gh-card >> nth=0', 'aria-label');
    assert.match(label, /^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|low) /);
    await page.close();
  });

  test('no uncaught errors in any page', () => {
    assert.deepEqual(errors, []);
  });
});

function checkedDealPbn(pbn) {
  return dealToPbn(checkedDeal(parsePbnDeal(pbn)));
}

export { STRAINS };
