//! The voice-over-DCCP run: the path's events, from the voice and TCP senders through the
//! bottleneck and the shared access to the playout buffer, and the summary they add up to.

use super::scenario::{AccessModel, DccpScenario};
use super::summary::{DccpSummary, DccpTransportSummary};
use super::{col, series_info, MOS_WINDOW_S, TCP_SEGMENT_BYTES};
use crate::channel::gilbert_elliott::{GeChannel, GeParams};
use crate::kernel::{EventQueue, RngStream, SimDuration, SimTime, Streams};
use crate::metrics::emodel;
use crate::metrics::SeriesInfo;
use crate::models::Scenario;
use crate::models::{Ctx, Model, ModelSummary};
use crate::network::link::{AtRate, Capacity, NoRates, QueuedLink};
use crate::scenario::ScenarioError;
use crate::sched::{DropTail, Drops};
use crate::trace::{Reason, TraceKind, TraceRecord, NO_PACKET};
use crate::transport::tcp::{Ack, TcpFlow, TcpSender};
use crate::transport::tfrc::{AppPacket, TfrcFeedback, TfrcPacket, TfrcReceiver, TfrcSender};
use crate::transport::{Feedback, Segment, TransportFlow};
use std::collections::VecDeque;

/// Builds the run from a validated scenario: the voice calls, DCCP or UDP, the TCP flows and
/// the path.
pub(super) fn build(s: &Scenario) -> Result<(Box<dyn Model>, Vec<SeriesInfo>), ScenarioError> {
    let d = s.dccp.clone();
    let streams = Streams::new(s.seed);
    let mut talk_rng = streams.stream("dccp.talk");
    let (_, interval) = d.packet();
    let calls = d.all_calls();
    let mut q = EventQueue::new();
    // Each call starts in talk or silence as the conversation's stationary share has it, for a
    // residual time drawn afresh (exponential: memoryless).
    let mut talking = vec![true; calls];
    if d.dtx {
        let p_talk = d.talk_s / (d.talk_s + d.silence_s);
        for (c, t) in talking.iter_mut().enumerate() {
            *t = talk_rng.next_f64() < p_talk;
            let mean = if *t { d.talk_s } else { d.silence_s };
            q.schedule(SimTime::from_secs_f64(talk_rng.exponential(mean)), Ev::Talk(c as u32));
        }
    }
    q.schedule(SimTime::ZERO, Ev::Tick);
    q.schedule(SimTime::from_secs_f64(1.0), Ev::Second);
    // TFRC's s starts at the mean datagram the flow sends (each real packet counts).
    let s0 = d.mean_datagram_bytes();
    let dccp = d.tfrc_params().map(|p| (TfrcSender::new(p, s0, SimTime::ZERO), TfrcReceiver::new(p, SimTime::ZERO)));
    let tcp: Vec<TcpFlow> =
        (0..d.tcp_flows).map(|_| TcpFlow::new(TcpSender::new(d.tcp_cc, 10.0, u64::MAX, 1e9))).collect();
    for i in 0..tcp.len() {
        q.schedule(SimTime::ZERO, Ev::TcpPoll(i as u8));
    }
    // Half the path's own round trip (with `rtt_measured`, the measured one less the access's
    // mean wait: paper 003 §III's RTT is a measured one).
    let one_way = SimDuration::from_secs_f64(d.base_rtt_ms() / 2e3);
    let with_tcp = !tcp.is_empty();
    let (tcp_col, talking_col) = (col::MOS + 1, col::MOS + 1 + with_tcp as usize);
    let dtx = d.dtx;
    let model = DccpModel {
        q,
        talk_rng,
        link_rng: streams.stream("dccp.link"),
        frame_loss: GeChannel::new(
            GeParams::with_rate_and_burst(d.per, d.loss_burst_frames),
            streams.stream("dccp.frames"),
        ),
        access: VecDeque::new(),
        frame: SimDuration::from_secs_f64(d.frame_ms / 1e3),
        frame_pending: false,
        access_rng: streams.stream("dccp.access"),
        interval: SimDuration::from_secs_f64(interval),
        calls,
        talking,
        one_way,
        dccp,
        voice_send_at: None,
        nofeedback_at: None,
        report_at: None,
        tcp,
        tcp_rto_at: vec![None; d.tcp_flows as usize],
        link: QueuedLink::new(DropTail::new(None), SimDuration::ZERO)
            .with_capacity(Capacity::InSystem(d.queue_pkts.max(1) as usize)),
        drops: Vec::new(),
        last_arrival: SimTime::ZERO,
        warmup: SimTime::from_secs_f64(s.warmup_s),
        next_id: 0,
        last_received: 0,
        c: Counts::default(),
        tcp_delivered: vec![0; d.tcp_flows as usize],
        jitter: 0.0,
        last_transit: None,
        window: VecDeque::from(vec![Window::default(); 1]),
        tcp_col,
        talking_col: dtx.then_some(talking_col),
        d,
    };
    Ok((Box::new(model), series_info(with_tcp, dtx)))
}

/// What a packet on the path carries.
#[derive(Clone, Copy, Debug)]
enum Payload {
    /// A voice (or data) packet: the application's, with its DCCP header when DCCP carries it.
    Voice { app: AppPacket, dccp: Option<TfrcPacket> },
    /// A TCP segment of flow `flow`.
    Tcp { flow: u8, seg: Segment },
}

#[derive(Clone, Copy, Debug)]
struct Pkt {
    wire_bytes: f64,
    payload: Payload,
    /// When it reached the queue it is in (the bottleneck's, then the access's), and the
    /// packets ahead of it there then: what the packet trace says of its wait.
    queued: SimTime,
    ahead: u32,
}

impl Pkt {
    fn new(wire_bytes: f64, payload: Payload) -> Pkt {
        Pkt { wire_bytes, payload, queued: SimTime::ZERO, ahead: 0 }
    }
}

/// The packet trace's nodes ([`DccpModel::trace_nodes`]): the voice sender (its transport's
/// buffer and the bottleneck's queue), the shared satellite access, the receiver.
const SENDER: u32 = 0;
const ACCESS: u32 = 1;
const RECEIVER: u32 = 2;

#[derive(Clone, Debug)]
enum Ev {
    /// The codec's frame clock: one packet with a frame of every talking call.
    Tick,
    /// Call c switches between talk spurt and silence.
    Talk(u32),
    /// The DCCP sender's next send time (acted on if still due).
    VoiceSend,
    /// The nofeedback timer (acted on if still due).
    NoFeedback,
    /// The receiver's report timer (acted on if still due).
    Report,
    /// The bottleneck has sent its head packet.
    LinkDone,
    /// A packet reaches the receiving end.
    Arrive(Pkt),
    /// A DCCP report reaches the sender: its packet number (shared with the voice packets) and
    /// the voice packet it reports up to, for the packet trace.
    Feedback(u64, u64, TfrcFeedback),
    /// A frame of the shared access begins (`access: frames`).
    Frame,
    /// A TCP flow may send.
    TcpPoll(u8),
    /// A TCP ACK reaches its sender.
    TcpAck(u8, Ack),
    /// A TCP flow's retransmission timer (acted on if still due).
    TcpRto(u8),
    /// Once a second: the MOS over the last seconds.
    Second,
}

/// One second of the MOS window.
#[derive(Clone, Copy, Debug, Default)]
struct Window {
    generated: u64,
    lost: u64,
    arrived: u64,
    delay_sum_s: f64,
}

/// Counters of the voice flow, from the end of the warm-up.
#[derive(Clone, Debug, Default)]
struct Counts {
    generated: u64,
    sent: u64,
    lost_app: u64,
    lost_queue: u64,
    lost_errors: u64,
    late: u64,
    played: u64,
    arrived: u64,
    delay_sum_s: f64,
    jitter_sum: f64,
    jitter_max: f64,
    pdv_sum: f64,
    pdv_max: f64,
    allowed_sum: f64,
    allowed_n: u64,
    delivered_bytes: f64,
    arrived_bytes: f64,
    talking_ticks: u64,
    ticks: u64,
}

struct DccpModel {
    d: DccpScenario,
    q: EventQueue<Ev>,
    talk_rng: RngStream,
    link_rng: RngStream,
    access_rng: RngStream,
    /// `access: frames`: the chain over the frames the terminal sends, the packets waiting for
    /// a grant, the frame, and whether the next frame's event is scheduled.
    frame_loss: GeChannel,
    access: VecDeque<Pkt>,
    frame: SimDuration,
    frame_pending: bool,
    interval: SimDuration,
    calls: usize,
    talking: Vec<bool>,
    one_way: SimDuration,
    dccp: Option<(TfrcSender, TfrcReceiver)>,
    voice_send_at: Option<SimTime>,
    nofeedback_at: Option<SimTime>,
    report_at: Option<SimTime>,
    tcp: Vec<TcpFlow>,
    tcp_rto_at: Vec<Option<SimTime>>,
    /// The bottleneck: a FIFO at `rate_bps` holding `queue_pkts` packets at most, the one
    /// being sent counted; no propagation of its own (the path's is added after the access).
    link: QueuedLink<Pkt, DropTail<Pkt>>,
    /// What the bottleneck refused at the last offer.
    drops: Drops<Pkt>,
    last_arrival: SimTime,
    warmup: SimTime,
    /// The next packet's number: voice packets and reports take them in turn (the packet trace
    /// names packets by it).
    next_id: u64,
    /// The number of the last voice packet the receiver got (what its next report covers).
    last_received: u64,
    c: Counts,
    tcp_delivered: Vec<u64>,
    /// RFC 3550 interarrival jitter J [s] and the last transit time.
    jitter: f64,
    last_transit: Option<f64>,
    /// Packets generated and lost, and the delays of those that arrived, in each of the last
    /// seconds, the current one last.
    window: VecDeque<Window>,
    /// Columns of the TCP goodput and of the talking band (with DTX).
    tcp_col: usize,
    talking_col: Option<usize>,
}

impl DccpModel {
    fn counting(&self, now: SimTime) -> bool {
        now >= self.warmup
    }

    /// A voice packet is lost (counted in the MOS window's current second).
    fn lost(&mut self) {
        if let Some(w) = self.window.back_mut() {
            w.lost += 1;
        }
    }

    /// Puts a packet into the bottleneck's buffer (or drops it when full).
    fn enqueue(&mut self, mut pkt: Pkt, now: SimTime, ctx: &mut Ctx) {
        let mut wire = AtRate { rate_bps: self.d.rate_bps, bits: wire_bits };
        (pkt.queued, pkt.ahead) = (now, (self.link.queued() + self.link.busy() as usize) as u32);
        if let Some(done) = self.link.offer(now, pkt, &mut wire, &mut NoRates, &mut self.drops) {
            self.q.schedule(done, Ev::LinkDone);
            self.record_start(now, ctx);
        }
        while let Some((pkt, _)) = self.drops.pop() {
            if let Payload::Voice { app, .. } = pkt.payload {
                record_voice(ctx, now, TraceKind::Drop, app.id, SENDER, Some(Reason::Overflow));
                if self.counting(now) {
                    self.c.lost_queue += 1;
                }
                ctx.recorder.sample(col::LOSS_LINK, now, 1.0);
                self.lost();
            }
        }
    }

    /// The receiver sends report `fb` (RFC 4342 §6: CCID3/4 feedback); it takes the next packet
    /// number and reaches the sender half a round trip later.
    fn send_feedback(&mut self, fb: TfrcFeedback, now: SimTime, ctx: &mut Ctx) {
        let id = self.next_id;
        self.next_id += 1;
        if ctx.trace.on() {
            let mut r = TraceRecord::new(now, TraceKind::Ack, id, self.last_received, RECEIVER);
            r.ack = true;
            ctx.trace.push(r);
        }
        self.q.schedule(now + self.one_way, Ev::Feedback(id, self.last_received, fb));
    }

    /// Records the start of the bottleneck's transmission that began at `now` (a voice
    /// packet's hop from the sender to the access).
    fn record_start(&self, now: SimTime, ctx: &mut Ctx) {
        if let Some(t) = self.link.sending().filter(|_| ctx.trace.on()) {
            record_hop(ctx, now, &t.item, SENDER);
        }
    }

    /// Lets the DCCP sender send what its rate allows, and arms its timers.
    fn voice_send(&mut self, now: SimTime, ctx: &mut Ctx) {
        let mut out = vec![];
        if let Some((tx, _)) = &mut self.dccp {
            while let Some(p) = tx.poll_send(now) {
                out.push(p);
            }
        }
        for p in out {
            if self.counting(now) {
                self.c.sent += 1;
            }
            let wire = p.app.bytes as f64 + self.d.header_bytes;
            self.enqueue(Pkt::new(wire, Payload::Voice { app: p.app, dccp: Some(p) }), now, ctx);
        }
        self.arm_dccp_timers();
    }

    fn arm_dccp_timers(&mut self) {
        let Some((tx, rx)) = &self.dccp else { return };
        let (send, nofb, report) = (tx.next_send_time(), tx.nofeedback_time(), rx.next_report_time());
        if let Some(t) = send {
            if self.voice_send_at != Some(t) {
                self.voice_send_at = Some(t);
                self.q.schedule(t, Ev::VoiceSend);
            }
        }
        if self.nofeedback_at != Some(nofb) {
            self.nofeedback_at = Some(nofb);
            self.q.schedule(nofb, Ev::NoFeedback);
        }
        if let Some(t) = report {
            if self.report_at != Some(t) {
                self.report_at = Some(t);
                self.q.schedule(t, Ev::Report);
            }
        }
    }

    fn tcp_send(&mut self, i: usize, now: SimTime, ctx: &mut Ctx) {
        let segs = self.tcp[i].poll_send(now);
        for seg in segs {
            self.enqueue(Pkt::new(TCP_SEGMENT_BYTES, Payload::Tcp { flow: i as u8, seg }), now, ctx);
        }
        let t = self.tcp[i].timer();
        if let Some(at) = t.filter(|_| self.tcp_rto_at[i] != t) {
            self.tcp_rto_at[i] = t;
            self.q.schedule(at, Ev::TcpRto(i as u8));
        }
    }

    fn on_tick(&mut self, now: SimTime, ctx: &mut Ctx) {
        self.q.schedule(now + self.interval, Ev::Tick);
        let talking = self.talking.iter().filter(|&&t| t).count();
        let r = &mut ctx.recorder;
        if let Some(k) = self.talking_col {
            r.sample(k, now, talking as f64 / self.calls as f64);
        }
        if let Some((tx, _)) = &self.dccp {
            r.sample(col::ALLOWED, now, tx.rate() * 8.0 / 1e3);
            if now >= self.warmup {
                self.c.allowed_sum += tx.rate() * 8.0 / 1e3;
                self.c.allowed_n += 1;
            }
        }
        if self.counting(now) {
            self.c.ticks += 1;
            self.c.talking_ticks += (talking > 0) as u64;
        }
        if talking == 0 {
            return;
        }
        // The interval's frames leave as datagrams of at most the maximum packet size (Linux's
        // dccp_sendmsg refuses a longer message, EMSGSIZE): each one is a packet of its own,
        // made, offered, sent and counted on its own.
        for payload in self.d.datagrams(talking) {
            self.send_datagram(payload, now, ctx);
        }
    }

    /// The application hands one datagram of `payload` bytes to the transport.
    fn send_datagram(&mut self, payload: f64, now: SimTime, ctx: &mut Ctx) {
        let wire = payload + self.d.header_bytes;
        let app = AppPacket { id: self.next_id, bytes: payload.round() as u32, created: now };
        self.next_id += 1;
        if let Some(w) = self.window.back_mut() {
            w.generated += 1;
        }
        if self.counting(now) {
            self.c.generated += 1;
        }
        ctx.recorder.sample(col::APP, now, wire * 8.0 / 1e3);
        record_voice(ctx, now, TraceKind::Send, app.id, SENDER, None);
        match &mut self.dccp {
            None => {
                if self.counting(now) {
                    self.c.sent += 1;
                }
                self.enqueue(Pkt::new(wire, Payload::Voice { app, dccp: None }), now, ctx);
            }
            Some((tx, _)) => {
                if !tx.offer(app) {
                    record_voice(ctx, now, TraceKind::Drop, app.id, SENDER, Some(Reason::SenderBuffer));
                    if self.counting(now) {
                        self.c.lost_app += 1;
                    }
                    ctx.recorder.sample(col::LOSS_APP, now, 1.0);
                    self.lost();
                }
                self.voice_send(now, ctx);
            }
        }
    }

    /// The access lost packet `p` (counted if a voice packet).
    fn lost_on_link(&mut self, p: &Pkt, now: SimTime, ctx: &mut Ctx) {
        if let Payload::Voice { app, .. } = p.payload {
            record_voice(ctx, now, TraceKind::Drop, app.id, ACCESS, Some(Reason::LinkError));
            if self.counting(now) {
                self.c.lost_errors += 1;
            }
            ctx.recorder.sample(col::LOSS_LINK, now, 1.0);
            self.lost();
        }
    }

    /// Packet `p` reaches the receiving end at `at` or, to keep the order, after the last one.
    fn deliver(&mut self, p: Pkt, at: SimTime) {
        let at = at.max(self.last_arrival);
        self.last_arrival = at;
        self.q.schedule(at, Ev::Arrive(p));
    }

    fn on_link_done(&mut self, now: SimTime, ctx: &mut Ctx) {
        let mut wire = AtRate { rate_bps: self.d.rate_bps, bits: wire_bits };
        let Some(sent) = self.link.transmitted(now, &mut wire, &mut NoRates, &mut self.drops) else { return };
        let p = sent.item;
        match self.d.access {
            AccessModel::Exponential => {
                if self.d.per > 0.0 && self.link_rng.next_f64() < self.d.per {
                    self.lost_on_link(&p, now, ctx);
                } else {
                    // No queue at this access: the packet leaves it at once.
                    record_hop(ctx, now, &Pkt { queued: now, ahead: 0, ..p }, ACCESS);
                    let extra = if self.d.access_delay_ms > 0.0 {
                        self.access_rng.exponential(self.d.access_delay_ms / 1e3)
                    } else {
                        0.0
                    };
                    self.deliver(p, now + self.one_way + SimDuration::from_secs_f64(extra));
                }
            }
            AccessModel::Frames => {
                let mut p = p;
                (p.queued, p.ahead) = (now, self.access.len() as u32);
                self.access.push_back(p);
                if !self.frame_pending {
                    // The next frame boundary strictly after now.
                    let f = self.frame.as_secs_f64();
                    let k = (now.as_secs_f64() / f).floor() + 1.0;
                    self.frame_pending = true;
                    self.q.schedule(SimTime::from_secs_f64(k * f).max(now), Ev::Frame);
                }
            }
        }
        // The next packet's end, scheduled after what this one's access scheduled.
        if let Some(done) = sent.next {
            self.q.schedule(done, Ev::LinkDone);
            self.record_start(now, ctx);
        }
    }

    /// A frame of the shared access begins with packets waiting: with probability
    /// `grant_prob` its grant carries them all, the frame is lost or not by the chain, and
    /// they arrive at its end plus half the round trip; otherwise they wait for the next one.
    fn on_frame(&mut self, now: SimTime, ctx: &mut Ctx) {
        self.frame_pending = false;
        if self.access.is_empty() {
            return;
        }
        if self.access_rng.next_f64() < self.d.grant_prob {
            let lost = self.d.per > 0.0 && self.frame_loss.next_erased();
            let at = now + self.frame + self.one_way;
            while let Some(p) = self.access.pop_front() {
                if lost {
                    self.lost_on_link(&p, now, ctx);
                } else {
                    record_hop(ctx, now, &p, ACCESS);
                    self.deliver(p, at);
                }
            }
        } else {
            self.frame_pending = true;
            self.q.schedule(now + self.frame, Ev::Frame);
        }
    }

    fn on_arrive(&mut self, p: Pkt, now: SimTime, ctx: &mut Ctx) {
        match p.payload {
            Payload::Tcp { flow, seg } => {
                let i = flow as usize;
                if let Some(Feedback::Ack(ack)) = self.tcp[i].on_segment(&seg, now) {
                    self.q.schedule(now + self.one_way, Ev::TcpAck(flow, ack));
                }
                let delivered = self.tcp[i].delivered();
                let new = delivered - self.tcp_delivered[i];
                self.tcp_delivered[i] = delivered;
                if new > 0 {
                    ctx.recorder.sample(self.tcp_col, now, new as f64 * (TCP_SEGMENT_BYTES - 40.0) * 8.0 / 1e3);
                }
            }
            Payload::Voice { app, dccp } => {
                record_voice(ctx, now, TraceKind::Deliver, app.id, RECEIVER, None);
                self.last_received = app.id;
                let transit = now.as_secs_f64() - app.created.as_secs_f64();
                // RFC 3550 §6.4.1 / A.8: J += (|D| − J) / 16 over consecutive packets' transits.
                if let Some(prev) = self.last_transit {
                    self.jitter += ((transit - prev).abs() - self.jitter) / 16.0;
                }
                self.last_transit = Some(transit);
                // The playout point: the path's least delay (half the round trip, the
                // packet's own time on the bottleneck, and one access frame) plus the playout
                // buffer.
                let access = if self.d.access == AccessModel::Frames { self.frame.as_secs_f64() } else { 0.0 };
                let least = self.one_way.as_secs_f64() + p.wire_bytes * 8.0 / self.d.rate_bps + access;
                let late = transit > least + self.d.playout_ms / 1e3 + 1e-9;
                let r = &mut ctx.recorder;
                r.sample(col::DELAY, now, transit * 1e3);
                r.sample(col::JITTER, now, self.jitter * 1e3);
                if late {
                    r.sample(col::LOSS_LATE, now, 1.0);
                } else {
                    r.sample(col::DELIVERED, now, p.wire_bytes * 8.0 / 1e3);
                }
                if self.counting(app.created) {
                    self.c.arrived += 1;
                    self.c.arrived_bytes += p.wire_bytes;
                    self.c.delay_sum_s += transit;
                    self.c.jitter_sum += self.jitter;
                    self.c.jitter_max = self.c.jitter_max.max(self.jitter);
                    // The delay above the path's least (RFC 5481's packet delay variation).
                    let pdv = (transit - least).max(0.0);
                    self.c.pdv_sum += pdv;
                    self.c.pdv_max = self.c.pdv_max.max(pdv);
                    if late {
                        self.c.late += 1;
                    } else {
                        self.c.played += 1;
                        self.c.delivered_bytes += p.wire_bytes;
                    }
                }
                if late {
                    record_voice(ctx, now, TraceKind::Drop, app.id, RECEIVER, Some(Reason::Late));
                    self.lost();
                }
                if let Some(w) = self.window.back_mut() {
                    w.arrived += 1;
                    w.delay_sum_s += transit;
                }
                if let (Some(pkt), Some((_, rx))) = (dccp, &mut self.dccp) {
                    if let Some(fb) = rx.on_packet(&pkt, now) {
                        self.send_feedback(fb, now, ctx);
                    }
                    self.arm_dccp_timers();
                }
            }
        }
    }

    fn on_second(&mut self, now: SimTime, ctx: &mut Ctx) {
        self.q.schedule(now + SimDuration::from_secs_f64(1.0), Ev::Second);
        let w = self.window.iter().fold(Window::default(), |a, w| Window {
            generated: a.generated + w.generated,
            lost: a.lost + w.lost,
            arrived: a.arrived + w.arrived,
            delay_sum_s: a.delay_sum_s + w.delay_sum_s,
        });
        if let (Some(codec), true) = (self.d.codec.emodel(), w.generated > 0 && w.arrived > 0) {
            let q = emodel::voice_quality(
                codec,
                w.delay_sum_s / w.arrived as f64 * 1e3,
                100.0 * w.lost as f64 / w.generated as f64,
                1.0,
                self.d.advantage,
            );
            ctx.recorder.sample(col::MOS, now, q.mos);
        }
        self.window.push_back(Window::default());
        while self.window.len() > MOS_WINDOW_S {
            self.window.pop_front();
        }
    }
}

impl Model for DccpModel {
    fn advance_to(&mut self, t: SimTime, ctx: &mut Ctx) {
        loop {
            if ctx.yield_due() {
                return;
            }
            let Some((now, ev)) = self.q.pop_until(t) else { break };
            ctx.now = now;
            ctx.processed += 1;
            match ev {
                Ev::Tick => self.on_tick(now, ctx),
                Ev::Talk(c) => {
                    let c = c as usize;
                    self.talking[c] = !self.talking[c];
                    let mean = if self.talking[c] { self.d.talk_s } else { self.d.silence_s };
                    let next = self.talk_rng.exponential(mean);
                    self.q.schedule(now + SimDuration::from_secs_f64(next), Ev::Talk(c as u32));
                }
                Ev::VoiceSend => {
                    if self.voice_send_at == Some(now) {
                        self.voice_send_at = None;
                        self.voice_send(now, ctx);
                    }
                }
                Ev::NoFeedback => {
                    if self.nofeedback_at == Some(now) {
                        self.nofeedback_at = None;
                        if let Some((tx, _)) = &mut self.dccp {
                            let before = tx.nofeedback_expiries;
                            tx.on_nofeedback(now);
                            if ctx.trace.on() && tx.nofeedback_expiries > before {
                                let seq = self.next_id.saturating_sub(1);
                                ctx.trace.push(TraceRecord::new(now, TraceKind::Timeout, NO_PACKET, seq, SENDER));
                            }
                        }
                        self.voice_send(now, ctx);
                    }
                }
                Ev::Report => {
                    if self.report_at == Some(now) {
                        self.report_at = None;
                        if let Some((_, rx)) = &mut self.dccp {
                            if let Some(fb) = rx.on_report_timer(now) {
                                self.send_feedback(fb, now, ctx);
                            }
                        }
                        self.arm_dccp_timers();
                    }
                }
                Ev::LinkDone => self.on_link_done(now, ctx),
                Ev::Frame => self.on_frame(now, ctx),
                Ev::Arrive(p) => self.on_arrive(p, now, ctx),
                Ev::Feedback(id, seq, fb) => {
                    if ctx.trace.on() {
                        let mut r = TraceRecord::new(now, TraceKind::AckArrive, id, seq, SENDER);
                        r.ack = true;
                        ctx.trace.push(r);
                    }
                    if let Some((tx, _)) = &mut self.dccp {
                        tx.on_feedback(&fb, now);
                    }
                    self.voice_send(now, ctx);
                }
                Ev::TcpPoll(i) => self.tcp_send(i as usize, now, ctx),
                Ev::TcpAck(i, ack) => {
                    self.tcp[i as usize].on_feedback(&Feedback::Ack(ack), now);
                    self.tcp_send(i as usize, now, ctx);
                }
                Ev::TcpRto(i) => {
                    let i = i as usize;
                    if self.tcp_rto_at[i] == Some(now) && self.tcp[i].timer() == Some(now) {
                        self.tcp_rto_at[i] = None;
                        self.tcp[i].on_timer(now);
                        self.tcp_send(i, now, ctx);
                    }
                }
                Ev::Second => self.on_second(now, ctx),
            }
        }
    }

    /// The next event of any kind: the codec's clock ticks every packet interval, so it is never
    /// far.
    fn next_event(&self) -> Option<SimTime> {
        self.q.peek_time()
    }

    fn next_packet_event(&self) -> Option<SimTime> {
        self.q.peek_time()
    }

    fn trace_nodes(&self) -> Vec<String> {
        ["sender", "access link", "receiver"].map(String::from).to_vec()
    }

    fn pending_events(&self) -> usize {
        self.q.len()
    }

    fn summary(&mut self, now: SimTime) -> Box<dyn ModelSummary> {
        let c = &self.c;
        let pct = |a: u64| if c.generated > 0 { 100.0 * a as f64 / c.generated as f64 } else { 0.0 };
        let lost = c.lost_app + c.lost_queue + c.lost_errors + c.late;
        let span = (now.as_secs_f64() - self.warmup.as_secs_f64()).max(1e-9);
        let delay_ms = if c.arrived > 0 { c.delay_sum_s / c.arrived as f64 * 1e3 } else { f64::NAN };
        let quality = self
            .d
            .codec
            .emodel()
            .filter(|_| c.arrived > 0)
            .map(|codec| emodel::voice_quality(codec, delay_ms, pct(lost), 1.0, self.d.advantage));
        let voice_kbps = c.delivered_bytes * 8.0 / 1e3 / span;
        let received_kbps = c.arrived_bytes * 8.0 / 1e3 / span;
        let tcp_kbps: Vec<f64> = self
            .tcp_delivered
            .iter()
            .map(|&n| n as f64 * (TCP_SEGMENT_BYTES - 40.0) * 8.0 / 1e3 / now.as_secs_f64().max(1e-9))
            .collect();
        let jain = (!tcp_kbps.is_empty()).then(|| {
            let xs: Vec<f64> = std::iter::once(received_kbps).chain(tcp_kbps.iter().copied()).collect();
            crate::metrics::stats::jain_index(&xs)
        });
        let (_, interval) = self.d.packet();
        let datagrams = self.d.datagrams(self.calls);
        let payload = datagrams.first().copied().unwrap_or(0.0);
        let s0 = self.d.mean_datagram_bytes();
        let dccp = self.dccp.as_ref().map(|(tx, rx)| DccpTransportSummary {
            allowed_kbps: if c.allowed_n > 0 { c.allowed_sum / c.allowed_n as f64 } else { f64::NAN },
            slow_start: tx.in_slow_start(),
            loss_event_rate: tx.loss_event_rate(),
            rtt_ms: tx.rtt().map(|r| r * 1e3),
            loss_events: rx.loss_events,
            reports: rx.reports,
            nofeedback_expiries: tx.nofeedback_expiries,
        });
        Box::new(DccpSummary {
            transport: self.d.transport.label().into(),
            codec: self.d.codec.label().into(),
            calls: self.calls as u32,
            dtx: self.d.dtx,
            frame_bytes: self.d.codec.frame(self.d.cbr_bps, self.d.cbr_payload_bytes).0,
            payload_bytes: payload,
            packet_bytes: payload + self.d.header_bytes,
            datagrams_per_interval: datagrams.len() as u32,
            interval_ms: interval * 1e3,
            tfrc_initial_bytes_per_s: self.d.tfrc_params().map(|p| p.initial_rate(s0, self.d.rtt_ms / 1e3)),
            app_kbps: self.d.wire_bps() / 1e3,
            talking_share: if c.ticks > 0 { c.talking_ticks as f64 / c.ticks as f64 } else { f64::NAN },
            generated: c.generated,
            sent: c.sent,
            played: c.played,
            lost_app: c.lost_app,
            lost_queue: c.lost_queue,
            lost_errors: c.lost_errors,
            late: c.late,
            loss_pct: pct(lost),
            app_loss_pct: pct(c.lost_app),
            link_loss_pct: pct(c.lost_queue + c.lost_errors),
            late_pct: pct(c.late),
            delay_ms,
            jitter_ms: if c.arrived > 0 { c.jitter_sum / c.arrived as f64 * 1e3 } else { f64::NAN },
            jitter_max_ms: c.jitter_max * 1e3,
            pdv_ms: if c.arrived > 0 { c.pdv_sum / c.arrived as f64 * 1e3 } else { f64::NAN },
            pdv_max_ms: c.pdv_max * 1e3,
            r: quality.as_ref().map(|q| q.r),
            r_reason: quality.as_ref().and_then(|q| q.low_r_reason.clone()),
            mos: quality.as_ref().map(|q| q.mos),
            voice_kbps,
            received_kbps,
            tcp_kbps,
            jain,
            dccp,
        })
    }
}

/// A packet's size on the bottleneck's wire [bits].
fn wire_bits(p: &Pkt) -> f64 {
    p.wire_bytes * 8.0
}

/// Records event `kind` of voice packet `id` (its number is its sequence) at `node`.
fn record_voice(ctx: &mut Ctx, now: SimTime, kind: TraceKind, id: u64, node: u32, reason: Option<Reason>) {
    if ctx.trace.on() {
        let mut r = TraceRecord::new(now, kind, id, id, node);
        r.reason = reason;
        ctx.trace.push(r);
    }
}

/// Records voice packet `p` leaving `from` for the next node at `now`, after its wait there:
/// from the sender, the time since the application made it (the transport's buffer, then the
/// bottleneck's queue) behind the packets on the bottleneck when it reached it; from the
/// access, the time it waited for a grant behind the packets already waiting.
fn record_hop(ctx: &mut Ctx, now: SimTime, p: &Pkt, from: u32) {
    let Payload::Voice { app, .. } = p.payload else { return };
    if ctx.trace.on() {
        let mut r = TraceRecord::new(now, TraceKind::Hop, app.id, app.id, from);
        let since = if from == SENDER { app.created } else { p.queued };
        (r.next, r.waited, r.queue_ahead) = (Some(from + 1), now.saturating_since(since), p.ahead);
        ctx.trace.push(r);
    }
}
