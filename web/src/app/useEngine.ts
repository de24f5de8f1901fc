import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChartMarker } from '../charts/renderTimeSeries';
import { SeriesBuffer } from '../charts/seriesBuffer';
import { createWorkerClient, type EngineClient } from '../engine/client';
import type { EngineError } from '../engine/errors';
import { unpackGeometry, type Geometry } from '../engine/geometry';
import { unpackSeries } from '../engine/packed';
import { TraceStore } from '../engine/traceStore';
import { RunPosition } from './runPosition';
import type { FromWorker, LoadedInfo, Speed, TopoEvent } from '../engine/protocol';
import type { Summary } from '../engine/summary-types';
import { modelOfScenario } from '../models';
import { EVENT_KINDS, eventDetail } from '../panels/eventKinds';
import { parseScenarioText } from '../scenario/parse';

/** Events kept in the log and markers kept on the charts. */
const MAX_LOG = 200;
const MAX_MARKERS = 3000;

/**
 * `list` kept to at most `max` markers over the whole run: past it, every second one goes (the
 * strip stays as long as the run, thinner, instead of losing its first hours).
 */
export function thinMarkers<T>(list: T[], max: number): T[] {
  let out = list;
  while (out.length > max) out = out.filter((_m, i) => i % 2 === 1);
  return out;
}

/** What the rest of the app does with the engine's news; the latest callbacks are called. */
export interface EngineListeners {
  /** The engine loaded a scenario (or reloaded it on reset). */
  onLoaded?: (info: LoadedInfo) => void;
  /** The constellation's state at a frame's time; `final` on the run's last frame. */
  onGeometry?: (geometry: Geometry, final: boolean) => void;
  /** A frame's topology events, every kind. */
  onTopology?: (events: TopoEvent[]) => void;
  /** A scenario was refused: by the parser here, or not fatally by the engine. */
  onRefused?: (error: EngineError, by: 'parser' | 'engine') => void;
}

export type EngineState = 'starting' | 'ready' | 'stopped';

/**
 * The engine in its worker, seen from React: the client, what the worker reports turned into
 * state (the run, its clock and summary, the event log, start-up progress) and refs (the series
 * buffer and chart markers, too large for state), and the commands.
 */
export function useEngine(listeners: EngineListeners) {
  const client = useRef<EngineClient | null>(null);
  const buffer = useRef<SeriesBuffer | null>(null);
  const markers = useRef<ChartMarker[]>([]);
  /** The running scenario, current as soon as it loads (before React renders it). */
  const running = useRef<LoadedInfo | null>(null);
  /** The last scenario the engine accepted, kept across a crash to reload it. */
  const lastGood = useRef<string | null>(null);
  /** The engine's default scenario, every field written out (null until the engine is ready). */
  const defaults = useRef<Record<string, unknown> | null>(null);
  // The latest listeners, for callbacks that outlive a render (set once it commits, before any
  // effect or event handler runs; render itself never reads it).
  const on = useRef(listeners);
  useLayoutEffect(() => {
    on.current = listeners;
  });
  const [info, setInfo] = useState<LoadedInfo | null>(null);
  const [version, setVersion] = useState(0);
  const [nowNs, setNowNs] = useState(0);
  const [events, setEvents] = useState(0);
  const [finished, setFinished] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<EngineError | null>(null);
  const [log, setLog] = useState<TopoEvent[]>([]);
  const [linkChanges, setLinkChanges] = useState(0);
  const [status, setStatus] = useState('starting the engine…');
  const [state, setState] = useState<EngineState>('starting');
  /** The packet-trace records held (a ref: thousands of rows stay out of React state). */
  const trace = useRef(new TraceStore(0));
  const [traceRecorded, setTraceRecorded] = useState(0);
  /** The clock and the trace record *Next event* / *Previous event* went to, as the next
   * command must see them. */
  const pos = useRef(new RunPosition());
  /** That record, once the engine is there and while the clock stays there. */
  const [cursor, setCursor] = useState<number | null>(null);
  const [follow, setFollowState] = useState(false);
  /** The last stretch *follow the action* skipped [s]: from, to. */
  const [skipped, setSkipped] = useState<[number, number] | null>(null);
  /** *Next loss* found none after this simulated second [s] (the run went back there). */
  const [noLossAfter, setNoLossAfter] = useState<number | null>(null);
  /** Where the last *Next loss* started [ns]. */
  const lossFrom = useRef(0);
  /** The model of the scenario last sent to the engine (its layout is known before it loads). */
  const [requested, setRequested] = useState<string | null>(null);

  useEffect(() => {
    const c = createWorkerClient();
    client.current = c;
    const off = c.subscribe((msg: FromWorker) => {
      switch (msg.type) {
        case 'run/loaded':
          // A replay of the same run (a seek back) keeps the records held: record n is the same.
          if (msg.info.scenarioJson !== running.current?.scenarioJson || msg.info.traceLimit !== trace.current.limit) {
            trace.current = new TraceStore(msg.info.traceLimit);
            pos.current.cursor = null;
            setCursor(null);
            setNoLossAfter(null);
            setTraceRecorded(0);
          }
          // What following the action skipped belongs to the run before this (re)start.
          setSkipped(null);
          lastGood.current = msg.info.scenarioJson;
          running.current = msg.info;
          setStatus('');
          buffer.current = new SeriesBuffer(msg.info.series.length);
          markers.current = [];
          setLog([]);
          setLinkChanges(0);
          on.current.onLoaded?.(msg.info);
          setInfo(msg.info);
          setError(null);
          setFinished(false);
          setVersion((v) => v + 1);
          break;
        case 'run/frame':
          buffer.current?.append(unpackSeries(msg.packed));
          if (msg.geometry) on.current.onGeometry?.(unpackGeometry(msg.geometry), msg.finished);
          if (msg.topoEvents.length) {
            on.current.onTopology?.(msg.topoEvents);
            const shown = msg.topoEvents.filter((e) => EVENT_KINDS[e.kind].handover);
            const links =
              msg.topoEvents.length - shown.length - msg.topoEvents.filter((e) => e.kind.startsWith('access')).length;
            if (links) setLinkChanges((n) => n + links);
            if (shown.length) {
              setLog((l) => [...shown.reverse(), ...l].slice(0, MAX_LOG));
              const added: ChartMarker[] = [];
              for (const e of shown) {
                if (e.kind === 'seam-leave') continue;
                const k = EVENT_KINDS[e.kind];
                added.push({
                  t: e.t_s,
                  kind: e.kind,
                  label: k.label,
                  color: k.color,
                  detail: eventDetail(e, running.current?.constellation ?? null),
                });
              }
              // A new array, never changed in place: the charts redraw their event strips when
              // it changes. Past MAX_MARKERS, every second one goes (never the first hours).
              markers.current = thinMarkers([...markers.current, ...added], MAX_MARKERS);
            }
          }
          if (msg.trace.length) trace.current.add(msg.trace);
          setTraceRecorded(msg.traceRecorded);
          if (msg.skippedNs > 0) setSkipped([(msg.nowNs - msg.skippedNs) / 1e9, msg.nowNs / 1e9]);
          // A frame posted before the engine handled the latest move keeps the position that
          // move gives.
          if (pos.current.frame(msg.move, msg.nowNs)) {
            const p = pos.current;
            const c = p.cursor;
            // *Next loss* learns its record from the frame; -1: none before the end.
            if (c && c.atNs === null && c.n < 0 && msg.trouble !== null) {
              p.cursor = msg.trouble >= 0 ? { n: msg.trouble, atNs: msg.nowNs } : null;
              // None before the end: back to where the search started, and say so (the run does
              // not jump to its end).
              if (msg.trouble < 0) {
                setNoLossAfter(lossFrom.current / 1e9);
                const move = client.current?.seek(lossFrom.current);
                if (move) p.moved(move, lossFrom.current);
              }
            }
            // The engine is there once it has made the record and its clock has reached it
            // (records may be made before the clock reaches them: it is there at the record's time).
            else if (c && c.atNs === null && c.n >= 0) {
              const r = trace.current.get(c.n);
              if (r && Math.round(r.t_s * 1e9) <= msg.nowNs) c.atNs = msg.nowNs;
            }
            setCursor(p.cursor && p.cursor.atNs === msg.nowNs ? p.cursor.n : null);
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
          setFollowState(msg.follow);
          break;
        case 'run/error':
          setError(msg.error);
          if (!msg.error.fatal) on.current.onRefused?.(msg.error, 'engine');
          break;
        case 'engine/progress': {
          const kB = (b: number) => Math.round(b / 1024);
          setStatus(
            msg.stage === 'compiling'
              ? 'starting the engine: compiling…'
              : `starting the engine: downloading ${kB(msg.loaded)}${msg.total ? ` of ${kB(msg.total)}` : ''} kB…`,
          );
          break;
        }
        case 'run/ready':
          setState('ready');
          defaults.current = JSON.parse(msg.defaultsJson) as Record<string, unknown>;
          setStatus((s) => (s ? 'loading the scenario…' : s));
          break;
      }
    });
    return () => {
      off();
      c.dispose();
    };
  }, []);

  // Test hook for the e2e of the crash report and restart.
  useEffect(() => {
    (window as unknown as { skyqueueTest?: unknown }).skyqueueTest = {
      crashEngine: () => client.current?.crashForTest(),
    };
  }, []);

  /** Loads a scenario's text at its model's start speed (or the link's) and plays it if asked. */
  const load = useCallback((text: string, autoplay: boolean, speedFromLink?: Speed) => {
    const parsed = parseScenarioText(text);
    if (!parsed.ok) {
      setError(parsed.error);
      on.current.onRefused?.(parsed.error, 'parser');
      return;
    }
    const move = client.current?.load(text);
    if (move) pos.current.moved(move, 0);
    const model = modelOfScenario(text);
    setRequested(model.id);
    client.current?.setSpeed(speedFromLink ?? model.startSpeed?.(text) ?? model.speed);
    if (autoplay) client.current?.play();
  }, []);

  /** Playback commands (no-ops while there is no engine). */
  const controls = useMemo(() => {
    const p = pos.current;
    /** Sends a move to packet-trace record `n` (a trouble search from it with `trouble`). */
    const toRecord = (n: number, trouble = false, resendOf?: number) => {
      const move = client.current?.stepEvent(n, trouble, resendOf);
      if (move) p.moved(move);
    };
    return {
      /** Goes to the next packet-trace record: one packet event per press. */
      nextEvent: () => {
        const n = p.next(trace.current);
        p.cursor = { n, atNs: null };
        toRecord(n);
      },
      /** Goes to the next loss, resend or timeout after the record shown (or the clock). */
      nextLoss: (resendOf?: number) => {
        const from = p.next(trace.current);
        lossFrom.current = p.nowNs;
        p.cursor = { n: -1, atNs: null };
        toRecord(from, true, resendOf);
      },
      /** Goes back to the packet-trace record before the one shown (a replay from zero). */
      prevEvent: () => {
        const before = p.previous(trace.current);
        if (before === null) return;
        p.cursor = { n: before, atNs: null };
        toRecord(before);
      },
      play: () => client.current?.play(),
      pause: () => client.current?.pause(),
      step: () => {
        const move = client.current?.step(1e9);
        if (move) p.moved(move);
      },
      /** Go to simulated second `tS` and pause (a replay when it is in the past). */
      seek: (tS: number) => {
        const tNs = Math.max(0, Math.min(Math.round(tS * 1e9), running.current?.endNs ?? Infinity));
        const move = client.current?.seek(tNs);
        if (move) p.moved(move, tNs);
      },
      reset: () => {
        setNoLossAfter(null);
        setSkipped(null);
        setCursor(null);
        const move = client.current?.reset();
        if (move) p.moved(move, 0);
      },
      setSpeed: (s: Speed) => client.current?.setSpeed(s),
      setFollow: (on: boolean) => client.current?.setFollow(on),
    };
  }, []);

  /** Stops the engine while it starts (a slow network); `restart` tries again. */
  const cancelStart = () => {
    client.current?.stop();
    setState('stopped');
    setStatus('engine start cancelled');
  };

  /** A new engine, reloading the last scenario it accepted; `reopen` when there was none yet. */
  const restart = (reopen: () => void) => {
    const c = client.current;
    if (!c) return;
    setError(null);
    setStatus(state === 'stopped' ? 'starting the engine…' : 'restarting the engine…');
    setState('starting');
    c.restart();
    if (!lastGood.current) return reopen();
    load(lastGood.current, true);
  };

  const validate = useCallback(async (json: string) => (client.current ? client.current.validate(json) : null), []);

  return {
    client,
    buffer,
    markers,
    running,
    defaults,
    info,
    requested,
    version,
    nowNs,
    events,
    finished,
    playing,
    speed,
    summary,
    error,
    setError,
    log,
    linkChanges,
    trace,
    traceRecorded,
    follow,
    skipped,
    noLossAfter,
    cursor,
    status,
    state,
    load,
    controls,
    cancelStart,
    restart,
    validate,
  };
}

export type Engine = ReturnType<typeof useEngine>;
