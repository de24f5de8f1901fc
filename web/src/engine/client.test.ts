import { describe, expect, it } from 'vitest';
import { EngineClient } from './client';
import type { ToWorker } from './protocol';

describe('EngineClient waits', () => {
  it('an export abandoned with its signal resolves to null and a late answer is dropped', async () => {
    const sent: ToWorker[] = [];
    const c = new EngineClient((m) => sent.push(m));
    const abort = new AbortController();
    const p = c.results(abort.signal);
    expect(sent).toEqual([{ type: 'run/results', id: 1 }]);
    abort.abort();
    await expect(p).resolves.toBeNull();
    const seen: unknown[] = [];
    c.subscribe((m) => seen.push(m));
    c.receive({ type: 'run/results', id: 1, json: '{}' });
    expect(seen).toEqual([]);
  });

  it('an answer arriving first is delivered', async () => {
    const c = new EngineClient(() => {});
    const p = c.results(new AbortController().signal);
    c.receive({ type: 'run/results', id: 1, json: '{"a":1}' });
    await expect(p).resolves.toBe('{"a":1}');
  });

  it('stopping or restarting the engine settles every pending wait, and a stopped engine is sent nothing', async () => {
    const sent: ToWorker[] = [];
    let spawned = 0;
    const c = new EngineClient(
      (m) => sent.push(m),
      () => {},
      () => (spawned++, { send: (m) => sent.push(m), dispose: () => {} }),
    );
    const v = c.validate('{}');
    const r = c.results();
    c.stop();
    await expect(v).resolves.toBeNull();
    await expect(r).resolves.toBeNull();
    c.play();
    expect(sent.map((m) => m.type)).toEqual(['scenario/validate', 'run/results']);
    c.restart();
    const r2 = c.results();
    c.restart();
    await expect(r2).resolves.toBeNull();
    expect(spawned).toBe(2);
  });
});
