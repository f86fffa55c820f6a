//! The text an output crosses to `web/worker.js` in: the schema's JSON, except that a suit
//! answer sends each distinct line once, in `lines`, and its targets and average name theirs
//! by index. Targets often share one line, a plan that can run to megabytes; sent once per
//! target, parsing and copying it to the page took most of the browser's time. The worker
//! puts the lines back (`withSuitLines`), one object shared by the targets that take it.

use glasshand::schema::{Output, SuitOut};
use glasshand::{Line, Split, SuitAnalysis};
use serde::Serialize;
use std::sync::Arc;

/// `out` as JSON text, in the engine's key order.
pub fn output_text(out: &Output) -> serde_json::Result<String> {
    match out {
        Output::Suit(analysis) => serde_json::to_string(&SuitWire::new(analysis)),
        _ => serde_json::to_string(out),
    }
}

#[derive(Serialize)]
struct TargetWire {
    tricks: u8,
    probability: f64,
    line: usize,
}

#[derive(Serialize)]
struct AverageWire {
    tricks: f64,
    line: usize,
}

#[derive(Serialize)]
struct SuitWire<'a> {
    north: &'a str,
    south: &'a str,
    missing: &'a str,
    layouts: usize,
    targets: Vec<TargetWire>,
    average: AverageWire,
    double_dummy: f64,
    splits: &'a [Split],
    lines: Vec<&'a Line>,
}

impl<'a> SuitWire<'a> {
    fn new(analysis: &'a SuitOut) -> SuitWire<'a> {
        // Every field named, so that a new one cannot be left out unnoticed.
        let SuitAnalysis { north, south, missing, layouts, targets, average, double_dummy, splits } = analysis;
        let mut lines: Vec<&'a Arc<Line>> = Vec::new();
        let mut index_of = |line: &'a Arc<Line>| match lines.iter().position(|&known| Arc::ptr_eq(known, line)) {
            Some(i) => i,
            None => {
                lines.push(line);
                lines.len() - 1
            }
        };
        let targets = targets
            .iter()
            .map(|t| TargetWire { tricks: t.tricks, probability: t.probability, line: index_of(&t.line) })
            .collect();
        let average = AverageWire { tricks: average.tricks, line: index_of(&average.line) };
        SuitWire {
            north,
            south,
            missing,
            layouts: *layouts,
            targets,
            average,
            double_dummy: *double_dummy,
            splits,
            lines: lines.into_iter().map(|line| &**line).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glasshand::schema::{Request, SuitRequest};
    use glasshand::{task, Config, Solver};
    use serde_json::Value;

    fn suit(north: &str, south: &str) -> Output {
        let request = Request::Suit(SuitRequest { north: north.into(), south: south.into(), ..Default::default() });
        task::run(request.task().unwrap(), &mut Solver::new(Config::default()), &mut |_| {}).unwrap()
    }

    /// The lines put back where the indices point give the schema's JSON, and a line that
    /// several targets share crosses once.
    #[test]
    fn suit_lines_cross_once_and_come_back_whole() {
        for (north, south) in [("AKxx", "J98"), ("AJ2", "K103"), ("QT84", "76")] {
            let out = suit(north, south);
            // Both through the same parser: serde_json's own reads floats to within an ulp.
            let schema: Value = serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
            let mut wire: Value = serde_json::from_str(&output_text(&out).unwrap()).unwrap();
            let lines = wire.as_object_mut().unwrap().remove("lines").unwrap();
            let lines = lines.as_array().unwrap();
            let distinct: std::collections::HashSet<String> =
                lines.iter().map(|line| serde_json::to_string(line).unwrap()).collect();
            assert_eq!(distinct.len(), lines.len(), "{north} / {south}: a line sent twice");
            let put_back = |place: &mut Value| place["line"] = lines[place["line"].as_u64().unwrap() as usize].clone();
            wire["targets"].as_array_mut().unwrap().iter_mut().for_each(put_back);
            put_back(&mut wire["average"]);
            assert_eq!(wire, schema, "{north} / {south}");
            if (north, south) == ("QT84", "76") {
                // Its four targets and the average take one plan.
                assert_eq!(lines.len(), 1);
            }
        }
    }

    #[test]
    fn other_outputs_are_the_schema() {
        let out = Output::Tables(Vec::new());
        assert_eq!(output_text(&out).unwrap(), serde_json::to_string(&out).unwrap());
    }
}
