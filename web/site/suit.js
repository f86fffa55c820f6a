// The suit-play panel (#suit-play): two holdings of one suit, or North–South's cards of a
// suit of the deal on screen, solved exactly (`solver.suit`): the best chance of each number
// of tricks, the line for the goal chosen walked card by card, every layout, and what
// strategy fusion costs. The single-dummy section's "exact answer" button opens it on the
// same lesson, ♠AJ2 opposite ♠K103.

import { SUITS, SUIT_NAME, SUIT_SYMBOL } from '../board/bridge.js';
import { SuitAnswer, fusionSentence, pct, suitOfDeal, suitRequest } from '../board/suit.js';
import { SUIT_VIEW_CSS, holdingsView, renderSplits, renderTargetBars, renderWalk } from '../ui/suit-views.js';
import { el } from '../ui/dom.js';
import { site } from './state.js';

const $ = (sel) => document.querySelector(sel);

export const SUIT_LESSON = { north: 'AJ2', south: 'K103' };

const panel = {
  suit: 'S', // the suit the symbols show: the deal's suit taken, else spades
  answer: null,
  goal: null,
  walk: null,
  job: null,
  taken: null, // the holdings last taken from the deal, and their suit
  suitTaken: null,
};

export function buildSuitPanel() {
  document.head.append(el('style', { id: 'suit-view-css', text: SUIT_VIEW_CSS }));
  const takes = $('#suit-take');
  for (const s of SUITS) {
    takes.append(el('button', {
      type: 'button', class: `small suit-take-${s}`, 'data-suit': s, 'aria-label': SUIT_NAME[s], title: `North–South’s ${SUIT_NAME[s]} in the deal on screen`,
      text: `${SUIT_SYMBOL[s]}`, onclick: () => takeFromDeal(s),
    }));
  }
  for (const id of ['#suit-north', '#suit-south', '#suit-west-vacant', '#suit-east-vacant']) {
    $(id).addEventListener('input', () => {
      showError(null);
      panel.suit = panel.suitTaken && inputsMatchTaken() ? panel.suitTaken : 'S';
    });
  }
  $('#suit-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    solveSuit();
  });
  $('#suit-stop').addEventListener('click', () => panel.job && site.solver?.stop(panel.job));
  $('#suit-goal').addEventListener('change', (ev) => pickGoal(ev.target.value === 'average' ? 'average' : Number(ev.target.value)));
  $('#fusion-exact')?.addEventListener('click', () => {
    setInputs(SUIT_LESSON);
    panel.suit = 'S';
    $('#suit-play').scrollIntoView({ behavior: 'smooth', block: 'start' });
    solveSuit();
  });
  // The lesson is cheap: solve it as soon as the solver is up.
  waitForSolver().then(() => panel.answer || panel.job || solveSuit());
}

async function waitForSolver() {
  while (!site.solver || site.solver.state === 'loading') await new Promise((r) => setTimeout(r, 200));
}

function setInputs({ north, south, westVacant = '', eastVacant = '' }) {
  $('#suit-north').value = north;
  $('#suit-south').value = south;
  $('#suit-west-vacant').value = westVacant;
  $('#suit-east-vacant').value = eastVacant;
  showError(null);
}

function inputsMatchTaken() {
  return panel.taken && $('#suit-north').value === panel.taken.north && $('#suit-south').value === panel.taken.south;
}

/** North–South's cards of `suit` in the deal on screen, into the inputs, then solved. */
export function takeFromDeal(suit) {
  if (!site.hands) return;
  const taken = suitOfDeal(site.hands, suit);
  setInputs(taken);
  panel.taken = taken;
  panel.suitTaken = suit;
  panel.suit = suit;
  if (taken.north === '-' && taken.south === '-') {
    showError(`North–South hold no ${SUIT_NAME[suit]} in this deal.`);
    return;
  }
  solveSuit();
}

function showError(text, field = null) {
  const box = $('#suit-error');
  box.textContent = text || '';
  box.hidden = !text;
  for (const id of ['north', 'south', 'westVacant', 'eastVacant']) {
    const input = $(`#suit-${id.replace('Vacant', '-vacant')}`);
    if (field === id) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

function setStale(stale) {
  const result = $('#suit-result');
  result.inert = stale;
  result.classList.toggle('stale', stale);
}

function setStatus(text) {
  $('#suit-status').textContent = text;
}

/** Reads the inputs and solves; a bad holding is said at once, without the solver. */
export async function solveSuit() {
  let request;
  try {
    request = suitRequest({
      north: $('#suit-north').value, south: $('#suit-south').value,
      westVacant: $('#suit-west-vacant').value, eastVacant: $('#suit-east-vacant').value,
    });
  } catch (e) {
    showError(e.message, e.field);
    return null;
  }
  showError(null);
  if (!site.solver) return null;
  if (panel.job) site.solver.stop(panel.job);
  const root = $('#suit-play');
  root.dataset.state = 'running';
  // The answer on screen is another holding's: greyed and inert until this one's replaces it.
  setStale(true);
  $('#suit-stop').hidden = false;
  $('#suit-solve').disabled = true;
  $('#suit-problem').replaceChildren(holdingsView(request, panel.suit));
  let leads = 0;
  setStatus(`Solving ${request.north} / ${request.south} exactly…`);
  const job = site.solver.suit(request, {
    group: 'suit',
    onLead: () => setStatus(`Solving ${request.north} / ${request.south} exactly: ${++leads} opening lead${leads === 1 ? '' : 's'} done…`),
    onProgress: (e) => e.total && setStatus(`Solving ${request.north} / ${request.south} exactly: ${e.done} of ${e.total} opening leads done…`),
  });
  panel.job = job;
  try {
    const result = await job;
    if (panel.job !== job) return null;
    panel.answer = new SuitAnswer(result);
    panel.goal = panel.answer.defaultGoal;
    panel.walk = panel.answer.walk(panel.goal);
    root.dataset.state = 'done';
    setStatus(`${result.layouts} layouts of the ${result.missing === '-' ? 0 : result.missing.length} missing cards, every one solved just now.`);
    renderAnswer();
    setStale(false);
    return result;
  } catch (e) {
    if (panel.job !== job) return null;
    root.dataset.state = e.code === 'stopped' ? 'stopped' : 'failed';
    // Left on screen, the previous holding's answer would read as this one's.
    panel.answer = null;
    $('#suit-result').hidden = true;
    setStale(false);
    if (e.code === 'stopped') setStatus('Stopped. Some holdings (a long broken suit opposite a void) take too long to solve exactly.');
    else {
      setStatus('');
      showError(`This suit could not be solved (${e.code}): ${e.message}`);
    }
    return null;
  } finally {
    if (panel.job === job) {
      panel.job = null;
      $('#suit-stop').hidden = true;
      $('#suit-solve').disabled = false;
    }
  }
}

function pickGoal(goal) {
  panel.goal = goal;
  panel.walk = panel.answer.walk(goal);
  renderAnswer();
}

function renderAnswer() {
  const { answer, goal, walk, suit } = panel;
  $('#suit-result').hidden = false;
  renderTargetBars($('#suit-bars'), answer, { goal, onPick: pickGoal });
  $('#suit-fusion').textContent = fusionSentence(answer);
  const select = $('#suit-goal');
  select.replaceChildren(...answer.goals.map((g) => el('option', {
    value: String(g.goal),
    text: g.goal === 'average' ? `The best average (${g.tricks.toFixed(2)} tricks)` : `${g.tricks} trick${g.tricks === 1 ? '' : 's'} (${pct(g.probability)})`,
  })));
  select.value = String(goal);
  const redraw = () => {
    renderWalk($('#suit-walk'), walk, { suit, onChange: redraw });
    renderSplits($('#suit-splits'), answer, { goal, walk, suit });
  };
  redraw();
}
