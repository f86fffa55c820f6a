//! `glasshand suit`: the JSON contract (keys, one target per trick count, unrounded
//! probabilities) on a published combination, the table, and errors with a code.

use serde_json::Value;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_glasshand");

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap_or_else(|e| panic!("starting {BIN}: {e}"))
}

fn json_line(out: &Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {text}");
    serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("not JSON: {e}: {text}"))
}

#[test]
fn json_answers_a_published_combination() {
    let out = run(&["suit", "--json", "AK987x", "Jx"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json_line(&out);
    assert_eq!(
        (v["north"].as_str(), v["south"].as_str(), v["missing"].as_str()),
        (Some("AK9872"), Some("J3"), Some("QT654"))
    );
    assert_eq!(v["layouts"], 32);
    let targets = v["targets"].as_array().unwrap();
    let tricks: Vec<u64> = targets.iter().map(|t| t["tricks"].as_u64().unwrap()).collect();
    assert_eq!(tricks, [1, 2, 3, 4, 5, 6]);
    // The Encyclopedia (as corrected with SuitPlay): 88% for five tricks.
    let five = targets[4]["probability"].as_f64().unwrap();
    assert_eq!((100.0 * five).round(), 88.0, "{five}");
    assert!(targets.iter().all(|t| t["line"]["play"].is_string()), "every target has a line");
    let splits = v["splits"].as_array().unwrap();
    assert_eq!(splits.len(), 32);
    let total: f64 = splits.iter().map(|s| s["probability"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let average = v["average"]["tricks"].as_f64().unwrap();
    let by_layout: f64 =
        splits.iter().map(|s| s["probability"].as_f64().unwrap() * s["tricks"].as_f64().unwrap()).sum();
    assert!((average - by_layout).abs() < 1e-9);
    assert!(v["average"]["line"]["then"].is_object());
    // Each target's line, split by split, gives that target's chance.
    for (i, target) in targets.iter().enumerate() {
        let t = target["tricks"].as_u64().unwrap();
        let reached: f64 = splits
            .iter()
            .filter(|s| s["by_target"][i].as_u64().unwrap() >= t)
            .map(|s| s["probability"].as_f64().unwrap())
            .sum();
        assert!((reached - target["probability"].as_f64().unwrap()).abs() < 1e-9, "{t} tricks");
    }
}

#[test]
fn the_table_has_a_row_per_target_and_the_average() {
    let out = run(&["suit", "AQ", "xx"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("AQ / 32"), "{text}");
    assert!(text.lines().any(|l| l.trim_start().starts_with("2 ") && l.contains("50.00%")), "{text}");
    assert!(text.contains("average 1.5000"), "{text}");
}

#[test]
fn vacant_places_change_the_odds() {
    let even = json_line(&run(&["suit", "--json", "AQ", "xx"]));
    let skewed = json_line(&run(&["suit", "--json", "AQ", "xx", "--west-vacant", "10", "--east-vacant", "13"]));
    let chance = |v: &Value| v["targets"][1]["probability"].as_f64().unwrap();
    assert!((chance(&even) - 0.5).abs() < 1e-9);
    assert!(chance(&skewed) < 0.5, "fewer places for West, the king less often onside");
}

#[test]
fn bad_holdings_fail_with_a_code() {
    let out = run(&["suit", "--json", "AKK", "x"]);
    assert!(!out.status.success());
    let v = json_line(&out);
    assert_eq!(v["code"], "duplicate-card");
    assert!(v["error"].is_string());
    let out = run(&["suit", "AK", "x", "--west-vacant", "3", "--east-vacant", "3"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("vacant"));
}
