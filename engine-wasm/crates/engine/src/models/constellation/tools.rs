//! The constellation's command-line tools: `skyqueue calc pair` (a day of the route between two
//! sites, over a preset or a real catalogue) and `skyqueue tle generate` (a preset's element
//! sets). The CLI builds their subcommands from these declarations ([`crate::tool`]).

use super::scenario::groups;
use crate::crossing::tools::{isl_pairing_option, ns2_iridium_isls, polar_cutoff_option, site_names};
use crate::orbit::catalogue::{latest_epoch_jd, load, parse, ShellRules};
use crate::orbit::frames::{iso_from_julian_date, julian_date_from_iso};
use crate::orbit::sites;
use crate::scenario::fields::Kind;
use crate::tool::{OptionKind, Tool, ToolError, ToolInput, ToolOption, ToolOutput};
use crate::topology::catalogue_pair::{CatalogueOptions, CataloguePair, IslMode, SATELLITE_STEPS_BUDGET};
use crate::topology::routing::RoutingMetric;
use crate::Simulation;
use serde_json::{json, Value};

/// The model's tools, in the order `--help` lists them.
pub const TOOLS: [Tool; 2] = [
    Tool { group: "calc", name: "pair", help: PAIR_HELP, options: pair_options, after_help: site_names, run: pair },
    Tool {
        group: "tle",
        name: "generate",
        help: "Prints the element sets (TLE) the engine generates for a constellation preset",
        options: generate_options,
        after_help: String::new,
        run: generate,
    },
];

const PAIR_HELP: &str = "Follows the route between two ground sites: handovers, seam, delay and hops

Follows the route for H hours (default 24) at S-second steps (default 1) and prints, as JSON,
handovers by type (intra_orbital, inter_orbital, seam, isl_change; summed over both ends),
seam_separations, delay_ms (min, mean, max one-way), the mean delay outside and across the seam
(delay_ms_outside_seam, delay_ms_across_seam) and hops (min, max). Iridium (the default) uses
ns-2's ISL settings, as paper 004 did: --polar-cutoff 60 --isl-pairing alternating, unless given
(the scenario fields' defaults are 68 and ahead). Bad options are reported as the scenario fields
they set (constellation.from, ...).

With --tle FILE, a real catalogue (e.g. CelesTrak's starlink.txt, any number of shells): the
satellites are grouped into shells (as `skyqueue tle check` reports), linked by --isl (grid: +Grid
in every shell, the default; none: a bent pipe relayed by the built-in sites; iridium: the rules
above, for a one-shell file), reached from each site at --min-elevation-deg (default 25) and
routed by least delay (the default here) or fewest hops, from --start (default: the catalogue's
latest epoch). It prints shells, satellites_used, satellites_excluded (by reason), delay_ms, hops,
route_changes, great_circle_ms (light along the ground) and ms_per_step.";

/// The options of a scenario field's choice (value, label), for help and completions.
fn field_choices(path: &str) -> Vec<(&'static str, &'static str)> {
    groups()
        .into_iter()
        .flat_map(|g| g.fields)
        .find(|f| f.path == path)
        .map(|f| match f.kind {
            Kind::Choice { options } => options.iter().map(|o| (o.value, o.label)).collect(),
            _ => vec![],
        })
        .unwrap_or_default()
}

/// `--constellation`: the preset (also `calc transfer`'s, which runs this model's scenario).
pub(crate) fn preset_option() -> ToolOption {
    ToolOption::value(
        "constellation",
        "PRESET",
        "The constellation preset",
        OptionKind::Suggested(field_choices("constellation.preset")),
    )
}

fn pair_options() -> Vec<ToolOption> {
    vec![
        ToolOption::value(
            "tle",
            "FILE",
            "A catalogue of element sets (TLE) to route over instead of a preset",
            OptionKind::Text,
        ),
        ToolOption::value(
            "isl",
            "ISL",
            "With --tle: which links join satellites",
            OptionKind::OneOf(vec![
                ("grid", "+Grid in every shell"),
                ("none", "no ISLs: a bent pipe relayed by the built-in sites"),
                ("iridium", "the Iridium rules, for a one-shell file"),
            ]),
        )
        .requires("tle"),
        ToolOption::value(
            "start",
            "YYYY-MM-DDTHH:MM:SSZ",
            "With --tle: the start of the run (default: the catalogue's latest epoch)",
            OptionKind::Text,
        )
        .requires("tle"),
        ToolOption::value(
            "shell-rules",
            "JSON",
            "With --tle: changes the thresholds that group the catalogue, as JSON (docs/CATALOGUES.md)",
            OptionKind::Text,
        )
        .requires("tle"),
        ToolOption::value(
            "min-elevation-deg",
            "DEG",
            "With --tle: the lowest elevation at which a site reaches a satellite [deg] (default 25)",
            OptionKind::Number,
        )
        .requires("tle"),
        preset_option(),
        ToolOption::value(
            "from",
            "SITE",
            "One end: a site's name (quoted if it has spaces) or lat,lon in degrees (default: the scenario field's)",
            OptionKind::Text,
        ),
        ToolOption::value(
            "to",
            "SITE",
            "The other end: a site's name or lat,lon (default: the scenario field's)",
            OptionKind::Text,
        ),
        ToolOption::value("hours", "H", "How long to follow the route (above 0 to 720)", OptionKind::Number)
            .default("24"),
        ToolOption::value(
            "step-s",
            "S",
            "The topology's time step [s] (default: the scenario field's, 1)",
            OptionKind::Number,
        ),
        ToolOption::value(
            "access",
            "POLICY",
            "How a ground terminal chooses its satellite",
            OptionKind::Suggested(field_choices("constellation.access")),
        ),
        ToolOption::switch(
            "seam-isls",
            "Keeps the cross-plane links across the seam (a star constellation's counter-rotating planes)",
        ),
        ToolOption::value(
            "propagation",
            "MODEL",
            "How satellites move",
            OptionKind::Suggested(field_choices("constellation.propagation")),
        ),
        ToolOption::value(
            "routing",
            "METRIC",
            "What the route minimises",
            OptionKind::Suggested(field_choices("constellation.routing")),
        ),
        polar_cutoff_option(),
        isl_pairing_option(),
    ]
}

/// A range check: `x` if `lo <= x <= hi`, else "--flag: x is outside lo to hi".
fn within(flag: &str, x: f64, lo: f64, hi: f64) -> Result<f64, ToolError> {
    if (lo..=hi).contains(&x) {
        Ok(x)
    } else {
        Err(ToolError::Usage(format!("{flag}: {x} is outside {lo} to {hi}")))
    }
}

/// Most satellites x steps `calc pair --tle` follows: a catalogue is stepped at about 1e-7 s a
/// satellite-step natively, so this is a minute or two, and a day of the example Starlink
/// catalogue at 1 s steps (about 8e8) stays within it; 720 hours over a few hundred satellites
/// no longer runs for minutes without a word.
pub(crate) const PAIR_STEPS_BUDGET: f64 = 1e9;

/// `--hours`: above 0 to 720.
fn hours(a: &ToolInput) -> Result<f64, ToolError> {
    let hours = a.number("hours")?.unwrap_or(24.0);
    if hours > 0.0 && hours <= 720.0 {
        Ok(hours)
    } else {
        Err(ToolError::Usage(format!("--hours: {hours} is outside 0 (excluded) to 720")))
    }
}

fn pair(a: &ToolInput) -> Result<ToolOutput, ToolError> {
    let Some(path) = a.text("tle") else { return preset(a, None) };
    if a.text("isl").as_deref() != Some("iridium") {
        return catalogue(a, &path);
    }
    // Today's Iridium rules on a one-shell file: the constellation model's own path.
    if a.text("shell-rules").is_some() {
        return Err(ToolError::Usage(
            "--shell-rules groups a catalogue for --isl grid or none; --isl iridium reads one shell as it is".into(),
        ));
    }
    let text = a.read(&path)?;
    let jd = match a.text("start") {
        Some(s) => s,
        None => {
            let sets = parse(&text).map_err(|m| ToolError::Data(format!("{path}: {m}")))?;
            iso_from_julian_date(latest_epoch_jd(&sets).unwrap_or(f64::NAN))
        }
    };
    preset(a, Some((text, jd)))
}

/// `--start` as a Julian date, if given.
fn start_jd(a: &ToolInput) -> Result<Option<f64>, ToolError> {
    a.text("start")
        .map(|s| {
            julian_date_from_iso(&s).ok_or_else(|| {
                ToolError::Usage(format!(
                    "--start: `{s}` is not a UTC time like 2026-05-13T00:00:00Z (years 1957 to 2056)"
                ))
            })
        })
        .transpose()
}

/// `calc pair --tle FILE` with +Grid or no ISLs: the catalogue's shells, routed step by step.
fn catalogue(a: &ToolInput, path: &str) -> Result<ToolOutput, ToolError> {
    let hours = hours(a)?;
    let step_s = within("--step-s", a.number("step-s")?.unwrap_or(1.0), 0.01, 3600.0)?;
    let min_el = within("--min-elevation-deg", a.number("min-elevation-deg")?.unwrap_or(25.0), 0.0, 89.0)?;
    for flag in ["constellation", "access", "seam-isls", "propagation", "polar-cutoff", "isl-pairing"] {
        if a.text(flag).is_some() || a.switch(flag) {
            return Err(ToolError::Usage(format!(
                "--{flag} applies to presets and to --isl iridium, not to a catalogue with --isl grid or none"
            )));
        }
    }
    let start = start_jd(a)?;
    let rules = ShellRules::from_json(a.text("shell-rules").as_deref())
        .map_err(|m| ToolError::Usage(format!("--shell-rules: {m}")))?;
    let text = a.read(path)?;
    let (sets, cat) = load(&text, start, &rules).map_err(|m| ToolError::Data(format!("{path}: {m}")))?;
    let steps = (hours * 3600.0 / step_s).ceil();
    let work = cat.placed.len() as f64 * steps;
    if work > PAIR_STEPS_BUDGET.min(SATELLITE_STEPS_BUDGET) {
        return Err(ToolError::Usage(format!(
            "--hours {hours} at --step-s {step_s} is {steps} steps of {} satellites ({work:.2e} satellite-steps), above the budget of {PAIR_STEPS_BUDGET:e} satellite-steps of `calc pair --tle` (a minute or two): fewer hours, longer steps or a smaller catalogue",
            cat.placed.len()
        )));
    }
    let names = sites::catalogue();
    let site = |flag: &str, default: &str| {
        let name = a.text(&flag[2..]).unwrap_or_else(|| default.to_string());
        sites::resolve(&name, &[]).map_err(|m| ToolError::Usage(format!("{flag}: {m}")))
    };
    let ends = [site("--from", "Atlantic ship")?, site("--to", "London")?];
    let isl = if a.text("isl").as_deref() == Some("none") { IslMode::None } else { IslMode::Grid };
    let routing = match a.text("routing").as_deref() {
        Some("min-hop") => RoutingMetric::MinHop,
        _ => RoutingMetric::MinDelay,
    };
    let opts = CatalogueOptions { isl, routing, min_elevation_deg: min_el, max_isl_km: None };
    let mut pair = CataloguePair::new(&sets, &cat, opts, ends.clone(), &names)
        .map_err(|m| ToolError::Data(format!("{path}: {m}")))?;
    let began = std::time::Instant::now();
    // Step k at k x step_s exactly (no running sum), as the browser's build steps.
    for k in 0..steps as u64 {
        pair.step(k as f64 * step_s);
    }
    let elapsed_ms = began.elapsed().as_secs_f64() * 1e3;
    let s = pair.summary();
    let light_ms = sites::great_circle_km(&ends[0], &ends[1]) / 299_792.458 * 1e3;
    Ok(ToolOutput::Json(json!({
        "file": path, "start": iso_from_julian_date(cat.reference_jd), "hours": hours, "step_s": step_s,
        "from": ends[0], "to": ends[1],
        "isl": if isl == IslMode::Grid { "grid" } else { "none" },
        "routing": if routing == RoutingMetric::MinHop { "min-hop" } else { "min-delay" },
        "min_elevation_deg": min_el,
        "shells": cat.shells, "satellites_used": cat.placed.len(), "satellites_excluded": cat.excluded_counts(),
        "isls": s.isls_up[1], "isls_up_at_end": s.isls_up[0],
        "steps": s.steps, "steps_without_route": s.steps_without_route,
        "delay_ms": s.delay_ms, "hops": { "min": s.hops[0], "max": s.hops[1] }, "route_changes": s.route_changes,
        "great_circle_ms": light_ms,
        "ms_per_step": elapsed_ms / s.steps.max(1) as f64,
    })))
}

/// A preset (or a one-shell file with `tle` = (text, epoch)) through the constellation model.
fn preset(a: &ToolInput, tle: Option<(String, String)>) -> Result<ToolOutput, ToolError> {
    let mut c = json!({});
    for (key, flag) in [
        ("from", "from"),
        ("to", "to"),
        ("preset", "constellation"),
        ("access", "access"),
        ("propagation", "propagation"),
        ("routing", "routing"),
        ("isl_pairing", "isl-pairing"),
    ] {
        if let Some(v) = a.text(flag) {
            c[key] = v.into();
        }
    }
    if let Some(s) = a.number("step-s")? {
        c["step_s"] = s.into();
    }
    if let Some(p) = a.number("polar-cutoff")? {
        c["polar_cutoff_deg"] = p.into();
    }
    if a.switch("seam-isls") {
        c["seam_isls"] = true.into();
    }
    if let Some((text, epoch)) = tle {
        c["tle"] = text.into();
        c["epoch_utc"] = epoch.into();
    }
    let hours = hours(a)?;
    ns2_iridium_isls(&mut c);
    let scenario = json!({
        "version": 1, "model": "constellation", "name": "calc pair", "duration_s": hours * 3600.0,
        "warmup_s": 0, "metrics": { "bucket_s": c.get("step_s").and_then(|v| v.as_f64()).unwrap_or(1.0) }, "constellation": c
    });
    let mut sim = Simulation::from_json(&scenario.to_string())
        .map_err(|e| ToolError::Invalid("(calc pair options)".into(), e))?;
    // One series row per topology step (bucket = step): the mean one-way delay while the
    // seam separates the sites and while it does not.
    let (mut outside, mut across) = ((0.0, 0u64), (0.0, 0u64));
    let end = hours * 3600.0;
    let mut t = 0.0;
    while t < end {
        t = (t + 3600.0).min(end);
        sim.advance_to_secs(t).map_err(|e| ToolError::Io(e.to_string()))?;
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
    let mean = |(sum, n): (f64, u64)| if n > 0 { json!(sum / n as f64) } else { Value::Null };
    let k = sim.scenario().constellation.clone();
    let p = sim
        .summary()
        .take::<crate::topology::pair::PairSummary>()
        .ok_or_else(|| ToolError::Io("no pair summary".into()))?;
    Ok(ToolOutput::Json(json!({
        "constellation": k.preset,
        "polar_cutoff_deg": k.polar_cutoff_deg, "isl_pairing": k.isl_pairing,
        "delay_ms_outside_seam": mean(outside), "delay_ms_across_seam": mean(across),
        "from": p.from, "to": p.to, "hours": hours, "step_s": k.step_s,
        "handovers": p.handovers, "seam_separations": p.seam_separations, "seam_fraction": p.seam_fraction,
        "plane_changes": p.plane_changes, "intra_orbital_interval_min": p.intra_orbital_interval_min,
        "delay_ms": p.delay_ms, "hops": p.hops, "steps_without_route": p.steps_without_route,
        "link_changes": p.link_changes
    })))
}

fn generate_options() -> Vec<ToolOption> {
    vec![
        ToolOption::value(
            "constellation",
            "PRESET",
            "The constellation preset (default: the scenario field's)",
            OptionKind::Suggested(field_choices("constellation.preset")),
        ),
        ToolOption::value("epoch", "YYYY-MM-DDTHH:MM:SSZ", "The epoch of the element sets", OptionKind::Text),
    ]
}

fn generate(a: &ToolInput) -> Result<ToolOutput, ToolError> {
    let mut c = json!({});
    if let Some(p) = a.text("constellation") {
        c["preset"] = p.into();
    }
    if let Some(e) = a.text("epoch") {
        c["epoch_utc"] = e.into();
    }
    let scenario = json!({"version": 1, "model": "constellation", "duration_s": 1, "warmup_s": 0, "constellation": c});
    let sim = Simulation::from_json(&scenario.to_string())
        .map_err(|e| ToolError::Invalid("(tle generate options)".into(), e))?;
    let info = sim.constellation_info().ok_or_else(|| ToolError::Io("no constellation".into()))?;
    Ok(ToolOutput::Text(info.tle_text))
}
