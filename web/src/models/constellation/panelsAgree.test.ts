// The numbers of the constellation's panel agree with the engine's summary (the route's delay,
// hops and handovers: this model carries no traffic, so it has no goodput, loss or R), on every
// preset of the model.
import { describe, expect } from 'vitest';
import { asShown, everyPreset, numbersIn, panelHtml, row, runFor, tableRows } from '../panelsAgree';
import { constellation } from './index';

describe("the constellation's panel shows what the engine measured", () => {
  everyPreset('constellation', 2, 'the delay, the hops and the handovers by type', ({ scenario }) => {
    const ran = runFor(scenario, 3 * 3600);
    const c = ran.summary.constellation!;
    const rows = tableRows(panelHtml(constellation, ran));
    const delay = numbersIn(row(rows, 'one-way delay min / mean / max'));
    expect(delay).toEqual([c.delay_ms.min, c.delay_ms.mean, c.delay_ms.max].map((x) => asShown(x!, 1)));
    expect(delay[0]).toBeLessThanOrEqual(delay[1]);
    expect(delay[1]).toBeLessThanOrEqual(delay[2]);
    expect(numbersIn(row(rows, 'ISL hops'))).toEqual([c.hops.min, c.hops.max]);
    const h = c.handovers;
    expect(numbersIn(row(rows, 'handovers: intra / inter / seam / ISL change'))).toEqual([
      h.intra_orbital,
      h.inter_orbital,
      h.seam,
      h.isl_change,
    ]);
  });
});
