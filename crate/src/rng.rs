//! A small seeded pseudo-random source (SplitMix64): reproducible streams for sampling
//! without a dependency.

/// SplitMix64: one 64-bit add and a mix per number; every seed gives its own full-period
/// stream, and streams of nearby seeds look unrelated.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Stream `index` of `seed`: sample `index` draws from it alone, so a sample does not
    /// depend on which thread deals it or in what order.
    pub fn stream(seed: u64, index: u64) -> Rng {
        Rng(mix(seed ^ mix(index.wrapping_add(0x5851_F42D_4C95_7F2D))))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// Uniform in `0..n` (n > 0), without the bias of a plain modulo: a multiply keeps the
    /// high half, and the few low halves that would favour some results are drawn again.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = self.next_u64() as u128 * n as u128;
            if product as u64 >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_uniform_enough_and_in_range() {
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        // Each count is about 10000 with a standard deviation near 91.
        assert!(counts.iter().all(|&c| (9_600..10_400).contains(&c)), "{counts:?}");
    }

    #[test]
    fn streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4).map(|i| Rng::stream(1, i).next_u64()).collect();
        let b: Vec<u64> = (0..4).map(|i| Rng::stream(1, i).next_u64()).collect();
        assert_eq!(a, b);
        assert!(a.windows(2).all(|w| w[0] != w[1]));
        assert_ne!(Rng::stream(1, 0).next_u64(), Rng::stream(2, 0).next_u64());
    }
}
