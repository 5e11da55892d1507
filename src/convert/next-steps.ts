// What a conversion writes besides the configs: load.sh, which creates the databases and their users and
// roles on the new gateway (admin credentials from the environment, never written), and decisions.json,
// the decisions taken, which --decisions reads back.
import type { JsonObject } from '../types.js';
import { databaseFileName, serialize } from './emit.js';
import type { Decision } from './decisions.js';
import type { ConversionResult } from './types.js';
import type { OutputFile } from './writer.js';

/** A heredoc delimiter that no line of the body equals. */
function delimiter(body: string): string {
  let mark = 'SGCONF_JSON';
  while (body.split('\n').includes(mark)) mark += '_';
  return mark;
}

/** A text as one shell word: as it is when it needs no quoting, else in single quotes. */
export function shellWord(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * load.sh: PUT /{db}/ for each database file, then PUT /{db}/_user/{name} and /_role/{name} for each
 * principal (an upsert, so a second run changes nothing). It runs from any folder (it goes to its own), with
 * SG_ADMIN_URL (default http://localhost:4985), SG_ADMIN_USERNAME and SG_ADMIN_PASSWORD from the
 * environment; the credentials reach curl through a private file, never its command line.
 */
export function loadScript(conversion: ConversionResult, files: readonly OutputFile[], release: string, input: string, bareReferences: readonly string[]): OutputFile {
  const lines = [
    '#!/bin/sh',
    `# Written by sgconf convert from ${input.replace(/\n/g, ' ')}: creates the converted databases and their`,
    `# users and roles on Sync Gateway ${release}. Start the gateway with bootstrap.json first, then:`,
    '#   SG_ADMIN_USERNAME=<admin> SG_ADMIN_PASSWORD=<password> sh load.sh',
    '# SG_ADMIN_URL is the admin API (default http://localhost:4985). The admin is a Couchbase Server user',
    '# with a Sync Gateway admin role: 3.x checks credentials on the admin port by default.',
    'set -eu',
    'cd "$(dirname "$0")"',
    'url="${SG_ADMIN_URL:-http://localhost:4985}"',
    'url="${url%/}"',
    ': "${SG_ADMIN_USERNAME:?set SG_ADMIN_USERNAME and SG_ADMIN_PASSWORD to a gateway admin}"',
    ': "${SG_ADMIN_PASSWORD:?set SG_ADMIN_USERNAME and SG_ADMIN_PASSWORD to a gateway admin}"',
    'config=$(mktemp)',
    'response=$(mktemp)',
    'trap \'rm -f "$config" "$response"\' EXIT',
    'printf \'user = "%s"\\n\' "$(printf \'%s:%s\' "$SG_ADMIN_USERNAME" "$SG_ADMIN_PASSWORD" | sed \'s/[\\\\"]/\\\\&/g\')" > "$config"',
    '# request METHOD PATH FILE (- for standard input) [STATUS that also counts as done]',
    'request() {',
    '  status=$(curl -sS -K "$config" -o "$response" -w \'%{http_code}\' -X "$1" -H \'Content-Type: application/json\' --data-binary "@$3" "$url$2") || exit 1',
    '  case "$status" in',
    '    2*) echo "$1 $2: $status" ;;',
    '    "${4:-}") echo "$1 $2: $status (already there, left as it is)" ;;',
    '    *) echo "$1 $2: HTTP $status: $(cat "$response")" >&2; exit 1 ;;',
    '  esac',
    '}',
  ];
  for (const name of Object.keys(conversion.databases)) {
    const file = files.find((f) => f.path === `databases/${databaseFileName(name)}.json`);
    if (!file) continue;
    // 412: a database of that name exists (a second run); its config is not replaced.
    lines.push(`request PUT ${shellWord(`/${encodeURIComponent(name)}/`)} ${shellWord(file.path)} 412`);
  }
  for (const [name, principals] of Object.entries(conversion.principals)) {
    // Roles first: a user's admin_roles name them.
    for (const [kind, path] of [['roles', '_role'], ['users', '_user']] as const) {
      for (const [principal, body] of Object.entries(principals[kind])) {
        const json = serialize({ name: principal, ...(body as JsonObject) }, bareReferences).trimEnd();
        const mark = delimiter(json);
        lines.push(`request PUT ${shellWord(`/${encodeURIComponent(name)}/${path}/${encodeURIComponent(principal)}`)} - <<'${mark}'`, json, mark);
      }
    }
  }
  lines.push('echo "Done. Old indexes and design documents: POST $url/_post_upgrade?preview=true lists what can go."');
  const secret = Object.keys(conversion.principals).length > 0;
  return { path: 'load.sh', content: lines.join('\n') + '\n', secret };
}

/** decisions.json: each decision taken, with its question and the effect of the choice (--decisions reads it back). */
export function decisionsFile(decisions: readonly Decision[]): OutputFile | undefined {
  if (decisions.length === 0) return undefined;
  const out: Record<string, { choice: string; question: string; effect: string; source: string }> = {};
  for (const d of decisions) {
    const choice = d.choices.find((c) => c.id === d.taken);
    if (choice) out[d.id] = { choice: choice.id, question: d.question, effect: choice.effect, source: d.source };
  }
  return { path: 'decisions.json', content: JSON.stringify(out, null, 2) + '\n', secret: false };
}
