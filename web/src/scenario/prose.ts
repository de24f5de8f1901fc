/**
 * Numbers and words as the live text writes them (scenario/liveText.ts), and the scenario's
 * values it reads: shared by every model's sentences (models/<id>/liveText.ts).
 */
import type { SiteInfo } from '../engine/protocol';
import { FIELDS, getPath, type ScenarioObject } from './schema';

type Json = ScenarioObject[string];

/** A number as prose writes it: whole numbers grouped (1,000), others to 3 significant digits. */
export function prose(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  const abs = Math.abs(x);
  const d = abs >= 100 ? 1 : Math.max(0, digits - 1 - Math.floor(Math.log10(abs || 1)));
  return Number(x.toFixed(Math.min(d, 6))).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** Seconds as milliseconds in prose ("9 ms", "15.5 ms", "0.714 ms"). */
export const ms = (s: number) => `${prose(s * 1e3)} ms`;
/** b/s as Mb/s in prose. */
export const mbps = (bps: number) => `${prose(bps / 1e6)} Mb/s`;
/** A fraction in percent, in prose. */
export const pct = (x: number) => `${prose(x * 100)} %`;
/** A count and its noun, singular or plural ("1 packet", "2 packets"). */
export const plural = (n: number, one: string, many = `${one}s`) => `${prose(n)} ${n === 1 ? one : many}`;
/** A simulated span in words: "24 h", "100 s", "6 h 30 min". */
export function span(s: number): string {
  if (s >= 3600 && s % 60 === 0) {
    const h = Math.floor(s / 3600);
    const m = Math.round((s % 3600) / 60);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${prose(s)} s`;
}

/** A site as the text names it: its name, or its coordinates when it has none. */
export function siteName(s: SiteInfo | undefined | null): string {
  if (!s) return 'an unnamed site';
  const coords =
    `${prose(Math.abs(s.lat_deg))}° ${s.lat_deg >= 0 ? 'N' : 'S'} ` +
    `${prose(Math.abs(s.lon_deg))}° ${s.lon_deg >= 0 ? 'E' : 'W'}`;
  return s.name && s.name.trim() ? s.name : coords;
}

/** A site field of the scenario (a catalogue name, or an object with a name and coordinates). */
export function siteField(v: Json | undefined): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, Json>;
    if (typeof o.name === 'string' && o.name.trim()) return o.name;
    if (typeof o.lat_deg === 'number' && typeof o.lon_deg === 'number')
      return siteName({ name: '', lat_deg: o.lat_deg, lon_deg: o.lon_deg });
  }
  return 'an unnamed site';
}

/** A number field of the scenario, or null. */
export const num = (s: ScenarioObject, path: string): number | null => {
  const v = getPath(s, path);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
/** A text field of the scenario, or null. */
export const str = (s: ScenarioObject, path: string): string | null => {
  const v = getPath(s, path);
  return typeof v === 'string' ? v : null;
};
/** The label of a choice field's value, as the parameter panel shows it. */
export function optionLabel(path: string, value: string | null): string {
  const f = FIELDS.get(path);
  return (f?.type === 'choice' && f.options.find((o) => o.value === value)?.label) || value || '';
}
