//! Plain wasm exports over the engine (no wasm-bindgen, no imports): node instantiates the
//! module and times each call (probe.mjs). A counting allocator tells how many allocations a
//! table costs.

#[cfg(not(target_arch = "wasm32"))]
pub mod host;

use glasshand::{pbn, Config, Solver};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static ALLOCATED_BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        ALLOCATED_BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        ALLOCATED_BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        ALLOCATED_BYTES.fetch_add(new_size as u64, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

thread_local! {
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static TRICKS: RefCell<[u8; 20]> = const { RefCell::new([0; 20]) };
}

/// A buffer of `len` bytes for the next deal's text; returns its address.
#[no_mangle]
pub extern "C" fn probe_input(len: usize) -> *mut u8 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Makes the solver that the next tables reuse (as the site's worker does).
#[no_mangle]
pub extern "C" fn probe_solver(tt_megabytes: u32) {
    let config = Config { tt_megabytes: tt_megabytes as usize, ..Config::default() };
    SOLVER.with(|s| *s.borrow_mut() = Some(Solver::new(config)));
}

/// Solves the DD table of the deal in the input buffer; returns its node count (-1: bad deal).
#[no_mangle]
pub extern "C" fn probe_table() -> f64 {
    let text = INPUT.with(|b| String::from_utf8_lossy(&b.borrow()).into_owned());
    let Ok(deal) = pbn::parse_deal(&text) else { return -1.0 };
    SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        let solver = s.as_mut().expect("probe_solver first");
        solver.reset_stats();
        match solver.table(&deal) {
            Ok(table) => {
                TRICKS.with(|t| {
                    let mut t = t.borrow_mut();
                    for (i, row) in table.tricks.iter().enumerate() {
                        t[5 * i..5 * i + 5].copy_from_slice(row);
                    }
                });
                solver.stats().nodes() as f64
            }
            Err(_) => -1.0,
        }
    })
}

/// The last table's tricks, `tricks[declarer][strain]` row by row (N E S W; S H D C NT).
#[no_mangle]
pub extern "C" fn probe_tricks() -> *const u8 {
    TRICKS.with(|t| t.as_ptr() as *const u8)
}

/// The bench signature (as `glasshand bench`).
#[no_mangle]
pub extern "C" fn probe_signature() -> f64 {
    glasshand::bench::signature(&Config::default(), &mut |_, _| {}).map_or(-1.0, |n| n as f64)
}

#[no_mangle]
pub extern "C" fn probe_allocations() -> f64 {
    ALLOCATIONS.load(Ordering::Relaxed) as f64
}

#[no_mangle]
pub extern "C" fn probe_allocated_bytes() -> f64 {
    ALLOCATED_BYTES.load(Ordering::Relaxed) as f64
}
