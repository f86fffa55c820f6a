//! Single-dummy scenarios shared by the tests and the table-reuse benchmark: real deals
//! played at random, the requests of the player to move, and the task run on one solver or a
//! pool. Not a test of its own: the files that use it include it.

use crate::common::{random_deal, Rng};
use glasshand::task::{self, SingleTask};
use glasshand::{
    Card, Config, Deal, Position, Seat, SingleDummy, SingleDummyRequest, SingleDummyResult, Solver, Strain,
};

/// Every unit of `job` on `solver`, through the task every front end runs.
pub fn solve(job: &SingleDummy, solver: &mut Solver) -> SingleDummyResult {
    task::run(SingleTask::new(job.clone()), solver, &mut |_| {}).unwrap().result
}

/// The same over a pool of `threads`, each thread on a solver of its own (as the command line).
#[cfg(feature = "parallel")]
pub fn solve_parallel(job: &SingleDummy, threads: usize) -> SingleDummyResult {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let task = SingleTask::new(job.clone());
    let solver = || task::ThreadSolver::take(&Config::default(), None);
    pool.install(|| task::run_parallel(&task, solver, &|_| {})).unwrap().result
}

/// Declarer South, so West leads and North is dummy.
pub const DECLARER: Seat = Seat::South;

/// A real deal played at random (legal cards) for `count` cards in `strain`.
pub struct Played {
    pub deal: Deal,
    pub strain: Strain,
    pub cards: Vec<Card>,
    /// The position after those cards.
    pub pos: Position,
    /// Tricks declarer's side won in completed tricks.
    pub declarer_won: u8,
}

pub fn play_at_random(rng: &mut Rng, strain: Strain, count: usize) -> Played {
    let deal = random_deal(rng);
    let mut pos = Position::at_trick_start(deal, strain, DECLARER.next());
    let (mut cards, mut declarer_won) = (Vec::new(), 0);
    for _ in 0..count {
        let card = rng.pick_card(pos.legal_cards());
        let completes = pos.trick().len() == 3;
        pos = pos.play(card).unwrap();
        declarer_won += (completes && pos.leader().is_ns() == DECLARER.is_ns()) as u8;
        cards.push(card);
    }
    Played { deal, strain, cards, pos, declarer_won }
}

/// The seats the player to move sees: its own and dummy's (declarer's when dummy is to move).
pub fn known_seats(to_move: Seat) -> [Seat; 2] {
    let dummy = DECLARER.partner();
    if to_move == dummy {
        [dummy, DECLARER]
    } else {
        [to_move, dummy]
    }
}

pub fn request(played: &Played, contract: &str, samples: usize, seed: u64) -> SingleDummyRequest {
    let known =
        known_seats(played.pos.to_move()).iter().map(|&s| (s.to_string(), played.deal.hand(s).to_string())).collect();
    SingleDummyRequest {
        known,
        contract: Some(contract.into()),
        declarer: Some(DECLARER.to_string()),
        played: played.cards.iter().map(|c| c.to_string()).collect(),
        samples,
        seed,
        ..SingleDummyRequest::default()
    }
}

pub fn opening_lead_request(samples: usize) -> SingleDummyRequest {
    let json = r#"{"known": {"W": "KQ53.T97.A864.J2"}, "contract": "4S", "declarer": "S", "played": [],
        "constraints": {"N": {"hcp": [10, 15]}, "S": {"hcp": [15, 17], "S": [5, 7]}}, "seed": 1, "samples": "#;
    serde_json::from_str(&format!("{json}{samples}}}")).unwrap()
}
