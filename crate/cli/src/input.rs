//! Reading the commands' input: deals, positions and play records, one per line or from a
//! PBN file.

use glasshand::schema::{parse_deal, PlayRequest, PositionRequest};
use glasshand::{pbn, Card, Deal, Error, Game, Position, Seat, Strain};

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
    pub text: String,
    pub game: Option<Game>,
}

/// Deals from a PBN file (when the text has `[Deal` tags) or one per line.
pub fn read_deals(text: &str) -> Result<Vec<DealInput>, String> {
    if text.contains("[Deal ") {
        let games = pbn::parse_file(text).map_err(|e| format!("PBN file: {e}"))?;
        return Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, g)| DealInput { line: i + 1, deal: Ok(g.deal), text: g.deal.to_pbn(), game: Some(g) })
            .collect());
    }
    Ok(numbered_lines(text)
        .into_iter()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .map(|(line, l)| {
            let t = l.trim().trim_matches('"');
            DealInput { line, deal: parse_deal(t), text: t.to_string(), game: None }
        })
        .collect())
}

fn json_line<T: serde::de::DeserializeOwned>(line: &str) -> Result<T, Error> {
    serde_json::from_str(line).map_err(|e| Error::Syntax(format!("bad JSON: {e}")))
}

/// A position from a JSON line `{"deal", "trump", "leader", "trick"}`.
pub fn parse_position(line: &str) -> Result<Position, Error> {
    json_line::<PositionRequest>(line)?.position()
}

/// A play record from the opening lead.
pub struct PlayInput {
    pub deal: Deal,
    pub strain: Strain,
    pub leader: Seat,
    pub play: Vec<Card>,
}

/// An input's line (or game) number, from 1, and the input or what is wrong with it.
pub type Numbered<T> = (usize, Result<T, Error>);

/// Play records of a PBN file (contract, declarer and play section) or of JSON lines
/// `{"deal", "trump", "leader", "play"}`, with their numbers.
pub fn read_plays(text: &str) -> Result<Vec<Numbered<PlayInput>>, String> {
    if text.contains("[Deal ") {
        let games = pbn::parse_file(text).map_err(|e| format!("PBN file: {e}"))?;
        let record = |g: Game| {
            let contract = g.contract.ok_or_else(|| Error::Syntax("the game has no [Contract]".into()))?;
            let declarer = g.declarer.ok_or_else(|| Error::Syntax("the game has no [Declarer]".into()))?;
            Ok(PlayInput { deal: g.deal, strain: contract.strain, leader: declarer.next(), play: g.play })
        };
        return Ok(games.into_iter().enumerate().map(|(i, g)| (i + 1, record(g))).collect());
    }
    let record = |line: &str| {
        let r: PlayRequest = json_line(line)?;
        Ok(PlayInput {
            deal: parse_deal(&r.deal)?,
            strain: r.trump.parse()?,
            leader: r.leader.parse()?,
            play: r.play.parse()?,
        })
    };
    Ok(numbered_lines(text).into_iter().map(|(i, line)| (i, record(line))).collect())
}
