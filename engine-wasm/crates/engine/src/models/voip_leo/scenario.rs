//! The VoIP-over-LEO part of a scenario (paper 000; docs/REPRODUCTION.md).

use crate::channel::lms::LmsParams;
use crate::mac::harq::HarqParams;
use crate::metrics::emodel::Codec;
use crate::models::Scenario;
use crate::orbit::sites;
use crate::scenario::fields::*;
use crate::scenario::validate::{Checker, MAX_EXPECTED_ARRIVALS};
use crate::sched::policy::LmsPolicy;
use crate::sim::{num, WorkEstimate};
use serde::{Deserialize, Serialize};
use serde_json::json;

crate::crossing::crossing_section! {
    /// n VoIP flows from a server through the constellation to n mobile receivers behind one last
    /// satellite, sharing its LMS link (paper 000 Fig. 1).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct VoipScenario {
        /// Number of flows (= receivers), 1 to 2000.
        pub flows: u32 = 75,
        /// Policy on the LMS link: `dt-s`, `dt-h`, `rr`, `pf`, `codes`.
        pub policy: LmsPolicy = LmsPolicy::Pf,
        /// CoDeS sojourn timeout [ms] (paper 000: 50 to 200, default 100).
        pub codes_timeout_ms: f64 = 100.0,
        /// Delay bound tau of M-LWDF and EXP-PF [ms].
        pub delay_bound_ms: f64 = 100.0,
        /// Target probability of exceeding the delay bound, delta, of M-LWDF and EXP-PF.
        pub delay_violation_prob: f64 = 0.05,
        /// The LMS channel of each receiver.
        pub lms: LmsParams = LmsParams::default(),
        /// Adaptive HARQ.
        pub harq: HarqParams = HarqParams::default(),
        /// Coded bit rate of the LMS link [b/s] (paper 000: 9.4 Mb/s).
        pub link_rate_bps: f64 = 9.4e6,
        /// VoIP packet size [bytes] (paper 000: 210).
        pub packet_bytes: f64 = 210.0,
        /// Rate during talk spurts [b/s] (paper 000: 64 kb/s).
        pub rate_bps: f64 = 64_000.0,
        /// Mean talk spurt [ms] (paper 000: 500).
        pub mean_on_ms: f64 = 500.0,
        /// Mean silence [ms] (paper 000: 50).
        pub mean_off_ms: f64 = 50.0,
        /// Pareto shape of spurts and silences (1.5 by default).
        pub pareto_shape: f64 = 1.5,
        /// Where the server-to-last-satellite delay comes from: `route` (default) follows the
        /// constellation's route from `server_site` to the satellite serving `users_site`, one delay
        /// trace shared by all flows with a different time offset per flow (paper 000 §II-A: "each
        /// flow uses the same temporal trace but with different offset values"); `range` gives each
        /// flow a fixed delay in `constellation_delay_ms`.
        pub delay_source: DelaySource = DelaySource::Route,
        /// Largest time offset of a flow into the delay trace [s] (`route`).
        pub trace_offset_max_s: f64 = 600.0,
        /// Server to last satellite delay range [ms] (`range`; paper 000: "70 ms to 90 ms within
        /// the satellite constellation").
        pub constellation_delay_ms: [f64; 2] = [70.0, 90.0],
        // Paper 000 §III: the transmission over the LMS link takes about 10 ms (and §II-B's
        // 70 ms worst case is 10 ms + 3 HARQ round trips of 20 ms).
        /// Last satellite to receiver propagation [ms].
        pub last_hop_delay_ms: f64 = 10.0,
        // The flows' round trip: twice the 60-90 ms path and the 10 ms last hop, plus HARQ
        // (paper 000 §III: "RTT is the average Round-Trip Time of the flows"; the value is
        // ours). With it each call's queue holds 1-2 packets: DT_S loses > 20 % at 75 users
        // as in the paper, but almost no packet waits the CoDeS timeout, so CoDeS equals PF;
        // queues 15x longer (rtt_ms 3000) show CoDeS's effect. See docs/REPRODUCTION.md.
        /// Mean round-trip time in the buffer rule B = RTT C / sqrt(n) [ms].
        pub rtt_ms: f64 = 200.0,
        /// Time constant of PF's throughput average [ms] (ns-3's PF: 99 TTIs of 1 ms).
        pub pf_window_ms: f64 = 99.0,
        /// The rate r_i(t) the PF family compares: the throughput the adaptive HARQ delivers at the
        /// receiver's current quality (default), the mutual information per symbol, or the HARQ
        /// throughput at the receiver's shadowing level (`shadowing`, fast fading averaged out).
        pub pf_rate: PfRate = PfRate::Harq,
        /// Codec for the E-model.
        pub codec: Codec = Codec::G711,
        /// E-model advantage factor (paper 000: 20 for satellite).
        pub advantage: f64 = 20.0,
        /// Receivers whose SNR is charted (0 to 8).
        pub snr_traces: u32 = 3,
        /// Where the server is, for the globe (a site name or `lat,lon`).
        pub server_site: String = "Hawaii gateway".into(),
        /// Where the mobile receivers are, for the globe.
        pub users_site: String = "New Delhi".into(),
        ..crossing at "voip",
    }
}

/// What the PF family takes as a flow's achievable rate r_i(t) (paper 000 eq. 3, "the
/// throughput of the channel at time t").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PfRate {
    /// The throughput the adaptive HARQ delivers a packet sent now, were the quality to hold
    /// ([`HarqParams::delivered_rate_bps`]): full rate when the first transmission decodes, a
    /// HARQ round trip per retransmission otherwise, zero in outage.
    Harq,
    /// QPSK mutual information at the current SNR (a capacity that never nears zero; the only
    /// rate until 2026-11-26).
    MutualInformation,
    /// The HARQ throughput ([`HarqParams::delivered_rate_bps`]) at the receiver's local mean
    /// SNR: the shadowing state and level with the fast multipath fading averaged out
    /// ([`crate::channel::lms::LmsChannel::shadowing_mi_bits`]). HARQ still decodes on the
    /// instantaneous channel. Our reading of paper 000 §V: packets are sent "only when the
    /// attenuation is low" and "may wait a long time before getting good conditions", the
    /// attenuation being the shadowing's, with the Doppler "estimated and compensated" (§III).
    Shadowing,
}

/// Source of the server-to-last-satellite delay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DelaySource {
    /// The constellation route's delay trace, offset per flow.
    Route,
    /// A fixed delay per flow drawn in `constellation_delay_ms`.
    Range,
}

impl VoipScenario {
    /// Total buffer B [packets] = RTT x C / sqrt(n), with C the link's packet rate for
    /// first transmissions (paper 000 §III, from its reference [22]).
    pub fn total_buffer_pkts(&self) -> usize {
        let coded_bits = 2.0 * (self.packet_bytes * 8.0 / self.harq.first_tx_bits_per_symbol).ceil();
        let c_pps = self.link_rate_bps / coded_bits;
        (self.rtt_ms / 1e3 * c_pps / (self.flows.max(1) as f64).sqrt()).round().max(1.0) as usize
    }
}

/// The rules joining fields (ranges are in [`groups`]): the delay range, the route's 48 h
/// limit, the sites, and the work budget of one run.
pub fn validate(s: &Scenario, c: &mut Checker) {
    let v = &s.voip;
    let f = |name: &str| format!("voip.{name}");
    if v.constellation_delay_ms[0] > v.constellation_delay_ms[1] {
        c.push(
            &f("constellation_delay_ms"),
            format!(
                "[{}, {}]: the minimum is above the maximum",
                v.constellation_delay_ms[0], v.constellation_delay_ms[1]
            ),
        );
    }
    if v.delay_source == DelaySource::Route
        && s.duration_s.is_finite()
        && s.duration_s + v.trace_offset_max_s > 2.0 * 86_400.0
    {
        c.push(&f("delay_source"), format!("`route` follows at most 48 h of the constellation: duration_s ({}) + trace_offset_max_s ({}) is longer; use `range` or a shorter run", s.duration_s, v.trace_offset_max_s));
    }
    for (name, site) in [("server_site", &v.server_site), ("users_site", &v.users_site)] {
        if let Err(e) = sites::resolve(site, &[]) {
            c.push(&f(name), e);
        }
    }
    // The route's trace and the globe's view each step the constellation once a second.
    if s.duration_s.is_finite() && v.trace_offset_max_s.is_finite() {
        let steps = 2.0 * s.duration_s + v.trace_offset_max_s;
        VoipScenario::check_crossing(&super::constellation_view(s), steps, c);
    }
    // Bound the work of one run: packets offered = flows x rate x duration.
    let pkts = v.flows as f64 * v.rate_bps / (v.packet_bytes * 8.0) * s.duration_s;
    if pkts.is_finite() && pkts > MAX_EXPECTED_ARRIVALS {
        c.push(&f("flows"), format!("{pkts:.3e} packets over duration_s, above the maximum {MAX_EXPECTED_ARRIVALS:.0e}; fewer flows or a shorter run"));
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges (checked by
/// `scenario::fields::check_ranges`).
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Voice traffic",
            fields: vec![
                int("voip.flows", "Calls", "u32", None, 1, 2_000, "VoIP flows, one per mobile receiver, sharing the LMS link."),
                choice("voip.codec", "Codec", &[("g711", "G.711"), ("g711-plc", "G.711 with PLC"), ("g729", "G.729"), ("g729a-vad", "G.729A with VAD"), ("g723.1-6.3", "G.723.1 6.3 kb/s")], "Codec of the E-model (ITU-T G.107) that turns delay and loss into MOS."),
                real("voip.rate_bps", "Talk-spurt rate", Some("b/s"), 100.0, 1e8, "Rate while talking (paper 000: 64 kb/s)."),
                real("voip.packet_bytes", "Packet size", Some("bytes"), 1.0, 65_535.0, "VoIP packet size (paper 000: 210 bytes)."),
                real("voip.mean_on_ms", "Mean talk spurt", Some("ms"), 0.0, 1_000_000.0, "Mean Pareto on-period (paper 000: 500 ms).").above_min(),
                real("voip.mean_off_ms", "Mean silence", Some("ms"), 0.0, 1_000_000.0, "Mean Pareto off-period (paper 000: 50 ms).").above_min(),
                real("voip.pareto_shape", "Pareto shape", None, 1.1, 10.0, "Shape of the on and off periods (1.5 by default). At 1 a Pareto period has no mean; below 1.1 most periods are under a tenth of the mean (the shortest is mean x (shape - 1) / shape) and a run's average never settles, so 1.1 is the least."),
                real("voip.advantage", "Advantage factor A", None, 0.0, 50.0, "E-model advantage factor (paper 000: 20 for satellite)."),
            ],
        },
        Group {
            title: "Scheduler on the LMS link",
            fields: vec![
                choice("voip.policy", "Policy", &LmsPolicy::choices(), "How the last satellite shares the LMS link among the receivers (paper 000).").short_names(&LmsPolicy::short_labels()),
                real("voip.codes_timeout_ms", "CoDeS timeout", Some("ms"), 0.0, 10_000.0, "Packets older than this are dropped (paper 000: 50 to 200, default 100).").above_min(),
                real("voip.pf_window_ms", "PF window", Some("ms"), 1.0, 1_000_000.0, "Time constant of the throughput average of PF and its variants (ns-3: 99 TTIs of 1 ms)."),
                choice("voip.pf_rate", "PF's channel rate", &[("harq", "HARQ throughput"), ("mutual-information", "mutual information"), ("shadowing", "HARQ throughput at the shadowing level")], "The rate r_i(t) that PF, CoDeS, M-LWDF and EXP-PF compare (paper 000 eq. 3): what the adaptive HARQ delivers at the current quality (a 20 ms round trip per retransmission, nothing in outage), QPSK's mutual information, or the HARQ throughput at the receiver's local mean SNR (the shadowing, fast fading averaged out; HARQ still decodes on the instantaneous channel)."),
                real("voip.delay_bound_ms", "Delay bound τ", Some("ms"), 0.0, 10_000.0, "Delay bound of M-LWDF and EXP-PF.").above_min(),
                real("voip.delay_violation_prob", "Violation probability δ", None, 0.0, 0.999, "Target probability of exceeding τ (M-LWDF, EXP-PF).").above_min(),
                real("voip.rtt_ms", "Buffer RTT", Some("ms"), 0.0, 10_000.0, "Mean RTT in the buffer rule B = RTT C / √n.").above_min(),
            ],
        },
        Group {
            title: "LMS channel and HARQ",
            fields: vec![
                real("voip.lms.snr_ref_db", "Reference SNR", Some("dB"), -10.0, 40.0, "SNR of the line-of-sight state."),
                real("voip.lms.speed_kmh", "Receiver speed", Some("km/h"), 0.0, 1000.0, "Speed of the mobile receivers (fading rate)."),
                real("voip.lms.carrier_ghz", "Carrier", Some("GHz"), 0.1, 100.0, "Carrier frequency (S band: 2.2 GHz)."),
                real("voip.lms.state_duration_scale_s", "State duration scale", Some("s"), 0.01, 1_000_000.0, "Scales the mean durations of the good/bad channel states."),
                real("voip.lms.state_step_s", "Channel step", Some("s"), 0.001, 1.0, "Time step of the channel samples."),
                real("voip.lms.corr_distance_m", "Correlation distance", Some("m"), 0.01, 1000.0, "Shadowing correlation distance."),
                real("voip.link_rate_bps", "Coded link rate", Some("b/s"), 1000.0, 1e10, "Coded bit rate of the LMS link (paper 000: 9.4 Mb/s)."),
                real("voip.harq.first_tx_bits_per_symbol", "First-transmission rate", Some("bits/symbol"), 0.0, 2.0, "Code rate of the first HARQ transmission (calibrated to paper 000 Table II: 1.5).").above_min(),
                real("voip.harq.code_gap", "Code gap", None, 0.0, 1.0, "Gap to capacity of the code."),
                int("voip.harq.max_retx", "Retransmissions", "u32", None, 0, 10, "Most HARQ retransmissions of one packet."),
                real("voip.harq.round_trip_ms", "HARQ round trip", Some("ms"), 0.0, 1000.0, "Time before a retransmission.").above_min(),
                int("voip.snr_traces", "SNR traces charted", "u32", None, 0, 8, "Receivers whose SNR is charted."),
            ],
        },
        Group {
            title: "Path through the constellation",
            fields: vec![
                choice("voip.delay_source", "Delay source", &[("route", "the route, offset per flow"), ("range", "a fixed delay per flow")], "route: one delay trace of the constellation route, offset per flow (paper 000 §II-A); range: a fixed delay drawn per flow."),
                real("voip.trace_offset_max_s", "Largest trace offset", Some("s"), 0.0, 86_400.0, "Largest time offset of a flow into the delay trace (route).").applies_when("voip.delay_source", &[json!("route")]),
                real("voip.constellation_delay_ms[0]", "Delay range: low", Some("ms"), 0.0, 1000.0, "Lowest server-to-satellite delay (range; paper 000: 70 ms).").applies_when("voip.delay_source", &[json!("range")]),
                real("voip.constellation_delay_ms[1]", "Delay range: high", Some("ms"), 0.0, 1000.0, "Highest server-to-satellite delay (range; paper 000: 90 ms).").applies_when("voip.delay_source", &[json!("range")]),
                real("voip.last_hop_delay_ms", "Last hop", Some("ms"), 0.0, 1000.0, "Propagation from the last satellite to the receivers."),
                text("voip.server_site", "Server site", "Where the server is: a site name or lat,lon."),
                text("voip.users_site", "Receivers site", "Where the mobile receivers are."),
            ],
        },
        Group {
            title: "Constellation crossed",
            fields: VoipScenario::crossing_fields("paper 000's Iridium at 800 km"),
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<VoipScenario>("voip"), object::<LmsParams>("voip.lms"), object::<HarqParams>("voip.harq")]
}

/// The run's events: each packet is emitted and reaches the last satellite (two events), and
/// each transmission the LMS link can make ends in one.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let v = &s.voip;
    let talking = v.mean_on_ms / (v.mean_on_ms + v.mean_off_ms);
    let pkts = v.flows as f64 * v.rate_bps / (v.packet_bytes * 8.0) * talking * s.duration_s;
    let coded_bits = 2.0 * (v.packet_bytes * 8.0 / v.harq.first_tx_bits_per_symbol).ceil();
    let transmissions = v.link_rate_bps / coded_bits * s.duration_s;
    Some(WorkEstimate {
        // 1.6 M events/s for the CoDeS preset; long queues run slower, 0.4 M.
        events_per_s: 1e6,
        events: 2.0 * pkts + transmissions,
        field: "voip.flows",
        offers: format!(
            "about {pkts:.2e} packets ({} flows x {} b/s / ({} B x 8) x {:.0} % talking x {} s)",
            v.flows,
            num(v.rate_bps),
            num(v.packet_bytes),
            100.0 * talking,
            num(s.duration_s)
        ),
        lower: "voip.flows, voip.rate_bps or duration_s".into(),
    })
}
