//! Tricks a side is sure to take, found without search.
//!
//! Each count comes with the cards it relied on, the top cards of the suits it counted, so
//! that partition search can back them up as active.

use crate::{Cards, Seat, Suit};

/// Tricks the side of `seat` is sure to take: quick tricks when `leader` is on its side,
/// sure trump tricks either way. Every such trick is won by one of the side's top cards,
/// and most positions have too few of them: counting those first spares the rest.
pub(crate) fn sure_tricks(
    hands: &[Cards; 4],
    present: Cards,
    seat: Seat,
    leader: Seat,
    trump: Option<Suit>,
    need: u32,
) -> Option<Cards> {
    if seat.is_ns() == leader.is_ns() {
        // Quick tricks cash one hand's top run in each suit: the longer total bounds them.
        let run = |hand: Seat| {
            let cards = hands[hand.index()];
            cards.above(present - cards).len()
        };
        if run(leader).max(run(leader.partner())) >= need {
            if let Some(cards) = quick_tricks(hands, present, leader, trump, need) {
                return Some(cards);
            }
        }
    }
    // Sure trump tricks come from the side's trumps above all of the opponents'.
    let t = trump?;
    let side = (hands[seat.index()] | hands[seat.partner().index()]).suit_bits(t);
    let theirs = present.suit_bits(t) & !side;
    let top_trumps = (side as u32 >> (16 - theirs.leading_zeros())).count_ones();
    if top_trumps < need {
        return None;
    }
    sure_trump_tricks(hands, present, seat, trump, need)
}

/// If the side on lead can cash `need` tricks at once, the cards that proof relies on.
/// Winners are cashed while both opponents follow (or cannot ruff), side suits first and
/// trumps last so that no opponent discards while side-suit winners go: from the leader's
/// hand, or after leading low to partner's winner in one suit, from partner's. Only the
/// fewest top cards that reach `need` are claimed, so that the proof holds for as many
/// positions as possible.
pub(crate) fn quick_tricks(
    hands: &[Cards; 4],
    present: Cards,
    leader: Seat,
    trump: Option<Suit>,
    need: u32,
) -> Option<Cards> {
    let partner = leader.partner();
    let mine = safe_rounds(hands, present, leader, trump);
    if let Some(cards) = claim(&mine, need, present, trump, side_cap(hands[partner.index()], trump, 0)) {
        return Some(cards);
    }
    let theirs = safe_rounds(hands, present, partner, trump);
    for entry in Suit::ALL {
        if theirs[entry.index()] == 0 || hands[leader.index()].suit_len(entry) == 0 {
            continue;
        }
        // The entry suit goes first: its rounds are claimed before the others. In a side
        // suit the leader spends a side card in each of them.
        let first = theirs[entry.index()].min(need);
        let mut rest = theirs;
        rest[entry.index()] = 0;
        let spent = if Some(entry) != trump { first } else { 0 };
        let cap = side_cap(hands[leader.index()], trump, spent);
        if let Some(cards) = claim(&rest, need - first, present, trump, cap) {
            return Some(cards | present.top(entry, first));
        }
    }
    None
}

/// Per suit, the rounds `hand` wins from the top while both opponents follow or cannot ruff.
fn safe_rounds(hands: &[Cards; 4], present: Cards, hand: Seat, trump: Option<Suit>) -> [u32; 4] {
    let mine = hands[hand.index()];
    let tops = mine.above(present - mine);
    std::array::from_fn(|s| {
        let suit = Suit::from_index(s);
        let mut r = tops.suit_len(suit);
        if let Some(t) = trump {
            if t != suit && r > 0 {
                for opp in [hand.next(), hand.prev()] {
                    let o = hands[opp.index()];
                    if o.suit_len(t) > 0 {
                        r = r.min(o.suit_len(suit));
                    }
                }
            }
        }
        r
    })
}

/// How many side-suit rounds the cashing hand's partner can play without having to ruff
/// (and take the lead): it plays one card a round, and is forced to ruff only when it has
/// no side card left. `spent` side cards are already used up.
fn side_cap(partner: Cards, trump: Option<Suit>, spent: u32) -> u32 {
    match trump {
        Some(t) if partner.suit_len(t) > 0 => (partner.len() - partner.suit_len(t)).saturating_sub(spent),
        _ => u32::MAX,
    }
}

/// The top cards of the fewest suits whose `rounds` add up to `need`, with at most `cap`
/// rounds in side suits; None if they cannot reach it.
fn claim(rounds: &[u32; 4], need: u32, present: Cards, trump: Option<Suit>, cap: u32) -> Option<Cards> {
    // Most claims fail: count before choosing the cards.
    let trump_rounds = trump.map_or(0, |t| rounds[t.index()]);
    let side_rounds = rounds.iter().sum::<u32>() - trump_rounds;
    if trump_rounds + side_rounds.min(cap) < need {
        return None;
    }
    let mut order = Suit::ALL;
    order.sort_by_key(|s| std::cmp::Reverse(rounds[s.index()]));
    let (mut left, mut cap) = (need, cap);
    let mut used = Cards::EMPTY;
    for suit in order {
        if left == 0 {
            break;
        }
        let side = Some(suit) != trump;
        let take = rounds[suit.index()].min(left).min(if side { cap } else { u32::MAX });
        if take > 0 {
            used |= present.top(suit, take);
            left -= take;
            if side {
                cap -= take;
            }
        }
    }
    (left == 0).then_some(used)
}

/// In a trump contract, if `side` must win `need` tricks with its top trumps whoever leads,
/// the trumps that relies on: each top trump wins the trick it falls in, and one hand's
/// cards fall in different tricks.
pub(crate) fn sure_trump_tricks(
    hands: &[Cards; 4],
    present: Cards,
    side: Seat,
    trump: Option<Suit>,
    need: u32,
) -> Option<Cards> {
    let t = trump?;
    let (a, b) = (hands[side.index()], hands[side.partner().index()]);
    let top = (a | b).above(present - (a | b)).in_suit(t);
    let hand = if (a & top).len() >= (b & top).len() { a & top } else { b & top };
    if need == 0 || hand.len() < need {
        return None;
    }
    // The `need`-th highest of that hand's top trumps, and every trump above it.
    let lowest_needed = hand.top(t, need).lowest()?;
    Some(Cards(top.0 & !((1u64 << lowest_needed.bit()) - 1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::parse_hand;

    fn hands(h: [&str; 4]) -> [Cards; 4] {
        h.map(|s| parse_hand(s).unwrap())
    }

    fn present(h: &[Cards; 4]) -> Cards {
        h[0] | h[1] | h[2] | h[3]
    }

    #[test]
    fn cashes_top_cards_while_opponents_follow() {
        // North AKQ of spades, East has two spades and trumps, West has three.
        let h = hands(["AKQ.2..", "32.3..", "4.4..5", "765...2"]);
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, None, 3).map(Cards::len), Some(3));
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, Some(Suit::Hearts), 3), None);
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, Some(Suit::Hearts), 2).map(Cards::len), Some(2));
        // One trick needs only the ace.
        assert_eq!(
            quick_tricks(&h, present(&h), Seat::North, None, 1),
            Some(Cards::EMPTY.with(crate::Card::new(Suit::Spades, 14)))
        );
    }

    #[test]
    fn top_trumps_win_whoever_leads() {
        let h = hands(["AK.2..", "Q2.3..", "3.4..5", "...234"]);
        assert_eq!(sure_trump_tricks(&h, present(&h), Seat::North, Some(Suit::Spades), 2).map(Cards::len), Some(2));
        assert_eq!(sure_trump_tricks(&h, present(&h), Seat::North, Some(Suit::Spades), 3), None);
        assert_eq!(sure_trump_tricks(&h, present(&h), Seat::East, Some(Suit::Spades), 1), None);
        assert_eq!(sure_trump_tricks(&h, present(&h), Seat::North, None, 1), None);
    }
}
