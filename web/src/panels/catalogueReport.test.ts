import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueReport, loadWasmForNode } from '../engine/wasmNode';
import { catalogueWords, type CatalogueReport } from './catalogueReport';

const root = new URL('../../../', import.meta.url).pathname;
const cli = `${root}engine-wasm/target/release/skyqueue`;

describe('the report of a loaded catalogue', () => {
  it("is the command's: the browser's engine and `skyqueue tle check --json` agree on the Starlink file", () => {
    loadWasmForNode();
    const file = `${root}examples/starlink-2026-05-13.tle`;
    const inBrowser = JSON.parse(catalogueReport(readFileSync(file, 'utf8'))) as CatalogueReport;
    const native = JSON.parse(
      execFileSync(cli, ['tle', 'check', '--json', file], { encoding: 'utf8' }).split('\n').slice(1).join('\n'),
    );
    delete native.file;
    expect(inBrowser).toEqual(native);
    const w = catalogueWords(inBrowser);
    expect(w.summary).toMatch(/^10,361 element sets: 9 shells, 9,327 satellites in use, 1,034 set aside \(/);
    expect(w.summary).toContain('decaying 31');
    expect(w.shells).toHaveLength(9);
    const s1 = inBrowser.shells[0];
    expect(w.shells[0]).toBe(
      `${s1.inclination_deg.toFixed(2)}°, ${s1.altitude_km.toFixed(0)} km: ${s1.planes} planes, ${s1.satellites} satellites ` +
        `(per plane ${s1.per_plane.join(' / ')}: fewest / median / most), ${s1.star ? 'a star (a seam)' : 'a delta'}`,
    );
    expect(w.runs).toContain('Under +Grid or no ISLs the run takes every shell');
    expect(inBrowser.reference_utc).toMatch(/^2026-05-13T\d\d:\d\d:\d\dZ$/);
  });

  it('says when a one-shell file is what the Iridium rules take, and why another is refused', () => {
    loadWasmForNode();
    const iridium = JSON.parse(
      catalogueReport(readFileSync(`${root}examples/iridium-66.tle`, 'utf8')),
    ) as CatalogueReport;
    const w = catalogueWords(iridium);
    expect(w.summary).toBe('66 element sets: 1 shell, 66 satellites in use, 0 set aside.');
    expect(w.shells).toEqual([
      expect.stringMatching(
        /^86\.\d\d°, \d+ km: 6 planes, 66 satellites \(per plane 11 \/ 11 \/ 11: fewest \/ median \/ most\), a star \(a seam\)$/,
      ),
    ]);
    expect(w.runs).toBe(
      'One shell with the same number of satellites in every plane: the Iridium link rules can take it as it is; ' +
        '+Grid or no ISLs take it as a catalogue.',
    );
    expect(() => catalogueReport('not a catalogue')).toThrow(/not a catalogue of element sets|no element sets/);
  });
});
