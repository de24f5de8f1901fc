import { describe, expect, it } from 'vitest';
import { csvNumber, resultsCsv, slug } from './download';

describe('downloads', () => {
  it('names files without a dash at either end, even when the title is cut', () => {
    expect(slug('Iridium: Atlantic ship to London (paper 004, Fig. 4)')).toBe(
      'iridium-atlantic-ship-to-london-paper-004-fig-4',
    );
    const cut = slug('A 53 degree Walker delta shell: no seam (Toulouse to New York) and more');
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(cut).not.toMatch(/^-|-$/);
    expect(slug('---')).toBe('chart');
  });

  it('writes CSV numbers without binary rounding noise, missing values empty', () => {
    expect(csvNumber(11624.999999999996)).toBe('11625');
    expect(csvNumber(0.1 + 0.2)).toBe('0.3');
    expect(csvNumber(1e-7)).toBe('1e-7');
    expect(csvNumber(null)).toBe('');
    expect(csvNumber(NaN)).toBe('');
    const csv = resultsCsv(
      JSON.stringify({
        series: { t_s: [0.1, 0.2], columns: [{ id: 'wait_ms', unit: 'ms' }], values: [[11624.999999999996, null]] },
      }),
    );
    expect(csv).toBe('t_s [s],wait_ms [ms]\n0.1,11625\n0.2,\n');
  });
  it("heads each column with its label, and says where in its bucket a row's time sits", () => {
    const csv = resultsCsv(
      JSON.stringify({
        series: {
          t_s: [0.25],
          bucket_s: 0.5,
          columns: [
            { id: 'mos', unit: 'MOS', label: 'MOS (last 10 s)' },
            { id: 'x', label: 'x' },
          ],
          values: [[4.1], [1]],
        },
      }),
    );
    expect(csv.split('\n')[0]).toBe('t_s [s] middle of each 0.5 s bucket,mos [MOS] MOS (last 10 s),x');
  });
});
