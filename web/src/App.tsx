import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as d3 from 'd3';
import { createWorkerClient, type EngineClient } from './engine/client';
import type { EngineError } from './engine/errors';
import { unpackSeries } from './engine/packed';
import type { FromWorker, LoadedInfo, Speed } from './engine/protocol';
import { SeriesBuffer } from './charts/seriesBuffer';
import { TimeSeriesChart } from './charts/TimeSeriesChart';
import type { ChartData } from './charts/renderTimeSeries';
import { DEFAULT_PRESET_ID, findPreset, presets } from './scenario/presets';
import { parseScenarioText } from './scenario/parse';
import { ErrorBanner } from './panels/ErrorBanner';
import { Playback } from './panels/Playback';
import { ScenarioEditor } from './panels/ScenarioEditor';
import { SummaryPanel, type Summary } from './panels/SummaryPanel';

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

  useEffect(() => {
    const c = createWorkerClient();
    client.current = c;
    const off = c.subscribe((msg: FromWorker) => {
      switch (msg.type) {
        case 'run/loaded':
          buffer.current = new SeriesBuffer(msg.info.series.length);
          setInfo(msg.info);
          setError(null);
          setFinished(false);
          setVersion((v) => v + 1);
          break;
        case 'run/frame':
          buffer.current?.append(unpackSeries(msg.packed));
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
  }, []);

  const load = useCallback((text: string, autoplay: boolean) => {
    const parsed = parseScenarioText(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    client.current?.load(text);
    if (autoplay) client.current?.play();
  }, []);

  const charts = useMemo(() => {
    if (!info) return [];
    const units = [...new Set(info.series.map((s) => s.unit))];
    return units.map((unit) => {
      const members = info.series.map((s, k) => ({ s, k })).filter(({ s }) => s.unit === unit);
      return { unit, title: members.map(({ s }) => s.label).join(' & '), members };
    });
  }, [info]);

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
      </header>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      <main className="app-main">
        <section className="left">
          <Suspense fallback={<div className="globe globe-loading">loading the globe…</div>}>
            <GlobeView simTimeS={nowNs / 1e9} />
          </Suspense>
          <div className="info">
            {editing ? (
              <ScenarioEditor initial={info?.scenarioJson ?? ''} onRun={(t) => load(t, true)} onClose={() => setEditing(false)} />
            ) : (
              <>
                <p className="description">{info?.description}</p>
                <SummaryPanel summary={summary} />
              </>
            )}
          </div>
        </section>
        <section className="charts" aria-label="Charts">
          {view &&
            charts.map((c) => {
              const data: ChartData = {
                t: view.t,
                series: c.members.map(({ s, k }) => ({ id: s.id, label: s.label, color: palette[k % palette.length], values: view.columns[k] })),
              };
              return <TimeSeriesChart key={`${info?.scenarioJson.length}-${c.unit}`} title={c.title} unit={c.unit} data={data} xDomain={xDomain} version={version} />;
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
