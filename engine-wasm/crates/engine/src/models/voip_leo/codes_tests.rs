//! VoIP over LEO with an LMS last hop against paper 000 (Tauran et al., "Controlled Delay
//! Scheduler for VoIP over LEO constellations on LMS channels"), §IV-VI, on a reduced sweep.
//!
//! Every finding is checked on the mean of seeds 1 to 5 (20 s runs, 2 s warm-up, reference
//! SNR 10 dB; every policy sees the same traffic and channels for a seed). Buffers follow the
//! paper's rule B = RTT C / sqrt(n) with the flows' round trip (200 ms, the default), except
//! where a test says otherwise. docs/REPRODUCTION.md has the full sweep
//! (`scripts/paper000.mjs`) and says which of the paper's findings appear and which do not.

use crate::models::voip_leo::run::VoipSummary;
use crate::models::Scenario;
use crate::Simulation;

const SEEDS: u64 = 5;

fn run_seed(flows: u32, policy: &str, extra: &str, seed: u64) -> VoipSummary {
    let json = format!(
        r#"{{"version": 2, "model": "voip-leo", "seed": {seed}, "duration_s": 20, "warmup_s": 2, "metrics": {{"bucket_s": 1}},
            "voip": {{"flows": {flows}, "policy": "{policy}" {extra}}}}}"#
    );
    let mut sim = Simulation::new(Scenario::from_json(&json).unwrap()).unwrap();
    sim.run_to_end();
    sim.summary().take::<VoipSummary>().unwrap()
}

/// The mean over seeds 1 to [`SEEDS`] of the summaries' numbers (run on two threads).
#[derive(Debug)]
struct Mean {
    /// Read through `Debug`, in the failure messages.
    #[allow(dead_code)]
    label: String,
    throughput_kbps: f64,
    latency_ms: f64,
    jitter_ms: f64,
    delay_std_ms: f64,
    loss: f64,
    overflow: f64,
    timeout: f64,
    /// Paper 000 Table II: % of packets needing 0, 1, 2, 3 retransmissions, and dropped.
    retx: [f64; 5],
    spectral_efficiency: f64,
    coded_load_mbps: f64,
    mos: f64,
    per_flow_queue: usize,
}

fn mean(flows: u32, policy: &str, extra: &str) -> Mean {
    let runs: Vec<VoipSummary> = std::thread::scope(|sc| {
        let half: Vec<_> = (1..=SEEDS).filter(|s| s % 2 == 0).collect();
        let other =
            sc.spawn(move || half.into_iter().map(|seed| run_seed(flows, policy, extra, seed)).collect::<Vec<_>>());
        let mut v: Vec<_> =
            (1..=SEEDS).filter(|s| s % 2 == 1).map(|seed| run_seed(flows, policy, extra, seed)).collect();
        v.extend(other.join().unwrap());
        v
    });
    let m = |f: &dyn Fn(&VoipSummary) -> f64| runs.iter().map(f).sum::<f64>() / runs.len() as f64;
    Mean {
        label: format!("{policy} n={flows}{extra}"),
        throughput_kbps: m(&|v| v.throughput_kbps),
        latency_ms: m(&|v| v.latency_ms),
        jitter_ms: m(&|v| v.jitter_ms),
        delay_std_ms: m(&|v| v.delay_std_ms),
        loss: m(&|v| v.loss_pct.total),
        overflow: m(&|v| v.loss_pct.overflow),
        timeout: m(&|v| v.loss_pct.timeout),
        retx: std::array::from_fn(|k| m(&|v| v.harq_retx_pct[k])),
        spectral_efficiency: m(&|v| v.spectral_efficiency),
        coded_load_mbps: m(&|v| v.load_mbps.coded),
        mos: m(&|v| v.emodel.mos),
        per_flow_queue: runs[0].buffer_pkts.per_queue,
    }
}

#[test]
fn at_the_buffer_rule_dt_s_loses_over_20_pct_at_75_users_and_pf_under_5() {
    // §V: "with 75 users, we observe already more than 20% of losses [DT_S] ... PF loses only
    // 3% of the packets"; Fig. 10: PF's MOS above 3 below saturation, DT_S's far lower.
    let dts = mean(75, "dt-s", "");
    let pf = mean(75, "pf", "");
    assert!(dts.loss > 20.0, "{dts:?}");
    assert!(pf.loss < 5.0, "{pf:?}");
    assert!(pf.mos > 3.0 && dts.mos < 2.5, "{pf:?} {dts:?}");
    // §V: saturation between 75 and 100 users: the coded load reaches the 9.4 Mb/s link.
    let pf100 = mean(100, "pf", "");
    assert!(pf.coded_load_mbps < 9.0 && pf100.coded_load_mbps > 9.2, "{pf:?} {pf100:?}");
}

#[test]
fn under_load_pf_carries_most_and_rr_and_dt_h_are_slowest() {
    // Figs. 3 and 6: PF the highest throughput and spectral efficiency under load; Fig. 4: PF
    // decodes more packets at the first transmission (its rate is the HARQ's throughput, so it
    // sends when the first transmission decodes); Fig. 7 and §V: RR and DT_H the longest
    // latencies.
    let [dts, dth, rr, pf] = ["dt-s", "dt-h", "rr", "pf"].map(|p| mean(125, p, ""));
    for other in [&dts, &dth, &rr] {
        assert!(pf.throughput_kbps > 1.1 * other.throughput_kbps, "{pf:?} vs {other:?}");
        assert!(pf.spectral_efficiency > other.spectral_efficiency, "{pf:?} vs {other:?}");
        assert!(pf.retx[0] > other.retx[0] + 20.0, "{pf:?} vs {other:?}");
    }
    for slow in [&dth, &rr] {
        for fast in [&dts, &pf] {
            assert!(slow.latency_ms > fast.latency_ms + 10.0, "{slow:?} vs {fast:?}");
        }
    }
    // Pins a deviation (docs/REPRODUCTION.md): Fig. 8 has PF's jitter far above DT_S's; at
    // 125 users here it is below, because at 50 km/h a shadowed receiver's fast fading gives it
    // a moment good enough for a first transmission within a few tens of milliseconds, so PF
    // never holds a packet long. The day this fails is good news.
    assert!(pf.jitter_ms < dts.jitter_ms, "{pf:?} vs {dts:?}");
    // With the mutual information as its rate (the earlier reading), PF picks shadowed flows
    // far more often: fewer first transmissions decode.
    let mi = mean(125, "pf", r#", "pf_rate": "mutual-information""#);
    assert!(mi.retx[0] < pf.retx[0] - 5.0 && mi.throughput_kbps < pf.throughput_kbps, "{mi:?} vs {pf:?}");
}

#[test]
fn table_ii_at_75_users_what_holds_and_what_does_not() {
    // Paper 000 Table II (75 users): DT_S 50.11 / 23.16 / 14.65 / 12.07 / 1.21 %, RR 42.36 /
    // 24.28 / 24.71 / 8.65 / 0.61 %, PF 44.89 / 26.26 / 22.57 / 6.27 / 0.39 %. Holds
    // (docs/REPRODUCTION.md): DT_S's cells for 1, 2 and 3 retransmissions and drops within 10
    // points; PF drops fewer packets in HARQ than DT_S (in kind). Does not, and pinned here as
    // deviations so that a change of mechanism bringing the paper's numbers shows up: PF's drops
    // are not under half of DT_S's (the paper's 3x); the first cells (DT_S about 60 %, 10
    // points above the paper) and the paper's ordering at the first transmission (DT ahead of
    // RR and PF): here RR equals DT_S and PF is slightly ahead.
    let dts = mean(75, "dt-s", "");
    let rr = mean(75, "rr", "");
    let pf = mean(75, "pf", "");
    let paper_dts = [50.11, 23.16, 14.65, 12.07, 1.21];
    for (k, (got, paper)) in dts.retx.iter().zip(paper_dts).enumerate().skip(1) {
        assert!((got - paper).abs() < 10.0, "cell {k}: {dts:?}");
    }
    assert!((dts.retx.iter().sum::<f64>() - 100.0).abs() < 1e-6);
    assert!(pf.retx[4] < dts.retx[4], "{pf:?} vs {dts:?}");
    // Deviations.
    assert!(pf.retx[4] > 0.5 * dts.retx[4], "{pf:?} vs {dts:?}");
    assert!((rr.retx[0] - dts.retx[0]).abs() < 1.5, "{rr:?} vs {dts:?}");
    assert!(pf.retx[0] > dts.retx[0] && pf.retx[0] - 44.89 > 10.0, "{pf:?} vs {dts:?}");
}

#[test]
fn pins_a_deviation_at_the_buffer_rule_codes_is_pf_because_no_packet_waits_the_timeout() {
    // Figs. 9 and 11 do not appear at the paper's rule (docs/REPRODUCTION.md): from 75 users on
    // each per-flow queue holds one packet, and a flow whose channel is shadowed gets a moment
    // good enough for PF within a few tens of milliseconds at 50 km/h, so almost no packet
    // waits 100 ms and CoDeS takes PF's decisions. The day this fails is good news.
    let pf = mean(125, "pf", "");
    let codes = mean(125, "codes", "");
    assert_eq!(pf.per_flow_queue, 1);
    assert!(codes.timeout < 0.2, "{codes:?}");
    assert!(
        (codes.latency_ms - pf.latency_ms).abs() < 1.0 && (codes.jitter_ms - pf.jitter_ms).abs() < 1.0,
        "{codes:?} vs {pf:?}"
    );
    assert!((codes.loss - pf.loss).abs() < 0.2, "{codes:?} vs {pf:?}");
}

#[test]
fn pf_on_the_shadowing_holds_packets_past_the_timeout_and_codes_then_cuts_latency_and_jitter() {
    // `voip.pf_rate` `shadowing` (paper 000 §V: packets sent "only when the attenuation is low"
    // "may wait a long time"): PF's rate from the receiver's local mean SNR, HARQ still decoding
    // on the instant. At 125 users and the paper's rule, PF now holds a shadowed flow's packet
    // until its shadowing lifts: Fig. 8 comes back (PF's jitter above DT_S's, the opposite of
    // the instantaneous rate's deviation pinned above), and many more packets wait the 100 ms
    // CoDeS acts on. With PF's average at 99 ms (ns-3's window) the timeout still fires on
    // under 1 % of packets; with a 1 s average (a variation) CoDeS lowers latency and jitter
    // at the same loss, timeouts replacing overflow (Figs. 9 and 11). The cost, reported in
    // docs/REPRODUCTION.md: PF's loss rises (Fig. 5's "acceptable up to 100 users" no longer
    // holds), which this test pins as a deviation.
    let shadow = r#", "pf_rate": "shadowing""#;
    let slow_avg = r#", "pf_rate": "shadowing", "pf_window_ms": 1000"#;
    let dts = mean(125, "dt-s", "");
    let instant = mean(125, "codes", "");
    let pf = mean(125, "pf", shadow);
    let codes = mean(125, "codes", shadow);
    assert!(pf.jitter_ms > dts.jitter_ms, "{pf:?} vs {dts:?}");
    assert!(codes.timeout > 5.0 * instant.timeout && codes.timeout < 1.0, "{codes:?} vs {instant:?}");
    // Deviation: PF loses far more than on the instantaneous rate.
    assert!(pf.loss > instant.loss + 5.0, "{pf:?} vs {instant:?}");
    let pf_slow = mean(125, "pf", slow_avg);
    let codes_slow = mean(125, "codes", slow_avg);
    assert!(codes_slow.timeout > 1.0 && pf_slow.timeout == 0.0, "{codes_slow:?} vs {pf_slow:?}");
    assert!(
        codes_slow.latency_ms < pf_slow.latency_ms - 1.0 && codes_slow.jitter_ms < 0.85 * pf_slow.jitter_ms,
        "{codes_slow:?} vs {pf_slow:?}"
    );
    assert!((codes_slow.loss - pf_slow.loss).abs() < 0.5, "{codes_slow:?} vs {pf_slow:?}");
}

#[test]
fn on_a_slow_channel_codes_cuts_jitter_at_equal_loss_at_the_buffer_rule() {
    // The mechanism of Figs. 9 and 11 at the paper's own buffer rule, on a channel that varies
    // slowly (1 km/h: a variation, not the paper's configuration): PF now holds a shadowed
    // flow's packet until its channel recovers, CoDeS drops it after 100 ms and admits a fresh
    // one. Lower latency and jitter, the same loss, timeouts replacing overflow drops.
    let slow = r#", "lms": {"speed_kmh": 1}"#;
    let pf = mean(125, "pf", slow);
    let codes = mean(125, "codes", slow);
    assert!(codes.jitter_ms < 0.8 * pf.jitter_ms && codes.latency_ms < pf.latency_ms, "{codes:?} vs {pf:?}");
    assert!((codes.loss - pf.loss).abs() < 0.5, "{codes:?} vs {pf:?}");
    assert!(codes.timeout > 1.0 && pf.timeout == 0.0 && codes.overflow < pf.overflow, "{codes:?} vs {pf:?}");
}

#[test]
fn with_long_queues_codes_cuts_latency_and_jitter_at_equal_loss() {
    // Figs. 9 and 11 with queues 15x the rule (rtt_ms 3000, SkyQueue's choice, not the
    // paper's): CoDeS lower latency and jitter than PF, total loss within 1 point, timeouts
    // replacing overflow drops. Figs. 12-13: a 200 ms timeout gives more jitter than 100 ms,
    // 50 ms slightly more loss.
    let long = r#", "rtt_ms": 3000"#;
    let pf = mean(125, "pf", long);
    let codes = mean(125, "codes", long);
    assert!(codes.latency_ms < 0.8 * pf.latency_ms, "{codes:?} vs {pf:?}");
    assert!(codes.jitter_ms < pf.jitter_ms && codes.delay_std_ms < pf.delay_std_ms, "{codes:?} vs {pf:?}");
    assert!((codes.loss - pf.loss).abs() < 1.0, "{codes:?} vs {pf:?}");
    assert!(codes.timeout > codes.overflow && pf.timeout == 0.0 && pf.overflow > 0.0, "{codes:?} vs {pf:?}");
    let t50 = mean(125, "codes", r#", "rtt_ms": 3000, "codes_timeout_ms": 50"#);
    let t200 = mean(125, "codes", r#", "rtt_ms": 3000, "codes_timeout_ms": 200"#);
    assert!(t200.jitter_ms > codes.jitter_ms && codes.jitter_ms > t50.jitter_ms, "{t50:?} {codes:?} {t200:?}");
    assert!(t50.loss > codes.loss, "{t50:?} vs {codes:?}");
}

#[test]
fn every_policy_sees_the_same_traffic() {
    // Named streams: the policy changes nothing upstream of the satellite.
    let a = run_seed(50, "dt-s", "", 1);
    let b = run_seed(50, "codes", "", 1);
    assert_eq!(a.sent, b.sent);
}

#[test]
fn the_server_to_satellite_delay_follows_the_constellation_route() {
    let run_with = |extra: &str| {
        let json = format!(
            r#"{{"version": 1, "model": "voip-leo", "duration_s": 10, "warmup_s": 1, "voip": {{"flows": 10 {extra}}}}}"#
        );
        let mut sim = Simulation::new(Scenario::from_json(&json).unwrap()).unwrap();
        sim.run_to_end();
        sim.summary().take::<VoipSummary>().unwrap()
    };
    // Paper 000: 70 to 90 ms in the constellation; Hawaii to the satellite over New Delhi is in
    // that range, plus the LMS hop (HARQ, 10 ms down).
    let delhi = run_with("");
    assert!((75.0..130.0).contains(&delhi.latency_ms), "{}", delhi.latency_ms);
    // A nearer destination has a shorter route; a fixed range is honoured.
    let toulouse = run_with(r#", "users_site": "Toulouse""#);
    assert!(toulouse.latency_ms < delhi.latency_ms - 10.0, "{} vs {}", toulouse.latency_ms, delhi.latency_ms);
    let fixed = run_with(r#", "delay_source": "range", "constellation_delay_ms": [300, 300]"#);
    assert!(fixed.latency_ms > 300.0, "{}", fixed.latency_ms);
}

#[test]
fn a_pareto_shape_near_one_is_refused_with_the_reason_and_the_range() {
    // At 1 a Pareto period has no mean; at 1.000000001 a run grew past 1.2 GB in 15 s.
    let mut v: serde_json::Value =
        serde_json::from_str(include_str!("../../../../../../examples/voip-leo-codes.json")).unwrap();
    v["voip"]["pareto_shape"] = 1.000000001.into();
    let e = crate::models::Scenario::from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("voip.pareto_shape") && e.contains("allowed: 1.1 to 10"), "{e}");
    v["voip"]["pareto_shape"] = 1.1.into();
    assert!(crate::models::Scenario::from_json(&v.to_string()).is_ok());
}
