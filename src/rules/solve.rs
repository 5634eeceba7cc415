//! The exact search of a rules file's game: every position reachable from a root is listed
//! (breadth first, each once, through the script's `moves`), then solved on that graph.
//!
//! - Win, lose or draw, with remoteness, by retrograde analysis: the ends are decided first
//!   (lost under normal play, won under misère), then a position is won as soon as one move
//!   reaches a lost one and lost once every move reaches a won one, in order of remoteness
//!   (so a win is the fastest and a loss the slowest). What is never decided is a draw: the
//!   positions repeat and neither side can force an end.
//! - Sprague–Grundy values (one-sided, normal play, no scores, no repetition): the mex of the
//!   options' values, each option's value the XOR of its parts' (`fn parts`), so that a sum
//!   of many parts stays cheap ([`GrundyTable`]).
//! - Scores (`fn gain`): the best score difference for the player to move, the max over moves
//!   of the move's gain less the position after it's difference (negamax).
//!
//! Two-sided games search pairs (position, side to move). Every search is bounded by
//! [`Limits`] (positions, bytes, deadline; the deadline also stops a slow script's call) and
//! says [`SearchError::TooLarge`] past them.

use std::time::Instant;

use rand::Rng;

use super::{Problem, Rules, RulesError, Value, budget};
pub use crate::game::search::Limits;
use crate::solver::FxHashMap;

/// A position with the side to move (always 0 in a one-sided game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    pub position: Value,
    pub side: u8,
}

impl Node {
    pub fn new(position: Value, side: u8) -> Node {
        Node { position, side }
    }
}

/// What a search may end with instead of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The script failed (a bad return value, an error, a limit of the sandbox).
    Script(RulesError),
    /// Past the search's limits: too large to search exactly.
    TooLarge,
    /// Positions repeat where the answer needs a game without repetition (SG values,
    /// scores).
    Repeats,
}

impl From<RulesError> for SearchError {
    fn from(e: RulesError) -> SearchError {
        if e.problem == Problem::Interrupted {
            SearchError::TooLarge
        } else {
            SearchError::Script(e)
        }
    }
}

/// The result of a position with best play, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    Win,
    Lose,
    Draw,
    /// A scoring game: the player to move ends this many points ahead (negative: behind).
    Score(i64),
}

/// A position's verdict, its remoteness where known (the number of moves perfect play
/// takes to the end: a win fastest, a loss slowest), and its Sprague–Grundy value where the
/// theorem applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Judgement {
    pub verdict: Verdict,
    pub remoteness: Option<u32>,
    pub value: Option<u64>,
}

/// The Rhai operations one search (of the whole game, or of one move's) may spend: about
/// 170 ms of script on this project's machine (Rhai runs some 23 million a second on CSES
/// 2208, 400 a position). Counted, so that whether a position is searched exactly does not
/// depend on how loaded the machine is (`[15, 16, 17, 18]` of cses2208.rhai, 7 084 positions,
/// was exact on a quiet core and too large beside one busy loop under a 150 ms deadline).
pub const SEARCH_OPERATIONS: u64 = 4_000_000;

/// The wall-clock guard of a search: it stops only what the count lets through on a machine
/// far slower or busier than this one.
pub const SEARCH_TIME: std::time::Duration = std::time::Duration::from_millis(400);

/// The limits of the AI's and the hints' searches: [`SEARCH_OPERATIONS`] of script (each
/// search counts its own) under the [`SEARCH_TIME`] guard, and 48 MB of tables, as for every
/// built-in game.
pub fn ai_limits() -> Limits {
    Limits {
        deadline: Some(Instant::now() + SEARCH_TIME),
        ..crate::solver::exact_limits(4_000_000)
    }
}

/// Calls `f` with this thread's script calls stopping at `limits`' deadline, at three quarters
/// of the answer's operations left (the rest is for the answer's other calls: the moves
/// listed, their words) and at [`SEARCH_OPERATIONS`].
fn within<T>(limits: &Limits, f: impl FnOnce() -> T) -> T {
    budget::within(limits.deadline, (3, 4), || {
        budget::answer(
            budget::Budget {
                operations: SEARCH_OPERATIONS,
                deadline: None,
            },
            f,
        )
    })
}

/// Whether a search must stop: past its limits' deadline or the answer's budget.
fn out_of_time(limits: &Limits) -> bool {
    limits.expired() || budget::exhausted()
}

/// Unknown remoteness (a draw's, or a position not decided).
const UNDECIDED: u32 = u32::MAX;

/// Every position reachable from a root, solved.
pub struct Solution {
    nodes: Vec<Node>,
    index: FxHashMap<Node, u32>,
    /// `edges[offsets[i]..offsets[i + 1]]`: the children of node `i`, in the script's order
    /// (each once), with the gain of the move to each in `gains`.
    offsets: Vec<u32>,
    edges: Vec<u32>,
    gains: Vec<i64>,
    verdicts: Vec<Verdict>,
    remoteness: Vec<u32>,
    values: Option<Vec<u64>>,
    /// How long the search took, for the positions-per-second measure.
    pub elapsed: std::time::Duration,
}

impl Solution {
    /// Lists and solves every position reachable from `root`, within `limits`.
    pub fn search(rules: &Rules, root: &Node, limits: &Limits) -> Result<Solution, SearchError> {
        within(limits, || Solution::search_within(rules, root, limits))
    }

    fn search_within(rules: &Rules, root: &Node, limits: &Limits) -> Result<Solution, SearchError> {
        let started = Instant::now();
        let mut graph = Graph::list(rules, root, limits)?;
        let n = graph.nodes.len();
        let topological = graph.topological_order();
        let (verdicts, remoteness, values) = if rules.scoring() {
            let order = topological.ok_or(SearchError::Repeats)?;
            let mut scores = vec![0i64; n];
            for &i in &order {
                let (from, to) = graph.span(i);
                scores[i] = (from..to)
                    .map(|e| graph.gains[e].saturating_sub(scores[graph.edges[e] as usize]))
                    .max()
                    .unwrap_or(0);
            }
            let remoteness = graph.depths(&order);
            (
                scores.into_iter().map(Verdict::Score).collect(),
                remoteness,
                None,
            )
        } else {
            let (verdicts, remoteness) = graph.retrograde(rules.misere());
            let values = match topological {
                Some(order) if rules.impartial() => Some(graph.grundy_values(&order)),
                _ => None,
            };
            (verdicts, remoteness, values)
        };
        graph.offsets.shrink_to_fit();
        Ok(Solution {
            nodes: std::mem::take(&mut graph.nodes),
            index: std::mem::take(&mut graph.index),
            offsets: graph.offsets,
            edges: graph.edges,
            gains: graph.gains,
            verdicts,
            remoteness,
            values,
            elapsed: started.elapsed(),
        })
    }

    /// How many positions were searched.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never: a solution holds its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether some position of the game can repeat (a draw is then possible).
    pub fn has_draws(&self) -> bool {
        self.verdicts.contains(&Verdict::Draw)
    }

    fn judgement_at(&self, i: usize) -> Judgement {
        Judgement {
            verdict: self.verdicts[i],
            remoteness: Some(self.remoteness[i]).filter(|&r| r != UNDECIDED),
            value: self.values.as_ref().map(|v| v[i]),
        }
    }

    /// The judgement of a position reachable from the root.
    pub fn judge(&self, node: &Node) -> Option<Judgement> {
        let &i = self.index.get(node)?;
        Some(self.judgement_at(i as usize))
    }

    /// The moves of a position reachable from the root: the position each reaches, the gain,
    /// and the judgement there (for the opponent, who moves next).
    pub fn moves(&self, node: &Node) -> Option<Vec<Step>> {
        let &i = self.index.get(node)?;
        let (from, to) = (self.offsets[i as usize], self.offsets[i as usize + 1]);
        Some(
            (from as usize..to as usize)
                .map(|e| {
                    let child = self.edges[e] as usize;
                    Step {
                        to: self.nodes[child].clone(),
                        gain: self.gains.get(e).copied().unwrap_or(0),
                        judgement: Some(self.judgement_at(child)),
                    }
                })
                .collect(),
        )
    }
}

/// A move of a position, one step of the game: where it leads, what it scores, and the
/// judgement there when known (for the player who moves next).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub to: Node,
    pub gain: i64,
    pub judgement: Option<Judgement>,
}

/// The listed graph of a search, before it is solved.
struct Graph {
    nodes: Vec<Node>,
    index: FxHashMap<Node, u32>,
    offsets: Vec<u32>,
    edges: Vec<u32>,
    gains: Vec<i64>,
}

/// What a listed node costs besides its values' heap bytes (twice: the list and the table):
/// the node twice, the table's slot and spare room, its offset.
const NODE_BYTES: usize = 2 * std::mem::size_of::<Node>() + 32;

impl Graph {
    fn list(rules: &Rules, root: &Node, limits: &Limits) -> Result<Graph, SearchError> {
        let mut graph = Graph {
            nodes: vec![root.clone()],
            index: FxHashMap::default(),
            offsets: vec![0],
            edges: Vec::new(),
            gains: Vec::new(),
        };
        graph.index.insert(root.clone(), 0);
        let mut bytes = NODE_BYTES + 2 * root.position.heap_bytes();
        // `seen[c] == i`: child c is already an edge of node i (a script may list a move twice).
        let mut seen: Vec<u32> = vec![u32::MAX];
        let two_sided = rules.two_sided();
        let mut i = 0;
        while i < graph.nodes.len() {
            let node = graph.nodes[i].clone();
            let children = rules.moves(&node.position, node.side)?;
            let side = if two_sided { 1 - node.side } else { 0 };
            for child in children {
                let gain = if rules.scoring() {
                    rules.gain(&node.position, &child)?
                } else {
                    0
                };
                let child = Node::new(child, side);
                let c = match graph.index.get(&child) {
                    Some(&c) => c,
                    None => {
                        let c = graph.nodes.len() as u32;
                        bytes += NODE_BYTES + 2 * child.position.heap_bytes();
                        graph.index.insert(child.clone(), c);
                        graph.nodes.push(child);
                        seen.push(u32::MAX);
                        c
                    }
                };
                if seen[c as usize] == i as u32 {
                    continue;
                }
                seen[c as usize] = i as u32;
                graph.edges.push(c);
                if rules.scoring() {
                    graph.gains.push(gain);
                }
            }
            graph.offsets.push(graph.edges.len() as u32);
            i += 1;
            let edge_bytes = graph.edges.len() * 4 + graph.gains.len() * 8;
            if graph.nodes.len() > limits.positions
                || bytes + edge_bytes > limits.bytes
                || graph.edges.len() >= u32::MAX as usize / 2
            {
                return Err(SearchError::TooLarge);
            }
            if i.is_multiple_of(64) && out_of_time(limits) {
                return Err(SearchError::TooLarge);
            }
        }
        Ok(graph)
    }

    fn span(&self, i: usize) -> (usize, usize) {
        (self.offsets[i] as usize, self.offsets[i + 1] as usize)
    }

    /// For each node, the nodes with a move to it.
    fn parents(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.nodes.len();
        let mut counts = vec![0u32; n + 1];
        for &c in &self.edges {
            counts[c as usize + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut parents = vec![0u32; self.edges.len()];
        for i in 0..n {
            let (from, to) = self.span(i);
            for &c in &self.edges[from..to] {
                parents[fill[c as usize] as usize] = i as u32;
                fill[c as usize] += 1;
            }
        }
        (counts, parents)
    }

    /// The nodes children first, or `None` when positions repeat (a cycle).
    fn topological_order(&self) -> Option<Vec<usize>> {
        let n = self.nodes.len();
        let (starts, parents) = self.parents();
        let mut left: Vec<u32> = (0..n)
            .map(|i| {
                let (from, to) = self.span(i);
                (to - from) as u32
            })
            .collect();
        let mut order: Vec<usize> = (0..n).filter(|&i| left[i] == 0).collect();
        let mut next = 0;
        while next < order.len() {
            let c = order[next];
            next += 1;
            for &p in &parents[starts[c] as usize..starts[c + 1] as usize] {
                left[p as usize] -= 1;
                if left[p as usize] == 0 {
                    order.push(p as usize);
                }
            }
        }
        (order.len() == n).then_some(order)
    }

    /// Retrograde analysis: each node's verdict and remoteness (draws undecided).
    fn retrograde(&self, misere: bool) -> (Vec<Verdict>, Vec<u32>) {
        let n = self.nodes.len();
        let (starts, parents) = self.parents();
        let mut verdicts = vec![Verdict::Draw; n];
        let mut remoteness = vec![UNDECIDED; n];
        let mut left: Vec<u32> = (0..n)
            .map(|i| {
                let (from, to) = self.span(i);
                (to - from) as u32
            })
            .collect();
        // Decided in order of remoteness: the ends first, then each layer from the one before.
        let mut queue: Vec<usize> = Vec::new();
        for i in 0..n {
            if left[i] == 0 {
                verdicts[i] = if misere { Verdict::Win } else { Verdict::Lose };
                remoteness[i] = 0;
                queue.push(i);
            }
        }
        let mut next = 0;
        while next < queue.len() {
            let c = queue[next];
            next += 1;
            for &p in &parents[starts[c] as usize..starts[c + 1] as usize] {
                let p = p as usize;
                if remoteness[p] != UNDECIDED {
                    continue;
                }
                if verdicts[c] == Verdict::Lose {
                    verdicts[p] = Verdict::Win;
                    remoteness[p] = remoteness[c] + 1;
                    queue.push(p);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        // The last of its won children met is the slowest.
                        verdicts[p] = Verdict::Lose;
                        remoteness[p] = remoteness[c] + 1;
                        queue.push(p);
                    }
                }
            }
        }
        (verdicts, remoteness)
    }

    /// The Sprague–Grundy value of each node, children first.
    fn grundy_values(&self, order: &[usize]) -> Vec<u64> {
        let mut values = vec![0u64; self.nodes.len()];
        let mut options = Vec::new();
        for &i in order {
            let (from, to) = self.span(i);
            options.clear();
            options.extend(self.edges[from..to].iter().map(|&c| values[c as usize]));
            values[i] = mex(&mut options);
        }
        values
    }

    /// The number of moves to the end of a scoring game with best play (the longest of the
    /// best moves' lines is not needed: the length of the line the best move starts).
    fn depths(&self, order: &[usize]) -> Vec<u32> {
        let mut depths = vec![0u32; self.nodes.len()];
        for &i in order {
            let (from, to) = self.span(i);
            depths[i] = self.edges[from..to]
                .iter()
                .map(|&c| depths[c as usize] + 1)
                .max()
                .unwrap_or(0);
        }
        depths
    }
}

/// The least value not among `values` (sorted in place).
pub fn mex(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    let mut m = 0;
    for &v in values.iter() {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// Sprague–Grundy values of single parts, kept across calls: the value of a position is the
/// XOR of its parts' (`fn parts`), a part's the mex of its options'. Reaches sums far beyond
/// a search of whole positions (a part is solved once, whatever it is summed with).
#[derive(Default)]
pub struct GrundyTable {
    values: FxHashMap<Value, u64>,
    bytes: usize,
}

impl GrundyTable {
    pub fn new() -> GrundyTable {
        GrundyTable::default()
    }

    /// The value of position `s`: the XOR of its parts' values.
    pub fn value(&mut self, rules: &Rules, s: &Value, limits: &Limits) -> Result<u64, SearchError> {
        within(limits, || {
            let mut total = 0;
            for part in rules.parts(s)? {
                total ^= self.part_value(rules, &part, limits)?;
            }
            Ok(total)
        })
    }

    /// How many parts have a value so far.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// About the bytes the values found so far hold (bounded by the limits' bytes).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn part_value(
        &mut self,
        rules: &Rules,
        part: &Value,
        limits: &Limits,
    ) -> Result<u64, SearchError> {
        struct Frame {
            part: Value,
            /// Each option's parts.
            options: Vec<Vec<Value>>,
            option: usize,
            piece: usize,
            xor: u64,
            values: Vec<u64>,
        }
        if let Some(&v) = self.values.get(part) {
            return Ok(v);
        }
        // A frame's bytes as the allocator sees them: the frame in a stack that may have
        // doubled, its part twice (the frame and the on-stack set, at the set's load), every
        // option's list and parts, and each allocation's overhead. (Counting the part and
        // options alone let an endless chain take three times the table's bytes.)
        const ALLOCATION: usize = 16;
        let frame_bytes = |part: &Value, options: &[Vec<Value>]| {
            let value = std::mem::size_of::<Value>();
            2 * std::mem::size_of::<Frame>()
                + 2 * (value + 8)
                + std::mem::size_of::<usize>() * 2
                + 2 * part.heap_bytes()
                + ALLOCATION
                + options
                    .iter()
                    .map(|pieces| {
                        std::mem::size_of::<Vec<Value>>()
                            + ALLOCATION
                            + pieces.iter().map(|p| value + p.heap_bytes()).sum::<usize>()
                    })
                    .sum::<usize>()
        };
        let open = |part: Value| -> Result<Frame, SearchError> {
            let options = rules
                .moves(&part, 0)?
                .iter()
                .map(|t| rules.parts(t))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Frame {
                part,
                options,
                option: 0,
                piece: 0,
                xor: 0,
                values: Vec::new(),
            })
        };
        let mut on_stack: FxHashMap<Value, ()> = FxHashMap::default();
        on_stack.insert(part.clone(), ());
        let first = open(part.clone())?;
        // The positions and bytes of the parts being valued (an endless game never finishes
        // one: it is stopped here, not at the end of the memory).
        let mut stack_bytes = frame_bytes(&first.part, &first.options);
        let mut sizes = vec![stack_bytes];
        let mut stack = vec![first];
        let mut steps = 0usize;
        while let Some(top) = stack.last_mut() {
            steps += 1;
            if steps.is_multiple_of(256) && out_of_time(limits) {
                return Err(SearchError::TooLarge);
            }
            if top.option == top.options.len() {
                let done = stack.pop().expect("a frame");
                stack_bytes -= sizes.pop().expect("a frame's size");
                let mut values = done.values;
                let v = mex(&mut values);
                on_stack.remove(&done.part);
                self.bytes += NODE_BYTES + done.part.heap_bytes();
                if self.values.len() >= limits.positions || self.bytes > limits.bytes {
                    return Err(SearchError::TooLarge);
                }
                self.values.insert(done.part, v);
                continue;
            }
            let pieces = &top.options[top.option];
            if top.piece == pieces.len() {
                top.values.push(top.xor);
                top.xor = 0;
                top.piece = 0;
                top.option += 1;
                continue;
            }
            let piece = &pieces[top.piece];
            if let Some(&v) = self.values.get(piece) {
                top.xor ^= v;
                top.piece += 1;
                continue;
            }
            if on_stack.contains_key(piece) {
                return Err(SearchError::Repeats);
            }
            let piece = piece.clone();
            on_stack.insert(piece.clone(), ());
            let frame = open(piece)?;
            let size = frame_bytes(&frame.part, &frame.options);
            stack_bytes += size;
            sizes.push(size);
            stack.push(frame);
            if self.values.len() + stack.len() > limits.positions
                || self.bytes + stack_bytes > limits.bytes
            {
                return Err(SearchError::TooLarge);
            }
        }
        Ok(self.values[part])
    }
}

/// What the engine knows of a position: its judgement and its moves', exactly where the
/// search finished, else what the budget allowed.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub root: Node,
    /// `None`: too large to search exactly.
    pub judgement: Option<Judgement>,
    /// Whether the whole game tree was searched (remoteness and every move's verdict known).
    pub exact: bool,
    /// The root's moves in the script's order, each listed once.
    pub moves: Vec<Step>,
    /// How many positions the search went through (or with `parts`, how many parts have a
    /// value).
    pub searched: usize,
    /// Whether moves score points (the verdicts are scores).
    pub scoring: bool,
    /// Whether the verdicts come from the parts' Sprague–Grundy values (`fn parts`): the
    /// position's and, where they could be had, its moves'.
    pub by_parts: bool,
}

/// A whole-position search after the parts' values, for the remoteness of a small game:
/// at most this many positions.
const SMALL_SEARCH: usize = 2_000;

/// The judgement of a position of value `v` (through its parts: no remoteness).
fn by_value(v: u64) -> Judgement {
    Judgement {
        verdict: if v == 0 { Verdict::Lose } else { Verdict::Win },
        remoteness: None,
        value: Some(v),
    }
}

/// The memory a table of a rules file may take (`sg --rules`, the Lab's tables).
pub const TABLE_BYTES: usize = 100 << 20;

/// The limits of a table of a rules file (`sg --rules`, the Lab's tables), its deadline from
/// now: a table may take seconds, where an answer of the AI has a fraction of one.
pub fn table_limits() -> Limits {
    Limits {
        positions: 4_000_000,
        deadline: Some(Instant::now() + budget::TABLE_TIME),
        bytes: TABLE_BYTES,
    }
}

/// The value of position `s` through its parts, from the table the game keeps across
/// answers, and why not if not. The table's lock is held for this call only: a caller that
/// matched on `rules.memo().value(…)` would still hold it in the match's arms, and an arm
/// that asks the table its size would wait on itself for ever.
pub fn memo_value(rules: &Rules, s: &Value, limits: &Limits) -> Result<u64, SearchError> {
    // (Edition 2024 drops a tail expression's temporaries, the guard, as the call returns.)
    rules.memo().value(rules, s, limits)
}

/// [`memo_value`] with the reasons past `limits` as `None`.
pub fn value_of(rules: &Rules, s: &Value, limits: &Limits) -> Result<Option<u64>, RulesError> {
    match memo_value(rules, s, limits) {
        Ok(v) => Ok(Some(v)),
        Err(SearchError::Script(e)) => Err(e),
        Err(SearchError::TooLarge | SearchError::Repeats) => Ok(None),
    }
}

/// The moves of `root`, each listed once, with their gains and no judgement yet.
fn listed_moves(rules: &Rules, root: &Node) -> Result<Vec<Step>, RulesError> {
    let children = rules.moves(&root.position, root.side)?;
    let side = if rules.two_sided() { 1 - root.side } else { 0 };
    let mut moves: Vec<Step> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for child in children {
        let gain = rules.gain(&root.position, &child)?;
        let to = Node::new(child, side);
        if seen.insert(to.clone()) {
            moves.push(Step {
                to,
                gain,
                judgement: None,
            });
        }
    }
    Ok(moves)
}

/// The exact analysis of `root` from a search of its whole game within `limits`, or `None`
/// past them (too large, or positions that repeat).
fn searched_whole(
    rules: &Rules,
    root: &Node,
    limits: &Limits,
) -> Result<Option<Analysis>, RulesError> {
    match Solution::search(rules, root, limits) {
        Ok(solution) => Ok(Some(Analysis {
            root: root.clone(),
            judgement: solution.judge(root),
            exact: true,
            moves: solution.moves(root).expect("the root is searched"),
            searched: solution.len(),
            scoring: rules.scoring(),
            by_parts: false,
        })),
        Err(SearchError::Script(e)) => Err(e),
        Err(SearchError::TooLarge | SearchError::Repeats) => Ok(None),
    }
}

/// Analyses `root`: for an impartial game with `fn parts`, first through the Sprague–Grundy
/// values of its parts (the XOR of theirs); else, or past that, the whole tree within
/// `limits`; past them, each move searched with what is left.
pub fn analyze(rules: &Rules, root: &Node, limits: &Limits) -> Result<Analysis, RulesError> {
    let by_parts = rules.impartial() && rules.has_parts();
    if by_parts && let Some(v) = value_of(rules, &root.position, limits)? {
        // A small game is searched whole as well, for its remoteness (the verdicts agree).
        let small = Limits {
            positions: limits.positions.min(SMALL_SEARCH),
            ..*limits
        };
        if let Some(analysis) = searched_whole(rules, root, &small)? {
            return Ok(analysis);
        }
        // The moves' values are the root's parts' options': found already, so they are
        // looked up under the answer's budget alone, not the search's deadline (which the
        // root's value may have used up).
        let lookup = Limits {
            deadline: None,
            ..*limits
        };
        let mut moves = listed_moves(rules, root)?;
        for m in &mut moves {
            m.judgement = value_of(rules, &m.to.position, &lookup)?.map(by_value);
        }
        return Ok(Analysis {
            root: root.clone(),
            judgement: Some(by_value(v)),
            exact: false,
            moves,
            searched: rules.memo().len(),
            scoring: false,
            by_parts: true,
        });
    }
    if let Some(analysis) = searched_whole(rules, root, limits)? {
        return Ok(analysis);
    }
    // Past the limits: the moves are listed again (within the answer's budget, which the
    // search left room for), then judged with what is left.
    let mut moves = listed_moves(rules, root)?;
    // Each move gets an equal share of the time left, and stops at its own deadline; once
    // the answer's budget is spent the rest stay unjudged.
    let now = Instant::now();
    let left = limits.deadline.map(|d| d.saturating_duration_since(now));
    let count = moves.len().max(1) as u32;
    for m in &mut moves {
        if out_of_time(limits) {
            break;
        }
        let share = Limits {
            deadline: left.map(|l| Instant::now() + l / count),
            positions: limits.positions / count as usize,
            bytes: limits.bytes,
        };
        let operations = SEARCH_OPERATIONS / u64::from(count);
        let searched = budget::answer(
            budget::Budget {
                operations,
                deadline: None,
            },
            || Solution::search(rules, &m.to, &share),
        );
        match searched {
            Ok(solution) => m.judgement = solution.judge(&m.to),
            Err(SearchError::Script(e)) => return Err(e),
            Err(_) => {}
        }
    }
    Ok(Analysis {
        root: root.clone(),
        judgement: None,
        exact: false,
        moves,
        searched: if by_parts { rules.memo().len() } else { 0 },
        scoring: rules.scoring(),
        by_parts: false,
    })
}

/// Why the AI chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// To a position lost for the opponent: the game is won, in this many moves if known.
    Win(Option<u32>),
    /// To a draw: no win, and no need to lose.
    Draw,
    /// Every move loses: the one that lasts longest (this many moves, if known).
    Stall(Option<u32>),
    /// A scoring game: the move that ends this many points ahead with best play.
    Score(i64),
    /// Too large to search exactly: the best the budget allows.
    Guess,
}

/// How good a move is for the player making it, higher better: a win over a draw over a
/// loss, among wins the fastest, among losses the slowest; in a scoring game the score
/// difference it ends with. A move not judged (past the limits) ranks below a known draw and
/// above a known loss; in a scoring game by its gain alone.
pub fn rank(m: &Step, scoring: bool) -> (i128, i64) {
    match m.judgement {
        Some(j) => {
            let r = i64::from(j.remoteness.unwrap_or(u32::MAX / 2));
            match j.verdict {
                Verdict::Lose => (2, -r),
                Verdict::Draw => (0, 0),
                Verdict::Win => (-2, r),
                Verdict::Score(s) => (i128::from(m.gain) - i128::from(s), 0),
            }
        }
        None if scoring => (i128::from(m.gain), 0),
        None => (-1, 0),
    }
}

/// The move the perfect AI plays from an analysed position (`None`: no move), ties broken
/// at random.
pub fn best_move<R: Rng + ?Sized>(analysis: &Analysis, rng: &mut R) -> Option<(Step, Reason)> {
    if analysis.moves.is_empty() {
        return None;
    }
    let rank = |m: &Step| rank(m, analysis.scoring);
    let best = analysis.moves.iter().map(rank).max()?;
    let ties: Vec<&Step> = analysis.moves.iter().filter(|m| rank(m) == best).collect();
    let chosen = (*crate::choice::pick(ties, rng)?).clone();
    let known = analysis.exact || chosen.judgement.is_some();
    let reason = match chosen.judgement.map(|j| j.verdict) {
        _ if !known => Reason::Guess,
        Some(Verdict::Lose) => {
            Reason::Win(chosen.judgement.and_then(|j| j.remoteness).map(|r| r + 1))
        }
        Some(Verdict::Draw) => Reason::Draw,
        Some(Verdict::Win) => {
            Reason::Stall(chosen.judgement.and_then(|j| j.remoteness).map(|r| r + 1))
        }
        Some(Verdict::Score(s)) => Reason::Score(chosen.gain.saturating_sub(s)),
        None => Reason::Guess,
    };
    Some((chosen, reason))
}
