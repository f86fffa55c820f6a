//! Tricks a side is sure to take, found without search.
//!
//! Each count comes with the cards it relied on, the top cards of the suits it counted, so
//! that partition search can back them up as active.

use crate::{Cards, Seat, Suit};

/// The top `n` cards of `suit` among `present`.
pub(crate) fn top_cards(present: Cards, suit: Suit, n: u32) -> Cards {
    let mut bits = present.suit_bits(suit);
    let mut out = 0u16;
    for _ in 0..n {
        if bits == 0 {
            break;
        }
        let top = 1u16 << (15 - bits.leading_zeros());
        out |= top;
        bits &= !top;
    }
    Cards::from_suit_bits(suit, out)
}

/// How many of the highest cards of `suit` in play `hand` holds, counting from the ace down.
fn run_from_top(hand: Cards, present: Cards, suit: Suit) -> u32 {
    let mine = hand.suit_bits(suit);
    let all = present.suit_bits(suit);
    // Cards above the highest card held by someone else.
    let others = all & !mine;
    if others == 0 {
        return mine.count_ones();
    }
    let above = !((1u16 << (16 - others.leading_zeros())) - 1);
    (mine & above).count_ones()
}

/// Tricks the side on lead can cash at once from the leader's hand: its winners in each
/// suit, while both opponents follow (or cannot ruff), side suits first and trumps last so
/// that no opponent discards while side-suit winners are cashed.
pub(crate) fn quick_tricks(hands: &[Cards; 4], leader: Seat, trump: Option<Suit>) -> (u32, Cards) {
    let present = hands[0] | hands[1] | hands[2] | hands[3];
    let me = hands[leader.index()];
    let partner = hands[leader.partner().index()];
    let lho = hands[leader.next().index()];
    let rho = hands[leader.prev().index()];
    // A partner holding nothing but trumps must ruff our side-suit winners and take the lead.
    let partner_only_trumps = trump.is_some_and(|t| !partner.is_empty() && partner == partner.in_suit(t));
    let mut total = 0;
    let mut used = Cards::EMPTY;
    for suit in Suit::ALL {
        let mut rounds = run_from_top(me, present, suit);
        if rounds == 0 {
            continue;
        }
        if let Some(t) = trump {
            if t != suit {
                for opp in [lho, rho] {
                    if opp.suit_len(t) > 0 {
                        rounds = rounds.min(opp.suit_len(suit));
                    }
                }
                if partner_only_trumps {
                    rounds = rounds.min(partner.suit_len(suit));
                }
            }
        }
        if rounds > 0 {
            total += rounds;
            used |= top_cards(present, suit, rounds);
        }
    }
    (total.min(me.len()), used)
}

/// In a trump contract, the tricks `side` must win with its top trumps, whoever leads:
/// each top trump wins the trick it falls in, and one hand's cards fall in different tricks.
pub(crate) fn sure_trump_tricks(hands: &[Cards; 4], side: Seat, trump: Option<Suit>) -> (u32, Cards) {
    let Some(t) = trump else {
        return (0, Cards::EMPTY);
    };
    let present = hands[0] | hands[1] | hands[2] | hands[3];
    let a = hands[side.index()];
    let b = hands[side.partner().index()];
    let run = run_from_top(a | b, present, t);
    if run == 0 {
        return (0, Cards::EMPTY);
    }
    let top = top_cards(present, t, run);
    let count = (a & top).len().max((b & top).len());
    (count, top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::parse_hand;

    fn hands(h: [&str; 4]) -> [Cards; 4] {
        h.map(|s| parse_hand(s).unwrap())
    }

    #[test]
    fn cashes_top_cards_while_opponents_follow() {
        // North AKQ of spades, East has two spades and trumps, West has three.
        let h = hands(["AKQ.2..", "32.3..", "4.4..5", "765...2"]);
        assert_eq!(quick_tricks(&h, Seat::North, None).0, 3);
        assert_eq!(quick_tricks(&h, Seat::North, Some(Suit::Hearts)).0, 2);
        let (n, used) = quick_tricks(&h, Seat::North, Some(Suit::Hearts));
        assert_eq!(n, 2);
        assert_eq!(used.len(), 2);
    }

    #[test]
    fn top_trumps_win_whoever_leads() {
        let h = hands(["AK.2..", "Q2.3..", "3.4..5", "...234"]);
        assert_eq!(sure_trump_tricks(&h, Seat::North, Some(Suit::Spades)).0, 2);
        assert_eq!(sure_trump_tricks(&h, Seat::East, Some(Suit::Spades)).0, 0);
        assert_eq!(sure_trump_tricks(&h, Seat::North, None).0, 0);
    }
}
