//! DD tables, one unit per strain of each deal; par on top of one table.

use super::{Lane, Task};
use crate::schema::{Event, ParOut, ParScores, TableOut};
use crate::{strain_order, DdTable, Deal, Error, ProbeRecord, Seat, SharedStrain, Strain, Vulnerability};
use std::sync::{Arc, Mutex, MutexGuard};

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
    /// The strains in progress (deal index, strain), for threads that come to help.
    running: Mutex<Vec<(usize, Strain, Arc<SharedStrain>)>>,
    /// Keep every probe of the search: then a strain runs whole on one solver, whose log
    /// holds its probes, and no thread joins it.
    probes: bool,
}

impl TablesTask {
    /// `announce`: send an [`Event::Table`] as each table is complete (for batches).
    pub fn new(deals: Vec<Deal>, announce: bool) -> TablesTask {
        let partial = announce.then(|| Mutex::new(vec![(DdTable::default(), 0); deals.len()]));
        let orders = deals.iter().map(strain_order).collect();
        TablesTask { deals, orders, partial, running: Mutex::default(), probes: false }
    }

    /// Also returns every null-window probe of the search ([`TableOut::probes`]).
    pub fn with_probes(mut self, probes: bool) -> TablesTask {
        self.probes = probes;
        self
    }

    pub fn deals(&self) -> &[Deal] {
        &self.deals
    }
}

impl Task for TablesTask {
    /// The four declarers' tricks in one strain, by seat, and its probes if kept.
    type Unit = ([u8; 4], Vec<ProbeRecord>);
    type Output = Vec<TableOut>;

    fn units(&self) -> usize {
        5 * self.deals.len()
    }

    fn progress_total(&self) -> usize {
        (20 * self.deals.len()).max(1)
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<Self::Unit, Error> {
        let (index, strain) = (i / 5, self.orders[i / 5][i % 5]);
        let deal = &self.deals[index];
        let shared = Arc::new(SharedStrain::new(*deal, strain));
        if !self.probes {
            lock(&self.running).push((index, strain, shared.clone()));
        }
        lane.solver.log_probes(self.probes);
        let row =
            shared.run(lane.solver, &mut |declarer, tricks| events(Event::Entry { index, declarer, strain, tricks }));
        let probes = lane.solver.take_probes();
        lane.solver.log_probes(false);
        lock(&self.running).retain(|(_, _, s)| !Arc::ptr_eq(s, &shared));
        let row = row?;
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
                events(Event::Table { index, table: TableOut::new(*deal, tricks) });
            }
        }
        Ok((row, probes))
    }

    fn finish(&self, rows: Vec<Self::Unit>) -> Result<Vec<TableOut>, Error> {
        Ok(self
            .deals
            .iter()
            .zip(&self.orders)
            .zip(rows.chunks(5))
            .map(|((&deal, order), rows)| {
                let mut out = TableOut::new(deal, DdTable::default());
                for (&strain, (row, probes)) in order.iter().zip(rows) {
                    for seat in Seat::ALL {
                        out.tricks.set(seat, strain, row[seat.index()]);
                    }
                    out.probes.extend_from_slice(probes);
                }
                out
            })
            .collect())
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        // The strain with the most declarers not yet started.
        let most = lock(&self.running)
            .iter()
            .max_by_key(|(_, _, s)| s.unstarted())
            .filter(|(_, _, s)| s.unstarted() > 0)
            .cloned();
        match most {
            Some((index, strain, shared)) => shared
                .join(lane.solver, &mut |declarer, tricks| events(Event::Entry { index, declarer, strain, tricks }))
                .map(|()| true),
            None => Ok(false),
        }
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
    type Unit = <TablesTask as Task>::Unit;
    type Output = ParOut;

    fn units(&self) -> usize {
        self.table.units()
    }

    fn progress_total(&self) -> usize {
        self.table.progress_total()
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<Self::Unit, Error> {
        self.table.run_unit(i, lane, events)
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        self.table.help(lane, events)
    }

    fn finish(&self, rows: Vec<Self::Unit>) -> Result<ParOut, Error> {
        let TableOut { deal, tricks, .. } = self.table.finish(rows)?.remove(0);
        let scores = ParScores::new(&tricks, self.dealer, self.vulnerable);
        Ok(ParOut { deal, dealer: self.dealer, vulnerable: self.vulnerable, tricks, scores })
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

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
