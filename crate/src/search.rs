//! The null-window search: "can North-South take at least `target` of the tricks left?",
//! returning the answer with the active cards of its proof (partition search), and the
//! bound the proof reached (fail-soft): the TT keeps it, and a later probe with another
//! target is decided by it.

use crate::hints::{self, FollowHints};
use crate::lend::Lend;
use crate::moves::{self, MoveList};
use crate::observer::{CutRule, Observer};
use crate::quick_tricks::{cash_then_run, sure_tricks};
use crate::suit_cash::SuitCash;
use crate::trick::Trick;
use crate::tt::{Key, OwnerTable, Probe, Tt};
use crate::{Card, Cards, Seat, Stats, Suit};
use crate::{Config, TtMode};
use std::sync::atomic::{AtomicBool, Ordering};

/// How many trick starts pass between two looks at the stop flag and the lender.
const POLL_INTERVAL: u32 = 1 << 12;

/// `O` hears the search's steps: [`crate::observer::NoTrace`] but in a trace.
pub(crate) struct Search<'a, O: Observer> {
    /// The cards still in the hands (cards on the table in the current trick are not).
    pub hands: [Cards; 4],
    /// The TT key's suit lengths of `hands` (see [`lengths_key`]), kept up to date as cards
    /// are played: every trick start needs them.
    pub lengths: u64,
    pub trump: Option<Suit>,
    pub config: &'a Config,
    pub tt: &'a mut Tt,
    pub follow_hints: &'a mut FollowHints,
    pub owners: &'a OwnerTable,
    pub suit_cash: &'a mut SuitCash,
    pub stats: &'a mut Stats,
    pub stop: Option<&'a AtomicBool>,
    pub lender: Option<&'a dyn Lend>,
    pub stopped: bool,
    pub poll: u32,
    pub observer: O,
}

/// A search's answer. `bound` counts North-South's tricks among those left: at least `bound`
/// when they reach the target (`bound >= target`), at most `bound` when not (`bound < target`).
/// `rel` holds the cards whose ranks the proof needed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    pub reached: bool,
    pub bound: i32,
    pub rel: Cards,
}

impl Outcome {
    fn new(reached: bool, bound: i32, rel: Cards) -> Outcome {
        Outcome { reached, bound, rel }
    }
}

fn depth_index(tricks_left: u32) -> usize {
    13usize.saturating_sub(tricks_left as usize).min(12)
}

impl<O: Observer> Search<'_, O> {
    /// Runs the search from a trick in progress (possibly empty).
    pub fn run(&mut self, trick: &Trick, target: i32) -> Outcome {
        self.observer.enter(None, &self.hands, trick, target);
        let outcome =
            if trick.len == 0 { self.trick_start(trick.leader, target) } else { self.play_card(trick, target, None).0 };
        self.observer.leave(outcome.reached, outcome.bound, outcome.rel);
        outcome
    }

    fn present(&self) -> Cards {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// A node at the start of a trick: the only place for cut-offs and the TT.
    fn trick_start(&mut self, leader: Seat, target: i32) -> Outcome {
        let left = self.hands[leader.index()].len() as i32;
        // Step 1. The count alone decides.
        if target <= 0 {
            self.observer.cut(CutRule::Count, Cards::EMPTY);
            return Outcome::new(true, 0, Cards::EMPTY);
        }
        if target > left {
            self.observer.cut(CutRule::Count, Cards::EMPTY);
            return Outcome::new(false, left, Cards::EMPTY);
        }
        let depth = depth_index(left as u32);

        // Step 2. Honour a stop request now and then.
        self.poll += 1;
        if self.poll >= POLL_INTERVAL {
            self.poll = 0;
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.stopped = true;
            }
            if let Some(lender) = self.lender.filter(|l| l.wanted()) {
                lender.serve(self.tt, self.follow_hints);
            }
        }
        if self.stopped {
            return Outcome::new(false, 0, Cards::EMPTY);
        }

        // Step 3. The last trick plays itself.
        if left == 1 {
            return self.last_trick(leader);
        }

        // The TT's first access misses the cache, and so does the lead hint's (a table of up
        // to 256 KB): start both now, the quick tricks hide the wait.
        let present = self.present();
        let mode = self.config.tt_mode;
        let key = self.key(leader, present);
        if mode != TtMode::Off {
            self.tt.prefetch(&key);
        }
        let lead_hash = hints::lead(self.hands[leader.index()], leader, target as u32);
        let ordering = self.config.move_ordering;
        if ordering {
            self.follow_hints.prefetch_lead(lead_hash);
        }

        // Step 4. Quick tricks for the side on lead, sure trump tricks for either side.
        if self.config.quick_tricks {
            if let Some((reached, rel, rule)) = self.quick_cut(leader, target, left, present) {
                self.stats.per_trick[depth].quick_trick_cutoffs += 1;
                self.observer.cut(rule, rel);
                return Outcome::new(reached, target - !reached as i32, rel);
            }
        }

        // Step 5. Probe the transposition table.
        let owners = self.owners.vectors(present);
        if mode != TtMode::Off {
            let stats = &mut self.stats.per_trick[depth];
            stats.tt_probes += 1;
            let answer = self.tt.probe(&key, &owners, target as u8);
            self.observer.probe(&key, &owners, target, &answer);
            match answer {
                Probe::Cut(reached, bound, active) => {
                    stats.tt_hits += 1;
                    stats.tt_cutoffs += 1;
                    return Outcome::new(reached, bound as i32, present.tops(active));
                }
                Probe::Hit => stats.tt_hits += 1,
                Probe::Miss => {}
            }
        }

        // Step 6. A suit run by both hands, after the leader's own winners.
        if self.config.quick_tricks {
            let need = if leader.is_ns() { target } else { left - target + 1 };
            let in_play = (&self.hands, self.lengths, present);
            if let Some(cards) = cash_then_run(in_play, leader, self.trump, need as u32, self.suit_cash) {
                self.stats.per_trick[depth].quick_trick_cutoffs += 1;
                self.observer.cut(CutRule::SuitRun, cards);
                let reached = leader.is_ns();
                return Outcome::new(reached, target - !reached as i32, cards);
            }
        }

        // Step 7. Search the cards, the lead that last decided a trick start led from the
        // same hand for the same target first.
        let start = Trick::new(leader, self.trump);
        let lead = ordering.then(|| self.follow_hints.lead(lead_hash)).flatten();
        let (outcome, decided) = self.play_card(&start, target, lead);
        if self.stopped {
            return outcome;
        }
        // Remember a lead that decided after another failed. When the first one tried
        // decides, it was remembered already or the rules will find it again.
        if let Some((card, _)) = decided.filter(|&(_, tried)| ordering && tried > 0) {
            self.follow_hints.set_lead(lead_hash, card);
        }

        // Step 8. Back up the active cards and store the bound.
        let (rel, active) = normalize(&self.hands, outcome.rel, present);
        if mode != TtMode::Off {
            let active = match mode {
                TtMode::Partition => active,
                _ => std::array::from_fn(|s| present.suit_len(Suit::from_index(s)) as u8),
            };
            let bound = outcome.bound as u8;
            let bounds = if outcome.reached { (bound, left as u8) } else { (0, bound) };
            self.observer.store(&key, &owners, active, bounds);
            self.tt.store(&key, &owners, active, bounds);
        }
        Outcome { rel, ..outcome }
    }

    /// A cut-off by quick tricks for the side on lead or sure trump tricks for either side,
    /// with the cards it relied on and its rule.
    fn quick_cut(&self, leader: Seat, target: i32, left: i32, present: Cards) -> Option<(bool, Cards, CutRule)> {
        let in_play = (&self.hands, self.lengths, present);
        let side_takes = |seat: Seat, need: i32| sure_tricks(in_play, seat, leader, self.trump, need.max(1) as u32);
        // North-South reach the target, or East-West take enough to stop them.
        if let Some(cards) = side_takes(Seat::North, target) {
            return Some((true, cards, CutRule::QuickTricksNs));
        }
        if let Some(cards) = side_takes(Seat::East, left - target + 1) {
            return Some((false, cards, CutRule::QuickTricksEw));
        }
        // The side on lead loses this trick whatever it leads, and perhaps more.
        if let Some((lost, cards)) = crate::quick_tricks::tricks_lost(&self.hands, present, leader, self.trump) {
            let opponents_need = if leader.is_ns() { left - target + 1 } else { target };
            if lost as i32 >= opponents_need {
                return Some((!leader.is_ns(), cards, CutRule::LeaderLoses));
            }
        }
        None
    }

    fn key(&self, leader: Seat, present: Cards) -> Key {
        let lengths = self.lengths;
        debug_assert_eq!(lengths, lengths_key(&self.hands));
        let exact = if self.config.tt_mode == TtMode::Exact { present.0 } else { 0 };
        let tricks_left = self.hands[leader.index()].len() as u8;
        Key { lengths, exact, leader: leader.index() as u8, tricks_left }
    }

    /// One card each: the trick is forced.
    // Out of line, as are `Failures::union` and `second_hand_wins`: each runs at few nodes,
    // and inlined into the search they left V8 more values to spill (native code is no
    // slower for it).
    #[inline(never)]
    fn last_trick(&mut self, leader: Seat) -> Outcome {
        self.stats.per_trick[12].nodes += 1;
        let mut trick = Trick::new(leader, self.trump);
        for i in 0..4 {
            let card = self.hands[leader.offset(i).index()].highest().expect("equal hands");
            trick = trick.with(card);
        }
        let w = trick.winner();
        let ns = leader.offset(w).is_ns();
        let rel = won_by_rank(&trick, w);
        self.observer.cut(CutRule::LastTrick, rel);
        Outcome::new(ns, ns as i32, rel)
    }

    /// A node inside a trick: try each group of equivalent cards of the player to move,
    /// `first` first. Also returns the card that decided the node, if one did, and how
    /// many groups were tried before it.
    fn play_card(&mut self, trick: &Trick, target: i32, first: Option<Card>) -> (Outcome, Option<(Card, usize)>) {
        let mover = trick.to_move();
        let maximizing = mover.is_ns();
        let depth = depth_index(self.hands[mover.index()].len());
        // The second hand's side needs one trick and this one is surely theirs.
        if trick.len == 1 && self.config.quick_tricks {
            let left = self.hands[mover.index()].len() as i32;
            let need = if maximizing { target } else { left - target + 1 };
            if need <= 1 {
                if let Some(rel) = second_hand_wins(&self.hands, trick, self.trump) {
                    self.stats.per_trick[depth].quick_trick_cutoffs += 1;
                    self.observer.cut(CutRule::SecondHandWins, rel);
                    return (Outcome::new(maximizing, target - !maximizing as i32, rel), None);
                }
            }
        }
        // Followers: the card that last decided a node with the same key after another failed
        // (looked up only where there is a choice).
        let start_present = self.present() | trick.played();
        let mut hint = None;
        let (hands, follow_hints, trump) = (&self.hands, &*self.follow_hints, self.trump);
        let ordering = self.config.move_ordering;
        let first = || {
            hint = (trick.len > 0 && ordering).then(|| hints::follower(hands, trick, start_present, trump));
            hint.and_then(|hash| follow_hints.follower(hash)).or(first)
        };
        let mut moves = MoveList::new();
        moves::generate(hands, start_present, trick, trump, ordering, first, &mut moves);
        let mut union = Cards::EMPTY;
        // The weakest bound among the failures: the highest upper bound, or the lowest lower.
        let mut failed_bound = if maximizing { 0 } else { self.hands[mover.index()].len() as i32 };
        // The failures so far, made at the first: most nodes cut at their first card.
        let mut failures: Option<Failures> = None;
        let prune_siblings = self.config.tt_mode == TtMode::Partition;
        for (tried, &card) in moves.as_slice().iter().enumerate() {
            let lowest = |failed, rel| lowest_active(&self.hands, start_present, failed, rel);
            if failures.as_mut().is_some_and(|f| f.covers(card, &lowest)) {
                self.observer.skip(card, || failures.as_ref().and_then(|f| f.covering(card)));
                continue;
            }
            self.stats.per_trick[depth].nodes += 1;
            self.hands[mover.index()].remove(card);
            let length_bit = 1u64 << (16 * mover.index() + 4 * card.suit().index());
            self.lengths -= length_bit;
            let next = trick.with(card);
            self.observer.enter(Some(card), &self.hands, &next, target);
            let outcome = if next.len == 4 {
                let w = next.winner();
                let won = next.leader.offset(w).is_ns() as i32;
                let after = self.trick_start(next.leader.offset(w), target - won);
                self.observer.leave(after.reached, after.bound, after.rel);
                Outcome { reached: after.reached, bound: after.bound + won, rel: after.rel | won_by_rank(&next, w) }
            } else {
                let outcome = self.play_card(&next, target, None).0;
                self.observer.leave(outcome.reached, outcome.bound, outcome.rel);
                outcome
            };
            let (result, rel) = (outcome.reached, outcome.rel);
            self.hands[mover.index()].insert(card);
            self.lengths += length_bit;
            if self.stopped {
                return (Outcome::new(false, 0, Cards::EMPTY), None);
            }
            if result == maximizing {
                if let Some(hash) = hint.filter(|_| tried > 0) {
                    self.follow_hints.set_follower(hash, card);
                }
                self.observer.decided(card);
                return (outcome, Some((card, tried)));
            }
            failed_bound = if maximizing { failed_bound.max(outcome.bound) } else { failed_bound.min(outcome.bound) };
            // A forced play's proof is the node's: no failures to gather.
            if moves.len() == 1 {
                return (Outcome::new(!maximizing, failed_bound, rel), None);
            }
            if prune_siblings {
                failures.get_or_insert_with(Failures::new).push(card, rel);
            } else {
                union |= rel;
            }
        }
        if let Some(failures) = &mut failures {
            union = failures.union(&|failed, rel| lowest_active(&self.hands, start_present, failed, rel));
        }
        (Outcome::new(!maximizing, failed_bound, union), None)
    }
}

/// The cards of a node whose search failed, with their proofs' active cards. A card that
/// differs from a failed one of its suit only by ranks that the failure's proof never needed
/// (both lie below its lowest active card of the suit) fails too, with the same active
/// cards: the inert cards may be dealt any way. Such a card need not be searched, and where
/// it was searched before the failure that covers it, its own proof (often wider) need not
/// count: the node's active cards come from the failures that no other covers.
struct Failures {
    /// Card, its proof's active cards, and the lowest active card of its suit as a bit:
    /// `u16::MAX` when the proof needs none of the suit's ranks, [`NOT_YET`] until needed.
    list: [(Card, Cards, u16); 13],
    len: usize,
}

/// A lowest active card not computed yet (no rank has bit 0).
const NOT_YET: u16 = 1;

impl Failures {
    fn new() -> Failures {
        Failures { list: [(Card::new(Suit::Spades, 2), Cards::EMPTY, NOT_YET); 13], len: 0 }
    }

    fn push(&mut self, card: Card, rel: Cards) {
        self.list[self.len] = (card, rel, NOT_YET);
        self.len += 1;
    }

    /// The failure that [`Failures::covers`] found covering `card`: the first of its suit
    /// whose lowest active card is known and lies above both (those after it are not yet).
    fn covering(&self, card: Card) -> Option<Card> {
        let bit = 1u16 << card.rank();
        let list = &self.list[..self.len];
        list.iter().find(|&&(failed, _, lowest)| lowest != NOT_YET && covered(card, bit, failed, lowest)).map(|f| f.0)
    }

    /// `lowest_active(card, rel)`: the lowest active card of the suit of `card` in the proof
    /// `rel`, as a bit.
    fn covers(&mut self, card: Card, lowest_active: &impl Fn(Card, Cards) -> u16) -> bool {
        let bit = 1u16 << card.rank();
        self.list[..self.len].iter_mut().any(|(failed, rel, lowest)| {
            if failed.suit() != card.suit() {
                return false;
            }
            if *lowest == NOT_YET {
                *lowest = lowest_active(*failed, *rel);
            }
            covered(card, bit, *failed, *lowest)
        })
    }

    /// The union of the active cards of the failures, those that another covers left out.
    /// Narrowest proofs first: they cover the most, and a failure left out is covered by
    /// one kept.
    #[inline(never)] // see `last_trick`
    fn union(&mut self, lowest_active: &impl Fn(Card, Cards) -> u16) -> Cards {
        let list = &mut self.list[..self.len];
        let mut suits = 0u8;
        let mut repeated = false;
        for &(card, _, _) in list.iter() {
            let suit = 1 << card.suit().index();
            repeated |= suits & suit != 0;
            suits |= suit;
        }
        if !repeated {
            return list.iter().fold(Cards::EMPTY, |acc, f| acc | f.1);
        }
        for (failed, rel, lowest) in list.iter_mut() {
            if *lowest == NOT_YET {
                *lowest = lowest_active(*failed, *rel);
            }
        }
        list.sort_unstable_by_key(|f| std::cmp::Reverse(f.2));
        let mut union = Cards::EMPTY;
        for i in 0..list.len() {
            let (card, rel, _) = list[i];
            let bit = 1u16 << card.rank();
            // Kept failures lie before `i`; one left out gets lowest 0 and covers nothing.
            if list[..i].iter().any(|&(failed, _, lowest)| covered(card, bit, failed, lowest)) {
                list[i].2 = 0;
                continue;
            }
            union |= rel;
        }
        union
    }
}

/// The lowest active card of the suit of `card` in the proof `rel`, as a bit (`u16::MAX`
/// when the proof needs none of the suit's ranks).
fn lowest_active(hands: &[Cards; 4], start_present: Cards, card: Card, rel: Cards) -> u16 {
    let suit = card.suit();
    let active = suit_closure(hands, suit, start_present.suit_bits(suit), rel.suit_bits(suit));
    if active == 0 {
        u16::MAX
    } else {
        active & active.wrapping_neg()
    }
}

/// Does the failure of `failed`, whose proof's lowest active card of its suit is `lowest`,
/// show that `card` (rank bit `bit`) fails too?
fn covered(card: Card, bit: u16, failed: Card, lowest: u16) -> bool {
    failed.suit() == card.suit() && (bit | 1u16 << failed.rank()) < lowest
}

/// If the side of the second hand to a trick is sure to win it, the cards the win relies on:
/// it ruffs where the third hand cannot overruff, or holds the top card of the led suit
/// above the led card and the third hand's (who cannot ruff).
#[inline(never)] // see `last_trick`
fn second_hand_wins(hands: &[Cards; 4], trick: &Trick, trump: Option<Suit>) -> Option<Cards> {
    let me = trick.to_move();
    let led = trick.cards[0];
    let suit = led.suit();
    let (mine, partner, third) = (hands[me.index()], hands[me.partner().index()], hands[me.next().index()]);
    let can_ruff = |hand: Cards| trump.is_some_and(|t| t != suit && hand.suit_len(suit) == 0 && hand.suit_len(t) > 0);
    if can_ruff(third) {
        return None;
    }
    if can_ruff(mine) || can_ruff(partner) {
        return Some(Cards::EMPTY);
    }
    let ours = (mine | partner).in_suit(suit).highest()?;
    let theirs = third.in_suit(suit).highest().map_or(led.rank(), |c| c.rank().max(led.rank()));
    (ours.rank() > theirs).then(|| Cards::EMPTY.with(ours))
}

/// The 16 suit lengths of `hands`, 4 bits each, hand-major: the TT key's `lengths`.
// Inlined in both instances of the search, as in one (see `crate::observer`).
#[inline(always)]
pub(crate) fn lengths_key(hands: &[Cards; 4]) -> u64 {
    (0..4).fold(0u64, |acc, h| acc | (hands[h].suit_lengths() as u64) << (16 * h))
}

/// Makes an active set the top `k` cards of each suit, and never splits a run of one hand's
/// touching cards: cards that are equivalent here may have been searched through one of them
/// only, and both must count (seed 000's `27AX R9D 5J`).
pub(crate) fn normalize(hands: &[Cards; 4], rel: Cards, present: Cards) -> (Cards, [u8; 4]) {
    let mut out = Cards::EMPTY;
    let mut active = [0u8; 4];
    for suit in Suit::ALL {
        let in_play = present.suit_bits(suit);
        let mut closure = suit_closure(hands, suit, in_play, rel.suit_bits(suit));
        if closure == in_play {
            closure &= !bottom_run(hands, suit, in_play);
        }
        active[suit.index()] = closure.count_ones() as u8;
        out |= Cards::from_suit_bits(suit, closure);
    }
    (out, active)
}

/// The lowest cards of a suit in play that one hand holds, up to the first card of another
/// hand. None of them can beat a card of the suit from another hand, so no proof needs their
/// ranks; and they need no owner in an entry: with the suit lengths and the owners of the
/// cards above them, they can only lie in that hand. Leaving them out of the active cards
/// makes the entries of the tricks before more general (bridge-solver does the same).
fn bottom_run(hands: &[Cards; 4], suit: Suit, present: u16) -> u16 {
    let Some(holder) = hands.iter().find(|h| h.suit_bits(suit) & present & present.wrapping_neg() != 0) else {
        return 0;
    };
    let others = present & !holder.suit_bits(suit);
    // Everything below the lowest card of the other hands (all of the suit if none).
    let floor = if others == 0 { u16::MAX } else { (others & others.wrapping_neg()) - 1 };
    present & floor
}

/// One suit of [`normalize`]: the cards of `present` from the top down to the lowest of
/// `rel`, extended down through that card's run in its hand (or, for a card already on the
/// table, through the table's cards).
fn suit_closure(hands: &[Cards; 4], suit: Suit, present: u16, rel: u16) -> u16 {
    let r = rel & present;
    if r == 0 {
        return 0;
    }
    let low = r & r.wrapping_neg();
    let lanes = hands.map(|h| h.suit_bits(suit));
    let holder = lanes.into_iter().find(|&b| b & low != 0).unwrap_or(!(lanes[0] | lanes[1] | lanes[2] | lanes[3]));
    // The run goes down to the highest card below `low` of another holder: in closed form,
    // not card by card (wasm has no 16-bit registers, and each step cost a search of the hands).
    let below = present & (low - 1);
    let blockers = below & !holder;
    let above_blockers = match blockers {
        0 => u16::MAX,
        _ => {
            let top = 1u16 << (15 - blockers.leading_zeros());
            !(top | (top - 1))
        }
    };
    present & !(low - 1) | below & above_blockers
}

/// The winning card, if it won by beating another card of its suit: its rank mattered.
#[inline]
fn won_by_rank(trick: &Trick, winner: usize) -> Cards {
    let w = Cards::EMPTY.with(trick.cards[winner]);
    let same_suit = trick.played().in_suit(trick.cards[winner].suit());
    if same_suit == w {
        Cards::EMPTY
    } else {
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::parse_hand;

    /// West leads `lead` from hands N E S W (the lead still in West's hand); North is second.
    fn second_hand(h: [&str; 4], lead: &str, trump: Option<Suit>) -> Option<Cards> {
        let mut hands = h.map(|s| parse_hand(s).unwrap());
        let card = Card::parse(lead).unwrap();
        hands[Seat::West.index()].remove(card);
        let trick = Trick::new(Seat::West, trump).with(card);
        second_hand_wins(&hands, &trick, trump)
    }

    fn cards(list: &[&str]) -> Cards {
        list.iter().map(|c| Card::parse(c).unwrap()).collect()
    }

    #[test]
    fn suit_closure_extends_the_lowest_relied_on_card_through_its_holders_run() {
        // Card by card: down from the lowest card of `rel` while the next card in play has
        // the same holder (a hand, or none for a card on the table).
        fn reference(hands: &[Cards; 4], suit: Suit, present: u16, rel: u16) -> u16 {
            let owner_of = |bit: u16| hands.iter().position(|h| h.suit_bits(suit) & bit != 0);
            let r = rel & present;
            if r == 0 {
                return 0;
            }
            let mut closure = present & !((r & r.wrapping_neg()) - 1);
            loop {
                let lowest = closure & closure.wrapping_neg();
                let below = present & (lowest - 1);
                if below == 0 || owner_of(1 << (15 - below.leading_zeros())) != owner_of(lowest) {
                    return closure;
                }
                closure |= 1 << (15 - below.leading_zeros());
            }
        }
        let mut rng = crate::rng::Rng::new(17);
        for _ in 0..20_000 {
            // Each rank of hearts in one of the four hands, on the table, or played before.
            let mut hands = [Cards::EMPTY; 4];
            let mut present = 0u16;
            for rank in 2..=14u16 {
                let place = rng.below(6) as usize;
                if place < 4 {
                    hands[place] |= Cards::from_suit_bits(Suit::Hearts, 1 << rank);
                }
                if place < 5 {
                    present |= 1 << rank;
                }
            }
            let rel = rng.next_u64() as u16 & 0x7ffc;
            assert_eq!(
                suit_closure(&hands, Suit::Hearts, present, rel),
                reference(&hands, Suit::Hearts, present, rel),
                "{hands:?} present {present:#x} rel {rel:#x}"
            );
        }
    }

    #[test]
    fn second_hand_side_wins_with_the_top_card_of_the_led_suit() {
        // South's ace beats the lead and East's king, wherever it sits in North-South.
        let h = ["2.3.4.5", "K.2.3.4", "A.4.5.6", "5.5.6.7"];
        assert_eq!(second_hand(h, "S5", None), Some(cards(&["SA"])));
        // East's king over North-South's queen: no sure trick.
        assert_eq!(second_hand(["Q.3.4.5", "K.2.3.4", "2.4.5.6", "5.5.6.7"], "S5", None), None);
        // The lead itself is higher than North-South's spades.
        assert_eq!(second_hand(["3.3.4.5", "2.2.3.4", "4.4.5.6", "K.5.6.7"], "SK", None), None);
    }

    #[test]
    fn a_failure_covered_by_a_narrower_one_adds_no_active_cards() {
        let club = |rank| Card::new(Suit::Clubs, rank);
        let bit = |rank: u8| 1u16 << rank;
        // The 4 failed through the ace and the 9 (West's 9 won a trick), the ten through
        // the ace alone: both lie below the ace, so the ten's proof shows the 4 fails too.
        let lowest = |card: Card, _: Cards| if card.rank() == 4 { bit(9) } else { bit(14) };
        let mut failures = Failures::new();
        failures.push(club(4), cards(&["CA", "C9"]));
        failures.push(club(10), cards(&["CA"]));
        assert_eq!(failures.union(&lowest), cards(&["CA"]));
        assert!(failures.covers(club(7), &lowest));
        // A ten that failed through the 9 does not cover the 4, nor the 4 the ten; the 4
        // still covers the 7, but nothing covers the queen.
        let lowest = |_: Card, _: Cards| bit(9);
        let mut failures = Failures::new();
        failures.push(club(4), cards(&["CA", "C9"]));
        failures.push(club(10), cards(&["CA", "C9", "S2"]));
        assert_eq!(failures.union(&lowest), cards(&["CA", "C9", "S2"]));
        assert!(failures.covers(club(7), &lowest));
        assert!(!failures.covers(club(12), &lowest));
        // Failures in different suits never cover each other.
        let lowest = |_: Card, _: Cards| bit(14);
        let mut failures = Failures::new();
        failures.push(club(4), cards(&["CA"]));
        failures.push(Card::new(Suit::Hearts, 3), cards(&["HA"]));
        assert_eq!(failures.union(&lowest), cards(&["CA", "HA"]));
    }

    #[test]
    fn normalize_leaves_out_the_bottom_run_of_one_hand() {
        // Spades: North A, East K, West Q, South 3 2.
        let hands = ["A.2.3.4", "K.3.4.5", "32.4.5.6", "Q.5.6.7"].map(|h| parse_hand(h).unwrap());
        let present = hands[0] | hands[1] | hands[2] | hands[3];
        let spades = |rel: &[&str]| normalize(&hands, cards(rel), present).1[Suit::Spades.index()];
        // South's 3 reaches down to the bottom of the suit: both low spades are left out.
        assert_eq!(spades(&["S3"]), 3);
        assert_eq!(spades(&["SQ"]), 3);
        assert_eq!(spades(&["SK"]), 2);
        // A suit one hand holds alone needs no owner at all.
        let hands = ["AK2.2.3.4", ".3.4.5", ".4.5.6", ".5.6.7"].map(|h| parse_hand(h).unwrap());
        let present = hands[0] | hands[1] | hands[2] | hands[3];
        assert_eq!(normalize(&hands, cards(&["S2"]), present).1[Suit::Spades.index()], 0);
    }

    #[test]
    fn second_hand_side_ruffs_unless_the_third_hand_can_overruff() {
        // Hearts trump: North is void in spades with a trump; East follows to spades.
        let h = ["-.3.87.5", "K.2.3.4", "2.4.5.6", "5.5.6.7"];
        assert_eq!(second_hand(h, "S5", Some(Suit::Hearts)), Some(Cards::EMPTY));
        // East void in spades with a trump: North's ruff could be overruffed, South's ace ruffed.
        let h = ["-.3.87.5", "-.2.32.4", "A.4.5.6", "K5.5.6.7"];
        assert_eq!(second_hand(h, "S5", Some(Suit::Hearts)), None);
        // In notrump the void is only a discard.
        let h = ["-.3.87.5", "K.2.3.4", "2.4.5.6", "5.5.6.7"];
        assert_eq!(second_hand(h, "S5", None), None);
    }
}
