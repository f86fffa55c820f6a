//! Reads the memory budget of the wasm builds from `wasm-pack.toml` [budget], the one place it
//! is written, and hands the facade what it needs as `GLASSHAND_TT_MEGABYTES` and
//! `GLASSHAND_MAX_THREADS` (see `src/budget.rs`).

use std::path::Path;

const SETTINGS: &str = "../../wasm-pack.toml";

fn main() {
    println!("cargo:rerun-if-changed={SETTINGS}");
    let path = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join(SETTINGS);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    for (key, var) in [("tt-megabytes", "GLASSHAND_TT_MEGABYTES"), ("max-threads", "GLASSHAND_MAX_THREADS")] {
        match budget_entry(&text, key) {
            Ok(value) => println!("cargo:rustc-env={var}={value}"),
            Err(message) => panic!("{}: {message}", path.display()),
        }
    }
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
