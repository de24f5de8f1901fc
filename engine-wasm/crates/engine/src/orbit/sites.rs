//! Ground sites: the Iridium gateway in Hawaii (paper 004's server), 19 cities spread over
//! the globe (paper 004 used 17 cities, unnamed except Los Angeles and New Delhi; London and the
//! Atlantic ship are its Fig. 4 pair), and a ship in the Atlantic Ocean. Users add sites by
//! latitude and longitude.

use serde::{Deserialize, Serialize};

/// A named place on the (spherical) Earth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Site {
    /// Name shown in lists and logs.
    pub name: String,
    /// Latitude [deg], -90 to 90.
    pub lat_deg: f64,
    /// Longitude [deg], -180 to 180.
    pub lon_deg: f64,
}

/// (name, latitude, longitude) of the built-in sites.
pub const CATALOGUE: &[(&str, f64, f64)] = &[
    // Iridium's gateway on Oahu (Wahiawa), the server of paper 004 (Table 3).
    ("Hawaii gateway", 21.52, -158.0),
    // Position not given in paper 004; mid North Atlantic, between the Azores and Ireland.
    ("Atlantic ship", 45.0, -30.0),
    ("London", 51.51, -0.13),
    ("Los Angeles", 34.05, -118.24),
    ("New Delhi", 28.61, 77.21),
    ("New York", 40.71, -74.01),
    ("Mexico City", 19.43, -99.13),
    ("Sao Paulo", -23.55, -46.63),
    ("Buenos Aires", -34.60, -58.38),
    ("Anchorage", 61.22, -149.90),
    ("Reykjavik", 64.15, -21.94),
    ("Toulouse", 43.60, 1.44),
    ("Cairo", 30.04, 31.24),
    ("Lagos", 6.52, 3.38),
    ("Johannesburg", -26.20, 28.05),
    ("Moscow", 55.76, 37.62),
    ("Beijing", 39.90, 116.41),
    ("Tokyo", 35.68, 139.69),
    ("Singapore", 1.35, 103.82),
    ("Sydney", -33.87, 151.21),
    ("McMurdo Station", -77.85, 166.67),
];

/// The built-in sites.
pub fn catalogue() -> Vec<Site> {
    CATALOGUE.iter().map(|&(n, la, lo)| Site { name: n.into(), lat_deg: la, lon_deg: lo }).collect()
}

/// Finds a site by name (case-insensitive) among the built-in and `extra` sites, or reads
/// `"lat,lon"` in degrees. The error lists what is allowed.
pub fn resolve(name: &str, extra: &[Site]) -> Result<Site, String> {
    let key = name.trim();
    if let Some((a, b)) = key.split_once(',') {
        if let (Ok(lat), Ok(lon)) = (a.trim().parse::<f64>(), b.trim().parse::<f64>()) {
            if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lon) {
                return Err(format!("`{key}`: latitude must be -90 to 90 and longitude -180 to 180"));
            }
            return Ok(Site { name: format!("{lat:.2},{lon:.2}"), lat_deg: lat, lon_deg: lon });
        }
    }
    extra.iter().cloned().chain(catalogue()).find(|s| s.name.eq_ignore_ascii_case(key)).ok_or_else(|| {
        let names: Vec<String> =
            extra.iter().map(|s| s.name.clone()).chain(CATALOGUE.iter().map(|s| s.0.to_string())).collect();
        format!("unknown site `{key}`; use `lat,lon` or one of: {}", names.join(", "))
    })
}

/// Great-circle distance between two sites over the sphere of the Earth's mean radius,
/// 6371 km (haversine) [km]: light along it is the least delay any route can have.
pub fn great_circle_km(a: &Site, b: &Site) -> f64 {
    let (p1, p2) = (a.lat_deg.to_radians(), b.lat_deg.to_radians());
    let dl = (b.lon_deg - a.lon_deg).to_radians();
    let h = libm::sin((p2 - p1) / 2.0).powi(2) + libm::cos(p1) * libm::cos(p2) * libm::sin(dl / 2.0).powi(2);
    2.0 * 6371.0 * libm::asin(h.sqrt().min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_has_the_papers_sites_and_17_cities_or_more() {
        for n in ["Hawaii gateway", "Atlantic ship", "London", "Los Angeles", "New Delhi"] {
            assert!(resolve(n, &[]).is_ok(), "{n}");
        }
        assert!(CATALOGUE.len() - 2 >= 17);
        assert_eq!(resolve("london", &[]).unwrap().lat_deg, 51.51);
    }

    #[test]
    fn coordinates_and_user_sites_resolve_and_bad_names_list_the_choices() {
        assert_eq!(resolve(" 10.5, -20 ", &[]).unwrap().lon_deg, -20.0);
        assert!(resolve("91,0", &[]).is_err());
        let mine = [Site { name: "Base".into(), lat_deg: 1.0, lon_deg: 2.0 }];
        assert_eq!(resolve("base", &mine).unwrap().lon_deg, 2.0);
        let e = resolve("Atlantis", &[]).unwrap_err();
        assert!(e.contains("unknown site `Atlantis`") && e.contains("London"), "{e}");
    }
}
