/**
 * The queue's live text: its arrivals, server and buffer with the load they make, then the
 * closed form the engine's summary carries (M/M/1, M/D/1, M/M/1/K, or the fluid limit).
 */
import { mbps, ms, num, pct, plural, prose, str } from '../../scenario/prose';
import type { ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

export function queueText(s: ScenarioObject, { summary }: TextInputs): LiveText {
  const flows = num(s, 'traffic.flows');
  const arrivals = str(s, 'traffic.arrivals') ?? 'poisson';
  const service = str(s, 'queue.service') ?? 'exponential';
  const k = num(s, 'queue.capacity_pkts');
  const bytes = num(s, 'traffic.packet_bytes');
  const link = num(s, 'queue.link_rate_bps');
  const prop = num(s, 'queue.propagation_s') ?? 0;
  const onOff = arrivals === 'on-off';
  const onBps = num(s, 'traffic.on_rate_bps') ?? NaN;
  const onS = num(s, 'traffic.on_mean_s') ?? NaN;
  const offS = num(s, 'traffic.off_mean_s') ?? NaN;
  const bits = (bytes ?? NaN) * 8;
  // The rates the engine runs with, as its summary states them (sent as soon as the run is built).
  const q = summary?.queue;
  if (!q) return { setup: [onOff ? 'On/off arrivals into a queue.' : 'Poisson arrivals into a queue.'], theory: [] };
  const [lambda, mu, rho] = [q.offered_pps ?? NaN, q.service_pps ?? NaN, q.load ?? NaN];
  const how = onOff ? 'On/off arrivals' : 'Poisson arrivals';
  const serviceWords =
    service === 'deterministic'
      ? `a constant ${ms(1 / mu)} per packet`
      : `exponential service times, ${ms(1 / mu)} on average`;
  const room = k === null ? 'an unlimited buffer' : `room for ${plural(k, 'waiting packet')}`;
  const server =
    link !== null
      ? `a ${mbps(link)} link (${prose(Math.round(mu))} packets/s of ${prose(bytes ?? NaN)} bytes, ${serviceWords})`
      : `one server at ${prose(mu)} packets/s (${serviceWords})`;
  const after = prop > 0 ? ` and ${ms(prop)} of propagation` : '';
  const setup = onOff
    ? [
        `${plural(flows ?? 1, 'on/off flow')}, each sending ${prose(onBps / 1e3)} kb/s in ${prose(bytes ?? NaN)}-byte packets ` +
          `(one every ${prose((bits / onBps) * 1e3, 4)} ms) while on, silent while off; ` +
          `on ${prose(onS)} s and off ${prose(offS)} s on average, every flow starting off.`,
        `Together about ${prose(Math.round(lambda))} packets/s on average into ${server}, with ${room}${after}: ` +
          `load ρ = λ/μ = ${prose(Math.round(lambda))}/${prose(Math.round(mu))} = ${rho.toFixed(2)}.`,
      ]
    : [
        `${how} at ${prose(lambda)} packets/s${flows && flows > 1 ? ` (${flows} flows)` : ''} into ${server}, ` +
          `with ${room}${after}: load ρ = λ/μ = ${prose(lambda)}/${prose(mu)} = ${rho.toFixed(2)}.`,
      ];
  const theory: string[] = [];
  const t = summary?.queue?.theory;
  if (t && t.wait_mean_s !== null && t.sojourn_mean_s !== null) {
    const parts = [`mean wait ${ms(t.wait_mean_s)}`, `mean delay (wait + service) ${ms(t.sojourn_mean_s)}`];
    if (t.queue_len_mean_pkts !== null) parts.push(`${prose(t.queue_len_mean_pkts)} packets waiting on average`);
    if (t.utilization !== null) parts.push(`the server busy ${pct(t.utilization)} of the time`);
    if (k !== null && t.loss_ratio !== null) parts.push(`${pct(t.loss_ratio)} of arrivals dropped`);
    if (prop > 0) parts.push(`one-way delay with the propagation ${ms(t.sojourn_mean_s + prop)}`);
    theory.push(`${t.model} theory: ${parts.join(', ')}.`);
    if (k !== null && rho >= 1)
      theory.push(
        `The load is above 1: without the limit of ${prose(k)} waiting packets the queue would grow without end.`,
      );
  } else if (summary?.queue && !t) {
    theory.push(
      rho >= 1 && k === null
        ? `At ρ = ${rho.toFixed(2)} ≥ 1 with an unlimited buffer there is no ` +
            `steady state: the queue grows without end and no closed form applies.`
        : `No closed form for ${how.toLowerCase()} with ${service} service${k === null ? '' : ` and a limit of ${prose(k)}`}: ` +
            'compare with the M/M/1 and M/D/1 presets.',
    );
  }
  return { setup, theory };
}
