//! Tricks a side is sure to take, found without search.
//!
//! Each count comes with the cards it relied on, the top cards of the suits it counted down
//! to the last that won by rank, so that partition search can back them up as active.

use crate::suit_cash::SuitCash;
use crate::{Cards, Seat, Suit};

/// Tricks the side of `seat` is sure to take: quick tricks when `leader` is on its side,
/// sure trump tricks either way. `(hands, lengths, present)`: the hands, their 16 suit
/// lengths as the TT key keeps them, and all their cards. Quick tricks here come from suits
/// that one hand heads ([`cash_then_run`] adds a suit run by both hands), a single trick
/// from a ruff in partner's void, and sure trump tricks from the side's top trumps; most
/// positions have too few of either, and counting those first spares the rest.
pub(crate) fn sure_tricks(
    (hands, lengths, present): (&[Cards; 4], u64, Cards),
    seat: Seat,
    leader: Seat,
    trump: Option<Suit>,
    need: u32,
) -> Option<Cards> {
    if seat.is_ns() == leader.is_ns() {
        // Quick tricks cash one hand's rounds (after an entry, partner's), all in suits that
        // hand heads: most positions have too few such cards to be worth counting.
        let headed = |hand: Seat| {
            let cards = hands[hand.index()];
            (cards & cards.above(present - cards).filled_down()).len()
        };
        let (mine, partners) = (headed(leader), headed(leader.partner()));
        // In notrump the two hands' winners may add up, the leader's cashed first.
        let cross = trump.is_none() && mine > 0 && mine + partners >= need;
        let cashers = (mine >= need, partners >= need, cross);
        if cashers != (false, false, false) {
            if let Some(cards) = cash(hands, lengths, present, leader, trump, need, cashers) {
                return Some(cards);
            }
        }
    }
    let t = trump?;
    if need == 1 && seat.is_ns() == leader.is_ns() {
        if let Some(cards) = ruff_in_partner(hands, present, leader, t) {
            return Some(cards);
        }
    }
    // Sure trump tricks come from the side's trumps above all of the opponents'.
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
/// hand, or after leading low to partner's winner in one suit, from partner's. Once a top run
/// has outlasted every other hand's cards of its suit, the rest of the suit wins too. Only
/// the fewest rounds that reach `need` are claimed, and only the cards that won by rank are
/// relied on, so that the proof holds for as many positions as possible.
#[cfg(test)]
pub(crate) fn quick_tricks(
    hands: &[Cards; 4],
    present: Cards,
    leader: Seat,
    trump: Option<Suit>,
    need: u32,
) -> Option<Cards> {
    cash(hands, crate::search::lengths_key(hands), present, leader, trump, need, (true, true, trump.is_none()))
}

/// [`quick_tricks`] with the 16 suit lengths of `hands` as the TT key keeps them.
/// `cashers`: whether the leader and partner hold `need` cards in the suits they head (a
/// hand cashes no more rounds than that, so the other hand's claim alone is worth trying),
/// and whether to try the leader's rounds and then partner's (notrump, the two together).
fn cash(
    hands: &[Cards; 4],
    lengths: u64,
    present: Cards,
    leader: Seat,
    trump: Option<Suit>,
    need: u32,
    (leader_may, partner_may, cross): (bool, bool, bool),
) -> Option<Cards> {
    let partner = leader.partner();
    if leader_may {
        let mine = safe_rounds(hands, lengths, present, leader, trump);
        let cap = side_cap(hands[partner.index()], trump, 0);
        if let Some(cards) = claim(&mine, hands[leader.index()], need, present, trump, cap) {
            return Some(cards);
        }
    }
    if !partner_may && !cross {
        return None;
    }
    let theirs = safe_rounds(hands, lengths, present, partner, trump);
    let entries = if partner_may { Suit::ALL.as_slice() } else { &[] };
    for &entry in entries {
        let rounds = theirs[entry.index()];
        if rounds.total == 0 || hands[leader.index()].suit_len(entry) == 0 {
            continue;
        }
        // The entry suit goes first: its rounds are claimed before the others. In a side
        // suit the leader spends a side card in each of them.
        let first = rounds.total.min(need);
        let mut rest = theirs;
        rest[entry.index()] = Rounds::NONE;
        let spent = if Some(entry) != trump { first } else { 0 };
        let cap = side_cap(hands[leader.index()], trump, spent);
        if let Some(cards) = claim(&rest, hands[partner.index()], need - first, present, trump, cap) {
            return Some(cards | relied_on(hands[partner.index()], present, entry, rounds, first));
        }
    }
    if cross {
        return cash_then_cross(hands, lengths, present, leader, need, &theirs);
    }
    None
}

/// In notrump: the leader cashes its own winners, then crosses to partner's winner in a
/// suit where partner holds the top and the leader a card, and partner cashes the rest.
/// While the leader cashes, partner plays the cards that win nothing (a suit's lowest), and
/// then the winners of suits other than the entry: each of those costs at most one trick.
fn cash_then_cross(
    hands: &[Cards; 4],
    lengths: u64,
    present: Cards,
    leader: Seat,
    need: u32,
    theirs: &[Rounds; 4],
) -> Option<Cards> {
    let partner = leader.partner();
    let (me, them) = (hands[leader.index()], hands[partner.index()]);
    let mine = safe_rounds(hands, lengths, present, leader, None);
    let own: u32 = mine.iter().map(|r| r.total).sum();
    // Alone the leader's winners are none, or enough: the other claims decide.
    if own == 0 || own >= need {
        return None;
    }
    for entry in Suit::ALL {
        let rounds = theirs[entry.index()];
        if rounds.total == 0 || me.suit_len(entry) == 0 {
            continue;
        }
        // The leader cashes every suit it heads (none is the entry: partner heads that);
        // partner cashes the entry and the suits the leader does not cash.
        let mut rest = *theirs;
        let mut cashed = Cards::EMPTY;
        for s in Suit::ALL {
            if mine[s.index()].total > 0 {
                rest[s.index()] = Rounds::NONE;
                cashed |= relied_on(me, present, s, mine[s.index()], mine[s.index()].total);
            }
        }
        rest[entry.index()] = Rounds::NONE;
        let others: u32 = rest.iter().map(|r| r.total).sum();
        // Partner's cards that win nothing go first, the lowest of each suit.
        let forced = own.saturating_sub(them.len() - rounds.total - others);
        if forced > others || own + rounds.total + others < need + forced {
            continue;
        }
        let first = rounds.total.min(need + forced - own);
        let entry_cards = relied_on(them, present, entry, rounds, first);
        let left = need + forced - own - first;
        if left == 0 {
            return Some(cashed | entry_cards);
        }
        if let Some(cards) = claim(&rest, them, left, present, None, u32::MAX) {
            return Some(cashed | entry_cards | cards);
        }
    }
    None
}

/// The leader's own winners first, then one suit run by both hands, the lead passing between
/// them as they unblock: any suit in notrump, the trump suit in a trump contract (nobody can
/// ruff it). Partner discards while the leader cashes, never from the suit to run.
/// Dearer than the other quick tricks: the search asks only when the TT has no answer.
// Inlined in both instances of the search, as in one (see `crate::observer`).
#[inline(always)]
pub(crate) fn cash_then_run(
    (hands, lengths, present): (&[Cards; 4], u64, Cards),
    leader: Seat,
    trump: Option<Suit>,
    need: u32,
    suit_cash: &mut SuitCash,
) -> Option<Cards> {
    let (me, partner) = (hands[leader.index()], hands[leader.partner().index()]);
    // The side must hold each suit's top card; without partner's cards the leader's own
    // rounds already counted it.
    let side_tops = (me | partner).above(present - me - partner);
    let runnable = |suit: Suit| {
        trump.map_or(true, |t| t == suit)
            && me.suit_len(suit) > 0
            && partner.suit_len(suit) > 0
            && side_tops.suit_len(suit) > 0
    };
    if !Suit::ALL.into_iter().any(runnable) {
        return None;
    }
    let mine = &safe_rounds(hands, lengths, present, leader, trump);
    let own: u32 = mine.iter().map(|r| r.total).sum();
    for suit in Suit::ALL.into_iter().filter(|&s| runnable(s)) {
        let longer = me.suit_len(suit).max(partner.suit_len(suit));
        if longer + own - mine[suit.index()].total < need {
            continue;
        }
        let (rounds, relied) = suit_cash.rounds(present, suit, leader);
        if rounds == 0 {
            continue;
        }
        if rounds >= need {
            return Some(relied);
        }
        let mut others = *mine;
        others[suit.index()] = Rounds::NONE;
        let cap = partner.len() - partner.suit_len(suit);
        if let Some(cards) = claim(&others, me, need - rounds, present, trump, cap) {
            return Some(cards | relied);
        }
    }
    None
}

/// The rounds one hand cashes in a suit, and how many of the first of them are won by rank
/// (some other hand still follows suit); the rest are length winners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rounds {
    total: u32,
    by_rank: u32,
}

impl Rounds {
    const NONE: Rounds = Rounds { total: 0, by_rank: 0 };
}

/// Per suit, the rounds `hand` wins leading from the top while no other hand can beat its
/// card (each plays its lowest and keeps its top card to the last) and both opponents
/// follow or cannot ruff.
fn safe_rounds(hands: &[Cards; 4], lengths: u64, present: Cards, hand: Seat, trump: Option<Suit>) -> [Rounds; 4] {
    let mine = hands[hand.index()];
    let (lho, rho) = (hands[hand.next().index()], hands[hand.prev().index()]);
    let tops = mine.above(present - mine);
    let of = |seat: Seat| (lengths >> (16 * seat.index())) as u16;
    let [len, lho_len, partner_len, rho_len] = [hand, hand.next(), hand.partner(), hand.prev()].map(of);
    let run = tops.suit_lengths();
    // An opponent with trumps ruffs a side suit once void in it.
    let ruffs = trump.map(|t| (t.index(), lho.suit_len(t) > 0, rho.suit_len(t) > 0));
    let mut out = [Rounds::NONE; 4];
    for (s, rounds) in out.iter_mut().enumerate() {
        let field = |lengths: u16| (lengths >> (4 * s)) as u32 & 15;
        let run = field(run);
        if run == 0 {
            continue;
        }
        let (l, p, r) = (field(lho_len), field(partner_len), field(rho_len));
        let longest = l.max(p).max(r);
        // Once the top run has outlasted every other hand's cards, the rest win as well.
        let mut total = if run >= longest { field(len) } else { run };
        if let Some((t, lho_ruffs, rho_ruffs)) = ruffs {
            if t != s {
                if lho_ruffs {
                    total = total.min(l);
                }
                if rho_ruffs {
                    total = total.min(r);
                }
            }
        }
        *rounds = Rounds { total, by_rank: total.min(longest) };
    }
    out
}

/// The cards a claim of the first `take` rounds of `rounds` in `suit` relies on: every card
/// of the suit down to the last of `hand`'s cards that won by rank.
fn relied_on(hand: Cards, present: Cards, suit: Suit, rounds: Rounds, take: u32) -> Cards {
    let by_rank = take.min(rounds.by_rank);
    match hand.top(suit, by_rank).lowest() {
        Some(last) if by_rank > 0 => {
            let bits = present.suit_bits(suit) & !((1u16 << last.rank()) - 1);
            Cards::from_suit_bits(suit, bits)
        }
        _ => Cards::EMPTY,
    }
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

/// The cards relied on by the fewest suits whose `rounds` (cashed by `hand`) add up to
/// `need`, with at most `cap` rounds in side suits; None if they cannot reach it.
fn claim(rounds: &[Rounds; 4], hand: Cards, need: u32, present: Cards, trump: Option<Suit>, cap: u32) -> Option<Cards> {
    // Most claims fail: count before choosing the cards.
    let trump_rounds = trump.map_or(0, |t| rounds[t.index()].total);
    let side_rounds = rounds.iter().map(|r| r.total).sum::<u32>() - trump_rounds;
    if trump_rounds + side_rounds.min(cap) < need {
        return None;
    }
    let mut order = Suit::ALL;
    order.sort_by_key(|s| std::cmp::Reverse(rounds[s.index()].total));
    let (mut left, mut cap) = (need, cap);
    let mut used = Cards::EMPTY;
    for suit in order {
        if left == 0 {
            break;
        }
        let side = Some(suit) != trump;
        let r = rounds[suit.index()];
        let take = r.total.min(left).min(if side { cap } else { u32::MAX });
        if take > 0 {
            used |= relied_on(hand, present, suit, r, take);
            left -= take;
            if side {
                cap -= take;
            }
        }
    }
    (left == 0).then_some(used)
}

/// If every suit the leader can lead is headed by an opponent (and the leader's partner
/// cannot ruff it), the opponents win the trick: how many tricks they are sure of, and the
/// top cards of those suits. When one opponent holds all those tops and the leader's side
/// has no trump, that opponent wins the first trick and cashes the other tops: one trick
/// per suit.
// Inlined in both instances of the search, as in one (see `crate::observer`).
#[inline(always)]
pub(crate) fn tricks_lost(
    hands: &[Cards; 4],
    present: Cards,
    leader: Seat,
    trump: Option<Suit>,
) -> Option<(u32, Cards)> {
    let mine = hands[leader.index()];
    let partner = hands[leader.partner().index()];
    let ours = mine | partner;
    let mut relied = Cards::EMPTY;
    for suit in Suit::ALL {
        if mine.suit_len(suit) == 0 {
            continue;
        }
        let top = present.top(suit, 1);
        if !ours.is_disjoint(top) {
            return None;
        }
        let partner_ruffs = trump.is_some_and(|t| t != suit && partner.suit_len(suit) == 0 && partner.suit_len(t) > 0);
        if partner_ruffs {
            return None;
        }
        relied |= top;
    }
    let we_ruff = trump.is_some_and(|t| ours.suit_len(t) > 0);
    let one_holds_all =
        [leader.next(), leader.partner().next()].iter().any(|&s| relied - hands[s.index()] == Cards::EMPTY);
    let tricks = if one_holds_all && !we_ruff { relied.len() } else { 1 };
    Some((tricks, relied))
}

/// One trick for the side on lead in a trump contract: the leader leads a side suit that
/// partner, void in it, ruffs above every trump an opponent void in it could play. The
/// proof relies on the trumps down to partner's highest, or on no rank at all when both
/// opponents must follow (the TT key's suit lengths hold the voids).
fn ruff_in_partner(hands: &[Cards; 4], present: Cards, leader: Seat, trump: Suit) -> Option<Cards> {
    let partner = hands[leader.partner().index()];
    let partner_trumps = partner.suit_bits(trump);
    if partner_trumps == 0 {
        return None;
    }
    let mine = hands[leader.index()];
    let opponents = [hands[leader.next().index()], hands[leader.partner().next().index()]];
    let partner_top = 1u16 << (15 - partner_trumps.leading_zeros());
    let mut beats_ruffers = false;
    for suit in Suit::ALL {
        if suit == trump || mine.suit_len(suit) == 0 || partner.suit_len(suit) > 0 {
            continue;
        }
        let ruffers =
            opponents.iter().filter(|o| o.suit_len(suit) == 0).map(|o| o.suit_bits(trump)).fold(0, |a, b| a | b);
        if ruffers == 0 {
            return Some(Cards::EMPTY);
        }
        // As bit sets: below partner's top bit means every ruffer's trump ranks lower.
        beats_ruffers |= ruffers < partner_top;
    }
    beats_ruffers.then(|| Cards::from_suit_bits(trump, present.suit_bits(trump) & !(partner_top - 1)))
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
        let h = hands(["AKQ.3..", "32.4..", "4.2..5", "765...2"]);
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
    fn length_winners_follow_a_top_run_that_outlasts_the_suit() {
        // North AK32 of spades: East's two spades and South's one are gone after two rounds,
        // and only the ace and king won by rank.
        let h = hands(["AK32.2..", "QJ.3..2", "4.4..53", "..AKQ.4"]);
        let spades = |ranks: &[u8]| ranks.iter().fold(Cards::EMPTY, |c, &r| c.with(crate::Card::new(Suit::Spades, r)));
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, None, 4), Some(spades(&[14, 13])));
        // West, void in spades, ruffs.
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, Some(Suit::Diamonds), 1), None);
        // East's third spade outlasts the top run: the 3 and 2 win nothing.
        let h = hands(["AK32.3..", "QJ5.4..", "4.2..3", "..AK.4"]);
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, None, 3), None);
        assert_eq!(quick_tricks(&h, present(&h), Seat::North, None, 2), Some(spades(&[14, 13])));
    }

    #[test]
    fn the_leader_cashes_then_crosses_to_partner() {
        // South leads: the ace and king of diamonds, a club to North's ace, the last heart.
        // North discards the two of clubs on the diamonds, then a heart.
        let h = hands([".AK..A2", "5432...", "..AK.43", ".32.QJ."]);
        let p = present(&h);
        let cards = quick_tricks(&h, p, Seat::South, None, 4).expect("four tricks");
        let ace = |suit| crate::Card::new(suit, 14);
        for card in [ace(Suit::Diamonds), ace(Suit::Clubs), ace(Suit::Hearts)] {
            assert!(cards.contains(card), "{card:?}");
        }
        // Neither hand's winners alone, nor one trump too many.
        assert_eq!(quick_tricks(&h, p, Seat::South, Some(Suit::Spades), 4), None);
        let no_cross = |need| cash(&h, crate::search::lengths_key(&h), p, Seat::South, None, need, (true, true, false));
        assert_eq!(no_cross(4), None);
        assert!(no_cross(3).is_some());
    }

    #[test]
    fn partner_ruffs_the_lead_for_one_trick() {
        let heart = |rank| crate::Card::new(Suit::Hearts, rank);
        // Hearts trumps. North leads a spade to South's void; East and West must follow.
        let h = hands(["32.2..", "A4.3..", ".54.3.", "KQ.6.."]);
        let p = present(&h);
        assert_eq!(ruff_in_partner(&h, p, Seat::North, Suit::Hearts), Some(Cards::EMPTY));
        assert!(sure_tricks((&h, crate::search::lengths_key(&h), p), Seat::North, Seat::North, Some(Suit::Hearts), 1)
            .is_some());
        // No trick for the other side's lead, and none without trumps.
        assert_eq!(ruff_in_partner(&h, p, Seat::East, Suit::Hearts), None);
        assert_eq!(ruff_in_partner(&h, p, Seat::North, Suit::Clubs), None);
        // West, void in spades, overruffs South's 5 with the 6.
        let h = hands(["32.2..", "A4.3..", ".54.3.", ".6.AK."]);
        assert_eq!(ruff_in_partner(&h, present(&h), Seat::North, Suit::Hearts), None);
        // West's trump is the 3: South's 5 beats it, relying on the hearts down to the 5.
        let h = hands(["32.2..", "A4.6..", ".54.3.", ".3.AK."]);
        assert_eq!(
            ruff_in_partner(&h, present(&h), Seat::North, Suit::Hearts),
            Some(Cards::EMPTY.with(heart(6)).with(heart(5)))
        );
    }

    #[test]
    fn an_opponent_holding_every_top_the_leader_can_lead_to_takes_them_all() {
        let lost = |h: [&str; 4], trump| {
            let h = hands(h);
            tricks_lost(&h, present(&h), Seat::North, trump).map(|(n, cards)| (n, cards.len()))
        };
        // East holds the ace of both of North's suits: North's lead gives East the lead.
        assert_eq!(lost(["2.2..", "A.A..", "..32.", "3.3.."], None), Some((2, 2)));
        // The aces split between East and West: only the first trick is sure.
        assert_eq!(lost(["2.2..", "A.3..", "..32.", "3.A.."], None), Some((1, 2)));
        // With clubs trumps North can ruff East's second ace.
        assert_eq!(lost(["2.2..2", "A.A..3", "..765.", "3.3.4."], Some(Suit::Clubs)), Some((1, 3)));
        // South, void in spades, ruffs North's spade lead.
        assert_eq!(lost(["2.2..", "A.A..", "..3.2", "3.3.."], Some(Suit::Clubs)), None);
        // North-South hold the top heart: no trick is sure.
        assert_eq!(lost(["2.2..", "A.3..", ".A.2.", "3.4.."], None), None);
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
