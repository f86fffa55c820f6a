//! The trace of the search: on random endings of 1 to 4 tricks its values are the solver's,
//! its node counts are `inspect`'s, and its tree is consistent (each node's value follows
//! from its children's or from its cut-off, each table hit names an earlier store with the
//! same pattern). Larger positions are refused, and the ablation switches change the tree.

mod common;

use common::*;
use glasshand::schema::{Kind, Output, Request};
use glasshand::{task, Config, CutRule, Position, Solver, Step, Trace, TraceNode, TtMode, TtProbe};
use std::collections::HashMap;

/// The positions of the property tests: random endings and tight ones, 1 to 4 tricks, with
/// 0 to 3 cards already played to the current trick.
fn positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let n = 1 + i % 4;
            let deal = if i % 2 == 0 { random_ending(&mut rng, n) } else { random_tight_ending(&mut rng, n) };
            let played = rng.below(4);
            random_position(&mut rng, deal, played)
        })
        .collect()
}

/// `inspect`'s node count for a cold solve, through the task as the front ends run it.
fn inspect_nodes(pos: &Position, config: Config) -> u64 {
    let json = format!(
        r#"{{"deal": "{}", "trump": "{}", "leader": "{}", "trick": [{}], "options": {{"fresh": true}}}}"#,
        pos.deal().to_pbn(),
        pos.strain(),
        pos.leader(),
        pos.trick().iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ")
    );
    let request = Request::deserialize(Kind::Inspect, &mut serde_json::Deserializer::from_str(&json)).unwrap();
    let out = task::run(request.task().unwrap(), &mut Solver::new(config), &mut |_| {}).unwrap();
    let Output::Inspect(out) = out else { panic!("not an inspection") };
    out.total.nodes
}

/// A child's bound as its parent counts it: the trick the child's card completed included.
fn bound_from_parent(child: &TraceNode) -> i32 {
    child.bound as i32 + child.trick_won_by.is_some_and(|w| w.is_ns()) as i32
}

/// Every node's value follows from its cut-off, its table answer or its children; every
/// table hit names a node that stored the same pattern before.
fn check_tree(trace: &Trace, left: u32, what: &str) {
    // Nodes by id, in the order they were entered, across the probes of a run.
    let mut by_id: HashMap<u32, &TraceNode> = HashMap::new();
    let mut last_id = 0;
    for probe in &trace.probes {
        assert_eq!(probe.root.counted_nodes(), probe.nodes, "{what}: the tree holds the searched nodes");
        for node in probe.root.walk() {
            assert!(node.id > last_id || by_id.is_empty(), "{what}: ids in the order nodes are entered");
            last_id = last_id.max(node.id);
            by_id.insert(node.id, node);
        }
    }
    for probe in &trace.probes {
        for node in probe.root.walk() {
            check_node(node, &by_id, left, what);
        }
    }
}

fn check_node(node: &TraceNode, by_id: &HashMap<u32, &TraceNode>, left: u32, what: &str) {
    let what = format!("{what}, node {}", node.id);
    let target = node.target_ns as i32;
    let bound = node.bound as i32;
    // The tricks left from the start of the node's trick: the hand of the seat to move
    // still holds its card of the current trick.
    let node_left = node.hands[node.to_move.index()].len() as i32;
    assert!(node_left as u32 <= left, "{what}");
    if node.reached {
        assert!(bound >= target && bound <= node_left, "{what}: a lower bound that reaches the target");
    } else {
        assert!(bound < target, "{what}: an upper bound below the target");
    }
    for child in &node.children {
        let won = child.trick_won_by.is_some_and(|w| w.is_ns()) as i32;
        assert_eq!(child.target_ns as i32, target - won, "{what}: the child's target");
        if let Some(winner) = child.trick_won_by {
            assert_eq!((child.leader, child.trick.len()), (winner, 0), "{what}: the winner leads next");
        }
    }
    if let Some(cut) = &node.cut {
        assert!(node.children.is_empty() && node.store.is_none(), "{what}: a cut ends the node: {node:?}");
        // Only a suit run comes after the table (step 6), which did not decide.
        let probed = matches!(node.probe, Some(TtProbe::Miss | TtProbe::Hit { .. }));
        assert!(node.probe.is_none() || probed && cut.rule == CutRule::SuitRun, "{what}: {node:?}");
        if cut.rule == CutRule::Count {
            assert!(target <= 0 || target > node_left, "{what}: the count alone decides");
            assert_eq!((node.reached, bound), if target <= 0 { (true, 0) } else { (false, node_left) }, "{what}");
        }
        if cut.rule == CutRule::LastTrick {
            assert_eq!(node_left, 1, "{what}: the last trick");
        }
        return;
    }
    if let Some(TtProbe::Cut { reached, bound: b, lower, upper, pattern, stored_by }) = &node.probe {
        assert!(node.children.is_empty(), "{what}: a table cut-off searches nothing");
        assert_eq!((node.reached, node.bound), (*reached, *b), "{what}: the table's answer");
        let id = stored_by.unwrap_or_else(|| panic!("{what}: a hit on a fresh table names its store"));
        assert!(id < node.id, "{what}: the store came first");
        let stored = by_id[&id].store.as_ref().unwrap_or_else(|| panic!("{what}: node {id} stored"));
        assert_eq!((Some(stored.lower), Some(stored.upper)), (*lower, *upper), "{what}: the stored bounds");
        assert_eq!((&stored.pattern.top, &stored.pattern.owners), (&pattern.top, &pattern.owners), "{what}");
        // The entry decides the target: at least `lower` reaches it, or at most `upper` falls short.
        assert!(if *reached { stored.lower as i32 >= target } else { (stored.upper as i32) < target }, "{what}");
        return;
    }
    if let Some(TtProbe::Hit { matched }) = &node.probe {
        assert!(!matched.is_empty(), "{what}: a hit names the entries it matched");
        for id in matched {
            let stored = by_id[id].store.as_ref().unwrap_or_else(|| panic!("{what}: node {id} stored"));
            assert!((stored.lower as i32) < target && stored.upper as i32 >= target, "{what}: undecided");
        }
    }
    assert!(!node.children.is_empty(), "{what}: a node neither cut nor searched");
    let maximizing = node.to_move.is_ns();
    let bounds: Vec<i32> = node.children.iter().map(bound_from_parent).collect();
    match node.decided_by {
        Some(card) => {
            let last = node.children.last().unwrap();
            assert_eq!(last.card, Some(card), "{what}: the deciding card is the last tried");
            assert_eq!(last.reached, maximizing, "{what}: the deciding card reaches the mover's goal");
            assert_eq!((node.reached, bound), (last.reached, bound_from_parent(last)), "{what}");
            assert!(node.children[..node.children.len() - 1].iter().all(|c| c.reached != maximizing), "{what}");
        }
        None => {
            assert!(node.children.iter().all(|c| c.reached != maximizing), "{what}: every card failed");
            assert_eq!(node.reached, !maximizing, "{what}");
            // The weakest of the failures' bounds: the best the mover can hope for.
            let weakest = if maximizing { bounds.iter().copied().max() } else { bounds.iter().copied().min() };
            assert_eq!(Some(bound), weakest, "{what}: the weakest failure's bound");
        }
    }
    for skipped in &node.skipped {
        let covering = skipped.covered_by.unwrap_or_else(|| panic!("{what}: {} skipped by no card", skipped.card));
        assert_eq!(covering.suit(), skipped.card.suit(), "{what}: covered within its suit");
        let failed = node.children.iter().find(|c| c.card == Some(covering));
        assert!(failed.is_some_and(|c| c.reached != maximizing), "{what}: the covering card failed before");
    }
    if let Some(stored) = &node.store {
        let expected = if node.reached { (node.bound, node_left as u8) } else { (0, node.bound) };
        assert_eq!((stored.lower, stored.upper), expected, "{what}: the stored bounds are the node's");
    }
}

#[test]
fn a_run_gives_the_solvers_value_and_inspects_nodes() {
    let count = trials(400, 60);
    for (i, pos) in positions(41, count).into_iter().enumerate() {
        let what = format!("position {i} ({} {} {:?})", pos.deal().to_pbn(), pos.strain(), pos.trick());
        let trace = Solver::new(Config::default()).trace(&pos, None).unwrap();
        let tricks = Solver::new(Config::default()).solve(&pos).unwrap();
        assert_eq!(trace.tricks, Some(tricks), "{what}");
        assert_eq!(trace.nodes(), inspect_nodes(&pos, Config::default()), "{what}: inspect's nodes");
        // MTD(f)'s part is `value_ns` from a fresh solver.
        let mut solver = Solver::new(Config::default());
        solver.value_ns(&pos, None).unwrap();
        let mtdf: u64 = trace.probes.iter().filter(|p| p.step == Step::Mtdf).map(|p| p.nodes).sum();
        assert_eq!(mtdf, solver.stats().nodes(), "{what}: value_ns's nodes");
        // The proof probes are one at the value and one above it (unless it is every trick).
        let proofs: Vec<_> = trace.probes.iter().filter(|p| p.step == Step::Proof).map(|p| p.root.reached).collect();
        assert!(proofs == [true, false] || proofs == [true], "{what}: {proofs:?}");
        check_tree(&trace, pos.tricks_left(), &what);
    }
}

#[test]
fn one_search_holds_exactly_up_to_the_value() {
    let count = trials(300, 40);
    let mut skipped = 0;
    let mut hits = 0;
    for (i, pos) in positions(7, count).into_iter().enumerate() {
        let what = format!("position {i} ({} {} {:?})", pos.deal().to_pbn(), pos.strain(), pos.trick());
        let tricks = Solver::new(Config::default()).solve(&pos).unwrap();
        for target in 0..=pos.tricks_left() as u8 {
            let trace = Solver::new(Config::default()).trace(&pos, Some(target)).unwrap();
            assert_eq!(trace.tricks, None);
            assert_eq!(trace.probes.len(), 1, "{what}");
            assert_eq!(trace.probes[0].holds, tricks >= target, "{what}: target {target}");
            check_tree(&trace, pos.tricks_left(), &format!("{what}, target {target}"));
            for node in trace.probes[0].root.walk() {
                skipped += node.skipped.len();
                hits += matches!(node.probe, Some(TtProbe::Cut { .. })) as usize;
            }
        }
    }
    // The checks above looked at covered cards and table hits, not only at plain nodes.
    assert!(skipped > 0 && hits > 0, "skipped {skipped}, hits {hits}");
}

#[test]
fn rule_names_are_those_json_writes() {
    let rules = [
        CutRule::Count,
        CutRule::LastTrick,
        CutRule::QuickTricksNs,
        CutRule::QuickTricksEw,
        CutRule::LeaderLoses,
        CutRule::SuitRun,
        CutRule::SecondHandWins,
    ];
    for rule in rules {
        assert_eq!(serde_json::to_value(rule).unwrap(), rule.name());
    }
}

#[test]
fn more_than_four_tricks_are_refused() {
    let mut rng = Rng::new(5);
    let deal = random_ending(&mut rng, 5);
    let pos = random_position(&mut rng, deal, 0);
    let err = Solver::new(Config::default()).trace(&pos, None).unwrap_err();
    assert_eq!(err.code(), "too-large-to-trace");
    let deal = random_ending(&mut rng, 5);
    let pos = random_position(&mut rng, deal, 2);
    assert_eq!(Solver::new(Config::default()).trace(&pos, Some(1)).unwrap_err().code(), "too-large-to-trace");
}

#[test]
fn the_ablation_switches_change_the_tree() {
    let all = |trace: &Trace| -> Vec<TraceNode> {
        trace.probes.iter().flat_map(|p| p.root.walk().into_iter().cloned().collect::<Vec<_>>()).collect()
    };
    let (mut grew_without_tt, mut grew_without_quick) = (0, 0);
    let cases = positions(99, trials(120, 30));
    for pos in &cases {
        let full = Solver::new(Config::default()).trace(pos, None).unwrap();
        let off = Config { tt_mode: TtMode::Off, ..Config::default() };
        let no_tt = Solver::new(off).trace(pos, None).unwrap();
        assert!(all(&no_tt).iter().all(|n| n.probe.is_none() && n.store.is_none()), "no table: no probes");
        assert_eq!(no_tt.tricks, full.tricks);
        assert_eq!(no_tt.nodes(), inspect_nodes(pos, off));
        grew_without_tt += (no_tt.nodes() > full.nodes()) as usize;
        let slow = Config { quick_tricks: false, ..Config::default() };
        let no_quick = Solver::new(slow).trace(pos, None).unwrap();
        let rules = [CutRule::Count, CutRule::LastTrick];
        assert!(all(&no_quick).iter().all(|n| n.cut.as_ref().map_or(true, |c| rules.contains(&c.rule))));
        assert_eq!(no_quick.tricks, full.tricks);
        grew_without_quick += (no_quick.nodes() > full.nodes()) as usize;
        // Without partition search no entry stands for more than its own position.
        let exact = Solver::new(Config { tt_mode: TtMode::Exact, ..Config::default() }).trace(pos, None).unwrap();
        for node in all(&exact) {
            if let Some(TtProbe::Cut { pattern, .. }) = &node.probe {
                assert_eq!(pattern.positions, 1.0);
            }
        }
        check_tree(&no_tt, pos.tricks_left(), "no table");
        check_tree(&no_quick, pos.tricks_left(), "no quick tricks");
        check_tree(&exact, pos.tricks_left(), "exact table");
    }
    assert!(grew_without_tt > cases.len() / 4, "{grew_without_tt} of {} grew without the table", cases.len());
    assert!(grew_without_quick > cases.len() / 4, "{grew_without_quick} of {} grew", cases.len());
}

/// Layouts of `cards` (one suit) among the hands that keep each hand's count of them, by
/// trying every owner for every card.
fn layouts_by_enumeration(cards: &[glasshand::Card], counts: [u32; 4]) -> u64 {
    let n = cards.len() as u32;
    (0..4u64.pow(n))
        .filter(|&code| {
            let mut got = [0u32; 4];
            for i in 0..n {
                got[(code / 4u64.pow(i) % 4) as usize] += 1;
            }
            got == counts
        })
        .count() as u64
}

#[test]
fn a_pattern_names_the_top_cards_and_counts_the_layouts_of_the_rest() {
    let mut checked = 0;
    for pos in positions(3, trials(150, 30)) {
        let trace = Solver::new(Config::default()).trace(&pos, None).unwrap();
        for node in trace.probes.iter().flat_map(|p| p.root.walk()) {
            let Some(stored) = &node.store else { continue };
            let pattern = &stored.pattern;
            let mut layouts = 1u64;
            for suit in glasshand::Suit::ALL {
                let s = suit.index();
                // The top `k` cards of the suit still in the hands, highest first, and who holds them.
                let mut in_play: Vec<(glasshand::Card, usize)> =
                    (0..4).flat_map(|h| node.hands[h].in_suit(suit).iter().map(move |c| (c, h))).collect();
                in_play.sort_by_key(|&(c, _)| std::cmp::Reverse(c.rank()));
                let (top, rest) = in_play.split_at(pattern.top[s] as usize);
                let owners: Vec<glasshand::Seat> = top.iter().map(|&(_, h)| glasshand::Seat::ALL[h]).collect();
                assert_eq!(pattern.owners[s], owners, "suit {suit:?} of node {}", node.id);
                assert!(top.iter().all(|&(c, _)| pattern.cards.contains(c)));
                let mut counts = [0u32; 4];
                for &(_, h) in rest {
                    counts[h] += 1;
                }
                let cards: Vec<glasshand::Card> = rest.iter().map(|&(c, _)| c).collect();
                layouts *= layouts_by_enumeration(&cards, counts);
            }
            assert_eq!(pattern.positions, layouts as f64, "node {}", node.id);
            checked += (layouts > 1) as usize;
        }
    }
    assert!(checked > 20, "{checked} patterns with more than one layout");
}
