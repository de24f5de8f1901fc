/**
 * A model's UI is one folder, web/src/models/<id>/, and this test keeps it so:
 *
 * - Outside the model folders, no source file names a model: no string literal is a model's id
 *   (the scenario's `model` value, e.g. 'voip-leo', or its underscored spelling), and no import
 *   reaches into a model's folder. The app asks the registry (models/index.ts) and the
 *   descriptor it returns. The registry itself imports each folder for its lists, and names no
 *   model either.
 * - A model's folder imports neither the registry nor another model's folder, and names no
 *   other model: what models share lives in models/types.ts and in shared components.
 * - Every registered model has its folder, with the files every model's UI is made of.
 *
 * Test files are read too, with no exception: a test of one model lives in its folder
 * (models/<id>/*.test.ts), and a shared test goes over the models through the registry
 * (MODEL_REGISTRY, COURSE, the presets) or uses a made-up model and section where the code reads
 * none. Not read: web/src/wasm/ (wasm-bindgen's output, written by scripts/build-engine.sh) and
 * web/src/engine/summary-types.ts, generated from the engine's summary types (its comments name
 * each model's summary; a generated file may need to). The end-to-end specs (e2e/, outside web/src) are not read either: they act
 * as a person does, who opens a preset by its name and reads the model's words on the screen;
 * they assert what one preset shows, not a list of the models, so a new model breaks none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { MODEL_REGISTRY } from '.';

const SRC = fileURLToPath(new URL('../', import.meta.url));
const MODELS = fileURLToPath(new URL('./', import.meta.url));
const REGISTRY = join(MODELS, 'index.ts');
/** Generated files, not read (see above). */
const GENERATED = [join(SRC, 'wasm'), join(SRC, 'engine', 'summary-types.ts')];
/** What every model's folder holds (see the descriptor's fields in ./types.ts). */
const FOLDER_FILES = ['index.tsx', 'liveText.ts', 'liveText.test.ts', 'guides.ts', 'Pictogram.tsx'];

const IDS = MODEL_REGISTRY.map((m) => m.id as string);
/** The ids, and their underscored spellings (`voip_leo`), each with the model it names. */
const NAMES = new Map(IDS.flatMap((id) => [[id, id] as const, [id.replace(/-/g, '_'), id] as const]));

/** The model folder a path lies in (`voip-leo`), or null. */
function folderOf(path: string): string | null {
  const rel = relative(MODELS, path);
  if (rel.startsWith('..') || rel === '') return null;
  const [first, ...rest] = rel.split(sep);
  return rest.length > 0 || IDS.includes(first) ? first : null;
}

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

/** Every node of a parsed file, depth first. */
function* nodes(n: unknown): Generator<Node> {
  if (Array.isArray(n)) for (const x of n) yield* nodes(x);
  else if (n && typeof n === 'object') {
    if (typeof (n as Node).type === 'string') yield n as Node;
    for (const v of Object.values(n)) if (v && typeof v === 'object') yield* nodes(v);
  }
}

/** What `file` (a path under web/src, its text `text`) does that crosses a model's boundary. */
export function crossings(file: string, text: string): string[] {
  const own = folderOf(file);
  const isRegistry = file === REGISTRY;
  const where = relative(SRC, file);
  const line = (at: number) => text.slice(0, at).split('\n').length;
  const out: string[] = [];
  const ast = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  for (const n of nodes(ast)) {
    // A string that is a model's id (or a template literal without substitutions).
    const quasis = n.type === 'TemplateLiteral' ? (n.quasis as { value: { cooked: string | null } }[]) : null;
    const value =
      n.type === 'Literal' && typeof n.value === 'string'
        ? n.value
        : quasis?.length === 1
          ? quasis[0].value.cooked
          : null;
    const named = value === null ? undefined : NAMES.get(value);
    if (named !== undefined && named !== own) {
      const place = own ? `another model's folder (models/${own}/)` : 'a file outside the model folders';
      out.push(
        `${where}:${line(n.start)}: names the model '${value}' in ${place}; only ` +
          `models/${named}/ may (elsewhere, ask the registry or the descriptor)`,
      );
    }
    // An import (or re-export, or dynamic import, or import type) of a relative path.
    const source = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].includes(
      n.type,
    )
      ? (n.source as { value?: unknown } | null)?.value
      : n.type === 'TSImportType'
        ? ((n.argument as { literal?: { value?: unknown } } | undefined)?.literal?.value ??
          (n.argument as { value?: unknown } | undefined)?.value)
        : undefined;
    if (typeof source !== 'string' || !source.startsWith('.')) continue;
    const target = resolve(dirname(file), source);
    const folder = folderOf(target);
    const registry = target === MODELS.replace(/[\\/]$/, '') || target === join(MODELS, 'index');
    if (folder && folder !== own && !isRegistry)
      out.push(
        `${where}:${line(n.start)}: imports '${source}', in models/${folder}/; ` +
          `only the registry (models/index.ts) imports a model's folder`,
      );
    if (registry && own)
      out.push(
        `${where}:${line(n.start)}: imports the registry ('${source}') from ` +
          `models/${own}/; a model's folder imports models/types.ts, never the registry`,
      );
  }
  return out;
}

/** The .ts and .tsx files under `dir`, tests included, the generated ones left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (GENERATED.includes(path)) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("each model's UI stays in its folder", () => {
  it('the check sees what it is meant to see', () => {
    const shared = join(SRC, 'panels', 'Example.tsx');
    const mine = join(MODELS, IDS[1], 'Example.tsx');
    const text = [
      `import { x } from '../models/${IDS[1]}/liveText';`,
      `export type X = '${IDS[0]}' | 'not-a-model';`,
      `const y = <div data-model="${IDS[2]}">${IDS[3]} // '${IDS[4]}' in JSX text is not a literal</div>;`,
      `/* '${IDS[5]}' in a comment */ const z = \`${IDS[6].replace(/-/g, '_')}\`, w = \`\${y}${IDS[6]}\`;`,
    ].join('\n');
    expect(crossings(shared, text)).toEqual([
      expect.stringMatching(
        new RegExp(`^panels/Example.tsx:1: imports '\\.\\./models/${IDS[1]}/liveText', in models/${IDS[1]}/`),
      ),
      expect.stringMatching(
        new RegExp(`^panels/Example.tsx:2: names the model '${IDS[0]}' in a file outside the model folders`),
      ),
      expect.stringMatching(new RegExp(`^panels/Example.tsx:3: names the model '${IDS[2]}'`)),
      expect.stringMatching(new RegExp(`^panels/Example.tsx:4: names the model '${IDS[6].replace(/-/g, '_')}'`)),
    ]);
    const own = [
      `import { MODEL_REGISTRY } from '..';`,
      `import type { ModelDescriptor } from '../types';`,
      `const id = '${IDS[1]}', other = '${IDS[0]}';`,
    ];
    expect(crossings(mine, own.join('\n'))).toEqual([
      expect.stringMatching(new RegExp(`^models/${IDS[1]}/Example.tsx:1: imports the registry`)),
      expect.stringMatching(
        new RegExp(`^models/${IDS[1]}/Example.tsx:3: names the model '${IDS[0]}' in another model's folder`),
      ),
    ]);
  });

  it('no source file names a model or reaches into its folder, except the model itself (and the registry importing it)', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain(REGISTRY);
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(true);
    const found = files.flatMap((f) => crossings(f, readFileSync(f, 'utf8')));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('every registered model has its folder, named by its id, with the files a model is made of', () => {
    const folders = readdirSync(MODELS).filter((name) => statSync(join(MODELS, name)).isDirectory());
    expect(folders.sort()).toEqual([...IDS].sort());
    for (const id of IDS)
      for (const f of FOLDER_FILES) expect(existsSync(join(MODELS, id, f)), `models/${id}/${f}`).toBe(true);
  });
});
