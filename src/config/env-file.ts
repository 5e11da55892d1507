// Env files (`--env-file`, tool config `envFiles`): the variables the deployment defines, in dotenv syntax.
// A declared value is used for expansion; a declared empty value (`NAME=` in a .env.example) is a
// placeholder that the deployment sets: expanded to nothing checkable, and never an error.

export interface EnvFileProblem {
  message: string;
  line: number;
  column: number;
}

export interface ParsedEnvFile {
  values: Map<string, string>;
  problems: EnvFileProblem[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };

/** Parses dotenv text: `NAME=value`, `export NAME=value`, quoted values, `#` comments, blank lines, CRLF. */
export function parseEnvFile(text: string): ParsedEnvFile {
  const values = new Map<string, string>();
  const problems: EnvFileProblem[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const indent = line.length - line.trimStart().length;
    let rest = line.trimStart();
    if (rest === '' || rest.startsWith('#')) continue;
    let column = indent + 1;
    if (/^export\s+/.test(rest)) {
      const skipped = rest.match(/^export\s+/)![0].length;
      rest = rest.slice(skipped);
      column += skipped;
    }
    const eq = rest.indexOf('=');
    if (eq < 0) {
      problems.push({ message: `line ${i + 1} is not NAME=value`, line: i + 1, column });
      continue;
    }
    const name = rest.slice(0, eq).trimEnd();
    if (!NAME.test(name)) {
      problems.push({ message: `"${name}" is not a variable name (letters, digits and "_", not starting with a digit)`, line: i + 1, column });
      continue;
    }
    const valueText = rest.slice(eq + 1);
    const valueColumn = column + eq + 1 + (valueText.length - valueText.trimStart().length);
    const value = parseValue(valueText.trimStart());
    if (value === null) {
      problems.push({ message: `the value of ${name} opens a quote that the line does not close`, line: i + 1, column: valueColumn });
      continue;
    }
    values.set(name, value);
  }
  return { values, problems };
}

function parseValue(text: string): string | null {
  const quote = text[0];
  if (quote === "'") {
    const close = text.indexOf("'", 1);
    return close < 0 ? null : text.slice(1, close);
  }
  if (quote === '"') {
    let out = '';
    for (let i = 1; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') return out;
      if (c === '\\' && i + 1 < text.length) {
        const next = text[++i]!;
        out += ESCAPES[next] ?? `\\${next}`;
      } else {
        out += c;
      }
    }
    return null;
  }
  const comment = text.search(/\s#/);
  return (comment < 0 ? text : text.slice(0, comment)).trim();
}

/** The environment of a run: the process's, then the env files' values; names declared empty are placeholders. */
export function deploymentEnvironment(base: Record<string, string | undefined>, files: readonly Map<string, string>[]): { env: Record<string, string | undefined>; placeholders: Set<string> } {
  const env: Record<string, string | undefined> = { ...base };
  const placeholders = new Set<string>();
  for (const values of files) {
    for (const [name, value] of values) {
      if (value === '') {
        placeholders.add(name);
        delete env[name];
      } else {
        placeholders.delete(name);
        env[name] = value;
      }
    }
  }
  return { env, placeholders };
}
