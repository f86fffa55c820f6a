//! A trace of the search on a small ending, for showing partition search at work: the tree
//! of one null-window search (or of a whole MTD(f) run), each node with its position, the
//! cards tried, the cut-offs and their rules, the table's probes and stores, and its value
//! with the active cards of its proof. Built by an observer of the search
//! ([`crate::observer`]); the search that solves hears nothing and pays nothing.

use crate::observer::{CutRule, Observer};
use crate::search::Outcome;
use crate::solver::{estimate_ns, for_side, multinomial, narrow};
use crate::trick::Trick;
use crate::tt::{Key, Probe};
use crate::{Card, Cards, Error, Position, Seat, Solver, Suit};

/// Positions with at most this many tricks left can be traced: a bigger tree is no lesson.
pub const MAX_TRACE_TRICKS: u32 = 4;

/// A traced search or run: what [`Solver::trace`] returns.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Trace {
    /// The tricks the side to move takes (the current trick included), for a whole run.
    pub tricks: Option<u8>,
    /// The null-window searches in the order they ran.
    pub probes: Vec<TracedProbe>,
}

impl Trace {
    /// The nodes of every search: as [`crate::Stats::nodes`] counts them.
    pub fn nodes(&self) -> u64 {
        self.probes.iter().map(|p| p.nodes).sum()
    }
}

/// Why a null-window search ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
pub enum Step {
    /// The target the caller asked.
    Asked,
    /// A step of MTD(f) towards the value.
    Mtdf,
    /// One of the two searches at the value whose proofs give its active cards (as
    /// [`Solver::active`] runs them).
    Proof,
}

/// One null-window search: can the side to move take `target` tricks?
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TracedProbe {
    pub step: Step,
    /// Tricks of the side to move, the current trick included.
    pub target: u8,
    pub holds: bool,
    /// Nodes as [`crate::Stats::nodes`] counts them: one per card tried, one per last trick.
    pub nodes: u64,
    pub root: TraceNode,
}

/// A node of the tree. Targets and bounds are North-South's, counted from the start of the
/// node's trick (the root's: the current trick included).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TraceNode {
    /// Unique in a trace: table hits name the node that stored the entry.
    pub id: u32,
    /// The card that led here from the parent (none at the root).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub card: Option<Card>,
    /// Who won the trick `card` completed: the node is the next trick's start.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub trick_won_by: Option<Seat>,
    /// The cards still in the hands, N E S W (those of the trick so far are not).
    pub hands: [Cards; 4],
    pub leader: Seat,
    pub trick: Vec<Card>,
    pub to_move: Seat,
    pub target_ns: i8,
    /// Decided without search.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub cut: Option<Cut>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub probe: Option<TtProbe>,
    /// The cards tried, in order, each with its subtree.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub children: Vec<TraceNode>,
    /// Cards not searched: an earlier failure covers them.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub skipped: Vec<Skipped>,
    /// The card that decided the node (the last child).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub decided_by: Option<Card>,
    /// What the node stored in the table.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub store: Option<Stored>,
    /// North-South reach the target: they take at least `bound`; else at most `bound`.
    pub reached: bool,
    pub bound: u8,
    /// The cards whose ranks the proof needed.
    pub active: Cards,
}

impl TraceNode {
    /// The nodes of this subtree as the search counts them: one per card tried, one per
    /// last trick played out.
    pub fn counted_nodes(&self) -> u64 {
        let own = self.children.len() as u64 + self.cut.as_ref().is_some_and(|c| c.rule == CutRule::LastTrick) as u64;
        own + self.children.iter().map(TraceNode::counted_nodes).sum::<u64>()
    }

    /// Every node of the subtree, parents before children.
    pub fn walk(&self) -> Vec<&TraceNode> {
        let mut out = vec![self];
        for child in &self.children {
            out.extend(child.walk());
        }
        out
    }
}

/// A cut-off without search: its rule and the cards it relied on.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Cut {
    pub rule: CutRule,
    pub cards: Cards,
}

/// A card not searched because the failure of `covered_by` shows it fails too: the two
/// differ only by cards below the lowest active card of that failure's proof.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Skipped {
    pub card: Card,
    pub covered_by: Option<Card>,
}

/// The class of positions an entry holds for: per suit the top `top[s]` cards in play and
/// their owners, with the suit lengths of every hand.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Pattern {
    /// `k` per suit, S H D C.
    pub top: [u8; 4],
    /// The owners of those cards per suit, highest first.
    pub owners: [Vec<Seat>; 4],
    /// The cards that stand at those places in the node's position.
    pub cards: Cards,
    /// How many positions the entry stands for: the layouts of the other (inert) cards
    /// that keep every hand's suit lengths.
    pub positions: f64,
}

/// A table probe at a trick start.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "result", rename_all = "lowercase"))]
pub enum TtProbe {
    /// No entry matched.
    Miss,
    /// Entries matched, none of whose bounds decide the target: the nodes that stored them.
    Hit { matched: Vec<u32> },
    /// An entry decided the target: its bounds and pattern, and the node that stored it
    /// (none if it came from before the trace).
    Cut { reached: bool, bound: u8, lower: Option<u8>, upper: Option<u8>, pattern: Pattern, stored_by: Option<u32> },
}

/// An entry a node stored: North-South take `lower..=upper` of the tricks left in every
/// position of the pattern.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stored {
    pub lower: u8,
    pub upper: u8,
    pub pattern: Pattern,
}

/// A store remembered to name the node behind a later hit.
struct StoreRecord {
    key: Key,
    /// Owner vectors masked to the active cards.
    owners: [u32; 4],
    active: [u8; 4],
    bounds: (u8, u8),
    node: u32,
}

/// The observer that builds the tree: the nodes entered and not yet left, and every store.
#[derive(Default)]
struct TreeBuilder {
    next_id: u32,
    open: Vec<TraceNode>,
    root: Option<TraceNode>,
    stores: Vec<StoreRecord>,
}

/// The owner-vector mask of a suit's top `k` cards (2 bits a card).
fn mask(owners: &[u32; 4], active: [u8; 4]) -> [u32; 4] {
    std::array::from_fn(|s| owners[s] & ((1u32 << (2 * active[s].min(13) as u32)) - 1))
}

/// The pattern of the top `active[s]` cards of each suit among `hands`.
fn pattern(hands: &[Cards; 4], active: [u8; 4]) -> Pattern {
    let present = hands[0] | hands[1] | hands[2] | hands[3];
    let cards = present.tops(active);
    let holder = |card: Card| Seat::ALL.into_iter().find(|s| hands[s.index()].contains(card)).expect("in a hand");
    let owners = Suit::ALL.map(|suit| cards.in_suit(suit).iter().map(holder).collect());
    let inert = present - cards;
    let positions = Suit::ALL.into_iter().map(|suit| multinomial(&hands.map(|h| (h & inert).suit_len(suit)))).product();
    Pattern { top: active, owners, cards, positions }
}

impl TreeBuilder {
    fn node(&mut self) -> &mut TraceNode {
        self.open.last_mut().expect("an event inside a node")
    }

    /// The store behind an entry that decided a probe: the latest of the same key and
    /// pattern whose bounds give the same answer.
    fn stored_by(
        &self,
        key: &Key,
        owners: &[u32; 4],
        reached: bool,
        bound: u8,
        active: [u8; 4],
    ) -> Option<&StoreRecord> {
        let owners = mask(owners, active);
        self.stores.iter().rev().find(|s| {
            let (lower, upper) = s.bounds;
            let same = if reached { lower == bound } else { upper == bound };
            s.key == *key && s.active == active && s.owners == owners && same
        })
    }
}

impl Observer for TreeBuilder {
    fn enter(&mut self, card: Option<Card>, hands: &[Cards; 4], trick: &Trick, target: i32) {
        let (leader, cards, target, won_by) = if trick.len == 4 {
            let winner = trick.leader.offset(trick.winner());
            (winner, Vec::new(), target - winner.is_ns() as i32, Some(winner))
        } else {
            (trick.leader, trick.cards[..trick.len].to_vec(), target, None)
        };
        self.next_id += 1;
        self.open.push(TraceNode {
            id: self.next_id,
            card,
            trick_won_by: won_by,
            hands: *hands,
            leader,
            to_move: leader.offset(cards.len()),
            trick: cards,
            target_ns: target as i8,
            cut: None,
            probe: None,
            children: Vec::new(),
            skipped: Vec::new(),
            decided_by: None,
            store: None,
            reached: false,
            bound: 0,
            active: Cards::EMPTY,
        });
    }

    fn cut(&mut self, rule: CutRule, cards: Cards) {
        self.node().cut = Some(Cut { rule, cards });
    }

    fn probe(&mut self, key: &Key, owners: &[u32; 4], _target: i32, answer: &Probe) {
        let probe = match *answer {
            Probe::Miss => TtProbe::Miss,
            Probe::Hit => {
                let matched = self.stores.iter().filter(|s| s.key == *key && mask(owners, s.active) == s.owners);
                TtProbe::Hit { matched: matched.map(|s| s.node).collect() }
            }
            Probe::Cut(reached, bound, active) => {
                let store = self.stored_by(key, owners, reached, bound, active);
                let (lower, upper, stored_by) = match store {
                    Some(s) => (Some(s.bounds.0), Some(s.bounds.1), Some(s.node)),
                    None => (None, None, None),
                };
                let pattern = pattern(&self.node().hands, active);
                TtProbe::Cut { reached, bound, lower, upper, pattern, stored_by }
            }
        };
        self.node().probe = Some(probe);
    }

    fn skip(&mut self, card: Card, covering: impl FnOnce() -> Option<Card>) {
        self.node().skipped.push(Skipped { card, covered_by: covering() });
    }

    fn decided(&mut self, card: Card) {
        self.node().decided_by = Some(card);
    }

    fn store(&mut self, key: &Key, owners: &[u32; 4], active: [u8; 4], bounds: (u8, u8)) {
        let node = self.node();
        node.store = Some(Stored { lower: bounds.0, upper: bounds.1, pattern: pattern(&node.hands, active) });
        let id = node.id;
        self.stores.push(StoreRecord { key: *key, owners: mask(owners, active), active, bounds, node: id });
    }

    fn leave(&mut self, reached: bool, bound: i32, rel: Cards) {
        let mut node = self.open.pop().expect("a node to leave");
        node.reached = reached;
        node.bound = bound.max(0) as u8;
        node.active = rel;
        match self.open.last_mut() {
            Some(parent) => parent.children.push(node),
            None => self.root = Some(node),
        }
    }
}

impl Solver {
    /// Traces the search from `pos` on an empty table: with `target` (tricks of the side to
    /// move, the current trick included) one null-window search; without, the whole run of
    /// [`Solver::active`]: MTD(f)'s searches, then the two at the value that give its
    /// active cards. At most [`MAX_TRACE_TRICKS`] tricks may be left.
    pub fn trace(&mut self, pos: &Position, target: Option<u8>) -> Result<Trace, Error> {
        let left = pos.tricks_left();
        if left > MAX_TRACE_TRICKS {
            return Err(Error::TooLargeToTrace { tricks: left, max: MAX_TRACE_TRICKS });
        }
        if target.is_some_and(|t| t as u32 > left) {
            return Err(Error::BadRequest(format!("a target of {} tricks, with {left} left", target.unwrap_or(0))));
        }
        self.clear();
        let mut builder = TreeBuilder::default();
        let mover = pos.to_move();
        // North-South's target for the side to move's, and back.
        let ns_target = |t: i32| if mover.is_ns() { t } else { left as i32 - t + 1 };
        let mut probes = Vec::new();
        let mut search = |solver: &mut Solver, step: Step, ns: i32| -> Result<Outcome, Error> {
            let before = solver.stats().nodes();
            let outcome = solver.probe_observed(pos, ns, &mut builder)?;
            let root = builder.root.take().expect("a traced root");
            probes.push(TracedProbe {
                step,
                target: ns_target(ns) as u8,
                holds: outcome.reached == mover.is_ns(),
                nodes: solver.stats().nodes() - before,
                root,
            });
            Ok(outcome)
        };
        let tricks = match target {
            Some(t) => {
                search(self, Step::Asked, ns_target(t as i32))?;
                None
            }
            None => {
                // MTD(f) as `value_ns` runs it, then the proofs as `active` does.
                let (mut lo, mut hi) = (0, left as i32);
                let mut guess = estimate_ns(pos);
                while lo < hi {
                    let target = guess.clamp(lo + 1, hi);
                    let outcome = search(self, Step::Mtdf, target)?;
                    guess = narrow(&mut lo, &mut hi, target, &outcome);
                }
                search(self, Step::Proof, lo)?;
                if lo < left as i32 {
                    search(self, Step::Proof, lo + 1)?;
                }
                Some(for_side(mover, lo as u8, left))
            }
        };
        Ok(Trace { tricks, probes })
    }
}
