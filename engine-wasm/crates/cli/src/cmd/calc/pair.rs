//! `calc pair`: a day (or any span) of the route between two ground sites.

use super::{ns2_iridium_isls, site_names};
use crate::output::{outln, Failure};
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
#[derive(clap::Args, Debug)]
pub struct Args {
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

pub fn run(a: Args) -> Result<(), Failure> {
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
