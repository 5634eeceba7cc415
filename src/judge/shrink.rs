//! The smallest failing input: greedy shrinking over the input's tree ([`Node`]), the way a
//! property-testing library shrinks (fewer cases, fewer heaps, smaller numbers, shorter
//! strings), with grundy's own reader and the format's constraints as the judge of which
//! candidates are inputs at all.
//!
//! One shrinker over the tree rather than one per format: every format's counts are written
//! back when the tree is printed, so "remove items i..j of this list" and "make this number
//! smaller" are valid edits of every format at once; the few edits that break a format's rule
//! (an edge to a vertex that no longer exists, L > R) are rejected by the reader, which is the
//! definition of a valid input anyway. proptest's shrinking works on its own value trees and
//! strategies, not on an input found by running a program, so it would not help here.

use super::input::Node;

/// One edit of a tree: at the node found by following `path` (list indices).
#[derive(Clone, Debug)]
pub struct Edit {
    path: Vec<usize>,
    op: Op,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    /// Remove items start..start + len of a list (or bytes of a text).
    Remove(usize, usize),
    /// Set a number.
    Set(u64),
    /// Set byte i of a text.
    SetByte(usize, u8),
}

/// Every edit that makes `node` smaller, the largest first: removals of halves, quarters, …
/// single items of each list (outer lists first), then smaller values of each number and
/// letter.
pub fn edits(node: &Node) -> Vec<Edit> {
    let mut removals = Vec::new();
    let mut values = Vec::new();
    walk(node, &mut Vec::new(), &mut removals, &mut values);
    removals.extend(values);
    removals
}

fn chunks(len: usize, path: &[usize], out: &mut Vec<Edit>) {
    let mut size = len.div_ceil(2).max(1);
    loop {
        // At most 64 positions per size: a long list is first cut in large pieces.
        let step = size.max(len / 64).max(1);
        let mut start = 0;
        while start < len {
            out.push(Edit {
                path: path.to_vec(),
                op: Op::Remove(start, size.min(len - start)),
            });
            start += step;
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
}

fn walk(node: &Node, path: &mut Vec<usize>, removals: &mut Vec<Edit>, values: &mut Vec<Edit>) {
    match node {
        Node::Num(x) => {
            let mut seen = Vec::new();
            for v in [0, 1, x / 2, x.saturating_sub(1)] {
                if v < *x && !seen.contains(&v) {
                    seen.push(v);
                    values.push(Edit {
                        path: path.clone(),
                        op: Op::Set(v),
                    });
                }
            }
        }
        Node::Text(bytes) => {
            if !bytes.is_empty() {
                chunks(bytes.len(), path, removals);
            }
            let least = bytes.iter().copied().min().unwrap_or(0);
            for (i, &b) in bytes.iter().enumerate() {
                if b > least {
                    values.push(Edit {
                        path: path.clone(),
                        op: Op::SetByte(i, least),
                    });
                }
            }
        }
        Node::List(items) => {
            if !items.is_empty() {
                chunks(items.len(), path, removals);
            }
            for (i, item) in items.iter().enumerate() {
                path.push(i);
                walk(item, path, removals, values);
                path.pop();
            }
        }
    }
}

/// `node` with `edit` made, or `None` where the edit no longer fits it.
pub fn apply(node: &Node, edit: &Edit) -> Option<Node> {
    let mut out = node.clone();
    let mut at = &mut out;
    for &i in &edit.path {
        match at {
            Node::List(items) => at = items.get_mut(i)?,
            _ => return None,
        }
    }
    match (at, edit.op) {
        (Node::List(items), Op::Remove(start, len)) if start + len <= items.len() => {
            items.drain(start..start + len);
        }
        (Node::Text(bytes), Op::Remove(start, len)) if start + len <= bytes.len() => {
            bytes.drain(start..start + len);
        }
        (Node::Num(x), Op::Set(v)) if v < *x => *x = v,
        (Node::Text(bytes), Op::SetByte(i, b)) if bytes.get(i).is_some_and(|&c| b < c) => {
            bytes[i] = b;
        }
        _ => return None,
    }
    Some(out)
}

/// Shrinks `start` while `fails` says the candidate still fails, within `budget` calls of
/// `fails`; returns the smallest failing tree found and the number of calls made. A candidate
/// is accepted as soon as it fails (greedy), and the search goes on from the same place in the
/// new tree's edits, with a fresh pass from the start until a whole pass shrinks nothing.
pub fn shrink(start: Node, budget: usize, mut fails: impl FnMut(&Node) -> bool) -> (Node, usize) {
    let mut current = start;
    let mut calls = 0;
    loop {
        let mut improved = false;
        let mut list = edits(&current);
        let mut i = 0;
        while i < list.len() {
            if calls >= budget {
                return (current, calls);
            }
            if let Some(candidate) = apply(&current, &list[i]) {
                calls += 1;
                if fails(&candidate) {
                    current = candidate;
                    improved = true;
                    list = edits(&current);
                    continue;
                }
            }
            i += 1;
        }
        if !improved {
            return (current, calls);
        }
    }
}
