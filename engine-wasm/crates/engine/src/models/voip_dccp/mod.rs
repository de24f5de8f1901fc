//! VoIP over DCCP on a GEO link (paper 003): a voice stream (one call, or several trunked into
//! one flow, with or without silence suppression) carried by UDP or by DCCP with CCID3, CCID4,
//! CCID4-N or CCID4-SCA ([`crate::transport::tfrc`]) over a long, lossy bottleneck shared with
//! bulk TCP flows. Over DCCP an interval's frames leave as datagrams of at most the maximum
//! packet size (Linux's `dccp_sendmsg`, net/dccp/proto.c, refuses a longer message with
//! EMSGSIZE; [`scenario::DCCP_ETHERNET_MPS_BYTES`]), each a packet of its own; a playout buffer at the receiver; the losses kept apart by cause
//! (application to transport, link, late), RFC 3550 jitter, the E-model's R and MOS, and Jain's
//! index over the flows.
//!
//! The path: the sender's packets (and the TCP flows') wait in the bottleneck's drop-tail buffer
//! and leave at its rate (the shared [`QueuedLink`](crate::network::link::QueuedLink), `queue_pkts`
//! packets on it at most, the one being sent counted); then the shared satellite access (paper 003
//! §III: IPSTAR "uses shared access over radio channels and consequently can have both congestion
//! and errors") carries them. By default it grants capacity on demand in frames: a packet waits for
//! the next frame boundary, and each frame in which the terminal has a backlog grants it (all of
//! it) with probability `grant_prob`, the carrier otherwise going to other terminals; the frames
//! the terminal sends step a Gilbert-Elliott chain (paper 002's, Bad share `per`, Bad runs of
//! `loss_burst_frames` on average) and a frame sent in Bad loses every packet it carries, so that
//! losses come in bursts, as on a shared access. The frame's packets arrive at its end plus half
//! the path's own round trip (the request-grant loop of a steady flow is taken as part of the
//! measured round trip): `rtt_ms` is the round trip a small packet measures (paper 003 §III), so
//! the path's own is that less the access's mean wait ([`scenario::DccpScenario::base_rtt_ms`]). The earlier stand-in, an exponential delay per packet and independent errors, is `access:
//! exponential`. Reports and ACKs come back after half the round trip, without loss.

#[cfg(test)]
mod paper_tests;
pub mod run;
pub mod scenario;
pub mod summary;
#[cfg(test)]
mod tests;

use super::Descriptor;
use crate::metrics::{SeriesInfo, SeriesKind};
pub use summary::{DccpSummary, DccpTransportSummary};

/// The model in the registry.
pub const DESCRIPTOR: Descriptor = Descriptor {
    name: "voip-dccp",
    label: "VoIP over DCCP on a GEO link (paper 003)",
    summary_key: "dccp",
    policy_path: Some("dccp.transport"),
    groups: scenario::groups,
    objects: scenario::objects,
    validate: scenario::validate,
    estimated_events: scenario::estimated_events,
    build: run::build,
    traces_packets: true,
    sweep_metrics: &[
        super::metric("dccp.loss_pct", "Packets lost, every cause (Tables II, IV)", "%"),
        super::metric("dccp.app_loss_pct", "Lost between application and transport", "%"),
        super::metric("dccp.mos", "MOS (Fig. 2, Table V)", "MOS"),
        super::metric("dccp.jitter_ms", "Jitter, RFC 3550 (Table III)", "ms"),
        super::metric("dccp.jain", "Jain's index with TCP (Table VI)", "index"),
    ],
    tools: &[],
    topology_bench: None,
};

/// A TCP segment on the wire [bytes] (MSS 1460 plus 40 of headers).
pub const TCP_SEGMENT_BYTES: f64 = 1500.0;
/// The window over which the MOS series rates the losses [s].
pub const MOS_WINDOW_S: usize = 10;

/// Series columns; with DTX a band of the calls talking comes last.
mod col {
    pub const APP: usize = 0;
    pub const ALLOWED: usize = 1;
    pub const DELIVERED: usize = 2;
    pub const LOSS_APP: usize = 3;
    pub const LOSS_LINK: usize = 4;
    pub const LOSS_LATE: usize = 5;
    pub const DELAY: usize = 6;
    pub const JITTER: usize = 7;
    pub const MOS: usize = 8;
}

fn series_info(tcp: bool, dtx: bool) -> Vec<SeriesInfo> {
    let s = |id, label, unit, kind, chart, band| SeriesInfo { id, label, unit, kind, chart, band };
    let mut v = vec![
        s("app_kbps", "Application's rate", "kb/s", SeriesKind::SumRate, "Rates", false),
        s("allowed_kbps", "Rate TFRC allows (X)", "kb/s", SeriesKind::Mean, "Rates", false),
        s("delivered_kbps", "Delivered", "kb/s", SeriesKind::SumRate, "Rates", false),
        s(
            "loss_app",
            "Lost between application and transport",
            "packets/s",
            SeriesKind::Rate,
            "Losses by cause",
            false,
        ),
        s("loss_link", "Lost on the link", "packets/s", SeriesKind::Rate, "Losses by cause", false),
        s("loss_late", "Too late for the playout buffer", "packets/s", SeriesKind::Rate, "Losses by cause", false),
        s("delay_ms", "One-way delay", "ms", SeriesKind::Mean, "Delay and jitter", false),
        s("jitter_ms", "Jitter (RFC 3550)", "ms", SeriesKind::Mean, "Delay and jitter", false),
        s("mos", "MOS (last 10 s)", "MOS", SeriesKind::Mean, "Voice quality", false),
    ];
    if tcp {
        v.push(s("tcp_kbps", "TCP goodput", "kb/s", SeriesKind::SumRate, "Rates", false));
    }
    if dtx {
        v.push(s("talking", "Calls talking", "fraction of calls", SeriesKind::Mean, "Rates", true));
    }
    v
}

super::model_summary!(DccpSummary, |s| {
    let mut v = vec![
        format!(
            "{} over {}: {} call(s){}, {:.1} kb/s on the wire with every call talking",
            s.codec,
            s.transport,
            s.calls,
            if s.dtx { " with DTX" } else { "" },
            s.app_kbps
        ),
        format!(
            "packets lost {:.2} %: application to transport {:.2} %, link {:.2} %, late {:.2} %",
            s.loss_pct, s.app_loss_pct, s.link_loss_pct, s.late_pct
        ),
        format!(
            "one-way delay {:.0} ms, jitter {:.1} ms (max {:.0} ms), delay above the least {:.1} ms (max {:.0} ms)",
            s.delay_ms, s.jitter_ms, s.jitter_max_ms, s.pdv_ms, s.pdv_max_ms
        ),
    ];
    if let (Some(r), Some(m)) = (s.r, s.mos) {
        v.push(match &s.r_reason {
            Some(why) => format!("R {r:.1}, MOS {m:.2}: {why}"),
            None => format!("R {r:.1}, MOS {m:.2}"),
        });
    }
    if let Some(d) = &s.dccp {
        v.push(format!(
            "TFRC allowed {:.1} kb/s on average; {}",
            d.allowed_kbps,
            if d.slow_start { "never left slow start" } else { "in congestion avoidance" }
        ));
    }
    if let Some(j) = s.jain {
        v.push(format!(
            "Jain's index {j:.4} (the flow {:.0} kb/s received, TCP {:?} kb/s)",
            s.received_kbps,
            s.tcp_kbps.iter().map(|x| x.round()).collect::<Vec<_>>()
        ));
    }
    v
});
