//! The four seats, clockwise from North.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
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
        // Neither a match nor an array: once inlined, LLVM turned the match into jump tables
        // (their indirect jumps often mispredicted) and an array is a load.
        // SAFETY: `i & 3` is one of the four discriminants of this `repr(u8)` enum.
        unsafe { std::mem::transmute::<u8, Seat>((i & 3) as u8) }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_index_wraps_around_the_table_clockwise() {
        for (i, seat) in Seat::ALL.into_iter().cycle().take(12).enumerate() {
            assert_eq!(Seat::from_index(i), seat);
        }
        assert_eq!(Seat::West.offset(3), Seat::South);
        assert_eq!(Seat::North.prev(), Seat::West);
    }
}
