//! What a voice-over-DCCP run reports.

use serde::Serialize;

/// What DCCP did, when it carries the flow.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct DccpTransportSummary {
    /// Mean rate TFRC allowed, sampled at every frame [kb/s].
    pub allowed_kbps: f64,
    /// Whether the sender is still in slow start (no loss ever reported): paper 003 §IV-A's
    /// finding at VoIP rates.
    pub slow_start: bool,
    /// The loss event rate last reported.
    pub loss_event_rate: f64,
    /// The sender's RTT estimate [ms].
    pub rtt_ms: Option<f64>,
    /// Loss events the receiver counted.
    pub loss_events: u64,
    /// Reports the receiver sent.
    pub reports: u64,
    /// Times the nofeedback timer halved the rate.
    pub nofeedback_expiries: u64,
}

/// The voice flow's fate and quality, and the flows' fairness.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct DccpSummary {
    /// UDP, CCID3, CCID4, CCID4-N or CCID4-SCA.
    pub transport: String,
    /// The codec (or constant-rate data).
    pub codec: String,
    /// Calls in the flow.
    pub calls: u32,
    /// Silence suppression on.
    pub dtx: bool,
    /// One codec frame's payload [bytes] (paper 003 Table I), or the data flow's packet payload.
    pub frame_bytes: f64,
    /// The largest datagram's payload with every call talking [bytes]: the calls' frames, each
    /// with its 4-byte trunking header, as many as fit in DCCP's maximum packet size.
    pub payload_bytes: f64,
    /// That datagram on the wire [bytes].
    pub packet_bytes: f64,
    /// Datagrams the application sends per interval with every call talking: one, or over DCCP
    /// as many as the maximum packet size needs (paper 003's twelve G.711 calls: two).
    pub datagrams_per_interval: u32,
    /// Interval between packets [ms].
    pub interval_ms: f64,
    /// The flow's rate on the wire with every call talking [kb/s].
    pub app_kbps: f64,
    /// TFRC's rate after the first report at the path's round trip [bytes/s] (paper 003 eq. 1
    /// for CCID3/CCID4, eq. 6 for CCID4-N and at the nominal RTT for CCID4-SCA); null with UDP.
    pub tfrc_initial_bytes_per_s: Option<f64>,
    /// Share of frame intervals in which at least one call talked.
    pub talking_share: f64,
    /// Packets the application made (after the warm-up).
    pub generated: u64,
    /// Packets the transport sent.
    pub sent: u64,
    /// Packets played out in time.
    pub played: u64,
    /// Packets lost between application and transport (DCCP's full buffer).
    pub lost_app: u64,
    /// Packets dropped by the bottleneck's full buffer.
    pub lost_queue: u64,
    /// Packets lost to link errors.
    pub lost_errors: u64,
    /// Packets that arrived after their playout time.
    pub late: u64,
    /// Packets lost, every cause, per 100 made [%] (paper 003 Tables II and IV).
    pub loss_pct: f64,
    /// Lost between application and transport [%].
    pub app_loss_pct: f64,
    /// Lost on the link, errors and full buffer [%].
    pub link_loss_pct: f64,
    /// Late for the playout buffer [%].
    pub late_pct: f64,
    /// Mean one-way delay of the packets that arrived, from their creation [ms].
    pub delay_ms: f64,
    /// Mean RFC 3550 jitter over the arrivals [ms] (paper 003 Table III).
    pub jitter_ms: f64,
    /// Largest RFC 3550 jitter [ms].
    pub jitter_max_ms: f64,
    /// Mean delay above the path's least delay (RFC 5481's packet delay variation) over the
    /// arrivals [ms]: the other reading of paper 003 Table III's jitter. RFC 3550's J cannot
    /// exceed about twice the interval between packets on a path that keeps their order.
    pub pdv_ms: f64,
    /// Largest delay above the path's least [ms].
    pub pdv_max_ms: f64,
    /// The E-model's R (ITU-T G.107, advantage as set) from the loss of every cause and the
    /// mean one-way delay, as paper 003 §VI computes it, on G.107's scale 0-100 (clamped as
    /// Annex B clamps MOS); null for data.
    pub r: Option<f64>,
    /// Why R is below 50 (G.109's lowest category): the dominant impairment, Ie,eff from loss
    /// or Id from delay, and the clamp if eq. 7-1 summed below 0; null otherwise.
    pub r_reason: Option<String>,
    /// MOS from R; null for data.
    pub mos: Option<f64>,
    /// The flow's rate played out in time [kb/s].
    pub voice_kbps: f64,
    /// The flow's rate received, late packets included [kb/s]: its share of the link.
    pub received_kbps: f64,
    /// Each TCP flow's goodput [kb/s].
    pub tcp_kbps: Vec<f64>,
    /// Jain's index over the received rates of the voice flow and the TCP flows (paper 003
    /// Table VI).
    pub jain: Option<f64>,
    /// DCCP's state, when DCCP carries the flow.
    pub dccp: Option<DccpTransportSummary>,
}
