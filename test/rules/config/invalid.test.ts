import { describe, expect, it } from 'vitest';
import { validateToolConfig } from '../../../src/config/index.js';

describe('config/invalid', () => {
  const valid: unknown[] = [
    {},
    { rules: { 'schema/unknown-field': 'warning', 'source/duplicate-key': 'off' }, ignore: ['legacy/**'], env: { A: 'b' }, remote: false, caFiles: ['ca.pem'], remoteTimeoutMs: 2000, edition: 'ce' },
  ];
  const invalid: [unknown, RegExp][] = [
    [{ rules: { 'schema/unknown-feild': 'off' } }, /unknown rule "schema\/unknown-feild"; did you mean "schema\/unknown-field"/],
    [{ rules: { 'schema/type': 'loud' } }, /setting must be "off", "info", "warning" or "error"/],
    [{ ignroe: [] }, /unknown key "ignroe".*did you mean "ignore"/],
    [{ env: { A: 1 } }, /"env" must map variable names to string values/],
    [{ remoteTimeoutMs: -1 }, /positive whole number/],
    [{ edition: 'enterprise' }, /"edition" must be "ee"/],
    ['rules', /must be an object/],
  ];
  it.each(valid.map((v) => [JSON.stringify(v), v]))('valid %s', (_s, config) => {
    expect(validateToolConfig(config, '.sgconfrc.json').problems).toBeNull();
  });
  it.each(invalid.map(([c, m]) => [JSON.stringify(c), c, m] as const))('invalid %s', (_s, config, message) => {
    const problems = validateToolConfig(config, '.sgconfrc.json').problems!;
    expect(problems.diagnostics.map((d) => d.rule)).toEqual(['config/invalid']);
    expect(problems.diagnostics[0]!.message).toMatch(message);
  });
});

describe('tool config search', () => {
  it('stops at the repository root: a .sgconfrc.js above it is never found (nor run)', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { findToolConfigFile } = await import('../../../src/config/index.js');
    const outside = mkdtempSync(path.join(os.tmpdir(), 'sgconf-search-'));
    writeFileSync(path.join(outside, '.sgconfrc.js'), 'throw new Error("must not run")');
    const repo = path.join(outside, 'repo');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(path.join(repo, 'config', 'sub'), { recursive: true });
    expect(findToolConfigFile(path.join(repo, 'config', 'sub'), '/nonexistent-home')).toBeNull();
    writeFileSync(path.join(repo, '.sgconfrc.json'), '{}');
    expect(findToolConfigFile(path.join(repo, 'config', 'sub'), '/nonexistent-home')).toBe(path.join(repo, '.sgconfrc.json'));
    // Outside any repository the home folder ends the search.
    const home = path.join(outside, 'home');
    mkdirSync(path.join(home, 'work'), { recursive: true });
    expect(findToolConfigFile(path.join(home, 'work'), home)).toBeNull();
  });
});

describe('tool config findings at their place', () => {
  it.each([
    ['.sgconfrc.json', '{\n  "target": "4.1",\n  "$import": "./x.cjs"\n}\n', 3, 3, '"$import" is not a setting'],
    ['.sgconfrc.yaml', 'target: "4.1"\nrulez: {}\n', 2, 1, 'unknown key "rulez"'],
    ['.sgconfrc', 'target: "4.1"\n$import: ./x.cjs\n', 2, 1, '"$import" is not a setting'],
    ['package.json', '{\n  "name": "x",\n  "sgconf": {\n    "ignroe": []\n  }\n}\n', 4, 5, 'did you mean "ignore"'],
    ['.sgconfrc.json', '{\n  "target": "4.1",,\n}\n', 2, 19, 'cannot be loaded'],
    ['.sgconfrc.yaml', 'target: "4.1"\nrules: !include rules.yaml\n', 2, 8, 'the tag !include has no JSON form'],
  ])('%s: the finding at its line and column', async (name, text, line, column, message) => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { loadToolConfig } = await import('../../../src/config/index.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-placed-'));
    writeFileSync(path.join(dir, name), text);
    const loaded = await loadToolConfig(dir, name);
    expect(loaded.problems!.diagnostics[0]).toMatchObject({ rule: 'config/invalid', line, column, message: expect.stringContaining(message) });
  });
});
