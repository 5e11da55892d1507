// The import graph of src/ keeps its layers (docs/architecture.md): no cycle between modules, and no
// import from a lower layer to a higher one. Type-only imports count: they tie modules together as much.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The layers of src/, from the ground floor up. A module may import from its own unit and from units
 * listed before it; a unit is a top-level file or folder. The table in docs/architecture.md is this list.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['leb128'],
  ['types', 'sha256'],
  ['paths', 'distance', 'text-hash', 'clock', 'read-scope', 'globs'],
  ['version', 'fs-async', 'secrets', 'messages', 'document', 'write-scope'],
  ['releases', 'built-outputs'],
  ['otto'],
  ['source'],
  ['schema'],
  ['kinds'],
  ['functions', 'certs'],
  ['rules'],
  ['lint'],
  ['files', 'report'],
  ['sync'],
  ['fix'],
  ['sgtest', 'plan', 'convert', 'config'],
  ['cli'],
  ['index', 'launch'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(c|m)?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Relative module specifiers of a file: static imports and re-exports (type-only too) and import(). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+['"](\.[^'"]+)['"]/gms),
    ...text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) => {
    const base = path.resolve(path.dirname(file), specifier).replace(/\.(c|m)?js$/, '');
    for (const candidate of [`${base}.ts`, `${base}.cts`, `${base}.mts`, path.join(base, 'index.ts')]) {
      if (existsSync(candidate)) return candidate;
    }
    throw new Error(`${path.relative(SRC, file)} imports ${specifier}, which is no module of src/`);
  });
}

/** The unit a module belongs to: its top-level folder, or its own name for a top-level file. */
function unitOf(file: string): string {
  const first = path.relative(SRC, file).split(path.sep)[0]!;
  return first.replace(/\.(c|m)?ts$/, '');
}

function layerOf(unit: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(unit));
  if (index < 0) throw new Error(`src/${unit} is in no layer of test/architecture.test.ts (and docs/architecture.md)`);
  return index;
}

const graph = new Map(sourceFiles(SRC).map((file) => [file, relativeImports(file)]));
const name = (file: string) => path.relative(SRC, file);

/** Strongly connected components with more than one module (Tarjan). */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(name(member));
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe('the import graph of src/', () => {
  it('reads every module (the walk is not empty)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it('has no cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward: string[] = [];
    for (const [file, imports] of graph) {
      const from = unitOf(file);
      for (const target of imports) {
        const to = unitOf(target);
        if (to !== from && layerOf(to) >= layerOf(from)) upward.push(`${name(file)} -> ${name(target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('places every unit of src/ in the table of docs/architecture.md', () => {
    const doc = readFileSync(path.join(SRC, '../docs/architecture.md'), 'utf8');
    const units = new Set([...graph.keys()].map(unitOf));
    for (const unit of units) {
      layerOf(unit);
      expect(doc, `docs/architecture.md names src/${unit}`).toMatch(new RegExp('`src/' + unit.replace(/[-.]/g, '\\$&') + '(/|\\.c?ts)?`'));
    }
  });
});

describe('the rules of src/rules/', () => {
  // Data in, diagnostics out (docs/architecture.md): the moment a verdict depends on is context.now.
  it('read no clock, no randomness, no process state and no file', () => {
    const rules = sourceFiles(path.join(SRC, 'rules'));
    expect(rules.length).toBeGreaterThan(100);
    const impure = /\bDate\.now\(|\bnew Date\(\s*\)|\bperformance\.now\(|\bMath\.random\(|(?<![\w./-])process\.[a-z]|\b(from|import\(|require\()\s*['"](node:)?(fs|fs\/promises|child_process|net|http|https|os)['"]/;
    const found = rules.flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, i) => [file, i + 1, line] as const))
      .filter(([, , line]) => impure.test(line))
      .map(([file, n, line]) => `${name(file)}:${n}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
