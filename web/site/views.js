// The site's views of the state (state.js): the deal diagram with its card badges and the
// sentence under it, the DD table with par, and the play record. Each draws the state as
// it is; app.js calls them when it changes. The inside-the-solver view is inside.js.

import { SEATS, SEAT_NAME, SIDE_NAME, STRAIN_SYMBOL, SUIT_SYMBOL, cardText, contractText, handSize, rankText, sideOf } from './bridge.js';
import { legalCards, replay, seatOfCard } from './play.js';
import { cardBadges, renderPar, sideTotal } from './results.js';
import { renderDdTable } from './dd-table.js';
import { site, positionKey, trickStartKey, costKey, dealPbn, analysisState } from './state.js';

const $ = (sel) => document.querySelector(sel);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// ---- the diagram ------------------------------------------------------------------------

/** Per-card badges for the position on screen. */
function badges() {
  let a = site.cache.analyse.get(positionKey());
  if (!site.pos || site.solver?.state === 'failed' || a?.failed) return {};
  return cardBadges(site.pos, a ?? null, {
    side: site.perspective,
    display: site.display,
    contract: site.contract,
    declarer: site.declarer,
  });
}

function inertCards() {
  let pos = site.pos;
  if (!pos || !$('#show-inert').checked || pos.over || pos.current.cards.length) return new Set();
  let r = site.cache.inspect.get(trickStartKey());
  return r ? new Set(r.active.inert) : new Set();
}

let badgeFrame = null;
/** Redraws only the badges, at most once a frame (cards stream in one by one). */
export function updateBadges(diagram) {
  if (badgeFrame) return;
  badgeFrame = requestAnimationFrame(() => {
    badgeFrame = null;
    diagram.setResults(badges());
    document.body.dataset.analysis = analysisState();
  });
}

export function renderBoard(diagram) {
  let pos = site.pos;
  if (!pos) return;
  let history = site.history;
  let lastTrick = pos.tricks[pos.tricks.length - 1];
  let showLast = !pos.current.cards.length && lastTrick && history.cursor > 0;
  let trick = pos.current.cards.length ? pos.current : showLast ? lastTrick : null;
  let centre = [];
  if (site.contract) centre.push(`${site.contract.level}${STRAIN_SYMBOL[site.contract.strain]} by ${SEAT_NAME[site.declarer]}`);
  else centre.push(site.trump === 'NT' ? 'Notrump' : `${STRAIN_SYMBOL[site.trump]} trumps`);
  centre.push(`NS ${pos.won.NS} · EW ${pos.won.EW}`);
  if (pos.over) centre.push('Play over');
  else if (!history.cursor) centre.push(`${SEAT_NAME[pos.tomove]} leads`);
  diagram.render({
    hands: pos.hands,
    names: site.names && Object.fromEntries(SEATS.map((s) => [s, site.names[s] ? `${SEAT_NAME[s]} · ${site.names[s]}` : SEAT_NAME[s]])),
    dealer: handSize(site.hands) === 13 ? site.dealer : undefined,
    vulnerable: site.vulnerable,
    tomove: pos.tomove,
    legal: pos.over ? new Set() : new Set(legalCards(pos.hands[pos.tomove], pos.current.cards)),
    results: badges(),
    inert: inertCards(),
    trick: trick ? { leader: trick.leader, cards: trick.cards, winner: trick === lastTrick ? lastTrick.winner : undefined } : null,
    centre,
    showHcp: handSize(pos.hands) === 13,
    label: `Deal: ${site.trump === 'NT' ? 'notrump' : STRAIN_SYMBOL[site.trump] + ' trumps'}, ${pos.over ? 'play over' : SEAT_NAME[pos.tomove] + ' to play'}`,
  });
  document.body.dataset.analysis = analysisState();
  // Controls and the sentence under the diagram.
  for (let id of ['#btn-undo', '#btn-start', '#btn-prev-trick']) $(id).disabled = !history.canUndo();
  for (let id of ['#btn-redo', '#btn-end', '#btn-next-trick']) $(id).disabled = !history.canRedo();
  $('#btn-best').disabled = pos.over;
  $('#btn-rest').disabled = pos.over && !site.autoplay;
  $('#position-text').textContent = positionSentence();
}

function positionSentence() {
  let pos = site.pos;
  let P = site.perspective;
  if (pos.over) {
    let t = pos.won[P];
    let s = `Play over: ${SIDE_NAME[P]} took ${plural(t, 'trick')}`;
    if (site.contract && sideOf(site.declarer) === P) {
      let d = t - (site.contract.level + 6);
      s += ` — ${contractText(site.contract)} ${d >= 0 ? (d === 0 ? 'made exactly' : `made with ${plural(d, 'overtrick')}`) : `down ${-d}`}`;
    }
    return s + '.';
  }
  let trickNo = pos.tricks.length + 1 + (13 - handSize(site.hands));
  let a = site.cache.analyse.get(positionKey());
  let s = `Trick ${trickNo}, ${SEAT_NAME[pos.tomove]} to play.`;
  if (a && a.done) s += ` With best play from here ${SIDE_NAME[P]} take ${plural(sideTotal(pos, P, a.best), 'trick')} in all.`;
  else if (site.solver?.state !== 'failed') s += ' Solving…';
  return s;
}

// ---- the DD table and par ---------------------------------------------------------------

/** onPick(declarer, strain, tricks): a number was clicked. */
export function renderTable(onPick) {
  let t = site.hands && site.cache.table.get(dealPbn());
  let fullDeal = handSize(site.hands) === 13;
  renderDdTable($('#dd-table'), {
    tricks: t?.tricks,
    fullDeal,
    current: { declarer: site.declarer, strain: site.trump },
    caption: { text: 'Tricks for each declarer and strain', class: 'sr-only' },
    onPick,
  });
  document.body.dataset.table = t && t.done ? 'done' : 'pending';
  let par = $('#par-text');
  renderPar(par, t?.par);
  if (t?.error) par.textContent = `The table could not be computed: ${t.error}`;
  else if (!fullDeal) par.textContent = 'Par is for full deals only.';
  else if (!t?.done) par.textContent = 'Computing the table…';
}

// ---- the play record --------------------------------------------------------------------

/** onJump(cursor): a trick number or a card was clicked. */
export function renderRecord(onJump) {
  let ol = $('#play-record');
  ol.replaceChildren();
  let all = site.history.cards;
  let cursor = site.history.cursor;
  let full;
  try {
    full = replay(site.hands, site.trump, site.leader, all);
  } catch {
    full = site.pos;
  }
  let tricks = [...full.tricks];
  if (full.current.cards.length) tricks.push({ ...full.current, winner: null });
  let offset = 13 - handSize(site.hands);
  let costs = 0;
  tricks.forEach((t, ti) => {
    let li = document.createElement('li');
    li.className = 'trick';
    let first = ti * 4;
    if (first >= cursor) li.classList.add('future');
    if (cursor > first && cursor <= first + 4) li.classList.add('current');
    let jump = document.createElement('button');
    jump.type = 'button';
    jump.className = 'trick-no';
    jump.textContent = String(ti + 1 + offset);
    jump.setAttribute('aria-label', `Go to trick ${ti + 1 + offset}`);
    jump.addEventListener('click', () => onJump(first));
    li.append(jump);
    t.cards.forEach((c, k) => {
      let idx = first + k;
      let seat = seatOfCard(t.leader, k);
      let span = document.createElement('button');
      span.type = 'button';
      span.className = `rc suit-${c[0]}` + (seat === t.winner ? ' won' : '');
      span.dataset.card = c;
      span.dataset.index = String(idx);
      let cost = site.cache.cost.get(costKey(all.slice(0, idx + 1)));
      span.innerHTML = `<small>${seat}</small>${SUIT_SYMBOL[c[0]]}${rankText(c[1])}`;
      let label = `${SEAT_NAME[seat]} ${cardText(c)}`;
      if (cost > 0) {
        span.classList.add('cost');
        span.dataset.cost = String(cost);
        span.append(Object.assign(document.createElement('span'), { className: 'cost-mark', textContent: `−${cost}` }));
        label += `, cost ${plural(cost, 'trick')}`;
        if (idx < cursor) costs += cost;
      }
      span.setAttribute('aria-label', label);
      span.title = label;
      span.addEventListener('click', () => onJump(idx + 1));
      li.append(span);
    });
    ol.append(li);
  });
  if (!tricks.length) {
    let li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'Click a card of the player to move, or use “Play the rest double-dummy”.';
    ol.append(li);
  }
  let played = site.history.played;
  let known = played.every((_, i) => site.cache.cost.has(costKey(played.slice(0, i + 1))));
  let note = played.length
    ? known
      ? costs
        ? `Cards marked −1 gave away a trick (${costs} in all so far).`
        : 'No card so far gave away a trick.'
      : 'Checking each card…'
    : '';
  if (!known && site.traceFailed) note = `The play could not be checked: ${site.traceFailed}`;
  $('#record-note').textContent = note;
  document.body.dataset.trace = known ? 'done' : site.traceFailed ? 'failed' : 'pending';
}
