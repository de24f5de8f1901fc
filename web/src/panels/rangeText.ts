import type { NumberField, ScenarioObject } from '../scenario/schema';

/**
 * A bound as a reader says it: whole numbers from 100,000 up with separators ("2,592,000"),
 * the largest exact integer of a double (the seed's limit) as 2^53 − 1, others with at most 6
 * significant digits. Never scientific notation.
 */
export function formatBound(x: number): string {
  if (x === Number.MAX_SAFE_INTEGER) return '2^53 − 1';
  if (Number.isInteger(x) && Math.abs(x) >= 1e5) return x.toLocaleString('en-US');
  const r = +x.toPrecision(6);
  // toPrecision leaves large and tiny values in exponent form: write them out.
  return Math.abs(r) >= 1e-6 || r === 0
    ? r.toLocaleString('en-US', { maximumSignificantDigits: 6, useGrouping: Math.abs(r) >= 1e5 })
    : String(r);
}

/** A duration in seconds of an hour or more, in the unit a person would use: "(30 days)". */
function durationGloss(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
  ];
  for (const [s, name] of units) {
    if (seconds >= s) {
      const n = +(seconds / s).toPrecision(3);
      return ` (${n} ${name}${n === 1 ? '' : 's'})`;
    }
  }
  return '';
}

/** The allowed range of a number field for the scenario `s`: "above 0 to 2,592,000 s (30 days)". */
export function rangeText(f: NumberField, s: ScenarioObject): string {
  const min = typeof f.min === 'function' ? f.min(s) : f.min;
  const max = typeof f.max === 'function' ? f.max(s) : f.max;
  const unit = f.unit ? ` ${f.unit}` : '';
  const gloss = f.unit === 's' ? durationGloss(max) : '';
  const whole = f.rust === 'f64' ? '' : ', whole';
  const empty = f.nullMeans ? `; empty: ${f.nullMeans}` : '';
  return `${f.minExclusive ? 'above ' : ''}${formatBound(min)} to ${formatBound(max)}${unit}${gloss}${whole}${empty}`;
}
