//! How finely to split one DD table over two threads (docs/wasm.md). For each deal,
//! times in this thread's CPU time:
//!   strain:     the four declarers of a strain with one solver, as a pool task does now;
//!   pair:       North+South, then East+West, each pair with a fresh solver;
//!   declarer:   each declarer alone with a fresh solver;
//! and prints per unit kind the total work (nodes, ms) and the makespan of the best split of
//! the deal's units over two threads, against half the strain-level total (the ideal).
//!
//!   cargo run --release --bin split -- ../../../../shared/data/tables.jsonl 0,63,126 [tt-mb]

use glasshand::{Config, Deal, Position, Seat, Solver, Strain};
use glasshand_wasm_probe::host::{read_deals, thread_cpu_ms};

/// One unit of work: its declarers solved in order with one solver, each guessing from the last.
fn run(deal: &Deal, strain: Strain, declarers: &[Seat], config: &Config) -> (f64, u64) {
    let mut solver = Solver::new(*config);
    let size = deal.size() as u8;
    let t0 = thread_cpu_ms();
    let mut guess = None;
    for &declarer in declarers {
        let pos = Position::at_trick_start(*deal, strain, declarer.next());
        let ns = solver.value_ns(&pos, guess).expect("solvable");
        guess = Some(if declarer == Seat::South { (ns + 1).min(size) } else { ns });
    }
    (thread_cpu_ms() - t0, solver.stats().nodes())
}

/// The least makespan of `jobs` on two machines (every subset; at most 20 jobs).
fn best_two_way(jobs: &[f64]) -> f64 {
    let total: f64 = jobs.iter().sum();
    let mut best = total;
    for mask in 0u32..(1 << (jobs.len() - 1)) {
        let one: f64 = jobs.iter().enumerate().filter(|(i, _)| mask >> i & 1 != 0).map(|(_, t)| t).sum();
        best = best.min(one.max(total - one));
    }
    best
}

/// Makespan when two threads take the jobs in the given order, each the next free one (what a
/// work-stealing pool does with jobs it cannot size beforehand).
fn list_two_way(jobs: &[f64]) -> f64 {
    let mut free = [0.0f64; 2];
    for &t in jobs {
        let i = if free[0] <= free[1] { 0 } else { 1 };
        free[i] += t;
    }
    free[0].max(free[1])
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals = read_deals(&args[1], &args[2]);
    let tt_megabytes = args.get(3).map_or(16, |s| s.parse().expect("tt-mb"));
    let config = Config { tt_megabytes, ..Config::default() };
    use Seat::*;
    let kinds: [(&str, Vec<Vec<Seat>>); 3] = [
        ("strain", vec![vec![North, South, East, West]]),
        ("pair", vec![vec![North, South], vec![East, West]]),
        ("declarer", vec![vec![North], vec![South], vec![East], vec![West]]),
    ];
    // Per kind: total ms, total nodes, sum of best makespans, sum of in-order list makespans.
    let mut sums = [[0.0f64; 4]; 3];
    println!("deal | strain: ms nodes best2 | pair: ms nodes best2 | declarer: ms nodes best2");
    for (i, deal) in deals.iter().enumerate() {
        let mut row = format!("{i:4}");
        let mut units = Vec::new();
        for (k, (_, groups)) in kinds.iter().enumerate() {
            let mut times = Vec::new();
            let mut nodes = 0;
            for strain in Strain::ALL {
                for group in groups {
                    let (ms, n) = run(deal, strain, group, &config);
                    times.push(ms);
                    nodes += n;
                }
            }
            let total: f64 = times.iter().sum();
            let best = best_two_way(&times);
            sums[k][0] += total;
            sums[k][1] += nodes as f64;
            sums[k][2] += best;
            sums[k][3] += list_two_way(&times);
            row += &format!(" | {total:7.1} {nodes:9} {best:7.1}");
            units.push(format!("{times:.2?}"));
        }
        println!("{row}");
        // Each unit's ms (strain-major, S H D C NT), for other partitions (split.py).
        eprintln!("{{\"strain\": {}, \"pair\": {}, \"declarer\": {}}}", units[0], units[1], units[2]);
    }
    let base = sums[0][0];
    println!("\nunit | work ms | nodes | work vs strain | best 2-way makespan | speed-up vs 1 thread (strain) | in-order makespan | its speed-up");
    for (k, (name, _)) in kinds.iter().enumerate() {
        let [ms, nodes, best, list] = sums[k];
        println!(
            "{name} | {ms:.0} | {nodes:.0} | {:.3} | {best:.0} | {:.2}x | {list:.0} | {:.2}x",
            ms / base,
            base / best,
            base / list
        );
    }
}
