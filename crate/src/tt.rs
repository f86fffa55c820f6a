//! The transposition table, after Bradmetz: entries hold bounds for a whole class of
//! positions, those with the same suit lengths and the same owners of the top cards.
//!
//! Key: the 16 suit lengths (4 bits each, hand-major: `(hand * 4 + suit) * 4`) and the
//! leader; the tricks left follow from the lengths. Per suit, the owner vector lists the
//! owners of the cards still in play, highest first, 2 bits each from bit 0 up; only the
//! first `k` of them (the active cards) must match. Each key has its entries in blocks of
//! contiguous memory, so that a probe reads a few cache lines rather than a chain:
//!
//! ```text
//! KeyNode (32 bytes)                   Block (128 bytes)
//!   lengths  u64   16 suit lengths       entries [Entry; 5]
//!   exact    u64   cards in play, only   next    u32   the key's next (older) block
//!                  in TtMode::Exact      len     u8
//!   next     u32   next key, same hash
//!   block    u32   newest block        Entry (24 bytes)
//!   leader   u8                          owners [u32; 4]  owner vectors, masked to their active part
//!                                        active [u8; 4]   k per suit: the mask is the low 2k bits
//!                                        lower  u8        North-South take at least this many of the tricks left
//!                                        upper  u8        ... and at most this many
//!                                        best   u8        the lead that decided it: suit << 4 | place from the top
//! ```
//!
//! A position matches an entry when, for every suit, `(current ^ stored) & mask == 0`.
//! Several entries with different `k` can match one position, so a probe scans them all.
//! Memory is a fixed arena: when it is full, the table starts afresh.

use crate::Cards;

const NONE: u32 = u32::MAX;
const BLOCK_ENTRIES: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub lengths: u64,
    pub exact: u64,
    pub leader: u8,
}

#[derive(Clone, Copy, Debug)]
struct KeyNode {
    lengths: u64,
    exact: u64,
    next: u32,
    block: u32,
    leader: u8,
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    owners: [u32; 4],
    active: [u8; 4],
    lower: u8,
    upper: u8,
    best: u8,
}

#[derive(Clone, Copy, Debug)]
struct Block {
    entries: [Entry; BLOCK_ENTRIES],
    next: u32,
    len: u8,
}

/// No best lead recorded.
pub(crate) const NO_BEST: u8 = u8::MAX;

pub(crate) enum Probe {
    Miss,
    /// An entry matched but its bounds did not decide the target; it may suggest a lead.
    Hit(u8),
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

fn matches(e: &Entry, owners: &[u32; 4]) -> bool {
    (0..4).all(|s| (owners[s] ^ e.owners[s]) & suit_mask(e.active[s]) == 0)
}

pub(crate) struct Tt {
    heads: Vec<u32>,
    keys: Vec<KeyNode>,
    blocks: Vec<Block>,
    key_capacity: usize,
    block_capacity: usize,
    shift: u32,
}

impl Tt {
    /// A table of about `bytes` bytes in all.
    pub fn new(bytes: usize) -> Tt {
        let block_bytes = std::mem::size_of::<Block>();
        let key_bytes = std::mem::size_of::<KeyNode>() + 4;
        // Keys average about two blocks each.
        let key_capacity = (bytes / (key_bytes + 2 * block_bytes)).max(256);
        let block_capacity = 2 * key_capacity;
        let buckets = key_capacity.next_power_of_two();
        Tt {
            heads: vec![NONE; buckets],
            keys: Vec::with_capacity(key_capacity),
            blocks: Vec::with_capacity(block_capacity),
            key_capacity,
            block_capacity,
            shift: 64 - buckets.trailing_zeros(),
        }
    }

    pub fn clear(&mut self) {
        self.heads.fill(NONE);
        self.keys.clear();
        self.blocks.clear();
    }

    fn bucket(&self, key: &Key) -> usize {
        let h =
            (key.lengths ^ key.exact.rotate_left(17) ^ (key.leader as u64) << 62).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if self.shift >= 64 {
            0
        } else {
            (h >> self.shift) as usize
        }
    }

    fn find_key(&self, key: &Key) -> Option<usize> {
        let mut idx = self.heads[self.bucket(key)];
        while idx != NONE {
            let k = &self.keys[idx as usize];
            if k.lengths == key.lengths && k.leader == key.leader && k.exact == key.exact {
                return Some(idx as usize);
            }
            idx = k.next;
        }
        None
    }

    /// Looks for an entry that matches the position and decides "North-South take at least
    /// `target` of the tricks left".
    pub fn probe(&self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        let Some(k) = self.find_key(key) else { return Probe::Miss };
        let mut block = self.keys[k].block;
        let mut hit = false;
        let mut best = NO_BEST;
        while block != NONE {
            let b = &self.blocks[block as usize];
            for e in &b.entries[..b.len as usize] {
                if !matches(e, owners) {
                    continue;
                }
                hit = true;
                if best == NO_BEST {
                    best = e.best;
                }
                if e.lower >= target {
                    return Probe::Cut(true, e.active);
                }
                if e.upper < target {
                    return Probe::Cut(false, e.active);
                }
            }
            block = b.next;
        }
        if hit {
            Probe::Hit(best)
        } else {
            Probe::Miss
        }
    }

    /// Records that North-South take at least `lower` / at most `upper` of the tricks left
    /// in every position matching `owners` on the top `active[s]` cards of each suit.
    pub fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8), best: u8) {
        let (lower, upper) = bounds;
        let masked: [u32; 4] = std::array::from_fn(|s| owners[s] & suit_mask(active[s]));
        let k = match self.find_key(key) {
            Some(k) => {
                let mut block = self.keys[k].block;
                while block != NONE {
                    let b = &mut self.blocks[block as usize];
                    for e in &mut b.entries[..b.len as usize] {
                        if e.active == active && e.owners == masked {
                            e.lower = e.lower.max(lower);
                            e.upper = e.upper.min(upper);
                            if best != NO_BEST {
                                e.best = best;
                            }
                            return;
                        }
                    }
                    block = b.next;
                }
                k
            }
            None => {
                if self.keys.len() >= self.key_capacity {
                    self.clear();
                }
                let bucket = self.bucket(key);
                self.keys.push(KeyNode {
                    lengths: key.lengths,
                    exact: key.exact,
                    next: self.heads[bucket],
                    block: NONE,
                    leader: key.leader,
                });
                self.heads[bucket] = (self.keys.len() - 1) as u32;
                self.keys.len() - 1
            }
        };
        let entry = Entry { owners: masked, active, lower, upper, best };
        let head = self.keys[k].block;
        if head != NONE && (self.blocks[head as usize].len as usize) < BLOCK_ENTRIES {
            let b = &mut self.blocks[head as usize];
            b.entries[b.len as usize] = entry;
            b.len += 1;
            return;
        }
        if self.blocks.len() >= self.block_capacity {
            // Starting afresh also drops the key node just made; make it again.
            self.clear();
            return self.store(key, owners, active, bounds, best);
        }
        self.blocks.push(Block { entries: [entry; BLOCK_ENTRIES], next: head, len: 1 });
        self.keys[k].block = (self.blocks.len() - 1) as u32;
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
        OwnerTable { holders: [Cards::EMPTY; 4], vectors: vec![0; 4 * 8192] }
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
                let owner = (0..4).find(|&h| hands[h].0 >> card_bit & 1 != 0).unwrap_or(0) as u32;
                table[subset] = owner | table[subset & !(1 << top)] << 2;
            }
        }
    }

    /// The owner vectors of the cards in `present`, one per suit.
    pub fn vectors(&self, present: Cards) -> [u32; 4] {
        std::array::from_fn(|s| self.vectors[s * 8192 + (present.suit_bits(crate::Suit::from_index(s)) >> 2) as usize])
    }
}
