//! The PBN parser and position validation: garbage and mutated input must give `Ok` or a
//! typed error, never a panic; each kind of bad input gets its own error code and a
//! message that names the problem; PBN files give their tags and the order of play.

mod common;

use common::*;
use glasshand::pbn::{parse_deal, parse_file, parse_hand, Contract, Game};
use glasshand::{Card, Cards, Config, Deal, Error, Position, Seat, Solver, Strain, Vulnerability};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

const DEFAULT_DEAL: &str = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";

thread_local! {
    /// Set while `no_panic` runs: the panic hook stays quiet, the test reports instead.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Installs (once) a panic hook that is silent inside `no_panic` and otherwise prints as
/// usual, so that the other tests' failures keep their messages.
fn install_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                default(info);
            }
        }));
    });
}

/// Runs `f` on `input`, turning a panic into a description of it.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    QUIET.with(|q| q.set(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(false));
    result.map_err(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("{what}({input:?}) panicked: {msg}")
    })
}

/// A valid deal must be self-consistent and survive a round trip through its PBN text.
fn check_deal(input: &str, deal: &Deal) -> Option<String> {
    let hands = deal.hands();
    let all = hands.iter().fold(Cards::EMPTY, |acc, &h| acc | h);
    let total: u32 = hands.iter().map(|h| h.len()).sum();
    if total != all.len() || hands.iter().any(|h| h.len() != hands[0].len()) || hands[0].len() > 13 {
        return Some(format!("{input:?} parsed to an inconsistent deal {deal:?}"));
    }
    match parse_deal(&deal.to_pbn()) {
        Ok(again) if again == *deal => None,
        other => Some(format!("{input:?} -> {} does not round-trip: {other:?}", deal.to_pbn())),
    }
}

/// Every parsing entry point on `text`; returns what panicked or misbehaved.
fn exercise(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    match no_panic("parse_deal", text, || parse_deal(text)) {
        Err(p) => problems.push(p),
        Ok(Ok(deal)) => problems.extend(check_deal(text, &deal)),
        Ok(Err(e)) => {
            if e.to_string().is_empty() || e.code().is_empty() {
                problems.push(format!("{text:?}: an error without a message: {e:?}"));
            }
        }
    }
    let results = [
        no_panic("parse_hand", text, || parse_hand(text).is_ok()),
        no_panic("parse_file", text, || parse_file(text).is_ok()),
        no_panic("Card::parse", text, || Card::parse(text).is_ok()),
        no_panic("Contract::parse", text, || Contract::parse(text).is_ok()),
        no_panic("Seat::parse", text, || Seat::parse(text).is_some()),
        no_panic("Strain::parse", text, || Strain::parse(text).is_some()),
        no_panic("Vulnerability::parse", text, || Vulnerability::parse(text).is_some()),
    ];
    problems.extend(results.into_iter().filter_map(Result::err));
    problems
}

/// Characters that PBN text is made of, plus some that it is not.
const ALPHABET: &[char] = &[
    'N', 'E', 'S', 'W', 'n', 'e', 's', 'w', ':', '.', '-', ' ', ' ', ' ', 'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6',
    '5', '4', '3', '2', '1', '0', 'H', 'D', 'C', 'h', 'd', 'c', 'x', 'X', 'Z', '[', ']', '"', '\n', '\n', '\t', '%',
    ';', '*', '!', '?', '#', '♠', '♥', '♦', '♣', 'é', '\u{0}', '\u{FEFF}', '💥',
];

fn random_text(rng: &mut Rng, len: usize) -> String {
    (0..len).map(|_| rng.pick(ALPHABET)).collect()
}

/// One random edit of `text`: delete, insert, replace, swap, duplicate or cut.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return random_text(rng, 3);
    }
    let i = rng.below(chars.len());
    match rng.below(7) {
        0 => {
            chars.remove(i);
        }
        1 => chars.insert(i, rng.pick(ALPHABET)),
        2 => chars[i] = rng.pick(ALPHABET),
        3 => {
            let j = rng.below(chars.len());
            chars.swap(i, j);
        }
        4 => {
            let j = rng.range(i, chars.len().min(i + 8));
            let piece: Vec<char> = chars[i..j].to_vec();
            let at = rng.below(chars.len() + 1);
            chars.splice(at..at, piece);
        }
        5 => chars.truncate(i),
        _ => {
            // Move a card from one place to another (often a valid-looking deal).
            let j = rng.below(chars.len());
            let c = chars.remove(i);
            chars.insert(j.min(chars.len()), c);
        }
    }
    chars.into_iter().collect()
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(0x6A4B);
    let mut problems = Vec::new();
    let count = trials(30_000, 3_000);
    for _ in 0..count {
        let len = rng.below(90);
        problems.extend(exercise(&random_text(&mut rng, len)));
    }
    for text in [
        "",
        " ",
        ":",
        "N:",
        "N: - - - -",
        "N:... ... ... ...",
        "X:...",
        "♠:A.K.Q.J",
        "N:AKQJT98765432... ...AKQJT98765432 .AKQJT98765432.. ..AKQJT98765432.",
        "N:1.1.1.1 - - -",
        "N:10.10.10.10 a b c",
        "\u{0}",
        "♠NT",
        "7♠",
        "1",
        "10",
        "♠1",
    ] {
        problems.extend(exercise(text));
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), first_failures(&problems, 20));
}

#[test]
fn mutated_deals_never_panic() {
    let rows = load_jsonl("tables.jsonl");
    let deals: Vec<String> = rows.iter().map(|r| r["deal"].as_str().unwrap().to_string()).collect();
    let mut rng = Rng::new(0x6A4C);
    let mut problems = Vec::new();
    let mut parsed = 0;
    let count = trials(30_000, 3_000);
    for _ in 0..count {
        let mut text = deals[rng.below(deals.len())].clone();
        for _ in 0..rng.range(1, 4) {
            text = mutate(&mut rng, &text);
        }
        let found = exercise(&text);
        if found.is_empty() && parse_deal(&text).is_ok() {
            parsed += 1;
        }
        problems.extend(found);
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), first_failures(&problems, 20));
    // The mutations must not all be rejected outright, or the round trip is never checked.
    assert!(parsed > 0, "no mutated deal parsed");
}

/// A PBN file with every tag Glasshand reads and a play section (`[Play "E"]`: columns
/// East, South, West, North). In spades, West wins trick 1 with the heart ace, South
/// ruffs trick 2, North wins trick 3 with the spade ace and West's king beats the queen
/// in trick 4; trick 5 is unfinished.
const PBN_FILE: &str = r#"% A test file
[Event "Glasshand test"]
[Site "-"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962"]
[Declarer "N"]
[Contract "4SX"]
[Result "10"]
[Play "E"]
H2 HT HA H3
H6 S5 HK H4
S4 S9 S7 SA
S6 D2 SK SQ
- - CA C3
*

[Event "Second board"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "E:64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962 AQJT832.743.5.73"]
[Declarer "W"]
[Contract "3NT"]
[Play "N"]
S2 S6 S5 SK
"#;

#[test]
fn pbn_file_tags_and_play_order() {
    let games = parse_file(PBN_FILE).expect("the test file parses");
    assert_eq!(games.len(), 2);
    let deal = parse_deal(DEFAULT_DEAL).unwrap();
    let g: &Game = &games[0];
    assert_eq!(g.deal, deal);
    assert_eq!(g.dealer, Some(Seat::East));
    assert_eq!(g.vulnerable, Some(Vulnerability::NorthSouth));
    assert_eq!(g.declarer, Some(Seat::North));
    assert_eq!(g.contract, Some(Contract { level: 4, strain: Strain::Spades, doubled: 1 }));
    // The order of play: East leads; the leader of each trick is the previous winner.
    let want = cards_of("H2 HT HA H3  HK H4 H6 S5  S9 S7 SA S4  SQ S6 D2 SK  CA C3");
    assert_eq!(g.play, want);

    let g = &games[1];
    assert_eq!(g.deal, deal, "a deal string may start with any seat");
    assert_eq!(g.dealer, Some(Seat::West));
    assert_eq!(g.vulnerable, Some(Vulnerability::Both));
    assert_eq!(g.declarer, Some(Seat::West));
    assert_eq!(g.contract, Some(Contract { level: 3, strain: Strain::NoTrump, doubled: 0 }));
    // North leads (left of the declarer West): columns N E S W.
    assert_eq!(g.play, cards_of("S2 S6 S5 SK"));
}

#[test]
fn pbn_play_order_depends_on_the_trump() {
    // The same play section in notrump: West's heart king wins trick 2, so West leads to
    // trick 3 and the columns are read from West.
    let text = PBN_FILE.split("\n\n").next().unwrap().replace("[Contract \"4SX\"]", "[Contract \"4N\"]");
    let games = parse_file(&text).unwrap();
    assert_eq!(games[0].contract.unwrap().strain, Strain::NoTrump);
    let want = cards_of("H2 HT HA H3  HK H4 H6 S5  S7 SA S4 S9  SQ S6 D2 SK");
    assert_eq!(games[0].play[..16], want[..]);
}

#[test]
fn the_play_section_replays_on_the_deal() {
    // The converted order is a legal sequence of play.
    let games = parse_file(PBN_FILE).unwrap();
    let g = &games[0];
    let mut pos = Position::at_trick_start(g.deal, g.contract.unwrap().strain, Seat::East);
    for &c in &g.play {
        assert!(pos.legal_cards().contains(c), "{c} is not legal in {}", describe(&pos));
        pos = pos.play(c).unwrap_or_else(|e| panic!("playing {c} in {}: {e}", describe(&pos)));
    }
    assert_eq!(pos.tricks_left(), 9);
    assert_eq!(pos.trick(), &cards_of("CA C3")[..]);
    assert_eq!(pos.leader(), Seat::West);
}

#[test]
fn vulnerability_and_contract_spellings() {
    for (text, want) in [
        ("None", Vulnerability::None),
        ("Love", Vulnerability::None),
        ("-", Vulnerability::None),
        ("NS", Vulnerability::NorthSouth),
        ("EW", Vulnerability::EastWest),
        ("All", Vulnerability::Both),
        ("Both", Vulnerability::Both),
    ] {
        assert_eq!(Vulnerability::parse(text), Some(want), "{text}");
    }
    assert_eq!(Vulnerability::parse("Nobody"), None);
    assert_eq!(Contract::parse("Pass").unwrap(), None);
    let c = Contract::parse("6HXX").unwrap().unwrap();
    assert_eq!((c.level, c.strain, c.doubled), (6, Strain::Hearts, 2));
    let c = Contract::parse("1NT").unwrap().unwrap();
    assert_eq!((c.level, c.strain, c.doubled), (1, Strain::NoTrump, 0));
    for bad in ["8S", "0H", "4Z", "4SXXX", "S4", "X"] {
        let e = Contract::parse(bad).unwrap_err();
        assert_eq!(e.code(), "syntax", "{bad}: {e}");
    }
}

fn deal_err(text: &str) -> Error {
    parse_deal(text).expect_err(text)
}

#[test]
fn specific_errors_have_codes_and_messages() {
    // A duplicate card: the spade ace in North's and East's hands.
    let e = deal_err("N:AQJT832.743.5.73 A4.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962");
    assert_eq!(e, Error::DuplicateCard(card("SA")));
    assert_eq!(e.code(), "duplicate-card");
    assert!(e.to_string().contains("SA"), "{e}");
    // ... or twice in one hand.
    let e = parse_hand("AA2...").unwrap_err();
    assert_eq!(e.code(), "duplicate-card");

    // 51 cards: the message names the missing club two.
    let e = deal_err("N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A96");
    assert_eq!(e.code(), "unequal-hands");
    assert!(e.to_string().contains("missing: C2"), "{e}");
    assert!(e.to_string().contains("West has 12"), "{e}");

    // Unequal hands in an ending.
    let e = deal_err("N:AK... Q... J... T...");
    assert_eq!(e.code(), "unequal-hands");
    assert!(matches!(e, Error::UnequalHands { sizes: [2, 1, 1, 1], .. }), "{e:?}");
    assert!(e.to_string().contains("North has 2"), "{e}");
    assert!(!e.to_string().contains("missing"), "an ending names no missing cards: {e}");

    // A 14-card hand.
    let e = deal_err("N:AKQJT98765432.A.. ... ... ...");
    assert_eq!(e.code(), "too-many-cards");
    assert!(e.to_string().contains("North has 14"), "{e}");

    // An unknown rank, an unknown suit.
    let e = deal_err("N:AZ.K.Q.J - - -");
    assert_eq!(e, Error::UnknownRank('Z'));
    assert_eq!(e.code(), "unknown-rank");
    assert!(e.to_string().contains("'Z'"), "{e}");
    let e = Card::parse("X5").unwrap_err();
    assert_eq!(e.code(), "unknown-suit");
    let e = Card::parse("S1").unwrap_err();
    assert_eq!(e.code(), "unknown-rank");

    // Bad seat and wrong hand count.
    let e = deal_err("Q:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962");
    assert_eq!(e.code(), "unknown-seat");
    assert!(e.to_string().contains("'Q'"), "{e}");
    assert_eq!(deal_err("N:AQJT832.743.5.73 64.Q9862.QT9.KT5").code(), "syntax");
    assert_eq!(deal_err("N:AQJT832.743.5 - - -").code(), "syntax");
    assert_eq!(Seat::parse("X"), None);
    assert_eq!(Strain::parse("Z"), None);
    assert_eq!(Strain::parse("NT"), Some(Strain::NoTrump));
    assert_eq!(Strain::parse("n"), Some(Strain::NoTrump));

    // PBN tags with a bad seat or vulnerability.
    let bad_declarer = PBN_FILE.replace("[Declarer \"N\"]", "[Declarer \"Q\"]");
    assert_eq!(parse_file(&bad_declarer).unwrap_err().code(), "unknown-seat");
    let bad_vul = PBN_FILE.replace("[Vulnerable \"NS\"]", "[Vulnerable \"Nobody\"]");
    assert_eq!(parse_file(&bad_vul).unwrap_err().code(), "syntax");
    let bad_contract = PBN_FILE.replace("[Contract \"4SX\"]", "[Contract \"9S\"]");
    assert_eq!(parse_file(&bad_contract).unwrap_err().code(), "syntax");
}

#[test]
fn position_errors_have_codes_and_messages() {
    let deal = parse_deal(DEFAULT_DEAL).unwrap();
    let new = |leader: Seat, trick: &str| Position::new(deal, Strain::Hearts, leader, &cards_of(trick));

    // West leads: the spade ace is North's.
    let e = new(Seat::West, "SA").unwrap_err();
    assert_eq!(e, Error::CardNotHeld { card: card("SA"), seat: Seat::West });
    assert_eq!(e.code(), "card-not-held");
    assert_eq!(e.to_string(), "West does not hold SA");

    // West leads the spade king; North has spades but plays a heart.
    let e = new(Seat::West, "SK H3").unwrap_err();
    assert_eq!(e.code(), "revoke");
    assert!(matches!(e, Error::Revoke { seat: Seat::North, .. }), "{e:?}");
    assert!(e.to_string().contains("North cannot play H3"), "{e}");
    assert!(e.to_string().contains("spade"), "{e}");

    // Four cards: a trick holds at most 3 before the next card.
    let e = new(Seat::West, "SK S2 S4 S5").unwrap_err();
    assert_eq!(e, Error::TrickTooLong(4));
    assert_eq!(e.code(), "trick-too-long");
    assert!(e.to_string().contains("at most 3"), "{e}");

    // The same card twice in the trick.
    let e = new(Seat::West, "SK SK").unwrap_err();
    assert!(matches!(e.code(), "duplicate-card" | "card-not-held"), "{e:?}");

    // North leads a club: East (KT5 of clubs) must follow; a spade lead, South too.
    assert!(new(Seat::North, "C7 CK").is_ok());
    assert_eq!(new(Seat::North, "C7 H2").unwrap_err().code(), "revoke");
    assert!(new(Seat::North, "D5 D9 D2").is_ok());
    assert_eq!(new(Seat::North, "S2 S4 D2").unwrap_err().code(), "revoke");
    // A void may discard: in this ending South has no spades.
    let ending = parse_deal("N:A.2.. K.3.. .54.. Q.6..").unwrap();
    let p = Position::new(ending, Strain::NoTrump, Seat::North, &cards_of("SA SK H5"));
    assert!(p.is_ok(), "{p:?}");

    // Playing through Position::play: the same checks.
    let start = Position::at_trick_start(deal, Strain::Hearts, Seat::West);
    assert_eq!(start.play(card("SA")).unwrap_err().code(), "card-not-held");
    let after = start.play(card("SK")).unwrap();
    assert_eq!(after.play(card("H3")).unwrap_err().code(), "revoke");

    // An empty ending has nothing to play.
    let empty = Deal::new([Cards::EMPTY; 4]).unwrap();
    let e = Position::new(empty, Strain::Spades, Seat::North, &cards_of("SA")).unwrap_err();
    assert_eq!(e.code(), "no-cards-left");
    let e = Position::at_trick_start(empty, Strain::Spades, Seat::North).play(card("SA")).unwrap_err();
    assert_eq!(e.code(), "no-cards-left");
    // ... and solving it gives 0.
    let pos = Position::at_trick_start(empty, Strain::Spades, Seat::North);
    assert_eq!(Solver::new(Config::default()).solve(&pos), Ok(0));
}

#[test]
fn a_trick_completes_through_play() {
    // Position::play of the fourth card closes the trick: the winner leads next.
    let deal = parse_deal(DEFAULT_DEAL).unwrap();
    let mut pos = Position::at_trick_start(deal, Strain::Hearts, Seat::West);
    for c in cards_of("SK SA S4 S5") {
        pos = pos.play(c).unwrap_or_else(|e| panic!("playing {c} in {}: {e}", describe(&pos)));
    }
    assert_eq!(pos.leader(), Seat::North);
    assert!(pos.trick().is_empty());
    assert_eq!(pos.tricks_left(), 12);
    assert!(!pos.remaining()[Seat::North.index()].contains(card("SA")));
}

#[test]
fn random_positions_and_plays_never_panic() {
    // Random (often illegal) tricks and plays on random endings: Ok or Err, no panic, and
    // an accepted position is consistent.
    let mut rng = Rng::new(0x6A4D);
    let mut problems = Vec::new();
    let count = trials(20_000, 2_000);
    let deck = deck();
    for _ in 0..count {
        let n = rng.range(0, 13);
        let deal = if n == 0 { Deal::new([Cards::EMPTY; 4]).unwrap() } else { random_ending(&mut rng, n) };
        let leader = rng.pick(&SEATS);
        let strain = rng.pick(&STRAINS);
        let trick: Vec<Card> = (0..rng.below(6))
            .map(|i| {
                if rng.chance(2, 3) {
                    let hand = deal.hand(leader.offset(i));
                    if hand.is_empty() {
                        rng.pick(&deck)
                    } else {
                        rng.pick_card(hand)
                    }
                } else {
                    rng.pick(&deck)
                }
            })
            .collect();
        let input = format!("{} {strain} {leader} {trick:?}", deal.to_pbn());
        let result = no_panic("Position::new", &input, || Position::new(deal, strain, leader, &trick));
        let pos = match result {
            Err(p) => {
                problems.push(p);
                continue;
            }
            Ok(Err(_)) => continue,
            Ok(Ok(pos)) => pos,
        };
        if pos.trick().len() > 3 {
            problems.push(format!("{input}: accepted a trick of {}", pos.trick().len()));
        }
        // Then random plays, legal or not.
        let mut pos = pos;
        for _ in 0..rng.below(8) {
            let c = if rng.chance(3, 4) && !pos.legal_cards().is_empty() {
                rng.pick_card(pos.legal_cards())
            } else {
                rng.pick(&deck)
            };
            let legal = pos.legal_cards().contains(c);
            match no_panic("Position::play", &format!("{input} + {c}"), || pos.play(c)) {
                Err(p) => {
                    problems.push(p);
                    break;
                }
                Ok(Ok(next)) => {
                    if !legal {
                        problems.push(format!("{}: accepted the illegal {c}", describe(&pos)));
                    }
                    pos = next;
                }
                Ok(Err(e)) => {
                    if legal {
                        problems.push(format!("{}: refused the legal {c}: {e}", describe(&pos)));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), first_failures(&problems, 20));
}

#[test]
fn mutated_pbn_files_never_panic() {
    let mut rng = Rng::new(0x6A4E);
    let mut problems = Vec::new();
    let lines: Vec<&str> = PBN_FILE.lines().collect();
    let count = trials(20_000, 2_000);
    for _ in 0..count {
        let text = if rng.chance(1, 2) {
            // Line-level edits: drop, repeat or swap lines.
            let mut ls: Vec<&str> = lines.clone();
            for _ in 0..rng.range(1, 3) {
                let i = rng.below(ls.len());
                match rng.below(3) {
                    0 => {
                        ls.remove(i);
                    }
                    1 => ls.insert(rng.below(ls.len()), lines[i.min(lines.len() - 1)]),
                    _ => {
                        let j = rng.below(ls.len());
                        ls.swap(i, j);
                    }
                }
            }
            ls.join("\n")
        } else {
            let mut t = PBN_FILE.to_string();
            for _ in 0..rng.range(1, 5) {
                t = mutate(&mut rng, &t);
            }
            t
        };
        match no_panic("parse_file", &text, || parse_file(&text)) {
            Err(p) => problems.push(p),
            Ok(Ok(games)) => {
                for g in games {
                    problems.extend(check_deal(&text, &g.deal));
                }
            }
            Ok(Err(_)) => {}
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), first_failures(&problems, 20));
}
