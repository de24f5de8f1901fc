import type { SeriesInfo } from '../engine/protocol';

/** One chart of the run: its series (by column) as lines and as shaded bands. */
export interface ChartGroup {
  key: string;
  unit: string;
  /** The lines' labels joined by " & ". */
  title: string;
  members: { s: SeriesInfo; k: number }[];
  bands: { s: SeriesInfo; k: number }[];
}

/** The charts drawn for a run: one per `chart` group (else per unit); band series shade their group's chart. */
export function chartGroups(series: SeriesInfo[]): ChartGroup[] {
  const group = (s: SeriesInfo) => s.chart || s.unit;
  return [...new Set(series.map(group))].map((key) => {
    const all = series.map((s, k) => ({ s, k })).filter(({ s }) => group(s) === key);
    const members = all.filter(({ s }) => !s.band);
    const bands = all.filter(({ s }) => s.band);
    return { key, unit: members[0]?.s.unit ?? '', title: members.map(({ s }) => s.label).join(' & '), members, bands };
  });
}

/**
 * Whether a series is a closed form rather than a measurement: by the engine's naming, its id
 * has a `theory` part (`af_theory_mbps`). It is drawn dashed, in the colour of the measurement
 * it predicts (the id without `_theory`, `af_mbps`) when that is on the same chart.
 */
export function theoryTwin(id: string): string | null {
  if (!/(^|_)theory(_|$)/.test(id)) return null;
  return id.replace(/_theory(?=_|$)/, '').replace(/^theory_/, '');
}
