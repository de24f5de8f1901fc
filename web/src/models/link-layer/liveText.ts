/**
 * The link layer's live text: the channel, the reliability scheme and the traffic, then the
 * closed forms the engine's summary carries and paper 002's reference values.
 */
import { mbps, num, optionLabel, pct, plural, prose, str } from '../../scenario/prose';
import type { ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

/** What the closed forms are of, for a faded physical layer. */
const FADED_CLOSED_FORMS =
  "the Gilbert-Elliott chain with this physical layer's erasure rate and bursts (a guide: its fades are not a two-state chain)";

/** What the closed forms are of, for a channel trace. */
const TRACE_CLOSED_FORMS =
  "the Gilbert-Elliott chain with the trace's erasure rate and mean erasure run (a guide: a trace is not a two-state chain)";

export function linkText(s: ScenarioObject, { summary }: TextInputs): LiveText {
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
  const cut = l
    ? `${plural(l.lldus_per_packet, 'LLDU')} of ${prose(lldu)} bytes, one every ${prose(l.slot_us ?? NaN)} µs`
    : `LLDUs of ${prose(lldu)} bytes`;
  const burst = l?.theory.mean_burst_lldus ?? null;
  const erasures =
    eg === 0 && eb === 1
      ? 'every LLDU sent while Bad is erased, none while Good'
      : `an LLDU is erased with probability ${prose(eg)} while Good and ${prose(eb)} while Bad`;
  let how: string;
  if (scheme === 'fec') {
    const nd = num(s, 'link.fec_nd') ?? NaN;
    const nr = num(s, 'link.fec_nr') ?? NaN;
    const depth = num(s, 'link.interleave') ?? 1;
    const interleaved = depth > 1 ? `, ${prose(depth)} blocks interleaved column by column` : '';
    how =
      `FEC ${prose(nd)}/${prose(nd + nr)}: blocks of ${prose(nd)} data and ${prose(nr)} repair LLDUs${interleaved}; ` +
      `a block decodes when at most ${prose(nr)} of its ${prose(nd + nr)} are erased, and nothing is ever sent again.`;
  } else if (scheme === 'arq') {
    const m = num(s, 'link.arq_max_retx');
    const until = m === null ? 'until it arrives' : `at most ${plural(m, 'time')}`;
    how = `Selective-repeat ARQ: an erased LLDU is sent again a round trip later, ${until}.`;
  } else if (scheme === 'harq') {
    const nd = num(s, 'link.harq_nd') ?? NaN;
    const nr = num(s, 'link.harq_nr') ?? NaN;
    const ns = num(s, 'link.harq_ns') ?? NaN;
    const r = num(s, 'link.harq_rounds') ?? NaN;
    how =
      `HARQ-II ${prose(nd)}/${prose(nd + nr)}: blocks of ${prose(nd)} data and ${prose(nr)} repair LLDUs; ` +
      `a receiver still short of d LLDUs asks for d + ${prose(ns)}, sent a round trip later, at most ${plural(r, 'round')}.`;
  } else how = 'No reliability scheme: every LLDU is sent once, and an IP packet with one erased LLDU is lost.';
  const order =
    str(s, 'link.delivery') === 'out-of-order'
      ? 'each IP packet goes up as soon as its own LLDUs are there'
      : 'IP packets go up in order, each waiting for those before it';
  const phy = str(s, 'link.phy') ?? 'gilbert-elliott';
  const esn0 = num(s, 'link.es_n0_db') ?? NaN;
  const faded = phy !== 'gilbert-elliott' && str(s, 'link.phy_model') === 'faded';
  const paperPhy = `paper 002's ${optionLabel('link.phy', phy)} (§4.1) at Es/N0 ${prose(esn0)} dB`;
  const interleaver = phy === 'non-interleaved-internet' ? '' : ' across the 36 ms interleaver';
  const channel =
    phy === 'gilbert-elliott'
      ? `a Gilbert-Elliott channel that stays Good with α = ${prose(alpha)} and Bad with β = ${prose(beta)}` +
        `${burst !== null ? ` (bursts of ${prose(burst)} LLDUs on average)` : ''}: ${erasures}`
      : faded
        ? `${paperPhy}, each LLDU decoded from the Rayleigh fade its codeword saw${interleaver}, ` +
          `against a turbo code fitted to §4.1's stated points`
        : `${paperPhy}${burst !== null ? `, erasures in bursts of ${prose(burst)} LLDUs` : ''}` +
          `${eb < 1 ? `, a faded span erasing ${pct(eb)} of its LLDUs` : ''}`;
  // A loaded trace replaces the channel: the summary says what the run read of it.
  const tr = l?.channel_trace ?? null;
  const traced = str(s, 'link.channel_trace') !== null;
  const traceChannel = !traced
    ? null
    : tr
      ? `channel: trace, ${plural(tr.samples, 'sample')}, ${prose(tr.span_s ?? NaN)} s (looped), ` +
        (tr.column === 'erased'
          ? 'each sample the erasure probability of the LLDUs sent while it holds'
          : `each sample an Es/N0 read through the ${optionLabel('link.phy', phy)} (§4.1) ` +
            (faded ? 'code, as the Es/N0 a codeword saw' : 'stated PER points, as the local mean')) +
        `, erasing ${pct(tr.erasure_rate ?? NaN)} of the LLDUs`
      : 'channel: trace (read when the run starts)';
  const tcp = str(s, 'link.traffic') === 'tcp';
  const bytes = num(s, 'link.tcp_bytes');
  const feed = tcp
    ? `One ${optionLabel('link.tcp_cc', str(s, 'link.tcp_cc'))} sender (SACK, initial window 10) sends ` +
      `${bytes === null ? 'without end' : `a file of ${prose(bytes)} bytes`} through a buffer of ` +
      `${plural(num(s, 'link.buffer_pkts') ?? NaN, 'packet')}, its ACKs returning error-free; ${order}.`
    : `The sender is never idle; ${order}.`;
  const setup = [
    `IP packets of ${prose(packet)} bytes cut into ${cut} at ${mbps(rate)}, with a ${prose(rtt)} ms round trip, over ${traceChannel ?? channel}.`,
    `${how} ${feed}`,
  ];
  const theory: string[] = [];
  const th = l?.theory;
  if (th && th.erasure_rate !== null && th.efficiency !== null && th.delay_ms !== null && th.residual_loss !== null) {
    theory.push(
      `Closed forms for ${traced ? TRACE_CLOSED_FORMS : faded ? FADED_CLOSED_FORMS : 'this link'}: ${pct(th.erasure_rate)} of the LLDUs erased; ` +
        `efficiency ${prose(th.efficiency)} (data LLDUs delivered per LLDU sent), LLDU recovery delay ${prose(th.delay_ms)} ms, ` +
        `${th.residual_loss > 0 ? `${pct(th.residual_loss)} of the data never recovered` : 'no data lost'}.`,
    );
    if (th.printed_delay_ms !== null)
      theory.push(
        `Paper 002's own delay formula for this scheme, as printed, gives ${prose(th.printed_delay_ms)} ms` +
          (scheme === 'arq'
            ? ': an erratum (§3.5.3 as printed gives 1.5 round trips on an error-free link; docs/REPRODUCTION.md § Paper 002).'
            : '; the closed form above is the one the simulated link reproduced (Figs. 5-6, docs/REPRODUCTION.md § Paper 002).'),
      );
  }
  if (tcp)
    theory.push(
      "Paper 002 Fig. 8 (2.34 Mb/s, Es/N0 14 dB, ARQ): CUBIC, Hybla and Westwood reach the link's capacity, " +
        'NewReno and Compound stay far below; with HARQ(X/Y) the rate is multiplied by X/Y. ' +
        (faded
          ? 'Reproduced on the substitute layer; this modelled layer breaks it (CUBIC over ARQ 105 kb/s; docs/REPRODUCTION.md § Paper 002).'
          : "Reproduced, at Fig. 8's settings (docs/REPRODUCTION.md § Paper 002)."),
    );
  return { setup, theory };
}
