// Uses the JS API and the widget the way a page would, against the types as the npm package
// lays them out (tests/browser/types.test.mjs copies
// web/glasshand.d.ts and web/widget/widget.d.ts there) and compiles it with
// `tsc --noEmit` together with the real outputs it records from the engine.
import { Glasshand, GlasshandError, threadSupport } from '../artifacts/types/glasshand/glasshand.js';
import type { AnalyseResult, JobEvent, ParResult, SingleResult, TableResult } from '../artifacts/types/glasshand/glasshand.js';
import { GlasshandDeal, sharedSolver } from '../artifacts/types/glasshand/widget.js';

export async function page(deal: string): Promise<number> {
  const support: { ok: boolean; reason: string } = threadSupport();
  const solver = await Glasshand.create({ mode: support.ok ? 'auto' : 'single', threads: 2, onStateChange: ({ state }) => state });
  const table: TableResult = await solver.table(deal, { onEntry: (e) => e.tricks + e.strain.length, queue: true });
  const job = solver.analyse({ deal, trump: 'NT', leader: 'W' }, { onCard: (e) => e.card, group: 'cards', priority: 2 });
  solver.stop(job.id);
  const analysis: AnalyseResult | null = await job.catch((e: GlasshandError) => (e.code === 'stopped' ? null : Promise.reject(e)));
  const par: ParResult = await solver.par({ deal, dealer: 'N', vulnerability: 'None' });
  const lead: SingleResult = await solver.single(
    { known: { W: 'KQ53.T97.A864.J2' }, contract: '4S', declarer: 'S', samples: 20, seed: 1 },
    { onCard: (card, e) => card + e.tricks.toFixed(1), onProgress: (done, total) => done / total },
  );
  const events: JobEvent[] = [];
  await solver.play({ deal, trump: 'S', leader: 'W', play: 'HAH3H2HT' }, { onEvent: (e) => events.push(e) });
  const widget: GlasshandDeal = document.createElement('glasshand-deal');
  widget.setAttribute('deal', deal);
  const shared: Glasshand = await sharedSolver();
  shared.destroy();
  solver.destroy();
  return table.tricks.N.NT + (analysis?.best ?? 0) + par.dealerParScoreNs + lead.samples + (widget.tricks?.S.S ?? 0) + (widget.suitResult?.targets.length ?? 0) + events.length;
}
