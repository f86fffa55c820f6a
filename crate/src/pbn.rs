//! PBN: deal strings (`N:AKQ.xxx... ...`) and the tags of PBN files.

use crate::{Card, Cards, Deal, Error, Seat, Strain, Suit};

/// Parses `N:hand hand hand hand`; the first letter names the seat of the first hand.
/// A hand is `spades.hearts.diamonds.clubs`; a void is empty or `-`.
pub fn parse_deal(text: &str) -> Result<Deal, Error> {
    let text = text.trim();
    let (first, body) = match text.split_once(':') {
        Some((seat, body)) => {
            let seat = Seat::parse(seat).ok_or_else(|| Error::UnknownSeat(seat.trim().into()))?;
            (seat, body)
        }
        None => (Seat::North, text),
    };
    let fields: Vec<&str> = body.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(Error::Syntax(format!("a deal needs 4 hands separated by spaces, found {}", fields.len())));
    }
    let mut hands = [Cards::EMPTY; 4];
    for (i, field) in fields.iter().enumerate() {
        hands[first.offset(i).index()] = parse_hand(field)?;
    }
    Deal::new(hands)
}

/// Parses one hand, `AKQ.T98.-.5432`; `10` is accepted for the ten.
pub fn parse_hand(text: &str) -> Result<Cards, Error> {
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(Error::Syntax(format!("hand '{text}' needs 4 suits separated by dots, found {}", suits.len())));
    }
    let mut hand = Cards::EMPTY;
    for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
        let ranks = ranks.trim();
        if ranks == "-" {
            continue;
        }
        let mut chars = ranks.chars().peekable();
        while let Some(c) = chars.next() {
            let rank = if c == '1' && chars.peek() == Some(&'0') {
                chars.next();
                10
            } else {
                crate::card::rank_from_char(c).ok_or(Error::UnknownRank(c))?
            };
            let card = Card::new(suit, rank);
            if hand.contains(card) {
                return Err(Error::DuplicateCard(card));
            }
            hand.insert(card);
        }
    }
    Ok(hand)
}

impl Card {
    /// Parses `SA`, `hT`, `D10`, `♣7`.
    pub fn parse(s: &str) -> Result<Card, Error> {
        let s = s.trim();
        let mut chars = s.chars();
        let suit_char = chars.next().ok_or_else(|| Error::Syntax("empty card".into()))?;
        let suit = Suit::from_char(suit_char).ok_or(Error::UnknownSuit(suit_char))?;
        let rest: String = chars.collect();
        let rank = parse_rank_str(&rest)?;
        Ok(Card::new(suit, rank))
    }
}

fn parse_rank_str(s: &str) -> Result<u8, Error> {
    if s == "10" {
        return Ok(10);
    }
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => crate::card::rank_from_char(c).ok_or(Error::UnknownRank(c)),
        (None, _) => Err(Error::Syntax("card without a rank".into())),
        (Some(_), Some(_)) => Err(Error::Syntax(format!("bad card rank '{s}'"))),
    }
}

impl std::str::FromStr for Card {
    type Err = Error;

    fn from_str(s: &str) -> Result<Card, Error> {
        Card::parse(s)
    }
}

impl std::str::FromStr for Seat {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Seat, crate::Error> {
        Seat::parse(s).ok_or_else(|| crate::Error::UnknownSeat(s.to_string()))
    }
}

impl std::str::FromStr for Strain {
    type Err = crate::Error;

    fn from_str(s: &str) -> Result<Strain, crate::Error> {
        Strain::parse(s).ok_or_else(|| crate::Error::UnknownStrain(s.to_string()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    Both,
}

impl Vulnerability {
    pub fn parse(s: &str) -> Option<Vulnerability> {
        match s.trim().to_ascii_uppercase().as_str() {
            "NONE" | "LOVE" | "-" | "" | "O" => Some(Vulnerability::None),
            "NS" | "N-S" => Some(Vulnerability::NorthSouth),
            "EW" | "E-W" => Some(Vulnerability::EastWest),
            "ALL" | "BOTH" | "B" => Some(Vulnerability::Both),
            _ => None,
        }
    }

    pub fn is_vulnerable(self, seat: Seat) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NorthSouth => seat.is_ns(),
            Vulnerability::EastWest => !seat.is_ns(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::Both => "All",
        }
    }
}

impl std::fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Vulnerability {
    type Err = Error;

    /// `None`, `NS`, `EW`, `All` and DDS's and PBN's other spellings (`Both`, `-`, …).
    fn from_str(s: &str) -> Result<Vulnerability, Error> {
        Vulnerability::parse(s).ok_or_else(|| Error::UnknownVulnerability(s.to_string()))
    }
}

/// A contract as in the PBN `[Contract]` tag: `4HX`, `3NT`, `6SXX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    pub level: u8,
    pub strain: Strain,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub doubled: u8,
}

impl Contract {
    pub fn parse(s: &str) -> Result<Option<Contract>, Error> {
        let s = s.trim().to_ascii_uppercase();
        if s.is_empty() || s == "PASS" || s == "AP" {
            return Ok(None);
        }
        let bad = || Error::Syntax(format!("bad contract '{s}'"));
        let mut chars = s.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).ok_or_else(bad)? as u8;
        if !(1..=7).contains(&level) {
            return Err(bad());
        }
        let rest = chars.as_str();
        let doubled = rest.chars().rev().take_while(|&c| c == 'X').count();
        let strain = Strain::parse(&rest[..rest.len() - doubled]).ok_or_else(bad)?;
        if doubled > 2 {
            return Err(bad());
        }
        Ok(Some(Contract { level, strain, doubled: doubled as u8 }))
    }
}

/// One game of a PBN file: the tags Glasshand uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub deal: Deal,
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    pub declarer: Option<Seat>,
    pub contract: Option<Contract>,
    /// The cards of the play section in the order they were played.
    pub play: Vec<Card>,
}

/// Reads every game of a PBN file that has a `[Deal]` tag. Tags of a game carry over to
/// the next one only where PBN's `#` shorthand asks for it, which is not supported: such a
/// tag is an error.
pub fn parse_file(text: &str) -> Result<Vec<Game>, Error> {
    let mut games = Vec::new();
    let mut current: Vec<(String, String)> = Vec::new();
    let mut play_lines: Vec<String> = Vec::new();
    let mut in_play = false;
    let mut flush = |tags: &mut Vec<(String, String)>, play: &mut Vec<String>| -> Result<(), Error> {
        if tags.iter().any(|(k, _)| k == "Deal") {
            games.push(build_game(tags, play)?);
        }
        tags.clear();
        play.clear();
        Ok(())
    };
    for raw in text.lines() {
        let line = raw.trim();
        if line.starts_with('%') || line.starts_with(';') {
            continue;
        }
        if line.is_empty() {
            in_play = false;
            flush(&mut current, &mut play_lines)?;
            continue;
        }
        if line.starts_with('[') {
            let (key, value) = parse_tag(line)?;
            if key == "Event" && current.iter().any(|(k, _)| k == "Deal") {
                flush(&mut current, &mut play_lines)?;
            }
            in_play = key == "Play";
            current.push((key, value));
        } else if in_play {
            play_lines.push(line.to_string());
        }
    }
    flush(&mut current, &mut play_lines)?;
    Ok(games)
}

fn parse_tag(line: &str) -> Result<(String, String), Error> {
    let bad = || Error::Syntax(format!("bad PBN tag line: {line}"));
    let inner = line.strip_prefix('[').and_then(|l| l.trim_end().strip_suffix(']')).ok_or_else(bad)?;
    let (key, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let value = rest.trim().strip_prefix('"').and_then(|v| v.strip_suffix('"')).ok_or_else(bad)?;
    Ok((key.to_string(), value.to_string()))
}

fn build_game(tags: &[(String, String)], play_lines: &[String]) -> Result<Game, Error> {
    let tag = |name: &str| tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let deal = parse_deal(tag("Deal").unwrap_or_default())?;
    let seat = |name: &str| -> Result<Option<Seat>, Error> {
        match tag(name).map(str::trim) {
            None | Some("") | Some("?") => Ok(None),
            Some(v) => Seat::parse(v).map(Some).ok_or_else(|| Error::UnknownSeat(v.into())),
        }
    };
    let dealer = seat("Dealer")?;
    let declarer = seat("Declarer")?;
    let vulnerable = match tag("Vulnerable") {
        None => None,
        Some(v) => Some(Vulnerability::parse(v).ok_or_else(|| Error::Syntax(format!("bad vulnerability '{v}'")))?),
    };
    let contract = match tag("Contract") {
        Some(c) => Contract::parse(c)?,
        None => None,
    };
    let play = match seat("Play")? {
        Some(first) => play_section(contract.map(|c| c.strain), first, play_lines)?,
        None => Vec::new(),
    };
    Ok(Game { deal, dealer, vulnerable, declarer, contract, play })
}

/// The play section lists each trick in seat order starting from the `[Play]` seat;
/// this turns it into the order of play, which depends on who won each trick.
fn play_section(strain: Option<Strain>, first: Seat, lines: &[String]) -> Result<Vec<Card>, Error> {
    let trump = strain.and_then(Strain::trump);
    let mut leader = first;
    let mut order = Vec::new();
    for line in lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first().is_some_and(|t| t.starts_with('*')) {
            break;
        }
        let mut by_seat: [Option<Card>; 4] = [None; 4];
        for (i, token) in tokens.iter().take(4).enumerate() {
            if *token == "-" || token.starts_with('*') {
                continue;
            }
            let token = token.trim_end_matches(['!', '?']);
            let card = Card::parse(token)?;
            by_seat[first.offset(i).index()] = Some(card);
        }
        let mut trick = Vec::new();
        for i in 0..4 {
            match by_seat[leader.offset(i).index()] {
                Some(c) => trick.push(c),
                None => break,
            }
        }
        order.extend_from_slice(&trick);
        if trick.len() < 4 {
            break;
        }
        leader = leader.offset(crate::trick::trick_winner(&trick, trump));
        if tokens.iter().any(|t| t.starts_with('*')) {
            break;
        }
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962";
        let deal = parse_deal(text).unwrap();
        assert_eq!(deal.to_pbn(), text);
        let rotated = parse_deal("E:64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962 AQJT832.743.5.73").unwrap();
        assert_eq!(rotated, deal);
    }

    #[test]
    fn errors_name_the_problem() {
        let dup = parse_deal("N:AQJT832.743.5.73 A4.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A962");
        assert_eq!(dup.unwrap_err().code(), "duplicate-card");
        let short = parse_deal("N:AQJT832.743.5.73 64.Q9862.QT9.KT5 95.T.AJ7432.QJ84 K7.AKJ5.K86.A96");
        let err = short.unwrap_err();
        assert_eq!(err.code(), "unequal-hands");
        assert!(err.to_string().contains("missing: C2"), "{err}");
        assert_eq!(parse_deal("N:AZ.K.Q.J - - -").unwrap_err(), Error::UnknownRank('Z'));
    }
}
