//! Single-dummy analysis as a task: one unit per sample (or per layout when the job is
//! exact), each solved on the runner's solver, whose table the job's
//! [`TablePolicy`](crate::TablePolicy) keeps from one sample to the next or empties. As
//! samples complete, the task folds them in sample order into the running [`Tally`] and
//! streams the estimate; a job asked to stop when settled checks the ranking at each sample
//! and, once it is settled, skips the samples left. The fold lives here once, for every
//! runner.

use super::{Lane, Task};
use crate::schema::{Event, SingleOut};
use crate::{Error, SampleResult, Settled, SingleDummy, Tally};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// At most this many estimate events per job: every sample streams up to this many samples,
/// then every `ceil(samples / MAX_ESTIMATES)`th (and the last), so that a long job does not
/// flood the page with events.
pub const MAX_ESTIMATES: usize = 1000;

/// The sampled deals an output carries for viewing.
pub const SHOWN_DEALS: usize = 8;

pub struct SingleTask {
    job: SingleDummy,
    running: Mutex<Running>,
    /// An estimate every `stride` samples.
    stride: usize,
}

/// The samples folded so far, in sample order: they finish on several threads at once and in
/// any order, and folding a prefix makes the estimates and the point where the ranking
/// settles the same whatever the threads.
struct Running {
    tally: Tally,
    /// Samples finished ahead of one still running.
    waiting: BTreeMap<usize, SampleResult>,
    /// Set once the ranking is settled (stopping when settled): `tally` then holds the
    /// samples it settled on and takes no more.
    settled: Option<Settled>,
}

/// One unit's result; `None` for a sample skipped because the ranking was settled.
pub type SingleUnit = Option<SampleResult>;

impl SingleTask {
    pub fn new(job: SingleDummy) -> SingleTask {
        let stride = job.units().div_ceil(MAX_ESTIMATES).max(1);
        let running = Running { tally: job.tally(), waiting: BTreeMap::new(), settled: None };
        SingleTask { running: Mutex::new(running), job, stride }
    }

    pub fn job(&self) -> &SingleDummy {
        &self.job
    }

    fn streams(&self, done: usize) -> bool {
        done % self.stride == 0 || done == self.job.units()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Running> {
        self.running.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Task for SingleTask {
    type Unit = SingleUnit;
    type Output = SingleOut;

    fn units(&self) -> usize {
        self.job.units()
    }

    /// The estimate events (fewer when the job stops early; runners complete the progress).
    fn progress_total(&self) -> usize {
        let units = self.job.units();
        units / self.stride + usize::from(units % self.stride != 0)
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<SingleUnit, Error> {
        if self.lock().settled.is_some() {
            return Ok(None);
        }
        let sample = self.job.run_unit(i, lane.solver)?;
        // Folded and sent under the lock: the events leave in the order of their counts.
        let mut running = self.lock();
        if running.settled.is_some() {
            return Ok(Some(sample));
        }
        running.waiting.insert(i, sample.clone());
        let running = &mut *running;
        while let Some(next) = running.waiting.remove(&running.tally.count()) {
            running.tally.add(&next);
            running.settled = running.tally.settled(&self.job);
            let done = running.tally.count();
            if running.settled.is_some() || self.streams(done) {
                let mut estimate = running.tally.estimate(&self.job);
                estimate.settled = running.settled.clone();
                events(Event::Estimate { total: self.job.units(), estimate });
            }
            if running.settled.is_some() {
                running.waiting.clear();
                break;
            }
        }
        Ok(Some(sample))
    }

    fn finish(&self, samples: Vec<SingleUnit>) -> Result<SingleOut, Error> {
        let deals = (0..SHOWN_DEALS).map_while(|i| self.job.sample_deal(i)).collect();
        let settled = self.lock().settled.clone();
        let used = settled.as_ref().map_or(samples.len(), |_| self.lock().tally.count());
        // Every sample of the settled prefix ran: only later ones are skipped.
        let samples: Vec<SampleResult> = samples.into_iter().take(used).flatten().collect();
        debug_assert_eq!(samples.len(), used);
        let mut result = self.job.finish(samples)?;
        result.settled = settled;
        Ok(SingleOut { result, deals })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Kind, Output, Request};
    use crate::task::{run, Progress};
    use crate::{Config, Solver};

    fn request(json: &str) -> Request {
        Request::deserialize(Kind::Single, &mut serde_json::Deserializer::from_str(json)).unwrap()
    }

    /// West holds every spade and North every heart; East's 12 diamonds leave 169 layouts.
    const LISTED: &str = r#"{"known": {"W": "AKQJT98765432...", "N": ".AKQJT98765432.."}, "trump": "D",
        "leader": "W", "constraints": {"E": {"D": [12, 12]}}, "samples": 1000, "seed": 3}"#;

    #[test]
    fn estimates_stream_in_order_and_end_at_the_answer() {
        let task = request(LISTED).task().unwrap();
        let progress = Progress::new(task.progress_total());
        let mut events = Vec::new();
        let out =
            run(task, &mut Solver::new(Config::default()), &mut |e| progress.send(e, &mut |e| events.push(e))).unwrap();
        let Output::Single(out) = out else { panic!("not a single-dummy answer") };
        let estimates: Vec<_> = events
            .iter()
            .filter_map(|e| if let Event::Estimate { total, estimate } = e { Some((*total, estimate)) } else { None })
            .collect();
        assert!(out.result.exact, "a handful of layouts is enumerated");
        assert_eq!(estimates.len(), out.result.samples);
        assert!(estimates.iter().enumerate().all(|(i, (total, e))| e.samples == i + 1 && *total == out.result.samples));
        assert_eq!(estimates.last().unwrap().1, &out.result);
        assert_eq!(events.last(), Some(&Event::Progress { done: estimates.len(), total: estimates.len() }));
        assert_eq!(out.deals.len(), out.result.samples.min(SHOWN_DEALS));
    }

    #[test]
    fn a_settled_job_streams_the_verdict_with_its_last_estimate() {
        // North, declaring 3NT, to lead to trick 2 seeing dummy: the ranking settles early.
        let json = r#"{"known": {"N": "7654.AK5.QJ4.A64", "S": "A83.Q9763.K9.T98"}, "contract": "3NT",
            "declarer": "N", "played": ["CK", "C8", "C2", "CA"], "samples": 400, "seed": 5, "stopWhenSettled": true}"#;
        let mut estimates = Vec::new();
        let out = run(request(json).task().unwrap(), &mut Solver::new(Config::default()), &mut |e| {
            if let Event::Estimate { estimate, .. } = e {
                estimates.push(estimate)
            }
        })
        .unwrap();
        let Output::Single(out) = out else { panic!("not a single-dummy answer") };
        let settled = out.result.settled.clone().expect("settled before 400 samples");
        assert!(out.result.samples < 400 && settled.of == 400);
        assert_eq!(estimates.len(), out.result.samples, "one estimate per sample, none after the verdict");
        assert_eq!(estimates.last(), Some(&out.result));
        assert!(estimates[..estimates.len() - 1].iter().all(|e| e.settled.is_none()));
    }

    #[test]
    fn many_samples_stream_a_bounded_number_of_estimates() {
        let Request::Single(r) = request(LISTED) else { unreachable!() };
        let job =
            SingleDummy::new(&crate::SingleDummyRequest { samples: 2500, constraints: Default::default(), ..r.job });
        let job = job.unwrap();
        assert!(!job.is_exact());
        let task = SingleTask::new(job);
        assert_eq!((task.stride, task.progress_total()), (3, 834));
        let streamed = (1..=2500).filter(|&done| task.streams(done)).count();
        assert_eq!(streamed, task.progress_total());
    }
}
