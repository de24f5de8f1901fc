import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Summary } from '../engine/summary-types';
import { theoryTwin, type ChartGroup } from '../charts/chartGroups';
import { PALETTE } from '../charts/palette';
import type { ChartData, ChartMarker } from '../charts/renderTimeSeries';
import type { SeriesBuffer } from '../charts/seriesBuffer';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { useElementSize } from '../charts/useElementWidth';
import type { LoadedInfo } from '../engine/protocol';
import { modelFor } from '../models';
import type { ChartSeen } from '../models/types';

/** A close-up shows the last this many simulated seconds, every sample [s] (where a sample is
 * 0.1 s or less; a model may name a longer span for coarser samples). */
const CLOSE_UP_S = 5;

interface Props {
  info: LoadedInfo | null;
  charts: ChartGroup[];
  /** The run's rows (a ref's value: large arrays stay out of React state). */
  buffer: SeriesBuffer | null;
  /** Bumped on every frame: the charts redraw. */
  version: number;
  hidden: ReadonlySet<string>;
  closeUps: Record<string, boolean>;
  /** The user's choice of a close-up (true) or the whole run (false) for one chart. */
  onSetCloseUp: (key: string, on: boolean) => void;
  /** Topology events, marked on the charts the model asks for. */
  markers: ChartMarker[];
  /** UTC of simulated time zero [ms] for models on the wall clock. */
  epochMs?: number;
  /** Presenter mode: large text, thick lines, charts sharing the full height. */
  presenter?: boolean;
  /** Goes to a moment of the run (a click on an event). */
  onSeek?: (tS: number) => void;
  /** The engine's summary so far (for the theory lines). */
  summary?: Summary | null;
  /** Drawn above the charts: the packet-by-packet view, for models with a packet trace. */
  wire?: ReactNode;
  /** Presenter mode's one chart at a time: whether it is on, which shown chart (0-based), its
   * toggle, and paging (by -1 or +1, round the ends). Offered in presenter mode only. */
  oneChart?: { on: boolean; page: number; onToggle: () => void; onPage: (by: number) => void };
  /** Lines a lab draws on a chart (the text of its title): the student's prediction (labelled
   * 'your prediction', in a colour of its own) and the engine's number. */
  marks?: { chart: string; label: string; value: number }[];
}

/** A run kept for comparison: its name and each chart's rows, by chart key. */
export interface PinnedRun {
  name: string;
  charts: Record<string, { t: number[]; series: { id: string; label: string; color: string; values: number[] }[] }>;
}

const color = (k: number) => PALETTE[k % PALETTE.length];
/** A lab's prediction and the engine's number: colours apart from the series'. */
const LAB_MARK_COLORS = ['#D55E00', '#7f7f7f'];

/** Summarises the rows of a chart's series. */
export function chartSeen(columns: ArrayLike<number>[], rows: number): ChartSeen {
  let finite = 0;
  let nonZero = 0;
  for (const c of columns)
    for (let i = 0; i < c.length; i++)
      if (Number.isFinite(c[i])) {
        finite++;
        if (c[i] !== 0) nonZero++;
      }
  return { rows, allMissing: rows > 0 && finite === 0, allZero: finite > 0 && nonZero === 0 };
}

/**
 * Height of each chart [px]: the visible charts share the panel's height (at most three at a
 * time fill it, more scroll), never below a legible minimum.
 */
export function chartHeight(panelHeight: number, count: number, presenter: boolean): number {
  const chrome = presenter ? 44 : 34; // title row and its margin
  const min = presenter ? 220 : 150;
  const shown = Math.max(1, Math.min(count, 3));
  return Math.max(min, Math.floor((panelHeight - 12) / shown) - chrome);
}

/** The run's charts, except those the user hid, each over the whole run or as a close-up. */
export function Charts({
  info,
  charts,
  buffer,
  version,
  hidden,
  closeUps,
  onSetCloseUp,
  markers,
  epochMs,
  presenter = false,
  onSeek,
  summary = null,
  wire,
  oneChart,
  marks = [],
}: Props) {
  const [pinned, setPinned] = useState<PinnedRun | null>(null);
  const endS = (info?.endNs ?? 0) / 1e9;
  const xDomain = useMemo<[number, number]>(() => [0, Math.max(endS, 1e-9)], [endS]);
  const bucketS = useMemo(
    () => (info ? ((JSON.parse(info.scenarioJson) as { metrics?: { bucket_s?: number } }).metrics?.bucket_s ?? 1) : 1),
    [info],
  );
  const model = info ? modelFor(info.model) : null;
  const view = buffer?.view();
  const [panel, , panelHeight] = useElementSize<HTMLElement>(480, 600);
  const visible = charts.filter((c) => !hidden.has(c.key));
  // One chart at a time: the page's chart alone, with the whole height.
  const paging = !!oneChart?.on && visible.length > 1;
  const page = paging ? Math.min(oneChart!.page, visible.length - 1) : 0;
  const shown = paging ? [visible[page]] : visible;
  const height = chartHeight(panelHeight, shown.length, presenter);
  // One chart at a time puts the chart first (Inside the wire goes under it) and each page back
  // at the top: the pager never says "chart 3 of 5" over a chart below the fold.
  const pagedTitle = paging ? shown[0]?.title : undefined;
  useEffect(() => {
    if (pagedTitle) document.querySelector('section.charts')?.scrollTo({ top: 0 });
  }, [pagedTitle]);
  /** Copies the current run's rows: they stay drawn, faint, under the charts of later runs. */
  const pin = () => {
    if (!view || !info) return;
    const byKey: PinnedRun['charts'] = {};
    for (const c of charts)
      byKey[c.key] = {
        t: Array.from(view.t),
        series: c.members.map(({ s, k }) => ({
          id: s.id,
          label: s.label,
          color: color(k),
          values: Array.from(view.columns[k]),
        })),
      };
    setPinned({ name: info.name || 'pinned run', charts: byKey });
  };
  return (
    <section className="charts" aria-label="Charts" data-tour="charts" ref={panel}>
      <div className="pin-bar">
        {presenter && oneChart && visible.length > 1 && (
          <div className="chart-pager" role="group" aria-label="One chart at a time">
            <button
              aria-pressed={oneChart.on}
              onClick={oneChart.onToggle}
              title="Show one chart at a time, with the whole height; ← / → or PageUp / PageDown (a presentation clicker) page through"
            >
              One chart
            </button>
            {paging && (
              <>
                <button
                  onClick={() => oneChart.onPage(-1)}
                  aria-label="Previous chart"
                  title="Previous chart (← or PageUp)"
                >
                  ‹
                </button>
                <span data-testid="chart-page" aria-live="polite">
                  chart {page + 1} of {visible.length}
                </span>
                <button onClick={() => oneChart.onPage(1)} aria-label="Next chart" title="Next chart (→ or PageDown)">
                  ›
                </button>
              </>
            )}
          </div>
        )}
        {pinned ? (
          <>
            <span>
              Pinned for comparison: <strong>{pinned.name}</strong> (faint, dashed)
            </span>
            <button onClick={() => setPinned(null)}>Unpin</button>
          </>
        ) : (
          <button
            onClick={pin}
            disabled={!view || !info}
            title="Keep this run's curves, faint and dashed, under the charts of the next runs (e.g. pin M/M/1, then open M/D/1)"
          >
            Pin this run
          </button>
        )}
      </div>
      {!paging && wire}
      {view &&
        shown.map((c) => {
          // A close-up is offered where the samples are finer than a tenth of a second, and where
          // the model names a span for coarser ones.
          const span = bucketS <= 0.1 ? CLOSE_UP_S : (model?.closeUpSeconds?.(c, bucketS) ?? null);
          const offered = span !== null && span > 0;
          const zoomed = offered && (closeUps[c.key] ?? !!model?.closeUpByDefault?.(c));
          const rows = zoomed ? buffer!.recent(span) : view;
          const ghost = pinned?.charts[c.key];
          const data: ChartData = {
            t: rows.t,
            series: c.members.map(({ s, k }) => {
              // A closed form over time: dashed, coloured like the measurement it predicts.
              const twin = theoryTwin(s.id);
              const measured = twin === null ? undefined : c.members.find((m) => m.s.id === twin);
              return {
                id: s.id,
                label: s.label,
                color: color(measured?.k ?? k),
                values: rows.columns[k],
                theory: twin !== null,
              };
            }),
            bands: c.bands.map(({ s, k }) => ({ id: s.id, label: s.label, color: color(k), values: rows.columns[k] })),
            theory: [
              ...(model?.theoryLines?.(c, summary) ?? []).map((l, j) => ({
                ...l,
                color: color(c.members[0]?.k ?? j),
              })),
              ...marks
                .filter((m) => c.title.includes(m.chart))
                .map((m) => ({ ...m, color: LAB_MARK_COLORS[m.label === 'your prediction' ? 0 : 1] })),
            ],
            ghost: ghost ? { name: pinned!.name, t: ghost.t, series: ghost.series } : undefined,
          };
          const last = rows.t.length ? rows.t[rows.t.length - 1] : 0;
          const note =
            info && model?.chartNote
              ? model.chartNote(
                  c,
                  info,
                  chartSeen(
                    c.members.map(({ k }) => view.columns[k]),
                    view.t.length,
                  ),
                  summary,
                )
              : null;
          const hasMarkers = !!model?.markers?.(c);
          return (
            <TimeSeriesChart
              // Charts with an event strip get its rows on top of their share.
              height={height + (hasMarkers ? 36 : 0)}
              note={note}
              key={`${info?.scenarioJson.length}-${c.key}`}
              title={c.title}
              unit={c.unit}
              data={data}
              xDomain={zoomed ? [Math.max(0, last - span), Math.max(last, 1e-9)] : xDomain}
              version={version}
              markers={hasMarkers ? markers : undefined}
              clockEpochMs={epochMs}
              presenter={presenter}
              onSeek={onSeek}
              closeUp={
                offered ? { on: zoomed, seconds: span, onToggle: () => onSetCloseUp(c.key, !zoomed) } : undefined
              }
            />
          );
        })}
      {paging && wire}
    </section>
  );
}
