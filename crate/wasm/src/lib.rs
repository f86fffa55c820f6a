//! `glasshand-wasm`: the WebAssembly facade of the Glasshand solver. [`api`] turns requests
//! into the engine's tasks and runs them (plain Rust, tested natively); `bindings` (wasm32
//! only) exposes that to `web/worker.js` with wasm-bindgen, outputs as [`wire`]'s text. Two
//! builds (`web/build.sh`): single (stable; a job runs in steps in the worker) and threaded
//! (feature `parallel`, nightly: a job runs on a rayon pool of Web Workers). The protocol is
//! in `web/PROTOCOL.md`.

// memory.atomic.notify, for the threaded build's job signal (that build is nightly already).
#![cfg_attr(all(target_arch = "wasm32", feature = "parallel"), feature(stdarch_wasm_atomic_wait))]

pub mod api;
#[cfg(target_arch = "wasm32")]
mod bindings;
pub mod budget;
pub mod wire;
/// `initThreadPool(n)` in JS: starts the rayon pool on `n` Web Workers.
#[cfg(all(target_arch = "wasm32", feature = "parallel"))]
pub use wasm_bindgen_rayon::init_thread_pool;
