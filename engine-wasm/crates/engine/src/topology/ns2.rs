//! ns-2's satellite handoff managers and its data-driven routing, as ns-2.34/2.35's code behaves
//! (paper 004 ran ns-2.34; the functions below are the same in both), for the pair topology's
//! ns-2 mode ([`super::pair::PairTopology::set_ns2_handoff`]).
//!
//! - **Handoffs run on timers, not continuously.** Each terminal's `TermLinkHandoffMgr` and each
//!   satellite's `SatLinkHandoffMgr` (`satellite/sathandoff.cc`) check their links at time 0
//!   (`start_handoff` in `tcl/lib/ns-sat.tcl`, `LinkHandoffMgr::start`) and then every
//!   `term_handoff_int_` / `sat_handoff_int_` seconds (10 in `tcl/ex/sat-iridium.tcl`), each
//!   interval drawn uniformly in `[int - int/2, int + int/2]` (5 to 15 s) when
//!   `handoff_randomization_` is true, as `sat-iridium.tcl` sets it (`timer_.resched(... +
//!   handoff_rng_.uniform(-int/2, int/2))`; `int` is an integer there, so `int/2` is 5).
//! - **A terminal's check** (`TermLinkHandoffMgr::handoff`): a link whose satellite is below the
//!   elevation mask goes down; a terminal without a link takes the next satellite of the same
//!   plane if it is above the mask, else the highest satellite (the pair topology's `ns2`
//!   access rule, evaluated only here).
//! - **A satellite's check** (`SatLinkHandoffMgr::handoff`): each of its interplane ISLs goes
//!   down when either end is above `latitude_threshold_` and back up when both are below
//!   (intra-plane ISLs are never handed off). Iridium has no cross-seam ISLs
//!   (`sat-iridium-links.tcl`). The atmosphere test (`are_satellites_mutually_visible`) never
//!   fails between neighbouring Iridium planes, so it is not repeated here.
//! - **Routes are hop by hop on the links of the moment.** With `data_driven_computation_`
//!   (`sat-iridium.tcl`), `SatRouteAgent::forwardPacket` (`satellite/satroute.cc`) recomputes the
//!   forwarding node's table from the current link states for every packet it forwards
//!   (`SatRouteObject::recompute_node`: `compute_topology`, `node_compute_routes`). With hop
//!   count as the metric (paper 004 Table 3; `metric_delay_` false gives every link cost 1),
//!   `node_compute_routes` is a Dijkstra over the adjacency matrix that settles, among nodes at
//!   equal distance, the lowest index first, and relaxes with a strict `<`: ties go to the lowest
//!   node index. ns-2 numbers the satellites plane by plane in slot order and the terminals after
//!   them, as SkyQueue does, so [`next_hops`] reproduces its choices.

use crate::kernel::RngStream;

/// ns-2's handoff timers (`HandoffManager/Term`, `HandoffManager/Sat`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ns2Handoff {
    /// `term_handoff_int_` [s]: 10 in `sat-iridium.tcl` (and ns-2's default).
    pub term_int_s: u32,
    /// `sat_handoff_int_` [s]: 10 in `sat-iridium.tcl`.
    pub sat_int_s: u32,
    /// `handoff_randomization_`: true in `sat-iridium.tcl`.
    pub randomize: bool,
}

impl Default for Ns2Handoff {
    /// `tcl/ex/sat-iridium.tcl`'s settings.
    fn default() -> Self {
        Ns2Handoff { term_int_s: 10, sat_int_s: 10, randomize: true }
    }
}

/// The timers' state and the forwarding tables of ns-2 mode.
#[derive(Clone, Debug)]
pub(crate) struct Ns2State {
    pub cfg: Ns2Handoff,
    rng: RngStream,
    /// Next check of each terminal and of each satellite [s after the epoch].
    pub term_next: [f64; 2],
    pub sat_next: Vec<f64>,
    /// Per node, the next hop towards the first and the second site (`NONE`: no route).
    pub next_hop: Vec<[u32; 2]>,
}

/// No next hop.
pub const NONE: u32 = u32::MAX;

impl Ns2State {
    pub fn new(cfg: Ns2Handoff, rng: RngStream, satellites: usize) -> Self {
        Ns2State {
            cfg,
            rng,
            term_next: [f64::INFINITY; 2],
            sat_next: vec![f64::INFINITY; satellites],
            next_hop: vec![],
        }
    }

    /// The time to the next check of a timer of `int_s` seconds (`timer_.resched` in both
    /// `handoff()` functions).
    pub fn interval(&mut self, int_s: u32) -> f64 {
        let base = int_s as f64;
        if self.cfg.randomize {
            let half = (int_s / 2) as f64;
            base + self.rng.uniform(-half, half)
        } else {
            base
        }
    }

    /// Starts every timer at `t_s` (ns-2 runs each manager's `handoff()` at time 0, then
    /// reschedules it).
    pub fn start(&mut self, t_s: f64) {
        for e in 0..2 {
            self.term_next[e] = t_s + self.interval(self.cfg.term_int_s);
        }
        for i in 0..self.sat_next.len() {
            self.sat_next[i] = t_s + self.interval(self.cfg.sat_int_s);
        }
    }
}

/// ns-2's `SatRouteObject::node_compute_routes` from every node over an undirected unit-cost
/// adjacency (`adj[a * n + b]`), keeping each node's next hop towards nodes `dst[0]` and
/// `dst[1]` (`NONE` where unreachable). ns-2's Dijkstra settles nodes by (hops, index) and a
/// node keeps the first settled neighbour that reaches it (strict `<`): with unit costs that is
/// a breadth-first search whose every level is taken in index order, which this is (the same
/// choices in O(n (n + E)) rather than O(n^3)).
pub fn next_hops(adj: &[bool], n: usize, dst: [usize; 2], out: &mut Vec<[u32; 2]>) {
    out.clear();
    out.resize(n, [NONE; 2]);
    let nbrs: Vec<Vec<u32>> = (0..n).map(|a| (0..n).filter(|&b| adj[a * n + b]).map(|b| b as u32).collect()).collect();
    let mut first = vec![NONE; n];
    let (mut level, mut next) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for k in 0..n {
        first.fill(NONE);
        first[k] = k as u32;
        level.clear();
        // "set the route for all neighbours first"
        for &v in &nbrs[k] {
            first[v as usize] = v;
            level.push(v);
        }
        while !level.is_empty() {
            next.clear();
            for &o in &level {
                for &w in &nbrs[o as usize] {
                    if first[w as usize] == NONE {
                        first[w as usize] = first[o as usize];
                        next.push(w);
                    }
                }
            }
            next.sort_unstable();
            std::mem::swap(&mut level, &mut next);
        }
        for (e, &d) in dst.iter().enumerate() {
            out[k][e] = first[d];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Streams;

    fn adjacency(n: usize, edges: &[(usize, usize)]) -> Vec<bool> {
        let mut adj = vec![false; n * n];
        for &(a, b) in edges {
            adj[a * n + b] = true;
            adj[b * n + a] = true;
        }
        adj
    }

    #[test]
    fn equal_hop_routes_go_through_the_lowest_index() {
        // 0 - 1 - 3 and 0 - 2 - 3: two routes of two hops; ns-2 settles node 1 before node 2.
        let adj = adjacency(5, &[(0, 2), (2, 3), (0, 1), (1, 3), (3, 4)]);
        let mut nh = vec![];
        next_hops(&adj, 5, [0, 4], &mut nh);
        assert_eq!(nh[0][1], 1, "from 0 towards 4: via 1, the lower of two equal routes");
        assert_eq!(nh[4][0], 3);
        assert_eq!(nh[3][0], 1, "from 3 towards 0: via 1 again");
        assert_eq!(nh[0][0], 0);
    }

    #[test]
    fn fewer_hops_win_and_unreachable_nodes_have_no_next_hop() {
        // 0 - 1 - 2 - 3 and a shortcut 0 - 3; node 4 cut off.
        let adj = adjacency(5, &[(0, 1), (1, 2), (2, 3), (0, 3)]);
        let mut nh = vec![];
        next_hops(&adj, 5, [3, 4], &mut nh);
        assert_eq!(nh[0][0], 3);
        assert_eq!(nh[1][0], 0, "1 -> 0 -> 3 and 1 -> 2 -> 3 tie at two hops: 0 is lower");
        assert_eq!(nh[0][1], NONE);
        assert_eq!(nh[4][0], NONE);
    }

    /// ns-2's `node_compute_routes` as written (O(n^3)), for checking [`next_hops`].
    fn literal(adj: &[bool], n: usize, k: usize) -> Vec<u32> {
        let inf = u32::MAX;
        let (mut hop, mut route, mut settled) = (vec![inf; n], vec![NONE; n], vec![false; n]);
        settled[k] = true;
        for v in 0..n {
            if v != k && adj[k * n + v] {
                hop[v] = 1;
                route[v] = v as u32;
            }
        }
        for _ in 0..n {
            let mut o = None;
            for w in 0..n {
                if !settled[w] && hop[w] != inf && o.is_none_or(|o: usize| hop[w] < hop[o]) {
                    o = Some(w);
                }
            }
            let Some(o) = o else { break };
            settled[o] = true;
            for w in 0..n {
                if !settled[w] && adj[o * n + w] && hop[o] + 1 < hop[w] {
                    hop[w] = hop[o] + 1;
                    route[w] = route[o];
                }
            }
        }
        route[k] = k as u32;
        route
    }

    #[test]
    fn breadth_first_levels_make_the_choices_of_ns2s_dijkstra() {
        let mut rng = Streams::new(7).stream("graphs");
        for _ in 0..200 {
            let n = 2 + (rng.next_u64() % 30) as usize;
            let p = rng.next_f64() * 0.3;
            let mut adj = vec![false; n * n];
            for a in 0..n {
                for b in a + 1..n {
                    if rng.next_f64() < p {
                        adj[a * n + b] = true;
                        adj[b * n + a] = true;
                    }
                }
            }
            let dst = [(rng.next_u64() % n as u64) as usize, (rng.next_u64() % n as u64) as usize];
            let mut nh = vec![];
            next_hops(&adj, n, dst, &mut nh);
            for (k, got) in nh.iter().enumerate() {
                let r = literal(&adj, n, k);
                assert_eq!(*got, [r[dst[0]], r[dst[1]]], "n {n}, from {k}");
            }
        }
    }

    #[test]
    fn randomized_intervals_lie_in_five_to_fifteen_seconds_and_average_ten() {
        let mut s = Ns2State::new(Ns2Handoff::default(), Streams::new(1).stream("t"), 0);
        let xs: Vec<f64> = (0..20_000).map(|_| s.interval(10)).collect();
        assert!(xs.iter().all(|&x| (5.0..=15.0).contains(&x)));
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        assert!((mean - 10.0).abs() < 0.05, "mean {mean}");
        let mut fixed =
            Ns2State::new(Ns2Handoff { randomize: false, ..Default::default() }, Streams::new(1).stream("t"), 0);
        assert_eq!(fixed.interval(10), 10.0);
    }
}
