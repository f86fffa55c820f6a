//! The four seats, clockwise from North.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Seat {
        // A match on the discriminants compiles to nothing; an array lookup is a load.
        match i & 3 {
            0 => Seat::North,
            1 => Seat::East,
            2 => Seat::South,
            _ => Seat::West,
        }
    }

    /// The next player clockwise: the left-hand opponent.
    pub const fn next(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    pub const fn prev(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// `n` seats clockwise from here.
    pub const fn offset(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    pub const fn is_ns(self) -> bool {
        self as usize & 1 == 0
    }

    pub fn from_char(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }

    pub fn parse(s: &str) -> Option<Seat> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Seat::from_char(c),
            _ => None,
        }
    }

    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
