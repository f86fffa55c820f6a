//! The text view of each output (the JSON view is the output itself, `json.rs`).

use glasshand::schema::{Output, ParOut, TableOut};
use glasshand::{DdTable, Deal, Seat, SingleDummyResult, Strain, Suit};

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
    out
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
