//! What the native tools share: the deals of tables.jsonl and a CPU clock.

use glasshand::{pbn, Deal};

extern "C" {
    fn clock_gettime(clock: i32, time: *mut [i64; 2]) -> i32;
}

/// CPU time of this thread in ms: the machine is shared, and wall time measures the
/// neighbours too.
pub fn thread_cpu_ms() -> f64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = [0i64; 2];
    // SAFETY: glibc's clock_gettime writes one timespec (two i64 on x86-64 Linux).
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t[0] as f64 * 1e3 + t[1] as f64 / 1e6
}

/// The deals at `indices` (comma-separated line numbers from 0) of a tables.jsonl file.
pub fn read_deals(file: &str, indices: &str) -> Vec<Deal> {
    let text = std::fs::read_to_string(file).expect("tables.jsonl");
    let lines: Vec<&str> = text.lines().collect();
    indices
        .split(',')
        .map(|i| {
            let line = lines[i.parse::<usize>().expect("index")];
            let deal = line.split("\"deal\":\"").nth(1).and_then(|r| r.split('"').next()).expect("deal field");
            pbn::parse_deal(deal).expect("deal")
        })
        .collect()
}
