//! Exact suit play: the best line for each trick target in one suit, under the model that
//! SuitPlay and the suit-combination encyclopedias use. North-South hold some cards of a
//! suit; every split of the rest between East and West is weighted by vacant places;
//! declarer leads every trick from the hand he likes and decides only on what he has seen;
//! the defenders see everything and know his strategy. A strategy gives a trick vector over
//! the layouts, and the Pareto front of those vectors answers every target and the average.
//!
//! Files: `holding` (parsing), `layouts` (the gap layouts and their weights), `pareto`
//! (fronts), `goals` (the answer's goals, which prune the first trick), `solver` (the
//! recursion over information sets), `pool` (where its nodes keep their slices), `memo_hash` (its memo's hash), `line` (plans read off
//! the tree), `double_dummy` (minimax per layout), `analysis` (the answer).

mod analysis;
mod double_dummy;
mod goals;
mod holding;
mod layouts;
mod line;
mod memo_hash;
mod pareto;
mod pool;
mod solver;

pub use analysis::{AveragePlan, Split, SuitAnalysis, TargetPlan};
pub use holding::Holding;
pub use layouts::Vacant;
pub use line::Line;
pub use solver::{Defender, Hand};

use crate::Error;
use analysis::{assemble, LeadPart};
use goals::Record;
use layouts::Layouts;
use solver::{Arena, NodeKind, Search};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One suit-play problem: the holdings and the vacant places.
#[derive(Clone, Debug)]
pub struct SuitPlay {
    holding: Holding,
    layouts: Arc<Layouts>,
    /// Set when one lead's search finds the combination too hard: the leads on other
    /// threads then stop instead of running on for minutes to no purpose.
    too_hard: Arc<AtomicBool>,
    /// The best of each goal the leads' searches have reached so far.
    record: Arc<Record>,
}

/// Problems are equal when their holdings and vacant places are.
impl PartialEq for SuitPlay {
    fn eq(&self, other: &SuitPlay) -> bool {
        self.holding == other.holding && self.layouts == other.layouts
    }
}

/// The game after one opening lead: what a unit of the suit task computes. Its nodes lie in
/// the arena of the [`LeadSearch`] that solved it.
#[derive(Clone, Debug)]
pub struct SuitLeadResult {
    part: LeadPart,
}

/// A search that opening leads are solved on one after another, sharing the trick starts
/// they reach: a lead solved on a fresh search builds again much of what the leads before it
/// built. The suit task keeps one per thread.
pub struct LeadSearch {
    search: Search,
    /// Which search of the analysis this is: its leads' parts name it.
    id: usize,
}

impl SuitPlay {
    /// Reads the holdings (`AK987x`, `Jx`; see [`Holding::parse`]) and checks the vacant
    /// places (each at most 13, together at least the missing cards).
    pub fn new(north: &str, south: &str, vacant: Vacant) -> Result<SuitPlay, Error> {
        let holding = Holding::parse(north, south)?;
        let layouts = Layouts::new(&holding, vacant)?;
        Ok(SuitPlay { holding, layouts: Arc::new(layouts), too_hard: Arc::default(), record: Arc::default() })
    }

    pub fn holding(&self) -> &Holding {
        &self.holding
    }

    /// Declarer's distinct opening leads (one card per run of touching cards), each
    /// `(hand, rank)` with rank 0 for the 2.
    pub fn opening_leads(&self) -> Vec<(Hand, u8)> {
        Search::new(Arc::clone(&self.layouts), None).opening_leads(&self.holding)
    }

    /// A card of declarer's as the lines write it: `S2` for South's 2 (rank 0).
    pub fn card_name(hand: Hand, rank: u8) -> String {
        format!("{}{}", hand.letter(), holding::rank_letter(rank))
    }

    /// A search for [`SuitPlay::solve_lead`], named `id` among the analysis's searches.
    pub fn lead_search(&self, id: usize) -> LeadSearch {
        let search = Search::new(Arc::clone(&self.layouts), None)
            .giving_up_with(Arc::clone(&self.too_hard))
            .recording_in(Arc::clone(&self.record));
        LeadSearch { search, id }
    }

    /// The game after the `i`th opening lead, on `on` (which keeps its nodes); `stop` ends
    /// it early. A search that failed is not to be used again.
    pub fn solve_lead(
        &self,
        on: &mut LeadSearch,
        i: usize,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<SuitLeadResult, Error> {
        let (hand, rank) = on.search.opening_leads(&self.holding)[i];
        on.search.watch(stop);
        let node = on.search.after_opening_lead(&self.holding, hand, rank).inspect_err(|e| {
            if matches!(e, Error::SuitTooHard { .. }) {
                self.too_hard.store(true, Ordering::Relaxed);
            }
        })?;
        Ok(SuitLeadResult { part: LeadPart { hand, rank, arena: on.id, node } })
    }

    /// Folds the results of every opening lead, in the order of [`SuitPlay::opening_leads`],
    /// with the searches they were solved on.
    pub fn finish(&self, leads: Vec<SuitLeadResult>, searches: Vec<LeadSearch>) -> SuitAnalysis {
        let ids: Vec<usize> = searches.iter().map(|s| s.id).collect();
        let arenas: Vec<Arena> = searches.into_iter().map(|s| s.search.arena).collect();
        let parts: Vec<LeadPart> = leads
            .into_iter()
            .map(|lead| {
                let arena = ids.iter().position(|&id| id == lead.part.arena).expect("the lead's search is given");
                LeadPart { arena, ..lead.part }
            })
            .collect();
        assemble(&self.holding, &self.layouts, &arenas, &parts)
    }

    /// The whole analysis on one search (one thread, trick starts shared by every lead).
    pub fn analyse(&self, stop: Option<Arc<AtomicBool>>) -> Result<SuitAnalysis, Error> {
        self.analyse_on(Search::new(Arc::clone(&self.layouts), stop))
    }

    fn analyse_on(&self, mut search: Search) -> Result<SuitAnalysis, Error> {
        let root = search.root(&self.holding)?;
        let arena = search.arena;
        let NodeKind::Declarer { edges, .. } = arena.nodes[root as usize].kind else {
            unreachable!("declarer has a card to lead")
        };
        let parts: Vec<LeadPart> = arena
            .edges
            .get(edges)
            .iter()
            .map(|edge| {
                let solver::Action::Play { hand, rank } = edge.action else { unreachable!("a lead") };
                LeadPart { hand, rank, arena: 0, node: edge.child }
            })
            .collect();
        Ok(assemble(&self.holding, &self.layouts, std::slice::from_ref(&arena), &parts))
    }

    /// How many nodes the whole game's search builds (for measurements).
    pub fn count_nodes(&self) -> Result<usize, Error> {
        let mut search = Search::new(Arc::clone(&self.layouts), None);
        search.root(&self.holding)?;
        Ok(search.arena.nodes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first trick keeps only the best vector of each goal: that must lose no answer.
    /// On random holdings of 6 to 12 cards it gives what whole fronts give.
    #[test]
    fn goals_at_the_first_trick_keep_every_answer() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..60 {
            let mut deck: Vec<u8> = (0..13).collect();
            rng.shuffle(&mut deck);
            let cards = 6 + rng.below(7) as usize;
            let cut = rng.below(cards as u64 + 1) as usize;
            let text = |ranks: &[u8]| ranks.iter().map(|&r| holding::rank_letter(r)).collect::<String>();
            let (north, south) = (text(&deck[..cut]), text(&deck[cut..cards]));
            let play = SuitPlay::new(&north, &south, Vacant::default()).unwrap();
            let goals = play.analyse(None).unwrap();
            let Ok(whole) = play.analyse_on(Search::new(Arc::clone(&play.layouts), None).with_whole_fronts()) else {
                continue;
            };
            for (a, b) in goals.targets.iter().zip(&whole.targets) {
                assert!((a.probability - b.probability).abs() < 1e-12, "{north} / {south}: {} tricks", a.tricks);
            }
            assert!((goals.average.tricks - whole.average.tricks).abs() < 1e-12, "{north} / {south}: average");
        }
    }
}
