// Golden runbooks for real configs of the corpus, reviewed by hand once and then compared.
// Regenerate after a reviewed change with: SGCONF_UPDATE_GOLDEN=1 npx vitest run --config vitest.corpus.config.ts test/plan/golden.shared.test.ts
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePlan } from '../../src/plan/make.js';
import { renderJson, renderMarkdown } from '../../src/plan/render.js';
import { parseVersion } from '../../src/releases/lines.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../shared/corpus');
const update = process.env.SGCONF_UPDATE_GOLDEN === '1';

const cases: { name: string; file: string; from: string; to: string }[] = [
  { name: 'view-prebuild-1.4-to-1.5', file: 'couchbase__sync_gateway/1.0.0/examples__cb_admin_party.json', from: '1.4', to: '1.5' },
  { name: 'shadow-1.4-to-2.1', file: 'couchbaselabs__sync-gateway-tests/config__gateway_config_shadow_localhost.json', from: '1.4', to: '2.1' },
  { name: 'first-generation-2.5-to-3.0', file: 'HodGreeley__couchbase-lite-java-sg-replicate/primary_gateway_config.json', from: '2.5', to: '3.0' },
  { name: 'first-generation-1.5-to-2.8', file: 'couchbase__sync_gateway/1.5.0/examples__replications-in-config.json', from: '1.5', to: '2.8' },
  { name: 'x509-views-2.5-to-3.0', file: 'couchbase__docs-sync-gateway/modules__ROOT__examples__configuration__x509-config.json', from: '2.5', to: '3.0' },
  { name: 'shared-bucket-2.1-to-4.1', file: 'HodGreeley__Zebra-Inventory/sync-gateway.json', from: '2.1', to: '4.1' },
  { name: 'isgr-2.8-to-3.1', file: 'couchbase__sync_gateway/2.8.0/examples__replications-in-config.json', from: '2.8', to: '3.1' },
  { name: 'bootstrap-3.1-to-4.0', file: 'biozal__couchbase-environment/sync-gateway__sync_gateway.json', from: '3.1', to: '4.0' },
  { name: 'database-3.2-to-4.0', file: 'couchbase__couchbase-lite-core/Replicator__tests__data__docker__sg__config__legacy__config.json', from: '3.2', to: '4.0' },
];

async function planFor(c: (typeof cases)[number]) {
  const text = readFileSync(path.join(corpus, c.file), 'utf8');
  const outcome = await makePlan(text, c.file, {
    from: parseVersion(c.from)!, to: parseVersion(c.to)!,
    lint: { cwd: corpus, env: {}, remote: false },
  });
  if (!outcome.ok) throw new Error(`${c.name} is blocked: ${JSON.stringify(outcome.blocking, null, 2)}`);
  // Findings carry other rules' wording (message and detail), which evolves on its own: the goldens keep which
  // rule, where, and the step.
  const plan = { ...outcome.plan, findings: outcome.plan.findings.map(({ detail: _detail, ...f }) => ({ ...f, message: '' })) };
  return { markdown: renderMarkdown({ ...plan, findings: [] }), json: renderJson(plan) };
}

function compare(file: string, actual: string): void {
  if (update || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden runbooks', () => {
  for (const c of cases) {
    it(`${c.name} (${c.file})`, async () => {
      const { markdown, json } = await planFor(c);
      compare(path.join(here, 'golden', `${c.name}.md`), markdown);
      compare(path.join(here, 'golden', `${c.name}.json`), json);
    });
  }
});
