//! The transposition table, after Bradmetz: entries hold bounds for a whole class of
//! positions, those with the same suit lengths and the same owners of the top cards.
//!
//! Key: the 16 suit lengths (4 bits each, hand-major: `(hand * 4 + suit) * 4`) and the
//! leader; the tricks left follow from the lengths. Per suit, the owner vector lists the
//! owners of the cards still in play, highest first, 2 bits each from bit 0 up; only the
//! first `k` of them (the active cards) must match.
//!
//! Under each key the entries form Bradmetz's tree of depth 4, one level per suit in the
//! order S H D C: a node holds one suit's `k` and masked owner vector, so entries that agree
//! on the spades share one spade node, and a probe only descends where the suit matches.
//!
//! ```text
//! KeyNode (32 bytes)                      Node (16 bytes)
//!   lengths  u64   16 suit lengths          owners   u32  this suit's owner vector, masked to k
//!   exact    u64   cards in play, only      child    u32  first node of the next suit; at the
//!                  in TtMode::Exact                       clubs level: lower | upper << 8
//!   next     u32   next key, same hash      sibling  u32  next node of this level, same parent
//!   root     u32   first spade node         k        u8   active cards of this suit: mask = low 2k bits
//!   leader   u8
//!   leads    2 u8  the last two distinct leads
//!                  that won under this key after
//!                  another lead failed: the first
//!                  guesses where no leaf decides
//! ```
//!
//! Bounds: North-South take at least `lower` and at most `upper` of the tricks left. A lead
//! is kept as suit << 4 | place from the top, or `NO_BEST`. A position matches a leaf when
//! every suit on its path has `(current ^ stored) & mask == 0`. Several leaves with different
//! `k` can match one position, so a probe visits every matching path.
//! Memory is two fixed arenas, one for positions with many tricks left and one for the far
//! more numerous positions near the end: when an arena is full it starts afresh, and the
//! costly results near the root survive the churn of the cheap ones.

use crate::prefetch::prefetch;
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
    root: u32,
    leader: u8,
    /// The last two distinct leads remembered under this key, the latest first.
    leads: Leads,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    owners: u32,
    child: u32,
    sibling: u32,
    k: u8,
}

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
    /// The target is decided: the result and the active cards per suit of the entry.
    Cut(bool, [u8; 4]),
}

/// The owner-vector mask of the top `k` cards of a suit, by `k`.
const MASKS: [u32; 16] = {
    let mut masks = [0u32; 16];
    let mut k = 0;
    while k < 16 {
        masks[k] = if k >= 13 { (1 << 26) - 1 } else { (1 << (2 * k)) - 1 };
        k += 1;
    }
    masks
};

pub(crate) fn suit_mask(k: u8) -> u32 {
    MASKS[k as usize & 15]
}

fn leaf_bounds(child: u32) -> (u8, u8) {
    (child as u8, (child >> 8) as u8)
}

fn leaf_pack(lower: u8, upper: u8) -> u32 {
    lower as u32 | (upper as u32) << 8
}

/// Positions with at most this many tricks left go to the deep arena.
const DEEP_TRICKS: u8 = 8;

pub(crate) struct Tt {
    shallow: Arena,
    deep: Arena,
}

impl Tt {
    /// A table of about `bytes` bytes in all, a quarter of it for the shallow positions.
    pub fn new(bytes: usize) -> Tt {
        Tt { shallow: Arena::new(bytes / 4), deep: Arena::new(bytes - bytes / 4) }
    }

    pub fn clear(&mut self) {
        self.shallow.clear();
        self.deep.clear();
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
    nodes: Vec<Node>,
    key_capacity: usize,
    node_capacity: usize,
    shift: u32,
}

impl Arena {
    fn new(bytes: usize) -> Arena {
        let node_bytes = std::mem::size_of::<Node>();
        let key_bytes = std::mem::size_of::<KeyNode>() + 4;
        // Keys average about eight nodes each.
        let key_capacity = (bytes / (key_bytes + 8 * node_bytes)).max(256);
        let node_capacity = 8 * key_capacity;
        let buckets = key_capacity.next_power_of_two();
        Arena {
            heads: vec![NONE; buckets],
            keys: Vec::with_capacity(key_capacity),
            nodes: Vec::with_capacity(node_capacity),
            key_capacity,
            node_capacity,
            shift: 64 - buckets.trailing_zeros(),
        }
    }

    fn clear(&mut self) {
        self.heads.fill(NONE);
        self.keys.clear();
        self.nodes.clear();
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

    fn probe(&mut self, key: &Key, owners: &[u32; 4], target: u8) -> Probe {
        let Some(k) = self.find_key(key) else { return Probe::Miss([NO_BEST; 2]) };
        let mut path = [NONE; 4];
        // The node before `path[level]` in its sibling list.
        let mut prev = [NONE; 4];
        let mut level = 0;
        path[0] = self.keys[k].root;
        let mut hit = false;
        // Depth-first over the matching paths; `path[level]` is the next node to try there.
        loop {
            let idx = path[level];
            if idx == NONE {
                if level == 0 {
                    break;
                }
                level -= 1;
                prev[level] = path[level];
                path[level] = self.nodes[path[level] as usize].sibling;
                continue;
            }
            let node = &self.nodes[idx as usize];
            // Siblings and children lie anywhere in the arena: ask for both possible next
            // steps before the match decides between them.
            prefetch(&self.nodes, node.sibling as usize);
            if level < 3 {
                prefetch(&self.nodes, node.child as usize);
            }
            if (owners[level] ^ node.owners) & suit_mask(node.k) != 0 {
                prev[level] = idx;
                path[level] = node.sibling;
                continue;
            }
            if level < 3 {
                level += 1;
                path[level] = node.child;
                prev[level] = NONE;
                continue;
            }
            let (lower, upper) = leaf_bounds(node.child);
            hit = true;
            if lower >= target || upper < target {
                let active = std::array::from_fn(|s| self.nodes[path[s] as usize].k);
                self.move_to_front(k, &path, &prev);
                return Probe::Cut(lower >= target, active);
            }
            prev[level] = idx;
            path[level] = node.sibling;
        }
        let leads = self.keys[k].leads;
        if hit {
            Probe::Hit(leads)
        } else {
            Probe::Miss(leads)
        }
    }

    /// Moves the nodes of a path that just decided a probe to the front of their sibling
    /// lists: the positions that follow tend to match the same entry, and a probe then
    /// reaches it in four steps.
    fn move_to_front(&mut self, key: usize, path: &[u32; 4], prev: &[u32; 4]) {
        for level in 0..4 {
            if prev[level] == NONE {
                continue;
            }
            let idx = path[level] as usize;
            self.nodes[prev[level] as usize].sibling = self.nodes[idx].sibling;
            let head =
                if level == 0 { &mut self.keys[key].root } else { &mut self.nodes[path[level - 1] as usize].child };
            let first = std::mem::replace(head, idx as u32);
            self.nodes[idx].sibling = first;
        }
    }

    fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8), best: u8) {
        let (lower, upper) = bounds;
        // Room for a key and a whole path, so that a path is never left half made.
        if self.keys.len() >= self.key_capacity || self.nodes.len() + 4 > self.node_capacity {
            self.clear();
        }
        let k = match self.find_key(key) {
            Some(k) => k,
            None => {
                let bucket = self.bucket(key);
                self.keys.push(KeyNode {
                    lengths: key.lengths,
                    exact: key.exact,
                    next: self.heads[bucket],
                    root: NONE,
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
        // `parent` is where the first node of the current level is linked from.
        let mut first = self.keys[k].root;
        let mut parent: Option<usize> = None;
        for level in 0..4 {
            let masked = owners[level] & suit_mask(active[level]);
            let mut idx = first;
            while idx != NONE {
                let n = &self.nodes[idx as usize];
                if n.k == active[level] && n.owners == masked {
                    break;
                }
                idx = n.sibling;
            }
            if idx == NONE {
                let leaf = level == 3;
                self.nodes.push(Node {
                    owners: masked,
                    child: if leaf { leaf_pack(0, 15) } else { NONE },
                    sibling: first,
                    k: active[level],
                });
                idx = (self.nodes.len() - 1) as u32;
                match parent {
                    None => self.keys[k].root = idx,
                    Some(p) => self.nodes[p].child = idx,
                }
            }
            if level == 3 {
                let node = &mut self.nodes[idx as usize];
                let (old_lower, old_upper) = leaf_bounds(node.child);
                node.child = leaf_pack(old_lower.max(lower), old_upper.min(upper));
            } else {
                parent = Some(idx as usize);
                first = self.nodes[idx as usize].child;
            }
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
