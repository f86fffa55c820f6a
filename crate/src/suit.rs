//! Suits and strains, in DDS order: spades, hearts, diamonds, clubs, then notrump.

use std::fmt;

/// One of the four suits. The discriminant is the suit's lane in [`crate::Cards`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        // Neither a match nor an array: once inlined, LLVM turned the match into jump tables
        // (their indirect jumps often mispredicted) and an array is a load.
        // SAFETY: `i & 3` is one of the four discriminants of this `repr(u8)` enum.
        unsafe { std::mem::transmute::<u8, Suit>((i & 3) as u8) }
    }

    pub fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' | '♠' => Some(Suit::Spades),
            'H' | '♥' => Some(Suit::Hearts),
            'D' | '♦' => Some(Suit::Diamonds),
            'C' | '♣' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    pub const fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self as usize]
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A contract's denomination: a trump suit or notrump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
    NoTrump = 4,
}

impl Strain {
    /// DDS order (S H D C NT), as in its `TABLE` lines.
    pub const ALL: [Strain; 5] = [Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs, Strain::NoTrump];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Strain {
        Strain::ALL[i]
    }

    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::NoTrump => None,
            s => Some(Suit::from_index(s as usize)),
        }
    }

    /// Accepts `S H D C`, `N` and `NT` in any case.
    pub fn parse(s: &str) -> Option<Strain> {
        match s.trim().to_ascii_uppercase().as_str() {
            "S" => Some(Strain::Spades),
            "H" => Some(Strain::Hearts),
            "D" => Some(Strain::Diamonds),
            "C" => Some(Strain::Clubs),
            "N" | "NT" => Some(Strain::NoTrump),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        ["S", "H", "D", "C", "NT"][self as usize]
    }
}

impl From<Suit> for Strain {
    fn from(s: Suit) -> Strain {
        Strain::from_index(s.index())
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_index_is_the_lane_taken_modulo_four() {
        for (i, suit) in Suit::ALL.into_iter().cycle().take(12).enumerate() {
            assert_eq!(Suit::from_index(i), suit);
            assert_eq!(suit.index(), i % 4);
        }
    }
}
