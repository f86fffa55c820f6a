//! The hash of the memo tables' keys: a few small integers each, made by the search itself,
//! so SipHash's defence against chosen keys buys nothing and cost 7% of the time.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A memo table with [`MemoHasher`].
pub type Memo<K, V> = HashMap<K, V, BuildHasherDefault<MemoHasher>>;

/// Folds each integer in with a multiply, and mixes the whole at the end with splitmix64's
/// finaliser: hashbrown picks buckets by the low bits and tags by the high bits, so both
/// must depend on every input bit.
#[derive(Clone, Copy, Default)]
pub struct MemoHasher(u64);

impl Hasher for MemoHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(23) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash(key: impl Hash) -> u64 {
        BuildHasherDefault::<MemoHasher>::default().hash_one(key)
    }

    /// Keys that differ only in their high bits, or only in a field after another, still
    /// spread over the buckets (low bits) and the tags (top 7 bits) as random ones would:
    /// 4,096 keys in 4,096 buckets fill about 63% of them.
    #[test]
    fn keys_spread_over_buckets_and_tags() {
        let spreads = |hashes: Vec<u64>| {
            let buckets: std::collections::HashSet<u64> = hashes.iter().map(|h| h & 0xfff).collect();
            let tags: std::collections::HashSet<u64> = hashes.iter().map(|h| h >> 57).collect();
            (buckets.len(), tags.len())
        };
        let high = spreads((0..4096u64).map(|n| hash((0u16, 0u16, n << 40))).collect());
        let last = spreads((0..4096u64).map(|n| hash((7u16, 9u16, 0x1234u64, n))).collect());
        for (buckets, tags) in [high, last] {
            assert!(buckets > 2400, "{buckets} buckets");
            assert_eq!(tags, 128);
        }
        assert_ne!(hash((1u16, 2u16)), hash((2u16, 1u16)), "order matters");
    }
}
