import type { EngineError } from '../engine/errors';
import { checkVersion } from './schema';

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

/**
 * Offset of the first JSON syntax error in `text` (RFC 8259 grammar), or -1 when the text is
 * valid JSON. Browsers' JSON.parse messages do not always say where the error is; this does.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const fail = (): never => {
    throw i;
  };
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const str = () => {
    i++; // opening quote
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
        i++;
        continue;
      }
      if (c < ' ') fail();
      i++;
    }
    fail();
  };
  const numberRe = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') fail();
          str();
          ws();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === close) {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return str();
    numberRe.lastIndex = i;
    const m = numberRe.exec(text);
    if (m) {
      i += m[0].length;
      return;
    }
    for (const lit of ['true', 'false', 'null']) {
      if (text.startsWith(lit, i)) {
        i += lit.length;
        return;
      }
    }
    fail();
  };
  try {
    value();
    ws();
    if (i < n) fail();
    return -1;
  } catch (pos) {
    return typeof pos === 'number' ? pos : 0;
  }
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
    const offset = jsonErrorOffset(text);
    const at = lineColumn(text, offset < 0 ? text.length : offset);
    const m = `invalid JSON at line ${at.line}, column ${at.column}: ${message}`;
    return { ok: false, error: { kind: 'syntax', message: m, fatal: false, errors: [{ path: '', message: m }] } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid('', 'a scenario is a JSON object, e.g. { "version": 1 }');
  }
  const o = value as Record<string, unknown>;
  const version = checkVersion(o.version as Parameters<typeof checkVersion>[0]);
  if (version) return invalid('version', version);
  return {
    ok: true,
    text,
    header: {
      version: o.version as number,
      name: typeof o.name === 'string' ? o.name : 'Untitled scenario',
      description: typeof o.description === 'string' ? o.description : '',
    },
  };
}
