// Loads the solver through the JS API (web/glasshand.js) and gives the site the few calls it
// uses, with one calling convention:
//   table(pbn, {onEntry(declarer, strain, tricks)})         -> {deal, tricks}
//   par(pbn, {dealer, vulnerable, onEntry})                 -> {tricks, par, dealer_par, …}
//   analyse({deal, trump, leader, trick}, {onCard(card, n)}) -> {tomove, best, tricks: {card: n}}
//   inspect({deal, trump, leader, trick, options})          -> {tricks, active, stats, config}
//   play({deal, trump, leader, play})                       -> {declarer, tricks: [n, …]}
//   stop(), threads

export async function loadSolver() {
  let { Glasshand } = await import('../glasshand.js');
  let solver = await Glasshand.create();
  return wrap(solver);
}

const entryArgs = (onEntry) => (a, b, c) => {
  if (!onEntry) return;
  if (a && typeof a === 'object') onEntry(a.declarer, a.strain, a.tricks);
  else onEntry(a, b, c);
};

export function wrap(solver) {
  // Every call is queued (`queue: true`), so it neither replaces nor is replaced by jobs
  // that other code on the page sends to the same solver; Engine sends one job at a time
  // and stops the one it started.
  let current = null;
  let track = (p) => (current = p);
  return {
    raw: solver,
    get threads() {
      return solver.threads ?? 1;
    },
    get mode() {
      return solver.mode;
    },
    table: (pbn, { onEntry } = {}) => track(solver.table(pbn, { queue: true, onEntry: entryArgs(onEntry) })),
    par: (pbn, { dealer, vulnerable, onEntry } = {}) =>
      track(solver.par({ deal: pbn, dealer, vulnerability: vulnerable }, { queue: true, onEntry: entryArgs(onEntry) })).then(normalisePar),
    analyse: (position, { onCard } = {}) =>
      track(solver.analyse(position, {
        queue: true,
        onCard: (a, b) => {
          if (!onCard) return;
          if (a && typeof a === 'object') onCard(a.card, a.tricks);
          else onCard(a, b);
        },
      })),
    // Statistics must describe a solve from an empty transposition table (`fresh`), not one
    // helped by the jobs before it.
    inspect: (position) => track(solver.inspect(position, { queue: true, fresh: true })).then(normaliseInspect),
    play: (record) => track(solver.play(record, { queue: true })).then(normalisePlay),
    stop: () => {
      if (current) solver.stop(current);
    },
  };
}

// The API's result shapes, read in one place (older and newer field names alike).

/** -> {...r, stats: {per_trick, total}, active: {cards, inert, deals_sharing, top}} */
export function normaliseInspect(r) {
  let stats = r.stats || { per_trick: r.per_trick, total: r.total };
  if (!stats.total && stats.per_trick) {
    stats.total = stats.per_trick.reduce(
      (a, t) => Object.fromEntries(Object.keys(t).map((k) => [k, (a[k] || 0) + t[k]])),
      {},
    );
  }
  let active = r.active || {};
  return {
    ...r,
    stats,
    active: { ...active, deals_sharing: active.deals_sharing ?? active.dealsSharing },
  };
}

/** -> {...r, dealerPar: {score, contracts (text)}} with score for North-South. */
export function normalisePar(r) {
  let dp = r.dealer_par || r.dealerPar;
  let score = r.dealer_par_score_ns ?? dp?.score_ns ?? dp?.scoreNs;
  let contracts = r.dealer_par_contracts ?? dp?.contracts;
  if (Array.isArray(contracts)) contracts = contracts.join(' ');
  return { ...r, dealerPar: score === undefined ? undefined : { score, contracts: contracts || '' } };
}

/** -> {...r, tricks: declarer's tricks before and after each card}. */
export function normalisePlay(r) {
  return { ...r, tricks: r.declarer_tricks ?? r.tricks };
}
