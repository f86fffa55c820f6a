//! The engine against DDS's ground truth in `tests/data/`:
//! - every DD table of `tables.jsonl`;
//! - every position of `positions.jsonl` through `analyse` (each legal card) and `solve`;
//! - DDS's own test lists (`list*.txt`, `largest.txt`, `thomas*.txt`): the `TABLE` line,
//!   the `FUT` line (every opening lead) through `analyse`, and the `PLAY`/`TRACE` lines
//!   through `analyse_play`;
//! - `sol10.txt`, GIB's table format.
//!
//! Release builds check every table and position of the random sets and every hand of DDS's
//! lists, `largest.txt` included (over both cores with rayon, one solver per worker); only
//! the artificial thomas hands wait for `--ignored`. Debug builds take a small sample
//! (`GLASSHAND_SAMPLE=n` overrides all).

mod common;

use common::*;
use glasshand::pbn::parse_deal;
use glasshand::{analyse_play, Card, Config, DdTable, Deal, Position, Seat, Solver, Strain, Suit};
use rayon::prelude::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// Runs `check` over `items` on the rayon pool with one solver per worker, and fails with
/// the first differences if any. Prints the time taken (visible with `--nocapture`).
fn check_all<T: Sync>(what: &str, items: &[T], check: impl Fn(&mut Solver, &T) -> Option<String> + Sync) {
    let start = Instant::now();
    let mut failures: Vec<(usize, String)> = items
        .par_iter()
        .enumerate()
        .map_init(|| Solver::new(Config::default()), |solver, (i, item)| check(solver, item).map(|f| (i, f)))
        .flatten()
        .collect();
    failures.sort();
    let failures: Vec<String> = failures.into_iter().map(|(_, f)| f).collect();
    eprintln!("{what}: {} checked in {:.1} s", items.len(), start.elapsed().as_secs_f64());
    assert!(
        failures.is_empty(),
        "{what}: {} of {} differ from DDS:\n{}",
        failures.len(),
        items.len(),
        first_failures(&failures, 10)
    );
}

/// Differences between two tables, as `declarer strain: got x, want y`.
fn table_diff(got: &DdTable, want: &DdTable) -> Vec<String> {
    let mut out = Vec::new();
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            let (g, w) = (got.get(seat, strain), want.get(seat, strain));
            if g != w {
                out.push(format!("declarer {seat} in {strain}: got {g}, want {w}"));
            }
        }
    }
    out
}

fn check_table(solver: &mut Solver, name: &str, deal: &Deal, want: &DdTable) -> Option<String> {
    match solver.table(deal) {
        Ok(got) if got == *want => None,
        Ok(got) => Some(format!("{name} {}: {}", deal.to_pbn(), table_diff(&got, want).join("; "))),
        Err(e) => Some(format!("{name} {}: table failed: {e}", deal.to_pbn())),
    }
}

/// Per-card differences between the engine's analysis and a map of expected tricks.
fn cards_diff(got: &[(Card, u8)], want: &BTreeMap<Card, u8>) -> Option<String> {
    let got_map: BTreeMap<Card, u8> = got.iter().copied().collect();
    if got_map == *want && got.len() == want.len() {
        return None;
    }
    let mut diffs = Vec::new();
    let cards: BTreeSet<Card> = got_map.keys().chain(want.keys()).copied().collect();
    for c in cards {
        match (got_map.get(&c), want.get(&c)) {
            (Some(g), Some(w)) if g == w => {}
            (g, w) => diffs.push(format!(
                "{c}: got {}, want {}",
                g.map_or("none".into(), |v| v.to_string()),
                w.map_or("none".into(), |v| v.to_string())
            )),
        }
    }
    if got.len() != got_map.len() {
        diffs.push(format!("a card listed twice in {got:?}"));
    }
    Some(diffs.join(", "))
}

// ---------------------------------------------------------------------------------------
// tables.jsonl and positions.jsonl
// ---------------------------------------------------------------------------------------

fn json_table(v: &Value) -> DdTable {
    let mut table = DdTable::default();
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            let t = v[seat.letter().to_string()][strain.name()]
                .as_u64()
                .unwrap_or_else(|| panic!("no tricks for {seat} {strain} in {v}"));
            table.set(seat, strain, t as u8);
        }
    }
    table
}

#[test]
fn dd_tables_match_dds() {
    let rows: Vec<(usize, Deal, DdTable)> = load_jsonl("tables.jsonl")
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let deal = parse_deal(v["deal"].as_str().expect("deal")).expect("a valid deal");
            (i + 1, deal, json_table(&v["tricks"]))
        })
        .collect();
    assert_eq!(rows.len(), 700);
    let rows = sample(&rows, 4);
    check_all("tables.jsonl", &rows, |solver, (line, deal, want)| {
        check_table(solver, &format!("tables.jsonl line {line}"), deal, want)
    });
}

/// One table at a time over pools of two and three threads: a thread that runs out of
/// strains joins one in progress with a copy of its table, and takes its last declarers.
#[test]
fn dd_tables_one_at_a_time_over_threads_match_dds() {
    let rows: Vec<(Deal, DdTable)> = load_jsonl("tables.jsonl")
        .iter()
        .map(|v| (parse_deal(v["deal"].as_str().expect("deal")).expect("a valid deal"), json_table(&v["tricks"])))
        .collect();
    let rows = sample(&rows[..sample_size(rows.len(), 60).min(60)], 3);
    for threads in [2, 3] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a pool");
        let failures: Vec<String> = pool.install(|| {
            rows.iter()
                .filter_map(|(deal, want)| {
                    match glasshand::solve_table_parallel(deal, &Config::default(), &|_, _, _| {}) {
                        Ok(got) if got == *want => None,
                        Ok(got) => Some(format!("{}: {}", deal.to_pbn(), table_diff(&got, want).join("; "))),
                        Err(e) => Some(format!("{}: {e}", deal.to_pbn())),
                    }
                })
                .collect()
        });
        assert!(failures.is_empty(), "{threads} threads:\n{}", first_failures(&failures, 10));
    }
}

#[test]
fn positions_match_dds() {
    let rows = load_jsonl("positions.jsonl");
    assert_eq!(rows.len(), 140);
    let rows: Vec<(usize, Value)> = rows.into_iter().enumerate().collect();
    let rows = sample(&rows, 20);
    check_all("positions.jsonl", &rows, |solver, (i, v)| {
        let deal = parse_deal(v["deal"].as_str().expect("deal")).expect("a valid deal");
        let trick: Vec<Card> =
            v["trick"].as_array().expect("trick").iter().map(|c| card(c.as_str().unwrap())).collect();
        let pos = Position::new(
            deal,
            strain(v["trump"].as_str().expect("trump")),
            seat(v["leader"].as_str().expect("leader")),
            &trick,
        )
        .expect("a valid position");
        let name = format!("positions.jsonl line {}: {}", i + 1, to_json_line(&pos));
        let mut problems = Vec::new();
        if pos.to_move() != seat(v["tomove"].as_str().expect("tomove")) {
            problems.push(format!("to move: {} vs DDS's {}", pos.to_move(), v["tomove"]));
        }
        let want: BTreeMap<Card, u8> = v["tricks"]
            .as_object()
            .expect("tricks")
            .iter()
            .map(|(c, t)| (card(c), t.as_u64().unwrap() as u8))
            .collect();
        match solver.analyse(&pos, &mut |_, _| {}) {
            Ok(got) => problems.extend(cards_diff(&got, &want).map(|d| format!("analyse: {d}"))),
            Err(e) => problems.push(format!("analyse failed: {e}")),
        }
        let best = v["best"].as_u64().expect("best") as u8;
        match solver.solve(&pos) {
            Ok(got) if got == best => {}
            Ok(got) => problems.push(format!("solve: got {got}, want {best}")),
            Err(e) => problems.push(format!("solve failed: {e}")),
        }
        (!problems.is_empty()).then(|| format!("{name}: {}", problems.join("; ")))
    });
}

// ---------------------------------------------------------------------------------------
// DDS's list files
// ---------------------------------------------------------------------------------------

/// One hand of a DDS list file.
#[derive(Clone, Debug)]
struct ListHand {
    /// `file #n`, for messages.
    name: String,
    /// The PBN line as written: equal lines give equal FUT and TABLE lines.
    pbn_line: String,
    deal: Deal,
    strain: Strain,
    first: Seat,
    /// Every opening lead with the tricks of the leader's side.
    fut: BTreeMap<Card, u8>,
    table: DdTable,
    play: Vec<Card>,
    trace: Vec<u8>,
}

fn ints(rest: &str) -> Vec<i64> {
    rest.split_whitespace().map(|t| t.parse().unwrap_or_else(|_| panic!("not a number: {t}"))).collect()
}

fn quoted(rest: &str) -> &str {
    let a = rest.find('"').expect("an opening quote");
    let b = rest.rfind('"').expect("a closing quote");
    &rest[a + 1..b]
}

fn parse_list(file: &str) -> Vec<ListHand> {
    let text = read_data(&format!("dds-hands/{file}"));
    let mut hands = Vec::new();
    let mut current: Option<ListHand> = None;
    for line in text.lines() {
        let line = line.trim();
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "NUMBER" | "" => {}
            "PBN" => {
                hands.extend(current.take());
                let nums = ints(&rest[..rest.find('"').unwrap()]);
                let deal = parse_deal(quoted(rest)).unwrap_or_else(|e| panic!("{file}: bad deal {rest}: {e}"));
                current = Some(ListHand {
                    name: format!("{file} #{}", hands.len() + 1),
                    pbn_line: line.to_string(),
                    deal,
                    strain: Strain::from_index(nums[2] as usize),
                    first: Seat::from_index(nums[3] as usize),
                    fut: BTreeMap::new(),
                    table: DdTable::default(),
                    play: Vec::new(),
                    trace: Vec::new(),
                });
            }
            "FUT" => {
                let h = current.as_mut().expect("FUT after PBN");
                let v = ints(rest);
                let n = v[0] as usize;
                assert_eq!(v.len(), 1 + 4 * n, "{}: FUT line", h.name);
                for i in 0..n {
                    let suit = Suit::from_index(v[1 + i] as usize);
                    let rank = v[1 + n + i] as u8;
                    let equals = v[1 + 2 * n + i] as u32;
                    let score = v[1 + 3 * n + i] as u8;
                    h.fut.insert(Card::new(suit, rank), score);
                    for r in 2..=14u8 {
                        if equals >> r & 1 != 0 {
                            h.fut.insert(Card::new(suit, r), score);
                        }
                    }
                }
            }
            "TABLE" => {
                let h = current.as_mut().expect("TABLE after PBN");
                let v = ints(rest);
                assert_eq!(v.len(), 20, "{}: TABLE line", h.name);
                // Strain-major S H D C NT, seats N E S W within each strain.
                for (i, &t) in v.iter().enumerate() {
                    h.table.set(Seat::from_index(i % 4), Strain::from_index(i / 4), t as u8);
                }
            }
            "PLAY" => {
                let h = current.as_mut().expect("PLAY after PBN");
                let m: usize = rest.split_whitespace().next().unwrap().parse().unwrap();
                let s = quoted(rest);
                h.play = (0..m).map(|i| card(&s[2 * i..2 * i + 2])).collect();
            }
            "TRACE" => {
                let h = current.as_mut().expect("TRACE after PBN");
                let v = ints(rest);
                assert_eq!(v.len(), 1 + v[0] as usize, "{}: TRACE line", h.name);
                h.trace = v[1..].iter().map(|&t| t as u8).collect();
            }
            "PAR" | "PAR2" => {} // tests/par.rs
            other => panic!("{file}: unknown line '{other}'"),
        }
    }
    hands.extend(current);
    hands
}

const LISTS: [&str; 6] = ["list1.txt", "list2.txt", "list10.txt", "list100.txt", "list300.txt", "list1000.txt"];

/// All hands of the list files, in file order.
fn list_hands() -> Vec<ListHand> {
    let hands: Vec<ListHand> = LISTS.iter().flat_map(|f| parse_list(f)).collect();
    assert_eq!(hands.len(), 1 + 2 + 10 + 100 + 300 + 1000);
    hands
}

/// The first hand of each distinct key (the smaller lists repeat hands of list1000).
fn distinct(hands: &[ListHand], key: impl Fn(&ListHand) -> String) -> Vec<ListHand> {
    let mut seen = BTreeSet::new();
    hands.iter().filter(|h| seen.insert(key(h))).cloned().collect()
}

fn check_list_tables(what: &str, hands: &[ListHand]) {
    check_all(what, hands, |solver, h| check_table(solver, &h.name, &h.deal, &h.table));
}

fn check_list_leads(what: &str, hands: &[ListHand]) {
    check_all(what, hands, |solver, h| {
        let pos = Position::at_trick_start(h.deal, h.strain, h.first);
        let name = format!("{}: {}", h.name, to_json_line(&pos));
        match solver.analyse(&pos, &mut |_, _| {}) {
            Ok(got) => cards_diff(&got, &h.fut).map(|d| format!("{name}: opening leads: {d}")),
            Err(e) => Some(format!("{name}: analyse failed: {e}")),
        }
    });
}

fn check_list_traces(what: &str, hands: &[ListHand]) {
    check_all(what, hands, |_, h| {
        let got = analyse_play(&h.deal, h.strain, h.first, &h.play, &Config::default());
        let name = format!(
            "{}: deal {} strain {} leader {} play {}",
            h.name,
            h.deal.to_pbn(),
            h.strain,
            h.first,
            h.play.iter().map(|c| c.to_string()).collect::<String>()
        );
        match got {
            Err(e) => Some(format!("{name}: analyse_play failed: {e}")),
            Ok(got) if got.len() != h.play.len() + 1 => {
                Some(format!("{name}: {} values for {} cards", got.len(), h.play.len()))
            }
            // DDS's TRACE may stop before the end of the play: compare what it has.
            Ok(got) => {
                let n = h.trace.len().min(got.len());
                (got[..n] != h.trace[..n]).then(|| {
                    let at = (0..n).find(|&i| got[i] != h.trace[i]).unwrap();
                    format!(
                        "{name}: first difference after {at} cards: got {}, want {}\n    got  {:?}\n    want {:?}",
                        got[at],
                        h.trace[at],
                        &got[..n],
                        h.trace
                    )
                })
            }
        }
    });
}

#[test]
fn dds_lists_tables() {
    let hands = distinct(&list_hands(), |h| h.deal.to_pbn());
    check_list_tables("list*.txt TABLE", &sample(&hands, 3));
}

#[test]
fn dds_lists_opening_leads() {
    let hands = distinct(&list_hands(), |h| h.pbn_line.clone());
    check_list_leads("list*.txt FUT", &sample(&hands, 6));
}

#[test]
fn dds_lists_play_traces() {
    let hands = distinct(&list_hands(), |h| format!("{} {:?}", h.pbn_line, h.play));
    check_list_traces("list*.txt PLAY/TRACE", &sample(&hands, 3));
}

fn largest_hands() -> Vec<ListHand> {
    let hands = parse_list("largest.txt");
    assert_eq!(hands.len(), 21);
    hands
}

#[test]
fn dds_largest_tables() {
    // DDS's 21 slow real hands: about 2 minutes on 2 cores.
    check_list_tables("largest.txt TABLE", &sample(&largest_hands(), 0));
}

#[test]
fn dds_largest_opening_leads() {
    check_list_leads("largest.txt FUT", &sample(&largest_hands(), 0));
}

#[test]
fn dds_largest_play_traces() {
    check_list_traces("largest.txt PLAY/TRACE", &sample(&largest_hands(), 0));
}

fn thomas_hands() -> Vec<ListHand> {
    let mut hands = parse_list("thomas1.txt");
    hands.extend(parse_list("thomas2.txt"));
    assert_eq!(hands.len(), 2);
    hands
}

/// DDS's artificial slow hands. With an earlier, about 2x slower engine one solve of
/// thomas1's opening position took about 20 s in a release build, thomas2's about 140 s,
/// and their DD tables more than 5 minutes each. The default run checks thomas1's value;
/// `--ignored` runs the rest.
#[test]
fn dds_thomas1_value() {
    if cfg!(debug_assertions) {
        return;
    }
    let h = &thomas_hands()[0];
    let pos = Position::at_trick_start(h.deal, h.strain, h.first);
    let best = *h.fut.values().max().unwrap();
    let mut solver = Solver::new(Config::default());
    assert_eq!(solver.solve(&pos), Ok(best), "{}: {}", h.name, to_json_line(&pos));
}

#[test]
#[ignore = "very slow: DD tables of DDS's artificial worst cases"]
fn dds_thomas_hands_in_full() {
    let hands = thomas_hands();
    check_list_leads("thomas*.txt FUT", &hands);
    check_list_traces("thomas*.txt PLAY/TRACE", &hands);
    check_list_tables("thomas*.txt TABLE", &hands);
}

// ---------------------------------------------------------------------------------------
// sol10.txt: GIB's format
// ---------------------------------------------------------------------------------------

#[test]
fn gib_sol10_tables() {
    let text = read_data("dds-hands/sol10.txt");
    let rows: Vec<(usize, Deal, Vec<u8>)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let (hands, digits) = line.trim().split_once(':').expect("deal:digits");
            // The hands are listed West, North, East, South.
            let deal = parse_deal(&format!("W:{hands}")).expect("a valid deal");
            let tricks: Vec<u8> = digits.chars().map(|c| c.to_digit(16).expect("a hex digit") as u8).collect();
            assert_eq!(tricks.len(), 20, "sol10.txt line {}", i + 1);
            (i + 1, deal, tricks)
        })
        .collect();
    assert_eq!(rows.len(), 10);
    let rows = sample(&rows, 1);
    // Digit 4*s+h: strain s in NT S H D C, declarer h in E N W S (the leader sits to
    // declarer's left); North-South's tricks.
    let strains = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];
    let declarers = [Seat::East, Seat::North, Seat::West, Seat::South];
    check_all("sol10.txt", &rows, |solver, (line, deal, want)| {
        let table = match solver.table(deal) {
            Ok(t) => t,
            Err(e) => return Some(format!("sol10.txt line {line}: table failed: {e}")),
        };
        let mut diffs = Vec::new();
        for (s, &strain) in strains.iter().enumerate() {
            for (h, &declarer) in declarers.iter().enumerate() {
                let t = table.get(declarer, strain);
                let ns = if declarer.is_ns() { t } else { 13 - t };
                if ns != want[4 * s + h] {
                    diffs.push(format!(
                        "{strain} declared by {declarer}: North-South got {ns}, want {}",
                        want[4 * s + h]
                    ));
                }
            }
        }
        (!diffs.is_empty()).then(|| format!("sol10.txt line {line} {}: {}", deal.to_pbn(), diffs.join("; ")))
    });
}
