//! `calc pair`: a day (or any span) of the route between two ground sites.

use super::{ns2_iridium_isls, site_names, within};
use crate::output::{outln, read_source, Failure};
use crate::{registry, values};
use engine::Simulation;

/// Follows the route between two ground sites: handovers, seam, delay and hops
///
/// Follows the route for H hours (default 24) at S-second steps (default 1) and prints, as JSON,
/// handovers by type (intra_orbital, inter_orbital, seam, isl_change; summed over both ends),
/// seam_separations, delay_ms (min, mean, max one-way), the mean delay outside and across the
/// seam (delay_ms_outside_seam, delay_ms_across_seam) and hops (min, max). Iridium (the default)
/// uses ns-2's ISL settings, as paper 004 did: --polar-cutoff 60 --isl-pairing alternating,
/// unless given (the scenario fields' defaults are 68 and ahead). Bad options are reported as
/// the scenario fields they set (constellation.from, ...).
///
/// With --tle FILE, a real catalogue (e.g. CelesTrak's starlink.txt, any number of shells): the
/// satellites are grouped into shells (as `skyqueue tle check` reports), linked by --isl (grid:
/// +Grid in every shell, the default; none: a bent pipe relayed by the built-in sites; iridium:
/// the rules above, for a one-shell file), reached from each site at --min-elevation-deg (default
/// 25) and routed by least delay (the default here) or fewest hops, from --start (default: the
/// catalogue's latest epoch). It prints shells, satellites_used, satellites_excluded (by reason),
/// delay_ms, hops, route_changes, great_circle_ms (light along the ground) and ms_per_step.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A catalogue of element sets (TLE) to route over instead of a preset
    #[arg(long, value_name = "FILE")]
    tle: Option<String>,
    /// With --tle: which links join satellites
    #[arg(long, value_name = "ISL", value_parser = ["grid", "none", "iridium"], requires = "tle")]
    isl: Option<String>,
    /// With --tle: the start of the run (default: the catalogue's latest epoch)
    #[arg(long, value_name = "YYYY-MM-DDTHH:MM:SSZ", requires = "tle")]
    start: Option<String>,
    /// With --tle: changes the thresholds that group the catalogue, as JSON (docs/CATALOGUES.md)
    #[arg(long, value_name = "JSON", requires = "tle")]
    shell_rules: Option<String>,
    /// With --tle: the lowest elevation at which a site reaches a satellite [deg] (default 25)
    #[arg(long, value_name = "DEG", value_parser = values::number(), requires = "tle")]
    min_elevation_deg: Option<f64>,
    /// The constellation preset
    #[arg(long, value_name = "PRESET", value_parser = values::text().with_choices(registry::choices("constellation.preset")))]
    constellation: Option<String>,
    /// One end: a site's name (quoted if it has spaces) or lat,lon in degrees (default: the
    /// scenario field's)
    #[arg(long, value_name = "SITE")]
    from: Option<String>,
    /// The other end: a site's name or lat,lon (default: the scenario field's)
    #[arg(long, value_name = "SITE")]
    to: Option<String>,
    /// How long to follow the route (above 0 to 720)
    #[arg(long, value_name = "H", default_value = "24", value_parser = values::number())]
    hours: f64,
    /// The topology's time step [s] (default: the scenario field's, 1)
    #[arg(long, value_name = "S", value_parser = values::number())]
    step_s: Option<f64>,
    /// How a ground terminal chooses its satellite
    #[arg(long, value_name = "POLICY", value_parser = values::text().with_choices(registry::choices("constellation.access")))]
    access: Option<String>,
    /// Keeps the cross-plane links across the seam (a star constellation's counter-rotating planes)
    #[arg(long)]
    seam_isls: bool,
    /// How satellites move
    #[arg(long, value_name = "MODEL", value_parser = values::text().with_choices(registry::choices("constellation.propagation")))]
    propagation: Option<String>,
    /// What the route minimises
    #[arg(long, value_name = "METRIC", value_parser = values::text().with_choices(registry::choices("constellation.routing")))]
    routing: Option<String>,
    /// Cross-plane links switch off above this latitude [deg]
    #[arg(long, value_name = "DEG", value_parser = values::number())]
    polar_cutoff: Option<f64>,
    /// Which satellite of the next plane each satellite links to
    #[arg(long, value_name = "PAIRING", value_parser = values::text().with_choices(registry::choices("constellation.isl_pairing")))]
    isl_pairing: Option<String>,
}

/// The site names in `--help`.
pub fn augment(c: clap::Command) -> clap::Command {
    c.after_long_help(site_names())
}

pub fn run(mut a: Args) -> Result<(), Failure> {
    if let Some(path) = a.tle.take() {
        if a.isl.as_deref() != Some("iridium") {
            return catalogue(a, &path);
        }
        // Today's Iridium rules on a one-shell file: the constellation model's own path.
        if a.shell_rules.is_some() {
            return Err(Failure::Usage(
                "--shell-rules groups a catalogue for --isl grid or none; --isl iridium reads one shell as it is"
                    .into(),
            ));
        }
        let text = read_source(&path)?;
        let jd = match &a.start {
            Some(s) => s.clone(),
            None => {
                let sets = engine::orbit::catalogue::parse(&text).map_err(|m| Failure::Data(format!("{path}: {m}")))?;
                let jd = engine::orbit::catalogue::latest_epoch_jd(&sets).unwrap_or(f64::NAN);
                engine::orbit::frames::iso_from_julian_date(jd)
            }
        };
        return preset(a, Some((text, jd)));
    }
    preset(a, None)
}

/// Hours at one-second steps of a ten-thousand-satellite catalogue that one run may take: the
/// budget is satellites x steps (a day of 10,000 satellites at 1 s is 8.6e8).
pub const SATELLITE_STEPS_BUDGET: f64 = 2e9;

fn catalogue(a: Args, path: &str) -> Result<(), Failure> {
    use engine::orbit::catalogue::load;
    use engine::orbit::frames::{iso_from_julian_date, julian_date_from_iso};
    use engine::topology::catalogue_pair::{CatalogueOptions, CataloguePair, IslMode};
    use engine::topology::routing::RoutingMetric;
    if !(a.hours > 0.0 && a.hours <= 720.0) {
        return Err(Failure::Usage(format!("--hours: {} is outside 0 (excluded) to 720", a.hours)));
    }
    let hours = a.hours;
    let step_s = within("--step-s", a.step_s.unwrap_or(1.0), 0.01, 3600.0)?;
    let min_el = within("--min-elevation-deg", a.min_elevation_deg.unwrap_or(25.0), 0.0, 89.0)?;
    for (flag, given) in [
        ("--constellation", a.constellation.is_some()),
        ("--access", a.access.is_some()),
        ("--seam-isls", a.seam_isls),
        ("--propagation", a.propagation.is_some()),
        ("--polar-cutoff", a.polar_cutoff.is_some()),
        ("--isl-pairing", a.isl_pairing.is_some()),
    ] {
        if given {
            return Err(Failure::Usage(format!(
                "{flag} applies to presets and to --isl iridium, not to a catalogue with --isl grid or none"
            )));
        }
    }
    let start = a
        .start
        .as_deref()
        .map(|s| {
            julian_date_from_iso(s).ok_or_else(|| {
                Failure::Usage(format!(
                    "--start: `{s}` is not a UTC time like 2026-05-13T00:00:00Z (years 1957 to 2056)"
                ))
            })
        })
        .transpose()?;
    let rules = crate::cmd::tle::shell_rules(a.shell_rules.as_deref())?;
    let text = read_source(path)?;
    let (sets, cat) = load(&text, start, &rules).map_err(|m| Failure::Data(format!("{path}: {m}")))?;
    let steps = (hours * 3600.0 / step_s).ceil();
    if cat.placed.len() as f64 * steps > SATELLITE_STEPS_BUDGET {
        return Err(Failure::Usage(format!(
            "--hours {hours} at --step-s {step_s} is {steps} steps of {} satellites, above the budget of {SATELLITE_STEPS_BUDGET:e} satellite-steps: fewer hours or longer steps",
            cat.placed.len()
        )));
    }
    let names = engine::orbit::sites::catalogue();
    let site = |flag: &str, v: Option<String>, default: &str| {
        let name = v.unwrap_or_else(|| default.to_string());
        engine::orbit::sites::resolve(&name, &[]).map_err(|m| Failure::Usage(format!("{flag}: {m}")))
    };
    let sites = [site("--from", a.from, "Atlantic ship")?, site("--to", a.to, "London")?];
    let isl = if a.isl.as_deref() == Some("none") { IslMode::None } else { IslMode::Grid };
    let routing = match a.routing.as_deref() {
        Some("min-hop") => RoutingMetric::MinHop,
        _ => RoutingMetric::MinDelay,
    };
    let opts = CatalogueOptions { isl, routing, min_elevation_deg: min_el, max_isl_km: None };
    let mut pair = CataloguePair::new(&sets, &cat, opts, sites.clone(), &names)
        .map_err(|m| Failure::Data(format!("{path}: {m}")))?;
    let began = std::time::Instant::now();
    // Step k at k x step_s exactly (no running sum), as the browser's build steps.
    for k in 0..steps as u64 {
        pair.step(k as f64 * step_s);
    }
    let elapsed_ms = began.elapsed().as_secs_f64() * 1e3;
    let s = pair.summary();
    let light_ms = engine::orbit::sites::great_circle_km(&sites[0], &sites[1]) / 299_792.458 * 1e3;
    let v = serde_json::json!({
        "file": path, "start": iso_from_julian_date(cat.reference_jd), "hours": hours, "step_s": step_s,
        "from": sites[0], "to": sites[1],
        "isl": if isl == IslMode::Grid { "grid" } else { "none" },
        "routing": if routing == RoutingMetric::MinHop { "min-hop" } else { "min-delay" },
        "min_elevation_deg": min_el,
        "shells": cat.shells, "satellites_used": cat.placed.len(), "satellites_excluded": cat.excluded_counts(),
        "isls": s.isls_up[1], "isls_up_at_end": s.isls_up[0],
        "steps": s.steps, "steps_without_route": s.steps_without_route,
        "delay_ms": s.delay_ms, "hops": { "min": s.hops[0], "max": s.hops[1] }, "route_changes": s.route_changes,
        "great_circle_ms": light_ms,
        "ms_per_step": elapsed_ms / s.steps.max(1) as f64,
    });
    outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    Ok(())
}

/// A preset (or a one-shell file with `tle` = (text, epoch)) through the constellation model.
fn preset(a: Args, tle: Option<(String, String)>) -> Result<(), Failure> {
    let hours = a.hours;
    let mut c = serde_json::json!({});
    let text = [
        ("from", a.from),
        ("to", a.to),
        ("preset", a.constellation),
        ("access", a.access),
        ("propagation", a.propagation),
        ("routing", a.routing),
        ("isl_pairing", a.isl_pairing),
    ];
    for (key, v) in text {
        if let Some(v) = v {
            c[key] = v.into();
        }
    }
    if let Some(s) = a.step_s {
        c["step_s"] = s.into();
    }
    if let Some(p) = a.polar_cutoff {
        c["polar_cutoff_deg"] = p.into();
    }
    if a.seam_isls {
        c["seam_isls"] = true.into();
    }
    if let Some((text, epoch)) = tle {
        c["tle"] = text.into();
        c["epoch_utc"] = epoch.into();
    }
    if !(hours > 0.0 && hours <= 720.0) {
        return Err(Failure::Usage(format!("--hours: {hours} is outside 0 (excluded) to 720")));
    }
    ns2_iridium_isls(&mut c);
    let scenario = serde_json::json!({
        "version": 1, "model": "constellation", "name": "calc pair", "duration_s": hours * 3600.0,
        "warmup_s": 0, "metrics": { "bucket_s": c.get("step_s").and_then(|v| v.as_f64()).unwrap_or(1.0) }, "constellation": c
    });
    let mut sim =
        Simulation::from_json(&scenario.to_string()).map_err(|e| Failure::Invalid("(calc pair options)".into(), e))?;
    // One series row per topology step (bucket = step): the mean one-way delay while the
    // seam separates the sites and while it does not.
    let (mut outside, mut across) = ((0.0, 0u64), (0.0, 0u64));
    let end = hours * 3600.0;
    let mut t = 0.0;
    while t < end {
        t = (t + 3600.0).min(end);
        sim.advance_to_secs(t).map_err(|e| Failure::Io(e.to_string()))?;
        let f = sim.drain_series();
        for i in 0..f.len() {
            let (d, seam) = (f.values[0][i], f.values[2][i]);
            if d.is_finite() {
                let acc = if seam > 0.5 { &mut across } else { &mut outside };
                acc.0 += d;
                acc.1 += 1;
            }
        }
    }
    let mean = |(sum, n): (f64, u64)| if n > 0 { serde_json::json!(sum / n as f64) } else { serde_json::Value::Null };
    let p = sim
        .summary()
        .take::<engine::topology::pair::PairSummary>()
        .ok_or_else(|| Failure::Io("no pair summary".into()))?;
    let v = serde_json::json!({
        "constellation": sim.scenario().constellation.preset,
        "polar_cutoff_deg": sim.scenario().constellation.polar_cutoff_deg, "isl_pairing": sim.scenario().constellation.isl_pairing,
        "delay_ms_outside_seam": mean(outside), "delay_ms_across_seam": mean(across),
        "from": p.from, "to": p.to, "hours": hours, "step_s": sim.scenario().constellation.step_s,
        "handovers": p.handovers, "seam_separations": p.seam_separations, "seam_fraction": p.seam_fraction,
        "plane_changes": p.plane_changes, "intra_orbital_interval_min": p.intra_orbital_interval_min,
        "delay_ms": p.delay_ms, "hops": p.hops, "steps_without_route": p.steps_without_route,
        "link_changes": p.link_changes
    });
    outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    Ok(())
}
