//! The transposition table, after Bradmetz: entries hold bounds for a whole class of
//! positions, those with the same suit lengths and the same owners of the top cards.
//!
//! Key: the 16 suit lengths (4 bits each, hand-major: `(hand * 4 + suit) * 4`) and the
//! leader; the tricks left follow from the lengths. Per suit, the owner vector lists the
//! owners of the cards still in play, highest first, 2 bits each from bit 0 up; only the
//! first `k` of them (the active cards) must match.
//!
//! Under each key the entries lie flat, fifteen to four cache lines (a chunk), the
//! chunks linked newest first. A probe reads them in order: an entry holds all four suits,
//! so it is checked in one pass over bytes that sit together, where a tree of one node per
//! suit cost a cache miss at almost every step.
//!
//! ```text
//! KeyNode (32 bytes)                      Chunk (256 bytes, four cache lines)
//!   lengths  u64   16 suit lengths          entries  15 x Entry
//!   exact    u64   cards in play, only      next     u32  the next (older) chunk of the key
//!                  in TtMode::Exact         len      u32  entries in use
//!                                           skip     u32  the chunk after next
//!                                           leap     u32  the chunk after that
//!   next     u32   next key, same hash
//!   chunk    u32   newest chunk             Entry (16 bytes): one u32 per suit S H D C
//!   leader   u8                               bits  0..26  owner vector, masked to k
//!   leads    2 u8  the last two distinct      bits 26..30  k, the active cards: mask = low 2k bits
//!                  leads that won under       bits 30..32  two bits of the bounds: S and H hold
//!                  this key after another                  lower, D and C upper (low bits first)
//!                  lead failed: the first
//!                  guesses where no entry
//!                  decides
//! ```
//!
//! Bounds: North-South take at least `lower` and at most `upper` of the tricks left. A lead
//! is kept as suit << 4 | place from the top, or `NO_BEST`. A position matches an entry when
//! every suit has `(current ^ stored) & mask == 0`. Several entries with different `k` can
//! match one position, so a probe reads on until one decides.
//! Memory is two arenas, one for positions with many tricks left and one for the far more
//! numerous positions near the end. An arena starts small and doubles when full, up to its
//! share of the configured size: most deals never fill the start, and a small table stays in
//! the caches, while the hard deals get room. When an arena is full at its limit it starts
//! afresh, and the costly results near the root survive the churn of the cheap ones.

use crate::prefetch::{prefetch, prefetch_all};
use crate::Cards;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub lengths: u64,
    pub exact: u64,
    pub leader: u8,
    pub tricks_left: u8,
}

#[derive(Clone, Copy, Debug)]
struct KeyNode {
    lengths: u64,
    exact: u64,
    next: u32,
    chunk: u32,
    leader: u8,
    /// The last two distinct leads remembered under this key, the latest first.
    leads: Leads,
}

/// Bit offset of `k` in an entry's suit word, and of the two bits of the bounds above it.
const K_SHIFT: u32 = 26;
const BOUND_SHIFT: u32 = 30;

/// Per suit S H D C a word: owner vector masked to `k` (bits 0..26), `k` (26..30), and two
/// bits of the bounds (30..32): `lower` in the spade and heart words, `upper` in the others.
#[derive(Clone, Copy, Debug)]
struct Entry {
    suits: [u32; 4],
}

impl Entry {
    fn new(owners: &[u32; 4], active: [u8; 4], lower: u8, upper: u8) -> Entry {
        let bounds = lower as u32 | (upper as u32) << 4;
        let suits = std::array::from_fn(|s| {
            owners[s] & suit_mask(active[s]) | (active[s] as u32) << K_SHIFT | (bounds >> (2 * s) & 3) << BOUND_SHIFT
        });
        Entry { suits }
    }

    fn matches(&self, owners: &[u32; 4]) -> bool {
        // The owner vectors have no bits at K_SHIFT and above: the mask keeps k and the
        // bounds out. It is the low 2k bits, 2k read straight off the word (k < 16).
        let mut miss = 0;
        for (&owner, &word) in owners.iter().zip(&self.suits) {
            let mask = (1u32 << ((word >> (K_SHIFT - 1)) & 0x1e)) - 1;
            miss |= (owner ^ word) & mask;
        }
        miss == 0
    }

    fn k(&self, suit: usize) -> u8 {
        (self.suits[suit] >> K_SHIFT & 15) as u8
    }

    fn bounds(&self) -> (u8, u8) {
        let bits = (0..4).fold(0, |acc, s| acc | (self.suits[s] >> BOUND_SHIFT) << (2 * s));
        (bits as u8 & 15, (bits >> 4) as u8)
    }
}

/// Fifteen entries and the links fill four cache lines. Most keys hold a few entries, but the
/// busiest hold hundreds, and each chunk is a cache miss: 256 bytes took 1.6% less time than
/// 128 on the first 100 shared deals (512: no better, and short of keys at 16 MB). A chunk
/// also links the two chunks after its next, so that a probe fetches three ahead instead of
/// waiting on each link in turn (on the symmetric deals the link's load was 30% of a trick
/// start).
const CHUNK_ENTRIES: usize = 15;

#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Chunk {
    entries: [Entry; CHUNK_ENTRIES],
    next: u32,
    len: u32,
    skip: u32,
    leap: u32,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16 && std::mem::size_of::<Chunk>() == 256);

/// No best lead recorded.
pub(crate) const NO_BEST: u8 = u8::MAX;

/// Leads to try first, best guess first, each `NO_BEST` or a lead as `best` is encoded.
pub(crate) type Leads = [u8; 2];

pub(crate) enum Probe {
    /// No entry matched; the leads last stored under the same key (suit lengths and
    /// leader), if any, are still good first guesses.
    Miss(Leads),
    /// An entry matched but its bounds did not decide the target; the key's leads. (They
    /// guess better than the lead that decided the matching entry's own position.)
    Hit(Leads),
    /// The target is decided: the result, the entry's bound that decided it, and the
    /// entry's active cards per suit.
    Cut(bool, u8, [u8; 4]),
}

/// The owner-vector mask of the top `k` cards of a suit (2 bits a card, 13 cards at most):
/// the same low 2k bits that [`Entry::matches`] reads off a stored word.
fn suit_mask(k: u8) -> u32 {
    (1u32 << (2 * k.min(13) as u32)) - 1
}

/// Positions with at most this many tricks left go to the deep arena.
const DEEP_TRICKS: u8 = 8;

pub(crate) struct Tt {
    shallow: Arena,
    deep: Arena,
}

impl Tt {
    /// A table of at most about `bytes` bytes in all, starting at `start_bytes` (a quarter
    /// of each for the shallow positions).
    pub fn new(bytes: usize, start_bytes: usize) -> Tt {
        let start_bytes = start_bytes.min(bytes);
        Tt {
            shallow: Arena::new(bytes / 4, start_bytes / 4),
            deep: Arena::new(bytes - bytes / 4, start_bytes - start_bytes / 4),
        }
    }

    /// Forgets every entry and returns to the starting size.
    pub fn clear(&mut self) {
        self.shallow.reset();
        self.deep.reset();
    }

    /// Starts loading the key's bucket: a probe's first access misses the cache, and the
    /// quick tricks, computed before the probe, hide the wait.
    pub fn prefetch(&self, key: &Key) {
        let arena = if key.tricks_left <= DEEP_TRICKS { &self.deep } else { &self.shallow };
        prefetch(&arena.heads, arena.bucket(key));
    }

    /// Looks for an entry that matches the position and decides "North-South take at least
    /// `target` of the tricks left".
    pub fn probe(&mut self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        if key.tricks_left <= DEEP_TRICKS { &mut self.deep } else { &mut self.shallow }.probe(key, owners, target)
    }

    /// Records that North-South take at least `lower` / at most `upper` of the tricks left
    /// in every position matching `owners` on the top `active[s]` cards of each suit.
    pub fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8), best: u8) {
        let arena = if key.tricks_left <= DEEP_TRICKS { &mut self.deep } else { &mut self.shallow };
        arena.store(key, owners, active, bounds, best)
    }
}

struct Arena {
    heads: Vec<u32>,
    keys: Vec<KeyNode>,
    chunks: Vec<Chunk>,
    /// Keys that fit now; chunks fit half as many again.
    key_capacity: usize,
    start_capacity: usize,
    limit_capacity: usize,
    shift: u32,
}

/// The keys that fit in `bytes`, with their chunks: keys average about five entries each,
/// most in one chunk, a few in many.
fn key_capacity(bytes: usize) -> usize {
    let chunk_bytes = std::mem::size_of::<Chunk>();
    let key_bytes = std::mem::size_of::<KeyNode>() + 4;
    (bytes * 2 / (2 * key_bytes + 3 * chunk_bytes)).max(256)
}

impl Arena {
    fn new(limit_bytes: usize, start_bytes: usize) -> Arena {
        let start_capacity = key_capacity(start_bytes);
        let mut arena = Arena {
            heads: Vec::new(),
            keys: Vec::with_capacity(start_capacity),
            chunks: Vec::with_capacity(start_capacity * 3 / 2),
            key_capacity: start_capacity,
            start_capacity,
            limit_capacity: key_capacity(limit_bytes).max(start_capacity),
            shift: 0,
        };
        arena.rehash();
        arena
    }

    fn chunk_capacity(&self) -> usize {
        self.key_capacity * 3 / 2
    }

    /// Empties the arena at its present size.
    fn clear(&mut self) {
        self.heads.fill(NONE);
        self.keys.clear();
        self.chunks.clear();
    }

    /// Empties the arena and returns it to its starting size (the memory stays reserved).
    fn reset(&mut self) {
        self.keys.clear();
        self.chunks.clear();
        if self.key_capacity == self.start_capacity {
            self.heads.fill(NONE);
        } else {
            self.key_capacity = self.start_capacity;
            self.rehash();
        }
    }

    /// Doubles the room, up to the limit, keeping every entry.
    fn grow(&mut self) {
        self.key_capacity = (2 * self.key_capacity).min(self.limit_capacity);
        self.keys.reserve_exact(self.key_capacity - self.keys.len());
        self.chunks.reserve_exact(self.chunk_capacity() - self.chunks.len());
        self.rehash();
    }

    /// Sizes the buckets to the key capacity and links every key into them afresh.
    fn rehash(&mut self) {
        let buckets = self.key_capacity.next_power_of_two();
        self.shift = 64 - buckets.trailing_zeros();
        self.heads.clear();
        self.heads.resize(buckets, NONE);
        for i in 0..self.keys.len() {
            let node = self.keys[i];
            let bucket = self.bucket_of(node.lengths, node.exact, node.leader);
            self.keys[i].next = self.heads[bucket];
            self.heads[bucket] = i as u32;
        }
    }

    fn bucket(&self, key: &Key) -> usize {
        self.bucket_of(key.lengths, key.exact, key.leader)
    }

    fn bucket_of(&self, lengths: u64, exact: u64, leader: u8) -> usize {
        let h = (lengths ^ exact.rotate_left(17) ^ (leader as u64) << 62).wrapping_mul(0x9E37_79B9_7F4A_7C15);
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

    fn probe(&mut self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        let Some(k) = self.find_key(key) else { return Probe::Miss([NO_BEST; 2]) };
        let mut hit = false;
        let mut idx = self.keys[k].chunk;
        prefetch_all(&self.chunks, idx as usize);
        if let Some(first) = self.chunks.get(idx as usize) {
            prefetch_all(&self.chunks, first.next as usize);
            prefetch_all(&self.chunks, first.skip as usize);
        }
        while idx != NONE {
            let chunk = &self.chunks[idx as usize];
            prefetch_all(&self.chunks, chunk.leap as usize);
            for (i, entry) in chunk.entries[..chunk.len as usize].iter().enumerate() {
                if !entry.matches(owners) {
                    continue;
                }
                hit = true;
                let (lower, upper) = entry.bounds();
                if lower >= target || upper < target {
                    let active = std::array::from_fn(|s| entry.k(s));
                    self.move_to_front(k, idx as usize, i);
                    let reached = lower >= target;
                    return Probe::Cut(reached, if reached { lower } else { upper }, active);
                }
            }
            idx = chunk.next;
        }
        let leads = self.keys[k].leads;
        if hit {
            Probe::Hit(leads)
        } else {
            Probe::Miss(leads)
        }
    }

    /// Swaps an entry that just decided a probe with the key's first: the positions that
    /// follow tend to match the same entry, and a probe then reaches it at once.
    fn move_to_front(&mut self, key: usize, chunk: usize, i: usize) {
        let first = self.keys[key].chunk as usize;
        let entry = self.chunks[chunk].entries[i];
        self.chunks[chunk].entries[i] = std::mem::replace(&mut self.chunks[first].entries[0], entry);
    }

    fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8), best: u8) {
        let (lower, upper) = bounds;
        // Room for a key and a chunk, so that an entry always finds a place.
        if self.keys.len() >= self.key_capacity || self.chunks.len() >= self.chunk_capacity() {
            if self.key_capacity < self.limit_capacity {
                self.grow();
            } else {
                self.clear();
            }
        }
        let k = match self.find_key(key) {
            Some(k) => k,
            None => {
                let bucket = self.bucket(key);
                self.keys.push(KeyNode {
                    lengths: key.lengths,
                    exact: key.exact,
                    next: self.heads[bucket],
                    chunk: NONE,
                    leader: key.leader,
                    leads: [NO_BEST; 2],
                });
                self.heads[bucket] = (self.keys.len() - 1) as u32;
                self.keys.len() - 1
            }
        };
        let leads = &mut self.keys[k].leads;
        if best != NO_BEST && best != leads[0] {
            *leads = [best, leads[0]];
        }
        // No search for an entry of the same class to tighten: one turns up in 4 stores of
        // 100, after reading 17 entries on average. Two entries of one class decide
        // whatever one entry with both their bounds would, since a probe reads on until
        // an entry decides.
        let new = Entry::new(owners, active, lower, upper);
        let first = self.keys[k].chunk;
        if first != NONE && (self.chunks[first as usize].len as usize) < CHUNK_ENTRIES {
            // Newest first: the old first entry moves to the end.
            let chunk = &mut self.chunks[first as usize];
            chunk.entries[chunk.len as usize] = std::mem::replace(&mut chunk.entries[0], new);
            chunk.len += 1;
        } else {
            let mut entries = [new; CHUNK_ENTRIES];
            entries[1..].fill(Entry { suits: [0; 4] });
            let (skip, leap) = match self.chunks.get(first as usize) {
                Some(older) => (older.next, older.skip),
                None => (NONE, NONE),
            };
            self.chunks.push(Chunk { entries, next: first, len: 1, skip, leap });
            self.keys[k].chunk = (self.chunks.len() - 1) as u32;
        }
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
