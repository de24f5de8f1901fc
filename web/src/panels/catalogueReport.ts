import type { ShellInfo } from '../engine/protocol';

/** The engine's report of a catalogue of element sets: what `skyqueue tle check --json` prints
 * (`engine::orbit::catalogue::Report`), and what the parameter panel shows for a loaded file. */
export interface CatalogueReport {
  element_sets: number;
  /** The time it is grouped at, UTC: its latest epoch (where a run over it starts). */
  reference_utc: string;
  shells: ShellInfo[];
  satellites_used: number;
  satellites_excluded: Record<string, number>;
}

/** The report in words: a summary sentence, one line per shell (what the columns of `skyqueue
 * tle check` hold), and what the field can run of it. */
export function catalogueWords(r: CatalogueReport): { summary: string; shells: string[]; runs: string } {
  const aside = Object.entries(r.satellites_excluded).filter(([, n]) => n > 0);
  const asideCount = aside.reduce((s, [, n]) => s + n, 0);
  const shells = `${r.shells.length} shell${r.shells.length === 1 ? '' : 's'}`;
  const summary =
    `${r.element_sets.toLocaleString('en-US')} element sets: ${shells}, ` +
    `${r.satellites_used.toLocaleString('en-US')} satellites in use, ${asideCount.toLocaleString('en-US')} set aside` +
    (aside.length
      ? ` (${aside.map(([k, n]) => `${k.replace(/-/g, ' ')} ${n.toLocaleString('en-US')}`).join(', ')}).`
      : '.');
  const shellLines = r.shells.map(
    (s) =>
      `${s.inclination_deg.toFixed(2)}°, ${s.altitude_km.toFixed(0)} km: ${s.planes} plane${s.planes === 1 ? '' : 's'}, ` +
      `${s.satellites.toLocaleString('en-US')} satellites (per plane ${s.per_plane.join(' / ')}: fewest / median / most), ` +
      (s.star ? 'a star (a seam)' : 'a delta'),
  );
  const runs = uniformShell(r)
    ? 'One shell with the same number of satellites in every plane: the Iridium link rules can take it as it is; ' +
      '+Grid or no ISLs take it as a catalogue.'
    : 'Under +Grid or no ISLs the run takes every shell; the Iridium link rules take only one shell with the same ' +
      'number of satellites in every plane, which this file is not.';
  return { summary, shells: shellLines, runs };
}

/** Whether the catalogue is one shell with the same number of satellites in every plane. */
export function uniformShell(r: CatalogueReport): boolean {
  return r.shells.length === 1 && r.shells[0].per_plane[0] === r.shells[0].per_plane[2];
}
