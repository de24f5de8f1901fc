import type { TopoEvent } from '../engine/protocol';

/** How each topology event kind is named and coloured in the log, the chart and the legend. */
export const EVENT_KINDS: Record<TopoEvent['kind'], { label: string; color: string; handover: boolean }> = {
  'intra-orbital': { label: 'intra-orbital handover', color: '#59a14f', handover: true },
  'inter-orbital': { label: 'inter-orbital handover', color: '#f28e2b', handover: true },
  'seam-enter': { label: 'seam handover', color: '#e15759', handover: true },
  'seam-leave': { label: 'leaves the seam', color: '#ff9da7', handover: true },
  'isl-change': { label: 'ISL change', color: '#76b7b2', handover: true },
  'access-lost': { label: 'no satellite in view', color: '#bab0ac', handover: false },
  'access-gained': { label: 'satellite in view again', color: '#bab0ac', handover: false },
  'link-down': { label: 'ISL down', color: '#9c755f', handover: false },
  'link-up': { label: 'ISL up', color: '#9c755f', handover: false },
};

/** `hh:mm:ss` of simulated seconds. */
export function clock(t: number): string {
  const s = Math.floor(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}
