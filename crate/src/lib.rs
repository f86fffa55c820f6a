//! Glasshand: an exact double-dummy bridge solver built on partition search.
//!
//! A boolean null-window search ("can North-South take `t` more tricks?") is combined
//! MTD(f)-style into exact values. At the start of each trick it tries quick tricks, then a
//! transposition table whose entries follow Bradmetz: per suit, the owners of the cards still
//! in play and the top `k` cards the proof needed (the *active* cards). An entry holds for
//! every position with the same suit lengths and the same owners of the active cards: the
//! inert cards below them may lie anywhere.
//!
//! # Examples
//!
//! A deal's double-dummy table and its par:
//!
//! ```
//! use glasshand::{dealer_par, pbn, solve_table, Config, Seat, Strain, Vulnerability};
//!
//! let deal = pbn::parse_deal("N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962")?;
//! let table = solve_table(&deal, &Config::default())?;
//! assert_eq!(table.get(Seat::North, Strain::Spades), 8);
//! assert_eq!(table.get(Seat::West, Strain::Hearts), 9);
//! let par = dealer_par(&table, Seat::North, Vulnerability::None);
//! assert_eq!((par.score_ns, par.contracts_text()), (-100, "3S*-NS-1".to_string()));
//! # Ok::<(), glasshand::Error>(())
//! ```
//!
//! Every legal card of a position, in the middle of a trick:
//!
//! ```
//! use glasshand::{pbn, Card, Config, Position, Seat, Solver, Strain};
//!
//! let deal = pbn::parse_deal("N:AQ... J4... 32... K5...")?;
//! // Notrump, West leads the five of spades from the king; North to play.
//! let pos = Position::new(deal, Strain::NoTrump, Seat::West, &[Card::parse("S5")?])?;
//! let mut solver = Solver::new(Config::default());
//! let cards = solver.analyse(&pos, &mut |_, _| {})?;
//! // The queen wins, and the ace takes the king: both tricks. The ace first sets up the king.
//! assert_eq!(cards, [(Card::parse("SA")?, 1), (Card::parse("SQ")?, 2)]);
//! # Ok::<(), glasshand::Error>(())
//! ```
//!
//! Every job is also a request of [`schema`] made a task of [`task`], the one path of the
//! command line, the browser's worker and the Python module:
//!
//! ```
//! use glasshand::schema::{Output, Request, SolveOut, PositionRequest};
//! use glasshand::{task, Config, Solver};
//!
//! let request = Request::Solve(PositionRequest {
//!     deal: "N:AQ... J4... 32... K5...".into(),
//!     trump: "NT".into(),
//!     leader: "W".into(),
//!     trick: Default::default(),
//!     options: Default::default(),
//! });
//! let out = task::run(request.task()?, &mut Solver::new(Config::default()), &mut |_| {})?;
//! let Output::Solve(SolveOut { tricks, .. }) = out else { unreachable!() };
//! assert_eq!(tricks, 0); // West on lead: North's ace and queen sit over the king
//! # Ok::<(), glasshand::Error>(())
//! ```
//!
//! # Layers
//!
//! The engine (cards, deals, the search, [`Solver`], [`SharedStrain`], par, single-dummy
//! sampling, exact suit play: [`SuitPlay`]) knows nothing of jobs. [`task`] writes every
//! job once on the engine's public API, with [`schema`] for its requests, events and
//! outputs. The front ends (the `glasshand`
//! command, the wasm facade, the Python module) only carry requests and events.

mod card;
mod cards;
mod config;
mod dd_table;
mod deal;
mod error;
mod hints;
mod huge_pages;
mod lend;
mod moves;
mod observer;
mod par;
pub mod pbn;
mod prefetch;
mod quick_tricks;
pub mod rng;
mod sample;
pub mod schema;
mod search;
mod seat;
mod single_dummy;
mod solver;
mod stats;
mod strain;
mod suit;
mod suit_cash;
mod suit_play;
pub mod task;
mod trace;
mod trick;
mod tt;

pub use card::Card;
pub use cards::Cards;
pub use config::{Config, TtMode};
pub use dd_table::DdTable;
pub use deal::{Deal, Position};
pub use error::{Error, SuitBudget};
pub use observer::CutRule;
pub use par::{dealer_par, par, DealerPar, Par};
pub use pbn::{Contract, Game, Vulnerability};
pub use sample::{HandLimits, Knowledge, Layouts};
pub use seat::Seat;
pub use single_dummy::{
    CardEstimate, HandConstraints, SampleResult, Settled, SingleDummy, SingleDummyRequest, SingleDummyResult,
    TablePolicy, Tally, SETTLE_MIN_SAMPLES, SETTLE_STDERRS, SETTLE_TIE_TRICKS,
};
pub use solver::{Active, ProbeRecord, Solver};
pub use stats::{Stats, TrickStats};
pub use strain::{solve_strain, solve_table, strain_order, SharedStrain};
pub use suit::{Strain, Suit};
pub use suit_play::{
    AveragePlan, Defender, Hand, Holding, LeadSearch, Line, Split, SuitAnalysis, SuitLeadResult, SuitPlay, TargetPlan,
    Vacant,
};
pub use task::analyse_play;
pub use task::bench;
#[cfg(feature = "parallel")]
pub use task::solve_table_parallel;
pub use trace::{Cut, Pattern, Skipped, Step, Stored, Trace, TraceNode, TracedProbe, TtProbe, MAX_TRACE_TRICKS};
