//! The text view of each output (the JSON view is the output itself, `json.rs`).

use glasshand::schema::{Output, ParOut, TableOut};
use glasshand::{Cards, DdTable, Deal, Pattern, Seat, SingleDummyResult, Strain, Suit, TraceNode, TtProbe};

/// The default run: the deal's diagram, its DD table and par.
pub fn demo(out: &Output) -> String {
    let Output::Par(par) = out else { return unexpected(out) };
    let contracts = &par.scores.dealer_par_contracts;
    format!(
        "{}\n\n{}Par (dealer {}, vulnerable {}): {} for North-South, {contracts}",
        diagram(&par.deal),
        dd_table(&par.tricks),
        par.dealer,
        par.vulnerable,
        par.scores.dealer_par_score_ns
    )
}

/// The deal, its table, and with `--probes` every null-window probe.
pub fn table(out: &Output) -> String {
    let Output::Table(TableOut { deal, tricks, probes }) = out else { return unexpected(out) };
    let mut text = format!("{deal}\n{}", dd_table(tricks));
    if !probes.is_empty() {
        text.push_str("  strain  declarer  North-South take at least  answer         nodes");
        for p in probes {
            let answer = if p.reached { format!("yes, >= {}", p.bound) } else { format!("no, <= {}", p.bound) };
            let (strain, declarer, target) = (p.strain.to_string(), p.leader.prev().letter(), p.target);
            text.push_str(&format!("\n  {strain:<6}  {declarer:<8}  {target:<25}  {answer:<10} {:>9}", p.nodes));
        }
    }
    text
}

pub fn par(out: &Output) -> String {
    let Output::Par(ParOut { deal, dealer, vulnerable, scores, .. }) = out else { return unexpected(out) };
    format!("{deal}  dealer {dealer}, vul {vulnerable}: {} {}", scores.dealer_par_score_ns, scores.dealer_par_contracts)
}

/// Declarer's tricks before the lead and after each card.
pub fn play(out: &Output) -> String {
    let Output::Play(play) = out else { return unexpected(out) };
    play.declarer_tricks.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

/// The cards best first, for the side to move: tricks, their standard error, make %.
pub fn single(out: &Output) -> String {
    let Output::Single(single) = out else { return unexpected(out) };
    single_table(&single.result)
}

fn single_table(result: &SingleDummyResult) -> String {
    let kind = if result.exact { "every layout, exact" } else { "sampled" };
    let mut out = format!("{} to move, {} deals ({kind})\ncard  tricks  stderr", result.to_move, result.samples);
    let has_make = result.cards.iter().any(|c| c.make.is_some());
    if has_make {
        out.push_str("    make");
    }
    let mut cards: Vec<_> = result.cards.iter().collect();
    cards.sort_by(|a, b| b.tricks.total_cmp(&a.tricks));
    for c in cards {
        out.push_str(&format!("\n{:<4}  {:6.2}  {:6.3}", c.card, c.tricks, c.stderr));
        if let Some(make) = c.make {
            out.push_str(&format!("  {:5.1}%", 100.0 * make));
        }
    }
    if let Some(s) = &result.settled {
        let best: Vec<String> = s.best.iter().map(|c| c.to_string()).collect();
        out.push_str(&format!(
            "\nSettled after {} of {} samples: {} best by {:.2} tricks (±{:.2})",
            result.samples,
            s.of,
            best.join("="),
            s.by,
            s.stderr
        ));
    }
    out
}

/// A trace: the answer, then each search's tree, one node a line, children indented.
pub fn trace(out: &Output) -> String {
    let Output::Trace(trace) = out else { return unexpected(out) };
    let p = &trace.position;
    let mover = p.tomove;
    let mut text = format!("{}  {}, {} leads, {mover} to move", p.deal, p.trump, p.leader);
    match (&trace.root, trace.tricks) {
        (Some(root), _) => {
            let holds = if trace.holds == Some(true) { "holds" } else { "fails" };
            text.push_str(&format!("\nOne search: {holds}, {} nodes", trace.nodes));
            tree(root, 1, &mut text);
        }
        (None, tricks) => {
            let tricks = tricks.unwrap_or_default();
            text.push_str(&format!("\n{mover}'s side takes {tricks}, {} nodes in all", trace.nodes));
            for (i, probe) in trace.probes.iter().enumerate() {
                let holds = if probe.holds { "holds" } else { "fails" };
                let (step, target, nodes) = (format!("{:?}", probe.step).to_lowercase(), probe.target, probe.nodes);
                text.push_str(&format!(
                    "\nSearch {} ({step}): {mover}'s side takes {target}? {holds}, {nodes} nodes",
                    i + 1
                ));
                tree(&probe.root, 1, &mut text);
            }
        }
    }
    text
}

/// One node's line and its subtree's.
fn tree(node: &TraceNode, depth: usize, text: &mut String) {
    let indent = "  ".repeat(depth);
    let card = node.card.map_or("root".to_string(), |c| c.to_string());
    let won = node.trick_won_by.map_or(String::new(), |w| format!(" (trick to {w})"));
    let answer = if node.reached { format!("yes, NS >= {}", node.bound) } else { format!("no, NS <= {}", node.bound) };
    text.push_str(&format!(
        "\n{indent}#{} {card}{won}: {} to play, NS need {} -> {answer}",
        node.id, node.to_move, node.target_ns
    ));
    if let Some(cut) = &node.cut {
        text.push_str(&format!("; cut: {} {}", cut.rule.name(), cards(cut.cards)));
    }
    match &node.probe {
        Some(TtProbe::Miss) => text.push_str("; table: miss"),
        Some(TtProbe::Hit { matched }) => text.push_str(&format!("; table: matched #{matched:?}, undecided")),
        Some(TtProbe::Cut { lower, upper, pattern: p, stored_by, .. }) => {
            let by = stored_by.map_or("before".to_string(), |id| format!("#{id}"));
            let bounds = match (lower, upper) {
                (Some(l), Some(u)) => format!(" {l}..{u}"),
                _ => String::new(),
            };
            text.push_str(&format!("; table: entry of {by}{bounds}, {}", pattern(p)));
        }
        None => {}
    }
    for s in &node.skipped {
        let by = s.covered_by.map_or(String::new(), |c| format!(" (as {c})"));
        text.push_str(&format!("; skips {}{by}", s.card));
    }
    if let Some(card) = node.decided_by {
        text.push_str(&format!("; decided by {card}"));
    }
    if let Some(s) = &node.store {
        text.push_str(&format!("; stores {}..{}, {}", s.lower, s.upper, pattern(&s.pattern)));
    }
    text.push_str(&format!("; active {}", cards(node.active)));
    for child in &node.children {
        tree(child, depth + 1, text);
    }
}

/// `♠ N S, ♥ W: 12 positions`: the owners of each suit's top cards.
fn pattern(p: &Pattern) -> String {
    let suits: Vec<String> = Suit::ALL
        .iter()
        .zip(&p.owners)
        .filter(|(_, o)| !o.is_empty())
        .map(|(s, o)| {
            format!("{} {}", s.symbol(), o.iter().map(|w| w.letter().to_string()).collect::<Vec<_>>().join(" "))
        })
        .collect();
    let suits = if suits.is_empty() { "no card".to_string() } else { suits.join(", ") };
    format!("pattern {suits}: {} positions", p.positions)
}

fn cards(cards: Cards) -> String {
    if cards.is_empty() {
        return "-".into();
    }
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

fn diagram(deal: &Deal) -> String {
    let suit_lines = |seat: Seat| -> Vec<String> {
        Suit::ALL
            .iter()
            .map(|&s| {
                let ranks: String = deal.hand(seat).in_suit(s).iter().map(|c| c.rank_char()).collect();
                format!("{} {}", s.symbol(), if ranks.is_empty() { "-".into() } else { ranks })
            })
            .collect()
    };
    let (n, e, s, w) =
        (suit_lines(Seat::North), suit_lines(Seat::East), suit_lines(Seat::South), suit_lines(Seat::West));
    let mut out = Vec::new();
    for line in &n {
        out.push(format!("{:20}{line}", ""));
    }
    for i in 0..4 {
        out.push(format!("{:<20}{:20}{}", w[i], "", e[i]));
    }
    for line in &s {
        out.push(format!("{:20}{line}", ""));
    }
    out.join("\n")
}

fn dd_table(table: &DdTable) -> String {
    let order = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];
    let mut out = String::from("      NT   S   H   D   C\n");
    for seat in Seat::ALL {
        out.push_str(&format!("  {} ", seat.letter()));
        for s in order {
            out.push_str(&format!("{:4}", table.get(seat, s)));
        }
        out.push('\n');
    }
    out
}

/// A command's renderer given another command's output: a bug, said rather than hidden.
fn unexpected(out: &Output) -> String {
    format!("(no text view for this output; --json writes it)\n{}", crate::json::line(out))
}
