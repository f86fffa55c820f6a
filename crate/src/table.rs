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

/// The order in which one solver takes a strain's declarers: each value seeds the next.
pub(crate) const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// The MTD(f) first guess (North-South's tricks) for the `i`-th of [`DECLARERS`], from the
/// values found so far: the nearest before it, else after it, else none (the points'
/// estimate). North and South face the same cards with a different leader, and so do East
/// and West: their values are close. MTD(f) settles a value in two probes when its first
/// guess is the value or one above, and North-South on lead usually take as much as, or one
/// more than, against a lead.
pub(crate) fn first_guess(values: &[Option<u8>; 4], i: usize, size: u8) -> Option<u8> {
    let before = (0..i).rev().find(|&j| values[j].is_some());
    let after = (i + 1..4).find(|&j| values[j].is_some());
    let j = before.or(after)?;
    let ns = values[j]? as i32;
    let ns_on_lead = |j: usize| !DECLARERS[j].is_ns();
    let guess = ns + ns_on_lead(i) as i32 - ns_on_lead(j) as i32;
    Some(guess.clamp(0, size as i32) as u8)
}
