import { useRef } from 'react';
import { useFocusHome } from '../app/useFocusHome';
import type { Lesson } from '../scenario/guides';

interface Props {
  lessons: Lesson[];
  /** Opens a lesson's preset with its tour. */
  onChoose: (id: string) => void;
  onClose: () => void;
}

/**
 * Where to begin, offered when the app opens on no link: a few one-click lessons (a preset and
 * its tour), chosen by the guides (`lesson`). Not modal: the run behind it can be used at once;
 * × or Esc hides it.
 */
export function StartHere({ lessons, onChoose, onClose }: Props) {
  const home = useRef<HTMLElement>(null);
  useFocusHome(home, { first: 'button.lesson' });
  return (
    <section ref={home} className="start-here" aria-labelledby="start-here-title" data-testid="start-here">
      <header>
        <h2 id="start-here-title">Start here</h2>
        <button className="dismiss" onClick={onClose} aria-label="Hide Start here" title="Hide (Esc)">
          ×
        </button>
      </header>
      <p>Pick a lesson: it loads the scenario and walks you through the screen.</p>
      <ol>
        {lessons.map((l) => (
          <li key={l.id}>
            <button className="lesson" onClick={() => onChoose(l.id)}>
              <strong>{l.title}</strong>
              <span>{l.line}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
