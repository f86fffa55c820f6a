//! The JSON shapes of the command line, written in a fixed key order.

use glasshand::{Card, DdTable, Seat, Strain};

pub fn string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// `{"N": {"NT": 9, "S": 8, ...}, "E": ...}`: tricks[declarer][strain].
pub fn tricks(table: &DdTable) -> String {
    let seats: Vec<String> = Seat::ALL
        .iter()
        .map(|&seat| {
            let strains: Vec<String> =
                [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs]
                    .iter()
                    .map(|&s| format!("\"{}\": {}", s.name(), table.get(seat, s)))
                    .collect();
            format!("\"{}\": {{{}}}", seat.letter(), strains.join(", "))
        })
        .collect();
    format!("{{{}}}", seats.join(", "))
}

pub fn card_map(cards: &[(Card, u8)]) -> String {
    let items: Vec<String> = cards.iter().map(|(c, t)| format!("\"{c}\": {t}")).collect();
    format!("{{{}}}", items.join(", "))
}

pub fn error(e: &glasshand::Error) -> String {
    format!("{{\"error\": {}, \"code\": \"{}\"}}", string(&e.to_string()), e.code())
}
