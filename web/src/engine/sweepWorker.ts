/// <reference lib="webworker" />
// A worker that runs whole scenarios for sweeps and comparisons, one job at a time.
import init, { compareNotebook, meanCi, Simulation, sweepExports, validateScenario } from '../wasm/skyqueue_wasm.js';
import { handleSweepRequest, type SweepRequest } from './sweepJob';

declare const self: DedicatedWorkerGlobalScope;

const ready = init();
self.onmessage = async (ev: MessageEvent<SweepRequest>) => {
  await ready;
  self.postMessage(
    handleSweepRequest(
      {
        createSimulation: (json) => new Simulation(json),
        validate: (json) => validateScenario(json),
        exports: (...args) => sweepExports(...args) as { csv: string; notebook: string },
        compareNotebook: (policyPath, runsJson) => compareNotebook(policyPath, runsJson),
        meanCi: (samples) => meanCi(samples),
      },
      ev.data,
    ),
  );
};
