// The numbers of the queue's panel agree with the engine's summary and with each other (loss as
// a share and as counts, the closed form the live text quotes), on every preset of the model.
import { describe, expect } from 'vitest';
import {
  asShown,
  everyPreset,
  known,
  liveText,
  numbersIn,
  panelHtml,
  row,
  runFor,
  saysRounded,
  tableRows,
} from '../panelsAgree';
import { queue } from './index';

describe("the queue's panel shows what the engine measured", () => {
  everyPreset('queue', 3, 'the loss, its counts and the closed form', ({ scenario }) => {
    const ran = runFor(scenario, 200);
    const q = ran.summary.queue!;
    const rows = tableRows(panelHtml(queue, ran));
    const [lossPct, dropped, arrivals, theoryPct] = numbersIn(row(rows, 'loss (overflow)'));
    expect([lossPct, dropped, arrivals]).toEqual([
      asShown(100 * known(q.loss_ratio, 'loss'), 2),
      q.dropped_overflow,
      q.arrivals,
    ]);
    if (q.arrivals > 0) expect(known(q.loss_ratio, 'loss')).toBeCloseTo(q.dropped_overflow / q.arrivals, 9);
    expect(numbersIn(row(rows, 'server utilisation'))[0]).toBe(asShown(q.utilization, 3));
    expect(numbersIn(row(rows, 'mean wait (95 % CI)')).slice(0, 2)).toEqual([
      asShown(known(q.wait.mean_s, 'wait') * 1e3, 3),
      asShown(q.wait.ci95_half_s! * 1e3, 3),
    ]);
    const t = q.theory;
    if (!t) return;
    if (t.loss_ratio !== null) expect(theoryPct).toBe(asShown(100 * t.loss_ratio, 2));
    // The closed form the live text states is the theory column's.
    const text = liveText(queue, ran);
    if (t.utilization !== null) {
      const busy = /the server busy ([\d.]+) ?% of the time/.exec(text);
      expect(saysRounded(busy?.[1], 100 * t.utilization), `${busy?.[1]} % busy`).toBe(true);
    }
    const wait = /mean wait ([\d.,]+) ms/.exec(text);
    if (t.wait_mean_s !== null) expect(saysRounded(wait?.[1], t.wait_mean_s * 1e3), `${wait?.[1]} ms`).toBe(true);
  });
});
