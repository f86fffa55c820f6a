//! `glasshand single`: single-dummy analysis, one JSON request per line, its samples spread
//! over the pool (the engine's `single` task, as in the browser).

use crate::commands::{finish, report};
use crate::input::numbered_lines;
use crate::progress::Progress;
use crate::{json, Options};
use glasshand::schema::{Event, Kind, Output, Request, SingleOut};
use glasshand::task::{run_parallel, ThreadSolver};
use glasshand::{Error, SingleDummyResult};
use std::sync::Mutex;

pub fn single(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let text = crate::input::read_input(file)?;
    let mut failed = 0;
    for (line, request) in numbered_lines(&text) {
        match analyse(opts, request) {
            Ok(out) if opts.json => out!("{}", json::line(&out.result)),
            Ok(out) => out!("{}", text_table(&out.result)),
            Err(e) => {
                failed += 1;
                report(opts.json, line, &e);
            }
        }
    }
    finish(failed)
}

fn analyse(opts: &Options, line: &str) -> Result<SingleOut, Error> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| Error::Syntax(format!("bad JSON: {e}")))?;
    let mut request = Request::deserialize(Kind::Single, value)?;
    if let Request::Single(r) = &mut request {
        r.options.fresh = Some(opts.fresh || r.options.fresh == Some(true));
    }
    let task = request.task()?;
    let config = opts.config();
    let bar = Mutex::new((Progress::new("single", task.units()), 0));
    let on_event = |event: Event| {
        if let (Event::Estimate { estimate, .. }, Ok(mut bar)) = (event, bar.lock()) {
            let (progress, shown) = &mut *bar;
            progress.advance(estimate.samples - *shown);
            *shown = estimate.samples;
        }
    };
    match run_parallel(&task, || ThreadSolver::take(&config, None), &on_event)? {
        Output::Single(out) => Ok(out),
        _ => unreachable!("a single request makes a single task"),
    }
}

/// The cards best first, for the side to move: tricks, their standard error, make %.
fn text_table(result: &SingleDummyResult) -> String {
    let kind = if result.exact { "every layout, exact" } else { "sampled" };
    let mut out = format!("{} to move, {} deals ({kind})\ncard  tricks  stderr", result.to_move, result.samples);
    let has_make = result.cards.iter().any(|c| c.make.is_some());
    if has_make {
        out.push_str("    make");
    }
    let mut cards: Vec<_> = result.cards.iter().collect();
    cards.sort_by(|a, b| b.tricks.total_cmp(&a.tricks));
    for c in cards {
        out.push_str(&format!("\n{:<4}  {:6.2}  {:6.3}", c.card, c.tricks, c.stderr));
        if let Some(make) = c.make {
            out.push_str(&format!("  {:5.1}%", 100.0 * make));
        }
    }
    out
}
