//! Many jobs as one task: their units one after another, each job keeping its own output. A
//! runner then spreads a batch of small jobs (positions, play records, tables) over its
//! threads as it spreads the units of one large job.

use super::{Lane, Task};
use crate::schema::Event;
use crate::Error;

pub struct Batch<T: Task> {
    tasks: Vec<T>,
    /// `starts[k]`: the index of task `k`'s first unit among the batch's; one more at the end.
    starts: Vec<usize>,
}

impl<T: Task> Batch<T> {
    pub fn new(tasks: Vec<T>) -> Batch<T> {
        let mut starts = vec![0];
        for task in &tasks {
            starts.push(starts.last().copied().unwrap_or(0) + task.units());
        }
        Batch { tasks, starts }
    }

    /// The task and its own index of the batch's unit `i`.
    fn locate(&self, i: usize) -> (usize, usize) {
        let k = self.starts.partition_point(|&start| start <= i) - 1;
        (k, i - self.starts[k])
    }
}

impl<T: Task> Task for Batch<T> {
    type Unit = T::Unit;
    type Output = Vec<T::Output>;

    fn units(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    fn progress_total(&self) -> usize {
        self.tasks.iter().map(Task::progress_total).sum::<usize>().max(1)
    }

    fn run_unit(&self, i: usize, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<T::Unit, Error> {
        let (k, unit) = self.locate(i);
        if unit == 0 {
            // Another job's value is no guess for this one's.
            lane.guess = None;
        }
        self.tasks[k].run_unit(unit, lane, events)
    }

    fn finish(&self, units: Vec<T::Unit>) -> Result<Vec<T::Output>, Error> {
        let mut units = units.into_iter();
        self.tasks.iter().map(|task| task.finish(units.by_ref().take(task.units()).collect())).collect()
    }

    fn help(&self, lane: &mut Lane<'_>, events: &mut dyn FnMut(Event)) -> Result<bool, Error> {
        for task in &self.tasks {
            if task.help(lane, events)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Kind, Output, Request};
    use crate::{Config, Solver};

    fn request(kind: Kind, json: &str) -> Request {
        Request::deserialize(kind, &mut serde_json::Deserializer::from_str(json)).unwrap()
    }

    #[test]
    fn a_batch_gives_each_job_the_output_it_gives_alone() {
        let deal = r#""deal": "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962""#;
        let requests = [
            request(Kind::Analyse, &format!(r#"{{{deal}, "trump": "H", "leader": "E", "trick": ["S6"]}}"#)),
            request(Kind::Solve, &format!(r#"{{{deal}, "trump": "NT", "leader": "W"}}"#)),
            request(Kind::Play, &format!(r#"{{{deal}, "trump": "S", "leader": "E", "play": "C5C4C2C3"}}"#)),
        ];
        let alone: Vec<Output> = requests
            .iter()
            .map(|r| super::super::run(r.task().unwrap(), &mut Solver::new(Config::default()), &mut |_| {}).unwrap())
            .collect();
        let batch = Batch::new(requests.iter().map(|r| r.task().unwrap()).collect());
        assert_eq!(batch.units(), batch.tasks.iter().map(|t| t.units()).sum::<usize>());
        let together = super::super::run(batch, &mut Solver::new(Config::default()), &mut |_| {}).unwrap();
        assert_eq!(together, alone);
    }

    #[test]
    fn an_empty_batch_has_no_unit_and_an_empty_output() {
        let batch: Batch<crate::task::AnyTask> = Batch::new(Vec::new());
        assert_eq!(batch.units(), 0);
        assert!(super::super::run(batch, &mut Solver::new(Config::default()), &mut |_| {}).unwrap().is_empty());
    }
}
