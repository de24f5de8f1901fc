import { describe, expect, it } from 'vitest';
import { locate, pathParts } from './jsonLocate';

const text = `{
  "version": 2,
  "voip": { "lms": { "snr_ref_db": "abc" }, "flows": 0 },
  "diffserv": { "classes": [ { "rate_bps": 1 }, { "rate_bps": -5 } ] }
}`;

describe('locating an engine field in the JSON text', () => {
  it('splits dotted and indexed paths', () => {
    expect(pathParts('a.b[2].c')).toEqual(['a', 'b', 2, 'c']);
    expect(pathParts('a.2')).toEqual(['a', 2]);
    expect(pathParts('')).toEqual([]);
  });
  it('finds nested values, list items included', () => {
    const at = (p: string) => {
      const l = locate(text, p);
      return [text.slice(l.from, l.to), l.exact];
    };
    expect(at('voip.lms.snr_ref_db')).toEqual(['"abc"', true]);
    expect(at('voip.flows')).toEqual(['0', true]);
    expect(at('diffserv.classes[1].rate_bps')).toEqual(['-5', true]);
    expect(at('diffserv.classes.0.rate_bps')).toEqual(['1', true]);
  });
  it('falls back to the nearest field the text has when the field is absent', () => {
    const l = locate(text, 'voip.lms.missing');
    expect(text.slice(l.from, l.to)).toBe('"lms"');
    expect(l.exact).toBe(false);
    const top = locate(text, 'duration_s');
    expect([top.from, top.exact]).toEqual([0, false]);
  });
  it('still finds fields in text with a syntax error elsewhere', () => {
    const broken = '{"seed": "one", "duration_s": -3,, }';
    const l = locate(broken, 'duration_s');
    expect(broken.slice(l.from, l.to)).toBe('-3');
  });
});
