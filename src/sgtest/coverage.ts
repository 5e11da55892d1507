// `sgconf test --coverage`: which statements, branches and functions of each sync function and import
// filter the cases ran, at their lines in the config (or the .js file), as a summary and as lcov.info
// (the tracefile format of LCOV's geninfo, read by genhtml, Codecov, Coveralls and editors' gutters).
import * as path from 'node:path';
import { FunctionPlacer } from '../functions/place.js';
import type { ResolvedFunction } from '../functions/types.js';
import { describeFunction } from '../functions/roles.js';
import { instrumentFunction, type CoveragePoint, type InstrumentedFunction } from '../sync/instrument.js';

/** One function's counters, summed over every case that ran it, with where each counter sits. */
interface CountedFunction {
  name: string;
  instrumented: InstrumentedFunction;
  counts: number[];
  /** The file holding the function, and the line of each counter in it (null: not located). */
  file: string;
  lines: (number | null)[];
  /** The line of each counter's start offset (the first counter there), made on first use. */
  lineByStart?: Map<number, number | null>;
}

export interface CoverageTotals {
  statements: { covered: number; total: number };
  branches: { covered: number; total: number };
  functions: { covered: number; total: number };
}

export class CoverageCollector {
  private readonly functions = new Map<string, CountedFunction>();

  /**
   * The function instrumented for counting (one instrumentation per function, whichever test file runs
   * it), or null when it cannot be (then it runs as it is, uncounted). `configFile` and `configText`
   * place a function written inline in the config; the text is read only for a function not met before.
   */
  instrument(fn: ResolvedFunction, configFile: string, configText: () => string | null): { key: string; instrumented: InstrumentedFunction } | null {
    if (fn.source === null) return null;
    const key = `${configFile}\u0000${fn.pointer}`;
    const known = this.functions.get(key);
    if (known) return { key, instrumented: known.instrumented };
    const instrumented = instrumentFunction(fn.source);
    if (!instrumented) return null;
    const file = fn.locate(0)?.file ?? configFile;
    const placer = new FunctionPlacer(fn, configFile, configText);
    const lines = instrumented.points.map((point) => {
      const at = placer.place(point.start);
      return at && at.file === file ? at.line : null;
    });
    this.functions.set(key, { name: describeFunction(fn), instrumented, counts: instrumented.points.map(() => 0), file, lines });
    return { key, instrumented };
  }

  /** Adds one call's counters: the engine's pairs of counter index and count. */
  add(key: string, pairs: readonly number[]): void {
    const fn = this.functions.get(key);
    if (!fn) return;
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const index = pairs[i]!;
      if (index >= 0 && index < fn.counts.length) fn.counts[index] += pairs[i + 1]!;
    }
  }

  totals(): CoverageTotals {
    const totals: CoverageTotals = { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 }, functions: { covered: 0, total: 0 } };
    for (const fn of this.functions.values()) add(totals, totalsOf(fn));
    return totals;
  }

  /** The summary: one row per function, a total, and the require* calls no case ran. */
  summary(cwd: string): string {
    const rows = [...this.functions.values()].map((fn) => {
      const t = totalsOf(fn);
      return [`${shown(cwd, fn.file)}: ${fn.name}`, percent(t.statements), percent(t.branches), percent(t.functions)];
    });
    const t = this.totals();
    rows.push(['all functions', percent(t.statements), percent(t.branches), percent(t.functions)]);
    const header = ['coverage', 'statements', 'branches', 'functions'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
    const out = [line(header), ...rows.map(line)];
    const uncovered = [...this.functions.values()].flatMap((fn) => fn.instrumented.points.flatMap((p, i) => (
      p.kind === 'statement' && p.require && fn.counts[i] === 0 && fn.lines[i] !== null ? [`${shown(cwd, fn.file)}:${fn.lines[i]}`] : [])));
    if (uncovered.length > 0) out.push(`require* calls no case ran: ${[...new Set(uncovered)].join(', ')}`);
    return `${out.join('\n')}\n`;
  }

  /** lcov.info: one record per file, its functions' lines, branches and functions. */
  lcov(): string {
    const byFile = new Map<string, CountedFunction[]>();
    for (const fn of this.functions.values()) byFile.set(fn.file, [...(byFile.get(fn.file) ?? []), fn]);
    const out: string[] = [];
    for (const [file, functions] of [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out.push('TN:', `SF:${file}`);
      const lineHits = new Map<number, number>();
      const fnRecords: string[] = [];
      const fnData: string[] = [];
      const branchRecords: string[] = [];
      let block = 0;
      let fnFound = 0, fnHit = 0, brFound = 0, brHit = 0;
      const names = new Set<string>();
      for (const fn of functions) {
        const branches = new Map<number, number[]>();
        fn.instrumented.points.forEach((point, i) => {
          const line = fn.lines[i];
          if (line === null) return;
          const count = fn.counts[i]!;
          if (point.kind === 'statement') lineHits.set(line, Math.max(lineHits.get(line) ?? 0, count));
          else if (point.kind === 'function') {
            let name = point.name === 'the function' ? fn.name : `${point.name} (line ${line})`;
            while (names.has(name)) name += "'";
            names.add(name);
            fnRecords.push(`FN:${line},${name}`);
            fnData.push(`FNDA:${count},${name}`);
            fnFound++;
            if (count > 0) fnHit++;
          } else branches.set(point.branch, [...(branches.get(point.branch) ?? []), i]);
        });
        for (const arms of branches.values()) {
          const decision = fn.instrumented.points[arms[0]!]! as Extract<CoveragePoint, { kind: 'branch' }>;
          const line = lineAt(fn, decision.decision) ?? fn.lines[arms[0]!]!;
          const ran = arms.some((i) => fn.counts[i]! > 0);
          arms.forEach((i, arm) => {
            const count = fn.counts[i]!;
            branchRecords.push(`BRDA:${line},${block},${arm},${ran ? count : '-'}`);
            brFound++;
            if (count > 0) brHit++;
          });
          block++;
        }
      }
      out.push(...fnRecords, ...fnData, `FNF:${fnFound}`, `FNH:${fnHit}`);
      out.push(...branchRecords, `BRF:${brFound}`, `BRH:${brHit}`);
      const lines = [...lineHits].sort(([a], [b]) => a - b);
      out.push(...lines.map(([line, count]) => `DA:${line},${count}`), `LF:${lines.length}`, `LH:${lines.filter(([, count]) => count > 0).length}`);
      out.push('end_of_record');
    }
    return `${out.join('\n')}\n`;
  }
}

/** The line of an offset of the function's source: the line of the first counter that starts there, else null. */
function lineAt(fn: CountedFunction, offset: number): number | null {
  fn.lineByStart ??= new Map(fn.instrumented.points.map((p, i) => [p.start, fn.lines[i]!] as const).reverse());
  return fn.lineByStart.get(offset) ?? null;
}

function totalsOf(fn: CountedFunction): CoverageTotals {
  const t: CoverageTotals = { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 }, functions: { covered: 0, total: 0 } };
  fn.instrumented.points.forEach((point, i) => {
    const part = point.kind === 'statement' ? t.statements : point.kind === 'branch' ? t.branches : t.functions;
    part.total++;
    if (fn.counts[i]! > 0) part.covered++;
  });
  return t;
}

function add(into: CoverageTotals, from: CoverageTotals): void {
  for (const key of ['statements', 'branches', 'functions'] as const) {
    into[key].covered += from[key].covered;
    into[key].total += from[key].total;
  }
}

/** A share as a percentage with one decimal; 100% of nothing. */
export function share(part: { covered: number; total: number }): number {
  return part.total === 0 ? 100 : (100 * part.covered) / part.total;
}

function percent(part: { covered: number; total: number }): string {
  return `${share(part).toFixed(1)}% (${part.covered}/${part.total})`;
}

function shown(cwd: string, file: string): string {
  return path.relative(cwd, file) || file;
}
