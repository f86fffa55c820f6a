//! The text an output crosses to `web/worker.js` in: the schema's JSON, except for a suit
//! answer's lines. A line written out can run to megabytes (KT8642 / -: 1.5 million cards
//! and branches) but holds a few thousand distinct sub-plans, and targets often share one
//! line; sent whole, parsing and copying the lines took most of the browser's time. So each
//! distinct sub-plan crosses once, in `plans`, naming its sub-plans by index (they come
//! before it), and the targets and the average name their line's plan. The worker puts them
//! back (`withSuitLines`), each sub-plan one object wherever it recurs.

use glasshand::schema::{Output, SuitOut};
use glasshand::{Line, Split, SuitAnalysis};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use std::collections::HashMap;
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
    plans: Vec<PlanWire<'a>>,
}

/// A sub-plan, its own sub-plans by index in `plans` (`None` for the end of the play).
enum PlanWire<'a> {
    Play { card: String, then: Option<usize> },
    Show { seat: char, branches: Vec<(&'a str, Option<usize>)> },
}

impl Serialize for PlanWire<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PlanWire::Play { card, then } => {
                let mut map = s.serialize_map(Some(1 + usize::from(then.is_some())))?;
                map.serialize_entry("play", card)?;
                if let Some(then) = then {
                    map.serialize_entry("then", then)?;
                }
                map.end()
            }
            PlanWire::Show { seat, branches } => {
                struct Branches<'b, 'a>(&'b [(&'a str, Option<usize>)]);
                impl Serialize for Branches<'_, '_> {
                    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                        let mut map = s.serialize_map(Some(self.0.len()))?;
                        for (cards, plan) in self.0 {
                            map.serialize_entry(cards, plan)?;
                        }
                        map.end()
                    }
                }
                let mut map = s.serialize_map(Some(2))?;
                map.serialize_entry("seat", &seat.to_string())?;
                map.serialize_entry("shows", &Branches(branches))?;
                map.end()
            }
        }
    }
}

/// The distinct sub-plans of some lines, each after its own sub-plans.
#[derive(Default)]
struct Plans<'a> {
    plans: Vec<PlanWire<'a>>,
    index: HashMap<*const Line, usize>,
}

impl<'a> Plans<'a> {
    /// Where `line` stands in `plans`, added with its sub-plans if new; `None` for the end.
    fn add(&mut self, line: &'a Arc<Line>) -> Option<usize> {
        if let Some(&i) = self.index.get(&Arc::as_ptr(line)) {
            return Some(i);
        }
        let plan = match &**line {
            Line::End => return None,
            Line::Play { next, .. } => {
                let card = line.first_card().expect("a play has a card");
                PlanWire::Play { card, then: self.add(next) }
            }
            Line::Show { defender, branches } => PlanWire::Show {
                seat: defender.letter(),
                branches: branches.iter().map(|(cards, next)| (cards.as_str(), self.add(next))).collect(),
            },
        };
        self.plans.push(plan);
        self.index.insert(Arc::as_ptr(line), self.plans.len() - 1);
        Some(self.plans.len() - 1)
    }
}

impl<'a> SuitWire<'a> {
    fn new(analysis: &'a SuitOut) -> SuitWire<'a> {
        // Every field named, so that a new one cannot be left out unnoticed.
        let SuitAnalysis { north, south, missing, layouts, targets, average, double_dummy, splits } = analysis;
        let mut plans = Plans::default();
        let mut index_of = |line: &'a Arc<Line>| plans.add(line).expect("a line has a first card");
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
            plans: plans.plans,
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

    /// The plans put back where the indices point give the schema's JSON, and no sub-plan
    /// crosses twice.
    #[test]
    fn suit_plans_cross_once_and_come_back_whole() {
        for (north, south) in [("AKxx", "J98"), ("AJ2", "K103"), ("QT84", "76")] {
            let out = suit(north, south);
            // Both through the same parser: serde_json's own reads floats to within an ulp.
            let schema: Value = serde_json::from_str(&serde_json::to_string(&out).unwrap()).unwrap();
            let text = output_text(&out).unwrap();
            let mut wire: Value = serde_json::from_str(&text).unwrap();
            let plans = wire.as_object_mut().unwrap().remove("plans").unwrap();
            let mut whole: Vec<Value> = Vec::new();
            let at = |whole: &[Value], i: &Value| whole[i.as_u64().unwrap() as usize].clone();
            for plan in plans.as_array().unwrap() {
                let mut plan = plan.clone();
                if let Some(then) = plan.get("then").cloned() {
                    plan["then"] = at(&whole, &then);
                }
                if let Some(shows) = plan.get_mut("shows").and_then(Value::as_object_mut) {
                    for next in shows.values_mut().filter(|next| !next.is_null()) {
                        *next = at(&whole, next);
                    }
                }
                whole.push(plan);
            }
            let distinct: std::collections::HashSet<String> = whole.iter().map(Value::to_string).collect();
            assert_eq!(distinct.len(), whole.len(), "{north} / {south}: a sub-plan sent twice");
            let put_back = |place: &mut Value| place["line"] = at(&whole, &place["line"]);
            wire["targets"].as_array_mut().unwrap().iter_mut().for_each(put_back);
            put_back(&mut wire["average"]);
            assert_eq!(wire, schema, "{north} / {south}");
            if (north, south) == ("QT84", "76") {
                // Its four targets and the average take one plan, of many repeated parts.
                let line = schema["average"]["line"].to_string();
                assert!(text.len() * 2 < line.len(), "{} bytes sent for a line of {}", text.len(), line.len());
            }
        }
    }

    #[test]
    fn other_outputs_are_the_schema() {
        let out = Output::Tables(Vec::new());
        assert_eq!(output_text(&out).unwrap(), serde_json::to_string(&out).unwrap());
    }
}
