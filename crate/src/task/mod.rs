//! Jobs written once. A [`Task`] is a job cut into units of work (a strain of a DD table, a
//! group of equivalent cards, a position of a play record); it reports [`Event`]s as units
//! finish and folds the units' results into one output. The same task runs
//! - stepped, one unit per call on the caller's solver ([`Stepper`]): the single-threaded
//!   worker reads its messages between steps;
//! - in parallel over the rayon pool ([`run_parallel`], feature `parallel`), each thread with
//!   its own solver: the command line and the threaded worker. A thread with no unit left
//!   helps one still running where the task can split it ([`Task::help`]: a strain of a DD
//!   table, with a copy of its transposition table).
//!
//! Both give the same output; only the node counts may differ, since the solvers' tables and
//! the first guesses depend on which units a solver ran before.
//!
//! Adding a kind of job: write a type implementing [`Task`] (one file here), give its output
//! a variant of [`Output`] and its request a variant of `Kind` and `Request`
//! (`crate::schema`), and build it in `Request::task` (`request.rs`).

mod batch;
pub mod bench;
mod play;
mod position;
mod request;
pub mod single;
mod suit;
mod tables;
mod trace;

pub use batch::Batch;
pub use bench::BenchTask;
pub use play::{analyse_play, PlayTask};
pub use position::{AnalyseTask, InspectTask, SolveTask};
pub use single::SingleTask;
pub use suit::SuitTask;
#[cfg(feature = "parallel")]
pub use tables::solve_table_parallel;
pub use tables::{ParTask, TablesTask};
pub use trace::TraceTask;

use crate::schema::{Event, Output};
use crate::{Config, Error, Solver};
use std::any::Any;
use std::cell::RefCell;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

/// What a runner lends one unit: a solver and the MTD(f) guess that the previous unit run on
/// it left (DD values move little between neighbouring positions). A unit may read and set
/// the guess or ignore it.
pub struct Lane<'s> {
    pub solver: &'s mut Solver,
    pub guess: Option<u8>,
}

/// A job cut into units that can run in any order, on any solver.
pub trait Task: Sync {
    /// What one unit yields.
    type Unit: Send;
    type Output;

    /// How many units the job has.
    fn units(&self) -> usize;

    /// Units of progress for the user (table entries, cards, values of a play record): how
    /// many [`Event::counts`] events the job sends, at least 1.
    fn progress_total(&self) -> usize;

    /// Runs unit `i` (`i < units()`), sending its events as they come.
    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<Self::Unit, Error>;

    /// Folds every unit's result, in unit order, into the output.
    fn finish(&self, units: Vec<Self::Unit>) -> Result<Self::Output, Error>;

    /// Lends this thread to a unit that another is still running, once every unit has
    /// started (parallel runs): `Ok(true)` if it took some of that unit's work, `Ok(false)`
    /// if there is none to take. A task whose units do not split keeps the default; a task
    /// that wraps another must pass it on (the one-table request once did not).
    fn help(&self, _lane: &mut Lane<'_>, _events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        Ok(false)
    }
}

impl<T: Task + ?Sized> Task for Box<T> {
    type Unit = T::Unit;
    type Output = T::Output;

    fn units(&self) -> usize {
        (**self).units()
    }

    fn progress_total(&self) -> usize {
        (**self).progress_total()
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<T::Unit, Error> {
        (**self).run_unit(i, lane, events)
    }

    fn finish(&self, units: Vec<T::Unit>) -> Result<T::Output, Error> {
        (**self).finish(units)
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        (**self).help(lane, events)
    }
}

/// A task of any kind, its output made an [`Output`]: what a request becomes.
pub type AnyTask = Box<dyn Task<Unit = Box<dyn Any + Send>, Output = Output> + Send>;

/// Erases a task's unit and output types.
pub fn boxed<T>(task: T) -> AnyTask
where
    T: Task + Send + 'static,
    T::Unit: 'static,
    T::Output: Into<Output>,
{
    struct Erased<T>(T);
    impl<T: Task> Task for Erased<T>
    where
        T::Unit: 'static,
        T::Output: Into<Output>,
    {
        type Unit = Box<dyn Any + Send>;
        type Output = Output;

        fn units(&self) -> usize {
            self.0.units()
        }

        fn progress_total(&self) -> usize {
            self.0.progress_total()
        }

        fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<Self::Unit, Error> {
            Ok(Box::new(self.0.run_unit(i, lane, events)?))
        }

        fn finish(&self, units: Vec<Self::Unit>) -> Result<Output, Error> {
            let units = units.into_iter().map(|u| *u.downcast::<T::Unit>().expect("units of this task")).collect();
            Ok(self.0.finish(units)?.into())
        }

        fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
            self.0.help(lane, events)
        }
    }
    Box::new(Erased(task))
}

/// Runs a task one unit at a time on a solver the caller lends to each step.
pub struct Stepper<T: Task> {
    task: T,
    done: Vec<T::Unit>,
    guess: Option<u8>,
}

impl<T: Task> Stepper<T> {
    pub fn new(task: T) -> Stepper<T> {
        Stepper { done: Vec::with_capacity(task.units()), task, guess: None }
    }

    pub fn task(&self) -> &T {
        &self.task
    }

    /// Runs the next unit; returns the output after the last one (call no more then).
    pub fn step(&mut self, solver: &mut Solver, events: &mut dyn FnMut(Event)) -> Result<Option<T::Output>, Error> {
        let i = self.done.len();
        if i < self.task.units() {
            let mut lane = Lane { solver, guess: self.guess };
            self.done.push(self.task.run_unit(i, &mut lane, events)?);
            self.guess = lane.guess;
        }
        if self.done.len() < self.task.units() {
            return Ok(None);
        }
        self.task.finish(std::mem::take(&mut self.done)).map(Some)
    }

    /// Runs every unit left.
    pub fn run(mut self, solver: &mut Solver, events: &mut dyn FnMut(Event)) -> Result<T::Output, Error> {
        loop {
            if let Some(out) = self.step(solver, events)? {
                return Ok(out);
            }
        }
    }
}

/// Runs `task` on `solver`, one unit after another.
pub fn run<T: Task>(task: T, solver: &mut Solver, events: &mut dyn FnMut(Event)) -> Result<T::Output, Error> {
    Stepper::new(task).run(solver, events)
}

/// Runs the units of `task` over the rayon pool, each thread on the solver `solver()` gives
/// it ([`ThreadSolver::take`] reuses one per thread). Every thread takes the next unit in
/// order until none is left, then helps the units still running ([`Task::help`]): a job of
/// few units, such as one DD table, would otherwise leave threads idle at its end.
/// `events` may be called from any thread.
#[cfg(feature = "parallel")]
pub fn run_parallel<T, S>(
    task: &T,
    solver: impl Fn() -> S + Sync + Send,
    events: &(dyn Fn(Event) + Sync),
) -> Result<T::Output, Error>
where
    T: Task + ?Sized,
    S: DerefMut<Target = Solver>,
{
    use std::sync::Mutex;
    let units = task.units();
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<T::Unit>>> = Mutex::new((0..units).map(|_| None).collect());
    let failure: Mutex<Option<Error>> = Mutex::new(None);
    let failed = AtomicBool::new(false);
    // A unit's failure may stop the units on other threads (the suit task gives up on all its
    // leads at once), and their `Stopped` can be reported first: the cause wins over it.
    let fail = |e: Error| {
        let mut failure = failure.lock().unwrap_or_else(|p| p.into_inner());
        match &*failure {
            Some(Error::Stopped { .. }) if !matches!(e, Error::Stopped { .. }) => *failure = Some(e),
            Some(_) => {}
            None => *failure = Some(e),
        }
        failed.store(true, Ordering::Relaxed);
    };
    rayon::broadcast(|_| {
        let mut solver = solver();
        let mut lane = Lane { solver: &mut solver, guess: None };
        while !failed.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= units {
                break;
            }
            match task.run_unit(i, &mut lane, &mut |e| events(e)) {
                Ok(unit) => done.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(unit),
                Err(e) => return fail(e),
            }
        }
        while !failed.load(Ordering::Relaxed) {
            match task.help(&mut lane, &mut |e| events(e)) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return fail(e),
            }
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let units = done.into_inner().unwrap_or_else(|p| p.into_inner());
    task.finish(units.into_iter().map(|unit| unit.expect("every unit ran")).collect())
}

/// Counts the units of progress ([`Event::counts`]) a runner passes on, and follows each with
/// an [`Event::Progress`]: what the worker shows as progress bars.
pub struct Progress {
    done: AtomicUsize,
    total: usize,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress { done: AtomicUsize::new(0), total }
    }

    pub fn total(&self) -> usize {
        self.total
    }

    pub fn send(&self, event: Event, sink: &mut dyn FnMut(Event)) {
        let counts = event.counts();
        sink(event);
        if counts {
            let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
            sink(Event::Progress { done, total: self.total });
        }
    }

    /// Completes the progress of a job that sends no counted events (solve, inspect).
    pub fn finish(&self, sink: &mut dyn FnMut(Event)) {
        if self.done.load(Ordering::Relaxed) < self.total {
            sink(Event::Progress { done: self.total, total: self.total });
        }
    }
}

thread_local! {
    /// Each thread's solver, kept between jobs: a table's entries depend on the trump suit,
    /// not on the deal, and allocating one costs more than a small job.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// This thread's solver, lent out until dropped.
pub struct ThreadSolver(Option<Solver>);

impl ThreadSolver {
    /// Takes this thread's solver, made afresh if it has another configuration (or is lent
    /// out already), watching `stop`.
    pub fn take(config: &Config, stop: Option<&Arc<AtomicBool>>) -> ThreadSolver {
        let kept = SOLVER.with(|cell| cell.try_borrow_mut().ok().and_then(|mut slot| slot.take()));
        let mut solver = match kept {
            Some(solver) if solver.config() == config => solver,
            other => {
                // Free the old table before allocating the new one.
                drop(other);
                Solver::new(*config)
            }
        };
        solver.set_stop(stop.cloned());
        ThreadSolver(Some(solver))
    }

    /// Frees this thread's solver and its table.
    pub fn release() {
        SOLVER.with(|cell| {
            if let Ok(mut slot) = cell.try_borrow_mut() {
                *slot = None;
            }
        });
    }
}

impl Deref for ThreadSolver {
    type Target = Solver;

    fn deref(&self) -> &Solver {
        self.0.as_ref().expect("lent until dropped")
    }
}

impl DerefMut for ThreadSolver {
    fn deref_mut(&mut self) -> &mut Solver {
        self.0.as_mut().expect("lent until dropped")
    }
}

impl Drop for ThreadSolver {
    fn drop(&mut self) {
        if let Some(mut solver) = self.0.take() {
            solver.set_stop(None);
            SOLVER.with(|cell| {
                if let Ok(mut slot) = cell.try_borrow_mut() {
                    slot.get_or_insert(solver);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Kind, Output, PositionRequest, Request};
    use crate::{pbn, Position, Seat, Strain};

    const DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

    fn analyse_request() -> Request {
        Request::Analyse(PositionRequest {
            deal: DEAL.into(),
            trump: "H".into(),
            leader: "E".into(),
            trick: crate::schema::CardList::Text("S6".into()),
            options: Default::default(),
        })
    }

    #[test]
    fn steps_run_one_unit_each_and_stream_their_events() {
        let task = TablesTask::new(vec![pbn::parse_deal(DEAL).unwrap(); 2], true);
        let mut solver = Solver::new(Config::default());
        let mut stepper = Stepper::new(task);
        let mut events = Vec::new();
        for step in 1..10 {
            assert_eq!(stepper.step(&mut solver, &mut |e| events.push(e)).unwrap(), None);
            assert_eq!(events.iter().filter(|e| e.counts()).count(), 4 * step);
        }
        let tables = stepper.step(&mut solver, &mut |e| events.push(e)).unwrap().expect("the last unit");
        assert_eq!(tables[0], tables[1]);
        assert_eq!(tables[0].tricks.get(Seat::West, Strain::Hearts), 9, "tables.jsonl, line 1");
        let announced: Vec<usize> = events
            .iter()
            .filter_map(|e| if let Event::Table { index, .. } = e { Some(*index) } else { None })
            .collect();
        assert_eq!(announced, [0, 1]);
    }

    #[test]
    fn stepped_analysis_equals_the_solver_card_by_card() {
        let pos = Position::new(pbn::parse_deal(DEAL).unwrap(), Strain::Hearts, Seat::East, &["S6".parse().unwrap()])
            .unwrap();
        let mut solver = Solver::new(Config::default());
        let by_card: Vec<_> =
            pos.legal_cards().iter().map(|c| (c, solver.card_value(&pos, c, None).unwrap().0)).collect();
        let mut streamed = Vec::new();
        let out =
            run(analyse_request().task().unwrap(), &mut Solver::new(Config::default()), &mut |e| streamed.push(e))
                .unwrap();
        let Output::Analyse(out) = out else { panic!("not an analysis") };
        let mut sorted = out.tricks.0.clone();
        sorted.sort();
        let mut want = by_card.clone();
        want.sort();
        assert_eq!(sorted, want);
        assert_eq!(streamed.len(), by_card.len());
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn parallel_runs_equal_stepped_runs() {
        let requests = [
            Request::Table(crate::schema::TableRequest {
                deal: DEAL.into(),
                probes: false,
                options: Default::default(),
            }),
            analyse_request(),
        ];
        for request in requests {
            let stepped = run(request.task().unwrap(), &mut Solver::new(Config::default()), &mut |_| {}).unwrap();
            let counted = std::sync::atomic::AtomicUsize::new(0);
            let task = request.task().unwrap();
            let parallel = run_parallel(&task, || ThreadSolver::take(&Config::default(), None), &|e| {
                counted.fetch_add(e.counts() as usize, std::sync::atomic::Ordering::Relaxed);
            })
            .unwrap();
            assert_eq!(stepped, parallel);
            assert_eq!(counted.into_inner(), task.progress_total());
        }
    }

    /// Unit 1 fails and makes unit 0 stop, as the suit task's budget does; unit 0's `Stopped`
    /// is reported first, and must not hide the cause.
    #[cfg(feature = "parallel")]
    #[test]
    fn a_failure_wins_over_the_stops_it_causes() {
        use crate::SuitBudget;
        struct GivingUp(AtomicBool);
        impl Task for GivingUp {
            type Unit = ();
            type Output = ();
            fn units(&self) -> usize {
                2
            }
            fn progress_total(&self) -> usize {
                0
            }
            fn run_unit(&self, i: usize, _: &mut Lane<'_>, _: &mut dyn FnMut(Event)) -> Result<(), Error> {
                if i == 1 {
                    self.0.store(true, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(200));
                    return Err(Error::SuitTooHard { past: SuitBudget::Memory { megabytes: 48 } });
                }
                let t0 = std::time::Instant::now();
                while !self.0.load(Ordering::SeqCst) && t0.elapsed().as_secs() < 10 {
                    std::thread::yield_now();
                }
                Err(Error::Stopped { nodes: None })
            }
            fn finish(&self, _: Vec<()>) -> Result<(), Error> {
                Ok(())
            }
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let err = pool
            .install(|| {
                run_parallel(
                    &GivingUp(AtomicBool::new(false)),
                    || ThreadSolver::take(&Config::default(), None),
                    &|_| {},
                )
            })
            .unwrap_err();
        assert_eq!(err.code(), "too-hard");
    }

    #[test]
    fn a_stopped_solver_ends_the_task() {
        let stop = Arc::new(AtomicBool::new(true));
        let mut solver = ThreadSolver::take(&Config::default(), Some(&stop));
        let task = TablesTask::new(vec![pbn::parse_deal(DEAL).unwrap()], false);
        let err = run(task, &mut solver, &mut |_| {}).unwrap_err();
        assert_eq!(err.code(), "stopped");
        assert_eq!("analyze".parse::<Kind>().unwrap(), Kind::Analyse);
    }
}
