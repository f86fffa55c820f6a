//! The East-West layouts, up to the gap equivalence: the missing cards between two
//! consecutive North-South cards are interchangeable (swapping two never changes whether a
//! North-South card wins a trick, and which defender wins does not matter since declarer
//! leads again), so a layout is how many cards of each gap West holds.

use super::holding::{Holding, RankSet};
use crate::Error;

/// Counts per gap, 4 bits each (a gap holds at most 13 cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GapCounts(pub u64);

impl GapCounts {
    pub fn get(self, gap: usize) -> u8 {
        (self.0 >> (4 * gap) & 15) as u8
    }

    pub fn plus_one(self, gap: usize) -> GapCounts {
        GapCounts(self.0 + (1 << (4 * gap)))
    }
}

/// The missing cards lying between two consecutive North-South cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    pub cards: RankSet,
    pub size: u8,
    /// Its lowest rank: every card of the gap compares with North-South cards as this one.
    pub low: u8,
}

/// Vacant places in West's and East's hands for the suit (13 each when nothing is known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacant {
    pub west: u8,
    pub east: u8,
}

impl Default for Vacant {
    fn default() -> Vacant {
        Vacant { west: 13, east: 13 }
    }
}

/// One layout of the gaps: how many cards of each West holds, and the total probability of
/// the card layouts it stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GapLayout {
    pub west: GapCounts,
    pub weight: f64,
}

/// Every gap layout of nonzero probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Layouts {
    pub gaps: Vec<Gap>,
    pub layouts: Vec<GapLayout>,
    pub vacant: Vacant,
}

pub fn binomial(n: u32, k: i64) -> f64 {
    if k < 0 || k > n as i64 {
        return 0.0;
    }
    let k = (k as u32).min(n - k as u32);
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

impl Layouts {
    pub fn new(holding: &Holding, vacant: Vacant) -> Result<Layouts, Error> {
        let missing = holding.missing();
        let m = missing.count_ones();
        if vacant.west > 13 || vacant.east > 13 || u32::from(vacant.west) + u32::from(vacant.east) < m {
            return Err(Error::BadVacantPlaces { west: vacant.west, east: vacant.east, missing: m as u8 });
        }
        let ns = holding.north | holding.south;
        let mut gaps: Vec<Gap> = Vec::new();
        let mut open = false;
        for r in 0..13u8 {
            if ns >> r & 1 == 1 {
                open = false;
            } else if missing >> r & 1 == 1 {
                if !open {
                    gaps.push(Gap { cards: 0, size: 0, low: r });
                    open = true;
                }
                let gap = gaps.last_mut().expect("just opened");
                gap.cards |= 1 << r;
                gap.size += 1;
            }
        }
        let (a, b) = (u32::from(vacant.west), u32::from(vacant.east));
        let all = binomial(a + b, a as i64);
        // The probability of one given card layout where West holds w of the missing cards.
        let per_card_layout = |w: u32| binomial(a + b - m, i64::from(a) - i64::from(w)) / all;
        let mut layouts = Vec::new();
        let mut counts = vec![0u8; gaps.len()];
        loop {
            let w: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            let spread: f64 = gaps.iter().zip(&counts).map(|(g, &c)| binomial(g.size.into(), c.into())).product();
            let weight = per_card_layout(w) * spread;
            if weight > 0.0 {
                let west = counts.iter().enumerate().fold(0, |acc, (g, &c)| acc | u64::from(c) << (4 * g));
                layouts.push(GapLayout { west: GapCounts(west), weight });
            }
            // The next count vector, as an odometer.
            let Some(g) = (0..gaps.len()).find(|&g| counts[g] < gaps[g].size) else { break };
            counts[g] += 1;
            counts[..g].iter_mut().for_each(|c| *c = 0);
        }
        Ok(Layouts { gaps, layouts, vacant })
    }

    /// The probability of one card layout in which West holds `w` of the missing cards.
    pub fn card_layout_probability(&self, w: u32) -> f64 {
        let m: u32 = self.gaps.iter().map(|g| u32::from(g.size)).sum();
        let (a, b) = (u32::from(self.vacant.west), u32::from(self.vacant.east));
        binomial(a + b - m, i64::from(a) - i64::from(w)) / binomial(a + b, a as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_example_has_fourteen_layouts_summing_to_one() {
        // AJ2 / K103: the missing Q, 9..4 fall into two gaps (Q; 9 to 4).
        let layouts = Layouts::new(&Holding::parse("AJ2", "KT3").unwrap(), Vacant::default()).unwrap();
        assert_eq!(layouts.gaps.len(), 2);
        assert_eq!(layouts.layouts.len(), 14);
        let total: f64 = layouts.layouts.iter().map(|l| l.weight).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
