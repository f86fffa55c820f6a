//! First guesses for the leader and the followers in a trick: the card that last decided
//! such a node after the first one tried failed. The rules' first card is right at most
//! nodes, yet the subtrees under the wrong ones hold a large share of the tree.
//!
//! - The leader: per exact hand of the leader (and seat) and North-South's target, not per
//!   TT key (suit lengths): the lead that works follows the leader's own cards more than
//!   the shape of the other hands, and a lead that makes one target need not make another.
//! - A follower: per seat and place in the trick, the card winning so far, and
//!   - following suit: the led suit's cards in play at the trick's start, its own and its
//!     partner's of them;
//!   - void in notrump (discarding): its exact hand, the led suit and the seat (not the
//!     card) winning;
//!   - void in a trump contract (ruffing or discarding): its exact hand and the led suit's
//!     cards in play at the trick's start.
//!
//!   These keys (after bridge-solver's for its cut-off cards) ignore the rest
//!   of the deal, so a refutation is tried first wherever it may apply again: the proofs
//!   below agree, and their entries serve each other. Keys of the trick start's 16 suit
//!   lengths and the places of the cards played met their refutations again far less
//!   often, the hard deals least of all.
//!
//! ```text
//! slot (u32)   bits 31..8   check: bits 40..63 of the hash
//!              bits  7..0   the card (suit << 4 | rank)
//! ```

use crate::prefetch::prefetch;
use crate::trick::Trick;
use crate::{Card, Cards, Seat, Suit};

pub(crate) struct FollowHints {
    leads: Vec<u32>,
    followers: Vec<u32>,
}

/// 64 KB, which stays in the cache: a larger table saves hardly a node.
const FOLLOWER_SLOTS: usize = 1 << 14;

impl FollowHints {
    /// Tables of about `bytes` bytes for the leads (and 64 KB for the followers).
    pub fn new(bytes: usize) -> FollowHints {
        let len = (bytes / 4).next_power_of_two().max(1 << 12);
        FollowHints { leads: vec![0; len], followers: vec![0; FOLLOWER_SLOTS] }
    }

    /// Holds what `src` holds.
    pub fn copy_from(&mut self, src: &FollowHints) {
        self.leads.clone_from(&src.leads);
        self.followers.clone_from(&src.followers);
    }

    pub fn clear(&mut self) {
        self.leads.fill(0);
        self.followers.fill(0);
    }

    /// The lead remembered under `hash` (see [`lead`]).
    pub fn lead(&self, hash: u64) -> Option<Card> {
        read(&self.leads, hash)
    }

    /// Starts loading the lead remembered under `hash`.
    pub fn prefetch_lead(&self, hash: u64) {
        prefetch(&self.leads, slot(&self.leads, hash));
    }

    pub fn set_lead(&mut self, hash: u64, card: Card) {
        write(&mut self.leads, hash, card);
    }

    /// The card remembered under `hash` (see [`follower`]).
    pub fn follower(&self, hash: u64) -> Option<Card> {
        read(&self.followers, hash)
    }

    pub fn set_follower(&mut self, hash: u64, card: Card) {
        write(&mut self.followers, hash, card);
    }
}

fn read(slots: &[u32], hash: u64) -> Option<Card> {
    let entry = slots[slot(slots, hash)];
    (entry != 0 && entry >> 8 == check(hash)).then(|| Card::from_bit(entry & 0xff))
}

fn write(slots: &mut [u32], hash: u64, card: Card) {
    let i = slot(slots, hash);
    slots[i] = check(hash) << 8 | card.bit();
}

/// The slots' count is a power of two.
fn slot(slots: &[u32], hash: u64) -> usize {
    hash as usize & (slots.len() - 1)
}

fn check(hash: u64) -> u32 {
    (hash >> 40) as u32
}

/// The hash of a leader's exact hand and North-South's target. (The seat and the target go
/// in bits that no card uses: 0 and 1 of each suit's lane.)
pub(crate) fn lead(hand: Cards, leader: Seat, target: u32) -> u64 {
    let spare = leader.index() as u64 | (target as u64 & 3) << 16 | (target as u64 >> 2 & 3) << 32;
    mix(hand.0 | spare)
}

/// The hash of the follower to move in `trick`, `hands` holding the cards not yet played
/// and `present` the cards in play at the trick's start.
pub(crate) fn follower(hands: &[Cards; 4], trick: &Trick, present: Cards, trump: Option<Suit>) -> u64 {
    let mover = trick.to_move();
    let hand = hands[mover.index()];
    let led = trick.cards[0].suit();
    // A card shifted 29 or 45 places leaves its suit's lane for one no card of that suit
    // uses, each shift its own.
    let led_in_play = present.in_suit(led).0;
    let (cards, winning) = if hand.suit_len(led) > 0 {
        (
            led_in_play
                ^ hand.in_suit(led).0.rotate_left(29)
                ^ hands[mover.partner().index()].in_suit(led).0.rotate_left(45),
            1 << 8 | trick.winning().bit() as u64,
        )
    } else if trump.is_none() {
        (hand.0, 2 << 8 | (led.index() as u64) << 2 | trick.leader.offset(trick.winner()).index() as u64)
    } else {
        (hand.0 ^ led_in_play.rotate_left(29), 3 << 8 | trick.winning().bit() as u64)
    };
    let seat_and_place = trick.len as u64 | (mover.index() as u64) << 2;
    mix(cards ^ (seat_and_place | winning << 4).wrapping_mul(0x9E37_79B9_7F4A_7C15))
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

    /// North's hash after West's lead of `lead` (hands N E S W, the lead still in West's).
    fn north(hands: [&str; 4], lead: &str, trump: Option<Suit>) -> u64 {
        let mut hands = hands.map(|h| parse_hand(h).unwrap());
        let card = Card::parse(lead).unwrap();
        let present = hands[0] | hands[1] | hands[2] | hands[3];
        hands[Seat::West.index()].remove(card);
        follower(&hands, &Trick::new(Seat::West, trump).with(card), present, trump)
    }

    #[test]
    fn a_follower_of_the_led_suit_has_one_hint_whatever_the_other_suits() {
        let hint = north(["K2.AK.AK.A", "3.QJ.QJ.QJ", "4.T9.T9.T9", "A5.32.32.K2"], "SA", None);
        // Hearts and diamonds dealt otherwise, their lengths too: the same hint.
        assert_eq!(hint, north(["K2.A.AK2.A", "3.QJ.QJ.QJ", "4.T9.T9.T9", "A5.K32.3.K2"], "SA", None));
        // North's own spades otherwise: another.
        assert_ne!(hint, north(["42.AK.AK.A", "3.QJ.QJ.QJ", "K.T9.T9.T9", "A5.32.32.K2"], "SA", None));
    }

    #[test]
    fn a_void_follower_looks_at_the_led_suit_in_a_trump_contract_only() {
        // East's and South's spades exchange a card: the led suit's cards in play differ.
        let hands = ["-.AK2.AK.AK", "3.QJ.QJ.QJ", "4.T9.T9.T9", "A5.3.32.432"];
        let other = ["-.AK2.AK.AK", "4.QJ.QJ.QJ", "6.T9.T9.T9", "A5.3.32.432"];
        assert_eq!(north(hands, "SA", None), north(other, "SA", None));
        let hearts = Some(Suit::Hearts);
        assert_ne!(north(hands, "SA", hearts), north(other, "SA", hearts));
    }

    #[test]
    fn a_hint_reads_back_as_the_card_it_was_set_to() {
        let mut hints = FollowHints::new(1 << 16);
        let queen = Card::parse("SQ").unwrap();
        let hash = 0x1234_5678_9abc_def0;
        assert_eq!(hints.follower(hash), None);
        hints.set_follower(hash, queen);
        hints.set_lead(hash, queen);
        assert_eq!(hints.follower(hash), Some(queen));
        assert_eq!(hints.lead(hash), Some(queen));
        // Another hash in the same slot: no hint.
        assert_eq!(hints.follower(hash ^ 1 << 50), None);
        hints.clear();
        assert_eq!((hints.follower(hash), hints.lead(hash)), (None, None));
    }
}
