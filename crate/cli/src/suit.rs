//! `glasshand suit NORTH SOUTH`: exact suit play (the engine's `suit` task through the one
//! runner, its opening leads spread over the pool): each trick target's best chance and
//! line, the best average.

use crate::run::{run_requests, Label};
use crate::Options;
use clap::Args;
use glasshand::schema::{Output, Request, SuitOut, SuitRequest};
use glasshand::{Error, SuitPlay, Vacant};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct SuitArgs {
    /// North's cards of the suit (`AK987x`: x is the lowest spot not named, `10` or `T`)
    #[arg(allow_hyphen_values = true)]
    pub north: Option<String>,
    /// South's cards (`-` for none)
    #[arg(allow_hyphen_values = true)]
    pub south: Option<String>,
    /// West's vacant places for the suit
    #[arg(long, value_name = "N", default_value_t = 13)]
    pub west_vacant: u8,
    /// East's vacant places for the suit
    #[arg(long, value_name = "N", default_value_t = 13)]
    pub east_vacant: u8,
    /// Also print the best-average line as a full plan, and the layouts
    #[arg(long)]
    pub plan: bool,
    /// Time N random holdings of 6 to 12 cards (seeded), one thread each; or N times the
    /// holding given
    #[arg(long, value_name = "N", hide = true)]
    pub sweep: Option<usize>,
    /// The sweep's seed
    #[arg(long, value_name = "N", hide = true, default_value_t = 1)]
    pub seed: u64,
    /// Time structured hard holdings: long suits opposite voids and singletons, many
    /// missing honours, 6 to 12 cards
    #[arg(long, hide = true)]
    pub hard_sweep: bool,
    /// Stop a sweep's holding after this many seconds
    #[arg(long, value_name = "S", hide = true, default_value_t = 10)]
    pub sweep_limit: u64,
}

pub fn suit(opts: &Options, args: &SuitArgs) -> Result<(), String> {
    if let Some(n) = args.sweep {
        let holdings = match (&args.north, &args.south) {
            (Some(north), Some(south)) => vec![(north.clone(), south.clone()); n],
            _ => random_holdings(n, args.seed),
        };
        return sweep(&holdings, Duration::from_secs(args.sweep_limit));
    }
    if args.hard_sweep {
        return sweep(&hard_holdings(), Duration::from_secs(args.sweep_limit));
    }
    let (Some(north), Some(south)) = (&args.north, &args.south) else {
        return Err("suit needs North's and South's cards, e.g. `glasshand suit AK987x Jx`".into());
    };
    let request = Request::Suit(SuitRequest {
        north: north.clone(),
        south: south.clone(),
        west_vacant: Some(args.west_vacant),
        east_vacant: Some(args.east_vacant),
        options: Default::default(),
    });
    let render = |out: &Output| match out {
        Output::Suit(out) => text(out, args.plan),
        _ => unreachable!("a suit request makes a suit task"),
    };
    run_requests(opts, opts.json, Label { progress: "suit", noun: "holdings" }, vec![(1, Ok(request))], &render)
}

fn text(out: &SuitOut, plan: bool) -> String {
    let mut s = format!("{} / {}  (missing {}, {} layouts)\n", out.north, out.south, out.missing, out.layouts);
    s.push_str("tricks   chance  line (first trick)\n");
    for t in &out.targets {
        s.push_str(&format!("{:>6}  {:6.2}%  {}\n", t.tricks, 100.0 * t.probability, t.line.first_trick()));
    }
    s.push_str(&format!("average {:.4} tricks: {}\n", out.average.tricks, out.average.line.first_trick()));
    s.push_str(&format!(
        "double dummy {:.4} tricks (strategy fusion {:.4})",
        out.double_dummy,
        out.double_dummy - out.average.tricks
    ));
    if plan {
        s.push_str("\n\nbest-average plan:\n");
        s.push_str(out.average.line.plan().trim_end());
        s.push_str("\n\nwest      east      chance  tricks  dd");
        for split in &out.splits {
            s.push_str(&format!(
                "\n{:<8}  {:<8}  {:5.2}%  {:>6}  {:>2}",
                split.west,
                split.east,
                100.0 * split.probability,
                split.tricks,
                split.double_dummy
            ));
        }
    }
    s
}

/// `n` random holdings of 6 to 12 cards, split at random between the hands (voids included).
fn random_holdings(n: usize, seed: u64) -> Vec<(String, String)> {
    let mut rng = glasshand::rng::Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut deck: Vec<u8> = (0..13).collect();
            rng.shuffle(&mut deck);
            let cards = 6 + rng.below(7) as usize;
            let cut = rng.below(cards as u64 + 1) as usize;
            (letters(&deck[..cut]), letters(&deck[cut..cards]))
        })
        .collect()
}

/// Ranks (0 for the 2) written highest first, `-` for none.
fn letters(ranks: &[u8]) -> String {
    let mut r = ranks.to_vec();
    r.sort_by(|a, b| b.cmp(a));
    if r.is_empty() {
        return "-".into();
    }
    r.iter().map(|&r| b"23456789TJQKA"[r as usize] as char).collect()
}

/// The shapes that make fronts grow: one long hand of 6 to 12 cards opposite a void, a
/// singleton or a doubleton, its cards broken so that many gaps (and honours) are missing.
/// Not every such holding (far too many): the most broken (alternate ranks, from the ace or
/// the king), and the slow ones the random sweeps found.
fn hard_holdings() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for long in 6..=12usize {
        for short in 0..=2usize {
            let cards = long + short;
            if cards > 12 {
                continue;
            }
            // Alternate ranks leave a gap after every card: the most layouts for the length.
            for start in [0u8, 1] {
                let ranks: Vec<u8> = (0..13u8).rev().skip(start as usize).step_by(2).collect();
                let mut pool: Vec<u8> =
                    ranks.iter().copied().chain((0..13u8).rev().filter(|r| !ranks.contains(r))).collect();
                let long_hand: Vec<u8> = pool.drain(..long).collect();
                for short_hand in short_hands(&pool, short) {
                    out.push((letters(&long_hand), letters(&short_hand)));
                    out.push((letters(&short_hand), letters(&long_hand)));
                }
            }
        }
    }
    for (north, south) in [
        ("KJ9763", "-"),
        ("-", "Q97532"),
        ("QT84", "76"),
        ("AJ9753", "-"),
        ("KT8642", "-"),
        ("QT864", "2"),
        ("J97532", "-"),
        ("K9753", "Q"),
    ] {
        out.push((north.into(), south.into()));
    }
    out.sort();
    out.dedup();
    out
}

/// A short hand of `n` cards taken from `pool`: its highest, its lowest, and (for two cards)
/// one of each.
fn short_hands(pool: &[u8], n: usize) -> Vec<Vec<u8>> {
    match n {
        0 => vec![Vec::new()],
        1 => vec![vec![pool[0]], vec![pool[pool.len() - 1]]],
        _ => vec![vec![pool[0], pool[pool.len() - 1]], pool[pool.len() - 2..].to_vec()],
    }
}

/// Each holding analysed on one thread: the median and worst times, and the process's peak
/// memory.
fn sweep(holdings: &[(String, String)], limit: Duration) -> Result<(), String> {
    let mut times = Vec::with_capacity(holdings.len());
    let mut stopped = Vec::new();
    let mut refused = Vec::new();
    for (north, south) in holdings {
        let play = SuitPlay::new(north, south, Vacant::default()).map_err(|e| e.to_string())?;
        eprint!("{north:>13} / {south:<13} ");
        let start = Instant::now();
        let stop = Arc::new(AtomicBool::new(false));
        let watchdog = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(limit);
            watchdog.store(true, Ordering::Relaxed);
        });
        let out = match play.analyse(Some(stop)) {
            Ok(out) => out,
            Err(Error::Stopped { .. }) => {
                eprintln!("stopped after {} s", limit.as_secs());
                stopped.push(format!("{north} / {south}"));
                continue;
            }
            Err(e @ Error::SuitTooHard { .. }) => {
                eprintln!("refused after {:.2} s ({e})", start.elapsed().as_secs_f64());
                refused.push(format!("{north} / {south}"));
                continue;
            }
            Err(e) => return Err(e.to_string()),
        };
        let secs = start.elapsed().as_secs_f64();
        eprintln!("{:8.2} ms  average {:.4}", 1e3 * secs, out.average.tricks);
        times.push((secs, format!("{north} / {south}")));
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let at = |q: f64| times.get(((times.len().max(1) - 1) as f64 * q).round() as usize).map_or(0.0, |t| t.0 * 1e3);
    let (worst, worst_name) = times.last().cloned().unwrap_or_default();
    out!(
        "{} holdings answered: median {:.2} ms, 90th percentile {:.2} ms, worst {:.2} ms ({worst_name}), total {:.2} s, peak memory {}",
        times.len(),
        at(0.5),
        at(0.9),
        worst * 1e3,
        times.iter().map(|t| t.0).sum::<f64>(),
        peak_memory()
    );
    if !stopped.is_empty() {
        out!("{} stopped after {} s: {}", stopped.len(), limit.as_secs(), stopped.join(", "));
    }
    if !refused.is_empty() {
        out!("{} refused as too hard: {}", refused.len(), refused.join(", "));
    }
    Ok(())
}

/// The process's peak resident memory, from /proc (Linux).
fn peak_memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix("VmHWM:")).map_or_else(|| "unknown".into(), |v| v.trim().to_string())
}
