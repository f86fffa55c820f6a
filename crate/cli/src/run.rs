//! The one path of every solving command: requests (one per input line or game) become the
//! engine's tasks, run as one batch over the pool, and each output is written, as a JSON
//! line or through the command's text renderer, in input order.

use crate::commands::{finish, report};
use crate::progress::Progress;
use crate::{json, Options};
use glasshand::schema::{Event, Output, Request};
use glasshand::task::{run_parallel, AnyTask, Batch, Task, ThreadSolver};
use glasshand::Error;
use std::collections::HashMap;
use std::sync::Mutex;

/// An input's line (or game) number, from 1, and its request or what is wrong with it.
pub type Numbered = (usize, Result<Request, Error>);

/// How a command writes one output as text.
pub type Render<'a> = &'a dyn Fn(&Output) -> String;

/// What the runner says of its inputs: `"deals"`, `"positions"`…
pub struct Label {
    pub progress: &'static str,
    pub noun: &'static str,
}

/// Runs every request, writes each answer or error in input order, and fails the command if
/// any input had an error. Requests met again (DDS's lists repeat hands played at several
/// tables) are solved once. Inputs go to the pool a few at a time, so that answers stream.
pub fn run_requests(
    opts: &Options,
    json: bool,
    label: Label,
    inputs: Vec<Numbered>,
    render: Render<'_>,
) -> Result<(), String> {
    let mut first_seen: HashMap<String, usize> = HashMap::new();
    let mut distinct: Vec<AnyTask> = Vec::new();
    // Per input: the index of its task among the distinct ones, or its error.
    let slots: Vec<(usize, Result<usize, Error>)> = inputs
        .into_iter()
        .map(|(line, request)| {
            let slot = request.and_then(|request| {
                let key = format!("{request:?}");
                if let Some(&slot) = first_seen.get(&key) {
                    return Ok(slot);
                }
                distinct.push(request.task()?);
                first_seen.insert(key, distinct.len() - 1);
                Ok(distinct.len() - 1)
            });
            (line, slot)
        })
        .collect();
    let repeats = slots.iter().filter(|(_, s)| s.is_ok()).count() - distinct.len();
    if repeats > 0 {
        eprintln!(
            "{}: {repeats} of {} {} repeat an earlier one; each is solved once",
            label.progress,
            slots.len(),
            label.noun
        );
    }

    let total = distinct.iter().map(|t| t.progress_total()).sum();
    let progress = Mutex::new(Progress::new(label.progress, total));
    let on_event = |event: Event| {
        if event.counts() {
            progress.lock().unwrap_or_else(|e| e.into_inner()).advance(1);
        }
    };
    let config = opts.config();
    let chunk = 4 * rayon::current_num_threads();
    let mut outputs: Vec<Result<Output, Error>> = Vec::new();
    let mut written = 0;
    let mut failed = 0;
    let mut tasks = distinct.into_iter().peekable();
    while tasks.peek().is_some() || written < slots.len() {
        let batch: Vec<AnyTask> = tasks.by_ref().take(chunk).collect();
        let count = batch.len();
        match run_parallel(&Batch::new(batch), || ThreadSolver::take(&config, None), &on_event) {
            Ok(done) => outputs.extend(done.into_iter().map(Ok)),
            Err(e) => outputs.extend((0..count).map(|_| Err(e.clone()))),
        }
        // Every input whose answer is in, in order.
        while let Some((line, slot)) = slots.get(written) {
            let answer = match slot {
                Ok(i) if *i >= outputs.len() => break,
                Ok(i) => outputs[*i].clone(),
                Err(e) => Err(e.clone()),
            };
            match answer {
                Ok(out) if json => out!("{}", json::line(&out)),
                Ok(out) => out!("{}", render(&out)),
                Err(e) => {
                    failed += 1;
                    report(json, *line, &e);
                }
            }
            written += 1;
        }
    }
    finish(failed)
}
