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
