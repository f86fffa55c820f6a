//! The wasm-bindgen surface of `web/worker.js`: plain JS objects in and out, errors as JS
//! `Error`s with a `code` (and `nodes`) property.

use crate::api::Job as Inner;
#[cfg(feature = "parallel")]
use glasshand::schema::Event;
use glasshand::schema::Output;
use glasshand::Error;
use serde::Serialize;
#[cfg(feature = "parallel")]
use std::sync::atomic::AtomicI32;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use wasm_bindgen::prelude::*;

/// The first panic's message, for the worker to report.
static PANIC: Mutex<Option<String>> = Mutex::new(None);

/// The schema's shapes as JSON text, which `web/worker.js` parses (`fromEngine`, camelCase
/// keys). Built object by object across the wasm boundary, a big answer (a suit line can be
/// megabytes) took ten times as long as solving it.
fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    text_to_js(serde_json::to_string(value))
}

/// An output as [`crate::wire`]'s text.
fn output_to_js(out: &Output) -> JsValue {
    text_to_js(crate::wire::output_text(out))
}

fn text_to_js(text: serde_json::Result<String>) -> JsValue {
    match text {
        Ok(text) => text.into(),
        Err(e) => js_sys::Error::new(&e.to_string()).into(),
    }
}

/// `Error(message)` with `code` and (a stopped inspection) `nodes`.
fn js_error(code: &str, message: &str, nodes: Option<u64>) -> JsValue {
    let err = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&err, &"code".into(), &code.into());
    let _ = nodes.map(|nodes| js_sys::Reflect::set(&err, &"nodes".into(), &(nodes as f64).into()));
    err.into()
}

fn engine_error(e: &Error) -> JsValue {
    js_error(e.code(), &e.to_string(), if let Error::Stopped { nodes } = e { *nodes } else { None })
}

/// Installs the panic hook (console_error_panic_hook, and a copy for `takePanic`).
#[wasm_bindgen]
pub fn setup() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Ok(mut slot) = PANIC.lock() {
            slot.get_or_insert_with(|| info.to_string());
        }
    }));
}

/// A panic's message, from any thread: the module is then unusable; the API restarts it.
#[wasm_bindgen(js_name = takePanic)]
pub fn take_panic() -> Option<String> {
    PANIC.lock().ok().and_then(|mut p| p.take())
}

/// The most pool threads the JS API starts: wasm-pack.toml's memory budget.
#[wasm_bindgen(js_name = maxThreads)]
pub fn max_threads() -> usize {
    crate::budget::MAX_THREADS
}

#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// `"threaded"` or `"single"`: which build this is.
#[wasm_bindgen]
pub fn flavour() -> String {
    if cfg!(feature = "parallel") { "threaded" } else { "single" }.to_string()
}

/// The pool's threads (after `initThreadPool`); 1 in the single build.
#[wasm_bindgen(js_name = threadCount)]
pub fn thread_count() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    1
}

/// How many distinct pool threads answer a task sent to them all (blocks until they have).
#[wasm_bindgen(js_name = probeThreads)]
pub fn probe_threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::broadcast(|ctx| ctx.index()).into_iter().collect::<std::collections::HashSet<_>>().len();
    #[cfg(not(feature = "parallel"))]
    1
}

/// Panics on purpose, here or on a pool thread: for the tests of the worker's recovery.
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic(on_pool: bool) {
    #[cfg(feature = "parallel")]
    if on_pool {
        return rayon::spawn(|| panic!("deliberate panic on a pool thread (debugPanic)"));
    }
    let _ = on_pool;
    panic!("deliberate panic (debugPanic)");
}

/// Frees the solver (and its transposition table) of the calling thread.
#[wasm_bindgen(js_name = releaseMemory)]
pub fn release_memory() {
    glasshand::task::ThreadSolver::release();
}

/// The bytes of wasm memory in use (its current size; it never shrinks).
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    js_sys::Reflect::get(&memory.buffer(), &"byteLength".into()).ok().and_then(|v| v.as_f64()).unwrap_or(0.0)
}

#[cfg(feature = "parallel")]
#[derive(Default)]
struct Shared {
    events: Mutex<Vec<Event>>,
    outcome: Mutex<Option<Result<Output, Error>>>,
    /// Moves on at each event and at the end, waking whoever waits on it: the worker awaits
    /// it (`Atomics.waitAsync`) where polling on a timer added up to 4 ms to every job.
    signal: AtomicI32,
}

#[cfg(feature = "parallel")]
impl Shared {
    fn signal(&self) {
        self.signal.fetch_add(1, Ordering::SeqCst);
        // SAFETY: memory.atomic.notify only wakes the agents waiting on this address (an
        // aligned i32 that lives as long as the job); it reads and writes nothing.
        unsafe { core::arch::wasm32::memory_atomic_notify(self.signal.as_ptr(), u32::MAX) };
    }
}

/// Threaded build: the module's shared memory, where a job's `signalAddress` lies.
#[cfg(feature = "parallel")]
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// A job: checked by the constructor, run by `step` (single) or `start`, `poll`, `result`.
#[wasm_bindgen]
pub struct Job {
    inner: Option<Inner>,
    stop: Arc<AtomicBool>,
    total: u32,
    #[cfg(feature = "parallel")]
    shared: Arc<Shared>,
}

#[wasm_bindgen]
impl Job {
    /// `kind` and `request` as in web/PROTOCOL.md; throws an Error with a `code`.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str, request: JsValue) -> Result<Job, JsValue> {
        let inner = Inner::new(kind, serde_wasm_bindgen::Deserializer::from(request)).map_err(|e| engine_error(&e))?;
        Ok(Job {
            stop: inner.stop.clone(),
            total: inner.progress.total() as u32,
            inner: Some(inner),
            #[cfg(feature = "parallel")]
            shared: Default::default(),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Sets the stop flag that the search polls (in shared memory): the job fails `stopped`.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Single build: one unit of work, events to `on_event`; the result once done, else undefined.
    pub fn step(&mut self, on_event: &js_sys::Function) -> Result<JsValue, JsValue> {
        let job = self.inner.as_mut().ok_or_else(|| js_error("finished", "the job has already finished", None))?;
        let out = job.step(&mut |e| drop(on_event.call1(&JsValue::NULL, &to_js(&e))));
        if !matches!(out, Ok(None)) {
            self.inner = None;
        }
        out.map(|out| out.map_or(JsValue::UNDEFINED, |out| output_to_js(&out))).map_err(|e| engine_error(&e))
    }

    /// Threaded build: hands the job to the rayon pool and returns at once.
    #[cfg(feature = "parallel")]
    pub fn start(&mut self) -> Result<(), JsValue> {
        let job = self.inner.take().ok_or_else(|| js_error("finished", "the job has already started", None))?;
        let shared = self.shared.clone();
        rayon::spawn(move || {
            let out = job.run_parallel(&|e| {
                let _ = shared.events.lock().map(|mut events| events.push(e));
                shared.signal();
            });
            let _ = shared.outcome.lock().map(|mut slot| *slot = Some(out));
            shared.signal();
        });
        Ok(())
    }

    /// Threaded build: the byte address in `wasmMemory()` of the job's signal, an i32 that
    /// changes at each event and at the end (for `Atomics.waitAsync`).
    #[cfg(feature = "parallel")]
    #[wasm_bindgen(js_name = signalAddress)]
    pub fn signal_address(&self) -> u32 {
        self.shared.signal.as_ptr() as u32
    }

    /// Threaded build: `{events: [...], done: boolean}`, the events since the last poll.
    #[cfg(feature = "parallel")]
    pub fn poll(&self) -> JsValue {
        let events = self.shared.events.lock().map(|mut e| std::mem::take(&mut *e)).unwrap_or_default();
        let done = self.shared.outcome.lock().map(|o| o.is_some()).unwrap_or(true);
        let out = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&out, &"events".into(), &to_js(&events));
        let _ = js_sys::Reflect::set(&out, &"done".into(), &done.into());
        out.into()
    }

    /// Threaded build, once `poll` said `done`: the result, or throws the job's error.
    #[cfg(feature = "parallel")]
    pub fn result(&self) -> Result<JsValue, JsValue> {
        match self.shared.outcome.lock().ok().and_then(|mut o| o.take()) {
            Some(Ok(out)) => Ok(output_to_js(&out)),
            Some(Err(e)) => Err(engine_error(&e)),
            None => Err(js_error("pending", "the job has not finished", None)),
        }
    }
}
