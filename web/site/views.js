// The site's views of the state (state.js): the deal diagram with its card badges and the
// sentence under it, the DD table with par, and the play record. Each draws the state as
// it is; app.js calls them when it changes. The inside-the-solver view is inside.js.

import { SEAT_NAME, SUIT_SYMBOL, cardText, rankText } from '../board/bridge.js';
import { replay, seatOfCard } from '../board/play.js';
import { cardBadges } from '../board/results.js';
import { diagramModel, plural, positionSentence as sentence, seatNames } from '../board/words.js';
import { renderDdTable } from '../ui/dd-table.js';
import { renderPar } from '../ui/par.js';
import { site } from './state.js';

const $ = (sel) => document.querySelector(sel);

// ---- the diagram ------------------------------------------------------------------------

/** Per-card badges for the position on screen. */
function badges() {
  let a = site.analysis();
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
  if (!pos || !site.showInert || pos.over || pos.current.cards.length) return new Set();
  let r = site.inspection();
  return r?.active ? new Set(r.active.inert) : new Set();
}

let badgeFrame = null;
/** Redraws only the badges, at most once a frame (cards stream in one by one). */
export function updateBadges(diagram) {
  if (badgeFrame) return;
  badgeFrame = requestAnimationFrame(() => {
    badgeFrame = null;
    diagram.setResults(badges());
    document.body.dataset.analysis = site.analysisState();
  });
}

export function renderBoard(diagram) {
  let pos = site.pos;
  if (!pos) return;
  let history = site.history;
  diagram.render(diagramModel(site, {
    names: seatNames(site.names),
    results: badges(),
    inert: inertCards(),
  }));
  document.body.dataset.analysis = site.analysisState();
  // Controls and the sentence under the diagram.
  for (let id of ['#btn-undo', '#btn-start', '#btn-prev-trick']) $(id).disabled = !history.canUndo();
  for (let id of ['#btn-redo', '#btn-end', '#btn-next-trick']) $(id).disabled = !history.canRedo();
  $('#btn-best').disabled = pos.over;
  $('#btn-rest').disabled = pos.over && !site.autoplay;
  $('#position-text').textContent = positionSentence();
}

function positionSentence() {
  return sentence(site, site.perspective, site.analysis(), { solving: site.solver?.state !== 'failed' });
}

// ---- the DD table and par ---------------------------------------------------------------

/** onPick(declarer, strain, tricks): a number was clicked. */
export function renderTable(onPick) {
  let t = site.table();
  let fullDeal = site.fullDeal;
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
  let offset = site.trickNumber - 1 - site.pos.tricks.length;
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
      let cost = site.cache.cost.get(site.costKey(all.slice(0, idx + 1)));
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
  let known = played.every((_, i) => site.cache.cost.has(site.costKey(played.slice(0, i + 1))));
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
