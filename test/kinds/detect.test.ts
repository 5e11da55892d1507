import { describe, expect, it } from 'vitest';
import { detectKind } from '../../src/kinds/index.js';

describe('kind detection (cli-contract "Input kinds", reference 1.5)', () => {
  const table: [string, unknown, string | null][] = [
    ['a databases map', { databases: {} }, 'legacy'],
    ['legacy keys in another case', { INTERFACE: ':4984', AdminInterface: ':4985' }, 'legacy'],
    ['SSLCert alone', { SSLCert: 'cert.pem', SSLKey: 'key.pem' }, 'legacy'],
    ['log and logFilePath', { log: ['*'], logFilePath: '/tmp' }, 'legacy'],
    ['logging.default (2.x) makes a shared key legacy', { logging: { default: { LogLevel: 2 } } }, 'legacy'],
    ['unsupported.stats_log_freq_secs is legacy-only', { unsupported: { stats_log_freq_secs: 60 } }, 'legacy'],
    ['bootstrap section', { bootstrap: { server: 'couchbases://cb' } }, 'bootstrap'],
    // The strongest signal wins: the old logging block is then an unknown field of a startup config.
    ['a bootstrap section beside a pre-2.1 logging block', { bootstrap: { server: 'couchbases://cb' }, logging: { default: { LogLevel: 2 } } }, 'bootstrap'],
    ['a bootstrap section beside a legacy-only key', { bootstrap: { server: 'couchbases://cb' }, interface: ':4984' }, 'bootstrap'],
    ['only shared keys are a startup config', { logging: { console: { log_level: 'info' } } }, 'bootstrap'],
    ['the empty object is a startup config', {}, 'bootstrap'],
    ['startup keys in another case', { API: {}, Bootstrap: {} }, 'bootstrap'],
    ['database fields', { bucket: 'b', sync: 'function(doc){}' }, 'database'],
    ['scopes and import_docs', { scopes: {}, import_docs: true }, 'database'],
    ['event handlers', { event_handlers: {}, name: 'db' }, 'database'],
    ['an array', [1], null],
    ['a principals file written by convert', { users: { a: { password: 'x' } }, roles: {} }, null],
    ['unrelated keys', { title: 'x', version: 2 }, null],
    // Users and roles of the admin REST API (auth.PrincipalConfig): no config.
    ['a user of the admin REST API', { name: 'ann', password: 'x', admin_channels: ['a'], collection_access: {} }, null],
    ['a role of the admin REST API', { name: 'editor', admin_channels: ['a'] }, null],
    ['a list of users', [{ name: 'ann', email: 'a@x' }, { name: 'bob', disabled: true }], null],
    // A database config's name and a password beside a database key stay a database config.
    ['a name and a password beside a bucket', { name: 'db', password: 'x', bucket: 'b' }, 'database'],
    ['a name and a password alone', { name: 'db', password: 'x' }, 'database'],
  ];
  it.each(table)('%s', (_name, value, kind) => {
    expect(detectKind(value as never).kind).toBe(kind);
  });

  it('says what a user or a list of users of the admin REST API is', () => {
    expect(detectKind({ name: 'ann', admin_channels: ['a'] } as never).other).toBe('a user or a role for the admin REST API (PUT /{db}/_user/{name})');
    expect(detectKind([{ name: 'ann', admin_channels: ['a'] }] as never).other).toBe('a list of users or roles for the admin REST API (PUT /{db}/_user/{name})');
  });
});

describe('kind detection for files met by a folder walk', () => {
  it('requires most top-level keys to belong to the kind', () => {
    expect(detectKind({ name: 'ci', on: {}, jobs: {} } as never, { mostlyKnownKeys: true }).kind).toBeNull();
    expect(detectKind({ name: 'ci', on: {}, jobs: {} } as never).kind).toBe('database');
    expect(detectKind({ bucket: 'b', sync: 'function(doc){}', x: 1 } as never, { mostlyKnownKeys: true }).kind).toBe('database');
  });
});
