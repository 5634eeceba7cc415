//! Exact remoteness search over compact states, for games that are *flip games*: a position is
//! a set of independent components, each a handful of cells (at most 128) that are on or off,
//! and a move flips some cells of one component, among them a *key* cell that must be on and
//! that is higher than every other cell it flips. The coin row (a component per class c of
//! coins c·2^a·3^b), Binary Dodgeball (a component per chain o·2^k) and the coin grid (one
//! component: the cells up-left of a tails cell) are all flip games.
//!
//! Why this is fast where the generic search ([`crate::solver::evaluate`]) is not:
//! - a component's state is a `u128` whatever the size of the board, so the cost of a position
//!   does not depend on n;
//! - a move turns its key cell off and touches only lower cells, so it lowers the state as an
//!   integer: numbering each component's reachable states in increasing order puts every
//!   child before its parent;
//! - the components are independent, so the positions reachable from the root are exactly the
//!   tuples of reachable component states: their number is the product of the components'
//!   counts, known *before* the search, and a position is a mixed-radix index into a dense
//!   array. One ascending sweep over that array solves everything, with no hashing and no
//!   allocation per position.

use crate::game::Position;
pub use crate::game::search::{
    Limits, MOVES_PER_POSITION, MoveOutcome, SEARCH_BYTES, SolvedTree, TooLarge,
};
use crate::solver::{FxHashMap, Outcome};

/// The cells of a component, one bit each.
pub type Mask = u128;

/// One independent component: its cells' start state and the moves keyed on each cell.
#[derive(Clone, Debug, Default)]
pub struct FlipComponent {
    /// Bit k is on when cell k is (a tails coin, an occupied box).
    pub start: Mask,
    /// `moves[k]`: the cells each move keyed on cell k flips. Each holds bit k and otherwise
    /// only lower bits. A move is legal when cell k is on.
    pub moves: Vec<Vec<Mask>>,
}

/// A game whose positions decompose into [`FlipComponent`]s.
pub trait FlipGame: Position {
    /// Which board places a component's cells are (for reading a state off a position and
    /// turning a flip back into a move).
    type Cells: Send + Sync + 'static;

    /// The live components of this position (those with a move somewhere in their future),
    /// or [`TooLarge`] when already the decomposition shows the limits cannot be met.
    fn flip_components(
        &self,
        limits: &Limits,
    ) -> Result<Vec<(Self::Cells, FlipComponent)>, TooLarge>;

    /// The state of the component with these cells in `self`.
    fn flip_state(&self, cells: &Self::Cells) -> Mask;

    /// The move that flips `flip` (keyed on cell `key`) in the component with these cells.
    fn flip_move(&self, cells: &Self::Cells, key: u32, flip: Mask) -> Self::Move;

    /// Whether `self` equals `root` outside the cells of these components (so that it may be
    /// reachable from `root`).
    fn same_outside(&self, root: &Self, components: &[Self::Cells]) -> bool;
}

/// The [`Position::compact_search`] of a [`FlipGame`] ([`solve`]), written once for the flip
/// games' `impl Position` blocks: `crate::exact::flip_compact_search!();`.
macro_rules! flip_compact_search {
    () => {
        fn compact_search(
            &self,
            limits: &$crate::exact::Limits,
        ) -> Option<Result<Box<dyn $crate::exact::SolvedTree<Self>>, $crate::exact::TooLarge>> {
            Some($crate::exact::solve(self, limits))
        }
    };
}
pub(crate) use flip_compact_search;

/// The outcome stored as its remoteness alone: under normal play a position is won exactly
/// when its remoteness is odd (the winner makes the last move).
fn outcome_of(remoteness: u32) -> Outcome {
    Outcome {
        wins: remoteness % 2 == 1,
        remoteness,
    }
}

/// The states met so far, each with its number.
enum Seen {
    /// Indexed by the state itself, for components of few cells: no hashing at all.
    Dense(Vec<u32>),
    Hashed(FxHashMap<Mask, u32>),
}

/// Components of at most this many cells number their states in a dense array (16 MB), while
/// the dense arrays of all components together stay within [`DENSE_TOTAL`] entries.
const DENSE_CELLS: u32 = 22;
const DENSE_TOTAL: usize = 1 << 23;

/// A component's children are listed once and kept (4 bytes a move) up to this many moves;
/// past it they are generated again each time they are needed, which takes no memory.
const KEPT_MOVES: usize = 1 << 21;

impl Seen {
    const NONE: u32 = u32::MAX;

    fn new(cells: u32, dense_left: &mut usize) -> Seen {
        if cells <= DENSE_CELLS && 1 << cells <= *dense_left {
            *dense_left -= 1 << cells;
            Seen::Dense(vec![Seen::NONE; 1 << cells])
        } else {
            Seen::Hashed(FxHashMap::default())
        }
    }

    /// About what a hashed state costs (the key, the number, the table's control byte and its
    /// spare room); a dense table is allocated whole when made, within [`DENSE_TOTAL`].
    const HASHED_BYTES: usize = 48;

    /// The bytes this table takes with `states` states in it.
    fn bytes(&self, states: usize) -> usize {
        match self {
            Seen::Dense(numbers) => numbers.len() * 4,
            Seen::Hashed(_) => states * Seen::HASHED_BYTES,
        }
    }

    /// The number of `state`, numbering it `next` if it is new; and whether it was new.
    #[inline]
    fn number(&mut self, state: Mask, next: u32) -> (u32, bool) {
        match self {
            Seen::Dense(numbers) => {
                let slot = &mut numbers[state as usize];
                if *slot == Seen::NONE {
                    *slot = next;
                    (next, true)
                } else {
                    (*slot, false)
                }
            }
            Seen::Hashed(numbers) => {
                let mut new = false;
                let number = *numbers.entry(state).or_insert_with(|| {
                    new = true;
                    next
                });
                (number, new)
            }
        }
    }

    /// The number of a state met.
    #[inline]
    fn get(&self, state: Mask) -> Option<u32> {
        match self {
            Seen::Dense(numbers) => numbers
                .get(usize::try_from(state).ok()?)
                .copied()
                .filter(|&n| n != Seen::NONE),
            Seen::Hashed(numbers) => numbers.get(&state).copied(),
        }
    }

    fn set(&mut self, state: Mask, number: u32) {
        match self {
            Seen::Dense(numbers) => numbers[state as usize] = number,
            Seen::Hashed(numbers) => {
                numbers.insert(state, number);
            }
        }
    }
}

/// A component's reachable states, numbered in increasing order (a state's number is its
/// digit), and how to find each state's children.
struct ComponentTable {
    component: FlipComponent,
    /// The states, ascending.
    states: Vec<Mask>,
    /// The digit of each state.
    digits: Seen,
    /// `children[offsets[d]..offsets[d + 1]]`: the digits of the children of digit `d`, when
    /// kept.
    kept: Option<(Vec<u32>, Vec<u32>)>,
    /// How many moves all the states have together.
    moves: usize,
    /// The root's digit.
    start: u32,
    /// The weight of this component's digit in a position's index.
    stride: usize,
}

impl ComponentTable {
    fn digit(&self, state: Mask) -> Option<u32> {
        self.digits.get(state)
    }

    /// Calls `f` with the digit of each child of `digit`.
    #[inline]
    fn for_each_child(&self, digit: u32, mut f: impl FnMut(u32)) {
        match &self.kept {
            Some((offsets, children)) => {
                let (from, to) = (offsets[digit as usize], offsets[digit as usize + 1]);
                for &child in &children[from as usize..to as usize] {
                    f(child);
                }
            }
            None => for_each_child(&self.component, self.states[digit as usize], |child| {
                f(self.digits.get(child).expect("children were enumerated"))
            }),
        }
    }
}

/// Every state reachable from `component.start`, or [`TooLarge`] past `max_states` states or
/// `max_moves` moves looked at.
fn enumerate(
    component: FlipComponent,
    max_states: usize,
    max_moves: usize,
    dense_left: &mut usize,
    limits: &Limits,
) -> Result<ComponentTable, TooLarge> {
    // Breadth first, numbering the states in the order met.
    let mut digits = Seen::new(component.moves.len() as u32, dense_left);
    let mut states = vec![component.start];
    digits.number(component.start, 0);
    let mut moves = 0usize;
    let mut next = 0;
    while next < states.len() {
        let state = states[next];
        next += 1;
        for_each_child(&component, state, |child| {
            moves += 1;
            if digits.number(child, states.len() as u32).1 {
                states.push(child);
            }
        });
        // The states (16 bytes each) and their numbers, within the search's bytes.
        let bytes = states.len() * 16 + digits.bytes(states.len());
        if states.len() > max_states || moves > max_moves || bytes > limits.bytes {
            return Err(TooLarge);
        }
        if next % 1024 == 0 && limits.expired() {
            return Err(TooLarge);
        }
    }
    // Renumber the states in increasing order: every child is then numbered below its parent.
    states.sort_unstable();
    for (digit, &state) in states.iter().enumerate() {
        digits.set(state, digit as u32);
    }
    let start = digits.get(component.start).expect("the start is a state");
    let mut table = ComponentTable {
        component,
        states,
        digits,
        kept: None,
        moves,
        start,
        stride: 0,
    };
    if moves <= KEPT_MOVES {
        let mut offsets = Vec::with_capacity(table.states.len() + 1);
        let mut children = Vec::with_capacity(moves);
        offsets.push(0);
        for digit in 0..table.states.len() as u32 {
            table.for_each_child(digit, |child| children.push(child));
            offsets.push(children.len() as u32);
        }
        table.kept = Some((offsets, children));
    }
    Ok(table)
}

/// Calls `f` with the state after each legal move from `state`.
#[inline]
fn for_each_child(component: &FlipComponent, state: Mask, mut f: impl FnMut(Mask)) {
    let mut on = state;
    while on != 0 {
        let key = on.trailing_zeros();
        on &= on - 1;
        if let Some(flips) = component.moves.get(key as usize) {
            for &flip in flips {
                f(state ^ flip);
            }
        }
    }
}

/// The solved tree of a flip game: one remoteness per reachable position, in a dense array
/// indexed by the mixed-radix number of the components' digits.
pub struct FlipSolution<P: FlipGame> {
    root: P,
    cells: Vec<P::Cells>,
    components: Vec<ComponentTable>,
    /// The remoteness of each position (odd: won by the player to move).
    remoteness: Vec<u32>,
    root_index: usize,
}

/// Solves everything reachable from `root`, or [`TooLarge`] when the exact count of positions
/// (or of moves to look at) is past the limits, or the deadline passes. A position of one
/// component is solved by [`solve_single`], one of several by `solve_product`.
pub fn solve<P: FlipGame>(root: &P, limits: &Limits) -> Result<Box<dyn SolvedTree<P>>, TooLarge> {
    let mut parts = root.flip_components(limits)?;
    if parts.len() == 1 {
        let (cells, component) = parts.pop().expect("one component");
        return Ok(Box::new(solve_single(root, cells, component, limits)?));
    }
    Ok(Box::new(solve_product(root, parts, limits)?))
}

/// The solved tree of a flip game of one component: the remoteness of each reachable state,
/// looked up by the state itself.
pub struct SingleSolution<P: FlipGame> {
    root: P,
    cells: Vec<P::Cells>,
    component: FlipComponent,
    /// The remoteness of each reachable state.
    remoteness: Seen,
    count: usize,
}

/// One component has no cheap exact count of its states (the grid's region, a large class of
/// coins), so it is solved depth first, straight from its start: each move is looked at once,
/// the states met and the moves looked at are counted as the search goes, and it stops at the
/// limits. A state's remoteness is kept under the state itself (no numbering, no sort).
pub fn solve_single<P: FlipGame>(
    root: &P,
    cells: P::Cells,
    component: FlipComponent,
    limits: &Limits,
) -> Result<SingleSolution<P>, TooLarge> {
    /// A state being solved: the keys and moves still to look at, and the best so far.
    struct Frame {
        state: Mask,
        /// Keys (on cells) whose moves are not all looked at; `key` is the lowest.
        keys: Mask,
        key: usize,
        next: usize,
        fastest_win: u32,
        slowest: u32,
        any: bool,
    }
    impl Frame {
        fn new(state: Mask) -> Frame {
            Frame {
                state,
                keys: state,
                key: state.trailing_zeros() as usize,
                next: 0,
                fastest_win: u32::MAX,
                slowest: 0,
                any: false,
            }
        }

        /// A move to a state of remoteness `r` looked at.
        fn fold(&mut self, r: u32) {
            self.next += 1;
            self.any = true;
            if r.is_multiple_of(2) {
                self.fastest_win = self.fastest_win.min(r);
            }
            self.slowest = self.slowest.max(r);
        }
    }
    let mut dense_left = DENSE_TOTAL;
    let mut remoteness = Seen::new(component.moves.len() as u32, &mut dense_left);
    let mut stack = vec![Frame::new(component.start)];
    let (mut count, mut moves) = (0usize, 0usize);
    while let Some(top) = stack.last_mut() {
        let flips: &[Mask] = if top.keys == 0 {
            &[]
        } else {
            component.moves.get(top.key).map_or(&[], Vec::as_slice)
        };
        if top.next < flips.len() {
            let child = top.state ^ flips[top.next];
            moves += 1;
            match remoteness.get(child) {
                Some(r) => top.fold(r),
                None => {
                    let states = count + stack.len();
                    if states >= limits.positions
                        || moves > limits.moves()
                        || remoteness.bytes(states) > limits.bytes
                    {
                        return Err(TooLarge);
                    }
                    stack.push(Frame::new(child));
                }
            }
            continue;
        }
        if top.keys != 0 {
            // On to the next key's moves.
            top.keys &= top.keys - 1;
            top.key = top.keys.trailing_zeros() as usize;
            top.next = 0;
            continue;
        }
        let done = stack.pop().expect("the stack is not empty");
        let r = if done.fastest_win != u32::MAX {
            done.fastest_win + 1
        } else if done.any {
            done.slowest + 1
        } else {
            0
        };
        remoteness.set(done.state, r);
        count += 1;
        if count % 4096 == 0 && limits.expired() {
            return Err(TooLarge);
        }
        if let Some(parent) = stack.last_mut() {
            parent.fold(r);
        }
    }
    Ok(SingleSolution {
        root: root.clone(),
        cells: vec![cells],
        component,
        remoteness,
        count,
    })
}

impl<P: FlipGame> SingleSolution<P> {
    fn get(&self, state: Mask) -> Outcome {
        outcome_of(self.remoteness.get(state).expect("a reachable state"))
    }
}

impl<P: FlipGame> SolvedTree<P> for SingleSolution<P> {
    fn len(&self) -> usize {
        self.count
    }

    fn root_position(&self) -> &P {
        &self.root
    }

    fn root(&self) -> Outcome {
        self.get(self.component.start)
    }

    fn outcome(&self, position: &P) -> Option<Outcome> {
        let r = self.remoteness.get(position.flip_state(&self.cells[0]))?;
        position
            .same_outside(&self.root, &self.cells)
            .then(|| outcome_of(r))
    }

    fn moves(&self) -> Vec<MoveOutcome<P::Move>> {
        let start = self.component.start;
        let mut moves = Vec::new();
        for_each_child(&self.component, start, |child| {
            let mut losing_replies = 0;
            for_each_child(&self.component, child, |grandchild| {
                losing_replies += usize::from(self.get(grandchild).wins);
            });
            let flip = start ^ child;
            let key = 127 - flip.leading_zeros();
            moves.push(MoveOutcome {
                mv: self.root.flip_move(&self.cells[0], key, flip),
                outcome: self.get(child),
                losing_replies,
            });
        });
        moves
    }
}

/// The product of several components: each component's states are enumerated and numbered
/// first, which gives the exact count of positions before anything is solved.
fn solve_product<P: FlipGame>(
    root: &P,
    parts: Vec<(P::Cells, FlipComponent)>,
    limits: &Limits,
) -> Result<FlipSolution<P>, TooLarge> {
    let mut cells = Vec::with_capacity(parts.len());
    let mut components = Vec::with_capacity(parts.len());
    let mut dense_left = DENSE_TOTAL;
    // The count so far, so that each component may have at most what is left.
    let mut count: usize = 1;
    for (place, component) in parts {
        let table = enumerate(
            component,
            limits.positions / count,
            limits.moves(),
            &mut dense_left,
            limits,
        )?;
        if table.states.len() == 1 {
            continue;
        }
        count = count
            .checked_mul(table.states.len())
            .filter(|&c| c <= limits.positions)
            .ok_or(TooLarge)?;
        cells.push(place);
        components.push(table);
    }
    // Every position lists the moves of each component in its own state: the exact number of
    // moves the sweep will look at.
    let mut moves: u128 = 0;
    for table in &components {
        let others = (count / table.states.len()) as u128;
        moves += table.moves as u128 * others;
    }
    if moves > limits.moves() as u128 {
        return Err(TooLarge);
    }
    let mut stride = 1;
    for table in &mut components {
        table.stride = stride;
        stride *= table.states.len();
    }
    // One remoteness (4 bytes) per position, besides the components' tables.
    let tables: usize = components
        .iter()
        .map(|t| t.states.len() * 16 + t.digits.bytes(t.states.len()) + t.moves * 4)
        .sum();
    if count.saturating_mul(4).saturating_add(tables) > limits.bytes {
        return Err(TooLarge);
    }
    let remoteness = sweep(&components, count, limits)?;
    let root_index = components.iter().map(|t| t.start as usize * t.stride).sum();
    Ok(FlipSolution {
        root: root.clone(),
        cells,
        components,
        remoteness,
        root_index,
    })
}

/// The remoteness of every position, in increasing index order: every move lowers one digit,
/// so a position's children are all solved before it.
fn sweep(
    components: &[ComponentTable],
    count: usize,
    limits: &Limits,
) -> Result<Vec<u32>, TooLarge> {
    let mut remoteness = vec![0u32; count];
    let mut digits = vec![0u32; components.len()];
    for index in 0..count {
        // Fastest win: the least even (lost) remoteness among children; else the slowest loss.
        let mut fastest_win = u32::MAX;
        let mut slowest = 0u32;
        let mut any = false;
        for (table, &digit) in components.iter().zip(&digits) {
            let base = index - digit as usize * table.stride;
            table.for_each_child(digit, |child| {
                let r = remoteness[base + child as usize * table.stride];
                any = true;
                if r.is_multiple_of(2) {
                    fastest_win = fastest_win.min(r);
                }
                slowest = slowest.max(r);
            });
        }
        remoteness[index] = if fastest_win != u32::MAX {
            fastest_win + 1
        } else if any {
            slowest + 1
        } else {
            0
        };
        // Next index: add one to the digits, carrying.
        for (digit, table) in digits.iter_mut().zip(components) {
            *digit += 1;
            if (*digit as usize) < table.states.len() {
                break;
            }
            *digit = 0;
        }
        if index % 16384 == 16383 && limits.expired() {
            return Err(TooLarge);
        }
    }
    Ok(remoteness)
}

impl<P: FlipGame> FlipSolution<P> {
    /// The index of `position`, if it is one of the tree's.
    fn index_of(&self, position: &P) -> Option<usize> {
        let mut index = 0;
        for (place, table) in self.cells.iter().zip(&self.components) {
            index += table.digit(position.flip_state(place))? as usize * table.stride;
        }
        position
            .same_outside(&self.root, &self.cells)
            .then_some(index)
    }

    /// The children of the position at `index` (digits of its components given), with the
    /// component, key cell and flip of the move to each.
    fn for_each_move(&self, index: usize, mut f: impl FnMut(usize, u32, Mask, usize)) {
        for (c, table) in self.components.iter().enumerate() {
            let digit = (index / table.stride) % table.states.len();
            let state = table.states[digit];
            let base = index - digit * table.stride;
            table.for_each_child(digit as u32, |child| {
                let flip = state ^ table.states[child as usize];
                // The key is the highest flipped cell (it goes from on to off).
                let key = 127 - flip.leading_zeros();
                f(c, key, flip, base + child as usize * table.stride);
            });
        }
    }
}

impl<P: FlipGame> SolvedTree<P> for FlipSolution<P> {
    fn len(&self) -> usize {
        self.remoteness.len()
    }

    fn root_position(&self) -> &P {
        &self.root
    }

    fn root(&self) -> Outcome {
        outcome_of(self.remoteness[self.root_index])
    }

    fn outcome(&self, position: &P) -> Option<Outcome> {
        self.index_of(position)
            .map(|index| outcome_of(self.remoteness[index]))
    }

    fn moves(&self) -> Vec<MoveOutcome<P::Move>> {
        let mut moves = Vec::new();
        self.for_each_move(self.root_index, |c, key, flip, child| {
            let mut losing_replies = 0;
            self.for_each_move(child, |_, _, _, grandchild| {
                losing_replies += usize::from(self.remoteness[grandchild] % 2 == 1);
            });
            moves.push(MoveOutcome {
                mv: self.root.flip_move(&self.cells[c], key, flip),
                outcome: outcome_of(self.remoteness[child]),
                losing_replies,
            });
        });
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::coins::CoinRow;
    use crate::games::dodgeball::Dodgeball;
    use crate::games::{Face, grid::CoinGrid};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Both ways of solving agree on positions of one component: the depth-first search over
    /// states and the numbered sweep the product of several components uses.
    fn both_ways<P: FlipGame>(root: &P)
    where
        P::Cells: Clone,
    {
        let limits = Limits::positions(1 << 20);
        let mut parts = root.flip_components(&limits).expect("small");
        assert_eq!(parts.len(), 1, "{root:?}");
        let product = solve_product(root, parts.clone(), &limits).expect("small");
        let (cells, component) = parts.pop().unwrap();
        let single = solve_single(root, cells, component, &limits).expect("small");
        assert_eq!(
            SolvedTree::root(&product),
            SolvedTree::root(&single),
            "{root:?}"
        );
        assert_eq!(
            SolvedTree::len(&product),
            SolvedTree::len(&single),
            "{root:?}"
        );
        let key = |m: &MoveOutcome<P::Move>| format!("{:?}", m.mv);
        let mut a = product.moves();
        let mut b = single.moves();
        a.sort_by_key(key);
        b.sort_by_key(key);
        assert_eq!(a, b, "{root:?}");
    }

    #[test]
    fn one_component_solved_both_ways() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut rows = 0;
        for _ in 0..40 {
            // One chain: pieces only in boxes 1, 2, 4, 8, … of the board.
            let n = rng.random_range(8..200);
            let mut pieces = vec![false; n];
            let mut b = 1;
            while b <= n {
                pieces[b - 1] = rng.random_bool(0.5);
                b *= 2;
            }
            pieces[0] = true;
            both_ways(&Dodgeball::new(&pieces).unwrap());
            // One class: tails coins only among 2^a·3^b.
            let n = rng.random_range(8..40);
            let faces: Vec<Face> = (1..=n)
                .map(|x: u32| {
                    // Coins 2^a·3^b (b or a at least 1) of the class c = 1.
                    let (c, _, _) = crate::games::coins::rules::split(x);
                    if x > 1 && c == 1 && rng.random_bool(0.4) {
                        Face::Tails
                    } else {
                        Face::Heads
                    }
                })
                .collect();
            let row = CoinRow::new(rng.random_range(1..=4), &faces).unwrap();
            if crate::solver::ExactSolution::new(&row, 1 << 16).is_some() {
                rows += 1;
                both_ways(&row);
            }
            let grid = CoinGrid::random(rng.random_range(1..=3), rng.random_range(1..=3), &mut rng);
            if !grid.tails().is_empty() {
                both_ways(&grid);
            }
        }
        assert!(rows >= 20, "only {rows} coin rows");
    }
}
