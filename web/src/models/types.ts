/**
 * The types a model's descriptor is made of, shared by the registry (models/index.ts), the
 * descriptors (models/<id>/) and the parts of the app that read them. Descriptors import these
 * types, never the registry: the registry imports the descriptors, and the app asks the registry.
 */
import type { ComponentType } from 'react';
import type { ChartGroup } from '../charts/chartGroups';
import type { ConstellationInfo, LoadedInfo, Speed, TopoEvent } from '../engine/protocol';
import type { Summary } from '../engine/summary-types';
import type { Model, ScenarioObject } from '../scenario/schema';
import type { SweepModel } from '../scenario/sweepModels';
import type { WireWords } from '../panels/traceText';

/** What a chart has shown so far: rows, and whether every value was missing or zero. */
export interface ChartSeen {
  rows: number;
  /** No finite value in any series. */
  allMissing: boolean;
  /** Every finite value is 0 (and there is at least one). */
  allZero: boolean;
}

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

/** One step of a preset's tour of the screen. */
export interface TourStep {
  /**
   * What to highlight: one of 'globe', 'charts', 'summary', 'playback', 'preset', 'params', 'edit',
   * 'sweep', 'description', or `chart:<text>` = the chart whose title contains <text>.
   */
  target: string;
  /** One or two sentences shown next to the highlighted element. */
  text: string;
  /**
   * A step about a moment of the run: the tour says when it comes, waits for it and offers to
   * play there. `at_s` is the first such event in the preset as published (a test checks it
   * against the engine); a changed run waits for the event itself.
   */
  wait?: { event: TopoEvent['kind']; at_s: number; what: string };
}

/** A preset's classroom guide: its paper, what to watch, what was found, what to try next, its tour. */
export interface PresetGuide {
  /**
   * Short paper reference, e.g. "Paper 001 — Finzi et al., Priority Switching Scheduler (§4.2, Figs.
   * 7-10)", or "Textbook queueing theory (Kleinrock, Vol. 1)" for the queue presets.
   */
  paper: string;
  /** What to watch on screen (1-3 sentences). */
  watch: string;
  /**
   * What the paper (or theory) found, with the numbers, and what SkyQueue measures (numbers from
   * docs/REPRODUCTION.md / the preset's description).
   */
  found: string;
  /** What to try next: a concrete edit (field path and value) or another preset. */
  next: string;
  /** 3 to 6 tour steps. */
  tour: TourStep[];
  /**
   * One of the lessons the "Start here" card offers when the app opens on no link: its place
   * on the card (1 first), a short title and one line on what it shows.
   */
  lesson?: { rank: number; title: string; line: string };
}

/** One end of a pair of ground sites. */
export type SiteEnd = 'from' | 'to';

/** The globe's controls a summary panel may offer (the constellation panel: sites, layers). */
export interface GlobeControls {
  /** The end a click on the globe will set, if any. */
  pickTarget: SiteEnd | null;
  showOrbits: boolean;
  showDownLinks: boolean;
  /** Every ISL of a constellation of thousands (else only the route's are drawn). */
  showAllLinks: boolean;
  /** Restarts the run with one ground site changed (models with `withSite`). */
  onSite: (end: SiteEnd, site: string) => void;
  onPickTarget: (end: SiteEnd | null) => void;
  onShowOrbits: (v: boolean) => void;
  onShowDownLinks: (v: boolean) => void;
  onShowAllLinks: (v: boolean) => void;
}

/** What the app hands a model's summary panel. */
export interface SummaryProps {
  info: LoadedInfo;
  /** The engine's summary so far (null before the first frame). */
  summary: Summary | null;
  globe: GlobeControls;
  /** Topology events kept so far (newest first) and the ISL changes not listed one by one;
   * `onSeek` goes to a moment (globe and charts), `epochMs` is the run's UTC clock. */
  topology: { events: TopoEvent[]; linkChanges: number; onSeek?: (tS: number) => void; epochMs?: number };
  /** Restarts the run with this scenario text (same seed, same results but for what changed),
   * as a panel's control asks: the network's *Follow* on a flow. */
  onRestartWith?: (scenarioJson: string) => void;
}

export interface ModelDescriptor {
  /** The scenario's `model` value. */
  id: Model;
  /** The model's name in running text ("sweeps vary the … scenarios"). */
  label: string;
  /**
   * The key sentences of the running scenario's description (scenario/liveText.ts): what is
   * simulated with the values the run uses, then what theory or the paper predicts for them.
   * `s` is `inputs.scenarioJson` parsed (every default filled in).
   */
  liveText: (s: ScenarioObject, inputs: TextInputs) => LiveText;
  /** The panel under the scenario's description. */
  Summary: ComponentType<SummaryProps>;
  /** Playback speed a run of this model starts at, unless its link names one. */
  speed: Speed;
  /** A start speed that depends on the scenario (a small file starts slower); `speed` when
   * absent or undefined. */
  startSpeed?: (scenarioJson: string) => Speed | undefined;
  /**
   * The link leaves the speed out while it is `speed`. Only the VoIP model's links have been
   * written so; the others always carry it, and links already shared must not change.
   */
  linkOmitsDefaultSpeed?: boolean;
  /** Whether the globe draws the run (its constellation); tours point at the globe only then. */
  globe: boolean;
  /** UTC of simulated time zero [ms] when the model runs on the wall clock (its charts then
   * read hh:mm UTC); absent: simulated seconds. */
  clock?: (info: LoadedInfo) => number | undefined;
  /**
   * A sentence under a chart that would otherwise look empty or broken (no value yet, or only
   * zeros): why, in words. `seen` summarises the chart's rows so far; `summary` is the engine's
   * summary at the same moment, which knows what happened since the last complete sample (after
   * a seek to an event, the event's effect is in the summary before the chart's next sample).
   */
  chartNote?: (chart: ChartGroup, info: LoadedInfo, seen: ChartSeen, summary: Summary | null) => string | null;
  /** Closed-form values to draw on a chart as dashed lines, from the run's summary. */
  theoryLines?: (chart: ChartGroup, summary: Summary | null) => { label: string; value: number }[];
  /** Charts that open as a close-up of the last seconds (every sample) rather than the whole
   * run, where the whole run's averaging hides what the text asks to watch (PSS's credit sawtooth). */
  closeUpByDefault?: (chart: ChartGroup) => boolean;
  /**
   * How many seconds a close-up of this chart shows, for samples too coarse for the app's own
   * close-up (5 s, offered where a sample is 0.1 s or less): a span holding enough samples to
   * read, e.g. one voice call's talk spurts at 0.5 s a sample. `bucketS` is the run's sample
   * length [s]; null or absent: no close-up for such a chart.
   */
  closeUpSeconds?: (chart: ChartGroup, bucketS: number) => number | null;
  /** Charts on which the topology events (handovers) are marked; none when absent. */
  markers?: (chart: ChartGroup) => boolean;
  /** The globe's UTC at simulated time zero (ISO 8601), for models whose scenario sets it; the
   * globe's default epoch when absent or undefined. */
  globeEpoch?: (scenarioJson: string) => string | undefined;
  /** The scenario with one ground site changed: models whose sites are picked in the UI. */
  withSite?: (scenarioJson: string, end: SiteEnd, site: string) => string;
  /** The words *Inside the wire* says this model's packets with, for a model whose engine records a
   * packet trace; TCP's (segments, ACKs, routes of ISL hops) when absent. A function of the
   * scenario for a model whose packets depend on it (TCP or UDP flows). */
  wire?: WireWords | ((scenarioJson: string) => WireWords);
  /** What "Sweep & compare" varies; a model without it cannot be swept. */
  sweep?: SweepModel;
  /**
   * The model's presets (files in examples/) in the order a course meets them, and each one's
   * classroom guide (./<id>/guides.ts). The registry's COURSE orders the models.
   */
  course: { presets: readonly string[]; guides: Readonly<Record<string, PresetGuide>> };
  /** The gallery's heading over this model's presets, and its line drawing. */
  gallery: { heading: string; Pictogram: ComponentType };
}
