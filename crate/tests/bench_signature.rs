//! The bench signature, pinned: the node count of the bench deals' tables on one fresh
//! solver. A refactor must leave it alone; a change to the search updates it here, in the
//! commit that says `Bench: <nodes>`. The browser tests check that both wasm builds print the
//! same number as the native build.

use glasshand::{bench, Config};

const SIGNATURE: u64 = 3_270_708;

#[test]
fn the_bench_signature_is_the_pinned_one() {
    let mut per_deal = Vec::new();
    let nodes = bench::signature(&Config::default(), &mut |_, n| per_deal.push(n)).expect("no stop flag");
    assert_eq!(per_deal.len(), bench::DEALS.len());
    assert_eq!(per_deal.iter().sum::<u64>(), nodes);
    assert_eq!(
        nodes, SIGNATURE,
        "the search changed: if on purpose, pin the new signature here and end the commit message with `Bench: {nodes}`"
    );
}
