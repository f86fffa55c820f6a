//! Every way the input can be wrong, each with a message and a stable code.

use crate::{Card, Cards, Seat, Suit};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Text that does not follow the expected notation.
    Syntax(String),
    UnknownSuit(char),
    UnknownRank(char),
    UnknownSeat(String),
    UnknownStrain(String),
    DuplicateCard(Card),
    /// The hands do not all hold the same number of cards.
    UnequalHands {
        sizes: [u8; 4],
        missing: Cards,
    },
    TooManyCards {
        seat: Seat,
        count: u8,
    },
    CardNotHeld {
        card: Card,
        seat: Seat,
    },
    /// A card that does not follow suit although the hand can.
    Revoke {
        card: Card,
        seat: Seat,
        led: Suit,
    },
    TrickTooLong(usize),
    /// A card played after the last trick, or a play sequence longer than the hands.
    NoCardsLeft,
    UnknownVulnerability(String),
    /// A request that does not have the expected shape (a missing field, an unknown kind).
    BadRequest(String),
    /// The search was asked to stop before it finished; an inspection tells its nodes.
    Stopped {
        nodes: Option<u64>,
    },
    /// An error in one part of the input, named by the text.
    At(String, Box<Error>),
    /// A card played by one seat that another seat's known hand holds.
    HeldElsewhere {
        card: Card,
        seat: Seat,
        holder: Seat,
    },
    /// No layout of the hidden hands meets what is known (or too few to find one).
    NoLayout,
    /// A rank named twice in a suit's holdings.
    DuplicateRank(char),
    /// More cards in a suit's holdings than the suit has.
    SuitTooLong {
        count: usize,
    },
    /// A suit-play problem in which North-South hold no card of the suit.
    NoSuitCards,
    /// Vacant places that cannot hold the missing cards (or more than 13 in a hand).
    BadVacantPlaces {
        west: u8,
        east: u8,
        missing: u8,
    },
    /// A trace asked of a position with more tricks left than a trace may show.
    TooLargeToTrace {
        tricks: u32,
        max: u32,
    },
    /// A suit combination whose analysis would outgrow the suit solver's budget.
    SuitTooHard {
        past: SuitBudget,
    },
}

/// Which of the suit solver's budgets a combination went past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuitBudget {
    /// Trick vectors written out by the products at defenders' turns.
    Memory { megabytes: u64 },
    /// Pairs of trick vectors compared while pruning to fronts.
    Work { comparisons: u64 },
}

impl Error {
    /// A machine-readable name for the kind of error, for the JS side.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Syntax(_) => "syntax",
            Error::UnknownSuit(_) => "unknown-suit",
            Error::UnknownRank(_) => "unknown-rank",
            Error::UnknownSeat(_) => "unknown-seat",
            Error::UnknownStrain(_) => "unknown-strain",
            Error::DuplicateCard(_) => "duplicate-card",
            Error::UnequalHands { .. } => "unequal-hands",
            Error::TooManyCards { .. } => "too-many-cards",
            Error::CardNotHeld { .. } => "card-not-held",
            Error::Revoke { .. } => "revoke",
            Error::TrickTooLong(_) => "trick-too-long",
            Error::NoCardsLeft => "no-cards-left",
            Error::UnknownVulnerability(_) => "unknown-vulnerability",
            Error::BadRequest(_) => "bad-request",
            Error::Stopped { .. } => "stopped",
            Error::At(_, e) => e.code(),
            Error::HeldElsewhere { .. } => "held-elsewhere",
            Error::NoLayout => "no-layout",
            Error::DuplicateRank(_) => "duplicate-card",
            Error::SuitTooLong { .. } => "too-many-cards",
            Error::NoSuitCards => "no-cards",
            Error::BadVacantPlaces { .. } => "bad-vacant-places",
            Error::TooLargeToTrace { .. } => "too-large-to-trace",
            Error::SuitTooHard { .. } => "too-hard",
        }
    }
}

impl Error {
    /// This error, said to be in `what` ("deal 2", "card 5 (SA)").
    pub fn at(self, what: impl Into<String>) -> Error {
        Error::At(what.into(), Box::new(self))
    }
}

fn seat_name(seat: Seat) -> &'static str {
    ["North", "East", "South", "West"][seat.index()]
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax(msg) => write!(f, "{msg}"),
            Error::UnknownSuit(c) => write!(f, "unknown suit '{c}' (use S, H, D or C)"),
            Error::UnknownRank(c) => {
                write!(f, "unknown rank '{c}' (use A K Q J T 9 8 7 6 5 4 3 2)")
            }
            Error::UnknownSeat(s) => write!(f, "unknown seat '{s}' (use N, E, S or W)"),
            Error::UnknownStrain(s) => {
                write!(f, "unknown strain '{s}' (use S, H, D, C or NT)")
            }
            Error::DuplicateCard(c) => write!(f, "the card {c} appears twice"),
            Error::UnequalHands { sizes, missing } => {
                write!(f, "the hands must hold the same number of cards, but")?;
                for (i, seat) in Seat::ALL.into_iter().enumerate() {
                    let sep = if i == 0 { "" } else { "," };
                    write!(f, "{sep} {} has {}", seat_name(seat), sizes[i])?;
                }
                if !missing.is_empty() {
                    let names: Vec<String> = missing.iter().map(|c| c.to_string()).collect();
                    write!(f, " (missing: {})", names.join(" "))?;
                }
                Ok(())
            }
            Error::TooManyCards { seat, count } => {
                write!(f, "{} has {count} cards; a hand holds at most 13", seat_name(*seat))
            }
            Error::CardNotHeld { card, seat } => {
                write!(f, "{} does not hold {card}", seat_name(*seat))
            }
            Error::Revoke { card, seat, led } => write!(
                f,
                "{} cannot play {card}: {} still holds a {} and must follow suit",
                seat_name(*seat),
                seat_name(*seat),
                ["spade", "heart", "diamond", "club"][led.index()]
            ),
            Error::TrickTooLong(n) => {
                write!(f, "the current trick has {n} cards; at most 3 can be played to it")
            }
            Error::NoCardsLeft => write!(f, "no cards are left to play"),
            Error::UnknownVulnerability(v) => write!(f, "unknown vulnerability '{v}' (use None, NS, EW or All)"),
            Error::BadRequest(msg) => write!(f, "{msg}"),
            Error::Stopped { .. } => write!(f, "the search was stopped"),
            Error::At(what, e) => write!(f, "{what}: {e}"),
            Error::HeldElsewhere { card, seat, holder } => {
                write!(f, "{} cannot play {card}: it is in {}'s hand", seat_name(*seat), seat_name(*holder))
            }
            Error::NoLayout => write!(
                f,
                "no layout of the hidden hands meets the constraints (none exists, or fewer than one in {} random layouts)",
                crate::sample::MAX_ATTEMPTS
            ),
            Error::DuplicateRank(r) => write!(f, "the {r} is in the holdings twice"),
            Error::SuitTooLong { count } => write!(f, "the holdings have {count} cards; a suit has 13"),
            Error::NoSuitCards => write!(f, "North and South hold no card of the suit"),
            Error::BadVacantPlaces { west, east, missing } => write!(
                f,
                "vacant places {west} (West) and {east} (East) cannot hold the {missing} missing cards (at most 13 each)"
            ),
            Error::TooLargeToTrace { tricks, max } => {
                write!(f, "a trace shows at most {max} tricks, and this position has {tricks} left")
            }
            Error::SuitTooHard { past } => {
                let what = match past {
                    SuitBudget::Memory { megabytes } => format!("write more than {megabytes} MB of trick vectors"),
                    SuitBudget::Work { comparisons } => {
                        format!("compare more than {} million pairs of trick vectors", comparisons / 1_000_000)
                    }
                };
                write!(
                    f,
                    "this combination is too hard for the exact suit solver: it would {what} (long broken holdings opposite a void or a singleton are the known cases)"
                )
            }
        }
    }
}

impl std::error::Error for Error {}
