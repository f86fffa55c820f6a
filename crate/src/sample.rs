//! The layouts of the unseen cards consistent with what one player knows, each equally
//! likely: counted exactly (suit lengths by dynamic programming), dealt at random, or all
//! listed when they are few.
//!
//! A layout is dealt in two steps: the number of unseen cards of each suit that each hidden
//! seat gets, drawn with probability proportional to the number of layouts with those
//! lengths (so voids and length limits never cost a rejection), then the cards of each suit
//! shuffled among those places. Only the high-card-point limits are met by rejection.

use crate::rng::Rng;
use crate::{Card, Cards, Seat, Suit};

/// Limits on one hidden hand's original 13 cards, closed ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandLimits {
    pub hcp: (u8, u8),
    /// Per suit, spades to clubs.
    pub lengths: [(u8, u8); 4],
}

impl Default for HandLimits {
    fn default() -> HandLimits {
        HandLimits { hcp: (0, 40), lengths: [(0, 13); 4] }
    }
}

/// What the player to move knows about the original deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knowledge {
    /// The original 13 cards of each seat whose hand is seen.
    pub known: [Option<Cards>; 4],
    /// The cards each seat has played so far.
    pub played: [Cards; 4],
    /// Per seat, the suits (one bit each, spades first) it failed to follow.
    pub voids: [u8; 4],
    pub limits: [HandLimits; 4],
}

/// Hidden seats: at most three, in fixed slots (unused slots take no cards).
const SLOTS: usize = 3;

/// Draws per sample before its limits count as unsatisfiable: a layout met less than once
/// in that many random ones is treated as none at all.
pub const MAX_ATTEMPTS: u32 = 500_000;

/// `(slot 0 length, slot 1 length, slot 2 length, layouts)` of one suit's split.
type Split = (usize, usize, usize, u64);

pub struct Layouts {
    /// The cards each seat surely held: a known hand, or a hidden seat's played cards.
    fixed: [Cards; 4],
    slots: [Option<Seat>; SLOTS],
    pool: Cards,
    need: [usize; SLOTS],
    /// Per slot and suit, how many unseen cards it may get.
    lengths: [[(u8, u8); 4]; SLOTS],
    hcp: [(u8, u8); SLOTS],
    /// `completions[s][c0][c1]`: the layouts of the unseen cards of suits `s..` in which
    /// slot 0 gets `c0` of them, slot 1 `c1` and slot 2 the rest.
    completions: Vec<[[u64; 14]; 14]>,
}

impl Layouts {
    pub fn new(knowledge: &Knowledge) -> Layouts {
        let mut fixed = knowledge.played;
        let mut seen = Cards::EMPTY;
        for seat in Seat::ALL {
            if let Some(hand) = knowledge.known[seat.index()] {
                fixed[seat.index()] = hand;
            }
            seen |= fixed[seat.index()];
        }
        let pool = Cards::FULL - seen;
        let mut slots = [None; SLOTS];
        let mut need = [0; SLOTS];
        let mut lengths = [[(0, 0); 4]; SLOTS];
        let mut hcp = [(0, 40); SLOTS];
        let hidden = Seat::ALL.into_iter().filter(|s| knowledge.known[s.index()].is_none());
        for (slot, seat) in hidden.enumerate() {
            let played = knowledge.played[seat.index()];
            let limits = knowledge.limits[seat.index()];
            slots[slot] = Some(seat);
            need[slot] = 13usize.saturating_sub(played.len() as usize);
            hcp[slot] = limits.hcp;
            for suit in Suit::ALL {
                let shown = played.suit_len(suit) as u8;
                let (lo, hi) = limits.lengths[suit.index()];
                let void = knowledge.voids[seat.index()] >> suit.index() & 1 != 0;
                let hi = if void { hi.min(shown) } else { hi };
                // An empty range when the limits contradict what was played.
                lengths[slot][suit.index()] = if hi < shown { (1, 0) } else { (lo.saturating_sub(shown), hi - shown) };
            }
        }
        let mut layouts = Layouts { fixed, slots, pool, need, lengths, hcp, completions: vec![[[0; 14]; 14]; 5] };
        layouts.completions[4][0][0] = 1;
        for s in (0..4).rev() {
            for c0 in 0..14 {
                for c1 in 0..14 {
                    let total = layouts.splits(s, c0, c1).map(|split| split.3 as u128).sum::<u128>();
                    // At most 39 unseen cards (one hand is known), so at most 39!/(13!)^3
                    // (about 8.4e16) layouts: every count and product fits.
                    layouts.completions[s][c0][c1] = u64::try_from(total).expect("layouts fit in 64 bits");
                }
            }
        }
        layouts
    }

    /// The layouts that respect the voids, the hand sizes and the length limits (the
    /// point limits are not counted).
    pub fn count(&self) -> u64 {
        self.completions[0][self.need[0]][self.need[1]]
    }

    /// The ways to split suit `s`'s unseen cards when slots 0 and 1 still need `c0` and `c1`
    /// cards, each with the layouts of suits `s..` that follow from it.
    fn splits(&self, s: usize, c0: usize, c1: usize) -> impl Iterator<Item = Split> + '_ {
        let m = self.pool.suit_len(Suit::from_index(s)) as usize;
        let allows = move |slot: usize, l: usize| {
            let (lo, hi) = self.lengths[slot][s];
            (lo as usize..=hi as usize).contains(&l)
        };
        (0..=m.min(c0)).filter(move |&l0| allows(0, l0)).flat_map(move |l0| {
            (0..=(m - l0).min(c1)).filter(move |&l1| allows(1, l1)).filter_map(move |l1| {
                let l2 = m - l0 - l1;
                let ways = BINOMIAL[m][l0] * BINOMIAL[m - l0][l1];
                let rest = self.completions[s + 1][c0 - l0][c1 - l1];
                (allows(2, l2) && rest > 0).then_some((l0, l1, l2, ways * rest))
            })
        })
    }

    fn points_hold(&self, hands: &[Cards; 4]) -> bool {
        self.slots.iter().zip(self.hcp).all(|(slot, (lo, hi))| {
            slot.map_or(true, |seat| (lo as u32..=hi as u32).contains(&hands[seat.index()].hcp()))
        })
    }

    /// One layout drawn uniformly from those that respect the voids, sizes and lengths: the
    /// original four hands, or `None` as soon as the dealt suits break a point limit
    /// whatever the rest brings (a rejection all the same, found earlier). `count()` must
    /// not be zero.
    fn draw(&self, rng: &mut Rng) -> Option<[Cards; 4]> {
        let mut hands = self.fixed;
        let limited = self.hcp.iter().any(|&range| range != (0, 40));
        let (mut c0, mut c1) = (self.need[0], self.need[1]);
        for s in 0..4 {
            let mut pick = rng.below(self.completions[s][c0][c1]);
            let (l0, l1, _, _) = self
                .splits(s, c0, c1)
                .find(|split| {
                    let found = pick < split.3;
                    pick = pick.wrapping_sub(split.3);
                    found
                })
                .expect("the splits add up to the completions");
            let mut cards = [Card::new(Suit::Spades, 2); 13];
            let suit_cards = self.pool.in_suit(Suit::from_index(s));
            let m = suit_cards.len() as usize;
            for (place, card) in cards.iter_mut().zip(suit_cards.iter()) {
                *place = card;
            }
            rng.shuffle(&mut cards[..m]);
            for (i, &card) in cards[..m].iter().enumerate() {
                let slot = if i < l0 {
                    0
                } else if i < l0 + l1 {
                    1
                } else {
                    2
                };
                let seat = self.slots[slot].expect("only used slots get cards");
                hands[seat.index()].insert(card);
            }
            (c0, c1) = (c0 - l0, c1 - l1);
            if limited {
                // The points still to come: the pool's cards of the suits after this one.
                let later = Cards(self.pool.0 & u64::MAX.checked_shl(16 * (s as u32 + 1)).unwrap_or(0)).hcp();
                let hopeless = self.slots.iter().zip(self.hcp).any(|(slot, (lo, hi))| {
                    slot.is_some_and(|seat| {
                        let points = hands[seat.index()].hcp();
                        points > hi as u32 || points + later < lo as u32
                    })
                });
                if hopeless {
                    return None;
                }
            }
        }
        Some(hands)
    }

    /// Whether the point limits can hold at all, by the points the hidden hands share: a
    /// quick answer for the common impossible requests, which rejection would only give up on.
    fn points_possible(&self) -> bool {
        let used = || self.slots.iter().zip(self.hcp).filter_map(|(slot, range)| slot.map(|seat| (seat, range)));
        let shared: u32 = used().map(|(seat, _)| self.fixed[seat.index()].hcp()).sum::<u32>() + self.pool.hcp();
        let (lo, hi) = used().fold((0, 0), |(lo, hi), (_, range)| (lo + range.0 as u32, hi + range.1 as u32));
        (lo..=hi).contains(&shared)
            && used().all(|(seat, (lo, _))| {
                // At best a seat gets the pool's top honours.
                let best: u32 = {
                    let mut honours: Vec<u32> = self.pool.iter().map(|c| Cards::EMPTY.with(c).hcp()).collect();
                    honours.sort_unstable_by(|a, b| b.cmp(a));
                    honours.iter().take(self.need[self.slot_of(seat)]).sum()
                };
                self.fixed[seat.index()].hcp() + best >= lo as u32
            })
    }

    fn slot_of(&self, seat: Seat) -> usize {
        self.slots.iter().position(|&s| s == Some(seat)).expect("a hidden seat has a slot")
    }

    /// A layout meeting every limit, uniformly, or `None` after `MAX_ATTEMPTS` draws.
    pub fn sample(&self, rng: &mut Rng) -> Option<[Cards; 4]> {
        if self.count() == 0 || !self.points_possible() {
            return None;
        }
        (0..MAX_ATTEMPTS).find_map(|_| self.draw(rng).filter(|hands| self.points_hold(hands)))
    }

    /// Every layout meeting every limit, in a fixed order, when [`Layouts::count`] is at
    /// most `limit`; otherwise `None`.
    pub fn enumerate(&self, limit: u64) -> Option<Vec<[Cards; 4]>> {
        if self.count() > limit {
            return None;
        }
        let mut out = Vec::new();
        if self.count() > 0 {
            self.enumerate_from(0, self.need[0], self.need[1], self.fixed, &mut out);
        }
        Some(out)
    }

    fn enumerate_from(&self, s: usize, c0: usize, c1: usize, hands: [Cards; 4], out: &mut Vec<[Cards; 4]>) {
        if s == 4 {
            if self.points_hold(&hands) {
                out.push(hands);
            }
            return;
        }
        let cards: Vec<Card> = self.pool.in_suit(Suit::from_index(s)).iter().collect();
        let m = cards.len();
        let all = (1u16 << m) - 1;
        let to_cards =
            |bits: u16| cards.iter().enumerate().filter(|(i, _)| bits >> i & 1 != 0).map(|(_, &c)| c).collect();
        for (l0, l1, _, _) in self.splits(s, c0, c1) {
            for first in combinations(m, l0) {
                for second in combinations(m - l0, l1) {
                    let second = deposit(second, all & !first);
                    let third = all & !first & !second;
                    let mut next = hands;
                    for (slot, bits) in [first, second, third].into_iter().enumerate() {
                        if let Some(seat) = self.slots[slot] {
                            next[seat.index()] |= to_cards(bits);
                        }
                    }
                    self.enumerate_from(s + 1, c0 - l0, c1 - l1, next, out);
                }
            }
        }
    }
}

/// Every `k`-bit subset of the low `n` bits, in increasing order (Gosper's hack).
fn combinations(n: usize, k: usize) -> impl Iterator<Item = u16> {
    let end = 1u32 << n;
    let first = (1u32 << k) - 1;
    std::iter::successors(Some(first), move |&x| {
        if x == 0 {
            return None;
        }
        let low = x & x.wrapping_neg();
        let ripple = x + low;
        let next = (((ripple ^ x) >> 2) / low) | ripple;
        (next < end).then_some(next)
    })
    .filter(move |&x| x < end)
    .map(|x| x as u16)
}

/// The low bits of `bits` moved onto the set bits of `onto`, lowest first (a PDEP).
fn deposit(mut bits: u16, onto: u16) -> u16 {
    let mut out = 0;
    let mut rest = onto;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if bits & 1 != 0 {
            out |= low;
        }
        bits >>= 1;
        rest &= rest - 1;
    }
    out
}

/// `BINOMIAL[n][k]` for n up to 13.
static BINOMIAL: [[u64; 14]; 14] = {
    let mut table = [[0u64; 14]; 14];
    let mut n = 0;
    while n < 14 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_k_subsets() {
        let subsets: Vec<u16> = combinations(5, 2).collect();
        assert_eq!(subsets.len(), 10);
        assert!(subsets.iter().all(|s| s.count_ones() == 2 && *s < 32));
        assert_eq!(combinations(4, 0).collect::<Vec<_>>(), vec![0]);
        assert_eq!(combinations(3, 3).collect::<Vec<_>>(), vec![7]);
    }

    #[test]
    fn deposit_fills_the_free_places() {
        assert_eq!(deposit(0b101, 0b1101_0000), 0b1001_0000);
    }

    #[test]
    fn opening_leader_sees_every_layout_of_39_cards() {
        let mut knowledge = Knowledge::default();
        knowledge.known[3] = Some(Cards(0x7ffc));
        let layouts = Layouts::new(&knowledge);
        // 39! / (13!)^3, the largest count there is.
        assert_eq!(layouts.count(), 84_478_098_072_866_400);
    }
}
