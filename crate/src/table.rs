//! The double-dummy table of a full deal: tricks for 4 declarers x 5 strains.

use crate::{Seat, Strain};

/// `tricks[declarer][strain]`: the tricks declarer's side takes when declarer's left-hand
/// opponent leads, strains in DDS order (S H D C NT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DdTable {
    pub tricks: [[u8; 5]; 4],
}

impl DdTable {
    pub fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[declarer.index()][strain.index()]
    }

    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.tricks[declarer.index()][strain.index()] = tricks;
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
        let task = crate::task::TablesTask::new(vec![*deal], false);
        Ok(crate::task::run(task, self, &mut |_| {})?[0].tricks)
    }
}

/// The four declarers of one strain; `on_entry` hears each result as it is found.
pub fn solve_strain(
    solver: &mut crate::Solver,
    deal: &crate::Deal,
    strain: Strain,
    on_entry: &mut dyn FnMut(Seat, u8),
) -> Result<(), crate::Error> {
    let size = deal.size() as u8;
    let mut guess = None;
    // North and South face the same cards with a different leader: their values are close.
    // MTD(f) settles a value in two probes when its first guess is the value or one above,
    // and North-South on lead usually take as much as, or one more than, against a lead.
    for declarer in [Seat::North, Seat::South, Seat::East, Seat::West] {
        let pos = crate::Position::at_trick_start(*deal, strain, declarer.next());
        let ns = solver.value_ns(&pos, guess)?;
        guess = Some(if declarer == Seat::South { (ns + 1).min(size) } else { ns });
        on_entry(declarer, if declarer.is_ns() { ns } else { size - ns });
    }
    Ok(())
}

/// The DD table with the strains spread over the rayon pool, on each thread's solver.
#[cfg(feature = "parallel")]
pub fn solve_table_parallel(
    deal: &crate::Deal,
    config: &crate::Config,
    on_entry: &(dyn Fn(Seat, Strain, u8) + Sync),
) -> Result<DdTable, crate::Error> {
    use crate::schema::Event;
    use crate::task::{run_parallel, TablesTask, ThreadSolver};
    let task = TablesTask::new(vec![*deal], false);
    let out = run_parallel(&task, || ThreadSolver::take(config, None), &|event| {
        if let Event::Entry { declarer, strain, tricks, .. } = event {
            on_entry(declarer, strain, tricks);
        }
    })?;
    Ok(out[0].tricks)
}
