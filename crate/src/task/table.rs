//! DD tables, one unit per strain of each deal; par on top of one table.

use super::{Lane, Task};
use crate::schema::{Event, ParOut, ParScores, TableOut};
use crate::solver::{for_side, Lend, Memory};
use crate::table::{first_guess, DECLARERS};
use crate::tt::Tt;
use crate::{hints::FollowHints, DdTable, Deal, Error, Position, Seat, Solver, Strain, Suit, Vulnerability};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The order of a deal's strains among its units: the costliest strain should not come last,
/// where a thread that joins it can take only its cheap declarers. Suits the two sides hold
/// about equally are fought over and cost the most, a suit one side holds far more of the
/// least (on the first 100 shared deals, simulated on two threads: 1.80x over one against
/// 1.71x for notrump first and 1.89x for the costliest first, known afterwards); notrump
/// goes in the middle.
fn strain_order(deal: &Deal) -> [Strain; 5] {
    let hands = deal.hands();
    let imbalance = |suit: Suit| {
        let side = |a: usize, b: usize| hands[a].suit_len(suit) as i32 + hands[b].suit_len(suit) as i32;
        (side(0, 2) - side(1, 3)).abs()
    };
    let mut suits = Suit::ALL;
    suits.sort_by_key(|&suit| imbalance(suit));
    let [a, b, c, d] = suits.map(Strain::from);
    [a, b, Strain::NoTrump, c, d]
}

/// The DD tables of `deals`: unit `i` is the `i % 5`-th strain of deal `i / 5` in its
/// [`strain_order`]. A unit's thread takes the strain's declarers one after another on one
/// table; in a parallel run, a thread with no unit left joins a strain in progress with a
/// copy of that table and takes its next declarer not yet started ([`Task::help`]): one
/// table's five strains do not split evenly over two threads, and a declarer on an empty
/// table costs several on a full one.
pub struct TablesTask {
    deals: Vec<Deal>,
    /// Per deal, its strains in the order of its units.
    orders: Vec<[Strain; 5]>,
    /// Per deal, the table so far and how many strains are done: a batch announces each
    /// table once its last strain is in, whichever thread solved it.
    partial: Option<Mutex<Vec<(DdTable, u8)>>>,
    /// The strains in progress, for threads that come to help.
    running: Mutex<Vec<Arc<SharedStrain>>>,
}

impl TablesTask {
    /// `announce`: send an [`Event::Table`] as each table is complete (for batches).
    pub fn new(deals: Vec<Deal>, announce: bool) -> TablesTask {
        let partial = announce.then(|| Mutex::new(vec![(DdTable::default(), 0); deals.len()]));
        let orders = deals.iter().map(strain_order).collect();
        TablesTask { deals, orders, partial, running: Mutex::default() }
    }

    pub fn deals(&self) -> &[Deal] {
        &self.deals
    }
}

impl Task for TablesTask {
    /// The four declarers' tricks in one strain, by seat.
    type Unit = [u8; 4];
    type Output = Vec<TableOut>;

    fn units(&self) -> usize {
        5 * self.deals.len()
    }

    fn progress_total(&self) -> usize {
        (20 * self.deals.len()).max(1)
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<[u8; 4], Error> {
        let (index, strain) = (i / 5, self.orders[i / 5][i % 5]);
        let deal = &self.deals[index];
        let shared = Arc::new(SharedStrain::new(*deal, index, strain));
        lock(&self.running).push(shared.clone());
        lane.solver.set_lender(Some(shared.clone()));
        let values = shared.run(lane.solver, events);
        lane.solver.set_lender(None);
        lock(&self.running).retain(|s| !Arc::ptr_eq(s, &shared));
        let mut row = [0; 4];
        for (declarer, ns) in DECLARERS.into_iter().zip(values?) {
            row[declarer.index()] = for_side(declarer, ns, deal.size());
        }
        if let Some(partial) = &self.partial {
            let complete = {
                let mut partial = partial.lock().unwrap_or_else(|e| e.into_inner());
                let (table, strains) = &mut partial[index];
                for seat in Seat::ALL {
                    table.set(seat, strain, row[seat.index()]);
                }
                *strains += 1;
                (*strains == 5).then_some(*table)
            };
            if let Some(tricks) = complete {
                events(Event::Table { index, table: TableOut { deal: *deal, tricks } });
            }
        }
        Ok(row)
    }

    fn finish(&self, rows: Vec<[u8; 4]>) -> Result<Vec<TableOut>, Error> {
        Ok(self
            .deals
            .iter()
            .zip(&self.orders)
            .zip(rows.chunks(5))
            .map(|((&deal, order), rows)| {
                let mut tricks = DdTable::default();
                for (&strain, row) in order.iter().zip(rows) {
                    for seat in Seat::ALL {
                        tricks.set(seat, strain, row[seat.index()]);
                    }
                }
                TableOut { deal, tricks }
            })
            .collect())
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        // The strain with the most declarers not yet started.
        let most = lock(&self.running).iter().max_by_key(|s| s.unstarted()).filter(|s| s.unstarted() > 0).cloned();
        match most {
            Some(shared) => shared.join(lane.solver, events).map(|()| true),
            None => Ok(false),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// One strain of one deal in progress: its declarers, each taken by the strain's own
/// thread or by one that joined it, and the copies of the strain's table being made.
struct SharedStrain {
    deal: Deal,
    index: usize,
    strain: Strain,
    /// A joining thread waits for a copy: the search of the strain's thread looks at this
    /// now and then.
    wanted: AtomicBool,
    state: Mutex<StrainState>,
    changed: Condvar,
}

#[derive(Default)]
struct StrainState {
    /// Per declarer, in [`DECLARERS`] order: taken by some thread, and North-South's value.
    started: [bool; 4],
    values: [Option<u8>; 4],
    /// The memories of joining threads, to be filled with a copy of the strain's, by ticket.
    waiting: Vec<(usize, Memory)>,
    filled: Vec<(usize, Memory)>,
    tickets: usize,
    /// A thread of the strain failed (stopped): the others give up.
    failed: Option<Error>,
}

impl SharedStrain {
    fn new(deal: Deal, index: usize, strain: Strain) -> SharedStrain {
        SharedStrain {
            deal,
            index,
            strain,
            wanted: AtomicBool::new(false),
            state: Mutex::default(),
            changed: Condvar::new(),
        }
    }

    fn unstarted(&self) -> usize {
        lock(&self.state).started.iter().filter(|&&s| !s).count()
    }

    /// Solves the declarer `i` with `solver` (whose memory is the strain's) and records it.
    fn solve(&self, i: usize, solver: &mut Solver, events: &mut dyn FnMut(Event)) -> Result<(), Error> {
        let size = self.deal.size() as u8;
        let guess = first_guess(&lock(&self.state).values, i, size);
        let declarer = DECLARERS[i];
        let pos = Position::at_trick_start(self.deal, self.strain, declarer.next());
        match solver.value_ns(&pos, guess) {
            Ok(ns) => {
                lock(&self.state).values[i] = Some(ns);
                self.changed.notify_all();
                let tricks = for_side(declarer, ns, self.deal.size());
                events(Event::Entry { index: self.index, declarer, strain: self.strain, tricks });
                Ok(())
            }
            Err(e) => {
                self.fail(e.clone());
                Err(e)
            }
        }
    }

    /// The strain's own thread: takes the declarers in order while any is left, serving
    /// copies between them, then waits for those that others took.
    fn run(&self, solver: &mut Solver, events: &mut dyn FnMut(Event)) -> Result<[u8; 4], Error> {
        let _unwinding = FailOnUnwind(self);
        loop {
            let next = {
                let mut state = lock(&self.state);
                let next = state.started.iter().position(|&s| !s);
                if let Some(i) = next {
                    state.started[i] = true;
                }
                next
            };
            let Some(i) = next else { break };
            self.solve(i, solver, events)?;
            solver.lend();
        }
        let mut state = lock(&self.state);
        loop {
            if let Some(e) = &state.failed {
                return Err(e.clone());
            }
            if let [Some(n), Some(s), Some(e), Some(w)] = state.values {
                return Ok([n, s, e, w]);
            }
            if !state.waiting.is_empty() {
                drop(state);
                solver.lend();
                state = lock(&self.state);
                continue;
            }
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// A thread with nothing else to do: takes the next declarer not yet started, with a
    /// copy of the strain's memory. The next, not the last: the strain's own thread is then
    /// left the later declarers, the cheap ones on its fuller table (the first 40 shared
    /// deals, one table at a time on two threads: 1.76-1.77x against 1.73x).
    fn join(&self, solver: &mut Solver, events: &mut dyn FnMut(Event)) -> Result<(), Error> {
        let _unwinding = FailOnUnwind(self);
        let ticket = {
            let mut state = lock(&self.state);
            let Some(i) = state.started.iter().position(|&s| !s) else { return Ok(()) };
            state.started[i] = true;
            let ticket = state.tickets;
            state.tickets += 1;
            state.waiting.push((ticket, solver.take_memory()));
            self.wanted.store(true, Ordering::Relaxed);
            (ticket, i)
        };
        self.changed.notify_all();
        let (ticket, i) = ticket;
        let mut state = lock(&self.state);
        let memory = loop {
            if let Some(at) = state.filled.iter().position(|&(t, _)| t == ticket) {
                break state.filled.swap_remove(at).1;
            }
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        };
        let failed = state.failed.is_some();
        drop(state);
        if failed {
            // Not a copy: the memory of whatever this solver did before.
            solver.put_memory(memory, None);
            return Ok(());
        }
        solver.put_memory(memory, Some(self.strain));
        self.solve(i, solver, events)
    }

    /// Gives up: returns the waiting memories unfilled and wakes every thread.
    fn fail(&self, error: Error) {
        let mut state = lock(&self.state);
        state.failed.get_or_insert(error);
        let waiting = std::mem::take(&mut state.waiting);
        state.filled.extend(waiting);
        drop(state);
        self.changed.notify_all();
    }
}

/// Fails the strain if its thread unwinds (a panic), so that no other thread waits for it
/// forever; the panic itself reaches the caller through the pool.
struct FailOnUnwind<'a>(&'a SharedStrain);

impl Drop for FailOnUnwind<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.fail(Error::Stopped { nodes: None });
        }
    }
}

impl Lend for SharedStrain {
    fn wanted(&self) -> bool {
        self.wanted.load(Ordering::Relaxed)
    }

    fn serve(&self, tt: &Tt, follow_hints: &FollowHints) {
        let mut state = lock(&self.state);
        let waiting = std::mem::take(&mut state.waiting);
        for (ticket, mut memory) in waiting {
            memory.copy_from(tt, follow_hints);
            state.filled.push((ticket, memory));
        }
        self.wanted.store(false, Ordering::Relaxed);
        drop(state);
        self.changed.notify_all();
    }
}

/// The four declarers of one strain on one solver; `on_entry` hears each result (the
/// declarer's tricks) as it is found.
pub fn solve_strain(
    solver: &mut Solver,
    deal: &Deal,
    strain: Strain,
    on_entry: &mut dyn FnMut(Seat, u8),
) -> Result<(), Error> {
    SharedStrain::new(*deal, 0, strain).run(solver, &mut |event| {
        if let Event::Entry { declarer, tricks, .. } = event {
            on_entry(declarer, tricks);
        }
    })?;
    Ok(())
}

/// Par of one deal: its DD table, then DDS's `Par()` and `DealerPar()`.
pub struct ParTask {
    table: TablesTask,
    dealer: Seat,
    vulnerable: Vulnerability,
}

impl ParTask {
    pub fn new(deal: Deal, dealer: Seat, vulnerable: Vulnerability) -> ParTask {
        ParTask { table: TablesTask::new(vec![deal], false), dealer, vulnerable }
    }
}

impl Task for ParTask {
    type Unit = [u8; 4];
    type Output = ParOut;

    fn units(&self) -> usize {
        self.table.units()
    }

    fn progress_total(&self) -> usize {
        self.table.progress_total()
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<[u8; 4], Error> {
        self.table.run_unit(i, lane, events)
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        self.table.help(lane, events)
    }

    fn finish(&self, rows: Vec<[u8; 4]>) -> Result<ParOut, Error> {
        let TableOut { deal, tricks } = self.table.finish(rows)?.remove(0);
        let scores = ParScores::new(&tricks, self.dealer, self.vulnerable);
        Ok(ParOut { deal, dealer: self.dealer, vulnerable: self.vulnerable, tricks, scores })
    }
}

/// The DD table of `deal`, one strain after another on this thread. Each strain keeps one
/// transposition table for its four declarers, whose searches share many positions.
pub fn solve_table(deal: &crate::Deal, config: &crate::Config) -> Result<DdTable, crate::Error> {
    crate::Solver::new(*config).table(deal)
}

impl crate::Solver {
    /// The DD table of `deal` with this solver's memory (reused across deals).
    pub fn table(&mut self, deal: &crate::Deal) -> Result<DdTable, crate::Error> {
        let task = TablesTask::new(vec![*deal], false);
        Ok(super::run(task, self, &mut |_| {})?[0].tricks)
    }
}

/// The DD table with the strains spread over the rayon pool, on each thread's solver.
#[cfg(feature = "parallel")]
pub fn solve_table_parallel(
    deal: &crate::Deal,
    config: &crate::Config,
    on_entry: &(dyn Fn(Seat, Strain, u8) + Sync),
) -> Result<DdTable, crate::Error> {
    use super::{run_parallel, ThreadSolver};
    let task = TablesTask::new(vec![*deal], false);
    let out = run_parallel(&task, || ThreadSolver::take(config, None), &|event| {
        if let Event::Entry { declarer, strain, tricks, .. } = event {
            on_entry(declarer, strain, tricks);
        }
    })?;
    Ok(out[0].tricks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{pbn, Config};
    use std::thread;

    /// `tables.jsonl`, line 1: in notrump North and South make 6, East and West 5.
    const DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";
    const NOTRUMP_NS: [u8; 4] = [6, 6, 8, 8];

    fn entries(events: &[Event]) -> Vec<(Seat, u8)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Entry { declarer, tricks, .. } => Some((*declarer, *tricks)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn solve_strain_hears_each_declarers_tricks() {
        let mut heard = Vec::new();
        let mut solver = Solver::new(Config::default());
        solve_strain(&mut solver, &pbn::parse_deal(DEAL).unwrap(), Strain::NoTrump, &mut |seat, tricks| {
            heard.push((seat, tricks))
        })
        .unwrap();
        assert_eq!(heard, [(Seat::North, 6), (Seat::South, 6), (Seat::East, 5), (Seat::West, 5)]);
    }

    #[test]
    fn contested_suits_come_first_and_notrump_in_the_middle() {
        // North-South hold 9 spades, 4 hearts, 7 diamonds, 6 clubs: diamonds and clubs are
        // one card apart, spades and hearts five.
        let order = strain_order(&pbn::parse_deal(DEAL).unwrap());
        assert_eq!(order, [Strain::Diamonds, Strain::Clubs, Strain::NoTrump, Strain::Spades, Strain::Hearts]);
        let task = TablesTask::new(vec![pbn::parse_deal(DEAL).unwrap()], false);
        let mut solver = Solver::new(Config::default());
        let mut first = Vec::new();
        let table = crate::task::run(task, &mut solver, &mut |e| {
            if let Event::Entry { strain, .. } = e {
                first.push(strain);
            }
        })
        .unwrap();
        assert_eq!(first[0], Strain::Diamonds);
        assert_eq!(
            (table[0].tricks.get(Seat::North, Strain::NoTrump), table[0].tricks.get(Seat::West, Strain::Hearts)),
            (6, 9)
        );
    }

    #[test]
    fn a_thread_that_joins_a_strain_takes_its_next_declarer_from_a_copy() {
        let shared = Arc::new(SharedStrain::new(pbn::parse_deal(DEAL).unwrap(), 0, Strain::NoTrump));
        let mut owner = Solver::new(Config::default());
        owner.set_lender(Some(shared.clone()));
        let mut joiner = Solver::new(Config::default());
        let (mut owner_events, mut joiner_events) = (Vec::new(), Vec::new());
        let values = thread::scope(|scope| {
            // The joiner takes North before the strain's thread starts, and waits for a copy.
            let joining = scope.spawn(|| shared.join(&mut joiner, &mut |e| joiner_events.push(e)));
            while !lock(&shared.state).started[0] {
                thread::yield_now();
            }
            let values = shared.run(&mut owner, &mut |e| owner_events.push(e));
            joining.join().expect("no panic").expect("the joiner solved North");
            values
        });
        assert_eq!(values.unwrap(), NOTRUMP_NS);
        assert_eq!(entries(&owner_events), [(Seat::South, 6), (Seat::East, 5), (Seat::West, 5)]);
        assert_eq!(entries(&joiner_events), [(Seat::North, 6)]);
        // The copy is the joiner's memory now, kept as the strain's: solving North again there
        // finds the root decided at once.
        joiner.reset_stats();
        let pos = Position::at_trick_start(shared.deal, Strain::NoTrump, Seat::East);
        assert_eq!(joiner.value_ns(&pos, Some(6)).unwrap(), 6);
        assert_eq!(joiner.stats().nodes(), 0, "the table was not kept");
    }

    #[test]
    fn a_panic_on_the_strains_thread_wakes_its_joiner() {
        let shared = Arc::new(SharedStrain::new(pbn::parse_deal(DEAL).unwrap(), 0, Strain::NoTrump));
        let mut joiner = Solver::new(Config::default());
        let joined = thread::scope(|scope| {
            let joining = scope.spawn(|| shared.join(&mut joiner, &mut |_| {}));
            while !lock(&shared.state).started[0] {
                thread::yield_now();
            }
            // The strain's thread dies before it serves a copy.
            let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let _unwinding = FailOnUnwind(&shared);
                panic!("a bug in the search");
            }));
            assert!(panicked.is_err());
            joining.join().expect("no panic")
        });
        joined.expect("the joiner ends cleanly");
        assert_eq!(lock(&shared.state).values, [None; 4], "nothing solved without a copy");
    }

    #[test]
    fn a_stopped_strain_returns_the_waiting_memory_and_wakes_its_joiner() {
        let shared = Arc::new(SharedStrain::new(pbn::parse_deal(DEAL).unwrap(), 0, Strain::NoTrump));
        let mut owner = Solver::new(Config::default());
        owner.set_lender(Some(shared.clone()));
        owner.set_stop(Some(Arc::new(AtomicBool::new(true))));
        let mut joiner = Solver::new(Config::default());
        let (owner_result, joiner_result) = thread::scope(|scope| {
            let joining = scope.spawn(|| shared.join(&mut joiner, &mut |_| {}));
            while !lock(&shared.state).started[0] {
                thread::yield_now();
            }
            let owner_result = shared.run(&mut owner, &mut |_| {});
            (owner_result, joining.join().expect("no panic"))
        });
        assert_eq!(owner_result.unwrap_err().code(), "stopped");
        // Served before the stop or given its memory back: either way it is not left waiting.
        joiner_result.expect("the joiner ends cleanly");
        let pos = Position::at_trick_start(shared.deal, Strain::Spades, Seat::East);
        assert_eq!(joiner.value_ns(&pos, None).unwrap(), 8, "the joiner's solver still works");
    }
}
