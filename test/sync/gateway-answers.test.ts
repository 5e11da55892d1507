// The gateway's answer to the byte where sgconf's differed (issue 36), each from the gateway's source at
// 4.1.1: the revision ID of the dry-run endpoint (rest/diagnostic_doc_api.go handleSyncFnDryRun: _id out
// of the hashed body, its _rev in) and of a write (db/crud.go Put: StripInternalProperties keeps
// _deleted); reject(Infinity) (channels/sync_runner.go: %d of an int64); _exp on a write (db/revision.go
// ExtractExpiry, base/util.go ReflectExpiry); _cv on a write from 4.0 (db/crud.go Put: a new document has
// no current version, 409).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../helpers/cli.js';

function folder(sync: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-answers-'));
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ name: 'db', bucket: 'b', sync }));
  return dir;
}

const THROW_REV = 'function (doc) { throw({forbidden: doc._rev}); }';

async function dryRun(sync: string, doc: string): Promise<{ exception?: string; channels?: string[] }> {
  const r = await runCli(['dry-run', 'db.json', '--doc', '-'], { cwd: folder(sync), stdin: doc });
  // Nothing on standard error but where the function threw or rejected the document.
  expect(r.stderr.replace(/^sgconf dry-run: the sync function (threw|rejected the document) at db\.json:\d+:\d+\n/gm, '')).toBe('');
  return JSON.parse(r.stdout);
}

/** One case of a test file, written through the config's function for `target`; its actual result. */
async function write(sync: string, doc: object, target = '4.1'): Promise<{ rejected?: unknown; channels?: string[] }> {
  const dir = folder(sync);
  writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', target, cases: [{ name: 'x', doc, expect: { channels: ['never'] } }] }));
  const r = await runCli(['test', '--format', 'json'], { cwd: dir });
  return JSON.parse(r.stdout).results[0].cases[0].actual;
}

describe('the revision ID the function sees', () => {
  it('the endpoint hashes the body without its _id', async () => {
    expect((await dryRun(THROW_REV, '{"_id": "d", "a": 1}')).exception).toBe('403 1-36de1e87058203f406bd6a3842c45ef0');
  });

  it('the endpoint hashes a _rev the body gives, as the body holds it', async () => {
    expect((await dryRun(THROW_REV, '{"_rev": "1-abc", "a": 1}')).exception).toBe('403 2-312dba15b99e341f4ec57fc862f58347');
  });

  it('a write hashes _deleted with the body', async () => {
    expect((await write(THROW_REV, { _deleted: true, a: 1 })).rejected).toEqual({ status: 403, message: '1-c9542feebb90e87e9005d3437793b367' });
  });
});

describe('reject with a status past 2^53', () => {
  it('reject(Infinity, "m") says the int64 the gateway writes', async () => {
    expect((await dryRun('function (doc) { reject(Infinity, "m"); }', '{"a": 1}')).exception).toBe('9223372036854775807 m');
  });
});

describe('_exp on a write', () => {
  it('a value that is no expiry refuses the write with the gateway\'s words', async () => {
    expect((await write('function (doc) { channel("ran"); }', { _exp: 'abc' })).rejected).toEqual({
      status: 400, message: 'Invalid expiry: Unable to parse expiry abc as either numeric or date expiry: parsing time "abc" as "2006-01-02T15:04:05Z07:00": cannot parse "abc" as "2006"',
    });
    expect((await write('function (doc) { channel("ran"); }', { _exp: '2024-13-01T00:00:00Z' })).rejected).toMatchObject({ status: 400, message: expect.stringContaining('parsing time "2024-13-01T00:00:00Z": month out of range') });
    expect((await write('function (doc) { channel("ran"); }', { _exp: -1 })).rejected).toEqual({ status: 400, message: 'Invalid expiry: Expiry value is not within valid range: -1' });
    expect((await write('function (doc) { channel("ran"); }', { _exp: true })).rejected).toEqual({ status: 400, message: 'Invalid expiry: Unrecognized expiry format' });
  });

  it('null stays in the body the function sees; a valid expiry leaves it', async () => {
    const sees = 'function (doc) { channel(doc.hasOwnProperty("_exp") ? "has-" + doc._exp : "none"); }';
    // The key stays; otto gives the Go nil a map holds as undefined.
    expect((await write(sees, { _exp: null })).channels).toEqual(['has-undefined']);
    expect((await write(sees, { _exp: 60 })).channels).toEqual(['none']);
    expect((await write(sees, { _exp: '2030-01-01T00:00:00Z' })).channels).toEqual(['none']);
  });
});

describe('_cv on a write', () => {
  it('from 4.0 it leaves the body, and a new document, which has no current version, is a conflict', async () => {
    const sees = 'function (doc) { channel(doc.hasOwnProperty("_cv") ? "has" : "none"); }';
    expect((await write(sees, { _cv: 'abc@src', a: 1 })).rejected).toEqual({ status: 409, message: 'Document revision conflict' });
    expect((await write(sees, { _cv: 5, a: 1 })).channels).toEqual(['none']);
    // 3.3 knows no _cv: a property like any other.
    expect((await write(sees, { _cv: 'abc@src', a: 1 }, '3.3')).channels).toEqual(['has']);
  });
});

describe('key order on a write', () => {
  it('the function gets the body decoded from sorted JSON: a small map lists its keys from the sorted order', async () => {
    const dir = folder('function (doc) { var k = ""; for (var x in doc.h) k += x; channel(k); }');
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [{ name: 'x', doc: { h: { c: 1, b: 2, a: 3 } }, expect: { channels: ['never'] } }] }));
    const r = await runCli(['test', '--format', 'json'], { cwd: dir });
    const c = JSON.parse(r.stdout).results[0].cases[0] as { actual: { channels: string[] }; keyOrderVariants?: { channels: string[] }[] };
    const seen = [c.actual, ...(c.keyOrderVariants ?? [])].map((a) => a.channels[0]);
    // Go starts a small map's iteration at a random place of its insertion order, sorted here: abc, bca, cab.
    for (const order of seen) expect(['abc', 'bca', 'cab']).toContain(order);
  });
});

describe('local time is the gateway host\'s zone', () => {
  const SAYS_TIME = 'function (doc) { channel(new Date(Number(doc.at)).toString().replace(/[ ,:]/g, "_")); }';

  it('UTC by default, named UTC (Go on WebAssembly would say UTC+0 from the machine running sgconf)', async () => {
    expect((await dryRun(SAYS_TIME, '{"at": 0}')).channels).toEqual(['Thu__01_Jan_1970_00_00_00_UTC']);
  });

  it('--tz and a test file\'s timezone give that zone, daylight saving included; --tz wins', async () => {
    const dir = folder(SAYS_TIME);
    const summer = await runCli(['dry-run', 'db.json', '--doc', '-', '--tz', 'America/New_York'], { cwd: dir, stdin: '{"at": 1717200000000}' });
    expect(JSON.parse(summer.stdout).channels).toEqual(['Fri__31_May_2024_20_00_00_EDT']);
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', timezone: 'America/New_York', cases: [{ name: 'winter', doc: { at: 1704067200000 }, expect: { channels: ['Sun__31_Dec_2023_19_00_00_EST'] } }] }));
    expect((await runCli(['test'], { cwd: dir })).code).toBe(0);
    const overridden = await runCli(['test', '--tz', 'UTC', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(overridden.stdout).results[0].cases[0].actual.channels).toEqual(['Mon__01_Jan_2024_00_00_00_UTC']);
  });

  it('a zone that does not exist is misuse, or an invalid test file', async () => {
    const dir = folder(SAYS_TIME);
    expect((await runCli(['dry-run', 'db.json', '--doc', '-', '--tz', 'Mars/Olympus'], { cwd: dir, stdin: '{}' })).code).toBe(2);
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', timezone: 'Mars/Olympus', cases: [{ name: 'x', doc: {}, expect: { channels: [] } }] }));
    const r = await runCli(['test'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('"timezone" is an IANA time zone');
  });
});

describe('the guest (a client without credentials)', () => {
  const ANN_ONLY = 'function (doc) { requireUser(doc.owner); channel("notes"); }';

  it('writes with the empty name on a real write: requireUser passes only for that name', async () => {
    const dir = folder(ANN_ONLY);
    writeFileSync(path.join(dir, 'db.sgtest.json'), JSON.stringify({ config: 'db.json', cases: [
      { name: 'not ann', doc: { owner: 'ann' }, userCtx: { name: '', channels: ['!'] }, expect: { rejected: { status: 403, message: 'sg wrong user' } } },
      { name: 'the empty name is the guest\'s own', doc: { owner: '' }, userCtx: { name: '', channels: ['!'] }, expect: { rejected: false, channels: ['notes'] } },
    ] }));
    const r = await runCli(['test'], { cwd: dir });
    expect(r.stdout).toContain('2 passed, 0 failed');
    expect(r.code).toBe(0);
  });

  it('the dry-run endpoint refuses an empty name, as the gateway\'s does', async () => {
    const r = await runCli(['dry-run', 'db.json', '--doc', '-', '--user', ''], { cwd: folder(ANN_ONLY), stdin: '{}' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the gateway refuses this request (400): no user name provided');
  });
});
