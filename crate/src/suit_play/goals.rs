//! The goals the answer reports, for each trick target t the chance of at least t tricks
//! (ties to the higher average) and the best average, used to prune at the first trick.
//! There a vector's entries are the whole play's tricks, so a vector can be scored, and one
//! that cannot beat the best found so far on any goal is useless: the answer takes the best
//! of each goal and nothing else. A defender's product there keeps the best vector of each
//! goal instead of a Pareto front that can run to millions.

use super::pareto::Vectors;
use std::sync::{Arc, Mutex};

/// How far apart two scores may be and still tie: the answer's own tolerance.
pub const TIE: f64 = 1e-12;

/// The most tricks a suit can take, and so the most targets.
const MOST_TRICKS: usize = 13;

/// A vector's chance of each target (`chance[t]`, of at least t tricks) and its average.
#[derive(Clone, Copy, Debug)]
pub struct Score {
    chance: [f64; MOST_TRICKS + 1],
    average: f64,
}

impl Score {
    pub const ZERO: Score = Score { chance: [0.0; MOST_TRICKS + 1], average: 0.0 };

    /// A bound on every vector at most as good as both on every layout.
    pub fn least(&self, other: &Score) -> Score {
        self.zip(other, f64::min)
    }

    /// A bound on both: the better of each part.
    pub fn most(&self, other: &Score) -> Score {
        self.zip(other, f64::max)
    }

    /// The scores of two disjoint sets of layouts, together.
    pub fn plus(&self, other: &Score) -> Score {
        self.zip(other, |a, b| a + b)
    }

    fn zip(&self, other: &Score, f: impl Fn(f64, f64) -> f64) -> Score {
        let mut chance = self.chance;
        chance.iter_mut().zip(&other.chance).for_each(|(a, &b)| *a = f(*a, b));
        Score { chance, average: f(self.average, other.average) }
    }
}

/// The layouts' weights, and per layout a ceiling no vector of the product can pass: a
/// partial product's unset entries (255) count as their ceiling. A bound may also count only
/// some layouts and add a score for the others.
#[derive(Clone)]
pub struct Goals {
    /// Per target t from 1, each counted layout's weight where the ceiling allows t tricks,
    /// else 0.
    weights: Vec<Vec<f64>>,
    ceiling: Vec<u8>,
    targets: usize,
    /// Added to every score: a bound on the layouts not counted.
    rest: Score,
}

impl Goals {
    pub fn new(weights: Vec<f64>, ceiling: Vec<u8>) -> Goals {
        let targets = ceiling.iter().copied().max().map_or(0, usize::from).min(MOST_TRICKS);
        let weights = (1..=targets)
            .map(|t| weights.iter().zip(&ceiling).map(|(&w, &c)| if usize::from(c) >= t { w } else { 0.0 }).collect())
            .collect();
        Goals { weights, ceiling, targets, rest: Score::ZERO }
    }

    /// These goals counting only the layouts marked in `counted`, plus `rest`.
    pub fn only(&self, counted: &[bool], rest: Score) -> Goals {
        let mut weights = self.weights.clone();
        for by_layout in &mut weights {
            by_layout.iter_mut().zip(counted).filter(|(_, &c)| !c).for_each(|(w, _)| *w = 0.0);
        }
        Goals { weights, rest, ..self.clone() }
    }

    pub fn ceiling(&self) -> &[u8] {
        &self.ceiling
    }

    /// The targets from 1 to the most tricks any layout allows, then the average: a higher
    /// target has no chance for any vector, and its best is the average's.
    pub fn count(&self) -> usize {
        self.targets + 1
    }

    /// The scores of `row`, its entries held to the ceiling. Products score millions of rows:
    /// four running sums let the compiler use vector instructions.
    pub fn score(&self, row: &[u8]) -> Score {
        let mut chance = [0.0; MOST_TRICKS + 1];
        for (t, weights) in (1..).zip(&self.weights) {
            let mut sums = [0.0f64; 4];
            let (rows, weights) = (row.chunks_exact(4), weights.chunks_exact(4));
            let tail: f64 =
                rows.remainder().iter().zip(weights.remainder()).filter(|(&v, _)| v >= t).map(|(_, w)| w).sum();
            for (v, w) in rows.zip(weights) {
                for k in 0..4 {
                    sums[k] += if v[k] >= t { w[k] } else { 0.0 };
                }
            }
            chance[usize::from(t)] = (sums[0] + sums[1]) + (sums[2] + sums[3]) + tail;
        }
        // The average is the sum of the chances of at least 1, 2, ... tricks.
        let average = chance.iter().sum();
        Score { chance, average }.plus(&self.rest)
    }

    /// What goal `g` compares, first to last.
    fn key(&self, score: &Score, g: usize) -> (f64, f64) {
        if g < self.targets {
            (score.chance[g + 1], score.average)
        } else {
            (score.average, 0.0)
        }
    }

    /// Where goal `g` stands in a [`Record`]: the average first, then target t at t.
    fn record_slot(&self, g: usize) -> usize {
        if g < self.targets {
            g + 1
        } else {
            0
        }
    }

    /// Whether `a` scores strictly better than `b` on goal `g`.
    pub fn better(&self, a: &Score, b: &Score, g: usize) -> bool {
        beats(self.key(a, g), self.key(b, g))
    }
}

/// Lexicographic, each part up to a tie.
fn beats(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 > b.0 + TIE || (a.0 > b.0 - TIE && a.1 > b.1 + TIE)
}

/// The best score of each goal any opening lead has reached, shared by the searches of one
/// analysis: a vector that cannot even tie another lead's best is of no use either. The
/// answer stays exact and alike from run to run: a vector that reaches the best of a goal
/// is never dropped, whichever lead finds its record first.
#[derive(Debug, Default)]
pub struct Record {
    /// The average's key, then each target's.
    best: Mutex<[Option<(f64, f64)>; MOST_TRICKS + 1]>,
}

/// The best complete vector found so far for each goal, with the picks that build it.
pub struct Best {
    best: Vec<Option<(Score, usize)>>,
    rows: Vectors,
    picks: Vec<Vec<u32>>,
    record: Arc<Record>,
    /// The record's keys of each goal, as last read.
    elsewhere: Vec<Option<(f64, f64)>>,
}

impl Best {
    pub fn new(goals: &Goals, width: usize, record: Arc<Record>) -> Best {
        let count = goals.count();
        Best {
            best: vec![None; count],
            rows: Vectors::new(width),
            picks: Vec::new(),
            record,
            elsewhere: vec![None; count],
        }
    }

    /// Reads the record again: other leads may have raised it.
    pub fn refresh(&mut self, goals: &Goals) {
        let record = self.record.best.lock().expect("a search panicked");
        for (g, key) in self.elsewhere.iter_mut().enumerate() {
            *key = record[goals.record_slot(g)];
        }
    }

    /// Whether a vector whose score is at most `bound` could beat this product's best on a
    /// goal and still tie the record there.
    pub fn may_improve(&self, goals: &Goals, bound: &Score) -> bool {
        self.best.iter().zip(&self.elsewhere).enumerate().any(|(g, (best, elsewhere))| {
            best.as_ref().map_or(true, |(b, _)| goals.better(bound, b, g))
                && elsewhere.map_or(true, |key| !beats(key, goals.key(bound, g)))
        })
    }

    /// Keeps a complete vector for each goal it scores best on, and raises the record.
    pub fn offer(&mut self, goals: &Goals, row: &[u8], picks: &[u32]) {
        let score = goals.score(row);
        let mut stored = None;
        for (g, best) in self.best.iter_mut().enumerate() {
            if best.as_ref().map_or(true, |(b, _)| goals.better(&score, b, g)) {
                let index = *stored.get_or_insert_with(|| {
                    self.rows.push(row);
                    self.picks.push(picks.to_vec());
                    self.picks.len() - 1
                });
                *best = Some((score, index));
                let mut record = self.record.best.lock().expect("a search panicked");
                let slot = &mut record[goals.record_slot(g)];
                if slot.map_or(true, |key| beats(goals.key(&score, g), key)) {
                    *slot = Some(goals.key(&score, g));
                }
            }
        }
    }

    /// The vectors still best on some goal, each once, and their picks one after another.
    pub fn into_front(self) -> (Vectors, Vec<u32>) {
        let mut chosen: Vec<usize> = self.best.iter().flatten().map(|&(_, i)| i).collect();
        chosen.sort_unstable();
        chosen.dedup();
        let picks = chosen.iter().flat_map(|&i| self.picks[i].iter().copied()).collect();
        (self.rows.select(&chosen), picks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_best_of_each_goal_and_drops_the_rest() {
        // Two layouts of weights 0.75 and 0.25, at most 2 tricks on either.
        let goals = Goals::new(vec![0.75, 0.25], vec![2, 2]);
        let mut best = Best::new(&goals, 2, Arc::default());
        best.offer(&goals, &[1, 1], &[0]);
        best.offer(&goals, &[2, 0], &[1]);
        best.offer(&goals, &[0, 2], &[2]);
        best.offer(&goals, &[1, 0], &[3]);
        // [1, 1] is surest of 1 trick, [2, 0] of 2 tricks and on average (1.5).
        let (front, picks) = best.into_front();
        assert_eq!(front.values, [1, 1, 2, 0]);
        assert_eq!(picks, [0, 1]);
    }

    #[test]
    fn a_bound_that_only_ties_cannot_improve() {
        let goals = Goals::new(vec![0.5, 0.5], vec![1, 1]);
        let mut best = Best::new(&goals, 2, Arc::default());
        best.offer(&goals, &[1, 0], &[0]);
        best.offer(&goals, &[0, 1], &[1]);
        assert!(!best.may_improve(&goals, &goals.score(&[0, 1])));
        assert!(best.may_improve(&goals, &goals.score(&[1, 1])));
        // Unset entries count as the ceiling.
        assert!(best.may_improve(&goals, &goals.score(&[255, 0])) == best.may_improve(&goals, &goals.score(&[1, 0])));
    }
}
