// Secrets never leave the tool, whatever shape they are written in: in every report format, in messages
// and in code frames.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../src/cli/main.js';

const SECRETS = ['backtick-secret-1', '98765432101', 'validation-secret-2', 'jwk-secret-3', 'query-secret-4', 'api-secret-5', "pa#ss'wo@rd-6"];

const JSON_CONFIG = `{
  "name": "db",
  "password": \`backtick-secret-1\`,
  "bogus1": 1,
  "oidc": { "providers": { "p": {
    "issuer": "https://issuer.example", "client_id": "c", "validation_key": "validation-secret-2",
    "bogus2": 1 } } },
  "local_jwt": { "j": { "issuer": "https://i.example", "client_id": "c", "algorithms": ["RS256"], "keys": [{ "kty": "oct", "k": "jwk-secret-3" }],
    "bogus3": 1 } },
  "sync": "https://functions.example/sync.js?token=query-secret-4",
  "api_key": "api-secret-5",
  "bogus4": 1,
  "username": "sg", "bogus5": 1
}`;

const YAML_CONFIG = `name: db
password: pa#ss'wo@rd-6
bogus: 1
`;

const NUMERIC = `{
  "bootstrap": { "server": "couchbases://cb", "username": "sg", "password": 98765432101 }
}`;

describe('secrets in reports', () => {
  it.each(['stylish', 'json', 'sarif', 'github'])('%s shows none of them', async (format) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgconf-leaks-'));
    writeFileSync(path.join(dir, 'db.json'), JSON_CONFIG);
    writeFileSync(path.join(dir, 'db.yaml'), YAML_CONFIG);
    writeFileSync(path.join(dir, 'sg.json'), NUMERIC);
    let out = '';
    await main(['lint', 'db.json', 'db.yaml', 'sg.json', '--no-remote', '--format', format], { stdout: (t) => { out += t; }, stderr: (t) => { out += t; }, cwd: dir, env: {}, isTTY: false });
    // The report is about these files (not an empty run that trivially shows nothing).
    expect(out).toContain('bogus');
    for (const secret of SECRETS) expect(out, secret).not.toContain(secret);
    expect(readFileSync(path.join(dir, 'db.json'), 'utf8')).toContain('backtick-secret-1');
  });
});
