//! A trace of the search as a task: one unit, on the runner's solver (emptied first: a
//! trace shows a cold search, and its table hits name stores it saw).

use super::{Lane, Task};
use crate::schema::{Event, TraceOut};
use crate::{Error, Position, Trace, MAX_TRACE_TRICKS};

pub struct TraceTask {
    pos: Position,
    /// The side to move's target for one search; none for a whole run.
    target: Option<u8>,
}

impl TraceTask {
    /// Refuses a position too large to trace, or a target above the tricks left, before
    /// any search.
    pub fn new(pos: Position, target: Option<u8>) -> Result<TraceTask, Error> {
        let tricks = pos.tricks_left();
        if tricks > MAX_TRACE_TRICKS {
            return Err(Error::TooLargeToTrace { tricks, max: MAX_TRACE_TRICKS });
        }
        if let Some(t) = target.filter(|&t| t as u32 > tricks) {
            return Err(Error::BadRequest(format!("a target of {t} tricks, with {tricks} left")));
        }
        Ok(TraceTask { pos, target })
    }
}

impl Task for TraceTask {
    type Unit = Trace;
    type Output = TraceOut;

    fn units(&self) -> usize {
        1
    }

    fn progress_total(&self) -> usize {
        1
    }

    fn run_unit(&self, _: usize, lane: &mut Lane<'_>, _: &mut dyn FnMut(Event)) -> Result<Trace, Error> {
        lane.solver.trace(&self.pos, self.target)
    }

    fn finish(&self, mut units: Vec<Trace>) -> Result<TraceOut, Error> {
        let trace = units.remove(0);
        let nodes = trace.nodes();
        let mut out = TraceOut {
            position: (&self.pos).into(),
            tricks: trace.tricks,
            holds: None,
            nodes,
            root: None,
            probes: trace.probes,
        };
        if self.target.is_some() {
            let probe = out.probes.remove(0);
            (out.holds, out.root) = (Some(probe.holds), Some(probe.root));
        }
        Ok(out)
    }
}
