//! A single card: a suit and a rank from 2 to 14 (ace).

use crate::Suit;
use std::fmt;

pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";

/// Encoded as `suit * 16 + rank`, the card's bit index in [`crate::Cards`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: u8) -> Card {
        debug_assert!(rank >= 2 && rank <= 14);
        Card((suit as u8) << 4 | rank)
    }

    pub(crate) const fn from_bit(bit: u32) -> Card {
        Card(bit as u8)
    }

    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 4) as usize)
    }

    pub const fn rank(self) -> u8 {
        self.0 & 15
    }

    pub fn rank_char(self) -> char {
        rank_char(self.rank())
    }
}

pub fn rank_char(rank: u8) -> char {
    RANK_CHARS[(rank - 2) as usize] as char
}

pub fn rank_from_char(c: char) -> Option<u8> {
    let u = c.to_ascii_uppercase() as u8;
    RANK_CHARS.iter().position(|&r| r == u).map(|p| p as u8 + 2)
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
