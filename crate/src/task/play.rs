//! A play record: declarer's DD tricks before the opening lead and after each card.

use super::{Lane, Task};
use crate::schema::{Event, PlayOut};
use crate::{Card, Config, Deal, Error, Position, Seat, Solver, Strain};

/// Unit `i` values the position after `i` cards, seeded with the value before it.
pub struct PlayTask {
    leader: Seat,
    cards: Vec<Card>,
    /// The position after `i` cards with the tricks declarer has won by then.
    positions: Vec<(Position, u8)>,
}

impl PlayTask {
    /// Checks every card: a revoke or a card not held is an input error, found here.
    pub fn new(deal: Deal, strain: Strain, leader: Seat, cards: Vec<Card>) -> Result<PlayTask, Error> {
        let declarer = leader.prev();
        let mut positions = vec![(Position::at_trick_start(deal, strain, leader), 0)];
        for (i, &card) in cards.iter().enumerate() {
            let (pos, won) = &positions[i];
            let (next, winner) = pos.play_scored(card).map_err(|e| e.at(format!("card {} ({card})", i + 1)))?;
            let won = won + winner.is_some_and(|w| w.is_ns() == declarer.is_ns()) as u8;
            positions.push((next, won));
        }
        Ok(PlayTask { leader, cards, positions })
    }
}

impl Task for PlayTask {
    type Unit = u8;
    type Output = PlayOut;

    fn units(&self) -> usize {
        self.positions.len()
    }

    fn progress_total(&self) -> usize {
        self.positions.len()
    }

    fn run_unit(&self, index: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<u8, Error> {
        let (pos, won) = &self.positions[index];
        let ns = lane.solver.value_ns(pos, lane.guess)?;
        lane.guess = Some(ns);
        let declarer = self.leader.prev();
        let tricks = won + if declarer.is_ns() { ns } else { pos.tricks_left() as u8 - ns };
        events(Event::Trace { index, tricks });
        Ok(tricks)
    }

    fn finish(&self, declarer_tricks: Vec<u8>) -> Result<PlayOut, Error> {
        let start = &self.positions[0].0;
        Ok(PlayOut {
            deal: *start.deal(),
            trump: start.strain(),
            leader: self.leader,
            declarer: self.leader.prev(),
            play: self.cards.clone(),
            declarer_tricks,
        })
    }
}

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
    Ok(super::run(task, &mut Solver::new(*config), &mut |_| {})?.declarer_tricks)
}
