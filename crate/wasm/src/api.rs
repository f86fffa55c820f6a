//! The facade's jobs in plain Rust (no wasm-bindgen), tested natively. A request becomes
//! the engine's task ([`Request::task`] checks all input, before any search); a [`Job`] runs
//! it in steps on the calling thread (the single build: the worker reads its messages between
//! steps) or over the rayon pool (the threaded build). Outputs and events reach JS in the
//! schema's shapes with camelCase keys ([`glasshand::schema::camel_case`]).

use glasshand::schema::{Event, Output, Request};
use glasshand::task::{AnyTask, Progress, Stepper, Task, ThreadSolver};
use glasshand::{Config, Error, Solver};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The most table memory per thread a request may ask for (the default is the budget's).
pub const MAX_TT_MEGABYTES: usize = 64;

/// A request, checked and ready to run.
pub struct Job {
    stepper: Stepper<AnyTask>,
    config: Config,
    /// The bench signature's own fresh solver: its node count is that of one solver running
    /// the deals in order, with the engine's default configuration, as `glasshand bench`.
    fresh_solver: Option<Solver>,
    /// Whether the threaded build runs the units one after another on one pool thread: the
    /// bench, whose signature needs one solver taking the deals in order.
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    in_order: bool,
    /// Stops the job: the search polls it, and the job ends with `stopped`.
    pub stop: Arc<AtomicBool>,
    /// Its `total()` is the units of progress, for the start message.
    pub progress: Progress,
}

impl Job {
    /// Reads a request of `kind` (with serde-wasm-bindgen's deserializer in the browser).
    pub fn new<'de, D: serde::Deserializer<'de>>(kind: &str, request: D) -> Result<Job, Error> {
        let request = Request::deserialize(kind.parse()?, request)?;
        let is_bench = matches!(request, Request::Bench(_));
        let base = if is_bench {
            Config::default()
        } else {
            Config { tt_megabytes: crate::budget::TT_MEGABYTES, ..Config::default() }
        };
        let config = request.options().apply(base);
        if !is_bench && !(1..=MAX_TT_MEGABYTES).contains(&config.tt_megabytes) {
            let message = format!("ttMegabytes must be between 1 and {MAX_TT_MEGABYTES}, not {}", config.tt_megabytes);
            return Err(Error::BadRequest(message));
        }
        let in_order = is_bench;
        let task = request.task()?;
        let progress = Progress::new(task.progress_total());
        let stop: Arc<AtomicBool> = Arc::default();
        let fresh_solver = is_bench.then(|| {
            let mut solver = Solver::new(config);
            solver.set_stop(Some(stop.clone()));
            solver
        });
        Ok(Job { stepper: Stepper::new(task), config, fresh_solver, in_order, stop, progress })
    }

    /// Runs the next unit of work on this thread's solver; the output after the last one.
    pub fn step(&mut self, sink: &mut dyn FnMut(Event)) -> Result<Option<Output>, Error> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(Error::Stopped { nodes: None });
        }
        let progress = &self.progress;
        let out = match &mut self.fresh_solver {
            Some(solver) => self.stepper.step(solver, &mut |e| progress.send(e, sink))?,
            None => self
                .stepper
                .step(&mut ThreadSolver::take(&self.config, Some(&self.stop)), &mut |e| progress.send(e, sink))?,
        };
        Ok(out.inspect(|_| progress.finish(sink)))
    }

    /// Runs every unit over the rayon pool; `sink` may be called from any of its threads.
    #[cfg(feature = "parallel")]
    pub fn run_parallel(mut self, sink: &(dyn Fn(Event) + Sync)) -> Result<Output, Error> {
        let (config, stop, progress) = (&self.config, &self.stop, &self.progress);
        if self.in_order {
            // On this pool thread, step after step.
            let mut thread_solver;
            let solver: &mut Solver = match &mut self.fresh_solver {
                Some(solver) => solver,
                None => {
                    thread_solver = ThreadSolver::take(config, Some(stop));
                    &mut thread_solver
                }
            };
            let out = self.stepper.run(solver, &mut |e| progress.send(e, &mut |e| sink(e)))?;
            progress.finish(&mut |e| sink(e));
            return Ok(out);
        }
        let solver = || ThreadSolver::take(config, Some(stop));
        let out = glasshand::task::run_parallel(self.stepper.task(), solver, &|e| progress.send(e, &mut |e| sink(e)))?;
        progress.finish(&mut |e| sink(e));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glasshand::schema::{CardList, Kind, Request};
    use glasshand::{pbn, Card, Position, Seat, Solver, Strain};
    use serde::Serialize;
    use serde_json::json;
    use serde_json::Value;

    const DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

    /// The JS shape, as `bindings` makes it: the schema's JSON with camelCase keys.
    fn to_json<T: Serialize + ?Sized>(value: &T) -> Value {
        match serde_json::to_value(value).unwrap() {
            Value::Object(map) => {
                map.into_iter().map(|(k, v)| (glasshand::schema::camel_case(&k), to_json(&v))).collect()
            }
            Value::Array(items) => items.iter().map(to_json).collect(),
            other => other,
        }
    }

    fn job(kind: &str, request: &Value) -> Result<Job, Error> {
        Job::new(kind, request.clone())
    }

    /// Runs a job step by step as the single build's worker does: the JS shapes of its
    /// output and events.
    fn run(kind: &str, request: Value) -> Result<(Value, Vec<Value>), Error> {
        let mut job = job(kind, &request)?;
        let mut events = Vec::new();
        loop {
            if let Some(out) = job.step(&mut |e| events.push(to_json(&e)))? {
                return Ok((to_json(&out), events));
            }
        }
    }

    fn code(kind: &str, request: Value) -> String {
        run(kind, request).map_or_else(|e| e.code().to_string(), |_| "ok".into())
    }

    fn of_type<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
        events.iter().filter(|e| e["type"] == kind).collect()
    }

    #[test]
    fn suit_is_a_job_with_a_lead_event_per_opening_lead() {
        // AQ98x / Jx, 4 tricks: 71% (the Encyclopedia, as corrected with SuitPlay).
        let (out, events) = run("suit", json!({"north": "AQ98x", "south": "Jx"})).unwrap();
        assert_eq!((&out["north"], &out["south"]), (&json!("AQ982"), &json!("J3")));
        let four = out["targets"][3]["probability"].as_f64().unwrap();
        assert_eq!((100.0 * four).round(), 71.0);
        assert!(out["doubleDummy"].as_f64().unwrap() >= out["average"]["tricks"].as_f64().unwrap());
        let leads = of_type(&events, "lead");
        assert!(!leads.is_empty());
        assert_eq!(events.last().unwrap(), &json!({"type": "progress", "done": leads.len(), "total": leads.len()}));
        let skewed = run("suit", json!({"north": "AQ", "south": "xx", "westVacant": 10, "eastVacant": 13})).unwrap();
        assert!(skewed.0["targets"][1]["probability"].as_f64().unwrap() < 0.5);
        assert_eq!(code("suit", json!({"north": "AKK", "south": "x"})), "duplicate-card");
    }

    #[test]
    fn bench_is_a_job_with_the_native_signature_even_after_other_jobs() {
        // A table first leaves this thread's solver warm: the bench must not use it.
        run("table", json!({"deal": DEAL})).unwrap();
        let (out, events) = run("bench", json!({})).unwrap();
        let native = glasshand::bench::signature(&Config::default(), &mut |_, _| {}).unwrap();
        assert_eq!(out["nodes"], json!(native));
        assert_eq!(of_type(&events, "deal").len(), glasshand::bench::DEALS.len());
    }

    #[test]
    fn table_matches_dds_and_streams_every_entry() {
        let (t, events) = run("table", json!({"deal": DEAL})).unwrap();
        // tables.jsonl, line 1, in the command line's key order.
        let text = t.to_string();
        assert!(
            text.starts_with(&format!(r#"{{"deal":"{DEAL}","tricks":{{"N":{{"NT":6,"S":8,"H":4,"D":7,"C":5}},"E":"#))
        );
        assert_eq!(t["tricks"]["W"], json!({"NT": 5, "S": 4, "H": 9, "D": 6, "C": 7}));
        assert_eq!(of_type(&events, "entry").len(), 20);
        assert_eq!(events.last().unwrap(), &json!({"type": "progress", "done": 20, "total": 20}));
        let north_notrump = of_type(&events, "entry").into_iter().find(|e| e["declarer"] == "N" && e["strain"] == "NT");
        assert_eq!(
            north_notrump,
            Some(&json!({"type": "entry", "index": 0, "declarer": "N", "strain": "NT", "tricks": 6}))
        );
    }

    #[test]
    fn a_batch_streams_each_table_and_equals_single_tables() {
        let ending = "N:AK.2.3. Q4.3..2 J6..5.4 T8.7.8.";
        let (one, _) = run("table", json!({"deal": ending})).unwrap();
        let (out, events) = run("tables", json!({"deals": [ending, ending]})).unwrap();
        assert_eq!(out, json!([one, one]));
        let tables = of_type(&events, "table");
        assert_eq!(tables.iter().map(|e| e["index"].clone()).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(tables[1]["table"], one);
        assert!(events.contains(&json!({"type": "progress", "done": 40, "total": 40})));
    }

    #[test]
    fn analyse_streams_cards_and_mirrors_the_cli() {
        // positions.jsonl, line 2: a trick in progress.
        let position = json!({"deal": "N:AQJ94.AQ54.KT5.2 76.JT982.Q8.AKJ3 82.K7.J42.QT8764 KT53.63.A9763.95",
                              "strain": "NT", "leader": "E", "trick": "H2"});
        let (out, events) = run("analyse", position.clone()).unwrap();
        assert_eq!(out["tomove"], "S");
        assert_eq!(out["trump"], "NT");
        assert_eq!(out["tricks"], json!({"HK": 8, "H7": 9}));
        assert_eq!(out["best"], 9);
        assert_eq!(of_type(&events, "card").len(), 2);
        assert_eq!(run("solve", position).unwrap().0["tricks"], 9);
    }

    #[test]
    fn analyse_jobs_equal_the_engine_analysis() {
        const ENDING: &str = "N:AQJ94.AQ54.KT5.2 76.JT982.Q8.AKJ3 82.K7.J42.QT8764 KT53.63.A9763.95";
        let cases = [
            (DEAL, "S", "W", vec![]),
            (ENDING, "NT", "E", vec!["H2"]),
            (ENDING, "D", "N", vec!["SA", "S7"]),
            // The fourth card completes the trick.
            (ENDING, "D", "N", vec!["SA", "S7", "S2"]),
        ];
        for (deal, trump, leader, trick) in cases {
            let (out, _) =
                run("analyse", json!({"deal": deal, "trump": trump, "leader": leader, "trick": trick})).unwrap();
            let cards: Vec<Card> = trick.iter().map(|c| c.parse().unwrap()).collect();
            let pos =
                Position::new(pbn::parse_deal(deal).unwrap(), trump.parse().unwrap(), leader.parse().unwrap(), &cards)
                    .unwrap();
            let mut solver = Solver::new(Config::default());
            let want: serde_json::Map<String, Value> =
                solver.analyse(&pos, &mut |_, _| {}).unwrap().iter().map(|(c, t)| (c.to_string(), json!(t))).collect();
            assert_eq!(out["tricks"], Value::Object(want), "{deal} {trump} {trick:?}");
        }
    }

    #[test]
    fn par_mirrors_par_jsonl_in_camel_case() {
        let (v, _) = run("par", json!({"deal": DEAL, "dealer": "N", "vulnerable": "None"})).unwrap();
        assert_eq!(v["dealerParScoreNs"], -100);
        assert_eq!(v["dealerParContracts"], "3S*-NS-1");
        assert_eq!(v["parNs"], "NS -100");
        assert_eq!(v["contractsEw"], "EW:NS 3Sx");
        assert_eq!(v["tricks"]["W"]["H"], 9);
        assert_eq!(v["vulnerable"], "None");
    }

    /// The deals, play records and traces of DDS's `list10.txt` (`tests/data`).
    fn dds_traces() -> Vec<(String, String, String, String, Vec<u8>)> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/dds-hands/list10.txt");
        let text = std::fs::read_to_string(path).expect("tests/data/dds-hands/list10.txt");
        let mut out = Vec::new();
        let (mut pbn, mut play) = (None, None);
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"PBN") => {
                    let deal = line.split('"').nth(1).expect("quoted deal").to_string();
                    let trump = Strain::ALL[words[3].parse::<usize>().unwrap()].to_string();
                    let leader = Seat::ALL[words[4].parse::<usize>().unwrap()].to_string();
                    pbn = Some((deal, trump, leader));
                }
                Some(&"PLAY") => play = line.split('"').nth(1).map(str::to_string),
                Some(&"TRACE") => {
                    let trace = words[2..].iter().map(|w| w.parse().unwrap()).collect();
                    let (deal, trump, leader) = pbn.take().expect("PBN before TRACE");
                    out.push((deal, trump, leader, play.take().expect("PLAY before TRACE"), trace));
                }
                _ => {}
            }
        }
        out
    }

    #[test]
    fn play_traces_equal_dds() {
        // Four tricks of three records: enough for the trick ends and the tricks won.
        for (deal, trump, leader, play, trace) in dds_traces().into_iter().take(4).skip(1) {
            let cards = &play[..32.min(play.len())];
            let (out, events) =
                run("play", json!({"deal": deal, "trump": trump, "leader": leader, "play": cards})).unwrap();
            let n = cards.len() / 2 + 1;
            assert_eq!(out["declarerTricks"], json!(trace[..n]), "{deal} {trump} {leader} {cards}");
            assert_eq!(of_type(&events, "trace").len(), n);
        }
    }

    #[test]
    fn inspect_reports_active_cards_stats_and_ablation() {
        let request = json!({"deal": "N:AK... Q2... 43... J5...", "trump": "NT", "leader": "N",
                             "options": {"tt": "exact", "quickTricks": false}});
        let (v, events) = run("inspect", request).unwrap();
        assert_eq!(v["tricks"], 2);
        assert_eq!(v["config"], json!({"ttMegabytes": 16, "tt": "exact", "quickTricks": false, "moveOrdering": true}));
        assert_eq!(v["perTrick"].as_array().unwrap().len(), 13);
        assert!(v["total"]["nodes"].as_u64().unwrap() > 0);
        assert!(v["perTrick"][12]["ttProbes"].is_u64());
        assert!(v["active"]["dealsSharing"].as_f64().unwrap() >= 1.0);
        assert!(v["active"]["cards"].as_array().unwrap().contains(&json!("SA")));
        assert_eq!(events, [json!({"type": "progress", "done": 1, "total": 1})]);
    }

    #[test]
    fn fresh_inspects_start_from_an_empty_table() {
        let nodes = |fresh: bool| {
            let request = json!({"deal": DEAL, "trump": "S", "leader": "W", "options": {"fresh": fresh}});
            run("inspect", request).unwrap().0["total"]["nodes"].as_u64().unwrap()
        };
        // Each test runs on a thread of its own, with its own solver.
        let cold = nodes(true);
        assert!(nodes(false) < cold, "a warm table saves work");
        assert_eq!(nodes(true), cold);
    }

    #[test]
    fn a_stopped_inspect_tells_its_nodes() {
        // Minutes of work without a transposition table.
        let mut job =
            job("inspect", &json!({"deal": DEAL, "trump": "NT", "leader": "W", "options": {"tt": "off"}})).unwrap();
        let flag = job.stop.clone();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        });
        let err = job.step(&mut |_| {}).unwrap_err();
        stopper.join().unwrap();
        let Error::Stopped { nodes: Some(nodes) } = err else { panic!("{err:?}") };
        assert!(nodes > 0);
    }

    #[test]
    fn trace_runs_through_the_facade_with_inspects_nodes() {
        // East's king sits over North's ace-queen: South leads, and the queen loses to it.
        let position = json!({"deal": "N:AQ... K4... 32... J5...", "trump": "NT", "leader": "S"});
        let (run_out, events) = run("trace", position.clone()).unwrap();
        let (solved, _) = run("solve", position.clone()).unwrap();
        assert_eq!(run_out["tricks"], solved["tricks"]);
        let mut fresh = position.clone();
        fresh["options"] = json!({"fresh": true});
        let (inspected, _) = run("inspect", fresh).unwrap();
        assert_eq!(run_out["nodes"], inspected["total"]["nodes"]);
        let probes = run_out["probes"].as_array().unwrap();
        assert!(probes.iter().all(|p| p["root"]["toMove"] == "S" && p["root"]["targetNs"].is_i64()));
        assert_eq!(events, [json!({"type": "progress", "done": 1, "total": 1})]);
        // One search: South's side takes one trick (the ace), not two.
        let mut one = position.clone();
        one["target"] = json!(1);
        assert_eq!(run("trace", one.clone()).unwrap().0["holds"], true);
        one["target"] = json!(2);
        let (out, _) = run("trace", one).unwrap();
        assert_eq!((&out["holds"], out["probes"].is_null(), out["root"]["id"].is_u64()), (&json!(false), true, true));
        assert_eq!(solved["tricks"], 1);
        // The ablation reaches the search: no table, no probes.
        let mut off = position;
        off["options"] = json!({"tt": "off"});
        let text = run("trace", off).unwrap().0.to_string();
        assert!(!text.contains("\"probe\"") && !text.contains("\"store\""), "{text}");
        assert_eq!(code("trace", json!({"deal": DEAL, "trump": "S", "leader": "W"})), "too-large-to-trace");
    }

    #[test]
    fn bad_input_gets_a_code() {
        let dup = DEAL.replacen("AQJT832", "AQJT83A", 1);
        assert_eq!(code("table", json!({"deal": dup})), "duplicate-card");
        let short = DEAL.replacen("AQJT832", "AQJT83", 1);
        assert_eq!(code("table", json!({"deal": short})), "unequal-hands");
        assert_eq!(code("table", json!({"deal": "hello world"})), "syntax");
        assert_eq!(code("table", json!({"deals": []})), "bad-request");
        let err = run("tables", json!({"deals": [DEAL, "x"]})).unwrap_err();
        assert_eq!(err.code(), "syntax");
        assert!(err.to_string().contains("deal 2"), "{err:?}");
        assert_eq!(code("solve", json!({"deal": DEAL, "trump": "Z", "leader": "W"})), "unknown-strain");
        assert_eq!(code("solve", json!({"deal": DEAL, "trump": "S", "leader": "Q"})), "unknown-seat");
        assert_eq!(code("solve", json!({"deal": DEAL, "trump": "S", "leader": "W", "trick": ["SA"]})), "card-not-held");
        assert_eq!(code("table", json!({"deal": DEAL, "options": {"tt": "magic"}})), "bad-request");
        assert_eq!(code("table", json!({"deal": DEAL, "options": {"ttMegabytes": 0}})), "bad-request");
        assert_eq!(code("par", json!({"deal": DEAL, "vulnerable": "Maybe"})), "unknown-vulnerability");
        let err = run("play", json!({"deal": DEAL, "trump": "S", "leader": "W", "play": ["HA", "S2"]})).unwrap_err();
        assert_eq!((err.code(), err.to_string().contains("card 2 (S2)")), ("revoke", true), "{err:?}");
        assert_eq!(code("dance", json!({})), "bad-request");
    }

    #[test]
    fn single_streams_estimates_and_adds_the_first_deals_to_the_engine_answer() {
        // West on lead knows its own hand; North's and South's constraints as in issue 19.
        let request = json!({"known": {"W": "KQ53.T97.A864.J2"}, "contract": "4S", "declarer": "S",
                             "constraints": {"S": {"S": [5, 7]}}, "samples": 12, "seed": 5});
        let (out, events) = run("single", request.clone()).unwrap();
        let estimates = of_type(&events, "estimate");
        assert_eq!(estimates.len(), 12);
        assert!(estimates.iter().enumerate().all(|(i, e)| e["samples"] == i + 1 && e["total"] == 12));
        assert_eq!(estimates[11]["cards"], out["cards"]);
        assert_eq!((&out["tomove"], &out["samples"], &out["exact"]), (&json!("W"), &json!(12), &json!(false)));
        assert_eq!(out["cards"].as_object().unwrap().len(), 13, "every card of West's hand may lead");
        assert!(out["cards"]["SK"]["make"].is_f64());
        let deals = out["deals"].as_array().unwrap();
        assert_eq!(deals.len(), 8);
        for deal in deals {
            let deal = pbn::parse_deal(deal.as_str().unwrap()).unwrap();
            assert_eq!(deal.hand(Seat::West).to_string(), "KQ53.T97.A864.J2");
            assert!((5..=7).contains(&deal.hand(Seat::South).suit_len(glasshand::Suit::Spades)));
        }
        // The engine's own answer, as the command line writes it.
        let Request::Single(r) = Request::deserialize(Kind::Single, request).unwrap() else { unreachable!() };
        let task = glasshand::task::SingleTask::new(glasshand::SingleDummy::new(&r.job).unwrap());
        let engine = glasshand::task::run(task, &mut Solver::new(Config::default()), &mut |_| {}).unwrap();
        let mut cli = to_json(&engine.result);
        cli["deals"] = to_json(&engine.deals);
        assert_eq!(out, cli);
    }

    #[test]
    fn single_bad_requests_get_codes() {
        let known = json!({"W": "KQ53.T97.A864.J2"});
        let single = |extra: Value| {
            let mut request = json!({"known": known, "trump": "NT", "leader": "W", "samples": 4});
            request.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            code("single", request)
        };
        assert_eq!(single(json!({})), "ok");
        assert_eq!(single(json!({"samples": 0})), "bad-request");
        assert_eq!(single(json!({"leader": "Q"})), "unknown-seat");
        assert_eq!(single(json!({"played": ["SK", "SA", "SK"]})), "duplicate-card");
        assert_eq!(single(json!({"constraints": {"E": {"hcp": [30, 37]}, "N": {"hcp": [20, 37]}}})), "no-layout");
        assert_eq!(single(json!({"options": {"ttMegabytes": 0}})), "bad-request");
        assert_eq!(code("single", json!({"known": known, "samples": 4})), "bad-request");
    }

    #[test]
    fn a_stopped_job_ends_with_stopped() {
        let mut job = job("table", &json!({"deal": DEAL})).unwrap();
        job.stop.clone().store(true, Ordering::Relaxed);
        assert_eq!(job.step(&mut |_| {}).unwrap_err().code(), "stopped");
    }

    #[test]
    fn card_lists_in_every_notation() {
        let want: Vec<Card> = ["SA", "HT"].iter().map(|c| c.parse().unwrap()).collect();
        for text in ["SAHT", "SA HT", "SA,HT"] {
            assert_eq!(CardList::Text(text.into()).parse().unwrap(), want);
        }
        assert_eq!(CardList::List(vec!["SA".into(), "HT".into()]).parse().unwrap(), want);
        assert_eq!("active".parse::<Kind>().unwrap(), Kind::Inspect);
    }
}
