//! Glasshand: an exact double-dummy bridge solver built on partition search.
//!
//! A boolean null-window search ("can North-South take `t` more tricks?") is combined
//! MTD(f)-style into exact values. At the start of each trick it tries quick tricks, then a
//! transposition table whose entries follow Bradmetz: per suit, the owners of the cards still
//! in play (2 bits per card, highest first) and a mask over the top `k` active cards. An
//! entry holds for every position with the same suit lengths and the same owners of the
//! active cards: the inert cards below them may be dealt any way.
//!
//! Module map: [`bench`] (the node-count signature), [`cards`] (the `u64` card set),
//! [`deal`] (deals and positions), [`pbn`], [`moves`] (equivalent-card groups and their
//! ordering), [`hints`] (the followers' first guesses), [`quick_tricks`], [`suit_cash`] (one
//! suit run by both hands), [`tt`], [`search`], [`solver`] (the public entry points),
//! [`table`], [`par`], [`play`], [`stats`], [`rng`], [`sample`] (the layouts of
//! the hidden hands), [`single_dummy`].

pub mod bench;
pub mod card;
pub mod cards;
pub mod deal;
pub mod error;
pub mod hints;
pub mod moves;
pub mod par;
pub mod pbn;
pub mod play;
mod prefetch;
pub mod quick_tricks;
pub mod rng;
pub mod sample;
pub mod search;
pub mod seat;
pub mod single_dummy;
pub mod solver;
pub mod stats;
pub mod suit;
pub mod suit_cash;
pub mod table;
pub mod tt;

pub use card::Card;
pub use cards::Cards;
pub use deal::{Deal, Position};
pub use error::Error;
pub use par::{dealer_par, par, DealerPar, Par};
pub use pbn::{Contract, Game, Vulnerability};
pub use play::analyse_play;
pub use sample::{HandLimits, Knowledge, Layouts};
pub use seat::Seat;
pub use single_dummy::{
    CardEstimate, HandConstraints, SampleResult, SingleDummy, SingleDummyRequest, SingleDummyResult, Tally,
};
pub use solver::{Active, Config, Solver, TtMode};
pub use stats::{Stats, TrickStats};
pub use suit::{Strain, Suit};
#[cfg(feature = "parallel")]
pub use table::solve_table_parallel;
pub use table::{solve_strain, solve_table, DdTable};
