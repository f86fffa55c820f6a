//! First guesses for the leader and the followers in a trick: the card that last decided
//! such a node after the first one tried failed. The rules' first card is right at most
//! nodes, yet the subtrees under the wrong ones held about a fifth of all nodes.
//!
//! - A follower who follows suit, or discards in notrump: per its seat and place in the
//!   trick, the cards of the led suit in play at the trick's start with its own of them, and
//!   the card winning so far; when discarding, its exact hand and the seat winning so far.
//!   Such keys (bridge-solver's for its cut-off cards) ignore the rest of the deal, so one
//!   refutation is tried first wherever it may apply again: the proofs below agree, and
//!   their entries serve each other. Against keys holding the whole deal's suit lengths: the
//!   README's two-suiter, notrump, East on lead, 34 M nodes against 100 M; the first 100
//!   shared deals 175 M against 187 M.
//! - A void follower in a trump contract (it ruffs or discards): per TT key of the trick's
//!   start and the cards played to it so far, each as its place among the cards in play at
//!   the trick's start (so that it means the same card in every position with that key).
//!   The general key above took 13% more nodes there on the first 100 shared deals.
//! - The leader: per exact hand of the leader (and seat) and North-South's target. Leads
//!   kept per TT key (suit lengths) took 10% more nodes on the first 100 shared deals: the
//!   lead that works follows the leader's own cards more than the shape of the other
//!   hands. Without the target, 1% more.
//!
//! ```text
//! slot (u32)   bits 31..8   check: bits 40..63 of the hash
//!              bits  7..0   a void follower's card as suit << 4 | place from the top;
//!                           any other card as itself (suit << 4 | rank)
//! hash (u64)   bits 40..63  check
//!              bits  4..39  the cache line: the trick start's, kept by every void follower
//!              bits  0..3   the slot in the line: the cards played so far
//! ```
//!
//! All the void followers of one trick start share a cache line of 16 slots, fetched once at
//! the trick start: each follower's own slot, fetched just before its node, still missed the
//! cache (perf: 11% of the time on that one load). The other followers' table is small
//! enough to stay in the cache.

use crate::trick::Trick;
use crate::{Card, Cards, Seat, Suit};

pub(crate) struct FollowHints {
    lines: Vec<Line>,
    mask: usize,
    /// The hints of followers other than a trump contract's voids, by [`FollowerKey::Shared`].
    shared: Vec<u32>,
}

/// Where a follower's hint lives: see the module's notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FollowerKey {
    /// A void follower in a trump contract: a slot of the trick start's line.
    Line(u64),
    Shared(u64),
}

/// The slots of one trick start's followers, on one cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Line([u32; LINE_SLOTS]);

const LINE_SLOTS: usize = 16;

/// 64 KB: a table 16 times larger kept 0.1% more nodes away.
const SHARED_SLOTS: usize = 1 << 14;

impl FollowHints {
    /// A table of about `bytes` bytes.
    pub fn new(bytes: usize) -> FollowHints {
        let len = (bytes / 64).next_power_of_two().max(1 << 8);
        FollowHints { lines: vec![Line([0; LINE_SLOTS]); len], mask: len - 1, shared: vec![0; SHARED_SLOTS] }
    }

    /// Holds what `src` holds.
    pub fn copy_from(&mut self, src: &FollowHints) {
        self.lines.clone_from(&src.lines);
        self.mask = src.mask;
        self.shared.clone_from(&src.shared);
    }

    pub fn clear(&mut self) {
        self.lines.fill(Line([0; LINE_SLOTS]));
        self.shared.fill(0);
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

    /// A follower's hint, if any: `present` holds the cards in play at the trick's start.
    pub fn follower(&self, key: FollowerKey, present: Cards) -> Option<Card> {
        match key {
            FollowerKey::Line(hash) => self.get(hash).and_then(|place| decode_place(place, present)),
            FollowerKey::Shared(hash) => {
                let slot = self.shared[hash as usize % SHARED_SLOTS];
                (slot != 0 && slot >> 8 == check(hash)).then(|| Card::from_bit(slot & 0xff))
            }
        }
    }

    pub fn set_follower(&mut self, key: FollowerKey, card: Card, present: Cards) {
        match key {
            FollowerKey::Line(hash) => self.set(hash, encode_place(card, present)),
            FollowerKey::Shared(hash) => self.shared[hash as usize % SHARED_SLOTS] = check(hash) << 8 | card.bit(),
        }
    }
}

/// The key of the hint of the follower to move in `trick`, if it has one. `present`: the
/// cards in play at the trick's start.
pub(crate) fn follower_key(
    hands: &[Cards; 4],
    trick: &Trick,
    present: Cards,
    trump: Option<Suit>,
) -> Option<FollowerKey> {
    let mover = trick.to_move();
    let hand = hands[mover.index()];
    let led = trick.cards[0].suit();
    let seat_and_place = trick.len as u64 | (mover.index() as u64) << 2;
    let (cards, winning) = if hand.suit_len(led) > 0 {
        // The mover's cards of the suit go to bits that no other lane's card reaches there.
        let suit = present.in_suit(led).0 ^ hand.in_suit(led).0.rotate_left(29);
        (suit, 1 << 10 | trick.winning().bit() as u64)
    } else if trump.is_none() {
        (hand.0, trick.leader.offset(trick.winner()).index() as u64)
    } else {
        return (trick.hint_hash != 0).then_some(FollowerKey::Line(trick.hint_hash));
    };
    Some(FollowerKey::Shared(mix(cards ^ (seat_and_place | winning << 4).wrapping_mul(0x9E37_79B9_7F4A_7C15))))
}

/// A card as the void followers' hints keep it: its suit and its place among the cards of
/// that suit in play at the trick's start, so that it means the same card in every position
/// with the same key.
pub(crate) fn encode_place(card: Card, present: Cards) -> u8 {
    let above = present.suit_bits(card.suit()) >> (card.rank() + 1);
    (card.suit().index() as u8) << 4 | above.count_ones() as u8
}

fn decode_place(place: u8, present: Cards) -> Option<Card> {
    let suit = Suit::from_index((place >> 4) as usize);
    let place = (place & 15) as u32;
    present.top(suit, place + 1).lowest().filter(|_| present.suit_len(suit) > place)
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
/// [`encode_place`] writes it): in the line of `hash`, another slot and check.
pub(crate) fn follower(hash: u64, place: u8) -> u64 {
    mix(hash ^ (place as u64 + 1)) & !LINE_BITS | hash & LINE_BITS
}

/// A 64-bit mixer (splitmix64's finaliser).
fn mix(x: u64) -> u64 {
    let z = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::parse_hand;

    /// North's key after West's lead of `lead` (hands N E S W, the lead still in West's).
    fn north_key(hands: [&str; 4], lead: &str, trump: Option<Suit>, hint_hash: u64) -> Option<FollowerKey> {
        let mut hands = hands.map(|h| parse_hand(h).unwrap());
        let card = Card::parse(lead).unwrap();
        let present = hands[0] | hands[1] | hands[2] | hands[3];
        hands[Seat::West.index()].remove(card);
        let mut trick = Trick::new(Seat::West, trump);
        trick.hint_hash = hint_hash;
        follower_key(&hands, &trick.with(card), present, trump)
    }

    #[test]
    fn a_follower_of_the_led_suit_has_one_key_whatever_the_other_suits() {
        let key = north_key(["K2.AK.AK.A", "3.QJ.QJ.QJ", "4.T9.T9.T9", "A5.32.32.K2"], "SA", None, 7);
        // Hearts and diamonds dealt otherwise, their lengths too: the same key.
        let other = north_key(["K2.A.AK2.A", "3.QJ.QJ.QJ", "4.T9.T9.T9", "A5.K32.3.K2"], "SA", None, 7);
        assert!(matches!(key, Some(FollowerKey::Shared(_))));
        assert_eq!(key, other);
        // North's own spades otherwise: another key.
        let swapped = north_key(["42.AK.AK.A", "3.QJ.QJ.QJ", "K.T9.T9.T9", "A5.32.32.K2"], "SA", None, 7);
        assert_ne!(key, swapped);
    }

    #[test]
    fn a_void_follower_keeps_its_hint_by_the_trick_start_in_a_trump_contract_only() {
        let hands = ["-.AK2.AK.AK", "3.QJ.QJ.QJ", "4.T9.T9.T9", "A5.3.32.432"];
        let hearts = Some(Suit::Hearts);
        assert_eq!(north_key(hands, "SA", hearts, 7), Some(FollowerKey::Line(7)));
        assert_eq!(north_key(hands, "SA", hearts, 0), None);
        assert!(matches!(north_key(hands, "SA", None, 7), Some(FollowerKey::Shared(_))));
    }

    #[test]
    fn a_hint_reads_back_as_the_card_it_was_set_to() {
        let mut hints = FollowHints::new(1 << 16);
        let present = parse_hand("AKQ.AK.AK.AK").unwrap();
        let queen = Card::parse("SQ").unwrap();
        for key in [FollowerKey::Shared(0x1234_5678_9abc_def0), FollowerKey::Line(0x0fed_cba9_8765_4321)] {
            assert_eq!(hints.follower(key, present), None);
            hints.set_follower(key, queen, present);
            assert_eq!(hints.follower(key, present), Some(queen));
        }
        hints.clear();
        assert_eq!(hints.follower(FollowerKey::Shared(0x1234_5678_9abc_def0), present), None);
    }
}
