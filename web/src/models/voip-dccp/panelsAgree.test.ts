// The numbers of the voice-over-DCCP panel agree with the engine's summary and with each other
// (losses by cause and in all, R and MOS, the status sentence), on every preset of the model.
import { describe, expect } from 'vitest';
import { asShown, everyPreset, known, numbersIn, panelHtml, plain, row, runFor, tableRows } from '../panelsAgree';
import { voipDccp } from './index';

describe('the voice-over-DCCP panel shows what the engine measured', () => {
  everyPreset(
    'voip-dccp',
    2,
    'the losses by cause add up to the total, R and MOS, in the table and the sentence',
    ({ scenario }) => {
      const ran = runFor(scenario, 60);
      const s = ran.summary.dccp!;
      const html = panelHtml(voipDccp, ran);
      const rows = tableRows(html);
      expect(numbersIn(row(rows, 'made by the application'))).toEqual([s.generated]);
      expect(numbersIn(row(rows, 'lost between application and transport'))).toEqual([
        s.lost_app,
        asShown(s.app_loss_pct, 2),
      ]);
      expect(numbersIn(row(rows, 'lost on the link'))).toEqual([
        s.lost_queue,
        s.lost_errors,
        asShown(s.link_loss_pct, 2),
      ]);
      expect(numbersIn(row(rows, 'too late for the'))).toEqual([s.late, asShown(s.late_pct, 2)]);
      expect(numbersIn(row(rows, 'all causes'))).toEqual([asShown(s.loss_pct, 2)]);
      // The causes add up, as counts and as shares of what the application made.
      const lost = s.lost_app + s.lost_queue + s.lost_errors + s.late;
      const [total, app, link, late] = [s.loss_pct, s.app_loss_pct, s.link_loss_pct, s.late_pct].map((x) =>
        known(x, 'a loss share'),
      );
      expect((100 * lost) / s.generated).toBeCloseTo(total, 6);
      expect(Math.abs(app + link + late - total)).toBeLessThan(1e-9);
      if (s.r !== null) {
        expect(numbersIn(row(rows, 'E-model R'))).toEqual([asShown(s.r, 1), asShown(s.mos!, 2)]);
        expect(s.r).toBeGreaterThanOrEqual(0);
        expect(s.r).toBeLessThanOrEqual(100);
      }
      // The status sentence says the same numbers as the tables.
      const status = plain(/data-testid="dccp-status"[^>]*>([\s\S]*?)<\/p>/.exec(html)![1]);
      if (total > 0) {
        const said = /([\d.]+) % of the packets lost: ([\d.]+) % .*, ([\d.]+) % on the link, ([\d.]+) % too late/.exec(
          status,
        )!;
        expect(said.slice(1).map(Number)).toEqual(
          [s.loss_pct, s.app_loss_pct, s.link_loss_pct, s.late_pct].map((x) => asShown(x, 2)),
        );
      }
      if (s.mos !== null) expect(status).toContain(`MOS ${s.mos.toFixed(2)}`);
    },
  );
});
