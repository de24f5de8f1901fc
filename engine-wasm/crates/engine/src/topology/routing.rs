//! Routes through the ISL graph: minimum hop count with ties broken by propagation delay
//! (paper 004 Table 3, "cost metric: hop count"), or minimum delay.

use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a route minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoutingMetric {
    /// Fewest ISL hops, then shortest distance (paper 004).
    MinHop,
    /// Shortest distance (hence delay).
    MinDelay,
}

/// Reusable shortest-path workspace over `n` nodes.
#[derive(Clone)]
pub struct Router {
    adj: Vec<Vec<(u32, f64)>>,
    best: Vec<(u32, f64)>,
    prev: Vec<u32>,
}

/// Total order on f64 keys (no NaN reaches here: lengths are finite).
#[derive(Clone, Copy, PartialEq)]
struct Key(u32, f64, u32);
impl Eq for Key {}
impl Ord for Key {
    fn cmp(&self, o: &Self) -> core::cmp::Ordering {
        (self.0.cmp(&o.0)).then(self.1.total_cmp(&o.1)).then(self.2.cmp(&o.2))
    }
}
impl PartialOrd for Key {
    fn partial_cmp(&self, o: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl Router {
    /// A router for `n` nodes.
    pub fn new(n: usize) -> Self {
        Router { adj: vec![vec![]; n], best: vec![(u32::MAX, f64::INFINITY); n], prev: vec![u32::MAX; n] }
    }

    /// Clears the edges.
    pub fn clear(&mut self) {
        self.adj.iter_mut().for_each(Vec::clear);
    }

    /// Adds an undirected edge of length `km`.
    pub fn add_edge(&mut self, a: u32, b: u32, km: f64) {
        self.adj[a as usize].push((b, km));
        self.adj[b as usize].push((a, km));
    }

    /// Shortest path from `src` to `dst` under `metric`, as the node list (both ends included)
    /// and its length [km]; `None` if unreachable. Ties go to the lower node index, so routes
    /// are deterministic.
    pub fn route(&mut self, src: usize, dst: usize, metric: RoutingMetric, path: &mut Vec<u32>) -> Option<f64> {
        path.clear();
        self.best.fill((u32::MAX, f64::INFINITY));
        self.prev.fill(u32::MAX);
        let hop = |h: u32| if metric == RoutingMetric::MinHop { h } else { 0 };
        self.best[src] = (0, 0.0);
        let mut heap = BinaryHeap::new();
        heap.push(Reverse(Key(0, 0.0, src as u32)));
        while let Some(Reverse(Key(h, d, u))) = heap.pop() {
            let u = u as usize;
            if (hop(h), d) > (hop(self.best[u].0), self.best[u].1) {
                continue;
            }
            if u == dst {
                break;
            }
            for &(v, w) in &self.adj[u] {
                let cand = (h + 1, d + w);
                let cur = self.best[v as usize];
                if (hop(cand.0), cand.1) < (hop(cur.0), cur.1) {
                    self.best[v as usize] = cand;
                    self.prev[v as usize] = u as u32;
                    // The heap orders by the metric's own key: (hops, distance) for MinHop,
                    // distance alone for MinDelay (Dijkstra on length).
                    heap.push(Reverse(Key(hop(cand.0), cand.1, v)));
                }
            }
        }
        if self.best[dst].1.is_infinite() {
            return None;
        }
        let mut v = dst as u32;
        path.push(v);
        while v as usize != src {
            v = self.prev[v as usize];
            path.push(v);
        }
        path.reverse();
        Some(self.best[dst].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn min_hop_prefers_fewer_hops_and_min_delay_shorter_paths() {
        // 0-1-3 is 2 hops of 10 km each; 0-2-4-3 is 3 hops of 1 km each.
        let mut r = Router::new(5);
        r.add_edge(0, 1, 10.0);
        r.add_edge(1, 3, 10.0);
        r.add_edge(0, 2, 1.0);
        r.add_edge(2, 4, 1.0);
        r.add_edge(4, 3, 1.0);
        let mut p = vec![];
        assert_eq!(r.route(0, 3, RoutingMetric::MinHop, &mut p), Some(20.0));
        assert_eq!(p, vec![0, 1, 3]);
        assert_eq!(r.route(0, 3, RoutingMetric::MinDelay, &mut p), Some(3.0));
        assert_eq!(p, vec![0, 2, 4, 3]);
        assert_eq!(r.route(2, 2, RoutingMetric::MinHop, &mut p), Some(0.0));
        assert_eq!(p, vec![2]);
    }

    #[test]
    fn min_delay_finds_the_shortest_path_even_with_more_hops() {
        // 0-1-3 is 2 hops of 10 km; 0-2-4-5-3 is 4 hops of 1 km. The heap used to order by hops
        // for both metrics and stopped at the first (2-hop) arrival at 3: 20 km.
        let mut r = Router::new(6);
        for (a, b, km) in [(0, 1, 10.0), (1, 3, 10.0), (0, 2, 1.0), (2, 4, 1.0), (4, 5, 1.0), (5, 3, 1.0)] {
            r.add_edge(a, b, km);
        }
        let mut p = vec![];
        assert_eq!(r.route(0, 3, RoutingMetric::MinDelay, &mut p), Some(4.0));
        assert_eq!(p, vec![0, 2, 4, 5, 3]);
        assert_eq!(r.route(0, 3, RoutingMetric::MinHop, &mut p), Some(20.0));
    }

    #[test]
    fn equal_hops_break_ties_by_distance_and_unreachable_is_none() {
        let mut r = Router::new(5);
        r.add_edge(0, 1, 5.0);
        r.add_edge(1, 3, 5.0);
        r.add_edge(0, 2, 4.0);
        r.add_edge(2, 3, 4.0);
        let mut p = vec![];
        r.route(0, 3, RoutingMetric::MinHop, &mut p);
        assert_eq!(p, vec![0, 2, 3]);
        assert_eq!(r.route(0, 4, RoutingMetric::MinHop, &mut p), None);
    }
}
