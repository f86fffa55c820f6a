//! The native side of probe.mjs: the same deals, the same solver reuse, each table timed in
//! this thread's CPU time (the machine is shared: wall time measures the neighbours too).
//!
//!   probe-native tables.jsonl 0,63,126 [rounds] [tt-mb]
//! prints per deal the least CPU ms over the rounds, and the total.

use glasshand::{Config, Solver};
use glasshand_wasm_probe::host::{read_deals, thread_cpu_ms};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals = read_deals(&args[1], &args[2]);
    let rounds: usize = args.get(3).map_or(3, |s| s.parse().expect("rounds"));
    let tt_megabytes = args.get(4).map_or(16, |s| s.parse().expect("tt-mb"));
    let mut solver = Solver::new(Config { tt_megabytes, ..Config::default() });
    solver.table(&deals[0]).expect("table");
    let mut best = vec![f64::INFINITY; deals.len()];
    let mut nodes = 0;
    for _ in 0..rounds {
        nodes = 0;
        for (k, deal) in deals.iter().enumerate() {
            solver.reset_stats();
            let t0 = thread_cpu_ms();
            solver.table(deal).expect("table");
            best[k] = best[k].min(thread_cpu_ms() - t0);
            nodes += solver.stats().nodes();
        }
    }
    let total: f64 = best.iter().sum();
    println!("native: {total:.1} cpu ms ({:.1} per table), {nodes} nodes", total / deals.len() as f64);
    println!("{}", json_list(&best));
}

fn json_list(xs: &[f64]) -> String {
    let items: Vec<String> = xs.iter().map(|x| format!("{x:.2}")).collect();
    format!("[{}]", items.join(","))
}
