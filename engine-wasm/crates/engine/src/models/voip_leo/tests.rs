//! Tests of the VoIP-over-LEO assembly: the route delay trace and the constellation view
//! (`build`, `VoipLeoModel`), and the LMS link with HARQ, the policies, the loss breakdown and
//! the summary (`run.rs`).

use super::*;
use crate::models::voip_leo::scenario::VoipScenario;
use crate::models::ModelKind;
use crate::sched::policy::LmsPolicy;
use crate::sim::Simulation;

/// Useful bits of a 210-byte VoIP packet.
const BITS: f64 = 210.0 * 8.0;

fn scenario(v: VoipScenario, duration_s: f64, warmup_s: f64) -> Scenario {
    let mut s = Scenario { model: ModelKind::VoipLeo, duration_s, warmup_s, voip: v, ..Scenario::default() };
    s.metrics.bucket_s = 1.0;
    s
}

fn run(s: Scenario) -> (VoipSummary, crate::metrics::SeriesFrame) {
    let mut sim = Simulation::new(s).unwrap();
    sim.run_to_end();
    let rows = sim.drain_series();
    (sim.summary().take::<VoipSummary>().unwrap(), rows)
}

/// One call, a fixed 80 ms to the last satellite, and a channel on which the first
/// transmission always decodes: 40 dB reference SNR and a first-transmission rate of 0.05
/// bits per symbol (decoded down to about -13 dB). A packet then takes 33600 symbols, 7.15 ms
/// on the 9.4 Mb/s link, less than the shortest gap between two packets of a call (the
/// shortest silence, 16.7 ms), so no packet ever waits.
fn lone_clean_call() -> VoipScenario {
    let mut v = VoipScenario {
        flows: 1,
        delay_source: DelaySource::Range,
        constellation_delay_ms: [80.0, 80.0],
        trace_offset_max_s: 0.0,
        ..VoipScenario::default()
    };
    v.lms.snr_ref_db = 40.0;
    v.harq.first_tx_bits_per_symbol = 0.05;
    v
}

/// Link time of one transmission of `symbols` QPSK symbols [ms].
fn tx_ms(v: &VoipScenario, symbols: f64) -> f64 {
    2.0 * symbols / v.link_rate_bps * 1e3
}

/// The view `build` makes of paper 000's constellation between the two sites.
fn view(v: &VoipScenario) -> PairTopology {
    let k = ConstellationScenario {
        preset: ConstellationPreset::Iridium800,
        from: v.server_site.clone(),
        to: v.users_site.clone(),
        ..Default::default()
    };
    build_topology(&k, "voip").unwrap()
}

#[test]
fn a_lone_call_on_a_clean_channel_has_the_closed_form_latency() {
    // Latency = constellation (80 ms) + first transmission + last hop (10 ms), the same for
    // every packet: no jitter (RFC 3550), no loss, every packet decoded at its first
    // transmission (paper 000 Table II's first column), spectral efficiency = useful / coded
    // bits = 1680 / (2 x 33600).
    let v = lone_clean_call();
    let expected = 80.0 + tx_ms(&v, 33_600.0) + v.last_hop_delay_ms;
    let (s, rows) = run(scenario(v, 10.0, 1.0));
    let ctx = format!("{s:?}");
    assert!((s.latency_ms - expected).abs() < 1e-5, "{expected} ms expected: {ctx}");
    assert!((s.latency_p95_ms - expected).abs() < 1e-5, "{ctx}");
    assert!(s.delay_std_ms < 1e-6 && s.jitter_ms == 0.0, "{ctx}");
    assert_eq!((s.loss_pct.total, s.loss_pct.overflow, s.loss_pct.timeout, s.loss_pct.harq), (0.0, 0.0, 0.0, 0.0));
    assert_eq!(s.harq_retx_pct, [100.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(s.first_tx_decoded_pct, 100.0);
    assert!((s.spectral_efficiency - 0.025).abs() < 1e-12, "{ctx}");
    assert!((s.load_mbps.coded * 0.025 - s.load_mbps.useful).abs() < 1e-12, "{ctx}");
    // Packets still on their way at the end: those of the last 92 ms, at most 4.
    assert!(s.sent > 200 && s.sent - s.delivered <= 4, "{ctx}");
    assert!((s.throughput_kbps - s.delivered as f64 * BITS / 9.0 / 1e3).abs() < 1e-9, "{ctx}");
    // Every bucket with a delivery shows that latency.
    let latency = &rows.values[run::series_info(3).iter().position(|i| i.id == "latency_ms").unwrap()];
    assert!(latency.iter().filter(|l| l.is_finite()).all(|l| (l - expected).abs() < 1e-5), "{latency:?}");
}

#[test]
fn the_route_delay_follows_the_constellations_trace() {
    // Delay source `route`: the server-to-last-satellite delay of paper 000's constellation,
    // one value per second, interpolated (offset 0 here: trace_offset_max_s = 0). A packet
    // delivered in second k left the server in [k - 1, k + 1), so the mean latency of the
    // bucket, less the link and the last hop, lies between the trace's extremes there. The
    // range (0 ms) is ignored.
    let v = VoipScenario { delay_source: DelaySource::Route, constellation_delay_ms: [0.0, 0.0], ..lone_clean_call() };
    let fixed = v.last_hop_delay_ms + tx_ms(&v, 33_600.0);
    let mut topo = view(&v);
    let trace: Vec<f64> = (0..=24)
        .map(|k| {
            topo.step(k as f64);
            topo.delay_to_last_satellite_ms()
        })
        .collect();
    assert!(trace.iter().all(|d| d.is_finite() && *d > 10.0 && *d < 200.0), "{trace:?}");
    let (s, rows) = run(scenario(v, 20.0, 0.0));
    let latency = &rows.values[0];
    let mut checked = 0;
    for (k, l) in latency.iter().enumerate().filter(|(_, l)| l.is_finite()) {
        let near = &trace[k.saturating_sub(1)..=k + 1];
        let (lo, hi) = near.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &d| (a.min(d), b.max(d)));
        assert!(
            l - fixed >= lo - 1e-6 && l - fixed <= hi + 1e-6,
            "second {k}: {} ms outside the trace's [{lo}, {hi}]",
            l - fixed
        );
        checked += 1;
    }
    assert!(checked >= 15, "{latency:?}");
    assert!(s.delay_std_ms > 0.0 && s.loss_pct.total == 0.0, "{s:?}");
}

#[test]
fn the_view_is_the_constellation_at_the_last_whole_second() {
    // The globe's constellation is stepped once per simulated second (display only): after
    // advancing to 2.5 s it is the constellation at 2 s, with the events of steps 0, 1, 2.
    let v = VoipScenario { flows: 3, trace_offset_max_s: 0.0, ..VoipScenario::default() };
    let mut sim = Simulation::new(scenario(v.clone(), 5.0, 0.0)).unwrap();
    sim.advance_to_secs(2.5).unwrap();
    let mut topo = view(&v);
    for k in 0..=2 {
        topo.step(k as f64);
    }
    let bits = |g: Vec<f64>| g.into_iter().map(f64::to_bits).collect::<Vec<_>>();
    assert_eq!(bits(sim.geometry_packed().unwrap()), bits(topo.geometry_packed()));
    assert_eq!(sim.drain_events(), topo.drain_events());
    let info = sim.constellation_info().unwrap();
    // Paper 000's constellation: 66 satellites at 800 km.
    assert_eq!((info.sats.len(), info.planes, info.altitude_km), (66, 6, 800.0));
    assert_eq!([info.sites[0].name.as_str(), info.sites[1].name.as_str()], ["Hawaii gateway", "New Delhi"]);
    // One step more at 3 s, none at 3.9 s.
    sim.advance_to_secs(3.9).unwrap();
    topo.step(3.0);
    assert_eq!(bits(sim.geometry_packed().unwrap()), bits(topo.geometry_packed()));
}

#[test]
fn every_policy_sees_the_same_traffic_and_channels() {
    // Sources and channels have their own random streams: the servers send the same packets
    // whatever the policy, and with a single call (nothing to schedule) every policy gives the
    // same run.
    let loaded = VoipScenario { flows: 40, delay_source: DelaySource::Range, ..VoipScenario::default() };
    let lone = VoipScenario { flows: 1, delay_source: DelaySource::Range, ..VoipScenario::default() };
    let policies = [
        LmsPolicy::DtS,
        LmsPolicy::DtH,
        LmsPolicy::Rr,
        LmsPolicy::Pf,
        LmsPolicy::Codes,
        LmsPolicy::MLwdf,
        LmsPolicy::ExpPf,
        LmsPolicy::FqCodel,
    ];
    let sent: Vec<u64> = policies
        .iter()
        .map(|&policy| run(scenario(VoipScenario { policy, ..loaded.clone() }, 2.0, 0.5)).0.sent)
        .collect();
    assert!(sent.iter().all(|&n| n == sent[0] && n > 1000), "{sent:?}");
    let reference = run(scenario(VoipScenario { policy: LmsPolicy::Pf, ..lone.clone() }, 6.0, 0.5)).0;
    assert!(reference.harq_retx_pct[1] > 0.0, "the channel made no retransmission: {reference:?}");
    for policy in policies {
        let s = run(scenario(VoipScenario { policy, ..lone.clone() }, 6.0, 0.5)).0;
        assert_eq!(s.policy, policy.label());
        assert_eq!(format!("{:?}", VoipSummary { policy: "PF", ..s }), format!("{reference:?}"), "{policy:?}");
    }
}

#[test]
fn packets_sent_are_delivered_lost_or_still_on_their_way() {
    // Conservation: sent = delivered + lost (overflow + timeout + HARQ) + in flight at the end,
    // in flight being at most what the constellation (a few packets per call), the buffers
    // and the HARQ processes hold. The loss breakdown adds up; the HARQ row (paper 000 Table II)
    // covers the decoded and the dropped, and its last column is the HARQ loss.
    for (policy, rtt_ms) in [(LmsPolicy::DtS, 200.0), (LmsPolicy::Pf, 200.0), (LmsPolicy::Codes, 3000.0)] {
        let mut v =
            VoipScenario { flows: 150, policy, rtt_ms, delay_source: DelaySource::Range, ..VoipScenario::default() };
        v.lms.snr_ref_db = 7.0;
        let (s, _) = run(scenario(v.clone(), 4.0, 1.0));
        let ctx = format!("{policy:?}: {s:?}");
        let count = |pct: f64| (pct * s.sent as f64 / 100.0).round() as u64;
        let lost = count(s.loss_pct.total);
        assert_eq!(lost, count(s.loss_pct.overflow) + count(s.loss_pct.timeout) + count(s.loss_pct.harq), "{ctx}");
        assert!(s.delivered + lost <= s.sent, "{ctx}");
        let bound = 150 * 7 + 2 * v.total_buffer_pkts() as u64 + 200;
        assert!(s.sent - s.delivered - lost <= bound, "{} in flight: {ctx}", s.sent - s.delivered - lost);
        assert!(count(s.loss_pct.harq) > 0 && s.loss_pct.total > 1.0, "{ctx}");
        assert!((s.harq_retx_pct.iter().sum::<f64>() - 100.0).abs() < 1e-9, "{ctx}");
        let outcomes = (s.delivered + count(s.loss_pct.harq)) as f64;
        assert!((s.harq_retx_pct[4] / 100.0 * outcomes - count(s.loss_pct.harq) as f64).abs() < 1e-6, "{ctx}");
        match policy {
            LmsPolicy::DtS => assert!(s.loss_pct.overflow > 5.0 && s.loss_pct.timeout == 0.0, "{ctx}"),
            LmsPolicy::Codes => assert!(s.loss_pct.timeout > 0.0, "{ctx}"),
            _ => assert!(s.loss_pct.timeout == 0.0, "{ctx}"),
        }
    }
}

#[test]
fn harq_retransmits_at_most_max_retx_times_within_its_round_trips() {
    // Adaptive HARQ (paper 000 §II-B): a packet is retransmitted at most max_retx times, one
    // round trip (20 ms) apart, then dropped; so a lone call's packets arrive at most
    // 3 x 20 ms + four transmissions after the 90 ms of the path ("at most 70 ms after entering
    // the HARQ module"), and never sooner than the path and one transmission.
    let mut lone = VoipScenario {
        flows: 1,
        delay_source: DelaySource::Range,
        constellation_delay_ms: [80.0, 80.0],
        ..VoipScenario::default()
    };
    lone.lms.snr_ref_db = 3.0;
    let first = (BITS / lone.harq.first_tx_bits_per_symbol).ceil();
    let tx = tx_ms(&lone, first);
    for max_retx in [1, 3] {
        let mut v = lone.clone();
        v.harq.max_retx = max_retx;
        let (s, rows) = run(scenario(v, 30.0, 1.0));
        let ctx = format!("max_retx {max_retx}: {s:?}");
        let h = s.harq_retx_pct;
        assert!(h[0] > 0.0 && h[1] > 0.0 && h[4] > 0.0, "{ctx}");
        for (r, &share) in h.iter().enumerate().take(4).skip(max_retx as usize + 1) {
            assert_eq!(share, 0.0, "{ctx} (retransmission {r})");
        }
        if max_retx == 3 {
            assert!(h[3] > 0.0, "{ctx}");
        }
        let path = 80.0 + lone.last_hop_delay_ms;
        let (lo, hi) = (path + tx, path + 20.0 * max_retx as f64 + (max_retx + 2) as f64 * tx);
        assert!(s.latency_ms >= lo && s.latency_p95_ms <= hi, "[{lo}, {hi}]: {ctx}");
        assert!(
            rows.values[0].iter().filter(|l| l.is_finite()).all(|&l| l >= lo - 1e-9 && l <= hi),
            "[{lo}, {hi}]: {:?}",
            rows.values[0]
        );
        // Every packet sent on the link decodes or is NACKed at its first transmission; the
        // share decoded there (Fig. 4) is Table II's first column, but for the packets still
        // in HARQ at the end.
        assert!((s.first_tx_decoded_pct - h[0]).abs() < 0.5, "{ctx}");
    }
}

#[test]
fn results_do_not_depend_on_how_the_run_is_advanced() {
    // The browser advances in uneven chunks; the CLI in one go: same series, events, summary.
    let v = VoipScenario { flows: 20, trace_offset_max_s: 30.0, ..VoipScenario::default() };
    let s = scenario(v, 4.0, 0.5);
    let mut whole = Simulation::new(s.clone()).unwrap();
    whole.run_to_end();
    let whole_events = whole.drain_events();
    let mut chunked = Simulation::new(s.clone()).unwrap();
    let mut events = chunked.drain_events();
    let mut t = 0u64;
    while !chunked.is_finished() {
        t += 1 + (t * 7919 + 4_999) % 333_333_337;
        chunked.advance_to(SimTime(t)).unwrap();
        events.extend(chunked.drain_events());
    }
    assert_eq!(whole_events, events);
    assert_eq!(whole.results_json(), chunked.results_json());
    // Another seed, another run.
    let mut other = Simulation::new(Scenario { seed: 2, ..s }).unwrap();
    other.run_to_end();
    assert_ne!(whole.summary_json(), other.summary_json());
}

#[test]
fn without_retransmissions_a_failed_first_transmission_still_counts_as_one() {
    // max_retx = 0: a failed first transmission ends as a HARQ drop, not a NACK. It used to be
    // left out of the first-transmission denominator, which then read 100 % while 9 packets in
    // 10 failed (paper 000 Table II's first column is decoded / all first transmissions).
    let mut v = VoipScenario {
        flows: 1,
        delay_source: DelaySource::Range,
        constellation_delay_ms: [80.0, 80.0],
        trace_offset_max_s: 0.0,
        ..VoipScenario::default()
    };
    v.lms.snr_ref_db = 3.0;
    v.harq.max_retx = 0;
    let (s, _) = run(scenario(v, 30.0, 1.0));
    let failed = s.harq_retx_pct[4];
    assert!(failed > 10.0, "{s:?}");
    assert!(
        (s.first_tx_decoded_pct - (100.0 - failed)).abs() < 1e-9,
        "first tx {} vs failed {failed}",
        s.first_tx_decoded_pct
    );
}

/// A preset from `examples/`, cut to `duration_s`.
fn preset(text: &str, duration_s: f64) -> crate::models::Scenario {
    let mut s = crate::models::Scenario::from_json(text).unwrap();
    s.duration_s = duration_s;
    s.warmup_s = s.warmup_s.min(duration_s / 2.0);
    s
}

#[test]
fn the_packet_trace_follows_one_call_and_changes_no_result() {
    for s in [
        preset(include_str!("../../../../../../examples/voip-leo-codes.json"), 20.0),
        preset(include_str!("../../../../../../examples/voip-leo-codes-long-queues.json"), 20.0),
    ] {
        let mut plain = crate::sim::Simulation::new(s.clone()).unwrap();
        plain.run_to_end();
        let mut traced = crate::sim::Simulation::new(s.clone()).unwrap();
        traced.set_trace_limit(1_000_000).unwrap();
        traced.run_to_end();
        assert_eq!(plain.results_json(), traced.results_json(), "recording changed the run");
        let rows = traced.trace().rows(0);
        let count = |k: &str| rows.iter().filter(|r| r.kind.name() == k).count();
        // The first call's packets only: each sent is delivered, dropped, or still on its way.
        let (sent, done) = (count("send"), count("deliver") + count("drop"));
        assert!(sent > 100 && done <= sent && sent - done < 40, "{sent} sent, {done} ended");
        assert!(rows.iter().all(|r| r.flow == 0));
        // Each packet's first transmission leaves the satellite once; HARQ rounds are hops too,
        // marked by the NACK that asked for them.
        let first = rows.iter().filter(|r| r.kind.name() == "hop" && r.node == "satellite" && r.reason.is_none());
        assert!(first.count() >= count("deliver"));
        assert!(rows.windows(2).all(|w| w[1].n == w[0].n + 1 && w[1].t_s >= w[0].t_s));
        assert_eq!(traced.trace().nodes(), ["server", "satellite", "receiver"]);
        // Each send names the ISL hops of the route it crosses (the delay source is the route:
        // Hawaii to New Delhi is never a single satellite).
        let hops: Vec<u32> = rows.iter().filter(|r| r.kind.name() == "send").map(|r| r.route_hops).collect();
        assert!(hops.iter().all(|&h| h > 0 && h < 20), "route hops {:?}", &hops[..hops.len().min(10)]);
    }
}

#[test]
fn stepping_event_by_event_visits_every_record_and_ends_where_a_whole_run_ends() {
    let s = preset(include_str!("../../../../../../examples/voip-leo-codes.json"), 4.0);
    let n = crate::sim::check_stepping_by_record(s, 100_000);
    assert!(n > 20, "{n} records");
}

#[test]
fn the_calls_cross_a_real_catalogue_when_the_section_loads_one() {
    // 612 element sets cut from a Starlink catalogue (its 70° shell): server in London, the
    // receivers behind a satellite over New York; the route's delay to the last satellite is
    // the catalogue's, and the globe's view holds the catalogue's satellites.
    let cut = include_str!("../../../tests/fixtures/starlink-70deg-cut.tle");
    let sets = crate::orbit::tle::parse_tle_text(cut).unwrap();
    let epoch = crate::orbit::frames::iso_from_julian_date(crate::orbit::catalogue::latest_epoch_jd(&sets).unwrap());
    let v = VoipScenario {
        flows: 3,
        trace_offset_max_s: 0.0,
        server_site: "London".into(),
        users_site: "New York".into(),
        tle: Some(cut.into()),
        isl: crate::topology::isl::IslChoice::Grid,
        access: crate::topology::access::AccessPolicy::Free,
        routing: crate::topology::routing::RoutingMetric::MinDelay,
        elevation_mask_deg: Some(25.0),
        epoch_utc: epoch,
        ..VoipScenario::default()
    };
    let s = scenario(v.clone(), 5.0, 0.0);
    let mut topo = build_topology(&constellation_view(&s), "voip").unwrap();
    let mut sim = Simulation::new(s).unwrap();
    sim.advance_to_secs(2.5).unwrap();
    for k in 0..=2 {
        topo.step(k as f64);
    }
    let info = sim.constellation_info().unwrap();
    assert_eq!(info.sats.len(), topo.satellite_count());
    assert!((600..720).contains(&info.sats.len()), "{}", info.sats.len());
    assert!((info.shells[0].inclination_deg - 70.0).abs() < 0.5, "{:?}", info.shells);
    // London to the satellite over New York: no faster than light along the ground (5,570 km,
    // 18.6 ms) less the last hop (at most 1,100 km slant at 25°: 3.7 ms).
    let d = topo.delay_to_last_satellite_ms();
    assert!(d.is_finite() && d > 18.6 - 3.7 && d < 40.0, "{d}");
    // Refused with the field named when the epoch is far from the sets.
    let mut far = scenario(VoipScenario { epoch_utc: "2026-01-01T00:00:00Z".into(), ..v }, 5.0, 0.0);
    far.seed = 1;
    let err = Simulation::new(far).err().unwrap().to_string();
    assert!(err.contains("voip.tle") && err.contains("stale"), "{err}");
}
/// A run that would take many minutes (VoIP over LEO, 75 flows of 1e8 b/s into a 9.4 Mb/s link
/// for 100 s: about 4.5e8 packets) is refused before it starts, naming the budget, the
/// arithmetic and the fields to lower; the browser's engine goes through the same
/// `Simulation::new`.
#[test]
fn a_run_estimated_past_the_budget_is_refused_before_it_starts() {
    let text = r#"{"version": 2, "model": "voip-leo", "voip": {"flows": 75, "rate_bps": 1e8}}"#;
    let err = crate::sim::Simulation::from_json(text).err().expect("refused");
    let errors = err.field_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].path, "voip.flows");
    let m = &errors[0].message;
    for part in [
        "4.06e8 packets",
        "75 flows x 1e8 b/s / (210 B x 8)",
        "over this model's budget of 6.0e7 events",
        "lower voip.flows",
    ] {
        assert!(m.contains(part), "{part}: {m}");
    }
    assert!(crate::models::Scenario::from_json(text).is_err(), "`skyqueue validate` refuses it too");
}
