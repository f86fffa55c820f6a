//! `glasshand._native`, the compiled half of the Python package: it carries requests to the
//! engine's task layer (`Request` → task → `run_parallel`) and outputs back, on a rayon pool
//! it owns, with the GIL released. The Python half (`python/glasshand`) checks arguments,
//! shapes outputs (numpy arrays, dicts) and draws progress bars.

use glasshand::schema::{Event, Kind, Output, ParScores, Request, TablesRequest};
use glasshand::task::{run_parallel, ThreadSolver};
use glasshand::{Config, DdTable, Error, Seat, Strain, Vulnerability};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::{ThreadPool, ThreadPoolBuilder};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

create_exception!(
    glasshand,
    GlasshandError,
    PyValueError,
    "Bad input for the engine: a deal, card, seat, strain or request it cannot read.\n\n\
     Attributes: `code`, the engine's stable error code (`\"duplicate-card\"`, `\"unknown-seat\"`, \
     …); `index`, the position of the bad deal in a batch (`None` elsewhere)."
);

/// The strains in the order of the Python arrays' last axis (DDS's `tables.jsonl` order).
const STRAINS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// How often a waiting call looks at Python's signals and updates the progress callback.
const POLL: Duration = Duration::from_millis(50);

fn engine_error(py: Python<'_>, error: &Error) -> PyErr {
    // A batch names its bad deal "deal N" (1-based); Python callers index from 0.
    let (message, index) = match error {
        Error::At(what, inner) => match what.strip_prefix("deal ").and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n >= 1 => (format!("deals[{}]: {inner}", n - 1), Some(n - 1)),
            _ => (error.to_string(), None),
        },
        _ => (error.to_string(), None),
    };
    let err = GlasshandError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("code", error.code());
    let _ = value.setattr("index", index);
    err
}

/// The pool of the process that built it: a forked child has none of its parent's threads.
struct Pool {
    pid: u32,
    threads: usize,
    pool: Arc<ThreadPool>,
}

static POOL: Mutex<Option<Pool>> = Mutex::new(None);

/// A pool of `threads` threads, kept for the next call. Each thread keeps its solver and its
/// transposition table between calls (`ThreadSolver`).
fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let mut slot = POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let pid = std::process::id();
    match slot.take() {
        // Dropping a parent's pool would signal threads that do not exist in this process.
        Some(kept) if kept.pid != pid => std::mem::forget(kept),
        Some(kept) if kept.threads == threads => {
            let pool = kept.pool.clone();
            *slot = Some(kept);
            return Ok(pool);
        }
        // Another size: the old threads end (and free their tables) once their jobs are done.
        _ => {}
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("glasshand-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start {threads} solver threads: {e}")))?;
    let pool = Arc::new(pool);
    *slot = Some(Pool { pid, threads, pool: pool.clone() });
    Ok(pool)
}

/// Runs `request` on a pool of `threads` threads (default: every core this process may use)
/// while this thread waits without the GIL. Ctrl-C stops the search and raises
/// `KeyboardInterrupt`; `progress(done, total)` hears of whole tables as they finish.
fn run(
    py: Python<'_>,
    request: &Request,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Output> {
    let task = request.task().map_err(|e| engine_error(py, &e))?;
    let config = request.options().apply(Config::default());
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = pool(threads)?;
    let total = match request {
        Request::Tables(r) => r.deals.len(),
        _ => 0,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let tables_done = AtomicUsize::new(0);
    let finished = (Mutex::new(false), Condvar::new());
    let on_event = |event: Event| {
        if let Event::Table { .. } = event {
            tables_done.fetch_add(1, Ordering::Relaxed);
        }
    };

    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let output = pool.install(|| run_parallel(&task, || ThreadSolver::take(&config, Some(&stop)), &on_event));
            let (lock, signal) = &finished;
            *lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = true;
            signal.notify_all();
            output
        });

        let mut interrupted = None;
        let mut shown = usize::MAX;
        loop {
            let done = py.detach(|| {
                let (lock, signal) = &finished;
                let guard = lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                let (guard, _) = signal
                    .wait_timeout_while(guard, POLL, |done| !*done)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                *guard
            });
            if interrupted.is_none() {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    interrupted = Some(e);
                }
            }
            if let (Some(callback), None) = (progress, &interrupted) {
                let now = tables_done.load(Ordering::Relaxed);
                if now != shown {
                    shown = now;
                    if let Err(e) = callback.call1((now, total)) {
                        stop.store(true, Ordering::Relaxed);
                        interrupted = Some(e);
                    }
                }
            }
            if done {
                break;
            }
        }

        let output = py.detach(|| worker.join());
        if let Some(e) = interrupted {
            return Err(e);
        }
        match output {
            Ok(output) => output.map_err(|e| engine_error(py, &e)),
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(PyRuntimeError::new_err(format!("the solver failed: {what}")))
            }
        }
    })
}

/// DD tables of `deals` as `n * 20` bytes: per deal, declarers N E S W, strains NT S H D C.
#[pyfunction]
#[pyo3(signature = (deals, threads=None, progress=None))]
fn tables<'py>(
    py: Python<'py>,
    deals: Vec<String>,
    threads: Option<usize>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let request = Request::Tables(TablesRequest { deals, options: Default::default() });
    let Output::Tables(tables) = run(py, &request, threads, progress.as_ref())? else {
        unreachable!("a tables request makes a tables task")
    };
    let mut bytes = Vec::with_capacity(20 * tables.len());
    for table in &tables {
        for seat in Seat::ALL {
            bytes.extend(STRAINS.map(|strain| table.tricks.get(seat, strain)));
        }
    }
    Ok(PyBytes::new(py, &bytes))
}

/// Runs a request of `kind` written as JSON (the command line's shapes) and returns its
/// output as JSON, as the command line's `--json` writes it.
#[pyfunction]
#[pyo3(signature = (kind, request, threads=None))]
fn run_json(py: Python<'_>, kind: &str, request: &str, threads: Option<usize>) -> PyResult<String> {
    let kind: Kind = kind.parse().map_err(|e| engine_error(py, &e))?;
    let value: serde_json::Value =
        serde_json::from_str(request).map_err(|e| engine_error(py, &Error::Syntax(format!("bad JSON: {e}"))))?;
    let request = Request::deserialize(kind, value).map_err(|e| engine_error(py, &e))?;
    let output = run(py, &request, threads, None)?;
    serde_json::to_string(&output).map_err(|e| PyRuntimeError::new_err(format!("cannot write the output: {e}")))
}

/// Par of a table, shaped as a par request's output (`ParOut`) with no deal.
#[derive(Serialize)]
struct TablePar {
    deal: Option<String>,
    dealer: Seat,
    vulnerable: Vulnerability,
    tricks: DdTable,
    #[serde(flatten)]
    scores: ParScores,
}

/// Par from a DD table given as `tricks[declarer][strain]` (N E S W; NT S H D C), as JSON.
#[pyfunction]
fn par_of_table(py: Python<'_>, tricks: [[u8; 5]; 4], dealer: &str, vulnerable: &str) -> PyResult<String> {
    let dealer: Seat = dealer.parse().map_err(|e| engine_error(py, &e))?;
    let vulnerable: Vulnerability = vulnerable.parse().map_err(|e| engine_error(py, &e))?;
    let mut table = DdTable::default();
    for (seat, row) in Seat::ALL.into_iter().zip(tricks) {
        for (strain, n) in STRAINS.into_iter().zip(row) {
            if n > 13 {
                return Err(PyValueError::new_err(format!("{seat} makes {n} tricks in {strain}: at most 13")));
            }
            table.set(seat, strain, n);
        }
    }
    let scores = ParScores::new(&table, dealer, vulnerable);
    let out = TablePar { deal: None, dealer, vulnerable, tricks: table, scores };
    serde_json::to_string(&out).map_err(|e| PyRuntimeError::new_err(format!("cannot write the output: {e}")))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GlasshandError", m.py().get_type::<GlasshandError>())?;
    m.add_function(wrap_pyfunction!(tables, m)?)?;
    m.add_function(wrap_pyfunction!(run_json, m)?)?;
    m.add_function(wrap_pyfunction!(par_of_table, m)?)?;
    Ok(())
}
