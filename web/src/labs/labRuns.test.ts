/**
 * The shipped labs against the engine: every step's runs go through the real engine (wasm, as
 * the app's workers run them), every value is measured, and the right answer is the one each
 * lab's explanation is written for. When a model changes so that an answer changes, this fails:
 * the lab's text must then be rewritten to what the engine shows (a lab never teaches what the
 * model does not show).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartGroups } from '../charts/chartGroups';
import type { SeriesInfo } from '../engine/protocol';
import { loadWasmForNode, Simulation } from '../engine/wasmNode';
import { findPreset } from '../scenario/presets';
import { getPath } from '../scenario/schema';
import { LABS } from './catalog';
import {
  choiceLabels,
  judge,
  markFits,
  markUnit,
  readsSeries,
  splitRef,
  stepMarks,
  stepScenarios,
  stepValues,
  type LabStep,
  type RunSeries,
} from './lab';

/** A step run by the engine: its values, each run's summary and scenario, the main run's charts. */
interface StepRun {
  values: Record<string, number | null>;
  summaries: Record<string, unknown>;
  scenarios: Record<string, unknown>;
  /** Each run's series, when a value of the step reads one. */
  series: Record<string, RunSeries>;
  charts: ReturnType<typeof chartGroups>;
}

function runStep(step: LabStep): StepRun {
  const summaries: Record<string, unknown> = {};
  const scenarios: Record<string, unknown> = {};
  const series: Record<string, RunSeries> = {};
  let charts: StepRun['charts'] = [];
  for (const [name, json] of Object.entries(stepScenarios(step))) {
    scenarios[name] = JSON.parse(json);
    const sim = new Simulation(json);
    try {
      if (name === 'main') charts = chartGroups(sim.seriesInfo() as SeriesInfo[]);
      sim.runToEnd();
      summaries[name] = sim.summary();
      // The series as the app's workers hand them over (the results file's `series`).
      if (readsSeries(step)) series[name] = (JSON.parse(sim.resultsJson()) as { series: RunSeries }).series;
    } finally {
      sim.free();
    }
  }
  return { values: stepValues(step, summaries, series), summaries, scenarios, series, charts };
}

/** A number of a run's summary (`[run:]path`, as a lab's value reads it). */
function num(r: StepRun, ref: string): number {
  const { run, path } = splitRef(ref);
  const v = getPath(r.summaries[run] as never, path);
  if (typeof v !== 'number') throw new Error(`${ref} is not a number in the summary: ${JSON.stringify(v)}`);
  return v;
}
/** A field of a run's scenario (`[run:]path`). */
const field = (r: StepRun, ref: string) => getPath(r.scenarios[splitRef(ref).run] as never, splitRef(ref).path);

/** The text of docs/REPRODUCTION.md, which the labs cite. */
const REPRODUCTION = readFileSync(new URL('../../../docs/REPRODUCTION.md', import.meta.url), 'utf8');
/** The row of REPRODUCTION.md's headline table for `paper` whose finding contains `finding`. */
function headline(paper: string, finding: string): string {
  const row = REPRODUCTION.split('\n').find((l) => l.startsWith(`| ${paper} | `) && l.includes(finding));
  if (!row) throw new Error(`REPRODUCTION.md has no headline row of paper ${paper} with "${finding}"`);
  return row;
}

/** A VoIP run of paper 000's preset (for a claim the codes-pf lab cites beyond its own runs). */
function voip(flows: number, policy: string, pfRate: string): { latency_ms: number; jitter_ms: number } {
  const s = JSON.parse(findPreset('voip-leo-codes')!.json);
  s.voip = { ...s.voip, flows, policy, pf_rate: pfRate };
  const sim = new Simulation(JSON.stringify(s));
  try {
    sim.runToEnd();
    return (sim.summary() as { voip: { latency_ms: number; jitter_ms: number } }).voip;
  } finally {
    sim.free();
  }
}

/** What each step's explanation is written for: a number's range, the right option, the order. */
const WRITTEN_FOR: Record<string, (string | [number, number])[]> = {
  // Paper 004: the seam adds a long route and two segments sent again.
  'seam-9kb': [
    [60, 110],
    [60, 160],
    [2, 2],
  ],
  // Paper 001: AF on eq. 7's target; DWRR gives AF more once EF is below what PSS expects.
  'pss-credit': [[4.5, 5.5], 'DWRR', [500, 20000]],
  // Paper 002: FEC loses many packets; HARQ-II fewer; ARQ the most goodput.
  harq: [[0.2, 0.6], 'HARQ-II 5/7', 'ARQ, HARQ-II 5/7, FEC 5/7'],
  // Paper 000: PF and CoDeS the same (not reproduced: CoDeS below PF), then DT_S, then RR.
  'codes-pf': ['PF, CoDeS, DT_S, RR', 'About the same (within 1 ms)', [2, 3.5]],
  // Paper 003: UDP loses only the link's errors; the CCID4 variants lose points; two datagrams.
  'dccp-12calls': [[0, 0.5], 'UDP, CCID4-SCA, CCID4-N, CCID4', [2, 2]],
};

/**
 * What each step's explanation (and question) says beyond its answer, checked against the runs:
 * every claim a number supports. When one fails, the text says what the engine does not show.
 */
const CLAIMS: Record<string, ((r: StepRun, v: Record<string, number>) => void)[]> = {
  'seam-9kb': [
    (r, v) => {
      // "no packet was sent again ({retx} retransmissions)"
      expect(v.retx).toBe(0);
      // "the ship sends them one after another without waiting for an acknowledgement: the time
      // is what the ship's 1.5 Mb/s up-link takes to send nine packets, plus one trip to London"
      expect(num(r, 'transfer.access_bps')).toBe(1.5e6);
      const packets = Math.ceil(num(r, 'transfer.bytes') / 1000);
      expect(packets).toBe(9);
      const sending = (packets * num(r, 'transfer.data_wire_bytes') * 8 * 1000) / num(r, 'transfer.access_bps');
      expect(v.ms).toBeGreaterThan(v.rtt / 2 + sending);
      expect(v.ms).toBeLessThan((v.rtt / 2 + sending) * 1.15);
      // It is no round-trip story: less than two round trips, more than one.
      expect(v.ms).toBeLessThan(2 * v.rtt);
    },
    (r, v) => {
      // "The seam added {added}: the transfer took {seam} instead of {clear}"
      expect(v.added).toBeGreaterThan(0);
      expect(v.seam - v.clear).toBeCloseTo(v.added, 6);
      // "The route over the pole is much longer": its one-way delay at least twice the clear route's.
      expect(num(r, 'transfer.route.delay_ms.max')).toBeGreaterThan(num(r, 'clear:transfer.start_rtt_ms'));
      expect(v.srtt).toBeGreaterThan(2 * num(r, 'clear:transfer.start_rtt_ms'));
      // "on the RTT samples chart the round trip climbs to {peak} (at most {clear_peak} when the
      // file left at 1 s)": read of the series the chart draws, more than twice the clear run's.
      const rtt = (run: string) => r.series[run].values[r.series[run].columns.findIndex((c) => c.id === 'rtt_ms')];
      const samples = (run: string) => rtt(run).filter((x): x is number => x !== null);
      expect(v.peak).toBe(Math.max(...samples('main')));
      expect(v.clear_peak).toBe(Math.max(...samples('clear')));
      expect(r.charts.some((c) => c.title.includes('RTT samples') && c.members.some((m) => m.s.id === 'rtt_ms'))).toBe(
        true,
      );
      expect(v.peak).toBeGreaterThan(2 * v.clear_peak);
      // "and TCP's smoothed round trip ended at {srtt}": below the peak, above the clear run's.
      expect(v.srtt).toBeLessThan(v.peak);
      expect(v.srtt).toBeGreaterThan(v.clear_peak);
      // "the packets are on their way" when the seam comes: the seam run starts before it (1.96 s).
      expect(num(r, 'transfer.start_s')).toBe(1.96);
      expect(num(r, 'transfer.route.handovers.seam')).toBeGreaterThan(0);
      // "Paper 004 measured ... 90 ms outside the seam and 179 ms across it (Table 4); SkyQueue
      // reproduces that pair (89.0 and 183.8 ms over seeds 1-5, docs/REPRODUCTION.md)"
      expect(headline('004', 'Table 4, Los Angeles, 9 kB: MTT no seam |')).toMatch(
        /\| 90\.35 ms \| 89\.0 ± [\d.]+ ms \| reproduced/,
      );
      expect(headline('004', 'Table 4, Los Angeles, 9 kB: MTT seam |')).toMatch(
        /\| 179\.43 ms \| 183\.8 ± [\d.]+ ms \| reproduced/,
      );
    },
    (r, v) => {
      // "({timeouts} timeouts, {drops} packets dropped in queues, none lost at a handover or for
      // want of a route) ... the receiver's duplicate ACKs made TCP resend them though they were
      // not lost"
      expect(v.retx).toBeGreaterThan(0);
      expect(v.timeouts).toBe(0);
      expect(v.drops).toBe(0);
      expect(num(r, 'transfer.handoff_drops')).toBe(0);
      expect(num(r, 'transfer.no_route_drops')).toBe(0);
      expect(num(r, 'transfer.delivered_bytes')).toBe(num(r, 'transfer.bytes'));
      // "as paper 004's ns-2 does": the run forwards on the new route from where a packet is.
      expect((r.summaries.main as { transfer: { handoff: string } }).transfer.handoff).toBe('ns2');
    },
  ],
  'pss-credit': [
    (r, v) => {
      // "AF got {af}, on its target K_AF (C - EF expected) = {target}"
      expect(Math.abs(v.af - v.target)).toBeLessThanOrEqual(0.05 * v.target);
      expect(v.target).toBeCloseTo(num(r, 'diffserv.k_af') * (num(r, 'diffserv.capacity_mbps') - 10), 6);
      // The question: a 20 Mb/s link, EF at 10 Mb/s, K_AF = 0.5.
      expect(num(r, 'diffserv.capacity_mbps')).toBe(20);
      expect(num(r, 'diffserv.ef_offered_mbps')).toBe(10);
      expect(num(r, 'diffserv.k_af')).toBe(0.5);
    },
    (r, v) => {
      // "PSS kept AF at {pss}, its target {target} ... and the spare capacity went to CS0"
      expect(Math.abs(v.pss - v.target)).toBeLessThanOrEqual(0.05 * v.target);
      expect(num(r, 'diffserv.rates_mbps.2')).toBeGreaterThan(num(r, 'dwrr:diffserv.rates_mbps.2'));
      // "EF now sends only 5 Mb/s, though PSS still expects 10"
      expect(num(r, 'diffserv.ef_offered_mbps')).toBe(5);
      // "Paper 001 Fig. 6 shows 5 and 7.5 Mb/s; SkyQueue reproduces it"
      expect(Math.abs(v.pss - 5)).toBeLessThanOrEqual(0.25);
      expect(Math.abs(v.dwrr - 7.5)).toBeLessThanOrEqual(0.375);
    },
    (r, v) => {
      // "How many priority switches will AF make in the 90 measured seconds?"
      expect(num(r, 'measured_s')).toBe(90);
      // "AF switched priority {switches} times, many times a second"
      expect(v.switches / num(r, 'measured_s')).toBeGreaterThan(5);
      // "a credit range of L_M = {lm}"
      expect(num(r, 'diffserv.credit_range_bits.1')).toBe(v.lm);
    },
  ],
  harq: [
    (r, v) => {
      // The question's "5/7 code sent with every block" and "47 small link frames".
      expect((r.summaries.main as { link: { scheme: string } }).link.scheme).toBe('FEC 5/7');
      expect(num(r, 'link.lldus_per_packet')).toBe(47);
      // "Fades erased {erased} of the LLDUs, in bursts longer than a 5/7 code can repair": on
      // average fewer than the code's 2 in 7, but in bursts of more than 2.
      expect(v.erased).toBeLessThan((100 * 2) / 7);
      expect(num(r, 'link.theory.mean_burst_lldus')).toBeGreaterThan(2);
      // "one LLDU lost loses its whole packet": packets are lost far more often than LLDUs.
      expect(v.lost).toBeGreaterThan(2 * (v.erased / 100));
    },
    (r, v) => {
      expect((r.summaries.main as { link: { scheme: string } }).link.scheme).toMatch(/^HARQ-II 5\/7\b/);
      expect((r.summaries.fec as { link: { scheme: string } }).link.scheme).toBe('FEC 5/7');
      // "each after a 500 ms round trip"
      expect(field(r, 'link.rtt_ms')).toBe(500);
      // "HARQ-II lost {harq_loss} of the packets against FEC's {fec_loss}"
      expect(v.harq_loss).toBeLessThan(v.fec_loss);
      // "The price is time: a packet took {harq_delay} on average against {fec_delay} with FEC."
      expect(v.harq_delay).toBeGreaterThan(v.fec_delay);
    },
    (r, v) => {
      expect((r.summaries.fec as { link: { scheme: string } }).link.scheme).toBe('FEC 5/7');
      // "this 2.34 Mb/s link"
      expect(field(r, 'link.rate_bps')).toBe(2340000);
      // "resending only what was lost costs less than HARQ-II's redundancy of 2 LLDUs in 7:
      // HARQ's gain here is in packets lost, not in goodput"
      expect(num(r, 'arq:link.resent_fraction')).toBeLessThan(2 / 7);
      expect(v.arq).toBeGreaterThan(v.harq);
      expect(num(r, 'link.packet_loss')).toBeLessThan(num(r, 'fec:link.packet_loss'));
      // "SkyQueue does not reproduce that crossover (docs/REPRODUCTION.md)"
      expect(headline('002', 'Table 3: the crossover')).toMatch(/\| not reproduced/);
    },
  ],
  'codes-pf': [
    (_r, v) => {
      // "(PF, CoDeS) keeps the queues shortest; RR ... waits longest"
      expect(Math.max(v.pf, v.codes)).toBeLessThan(Math.min(v.dts, v.rr));
      expect(v.rr).toBeGreaterThan(Math.max(v.pf, v.codes, v.dts));
    },
    (r, v) => {
      // "its timeout dropped only {timeout} of the packets, because almost no packet waits 100
      // ms at this load, so CoDeS schedules as PF does"
      expect(field(r, 'voip.codes_timeout_ms')).toBe(100);
      expect(v.timeout).toBeLessThan(0.1);
      expect(Math.abs(v.codes - v.pf)).toBeLessThanOrEqual(1);
      // "With PF's rate as the HARQ delivers it (`voip.pf_rate` `harq`, the default, which this
      // lab runs) SkyQueue does not reproduce that; with ... `shadowing` ... in kind"
      expect(field(r, 'voip.pf_rate') ?? 'harq').toBe('harq');
      const row = headline('000', 'CoDeS: lower latency and jitter than PF');
      expect(row).toMatch(
        /\| not reproduced .*in kind with PF's rate from the shadowing \(`voip\.pf_rate` `shadowing`/,
      );
      // "by less than the seeds' spread at 125 users, clearly at 150"
      const codes = voip(150, 'codes', 'shadowing');
      const pf = voip(150, 'pf', 'shadowing');
      expect(codes.latency_ms).toBeLessThan(pf.latency_ms - 2);
      expect(codes.jitter_ms).toBeLessThan(pf.jitter_ms - 2);
    },
    (r, v) => {
      // "{loss} of the packets were lost, and loss weighs far more than delay in the E-model"
      expect(v.loss).toBeGreaterThan(1);
      expect(num(r, 'voip.emodel.ie_eff')).toBeGreaterThan(5 * num(r, 'voip.emodel.id'));
      // "At 125 users the beam is past saturation": the coded load fills the 9.4 Mb/s beam and
      // the queues overflow.
      expect(field(r, 'voip.link_rate_bps')).toBe(9.4e6);
      expect(num(r, 'voip.load_mbps.coded')).toBeGreaterThan(0.99 * 9.4);
      expect(num(r, 'voip.loss_pct.overflow')).toBeGreaterThan(1);
    },
  ],
  'dccp-12calls': [
    (r, v) => {
      // "a 1 Mb/s GEO satellite link (1 s round trip) on which 0.1 % of packets are corrupted"
      expect(field(r, 'dccp.rate_bps')).toBe(1e6);
      expect(field(r, 'dccp.rtt_ms')).toBe(1000);
      expect(field(r, 'dccp.per')).toBe(0.001);
      // "{link} of them on the link itself: the twelve calls fit in the link, so almost nothing
      // else is lost"
      expect(v.link).toBeLessThanOrEqual(v.loss);
      expect(v.loss - v.link).toBeLessThan(0.05);
      expect(num(r, 'dccp.app_kbps')).toBeLessThan(1000);
    },
    (_r, v) => {
      // "SkyQueue reproduces the order in kind, with CCID4-SCA losing more" (than the paper's 1.5 %)
      expect(v.ccid4).toBeGreaterThan(v.n);
      expect(v.n).toBeGreaterThan(v.sca);
      expect(v.sca).toBeGreaterThan(v.udp);
      expect(v.sca).toBeGreaterThan(1.5);
      // "Paper 003 measured 6.32, 3.76 and 1.5 % ... (docs/REPRODUCTION.md)", "in kind"
      expect(headline('003', 'loss CCID4 / CCID4-N / CCID4-SCA')).toMatch(/\| 6\.32 \/ 3\.76 \/ 1\.5 % \|.*\| in kind/);
    },
    (r, v) => {
      // "one packet of about 2,200 bytes" split: each datagram below it, together at least it.
      expect(field(r, 'dccp.transport')).toBe('ccid4');
      expect(v.bytes).toBeLessThan(2200);
      expect(v.dg * v.bytes).toBeGreaterThanOrEqual(2200);
      // "so each call offers it twice as many packets"
      expect(v.dg).toBe(2);
    },
  ],
};

describe('the shipped labs, run by the engine', () => {
  beforeAll(() => loadWasmForNode());
  for (const { id, lab } of LABS)
    it(`${id}: every value measured, each answer the one its text is written for, every claim of its text`, () => {
      expect(Object.keys(WRITTEN_FOR)).toContain(id);
      expect(CLAIMS[id]?.length, `${id}: claims checked for every step`).toBe(lab.steps.length);
      lab.steps.forEach((step, i) => {
        const run = runStep(step);
        const { values } = run;
        for (const [name, v] of Object.entries(values)) expect(v, `${id} step ${i + 1}: ${name}`).not.toBeNull();
        const want = WRITTEN_FOR[id][i];
        const a = step.answer;
        if ('number' in a) {
          const v = values[a.number.value]!;
          expect(v, `${id} step ${i + 1}`).toBeGreaterThanOrEqual((want as [number, number])[0]);
          expect(v, `${id} step ${i + 1}`).toBeLessThanOrEqual((want as [number, number])[1]);
        } else if ('choice' in a) {
          const c = a.choice;
          const vals = c.options.map((o) => values[o.value]!);
          const sorted = [...vals].sort((x, y) => (c.pick === 'lowest' ? x - y : y - x));
          const tie = !!c.tie && Math.abs(sorted[0] - sorted[1]) <= c.tie.within;
          const right = tie ? choiceLabels(step).at(-1) : c.options[vals.indexOf(sorted[0])].label;
          expect(right, `${id} step ${i + 1}`).toBe(want);
        } else {
          // The order written for is right (items within the tie may come either way).
          const order = (want as string).split(', ').map((w) => a.order.items.findIndex((it) => it.label === w));
          const verdict = judge(step, values, { order });
          expect(verdict.correct, `${id} step ${i + 1}: the engine's order ${verdict.truth}`).toBe(true);
        }
        // The step's chart: one of the run's charts, in the unit its markers are drawn in (the
        // answer's value as shown), and the markers are drawn.
        if (step.chart !== undefined) {
          expect('number' in a, `${id} step ${i + 1}: a chart marks only a number's prediction`).toBe(true);
          if (!('number' in a)) return;
          const chart = run.charts.find((c) => c.title.includes(step.chart!));
          expect(
            chart,
            `${id} step ${i + 1}: no chart "${step.chart}" in ${run.charts.map((c) => c.title)}`,
          ).toBeDefined();
          const def = step.values[a.number.value];
          const unit = markUnit(def);
          expect(
            markFits(unit, chart!.unit),
            `${id} step ${i + 1}: a marker in ${unit} on a chart in ${chart!.unit}`,
          ).toBe(true);
          const truth = values[a.number.value]!;
          const marks = stepMarks(step, run.charts, values, truth, true);
          expect(marks.map((m) => m.value)).toEqual([truth / (def.scale ?? 1), truth / (def.scale ?? 1)]);
        }
        CLAIMS[id][i](run, values as Record<string, number>);
      });
    }, 180_000);
});
