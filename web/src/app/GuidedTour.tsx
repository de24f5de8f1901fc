import { useEffect } from 'react';
import { Tour } from '../panels/Tour';
import { guideFor } from '../scenario/guides';
import { changeWords, type Change } from '../scenario/liveText';
import { findPreset } from '../scenario/presets';
import type { Engine } from './useEngine';

/**
 * The tour was written for its preset as published: what to say when the run differs from it
 * (another scenario runs, or the preset was changed), else null.
 */
export function tourChangedNote(tour: string, baseId: string | undefined, changes: Change[]): string | null {
  if (baseId !== tour) return 'Written for this preset as published; another scenario is running now.';
  if (!changes.length) return null;
  const changed = `${changes.map(changeWords).slice(0, 2).join(', ')}${changes.length > 2 ? ' and more' : ''}`;
  return `Written for the preset as published; you changed ${changed}, so its numbers may differ.`;
}

interface Props {
  /** The preset whose tour this is. */
  tour: string;
  /** The preset the running scenario was made from, and what differs from it. */
  baseId: string | undefined;
  changes: Change[];
  engine: Engine;
  onEnd: () => void;
}

/** A preset's guided tour over the live run (nothing for a preset without one). */
export function GuidedTour({ tour, baseId, changes, engine, onEnd }: Props) {
  const guide = guideFor(tour);
  const { play, pause, setSpeed, seek } = engine.controls;
  // The run waits for the cards: a tour starts with the run paused (a lesson opens paused).
  useEffect(() => {
    pause();
  }, [pause]);
  if (!guide) return null;
  return (
    <Tour
      title={findPreset(tour)?.name ?? tour}
      steps={guide.tour}
      onEnd={onEnd}
      run={{
        nowS: engine.nowNs / 1e9,
        finished: engine.finished,
        events: engine.log,
        speed: engine.speed,
        playing: engine.playing,
        play,
        pause,
        setSpeed,
        seek,
      }}
      changedNote={tourChangedNote(tour, baseId, changes)}
    />
  );
}
