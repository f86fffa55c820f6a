//! A trick: who wins it, and the trick in progress as the search keeps it.

use crate::{Card, Cards, Seat, Suit};

/// The cards of the trick in progress.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Trick {
    pub leader: Seat,
    pub cards: [Card; 4],
    pub len: usize,
    trump: Option<Suit>,
    /// The card winning so far and its index, kept up to date: every node asks for them.
    winning: Card,
    winner: usize,
    /// The cards played so far, as a set.
    played: Cards,
}

impl Trick {
    pub fn new(leader: Seat, trump: Option<Suit>) -> Trick {
        Trick {
            leader,
            cards: [Card::new(Suit::Spades, 2); 4],
            len: 0,
            trump,
            winning: Card::new(Suit::Spades, 2),
            winner: 0,
            played: Cards::EMPTY,
        }
    }

    pub fn to_move(self) -> Seat {
        self.leader.offset(self.len)
    }

    pub fn played(&self) -> Cards {
        self.played
    }

    pub fn with(&self, card: Card) -> Trick {
        let mut t = *self;
        if t.len == 0 || beats(card, t.winning, t.trump) {
            t.winner = t.len;
            t.winning = card;
        }
        t.cards[t.len] = card;
        t.played.insert(card);
        t.len += 1;
        t
    }

    /// Index of the card winning so far.
    pub fn winner(&self) -> usize {
        self.winner
    }

    /// The card winning so far (meaningless in an empty trick).
    pub fn winning(&self) -> Card {
        self.winning
    }
}

/// Index (0..4 from the leader) of the card that wins a complete or partial trick.
pub fn trick_winner(trick: &[Card], trump: Option<Suit>) -> usize {
    let mut best = 0;
    for (i, &card) in trick.iter().enumerate().skip(1) {
        if beats(card, trick[best], trump) {
            best = i;
        }
    }
    best
}

/// Does `card`, played to a trick, beat `best`, the card winning it so far?
pub(crate) fn beats(card: Card, best: Card, trump: Option<Suit>) -> bool {
    if card.suit() == best.suit() {
        card.rank() > best.rank()
    } else {
        Some(card.suit()) == trump
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    #[test]
    fn winner_follows_suit_and_trumps() {
        let t = [card("S2"), card("SA"), card("H3"), card("S5")];
        assert_eq!(trick_winner(&t, None), 1);
        assert_eq!(trick_winner(&t, Some(Suit::Hearts)), 2);
        assert_eq!(trick_winner(&t, Some(Suit::Clubs)), 1);
    }
}
