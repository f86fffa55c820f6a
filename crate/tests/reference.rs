//! The engine against a plain alpha-beta written here (tests/common): exhaustive per-card
//! agreement on thousands of random endings of 1 to 5 cards a hand, in every strain, from
//! every leader, at the start of a trick and in the middle of one. Then the same values in
//! every ablation mode and TT size on bigger endings and full deals, and the parallel DD
//! table against the sequential one.

mod common;

use common::*;
use glasshand::{solve_table, solve_table_parallel, Card, Config, DdTable, Position, Seat, Solver, Strain, TtMode};
use rayon::prelude::*;
use std::sync::Mutex;

/// Position `i` of a seeded series: leaders and sizes cycle fast and strains in runs of 8
/// positions (a solver kept across positions meets several deals with the same trump and
/// keeps its table between them); half the deals come from 2 or 3 suits only.
fn series_position(seed: u64, i: usize, sizes: &[usize]) -> Position {
    let mut rng = Rng::new(seed ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let strain = STRAINS[(i / 8) % 5];
    let leader = SEATS[i % 4];
    let n = sizes[(i / 4) % sizes.len()];
    let deal = if rng.chance(1, 2) { random_ending(&mut rng, n) } else { random_tight_ending(&mut rng, n) };
    let played = rng.below(4);
    let mut trick: Vec<Card> = Vec::new();
    for k in 0..played {
        let hand = deal.hand(leader.offset(k));
        trick.push(rng.pick_card(legal(hand, trick.first().copied())));
    }
    Position::new(deal, strain, leader, &trick).expect("a valid random position")
}

/// Compares the engine's `solve` and `analyse` with `want` (the reference's per-card list);
/// returns what differed.
fn check_against(solver: &mut Solver, pos: &Position, want: &[(Card, u8)]) -> Option<String> {
    let best = want.iter().map(|&(_, t)| t).max().expect("a legal card");
    let solved = solver.solve(pos);
    let mut heard = Vec::new();
    let analysed = solver.analyse(pos, &mut |c, t| heard.push((c, t)));
    let mut problems = Vec::new();
    match solved {
        Ok(v) if v == best => {}
        Ok(v) => problems.push(format!("solve: got {v}, want {best}")),
        Err(e) => problems.push(format!("solve failed: {e}")),
    }
    match analysed {
        Ok(got) => {
            if got != want {
                problems.push(format!("analyse: got {got:?}, want {want:?}"));
            }
            heard.sort_by_key(|&(c, _)| (c.suit(), std::cmp::Reverse(c.rank())));
            if heard != got {
                problems.push(format!("analyse callback heard {heard:?}, returned {got:?}"));
            }
        }
        Err(e) => problems.push(format!("analyse failed: {e}")),
    }
    (!problems.is_empty()).then(|| {
        format!(
            "{} (to move {}): {}\n  reproduce: {}",
            describe(pos),
            pos.to_move(),
            problems.join("; "),
            to_json_line(pos)
        )
    })
}

/// Runs `check` on positions `0..count` over the rayon pool, one engine solver per worker
/// (each solver meets many deals, so entries left from one deal must not leak into another).
fn run_series(
    count: usize,
    make: impl Fn(usize) -> Position + Sync,
    config: Config,
    check: impl Fn(&mut Solver, &Position) -> Option<String> + Sync,
) -> Vec<String> {
    let mut failures: Vec<(usize, String)> = (0..count)
        .into_par_iter()
        .map_init(|| Solver::new(config), |solver, i| check(solver, &make(i)).map(|f| (i, f)))
        .flatten()
        .collect();
    failures.sort();
    failures.into_iter().map(|(i, f)| format!("#{i}: {f}")).collect()
}

/// Fails with the first differences if any of `count` endings disagreed with the reference.
fn assert_agree(failures: &[String], count: usize) {
    assert!(
        failures.is_empty(),
        "{} of {count} endings differ from the alpha-beta reference:\n{}",
        failures.len(),
        first_failures(failures, 10)
    );
}

#[test]
fn small_endings_agree_with_alpha_beta() {
    let count = trials(10_000, 600);
    let sizes = [1, 2, 3, 4, 5];
    let failures = run_series(
        count,
        |i| series_position(0x5EED_0001, i, &sizes),
        Config::default(),
        |solver, pos| check_against(solver, pos, &reference_analyse(pos)),
    );
    assert_agree(&failures, count);
}

#[test]
fn small_endings_agree_with_fresh_solvers() {
    // A new solver per position: nothing carried over between deals.
    let count = trials(2_000, 200);
    let sizes = [3, 4, 5];
    let failures = run_series(
        count,
        |i| series_position(0x5EED_0002, i, &sizes),
        Config::default(),
        |_, pos| {
            let mut fresh = Solver::new(Config { tt_megabytes: 1, ..Config::default() });
            check_against(&mut fresh, pos, &reference_analyse(pos))
        },
    );
    assert_agree(&failures, count);
}

#[test]
fn six_card_endings_agree_with_alpha_beta() {
    let count = trials(300, 20);
    let failures = run_series(
        count,
        |i| series_position(0x5EED_0003, i, &[6]),
        Config::default(),
        |solver, pos| check_against(solver, pos, &reference_analyse(pos)),
    );
    assert_agree(&failures, count);
}

/// Every ablation mode (4 TT modes x quick tricks x move ordering), then TT sizes.
fn all_configs() -> Vec<(String, Config)> {
    let mut out = Vec::new();
    for tt_mode in [TtMode::Off, TtMode::Exact, TtMode::Relative, TtMode::Partition] {
        for quick_tricks in [true, false] {
            for move_ordering in [true, false] {
                let config = Config { tt_mode, quick_tricks, move_ordering, ..Config::default() };
                out.push((describe_config(&config), config));
            }
        }
    }
    for mb in [1, 64] {
        let config = Config { tt_megabytes: mb, ..Config::default() };
        out.push((describe_config(&config), config));
    }
    out
}

fn describe_config(c: &Config) -> String {
    format!("tt {:?} {} MB, quick tricks {}, ordering {}", c.tt_mode, c.tt_megabytes, c.quick_tricks, c.move_ordering)
}

#[test]
fn ablation_modes_and_tt_sizes_agree_on_endings() {
    let count = trials(160, 20);
    let sizes = [6, 7, 8];
    let positions: Vec<Position> = (0..count).map(|i| series_position(0x5EED_0004, i, &sizes)).collect();
    // The default configuration sets the values; the smaller endings also go through the
    // alpha-beta reference.
    let baseline: Vec<Result<Vec<(Card, u8)>, String>> = positions
        .par_iter()
        .map_init(
            || Solver::new(Config::default()),
            |solver, pos| {
                let got = solver
                    .analyse(pos, &mut |_, _| {})
                    .map_err(|e| format!("{}: default config: analyse failed: {e}", describe(pos)))?;
                if pos.tricks_left() <= 6 {
                    let want = reference_analyse(pos);
                    if got != want {
                        return Err(format!("{}: default config: got {got:?}, reference {want:?}", describe(pos)));
                    }
                }
                Ok(got)
            },
        )
        .collect();
    let configs = all_configs();
    let failures = Mutex::new(Vec::new());
    // One solver per configuration, kept over all positions (a full 1 MB table restarts).
    configs.par_iter().for_each(|(name, config)| {
        let start = std::time::Instant::now();
        let mut solver = Solver::new(*config);
        for (i, (pos, want)) in positions.iter().zip(&baseline).enumerate() {
            let Ok(want) = want else { continue };
            if let Some(f) = check_against(&mut solver, pos, want) {
                failures.lock().unwrap().push(format!("{name}, #{i}: {f}"));
            }
        }
        eprintln!("{name}: {:.1} s", start.elapsed().as_secs_f64());
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    let baseline_failures: Vec<String> = baseline.into_iter().filter_map(Result::err).collect();
    failures.splice(0..0, baseline_failures);
    assert!(
        failures.is_empty(),
        "{} failures (default config vs reference, or a configuration vs the default):\n{}",
        failures.len(),
        first_failures(&failures, 10)
    );
}

/// Three deals of tables.jsonl with their DD tables.
fn table_deals(count: usize) -> Vec<(String, DdTable)> {
    load_jsonl("tables.jsonl")
        .iter()
        .take(count)
        .map(|v| {
            let text = v["deal"].as_str().expect("deal").to_string();
            let mut table = DdTable::default();
            for seat in SEATS {
                for strain in STRAINS {
                    let t = &v["tricks"][seat.letter().to_string()][strain.name()];
                    table.set(seat, strain, t.as_u64().expect("tricks") as u8);
                }
            }
            (text, table)
        })
        .collect()
}

#[test]
fn ablation_modes_and_tt_sizes_agree_on_full_deals() {
    // A TT-less search of a full deal is out of reach, and so are combined switches: each
    // configuration here turns one thing off (or resizes the TT: 1 MB fills up and
    // restarts). Exact and Relative TTs and no ordering take tens of seconds per solve in
    // release builds, so debug builds only run the cheap ones.
    let deals = table_deals(sample_size(2, 1));
    let configs: Vec<(String, Config)> = all_configs()
        .into_iter()
        .filter(|(_, c)| {
            let switches = (c.tt_mode != TtMode::Partition) as u8 + !c.quick_tricks as u8 + !c.move_ordering as u8;
            let slow = c.tt_mode != TtMode::Partition || !c.move_ordering;
            c.tt_mode != TtMode::Off && switches <= 1 && !(slow && cfg!(debug_assertions))
        })
        .collect();
    let jobs: Vec<(usize, usize)> = (0..deals.len()).flat_map(|d| (0..configs.len()).map(move |c| (d, c))).collect();
    let failures: Vec<String> = jobs
        .par_iter()
        .filter_map(|&(d, c)| {
            let (text, want) = &deals[d];
            let (name, config) = &configs[c];
            let deal = glasshand::pbn::parse_deal(text).expect("deal");
            // One strain per deal; the slow configurations solve one declarer, the others
            // all four.
            let strain = Strain::ALL[(2 * d + 1) % 5];
            let slow = config.tt_mode != TtMode::Partition || !config.move_ordering;
            let declarers = if slow { vec![Seat::ALL[d % 4]] } else { Seat::ALL.to_vec() };
            let mut solver = Solver::new(*config);
            let start = std::time::Instant::now();
            let mut diffs = Vec::new();
            for declarer in declarers {
                let pos = Position::at_trick_start(deal, strain, declarer.next());
                let got = solver.value_ns(&pos, None).map(|ns| if declarer.is_ns() { ns } else { 13 - ns });
                let expected = want.get(declarer, strain);
                if got != Ok(expected) {
                    diffs.push(format!(
                        "{text} strain {strain} declarer {declarer}, {name}: got {got:?}, want {expected}"
                    ));
                }
            }
            eprintln!("{text}, {name}: {:.1} s", start.elapsed().as_secs_f64());
            (!diffs.is_empty()).then(|| diffs.join("\n"))
        })
        .collect();
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), first_failures(&failures, 10));
}

#[test]
fn parallel_table_equals_sequential_and_ground_truth() {
    let deals = table_deals(sample_size(2, 1));
    for (text, want) in &deals {
        let deal = glasshand::pbn::parse_deal(text).expect("deal");
        let config = Config::default();
        let sequential = solve_table(&deal, &config).expect("solve_table");
        assert_eq!(sequential, *want, "{text}: solve_table vs DDS");
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool");
            let heard = Mutex::new(Vec::new());
            let parallel = pool
                .install(|| {
                    solve_table_parallel(&deal, &config, &|seat, strain, tricks| {
                        heard.lock().unwrap().push((seat, strain, tricks))
                    })
                })
                .expect("solve_table_parallel");
            assert_eq!(parallel, sequential, "{text}: solve_table_parallel on {threads} threads vs solve_table");
            let heard = heard.into_inner().unwrap();
            assert_eq!(heard.len(), 20, "{text}: on_entry calls");
            for (seat, strain, tricks) in heard {
                assert_eq!(tricks, sequential.get(seat, strain), "{text}: on_entry({seat}, {strain})");
            }
        }
    }
}

#[test]
fn reference_solver_sanity() {
    // The reference itself on hand-checked endings, so a shared mistake cannot hide.
    let deal = glasshand::pbn::parse_deal("N:A... K... Q... J...").unwrap();
    let pos = Position::at_trick_start(deal, Strain::NoTrump, Seat::West);
    assert_eq!(reference_ns(&pos), 1);
    // West ruffs North's ace in hearts.
    let deal = glasshand::pbn::parse_deal("N:A... K... Q... .2..").unwrap();
    let pos = Position::at_trick_start(deal, Strain::Hearts, Seat::North);
    assert_eq!(reference_ns(&pos), 0);
    assert_eq!(reference_ns(&Position::at_trick_start(deal, Strain::NoTrump, Seat::North)), 1);
    // A simple squeeze: South cashes the club ace and West, discarding before North, must
    // give up the spade king or the heart guard. With the same cards in East's hand (who
    // discards after North) there is no squeeze.
    let deal = glasshand::pbn::parse_deal("N:Q.A2.. ..AKQ. .3.2.A K.KQ..").unwrap();
    let pos = Position::at_trick_start(deal, Strain::NoTrump, Seat::South);
    assert_eq!(reference_ns(&pos), 3);
    let swapped = glasshand::pbn::parse_deal("N:Q.A2.. K.KQ.. .3.2.A ..AKQ.").unwrap();
    assert_eq!(reference_ns(&Position::at_trick_start(swapped, Strain::NoTrump, Seat::South)), 2);
    // Per-card analysis: every legal card listed once, best equals solve.
    let rows = reference_analyse(&pos);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[2], (card("CA"), 3));
    assert_eq!(rows.iter().map(|r| r.1).max().unwrap(), reference_solve(&pos));
}
