//! The bench signature: the node count of the DD tables of a fixed deal list, solved on one
//! thread with a fresh solver. Any change to the search changes it; a refactor must not. The
//! command line and the wasm build print the same number.

use super::{Lane, Task};
use crate::schema::{BenchOut, Event};
use crate::{pbn, Config, Error, Solver};

/// A fixed list of random deals (the 1st, 3rd, 6th and 8th of the shared set), small
/// enough for the wasm build to check in a browser test.
pub const DEALS: &[&str] = &[
    "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962",
    "N:T95.J852.3.T8764 K764.A643.AK.KJ2 J83.K7.J875.AQ93 AQ2.QT9.QT9642.5",
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
];

/// Every deal's DD table, counting nodes. The signature is that of one fresh solver running
/// the units in order ([`signature`]); another runner gives other counts.
pub struct BenchTask;

impl Task for BenchTask {
    type Unit = u64;
    type Output = BenchOut;

    fn units(&self) -> usize {
        DEALS.len()
    }

    fn progress_total(&self) -> usize {
        self.units()
    }

    fn run_unit(&self, index: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<u64, Error> {
        let deal = pbn::parse_deal(DEALS[index])?;
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

/// The total node count; `on_deal` hears each deal's count.
pub fn signature(config: &Config, on_deal: &mut dyn FnMut(usize, u64)) -> Result<u64, Error> {
    let mut events = |event| {
        if let Event::Deal { index, nodes } = event {
            on_deal(index, nodes);
        }
    };
    Ok(super::run(BenchTask, &mut Solver::new(*config), &mut events)?.nodes)
}
