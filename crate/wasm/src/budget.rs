//! The memory budget of the wasm builds, as `wasm-pack.toml` [budget] states it (`build.rs`
//! reads it from there): the build flags, this facade and the JS API share that one statement.

/// Transposition-table megabytes per thread unless a request asks otherwise.
pub const TT_MEGABYTES: usize = parse(env!("GLASSHAND_TT_MEGABYTES"));

/// The most pool threads the JS API starts (`maxThreads()` in JS).
pub const MAX_THREADS: usize = parse(env!("GLASSHAND_MAX_THREADS"));

/// A decimal number at compile time (`build.rs` has checked the digits).
const fn parse(digits: &str) -> usize {
    let bytes = digits.as_bytes();
    let mut value = 0;
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i].is_ascii_digit(), "a budget entry is not a number");
        value = value * 10 + (bytes[i] - b'0') as usize;
        i += 1;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_read_from_wasm_pack_toml() {
        let settings = include_str!("../../../wasm-pack.toml");
        let stated = |key: &str| settings.lines().any(|line| line.split('#').next().unwrap().trim() == key);
        assert!(stated(&format!("tt-megabytes = {TT_MEGABYTES}")));
        assert!(stated(&format!("max-threads = {MAX_THREADS}")));
    }

    #[test]
    fn parse_reads_decimal_digits() {
        assert_eq!(parse("16"), 16);
        assert_eq!(parse("1024"), 1024);
    }
}
