//! Play analysis: the DD value before a sequence of cards and after each one.

use crate::{Card, Config, Deal, Error, Position, Seat, Solver, Strain};

/// Declarer's total tricks (those already won plus the DD value of the rest) before any card
/// and after each card of `play`. Declarer sits to the right of the opening `leader`.
pub fn analyse_play(
    deal: &Deal,
    strain: Strain,
    leader: Seat,
    play: &[Card],
    config: &Config,
) -> Result<Vec<u8>, Error> {
    let mut solver = Solver::new(*config);
    let declarer = leader.prev();
    let mut pos = Position::at_trick_start(*deal, strain, leader);
    let mut won = 0u8;
    let mut guess = None;
    let mut trace = Vec::with_capacity(play.len() + 1);
    let value = |solver: &mut Solver, pos: &Position, won: u8, guess: &mut Option<u8>| -> Result<u8, Error> {
        let ns = solver.value_ns(pos, *guess)?;
        *guess = Some(ns);
        let ours = if declarer.is_ns() { ns } else { pos.tricks_left() as u8 - ns };
        Ok(won + ours)
    };
    trace.push(value(&mut solver, &pos, won, &mut guess)?);
    for &card in play {
        let completes = pos.trick().len() == 3;
        pos = pos.play(card)?;
        if completes && pos.leader().is_ns() == declarer.is_ns() {
            won += 1;
        }
        trace.push(value(&mut solver, &pos, won, &mut guess)?);
    }
    Ok(trace)
}
