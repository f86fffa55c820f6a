//! Single-dummy analysis: the player to move sees its own hand (and dummy's once it is down)
//! and the cards played so far; the hidden hands are dealt at random among the layouts
//! consistent with that (every one equally likely), each sample is solved double-dummy for
//! every legal card, and the averages say which card is best.
//!
//! The job is a list of independent units, one per sample (or per layout when they are few
//! enough to list): [`SingleDummy::run_unit`] solves one, [`Tally`] folds their results in
//! any order into the per-card estimate. Sample `i` is dealt from `(seed, i)` alone, and the
//! tally keeps integer sums, so the answer does not depend on threads or order.

use crate::pbn::parse_hand;
use crate::rng::Rng;
use crate::sample::{HandLimits, Knowledge, Layouts};
use crate::{Card, Cards, Contract, Deal, Error, Position, Seat, Solver, Strain};
#[cfg(feature = "serde")]
use serde::ser::{SerializeMap, SerializeStruct};
#[cfg(feature = "serde")]
use serde::Serialize;
use std::collections::BTreeMap;

/// More samples than this are refused: the deals are kept for viewing.
pub const MAX_SAMPLES: usize = 1_000_000;

/// Layouts are listed (and an answer over all of them made exact) when the voids, sizes and
/// length limits leave at most this many, or as many as the samples asked for.
const LIST_LIMIT: u64 = 200_000;

/// The request, as the command line's JSON line: `{"known": {"W": "KQ53.T97.A864.J2"},
/// "contract": "4S", "declarer": "S", "played": [], "constraints": {"N": {"hcp": [10, 15]}},
/// "samples": 500, "seed": 1}`. Instead of `contract`/`declarer`: `"trump": "NT", "leader": "W"`.
/// `"stopWhenSettled": true` ends a sampled job early once the best card is clear
/// ([`Settled`]); off by default, so that a script's answer is that of all its samples.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
pub struct SingleDummyRequest {
    /// Seat letter to the seat's original 13 cards in PBN hand notation.
    pub known: BTreeMap<String, String>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub contract: Option<String>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub declarer: Option<String>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub trump: Option<String>,
    /// The opening leader.
    #[cfg_attr(feature = "serde", serde(default))]
    pub leader: Option<String>,
    /// Cards in the order played from the opening lead.
    #[cfg_attr(feature = "serde", serde(default))]
    pub played: Vec<String>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub constraints: BTreeMap<String, HandConstraints>,
    pub samples: usize,
    #[cfg_attr(feature = "serde", serde(default))]
    pub seed: u64,
    #[cfg_attr(feature = "serde", serde(default, rename = "stopWhenSettled"))]
    pub stop_when_settled: bool,
}

/// Checks for a settled ranking start after this many samples: fewer give standard errors too
/// rough to trust.
pub const SETTLE_MIN_SAMPLES: usize = 32;

/// The best card is settled against a rival when its mean exceeds the rival's by more than
/// this many standard errors of their paired difference (docs/engine.md says why 3).
pub const SETTLE_STDERRS: f64 = 3.0;

/// Or when the difference, give or take [`SETTLE_STDERRS`] standard errors, stays below this
/// many tricks: which of the two is played no longer matters.
pub const SETTLE_TIE_TRICKS: f64 = 0.05;

/// Whether each solver keeps its transposition table from one sample to the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TablePolicy {
    /// Emptied before each sample at the opening lead, kept once a card is played: with three
    /// hidden hands the samples share few positions and another sample's entries only slow
    /// the probes; once dummy is down they share many (docs/performance.md, "Single-dummy").
    #[default]
    Auto,
    Keep,
    Fresh,
}

/// Limits on a hidden hand's original 13 cards: `{"hcp": [lo, hi], "S": [lo, hi], ...}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct HandConstraints {
    pub hcp: Option<[u8; 2]>,
    #[cfg_attr(feature = "serde", serde(rename = "S"))]
    pub spades: Option<[u8; 2]>,
    #[cfg_attr(feature = "serde", serde(rename = "H"))]
    pub hearts: Option<[u8; 2]>,
    #[cfg_attr(feature = "serde", serde(rename = "D"))]
    pub diamonds: Option<[u8; 2]>,
    #[cfg_attr(feature = "serde", serde(rename = "C"))]
    pub clubs: Option<[u8; 2]>,
}

/// One unit's result: per legal card (in [`SingleDummy::cards`] order) the tricks for the
/// side to move, and whether declarer's side then makes the contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleResult {
    pub tricks: Vec<u8>,
    /// Empty without a contract.
    pub made: Vec<bool>,
}

/// The estimate for one card.
#[derive(Clone, Debug, PartialEq)]
pub struct CardEstimate {
    pub card: Card,
    /// Mean tricks for the side to move, the current trick included.
    pub tricks: f64,
    /// The standard error of that mean (zero when exact).
    pub stderr: f64,
    /// The fraction of samples where declarer's side makes the contract.
    pub make: Option<f64>,
}

/// The answer, serialized as `{"tomove": "W", "samples": 500, "exact": false, "cards":
/// {"SK": {"tricks": 3.42, "stderr": 0.05, "make": 0.62}, ...}}`.
#[derive(Clone, Debug, PartialEq)]
pub struct SingleDummyResult {
    pub to_move: Seat,
    /// The samples (or layouts) folded in so far.
    pub samples: usize,
    /// Every consistent layout was solved once: the means are exact.
    pub exact: bool,
    /// Spades to clubs, high to low.
    pub cards: Vec<CardEstimate>,
    /// Set when the job stopped early, its ranking settled after `samples`.
    pub settled: Option<Settled>,
}

/// Why a job asked to stop when settled stopped before its last sample: every card is solved
/// on the same samples, so the best card is compared with each rival by the mean and the
/// standard error of their paired differences. Cards that take the same tricks on every
/// sample are one card.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// The samples asked for.
    pub of: usize,
    /// The best card and the cards equal to it on every sample, in [`SingleDummy::cards`]
    /// order.
    pub best: Vec<Card>,
    /// The fewest tricks the best card takes on average more than another (zero when every
    /// card is equal to it).
    pub by: f64,
    /// The standard error of that paired difference.
    pub stderr: f64,
}

/// A prepared single-dummy job: the request checked, the samples dealt.
#[derive(Clone, Debug)]
pub struct SingleDummy {
    strain: Strain,
    /// Declarer and the tricks declarer's side needs.
    contract: Option<(Seat, u8)>,
    /// Cards of completed tricks, gone from every sample.
    gone: Cards,
    trick_leader: Seat,
    trick: Vec<Card>,
    /// Tricks already won by North-South and by East-West.
    won: [u8; 2],
    cards: Vec<Card>,
    /// The original four hands of each unit.
    deals: Vec<[Cards; 4]>,
    exact: bool,
    table: TablePolicy,
    stop_when_settled: bool,
}

impl SingleDummy {
    /// Checks the request and deals every sample; an error names the first problem.
    pub fn new(request: &SingleDummyRequest) -> Result<SingleDummy, Error> {
        if request.samples == 0 {
            return Err(Error::BadRequest("samples must be at least 1".into()));
        }
        if request.samples > MAX_SAMPLES {
            return Err(Error::BadRequest(format!("at most {MAX_SAMPLES} samples")));
        }
        let mut knowledge = Knowledge { known: parse_known(&request.known)?, ..Knowledge::default() };
        let (strain, opening_leader, contract) = parse_contract(request)?;
        let played = request.played.iter().map(|c| Card::parse(c)).collect::<Result<Vec<Card>, Error>>()?;
        let replay = replay(&mut knowledge, strain, opening_leader, &played)?;
        let to_move = replay.leader.offset(replay.trick.len());
        let Some(hand) = knowledge.known[to_move.index()] else {
            return Err(Error::BadRequest(format!("the player to move, {to_move}, must be a known hand")));
        };
        let hand = hand - knowledge.played[to_move.index()];
        let cards: Vec<Card> = match replay.trick.first() {
            Some(lead) if hand.suit_len(lead.suit()) > 0 => hand.in_suit(lead.suit()),
            _ => hand,
        }
        .iter()
        .collect();
        for (name, constraints) in &request.constraints {
            let seat = parse_seat(name)?;
            if knowledge.known[seat.index()].is_some() {
                return Err(Error::BadRequest(format!("constraints on {seat}, whose hand is known")));
            }
            knowledge.limits[seat.index()] = limits(seat, constraints)?;
        }
        let (deals, exact) = deal_units(&Layouts::new(&knowledge), request.samples, request.seed)?;
        Ok(SingleDummy {
            strain,
            contract: contract.map(|(declarer, c)| (declarer, c.level + 6)),
            gone: replay.gone,
            trick_leader: replay.leader,
            trick: replay.trick,
            won: replay.won,
            cards,
            deals,
            exact,
            table: TablePolicy::Auto,
            stop_when_settled: request.stop_when_settled,
        })
    }

    /// Whether a solver keeps its transposition table from one sample to the next (entries
    /// hold for any deal, so keeping it changes node counts, never the answer).
    pub fn table_policy(mut self, policy: TablePolicy) -> SingleDummy {
        self.table = policy;
        self
    }

    /// Whether the solver's table is emptied before each sample under this job's policy.
    pub fn clears_table(&self) -> bool {
        match self.table {
            TablePolicy::Keep => false,
            TablePolicy::Fresh => true,
            TablePolicy::Auto => self.cards_played() == 0,
        }
    }

    /// The cards played so far, the current trick's included.
    pub fn cards_played(&self) -> usize {
        self.gone.len() as usize + self.trick.len()
    }

    pub fn stops_when_settled(&self) -> bool {
        self.stop_when_settled
    }

    /// The units: samples, or every consistent layout when exact.
    pub fn units(&self) -> usize {
        self.deals.len()
    }

    pub fn is_exact(&self) -> bool {
        self.exact
    }

    pub fn to_move(&self) -> Seat {
        self.trick_leader.offset(self.trick.len())
    }

    /// The legal cards of the player to move, the same in every sample.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Unit `i`'s original deal (13 cards a hand, the played cards included).
    pub fn sample_deal(&self, i: usize) -> Option<Deal> {
        self.deals.get(i).map(|&hands| Deal::new(hands).expect("a dealt layout is a deal"))
    }

    /// Unit `i`'s current position: the hands at the start of the current trick.
    pub fn sample_position(&self, i: usize) -> Option<Position> {
        let hands = self.deals.get(i)?.map(|hand| hand - self.gone);
        let deal = Deal::new(hands).expect("every seat played as many cards to past tricks");
        Some(Position::new(deal, self.strain, self.trick_leader, &self.trick).expect("the trick was checked"))
    }

    /// Solves unit `i`: every legal card, equivalent cards sharing one search.
    pub fn run_unit(&self, i: usize, solver: &mut Solver) -> Result<SampleResult, Error> {
        let pos = self.sample_position(i).ok_or_else(|| Error::BadRequest(format!("no unit {i}")))?;
        if self.clears_table() {
            solver.clear();
        }
        let analysed = solver.analyse(&pos, &mut |_, _| {})?;
        debug_assert!(analysed.iter().map(|a| a.0).eq(self.cards.iter().copied()));
        let tricks: Vec<u8> = analysed.iter().map(|&(_, t)| t).collect();
        let made = match self.contract {
            Some((declarer, needed)) => {
                let mover_is_declarer = self.to_move().is_ns() == declarer.is_ns();
                let before = self.won[!declarer.is_ns() as usize];
                let left = pos.tricks_left() as u8;
                let ours = |t: u8| if mover_is_declarer { t } else { left - t };
                tricks.iter().map(|&t| before + ours(t) >= needed).collect()
            }
            None => Vec::new(),
        };
        Ok(SampleResult { tricks, made })
    }

    /// The answer from every unit's result, in any order.
    pub fn finish(&self, units: Vec<SampleResult>) -> Result<SingleDummyResult, Error> {
        let mut tally = self.tally();
        for unit in &units {
            tally.add(unit);
        }
        Ok(tally.estimate(self))
    }

    pub fn tally(&self) -> Tally {
        let n = self.cards.len();
        Tally { count: 0, sum: vec![0; n], cross: vec![0; n * n], made: vec![0; n] }
    }
}

/// Running sums over the units solved so far; integers, so the order of folding does not
/// change the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    count: u64,
    sum: Vec<u64>,
    /// `cross[i * n + j]`: the sum of card i's tricks times card j's; the diagonal is the sum
    /// of squares. Paired differences' variances come from it.
    cross: Vec<u64>,
    made: Vec<u64>,
}

impl Tally {
    pub fn add(&mut self, unit: &SampleResult) {
        self.count += 1;
        let n = self.sum.len();
        for (i, &t) in unit.tricks.iter().enumerate() {
            self.sum[i] += t as u64;
            for (j, &u) in unit.tricks.iter().enumerate() {
                self.cross[i * n + j] += t as u64 * u as u64;
            }
        }
        for (i, &made) in unit.made.iter().enumerate() {
            self.made[i] += made as u64;
        }
    }

    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// The estimate from the units folded so far (exact once all of an exact job's are in).
    pub fn estimate(&self, job: &SingleDummy) -> SingleDummyResult {
        let n = self.count as f64;
        let exact = job.exact && self.count() == job.units();
        let cards = job
            .cards
            .iter()
            .enumerate()
            .map(|(i, &card)| {
                let mean = if n > 0.0 { self.sum[i] as f64 / n } else { 0.0 };
                let sum_sq = self.cross[i * job.cards.len() + i] as f64;
                let variance = if n > 1.0 { (sum_sq - n * mean * mean).max(0.0) / (n - 1.0) } else { 0.0 };
                let stderr = if exact { 0.0 } else { (variance / n.max(1.0)).sqrt() };
                let make = job.contract.map(|_| if n > 0.0 { self.made[i] as f64 / n } else { 0.0 });
                CardEstimate { card, tricks: mean, stderr, make }
            })
            .collect();
        SingleDummyResult { to_move: job.to_move(), samples: self.count(), exact, cards, settled: None }
    }

    /// The sum of squared differences between cards i's and j's tricks, sample by sample.
    fn diff_sq(&self, i: usize, j: usize) -> u64 {
        let n = self.sum.len();
        self.cross[i * n + i] + self.cross[j * n + j] - 2 * self.cross[i * n + j]
    }

    /// The mean of card i's tricks less card j's, and its standard error.
    fn paired(&self, i: usize, j: usize) -> (f64, f64) {
        let n = self.count as f64;
        let mean = (self.sum[i] as f64 - self.sum[j] as f64) / n;
        let variance = if n > 1.0 { (self.diff_sq(i, j) as f64 - n * mean * mean).max(0.0) / (n - 1.0) } else { 0.0 };
        (mean, (variance / n).sqrt())
    }

    /// Whether the samples folded so far settle the best card, for a job asked to stop when
    /// settled: after [`SETTLE_MIN_SAMPLES`], and never for an exact job or at its last unit
    /// (it is not stopping early then).
    pub fn settled(&self, job: &SingleDummy) -> Option<Settled> {
        if !job.stop_when_settled || job.exact || self.count() < SETTLE_MIN_SAMPLES || self.count() >= job.units() {
            return None;
        }
        // One representative per group of cards equal on every sample.
        let mut groups: Vec<usize> = Vec::new();
        let mut group_of = Vec::with_capacity(self.sum.len());
        for card in 0..self.sum.len() {
            let group = groups.iter().position(|&rep| self.diff_sq(rep, card) == 0).unwrap_or_else(|| {
                groups.push(card);
                groups.len() - 1
            });
            group_of.push(group);
        }
        let best = (0..groups.len()).max_by_key(|&g| (self.sum[groups[g]], std::cmp::Reverse(g)))?;
        let (mut by, mut stderr) = (f64::INFINITY, 0.0);
        for &rival in groups.iter().enumerate().filter(|&(g, _)| g != best).map(|(_, rival)| rival) {
            let (mean, se) = self.paired(groups[best], rival);
            let clear = mean > SETTLE_STDERRS * se;
            let tied = mean.abs() + SETTLE_STDERRS * se < SETTLE_TIE_TRICKS;
            if !clear && !tied {
                return None;
            }
            if mean < by {
                (by, stderr) = (mean, se);
            }
        }
        if groups.len() == 1 {
            by = 0.0;
        }
        let best_cards = (0..self.sum.len()).filter(|&c| group_of[c] == best).map(|c| job.cards[c]).collect();
        Some(Settled { of: job.units(), best: best_cards, by, stderr })
    }
}

fn parse_seat(name: &str) -> Result<Seat, Error> {
    Seat::parse(name).ok_or_else(|| Error::UnknownSeat(name.trim().into()))
}

/// The known original hands: 13 cards each, no card in two of them.
fn parse_known(known: &BTreeMap<String, String>) -> Result<[Option<Cards>; 4], Error> {
    let mut hands = [None; 4];
    for (name, text) in known {
        let seat = parse_seat(name)?;
        if hands[seat.index()].is_some() {
            return Err(Error::BadRequest(format!("the hand of {seat} is given twice")));
        }
        let hand = parse_hand(text)?;
        if hand.len() != 13 {
            return Err(Error::BadRequest(format!(
                "{seat}'s known hand has {} cards: give the original 13",
                hand.len()
            )));
        }
        for other in hands.iter().flatten() {
            if let Some(card) = (hand & *other).lowest() {
                return Err(Error::DuplicateCard(card));
            }
        }
        hands[seat.index()] = Some(hand);
    }
    Ok(hands)
}

/// The original deals of the units, and whether they are every consistent layout: all of
/// them when they number no more than `samples`, else `samples` uniform draws, draw `i` from
/// `(seed, i)` alone (from the list when the layouts are few enough to list).
fn deal_units(layouts: &Layouts, samples: usize, seed: u64) -> Result<(Vec<[Cards; 4]>, bool), Error> {
    let stream = |i: usize| Rng::stream(seed, i as u64);
    let (deals, exact) = match layouts.enumerate(LIST_LIMIT.max(samples as u64)) {
        Some(all) if all.len() <= samples => (all, true),
        Some(all) => ((0..samples).map(|i| all[stream(i).below(all.len() as u64) as usize]).collect(), false),
        None => (
            (0..samples).map(|i| layouts.sample(&mut stream(i)).ok_or(Error::NoLayout)).collect::<Result<_, _>>()?,
            false,
        ),
    };
    if deals.is_empty() {
        return Err(Error::NoLayout);
    }
    Ok((deals, exact))
}

/// The strain, the opening leader and, with a contract, declarer and the contract.
type Contracted = (Strain, Seat, Option<(Seat, Contract)>);

fn parse_contract(request: &SingleDummyRequest) -> Result<Contracted, Error> {
    match (&request.contract, &request.declarer, &request.trump, &request.leader) {
        (Some(contract), Some(declarer), None, None) => {
            let declarer = parse_seat(declarer)?;
            let contract =
                Contract::parse(contract)?.ok_or_else(|| Error::BadRequest("a pass is not a contract".into()))?;
            Ok((contract.strain, declarer.next(), Some((declarer, contract))))
        }
        (None, None, Some(trump), Some(leader)) => {
            let strain = Strain::parse(trump).ok_or_else(|| Error::UnknownStrain(trump.trim().into()))?;
            Ok((strain, parse_seat(leader)?, None))
        }
        _ => Err(Error::BadRequest("give either \"contract\" and \"declarer\" or \"trump\" and \"leader\"".into())),
    }
}

fn limits(seat: Seat, constraints: &HandConstraints) -> Result<HandLimits, Error> {
    let range = |name: &str, range: Option<[u8; 2]>, max: u8| match range {
        None => Ok((0, max)),
        Some([lo, hi]) if lo <= hi && hi <= max => Ok((lo, hi)),
        Some([lo, hi]) if lo > hi => Err(Error::BadRequest(format!(
            "{seat}'s {name} range [{lo}, {hi}] is reversed: the lower bound comes first"
        ))),
        Some([lo, hi]) => {
            Err(Error::BadRequest(format!("{seat}'s {name} range [{lo}, {hi}] is not within 0 to {max}")))
        }
    };
    let c = constraints;
    Ok(HandLimits {
        hcp: range("hcp", c.hcp, 37)?,
        lengths: [
            range("spade", c.spades, 13)?,
            range("heart", c.hearts, 13)?,
            range("diamond", c.diamonds, 13)?,
            range("club", c.clubs, 13)?,
        ],
    })
}

/// Where the play stands after the cards played so far.
struct Replay {
    gone: Cards,
    leader: Seat,
    trick: Vec<Card>,
    won: [u8; 2],
}

/// Plays `played` from the opening lead, checking each card against what is known and
/// recording in `knowledge` who played what and which suits each seat showed out of.
fn replay(knowledge: &mut Knowledge, strain: Strain, leader: Seat, played: &[Card]) -> Result<Replay, Error> {
    if played.len() >= 52 {
        return Err(Error::NoCardsLeft);
    }
    let mut state = Replay { gone: Cards::EMPTY, leader, trick: Vec::new(), won: [0; 2] };
    // The discard that showed each seat out of each suit.
    let mut shown_out: [[Option<Card>; 4]; 4] = [[None; 4]; 4];
    let mut seen = Cards::EMPTY;
    for &card in played {
        let seat = state.leader.offset(state.trick.len());
        if seen.contains(card) {
            return Err(Error::DuplicateCard(card));
        }
        seen.insert(card);
        if let Some(holder) =
            Seat::ALL.into_iter().find(|s| knowledge.known[s.index()].is_some_and(|h| h.contains(card)))
        {
            if holder != seat {
                return Err(Error::HeldElsewhere { card, seat, holder });
            }
        } else if knowledge.known[seat.index()].is_some() {
            return Err(Error::CardNotHeld { card, seat });
        }
        if let Some(discard) = shown_out[seat.index()][card.suit().index()] {
            // The earlier discard was the revoke.
            return Err(Error::Revoke { card: discard, seat, led: card.suit() });
        }
        if let Some(lead) = state.trick.first() {
            if card.suit() != lead.suit() {
                let left = knowledge.known[seat.index()].map(|h| h - knowledge.played[seat.index()]);
                if left.is_some_and(|h| h.suit_len(lead.suit()) > 0) {
                    return Err(Error::Revoke { card, seat, led: lead.suit() });
                }
                shown_out[seat.index()][lead.suit().index()] = Some(card);
                knowledge.voids[seat.index()] |= 1 << lead.suit().index();
            }
        }
        knowledge.played[seat.index()].insert(card);
        state.trick.push(card);
        if state.trick.len() == 4 {
            let winner = state.leader.offset(crate::trick::trick_winner(&state.trick, strain.trump()));
            state.won[!winner.is_ns() as usize] += 1;
            state.gone |= state.trick.drain(..).collect::<Cards>();
            state.leader = winner;
        }
    }
    Ok(state)
}

#[cfg(feature = "serde")]
impl Serialize for SingleDummyResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct CardsMap<'a>(&'a [CardEstimate]);
        impl Serialize for CardsMap<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for estimate in self.0 {
                    map.serialize_entry(&estimate.card.to_string(), estimate)?;
                }
                map.end()
            }
        }
        let mut out = s.serialize_struct("SingleDummyResult", 5)?;
        out.serialize_field("tomove", &self.to_move.letter().to_string())?;
        out.serialize_field("samples", &self.samples)?;
        out.serialize_field("exact", &self.exact)?;
        out.serialize_field("cards", &CardsMap(&self.cards))?;
        if let Some(settled) = &self.settled {
            out.serialize_field("settled", settled)?;
        }
        out.end()
    }
}

/// `{"of": 200, "best": ["D5", "D3"], "by": 0.61, "stderr": 0.12}`.
#[cfg(feature = "serde")]
impl Serialize for Settled {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Settled", 4)?;
        out.serialize_field("of", &self.of)?;
        out.serialize_field("best", &self.best.iter().map(Card::to_string).collect::<Vec<_>>())?;
        out.serialize_field("by", &self.by)?;
        out.serialize_field("stderr", &self.stderr)?;
        out.end()
    }
}

#[cfg(feature = "serde")]
impl Serialize for CardEstimate {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Unrounded: scripts compare exact means; the text views round.
        let mut out = s.serialize_struct("CardEstimate", 3)?;
        out.serialize_field("tricks", &self.tricks)?;
        out.serialize_field("stderr", &self.stderr)?;
        if let Some(make) = self.make {
            out.serialize_field("make", &make)?;
        }
        out.end()
    }
}
