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
