//! Requests made tasks: the one place that knows every kind of job.

use super::{
    boxed, AnalyseTask, AnyTask, BenchTask, InspectTask, Lane, ParTask, PlayTask, SingleTask, SolveTask, SuitTask,
    TablesTask, Task, TraceTask,
};
use crate::schema::{parse_deal, Event, Request, TableOut};
use crate::{Error, Seat, SingleDummy, TablePolicy, Vulnerability};

impl Request {
    /// The task that answers the request. Every input error is found here, before any search.
    pub fn task(&self) -> Result<AnyTask, Error> {
        Ok(match self {
            Request::Table(r) => {
                boxed(OneTable(TablesTask::new(vec![parse_deal(&r.deal)?], false).with_probes(r.probes)))
            }
            Request::Tables(r) => {
                let deals =
                    r.deals.iter().enumerate().map(|(i, d)| parse_deal(d).map_err(|e| e.at(format!("deal {}", i + 1))));
                boxed(TablesTask::new(deals.collect::<Result<_, _>>()?, true))
            }
            Request::Solve(r) => boxed(SolveTask(r.position()?)),
            Request::Analyse(r) => boxed(AnalyseTask::new(r.position()?)),
            Request::Inspect(r) => boxed(InspectTask::new(r.position()?, r.options.fresh == Some(true))),
            Request::Par(r) => {
                let dealer = r.dealer.as_deref().map_or(Ok(Seat::North), str::parse)?;
                let vul = r.vulnerability.as_deref().map_or(Ok(Vulnerability::None), str::parse)?;
                boxed(ParTask::new(parse_deal(&r.deal)?, dealer, vul))
            }
            Request::Play(r) => {
                let (deal, strain, leader) = (parse_deal(&r.deal)?, r.trump.parse()?, r.leader.parse()?);
                boxed(PlayTask::new(deal, strain, leader, r.play.parse()?)?)
            }
            Request::Bench(_) => boxed(BenchTask),
            Request::Single(r) => {
                boxed(SingleTask::new(SingleDummy::new(&r.job)?.table_policy(match r.options.fresh {
                    None => TablePolicy::Auto,
                    Some(true) => TablePolicy::Fresh,
                    Some(false) => TablePolicy::Keep,
                })))
            }
            Request::Suit(r) => boxed(SuitTask::new(r)?),
            Request::Trace(r) => boxed(TraceTask::new(r.position.position()?, r.target)?),
        })
    }
}

/// A batch of one: its output is the table itself.
struct OneTable(TablesTask);

impl Task for OneTable {
    type Unit = <TablesTask as Task>::Unit;
    type Output = TableOut;

    fn units(&self) -> usize {
        self.0.units()
    }

    fn progress_total(&self) -> usize {
        self.0.progress_total()
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<Self::Unit, Error> {
        self.0.run_unit(i, lane, events)
    }

    fn finish(&self, rows: Vec<Self::Unit>) -> Result<TableOut, Error> {
        Ok(self.0.finish(rows)?.remove(0))
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        self.0.help(lane, events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{ParRequest, TableRequest};
    use crate::{Config, Solver};

    /// `tables.jsonl`, line 30: its hearts hold most of its table.
    const DEAL: &str = "N:.AT93.AQJT9532.J QJ32.K75.4.A9763 AT76.J2.K6.KT852 K9854.Q864.87.Q4";

    /// Whether a thread that calls `help` while the first unit runs gets some of its work.
    fn helps(task: &AnyTask) -> bool {
        std::thread::scope(|scope| {
            let unit = scope.spawn(|| {
                task.run_unit(0, &mut Lane { solver: &mut Solver::new(Config::default()), guess: None }, &mut |_| {})
            });
            let mut solver = Solver::new(Config::default());
            let mut lane = Lane { solver: &mut solver, guess: None };
            let mut helped = false;
            while !unit.is_finished() && !helped {
                helped = task.help(&mut lane, &mut |_| {}).expect("no error");
            }
            unit.join().expect("no panic").expect("the unit ran");
            helped
        })
    }

    #[test]
    fn one_table_and_par_let_idle_threads_join_their_strains() {
        // Without the forwarding, the browser's one-table jobs left the second thread idle.
        let table = Request::Table(TableRequest { deal: DEAL.into(), probes: false, options: Default::default() });
        assert!(helps(&table.task().unwrap()), "table");
        let par = Request::Par(ParRequest {
            deal: DEAL.into(),
            dealer: None,
            vulnerability: None,
            options: Default::default(),
        });
        assert!(helps(&par.task().unwrap()), "par");
    }
}
