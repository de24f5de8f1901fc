import { presets } from '../scenario/presets';
import { guideFor } from '../scenario/guides';

interface Props {
  current: string | null;
  onOpen: (id: string, tour: boolean) => void;
  onClose: () => void;
}

/** Every preset with its paper, what to watch, what was found and what to try next. */
export function Gallery({ current, onOpen, onClose }: Props) {
  return (
    <div className="overlay" onClick={onClose}>
      <div className="dialog" role="dialog" aria-label="Presets gallery" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>Presets</h2>
          <button onClick={onClose}>Close</button>
        </header>
        <div className="gallery">
          {presets.map((p) => {
            const g = guideFor(p.id);
            return (
              <article key={p.id} data-testid={`gallery-${p.id}`} aria-current={p.id === current}>
                <h3>{p.name}</h3>
                {g && <span className="paper">{g.paper}</span>}
                {g ? (
                  <>
                    <p>
                      <strong>Watch:</strong> {g.watch}
                    </p>
                    <p>
                      <strong>Found:</strong> {g.found}
                    </p>
                    <p>
                      <strong>Try next:</strong> {g.next}
                    </p>
                  </>
                ) : (
                  <p>{p.description}</p>
                )}
                <div className="actions">
                  <button className="primary" onClick={() => onOpen(p.id, false)}>
                    Open
                  </button>
                  {g && <button onClick={() => onOpen(p.id, true)}>Open with a tour</button>}
                </div>
              </article>
            );
          })}
        </div>
      </div>
    </div>
  );
}
