// The release model: parsing a target, and the verdict a construct gets under each release.
import { describe, expect, it } from 'vitest';
import { describeRun, judge, parseRelease, type BehaviourFact } from '../src/releases/index.js';
import { BEHAVIOUR } from '../src/releases/behaviour.js';
import { isLogKeyEntry, readLogKey } from '../src/releases/log-keys.js';
import { analyzeText, lintText } from '../src/lint.js';

describe('parseRelease', () => {
  it.each([
    ['4.1', '4.1'], ['3.1.4', '3.1'], ['3.0.8.1', '3.0'], [' 2.8 ', '2.8'], ['04.01', '4.1'],
    ['4.2', null], ['2.7', null], ['4', null], ['latest', null], ['', null], ['3.1.4.5.6', null],
  ])('%j -> %j', (text, expected) => {
    expect(parseRelease(text)).toBe(expected);
  });
});

describe('judge', () => {
  const fact: BehaviourFact = {
    id: 'example', construct: 'an example',
    changes: [{ from: '3.1', treatment: 'warns', source: 'x' }, { from: '4.0', treatment: 'refuses', source: 'y' }],
  };
  it.each([
    ['2.8', 'info', '2.8-3.0 accept it; 4.0 and later refuse it'],
    ['3.0', 'info', '2.8-3.0 accept it; 4.0 and later refuse it'],
    ['3.2', 'warning', '3.1-3.3 accept it with a deprecation warning; 4.0 and later refuse it'],
    ['4.1', 'error', '4.0 and later refuse it'],
  ] as const)('under %s: %s', (target, severity, says) => {
    expect(judge(fact, target)).toMatchObject({ severity, says });
  });

  it('reports nothing when no release refuses, warns about or ignores it', () => {
    expect(judge({ id: 'x', construct: 'x', changes: [] }, '4.1')).toBeNull();
  });

  it('names a single release in the singular', () => {
    const once: BehaviourFact = { id: 'x', construct: 'x', changes: [{ from: '2.8', treatment: 'ignores', source: 'a' }, { from: '3.0', treatment: 'accepts', source: 'b' }] };
    expect(describeRun(once, '2.8')).toBe('2.8 ignores it');
  });

  it('every fact cites a source for each change, oldest first', () => {
    for (const fact of BEHAVIOUR.values()) {
      expect(fact.changes.length, fact.id).toBeGreaterThan(0);
      for (const change of fact.changes) expect(change.source, fact.id).toMatch(/@\d\.\d/);
    }
  });
});

describe('a field the target does not know', () => {
  // 3.0's fields in a legacy file: 2.8 refuses the file for them (strict decoding), and has no admin
  // authentication or legacy mode for other rules to speak of.
  const config = JSON.stringify({
    disable_persistent_config: true,
    admin_interface: '0.0.0.0:4985',
    admin_interface_authentication: false,
    databases: { db: { server: 'couchbases://cb', bucket: 'b', enable_shared_bucket_access: true } },
  });

  it('is schema/unknown-field\'s finding alone under a release that does not know it', async () => {
    const result = await lintText(config, 'sync_gateway.json', { env: {}, remote: false, target: '2.8' });
    const about = (pointer: string) => result.diagnostics.filter((d) => d.pointer === pointer).map((d) => d.rule);
    expect(about('/admin_interface_authentication')).toEqual(['schema/unknown-field']);
    expect(about('/disable_persistent_config')).toEqual(['schema/unknown-field']);
  });

  it('is judged by the rules under a release that knows it', async () => {
    const result = await lintText(config, 'sync_gateway.json', { env: {}, remote: false, target: '4.1' });
    expect(result.diagnostics.filter((d) => d.pointer === '/admin_interface_authentication').map((d) => d.rule)).toEqual(['security/interface-authentication']);
  });
});

describe('reading a config, release by release', () => {
  // Backtick strings, key matching and duplicate keys read the same in every release (src/releases/reading.ts);
  // only environment expansion changed (3.0). A text with all three reads the same under every target.
  const text = '{"Interface": ":4984", "interface": ":4985", "databases": {"db": {"server": "couchbases://cb", "bucket": "b", "enable_shared_bucket_access": true, "sync": `function (doc) {\n  channel("a\\b");\n}`}}}';

  it('backticks, key case and a key written twice give the same findings under every target', async () => {
    const findings = async (target: string) => (await lintText(text, 'sync_gateway.json', { env: {}, remote: false, target: target as never, kind: 'legacy' })).diagnostics
      .filter((d) => d.rule.startsWith('source/') || d.rule === 'schema/duplicate-key' || d.rule.startsWith('functions/'))
      .map((d) => `${d.rule} ${d.severity} ${d.line}:${d.column}`);
    const newest = await findings('4.1');
    expect(newest.some((f) => f.includes('duplicate'))).toBe(true);
    for (const target of ['2.8', '3.0', '3.1', '3.2', '3.3', '4.0']) expect(await findings(target), target).toEqual(newest);
  });

  it('the function in backticks is read with its backslash as written, under every target', async () => {
    for (const target of ['2.8', '4.1']) {
      const analyzed = await analyzeText(text, 'sync_gateway.json', { env: {}, remote: false, target: target as never, kind: 'legacy' });
      expect(analyzed.functions[0]?.source, target).toContain('channel("a\\b")');
    }
  });
});

describe('console log keys', () => {
  it('reads a key as ToLogKey does: "HTTP+" whole, one other "+" taken off, names matched with their case', () => {
    expect(readLogKey('HTTP+', '2.8')).toEqual({ kind: 'known' });
    expect(readLogKey('CRUD+', '4.1')).toEqual({ kind: 'plus-stripped', name: 'CRUD', sameAs: 'CRUD' });
    expect(readLogKey('HTTP++', '4.1')).toEqual({ kind: 'plus-stripped', name: 'HTTP+', sameAs: null });
    expect(readLogKey('CRUD++', '4.1')).toEqual({ kind: 'unknown', name: 'CRUD+' });
    expect(readLogKey('crud', '4.1')).toEqual({ kind: 'unknown', name: 'crud' });
    expect(readLogKey('Walrus', '3.1')).toEqual({ kind: 'unknown', name: 'Walrus', from: '3.2' });
  });

  it('knows where the lists are, for the editor', () => {
    for (const entry of ['/logging/console/log_keys/0', '/Logging/Console/Log_Keys/3', '/databases/db/logging/console/log_keys/1', '/log/0', '/logging/default/logKeys/2']) expect(isLogKeyEntry(entry), entry).toBe(true);
    for (const entry of ['/logging/console/log_keys', '/logging/console/log_level', '/databases/db/log/0', '/x/logging/console/log_keys/0']) expect(isLogKeyEntry(entry), entry).toBe(false);
  });
});
