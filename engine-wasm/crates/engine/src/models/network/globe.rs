//! The network on the globe: the constellation as the pair models draw it (the same
//! [`ConstellationInfo`] and packed geometry, `topology::pair`), with the network's ground
//! stations, the followed flow as the route between its two stations, and a tail of loads: the
//! share of the last sampling interval each ISL (its busier direction) and each station's ground
//! link spent sending.

use super::run::NetworkRun;
use crate::orbit::sites::Site;
use crate::orbit::walker::WalkerKind;
use crate::topology::pair::ConstellationInfo;

impl NetworkRun {
    /// What the globe needs to draw the network: every satellite, every potential ISL, the
    /// ground stations, and the followed flow's two stations as the sites.
    pub fn constellation_info(&self) -> ConstellationInfo {
        let shape = &self.shape;
        let l = &shape.layout;
        let first = l.shells.first();
        let site = |k: u32| {
            let (name, lat_deg, lon_deg) = self.stations.list[k as usize].clone();
            Site { name, lat_deg, lon_deg }
        };
        let (a, b) = self.pairs.get(self.follow).copied().unwrap_or((0, 0));
        ConstellationInfo {
            // Julian date 2440587.5 is 1970-01-01T00:00:00Z; rounded to the millisecond.
            epoch_unix_ms: ((shape.epoch_jd - 2_440_587.5) * 86_400_000.0).round(),
            sats: (0..l.len()).map(|i| (l.plane(i), l.place(i).1)).collect(),
            links: shape.links.clone(),
            planes: l.plane_count() as u32,
            sats_per_plane: l.most_per_plane(),
            kind: WalkerKind::Delta,
            tle_text: String::new(),
            elevation_mask_deg: shape.elevation_mask_deg,
            altitude_km: first.map_or(0.0, |s| s.altitude_km),
            inclination_deg: first.map_or(0.0, |s| s.inclination_deg),
            plane_raan_deg: l.plane_raan_deg.clone(),
            seam_raan_deg: None,
            shells: l.shells.clone(),
            plane_shell: (0..l.plane_count()).map(|k| l.plane_shell(k)).collect(),
            relays: vec![],
            sites: [site(a), site(b)],
            site_choices: vec![],
            ground_stations: (0..self.stations.list.len() as u32).map(site).collect(),
        }
    }

    /// The state under the forwarding state in force, packed as
    /// `PairTopology::geometry_packed` (every satellite, each potential ISL up or down, the
    /// followed flow's first and last satellites as the access satellites, its path's delay and
    /// its satellites as the route, no packets), then the loads:
    /// `[n_links, load_0 .. (busier direction, 0 to 1), n_stations, load_0 .. (ground link)]`,
    /// over the last sampling interval.
    pub fn geometry_packed(&self) -> Vec<f64> {
        let snap = self.mesh.snapshot();
        let n = self.satellites;
        let links = &self.shape.links;
        let g = self.stations.list.len();
        let mut out = Vec::with_capacity(2 + 4 * n + 3 * links.len() + g + 16);
        out.push(n as f64);
        // Before the first state every satellite sits at the centre: the globe draws only
        // what it has placed.
        for i in 0..n {
            out.extend_from_slice(snap.positions.get(i).unwrap_or(&[0.0; 3]));
        }
        out.extend(std::iter::repeat_n(0.0, n));
        out.push(links.len() as f64);
        let mut up = vec![false; links.len()];
        for &(a, b) in &snap.isls {
            if let Some(&k) = self.link_of.get(&(a.min(b), a.max(b))) {
                up[k] = true;
            }
        }
        out.extend(up.iter().map(|&u| if u { 0.0 } else { 1.0 }));
        out.extend(links.iter().map(|l| f64::from(l.b)));
        let route: Vec<u32> = self.mesh.route(self.follow).into_iter().filter(|&node| (node as usize) < n).collect();
        out.push(route.first().map_or(-1.0, |&s| f64::from(s)));
        out.push(route.last().map_or(-1.0, |&s| f64::from(s)));
        out.push(0.0);
        let delay = self.mesh.latest_path(self.follow).map_or(f64::NAN, |p| p.delay_s * 1e3);
        out.push(delay);
        out.push(self.graph_gmst());
        out.push(route.len() as f64);
        out.extend(route.iter().map(|&s| f64::from(s)));
        // No packets in flight are drawn.
        out.push(0.0);
        let util = |d: Option<usize>| d.and_then(|d| self.util.get(d)).copied().unwrap_or(0.0);
        out.push(links.len() as f64);
        out.extend(
            links.iter().map(|l| util(self.mesh.isl_device(l.a, l.b)).max(util(self.mesh.isl_device(l.b, l.a)))),
        );
        out.push(g as f64);
        out.extend((0..g).map(|k| util(Some(n + k))));
        out
    }

    fn graph_gmst(&self) -> f64 {
        let t = self.mesh.now();
        match self.mesh.source() {
            super::run::Graph::Shell(s) => s.gmst(t),
            super::run::Graph::Catalogue(c) => c.gmst(t),
        }
    }
}
