//! Exact suit play as a task: one unit per distinct opening lead, each solved on a search of
//! its own (the leads share no memo, but run on separate threads), folded into one analysis.

use super::{Lane, Task};
use crate::schema::{Event, SuitOut, SuitRequest};
use crate::{Error, Hand, SuitLeadResult, SuitPlay, Vacant};

pub struct SuitTask {
    play: SuitPlay,
    leads: Vec<(Hand, u8)>,
}

impl SuitTask {
    pub fn new(request: &SuitRequest) -> Result<SuitTask, Error> {
        let default = Vacant::default();
        let vacant = Vacant {
            west: request.west_vacant.unwrap_or(default.west),
            east: request.east_vacant.unwrap_or(default.east),
        };
        let play = SuitPlay::new(&request.north, &request.south, vacant)?;
        Ok(SuitTask { leads: play.opening_leads(), play })
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
        let result = self.play.solve_lead(i, lane.solver.stop_flag())?;
        let (hand, rank) = self.leads[i];
        events(Event::Lead { lead: SuitPlay::card_name(hand, rank) });
        Ok(result)
    }

    fn finish(&self, leads: Vec<SuitLeadResult>) -> Result<SuitOut, Error> {
        Ok(self.play.finish(leads))
    }
}

#[cfg(test)]
mod tests {
    use crate::schema::{Event, Output, Request, SuitRequest};
    use crate::task::{run, Progress};
    use crate::{Config, Solver, SuitPlay, Vacant};
    use std::sync::atomic::AtomicBool;
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

    #[test]
    fn a_stopped_solver_stops_the_analysis() {
        let stop = Arc::new(AtomicBool::new(true));
        let mut solver = Solver::new(Config::default());
        solver.set_stop(Some(stop));
        let err = run(request("AKJ1098", "xxxx").task().unwrap(), &mut solver, &mut |_| {}).unwrap_err();
        assert_eq!(err.code(), "stopped");
    }
}
