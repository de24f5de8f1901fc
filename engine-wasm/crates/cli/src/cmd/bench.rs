//! `skyqueue bench`: how fast the kernel, the topology and whole scenarios run.

use crate::output::{outln, read_source, Failure};
use crate::values;
use engine::kernel::hold;
use engine::Simulation;
use std::time::Instant;

/// Times the event kernel, the constellation topology or a scenario
///
/// hold (default): the event kernel with the classic hold model (P pending events; each step
/// pops one and schedules one). topology: runs a constellation scenario to its end (default: 24 h
/// of Iridium at 1 s steps for the Atlantic ship - London pair: positions, ISL states, access,
/// route, events); with --tle FILE, a real catalogue instead (every shell, +Grid ISLs, London - New
/// York by least delay, sites at 25 degrees, --steps steps of 1 s from the latest epoch), timed
/// per step. all-pairs: Hypatia's workload on Hypatia's files (--tle its tles.txt,
/// --ground-stations its ground_stations.txt): +Grid ISLs, every ground-station pair's shortest
/// path over ISLs only, --steps steps of --step-ms, timed per step; --delays-out writes every
/// pair's one-way delay at every step. scenario: times building and running any --scenario file
/// to its end (no output files); prints JSON with the run's summary. traffic-matrix: Hypatia's
/// traffic_matrix_load as a packet network (Kuiper-630, +Grid, its 100 largest cities, 100 flows
/// of its pairing, --protocol tcp or udp, every link at --rate-mbps, --duration-s), timed as
/// wall seconds per simulated second.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to time
    #[arg(long, value_name = "WORKLOAD", default_value = "hold", value_parser = values::choice::<Workload>())]
    workload: Workload,
    /// hold: events to process
    #[arg(long, value_name = "N", default_value = "20000000", value_parser = values::whole())]
    events: u64,
    /// hold: pending events (1 to 10000000)
    #[arg(long, value_name = "P", default_value = "1024", value_parser = values::whole())]
    population: u64,
    /// hold: the seed of the event times
    #[arg(long, value_name = "S", default_value = "1", value_parser = values::whole())]
    seed: u64,
    /// The scenario to time (scenario: required; topology: in place of the built-in day)
    #[arg(long, value_name = "file.json")]
    scenario: Option<String>,
    /// topology: a catalogue of element sets (TLE) to step instead of a scenario; all-pairs:
    /// Hypatia's tles.txt (first line "orbits satellites-per-orbit"); traffic-matrix: a catalogue
    /// to carry the flows instead of Kuiper-630
    #[arg(long, value_name = "FILE")]
    tle: Option<String>,
    /// topology with --tle, all-pairs: steps to time (1 to 1000000)
    #[arg(long, value_name = "N", default_value = "3600", value_parser = values::whole_in(1, 1_000_000, "steps"))]
    steps: u64,
    /// all-pairs: Hypatia's ground_stations.txt (extended with x,y,z, or basic)
    #[arg(long, value_name = "FILE")]
    ground_stations: Option<String>,
    /// all-pairs: the time step [ms] (1 to 86400000)
    #[arg(long, value_name = "MS", default_value = "100", value_parser = values::whole_in(1, 86_400_000, "ms"))]
    step_ms: u64,
    /// all-pairs: Hypatia's description.txt for the maximum ISL and GSL lengths (default: its
    /// values for a 550 km shell with a 940.7 km cone radius)
    #[arg(long, value_name = "FILE")]
    description: Option<String>,
    /// all-pairs: writes every ordered pair's one-way delay [s] at every step, little-endian
    /// float64, steps x G x G (row = source; NaN unreachable, 0 on the diagonal)
    #[arg(long, value_name = "FILE")]
    delays_out: Option<String>,
    /// traffic-matrix: the flows' transport
    #[arg(long, value_name = "P", default_value = "tcp", value_parser = values::choice::<FlowProtocol>())]
    protocol: FlowProtocol,
    /// traffic-matrix: the rate of every ISL and ground link [Mb/s] (0.01 to 100000)
    #[arg(long, value_name = "MBPS", default_value = "10", value_parser = values::number())]
    rate_mbps: f64,
    /// traffic-matrix: simulated seconds (up to 3600)
    #[arg(long, value_name = "S", default_value = "10", value_parser = values::number())]
    duration_s: f64,
    /// traffic-matrix: the flow (0 to 99) whose path --path-out writes
    #[arg(long, value_name = "K", default_value = "0", value_parser = values::whole_in(0, 99, "(a flow)"))]
    path_flow: u64,
    /// traffic-matrix: writes that flow's path over time as PREFIX.mahimahi (an mm-link trace),
    /// PREFIX.netem.sh (a tc netem script) and PREFIX.csv
    #[arg(long, value_name = "PREFIX")]
    path_out: Option<String>,
    /// Prints JSON (hold and topology; scenario always does)
    #[arg(long)]
    json: bool,
}

/// What `bench` times.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// The event kernel with the hold model
    Hold,
    /// A constellation scenario's topology, step by step
    Topology,
    /// Any scenario, built and run to its end
    Scenario,
    /// Hypatia's all-pairs forwarding workload on its files
    AllPairs,
    /// Hypatia's traffic-matrix workload as a packet network
    TrafficMatrix,
}

/// The transport of the traffic-matrix workload's flows.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowProtocol {
    /// Long-lived TCP NewReno
    Tcp,
    /// UDP at the link rate
    Udp,
}

pub fn run(args: Args) -> Result<(), Failure> {
    if args.tle.is_some() && !matches!(args.workload, Workload::Topology | Workload::AllPairs | Workload::TrafficMatrix)
    {
        return Err(Failure::Usage("--tle goes with --workload topology, all-pairs or traffic-matrix".into()));
    }
    if args.path_out.is_some() && args.workload != Workload::TrafficMatrix {
        return Err(Failure::Usage("--path-out goes with --workload traffic-matrix".into()));
    }
    let all_pairs_only = [
        ("--ground-stations", args.ground_stations.is_some()),
        ("--description", args.description.is_some()),
        ("--delays-out", args.delays_out.is_some()),
    ];
    if let Some((flag, _)) =
        all_pairs_only.iter().find(|(_, given)| *given).filter(|_| args.workload != Workload::AllPairs)
    {
        return Err(Failure::Usage(format!("{flag} goes with --workload all-pairs")));
    }
    match args.workload {
        Workload::AllPairs => all_pairs(&args),
        Workload::TrafficMatrix => {
            if args.scenario.is_some() {
                return Err(Failure::Usage("--workload traffic-matrix builds its own network: no --scenario".into()));
            }
            let text = match args.tle.as_deref() {
                Some(file) => Some((file, read_source(file)?)),
                None => None,
            };
            let protocol = match args.protocol {
                FlowProtocol::Tcp => engine::network::hypatia_load::Protocol::Tcp,
                FlowProtocol::Udp => engine::network::hypatia_load::Protocol::Udp,
            };
            let path = args.path_out.as_deref().map(|prefix| (args.path_flow as usize, prefix));
            let catalogue = text.as_ref().map(|(f, t)| (*f, t.as_str()));
            super::traffic_bench::traffic_matrix(protocol, args.rate_mbps, args.duration_s, catalogue, path, args.json)
        }
        Workload::Hold => hold_bench(&args),
        Workload::Topology if args.tle.is_some() => {
            if args.scenario.is_some() {
                return Err(Failure::Usage("--tle and --scenario: give one of them".into()));
            }
            catalogue(args.tle.as_deref().unwrap_or_default(), args.steps, args.json)
        }
        Workload::Topology => {
            let text = match &args.scenario {
                Some(file) => read_source(file)?,
                // The registry's topology day (the first model that offers one).
                None => engine::models::ModelKind::ALL
                    .iter()
                    .find_map(|k| k.descriptor().topology_bench)
                    .ok_or_else(|| {
                        Failure::Usage("no model offers a topology day: give --scenario <file.json>".into())
                    })?
                    .to_string(),
            };
            topology(&text, args.json)
        }
        Workload::Scenario => {
            let Some(file) = args.scenario.as_deref() else {
                return Err(Failure::Usage("--workload scenario needs --scenario <file.json>".into()));
            };
            let text = read_source(file)?;
            let t0 = Instant::now();
            let mut sim = Simulation::from_json(&text).map_err(|e| Failure::Invalid(file.to_string(), e))?;
            sim.run_to_end();
            let secs = t0.elapsed().as_secs_f64();
            let events = sim.events_processed();
            // The run's summary after the clock stops, to show what work was timed.
            let summary: serde_json::Value =
                serde_json::from_str(&sim.summary_json()).unwrap_or(serde_json::Value::Null);
            outln!(
                "{}",
                serde_json::json!({ "workload": "scenario", "file": file, "seconds": secs, "events": events, "events_per_s": events as f64 / secs, "summary": summary })
            );
            Ok(())
        }
    }
}

/// Most pending events of the hold benchmark.
pub const MAX_POPULATION: u32 = 10_000_000;

fn hold_bench(args: &Args) -> Result<(), Failure> {
    let (events, seed) = (args.events, args.seed);
    // Every pending event is held in memory (about 32 bytes each): 10 million is 320 MB.
    let population =
        u32::try_from(args.population).ok().filter(|p| (1..=MAX_POPULATION).contains(p)).ok_or_else(|| {
            Failure::Usage(format!("--population: `{}` is outside 1 to {MAX_POPULATION}", args.population))
        })?;
    let t0 = Instant::now();
    let out = hold::hold(events, population, seed);
    let secs = t0.elapsed().as_secs_f64();
    let rate = events as f64 / secs;
    if args.json {
        outln!(
            "{}",
            serde_json::json!({
                "workload": "hold", "events": events, "population": population, "seed": seed,
                "seconds": secs, "events_per_s": rate, "checksum": format!("{:016x}", out.checksum)
            })
        );
    } else {
        outln!(
            "hold: {events} events, population {population}: {secs:.3} s, {:.2} M events/s (checksum {:016x})",
            rate / 1e6,
            out.checksum
        );
    }
    Ok(())
}

fn topology(scenario: &str, json: bool) -> Result<(), Failure> {
    let t0 = Instant::now();
    let mut sim = Simulation::from_json(scenario).map_err(|e| Failure::Invalid("(topology benchmark)".into(), e))?;
    sim.run_to_end();
    let secs = t0.elapsed().as_secs_f64();
    let p = sim.summary().take::<engine::topology::pair::PairSummary>().ok_or_else(|| {
        Failure::Io("no pair summary: the topology benchmark needs a scenario that follows a pair of sites".into())
    })?;
    let checksum = format!(
        "{}-{}-{}-{:.6}",
        p.handovers.intra_orbital, p.handovers.inter_orbital, p.handovers.isl_change, p.delay_ms.mean
    );
    if json {
        outln!(
            "{}",
            serde_json::json!({ "workload": "topology", "steps": p.steps, "seconds": secs, "steps_per_s": p.steps as f64 / secs, "checksum": checksum })
        );
    } else {
        outln!(
            "topology: 24 h of Iridium at 1 s steps ({} steps): {secs:.3} s, {:.0} steps/s (checksum {checksum})",
            p.steps,
            p.steps as f64 / secs
        );
    }
    Ok(())
}

/// `--workload topology --tle FILE`: one step of a real catalogue, timed.
fn catalogue(file: &str, steps: u64, json: bool) -> Result<(), Failure> {
    use engine::orbit::catalogue::{load, ShellRules};
    use engine::topology::catalogue_pair::{CatalogueOptions, CataloguePair, IslMode, SATELLITE_STEPS_BUDGET};
    let text = read_source(file)?;
    let t0 = Instant::now();
    let (sets, cat) = load(&text, None, &ShellRules::default()).map_err(|m| Failure::Data(format!("{file}: {m}")))?;
    let load_s = t0.elapsed().as_secs_f64();
    if cat.placed.len() as f64 * steps as f64 > SATELLITE_STEPS_BUDGET {
        return Err(Failure::Usage(format!(
            "--steps {steps} of {} satellites is above the budget of {SATELLITE_STEPS_BUDGET:e} satellite-steps: fewer steps",
            cat.placed.len()
        )));
    }
    let site = |n: &str| engine::orbit::sites::resolve(n, &[]).map_err(Failure::Usage);
    let opts = CatalogueOptions {
        isl: IslMode::Grid,
        routing: engine::topology::routing::RoutingMetric::MinDelay,
        min_elevation_deg: 25.0,
        max_isl_km: None,
    };
    let mut pair = CataloguePair::new(&sets, &cat, opts, [site("London")?, site("New York")?], &[])
        .map_err(|m| Failure::Data(format!("{file}: {m}")))?;
    let t1 = Instant::now();
    // Step k at k seconds exactly, as `calc pair --tle` and the browser's build step.
    for k in 0..steps {
        pair.step(k as f64);
    }
    let secs = t1.elapsed().as_secs_f64();
    let s = pair.summary();
    let ms_per_step = secs * 1e3 / steps as f64;
    let checksum = format!("{}-{:.6}", s.route_changes, s.delay_ms.mean);
    if json {
        outln!(
            "{}",
            serde_json::json!({
                "workload": "topology", "file": file, "satellites": cat.placed.len(), "shells": cat.shells.len(),
                "steps": steps, "load_seconds": load_s, "seconds": secs, "ms_per_step": ms_per_step, "checksum": checksum
            })
        );
    } else {
        outln!(
            "topology: {steps} steps of 1 s over {} satellites in {} shells (London - New York, least delay): {ms_per_step:.3} ms per step, loading {:.0} ms (checksum {checksum})",
            cat.placed.len(),
            cat.shells.len(),
            load_s * 1e3
        );
    }
    Ok(())
}

/// Most bytes `--delays-out` may write (steps x G x G x 8).
pub const DELAYS_OUT_BUDGET_BYTES: f64 = 4.0 * (1u64 << 30) as f64;

/// `max_isl_length_m=` and `max_gsl_length_m=` of Hypatia's description.txt.
fn description_lengths(file: &str, text: &str) -> Result<(f64, f64), Failure> {
    let get = |key: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(key)?.strip_prefix('=')?.trim().parse::<f64>().ok())
            .ok_or_else(|| Failure::Data(format!("{file}: no `{key}=<metres>` line (Hypatia's description.txt)")))
    };
    Ok((get("max_isl_length_m")?, get("max_gsl_length_m")?))
}

/// `--workload all-pairs`: Hypatia's forwarding-state computation (every ground-station pair's
/// shortest path over ISLs only; engine::topology::all_pairs), timed per step.
fn all_pairs(args: &Args) -> Result<(), Failure> {
    use engine::topology::all_pairs::{self as ap, AllPairs};
    use std::io::Write;
    let (Some(tle), Some(gs)) = (args.tle.as_deref(), args.ground_stations.as_deref()) else {
        return Err(Failure::Usage("--workload all-pairs needs --tle <tles.txt> and --ground-stations <file>".into()));
    };
    if args.scenario.is_some() {
        return Err(Failure::Usage("--scenario does not go with --workload all-pairs".into()));
    }
    let (max_isl_m, max_gsl_m) = match args.description.as_deref() {
        Some(f) => description_lengths(f, &read_source(f)?)?,
        None => (
            ap::max_isl_length_m(ap::HYPATIA_SHELL_ALTITUDE_M),
            ap::max_gsl_length_m(ap::HYPATIA_CONE_RADIUS_M, ap::HYPATIA_SHELL_ALTITUDE_M),
        ),
    };
    let (tle_text, gs_text) = (read_source(tle)?, read_source(gs)?);
    let t0 = Instant::now();
    let mut w = AllPairs::new(&tle_text, &gs_text, max_isl_m, max_gsl_m)
        .map_err(|m| Failure::Data(format!("{tle}, {gs}: {m}")))?;
    let load_s = t0.elapsed().as_secs_f64();
    let steps = args.steps;
    w.check_budget(steps).map_err(|m| Failure::Usage(format!("--steps: {m}")))?;
    let g = w.ground_stations();
    let mut out = match args.delays_out.as_deref() {
        Some(f) => {
            let bytes = steps as f64 * (g * g) as f64 * 8.0;
            if bytes > DELAYS_OUT_BUDGET_BYTES {
                return Err(Failure::Usage(format!(
                    "--delays-out: {steps} steps x {g}^2 pairs is {bytes:.2e} bytes, above the budget of {DELAYS_OUT_BUDGET_BYTES:e}: fewer steps"
                )));
            }
            let file = std::fs::File::create(f).map_err(|e| Failure::Io(format!("{f}: {e}")))?;
            Some((f, std::io::BufWriter::new(file)))
        }
        None => None,
    };
    let mut per_step = Vec::with_capacity(steps as usize);
    let (mut sum_km, mut unreachable) = (0.0, 0u64);
    let mut bytes = Vec::new();
    for k in 0..steps {
        let t = Instant::now();
        // Step k at k x step_ms exactly, as Hypatia's time_since_epoch_ns.
        let lengths = w.step(k as f64 * args.step_ms as f64 / 1e3).map_err(|m| Failure::Data(format!("{tle}: {m}")))?;
        per_step.push(t.elapsed().as_secs_f64());
        let (s, u) = ap::digest(lengths);
        sum_km += s;
        unreachable += u;
        if let Some((f, o)) = out.as_mut() {
            bytes.clear();
            bytes.extend(lengths.iter().flat_map(|&l| ap::delay_s(l).to_le_bytes()));
            o.write_all(&bytes).map_err(|e| Failure::Io(format!("{f}: {e}")))?;
        }
    }
    if let Some((f, mut o)) = out {
        o.flush().map_err(|e| Failure::Io(format!("{f}: {e}")))?;
    }
    let secs: f64 = per_step.iter().sum();
    let mut sorted = per_step.clone();
    sorted.sort_by(f64::total_cmp);
    let median_ms = sorted[sorted.len() / 2] * 1e3;
    let ms_per_step = secs * 1e3 / steps as f64;
    let checksum = format!("{sum_km:.3}-{unreachable}");
    if args.json {
        outln!(
            "{}",
            serde_json::json!({
                "workload": "all-pairs", "tle": tle, "ground_stations": g, "satellites": w.satellites(), "isls": w.isls(),
                "steps": steps, "step_ms": args.step_ms, "max_isl_length_m": max_isl_m, "max_gsl_length_m": max_gsl_m,
                "load_seconds": load_s, "seconds": secs, "ms_per_step": ms_per_step, "median_ms_per_step": median_ms,
                "min_ms_per_step": sorted[0] * 1e3, "checksum": checksum
            })
        );
    } else {
        outln!(
            "all-pairs: {steps} steps of {} ms over {} satellites, {} ISLs, {g} ground stations ({} ordered pairs): {ms_per_step:.3} ms per step (median {median_ms:.3}), loading {:.0} ms (checksum {checksum})",
            args.step_ms,
            w.satellites(),
            w.isls(),
            g * (g - 1),
            load_s * 1e3
        );
    }
    Ok(())
}
