//! The transposition table, after Bradmetz: entries hold bounds for a whole class of
//! positions, those with the same suit lengths and the same owners of the top cards.
//!
//! Key: the 16 suit lengths (4 bits each, hand-major: `(hand * 4 + suit) * 4`) and the
//! leader; the tricks left follow from the lengths. Per suit, the owner vector lists the
//! owners of the cards still in play, highest first, 2 bits each from bit 0 up; only the
//! first `k` of them (the active cards) must match:
//!
//! ```text
//! Entry (48 bytes)
//!   lengths  u64       16 suit lengths, 4 bits each
//!   exact    u64       the cards in play, only in TtMode::Exact (else 0)
//!   owners   [u32; 4]  owner vectors, masked to their active part
//!   next     u32       the next entry in this bucket's chain
//!   active   [u8; 4]   k per suit: the mask is the low 2k bits
//!   leader   u8
//!   lower    u8        North-South take at least this many of the tricks left
//!   upper    u8        ... and at most this many
//! ```
//!
//! A position matches an entry when, for every suit, `(current ^ stored) & mask == 0`.
//! Several entries with different `k` can match one position, so a probe scans the chain.
//! Memory is a fixed arena: when it is full, the table starts afresh.

use crate::Cards;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub lengths: u64,
    pub exact: u64,
    pub leader: u8,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    lengths: u64,
    exact: u64,
    owners: [u32; 4],
    next: u32,
    active: [u8; 4],
    leader: u8,
    lower: u8,
    upper: u8,
}

pub(crate) enum Probe {
    Miss,
    /// An entry matched but its bounds did not decide the target.
    Hit,
    /// The target is decided: the result and the active cards per suit of the entry.
    Cut(bool, [u8; 4]),
}

pub(crate) fn suit_mask(k: u8) -> u32 {
    if k >= 16 {
        u32::MAX
    } else {
        (1u32 << (2 * k)) - 1
    }
}

pub(crate) struct Tt {
    heads: Vec<u32>,
    entries: Vec<Entry>,
    capacity: usize,
    shift: u32,
}

pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Tt {
    /// A table of about `bytes` bytes in all.
    pub fn new(bytes: usize) -> Tt {
        // One head (4 bytes) per two entries.
        let capacity = (bytes / (ENTRY_BYTES + 2)).max(1024);
        let buckets = (capacity / 2).next_power_of_two();
        Tt {
            heads: vec![NONE; buckets],
            entries: Vec::with_capacity(capacity),
            capacity,
            shift: 64 - buckets.trailing_zeros(),
        }
    }

    pub fn clear(&mut self) {
        self.heads.fill(NONE);
        self.entries.clear();
    }

    fn bucket(&self, key: &Key) -> usize {
        let h = (key.lengths ^ key.exact.rotate_left(17) ^ (key.leader as u64) << 62)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if self.shift >= 64 {
            0
        } else {
            (h >> self.shift) as usize
        }
    }

    /// Looks for an entry that matches the position and decides "North-South take at least
    /// `target` of the tricks left".
    pub fn probe(&self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        let mut idx = self.heads[self.bucket(key)];
        let mut hit = false;
        while idx != NONE {
            let e = &self.entries[idx as usize];
            idx = e.next;
            if e.lengths != key.lengths || e.leader != key.leader || e.exact != key.exact {
                continue;
            }
            let matches = (0..4).all(|s| (owners[s] ^ e.owners[s]) & suit_mask(e.active[s]) == 0);
            if !matches {
                continue;
            }
            hit = true;
            if e.lower >= target {
                return Probe::Cut(true, e.active);
            }
            if e.upper < target {
                return Probe::Cut(false, e.active);
            }
        }
        if hit {
            Probe::Hit
        } else {
            Probe::Miss
        }
    }

    /// Records that North-South take at least `lower` / at most `upper` of the tricks left
    /// in every position matching `owners` on the top `active[s]` cards of each suit.
    pub fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], lower: u8, upper: u8) {
        let masked: [u32; 4] = std::array::from_fn(|s| owners[s] & suit_mask(active[s]));
        let bucket = self.bucket(key);
        let mut idx = self.heads[bucket];
        while idx != NONE {
            let e = &mut self.entries[idx as usize];
            if e.lengths == key.lengths
                && e.leader == key.leader
                && e.exact == key.exact
                && e.active == active
                && e.owners == masked
            {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                return;
            }
            idx = e.next;
        }
        if self.entries.len() >= self.capacity {
            self.clear();
        }
        let next = self.heads[bucket];
        self.heads[bucket] = self.entries.len() as u32;
        self.entries.push(Entry {
            lengths: key.lengths,
            exact: key.exact,
            owners: masked,
            next,
            active,
            leader: key.leader,
            lower,
            upper,
        });
    }
}

/// Per suit, the owner vector of every subset of its 13 cards: computed once per deal, since
/// cards never change hands. Index: the suit's rank bits shifted down by 2.
pub(crate) struct OwnerTable {
    holders: [Cards; 4],
    vectors: Vec<u32>,
}

impl OwnerTable {
    pub fn new() -> OwnerTable {
        OwnerTable {
            holders: [Cards::EMPTY; 4],
            vectors: vec![0; 4 * 8192],
        }
    }

    /// Rebuilds the table unless `hands` agree with the holders it was built from.
    pub fn prepare(&mut self, hands: &[Cards; 4]) {
        let consistent = (0..4).all(|h| hands[h].0 & !self.holders[h].0 == 0);
        if consistent {
            return;
        }
        self.holders = *hands;
        for suit in crate::Suit::ALL {
            let table = &mut self.vectors[suit.index() * 8192..][..8192];
            table[0] = 0;
            for subset in 1..8192usize {
                let top = 31 - (subset as u32).leading_zeros();
                let card_bit = (suit.index() as u32) * 16 + top + 2;
                let owner = (0..4)
                    .find(|&h| hands[h].0 >> card_bit & 1 != 0)
                    .unwrap_or(0) as u32;
                table[subset] = owner | table[subset & !(1 << top)] << 2;
            }
        }
    }

    /// The owner vectors of the cards in `present`, one per suit.
    pub fn vectors(&self, present: Cards) -> [u32; 4] {
        std::array::from_fn(|s| {
            self.vectors[s * 8192 + (present.suit_bits(crate::Suit::from_index(s)) >> 2) as usize]
        })
    }
}
