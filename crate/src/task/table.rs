//! DD tables, one unit per strain of each deal; par on top of one table.

use super::{Lane, Task};
use crate::schema::{Event, ParOut, ParScores, TableOut};
use crate::{solve_strain, DdTable, Deal, Error, Seat, Strain, Vulnerability};
use std::sync::Mutex;

/// The DD tables of `deals`: unit `i` is strain `i % 5` of deal `i / 5`.
pub struct TablesTask {
    deals: Vec<Deal>,
    /// Per deal, the table so far and how many strains are done: a batch announces each
    /// table once its last strain is in, whichever thread solved it.
    partial: Option<Mutex<Vec<(DdTable, u8)>>>,
}

impl TablesTask {
    /// `announce`: send an [`Event::Table`] as each table is complete (for batches).
    pub fn new(deals: Vec<Deal>, announce: bool) -> TablesTask {
        let partial = announce.then(|| Mutex::new(vec![(DdTable::default(), 0); deals.len()]));
        TablesTask { deals, partial }
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
        let (index, strain) = (i / 5, Strain::ALL[i % 5]);
        let deal = &self.deals[index];
        let mut row = [0; 4];
        solve_strain(lane.solver, deal, strain, &mut |declarer, tricks| {
            row[declarer.index()] = tricks;
            events(Event::Entry { index, declarer, strain, tricks });
        })?;
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
            .zip(rows.chunks(5))
            .map(|(&deal, rows)| {
                let mut tricks = DdTable::default();
                for (strain, row) in Strain::ALL.into_iter().zip(rows) {
                    for seat in Seat::ALL {
                        tricks.set(seat, strain, row[seat.index()]);
                    }
                }
                TableOut { deal, tricks }
            })
            .collect())
    }
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
