//! A line of play: declarer's strategy read off the tree for one vector of the front,
//! as a plan (first lead, then his answer to each card the defenders may show).

use super::holding::{rank_letter, ranks_text};
use super::layouts::Layouts;
use super::solver::{Action, Arena, Defender, Hand, NodeKind, Shown};

/// Declarer's plan from some point of the play on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// North and South have no cards left.
    End,
    /// Declarer plays `rank` from `hand`, then follows `next`.
    Play { hand: Hand, rank: u8, next: Box<Line> },
    /// A defender's turn: one branch per card he may show (`-` for a void), each card
    /// written as the missing cards of its gap, which are all alike to declarer; cards after
    /// which the plan goes on alike share a branch, named by them all (`654 T -`).
    Show { defender: Defender, branches: Vec<(String, Line)> },
}

/// The name of a defender's card: its gap's cards (`QJ`, `8765432`), or `-`.
pub fn shown_text(layouts: &Layouts, shown: Shown) -> String {
    match shown {
        Shown::Gap(g) => ranks_text(layouts.gaps[g as usize].cards),
        Shown::Out => "-".into(),
    }
}

/// The line that reaches vector `index` of node `node`.
pub fn extract(arena: &Arena, layouts: &Layouts, node: u32, index: u32) -> Line {
    match arena.nodes[node as usize].kind {
        NodeKind::End => Line::End,
        NodeKind::Declarer { edges, origins } => {
            let (e, i) = arena.origins.get(origins)[index as usize];
            let edge = arena.edges.get(edges)[e as usize];
            let Action::Play { hand, rank } = edge.action else { unreachable!("declarer plays") };
            Line::Play { hand, rank, next: Box::new(extract(arena, layouts, edge.child, i)) }
        }
        NodeKind::Defender { edges, picks } => {
            let (edges, n) = (arena.edges.get(edges), edges.len());
            let picks = &arena.picks.get(picks)[index as usize * n..(index as usize + 1) * n];
            let mut defender = Defender::West;
            // Cards after which declarer goes on alike share a branch (`654 T -`).
            let mut branches: Vec<(String, Line)> = Vec::new();
            for (edge, &pick) in edges.iter().zip(picks) {
                let Action::Show { defender: d, shown } = edge.action else { unreachable!("defenders show") };
                defender = d;
                let line = extract(arena, layouts, edge.child, pick);
                let card = shown_text(layouts, shown);
                match branches.iter_mut().find(|(_, l)| *l == line) {
                    Some((cards, _)) => *cards = format!("{cards} {card}"),
                    None => branches.push((card, line)),
                }
            }
            // Once declarer has no card left, the defenders' last cards tell nothing.
            if branches.iter().all(|(_, line)| *line == Line::End) {
                Line::End
            } else {
                Line::Show { defender, branches }
            }
        }
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
                let answer = match line {
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
                struct Branches<'a>(&'a [(String, Line)]);
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
