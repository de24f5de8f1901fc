import { useId, useRef, useState } from 'react';
import { useFocusHome } from '../app/useFocusHome';
import { modelFor } from '../models';
import { presets, type Preset } from '../scenario/presets';
import { guideFor } from '../scenario/guides';
import { LABS } from '../labs/catalog';
import { labMatches, papersIndex, presetMatches } from './galleryIndex';

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
  /** A lab chosen in the gallery. */
  onOpenLab: (id: string) => void;
  onClose: () => void;
}

/** Scrolls to an element of the gallery and puts the keyboard focus there. */
function jumpTo(id: string) {
  const el = document.getElementById(id);
  el?.scrollIntoView({ block: 'start' });
  el?.focus({ preventScroll: true });
}

/**
 * Every preset with its paper, what to watch, what was found and what to try next, in teaching
 * order under one heading and line drawing per model; an index by model and by paper jumps
 * there (buttons, not #anchors: the page's fragment is the run's link), and a search box keeps
 * the presets whose text has every word typed.
 */
export function Gallery({ current, onOpen, onOpenLab, onClose }: Props) {
  const [query, setQuery] = useState('');
  const base = useId();
  const shown = presets.filter((p) => presetMatches(p, query));
  const labs = LABS.filter((l) => labMatches(l.lab, query));
  const topics = [...new Set(labs.map((l) => l.lab.topic))];
  const home = useRef<HTMLDivElement>(null);
  useFocusHome(home, { trap: true, first: '.gallery-search' });
  const groups = galleryGroups(shown);
  const groupId = (model: string) => `${base}-model-${model}`;
  const presetId = (id: string) => `${base}-preset-${id}`;
  return (
    <div className="overlay" onClick={onClose}>
      <div
        ref={home}
        className="dialog gallery-dialog"
        aria-modal="true"
        role="dialog"
        aria-label="Presets gallery"
        onClick={(e) => e.stopPropagation()}
      >
        <header>
          <h2>Presets and labs</h2>
          <input
            type="search"
            className="gallery-search"
            aria-label="Search the presets"
            placeholder="Search titles, descriptions, papers…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button onClick={onClose}>Close</button>
        </header>
        {shown.length + labs.length > 0 && (
          <nav className="gallery-index" aria-label="Gallery index">
            {labs.length > 0 && (
              <div>
                <h3>Labs by topic</h3>
                <ul>
                  {topics.map((t) => (
                    <li key={t}>
                      <button
                        className="linkish"
                        onClick={() => jumpTo(`${base}-lab-${labs.find((l) => l.lab.topic === t)!.id}`)}
                      >
                        {t} ({labs.filter((l) => l.lab.topic === t).length})
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div>
              <h3>By model</h3>
              <ul>
                {groups.map(({ model, presets: group }) => (
                  <li key={model}>
                    <button className="linkish" onClick={() => jumpTo(groupId(model))}>
                      {modelFor(model).gallery.heading.split(':')[0]} ({group.length})
                    </button>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3>By paper</h3>
              <ul>
                {papersIndex(shown, labs).map(({ paper, first, count, labs: about }) => (
                  <li key={paper}>
                    {first !== null && (
                      <button className="linkish" onClick={() => jumpTo(presetId(first))}>
                        {paper} ({count})
                      </button>
                    )}
                    {about.length > 0 && (
                      <>
                        {first !== null && ' '}
                        <button
                          className="linkish"
                          aria-label={
                            first === null
                              ? undefined
                              : `${about.length} ${about.length === 1 ? 'lab' : 'labs'} of ${paper}`
                          }
                          onClick={() => jumpTo(`${base}-lab-${about[0]}`)}
                        >
                          {first === null && `${paper}: `}
                          {about.length} {about.length === 1 ? 'lab' : 'labs'}
                        </button>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        )}
        <p className="gallery-count" role="status">
          {shown.length + labs.length === 0
            ? `No preset or lab matches “${query.trim()}”: try fewer or other words.`
            : query.trim()
              ? `${shown.length} of ${presets.length} presets and ${labs.length} of ${LABS.length} labs match.`
              : ''}
        </p>
        {labs.length > 0 && (
          <section className="gallery-group" data-testid="gallery-labs">
            <h3 className="gallery-heading">Labs: predict, run, check</h3>
            <p className="muted">
              Each lab asks for a prediction before every run, then holds it up against the engine&apos;s numbers and
              explains them. Progress stays in this browser.
            </p>
            <div className="gallery">
              {labs.map(({ id, lab }) => (
                <article key={id} id={`${base}-lab-${id}`} tabIndex={-1} data-testid={`gallery-lab-${id}`}>
                  <h4>{lab.title}</h4>
                  <span className="paper">
                    {lab.paper ? `Paper ${lab.paper} · ` : ''}
                    {lab.topic}
                  </span>
                  <p>{lab.line}</p>
                  <p className="muted">{lab.steps.length} steps</p>
                  <div className="actions">
                    <button className="primary" onClick={() => onOpenLab(id)} aria-label={`Start the lab ${lab.title}`}>
                      Start the lab
                    </button>
                  </div>
                </article>
              ))}
            </div>
          </section>
        )}
        {groups.map(({ model, presets: group }) => {
          const { heading, Pictogram } = modelFor(model).gallery;
          return (
            <section key={model} className="gallery-group" data-testid={`gallery-group-${model}`}>
              <h3 className="gallery-heading" id={groupId(model)} tabIndex={-1}>
                <Pictogram />
                {heading}
              </h3>
              <div className="gallery">
                {group.map((p) => {
                  const g = guideFor(p.id);
                  return (
                    <article
                      key={p.id}
                      id={presetId(p.id)}
                      tabIndex={-1}
                      data-testid={`gallery-${p.id}`}
                      aria-current={p.id === current}
                    >
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
