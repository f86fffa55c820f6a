//! Par scores and contracts against DDS: the 700 random deals of `par.jsonl` (with their
//! tables from `tables.jsonl`) and every hand of DDS's own test files, whose `PAR` and
//! `PAR2` lines are checked against their `TABLE` line.

use glasshand::{dealer_par, par, DdTable, Seat, Strain, Vulnerability};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");

/// DDS's expectations for one deal.
struct Case {
    name: String,
    table: DdTable,
    dealer: Seat,
    vul: Vulnerability,
    /// `Par()`: NS score, EW score, NS contracts, EW contracts.
    par: [String; 4],
    dealer_score: i32,
    dealer_contracts: Vec<String>,
}

/// Compares our results with DDS's; returns a description of each difference.
fn check(case: &Case) -> Option<String> {
    let p = par(&case.table, case.vul);
    let got = [p.par_ns, p.par_ew, p.contracts_ns, p.contracts_ew];
    let dp = dealer_par(&case.table, case.dealer, case.vul);
    let score_ns: i32 = case.par[0].trim_start_matches("NS ").parse().unwrap();
    if got == case.par
        && p.score_ns == score_ns
        && dp.score_ns == case.dealer_score
        && dp.contracts == case.dealer_contracts
    {
        return None;
    }
    Some(format!(
        "{}: table {:?}, dealer {}, vul {}\n  Par: got {got:?}, want {:?}\n  DealerPar: got {} {:?}, want {} {:?}",
        case.name,
        case.table.tricks,
        case.dealer,
        case.vul.name(),
        case.par,
        dp.score_ns,
        dp.contracts,
        case.dealer_score,
        case.dealer_contracts,
    ))
}

fn check_all(cases: &[Case]) {
    let failures: Vec<String> = cases.iter().filter_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} of {} deals differ from DDS; the first ones:\n{}",
        failures.len(),
        cases.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_else(|| panic!("no {key} in {v}")).to_string()
}

/// The 700 random deals: tables from `tables.jsonl`, par from `par.jsonl`.
fn jsonl_cases() -> Vec<Case> {
    let tables = read(&Path::new(DATA).join("tables.jsonl"));
    let pars = read(&Path::new(DATA).join("par.jsonl"));
    let mut cases = Vec::new();
    for (i, (t, p)) in tables.lines().zip(pars.lines()).enumerate() {
        let t: Value = serde_json::from_str(t).unwrap();
        let p: Value = serde_json::from_str(p).unwrap();
        assert_eq!(t["deal"], p["deal"], "par.jsonl line {} is another deal", i + 1);
        let mut table = DdTable::default();
        for seat in Seat::ALL {
            for strain in Strain::ALL {
                let key = if strain == Strain::NoTrump { "NT" } else { strain.name() };
                let n = t["tricks"][seat.letter().to_string()][key].as_u64().unwrap();
                table.set(seat, strain, n as u8);
            }
        }
        let contracts = text(&p, "dealer_par_contracts");
        cases.push(Case {
            name: format!("par.jsonl line {} ({})", i + 1, text(&p, "deal")),
            table,
            dealer: Seat::parse(&text(&p, "dealer")).unwrap(),
            vul: Vulnerability::parse(&text(&p, "vulnerable")).unwrap(),
            par: ["par_ns", "par_ew", "contracts_ns", "contracts_ew"].map(|k| text(&p, k)),
            dealer_score: p["dealer_par_score_ns"].as_i64().unwrap() as i32,
            dealer_contracts: contracts.split(',').map(String::from).collect(),
        });
    }
    assert_eq!(cases.len(), 700);
    cases
}

/// The quoted fields of a `PAR`/`PAR2` line.
fn quoted(line: &str) -> Vec<String> {
    line.split('"').skip(1).step_by(2).map(String::from).collect()
}

/// Every hand of a DDS test file: 7 lines each, `PBN`, `FUT`, `TABLE`, `PAR`, `PAR2`, ...
fn dds_cases(path: &Path) -> Vec<Case> {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut cases = Vec::new();
    let mut fields: Option<(String, Seat, Vulnerability)> = None;
    let mut table = DdTable::default();
    let mut par_line = Vec::new();
    for line in read(path).lines() {
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        match tag {
            "PBN" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let dealer = Seat::from_index(words[0].parse().unwrap());
                // DDS numbers vulnerability None, Both, NS, EW.
                let vul = match words[1] {
                    "0" => Vulnerability::None,
                    "1" => Vulnerability::Both,
                    "2" => Vulnerability::NorthSouth,
                    "3" => Vulnerability::EastWest,
                    v => panic!("{file}: vulnerability {v}"),
                };
                let name = format!("{file} hand {} ({})", cases.len() + 1, quoted(line)[0]);
                fields = Some((name, dealer, vul));
            }
            "TABLE" => {
                // Strains S H D C NT, and within each strain seats N E S W.
                let n: Vec<u8> = rest.split_whitespace().map(|w| w.parse().unwrap()).collect();
                assert_eq!(n.len(), 20, "{file}: {line}");
                for strain in Strain::ALL {
                    for seat in Seat::ALL {
                        table.set(seat, strain, n[strain.index() * 4 + seat.index()]);
                    }
                }
            }
            "PAR" => par_line = quoted(line),
            "PAR2" => {
                let (name, dealer, vul) = fields.take().expect("PAR2 before PBN");
                let q = quoted(line);
                assert_eq!(par_line.len(), 4, "{name}: PAR line");
                cases.push(Case {
                    name,
                    table,
                    dealer,
                    vul,
                    par: std::mem::take(&mut par_line).try_into().unwrap(),
                    dealer_score: q[0].parse().unwrap(),
                    dealer_contracts: q[1..].to_vec(),
                });
            }
            _ => {}
        }
    }
    cases
}

/// `list*.txt`, `largest.txt` and `thomas*.txt`.
fn dds_files() -> Vec<PathBuf> {
    let dir = Path::new(DATA).join("dds-hands");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".txt") && (name.starts_with("list") || name.starts_with("thomas") || name == "largest.txt")
        })
        .collect();
    files.sort();
    files
}

#[test]
fn random_deals_match_dds() {
    check_all(&jsonl_cases());
}

#[test]
fn dds_test_hands_match_dds() {
    let files = dds_files();
    assert_eq!(files.len(), 9, "expected 6 list files, largest and 2 thomas files");
    let mut cases = Vec::new();
    for file in &files {
        let found = dds_cases(file);
        // Each file states its number of hands on its first line.
        let first = read(file).lines().next().unwrap_or_default().to_string();
        let number: usize = first.trim_start_matches("NUMBER").trim().parse().unwrap();
        assert_eq!(found.len(), number, "{}: hands read", file.display());
        cases.extend(found);
    }
    assert_eq!(cases.len(), 1436);
    check_all(&cases);
}
