//! The facade's requests, jobs and results, in plain Rust (no wasm-bindgen), so that the
//! native workspace can test them. The shapes mirror the command line's JSON: a table is
//! `{deal, tricks: {N: {NT, S, H, D, C}, E: …}}`, an analysis `{tomove, tricks: {SA: 9, …}}`.
//!
//! A [`Job`] is built from a request (all input is checked there, so bad input fails before
//! any work starts) and then run either in small steps on the calling thread ([`Job::step`],
//! the single-threaded build: the worker looks at its messages between steps) or all at once
//! on the rayon pool ([`Job::run_parallel`], the threaded build). Both give the same results.

use glasshand::{
    dealer_par, par, pbn, solve_strain, Active, Card, Cards, Config, DdTable, Deal, Error, Position, Seat, Solver,
    Strain, TrickStats, TtMode, Vulnerability,
};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Transposition-table memory per thread unless a request asks otherwise. Every thread keeps
/// one solver, so the threaded build's memory is about `threads * 16 MB` plus 2 MB of stack
/// per thread: within the 256 MiB maximum of its shared memory for up to 8 threads.
pub const DEFAULT_TT_MEGABYTES: usize = 16;
/// The most a request may ask for per thread.
pub const MAX_TT_MEGABYTES: usize = 64;

/// An error for the JS side: a message for people and a stable machine-readable code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub message: String,
    pub code: String,
    /// For a stopped `inspect`: the nodes searched before it stopped.
    pub nodes: Option<u64>,
}

impl ApiError {
    pub fn new(code: &str, message: impl Into<String>) -> ApiError {
        ApiError { message: message.into(), code: code.to_string(), nodes: None }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new("bad-request", message)
    }

    fn context(self, what: &str) -> ApiError {
        ApiError { message: format!("{what}: {}", self.message), ..self }
    }
}

impl From<Error> for ApiError {
    fn from(e: Error) -> ApiError {
        ApiError::new(e.code(), e.to_string())
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

// ---------------------------------------------------------------------------------------
// Requests

/// Search settings of a request: memory and the ablation switches of the teaching site.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Options {
    /// Transposition-table memory per thread, in MB (1..=64; default 16).
    #[serde(alias = "tt_megabytes")]
    pub tt_megabytes: Option<u32>,
    /// `off`, `exact`, `relative` or `partition` (default).
    pub tt: Option<String>,
    #[serde(alias = "quick_tricks")]
    pub quick_tricks: Option<bool>,
    #[serde(alias = "move_ordering")]
    pub move_ordering: Option<bool>,
    /// `inspect` only: solve from an empty transposition table, so that the statistics are
    /// those of a cold solve (other jobs ignore it).
    pub fresh: Option<bool>,
}

impl Options {
    pub fn config(&self) -> Result<Config, ApiError> {
        let mut config = Config { tt_megabytes: DEFAULT_TT_MEGABYTES, ..Config::default() };
        if let Some(mb) = self.tt_megabytes {
            if mb == 0 || mb as usize > MAX_TT_MEGABYTES {
                return Err(ApiError::bad_request(format!(
                    "ttMegabytes must be between 1 and {MAX_TT_MEGABYTES}, not {mb}"
                )));
            }
            config.tt_megabytes = mb as usize;
        }
        if let Some(tt) = &self.tt {
            config.tt_mode = tt.parse::<TtMode>().ok().ok_or_else(|| {
                ApiError::bad_request(format!("unknown tt mode '{tt}' (use off, exact, relative or partition)"))
            })?;
        }
        if let Some(q) = self.quick_tricks {
            config.quick_tricks = q;
        }
        if let Some(m) = self.move_ordering {
            config.move_ordering = m;
        }
        Ok(config)
    }
}

/// Cards as a list (`["SA", "HK"]`) or as text (`"SA HK"`, `"SA,HK"`, or `"SAHK"` as in PBN
/// play records and DDS's `PLAY` lines).
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
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
    pub fn parse(&self) -> Result<Vec<Card>, ApiError> {
        let words: Vec<String> = match self {
            CardList::List(v) => v.clone(),
            CardList::Text(t) => {
                let t = t.trim();
                if t.contains(|c: char| c.is_whitespace() || c == ',') {
                    t.split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|w| !w.is_empty())
                        .map(str::to_string)
                        .collect()
                } else {
                    let chars: Vec<char> = t.chars().collect();
                    chars.chunks(2).map(|c| c.iter().collect()).collect()
                }
            }
        };
        words.iter().map(|w| Card::parse(w.trim()).map_err(ApiError::from)).collect()
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TableRequest {
    pub deal: String,
    #[serde(default)]
    pub options: Options,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TablesRequest {
    pub deals: Vec<String>,
    #[serde(default)]
    pub options: Options,
}

/// A position: the hands before the current trick, the strain, the leader of the current
/// trick and the cards already played to it (as in `positions.jsonl` and the command line).
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionRequest {
    pub deal: String,
    #[serde(alias = "strain")]
    pub trump: String,
    pub leader: String,
    #[serde(default)]
    pub trick: CardList,
    #[serde(default)]
    pub options: Options,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParRequest {
    pub deal: String,
    /// Default North.
    #[serde(default)]
    pub dealer: Option<String>,
    /// `None` (default), `NS`, `EW` or `All` (also `Both`).
    #[serde(default, alias = "vul", alias = "vulnerable")]
    pub vulnerability: Option<String>,
    #[serde(default)]
    pub options: Options,
}

/// A play record from the opening lead: `leader` leads to the first trick.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayRequest {
    pub deal: String,
    #[serde(alias = "strain")]
    pub trump: String,
    pub leader: String,
    #[serde(default)]
    pub play: CardList,
    #[serde(default)]
    pub options: Options,
}

pub fn parse_deal(text: &str) -> Result<Deal, ApiError> {
    Ok(pbn::parse_deal(text.trim().trim_matches('"'))?)
}

pub fn parse_strain(text: &str) -> Result<Strain, ApiError> {
    Strain::parse(text).ok_or_else(|| Error::UnknownStrain(text.to_string()).into())
}

pub fn parse_seat(text: &str) -> Result<Seat, ApiError> {
    Seat::parse(text).ok_or_else(|| Error::UnknownSeat(text.to_string()).into())
}

fn parse_vulnerability(text: &str) -> Result<Vulnerability, ApiError> {
    let t = text.trim();
    let t = if t.eq_ignore_ascii_case("both") { "All" } else { t };
    Vulnerability::parse(t).ok_or_else(|| {
        ApiError::new("unknown-vulnerability", format!("unknown vulnerability '{text}' (use None, NS, EW or All)"))
    })
}

fn parse_position(req: &PositionRequest) -> Result<Position, ApiError> {
    let deal = parse_deal(&req.deal)?;
    let strain = parse_strain(&req.trump)?;
    let leader = parse_seat(&req.leader)?;
    let trick = req.trick.parse()?;
    Ok(Position::new(deal, strain, leader, &trick)?)
}

// ---------------------------------------------------------------------------------------
// Results

/// One declarer's row of a DD table, in the command line's key order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[allow(non_snake_case)]
pub struct Row {
    pub NT: u8,
    pub S: u8,
    pub H: u8,
    pub D: u8,
    pub C: u8,
}

/// `tricks[declarer][strain]` as `{N: {NT, S, H, D, C}, E, S, W}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[allow(non_snake_case)]
pub struct Tricks {
    pub N: Row,
    pub E: Row,
    pub S: Row,
    pub W: Row,
}

impl From<&DdTable> for Tricks {
    fn from(t: &DdTable) -> Tricks {
        let row = |seat: Seat| Row {
            NT: t.get(seat, Strain::NoTrump),
            S: t.get(seat, Strain::Spades),
            H: t.get(seat, Strain::Hearts),
            D: t.get(seat, Strain::Diamonds),
            C: t.get(seat, Strain::Clubs),
        };
        Tricks { N: row(Seat::North), E: row(Seat::East), S: row(Seat::South), W: row(Seat::West) }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableOut {
    /// The deal as the engine writes it (`N:` first).
    pub deal: String,
    pub tricks: Tricks,
}

/// Cards with their tricks, as a JSON object in the engine's order (spades to clubs, high
/// to low): `{"SA": 9, "SK": 9, …}`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardTricks(pub Vec<(Card, u8)>);

impl Serialize for CardTricks {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (card, tricks) in &self.0 {
            map.serialize_entry(&card.to_string(), tricks)?;
        }
        map.end()
    }
}

/// The position a result is about, echoed in normal form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionOut {
    pub deal: String,
    pub trump: String,
    pub leader: String,
    pub trick: Vec<String>,
    /// The seat to play next.
    pub tomove: String,
}

impl From<&Position> for PositionOut {
    fn from(p: &Position) -> PositionOut {
        PositionOut {
            deal: p.deal().to_pbn(),
            trump: p.strain().name().to_string(),
            leader: p.leader().letter().to_string(),
            trick: p.trick().iter().map(|c| c.to_string()).collect(),
            tomove: p.to_move().letter().to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveOut {
    #[serde(flatten)]
    pub position: PositionOut,
    /// The tricks `tomove`'s side takes from here, the current trick included.
    pub tricks: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalyseOut {
    #[serde(flatten)]
    pub position: PositionOut,
    /// The most tricks any card gives.
    pub best: u8,
    /// Every legal card of `tomove` with the tricks its side takes after playing it.
    pub tricks: CardTricks,
}

/// The engine's settings, echoed with the results of `inspect`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConfigOut {
    pub tt_megabytes: usize,
    pub tt: String,
    pub quick_tricks: bool,
    pub move_ordering: bool,
}

impl From<&Config> for ConfigOut {
    fn from(c: &Config) -> ConfigOut {
        ConfigOut {
            tt_megabytes: c.tt_megabytes,
            tt: match c.tt_mode {
                TtMode::Off => "off",
                TtMode::Exact => "exact",
                TtMode::Relative => "relative",
                TtMode::Partition => "partition",
            }
            .to_string(),
            quick_tricks: c.quick_tricks,
            move_ordering: c.move_ordering,
        }
    }
}

/// The command line's `inspect` line, with the totals and the settings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InspectOut {
    #[serde(flatten)]
    pub position: PositionOut,
    pub tricks: u8,
    /// `{tricks, top: [k per suit S H D C], cards, inert, deals_sharing}`: the active cards
    /// of the proof, and how many layouts of the inert cards share the value.
    pub active: Active,
    /// What the search did per trick depth (index 0: the first trick of a full deal), for
    /// the value and the two proofs of the active cards.
    pub per_trick: [TrickStats; 13],
    pub total: TrickStats,
    pub config: ConfigOut,
}

/// The command line's `par --json` line (the keys of `par.jsonl`) with the DD table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParOut {
    pub deal: String,
    pub dealer: String,
    pub vulnerable: String,
    pub tricks: Tricks,
    /// DDS `DealerPar()`: the dealer's side bids first.
    pub dealer_par_score_ns: i32,
    /// `"3S*-NS-1"`, contracts joined with commas.
    pub dealer_par_contracts: String,
    /// DDS `Par()`, both sides bidding first: `"NS -100"`, `"EW 100"`.
    pub par_ns: String,
    pub par_ew: String,
    /// `"NS:NS 3Sx"`, `"EW:NS 3Sx"`.
    pub contracts_ns: String,
    pub contracts_ew: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayOut {
    pub deal: String,
    pub trump: String,
    pub leader: String,
    /// The declarer: the seat to the right of the opening leader.
    pub declarer: String,
    pub play: Vec<String>,
    /// Declarer's total tricks (won so far plus the DD value of the rest) before any card
    /// and after each card: `play.length + 1` numbers (as DDS's `TRACE`).
    pub declarer_tricks: Vec<u8>,
}

/// What a job returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Output {
    Table(TableOut),
    Tables(Vec<TableOut>),
    Solve(SolveOut),
    Analyse(AnalyseOut),
    Inspect(Box<InspectOut>),
    Par(ParOut),
    Play(PlayOut),
}

/// What a job reports while it runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Event {
    /// One entry of a DD table; `index` is the deal's index in a batch (0 for one table).
    Entry { index: usize, declarer: String, strain: String, tricks: u8 },
    /// A whole table of a batch.
    Table { index: usize, table: TableOut },
    /// A card of an analysis, as soon as it is solved.
    Card { card: String, tricks: u8 },
    /// The value after `index` cards of a play record (0: before the opening lead).
    Trace { index: usize, tricks: u8 },
    /// `done` of `total` units (table entries, cards, …).
    Progress { done: u32, total: u32 },
}

// ---------------------------------------------------------------------------------------
// Jobs

/// The kinds of job, by the names the worker protocol uses.
pub const KINDS: [&str; 7] = ["table", "tables", "solve", "analyse", "inspect", "par", "play"];

/// A request, checked and ready to run.
#[derive(Debug)]
pub struct Job {
    config: Config,
    stop: Arc<AtomicBool>,
    work: Work,
}

#[derive(Debug)]
enum Work {
    /// One or more DD tables (and par for one of them), one strain per step: unit `next`
    /// is strain `next % 5` of deal `next / 5`.
    Tables {
        deals: Vec<Deal>,
        par: Option<(Seat, Vulnerability)>,
        one: bool,
        tables: Vec<DdTable>,
        next: usize,
    },
    Solve(Position),
    /// One group of equivalent cards per step, as [`Solver::analyse`] does them.
    Analyse {
        pos: Position,
        groups: std::vec::IntoIter<Cards>,
        guess: Option<u8>,
        cards: Vec<(Card, u8)>,
    },
    /// `fresh`: from an empty transposition table.
    Inspect {
        pos: Position,
        fresh: bool,
    },
    /// One position of the record per step, as [`glasshand::analyse_play`] does them:
    /// `positions[i]` is the position after `i` cards with the tricks declarer has won.
    Play {
        leader: Seat,
        cards: Vec<Card>,
        positions: Vec<(Position, u8)>,
        guess: Option<u8>,
        trace: Vec<u8>,
    },
    Finished,
}

/// A request of any kind.
#[derive(Clone, Debug)]
pub enum Request {
    Table(TableRequest),
    Tables(TablesRequest),
    Solve(PositionRequest),
    Analyse(PositionRequest),
    Inspect(PositionRequest),
    Par(ParRequest),
    Play(PlayRequest),
}

impl Request {
    /// Reads a request of `kind` with any serde deserializer (serde-wasm-bindgen's in the
    /// browser).
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(kind: &str, d: D) -> Result<Request, ApiError> {
        let bad = |e: D::Error| ApiError::bad_request(format!("bad {kind} request: {e}"));
        Ok(match kind {
            "table" => Request::Table(TableRequest::deserialize(d).map_err(bad)?),
            "tables" => Request::Tables(TablesRequest::deserialize(d).map_err(bad)?),
            "solve" => Request::Solve(PositionRequest::deserialize(d).map_err(bad)?),
            "analyse" | "analyze" => Request::Analyse(PositionRequest::deserialize(d).map_err(bad)?),
            "inspect" | "active" => Request::Inspect(PositionRequest::deserialize(d).map_err(bad)?),
            "par" => Request::Par(ParRequest::deserialize(d).map_err(bad)?),
            "play" => Request::Play(PlayRequest::deserialize(d).map_err(bad)?),
            other => {
                return Err(ApiError::bad_request(format!("unknown job kind '{other}' (use {})", KINDS.join(", "))))
            }
        })
    }
}

/// The positions of a play record from the opening lead, each with the tricks declarer has
/// won before it. Every card is checked: a revoke or a card not held is input error.
fn play_positions(start: Position, cards: &[Card]) -> Result<Vec<(Position, u8)>, ApiError> {
    let declarer = start.leader().prev();
    let mut positions = vec![(start, 0)];
    for (i, &card) in cards.iter().enumerate() {
        let (pos, mut won) = positions.last().expect("the start").clone();
        let next = pos.play(card).map_err(|e| ApiError::from(e).context(&format!("card {} ({card})", i + 1)))?;
        if pos.trick().len() == 3 && next.leader().is_ns() == declarer.is_ns() {
            won += 1;
        }
        positions.push((next, won));
    }
    Ok(positions)
}

impl Job {
    /// Checks the request; every input error is reported here, before any search.
    pub fn new(request: &Request) -> Result<Job, ApiError> {
        let tables = |deals: Vec<Deal>, one: bool, par| Work::Tables {
            tables: vec![DdTable::default(); deals.len()],
            deals,
            par,
            one,
            next: 0,
        };
        let (options, work) = match request {
            Request::Table(r) => (&r.options, tables(vec![parse_deal(&r.deal)?], true, None)),
            Request::Tables(r) => {
                let deals = r
                    .deals
                    .iter()
                    .enumerate()
                    .map(|(i, d)| parse_deal(d).map_err(|e| e.context(&format!("deal {}", i + 1))))
                    .collect::<Result<Vec<_>, _>>()?;
                (&r.options, tables(deals, false, None))
            }
            Request::Solve(r) => (&r.options, Work::Solve(parse_position(r)?)),
            Request::Analyse(r) => {
                let pos = parse_position(r)?;
                let groups = pos.groups().into_iter();
                (&r.options, Work::Analyse { pos, groups, guess: None, cards: Vec::new() })
            }
            Request::Inspect(r) => {
                (&r.options, Work::Inspect { pos: parse_position(r)?, fresh: r.options.fresh == Some(true) })
            }
            Request::Par(r) => {
                let deal = parse_deal(&r.deal)?;
                let dealer = r.dealer.as_deref().map_or(Ok(Seat::North), parse_seat)?;
                let vul = r.vulnerability.as_deref().map_or(Ok(Vulnerability::None), parse_vulnerability)?;
                (&r.options, tables(vec![deal], true, Some((dealer, vul))))
            }
            Request::Play(r) => {
                let leader = parse_seat(&r.leader)?;
                let start = Position::at_trick_start(parse_deal(&r.deal)?, parse_strain(&r.trump)?, leader);
                let cards = r.play.parse()?;
                let positions = play_positions(start, &cards)?;
                (&r.options, Work::Play { leader, cards, positions, guess: None, trace: Vec::new() })
            }
        };
        Ok(Job { config: options.config()?, stop: Arc::new(AtomicBool::new(false)), work })
    }

    /// The flag that stops this job: the search polls it.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Asks the job to stop; it then ends with the error code `stopped`.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// How many units of work the job has (table entries, cards, …), for progress.
    pub fn total(&self) -> u32 {
        match &self.work {
            Work::Tables { deals, .. } => 20 * deals.len() as u32,
            Work::Solve(_) | Work::Inspect { .. } => 1,
            Work::Analyse { pos, .. } => pos.legal_cards().len(),
            Work::Play { positions, .. } => positions.len() as u32,
            Work::Finished => 0,
        }
    }

    /// Does one unit of work (one strain of a table, one card of a play record, or a whole
    /// search) on this thread, with this thread's solver. Returns the result once done.
    pub fn step(&mut self, sink: &mut dyn FnMut(Event)) -> Result<Option<Output>, ApiError> {
        if self.stop.load(Ordering::Relaxed) {
            self.work = Work::Finished;
            return Err(Error::Stopped { nodes: None }.into());
        }
        let total = self.total();
        let out = with_solver(&self.config, &self.stop, |solver| step_work(&mut self.work, solver, total, sink));
        if out.is_err() {
            self.work = Work::Finished;
        }
        out
    }

    /// Runs the whole job on this thread.
    pub fn run(mut self, sink: &mut dyn FnMut(Event)) -> Result<Output, ApiError> {
        loop {
            if let Some(out) = self.step(sink)? {
                return Ok(out);
            }
        }
    }

    /// Runs the whole job on the rayon pool: the strains of a table, the deals of a batch,
    /// or the groups of equivalent cards of an analysis in parallel, each thread with its
    /// own solver. `sink` may be called from any thread of the pool.
    #[cfg(feature = "parallel")]
    pub fn run_parallel(self, sink: &(dyn Fn(Event) + Sync)) -> Result<Output, ApiError> {
        use rayon::prelude::*;
        use std::sync::atomic::AtomicU32;
        let total = self.total();
        let (config, stop) = (&self.config, &self.stop);
        let done = AtomicU32::new(0);
        let progress = || {
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            sink(Event::Progress { done: d, total });
        };
        match &self.work {
            Work::Analyse { pos, groups, .. } => {
                let groups = groups.as_slice();
                let values = groups
                    .par_iter()
                    .map(|group| {
                        let card = group.lowest().expect("groups are not empty");
                        let (tricks, _) = with_solver(config, stop, |solver| solver.card_value(pos, card, None))?;
                        for card in group.iter() {
                            sink(Event::Card { card: card.to_string(), tricks });
                            progress();
                        }
                        Ok(tricks)
                    })
                    .collect::<Result<Vec<u8>, Error>>()?;
                let cards = groups.iter().zip(values).flat_map(|(g, t)| g.iter().map(move |c| (c, t))).collect();
                Ok(analyse_out(pos, cards))
            }
            Work::Tables { deals, par, one, .. } => {
                let entry = |index: usize, seat: Seat, strain: Strain, tricks: u8| {
                    sink(entry_event(index, seat, strain, tricks));
                    progress();
                };
                let tables: Vec<DdTable> = if *one {
                    let deal = &deals[0];
                    let rows = Strain::ALL
                        .par_iter()
                        .map(|&strain| {
                            let mut row = [0u8; 4];
                            with_solver(config, stop, |solver| {
                                solve_strain(solver, deal, strain, &mut |seat, tricks| {
                                    row[seat.index()] = tricks;
                                    entry(0, seat, strain, tricks);
                                })
                            })?;
                            Ok(row)
                        })
                        .collect::<Result<Vec<_>, Error>>()?;
                    let mut table = DdTable::default();
                    for (strain, row) in Strain::ALL.into_iter().zip(rows) {
                        for seat in Seat::ALL {
                            table.set(seat, strain, row[seat.index()]);
                        }
                    }
                    vec![table]
                } else {
                    deals
                        .par_iter()
                        .enumerate()
                        .map(|(index, deal)| {
                            let table = with_solver(config, stop, |solver| {
                                let mut table = DdTable::default();
                                for strain in Strain::ALL {
                                    solve_strain(solver, deal, strain, &mut |seat, tricks| {
                                        table.set(seat, strain, tricks);
                                        entry(index, seat, strain, tricks);
                                    })?;
                                }
                                Ok::<_, Error>(table)
                            })?;
                            sink(Event::Table { index, table: table_out(deal, &table) });
                            Ok(table)
                        })
                        .collect::<Result<Vec<_>, Error>>()?
                };
                Ok(finish_tables(deals, &tables, *one, *par))
            }
            _ => self.run(&mut |e| sink(e)),
        }
    }
}

fn entry_event(index: usize, seat: Seat, strain: Strain, tricks: u8) -> Event {
    Event::Entry { index, declarer: seat.letter().to_string(), strain: strain.name().to_string(), tricks }
}

fn table_out(deal: &Deal, table: &DdTable) -> TableOut {
    TableOut { deal: deal.to_pbn(), tricks: table.into() }
}

/// The result of a table, a batch or par (for the first deal, with `par_for`).
fn finish_tables(deals: &[Deal], tables: &[DdTable], one: bool, par_for: Option<(Seat, Vulnerability)>) -> Output {
    if let Some((dealer, vul)) = par_for {
        let p = par(&tables[0], vul);
        let d = dealer_par(&tables[0], dealer, vul);
        return Output::Par(ParOut {
            deal: deals[0].to_pbn(),
            dealer: dealer.letter().to_string(),
            vulnerable: vul.name().to_string(),
            tricks: (&tables[0]).into(),
            dealer_par_score_ns: d.score_ns,
            dealer_par_contracts: d.contracts_text(),
            par_ns: p.par_ns,
            par_ew: p.par_ew,
            contracts_ns: p.contracts_ns,
            contracts_ew: p.contracts_ew,
        });
    }
    let mut outs = deals.iter().zip(tables).map(|(d, t)| table_out(d, t));
    if one {
        Output::Table(outs.next().expect("one deal"))
    } else {
        Output::Tables(outs.collect())
    }
}

/// `cards`: the legal cards in the engine's order (the groups' order) with their tricks.
fn analyse_out(pos: &Position, cards: Vec<(Card, u8)>) -> Output {
    Output::Analyse(AnalyseOut {
        position: pos.into(),
        best: cards.iter().map(|&(_, t)| t).max().unwrap_or(0),
        tricks: CardTricks(cards),
    })
}

fn step_work(
    work: &mut Work,
    solver: &mut Solver,
    total: u32,
    sink: &mut dyn FnMut(Event),
) -> Result<Option<Output>, ApiError> {
    let out = match work {
        Work::Tables { deals, par, one, tables, next } => {
            let (index, strain) = (*next / 5, Strain::ALL[*next % 5]);
            let deal = &deals[index];
            let table = &mut tables[index];
            let mut count = *next as u32 * 4;
            solve_strain(solver, deal, strain, &mut |seat, tricks| {
                table.set(seat, strain, tricks);
                sink(entry_event(index, seat, strain, tricks));
                count += 1;
                sink(Event::Progress { done: count, total });
            })?;
            *next += 1;
            if *next % 5 == 0 && !*one {
                sink(Event::Table { index, table: table_out(deal, table) });
            }
            if *next < 5 * deals.len() {
                return Ok(None);
            }
            finish_tables(deals, tables, *one, *par)
        }
        Work::Solve(pos) => {
            let tricks = solver.solve(pos)?;
            sink(Event::Progress { done: 1, total: 1 });
            Output::Solve(SolveOut { position: (&*pos).into(), tricks })
        }
        Work::Analyse { pos, groups, guess, cards } => {
            // Each search seeded with the last value, as Solver::analyse.
            if let Some(group) = groups.next() {
                let card = group.lowest().expect("groups are not empty");
                let (tricks, child_ns) = solver.card_value(pos, card, *guess)?;
                *guess = Some(child_ns);
                for card in group.iter() {
                    cards.push((card, tricks));
                    sink(Event::Card { card: card.to_string(), tricks });
                    sink(Event::Progress { done: cards.len() as u32, total });
                }
                if groups.len() > 0 {
                    return Ok(None);
                }
            }
            analyse_out(pos, std::mem::take(cards))
        }
        Work::Inspect { pos, fresh } => {
            if *fresh {
                solver.clear();
            }
            solver.reset_stats();
            // A stopped search tells how far it got.
            let active = solver
                .active(pos)
                .map_err(|e| ApiError { nodes: Some(solver.stats().nodes()), ..ApiError::from(e) })?;
            sink(Event::Progress { done: 1, total: 1 });
            let stats = solver.stats();
            Output::Inspect(Box::new(InspectOut {
                position: (&*pos).into(),
                tricks: active.tricks,
                active,
                per_trick: stats.per_trick,
                total: stats.total(),
                config: solver.config().into(),
            }))
        }
        Work::Play { leader, cards, positions, guess, trace } => {
            let i = trace.len();
            let (pos, won) = &positions[i];
            let ns = solver.value_ns(pos, *guess)?;
            *guess = Some(ns);
            let declarer = leader.prev();
            let tricks = won + if declarer.is_ns() { ns } else { pos.tricks_left() as u8 - ns };
            trace.push(tricks);
            sink(Event::Trace { index: i, tricks });
            sink(Event::Progress { done: i as u32 + 1, total });
            if trace.len() < positions.len() {
                return Ok(None);
            }
            let start = &positions[0].0;
            Output::Play(PlayOut {
                deal: start.deal().to_pbn(),
                trump: start.strain().name().to_string(),
                leader: leader.letter().to_string(),
                declarer: declarer.letter().to_string(),
                play: cards.iter().map(|c| c.to_string()).collect(),
                declarer_tricks: std::mem::take(trace),
            })
        }
        Work::Finished => return Err(ApiError::new("finished", "the job has already finished")),
    };
    *work = Work::Finished;
    Ok(Some(out))
}

thread_local! {
    /// Each thread keeps one solver (and so one transposition table of the configured size)
    /// between jobs: entries depend on the trump suit only, not on the deal.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver, made for `config` and watching `stop`.
pub fn with_solver<R>(config: &Config, stop: &Arc<AtomicBool>, f: impl FnOnce(&mut Solver) -> R) -> R {
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            if slot.as_ref().map_or(true, |s| s.config() != config) {
                // Free the old table before allocating the new one.
                *slot = None;
                *slot = Some(Solver::new(*config));
            }
            let solver = slot.as_mut().expect("just made");
            solver.set_stop(Some(stop.clone()));
            let out = f(solver);
            solver.set_stop(None);
            out
        }
        Err(_) => {
            let mut solver = Solver::new(*config);
            solver.set_stop(Some(stop.clone()));
            f(&mut solver)
        }
    })
}

/// Frees this thread's solver.
pub fn release_solver() {
    SOLVER.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            *slot = None;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

    fn request(kind: &str, json: &str) -> Result<Request, ApiError> {
        let value: serde_json::Value = serde_json::from_str(json).expect("test JSON");
        Request::deserialize(kind, value).map_err(|e| ApiError::bad_request(e.to_string()))
    }

    fn run(kind: &str, json: &str) -> Result<(Output, Vec<Event>), ApiError> {
        let job = Job::new(&request(kind, json)?)?;
        let mut events = Vec::new();
        let out = job.run(&mut |e| events.push(e))?;
        Ok((out, events))
    }

    fn code(kind: &str, json: &str) -> String {
        match run(kind, json) {
            Ok(_) => "ok".into(),
            Err(e) => e.code,
        }
    }

    #[test]
    fn table_matches_dds_and_streams_every_entry() {
        let (out, events) = run("table", &format!(r#"{{"deal": "{DEAL}"}}"#)).unwrap();
        let Output::Table(t) = out else { panic!("not a table") };
        // tables.jsonl, line 1.
        let expect = serde_json::json!({
            "N": {"NT": 6, "S": 8, "H": 4, "D": 7, "C": 5}, "E": {"NT": 5, "S": 4, "H": 8, "D": 6, "C": 7},
            "S": {"NT": 6, "S": 8, "H": 4, "D": 7, "C": 5}, "W": {"NT": 5, "S": 4, "H": 9, "D": 6, "C": 7}
        });
        assert_eq!(serde_json::to_value(t.tricks).unwrap(), expect);
        assert_eq!(t.deal, DEAL);
        let entries = events.iter().filter(|e| matches!(e, Event::Entry { .. })).count();
        assert_eq!(entries, 20);
        assert!(events.contains(&Event::Progress { done: 20, total: 20 }));
        // Key order as the command line writes it.
        let text = serde_json::to_string(&t).unwrap();
        assert!(text.starts_with(r#"{"deal":"N:AQJT832"#), "{text}");
        assert!(text.contains(r#""tricks":{"N":{"NT":6,"S":8,"H":4,"D":7,"C":5},"E":"#), "{text}");
    }

    #[test]
    fn a_batch_streams_each_table_and_equals_single_tables() {
        let ending = "N:AK.2.3. Q4.3..2 J6..5.4 T8.7.8.";
        let (one, _) = run("table", &format!(r#"{{"deal": "{ending}"}}"#)).unwrap();
        let Output::Table(one) = one else { panic!("not a table") };
        let (out, events) = run("tables", &format!(r#"{{"deals": ["{ending}", "{ending}"]}}"#)).unwrap();
        assert_eq!(out, Output::Tables(vec![one.clone(), one.clone()]));
        let tables: Vec<usize> = events
            .iter()
            .filter_map(|e| if let Event::Table { index, .. } = e { Some(*index) } else { None })
            .collect();
        assert_eq!(tables, [0, 1]);
        assert!(events.contains(&Event::Table { index: 1, table: one }));
        assert!(events.contains(&Event::Progress { done: 40, total: 40 }));
    }

    #[test]
    fn analyse_streams_cards_and_mirrors_the_cli() {
        // positions.jsonl, line 2: a trick in progress.
        let json = r#"{"deal": "N:AQJ94.AQ54.KT5.2 76.JT982.Q8.AKJ3 82.K7.J42.QT8764 KT53.63.A9763.95",
                       "trump": "NT", "leader": "E", "trick": ["H2"]}"#;
        let (out, events) = run("analyse", json).unwrap();
        let value = serde_json::to_value(&out).unwrap();
        assert_eq!(value["tomove"], "S");
        assert_eq!(value["tricks"], serde_json::json!({"HK": 8, "H7": 9}));
        assert_eq!(value["best"], 9);
        let cards = events.iter().filter(|e| matches!(e, Event::Card { .. })).count();
        assert_eq!(cards, 2);
        let (out, _) = run("solve", json).unwrap();
        assert_eq!(serde_json::to_value(&out).unwrap()["tricks"], 9);
    }

    #[test]
    fn analyse_jobs_equal_the_engine_analysis() {
        const ENDING: &str = "N:AQJ94.AQ54.KT5.2 76.JT982.Q8.AKJ3 82.K7.J42.QT8764 KT53.63.A9763.95";
        let cases = [
            (DEAL, "S", "W", vec![]),
            (ENDING, "NT", "E", vec!["H2"]),
            (ENDING, "D", "N", vec!["SA", "S7"]),
            // The fourth card completes the trick.
            (ENDING, "D", "N", vec!["SA", "S7", "S2"]),
        ];
        for (deal, trump, leader, trick) in cases {
            let json = serde_json::json!({"deal": deal, "trump": trump, "leader": leader, "trick": trick});
            let (out, _) = run("analyse", &json.to_string()).unwrap();
            let Output::Analyse(a) = out else { panic!("not an analysis") };
            let cards: Vec<Card> = trick.iter().map(|c| Card::parse(c).unwrap()).collect();
            let pos = Position::new(
                parse_deal(deal).unwrap(),
                parse_strain(trump).unwrap(),
                parse_seat(leader).unwrap(),
                &cards,
            )
            .unwrap();
            let mut solver = Solver::new(Options::default().config().unwrap());
            assert_eq!(a.tricks.0, solver.analyse(&pos, &mut |_, _| {}).unwrap(), "{deal} {trump} {trick:?}");
        }
    }

    #[test]
    fn par_mirrors_par_jsonl() {
        let (out, _) = run("par", &format!(r#"{{"deal": "{DEAL}", "dealer": "N", "vulnerable": "None"}}"#)).unwrap();
        let v = serde_json::to_value(&out).unwrap();
        assert_eq!(v["dealer_par_score_ns"], -100);
        assert_eq!(v["dealer_par_contracts"], "3S*-NS-1");
        assert_eq!(v["par_ns"], "NS -100");
        assert_eq!(v["contracts_ew"], "EW:NS 3Sx");
        assert_eq!(v["tricks"]["W"]["H"], 9);
    }

    /// The deals, play records and traces of DDS's `list10.txt` (`../shared/data`).
    fn dds_traces() -> Vec<(String, String, String, String, Vec<u8>)> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/dds-hands/list10.txt");
        let text = std::fs::read_to_string(path).expect("../shared/data/dds-hands/list10.txt");
        let mut out = Vec::new();
        let (mut pbn, mut play) = (None, None);
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"PBN") => {
                    let deal = line.split('"').nth(1).expect("quoted deal").to_string();
                    let trump = ["S", "H", "D", "C", "NT"][words[3].parse::<usize>().unwrap()].to_string();
                    let leader = ["N", "E", "S", "W"][words[4].parse::<usize>().unwrap()].to_string();
                    pbn = Some((deal, trump, leader));
                }
                Some(&"PLAY") => play = line.split('"').nth(1).map(str::to_string),
                Some(&"TRACE") => {
                    let trace = words[2..].iter().map(|w| w.parse().unwrap()).collect();
                    let (deal, trump, leader) = pbn.take().expect("PBN before TRACE");
                    out.push((deal, trump, leader, play.take().expect("PLAY before TRACE"), trace));
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn play_traces_equal_dds() {
        // Four tricks of three records: enough for the trick ends and the tricks won.
        for (deal, trump, leader, play, trace) in dds_traces().into_iter().take(4).skip(1) {
            let cards = &play[..32.min(play.len())];
            let json = format!(r#"{{"deal": "{deal}", "trump": "{trump}", "leader": "{leader}", "play": "{cards}"}}"#);
            let (out, events) = run("play", &json).unwrap();
            let Output::Play(p) = out else { panic!("not a play") };
            let n = cards.len() / 2 + 1;
            assert_eq!(p.declarer_tricks, trace[..n], "{deal} {trump} {leader} {cards}");
            assert_eq!(events.iter().filter(|e| matches!(e, Event::Trace { .. })).count(), n);
        }
    }

    #[test]
    fn inspect_reports_active_cards_stats_and_ablation() {
        let json = r#"{"deal": "N:AK... Q2... 43... J5...", "trump": "NT", "leader": "N",
                       "options": {"tt": "exact", "quickTricks": false}}"#;
        let (out, _) = run("inspect", json).unwrap();
        let v = serde_json::to_value(&out).unwrap();
        assert_eq!(v["tricks"], 2);
        assert_eq!(v["config"]["tt"], "exact");
        assert_eq!(v["config"]["quick_tricks"], false);
        assert_eq!(v["per_trick"].as_array().unwrap().len(), 13);
        assert!(v["total"]["nodes"].as_u64().unwrap() > 0);
        assert!(v["active"]["cards"].as_array().unwrap().contains(&serde_json::json!("SA")));
    }

    #[test]
    fn fresh_inspects_start_from_an_empty_table() {
        let nodes = |fresh: bool| {
            let json = format!(r#"{{"deal": "{DEAL}", "trump": "S", "leader": "W", "options": {{"fresh": {fresh}}}}}"#);
            let (out, _) = run("inspect", &json).unwrap();
            let Output::Inspect(i) = out else { panic!("not an inspect") };
            i.total.nodes
        };
        // Each test runs on a thread of its own, with its own solver.
        let cold = nodes(true);
        assert!(nodes(false) < cold, "a warm table saves work");
        assert_eq!(nodes(true), cold);
    }

    #[test]
    fn a_stopped_inspect_tells_its_nodes() {
        // Minutes of work without a transposition table.
        let json = format!(r#"{{"deal": "{DEAL}", "trump": "NT", "leader": "W", "options": {{"tt": "off"}}}}"#);
        let job = Job::new(&request("inspect", &json).unwrap()).unwrap();
        let flag = job.stop_flag();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        });
        let err = job.run(&mut |_| {}).unwrap_err();
        stopper.join().unwrap();
        assert_eq!(err.code, "stopped");
        assert!(err.nodes.unwrap() > 0, "{err:?}");
    }

    #[test]
    fn bad_input_gets_a_code() {
        let dup = DEAL.replacen("AQJT832", "AQJT83A", 1);
        assert_eq!(code("table", &format!(r#"{{"deal": "{dup}"}}"#)), "duplicate-card");
        let short = DEAL.replacen("AQJT832", "AQJT83", 1);
        assert_eq!(code("table", &format!(r#"{{"deal": "{short}"}}"#)), "unequal-hands");
        assert_eq!(code("table", r#"{"deal": "hello world"}"#), "syntax");
        assert_eq!(code("table", r#"{"deals": []}"#), "bad-request");
        assert_eq!(code("tables", &format!(r#"{{"deals": ["{DEAL}", "x"]}}"#)), "syntax");
        assert_eq!(code("solve", &format!(r#"{{"deal": "{DEAL}", "trump": "Z", "leader": "W"}}"#)), "unknown-strain");
        assert_eq!(code("solve", &format!(r#"{{"deal": "{DEAL}", "trump": "S", "leader": "Q"}}"#)), "unknown-seat");
        assert_eq!(
            code("solve", &format!(r#"{{"deal": "{DEAL}", "trump": "S", "leader": "W", "trick": ["SA"]}}"#)),
            "card-not-held"
        );
        assert_eq!(code("table", &format!(r#"{{"deal": "{DEAL}", "options": {{"tt": "magic"}}}}"#)), "bad-request");
        assert_eq!(code("table", &format!(r#"{{"deal": "{DEAL}", "options": {{"ttMegabytes": 0}}}}"#)), "bad-request");
        assert_eq!(code("par", &format!(r#"{{"deal": "{DEAL}", "vulnerable": "Maybe"}}"#)), "unknown-vulnerability");
        assert_eq!(
            code("play", &format!(r#"{{"deal": "{DEAL}", "trump": "S", "leader": "W", "play": ["HA", "S2"]}}"#)),
            "revoke"
        );
        assert_eq!(code("dance", "{}"), "bad-request");
    }

    #[test]
    fn a_stopped_job_ends_with_stopped() {
        let job = Job::new(&request("table", &format!(r#"{{"deal": "{DEAL}"}}"#)).unwrap()).unwrap();
        job.stop();
        assert_eq!(job.run(&mut |_| {}).unwrap_err().code, "stopped");
    }

    #[test]
    fn card_lists_in_every_notation() {
        let want: Vec<Card> = ["SA", "HT"].iter().map(|c| Card::parse(c).unwrap()).collect();
        for list in [CardList::Text("SAHT".into()), CardList::Text("SA HT".into()), CardList::Text("SA,HT".into())] {
            assert_eq!(list.parse().unwrap(), want);
        }
        assert_eq!(CardList::List(vec!["SA".into(), "HT".into()]).parse().unwrap(), want);
    }
}
