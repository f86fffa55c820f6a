//! A line of play: declarer's strategy read off the tree for one vector of the front,
//! as a plan (first lead, then his answer to each card the defenders may show).

use super::holding::{rank_letter, ranks_text};
use super::layouts::Layouts;
use super::memo_hash::{Memo, MemoHasher};
use super::solver::{Action, Arena, Defender, Hand, NodeKind, Shown};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Arc;

/// Declarer's plan from some point of the play on. Plans repeat a great deal (the same
/// endings after many different first tricks), so equal sub-plans are one shared value:
/// the module's `Lines` builds each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// North and South have no cards left.
    End,
    /// Declarer plays `rank` from `hand`, then follows `next`.
    Play { hand: Hand, rank: u8, next: Arc<Line> },
    /// A defender's turn: one branch per card he may show (`-` for a void), each card
    /// written as the missing cards of its gap, which are all alike to declarer; cards after
    /// which the plan goes on alike share a branch, named by them all (`654 T -`).
    Show { defender: Defender, branches: Vec<(String, Arc<Line>)> },
}

/// The name of a defender's card: its gap's cards (`QJ`, `8765432`), or `-`.
pub fn shown_text(layouts: &Layouts, shown: Shown) -> String {
    match shown {
        Shown::Gap(g) => ranks_text(layouts.gaps[g as usize].cards),
        Shown::Out => "-".into(),
    }
}

/// An interned line, equal and hashed as its own fields and its sub-plans' addresses: they
/// are interned already, so equal lines are equal here.
struct Shallow(Arc<Line>);

impl PartialEq for Shallow {
    fn eq(&self, other: &Shallow) -> bool {
        match (&*self.0, &*other.0) {
            (Line::End, Line::End) => true,
            (Line::Play { hand, rank, next }, Line::Play { hand: h, rank: r, next: n }) => {
                (hand, rank) == (h, r) && Arc::ptr_eq(next, n)
            }
            (Line::Show { defender, branches }, Line::Show { defender: d, branches: b }) => {
                defender == d
                    && branches.len() == b.len()
                    && branches.iter().zip(b).all(|((x, l), (y, m))| x == y && Arc::ptr_eq(l, m))
            }
            _ => false,
        }
    }
}

impl Eq for Shallow {}

impl Hash for Shallow {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &*self.0 {
            Line::End => state.write_u8(0),
            Line::Play { hand, rank, next } => {
                (1u8, *hand, *rank).hash(state);
                state.write_usize(Arc::as_ptr(next) as usize);
            }
            Line::Show { defender, branches } => {
                (2u8, *defender).hash(state);
                for (cards, line) in branches {
                    cards.hash(state);
                    state.write_usize(Arc::as_ptr(line) as usize);
                }
            }
        }
    }
}

/// Reads lines off search trees, each equal sub-plan built once and shared. A plan can run
/// to millions of cards written out (KT8642 / -: 1.5 million) but holds a few thousand
/// distinct sub-plans, so reading it whole took longer than the search, and comparing
/// branches card by card longer still.
#[derive(Default)]
pub struct Lines {
    interned: HashSet<Shallow, BuildHasherDefault<MemoHasher>>,
    /// The line of each vector already read: arena, node, vector.
    read: Memo<(usize, u32, u32), Arc<Line>>,
}

impl Lines {
    /// The line that reaches vector `index` of node `node` in `arenas[a]`.
    pub fn extract(&mut self, arenas: &[Arena], a: usize, layouts: &Layouts, node: u32, index: u32) -> Arc<Line> {
        let at = (a, node, index);
        let arena = &arenas[a];
        if let Some(line) = self.read.get(&at) {
            return Arc::clone(line);
        }
        let line = match arena.nodes[node as usize].kind {
            NodeKind::End => self.intern(Line::End),
            NodeKind::Declarer { edges, origins } => {
                let (e, i) = arena.origins.get(origins)[index as usize];
                let edge = arena.edges.get(edges)[e as usize];
                let Action::Play { hand, rank } = edge.action else { unreachable!("declarer plays") };
                let next = self.extract(arenas, a, layouts, edge.child, i);
                self.play(hand, rank, next)
            }
            NodeKind::Defender { edges, picks } => {
                let (edges, n) = (arena.edges.get(edges), edges.len());
                let picks = &arena.picks.get(picks)[index as usize * n..(index as usize + 1) * n];
                let mut defender = Defender::West;
                // Cards after which declarer goes on alike share a branch (`654 T -`).
                let mut branches: Vec<(String, Arc<Line>)> = Vec::new();
                for (edge, &pick) in edges.iter().zip(picks) {
                    let Action::Show { defender: d, shown } = edge.action else { unreachable!("defenders show") };
                    defender = d;
                    let line = self.extract(arenas, a, layouts, edge.child, pick);
                    let card = shown_text(layouts, shown);
                    match branches.iter_mut().find(|(_, l)| Arc::ptr_eq(l, &line)) {
                        Some((cards, _)) => *cards = format!("{cards} {card}"),
                        None => branches.push((card, line)),
                    }
                }
                // Once declarer has no card left, the defenders' last cards tell nothing.
                if branches.iter().all(|(_, line)| **line == Line::End) {
                    self.intern(Line::End)
                } else {
                    self.intern(Line::Show { defender, branches })
                }
            }
        };
        self.read.insert(at, Arc::clone(&line));
        line
    }

    /// Declarer's card `rank` from `hand`, then `next`.
    pub fn play(&mut self, hand: Hand, rank: u8, next: Arc<Line>) -> Arc<Line> {
        self.intern(Line::Play { hand, rank, next })
    }

    /// `line`, or the equal one built before.
    fn intern(&mut self, line: Line) -> Arc<Line> {
        let line = Shallow(Arc::new(line));
        if let Some(known) = self.interned.get(&line) {
            return Arc::clone(&known.0);
        }
        let shared = Arc::clone(&line.0);
        self.interned.insert(line);
        shared
    }
}

fn card_text(hand: Hand, rank: u8) -> String {
    format!("{}{}", hand.letter(), rank_letter(rank))
}

impl Line {
    /// Declarer's first card, as `S2`.
    pub fn first_card(&self) -> Option<String> {
        match self {
            Line::Play { hand, rank, .. } => Some(card_text(*hand, *rank)),
            _ => None,
        }
    }

    /// The first trick in words: the lead, then third hand's card after each card of second
    /// hand (`lead S2; W QJ: NA, 8765: N9, -: NA`).
    pub fn first_trick(&self) -> String {
        let Line::Play { hand, rank, next } = self else { return "no play".into() };
        let mut out = format!("lead {}", card_text(*hand, *rank));
        if let Line::Show { defender, branches } = &**next {
            let mut answers: Vec<(String, String)> = Vec::new();
            for (cards, line) in branches {
                let answer = match &**line {
                    Line::Play { hand, rank, .. } => card_text(*hand, *rank),
                    _ => "-".into(),
                };
                match answers.iter_mut().find(|(_, a)| *a == answer) {
                    Some((all, _)) => *all = format!("{all} {cards}"),
                    None => answers.push((cards.clone(), answer)),
                }
            }
            if answers.iter().any(|(_, a)| a != "-") {
                let answers: Vec<String> = answers.iter().map(|(cards, a)| format!("{cards}: {a}")).collect();
                out.push_str(&format!("; {} {}", defender.letter(), answers.join(", ")));
            }
        }
        out
    }

    /// The whole plan, one indented line per card.
    pub fn plan(&self) -> String {
        let mut out = String::new();
        self.write_plan(0, &mut out);
        out
    }

    fn write_plan(&self, depth: usize, out: &mut String) {
        match self {
            Line::End => {}
            Line::Play { hand, rank, next } => {
                out.push_str(&format!("{:width$}{}\n", "", card_text(*hand, *rank), width = 2 * depth));
                next.write_plan(depth, out);
            }
            Line::Show { defender, branches } if branches.len() == 1 => {
                let (card, line) = &branches[0];
                out.push_str(&format!("{:width$}{} {card}\n", "", defender.letter(), width = 2 * depth));
                line.write_plan(depth, out);
            }
            Line::Show { defender, branches } => {
                for (card, line) in branches {
                    out.push_str(&format!("{:width$}{} {card}:\n", "", defender.letter(), width = 2 * depth));
                    line.write_plan(depth + 1, out);
                }
            }
        }
    }

    /// How many cards and branches the plan holds.
    pub fn size(&self) -> usize {
        match self {
            Line::End => 0,
            Line::Play { next, .. } => 1 + next.size(),
            Line::Show { branches, .. } => branches.iter().map(|(_, l)| 1 + l.size()).sum(),
        }
    }
}

/// `{"play": "S2", "then": {"seat": "W", "shows": {"QJ": {"play": "NA", "then": …}, "-": …}}}`;
/// declarer's last card has no `then` (not `null`, which JavaScript would receive as
/// `undefined`).
#[cfg(feature = "serde")]
impl serde::Serialize for Line {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Line::End => s.serialize_none(),
            Line::Play { hand, rank, next } => {
                let last = **next == Line::End;
                let mut map = s.serialize_map(Some(if last { 1 } else { 2 }))?;
                map.serialize_entry("play", &card_text(*hand, *rank))?;
                if !last {
                    map.serialize_entry("then", &**next)?;
                }
                map.end()
            }
            Line::Show { defender, branches } => {
                struct Branches<'a>(&'a [(String, Arc<Line>)]);
                impl serde::Serialize for Branches<'_> {
                    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                        let mut map = s.serialize_map(Some(self.0.len()))?;
                        for (card, line) in self.0 {
                            map.serialize_entry(card, line)?;
                        }
                        map.end()
                    }
                }
                let mut map = s.serialize_map(Some(2))?;
                map.serialize_entry("seat", &defender.letter().to_string())?;
                map.serialize_entry("shows", &Branches(branches))?;
                map.end()
            }
        }
    }
}
