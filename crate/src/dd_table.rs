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
