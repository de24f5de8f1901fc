use super::*;
use crate::network::grid_shell::GridShell;
use crate::topology::all_pairs::{hypatia_tles_manual, max_gsl_length_m, max_isl_length_m};
use crate::trace::TraceKind;

/// A graph whose states the test writes: each holds from its time on.
struct Scripted {
    sats: usize,
    grounds: usize,
    states: Vec<(SimTime, Snapshot)>,
}

impl Source for Scripted {
    fn satellites(&self) -> usize {
        self.sats
    }
    fn ground_stations(&self) -> usize {
        self.grounds
    }
    fn snapshot(&mut self, t: SimTime, out: &mut Snapshot) -> Result<(), String> {
        let (_, s) = self.states.iter().rev().find(|(at, _)| *at <= t).ok_or("no state yet")?;
        out.clone_from(s);
        Ok(())
    }
}

/// Three satellites in a line 1,000 km apart (nodes 0-2), 600 km above the ground stations
/// under the first and the last (nodes 3 and 4), joined as `isls` and `gsls`.
fn line(isls: &[(u32, u32)], gsls: &[(u32, u32)]) -> Snapshot {
    Snapshot {
        positions: vec![
            [7000.0, 0.0, 0.0],
            [7000.0, 1000.0, 0.0],
            [7000.0, 2000.0, 0.0],
            [6400.0, 0.0, 0.0],
            [6400.0, 2000.0, 0.0],
        ],
        isls: isls.to_vec(),
        gsls: gsls.to_vec(),
    }
}

fn still(snap: Snapshot, sats: usize) -> Scripted {
    let grounds = snap.positions.len() - sats;
    Scripted { sats, grounds, states: vec![(SimTime::ZERO, snap)] }
}

fn options(rate_bps: f64, end_s: f64) -> MeshOptions {
    MeshOptions {
        isl_rate_bps: rate_bps,
        gsl_rate_bps: rate_bps,
        isl_queue: 100,
        gsl_queue: 100,
        update: SimDuration::from_secs_f64(0.1),
        bucket: SimDuration::from_secs_f64(0.1),
        end: SimTime::from_secs_f64(end_s),
        max_events: 100_000_000,
    }
}

fn udp(src: u32, dst: u32, rate_bps: f64) -> FlowSpec {
    FlowSpec { src, dst, start: SimTime::ZERO, traffic: Traffic::Udp { rate_bps } }
}

fn tcp(src: u32, dst: u32, segments: Option<u64>) -> FlowSpec {
    FlowSpec { src, dst, start: SimTime::ZERO, traffic: Traffic::Tcp { cc: CcKind::NewReno, segments } }
}

const LINE_ISLS: [(u32, u32); 2] = [(0, 1), (1, 2)];

#[test]
fn forwarding_takes_the_least_total_length_and_never_relays_through_a_ground_station() {
    let mut f = Forwarding::new(5, &[4, 3]);
    f.compute(3, &line(&LINE_ISLS, &[(3, 0), (4, 2)]));
    let hops = |f: &Forwarding, dst: u32, from: u32| {
        let mut path = vec![from];
        while *path.last().unwrap() != dst && path.len() < 10 {
            path.push(f.next_hop(dst, *path.last().unwrap()).unwrap());
        }
        path
    };
    assert_eq!(hops(&f, 4, 3), [3, 0, 1, 2, 4]);
    assert_eq!(hops(&f, 3, 4), [4, 2, 1, 0, 3]);
    // A second satellite in range of the first station: up to it (1,166 km) is shorter than
    // up to the first and across (600 + 1,000 km).
    f.compute(3, &line(&LINE_ISLS, &[(3, 0), (3, 1), (4, 2)]));
    assert_eq!(hops(&f, 4, 3), [3, 1, 2, 4]);
    // No destination row for a node no flow goes to; no route without a satellite in range.
    assert_eq!(f.next_hop(2, 0), None);
    f.compute(3, &line(&LINE_ISLS, &[(3, 0)]));
    assert_eq!(f.next_hop(4, 3), None);
    assert_eq!(f.next_hop(4, 1), None);
}

#[test]
fn a_light_udp_flow_arrives_after_its_transmissions_and_its_path_length() {
    let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let mut m = Mesh::new(still(snap, 3), &[udp(3, 4, 1e6)], options(10e6, 1.0)).unwrap();
    m.run_until(SimTime::from_secs_f64(1.0)).unwrap();
    let r = &m.flow_results()[0];
    // Four transmissions of 1,502 bytes at 10 Mb/s and 3,200 km at the speed of light.
    let expected = 4.0 * 1502.0 * 8.0 / 10e6 + 3200.0 / C_KM_S;
    assert!((r.delay_mean_s - expected).abs() < 1e-8 && (r.delay_max_s - expected).abs() < 1e-8, "{r:?}");
    // One packet every 12 ms (1,500 bytes at 1 Mb/s) from 0 to 996 ms; those sent by 984 ms
    // arrive by the end.
    assert_eq!((r.sent, r.received, r.lost), (84, 83, Losses::default()));
    assert_eq!(r.goodput_bytes, 83 * u64::from(UDP_PAYLOAD_BYTES));
    assert_eq!(r.goodput_series.iter().sum::<u64>(), r.goodput_bytes);
    assert!(r.rtt_mean_s.is_nan());
}

#[test]
fn twice_the_line_rate_fills_the_first_queue_and_the_rest_is_lost_there() {
    let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let mut m = Mesh::new(still(snap, 3), &[udp(3, 4, 20e6)], options(10e6, 1.0)).unwrap();
    m.run_until(SimTime::from_secs_f64(1.0)).unwrap();
    let r = &m.flow_results()[0];
    // The station's ground-link device sends back to back from the start: one packet every
    // 1.2016 ms, the first arriving after 15.48 ms.
    assert!((818..=822).contains(&r.received), "{r:?}");
    let links = m.link_results();
    let up = &links[3];
    assert_eq!((up.from, up.isl_to), (3, None));
    assert_eq!(up.dropped, r.lost.queue);
    assert!(up.busy.as_secs_f64() > 0.998, "{up:?}");
    assert_eq!(r.lost.no_route, 0);
    // Conserved: what is neither received nor lost is in the network, at most a full queue
    // and a packet on each of the four links.
    let inside = r.sent - r.received - r.lost.queue;
    assert!((100..=120).contains(&inside), "{inside} packets inside");
    assert_eq!(m.losses(), r.lost);
}

#[test]
fn a_satellite_has_one_ground_link_device_for_every_station_it_serves() {
    // Sources under satellites 0 and 2 (nodes 3, 4), one destination under satellite 1 (node 5).
    let mut snap = line(&LINE_ISLS, &[(3, 0), (4, 2), (5, 1)]);
    snap.positions.push([6400.0, 1000.0, 0.0]);
    let mut m = Mesh::new(still(snap, 3), &[udp(3, 5, 8e6), udp(4, 5, 8e6)], options(10e6, 2.0)).unwrap();
    m.run_until(SimTime::from_secs_f64(2.0)).unwrap();
    let flows = m.flow_results();
    let links = m.link_results();
    // 16 Mb/s offered into satellite 1's one ground-link device at 10 Mb/s: it drops, and the
    // two flows together get its rate, no more.
    assert_eq!((links[1].from, links[1].isl_to), (1, None));
    assert!(links[1].dropped > 500, "{:?}", links[1]);
    let total: u64 = flows.iter().map(|f| f.goodput_bytes).sum();
    let most = 10e6 / 8.0 * 2.0 * f64::from(UDP_PAYLOAD_BYTES) / f64::from(UDP_WIRE_BYTES);
    assert!(total as f64 <= most && total as f64 > 0.97 * most, "{total} of {most}");
    // Two constant-rate flows at one drop-tail queue do not share it evenly: which arrival
    // finds the place a departure made is a matter of phase (here 3:1). Both get through.
    assert!(flows.iter().all(|f| f.goodput_bytes as f64 > 0.1 * most), "{flows:?}");
}

#[test]
fn a_station_out_of_every_satellites_range_loses_all_for_want_of_a_route() {
    let snap = line(&LINE_ISLS, &[(3, 0)]);
    let mut m = Mesh::new(still(snap, 3), &[udp(3, 4, 1e6)], options(10e6, 0.5)).unwrap();
    m.run_until(SimTime::from_secs_f64(0.5)).unwrap();
    let r = &m.flow_results()[0];
    assert_eq!((r.received, r.lost.no_route, r.lost.queue), (0, r.sent, 0));
    assert!(r.sent > 40);
}

#[test]
fn after_a_change_of_state_packets_in_flight_follow_the_new_one_and_none_is_lost() {
    // From 0.3 s the destination is in range of satellite 1 only: packets already on their way
    // to satellite 2 still get there, and turn back.
    let before = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let after = line(&LINE_ISLS, &[(3, 0), (4, 1)]);
    let src =
        Scripted { sats: 3, grounds: 2, states: vec![(SimTime::ZERO, before), (SimTime::from_secs_f64(0.3), after)] };
    let mut m = Mesh::new(src, &[udp(3, 4, 5e6)], options(10e6, 0.6)).unwrap();
    m.record_paths(0).unwrap();
    assert!(m.record_paths(1).unwrap_err().contains("no flow 1"));
    m.run_until(SimTime::from_secs_f64(0.6)).unwrap();
    // The path under each state: 3,200 km over four links, then 2,766 km over three.
    let paths = m.paths(0);
    assert_eq!(paths.len(), 6);
    let km = |p: &PathSample| p.delay_s * C_KM_S;
    assert!((km(&paths[0]) - 3200.0).abs() < 1e-6 && paths[0].hops == 4, "{paths:?}");
    let after = 600.0 + 1000.0 + (600f64.powi(2) + 1000f64.powi(2)).sqrt();
    assert!((km(&paths[3]) - after).abs() < 1e-6 && paths[3].hops == 3, "{paths:?}");
    assert!(paths.iter().all(|p| p.bottleneck_bps == 10e6 && p.loss == 0.0));
    let r = &m.flow_results()[0];
    assert_eq!(r.lost, Losses::default(), "{r:?}");
    // Those still inside at the end: sent in the last path delay (under 16 ms: 7 packets).
    assert!(r.sent - r.received <= 7, "{r:?}");
    let links = m.link_results();
    let turned = links.iter().find(|l| (l.from, l.isl_to) == (2, Some(1))).expect("satellite 2 sent back to 1");
    assert!(turned.sent > 0 && turned.sent < 5, "{turned:?}");
    // Satellite 2's ground-link device sent only what reached it before the change (the
    // first packet reaches it after 8.6 ms).
    let rate = 5e6 / (1500.0 * 8.0);
    assert!((links[2].sent as f64 - (0.3 - 0.0086) * rate).abs() < 3.0, "{:?}", links[2]);
    assert!(links[1].sent as f64 > 0.25 * rate, "{:?}", links[1]);
}

#[test]
fn a_sized_tcp_transfer_completes_with_every_byte_acknowledged() {
    let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let mut m = Mesh::new(still(snap, 3), &[tcp(3, 4, Some(600))], options(10e6, 5.0)).unwrap();
    m.run_until(SimTime::from_secs_f64(0.5)).unwrap();
    assert!(m.next_packet_event().is_some(), "under way");
    m.run_until(SimTime::from_secs_f64(4.0)).unwrap();
    // Done: only the forwarding state's updates are left (what *follow the action* skips).
    assert_eq!((m.next_packet_event(), m.next_event()), (None, Some(SimTime::from_secs_f64(4.1))));
    m.run_until(SimTime::from_secs_f64(5.0)).unwrap();
    let r = &m.flow_results()[0];
    assert_eq!(r.goodput_bytes, 600 * u64::from(TCP_MSS_BYTES), "{r:?}");
    // Slow start overruns the 100-packet queue once; every loss is resent.
    assert_eq!((r.lost.no_route, r.retransmits), (0, r.lost.queue), "{r:?}");
    assert!(r.lost.queue > 0);
    let done = r.completed.expect("the transfer completes").as_secs_f64();
    // 600 segments at 10 Mb/s take 0.69 s on the wire.
    assert!(done > 0.69 && done < 1.5, "{done}");
}

#[test]
fn a_long_tcp_flow_fills_its_bottleneck() {
    let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let mut m = Mesh::new(still(snap, 3), &[tcp(3, 4, None)], options(10e6, 5.0)).unwrap();
    m.run_until(SimTime::from_secs_f64(5.0)).unwrap();
    let r = &m.flow_results()[0];
    // After the first second, at least 90 % of the payload rate of a 10 Mb/s link (and at most
    // that plus a queue's worth: bytes acknowledged in a span may have been sent before it).
    let late: u64 = r.goodput_series[10..50].iter().sum();
    let most = 10e6 / 8.0 * 4.0 * f64::from(TCP_MSS_BYTES) / f64::from(TCP_WIRE_BYTES);
    assert!(late as f64 > 0.9 * most && late as f64 <= most + 101.0 * f64::from(TCP_MSS_BYTES), "{late} of {most}");
    // Round trip: 2 x 10.67 ms of path, the data's and the ACK's transmissions, and queueing.
    assert!(r.rtt_mean_s > 0.0257 && r.rtt_mean_s < 0.2, "{r:?}");
}

#[test]
fn runs_are_deterministic_budgeted_and_refuse_bad_flows() {
    let run = || {
        let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
        let mut m = Mesh::new(still(snap, 3), &[tcp(3, 4, None), udp(4, 3, 12e6)], options(10e6, 2.0)).unwrap();
        m.run_until(SimTime::from_secs_f64(2.0)).unwrap();
        format!("{:?} {:?} {}", m.flow_results(), m.link_results(), m.events())
    };
    assert_eq!(run(), run());
    let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let mut m =
        Mesh::new(still(snap, 3), &[udp(3, 4, 12e6)], MeshOptions { max_events: 1000, ..options(10e6, 2.0) }).unwrap();
    assert!(m.run_until(SimTime::from_secs_f64(2.0)).unwrap_err().contains("budget of 1000 events"));
    let bad = |f: FlowSpec| Mesh::new(still(line(&LINE_ISLS, &[]), 3), &[f], options(1e6, 1.0)).err().unwrap();
    assert!(bad(udp(3, 3, 1e6)).contains("flow 0"));
    assert!(bad(udp(1, 4, 1e6)).contains("two different ground stations"));
    assert!(bad(udp(3, 4, f64::NAN)).contains("UDP rate"));
    let src = Scripted { sats: 3, grounds: 2, states: vec![(SimTime::ZERO, line(&[(0, 3)], &[]))] };
    let mut m = Mesh::new(src, &[udp(3, 4, 1e6)], options(1e6, 1.0)).unwrap();
    assert!(m.run_until(SimTime::from_secs_f64(1.0)).unwrap_err().contains("ISL 0-3"));
}

/// The first four of Hypatia's 100 most populous cities
/// (paper/satellite_networks_state/input_data/ground_stations_cities_sorted_by_estimated_2025_pop_top_100.basic.txt).
const CITIES: &str = "0,Tokyo,35.6895,139.69171,0\n1,Delhi,28.66667,77.21667,0\n2,Shanghai,31.22222,121.45806,0\n3,São-Paulo,-23.5475,-46.63611,0\n";

#[test]
fn kuiper_630_carries_reciprocal_udp_flows_between_cities() {
    let tles = hypatia_tles_manual("Kuiper-630", 34, 34, true, 51.9, 0.0000001, 0.0, 14.80);
    let shell = GridShell::from_hypatia(
        &tles,
        CITIES,
        max_isl_length_m(630_000.0),
        max_gsl_length_m(630_000.0 / 30f64.to_radians().tan(), 630_000.0),
    )
    .unwrap();
    assert_eq!(shell.isls().len(), 2312);
    let g = |k: u32| 1156 + k;
    let flows = [udp(g(0), g(3), 10e6), udp(g(3), g(0), 10e6), udp(g(1), g(2), 10e6), udp(g(2), g(1), 10e6)];
    let mut m = Mesh::new(shell, &flows, options(10e6, 1.0)).unwrap();
    m.run_until(SimTime::from_secs_f64(1.0)).unwrap();
    let results = m.flow_results();
    for r in &results {
        // At the line rate, a flow gets at most its link's payload rate.
        assert!(r.goodput_bytes as f64 <= 10e6 / 8.0 * f64::from(UDP_PAYLOAD_BYTES) / f64::from(UDP_WIRE_BYTES));
        // Tokyo-São Paulo is about 18,500 km over the ground: over 60 ms one way.
        assert!(r.received > 0 && r.delay_mean_s > 0.004, "{r:?}");
    }
    assert!(results[0].delay_mean_s > 0.06, "{:?}", results[0]);
    assert_eq!(m.losses().no_route, 0);
}

#[test]
fn a_traced_flow_tells_each_packets_story_and_the_run_is_the_same() {
    // A sized TCP transfer beside a UDP flow on the line, the destination's satellite changing
    // at 0.3 s: traced, flow 0 gives a record per packet event; the run is the same untraced.
    let run = |traced: bool| {
        let states = vec![
            (SimTime::ZERO, line(&LINE_ISLS, &[(3, 0), (4, 2)])),
            (SimTime::from_secs_f64(0.3), line(&LINE_ISLS, &[(3, 0), (4, 1)])),
        ];
        let src = Scripted { sats: 3, grounds: 2, states };
        let mut m = Mesh::new(src, &[tcp(3, 4, Some(600)), udp(3, 4, 3e6)], options(10e6, 3.0)).unwrap();
        m.trace_flow(Some(0));
        let mut trace =
            if traced { crate::trace::PacketTrace::with_limit(100_000).unwrap() } else { Default::default() };
        for k in 1..=30 {
            m.with_trace(&mut trace, |m| m.run_until(SimTime::from_secs_f64(0.1 * f64::from(k)))).unwrap();
        }
        let records: Vec<_> = trace.since(0).copied().collect();
        (m.flow_results(), m.link_results(), m.events(), records)
    };
    let (plain, plain_links, plain_events, none) = run(false);
    let (results, links, events, records) = run(true);
    assert!(none.is_empty());
    // Compared as printed: a UDP flow's mean RTT is NaN.
    assert_eq!(format!("{results:?} {links:?} {events}"), format!("{plain:?} {plain_links:?} {plain_events}"));
    let r = &results[0];
    let count = |kind: TraceKind| records.iter().filter(|x| x.kind == kind).count() as u64;
    assert!(records.iter().all(|x| x.flow == 0), "only the traced flow");
    assert!(records.windows(2).all(|w| w[0].t <= w[1].t), "in time order");
    assert_eq!(count(TraceKind::Send), 600);
    assert_eq!(count(TraceKind::Retransmit), r.retransmits);
    assert_eq!(count(TraceKind::Timeout), r.timeouts);
    let resent = |why: Reason| records.iter().any(|x| x.kind == TraceKind::Retransmit && x.reason == Some(why));
    assert!(resent(Reason::LossDetected) && (r.timeouts == 0 || resent(Reason::TimerExpired)));
    assert!(r.retransmits > 0, "slow start overruns the queue beside the UDP flow: {r:?}");
    assert_eq!(count(TraceKind::Drop), r.lost.queue + r.acks_lost.queue);
    assert_eq!(count(TraceKind::Deliver), r.received);
    assert_eq!(count(TraceKind::Ack), r.received, "an ACK per segment received");
    assert_eq!(count(TraceKind::RouteChange), 1);
    let change = records.iter().find(|x| x.kind == TraceKind::RouteChange).unwrap();
    assert_eq!((change.t, change.route_hops), (SimTime::from_secs_f64(0.3), 1));
    // The first segment: sent over two ISLs, then station 3 -> 0 -> 1 -> 2 -> station 4.
    let first: Vec<_> = records.iter().filter(|x| x.packet == 0).collect();
    assert_eq!((first[0].kind, first[0].node, first[0].route_hops), (TraceKind::Send, 3, 2));
    let hops: Vec<(u32, Option<u32>)> =
        first.iter().filter(|x| x.kind == TraceKind::Hop).map(|x| (x.node, x.next)).collect();
    assert_eq!(hops, [(3, Some(0)), (0, Some(1)), (1, Some(2)), (2, Some(4))]);
    assert_eq!(first.last().map(|x| (x.kind, x.node)), Some((TraceKind::Deliver, 4)));
    // Segments wait behind others (the UDP flow's among them), and say how long.
    assert!(records.iter().any(|x| x.kind == TraceKind::Hop && x.queue_ahead > 0 && x.waited > SimDuration::ZERO));
    // Every packet numbered once: its send (or its ACK), then its own events.
    let mut seen = std::collections::HashSet::new();
    for x in records.iter().filter(|x| x.packet != crate::trace::NO_PACKET) {
        let starts = matches!(x.kind, TraceKind::Send | TraceKind::Retransmit | TraceKind::Ack);
        assert_eq!(seen.insert(x.packet), starts, "{x:?}");
    }
}

#[test]
fn a_trace_turned_on_mid_run_follows_only_the_packets_sent_since() {
    let snap = line(&LINE_ISLS, &[(3, 0), (4, 2)]);
    let mut m = Mesh::new(still(snap, 3), &[tcp(3, 4, None)], options(10e6, 1.0)).unwrap();
    m.trace_flow(Some(0));
    m.run_until(SimTime::from_secs_f64(0.5)).unwrap();
    let mut trace = crate::trace::PacketTrace::with_limit(100_000).unwrap();
    m.with_trace(&mut trace, |m| m.run_until(SimTime::from_secs_f64(0.6))).unwrap();
    assert!(trace.recorded() > 0);
    // Every packet's first record is its send (or its ACK's making): none in flight before
    // the trace began shows up under another's number.
    let mut seen = std::collections::HashSet::new();
    for x in trace.since(0).filter(|x| x.packet != crate::trace::NO_PACKET) {
        let starts = matches!(x.kind, TraceKind::Send | TraceKind::Retransmit | TraceKind::Ack);
        assert_eq!(seen.insert(x.packet), starts, "{x:?}");
    }
}
