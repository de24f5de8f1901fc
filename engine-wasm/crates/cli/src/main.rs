//! `skyqueue`: the SkyQueue engine on the command line. Same model code as the browser; the
//! same scenario and seed give byte-identical results files.

use engine::kernel::hold;
use engine::scenario::{Scenario, ScenarioError};
use engine::Simulation;
use std::process::ExitCode;
use std::time::Instant;

mod sweep;

const HELP: &str = "\
skyqueue: discrete-event simulation of traffic over LEO satellite constellations

USAGE:
    skyqueue <COMMAND> [OPTIONS]

COMMANDS:
    run <scenario.json> [--out <results.json>] [--seed <N>]
        Runs a scenario to its end and writes the results (the scenario with its defaults,
        summary statistics with confidence intervals and the closed-form prediction where one
        exists, and the downsampled time series) as JSON to --out, or to stdout. Use - to read
        the scenario from stdin. --seed overrides the scenario's seed (0 to 2^53-1).
    sweep <scenario.json> --param <path> --values <a,b,c> [--policies <p1,p2>] [--seeds <k>]
          [--threads <n>] [--format json|csv] [--out <file>]
        Runs the scenario for every value of one field (dotted path, e.g. voip.flows), every
        policy (sets the model's policy field: voip.policy: dt-s, dt-h, rr, pf, codes, ...;
        diffserv.sharing: pss, dwrr; transfer.cc: cubic, new-reno, westwood-plus; link.scheme:
        none, fec, arq, harq; dccp.transport: udp, ccid3, ccid4, ccid4-n, ccid4-sca) and seeds
        1..k, on every core
        (or --threads), and writes every run's summary as JSON (default) or CSV. Every
        combination is validated before any runs; an invalid one is reported with its field.
        --shard I/N runs only the runs whose index in the grid is I modulo N (0 <= I < N), each
        with the seed it has in the whole sweep, and writes a part file naming the sweep (a
        digest of the scenario, grid, policies, seeds and format) and the runs it holds. Without
        --shard the slice comes from a Slurm job array (SLURM_ARRAY_TASK_ID, _MIN, _COUNT or
        _MAX) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, the count from --shards N or
        SKYQUEUE_SHARDS), when the process runs in one. docs/SCALING.md has the job scripts.
    merge <part.json>... [--out <file>]
        Joins the parts of one sharded sweep into exactly the file the unsharded sweep writes
        (JSON or CSV, as the sweep was run). Refuses a part of another sweep, a shard given
        twice, and missing shards, naming them.
    validate <scenario.json>...
        Checks scenarios without running them; lists every invalid field with its allowed range.
    defaults [--model <queue|constellation|voip-leo|diffserv|tcp-leo|link-layer|voip-dccp>]
        Prints the default scenario of a model (default: queue) with every field written out: a
        starting point for your own.
    schema [--markdown]
        Prints, as JSON (or as the Markdown reference docs/SCENARIO-FIELDS.md), every model's fields in groups with label, unit, help and allowed range
        (the declaration the engine's own range checks read), and the scenario's objects with
        their keys. The app's parameter panel is generated from it.
    calc slant --altitude-km <H> --elevation-deg <E>
        Slant range and one-way propagation delay from a ground terminal to a satellite at
        altitude H seen at elevation E (paper 004, Fig. 3), as JSON.
    calc pair [--constellation <iridium|iridium-800|walker-delta-53>] --from <site> --to <site>
              [--hours <H>] [--step-s <S>] [--access <ns2|highest-elevation|hysteresis>]
              [--seam-isls] [--propagation <sgp4|two-body>] [--polar-cutoff <deg>]
              [--isl-pairing <ahead|alternating>]
        Follows the route between two ground sites (names from `skyqueue sites`, or `lat,lon`)
        for H hours (default 24) at S-second steps (default 1) and prints, as JSON, handovers by
        type (intra_orbital, inter_orbital, seam, isl_change; summed over both ends),
        seam_separations, delay_ms (min, mean, max one-way), the mean delay outside and across the
        seam (delay_ms_outside_seam, delay_ms_across_seam) and hops (min, max). Iridium (the
        default) uses ns-2's ISL settings, as paper 004 did: --polar-cutoff 60 --isl-pairing
        alternating, unless given (the scenario fields' defaults are 68 and ahead).
    calc transfer --from <site> --to <site|random> --bytes <N>
              [--when <outside-seam|across-seam|anytime>]
              [--runs <K>] [--seed <S>] [--throughput <low|high>] [--constellation <preset>]
              [--polar-cutoff <deg>] [--isl-pairing <ahead|alternating>] [--min-rto-ms <ms>]
              [--rto-restart <every-ack|new-data>] [--no-lost-retransmit] [--hystart]
              [--buffer <ns2|start-bdp|N>]
        TCP as ns-2's TCP-Linux agent runs it (CUBIC, SACK, IW 10, minimum RTO 200 ms as
        ns-2's minrto_, the timer restarted on every ACK, a retransmission lost again sent
        again once later data is SACKed; RFC 6298's timer is --min-rto-ms 1000 --rto-restart
        new-data; --no-lost-retransmit leaves a lost retransmission to the timer as RFC 6675
        does; --hystart adds RFC 9406's delay-based exit from slow start) file transfers of N
        bytes from the first site to the second over the moving route, paper 004 Table 3's
        links (low: 1.5 Mb/s up/down, 25 Mb/s ISLs; high:
        120 Mb/s, 2 Gb/s; every link's queue limit fixed for the run: ns-2's 50 packets at low
        throughput, 4000 at high, the same 282 ms of the access rate; --buffer N sets a limit of N
        packets, --buffer start-bdp one BDP from each transfer's starting round trip; packets of
        1000 bytes of payload, 40 of TCP/IP header and 16 of link header, ACKs of 40 + 8 per
        SACK block + 16, as ns-2), started at K times drawn (seed S) among the day's
        seconds where the seam does not (default) or does separate the sites, or any second
        with a route (anytime). --to random --when anytime draws each run's client uniformly
        on the globe and its start in the day, after an hour of topology history (paper 004
        Fig. 5). Prints JSON: mean_transfer_s, sd_transfer_s, runs, transfer_s (one per run),
        start_s, retransmits, reordered_acks (and clients, [lat, lon] per run, for random). Iridium uses ns-2's ISL settings unless given, as calc pair. The runs
        share the machine's cores; the output does not depend on how many there are.
    calc emodel --codec <g711|g711-plc|g729|g729a-vad|g723.1-6.3> --delay-ms <D>
                [--loss-pct <P>] [--burst-r <B>] [--advantage <A>] [--jitter-buffer-ms <J>]
        Voice quality by the ITU-T G.107 E-model (full model, Table 3 defaults): R and MOS for a
        one-way mouth-to-ear delay D + J ms (T = Ta = D + J, Tr = 2 T), random packet loss P %
        (default 0) with burst ratio B (default 1) and advantage factor A (default 0; paper 000
        uses 20 for satellite, paper 003 uses 30), as JSON with every impairment.
    calc pss --capacity-bps <C> --bw <BW> --lm <LM_BITS> --lr <LR_BITS> --packet-bytes <L>
             [--ef-bps <E>] [--duration-s <T>] [--variable-capacity]
        Runs the Priority Switching Scheduler (paper 001, Algorithm 1) with AF and CS0 always
        backlogged (UDP) and a CBR EF flow of E b/s (default 0) for T s (default 20) on a link of
        C b/s, and prints the shares of the capacity each class used (af_share, cs0_share,
        ef_share), the credit range and the priority switches, as JSON.
    calc ge --alpha <A> --beta <B> --n <N> [--k <K>] [--interleave <I>] [--e-good <X>]
            [--e-bad <Y>]
        The Gilbert-Elliott erasure channel of paper 002 (alpha = P(stay Good), beta = P(stay
        Bad), erasure probabilities X in Good and Y in Bad, default 0 and 1), one step per LLDU:
        prints, as JSON, p_m (the probabilities of m = 0..N erasures among N LLDUs, stationary
        start; behind an interleaver of depth I (default 1), among the N LLDUs of one codeword),
        erasure_prob (the mean erasure probability), stationary_bad, mean_burst_lldus, and with
        --k codeword_failure, the probability that more than N - K of the N are erased.
    calc tfrc --packet-bytes <S> --rtt-s <R> --loss-event-rate <P> [--ccid 3|4]
              [--header-bytes <H>]
        The TFRC rate a DCCP sender may use (paper 003): --ccid 3 (default), RFC 5348's
        throughput equation with b = 1 and t_RTO = 4 R; --ccid 4, paper 003 eq. 5 (a nominal
        1460-byte segment times s / (s + H), header H 36 bytes by default) capped at 100 packets
        per second. Prints x_bytes_per_s, x_kbps and packets_per_s as JSON.
    sites
        Lists the built-in ground sites with their coordinates.
    bench [--workload <hold|topology|scenario>] [--events <N>] [--population <P>] [--seed <S>]
          [--scenario <file.json>] [--json]
        hold (default): the event kernel with the classic hold model (P pending events; each
        step pops one and schedules one). Defaults: 20000000 events, population 1024, seed 1.
        topology: runs a constellation scenario to its end (default: 24 h of Iridium at 1 s
        steps for the Atlantic ship - London pair: positions, ISL states, access, route, events).
        scenario: times building and running any --scenario file to its end (no output files).
    tle generate [--constellation <preset>] [--epoch <YYYY-MM-DDTHH:MM:SSZ>]
        Prints the element sets (TLE) the engine generates for a constellation preset.
    tle check <file.tle>
        Reads TLE text (two- or three-line) and reports every bad line with its number and
        reason; nothing is loaded unless every line is good.
    help
        Prints this help.

OPTIONS:
    -h, --help       Prints this help
    -V, --version    Prints the engine version

EXIT STATUS:
    0 success, 1 input/output error, 2 invalid scenario or usage.

EXAMPLES:
    skyqueue run examples/mm1-load-0.8.json --out results.json
    skyqueue run examples/md1-load-0.8.json --seed 7 | less
    skyqueue validate examples/*.json
    skyqueue calc slant --altitude-km 780 --elevation-deg 8.2
    skyqueue calc pair --constellation iridium --from \"Atlantic ship\" --to London --hours 24
    skyqueue calc ge --alpha 0.99 --beta 0.9 --n 12 --k 10
";

/// Writes to stdout; a closed pipe (`skyqueue run x.json | head`) ends the program quietly
/// instead of panicking.
fn out(s: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(s.as_bytes()).and_then(|_| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

macro_rules! outln {
    () => { out("\n") };
    ($($arg:tt)*) => { out(&format!("{}\n", format_args!($($arg)*))) };
}

enum Failure {
    /// Already reported on stderr; exit with this status.
    Silent(u8),
    Usage(String),
    Io(String),
    Invalid(String, ScenarioError),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match dispatch(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Silent(code)) => ExitCode::from(code),
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}\n\nRun `skyqueue --help` for usage.");
            ExitCode::from(2)
        }
        Err(Failure::Io(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(1)
        }
        Err(Failure::Invalid(source, err)) => {
            eprintln!("error: invalid scenario {source}");
            for e in err.field_errors() {
                eprintln!("  {e}");
            }
            ExitCode::from(2)
        }
    }
}

fn dispatch(args: &[String]) -> Result<(), Failure> {
    let Some(cmd) = args.first() else {
        out(HELP);
        return Ok(());
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "-h" | "--help" | "help" => {
            out(HELP);
            Ok(())
        }
        "-V" | "--version" => {
            out(&format!("{}\n", engine::sim::ENGINE));
            Ok(())
        }
        "run" => run(rest),
        "validate" => validate(rest),
        "defaults" => defaults(rest),
        "schema" => match rest.first().map(String::as_str) {
            None => {
                out(&format!("{}\n", engine::scenario::fields::schema_json()));
                Ok(())
            }
            Some("--markdown") if rest.len() == 1 => {
                out(&engine::scenario::fields::markdown());
                Ok(())
            }
            Some(other) => Err(Failure::Usage(format!("schema takes only --markdown, not `{other}`"))),
        },
        "bench" => bench(rest),
        "calc" => calc(rest),
        "sweep" => sweep_cmd(rest),
        "merge" => merge_cmd(rest),
        "tle" => tle(rest),
        "sites" => {
            for s in engine::orbit::sites::catalogue() {
                outln!("{:<18} {:>8.2} {:>9.2}", s.name, s.lat_deg, s.lon_deg);
            }
            Ok(())
        }
        other => Err(Failure::Usage(format!("unknown command `{other}`"))),
    }
}

/// Splits `args` into positional arguments and `--flag value` options.
fn parse_opts<'a>(
    args: &'a [String],
    with_value: &[&str],
    switches: &[&str],
) -> Result<(Vec<&'a str>, Vec<(&'a str, &'a str)>), Failure> {
    let (mut pos, mut opts) = (vec![], vec![]);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if with_value.contains(&a.as_str()) {
            let v = it.next().ok_or_else(|| Failure::Usage(format!("{a} needs a value")))?;
            opts.push((a.as_str(), v.as_str()));
        } else if switches.contains(&a.as_str()) {
            opts.push((a.as_str(), ""));
        } else if a.starts_with("--") || (a.starts_with('-') && a.len() > 1) {
            return Err(Failure::Usage(format!("unknown option `{a}`")));
        } else {
            pos.push(a.as_str());
        }
    }
    Ok((pos, opts))
}

fn read_source(path: &str) -> Result<String, Failure> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| Failure::Io(format!("cannot read stdin: {e}")))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| Failure::Io(format!("cannot read {path}: {e}")))
    }
}

fn parse_u64(flag: &str, v: &str) -> Result<u64, Failure> {
    v.parse::<u64>()
        .map_err(|_| Failure::Usage(format!("{flag}: `{v}` is not a whole number from 0 to 18446744073709551615")))
}

fn run(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) = parse_opts(args, &["--out", "-o", "--seed"], &[])?;
    let [path] = pos[..] else {
        return Err(Failure::Usage("run takes exactly one scenario file".into()));
    };
    let (mut seed, mut out_file) = (None, None);
    for (flag, v) in opts {
        match flag {
            "--seed" => seed = Some(parse_u64(flag, v)?),
            _ => out_file = Some(v),
        }
    }
    let text = read_source(path)?;
    let mut scenario = Scenario::parse_json(&text).map_err(|e| Failure::Invalid(path.into(), e))?;
    if let Some(seed) = seed {
        scenario.seed = seed;
    }
    let mut sim = Simulation::new(scenario).map_err(|e| Failure::Invalid(path.into(), e))?;
    sim.run_to_end();
    let json = sim.results_json();
    match out_file {
        None => out(&format!("{json}\n")),
        Some(file) => {
            std::fs::write(file, format!("{json}\n")).map_err(|e| Failure::Io(format!("cannot write {file}: {e}")))?;
            let summary = sim.summary();
            outln!("wrote {file}: {}", sim.scenario().name);
            // One printer for every model: the lines its summary gives.
            for line in summary.model.lines() {
                outln!("  {line}");
            }
        }
    }
    Ok(())
}

fn defaults(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) = parse_opts(args, &["--model"], &[])?;
    if let Some(p) = pos.first() {
        return Err(Failure::Usage(format!("defaults takes no argument `{p}`")));
    }
    let mut scenario = Scenario::default();
    if let Some((_, name)) = opts.first() {
        let names: Vec<&str> = engine::scenario::ModelKind::ALL.iter().map(|k| k.name()).collect();
        scenario.model = engine::scenario::ModelKind::from_name(name).ok_or_else(|| {
            Failure::Usage(format!("--model: `{name}` is not a model (allowed: {})", names.join(", ")))
        })?;
    }
    out(&format!("{}\n", scenario.to_json_pretty()));
    Ok(())
}

fn validate(args: &[String]) -> Result<(), Failure> {
    let (pos, _) = parse_opts(args, &[], &[])?;
    if pos.is_empty() {
        return Err(Failure::Usage("validate takes one or more scenario files".into()));
    }
    let mut first_error = None;
    for path in pos {
        let text = read_source(path)?;
        match Scenario::from_json(&text) {
            Ok(_) => outln!("{path}: ok"),
            Err(e) => {
                outln!("{path}: invalid");
                for fe in e.field_errors() {
                    outln!("  {fe}");
                }
                first_error.get_or_insert((path.to_string(), e));
            }
        }
    }
    match first_error {
        None => Ok(()),
        Some(_) => Err(Failure::Usage("some scenarios are invalid".into())),
    }
}

fn parse_f64(flag: &str, v: &str) -> Result<f64, Failure> {
    v.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| Failure::Usage(format!("{flag}: `{v}` is not a number")))
}

fn calc(args: &[String]) -> Result<(), Failure> {
    let Some(what) = args.first() else {
        return Err(Failure::Usage("calc needs a calculation: slant, pair, transfer, emodel, pss or ge".into()));
    };
    match what.as_str() {
        "slant" => {
            let (pos, opts) = parse_opts(&args[1..], &["--altitude-km", "--elevation-deg"], &[])?;
            if !pos.is_empty() {
                return Err(Failure::Usage(format!("calc slant takes no argument `{}`", pos[0])));
            }
            let (mut h, mut e) = (None, None);
            for (flag, v) in opts {
                match flag {
                    "--altitude-km" => h = Some(parse_f64(flag, v)?),
                    _ => e = Some(parse_f64(flag, v)?),
                }
            }
            let h = h.ok_or_else(|| Failure::Usage("calc slant needs --altitude-km".into()))?;
            let e = e.ok_or_else(|| Failure::Usage("calc slant needs --elevation-deg".into()))?;
            if !(100.0..=50_000.0).contains(&h) {
                return Err(Failure::Usage(format!("--altitude-km: {h} is outside 100 to 50000")));
            }
            if !(0.0..=90.0).contains(&e) {
                return Err(Failure::Usage(format!("--elevation-deg: {e} is outside 0 to 90")));
            }
            let d = engine::orbit::frames::slant_range_km(h, e);
            outln!(
                "{}",
                serde_json::json!({ "altitude_km": h, "elevation_deg": e, "slant_km": d,
                    "one_way_ms": d / engine::orbit::frames::C_KM_S * 1e3 })
            );
            Ok(())
        }
        "pair" => {
            let (pos, opts) = parse_opts(
                &args[1..],
                &[
                    "--constellation",
                    "--from",
                    "--to",
                    "--hours",
                    "--step-s",
                    "--access",
                    "--propagation",
                    "--routing",
                    "--polar-cutoff",
                    "--isl-pairing",
                ],
                &["--seam-isls"],
            )?;
            if !pos.is_empty() {
                return Err(Failure::Usage(format!(
                    "calc pair takes no argument `{}` (quote site names with spaces)",
                    pos[0]
                )));
            }
            let mut hours = 24.0;
            let mut c = serde_json::json!({});
            for (flag, v) in opts {
                match flag {
                    "--constellation" => c["preset"] = v.into(),
                    "--from" => c["from"] = v.into(),
                    "--to" => c["to"] = v.into(),
                    "--hours" => hours = parse_f64(flag, v)?,
                    "--step-s" => c["step_s"] = parse_f64(flag, v)?.into(),
                    "--access" => c["access"] = v.into(),
                    "--propagation" => c["propagation"] = v.into(),
                    "--routing" => c["routing"] = v.into(),
                    "--polar-cutoff" => c["polar_cutoff_deg"] = parse_f64(flag, v)?.into(),
                    "--isl-pairing" => c["isl_pairing"] = v.into(),
                    _ => c["seam_isls"] = true.into(),
                }
            }
            if !(hours > 0.0 && hours <= 720.0) {
                return Err(Failure::Usage(format!("--hours: {hours} is outside 0 (excluded) to 720")));
            }
            ns2_iridium_isls(&mut c);
            let scenario = serde_json::json!({
                "version": 1, "model": "constellation", "name": "calc pair", "duration_s": hours * 3600.0,
                "warmup_s": 0, "metrics": { "bucket_s": c.get("step_s").and_then(|v| v.as_f64()).unwrap_or(1.0) }, "constellation": c
            });
            let mut sim = Simulation::from_json(&scenario.to_string())
                .map_err(|e| Failure::Invalid("(calc pair options)".into(), e))?;
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
            let mean =
                |(sum, n): (f64, u64)| if n > 0 { serde_json::json!(sum / n as f64) } else { serde_json::Value::Null };
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
        "transfer" => calc_transfer(&args[1..]),
        "emodel" => {
            let (pos, opts) = parse_opts(
                &args[1..],
                &["--codec", "--delay-ms", "--loss-pct", "--burst-r", "--advantage", "--jitter-buffer-ms"],
                &[],
            )?;
            if !pos.is_empty() {
                return Err(Failure::Usage(format!("calc emodel takes no argument `{}`", pos[0])));
            }
            let (mut codec, mut delay, mut loss, mut burst, mut adv, mut jb) = (None, None, 0.0, 1.0, 0.0, 0.0);
            for (flag, v) in opts {
                let range = |x: f64, lo: f64, hi: f64| {
                    if (lo..=hi).contains(&x) {
                        Ok(x)
                    } else {
                        Err(Failure::Usage(format!("{flag}: {x} is outside {lo} to {hi}")))
                    }
                };
                match flag {
                    "--codec" => {
                        codec = Some(engine::metrics::emodel::Codec::from_name(v).ok_or_else(|| {
                            Failure::Usage(format!(
                                "--codec: `{v}` is not one of g711, g711-plc, g729, g729a-vad, g723.1-6.3"
                            ))
                        })?)
                    }
                    "--delay-ms" => delay = Some(range(parse_f64(flag, v)?, 0.0, 10_000.0)?),
                    "--loss-pct" => loss = range(parse_f64(flag, v)?, 0.0, 100.0)?,
                    "--burst-r" => burst = range(parse_f64(flag, v)?, 1.0, 100.0)?,
                    "--advantage" => adv = range(parse_f64(flag, v)?, 0.0, 50.0)?,
                    _ => jb = range(parse_f64(flag, v)?, 0.0, 2000.0)?,
                }
            }
            let codec = codec.ok_or_else(|| Failure::Usage("calc emodel needs --codec".into()))?;
            let delay = delay.ok_or_else(|| Failure::Usage("calc emodel needs --delay-ms".into()))?;
            let out = engine::metrics::emodel::voice_quality(codec, delay + jb, loss, burst, adv);
            outln!(
                "{}",
                serde_json::to_string_pretty(&serde_json::json!({
                    "codec": codec, "one_way_delay_ms": delay + jb, "network_delay_ms": delay, "jitter_buffer_ms": jb,
                    "loss_pct": loss, "burst_r": burst, "advantage": adv,
                    "r": out.r, "mos": out.mos, "ro": out.ro, "is": out.is, "id": out.id, "idte": out.idte,
                    "idle": out.idle, "idd": out.idd, "ie_eff": out.ie_eff, "source": "ITU-T G.107 (06/2015), Table 3 defaults"
                }))
                .unwrap_or_default()
            );
            Ok(())
        }
        "pss" => {
            let (pos, opts) = parse_opts(
                &args[1..],
                &["--capacity-bps", "--bw", "--lm", "--lr", "--packet-bytes", "--ef-bps", "--duration-s"],
                &["--variable-capacity"],
            )?;
            if !pos.is_empty() {
                return Err(Failure::Usage(format!("calc pss takes no argument `{}`", pos[0])));
            }
            let (mut c, mut bw, mut lm, mut lr, mut l, mut ef, mut dur, mut var) =
                (None, None, None, None, None, 0.0, 20.0, false);
            for (flag, v) in opts {
                if flag == "--variable-capacity" {
                    var = true;
                    continue;
                }
                let x = parse_f64(flag, v)?;
                let bad = |lo: f64, hi: f64| Failure::Usage(format!("{flag}: {x} is outside {lo} to {hi}"));
                match flag {
                    "--capacity-bps" if (1e3..=1e11).contains(&x) => c = Some(x),
                    "--capacity-bps" => return Err(bad(1e3, 1e11)),
                    "--bw" if x > 0.0 && x < 1.0 => bw = Some(x),
                    "--bw" => return Err(Failure::Usage(format!("--bw: {x} is outside 0 to 1 (both excluded)"))),
                    "--lm" if x > 0.0 && x <= 1e12 => lm = Some(x),
                    "--lm" => return Err(bad(0.0, 1e12)),
                    "--lr" if (0.0..=1e12).contains(&x) => lr = Some(x),
                    "--lr" => return Err(bad(0.0, 1e12)),
                    "--packet-bytes" if (1.0..=65_535.0).contains(&x) => l = Some(x),
                    "--packet-bytes" => return Err(bad(1.0, 65_535.0)),
                    "--ef-bps" if x >= 0.0 && x <= c.unwrap_or(f64::INFINITY) * 10.0 => ef = x,
                    "--ef-bps" => return Err(Failure::Usage(format!("--ef-bps: {x} must be 0 or more"))),
                    "--duration-s" if x > 0.0 && x <= 3600.0 => dur = x,
                    _ => return Err(bad(0.0, 3600.0)),
                }
            }
            let need = |v: Option<f64>, f: &str| v.ok_or_else(|| Failure::Usage(format!("calc pss needs {f}")));
            let (c, bw, lm, lr, l) = (
                need(c, "--capacity-bps")?,
                need(bw, "--bw")?,
                need(lm, "--lm")?,
                need(lr, "--lr")?,
                need(l, "--packet-bytes")?,
            );
            if lr >= lm {
                return Err(Failure::Usage(format!(
                    "--lr: {lr} must be below --lm ({lm}): 0 <= L_R < L_M (paper 001 §2)"
                )));
            }
            if c / (l * 8.0) * dur > 5e7 {
                return Err(Failure::Usage(
                    "--duration-s: too many packets for one run (at most 5e7); shorten it".into(),
                ));
            }
            let p =
                engine::sched::pss::PssParams { bw, lm_bits: lm, lr_bits: lr, credit_memory: var, above_average: var };
            let r = engine::sched::pss::run_saturated(&p, c, ef, l * 8.0, dur);
            outln!("{}", serde_json::to_string_pretty(&serde_json::json!({
                "capacity_bps": c, "bw": bw, "lm_bits": lm, "lr_bits": lr, "packet_bytes": l, "ef_bps": ef, "duration_s": dur,
                "af_share": r.af_share, "cs0_share": r.cs0_share, "ef_share": r.ef_share,
                "af_bps": r.af_share * c, "credit_min_bits": r.credit_min_bits, "credit_max_bits": r.credit_max_bits, "priority_switches": r.switches
            })).unwrap_or_default());
            Ok(())
        }
        "ge" => calc_ge(&args[1..]),
        "tfrc" => calc_tfrc(&args[1..]),
        other => Err(Failure::Usage(format!(
            "unknown calculation `{other}` (allowed: slant, pair, transfer, emodel, pss, ge, tfrc)"
        ))),
    }
}

/// `calc ge`: the Gilbert-Elliott erasure channel of paper 002 (§3.3-3.5.2): the probabilities
/// of m erasures among n LLDUs, and with `--k` the probability that a codeword of n with k data
/// LLDUs cannot be decoded.
fn calc_ge(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) =
        parse_opts(args, &["--alpha", "--beta", "--n", "--k", "--interleave", "--e-good", "--e-bad"], &[])?;
    if !pos.is_empty() {
        return Err(Failure::Usage(format!("calc ge takes no argument `{}`", pos[0])));
    }
    let (mut alpha, mut beta, mut n, mut k, mut depth, mut eg, mut eb) = (None, None, None, None, 1u64, 0.0, 1.0);
    for (flag, v) in opts {
        match flag {
            "--alpha" | "--beta" => {
                let x = parse_f64(flag, v)?;
                if !(x > 0.0 && x < 1.0) {
                    return Err(Failure::Usage(format!("{flag}: {x} is outside 0 to 1 (both excluded)")));
                }
                if flag == "--alpha" {
                    alpha = Some(x)
                } else {
                    beta = Some(x)
                }
            }
            "--e-good" | "--e-bad" => {
                let x = parse_f64(flag, v)?;
                if !(0.0..=1.0).contains(&x) {
                    return Err(Failure::Usage(format!("{flag}: {x} is outside 0 to 1")));
                }
                if flag == "--e-good" {
                    eg = x
                } else {
                    eb = x
                }
            }
            _ => {
                let x = parse_u64(flag, v)?;
                let (lo, hi) = if flag == "--k" { (0, 10_000) } else { (1, 10_000) };
                if !(lo..=hi).contains(&x) {
                    return Err(Failure::Usage(format!("{flag}: {x} is outside {lo} to {hi}")));
                }
                match flag {
                    "--n" => n = Some(x),
                    "--k" => k = Some(x),
                    _ => depth = x,
                }
            }
        }
    }
    let need = |v: Option<f64>, f: &str| v.ok_or_else(|| Failure::Usage(format!("calc ge needs {f}")));
    let (alpha, beta) = (need(alpha, "--alpha")?, need(beta, "--beta")?);
    let n = n.ok_or_else(|| Failure::Usage("calc ge needs --n (LLDUs in the codeword)".into()))? as usize;
    if let Some(k) = k {
        if k as usize > n {
            return Err(Failure::Usage(format!(
                "--k: {k} is above --n ({n}): a codeword of n LLDUs holds at most n data LLDUs"
            )));
        }
    }
    let g = engine::channel::gilbert_elliott::GeParams { alpha, beta, erase_good: eg, erase_bad: eb };
    let seen = g.interleaved(depth as u32);
    let p_m = engine::analytic::erasure::erasure_distribution(&seen, n);
    let mean: f64 = p_m.iter().enumerate().map(|(m, p)| m as f64 * p).sum();
    let mut out = serde_json::json!({
        "alpha": alpha, "beta": beta, "e_good": eg, "e_bad": eb, "n": n, "interleave": depth,
        "stationary_bad": g.stationary_bad(), "correlation": g.correlation(), "mean_burst_lldus": 1.0 / (1.0 - beta),
        "erasure_prob": g.erasure_rate(),
        "codeword_channel": { "alpha": seen.alpha, "beta": seen.beta },
        "p_m": p_m, "mean_erasures": mean,
        "source": "paper 002 §3.4 (the double induction), eq. 3; interleaving: the I-step chain (eq. 4 with alpha_I and beta_I swapped back, docs/REPRODUCTION.md)"
    });
    if let Some(k) = k {
        let failure: f64 = p_m.iter().skip(n - k as usize + 1).sum();
        out["k"] = serde_json::json!(k);
        out["codeword_failure"] = serde_json::json!(failure);
    }
    outln!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    Ok(())
}

/// `calc tfrc`: the rate TFRC allows (RFC 5348 §3.1 for CCID3; paper 003 eq. 5 for CCID4).
fn calc_tfrc(args: &[String]) -> Result<(), Failure> {
    use engine::transport::tfrc;
    let (pos, opts) =
        parse_opts(args, &["--packet-bytes", "--rtt-s", "--loss-event-rate", "--ccid", "--header-bytes"], &[])?;
    if !pos.is_empty() {
        return Err(Failure::Usage(format!("calc tfrc takes no argument `{}`", pos[0])));
    }
    let (mut s, mut r, mut p, mut ccid, mut oh) = (None, None, None, 3u64, 36.0);
    for (flag, v) in opts {
        match flag {
            "--ccid" => {
                ccid = parse_u64(flag, v)?;
                if ccid != 3 && ccid != 4 {
                    return Err(Failure::Usage(format!("--ccid: {ccid} is neither 3 nor 4")));
                }
            }
            _ => {
                let x = parse_f64(flag, v)?;
                let ok = match flag {
                    "--packet-bytes" => x >= 1.0 && x <= 65_535.0,
                    "--rtt-s" => x > 0.0 && x <= 60.0,
                    "--loss-event-rate" => x > 0.0 && x <= 1.0,
                    _ => (0.0..=1000.0).contains(&x),
                };
                if !ok {
                    let range = match flag {
                        "--packet-bytes" => "1 to 65535",
                        "--rtt-s" => "above 0 to 60",
                        "--loss-event-rate" => "above 0 to 1 (a flow without loss events has no equation rate)",
                        _ => "0 to 1000",
                    };
                    return Err(Failure::Usage(format!("{flag}: {x} is outside {range}")));
                }
                match flag {
                    "--packet-bytes" => s = Some(x),
                    "--rtt-s" => r = Some(x),
                    "--loss-event-rate" => p = Some(x),
                    _ => oh = x,
                }
            }
        }
    }
    let need = |v: Option<f64>, f: &str| v.ok_or_else(|| Failure::Usage(format!("calc tfrc needs {f}")));
    let (s, r, p) = (need(s, "--packet-bytes")?, need(r, "--rtt-s")?, need(p, "--loss-event-rate")?);
    let (x, source) = if ccid == 4 {
        (tfrc::ccid4_bytes_per_s(s, oh, r, p), "paper 003 eq. 5 (RFC 4828 §4.1): 1460 f(p, R) s / (s + oh), at most 100 packets per second (RFC 4828 §4.2)")
    } else {
        (tfrc::tfrc_bytes_per_s(s, r, p), "RFC 5348 §3.1 (paper 003 eqs. 3-4): b = 1, t_RTO = 4 R")
    };
    outln!(
        "{}",
        serde_json::to_string_pretty(&serde_json::json!({
            "ccid": ccid, "packet_bytes": s, "rtt_s": r, "loss_event_rate": p, "header_bytes": oh,
            "x_bytes_per_s": x, "x_kbps": tfrc::kbps(x), "packets_per_s": x / s, "source": source
        }))
        .unwrap_or_default()
    );
    Ok(())
}

/// The topology benchmark's scenario: 24 h of Iridium at 1 s steps for one pair.
pub const TOPOLOGY_BENCH_SCENARIO: &str = r#"{"version": 1, "model": "constellation", "duration_s": 86400, "warmup_s": 0,
  "metrics": {"bucket_s": 10}, "constellation": {"preset": "iridium", "step_s": 1, "from": "Atlantic ship", "to": "London"}}"#;

/// Iridium (the default constellation) gets the ISL settings of ns-2's Iridium model, which
/// paper 004 used (`sat-iridium.tcl`: cut-off 60 deg, same-index partners), unless given:
/// `calc pair` and `calc transfer` reproduce the paper's runs.
fn ns2_iridium_isls(c: &mut serde_json::Value) {
    if c.get("preset").is_none_or(|p| p == "iridium") {
        if c.get("polar_cutoff_deg").is_none() {
            c["polar_cutoff_deg"] = 60.0.into();
        }
        if c.get("isl_pairing").is_none() {
            c["isl_pairing"] = "alternating".into();
        }
    }
}

/// `calc transfer`: TCP file transfers between two sites over Iridium (paper 004 §4, Table 4),
/// started at times drawn inside the day's intervals where the seam does (or does not) separate
/// the sites. The topology follows the whole day at 1 s steps (ns-2's access rule depends on
/// history); each transfer runs on a copy of it taken at its start.
fn calc_transfer(args: &[String]) -> Result<(), Failure> {
    use engine::network::transfer::{run_stepped, Buffer, Throughput, TransferOptions};
    let (pos, opts) = parse_opts(
        args,
        &[
            "--constellation",
            "--from",
            "--to",
            "--bytes",
            "--when",
            "--runs",
            "--seed",
            "--throughput",
            "--polar-cutoff",
            "--isl-pairing",
            "--min-rto-ms",
            "--rto-restart",
            "--buffer",
        ],
        &["--hystart", "--no-lost-retransmit"],
    )?;
    if !pos.is_empty() {
        return Err(Failure::Usage(format!(
            "calc transfer takes no argument `{}` (quote site names with spaces)",
            pos[0]
        )));
    }
    let mut c = serde_json::json!({ "step_s": 1 });
    let (mut bytes, mut runs, mut seed) = (None, 10u64, 1u64);
    // The seam state asked for: Some(false) outside, Some(true) across, None any second.
    let (mut across, mut throughput) = (Some(false), Throughput::Low);
    let mut min_rto_ms = TransferOptions::default().min_rto_s * 1e3;
    let (mut hystart, mut rto_every_ack, mut lost_retransmit) = (false, true, true);
    let mut buffer = Buffer::Ns2;
    for (flag, v) in opts {
        match flag {
            "--constellation" => c["preset"] = v.into(),
            "--from" => c["from"] = v.into(),
            "--to" => c["to"] = v.into(),
            "--bytes" => bytes = Some(parse_u64(flag, v)?),
            "--runs" => runs = parse_u64(flag, v)?,
            "--seed" => seed = parse_u64(flag, v)?,
            "--polar-cutoff" => c["polar_cutoff_deg"] = parse_f64(flag, v)?.into(),
            "--isl-pairing" => c["isl_pairing"] = v.into(),
            "--hystart" => hystart = true,
            "--no-lost-retransmit" => lost_retransmit = false,
            "--buffer" => {
                buffer = match v {
                    "ns2" => Buffer::Ns2,
                    "start-bdp" => Buffer::StartBdp,
                    _ => match v.parse::<u64>() {
                        Ok(n) if (2..=1_000_000).contains(&n) => Buffer::Limit(n),
                        _ => {
                            return Err(Failure::Usage(format!(
                                "--buffer: `{v}` is not ns2, start-bdp or a queue limit of 2 to 1000000 packets"
                            )))
                        }
                    },
                }
            }
            "--rto-restart" => {
                rto_every_ack = match v {
                    "every-ack" => true,
                    "new-data" => false,
                    _ => return Err(Failure::Usage(format!("--rto-restart: `{v}` is not every-ack or new-data"))),
                }
            }
            "--min-rto-ms" => {
                min_rto_ms = parse_f64(flag, v)?;
                if !(1.0..=60_000.0).contains(&min_rto_ms) {
                    return Err(Failure::Usage(format!("--min-rto-ms: {v} is outside 1 to 60000")));
                }
            }
            "--when" => {
                across = match v {
                    "outside-seam" => Some(false),
                    "across-seam" => Some(true),
                    "anytime" => None,
                    _ => {
                        return Err(Failure::Usage(format!(
                            "--when: `{v}` is not outside-seam, across-seam or anytime"
                        )))
                    }
                }
            }
            _ => {
                throughput = match v {
                    "low" => Throughput::Low,
                    "high" => Throughput::High,
                    _ => return Err(Failure::Usage(format!("--throughput: `{v}` is not low or high"))),
                }
            }
        }
    }
    let bytes = bytes.ok_or_else(|| Failure::Usage("calc transfer needs --bytes <N> (the file size)".into()))?;
    if !(1..=10_000_000_000).contains(&bytes) {
        return Err(Failure::Usage(format!("--bytes: {bytes} is outside 1 to 10000000000")));
    }
    if !(1..=1000).contains(&runs) {
        return Err(Failure::Usage(format!("--runs: {runs} is outside 1 to 1000")));
    }
    // `--to random`: a client at a position drawn uniformly on the globe for each run (paper 004
    // §3.2, Fig. 5), at any second of the day.
    let random_to = c.get("to").and_then(|v| v.as_str()).is_some_and(|t| t.eq_ignore_ascii_case("random"));
    if random_to {
        if across.is_some() {
            return Err(Failure::Usage(
                "--to random draws a client anywhere at any time: it needs --when anytime".into(),
            ));
        }
        c["to"] = "0,0".into(); // validated below with a stand-in; each run draws its own
    }
    ns2_iridium_isls(&mut c);
    let scenario = serde_json::json!({"version": 2, "model": "constellation", "duration_s": 86_400, "warmup_s": 0, "constellation": c});
    let sim = Simulation::from_json(&scenario.to_string())
        .map_err(|e| Failure::Invalid("(calc transfer options)".into(), e))?;
    let k = sim.scenario().constellation.clone();
    let o = TransferOptions {
        bytes,
        throughput,
        min_rto_s: min_rto_ms / 1e3,
        hystart,
        rto_on_every_ack: rto_every_ack,
        lost_retransmit,
        buffer,
        ..Default::default()
    };
    const HOUR: u32 = 3600;
    let streams = engine::kernel::Streams::new(seed);
    // A job is a start second (named sites) or a run's index (random clients).
    let mut checkpoints = vec![];
    let jobs: Vec<u32> = if random_to {
        (0..runs as u32).collect()
    } else {
        let mut day = engine::models::constellation::build_topology(&k)
            .map_err(|e| Failure::Invalid("(calc transfer options)".into(), e))?;
        // The day's seconds where the sites have a route and the seam state asked for, with a
        // copy of the topology every hour to start the transfers from.
        let candidates: Vec<u32> = (0..86_400u32)
            .filter(|&t| {
                if t % HOUR == 0 {
                    checkpoints.push(day.clone());
                }
                let (delay, _, seam) = day.step(t as f64);
                delay.is_finite() && across.is_none_or(|a| seam == a)
            })
            .collect();
        if candidates.is_empty() {
            let what = match across {
                Some(true) => "separated by the seam",
                Some(false) => "outside the seam (with a route)",
                None => "joined by a route",
            };
            return Err(Failure::Usage(format!("--when: {} and {} are never {what} in 24 h", k.from, k.to)));
        }
        let mut rng = streams.stream("calc.transfer.start");
        (0..runs)
            .map(|_| candidates[((rng.next_f64() * candidates.len() as f64) as usize).min(candidates.len() - 1)])
            .collect()
    };
    let one = |job: u32| -> Result<(engine::network::transfer::TransferOutcome, Option<(f64, f64)>), String> {
        if !random_to {
            // The hour's copy, stepped on to the start as the day's topology was.
            let start = job;
            let mut topo = checkpoints[(start / HOUR) as usize].clone();
            for t in (start / HOUR) * HOUR..start {
                topo.step(t as f64);
            }
            return Ok((run_stepped(&mut topo, start as f64, &o), None));
        }
        // Run `job`'s own stream: the same client and start whatever the number of threads.
        let mut rng = streams.stream(&format!("calc.transfer.client.{job}"));
        let lat = (2.0 * rng.next_f64() - 1.0).asin().to_degrees();
        let lon = 360.0 * rng.next_f64() - 180.0;
        let mut start = (rng.next_f64() * 86_400.0).floor() as u32;
        let mut kj = k.clone();
        kj.to = format!("{lat:.4},{lon:.4}");
        let mut topo = engine::models::constellation::build_topology(&kj).map_err(|e| e.to_string())?;
        // An hour of history (ns-2's access rule keeps a satellite until it is lost), then the
        // first second from the drawn one with a route.
        for t in start.saturating_sub(HOUR)..start {
            topo.step(t as f64);
        }
        while !topo.step(start as f64).0.is_finite() {
            start += 1;
            if start > 86_400 + HOUR {
                return Err(format!("no route from {} to {} in a day", k.from, kj.to));
            }
        }
        Ok((run_stepped(&mut topo, start as f64, &o), Some((lat, lon))))
    };
    // The runs are independent: one thread per core, each taking every k-th run; the results
    // keep the order of the starts, so the output does not depend on the number of threads.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(jobs.len()).max(1);
    let mut slots: Vec<Option<_>> = vec![None; jobs.len()];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (one, jobs) = (&one, &jobs);
                scope.spawn(move || {
                    jobs.iter().enumerate().skip(k).step_by(threads).map(|(i, &s)| (i, one(s))).collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, r) in h.join().expect("a transfer run panicked") {
                slots[i] = Some(r);
            }
        }
    });
    let (results, clients): (Vec<_>, Vec<_>) = slots
        .into_iter()
        .map(|r| r.expect("every run done"))
        .collect::<Result<Vec<_>, String>>()
        .map_err(Failure::Usage)?
        .into_iter()
        .unzip();
    let times: Vec<f64> = results.iter().filter_map(|r| r.transfer_s).collect();
    let mean = |xs: &[f64]| if xs.is_empty() { f64::NAN } else { xs.iter().sum::<f64>() / xs.len() as f64 };
    let m = mean(&times);
    let sd = if times.len() > 1 {
        (times.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (times.len() - 1) as f64).sqrt()
    } else {
        0.0
    };
    let v = serde_json::json!({
        "from": k.from, "to": if random_to { "random".to_string() } else { k.to.clone() }, "bytes": bytes,
        "when": match across { Some(true) => "across-seam", Some(false) => "outside-seam", None => "anytime" },
        "throughput": throughput, "min_rto_ms": min_rto_ms, "hystart": hystart, "rto_restart": if rto_every_ack { "every-ack" } else { "new-data" }, "lost_retransmit": lost_retransmit, "polar_cutoff_deg": k.polar_cutoff_deg, "isl_pairing": k.isl_pairing,
        "runs": runs, "seed": seed, "finished": times.len(),
        "mean_transfer_s": if m.is_finite() { serde_json::json!(m) } else { serde_json::Value::Null },
        "sd_transfer_s": sd,
        "transfer_s": results.iter().map(|r| r.transfer_s).collect::<Vec<_>>(),
        "start_s": results.iter().map(|r| r.start_s).collect::<Vec<_>>(),
        "retransmits": results.iter().map(|r| r.retransmits).collect::<Vec<_>>(),
        "reordered_acks": results.iter().map(|r| r.reordered_acks).collect::<Vec<_>>(),
        "queue_drops": results.iter().map(|r| r.queue_drops).collect::<Vec<_>>(),
        "no_route_drops": results.iter().map(|r| r.no_route_drops).collect::<Vec<_>>(),
        "timeouts": results.iter().map(|r| r.timeouts).collect::<Vec<_>>(),
        "start_rtt_ms": results.iter().map(|r| r.start_rtt_ms).collect::<Vec<_>>(),
        "buffer": match buffer { Buffer::Ns2 => "ns2".to_string(), Buffer::StartBdp => "start-bdp".to_string(), Buffer::Limit(n) => n.to_string() },
        "buffer_packets": results.iter().map(|r| r.buffer_packets).collect::<Vec<_>>(),
    });
    let mut v = v;
    if random_to {
        v["clients"] =
            clients.iter().map(|c| c.map(|(lat, lon)| serde_json::json!([lat, lon]))).collect::<Vec<_>>().into();
    }
    outln!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
    Ok(())
}

fn tle(args: &[String]) -> Result<(), Failure> {
    match args.first().map(String::as_str) {
        Some("generate") => {
            let (pos, opts) = parse_opts(&args[1..], &["--constellation", "--epoch"], &[])?;
            if !pos.is_empty() {
                return Err(Failure::Usage(format!("tle generate takes no argument `{}`", pos[0])));
            }
            let mut c = serde_json::json!({});
            for (flag, v) in opts {
                match flag {
                    "--constellation" => c["preset"] = v.into(),
                    _ => c["epoch_utc"] = v.into(),
                }
            }
            let scenario = serde_json::json!({"version": 1, "model": "constellation", "duration_s": 1, "warmup_s": 0, "constellation": c});
            let sim = Simulation::from_json(&scenario.to_string())
                .map_err(|e| Failure::Invalid("(tle generate options)".into(), e))?;
            let info = sim.constellation_info().ok_or_else(|| Failure::Io("no constellation".into()))?;
            out(&info.tle_text);
            Ok(())
        }
        Some("check") => {
            let (pos, _) = parse_opts(&args[1..], &[], &[])?;
            let [path] = pos[..] else {
                return Err(Failure::Usage("tle check takes exactly one file".into()));
            };
            let text = read_source(path)?;
            match engine::orbit::tle::parse_tle_text(&text) {
                Ok(sets) => {
                    outln!("{path}: {} element sets, all valid", sets.len());
                    Ok(())
                }
                Err(errors) => {
                    eprintln!(
                        "error: {path}: {} bad line{}; nothing loaded",
                        errors.len(),
                        if errors.len() == 1 { "" } else { "s" }
                    );
                    for e in errors {
                        eprintln!("  {e}");
                    }
                    Err(Failure::Silent(2))
                }
            }
        }
        _ => Err(Failure::Usage("tle needs `generate` or `check <file>`".into())),
    }
}

fn bench(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) =
        parse_opts(args, &["--events", "--population", "--seed", "--workload", "--scenario"], &["--json"])?;
    if let Some((_, w)) = opts.iter().find(|(f, _)| *f == "--workload") {
        match *w {
            "hold" => {}
            "topology" => {
                let text = match opts.iter().find(|(f, _)| *f == "--scenario") {
                    Some((_, file)) => read_source(file)?,
                    None => TOPOLOGY_BENCH_SCENARIO.to_string(),
                };
                return bench_topology(&text, opts.iter().any(|(f, _)| *f == "--json"));
            }
            "scenario" => {
                let Some((_, file)) = opts.iter().find(|(f, _)| *f == "--scenario") else {
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
                return Ok(());
            }
            other => {
                return Err(Failure::Usage(format!("--workload: `{other}` is not one of hold, topology, scenario")))
            }
        }
    }
    if !pos.is_empty() {
        return Err(Failure::Usage(format!("bench takes no file (got `{}`)", pos[0])));
    }
    let (mut events, mut population, mut seed, mut json) = (20_000_000u64, 1024u32, 1u64, false);
    for (flag, v) in opts {
        match flag {
            "--events" => events = parse_u64(flag, v)?,
            "--population" => {
                population = u32::try_from(parse_u64(flag, v)?)
                    .ok()
                    .filter(|p| *p >= 1)
                    .ok_or_else(|| Failure::Usage(format!("--population: `{v}` is outside 1 to 4294967295")))?
            }
            "--seed" => seed = parse_u64(flag, v)?,
            "--json" => json = true,
            _ => {} // --workload hold, --scenario (topology only)
        }
    }
    let t0 = Instant::now();
    let out = hold::hold(events, population, seed);
    let secs = t0.elapsed().as_secs_f64();
    let rate = events as f64 / secs;
    if json {
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

fn bench_topology(scenario: &str, json: bool) -> Result<(), Failure> {
    let t0 = Instant::now();
    let mut sim = Simulation::from_json(scenario).map_err(|e| Failure::Invalid("(topology benchmark)".into(), e))?;
    sim.run_to_end();
    let secs = t0.elapsed().as_secs_f64();
    let p = sim
        .summary()
        .take::<engine::topology::pair::PairSummary>()
        .ok_or_else(|| Failure::Io("no pair summary".into()))?;
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

fn sweep_cmd(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) = parse_opts(
        args,
        &[
            "--param",
            "--values",
            "--policies",
            "--seeds",
            "--threads",
            "--format",
            "--out",
            "-o",
            "--shard",
            "--shards",
        ],
        &[],
    )?;
    let [path] = pos[..] else {
        return Err(Failure::Usage("sweep takes exactly one scenario file".into()));
    };
    let (mut param, mut values, mut policies, mut seeds, mut threads, mut csv, mut out_file) =
        (None, None, vec![], 1u64, 0usize, false, None);
    let (mut shard, mut shards) = (None, None);
    for (flag, v) in opts {
        match flag {
            "--shard" => shard = Some(sweep::Shard::parse(v).map_err(Failure::Usage)?),
            "--shards" => shards = Some(parse_u64(flag, v)?),
            "--param" => param = Some(v.to_string()),
            "--values" => {
                values = Some(
                    v.split(',')
                        .map(|x| {
                            let x = x.trim();
                            serde_json::from_str::<serde_json::Value>(x)
                                .unwrap_or_else(|_| serde_json::Value::String(x.to_string()))
                        })
                        .collect::<Vec<_>>(),
                )
            }
            "--policies" => policies = v.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect(),
            "--seeds" => seeds = parse_u64(flag, v)?,
            "--threads" => threads = parse_u64(flag, v)? as usize,
            "--format" => match v {
                "json" => csv = false,
                "csv" => csv = true,
                other => return Err(Failure::Usage(format!("--format: `{other}` is not json or csv"))),
            },
            _ => out_file = Some(v),
        }
    }
    let param = param.ok_or_else(|| Failure::Usage("sweep needs --param <dotted.path>".into()))?;
    let values = values.filter(|v| !v.is_empty()).ok_or_else(|| Failure::Usage("sweep needs --values a,b,c".into()))?;
    if !(1..=1000).contains(&seeds) {
        return Err(Failure::Usage(format!("--seeds: {seeds} is outside 1 to 1000")));
    }
    let text = read_source(path)?;
    let base: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        Failure::Invalid(
            path.into(),
            engine::scenario::Scenario::parse_json(&text)
                .err()
                .unwrap_or(engine::ScenarioError::Invalid(vec![engine::scenario::FieldError::new("", e.to_string())])),
        )
    })?;
    let seed_list: Vec<u64> = (1..=seeds).collect();
    let points = sweep::grid(&base, &param, &values, &policies, &seed_list)
        .map_err(|(label, e)| Failure::Invalid(format!("{path} with {label}"), e))?;
    let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
    // A slice of the sweep: --shard, or the scheduler's environment (Slurm, Kubernetes).
    let shard = match shard {
        Some(s) => Some(s),
        None => sweep::Shard::from_env(|k| std::env::var(k).ok(), shards).map_err(Failure::Usage)?,
    };
    let t0 = Instant::now();
    let body = match shard {
        None => {
            let rows = sweep::run(&points, threads);
            eprintln!("sweep: {} runs on {threads} threads in {:.2} s", rows.len(), t0.elapsed().as_secs_f64());
            sweep_body(&rows, csv)
        }
        Some(sh) => {
            let mine: Vec<usize> = (0..points.len()).filter(|&k| sh.holds(k)).collect();
            let subset: Vec<sweep::Point> = mine.iter().map(|&k| points[k].clone()).collect();
            let rows = sweep::run(&subset, threads);
            eprintln!(
                "sweep: shard {}/{}: {} of {} runs on {threads} threads in {:.2} s",
                sh.index,
                sh.count,
                rows.len(),
                points.len(),
                t0.elapsed().as_secs_f64()
            );
            let digest = sweep::digest(&base, &param, &values, &policies, seeds, csv);
            let part = sweep::part(&digest, sh, points.len(), csv, mine.into_iter().zip(rows).collect());
            format!("{}\n", serde_json::to_string(&part).unwrap_or_default())
        }
    };
    match out_file {
        None => out(&body),
        Some(f) => std::fs::write(f, body).map_err(|e| Failure::Io(format!("cannot write {f}: {e}")))?,
    }
    Ok(())
}

/// A sweep's results file: JSON (the rows, pretty) or CSV.
fn sweep_body(rows: &[serde_json::Value], csv: bool) -> String {
    if csv {
        sweep::to_csv(rows)
    } else {
        format!("{}\n", serde_json::to_string_pretty(rows).unwrap_or_default())
    }
}

/// `merge PARTS...`: the parts of a sharded sweep back into the file the unsharded sweep
/// writes, byte for byte.
fn merge_cmd(args: &[String]) -> Result<(), Failure> {
    let (pos, opts) = parse_opts(args, &["--out", "-o"], &[])?;
    if pos.is_empty() {
        return Err(Failure::Usage(
            "merge needs the part files of one sharded sweep (skyqueue sweep ... --shard I/N --out part-I.json)".into(),
        ));
    }
    let mut parts = vec![];
    for p in &pos {
        let text = read_source(p)?;
        let v: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Failure::Usage(format!("{p} is not a part of a sharded sweep: {e}")))?;
        parts.push((p.to_string(), v));
    }
    let (rows, csv) = sweep::merge(&parts).map_err(Failure::Usage)?;
    let body = sweep_body(&rows, csv);
    match opts.iter().find(|(f, _)| *f == "--out" || *f == "-o") {
        None => out(&body),
        Some((_, f)) => std::fs::write(f, body).map_err(|e| Failure::Io(format!("cannot write {f}: {e}")))?,
    }
    eprintln!("merge: {} runs from {} parts", rows.len(), parts.len());
    Ok(())
}
