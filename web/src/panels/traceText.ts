import type { TraceReason } from '../engine/engine-kinds';
import type { TraceRow } from '../engine/protocol';

/** A duration in milliseconds, to the microsecond below 10 ms (a packet time on a slow link). */
export function ms(x: number): string {
  return x < 10 ? `${x.toFixed(3)} ms` : `${x.toFixed(1)} ms`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The words *Inside the wire* uses for a model's packets: its descriptor's `wire`
 * (models/types.ts), TCP's words when it gives none. Shared code names no model; a model
 * whose packets are not TCP segments (a voice packet, its transport's feedback) says so here.
 */
export interface WireWords {
  /** A data packet, before its number: "segment" ("segment 3"). */
  data: string;
  /** Data packet `seq` beside an arrow of the diagram: "seg 3". */
  dataShort: (seq: number) => string;
  /** An acknowledgement: "ACK". */
  ack: string;
  /** The same beside an arrow of the diagram, when no route's hops are shown there: "ACK". */
  ackShort: string;
  /** What the acknowledgement numbered `seq` is about, after its name: "asking for segment 4". */
  ackAbout: (seq: number) => string;
  /** The receiver sending it, after the receiver's name: "acknowledges: it asks for segment 4 next". */
  acks: (seq: number) => string;
  /** The sender's timer firing, after "<sender>'s": "retransmission timer fires: segment 3 is not acknowledged". */
  timeout: (seq: number) => string;
  /** A timer's line across the diagram: its short label ("RTO") and its title. */
  timeoutShort: string;
  timeoutMark: (seq: number) => string;
  /** Whether packets follow routes over inter-satellite links (the sentences then count the hops). */
  routes: boolean;
  /** Whether packets already on their way follow a new route from their next node on (forwarding
   * hop by hop on the state in force), rather than the route they left on. Default false. */
  rerouted?: boolean;
  /** Whether a lost data packet is sent again (the story then offers to follow it to its resend). */
  resends: boolean;
  /** Whether the receiver sends anything back (ACKs, feedback) and the sender keeps a timer;
   * false: the diagram's legend and the panel's sentences name neither. Default true. */
  acksBack?: boolean;
  /** What held a packet that waited at a node with no packet ahead of it, if the model can say
   * ("while the link resent its erased LLDUs"); a wait behind packets needs no words. */
  held?: (hop: TraceRow) => string | null;
}

/** TCP's words (RFC 9293): segments, ACKs, the retransmission timer, over routes of ISL hops. */
export const TCP_WORDS: WireWords = {
  data: 'segment',
  dataShort: (seq) => `seg ${seq}`,
  ack: 'ACK',
  ackShort: 'ACK',
  ackAbout: (seq) => `asking for segment ${seq}`,
  acks: (seq) => `acknowledges: it asks for segment ${seq} next`,
  timeout: (seq) => `retransmission timer fires: segment ${seq} is not acknowledged`,
  timeoutShort: 'RTO',
  timeoutMark: (seq) => `timeout: segment ${seq} resent`,
  routes: true,
  resends: true,
};

/** "an ACK", "a feedback report". */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** What the packet was: "segment 3", "the ACK asking for segment 4". */
function what(r: TraceRow, w: WireWords): string {
  return r.ack ? `the ${w.ack} ${w.ackAbout(r.seq)}` : `${w.data} ${r.seq}`;
}

/** Why, after a colon, for every reason the engine gives (a new one fails the type check here). */
const REASON: Record<TraceReason, string> = {
  overflow: "the link's buffer was full",
  'no-route': 'there was no route on to its destination',
  'loss-detected': 'the ACKs showed it lost (SACK or three duplicate ACKs)',
  'timer-expired': 'its retransmission timer expired',
  'sender-buffer': "the sender's buffer was full: the transport's rate let packets go slower than they were made",
  'link-error': 'the link lost it to errors',
  late: 'it arrived after its playout point, too late to be used',
  expired: 'it waited in its queue longer than the scheduler allows',
  nack: 'the receiver could not decode it and asked for more (a HARQ NACK)',
  handoff: 'it was queued for a satellite its ground terminal had left (a handover)',
};

/** One record as one sentence (the line under *Next event*), in the model's words (a node's
 * name that begins it, "sender", begins with a capital). */
export function describe(r: TraceRow, w: WireWords = TCP_WORDS): string {
  return cap(sentence(r, w));
}

function sentence(r: TraceRow, w: WireWords): string {
  const id = r.packet === null ? '' : ` (packet #${r.packet})`;
  const over = w.routes ? ` over ${plural(r.route_hops, 'inter-satellite link')}` : '';
  switch (r.kind) {
    case 'send':
      return `${r.node} sends ${w.data} ${r.seq}${id}${w.routes ? ` on a route${over}` : ''}.`;
    case 'retransmit':
      return `${r.node} sends ${w.data} ${r.seq} again${id}: ${r.reason ? REASON[r.reason] : 'it was judged lost'}.`;
    case 'hop':
      if (r.reason)
        return `${cap(what(r, w))}${id} leaves ${r.node} for ${r.next} again, ${ms(r.waited_ms)} later: ${REASON[r.reason]}.`;
      return r.waited_ms > 0.0005
        ? `${cap(what(r, w))}${id} leaves ${r.node} for ${r.next} after waiting ${ms(r.waited_ms)} ${behind(r, w)}.`
        : `${cap(what(r, w))}${id} leaves ${r.node} for ${r.next} at once (nothing ahead of it).`;
    case 'drop':
      return `${cap(what(r, w))}${id} is lost at ${r.node}: ${r.reason ? REASON[r.reason] : 'dropped'}.`;
    case 'deliver':
      return `${r.node} receives ${w.data} ${r.seq}${id}.`;
    case 'ack':
      return `${r.node} ${w.acks(r.seq)}${id}${w.routes ? `,${over}` : ''}.`;
    case 'ack-arrive':
      return `${r.node} receives ${what(r, w)}${id}.`;
    case 'timeout':
      return `${r.node}'s ${w.timeout(r.seq)}.`;
    case 'route-change':
      return `The route changes: now ${plural(r.route_hops, 'inter-satellite link')}. ${
        w.rerouted
          ? 'Packets already on their way take the new next hops from their next node on.'
          : 'Packets already sent keep the route they left on.'
      }`;
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Why a hop waited: behind the packets ahead of it, or what the model says held it. */
function behind(r: TraceRow, w: WireWords): string {
  if (r.queue_ahead > 0) return `behind ${plural(r.queue_ahead, 'packet')}`;
  return w.held?.(r) ?? 'with no packet ahead of it';
}

/** A packet's story: what finally happened to it, and each of its events. */
export interface PacketStory {
  packet: number;
  /** "Segment 3" or "The ACK asking for segment 4" (in the model's words). */
  title: string;
  /** What finally happened: delivered (and how long it took), lost (where and why), or under way. */
  fate: string;
  /** Why it was sent at all, for a retransmission, with what became of the earlier copies. */
  why: string | null;
  /** Route changes while it flew. */
  route: string | null;
  /** The segment of a lost data packet, when the transport resends (its resend can be followed); else null. */
  lostSegment: number | null;
  /** Each event, `t = ... s: sentence`. */
  lines: string[];
  /** When it left and when its story ends (arrival, loss, or the last event held) [s]. */
  t0: number;
  t1: number;
}

/** The story of `packet` from the trace records held, or null if none is about it. */
export function packetStory(rows: readonly TraceRow[], packet: number, w: WireWords = TCP_WORDS): PacketStory | null {
  const own = rows.filter((r) => r.packet === packet);
  if (!own.length) return null;
  const start = own[0];
  const ack = start.ack;
  const end = own[own.length - 1];
  const t0 = start.t_s;
  const title = cap(ack ? `the ${w.ack} ${w.ackAbout(start.seq)}` : `${w.data} ${start.seq}`);
  const hops = own.filter((r) => r.kind === 'hop');
  const waited = hops.reduce((s, r) => s + r.waited_ms, 0);
  const longest = hops.reduce<TraceRow | null>((m, r) => (!m || r.waited_ms > m.waited_ms ? r : m), null);
  const waits =
    waited > 0.0005 && longest
      ? `; ${ms(waited)} of it waiting in queues, longest at ${longest.node} ` +
        `(${ms(longest.waited_ms)} ${behind(longest, w)})`
      : '; it never waited in a queue';
  let fate: string;
  if (end.kind === 'deliver' || end.kind === 'ack-arrive')
    fate = `Arrived at ${end.node} ${ms((end.t_s - t0) * 1e3)} after it left${waits}.`;
  else if (end.kind === 'drop')
    fate = `Lost at ${end.node}, ${ms((end.t_s - t0) * 1e3)} after it left: ${end.reason ? REASON[end.reason] : 'dropped'}.`;
  else fate = `Still on its way at t = ${end.t_s.toFixed(6)} s, the last event held (at ${end.next ?? end.node}).`;
  let why: string | null = null;
  if (start.kind === 'retransmit') {
    const earlier = rows.filter(
      (r) => (r.kind === 'send' || r.kind === 'retransmit') && r.seq === start.seq && r.t_s < t0 && r.packet !== null,
    );
    const fates = earlier.map((e) => {
      const last = rows.filter((r) => r.packet === e.packet).pop()!;
      const how =
        last.kind === 'drop'
          ? `lost at ${last.node} (${last.reason ? REASON[last.reason] : 'dropped'})`
          : last.kind === 'deliver'
            ? 'arrived after all, so this copy was not needed'
            : 'still under way';
      return `packet #${e.packet} sent at ${e.t_s.toFixed(6)} s was ${how}`;
    });
    why =
      `A retransmission: ${start.reason ? REASON[start.reason] : 'the sender judged it lost'}.` +
      (fates.length ? ` Earlier: ${fates.join('; ')}.` : ' Its earlier copies are older than the records held.');
  }
  const t1 = end.t_s;
  const changes = rows.filter((r) => r.kind === 'route-change' && r.t_s > t0 && r.t_s <= t1);
  // The inter-satellite links it crossed: its hops less the up- and down-link, once it arrived.
  const crossed = hops.length - 2;
  const arrived = end.kind === 'deliver' || end.kind === 'ack-arrive';
  const took =
    !arrived || crossed === start.route_hops
      ? `it kept the route it left on, over ${plural(start.route_hops, 'ISL hop')}`
      : `the satellites forwarded it on the new route from where it was (hop by hop, as ns-2 does): ` +
        `${plural(crossed, 'ISL hop')} in all, where it left on ${plural(start.route_hops, 'ISL hop')}`;
  const route = changes.length
    ? `The route changed while it flew (at ${changes
        .map((c) => `${c.t_s.toFixed(3)} s, to ${plural(c.route_hops, 'ISL hop')}`)
        .join('; ')}); ${took}.`
    : null;
  const lines = own.map((r) => `t = ${r.t_s.toFixed(6)} s: ${describe(r, w)}`);
  const lostSegment = end.kind === 'drop' && !start.ack && w.resends ? start.seq : null;
  return { packet, title, fate, why, route, lines, t0, t1, lostSegment };
}
