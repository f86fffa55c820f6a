//! Exact suit play: published figures (SuitPlay, the Encyclopedia), a brute-force reference
//! on small holdings, and the answer's invariants.

use glasshand::{SuitAnalysis, SuitPlay, Vacant};

fn analyse(north: &str, south: &str) -> SuitAnalysis {
    SuitPlay::new(north, south, Vacant::default()).unwrap().analyse(None).unwrap()
}

fn chance(a: &SuitAnalysis, tricks: u8) -> f64 {
    a.targets[tricks as usize - 1].probability
}

/// `value` printed to `digits` decimals is `printed`.
fn prints_as(value: f64, digits: i32, printed: f64) -> bool {
    let scale = 10f64.powi(digits);
    (value * scale).round() == (printed * scale).round()
}

#[test]
fn published_figures() {
    let cases: [(&str, &str, u8, f64, i32); 7] = [
        ("AQ", "xx", 2, 50.0, 0),
        ("AKQxx", "xxx", 5, 67.8, 1),
        ("AK987x", "Jx", 5, 88.0, 0),
        ("AQ98x", "Jx", 4, 71.0, 0),
        ("A1042", "953", 2, 58.0, 0),
        ("AKxx", "J98", 4, 8.0, 0),
        ("AKQ10", "x", 4, 50.0, 0),
    ];
    for (north, south, tricks, percent, digits) in cases {
        let a = analyse(north, south);
        let got = 100.0 * chance(&a, tricks);
        assert!(prints_as(got, digits, percent), "{north} / {south}, {tricks} tricks: {got:.3}%, published {percent}%");
    }
    let a = analyse("AKxx", "J98");
    assert!(prints_as(a.average.tricks, 4, 2.8537), "AKxx / J98 average {}", a.average.tricks);
}

#[test]
fn more_published_figures() {
    let a = analyse("AQ1096", "87xx");
    assert!(prints_as(100.0 * chance(&a, 4), 0, 83.0) && prints_as(100.0 * chance(&a, 5), 0, 27.0), "AQ1096 / 87xx");
    let a = analyse("A9xxx", "K10xx");
    assert!(prints_as(100.0 * chance(&a, 5), 0, 46.0), "A9xxx / K10xx: {}", chance(&a, 5));
    assert!(prints_as(a.average.tricks, 2, 4.42), "A9xxx / K10xx average {}", a.average.tricks);
    let a = analyse("K1084", "Q32");
    assert!(prints_as(a.average.tricks, 2, 2.12), "K1084 / Q32 average {}", a.average.tricks);
}

/// The brute-force reference: plain card layouts (West's set of the missing cards), every
/// card of declarer's a separate choice, vectors over every card layout (zero where the
/// layout no longer fits what declarer saw), defenders taking the least over their cards.
mod reference {
    use std::collections::HashMap;

    /// North's and South's cards, the cards West and East have played, their show-outs.
    type Key = (u16, u16, u16, u16, bool, bool);

    pub struct Game {
        pub missing: u16,
        /// West's cards in each layout of nonzero probability, and its probability.
        pub layouts: Vec<(u16, f64)>,
        memo: HashMap<Key, Vec<Vec<u8>>>,
        /// Trick starts left to solve before the reference gives up on the holding.
        budget: usize,
    }

    fn binomial(n: i64, k: i64) -> f64 {
        if k < 0 || k > n {
            return 0.0;
        }
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    }

    fn bits(set: u16) -> impl Iterator<Item = u16> {
        (0..13).filter(move |r| set >> r & 1 == 1).map(|r| 1u16 << r)
    }

    #[derive(Clone, Copy)]
    struct Seen {
        north: u16,
        south: u16,
        west_played: u16,
        east_played: u16,
        west_void: bool,
        east_void: bool,
    }

    impl Game {
        pub fn new(north: u16, south: u16, west_vacant: i64, east_vacant: i64) -> Game {
            let missing = 0x1fff & !(north | south);
            let m = missing.count_ones() as i64;
            let mut layouts = Vec::new();
            for west in 0..=0x1fffu16 {
                if west & !missing != 0 {
                    continue;
                }
                let w = west.count_ones() as i64;
                let p = binomial(west_vacant + east_vacant - m, west_vacant - w)
                    / binomial(west_vacant + east_vacant, west_vacant);
                if p > 0.0 {
                    layouts.push((west, p));
                }
            }
            Game { missing, layouts, memo: HashMap::new(), budget: 20_000 }
        }

        fn fits(&self, seen: &Seen, west: u16) -> bool {
            let east = self.missing & !west;
            west & seen.west_played == seen.west_played
                && east & seen.east_played == seen.east_played
                && (!seen.west_void || west == seen.west_played)
                && (!seen.east_void || east == seen.east_played)
        }

        /// Every strategy's vector (dominated ones dropped), or `None` if the holding is too
        /// big for the reference.
        pub fn front(&mut self, north: u16, south: u16) -> Option<Vec<Vec<u8>>> {
            let seen = Seen { north, south, west_played: 0, east_played: 0, west_void: false, east_void: false };
            let front = self.trick(seen);
            (self.budget > 0).then_some(front)
        }

        fn trick(&mut self, seen: Seen) -> Vec<Vec<u8>> {
            let key = (seen.north, seen.south, seen.west_played, seen.east_played, seen.west_void, seen.east_void);
            if let Some(v) = self.memo.get(&key) {
                return v.clone();
            }
            if self.budget == 0 {
                return vec![vec![0; self.layouts.len()]];
            }
            self.budget -= 1;
            let result = if seen.north | seen.south == 0 {
                vec![vec![0; self.layouts.len()]]
            } else {
                let mut all = Vec::new();
                for from_north in [true, false] {
                    let hand = if from_north { seen.north } else { seen.south };
                    for card in bits(hand) {
                        let mut s = seen;
                        if from_north {
                            s.north &= !card
                        } else {
                            s.south &= !card
                        }
                        all.extend(self.defender(s, from_north, card, 0, 1));
                    }
                }
                prune(all)
            };
            self.memo.insert(key, result.clone());
            result
        }

        /// A defender's turn: `step` 1 is second hand, 3 fourth hand.
        fn defender(&mut self, seen: Seen, north_led: bool, ns: u16, defence: u16, step: u8) -> Vec<Vec<u8>> {
            // After North's lead East plays second, West fourth; after South's the reverse.
            let west = north_led == (step == 3);
            let consistent: Vec<usize> =
                (0..self.layouts.len()).filter(|&l| self.fits(&seen, self.layouts[l].0)).collect();
            // The cards he may show, each with its layouts (0 stands for a void).
            let mut options: Vec<(u16, Vec<usize>)> = Vec::new();
            for &l in &consistent {
                let held = if west { self.layouts[l].0 } else { self.missing & !self.layouts[l].0 };
                let left = held & !(if west { seen.west_played } else { seen.east_played });
                let cards: Vec<u16> = if left == 0 { vec![0] } else { bits(left).collect() };
                for c in cards {
                    match options.iter_mut().find(|(o, _)| *o == c) {
                        Some((_, ls)) => ls.push(l),
                        None => options.push((c, vec![l])),
                    }
                }
            }
            let mut partial = vec![vec![u8::MAX; self.layouts.len()]];
            for (card, layouts) in options {
                let mut s = seen;
                match (west, card) {
                    (true, 0) => s.west_void = true,
                    (false, 0) => s.east_void = true,
                    (true, c) => s.west_played |= c,
                    (false, c) => s.east_played |= c,
                }
                let children = if step == 1 {
                    self.third_hand(s, north_led, ns, defence | card)
                } else {
                    let won = u8::from(ns > defence | card);
                    self.trick(s).into_iter().map(|v| v.iter().map(|x| x + won).collect()).collect()
                };
                let mut next = Vec::new();
                for p in &partial {
                    for c in &children {
                        let mut v = p.clone();
                        for &l in &layouts {
                            v[l] = v[l].min(c[l]);
                        }
                        next.push(v);
                    }
                }
                partial = prune(next);
            }
            // Layouts that no longer fit carry 0, as in every other vector of this node.
            let mut fits = vec![false; self.layouts.len()];
            consistent.iter().for_each(|&l| fits[l] = true);
            for v in &mut partial {
                v.iter_mut().zip(&fits).filter(|(_, f)| !**f).for_each(|(x, _)| *x = 0);
            }
            prune(partial)
        }

        fn third_hand(&mut self, seen: Seen, north_led: bool, ns: u16, defence: u16) -> Vec<Vec<u8>> {
            let partner = if north_led { seen.south } else { seen.north };
            if partner == 0 {
                return self.defender(seen, north_led, ns, defence, 3);
            }
            let mut all = Vec::new();
            for card in bits(partner) {
                let mut s = seen;
                if north_led {
                    s.south &= !card
                } else {
                    s.north &= !card
                }
                // Only the higher North-South card matters for who wins.
                all.extend(self.defender(s, north_led, ns.max(card), defence, 3));
            }
            prune(all)
        }

        /// Per card layout: the most tricks with every card in view.
        pub fn double_dummy(&self, north: u16, south: u16, west: u16) -> u8 {
            fn go(n: u16, s: u16, w: u16, e: u16) -> u8 {
                if n | s == 0 {
                    return 0;
                }
                let follow = |hand: u16| -> Vec<u16> {
                    if hand == 0 {
                        vec![0]
                    } else {
                        bits(hand).collect()
                    }
                };
                let mut best = 0;
                for north_led in [true, false] {
                    let (lead_hand, partner, second, fourth) = if north_led { (n, s, e, w) } else { (s, n, w, e) };
                    for lead in bits(lead_hand) {
                        let worst_second = follow(second)
                            .into_iter()
                            .map(|c2| {
                                follow(partner)
                                    .into_iter()
                                    .map(|c3| {
                                        follow(fourth)
                                            .into_iter()
                                            .map(|c4| {
                                                let won = u8::from(lead.max(c3) > c2.max(c4));
                                                let (l2, p2) = (lead_hand & !lead, partner & !c3);
                                                let (n2, s2) = if north_led { (l2, p2) } else { (p2, l2) };
                                                let (sec2, four2) = (second & !c2, fourth & !c4);
                                                let (w2, e2) = if north_led { (four2, sec2) } else { (sec2, four2) };
                                                won + go(n2, s2, w2, e2)
                                            })
                                            .min()
                                            .unwrap()
                                    })
                                    .max()
                                    .unwrap()
                            })
                            .min()
                            .unwrap();
                        best = best.max(worst_second);
                    }
                }
                best
            }
            go(north, south, west, self.missing & !west)
        }
    }

    fn prune(mut all: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        // Greatest sum first: a vector can only be dominated by one kept before it.
        all.sort_by_key(|v| std::cmp::Reverse(v.iter().map(|&x| u32::from(x)).sum::<u32>()));
        let mut kept: Vec<Vec<u8>> = Vec::new();
        for v in all {
            if !kept.iter().any(|k| k.iter().zip(&v).all(|(a, b)| a >= b)) {
                kept.push(v);
            }
        }
        kept
    }
}

fn ranks(set: u16) -> String {
    const LETTERS: &[u8] = b"23456789TJQKA";
    (0..13).rev().filter(|r| set >> r & 1 == 1).map(|r| LETTERS[r] as char).collect()
}

#[test]
fn brute_force_agrees_on_random_small_holdings() {
    let mut rng = glasshand::rng::Rng::new(2026);
    let (mut checked, mut skipped) = (0, 0);
    while checked < 16 {
        // Three to six missing cards: the plain card layouts stay few.
        let (ns_cards, max_hand) = (7 + rng.below(4), 5);
        let mut deck: Vec<u16> = (0..13).collect();
        rng.shuffle(&mut deck);
        let (mut north, mut south) = (0u16, 0u16);
        for &r in &deck[..ns_cards as usize] {
            if rng.below(2) == 0 {
                north |= 1 << r
            } else {
                south |= 1 << r
            }
        }
        if north.count_ones() > max_hand || south.count_ones() > max_hand {
            continue;
        }
        let missing = 13 - ns_cards as i64;
        let (west_vacant, east_vacant) =
            if rng.below(3) == 0 { (13, 13) } else { (13 - rng.below(5) as i64, 13 - rng.below(5) as i64) };
        if west_vacant + east_vacant < missing {
            continue;
        }
        let (n, s) = (ranks(north), ranks(south));
        let vacant = Vacant { west: west_vacant as u8, east: east_vacant as u8 };
        let fast = SuitPlay::new(&n, &s, vacant).unwrap().analyse(None).unwrap();
        let start = std::time::Instant::now();
        let mut game = reference::Game::new(north, south, west_vacant, east_vacant);
        let Some(front) = game.front(north, south) else {
            eprintln!("{n} / {s}: too big for the reference");
            skipped += 1;
            continue;
        };
        let weights: Vec<f64> = game.layouts.iter().map(|l| l.1).collect();
        let best = |score: &dyn Fn(&[u8]) -> f64| front.iter().map(|v| score(v)).fold(f64::MIN, f64::max);
        for target in &fast.targets {
            let want = best(&|v| v.iter().zip(&weights).filter(|(&x, _)| x >= target.tricks).map(|(_, w)| w).sum());
            assert!((target.probability - want).abs() < 1e-9, "{n} / {s} {vacant:?}, {} tricks", target.tricks);
        }
        let want = best(&|v| v.iter().zip(&weights).map(|(&x, w)| f64::from(x) * w).sum());
        assert!((fast.average.tricks - want).abs() < 1e-9, "{n} / {s} {vacant:?}: average");
        assert_eq!(fast.splits.len(), game.layouts.len());
        for split in &fast.splits {
            let west = game.layouts.iter().find(|l| ranks(l.0) == split.west.trim_matches('-')).unwrap();
            assert!((split.probability - west.1).abs() < 1e-12);
            assert_eq!(split.double_dummy, game.double_dummy(north, south, west.0), "{n} / {s} West {}", split.west);
        }
        eprintln!("{n} / {s}: {:?}", start.elapsed());
        checked += 1;
    }
    assert!(skipped < checked, "{skipped} holdings too big for the reference");
}

#[test]
fn invariants_of_the_answer() {
    let mut rng = glasshand::rng::Rng::new(7);
    for _ in 0..30 {
        let mut deck: Vec<u16> = (0..13).collect();
        rng.shuffle(&mut deck);
        let cards = 6 + rng.below(7) as usize;
        let cut = 1 + rng.below(cards as u64 - 1) as usize;
        let north = deck[..cut].iter().fold(0u16, |s, r| s | 1 << r);
        let south = deck[cut..cards].iter().fold(0u16, |s, r| s | 1 << r);
        let a = analyse(&ranks(north), &ranks(south));
        let name = format!("{} / {}", a.north, a.south);
        let total: f64 = a.splits.iter().map(|s| s.probability).sum();
        assert!((total - 1.0).abs() < 1e-9, "{name}: probabilities sum to {total}");
        assert_eq!(a.layouts, 1 << (13 - cards), "{name}");
        assert!(a.double_dummy >= a.average.tricks - 1e-9, "{name}: double dummy below the best average");
        let line: f64 = a.splits.iter().map(|s| s.probability * f64::from(s.tricks)).sum();
        assert!((line - a.average.tricks).abs() < 1e-9, "{name}: the layouts' tricks give the average");
        assert!(a.splits.iter().all(|s| s.tricks <= s.double_dummy), "{name}: a line beats double dummy");
        assert_eq!(a.targets.len(), north.count_ones().max(south.count_ones()) as usize);
        assert!(a.targets.windows(2).all(|w| w[0].probability >= w[1].probability - 1e-12), "{name}: targets");
        assert!(a.targets.iter().all(|t| (0.0..=1.0 + 1e-12).contains(&t.probability)), "{name}: probabilities");
    }
}

#[test]
fn chances_are_probabilities_and_a_target_out_of_reach_is_plus_zero() {
    // 5 / AK943: the weights' rounding summed the sure targets past one, and the targets out
    // of reach printed as -0.00%.
    for (north, south) in [("5", "AK943"), ("KQ2", "543"), ("Q96542", "J")] {
        let a = analyse(north, south);
        for t in &a.targets {
            assert!((0.0..=1.0).contains(&t.probability), "{north} / {south}, {} tricks: {}", t.tricks, t.probability);
            assert!(t.probability.is_sign_positive(), "{north} / {south}, {} tricks: {}", t.tricks, t.probability);
        }
        assert!(a.targets.iter().any(|t| t.probability == 0.0), "{north} / {south} has a target out of reach");
    }
    assert_eq!(chance(&analyse("5", "AK943"), 1), 1.0);
}

#[test]
fn equal_sub_plans_are_one_shared_line() {
    use glasshand::Line;
    use std::collections::HashMap;
    use std::sync::Arc;
    // Each sub-plan once, by address, with how often the written-out plan holds it.
    fn walk(line: &Arc<Line>, seen: &mut HashMap<*const Line, (Arc<Line>, usize)>) {
        let entry = seen.entry(Arc::as_ptr(line)).or_insert_with(|| (Arc::clone(line), 0));
        entry.1 += 1;
        if entry.1 > 1 {
            return;
        }
        match &**line {
            Line::End => {}
            Line::Play { next, .. } => walk(next, seen),
            Line::Show { branches, .. } => branches.iter().for_each(|(_, next)| walk(next, seen)),
        }
    }
    for (north, south) in [("QT84", "76"), ("AKxx", "J98"), ("K9753", "Q")] {
        let a = analyse(north, south);
        let mut seen = HashMap::new();
        for line in a.targets.iter().map(|t| &t.line).chain([&a.average.line]) {
            walk(line, &mut seen);
        }
        let mut by_content: HashMap<String, usize> = HashMap::new();
        for (line, _) in seen.values() {
            *by_content.entry(format!("{line:?}")).or_default() += 1;
        }
        assert!(by_content.values().all(|&n| n == 1), "{north} / {south}: an equal sub-plan built twice");
        if north == "K9753" {
            assert!(seen.values().any(|&(_, n)| n > 1), "{north} / {south}: no sub-plan shared");
        }
    }
}

#[test]
fn the_seeds_strategy_fusion_example() {
    // AJ2 / K103: double dummy always takes 3 tricks when the queen is with either defender.
    let a = analyse("AJ2", "K103");
    assert!(a.double_dummy > a.average.tricks + 0.1);
}

#[test]
fn bad_input_has_named_codes() {
    let code = |north: &str, south: &str, vacant: Vacant| SuitPlay::new(north, south, vacant).unwrap_err().code();
    let v = Vacant::default();
    assert_eq!(code("AKQ", "Q2", v), "duplicate-card");
    assert_eq!(code("AKK", "2", v), "duplicate-card");
    assert!(SuitPlay::new("AKQJT98765432", "", v).is_ok(), "the whole suit is a holding");
    assert_eq!(code("xxxxxxxxxxxxxx", "", v), "too-many-cards");
    assert_eq!(code("AKQJT98", "xxxxxxx", v), "too-many-cards");
    assert_eq!(code("AZ", "x", v), "unknown-rank");
    assert_eq!(code("", "-", v), "no-cards");
    assert_eq!(code("AK", "x", Vacant { west: 14, east: 13 }), "bad-vacant-places");
    assert_eq!(code("AK", "x", Vacant { west: 5, east: 4 }), "bad-vacant-places");
}

/// The holdings whose fronts outgrow the solver get a named refusal, on one search and on
/// separate searches per lead at once, instead of minutes and gigabytes; ones just inside
/// the budget are still answered.
#[test]
fn too_hard_holdings_are_refused_by_name() {
    for (north, south) in [("KJ9753", "-"), ("-", "KJ9753")] {
        let play = &SuitPlay::new(north, south, Vacant::default()).unwrap();
        assert_eq!(play.analyse(None).unwrap_err().code(), "too-hard", "{north} / {south}");
        let leads = play.opening_leads().len();
        // At once, as the task runs them: the first to give up stops the others.
        let codes: Vec<_> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..leads)
                .map(|i| s.spawn(move || play.solve_lead(&mut play.lead_search(i), i, None).err().map(|e| e.code())))
                .collect();
            runs.into_iter().filter_map(|r| r.join().unwrap()).collect()
        });
        assert!(codes.contains(&"too-hard"), "{north} / {south}: {codes:?}");
        assert!(codes.iter().all(|&c| c == "too-hard" || c == "stopped"), "{codes:?}");
    }
    for (north, south) in [("AJ9753", "-"), ("KJ9763", "-"), ("-", "AQT864")] {
        let inside = analyse(north, south);
        assert!(inside.average.tricks > 0.0 && inside.average.tricks <= inside.double_dummy + 1e-12);
        let line: f64 = inside.splits.iter().map(|s| s.probability * f64::from(s.tricks)).sum();
        assert!((line - inside.average.tricks).abs() < 1e-9, "{north} / {south}: the layouts' tricks give the average");
    }
}
