// One redactor decides how credentials in URLs are masked, wherever a URL is quoted.
import { describe, expect, it } from 'vitest';
import { collectSecrets, isSecretKey, redactUrlCredentials, scrub } from '../src/secrets.js';

describe('redactUrlCredentials', () => {
  const table: [string, string][] = [
    ['couchbase://admin:hunter22@cb1,cb2', 'couchbase://admin:****@cb1,cb2'],
    ['https://ghp_abcdefghijklmnop@github.example.com/x', 'https://****@github.example.com/x'],
    ['http://:secret-only@host:4985/db', 'http://:****@host:4985/db'],
    ['see http://a:b@h1 and https://c:d@h2/p', 'see http://a:****@h1 and https://c:****@h2/p'],
    ['http://host/path@with-at', 'http://host/path@with-at'],
    ['mailto:user@example.com, couchbases://cb', 'mailto:user@example.com, couchbases://cb'],
  ];
  it.each(table)('%s', (input, output) => {
    expect(redactUrlCredentials(input)).toBe(output);
  });
});

describe('collectSecrets and scrub', () => {
  it('finds passwords of secret fields and of URLs, and a long token used as a URL user name', () => {
    const secrets = collectSecrets({ password: 'pw-123', remote: 'https://u:urlpass@h/db', hook: 'https://tok_0123456789abcdef@h/' });
    expect(secrets).toEqual(expect.arrayContaining(['pw-123', 'urlpass', 'tok_0123456789abcdef']));
    expect(scrub('value pw-123 and tok_0123456789abcdef here', secrets)).toBe('value **** and **** here');
  });
  it('does not treat a short user name as a secret', () => {
    expect(collectSecrets({ url: 'http://admin@h/' })).toEqual([]);
  });
});

describe('isSecretKey: secret fields, misspelt ones too, and never a path or an ordinary field', () => {
  const table: [string, boolean][] = [
    ['password', true], ['pasword', true], ['passwrod', true], ['Passwort', true], ['secrte', true], ['api_tokne', true],
    ['accessTokens', true], ['client_credentail', true],
    ['bucket', false], ['server', false], ['secure', false], ['session', false], ['tls_key_path', false],
  ];
  it.each(table)('%s: %s', (name, secret) => {
    expect(isSecretKey(name)).toBe(secret);
  });

  it('a multi-line secret (a YAML block, a backtick string) is masked line by line too', () => {
    const secrets = collectSecrets({ password: 'firstLineSecret\nsecondLineSecret\n' });
    expect(scrub('    secondLineSecret', secrets)).toBe('    ****');
  });
});
