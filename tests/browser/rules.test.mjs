// The site's bridge rules in JS (web/board/play.js, bridge.js, web/site/formats.js) against
// tests/data/rules.json, written out by hand; crate/tests/rules.rs checks the engine against
// the same file, so the JS and the engine agree. Node only, no browser.
//
//   node --test tests/browser/rules.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkedDeal, dealToPbn, parseContract, parsePbnDeal } from '../../web/board/bridge.js';
import { legalCards, replay, trickWinner } from '../../web/board/play.js';
import { parsePbnFile } from '../../web/site/formats.js';
import { DATA } from './lib/harness.mjs';

const RULES = JSON.parse(readFileSync(join(DATA, 'rules.json'), 'utf8'));
const hands = checkedDeal(parsePbnDeal(RULES.deal));
const sorted = (xs) => [...xs].sort();

test('legal cards', () => {
  for (const c of RULES.legal) {
    const pos = replay(hands, c.trump, c.leader, []);
    // The cards of the trick so far come from the hands in turn.
    const rest = Object.fromEntries(Object.entries(pos.hands).map(([s, h]) => [s, h.filter((x) => !c.trick.includes(x))]));
    const tomove = replay(hands, c.trump, c.leader, c.trick).tomove;
    assert.deepEqual(sorted(legalCards(rest[tomove], c.trick)), sorted(c.legal), c.why);
  }
});

test('trick winners, and replaying the trick gives the same', () => {
  for (const c of RULES.tricks) {
    assert.equal(trickWinner(c.leader, c.cards, c.trump), c.winner, c.why);
    const pos = replay(hands, c.trump, c.leader, c.cards);
    assert.equal(pos.tricks[0].winner, c.winner, c.why);
  }
});

test('PBN play sections', () => {
  for (const c of RULES.pbn) {
    const games = parsePbnFile(c.file);
    assert.equal(games.length, c.games.length, c.why);
    games.forEach((g, i) => {
      const want = c.games[i];
      assert.equal(dealToPbn(g.hands), dealToPbn(checkedDeal(parsePbnDeal(want.deal))));
      assert.equal(g.declarer, want.declarer);
      assert.deepEqual(g.contract, want.contract);
      assert.deepEqual(g.play, want.play, c.why);
    });
  }
});

test('contracts', () => {
  for (const c of RULES.contracts) {
    if (c.error) assert.throws(() => parseContract(c.text), c.text);
    else assert.deepEqual(parseContract(c.text), c.contract, c.text);
  }
});
