//! Move generation in groups of equivalent cards, and the rule-based order to try them.
//!
//! Two cards of one hand are equivalent when no card still in play (in a hand or on the
//! table in the current trick) lies between them: only one of each group is searched.

use crate::trick::{beats, Trick};
use crate::{Card, Cards, Seat, Suit};

/// Cards to try, best first.
pub(crate) struct MoveList {
    cards: [Card; 13],
    len: u8,
}

/// Builds a [`MoveList`] in place by insertion, keeping it sorted by weight, best first;
/// ties keep the order of insertion. (In place: a list built card by card and then copied
/// whole is read back before its bytes reach the cache, a stall on every node.)
struct Sorter<'a> {
    list: &'a mut MoveList,
    weights: [i32; 13],
}

impl Sorter<'_> {
    fn push(&mut self, card: Card, weight: i32) {
        let cards = &mut self.list.cards;
        let mut i = self.list.len as usize;
        while i > 0 && self.weights[i - 1] < weight {
            cards[i] = cards[i - 1];
            self.weights[i] = self.weights[i - 1];
            i -= 1;
        }
        cards[i] = card;
        self.weights[i] = weight;
        self.list.len += 1;
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList { cards: [Card::new(Suit::Spades, 2); 13], len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// The groups of equivalent cards among `legal`, given the cards already on the table.
/// Suit by suit off the search's path; [`generate`]'s loop over the lanes is tested against it.
pub(crate) fn groups(hands: &[Cards; 4], legal: Cards, table: &[Card]) -> Vec<Cards> {
    let present = hands[0] | hands[1] | hands[2] | hands[3] | table.iter().copied().collect();
    let mut out = Vec::new();
    for suit in Suit::ALL {
        let mut mine = legal.suit_bits(suit) as u32;
        let others = (present.suit_bits(suit) as u32) & !mine;
        while mine != 0 {
            let group = top_group(mine, others);
            mine &= !group;
            out.push(Cards::from_suit_bits(suit, group as u16));
        }
    }
    out
}

/// The highest run of `mine` with none of `others` inside it.
fn top_group(mine: u32, others: u32) -> u32 {
    let top = 31 - mine.leading_zeros();
    let below = others & ((1 << top) - 1);
    let floor = if below == 0 { 0 } else { 32 - below.leading_zeros() };
    mine & !((1u32 << floor) - 1)
}

/// Fills `list` with the representative (lowest card) of each group of equivalent legal
/// cards, best first.
/// The group of `first()`, if legal, goes ahead of all others. It is asked for only when
/// there is a choice: many followers have a single group, and a hint costs a hash and a
/// load that often misses the cache.
/// `present`: the cards in the hands and on the table.
pub(crate) fn generate(
    hands: &[Cards; 4],
    present: Cards,
    trick: &Trick,
    trump: Option<Suit>,
    order: bool,
    first: impl FnOnce() -> Option<Card>,
    list: &mut MoveList,
) {
    let mover = trick.to_move();
    let hand = hands[mover.index()];
    let legal = match trick.len {
        0 => hand,
        _ => {
            let led = trick.cards[0].suit();
            if hand.suit_len(led) > 0 {
                hand.in_suit(led)
            } else {
                hand
            }
        }
    };
    // The groups suit by suit, each suit's from the top, in one loop over the four lanes:
    // a loop per suit mispredicts its exit at every suit. A group ends at another hand's
    // card, and within its lane.
    let mut groups = [(Card::new(Suit::Spades, 2), Card::new(Suit::Spades, 2)); 13];
    let mut count = 0;
    let mut mine = legal.0;
    let others = (present - hand).0;
    while mine != 0 {
        let lane = 0xffffu64 << (mine.trailing_zeros() & !15);
        let top = 63 - (mine & lane).leading_zeros();
        let floor = 64 - (others & ((1u64 << top) - 1)).leading_zeros();
        let group = mine & lane & !((1u64 << floor) - 1);
        mine &= !group;
        groups[count] = (Card::from_bit(group.trailing_zeros()), Card::from_bit(63 - group.leading_zeros()));
        count += 1;
    }
    // A forced play needs no rules: many followers have a single group.
    if count == 1 {
        list.cards[0] = groups[0].0;
        list.len = 1;
        return;
    }
    list.len = 0;
    let groups = &groups[..count];
    let first = first();
    // One loop per kind of rules: with the rules in an enum, LLVM hoisted a load of the
    // lead's hands above the loop for followers too, over the follower's fields just written
    // byte by byte, and the load stalled until those stores were done.
    if !order {
        push_groups(list, groups, first, |_, _| 0);
    } else if trick.len == 0 {
        let lead = Lead::new(hands, trick, trump);
        push_groups(list, groups, first, |low, high| lead.weight(low, high));
    } else {
        let follow = Follow::new(hands, trick, trump);
        push_groups(list, groups, first, |low, high| follow.weight(low, high));
    }
}

/// Puts each group's lowest card in `list` by the weight of the group, `first`'s group ahead
/// of all.
#[inline(always)]
fn push_groups(list: &mut MoveList, groups: &[(Card, Card)], first: Option<Card>, weight: impl Fn(Card, Card) -> i32) {
    let mut list = Sorter { list, weights: [0; 13] };
    for &(low, high) in groups {
        let mut weight = weight(low, high);
        // No other card in play lies between the ends of a group.
        let in_group = |f: Card| f.suit() == low.suit() && (low.rank()..=high.rank()).contains(&f.rank());
        if first.is_some_and(in_group) {
            weight += 10_000;
        }
        list.push(low, weight);
    }
}

/// Lead weights for side suits: per card partner holds, for a singleton with trumps left,
/// and (trump contracts) per card our side holds beyond the opponents.
const PARTNER_LENGTH: i32 = 3;
const SINGLETON: i32 = 15;
const SIDE_LENGTH: i32 = 3;
/// For a lead through the next hand's honour to partner's tenace, and against one from our
/// own tenace into the previous hand's honour (trump contracts).
const FINESSE: i32 = 30;
const TENACE: i32 = 30;
/// For a discard of a suit's lowest card: where its rank is not needed, its failure covers
/// the suit's other low cards. Kept small, below the ruffs that win.
const BOTTOM_DISCARD: i32 = 20;

/// What the rules for a lead look at, computed once per node.
struct Lead {
    hands: [Cards; 4],
    trump: Option<Suit>,
    mover: Seat,
}

/// Does `bits` hold `card` (a one-bit mask; 0 for a card past the suit's end)?
fn holds(bits: u16, card: u16) -> bool {
    bits & card != 0
}

fn top_rank(cards: Cards, suit: Suit) -> u8 {
    cards.in_suit(suit).highest().map_or(0, |c| c.rank())
}

impl Lead {
    fn new(hands: &[Cards; 4], trick: &Trick, trump: Option<Suit>) -> Lead {
        Lead { hands: *hands, trump, mover: trick.to_move() }
    }

    fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    fn can_ruff(&self, seat: Seat, suit: Suit) -> bool {
        match self.trump {
            Some(t) if t != suit => {
                let h = self.hand(seat);
                h.suit_len(suit) == 0 && h.suit_len(t) > 0
            }
            _ => false,
        }
    }

    /// A lead through the next hand's honour towards partner's tenace over it.
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn finesse(&self, suit: Suit) -> bool {
        let me = self.mover;
        let (lho, partner) = (self.hand(me.next()).suit_bits(suit), self.hand(me.partner()).suit_bits(suit));
        if lho.count_ones() < 2 || partner.count_ones() < 2 {
            return false;
        }
        let ours = self.hand(me).suit_bits(suit) | partner;
        let [a, k, q, j, t] = self.top_five(suit);
        let has = holds;
        // (Partner's ace over the king is a winner, weighted before this rule.)
        (has(partner, k) && has(lho, a))
            || (has(partner, k) && has(lho, q) && (has(partner, j) || (has(ours, j) && has(ours, t))))
    }

    /// The five highest cards of `suit` in play, as bits (0 past the suit's end).
    fn top_five(&self, suit: Suit) -> [u16; 5] {
        let mut rest = (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]).suit_bits(suit);
        let mut top = [0u16; 5];
        for t in &mut top {
            if rest != 0 {
                *t = 1 << (15 - rest.leading_zeros());
                rest &= !*t;
            }
        }
        top
    }

    /// A lead from a tenace over the previous hand's honour (trump contracts: it gives a
    /// free finesse).
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn gives_finesse(&self, suit: Suit) -> bool {
        let me = self.mover;
        let (mine, rho) = (self.hand(me).suit_bits(suit), self.hand(me.prev()).suit_bits(suit));
        if mine.count_ones() < 2 || rho.count_ones() < 2 {
            return false;
        }
        let ours = mine | self.hand(me.partner()).suit_bits(suit);
        let [a, k, q, _, _] = self.top_five(suit);
        let has = holds;
        (has(mine, a) && has(rho, k)) || (has(mine, k) && has(rho, a) && !has(ours, q))
    }

    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn weight(&self, low: Card, high: Card) -> i32 {
        let suit = low.suit();
        let me = self.mover;
        let (lho, partner, rho) = (me.next(), me.partner(), me.prev());
        let opps = self.hand(lho) | self.hand(rho);
        let opp_top = top_rank(opps, suit);
        let partner_top = top_rank(self.hand(partner), suit);
        let ruff_danger = self.can_ruff(lho, suit) || self.can_ruff(rho, suit);
        let is_trump = Some(suit) == self.trump;
        let mut w = 0;
        if high.rank() > opp_top {
            // A winner: cash it unless the opponents can ruff it. Cashing too soon sets up
            // their cards and spends entries, so it ranks only just above a low lead.
            w += if ruff_danger { -60 } else { 25 };
            if opps.suit_len(suit) == 0 && !is_trump {
                w -= 30;
            }
        } else if partner_top > opp_top {
            w += if ruff_danger { -60 } else { 45 };
        } else if self.can_ruff(partner, suit) && !ruff_danger {
            w += 40;
        } else {
            // Lead towards partner's honours rather than away from our own.
            let lho_top = top_rank(self.hand(lho), suit);
            if partner_top > lho_top {
                w += 10;
            }
            if lho_top > partner_top && lho_top > high.rank() {
                w += 4;
            }
            if self.finesse(suit) {
                w += FINESSE;
            }
            if ruff_danger {
                w -= 60;
            }
        }
        let length = |seat: Seat| self.hand(seat).suit_len(suit) as i32;
        if is_trump {
            let ours = self.hand(me).suit_len(suit) + self.hand(partner).suit_len(suit);
            let theirs = opps.suit_len(suit);
            w += if ours > theirs && high.rank() > opp_top { 0 } else { -20 };
        } else {
            // Lengths, weighed by counting nodes: leads into partner's length, and into
            // a suit the last hand holds fewer of than the second, decide sooner; in a trump
            // contract so do a singleton (for a ruff) and a suit the opponents hold more of.
            w += PARTNER_LENGTH * length(partner) + length(lho) - length(rho);
            if let Some(t) = self.trump {
                if self.gives_finesse(suit) {
                    w -= TENACE;
                }
                if length(me) == 1 && self.hand(me).suit_len(t) > 0 {
                    w += SINGLETON;
                }
                w -= SIDE_LENGTH * (length(me) + length(partner) - length(lho) - length(rho));
            }
        }
        w - low.rank() as i32
    }
}

/// What the rules for the second, third and fourth hand look at, computed once per node.
struct Follow {
    led: Suit,
    trump: Option<Suit>,
    winning: Card,
    /// My partner takes the trick: it wins so far and the opponent still to play cannot
    /// beat it (or can, but no better than my top card could), or (second hand) it plays
    /// last and holds the top card of the led suit.
    partner_holds: bool,
    /// Second hand: partner, last to play, holds a card above the winning one, and the third
    /// hand cannot beat it or can only with a card that beats my top card too: I play low.
    ducks: bool,
    last: bool,
    /// The top card the opponent still to play holds in the led suit, if they can follow.
    opp_led_top: Option<u8>,
    /// Their top trump if they cannot follow (0 for none).
    opp_trump_top: u8,
    hand: Cards,
}

impl Follow {
    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn new(hands: &[Cards; 4], trick: &Trick, trump: Option<Suit>) -> Follow {
        let me = trick.to_move();
        let led = trick.cards[0].suit();
        let last = trick.len == 3;
        // Only one opponent plays after me: the next hand, unless I am last.
        let opp = if last { Cards::EMPTY } else { hands[me.next().index()] };
        let opp_led_top = (opp.suit_len(led) > 0).then(|| top_rank(opp, led));
        let opp_trump_top = match trump {
            Some(t) if opp_led_top.is_none() => top_rank(opp, t),
            _ => 0,
        };
        let mut follow = Follow {
            led,
            trump,
            winning: trick.winning(),
            partner_holds: false,
            ducks: false,
            last,
            opp_led_top,
            opp_trump_top,
            hand: hands[me.index()],
        };
        let my_top = top_rank(follow.hand, led);
        // Does the opponent hold a card of the led suit between ranks `low` and `high`?
        let opp_between = |low: u8, high: u8| opp.suit_bits(led) & ((1u16 << high) - (2u16 << low)) != 0;
        let winning = follow.winning;
        if trick.len == 1 {
            let partner_top = top_rank(hands[me.partner().index()], led);
            let (low, high) = (partner_top.min(my_top), partner_top.max(my_top));
            let above_partner = opp_led_top.is_some_and(|t| t > partner_top);
            // The third hand's winner over partner's card would beat mine as well (only
            // asked when partner holds a card, so that `low < high`).
            let beats_both_alike = || opp_led_top.is_some_and(|t| t > high) && !opp_between(low, high);
            let third_cannot_ruff = opp_led_top.is_some() || opp_trump_top == 0;
            let partner_above = partner_top > winning.rank();
            follow.partner_holds = partner_above && !above_partner && third_cannot_ruff;
            follow.ducks = partner_above && (!above_partner || beats_both_alike());
        } else {
            let partner_wins = trick.leader.offset(trick.winner()) == me.partner();
            // My top card would force the last opponent's winner no better than partner's.
            let forces_alike = winning.suit() == led && my_top > winning.rank() && !opp_between(winning.rank(), my_top);
            follow.partner_holds = partner_wins && (!follow.later_beat(winning) || forces_alike);
        }
        follow
    }

    /// Can the opponent still to play after me beat `card`?
    fn later_beat(&self, card: Card) -> bool {
        match self.opp_led_top {
            Some(top) => card.suit() == self.led && top > card.rank(),
            None => self.opp_trump_top > 0 && (Some(card.suit()) != self.trump || self.opp_trump_top > card.rank()),
        }
    }

    fn beats_winner(&self, card: Card) -> bool {
        beats(card, self.winning, self.trump)
    }

    // Inlined in both instances of the search, as in one (see `crate::observer`).
    #[inline(always)]
    fn weight(&self, low: Card, high: Card) -> i32 {
        let rank = low.rank() as i32;
        if low.suit() == self.led {
            if self.partner_holds {
                return -rank;
            }
            if self.beats_winner(high) {
                if self.last || !self.later_beat(high) {
                    // Win as cheaply as possible: the lowest card of the group does it.
                    return 100 - rank;
                }
                // Make the next hand spend its winner, the highest card first (where no
                // two cards touch, a low winner lets the last hand win cheaply with the
                // card just above), unless partner may win the trick later.
                return if self.ducks { -5 - rank } else { 40 + high.rank() as i32 };
            }
            return -rank;
        }
        // Void in the led suit: ruff or discard.
        if Some(low.suit()) == self.trump {
            if self.partner_holds {
                return -60 - rank;
            }
            if self.beats_winner(low) {
                // Overruff danger: ruff high first.
                return if self.later_beat(low) { 30 + rank } else { 80 - rank };
            }
            return -70 - rank;
        }
        // Discard: a suit's lowest card first (when its rank is not needed, the failure
        // covers the suit's other low cards), then from a long suit.
        let suit = self.hand.in_suit(low.suit());
        let bottom = if suit.lowest() == Some(low) { BOTTOM_DISCARD } else { 0 };
        bottom - rank + suit.len() as i32 * 3
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::parse_hand;

    /// The order a follower tries its cards in notrump, after `played` (West led first).
    fn order(hands: [&str; 4], played: &[&str]) -> Vec<Card> {
        let hands = hands.map(|h| parse_hand(h).unwrap());
        let mut trick = Trick::new(Seat::West, None);
        for card in played {
            trick = trick.with(Card::parse(card).unwrap());
        }
        let present = hands[0] | hands[1] | hands[2] | hands[3] | trick.played();
        let mut list = MoveList::new();
        generate(&hands, present, &trick, None, true, || None, &mut list);
        list.as_slice().to_vec()
    }

    fn cards(list: &[&str]) -> Vec<Card> {
        list.iter().map(|c| Card::parse(c).unwrap()).collect()
    }

    #[test]
    fn a_nodes_groups_come_suit_by_suit_each_from_the_top() {
        // Random positions part way through a deal, a lead or a follower to move: without
        // the rules, the list holds each group's lowest card in the order `groups` finds them.
        let mut rng = crate::rng::Rng::new(29);
        for _ in 0..2_000 {
            let mut deck: Vec<Card> = Cards::FULL.iter().collect();
            rng.shuffle(&mut deck);
            let mut hands = [Cards::EMPTY; 4];
            let left = 1 + rng.below(13) as usize;
            for (i, &card) in deck.iter().enumerate().filter(|&(i, _)| i % 13 < left) {
                hands[i / 13] |= Cards::EMPTY.with(card);
            }
            let leader = Seat::from_index(rng.below(4) as usize);
            let mut trick = Trick::new(leader, None);
            for _ in 0..rng.below(4) {
                let seat = trick.to_move().index();
                let led = (trick.len > 0).then(|| trick.cards[0].suit());
                let follow = led.filter(|&s| hands[seat].suit_len(s) > 0);
                let playable = follow.map_or(hands[seat], |s| hands[seat].in_suit(s));
                let card = playable.iter().nth(rng.below(playable.len() as u64) as usize).unwrap();
                hands[seat].remove(card);
                trick = trick.with(card);
            }
            let hand = hands[trick.to_move().index()];
            let led = (trick.len > 0).then(|| trick.cards[0].suit());
            let legal = led.filter(|&s| hand.suit_len(s) > 0).map_or(hand, |s| hand.in_suit(s));
            let table = &trick.cards[..trick.len];
            let present = hands[0] | hands[1] | hands[2] | hands[3] | trick.played();
            let mut list = MoveList::new();
            generate(&hands, present, &trick, None, false, || None, &mut list);
            let expected: Vec<Card> = groups(&hands, legal, table).iter().map(|g| g.lowest().unwrap()).collect();
            assert_eq!(list.as_slice(), expected, "{hands:?} {trick:?}");
        }
    }

    #[test]
    fn the_third_hand_plays_high_when_the_fourth_can_beat_both_its_winners() {
        // North's 3 wins so far; South's ace beats East's queen and its ten the nine.
        let hands = ["-.AKQ.AK.AK", "Q9.J.Q.Q", "AT.T.J.J", "-.9.T.T"];
        assert_eq!(order(hands, &["S2", "S3"]), cards(&["SQ", "S9"]));
    }

    #[test]
    fn the_second_hand_plays_low_only_when_partner_can_win_the_trick() {
        // South's ace takes the trick over East's queen: North keeps its king.
        let hands = ["K5.AKQ.AK.AK", "Q.J.Q.Q", "A.T.J.J", "-.9.T.T"];
        assert_eq!(order(hands, &["S2"]), cards(&["S5", "SK"]));
        // East's ace beats South's jack, and its queen lies between the jack and the king:
        // the king first makes East spend the ace.
        let hands = ["K5.AKQ.AK.AK", "AQ.J.Q.Q", "J.T.J.J", "-.9.T.T"];
        assert_eq!(order(hands, &["S2"]), cards(&["SK", "S5"]));
    }
}
