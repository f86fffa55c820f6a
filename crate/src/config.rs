//! The solver's settings: memory and the switches of the teaching site's ablation.

use std::fmt;
use std::str::FromStr;

/// Which transposition table the search uses: the rungs of the teaching site's ablation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TtMode {
    Off,
    /// Same cards in the same hands.
    Exact,
    /// Same layout of relative ranks.
    Relative,
    /// Same owners of the active cards only (Ginsberg's partition search).
    Partition,
}

impl TtMode {
    pub const ALL: [TtMode; 4] = [TtMode::Off, TtMode::Exact, TtMode::Relative, TtMode::Partition];

    pub fn name(self) -> &'static str {
        ["off", "exact", "relative", "partition"][self as usize]
    }
}

impl fmt::Display for TtMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TtMode {
    type Err = String;

    /// The names in any case.
    fn from_str(s: &str) -> Result<TtMode, String> {
        TtMode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown tt mode '{s}' (use off, exact, relative or partition)"))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Config {
    /// The most memory for the transposition table of one solver (one per thread): it
    /// starts at 32 MB (or this, if smaller) and doubles only when full.
    pub tt_megabytes: usize,
    #[cfg_attr(feature = "serde", serde(rename = "tt"))]
    pub tt_mode: TtMode,
    pub quick_tricks: bool,
    pub move_ordering: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config { tt_megabytes: 1024, tt_mode: TtMode::Partition, quick_tricks: true, move_ordering: true }
    }
}
