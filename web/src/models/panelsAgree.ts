// Test helpers for the "panels agree" tests of each model's folder (`<id>/panelsAgree.test.ts`):
// run a preset in the real engine (wasm), render the model's summary panel and its live text
// with what the engine reported, and read back the numbers a student sees. Test-only.
import { readdirSync, readFileSync } from 'node:fs';
import { createElement } from 'react';
import { expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Summary } from '../engine/summary-types';
import { defaultScenarioJson, loadWasmForNode, Simulation } from '../engine/wasmNode';
import type { ConstellationInfo, LoadedInfo } from '../engine/protocol';
import type { ModelDescriptor, SummaryProps } from './types';

const examples = new URL('../../../examples/', import.meta.url);

/** The examples (presets) of the model `id`, by file name. */
export function examplesOf(id: string): { file: string; scenario: Record<string, unknown> }[] {
  loadWasmForNode();
  // A scenario without `model` runs the engine's default model.
  const byDefault = (JSON.parse(defaultScenarioJson()) as { model: string }).model;
  return readdirSync(examples)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, scenario: JSON.parse(readFileSync(new URL(file, examples), 'utf8')) }))
    .filter(({ scenario }) => (scenario.model ?? byDefault) === id);
}

/** What one run left: the engine's summary, the scenario as run (defaults filled in), and the
 * constellation the engine built (if any). */
export interface Ran {
  summary: Summary;
  scenarioJson: string;
  constellation: ConstellationInfo | null;
}

/** Runs `scenario` in the engine for its first `seconds` (its whole duration when shorter). */
export function runFor(scenario: Record<string, unknown>, seconds: number): Ran {
  loadWasmForNode();
  const duration = Math.min(Number(scenario.duration_s ?? 100), seconds);
  const warmup = Math.min(Number(scenario.warmup_s ?? 5), duration / 2);
  const sim = new Simulation(JSON.stringify({ ...scenario, duration_s: duration, warmup_s: warmup }));
  try {
    sim.runToEnd();
    const summary = sim.summary() as Summary;
    const info = sim.constellationInfo() as ConstellationInfo | null | undefined;
    return { summary, scenarioJson: sim.scenarioJson(), constellation: info ?? null };
  } finally {
    sim.free();
  }
}

/** The model's summary panel as the app renders it for that run, as HTML. */
export function panelHtml(d: ModelDescriptor, ran: Ran): string {
  const scenario = JSON.parse(ran.scenarioJson) as {
    name?: string;
    description?: string;
    model?: string;
    duration_s?: number;
  };
  const info: LoadedInfo = {
    name: scenario.name ?? '',
    description: scenario.description ?? '',
    endNs: (scenario.duration_s ?? 0) * 1e9,
    series: [],
    scenarioJson: ran.scenarioJson,
    model: scenario.model ?? '',
    constellation: ran.constellation,
    traceLimit: 0,
  };
  const props: SummaryProps = {
    info,
    summary: ran.summary,
    globe: {
      pickTarget: null,
      showOrbits: false,
      showDownLinks: false,
      showAllLinks: false,
      onSite: () => {},
      onPickTarget: () => {},
      onShowOrbits: () => {},
      onShowDownLinks: () => {},
      onShowAllLinks: () => {},
    },
    topology: { events: [], linkChanges: 0 },
  };
  return renderToStaticMarkup(createElement(d.Summary, props));
}

/** The model's live text (setup and theory sentences) for that run, as one string. */
export function liveText(d: ModelDescriptor, ran: Ran): string {
  const scenario = JSON.parse(ran.scenarioJson);
  const t = d.liveText(scenario, {
    scenarioJson: ran.scenarioJson,
    constellation: ran.constellation,
    summary: ran.summary,
  });
  return [...t.setup, ...t.theory].join(' ');
}

/** HTML as text: tags dropped, entities a panel uses decoded, spaces folded. */
export function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The rows of the panel's tables: each row header's text and the text of the cells after it. */
export function tableRows(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)) {
    const head = /<th[^>]*scope="row"[^>]*>([\s\S]*?)<\/th>/.exec(m[1]);
    if (!head) continue;
    rows.set(plain(head[1]), plain(m[1].slice(m[1].indexOf(head[0]) + head[0].length)));
  }
  return rows;
}

/** The row whose header starts with `label` (throws, naming the rows there are, when none). */
export function row(rows: Map<string, string>, label: string): string {
  for (const [head, cells] of rows) if (head.startsWith(label)) return cells;
  throw new Error(`no row "${label}" among: ${[...rows.keys()].join(' | ')}`);
}

/** The numbers written in a text, in order ("1,234.5 kb/s / 12 %" gives [1234.5, 12]). */
export function numbersIn(text: string): number[] {
  return [...text.replace(/(\d),(\d{3})/g, '$1$2').matchAll(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g)].map((m) => Number(m[0]));
}

/** `x` as a panel writes it with `digits` decimals (NaN for a value the engine has not got). */
export const asShown = (x: number | null | undefined, digits: number): number =>
  x === null || x === undefined ? NaN : Number(x.toFixed(digits));

/** Whether the number written as `said` ("15.5") is `x` rounded to the digits written. */
export function saysRounded(said: string | undefined, x: number): boolean {
  if (said === undefined) return false;
  const digits = said.includes('.') ? said.length - said.indexOf('.') - 1 : 0;
  return Math.abs(Number(said.replace(/,/g, '')) - x) <= 0.5 * 10 ** -digits + 1e-9;
}

/** `x`, which a run of this length must have measured (throws, naming it, when it has not). */
export function known(x: number | null | undefined, what: string): number {
  if (x === null || x === undefined) throw new Error(`${what}: the engine reported no value`);
  return x;
}

/** One test per preset of the model `id` (at least `least` of them), each titled with the file's
 * name and `title`, running `check` on it. Call it inside a `describe`. */
export function everyPreset(
  id: string,
  least: number,
  title: string,
  check: (preset: { file: string; scenario: Record<string, unknown> }) => void,
): void {
  const presets = examplesOf(id);
  it('has presets to check', () => expect(presets.length).toBeGreaterThanOrEqual(least));
  for (const p of presets) it(`${p.file}: ${title}`, () => check(p));
}
