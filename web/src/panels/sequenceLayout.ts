import type { TraceRow } from '../engine/protocol';
import { TCP_WORDS, type WireWords } from './traceText';

/** One packet's arrow in the time-sequence diagram. */
export interface Arrow {
  packet: number;
  ack: boolean;
  /** A data packet sent again. */
  retransmit: boolean;
  seq: number;
  /** ISL hops of the route it was sent on. */
  routeHops: number;
  /** When it left: the start of its first transmission (after any wait at the sender's link),
   * else when it was sent [s]. */
  t0: number;
  /** When it arrived, was lost, or (under way) the last event held [s]. */
  t1: number;
  fate: 'arrived' | 'lost' | 'under way';
  /** Share of its path covered when lost or at the last event held (1 when it arrived). */
  reach: number;
  /** Where it was lost, and why. */
  lostAt: string | null;
}

/** A moment across both columns: a timeout, a route change. */
export interface Mark {
  t: number;
  kind: 'timeout' | 'route-change';
  label: string;
}

/** What the diagram draws: its two ends, the arrows and the marks in its time window. */
export interface SequenceLayout {
  /** The sending end (left) and the receiving end (right). */
  ends: [string, string];
  arrows: Arrow[];
  marks: Mark[];
  /** Time window [s]. */
  domain: [number, number];
}

const STARTS = new Set<TraceRow['kind']>(['send', 'retransmit', 'ack']);

/**
 * The latest `maxPackets` packets of the trace as arrows, sloped by their delay (a time-sequence
 * diagram, as Packet Tracer and the Kurose-Ross applets draw one), with the timeouts and route
 * changes in their window; null when no packet was sent yet. Records after `nowS` (held from
 * an earlier pass of the same run) are included: the caller draws them faint.
 */
export function sequenceLayout(
  all: readonly TraceRow[],
  maxPackets: number,
  words: WireWords = TCP_WORDS,
): SequenceLayout | null {
  // Only the tail holding the latest packets' starts is read (a run holds up to 20,000 records).
  let tail = all.length;
  for (let starts = 0; tail > 0 && starts < maxPackets;) if (STARTS.has(all[--tail].kind)) starts++;
  const rows = all.slice(tail);
  const byPacket = new Map<number, TraceRow[]>();
  const sender: string | null = all.find((r) => r.kind === 'send' || r.kind === 'retransmit')?.node ?? null;
  const receiver: string | null = all.find((r) => r.kind === 'deliver' || r.kind === 'ack')?.node ?? null;
  for (const r of rows) {
    if (r.packet === null) continue;
    let own = byPacket.get(r.packet);
    if (!own) {
      if (!STARTS.has(r.kind)) continue; // its start is older than the records held
      own = [];
      byPacket.set(r.packet, own);
    }
    own.push(r);
  }
  if (!byPacket.size) return null;
  const arrows: Arrow[] = [];
  for (const [packet, own] of byPacket) {
    const start = own[0];
    const end = own[own.length - 1];
    const firstHop = own.find((r) => r.kind === 'hop');
    // Up-link, ISL hops, down-link, where the trace records each ISL hop (a model whose packets
    // follow routes); else the trace's own hops, the route's ISLs not among them.
    const links = (words.routes ? start.route_hops : 0) + 2;
    const hops = own.filter((r) => r.kind === 'hop').length;
    const fate: Arrow['fate'] =
      end.kind === 'deliver' || end.kind === 'ack-arrive' ? 'arrived' : end.kind === 'drop' ? 'lost' : 'under way';
    arrows.push({
      packet,
      ack: start.ack,
      retransmit: start.kind === 'retransmit',
      seq: start.seq,
      routeHops: start.route_hops,
      t0: firstHop?.t_s ?? start.t_s,
      t1: end.t_s,
      fate,
      reach: fate === 'arrived' ? 1 : Math.min(1, Math.max(0, (hops - (fate === 'lost' ? 0 : 0.5)) / links)),
      lostAt: fate === 'lost' ? `${end.node}${end.reason ? ` (${end.reason})` : ''}` : null,
    });
  }
  arrows.sort((a, b) => a.t0 - b.t0 || a.packet - b.packet);
  const shown = arrows.slice(-maxPackets);
  const from = shown[0].t0;
  const to = Math.max(...shown.map((a) => a.t1), from + 1e-6);
  const marks: Mark[] = rows
    .filter((r) => (r.kind === 'timeout' || r.kind === 'route-change') && r.t_s >= from && r.t_s <= to)
    .map((r) =>
      r.kind === 'timeout'
        ? { t: r.t_s, kind: 'timeout' as const, label: words.timeoutMark(r.seq) }
        : { t: r.t_s, kind: 'route-change' as const, label: `route now ${r.route_hops} ISL hops` },
    );
  return { ends: [sender ?? 'sender', receiver ?? 'receiver'], arrows: shown, marks, domain: [from, to] };
}
