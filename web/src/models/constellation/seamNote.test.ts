import { describe, expect, it } from 'vitest';
import { seamPassage } from './seamNote';

const site = (name: string, lat_deg: number, lon_deg: number) => ({ name, lat_deg, lon_deg });

describe("the seam note follows the scenario's sites", () => {
  it('Los Angeles and Hawaii: 40° apart, about 2.6 h each time (2.58 h measured over 24 h)', () => {
    const text = seamPassage(site('Los Angeles', 34.05, -118.24), site('Hawaii gateway', 21.52, -158));
    expect(text).toContain('about 2.6 h each time');
    expect(text).toContain('Los Angeles and Hawaii gateway are 40° of longitude apart');
    expect(text).not.toMatch(/ship|London/);
  });
  it('the Atlantic ship and London: about two hours, as paper 004 found', () => {
    expect(seamPassage(site('Atlantic ship', 45, -30), site('London', 51.5, -0.13))).toContain('about 2.0 h');
  });
  it('the shorter way round the globe, and minutes for near neighbours', () => {
    expect(seamPassage(site('Tokyo', 35.7, 139.7), site('Hawaii gateway', 21.52, -158))).toContain(
      '62° of longitude apart',
    );
    expect(seamPassage(site('A', 0, 10), site('B', 0, 10.5))).toContain('about 2 min');
  });
});
