//! Tokens on a directed acyclic graph (LibreOJ 10243): a move slides one token along an edge.
//! Each token is a part; its value is the value of its vertex, the mex of its successors'
//! values (computed once per graph, in reverse topological order), and the position's value is
//! their nim-sum.

use std::sync::Arc;

use rand::{Rng, RngExt};

use super::list::join;
use super::stairs::parse_list;
use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position};
use crate::games::catalogue::{Catalogued, RuleEntry, puzzle_parts};
use crate::input::{InputError, Numbers, Phrase};
use crate::message::{Msg, PartName, Said};
use crate::nimber::{Nimber, mex_small};

/// Bounds of a playable graph (the contest reader allows more).
pub const MAX_VERTICES: usize = 200;
pub const MAX_TOKENS: usize = 1000;

/// A directed acyclic graph on vertices 1..=n with the value of every vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    /// Successors of vertex v at `successors[v − 1]`, in the order given.
    successors: Vec<Vec<u32>>,
    values: Vec<u32>,
}

impl Graph {
    /// The graph of `edges` (x → y) on `n` vertices, or the reason it is not a DAG.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Result<Graph, Said> {
        let mut successors = vec![Vec::new(); n];
        for &(x, y) in edges {
            if x == 0 || y == 0 || x as usize > n || y as usize > n {
                return Err(Said::new("said.dag.edge_vertex")
                    .with("x", x)
                    .with("y", y)
                    .with("n", n));
            }
            successors[x as usize - 1].push(y);
        }
        // Values by mex in reverse topological order (Kahn's algorithm on the reverse graph).
        let mut out_degree: Vec<usize> = successors.iter().map(Vec::len).collect();
        let mut predecessors = vec![Vec::new(); n];
        for (x, succ) in successors.iter().enumerate() {
            for &y in succ {
                predecessors[y as usize - 1].push(x);
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&v| out_degree[v] == 0).collect();
        let mut values = vec![u32::MAX; n];
        let mut done = 0;
        while let Some(v) = ready.pop() {
            values[v] = mex_small(successors[v].iter().map(|&y| values[y as usize - 1]));
            done += 1;
            for &p in &predecessors[v] {
                out_degree[p] -= 1;
                if out_degree[p] == 0 {
                    ready.push(p);
                }
            }
        }
        if done < n {
            let v = (0..n)
                .find(|&v| values[v] == u32::MAX)
                .expect("a vertex is left")
                + 1;
            return Err(Said::new("said.dag.cycle").with("vertex", v));
        }
        Ok(Graph { successors, values })
    }

    pub fn len(&self) -> usize {
        self.successors.len()
    }

    pub fn is_empty(&self) -> bool {
        self.successors.is_empty()
    }

    /// The value of vertex v (1-based).
    pub fn value(&self, v: u32) -> u32 {
        self.values[v as usize - 1]
    }

    pub fn successors(&self, v: u32) -> &[u32] {
        &self.successors[v as usize - 1]
    }
}

/// A move: token `token` (0-based) slides to vertex `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    pub token: usize,
    pub to: u32,
}

/// Tokens on a graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dag {
    graph: Arc<Graph>,
    tokens: Vec<u32>,
}

impl Dag {
    pub fn new(graph: Arc<Graph>, tokens: Vec<u32>) -> Result<Dag, Said> {
        if tokens.is_empty() || tokens.len() > MAX_TOKENS {
            return Err(Said::new("said.dag.tokens")
                .with("most", MAX_TOKENS)
                .with("count", tokens.len()));
        }
        if let Some(&v) = tokens.iter().find(|&&v| v == 0 || v as usize > graph.len()) {
            return Err(Said::new("said.dag.token_vertex")
                .with("vertex", v)
                .with("n", graph.len()));
        }
        Ok(Dag { graph, tokens })
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The vertex of each token.
    pub fn tokens(&self) -> &[u32] {
        &self.tokens
    }
}

impl Dag {
    /// A random position for a new game: 4 or 5 layers of 1 to 3 vertices, numbered layer by
    /// layer, every vertex outside the last layer with 1 or 2 edges into the next layer (so
    /// the layers are those the board draws) and now and then one that skips a layer; 2 to 4
    /// tokens on vertices with an edge out. Graphs whose values stay below 2 are drawn again.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Dag {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let layer_count = rng.random_range(4..=5);
            let mut layers: Vec<Vec<u32>> = Vec::new();
            let mut n = 0;
            for k in 0..layer_count {
                let size = if k + 1 == layer_count {
                    rng.random_range(1..=2)
                } else {
                    rng.random_range(2..=3)
                };
                layers.push((n + 1..=n + size).collect());
                n += size;
            }
            let mut edges = Vec::new();
            for k in 0..layer_count - 1 {
                let next = &layers[k + 1];
                for &x in &layers[k] {
                    let first = next[rng.random_range(0..next.len())];
                    edges.push((x, first));
                    let second = next[rng.random_range(0..next.len())];
                    if second != first && rng.random_bool(0.5) {
                        edges.push((x, second));
                    }
                    if k + 2 < layer_count && rng.random_bool(0.3) {
                        let far = &layers[k + 2];
                        edges.push((x, far[rng.random_range(0..far.len())]));
                    }
                }
            }
            let graph = Graph::new(n as usize, &edges).expect("edges go to later layers");
            let movable: Vec<u32> = (1..=n)
                .filter(|&v| !graph.successors(v).is_empty())
                .collect();
            let interesting = (1..=n).any(|v| graph.value(v) >= 2);
            if !interesting && attempt < 50 {
                continue;
            }
            let count = rng.random_range(2..=4);
            let tokens = (0..count)
                .map(|_| movable[rng.random_range(0..movable.len())])
                .collect();
            return Dag::new(Arc::new(graph), tokens).expect("2 to 4 tokens on the graph");
        }
    }
}

impl Position for Dag {
    type Move = Slide;

    fn legal_moves(&self) -> Vec<Slide> {
        (0..self.tokens.len())
            .flat_map(|i| self.moves_of(i, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &Slide) -> Result<(), IllegalMove> {
        let Some(&v) = self.tokens.get(mv.token) else {
            return Err(IllegalMove::new(
                Said::new("said.move.no_token").with("number", mv.token + 1),
            ));
        };
        if !self.graph.successors(v).contains(&mv.to) {
            return Err(IllegalMove::new(
                Said::new("said.move.no_edge")
                    .with("from", v)
                    .with("to", mv.to),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &Slide) -> Dag {
        let mut tokens = self.tokens.clone();
        tokens[mv.token] = mv.to;
        Dag {
            graph: self.graph.clone(),
            tokens,
        }
    }

    fn is_over(&self) -> bool {
        self.tokens
            .iter()
            .all(|&v| self.graph.successors(v).is_empty())
    }

    fn heap_bytes(&self) -> usize {
        self.tokens.capacity() * 4
    }

    /// Each token slides along at most the graph's largest out-degree.
    fn moves_bound(&self) -> Option<u128> {
        let widest = (1..=self.graph.len() as u32)
            .map(|v| self.graph.successors(v).len())
            .max()
            .unwrap_or(0);
        Some((self.tokens.len() as u128 * widest as u128).max(1))
    }

    fn reachable_bound(&self) -> Option<u128> {
        Some(
            (self.graph.len() as u128)
                .checked_pow(self.tokens.len() as u32)
                .unwrap_or(u128::MAX),
        )
    }
}

impl Impartial for Dag {
    /// A token, 0-based.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.tokens
            .iter()
            .enumerate()
            .map(|(i, &v)| (i, Nimber::new(self.graph.value(v).into())))
            .collect()
    }

    fn nim_sum_after(&self, mv: &Slide) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn nim_sum_change(&self, mv: &Slide) -> Nimber {
        let from = self.graph.value(self.tokens[mv.token]);
        Nimber::new((from ^ self.graph.value(mv.to)).into())
    }

    /// Each token's slides to a vertex of the value wanted (its value XOR the change), from
    /// the graph's values: a token costs its out-degree, the nim-sum is read once.
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<Slide> {
        let mut found = Vec::new();
        let Some(change) = (self.nim_sum() + target).to_u64() else {
            return found;
        };
        if change == 0 {
            return found;
        }
        for (token, &v) in self.tokens.iter().enumerate() {
            let want = u64::from(self.graph.value(v)) ^ change;
            for &to in self.graph.successors(v) {
                if u64::from(self.graph.value(to)) == want {
                    if found.len() >= limit {
                        return found;
                    }
                    found.push(Slide { token, to });
                }
            }
        }
        found
    }

    /// Every token's slides counted ([`Dag::moves_to_nim_sum`]): at most tokens × vertices.
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        (self.moves_to_nim_sum(target, usize::MAX).len(), true)
    }

    fn describe_part(&self, i: usize) -> Msg {
        Msg::Part(PartName::Token {
            number: i + 1,
            vertex: self.tokens.get(i).copied().unwrap_or(0),
        })
    }

    fn part_of(&self, mv: &Slide) -> usize {
        mv.token
    }

    fn moves_of(&self, i: usize, limit: usize) -> (Vec<Slide>, bool) {
        let Some(&v) = self.tokens.get(i) else {
            return (Vec::new(), false);
        };
        let succ = self.graph.successors(v);
        let moves = succ
            .iter()
            .take(limit)
            .map(|&to| Slide { token: i, to })
            .collect();
        (moves, succ.len() > limit)
    }

    /// Loses slowly: slide a token to the successor of highest value (the most play left in
    /// it), preferring the slides that leave the fewest winning replies.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Slide> {
        let mut candidates: Vec<(std::cmp::Reverse<u32>, usize, Slide)> = Vec::new();
        let first = (0..self.tokens.len()).flat_map(|i| self.moves_of(i, 64).0);
        for mv in first.take(64) {
            let replies = self.play_unchecked(&mv).winning_moves(64).len();
            candidates.push((std::cmp::Reverse(self.graph.value(mv.to)), replies, mv));
        }
        let best = candidates.iter().map(|c| (c.1, c.0)).min()?;
        let moves = candidates
            .into_iter()
            .filter(|c| (c.1, c.0) == best)
            .map(|c| c.2)
            .collect();
        crate::ai::pick(moves, rng)
    }
}

impl Notation for Dag {
    const GAME: &'static str = "dag";

    /// `dag:<n>:<edges x>y, comma-separated>:<token vertices>`, e.g. `dag:4:1>2,2>3,1>3,3>4:1,2`.
    fn from_code(code: &str) -> Result<Dag, CodeError> {
        let fields: Vec<&str> = code.split(':').collect();
        if fields.len() != 4 || fields[0] != "dag" {
            return Err(CodeError::new(1, Said::new("said.dag.shape")));
        }
        let n_column = 5;
        let [n] = parse_list(
            fields[1],
            n_column,
            Said::new("said.what.vertex_count"),
            MAX_VERTICES as u64,
        )?[..] else {
            return Err(CodeError::new(n_column, Said::new("said.dag.one_count")));
        };
        if n == 0 {
            return Err(CodeError::new(n_column, Said::new("said.dag.no_vertex")));
        }
        let edges_column = n_column + fields[1].chars().count() + 1;
        let mut edges = Vec::new();
        let mut at = edges_column;
        if !fields[2].is_empty() {
            for edge in fields[2].split(',') {
                let parsed = edge
                    .split_once('>')
                    .and_then(|(x, y)| Some((x.parse::<u32>().ok()?, y.parse::<u32>().ok()?)));
                match parsed {
                    Some(e) => edges.push(e),
                    None => {
                        return Err(CodeError::new(
                            at,
                            Said::new("said.dag.edge_form").with("edge", edge),
                        ));
                    }
                }
                at += edge.chars().count() + 1;
            }
        }
        let graph = Graph::new(n as usize, &edges).map_err(|e| CodeError::new(edges_column, e))?;
        let tokens_column = edges_column + fields[2].chars().count() + 1;
        let tokens = parse_list(fields[3], tokens_column, Said::new("said.what.tokens"), n)?
            .into_iter()
            .map(|v| v as u32)
            .collect();
        Dag::new(Arc::new(graph), tokens).map_err(|e| CodeError::new(tokens_column, e))
    }

    fn to_code(&self) -> String {
        let edges: Vec<String> = (1..=self.graph.len() as u32)
            .flat_map(|x| {
                self.graph
                    .successors(x)
                    .iter()
                    .map(move |y| format!("{x}>{y}"))
            })
            .collect();
        let tokens: Vec<u64> = self.tokens.iter().map(|&v| u64::from(v)).collect();
        format!(
            "dag:{}:{}:{}",
            self.graph.len(),
            edges.join(","),
            join(&tokens)
        )
    }

    fn describe_move(&self, mv: &Slide) -> Msg {
        Msg::Slide {
            number: mv.token + 1,
            from: u64::from(self.tokens.get(mv.token).copied().unwrap_or(0)),
            to: u64::from(mv.to),
        }
    }

    /// `token 1: 4 → 2`, as saved games have always written it.
    fn move_code(&self, mv: &Slide) -> String {
        format!(
            "token {}: {} → {}",
            mv.token + 1,
            self.tokens.get(mv.token).copied().unwrap_or(0),
            mv.to
        )
    }
}

/// LibreOJ 10243: `N M K`, M lines `x y` (an edge x → y), then K vertices → `win` / `lose`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let n = numbers.next("N", 1..=100_000)?;
    let m = numbers.next("M", 0..=1_000_000)?;
    let k = numbers.next("K", 1..=1_000_000)?;
    let mut edges = Vec::with_capacity(m as usize);
    let edge_end = |end: &'static str, i: u64| {
        Phrase(move || {
            Said::new("said.reader.edge_end")
                .with("end", end)
                .with("i", i)
        })
    };
    for i in 1..=m {
        let x = numbers.next(edge_end("x", i), 1..=n)? as u32;
        let y = numbers.next(edge_end("y", i), 1..=n)? as u32;
        edges.push((x, y));
    }
    let graph = Graph::new(n as usize, &edges).map_err(|e| InputError::said(1, None, e))?;
    let mut value = 0;
    for i in 1..=k {
        let token = Phrase(move || Said::new("said.reader.token_vertex").with("i", i));
        value ^= graph.value(numbers.next(token, 1..=n)? as u32);
    }
    numbers.expect_end(Said::new("said.reader.the_tokens"))?;
    Ok(if value != 0 { "win\n" } else { "lose\n" }.to_string())
}

impl Catalogued for Dag {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "dag",
        title: "Tokens on a DAG",
        rule: "slide one token along an edge of the graph",
        start: "dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3,2",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Dag {
        let graph = Dag::random(rng);
        let movable: Vec<u32> = (1..=graph.graph().len() as u32)
            .filter(|&v| !graph.graph().successors(v).is_empty())
            .collect();
        let tokens: Vec<u32> = (0..puzzle_parts(d, rng))
            .map(|_| movable[rng.random_range(0..movable.len())])
            .collect();
        let graph = Arc::new(graph.graph().clone());
        Dag::new(graph, tokens).expect("tokens on the graph's vertices")
    }
}
