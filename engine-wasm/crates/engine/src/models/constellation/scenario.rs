//! The constellation model's section: the shared description of a constellation
//! ([`ConstellationScenario`], in `crossing`, which the models that cross a constellation build
//! their view on), with this model's rules joining its fields and its panel.

pub use crate::crossing::ConstellationScenario;
use crate::crossing::{at, ACCESS_CHOICES, ISL_CHOICES, MAX_TLE_CHARS, ROUTING_CHOICES};
use crate::models::Scenario;
use crate::orbit::catalogue::ShellRules;
use crate::orbit::sites;
use crate::orbit::walker::WalkerKind;
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker, MAX_SATELLITES, MAX_TOPOLOGY_STEPS};
use crate::sim::{num, WorkEstimate};
use crate::topology::catalogue_pair::SATELLITE_STEPS_BUDGET;
use crate::topology::isl::{IslChoice, IslPairing};

/// Where the scenario holds this model's section.
pub(super) const SECTION: &str = "constellation";

/// The rules joining fields (ranges are in [`groups`]), and the fields the panel does not show:
/// the satellite budget, the seam of a star, Walker phasing, the epoch, the step budget and
/// the ground sites.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let k = &s.constellation;
    let spec = k.spec();
    let p = "constellation.";
    let f = |name: &str| format!("{p}{name}");
    if spec.planes >= 1
        && spec.sats_per_plane >= 1
        && spec.total() > MAX_SATELLITES
        && spec.planes <= 100
        && spec.sats_per_plane <= 100
    {
        c.push(
            &f("sats_per_plane"),
            format!(
                "{} planes x {} is {} satellites, above the maximum {MAX_SATELLITES}",
                spec.planes,
                spec.sats_per_plane,
                spec.total()
            ),
        );
    }
    match spec.kind {
        WalkerKind::Star => {
            c.real(&f("raan_spacing_deg"), spec.raan_spacing_deg, 0.0, true, 180.0);
            if spec.raan_spacing_deg.is_finite() && spec.planes >= 2 && spec.planes <= 100 {
                let seam = 180.0 - (spec.planes as f64 - 1.0) * spec.raan_spacing_deg;
                if seam <= 0.0 {
                    c.push(
                        &f("raan_spacing_deg"),
                        format!(
                            "{} planes {} deg apart span more than 180 deg, leaving no seam; use at most {:.4}",
                            spec.planes,
                            spec.raan_spacing_deg,
                            180.0 / (spec.planes as f64 - 1.0)
                        ),
                    );
                }
            }
            c.real(&f("phasing"), spec.phasing, 0.0, false, 1.0);
        }
        WalkerKind::Delta => {
            let max_f = spec.planes.saturating_sub(1) as f64;
            c.real(&f("phasing"), spec.phasing, 0.0, false, max_f);
            if spec.phasing.is_finite() && spec.phasing.fract() != 0.0 {
                c.push(
                    &f("phasing"),
                    format!("{} is not a whole number (Walker F, allowed: 0 to {max_f})", spec.phasing),
                );
            }
        }
    }
    match k.epoch_jd() {
        None => c.push(
            &f("epoch_utc"),
            format!("`{}` is not a UTC time like 2026-01-01T00:00:00Z (years 1957 to 2056)", k.epoch_utc),
        ),
        Some(jd) if k.isl == IslChoice::Iridium => {
            if let Some(Err((field, m))) = k.loaded_shell(jd) {
                c.push(&at(SECTION, field), m);
            }
        }
        Some(jd) => {
            if let Err((field, m)) = k.shell_rules.check() {
                c.push(&format!("{p}shell_rules.{field}"), m);
            } else if k.tle_text().is_some() {
                match k.catalogue(jd) {
                    Err((field, m)) => c.push(&at(SECTION, field), m),
                    Ok((_, cat, _)) => {
                        let steps = if k.step_s > 0.0 { s.duration_s / k.step_s } else { 0.0 };
                        let work = cat.placed.len() as f64 * steps;
                        if duration_ok(s.duration_s) && work > SATELLITE_STEPS_BUDGET {
                            c.push(
                                &f("step_s"),
                                format!(
                                    "{} satellites x {steps:.0} steps is {work:.3e} satellite-steps, above the budget \
                                     {SATELLITE_STEPS_BUDGET:.0e}: shorten duration_s or lengthen step_s",
                                    cat.placed.len()
                                ),
                            );
                        }
                    }
                }
            }
        }
    }
    if duration_ok(s.duration_s)
        && k.step_s.is_finite()
        && k.step_s >= 0.1
        && s.duration_s / k.step_s > MAX_TOPOLOGY_STEPS
    {
        c.push(
            &f("step_s"),
            format!(
                "{} s gives {:.3e} steps over duration_s, above the maximum {MAX_TOPOLOGY_STEPS:.0e}",
                k.step_s,
                s.duration_s / k.step_s
            ),
        );
    }
    for (i, site) in k.sites.iter().enumerate() {
        c.real(&format!("{p}sites[{i}].lat_deg"), site.lat_deg, -90.0, false, 90.0);
        c.real(&format!("{p}sites[{i}].lon_deg"), site.lon_deg, -180.0, false, 180.0);
        if site.name.trim().is_empty() || site.name.chars().count() > 60 {
            c.push(&format!("{p}sites[{i}].name"), "must be 1 to 60 characters".into());
        }
    }
    for (name, v) in [("from", &k.from), ("to", &k.to)] {
        if let Err(e) = sites::resolve(v, &k.sites) {
            c.push(&f(name), e);
        }
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges (checked by
/// `scenario::fields::check_ranges`).
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Constellation",
            fields: vec![
                choice("constellation.preset", "Starting point", &[("iridium", "Iridium (paper 004 Table 2)"), ("iridium-800", "Iridium at 800 km (paper 000)"), ("walker-delta-53", "Walker delta 53°"), ("starlink-shell-1", "Starlink shell 1 (72 × 22, 53°, 550 km)"), ("kuiper-630", "Kuiper (34 × 34, 51.9°, 630 km)"), ("oneweb", "OneWeb (12 × 49, 87.9°, 1,200 km)"), ("telesat-1015", "Telesat polar (27 × 13, 98.98°, 1,015 km)")], "The constellation whose orbital parameters the overrides below start from. The last four as filed (Hypatia's shells); a real catalogue loads as element sets below."),
                int("constellation.planes", "Planes", "u32", None, 1, 100, "Override of the preset's number of orbital planes (at most 2000 satellites in all).").null_means("preset's"),
                int("constellation.sats_per_plane", "Satellites per plane", "u32", None, 1, 100, "Override of the preset's satellites per plane.").null_means("preset's"),
                real("constellation.altitude_km", "Altitude", Some("km"), 100.0, 50_000.0, "Override of the preset's altitude (Iridium: 780 km).").null_means("preset's"),
                real("constellation.inclination_deg", "Inclination", Some("deg"), 0.0, 180.0, "Override of the preset's inclination (Iridium: 86.4°).").null_means("preset's"),
                real("constellation.elevation_mask_deg", "Elevation mask", Some("deg"), 0.0, 60.0, "Lowest elevation at which a ground site sees a satellite (Iridium: 8.2°).").null_means("preset's"),
                choice("constellation.propagation", "Orbits", &[("sgp4", "SGP4 (with J2 drift)"), ("two-body", "two-body (circular)")], "How satellites move: SGP4 from generated element sets, or ideal circular orbits."),
                text("constellation.epoch_utc", "Epoch (UTC)", "Time zero of the run and of the element sets, like 2026-01-01T00:00:00Z."),
                text("constellation.tle", "Element sets (TLE)", "Your own constellation: two-line element sets (e.g. a CelesTrak file, or `skyqueue tle generate`) that replace the generated shell. Under the Iridium link rules one shell with the same number of satellites in every plane; under +Grid or no ISLs a whole catalogue, grouped into shells (set the epoch near the sets').")
                    .max_chars(MAX_TLE_CHARS, true)
                    .null_means("the generated shell")
                    .catalogue(),
            ],
        },
        Group {
            title: "Links, access and routing",
            fields: vec![
                choice("constellation.isl", "Inter-satellite links", &ISL_CHOICES, "Iridium: polar cut-off, no links across the seam (one shell). +Grid: two neighbours in the plane and the nearest satellite of each next plane, within laser range, in every shell (Starlink, Hypatia). None: ground stations relay."),
                real("constellation.max_isl_km", "Longest ISL", Some("km"), 100.0, 100_000.0, "Longest usable +Grid link (5,016 km at 550 km: the line of sight 80 km above the Earth).").null_means("each shell's line of sight"),
                real("constellation.polar_cutoff_deg", "Polar cut-off", Some("deg"), 0.0, 90.0, "Cross-plane links switch off above this latitude (68° by default; 60° in ns-2's Iridium model and paper 004's presets)."),
                boolean("constellation.seam_isls", "Links across the seam", "Teaching option: Iridium has no links between the counter-rotating planes at the seam (paper 004 Table 2)."),
                choice("constellation.isl_pairing", "Cross-plane partner", &IslPairing::choices(), "Which satellite of the next plane each satellite links to (ns-2's Iridium model and paper 004's presets: alternating)."),
                choice("constellation.access", "Access policy", &ACCESS_CHOICES, "How a ground site picks its satellite and when it hands over."),
                real("constellation.hysteresis_deg", "Hysteresis margin", Some("deg"), 0.0, 30.0, "A new satellite must be this much higher to take over (hysteresis policy)."),
                choice("constellation.routing", "Routing", &ROUTING_CHOICES, "Route metric; ties are broken by delay."),
                real("constellation.step_s", "Topology step", Some("s"), 0.1, 600.0, "Time between topology updates: links, access and routes."),
                text("constellation.from", "From", "First ground site: a name from the site list or lat,lon (or click on the globe)."),
                text("constellation.to", "To", "Second ground site."),
            ],
        },
        Group {
            title: "Shells of a catalogue",
            fields: vec![
                real("constellation.shell_rules.inclination_gap_deg", "Inclination gap", Some("deg"), 0.01, 30.0, "Satellites whose inclinations differ by less than this share an inclination group."),
                real("constellation.shell_rules.altitude_window_km", "Altitude window", Some("km"), 0.1, 500.0, "A shell holds the satellites within this of its altitude window's centre."),
                int("constellation.shell_rules.min_shell_satellites", "Smallest shell", "u32", None, 1, 100_000, "A window with fewer satellites is no shell: they are alone in a band."),
                real("constellation.shell_rules.max_eccentricity", "Largest eccentricity", None, 0.0, 0.5, "More eccentric orbits are set aside."),
                real("constellation.shell_rules.decay_altitude_km", "Decay altitude", Some("km"), 0.0, 2000.0, "Satellites below this mean altitude are decaying and set aside."),
                real("constellation.shell_rules.max_epoch_age_days", "Oldest element set", Some("days"), 0.01, 3650.0, "Element sets further than this from the epoch are stale and set aside."),
                real("constellation.shell_rules.plane_gap_deg", "Plane gap", Some("deg"), 0.01, 90.0, "Satellites whose RAANs differ by less than this share a plane."),
                int("constellation.shell_rules.min_plane_median", "Fewest per plane (median)", "u32", None, 1, 10_000, "A window whose planes hold fewer satellites than this (median) is raising or lowering its orbits."),
                int("constellation.shell_rules.min_plane_satellites", "Smallest plane", "u32", None, 1, 10_000, "A cluster of RAANs with fewer satellites is no plane: strays between planes, set aside as out-of-plane."),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<ConstellationScenario>("constellation"), object::<ShellRules>("constellation.shell_rules")]
}

/// The run's events: one topology step every `step_s`.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let k = &s.constellation;
    let steps = s.duration_s / k.step_s;
    Some(WorkEstimate {
        // topology steps: 0.2 M steps/s for Iridium; a larger shell is slower per step (its satellite-steps budget bounds that).
        events_per_s: 1e5,
        events: steps + 1.0,
        field: "constellation.step_s",
        offers: format!("about {steps:.2e} topology steps ({} s / {} s)", num(s.duration_s), num(k.step_s)),
        lower: "duration_s, or lengthen constellation.step_s".into(),
    })
}
