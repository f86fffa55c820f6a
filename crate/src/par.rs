//! Par score and par contracts of a double-dummy table, printed as DDS prints them.
//!
//! Par is the result of an auction in which both sides see all the cards, take exactly the
//! tricks of the [`DdTable`], and double every contract that fails. It is found here by
//! backward induction over the 35 bids: a side that has bid a contract either sees it stand
//! (made undoubled, or doubled and down) or the other side bids higher. Which side may bid
//! first matters only in rare cases, such as both sides making 1NT.
//!
//! The par contracts are the contracts that can end the auction at the par score: those of
//! the side with the plus score that score it and that the opponents cannot profitably
//! outbid, or else the opponents' doubled sacrifices that cost it and that the plus side
//! cannot profitably outbid.

use crate::{DdTable, Seat, Strain, Vulnerability};
use std::cmp::Reverse;

/// The par results of DDS `Par()`: one for each side bidding first.
///
/// The two halves differ only when being first to bid matters, as when both sides can make
/// 1NT.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Par {
    /// The par score for North-South when North-South bid first (the number in `par_ns`).
    pub score_ns: i32,
    /// North-South's par score when they bid first, from their side: `"NS -100"`.
    pub par_ns: String,
    /// East-West's par score when they bid first, from their side: `"EW 100"`.
    pub par_ew: String,
    /// The par contracts when North-South bid first: `"NS:NS 3Sx"`, `"NS:E 34N"`,
    /// `"NS:NS 3N,NS 5C"`; just `"NS:"` when the deal is passed out.
    pub contracts_ns: String,
    /// The par contracts when East-West bid first: `"EW:NS 3Sx"`; `"EW:"` if passed out.
    pub contracts_ew: String,
}

/// The par results of DDS `DealerPar()`: the dealer's side bids first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DealerPar {
    /// The par score for North-South.
    pub score_ns: i32,
    /// The par contracts as DDS writes them: `"3S*-NS-1"` (3S doubled by North-South, one
    /// down), `"3N-E+1"` (3NT by East with an overtrick), or the single entry `"pass"`.
    pub contracts: Vec<String>,
}

impl DealerPar {
    /// The contracts joined with commas: `"1C-EW+2,1H-EW+1"`.
    pub fn contracts_text(&self) -> String {
        self.contracts.join(",")
    }
}

/// DDS `Par()`: the par score and contracts for each side bidding first.
pub fn par(table: &DdTable, vul: Vulnerability) -> Par {
    let board = Board::new(table, vul);
    let (ns_first, ew_first) = (board.par_value(NS), board.par_value(EW));
    Par {
        score_ns: ns_first,
        par_ns: format!("NS {ns_first}"),
        par_ew: format!("EW {}", -ew_first),
        contracts_ns: format!("NS:{}", board.par_text(ns_first)),
        contracts_ew: format!("EW:{}", board.par_text(ew_first)),
    }
}

/// DDS `DealerPar()`: the par score and contracts when the dealer's side bids first.
pub fn dealer_par(table: &DdTable, dealer: Seat, vul: Vulnerability) -> DealerPar {
    let board = Board::new(table, vul);
    let score_ns = board.par_value(side_of(dealer));
    DealerPar { score_ns, contracts: board.dealer_texts(score_ns) }
}

/// Sides index `Board` arrays: a seat's side is its index modulo 2.
const NS: usize = 0;
const EW: usize = 1;

fn side_of(seat: Seat) -> usize {
    seat.index() & 1
}

/// The 35 bids in order: bid `k` is level `k / 5 + 1` in strain `BID_ORDER[k % 5]`.
const BIDS: usize = 35;
const BID_ORDER: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];

fn bid_level(k: usize) -> u8 {
    (k / 5 + 1) as u8
}

fn bid_strain(k: usize) -> Strain {
    BID_ORDER[k % 5]
}

/// A strain's rank in the bidding, clubs lowest.
fn bid_rank(strain: Strain) -> usize {
    BID_ORDER.iter().position(|&s| s == strain).unwrap()
}

/// The strain letters of DDS's par texts (notrump is `N`), by `Strain::index`.
const STRAIN_LETTER: [char; 5] = ['S', 'H', 'D', 'C', 'N'];

/// `better(side, a, b)`: whether the North-South score `a` is better than `b` for `side`.
fn better(side: usize, a: i32, b: i32) -> bool {
    if side == NS {
        a > b
    } else {
        a < b
    }
}

fn best(side: usize, a: i32, b: i32) -> i32 {
    if better(side, b, a) {
        b
    } else {
        a
    }
}

/// The duplicate score of an undoubled contract that takes `tricks >= level + 6` tricks.
fn made_score(level: u8, strain: Strain, tricks: u8, vul: bool) -> i32 {
    let per_trick = match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        _ => 30,
    };
    let first_trick = if strain == Strain::NoTrump { 40 } else { per_trick };
    let contract_points = first_trick + per_trick * (i32::from(level) - 1);
    let overtricks = i32::from(tricks) - i32::from(level) - 6;
    let mut score = contract_points + per_trick * overtricks;
    score += match (contract_points >= 100, vul) {
        (false, _) => 50,
        (true, false) => 300,
        (true, true) => 500,
    };
    score += match (level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    score
}

/// What declarer loses `down` tricks short in a doubled contract.
fn doubled_penalty(down: i32, vul: bool) -> i32 {
    match (vul, down) {
        (true, _) => 300 * down - 100,
        (false, 1) => 100,
        (false, 2) => 300,
        (false, _) => 300 * down - 400,
    }
}

/// A contract that can end the auction at the par score.
struct ParContract {
    side: usize,
    level: u8,
    strain: Strain,
    /// A doubled contract that fails.
    sacrifice: bool,
}

/// The table seen side by side, with each bid's outcome for both sides.
struct Board<'a> {
    table: &'a DdTable,
    /// `outcome[k][side]`: North-South's score when `side` plays bid `k` from its better
    /// hand, undoubled if it makes and doubled if not.
    outcome: [[i32; 2]; BIDS],
}

impl<'a> Board<'a> {
    fn new(table: &'a DdTable, vul: Vulnerability) -> Board<'a> {
        let mut board = Board { table, outcome: [[0; 2]; BIDS] };
        for k in 0..BIDS {
            for side in [NS, EW] {
                let (level, strain) = (bid_level(k), bid_strain(k));
                let tricks = board.tricks(side, strain);
                let vulnerable = vul.is_vulnerable(Seat::from_index(side));
                let score = if tricks >= level + 6 {
                    made_score(level, strain, tricks, vulnerable)
                } else {
                    -doubled_penalty(i32::from(level + 6) - i32::from(tricks), vulnerable)
                };
                board.outcome[k][side] = if side == NS { score } else { -score };
            }
        }
        board
    }

    /// The tricks of the side's better declarer.
    fn tricks(&self, side: usize, strain: Strain) -> u8 {
        let t = &self.table.tricks;
        t[side][strain.index()].max(t[side + 2][strain.index()])
    }

    /// The declarers who take the side's best tricks: `"NS"` when both do, else one seat.
    fn declarers(&self, side: usize, strain: Strain) -> &'static str {
        let best = self.tricks(side, strain);
        let first = self.table.tricks[side][strain.index()] == best;
        let second = self.table.tricks[side + 2][strain.index()] == best;
        match (side, first, second) {
            (NS, true, true) => "NS",
            (NS, true, false) => "N",
            (NS, false, _) => "S",
            (_, true, true) => "EW",
            (_, true, false) => "E",
            (_, false, _) => "W",
        }
    }

    /// The par score for North-South when `first` has the first chance to bid.
    fn par_value(&self, first: usize) -> i32 {
        // over[side][k]: the best `side`, on turn, can get by bidding some j >= k (None once
        // nothing is left to bid). After `side` bids j the other side either lets it stand
        // or does its best over j + 1.
        let mut over = [[None::<i32>; BIDS + 1]; 2];
        for k in (0..BIDS).rev() {
            for side in [NS, EW] {
                let other = 1 - side;
                let stand = self.outcome[k][side];
                let bid = over[other][k + 1].map_or(stand, |x| best(other, stand, x));
                over[side][k] = Some(over[side][k + 1].map_or(bid, |x| best(side, bid, x)));
            }
        }
        // Until someone opens, the auction goes round the table once: four passes end it.
        let open = |side: usize| over[side][0].unwrap();
        [first, 1 - first, first, 1 - first].iter().rev().fold(0, |value, &side| best(side, open(side), value))
    }

    /// The contracts that can end the auction at `score` (North-South's par score).
    fn par_contracts(&self, score: i32) -> Vec<ParContract> {
        if score == 0 {
            return Vec::new();
        }
        let plus = if score > 0 { NS } else { EW };
        let minus = 1 - plus;
        let mut found = Vec::new();
        for k in 0..BIDS {
            let (level, strain) = (bid_level(k), bid_strain(k));
            // The plus side's contract stands if no higher bid gains the opponents anything
            // at once, be it a contract they make or a cheaper sacrifice.
            let makes = self.tricks(plus, strain) >= level + 6;
            if makes
                && self.outcome[k][plus] == score
                && (k + 1..BIDS).all(|j| !better(minus, self.outcome[j][minus], score))
            {
                found.push(ParContract { side: plus, level, strain, sacrifice: false });
            }
            // A sacrifice stands if the plus side has nothing higher that scores more.
            let fails = self.tricks(minus, strain) < level + 6;
            if fails
                && self.outcome[k][minus] == score
                && (k + 1..BIDS).all(|j| !better(plus, self.outcome[j][plus], score))
            {
                found.push(ParContract { side: minus, level, strain, sacrifice: true });
            }
        }
        found
    }

    /// `Par()`'s list after the `NS:` or `EW:`: one entry per strain, notrump first, then
    /// S H D C, each with every level that scores par: `NS 3N,NS 5C`, `E 34N`, `EW 4Hx`.
    fn par_text(&self, score: i32) -> String {
        let found = self.par_contracts(score);
        let mut entries = Vec::new();
        for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
            let here: Vec<&ParContract> = found.iter().filter(|c| c.strain == strain).collect();
            let Some(first) = here.first() else { continue };
            let levels: String = here.iter().map(|c| c.level.to_string()).collect();
            entries.push(format!(
                "{} {levels}{}{}",
                self.declarers(first.side, strain),
                STRAIN_LETTER[strain.index()],
                if first.sacrifice { "x" } else { "" }
            ));
        }
        entries.join(",")
    }

    /// `DealerPar()`'s contracts: the lowest par level of each strain, with the result.
    /// Made contracts come most tricks first, ties in S H D C order; sacrifices highest level
    /// first, ties in bidding order (clubs first).
    fn dealer_texts(&self, score: i32) -> Vec<String> {
        let found = self.par_contracts(score);
        if found.is_empty() {
            return vec!["pass".to_string()];
        }
        let mut entries = Vec::new();
        for (i, c) in found.iter().enumerate() {
            // Levels come in ascending order, so the first of a strain is its lowest.
            if found[..i].iter().any(|d| d.strain == c.strain) {
                continue;
            }
            let tricks = self.tricks(c.side, c.strain);
            let name = format!(
                "{}{}{}-{}",
                c.level,
                STRAIN_LETTER[c.strain.index()],
                if c.sacrifice { "*" } else { "" },
                self.declarers(c.side, c.strain)
            );
            let (key, text) = if c.sacrifice {
                let down = c.level + 6 - tricks;
                ((1, Reverse(c.level), bid_rank(c.strain)), format!("{name}-{down}"))
            } else {
                let over = tricks - c.level - 6;
                let text = if over > 0 { format!("{name}+{over}") } else { name };
                ((0, Reverse(tricks), c.strain.index()), text)
            };
            entries.push((key, text));
        }
        entries.sort();
        entries.into_iter().map(|(_, text)| text).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table from per-strain tricks (S H D C NT) for North, East, South and West.
    fn table(rows: [[u8; 5]; 4]) -> DdTable {
        DdTable { tricks: rows }
    }

    #[test]
    fn scores() {
        assert_eq!(made_score(1, Strain::NoTrump, 7, false), 90);
        assert_eq!(made_score(2, Strain::Spades, 9, false), 140);
        assert_eq!(made_score(3, Strain::NoTrump, 10, true), 630);
        assert_eq!(made_score(5, Strain::Clubs, 11, false), 400);
        assert_eq!(made_score(4, Strain::Clubs, 10, true), 130);
        assert_eq!(made_score(6, Strain::Hearts, 12, true), 1430);
        assert_eq!(made_score(7, Strain::NoTrump, 13, true), 2220);
        let nonvul: Vec<i32> = (1..=5).map(|d| doubled_penalty(d, false)).collect();
        assert_eq!(nonvul, [100, 300, 500, 800, 1100]);
        let vul: Vec<i32> = (1..=5).map(|d| doubled_penalty(d, true)).collect();
        assert_eq!(vul, [200, 500, 800, 1100, 1400]);
    }

    #[test]
    fn passed_out() {
        // Nobody takes seven tricks anywhere: DDS prints no contract, and "pass".
        let t = table([[6; 5]; 4]);
        for vul in [Vulnerability::None, Vulnerability::Both] {
            assert_eq!(
                par(&t, vul),
                Par {
                    score_ns: 0,
                    par_ns: "NS 0".into(),
                    par_ew: "EW 0".into(),
                    contracts_ns: "NS:".into(),
                    contracts_ew: "EW:".into(),
                }
            );
            let dp = dealer_par(&t, Seat::West, vul);
            assert_eq!(dp.score_ns, 0);
            assert_eq!(dp.contracts_text(), "pass");
        }
        assert_eq!(par(&DdTable::default(), Vulnerability::None).score_ns, 0);
    }

    #[test]
    fn game_with_overtrick() {
        // East makes 10 tricks in notrump, West 9: 3NT+1 and 4NT score the same.
        let t = table([[3, 4, 2, 7, 2], [10, 9, 11, 6, 10], [3, 4, 2, 7, 2], [10, 9, 11, 6, 9]]);
        let p = par(&t, Vulnerability::NorthSouth);
        assert_eq!(p.par_ns, "NS -430");
        assert_eq!(p.par_ew, "EW 430");
        assert_eq!(p.contracts_ns, "NS:E 34N");
        assert_eq!(p.contracts_ew, "EW:E 34N");
        let dp = dealer_par(&t, Seat::South, Vulnerability::NorthSouth);
        assert_eq!(dp.score_ns, -430);
        assert_eq!(dp.contracts, ["3N-E+1"]);
    }

    #[test]
    fn sacrifice() {
        // East-West make 3H (West 9 tricks); North-South's 3S goes one down doubled.
        let t = table([[8, 4, 7, 5, 6], [4, 8, 6, 7, 5], [8, 4, 7, 5, 6], [4, 9, 6, 7, 5]]);
        let p = par(&t, Vulnerability::None);
        assert_eq!((p.score_ns, p.contracts_ns.as_str()), (-100, "NS:NS 3Sx"));
        assert_eq!(p.contracts_ew, "EW:NS 3Sx");
        let dp = dealer_par(&t, Seat::North, Vulnerability::None);
        assert_eq!(dp.contracts_text(), "3S*-NS-1");
    }

    #[test]
    fn first_to_bid_takes_the_shared_contract() {
        // Both sides make exactly 1NT and nothing else: whoever bids first gets it.
        let t = table([[7, 6, 6, 7, 7], [6, 7, 7, 6, 7], [7, 6, 6, 7, 7], [6, 7, 7, 6, 7]]);
        let p = par(&t, Vulnerability::EastWest);
        assert_eq!((p.par_ns.as_str(), p.par_ew.as_str()), ("NS 90", "EW 90"));
        assert_eq!((p.contracts_ns.as_str(), p.contracts_ew.as_str()), ("NS:NS 1N", "EW:EW 1N"));
        let south = dealer_par(&t, Seat::South, Vulnerability::EastWest);
        assert_eq!((south.score_ns, south.contracts_text()), (90, "1N-NS".into()));
        let west = dealer_par(&t, Seat::West, Vulnerability::EastWest);
        assert_eq!((west.score_ns, west.contracts_text()), (-90, "1N-EW".into()));
    }
}
