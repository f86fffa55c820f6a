//! The transposition table, after Bradmetz: entries hold bounds for a whole class of
//! positions, those with the same suit lengths and the same owners of the top cards.
//!
//! Key: the 16 suit lengths (4 bits each, hand-major: `(hand * 4 + suit) * 4`) and the
//! leader; the tricks left follow from the lengths. Per suit, the owner vector lists the
//! owners of the cards still in play, highest first, 2 bits each from bit 0 up; only the
//! first `k` of them (the active cards) must match. The keys lie open-addressed (linear
//! probing, at most half full), each with three entries on one cache line (its two newest
//! and its most general), so that one prefetch at the trick start brings the key and, for
//! most keys, every entry it holds; in `TtMode::Exact` a side array holds each slot's cards
//! in play.
//!
//! Under each key the older entries lie flat, fifteen to four cache lines (a chunk), the
//! chunks linked newest first. A probe reads them in order: an entry holds all four suits,
//! so it is checked in one pass over bytes that sit together, where a tree of one node per
//! suit cost a cache miss at almost every step. A chain that grows past 16 chunks (the
//! hard deals' keys gather thousands of entries) is split by one card, the one that leaves
//! the fewest entries to read: the entries that leave the card free go to one part, the
//! others to one part per owner, and a probe reads the free part and its owner's. A part
//! that grows long is split again.
//!
//! ```text
//! KeyNode (64 bytes, a slot)              Chunk (256 bytes, four cache lines)
//!   key      u64   16 suit lengths, the     entries  15 x Entry
//!                  leader over hand 1's     next     u32  the next (older) chunk of the key
//!                  first length             len      u32  entries in use
//!   chunk    u32   newest chunk, or         skip     u32  the chunk after next
//!                  bit 31 + an Index        leap     u32  the chunk after that
//!   chunks   u8    chunks in the chain
//!   generation u8  the arena's, when the  Entry (16 bytes): one u32 per suit S H D C
//!                  key came: older = empty  bits  0..26  owner vector, masked to k
//!   (2 bytes unused)                        bits 26..30  k, the active cards: mask = low 2k bits
//!   near  3 Entry  the two newest entries,  bits 30..32  two bits of the bounds: S and H hold
//!                  then the key's most                   lower, D and C upper (low bits first)
//!                  general; the others go
//!                  to the chunks
//!                                         Index (28 bytes)
//!                                           parts   5 u32  per owner of the card, then the
//!                                                          entries that leave it free: a
//!                                                          chain or an Index
//!                                           chunks  5 u8   chunks per part
//!                                           suit, place u8 the card: place-th highest in play
//! ```
//!
//! Bounds: North-South take at least `lower` and at most `upper` of the tricks left. A
//! position matches an entry when
//! every suit has `(current ^ stored) & mask == 0`. Several entries with different `k` can
//! match one position, so a probe reads on until one decides.
//! Memory is two arenas, one for positions with many tricks left and one for the far more
//! numerous positions near the end. An arena starts small and doubles when full, up to its
//! share of the configured size: most deals never fill the start, and a small table stays in
//! the caches, while the hard deals get room. When an arena is full at its limit it starts
//! afresh, and the costly results near the root survive the churn of the cheap ones.

use crate::huge_pages::{self, Zeroable, ZeroedSlice};
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

/// A key's slot, one cache line: the keys lie open-addressed, so that the prefetch at the
/// trick start fetches the key and its newest entries, where a bucket of links left two
/// more dependent misses (the key, then its chunk).
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct KeyNode {
    /// The suit lengths with the leader folded in: see [`packed`].
    key: u64,
    /// The key's entries: a chain of chunks (its newest), or an [`Index`] (see [`slot_index`]).
    chunk: u32,
    /// The chunks in `chunk`'s chain (saturating).
    chunks: u8,
    /// The arena's generation when the key came: a slot of an older one is empty, so that
    /// clearing the arena (at every change of strain) writes nothing.
    generation: u8,
    /// The key's two newest entries, newest first, then its most general one (the fewest
    /// active cards), [`NO_ENTRY`] where there is none: most keys hold a few entries, and the
    /// probe of such a key reads no chunk. A cut-off's active cards go up into the entries of
    /// the trick starts above, so the most general entry is tried first.
    near: [Entry; NEAR_ENTRIES],
}

// SAFETY: integers and arrays of them only.
unsafe impl Zeroable for KeyNode {}

const NEAR_ENTRIES: usize = 3;

/// The near entry that holds the key's most general entry.
const GENERAL: usize = NEAR_ENTRIES - 1;

/// An entry that matches no position: its `k` of 15 reaches owner bits that are always 0.
const NO_ENTRY: Entry = Entry { suits: [u32::MAX; 4] };

const EMPTY_SLOT: KeyNode = KeyNode { key: 0, chunk: NONE, chunks: 0, generation: 0, near: [NO_ENTRY; NEAR_ENTRIES] };

/// A key's lengths and leader in one word. At a trick start every hand holds as many cards
/// as the first (hand 0's four lengths give the tricks left), so a hand's last suit length
/// follows from its other three: the leader's two bits go over hand 1's first length and
/// the word still tells every key apart.
fn packed(key: &Key) -> u64 {
    key.lengths ^ (key.leader as u64) << 16
}

/// A long chain's entries split by the owner of one card (the `place`-th highest of a suit,
/// counted among the cards in play): a probe reads the entries that leave that card free,
/// then only the part for its owner in the position. On the hard deals a key gathers
/// hundreds of entries, and a probe read them all where few could match. A part that grows
/// long is split again, by another card.
#[derive(Clone, Copy, Debug)]
struct Index {
    /// Per owner of the card, then [`FREE`] for the entries that leave it free: a chain or
    /// an index (a slot, as `KeyNode::chunk`).
    parts: [u32; 5],
    /// Chunks per part while it is a chain (saturating).
    chunks: [u8; 5],
    suit: u8,
    place: u8,
}

/// The part of an [`Index`] for the entries that leave its card free.
const FREE: usize = 4;

/// A chain is split when it reaches this many chunks (or a multiple, if no card separated
/// its entries before).
const INDEX_CHUNKS: u8 = 16;

/// A slot holds a chain's newest chunk, or this flag and an index's number.
const INDEXED: u32 = 1 << 31;

/// The index a slot holds, if it holds one.
fn slot_index(slot: u32) -> Option<usize> {
    (slot != NONE && slot & INDEXED != 0).then_some((slot & !INDEXED) as usize)
}

/// The owner of the `place`-th card from the top in an owner vector (or an entry's word).
fn owner_at(owners: u32, place: u8) -> usize {
    (owners >> (2 * place as u32) & 3) as usize
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

    /// Does a position with these owner vectors match on every suit's top `k` cards?
    #[inline(always)]
    fn matches(&self, owners: &[u32; 4]) -> bool {
        #[cfg(target_arch = "wasm32")]
        return self.matches_by_first_difference(owners);
        #[cfg(not(target_arch = "wasm32"))]
        return self.matches_by_mask(owners);
    }

    /// Natively LLVM makes this one vector test for the four suits (a shift by lane).
    #[cfg(any(not(target_arch = "wasm32"), test))]
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn matches_by_mask(&self, owners: &[u32; 4]) -> bool {
        // The owner vectors have no bits at K_SHIFT and above: the mask keeps k and the
        // bounds out. It is the low 2k bits, 2k read straight off the word (k < 16).
        let mut miss = 0;
        for (&owner, &word) in owners.iter().zip(&self.suits) {
            let mask = (1u32 << ((word >> (K_SHIFT - 1)) & 0x1e)) - 1;
            miss |= (owner ^ word) & mask;
        }
        miss == 0
    }

    /// The same test for wasm (no vectors there): the first owner bit that differs
    /// (bits from K_SHIFT up forced on, so at most K_SHIFT) lies at 2k or above: one
    /// `tzcnt` a suit, where V8 spilled registers around the mask's shifts by `cl`.
    #[cfg(any(target_arch = "wasm32", test))]
    #[inline(always)]
    fn matches_by_first_difference(&self, owners: &[u32; 4]) -> bool {
        let mut all = true;
        for (&owner, &word) in owners.iter().zip(&self.suits) {
            let first_difference = ((owner ^ word) | u32::MAX << K_SHIFT).trailing_zeros();
            all &= first_difference >= (word >> (K_SHIFT - 1) & 0x1e);
        }
        all
    }

    fn k(&self, suit: usize) -> u8 {
        (self.suits[suit] >> K_SHIFT & 15) as u8
    }

    /// The active cards of all four suits: the fewer, the more positions the entry holds for.
    fn active_cards(&self) -> u8 {
        (0..4).map(|s| self.k(s)).sum()
    }

    fn bounds(&self) -> (u8, u8) {
        let bits = (0..4).fold(0, |acc, s| acc | (self.suits[s] >> BOUND_SHIFT) << (2 * s));
        (bits as u8 & 15, (bits >> 4) as u8)
    }
}

/// Fifteen entries and the links fill four cache lines. Most keys hold a few entries, but the
/// busiest hold hundreds, and each chunk is a cache miss: larger chunks pay, until a small
/// table runs short of keys. A chunk also links the two chunks after its next, so that a
/// probe fetches three ahead instead of waiting on each link in turn (on the hard deals that
/// wait was a large part of a trick start).
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
const _: () = assert!(std::mem::size_of::<KeyNode>() == 64 && std::mem::size_of::<Index>() == 28);

pub(crate) enum Probe {
    /// No entry matched.
    Miss,
    /// An entry matched but its bounds did not decide the target.
    Hit,
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

    /// Makes this table hold every entry `src` holds, reusing this one's memory: what a
    /// thread that joins a strain in progress starts from. Both have the same bounds.
    pub fn copy_from(&mut self, src: &Tt) {
        self.shallow.copy_from(&src.shallow);
        self.deep.copy_from(&src.deep);
    }

    /// Starts loading the key's slot: a probe's first access misses the cache, and the
    /// quick tricks, computed before the probe, hide the wait.
    pub fn prefetch(&self, key: &Key) {
        let arena = if key.tricks_left <= DEEP_TRICKS { &self.deep } else { &self.shallow };
        prefetch(&arena.keys, arena.home(packed(key), key.exact));
    }

    /// Looks for an entry that matches the position and decides "North-South take at least
    /// `target` of the tricks left".
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    pub fn probe(&mut self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        if key.tricks_left <= DEEP_TRICKS { &mut self.deep } else { &mut self.shallow }.probe(key, owners, target)
    }

    /// Records that North-South take at least `lower` / at most `upper` of the tricks left
    /// in every position matching `owners` on the top `active[s]` cards of each suit.
    pub fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8)) {
        let arena = if key.tricks_left <= DEEP_TRICKS { &mut self.deep } else { &mut self.shallow };
        arena.store(key, owners, active, bounds)
    }
}

struct Arena {
    /// Open-addressed, linear probing, at most half full. Zeroed memory is empty slots
    /// (generation 0).
    keys: ZeroedSlice<KeyNode>,
    /// The cards in play of each key's slot in `TtMode::Exact`; empty in the other modes.
    exacts: Vec<u64>,
    /// Keys of this generation in `keys`.
    key_count: usize,
    generation: u8,
    chunks: Vec<Chunk>,
    /// At most one per [`INDEX_CHUNKS`] chunks: reserved with them, never reallocated.
    indexes: Vec<Index>,
    /// Keys that fit now; chunks fit half as many again.
    key_capacity: usize,
    start_capacity: usize,
    limit_capacity: usize,
    shift: u32,
}

/// The keys that fit in `bytes`, with their chunks: keys average about five entries each,
/// most in one chunk, a few in many.
fn key_capacity(bytes: usize) -> usize {
    // A chunk's share of the indexes too: one at most per INDEX_CHUNKS chunks.
    let chunk_bytes = std::mem::size_of::<Chunk>() + std::mem::size_of::<Index>() / INDEX_CHUNKS as usize;
    // Two to four slots a key.
    let key_bytes = std::mem::size_of::<KeyNode>() * 3;
    (bytes * 2 / (2 * key_bytes + 3 * chunk_bytes)).max(256)
}

/// The answer of `entry` to a probe, if it matches the position and decides the target;
/// sets `hit` if it matches.
#[inline(always)]
fn decides(entry: &Entry, owners: &[u32; 4], target: u8, hit: &mut bool) -> Option<Probe> {
    if !entry.matches(owners) {
        return None;
    }
    *hit = true;
    let (lower, upper) = entry.bounds();
    if lower >= target || upper < target {
        let active = std::array::from_fn(|s| entry.k(s));
        let reached = lower >= target;
        return Some(Probe::Cut(reached, if reached { lower } else { upper }, active));
    }
    None
}

impl Index {
    /// The part an entry belongs in: the owner of the card, or [`FREE`].
    fn part_of(&self, entry: &Entry) -> usize {
        if entry.k(self.suit as usize) > self.place {
            owner_at(entry.suits[self.suit as usize], self.place)
        } else {
            FREE
        }
    }
}

impl Arena {
    fn new(limit_bytes: usize, start_bytes: usize) -> Arena {
        let start_capacity = key_capacity(start_bytes);
        let mut arena = Arena {
            keys: ZeroedSlice::default(),
            exacts: Vec::new(),
            key_count: 0,
            generation: 1,
            chunks: Vec::with_capacity(start_capacity * 3 / 2),
            indexes: Vec::with_capacity(start_capacity * 3 / 2 / INDEX_CHUNKS as usize),
            key_capacity: start_capacity,
            start_capacity,
            limit_capacity: key_capacity(limit_bytes).max(start_capacity),
            shift: 0,
        };
        arena.advise_huge_pages();
        arena.rehash();
        arena
    }

    fn chunk_capacity(&self) -> usize {
        self.key_capacity * 3 / 2
    }

    fn index_capacity(&self) -> usize {
        self.chunk_capacity() / INDEX_CHUNKS as usize
    }

    /// Empties the arena at its present size.
    fn clear(&mut self) {
        self.key_count = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // The slots of generation 1 would come back to life.
            self.keys.fill(EMPTY_SLOT);
            self.generation = 1;
        }
        self.chunks.clear();
        self.indexes.clear();
    }

    /// Holds what `src` holds: the chunks and indexes as they lie (the keys point into
    /// them), the keys moved in by hash, so that only the slots in use are written.
    fn copy_from(&mut self, src: &Arena) {
        self.clear();
        self.start_capacity = src.start_capacity;
        self.limit_capacity = src.limit_capacity;
        if self.key_capacity != src.key_capacity {
            self.key_capacity = src.key_capacity;
            self.chunks.reserve_exact(self.chunk_capacity());
            self.indexes.reserve_exact(self.index_capacity());
            self.advise_huge_pages();
            self.rehash();
        }
        self.chunks.extend_from_slice(&src.chunks);
        self.indexes.extend_from_slice(&src.indexes);
        if !src.exacts.is_empty() {
            self.exacts.resize(self.keys.len(), 0);
        }
        for (i, node) in src.keys.iter().enumerate().filter(|(_, node)| node.generation == src.generation) {
            let exact = src.exacts.get(i).copied().unwrap_or(0);
            let Err(slot) = self.locate(node.key, exact) else { unreachable!("a key twice") };
            self.keys[slot] = KeyNode { generation: self.generation, ..*node };
            if let Some(e) = self.exacts.get_mut(slot) {
                *e = exact;
            }
        }
        self.key_count = src.key_count;
    }

    /// Empties the arena and returns it to its starting size (the chunks' memory stays
    /// reserved).
    fn reset(&mut self) {
        self.clear();
        if self.key_capacity != self.start_capacity {
            self.key_capacity = self.start_capacity;
            self.rehash();
        }
    }

    /// Doubles the room, up to the limit, keeping every entry.
    fn grow(&mut self) {
        self.key_capacity = (2 * self.key_capacity).min(self.limit_capacity);
        self.chunks.reserve_exact(self.chunk_capacity() - self.chunks.len());
        self.indexes.reserve_exact(self.index_capacity() - self.indexes.len());
        self.advise_huge_pages();
        self.rehash();
    }

    fn advise_huge_pages(&self) {
        huge_pages::advise(&self.chunks);
        huge_pages::advise(&self.indexes);
    }

    /// Sizes the slots to the key capacity and moves every key of this generation in.
    fn rehash(&mut self) {
        let slots = (2 * self.key_capacity).next_power_of_two();
        self.shift = 64 - slots.trailing_zeros();
        let old = std::mem::take(&mut self.keys);
        let old_exacts = std::mem::take(&mut self.exacts);
        self.keys = ZeroedSlice::new(slots);
        if !old_exacts.is_empty() {
            self.exacts = vec![0; slots];
        }
        for (i, node) in old.iter().enumerate().filter(|(_, node)| node.generation == self.generation) {
            let exact = old_exacts.get(i).copied().unwrap_or(0);
            let Err(slot) = self.locate(node.key, exact) else { unreachable!("a key twice") };
            self.keys[slot] = *node;
            if !self.exacts.is_empty() {
                self.exacts[slot] = exact;
            }
        }
    }

    /// The first slot a key may take.
    fn home(&self, packed: u64, exact: u64) -> usize {
        ((packed ^ exact.rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The slot of a key: `Ok` where it is, `Err` the empty slot where it would go.
    fn locate(&self, packed: u64, exact: u64) -> Result<usize, usize> {
        let mask = self.keys.len() - 1;
        let mut i = self.home(packed, exact);
        loop {
            let node = &self.keys[i];
            if node.generation != self.generation {
                return Err(i);
            }
            if node.key == packed && self.exacts.get(i).copied().unwrap_or(0) == exact {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn probe(&mut self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        let Ok(k) = self.locate(packed(key), key.exact) else { return Probe::Miss };
        let node = self.keys[k];
        // The chunks are read only when the near entries do not decide: ask for them now.
        match slot_index(node.chunk) {
            Some(i) => prefetch(&self.indexes, i),
            None => self.prefetch_chain(node.chunk),
        }
        let mut hit = false;
        if let Some(decided) = decides(&node.near[GENERAL], owners, target, &mut hit) {
            return decided;
        }
        for (i, entry) in node.near[..GENERAL].iter().enumerate() {
            if let Some(decided) = decides(entry, owners, target, &mut hit) {
                self.keys[k].near.swap(0, i);
                return decided;
            }
        }
        if let Some(decided) = self.probe_slot(node.chunk, owners, target, &mut hit) {
            return decided;
        }
        if hit {
            Probe::Hit
        } else {
            Probe::Miss
        }
    }

    /// [`Arena::probe`] in a chain, or in an index: its free entries, then its owner's part.
    fn probe_slot(&mut self, slot: u32, owners: &[u32; 4], target: u8, hit: &mut bool) -> Option<Probe> {
        if let Some(i) = slot_index(slot) {
            let index = self.indexes[i];
            let part = index.parts[owner_at(owners[index.suit as usize], index.place)];
            self.prefetch_chain(part);
            return self
                .probe_slot(index.parts[FREE], owners, target, hit)
                .or_else(|| self.probe_slot(part, owners, target, hit));
        }
        self.prefetch_chain(slot);
        let (chunk, i, decided) = self.scan(slot, owners, target, hit)?;
        self.move_to_front(slot as usize, chunk, i);
        Some(decided)
    }

    /// Starts loading a chain's first three chunks.
    #[inline(always)]
    fn prefetch_chain(&self, head: u32) {
        prefetch_all(&self.chunks, head as usize);
        if let Some(first) = self.chunks.get(head as usize) {
            prefetch_all(&self.chunks, first.next as usize);
            prefetch_all(&self.chunks, first.skip as usize);
        }
    }

    /// Reads a chain for an entry that decides `target`: its chunk, its place and the answer.
    #[inline(always)]
    fn scan(&self, head: u32, owners: &[u32; 4], target: u8, hit: &mut bool) -> Option<(usize, usize, Probe)> {
        let mut idx = head;
        while idx != NONE {
            let chunk = &self.chunks[idx as usize];
            prefetch_all(&self.chunks, chunk.leap as usize);
            for (i, entry) in chunk.entries[..chunk.len as usize].iter().enumerate() {
                if let Some(decided) = decides(entry, owners, target, hit) {
                    return Some((idx as usize, i, decided));
                }
            }
            idx = chunk.next;
        }
        None
    }

    /// Swaps an entry that just decided a probe with its chain's first: the positions that
    /// follow tend to match the same entry, and a probe then reaches it at once.
    fn move_to_front(&mut self, first: usize, chunk: usize, i: usize) {
        let entry = self.chunks[chunk].entries[i];
        self.chunks[chunk].entries[i] = std::mem::replace(&mut self.chunks[first].entries[0], entry);
    }

    fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8)) {
        let (lower, upper) = bounds;
        // Room for a key and a chunk, so that an entry always finds a place.
        if self.key_count >= self.key_capacity || self.chunks.len() >= self.chunk_capacity() {
            if self.key_capacity < self.limit_capacity {
                self.grow();
            } else {
                self.clear();
            }
        }
        let k = match self.locate(packed(key), key.exact) {
            Ok(k) => k,
            Err(slot) => {
                self.keys[slot] = KeyNode { key: packed(key), generation: self.generation, ..EMPTY_SLOT };
                if key.exact != 0 || !self.exacts.is_empty() {
                    self.exacts.resize(self.keys.len(), 0);
                    self.exacts[slot] = key.exact;
                }
                self.key_count += 1;
                slot
            }
        };
        // No search for an entry of the same class to tighten: few stores find one, and
        // only after reading many entries. Two entries of one class decide
        // whatever one entry with both their bounds would, since a probe reads on until
        // an entry decides.
        let new = Entry::new(owners, active, lower, upper);
        // The key's most general entry stays near (the one it replaces goes to the chunks);
        // else the new entry goes first among the newest, and the oldest of them to the
        // chunks. A probe tries the most general first (see `KeyNode::near`).
        let near = &mut self.keys[k].near;
        let new = if new.active_cards() < near[GENERAL].active_cards() {
            std::mem::replace(&mut near[GENERAL], new)
        } else {
            let oldest = std::mem::replace(&mut near[GENERAL - 1], new);
            near[..GENERAL].rotate_right(1);
            oldest
        };
        if new.suits == NO_ENTRY.suits {
            return;
        }
        // Down the indexes to the chain the entry belongs in.
        let mut slot = self.keys[k].chunk;
        let mut parent = None;
        while let Some(i) = slot_index(slot) {
            let part = self.indexes[i].part_of(&new);
            parent = Some((i, part));
            slot = self.indexes[i].parts[part];
        }
        let head = self.push(slot, new);
        if head == slot {
            return;
        }
        let chunks = match parent {
            None => &mut self.keys[k].chunks,
            Some((i, part)) => &mut self.indexes[i].chunks[part],
        };
        *chunks = chunks.saturating_add(1);
        let head = match (*chunks % INDEX_CHUNKS == 0).then(|| self.split(head)).flatten() {
            Some(index) => INDEXED | index as u32,
            None => head,
        };
        match parent {
            None => self.keys[k].chunk = head,
            Some((i, part)) => self.indexes[i].parts[part] = head,
        }
    }

    /// Adds an entry to the chain that starts at `first`; returns the chain's new start.
    #[inline(always)]
    fn push(&mut self, first: u32, new: Entry) -> u32 {
        if first != NONE && (self.chunks[first as usize].len as usize) < CHUNK_ENTRIES {
            // Newest first: the old first entry moves to the end.
            let chunk = &mut self.chunks[first as usize];
            chunk.entries[chunk.len as usize] = std::mem::replace(&mut chunk.entries[0], new);
            chunk.len += 1;
            return first;
        }
        let mut entries = [new; CHUNK_ENTRIES];
        entries[1..].fill(Entry { suits: [0; 4] });
        let (skip, leap) = match self.chunks.get(first as usize) {
            Some(older) => (older.next, older.skip),
            None => (NONE, NONE),
        };
        self.chunks.push(Chunk { entries, next: first, len: 1, skip, leap });
        (self.chunks.len() - 1) as u32
    }

    /// Splits a chain into an index by the card that leaves the fewest entries to read: those
    /// that leave the card free, and the owner's part (expected size, the positions taken to
    /// fall like the entries). Returns the index, or `None` where that reads more than three
    /// quarters of the chain or the arena is short of room. The old chunks stay unused until
    /// the arena is cleared.
    fn split(&mut self, head: u32) -> Option<usize> {
        // Per suit and place, the entries naming that card, by its owner.
        let mut owners = [[[0u16; 4]; 13]; 4];
        let mut total = 0;
        self.for_each_entry(head, |entry| {
            total += 1;
            for (s, by_place) in owners.iter_mut().enumerate() {
                for (place, count) in by_place.iter_mut().enumerate().take(entry.k(s) as usize) {
                    count[owner_at(entry.suits[s], place as u8)] += 1;
                }
            }
        });
        // Entries read, times `total`: the free ones, and the part's, weighed by its size.
        let reads = |c: &[u16; 4]| {
            let named: usize = c.iter().map(|&n| n as usize).sum();
            let part: usize = c.iter().map(|&n| n as usize * n as usize).sum();
            (total - named) * total + part
        };
        let (suit, place) = (0..4)
            .flat_map(|s| (0..13).map(move |p| (s, p)))
            .min_by_key(|&(s, p)| reads(&owners[s][p]))
            .unwrap_or((0, 0));
        let room = total / CHUNK_ENTRIES + 6;
        let full = self.chunks.len() + room > self.chunk_capacity() || self.indexes.len() >= self.index_capacity();
        if 4 * reads(&owners[suit][place]) > 3 * total * total || full {
            return None;
        }
        let mut index = Index { parts: [NONE; 5], chunks: [0; 5], suit: suit as u8, place: place as u8 };
        let mut idx = head;
        while idx != NONE {
            let chunk = self.chunks[idx as usize];
            for entry in &chunk.entries[..chunk.len as usize] {
                let part = index.part_of(entry);
                index.parts[part] = self.push(index.parts[part], *entry);
            }
            idx = chunk.next;
        }
        for part in 0..5 {
            let mut chunks = 0u8;
            self.for_each_chunk(index.parts[part], |_| chunks = chunks.saturating_add(1));
            index.chunks[part] = chunks;
        }
        self.indexes.push(index);
        Some(self.indexes.len() - 1)
    }

    fn for_each_chunk(&self, head: u32, mut f: impl FnMut(&Chunk)) {
        let mut idx = head;
        while idx != NONE {
            let chunk = &self.chunks[idx as usize];
            f(chunk);
            idx = chunk.next;
        }
    }

    fn for_each_entry(&self, head: u32, mut f: impl FnMut(&Entry)) {
        self.for_each_chunk(head, |chunk| chunk.entries[..chunk.len as usize].iter().for_each(&mut f));
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
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_owners(rng: &mut Rng) -> [u32; 4] {
        std::array::from_fn(|_| rng.next_u64() as u32 & ((1 << 26) - 1))
    }

    #[test]
    fn both_match_tests_agree() {
        let mut rng = Rng::new(17);
        for _ in 0..200_000 {
            let owners = random_owners(&mut rng);
            // Entries near the position too: most random ones differ in the first card.
            let mut stored = random_owners(&mut rng);
            for (s, word) in stored.iter_mut().enumerate() {
                let keep = suit_mask(rng.below(14) as u8);
                *word = owners[s] & keep | *word & !keep;
            }
            let active = std::array::from_fn(|_| rng.below(14) as u8);
            let entry = Entry::new(&stored, active, rng.below(14) as u8, rng.below(14) as u8);
            assert_eq!(entry.matches_by_mask(&owners), entry.matches_by_first_difference(&owners));
            assert!(!NO_ENTRY.matches_by_first_difference(&owners));
        }
    }

    /// What a probe must answer: some matching entry that decides the target, if any does.
    fn deciding(stored: &[([u32; 4], [u8; 4], u8, u8)], owners: &[u32; 4], target: u8) -> Vec<(bool, u8, [u8; 4])> {
        stored
            .iter()
            .filter(|(o, k, _, _)| (0..4).all(|s| (o[s] ^ owners[s]) & suit_mask(k[s]) == 0))
            .filter(|&&(_, _, lower, upper)| lower >= target || upper < target)
            .map(|&(_, k, lower, upper)| if lower >= target { (true, lower, k) } else { (false, upper, k) })
            .collect()
    }

    /// A key of a trick start: `tricks` cards in each hand, split among the suits at random.
    fn random_key(rng: &mut Rng, tricks: u8, exact: u64) -> Key {
        let mut lengths = 0;
        for hand in 0..4 {
            let mut cuts: Vec<u64> = (0..3).map(|_| rng.below(tricks as u64 + 1)).collect();
            cuts.sort();
            let suits = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], tricks as u64 - cuts[2]];
            for (suit, len) in suits.into_iter().enumerate() {
                lengths |= len << ((hand * 4 + suit) * 4);
            }
        }
        Key { lengths, exact, leader: rng.below(4) as u8, tricks_left: tricks }
    }

    #[test]
    fn keys_survive_growth_and_vanish_at_every_clear() {
        let mut rng = Rng::new(5);
        let mut tt = Tt::new(64 << 20, 1 << 20);
        let owners = [0; 4];
        // Twice the deep arena's start: it grows, and its keys move to new slots. Some keys
        // differ only in the cards in play (TtMode::Exact), some only in the leader.
        let mut keys = std::collections::HashMap::new();
        while keys.len() < 2 * tt.deep.start_capacity {
            let exact = if rng.below(4) == 0 { rng.next_u64() >> 12 | 1 } else { 0 };
            let tricks = 3 + rng.below(6) as u8;
            let key = random_key(&mut rng, tricks, exact);
            for leader in 0..2 {
                let key = Key { leader: (key.leader + leader) % 4, ..key };
                let tricks = rng.below(key.tricks_left as u64 + 1) as u8;
                keys.entry(key).or_insert(tricks);
            }
        }
        for (key, &tricks) in &keys {
            tt.store(key, &owners, [0; 4], (tricks, tricks));
        }
        assert!(tt.deep.key_capacity > tt.deep.start_capacity, "the arena never grew");
        for (key, &tricks) in &keys {
            assert!(matches!(tt.probe(key, &owners, tricks), Probe::Cut(true, t, _) if t == tricks), "{key:?}");
            assert!(matches!(tt.probe(key, &owners, tricks + 1), Probe::Cut(false, t, _) if t == tricks), "{key:?}");
        }
        // Past the wrap of the generations, a cleared key is never found again: not the
        // key stored once, 256 clears before the wrap, nor the key stored after every clear.
        let few: Vec<Key> = keys.keys().filter(|key| key.tricks_left <= DEEP_TRICKS).take(50).copied().collect();
        for round in 0..300 {
            tt.clear();
            assert!(few.iter().all(|key| matches!(tt.probe(key, &owners, 0), Probe::Miss)), "round {round}");
            tt.store(&few[round.min(1)], &owners, [0; 4], (1, 1));
        }
    }

    #[test]
    fn a_long_key_split_by_its_cards_finds_what_a_flat_list_finds() {
        let mut rng = Rng::new(17);
        let mut tt = Tt::new(64 << 20, 1 << 20);
        let key = Key { lengths: 0x3333_3333_3333_3333, exact: 0, leader: 1, tricks_left: 12 };
        let mut stored = Vec::new();
        // Far more than INDEX_CHUNKS chunks: the key is split, and its parts again.
        for _ in 0..6000 {
            let owners = random_owners(&mut rng);
            let active: [u8; 4] = std::array::from_fn(|_| 1 + rng.below(3) as u8);
            let lower = rng.below(13) as u8;
            let upper = (lower + rng.below(3) as u8).min(12);
            tt.store(&key, &owners, active, (lower, upper));
            stored.push((owners, active, lower, upper));
        }
        assert!(tt.shallow.indexes.len() > 1, "the key was never split, or its parts never");
        let mut cuts = 0;
        for _ in 0..3000 {
            // Near a stored entry, so that entries match.
            let (base, ..) = stored[rng.below(stored.len() as u64) as usize];
            let owners = std::array::from_fn(|s| base[s] ^ (rng.next_u64() as u32 & 0x3ff_fc00));
            let target = rng.below(13) as u8 + 1;
            let expected = deciding(&stored, &owners, target);
            match tt.probe(&key, &owners, target) {
                Probe::Cut(reached, bound, active) => {
                    assert!(expected.contains(&(reached, bound, active)), "{reached} {bound} {active:?}");
                    cuts += 1;
                }
                _ => assert!(expected.is_empty(), "missed {expected:?}"),
            }
        }
        assert!(cuts > 100, "{cuts} cut-offs: the test probes too far from the entries");
    }

    #[test]
    fn the_most_general_entry_answers_first_however_many_come_after() {
        let mut tt = Tt::new(64 << 20, 1 << 20);
        let key = Key { lengths: 0x3333_3333_3333_3333, exact: 0, leader: 2, tricks_left: 12 };
        let owners = [0x15, 0x2a, 0x3f, 0x00];
        // All four decide "at least 7" for the position: the general one (one active card)
        // first, then narrower ones that push it out of the newest entries.
        tt.store(&key, &owners, [1, 0, 0, 0], (7, 12));
        for active in [[3, 3, 3, 3], [2, 3, 3, 3], [3, 2, 3, 3]] {
            tt.store(&key, &owners, active, (8, 12));
        }
        assert!(matches!(tt.probe(&key, &owners, 7), Probe::Cut(true, 7, [1, 0, 0, 0])));
        // For 8 only the narrower ones decide.
        assert!(matches!(tt.probe(&key, &owners, 8), Probe::Cut(true, 8, a) if a.iter().sum::<u8>() >= 11));
        // A more general entry takes its place.
        tt.store(&key, &owners, [0, 0, 0, 0], (6, 12));
        assert!(matches!(tt.probe(&key, &owners, 6), Probe::Cut(true, 6, [0, 0, 0, 0])));
    }

    /// A probe's whole answer, to compare two tables.
    fn answer(probe: Probe) -> (u8, bool, u8, [u8; 4]) {
        match probe {
            Probe::Miss => (0, false, 0, [0; 4]),
            Probe::Hit => (1, false, 0, [0; 4]),
            Probe::Cut(reached, bound, active) => (2, reached, bound, active),
        }
    }

    #[test]
    fn a_copy_answers_every_probe_as_its_original() {
        let mut rng = Rng::new(23);
        let mut original = Tt::new(64 << 20, 1 << 20);
        // Keys enough to grow the deep arena, with exact keys among them, and one key long
        // enough to be split into indexes.
        let mut keys = Vec::new();
        while keys.len() < 3 * original.deep.start_capacity {
            let exact = if rng.below(4) == 0 { rng.next_u64() >> 12 | 1 } else { 0 };
            let tricks = 2 + rng.below(11) as u8;
            keys.push(random_key(&mut rng, tricks, exact));
        }
        let long = Key { lengths: 0x3333_3333_3333_3333, exact: 0, leader: 1, tricks_left: 12 };
        keys.extend(std::iter::repeat(long).take(3000));
        let mut stored = Vec::new();
        for key in &keys {
            let owners = random_owners(&mut rng);
            let active: [u8; 4] = std::array::from_fn(|_| rng.below(4) as u8);
            let lower = rng.below(key.tricks_left as u64) as u8;
            original.store(key, &owners, active, (lower, lower + 1));
            stored.push((*key, owners));
        }
        assert!(original.deep.key_capacity > original.deep.start_capacity && !original.shallow.indexes.is_empty());
        // A table with a past of its own: other keys, several clears, its start size.
        let mut copy = Tt::new(64 << 20, 1 << 20);
        let gone: Vec<Key> = (0..500u64).map(|i| random_key(&mut rng, 2 + (i % 11) as u8, 0)).collect();
        for round in 0..3 {
            copy.clear();
            for key in &gone {
                copy.store(key, &[round; 4], [1; 4], (0, 0));
            }
        }
        copy.copy_from(&original);
        for (key, owners) in &stored {
            for target in 0..=key.tricks_left + 1 {
                let near: [u32; 4] = std::array::from_fn(|s| owners[s] ^ (rng.next_u64() as u32 & 0x3ff_ff00));
                for owners in [owners, &near] {
                    let want = answer(original.probe(key, owners, target));
                    assert_eq!(answer(copy.probe(key, owners, target)), want, "{key:?} {target}");
                }
            }
        }
        for key in gone.iter().filter(|key| !keys.contains(key)) {
            assert!(matches!(copy.probe(key, &[0; 4], 0), Probe::Miss), "{key:?} came back");
        }
        // The copy goes on by itself: new entries there are not in the original.
        let fresh = random_key(&mut rng, 5, 7);
        copy.store(&fresh, &[0; 4], [0; 4], (3, 3));
        assert!(matches!(copy.probe(&fresh, &[0; 4], 3), Probe::Cut(true, 3, _)));
        assert!(matches!(original.probe(&fresh, &[0; 4], 3), Probe::Miss));
    }
}
