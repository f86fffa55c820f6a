//! First guesses for the followers in a trick.
//!
//! The TT remembers the last good leads of each key, but the second, third and fourth
//! hands had no memory: their rule-based first card is right 97 times in 100, yet the
//! subtrees under the wrong ones held about a fifth of all nodes. This table keeps, per TT
//! key of the trick's start and the cards played to it so far (each as its place among the
//! cards in play, as the TT keeps leads), the card that last decided such a node after the
//! first one failed.
//!
//! ```text
//! slot (u32)   bits 31..8   check: bits 40..63 of the hash
//!              bits  7..0   the card as suit << 4 | place from the top
//! ```

pub(crate) struct FollowHints {
    slots: Vec<u32>,
    mask: usize,
}

impl FollowHints {
    /// A table of about `bytes` bytes.
    pub fn new(bytes: usize) -> FollowHints {
        let len = (bytes / 4).next_power_of_two().max(1 << 12);
        FollowHints { slots: vec![0; len], mask: len - 1 }
    }

    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    pub fn get(&self, hash: u64) -> Option<u8> {
        let slot = self.slots[hash as usize & self.mask];
        (slot != 0 && slot >> 8 == check(hash)).then_some(slot as u8)
    }

    /// Starts loading the slot of `hash`, to be read when the search reaches its node.
    pub fn prefetch(&self, hash: u64) {
        crate::prefetch::prefetch(&self.slots, hash as usize & self.mask);
    }

    pub fn set(&mut self, hash: u64, card: u8) {
        self.slots[hash as usize & self.mask] = check(hash) << 8 | card as u32;
    }
}

fn check(hash: u64) -> u32 {
    (hash >> 40) as u32
}

/// A 64-bit mixer (splitmix64's finaliser).
pub(crate) fn mix(x: u64) -> u64 {
    let z = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
