//! The shapes of jobs: their kinds, requests, events and outputs, shared by the command line
//! and the wasm facade. With the `serde` feature they (de)serialize with snake_case keys, as
//! the command line's JSON; the facade renames keys to camelCase for JavaScript. Cards, seats,
//! strains and deals are written as text: `"SA"`, `"N"`, `"NT"`, `"N:AK.…"`.
//!
//! Adding a kind: a [`Kind`], a [`Request`] and an [`Output`] variant, and its task
//! (in the `task` module, which also turns requests into tasks).

use crate::{
    pbn, Active, Card, Config, DdTable, Deal, Error, Position, ProbeRecord, Seat, SingleDummyRequest,
    SingleDummyResult, Strain, SuitAnalysis, TraceNode, TracedProbe, TrickStats, TtMode, Vulnerability,
};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A schema key as the JS API writes it: `dealer_par_score_ns` becomes `dealerParScoreNs`; keys without `_`
/// (cards, seats, strains) stay as they are.
pub fn camel_case(key: &str) -> String {
    let up = |w: &str| w.get(..1).map_or(String::new(), str::to_uppercase) + w.get(1..).unwrap_or("");
    key.split('_').enumerate().map(|(i, w)| if i == 0 { w.to_string() } else { up(w) }).collect()
}

/// The kinds of job, by the names the worker protocol uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Table,
    Tables,
    Solve,
    Analyse,
    Inspect,
    Par,
    Play,
    Bench,
    Single,
    Suit,
    Trace,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::Table,
        Kind::Tables,
        Kind::Solve,
        Kind::Analyse,
        Kind::Inspect,
        Kind::Par,
        Kind::Play,
        Kind::Bench,
        Kind::Single,
        Kind::Suit,
        Kind::Trace,
    ];

    pub fn name(self) -> &'static str {
        ["table", "tables", "solve", "analyse", "inspect", "par", "play", "bench", "single", "suit", "trace"]
            [self as usize]
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = Error;

    /// The names, and `analyze` and `active` as aliases.
    fn from_str(s: &str) -> Result<Kind, Error> {
        let s = match s {
            "analyze" => "analyse",
            "active" => "inspect",
            s => s,
        };
        Kind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
            Error::BadRequest(format!("unknown job kind '{s}' (use {})", names.join(", ")))
        })
    }
}

// ---------------------------------------------------------------------------------------
// Requests

/// Search settings of a request: memory and the ablation switches. Unset fields keep the
/// runner's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(default, rename_all = "camelCase"))]
pub struct Options {
    /// Transposition-table memory per thread, in MB.
    pub tt_megabytes: Option<usize>,
    pub tt: Option<TtMode>,
    pub quick_tricks: Option<bool>,
    pub move_ordering: Option<bool>,
    /// `inspect`: solve from an empty transposition table; `single`: empty it before each
    /// sample (`true`) or keep it across samples (`false`); unset, the job chooses by the
    /// tricks left (`crate::TablePolicy::Auto`).
    pub fresh: Option<bool>,
}

impl Options {
    /// `base` with the settings this request sets.
    pub fn apply(&self, base: Config) -> Config {
        Config {
            tt_megabytes: self.tt_megabytes.unwrap_or(base.tt_megabytes),
            tt_mode: self.tt.unwrap_or(base.tt_mode),
            quick_tricks: self.quick_tricks.unwrap_or(base.quick_tricks),
            move_ordering: self.move_ordering.unwrap_or(base.move_ordering),
        }
    }
}

/// Cards as a list (`["SA", "HK"]`) or as text (`"SA HK"`, `"SA,HK"`, or `"SAHK"` as in PBN
/// play records and DDS's `PLAY` lines).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(untagged))]
pub enum CardList {
    List(Vec<String>),
    Text(String),
}

impl Default for CardList {
    fn default() -> CardList {
        CardList::List(Vec::new())
    }
}

impl CardList {
    pub fn parse(&self) -> Result<Vec<Card>, Error> {
        let words: Vec<String> = match self {
            CardList::List(v) => v.clone(),
            CardList::Text(t) if t.contains(|c: char| c.is_whitespace() || c == ',') => {
                t.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).map(str::to_string).collect()
            }
            CardList::Text(t) => {
                t.trim().chars().collect::<Vec<char>>().chunks(2).map(|c| c.iter().collect()).collect()
            }
        };
        words.iter().map(|w| Card::parse(w.trim())).collect()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct TableRequest {
    pub deal: String,
    /// Also return every null-window probe of the search ([`TableOut::probes`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub probes: bool,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct TablesRequest {
    pub deals: Vec<String>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

/// A position: the hands before the current trick, the strain, the leader of the current
/// trick and the cards already played to it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct PositionRequest {
    pub deal: String,
    #[cfg_attr(feature = "serde", serde(alias = "strain"))]
    pub trump: String,
    pub leader: String,
    #[cfg_attr(feature = "serde", serde(default))]
    pub trick: CardList,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

impl PositionRequest {
    pub fn position(&self) -> Result<Position, Error> {
        Position::new(parse_deal(&self.deal)?, self.trump.parse()?, self.leader.parse()?, &self.trick.parse()?)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct ParRequest {
    pub deal: String,
    /// Default North.
    #[cfg_attr(feature = "serde", serde(default))]
    pub dealer: Option<String>,
    /// `None` (default), `NS`, `EW` or `All` (also `Both`).
    #[cfg_attr(feature = "serde", serde(default, alias = "vul", alias = "vulnerable"))]
    pub vulnerability: Option<String>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

/// A play record from the opening lead: `leader` leads to the first trick.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct PlayRequest {
    pub deal: String,
    #[cfg_attr(feature = "serde", serde(alias = "strain"))]
    pub trump: String,
    pub leader: String,
    #[cfg_attr(feature = "serde", serde(default))]
    pub play: CardList,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct BenchRequest {
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

/// A single-dummy analysis: the engine's request (the command line's JSON line) and the
/// search settings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct SingleRequest {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub job: SingleDummyRequest,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

/// Exact suit play: North's and South's cards of one suit (`AK987x`, `Jx`), and the vacant
/// places of West and East (13 each by default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct SuitRequest {
    pub north: String,
    pub south: String,
    #[cfg_attr(feature = "serde", serde(default))]
    pub west_vacant: Option<u8>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub east_vacant: Option<u8>,
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: Options,
}

/// A trace of the search on a position of at most 4 tricks (`crate::MAX_TRACE_TRICKS`),
/// always from an empty table: with `target` (the tricks the side to move must take, the
/// current trick included) one null-window search, without it a whole run (MTD(f)'s
/// searches, then the two that prove the value's active cards, as `inspect` runs them).
/// The `options` switch the ablations (`tt`, `quickTricks`, `moveOrdering`), so that the
/// tree grows as they go off.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Deserialize), serde(rename_all = "camelCase"))]
pub struct TraceRequest {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub position: PositionRequest,
    #[cfg_attr(feature = "serde", serde(default))]
    pub target: Option<u8>,
}

/// A request of any kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Table(TableRequest),
    Tables(TablesRequest),
    Solve(PositionRequest),
    Analyse(PositionRequest),
    Inspect(PositionRequest),
    Par(ParRequest),
    Play(PlayRequest),
    Bench(BenchRequest),
    Single(SingleRequest),
    Suit(SuitRequest),
    Trace(TraceRequest),
}

impl Request {
    /// Reads a request of `kind` with any serde deserializer.
    #[cfg(feature = "serde")]
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(kind: Kind, d: D) -> Result<Request, Error> {
        let bad = |e: D::Error| Error::BadRequest(format!("bad {kind} request: {e}"));
        Ok(match kind {
            Kind::Table => Request::Table(TableRequest::deserialize(d).map_err(bad)?),
            Kind::Tables => Request::Tables(TablesRequest::deserialize(d).map_err(bad)?),
            Kind::Solve => Request::Solve(PositionRequest::deserialize(d).map_err(bad)?),
            Kind::Analyse => Request::Analyse(PositionRequest::deserialize(d).map_err(bad)?),
            Kind::Inspect => Request::Inspect(PositionRequest::deserialize(d).map_err(bad)?),
            Kind::Par => Request::Par(ParRequest::deserialize(d).map_err(bad)?),
            Kind::Play => Request::Play(PlayRequest::deserialize(d).map_err(bad)?),
            Kind::Bench => Request::Bench(BenchRequest::deserialize(d).map_err(bad)?),
            Kind::Single => Request::Single(SingleRequest::deserialize(d).map_err(bad)?),
            Kind::Suit => Request::Suit(SuitRequest::deserialize(d).map_err(bad)?),
            Kind::Trace => Request::Trace(TraceRequest::deserialize(d).map_err(bad)?),
        })
    }

    pub fn options(&self) -> &Options {
        match self {
            Request::Table(r) => &r.options,
            Request::Tables(r) => &r.options,
            Request::Solve(r) | Request::Analyse(r) | Request::Inspect(r) => &r.options,
            Request::Par(r) => &r.options,
            Request::Play(r) => &r.options,
            Request::Bench(r) => &r.options,
            Request::Single(r) => &r.options,
            Request::Suit(r) => &r.options,
            Request::Trace(r) => &r.position.options,
        }
    }
}

/// A deal in PBN notation, possibly in quotes.
pub fn parse_deal(text: &str) -> Result<Deal, Error> {
    pbn::parse_deal(text.trim().trim_matches('"'))
}

// ---------------------------------------------------------------------------------------
// Outputs

/// A deal's DD table: `{deal, tricks: {N: {NT, S, H, D, C}, E: …}}`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct TableOut {
    pub deal: Deal,
    pub tricks: DdTable,
    /// When the request asked for them: every null-window probe, strain by strain in the
    /// order they were solved (MTD(f)'s steps: where a table's time goes).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub probes: Vec<ProbeRecord>,
}

impl TableOut {
    pub fn new(deal: Deal, tricks: DdTable) -> TableOut {
        TableOut { deal, tricks, probes: Vec::new() }
    }
}

/// Cards with their tricks, written as an object in the engine's order (spades to clubs,
/// high to low): `{"SA": 9, "SK": 9, …}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardTricks(pub Vec<(Card, u8)>);

/// The position a result is about, in normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct PositionOut {
    pub deal: Deal,
    pub trump: Strain,
    pub leader: Seat,
    pub trick: Vec<Card>,
    /// The seat to play next.
    pub tomove: Seat,
}

impl From<&Position> for PositionOut {
    fn from(p: &Position) -> PositionOut {
        PositionOut {
            deal: *p.deal(),
            trump: p.strain(),
            leader: p.leader(),
            trick: p.trick().to_vec(),
            tomove: p.to_move(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct SolveOut {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub position: PositionOut,
    /// The tricks `tomove`'s side takes from here, the current trick included.
    pub tricks: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct AnalyseOut {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub position: PositionOut,
    /// The most tricks any card gives.
    pub best: u8,
    /// Every legal card of `tomove` with the tricks its side takes after playing it.
    pub tricks: CardTricks,
}

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct InspectOut {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub position: PositionOut,
    pub tricks: u8,
    /// The active cards of the proof, and how many layouts of the inert cards share the value.
    pub active: Active,
    /// What the search did per trick depth (index 0: the first trick of a full deal).
    pub per_trick: [TrickStats; 13],
    pub total: TrickStats,
    pub config: Config,
}

/// DDS's `DealerPar()` and `Par()` (the keys of `par.jsonl`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct ParScores {
    /// The dealer's side bids first.
    pub dealer_par_score_ns: i32,
    /// `"3S*-NS-1"`, contracts joined with commas.
    pub dealer_par_contracts: String,
    /// Both sides bidding first: `"NS -100"`, `"EW 100"`.
    pub par_ns: String,
    pub par_ew: String,
    /// `"NS:NS 3Sx"`, `"EW:NS 3Sx"`.
    pub contracts_ns: String,
    pub contracts_ew: String,
}

impl ParScores {
    pub fn new(table: &DdTable, dealer: Seat, vul: Vulnerability) -> ParScores {
        let (d, p) = (crate::dealer_par(table, dealer, vul), crate::par(table, vul));
        ParScores {
            dealer_par_score_ns: d.score_ns,
            dealer_par_contracts: d.contracts_text(),
            par_ns: p.par_ns,
            par_ew: p.par_ew,
            contracts_ns: p.contracts_ns,
            contracts_ew: p.contracts_ew,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct ParOut {
    pub deal: Deal,
    pub dealer: Seat,
    pub vulnerable: Vulnerability,
    pub tricks: DdTable,
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub scores: ParScores,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct PlayOut {
    pub deal: Deal,
    pub trump: Strain,
    pub leader: Seat,
    /// The seat to the right of the opening leader.
    pub declarer: Seat,
    pub play: Vec<Card>,
    /// Declarer's total tricks (won so far plus the DD value of the rest) before any card
    /// and after each card: `play.len() + 1` numbers (as DDS's `TRACE`).
    pub declarer_tricks: Vec<u8>,
}

/// The bench signature: the node total and each deal's count.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct BenchOut {
    pub nodes: u64,
    pub deals: Vec<u64>,
}

/// A single-dummy answer and, for viewing, the first few sampled deals (original hands).
/// The command line writes only `result`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct SingleOut {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub result: SingleDummyResult,
    pub deals: Vec<Deal>,
}

/// A suit-play analysis: each target's best chance and line, the best average, the layouts.
pub type SuitOut = SuitAnalysis;

/// A trace of the search. One search (the request had a target): `holds`, `nodes` and
/// `root`. A whole run: `tricks`, `nodes` (every search's, as `inspect` counts them on an
/// empty table) and `probes`, each `{step, target, holds, nodes, root}` (`step`: `mtdf` or
/// `proof`; `target` is the side to move's).
///
/// A node: `{id, card?, trick_won_by?, hands, leader, trick, to_move, target_ns, cut?,
/// probe?, children?, skipped?, decided_by?, store?, reached, bound, active}`. Targets and
/// bounds are North-South's, counted from the start of the node's trick; `card` led here
/// from the parent; `cut` is `{rule, cards}`; `probe` is `{result: "miss"}`,
/// `{result: "hit", matched: [ids]}` or `{result: "cut", reached, bound, lower, upper,
/// pattern, stored_by}` (the id of the node whose store answered); a `pattern` is `{top,
/// owners, cards, positions}` (the top cards per suit, their owners, and how many positions
/// share them); `skipped` is `[{card, covered_by}]`; `store` is `{lower, upper, pattern}`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct TraceOut {
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub position: PositionOut,
    /// A run: the tricks the side to move takes, the current trick included.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub tricks: Option<u8>,
    /// One search: whether the side to move takes the target.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub holds: Option<bool>,
    pub nodes: u64,
    /// One search: its tree.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub root: Option<TraceNode>,
    /// A run: its searches in order.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub probes: Vec<TracedProbe>,
}

/// What a job returns.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(untagged))]
pub enum Output {
    Table(TableOut),
    Tables(Vec<TableOut>),
    Solve(SolveOut),
    Analyse(AnalyseOut),
    Inspect(Box<InspectOut>),
    Par(ParOut),
    Play(PlayOut),
    Bench(BenchOut),
    Single(SingleOut),
    Suit(Box<SuitOut>),
    Trace(Box<TraceOut>),
}

macro_rules! into_output {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<$ty> for Output {
            fn from(out: $ty) -> Output {
                Output::$variant(out.into())
            }
        }
    )*};
}
into_output!(
    Table(TableOut),
    Tables(Vec<TableOut>),
    Solve(SolveOut),
    Analyse(AnalyseOut),
    Inspect(InspectOut),
    Par(ParOut),
    Play(PlayOut),
    Bench(BenchOut),
    Single(SingleOut),
    Suit(SuitOut),
    Trace(TraceOut)
);

/// What a job reports while it runs.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize), serde(tag = "type", rename_all = "lowercase"))]
pub enum Event {
    /// One entry of a DD table; `index` is the deal's index in a batch (0 for one table).
    Entry { index: usize, declarer: Seat, strain: Strain, tricks: u8 },
    /// A whole table of a batch.
    Table { index: usize, table: TableOut },
    /// A card of an analysis, as soon as it is solved.
    Card { card: Card, tricks: u8 },
    /// The value after `index` cards of a play record (0: before the opening lead).
    Trace { index: usize, tricks: u8 },
    /// One deal of the bench signature.
    Deal { index: usize, nodes: u64 },
    /// A single-dummy estimate over the `estimate.samples` of `total` samples done so far
    /// (every sample's up to `task::single::MAX_ESTIMATES`, then every few samples').
    Estimate {
        total: usize,
        #[cfg_attr(feature = "serde", serde(flatten))]
        estimate: SingleDummyResult,
    },
    /// A suit-play opening lead (`S2`: South's 2) whose game is solved.
    Lead { lead: String },
    /// `done` of `total` units of progress: sent by runners that count, never by tasks.
    Progress { done: usize, total: usize },
}

impl Event {
    /// Whether the event is a unit of progress (see `Task::progress_total`).
    pub fn counts(&self) -> bool {
        matches!(
            self,
            Event::Entry { .. }
                | Event::Card { .. }
                | Event::Trace { .. }
                | Event::Deal { .. }
                | Event::Estimate { .. }
                | Event::Lead { .. }
        )
    }
}

// ---------------------------------------------------------------------------------------
// Serde for the engine's own types: as text, or as the command line writes them.

#[cfg(feature = "serde")]
mod text {
    use super::*;
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    macro_rules! as_text {
        ($($ty:ty),*) => {$(
            impl Serialize for $ty {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.collect_str(self)
                }
            }
        )*};
    }
    as_text!(Card, Seat, Strain, Deal, TtMode, Vulnerability);

    impl<'de> Deserialize<'de> for TtMode {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TtMode, D::Error> {
            String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
        }
    }

    impl Serialize for crate::Cards {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.iter().map(|c| c.to_string()))
        }
    }

    impl Serialize for CardTricks {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (card, tricks) in &self.0 {
                map.serialize_entry(card, tricks)?;
            }
            map.end()
        }
    }

    /// `{"N": {"NT": 9, "S": 8, "H": 7, "D": 6, "C": 5}, "E": …}`: NT first, as DDS's
    /// `tables.jsonl`.
    impl Serialize for DdTable {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            struct Row<'a>(&'a DdTable, Seat);
            impl Serialize for Row<'_> {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    let mut map = s.serialize_map(Some(5))?;
                    for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
                        map.serialize_entry(&strain, &self.0.get(self.1, strain))?;
                    }
                    map.end()
                }
            }
            let mut map = s.serialize_map(Some(4))?;
            for seat in Seat::ALL {
                map.serialize_entry(&seat, &Row(self, seat))?;
            }
            map.end()
        }
    }
}
