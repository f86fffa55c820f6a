//! Requests made tasks: the one place that knows every kind of job.

use super::{
    boxed, AnalyseTask, AnyTask, BenchTask, InspectTask, Lane, ParTask, PlayTask, SingleTask, SolveTask, TablesTask,
    Task,
};
use crate::schema::{parse_deal, Event, Request, TableOut};
use crate::{Error, Seat, SingleDummy, Vulnerability};

impl Request {
    /// The task that answers the request. Every input error is found here, before any search.
    pub fn task(&self) -> Result<AnyTask, Error> {
        Ok(match self {
            Request::Table(r) => boxed(OneTable(TablesTask::new(vec![parse_deal(&r.deal)?], false))),
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
                boxed(SingleTask::new(SingleDummy::new(&r.job)?.keep_table(r.options.fresh != Some(true))))
            }
        })
    }
}

/// A batch of one: its output is the table itself.
struct OneTable(TablesTask);

impl Task for OneTable {
    type Unit = [u8; 4];
    type Output = TableOut;

    fn units(&self) -> usize {
        self.0.units()
    }

    fn progress_total(&self) -> usize {
        self.0.progress_total()
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<[u8; 4], Error> {
        self.0.run_unit(i, lane, events)
    }

    fn finish(&self, rows: Vec<[u8; 4]>) -> Result<TableOut, Error> {
        Ok(self.0.finish(rows)?.remove(0))
    }
}
