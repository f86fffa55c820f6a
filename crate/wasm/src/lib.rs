//! `glasshand-wasm`: the WebAssembly facade of the Glasshand solver.
//!
//! [`api`] holds the requests, jobs and result shapes in plain Rust (tested natively);
//! `bindings` (wasm32 only) exposes them to JavaScript with wasm-bindgen. The same source
//! builds two ways (see `wasm-pack.toml` and `web/build.sh`):
//! - single-threaded, on stable: the worker runs a job in steps and reads its messages
//!   between them;
//! - threaded (feature `parallel`, nightly with atomics and a shared memory): jobs run on a
//!   rayon pool of Web Workers (wasm-bindgen-rayon) while the worker stays free to poll
//!   results and to set a job's stop flag.
//!
//! The worker protocol and the JS API built on this are described in `web/PROTOCOL.md`.

pub mod api;

#[cfg(target_arch = "wasm32")]
mod bindings;

/// `initThreadPool(n)` in JS: starts the rayon pool on `n` Web Workers.
#[cfg(all(target_arch = "wasm32", feature = "parallel"))]
pub use wasm_bindgen_rayon::init_thread_pool;
