//! A deal (four hands, possibly an ending) and a position to solve within it.

use crate::trick::trick_winner;
use crate::{Card, Cards, Error, Seat, Strain};

/// Four disjoint hands of equal size: a full deal or an ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [Cards; 4],
}

impl Deal {
    pub fn new(hands: [Cards; 4]) -> Result<Deal, Error> {
        let mut seen = Cards::EMPTY;
        for (i, &hand) in hands.iter().enumerate() {
            if let Some(card) = (hand & seen).iter().next() {
                return Err(Error::DuplicateCard(card));
            }
            if hand.len() > 13 {
                return Err(Error::TooManyCards { seat: Seat::from_index(i), count: hand.len() as u8 });
            }
            seen |= hand;
        }
        let sizes = hands.map(|h| h.len() as u8);
        if sizes.iter().any(|&s| s != sizes[0]) {
            let max = *sizes.iter().max().unwrap_or(&0);
            // With a 13-card hand present, the intended deal is a full one.
            let missing = if max == 13 { !seen } else { Cards::EMPTY };
            return Err(Error::UnequalHands { sizes, missing });
        }
        Ok(Deal { hands })
    }

    pub fn hands(&self) -> [Cards; 4] {
        self.hands
    }

    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    /// Cards per hand.
    pub fn size(&self) -> u32 {
        self.hands[0].len()
    }

    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self.hand(*s).contains(card))
    }

    /// PBN notation from North: `N:AK.… …`.
    pub fn to_pbn(&self) -> String {
        self.to_pbn_from(Seat::North)
    }

    /// PBN notation with the hands clockwise from `first`.
    pub fn to_pbn_from(&self, first: Seat) -> String {
        let hands: Vec<String> = (0..4).map(|i| self.hand(first.offset(i)).to_string()).collect();
        format!("{}:{}", first.letter(), hands.join(" "))
    }
}

impl std::fmt::Display for Deal {
    /// PBN notation from North.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_pbn())
    }
}

/// Where a search starts: the hands as they were when the current trick began, the strain,
/// who led the current trick and the cards already played to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    deal: Deal,
    strain: Strain,
    leader: Seat,
    trick: Vec<Card>,
}

impl Position {
    pub fn new(deal: Deal, strain: Strain, leader: Seat, trick: &[Card]) -> Result<Position, Error> {
        if trick.len() > 3 {
            return Err(Error::TrickTooLong(trick.len()));
        }
        if !trick.is_empty() && deal.size() == 0 {
            return Err(Error::NoCardsLeft);
        }
        for (i, &card) in trick.iter().enumerate() {
            let seat = leader.offset(i);
            let hand = deal.hand(seat);
            if !hand.contains(card) {
                if trick[..i].contains(&card) {
                    return Err(Error::DuplicateCard(card));
                }
                return Err(Error::CardNotHeld { card, seat });
            }
            let led = trick[0].suit();
            if i > 0 && card.suit() != led && hand.suit_len(led) > 0 {
                return Err(Error::Revoke { card, seat, led });
            }
        }
        Ok(Position { deal, strain, leader, trick: trick.to_vec() })
    }

    /// The start of a trick: nothing played to it yet.
    pub fn at_trick_start(deal: Deal, strain: Strain, leader: Seat) -> Position {
        Position { deal, strain, leader, trick: Vec::new() }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    pub fn strain(&self) -> Strain {
        self.strain
    }

    pub fn leader(&self) -> Seat {
        self.leader
    }

    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    pub fn to_move(&self) -> Seat {
        self.leader.offset(self.trick.len())
    }

    /// Tricks still to be won, the current one included.
    pub fn tricks_left(&self) -> u32 {
        self.deal.size()
    }

    /// The hands with the current trick's cards removed.
    pub fn remaining(&self) -> [Cards; 4] {
        let mut hands = self.deal.hands();
        for (i, &card) in self.trick.iter().enumerate() {
            hands[self.leader.offset(i).index()].remove(card);
        }
        hands
    }

    /// The cards the player to move may play.
    pub fn legal_cards(&self) -> Cards {
        let hand = self.remaining()[self.to_move().index()];
        match self.trick.first() {
            Some(lead) if hand.suit_len(lead.suit()) > 0 => hand.in_suit(lead.suit()),
            _ => hand,
        }
    }

    /// The legal cards of the player to move in groups of equivalent cards: touching ranks
    /// in one hand, counting the cards already played as gone. Spades first, high to low.
    pub fn groups(&self) -> Vec<Cards> {
        crate::moves::groups(&self.remaining(), self.legal_cards(), &self.trick)
    }

    /// The position after `card` is played; completing a trick moves to the next one.
    pub fn play(&self, card: Card) -> Result<Position, Error> {
        Ok(self.play_scored(card)?.0)
    }

    /// [`Position::play`], with the seat that won the trick when `card` completed it.
    pub fn play_scored(&self, card: Card) -> Result<(Position, Option<Seat>), Error> {
        if self.tricks_left() == 0 {
            return Err(Error::NoCardsLeft);
        }
        let seat = self.to_move();
        let hand = self.remaining()[seat.index()];
        if !hand.contains(card) {
            return Err(Error::CardNotHeld { card, seat });
        }
        if let Some(lead) = self.trick.first() {
            if card.suit() != lead.suit() && hand.suit_len(lead.suit()) > 0 {
                return Err(Error::Revoke { card, seat, led: lead.suit() });
            }
        }
        let mut trick = self.trick.clone();
        trick.push(card);
        if trick.len() < 4 {
            return Ok((Position { deal: self.deal, strain: self.strain, leader: self.leader, trick }, None));
        }
        let winner = self.leader.offset(trick_winner(&trick, self.strain.trump()));
        let mut hands = self.deal.hands();
        for (i, &c) in trick.iter().enumerate() {
            hands[self.leader.offset(i).index()].remove(c);
        }
        Ok((Position::at_trick_start(Deal { hands }, self.strain, winner), Some(winner)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        Card::parse(s).unwrap()
    }

    #[test]
    fn the_fourth_card_completes_the_trick() {
        let deal = crate::pbn::parse_deal("N:A2... K3... Q4... J5...").unwrap();
        let mut pos = Position::at_trick_start(deal, Strain::NoTrump, Seat::North);
        for c in ["SA", "S3", "S4", "S5"] {
            pos = pos.play(card(c)).unwrap();
        }
        assert_eq!((pos.leader(), pos.tricks_left(), pos.trick().len()), (Seat::North, 1, 0));
        assert_eq!(pos.play(card("SK")).unwrap_err(), Error::CardNotHeld { card: card("SK"), seat: Seat::North });
        let revoke = Position::at_trick_start(deal, Strain::NoTrump, Seat::North).play(card("SA")).unwrap();
        assert_eq!(revoke.legal_cards().len(), 2);
    }
}
