// sgconf plan on real configs of the corpus (../shared/corpus): npm run test:corpus.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');

function plan(cwd: string, ...args: string[]) {
  return runCli(['plan', ...args], { cwd });
}

describe('sgconf plan on corpus configs', () => {
  it('prints a markdown checklist for a real config (exit 0)', async () => {
    const { code, stdout, stderr } = await plan(corpus, 'HodGreeley__couchbase-lite-java-sg-replicate/primary_gateway_config.json', '--from', '2.5', '--to', '3.0');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^# Upgrade runbook: Sync Gateway 2\.5 → 3\.0/);
    expect(stdout).toContain('## 3. Move first-generation replications (sg-replicate 1) to inter-gateway replication');
    expect(stdout).toContain('- [ ] ');
    expect(stdout).toContain('`/replications/0` line 11');
    expect(stdout).toContain('Check before the next step:');
  });

  it('prints JSON for automation', async () => {
    const { code, stdout } = await plan(corpus, 'HodGreeley__Zebra-Inventory/sync-gateway.json', '--from', '2.1', '--to', '4.1', '--format', 'json');
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ file: 'HodGreeley__Zebra-Inventory/sync-gateway.json', kind: 'legacy', from: '2.1', to: '4.1' });
    expect(json.steps.map((s: { id: string }) => s.id)).toContain('rolling-upgrade');
    for (const step of json.steps) {
      expect(step.actions.length).toBeGreaterThan(0);
      expect(step.checks.length).toBeGreaterThan(0);
    }
    expect(stdout).not.toContain('"Password"');
  });

  it('accepts x.y.z versions', async () => {
    const { code, stdout } = await plan(corpus, 'HodGreeley__Zebra-Inventory/sync-gateway.json', '--from', '2.8.3', '--to', '3.1.1');
    expect(code).toBe(0);
    expect(stdout).toContain('Sync Gateway 2.8.3 → 3.1.1');
  });
});
