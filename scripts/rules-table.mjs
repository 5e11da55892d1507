// Renders the README's rule list from the rule modules; `npm run docs` writes it into README.md.
export function renderRulesTable(rules) {
  const sorted = [...rules].sort((a, b) => a.id.localeCompare(b.id));
  const rows = sorted.map((r) => `| [\`${r.id}\`](docs/rules/${r.id}.md) | ${r.severity} | ${r.description.replace(/\|/g, '\\|')} |`);
  return ['<!-- rules:start -->', '| rule | default | what it catches |', '|---|---|---|', ...rows, '<!-- rules:end -->'].join('\n');
}

async function writeReadme() {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { allRules } = await import('../dist/rules/index.js');
  const file = new URL('../README.md', import.meta.url);
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf('<!-- rules:start -->');
  const end = readme.indexOf('<!-- rules:end -->') + '<!-- rules:end -->'.length;
  if (start < 0 || end < start) throw new Error('README.md has no <!-- rules:start --> ... <!-- rules:end --> markers');
  writeFileSync(file, readme.slice(0, start) + renderRulesTable(allRules) + readme.slice(end));
}

if (import.meta.url === `file://${process.argv[1]}`) await writeReadme();
