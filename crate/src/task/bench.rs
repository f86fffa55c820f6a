//! The bench signature as a task: one unit per deal of [`crate::bench::DEALS`].

use super::{Lane, Task};
use crate::schema::{BenchOut, Event};
use crate::{pbn, Error};

/// Every deal's DD table, counting nodes. The signature is defined on one fresh solver of the
/// default configuration running the units in order ([`crate::bench::signature`]); another
/// runner gives other counts.
pub struct BenchTask;

impl Task for BenchTask {
    type Unit = u64;
    type Output = BenchOut;

    fn units(&self) -> usize {
        crate::bench::DEALS.len()
    }

    fn progress_total(&self) -> usize {
        self.units()
    }

    fn run_unit(&self, index: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<u64, Error> {
        let deal = pbn::parse_deal(crate::bench::DEALS[index])?;
        lane.solver.reset_stats();
        lane.solver.table(&deal)?;
        let nodes = lane.solver.stats().nodes();
        events(Event::Deal { index, nodes });
        Ok(nodes)
    }

    fn finish(&self, deals: Vec<u64>) -> Result<BenchOut, Error> {
        Ok(BenchOut { nodes: deals.iter().sum(), deals })
    }
}
