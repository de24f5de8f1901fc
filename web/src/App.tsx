import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createWorkerClient, type EngineClient } from './engine/client';
import { describeError, type EngineError } from './engine/errors';
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
import { ParameterPanel } from './panels/ParameterPanel';
import { SummaryPanel, type Summary } from './panels/SummaryPanel';
import { PairPanel } from './panels/PairPanel';
import { EventLog } from './panels/EventLog';
import { VoipPanel } from './panels/VoipPanel';
import { DiffservPanel } from './panels/DiffservPanel';
import { SweepPanel } from './panels/SweepPanel';
import { SPEEDS } from './panels/Playback';
import { ShareDialog } from './panels/ShareDialog';
import { HelpDialog } from './panels/HelpDialog';
import { Gallery } from './panels/Gallery';
import { Tour } from './panels/Tour';
import { guideFor } from './scenario/guides';
import { decodeLink, elideDefaults, encodeLink, type ViewState } from './scenario/link';
import { download, resultsCsv, slug } from './export/download';
import { PALETTE } from './charts/palette';
import { chartGroups } from './charts/chartGroups';
import { EVENT_KINDS } from './panels/eventKinds';

/** Events kept in the log and markers kept on the delay chart. */
const MAX_LOG = 200;
const MAX_MARKERS = 3000;
/** Shortest time between two globe redraws from streamed geometry [ms]. */
const GLOBE_MS = 100;

/** JSON with object keys sorted, to compare scenarios whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

const GlobeView = lazy(() => import('./globe/GlobeView'));

const palette = PALETTE;

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
  const [params, setParams] = useState(false);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [sweeping, setSweeping] = useState(false);
  const [log, setLog] = useState<TopoEvent[]>([]);
  const [linkChanges, setLinkChanges] = useState(0);
  const [pickTarget, setPickTarget] = useState<'from' | 'to' | null>(null);
  const [showOrbits, setShowOrbits] = useState(true);
  const [showDownLinks, setShowDownLinks] = useState(true);
  const [closeUps, setCloseUps] = useState<Record<string, boolean>>({});
  const [theme, setTheme] = useState<'dark' | 'light'>('dark');
  const [dialog, setDialog] = useState<'share' | 'help' | 'gallery' | null>(null);
  const [tour, setTour] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [link, setLink] = useState(() => window.location.href);
  const [busy, setBusy] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [engineStatus, setEngineStatus] = useState('starting the engine…');
  const [engineState, setEngineState] = useState<'starting' | 'ready' | 'stopped'>('starting');
  const exportAbort = useRef<AbortController | null>(null);
  // The URL: defaults to elide, the last scenario the engine accepted (kept across a crash),
  // and whether the next scenario change adds a history entry.
  const defaults = useRef<Record<string, unknown> | null>(null);
  const lastGood = useRef<string | null>(null);
  const historyMode = useRef<'replace' | 'push'>('replace');
  const lastPush = useRef(0);
  const fallbackOnError = useRef(false);
  const viewRef = useRef<ViewState>({});
  const presetKeys = useRef<{ defaults: unknown; keys: [string, string][] } | null>(null);
  // Cesium and large arrays stay out of React state (STYLE.md): the controller and refs.
  const globe = useRef<GlobeController | null>(null);
  const latest = useRef<{ info: LoadedInfo | null; geometry: Geometry | null }>({ info: null, geometry: null });
  const markers = useRef<ChartMarker[]>([]);
  const lastGlobeDraw = useRef(0);
  // The globe camera of the view: from a link, or where the user last moved it.
  const camera = useRef<[number, number, number] | null>(null);
  const userMovedCamera = useRef(false);

  const showInGlobe = useCallback((c: GlobeController | null) => {
    const { info, geometry } = latest.current;
    if (!c) return;
    const epoch = info ? (JSON.parse(info.scenarioJson) as { constellation?: { epoch_utc?: string } }).constellation?.epoch_utc : undefined;
    c.setConstellation(info?.constellation ?? null, info?.constellation ? epoch : undefined);
    if (camera.current) c.setCamera(camera.current);
    if (geometry && info?.constellation) c.updateGeometry(geometry);
  }, []);

  const onGlobeReady = useCallback(
    (c: GlobeController | null) => {
      globe.current = c;
      showInGlobe(c);
      // A camera moved by the user goes into the link (programmatic moves do not).
      c?.onCameraMoved((cam) => {
        if (!userMovedCamera.current) return;
        userMovedCamera.current = false;
        camera.current = cam;
        viewRef.current = { ...viewRef.current, camera: cam };
        void writeUrl.current();
      });
    },
    [showInGlobe],
  );

  useEffect(() => {
    const c = createWorkerClient();
    client.current = c;
    const off = c.subscribe((msg: FromWorker) => {
      switch (msg.type) {
        case 'run/loaded':
          lastGood.current = msg.info.scenarioJson;
          fallbackOnError.current = false;
          setEngineStatus('');
          void writeUrl.current();
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
          // A scenario from a link that the engine refuses: fall back to the default preset.
          if (fallbackOnError.current && !msg.error.fatal) {
            fallbackOnError.current = false;
            setLinkProblem(`link: the engine refused its scenario: ${describeError(msg.error).join('; ')}`);
            setPresetId(DEFAULT_PRESET_ID);
            const p = findPreset(DEFAULT_PRESET_ID);
            if (p) loadRef.current(p.json, true);
          }
          break;
        case 'engine/progress': {
          const kB = (b: number) => Math.round(b / 1024);
          setEngineStatus(msg.stage === 'compiling' ? 'starting the engine: compiling…' : `starting the engine: downloading ${kB(msg.loaded)}${msg.total ? ` of ${kB(msg.total)}` : ''} kB…`);
          break;
        }
        case 'run/ready':
          setEngineState('ready');
          defaults.current = JSON.parse(msg.defaultsJson) as Record<string, unknown>;
          setEngineStatus((s) => (s ? 'loading the scenario…' : s));
          break;
      }
    });
    void openLink(window.location.hash, false);
    const onPop = () => {
      historyMode.current = 'replace';
      void openLink(window.location.hash, true);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      off();
      c.dispose();
    };
  }, [showInGlobe]);

  const load = useCallback((text: string, autoplay: boolean, speedFromLink?: Speed) => {
    const parsed = parseScenarioText(text);
    if (!parsed.ok) {
      setError(parsed.error);
      if (fallbackOnError.current) {
        fallbackOnError.current = false;
        setLinkProblem(`link: its scenario cannot be read: ${describeError(parsed.error).join('; ')}`);
        const p = findPreset(DEFAULT_PRESET_ID);
        if (p) loadRef.current(p.json, true);
      }
      return;
    }
    client.current?.load(text);
    // A constellation turns slowly at 1x: start it at 100x (the speed menu changes it).
    const model = (JSON.parse(text) as { model?: string }).model;
    client.current?.setSpeed(speedFromLink ?? (model === 'constellation' ? 100 : model === 'voip-leo' ? 'max' : model === 'diffserv' ? 10 : 1));
    if (autoplay) client.current?.play();
  }, []);
  const loadRef = useRef(load);
  loadRef.current = load;

  /** A user action loads a scenario: it becomes a new history entry. */
  const loadByUser = useCallback(
    (text: string) => {
      historyMode.current = 'push';
      camera.current = null; // a new scenario frames its own sites
      load(text, true);
    },
    [load],
  );

  // ---- the URL ----

  /** Writes the running scenario and the view into the URL (a new entry when asked to push). */
  const writeUrl = useRef(async () => {});
  writeUrl.current = async () => {
    const inf = latest.current.info;
    if (!inf || !defaults.current) return;
    const d = defaults.current as never;
    const elided = elideDefaults(JSON.parse(inf.scenarioJson), d);
    const key = canonical(elided);
    // The presets' keys, once per engine (they depend only on its defaults).
    if (presetKeys.current?.defaults !== d) presetKeys.current = { defaults: d, keys: presets.map((p) => [p.id, canonical(elideDefaults(JSON.parse(p.json), d))]) };
    const preset = presetKeys.current.keys.find(([, k]) => k === key)?.[0];
    setPresetId(preset ?? '');
    const hash = await encodeLink({ preset, scenario: preset ? undefined : JSON.stringify(elided), view: viewRef.current });
    const part = (h: string) => h.split('&v=')[0];
    const scenarioChanged = part(hash) !== part(window.location.hash);
    if (hash !== window.location.hash) {
      const now = performance.now();
      // A new scenario opened by the user is a new history entry; the view, and scenarios
      // opened within a second of the last entry, replace the current one (no flooding).
      if (scenarioChanged && historyMode.current === 'push' && now - lastPush.current > 1000) {
        window.history.pushState(null, '', hash);
        lastPush.current = now;
      } else window.history.replaceState(null, '', hash);
    }
    if (scenarioChanged) historyMode.current = 'replace';
    setLink(window.location.href);
  };

  /** Opens a link's scenario and view; a bad link is reported and the default preset opens. */
  const openLink = async (hash: string, fromHistory: boolean) => {
    const r = await decodeLink(hash);
    let text: string | null = null;
    let view: ViewState = {};
    if (!r.ok) setLinkProblem(r.message);
    else {
      view = r.state.view;
      if (r.state.preset) {
        const p = findPreset(r.state.preset);
        if (p) text = p.json;
        else setLinkProblem(`link: there is no preset \`${r.state.preset}\` (see the gallery for the presets)`);
      } else if (r.state.scenario) {
        text = r.state.scenario;
        fallbackOnError.current = true;
      }
      if (text || !fromHistory) setLinkProblem((m) => (text ? null : m));
    }
    viewRef.current = view;
    camera.current = view.camera ?? null; // applied with the scenario (showInGlobe)
    setHidden(new Set(view.hidden ?? []));
    setCloseUps(Object.fromEntries((view.closeUps ?? []).map((k) => [k, true])));
    if (view.theme) setTheme(view.theme);
    loadRef.current(text ?? (findPreset(DEFAULT_PRESET_ID) ?? presets[0]).json, true, view.speed);
  };

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

  const charts = useMemo(() => (info ? chartGroups(info.series) : []), [info]);
  const bucketS = useMemo(() => (info ? ((JSON.parse(info.scenarioJson) as { metrics?: { bucket_s?: number } }).metrics?.bucket_s ?? 1) : 1), [info]);
  const CLOSE_UP_S = 5;

  // The view lives in the URL too (replacing the entry: it is not a new scenario).
  useEffect(() => {
    const v: ViewState = {};
    const z = Object.keys(closeUps).filter((k) => closeUps[k]);
    if (z.length) v.closeUps = z;
    if (theme !== 'dark') v.theme = theme;
    if (hidden.size) v.hidden = [...hidden];
    if (camera.current) v.camera = camera.current;
    if (speed !== 'max' || info?.model !== 'voip-leo') v.speed = speed;
    viewRef.current = v;
    void writeUrl.current();
  }, [closeUps, theme, speed, info, hidden]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (!toast) return;
    const t = window.setTimeout(() => setToast(null), 2500);
    return () => window.clearTimeout(t);
  }, [toast]);

  // Keyboard shortcuts (HelpDialog lists them); ignored while typing in a field.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (e.ctrlKey || e.metaKey || e.altKey || (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)))) return;
    const c = client.current;
    const i = SPEEDS.findIndex((x) => x.value === speed);
    switch (e.key) {
      case ' ':
        if (t?.tagName === 'BUTTON') return; // Space activates the focused button instead
        e.preventDefault();
        if (playing) c?.pause();
        else c?.play();
        break;
      case 'ArrowRight':
        e.preventDefault();
        c?.step(1e9);
        break;
      case 'ArrowUp':
        e.preventDefault();
        c?.setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, i + 1)].value);
        break;
      case 'ArrowDown':
        e.preventDefault();
        c?.setSpeed(SPEEDS[Math.max(0, i < 0 ? 1 : i - 1)].value);
        break;
      case 'r':
        c?.reset();
        break;
      case 't':
        setTheme((x) => (x === 'dark' ? 'light' : 'dark'));
        break;
      case 'p':
        setParams((x) => !x);
        break;
      case 'g':
        setDialog('gallery');
        break;
      case 's':
        setDialog('share');
        break;
      case '?':
        setDialog('help');
        break;
      case 'Escape':
        setDialog(null);
        setTour(null);
        break;
    }
  };
  useEffect(() => {
    const h = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  const exportResults = async (format: 'json' | 'csv') => {
    setBusy(`preparing the results (${format.toUpperCase()})…`);
    const abort = new AbortController();
    exportAbort.current = abort;
    try {
      const json = await client.current?.results(abort.signal);
      if (abort.signal.aborted) return setToast('export cancelled');
      if (!json) return setToast('nothing to export: no run is loaded');
      const name = slug(info?.name ?? 'results');
      if (format === 'json') download(`${name}-results.json`, json, 'application/json');
      else download(`${name}-series.csv`, resultsCsv(json), 'text/csv');
    } finally {
      exportAbort.current = null;
      setBusy(null);
    }
  };

  /** Stops the engine while it starts (a slow network); "Start the engine" tries again. */
  const cancelStart = () => {
    client.current?.stop();
    setEngineState('stopped');
    setEngineStatus('engine start cancelled');
  };

  const importScenario = async (file: File) => {
    if (file.size > 5_000_000) return setError({ kind: 'invalid', message: `${file.name}: ${file.size} bytes, above the maximum 5000000`, fatal: false, errors: [] });
    const text = await file.text();
    setDialog(null);
    loadByUser(text);
  };

  const restartEngine = () => {
    const c = client.current;
    if (!c) return;
    setError(null);
    setEngineStatus(engineState === 'stopped' ? 'starting the engine…' : 'restarting the engine…');
    setEngineState('starting');
    c.restart();
    // A start-up cancelled before any scenario ran opens the link (or the default) now.
    if (!lastGood.current) return void openLink(window.location.hash, false);
    load(lastGood.current, true);
  };

  const validateDraft = useCallback(async (json: string) => (client.current ? client.current.validate(json) : null), []);

  const guide = presetId ? guideFor(presetId) : null;
  // Test hook for the e2e of the crash report and restart.
  useEffect(() => {
    (window as unknown as { skyqueueTest?: unknown }).skyqueueTest = { crashEngine: () => client.current?.crashForTest() };
  }, []);

  const view = buffer.current?.view();
  const endS = (info?.endNs ?? 0) / 1e9;
  const xDomain = useMemo<[number, number]>(() => [0, Math.max(endS, 1e-9)], [endS]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>SkyQueue</h1>
        <span className="scenario-name" data-testid="scenario-name">
          {engineStatus && !info ? engineStatus : (info?.name ?? engineStatus)}
        </span>
        {engineState === 'starting' && !info && (
          <button onClick={cancelStart} title="Stop starting the engine">
            Cancel
          </button>
        )}
        {engineState === 'stopped' && (
          <button className="primary" onClick={restartEngine}>
            Start the engine
          </button>
        )}
        <label className="preset" data-tour="preset">
          Preset
          <select
            aria-label="Preset"
            value={presetId}
            onChange={(e) => {
              const p = findPreset(e.target.value);
              if (p) {
                setPresetId(p.id);
                loadByUser(p.json);
              }
            }}
          >
            {presetId === '' && <option value="">— your own scenario —</option>}
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <div className="header-tools">
          <button onClick={() => setDialog('gallery')} title="Every preset with its explanation and a guided tour (G)">
            Gallery
          </button>
          {guide && (
            <button onClick={() => setTour(presetId)} title="A guided tour of this preset">
              Tour
            </button>
          )}
          <button onClick={() => setParams((x) => !x)} aria-pressed={params} data-tour="params" title="Every parameter with its unit, range and meaning (P)">
            Parameters
          </button>
          <button onClick={() => setEditing((e) => !e)} aria-pressed={editing} data-tour="edit" title="The scenario as JSON">
            Edit scenario
          </button>
          <button
            data-tour="sweep"
            onClick={() => {
              // Sweeps use every core: pause the live run first.
              if (!sweeping) client.current?.pause();
              setSweeping((s) => !s);
            }}
            aria-pressed={sweeping}
          >
            Sweep &amp; compare
          </button>
          <button onClick={() => setDialog('share')} title="Link, CLI command, exports and import (S)">
            Share &amp; export
          </button>
          <button onClick={() => setTheme((t) => (t === 'dark' ? 'light' : 'dark'))} aria-label="Switch theme" title="Light or dark theme (T)">
            {theme === 'dark' ? 'Light theme' : 'Dark theme'}
          </button>
          <button onClick={() => setDialog('help')} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">
            ?
          </button>
        </div>
      </header>
      {linkProblem && (
        <div className="error-banner" role="alert" data-testid="link-error">
          <div className="error-text">
            <strong>This link cannot be opened as it is.</strong> The default preset is loaded instead.
            <ul>
              <li>
                <code>{linkProblem}</code>
              </li>
            </ul>
          </div>
          <button className="dismiss" onClick={() => setLinkProblem(null)} aria-label="Dismiss link error">
            ×
          </button>
        </div>
      )}
      <ErrorBanner error={error} onDismiss={() => setError(null)} onRestart={client.current?.restartable ? restartEngine : undefined} />
      {sweeping && info && <SweepPanel key={info.model} scenarioJson={info.scenarioJson} onClose={() => setSweeping(false)} />}
      <main className="app-main" hidden={sweeping}>
        <section className="left">
          <div
            data-tour="globe"
            className="globe-wrap"
            onPointerDown={() => (userMovedCamera.current = true)}
            onWheel={() => (userMovedCamera.current = true)}
          >
            <Suspense fallback={<div className="globe globe-loading">loading the globe…</div>}>
              <GlobeView onReady={onGlobeReady} />
            </Suspense>
          </div>
          <div className="info" data-tour="summary">
            {editing ? (
              <ScenarioEditor initial={info?.scenarioJson ?? ''} onRun={(t) => loadByUser(t)} onClose={() => setEditing(false)} />
            ) : (
              <>
                <p className="description" data-tour="description">
                  {info?.description}
                </p>
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
        <section className="charts" aria-label="Charts" data-tour="charts">
          {view &&
            charts
              .filter((c) => !hidden.has(c.key))
              .map((c) => {
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
        {params && info && (
          <ParameterPanel
            scenarioJson={info.scenarioJson}
            validate={validateDraft}
            onApply={(t) => loadByUser(t)}
            onClose={() => setParams(false)}
            charts={charts.map((c) => ({ key: c.key, title: c.title }))}
            hidden={hidden}
            onToggleChart={(k) =>
              setHidden((h) => {
                const n = new Set(h);
                if (n.has(k)) n.delete(k);
                else n.add(k);
                return n;
              })
            }
          />
        )}
      </main>
      <footer className="app-footer" data-tour="playback">
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
      {dialog === 'share' && info && (
        <ShareDialog
          link={link}
          scenarioJson={info.scenarioJson}
          busy={busy}
          onCancel={() => exportAbort.current?.abort()}
          onResults={(f) => void exportResults(f)}
          onScenario={() => download(`${slug(info.name)}.json`, info.scenarioJson, 'application/json')}
          onImport={(f) => void importScenario(f)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'help' && <HelpDialog onClose={() => setDialog(null)} />}
      {dialog === 'gallery' && (
        <Gallery
          current={presetId || null}
          onClose={() => setDialog(null)}
          onOpen={(id, withTour) => {
            const p = findPreset(id);
            setDialog(null);
            if (!p) return;
            setPresetId(id);
            loadByUser(p.json);
            setTour(withTour ? id : null);
          }}
        />
      )}
      {tour && guideFor(tour) && <Tour key={tour} title={findPreset(tour)?.name ?? tour} steps={guideFor(tour)!.tour} onEnd={() => setTour(null)} />}
      {toast && (
        <div className="toast" role="status">
          {toast}
        </div>
      )}
    </div>
  );
}
