//! TCP over Iridium's command-line tool: `skyqueue calc transfer`, TCP file transfers between two
//! sites over the moving route (paper 004 §4, Tables 3-5, Fig. 5). The CLI builds its subcommand
//! from this declaration ([`crate::tool`]).

use crate::crossing::build_topology;
use crate::crossing::tools::{isl_pairing_option, ns2_iridium_isls, polar_cutoff_option, site_names};
use crate::models::constellation::tools::preset_option;
use crate::network::transfer::{run_stepped, Buffer, Throughput, TransferOptions, TransferOutcome};
use crate::tool::{OptionKind, Tool, ToolError, ToolInput, ToolOption, ToolOutput};
use crate::topology::ns2::Ns2Handoff;
use crate::Simulation;
use serde_json::{json, Value};

/// The model's tools.
pub const TOOLS: [Tool; 1] =
    [Tool { group: "calc", name: "transfer", help: HELP, options, after_help: site_names, run: transfer }];

const HELP: &str = "TCP file transfers between two sites over the moving route (paper 004 Tables 3-5, Fig. 5)

TCP as ns-2's TCP-Linux agent runs it (CUBIC, SACK, IW 10, minimum RTO 200 ms as ns-2's minrto_,
the timer restarted on every ACK, a retransmission lost again sent again once later data is
SACKed; RFC 6298's timer is --min-rto-ms 1000 --rto-restart new-data; --no-lost-retransmit leaves
a lost retransmission to the timer as RFC 6675 does; --hystart adds RFC 9406's delay-based exit
from slow start) file transfers of N bytes from the first site to the second over the moving
route (ns-2's handoff unless --handoff continuous: handover checks on 5-15 s timers, the packets
queued for a satellite left behind lost, hop-by-hop forwarding on hop-count tables), on paper 004
Table 3's links (low: 1.5 Mb/s up/down, 25 Mb/s ISLs; high: 120 Mb/s, 2 Gb/s;
every link's queue limit fixed for the run: ns-2's 50 packets at low throughput, 4000 at high, the
same 282 ms of the access rate; packets of 1000 bytes of payload, 40 of TCP/IP header and 16 of
link header, ACKs of 40 + 8 per SACK block + 16, as ns-2), started at K times drawn (seed S) among
the day's seconds where the seam does not (default) or does separate the sites, or any second with
a route (anytime).

--to random --when anytime draws each run's client uniformly on the globe and its start in the
day, after an hour of topology history (paper 004 Fig. 5).

Prints JSON: mean_transfer_s, sd_transfer_s, runs, transfer_s (one per run), start_s,
retransmits, reordered_acks (and clients, [lat, lon] per run, for random). Iridium uses ns-2's ISL
settings unless given, as calc pair. The runs share the machine's cores; the output does not
depend on how many there are.";

fn options() -> Vec<ToolOption> {
    vec![
        ToolOption::value("from", "SITE", "The server: a site's name or lat,lon (default: the scenario field's)", OptionKind::Text),
        ToolOption::value(
            "to",
            "SITE|random",
            "The client: a site's name, lat,lon, or random (a client drawn anywhere for each run; needs --when anytime)",
            OptionKind::Text,
        ),
        ToolOption::value("bytes", "N", "The file's size [bytes] (1 to 10000000000)", OptionKind::Whole).required(),
        ToolOption::value(
            "when",
            "WHEN",
            "When the transfers start: seconds where the seam does not, or does, separate the sites, or any second with a route",
            OptionKind::OneOf(vec![
                ("outside-seam", "Seconds where the seam does not separate the sites"),
                ("across-seam", "Seconds where the seam separates them"),
                ("anytime", "Any second with a route"),
            ]),
        )
        .default("outside-seam"),
        ToolOption::value("runs", "K", "Transfers to run (1 to 1000)", OptionKind::Whole).default("10"),
        ToolOption::value("seed", "S", "The seed of the start times (and of the random clients)", OptionKind::Whole)
            .default("1"),
        ToolOption::value(
            "throughput",
            "LEVEL",
            "Paper 004 Table 3's link rates",
            OptionKind::OneOf(vec![
                ("low", "1.5 Mb/s up/down-links, 25 Mb/s ISLs"),
                ("high", "120 Mb/s up/down-links, 2 Gb/s ISLs"),
            ]),
        )
        .default("low"),
        preset_option(),
        polar_cutoff_option(),
        isl_pairing_option(),
        ToolOption::value(
            "min-rto-ms",
            "MS",
            "The minimum retransmission timeout [ms] (1 to 60000; default ns-2's 200)",
            OptionKind::Number,
        ),
        ToolOption::value(
            "rto-restart",
            "WHEN",
            "When the retransmission timer restarts: on every ACK (ns-2) or on new data (RFC 6298)",
            OptionKind::OneOf(vec![("every-ack", "On every ACK (ns-2)"), ("new-data", "On an ACK of new data (RFC 6298)")]),
        )
        .default("every-ack"),
        ToolOption::switch(
            "no-lost-retransmit",
            "Leaves a lost retransmission to the timer (RFC 6675) instead of resending it on SACKs",
        ),
        ToolOption::switch("hystart", "Adds RFC 9406's delay-based exit from slow start"),
        ToolOption::value(
            "buffer",
            "ns2|start-bdp|N",
            "Every link's queue limit: ns2 (50 packets at low throughput, 4000 at high), start-bdp (one BDP of each transfer's starting round trip) or N packets (2 to 1000000)",
            OptionKind::Text,
        )
        .default("ns2"),
        ToolOption::value(
            "handoff",
            "MODE",
            "How handovers happen: ns2 (ns-2's handoff timers every 5 to 15 s, packets queued for the satellite left are lost, hop-by-hop forwarding; paper 004's simulator) or continuous (checked every second, nothing lost, source routed)",
            OptionKind::OneOf(vec![
                ("ns2", "ns-2's handoff (paper 004's simulator)"),
                ("continuous", "Checked every second, nothing lost at a handover"),
            ]),
        )
        .default("ns2"),
    ]
}

/// `--buffer`: ns2, start-bdp or a queue limit of 2 to 1000000 packets.
fn buffer(v: &str) -> Result<Buffer, ToolError> {
    match v {
        "ns2" => Ok(Buffer::Ns2),
        "start-bdp" => Ok(Buffer::StartBdp),
        _ => match v.parse::<u64>() {
            Ok(n) if (2..=1_000_000).contains(&n) => Ok(Buffer::Limit(n)),
            _ => Err(ToolError::Usage(format!(
                "--buffer: `{v}` is not ns2, start-bdp or a queue limit of 2 to 1000000 packets"
            ))),
        },
    }
}

fn transfer(a: &ToolInput) -> Result<ToolOutput, ToolError> {
    let mut c = json!({ "step_s": 1 });
    for (key, flag) in [("preset", "constellation"), ("from", "from"), ("to", "to"), ("isl_pairing", "isl-pairing")] {
        if let Some(v) = a.text(flag) {
            c[key] = v.into();
        }
    }
    if let Some(p) = a.number("polar-cutoff")? {
        c["polar_cutoff_deg"] = p.into();
    }
    let buffer = buffer(&a.text("buffer").unwrap_or_else(|| "ns2".into()))?;
    let (runs, seed, hystart) = (a.whole("runs")?.unwrap_or(10), a.whole("seed")?.unwrap_or(1), a.switch("hystart"));
    let lost_retransmit = !a.switch("no-lost-retransmit");
    let rto_every_ack = a.text("rto-restart").as_deref() != Some("new-data");
    // The seam state asked for: Some(false) outside, Some(true) across, None any second.
    let across = match a.text("when").as_deref() {
        Some("across-seam") => Some(true),
        Some("anytime") => None,
        _ => Some(false),
    };
    let throughput = if a.text("throughput").as_deref() == Some("high") { Throughput::High } else { Throughput::Low };
    let min_rto_ms = match a.number("min-rto-ms")? {
        None => TransferOptions::default().min_rto_s * 1e3,
        Some(ms) if (1.0..=60_000.0).contains(&ms) => ms,
        Some(ms) => return Err(ToolError::Usage(format!("--min-rto-ms: {ms} is outside 1 to 60000"))),
    };
    let ns2 = a.text("handoff").as_deref() != Some("continuous");
    let bytes = a.whole("bytes")?.unwrap_or(0);
    if !(1..=10_000_000_000).contains(&bytes) {
        return Err(ToolError::Usage(format!("--bytes: {bytes} is outside 1 to 10000000000")));
    }
    if !(1..=1000).contains(&runs) {
        return Err(ToolError::Usage(format!("--runs: {runs} is outside 1 to 1000")));
    }
    // `--to random`: a client at a position drawn uniformly on the globe for each run (paper 004
    // §3.2, Fig. 5), at any second of the day.
    let random_to = c.get("to").and_then(|v| v.as_str()).is_some_and(|t| t.eq_ignore_ascii_case("random"));
    if random_to {
        if across.is_some() {
            return Err(ToolError::Usage(
                "--to random draws a client anywhere at any time: it needs --when anytime".into(),
            ));
        }
        c["to"] = "0,0".into(); // validated below with a stand-in; each run draws its own
    }
    ns2_iridium_isls(&mut c);
    let scenario =
        json!({"version": 2, "model": "constellation", "duration_s": 86_400, "warmup_s": 0, "constellation": c});
    let sim = Simulation::from_json(&scenario.to_string())
        .map_err(|e| ToolError::Invalid("(calc transfer options)".into(), e))?;
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
    let streams = crate::kernel::Streams::new(seed);
    // A job is a start second (named sites) or a run's index (random clients).
    let mut checkpoints = vec![];
    let jobs: Vec<u32> = if random_to {
        (0..runs as u32).collect()
    } else {
        let mut day =
            build_topology(&k, "constellation").map_err(|e| ToolError::Invalid("(calc transfer options)".into(), e))?;
        if ns2 {
            day.set_ns2_handoff(Ns2Handoff::default(), streams.stream("calc.transfer.handoff"));
        }
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
            return Err(ToolError::Usage(format!("--when: {} and {} are never {what} in 24 h", k.from, k.to)));
        }
        let mut rng = streams.stream("calc.transfer.start");
        (0..runs)
            .map(|_| candidates[((rng.next_f64() * candidates.len() as f64) as usize).min(candidates.len() - 1)])
            .collect()
    };
    let one = |job: u32| -> Result<(TransferOutcome, Option<(f64, f64)>), String> {
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
        let mut topo = build_topology(&kj, "constellation").map_err(|e| e.to_string())?;
        if ns2 {
            topo.set_ns2_handoff(Ns2Handoff::default(), streams.stream(&format!("calc.transfer.handoff.{job}")));
        }
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
    let finished = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (one, jobs) = (&one, &jobs);
                scope.spawn(move || {
                    jobs.iter().enumerate().skip(k).step_by(threads).map(|(i, &s)| (i, one(s))).collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all = true;
        for h in handles {
            match h.join() {
                Ok(done) => {
                    for (i, r) in done {
                        slots[i] = Some(r);
                    }
                }
                Err(_) => all = false,
            }
        }
        all
    });
    if !finished {
        return Err(ToolError::Io("a transfer run stopped on an internal error (reported above)".into()));
    }
    let (results, clients): (Vec<_>, Vec<_>) = slots
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err("a run did not finish".into())))
        .collect::<Result<Vec<_>, String>>()
        .map_err(ToolError::Usage)?
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
    let mut v = json!({
        "from": k.from, "to": if random_to { "random".to_string() } else { k.to.clone() }, "bytes": bytes,
        "when": match across { Some(true) => "across-seam", Some(false) => "outside-seam", None => "anytime" },
        "throughput": throughput, "min_rto_ms": min_rto_ms, "hystart": hystart, "rto_restart": if rto_every_ack { "every-ack" } else { "new-data" }, "lost_retransmit": lost_retransmit, "polar_cutoff_deg": k.polar_cutoff_deg, "isl_pairing": k.isl_pairing,
        "runs": runs, "seed": seed, "finished": times.len(),
        "mean_transfer_s": if m.is_finite() { json!(m) } else { Value::Null },
        "sd_transfer_s": sd,
        "transfer_s": results.iter().map(|r| r.transfer_s).collect::<Vec<_>>(),
        "start_s": results.iter().map(|r| r.start_s).collect::<Vec<_>>(),
        "retransmits": results.iter().map(|r| r.retransmits).collect::<Vec<_>>(),
        "reordered_acks": results.iter().map(|r| r.reordered_acks).collect::<Vec<_>>(),
        "queue_drops": results.iter().map(|r| r.queue_drops).collect::<Vec<_>>(),
        "no_route_drops": results.iter().map(|r| r.no_route_drops).collect::<Vec<_>>(),
        "handoff": if ns2 { "ns2" } else { "continuous" },
        "handoff_drops": results.iter().map(|r| r.handoff_drops).collect::<Vec<_>>(),
        "timeouts": results.iter().map(|r| r.timeouts).collect::<Vec<_>>(),
        "start_rtt_ms": results.iter().map(|r| r.start_rtt_ms).collect::<Vec<_>>(),
        "buffer": match buffer { Buffer::Ns2 => "ns2".to_string(), Buffer::StartBdp => "start-bdp".to_string(), Buffer::Limit(n) => n.to_string() },
        "buffer_packets": results.iter().map(|r| r.buffer_packets).collect::<Vec<_>>(),
    });
    if random_to {
        v["clients"] = clients.iter().map(|c| c.map(|(lat, lon)| json!([lat, lon]))).collect::<Vec<_>>().into();
    }
    Ok(ToolOutput::Json(v))
}
