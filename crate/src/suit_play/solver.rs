//! The Pareto-set recursion over declarer's information sets. A node is an information set:
//! the layouts still consistent with what declarer has seen, and the front of trick vectors
//! (tricks from here on, one entry per such layout) that his strategies can reach against
//! defenders who know the layout and his strategy.
//! - At declarer's choice the front is the union of the children's, pruned.
//! - At a defender's turn each layout sends him to the children of the cards he may play;
//!   one vector per child gives, on each layout, the least over his cards. The product is
//!   built child by child and pruned after each (the minimum is monotone).
//! - Trick starts are memoised on the information set; the nodes inside a trick are not.
//! - At the first trick's defender's turn the vectors are the whole play's tricks: that
//!   product keeps only the best vector of each goal the answer reports (see `goals`).

use super::goals::{Best, Goals, Record, Score, TIE};
use super::holding::{ranks, Holding, RankSet};
use super::layouts::{GapCounts, Layouts};
use super::memo_hash::Memo;
use super::pareto::{FrontScratch, Vectors};
use super::pool::{Pool, Span};
use crate::{Error, SuitBudget};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The most one product at a defender's turn may write out before pruning. Past it the
/// answer would take minutes and gigabytes (a wasm page has 4 GB at most): a clear refusal
/// beats a page that dies.
pub const MAX_PRODUCT_BYTES: u64 = 256 << 20;

/// The most all products of one opening lead's search may write out: bounds the time a
/// refusal takes, as [`MAX_PRODUCT_BYTES`] bounds the memory.
pub const MAX_WRITTEN_BYTES: u64 = 4 << 30;

/// The most the first trick's product may keep between two children (vectors and picks).
/// Small because the threaded browser build has 256 MB for everything, its pool's tables
/// included, and native runs on several threads build several such products at once.
pub const MAX_KEPT_BYTES: u64 = 48 << 20;

/// The most pairs of vectors one opening lead's pruning may compare (about 40 s natively):
/// the scan is quadratic in a front's size, and fronts can grow big without a product
/// outgrowing its memory budget.
pub const MAX_COMPARISONS: u64 = 4_000_000_000;

/// Products of fewer candidate vectors than this are built without capping the children.
const SMALL_PRODUCT: u64 = 1 << 12;

/// First-trick products of fewer candidates than this are cheaper built whole than bounded
/// goal by goal (the ascent and the bounds cost more than they save).
const SMALL_FIRST_TRICK: u64 = 1 << 12;

/// One of declarer's two hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    North,
    South,
}

impl Hand {
    pub fn partner(self) -> Hand {
        match self {
            Hand::North => Hand::South,
            Hand::South => Hand::North,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Hand::North => 'N',
            Hand::South => 'S',
        }
    }
}

/// One of the defenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Defender {
    West,
    East,
}

impl Defender {
    pub fn letter(self) -> char {
        match self {
            Defender::West => 'W',
            Defender::East => 'E',
        }
    }
}

/// What a defender shows: a card of a gap (they are all alike), or a void.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shown {
    Gap(u8),
    Out,
}

/// A move of the game tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Play { hand: Hand, rank: u8 },
    Show { defender: Defender, shown: Shown },
}

/// A move and the node it leads to; `add` is the trick North-South won on the way (0 or 1).
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    pub action: Action,
    pub child: u32,
    pub add: u8,
}

/// The spans lie in the arena's pools.
#[derive(Clone, Copy, Debug)]
pub enum NodeKind {
    /// North and South have no cards left.
    End,
    /// Each vector comes from `(edge, index in the child's front)`.
    Declarer { edges: Span, origins: Span },
    /// Each vector comes from one vector of each child: `picks`, `edges.len()` per vector.
    Defender { edges: Span, picks: Span },
}

/// An information set and its front; the spans lie in the arena's pools.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The consistent layouts, as indices into `Layouts::layouts`, increasing.
    pub layouts: Span,
    /// The front's vectors one after another, an entry per layout.
    pub front: Span,
    pub kind: NodeKind,
}

/// Everything declarer has seen that matters for the rest of the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    north: RankSet,
    south: RankSet,
    west_played: GapCounts,
    east_played: GapCounts,
    west_void: bool,
    east_void: bool,
}

impl State {
    fn hand(&self, hand: Hand) -> RankSet {
        match hand {
            Hand::North => self.north,
            Hand::South => self.south,
        }
    }

    fn without(mut self, hand: Hand, rank: u8) -> State {
        match hand {
            Hand::North => self.north &= !(1 << rank),
            Hand::South => self.south &= !(1 << rank),
        }
        self
    }

    /// Before any trick is complete (every trick ends with both defenders showing).
    fn first_trick(&self) -> bool {
        self.west_played.0 == 0 && self.east_played.0 == 0 && !self.west_void && !self.east_void
    }

    fn after_show(mut self, defender: Defender, shown: Shown) -> State {
        match (defender, shown) {
            (Defender::West, Shown::Gap(g)) => self.west_played = self.west_played.plus_one(g.into()),
            (Defender::East, Shown::Gap(g)) => self.east_played = self.east_played.plus_one(g.into()),
            (Defender::West, Shown::Out) => self.west_void = true,
            (Defender::East, Shown::Out) => self.east_void = true,
        }
        self
    }
}

/// The cards of the trick so far.
#[derive(Clone, Copy, Debug)]
struct Trick {
    leader: Hand,
    /// North-South's cards in the trick.
    ns: RankSet,
    /// The gaps of the defenders' cards in the trick.
    gaps: RankSet,
}

/// Buffers the nodes reuse for their products and unions: the search builds hundreds of
/// thousands of nodes, and allocating their temporaries afresh cost more than building them.
#[derive(Debug, Default)]
struct Scratch {
    /// A product's partial vectors, or a union's vectors.
    partial: Vectors,
    next: Vectors,
    /// Per partial vector, its picks so far.
    picks: Vec<u32>,
    next_picks: Vec<u32>,
    /// Per union vector, its `(edge, index)`.
    from: Vec<(u16, u32)>,
    keep: Vec<usize>,
    covered: Vec<bool>,
}

/// The arena of nodes built by one search, and the pools their slices lie in.
#[derive(Clone, Debug, Default)]
pub struct Arena {
    pub nodes: Vec<Node>,
    pub layouts: Pool<u16>,
    pub vectors: Pool<u8>,
    pub edges: Pool<Edge>,
    pub origins: Pool<(u16, u32)>,
    pub picks: Pool<u32>,
}

impl Arena {
    pub fn layouts_of(&self, node: u32) -> &[u16] {
        self.layouts.get(self.nodes[node as usize].layouts)
    }

    /// A node's front: its vectors one after another, an entry per layout of the node.
    pub fn front_of(&self, node: u32) -> &[u8] {
        self.vectors.get(self.nodes[node as usize].front)
    }
}

/// Builds the nodes of a holding's game, memoising trick starts.
pub struct Search {
    layouts: Arc<Layouts>,
    /// Per layout: how many cards of each gap West and East hold.
    west: Vec<GapCounts>,
    east: Vec<GapCounts>,
    memo: Memo<State, u32>,
    pub arena: Arena,
    stop: Option<Arc<AtomicBool>>,
    /// Bytes of candidate vectors the products have written so far (u64: wasm's usize is
    /// 32 bits).
    written: Cell<u64>,
    /// Pairs of vectors the fronts have compared so far.
    compared: Cell<u64>,
    scratch: RefCell<Scratch>,
    front_scratch: RefCell<FrontScratch>,
    /// Per child of the defender's node being built, where its layouts stand in the node's.
    positions: RefCell<Vec<Vec<usize>>>,
    /// The edges of the nodes being built, innermost last: a node's children are complete
    /// before it adds its edge, so each node's edges end the stack when it is stored.
    edge_stack: Vec<Edge>,
    /// The options of the defender's turns being searched, innermost last.
    option_stack: Vec<(Shown, Span)>,
    /// A node's layouts, copied out of the pool its options' subsets go into.
    layout_buffer: Vec<u16>,
    /// Another search of the same analysis found it too hard.
    given_up: Option<Arc<AtomicBool>>,
    /// The best of each goal so far, shared with the other leads' searches.
    record: Arc<Record>,
    /// Whether the first trick keeps whole fronts instead of the best of each goal (for
    /// checking the goals).
    whole_fronts: bool,
}

impl Search {
    pub fn new(layouts: Arc<Layouts>, stop: Option<Arc<AtomicBool>>) -> Search {
        let sizes = layouts.gaps.iter().enumerate().fold(0, |acc, (g, gap)| acc | u64::from(gap.size) << (4 * g));
        let west: Vec<GapCounts> = layouts.layouts.iter().map(|l| l.west).collect();
        let east = west.iter().map(|w| GapCounts(sizes - w.0)).collect();
        Search {
            layouts,
            west,
            east,
            memo: Memo::default(),
            arena: Arena::default(),
            stop,
            written: Default::default(),
            compared: Default::default(),
            scratch: Default::default(),
            front_scratch: Default::default(),
            positions: Default::default(),
            edge_stack: Vec::new(),
            option_stack: Vec::new(),
            layout_buffer: Vec::new(),
            given_up: None,
            record: Arc::default(),
            whole_fronts: false,
        }
    }

    fn initial(holding: &Holding) -> State {
        State {
            north: holding.north,
            south: holding.south,
            west_played: GapCounts::default(),
            east_played: GapCounts::default(),
            west_void: false,
            east_void: false,
        }
    }

    fn all_layouts(&mut self) -> Span {
        let n = self.layouts.layouts.len();
        self.arena.layouts.add_with(n, |out| out.extend(0..n as u16))
    }

    /// Declarer's distinct opening leads: the lowest card of each run of touching cards.
    pub fn opening_leads(&self, holding: &Holding) -> Vec<(Hand, u8)> {
        let state = Search::initial(holding);
        let no_trick = Trick { leader: Hand::North, ns: 0, gaps: 0 };
        let mut leads = Vec::new();
        for hand in [Hand::North, Hand::South] {
            for rank in ranks(self.distinct_cards(&state, hand, &no_trick)) {
                leads.push((hand, rank));
            }
        }
        leads
    }

    /// The node right after declarer's opening lead of `rank` from `hand`.
    pub fn after_opening_lead(&mut self, holding: &Holding, hand: Hand, rank: u8) -> Result<u32, Error> {
        // The budgets are each lead's, even when leads share the search.
        self.written.set(0);
        self.compared.set(0);
        let state = Search::initial(holding).without(hand, rank);
        let trick = Trick { leader: hand, ns: 1 << rank, gaps: 0 };
        let layouts = self.all_layouts();
        self.second_hand(state, trick, layouts)
    }

    /// The whole game from the first trick.
    pub fn root(&mut self, holding: &Holding) -> Result<u32, Error> {
        let layouts = self.all_layouts();
        self.trick_start(Search::initial(holding), layouts)
    }

    /// This search, told to stop when `flag` is set (by another search that gave up).
    pub fn giving_up_with(self, flag: Arc<AtomicBool>) -> Search {
        Search { given_up: Some(flag), ..self }
    }

    /// This search, sharing the best of each goal with the other searches of `record`.
    pub fn recording_in(self, record: Arc<Record>) -> Search {
        Search { record, ..self }
    }

    /// Makes the search watch `stop` from now on: a search can outlive the job that made it.
    pub fn watch(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// This search, keeping whole Pareto fronts at the first trick too.
    #[cfg(test)]
    pub fn with_whole_fronts(self) -> Search {
        Search { whole_fronts: true, ..self }
    }

    fn stopped(&self) -> bool {
        [&self.stop, &self.given_up].into_iter().flatten().any(|s| s.load(Ordering::Relaxed))
    }

    fn check_stop(&self) -> Result<(), Error> {
        if self.arena.nodes.len() % 1024 == 0 && self.stopped() {
            return Err(Error::Stopped { nodes: None });
        }
        Ok(())
    }

    /// The front of `all`, unless the job is stopped or the work budget runs out meanwhile.
    fn front(&self, all: &Vectors) -> Result<Vec<usize>, Error> {
        let mut keep = Vec::new();
        self.front_into(all, &mut keep)?;
        Ok(keep)
    }

    /// [`Search::front`] into `keep`.
    fn front_into(&self, all: &Vectors, keep: &mut Vec<usize>) -> Result<(), Error> {
        let before = self.compared.get();
        let give_up = |compared: u64| {
            self.compared.set(before + compared);
            self.stopped() || before + compared > MAX_COMPARISONS
        };
        if all.front_into(&give_up, &mut self.front_scratch.borrow_mut(), keep) {
            Ok(())
        } else if self.stopped() {
            Err(Error::Stopped { nodes: None })
        } else {
            Err(Error::SuitTooHard { past: SuitBudget::Work { comparisons: MAX_COMPARISONS } })
        }
    }

    fn push(&mut self, node: Node) -> Result<u32, Error> {
        self.check_stop()?;
        self.arena.nodes.push(node);
        Ok(self.arena.nodes.len() as u32 - 1)
    }

    /// The ranks still in play that lie between two of a hand's cards: the other hand's
    /// cards, the trick's cards and the defenders' cards not yet all played.
    fn separators(&self, state: &State, hand: Hand, trick: &Trick) -> RankSet {
        let mut set = state.hand(hand.partner()) | trick.ns;
        for (g, gap) in self.layouts.gaps.iter().enumerate() {
            let played = state.west_played.get(g) + state.east_played.get(g);
            if played < gap.size || trick.gaps >> g & 1 == 1 {
                set |= gap.cards;
            }
        }
        set
    }

    /// One card of each run of a hand's cards that nothing in play separates (the lowest):
    /// playing any card of a run leaves the same game.
    fn distinct_cards(&self, state: &State, hand: Hand, trick: &Trick) -> RankSet {
        let cards = state.hand(hand);
        let separators = self.separators(state, hand, trick);
        let mut out: RankSet = 0;
        let mut previous: Option<u8> = None;
        for r in ranks(cards) {
            let separated = match previous {
                None => true,
                Some(p) => {
                    let between = ((1u16 << r) - 1) & !((2u16 << p) - 1);
                    separators & between != 0
                }
            };
            if separated {
                out |= 1 << r;
            }
            previous = Some(r);
        }
        out
    }

    fn trick_start(&mut self, state: State, layouts: Span) -> Result<u32, Error> {
        if let Some(&id) = self.memo.get(&state) {
            return Ok(id);
        }
        let id = if state.north | state.south == 0 {
            let front = self.arena.vectors.add_repeated(0, layouts.len());
            self.push(Node { layouts, front, kind: NodeKind::End })?
        } else {
            let base = self.edge_stack.len();
            for hand in [Hand::North, Hand::South] {
                let no_trick = Trick { leader: hand, ns: 0, gaps: 0 };
                for rank in ranks(self.distinct_cards(&state, hand, &no_trick)) {
                    let trick = Trick { leader: hand, ns: 1 << rank, gaps: 0 };
                    let child = self.second_hand(state.without(hand, rank), trick, layouts)?;
                    self.edge_stack.push(Edge { action: Action::Play { hand, rank }, child, add: 0 });
                }
            }
            let node = self.declarer_node(layouts, base)?;
            self.push(node)?
        };
        self.memo.insert(state, id);
        Ok(id)
    }

    /// Stores the edges at the top of the stack, from `base` on.
    fn take_edges(&mut self, base: usize) -> Span {
        let edges = self.arena.edges.add(&self.edge_stack[base..]);
        self.edge_stack.truncate(base);
        edges
    }

    /// The union of the children's fronts (the edges from `base` on the stack), pruned;
    /// every child has the parent's layouts.
    fn declarer_node(&mut self, layouts: Span, base: usize) -> Result<Node, Error> {
        let edges = self.take_edges(base);
        self.union(layouts, edges)?;
        let width = layouts.len();
        let Scratch { partial: all, from, keep, .. } = self.scratch.get_mut();
        let front = self.arena.vectors.add_with(keep.len() * width, |out| {
            keep.iter().for_each(|&i| out.extend_from_slice(all.get(i)));
        });
        let origins = self.arena.origins.add_with(keep.len(), |out| out.extend(keep.iter().map(|&i| from[i])));
        Ok(Node { layouts, front, kind: NodeKind::Declarer { edges, origins } })
    }

    /// The union of the children's fronts, left in the scratch: the vectors in `partial`,
    /// their `(edge, index)` in `from`, the front's in `keep`.
    fn union(&self, layouts: Span, edges: Span) -> Result<(), Error> {
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { partial: all, from, keep, .. } = &mut *scratch;
        all.reset(layouts.len());
        from.clear();
        for (e, edge) in self.arena.edges.get(edges).iter().enumerate() {
            let child = &self.arena.nodes[edge.child as usize];
            debug_assert_eq!(child.layouts, layouts);
            let front = self.arena.vectors.get(child.front);
            all.values.extend_from_slice(front);
            from.extend((0..(front.len() / layouts.len()) as u32).map(|i| (e as u16, i)));
        }
        self.front_into(all, keep)
    }

    fn second_hand(&mut self, state: State, trick: Trick, layouts: Span) -> Result<u32, Error> {
        let defender = match trick.leader {
            Hand::North => Defender::East,
            Hand::South => Defender::West,
        };
        let options = self.options(&state, defender, layouts);
        let base = self.edge_stack.len();
        for k in options.clone() {
            let (shown, subset) = self.option_stack[k];
            let trick = self.with_shown(trick, shown);
            let child = self.third_hand(state.after_show(defender, shown), trick, subset)?;
            self.edge_stack.push(Edge { action: Action::Show { defender, shown }, child, add: 0 });
        }
        self.option_stack.truncate(options.start);
        let node = self.defender_node(layouts, base, state.first_trick() && !self.whole_fronts)?;
        self.push(node)
    }

    fn third_hand(&mut self, state: State, trick: Trick, layouts: Span) -> Result<u32, Error> {
        let hand = trick.leader.partner();
        let cards = self.distinct_cards(&state, hand, &trick);
        if cards == 0 {
            return self.fourth_hand(state, trick, layouts);
        }
        let base = self.edge_stack.len();
        for rank in ranks(cards) {
            let trick = Trick { ns: trick.ns | 1 << rank, ..trick };
            let child = self.fourth_hand(state.without(hand, rank), trick, layouts)?;
            self.edge_stack.push(Edge { action: Action::Play { hand, rank }, child, add: 0 });
        }
        let node = self.declarer_node(layouts, base)?;
        self.push(node)
    }

    fn fourth_hand(&mut self, state: State, trick: Trick, layouts: Span) -> Result<u32, Error> {
        let defender = match trick.leader {
            Hand::North => Defender::West,
            Hand::South => Defender::East,
        };
        let options = self.options(&state, defender, layouts);
        let base = self.edge_stack.len();
        for k in options.clone() {
            let (shown, subset) = self.option_stack[k];
            let trick = self.with_shown(trick, shown);
            let child = self.trick_start(state.after_show(defender, shown), subset)?;
            let add = self.north_south_win(&trick);
            self.edge_stack.push(Edge { action: Action::Show { defender, shown }, child, add });
        }
        self.option_stack.truncate(options.start);
        let node = self.defender_node(layouts, base, false)?;
        self.push(node)
    }

    fn with_shown(&self, trick: Trick, shown: Shown) -> Trick {
        match shown {
            Shown::Gap(g) => Trick { gaps: trick.gaps | 1 << g, ..trick },
            Shown::Out => trick,
        }
    }

    /// Whether North-South's highest card beats every defender's card of the trick.
    fn north_south_win(&self, trick: &Trick) -> u8 {
        let highest_ns = 15 - trick.ns.leading_zeros() as u8;
        let beaten =
            (0..self.layouts.gaps.len()).all(|g| trick.gaps >> g & 1 == 0 || self.layouts.gaps[g].low < highest_ns);
        u8::from(beaten)
    }

    /// Pushes the cards a defender may show, each with the layouts on which he holds it, on
    /// the option stack; returns where they lie on it.
    fn options(&mut self, state: &State, defender: Defender, layouts: Span) -> std::ops::Range<usize> {
        let (held, played, void) = match defender {
            Defender::West => (&self.west, state.west_played, state.west_void),
            Defender::East => (&self.east, state.east_played, state.east_void),
        };
        let gaps = self.layouts.gaps.len();
        let all = &mut self.layout_buffer;
        all.clear();
        all.extend_from_slice(self.arena.layouts.get(layouts));
        let holds = |l: u16, g: usize| !void && held[l as usize].get(g) > played.get(g);
        let out = |l: u16| (0..gaps).all(|g| !holds(l, g));
        // Each subset is counted first, then written into the pool at its size.
        let start = self.option_stack.len();
        for g in 0..gaps {
            let count = all.iter().filter(|&&l| holds(l, g)).count();
            if count > 0 {
                let subset = self.arena.layouts.add_with(count, |to| to.extend(all.iter().filter(|&&l| holds(l, g))));
                self.option_stack.push((Shown::Gap(g as u8), subset));
            }
        }
        let count = all.iter().filter(|&&l| out(l)).count();
        if count > 0 {
            let subset = self.arena.layouts.add_with(count, |to| to.extend(all.iter().filter(|&&l| out(l))));
            self.option_stack.push((Shown::Out, subset));
        }
        start..self.option_stack.len()
    }

    /// The product of the children's fronts (the edges from `base` on the stack), each layout
    /// taking the least of the cards it allows; at the first trick, the best of it for each
    /// goal.
    fn defender_node(&mut self, layouts: Span, base: usize, first_trick: bool) -> Result<Node, Error> {
        let edges = self.take_edges(base);
        let best = self.product(layouts, edges, first_trick)?;
        let scratch = self.scratch.get_mut();
        let (front, picks) = match &best {
            Some((front, picks)) => (&front.values, picks),
            None => (&scratch.partial.values, &scratch.picks),
        };
        let front = self.arena.vectors.add(front);
        let picks = self.arena.picks.add(picks);
        Ok(Node { layouts, front, kind: NodeKind::Defender { edges, picks } })
    }

    /// The product of [`Search::defender_node`]: the best of each goal at the first trick,
    /// otherwise `None`, with the front left in the scratch's `partial` and `picks`.
    fn product(&self, layouts: Span, edges: Span, first_trick: bool) -> Result<Option<(Vectors, Vec<u32>)>, Error> {
        let width = layouts.len();
        let (layouts, edges) = (self.arena.layouts.get(layouts), self.arena.edges.get(edges));
        let mut positions = self.positions.borrow_mut();
        if positions.len() < edges.len() {
            positions.resize_with(edges.len(), Vec::new);
        }
        let positions = &mut positions[..edges.len()];
        for (edge, positions) in edges.iter().zip(positions.iter_mut()) {
            positions_in(self.arena.layouts_of(edge.child), layouts, positions);
        }
        let positions = &*positions;
        // A small product is cheaper built than capped. Its children are then their own
        // fronts, with no list allocated: most products are small, and with threads
        // WebAssembly's allocator takes one lock for all.
        let whole = |e: usize| self.whole_child(&edges[e], positions[e].len());
        let mut candidates = self.whole_candidates(edges, positions);
        let capped = if candidates <= SMALL_PRODUCT {
            None
        } else {
            let children = self.capped_children(width, edges, positions)?;
            candidates = children.iter().fold(1u64, |n, child| n.saturating_mul(child.len() as u64));
            Some(children)
        };
        if first_trick && candidates > SMALL_FIRST_TRICK {
            let children = capped.unwrap_or_else(|| (0..edges.len()).map(whole).collect());
            return self.best_of_product(layouts, positions, &children).map(Some);
        }
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { partial, next, picks, next_picks, keep, covered, .. } = &mut *scratch;
        partial.reset(width);
        partial.values.resize(width, u8::MAX);
        picks.clear();
        covered.clear();
        covered.resize(width, false);
        for e in 0..edges.len() {
            let whole_front;
            let child = match &capped {
                Some(children) => &children[e],
                None => {
                    whole_front = whole(e);
                    &whole_front
                }
            };
            let positions = &positions[e];
            // Fronts over disjoint layouts multiply into a front: nothing to prune.
            let overlaps = positions.iter().any(|&p| covered[p]);
            positions.iter().for_each(|&p| covered[p] = true);
            let bytes = [partial.len(), child.len(), width].iter().fold(1u64, |a, &n| a.saturating_mul(n as u64));
            let written = self.written.get().saturating_add(bytes);
            if bytes > MAX_PRODUCT_BYTES || written > MAX_WRITTEN_BYTES {
                return Err(Error::SuitTooHard { past: SuitBudget::Memory { megabytes: bytes.max(written) >> 20 } });
            }
            self.written.set(written);
            next.reset(width);
            next.values.reserve(bytes as usize);
            next_picks.clear();
            next_picks.reserve(partial.len() * child.len() * (e + 1));
            for p in 0..partial.len() {
                // One product can take long and hold gigabytes: read the stop flag inside.
                if p % 64 == 63 && self.stopped() {
                    return Err(Error::Stopped { nodes: None });
                }
                let base = partial.get(p);
                for c in 0..child.len() {
                    let start = next.values.len();
                    next.values.extend_from_slice(base);
                    lower(&mut next.values[start..], positions, child.get(c), child.add);
                    next_picks.extend_from_slice(&picks[p * e..(p + 1) * e]);
                    next_picks.push(child.original(c));
                }
            }
            if !overlaps {
                std::mem::swap(partial, next);
                std::mem::swap(picks, next_picks);
                continue;
            }
            self.front_into(next, keep)?;
            next.select_into(keep, partial);
            picks.clear();
            picks.extend(keep.iter().flat_map(|&i| next_picks[i * (e + 1)..(i + 1) * (e + 1)].iter().copied()));
        }
        Ok(None)
    }

    /// The first trick's product, where vectors score on the answer's goals: it keeps the
    /// best vector of each goal, first found by a quick ascent, then drops every partial
    /// product whose bound cannot beat them.
    fn best_of_product(
        &self,
        layouts: &[u16],
        positions: &[Vec<usize>],
        children: &[Child<'_>],
    ) -> Result<(Vectors, Vec<u32>), Error> {
        let width = layouts.len();
        // Per child and layout, the most any of its vectors gives.
        let mosts: Vec<Vec<u8>> = children.iter().map(Child::most).collect();
        let mut ceiling = vec![u8::MAX; width];
        for (most, positions) in mosts.iter().zip(positions) {
            lower(&mut ceiling, positions, most, 0);
        }
        let weights = layouts.iter().map(|&l| self.layouts.layouts[l as usize].weight).collect();
        let goals = Goals::new(weights, ceiling);
        // Each child's vectors scored alone, the other children at their ceiling.
        let alone: Vec<Vec<Score>> = children
            .iter()
            .zip(positions)
            .map(|(child, positions)| {
                let mut row = goals.ceiling().to_vec();
                (0..child.len())
                    .map(|c| {
                        row.copy_from_slice(goals.ceiling());
                        lower(&mut row, positions, child.get(c), child.add);
                        goals.score(&row)
                    })
                    .collect()
            })
            .collect();
        let mut best = Best::new(&goals, width, Arc::clone(&self.record));
        self.ascend(&goals, &mut best, positions, children, &alone)?;
        let order = self.covering_order(layouts, positions);
        let unset = vec![u8::MAX; width];
        let mut partial = Vectors::new(width);
        partial.push(&unset);
        // The bounds the partial vectors were kept under.
        let mut kept_under = goals.clone();
        // Per partial vector, its picks in `order`.
        let mut picks: Vec<u32> = Vec::new();
        let mut row = vec![0u8; width];
        let mut chosen = Vec::with_capacity(children.len());
        let mut by_edge = vec![0u32; children.len()];
        let mut covered = vec![false; width];
        for (step, &e) in order.iter().enumerate() {
            let child = &children[e];
            let last = step + 1 == children.len();
            positions[e].iter().for_each(|&p| covered[p] = true);
            let bounding = if last {
                goals.clone()
            } else {
                self.bound_beyond(&goals, &covered, &order[step + 1..], positions, children, &mosts)
            };
            best.refresh(&goals);
            let mut next = Vectors::new(width);
            let mut next_picks = Vec::new();
            for p in 0..partial.len() {
                if p % 64 == 63 && self.stopped() {
                    return Err(Error::Stopped { nodes: None });
                }
                // Recomputed rather than kept with the vector: memory is the scarcer.
                let bound = kept_under.score(partial.get(p));
                for (c, alone) in alone[e].iter().enumerate() {
                    if !best.may_improve(&goals, &bound.least(alone)) {
                        continue;
                    }
                    row.copy_from_slice(partial.get(p));
                    lower(&mut row, &positions[e], child.get(c), child.add);
                    chosen.clear();
                    chosen.extend_from_slice(&picks[p * step..(p + 1) * step]);
                    chosen.push(child.original(c));
                    if last {
                        order.iter().zip(&chosen).for_each(|(&e, &pick)| by_edge[e] = pick);
                        best.offer(&goals, &row, &by_edge);
                        continue;
                    }
                    if best.may_improve(&goals, &bounding.score(&row)) {
                        next.push(&row);
                        next_picks.extend_from_slice(&chosen);
                        let bytes = next.values.len() + next_picks.len() * std::mem::size_of::<u32>();
                        if bytes as u64 > MAX_KEPT_BYTES {
                            return Err(Error::SuitTooHard {
                                past: SuitBudget::Memory { megabytes: MAX_KEPT_BYTES >> 20 },
                            });
                        }
                    }
                }
            }
            if last {
                break;
            }
            let written = self.written.get().saturating_add(next.values.len() as u64);
            if written > MAX_WRITTEN_BYTES {
                return Err(Error::SuitTooHard { past: SuitBudget::Memory { megabytes: written >> 20 } });
            }
            self.written.set(written);
            let keep = self.front(&next)?;
            partial = next.select(&keep);
            kept_under = bounding;
            let n = step + 1;
            picks = keep.iter().flat_map(|&i| next_picks[i * n..(i + 1) * n].iter().copied()).collect();
        }
        Ok(best.into_front())
    }

    /// Goals that bound every completion of a partial product: the set layouts count as
    /// they are, and each unset one is given to one child still to come, the one least
    /// able to win there; each such child adds the best any one of its vectors scores on its
    /// layouts. Far tighter than every unset layout at its ceiling, which lets each layout
    /// take a different vector.
    fn bound_beyond(
        &self,
        goals: &Goals,
        covered: &[bool],
        unset: &[usize],
        positions: &[Vec<usize>],
        children: &[Child<'_>],
        mosts: &[Vec<u8>],
    ) -> Goals {
        let width = covered.len();
        let mut owner = vec![(u8::MAX, usize::MAX); width];
        for &b in unset {
            for (&pos, &m) in positions[b].iter().zip(&mosts[b]) {
                if !covered[pos] && m < owner[pos].0 {
                    owner[pos] = (m, b);
                }
            }
        }
        let mut rest = Score::ZERO;
        let mut row = vec![0u8; width];
        for &b in unset {
            let mine: Vec<bool> = owner.iter().map(|&(_, o)| o == b).collect();
            if !mine.contains(&true) {
                continue;
            }
            let on_mine = goals.only(&mine, Score::ZERO);
            let child = &children[b];
            let mut most = Score::ZERO;
            for c in 0..child.len() {
                for (&pos, &v) in positions[b].iter().zip(child.get(c)) {
                    row[pos] = v + child.add;
                }
                most = most.most(&on_mine.score(&row));
            }
            rest = rest.plus(&most);
        }
        goals.only(covered, rest)
    }

    /// The children in the order the product takes them: each next the one whose layouts
    /// weigh most among those no child before it has set. The unset layouts count at their
    /// ceiling, so the sooner the weight is set the sooner the bounds bite.
    fn covering_order(&self, layouts: &[u16], positions: &[Vec<usize>]) -> Vec<usize> {
        let weight = |p: usize| self.layouts.layouts[layouts[p] as usize].weight;
        let mut covered = vec![false; layouts.len()];
        let mut left: Vec<usize> = (0..positions.len()).collect();
        let mut order = Vec::with_capacity(left.len());
        while !left.is_empty() {
            let gain = |e: usize| positions[e].iter().filter(|&&p| !covered[p]).map(|&p| weight(p)).sum::<f64>();
            let k = (1..left.len()).fold(0, |b, k| if gain(left[k]) > gain(left[b]) + TIE { k } else { b });
            let e = left.remove(k);
            positions[e].iter().for_each(|&p| covered[p] = true);
            order.push(e);
        }
        order
    }

    /// A first best for each goal, by coordinate ascent: each child's vector in turn becomes
    /// the one that scores best with the others held, until a round changes nothing. The
    /// better these are, the more of the product the bounds drop.
    fn ascend(
        &self,
        goals: &Goals,
        best: &mut Best,
        positions: &[Vec<usize>],
        children: &[Child<'_>],
        alone: &[Vec<Score>],
    ) -> Result<(), Error> {
        const ROUNDS: usize = 4;
        let width = goals.ceiling().len();
        let (mut rest, mut row) = (vec![0u8; width], vec![0u8; width]);
        for g in 0..goals.count() {
            if self.stopped() {
                return Err(Error::Stopped { nodes: None });
            }
            let mut chosen: Vec<usize> = alone
                .iter()
                .map(|scores| {
                    (1..scores.len()).fold(0, |b, c| if goals.better(&scores[c], &scores[b], g) { c } else { b })
                })
                .collect();
            for _ in 0..ROUNDS {
                let mut changed = false;
                for (e, child) in children.iter().enumerate() {
                    rest.fill(u8::MAX);
                    for (f, other) in children.iter().enumerate().filter(|&(f, _)| f != e) {
                        lower(&mut rest, &positions[f], other.get(chosen[f]), other.add);
                    }
                    let mut score_of = |c: usize| {
                        row.copy_from_slice(&rest);
                        lower(&mut row, &positions[e], child.get(c), child.add);
                        goals.score(&row)
                    };
                    let mut top = (chosen[e], score_of(chosen[e]));
                    for c in 0..child.len() {
                        let score = score_of(c);
                        if goals.better(&score, &top.1, g) {
                            top = (c, score);
                        }
                    }
                    changed |= top.0 != chosen[e];
                    chosen[e] = top.0;
                }
                if !changed {
                    break;
                }
            }
            row.fill(u8::MAX);
            for (e, child) in children.iter().enumerate() {
                lower(&mut row, &positions[e], child.get(chosen[e]), child.add);
            }
            let picks: Vec<u32> = children.iter().zip(&chosen).map(|(child, &c)| child.original(c)).collect();
            best.offer(goals, &row, &picks);
        }
        Ok(())
    }

    /// Each child's front with every entry capped at the most that any other child on that
    /// layout can give (the layout takes the least, so more never counts), pruned again:
    /// capping makes vectors equal or dominated. A front that capping leaves alone is used
    /// as it is.
    fn capped_children(&self, width: usize, edges: &[Edge], positions: &[Vec<usize>]) -> Result<Vec<Child<'_>>, Error> {
        let fronts: Vec<Child<'_>> =
            edges.iter().zip(positions).map(|(edge, positions)| self.whole_child(edge, positions.len())).collect();
        // Per layout, the least and second least of the children's bests, and whose the least
        // is: a child's cap is the least of the others'.
        let mut least = vec![(u8::MAX, u8::MAX, usize::MAX); width];
        for (e, front) in fronts.iter().enumerate() {
            let most = front.most();
            for (&pos, &m) in positions[e].iter().zip(&most) {
                let (first, second, owner) = least[pos];
                least[pos] = if m < first { (m, first, e) } else { (first, second.min(m), owner) };
            }
        }
        let mut out = Vec::with_capacity(edges.len());
        for (e, (edge, front)) in edges.iter().zip(fronts).enumerate() {
            let caps: Vec<u8> = positions[e]
                .iter()
                .map(|&pos| {
                    let (first, second, owner) = least[pos];
                    if owner == e {
                        second
                    } else {
                        first
                    }
                })
                .collect();
            let lowered = (0..front.len()).any(|i| front.get(i).iter().zip(&caps).any(|(&v, &cap)| v + edge.add > cap));
            if !lowered {
                out.push(front);
                continue;
            }
            let mut capped = Vectors::new(caps.len());
            let mut row = vec![0u8; caps.len()];
            for i in 0..front.len() {
                for ((r, &v), &cap) in row.iter_mut().zip(front.get(i)).zip(&caps) {
                    *r = (v + edge.add).min(cap);
                }
                capped.push(&row);
            }
            let keep = self.front(&capped)?;
            out.push(Child {
                values: Cow::Owned(capped.select(&keep).values),
                width: caps.len(),
                originals: Some(keep.iter().map(|&i| i as u32).collect()),
                add: 0,
            });
        }
        Ok(out)
    }

    /// A child's own front, with its trick to add.
    fn whole_child(&self, edge: &Edge, width: usize) -> Child<'_> {
        Child::whole(self.arena.front_of(edge.child), width, edge.add)
    }

    /// The size of the product of the children's own fronts.
    fn whole_candidates(&self, edges: &[Edge], positions: &[Vec<usize>]) -> u64 {
        let len =
            |(edge, positions): (&Edge, &Vec<usize>)| (self.arena.front_of(edge.child).len() / positions.len()) as u64;
        edges.iter().zip(positions).map(len).fold(1u64, u64::saturating_mul)
    }
}

/// A child's front as a defender's node multiplies it: its own, or capped.
struct Child<'a> {
    /// The vectors one after another, `width` entries each.
    values: Cow<'a, [u8]>,
    width: usize,
    /// Where each vector stands in the child's own front, when capping pruned it.
    originals: Option<Vec<u32>>,
    /// The trick to add to every entry (already added to a capped front).
    add: u8,
}

impl<'a> Child<'a> {
    fn whole(values: &'a [u8], width: usize, add: u8) -> Child<'a> {
        Child { values: Cow::Borrowed(values), width, originals: None, add }
    }

    fn len(&self) -> usize {
        self.values.len() / self.width
    }

    fn get(&self, c: usize) -> &[u8] {
        &self.values[c * self.width..(c + 1) * self.width]
    }

    /// Where vector `c` stands in the child's own front.
    fn original(&self, c: usize) -> u32 {
        self.originals.as_ref().map_or(c as u32, |o| o[c])
    }

    /// Per layout, the most any vector gives.
    fn most(&self) -> Vec<u8> {
        let mut most = vec![0; self.width];
        for i in 0..self.len() {
            most.iter_mut().zip(self.get(i)).for_each(|(m, &v)| *m = (*m).max(v + self.add));
        }
        most
    }
}

/// Lowers `row` at each of `positions` to the matching value plus `add`.
fn lower(row: &mut [u8], positions: &[usize], values: &[u8], add: u8) {
    for (&pos, &v) in positions.iter().zip(values) {
        row[pos] = row[pos].min(v + add);
    }
}

/// Where each of `subset`'s layouts stands in `all` (both increasing).
fn positions_in(subset: &[u16], all: &[u16], out: &mut Vec<usize>) {
    out.clear();
    let mut j = 0;
    for &l in subset {
        while all[j] != l {
            j += 1;
        }
        out.push(j);
    }
}
