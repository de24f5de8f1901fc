import { useMemo } from 'react';
import type { ModelDescriptor } from '../models/types';
import { InsideTheWire } from '../panels/InsideTheWire';
import type { Engine } from './useEngine';

/** Inside the wire, above the charts: for runs that record a packet trace (else nothing). */
export function Wire({
  engine,
  model,
  presenter,
}: {
  engine: Engine;
  model: ModelDescriptor | null;
  presenter: boolean;
}) {
  const { info, controls } = engine;
  const wire = model?.wire;
  const scenarioJson = info?.scenarioJson;
  // Once a scenario (a catalogue's runs hold megabytes of element sets; this renders every frame).
  const words = useMemo(
    () => (typeof wire === 'function' ? (scenarioJson === undefined ? undefined : wire(scenarioJson)) : wire),
    [wire, scenarioJson],
  );
  if (!info || info.traceLimit <= 0) return null;
  return (
    <InsideTheWire
      name={info.name}
      trace={engine.trace.current}
      recorded={engine.traceRecorded}
      limit={info.traceLimit}
      cursor={engine.cursor}
      nowNs={engine.nowNs}
      finished={engine.finished}
      onNext={controls.nextEvent}
      onPrev={controls.prevEvent}
      onNextLoss={controls.nextLoss}
      follow={engine.follow}
      onFollow={controls.setFollow}
      skipped={engine.skipped}
      noLossAfter={engine.noLossAfter}
      onSeek={controls.seek}
      exportTrace={(f) => engine.client.current?.trace(f) ?? Promise.resolve(null)}
      markers={engine.markers.current}
      presenter={presenter}
      words={words}
    />
  );
}
