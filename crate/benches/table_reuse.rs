//! Not a test: the time of 200-sample single-dummy analyses (an opening lead, and declarer's
//! play after 4, 8, 20 and 30 cards of random deals) with the transposition table kept
//! across samples or cleared before each, on 1 and 2 threads; the best of interleaved rounds,
//! as the machine is shared. `cargo bench -p glasshand --bench table_reuse`

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/support/single.rs"]
#[allow(dead_code)]
mod single_scenarios;

use common::Rng;
use glasshand::{Config, SingleDummy, Solver, Strain, TablePolicy};
use single_scenarios::*;

fn main() {
    let mut scenarios = vec![("opening lead".to_string(), opening_lead_request(200))];
    for (seed, count) in [(8, 4), (6, 8), (5, 20), (7, 30)] {
        let played = play_at_random(&mut Rng::new(seed), Strain::Hearts, count);
        scenarios.push((format!("{count} cards played"), request(&played, "4H", 200, 1)));
    }
    for (name, req) in scenarios {
        let mut best = [[f64::MAX; 2]; 2];
        // Nodes searched on one thread: the machine-independent part of the comparison.
        let mut nodes = [0u64; 2];
        let mut answers = Vec::new();
        for _ in 0..2 {
            for (k, keep) in [true, false].into_iter().enumerate() {
                let job = SingleDummy::new(&req).unwrap().table_policy(if keep {
                    TablePolicy::Keep
                } else {
                    TablePolicy::Fresh
                });
                let mut solver = Solver::new(Config::default());
                let started = std::time::Instant::now();
                answers.push(solve(&job, &mut solver));
                best[k][0] = best[k][0].min(started.elapsed().as_secs_f64() * 1e3);
                nodes[k] = solver.stats().nodes();
                #[cfg(feature = "parallel")]
                {
                    let started = std::time::Instant::now();
                    answers.push(solve_parallel(&job, 2));
                    best[k][1] = best[k][1].min(started.elapsed().as_secs_f64() * 1e3);
                }
            }
        }
        assert!(answers.windows(2).all(|w| w[0] == w[1]));
        for (k, keep) in ["kept", "cleared"].into_iter().enumerate() {
            let [one, two] = best[k];
            println!(
                "{name}, table {keep}: {} nodes; 1 thread {one:.0} ms ({:.1} samples/s), 2 threads {two:.0} ms ({:.1} samples/s)",
                nodes[k],
                2e5 / one,
                2e5 / two
            );
        }
    }
}
