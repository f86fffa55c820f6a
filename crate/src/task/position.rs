//! Jobs on one position: its value, every legal card's value, the active cards.

use super::{Lane, Task};
use crate::schema::{AnalyseOut, CardTricks, Event, InspectOut, SolveOut};
use crate::{Card, Cards, Error, Position};

/// The tricks the side to move takes: one unit.
pub struct SolveTask(pub Position);

impl Task for SolveTask {
    type Unit = u8;
    type Output = SolveOut;

    fn units(&self) -> usize {
        1
    }

    fn progress_total(&self) -> usize {
        1
    }

    fn run_unit(&self, _: usize, lane: &mut Lane<'_>, _: &mut dyn FnMut(Event)) -> Result<u8, Error> {
        lane.solver.solve(&self.0)
    }

    fn finish(&self, tricks: Vec<u8>) -> Result<SolveOut, Error> {
        Ok(SolveOut { position: (&self.0).into(), tricks: tricks[0] })
    }
}

/// Every legal card with the tricks its side takes after it: one unit per group of
/// equivalent cards, each seeded with the value the group before left.
pub struct AnalyseTask {
    pos: Position,
    groups: Vec<Cards>,
}

impl AnalyseTask {
    pub fn new(pos: Position) -> AnalyseTask {
        AnalyseTask { groups: pos.groups(), pos }
    }
}

impl Task for AnalyseTask {
    type Unit = u8;
    type Output = AnalyseOut;

    fn units(&self) -> usize {
        self.groups.len()
    }

    fn progress_total(&self) -> usize {
        (self.pos.legal_cards().len() as usize).max(1)
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<u8, Error> {
        let group = self.groups[i];
        let card = group.lowest().expect("groups are not empty");
        let (tricks, child_ns) = lane.solver.card_value(&self.pos, card, lane.guess)?;
        lane.guess = Some(child_ns);
        for card in group.iter() {
            events(Event::Card { card, tricks });
        }
        Ok(tricks)
    }

    fn finish(&self, values: Vec<u8>) -> Result<AnalyseOut, Error> {
        // Groups come spades first, high to low, and so do the cards within a group.
        let cards: Vec<(Card, u8)> =
            self.groups.iter().zip(values).flat_map(|(group, tricks)| group.iter().map(move |c| (c, tricks))).collect();
        Ok(AnalyseOut {
            position: (&self.pos).into(),
            best: cards.iter().map(|&(_, t)| t).max().unwrap_or(0),
            tricks: CardTricks(cards),
        })
    }
}

/// The value with the active cards of its proof and the search's statistics: one unit.
pub struct InspectTask {
    pos: Position,
    /// Solve from an empty table, so that the statistics are those of a cold solve.
    fresh: bool,
}

impl InspectTask {
    pub fn new(pos: Position, fresh: bool) -> InspectTask {
        InspectTask { pos, fresh }
    }
}

impl Task for InspectTask {
    type Unit = InspectOut;
    type Output = InspectOut;

    fn units(&self) -> usize {
        1
    }

    fn progress_total(&self) -> usize {
        1
    }

    fn run_unit(&self, _: usize, lane: &mut Lane<'_>, _: &mut dyn FnMut(Event)) -> Result<InspectOut, Error> {
        let solver = &mut *lane.solver;
        if self.fresh {
            solver.clear();
        }
        solver.reset_stats();
        let active = solver.active(&self.pos).map_err(|e| match e {
            // A stopped inspection tells how far it got.
            Error::Stopped { .. } => Error::Stopped { nodes: Some(solver.stats().nodes()) },
            e => e,
        })?;
        let stats = solver.stats();
        Ok(InspectOut {
            position: (&self.pos).into(),
            tricks: active.tricks,
            active,
            per_trick: stats.per_trick,
            total: stats.total(),
            config: *solver.config(),
        })
    }

    fn finish(&self, mut units: Vec<InspectOut>) -> Result<InspectOut, Error> {
        Ok(units.remove(0))
    }
}
