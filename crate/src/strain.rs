//! One strain of a deal: its four declarers on one solver, whose transposition table they
//! share, and threads that join a strain in progress with a copy of that table. A deal's five
//! strains do not split evenly over two threads, and a declarer on an empty table costs
//! several on a full one: a thread with nothing else to do takes the next declarer not yet
//! started instead.

use crate::lend::{Lend, Memory};
use crate::solver::for_side;
use crate::{hints::FollowHints, tt::Tt, Config, DdTable, Deal, Error, Position, Seat, Solver, Strain, Suit};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The order in which one solver takes a strain's declarers: each value seeds the next.
pub(crate) const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// The MTD(f) first guess (North-South's tricks) for the `i`-th of [`DECLARERS`], from the
/// values found so far: the nearest before it, else after it, else none (the points'
/// estimate). North and South face the same cards with a different leader, and so do East
/// and West: their values are close. MTD(f) settles a value in two probes when its first
/// guess is the value or one above, and North-South on lead usually take as much as, or one
/// more than, against a lead.
pub(crate) fn first_guess(values: &[Option<u8>; 4], i: usize, size: u8) -> Option<u8> {
    let before = (0..i).rev().find(|&j| values[j].is_some());
    let after = (i + 1..4).find(|&j| values[j].is_some());
    let j = before.or(after)?;
    let ns = values[j]? as i32;
    let ns_on_lead = |j: usize| !DECLARERS[j].is_ns();
    let guess = ns + ns_on_lead(i) as i32 - ns_on_lead(j) as i32;
    Some(guess.clamp(0, size as i32) as u8)
}

/// The order in which a deal's strains are solved: the costliest strain should not come last,
/// where a thread that joins it can take only its cheap declarers. Suits the two sides hold
/// about equally are fought over and cost the most, a suit one side holds far more of the
/// least; notrump goes in the middle. Nothing cheap names the costliest strain, but this
/// order keeps it from the end nearly as well as knowing it would.
pub fn strain_order(deal: &Deal) -> [Strain; 5] {
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

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// One strain of one deal in progress: its declarers, each taken by the strain's own
/// thread ([`SharedStrain::run`]) or by one that joined it ([`SharedStrain::join`]), and the
/// copies of the strain's table being made.
pub struct SharedStrain {
    deal: Deal,
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
    pub fn new(deal: Deal, strain: Strain) -> SharedStrain {
        SharedStrain { deal, strain, wanted: AtomicBool::new(false), state: Mutex::default(), changed: Condvar::new() }
    }

    /// How many declarers no thread has taken yet.
    pub fn unstarted(&self) -> usize {
        lock(&self.state).started.iter().filter(|&&s| !s).count()
    }

    /// Solves the declarer `i` with `solver` (whose memory is the strain's) and records it.
    fn solve(&self, i: usize, solver: &mut Solver, on_entry: &mut dyn FnMut(Seat, u8)) -> Result<(), Error> {
        let size = self.deal.size() as u8;
        let guess = first_guess(&lock(&self.state).values, i, size);
        let declarer = DECLARERS[i];
        let pos = Position::at_trick_start(self.deal, self.strain, declarer.next());
        match solver.value_ns(&pos, guess) {
            Ok(ns) => {
                lock(&self.state).values[i] = Some(ns);
                self.changed.notify_all();
                on_entry(declarer, for_side(declarer, ns, self.deal.size()));
                Ok(())
            }
            Err(e) => {
                self.fail(e.clone());
                Err(e)
            }
        }
    }

    /// The strain's own thread: takes the declarers in order while any is left, serving
    /// copies between them, then waits for those that others took. `on_entry` hears each
    /// declarer's tricks as this thread finds them; the result holds every declarer's, by
    /// seat.
    pub fn run(self: &Arc<Self>, solver: &mut Solver, on_entry: &mut dyn FnMut(Seat, u8)) -> Result<[u8; 4], Error> {
        solver.set_lender(Some(self.clone()));
        let values = self.run_lending(solver, on_entry);
        solver.set_lender(None);
        let mut tricks = [0; 4];
        for (declarer, ns) in DECLARERS.into_iter().zip(values?) {
            tricks[declarer.index()] = for_side(declarer, ns, self.deal.size());
        }
        Ok(tricks)
    }

    /// North-South's values in [`DECLARERS`] order.
    fn run_lending(&self, solver: &mut Solver, on_entry: &mut dyn FnMut(Seat, u8)) -> Result<[u8; 4], Error> {
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
            self.solve(i, solver, on_entry)?;
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
    /// left the later declarers, the cheap ones on its fuller table.
    pub fn join(&self, solver: &mut Solver, on_entry: &mut dyn FnMut(Seat, u8)) -> Result<(), Error> {
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
        self.solve(i, solver, on_entry)
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
    Arc::new(SharedStrain::new(*deal, strain)).run(solver, on_entry)?;
    Ok(())
}

/// The DD table of `deal`, one strain after another on this thread. Each strain keeps one
/// transposition table for its four declarers, whose searches share many positions.
pub fn solve_table(deal: &Deal, config: &Config) -> Result<DdTable, Error> {
    Solver::new(*config).table(deal)
}

impl Solver {
    /// The DD table of `deal` with this solver's memory (reused across deals), the strains
    /// in [`strain_order`].
    pub fn table(&mut self, deal: &Deal) -> Result<DdTable, Error> {
        let mut table = DdTable::default();
        for strain in strain_order(deal) {
            let tricks = Arc::new(SharedStrain::new(*deal, strain)).run(self, &mut |_, _| {})?;
            for seat in Seat::ALL {
                table.set(seat, strain, tricks[seat.index()]);
            }
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn;
    use std::thread;

    /// `tables.jsonl`, line 1: in notrump North and South make 6, East and West 5.
    const DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";
    /// Declarer's tricks by seat.
    const NOTRUMP: [u8; 4] = [6, 5, 6, 5];

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
        let table = solve_table(&pbn::parse_deal(DEAL).unwrap(), &Config::default()).unwrap();
        assert_eq!((table.get(Seat::North, Strain::NoTrump), table.get(Seat::West, Strain::Hearts)), (6, 9));
    }

    #[test]
    fn a_thread_that_joins_a_strain_takes_its_next_declarer_from_a_copy() {
        let shared = Arc::new(SharedStrain::new(pbn::parse_deal(DEAL).unwrap(), Strain::NoTrump));
        let mut owner = Solver::new(Config::default());
        let mut joiner = Solver::new(Config::default());
        let (mut owner_events, mut joiner_events) = (Vec::new(), Vec::new());
        let values = thread::scope(|scope| {
            // The joiner takes North before the strain's thread starts, and waits for a copy.
            let joining =
                scope.spawn(|| shared.join(&mut joiner, &mut |seat, tricks| joiner_events.push((seat, tricks))));
            while !lock(&shared.state).started[0] {
                thread::yield_now();
            }
            let values = shared.run(&mut owner, &mut |seat, tricks| owner_events.push((seat, tricks)));
            joining.join().expect("no panic").expect("the joiner solved North");
            values
        });
        assert_eq!(values.unwrap(), NOTRUMP);
        assert_eq!(owner_events, [(Seat::South, 6), (Seat::East, 5), (Seat::West, 5)]);
        assert_eq!(joiner_events, [(Seat::North, 6)]);
        // The copy is the joiner's memory now, kept as the strain's: solving North again there
        // finds the root decided at once.
        joiner.reset_stats();
        let pos = Position::at_trick_start(shared.deal, Strain::NoTrump, Seat::East);
        assert_eq!(joiner.value_ns(&pos, Some(6)).unwrap(), 6);
        assert_eq!(joiner.stats().nodes(), 0, "the table was not kept");
    }

    #[test]
    fn a_panic_on_the_strains_thread_wakes_its_joiner() {
        let shared = Arc::new(SharedStrain::new(pbn::parse_deal(DEAL).unwrap(), Strain::NoTrump));
        let mut joiner = Solver::new(Config::default());
        let joined = thread::scope(|scope| {
            let joining = scope.spawn(|| shared.join(&mut joiner, &mut |_, _| {}));
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
        let shared = Arc::new(SharedStrain::new(pbn::parse_deal(DEAL).unwrap(), Strain::NoTrump));
        let mut owner = Solver::new(Config::default());
        owner.set_stop(Some(Arc::new(AtomicBool::new(true))));
        let mut joiner = Solver::new(Config::default());
        let (owner_result, joiner_result) = thread::scope(|scope| {
            let joining = scope.spawn(|| shared.join(&mut joiner, &mut |_, _| {}));
            while !lock(&shared.state).started[0] {
                thread::yield_now();
            }
            let owner_result = shared.run(&mut owner, &mut |_, _| {});
            (owner_result, joining.join().expect("no panic"))
        });
        assert_eq!(owner_result.unwrap_err().code(), "stopped");
        // Served before the stop or given its memory back: either way it is not left waiting.
        joiner_result.expect("the joiner ends cleanly");
        let pos = Position::at_trick_start(shared.deal, Strain::Spades, Seat::East);
        assert_eq!(joiner.value_ns(&pos, None).unwrap(), 8, "the joiner's solver still works");
    }
}
