//! The memory budget of the wasm builds, as `wasm-pack.toml` [budget] states it (`build.rs`
//! reads it from there): the build flags, this facade and the JS API share that one statement.

include!(concat!(env!("OUT_DIR"), "/budget.rs"));

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
}
