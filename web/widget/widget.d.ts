// Types of the `glasshand/widget` entry point (widget.js): importing it defines the
// <glasshand-deal> element (attributes: web/widget/README.md).
import type { Glasshand, Tricks, SingleResult, SuitResult } from './glasshand.js';

export type WidgetState = 'waiting' | 'loading' | 'solving' | 'done' | 'error' | 'failed';

export class GlasshandDeal extends HTMLElement {
  static observedAttributes: string[];
  /** 'waiting' (not yet in view), 'loading', 'solving', 'done', 'error' (the attributes
   * cannot be read) or 'failed' (the solver cannot start here; the widget says why). */
  readonly state: WidgetState;
  /** The DD table once known. */
  readonly tricks: Tricks | null;
  /** show="lead": the single-dummy result once complete. */
  readonly leadResult: SingleResult | null;
  /** show="suit": the suit-play answer once solved. */
  readonly suitResult: SuitResult | null;
}

/** The page's one solver, shared by every widget (queue your jobs on it). */
export function sharedSolver(): Promise<Glasshand>;

/** DDS's par contracts ("4S-NS", "3N-E+1") in readable form. */
export function parContractsText(text: string): string;

export default GlasshandDeal;

declare global {
  interface HTMLElementTagNameMap {
    'glasshand-deal': GlasshandDeal;
  }
}
