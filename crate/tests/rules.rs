//! The rules of tests/data/rules.json (legal cards, trick winners, PBN play sections,
//! contracts), written out by hand, checked against the engine's public API. The site's JS
//! checks the same file (tests/browser/rules.test.mjs), so the two agree.

use glasshand::{pbn, Card, Contract, Position, Seat, Strain};
use serde_json::Value;

fn rules() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/rules.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("tests/data/rules.json")).expect("valid JSON")
}

fn cards(v: &Value) -> Vec<Card> {
    v.as_array().unwrap().iter().map(|c| Card::parse(c.as_str().unwrap()).unwrap()).collect()
}

fn strain(v: &Value) -> Strain {
    Strain::parse(v.as_str().unwrap()).unwrap()
}

fn seat(v: &Value) -> Seat {
    Seat::parse(v.as_str().unwrap()).unwrap()
}

fn names(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    let mut out: Vec<String> = cards.into_iter().map(|c| c.to_string()).collect();
    out.sort();
    out
}

#[test]
fn legal_cards() {
    let r = rules();
    let deal = pbn::parse_deal(r["deal"].as_str().unwrap()).unwrap();
    for case in r["legal"].as_array().unwrap() {
        let position =
            Position::new(deal, strain(&case["trump"]), seat(&case["leader"]), &cards(&case["trick"])).unwrap();
        assert_eq!(names(position.legal_cards().iter()), names(cards(&case["legal"])), "{}", case["why"]);
    }
}

#[test]
fn trick_winners() {
    let r = rules();
    let deal = pbn::parse_deal(r["deal"].as_str().unwrap()).unwrap();
    for case in r["tricks"].as_array().unwrap() {
        let mut position = Position::at_trick_start(deal, strain(&case["trump"]), seat(&case["leader"]));
        let mut winner = None;
        for card in cards(&case["cards"]) {
            let (next, won) = position.play_scored(card).unwrap();
            position = next;
            winner = won;
        }
        assert_eq!(winner, Some(seat(&case["winner"])), "{}", case["why"]);
    }
}

#[test]
fn pbn_play_sections() {
    for case in rules()["pbn"].as_array().unwrap() {
        let games = pbn::parse_file(case["file"].as_str().unwrap()).unwrap();
        let expected = case["games"].as_array().unwrap();
        assert_eq!(games.len(), expected.len(), "{}", case["why"]);
        for (game, want) in games.iter().zip(expected) {
            assert_eq!(game.deal, pbn::parse_deal(want["deal"].as_str().unwrap()).unwrap());
            assert_eq!(game.declarer, Some(seat(&want["declarer"])));
            let c = &want["contract"];
            let contract = Contract {
                level: c["level"].as_u64().unwrap() as u8,
                strain: strain(&c["strain"]),
                doubled: c["doubled"].as_u64().unwrap() as u8,
            };
            assert_eq!(game.contract, Some(contract));
            let play: Vec<String> = game.play.iter().map(|c| c.to_string()).collect();
            let want_play: Vec<String> = cards(&want["play"]).iter().map(|c| c.to_string()).collect();
            assert_eq!(play, want_play, "{}", case["why"]);
        }
    }
}

#[test]
fn contracts() {
    for case in rules()["contracts"].as_array().unwrap() {
        let text = case["text"].as_str().unwrap();
        let parsed = Contract::parse(text);
        if case["error"] == Value::Bool(true) {
            assert!(parsed.is_err(), "{text} is not a contract");
            continue;
        }
        let want = match &case["contract"] {
            Value::Null => None,
            c => Some(Contract {
                level: c["level"].as_u64().unwrap() as u8,
                strain: strain(&c["strain"]),
                doubled: c["doubled"].as_u64().unwrap() as u8,
            }),
        };
        assert_eq!(parsed.unwrap(), want, "{text}");
    }
}
