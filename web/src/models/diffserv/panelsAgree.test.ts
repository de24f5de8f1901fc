// The numbers of the DiffServ panel agree with the engine's summary and with each other (the
// classes' rates within the link, the flows' goodputs, the theory the live text quotes), on every
// preset of the model.
import { describe, expect } from 'vitest';
import { asShown, everyPreset, liveText, numbersIn, panelHtml, row, runFor, tableRows } from '../panelsAgree';
import { diffserv } from './index';

describe('the DiffServ panel shows what the engine measured', () => {
  everyPreset(
    'diffserv',
    3,
    "the classes' rates, their sum within the link, goodputs and the theory",
    ({ scenario }) => {
      const ran = runFor(scenario, 60);
      const d = ran.summary.diffserv!;
      const rows = tableRows(panelHtml(diffserv, ran));
      // A minute of traffic: every class has a measured rate.
      const [ef, af, cs0] = d.rates_mbps.map((x) => x ?? NaN);
      expect([ef, af, cs0].every(Number.isFinite)).toBe(true);
      expect(numbersIn(row(rows, 'link capacity (mean)'))).toEqual([asShown(d.capacity_mbps ?? NaN, 2)]);
      expect(numbersIn(row(rows, 'EF (offered'))[0]).toBe(asShown(ef, 2));
      expect(numbersIn(row(rows, 'AF'))[0]).toBe(asShown(af, 2));
      expect(numbersIn(row(rows, 'CS0'))[0]).toBe(asShown(cs0, 2));
      // What the classes carry fits in the link.
      expect(ef + af + cs0).toBeLessThanOrEqual((d.capacity_mbps ?? NaN) * (1 + 1e-9));
      // The AF flows' goodputs: least, most and mean of the summary's.
      const afFlows = d.goodput_mbps[0].filter((x): x is number => x !== null && Number.isFinite(x));
      if (afFlows.length) {
        const mean = afFlows.reduce((a, b) => a + b, 0) / afFlows.length;
        expect(numbersIn(row(rows, 'goodput per AF flow'))).toEqual([
          asShown(Math.min(...afFlows), 2),
          asShown(Math.max(...afFlows), 2),
          asShown(mean, 2),
          afFlows.length,
        ]);
      }
      // The theory the live text quotes is the panel's theory column.
      const pss = d.sharing === 'PSS';
      const [afTh, cs0Th] = pss ? [d.theory_mbps[2], d.theory_mbps[3]] : [d.theory_mbps[0], d.theory_mbps[1]];
      expect(numbersIn(row(rows, 'AF'))[1]).toBe(asShown(afTh!, 2));
      expect(numbersIn(row(rows, 'CS0'))[1]).toBe(asShown(cs0Th!, 2));
      const said = /eq\. 7 gives AF ([\d.]+) Mb\/s .* eq\. 8 gives CS0 ([\d.]+) Mb\/s/.exec(liveText(diffserv, ran));
      if (pss) expect([Number(said?.[1]), Number(said?.[2])]).toEqual([asShown(afTh!, 2), asShown(cs0Th!, 2)]);
    },
  );
});
