// One redactor decides how credentials in URLs are masked, wherever a URL is quoted.
import { describe, expect, it } from 'vitest';
import { collectSecrets, redactUrlCredentials, scrub } from '../src/secrets.js';

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
