//! The solving commands: each reads its input as requests and hands them to the runner
//! (`run.rs`) with its text renderer (`render.rs`).

use crate::input::{json_request, read_deals, read_input, read_json_requests, read_plays};
use crate::render;
use crate::run::{run_requests, Label, Numbered};
use crate::{json, Options};
use glasshand::schema::{Kind, Output, ParRequest, Request, TableRequest};
use glasshand::{Seat, Vulnerability};
use std::time::Instant;

/// The deal the run command solves when given nothing else.
pub const DEFAULT_DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

pub fn report(json: bool, line: usize, e: &glasshand::Error) {
    if json {
        out!("{}", json::error(e));
    }
    eprintln!("line {line}: {e}");
}

pub fn finish(failed: usize) -> Result<(), String> {
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} input(s) had errors")),
    }
}

/// No command: the default deal's diagram, DD table and par.
pub fn demo(opts: &Options) -> Result<(), String> {
    let start = Instant::now();
    let request = par_request(DEFAULT_DEAL.into(), opts.dealer, opts.vul);
    let label = Label { progress: "par", noun: "deals" };
    run_requests(opts, opts.json, label, vec![(1, Ok(request))], &|out| {
        format!("{}\nSolved in {:.0} ms.", render::demo(out), start.elapsed().as_secs_f64() * 1000.0)
    })
}

pub fn table(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let inputs = read_deals(&read_input(file)?)?;
    let requests = inputs
        .into_iter()
        .map(|input| {
            let request = input.deal.map(|deal| {
                Request::Table(TableRequest { deal: deal.to_pbn(), probes: opts.probes, options: Default::default() })
            });
            (input.line, request)
        })
        .collect();
    run_requests(opts, opts.json, Label { progress: "table", noun: "deals" }, requests, &render::table)
}

/// `analyse`, `solve` and `inspect`: JSON lines in, JSON lines out.
pub fn positions(opts: &Options, file: &Option<String>, kind: Kind) -> Result<(), String> {
    let requests = read_json_requests(&read_input(file)?, kind);
    run_requests(opts, true, Label { progress: "positions", noun: "positions" }, requests, &|out| json::line(out))
}

pub fn par(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let inputs = read_deals(&read_input(file)?)?;
    let requests = inputs
        .into_iter()
        .map(|input| {
            let game = input.game.as_ref();
            let dealer = opts.dealer.or(game.and_then(|g| g.dealer));
            let vul = opts.vul.or(game.and_then(|g| g.vulnerable));
            (input.line, input.deal.map(|deal| par_request(deal.to_pbn(), dealer, vul)))
        })
        .collect();
    run_requests(opts, opts.json, Label { progress: "par", noun: "deals" }, requests, &render::par)
}

fn par_request(deal: String, dealer: Option<Seat>, vul: Option<Vulnerability>) -> Request {
    Request::Par(ParRequest {
        deal,
        dealer: Some(dealer.unwrap_or(Seat::North).to_string()),
        vulnerability: Some(vul.unwrap_or(Vulnerability::None).to_string()),
        options: Default::default(),
    })
}

pub fn play(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let requests = read_plays(&read_input(file)?)?;
    run_requests(opts, opts.json, Label { progress: "play", noun: "play records" }, requests, &render::play)
}

pub fn single(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let text = read_input(file)?;
    let requests: Vec<Numbered> = crate::input::numbered_lines(&text)
        .into_iter()
        .map(|(line, l)| {
            let request = json_request(Kind::Single, l).map(|mut request| {
                if let Request::Single(r) = &mut request {
                    r.job.stop_when_settled |= opts.until_settled;
                    if opts.fresh || opts.keep {
                        r.options.fresh = Some(opts.fresh);
                    }
                }
                request
            });
            (line, request)
        })
        .collect();
    run_requests(opts, opts.json, Label { progress: "single", noun: "requests" }, requests, &|out: &Output| {
        render::single(out)
    })
}

/// `trace`: JSON lines in. A request's `options` switch the ablations of its own search, so
/// each runs with the command's settings overridden by its own.
pub fn trace(opts: &Options, file: &Option<String>) -> Result<(), String> {
    let requests = read_json_requests(&read_input(file)?, Kind::Trace);
    let mut failed = 0;
    for (line, request) in requests {
        let mut own = opts.clone();
        if let Ok(request) = &request {
            let config = request.options().apply(opts.config());
            own.tt_megabytes = config.tt_megabytes;
            own.tt_mode = config.tt_mode;
            own.no_quick_tricks = !config.quick_tricks;
            own.no_ordering = !config.move_ordering;
        }
        let label = Label { progress: "trace", noun: "positions" };
        failed += run_requests(&own, opts.json, label, vec![(line, request)], &render::trace).is_err() as usize;
    }
    finish(failed)
}
