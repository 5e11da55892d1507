// Renders the rule list of docs/checks.md from the rule modules, and for each rule whose severity follows the
// target release, the table of releases in its docs page; `npm run docs` writes both.
export function renderRulesTable(rules) {
  const sorted = [...rules].sort((a, b) => a.id.localeCompare(b.id));
  const rows = sorted.map((r) => `| [\`${r.id}\`](rules/${r.id}.md) | ${r.facts ? 'by target' : r.severity} | ${r.description.replace(/\|/g, '\\|')} |`);
  return ['<!-- rules:start -->', '| rule | default | what it catches |', '|---|---|---|', ...rows, '<!-- rules:end -->'].join('\n');
}

const SEVERITY = { refuses: 'error', warns: 'warning', ignores: 'warning' };
const WORDS = { accepts: 'accepts it', warns: 'accepts it with a warning', ignores: 'ignores it', refuses: 'refuses it' };

/** One table per fact the rule follows: what each release does, and the severity sgconf gives for it. */
export function renderReleaseTable(rule, releases) {
  const { RELEASES, treatmentIn, judge } = releases;
  if (!rule.facts) {
    const readers = rule.kinds.map((k) => (k === 'legacy' ? 'legacy configs: 2.8 and later' : `${k} configs: 3.0 and later`)).join('; ');
    return ['<!-- releases:start -->', '## Releases', '', `The same verdict for every release that reads the config (${readers}). A field a release does not know is \`schema/unknown-field\`'s finding for that release.`, '<!-- releases:end -->'].join('\n');
  }
  const lines = ['<!-- releases:start -->', '## Releases', '', 'The severity follows the target release (`--target`, default the newest):', ''];
  for (const id of rule.facts) {
    const fact = releases.BEHAVIOUR.get(id);
    lines.push(`**${fact.construct}**`, '', '| target | the gateway | sgconf |', '|---|---|---|');
    for (const release of RELEASES) {
      if (fact.existsFrom && RELEASES.indexOf(release) < RELEASES.indexOf(fact.existsFrom)) continue;
      const verdict = judge(fact, release);
      lines.push(`| ${release} | ${WORDS[treatmentIn(fact, release)]} | ${verdict ? verdict.severity : '(not reported)'} |`);
    }
    lines.push('', 'Sources (couchbase/sync_gateway): ' + fact.changes.map((c) => `${c.from}: ${c.source}`).join('; ') + '.', '');
  }
  lines.push('<!-- releases:end -->');
  return lines.join('\n');
}

export async function loadReleases() {
  const index = await import('../dist/releases/index.js');
  const { BEHAVIOUR } = await import('../dist/releases/behaviour.js');
  return { ...index, BEHAVIOUR, SEVERITY };
}

/** A docs page with its release table in place (inserted before "## Failing example" or at the end). */
export function withReleaseTable(page, table) {
  const start = page.indexOf('<!-- releases:start -->');
  if (start >= 0) {
    const end = page.indexOf('<!-- releases:end -->') + '<!-- releases:end -->'.length;
    return page.slice(0, start) + table + page.slice(end);
  }
  const at = page.search(/^## (Failing example|Example)/m);
  return at < 0 ? `${page.trimEnd()}\n\n${table}\n` : `${page.slice(0, at)}${table}\n\n${page.slice(at)}`;
}

async function writeDocs() {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { allRules } = await import('../dist/rules/index.js');
  const file = new URL('../docs/checks.md', import.meta.url);
  const checks = readFileSync(file, 'utf8');
  const start = checks.indexOf('<!-- rules:start -->');
  const end = checks.indexOf('<!-- rules:end -->') + '<!-- rules:end -->'.length;
  if (start < 0 || end < start) throw new Error('docs/checks.md has no <!-- rules:start --> ... <!-- rules:end --> markers');
  writeFileSync(file, checks.slice(0, start) + renderRulesTable(allRules) + checks.slice(end));
  const releases = await loadReleases();
  for (const rule of allRules) {
    const page = new URL(`../docs/rules/${rule.id}.md`, import.meta.url);
    const text = readFileSync(page, 'utf8');
    // A page that explains its releases in its own words keeps them (schema/kind-unknown-to-target).
    if (!rule.facts && /^## Releases/m.test(text.replace(/<!-- releases:start -->[^]*?<!-- releases:end -->/, ''))) continue;
    writeFileSync(page, withReleaseTable(text, renderReleaseTable(rule, releases)));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await writeDocs();
