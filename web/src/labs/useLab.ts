import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChartGroup } from '../charts/chartGroups';
import { poolSize, SweepPool, workerPort } from '../engine/sweepPool';
import type { Speed } from '../engine/protocol';
import {
  judge,
  readsSeries,
  scoreWaiting,
  stepMarks,
  stepScenarios,
  stepValues,
  type Lab,
  type LabCamera,
  type LabStep,
  type RunSeries,
  type Prediction,
  type Verdict,
} from './lab';

/** A lab on screen: a shipped one (its id) or one a teacher wrote (its text), and whether the
 * explanations wait until the step is answered (a teacher's link). */
export interface OpenLab {
  id: string | null;
  lab: Lab;
  json: string;
  hide: boolean;
}

/** What a student did at one step: the prediction and whether it was right (null: skipped). */
export interface StepAnswer {
  prediction: Prediction | null;
  correct: boolean | null;
}

/** Progress kept in the browser, per lab. */
export interface LabProgress {
  step: number;
  answers: (StepAnswer | null)[];
}

/** The browser's storage key of a lab's progress (a written lab: by a hash of its text). */
export function progressKey(open: Pick<OpenLab, 'id' | 'json'>): string {
  if (open.id) return `skyqueue-lab:${open.id}`;
  let h = 0;
  for (let i = 0; i < open.json.length; i++) h = (Math.imul(h, 31) + open.json.charCodeAt(i)) | 0;
  return `skyqueue-lab:text-${(h >>> 0).toString(36)}`;
}

function readProgress(open: OpenLab): LabProgress {
  const fresh = { step: 0, answers: open.lab.steps.map(() => null) };
  try {
    const p = JSON.parse(localStorage.getItem(progressKey(open)) ?? 'null') as LabProgress | null;
    if (!p || !Number.isInteger(p.step) || !Array.isArray(p.answers)) return fresh;
    const steps = open.lab.steps.length;
    return {
      step: Math.min(Math.max(0, p.step), steps - 1),
      answers: open.lab.steps.map((_s, i) => p.answers[i] ?? null),
    };
  } catch {
    return fresh;
  }
}

function saveProgress(open: OpenLab, p: LabProgress): void {
  try {
    localStorage.setItem(progressKey(open), JSON.stringify(p));
  } catch {
    // Storage full or refused (a private window): progress lasts the page's life.
  }
}

/** The engine's values of a step: computing, ready, or refused. */
export type StepValues =
  | { state: 'computing'; done: number; total: number }
  | { state: 'ready'; values: Record<string, number | null> }
  | { state: 'failed'; message: string };

interface Options {
  /** The charts of the run on screen, and how to hide some: a step may show only its own. */
  charts: ChartGroup[];
  setHidden: (keys: ReadonlySet<string>) => void;
  /** Loads a step's run on screen, paused, at its speed. */
  loadStep: (scenarioJson: string, speed: Speed | undefined) => void;
  /** Plays the run on screen. */
  play: () => void;
  /** Shows the run on screen at one of the globe's camera buttons' views. */
  setCamera: (camera: LabCamera) => void;
}

/**
 * A lab's flow: each step's run is loaded on screen (paused) and its runs computed by the
 * engine in workers at once; the student predicts, then the check plays the run and holds the
 * prediction up against the engine's numbers. Progress stays in the browser.
 */
export function useLab({ charts, setHidden, loadStep, play, setCamera }: Options) {
  const [open, setOpen] = useState<OpenLab | null>(null);
  const [progress, setProgress] = useState<LabProgress>({ step: 0, answers: [] });
  /** The engine's values, with the step they belong to (a later step's replace them). */
  const [computed, setComputed] = useState<{ step: LabStep; values: StepValues } | null>(null);
  /** The step whose explanation was asked for without a prediction. */
  const [revealed, setRevealed] = useState<number | null>(null);
  /** The lab's text in the lab editor, or null while it is closed. */
  const [editing, setEditing] = useState<string | null>(null);
  const pool = useRef<SweepPool | null>(null);
  const cb = useRef({ loadStep, play, open });
  useEffect(() => {
    cb.current = { loadStep, play, open };
  });

  const stepIndex = progress.step;
  const step = open ? open.lab.steps[stepIndex] : null;
  const scenarios = useMemo(() => {
    if (!step) return null;
    try {
      return stepScenarios(step);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [step]);
  const values = useMemo<StepValues | null>(
    () =>
      !step
        ? null
        : typeof scenarios === 'string'
          ? { state: 'failed', message: scenarios }
          : computed?.step === step
            ? computed.values
            : { state: 'computing', done: 0, total: Object.keys(scenarios ?? {}).length },
    [step, scenarios, computed],
  );

  const update = useCallback((f: (p: LabProgress) => LabProgress) => {
    setProgress((p) => {
      const n = f(p);
      if (cb.current.open) saveProgress(cb.current.open, n);
      return n;
    });
  }, []);

  // A step opens: its run on screen, and every run of it in the workers.
  useEffect(() => {
    if (!step || !scenarios || typeof scenarios === 'string') return;
    cb.current.loadStep(scenarios.main, step.speed as Speed | undefined);
    const names = Object.keys(scenarios);
    const p = new SweepPool(poolSize(), workerPort);
    pool.current = p;
    let live = true;
    const set = (v: StepValues) => live && setComputed({ step, values: v });
    // The runs keep their series only when a value reads one (the summary is enough otherwise).
    const withSeries = readsSeries(step);
    p.run(
      names.map((n) => scenarios[n]),
      withSeries,
      (done, total) => set({ state: 'computing', done, total }),
    ).then(
      (results) => {
        if (!live) return;
        const series = (json: string | null) =>
          json === null ? null : ((JSON.parse(json) as { series?: RunSeries }).series ?? null);
        const v = stepValues(
          step,
          Object.fromEntries(names.map((n, i) => [n, results[i].summary])),
          withSeries ? Object.fromEntries(names.map((n, i) => [n, series(results[i].resultsJson)])) : {},
        );
        set({ state: 'ready', values: v });
      },
      (e: unknown) => set({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      p.cancel();
    };
  }, [open, step, scenarios]);

  // A prediction made before the values were in is scored once they are, whichever came first
  // (a prediction handed in while the values were arriving saw them still computing).
  const waiting = progress.answers[stepIndex]?.correct === null;
  useEffect(() => {
    if (!step || values?.state !== 'ready' || !waiting) return;
    const v = values.values;
    update((pr) => {
      if (pr.step !== stepIndex) return pr;
      const answers = scoreWaiting(pr.answers, stepIndex, step, v);
      return answers === pr.answers ? pr : { ...pr, answers };
    });
  }, [step, stepIndex, values, waiting, update]);

  // A step that names its charts shows only those (once the run's charts are known).
  useEffect(() => {
    if (!step?.charts || charts.length === 0) return;
    const keep = (title: string) => step.charts!.some((t) => title.includes(t));
    setHidden(new Set(charts.filter((c) => !keep(c.title)).map((c) => c.key)));
  }, [step, charts, setHidden]);

  // A step that names a camera opens its run at that view (once the run is on screen: each run
  // loaded opens at Home, and the route is framed when the run has one).
  const cam = useRef(setCamera);
  useEffect(() => {
    cam.current = setCamera;
  });
  useEffect(() => {
    if (step?.camera && charts.length > 0) cam.current(step.camera);
  }, [step, charts]);

  /** Opens a lab where this browser left it. */
  const openLab = useCallback((lab: OpenLab) => {
    setOpen(lab);
    setEditing(null);
    setProgress(readProgress(lab));
    setRevealed(null);
  }, []);

  const verdict: Verdict | null = (() => {
    const a = progress.answers[stepIndex];
    if (!step || !a?.prediction || values?.state !== 'ready') return null;
    return judge(step, values.values, a.prediction);
  })();

  // A number's prediction and the engine's, on the step's chart (only a chart in the value's unit).
  const answer = progress.answers[stepIndex];
  const marks = step
    ? stepMarks(
        step,
        charts,
        values?.state === 'ready' ? values.values : null,
        answer?.prediction && 'number' in answer.prediction ? answer.prediction.number : null,
        !!answer || revealed === stepIndex,
      )
    : [];

  return {
    open,
    step,
    marks,
    stepIndex,
    progress,
    values,
    verdict,
    /** Whether the result and explanation are on screen for this step. */
    shown: !!progress.answers[stepIndex] || revealed === stepIndex,
    openLab,
    editing,
    setEditing,
    close: () => {
      pool.current?.cancel();
      setOpen(null);
      setEditing(null);
    },
    /** The student's prediction: kept, then the run plays and the check shows once the values are in. */
    answer: (prediction: Prediction) => {
      if (!step) return;
      update((p) => {
        const answers = [...p.answers];
        const correct = values?.state === 'ready' ? judge(step, values.values, prediction).correct : null;
        answers[p.step] = { prediction, correct };
        return { ...p, answers };
      });
      cb.current.play();
    },
    /** Shows the result without a prediction (not offered by a teacher's link). */
    reveal: () => {
      if (open?.hide) return;
      setRevealed(stepIndex);
      cb.current.play();
    },
    goTo: (i: number) => {
      if (!open) return;
      setRevealed(null);
      update((p) => ({ ...p, step: Math.max(0, Math.min(open.lab.steps.length - 1, i)) }));
    },
    /** Forgets the answers and starts at step 1. */
    restart: () => {
      if (!open) return;
      setRevealed(null);
      update(() => ({ step: 0, answers: open.lab.steps.map(() => null) }));
    },
  };
}

export type LabState = ReturnType<typeof useLab>;
