import { describe, expect, it } from 'vitest';
import { FIELDS } from '../scenario/schema';
import { formatBound, rangeText } from './rangeText';

describe('ranges in the parameter panel', () => {
  it('write bounds out, never in scientific notation', () => {
    expect(formatBound(2_592_000)).toBe('2,592,000');
    expect(formatBound(Number.MAX_SAFE_INTEGER)).toBe('2^53 − 1');
    expect(formatBound(10000)).toBe('10000');
    expect(formatBound(0.999)).toBe('0.999');
    expect(formatBound(1e8)).toBe('100,000,000');
    expect(formatBound(0.001)).toBe('0.001');
    expect(formatBound(1 / 3)).toBe('0.333333');
    expect(formatBound(-90)).toBe('-90');
  });

  it('hold no exponent for any field the engine declares, and say long durations in days or hours', () => {
    const texts: string[] = [];
    for (const f of FIELDS.values()) if (f.type === 'number') texts.push(`${f.path}: ${rangeText(f, {})}`);
    expect(texts.length).toBeGreaterThan(20);
    for (const t of texts) expect(t).not.toMatch(/\de[-+]?\d/);
    const duration = texts.find((t) => t.startsWith('duration_s:'))!;
    expect(duration).toMatch(/2,592,000 s \(30 days\)/);
    expect(texts.find((t) => t.startsWith('seed:'))).toMatch(/2\^53 − 1, whole/);
  });
});
