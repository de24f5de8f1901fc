//! VoIP over DCCP on a GEO link (paper 003): its tables' orderings over several seeds.

use crate::models::voip_dccp::DccpSummary;
use crate::sim::Simulation;

/// One run: `dccp` fields merged into the model's defaults (paper 003's path: RTT 1 s, PER
/// 0.1 %, 1 Mb/s, a 400 ms playout buffer).
fn run(dccp: &str, seed: u64, duration: f64) -> DccpSummary {
    let json = format!(
        r#"{{"version": 2, "model": "voip-dccp", "seed": {seed}, "duration_s": {duration}, "warmup_s": 0, "dccp": {{{dccp}}}}}"#
    );
    let mut sim = Simulation::from_json(&json).expect("valid scenario");
    sim.run_to_end();
    sim.summary().take::<DccpSummary>().expect("the model's summary")
}

/// Mean of `f` over seeds 1-3.
fn mean(dccp: &str, duration: f64, f: fn(&DccpSummary) -> f64) -> f64 {
    (1..=3).map(|seed| f(&run(dccp, seed, duration))).sum::<f64>() / 3.0
}

#[test]
fn tables_2_and_4_ccid4_loses_far_more_than_udp_between_application_and_transport_and_its_variants_cut_it() {
    // Paper 003 Table II: G.711 CCID4 2.01 % against UDP 0.15 %; Speex/DTX 17.3 % against 0.1 %;
    // "the majority of losses are ... between the application and DCCP sender". Table IV:
    // CCID4-N 0.44 % and 0.16 %, CCID4-SCA 0.15 % and 0.1 %. Means over three 300 s calls.
    for (codec, dtx) in [("g711", false), ("speex", true)] {
        let cfg = |t: &str| format!(r#""codec": "{codec}", "dtx": {dtx}, "transport": "{t}""#);
        let loss = |t: &str| mean(&cfg(t), 300.0, |s| s.loss_pct);
        let (udp, ccid4, n, sca) = (loss("udp"), loss("ccid4"), loss("ccid4-n"), loss("ccid4-sca"));
        let app = mean(&cfg("ccid4"), 300.0, |s| s.app_loss_pct);
        let ctx = format!("{codec} dtx {dtx}: loss UDP {udp:.2} %, CCID4 {ccid4:.2} % ({app:.2} % application to transport), CCID4-N {n:.2} %, CCID4-SCA {sca:.2} %");
        assert!(ccid4 > 5.0 * udp, "{ctx}");
        assert!(app > 0.7 * ccid4, "{ctx}");
        assert!(n < 0.5 * ccid4 && sca <= n * 1.05, "{ctx}");
        assert!(udp < 0.3, "{ctx}");
    }
}

#[test]
fn table_3_jitter_is_the_networks_the_same_under_dccp_and_udp() {
    // Paper 003 Table III: average jitter 54 ms under both; "the main source of jitter is the
    // network rather than the DCCP congestion control algorithm". The shared access grants
    // capacity in frames, only in frames in which the terminal has a backlog, so each
    // transport's packets meet their own frames and grants: the delays are not one sequence
    // injected into both. The grant probability is calibrated to the 54 ms (read as the delay
    // above the path's least), so that level is checked loosely; the equality is the finding.
    let g711 = |t: &str| format!(r#""codec": "g711", "transport": "{t}""#);
    let runs = |t: &str| (1..=3).map(|seed| run(&g711(t), seed, 300.0)).collect::<Vec<_>>();
    let (udp, ccid4) = (runs("udp"), runs("ccid4"));
    let m = |rs: &[DccpSummary], f: fn(&DccpSummary) -> f64| rs.iter().map(f).sum::<f64>() / rs.len() as f64;
    let (ju, jc) = (m(&udp, |s| s.jitter_ms), m(&ccid4, |s| s.jitter_ms));
    let (pu, pc) = (m(&udp, |s| s.pdv_ms), m(&ccid4, |s| s.pdv_ms));
    let ctx = format!(
        "RFC 3550 jitter UDP {ju:.1} ms, CCID4 {jc:.1} ms; delay above the least UDP {pu:.1} ms, CCID4 {pc:.1} ms"
    );
    assert!(udp.iter().zip(&ccid4).all(|(u, c)| u.jitter_ms != c.jitter_ms), "the delays differ run by run: {ctx}");
    assert!((jc / ju - 1.0).abs() < 0.05, "{ctx}");
    assert!((pc / pu - 1.0).abs() < 0.2 && pu > 40.0 && pu < 70.0, "{ctx}");
    // On a path that keeps the order RFC 3550's J stays below twice the packets' interval
    // (2 × 22.5 ms), so Table III's 54 ms can only be the delay variation; and that variation
    // comes without late losses for UDP.
    assert!(ju < 45.0, "{ctx}");
    assert!(m(&udp, |s| s.late_pct) < 0.1, "UDP late {:.3} %", m(&udp, |s| s.late_pct));
}

#[test]
fn table_2_twelve_calls_in_two_datagrams_ccid4_at_the_papers_level_pinning_ccid4_scas_as_a_deviation() {
    // Paper 003 Tables II and IV, twelve G.711 calls: CCID4 6.32 %, CCID4-N 3.76 %, CCID4-SCA
    // 1.5 %. Over DCCP each interval's twelve frames leave as two datagrams (7 and 5 frames:
    // Linux's dccp_sendmsg refuses a message above the maximum packet size, 1440 bytes), so
    // TFRC counts twice the packets for the same loss events. Five 10-minute calls (the same
    // seed gives each transport the same channel): the order holds seed by seed, and CCID4's
    // level is within a factor of 2 of the paper's. This pins a deviation: CCID4-SCA keeps
    // more than twice the paper's 1.5 % (its losses are the equation's, after the first loss,
    // where SCA's start helps little; the day it falls within is good news).
    let (mut sums, mut wins) = ([0.0; 3], 0);
    for seed in 1..=5 {
        let runs: Vec<DccpSummary> = ["ccid4", "ccid4-n", "ccid4-sca"]
            .iter()
            .map(|t| run(&format!(r#""codec": "g711", "calls": 12, "transport": "{t}""#), seed, 600.0))
            .collect();
        assert!(runs.iter().all(|s| s.datagrams_per_interval == 2), "two datagrams an interval");
        let l: Vec<f64> = runs.iter().map(|s| s.loss_pct).collect();
        wins += (l[0] >= l[1] && l[1] >= l[2]) as u32;
        for i in 0..3 {
            sums[i] += l[i] / 5.0;
        }
    }
    let ctx = format!(
        "CCID4 {:.2} %, CCID4-N {:.2} %, CCID4-SCA {:.2} % (paper 6.32, 3.76, 1.5); ordered in {wins} of 5 seeds",
        sums[0], sums[1], sums[2]
    );
    assert!(sums[0] > sums[1] && sums[1] > sums[2] && wins >= 4, "{ctx}");
    assert!(sums[0] > 6.32 / 2.0 && sums[0] < 2.0 * 6.32, "{ctx}");
    assert!(sums[2] > 2.0 * 1.5, "deviation pinned (CCID4-SCA's level): {ctx}");
}

#[test]
fn one_datagram_per_interval_over_dccp_loses_far_more_than_the_split() {
    // The configuration before the maximum packet size (max_packet_bytes above the interval's
    // 2208 bytes: one datagram every 22.5 ms, as UDP sends it): a loss event weighs twice as
    // much in TFRC's loss event rate, and twelve calls over CCID4 lose about three times what
    // the split loses (docs/REPRODUCTION.md: 15.6 ± 7.0 % against 5.3 ± 3.1 % over 10 seeds).
    let loss = |mps: u32| {
        (1..=3)
            .map(|seed| {
                run(
                    &format!(r#""codec": "g711", "calls": 12, "transport": "ccid4", "max_packet_bytes": {mps}"#),
                    seed,
                    600.0,
                )
                .loss_pct
            })
            .sum::<f64>()
            / 3.0
    };
    let (split, whole) = (loss(1440), loss(65_535));
    assert!(whole > 2.0 * split, "one datagram {whole:.2} %, two {split:.2} %");
}

#[test]
fn fig_2_and_table_5_the_variants_bring_the_mos_back_towards_udps() {
    // Paper 003 Fig. 2 / Table V: CCID4's losses cost G.711 most of its quality; CCID4-N and
    // CCID4-SCA recover it (SCA closest to UDP).
    let mos = |t: &str| mean(&format!(r#""codec": "g711", "transport": "{t}""#), 300.0, |s| s.mos.unwrap());
    let (udp, ccid4, n, sca) = (mos("udp"), mos("ccid4"), mos("ccid4-n"), mos("ccid4-sca"));
    let ctx = format!("MOS: UDP {udp:.2}, CCID4 {ccid4:.2}, CCID4-N {n:.2}, CCID4-SCA {sca:.2}");
    assert!(udp - ccid4 > 0.5, "{ctx}");
    assert!(ccid4 < n && n <= sca + 0.01 && sca < udp, "{ctx}");
}

#[test]
fn table_6_dccp_shares_the_link_with_tcp_and_udp_does_not() {
    // Paper 003 Table VI, Jain's index with one TCP flow: 12 G.711 calls, UDP 0.74 against
    // CCID4 0.9997; a flow at the nominal link rate, UDP 0.5 against CCID4 0.985. Means over
    // three 300 s runs; TCP NewReno.
    let jain = |cfg: &str| mean(&format!(r#"{cfg}, "tcp_flows": 1"#), 300.0, |s| s.jain.unwrap());
    // Behind the shared access's frames the flow at the link's rate gets about 0.90, below the
    // paper's 0.985 (docs/REPRODUCTION.md), hence its lower bound.
    for (flow, udp_max, ccid4_min) in [(r#""codec": "g711", "calls": 12"#, 0.8, 0.93), (r#""codec": "cbr""#, 0.6, 0.8)]
    {
        let (udp, ccid4) =
            (jain(&format!(r#"{flow}, "transport": "udp""#)), jain(&format!(r#"{flow}, "transport": "ccid4""#)));
        assert!(udp < udp_max && ccid4 > ccid4_min, "{flow}: Jain UDP {udp:.3}, CCID4 {ccid4:.3}");
    }
    // Against CUBIC (docs/USING.md, docs/REPRODUCTION.md) TFRC, whose equation is Reno's, gets far less
    // than half the link at this one-second round trip.
    let cubic = |f: fn(&DccpSummary) -> f64| {
        mean(r#""codec": "g711", "calls": 12, "transport": "ccid4", "tcp_flows": 1, "tcp_cc": "cubic""#, 300.0, f)
    };
    let (voice, tcp) = (cubic(|s| s.received_kbps), cubic(|s| s.tcp_kbps[0]));
    assert!(voice < 0.5 * tcp, "against CUBIC: the calls {voice:.0} kb/s, TCP {tcp:.0} kb/s");
}
