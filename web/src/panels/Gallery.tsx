import { modelFor } from '../models';
import { presets, type Preset } from '../scenario/presets';
import { guideFor } from '../scenario/guides';

/** The presets in teaching order, grouped by model in the order the models first appear. */
export function galleryGroups(list: readonly Preset[] = presets): { model: string; presets: Preset[] }[] {
  const groups: { model: string; presets: Preset[] }[] = [];
  for (const p of list) {
    const g = groups.find((x) => x.model === p.model);
    if (g) g.presets.push(p);
    else groups.push({ model: p.model, presets: [p] });
  }
  return groups;
}

interface Props {
  current: string | null;
  onOpen: (id: string, tour: boolean) => void;
  onClose: () => void;
}

/**
 * Every preset with its paper, what to watch, what was found and what to try next, in teaching
 * order under one heading and line drawing per model.
 */
export function Gallery({ current, onOpen, onClose }: Props) {
  return (
    <div className="overlay" onClick={onClose}>
      <div className="dialog" role="dialog" aria-label="Presets gallery" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>Presets</h2>
          <button onClick={onClose}>Close</button>
        </header>
        {galleryGroups().map(({ model, presets: group }) => {
          const { heading, Pictogram } = modelFor(model).gallery;
          return (
            <section key={model} className="gallery-group" data-testid={`gallery-group-${model}`}>
              <h3 className="gallery-heading">
                <Pictogram />
                {heading}
              </h3>
              <div className="gallery">
                {group.map((p) => {
                  const g = guideFor(p.id);
                  return (
                    <article key={p.id} data-testid={`gallery-${p.id}`} aria-current={p.id === current}>
                      <h4>{p.name}</h4>
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
            </section>
          );
        })}
      </div>
    </div>
  );
}
