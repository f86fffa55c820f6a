//! Partition soundness. `Solver::active` claims that every deal with the same suit lengths
//! in every hand and the same owners of the active cards has the same value. Re-dealing
//! the inert cards at random (each hand keeps its number of inert cards per suit) must
//! leave the value unchanged: checked by the reference alpha-beta for small endings and by
//! a solver with an exact-cards TT (no partition logic) for bigger ones.

mod common;

use common::*;
use glasshand::{Active, Card, Cards, Config, Deal, Position, Seat, Solver, Strain, Suit, TtMode};
use rayon::prelude::*;

/// Deals the inert cards of each suit again at random among the hands that held inert
/// cards of that suit, each hand keeping its count; active cards stay where they are.
fn redeal(rng: &mut Rng, deal: &Deal, inert: Cards) -> Deal {
    let mut hands = deal.hands().map(|h| h - inert);
    for suit in Suit::ALL {
        let mut cards: Vec<Card> = inert.in_suit(suit).iter().collect();
        rng.shuffle(&mut cards);
        let mut next = cards.into_iter();
        for (i, hand) in deal.hands().iter().enumerate() {
            for _ in 0..(*hand & inert).suit_len(suit) {
                hands[i].insert(next.next().expect("as many cards as places"));
            }
        }
    }
    Deal::new(hands).expect("a re-deal keeps the hand sizes")
}

/// `n! / (k1! k2! ...)` for `n = sum k`, as a product of binomials from Pascal's triangle:
/// a computation independent of the engine's, so that it checks it.
fn multinomial(counts: &[u32]) -> u128 {
    let mut pascal = [[0u128; 14]; 14];
    for n in 0..14 {
        pascal[n][0] = 1;
        for k in 1..=n {
            pascal[n][k] = pascal[n - 1][k - 1] + pascal[n - 1][k];
        }
    }
    let mut n = 0;
    counts.iter().fold(1, |acc, &k| {
        n += k as usize;
        acc * pascal[n][k as usize]
    })
}

/// The structural claims of an `Active`: the cards split into active and inert, the
/// active ones are the top `k` of each suit, and `deals_sharing` counts the re-deals.
fn check_shape(deal: &Deal, a: &Active) -> Vec<String> {
    let mut problems = Vec::new();
    let present = deal.hands().iter().fold(Cards::EMPTY, |acc, &h| acc | h);
    if a.cards | a.inert != present {
        problems.push(format!("active {} | inert {} is not every card {}", a.cards, a.inert, present));
    }
    if !a.cards.is_disjoint(a.inert) {
        problems.push(format!("active {} and inert {} overlap", a.cards, a.inert));
    }
    let mut sharing: u128 = 1;
    for suit in Suit::ALL {
        let k = a.top[suit.index()] as usize;
        let top: Cards = present.in_suit(suit).iter().take(k).collect();
        if a.cards.in_suit(suit) != top {
            problems.push(format!("{suit}: active cards {} are not the top {k} of the suit", a.cards.in_suit(suit)));
        }
        let counts: Vec<u32> = deal.hands().iter().map(|h| (*h & a.inert).suit_len(suit)).collect();
        sharing *= multinomial(&counts);
    }
    // Compared to within rounding here; `deals_sharing_is_a_whole_number` is stricter.
    if (a.deals_sharing - sharing as f64).abs() > 1e-9 * sharing as f64 {
        problems.push(format!("deals_sharing {} but the inert cards allow {sharing} layouts", a.deals_sharing));
    }
    problems
}

/// The value of `pos` for the side to move, by the reference for small endings and else
/// by a cleared exact-cards solver.
fn independent_value(checker: &mut Solver, pos: &Position) -> u8 {
    if pos.tricks_left() <= 5 {
        reference_solve(pos)
    } else {
        checker.clear();
        checker.solve(pos).expect("solve")
    }
}

fn exact_config() -> Config {
    Config { tt_megabytes: 4, tt_mode: TtMode::Exact, ..Config::default() }
}

/// Position `i` of the soundness series (endings of 4 to 8 cards, every strain and leader,
/// at the start of a trick) and the RNG that goes on to draw its re-deals.
fn soundness_position(i: usize) -> (Position, Rng) {
    let mut rng = Rng::new((0xAC71_u64 << 32) ^ i as u64);
    let n = 4 + i % 5;
    let deal = if i % 3 == 0 { random_ending(&mut rng, n) } else { random_tight_ending(&mut rng, n) };
    let pos = Position::at_trick_start(deal, STRAINS[i % 5], SEATS[(i / 5) % 4]);
    (pos, rng)
}

#[test]
fn redealing_inert_cards_keeps_the_value() {
    let positions = trials(4_000, 200);
    let redeals_per_position = 3;
    let mut failures: Vec<(usize, String)> = (0..positions)
        .into_par_iter()
        .map_init(
            || (Solver::new(Config::default()), Solver::new(exact_config())),
            |(solver, checker), i| {
                let (pos, mut rng) = soundness_position(i);
                let (deal, strain, leader) = (*pos.deal(), pos.strain(), pos.leader());
                let active = match solver.active(&pos) {
                    Ok(a) => a,
                    Err(e) => return Some((i, format!("{}: active failed: {e}", describe(&pos)))),
                };
                let mut problems = check_shape(&deal, &active);
                let value = independent_value(checker, &pos);
                if active.tricks != value {
                    problems.push(format!("active.tricks {} but the value is {value}", active.tricks));
                }
                for _ in 0..redeals_per_position {
                    let other = redeal(&mut rng, &deal, active.inert);
                    let redealt = Position::at_trick_start(other, strain, leader);
                    let v = independent_value(checker, &redealt);
                    if v != value {
                        problems.push(format!("re-dealt as {} the value is {v}, not {value}", other.to_pbn()));
                        break;
                    }
                }
                (!problems.is_empty()).then(|| {
                    (
                        i,
                        format!(
                            "{} (active {}, inert {}): {}",
                            describe(&pos),
                            active.cards,
                            active.inert,
                            problems.join("; ")
                        ),
                    )
                })
            },
        )
        .flatten()
        .collect();
    failures.sort();
    let failures: Vec<String> = failures.into_iter().map(|(i, f)| format!("#{i}: {f}")).collect();
    assert!(
        failures.is_empty(),
        "{} of {positions} positions break partition soundness:\n{}",
        failures.len(),
        first_failures(&failures, 10)
    );
}

#[test]
fn redealing_after_many_searches_keeps_the_value() {
    // One solver kept across all positions of a strain: its table holds entries from many
    // other deals when `active` runs.
    let positions = trials(1_000, 60);
    let mut solver = Solver::new(Config::default());
    let mut checker = Solver::new(exact_config());
    let mut failures = Vec::new();
    let mut rng = Rng::new(0xAC72);
    for i in 0..positions {
        let n = 5 + i % 3;
        let deal = random_tight_ending(&mut rng, n);
        let strain = STRAINS[(i / 50) % 5];
        let pos = Position::at_trick_start(deal, strain, rng.pick(&SEATS));
        let active = solver.active(&pos).expect("active");
        let value = independent_value(&mut checker, &pos);
        let other = redeal(&mut rng, &deal, active.inert);
        let v = independent_value(&mut checker, &Position::at_trick_start(other, strain, pos.leader()));
        if active.tricks != value || v != value {
            failures.push(format!(
                "#{i}: {}: active.tricks {}, value {value}, re-dealt as {} value {v}",
                describe(&pos),
                active.tricks,
                other.to_pbn()
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {positions} positions:\n{}", failures.len(), first_failures(&failures, 10));
}

#[test]
fn deals_sharing_on_a_hand_made_ending() {
    // North cashes three top spades in notrump: the clubs (East 765, West 432) never
    // matter, so their 6 cards split 3-3 can be dealt C(6,3) = 20 ways.
    let deal = glasshand::pbn::parse_deal("N:AKQ... ...765 .AKQ.. ...432").unwrap();
    let pos = Position::at_trick_start(deal, Strain::NoTrump, Seat::North);
    let mut solver = Solver::new(Config::default());
    let a = solver.active(&pos).unwrap();
    assert_eq!(a.tricks, 3);
    let clubs = Cards::FULL.in_suit(Suit::Clubs) & (deal.hand(Seat::East) | deal.hand(Seat::West));
    assert_eq!(a.inert & clubs, clubs, "every club is inert: {a:?}");
    assert!(check_shape(&deal, &a).is_empty(), "{:?}", check_shape(&deal, &a));
    // Spades and hearts sit in one hand each: one layout; clubs give 20.
    assert_eq!(a.deals_sharing, 20.0, "{a:?}");
    // Whatever the owners of the low clubs, the value stays.
    let mut rng = Rng::new(7);
    for _ in 0..20 {
        let other = redeal(&mut rng, &deal, a.inert);
        assert_eq!(
            reference_solve(&Position::at_trick_start(other, Strain::NoTrump, Seat::North)),
            3,
            "{}",
            other.to_pbn()
        );
    }

    // A suit whose ranks matter: South's spade ace over West's king. North leads a spade
    // to the ace and South cashes the small spades: the low spades are inert but the top
    // ones are not, and the multinomial over the inert cards is exact.
    let deal = glasshand::pbn::parse_deal("N:2.A.. 3.2.. A.3.. K.4..").unwrap();
    let pos = Position::at_trick_start(deal, Strain::NoTrump, Seat::West);
    let a = solver.active(&pos).unwrap();
    assert_eq!(a.tricks, reference_solve(&pos));
    assert!(check_shape(&deal, &a).is_empty(), "{:?}", check_shape(&deal, &a));
    assert!(a.cards.contains(card("SA")), "the spade ace is active: {a:?}");
}

#[test]
fn deals_sharing_is_a_whole_number() {
    // A count of layouts below 2^53 is exactly representable: it should not come out as
    // 3880800.0000000005. The positions of the soundness test.
    let mut solver = Solver::new(Config::default());
    let mut failures = Vec::new();
    let count = trials(1_000, 100);
    for i in 0..count {
        let pos = soundness_position(i).0;
        let deal = *pos.deal();
        let a = solver.active(&pos).expect("active");
        let exact: u128 = Suit::ALL
            .iter()
            .map(|&s| {
                let counts: Vec<u32> = deal.hands().iter().map(|h| (*h & a.inert).suit_len(s)).collect();
                multinomial(&counts)
            })
            .product();
        if a.deals_sharing != exact as f64 {
            failures.push(format!("#{i}: {}: deals_sharing {:?}, want {exact}", describe(&pos), a.deals_sharing));
        }
    }
    assert!(failures.is_empty(), "{} of {count} positions:\n{}", failures.len(), first_failures(&failures, 5));
}

#[test]
fn shape_of_active_on_full_deals() {
    // Full deals from the ground truth: the value of `active` is DDS's, the cards split
    // into active and inert.
    let rows = load_jsonl("tables.jsonl");
    let rows = &rows[..sample_size(2, 1)];
    let mut solver = Solver::new(Config::default());
    for row in rows {
        let text = row["deal"].as_str().unwrap();
        let deal = glasshand::pbn::parse_deal(text).unwrap();
        let declarer = Seat::South;
        let strain = Strain::NoTrump;
        let pos = Position::at_trick_start(deal, strain, declarer.next());
        let a = solver.active(&pos).unwrap();
        let want = row["tricks"]["S"]["NT"].as_u64().unwrap() as u8;
        assert_eq!(13 - a.tricks, want, "{text}: active.tricks for West's lead in NT");
        assert!(check_shape(&deal, &a).is_empty(), "{text}: {:?}", check_shape(&deal, &a));
    }
}
