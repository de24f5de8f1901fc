/** One problem with one field of a scenario; `path` is like `traffic.flows` ('' = whole document). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Every error the engine or the worker reports, keyed by `kind`. Built in one place on the Rust
 * side (crates/bindings) and, for failures of the worker itself, in worker code.
 * `fatal` decides whether the current run can go on.
 */
export type EngineError =
  | { kind: 'syntax' | 'field' | 'invalid'; message: string; fatal: false; errors: FieldError[] }
  | { kind: 'sim'; message: string; fatal: false; errors: FieldError[] }
  | { kind: 'internal'; message: string; fatal: true; errors: FieldError[] };

const kinds = new Set(['syntax', 'field', 'invalid', 'sim', 'internal']);

/** Whether a thrown value is the engine's structured error object. */
export function isEngineError(e: unknown): e is EngineError {
  return (
    typeof e === 'object' &&
    e !== null &&
    kinds.has((e as { kind?: string }).kind ?? '') &&
    Array.isArray((e as { errors?: unknown }).errors)
  );
}

/** Turns anything thrown into an EngineError; unknown throws (a wasm trap, a bug) are fatal. */
export function toEngineError(e: unknown): EngineError {
  if (isEngineError(e)) return e;
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'internal', message: `engine failure: ${message}`, fatal: true, errors: [] };
}

/** One line per problem, `path: message`, for banners and logs. */
export function describeError(e: EngineError): string[] {
  if (e.errors.length === 0) return [e.message];
  return e.errors.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message));
}
