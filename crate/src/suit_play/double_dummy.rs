//! Double-dummy tricks on each layout: the same game with declarer seeing the defenders'
//! cards, so plain minimax per layout. Its probability-weighted mean minus the best average
//! is the strategy fusion.

use super::holding::{Holding, RankSet};
use super::layouts::{GapCounts, Layouts};
use super::memo_hash::Memo;

struct Minimax<'a> {
    layouts: &'a Layouts,
    memo: Memo<(RankSet, RankSet, GapCounts, GapCounts), u8>,
}

/// The double-dummy tricks of each gap layout, in the order of `layouts.layouts`.
pub fn double_dummy(holding: &Holding, layouts: &Layouts) -> Vec<u8> {
    let sizes = layouts.gaps.iter().enumerate().fold(0, |acc, (g, gap)| acc | u64::from(gap.size) << (4 * g));
    let mut minimax = Minimax { layouts, memo: Memo::default() };
    layouts
        .layouts
        .iter()
        .map(|l| minimax.value(holding.north, holding.south, l.west, GapCounts(sizes - l.west.0)))
        .collect()
}

/// A defender's possible cards: the gaps he holds (lowest rank of each), or a void (`None`).
/// Iterators, not vectors: the minimax asks at every node, and allocating was a good part of
/// its time.
fn defender_cards(layouts: &Layouts, held: GapCounts) -> impl Iterator<Item = Option<usize>> {
    let gaps = (0..layouts.gaps.len()).filter(move |&g| held.get(g) > 0);
    let void = held.0 == 0;
    gaps.map(Some).chain(void.then_some(None))
}

fn ranks(set: RankSet) -> impl Iterator<Item = u8> {
    (0..13u8).filter(move |r| set >> r & 1 == 1)
}

fn minus(counts: GapCounts, gap: Option<usize>) -> GapCounts {
    gap.map_or(counts, |g| GapCounts(counts.0 - (1 << (4 * g))))
}

impl Minimax<'_> {
    fn value(&mut self, north: RankSet, south: RankSet, west: GapCounts, east: GapCounts) -> u8 {
        if north | south == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&(north, south, west, east)) {
            return v;
        }
        let layouts = self.layouts;
        let mut best = 0;
        // Leading from North: East, South, West follow; from South: West, North, East.
        for lead_north in [true, false] {
            let (leader, partner) = if lead_north { (north, south) } else { (south, north) };
            let (second, fourth) = if lead_north { (east, west) } else { (west, east) };
            for lead in ranks(leader) {
                let mut worst = u8::MAX;
                for second_card in defender_cards(layouts, second) {
                    let third_cards = ranks(partner).map(Some).chain((partner == 0).then_some(None));
                    let mut best_third = 0;
                    for third in third_cards {
                        let mut worst_fourth = u8::MAX;
                        for fourth_card in defender_cards(layouts, fourth) {
                            let ns_top = third.map_or(lead, |t| t.max(lead));
                            let beaten =
                                [second_card, fourth_card].iter().flatten().all(|&g| layouts.gaps[g].low < ns_top);
                            let (leader_left, partner_left) =
                                (leader & !(1 << lead), third.map_or(partner, |t| partner & !(1 << t)));
                            let (n, s) =
                                if lead_north { (leader_left, partner_left) } else { (partner_left, leader_left) };
                            let (s2, s4) = (minus(second, second_card), minus(fourth, fourth_card));
                            let (w, e) = if lead_north { (s4, s2) } else { (s2, s4) };
                            let v = u8::from(beaten) + self.value(n, s, w, e);
                            worst_fourth = worst_fourth.min(v);
                        }
                        best_third = best_third.max(worst_fourth);
                    }
                    worst = worst.min(best_third);
                }
                best = best.max(worst);
            }
        }
        self.memo.insert((north, south, west, east), best);
        best
    }
}
