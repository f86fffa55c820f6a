//! Single-dummy analysis as a task: one unit per sample (or per layout when the job is
//! exact), each solved on the runner's solver, whose table is kept from one sample to the
//! next (partition-search entries hold for every deal with the same lengths and owners of
//! the active cards). As samples complete, the task folds them into the running [`Tally`]
//! and streams the estimate: the fold lives here once, for every runner.

use super::{Lane, Task};
use crate::schema::{Event, SingleOut};
use crate::{Error, SampleResult, SingleDummy, Tally};
use std::sync::Mutex;

/// At most this many estimate events per job: every sample streams up to this many samples,
/// then every `ceil(samples / MAX_ESTIMATES)`th (and the last), so that a long job does not
/// flood the page with events.
pub const MAX_ESTIMATES: usize = 1000;

/// The sampled deals an output carries for viewing.
pub const SHOWN_DEALS: usize = 8;

pub struct SingleTask {
    job: SingleDummy,
    /// The samples folded so far; samples finish on several threads at once.
    running: Mutex<Tally>,
    /// An estimate every `stride` samples.
    stride: usize,
}

impl SingleTask {
    pub fn new(job: SingleDummy) -> SingleTask {
        let stride = job.units().div_ceil(MAX_ESTIMATES).max(1);
        SingleTask { running: Mutex::new(job.tally()), job, stride }
    }

    pub fn job(&self) -> &SingleDummy {
        &self.job
    }

    fn streams(&self, done: usize) -> bool {
        done % self.stride == 0 || done == self.job.units()
    }
}

impl Task for SingleTask {
    type Unit = SampleResult;
    type Output = SingleOut;

    fn units(&self) -> usize {
        self.job.units()
    }

    /// The estimate events.
    fn progress_total(&self) -> usize {
        let units = self.job.units();
        units / self.stride + usize::from(units % self.stride != 0)
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<SampleResult, Error> {
        let sample = self.job.run_unit(i, lane.solver)?;
        // Folded and sent under the lock: the events leave in the order of their counts.
        let mut running = self.running.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        running.add(&sample);
        if self.streams(running.count()) {
            events(Event::Estimate { total: self.job.units(), estimate: running.estimate(&self.job) });
        }
        Ok(sample)
    }

    fn finish(&self, samples: Vec<SampleResult>) -> Result<SingleOut, Error> {
        let deals = (0..SHOWN_DEALS).map_while(|i| self.job.sample_deal(i)).collect();
        Ok(SingleOut { result: self.job.finish(samples)?, deals })
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
