//! A set of cards as a `u64`: one 16-bit lane per suit, bit `rank` (2..=14) within the lane.

use crate::{Card, Suit};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cards(pub u64);

/// The 13 rank bits of one lane.
pub const SUIT_MASK: u64 = 0x7ffc;

impl Cards {
    pub const EMPTY: Cards = Cards(0);
    pub const FULL: Cards = Cards(SUIT_MASK * 0x0001_0001_0001_0001);

    pub const fn from_suit_bits(suit: Suit, bits: u16) -> Cards {
        Cards(((bits as u64) & SUIT_MASK) << (16 * suit as u64))
    }

    pub const fn suit_lane(suit: Suit) -> Cards {
        Cards(SUIT_MASK << (16 * suit as u64))
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.bit() & 1 != 0
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.bit();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.bit());
    }

    pub const fn with(self, card: Card) -> Cards {
        Cards(self.0 | 1 << card.bit())
    }

    pub const fn without(self, card: Card) -> Cards {
        Cards(self.0 & !(1 << card.bit()))
    }

    /// The rank bits of one suit, shifted down to bits 2..=14.
    pub const fn suit_bits(self, suit: Suit) -> u16 {
        (self.0 >> (16 * suit as u64)) as u16
    }

    pub const fn in_suit(self, suit: Suit) -> Cards {
        Cards(self.0 & (SUIT_MASK << (16 * suit as u64)))
    }

    pub const fn suit_len(self, suit: Suit) -> u32 {
        self.suit_bits(suit).count_ones()
    }

    pub const fn is_disjoint(self, other: Cards) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards of `self` that beat every card of `others` in their suit.
    pub const fn above(self, others: Cards) -> Cards {
        Cards(self.0 & !others.filled_down().0)
    }

    /// Every rank from each suit's highest card down (all ranks, not only these cards).
    pub const fn filled_down(self) -> Cards {
        // Smear each lane's highest card down its lane; the masks keep a shift from
        // spilling into the lane below.
        const LANES: u64 = 0x0001_0001_0001_0001;
        let mut below = self.0;
        below |= (below >> 1) & (0x7fff * LANES);
        below |= (below >> 2) & (0x3fff * LANES);
        below |= (below >> 4) & (0x0fff * LANES);
        below |= (below >> 8) & (0x00ff * LANES);
        Cards(below)
    }

    /// The four suit lengths as 4-bit fields, spades in the lowest.
    pub const fn suit_lengths(self) -> u16 {
        // A popcount within each 16-bit lane, then one nibble per lane.
        let mut x = self.0;
        x -= (x >> 1) & 0x5555_5555_5555_5555;
        x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
        x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
        x = (x + (x >> 8)) & 0x00ff_00ff_00ff_00ff;
        (x | x >> 12 | x >> 24 | x >> 36) as u16
    }

    /// High-card points: 4, 3, 2, 1 for each ace, king, queen, jack.
    pub fn hcp(self) -> u32 {
        const LANES: u64 = 0x0001_0001_0001_0001;
        let count = |rank: u32| (self.0 & (LANES << rank)).count_ones();
        4 * count(14) + 3 * count(13) + 2 * count(12) + count(11)
    }

    pub fn highest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_bit(63 - self.0.leading_zeros()))
    }

    pub fn lowest(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_bit(self.0.trailing_zeros()))
    }

    /// The highest `n` cards of `suit` (all of them if it has fewer).
    pub fn top(self, suit: Suit, n: u32) -> Cards {
        Cards::from_suit_bits(suit, top_bits(self.suit_bits(suit), n))
    }

    /// The highest `n[s]` cards of each suit `s`.
    pub fn tops(self, n: [u8; 4]) -> Cards {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        {
            // Number the cards from the lowest up, keep the top `n[s]` numbers of each
            // suit's run of numbers, and deposit them back on the cards: one pdep, where a
            // table lookup per suit missed the cache on every TT cut-off.
            let mut keep = 0u64;
            for (lane, &n) in n.iter().enumerate() {
                // The numbers of this suit's cards end where the cards up to its top end.
                let end = (self.0 & (u64::MAX >> (48 - 16 * lane))).count_ones();
                let k = (n as u32).min((self.0 >> (16 * lane) & 0xffff).count_ones());
                keep |= ((1u64 << k) - 1) << (end - k);
            }
            // SAFETY: compiled only where the target has BMI2.
            Cards(unsafe { std::arch::x86_64::_pdep_u64(keep, self.0) })
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
        self.tops_by_suit(n)
    }

    /// [`Cards::tops`] one suit at a time.
    #[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
    fn tops_by_suit(self, n: [u8; 4]) -> Cards {
        let mut out = 0u64;
        for (lane, &n) in n.iter().enumerate() {
            out |= (top_bits((self.0 >> (16 * lane)) as u16, n as u32) as u64) << (16 * lane);
        }
        Cards(out)
    }

    /// Cards from spades down to clubs, each suit from the ace down.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(move |suit| {
            let lane = self.in_suit(suit).0;
            (0..64).rev().filter(move |b| lane >> b & 1 != 0).map(Card::from_bit)
        })
    }
}

/// Per set of ranks of one suit (its lane shifted down by 2), the ranks it holds from the
/// highest down, 4 bits each from bit 0 up: [`Cards::top`] takes the n-th in one step, where
/// the search asks for a suit's top cards at every cut-off.
#[cfg(not(target_arch = "wasm32"))]
static RANKS_FROM_TOP: [u64; 8192] = {
    let mut table = [0u64; 8192];
    let mut set = 0;
    while set < 8192 {
        table[set] = positions_from_top(set as u32, 13, 2);
        set += 1;
    }
    table
};

/// The positions (plus `offset`) of the set bits among the low `width` bits of `set`, from
/// the highest down, 4 bits each from bit 0 up.
const fn positions_from_top(set: u32, width: u32, offset: u32) -> u64 {
    let (mut packed, mut count, mut bit) = (0u64, 0, width);
    while bit > 0 {
        bit -= 1;
        if set >> bit & 1 != 0 {
            packed |= ((bit + offset) as u64) << (4 * count);
            count += 1;
        }
    }
    packed
}

/// The highest `n` of a suit's rank bits.
#[cfg(not(target_arch = "wasm32"))]
fn top_bits(bits: u16, n: u32) -> u16 {
    if n >= bits.count_ones() {
        return bits;
    }
    if n == 0 {
        return 0;
    }
    // The rank of the n-th highest card: everything from it up stays.
    let rank = (RANKS_FROM_TOP[(bits >> 2) as usize] >> (4 * (n - 1))) & 15;
    bits & !((1u16 << rank) - 1)
}

/// Wasm has no pdep, so [`Cards::tops`] takes each suit's top cards here, at every TT
/// cut-off: a table of 1 KB stays in the L1 cache, where the 64 KB table by suit did not.
#[cfg(target_arch = "wasm32")]
fn top_bits(bits: u16, n: u32) -> u16 {
    top_bits_by_byte(bits, n)
}

/// Per byte, its set bits' positions from the highest down, 4 bits each from bit 0 up.
#[cfg(any(test, target_arch = "wasm32"))]
static BITS_FROM_TOP: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = positions_from_top(byte as u32, 8, 0) as u32;
        byte += 1;
    }
    table
};

/// [`top_bits`] with [`BITS_FROM_TOP`]: the n-th highest card lies in the high byte if that
/// holds `n` cards, else in the low byte.
#[cfg(any(test, target_arch = "wasm32"))]
fn top_bits_by_byte(bits: u16, n: u32) -> u16 {
    if n >= bits.count_ones() {
        return bits;
    }
    if n == 0 {
        return 0;
    }
    let high = (bits >> 8).count_ones();
    let (byte, nth, base) = if n <= high { (bits >> 8, n, 8) } else { (bits & 0xff, n - high, 0) };
    let bit = base + ((BITS_FROM_TOP[byte as usize] >> (4 * (nth - 1))) & 15);
    bits & !((1u16 << bit) - 1)
}

impl BitOr for Cards {
    type Output = Cards;
    fn bitor(self, rhs: Cards) -> Cards {
        Cards(self.0 | rhs.0)
    }
}

impl BitOrAssign for Cards {
    fn bitor_assign(&mut self, rhs: Cards) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Cards {
    type Output = Cards;
    fn bitand(self, rhs: Cards) -> Cards {
        Cards(self.0 & rhs.0)
    }
}

impl BitAndAssign for Cards {
    fn bitand_assign(&mut self, rhs: Cards) {
        self.0 &= rhs.0;
    }
}

impl BitXor for Cards {
    type Output = Cards;
    fn bitxor(self, rhs: Cards) -> Cards {
        Cards(self.0 ^ rhs.0)
    }
}

/// Set difference.
impl Sub for Cards {
    type Output = Cards;
    fn sub(self, rhs: Cards) -> Cards {
        Cards(self.0 & !rhs.0)
    }
}

/// Complement within the 52 cards.
impl Not for Cards {
    type Output = Cards;
    fn not(self) -> Cards {
        Cards(!self.0 & Cards::FULL.0)
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Cards {
        let mut cards = Cards::EMPTY;
        for card in iter {
            cards.insert(card);
        }
        cards
    }
}

/// PBN hand notation: `AKQ.T98..5432` (spades first, an empty field for a void).
impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for suit in Suit::ALL {
            if suit != Suit::Spades {
                f.write_str(".")?;
            }
            for card in self.in_suit(suit).iter() {
                write!(f, "{}", card.rank_char())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn high_card_points() {
        assert_eq!(Cards::FULL.hcp(), 40);
        assert_eq!(crate::pbn::parse_hand("KQ53.T97.A864.J2").unwrap().hcp(), 10);
        assert_eq!(crate::pbn::parse_hand("T98765432.-.-.T98").unwrap().hcp(), 0);
    }

    #[test]
    fn set_algebra() {
        let a = Card::new(Suit::Spades, 14);
        let k = Card::new(Suit::Spades, 13);
        let c2 = Card::new(Suit::Clubs, 2);
        let s: Cards = [a, k, c2].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert_eq!(s.in_suit(Suit::Spades).highest(), Some(a));
        assert_eq!(s.in_suit(Suit::Spades).lowest(), Some(k));
        assert_eq!(s.in_suit(Suit::Clubs).highest(), Some(c2));
        assert_eq!((s - Cards::EMPTY.with(a)).len(), 2);
        assert_eq!((!s).len(), 49);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![a, k, c2]);
        assert_eq!(Cards::FULL.len(), 52);
        assert_eq!(format!("{s}"), "AK...2");
    }

    #[test]
    fn top_counts_from_the_ace_down() {
        let cards = Cards(0x5a5a_3c3c_7ffc_1234 & Cards::FULL.0);
        for suit in Suit::ALL {
            for n in 0..=14 {
                let expected: Vec<_> = cards.in_suit(suit).iter().take(n as usize).collect();
                assert_eq!(cards.top(suit, n).iter().collect::<Vec<_>>(), expected, "{suit:?} n = {n}");
                let mut each = [0, 3, 13, 1];
                each[suit.index()] = n as u8;
                assert_eq!(cards.tops(each).in_suit(suit), cards.top(suit, n));
            }
        }
    }

    /// `n` pseudo-random 64-bit words (xorshift), the same on every run.
    fn pseudo_random(n: usize) -> impl Iterator<Item = u64> {
        std::iter::successors(Some(0x9E37_79B9_7F4A_7C15u64), |&x| {
            let x = x ^ x << 13;
            let x = x ^ x >> 7;
            Some(x ^ x << 17)
        })
        .skip(1)
        .take(n)
    }

    #[test]
    fn tops_of_all_suits_at_once_agree_with_one_suit_at_a_time() {
        for x in pseudo_random(20_000) {
            let cards = Cards(x & Cards::FULL.0);
            let n = [(x >> 2) as u8 % 15, (x >> 18) as u8 % 15, (x >> 34) as u8 % 15, (x >> 50) as u8 % 15];
            assert_eq!(cards.tops(n), cards.tops_by_suit(n), "{cards:?} {n:?}");
        }
    }

    #[test]
    fn top_bits_agree_byte_by_byte() {
        for bits in (0..1u32 << 13).map(|set| (set << 2) as u16) {
            for n in 0..=14 {
                assert_eq!(top_bits_by_byte(bits, n), top_bits(bits, n), "{bits:#x} n = {n}");
            }
        }
    }

    #[test]
    fn above_is_per_suit() {
        // Pseudo-random pairs of disjoint sets against a suit-by-suit count.
        for x in pseudo_random(2000) {
            let mine = Cards(x & Cards::FULL.0 & 0x5555_5555_5555_5555);
            let others = Cards(x.rotate_left(29) & Cards::FULL.0) - mine;
            let got = mine.above(others);
            for suit in Suit::ALL {
                let top_other = others.in_suit(suit).highest().map_or(0, |c| c.rank());
                let expected = mine.in_suit(suit).iter().filter(|c| c.rank() > top_other).count() as u32;
                assert_eq!(got.suit_len(suit), expected, "{mine} above {others}");
                assert_eq!(mine.suit_lengths() >> (4 * suit.index()) & 15, mine.suit_len(suit) as u16);
            }
        }
    }
}
