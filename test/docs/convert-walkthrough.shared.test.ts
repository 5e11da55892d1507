// docs/convert.md's "A whole conversion": the commands of its console block, run on the corpus's copy of the
// gateway's 2.8 example examples/users-roles.json as the page says; every line the page shows is printed,
// in that order (`...` stands for lines the page leaves out).
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLE = path.resolve(ROOT, '../shared/corpus/couchbase__sync_gateway/2.8.0/examples__users-roles.json');

/** The commands of a console block, each with the lines shown after it. */
function session(block: string): { command: string; shown: string[] }[] {
  const steps: { command: string; shown: string[] }[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), shown: [] });
    else steps[steps.length - 1]!.shown.push(line);
  }
  return steps;
}

/** Whether `shown` appears in `printed` in order, each `...` standing for any number of lines. */
function showsInOrder(printed: string[], shown: string[]): string | undefined {
  let at = 0;
  let gap = false;
  for (const line of shown) {
    if (line === '...') { gap = true; continue; }
    const found = gap ? printed.indexOf(line, at) : (printed[at] === line ? at : -1);
    if (found < 0) return `not printed${gap ? '' : ' next'}: ${JSON.stringify(line)}\n--- printed:\n${printed.join('\n')}`;
    at = found + 1;
    gap = false;
  }
  return undefined;
}

describe('docs/convert.md, a whole conversion', () => {
  it('the page\'s commands print what the page shows', async () => {
    const page = readFileSync(path.join(ROOT, 'docs', 'convert.md'), 'utf8');
    const section = page.slice(page.indexOf('### A whole conversion'));
    const block = /```console\n([\s\S]*?)\n```/.exec(section)![1]!;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-convert-doc-'));
    copyFileSync(EXAMPLE, path.join(dir, 'users-roles.json'));
    const steps = session(block);
    expect(steps.map((s) => s.command.split(' ').slice(0, 2).join(' '))).toEqual(['sgconf lint', 'sgconf convert', 'echo $?', 'sgconf convert', 'sgconf lint', 'cat converted/databases/db.json']);
    let code = 0;
    for (const step of steps) {
      let printed: string;
      if (step.command === 'echo $?') printed = `${code}\n`;
      else if (step.command.startsWith('cat ')) printed = readFileSync(path.join(dir, step.command.slice(4)), 'utf8');
      else {
        const r = await runCli(step.command.split(' ').slice(1), { cwd: dir });
        code = r.code;
        printed = r.stdout;
      }
      expect(showsInOrder(printed.replace(/\n$/, '').split('\n'), step.shown), step.command).toBeUndefined();
    }
  });
});
