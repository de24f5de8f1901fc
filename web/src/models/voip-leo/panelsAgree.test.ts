// The numbers of the VoIP-over-LEO panel and live text agree with the engine's summary and with
// each other (R and MOS, throughput, loss by cause), on every preset of the model.
import { describe, expect } from 'vitest';
import {
  asShown,
  everyPreset,
  liveText,
  numbersIn,
  panelHtml,
  row,
  runFor,
  saysRounded,
  tableRows,
} from '../panelsAgree';
import { voipLeo } from './index';

describe('the VoIP-over-LEO panel shows what the engine measured', () => {
  everyPreset('voip-leo', 2, 'R, MOS, throughput and the losses by cause, which add up', ({ scenario }) => {
    const ran = runFor(scenario, 20);
    const v = ran.summary.voip!;
    const rows = tableRows(panelHtml(voipLeo, ran));
    expect(numbersIn(row(rows, 'R (0-100) / MOS'))).toEqual([asShown(v.emodel.r, 1), asShown(v.emodel.mos, 2)]);
    expect(v.emodel.r).toBeGreaterThanOrEqual(0);
    expect(v.emodel.r).toBeLessThanOrEqual(100);
    if (v.emodel.low_r_reason) expect(row(rows, 'why R is low')).toBe(v.emodel.low_r_reason);
    expect(numbersIn(row(rows, 'throughput (useful)'))).toEqual([asShown(v.throughput_kbps, 0)]);
    const loss = numbersIn(row(rows, 'loss: overflow / timeout / HARQ = total'));
    const l = v.loss_pct;
    expect(loss).toEqual([l.overflow, l.timeout, l.harq, l.total].map((x) => asShown(x, 2)));
    // The causes add up to the total, on screen too (each rounded to 0.01).
    expect(Math.abs(loss[0] + loss[1] + loss[2] - loss[3])).toBeLessThanOrEqual(0.015 + 1e-9);
    // A timeout share the live text states is the panel's.
    const timedOut = /\(([\d.]+) % timed out\)|, ([\d.]+) % of packets waited/.exec(liveText(voipLeo, ran));
    if (timedOut) expect(saysRounded(timedOut[1] ?? timedOut[2], l.timeout ?? NaN), timedOut[0]).toBe(true);
  });
});
