//! Sets of trick vectors (one entry per layout) kept to their Pareto front: a vector that
//! another matches or beats on every layout never gives a better probability or average.

/// Vectors of `width` entries, stored one after another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Vectors {
    pub width: usize,
    pub values: Vec<u8>,
}

impl Vectors {
    pub fn new(width: usize) -> Vectors {
        Vectors { width, values: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.values.len().checked_div(self.width).unwrap_or(0)
    }

    pub fn get(&self, i: usize) -> &[u8] {
        &self.values[i * self.width..(i + 1) * self.width]
    }

    pub fn push(&mut self, v: &[u8]) {
        debug_assert_eq!(v.len(), self.width);
        self.values.extend_from_slice(v);
    }

    /// The indices of the Pareto-maximal vectors, each distinct vector once, highest sum
    /// first.
    pub fn front(&self) -> Vec<usize> {
        self.front_unless(&|| false).expect("never stopped")
    }

    /// [`Vectors::front`], or `None` as soon as `stopped` says so (asked every few thousand
    /// vectors: one front can take long).
    pub fn front_unless(&self, stopped: &dyn Fn() -> bool) -> Option<Vec<usize>> {
        let n = self.len();
        if n <= 1 {
            return Some((0..n).collect());
        }
        let sums: Vec<u32> = (0..n).map(|i| self.get(i).iter().map(|&x| u32::from(x)).sum()).collect();
        let mut order: Vec<usize> = (0..n).collect();
        // A vector can only be dominated by one of at least its sum, so one pass in
        // decreasing sum checks each candidate against every vector that could beat it.
        // Equal vectors end up side by side, and products make many.
        order.sort_unstable_by(|&a, &b| sums[b].cmp(&sums[a]).then_with(|| self.get(b).cmp(self.get(a))));
        let mut kept: Vec<usize> = Vec::new();
        let mut previous: Option<usize> = None;
        for (done, i) in order.into_iter().enumerate() {
            if done % 4096 == 4095 && stopped() {
                return None;
            }
            let v = self.get(i);
            if previous.is_some_and(|p| self.get(p) == v) {
                continue;
            }
            previous = Some(i);
            // The latest kept, of the nearest sums, dominate most often.
            if !kept.iter().rev().any(|&k| dominates(self.get(k), v)) {
                kept.push(i);
            }
        }
        Some(kept)
    }

    /// Only the vectors at `indices`, in that order.
    pub fn select(&self, indices: &[usize]) -> Vectors {
        let mut out = Vectors::new(self.width);
        out.values.reserve(indices.len() * self.width);
        for &i in indices {
            out.values.extend_from_slice(self.get(i));
        }
        out
    }
}

/// Whether `a` is at least `b` on every layout.
pub fn dominates(a: &[u8], b: &[u8]) -> bool {
    // No early exit: the loop vectorises.
    a.iter().zip(b).fold(true, |all, (x, y)| all & (x >= y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_each_undominated_vector_once() {
        let mut v = Vectors::new(2);
        for x in [[1, 1], [2, 0], [1, 1], [0, 2], [2, 1], [0, 0]] {
            v.push(&x);
        }
        let mut front = v.front();
        front.sort();
        assert_eq!(front, [3, 4]);
    }
}
