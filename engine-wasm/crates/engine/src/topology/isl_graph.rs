//! The satellites joined by their ISLs at one instant, as a compressed adjacency with each link's
//! length, and Dijkstra's algorithm over it from several sources at once (each starting at its
//! own length: the ground links in range of a ground station). Hypatia's all-pairs workload and
//! the network's forwarding state are both built on it.

use crate::orbit::frames::{distance_km, Vec3};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// No predecessor.
pub const NO_NODE: u32 = u32::MAX;

/// The ISL graph of one instant, and the working space of its searches.
#[derive(Clone, Debug, Default)]
pub struct IslGraph {
    adj_start: Vec<u32>,
    adj: Vec<(u32, f64)>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// The longest ISL: its ends and length [km].
    longest: Option<(u32, u32, f64)>,
}

impl IslGraph {
    /// Rebuilds the graph of the first `sats` positions [km] joined by `isls` (each once).
    pub fn build(&mut self, sats: usize, positions: &[Vec3], isls: &[(u32, u32)]) {
        self.adj_start.clear();
        self.adj_start.resize(sats + 1, 0);
        for &(a, b) in isls {
            self.adj_start[a as usize + 1] += 1;
            self.adj_start[b as usize + 1] += 1;
        }
        for i in 0..sats {
            self.adj_start[i + 1] += self.adj_start[i];
        }
        self.adj.clear();
        self.adj.resize(2 * isls.len(), (0, 0.0));
        self.longest = None;
        let mut fill: Vec<u32> = self.adj_start[..sats].to_vec();
        for &(a, b) in isls {
            let d = distance_km(&positions[a as usize], &positions[b as usize]);
            // A NaN length (a satellite not placed) counts as the longest.
            if self.longest.is_none_or(|(_, _, l)| d > l || d.is_nan()) {
                self.longest = Some((a, b, d));
            }
            self.adj[fill[a as usize] as usize] = (b, d);
            fill[a as usize] += 1;
            self.adj[fill[b as usize] as usize] = (a, d);
            fill[b as usize] += 1;
        }
    }

    /// The longest ISL (its ends and length [km]), if there is any.
    pub fn longest(&self) -> Option<(u32, u32, f64)> {
        self.longest
    }

    /// Shortest lengths [km] from `sources` (a satellite and the length it starts at) to every
    /// satellite into `dist` (infinite where unreachable); with `pred`, each satellite's
    /// neighbour on its shortest path back towards the sources, or `source_pred` for a satellite
    /// whose own start is shortest (untouched where unreachable).
    pub fn shortest(&mut self, sources: &[(u32, f64)], dist: &mut Vec<f64>, mut pred: Option<(&mut [u32], u32)>) {
        let n = self.adj_start.len() - 1;
        dist.clear();
        dist.resize(n, f64::INFINITY);
        self.heap.clear();
        for &(s, d) in sources {
            if d < dist[s as usize] {
                dist[s as usize] = d;
                if let Some((p, source_pred)) = pred.as_mut() {
                    p[s as usize] = *source_pred;
                }
                self.heap.push(Reverse((d.to_bits(), s)));
            }
        }
        // Non-negative f64 keys order as their bits.
        while let Some(Reverse((bits, u))) = self.heap.pop() {
            let d = f64::from_bits(bits);
            if d > dist[u as usize] {
                continue;
            }
            let (lo, hi) = (self.adj_start[u as usize] as usize, self.adj_start[u as usize + 1] as usize);
            for &(v, w) in &self.adj[lo..hi] {
                let c = d + w;
                if c < dist[v as usize] {
                    dist[v as usize] = c;
                    if let Some((p, _)) = pred.as_mut() {
                        p[v as usize] = u;
                    }
                    self.heap.push(Reverse((c.to_bits(), v)));
                }
            }
        }
    }
}
