import { TcpPictogram } from './Pictogram';
import { ConstellationPanel } from '../../panels/ConstellationPanel';
import { EventLog } from '../../panels/EventLog';
import { seamSinceLastSample } from '../../panels/seamSinceLastSample';
import { TransferPanel } from './TransferPanel';
import { tcpText } from './liveText';
import { GUIDES, PRESETS } from './guides';
import type { ModelDescriptor, SummaryProps } from '../types';
import { engineSweepMetrics } from '../../scenario/sweepModels';

interface TransferFields {
  bytes?: number | null;
  clock_start_s?: number;
  start_s?: number;
  from?: string;
  to?: string;
}

const transferOf = (scenarioJson: string): TransferFields =>
  (JSON.parse(scenarioJson) as { transfer?: TransferFields }).transfer ?? {};

/** The transfer, then the two sites with the route's handovers, and the event log. */
function TcpLeoSummary({ info, summary, globe, topology }: SummaryProps) {
  const t = summary?.transfer;
  return (
    <>
      {t && <TransferPanel s={t} nowS={summary?.simulated_s ?? 0} />}
      {info.constellation && <ConstellationPanel info={info.constellation} summary={t?.route ?? null} {...globe} />}
      {info.constellation && (
        <EventLog
          events={topology.events}
          info={info.constellation}
          linkChanges={topology.linkChanges}
          epochMs={topology.epochMs}
          onSeek={topology.onSeek}
        />
      )}
    </>
  );
}

/**
 * A TCP transfer between two ground sites over Iridium (paper 004 §3-5): the globe draws the
 * packets in flight on the route, the charts the window, RTT and throughput beside the route's
 * delay, with the handovers marked on every chart that shares their time axis.
 */
export const tcpLeo: ModelDescriptor = {
  id: 'tcp-leo',
  label: 'TCP-over-Iridium',
  liveText: tcpText,
  Summary: TcpLeoSummary,
  speed: 1,
  // A small file crosses in a fraction of a second: start slow enough to watch its packets.
  startSpeed: (scenarioJson) => {
    const b = transferOf(scenarioJson).bytes;
    return typeof b === 'number' && b <= 100_000 ? 0.1 : undefined;
  },
  globe: true,
  markers: (chart) => ['ms', 'segments', 'Mb/s', 'hops'].includes(chart.unit),
  chartNote: (chart, info, seen, summary) => {
    const t = transferOf(info.scenarioJson);
    const ids = chart.members.map(({ s }) => s.id);
    const transferChart = ids.includes('cwnd') || ids.includes('throughput_mbps') || ids.includes('rtt_ms');
    if (transferChart && seen.allMissing)
      return `Nothing yet: the transfer starts at ${t.start_s ?? 0} s${t.clock_start_s ? ' into the run' : ''}.`;
    if (ids.includes('seam') && seen.allZero && info.constellation)
      return (
        seamSinceLastSample(
          summary?.transfer?.route,
          info.constellation.sites[0].name,
          info.constellation.sites[1].name,
        ) ??
        `0 so far: the seam has not come between ${info.constellation.sites[0].name} ` +
          `and ${info.constellation.sites[1].name} in this run.`
      );
    if (ids.includes('delay_ms') && seen.allMissing && info.constellation)
      return (
        `No route so far: one of ${info.constellation.sites[0].name} and ` +
        `${info.constellation.sites[1].name} sees no satellite above the ` +
        `${info.constellation.elevation_mask_deg}° mask, so every packet sent is lost.`
      );
    return null;
  },
  // The constellation's epoch (the engine's) plus the clock's start: the run's time zero.
  clock: (info) =>
    info.constellation
      ? info.constellation.epoch_unix_ms + (transferOf(info.scenarioJson).clock_start_s ?? 0) * 1000
      : undefined,
  withSite: (scenarioJson, end, site) => {
    const s = JSON.parse(scenarioJson) as { transfer?: Record<string, unknown> };
    s.transfer = { ...(s.transfer ?? {}), [end]: site };
    return JSON.stringify(s, null, 2);
  },
  // Sweeps compare the congestion controls over a parameter; with transfer.start_window_s > 0
  // each seed draws another start, so the seeds' spread is that of paper 004's random starts.
  sweep: {
    policyPath: 'transfer.cc',
    defaultPolicies: ['cubic', 'new-reno'],
    params: [
      { path: 'transfer.bytes', label: 'file size [bytes] (Table 5)', values: '9000, 25000, 50000, 100000, 500000' },
      { path: 'transfer.min_rto_ms', label: 'minimum RTO [ms]', values: '200, 500, 1000' },
      { path: 'transfer.start_s', label: 'start [s]', values: '1, 2, 3, 4' },
      {
        path: 'transfer.to',
        label: 'receiving site (Figs. 5-6)',
        values: 'Los Angeles, New Delhi, London, Tokyo',
        text: true,
      },
    ],
    metrics: engineSweepMetrics('tcp-leo'),
    compareRows: [
      ['transfer time [s]', 'transfer.transfer_s', 3],
      ['mean throughput [Mb/s]', 'transfer.mean_throughput_mbps', 3],
      ['retransmits', 'transfer.retransmits', 0],
      ['timeouts', 'transfer.timeouts', 0],
      ['ACKs overtaken', 'transfer.reordered_acks', 0],
    ],
    compareSeries: { id: 'cwnd', title: 'Congestion window', unit: 'segments' },
    hint: 'TCP over Iridium: a 9 kB file as the seam arrives',
  },
  course: { presets: PRESETS, guides: GUIDES },
  gallery: {
    heading: 'TCP over Iridium: transfers across the seam and handovers (paper 004)',
    Pictogram: TcpPictogram,
  },
};
