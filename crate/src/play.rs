//! Play analysis: the DD value before a sequence of cards and after each one.

use crate::task::{run, PlayTask};
use crate::{Card, Config, Deal, Error, Seat, Solver, Strain};

/// Declarer's total tricks (those already won plus the DD value of the rest) before any card
/// and after each card of `play`. Declarer sits to the right of the opening `leader`.
pub fn analyse_play(
    deal: &Deal,
    strain: Strain,
    leader: Seat,
    play: &[Card],
    config: &Config,
) -> Result<Vec<u8>, Error> {
    let task = PlayTask::new(*deal, strain, leader, play.to_vec())?;
    Ok(run(task, &mut Solver::new(*config), &mut |_| {})?.declarer_tricks)
}
