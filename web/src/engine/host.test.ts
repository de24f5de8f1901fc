import { beforeAll, describe, expect, it } from 'vitest';
import { FRAME_MS } from './host';
import { harness } from './hostHarness';
import { unpackSeries } from './packed';
import { loadWasmForNode, Simulation } from './wasmNode';
import type { FromWorker } from './protocol';

const scenario = JSON.stringify({ version: 1, name: 'protocol test', duration_s: 30, warmup_s: 1 });

beforeAll(() => loadWasmForNode());

describe('worker protocol (EngineHost in process, real wasm engine)', () => {
  it('load answers with the series, the end time and the filled-in scenario', () => {
    const h = harness();
    h.client.load(scenario);
    const loaded = h.got.find((m) => m.type === 'run/loaded');
    expect(loaded?.type).toBe('run/loaded');
    if (loaded?.type !== 'run/loaded') return;
    expect(loaded.info.name).toBe('protocol test');
    expect(loaded.info.endNs).toBe(30e9);
    expect(loaded.info.series.map((s) => s.id)).toEqual(['queue_len', 'wait_ms', 'throughput_pps', 'drops_pps']);
    expect(JSON.parse(loaded.info.scenarioJson).queue.service_rate_pps).toBe(1000);
    expect(h.lastFrame().nowNs).toBe(0);
  });

  it('play advances at the chosen speed in frames of rows; pause stops the clock', () => {
    const h = harness();
    h.client.load(scenario);
    h.client.setSpeed(2);
    h.client.play();
    h.elapse(1000); // 1 s of wall time at 2x: 2 s simulated
    expect(h.lastFrame().nowNs).toBe(2e9);
    const rows = h.frames().reduce((n, f) => n + unpackSeries(f.packed).t.length, 0);
    expect(rows).toBe(20); // 0.1 s buckets
    expect(h.frames().length).toBeGreaterThanOrEqual(20); // one frame per 50 ms tick (20 Hz)

    h.client.pause();
    const paused = h.lastFrame().nowNs;
    expect(h.hasTimer()).toBe(false);
    h.elapse(1000);
    expect(h.lastFrame().nowNs).toBe(paused);
    expect(h.got.filter((m) => m.type === 'run/state').at(-1)).toEqual({
      type: 'run/state',
      playing: false,
      speed: 2,
      follow: false,
    });

    h.client.play();
    h.elapse(500);
    expect(h.lastFrame().nowNs).toBe(paused + 1e9);
  });

  it('step advances exactly and leaves the run paused', () => {
    const h = harness();
    h.client.load(scenario);
    h.client.step(0.25e9);
    h.client.step(0.25e9);
    expect(h.lastFrame().nowNs).toBe(0.5e9);
    expect(h.hasTimer()).toBe(false);
  });

  it('seek goes forward to a moment and pauses; seeking back replays the identical run', () => {
    const h = harness();
    h.client.load(scenario);
    h.client.setSpeed(5);
    h.client.play();
    h.client.seek(12e9);
    expect(h.lastFrame().nowNs).toBe(12e9);
    expect(h.hasTimer()).toBe(false);
    expect(h.got.filter((m) => m.type === 'run/state').at(-1)).toMatchObject({ playing: false });
    const at12 = h.lastFrame().summary;
    h.client.seek(20e9);
    const loads = h.got.filter((m) => m.type === 'run/loaded').length;
    h.client.seek(12e9);
    // Back in time: the run is rebuilt (a new run/loaded clears the charts) and replayed.
    expect(h.got.filter((m) => m.type === 'run/loaded').length).toBe(loads + 1);
    expect(h.lastFrame().nowNs).toBe(12e9);
    expect(h.lastFrame().summary).toEqual(at12);
    // The series after the replay hold every row up to the moment again.
    const since = h.got.map((m) => m.type).lastIndexOf('run/loaded');
    const rows = h.got
      .slice(since)
      .filter((m) => m.type === 'run/frame')
      .reduce((n, f) => n + unpackSeries((f as Extract<FromWorker, { type: 'run/frame' }>).packed).t.length, 0);
    expect(rows).toBe(120); // 12 s of 0.1 s buckets
    // Beyond the end: clamped to it.
    h.client.seek(1e15);
    expect(h.lastFrame().nowNs).toBe(30e9);
  });

  it('"max" runs to the end within the frame budget and stops by itself', () => {
    const h = harness();
    h.client.load(scenario);
    h.client.setSpeed('max');
    h.client.play();
    for (let i = 0; i < 10_000 && !h.lastFrame().finished; i++) h.elapse(FRAME_MS);
    expect(h.lastFrame().finished).toBe(true);
    expect(h.lastFrame().nowNs).toBe(30e9);
    expect(h.got.filter((m) => m.type === 'run/state').at(-1)).toMatchObject({ playing: false });
    const summary = h.lastFrame().summary as { queue: { arrivals: number } };
    expect(summary.queue.arrivals).toBeGreaterThan(20_000);
  });

  it('reset starts the same scenario again from zero', () => {
    const h = harness();
    h.client.load(scenario);
    h.client.step(5e9);
    h.client.reset();
    expect(h.lastFrame().nowNs).toBe(0);
    expect(h.got.filter((m) => m.type === 'run/loaded')).toHaveLength(2);
  });

  it('an invalid scenario is reported field by field and the current run is kept', () => {
    const h = harness();
    h.client.load(scenario);
    h.client.step(1e9);
    h.client.load(JSON.stringify({ version: 1, traffic: { flows: 0 }, metrics: { batches: 1 } }));
    const err = h.got.find((m) => m.type === 'run/error');
    expect(err?.type).toBe('run/error');
    if (err?.type !== 'run/error') return;
    expect(err.error.kind).toBe('invalid');
    expect(err.error.fatal).toBe(false);
    expect(err.error.errors).toEqual([
      { path: 'traffic.flows', message: '0 is below the minimum 1 (allowed: 1 to 10000)' },
      { path: 'metrics.batches', message: '1 is below the minimum 2 (allowed: 2 to 1000)' },
    ]);
    // The old run goes on.
    h.client.step(1e9);
    expect(h.lastFrame().nowNs).toBe(2e9);
  });

  it('syntax errors carry line and column; bad speeds are refused', () => {
    const h = harness();
    h.client.load('{"version": 1,\n "seed": }');
    const err = h.got.find((m) => m.type === 'run/error');
    expect(err?.type === 'run/error' && err.error.kind).toBe('syntax');
    expect(err?.type === 'run/error' && err.error.message).toContain('line 2, column 10');
    h.client.load(scenario);
    h.client.setSpeed(-1);
    expect(h.got.filter((m) => m.type === 'run/error').at(-1)).toMatchObject({ error: { kind: 'sim', fatal: false } });
  });

  it('a run that a budget stops is reported, left paused where it stopped, and the app goes on', () => {
    // The engine throws this (kind `sim`, not fatal) once a run goes past its budget of events
    // (engine::RunBudget); here a wrapper throws it past 5 s, as the engine would.
    const overBudget = {
      kind: 'sim',
      message: 'stopped: over budget at 5.000 s of 30.000 s: 10000000001 events processed, over the budget of one run',
      fatal: false,
      errors: [],
    };
    const h = harness((json) => {
      const sim = new Simulation(json);
      const advance = sim.advanceTo.bind(sim);
      sim.advanceTo = (t: number) => {
        if (t > 5e9) {
          advance(5e9);
          throw overBudget;
        }
        advance(t);
      };
      return sim;
    });
    h.client.load(scenario);
    h.client.setSpeed(10);
    h.client.play();
    h.elapse(2000);
    expect(h.got.filter((m) => m.type === 'run/error')).toEqual([{ type: 'run/error', error: overBudget }]);
    expect(h.got.filter((m) => m.type === 'run/state').at(-1)).toMatchObject({ playing: false });
    expect(h.hasTimer()).toBe(false);
    // Not a crash: the worker goes on, and a scenario loads and runs again.
    h.client.load(scenario);
    h.client.step(1e9);
    expect(h.lastFrame().nowNs).toBe(1e9);
    expect(h.got.filter((m) => m.type === 'run/error')).toHaveLength(1);
  });

  it('commands before any scenario do nothing harmful', () => {
    const h = harness();
    h.client.play();
    h.client.step(1e9);
    h.client.reset();
    h.elapse(200);
    expect(h.got.filter((m) => m.type === 'run/error')).toEqual([]);
    expect(h.frames()).toEqual([]);
  });

  it('frames echo the last clock-moving message handled: load, step, seek and reset; play keeps it', () => {
    const h = harness();
    const load = h.client.load(scenario);
    expect(h.lastFrame().move).toBe(load);
    const step = h.client.step(1e9);
    expect(step).toBeGreaterThan(load);
    expect(h.lastFrame().move).toBe(step);
    h.client.play();
    h.elapse(200);
    expect(h.lastFrame().move).toBe(step);
    const seek = h.client.seek(0.5e9);
    expect(h.lastFrame()).toMatchObject({ move: seek, nowNs: 0.5e9 });
    const reset = h.client.reset();
    expect(h.lastFrame()).toMatchObject({ move: reset, nowNs: 0 });
  });
});
