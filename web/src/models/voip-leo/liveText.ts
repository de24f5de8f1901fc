/**
 * VoIP-over-LEO's live text: the calls, the fading last hop and the scheduler, then paper 000's
 * buffer rule and Table II beside this run.
 */
import { mbps, num, optionLabel, plural, prose, siteField, str } from '../../scenario/prose';
import { getPath, type ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

/** Paper 000 Table II at 75 users (% of packets needing 0-3 retransmissions, dropped). */
const TABLE_II: Record<string, [number, number, number, number, number]> = {
  DT_S: [50.11, 23.16, 14.65, 12.07, 1.21],
  DT_H: [51.87, 22.93, 13.97, 11.23, 1.1],
  RR: [42.36, 24.28, 24.71, 8.65, 0.61],
  PF: [44.89, 26.26, 22.57, 6.27, 0.39],
};

export function voipText(s: ScenarioObject, { summary }: TextInputs): LiveText {
  const flows = num(s, 'voip.flows') ?? 0;
  const policy = str(s, 'voip.policy') ?? '';
  // Paper 000's short name of the policy, as the engine's summary writes it (DT_S, CoDeS).
  const short = summary?.voip?.policy ?? policy;
  const long = optionLabel('voip.policy', policy);
  const policyName = long.includes(short) ? long : `${short} (${long})`;
  const codec = optionLabel('voip.codec', str(s, 'voip.codec'));
  const server = siteField(getPath(s, 'voip.server_site'));
  const users = siteField(getPath(s, 'voip.users_site'));
  const route = str(s, 'voip.delay_source') === 'route';
  const linkRate = num(s, 'voip.link_rate_bps') ?? NaN;
  const snr = num(s, 'voip.lms.snr_ref_db');
  const speed = num(s, 'voip.lms.speed_kmh');
  const retx = num(s, 'voip.harq.max_retx');
  const timeout = num(s, 'voip.codes_timeout_ms');
  const rtt = num(s, 'voip.rtt_ms');
  const where = route
    ? `from a server at ${server} across the constellation to the satellite over ${users}`
    : `from a server across the constellation (its delay drawn from a range) to the last satellite`;
  const setup = [
    `${plural(flows, 'VoIP call')} (${codec}) ${where}, which shares one fading Land Mobile Satellite link ` +
      `(${mbps(linkRate)} coded${snr !== null ? `, reference SNR ${prose(snr)} dB` : ''}` +
      `${speed !== null ? `, receivers at ${prose(speed)} km/h` : ''}) ` +
      `among ${plural(flows, 'receiver')}; HARQ retries up to ${retx ?? '?'} times.`,
    `Scheduling: ${policyName}${policy === 'codes' && timeout !== null ? ` (PF that drops packets older than ${prose(timeout)} ms)` : ''}.`,
  ];
  const theory: string[] = [];
  const v = summary?.voip;
  if (v) {
    const { per_queue: perQueue, total } = v.buffer_pkts;
    theory.push(
      `Buffers: paper 000's rule B = RTT·C/√n with RTT ${prose(rtt ?? NaN)} ms, C the link rate and n = ${prose(flows)} calls ` +
        `gives B = ${plural(total, 'packet')} in all; ` +
        (v.policy === 'DT_H'
          ? 'DT_H holds all of B in one queue.'
          : v.policy === 'FQ-CoDel'
            ? "FQ-CoDel shares B among the calls' queues."
            : `${v.policy === 'DT_S' ? 'DT_S keeps one shared queue of' : "each call's queue holds"} B/n = ${plural(perQueue, 'packet')}.`),
    );
    if (policy === 'codes' && perQueue <= 1) {
      const timedOut = v.loss_pct.timeout ?? 0;
      theory.push(
        timedOut < 0.2
          ? `With ${plural(perQueue, 'packet')} per queue almost no packet waits the ${prose(timeout ?? NaN)} ms timeout ` +
              `(${prose(timedOut)} % timed out), so CoDeS does nearly what PF does here.`
          : `Even with ${plural(perQueue, 'packet')} per queue, ${prose(timedOut)} % of packets waited ` +
              `past the ${prose(timeout ?? NaN)} ms timeout for a good channel; CoDeS dropped them and let fresh ones in.`,
      );
    }
    const row = TABLE_II[v.policy];
    const paperRow = row ? v.policy : v.policy === 'CoDeS' ? 'PF' : null;
    if (paperRow) {
      const r = TABLE_II[paperRow];
      const lead =
        paperRow === v.policy
          ? `Paper 000 Table II (75 users): ${paperRow}`
          : `Paper 000 Table II (75 users) has no ${v.policy} row; ${v.policy} is PF plus a timeout, so compare with PF's: it`;
      const runs = flows === 75 ? '' : `; this run has ${plural(flows, 'call')}, not 75`;
      theory.push(
        `${lead} decodes ${r[0]} % of packets without retransmission and drops ${r[4]} %${runs}. ` +
          "Table II's level is calibrated (the first-transmission rate b1 = 1.5 was fitted to its 42-52 %; " +
          'SkyQueue decodes 59-62 % at 75 users), PF dropping fewer than DT_S in kind (fewer, not under half), ' +
          'DT decoding more than RR and PF not reproduced (docs/REPRODUCTION.md § Paper 000).',
      );
    } else theory.push(`Paper 000 Table II has no row for ${v.policy}.`);
  }
  return { setup, theory };
}
