//! Paper 002's link layer (`002_fd0c9b0ead2567de.txt` §3.6): the LLDU-by-LLDU link against the
//! closed forms, and the comparison of FEC, ARQ and HARQ-II.
//!
//! Steps: run the `link-layer` model (2.34 Mb/s, LLDUs of 33 bytes, RTT 500 ms) for 60 s with
//! three seeds per point, on Fig. 5's grid (α = 0.99, β from 0.1 to 0.98; FEC 10/12 and HARQ-II
//! 5/7 with N_S = 1, R = 2) and on Fig. 6's (α = 0.98, β from 0.1 to 0.93; N_D = 38, N_R = 13,
//! R = 2, and ARQ).
//! Expected result: Fig. 5, "the theoretical expressions developed fit [the simulation]": the
//! mean over the seeds of the throughput efficiency and of the LLDU recovery delay within 2 % of
//! the closed forms at every β. Fig. 6's reading (§3.6.2): ARQ is the more efficient (it sends
//! no useless repair LLDUs), HARQ-II recovers what FEC cannot, and when erasures are frequent
//! HARQ-II's first repair LLDUs make its delay shorter than ARQ's.

use crate::models::link_layer::LinkSummary;
use crate::Simulation;

fn run(alpha: f64, beta: f64, link: &str, seed: u64) -> LinkSummary {
    let json = format!(
        r#"{{"version": 2, "model": "link-layer", "seed": {seed}, "duration_s": 60, "link": {{"alpha": {alpha}, "beta": {beta}, {link}}}}}"#
    );
    let mut sim = Simulation::from_json(&json).expect("valid scenario");
    sim.run_to_end();
    sim.summary().take::<LinkSummary>().expect("the link's summary")
}

/// Means over seeds 1..=3 of (efficiency, LLDU delay [ms], residual loss), and the run's theory.
fn mean(alpha: f64, beta: f64, link: &str) -> ([f64; 3], LinkSummary) {
    let runs: Vec<LinkSummary> = (1..=3).map(|seed| run(alpha, beta, link, seed)).collect();
    let m = |f: fn(&LinkSummary) -> f64| runs.iter().map(f).sum::<f64>() / runs.len() as f64;
    ([m(|l| l.efficiency), m(|l| l.lldu_delay_ms), m(|l| l.residual_loss)], runs.into_iter().next().unwrap())
}

#[test]
fn fig_5_the_closed_forms_fit_the_simulated_link_within_2_percent() {
    for beta in [0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98] {
        for link in [
            r#""scheme": "fec", "fec_nd": 10, "fec_nr": 2"#,
            r#""scheme": "harq", "harq_nd": 5, "harq_nr": 2, "harq_ns": 1, "harq_rounds": 2"#,
        ] {
            let ([eff, delay, _], l) = mean(0.99, beta, link);
            let th = &l.theory;
            let ctx = format!(
                "β {beta}, {}: efficiency {eff:.4} against {:.4}, delay {delay:.2} ms against {:.2}",
                l.scheme, th.efficiency, th.delay_ms
            );
            assert!((eff / th.efficiency - 1.0).abs() < 0.02, "{ctx}");
            assert!((delay / th.delay_ms - 1.0).abs() < 0.02, "{ctx}");
        }
    }
}

#[test]
fn fig_6_arq_is_more_efficient_harq_recovers_what_fec_cannot_and_waits_less_than_arq_when_erasures_are_frequent() {
    let code = r#""fec_nd": 38, "fec_nr": 13, "harq_nd": 38, "harq_nr": 13, "harq_ns": 1, "harq_rounds": 2"#;
    let mut last = None;
    for beta in [0.1, 0.5, 0.8, 0.93] {
        let ([fec_eff, _, fec_loss], _) = mean(0.98, beta, &format!(r#""scheme": "fec", {code}"#));
        let ([arq_eff, arq_delay, arq_loss], _) = mean(0.98, beta, &format!(r#""scheme": "arq", {code}"#));
        let ([harq_eff, harq_delay, harq_loss], _) = mean(0.98, beta, &format!(r#""scheme": "harq", {code}"#));
        let ctx = format!("β {beta}: efficiency FEC {fec_eff:.4} ARQ {arq_eff:.4} HARQ {harq_eff:.4}; loss FEC {fec_loss:.5} HARQ {harq_loss:.5}; delay ARQ {arq_delay:.1} HARQ {harq_delay:.1} ms");
        assert!(arq_eff > harq_eff, "{ctx}");
        assert!(harq_eff >= fec_eff - 1e-9, "{ctx}");
        assert!(harq_loss <= fec_loss, "{ctx}");
        assert_eq!(arq_loss, 0.0, "{ctx}");
        last = Some((arq_delay, harq_delay, fec_loss, harq_loss, ctx));
    }
    // At β = 0.93 (an erasure probability of 0.22, bursts of 14 LLDUs).
    let (arq_delay, harq_delay, fec_loss, harq_loss, ctx) = last.unwrap();
    assert!(harq_delay < 0.95 * arq_delay, "{ctx}");
    assert!(fec_loss > 0.1 && harq_loss < 0.5 * fec_loss, "{ctx}");
}

/// A TCP flow over the link: `link` is merged into paper 002 §4.1's scenario named by `phy`,
/// with the paper's CUBIC β of 0.8 (§5: "CUBIC decreases its congestion window by multiplying
/// it by 0.8"), as every paper 002 preset has it.
fn tcp(phy: &str, es_n0: f64, rate: f64, link: &str, seed: u64, duration: f64) -> LinkSummary {
    let json = format!(
        r#"{{"version": 2, "model": "link-layer", "seed": {seed}, "duration_s": {duration}, "link": {{"traffic": "tcp", "phy": "{phy}", "es_n0_db": {es_n0}, "rate_bps": {rate}, "delivery": "out-of-order", "harq_ns": 1, "harq_rounds": 2, "tcp_cubic_beta": 0.8, {link}}}}}"#
    );
    let mut sim = Simulation::from_json(&json).expect("valid scenario");
    sim.run_to_end();
    sim.summary().take::<LinkSummary>().expect("the link's summary")
}

#[test]
fn fig_8_and_table_2_newreno_and_compound_fall_short_over_arq_hybla_fills_the_link_and_its_queue_and_harq_costs_its_rate_and_adds_delay(
) {
    // Paper 002 Fig. 8 (Distribution scenario, up: 2.34 Mb/s, Es/N0 14 dB): NewReno and
    // Compound stay far below the others; Hybla, CUBIC and Westwood+ come close to the link's capacity with ARQ;
    // with HARQ(X/Y) their rate is multiplied by X/Y. Table 2: Hybla's packets wait far longer
    // than CUBIC's. Means over three seeds of 200 s (the preset's run).
    let mean = |cc: &str, scheme: &str, f: fn(&LinkSummary) -> f64| {
        (1..=3)
            .map(|seed| f(&tcp("distribution", 14.0, 2.34e6, &format!(r#""tcp_cc": "{cc}", {scheme}"#), seed, 200.0)))
            .sum::<f64>()
            / 3.0
    };
    let goodput = |l: &LinkSummary| l.tcp.as_ref().unwrap().goodput_kbps;
    let p85 = |l: &LinkSummary| l.tcp.as_ref().unwrap().delay_p85_s.unwrap();
    let arq = r#""scheme": "arq""#;
    let harq = r#""scheme": "harq", "harq_nd": 10, "harq_nr": 2"#;
    let (reno, compound) = (mean("new-reno", arq, goodput), mean("compound", arq, goodput));
    let (cubic, hybla, westwood) =
        (mean("cubic", arq, goodput), mean("hybla", arq, goodput), mean("westwood-plus", arq, goodput));
    let ctx = format!("ARQ goodput [kb/s]: NewReno {reno:.0}, Compound {compound:.0}, CUBIC {cubic:.0}, Hybla {hybla:.0}, Westwood+ {westwood:.0}");
    assert!(reno.max(compound) < 0.6 * cubic.min(westwood), "{ctx}");
    // "For both TCP New Reno and TCP Compound, ARQ at the link layer overcomes HARQ-II."
    let compound_harq = mean("compound", harq, goodput);
    assert!(compound > compound_harq, "Compound: ARQ {compound:.0}, HARQ(10/12) {compound_harq:.0} kb/s");
    // "Reach the capacity": at least 0.7 of the link's 2.34 Mb/s each (CUBIC 0.84, Westwood+ 0.76,
    // Hybla 0.94 over these seeds).
    assert!(cubic.min(hybla).min(westwood) > 0.7 * 2340.0, "{ctx}");
    let hybla_harq = mean("hybla", harq, goodput);
    assert!(
        (hybla_harq / hybla - 10.0 / 12.0).abs() < 0.06,
        "Hybla with HARQ(10/12) {hybla_harq:.0} against ARQ {hybla:.0}"
    );
    let (hybla_wait, cubic_wait) = (mean("hybla", arq, p85), mean("cubic", arq, p85));
    // Paper: 8.61 s against 2.41 s, 3.6 times. With β 0.8 CUBIC keeps more in the buffer and
    // its 85 % delay varies much from seed to seed (1.2 ± 1.1 s over seeds 1-5; 1.6 s over
    // these three), so twice is what three seeds can hold.
    assert!(
        hybla_wait > 2.0 * cubic_wait,
        "85 % of the packets within {hybla_wait:.2} s (Hybla) and {cubic_wait:.2} s (CUBIC)"
    );
    // Table 2's second finding, "contrary to what one might think": HARQ-II adds delay
    // (Hybla's 85 % delay 8.61 s over ARQ, 8.67 s over HARQ(10/12), 9.71 s over HARQ(10/15)).
    let harq15 = r#""scheme": "harq", "harq_nd": 10, "harq_nr": 5"#;
    let (hybla_wait_12, hybla_wait_15) = (mean("hybla", harq, p85), mean("hybla", harq15, p85));
    assert!(
        hybla_wait < hybla_wait_12 && hybla_wait_12 < hybla_wait_15,
        "Hybla's 85 % delay: ARQ {hybla_wait:.2} s, HARQ(10/12) {hybla_wait_12:.2} s, HARQ(10/15) {hybla_wait_15:.2} s"
    );
}

/// Table 3's measure: the mean time of a 100 kB CUBIC download (the `link` fields) over the
/// Interleaved Internet scenario at 263 kb/s and `es_n0` dB, over seeds 1-40.
fn mean_download_s(es_n0: f64, link: &str) -> f64 {
    (1..=40)
        .map(|seed| {
            tcp("interleaved-internet", es_n0, 263e3, link, seed, 60.0)
                .tcp
                .unwrap()
                .transfer_s
                .expect("the download ends")
        })
        .sum::<f64>()
        / 40.0
}

#[test]
fn table_3_harq_shortens_a_download_at_low_es_n0_only_when_a_fade_erases_its_lldus_sparsely() {
    // Paper 002 Table 3 (Interleaved Internet, 263 kb/s, CUBIC, a 100 kB download, mean of many
    // runs): at 5 dB HARQ(10/12) takes less time than ARQ. With SkyQueue's substitute physical
    // layer that holds when a faded 36 ms span erases a fifth of its LLDUs, which FEC can
    // repair, and not when it erases them all (the default), which only a retransmission can:
    // docs/REPRODUCTION.md. Means over 40 runs.
    let time = |scheme: &str, erase_bad: f64| {
        let link = format!(
            r#""tcp_cc": "cubic", "tcp_bytes": 100000, "harq_nd": 10, "harq_nr": 2, "erase_bad": {erase_bad}, "scheme": "{scheme}""#
        );
        mean_download_s(5.0, &link)
    };
    let (arq_sparse, harq_sparse) = (time("arq", 0.2), time("harq", 0.2));
    assert!(harq_sparse < 0.85 * arq_sparse, "sparse erasures: HARQ {harq_sparse:.2} s, ARQ {arq_sparse:.2} s");
    // Pins a deviation: on the presets' layer (a fade erases all its LLDUs) HARQ(10/12) is the
    // slower at 5 dB, where the paper has it faster (7.3 against 9.8 s): Table 3's crossover is
    // not reproduced (docs/REPRODUCTION.md § Paper 002). The day this fails is good news.
    let (arq_solid, harq_solid) = (time("arq", 1.0), time("harq", 1.0));
    assert!(harq_solid > arq_solid, "solid fades: HARQ {harq_solid:.2} s, ARQ {arq_solid:.2} s");
}

#[test]
fn table_3_arq_is_the_faster_at_8_db_on_the_presets_layer() {
    // Paper 002 Table 3 at 8 dB: ARQ 4.8 s, HARQ(10/12) 5.1 s; "these benefits are limited when
    // Es/N0 increases, and ARQ has better performance" (§6). Reproduced on the presets'
    // stated-points layer (3.60 against 4.17 s over 50 runs, docs/REPRODUCTION.md). Means over
    // 40 runs.
    let time = |scheme: &str| {
        let link =
            format!(r#""tcp_cc": "cubic", "tcp_bytes": 100000, "harq_nd": 10, "harq_nr": 2, "scheme": "{scheme}""#);
        mean_download_s(8.0, &link)
    };
    let (arq, harq) = (time("arq"), time("harq"));
    assert!(arq < 0.95 * harq, "8 dB: ARQ {arq:.2} s, HARQ(10/12) {harq:.2} s");
}

#[test]
fn table_1_with_the_modelled_physical_layer_harq_cuts_cubics_transport_retransmissions() {
    // Paper 002 Table 1 (Distribution scenario, 14 dB, CUBIC): retransmission probability ARQ
    // 0.0222 > HARQ(50/52) 0.0204 > HARQ(10/12) 0.00769 > HARQ(10/15) 0.00136. With the
    // modelled physical layer (each LLDU decoded from the fade its codeword saw) the same
    // order comes out; the levels are higher and CUBIC's goodput over ARQ far below Fig. 8's
    // (docs/REPRODUCTION.md). Means over three seeds of 60 s.
    let mean = |scheme: &str| {
        let link = format!(r#""tcp_cc": "cubic", "phy_model": "faded", {scheme}"#);
        (1..=3)
            .map(|seed| tcp("distribution", 14.0, 2.34e6, &link, seed, 60.0).tcp.unwrap().retransmission_probability)
            .sum::<f64>()
            / 3.0
    };
    let arq = mean(r#""scheme": "arq""#);
    let h52 = mean(r#""scheme": "harq", "harq_nd": 50, "harq_nr": 2"#);
    let h12 = mean(r#""scheme": "harq", "harq_nd": 10, "harq_nr": 2"#);
    let h15 = mean(r#""scheme": "harq", "harq_nd": 10, "harq_nr": 5"#);
    let ctx = format!(
        "retransmissions per segment: ARQ {arq:.4}, HARQ(50/52) {h52:.4}, HARQ(10/12) {h12:.4}, HARQ(10/15) {h15:.4}"
    );
    assert!(arq > h52 && h52 > h12 && h12 > h15, "{ctx}");
    assert!(arq > 3.0 * h12 && h12 > 3.0 * h15, "{ctx}");
}

#[test]
fn table_3_with_the_modelled_physical_layer_harq_shortens_the_download_at_low_es_n0() {
    // Paper 002 Table 3 (Interleaved Internet, 263 kb/s, CUBIC, 100 kB): at 5 dB HARQ(10/12)
    // 7.3 s against ARQ 9.8 s. The modelled physical layer erases a faded span's LLDUs
    // sparsely, FEC repairs most of them and HARQ-II wins, as in the paper. Means over 40 runs.
    let time = |scheme: &str| {
        let link = format!(
            r#""tcp_cc": "cubic", "tcp_bytes": 100000, "harq_nd": 10, "harq_nr": 2, "phy_model": "faded", "scheme": "{scheme}""#
        );
        mean_download_s(5.0, &link)
    };
    let (arq, harq) = (time("arq"), time("harq"));
    assert!(harq < 0.85 * arq, "HARQ {harq:.2} s, ARQ {arq:.2} s");
}

#[test]
fn fig_7_the_modelled_physical_layer_meets_the_stated_points_and_loses_more_without_interleaving() {
    // Paper 002 Fig. 7 / §4.1: the code is fitted to the interleaved scenario's PER 1e-1 at
    // 5 dB and 1e-2 at 8 dB; the run's measured LLDU erasure rate follows it, and the same code
    // without interleaving erases more at 8 dB (§4.1 states 1e-2 only at 12 dB).
    let erased = |phy: &str, es_n0: f64| {
        let json = format!(
            r#"{{"version": 2, "model": "link-layer", "seed": 2, "duration_s": 100, "link": {{"scheme": "none", "phy": "{phy}", "phy_model": "faded", "es_n0_db": {es_n0}, "rate_bps": 263000}}}}"#
        );
        let mut sim = Simulation::from_json(&json).expect("valid scenario");
        sim.run_to_end();
        sim.summary().take::<LinkSummary>().expect("the link's summary").erased_fraction
    };
    let (at5, at8) = (erased("interleaved-internet", 5.0), erased("interleaved-internet", 8.0));
    assert!((at5 - 0.1).abs() < 0.02, "{at5}");
    assert!((at8 - 0.01).abs() < 0.005, "{at8}");
    assert!(erased("non-interleaved-internet", 8.0) > 5.0 * at8);
}

/// Deviation, pinned: paper 002's own numbers say a packet of 47 LLDUs that is hit at 14 dB
/// loses about 20 of them (§5: PER "slightly lower than 1e-2", taken as 0.0095; Table 1: ARQ's
/// retransmission probability 0.0222, read as the share of packets hit: 47 × 0.0095 / 0.0222 =
/// 20). On the
/// presets' stated-points layer a 36 ms fade spans 319 LLDUs at 2.34 Mb/s and erases every one,
/// so a hit packet loses nearly all 47; at 263 kb/s (36 LLDUs a fade) about 20, as the paper's
/// ratio says. Steps: no scheme, a saturated sender, 30 s, seeds 1-3; E[erased | hit] = 47 e /
/// P(hit), e the LLDUs erased and P(hit) the packets lost.
#[test]
fn deviation_a_packet_hit_at_14_db_loses_nearly_all_its_47_lldus_on_the_presets_layer_not_about_20() {
    let per_hit = |phy: &str, es_n0: f64, rate: f64| -> f64 {
        let runs: Vec<f64> = (1..=3)
            .map(|seed| {
                let json = format!(
                    r#"{{"version": 2, "model": "link-layer", "seed": {seed}, "duration_s": 30, "warmup_s": 0, "link": {{"scheme": "none", "phy": "{phy}", "es_n0_db": {es_n0}, "rate_bps": {rate}}}}}"#
                );
                let mut sim = Simulation::from_json(&json).expect("valid scenario");
                sim.run_to_end();
                let l = sim.summary().take::<LinkSummary>().expect("the link's summary");
                l.lldus_per_packet as f64 * l.erased_fraction / l.packet_loss
            })
            .collect();
        runs.iter().sum::<f64>() / runs.len() as f64
    };
    let distribution = per_hit("distribution", 14.0, 2.34e6);
    assert!(distribution > 35.0, "Distribution, 14 dB: {distribution:.1} of 47 LLDUs per hit packet");
    let internet = per_hit("interleaved-internet", 8.0, 263e3);
    assert!((12.0..30.0).contains(&internet), "Interleaved Internet, 8 dB: {internet:.1} of 47");
}
