/**
 * DiffServ's live text: the link and its classes, then paper 001's equations 1 and 6-8 with
 * the values the engine computed for this run.
 */
import { mbps, num, optionLabel, plural, prose, str } from '../../scenario/prose';
import type { ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

function profileWords(
  s: ScenarioObject,
  which: 'capacity_profile' | 'ef_profile',
  avgBps: number,
): { varies: boolean; words: string } {
  const kind = str(s, `diffserv.${which}.kind`) ?? 'constant';
  if (kind === 'cosine') {
    const a = num(s, `diffserv.${which}.amplitude`) ?? 0;
    const p = num(s, `diffserv.${which}.period_s`) ?? 0;
    const sym = which === 'capacity_profile' ? 'C(t)' : 'EF(t)';
    const formula = `${sym} = ${prose(avgBps / 1e6)} (1 + ${prose(a)} cos(2π t / ${prose(p)})) Mb/s`;
    return {
      varies: a > 0,
      words: `swings between ${mbps(avgBps * (1 - a))} and ${mbps(avgBps * (1 + a))} (${formula})`,
    };
  }
  if (kind === 'trace') return { varies: true, words: `follows a trace around ${mbps(avgBps)}` };
  return { varies: false, words: `${mbps(avgBps)}` };
}

export function diffservText(s: ScenarioObject, { summary }: TextInputs): LiveText {
  const c = num(s, 'diffserv.capacity_bps') ?? NaN;
  const ef = num(s, 'diffserv.ef_bps') ?? NaN;
  const efExp = num(s, 'diffserv.ef_expected_bps');
  const sharing = str(s, 'diffserv.sharing') ?? 'pss';
  const afFlows = num(s, 'diffserv.af_flows') ?? 0;
  const cs0Flows = num(s, 'diffserv.cs0_flows') ?? 0;
  const cc = optionLabel('diffserv.cc', str(s, 'diffserv.cc'));
  const rtt = num(s, 'diffserv.rtt_ms');
  const cap = profileWords(s, 'capacity_profile', c);
  const efp = profileWords(s, 'ef_profile', ef);
  const setup = [
    `A GEO router (RTT ${prose(rtt ?? NaN)} ms) on a link that ${cap.varies ? cap.words : `carries ${cap.words}`}; ` +
      `one EF flow at ${efp.varies ? `a rate that ${efp.words}` : efp.words} goes first by strict priority, ` +
      `and ${plural(afFlows, `${cc} flow`)} in AF and ${prose(cs0Flows)} in CS0 share what it leaves by ${sharing === 'pss' ? 'PSS' : 'DWRR'}.`,
  ];
  const theory: string[] = [];
  const d = summary?.diffserv;
  if (d && d.k_af !== null) {
    const varies = cap.varies || efp.varies;
    const [wrrAf, wrrCs0, pssAf, pssCs0] = d.theory_mbps;
    const f = (x: number | null) => (x === null ? '–' : `${prose(Number(x.toFixed(2)))} Mb/s`);
    const over = varies
      ? ', evaluated at each instant with C(t) and EF(t) and averaged over the measured span so far'
      : '';
    if (d.pss) {
      const exp = efExp ?? ef;
      setup.push(
        `PSS is set for EF at ${mbps(exp)} with K_AF = ${prose(Number(d.k_af.toFixed(3)))}: ` +
          `AF's target is K_AF (C − R_EF^exp) = BW C_avg = ${f(d.af_target_mbps)}.`,
      );
      theory.push(
        `Theory${over}: eq. 7 gives AF ${f(pssAf)} (its target, or what EF leaves when that is less) and eq. 8 gives CS0 ${f(pssCs0)}.`,
      );
      if (varies && d.pss.credit_memory)
        theory.push(
          `Eq. 7 instant by instant is what PSS without memory can give; the credit memory ` +
            `(L_R = ${prose(Number(((d.pss.lr_bits ?? 0) / 1e6).toFixed(1)))} Mbit) remembers AF's starvation ` +
            `and lets it catch up towards its ${f(d.af_target_mbps)} target, so AF may measure above the theory column and CS0 below it.`,
        );
      else if (varies)
        theory.push(
          `Without the credit memory a starvation period is forgotten: AF stays near eq. 7, below its ${f(d.af_target_mbps)} target.`,
        );
    } else {
      theory.push(
        `Theory${over}: eq. 1 gives AF K_AF (C − R_EF) = ${f(wrrAf)} with K_AF = ${prose(Number(d.k_af.toFixed(3)))}, ` +
          `and eq. 6 gives CS0 ${f(wrrCs0)}.`,
      );
    }
  }
  return { setup, theory };
}
