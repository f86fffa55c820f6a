//! Glasshand: an exact double-dummy bridge solver built on partition search.
//!
//! A boolean null-window search ("can North-South take `t` more tricks?") is combined
//! MTD(f)-style into exact values. At the start of each trick it tries quick tricks, then a
//! transposition table whose entries follow Bradmetz: per suit, the owners of the cards still
//! in play (2 bits per card, highest first) and a mask over the top `k` active cards. An
//! entry holds for every position with the same suit lengths and the same owners of the
//! active cards: the inert cards below them may be dealt any way.
//!
//! Public modules: [`task`] (every job written once, run stepped or in parallel),
//! [`schema`] (the jobs' requests, events and outputs), [`pbn`], [`bench`] (the node-count
//! signature). Inside: `cards` (the `u64` card set), `deal` (deals and positions), `trick`
//! (the trick rules), `moves` (equivalent-card groups and their ordering), `hints` (the
//! followers' first guesses), `quick_tricks`, `suit_cash` (one suit run by both hands),
//! `tt`, `prefetch` and `huge_pages` (the TT's memory traffic), `search`, `config`,
//! `solver` (MTD(f), per-card analysis, active cards), `table`, `par`, `play`, `stats`,
//! `rng` (a seeded SplitMix64), `sample` (the layouts of the hidden hands), `single_dummy`
//! (sampled double-dummy analysis).

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
pub mod task;
mod trick;
mod tt;

pub use card::Card;
pub use cards::Cards;
pub use config::{Config, TtMode};
pub use dd_table::DdTable;
pub use deal::{Deal, Position};
pub use error::Error;
pub use par::{dealer_par, par, DealerPar, Par};
pub use pbn::{Contract, Game, Vulnerability};
pub use sample::{HandLimits, Knowledge, Layouts};
pub use seat::Seat;
pub use single_dummy::{
    CardEstimate, HandConstraints, SampleResult, SingleDummy, SingleDummyRequest, SingleDummyResult, Tally,
};
pub use solver::{Active, ProbeRecord, Solver};
pub use stats::{Stats, TrickStats};
pub use strain::{solve_strain, solve_table, strain_order, SharedStrain};
pub use suit::{Strain, Suit};
pub use task::analyse_play;
pub use task::bench;
#[cfg(feature = "parallel")]
pub use task::solve_table_parallel;
