//! The ground stations and the traffic matrix between them: Hypatia's pairing of its 100
//! cities, a random reciprocal pairing drawn from the seed, all to one gateway, or a list.

use super::scenario::{MatrixKind, NetworkScenario, MAX_STATIONS};
use crate::kernel::Streams;
use crate::network::hypatia_load::{HYPATIA_PAIRING, TOP_100_CITIES};

/// The ground stations of a run, in node order (after the satellites).
#[derive(Clone, Debug, PartialEq)]
pub struct Stations {
    /// Each station's name, latitude and longitude [deg].
    pub list: Vec<(String, f64, f64)>,
    /// Hypatia's 100 cities, in their gid order.
    pub top_100: bool,
}

impl Stations {
    /// The stations of `network.stations`: Hypatia's 100 cities when `None` or blank, else one
    /// `name,latitude,longitude` a line (blank lines and `#` comments skipped).
    pub fn parse(text: Option<&str>) -> Result<Stations, String> {
        let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
            let list = TOP_100_CITIES
                .lines()
                .filter_map(|l| {
                    let f: Vec<&str> = l.split(',').collect();
                    Some((f.get(1)?.to_string(), f.get(2)?.parse().ok()?, f.get(3)?.parse().ok()?))
                })
                .collect();
            return Ok(Stations { list, top_100: true });
        };
        let mut list: Vec<(String, f64, f64)> = vec![];
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split(',').map(str::trim).collect();
            let at = format!("line {}", k + 1);
            if f.len() != 3 || f[0].is_empty() {
                return Err(format!("{at}: write a station as name,latitude,longitude (e.g. Tokyo,35.69,139.69)"));
            }
            let lat: f64 = f[1].parse().map_err(|_| format!("{at}: the latitude {:?} is not a number", f[1]))?;
            let lon: f64 = f[2].parse().map_err(|_| format!("{at}: the longitude {:?} is not a number", f[2]))?;
            if !(-90.0..=90.0).contains(&lat) {
                return Err(format!("{at}: the latitude {lat} is not from -90 to 90 degrees"));
            }
            if !(-180.0..=180.0).contains(&lon) {
                return Err(format!("{at}: the longitude {lon} is not from -180 to 180 degrees"));
            }
            // The summary names satellites so: a station may not take such a name.
            if f[0].strip_prefix("satellite ").is_some_and(|n| n.parse::<u64>().is_ok()) {
                return Err(format!("{at}: {:?} names a satellite: give the station another name", f[0]));
            }
            if list.iter().any(|(n, _, _)| n == f[0]) {
                return Err(format!("{at}: a second station named {:?}", f[0]));
            }
            list.push((f[0].to_string(), lat, lon));
            if list.len() > MAX_STATIONS {
                return Err(format!("more than {MAX_STATIONS} stations"));
            }
        }
        if list.len() < 2 {
            return Err("give at least two stations, one a line: name,latitude,longitude".into());
        }
        Ok(Stations { list, top_100: false })
    }

    /// The index of the station named `name`.
    pub fn index(&self, name: &str) -> Option<u32> {
        self.list.iter().position(|(n, _, _)| n == name).map(|k| k as u32)
    }

    /// The stations as Hypatia's ground_stations.txt (`gid,name,lat,lon,elevation`).
    pub fn hypatia_text(&self) -> String {
        self.list.iter().enumerate().map(|(k, (n, lat, lon))| format!("{k},{n},{lat},{lon},0\n")).collect()
    }
}

/// The flows of the matrix, as (from, to) station indices; an error names its field.
pub fn flows(n: &NetworkScenario, st: &Stations, seed: u64) -> Result<Vec<(u32, u32)>, (&'static str, String)> {
    let both = |pairs: &mut dyn Iterator<Item = (u32, u32)>| pairs.flat_map(|(a, b)| [(a, b), (b, a)]).collect();
    match n.matrix {
        MatrixKind::HypatiaPairing => {
            if !st.top_100 {
                return Err(("network.matrix", "Hypatia's pairing is of its 100 cities: clear network.stations, or choose random-pairing, to-gateway or list".into()));
            }
            Ok(both(&mut HYPATIA_PAIRING.iter().copied()))
        }
        MatrixKind::RandomPairing => {
            // Fisher-Yates over the stations, then two at a time.
            let mut order: Vec<u32> = (0..st.list.len() as u32).collect();
            let mut rng = Streams::new(seed).stream("network.pairing");
            for k in (1..order.len()).rev() {
                let j = (rng.next_u64() % (k as u64 + 1)) as usize;
                order.swap(k, j);
            }
            Ok(both(&mut order.chunks_exact(2).map(|p| (p[0], p[1]))))
        }
        MatrixKind::ToGateway => {
            let g = st.index(n.gateway.trim()).ok_or_else(|| {
                ("network.gateway", format!("{:?} is not one of the stations (e.g. {:?})", n.gateway, st.list[0].0))
            })?;
            Ok((0..st.list.len() as u32).filter(|&k| k != g).map(|k| (k, g)).collect())
        }
        MatrixKind::List => {
            let mut out = vec![];
            for (k, line) in n.pairs.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let at = format!("line {}", k + 1);
                let f: Vec<&str> = line.split(',').map(str::trim).collect();
                if f.len() != 2 {
                    return Err(("network.pairs", format!("{at}: write a flow as from,to (two stations' names)")));
                }
                let name = |s: &str| {
                    st.index(s).ok_or_else(|| ("network.pairs", format!("{at}: {s:?} is not one of the stations")))
                };
                let (a, b) = (name(f[0])?, name(f[1])?);
                if a == b {
                    return Err(("network.pairs", format!("{at}: a flow from {:?} to itself", f[0])));
                }
                out.push((a, b));
            }
            if out.is_empty() {
                return Err(("network.pairs", "list at least one flow, one a line: from,to".into()));
            }
            Ok(out)
        }
    }
}
