//! One DD table at a time on a rayon pool, the way the threaded worker runs a table request:
//! each pool thread keeps its solver between tables, and the table's strains (and, at its end,
//! declarers with a copy of the strain's table) spread over the threads. Prints the wall ms of
//! each deal at 1 and at 2 threads (taking turns, best of `rounds`), and the totals.
//!
//!   cargo run --release --features threads --bin onetable -- ../../../../shared/data/tables.jsonl 0-39 [rounds] [tt-mb]

use glasshand::{solve_table_parallel, Config, DdTable, Deal};
use glasshand_wasm_probe::host::read_deals;
use std::time::Instant;

fn time_tables(pool: &rayon::ThreadPool, deals: &[Deal], config: &Config) -> Vec<(f64, DdTable)> {
    pool.install(|| {
        deals
            .iter()
            .map(|deal| {
                let t0 = Instant::now();
                let table = solve_table_parallel(deal, config, &|_, _, _| {}).expect("no stop");
                (t0.elapsed().as_secs_f64() * 1e3, table)
            })
            .collect()
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let indices = match args[2].split_once('-') {
        Some((a, b)) => {
            (a.parse::<usize>().unwrap()..=b.parse().unwrap()).map(|i| i.to_string()).collect::<Vec<_>>().join(",")
        }
        None => args[2].clone(),
    };
    let deals = read_deals(&args[1], &indices);
    let rounds: usize = args.get(3).map_or(2, |s| s.parse().expect("rounds"));
    let tt_megabytes = args.get(4).map_or(16, |s| s.parse().expect("tt-mb"));
    let config = Config { tt_megabytes, ..Config::default() };
    let pools = [1, 2].map(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build().expect("pool"));
    let mut best = [vec![f64::INFINITY; deals.len()], vec![f64::INFINITY; deals.len()]];
    let mut one_thread_tables = Vec::new();
    for _ in 0..rounds {
        for (k, pool) in pools.iter().enumerate() {
            // A warm-up table first: the solvers' memory is allocated once per thread.
            time_tables(pool, &deals[..1], &config);
            let times = time_tables(pool, &deals, &config);
            if k == 0 {
                one_thread_tables = times.iter().map(|&(_, table)| table).collect();
            }
            for (i, (ms, table)) in times.into_iter().enumerate() {
                best[k][i] = best[k][i].min(ms);
                assert_eq!(table, one_thread_tables[i], "deal {i}: the two runs differ");
            }
        }
    }
    for i in 0..deals.len() {
        println!("{i:4} {:8.1} {:8.1} {:5.2}x", best[0][i], best[1][i], best[0][i] / best[1][i]);
    }
    let [one, two] = best.map(|b| b.iter().sum::<f64>());
    println!("total: 1 thread {one:.0} ms, 2 threads {two:.0} ms: {:.2}x", one / two);
}
