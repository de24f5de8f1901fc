/**
 * The key sentences of a scenario's description and its theory lines, written from the values
 * the run actually uses: the scenario with its defaults filled in (what the engine runs), the
 * constellation and sites the engine resolved, and the closed forms the engine's summary
 * carries. Change a rate or a site and the text changes with it; the preset's fixed notes (the
 * scenario's `description`) are shown below it and marked once the scenario differs from the
 * preset (see `presetChanges`).
 *
 * Every number here is either a parameter or a value the engine computed (the summary's
 * `theory`, `theory_mbps`, `af_target_mbps`, `buffer_pkts`): the text never computes a theory of
 * its own, so it cannot disagree with the theory column beside it.
 */
import type { ConstellationInfo, SiteInfo } from '../engine/protocol';
import type { Summary } from '../engine/summary-types';
import { elideDefaults } from './link';
import type { Preset } from './presets';
import { FIELDS, getPath, type ScenarioObject } from './schema';

type Json = ScenarioObject[string];

/** What the text is written from: the running scenario and what the engine said about it. */
export interface TextInputs {
  /** The scenario with every default filled in (`LoadedInfo.scenarioJson`). */
  scenarioJson: string;
  /** The constellation the engine built, for models with one (sites resolved). */
  constellation: ConstellationInfo | null;
  /** The summary so far (null before the first frame: the theory sentences wait for it). */
  summary: Summary | null;
}

/** Generated sentences: what is simulated, then what theory predicts for it. */
export interface LiveText {
  /** What is simulated, with the current values. */
  setup: string[];
  /** The closed forms or the papers' reference values for these values (empty until known). */
  theory: string[];
}

// ---- numbers in prose ----

/** A number as prose writes it: whole numbers grouped (1,000), others to 3 significant digits. */
export function prose(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  const abs = Math.abs(x);
  const d = abs >= 100 ? 1 : Math.max(0, digits - 1 - Math.floor(Math.log10(abs || 1)));
  return Number(x.toFixed(Math.min(d, 6))).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** Seconds as milliseconds in prose ("9 ms", "15.5 ms", "0.714 ms"). */
const ms = (s: number) => `${prose(s * 1e3)} ms`;
/** b/s as Mb/s in prose. */
const mbps = (bps: number) => `${prose(bps / 1e6)} Mb/s`;
const pct = (x: number) => `${prose(x * 100)} %`;
const plural = (n: number, one: string, many = `${one}s`) => `${prose(n)} ${n === 1 ? one : many}`;
/** A simulated span in words: "24 h", "100 s", "6 h 30 min". */
export function span(s: number): string {
  if (s >= 3600 && s % 60 === 0) {
    const h = Math.floor(s / 3600);
    const m = Math.round((s % 3600) / 60);
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  return `${prose(s)} s`;
}

/** A site as the text names it: its name, or its coordinates when it has none. */
export function siteName(s: SiteInfo | undefined | null): string {
  if (!s) return 'an unnamed site';
  const coords = `${prose(Math.abs(s.lat_deg))}° ${s.lat_deg >= 0 ? 'N' : 'S'} ${prose(Math.abs(s.lon_deg))}° ${s.lon_deg >= 0 ? 'E' : 'W'}`;
  return s.name && s.name.trim() ? s.name : coords;
}

/** A site field of the scenario (a catalogue name, or an object with a name and coordinates). */
function siteField(v: Json | undefined): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, Json>;
    if (typeof o.name === 'string' && o.name.trim()) return o.name;
    if (typeof o.lat_deg === 'number' && typeof o.lon_deg === 'number') return siteName({ name: '', lat_deg: o.lat_deg, lon_deg: o.lon_deg });
  }
  return 'an unnamed site';
}

const num = (s: ScenarioObject, path: string): number | null => {
  const v = getPath(s, path);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
const str = (s: ScenarioObject, path: string): string | null => {
  const v = getPath(s, path);
  return typeof v === 'string' ? v : null;
};
/** The label of a choice field's value, as the parameter panel shows it. */
function optionLabel(path: string, value: string | null): string {
  const f = FIELDS.get(path);
  return (f?.type === 'choice' && f.options.find((o) => o.value === value)?.label) || value || '';
}

// ---- per model ----

function queueText(s: ScenarioObject, summary: Summary | null): LiveText {
  const flows = num(s, 'traffic.flows');
  const arrivals = str(s, 'traffic.arrivals') ?? 'poisson';
  const service = str(s, 'queue.service') ?? 'exponential';
  const k = num(s, 'queue.capacity_pkts');
  const bytes = num(s, 'traffic.packet_bytes');
  const link = num(s, 'queue.link_rate_bps');
  const prop = num(s, 'queue.propagation_s') ?? 0;
  const onOff = arrivals === 'on-off';
  // The rates the engine runs with (models/queue/scenario.rs: offered_pps, service_pps).
  const onBps = num(s, 'traffic.on_rate_bps') ?? NaN;
  const onS = num(s, 'traffic.on_mean_s') ?? NaN;
  const offS = num(s, 'traffic.off_mean_s') ?? NaN;
  const bits = (bytes ?? NaN) * 8;
  const lambda = onOff ? (flows ?? 1) * (onBps / bits) * (onS / (onS + offS)) : (num(s, 'traffic.rate_pps') ?? NaN);
  const mu = link !== null ? link / bits : (num(s, 'queue.service_rate_pps') ?? NaN);
  const rho = lambda / mu;
  const how = onOff ? 'On/off arrivals' : 'Poisson arrivals';
  const serviceWords = service === 'deterministic' ? `a constant ${ms(1 / mu)} per packet` : `exponential service times, ${ms(1 / mu)} on average`;
  const room = k === null ? 'an unlimited buffer' : `room for ${plural(k, 'waiting packet')}`;
  const server = link !== null ? `a ${mbps(link)} link (${prose(Math.round(mu))} packets/s of ${prose(bytes ?? NaN)} bytes, ${serviceWords})` : `one server at ${prose(mu)} packets/s (${serviceWords})`;
  const after = prop > 0 ? ` and ${ms(prop)} of propagation` : '';
  const setup = onOff
    ? [
        `${plural(flows ?? 1, 'on/off flow')}, each sending ${prose(onBps / 1e3)} kb/s in ${prose(bytes ?? NaN)}-byte packets (one every ${prose((bits / onBps) * 1e3, 4)} ms) while on, silent while off; on ${prose(onS)} s and off ${prose(offS)} s on average, every flow starting off.`,
        `Together about ${prose(Math.round(lambda))} packets/s on average into ${server}, with ${room}${after}: load ρ = λ/μ = ${prose(Math.round(lambda))}/${prose(Math.round(mu))} = ${rho.toFixed(2)}.`,
      ]
    : [
        `${how} at ${prose(lambda)} packets/s${flows && flows > 1 ? ` (${flows} flows)` : ''} into ${server}, with ${room}${after}: load ρ = λ/μ = ${prose(lambda)}/${prose(mu)} = ${rho.toFixed(2)}.`,
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
    if (k !== null && rho >= 1) theory.push(`The load is above 1: without the limit of ${prose(k)} waiting packets the queue would grow without end.`);
  } else if (summary?.queue && !t) {
    theory.push(
      rho >= 1 && k === null
        ? `At ρ = ${rho.toFixed(2)} ≥ 1 with an unlimited buffer there is no steady state: the queue grows without end and no closed form applies.`
        : `No closed form for ${how.toLowerCase()} with ${service} service${k === null ? '' : ` and a limit of ${prose(k)}`}: compare with the M/M/1 and M/D/1 presets.`,
    );
  }
  return { setup, theory };
}

function constellationText(s: ScenarioObject, c: ConstellationInfo | null): LiveText {
  const from = c ? siteName(c.sites[0]) : siteField(getPath(s, 'constellation.from'));
  const to = c ? siteName(c.sites[1]) : siteField(getPath(s, 'constellation.to'));
  const duration = num(s, 'duration_s') ?? 0;
  const setup: string[] = [];
  const loaded = (str(s, 'constellation.tle') ?? '').trim() !== '';
  const shape = c
    ? `${c.sats.length} satellites in ${plural(c.planes, 'plane')} at ${prose(c.altitude_km)} km, inclined ${prose(c.inclination_deg)}°${loaded ? ' (read from the loaded element sets)' : ''}`
    : optionLabel('constellation.preset', str(s, 'constellation.preset'));
  setup.push(`The route from ${from} to ${to} over ${shape}, for ${span(duration)} of simulated time.`);
  if (c?.kind === 'star') {
    const seamIsls = getPath(s, 'constellation.seam_isls') === true;
    setup.push(
      seamIsls
        ? 'A polar star: its first and last planes move in opposite directions (the seam), but links across the seam are on here (a teaching option; real Iridium has none), so the route can cross it.'
        : `A polar star: its first and last planes move in opposite directions and no link crosses the seam between them, so while the seam separates ${from} from ${to} the route must detour over a pole.`,
    );
  } else if (c?.kind === 'delta') {
    setup.push(`A delta shell: neighbouring planes move the same way, so there is no seam; no satellite passes beyond about ${prose(c.inclination_deg)}° of latitude.`);
  }
  return { setup, theory: [] };
}

/** Paper 000 Table II at 75 users (% of packets needing 0-3 retransmissions, dropped). */
const TABLE_II: Record<string, [number, number, number, number, number]> = {
  DT_S: [50.11, 23.16, 14.65, 12.07, 1.21],
  DT_H: [51.87, 22.93, 13.97, 11.23, 1.1],
  RR: [42.36, 24.28, 24.71, 8.65, 0.61],
  PF: [44.89, 26.26, 22.57, 6.27, 0.39],
};

/** Paper 000's short names of the policies (as the summary and the sweep write them). */
const POLICY_SHORT: Record<string, string> = { 'dt-s': 'DT_S', 'dt-h': 'DT_H', rr: 'RR', pf: 'PF', codes: 'CoDeS', 'm-lwdf': 'M-LWDF', 'exp-pf': 'EXP-PF', 'fq-codel': 'FQ-CoDel' };

function voipText(s: ScenarioObject, summary: Summary | null): LiveText {
  const flows = num(s, 'voip.flows') ?? 0;
  const policy = str(s, 'voip.policy') ?? '';
  const short = POLICY_SHORT[policy] ?? policy;
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
  const where = route ? `from a server at ${server} across the constellation to the satellite over ${users}` : `from a server across the constellation (its delay drawn from a range) to the last satellite`;
  const setup = [
    `${plural(flows, 'VoIP call')} (${codec}) ${where}, which shares one fading Land Mobile Satellite link (${mbps(linkRate)} coded${snr !== null ? `, reference SNR ${prose(snr)} dB` : ''}${speed !== null ? `, receivers at ${prose(speed)} km/h` : ''}) among ${plural(flows, 'receiver')}; HARQ retries up to ${retx ?? '?'} times.`,
    `Scheduling: ${policyName}${policy === 'codes' && timeout !== null ? ` (PF that drops packets older than ${prose(timeout)} ms)` : ''}.`,
  ];
  const theory: string[] = [];
  const v = summary?.voip;
  if (v) {
    const [perQueue, total] = v.buffer_pkts;
    theory.push(
      `Buffers: paper 000's rule B = RTT·C/√n with RTT ${prose(rtt ?? NaN)} ms, C the link rate and n = ${prose(flows)} calls gives B = ${plural(total, 'packet')} in all; ` +
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
          ? `With ${plural(perQueue, 'packet')} per queue almost no packet waits the ${prose(timeout ?? NaN)} ms timeout (${prose(timedOut)} % timed out), so CoDeS does nearly what PF does here.`
          : `Even with ${plural(perQueue, 'packet')} per queue, ${prose(timedOut)} % of packets waited past the ${prose(timeout ?? NaN)} ms timeout for a good channel; CoDeS dropped them and let fresh ones in.`,
      );
    }
    const row = TABLE_II[v.policy];
    const paperRow = row ? v.policy : v.policy === 'CoDeS' ? 'PF' : null;
    if (paperRow) {
      const r = TABLE_II[paperRow];
      const lead = paperRow === v.policy ? `Paper 000 Table II (75 users): ${paperRow}` : `Paper 000 Table II (75 users) has no ${v.policy} row; ${v.policy} is PF plus a timeout, so compare with PF's: it`;
      theory.push(`${lead} decodes ${r[0]} % of packets without retransmission and drops ${r[4]} %${flows === 75 ? '' : `; this run has ${plural(flows, 'call')}, not 75`}.`);
    } else theory.push(`Paper 000 Table II has no row for ${v.policy}.`);
  }
  return { setup, theory };
}

function profileWords(s: ScenarioObject, which: 'capacity_profile' | 'ef_profile', avgBps: number): { varies: boolean; words: string } {
  const kind = str(s, `diffserv.${which}.kind`) ?? 'constant';
  if (kind === 'cosine') {
    const a = num(s, `diffserv.${which}.amplitude`) ?? 0;
    const p = num(s, `diffserv.${which}.period_s`) ?? 0;
    const sym = which === 'capacity_profile' ? 'C(t)' : 'EF(t)';
    return { varies: a > 0, words: `swings between ${mbps(avgBps * (1 - a))} and ${mbps(avgBps * (1 + a))} (${sym} = ${prose(avgBps / 1e6)} (1 + ${prose(a)} cos(2π t / ${prose(p)})) Mb/s)` };
  }
  if (kind === 'trace') return { varies: true, words: `follows a trace around ${mbps(avgBps)}` };
  return { varies: false, words: `${mbps(avgBps)}` };
}

function diffservText(s: ScenarioObject, summary: Summary | null): LiveText {
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
    `A GEO router (RTT ${prose(rtt ?? NaN)} ms) on a link that ${cap.varies ? cap.words : `carries ${cap.words}`}; one EF flow at ${efp.varies ? `a rate that ${efp.words}` : efp.words} goes first by strict priority, and ${plural(afFlows, `${cc} flow`)} in AF and ${prose(cs0Flows)} in CS0 share what it leaves by ${sharing === 'pss' ? 'PSS' : 'DWRR'}.`,
  ];
  const theory: string[] = [];
  const d = summary?.diffserv;
  if (d && d.k_af !== null) {
    const varies = cap.varies || efp.varies;
    const [wrrAf, wrrCs0, pssAf, pssCs0] = d.theory_mbps;
    const f = (x: number | null) => (x === null ? '–' : `${prose(Number(x.toFixed(2)))} Mb/s`);
    const over = varies ? ', evaluated at each instant with C(t) and EF(t) and averaged over the measured span so far' : '';
    if (d.pss) {
      const exp = efExp ?? ef;
      setup.push(`PSS is set for EF at ${mbps(exp)} with K_AF = ${prose(Number(d.k_af.toFixed(3)))}: AF's target is K_AF (C − R_EF^exp) = BW C_avg = ${f(d.af_target_mbps)}.`);
      theory.push(`Theory${over}: eq. 7 gives AF ${f(pssAf)} (its target, or what EF leaves when that is less) and eq. 8 gives CS0 ${f(pssCs0)}.`);
      if (varies && d.pss.credit_memory)
        theory.push(
          `Eq. 7 instant by instant is what PSS without memory can give; the credit memory (L_R = ${prose(Number(((d.pss.lr_bits ?? 0) / 1e6).toFixed(1)))} Mbit) remembers AF's starvation and lets it catch up towards its ${f(d.af_target_mbps)} target, so AF may measure above the theory column and CS0 below it.`,
        );
      else if (varies) theory.push(`Without the credit memory a starvation period is forgotten: AF stays near eq. 7, below its ${f(d.af_target_mbps)} target.`);
    } else {
      theory.push(`Theory${over}: eq. 1 gives AF K_AF (C − R_EF) = ${f(wrrAf)} with K_AF = ${prose(Number(d.k_af.toFixed(3)))}, and eq. 6 gives CS0 ${f(wrrCs0)}.`);
    }
  }
  return { setup, theory };
}

/** Paper 004 Table 3's link rates [b/s]: up/down-link, ISL. */
const TCP_RATES: Record<string, [number, number]> = { low: [1.5e6, 25e6], high: [120e6, 2e9] };

/** A byte count as prose writes it (9 kB, 15 MB). */
function bytesWords(b: number): string {
  if (b >= 1e6) return `${prose(b / 1e6)} MB`;
  if (b >= 1e3) return `${prose(b / 1e3)} kB`;
  return plural(b, 'byte');
}

function tcpText(s: ScenarioObject, c: ConstellationInfo | null, summary: Summary | null): LiveText {
  const from = c ? siteName(c.sites[0]) : siteField(getPath(s, 'transfer.from'));
  const to = c ? siteName(c.sites[1]) : siteField(getPath(s, 'transfer.to'));
  const bytes = num(s, 'transfer.bytes');
  const start = num(s, 'transfer.start_s') ?? 0;
  const window = num(s, 'transfer.start_window_s') ?? 0;
  const clockStart = num(s, 'transfer.clock_start_s') ?? 0;
  const throughput = str(s, 'transfer.throughput') ?? 'low';
  const [access, isl] = TCP_RATES[throughput] ?? [NaN, NaN];
  const packet = num(s, 'transfer.packet_bytes') ?? NaN;
  const rto = num(s, 'transfer.min_rto_ms') ?? NaN;
  const restart = str(s, 'transfer.rto_restart') === 'new-data' ? 'restarted only by an ACK of new data (RFC 6298)' : 'restarted by every ACK (ns-2)';
  const cutoff = num(s, 'transfer.polar_cutoff_deg') ?? NaN;
  const pairing = optionLabel('transfer.isl_pairing', str(s, 'transfer.isl_pairing'));
  const cc = optionLabel('transfer.cc', str(s, 'transfer.cc'));
  const at = new Date(Date.UTC(2026, 0, 1) + (clockStart + start) * 1000).toISOString().slice(11, 19);
  const what = bytes === null ? 'Unlimited bulk' : `A ${bytesWords(bytes)} file`;
  const when = window > 0 ? `starting at a moment drawn (from the seed) in the ${prose(window)} s after ${prose(start)} s into the run` : `starting ${prose(start)} s into the run (${at} UTC)`;
  const setup = [
    `${what} from ${from} to ${to} over ${c ? `${c.sats.length} Iridium satellites` : 'Iridium'} (cross-plane links off above ${prose(cutoff)}°, partners ${pairing}), ${when}.`,
    `Links at paper 004's ${throughput} throughput: ${mbps(access)} up and down, ${mbps(isl)} between satellites, each queueing up to ${throughput === 'high' ? '4000' : '50'} packets (ns-2's limit); ${cc} with SACK and an initial window of 10 packets of ${prose(packet)} bytes of data (${prose(packet + 56)} on the wire); a retransmission timeout of at least ${prose(rto)} ms, ${restart}.`,
  ];
  const theory: string[] = [];
  const t = summary?.transfer;
  if (t?.started && t.start_rtt_ms !== null)
    theory.push(`The route's round trip when the transfer started: ${prose(Math.round(t.start_rtt_ms))} ms; each link queues up to ${plural(t.buffer_packets, 'packet')} besides the one being sent (ns-2's limit, fixed for the run).`);
  theory.push('Paper 004 Table 4 (Los Angeles - Hawaii): 9 kB in 90.35 ms outside the seam and 179.43 ms across it; 15 MB in 89.67 s and 91.02 s.');
  return { setup, theory };
}

function linkText(s: ScenarioObject, summary: Summary | null): LiveText {
  const l = summary?.link ?? null;
  const alpha = num(s, 'link.alpha') ?? NaN;
  const beta = num(s, 'link.beta') ?? NaN;
  const eg = num(s, 'link.erase_good') ?? NaN;
  const eb = num(s, 'link.erase_bad') ?? NaN;
  const rate = num(s, 'link.rate_bps') ?? NaN;
  const rtt = num(s, 'link.rtt_ms') ?? NaN;
  const packet = num(s, 'link.packet_bytes') ?? NaN;
  const lldu = num(s, 'link.lldu_bytes') ?? NaN;
  const scheme = str(s, 'link.scheme') ?? 'harq';
  const cut = l ? `${plural(l.lldus_per_packet, 'LLDU')} of ${prose(lldu)} bytes, one every ${prose(l.slot_us ?? NaN)} µs` : `LLDUs of ${prose(lldu)} bytes`;
  const burst = l?.theory.mean_burst_lldus ?? null;
  const erasures = eg === 0 && eb === 1 ? 'every LLDU sent while Bad is erased, none while Good' : `an LLDU is erased with probability ${prose(eg)} while Good and ${prose(eb)} while Bad`;
  let how: string;
  if (scheme === 'fec') {
    const nd = num(s, 'link.fec_nd') ?? NaN;
    const nr = num(s, 'link.fec_nr') ?? NaN;
    const depth = num(s, 'link.interleave') ?? 1;
    how = `FEC ${prose(nd)}/${prose(nd + nr)}: blocks of ${prose(nd)} data and ${prose(nr)} repair LLDUs${depth > 1 ? `, ${prose(depth)} blocks interleaved column by column` : ''}; a block decodes when at most ${prose(nr)} of its ${prose(nd + nr)} are erased, and nothing is ever sent again.`;
  } else if (scheme === 'arq') {
    const m = num(s, 'link.arq_max_retx');
    how = `Selective-repeat ARQ: an erased LLDU is sent again a round trip later, ${m === null ? 'until it arrives' : `at most ${plural(m, 'time')}`}.`;
  } else if (scheme === 'harq') {
    const nd = num(s, 'link.harq_nd') ?? NaN;
    const nr = num(s, 'link.harq_nr') ?? NaN;
    const ns = num(s, 'link.harq_ns') ?? NaN;
    const r = num(s, 'link.harq_rounds') ?? NaN;
    how = `HARQ-II ${prose(nd)}/${prose(nd + nr)}: blocks of ${prose(nd)} data and ${prose(nr)} repair LLDUs; a receiver still short of d LLDUs asks for d + ${prose(ns)}, sent a round trip later, at most ${plural(r, 'round')}.`;
  } else how = 'No reliability scheme: every LLDU is sent once, and an IP packet with one erased LLDU is lost.';
  const order = str(s, 'link.delivery') === 'out-of-order' ? 'each IP packet goes up as soon as its own LLDUs are there' : 'IP packets go up in order, each waiting for those before it';
  const phy = str(s, 'link.phy') ?? 'gilbert-elliott';
  const esn0 = num(s, 'link.es_n0_db') ?? NaN;
  const faded = phy !== 'gilbert-elliott' && str(s, 'link.phy_model') === 'faded';
  const channel =
    phy === 'gilbert-elliott'
      ? `a Gilbert-Elliott channel that stays Good with α = ${prose(alpha)} and Bad with β = ${prose(beta)}${burst !== null ? ` (bursts of ${prose(burst)} LLDUs on average)` : ''}: ${erasures}`
      : faded
        ? `paper 002's ${optionLabel('link.phy', phy)} (§4.1) at Es/N0 ${prose(esn0)} dB, each LLDU decoded from the Rayleigh fade its codeword saw${phy === 'non-interleaved-internet' ? '' : ' across the 36 ms interleaver'}, against a turbo code fitted to §4.1's stated points`
        : `paper 002's ${optionLabel('link.phy', phy)} (§4.1) at Es/N0 ${prose(esn0)} dB${burst !== null ? `, erasures in bursts of ${prose(burst)} LLDUs` : ''}${eb < 1 ? `, a faded span erasing ${pct(eb)} of its LLDUs` : ''}`;
  const tcp = str(s, 'link.traffic') === 'tcp';
  const bytes = num(s, 'link.tcp_bytes');
  const feed = tcp
    ? `One ${optionLabel('link.tcp_cc', str(s, 'link.tcp_cc'))} sender (SACK, initial window 10) sends ${bytes === null ? 'without end' : `a file of ${prose(bytes)} bytes`} through a buffer of ${plural(num(s, 'link.buffer_pkts') ?? NaN, 'packet')}, its ACKs returning error-free; ${order}.`
    : `The sender is never idle; ${order}.`;
  const setup = [`IP packets of ${prose(packet)} bytes cut into ${cut} at ${mbps(rate)}, with a ${prose(rtt)} ms round trip, over ${channel}.`, `${how} ${feed}`];
  const theory: string[] = [];
  const th = l?.theory;
  if (th && th.erasure_rate !== null && th.efficiency !== null && th.delay_ms !== null && th.residual_loss !== null) {
    theory.push(
      `Closed forms for ${faded ? 'the Gilbert-Elliott chain with this physical layer\'s erasure rate and bursts (a guide: its fades are not a two-state chain)' : 'this link'}: ${pct(th.erasure_rate)} of the LLDUs erased; efficiency ${prose(th.efficiency)} (data LLDUs delivered per LLDU sent), LLDU recovery delay ${prose(th.delay_ms)} ms, ${th.residual_loss > 0 ? `${pct(th.residual_loss)} of the data never recovered` : 'no data lost'}.`,
    );
    if (th.printed_delay_ms !== null) theory.push(`Paper 002's own delay formula for this scheme, as printed, gives ${prose(th.printed_delay_ms)} ms.`);
  }
  if (tcp) theory.push('Paper 002 Fig. 8 (2.34 Mb/s, Es/N0 14 dB, ARQ): CUBIC, Hybla and Westwood reach the link\'s capacity, NewReno and Compound stay far below; with HARQ(X/Y) the rate is multiplied by X/Y.');
  return { setup, theory };
}

/** Table I's frames: (payload bytes, interval [s]) of one frame, or the data flow's packets. */
function dccpFrame(codec: string, cbrBps: number, cbrBytes: number): [number, number] {
  if (codec === 'g711') return [180, 1440 / 64000];
  if (codec === 'cbr') return [cbrBytes, (cbrBytes * 8) / cbrBps];
  return [20, 160 / 8000];
}

function dccpText(s: ScenarioObject, summary: Summary | null): LiveText {
  const d = summary?.dccp ?? null;
  const codec = str(s, 'dccp.codec') ?? 'g711';
  const transport = str(s, 'dccp.transport') ?? 'ccid4';
  const calls = codec === 'cbr' ? 1 : (num(s, 'dccp.calls') ?? 1);
  const dtx = getPath(s, 'dccp.dtx') === true;
  const oh = num(s, 'dccp.header_bytes') ?? 36;
  const rttMs = num(s, 'dccp.rtt_ms') ?? NaN;
  const [frame, interval] = dccpFrame(codec, num(s, 'dccp.cbr_bps') ?? 1e6, num(s, 'dccp.cbr_payload_bytes') ?? 1000);
  const payload = codec === 'cbr' ? frame : calls * (frame + 4);
  const wireKbps = d?.app_kbps ?? ((payload + oh) * 8) / interval / 1e3;
  const label = optionLabel('dccp.transport', transport);
  const codecName = ({ g711: 'G.711', g729: 'G.729', speex: 'Speex' } as Record<string, string>)[codec] ?? codec;
  const what =
    codec === 'cbr'
      ? `A constant-rate data flow, packets of ${prose(frame)} bytes every ${prose(interval * 1e3)} ms`
      : `${calls > 1 ? `${prose(calls)} ${codecName} calls trunked into one flow` : `One ${codecName} call`} (a ${prose(frame * 8)}-bit frame every ${prose(interval * 1e3)} ms${calls > 1 ? ' per call, one packet for all' : ''})${dtx ? `, silent between talk spurts (about ${prose(num(s, 'dccp.talk_s') ?? NaN)} s of talk, ${prose(num(s, 'dccp.silence_s') ?? NaN)} s of silence)` : ''}`;
  const tcpN = num(s, 'dccp.tcp_flows') ?? 0;
  const path = `The path: a ${prose(rttMs)} ms round trip, ${pct(num(s, 'dccp.per') ?? NaN)} packet errors, a ${mbps(num(s, 'dccp.rate_bps') ?? NaN)} bottleneck holding ${plural(num(s, 'dccp.queue_pkts') ?? NaN, 'packet')}, ${prose(num(s, 'dccp.access_delay_ms') ?? NaN)} ms of access jitter on average${tcpN > 0 ? `, shared with ${plural(tcpN, `${optionLabel('dccp.tcp_cc', str(s, 'dccp.tcp_cc'))} download`)}` : ''}; the receiver plays each packet ${prose(num(s, 'dccp.playout_ms') ?? NaN)} ms after the path's least delay, or counts it lost.`;
  const setup = [`${what}: ${prose(wireKbps)} kb/s on the wire${dtx ? ' while talking' : ''}, with ${prose(oh)}-byte headers, carried by ${label}.`, path];
  const theory: string[] = [];
  const r = rttMs / 1e3;
  const pps = (bytesPerS: number) => prose(bytesPerS / payload);
  const need = prose(1 / interval);
  if (transport === 'udp') {
    setup.push('UDP hands every packet to the link at once: nothing is lost before the network.');
  } else {
    const buffer = num(s, 'dccp.buffer_pkts') ?? 5;
    const corr = payload / (payload + oh);
    const eq1 = Math.min(4 * payload, Math.max(2 * payload, 4380)) / r;
    const initial = transport === 'ccid4-n' ? (4380 / r) * corr : transport === 'ccid4-sca' ? (4380 / ((num(s, 'dccp.nominal_rtt_ms') ?? 100) / 1e3)) * corr : eq1;
    setup.push(
      `TFRC sends one packet per second until the first report, then doubles its rate at most once per ${transport === 'ccid4-n' || transport === 'ccid4-sca' ? 'report (ten a round trip on this path)' : 'round trip'}; what it cannot carry waits in a ${prose(buffer)}-packet buffer, and a packet that finds it full is lost between application and transport.`,
    );
    const which = transport === 'ccid4-n' ? 'eq. 6, 4380 / R · s / (s + oh)' : transport === 'ccid4-sca' ? 'eq. 6 at the nominal RTT' : 'eq. 1, min(4 s, max(2 s, 4380)) / R';
    theory.push(`TFRC's rate after the first report (paper 003 ${which}): ${prose(initial)} bytes/s, ${pps(initial)} packets per second, against the ${need} the flow makes.`);
  }
  if (d && d.generated > 0) theory.push(`So far ${pct((d.loss_pct ?? 0) / 100)} of the packets are lost: ${pct((d.app_loss_pct ?? 0) / 100)} between application and transport, ${pct((d.link_loss_pct ?? 0) / 100)} on the link, ${pct((d.late_pct ?? 0) / 100)} too late.`);
  const paper: Record<string, string> = {
    g711: calls >= 12 ? 'Paper 003 Table II (12 G.711 calls): 6.32 % lost with CCID4, 1.55 % with UDP; Table IV: CCID4-N 3.76 %, CCID4-SCA 1.5 %.' : 'Paper 003 Table II (G.711): 2.01 % lost with CCID4, 0.15 % with UDP; Table IV: CCID4-N 0.44 %, CCID4-SCA 0.15 %.',
    g729: 'Paper 003 Table II (G.729): 1.24 % lost with CCID4, 0.1 % with UDP; Table IV: CCID4-N 0.08 %, CCID4-SCA 0.1 %.',
    speex: dtx ? 'Paper 003 Table II (Speex with DTX): 17.3 % lost with CCID4, 0.1 % with UDP; Table IV: CCID4-N 0.16 %, CCID4-SCA 0.1 %.' : 'Paper 003 Table II (Speex): 1.84 % lost with CCID4, 0.1 % with UDP; Table IV: CCID4-N 0.15 %, CCID4-SCA 0.1 %.',
    cbr: "Paper 003 Table VI (a flow at the link's nominal rate beside TCP): Jain's index 0.985 with CCID4, 0.5 with UDP.",
  };
  theory.push(paper[codec] ?? '');
  if (tcpN > 0 && codec !== 'cbr') theory.push("Paper 003 Table VI (12 G.711 calls beside TCP): Jain's index 0.9997 with CCID4, 0.74 with UDP.");
  return { setup, theory };
}

/** The generated sentences for a running scenario. */
export function liveText(inputs: TextInputs): LiveText {
  const s = JSON.parse(inputs.scenarioJson) as ScenarioObject;
  switch (s.model) {
    case 'constellation':
      return constellationText(s, inputs.constellation);
    case 'voip-leo':
      return voipText(s, inputs.summary);
    case 'diffserv':
      return diffservText(s, inputs.summary);
    case 'tcp-leo':
      return tcpText(s, inputs.constellation, inputs.summary);
    case 'link-layer':
      return linkText(s, inputs.summary);
    case 'voip-dccp':
      return dccpText(s, inputs.summary);
    default:
      return queueText(s, inputs.summary);
  }
}

// ---- the preset a scenario comes from, and what changed ----

/** One field that differs from the preset. */
export interface Change {
  path: string;
  /** The parameter panel's label, or the path. */
  label: string;
  from: Json | undefined;
  to: Json | undefined;
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields not compared: the text itself. */
const TEXT_FIELDS = new Set(['name', 'description']);

/**
 * The fields of `scenario` that differ from `preset` (both complete or both elided the same way:
 * compare them filled in, or elided against the same defaults). Arrays compare whole.
 */
export function diffScenarios(preset: Record<string, Json>, scenario: Record<string, Json>): Change[] {
  const out: Change[] = [];
  const walk = (a: Record<string, Json>, b: Record<string, Json>, prefix: string) => {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (!prefix && TEXT_FIELDS.has(k)) continue;
      const x = a[k];
      const y = b[k];
      // A section left out on one side (every value its default) compares field by field.
      if ((isObject(x) || x === undefined) && (isObject(y) || y === undefined)) walk((x ?? {}) as Record<string, Json>, (y ?? {}) as Record<string, Json>, path);
      else if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ path, label: FIELDS.get(path)?.label ?? path, from: x, to: y });
    }
  };
  walk(preset, scenario, '');
  return out;
}

/**
 * What differs between a preset and the running scenario (`scenarioJson` filled in by the engine),
 * both compared without the engine's `defaults`; a value left to its default is named as it is.
 */
export function presetChanges(presetJson: string, scenarioJson: string, defaults: Record<string, unknown>): Change[] {
  const d = defaults as Record<string, Json>;
  const filled = JSON.parse(scenarioJson) as Record<string, Json>;
  const preset = JSON.parse(presetJson) as Record<string, Json>;
  return diffScenarios(elideDefaults(preset, d), elideDefaults(filled, d)).map((c) => ({
    ...c,
    from: c.from ?? getPath(preset, c.path) ?? getPath(d, c.path),
    to: c.to ?? getPath(filled, c.path),
  }));
}

/** The preset a scenario was made from: the one whose name it carries. */
export function basePreset(name: string | null | undefined, presetList: readonly Preset[]): Preset | null {
  if (!name) return null;
  return presetList.find((p) => p.name === name) ?? null;
}

/** A change in words: "Arrival rate λ 800 → 900". */
export function changeWords(c: Change): string {
  const v = (x: Json | undefined) => (x === undefined ? 'default' : typeof x === 'number' ? prose(x) : typeof x === 'string' ? x : JSON.stringify(x));
  return `${c.label} ${v(c.from)} → ${v(c.to)}`;
}

/** The note above a preset's fixed text once the scenario differs from it. */
export function notesCaveat(changes: Change[]): string {
  const shown = changes.slice(0, 3).map(changeWords).join(', ');
  const more = changes.length > 3 ? ` and ${changes.length - 3} more` : '';
  return `Notes for the preset as published; you changed ${shown}${more}, so numbers in these notes may differ. The sentences above follow the current values.`;
}

/**
 * What a link carries of a scenario's text: its description is left out when it is the preset's
 * own (the preset it names supplies it on open, marked as the preset's notes), so a link never
 * carries notes that its changed numbers contradict as if they were its own.
 */
export function withoutPresetNotes<T extends Record<string, Json>>(scenario: T, presetList: readonly Preset[]): T {
  const base = basePreset(typeof scenario.name === 'string' ? scenario.name : null, presetList);
  if (!base || scenario.description !== base.description) return scenario;
  const { description: _omit, ...rest } = scenario;
  return rest as T;
}
