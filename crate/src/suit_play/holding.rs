//! The two North-South holdings of one suit, read from text such as `AK987x` and `Jx`.

use crate::{Error, Seat};
use std::fmt;

/// The ranks of one suit as a bit set: bit 0 is the 2, bit 12 the ace.
pub type RankSet = u16;

/// Every rank of the suit.
pub const FULL_SUIT: RankSet = (1 << 13) - 1;

/// The ranks of a set, lowest first.
pub fn ranks(set: RankSet) -> impl DoubleEndedIterator<Item = u8> {
    (0..13u8).filter(move |r| set >> r & 1 == 1)
}

/// The letter of rank `r` (0 is the 2, 12 the ace), `T` for the ten.
pub fn rank_letter(r: u8) -> char {
    crate::card::rank_char(r + 2)
}

/// A set of ranks written highest first (`AK9872`), `-` when empty.
pub fn ranks_text(set: RankSet) -> String {
    if set == 0 {
        return "-".into();
    }
    ranks(set).rev().map(rank_letter).collect()
}

/// North's and South's cards of the suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Holding {
    pub north: RankSet,
    pub south: RankSet,
}

impl Holding {
    /// Reads both hands. Named ranks are `AKQJT98765432` (`10` for the ten, either case);
    /// each `x` takes the lowest rank named in neither hand, North's before South's; `-` or
    /// nothing is a void.
    pub fn parse(north: &str, south: &str) -> Result<Holding, Error> {
        let (north_named, north_spots) = named_ranks(north, Seat::North)?;
        let (south_named, south_spots) = named_ranks(south, Seat::South)?;
        if let Some(r) = (0..13u8).find(|r| (north_named & south_named) >> r & 1 == 1) {
            return Err(Error::DuplicateRank(rank_letter(r)));
        }
        let named = north_named | south_named;
        let total = named.count_ones() as usize + north_spots + south_spots;
        if total > 13 {
            return Err(Error::SuitTooLong { count: total });
        }
        let mut free = (0..13u8).filter(|r| named >> r & 1 == 0);
        let mut take = |n: usize| (0..n).fold(0, |set: RankSet, _| set | 1 << free.next().expect("counted above"));
        let holding = Holding { north: north_named | take(north_spots), south: south_named | take(south_spots) };
        if holding.north | holding.south == 0 {
            return Err(Error::NoSuitCards);
        }
        Ok(holding)
    }

    /// The ranks that East-West hold between them.
    pub fn missing(&self) -> RankSet {
        FULL_SUIT & !(self.north | self.south)
    }
}

impl fmt::Display for Holding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} / {}", ranks_text(self.north), ranks_text(self.south))
    }
}

/// The named ranks of one hand and how many `x` it holds.
fn named_ranks(text: &str, seat: Seat) -> Result<(RankSet, usize), Error> {
    let text = text.trim();
    let mut named: RankSet = 0;
    let mut spots = 0;
    let mut chars = text.chars().peekable();
    if text == "-" {
        return Ok((0, 0));
    }
    while let Some(c) = chars.next() {
        let rank = match c {
            'x' | 'X' => {
                spots += 1;
                continue;
            }
            c if c.is_whitespace() => continue,
            '1' if chars.peek() == Some(&'0') => {
                chars.next();
                Some(10)
            }
            c => crate::card::rank_from_char(c),
        };
        let r = rank.ok_or(Error::UnknownRank(c))? - 2;
        if named >> r & 1 == 1 {
            return Err(Error::DuplicateRank(rank_letter(r)));
        }
        named |= 1 << r;
    }
    let count = named.count_ones() as usize + spots;
    if count > 13 {
        return Err(Error::TooManyCards { seat, count: count.min(255) as u8 });
    }
    Ok((named, spots))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_take_the_lowest_free_ranks_north_first() {
        let h = Holding::parse("AK987x", "Jx").unwrap();
        assert_eq!((ranks_text(h.north), ranks_text(h.south)), ("AK9872".into(), "J3".into()));
        assert_eq!(ranks_text(h.missing()), "QT654");
        let h = Holding::parse("a1042", "953").unwrap();
        assert_eq!(ranks_text(h.north), "AT42");
        assert_eq!(Holding::parse("AKQT", "-").unwrap().south, 0);
    }
}
