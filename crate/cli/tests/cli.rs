//! The `glasshand` binary: the JSON shapes the issue fixes (`table --json`, `analyse
//! --json`) against DDS's ground truth, errors as JSON lines with a code and a non-zero
//! exit status, and the default run (no arguments) printing a DD table.

#[path = "../../tests/common/mod.rs"]
mod common;

use common::*;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_glasshand");

/// Runs the binary with `args`, feeding `input` on standard input.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {BIN}: {e}"));
    child.stdin.take().unwrap().write_all(input.as_bytes()).expect("writing standard input");
    child.wait_with_output().expect("waiting for glasshand")
}

fn stdout_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect()
}

fn explain(out: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn table_json_matches_dds() {
    let rows = load_jsonl("tables.jsonl");
    let rows = &rows[..sample_size(3, 1)];
    let input: String = rows.iter().map(|r| format!("{}\n", r["deal"].as_str().unwrap())).collect();
    let out = run(&["table", "--json"], &input);
    assert!(out.status.success(), "{}", explain(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), rows.len(), "{}", explain(&out));
    for (got, want) in lines.iter().zip(rows) {
        assert_eq!(got["deal"], want["deal"], "{}", explain(&out));
        assert_eq!(got["tricks"], want["tricks"], "deal {}", want["deal"]);
        let keys: Vec<&String> = got.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 2, "only deal and tricks: {got}");
    }
}

#[test]
fn table_probes_settle_every_entry() {
    let row = &load_jsonl("tables.jsonl")[1];
    let out = run(&["table", "--json", "--probes"], &format!("{}\n", row["deal"].as_str().unwrap()));
    assert!(out.status.success(), "{}", explain(&out));
    let line = &stdout_lines(&out)[0];
    assert_eq!(line["tricks"], row["tricks"]);
    let probes = line["probes"].as_array().expect("probes");
    for declarer in ["N", "E", "S", "W"] {
        for strain in ["NT", "S", "H", "D", "C"] {
            let tricks = row["tricks"][declarer][strain].as_u64().unwrap();
            let ns = if "NS".contains(declarer) { tricks } else { 13 - tricks };
            let leader = ["E", "S", "W", "N"]["NESW".find(declarer).unwrap()];
            let mine: Vec<&Value> = probes.iter().filter(|p| p["strain"] == strain && p["leader"] == leader).collect();
            // MTD(f) stops once a proof reaches the value and another fails one above it.
            let reached = mine.iter().filter(|p| p["reached"] == true).map(|p| p["bound"].as_u64().unwrap()).max();
            let failed = mine.iter().filter(|p| p["reached"] == false).map(|p| p["bound"].as_u64().unwrap()).min();
            assert_eq!(reached.unwrap_or(0), ns, "{declarer} {strain}: {mine:?}");
            assert_eq!(failed.unwrap_or(13), ns, "{declarer} {strain}: {mine:?}");
            assert!(mine.iter().all(|p| p["nodes"].is_u64()), "{mine:?}");
        }
    }
    // A probe that the table or the quick tricks decide at its root searches no node.
    assert!(probes.iter().map(|p| p["nodes"].as_u64().unwrap()).sum::<u64>() > 10_000, "{probes:?}");
    let text = run(&["table", "--probes"], &format!("{}\n", row["deal"].as_str().unwrap()));
    let text = String::from_utf8_lossy(&text.stdout);
    assert_eq!(text.lines().filter(|l| l.contains("yes, >=") || l.contains("no, <=")).count(), probes.len());
}

#[test]
fn table_reads_a_pbn_file() {
    // The same deal as a PBN file with tags, given as a file argument.
    let deal = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";
    let row = load_jsonl("tables.jsonl").into_iter().find(|r| r["deal"] == deal).expect("the deal is in tables.jsonl");
    let path = std::env::temp_dir().join(format!("glasshand-cli-test-{}.pbn", std::process::id()));
    std::fs::write(&path, format!("[Event \"x\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n\n"))
        .unwrap();
    let out = run(&["table", "--json", path.to_str().unwrap()], "");
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "{}", explain(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1, "{}", explain(&out));
    assert_eq!(lines[0]["tricks"], row["tricks"]);
}

#[test]
fn table_solves_a_repeated_deal_once_and_answers_every_line() {
    let rows = load_jsonl("tables.jsonl");
    let (a, b) = (&rows[0], &rows[1]);
    let deal = |row: &Value| row["deal"].as_str().unwrap().to_string();
    // The same deal again, written from East.
    let a_deal = deal(a);
    let hands: Vec<&str> = a_deal[2..].split(' ').collect();
    let a_from_east = format!("E:{} {} {} {}", hands[1], hands[2], hands[3], hands[0]);
    let bad = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A96";
    let input = format!("{a_deal}\n{}\n{a_from_east}\n{bad}\n{}\n", deal(b), deal(b));
    let out = run(&["table", "--json", "--threads", "2"], &input);
    assert!(!out.status.success(), "the bad line fails the run: {}", explain(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 5, "{}", explain(&out));
    for (got, want) in [(0, a), (1, b), (2, a), (4, b)] {
        assert_eq!(lines[got]["deal"], want["deal"], "line {got}: {}", explain(&out));
        assert_eq!(lines[got]["tricks"], want["tricks"], "line {got}: {}", explain(&out));
    }
    assert_eq!(lines[3]["code"], "unequal-hands", "{}", explain(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("2 of 5 deals repeat an earlier one"), "{}", explain(&out));
}

#[test]
fn analyse_json_matches_dds() {
    let rows = load_jsonl("positions.jsonl");
    // Late positions (cheap to solve) with 1, 2 and 3 cards on the table.
    let mut picked: Vec<&Value> = Vec::new();
    for len in 1..=3 {
        let row = rows
            .iter()
            .rev()
            .find(|r| r["trick"].as_array().unwrap().len() == len)
            .unwrap_or_else(|| panic!("a position with {len} cards played"));
        picked.push(row);
    }
    let input: String = picked
        .iter()
        .map(|r| {
            let line = serde_json::json!({
                "deal": r["deal"], "trump": r["trump"], "leader": r["leader"], "trick": r["trick"]
            });
            format!("{line}\n")
        })
        .collect();
    let out = run(&["analyse", "--json"], &input);
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), picked.len(), "{}", explain(&out));
    let mut problems = Vec::new();
    for ((got, want), line) in lines.iter().zip(&picked).zip(input.lines()) {
        if got["tomove"] != want["tomove"] || got["tricks"] != want["tricks"] {
            problems.push(format!(
                "input {line}\n  got  {got}\n  want tomove {} tricks {}",
                want["tomove"], want["tricks"]
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(out.status.success(), "{}", explain(&out));
}

#[test]
fn bad_input_gives_json_errors_and_failure() {
    let good = r#"{"deal": "N:A... K... Q... J...", "trump": "NT", "leader": "W", "trick": []}"#;
    let cases = [
        (r#"{"deal": "N:A... A... Q... J...", "trump": "NT", "leader": "W", "trick": []}"#, "duplicate-card"),
        (r#"{"deal": "N:A... K... Q... J...", "trump": "Z", "leader": "W", "trick": []}"#, "unknown-strain"),
        (r#"{"deal": "N:A... K... Q... J...", "trump": "NT", "leader": "X", "trick": []}"#, "unknown-seat"),
        (r#"{"deal": "N:A... K... Q... J...", "trump": "NT", "leader": "W", "trick": ["SA"]}"#, "card-not-held"),
        (r#"{"deal": "N:A.2.. K.3.. Q.4.. J.5..", "trump": "NT", "leader": "W", "trick": ["SJ", "H2"]}"#, "revoke"),
        (r#"{"deal": "N:AZ... K... Q... J...", "trump": "NT", "leader": "W", "trick": []}"#, "unknown-rank"),
        ("not json at all", "syntax"),
    ];
    for (line, code) in cases {
        let out = run(&["analyse", "--json"], &format!("{good}\n{line}\n"));
        assert!(!out.status.success(), "{line}: exit status 0\n{}", explain(&out));
        let lines = stdout_lines(&out);
        assert_eq!(lines.len(), 2, "{line}: {}", explain(&out));
        // The good line is still answered: West's jack loses to North's ace.
        assert_eq!(lines[0]["tomove"], "W", "{}", explain(&out));
        assert_eq!(lines[0]["tricks"]["SJ"], 0, "{}", explain(&out));
        assert_eq!(lines[1]["code"], code, "{line}: {}", explain(&out));
        let message = lines[1]["error"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{line}: no message: {}", explain(&out));
    }

    // A bad deal line for `table --json`: a 51-card deal whose message names the card.
    let out = run(&["table", "--json"], "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A96\n");
    assert!(!out.status.success(), "{}", explain(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 1, "{}", explain(&out));
    assert_eq!(lines[0]["code"], "unequal-hands");
    assert!(lines[0]["error"].as_str().unwrap().contains("C2"), "{}", explain(&out));
}

#[test]
fn no_arguments_prints_a_dd_table() {
    let out = run(&[], "");
    assert!(out.status.success(), "{}", explain(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("NT   S   H   D   C"), "no table header:\n{text}");
    // The default deal is one of tables.jsonl: its rows, in NT S H D C order.
    let deal = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";
    let row = load_jsonl("tables.jsonl")
        .into_iter()
        .find(|r| r["deal"] == deal)
        .expect("the default deal is in tables.jsonl");
    for seat in ["N", "E", "S", "W"] {
        let t = |s: &str| row["tricks"][seat][s].as_u64().unwrap();
        let want = format!("{seat} {:4}{:4}{:4}{:4}{:4}", t("NT"), t("S"), t("H"), t("D"), t("C"));
        assert!(text.lines().any(|l| l.trim() == want.trim()), "no row '{want}' in:\n{text}");
    }
    assert!(text.contains("Par"), "no par line:\n{text}");
}

/// `speed --dds FILE` compares with DDS times measured elsewhere (crate/bench/dds_times.py)
/// and `--times FILE` writes each deal's time and nodes.
#[test]
fn speed_compares_with_given_dds_times_and_writes_per_deal_times() {
    let rows = load_jsonl("tables.jsonl");
    let dir = std::env::temp_dir().join(format!("glasshand-speed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tables = dir.join("tables.jsonl");
    let dds = dir.join("dds.jsonl");
    let times = dir.join("times.jsonl");
    let two: String = rows[..2].iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(&tables, two).unwrap();
    // 1000 s per deal: any machine beats that, so the ratio must come out far below 1.
    let dds_lines: String =
        rows[..2].iter().map(|r| format!("{{\"deal\":{},\"dds_ms\":1000000}}\n", r["deal"])).collect();
    std::fs::write(&dds, dds_lines).unwrap();
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let out = run(&["speed", &path(&tables), "--threads", "1", "--dds", &path(&dds), "--times", &path(&times)], "");
    assert!(out.status.success(), "{}", explain(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("tables differing from DDS: 0"), "{text}");
    assert!(text.contains(&format!("DDS 2.9 on the same deals ({}): 2000.0 s", path(&dds))), "{text}");
    let ratio: f64 = text.split("; ratio ").nth(1).and_then(|r| r.split('x').next()).unwrap().parse().unwrap();
    assert!(ratio < 0.01, "{text}");
    let written: Vec<Value> =
        std::fs::read_to_string(&times).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(written.len(), 2);
    for (line, row) in written.iter().zip(&rows) {
        assert_eq!(line["deal"], row["deal"]);
        assert!(line["nodes"].as_u64().unwrap() > 0 && line["ms"].as_f64().unwrap() > 0.0, "{line}");
    }
    let bad = run(&["speed", &path(&tables), "--dds", &path(&dir.join("missing.jsonl"))], "");
    assert!(
        !bad.status.success() && String::from_utf8_lossy(&bad.stderr).contains("missing.jsonl"),
        "{}",
        explain(&bad)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Seven tricks of a notrump hand West led from `AKQJ.T98.765.432`, and South's `D4` to the
/// eighth: West, to play, sees 6 cards of its own and 17 unseen ones.
const SINGLE_PLAYED: &str = r#""played": ["SA", "S2", "S3", "S4", "SK", "S5", "S6", "S7", "SQ", "S8", "S9", "ST",
    "SJ", "H2", "H3", "H4", "HT", "H5", "H6", "H7", "H9", "HJ", "HQ", "HK", "HA", "H8", "D2", "D3", "D4"]"#;

fn single_request(head: &str, samples: usize, seed: u64) -> String {
    format!(r#"{{{head}, {SINGLE_PLAYED}, "samples": {samples}, "seed": {seed}}}"#).replace('\n', " ")
}

#[test]
fn single_json_has_the_issue_shape_and_a_seed_gives_the_same_numbers_on_any_thread_count() {
    let contract = single_request(r#""known": {"W": "AKQJ.T98.765.432"}, "contract": "1NT", "declarer": "S""#, 80, 7);
    let strain = single_request(r#""known": {"W": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W""#, 80, 7);
    let input = format!("{contract}\n{strain}\n");
    let one = run(&["single", "--json", "--threads", "1"], &input);
    let two = run(&["single", "--json", "--threads", "2"], &input);
    assert!(one.status.success(), "{}", explain(&one));
    assert_eq!(one.stdout, two.stdout, "threads 1:\n{}\nthreads 2:\n{}", explain(&one), explain(&two));
    let lines = stdout_lines(&one);
    assert_eq!(lines.len(), 2, "{}", explain(&one));
    let text = String::from_utf8_lossy(&one.stdout);
    for line in text.lines() {
        assert!(
            line.starts_with(r#"{"tomove": "W", "samples": 80, "exact": false, "cards": {"D7": {"tricks": "#),
            "{line}"
        );
    }
    for (line, with_make) in lines.iter().zip([true, false]) {
        let cards = line["cards"].as_object().unwrap();
        // West must follow to South's diamond: the 7, 6 and 5 touch, so they share their numbers.
        let mut names: Vec<&String> = cards.keys().collect();
        names.sort();
        assert_eq!(names, ["D5", "D6", "D7"], "{line}");
        assert!(cards.values().all(|c| c == &cards["D7"]), "{line}");
        let card = &cards["D7"];
        let tricks = card["tricks"].as_f64().unwrap();
        assert!((0.0..=6.0).contains(&tricks) && card["stderr"].as_f64().unwrap() > 0.0, "{line}");
        assert_eq!(card.get("make").is_some(), with_make, "{line}");
    }
    // East-West have won 5 tricks; 1NT by South goes down when they take 2 of the last 6.
    let make = lines[0]["cards"]["D7"]["make"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&make), "{}", lines[0]);
    assert_eq!(lines[0]["cards"]["D7"]["tricks"], lines[1]["cards"]["D7"]["tricks"], "the same samples");
    let other_seed = run(&["single", "--json"], &single_request(&contract[1..60], 80, 8));
    assert_ne!(stdout_lines(&other_seed).first(), lines.first(), "{}", explain(&other_seed));
}

#[test]
fn single_enumerates_a_small_ending_exactly_and_keeping_the_table_changes_nothing() {
    // North's hand known too: 11 unseen cards, 6 to East and 5 to South, C(11, 5) layouts.
    let known = r#""known": {"W": "AKQJ.T98.765.432", "N": "852.J52.QT2.9876"}, "trump": "NT", "leader": "W""#;
    let input = single_request(known, 1000, 1) + "\n";
    let out = run(&["single", "--json"], &input);
    assert!(out.status.success(), "{}", explain(&out));
    let line = &stdout_lines(&out)[0];
    assert_eq!((&line["samples"], &line["exact"]), (&462.into(), &true.into()), "{line}");
    assert!(line["cards"].as_object().unwrap().values().all(|c| c["stderr"] == 0.0), "{line}");
    let fresh = run(&["single", "--json", "--fresh"], &input);
    assert_eq!(out.stdout, fresh.stdout, "{}", explain(&fresh));
    let kept = run(&["single", "--json", "--keep"], &input);
    assert_eq!(out.stdout, kept.stdout, "{}", explain(&kept));
    // An exact job solves every layout: asked to stop when settled, it does not stop.
    let settled = run(&["single", "--json", "--until-settled"], &input);
    assert_eq!(out.stdout, settled.stdout, "{}", explain(&settled));
    // The text table: a header and a row per card.
    let text = run(&["single"], &input);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.starts_with("W to move, 462 deals (every layout, exact)\ncard  tricks  stderr\n"), "{text}");
    assert_eq!(text.lines().count(), 5, "{text}");
}

#[test]
fn single_until_settled_stops_early_and_says_so() {
    // North, declaring 3NT, to lead to trick 2 seeing dummy: the hearts and diamonds stand out.
    let input = r#"{"known": {"N": "7654.AK5.QJ4.A64", "S": "A83.Q9763.K9.T98"}, "contract": "3NT", "declarer": "N", "played": ["CK", "C8", "C2", "CA"], "samples": 400, "seed": 5}"#;
    let out = run(&["single", "--json", "--until-settled"], &format!("{input}\n"));
    assert!(out.status.success(), "{}", explain(&out));
    let line = &stdout_lines(&out)[0];
    let samples = line["samples"].as_u64().unwrap();
    assert!((32..400).contains(&samples), "{line}");
    assert_eq!(line["settled"]["of"], 400, "{line}");
    let text = run(&["single", "--until-settled"], &format!("{input}\n"));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains(&format!("Settled after {samples} of 400 samples: ")), "{text}");
    // Without the flag, every sample and no verdict.
    let full = run(&["single", "--json"], &format!("{input}\n"));
    let full = &stdout_lines(&full)[0];
    assert_eq!((&full["samples"], full.get("settled")), (&400.into(), None), "{full}");
}

#[test]
fn single_bad_requests_get_error_lines_with_codes() {
    let good = single_request(r#""known": {"W": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W""#, 5, 1);
    let cases = [
        (r#"{"known": {"X": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W", "samples": 5}"#, "unknown-seat"),
        (r#"{"known": {"W": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W", "samples": 0}"#, "bad-request"),
        // North plays a card West's known hand holds.
        (
            r#"{"known": {"W": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W", "played": ["SA", "SK"], "samples": 5}"#,
            "held-elsewhere",
        ),
        // West holds four spades: East cannot hold ten.
        (
            r#"{"known": {"W": "AKQJ.T98.765.432"}, "contract": "4S", "declarer": "S", "samples": 5,
                "constraints": {"E": {"S": [10, 13]}}}"#,
            "no-layout",
        ),
        (r#"{"known": {"W": "AKQJ.T98.765.432"}, "contract": "4S", "samples": 5}"#, "bad-request"),
        (r#"{"known": {"W": "AKQJ.T98.765.43"}, "trump": "NT", "leader": "W", "samples": 5}"#, "bad-request"),
        (r#"{"known": {"W": "AKQJ.T98.765.432"}, "trump": "NT", "leader": "W"}"#, "bad-request"),
        ("{not json", "syntax"),
    ];
    for (line, code) in cases {
        let out = run(&["single", "--json"], &format!("{good}\n{}\n", line.replace('\n', " ")));
        assert!(!out.status.success(), "{line}: exit status 0\n{}", explain(&out));
        let lines = stdout_lines(&out);
        assert_eq!(lines.len(), 2, "{line}: {}", explain(&out));
        assert_eq!(lines[0]["samples"], 5, "the good line is answered: {}", explain(&out));
        assert_eq!(lines[1]["code"], code, "{line}: {}", explain(&out));
        assert!(!lines[1]["error"].as_str().unwrap_or_default().is_empty(), "{}", explain(&out));
    }
}

/// The site's trace examples (`web/site/trace-examples.js`, a JSON array), by name.
fn trace_examples() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/site/trace-examples.js");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let start = text.find("= [").expect("an exported array") + 2;
    let end = text.rfind("];").expect("the array's end") + 1;
    serde_json::from_str(&text[start..end]).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

/// Every node of a trace's tree, parents first.
fn nodes(root: &Value) -> Vec<&Value> {
    let mut out = vec![root];
    for child in root["children"].as_array().into_iter().flatten() {
        out.extend(nodes(child));
    }
    out
}

#[test]
fn each_trace_example_teaches_what_its_text_says() {
    let examples = trace_examples();
    assert!(examples.len() >= 5);
    let input: String = examples.iter().map(|e| format!("{e}\n")).collect();
    let out = run(&["trace", "--json"], &input);
    assert!(out.status.success(), "{}", explain(&out));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), examples.len(), "{}", explain(&out));
    for (example, got) in examples.iter().zip(&lines) {
        let name = example["name"].as_str().unwrap();
        assert!(example["text"].as_str().is_some_and(|t| t.len() > 80), "{name}: a lesson");
        let deal = glasshand::pbn::parse_deal(example["deal"].as_str().unwrap()).unwrap();
        assert!(deal.size() <= 4, "{name}: at most 4 tricks");
        // The whole tree of one search, or of every search of a run.
        let roots: Vec<&Value> = match got["probes"].as_array() {
            Some(probes) => probes.iter().map(|p| &p["root"]).collect(),
            None => vec![&got["root"]],
        };
        let all: Vec<&Value> = roots.iter().flat_map(|r| nodes(r)).collect();
        match name {
            "A finesse, king onside" => {
                assert_eq!(got["holds"], true, "{name}: both tricks");
                // East's jack is a spot card here: skipped as the four.
                assert!(all.iter().any(|n| n["skipped"].to_string().contains(r#""card":"SJ","covered_by":"S4""#)));
            }
            "The same finesse, king offside" => {
                assert_eq!(got["holds"], false, "{name}: the king is behind the queen");
                let owners = &got["root"]["store"]["pattern"]["owners"][0];
                assert_eq!(owners, &serde_json::json!(["N", "E"]), "{name}: the stored pattern");
            }
            "A simple squeeze" => {
                assert_eq!(got["tricks"], 3, "{name}: South's side takes every trick");
                // The squeeze card decides the search that proves three tricks.
                let decided: Vec<&Value> = got["probes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|p| p["target"] == 3 && p["holds"] == true)
                    .map(|p| &p["root"]["decided_by"])
                    .collect();
                assert!(decided.contains(&&Value::from("CA")), "{name}: {decided:?}");
                assert!(all.iter().any(|n| n["skipped"].to_string().contains(r#""card":"SK","covered_by":"S3""#)));
            }
            "An endplay" => {
                assert_eq!(got["tricks"], 2, "{name}: North's side takes two");
                // The heart exit wins after the spade finesse failed.
                let first = &got["probes"][0]["root"];
                assert_eq!(first["decided_by"], "H3", "{name}");
                let tried: Vec<&Value> = first["children"].as_array().unwrap().iter().map(|c| &c["card"]).collect();
                assert_eq!(tried, [&Value::from("S2"), &Value::from("H3")], "{name}: the spade first");
            }
            "One entry, many layouts" => {
                assert_eq!(got["holds"], false, "{name}: not all four tricks");
                // An inner node is answered by an entry that another node of the same search
                // stored, for a position that is not its own.
                let ids: Vec<&Value> = all.iter().map(|n| &n["id"]).collect();
                let hit = all.iter().find(|n| {
                    let p = &n["probe"];
                    p["result"] == "cut" && ids.contains(&&p["stored_by"]) && n["card"].is_string()
                });
                let hit = hit.unwrap_or_else(|| panic!("{name}: no hit inside the search"));
                let stored_by = all.iter().find(|n| n["id"] == hit["probe"]["stored_by"]).unwrap();
                assert_ne!(stored_by["hands"], hit["hands"], "{name}: a different position");
                assert!(hit["probe"]["pattern"]["positions"].as_f64().unwrap() > 100.0, "{name}: many layouts");
            }
            _ => panic!("{name}: an example without a check"),
        }
    }
}

#[test]
fn trace_text_is_a_tree_and_big_positions_are_refused() {
    let input = r#"{"deal": "N:AQ... K4... 32... J5...", "trump": "NT", "leader": "S", "target": 2}"#;
    let out = run(&["trace"], input);
    assert!(out.status.success(), "{}", explain(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("One search: fails"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("    #2 S2: W to play")), "children indented: {text}");
    // The request's options reach its search: no table, no probes.
    let off = r#"{"deal": "N:AQ... K4... 32... J5...", "trump": "NT", "leader": "S", "options": {"tt": "off"}}"#;
    let out = run(&["trace"], off);
    assert!(out.status.success() && !String::from_utf8_lossy(&out.stdout).contains("table:"), "{}", explain(&out));
    let big = format!(
        r#"{{"deal": "{}", "trump": "S", "leader": "W"}}"#,
        "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962"
    );
    let out = run(&["trace", "--json"], &big);
    assert!(!out.status.success());
    assert_eq!(stdout_lines(&out)[0]["code"], "too-large-to-trace", "{}", explain(&out));
    let beyond = r#"{"deal": "N:AQ... K4... 32... J5...", "trump": "NT", "leader": "S", "target": 3}"#;
    let out = run(&["trace", "--json"], beyond);
    assert_eq!(stdout_lines(&out)[0]["code"], "bad-request", "{}", explain(&out));
}
