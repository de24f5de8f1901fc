import type { MeanCi } from '../scenario/sweep';
import type { EngineError } from './errors';
import type { SweepExportRequest, SweepReply, SweepRequest } from './sweepJob';

/** What the pool needs of a worker (a real Worker, or an in-process stand-in for tests). */
export interface JobPort {
  post(req: SweepRequest): void;
  onReply: ((r: SweepReply) => void) | null;
  terminate(): void;
}

export class SweepCancelled extends Error {
  readonly code = 'SWEEP_CANCELLED' as const;
}

export interface JobResult {
  summary: unknown;
  resultsJson: string | null;
}

/**
 * Runs scenario jobs on `n` workers (as many as the machine has cores), reports progress,
 * and can be cancelled (the workers are terminated; nothing half-done is reported).
 */
export class SweepPool {
  private ports: JobPort[] = [];
  private cancelled = false;
  private rejectAll: ((e: Error) => void) | null = null;

  constructor(
    private readonly n: number,
    private readonly makePort: () => JobPort,
  ) {}

  /** Validates every scenario first; the first invalid one is returned with its index. */
  async validate(scenarios: string[]): Promise<{ index: number; error: EngineError } | null> {
    const port = this.makePort();
    try {
      for (let i = 0; i < scenarios.length; i++) {
        const reply = await new Promise<SweepReply>((resolve) => {
          port.onReply = resolve;
          port.post({ type: 'sweep/validate', id: i, scenarioJson: scenarios[i] });
        });
        if (reply.type === 'sweep/valid' && reply.error) return { index: i, error: reply.error };
        if (reply.type === 'sweep/error') return { index: i, error: reply.error };
      }
      return null;
    } finally {
      port.terminate();
    }
  }

  /** The sweep's CSV and notebook, written by the engine in a worker of their own (the same bytes
   * as `skyqueue sweep --format csv` / `--format ipynb`). */
  async exports(req: SweepExportRequest): Promise<{ csv: string; notebook: string }> {
    const port = this.makePort();
    try {
      const reply = await new Promise<SweepReply>((resolve) => {
        port.onReply = resolve;
        port.post({ type: 'sweep/export', id: 0, ...req });
      });
      if (reply.type === 'sweep/exported') return { csv: reply.csv, notebook: reply.notebook };
      throw new Error(reply.type === 'sweep/error' ? reply.error.message : `unexpected reply ${reply.type}`);
    } finally {
      port.terminate();
    }
  }

  /** The comparison notebook of runs `[policy, results file]`, written by the engine in a worker
   * (the same bytes as `skyqueue compare --format ipynb`). */
  async compareNotebook(policyPath: string, runs: [string, string][]): Promise<string> {
    const port = this.makePort();
    try {
      const reply = await new Promise<SweepReply>((resolve) => {
        port.onReply = resolve;
        port.post({ type: 'sweep/compare-export', id: 0, policyPath, runs });
      });
      if (reply.type === 'sweep/compare-exported') return reply.notebook;
      throw new Error(reply.type === 'sweep/error' ? reply.error.message : `unexpected reply ${reply.type}`);
    } finally {
      port.terminate();
    }
  }

  /** The engine's mean and 95 % confidence interval of each sample set, in a worker of their own
   * (the page has no engine): the bars of a sweep's charts. */
  async meanCis(sets: number[][]): Promise<MeanCi[]> {
    const port = this.makePort();
    try {
      const reply = await new Promise<SweepReply>((resolve) => {
        port.onReply = resolve;
        port.post({ type: 'sweep/mean-ci', id: 0, sets });
      });
      if (reply.type === 'sweep/mean-cis') return reply.cis;
      throw new Error(reply.type === 'sweep/error' ? reply.error.message : `unexpected reply ${reply.type}`);
    } finally {
      port.terminate();
    }
  }

  /** Runs every job; resolves with the results in job order. */
  run(
    scenarios: string[],
    withSeries: boolean,
    onProgress: (done: number, total: number) => void,
  ): Promise<JobResult[]> {
    this.cancelled = false;
    const results: (JobResult | undefined)[] = new Array(scenarios.length);
    let next = 0;
    let done = 0;
    return new Promise<JobResult[]>((resolve, reject) => {
      this.rejectAll = reject;
      const workers = Math.max(1, Math.min(this.n, scenarios.length));
      if (scenarios.length === 0) return resolve([]);
      const feed = (port: JobPort) => {
        if (this.cancelled) return;
        if (next >= scenarios.length) return;
        const id = next++;
        port.post({ type: 'sweep/run', id, scenarioJson: scenarios[id], withSeries });
      };
      for (let w = 0; w < workers; w++) {
        const port = this.makePort();
        this.ports.push(port);
        port.onReply = (r) => {
          if (this.cancelled) return;
          if (r.type === 'sweep/error') {
            this.stop();
            return reject(new Error(`run ${r.id + 1}: ${r.error.message}`));
          }
          if (r.type !== 'sweep/done') return;
          results[r.id] = { summary: r.summary, resultsJson: r.resultsJson };
          done++;
          onProgress(done, scenarios.length);
          if (done === scenarios.length) {
            this.stop();
            resolve(results as JobResult[]);
          } else feed(port);
        };
        feed(port);
      }
    });
  }

  /** Stops every worker; a running `run` rejects with SweepCancelled. */
  cancel(): void {
    this.cancelled = true;
    this.stop();
    this.rejectAll?.(new SweepCancelled('sweep cancelled'));
  }

  private stop(): void {
    for (const p of this.ports) p.terminate();
    this.ports = [];
  }
}

/** Workers a pool gets: the machine's cores, at most eight. */
export const poolSize = () => Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));

/** A port on a real sweep Web Worker. */
export function workerPort(): JobPort {
  const w = new Worker(new URL('./sweepWorker.ts', import.meta.url), { type: 'module', name: 'skyqueue-sweep' });
  const port: JobPort = {
    post: (req) => w.postMessage(req),
    onReply: null,
    terminate: () => w.terminate(),
  };
  w.onmessage = (ev: MessageEvent<SweepReply>) => port.onReply?.(ev.data);
  return port;
}
