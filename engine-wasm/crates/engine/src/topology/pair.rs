//! The topology seen by one pair of ground sites, stepped over time: satellite positions,
//! ISL states, the two access satellites, the route between them, its one-way delay, and the
//! typed events of paper 004 §2.3 (delay-variation sources 2 to 5; source 1, elevation, shows
//! in the delay series).
//!
//! Event classification (summed over both ends of the pair):
//! - intra-orbital handover: an end's access satellite changes within its plane;
//! - inter-orbital handover: an end's access satellite changes to another plane;
//! - shell change: an end's access satellite changes to another shell (catalogues of several
//!   shells, [`super::layout`]);
//! - seam handover: the two access satellites become separated by the seam (one ascending, one
//!   descending, in the same star shell), so the route must go over a pole;
//! - ISL change: the route changes while both access satellites stay the same, in a way a user
//!   can see: its hop count changes, or its one-way delay steps by at least
//!   [`ISL_CHANGE_MIN_MS`] against the old route's at the same instant (see there).
//!
//! Links ([`LinkMode`]): paper 004's Iridium rules over one shell (polar cut-off, seam, ns-2's
//! pairing; [`super::isl`]), or +Grid over any catalogue, a link usable while it is no longer
//! than its range ([`super::grid`]), or none at all (a bent pipe: ground stations relay).
//!
//! Routes: with one access satellite per end (every policy but `free`), the shortest path over
//! the usable ISLs between the two access satellites, plus the up- and downlink. With `free`
//! access, or with ground relays, the graph also holds the sites (each linked to every satellite
//! it sees above the mask, or to its access satellite) and the relays (each linked to every
//! satellite it sees), and the route is the shortest path from site to site (Hypatia's
//! `algorithm_free_one_only_over_isls`, and its ground-station relays without ISLs). Dijkstra's
//! search ([`super::routing`]) runs at every step, O((V + E) log V) with V the satellites and E
//! about two per satellite plus those in view of the ground: a link's length changes at every
//! step, so a route of least delay cannot be kept without re-checking every alternative, and
//! one search over ten thousand satellites costs well under a millisecond (docs/BENCHMARKS.md).

use super::access::{self, AccessPolicy};
use super::isl::{self, Isl, IslRules, IslState};
use super::layout::Layout;
use super::ns2::{self, Ns2Handoff, Ns2State};
use super::routing::{Router, RoutingMetric};
use crate::orbit::frames::{distance_km, ecef_from_eci, ecef_from_geodetic, sin_elevation, unit, Vec3, C_KM_S};
use crate::orbit::propagate::{Propagator, SatState};
use crate::orbit::sites::Site;
use crate::orbit::walker::{WalkerKind, WalkerSpec};

mod report;
pub use report::{
    series_info, ConstellationInfo, HandoverCounts, HopRange, MinMeanMax, PairSummary, TopoEvent, TopoEventKind,
    ISL_CHANGE_MIN_MS,
};

/// Which links join the satellites, and when they are usable.
#[derive(Clone, Debug)]
pub enum LinkMode {
    /// Paper 004's rules over one generated or loaded shell: `isl::links_with` and the polar
    /// cut-off and seam of [`IslRules`].
    Iridium,
    /// The given links (+Grid, or none), each usable while its length is at most its range [km].
    Range(Vec<Isl>, Vec<f64>),
}

/// How far ahead the longest-visibility policy looks [s]: a LEO pass lasts at most a quarter of
/// an hour above a 10° mask at 550 km, 25 minutes at 1,200 km.
const LOOKAHEAD_S: f64 = 1800.0;
/// The step of that look-ahead [s].
const LOOKAHEAD_STEP_S: f64 = 10.0;

/// Options of the pair topology.
#[derive(Clone, Debug)]
pub struct PairOptions {
    /// Link-state rules.
    pub rules: IslRules,
    /// Access policy.
    pub access: AccessPolicy,
    /// Hysteresis margin for [`AccessPolicy::Hysteresis`] [deg].
    pub hysteresis_deg: f64,
    /// Routing metric.
    pub routing: RoutingMetric,
    /// Cross-plane pairing.
    pub pairing: isl::IslPairing,
}

/// The pair topology's state.
#[derive(Clone)]
pub struct PairTopology {
    spec: WalkerSpec,
    layout: Layout,
    mode: LinkMode,
    /// Ground relays (bent pipe): position and unit up vector.
    relays: Vec<(Vec3, Vec3)>,
    relay_sites: Vec<Site>,
    path: Vec<u32>,
    prop: Propagator,
    opts: PairOptions,
    sites: [Site; 2],
    site_choices: Vec<Site>,
    site_ecef: [Vec3; 2],
    site_up: [Vec3; 2],
    links: Vec<Isl>,
    // Per-step state.
    sats: Vec<SatState>,
    lat: Vec<f64>,
    states: Vec<IslState>,
    prev_states: Vec<IslState>,
    elev: [Vec<f64>; 2],
    access: [Option<usize>; 2],
    route: Vec<u32>,
    prev_route: Vec<u32>,
    seam: bool,
    router: Router,
    last_delay_ms: f64,
    last_downlink_ms: f64,
    last_t_s: f64,
    stepped: bool,
    // Results.
    events: Vec<TopoEvent>,
    counts: HandoverCounts,
    seam_separations: u64,
    seam_steps: u64,
    steps: u64,
    last_inter: [Option<f64>; 2],
    plane_changes: u64,
    intra_times: [Vec<f64>; 2],
    delay_sum: f64,
    delay_min: f64,
    delay_max: f64,
    access_sum: f64,
    access_n: u64,
    access_min: f64,
    access_max: f64,
    routed: u64,
    hops_min: u32,
    hops_max: u32,
    link_changes: u64,
    /// ns-2's handoff timers and forwarding tables ([`Self::set_ns2_handoff`]); `None`: every
    /// link and access checked at every step, one route between the access satellites.
    ns2: Option<Box<Ns2State>>,
    /// In ns-2 mode: the interplane links of each satellite (indices into `links`), and the
    /// adjacency matrix the forwarding tables were built from.
    sat_links: Vec<Vec<u32>>,
    adj: Vec<bool>,
}

/// Merge window for counting plane changes [s].
const PLANE_CHANGE_MERGE_S: f64 = 1800.0;

impl PairTopology {
    /// Builds the topology of one shell `spec` propagated by `prop`, for the pair `sites`, under
    /// paper 004's Iridium link rules.
    pub fn new(
        spec: WalkerSpec,
        prop: Propagator,
        opts: PairOptions,
        sites: [Site; 2],
        site_choices: Vec<Site>,
    ) -> Self {
        let layout = Layout::walker(&spec);
        PairTopology::with_layout(spec, layout, LinkMode::Iridium, prop, opts, sites, site_choices, vec![])
    }

    /// Builds the topology of the satellites `prop` propagates, laid out as `layout`, joined by
    /// `mode`'s links, for the pair `sites`; `relays` are ground stations that relay between
    /// satellites (a bent pipe). `spec` gives the elevation mask and, under the Iridium rules,
    /// the shell's grid.
    #[allow(clippy::too_many_arguments)]
    pub fn with_layout(
        spec: WalkerSpec,
        layout: Layout,
        mode: LinkMode,
        prop: Propagator,
        opts: PairOptions,
        sites: [Site; 2],
        site_choices: Vec<Site>,
        relays: Vec<Site>,
    ) -> Self {
        let n = prop.len();
        let links = match &mode {
            LinkMode::Iridium => isl::links_with(&spec, opts.pairing),
            LinkMode::Range(links, _) => links.clone(),
        };
        let ground = |s: &Site| {
            let p = ecef_from_geodetic(s.lat_deg, s.lon_deg, 0.0);
            (p, unit(&p))
        };
        let relays_len = relays.len();
        let site_ecef = [
            ecef_from_geodetic(sites[0].lat_deg, sites[0].lon_deg, 0.0),
            ecef_from_geodetic(sites[1].lat_deg, sites[1].lon_deg, 0.0),
        ];
        PairTopology {
            spec,
            layout,
            mode,
            relays: relays.iter().map(ground).collect(),
            relay_sites: relays,
            path: vec![],
            prop,
            opts,
            sites,
            site_choices,
            site_up: [unit(&site_ecef[0]), unit(&site_ecef[1])],
            site_ecef,
            links,
            sats: Vec::with_capacity(n),
            lat: Vec::with_capacity(n),
            states: vec![],
            prev_states: vec![],
            elev: [vec![0.0; n], vec![0.0; n]],
            access: [None, None],
            route: vec![],
            prev_route: vec![],
            seam: false,
            router: Router::new(n + 2 + relays_len),
            last_delay_ms: f64::NAN,
            last_downlink_ms: f64::NAN,
            last_t_s: 0.0,
            stepped: false,
            events: vec![],
            counts: HandoverCounts::default(),
            seam_separations: 0,
            seam_steps: 0,
            steps: 0,
            last_inter: [None, None],
            plane_changes: 0,
            intra_times: [vec![], vec![]],
            delay_sum: 0.0,
            delay_min: f64::INFINITY,
            delay_max: f64::NEG_INFINITY,
            access_sum: 0.0,
            access_n: 0,
            access_min: f64::INFINITY,
            access_max: f64::NEG_INFINITY,
            routed: 0,
            hops_min: u32::MAX,
            hops_max: 0,
            link_changes: 0,
            ns2: None,
            sat_links: vec![],
            adj: vec![],
        }
    }

    /// Switches to ns-2's handoff and forwarding (`topology::ns2`): links and access change
    /// only when their handoff timers fire (intervals drawn from `rng`), and every node forwards
    /// hop by hop on ns-2's hop-count tables ([`Self::ns2_next_hop`]). Only under paper 004's
    /// Iridium link rules with hop-count routing and ns-2's access rule (the scenario checks
    /// it); call before the first step.
    pub fn set_ns2_handoff(&mut self, cfg: Ns2Handoff, rng: crate::kernel::RngStream) {
        let n = self.prop.len();
        self.ns2 = Some(Box::new(Ns2State::new(cfg, rng, n)));
        self.sat_links = vec![vec![]; n];
        for (k, l) in self.links.iter().enumerate() {
            if l.kind != isl::IslKind::IntraPlane {
                self.sat_links[l.a as usize].push(k as u32);
                self.sat_links[l.b as usize].push(k as u32);
            }
        }
    }

    /// Whether the topology runs ns-2's handoff and forwarding.
    pub fn is_ns2(&self) -> bool {
        self.ns2.is_some()
    }

    /// The access satellite of site `end` (0 or 1) at the last step.
    pub fn access_satellite(&self, end: usize) -> Option<usize> {
        self.access[end]
    }

    /// In ns-2 mode, the node after `node` on the way to site `end` (node `n + end`) under the
    /// links of the last step (ns-2's `SatRouteAgent::forwardPacket`); `None` without a route
    /// (or outside ns-2 mode).
    pub fn ns2_next_hop(&self, node: u32, end: usize) -> Option<u32> {
        let ns2 = self.ns2.as_ref()?;
        ns2.next_hop.get(node as usize).map(|h| h[end]).filter(|&h| h != ns2::NONE)
    }

    /// One-way delay of the route at the last step [ms] (NaN without a route).
    pub fn delay_ms(&self) -> f64 {
        self.last_delay_ms
    }

    /// Forgets what has been measured (events, handover counts, delay and hop statistics) but
    /// keeps the state: a run that begins after a stretch of history (ns-2's access rule keeps
    /// a satellite until it is lost) counts only its own steps.
    pub fn forget_results(&mut self) {
        self.events.clear();
        self.counts = HandoverCounts::default();
        self.seam_separations = 0;
        self.seam_steps = 0;
        self.steps = 0;
        self.last_inter = [None, None];
        self.plane_changes = 0;
        self.intra_times = [vec![], vec![]];
        self.delay_sum = 0.0;
        self.delay_min = f64::INFINITY;
        self.delay_max = f64::NEG_INFINITY;
        self.access_sum = 0.0;
        self.access_n = 0;
        self.access_min = f64::INFINITY;
        self.access_max = f64::NEG_INFINITY;
        self.routed = 0;
        self.hops_min = u32::MAX;
        self.hops_max = 0;
        self.link_changes = 0;
    }

    fn event(
        &mut self,
        t_s: f64,
        kind: TopoEventKind,
        end: Option<u8>,
        from_sat: Option<u32>,
        to_sat: Option<u32>,
        reason: Option<&'static str>,
    ) {
        self.events.push(TopoEvent { t_s, kind, end, from_sat, to_sat, reason, hops: None, step_ms: None });
    }

    /// Computes the topology at `t_s` seconds after the epoch; returns (delay [ms], hops,
    /// separated by the seam), delay NaN when there is no route.
    pub fn step(&mut self, t_s: f64) -> (f64, f64, bool) {
        let first = !self.stepped;
        self.stepped = true;
        self.last_t_s = t_s;
        self.steps += 1;
        self.prop.states(t_s, &mut self.sats);
        std::mem::swap(&mut self.states, &mut self.prev_states);
        match &self.mode {
            LinkMode::Iridium => {
                isl::sin_latitudes(&self.sats, &mut self.lat);
                if self.opts.rules.seam_isls {
                    isl::repair_seam_links(&mut self.links, &self.sats, &self.spec);
                }
                match self.ns2.as_deref_mut() {
                    // ns-2: an interplane link changes only when one of its satellites'
                    // `SatLinkHandoffMgr::handoff` runs (`topology::ns2`).
                    Some(ns2) if !first => {
                        self.states.clone_from(&self.prev_states);
                        let limit = libm::sin(self.opts.rules.polar_cutoff_deg.to_radians());
                        for (i, links) in self.sat_links.iter().enumerate() {
                            while ns2.sat_next[i] <= t_s {
                                for &k in links {
                                    let k = k as usize;
                                    self.states[k] = isl::state(&self.links[k], &self.opts.rules, limit, &self.lat);
                                }
                                ns2.sat_next[i] += ns2.interval(ns2.cfg.sat_int_s);
                            }
                        }
                    }
                    _ => isl::states(&self.links, &self.opts.rules, &self.lat, &mut self.states),
                }
            }
            LinkMode::Range(_, range) => {
                self.states.clear();
                self.states.extend(self.links.iter().zip(range).map(|(l, &r)| {
                    let (a, b) = (&self.sats[l.a as usize].ecef, &self.sats[l.b as usize].ecef);
                    // A satellite SGP4 cannot place sits at the Earth's centre: never linked.
                    if distance_km(a, b) <= r && a != &[0.0; 3] && b != &[0.0; 3] {
                        IslState::Up
                    } else {
                        IslState::OutOfRange
                    }
                }));
            }
        }
        if !first {
            for i in 0..self.links.len() {
                let (now, before) = (self.states[i], self.prev_states[i]);
                if now != before {
                    self.link_changes += 1;
                    let l = self.links[i];
                    let (kind, reason) = if now == IslState::Up {
                        (TopoEventKind::LinkUp, before.reason())
                    } else {
                        (TopoEventKind::LinkDown, now.reason())
                    };
                    self.event(t_s, kind, None, Some(l.a), Some(l.b), Some(reason));
                }
            }
        }

        // Access at each end (under `free`, the route below decides it).
        let before = self.access;
        for end in 0..2 {
            for (i, s) in self.sats.iter().enumerate() {
                self.elev[end][i] = sin_elevation(&self.site_ecef[end], &self.site_up[end], &s.ecef);
            }
        }
        let free = self.opts.access == AccessPolicy::Free;
        if !free {
            // ns-2: a terminal's access changes only when its `TermLinkHandoffMgr::handoff` runs.
            let due = match self.ns2.as_deref() {
                Some(ns2) if !first => ns2.term_next.map(|next| next <= t_s),
                _ => [true; 2],
            };
            for (end, _) in due.iter().enumerate().filter(|(_, &d)| d) {
                self.access[end] = self.choose_access(end, t_s);
            }
            if let Some(ns2) = self.ns2.as_deref_mut() {
                if first {
                    ns2.start(t_s);
                } else {
                    for (end, &d) in due.iter().enumerate() {
                        while d && ns2.term_next[end] <= t_s {
                            ns2.term_next[end] += ns2.interval(ns2.cfg.term_int_s);
                        }
                    }
                }
            }
            self.access_events(before, first, t_s);
        }

        // Route.
        std::mem::swap(&mut self.route, &mut self.prev_route);
        self.route.clear();
        let mut delay_ms = f64::NAN;
        if free || !self.relays.is_empty() {
            delay_ms = self.route_site_to_site(free);
        } else if self.ns2.is_some() {
            delay_ms = self.route_ns2(first || self.access != before || self.states != self.prev_states);
        } else if let [Some(a), Some(b)] = self.access {
            self.router.clear();
            self.add_isl_edges();
            let up = distance_km(&self.site_ecef[0], &self.sats[a].ecef);
            let down = distance_km(&self.site_ecef[1], &self.sats[b].ecef);
            self.note_access_delays(up, down);
            if let Some(isl_km) = self.router.route(a, b, self.opts.routing, &mut self.route) {
                delay_ms = (up + isl_km + down) / C_KM_S * 1e3;
            }
            self.last_downlink_ms = down / C_KM_S * 1e3;
        }
        if free {
            self.access = match (self.route.first(), self.route.last()) {
                (Some(&a), Some(&b)) => [Some(a as usize), Some(b as usize)],
                _ => [None, None],
            };
            self.access_events(before, first, t_s);
        }

        // Seam separation: the access satellites are in different halves (one ascending, one
        // descending) of the same star shell.
        let seam = match self.access {
            [Some(a), Some(b)] => {
                self.layout.shell(a) == self.layout.shell(b)
                    && self.layout.star(a)
                    && self.sats[a].ascending != self.sats[b].ascending
            }
            _ => false,
        };
        if seam && (first || !self.seam) {
            self.seam_separations += 1;
            if !first {
                self.counts.seam += 1;
                self.event(t_s, TopoEventKind::SeamEnter, None, None, None, None);
            }
        } else if !seam && self.seam && !first {
            self.event(t_s, TopoEventKind::SeamLeave, None, None, None, None);
        }
        self.seam = seam;
        self.seam_steps += seam as u64;

        let hops = if self.route.is_empty() { f64::NAN } else { (self.route.len() - 1) as f64 };
        if !first
            && self.access == before
            && !self.route.is_empty()
            && !self.prev_route.is_empty()
            && self.route != self.prev_route
        {
            let hops = [(self.prev_route.len() - 1) as u32, (self.route.len() - 1) as u32];
            let step_ms = (self.path_km(&self.route) - self.path_km(&self.prev_route)) / C_KM_S * 1e3;
            if hops[0] != hops[1] || step_ms.abs() >= ISL_CHANGE_MIN_MS {
                self.counts.isl_change += 1;
                self.event(t_s, TopoEventKind::IslChange, None, None, None, None);
                if let Some(e) = self.events.last_mut() {
                    e.hops = Some(hops);
                    e.step_ms = Some(step_ms);
                }
            }
        }
        if delay_ms.is_finite() {
            self.routed += 1;
            self.delay_sum += delay_ms;
            self.delay_min = self.delay_min.min(delay_ms);
            self.delay_max = self.delay_max.max(delay_ms);
            let h = hops as u32;
            self.hops_min = self.hops_min.min(h);
            self.hops_max = self.hops_max.max(h);
        }
        self.last_delay_ms = delay_ms;
        (delay_ms, hops, seam)
    }

    /// The access satellite of `end` at `t_s` under a policy that picks one (not `free`).
    fn choose_access(&self, end: usize, t_s: f64) -> Option<usize> {
        let mask = self.spec.elevation_mask_deg;
        if self.opts.access == AccessPolicy::LongestVisibility {
            let sin_mask = libm::sin(mask.to_radians());
            return match self.access[end] {
                Some(c) if self.elev[end][c] >= sin_mask => Some(c),
                _ => self.longest_visible(end, t_s, sin_mask),
            };
        }
        access::choose(
            self.opts.access,
            self.access[end],
            &self.elev[end],
            mask,
            |i| self.layout.neighbours(i),
            self.opts.hysteresis_deg,
        )
    }

    /// The satellite in view of `end` that stays above the mask longest after `t_s` (looking
    /// ahead [`LOOKAHEAD_S`] in steps of [`LOOKAHEAD_STEP_S`] with SGP4; ties to the lower index).
    fn longest_visible(&self, end: usize, t_s: f64, sin_mask: f64) -> Option<usize> {
        let (site, up) = (&self.site_ecef[end], &self.site_up[end]);
        let mut best: Option<(f64, usize)> = None;
        for i in (0..self.sats.len()).filter(|&i| self.elev[end][i] >= sin_mask) {
            let mut left = 0.0;
            while left < LOOKAHEAD_S {
                let t = t_s + left + LOOKAHEAD_STEP_S;
                let seen = self
                    .prop
                    .eci(i, t)
                    .is_some_and(|(p, _)| sin_elevation(site, up, &ecef_from_eci(&p, self.prop.gmst(t))) >= sin_mask);
                if !seen {
                    break;
                }
                left += LOOKAHEAD_STEP_S;
            }
            if best.is_none_or(|(b, _)| left > b) {
                best = Some((left, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// The handovers between the access satellites `before` and now, typed and counted.
    fn access_events(&mut self, before: [Option<usize>; 2], first: bool, t_s: f64) {
        for (end, &was) in before.iter().enumerate() {
            let now = self.access[end];
            if first || now == was {
                continue;
            }
            let e = Some(end as u8);
            match (was, now) {
                (Some(a), Some(b)) if self.layout.plane(a) == self.layout.plane(b) => {
                    self.counts.intra_orbital += 1;
                    self.intra_times[end].push(t_s);
                    self.event(t_s, TopoEventKind::IntraOrbital, e, Some(a as u32), Some(b as u32), None);
                }
                (Some(a), Some(b)) if self.layout.shell(a) == self.layout.shell(b) => {
                    self.counts.inter_orbital += 1;
                    if self.last_inter[end].is_none_or(|l| t_s - l >= PLANE_CHANGE_MERGE_S) {
                        self.plane_changes += 1;
                    }
                    self.last_inter[end] = Some(t_s);
                    self.event(t_s, TopoEventKind::InterOrbital, e, Some(a as u32), Some(b as u32), None);
                }
                (Some(a), Some(b)) => {
                    self.counts.shell_change += 1;
                    self.event(t_s, TopoEventKind::ShellChange, e, Some(a as u32), Some(b as u32), None);
                }
                (Some(a), None) => self.event(t_s, TopoEventKind::AccessLost, e, Some(a as u32), None, None),
                (None, Some(b)) => self.event(t_s, TopoEventKind::AccessGained, e, None, Some(b as u32), None),
                (None, None) => {}
            }
        }
    }

    /// Adds every usable ISL to the router, weighted by its length.
    fn add_isl_edges(&mut self) {
        for (l, st) in self.links.iter().zip(&self.states) {
            // Cross-seam links are only ever up with the seam-ISL teaching option.
            if *st == IslState::Up {
                self.router.add_edge(
                    l.a,
                    l.b,
                    distance_km(&self.sats[l.a as usize].ecef, &self.sats[l.b as usize].ecef),
                );
            }
        }
    }

    /// Notes the up- and downlink's delays of a step [km].
    fn note_access_delays(&mut self, up: f64, down: f64) {
        for km in [up, down] {
            let ms = km / C_KM_S * 1e3;
            self.access_sum += ms;
            self.access_n += 1;
            self.access_min = self.access_min.min(ms);
            self.access_max = self.access_max.max(ms);
        }
    }

    /// The route from site to site through the satellites and the relays, each site linked to
    /// every satellite it sees (`free`) or to its access satellite; sets the route (satellites
    /// and relays between the sites) and returns its delay [ms] (NaN without a route).
    fn route_site_to_site(&mut self, free: bool) -> f64 {
        let n = self.sats.len();
        let sin_mask = libm::sin(self.spec.elevation_mask_deg.to_radians());
        self.router.clear();
        self.add_isl_edges();
        for end in 0..2 {
            let node = (n + end) as u32;
            if free {
                for (i, s) in self.sats.iter().enumerate() {
                    if self.elev[end][i] >= sin_mask {
                        self.router.add_edge(node, i as u32, distance_km(&self.site_ecef[end], &s.ecef));
                    }
                }
            } else if let Some(a) = self.access[end] {
                self.router.add_edge(node, a as u32, distance_km(&self.site_ecef[end], &self.sats[a].ecef));
            }
        }
        for (k, (pos, up)) in self.relays.iter().enumerate() {
            for (i, s) in self.sats.iter().enumerate() {
                if sin_elevation(pos, up, &s.ecef) >= sin_mask {
                    self.router.add_edge((n + 2 + k) as u32, i as u32, distance_km(pos, &s.ecef));
                }
            }
        }
        let Some(km) = self.router.route(n, n + 1, self.opts.routing, &mut self.path) else {
            return f64::NAN;
        };
        self.route.extend_from_slice(&self.path[1..self.path.len() - 1]);
        let (a, b) = (self.route[0] as usize, self.route[self.route.len() - 1] as usize);
        let up = distance_km(&self.site_ecef[0], &self.sats[a].ecef);
        let down = distance_km(&self.site_ecef[1], &self.sats[b].ecef);
        self.note_access_delays(up, down);
        self.last_downlink_ms = down / C_KM_S * 1e3;
        km / C_KM_S * 1e3
    }

    /// ns-2 mode: rebuilds every node's forwarding table when the links or the access changed
    /// (`topology::ns2::next_hops`), then follows the tables from the first site to the second:
    /// the route a data packet sent now takes. Returns its delay [ms] (NaN without a route).
    fn route_ns2(&mut self, changed: bool) -> f64 {
        let n = self.sats.len();
        let nodes = n + 2;
        let Some(ns2) = self.ns2.as_deref_mut() else { return f64::NAN };
        if changed || ns2.next_hop.is_empty() {
            self.adj.clear();
            self.adj.resize(nodes * nodes, false);
            for (l, st) in self.links.iter().zip(&self.states) {
                if *st == IslState::Up {
                    let (a, b) = (l.a as usize, l.b as usize);
                    self.adj[a * nodes + b] = true;
                    self.adj[b * nodes + a] = true;
                }
            }
            for end in 0..2 {
                if let Some(a) = self.access[end] {
                    self.adj[(n + end) * nodes + a] = true;
                    self.adj[a * nodes + n + end] = true;
                }
            }
            ns2::next_hops(&self.adj, nodes, [n, n + 1], &mut ns2.next_hop);
        }
        let mut node = n;
        loop {
            let next = ns2.next_hop[node][1];
            if next == ns2::NONE || self.route.len() > nodes {
                self.route.clear();
                return f64::NAN;
            }
            if next as usize == n + 1 {
                break;
            }
            self.route.push(next);
            node = next as usize;
        }
        let (a, b) = (self.route[0] as usize, self.route[self.route.len() - 1] as usize);
        let up = distance_km(&self.site_ecef[0], &self.sats[a].ecef);
        let down = distance_km(&self.site_ecef[1], &self.sats[b].ecef);
        self.note_access_delays(up, down);
        self.last_downlink_ms = down / C_KM_S * 1e3;
        (up + self.path_km(&self.route) + down) / C_KM_S * 1e3
    }

    /// Names of the nodes of a route, by node id: satellites as plane and slot (`P3-S7`, as
    /// the app's event log names them), then the first and the second site.
    pub fn node_names(&self) -> Vec<String> {
        let shells = self.layout.shells.len();
        let mut names: Vec<String> = (0..self.prop.len())
            .map(|i| {
                let (p, j) = self.layout.place(i);
                if shells > 1 {
                    format!("Sh{}-P{p}-S{j}", self.layout.shell(i))
                } else {
                    format!("P{p}-S{j}")
                }
            })
            .collect();
        names.extend(self.sites.iter().chain(&self.relay_sites).map(|s| s.name.clone()));
        names
    }

    /// Length of a route through the satellites (and relays) at their positions of the last
    /// step [km].
    fn path_km(&self, route: &[u32]) -> f64 {
        route.windows(2).map(|w| distance_km(&self.node_ecef(w[0]), &self.node_ecef(w[1]))).sum()
    }

    /// Earth-fixed position of node `id` at the last step [km]: a satellite (below the number
    /// of satellites n), the first site (n), the second (n + 1), or a relay (n + 2 + k).
    pub fn node_ecef(&self, id: u32) -> Vec3 {
        let (id, n) = (id as usize, self.sats.len());
        match id.checked_sub(n) {
            None => self.sats[id].ecef,
            Some(0) => self.site_ecef[0],
            Some(1) => self.site_ecef[1],
            Some(k) => self.relays[k - 2].0,
        }
    }

    /// Number of satellites.
    pub fn satellite_count(&self) -> usize {
        self.prop.len()
    }

    /// The route at the last step: satellite indices from the first site's access satellite
    /// to the second's, with any ground relay between as its node id (see [`Self::node_ecef`]);
    /// empty without a route.
    pub fn route(&self) -> &[u32] {
        &self.route
    }

    /// Earth-fixed position of site `end` (0 or 1) [km].
    pub fn site_ecef(&self, end: usize) -> Vec3 {
        self.site_ecef[end]
    }

    /// Earth-fixed position of satellite `i` at the last step [km].
    pub fn satellite_ecef(&self, i: usize) -> Vec3 {
        self.sats[i].ecef
    }

    /// One-way delay from the first site to the second's access satellite at the last step
    /// (the route without its downlink) [ms]; NaN without a route.
    pub fn delay_to_last_satellite_ms(&self) -> f64 {
        self.last_delay_ms - self.last_downlink_ms
    }

    /// Events since the last call.
    pub fn drain_events(&mut self) -> Vec<TopoEvent> {
        std::mem::take(&mut self.events)
    }

    /// Summary so far.
    pub fn summary(&self) -> PairSummary {
        let intra_interval = {
            let gaps: Vec<f64> = self.intra_times.iter().flat_map(|v| v.windows(2).map(|w| w[1] - w[0])).collect();
            if gaps.is_empty() {
                f64::NAN
            } else {
                gaps.iter().sum::<f64>() / gaps.len() as f64 / 60.0
            }
        };
        let none = self.routed == 0;
        PairSummary {
            from: self.sites[0].clone(),
            to: self.sites[1].clone(),
            steps: self.steps,
            handovers: self.counts.clone(),
            seam_separations: self.seam_separations,
            seam_fraction: if self.steps == 0 { f64::NAN } else { self.seam_steps as f64 / self.steps as f64 },
            plane_changes: self.plane_changes,
            intra_orbital_interval_min: intra_interval,
            delay_ms: MinMeanMax {
                min: if none { f64::NAN } else { self.delay_min },
                mean: if none { f64::NAN } else { self.delay_sum / self.routed as f64 },
                max: if none { f64::NAN } else { self.delay_max },
            },
            access_delay_ms: MinMeanMax {
                min: if self.access_n == 0 { f64::NAN } else { self.access_min },
                mean: if self.access_n == 0 { f64::NAN } else { self.access_sum / self.access_n as f64 },
                max: if self.access_n == 0 { f64::NAN } else { self.access_max },
            },
            hops: HopRange { min: if none { 0 } else { self.hops_min }, max: self.hops_max },
            steps_without_route: self.steps - self.routed,
            link_changes: self.link_changes,
        }
    }

    /// What the globe needs to draw the constellation.
    pub fn info(&self) -> ConstellationInfo {
        let l = &self.layout;
        let first = l.shells.first();
        ConstellationInfo {
            // Julian date 2440587.5 is 1970-01-01T00:00:00Z; rounded to the millisecond.
            epoch_unix_ms: ((self.prop.epoch_jd() - 2_440_587.5) * 86_400_000.0).round(),
            sats: (0..self.prop.len()).map(|i| (l.plane(i), l.place(i).1)).collect(),
            links: self.links.clone(),
            planes: l.plane_count() as u32,
            sats_per_plane: l.most_per_plane(),
            kind: if first.is_some_and(|s| s.star) { WalkerKind::Star } else { WalkerKind::Delta },
            tle_text: self
                .prop
                .tles()
                .iter()
                .map(|t| format!("{}\n{}\n{}\n", t.name.clone().unwrap_or_default(), t.line1, t.line2))
                .collect(),
            elevation_mask_deg: self.spec.elevation_mask_deg,
            altitude_km: first.map_or(self.spec.altitude_km, |s| s.altitude_km),
            inclination_deg: first.map_or(self.spec.inclination_deg, |s| s.inclination_deg),
            plane_raan_deg: l.plane_raan_deg.clone(),
            // A catalogue's spec is a delta (its planes are drawn where they are, seams and all).
            seam_raan_deg: self.spec.seam_spacing_deg().map(|gap| -gap / 2.0),
            shells: l.shells.clone(),
            plane_shell: (0..l.plane_count()).map(|k| l.plane_shell(k)).collect(),
            relays: self.relay_sites.clone(),
            sites: self.sites.clone(),
            site_choices: self.site_choices.clone(),
            ground_stations: vec![],
        }
    }

    /// The state at the last step, packed for the globe:
    /// `[n_sats, x0, y0, z0, ... (ECEF km), asc_0 .. asc_{n-1} (1 ascending),
    ///   n_links, state_0 .. (0 up, 1 polar cut-off, 2 seam), seam partner b_0 .. (per link),
    ///   access_from, access_to (-1 none), seam (0/1), delay_ms (NaN none), gmst [rad],
    ///   n_route, route...]`.
    pub fn geometry_packed(&self) -> Vec<f64> {
        let n = self.sats.len();
        let mut out = Vec::with_capacity(1 + 4 * n + 2 * self.links.len() + 8 + self.route.len());
        out.push(n as f64);
        for s in &self.sats {
            out.extend_from_slice(&s.ecef);
        }
        out.extend(self.sats.iter().map(|s| s.ascending as u8 as f64));
        out.push(self.links.len() as f64);
        out.extend(self.states.iter().map(|s| s.code() as f64));
        out.extend(self.links.iter().map(|l| l.b as f64));
        out.extend(self.access.iter().map(|a| a.map_or(-1.0, |x| x as f64)));
        out.push(self.seam as u8 as f64);
        out.push(self.last_delay_ms);
        out.push(self.prop.gmst(self.last_t_s));
        out.push(self.route.len() as f64);
        out.extend(self.route.iter().map(|&r| r as f64));
        out
    }
}

#[cfg(test)]
#[path = "pair_tests.rs"]
mod tests;
