//! Helpers shared by the integration tests: where the ground truth lives, a small seeded
//! RNG, random deals and endings, JSON loading, sampling for debug builds, and a plain
//! alpha-beta reference solver that shares no code with the engine's search.
//!
//! Each test file includes this module and uses part of it.
#![allow(dead_code)]

use glasshand::{Card, Cards, Deal, Position, Seat, Strain, Suit};
use serde_json::Value;

/// A file of the ground truth in the repository's `tests/data/`, found from any crate of the
/// workspace.
pub fn data_path(name: &str) -> String {
    let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = crate_dir.ancestors().map(|dir| dir.join("tests/data")).find(|dir| dir.join("tables.jsonl").is_file());
    let dir = data.unwrap_or_else(|| crate_dir.join("../tests/data"));
    format!("{}/{name}", dir.display())
}

pub fn read_data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"))
}

/// Every line of a JSON-lines file of the ground truth.
pub fn load_jsonl(name: &str) -> Vec<Value> {
    read_data(name)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1)))
        .collect()
}

/// `GLASSHAND_SAMPLE=n` caps every sampled set at `n` items (also in release builds).
fn sample_override() -> Option<usize> {
    std::env::var("GLASSHAND_SAMPLE").ok()?.trim().parse().ok()
}

/// How many items a test takes out of `full`: all of them in release builds, at most
/// `debug` in debug builds, at most `GLASSHAND_SAMPLE` when that is set.
pub fn sample_size(full: usize, debug: usize) -> usize {
    match sample_override() {
        Some(n) => full.min(n),
        None if cfg!(debug_assertions) => full.min(debug),
        None => full,
    }
}

/// The items a test checks, spread evenly over the set: all of them in release builds,
/// `debug` of them in debug builds.
pub fn sample<T: Clone>(items: &[T], debug: usize) -> Vec<T> {
    let n = sample_size(items.len(), debug);
    if n == items.len() {
        return items.to_vec();
    }
    (0..n).map(|i| items[i * items.len() / n].clone()).collect()
}

/// Trial counts for the property tests: `release` in release builds, `debug` otherwise.
pub fn trials(release: usize, debug: usize) -> usize {
    match sample_override() {
        Some(n) => release.min(n),
        None if cfg!(debug_assertions) => debug,
        None => release,
    }
}

/// The engine's seeded generator, with what the tests draw from it.
#[derive(Clone, Debug)]
pub struct Rng(glasshand::rng::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(glasshand::rng::Rng::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.0.shuffle(items)
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// A uniformly random member of a non-empty card set.
    pub fn pick_card(&mut self, cards: Cards) -> Card {
        let all: Vec<Card> = cards.iter().collect();
        self.pick(&all)
    }
}

pub const SEATS: [Seat; 4] = Seat::ALL;
pub const STRAINS: [Strain; 5] = Strain::ALL;

/// All 52 cards, spades to clubs, ace down.
pub fn deck() -> Vec<Card> {
    Cards::FULL.iter().collect()
}

/// `SA`, `C2`, ... (panics on bad text: test input only).
pub fn card(text: &str) -> Card {
    Card::parse(text).unwrap_or_else(|e| panic!("bad card '{text}': {e}"))
}

pub fn cards_of(text: &str) -> Vec<Card> {
    text.split_whitespace().map(card).collect()
}

pub fn seat(letter: &str) -> Seat {
    Seat::parse(letter).unwrap_or_else(|| panic!("bad seat '{letter}'"))
}

pub fn strain(name: &str) -> Strain {
    Strain::parse(name).unwrap_or_else(|| panic!("bad strain '{name}'"))
}

/// `n` cards per hand drawn at random from the whole pack (`n = 13`: a full deal).
pub fn random_ending(rng: &mut Rng, n: usize) -> Deal {
    assert!((1..=13).contains(&n));
    let mut cards = deck();
    rng.shuffle(&mut cards);
    let mut hands = [Cards::EMPTY; 4];
    for (i, &c) in cards[..4 * n].iter().enumerate() {
        hands[i % 4].insert(c);
    }
    Deal::new(hands).expect("a random ending is valid")
}

/// `n` cards per hand from a few suits only, so that long suits, ruffs and squeezes are
/// common: all cards come from a random subset of 2 or 3 suits when that holds enough.
pub fn random_tight_ending(rng: &mut Rng, n: usize) -> Deal {
    let mut suits = Suit::ALL;
    rng.shuffle(&mut suits);
    let k = (4 * n).div_ceil(13).max(rng.range(2, 3)).min(4);
    let mut cards: Vec<Card> = deck().into_iter().filter(|c| suits[..k].contains(&c.suit())).collect();
    rng.shuffle(&mut cards);
    let mut hands = [Cards::EMPTY; 4];
    for (i, &c) in cards[..4 * n].iter().enumerate() {
        hands[i % 4].insert(c);
    }
    Deal::new(hands).expect("a random ending is valid")
}

/// A random full deal.
pub fn random_deal(rng: &mut Rng) -> Deal {
    random_ending(rng, 13)
}

/// The cards a hand may play to a trick that started with `lead` (None: it leads).
pub fn legal(hand: Cards, lead: Option<Card>) -> Cards {
    match lead {
        Some(l) if hand.suit_len(l.suit()) > 0 => hand.in_suit(l.suit()),
        _ => hand,
    }
}

/// A random position in `deal`: random strain and leader, and `played` (0..=3) random
/// legal cards already on the table.
pub fn random_position(rng: &mut Rng, deal: Deal, played: usize) -> Position {
    let strain = rng.pick(&STRAINS);
    let leader = rng.pick(&SEATS);
    let mut trick = Vec::new();
    for i in 0..played.min(3) {
        let hand = deal.hand(leader.offset(i));
        trick.push(rng.pick_card(legal(hand, trick.first().copied())));
    }
    Position::new(deal, strain, leader, &trick).expect("random legal cards make a valid position")
}

// ---------------------------------------------------------------------------------------
// The reference solver: plain minimax with alpha-beta over single cards. No transposition
// table, no equivalent cards, no quick tricks: only the rules of play.
// ---------------------------------------------------------------------------------------

/// Which card of a (partial) trick wins: index from the leader.
fn ref_winner(trick: &[Card], trump: Option<Suit>) -> usize {
    let mut best = 0;
    for i in 1..trick.len() {
        let (b, c) = (trick[best], trick[i]);
        let wins = if c.suit() == b.suit() { c.rank() > b.rank() } else { Some(c.suit()) == trump };
        if wins {
            best = i;
        }
    }
    best
}

struct Reference {
    hands: [Cards; 4],
    trump: Option<Suit>,
}

impl Reference {
    /// North-South's tricks from here (the current trick included) within `(alpha, beta)`:
    /// fail-hard alpha-beta, North-South maximise. `trick[..len]` is on the table.
    fn search(&mut self, trick: [Card; 4], leader: Seat, len: usize, mut alpha: i32, mut beta: i32) -> i32 {
        let mover = leader.offset(len);
        let hand = self.hands[mover.index()];
        if hand.is_empty() {
            return 0;
        }
        let lead = (len > 0).then(|| trick[0]);
        let maximise = mover.is_ns();
        let mut best = if maximise { -1 } else { 99 };
        for c in legal(hand, lead).iter() {
            let v = self.after(trick, leader, len, c, alpha, beta);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// North-South's tricks (the current trick included) after the player to move plays `c`.
    fn after(&mut self, mut trick: [Card; 4], leader: Seat, len: usize, c: Card, alpha: i32, beta: i32) -> i32 {
        let mover = leader.offset(len);
        self.hands[mover.index()].remove(c);
        trick[len] = c;
        let v = if len == 3 {
            let winner = leader.offset(ref_winner(&trick, self.trump));
            let won = winner.is_ns() as i32;
            won + self.search(trick, winner, 0, alpha - won, beta - won)
        } else {
            self.search(trick, leader, len + 1, alpha, beta)
        };
        self.hands[mover.index()].insert(c);
        v
    }
}

fn table_cards(pos: &Position) -> [Card; 4] {
    let mut trick = [Card::new(Suit::Spades, 2); 4];
    trick[..pos.trick().len()].copy_from_slice(pos.trick());
    trick
}

/// North-South's tricks in `pos` (the current trick included), by plain alpha-beta.
pub fn reference_ns(pos: &Position) -> u8 {
    let mut r = Reference { hands: pos.remaining(), trump: pos.strain().trump() };
    let left = pos.tricks_left() as i32;
    r.search(table_cards(pos), pos.leader(), pos.trick().len(), -1, left + 1) as u8
}

/// The tricks the side to move takes in `pos` (the current trick included).
pub fn reference_solve(pos: &Position) -> u8 {
    let ns = reference_ns(pos);
    if pos.to_move().is_ns() {
        ns
    } else {
        pos.tricks_left() as u8 - ns
    }
}

/// Every legal card of the side to move with the tricks its side takes after it (the
/// current trick included), cards in the engine's order (spades to clubs, ace down).
pub fn reference_analyse(pos: &Position) -> Vec<(Card, u8)> {
    let mover = pos.to_move();
    let left = pos.tricks_left() as i32;
    let mut r = Reference { hands: pos.remaining(), trump: pos.strain().trump() };
    let len = pos.trick().len();
    let moves = legal(r.hands[mover.index()], pos.trick().first().copied());
    moves
        .iter()
        .map(|c| {
            let ns = r.after(table_cards(pos), pos.leader(), len, c, -1, left + 1);
            let ours = if mover.is_ns() { ns } else { left - ns };
            (c, ours as u8)
        })
        .collect()
}

/// A position as text for failure messages: deal, strain, leader and the trick so far.
pub fn describe(pos: &Position) -> String {
    let trick: Vec<String> = pos.trick().iter().map(|c| c.to_string()).collect();
    format!("deal {} strain {} leader {} trick [{}]", pos.deal().to_pbn(), pos.strain(), pos.leader(), trick.join(" "))
}

/// The JSON line `glasshand analyse` reads for `pos`: a one-line reproduction.
pub fn to_json_line(pos: &Position) -> String {
    let trick: Vec<String> = pos.trick().iter().map(|c| format!("\"{c}\"")).collect();
    format!(
        "{{\"deal\": \"{}\", \"trump\": \"{}\", \"leader\": \"{}\", \"trick\": [{}]}}",
        pos.deal().to_pbn(),
        pos.strain(),
        pos.leader(),
        trick.join(", ")
    )
}

/// Joins up to `max` failure descriptions for an assertion message (`GLASSHAND_SHOW=n`
/// shows `n` instead).
pub fn first_failures(failures: &[String], max: usize) -> String {
    let max = std::env::var("GLASSHAND_SHOW").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(max);
    failures[..failures.len().min(max)].join("\n")
}
