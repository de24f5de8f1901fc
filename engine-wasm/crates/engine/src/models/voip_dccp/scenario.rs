//! VoIP over DCCP on a GEO link's part of a scenario (paper 003): the codec and its calls, the
//! transport, the path, the receiver.

use crate::models::Scenario;
use crate::scenario::fields::*;
use crate::scenario::validate::{duration_ok, Checker};
use crate::sim::{num, WorkEstimate};
use crate::transport::congestion::CcKind;
use crate::transport::tfrc::{Ccid, TfrcParams};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// What carries the voice stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VoiceTransport {
    /// UDP: every packet goes to the link as the application makes it.
    Udp,
    /// DCCP with CCID3 (TFRC, RFC 4342).
    Ccid3,
    /// DCCP with CCID4 (TFRC-SP, RFC 5622): paper 003's subject.
    Ccid4,
    /// Paper 003's CCID4-N (§V, eq. 6).
    Ccid4N,
    /// Paper 003's CCID4-SCA (§V, eq. 7).
    Ccid4Sca,
}

impl VoiceTransport {
    /// The DCCP congestion control, or none for UDP.
    pub fn ccid(self) -> Option<Ccid> {
        match self {
            VoiceTransport::Udp => None,
            VoiceTransport::Ccid3 => Some(Ccid::Ccid3),
            VoiceTransport::Ccid4 => Some(Ccid::Ccid4),
            VoiceTransport::Ccid4N => Some(Ccid::Ccid4N),
            VoiceTransport::Ccid4Sca => Some(Ccid::Ccid4Sca),
        }
    }

    /// The name paper 003 uses.
    pub fn label(self) -> &'static str {
        self.ccid().map_or("UDP", |c| c.label())
    }
}

/// The voice codec (paper 003 Table I), or a constant-rate data source (Table VI's second row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VoiceCodec {
    /// G.711: 64 kb/s, voice frames of 1440 bits (one every 22.5 ms).
    G711,
    /// G.729: 8 kb/s, voice frames of 160 bits (one every 20 ms).
    G729,
    /// Speex narrowband at 8 kb/s (160-bit frames every 20 ms); the E-model treats it as G.729,
    /// as paper 003 §VI does.
    Speex,
    /// A constant-rate flow of `cbr_bps`, packets of `cbr_payload_bytes` (paper 003 Table VI: a
    /// flow at the nominal link rate).
    Cbr,
}

impl VoiceCodec {
    /// (Payload bytes of one frame, interval between frames [s]) from Table I: the frame's
    /// bits over the codec's rate. For `cbr`, the data packet and its interval.
    pub fn frame(self, cbr_bps: f64, cbr_payload_bytes: u32) -> (f64, f64) {
        match self {
            VoiceCodec::G711 => (180.0, 1440.0 / 64_000.0),
            VoiceCodec::G729 | VoiceCodec::Speex => (20.0, 160.0 / 8_000.0),
            VoiceCodec::Cbr => (cbr_payload_bytes as f64, cbr_payload_bytes as f64 * 8.0 / cbr_bps.max(1.0)),
        }
    }

    /// The codec the E-model rates (Speex as G.729, paper 003 §VI); none for data.
    pub fn emodel(self) -> Option<crate::metrics::emodel::Codec> {
        use crate::metrics::emodel::Codec;
        match self {
            VoiceCodec::G711 => Some(Codec::G711),
            VoiceCodec::G729 | VoiceCodec::Speex => Some(Codec::G729),
            VoiceCodec::Cbr => None,
        }
    }

    /// The name in paper 003's tables.
    pub fn label(self) -> &'static str {
        match self {
            VoiceCodec::G711 => "G.711",
            VoiceCodec::G729 => "G.729",
            VoiceCodec::Speex => "Speex",
            VoiceCodec::Cbr => "constant-rate data",
        }
    }
}

/// How the shared satellite access delays (and loses) the packets leaving the bottleneck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AccessModel {
    /// Grant-based bandwidth on demand in frames (paper 003 §III: IPSTAR "uses shared access";
    /// its return link is MF-TDMA with capacity on demand): a packet waits for the next frame,
    /// then for a frame whose grant carries the terminal's backlog; the frames sent form a
    /// Gilbert-Elliott chain, and a frame sent in its Bad state loses every packet it carries.
    Frames,
    /// An exponential extra delay per packet, order kept, and independent packet errors (the
    /// earlier stand-in, kept for comparison).
    Exponential,
}

/// IAX2's per-call header in a (trunked) voice packet [bytes] (RFC 5456 §8.1.2's mini frame).
pub const IAX2_CALL_HEADER_BYTES: f64 = 4.0;

/// DCCP's maximum packet size on an Ethernet path [bytes]: what Linux's `dccp_sync_mss`
/// (net/dccp/output.c) leaves of the path MTU, 1500 on Ethernet (RFC 894; RFC 1191's PMTU),
/// for the application's data: less the IPv4 header (20), DCCP's generic header with 48-bit
/// sequence numbers (`sizeof(struct dccp_hdr) + sizeof(struct dccp_hdr_ext)`, 12 + 4: Linux
/// always sends long sequence numbers; RFC 4340 §5.1) and the headroom it keeps for the options
/// of a data packet, `roundup(1 + 6 + 10 + 6, 4)` = 24 (Slow Receiver, Timestamp, Timestamp
/// Echo, Data Checksum; no NDP count and no Ack Vector under CCID3/4): 1500 − 20 − 16 − 24.
/// `dccp_sendmsg` (net/dccp/proto.c) refuses a longer message with EMSGSIZE.
pub const DCCP_ETHERNET_MPS_BYTES: u32 = 1440;

/// One voice stream (one call, or several trunked into one flow) over a GEO path, carried by
/// UDP or DCCP, beside competing TCP flows (paper 003).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DccpScenario {
    /// What carries the stream: `udp`, `ccid3`, `ccid4`, `ccid4-n` or `ccid4-sca`.
    pub transport: VoiceTransport,
    /// Codec (paper 003 Table I): `g711`, `g729`, `speex`, or `cbr` (constant-rate data).
    pub codec: VoiceCodec,
    /// Discontinuous transmission: nothing is sent during silences (paper 003's Speex/DTX).
    pub dtx: bool,
    /// Calls multiplexed into the flow (IAX2 trunking; paper 003: 5 Speex calls, 12 G.711
    /// calls): each frame interval, a frame of each talking call in one packet, or over DCCP in
    /// as many as `max_packet_bytes` needs.
    pub calls: u32,
    /// Mean talk spurt with DTX [s] (exponential; ITU-T P.59: 1.004).
    pub talk_s: f64,
    /// Mean silence with DTX [s] (exponential; ITU-T P.59: 1.587).
    pub silence_s: f64,
    /// `cbr`: the data rate [bit/s] (paper 003 Table VI: the nominal link rate).
    pub cbr_bps: f64,
    /// `cbr`: payload of each packet [bytes].
    pub cbr_payload_bytes: u32,
    /// Protocol header of every packet, IP and transport [bytes]; CCID4's oh (RFC 5622: 36).
    pub header_bytes: f64,
    /// DCCP's maximum packet size [bytes]: the largest message the application may hand to
    /// DCCP (Linux's `dccp_sendmsg` refuses a longer one with EMSGSIZE), so the frames of one
    /// interval leave in as many datagrams as it takes, each carrying as many whole frames as
    /// fit. 1440: an Ethernet path ([`DCCP_ETHERNET_MPS_BYTES`]). UDP sends one datagram
    /// (IP fragments it).
    pub max_packet_bytes: u32,
    /// DCCP's sender buffer [packets] (paper 003: 5).
    pub buffer_pkts: u32,
    /// CCID4-N and CCID4-SCA: the nominal RTT [ms] (paper 003: 100).
    pub nominal_rtt_ms: f64,
    /// Round trip [ms] (paper 003's IPSTAR: "an average RTT of around 1000msec" for small
    /// packets, §III). With `rtt_measured` (the default) the round trip a small packet measures,
    /// the shared access's mean wait included; otherwise the path's round trip without
    /// queueing, the access's waits on top.
    pub rtt_ms: f64,
    /// Whether `rtt_ms` is the measured mean round trip of a small packet (paper 003 §III's
    /// reading: "the network RTT ... characterised during our long term experiments show, for
    /// small packet sizes, an average RTT of around 1000msec"): the path's own round trip is
    /// then `rtt_ms` less the access's mean wait ([`DccpScenario::access_mean_ms`]).
    pub rtt_measured: bool,
    /// Packet error rate of the link (paper 003: 0.1 %).
    pub per: f64,
    /// Bottleneck rate [bit/s] (IPSTAR's nominal rate: about 1 Mb/s).
    pub rate_bps: f64,
    /// The bottleneck's drop-tail buffer [packets].
    pub queue_pkts: u32,
    /// The shared access: `frames` (grant-based bandwidth on demand, bursty loss) or
    /// `exponential` (an exponential delay per packet, independent errors).
    pub access: AccessModel,
    /// `frames`: the access's frame [ms] (26.5: a superframe length used in DVB-RCS, the network paper 003
    /// §III names beside IPSTAR; the paper gives none).
    pub frame_ms: f64,
    /// `frames`: probability that a frame's grant carries the terminal's backlog (otherwise
    /// the shared carrier went to other terminals and the backlog waits a frame more). 0.4 is
    /// calibrated: a G.711 call over UDP then waits 52 ms on average above the path's least
    /// delay, paper 003 Table III's 54 ms.
    pub grant_prob: f64,
    /// `frames`: mean run of lost frames among the frames the terminal sends (1: each lost
    /// frame on its own, the choice that adds no number the paper lacks); the chain's Bad
    /// share is `per`.
    pub loss_burst_frames: f64,
    /// `exponential`: mean extra delay each packet meets on the way [ms], order kept.
    pub access_delay_ms: f64,
    /// The receiver's playout (jitter) buffer [ms]: a packet later than this beyond the
    /// path's least delay is lost (paper 003: 400).
    pub playout_ms: f64,
    /// E-model advantage factor A (paper 003: 30).
    pub advantage: f64,
    /// Competing bulk TCP flows over the same bottleneck (paper 003 Table VI: one).
    pub tcp_flows: u32,
    /// Their congestion control (NewReno by default: TFRC's equation is Reno's throughput,
    /// RFC 5348 §3.1, and paper 003 does not name its TCP).
    pub tcp_cc: CcKind,
}

impl Default for DccpScenario {
    fn default() -> Self {
        DccpScenario {
            transport: VoiceTransport::Ccid4,
            codec: VoiceCodec::G711,
            dtx: false,
            calls: 1,
            talk_s: 1.004,
            silence_s: 1.587,
            cbr_bps: 1e6,
            cbr_payload_bytes: 1000,
            header_bytes: 36.0,
            max_packet_bytes: DCCP_ETHERNET_MPS_BYTES,
            buffer_pkts: 5,
            nominal_rtt_ms: 100.0,
            rtt_ms: 1000.0,
            rtt_measured: true,
            per: 0.001,
            rate_bps: 1e6,
            queue_pkts: 50,
            access: AccessModel::Frames,
            frame_ms: 26.5,
            grant_prob: 0.4,
            loss_burst_frames: 1.0,
            access_delay_ms: 20.0,
            playout_ms: 400.0,
            advantage: 30.0,
            tcp_flows: 0,
            tcp_cc: CcKind::NewReno,
        }
    }
}

impl DccpScenario {
    /// The flow's packets: (DCCP or UDP payload [bytes] with every call talking, interval [s]).
    pub fn packet(&self) -> (f64, f64) {
        let (frame, interval) = self.codec.frame(self.cbr_bps, self.cbr_payload_bytes);
        if self.codec == VoiceCodec::Cbr {
            (frame, interval)
        } else {
            (self.calls.max(1) as f64 * (frame + IAX2_CALL_HEADER_BYTES), interval)
        }
    }

    /// Whether the flow's messages are cut at the maximum packet size: DCCP carries it and
    /// its packets are voice frames (a constant-rate packet above it is refused in
    /// [`validate`]).
    fn splits(&self) -> bool {
        self.transport.ccid().is_some() && self.codec != VoiceCodec::Cbr
    }

    /// Whole frames (each with its trunking header) in one datagram: all the calls', or as
    /// many as fit in `max_packet_bytes` when DCCP carries the flow (at least one).
    pub fn frames_per_packet(&self) -> usize {
        let calls = self.all_calls();
        if !self.splits() {
            return calls;
        }
        let (frame, _) = self.codec.frame(self.cbr_bps, self.cbr_payload_bytes);
        ((self.max_packet_bytes as f64 / (frame + IAX2_CALL_HEADER_BYTES)).floor() as usize).clamp(1, calls)
    }

    /// The datagrams of one interval in which `talking` calls talk: their payloads [bytes],
    /// the first ones full (as many whole frames as fit), the last with the rest.
    pub fn datagrams(&self, talking: usize) -> Vec<f64> {
        let (frame, _) = self.codec.frame(self.cbr_bps, self.cbr_payload_bytes);
        if self.codec == VoiceCodec::Cbr {
            return vec![frame; talking.min(1)];
        }
        let per = self.frames_per_packet();
        let mut out = Vec::with_capacity(talking.div_ceil(per));
        let mut left = talking;
        while left > 0 {
            let k = left.min(per);
            out.push(k as f64 * (frame + IAX2_CALL_HEADER_BYTES));
            left -= k;
        }
        out
    }

    /// The shared access's mean wait for a small packet leaving the bottleneck [ms]: with
    /// frames, half a frame to the next boundary, (1 − g) / g frames more for a grant and the
    /// frame itself, f (1/g + 1/2); with the exponential stand-in, its mean.
    pub fn access_mean_ms(&self) -> f64 {
        match self.access {
            AccessModel::Frames => self.frame_ms * (1.0 / self.grant_prob.max(1e-9) + 0.5),
            AccessModel::Exponential => self.access_delay_ms,
        }
    }

    /// The path's own round trip, without the access's waits or any queue [ms]: `rtt_ms`, or
    /// with `rtt_measured` `rtt_ms` less the access's mean wait ([`validate`] keeps it
    /// positive).
    pub fn base_rtt_ms(&self) -> f64 {
        if self.rtt_measured {
            self.rtt_ms - self.access_mean_ms()
        } else {
            self.rtt_ms
        }
    }

    /// TFRC's parameters when DCCP carries the flow (none with UDP).
    pub fn tfrc_params(&self) -> Option<TfrcParams> {
        self.transport.ccid().map(|ccid| TfrcParams {
            ccid,
            header_bytes: self.header_bytes,
            nominal_rtt_s: self.nominal_rtt_ms / 1e3,
            buffer_pkts: self.buffer_pkts.max(1) as usize,
        })
    }

    /// The application's rate on the wire with every call talking [bit/s]: each datagram of
    /// an interval with its header.
    pub fn wire_bps(&self) -> f64 {
        let (_, interval) = self.packet();
        let bytes: f64 = self.datagrams(self.all_calls()).iter().map(|b| b + self.header_bytes).sum();
        bytes * 8.0 / interval
    }

    /// The calls of the flow (one for constant-rate data).
    pub fn all_calls(&self) -> usize {
        if self.codec == VoiceCodec::Cbr {
            1
        } else {
            self.calls.max(1) as usize
        }
    }

    /// TFRC's packet size s at the start: the mean datagram with every call talking [bytes].
    pub fn mean_datagram_bytes(&self) -> f64 {
        let d = self.datagrams(self.all_calls());
        d.iter().sum::<f64>() / d.len().max(1) as f64
    }
}

/// Most packets (voice and TCP) one run may carry.
pub const MAX_PACKETS: f64 = 5e7;

/// The rules joining fields (ranges are in [`groups`]).
pub fn validate(s: &Scenario, c: &mut Checker) {
    let d = &s.dccp;
    if duration_ok(s.duration_s)
        && d.rate_bps.is_finite()
        && d.rate_bps > 0.0
        && d.cbr_bps > 0.0
        && d.cbr_payload_bytes > 0
    {
        let (_, interval) = d.packet();
        let per_interval = d.datagrams(d.all_calls()).len();
        let packets = s.duration_s
            * (per_interval as f64 / interval + if d.tcp_flows > 0 { d.rate_bps / (8.0 * 1500.0) * 2.0 } else { 0.0 });
        if packets > MAX_PACKETS {
            c.push("duration_s", format!("{} s of this flow is {packets:.3e} packets on the link, above the maximum {MAX_PACKETS:.0e} per run; a shorter run", s.duration_s));
        }
    }
    if duration_ok(s.duration_s) && d.access == AccessModel::Frames && d.frame_ms.is_finite() && d.frame_ms > 0.0 {
        // A backlog waiting for grants is looked at once per frame: at most one event a frame.
        let frames = s.duration_s / (d.frame_ms / 1e3);
        if frames > MAX_PACKETS {
            c.push("dccp.frame_ms", format!("{} s in frames of {} ms is {frames:.3e} frames, above the maximum {MAX_PACKETS:.0e} per run; longer frames or a shorter run", s.duration_s, d.frame_ms));
        }
    }
    if d.transport.ccid().is_some() {
        let (frame, _) = d.codec.frame(d.cbr_bps, d.cbr_payload_bytes);
        if d.codec == VoiceCodec::Cbr && d.cbr_payload_bytes > d.max_packet_bytes {
            c.push("dccp.cbr_payload_bytes", format!("{} bytes is above DCCP's maximum packet size, dccp.max_packet_bytes {}: DCCP refuses a longer message (EMSGSIZE); at most {} over DCCP", d.cbr_payload_bytes, d.max_packet_bytes, d.max_packet_bytes));
        } else if d.codec != VoiceCodec::Cbr && (d.max_packet_bytes as f64) < frame + IAX2_CALL_HEADER_BYTES {
            c.push(
                "dccp.max_packet_bytes",
                format!(
                    "{} bytes holds no {} frame with its trunking header ({} bytes): at least {} over DCCP",
                    d.max_packet_bytes,
                    d.codec.label(),
                    frame + IAX2_CALL_HEADER_BYTES,
                    frame + IAX2_CALL_HEADER_BYTES
                ),
            );
        }
    }
    if d.rtt_measured && d.rtt_ms.is_finite() && d.base_rtt_ms() <= 0.0 {
        c.push("dccp.rtt_ms", format!("{} ms measured is no more than the shared access's mean wait, {:.1} ms: the path would have no round trip of its own; a longer round trip, a shorter access wait, or dccp.rtt_measured false", d.rtt_ms, d.access_mean_ms()));
    }
    if d.codec == VoiceCodec::Cbr && d.dtx {
        c.push(
            "dccp.dtx",
            "discontinuous transmission applies to voice codecs, not to constant-rate data (dccp.codec cbr)"
                .to_string(),
        );
    }
}

/// The groups of fields the parameter panel shows for this model, with their ranges.
pub fn groups() -> Vec<Group> {
    vec![
        Group {
            title: "Voice",
            fields: vec![
                choice("dccp.codec", "Codec", &[("g711", "G.711 (64 kb/s)"), ("g729", "G.729 (8 kb/s)"), ("speex", "Speex (8 kb/s)"), ("cbr", "constant-rate data")], "Paper 003 Table I: G.711 sends a 1440-bit frame every 22.5 ms, G.729 and Speex a 160-bit frame every 20 ms; 'constant-rate data' is Table VI's flow at the link's nominal rate."),
                boolean("dccp.dtx", "Silence suppression (DTX)", "Nothing is sent during silences; talk spurts and silences alternate (ITU-T P.59's conversational model), each call on its own (paper 003's Speex/DTX)."),
                int("dccp.calls", "Calls in the flow", "u32", None, 1, 64, "Calls trunked into one flow: each frame interval, a frame of each talking call, in one packet (over DCCP in as many as the maximum packet size needs; paper 003: 5 Speex calls, 12 G.711 calls)."),
                real("dccp.talk_s", "Mean talk spurt", Some("s"), 0.01, 60.0, "With DTX, talk spurts are exponential with this mean (ITU-T P.59: 1.004 s)."),
                real("dccp.silence_s", "Mean silence", Some("s"), 0.01, 60.0, "With DTX, silences are exponential with this mean (ITU-T P.59: 1.587 s)."),
                real("dccp.cbr_bps", "Data rate", Some("bit/s"), 1e3, 1e9, "Constant-rate data: its rate (paper 003 Table VI: the nominal link rate, 1 Mb/s).").above_min(),
                int("dccp.cbr_payload_bytes", "Data packet", "u32", Some("bytes"), 1, 65_000, "Constant-rate data: the payload of each packet."),
            ],
        },
        Group {
            title: "Transport",
            fields: vec![
                choice("dccp.transport", "Transport", &[("udp", "UDP"), ("ccid3", "DCCP CCID3"), ("ccid4", "DCCP CCID4"), ("ccid4-n", "DCCP CCID4-N"), ("ccid4-sca", "DCCP CCID4-SCA")], "UDP sends every packet at once; DCCP sends at the rate TFRC allows, from a small buffer that drops what the rate cannot carry. CCID4-N and CCID4-SCA are paper 003's changes for long delays (§V, eqs. 6-7).").short_names(&["UDP", "CCID3", "CCID4", "CCID4-N", "CCID4-SCA"]),
                real("dccp.header_bytes", "Header", Some("bytes"), 0.0, 200.0, "IP and transport header of every packet; CCID4's header correction s / (s + oh) uses it (RFC 5622: 36)."),
                int("dccp.max_packet_bytes", "DCCP maximum packet size", "u32", Some("bytes"), 1, 65_535, "The largest message DCCP takes (Linux's dccp_sendmsg refuses a longer one): an interval's frames leave in as many datagrams as it takes, each with as many whole frames as fit. 1440 on an Ethernet path: MTU 1500 less IPv4's 20 bytes, DCCP's 16-byte header and 24 bytes kept for options (Linux's dccp_sync_mss). UDP sends one datagram."),
                int("dccp.buffer_pkts", "DCCP sender buffer", "u32", Some("packets"), 1, 1000, "Packets the DCCP sender holds; one offered to a full buffer is lost between application and transport (paper 003: 5)."),
                real("dccp.nominal_rtt_ms", "Nominal RTT", Some("ms"), 1.0, 10_000.0, "CCID4-N sends N = RTT / nominal RTT feedbacks per round trip when the RTT is longer; CCID4-SCA computes its initial rate at it (paper 003 §V: 100 ms)."),
            ],
        },
        Group {
            title: "Path",
            fields: vec![
                real("dccp.rtt_ms", "Round trip", Some("ms"), 1.0, 10_000.0, "The round trip a small packet measures, the shared access's mean wait included (paper 003's IPSTAR: an average of about 1000 ms); or, with 'measured round trip' off, the path's own round trip, the access's waits on top."),
                boolean("dccp.rtt_measured", "Round trip is measured", "On: the round trip is the mean a small packet measures (paper 003 §III), and the path's own is that less the shared access's mean wait. Off: the round trip is the path's own, and the access's waits come on top."),
                real("dccp.per", "Packet error rate", None, 0.0, 0.5, "Share of the packets the access loses (paper 003: 0.001): the share of lost frames in frames, each packet's probability with the exponential delay."),
                real("dccp.rate_bps", "Bottleneck rate", Some("bit/s"), 1e3, 1e10, "Rate of the shared link (IPSTAR's nominal rate: about 1 Mb/s).").above_min(),
                int("dccp.queue_pkts", "Bottleneck buffer", "u32", Some("packets"), 1, 100_000, "Packets the shared link holds; a packet arriving at a full buffer is dropped."),
                choice("dccp.access", "Shared access", &[("frames", "frames, grants on demand"), ("exponential", "exponential delay")], "How the shared satellite access treats the packets leaving the bottleneck: in frames, each packet waits for the next frame and then for a frame whose grant carries the terminal's backlog, and a lost frame loses every packet in it (bursty loss: a Gilbert-Elliott chain over the frames sent); or an exponential delay per packet with independent errors."),
                real("dccp.frame_ms", "Access frame", Some("ms"), 1.0, 1000.0, "Length of the shared access's frame: the terminal sends its backlog at most once per frame.").applies_when("dccp.access", &[json!("frames")]),
                real("dccp.grant_prob", "Grant probability", None, 0.01, 1.0, "Probability that a frame's grant carries the terminal's backlog; otherwise the shared carrier served other terminals and the backlog waits one more frame.").applies_when("dccp.access", &[json!("frames")]),
                real("dccp.loss_burst_frames", "Lost frames in a row (mean)", Some("frames"), 1.0, 1000.0, "Mean run of lost frames among those the terminal sends (a Gilbert-Elliott chain whose Bad share is the packet error rate); 1: each lost frame on its own.").applies_when("dccp.access", &[json!("frames")]),
                real("dccp.access_delay_ms", "Access jitter (mean)", Some("ms"), 0.0, 5000.0, "Mean of the random extra delay each packet meets (exponential, order kept), with independent packet errors.").applies_when("dccp.access", &[json!("exponential")]),
                int("dccp.tcp_flows", "Competing TCP flows", "u32", None, 0, 8, "Bulk TCP transfers sharing the bottleneck (paper 003 Table VI: one); Jain's index is taken over them and the voice flow."),
                choice("dccp.tcp_cc", "TCP congestion control", &CcKind::choices(), "The competing TCP flows' congestion control (SACK, initial window 10). NewReno by default: TFRC's equation is the throughput of Reno-like TCP; CUBIC at a one-second RTT takes several times TFRC's share."),
            ],
        },
        Group {
            title: "Receiver",
            fields: vec![
                real("dccp.playout_ms", "Playout buffer", Some("ms"), 0.0, 5000.0, "A packet arriving later than this after the path's least delay misses its playout and counts as lost (paper 003: 400 ms)."),
                real("dccp.advantage", "E-model advantage A", None, 0.0, 40.0, "The E-model's advantage factor (paper 003: 30; ITU-T G.107 allows up to 20 for satellite)."),
            ],
        },
    ]
}

/// The model's objects in a scenario, with their keys as the structs declare them.
pub fn objects() -> Vec<Object> {
    vec![object::<DccpScenario>("dccp")]
}

/// The run's events: each packet on the link (voice and TCP) is sent, arrives and, for TCP, is
/// acknowledged, and a frame is looked at once.
pub fn estimated_events(s: &Scenario) -> Option<WorkEstimate> {
    let d = &s.dccp;
    if !(d.rate_bps > 0.0 && d.cbr_bps > 0.0 && d.cbr_payload_bytes > 0) {
        return None;
    }
    let (_, interval) = d.packet();
    let per_interval = d.datagrams(d.all_calls()).len();
    let packets = s.duration_s
        * (per_interval as f64 / interval + if d.tcp_flows > 0 { d.rate_bps / (8.0 * 1500.0) * 2.0 } else { 0.0 });
    let frames = if d.access == AccessModel::Frames { s.duration_s / (d.frame_ms / 1e3) } else { 0.0 };
    Some(WorkEstimate {
        // 4.6-6.4 M events/s over the examples.
        events_per_s: 4e6,
        events: 3.0 * packets + frames,
        field: "duration_s",
        offers: format!("about {packets:.2e} packets on the link and {frames:.2e} frames over {} s", num(s.duration_s)),
        lower: "duration_s".into(),
    })
}
