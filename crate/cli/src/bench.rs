//! Benchmarks: the node-count signature (for commit messages) and the timing run against
//! DDS. Correctness lives in the tests; these only measure.

use crate::Options;
use glasshand::{pbn, DdTable, Deal, Seat, Solver, Strain};
use rayon::prelude::*;
use std::time::Instant;

/// Solves every DD table of the engine's bench list on one thread and prints the node
/// total: it must not change under a refactor, and the wasm build must print the same.
pub fn signature(opts: &Options) -> Result<(), String> {
    let start = Instant::now();
    let total =
        glasshand::bench::signature(&opts.config(), &mut |i, nodes| eprintln!("deal {:2}: {nodes:>10} nodes", i + 1))
            .map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!("Total time (ms) : {:.0}", secs * 1000.0);
    eprintln!("Nodes/second    : {:.0}", total as f64 / secs);
    out!("Nodes searched  : {total}");
    Ok(())
}

/// A file of the repository's ground truth (`tests/data/`), where `speed` finds its deals.
fn data_file(name: &str) -> String {
    format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

struct Case {
    deal: Deal,
    expected: DdTable,
    dds_ms: Option<f64>,
}

fn load_cases(path: &str, dds_path: Option<&str>, limit: Option<usize>) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}"))?;
    let dds_text = match dds_path {
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("reading {p}: {e}"))?,
        None => std::fs::read_to_string(data_file("dds_table_ms.jsonl")).unwrap_or_default(),
    };
    let dds: std::collections::HashMap<String, f64> = dds_text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| Some((v["deal"].as_str()?.to_string(), v["dds_ms"].as_f64()?)))
        .collect();
    let mut cases = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(limit.unwrap_or(usize::MAX)) {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let deal_text = v["deal"].as_str().ok_or("a line without \"deal\"")?;
        let deal = pbn::parse_deal(deal_text).map_err(|e| e.to_string())?;
        let mut expected = DdTable::default();
        for seat in Seat::ALL {
            for strain in Strain::ALL {
                let t = v["tricks"][seat.letter().to_string()][strain.name()].as_u64().ok_or("bad tricks")?;
                expected.set(seat, strain, t as u8);
            }
        }
        cases.push(Case { deal, expected, dds_ms: dds.get(deal_text).copied() });
    }
    Ok(cases)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

/// CPU seconds this process has used: on a shared machine, steadier than the wall clock.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The deals where Glasshand's time is furthest above DDS's: where to look next.
fn print_furthest_behind_dds(cases: &[Case], ms: &[f64]) {
    let mut ratios: Vec<(f64, f64, f64, &Deal)> = cases
        .iter()
        .zip(ms)
        .filter_map(|(case, &ms)| case.dds_ms.map(|dds| (ms / dds.max(1.0), ms, dds, &case.deal)))
        .collect();
    if ratios.is_empty() {
        return;
    }
    ratios.sort_by(|a, b| b.0.total_cmp(&a.0));
    out!("           furthest behind DDS (ratio, ms, DDS ms, deal):");
    for (ratio, ms, dds, deal) in ratios.iter().take(5) {
        out!("           {ratio:5.2}x {ms:7.0} {dds:7.0}  {}", deal.to_pbn());
    }
}

/// Times DD tables of the shared random deals, one thread then all, and compares with DDS.
pub fn speed(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let path = file.clone().unwrap_or_else(|| data_file("tables.jsonl"));
    let cases = load_cases(&path, opts.dds_times.as_deref(), opts.limit)?;
    let n = cases.len();
    out!("{n} deals from {path}");
    let dds_source = opts.dds_times.as_deref().unwrap_or("DDS's figures in tests/data");

    let mut solver = Solver::new(opts.config());
    let mut ms = Vec::with_capacity(n);
    let mut nodes = 0u64;
    let mut per_deal = String::new();
    let mut wrong = 0;
    let mut progress = crate::progress::Progress::new("1 thread", n);
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    for case in &cases {
        solver.reset_stats();
        let t = Instant::now();
        let table = solver.table(&case.deal).map_err(|e| e.to_string())?;
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
        nodes += solver.stats().nodes();
        if opts.times_out.is_some() {
            let line = serde_json::json!({"deal": case.deal.to_pbn(), "ms": ms[ms.len() - 1], "nodes": solver.stats().nodes()});
            per_deal += &format!("{line}\n");
        }
        wrong += (table != case.expected) as usize;
        progress.advance(1);
    }
    let total = start.elapsed().as_secs_f64();
    if let Some(path) = &opts.times_out {
        std::fs::write(path, per_deal).map_err(|e| format!("writing {path}: {e}"))?;
    }
    let cpu = cpu_seconds().zip(cpu_start).map(|(end, start)| end - start);
    let mut sorted = ms.clone();
    sorted.sort_by(f64::total_cmp);
    let dds_total: f64 = cases.iter().filter_map(|c| c.dds_ms).sum::<f64>() / 1000.0;
    out!(
        "1 thread : total {total:.1} s; per table p50 {:.0} ms, p90 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        percentile(&sorted, 0.5),
        percentile(&sorted, 0.9),
        percentile(&sorted, 0.99),
        sorted[n - 1]
    );
    out!("           nodes per deal {:.0}; tables differing from DDS: {wrong}", nodes as f64 / n as f64);
    if let Some(cpu) = cpu {
        out!("           CPU time {cpu:.1} s (wall {total:.1} s)");
    }
    if dds_total > 0.0 {
        out!("           DDS 2.9 on the same deals ({dds_source}): {dds_total:.1} s; ratio {:.2}x", total / dds_total);
        if let Some(cpu) = cpu {
            out!("           ratio by CPU time {:.2}x", cpu / dds_total);
        }
    }
    if let Some(mb) = peak_memory_mb() {
        out!("           peak memory {mb:.0} MB");
    }
    print_furthest_behind_dds(&cases, &ms);

    let threads = rayon::current_num_threads();
    if threads > 1 {
        let start = Instant::now();
        let tables: Vec<DdTable> = cases
            .par_iter()
            .map_init(|| Solver::new(opts.config()), |s, c| s.table(&c.deal).expect("no stop flag"))
            .collect();
        let total_mt = start.elapsed().as_secs_f64();
        let wrong = tables.iter().zip(&cases).filter(|(t, c)| **t != c.expected).count();
        out!("{threads} threads: total {total_mt:.1} s ({:.2}x speed-up); tables differing: {wrong}", total / total_mt);
        if let Some(mb) = peak_memory_mb() {
            out!("           peak memory {mb:.0} MB");
        }
    }
    Ok(())
}
