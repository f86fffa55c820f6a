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
