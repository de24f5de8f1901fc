import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as d3 from 'd3';
import { createWorkerClient, type EngineClient } from './engine/client';
import type { EngineError } from './engine/errors';
import { unpackSeries } from './engine/packed';
import { unpackGeometry, type Geometry } from './engine/geometry';
import type { FromWorker, LoadedInfo, Speed, TopoEvent } from './engine/protocol';
import type { GlobeController } from './globe/GlobeController';
import { SeriesBuffer } from './charts/seriesBuffer';
import { TimeSeriesChart } from './charts/TimeSeriesChart';
import type { ChartData, ChartMarker } from './charts/renderTimeSeries';
import { DEFAULT_PRESET_ID, findPreset, presets } from './scenario/presets';
import { parseScenarioText } from './scenario/parse';
import { ErrorBanner } from './panels/ErrorBanner';
import { Playback } from './panels/Playback';
import { ScenarioEditor } from './panels/ScenarioEditor';
import { SummaryPanel, type Summary } from './panels/SummaryPanel';
import { PairPanel } from './panels/PairPanel';
import { EventLog } from './panels/EventLog';
import { VoipPanel } from './panels/VoipPanel';
import { DiffservPanel } from './panels/DiffservPanel';
import { SweepPanel } from './panels/SweepPanel';
import { EVENT_KINDS } from './panels/eventKinds';

/** Events kept in the log and markers kept on the delay chart. */
const MAX_LOG = 200;
const MAX_MARKERS = 3000;
/** Shortest time between two globe redraws from streamed geometry [ms]. */
const GLOBE_MS = 100;

const GlobeView = lazy(() => import('./globe/GlobeView'));

const palette = d3.schemeTableau10;

/** Layout and wiring only: state lives in the engine (worker), the buffer and the controllers. */
export function App() {
  const client = useRef<EngineClient | null>(null);
  const buffer = useRef<SeriesBuffer | null>(null);
  const [info, setInfo] = useState<LoadedInfo | null>(null);
  const [version, setVersion] = useState(0);
  const [nowNs, setNowNs] = useState(0);
  const [events, setEvents] = useState(0);
  const [finished, setFinished] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<EngineError | null>(null);
  const [presetId, setPresetId] = useState(DEFAULT_PRESET_ID);
  const [editing, setEditing] = useState(false);
  const [sweeping, setSweeping] = useState(false);
  const [log, setLog] = useState<TopoEvent[]>([]);
  const [linkChanges, setLinkChanges] = useState(0);
  const [pickTarget, setPickTarget] = useState<'from' | 'to' | null>(null);
  const [showOrbits, setShowOrbits] = useState(true);
  const [showDownLinks, setShowDownLinks] = useState(true);
  // Cesium and large arrays stay out of React state (STYLE.md): the controller and refs.
  const globe = useRef<GlobeController | null>(null);
  const latest = useRef<{ info: LoadedInfo | null; geometry: Geometry | null }>({ info: null, geometry: null });
  const markers = useRef<ChartMarker[]>([]);
  const lastGlobeDraw = useRef(0);

  const showInGlobe = useCallback((c: GlobeController | null) => {
    const { info, geometry } = latest.current;
    if (!c) return;
    const epoch = info ? (JSON.parse(info.scenarioJson) as { constellation?: { epoch_utc?: string } }).constellation?.epoch_utc : undefined;
    c.setConstellation(info?.constellation ?? null, info?.constellation ? epoch : undefined);
    if (geometry && info?.constellation) c.updateGeometry(geometry);
  }, []);

  const onGlobeReady = useCallback(
    (c: GlobeController | null) => {
      globe.current = c;
      showInGlobe(c);
    },
    [showInGlobe],
  );

  useEffect(() => {
    const c = createWorkerClient();
    client.current = c;
    const off = c.subscribe((msg: FromWorker) => {
      switch (msg.type) {
        case 'run/loaded':
          buffer.current = new SeriesBuffer(msg.info.series.length);
          latest.current = { info: msg.info, geometry: null };
          markers.current = [];
          setLog([]);
          setLinkChanges(0);
          showInGlobe(globe.current);
          setInfo(msg.info);
          setError(null);
          setFinished(false);
          setVersion((v) => v + 1);
          break;
        case 'run/frame':
          buffer.current?.append(unpackSeries(msg.packed));
          if (msg.geometry) {
            const g = unpackGeometry(msg.geometry);
            latest.current.geometry = g;
            // The globe redraws at most every GLOBE_MS (software WebGL makes each draw costly);
            // the latest geometry is drawn at the next chance.
            const now = performance.now();
            if (now - lastGlobeDraw.current >= GLOBE_MS || msg.finished) {
              lastGlobeDraw.current = now;
              globe.current?.updateGeometry(g);
            }
          }
          if (msg.topoEvents.length) {
            globe.current?.handovers(msg.topoEvents);
            const shown = msg.topoEvents.filter((e) => EVENT_KINDS[e.kind].handover);
            const links = msg.topoEvents.length - shown.length - msg.topoEvents.filter((e) => e.kind.startsWith('access')).length;
            if (links) setLinkChanges((n) => n + links);
            if (shown.length) {
              setLog((l) => [...shown.reverse(), ...l].slice(0, MAX_LOG));
              const m = markers.current;
              for (const e of shown) {
                if (e.kind === 'seam-leave') continue;
                const k = EVENT_KINDS[e.kind];
                m.push({ t: e.t_s, kind: e.kind, label: k.label, color: k.color });
              }
              if (m.length > MAX_MARKERS) m.splice(0, m.length - MAX_MARKERS);
            }
          }
          setNowNs(msg.nowNs);
          setEvents(msg.events);
          setFinished(msg.finished);
          setSummary(msg.summary as Summary);
          setVersion((v) => v + 1);
          break;
        case 'run/state':
          setPlaying(msg.playing);
          setSpeed(msg.speed);
          break;
        case 'run/error':
          setError(msg.error);
          break;
        case 'run/ready':
          break;
      }
    });
    const preset = findPreset(DEFAULT_PRESET_ID) ?? presets[0];
    if (preset) {
      c.load(preset.json);
      c.play();
    }
    return () => {
      off();
      c.dispose();
    };
  }, [showInGlobe]);

  const load = useCallback((text: string, autoplay: boolean) => {
    const parsed = parseScenarioText(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    client.current?.load(text);
    // A constellation turns slowly at 1x: start it at 100x (the speed menu changes it).
    const model = (JSON.parse(text) as { model?: string }).model;
    client.current?.setSpeed(model === 'constellation' ? 100 : model === 'voip-leo' ? 'max' : model === 'diffserv' ? 10 : 1);
    if (autoplay) client.current?.play();
  }, []);

  /** Reloads the running scenario with one ground site changed. */
  const setSite = useCallback(
    (end: 'from' | 'to', value: string) => {
      if (!info) return;
      const s = JSON.parse(info.scenarioJson) as { constellation: Record<string, unknown> };
      s.constellation[end] = value;
      load(JSON.stringify(s, null, 2), true);
    },
    [info, load],
  );

  useEffect(() => {
    const c = globe.current;
    if (!c) return;
    c.onPickSite = pickTarget
      ? (lat, lon) => {
          setPickTarget(null);
          setSite(pickTarget, `${lat.toFixed(2)},${lon.toFixed(2)}`);
        }
      : null;
  }, [pickTarget, setSite]);

  useEffect(() => {
    globe.current?.setLayerOptions({ showOrbits, showDownLinks });
  }, [showOrbits, showDownLinks]);

  // One chart per `chart` group (else per unit); band series shade their group's chart.
  const charts = useMemo(() => {
    if (!info) return [];
    const group = (s: LoadedInfo['series'][number]) => s.chart || s.unit;
    const keys = [...new Set(info.series.map(group))];
    return keys.map((key) => {
      const all = info.series.map((s, k) => ({ s, k })).filter(({ s }) => group(s) === key);
      const members = all.filter(({ s }) => !s.band);
      const bands = all.filter(({ s }) => s.band);
      const unit = members[0]?.s.unit ?? '';
      return { key, unit, title: members.map(({ s }) => s.label).join(' & '), members, bands };
    });
  }, [info]);
  const [closeUps, setCloseUps] = useState<Record<string, boolean>>({});
  const bucketS = useMemo(() => (info ? ((JSON.parse(info.scenarioJson) as { metrics?: { bucket_s?: number } }).metrics?.bucket_s ?? 1) : 1), [info]);
  const CLOSE_UP_S = 5;

  const view = buffer.current?.view();
  const endS = (info?.endNs ?? 0) / 1e9;
  const xDomain = useMemo<[number, number]>(() => [0, Math.max(endS, 1e-9)], [endS]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>SkyQueue</h1>
        <span className="scenario-name" data-testid="scenario-name">
          {info?.name ?? 'loading the engine…'}
        </span>
        <label className="preset">
          Preset
          <select
            aria-label="Preset"
            value={presetId}
            onChange={(e) => {
              setPresetId(e.target.value);
              const p = findPreset(e.target.value);
              if (p) load(p.json, true);
            }}
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button onClick={() => setEditing((e) => !e)} aria-pressed={editing}>
          Edit scenario
        </button>
        <button
          onClick={() => {
            // Sweeps use every core: pause the live run first.
            if (!sweeping) client.current?.pause();
            setSweeping((s) => !s);
          }}
          aria-pressed={sweeping}
        >
          Sweep &amp; compare
        </button>
      </header>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {sweeping && info && <SweepPanel scenarioJson={info.scenarioJson} onClose={() => setSweeping(false)} />}
      <main className="app-main" hidden={sweeping}>
        <section className="left">
          <Suspense fallback={<div className="globe globe-loading">loading the globe…</div>}>
            <GlobeView onReady={onGlobeReady} />
          </Suspense>
          <div className="info">
            {editing ? (
              <ScenarioEditor initial={info?.scenarioJson ?? ''} onRun={(t) => load(t, true)} onClose={() => setEditing(false)} />
            ) : (
              <>
                <p className="description">{info?.description}</p>
                {info?.constellation && info.model === 'constellation' ? (
                  <>
                    <PairPanel
                      info={info.constellation}
                      summary={(summary as unknown as { pair?: Parameters<typeof PairPanel>[0]['summary'] })?.pair ?? null}
                      pickTarget={pickTarget}
                      showOrbits={showOrbits}
                      showDownLinks={showDownLinks}
                      onSite={setSite}
                      onPickTarget={setPickTarget}
                      onShowOrbits={setShowOrbits}
                      onShowDownLinks={setShowDownLinks}
                    />
                    <EventLog events={log} info={info.constellation} linkChanges={linkChanges} />
                  </>
                ) : summary?.voip ? (
                  <VoipPanel v={summary.voip} />
                ) : summary?.diffserv ? (
                  <DiffservPanel s={summary.diffserv} />
                ) : (
                  <SummaryPanel summary={summary} />
                )}
              </>
            )}
          </div>
        </section>
        <section className="charts" aria-label="Charts">
          {view &&
            charts.map((c) => {
              const zoomed = !!closeUps[c.key];
              const rows = zoomed ? buffer.current!.recent(CLOSE_UP_S) : view;
              const color = (k: number) => palette[k % palette.length];
              const data: ChartData = {
                t: rows.t,
                series: c.members.map(({ s, k }) => ({ id: s.id, label: s.label, color: color(k), values: rows.columns[k] })),
                bands: c.bands.map(({ s, k }) => ({ id: s.id, label: s.label, color: color(k), values: rows.columns[k] })),
              };
              const last = rows.t.length ? rows.t[rows.t.length - 1] : 0;
              const withMarkers = info?.model === 'constellation' && c.unit === 'ms' ? markers.current : undefined;
              // A close-up is offered where the samples are finer than a tenth of a second.
              const fine = bucketS <= 0.1;
              return (
                <TimeSeriesChart
                  height={charts.length > 4 ? 150 : 190}
                  key={`${info?.scenarioJson.length}-${c.key}`}
                  title={c.title}
                  unit={c.unit}
                  data={data}
                  xDomain={zoomed ? [Math.max(0, last - CLOSE_UP_S), Math.max(last, 1e-9)] : xDomain}
                  version={version}
                  markers={withMarkers}
                  closeUp={fine ? { on: zoomed, seconds: CLOSE_UP_S, onToggle: () => setCloseUps((z) => ({ ...z, [c.key]: !z[c.key] })) } : undefined}
                />
              );
            })}
        </section>
      </main>
      <footer className="app-footer">
        <Playback
          playing={playing}
          finished={finished}
          loaded={!!info}
          speed={speed}
          nowNs={nowNs}
          endNs={info?.endNs ?? 0}
          events={events}
          onPlay={() => client.current?.play()}
          onPause={() => client.current?.pause()}
          onStep={() => client.current?.step(1e9)}
          onReset={() => client.current?.reset()}
          onSpeed={(s) => client.current?.setSpeed(s)}
        />
      </footer>
    </div>
  );
}
