//! The solving commands: demo, table, analyse/solve/inspect, par, play.

use super::progress::Progress;
use super::{json, read_deals, read_input, DealInput, Options};
use glasshand::{
    analyse_play, dealer_par, par as par_of, pbn, Card, Config, DdTable, Deal, Error, Position, Seat, Solver, Strain,
    Vulnerability,
};
use rayon::prelude::*;
use serde_json::Value;
use std::collections::HashMap;

/// The deal the run command solves when given nothing else.
pub const DEFAULT_DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

pub fn demo(opts: &Options) -> Result<(), String> {
    let deal = pbn::parse_deal(DEFAULT_DEAL).map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    let table = glasshand::solve_table_parallel(&deal, &opts.config, &|_, _, _| {}).map_err(|e| e.to_string())?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    out!("{}\n", diagram(&deal));
    out!("{}", text_table(&table));
    let dealer = opts.dealer.unwrap_or(Seat::North);
    let vul = opts.vul.unwrap_or(Vulnerability::None);
    let p = dealer_par(&table, dealer, vul);
    out!("Par (dealer {dealer}, vulnerable {}): {} for North-South, {}", vul.name(), p.score_ns, p.contracts_text());
    out!("Solved in {ms:.0} ms.");
    Ok(())
}

fn diagram(deal: &Deal) -> String {
    let suit_lines = |seat: Seat| -> Vec<String> {
        glasshand::Suit::ALL
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

fn text_table(table: &DdTable) -> String {
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

/// DD tables of many deals: spread over the pool, printed in input order. A deal met again
/// (DDS's lists repeat hands played at several tables) is solved once.
pub fn solve_many(inputs: &[DealInput], config: &Config, label: &'static str) -> Vec<Result<DdTable, Error>> {
    let mut first_seen: HashMap<Deal, usize> = HashMap::new();
    let mut distinct: Vec<&Result<Deal, Error>> = Vec::new();
    let slots: Vec<usize> = inputs
        .iter()
        .map(|input| {
            let fresh = distinct.len();
            let slot = match &input.deal {
                Ok(deal) => *first_seen.entry(*deal).or_insert(fresh),
                Err(_) => fresh,
            };
            if slot == fresh {
                distinct.push(&input.deal);
            }
            slot
        })
        .collect();
    let repeats = inputs.len() - distinct.len();
    if repeats > 0 {
        eprintln!("{label}: {repeats} of {} deals repeat an earlier one; each deal is solved once", inputs.len());
    }
    let solved = solve_distinct(&distinct, config, label);
    slots.into_iter().map(|slot| solved[slot].clone()).collect()
}

fn solve_distinct(deals: &[&Result<Deal, Error>], config: &Config, label: &'static str) -> Vec<Result<DdTable, Error>> {
    let mut progress = Progress::new(label, deals.len());
    if let [deal] = deals {
        let result = (*deal).clone().and_then(|d| glasshand::solve_table_parallel(&d, config, &|_, _, _| {}));
        progress.advance(1);
        return vec![result];
    }
    let mut out = Vec::with_capacity(deals.len());
    let chunk = 4 * rayon::current_num_threads();
    for batch in deals.chunks(chunk) {
        let results: Vec<Result<DdTable, Error>> = batch
            .par_iter()
            .map_init(|| Solver::new(*config), |solver, deal| (*deal).clone().and_then(|d| solver.table(&d)))
            .collect();
        progress.advance(batch.len());
        out.extend(results);
    }
    out
}

pub fn table(opts: &Options) -> Result<(), String> {
    let inputs = read_deals(&read_input(&opts.file)?)?;
    let results = solve_many(&inputs, &opts.config, "table");
    let mut failed = 0;
    for (input, result) in inputs.iter().zip(results) {
        match result {
            Ok(table) if opts.json => {
                out!(
                    "{{\"deal\": {}, \"tricks\": {}}}",
                    json::string(&input.deal.as_ref().unwrap().to_pbn()),
                    json::tricks(&table)
                )
            }
            Ok(table) => out!("{}\n{}", input.deal.as_ref().unwrap().to_pbn(), text_table(&table)),
            Err(e) => {
                failed += 1;
                report(opts, input.line, &e);
            }
        }
    }
    finish(failed)
}

fn report(opts: &Options, line: usize, e: &Error) {
    if opts.json {
        out!("{}", json::error(e));
    }
    eprintln!("line {line}: {e}");
}

fn finish(failed: usize) -> Result<(), String> {
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} input(s) had errors")),
    }
}

#[derive(Clone, Copy)]
pub enum PositionTask {
    Solve,
    Analyse,
    Inspect,
}

fn field<'a>(v: &'a Value, name: &str) -> Result<&'a str, Error> {
    v.get(name).and_then(Value::as_str).ok_or_else(|| Error::Syntax(format!("missing string field \"{name}\"")))
}

fn cards_field(v: &Value, name: &str) -> Result<Vec<Card>, Error> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|c| {
                c.as_str().ok_or_else(|| Error::Syntax(format!("\"{name}\" holds a non-string"))).and_then(Card::parse)
            })
            .collect(),
        Some(Value::String(s)) => s.split_whitespace().map(Card::parse).collect(),
        Some(_) => Err(Error::Syntax(format!("\"{name}\" must be a list of cards"))),
    }
}

fn strain_field(v: &Value) -> Result<Strain, Error> {
    let t = field(v, "trump")?;
    Strain::parse(t).ok_or_else(|| Error::UnknownStrain(t.into()))
}

fn seat_field(v: &Value, name: &str) -> Result<Seat, Error> {
    let s = field(v, name)?;
    Seat::parse(s).ok_or_else(|| Error::UnknownSeat(s.into()))
}

pub fn parse_position(line: &str) -> Result<Position, Error> {
    let v: Value = serde_json::from_str(line).map_err(|e| Error::Syntax(format!("bad JSON: {e}")))?;
    let deal = pbn::parse_deal(field(&v, "deal")?)?;
    Position::new(deal, strain_field(&v)?, seat_field(&v, "leader")?, &cards_field(&v, "trick")?)
}

fn run_position(solver: &mut Solver, task: PositionTask, pos: &Position) -> Result<String, Error> {
    let tomove = pos.to_move().letter();
    match task {
        PositionTask::Solve => Ok(format!("{{\"tomove\": \"{tomove}\", \"tricks\": {}}}", solver.solve(pos)?)),
        PositionTask::Analyse => {
            let cards = solver.analyse(pos, &mut |_, _| {})?;
            Ok(format!("{{\"tomove\": \"{tomove}\", \"tricks\": {}}}", json::card_map(&cards)))
        }
        PositionTask::Inspect => {
            solver.reset_stats();
            let active = solver.active(pos)?;
            let stats = serde_json::to_string(&solver.stats().per_trick).expect("stats serialize");
            Ok(format!(
                "{{\"tomove\": \"{tomove}\", \"tricks\": {}, \"active\": {}, \"per_trick\": {stats}}}",
                active.tricks,
                serde_json::to_string(&active).expect("active serializes"),
            ))
        }
    }
}

pub fn positions(opts: &Options, task: PositionTask) -> Result<(), String> {
    let text = read_input(&opts.file)?;
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l)).collect();
    let mut progress = Progress::new("positions", lines.len());
    let mut failed = 0;
    let chunk = 4 * rayon::current_num_threads();
    for batch in lines.chunks(chunk) {
        let results: Vec<Result<String, Error>> = batch
            .par_iter()
            .map_init(
                || Solver::new(opts.config),
                |solver, (_, line)| run_position(solver, task, &parse_position(line)?),
            )
            .collect();
        progress.advance(batch.len());
        for ((line_no, _), result) in batch.iter().zip(results) {
            match result {
                Ok(out) => out!("{out}"),
                Err(e) => {
                    failed += 1;
                    out!("{}", json::error(&e));
                    eprintln!("line {line_no}: {e}");
                }
            }
        }
    }
    finish(failed)
}

pub fn par(opts: &Options) -> Result<(), String> {
    let inputs = read_deals(&read_input(&opts.file)?)?;
    let results = solve_many(&inputs, &opts.config, "par");
    let mut failed = 0;
    for (input, result) in inputs.iter().zip(results) {
        let table = match result {
            Ok(t) => t,
            Err(e) => {
                failed += 1;
                report(opts, input.line, &e);
                continue;
            }
        };
        let game = input.game.as_ref();
        let dealer = opts.dealer.or(game.and_then(|g| g.dealer)).unwrap_or(Seat::North);
        let vul = opts.vul.or(game.and_then(|g| g.vulnerable)).unwrap_or(Vulnerability::None);
        let d = dealer_par(&table, dealer, vul);
        let p = par_of(&table, vul);
        if opts.json {
            out!(
                "{{\"deal\": {}, \"dealer\": \"{}\", \"vulnerable\": \"{}\", \"dealer_par_score_ns\": {}, \"dealer_par_contracts\": {}, \"par_ns\": {}, \"par_ew\": {}, \"contracts_ns\": {}, \"contracts_ew\": {}}}",
                json::string(&input.text),
                dealer.letter(),
                vul.name(),
                d.score_ns,
                json::string(&d.contracts_text()),
                json::string(&p.par_ns),
                json::string(&p.par_ew),
                json::string(&p.contracts_ns),
                json::string(&p.contracts_ew)
            );
        } else {
            out!("{}  dealer {dealer}, vul {}: {} {}", input.text, vul.name(), d.score_ns, d.contracts_text());
        }
    }
    finish(failed)
}

/// A play record: from a PBN game (its contract, declarer and play section) or a JSON line.
struct PlayInput {
    deal: Deal,
    strain: Strain,
    leader: Seat,
    play: Vec<Card>,
}

fn play_inputs(text: &str) -> Result<Vec<Result<PlayInput, Error>>, String> {
    if text.contains("[Deal ") {
        let games = pbn::parse_file(text).map_err(|e| format!("PBN file: {e}"))?;
        return Ok(games
            .into_iter()
            .map(|g| {
                let contract = g.contract.ok_or_else(|| Error::Syntax("the game has no [Contract]".into()))?;
                let declarer = g.declarer.ok_or_else(|| Error::Syntax("the game has no [Declarer]".into()))?;
                Ok(PlayInput { deal: g.deal, strain: contract.strain, leader: declarer.next(), play: g.play })
            })
            .collect());
    }
    Ok(text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Value = serde_json::from_str(line).map_err(|e| Error::Syntax(format!("bad JSON: {e}")))?;
            Ok(PlayInput {
                deal: pbn::parse_deal(field(&v, "deal")?)?,
                strain: strain_field(&v)?,
                leader: seat_field(&v, "leader")?,
                play: cards_field(&v, "play")?,
            })
        })
        .collect())
}

pub fn play(opts: &Options) -> Result<(), String> {
    let inputs = play_inputs(&read_input(&opts.file)?)?;
    let mut progress = Progress::new("play", inputs.len());
    let mut failed = 0;
    for (i, input) in inputs.into_iter().enumerate() {
        let trace = input.and_then(|p| analyse_play(&p.deal, p.strain, p.leader, &p.play, &opts.config));
        progress.advance(1);
        match trace {
            Ok(t) if opts.json => out!("{{\"declarer_tricks\": {t:?}}}"),
            Ok(t) => out!("{}", t.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")),
            Err(e) => {
                failed += 1;
                report(opts, i + 1, &e);
            }
        }
    }
    finish(failed)
}
