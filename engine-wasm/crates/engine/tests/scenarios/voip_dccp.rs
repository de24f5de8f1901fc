//! VoIP over DCCP on a GEO link (paper 003): its tables' orderings over several seeds.

use engine::models::voip_dccp::DccpSummary;
use engine::sim::Simulation;

/// One run: `dccp` fields merged into the model's defaults (paper 003's path: RTT 1 s, PER
/// 0.1 %, 1 Mb/s, a 400 ms playout buffer).
fn run(dccp: &str, seed: u64, duration: f64) -> DccpSummary {
    let json = format!(r#"{{"version": 2, "model": "voip-dccp", "seed": {seed}, "duration_s": {duration}, "warmup_s": 0, "dccp": {{{dccp}}}}}"#);
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
    // network rather than the DCCP congestion control algorithm".
    let jitter = |t: &str| mean(&format!(r#""codec": "g711", "transport": "{t}""#), 300.0, |s| s.jitter_ms);
    let (udp, ccid4) = (jitter("udp"), jitter("ccid4"));
    assert!((ccid4 / udp - 1.0).abs() < 0.1, "jitter UDP {udp:.1} ms, CCID4 {ccid4:.1} ms");
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
    for (flow, udp_max) in [(r#""codec": "g711", "calls": 12"#, 0.8), (r#""codec": "cbr""#, 0.6)] {
        let (udp, ccid4) = (jain(&format!(r#"{flow}, "transport": "udp""#)), jain(&format!(r#"{flow}, "transport": "ccid4""#)));
        assert!(udp < udp_max && ccid4 > 0.93, "{flow}: Jain UDP {udp:.3}, CCID4 {ccid4:.3}");
    }
    // Against CUBIC (README, docs/REPRODUCTION.md) TFRC, whose equation is Reno's, gets far less
    // than half the link at this one-second round trip.
    let cubic = |f: fn(&DccpSummary) -> f64| mean(r#""codec": "g711", "calls": 12, "transport": "ccid4", "tcp_flows": 1, "tcp_cc": "cubic""#, 300.0, f);
    let (voice, tcp) = (cubic(|s| s.received_kbps), cubic(|s| s.tcp_kbps[0]));
    assert!(voice < 0.5 * tcp, "against CUBIC: the calls {voice:.0} kb/s, TCP {tcp:.0} kb/s");
}
