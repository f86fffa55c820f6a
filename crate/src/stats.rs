//! Counters of a search, per trick, for the teaching site's charts and the bench signature.

/// What the search did at one trick depth (trick 1 is the first trick of a 13-card deal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TrickStats {
    /// Positions visited, one per card considered.
    pub nodes: u64,
    pub tt_probes: u64,
    /// Probes that found a matching entry, whether or not its bound decided the target.
    pub tt_hits: u64,
    /// Probes whose bound decided the target.
    pub tt_cutoffs: u64,
    pub quick_trick_cutoffs: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    pub per_trick: [TrickStats; 13],
}

impl Stats {
    pub fn nodes(&self) -> u64 {
        self.per_trick.iter().map(|t| t.nodes).sum()
    }

    pub fn total(&self) -> TrickStats {
        let mut sum = TrickStats::default();
        for t in &self.per_trick {
            sum.nodes += t.nodes;
            sum.tt_probes += t.tt_probes;
            sum.tt_hits += t.tt_hits;
            sum.tt_cutoffs += t.tt_cutoffs;
            sum.quick_trick_cutoffs += t.quick_trick_cutoffs;
        }
        sum
    }

    pub fn add(&mut self, other: &Stats) {
        for (a, b) in self.per_trick.iter_mut().zip(&other.per_trick) {
            a.nodes += b.nodes;
            a.tt_probes += b.tt_probes;
            a.tt_hits += b.tt_hits;
            a.tt_cutoffs += b.tt_cutoffs;
            a.quick_trick_cutoffs += b.quick_trick_cutoffs;
        }
    }
}
