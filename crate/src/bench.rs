//! The bench signature: the node count of the DD tables of a fixed deal list on one thread
//! with a fresh solver (`glasshand bench`). Any change to the search changes it; a refactor
//! must not. The wasm builds print the same number.

pub use crate::task::bench::{signature, DEALS};
