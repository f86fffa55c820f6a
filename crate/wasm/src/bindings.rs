//! The wasm-bindgen surface used by `web/worker.js`. Everything crosses as plain JS objects
//! (serde-wasm-bindgen); engine errors become JS `Error`s with a `code` property.

#[cfg(feature = "parallel")]
use crate::api::Output;
use crate::api::{ApiError, Event, Job as Inner, Request};
use serde::Serialize;
use std::sync::Mutex;
use wasm_bindgen::prelude::*;

/// The first panic message since start, for the worker to report (then it is restarted).
static PANIC: Mutex<Option<String>> = Mutex::new(None);

fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let s = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&s).unwrap_or_else(|e| js_sys::Error::new(&e.to_string()).into())
}

fn js_error(e: &ApiError) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("code"), &JsValue::from_str(&e.code));
    if let Some(nodes) = e.nodes {
        let _ = js_sys::Reflect::set(&err, &JsValue::from_str("nodes"), &JsValue::from_f64(nodes as f64));
    }
    err.into()
}

/// Installs the panic hook (console_error_panic_hook, and a copy of the message for
/// [`take_panic`]). Called once by the worker before anything else.
#[wasm_bindgen]
pub fn setup() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Ok(mut slot) = PANIC.lock() {
            slot.get_or_insert_with(|| info.to_string());
        }
    }));
}

/// The message of a panic that happened on any thread, if one did. A module that panicked
/// is not usable any more: the worker reports it and the JS API restarts the worker.
#[wasm_bindgen(js_name = takePanic)]
pub fn take_panic() -> Option<String> {
    PANIC.lock().ok().and_then(|mut p| p.take())
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

/// The number of threads of the pool (1 in the single-threaded build). Call only after
/// `initThreadPool` in the threaded build.
#[wasm_bindgen(js_name = threadCount)]
pub fn thread_count() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// Runs a task on every thread of the pool at once and returns how many distinct threads
/// answered: the proof that the pool's workers really started. Blocks the calling worker
/// until they all have.
#[wasm_bindgen(js_name = probeThreads)]
pub fn probe_threads() -> usize {
    #[cfg(feature = "parallel")]
    {
        let mut ids = rayon::broadcast(|ctx| ctx.index());
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// Panics on purpose, on this thread or on a thread of the pool: for the tests of the
/// worker's recovery.
#[wasm_bindgen(js_name = debugPanic)]
pub fn debug_panic(on_pool: bool) {
    #[cfg(feature = "parallel")]
    if on_pool {
        rayon::spawn(|| panic!("deliberate panic on a pool thread (debugPanic)"));
        return;
    }
    let _ = on_pool;
    panic!("deliberate panic (debugPanic)");
}

/// The bench signature, as `glasshand bench` prints it (`Nodes searched`): the node total of
/// the DD tables of `glasshand::bench::DEALS`, solved on this thread by a fresh solver with
/// the engine's default configuration (`Config::default()`, as the command line, not the
/// facade's 16 MB table). `on_deal(index, nodes)` hears each deal's count. Blocks for
/// seconds; both builds must give the native number.
#[wasm_bindgen(js_name = benchSignature)]
pub fn bench_signature(on_deal: Option<js_sys::Function>) -> Result<f64, JsValue> {
    let mut report = |index: usize, nodes: u64| {
        if let Some(f) = &on_deal {
            let _ = f.call2(&JsValue::NULL, &JsValue::from_f64(index as f64), &JsValue::from_f64(nodes as f64));
        }
    };
    glasshand::bench::signature(&glasshand::Config::default(), &mut report)
        .map(|total| total as f64)
        .map_err(|e| js_error(&ApiError::from(e)))
}

/// Frees the solver (and its transposition table) of the calling thread.
#[wasm_bindgen(js_name = releaseMemory)]
pub fn release_memory() {
    crate::api::release_solver();
}

/// The bytes of wasm memory in use (its current size; it never shrinks).
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    let mem: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    let buf = mem.buffer();
    js_sys::Reflect::get(&buf, &JsValue::from_str("byteLength")).ok().and_then(|v| v.as_f64()).unwrap_or(0.0)
}

#[cfg(feature = "parallel")]
#[derive(Default)]
struct Shared {
    events: Mutex<Vec<Event>>,
    outcome: Mutex<Option<Result<Output, ApiError>>>,
}

/// One job: built (and its input checked) by the constructor, then run with `step` (single
/// build) or `start` + `poll` (threaded build).
#[wasm_bindgen]
pub struct Job {
    inner: Option<Inner>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    total: u32,
    #[cfg(feature = "parallel")]
    shared: std::sync::Arc<Shared>,
}

#[wasm_bindgen]
impl Job {
    /// `kind` is one of table, tables, solve, analyse, inspect, par, play; `request` the
    /// plain object described in web/PROTOCOL.md. Throws an Error with a `code` on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str, request: JsValue) -> Result<Job, JsValue> {
        let request =
            Request::deserialize(kind, serde_wasm_bindgen::Deserializer::from(request)).map_err(|e| js_error(&e))?;
        let inner = Inner::new(&request).map_err(|e| js_error(&e))?;
        Ok(Job {
            stop: inner.stop_flag(),
            total: inner.total(),
            inner: Some(inner),
            #[cfg(feature = "parallel")]
            shared: Default::default(),
        })
    }

    /// Units of work (table entries, cards, …), for progress.
    #[wasm_bindgen(getter)]
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Asks the job to stop. The search polls the flag (in the threaded build from the
    /// pool's threads, through the shared memory); the job then fails with code `stopped`.
    pub fn stop(&self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Single-threaded use: does one unit of work on this thread. Events go to `on_event`
    /// as they happen. Returns the result when the job is done, `undefined` before; throws
    /// an Error with a `code` on failure (`stopped` after [`Job::stop`]).
    pub fn step(&mut self, on_event: &js_sys::Function) -> Result<JsValue, JsValue> {
        let job =
            self.inner.as_mut().ok_or_else(|| js_error(&ApiError::new("finished", "the job has already finished")))?;
        let mut sink = |e: Event| {
            let _ = on_event.call1(&JsValue::NULL, &to_js(&e));
        };
        match job.step(&mut sink) {
            Ok(Some(out)) => {
                self.inner = None;
                Ok(to_js(&out))
            }
            Ok(None) => Ok(JsValue::UNDEFINED),
            Err(e) => {
                self.inner = None;
                Err(js_error(&e))
            }
        }
    }

    /// Threaded use: hands the whole job to the rayon pool and returns at once; `poll`
    /// then collects events and, at the end, the result.
    #[cfg(feature = "parallel")]
    pub fn start(&mut self) -> Result<(), JsValue> {
        let job =
            self.inner.take().ok_or_else(|| js_error(&ApiError::new("finished", "the job has already started")))?;
        let shared = self.shared.clone();
        rayon::spawn(move || {
            let out = job.run_parallel(&|e| {
                if let Ok(mut events) = shared.events.lock() {
                    events.push(e);
                }
            });
            if let Ok(mut slot) = shared.outcome.lock() {
                *slot = Some(out);
            }
        });
        Ok(())
    }

    /// Threaded use: `{events: [...], done: boolean}`; the events since the last poll.
    #[cfg(feature = "parallel")]
    pub fn poll(&self) -> JsValue {
        let events: Vec<Event> = self.shared.events.lock().map(|mut e| std::mem::take(&mut *e)).unwrap_or_default();
        let done = self.shared.outcome.lock().map(|o| o.is_some()).unwrap_or(true);
        #[derive(Serialize)]
        struct Poll {
            events: Vec<Event>,
            done: bool,
        }
        to_js(&Poll { events, done })
    }

    /// Threaded use, once `poll` said `done`: the result, or throws the job's error.
    #[cfg(feature = "parallel")]
    pub fn result(&self) -> Result<JsValue, JsValue> {
        let outcome = self.shared.outcome.lock().ok().and_then(|mut o| o.take());
        match outcome {
            Some(Ok(out)) => Ok(to_js(&out)),
            Some(Err(e)) => Err(js_error(&e)),
            None => Err(js_error(&ApiError::new("pending", "the job has not finished"))),
        }
    }
}
