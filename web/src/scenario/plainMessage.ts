/**
 * Serde's type messages in plain words: `invalid type: string "abc", expected f64` becomes
 * `must be a number, not the text "abc"`. The engine applies the same rules to the same messages
 * (engine-wasm/crates/engine/src/scenario/error.rs `plain_message`); both are tested against
 * engine-wasm/crates/engine/tests/fixtures/plain-messages.json. Other messages pass unchanged.
 */

const MAX: Record<string, string> = {
  u8: '255',
  u16: '65535',
  u32: '4294967295',
  u64: '18446744073709551615',
  usize: '18446744073709551615',
};

/** What a field must be, from serde's `expected ...`. */
function wanted(expected: string): string {
  if (expected === 'f64' || expected === 'f32') return 'a number';
  if (/^[ui](8|16|32|64|size)$/.test(expected)) return 'a whole number';
  if (expected === 'a string') return 'text in quotes';
  if (expected === 'a boolean') return 'true or false';
  if (expected === 'variant identifier') return 'the name of an option, in quotes';
  if (expected.startsWith('struct ') || expected === 'a map') return 'an object of fields { ... }';
  if (expected === 'a sequence') return 'a list [ ... ]';
  return expected;
}

/** What was given, from serde's description of the value. */
function given(unexpected: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^string (".*")$/.exec(unexpected))) return `the text ${m[1]}`;
  if ((m = /^(?:boolean|integer|floating point) `(.*)`$/.exec(unexpected))) return m[1];
  if (unexpected === 'null' || unexpected === 'unit') return 'null (empty)';
  if (unexpected === 'map') return 'an object';
  if (unexpected === 'sequence') return 'a list';
  return unexpected;
}

export function plainMessage(message: string): string {
  let m = /^invalid type: (.+), expected (.+)$/.exec(message);
  if (m) return `must be ${wanted(m[2])}, not ${given(m[1])}`;
  m = /^invalid value: (.+), expected ([ui](?:8|16|32|64|size))$/.exec(message);
  if (m) return `must be a whole number from 0 to ${MAX[m[2]] ?? 'its maximum'}, not ${given(m[1])}`;
  return message;
}

/** Whether a message says a value has the wrong type (as opposed to a range or an option). */
export function isTypeMessage(message: string): boolean {
  return /^must be .*, not /.test(message) && !/^must be a finite number/.test(message);
}
