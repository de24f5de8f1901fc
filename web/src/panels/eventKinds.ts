import type { TopoEventKind } from '../engine/engine-kinds';
import type { ConstellationInfo, TopoEvent } from '../engine/protocol';

/** How each topology event kind is named and coloured in the log, the chart and the legend: every
 * kind the engine writes (a new one fails the type check here). */
export const EVENT_KINDS: Record<TopoEventKind, { label: string; color: string; handover: boolean }> = {
  'intra-orbital': { label: 'intra-orbital handover', color: '#59a14f', handover: true },
  'inter-orbital': { label: 'inter-orbital handover', color: '#f28e2b', handover: true },
  'shell-change': { label: 'handover to another shell', color: '#b07aa1', handover: true },
  'seam-enter': { label: 'seam handover', color: '#e15759', handover: true },
  'seam-leave': { label: 'leaves the seam', color: '#ff9da7', handover: true },
  'isl-change': { label: 'ISL change', color: '#76b7b2', handover: true },
  'access-lost': { label: 'no satellite in view', color: '#bab0ac', handover: false },
  'access-gained': { label: 'satellite in view again', color: '#bab0ac', handover: false },
  'link-down': { label: 'ISL down', color: '#9c755f', handover: false },
  'link-up': { label: 'ISL up', color: '#9c755f', handover: false },
};

/**
 * A satellite as plane and slot, "P3-S7"; in a constellation of several shells as shell, plane
 * within it and slot, "Sh2-P3-S7" (the engine's node names, `PairTopology::node_names`).
 */
export function satName(info: ConstellationInfo, i: number | null): string {
  if (i === null) return '–';
  const [p, s] = info.sats[i] ?? [0, 0];
  const shells = info.shells ?? [];
  if (shells.length <= 1) return `P${p}-S${s}`;
  const shell = info.plane_shell[p] ?? 0;
  const first = info.plane_shell.indexOf(shell);
  return `Sh${shell}-P${p - first}-S${s}`;
}

/** What an event changed, in words: the satellites of a handover, the hops of a route change. */
export function eventDetail(e: TopoEvent, info: ConstellationInfo | null): string {
  const who = e.end === null || !info ? '' : `${info.sites[e.end]?.name ?? `end ${e.end}`}: `;
  if (e.kind === 'isl-change') {
    const step =
      e.step_ms === undefined ? '' : ` (${e.step_ms >= 0 ? '+' : '−'}${Math.abs(e.step_ms).toFixed(2)} ms one way)`;
    if (!e.hops) return `route changed${step}, same access satellites`;
    const [a, b] = e.hops;
    return a === b
      ? `route through other satellites, ${a} ISL hops${step}, same access satellites`
      : `route ${a} → ${b} ISL hops${step}, same access satellites`;
  }
  if (e.kind === 'seam-enter') return 'the ends are on either side of the seam: the route detours over a pole';
  if (e.kind === 'seam-leave') return 'the seam no longer separates the ends';
  if (e.kind === 'link-down' || e.kind === 'link-up')
    return info ? `${satName(info, e.from_sat)} – ${satName(info, e.to_sat)}${e.reason ? ` (${e.reason})` : ''}` : '';
  if ((e.from_sat !== null || e.to_sat !== null) && info)
    return `${who}${satName(info, e.from_sat)} → ${satName(info, e.to_sat)}`;
  return who.replace(/: $/, '');
}

/** `hh:mm:ss` of simulated seconds. */
export function clock(t: number, epochMs?: number): string {
  if (epochMs !== undefined) {
    const d = new Date(epochMs + t * 1000);
    const q = (n: number) => String(n).padStart(2, '0');
    return `${q(d.getUTCHours())}:${q(d.getUTCMinutes())}:${q(d.getUTCSeconds())}`;
  }
  const s = Math.floor(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}
