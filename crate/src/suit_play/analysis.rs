//! The answer for a holding: for each trick target the best probability and a line, the
//! best average, and every card layout with its tricks.

use super::double_dummy::double_dummy;
use super::holding::{ranks_text, Holding, RankSet};
use super::layouts::{GapCounts, Layouts};
use super::line::{Line, Lines};
use super::pareto::Vectors;
use super::solver::{Arena, Hand};
use std::collections::HashMap;
use std::sync::Arc;

/// The best chance of at least `tricks` tricks and a line that reaches it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TargetPlan {
    pub tricks: u8,
    pub probability: f64,
    /// Shared with the other targets and the average that take the same vector: a line
    /// can be a large tree.
    pub line: Arc<Line>,
}

/// The best expected number of tricks and a line that reaches it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AveragePlan {
    pub tricks: f64,
    pub line: Arc<Line>,
}

/// One card layout of the missing cards.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Split {
    pub west: String,
    pub east: String,
    pub probability: f64,
    /// The tricks the best-average line takes on it.
    pub tricks: u8,
    /// The tricks each target's line takes on it, target 1 first.
    pub by_target: Vec<u8>,
    /// The tricks with every card in view.
    pub double_dummy: u8,
}

/// The exact analysis of a holding.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SuitAnalysis {
    pub north: String,
    pub south: String,
    pub missing: String,
    /// The number of card layouts (of nonzero probability).
    pub layouts: usize,
    /// One for each target from 1 to the longer hand's length.
    pub targets: Vec<TargetPlan>,
    pub average: AveragePlan,
    /// The probability-weighted double-dummy tricks: at least `average.tricks`; the
    /// difference is strategy fusion.
    pub double_dummy: f64,
    pub splits: Vec<Split>,
}

/// The game after one opening lead, as one search built it.
#[derive(Clone, Copy, Debug)]
pub struct LeadPart {
    pub hand: Hand,
    pub rank: u8,
    /// Which arena holds the part.
    pub arena: usize,
    pub node: u32,
}

/// Folds the parts (one per opening lead) into the analysis.
pub fn assemble(holding: &Holding, layouts: &Layouts, arenas: &[Arena], parts: &[LeadPart]) -> SuitAnalysis {
    let width = layouts.layouts.len();
    let mut all = Vectors::new(width);
    let mut from = Vec::new();
    for (p, part) in parts.iter().enumerate() {
        let front = arenas[part.arena].front_of(part.node);
        all.values.extend_from_slice(front);
        from.extend((0..(front.len() / width) as u32).map(|i| (p, i)));
    }
    let keep = all.front();
    let weights: Vec<f64> = layouts.layouts.iter().map(|l| l.weight).collect();
    let mut read = Lines::default();
    let mut line_of = |k: usize| {
        let (p, i) = from[k];
        let part = parts[p];
        let next = read.extract(arenas, part.arena, layouts, part.node, i);
        read.play(part.hand, part.rank, next)
    };
    // Summed from +0: f64's `sum` starts at -0, and a target never reached read -0.00%.
    let chance =
        |k: usize, t: u8| all.get(k).iter().zip(&weights).filter(|(&v, _)| v >= t).fold(0.0, |sum, (_, w)| sum + w);
    let expected = |k: usize| all.get(k).iter().zip(&weights).map(|(&v, w)| f64::from(v) * w).sum::<f64>();
    // Ties go to the higher average, then to the earlier vector.
    let best_by = |score: &dyn Fn(usize) -> f64| {
        let mut best = keep[0];
        for &k in &keep[1..] {
            let (a, b) = ((score(k), expected(k)), (score(best), expected(best)));
            if a.0 > b.0 + 1e-12 || (a.0 > b.0 - 1e-12 && a.1 > b.1 + 1e-12) {
                best = k;
            }
        }
        best
    };
    let longest = holding.north.count_ones().max(holding.south.count_ones()) as u8;
    let target_vectors: Vec<usize> = (1..=longest).map(|t| best_by(&|k| chance(k, t))).collect();
    let k = best_by(&expected);
    // Targets often share a vector, and reading a line off the tree is a good part of the
    // work on most holdings: each vector's line is read once, and shared rather than copied.
    let mut lines: HashMap<usize, Arc<Line>> = HashMap::new();
    for &v in target_vectors.iter().chain([&k]) {
        lines.entry(v).or_insert_with(|| line_of(v));
    }
    let targets = target_vectors
        .iter()
        .zip(1..)
        // The weights' rounding can sum a sure target to 1 + 2e-16.
        .map(|(&v, t)| TargetPlan { tricks: t, probability: chance(v, t).min(1.0), line: Arc::clone(&lines[&v]) })
        .collect();
    let average = AveragePlan { tricks: expected(k), line: Arc::clone(&lines[&k]) };
    let dd = double_dummy(holding, layouts);
    let double_dummy = dd.iter().zip(&weights).map(|(&v, w)| f64::from(v) * w).sum();
    let by_target: Vec<&[u8]> = target_vectors.iter().map(|&k| all.get(k)).collect();
    let splits = card_layouts(holding, layouts, all.get(k), &by_target, &dd);
    SuitAnalysis {
        north: ranks_text(holding.north),
        south: ranks_text(holding.south),
        missing: ranks_text(holding.missing()),
        layouts: splits.len(),
        targets,
        average,
        double_dummy,
        splits,
    }
}

/// Every card layout of nonzero probability, East's shortest first.
fn card_layouts(holding: &Holding, layouts: &Layouts, tricks: &[u8], by_target: &[&[u8]], dd: &[u8]) -> Vec<Split> {
    let index: HashMap<GapCounts, usize> = layouts.layouts.iter().enumerate().map(|(i, l)| (l.west, i)).collect();
    let missing = holding.missing();
    let ranks: Vec<u8> = (0..13u8).filter(|r| missing >> r & 1 == 1).collect();
    let mut splits = Vec::new();
    for pick in 0u32..1 << ranks.len() {
        let west: RankSet =
            ranks.iter().enumerate().filter(|(i, _)| pick >> i & 1 == 1).fold(0, |s, (_, r)| s | 1 << r);
        let counts = layouts
            .gaps
            .iter()
            .enumerate()
            .fold(0, |acc, (g, gap)| acc | u64::from((west & gap.cards).count_ones()) << (4 * g));
        let Some(&l) = index.get(&GapCounts(counts)) else { continue };
        splits.push((
            missing & !west,
            Split {
                west: ranks_text(west),
                east: ranks_text(missing & !west),
                probability: layouts.card_layout_probability(west.count_ones()),
                tricks: tricks[l],
                by_target: by_target.iter().map(|v| v[l]).collect(),
                double_dummy: dd[l],
            },
        ));
    }
    splits.sort_by(|(a, _), (b, _)| a.count_ones().cmp(&b.count_ones()).then(b.cmp(a)));
    splits.into_iter().map(|(_, s)| s).collect()
}
