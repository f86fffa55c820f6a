// The styles of <glasshand-deal>'s shadow root: the widget's frame, its DD table and texts,
// with the diagram's (web/ui/diagram.js), the single-dummy table's and the lead problem's.

import { diagramStyleSheet } from '../ui/diagram.js';
import { SINGLE_TABLE_CSS } from '../ui/single-table.js';
import { LEAD_CSS } from './lead-problem.js';
import { SUIT_CSS } from './suit-problem.js';

const WIDGET_CSS = `
:host { display: block; margin: 1.25em 0; }
:host([hidden]) { display: none; }
.gw {
  all: initial;
  display: block;
  box-sizing: border-box;
  container-type: inline-size;
  --gh-font-size: var(--glasshand-font-size, 15px);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  font-size: var(--glasshand-font-size, 15px);
  line-height: 1.4;
  color: #1b1f24;
  background: var(--glasshand-background, #f6f7f4);
  border: 1px solid #d3d9df;
  border-radius: 10px;
  padding: 14px 16px 10px;
  text-align: left;
}
.gw *, .gw *::before, .gw *::after { box-sizing: border-box; }
.gw [hidden] { display: none !important; }
.gw-main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px 20px; align-items: start; }
.gw-side { display: flex; flex-wrap: wrap; gap: 10px 22px; align-items: flex-start; min-width: 0; }
.gw-side:empty, .gw-side > [hidden] { display: none; }
.gw-texts { flex: 1 1 16em; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.gw p { margin: 0; }
.gw-bar { display: flex; flex-wrap: wrap; gap: 6px 8px; align-items: center; }
.gw-btn {
  all: unset; box-sizing: border-box; cursor: pointer;
  font: inherit; font-size: .88em; font-weight: 600; line-height: 1.2;
  padding: .35em .8em; border: 1px solid #9aa3ad; border-radius: .45em; background: #fff; color: #1b1f24;
}
.gw-btn:hover:not(:disabled) { background: #eef3ef; border-color: #1f6b45; }
.gw-btn:focus-visible { outline: 3px solid #f5b301; outline-offset: 2px; }
.gw-btn:disabled { opacity: .45; cursor: default; }
.gw-say { font-size: .93em; }
.gw-say strong { font-weight: 700; }
.gw-hint { font-size: .84em; color: #545d68; }
.gw-dd { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .95em; flex: none; background: #fff; border: 1px solid #d3d9df; border-radius: 8px; overflow: hidden; }
.gw-dd caption { text-align: left; font-size: .8em; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; color: #545d68; padding: 0 0 4px 2px; }
.gw-dd th, .gw-dd td { padding: .22em .55em; text-align: center; border-bottom: 1px solid #e5e9ed; min-width: 2.1em; }
.gw-dd tr:last-child th, .gw-dd tr:last-child td { border-bottom: 0; }
.gw-dd thead th { font-size: 1.15em; font-weight: 600; background: #f0f2f4; }
.gw-dd thead th.strain-NT { font-size: .85em; font-weight: 700; }
.gw-dd tbody th { text-align: left; font-weight: 600; font-size: .9em; color: #3a424c; }
.gw-dd .strain-H, .gw-dd .strain-D { color: #c8102e; }
.gw-dd .strain-S, .gw-dd .strain-C { color: #16181d; }
.gw-dd td { font-weight: 700; }
.gw-dd td.low { color: #6b7480; font-weight: 500; }
.gw-dd td.game { background: #e3f1e8; }
.gw-dd td.slam { background: #cfe8d8; color: #0d4a28; }
.gw-dd td.pending { color: #aab3bd; font-weight: 500; }
.gw-dd td.current { outline: 2px solid #1f6b45; outline-offset: -2px; }
.gw-par { font-size: .9em; }
.gw-status { font-size: .84em; color: #545d68; }
.gw-status:empty { display: none; }
.gw-status.gw-problem { color: #8a0f1f; background: #fde3e3; border: 1px solid #c8102e; padding: .4em .65em; border-radius: .4em; }
.gw-foot { margin-top: 8px; font-size: .72em; color: #7a838d; text-align: right; }
.gw-foot a { color: inherit; }
.gw[data-state="error"] .gw-side, .gw[data-state="error"] .gw-foot { display: none; }
@keyframes gw-pulse { 50% { opacity: .35; } }
.gw[data-state="loading"] .gw-dd td.pending, .gw[data-state="solving"] .gw-dd td.pending { animation: gw-pulse 1.2s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) { .gw-dd td.pending { animation: none !important; } }
/* The diagram's medium layout (web/ui/diagram.js) stacks North's and South's suits; a blog
   column is about that wide, so keep them on one line there, and without per-card results
   (no play) drop the room the result badges would take. */
@container (min-width: 561px) and (max-width: 700px) {
  .gh-hand[data-seat="N"] .gh-suits, .gh-hand[data-seat="S"] .gh-suits { flex-direction: row; flex-wrap: wrap; justify-content: center; column-gap: .8em; }
}
@container (max-width: 700px) {
  .gw-static .gh-suit { min-height: var(--gh-card-h); }
}
/* Phones: give the diagram the room. */
@media (max-width: 480px) {
  .gw { padding: 10px 6px 8px; border-radius: 8px; }
}
/* Wide: the table beside the diagram. */
@container (min-width: 1000px) {
  .gw-main { grid-template-columns: minmax(0, 1fr) 17em; }
  .gw-side { flex-direction: column; }
  .gw-texts { flex: none; }
}
`;

let widgetSheet = null;

/** The stylesheets of every widget's shadow root (constructed once, shared). */
export function widgetStyleSheets() {
  if (!widgetSheet) {
    widgetSheet = new CSSStyleSheet();
    widgetSheet.replaceSync(WIDGET_CSS + SINGLE_TABLE_CSS + LEAD_CSS + SUIT_CSS);
  }
  return [diagramStyleSheet(), widgetSheet];
}
