// The suit-play model (web/board/suit.js) against the native `glasshand suit --json`: the
// holdings read as the engine reads them, each layout's tricks under a line recomputed from
// the line alone (they must equal the engine's per-split figures), and a walk
// through a line narrowing the layouts. Node only, no browser; needs the native build.
//
//   node --test tests/browser/suit-model.test.mjs   (GLASSHAND_BIN overrides the binary)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { parsePbnDeal } from '../../web/board/bridge.js';
import { SHOW_OUT, SuitAnswer, SuitInputError, fusionSentence, parseSuitHoldings, suitOfDeal, suitRequest } from '../../web/board/suit.js';
import { REPO } from './lib/harness.mjs';
import { lineTricks } from './lib/line-tricks.mjs';

const BIN = process.env.GLASSHAND_BIN || join(REPO, 'target/release/glasshand');

function native(north, south, args = []) {
  try {
    const out = JSON.parse(execFileSync(BIN, ['suit', '--json', north, south, ...args], { stdio: 'pipe' }).toString());
    out.doubleDummy = out.double_dummy;
    for (const s of out.splits) {
      s.doubleDummy = s.double_dummy;
      s.byTarget = s.by_target;
    }
    return out;
  } catch (e) {
    return { failed: e.stderr.toString() };
  }
}

// Typed as a reader would, with what the engine makes of them.
const TYPED = [['AJ2', 'K103'], ['aq1096', '87xx'], ['♠AK987x', 'J x'], ['-', 'AKx'], ['K1084', 'Q32'], ['Q', 'x'], ['A9xxx', 'KTxx']];

test('holdings are read as the engine reads them', () => {
  for (const [n, s] of TYPED) {
    const h = parseSuitHoldings(n, s);
    const out = native(h.north, h.south);
    assert.deepEqual([h.north, h.south, h.missing], [out.north, out.south, out.missing], `${n} / ${s}`);
  }
  assert.deepEqual(parseSuitHoldings('ax', 'kx'), { north: 'A2', south: 'K3', missing: 'QJT987654' });
});

test('bad holdings get the engine’s codes, and the engine refuses them too', () => {
  const cases = [['AKK', 'x', 'duplicate-card'], ['AK', 'K', 'duplicate-card'], ['AZ', 'x', 'unknown-rank'],
    ['AKQJT98765', '432x', 'too-many-cards'], ['xxxxxxxxxxxxxx', '', 'too-many-cards'], ['-', '', 'no-cards']];
  for (const [n, s, code] of cases) {
    assert.throws(() => parseSuitHoldings(n, s), (e) => e instanceof SuitInputError && e.code === code && e.message.length > 10, `${n} / ${s}`);
    assert.ok(native(n, s).failed, `the engine takes ${n} / ${s}`);
  }
  assert.throws(() => suitRequest({ north: 'AK', south: 'x', westVacant: '3', eastVacant: '3' }), { code: 'bad-vacant-places' });
  assert.throws(() => suitRequest({ north: 'AK', south: 'x', westVacant: '14' }), { code: 'bad-vacant-places' });
  assert.deepEqual(suitRequest({ north: 'AQ', south: 'xx', westVacant: '10', eastVacant: '' }), { north: 'AQ', south: '32', westVacant: 10, eastVacant: 13 });
});

test('North–South’s cards of a suit from a deal', () => {
  const hands = parsePbnDeal('N:AK.76.A85.AKQT95 J7632.T83.974.62 QT985.K4.KQJ3.84 4.AQJ952.T62.J73');
  assert.deepEqual(suitOfDeal(hands, 'S'), { north: 'AK', south: 'QT985' });
  assert.deepEqual(suitOfDeal(hands, 'C'), { north: 'AKQT95', south: '84' });
  assert.deepEqual(suitOfDeal({ N: ['SA'], S: ['HK'] }, 'S'), { north: 'A', south: '-' });
});

test('each line’s tricks per layout, from the line alone, give the engine’s figures', () => {
  for (const [n, s, args] of [['AJ2', 'KT3'], ['AQT96', '8732'], ['AK9872', 'J3'], ['-', 'AK2'], ['AQ', '32', ['--west-vacant', '10']], ['KJ9', 'T8'], ['KT84', 'Q32'], ['A', '-']]) {
    const out = native(n, s, args);
    const a = new SuitAnswer(out);
    // The engine's figures for each split are what its line achieves there.
    const played = (line) => a.splits.map((x) => lineTricks(a, line, x.counts, new Map()));
    assert.deepEqual(played(out.average.line), out.splits.map((x) => x.tricks), `${n} / ${s}: the average line`);
    assert.deepEqual(a.tricksByLine('average'), out.splits.map((x) => x.tricks));
    for (const [i, t] of out.targets.entries()) {
      const tricks = a.tricksByLine(t.tricks);
      assert.deepEqual(tricks, played(t.line), `${n} / ${s}: the line for ${t.tricks}`);
      assert.deepEqual(tricks, out.splits.map((x) => x.by_target[i]));
      const p = a.splits.reduce((sum, x, i) => sum + (tricks[i] >= t.tricks ? x.probability : 0), 0);
      assert.ok(Math.abs(p - t.probability) < 1e-9, `${n} / ${s}: ${t.tricks} tricks, ${p} against ${t.probability}`);
    }
    const f = a.fusion();
    assert.ok(Math.abs(f.cost - (out.doubleDummy - out.average.tricks)) < 1e-12);
    for (const t of f.targets) assert.ok(t.cost >= -1e-9, 'double dummy never does worse');
  }
});

test('the fusion sentence of AJ2 / K103', () => {
  const a = new SuitAnswer(native('AJ2', 'KT3'));
  const f = a.fusion();
  assert.equal(Math.round(100 * a.result.targets[2].probability), 50);
  const said = fusionSentence(a);
  assert.match(said, new RegExp(`says ${f.doubleDummy.toFixed(2)} tricks.*takes ${f.best.toFixed(2)}.*costs ${f.cost.toFixed(2)} tricks`));
  assert.match(said, /3\.00.*2\.50.*0\.50/);
});

test('walking a line narrows the layouts to those that fit the cards seen', () => {
  const a = new SuitAnswer(native('AJ2', 'KT3'));
  const walk = a.walk(3);
  assert.equal(walk.possible().length, a.splits.length);
  assert.ok(Math.abs(walk.probability - 1) < 1e-9);
  // The walk starts with declarer's first card of that line (N2 or NA: they tie).
  const first = a.line(3).play;
  assert.match(first, /^N[A2]$/);
  assert.deepEqual(walk.position.played, [{ seat: first[0], card: first[1], declarer: true }]);
  let before = walk.possible().length;
  // Follow small cards while there are, then show-outs, checking each step.
  for (let guard = 0; walk.position.node && guard < 20; guard++) {
    const replies = walk.replies;
    const seat = walk.position.node.seat;
    const pick = replies.find((r) => r.token !== SHOW_OUT && r.probability > 0) || replies.find((r) => r.probability > 0);
    const counted = walk.position.played.filter((p) => p.seat === seat).length;
    walk.choose(pick.token);
    const now = walk.possible();
    assert.ok(now.length <= before && now.length > 0);
    const holding = (x) => (seat === 'W' ? x.west : x.east).replace(SHOW_OUT, '');
    if (pick.token === SHOW_OUT) assert.ok(now.every((x) => holding(x).length === counted));
    else assert.ok(now.every((x) => [...holding(x)].filter((r) => pick.token.includes(r)).length >= 1));
    before = now.length;
  }
  assert.ok(before < a.splits.length);
  walk.back();
  assert.ok(walk.possible().length >= before);
  walk.reset();
  assert.equal(walk.possible().length, a.splits.length);
});

test('the most in reach is the highest target with a chance above zero', () => {
  for (const [n, s, most] of [['AJ2', 'K103', 3], ['KQ2', '543', 2], ['AKQ', '-', 3], ['5', '4', 1]]) {
    const out = native(n, s);
    assert.equal(new SuitAnswer(out).mostInReach, most, `${n} / ${s}`);
    assert.ok(out.targets.every((t) => t.tricks <= most || t.probability === 0), `${n} / ${s}`);
  }
});
