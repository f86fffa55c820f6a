//! What the search tells an observer as it goes: the hooks of a trace. The search is generic
//! over its observer, and [`NoTrace`]'s empty hooks compile away, so that the search that
//! solves (everything but a trace) is the same code as one with no hooks at all.
//!
//! The trace's instance of the search is a second caller of the helpers that the search's
//! one caller had inlined; LLVM then kept the larger ones out of line in both instances (the
//! TT's probe, the move weights, two quick-trick rules, and what they call in turn). They
//! are marked `#[inline(always)]` so that the solver's instance stays as it was.

use crate::trick::Trick;
use crate::tt::{Key, Probe};
use crate::{Card, Cards};

/// The rule of a cut-off without search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "kebab-case"))]
pub enum CutRule {
    /// The target is 0 or more than the tricks left.
    Count,
    /// One card each: the trick plays itself.
    LastTrick,
    /// North-South cash enough tricks (or hold enough sure trump tricks).
    QuickTricksNs,
    /// East-West cash enough tricks (or hold enough sure trump tricks).
    QuickTricksEw,
    /// The side on lead loses this trick whatever it leads, and perhaps more.
    LeaderLoses,
    /// A suit run by both hands of the side on lead, after the leader's own winners.
    SuitRun,
    /// The second hand's side needs one trick and is sure to win this one.
    SecondHandWins,
}

impl CutRule {
    /// The rule's name, as JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            CutRule::Count => "count",
            CutRule::LastTrick => "last-trick",
            CutRule::QuickTricksNs => "quick-tricks-ns",
            CutRule::QuickTricksEw => "quick-tricks-ew",
            CutRule::LeaderLoses => "leader-loses",
            CutRule::SuitRun => "suit-run",
            CutRule::SecondHandWins => "second-hand-wins",
        }
    }
}

/// The search's hooks, each a no-op by default. North-South's targets and bounds count the
/// tricks left from the start of the current trick.
pub(crate) trait Observer {
    /// A node is entered: `card` (none at the root) was just played from `hands`, leaving
    /// `trick` (when it holds four cards, the node is the next trick's start); North-South
    /// need `target` tricks from the start of the trick `card` was played to.
    #[inline(always)]
    fn enter(&mut self, _card: Option<Card>, _hands: &[Cards; 4], _trick: &Trick, _target: i32) {}

    /// The node is decided without search by `rule`, relying on `cards`.
    #[inline(always)]
    fn cut(&mut self, _rule: CutRule, _cards: Cards) {}

    /// The node probed the table under `key` with these owner vectors.
    #[inline(always)]
    fn probe(&mut self, _key: &Key, _owners: &[u32; 4], _target: i32, _answer: &Probe) {}

    /// `card` is not searched: `covering()` names the failed card that covers it.
    #[inline(always)]
    fn skip(&mut self, _card: Card, _covering: impl FnOnce() -> Option<Card>) {}

    /// `card` decided the node.
    #[inline(always)]
    fn decided(&mut self, _card: Card) {}

    /// The node stored its bounds (North-South's, of the tricks left) under this pattern.
    #[inline(always)]
    fn store(&mut self, _key: &Key, _owners: &[u32; 4], _active: [u8; 4], _bounds: (u8, u8)) {}

    /// The node last entered is left with its value and its proof's active cards.
    #[inline(always)]
    fn leave(&mut self, _reached: bool, _bound: i32, _rel: Cards) {}
}

/// The observer of every search but a trace: it hears nothing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoTrace;

impl Observer for NoTrace {}

impl<T: Observer> Observer for &mut T {
    fn enter(&mut self, card: Option<Card>, hands: &[Cards; 4], trick: &Trick, target: i32) {
        (**self).enter(card, hands, trick, target)
    }

    fn cut(&mut self, rule: CutRule, cards: Cards) {
        (**self).cut(rule, cards)
    }

    fn probe(&mut self, key: &Key, owners: &[u32; 4], target: i32, answer: &Probe) {
        (**self).probe(key, owners, target, answer)
    }

    fn skip(&mut self, card: Card, covering: impl FnOnce() -> Option<Card>) {
        (**self).skip(card, covering)
    }

    fn decided(&mut self, card: Card) {
        (**self).decided(card)
    }

    fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8)) {
        (**self).store(key, owners, active, bounds)
    }

    fn leave(&mut self, reached: bool, bound: i32, rel: Cards) {
        (**self).leave(reached, bound, rel)
    }
}
