//! Exact suit play as a task: one unit per distinct opening lead, folded into one analysis.
//! A unit takes a search no other thread is using, or a new one: leads solved one after
//! another on a search share its trick starts, and threads never share a search.

use super::{Lane, Task};
use crate::schema::{Event, SuitOut, SuitRequest};
use crate::{Error, Hand, LeadSearch, SuitLeadResult, SuitPlay, Vacant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

pub struct SuitTask {
    play: SuitPlay,
    leads: Vec<(Hand, u8)>,
    /// The searches no unit is running on; as many in all as units ever ran at once.
    idle: Mutex<Vec<LeadSearch>>,
    /// How many searches there are.
    made: AtomicUsize,
}

impl SuitTask {
    pub fn new(request: &SuitRequest) -> Result<SuitTask, Error> {
        let default = Vacant::default();
        let vacant = Vacant {
            west: request.west_vacant.unwrap_or(default.west),
            east: request.east_vacant.unwrap_or(default.east),
        };
        let play = SuitPlay::new(&request.north, &request.south, vacant)?;
        Ok(SuitTask { leads: play.opening_leads(), play, idle: Mutex::default(), made: AtomicUsize::new(0) })
    }

    fn idle(&self) -> MutexGuard<'_, Vec<LeadSearch>> {
        self.idle.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Task for SuitTask {
    type Unit = SuitLeadResult;
    type Output = SuitOut;

    fn units(&self) -> usize {
        self.leads.len()
    }

    /// One [`Event::Lead`] per opening lead.
    fn progress_total(&self) -> usize {
        self.leads.len()
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<SuitLeadResult, Error> {
        let taken = self.idle().pop();
        let mut search = taken.unwrap_or_else(|| self.play.lead_search(self.made.fetch_add(1, Ordering::Relaxed)));
        let result = self.play.solve_lead(&mut search, i, lane.solver.stop_flag())?;
        self.idle().push(search);
        let (hand, rank) = self.leads[i];
        events(Event::Lead { lead: SuitPlay::card_name(hand, rank) });
        Ok(result)
    }

    fn finish(&self, leads: Vec<SuitLeadResult>) -> Result<SuitOut, Error> {
        let searches = std::mem::take(&mut *self.idle());
        Ok(self.play.finish(leads, searches))
    }
}

#[cfg(test)]
mod tests {
    use super::SuitTask;
    use crate::schema::{Event, Output, Request, SuitOut, SuitRequest};
    use crate::task::{run, Progress, Stepper};
    use crate::{Config, Solver, SuitPlay, Vacant};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    fn request(north: &str, south: &str) -> Request {
        Request::Suit(SuitRequest { north: north.into(), south: south.into(), ..Default::default() })
    }

    #[test]
    fn the_task_equals_the_one_search_analysis() {
        let task = request("AQ98x", "Jx").task().unwrap();
        let progress = Progress::new(task.progress_total());
        let mut events = Vec::new();
        let out =
            run(task, &mut Solver::new(Config::default()), &mut |e| progress.send(e, &mut |e| events.push(e))).unwrap();
        let Output::Suit(out) = out else { panic!("not a suit answer") };
        let direct = SuitPlay::new("AQ98x", "Jx", Vacant::default()).unwrap().analyse(None).unwrap();
        for (a, b) in out.targets.iter().zip(&direct.targets) {
            assert!((a.probability - b.probability).abs() < 1e-12);
        }
        assert!((out.average.tricks - direct.average.tricks).abs() < 1e-12);
        let leads = events.iter().filter(|e| matches!(e, Event::Lead { .. })).count();
        assert_eq!(leads, progress.total());
        assert_eq!(events.last(), Some(&Event::Progress { done: leads, total: leads }));
    }

    /// Leads run one after another share one search, and so its trick starts; units at once
    /// on two threads take two. Either way the answer is the one search's.
    #[test]
    fn leads_one_after_another_share_a_search() {
        let suit = SuitRequest { north: "AJ9753".into(), south: "-".into(), ..Default::default() };
        let direct = SuitPlay::new("AJ9753", "-", Vacant::default()).unwrap().analyse(None).unwrap();
        let same = |out: &SuitOut| {
            out.targets.iter().zip(&direct.targets).all(|(a, b)| (a.probability - b.probability).abs() < 1e-12)
                && (out.average.tricks - direct.average.tricks).abs() < 1e-12
        };
        let mut stepper = Stepper::new(SuitTask::new(&suit).unwrap());
        let mut solver = Solver::new(Config::default());
        let out = loop {
            if let Some(out) = stepper.step(&mut solver, &mut |_| {}).unwrap() {
                break out;
            }
        };
        assert!(same(&out));
        assert_eq!(stepper.task().made.load(Ordering::Relaxed), 1);
        #[cfg(feature = "parallel")]
        {
            use crate::task::{run_parallel, ThreadSolver};
            let task = SuitTask::new(&suit).unwrap();
            let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
            let out =
                pool.install(|| run_parallel(&task, || ThreadSolver::take(&Config::default(), None), &|_| {})).unwrap();
            assert!(same(&out));
            assert!((1..=2).contains(&task.made.load(Ordering::Relaxed)));
        }
    }

    #[test]
    fn a_stopped_solver_stops_the_analysis() {
        let stop = Arc::new(AtomicBool::new(true));
        let mut solver = Solver::new(Config::default());
        solver.set_stop(Some(stop));
        let err = run(request("AKJ1098", "xxxx").task().unwrap(), &mut solver, &mut |_| {}).unwrap_err();
        assert_eq!(err.code(), "stopped");
    }
}
