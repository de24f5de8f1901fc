import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { choiceLabels, explanation, showValue, type LabStep, type Prediction } from './lab';
import { useFocusHome } from '../app/useFocusHome';
import { ScenarioEditor } from '../panels/ScenarioEditor';
import { checkLabText, labWithStep } from './authoring';
import type { LabState, OpenLab } from './useLab';

interface Props {
  lab: LabState;
  /** Opens a lab written in the lab editor (already checked). */
  onOpenWritten: (json: string) => void;
  /** A step made from the run on screen, or why there can be none. */
  stepFromRun: () => Record<string, unknown> | string;
  /** The numbers the run on screen has measured, by summary path (what a value may read). */
  runNumbers: () => [string, number][];
  /** Links that open this lab: for anyone (null when the lab came from a class's link, which
   * must not hand out the explanations), and for a class (explanations after each answer);
   * `tooLong` says what to share instead when the lab does not fit in a link. */
  links: { open: string | null; forClass: string; tooLong: string | null } | null;
}

/** The prediction form of one step: a number, a choice, or an ordering. */
function PredictionForm({
  step,
  onAnswer,
  onReveal,
}: {
  step: LabStep;
  onAnswer: (p: Prediction) => void;
  onReveal: (() => void) | null;
}) {
  const a = step.answer;
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<number | null>(null);
  const items = 'order' in a ? a.order.items : [];
  const [order, setOrder] = useState<number[]>(() => items.map((_it, j) => j));
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLElement | null>(null);
  const name = useId();
  // The form takes the keyboard when a step opens.
  useEffect(() => first.current?.focus(), [step]);
  const unit = 'number' in a ? step.values[a.number.value]?.unit : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if ('number' in a) {
      const v = Number(text.trim().replace(/,/g, ''));
      if (text.trim() === '' || !Number.isFinite(v)) return setProblem('Type a number first (for example 120).');
      onAnswer({ number: v });
    } else if ('choice' in a) {
      if (choice === null) return setProblem('Pick one of the options first.');
      onAnswer({ choice });
    } else onAnswer({ order });
  };
  const move = (i: number, by: number) =>
    setOrder((o) => {
      const n = [...o];
      const j = i + by;
      if (j < 0 || j >= n.length) return o;
      [n[i], n[j]] = [n[j], n[i]];
      return n;
    });

  return (
    <form className="lab-form" onSubmit={submit} aria-label="Your prediction">
      {'number' in a && (
        <label className="lab-number">
          Your prediction
          <input
            ref={(el) => void (first.current = el)}
            inputMode="decimal"
            aria-label={`Your prediction${unit ? ` [${unit}]` : ''}`}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
          />
          {unit && <span>{unit}</span>}
        </label>
      )}
      {'choice' in a && (
        <fieldset className="lab-choice">
          <legend>Your prediction</legend>
          {choiceLabels(step).map((label, j) => (
            <label key={label}>
              <input
                ref={j === 0 ? (el) => void (first.current = el) : undefined}
                type="radio"
                name={name}
                checked={choice === j}
                onChange={() => {
                  setChoice(j);
                  setProblem(null);
                }}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {'order' in a && (
        <fieldset className="lab-order">
          <legend>Your prediction ({a.order.by === 'ascending' ? 'lowest' : 'highest'} first)</legend>
          <ol>
            {order.map((j, i) => (
              <li key={items[j].label}>
                <span>{items[j].label}</span>
                <button
                  type="button"
                  aria-label={`Move ${items[j].label} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  ref={i === 0 ? (el) => void (first.current = el) : undefined}
                  aria-label={`Move ${items[j].label} down`}
                  disabled={i === order.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
              </li>
            ))}
          </ol>
        </fieldset>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary">
          Run and check
        </button>
        {onReveal && (
          <button type="button" onClick={onReveal}>
            Show the answer without predicting
          </button>
        )}
      </div>
    </form>
  );
}

/** The prediction and the engine's number on one scale, the tolerance shaded. */
function NumberLine({ step, predicted, truth }: { step: LabStep; predicted: number | null; truth: number }) {
  const a = step.answer;
  if (!('number' in a)) return null;
  const tol = a.number.tolerance ?? (Math.abs(truth) * (a.number.tolerance_pct ?? 0)) / 100;
  const lo0 = Math.min(truth - tol, predicted ?? truth);
  const hi0 = Math.max(truth + tol, predicted ?? truth);
  const pad = Math.max((hi0 - lo0) * 0.15, Math.abs(truth) * 0.05, 1e-9);
  const [lo, hi] = [lo0 - pad, hi0 + pad];
  const x = (v: number) => 10 + ((v - lo) / (hi - lo)) * 380;
  const name = a.number.value;
  return (
    <svg className="lab-line" viewBox="0 0 400 64" role="img" aria-label="Your prediction beside the engine's number">
      <line x1={10} x2={390} y1={32} y2={32} className="axis" />
      <rect
        x={x(truth - tol)}
        width={Math.max(2, x(truth + tol) - x(truth - tol))}
        y={24}
        height={16}
        className="band"
      />
      <line x1={x(truth)} x2={x(truth)} y1={18} y2={46} className="truth" />
      <text x={x(truth)} y={60} textAnchor="middle">
        engine {showValue(step, name, truth)}
      </text>
      {predicted !== null && (
        <>
          <path d={`M ${x(predicted)} 28 l -6 -12 h 12 z`} className="you" />
          <text x={x(predicted)} y={12} textAnchor="middle">
            you {showValue(step, name, predicted)}
          </text>
        </>
      )}
    </svg>
  );
}

/**
 * The lab on screen: the step's question, the student's prediction, then the engine's answer
 * beside it with the explanation, step by step to the end. It takes the keyboard when a step
 * opens and when its answer shows.
 */
/** The lab as JSON in the editor, with the schema's checks; *Open this lab* opens what is written. */
function LabEditor({ lab, onOpenWritten, runNumbers }: Pick<Props, 'lab' | 'onOpenWritten' | 'runNumbers'>) {
  const [numbers] = useState(() => runNumbers().slice(0, 40));
  return (
    <ScenarioEditor
      initial={lab.editing ?? ''}
      validate={async (t) => checkLabText(t)}
      onRun={(t) => {
        if (!checkLabText(t)) onOpenWritten(t);
      }}
      onClose={() => lab.setEditing(null)}
      kind={{
        title: 'Lab',
        run: 'Open this lab',
        hint: (
          <>
            Problems are underlined as you type, by step and field (docs/LABS.md has every field).{' '}
            {numbers.length > 0 && (
              <details>
                <summary>Numbers the run on screen measures (for a value&apos;s &quot;of&quot;)</summary>
                <ul className="lab-numbers">
                  {numbers.map(([path, v]) => (
                    <li key={path}>
                      <code>{path}</code> = {Number(v.toPrecision(4))}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        ),
      }}
    />
  );
}

export function LabPanel({ lab, links, onOpenWritten, stepFromRun, runNumbers }: Props) {
  const { open, step, stepIndex, values, verdict, shown, progress } = lab;
  const next = useRef<HTMLButtonElement | null>(null);
  const home = useRef<HTMLElement>(null);
  useFocusHome(home);
  const [done, setDone] = useState(false);
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const answered = progress.answers[stepIndex];
  const ready = values?.state === 'ready' ? values.values : null;
  // The answer is on screen: the keyboard goes to what comes next.
  useEffect(() => {
    if (shown && ready) next.current?.focus();
  }, [shown, ready, stepIndex]);
  // The lab editor gives the keyboard back when it closes (Esc, Close): to *Edit this lab* or
  // *Add the run on screen as a step* when one of them opened it (their box open again), else to
  // what the editor itself gives it back to (Share & export, after *Make a lab of this run*).
  // Not when it closed by opening the lab written: that lab's first step takes the keyboard.
  const [writeOpen, setWriteOpen] = useState(false);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const editorOf = useRef<{ from: 'edit' | 'add' | null; lab: OpenLab | null } | null>(null);
  const afterEditor = useRef<HTMLElement | null>(null);
  const editing = lab.editing !== null;
  useLayoutEffect(() => {
    if (editing) {
      editorOf.current ??= { from: null, lab: open };
      return;
    }
    const was = editorOf.current;
    editorOf.current = null;
    // Read here, after the editor has given the focus back and before a step's form takes it.
    afterEditor.current =
      !was || was.lab !== open
        ? null
        : was.from === 'edit'
          ? editButton.current
          : was.from === 'add'
            ? addButton.current
            : (document.activeElement as HTMLElement | null);
  }, [editing, open]);
  useEffect(() => {
    const to = afterEditor.current;
    afterEditor.current = null;
    if (to && to !== document.activeElement && to.isConnected) to.focus();
  }, [editing]);
  if (!open || !step) return null;
  const total = open.lab.steps.length;
  const addRun = () => {
    const made = stepFromRun();
    if (typeof made === 'string') return setAddProblem(made);
    setAddProblem(null);
    editorOf.current = { from: 'add', lab: open };
    lab.setEditing(labWithStep(open.json, made));
  };
  // A class's link (`hide`) never shows the lab's text: it holds every explanation.
  if (lab.editing !== null && !open.hide)
    return (
      <section ref={home} className="lab-panel editing" aria-label={`Lab: ${open.lab.title}`} data-testid="lab">
        <LabEditor lab={lab} onOpenWritten={onOpenWritten} runNumbers={runNumbers} />
      </section>
    );
  const right = progress.answers.filter((x) => x?.correct).length;
  const a = step.answer;
  const explainShown = shown && ready && (!open.hide || !!answered);

  if (done)
    return (
      <section
        ref={home}
        className="lab-panel"
        aria-label={`Lab: ${open.lab.title}`}
        data-testid="lab"
        data-step="done"
      >
        <header>
          <h2>Lab: {open.lab.title}</h2>
        </header>
        <p role="status" data-testid="lab-score">
          Lab finished: {right} of {total} predictions right.
        </p>
        <ol className="lab-recap">
          {open.lab.steps.map((s, i) => (
            <li key={s.title}>
              {s.title}:{' '}
              {progress.answers[i]?.correct === true
                ? 'right'
                : progress.answers[i]?.correct === false
                  ? 'not right'
                  : 'no prediction'}
            </li>
          ))}
        </ol>
        <div className="actions">
          <button
            className="primary"
            ref={(el) => el?.focus()}
            onClick={() => {
              setDone(false);
              lab.restart();
            }}
          >
            Start again
          </button>
          <button onClick={lab.close}>Close the lab</button>
        </div>
      </section>
    );

  return (
    <section
      ref={home}
      className="lab-panel"
      aria-label={`Lab: ${open.lab.title}`}
      data-testid="lab"
      data-step={stepIndex}
      data-values={values?.state ?? 'none'}
    >
      <header>
        <h2>
          Lab: {open.lab.title}
          {open.lab.paper && <span className="muted"> (paper {open.lab.paper})</span>}
        </h2>
        <button onClick={lab.close} aria-label="Close the lab">
          Close
        </button>
      </header>
      <nav className="lab-steps" aria-label="Steps">
        {open.lab.steps.map((s, i) => (
          <button
            key={s.title}
            aria-current={i === stepIndex ? 'step' : undefined}
            className={progress.answers[i]?.correct ? 'right' : progress.answers[i] ? 'wrong' : ''}
            onClick={() => lab.goTo(i)}
            title={s.title}
          >
            {i + 1}
          </button>
        ))}
        <span>
          Step {stepIndex + 1} of {total}: {step.title}
        </span>
      </nav>
      <p className="lab-question">{step.question}</p>
      {!shown && (
        <PredictionForm key={stepIndex} step={step} onAnswer={lab.answer} onReveal={open.hide ? null : lab.reveal} />
      )}
      {shown && !ready && (
        <p className="muted" role="status" data-testid="lab-computing">
          {values?.state === 'failed'
            ? `The engine could not run this step: ${values.message}`
            : values?.state === 'computing'
              ? `The engine is running this step (${values.done} of ${values.total} runs done)…`
              : 'The engine is starting…'}
        </p>
      )}
      {shown && ready && (
        <div className="lab-result">
          {verdict ? (
            <p
              role="status"
              data-testid="lab-verdict"
              data-correct={verdict.correct}
              className={verdict.correct ? 'right' : 'wrong'}
            >
              <strong>{verdict.correct ? 'Right.' : 'Not this time.'}</strong> You predicted {verdict.predicted}; the
              engine gives {verdict.truth}.
            </p>
          ) : (
            <p role="status" data-testid="lab-verdict" data-correct="none">
              No prediction. The engine gives{' '}
              {'number' in a
                ? showValue(step, a.number.value, ready[a.number.value])
                : 'choice' in a
                  ? 'the answer in the explanation below'
                  : 'the order in the explanation below'}
              .
            </p>
          )}
          {'number' in a && ready[a.number.value] !== null && (
            <NumberLine
              step={step}
              predicted={answered?.prediction && 'number' in answered.prediction ? answered.prediction.number : null}
              truth={ready[a.number.value]!}
            />
          )}
          {explainShown && (
            <p className="lab-explain" data-testid="lab-explain">
              {explanation(step, ready)}
            </p>
          )}
          <div className="actions">
            {stepIndex + 1 < total ? (
              <button className="primary" ref={next} onClick={() => lab.goTo(stepIndex + 1)}>
                Next step
              </button>
            ) : (
              <button className="primary" ref={next} onClick={() => setDone(true)}>
                Finish the lab
              </button>
            )}
          </div>
        </div>
      )}
      {/* A class's link keeps the lab's text (every explanation) out of reach: no editor. */}
      {!open.hide && (
        <details className="lab-share" open={writeOpen} onToggle={(e) => setWriteOpen(e.currentTarget.open)}>
          <summary>Write a lab</summary>
          <div className="actions">
            <button
              ref={editButton}
              onClick={() => {
                editorOf.current = { from: 'edit', lab: open };
                lab.setEditing(JSON.stringify(JSON.parse(open.json), null, 2));
              }}
            >
              Edit this lab
            </button>
            <button ref={addButton} onClick={addRun}>
              Add the run on screen as a step
            </button>
          </div>
          {addProblem && (
            <p className="field-error" role="alert">
              {addProblem}
            </p>
          )}
        </details>
      )}
      {links && (
        <details className="lab-share">
          <summary>Share this lab</summary>
          {links.tooLong ? (
            <p>{links.tooLong}</p>
          ) : (
            <>
              {links.open !== null && (
                <label>
                  Link
                  <input readOnly value={links.open} onFocus={(e) => e.currentTarget.select()} />
                </label>
              )}
              <label>
                For a class (each explanation once the step is answered)
                <input readOnly value={links.forClass} onFocus={(e) => e.currentTarget.select()} />
              </label>
            </>
          )}
        </details>
      )}
    </section>
  );
}
