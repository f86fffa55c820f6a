//! One DD table at a time on a rayon pool, the way the threaded worker runs a table request:
//! each pool thread keeps its solver between tables, and the table's strains (and, at its end,
//! declarers with a copy of the strain's table) spread over the threads. Prints the wall ms of
//! each deal at 1 and at 2 threads (taking turns deal by deal, best of `rounds`), and the totals.
//!
//!   cargo run --release --features threads --bin onetable -- ../../../../shared/data/tables.jsonl 0-39 [rounds] [tt-mb]

use glasshand::{solve_table_parallel, Config, DdTable, Deal};
use glasshand_wasm_probe::host::read_deals;
use std::time::Instant;

fn time_table(pool: &rayon::ThreadPool, deal: &Deal, config: &Config) -> (f64, DdTable) {
    pool.install(|| {
        let t0 = Instant::now();
        let table = solve_table_parallel(deal, config, &|_, _, _| {}).expect("no stop");
        (t0.elapsed().as_secs_f64() * 1e3, table)
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
    // A warm-up table first: the solvers' memory is allocated once per thread.
    for pool in &pools {
        time_table(pool, &deals[0], &config);
    }
    // The pools take turns deal by deal, the first alternating: this machine's speed drifts
    // by a fifth within minutes, and pool by pool over all the deals the speed-up read
    // anywhere from 1.58x to 1.76x for the same binary.
    let mut best = [vec![f64::INFINITY; deals.len()], vec![f64::INFINITY; deals.len()]];
    for round in 0..rounds {
        for (i, deal) in deals.iter().enumerate() {
            let first = (i + round) % 2;
            let [a, b] = [first, 1 - first].map(|k| time_table(&pools[k], deal, &config));
            let (one, two) = if first == 0 { (a, b) } else { (b, a) };
            assert_eq!(one.1, two.1, "deal {i}: the two pools differ");
            best[0][i] = best[0][i].min(one.0);
            best[1][i] = best[1][i].min(two.0);
        }
    }
    for i in 0..deals.len() {
        println!("{i:4} {:8.1} {:8.1} {:5.2}x", best[0][i], best[1][i], best[0][i] / best[1][i]);
    }
    let [one, two] = best.map(|b| b.iter().sum::<f64>());
    println!("total: 1 thread {one:.0} ms, 2 threads {two:.0} ms: {:.2}x", one / two);
}
