// The numbers of the link-layer panel agree with the engine's summary and with each other (one
// goodput in both tables and the sentence, losses, resends), on every preset of the model.
import { describe, expect } from 'vitest';
import { asShown, everyPreset, known, numbersIn, panelHtml, plain, row, runFor, tableRows } from '../panelsAgree';
import { linkLayer } from './index';

describe('the link-layer panel shows what the engine measured', () => {
  everyPreset('link-layer', 3, 'goodput, packets lost and resends, one number each wherever shown', ({ scenario }) => {
    const ran = runFor(scenario, 60);
    const s = ran.summary.link!;
    const html = panelHtml(linkLayer, ran);
    const rows = tableRows(html);
    const status = plain(/data-testid="link-status"[^>]*>([\s\S]*?)<\/p>/.exec(html)![1]);
    const goodput = numbersIn(row(rows, 'goodput'));
    expect(goodput).toEqual([s.goodput_mbps === null ? NaN : asShown(s.goodput_mbps * 1e3, 1)].filter(Number.isFinite));
    const [delivered, lost, lossPct] = numbersIn(row(rows, 'IP packets delivered · lost'));
    expect([delivered, lost, lossPct]).toEqual([s.packets, s.packets_lost, asShown(100 * (s.packet_loss ?? NaN), 2)]);
    if (s.packets + s.packets_lost > 0)
      expect(s.packet_loss ?? NaN).toBeCloseTo(s.packets_lost / (s.packets + s.packets_lost), 9);
    expect(numbersIn(row(rows, 'LLDUs sent again'))).toEqual([asShown(s.resent_fraction, 4)]);
    expect(numbersIn(row(rows, 'throughput efficiency'))).toEqual([
      asShown(s.efficiency, 4),
      asShown(s.theory.efficiency, 4),
    ]);
    const t = s.tcp;
    if (t) {
      // With a TCP flow the link's goodput is the flow's: one number, one unit, in both tables
      // and in the sentence.
      const tcpRows = tableRows(/<table[^>]*data-testid="link-tcp"[\s\S]*?<\/table>/.exec(html)![0]);
      const tcpGoodput = numbersIn(row(tcpRows, 'goodput'))[0];
      expect(tcpGoodput).toBe(asShown(t.goodput_kbps, 1));
      expect(goodput[0]).toBe(tcpGoodput);
      if (t.delivered_segments > 0) expect(status).toContain(`${(t.goodput_kbps ?? NaN).toFixed(0)} kb/s of goodput`);
      expect(numbersIn(row(tcpRows, 'segments sent · retransmitted')).slice(0, 3)).toEqual([
        t.segments_sent,
        t.retransmits,
        asShown(100 * (t.retransmission_probability ?? NaN), 2),
      ]);
    } else if (s.slots > 0) {
      expect(status).toContain(`${(100 * known(s.efficiency, 'efficiency')).toFixed(1)} % of the link carries data`);
    }
  });
});
