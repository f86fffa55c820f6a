//! How many tricks in a row a side can cash in one suit that nobody can ruff (any suit in
//! notrump, the trump suit itself), with both hands' cards: the lead may pass to partner
//! and back as the side unblocks.
//!
//! Cards never change hands, so a suit's layout is the set of its cards still in play.
//! Results are kept per deal, by suit, the subset of the suit in play and the hand on lead,
//! and worked out when first asked for.
//!
//! ```text
//! memo entry (u16)   bits 0..3   rounds
//!                    bits 4..7   lowest rank bit (rank - 2) that won by rank, 15 for none
//!                    0xffff      not worked out yet
//! ```

use crate::{Cards, Seat, Suit};

const UNKNOWN: u16 = u16::MAX;
/// No round was won by rank.
const NO_RANK: u8 = 15;

pub(crate) struct SuitCash {
    holders: [Cards; 4],
    /// Per suit and hand, the hand's cards of the suit as 13 bits (rank - 2).
    bits: [[u16; 4]; 4],
    memo: Vec<u16>,
}

impl SuitCash {
    pub fn new() -> SuitCash {
        SuitCash { holders: [Cards::EMPTY; 4], bits: [[0; 4]; 4], memo: vec![UNKNOWN; 4 * 4 * 8192] }
    }

    /// Forgets the results unless `hands` agree with the holders they were worked out for.
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    pub fn prepare(&mut self, hands: &[Cards; 4]) {
        let consistent = (0..4).all(|h| hands[h].0 & !self.holders[h].0 == 0);
        if consistent {
            return;
        }
        self.holders = *hands;
        for suit in Suit::ALL {
            for (bits, hand) in self.bits[suit.index()].iter_mut().zip(hands) {
                *bits = hand.suit_bits(suit) >> 2;
            }
        }
        self.memo.fill(UNKNOWN);
    }

    /// The rounds the side of `leader` wins in a row in `suit` from the cards `present`,
    /// `leader` leading the first, and the cards that relies on (every card of the suit down
    /// to the lowest that won by rank). The opponents keep their top cards to the last; a
    /// round counts only if no opponent could beat the side's card.
    pub fn rounds(&mut self, present: Cards, suit: Suit, leader: Seat) -> (u32, Cards) {
        let subset = present.suit_bits(suit) >> 2;
        let entry = self.solve(suit.index(), subset, leader);
        let (rounds, low) = ((entry & 15) as u32, (entry >> 4) as u8 & 15);
        let relied = if low == NO_RANK {
            Cards::EMPTY
        } else {
            Cards::from_suit_bits(suit, (subset & !((1u16 << low) - 1)) << 2)
        };
        (rounds, relied)
    }

    fn solve(&mut self, suit: usize, subset: u16, lead: Seat) -> u16 {
        let idx = ((suit * 4 + lead.index()) << 13) | subset as usize;
        if self.memo[idx] != UNKNOWN {
            return self.memo[idx];
        }
        let hand = |s: &SuitCash, seat: Seat| s.bits[suit][seat.index()] & subset;
        let (mine, partner) = (hand(self, lead), hand(self, lead.partner()));
        let (lho, rho) = (hand(self, lead.next()), hand(self, lead.prev()));
        let opps = lho | rho;
        // An opponent still holding cards keeps its top one: the side must beat both tops.
        let opp_top = top_bit(lho).max(top_bit(rho));
        let mut best = pack(0, NO_RANK);
        // A void partner discards: the sentinel bit 15 stands for no card of the suit.
        let ys = if partner == 0 { 1u16 << 15 } else { representatives(partner, subset) };
        let mut xs = representatives(mine, subset);
        while xs != 0 {
            let x = xs.trailing_zeros();
            xs &= xs - 1;
            let mut ys_left = ys;
            while ys_left != 0 {
                let y_bit = ys_left & ys_left.wrapping_neg();
                ys_left &= ys_left - 1;
                let y = if y_bit == 1 << 15 { 0 } else { y_bit };
                let win = (1u16 << x).max(y);
                if opps != 0 && win.trailing_zeros() as i32 <= opp_top {
                    continue;
                }
                let next_lead = if y > 1u16 << x { lead.partner() } else { lead };
                let played = 1u16 << x | y | lowest(lho) | lowest(rho);
                let by_rank = y != 0 || opps != 0;
                let child = self.solve(suit, subset & !played, next_lead);
                let rounds = (child & 15) + 1;
                let child_low = (child >> 4) as u8 & 15;
                let low = if by_rank { child_low.min(win.trailing_zeros() as u8) } else { child_low };
                let candidate = pack(rounds as u8, low);
                // More rounds first, then fewer cards relied on.
                if rounds > (best & 15) || (rounds == best & 15 && low > (best >> 4) as u8 & 15) {
                    best = candidate;
                }
            }
        }
        self.memo[idx] = best;
        best
    }
}

fn pack(rounds: u8, low: u8) -> u16 {
    rounds as u16 | (low as u16) << 4
}

/// The highest set bit's index, -1 for none.
fn top_bit(bits: u16) -> i32 {
    15 - bits.leading_zeros() as i32
}

fn lowest(bits: u16) -> u16 {
    bits & bits.wrapping_neg()
}

/// The lowest card of each run of `hand`'s cards that touch among `subset` (equivalent
/// cards), as a bit set.
fn representatives(hand: u16, subset: u16) -> u16 {
    let mut reps = 0u16;
    let mut left = hand;
    while left != 0 {
        let low = left.trailing_zeros();
        reps |= 1 << low;
        // The run goes on while the next card in play above is also the hand's.
        let mut cur = low;
        loop {
            let above = subset & !((2u16 << cur) - 1);
            if above == 0 || hand & (above & above.wrapping_neg()) == 0 {
                break;
            }
            cur = above.trailing_zeros();
        }
        left &= !((2u16 << cur) - 1);
    }
    reps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::parse_hand;

    fn cash(h: [&str; 4], suit: Suit) -> (u32, Cards) {
        let hands = h.map(|s| parse_hand(s).unwrap());
        let mut sc = SuitCash::new();
        sc.prepare(&hands);
        sc.rounds(hands[0] | hands[1] | hands[2] | hands[3], suit, Seat::North)
    }

    fn diamonds(ranks: &[u8]) -> Cards {
        ranks.iter().fold(Cards::EMPTY, |c, &r| c.with(crate::Card::new(Suit::Diamonds, r)))
    }

    #[test]
    fn both_hands_unblock_a_long_suit() {
        // AQT863 opposite KJ52 with 7 and 94 out: ace, queen, low to the king, jack
        // overtaken by the ten, then the long cards.
        let (rounds, relied) = cash(["..AQT863.", "..7.", "..KJ52.", "..94."], Suit::Diamonds);
        assert_eq!(rounds, 6);
        // West's 9 goes in the second round; the third round's winner beat partner's card.
        assert!(relied.contains(crate::Card::new(Suit::Diamonds, 14)));
        assert!(!relied.contains(crate::Card::new(Suit::Diamonds, 3)));
    }

    #[test]
    fn a_singleton_ace_blocks_partners_suit() {
        assert_eq!(cash(["..A.", "..T9.", "..KQJ2.", "..876."], Suit::Diamonds).0, 1);
        // With a small card of its own the leader can reach partner's winners.
        assert_eq!(cash(["..A3.", "..T9.", "..KQJ2.", "..876."], Suit::Diamonds).0, 4);
    }

    #[test]
    fn an_opponents_guarded_top_card_stops_the_run() {
        assert_eq!(cash(["..KQ2.", "..A54.", "..J3.", "..76."], Suit::Diamonds), (0, Cards::EMPTY));
        // Only the ace's rank matters: it beats a small card, then nobody else follows.
        assert_eq!(cash(["..A32.", "..4.", "...", "..."], Suit::Diamonds), (3, diamonds(&[14])));
    }
}
