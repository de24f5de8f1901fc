// @vitest-environment jsdom
/**
 * A lab's flow as the app runs it (`useLab`), with the engine's workers stood in for: a step's
 * camera is applied to its run once the run is on screen, and a value read of a series is
 * computed from the series the runs kept (kept only when a value reads one).
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartGroup } from '../charts/chartGroups';
import { parseLab, type Lab, type LabCamera } from './lab';
import { useLab, type LabState } from './useLab';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What each stand-in run was asked: whether it kept its series. */
const runs: boolean[] = [];
vi.mock('../engine/sweepPool', () => ({
  poolSize: () => 1,
  workerPort: () => null,
  SweepPool: class {
    run(scenarios: string[], withSeries: boolean) {
      runs.push(withSeries);
      const series = { columns: [{ id: 'rtt_ms' }], values: [[null, 120, 340.5, 180]] };
      return Promise.resolve(
        scenarios.map(() => ({
          summary: { transfer: { transfer_s: 0.09 } },
          resultsJson: withSeries ? JSON.stringify({ summary: {}, series }) : null,
        })),
      );
    }
    cancel() {}
  },
}));

const LAB = {
  lab: 1,
  title: 'Cameras',
  topic: 'Constellations and routing',
  line: 'A line.',
  steps: [
    {
      title: 'Framed',
      preset: 'tcp-iridium-9kb-seam',
      camera: 'route',
      values: { peak: { series: 'rtt_ms', stat: 'max', unit: 'ms' } },
      question: 'The largest round trip?',
      answer: { number: { value: 'peak', tolerance: 10 } },
      explain: 'It was {peak}.',
    },
    {
      title: 'Followed',
      preset: 'tcp-iridium-9kb-seam',
      camera: 'follow',
      values: { ms: { of: 'transfer.transfer_s', scale: 1000, unit: 'ms' } },
      question: 'How long?',
      answer: { number: { value: 'ms', tolerance: 10 } },
      explain: 'It took {ms}.',
    },
    {
      title: 'No camera named',
      preset: 'tcp-iridium-9kb-seam',
      values: { ms: { of: 'transfer.transfer_s', scale: 1000, unit: 'ms' } },
      question: 'How long?',
      answer: { number: { value: 'ms', tolerance: 10 } },
      explain: 'It took {ms}.',
    },
  ],
};

const CHARTS: ChartGroup[] = [{ key: 'ms', unit: 'ms', title: 'RTT samples', members: [], bands: [] }];

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  runs.length = 0;
  localStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('a lab step as the app runs it', () => {
  it("opens its run at the step's camera once the run is on screen, and reads a series' statistic", async () => {
    const parsed = parseLab(JSON.stringify(LAB));
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    const lab = (parsed as { lab: Lab }).lab;
    const cameras: LabCamera[] = [];
    const loads: string[] = [];
    let state: LabState | null = null;
    function Probe({ charts }: { charts: ChartGroup[] }) {
      state = useLab({
        charts,
        setHidden: () => {},
        loadStep: (json) => loads.push(json),
        play: () => {},
        setCamera: (c) => cameras.push(c),
      });
      return null;
    }
    const render = (charts: ChartGroup[]) => act(async () => root.render(createElement(Probe, { charts })));
    const s = () => state!;
    await render([]);
    await act(async () => s().openLab({ id: null, lab, json: JSON.stringify(LAB), hide: false }));
    // The step's run is on its way: no camera yet (the globe would frame the run before).
    expect(loads).toHaveLength(1);
    expect(cameras).toEqual([]);
    // The run is on screen (its charts known): the camera the step names.
    await render(CHARTS);
    expect(cameras).toEqual(['route']);
    // The series were kept (a value reads one), and the value is their statistic.
    expect(runs).toEqual([true]);
    expect(s().values).toEqual({ state: 'ready', values: { peak: 340.5 } });

    await act(async () => s().goTo(1));
    await render([...CHARTS]); // the next run on screen
    expect(cameras.at(-1)).toBe('follow');
    // No value reads a series: the runs keep none.
    expect(runs).toEqual([true, false]);
    expect(s().values).toEqual({ state: 'ready', values: { ms: 90 } });

    // A step without a camera asks for none (each run opens at Home).
    const before = cameras.length;
    await act(async () => s().goTo(2));
    await render([...CHARTS]);
    expect(cameras).toHaveLength(before);
  });
});
