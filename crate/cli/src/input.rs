//! Reading the commands' input into requests: deals, positions and play records, one per
//! line (text or JSON) or one per game of a PBN file.

use crate::run::Numbered;
use glasshand::schema::{parse_deal, CardList, Kind, PlayRequest, Request};
use glasshand::{pbn, Deal, Error, Game};

pub fn read_input(file: &Option<String>) -> Result<String, String> {
    use std::io::Read;
    match file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(|e| format!("reading standard input: {e}"))?;
            Ok(text)
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}")),
    }
}

/// The non-empty lines with their numbers (from 1).
pub fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l)).collect()
}

/// A deal to solve with the PBN tags that came with it, if any.
pub struct DealInput {
    pub line: usize,
    pub deal: Result<Deal, Error>,
    pub game: Option<Game>,
}

/// Deals from a PBN file (when the text has `[Deal` tags) or one per line (`#` comments).
pub fn read_deals(text: &str) -> Result<Vec<DealInput>, String> {
    if is_pbn_file(text) {
        let games = pbn::parse_file(text).map_err(|e| format!("PBN file: {e}"))?;
        return Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, g)| DealInput { line: i + 1, deal: Ok(g.deal), game: Some(g) })
            .collect());
    }
    Ok(numbered_lines(text)
        .into_iter()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .map(|(line, l)| DealInput { line, deal: parse_deal(l), game: None })
        .collect())
}

/// A request of `kind` from each JSON line.
pub fn read_json_requests(text: &str, kind: Kind) -> Vec<Numbered> {
    numbered_lines(text).into_iter().map(|(line, l)| (line, json_request(kind, l))).collect()
}

pub fn json_request(kind: Kind, line: &str) -> Result<Request, Error> {
    Request::deserialize(kind, &mut serde_json::Deserializer::from_str(line)).map_err(|e| match e {
        // serde_json's own message for text that is not JSON at all.
        Error::BadRequest(m) if serde_json::from_str::<serde_json::Value>(line).is_err() => Error::Syntax(m),
        e => e,
    })
}

/// Play records: the games of a PBN file (contract, declarer and play section), or JSON
/// lines `{"deal", "trump", "leader", "play"}`.
pub fn read_plays(text: &str) -> Result<Vec<Numbered>, String> {
    if !is_pbn_file(text) {
        return Ok(read_json_requests(text, Kind::Play));
    }
    let games = pbn::parse_file(text).map_err(|e| format!("PBN file: {e}"))?;
    let request = |g: Game| {
        let contract = g.contract.ok_or_else(|| Error::Syntax("the game has no [Contract]".into()))?;
        let declarer = g.declarer.ok_or_else(|| Error::Syntax("the game has no [Declarer]".into()))?;
        Ok(Request::Play(PlayRequest {
            deal: g.deal.to_pbn(),
            trump: contract.strain.to_string(),
            leader: declarer.next().to_string(),
            play: CardList::List(g.play.iter().map(|c| c.to_string()).collect()),
            options: Default::default(),
        }))
    };
    Ok(games.into_iter().enumerate().map(|(i, g)| (i + 1, request(g))).collect())
}

fn is_pbn_file(text: &str) -> bool {
    text.contains("[Deal ")
}
