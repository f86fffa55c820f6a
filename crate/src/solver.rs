//! The public entry points: exact values by MTD(f) over null-window searches, a card's value,
//! and the active cards of a position. Jobs on top of them are in `task`.

use crate::hints::FollowHints;
use crate::lend::{Lend, Memory};
use crate::observer::{NoTrace, Observer};
use crate::search::{lengths_key, Outcome, Search};
use crate::suit_cash::SuitCash;
use crate::trick::Trick;
use crate::tt::{OwnerTable, Tt};
use crate::{Card, Cards, Config, Error, Position, Seat, Stats, Strain, Suit};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The active cards of a solved position: per suit the top `k` cards whose ranks the proof
/// needed. Every deal with the same suit lengths and the same owners of these cards has the
/// same value.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Active {
    /// The tricks the side to move takes, the current trick included.
    pub tricks: u8,
    /// `k` per suit, S H D C.
    pub top: [u8; 4],
    pub cards: Cards,
    pub inert: Cards,
    /// How many layouts of the inert cards (same lengths in every hand) share the value.
    pub deals_sharing: f64,
}

/// One null-window search of [`Solver::value_ns`]: can North-South take `target` of the
/// tricks left from a position with `leader` on lead in `strain`? Kept when asked for
/// ([`Solver::log_probes`]): where MTD(f)'s steps and single probes cost the most.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProbeRecord {
    pub strain: Strain,
    pub leader: Seat,
    pub target: u8,
    pub reached: bool,
    /// North-South take at least this (`reached`) or at most this (not).
    pub bound: u8,
    pub nodes: u64,
}

/// Solves positions; keeps its transposition table between calls of the same strain.
pub struct Solver {
    config: Config,
    tt: Tt,
    follow_hints: FollowHints,
    tt_strain: Option<Strain>,
    owners: OwnerTable,
    suit_cash: SuitCash,
    stats: Stats,
    stop: Option<Arc<AtomicBool>>,
    lender: Option<Arc<dyn Lend>>,
    probes: Option<Vec<ProbeRecord>>,
}

impl Solver {
    pub fn new(config: Config) -> Solver {
        Solver {
            config,
            // A 128th of the starting memory for the leads' hints, the rest of the bound for
            // the TT: a quarter of a megabyte mostly stays in the cache, and a smaller table
            // keeps fewer hints for no gain in time.
            tt: Tt::new(tt_share(config.tt_megabytes), tt_share(config.tt_megabytes.min(START_MEGABYTES))),
            follow_hints: FollowHints::new((config.tt_megabytes.clamp(1, START_MEGABYTES) << 20) / 128),
            tt_strain: None,
            owners: OwnerTable::new(),
            suit_cash: SuitCash::new(),
            stats: Stats::default(),
            stop: None,
            lender: None,
            probes: None,
        }
    }

    /// Keeps a [`ProbeRecord`] of every probe from now on (or stops, `false`).
    pub fn log_probes(&mut self, on: bool) {
        self.probes = on.then(Vec::new);
    }

    /// The probes kept since the last call.
    pub fn take_probes(&mut self) -> Vec<ProbeRecord> {
        self.probes.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Lends this solver's memory to threads that ask for it, while `lender` is set.
    pub(crate) fn set_lender(&mut self, lender: Option<Arc<dyn Lend>>) {
        self.lender = lender;
    }

    /// Serves the threads waiting for a copy of the memory, if any (between searches).
    pub(crate) fn lend(&self) {
        if let Some(lender) = self.lender.as_deref().filter(|l| l.wanted()) {
            lender.serve(&self.tt, &self.follow_hints);
        }
    }

    /// Takes the memory out, leaving a small empty one.
    pub(crate) fn take_memory(&mut self) -> Memory {
        let empty = Memory { tt: Tt::new(1 << 16, 1 << 16), follow_hints: FollowHints::new(0) };
        Memory {
            tt: std::mem::replace(&mut self.tt, empty.tt),
            follow_hints: std::mem::replace(&mut self.follow_hints, empty.follow_hints),
        }
    }

    /// Puts a memory back, as that of `strain` (`None`: of no strain yet).
    pub(crate) fn put_memory(&mut self, memory: Memory, strain: Option<Strain>) {
        self.tt = memory.tt;
        self.follow_hints = memory.follow_hints;
        self.tt_strain = strain;
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// A flag that, once set, makes the running search return [`Error::Stopped`].
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// The flag set by [`Solver::set_stop`], for jobs that run beside the search.
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.stop.clone()
    }

    /// Counters of every search since the last reset.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.follow_hints.clear();
    }

    /// The null-window search from `pos`: can North-South take `target` of the tricks
    /// left (the current one included)? Also returns the bound the proof reached and its
    /// active cards.
    fn probe(&mut self, pos: &Position, target: i32) -> Result<Outcome, Error> {
        self.probe_observed(pos, target, NoTrace)
    }

    /// [`Solver::probe`] told to `observer`.
    pub(crate) fn probe_observed<O: Observer>(
        &mut self,
        pos: &Position,
        target: i32,
        observer: O,
    ) -> Result<Outcome, Error> {
        // The search looks at the flag only every few thousand trick starts: a small one
        // would never see it.
        if self.stop.as_deref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Error::Stopped { nodes: None });
        }
        if self.tt_strain != Some(pos.strain()) {
            // Entries depend on the trump suit, not on the deal.
            self.tt.clear();
            self.follow_hints.clear();
            self.tt_strain = Some(pos.strain());
        }
        let hands = pos.remaining();
        self.owners.prepare(&hands);
        self.suit_cash.prepare(&hands);
        let mut trick = Trick::new(pos.leader(), pos.strain().trump());
        for &card in pos.trick() {
            trick = trick.with(card);
        }
        let mut search = Search {
            hands,
            lengths: lengths_key(&hands),
            trump: pos.strain().trump(),
            config: &self.config,
            tt: &mut self.tt,
            follow_hints: &mut self.follow_hints,
            owners: &self.owners,
            suit_cash: &mut self.suit_cash,
            stats: &mut self.stats,
            stop: self.stop.as_deref(),
            lender: self.lender.as_deref(),
            stopped: false,
            poll: 0,
            observer,
        };
        let out = search.run(&trick, target);
        if search.stopped {
            return Err(Error::Stopped { nodes: None });
        }
        Ok(out)
    }

    /// The tricks North-South take from `pos`, the current trick included. `guess` seeds
    /// the MTD(f) steps; DD values move little between neighbouring positions.
    pub fn value_ns(&mut self, pos: &Position, guess: Option<u8>) -> Result<u8, Error> {
        let left = pos.tricks_left() as i32;
        let (mut lo, mut hi) = (0, left);
        let mut guess = guess.map_or_else(|| estimate_ns(pos), i32::from);
        while lo < hi {
            let target = guess.clamp(lo + 1, hi);
            let nodes = self.probes.is_some().then(|| self.stats.nodes());
            let outcome = self.probe(pos, target)?;
            if let (Some(probes), Some(nodes)) = (&mut self.probes, nodes) {
                probes.push(ProbeRecord {
                    strain: pos.strain(),
                    leader: pos.leader(),
                    target: target as u8,
                    reached: outcome.reached,
                    bound: outcome.bound as u8,
                    nodes: self.stats.nodes() - nodes,
                });
            }
            guess = narrow(&mut lo, &mut hi, target, &outcome);
        }
        Ok(lo as u8)
    }

    /// The tricks the side to move takes from `pos`, the current trick included.
    pub fn solve(&mut self, pos: &Position) -> Result<u8, Error> {
        let ns = self.value_ns(pos, None)?;
        Ok(for_side(pos.to_move(), ns, pos.tricks_left()))
    }

    /// The tricks the side to move takes after playing `card` (the current trick included),
    /// and North-South's value of the position that follows, a guess for the next card.
    pub fn card_value(&mut self, pos: &Position, card: Card, guess: Option<u8>) -> Result<(u8, u8), Error> {
        let (child, winner) = pos.play_scored(card)?;
        let bonus = winner.is_some_and(Seat::is_ns) as u8;
        let child_ns = self.value_ns(&child, guess)?;
        Ok((for_side(pos.to_move(), child_ns + bonus, pos.tricks_left()), child_ns))
    }

    /// Every legal card of the player to move with the tricks its side takes after playing
    /// it (the current trick included). Equivalent cards share one search, each seeded with
    /// the value the group before left; `on_card` hears each result as soon as it is known.
    /// The result lists cards from spades to clubs, high to low.
    pub fn analyse(&mut self, pos: &Position, on_card: &mut dyn FnMut(Card, u8)) -> Result<Vec<(Card, u8)>, Error> {
        let mut cards = Vec::new();
        let mut guess = None;
        for group in pos.groups() {
            let lowest = group.lowest().expect("groups are not empty");
            let (tricks, child_ns) = self.card_value(pos, lowest, guess)?;
            guess = Some(child_ns);
            for card in group.iter() {
                on_card(card, tricks);
                cards.push((card, tricks));
            }
        }
        Ok(cards)
    }

    /// The value of `pos` with the active cards that prove it: the union of the proofs of
    /// "at least v" and "not v+1" (North-South's v).
    pub fn active(&mut self, pos: &Position) -> Result<Active, Error> {
        let left = pos.tricks_left() as i32;
        let v = self.value_ns(pos, None)? as i32;
        let mut rel = self.probe(pos, v)?.rel;
        if v < left {
            rel |= self.probe(pos, v + 1)?.rel;
        }
        let hands = pos.deal().hands();
        let present = hands[0] | hands[1] | hands[2] | hands[3];
        let (cards, top) = crate::search::normalize(&hands, rel, present);
        let inert = present - cards;
        let mut deals_sharing = 1.0;
        for suit in Suit::ALL {
            let counts: Vec<u32> = hands.iter().map(|h| (*h & inert).suit_len(suit)).collect();
            deals_sharing *= multinomial(&counts);
        }
        Ok(Active { tricks: for_side(pos.to_move(), v as u8, pos.tricks_left()), top, cards, inert, deals_sharing })
    }
}

/// MTD(f)'s step: narrows North-South's window `lo..=hi` by a probe's outcome (the proof's
/// bound may settle more than the target asked) and returns the next guess.
pub(crate) fn narrow(lo: &mut i32, hi: &mut i32, target: i32, outcome: &Outcome) -> i32 {
    if outcome.reached {
        *lo = outcome.bound.max(target);
        *lo + 1
    } else {
        *hi = outcome.bound.min(target - 1);
        *hi
    }
}

/// The transposition table starts at this size (or the configured one, if smaller) and
/// grows only when it fills: 32 MB holds a random deal's table, and a bigger start cost
/// time on them (page faults, key slots further apart), while the hard deals fill it.
const START_MEGABYTES: usize = 32;

/// The TT's part of `megabytes`: all but the leads' hints' 128th.
fn tt_share(megabytes: usize) -> usize {
    (megabytes.max(1) << 20) / 128 * 127
}

/// The tricks of `seat`'s side, of `left`, when North-South take `ns`.
pub(crate) fn for_side(seat: Seat, ns: u8, left: u32) -> u8 {
    if seat.is_ns() {
        ns
    } else {
        left as u8 - ns
    }
}

/// `n! / (k1! k2! ...)` for `n = sum k`, exactly: each step's product divides evenly, and
/// 13 cards of a suit keep it far inside a u128.
pub(crate) fn multinomial(counts: &[u32]) -> f64 {
    let mut result: u128 = 1;
    let mut n: u128 = 0;
    for &k in counts {
        for i in 1..=k as u128 {
            n += 1;
            result = result * n / i;
        }
    }
    result as f64
}

/// A first guess for MTD(f): share the tricks by high-card points, plus about two thirds
/// of a trick per trump that North-South hold beyond East-West's count (fitted on the
/// shared random deals: the points alone miss by two tricks or more far more often), plus one:
/// MTD(f) settles a value in two probes when its guess is the value or one above.
// Inlined in both instances of the search, as in one (see `crate::observer`).
#[inline(always)]
pub(crate) fn estimate_ns(pos: &Position) -> i32 {
    let hands = pos.remaining();
    let hcp = |h: Cards| -> u32 { h.iter().map(|c| c.rank().saturating_sub(10) as u32).sum() };
    let ns = hcp(hands[0]) + hcp(hands[2]);
    let all = ns + hcp(hands[1]) + hcp(hands[3]);
    let left = pos.tricks_left() as i32;
    let share = (left as u32 * ns).checked_div(all).map_or(left / 2, |s| s as i32);
    let fit = pos.strain().trump().map_or(0, |t| {
        let len = |h: Cards| h.suit_len(t) as i32;
        len(hands[0]) + len(hands[2]) - len(hands[1]) - len(hands[3])
    });
    (share + (2 * fit + fit.signum()) / 3 + 1).clamp(0, left)
}
