import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { describeError, type EngineError } from '../engine/errors';
import type { LoadedInfo, Speed } from '../engine/protocol';
import { modelFor } from '../models';
import type { ModelDescriptor } from '../models/types';
import {
  decodeLink,
  elideDefaults,
  encodeLink,
  MAX_LINK_CHARS,
  type DecodeResult,
  type LabLink,
  type SweepRequest,
  type ViewState,
} from '../scenario/link';
import { withoutPresetNotes } from '../scenario/liveText';
import { DEFAULT_PRESET_ID, findPreset, presets, withTodaysNotes } from '../scenario/presets';
import type { Camera } from './useGlobe';
import type { Theme } from './useViewState';

/** JSON with object keys sorted, to compare scenarios whatever their key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

/** Scenarios opened within this long of the last history entry replace it instead [ms]. */
const PUSH_GAP_MS = 1000;

/**
 * The view as a link carries it: only what differs from a fresh screen. The key order is the
 * links' (closeUps, theme, hidden, camera, speed): the same screen gives the same link.
 */
export function linkView(s: {
  closeUps: Record<string, boolean>;
  theme: Theme;
  hidden: ReadonlySet<string>;
  camera: Camera | null;
  speed: Speed;
  model: ModelDescriptor | null;
  presenter?: boolean;
}): ViewState {
  const v: ViewState = {};
  // Chosen close-ups by key, chosen whole runs as `!key` (where the model's default is a close-up).
  const z = Object.keys(s.closeUps).map((k) => (s.closeUps[k] ? k : `!${k}`));
  if (z.length) v.closeUps = z;
  if (s.theme !== 'dark') v.theme = s.theme;
  if (s.hidden.size) v.hidden = [...s.hidden];
  if (s.camera) v.camera = s.camera;
  if (!(s.model?.linkOmitsDefaultSpeed && s.speed === s.model.speed)) v.speed = s.speed;
  if (s.presenter) v.presenter = true;
  return v;
}

interface Options {
  /** The running scenario, current as soon as the engine loads it. */
  running: RefObject<LoadedInfo | null>;
  /** The engine's defaults, elided from the scenario in a link (null until it is ready). */
  defaults: RefObject<Record<string, unknown> | null>;
  load: (text: string, autoplay: boolean, speedFromLink?: Speed) => void;
  /** The globe camera: written into the link, and set from one. */
  camera: { get: () => Camera | null; set: (camera: Camera | null) => void };
  /** What is on screen (the link follows it) and how to show a link's view. */
  view: {
    closeUps: Record<string, boolean>;
    theme: Theme;
    hidden: ReadonlySet<string>;
    presenter: boolean;
    apply: (view: ViewState) => void;
  };
  speed: Speed;
  info: LoadedInfo | null;
  /** A link carried a sweep: open "Sweep & compare" with it, to run once its scenario is loaded. */
  openSweep: (sweep: SweepRequest) => void;
  /** A link carried a lab: open it (it loads its step's run), or null: close any; a problem with
   * the link's lab, or null. */
  openLab: (lab: LabLink | null) => string | null;
}

/**
 * The URL follows the run: the running scenario (a preset's id, or the scenario with the
 * engine's defaults elided) and the view live in its fragment (scenario/link.ts). Scenarios the
 * user opens become history entries; back and forward reopen them; a link the app cannot open
 * is reported and the default preset opens instead.
 */
export function useUrlSync(options: Options) {
  // The latest options, for callbacks that outlive a render (set once it commits, before any
  // effect or event handler runs; render itself never reads it).
  const opt = useRef(options);
  useLayoutEffect(() => {
    opt.current = options;
  });
  const [presetId, setPresetId] = useState(DEFAULT_PRESET_ID);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [link, setLink] = useState(() => window.location.href);
  /** Why there is no link to the running scenario (too long), or null. */
  const [linkTooLong, setLinkTooLong] = useState<string | null>(null);
  /** Whether the next scenario change adds a history entry, and when the last one was added. */
  const historyMode = useRef<'replace' | 'push'>('replace');
  const lastPush = useRef(0);
  /** Set while a link's own scenario loads: if it is refused, the default preset opens. */
  const fallbackOnError = useRef(false);
  const viewRef = useRef<ViewState>({});
  /** The sweep on screen (its last run), carried by the link until the panel closes. */
  const sweepRef = useRef<SweepRequest | undefined>(undefined);
  const presetKeys = useRef<{ defaults: unknown; keys: [string, string][] } | null>(null);
  /** The lab on screen, carried by the link until it closes. */
  const labRef = useRef<LabLink | undefined>(undefined);

  /** Writes the running scenario and the view into the URL (a new entry when asked to push). */
  const writeUrl = useCallback(async () => {
    const inf = opt.current.running.current;
    const d = opt.current.defaults.current as never;
    if (!inf || !d) return;
    const elided = elideDefaults(JSON.parse(inf.scenarioJson), d);
    const key = canonical(elided);
    // The presets' keys, once per engine (they depend only on its defaults).
    if (presetKeys.current?.defaults !== d)
      presetKeys.current = {
        defaults: d,
        keys: presets.map((p) => [p.id, canonical(elideDefaults(JSON.parse(p.json), d))]),
      };
    const preset = presetKeys.current.keys.find(([, k]) => k === key)?.[0];
    setPresetId(preset ?? '');
    // A changed preset travels without the preset's notes (they describe the published values);
    // the app shows them from the preset, marked as such, when the link is opened.
    const hash = await encodeLink({
      preset,
      scenario: preset ? undefined : JSON.stringify(withoutPresetNotes(elided, presets)),
      view: viewRef.current,
      sweep: sweepRef.current,
      lab: labRef.current,
    });
    // A scenario a link cannot carry (a loaded catalogue: megabytes of element sets) leaves the
    // address without a scenario, and the share dialog says why and what to share instead.
    if (hash.length - 1 > MAX_LINK_CHARS) {
      setLinkTooLong(
        `This scenario is ${(hash.length - 1).toLocaleString('en-GB')} characters as a link, above the ` +
          `${MAX_LINK_CHARS.toLocaleString('en-GB')} a link may carry (its element sets are the bulk): ` +
          'share the scenario file (Scenario (JSON)) instead, or the catalogue file and the command below.',
      );
      if (window.location.hash)
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
      setLink('');
      return;
    }
    setLinkTooLong(null);
    const part = (h: string) => h.split(/&[vw]=/)[0];
    const scenarioChanged = part(hash) !== part(window.location.hash);
    if (hash !== window.location.hash) {
      const now = performance.now();
      // A new scenario opened by the user is a new history entry; the view, and scenarios
      // opened within a second of the last entry, replace the current one (no flooding).
      if (scenarioChanged && historyMode.current === 'push' && now - lastPush.current > PUSH_GAP_MS) {
        window.history.pushState(null, '', hash);
        lastPush.current = now;
      } else window.history.replaceState(null, '', hash);
    }
    if (scenarioChanged) historyMode.current = 'replace';
    setLink(window.location.href);
  }, []);

  /** Opens a decoded link's scenario and view; a bad link is reported and the default preset opens. */
  const showLink = useCallback((r: DecodeResult, fromHistory: boolean) => {
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
        // Shared before its preset's notes were rewritten: the same run, with today's notes.
        text = withTodaysNotes(r.state.scenario);
        fallbackOnError.current = true;
      }
      const viewProblem = r.problem ?? null;
      if (text || !fromHistory) setLinkProblem((m) => (text ? viewProblem : m));
      else if (viewProblem) setLinkProblem(viewProblem);
    }
    viewRef.current = view;
    // A lab loads its own step's run: the link's scenario (if any) is only where it was.
    const lab = r.ok ? r.state.lab : undefined;
    const labProblem = opt.current.openLab(lab ?? null);
    labRef.current = lab && !labProblem ? lab : undefined;
    if (labProblem) setLinkProblem(labProblem);
    if (labRef.current) {
      sweepRef.current = undefined;
      opt.current.camera.set(view.camera ?? null);
      opt.current.view.apply(view);
      return;
    }
    sweepRef.current = r.ok && text ? r.state.sweep : undefined;
    if (sweepRef.current) opt.current.openSweep(sweepRef.current);
    opt.current.camera.set(view.camera ?? null); // applied with the scenario (useGlobe)
    opt.current.view.apply(view);
    opt.current.load(text ?? (findPreset(DEFAULT_PRESET_ID) ?? presets[0]).json, true, view.speed);
  }, []);

  /** Opens a link (its `#…` part): its scenario and view, once decoded. */
  const openLink = useCallback(
    (hash: string, fromHistory: boolean) => decodeLink(hash).then((r) => showLink(r, fromHistory)),
    [showLink],
  );

  // The link the page was opened with, then every back and forward.
  useEffect(() => {
    void openLink(window.location.hash, false);
    const onPop = () => {
      historyMode.current = 'replace';
      void openLink(window.location.hash, true);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [openLink]);

  // The view lives in the URL too (replacing the entry: it is not a new scenario).
  const { closeUps, theme, hidden, presenter } = options.view;
  const { speed, info } = options;
  useEffect(() => {
    viewRef.current = linkView({
      closeUps,
      theme,
      hidden,
      speed,
      camera: opt.current.camera.get(),
      model: info ? modelFor(info.model) : null,
      presenter,
    });
    void writeUrl();
  }, [closeUps, theme, speed, info, hidden, presenter, writeUrl]);

  /** The engine loaded a scenario: it is no longer a link's to fall back from; write it. */
  const onLoaded = useCallback(() => {
    fallbackOnError.current = false;
    void writeUrl();
  }, [writeUrl]);

  /** A scenario was refused: if it was a link's, say why and open the default preset. */
  const onRefused = useCallback((error: EngineError, by: 'parser' | 'engine') => {
    if (!fallbackOnError.current) return;
    fallbackOnError.current = false;
    if (by === 'engine') {
      setLinkProblem(`link: the engine refused its scenario: ${describeError(error).join('; ')}`);
      setPresetId(DEFAULT_PRESET_ID);
    } else setLinkProblem(`link: its scenario cannot be read: ${describeError(error).join('; ')}`);
    const p = findPreset(DEFAULT_PRESET_ID);
    if (p) opt.current.load(p.json, true);
  }, []);

  /** The user moved the globe: the camera goes into the link. */
  const onCameraMoved = useCallback(
    (camera: Camera) => {
      viewRef.current = { ...viewRef.current, camera };
      void writeUrl();
    },
    [writeUrl],
  );

  /** The globe went back to the run's own view: the link drops the camera. */
  const onCameraReset = useCallback(() => {
    const { camera: _dropped, ...rest } = viewRef.current;
    viewRef.current = rest;
    void writeUrl();
  }, [writeUrl]);

  /** A user action loads a scenario: it becomes a new history entry and frames its own sites;
   * it plays at once unless `autoplay` is false (a lesson waits for its tour's cards). */
  const loadByUser = useCallback((text: string, autoplay = true) => {
    historyMode.current = 'push';
    opt.current.camera.set(null);
    sweepRef.current = undefined; // a sweep belongs to the scenario it varied
    opt.current.load(text, autoplay);
  }, []);

  /** A lab's step loads its run, paused at the step's speed (the lab stays in the link). */
  const loadForLab = useCallback((text: string, speed: Speed | undefined) => {
    opt.current.camera.set(null);
    sweepRef.current = undefined;
    opt.current.load(text, false, speed);
  }, []);

  /** A lab opened (it goes into the link) or closed (undefined: the link drops it). */
  const onLab = useCallback(
    (lab: LabLink | undefined) => {
      labRef.current = lab;
      void writeUrl();
    },
    [writeUrl],
  );

  /** A sweep ran (it goes into the link) or its panel closed (null: the link drops it). */
  const onSweep = useCallback(
    (sweep: SweepRequest | null) => {
      sweepRef.current = sweep ?? undefined;
      void writeUrl();
    },
    [writeUrl],
  );

  return {
    onSweep,
    loadForLab,
    onLab,
    presetId,
    setPresetId,
    linkProblem,
    setLinkProblem,
    link,
    linkTooLong,
    openLink,
    loadByUser,
    onLoaded,
    onRefused,
    onCameraMoved,
    onCameraReset,
  };
}
