import { useEffect, useMemo, useRef, useState } from 'react';
import { useFocusHome } from '../app/useFocusHome';
import { rememberFile } from '../scenario/loadedFiles';
import { catalogueWords, uniformShell, type CatalogueReport } from './catalogueReport';
import type { EngineError, FieldError } from '../engine/errors';
import {
  fieldApplies,
  FIELDS,
  getPath,
  GROUPS,
  setPath,
  validateFields,
  withModel,
  type Field,
  type NumberField,
  type ScenarioObject,
} from '../scenario/schema';
import { rangeText } from './rangeText';

type Json = Parameters<typeof setPath>[2];

interface Props {
  /** The running scenario, every default written out. */
  scenarioJson: string;
  /** The engine's verdict on a draft (the worker's `scenario/validate`): cross-field rules. */
  validate: (json: string) => Promise<EngineError | null>;
  /** Restarts the run with the edited scenario. */
  onApply: (json: string) => void;
  onClose: () => void;
  /** Charts that can be shown or hidden (applies at once, kept in the link). */
  charts: { key: string; title: string }[];
  hidden: ReadonlySet<string>;
  onToggleChart: (key: string) => void;
  /** The engine's report of a catalogue of element sets (for a file loaded into such a field). */
  reportCatalogue?: (text: string) => Promise<{ json: string | null; error: string | null }>;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** What a number box holds: a number, null (empty where null is allowed), or the text itself. */
function parseNumber(f: NumberField, text: string): Json {
  const t = text.trim();
  if (t === '' && f.nullMeans) return null;
  return NUMBER.test(t) ? Number(t) : text;
}

const show = (v: Json | undefined): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * Every parameter of the running model, grouped, with units, allowed ranges and a tooltip each.
 * A value is checked as it is typed: its type and range here (schema.ts, the engine's messages),
 * the rules joining fields by the engine in the worker. Every scenario change restarts the run
 * (the simulation is replayed from t = 0 with the same seed); the View group applies at once.
 */
export function ParameterPanel({
  scenarioJson,
  validate,
  onApply,
  onClose,
  charts,
  hidden,
  onToggleChart,
  reportCatalogue,
}: Props) {
  const home = useRef<HTMLElement>(null);
  useFocusHome(home, { first: '.param-input input, .param-input select' });
  const running = useMemo(() => JSON.parse(scenarioJson) as ScenarioObject, [scenarioJson]);
  const [draft, setDraft] = useState<ScenarioObject>(running);
  // What each number box shows while it is being typed in ("1e", "0.").
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [engineErrors, setEngineErrors] = useState<FieldError[]>([]);
  const [checking, setChecking] = useState(false);
  // How many of the engine's verdicts have come back: a page (and the e2e tests) can tell that
  // the engine has answered for the latest draft (`data-checks` grew, `data-checking` false).
  const [answered, setAnswered] = useState(0);
  // The report of the catalogue file last loaded into a field, by the field's path.
  const [report, setReport] = useState<{
    path: string;
    file: string;
    r: CatalogueReport | null;
    error: string | null;
    /** What loading it changed besides the field: the epoch, the links. */
    changed?: string[];
  } | null>(null);
  useEffect(() => {
    setDraft(running);
    setTexts({});
  }, [running]);

  const local = useMemo(() => validateFields(draft), [draft]);
  // The engine's verdict, a moment after the last keystroke; a stale answer is dropped.
  const asked = useRef(0);
  useEffect(() => {
    const n = ++asked.current;
    setChecking(true);
    const t = window.setTimeout(() => {
      void validate(JSON.stringify(draft)).then((e) => {
        if (n !== asked.current) return;
        setEngineErrors(e ? e.errors : []);
        setChecking(false);
        setAnswered((k) => k + 1);
      });
    }, 200);
    return () => window.clearTimeout(t);
  }, [draft, validate]);

  const errors = useMemo(() => {
    const all = [...local];
    for (const e of engineErrors) if (!all.some((x) => x.path === e.path && x.message === e.message)) all.push(e);
    return all;
  }, [local, engineErrors]);

  const groups = GROUPS.map((g) => ({ ...g, fields: g.fields.filter((f) => fieldApplies(f, draft)) })).filter(
    (g) => g.fields.length,
  );
  // An error about a whole array (voip.constellation_delay_ms: min above max) shows under each
  // of its elements; a profile's own errors (serde names the profile for a mistyped amplitude)
  // under its shape.
  const errorsOf = (f: Field) =>
    errors.filter(
      (e) =>
        e.path === f.path ||
        (e.path !== '' && f.path.startsWith(`${e.path}[`)) ||
        (f.path.endsWith('_profile.kind') && e.path === f.path.slice(0, -'.kind'.length)),
    );
  const placed = new Set(groups.flatMap((g) => g.fields.flatMap(errorsOf)));
  const other = errors.filter((e) => !placed.has(e));
  const changed = groups
    .flatMap((g) => g.fields)
    .filter((f) => show(getPath(draft, f.path)) !== show(getPath(running, f.path)));
  const dirty = JSON.stringify(draft) !== JSON.stringify(running);

  // Switching the model drops the old model's sections: a scenario holds its own model's only.
  const set = (f: Field, v: Json) =>
    setDraft((d) => (f.path === 'model' && typeof v === 'string' ? withModel(d, v) : setPath(d, f.path, v)));

  const input = (f: Field) => {
    const id = `param-${f.path}`;
    const bad = errorsOf(f).length > 0;
    const common = { id, 'aria-invalid': bad, 'aria-describedby': `${id}-help`, title: f.help };
    switch (f.type) {
      case 'number': {
        const v = getPath(draft, f.path);
        return (
          <input
            {...common}
            type="text"
            inputMode="decimal"
            value={texts[f.path] ?? show(v)}
            placeholder={f.nullMeans}
            onChange={(e) => {
              setTexts((t) => ({ ...t, [f.path]: e.target.value }));
              set(f, parseNumber(f, e.target.value));
            }}
          />
        );
      }
      case 'choice': {
        const v = show(getPath(draft, f.path));
        return (
          <select {...common} value={v} onChange={(e) => set(f, e.target.value)}>
            {!f.options.some((o) => o.value === v) && <option value={v}>{v}</option>}
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        );
      }
      case 'bool':
        return (
          <input
            {...common}
            type="checkbox"
            checked={getPath(draft, f.path) === true}
            onChange={(e) => set(f, e.target.checked)}
          />
        );
      case 'text': {
        const v = show(getPath(draft, f.path));
        if (!f.multiline) return <input {...common} type="text" value={v} onChange={(e) => set(f, e.target.value)} />;
        // Long text (element sets, a description) can also come from a file.
        return (
          <>
            {v.length > LONG_TEXT_CHARS ? (
              // Megabytes of element sets are not typed: a text box holding them costs the tab
              // hundreds of MB of layout. Their size stands in for them; a file replaces them.
              <p {...common} className="long-text" data-testid="long-text">
                {v.length.toLocaleString('en-GB')} characters ({v.split('\n').length.toLocaleString('en-GB')} lines)
                loaded{' '}
                <button type="button" onClick={() => set(f, null)}>
                  Clear
                </button>
              </p>
            ) : (
              <textarea
                {...common}
                rows={3}
                value={v}
                placeholder={f.nullMeans}
                onChange={(e) => set(f, e.target.value)}
              />
            )}
            <label className="file-load">
              Load from a file…
              <input
                type="file"
                aria-label={`Load ${f.label} from a file`}
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  const text = await file.text();
                  rememberFile(f.path, text, file.name);
                  set(f, text);
                  if (f.catalogue && reportCatalogue) {
                    setReport({ path: f.path, file: file.name, r: null, error: null });
                    const { json, error } = await reportCatalogue(text);
                    const r = json ? (JSON.parse(json) as CatalogueReport) : null;
                    // A run over the file starts at its latest epoch (its sets are stale far from
                    // it), and a catalogue of several shells needs +Grid or no ISLs: the fields
                    // beside the file's are set so, and the report says so.
                    const changed: string[] = [];
                    if (r) {
                      const section = f.path.slice(0, f.path.lastIndexOf('.') + 1);
                      const epoch = FIELDS.get(`${section}epoch_utc`);
                      if (epoch) {
                        set(epoch, r.reference_utc);
                        changed.push(`${epoch.label} set to ${r.reference_utc}, the latest of its element sets`);
                      }
                      const isl = FIELDS.get(`${section}isl`);
                      if (isl && !uniformShell(r) && (getPath(draft, isl.path) ?? 'iridium') === 'iridium') {
                        set(isl, 'grid');
                        changed.push(`${isl.label} set to +Grid in every shell`);
                      }
                      // No link joins two shells: one satellite per site, each maybe in another
                      // shell, often has no route; any satellite in view lets the route choose.
                      const access = FIELDS.get(`${section}access`);
                      if (access && r.shells.length > 1 && getPath(draft, access.path) !== 'free') {
                        set(access, 'free');
                        changed.push(
                          `${access.label} set to any in view: no link joins two shells, so the route picks each site's satellite`,
                        );
                      }
                    }
                    setReport({ path: f.path, file: file.name, r, error, changed });
                  }
                }}
              />
            </label>
            {report?.path === f.path && <CatalogueReportView {...report} />}
          </>
        );
      }
    }
  };

  return (
    <aside ref={home} className="params" aria-label="Parameters" data-checking={checking} data-checks={answered}>
      <header>
        <h2>Parameters</h2>
        <button onClick={onClose} aria-label="Close parameters">
          ×
        </button>
      </header>
      <p className="params-note">
        Hover or focus a field for what it does. Scenario changes <strong>restart the run</strong> from t = 0 (same
        seed, same results); the View group applies at once.
      </p>
      {other.length > 0 && (
        <ul className="params-other" role="alert">
          {other.map((e, i) => (
            <li key={i}>
              <code>{e.path || 'scenario'}</code>: {e.message}
            </li>
          ))}
        </ul>
      )}
      <div className="params-body">
        {groups.map((g) => (
          <fieldset key={g.title}>
            <legend>{g.title}</legend>
            {g.fields.map((f) => {
              const errs = errorsOf(f);
              const isChanged = changed.includes(f);
              return (
                <div
                  key={f.path}
                  className={`param${errs.length ? ' invalid' : ''}${isChanged ? ' changed' : ''}`}
                  data-path={f.path}
                >
                  <label htmlFor={`param-${f.path}`} title={f.help}>
                    {f.label}
                    {f.type === 'number' && f.unit && <span className="unit"> [{f.unit}]</span>}
                  </label>
                  <div className="param-input">
                    {input(f)}
                    {f.path === 'seed' && (
                      <button
                        type="button"
                        title="A new random seed"
                        onClick={() => set(f, Math.floor(Math.random() * 1e9))}
                      >
                        New
                      </button>
                    )}
                  </div>
                  <div id={`param-${f.path}-help`} className="param-help">
                    {f.type === 'number' && <span className="range">{rangeText(f, draft)}</span>}
                    {isChanged && <span className="restart"> · changed: restarts the run</span>}
                    <span className="sr-only"> {f.help}</span>
                  </div>
                  {errs.map((e, i) => (
                    <div key={i} className="param-error" role="alert">
                      {e.message}
                    </div>
                  ))}
                </div>
              );
            })}
          </fieldset>
        ))}
        {charts.length > 0 && (
          <fieldset>
            <legend>View (applies now)</legend>
            {charts.map((c) => (
              <label key={c.key} className="param-check">
                <input type="checkbox" checked={!hidden.has(c.key)} onChange={() => onToggleChart(c.key)} /> Show “
                {c.title}”
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <footer>
        <button
          className="primary"
          disabled={!dirty || errors.length > 0 || checking}
          onClick={() => onApply(JSON.stringify(draft, null, 2))}
        >
          {changed.length || dirty
            ? `Restart with ${changed.length || 'these'} change${changed.length === 1 ? '' : 's'}`
            : 'No changes'}
        </button>
        <button
          disabled={!dirty}
          onClick={() => {
            setDraft(running);
            setTexts({});
          }}
        >
          Discard
        </button>
        <span className="hint" aria-live="polite">
          {errors.length
            ? `${errors.length} invalid field${errors.length === 1 ? '' : 's'}`
            : checking
              ? 'checking…'
              : dirty
                ? 'valid'
                : ''}
        </span>
      </footer>
    </aside>
  );
}

/** Longest text a text box shows [characters]; a longer one (a catalogue) is shown by its size. */
const LONG_TEXT_CHARS = 100_000;

/** The engine's report of a loaded catalogue, as `skyqueue tle check` prints it. */
function CatalogueReportView({
  file,
  r,
  error,
  changed = [],
}: {
  file: string;
  r: CatalogueReport | null;
  error: string | null;
  changed?: string[];
}) {
  if (!r && !error)
    return (
      <p className="catalogue-report" role="status">
        Reading {file}…
      </p>
    );
  if (!r) {
    return (
      <p className="catalogue-report" role="status" data-testid="catalogue-report">
        {file}: {error}
      </p>
    );
  }
  const w = catalogueWords(r);
  return (
    <div className="catalogue-report" role="status" data-testid="catalogue-report">
      <p>
        {file}: {w.summary}
      </p>
      <ol aria-label="Shells">
        {w.shells.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <p>{w.runs}</p>
      {changed.length > 0 && <p data-testid="catalogue-changed">{changed.join('; ')}.</p>}
    </div>
  );
}
