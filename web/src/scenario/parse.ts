import type { EngineError } from '../engine/errors';

/** The fields the UI reads before the engine has seen a scenario. */
export interface ScenarioHeader {
  version: number;
  name: string;
  description: string;
}

export type ParseResult = { ok: true; header: ScenarioHeader; text: string } | { ok: false; error: EngineError };

/** 1-based line and column of character offset `pos` in `text`. */
export function lineColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(pos, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** Where V8 or SpiderMonkey says a JSON syntax error is, as line and column. */
function syntaxLocation(message: string, text: string): { line: number; column: number } | null {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (pos) return lineColumn(text, Number(pos[1]));
  if (/Unexpected end of JSON input/.test(message)) return lineColumn(text, text.length);
  return null;
}

const invalid = (path: string, message: string): ParseResult => ({
  ok: false,
  error: { kind: 'invalid', message: 'the scenario has 1 invalid field', fatal: false, errors: [{ path, message }] },
});

/**
 * First look at a scenario text in the UI: JSON syntax (with line and column), an object, a
 * version. Ranges and every other rule are the engine's (`Scenario::validate`), which reports
 * all invalid fields when the worker loads the scenario.
 */
export function parseScenarioText(text: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = syntaxLocation(message, text);
    const where = at ? ` at line ${at.line}, column ${at.column}` : '';
    const m = `invalid JSON${where}: ${message}`;
    return { ok: false, error: { kind: 'syntax', message: m, fatal: false, errors: [{ path: '', message: m }] } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid('', 'a scenario is a JSON object, e.g. { "version": 1 }');
  }
  const o = value as Record<string, unknown>;
  if (o.version === undefined) return invalid('version', 'missing; this engine reads scenario version 1');
  if (typeof o.version !== 'number') return invalid('version', `${JSON.stringify(o.version)} is not a number (allowed: 1)`);
  return {
    ok: true,
    text,
    header: {
      version: o.version,
      name: typeof o.name === 'string' ? o.name : 'Untitled scenario',
      description: typeof o.description === 'string' ? o.description : '',
    },
  };
}
