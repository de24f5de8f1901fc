/**
 * Voice over DCCP's live text: the calls or the data flow, the path and the transport, then
 * TFRC's first rate (paper 003's equations) and paper 003's tables.
 */
import { mbps, num, optionLabel, pct, plural, prose, str } from '../../scenario/prose';
import { getPath, type ScenarioObject } from '../../scenario/schema';
import type { LiveText, TextInputs } from '../types';

export function dccpText(s: ScenarioObject, { summary }: TextInputs): LiveText {
  const d = summary?.dccp ?? null;
  const codec = str(s, 'dccp.codec') ?? 'g711';
  const transport = str(s, 'dccp.transport') ?? 'ccid4';
  const calls = codec === 'cbr' ? 1 : (num(s, 'dccp.calls') ?? 1);
  const dtx = getPath(s, 'dccp.dtx') === true;
  const oh = num(s, 'dccp.header_bytes') ?? NaN;
  const rttMs = num(s, 'dccp.rtt_ms') ?? NaN;
  const label = optionLabel('dccp.transport', transport);
  // Sizes, rates and TFRC's first rate as the engine computes them (paper 003 Table I, eqs. 1
  // and 6): they come with the summary, which the engine sends as soon as the run is built.
  if (!d) return { setup: [`${label} carrying ${codec === 'cbr' ? 'a data flow' : 'voice'}.`], theory: [] };
  const [frame, interval, payload, wireKbps] = [
    d.frame_bytes ?? NaN,
    (d.interval_ms ?? NaN) / 1e3,
    d.payload_bytes ?? NaN,
    d.app_kbps ?? NaN,
  ];
  const codecName = d.codec;
  // Over DCCP an interval's frames leave as datagrams of at most the maximum packet size.
  const datagrams = d.datagrams_per_interval ?? 1;
  const mps = prose(num(s, 'dccp.max_packet_bytes') ?? NaN);
  const forAll =
    datagrams > 1
      ? `${prose(datagrams)} datagrams for all: DCCP takes at most ${mps} bytes in one`
      : 'one packet for all';
  const [talk, silence] = [prose(num(s, 'dccp.talk_s') ?? NaN), prose(num(s, 'dccp.silence_s') ?? NaN)];
  const what =
    codec === 'cbr'
      ? `A constant-rate data flow, packets of ${prose(frame)} bytes every ${prose(interval * 1e3)} ms`
      : `${calls > 1 ? `${prose(calls)} ${codecName} calls trunked into one flow` : `One ${codecName} call`} ` +
        `(a ${prose(frame * 8)}-bit frame every ${prose(interval * 1e3)} ms${calls > 1 ? ` per call, ${forAll}` : ''})` +
        (dtx ? `, silent between talk spurts (about ${talk} s of talk, ${silence} s of silence)` : '');
  const tcpN = num(s, 'dccp.tcp_flows') ?? 0;
  const shared =
    tcpN > 0 ? `, shared with ${plural(tcpN, `${optionLabel('dccp.tcp_cc', str(s, 'dccp.tcp_cc'))} download`)}` : '';
  const measured = getPath(s, 'dccp.rtt_measured') !== false;
  const path =
    `The path: a ${prose(rttMs)} ms round trip${measured ? ' as measured' : ''}, ${pct(num(s, 'dccp.per') ?? NaN)} packet errors, ` +
    `a ${mbps(num(s, 'dccp.rate_bps') ?? NaN)} bottleneck holding ${plural(num(s, 'dccp.queue_pkts') ?? NaN, 'packet')}, ` +
    `${prose(num(s, 'dccp.access_delay_ms') ?? NaN)} ms of access jitter on average${shared}; ` +
    `the receiver plays each packet ${prose(num(s, 'dccp.playout_ms') ?? NaN)} ms after the path's least delay, or counts it lost.`;
  const setup = [
    `${what}: ${prose(wireKbps)} kb/s on the wire${dtx ? ' while talking' : ''}, with ${prose(oh)}-byte headers, carried by ${label}.`,
    path,
  ];
  const theory: string[] = [];
  // TFRC's s is the mean datagram: the interval's bytes (without headers) over its datagrams.
  const meanDatagram = datagrams > 1 ? (wireKbps * 1e3 * interval) / 8 / datagrams - oh : payload;
  const pps = (bytesPerS: number) => prose(bytesPerS / meanDatagram);
  const need = prose(datagrams / interval);
  if (transport === 'udp') {
    setup.push('UDP hands every packet to the link at once: nothing is lost before the network.');
  } else {
    const buffer = num(s, 'dccp.buffer_pkts') ?? NaN;
    const initial = d.tfrc_initial_bytes_per_s ?? NaN;
    const perReport = transport === 'ccid4-n' || transport === 'ccid4-sca';
    setup.push(
      'TFRC sends one packet per second until the first report, then doubles its rate at most once per ' +
        `${perReport ? 'report (ten a round trip on this path)' : 'round trip'}; what it cannot carry waits in a ` +
        `${prose(buffer)}-packet buffer, and a packet that finds it full is lost between application and transport.`,
    );
    const which =
      transport === 'ccid4-n'
        ? 'eq. 6, 4380 / R · s / (s + oh)'
        : transport === 'ccid4-sca'
          ? 'eq. 6 at the nominal RTT'
          : 'eq. 1, min(4 s, max(2 s, 4380)) / R';
    theory.push(
      `TFRC's rate after the first report (paper 003 ${which}): ${prose(initial)} bytes/s, ` +
        `${pps(initial)} packets per second, against the ${need} the flow makes.`,
    );
  }
  if (d && d.generated > 0)
    theory.push(
      `So far ${pct((d.loss_pct ?? 0) / 100)} of the packets are lost: ${pct((d.app_loss_pct ?? 0) / 100)} between application and transport, ` +
        `${pct((d.link_loss_pct ?? 0) / 100)} on the link, ${pct((d.late_pct ?? 0) / 100)} too late.`,
    );
  const paper: Record<string, string> = {
    g711:
      calls >= 12
        ? 'Paper 003 Table II (12 G.711 calls): 6.32 % lost with CCID4, ' +
          '1.55 % with UDP; Table IV: CCID4-N 3.76 %, CCID4-SCA 1.5 %. ' +
          'In kind: the order holds, CCID4 and CCID4-N within 2x, CCID4-SCA 2.3x (SkyQueue 5.3 / 4.0 / 3.5 % over seeds 1-10, ' +
          'two datagrams an interval; docs/REPRODUCTION.md § Paper 003).'
        : 'Paper 003 Table II (G.711): 2.01 % lost with CCID4, 0.15 % with UDP; Table IV: CCID4-N 0.44 %, CCID4-SCA 0.15 %. ' +
          "CCID4's loss reproduced (SkyQueue 1.68 % over seeds 1-10); Table IV's variants not scored (0.42 and " +
          '0.30 %; docs/REPRODUCTION.md § Paper 003).',
    g729:
      'Paper 003 Table II (G.729): 1.24 % lost with CCID4, 0.1 % with UDP; Table IV: CCID4-N 0.08 %, CCID4-SCA 0.1 %. ' +
      "CCID4's loss reproduced (SkyQueue 1.71 % over seeds 1-10); CCID4-N and CCID4-SCA in kind (0.22 %, 2.8x the paper's; docs/REPRODUCTION.md).",
    speex: dtx
      ? 'Paper 003 Table II (Speex with DTX): 17.3 % lost with CCID4, ' +
        '0.1 % with UDP; Table IV: CCID4-N 0.16 %, CCID4-SCA 0.1 %. ' +
        "Reproduced: the order holds, CCID4's loss within 2x of the paper's (SkyQueue 10.2 % over seeds 1-10; docs/REPRODUCTION.md § Paper 003)."
      : 'Paper 003 Table II (Speex): 1.84 % lost with CCID4, 0.1 % with UDP; Table IV: CCID4-N 0.15 %, CCID4-SCA 0.1 %. ' +
        'Not scored (SkyQueue 1.71, 0.15, 0.22 and 0.22 % over seeds 1-10; docs/REPRODUCTION.md § Paper 003).',
    cbr:
      "Paper 003 Table VI (a flow at the link's nominal rate beside TCP): Jain's index 0.985 with CCID4, 0.5 with UDP. " +
      'In kind: DCCP shares, below the level (SkyQueue 0.941 and 0.502 over seeds 1-10; docs/REPRODUCTION.md § Paper 003).',
  };
  theory.push(paper[codec] ?? '');
  if (tcpN > 0 && codec !== 'cbr')
    theory.push(
      "Paper 003 Table VI (12 G.711 calls beside TCP): Jain's index 0.9997 with CCID4, 0.74 with UDP; " +
        'reproduced (SkyQueue 0.953 and 0.718 over seeds 1-10; docs/REPRODUCTION.md § Paper 003).',
    );
  return { setup, theory };
}
