//! First guesses for the leader and the followers in a trick: the card that last decided
//! such a node after the first one tried failed. The rules' first card is right at most
//! nodes, yet the subtrees under the wrong ones held about a fifth of all nodes.
//!
//! - Followers: per TT key of the trick's start and the cards played to it so far, each as
//!   its place among the cards in play at the trick's start (so that it means the same
//!   card in every position with that key).
//! - The leader: per exact hand of the leader (and seat) and North-South's target. Leads
//!   kept per TT key (suit lengths) took 10% more nodes on the first 100 shared deals: the
//!   lead that works follows the leader's own cards more than the shape of the other
//!   hands. Without the target, 1% more.
//!
//! ```text
//! slot (u32)   bits 31..8   check: bits 40..63 of the hash
//!              bits  7..0   a follower's card as suit << 4 | place from the top;
//!                           a lead as the card itself (suit << 4 | rank)
//! hash (u64)   bits 40..63  check
//!              bits  4..39  the cache line: the trick start's, kept by every follower
//!              bits  0..3   the slot in the line: the cards played so far
//! ```
//!
//! All the followers of one trick start share a cache line of 16 slots, fetched once at the
//! trick start: each follower's own slot, fetched just before its node, still missed the
//! cache (perf: 11% of the time on that one load).

use crate::{Cards, Seat};

pub(crate) struct FollowHints {
    lines: Vec<Line>,
    mask: usize,
}

/// The slots of one trick start's followers, on one cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Line([u32; LINE_SLOTS]);

const LINE_SLOTS: usize = 16;

impl FollowHints {
    /// A table of about `bytes` bytes.
    pub fn new(bytes: usize) -> FollowHints {
        let len = (bytes / 64).next_power_of_two().max(1 << 8);
        FollowHints { lines: vec![Line([0; LINE_SLOTS]); len], mask: len - 1 }
    }

    /// Holds what `src` holds.
    pub fn copy_from(&mut self, src: &FollowHints) {
        self.lines.clone_from(&src.lines);
        self.mask = src.mask;
    }

    pub fn clear(&mut self) {
        self.lines.fill(Line([0; LINE_SLOTS]));
    }

    fn slot(&self, hash: u64) -> (usize, usize) {
        ((hash >> 4) as usize & self.mask, hash as usize % LINE_SLOTS)
    }

    pub fn get(&self, hash: u64) -> Option<u8> {
        let (line, slot) = self.slot(hash);
        let slot = self.lines[line].0[slot];
        (slot != 0 && slot >> 8 == check(hash)).then_some(slot as u8)
    }

    /// Starts loading the line of `hash`, to be read when the search reaches its followers.
    pub fn prefetch(&self, hash: u64) {
        crate::prefetch::prefetch(&self.lines, self.slot(hash).0);
    }

    pub fn set(&mut self, hash: u64, card: u8) {
        let (line, slot) = self.slot(hash);
        self.lines[line].0[slot] = check(hash) << 8 | card as u32;
    }
}

fn check(hash: u64) -> u32 {
    (hash >> 40) as u32
}

/// The bits of a hash that pick its cache line: a trick start's, kept by its followers.
const LINE_BITS: u64 = 0xff_ffff_fff0;

/// The hash of a trick start: its slots' line and the lead's slot.
pub(crate) fn trick_start(key: u64) -> u64 {
    mix(key ^ 0x5bd1_e995)
}

/// The hash of a leader's exact hand and North-South's target: any slot of any line. (The
/// seat and the target go in bits that no card uses: 0 and 1 of each suit's lane.)
pub(crate) fn lead(hand: Cards, leader: Seat, target: u32) -> u64 {
    let spare = leader.index() as u64 | (target as u64 & 3) << 16 | (target as u64 >> 2 & 3) << 32;
    mix(hand.0 | spare)
}

/// The hash of the next follower after the card `place` (a place, as `search.rs`'s
/// `encode_place` writes it): in the line of `hash`, another slot and check.
pub(crate) fn follower(hash: u64, place: u8) -> u64 {
    mix(hash ^ (place as u64 + 1)) & !LINE_BITS | hash & LINE_BITS
}

/// A 64-bit mixer (splitmix64's finaliser).
fn mix(x: u64) -> u64 {
    let z = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
