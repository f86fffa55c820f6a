//! Reads the memory budget of the wasm builds from `wasm-pack.toml` [budget], the one place it
//! is written, and writes what the facade needs as constants to `$OUT_DIR/budget.rs` (the
//! facade's `budget` module includes it).

use std::path::Path;

const SETTINGS: &str = "../../wasm-pack.toml";

fn main() {
    println!("cargo:rerun-if-changed={SETTINGS}");
    let path = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join(SETTINGS);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut constants = String::new();
    for (key, name, doc) in [
        ("tt-megabytes", "TT_MEGABYTES", "Transposition-table megabytes per thread unless a request asks otherwise."),
        ("max-threads", "MAX_THREADS", "The most pool threads the JS API starts (`maxThreads()` in JS)."),
    ] {
        let value = budget_entry(&text, key).unwrap_or_else(|message| panic!("{}: {message}", path.display()));
        constants += &format!("/// {doc}\npub const {name}: usize = {value};\n");
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("budget.rs");
    std::fs::write(&out, constants).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
}

/// The positive integer `key = N` of the `[budget]` table (a TOML subset: one entry a line,
/// `#` comments).
fn budget_entry(text: &str, key: &str) -> Result<usize, String> {
    let mut in_budget = false;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.starts_with('[') {
            in_budget = line == "[budget]";
            continue;
        }
        match line.split_once('=') {
            Some((name, value)) if in_budget && name.trim() == key => {
                return match value.trim().parse() {
                    Ok(n) if n > 0 => Ok(n),
                    _ => Err(format!("[budget] {key} = {} is not a positive integer", value.trim())),
                };
            }
            _ => {}
        }
    }
    Err(format!("[budget] has no {key}"))
}
