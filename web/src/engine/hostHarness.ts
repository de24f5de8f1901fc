/**
 * The engine host in process, driven by hand for tests: a clock and a timer the test moves
 * (`elapse`), and every message the host sends (`got`). Used by the host's tests and by a
 * model's tests of what the host sends for it.
 */
import { createInProcessClient } from './client';
import { FRAME_MS } from './host';
import type { FromWorker } from './protocol';
import { Simulation } from './wasmNode';

/** A hand-driven clock and timer, so the tests control wall time exactly. */
export function harness(createSimulation: (json: string) => Simulation = (json) => new Simulation(json)) {
  let wall = 0;
  let pending: (() => void) | null = null;
  const { client, host } = createInProcessClient({
    createSimulation,
    now: () => wall,
    setTimer: (fn) => {
      pending = fn;
      return 1;
    },
    clearTimer: () => {
      pending = null;
    },
  });
  const got: FromWorker[] = [];
  client.subscribe((m) => got.push(m));
  /** Lets `ms` of wall time pass, firing the timer once per frame period. */
  const elapse = (ms: number) => {
    for (let t = 0; t < ms; t += FRAME_MS) {
      wall += FRAME_MS;
      const fn = pending;
      pending = null;
      fn?.();
    }
  };
  const frames = () => got.filter((m): m is Extract<FromWorker, { type: 'run/frame' }> => m.type === 'run/frame');
  const lastFrame = () => frames().at(-1)!;
  return { client, host, got, elapse, frames, lastFrame, hasTimer: () => pending !== null };
}
