//! The solving commands: demo, table, analyse/solve/inspect, par, play. Each runs the
//! engine's tasks and writes their outputs (or a projection of them) as text or JSON lines.

use crate::input::{parse_position, read_deals, read_input, read_plays, DealInput};
use crate::progress::Progress;
use crate::{json, Options};
use glasshand::schema::{CardTricks, ParScores, TableOut};
use glasshand::task::{self, run_parallel, AnalyseTask, InspectTask, SolveTask, TablesTask, ThreadSolver};
use glasshand::{
    dealer_par, pbn, Active, Config, DdTable, Deal, Error, ProbeRecord, Seat, Solver, Strain, TrickStats, Vulnerability,
};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;

/// The deal the run command solves when given nothing else.
pub const DEFAULT_DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

pub fn demo(opts: &Options) -> Result<(), String> {
    let deal = pbn::parse_deal(DEFAULT_DEAL).map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    let table = solve_tables(&[deal], &opts.config()).map_err(|e| e.to_string())?[0].tricks;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    out!("{}\n", diagram(&deal));
    out!("{}", text_table(&table));
    let dealer = opts.dealer.unwrap_or(Seat::North);
    let vul = opts.vul.unwrap_or(Vulnerability::None);
    let p = dealer_par(&table, dealer, vul);
    out!("Par (dealer {dealer}, vulnerable {vul}): {} for North-South, {}", p.score_ns, p.contracts_text());
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

/// The tables of `deals`, their strains spread over the pool.
fn solve_tables(deals: &[Deal], config: &Config) -> Result<Vec<TableOut>, Error> {
    run_parallel(&TablesTask::new(deals.to_vec(), false), || ThreadSolver::take(config, None), &|_| {})
}

/// DD tables of many deals: spread over the pool a few at a time, in input order. A deal met
/// again (DDS's lists repeat hands played at several tables) is solved once.
fn solve_many(inputs: &[DealInput], config: &Config, label: &'static str) -> Vec<Result<DdTable, Error>> {
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
    let mut progress = Progress::new(label, distinct.len());
    let mut solved = Vec::with_capacity(distinct.len());
    for batch in distinct.chunks(4 * rayon::current_num_threads()) {
        let deals: Vec<Deal> = batch.iter().filter_map(|d| d.as_ref().ok().copied()).collect();
        let mut tables = match solve_tables(&deals, config) {
            Ok(tables) => tables.into_iter().map(|t| Ok(t.tricks)).collect::<Vec<_>>().into_iter(),
            Err(e) => vec![Err(e); deals.len()].into_iter(),
        };
        solved.extend(
            batch.iter().map(|d| d.as_ref().map_err(Error::clone).and_then(|_| tables.next().expect("one per deal"))),
        );
        progress.advance(batch.len());
    }
    slots.into_iter().map(|slot| solved[slot].clone()).collect()
}

pub fn report(json: bool, line: usize, e: &Error) {
    if json {
        out!("{}", json::error(e));
    }
    eprintln!("line {line}: {e}");
}

pub fn finish(failed: usize) -> Result<(), String> {
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} input(s) had errors")),
    }
}

pub fn table(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let inputs = read_deals(&read_input(file)?)?;
    if opts.probes {
        return table_probes(opts, &inputs);
    }
    let results = solve_many(&inputs, &opts.config(), "table");
    let mut failed = 0;
    for (input, result) in inputs.iter().zip(results) {
        match result.and_then(|tricks| Ok(TableOut { deal: input.deal.clone()?, tricks })) {
            Ok(table) if opts.json => out!("{}", json::line(&table)),
            Ok(table) => out!("{}\n{}", table.deal, text_table(&table.tricks)),
            Err(e) => {
                failed += 1;
                report(opts.json, input.line, &e);
            }
        }
    }
    finish(failed)
}

/// `table --probes`: each table on one solver, then its probes.
fn table_probes(opts: &Options, inputs: &[DealInput]) -> Result<(), String> {
    #[derive(Serialize)]
    struct Line<'a> {
        #[serde(flatten)]
        table: &'a TableOut,
        probes: &'a [ProbeRecord],
    }
    let mut solver = Solver::new(opts.config());
    solver.log_probes(true);
    let mut failed = 0;
    for input in inputs {
        match input.deal.clone().and_then(|deal| Ok(TableOut { deal, tricks: solver.table(&deal)? })) {
            Ok(table) => {
                let probes = solver.take_probes();
                if opts.json {
                    out!("{}", json::line(&Line { table: &table, probes: &probes }));
                    continue;
                }
                out!("{}\n{}", table.deal, text_table(&table.tricks));
                out!("  strain  declarer  North-South take at least  answer         nodes");
                for p in &probes {
                    let answer = if p.reached { format!("yes, >= {}", p.bound) } else { format!("no, <= {}", p.bound) };
                    let (strain, declarer, target) = (p.strain.to_string(), p.leader.prev().letter(), p.target);
                    out!("  {strain:<6}  {declarer:<8}  {target:<25}  {answer:<10} {:>9}", p.nodes);
                }
            }
            Err(e) => {
                failed += 1;
                solver.take_probes();
                report(opts.json, input.line, &e);
            }
        }
    }
    finish(failed)
}

/// Independent inputs run a few at a time over the pool, each on its thread's solver, and
/// written in input order: a line of text per input, or an error.
fn batch<I: Sync>(
    label: &'static str,
    inputs: &[(usize, I)],
    config: &Config,
    json: bool,
    run: impl Fn(&I, &mut Solver) -> Result<String, Error> + Sync,
) -> Result<(), String> {
    let mut progress = Progress::new(label, inputs.len());
    let mut failed = 0;
    for chunk in inputs.chunks(4 * rayon::current_num_threads()) {
        let results: Vec<Result<String, Error>> =
            chunk.par_iter().map(|(_, input)| run(input, &mut ThreadSolver::take(config, None))).collect();
        progress.advance(chunk.len());
        for ((line, _), result) in chunk.iter().zip(results) {
            match result {
                Ok(text) => out!("{text}"),
                Err(e) => {
                    failed += 1;
                    report(json, *line, &e);
                }
            }
        }
    }
    finish(failed)
}

#[derive(Clone, Copy)]
pub enum PositionJob {
    Solve,
    Analyse,
    Inspect,
}

/// What the command line writes of a position job's output.
#[derive(Serialize)]
#[serde(untagged)]
enum PositionLine<'a> {
    Solve { tomove: Seat, tricks: u8 },
    Analyse { tomove: Seat, tricks: &'a CardTricks },
    Inspect { tomove: Seat, tricks: u8, active: &'a Active, per_trick: &'a [TrickStats; 13] },
}

pub fn positions(opts: &Options, file: &Option<String>, job: PositionJob) -> Result<(), String> {
    let text = read_input(file)?;
    let lines = crate::input::numbered_lines(&text);
    batch("positions", &lines, &opts.config(), true, |line, solver| {
        let pos = parse_position(line)?;
        let no_events = &mut |_| {};
        Ok(match job {
            PositionJob::Solve => {
                let out = task::run(SolveTask(pos), solver, no_events)?;
                json::line(&PositionLine::Solve { tomove: out.position.tomove, tricks: out.tricks })
            }
            PositionJob::Analyse => {
                let out = task::run(AnalyseTask::new(pos), solver, no_events)?;
                json::line(&PositionLine::Analyse { tomove: out.position.tomove, tricks: &out.tricks })
            }
            PositionJob::Inspect => {
                let out = task::run(InspectTask::new(pos, false), solver, no_events)?;
                let (tomove, tricks) = (out.position.tomove, out.tricks);
                json::line(&PositionLine::Inspect { tomove, tricks, active: &out.active, per_trick: &out.per_trick })
            }
        })
    })
}

/// What the command line writes of par: the keys of `par.jsonl`, without the table.
#[derive(Serialize)]
struct ParLine<'a> {
    deal: &'a str,
    dealer: Seat,
    vulnerable: Vulnerability,
    #[serde(flatten)]
    scores: ParScores,
}

pub fn par(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let inputs = read_deals(&read_input(file)?)?;
    let results = solve_many(&inputs, &opts.config(), "par");
    let mut failed = 0;
    for (input, result) in inputs.iter().zip(results) {
        let table = match result {
            Ok(t) => t,
            Err(e) => {
                failed += 1;
                report(opts.json, input.line, &e);
                continue;
            }
        };
        let game = input.game.as_ref();
        let dealer = opts.dealer.or(game.and_then(|g| g.dealer)).unwrap_or(Seat::North);
        let vulnerable = opts.vul.or(game.and_then(|g| g.vulnerable)).unwrap_or(Vulnerability::None);
        let scores = ParScores::new(&table, dealer, vulnerable);
        if opts.json {
            out!("{}", json::line(&ParLine { deal: &input.text, dealer, vulnerable, scores }));
        } else {
            let contracts = scores.dealer_par_contracts;
            out!("{}  dealer {dealer}, vul {vulnerable}: {} {contracts}", input.text, scores.dealer_par_score_ns);
        }
    }
    finish(failed)
}

pub fn play(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let inputs = read_plays(&read_input(file)?)?;
    batch("play", &inputs, &opts.config(), opts.json, |input, solver| {
        let p = input.as_ref().map_err(Error::clone)?;
        let task = task::PlayTask::new(p.deal, p.strain, p.leader, p.play.clone())?;
        let trace = task::run(task, solver, &mut |_| {})?.declarer_tricks;
        Ok(if opts.json {
            #[derive(Serialize)]
            struct PlayLine<'a> {
                declarer_tricks: &'a [u8],
            }
            json::line(&PlayLine { declarer_tricks: &trace })
        } else {
            trace.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        })
    })
}
